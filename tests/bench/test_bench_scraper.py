"""Benchmark: pages per second fetched and extracted by ``services.scraper.fetch.Scraper`` at concurrency 1, 4 and 16
against a loopback page server, and the share of pages rendered in Chromium.

Run with ``make bench`` (``pytest tests/bench -s -q``); not part of ``make test``. Figures are printed and
written to ``.assay/bench/scraper.json`` (ignored by git). Only sanity facts are asserted (every page fetched,
the script-built pages rendered when Chromium is present), never speed.

What is measured
- The page server (``tests.loopback``, a threaded ``http.server`` on 127.0.0.1) serves the 22 saved pages of
  ``shared/data/web_pages/readability_testpages`` as they are, plus ``JS_PAGES`` client-side-rendered
  versions of some of them (an empty shell whose script fetches the article as JSON and builds the DOM).
- One round = every page once, in a shuffled order (same seed at every level), ``concurrency`` fetches in
  flight (an ``asyncio.Semaphore``). Each level runs ``ROUNDS`` rounds with a fresh ``Scraper`` (so robots.txt
  is fetched once per level, as a new process would) and its own browser, launched and warmed up on one
  page before the timed rounds (a scraper process keeps one browser).
- All pages are on one host, so the per-host cap is raised to the concurrency for the main rows; one more
  row runs at concurrency 16 with the default cap (2 per host) to show what the politeness cap costs.
- A page's time runs from the start of its fetch (robots check, download, parse, render when needed) to
  its extracted text; pages/s = pages / wall time of the round. Browser pages at once: ``min(concurrency, 4)``.
- For the script-built pages, token F1 of the rendered text against the page's expected content is also
  reported (rendering must recover the text, not only run).

Knobs: ``ASSAY_BENCH_SCRAPER_ROUNDS`` (default 3), ``ASSAY_BENCH_SCRAPER_LEVELS`` (default ``1,4,16``).
"""

from __future__ import annotations

import asyncio
import json
import os
import platform
import random
import time
from pathlib import Path
from typing import Any

import pytest

from services.scraper.extraction_eval import token_f1
from services.scraper.fetch import AddressPolicy, BrowserRenderer, FetchError, FetchLimits, ScrapeOptions, Scraper
from tests.loopback import serve
from tests.webpages import expected_paragraphs, js_app_routes, readability_pages, readability_routes

pytestmark = [pytest.mark.slow, pytest.mark.timeout(1200)]

#: where the figures go: the ignored ``.assay/`` folder of the checkout (benchmark output is never committed)
RESULTS = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "scraper.json"
CHROMIUM = "/usr/bin/chromium"
LEVELS = tuple(int(x) for x in os.environ.get("ASSAY_BENCH_SCRAPER_LEVELS", "1,4,16").split(","))
ROUNDS = int(os.environ.get("ASSAY_BENCH_SCRAPER_ROUNDS", "3"))
JS_SOURCES = ("ars-1", "bbc-1", "dropbox-blog", "heise", "lemonde-1", "medicalnewstoday")
DEFAULT_PER_HOST = ScrapeOptions().per_host
LIMITS = FetchLimits(connect_timeout_s=5, read_timeout_s=15, total_timeout_s=30)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(round(q * len(ordered) + 0.5)) - 1))] if ordered else 0.0


async def _round(scraper: Scraper, urls: list[str], concurrency: int) -> tuple[float, list[dict[str, Any]]]:
    gate = asyncio.Semaphore(concurrency)
    rows: list[dict[str, Any]] = []

    async def one(url: str) -> None:
        async with gate:
            t0 = time.perf_counter()
            try:
                doc = await scraper.fetch(url)
                rows.append({"url": url, "via": doc.via, "chars": len(doc.text), "s": time.perf_counter() - t0,
                             "text": doc.text})
            except FetchError as exc:
                rows.append({"url": url, "via": None, "error": str(exc), "s": time.perf_counter() - t0})

    t0 = time.perf_counter()
    await asyncio.gather(*(one(u) for u in urls))
    return time.perf_counter() - t0, rows


async def _level(urls: list[str], warm_url: str, concurrency: int, per_host: int, rounds: int,
                 chromium: bool) -> dict[str, Any]:
    opts = ScrapeOptions(limits=LIMITS, per_host=per_host, render=chromium,
                         browser_max_pages=min(concurrency, 4), render_timeout_s=30, deadline_s=120)
    renderer = BrowserRenderer(executable_path=CHROMIUM, max_pages=min(concurrency, 4)) if chromium else None
    try:
        if renderer is not None:  # launch and warm the level's browser outside the timed rounds
            async with Scraper(policy=AddressPolicy(allow=("127.0.0.1",)), options=opts, renderer=renderer) as s:
                assert (await s.fetch(warm_url)).via == "browser"
        return await _timed(urls, renderer, opts, concurrency, per_host, rounds)
    finally:
        if renderer is not None:
            await renderer.close()


