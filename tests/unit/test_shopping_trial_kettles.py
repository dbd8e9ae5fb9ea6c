"""A new user's travel-kettle trial (issue 15, trial t27): the time an action takes (a boil time) ranks less-is-better
like a warm-up or charging time, and a travel product's capacity is no better larger unless the question asks for
it, so the slowest, largest, sponsored-promoted kettle does not win (tests/shopping_kettles.py)."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import direction
from services.domain_shopping.offline import Analysis, SourcePage, _better, analyse
from services.domain_shopping.units import kind_of, read_quantity
from tests.shopping_kettles import KETTLES

UNDER_60 = "What's the best travel kettle under $60?"


def pages_of(site: dict[str, str]) -> list[SourcePage]:
    return [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                       html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in site.items()]


def run(question: str, site: dict[str, str] = KETTLES) -> Analysis:
    return analyse(question, pages_of(site), uuid4(), today=date(2026, 12, 1))


def section(result: Analysis, heading: str) -> str:
    return next(s["body"] for s in result.sections if s["heading"] == heading)


def verdict(result: Analysis, label: str) -> str:
    return next(line for line in section(result, "Verdicts").splitlines() if line.startswith(f"- **{label}"))


@pytest.mark.parametrize("attribute", ["boil time", "boiling time", "brewing time", "drying time", "cooking time",
                                       "time to boil", "pitch time", "Kochzeit", "temps de cuisson"])
def test_the_time_an_action_takes_is_better_shorter(attribute: str) -> None:
    assert _better(attribute, read_quantity("4 min"), "Which one is best?") == -1


@pytest.mark.parametrize(("attribute", "way"), [("battery life", 1), ("run time", 1), ("playback time", 1),
                                                ("warranty", 1), ("flight time", 0), ("standby time", 0)])
def test_a_time_the_product_keeps_going_is_never_read_as_an_action_taking_time(attribute: str, way: int) -> None:
    assert _better(attribute, read_quantity("4 h"), "Which one is best?") == way


def test_an_action_word_without_a_time_gives_no_direction() -> None:
    assert _better("boil time", read_quantity("0.5 l"), "Which one is best?") == 0  # not a duration


def test_a_capacity_is_better_larger_except_for_a_travel_product_unless_the_question_asks() -> None:
    litre = kind_of("liter")
    assert direction("capacity", litre, "Which kettle is best?") == 1
    assert direction("capacity", litre, UNDER_60) == 0
    assert direction("capacity", litre, "Which travel kettle has the largest capacity?") == 1
    assert direction("battery capacity", kind_of("milliampere_hour"), "best power bank for travel") == 1


def test_the_fastest_lightest_kettle_wins_over_the_largest_slowest_sponsored_one() -> None:
    result = run(UNDER_60)
    best = verdict(result, "Best overall")
    assert best.startswith("- **Best overall: Fervo Lite**"), best
    assert "the shortest boil time" in best and "capacity" not in best
    assert "Calda Pocket" not in verdict(result, "Runner-up")
    assert "longest boil time" in verdict(result, "Avoid if")
