"""An English question counting what a club or firm owns, answered from a German, French or Spanish page (task
h118, a trial's rowing club): "How many boats does <club> own?" over "Der <club> besitzt 42 Boote" said "Not
established", because the bilingual lexicon (shared.text.crosslang.LEXICON) had neither the counted noun "boat"
(Boot/Boote, bateau, barco) nor the verb "own" (besitzen, posséder, poseer). German "Boot" is also an English word
of another sense, so it holds "boat" only inside a compound ("Ruderboot")."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.crosslang import english_of, expand_query, held_terms
from shared.text.quantity import counted_nouns, counts
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report


@pytest.mark.parametrize(
    ("text", "question", "held"),
    [
        ("Der Linmere Canoe Club besitzt 42 Boote.", "How many boats does the Linmere Canoe Club own?", {"boat"}),
        ("Le club possède 42 bateaux.", "How many boats does the club own?", {"boat"}),
        ("El club posee 42 barcos.", "How many boats does the club own?", {"boat"}),
        ("Der Verein hat 42 Ruderboote.", "How many boats does the club have?", {"boat"}),
        ("Die Reederei besitzt 7 Schiffe.", "How many ships does the line own?", {"ship"}),
        ("Der Verein meldet 12 Mannschaften.", "How many crews does the club enter?", {"crew"}),
    ],
)
def test_a_foreign_page_holds_the_counted_noun_of_an_english_question(text: str, question: str,
                                                                      held: set[str]) -> None:
    assert held_terms(tokenize(text), tokenize(question)) & held == held


def test_own_and_its_foreign_verbs_are_in_the_lexicon() -> None:
    assert all("owned" in english_of(w) for w in ("besitzt", "besaß", "possède", "posee"))


def test_the_german_boot_alone_is_no_boat_for_an_english_page() -> None:
    assert not english_of("boot")
    assert held_terms(tokenize("Put the boot on the left foot."), tokenize("How many boats are there?")) == set()


@pytest.mark.parametrize(
    ("sentence", "question", "found"),
    [
        ("Der Linmere Canoe Club besitzt 42 Boote, darunter zehn Kajaks.", "How many boats does the club own?",
         ["42"]),
        ("Le club possède 42 bateaux.", "How many boats does the club own?", ["42"]),
        ("Der Linmere Canoe Club besitzt 42 Boote.", "How many members does the club have?", []),
    ],
)
def test_a_foreign_count_counts_the_english_noun_asked(sentence: str, question: str, found: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == found


def test_the_local_search_query_carries_the_foreign_boat_words() -> None:
    words = set(expand_query("How many boats does the Linmere Canoe Club own").split())
    assert {"boote", "bateaux", "barcos"} <= words


PAGES = {
    "linmere": ("Linmere Kanuregatta", "Die Linmere Kanuregatta ist eine jährliche Regatta auf dem Fluss Orla. Der "
                                       "Linmere Canoe Club besitzt 42 Boote, darunter zehn Kajaks."),
    "tolland": ("Tolland Mill", "The Tolland Mill is a paper mill on the Orla river. The Tolland Mill was built in "
                                "1851."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_an_english_boat_count_question_is_answered_from_a_german_page() -> None:
    report, gate, answered, total = recorded_report("How many boats does the Linmere Canoe Club own?", CLAIMS,
                                                    SOURCES)
    lead = lead_section(report.markdown)
    assert "42 Boote" in lead and "Not established" not in lead
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered and total > 60
