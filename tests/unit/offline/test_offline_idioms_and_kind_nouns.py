"""Right one-sentence answers are not held back by words that ask no relation: the noun a name gives between "the"
and itself says which thing is asked about ("Who set up the Harl Ridge brewery?": the brewery is Harl Ridge, no
relation a lead must state beside "founded"), and an idiom of a verb and its noun reads as the verb ("open its
doors" is opening: "was opened in 1904" answers it) (issue 9, trial t23 fault F5)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import phrasal_terms, question_terms, relation_terms
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "h": ("Harl Ridge", ["Harl Ridge is a small brewery in the hills above Tamsby.",
                         "Harl Ridge was founded in 1958 by Ada Fenn, a former miller from Orle."]),
    "l": ("Tamsby Public Library", ["The Tamsby Public Library was opened in 1904 by the town council.",
                                    "The library's director is Ole Brand."]),
}


@pytest.mark.parametrize(("question", "terms"), [
    ("Who set up the Harl Ridge brewery?", ["set up"]),
    ("Who designed the Merrow lighthouse?", ["designed"]),
    ("When did the Halvik sink?", ["sink"]),  # the question's own verb stays its relation
    ("In what year was the Fenwick Herring Fair held for the first time?", ["held"]),
    ("In which year did the Tamsby library open its doors?", ["open doors"]),
])
def test_relation_words(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


def test_open_its_doors_is_opening() -> None:
    q = "When did the Tamsby library open its doors?"
    assert phrasal_terms(q) == {"open": "open doors"} and "door" not in question_terms(q)
    assert same_relation("open doors", "opened") and not same_relation("open doors", "founded")


@pytest.mark.parametrize(("question", "answer"), [
    ("Who set up the Harl Ridge brewery?", "Ada Fenn"),
    ("In which year did the Tamsby Public Library open its doors?", "1904"),
])
def test_a_one_sentence_answer_is_not_low(question: str, answer: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert answer in lead.split(".")[0] and not says_not_established(lead), lead
    assert answered and gate.tier != "low", gate
