"""A period of years is no year of a figure (issue 9, trial t41 fault 3). Two pages giving different counts or
heights of one thing, one of them in a sentence naming a period ("between 1904 and 2022", "from 1904 to 2022",
"1904-2022"), disagree: the period does not make the figures two years' values, nor does the year of the thing's
making in a clause of its own ("The tower, built in 1904, is 42 metres tall") date its height, and the report says
both figures at low confidence instead of one at high. Only two single, different years set figures apart in time.
Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize, without_year_ranges
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Varrow Observatory", "s2": "A history of the Tennet Moor"}


def _values(a: str, b: str, titles: dict[str, str] = TITLES) -> list[list[str]]:
    claims = [local_claim("a", "s1", a), local_claim("b", "s2", b)]
    return [sorted(v for _i, v in d.values) for d in find_disagreements(claims, titles)]


@pytest.mark.parametrize("period", [
    "Between 1904 and 2022 the Varrow Observatory had 57 telescopes.",
    "From 1904 to 2022 the Varrow Observatory had 57 telescopes.",
    "The Varrow Observatory (1904-2022) had 57 telescopes.",
    "The Varrow Observatory, in use from 1904 to 2022, had 57 telescopes.",
])
def test_a_count_of_a_period_disputes_a_count_dated_by_a_single_year(period: str) -> None:
    dated = "The Varrow Observatory, founded in 1904, has 42 telescopes."
    assert _values(dated, period) == [["42 telescopes", "57 telescopes"]]


@pytest.mark.parametrize("period", [
    "The Varrow Observatory tower, in use from 1904 to 2022, is 57 metres tall.",
    "The Varrow Observatory tower, used between 1904 and 2022, is 57 metres tall.",
])
def test_a_height_of_a_period_disputes_one_of_a_thing_built_in_a_year(period: str) -> None:
    built = "The Varrow Observatory tower, built in 1904, is 42 metres tall."
    assert _values(built, period) == [["42 metres", "57 metres"]]


def test_two_single_years_still_make_a_series() -> None:
    assert _values("In 2010 the Varrow Observatory had 42 employees.",
                   "In 2020 the Varrow Observatory had 57 employees.") == []
    assert _values("In 1950 the Varrow Observatory tower was 42 metres tall.",
                   "In 2020 the Varrow Observatory tower was 57 metres tall.") == []


def test_a_period_is_blanked_in_place() -> None:
    text = "The tower, in use from 1904 to 2022, was rebuilt in 1990 (open 1904-22) since 1950."
    blanked = without_year_ranges(text)
    assert len(blanked) == len(text)
    assert "1990" in blanked and not any(y in blanked for y in ("1904", "2022", "-22", "1950")), blanked


def _report(claims: list[VerifiedClaim], titles: dict[str, str], question: str) -> tuple[str, str]:
    sources = {sid: local_source(sid, t) for sid, t in titles.items()}
    rep = synthesize(question, claims, sources)
    return lead_section(rep.markdown), report_gate(question, rep, sources, claims).tier


def test_the_report_on_a_period_page_says_the_counts_disagree_at_low_confidence() -> None:
    claims = [local_claim("a1", "s1", "The Varrow Observatory is an astronomical observatory on the Tennet Moor."),
              local_claim("a2", "s1", "The Varrow Observatory, founded in 1904, has 42 telescopes."),
              local_claim("b1", "s2", "The Tennet Moor lies north of Hallby."),
              local_claim("b2", "s2", "Between 1904 and 2022 the Varrow Observatory had 57 telescopes.")]
    lead, tier = _report(claims, TITLES, "How many telescopes does the Varrow Observatory have?")
    assert lead.startswith("The sources disagree") and "42 telescopes" in lead and "57 telescopes" in lead, lead
    assert tier == "low"
