"""Trial t64 Q15 (the pages here are invented): "What is the enrolment of <university>?" led with the university's
postal address ("<university>, <hall>, <street> 4, 4410 <town>, <country>.") at 0.81 medium: the house number and
the postcode were read as counts, so the address "stated" the enrolment asked, and the answer hop's pool had dropped
the other figures. The numbers of a postal address line (``shared.text.quantity.address_number``) are no figure
of anything: such a lead states no answer to a question asking an amount, and never leads over a claim stating
one."""

from __future__ import annotations

import re

import pytest

from shared.report import lead_section
from shared.text.answer import answer_candidates, lead_answer, typed_subject
from shared.text.quantity import address_number
from tests.claim_pages import listed_claims, recorded_report

ADDRESS = "Tarnwick College, Oswin Hall, Lindenweg 7, 5120 Marlsby, Ostrevia."
PAGES: dict[str, tuple[str, list[str]]] = {
    "v": ("Visit Tarnwick College", ["Students from Ostrevia pay 540 EUR per semester.", ADDRESS,
                                     "Guided tours of Oswin Hall start at 14:00 every Wednesday."]),
    "e": ("Tarnwick College", ["Tarnwick College is a public college in Marlsby, Ostrevia.",
                               "Tarnwick College was founded in 1903 by the merchant Edwin Tarn."]),
}
QUESTION = "What is the enrolment of Tarnwick College?"


def _report(extra: dict[str, tuple[str, list[str]]] | None = None) -> tuple[str, str]:
    claims, sources = listed_claims({**PAGES, **(extra or {})})
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    return lead_section(rep.markdown), gate.tier


def _numbers(sentence: str) -> list[str]:
    return [m.group(0) for m in re.finditer(r"\b\d[\d,]*\d\b|\b\d\b", sentence) if address_number(sentence, m.start(), m.end())]


@pytest.mark.parametrize(("sentence", "numbers"), [
    (ADDRESS, ["7", "5120"]),
    ("Tarnwick College, 12 Mill Street, Marlsby MB1 2AB.", ["12"]),
    ("Marlsby 1400, Vessby 900, Orm 300.", []),  # each name's figure: no address
    ("In 2024 Tarnwick College enrolled 9400 students, 2100 of them from abroad, the most ever.", []),
])
def test_address_number(sentence: str, numbers: list[str]) -> None:
    assert _numbers(sentence) == numbers


def test_an_address_states_no_count() -> None:
    assert answer_candidates(ADDRESS, "how_many", QUESTION) == []
    assert lead_answer(QUESTION, f"{ADDRESS[:-1]} [1].").score == 0.0


def test_an_address_never_answers_an_amount_above_low() -> None:
    lead, tier = _report()
    assert tier == "low", (lead, tier)


def test_a_stated_count_leads_over_the_address() -> None:
    report = {"r": ("Tarnwick College Annual Report 2024",
                    ["Tarnwick College has 9,400 students in its four faculties."])}
    lead, _tier = _report(report)
    assert lead.startswith("Tarnwick College has 9,400 students in its four faculties [1]."), lead
    assert "Lindenweg" not in lead, lead


@pytest.mark.parametrize(("question", "name"), [
    (QUESTION, "Tarnwick College"),
    ("What was the population of Marlsby?", "Marlsby"),
    ("What is the latest attendance figure of the Marlsby Fair?", "Marlsby Fair"),
    ("What is the population of the town where Edwin Tarn was born?", None),  # a subject described: no name asked
])
def test_an_attribute_asked_of_a_name_is_a_typed_figure(question: str, name: str | None) -> None:
    assert typed_subject(question) == name


def test_a_first_sentence_stating_no_figure_answers_no_amount() -> None:
    # "What is the enrolment of X?" asks a figure of X directly: the lead's first sentence must state it
    lead = f"{ADDRESS[:-1]} [1]. Tarnwick College: students 8700 [2]."
    assert lead_answer(QUESTION, lead).score == 0.0
    assert lead_answer(QUESTION, "Tarnwick College: students 8700 [2].").score > 0.0