async def _timed(urls: list[str], renderer: BrowserRenderer | None, opts: ScrapeOptions, concurrency: int,
                 per_host: int, rounds: int) -> dict[str, Any]:
    walls: list[float] = []
    rows: list[dict[str, Any]] = []
    order = list(urls)
    random.Random(7).shuffle(order)
    async with Scraper(policy=AddressPolicy(allow=("127.0.0.1",)), options=opts, user_agent="AssayBot/0.1 (bench)",
                       renderer=renderer) as scraper:
        for _ in range(rounds):
            wall, r = await _round(scraper, order, concurrency)
            walls.append(wall)
            rows.extend(r)
    ok = [r for r in rows if r["via"]]
    pages = len(rows)
    total_wall = sum(walls)
    lat = [r["s"] for r in ok]
    return {
        "concurrency": concurrency,
        "per_host": per_host,
        "browser_pages": min(concurrency, 4),
        "rounds": rounds,
        "pages": pages,
        "failed": pages - len(ok),
        "errors": sorted({r["error"] for r in rows if not r["via"]})[:5],
        "wall_s": round(total_wall, 3),
        "pages_per_s": round(pages / total_wall, 2) if total_wall else 0.0,
        "pages_per_s_by_round": [round(len(order) / w, 2) for w in walls],
        "latency_p50_s": round(_pct(lat, 0.5), 3),
        "latency_p95_s": round(_pct(lat, 0.95), 3),
        "via": {v: sum(1 for r in ok if r["via"] == v) for v in sorted({r["via"] for r in ok})},
        "share_rendered": round(sum(1 for r in ok if r["via"] == "browser") / pages, 3) if pages else 0.0,
        "_rows": rows,
    }


@pytest.mark.asyncio
async def test_bench_scraper_throughput() -> None:
    names = readability_pages()
    if not names:
        pytest.skip("shared/data/web_pages is not present")
    routes = readability_routes(names)
    js_expected: dict[str, str] = {}
    for name in JS_SOURCES:
        title, paras = expected_paragraphs(name)
        routes.update(js_app_routes(name, title, paras))
        js_expected[f"/app/{name}"] = " ".join(paras)
    have_chromium = os.access(CHROMIUM, os.X_OK)
    title, paras = expected_paragraphs("wikipedia", limit=5)
    routes.update(js_app_routes("warm-up", title, paras))

    results: list[dict[str, Any]] = []
    with serve(routes) as web:
        urls = [web.url(f"/rt/{n}") for n in names] + [web.url(p) for p in js_expected]
        warm = web.url("/app/warm-up")
        for c in LEVELS:
            results.append(await _level(urls, warm, c, c, ROUNDS, have_chromium))
        if 16 in LEVELS and DEFAULT_PER_HOST < 16:
            results.append(await _level(urls, warm, 16, DEFAULT_PER_HOST, ROUNDS, have_chromium))

    # F1 of the rendered script-built pages against their content (from the concurrency-1 level)
    js_f1: dict[str, float] = {}
    for row in results[0]["_rows"]:
        path = "/" + row["url"].split("/", 3)[3]
        if path in js_expected and row.get("text") is not None and path not in js_f1:
            js_f1[path] = round(token_f1(row["text"], js_expected[path])[2], 4)
    for r in results:
        r.pop("_rows")

    print()
    print(f"scraper benchmark: {len(names)} saved pages + {len(js_expected)} script-built pages per round, "
          f"{ROUNDS} rounds per level, loopback server, {os.cpu_count()} CPUs, Chromium: "
          f"{'yes' if have_chromium else 'NOT INSTALLED'}")
    print(f"{'concurrency':>11} {'per-host':>8} {'pages':>6} {'failed':>6} {'pages/s':>8} {'p50 s':>7} "
          f"{'p95 s':>7} {'rendered':>9}  via")
    for r in results:
        via = ", ".join(f"{k} {v}" for k, v in r["via"].items())
        print(f"{r['concurrency']:>11} {r['per_host']:>8} {r['pages']:>6} {r['failed']:>6} {r['pages_per_s']:>8.2f} "
              f"{r['latency_p50_s']:>7.3f} {r['latency_p95_s']:>7.3f} {r['share_rendered']:>9.1%}  {via}")
    if js_f1:
        print("rendered pages, token F1 vs their content: "
              + ", ".join(f"{p.split('/')[-1]} {f:.3f}" for p, f in sorted(js_f1.items())))

    RESULTS.parent.mkdir(parents=True, exist_ok=True)

    RESULTS.write_text(json.dumps({
        "when": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "chromium": have_chromium},
        "pages_per_round": len(urls),
        "saved_pages": len(names),
        "script_built_pages": len(js_expected),
        "levels": results,
        "rendered_f1": js_f1,
    }, indent=2) + "\n", encoding="utf-8")
    print(f"wrote {RESULTS}")

    for r in results:
        assert r["failed"] == 0, f"concurrency {r['concurrency']}: {r['errors']}"
        if have_chromium:
            assert r["via"].get("browser", 0) == len(js_expected) * r["rounds"]
