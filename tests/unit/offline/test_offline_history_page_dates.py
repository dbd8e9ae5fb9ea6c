"""A page's history sentences answer "when" questions about the thing it is about: a line setting another named thing
apart ("The collection is not to be confused with the Harnau Transport Museum") disowns nothing of a question naming
another name (shared.text.terms.disowns), "open to the public" is the relation asked of the name before it
(shared.text.answer.relation_subject), and a question of the past is not led by a sentence dated only relative to a
time it does not give ("opens its new season on Sunday 5 May") but by the sentence naming the asked thing, stating
the relation asked and giving a date (issue 9, trial t46 fault 4: Q2, X3)."""

from __future__ import annotations

import pytest

from shared.text.answer import relation_subject
from shared.text.terms import disowns
from tests.claim_pages import listed_lead

APART = "The collection is not to be confused with the Harnau Transport Museum on the south bank, a separate museum."
PAGES = {
    "history": ("A short history of the Harnau Tram Museum", [
        "The Harnau Tram Museum grew out of a volunteer society.",
        "In March 1987 retired engineer Edith Marrow founded the Harnau Tramway Preservation Society with eleven "
        "other members.",
        "After two years of restoration work, the Harnau Tram Museum opened to the public on 14 May 1989 in the "
        "former Northgate depot.",
        APART]),
    "press": ("Harnau Tram Museum opens its 2024 season", [
        "The Harnau Tram Museum opens its new season on Sunday 5 May with rides on the restored snowplough car."]),
    "guide": ("Visitor guide - Harnau Tram Museum", [
        "The Harnau Tram Museum is closed on Mondays, except on public holidays."]),  # as many of the words
    "rail": ("Electrification of the Harnau tramways", [
        "The first electric route, from the railway station to the harbour, opened on 1 June 1899."]),
}


@pytest.mark.parametrize(("question", "disowned"), [
    ("In what year was the Harnau Tramway Preservation Society founded?", False),  # another name than the object's
    ("When did the Harnau Tram Museum open to the public?", False),
    ("When did the Harnau Transport Museum open?", True),  # the name set apart is the one asked
])
def test_a_line_setting_another_name_apart_disowns_only_that_name(question: str, disowned: bool) -> None:
    assert disowns(APART, question) is disowned


def test_the_relation_asked_with_a_complement_is_of_the_name_before_it() -> None:
    assert relation_subject("When did the Harnau Tram Museum open to the public?") == "Harnau Tram Museum"
    assert relation_subject("When did the Kestrel Bridge open to traffic?") == "Kestrel Bridge"
    assert relation_subject("When did the Harnau Tram Museum open to the Harnau Society?") is None


@pytest.mark.parametrize(("question", "opening"), [
    ("In what year was the Harnau Tramway Preservation Society founded?", "In March 1987 retired engineer"),
    ("When did the Harnau Tram Museum open to the public?", "After two years of restoration work"),
    ("When does the Harnau Tram Museum open its new season?", "The Harnau Tram Museum opens its new season"),
])
def test_the_history_sentence_answers_a_when_question(question: str, opening: str) -> None:
    lead = listed_lead(question, PAGES)
    assert lead.startswith(opening), lead
