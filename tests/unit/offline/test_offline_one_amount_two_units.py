"""One amount written in two units is one value of a disagreement (issue 15, trial t40 fault 2): sources giving a
bike light's weight as 119 g, 4.2 oz (119.07 g) and 160 g disagree, but the lead listed "119 g [1]; 4.2 oz [2];
160 g [3]" as three values. Now the amounts equal within the precision they are written with are said together,
"119 g [1] ≈ 4.2 oz [2]; 160 g [3]". Invented pages."""

from __future__ import annotations

import re

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Halden Spark 500", "s2": "Halden Spark 500 at Wheelhouse", "s3": "Front lamps tested"}
SOURCES = {sid: local_source(sid, title) for sid, title in TITLES.items()}


def test_one_weight_in_two_units_is_said_as_one_value_of_the_dispute() -> None:
    # (a fourth source's value: two against two others is no majority, two against one is: OUTVOTED_MIN)
    claims = [local_claim("a", "s1", "Halden Spark 500: weight 4.2 oz."),
              local_claim("b", "s2", "Halden Spark 500: weight 119 g."),
              local_claim("c", "s3", "Halden Spark 500: weight 160 g."),
              local_claim("d", "s4", "Halden Spark 500: weight 175 g.")]
    sources = {**SOURCES, "s4": local_source("s4", "Bike lights compared")}
    lead = lead_section(synthesize("How much does the Halden Spark 500 weigh?", claims, sources).markdown)
    assert lead.startswith("The sources disagree: 119 g [1] ≈ 4.2 oz [2]; 160 g [3]; 175 g [4]."), lead


def test_one_run_time_in_two_units_is_said_as_one_value_of_the_dispute() -> None:
    claims = [local_claim("a", "s1", "Halden Spark 500: run time 2.5 hours."),
              local_claim("b", "s2", "Halden Spark 500: run time 150 minutes."),
              local_claim("c", "s3", "Halden Spark 500: measured run time 100 min.")]
    lead = lead_section(synthesize("How long does the Halden Spark 500 run?", claims, SOURCES).markdown)
    assert re.match(r"The sources disagree: 100 min \[\d\]; (150 minutes \[\d\] ≈ 2\.5 hours|2\.5 hours \[\d\] ≈ "
                    r"150 minutes) \[\d\]\.", lead), lead


def test_two_units_and_no_other_value_are_no_dispute() -> None:
    claims = [local_claim("a", "s1", "Halden Spark 500: weight 4.2 oz."),
              local_claim("b", "s2", "Halden Spark 500: weight 119 g.")]
    lead = lead_section(synthesize("How much does the Halden Spark 500 weigh?", claims, SOURCES).markdown)
    assert "disagree" not in lead, lead


def test_lm_and_lumens_are_one_unit() -> None:
    # "1,000 lm" and "1000 lumens" were two kinds of value, so the "lm" source was left out of a dispute on lumens
    claims = [local_claim("a", "s1", "Halden Spark 500: brightness 1,000 lm."),
              local_claim("b", "s2", "Halden Spark 500: brightness 1000 lumens."),
              local_claim("c", "s3", "Halden Spark 500: measured brightness 1200 lumens.")]
    lead = lead_section(synthesize("How bright is the Halden Spark 500?", claims, SOURCES).markdown)
    # (one value of two sources against one other: the majority leads, OUTVOTED_MIN)
    assert lead.startswith("Most sources give 1,000 lm [1][2]; one source says 1200 lumens [3]."), lead
