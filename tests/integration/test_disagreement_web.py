"""Disagreement said out loud, through real runs over loopback pages (real NATS and PostgreSQL, offline engines).

Pages that give different values for one fact (a founding year written in other words; a height) make the report
state each value with its source and say that they disagree; pages that give a value for different years of a
statistic are no contradiction; evidence that disagrees everywhere ends with a report whose confidence is low.
"""

from __future__ import annotations

import re
from typing import Any
from uuid import uuid4

import pytest

from contracts import RunRequested, SourceFetched
from services.cli.research import follow, result, submit
from tests.loopback import Route, serve
from tests.webpages import dated_page

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

HTML = {"Content-Type": "text/html"}


def _section(report: str, heading: str) -> str:
    m = re.search(rf"^## {heading}\n(.*?)(?=^## |\Z)", report, re.M | re.S)
    return m.group(1) if m else ""


async def _run(runtime: Any, question: str, **request: Any) -> tuple[list[Any], dict[str, Any]]:
    run_id = uuid4()
    await submit(runtime, RunRequested(run_id=run_id, question=question, **request))
    events = await follow(runtime, run_id, timeout_s=90)
    assert type(events[-1]).__name__ == "RunCompleted", [type(e).__name__ for e in events]
    return events, result(runtime, run_id)


FOUNDED_A = [
    "Port Vellan is a fishing town on the northern coast of the Lissa peninsula.",
    "The town was founded in 1810 by fishermen who had left the overcrowded harbour of Drennic.",
    "Its harbour wall was finished in 1852 and the lighthouse on the breakwater followed in 1861.",
]
FOUNDED_B = [
    "Port Vellan, established in 1811 according to the parish register, grew around a small natural bay.",
    "The settlement received its market charter in 1843 and a railway station in 1899.",
    "Most of the old fishermen's cottages along the quay are protected buildings today.",
]


async def test_two_pages_giving_different_founding_years_are_said_to_disagree(runtime: Any, stack: Any) -> None:
    routes = {
        "/vellan": Route(200, dated_page("Port Vellan", FOUNDED_A, "2021-03-01"), HTML),
        "/history": Route(200, dated_page("History of Port Vellan", FOUNDED_B, "2022-07-15"), HTML),
    }
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in routes)
        events, res = await _run(runtime, "When was Port Vellan founded?", scope="local", urls=urls,
                                 max_sources=len(urls))
    assert sum(isinstance(e, SourceFetched) for e in events) == 2
    report = res["report"]
    print(report)  # shown with -s
    answer = _section(report, "Answer")
    m = re.search(r"disagree: 1810 \[(\d)\]; 1811 \[(\d)\]", answer)
    assert m and m.group(1) != m.group(2), report
    assert res["confidence"]["tier"] == "low", res["confidence"]


def _census(year: int, people: str) -> bytes:
    return dated_page(f"Port Vellan census {year}", [
        f"In {year} the town of Port Vellan had {people} inhabitants according to the national census office.",
        "The census office counts every household of the town on the same spring day.",
    ], f"{year + 1}-01-15")


async def test_values_for_different_years_are_no_contradiction(runtime: Any, stack: Any) -> None:
    routes = {f"/census/{y}": Route(200, _census(y, n), HTML) for y, n in ((2001, "1,200"), (2011, "1,450"),
                                                                           (2021, "1,610"))}
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in routes)
        events, res = await _run(runtime, "How many inhabitants does Port Vellan have?", scope="local", urls=urls,
                                 max_sources=len(urls))
    report = res["report"]
    print(report)  # shown with -s
    assert res["citations"], report
    assert "disagree" not in report, report
    assert re.search(r"1,(?:200|450|610) inhabitants", _section(report, "Answer")), report


HEIGHTS = ("1,200", "1,450", "1,380", "1,520")


async def test_evidence_that_disagrees_everywhere_is_said_and_never_confident(runtime: Any, stack: Any) -> None:
    routes = {f"/kora/{i}": Route(200, dated_page(f"Mount Kora guide {i}", [
        f"The summit of Mount Kora is {h} m above sea level.",
        "Walkers reach the summit from the village of Kora in about five hours.",
    ], f"202{i}-05-01"), HTML) for i, h in enumerate(HEIGHTS)}
    with serve(routes) as web:
        urls = tuple(web.url(p) for p in routes)
        events, res = await _run(runtime, "How high is the summit of Mount Kora?", scope="local", urls=urls,
                                 max_sources=len(urls))
    report = res["report"]
    print(report)  # shown with -s
    answer = _section(report, "Answer")
    assert answer.strip().startswith("The sources disagree on the height of the summit of Mount Kora:"), report
    for h in HEIGHTS:
        assert re.search(rf"{h} m \[\d\]", answer), (h, report)
    assert res["confidence"]["tier"] == "low", res["confidence"]
    assert not answer.strip().startswith(("Yes", "No"))


async def test_a_heading_glued_to_the_first_paragraph_is_never_part_of_a_claim(runtime: Any, stack: Any) -> None:
    """A page laid out in a table (and one in a block quote) whose <h1> trafilatura runs into the first
    paragraph: no claim opens with the heading."""
    first = "Fishermen from the Lissa peninsula founded the harbour in 1810 after a winter of storms."
    second = "The harbour wall was finished in 1852 and still shelters the fleet from the north wind."
    pages = {
        "/table": (f"<!DOCTYPE html><html><head><title>Port Vellan harbour</title></head><body><table><tr><td>"
                   f"<h1>Port Vellan harbour</h1><p>{first}</p><p>{second}</p></td></tr></table></body></html>"),
        "/quote": (f"<!DOCTYPE html><html><head><title>Harbour notes</title></head><body><blockquote>"
                   f"<div class='title'>Old Vellan Quay</div><div>{first}</div><div>{second}</div></blockquote>"
                   f"</body></html>"),
    }
    with serve({p: Route(200, h.encode(), HTML) for p, h in pages.items()}) as web:
        urls = tuple(web.url(p) for p in pages)
        events, res = await _run(runtime, "When was the harbour of Port Vellan founded?", scope="local", urls=urls,
                                 max_sources=len(urls))
    texts = [c["text"] for c in res["claims"]]
    assert first in texts and second in texts, texts
    assert not any(t.startswith(("Port Vellan harbour", "Old Vellan Quay")) for t in texts), texts
    assert "HarbourFishermen" not in res["report"] and "QuayFishermen" not in res["report"]
