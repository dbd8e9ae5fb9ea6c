"""Trial t53 q05 (the pages here are invented): "How much does a group of 12 adults pay for entry to X?" is answered
by the price row whose range of group sizes holds 12 ("Groups of 10 or more adults"), and a per-person price gives the
group's total with its arithmetic (``shared.text.groups``, ``services.synthesizer.verdicts.decide_group_price``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.groups import Group, asked_group, group_range_fits, per_head_total
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"v": local_source("v", "Visit | Corrin Ice Rink"), "b": local_source("b", "A night out at Corrin Ice Rink")}
CLAIMS = [
    local_claim("v1", "v", "Corrin Ice Rink: adult ticket price €9.50."),
    local_claim("v2", "v", "Corrin Ice Rink: child (under 14) ticket price €5.00."),
    local_claim("v3", "v", "Corrin Ice Rink: family (2 adults, 2 children) ticket price €26.00."),
    local_claim("v4", "v", "Corrin Ice Rink: groups of 8 or more adults ticket price €7.25 per person."),
    local_claim("v5", "v", "Group bookings must be made two days in advance."),
    local_claim("b1", "b", "Adult entry was €8.00 when we went as a group."),
    local_claim("b2", "b", "Corrin Ice Rink is on Quayside Lane in Harbeck."),
]


def test_a_group_size_and_the_row_it_falls_into() -> None:
    group = asked_group("How much does a group of 9 adults pay for entry to Corrin Ice Rink?")
    assert group == Group(9, "adults", "a group of 9 adults")
    assert asked_group("What do tickets cost for 4 people?") == Group(4, "people", "4 people")
    assert asked_group("What does entry cost for a party of eight?") == Group(8, "", "a party of eight")
    assert asked_group("How much does an adult pay?") is None
    assert group_range_fits("Groups of 8 or more adults: €7.25 per person", group)
    assert group_range_fits("8+ adults: €7.25", group) and group_range_fits("Parties of 5-9 people: €7", group)
    assert group_range_fits("Groups up to 20: €60", group)
    assert not group_range_fits("Child (under 14): €5.00", group)  # an age, not a group's size
    assert not group_range_fits("Groups of 10 or more adults: €7.25 per person", group)
    assert per_head_total("Groups of 8 or more: €7.25 per person", 9) == ("€7.25", "€65.25")
    assert per_head_total("8+ adults: 6,50 € pp", 9) == ("6,50 €", "58,50 €")
    assert per_head_total("Groups up to 20: €60", 9) is None


def test_the_groups_row_leads_with_the_total() -> None:
    question = "How much does a group of 9 adults pay for entry to Corrin Ice Rink?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("For a group of 9 adults: €7.25 per person, 9 × €7.25 = €65.25 [1]. Corrin Ice "
                                   "Rink: groups of 8 or more adults ticket price €7.25 per person [1]."), rep.markdown
    gate = report_gate(question, rep, PAGES, CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate


def test_a_group_too_small_for_the_groups_row_gets_no_group_price() -> None:
    rep = synthesize("How much does a group of 3 adults pay for entry to Corrin Ice Rink?", CLAIMS, PAGES)
    assert "per person, 3 ×" not in rep.markdown and "groups of 8 or more" not in _lead(rep.markdown), rep.markdown
