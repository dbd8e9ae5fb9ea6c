"""A thing a question names in one word and a page in several, or the other way round (issue 9, t41 fault 5):
"asteroid" / "minor planet", "car park" / "parking lot", "cell phone" / "mobile phone" (shared.text.synonyms'
groups with phrases). The question's word is held by the page's phrase written together, and the question's phrase
by the page's word, in the lead's term coverage, a count and the local search's query; a phrase's words apart or
one of them alone name nothing."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.bm25 import BM25Index
from shared.text.quantity import counted_nouns, counts
from shared.text.relations import with_relations
from shared.text.synonyms import named_in_other_words, near_synonyms, phrased_as, same_thing, with_synonym_words
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("asteroid", "minor planet", True),
        ("minor planets", "asteroids", True),
        ("car park", "parking lot", True),
        ("cell phone", "mobile phone", True),
        ("cellphone", "mobile phone", True),
        ("parking lot", "parking garage", False),  # each a car park, not each other
        ("asteroid", "planet", False),
        ("kiln", "furnaces", True),  # the one-word groups as before
    ],
)
def test_a_word_and_a_phrase_name_one_thing(a: str, b: str, same: bool) -> None:
    assert same_thing(a, b) is same


@pytest.mark.parametrize(
    ("text", "question", "held"),
    [
        ("The minor planet 4127 Vessa was discovered there in 1938.", "Which asteroid was discovered there?",
         {"asteroid"}),
        ("The asteroid 4127 Vessa was discovered there in 1938.", "Which minor planet was discovered there?",
         {"minor", "planet"}),
        ("A parking lot lies at the foot of the ridge.", "Is there a car park at the ridge?", {"car", "park"}),
        ("Guests may not use a cell phone in the hall.", "Can I use my mobile phone in the hall?",
         {"mobile", "phone"}),
    ],
)
def test_a_text_holds_the_question_s_word_it_says_in_a_phrase_and_the_other_way(text: str, question: str,
                                                                                  held: set[str]) -> None:
    toks = set(tokenize(text))
    assert not held <= toks
    assert held <= with_relations(toks, tokenize(question), text)


@pytest.mark.parametrize(
    ("text", "question", "term"),
    [
        ("He parked the car in the park by the lot.", "Is there a parking lot?", "parking"),  # words apart
        ("The planet was discovered in 1846.", "Which asteroid was discovered there?", "asteroid"),  # one word
        ("A minor road leads to the planet exhibit.", "Which asteroid is shown?", "asteroid"),
    ],
)
def test_a_phrase_s_words_apart_or_alone_name_nothing(text: str, question: str, term: str) -> None:
    assert term not in with_relations(set(tokenize(text)), tokenize(question), text)


def test_a_term_is_held_by_a_phrase_written_together() -> None:
    text = "the minor-planet Vessa"
    assert named_in_other_words("asteroid", tokenize(text), text)
    assert not named_in_other_words("asteroid", tokenize("a minor part of the planet"), "a minor part of the planet")
    assert near_synonyms("asteroids") == {"asteroid", "minor planet", "planetoid"}


@pytest.mark.parametrize(
    ("sentence", "question", "found"),
    [
        ("The survey found 12 minor planets in 1938.", "How many asteroids did the survey find?", ["12"]),
        ("The solar system has 8 planets.", "How many asteroids does the survey list?", []),
        ("The town has 3 parking lots.", "How many car parks does the town have?", ["3"]),
        ("The town has 3 car parks.", "How many parking lots does the town have?", ["3"]),
    ],
)
def test_a_count_of_the_phrase_counts_the_word_asked(sentence: str, question: str, found: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == found


def test_a_phrase_is_written_as_the_word_asked() -> None:
    assert phrased_as("two minor planets and one minor planet", "asteroid") == "two asteroids and one asteroid"
    assert phrased_as("eight planets", "asteroid") == "eight planets"


def test_the_search_query_finds_a_page_naming_the_thing_in_other_words() -> None:
    pages = ["The minor planet 4127 Vessa was discovered at the Harrowgate Observatory in 1938.",
             "Roman coins were discovered at Harrowgate in 1902."]
    query = with_synonym_words("asteroid discovered Harrowgate")
    assert {"minor", "planet"} <= set(query.split())
    index = BM25Index(pages)
    assert index.scores(query)[0] > index.scores(query)[1]
    assert "car park" in with_synonym_words("parking lot Orla")
    assert with_synonym_words("weather tomorrow") == "weather tomorrow"


PAGES = {
    "harrowgate": ("Harrowgate Observatory", "The Harrowgate Observatory is a small observatory on the Tolland Ridge. "
                                             "The minor planet 4127 Vessa was discovered there in 1938 by Ilse "
                                             "Marten."),
    "crater": ("Tolland Crater", "The Tolland Crater is an asteroid impact crater near the Harrowgate Observatory. "
                                 "It was discovered by geologists in 1965."),
    "ridge": ("Tolland Ridge", "The Tolland Ridge is a limestone ridge north of Brelsau. A parking lot lies at its "
                              "foot."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_a_question_s_word_is_answered_by_a_page_s_phrase() -> None:
    report, gate, answered, total = recorded_report("Which asteroid was discovered at the Harrowgate Observatory?",
                                                    CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert "4127 Vessa" in lead and "impact crater" not in lead
    assert gate.score >= MEDIUM_THRESHOLD and answered and total > 60


@pytest.mark.parametrize("question", ["Is there a parking lot at the Tolland Ridge?",
                                      "Is there a car park at the Tolland Ridge?"])
def test_a_yes_no_question_s_phrase_is_answered_by_the_page_s_other_phrase(question: str) -> None:
    report, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert lead.startswith("Yes") and "parking lot lies" in lead
    assert gate.score >= MEDIUM_THRESHOLD and answered
