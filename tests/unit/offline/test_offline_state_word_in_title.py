"""A yes/no question's state word ("open" of "Is the Kelmor Rope Museum open on Mondays?") is what is asked, never a
word of the name, even where another page's title writes it after the name ("Kelmor Rope Museum opens its 2024
season"): "closed on Mondays" answers No, not Yes (services.synthesizer.verdicts.decide_yes_no; issue 9, trial t46
fault 3, Q8). Invented pages."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "g": ("Visitor guide - Kelmor Rope Museum", ["Kelmor Rope Museum is closed on Mondays, except on public holidays.",
                                                 "Kelmor Rope Museum's admission: adults 7 crowns, children free."]),
    "p": ("Kelmor Rope Museum opens its 2024 season", ["The Kelmor Rope Museum opens its new season on Sunday 5 May."]),
}


@pytest.mark.parametrize(("question", "answer"), [
    ("Is the Kelmor Rope Museum open on Mondays?", "No:"),
    ("Is the Kelmor Rope Museum closed on Mondays?", "Yes:"),
])
def test_the_state_asked_is_read_against_the_claim(question: str, answer: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(answer) and "closed on Mondays" in lead, lead
