"""How long a thing runs on one charge is one quantity however a page words it (issue 9/15, trial t40 faults 2 and
9): "run time 180 minutes", "battery life 2 hours", "measured runtime 176 min" and "its battery lasts about three
hours on high" of one lamp disagree, compared in one unit (180 minutes is 3 hours), and a question asking how long it
lasts ("How long does ... last?", "What is the runtime of ...?") is led by that disagreement, never by one on its
weight, which asks nothing of it. "How long does X last / take" asks a duration, no length. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.quantity import asked_quantity
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Halden Spark 500", "s2": "Halden Spark 500 at Wheelhouse", "s3": "Front lamps tested",
          "s4": "Halden Spark 500 vs Orto 9"}
SOURCES = {sid: local_source(sid, title) for sid, title in TITLES.items()}


def _claims() -> list[VerifiedClaim]:
    return [
        local_claim("a", "s1", "Halden Spark 500: weight 4.2 oz."),
        local_claim("b", "s1", "Halden Spark 500: run time 180 minutes."),
        local_claim("c", "s1", "Halden Spark 500: charge time 3 hours."),
        local_claim("d", "s2", "Halden Spark 500: weight 160 g."),
        local_claim("e", "s2", "Halden Spark 500: battery life 2 hours."),
        local_claim("f", "s3", "Halden Spark 500: measured runtime 176 min, weight 119 g, brightness 500 lm."),
        local_claim("g", "s4", "The Halden Spark 500 is lighter at 119 g and its battery lasts about three hours "
                               "on high."),
    ]


@pytest.mark.parametrize("question,kinds", [
    ("How long does the Halden Spark 500 battery actually last on one charge?", ("time",)),
    ("How long did the crossing of the strait take?", ("time",)),
    ("How long is the Orla bridge?", ("length", "time")),  # a length or a duration: unchanged
    ("What is the runtime of the Halden Spark 500 on high?", ("time",)),
])
def test_how_long_a_thing_lasts_asks_a_duration(question: str, kinds: tuple[str, ...]) -> None:
    assert asked_quantity(question) == kinds


def test_run_times_worded_differently_disagree_in_one_unit() -> None:
    disputes = find_disagreements(_claims(), TITLES)
    run_times = [sorted(shown for _i, shown in d.values) for d in disputes if d.kind == "s"]
    assert run_times == [sorted(["180 minutes", "2 hours", "176 min", "three hours"])]


def test_a_charge_time_is_no_run_time() -> None:
    claims = [local_claim("c", "s1", "Halden Spark 500: charge time 3 hours."),
              local_claim("e", "s2", "Halden Spark 500: battery life 2 hours.")]
    assert [d for d in find_disagreements(claims, TITLES) if d.kind == "s"] == []


def test_on_high_is_a_mode_not_a_height() -> None:
    claims = [local_claim("g", "s4", "The Halden Spark 500 is lighter at 119 g and its battery lasts about three "
                                     "hours on high."),
              local_claim("b", "s1", "Halden Spark 500: run time 2 hours.")]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(claims, TITLES)] == [
        ["2 hours", "three hours"]]


@pytest.mark.parametrize("question", [
    "How long does the Halden Spark 500 battery actually last on one charge?",
    "What is the runtime of the Halden Spark 500 on high?",
])
def test_a_run_time_question_leads_with_the_run_times_disputed_not_the_weights(question: str) -> None:
    lead = lead_section(synthesize(question, _claims(), SOURCES).markdown)
    assert lead.startswith("The sources disagree: ")
    disputed = lead.split(".", 1)[0]
    for value in ("2 hours", "176 min", "180 minutes"):
        assert value in disputed
    for weight in ("160 g", "4.2 oz"):
        assert weight not in lead
