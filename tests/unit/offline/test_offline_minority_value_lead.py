"""A lead whose answer gives one side of a disagreement the report states (a year, a figure), which fewer sources give
than another side, is outvoted: never high, and the report says it did not establish the answer
(``services.synthesizer.confidence.minority_value``, signal ``minority_value``). The pages are invented."""

from __future__ import annotations

from services.synthesizer.confidence import minority_value
from services.synthesizer.offline import Disagreement
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source, noted_report

SOURCES = {"a": local_source("a", "Tarrowgill Marina"), "b": local_source("b", "Tarrowgill Marina press kit"),
           "c": local_source("c", "Tarrowgill Marina fact sheet")}
FOUNDED_1921 = "The Tarrowgill Marina was founded in 1921 by the shipwright Elspeth Moray and closed in 1979."
CLAIMS = [local_claim("a0", "a", FOUNDED_1921),
          local_claim("a1", "a", "The Tarrowgill Marina is a yacht harbour at the mouth of the Ellan burn."),
          local_claim("b0", "b", "The Tarrowgill Marina was founded in 1974 and opened in 1975 with 120 berths."),
          local_claim("c0", "c", "The Tarrowgill Marina: founded 1974.")]
QUESTION = "Who founded the Tarrowgill Marina?"


def test_a_lead_on_the_minority_side_is_not_established() -> None:
    report, gate = noted_report(QUESTION, CLAIMS, SOURCES)
    # on main: the 1921 sentence led at "high" beside "The sources disagree: 1921 [1]; 1974 [2]; 1974 [3]"
    assert lead_section(report.markdown) == (
        "Not established: the person or group asked for. Related findings, not the answer: The Tarrowgill Marina was "
        "founded in 1921 by the shipwright Elspeth Moray and closed in 1979 [1]."), report.markdown
    assert gate.tier == "low" and gate.signals.get("minority_value") == 1.0, gate.signals


def test_a_lead_on_the_majority_side_stands() -> None:
    claims = [*CLAIMS[:2], local_claim("b0", "b", "The Tarrowgill Marina was founded in 1921 and opened in 1925.")]
    report, gate = noted_report(QUESTION, claims, SOURCES)
    assert lead_section(report.markdown).startswith(FOUNDED_1921[:-1] + " [1]."), report.markdown
    assert "minority_value" not in gate.signals, gate.signals


def test_minority_value_counts_distinct_sources() -> None:
    d = Disagreement("year", [(0, "1921"), (2, "1974"), (3, "1974")])
    assert minority_value(d, CLAIMS, {"a0"})
    assert not minority_value(d, CLAIMS, {"c0"})  # the majority's value
    assert not minority_value(d, CLAIMS, set())  # no lead claim gives a value of it
    # two claims of one page are one source: 1921 (a) against 1974 (a) is a tie, no minority
    one_page = Disagreement("year", [(0, "1921"), (1, "1974")])
    assert not minority_value(one_page, CLAIMS, {"a0"})
