"""A decade or a year asked is matched against the periods claims state (task h164, trial t77w q09).

"Who was principal conductor of the <orchestra> in the 1980s?" led with "Period 1946-1971: principal conductor
<B>" although the row "Period 1971-1998: principal conductor <C>" was supported: the decade asked was not read, and
no year inside a range was matched either ("in 1985").
"""

from __future__ import annotations

from services.synthesizer.offline import _asked_spans
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {"a": ("Principal conductors of the Harlow Consort", [
    "Period 1921-1946: principal conductor Edda Markle.",
    "Period 1946-1971: principal conductor Jonas Preel.",
    "Period 1971-1998: principal conductor Wim Castell.",
    "Period 1998-2014: principal conductor Ilse Varga.",
    "Five principal conductors have led the consort since its foundation.",
])}


def _lead(question: str) -> str:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown)


def test_the_decade_asked_is_a_span() -> None:
    assert _asked_spans("Who led it in the 1980s?", frozenset()) == [(1980, 1989)]
    assert _asked_spans("Who led it in 1985?", frozenset({"1985"})) == [(1985, 1985)]
    assert _asked_spans("Who led it?", frozenset()) == []


def test_the_period_covering_the_decade_leads() -> None:
    lead = _lead("Who was principal conductor of the Harlow Consort in the 1980s?")
    assert "Wim Castell" in lead and "Jonas Preel" not in lead and "Edda Markle" not in lead, lead


def test_the_period_covering_the_year_leads() -> None:
    lead = _lead("Who was principal conductor of the Harlow Consort in 1985?")
    assert "Wim Castell" in lead and "Edda Markle" not in lead, lead
