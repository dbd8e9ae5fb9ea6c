"""A choice by age between a named thing and one described by what it holds ("Which is older, the Old Vellin Clock
Tower or the building that houses the Vellin Clock Museum?") compares the dates the claims give for each: the
tower's building date and the date of the museum's building ("The workshop building was erected in 1868" on the
museum's page), not the museum's own opening (:func:`services.synthesizer.verdicts.decide_choice`). Issue 9, trial
t51 fault F7."""

from __future__ import annotations

from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

TOWER = ("Old Vellin Clock Tower", [
    "The Old Vellin Clock Tower is a ruined clock tower on the hill above Vellin.",
    "Old Vellin Clock Tower was built in 1802 to designs by the mason Ilario Benti.",
    "The stone tower is 24 metres tall.",
])
MUSEUM = ("Vellin Clock Museum - Wikiloom", [
    "The Vellin Clock Museum is a museum of clockmaking in Vellin.",
    "The Vellin Clock Museum occupies the former Rasetti workshop and was opened to the public on 3 May 1991.",
    "The workshop building was erected in 1868 by the clockmaker Pietro Rasetti.",
    "The Vellin Clock Museum is closed every Monday.",
])


def test_an_option_described_by_what_it_houses_is_dated_by_its_building() -> None:
    claims, sources = listed_claims({"t": TOWER, "m": MUSEUM})
    for question, first in (
            ("Which is older, the Old Vellin Clock Tower or the building that houses the Vellin Clock Museum?", "1802"),
            ("Which is newer, the Old Vellin Clock Tower or the building that houses the Vellin Clock Museum?", "1868"),
            ("Which is older, the Old Vellin Clock Tower or the Vellin Clock Museum's building?", "1802")):
        rep, gate, _answered, _total = recorded_report(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert "Not established" not in lead, (question, lead)
        assert "1802" in lead and "1868" in lead and "1991" not in lead.split(".")[0], (question, lead)
        assert lead.index(first) < lead.index("1868" if first == "1802" else "1802"), (question, lead)
        assert gate.tier != "low", (question, gate.score)
