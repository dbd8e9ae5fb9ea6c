"""Two scraper processes share one run's fetches: every URL is fetched exactly once, by one of them.

The in-process stack runs every service but the scraper (relay on); two ``assay serve scraper`` children
share the durable pull consumer ``scraper--assay-cmd-fetch-v1``. The loopback server records each request
with its User-Agent (``AssayBot/0.1 (worker <pid>)``), which tells which child fetched which page.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from collections import Counter
from pathlib import Path
from uuid import uuid4

import nats
import pytest
from nats.js.errors import NotFoundError

from contracts import FetchSource, RunCompleted, RunRequested, SourceFailed, SourceFetched
from services.cli.research import follow, submit
from services.cli.stack import SERVICES, Stack
from shared.bus import durable_name
from shared.runtime import Runtime
from shared.settings import ServiceSettings
from tests.conftest import REPO
from tests.integration.children import ServiceProcess
from tests.loopback import Route, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

PARAGRAPHS = REPO / "shared" / "samples" / "hotpotqa" / "paragraphs.json"
PAGES = 12
AGENT = re.compile(r"AssayBot/0\.1 \(worker (\d+)\)")


def _pages() -> dict[str, Route]:
    """``PAGES`` distinct article pages, two sample paragraphs each, answered after a short delay."""
    paragraphs = json.loads(PARAGRAPHS.read_text(encoding="utf-8"))
    routes: dict[str, Route] = {}
    for i in range(PAGES):
        first, second = paragraphs[2 * i], paragraphs[2 * i + 1]
        body = (f"<html><head><title>{html.escape(first['title'])}</title></head><body><article>"
                f"<h1>{html.escape(first['title'])}</h1><p>{html.escape(first['text'])}</p>"
                f"<p>{html.escape(second['text'])}</p></article></body></html>")
        routes[f"/page-{i:02d}.html"] = Route(200, body.encode("utf-8"),
                                              {"Content-Type": "text/html; charset=utf-8"}, delay_s=0.3)
    return routes


async def _wait_for_waiting_pulls(nats_url: str, stream: str, durable: str, want: int, timeout_s: float) -> None:
    """Poll the durable consumer until ``want`` pull requests wait on it (every replica is pulling)."""
    nc = await nats.connect(nats_url)
    try:
        js = nc.jetstream()
        deadline = time.monotonic() + timeout_s
        seen = -1
        while time.monotonic() < deadline:
            try:
                info = await js.consumer_info(stream, durable)
                seen = info.num_waiting or 0
                if seen >= want:
                    return
            except NotFoundError:  # no replica has declared it yet
                pass
            await asyncio.sleep(0.05)
        raise AssertionError(f"consumer {stream}/{durable} had {seen} waiting pulls, not {want}, "
                             f"after {timeout_s:.0f} s")
    finally:
        await nc.close()


async def test_two_scraper_processes_split_a_runs_urls(runtime: Runtime, settings: ServiceSettings,
                                                       tmp_path: Path) -> None:
    children: list[ServiceProcess] = []
    try:
        with serve(_pages()) as web:
            async with Stack(runtime, [s for s in SERVICES if s != "scraper"], relay=True):
                for n in (1, 2):
                    children.append(ServiceProcess("scraper", settings, tmp_path / f"scraper-{n}.log"))
                for child in children:
                    await child.wait_ready(timeout_s=30)
                await _wait_for_waiting_pulls(settings.common.nats_url, settings.common.command_stream,
                                              durable_name("scraper", FetchSource), want=2, timeout_s=15)

                paths = sorted(web.server.routes)
                urls = tuple(web.url(p) for p in paths)
                run_id = uuid4()
                t0 = time.monotonic()
                await submit(runtime, RunRequested(run_id=run_id, question="Who were these people and places?",
                                                   scope="local", max_sources=PAGES, urls=urls))
                events = await follow(runtime, run_id, timeout_s=45)
                elapsed = time.monotonic() - t0

            with web.server.lock:
                agents = list(web.server.agents)
    finally:
        for child in children:
            child.kill()

    logs = "\n".join(f"--- {c.service} {c.pid}\n{c.log(1500)}" for c in children)
    assert isinstance(events[-1], RunCompleted), f"run ended with {type(events[-1]).__name__}: {events[-1]}\n{logs}"
    assert events[-1].status == "complete", f"run completed {events[-1].status}: {events[-1].missing}"
    failed = [e for e in events if isinstance(e, SourceFailed)]
    assert not failed, f"sources failed: {[(e.url, e.reason) for e in failed]}"
    fetched = [e for e in events if isinstance(e, SourceFetched)]
    assert len(fetched) == PAGES, f"{len(fetched)} SourceFetched events, want {PAGES}"
    assert sorted(e.url for e in fetched) == sorted(urls)

    page_hits = Counter(path for path, _ in agents if path in paths)
    assert all(page_hits[p] == 1 for p in paths), f"each page must be requested exactly once: {dict(page_hits)}"

    by_worker: dict[int, list[str]] = {}
    for path, agent in agents:
        if path not in paths:
            continue
        m = AGENT.fullmatch(agent)
        assert m, f"unexpected User-Agent {agent!r} for {path}"
        by_worker.setdefault(int(m.group(1)), []).append(path)
    split = {pid: len(ps) for pid, ps in by_worker.items()}
    pids = {c.pid for c in children}
    assert set(by_worker) <= pids, f"fetches by unknown workers {set(by_worker) - pids}; children {pids}"
    assert len(by_worker) == 2 and all(by_worker.values()), (
        f"both scraper processes must fetch: split {split} (pages per worker pid) over children {sorted(pids)}")
    print(f"run completed in {elapsed:.1f} s; fetches per scraper pid: {split}")
