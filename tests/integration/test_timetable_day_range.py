"""A timetable's day range answers a question asking the times of a day inside it, through real runs over a small
corpus (real NATS and PostgreSQL, offline engines; task h111, a trial's heritage railway, the pages here invented):
"At what times do trains leave <station> on a Wednesday?" is led by the times "Tuesday to Friday" gives, and a
corpus whose times are "Saturday and Sunday only" says "Not established" at low."""

from __future__ import annotations

from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested
from services.cli.research import follow, result, submit
from shared.report import lead_section, says_not_established

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

ABOUT = ("The Quarnley Steam Tramway runs for four miles between Pellow Cross and Ollerby Halt. The line was reopened "
         "by volunteers in 1974.")
WEEKDAYS = "Trains leave Pellow Cross at 10:15, 12:30 and 15:00, Tuesday to Friday."
WEEKEND = "Trains leave Pellow Cross at 11:00 and 14:00, Saturday and Sunday only."
QUESTION = "At what times do trains leave Pellow Cross on a Wednesday?"


async def _run(runtime: Any, corpus: str, docs: dict[str, str]) -> dict[str, Any]:
    for title, text in docs.items():
        runtime.corpus.add(corpus, path=f"{corpus}/{title}.txt", title=title, text=text, content_type="text/plain")
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=QUESTION, scope="local", corpus=corpus))
    events = await follow(runtime, run_id, timeout_s=90)
    assert type(events[-1]).__name__ == "RunCompleted", [type(e).__name__ for e in events]
    res: dict[str, Any] = result(runtime, run_id)
    return res


async def test_the_times_of_a_range_holding_the_day_asked_lead(runtime: Any, stack: Any) -> None:
    res = await _run(runtime, "timetable", {"About the Quarnley Steam Tramway": ABOUT,
                                            "Timetable": f"{WEEKDAYS} {WEEKEND}"})
    lead = lead_section(res["report"]).strip()
    assert lead.startswith(WEEKDAYS[:-1]) and "[1]" in lead, lead
    assert "Saturday and Sunday only" not in lead, lead
    assert not says_not_established(res["report"]), res["report"]
    assert res["scores"]["total"] > 60 and res["confidence"]["tier"] in ("medium", "high"), (
        res["scores"], res["confidence"]["score"])


async def test_times_of_other_days_answer_no_wednesday(runtime: Any, stack: Any) -> None:
    res = await _run(runtime, "weekend", {"About the Quarnley Steam Tramway": ABOUT, "Timetable": WEEKEND})
    assert says_not_established(res["report"]), res["report"]
    assert res["confidence"]["tier"] == "low", res["confidence"]
