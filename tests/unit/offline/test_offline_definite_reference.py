"""A one-sentence answer referring to the thing asked about by the noun the question gives beside its name ("In 2024
about 9,500 visitors came to the fair" for "... the Orle fair?"), on a page that names it with that noun ("The Orle
fair is held every May"), is about that thing, also in German ("zum Markt" / "Der Markt von Tessin"); the function
words of a question in another language ("viele", "zum") are no relation words. Another page's fair ("The Pellor
fair ...") is no reference to the one asked about (issue 9, trial t23 fault F5)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report


def page(name: str, sentences: list[str]) -> dict[str, tuple[str, list[str]]]:
    return {"p": (name, sentences)}


@pytest.mark.parametrize(("title", "sentences", "question", "answer"), [
    ("Markets of the Arle valley", ["The Orle fair is held every May on the market square.",
                                    "In 2024 about 9,500 visitors came to the fair."],
     "How many visitors came to the Orle fair in 2024?", "9,500"),
    ("Märkte im Arletal", ["Der Markt von Tessin findet jedes Jahr im Mai statt.",
                           "Im Jahr 2024 kamen rund 9.500 Besucher zum Markt."],
     "Wie viele Besucher kamen 2024 zum Markt von Tessin?", "9.500"),
])
def test_a_sentence_naming_the_thing_by_its_noun_answers(title: str, sentences: list[str], question: str,
                                                         answer: str) -> None:
    claims, sources = listed_claims(page(title, sentences))
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert answer in lead and not says_not_established(lead), lead
    assert answered and gate.tier != "low" and gate.signals["f_one_fact"] == 1.0, gate


def test_another_things_noun_is_no_reference() -> None:
    claims, sources = listed_claims(page("Markets of the Arle valley", [
        "The Pellor fair is held every May on the market square.", "In 2024 about 9,500 visitors came to the fair.",
        "The Orle mill was rebuilt in 1911."]))
    rep, gate, _answered, _total = recorded_report("How many visitors came to the Orle fair in 2024?", claims, sources)
    assert gate.signals["f_one_fact"] == 0.0 and gate.tier == "low", (lead_section(rep.markdown), gate)
