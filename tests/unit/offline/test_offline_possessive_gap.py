""""How much more is A's N than B's?", "How much larger is A's N than B's N?" and "By how much does A's N exceed B's?"
ask the difference between two named things' figures of N, as "how much more N does A have than B" does: the lead
states both figures and their difference ("The Harlen Opera's annual budget is €17.2 million more than the Harlen
Opera Studio's: €21.5 million [1] against €4.3 million [2].") (``services.synthesizer.verdicts.decide_gap``,
``gap_sentence``, ``services.synthesizer.offline.synthesize``), on invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_gap, gap_sentence
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "op": ("Harlen Opera", [
        "The Harlen Opera is the opera company of the port town of Dewick.",
        "The Harlen Opera was founded in 1902 and gives 140 performances a season.",
        "The annual budget of the Harlen Opera is €21.5 million."]),
    "st": ("Harlen Opera Studio", [
        "The Harlen Opera Studio trains 24 young singers every year.",
        "The Harlen Opera Studio has an annual budget of €4.3 million."]),
}
CLAIMS, SOURCES = listed_claims(PAGES)
TITLES = {sid: title for sid, (title, _texts) in PAGES.items()}
TEXTS = [c.text for c in CLAIMS]
CLAIM_TITLES = [TITLES[c.source_id] for c in CLAIMS]

QUESTIONS = [
    "How much more is the Harlen Opera's annual budget than the Harlen Opera Studio's?",
    "How much larger is the Harlen Opera's annual budget than the Harlen Opera Studio's annual budget?",
    "By how much does the Harlen Opera's annual budget exceed the Harlen Opera Studio's?",
]


@pytest.mark.parametrize("question", QUESTIONS)
def test_how_much_more_is_a_possessed_figure_than_anothers_is_their_difference(question: str) -> None:
    gap = decide_gap(question, TEXTS, CLAIM_TITLES, list(range(len(TEXTS))))
    assert gap is not None and gap.values == ("€21.5 million",) and gap.other_value == "€4.3 million", gap
    assert gap_sentence(gap, ["[1]"], "[2]") == (
        "The Harlen Opera's annual budget is €17.2 million more than the Harlen Opera Studio's: €21.5 million [1] "
        "against €4.3 million [2].")
    lead = lead_section(synthesize(question, CLAIMS, SOURCES).markdown)
    assert lead.startswith("The Harlen Opera's annual budget is €17.2 million more than the Harlen Opera Studio's"), \
        lead


def test_the_other_way_round_is_less() -> None:
    question = "How much more is the Harlen Opera Studio's annual budget than the Harlen Opera's?"
    gap = decide_gap(question, TEXTS, CLAIM_TITLES, list(range(len(TEXTS))))
    assert gap is not None
    assert gap_sentence(gap, ["[2]"], "[1]").startswith(
        "The Harlen Opera Studio's annual budget is €17.2 million less than the Harlen Opera's")


def test_a_figure_beside_the_noun_in_another_clause_is_not_its_figure() -> None:
    texts = ["Harlen Opera: founded 1902, venue Quay Hall (1,210 seats), annual budget €21.5 million.",
             "Harlen Opera Studio: founded 1991, venue Loft Stage (180 seats), annual budget €4.3 million."]
    titles = ["Compare Harlen companies", "Compare Harlen companies"]
    gap = decide_gap(QUESTIONS[0], texts, titles, [0, 1])
    assert gap is not None and gap.values == ("€21.5 million",) and gap.other_value == "€4.3 million", gap
