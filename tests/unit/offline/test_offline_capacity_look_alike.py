"""Trial t61 F5 follow-up (the pages here are invented): "What is the seating capacity of <hall>?" was led right by
"... with 1,150 seats" but at 0.30 low, as the lead held no word "seating" of the question
(``shared.text.quantity.states_asked`` gave the count's nouns and "capacity" only): a count of what the place holds
says the question's "seating capacity" / "visitor capacity". Probing that with an "Old X" look-alike as the only
page ("The Old Brannock Hall had 900 seats before it burned down in 1950.") showed "How many seats does Brannock
Hall have?" led by it at 0.94 high on main: the gate read a longer name built on the asked one as another thing only
when the run wrote the asked name alone somewhere; the question writing it alone now counts too
(``services.synthesizer.confidence.chain_features``), so such a lead is "Not established" at low."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.quantity import states_asked
from tests.claim_pages import listed_claims, recorded_report

HALL = "Brannock Hall has 640 seats."
OWN = {"b": ("Brannock Hall", ["Brannock Hall is a concert hall in the port town of Velsing.", HALL,
                               "Brannock Hall was converted from a rope store in 1993."])}
OLD = {"o": ("Old halls of Velsing", ["The Old Brannock Hall had 900 seats before it burned down in 1950.",
                                      "Velsing had many music halls."])}


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


@pytest.mark.parametrize("question", ["What is the seating capacity of Brannock Hall?",
                                      "What is the visitor capacity of Brannock Hall?"])
def test_a_count_held_answers_the_capacity_asked_above_low(question: str) -> None:
    lead, tier = _report(question, OWN)
    assert lead == f"{HALL[:-1]} [1].", lead
    assert tier != "low", tier


def test_a_count_held_says_the_capacity_words() -> None:
    assert {"seating", "capacity"} <= set(states_asked("What is the seating capacity of Brannock Hall?", HALL))
    assert "seating" not in states_asked("What is the seating capacity of Brannock Hall?",
                                         "A record 52,300 people attended the jazz days, queuing outside Brannock Hall.")


@pytest.mark.parametrize("question", ["How many seats does Brannock Hall have?",
                                      "What is the seating capacity of Brannock Hall?"])
def test_an_old_look_alike_alone_is_not_established_at_low(question: str) -> None:
    lead, tier = _report(question, OLD)
    assert lead.startswith("Not established:"), lead
    assert tier == "low", tier


def test_the_asked_hall_beside_its_old_look_alike_leads() -> None:
    lead, tier = _report("How many seats does Brannock Hall have?", {**OWN, **OLD})
    assert (lead, tier) == (f"{HALL[:-1]} [1].", "high")
