"""A price question naming the act paid for by the verb after "pay to" ("How much does an adult pay to land on X?")
is led by a price of that act (a "landing fee", "paid £7 each to land") or a row of a price table, never by prose
pricing another thing (a ferry crossing's "return ticket"), and the gate gives such a price no answer above low
(task h109, trial t66) (``shared.text.answer.paid_act``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import cost_purpose, paid_act
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "How much does an adult pay to land on Tarsk Island?"
FERRY = "The crossing takes 40 minutes and a return ticket costs £21 for adults."
VISIT = ("Plan your visit | Tarsk Island Seal Reserve", [
    "Landing fees are paid at the visitor centre before boarding.",
    "Boats to Tarsk are run by Orm Boats from Vennick harbour.",
    FERRY])


@pytest.mark.parametrize(("question", "act"), [
    (QUESTION, "land"),
    ("What do children pay to enter the Orsk Lantern Museum?", "enter"),
    ("How much do visitors pay to the Orsk council?", None),  # whom one pays, no act
    ("How much does a ticket cost?", None),
])
def test_the_act_paid_for(question: str, act: str | None) -> None:
    assert paid_act(question) == act
    assert cost_purpose(question) is None  # no cost of an act like a restoration


def test_a_price_of_another_thing_does_not_lead() -> None:
    claims, sources = listed_claims({"visit": VISIT, "blog": ("A seal day trip to Tarsk", [
        "We paid £7 each to land, and the kids paid £3.50."])})
    report, gate, _answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Not established: the amount of money asked for. Related findings, not the answer: "
                           "We paid £7 each to land, and the kids paid £3.50 [1]."), lead
    assert gate.tier == "low" and total < 60, (gate.tier, total)


def test_a_lead_pricing_only_another_thing_is_not_established() -> None:
    claims, sources = listed_claims({"visit": VISIT})
    report, gate, _answered, total = recorded_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("Not established"), report.markdown
    assert gate.tier == "low" and total < 60, (gate.tier, total)


def test_a_row_of_a_price_table_still_leads() -> None:
    claims, sources = listed_claims({"visit": (VISIT[0], ["Ticket Adult: price £7.00.", "Ticket Child (5-15): "
                                                                                        "price £3.50.", *VISIT[1]])})
    report, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("Ticket Adult: price £7.00 [1]."), report.markdown


def test_a_price_of_the_act_leads() -> None:
    claims, sources = listed_claims({"visit": VISIT, "faq": ("Tarsk Island FAQ", [
        "Adults pay £7 to land on Tarsk Island."])})
    report, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("Adults pay £7 to land on Tarsk Island [1]."), report.markdown
    assert gate.tier == "high", gate.tier
