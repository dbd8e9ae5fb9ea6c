"""A new user's cordless-drill trial (issue 15, trial t43 fault 3): a torque in newton metres is a quantity of its
own (never an energy's watt-hours), better higher, so the attribute all three drills give ranks; a sponsored post's
higher torque for its sponsor's drill does not stand beside the maker's figure (tests/shopping_drills_t43.py)."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import lookup
from services.domain_shopping.offline import Analysis, SourcePage, analyse
from services.domain_shopping.pages import reviewer_pick
from services.domain_shopping.units import TORQUE, kind_of, read_quantity, same_amount
from tests.shopping_drills_t43 import DRILLS

DIY = "What is the best cordless drill under $200 for home DIY?"


def run(question: str) -> Analysis:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in DRILLS.items()]
    return analyse(question, pages, uuid4(), today=date(2026, 12, 1))


def section(result: Analysis, heading: str) -> str:
    body: str = next(s["body"] for s in result.sections if s["heading"] == heading)
    return body


def test_newton_metres_are_a_torque_never_an_energy_and_nanometres_stay_a_length() -> None:
    torque, energy = read_quantity("65 Nm"), read_quantity("65 Wh")
    assert torque is not None and energy is not None
    assert (torque.kind, torque.symbol, torque.amount) == (TORQUE, "Nm", 65.0)
    assert torque.kind != energy.kind and not same_amount(torque, read_quantity("0.018 Wh") or energy)
    nano = read_quantity("450 nm")
    assert nano is not None and nano.kind == kind_of("millimeter")
    known = lookup("Max torque", TORQUE)
    assert known is not None and known.better == 1 and lookup("Battery", TORQUE) is None


def test_the_attribute_every_drill_gives_ranks_and_the_sponsored_torque_decides_nothing() -> None:
    result = run(DIY)
    verdicts = section(result, "Verdicts").splitlines()
    best = verdicts[0]  # the independent test's pick for the use asked leads, its figures beside it
    assert "Brakka PowerDrive 20" in best and "maximum torque 65 Nm" in best
    runner_up = next(line for line in verdicts if line.startswith("- **Runner-up"))
    assert "attributes compared for the most products (maximum torque" in runner_up
    assert "Torvik D18 Compact" in runner_up and "55 Nm" in runner_up and "least favourable is ranked" in runner_up


def test_an_independent_tests_best_for_the_use_asked_is_read_as_its_pick() -> None:
    verdicts = section(run(DIY), "Verdicts")
    assert "- **Best for home DIY: Brakka PowerDrive 20** — recommended for it by an independent reviewer" in verdicts
    assert "is the best cordless drill under $200 for home DIY" in verdicts
    assert "no independent source recommends" not in verdicts


@pytest.mark.parametrize(("sentence", "pick"), [
    ("Verdict: the Brakka PowerDrive 20 is the best cordless drill under $200 for home DIY.", True),
    ("The Fervo Lite is the best travel kettle we tested.", True),
    ("The best part of the Fervo Lite is its lid.", False),
    ("The Fervo Lite is the best known kettle in Europe.", False),
    ("Which is the best cordless drill for home DIY?", False),
])
def test_a_reviewers_the_best_x_for_or_under_is_a_pick(sentence: str, pick: bool) -> None:
    assert (reviewer_pick(sentence) is not None) is pick
