"""A year that dates the measuring of a thing's size is not the year the size is of (issue 9, trial t39 fault 1):
"A sonar survey carried out in 2004 ... found that Lake Orvik is 62 metres deep" and an undated "Lake Orvik is 85
metres deep" on another page disagree, and the report leads with both, not with one at high confidence. A frame of
the thing's own ("In 1950 the tower was 30 metres tall") still dates its size, and a count that changes by year (a
population a census gives) is still of the census's year. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Sonar survey of Lake Orvik", "s2": "Visit Orvik"}
UNDATED = "Lake Orvik is 85 metres deep, which makes it the deepest lake of the plateau."


def _values(claims: list[VerifiedClaim]) -> list[list[str]]:
    return [sorted(v for _i, v in d.values) for d in find_disagreements(claims, TITLES)]


@pytest.mark.parametrize("measured", [
    "A sonar survey carried out in 2004 by the Orvik University limnology group found that Lake Orvik is 62 metres "
    "deep, far less than the guides claim.",
    "Lake Orvik is 62 metres deep, as a study published in 2004 found.",
    "Soundings made in 2004 show that Lake Orvik is 62 metres deep.",
    "Lake Orvik is 62 metres deep by the measurement made in 2004.",
])
def test_a_size_dated_only_by_its_measuring_disputes_an_undated_one(measured: str) -> None:
    assert _values([local_claim("a", "s1", measured), local_claim("b", "s2", UNDATED)]) == [
        ["62 metres", "85 metres"]]


def test_a_size_framed_by_a_year_of_its_own_is_of_that_time() -> None:
    framed = "In 1950 Lake Orvik was 62 metres deep, before the dam raised it."
    assert _values([local_claim("a", "s1", framed), local_claim("b", "s2", UNDATED)]) == []


def test_a_count_of_a_census_year_stays_of_that_year() -> None:
    titles = {"s1": "Orvik census", "s2": "Visit Orvik"}
    claims = [local_claim("a", "s1", "A census carried out in 1990 found that Orvik had 8,300 inhabitants."),
              local_claim("b", "s2", "In 2020 Orvik had 9,900 inhabitants.")]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(claims, titles)] == []


def test_the_report_leads_with_both_depths() -> None:
    claims = [local_claim("a", "s1", "A sonar survey carried out in 2004 by the Orvik University limnology group "
                                     "found that Lake Orvik is 62 metres deep."),
              local_claim("b", "s2", UNDATED)]
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    lead = lead_section(synthesize("How deep is Lake Orvik?", claims, sources).markdown)
    assert lead.startswith("The sources disagree") and "62 metres" in lead and "85 metres" in lead, lead
