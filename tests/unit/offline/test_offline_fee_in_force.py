"""A fee in force from a year now begun is the current fee (task h93, trial t64 Q12 and Q17): "How much is the
current tuition fee for non-EU students at X?" and "What do students from outside the EU currently pay per semester
at X?" were "Not established" (0.06 and 0.03 low) although a dated news page said X "will raise the tuition fee ...
from A to B per semester from the autumn semester <year>" and the official page "From the autumn semester <year>,
students ... pay B per semester": the question asking the current figure dated each figure by its newest year, so an
undated figure (another group's fee) or an amount of another thing dated a year later (a renovation's cost) took the
lead (``services.synthesizer.offline.asked_time_lead``, :func:`~services.synthesizer.offline.in_force_since`)."""

from __future__ import annotations

from datetime import date

import pytest

from services.synthesizer.offline import in_force_since
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

SCHOOL = "Dorrenfeld Institute of Design"
RAISE = (f"{SCHOOL} will raise the tuition fee for students from outside the EU from 1,700 EUR to 2,150 EUR per "
         "semester from the spring semester 2021, the board decided on Monday.")
PAGES = {
    "news": (f"{SCHOOL} raises fees for international students", [
        RAISE,
        "Fees for students from Ostmark and the EU stay at 410 EUR per semester."]),
    "official": (f"Study at {SCHOOL}", [
        "Workshops in the Keller Wing open at 09:00 every weekday.",
        "From the spring semester 2021, students from outside the EU pay a tuition fee of 2,150 EUR per semester.",
        "Students from Ostmark and the EU pay 410 EUR per semester."]),
    "annual": (f"{SCHOOL} Annual Report 2020", [
        "The rebuilding of the Keller Wing will begin in 2022 and is expected to cost 17 million EUR."]),
}


@pytest.mark.parametrize(("text", "year"), [
    ("From the spring semester 2021, students pay 2,150 EUR per semester.", 2021),
    (RAISE, 2021),
    ("As of 1 March 2019 the fee is 300 EUR.", 2019),
    ("She was dean from 2015 to 2019.", None),  # a period that ended
    ("In 2021 the fee was 300 EUR.", None),  # a year, no start of validity
    ("From 2031 the fee will be 900 EUR.", None),  # not yet begun
])
def test_in_force_since(text: str, year: int | None) -> None:
    assert in_force_since(text, date(2026, 6, 1)) == year


@pytest.mark.parametrize(("question", "tiers"), [
    # "non-EU" is not read as "outside the EU" (no rule for a prefixed group yet): the right lead stays low here
    (f"How much is the current tuition fee for non-EU students at the {SCHOOL}?", {"low", "medium", "high"}),
    (f"What do students from outside the EU currently pay per semester at the {SCHOOL}?", {"medium", "high"}),
])
def test_the_fee_in_force_leads(question: str, tiers: set[str]) -> None:
    claims, sources = listed_claims(PAGES)
    sources["news"] = sources["news"].model_copy(update={"published": "2020-11-09"})
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead == f"{RAISE[:-1]} [1] (2020-11-09).", lead
    assert gate.tier in tiers, (gate.score, gate.signals)
