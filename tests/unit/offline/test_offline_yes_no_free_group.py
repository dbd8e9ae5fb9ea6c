"""A yes/no question whether a group pays ("Do children under six have to pay to enter the Vellin Clock Museum?")
is settled by the claim about that group: "Children under six go free" (or "... are admitted free of charge",
"There is no charge for ...") answers No; a claim about another age band ("Children from six to sixteen pay four
euros") settles nothing about children under six (:func:`services.synthesizer.verdicts.age_band`). Issue 9, trial
t51 fault F2."""

from __future__ import annotations

import math

import pytest

from services.synthesizer.verdicts import age_band
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Do children under six have to pay to enter the Vellin Clock Museum?"


def faq(free: str) -> dict[str, tuple[str, list[str]]]:
    return {"f": ("Vellin Clock Museum - Frequently asked questions", [
        "The museum opens six days a week.",
        "Grown-ups pay eight euros.",
        "Children from six to sixteen pay three euros.",
        free,
        "We are closed every Monday.",
    ])}


def test_age_band_reads_the_group_asked_and_the_group_a_claim_is_about() -> None:
    assert age_band(QUESTION) == (0, 6)
    assert age_band("Children from six to sixteen pay three euros.") == (6, 16)
    assert age_band("Children under 6 go free.") == (0, 6)
    assert age_band("Visitors aged 6-16 pay 3 euros.") == (6, 16)
    assert age_band("Seniors 65 and over pay five euros.") == (65, math.inf)
    assert age_band("Grown-ups pay eight euros.") is None


@pytest.mark.parametrize("free", ["Children under six go free.",
                                  "Children under six are admitted free of charge.",
                                  "There is no charge for children under six."])
def test_free_answers_have_to_pay_with_no_and_another_age_band_settles_nothing(free: str) -> None:
    claims, sources = listed_claims(faq(free))
    rep, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("No:"), lead
    assert free.rstrip(".") in lead and "sixteen" not in lead


def test_a_paying_group_answers_yes() -> None:
    claims, sources = listed_claims(faq("Children under six go free."))
    rep, _gate, _answered, _total = recorded_report(
        "Do children from six to sixteen have to pay to enter the Vellin Clock Museum?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes:") and "three euros" in lead, lead
