"""Review rev60 finding 4 (the pages here are invented): "When was X first held?" was led at high by a first that never
took place ("A first edition was planned for 1985 but never took place"), by another named event's first ("The first
Orlen Harp Days took place in 1975") and by a first of a role's holder ("The festival's first director retired in
2003" read as a first occurrence). A first occurrence is of the asked thing and takes place: its verb is one of an
event taking place, not of a role's holder, and nothing says it never happened or was only planned, announced,
postponed or cancelled (``services.synthesizer.offline.states_first_occurrence``, ``dates_no_first``); a lead dating
no first of the thing is capped low (``services.synthesizer.confidence.report_gate``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import dates_no_first, states_first_occurrence
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source, noted_report

QUESTION = "When was the Wexholm Kite Festival first held?"
PAGES = {"w": local_source("w", "Wexholm Kite Festival"),
         "n": local_source("n", "Wexholm Kite Festival 2023: closing report")}
BASE = [("w", "The Wexholm Kite Festival is a kite festival on the dunes of Wexholm."),
        ("w", "The Wexholm Kite Festival draws about 6,500 visitors.")]


def _report(extra: str) -> tuple[str, str]:
    claims = [local_claim(f"c{i}", sid, t) for i, (sid, t) in enumerate([*BASE, ("w", extra)])]
    report, gate = noted_report(QUESTION, claims, PAGES)
    return lead_section(report.markdown), gate.tier


@pytest.mark.parametrize(
    "extra",
    [
        "A first edition was planned for 1992 but never took place.",
        "The first Sorrel Kite Days took place in 1971 on a nearby beach.",
        "The first Sorrel Kite Days, a rival of the Wexholm Kite Festival, took place in 1971.",
        "The first edition was postponed in 1992 and finally held in 1994.",
        "A first edition was planned for 1992 but was never held.",
        "The first Sorrel Kite Days was held in 1971 on a nearby beach.",
    ],
)
def test_a_first_never_held_or_of_another_event_never_leads_confidently(extra: str) -> None:
    lead, tier = _report(extra)
    assert lead.startswith("Not established: the date asked for."), lead
    assert tier == "low"


def test_a_first_held_of_the_thing_still_leads() -> None:
    lead, tier = _report("The Wexholm Kite Festival was first held in 1983.")
    assert lead == "The Wexholm Kite Festival was first held in 1983 [1].", lead
    assert tier == "high"


def test_first_occurrence_shapes() -> None:
    assert states_first_occurrence("The first edition took place in May 1983 with 20 kites.")
    assert states_first_occurrence("The inaugural meeting was held in 1983.")
    assert states_first_occurrence("It was staged for the first time in 1983.")
    assert not states_first_occurrence("The festival's first director retired in 2006.")
    assert not states_first_occurrence("The first edition was cancelled in 1991 because of storms.")
    assert not states_first_occurrence("The first edition, announced in 1991, was called off.")
    assert not states_first_occurrence("In 2012 the festival was filmed for the first time.")
    names = ["Wexholm Kite Festival"]
    assert dates_no_first("The first Sorrel Kite Days took place in 1971.", names)
    assert not dates_no_first("The first Wexholm Kite Festival took place in 1983.", names)
    assert not dates_no_first("The first edition took place in 1983.", names)
    assert not dates_no_first("It was first held on the first Sunday of June 1983.", names)
    assert not dates_no_first("It was first held in 1983, not 1984 as often said.", names)
