"""A yes/no question asked in the user's own words is decided by the claim that states or denies its relation in
other words (issue 9, trial t30 fault 2): "sleep at" is answered by "overnight stays" or a place's beds (one
relation, lodging), "open" by "locked" (its opposite), and a claim stating the opposite plainly stays a "No" however
many other denial words it holds ("locked, and there is no winter room": no double negative).
"""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import states_predicate
from shared.report import lead_section
from shared.text.relations import same_relation
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "refuge": ("Ulmhorn Refuge", "The Ulmhorn Refuge is a stone shelter on the Ulmhorn ridge, built in 1931. "
               "In winter the Ulmhorn Refuge is locked and no overnight stays are possible. "
               "In summer the Ulmhorn Refuge offers 14 beds to walkers."),
    "lake": ("Ulm Lake", "Ulm Lake is a glacial lake below the Ulmhorn ridge. Anglers fish it from June to "
             "September."),
}


def _lead(question: str) -> str:
    _, _, sources, claims = page_set(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown).strip()


@pytest.mark.parametrize(("a", "b"), [("sleep", "overnight"), ("sleeps", "beds"), ("slept", "accommodation"),
                                      ("sleep", "bunks")])
def test_sleeping_and_a_place_to_sleep_are_one_relation(a: str, b: str) -> None:
    assert same_relation(a, b) and not same_relation(a, "founded")


@pytest.mark.parametrize(("question", "opening"), [
    ("Can I sleep at the Ulmhorn Refuge in winter?", "No: "),
    ("Is the Ulmhorn Refuge open in winter?", "No: "),
    ("Can I sleep at the Ulmhorn Refuge in summer?", "Yes: "),
])
def test_a_yes_no_in_other_words_is_decided(question: str, opening: str) -> None:
    lead = _lead(question)
    assert lead.startswith(opening), lead


def test_a_plain_opposite_is_a_no_and_a_denied_opposite_a_yes() -> None:
    question = "Is the Sorn Ferry open in winter?"
    assert states_predicate(question, "The Sorn Ferry is locked in winter and there is no winter timetable.")
    _, _, sources, claims = page_set({"f": ("Sorn Ferry", "The Sorn Ferry is a cable ferry on the Sorn. The Sorn Ferry "
                                            "is locked in winter and there is no winter timetable.")})
    rep, _g, _a, _t = recorded_report(question, claims, sources)
    assert lead_section(rep.markdown).strip().startswith("No: "), rep.markdown
    _, _, sources, claims = page_set({"f": ("Sorn Ferry", "The Sorn Ferry is a cable ferry on the Sorn. The Sorn Ferry "
                                            "is not closed in winter.")})
    rep, _g, _a, _t = recorded_report(question, claims, sources)
    assert lead_section(rep.markdown).strip().startswith("Yes: "), rep.markdown
