"""A question opening "May I / we / one ...?" asks leave, as "Can I ...?" does (task h35, found by task h24): the
opening "May" before a subject pronoun is the modal, never a name (the month) nor a term a page must state, so the
question has the subject and the answer of its "Can" wording. The month keeps its reading. Invented names only."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import question_names
from shared.report import lead_section
from shared.text.synonyms import opens_with_modal_may, said_plainly
from shared.text.terms import find_entities
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "orch": ("Fenwick Orchard", "The Fenwick Orchard is a community orchard on the edge of Holbury. "
             "Bicycles are not allowed in the Fenwick Orchard; visitors leave them at the racks by the gate. "
             "Picnics are welcome in the Fenwick Orchard. The Fenwick Orchard has 212 apple trees."),
    "lane": ("Holbury Lane", "Holbury Lane is a bridleway past the Fenwick Orchard gate."),
}


def _lead(question: str) -> str:
    _, _, sources, claims = page_set(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown).strip()


@pytest.mark.parametrize("question", ["May I bring a bicycle into the Fenwick Orchard?",
                                      "May we picnic in the Fenwick Orchard?",
                                      "May one bring a bicycle into the Fenwick Orchard?"])
def test_an_opening_may_before_a_pronoun_is_no_name(question: str) -> None:
    assert opens_with_modal_may(question)
    assert find_entities(question) == ["Fenwick Orchard"]
    assert question_names(question) == ("Fenwick Orchard",)
    assert said_plainly(question) == said_plainly(question.replace("May", "Can", 1))
    assert "may" not in said_plainly(question).casefold().split()


@pytest.mark.parametrize(("text", "names"), [
    ("May 1990 was the wettest month at the Fenwick Orchard.", ["May 1990", "Fenwick Orchard"]),
    ("Is the Fenwick Orchard open in May?", ["Fenwick Orchard", "May"]),
    ("May Holloway planted the Fenwick Orchard.", ["May Holloway", "Fenwick Orchard"]),
])
def test_the_month_and_a_given_name_stay_names(text: str, names: list[str]) -> None:
    assert not opens_with_modal_may(text)
    assert find_entities(text) == names


@pytest.mark.parametrize(("may", "can", "lead"), [
    ("May I bring a bicycle into the Fenwick Orchard?", "Can I bring a bicycle into the Fenwick Orchard?",
     "No: Bicycles are not allowed in the Fenwick Orchard; visitors leave them at the racks by the gate [1]."),
    ("May we picnic in the Fenwick Orchard?", "Can we picnic in the Fenwick Orchard?",
     "Yes: Picnics are welcome in the Fenwick Orchard [1]."),
    ("May I picnic in the Fenwick Orchard?", "Can I picnic in the Fenwick Orchard?",
     "Yes: Picnics are welcome in the Fenwick Orchard [1]."),
])
def test_may_is_answered_as_can(may: str, can: str, lead: str) -> None:
    assert _lead(can) == lead
    assert _lead(may) == lead
