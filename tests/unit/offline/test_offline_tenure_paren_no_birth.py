"""Re-check of trial t77w q14 on the stop's code: "Which is older, the <Orchestra> or the <Youth Orchestra>?" read
a conductor's tenure ("<Orchestra>: chief conductor <person> (since 2014)") as the orchestra's start, and said the
younger one older at high. A parenthesis opening with "since / from / until" after a name dates a tenure, never a
life or a founding. Invented names."""

from __future__ import annotations

from services.synthesizer.verdicts import _event_date


def test_a_tenure_parenthesis_dates_no_birth() -> None:
    assert _event_date("Orla Sinfonia: chief conductor Ada Lenz (since 2014).", ("born", "birth")) is None
    assert _event_date("Orla Sinfonia: chief conductor Ada Lenz (from 2014).", ("born", "birth")) is None


def test_a_life_span_parenthesis_still_dates_a_birth() -> None:
    got = _event_date("Ada Lenz (4 May 1961 - 2020) was a conductor.", ("born", "birth"))
    assert got is not None and got[1].endswith("1961")
