"""Research that remembers, over real NATS and PostgreSQL with every service in-process and a loopback web:

- run 1 fetches three pages (one article on three sites, the same text) and the indexer puts their passages
  into research memory with provenance (run, URL, fetch time, publication date);
- run 2 asks a related question after the pages are gone from the web (the server is shut): its sources come
  from memory, read back as stored, cited with the first site's URL and the date it was fetched, once (the
  three copies are one memory);
- run 3 asks the same with ``memory: false`` and finds nothing;
- ``assay projections rebuild`` gives the memory tables the same rows as live.
"""

from __future__ import annotations

import time
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested, SourceFetched
from services.cli.research import follow, result, submit
from services.indexer.projections import Projector
from shared.memory.entities import claims_about
from shared.memory.search import search_memory
from tests.loopback import Route, serve
from tests.webpages import HTML_UTF8

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]

ARTICLE = [
    "The Varden lighthouse on Skarholm island was first lit in 1871 and stands 38 metres tall.",
    "Its keeper, Ingrid Solberg, kept the Varden lighthouse lamp burning for forty-one years until 1934.",
    "The Varden lighthouse was automated in 1962 and its old keeper's house is now a small museum.",
]


def _page(chrome: str) -> bytes:
    paras = "".join(f"<p>{p}</p>" for p in ARTICLE)
    return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>The Varden lighthouse</title>"
            f"<meta property=\"article:published_time\" content=\"2025-03-14\"></head><body>"
            f"<nav>{chrome}</nav><article><h1>The Varden lighthouse</h1>{paras}</article></body></html>").encode()


def _wait_for_memory(rt: Any, run_id: UUID, timeout_s: float = 30.0, rows: int = 3) -> int:
    """Wait until the indexer has put run ``run_id``'s pages into memory (at least ``rows`` sightings); returns
    how many sightings."""
    deadline = time.monotonic() + timeout_s
    while True:
        with rt.pool.connection() as conn:
            row = conn.execute("SELECT count(*) FROM rm_memory_provenance WHERE run_id = %s",
                               (str(run_id),)).fetchone()
        if row and row[0] >= rows:
            return int(row[0])
        if time.monotonic() > deadline:
            raise TimeoutError(f"run {run_id}'s pages never reached memory")
        time.sleep(0.05)


async def test_a_second_run_cites_the_first_runs_pages_from_memory(runtime: Any, stack: Any) -> None:
    first = uuid4()
    with serve({"/varden": Route(200, _page("Home | News"), HTML_UTF8),
                "/mirror/varden": Route(200, _page("Mirror site"), HTML_UTF8),
                "/copy/varden": Route(200, _page("Archive copy"), HTML_UTF8)}) as web:
        urls = (web.url("/varden"), web.url("/mirror/varden"), web.url("/copy/varden"))
        await submit(runtime, RunRequested(run_id=first, question="Who kept the Varden lighthouse lamp burning?",
                                           scope="local", urls=urls, max_sources=3))
        events1 = await follow(runtime, first, timeout_s=90)
    assert type(events1[-1]).__name__ == "RunCompleted"
    fetched1 = {e.final_url: e for e in events1 if isinstance(e, SourceFetched)}
    assert set(fetched1) == set(urls)
    assert _wait_for_memory(runtime, first) >= 3

    # the pages are gone from the web: the second run can only find them in memory
    second = uuid4()
    await submit(runtime, RunRequested(run_id=second, question="When was the Varden lighthouse automated, and "
                                       "who was its keeper?", scope="local"))
    events2 = await follow(runtime, second, timeout_s=90)
    assert type(events2[-1]).__name__ == "RunCompleted"
    remembered = [e for e in events2 if isinstance(e, SourceFetched) and e.via == "memory"]
    assert len(remembered) == 1, [e.final_url for e in remembered]  # three copies, one memory, one source
    src = remembered[0]
    earliest = min(fetched1.values(), key=lambda e: (e.occurred_at, e.final_url))
    assert src.final_url == earliest.final_url  # cited as the site it was first fetched from
    assert f"from memory, fetched {earliest.occurred_at:%Y-%m-%d}" in src.title
    assert src.published == "2025-03-14"
    stored = runtime.documents.get(src.text_sha256)
    assert all(p in stored for p in ARTICLE)  # the stored text, as fetched by run 1
    res = result(runtime, second)
    cited = {str(c["source_id"]) for c in res["citations"]}
    assert str(src.source_id) in cited, res["report"]
    assert earliest.final_url in res["report"] and "from memory" in res["report"]

    # memory: false keeps a run to fresh sources (none here)
    third = uuid4()
    await submit(runtime, RunRequested(run_id=third, question="When was the Varden lighthouse automated?",
                                       scope="local", memory=False))
    events3 = await follow(runtime, third, timeout_s=90)
    assert not [e for e in events3 if isinstance(e, SourceFetched)]

    # the search function finds the page with its provenance, and claims with verdicts
    found = search_memory(runtime.pool, "Varden lighthouse keeper", kind="source")
    assert found.mode == "hybrid" and found.hits[0].url == earliest.final_url and found.hits[0].run_id == first
    claims = search_memory(runtime.pool, "Varden lighthouse keeper", kind="claim")
    assert claims.hits and all(h.verdict for h in claims.hits)

    # entity links across runs: every claim naming the keeper, with verdict and source
    about = claims_about(runtime.pool, "Ingrid Solberg")
    assert about and all("Solberg" in c.text for c in about)
    assert {c.run_id for c in about} >= {first} and all(c.url for c in about)

    # rebuilt by replay to the same rows as live
    projector = Projector(runtime.pool, runtime.documents)
    live = projector.snapshot()
    projector.rebuild(runtime.runs.iter_log())
    rebuilt = projector.snapshot()
    for table in ("rm_memory_chunks", "rm_memory_terms", "rm_memory_df", "rm_memory_provenance", "rm_memory_stats",
                  "rm_entities", "rm_entity_mentions", "rm_verdict_cache"):
        assert live[table] and rebuilt[table] == live[table], table


def _wait_for_verdicts(rt: Any, run_id: UUID, timeout_s: float = 120.0) -> int:
    """Wait until the indexer has recorded run ``run_id``'s verdicts for reuse; returns how many."""
    deadline = time.monotonic() + timeout_s
    while True:
        with rt.pool.connection() as conn:
            row = conn.execute("SELECT count(*) FROM rm_verdict_cache WHERE run_id = %s", (str(run_id),)).fetchone()
        if row and row[0] > 0:
            return int(row[0])
        if time.monotonic() > deadline:
            raise TimeoutError(f"run {run_id}'s verdicts never reached the reuse table")
        time.sleep(0.05)


async def test_a_verdict_is_reused_on_the_same_evidence_and_not_when_it_changed(runtime: Any, stack: Any) -> None:
    changed = [ARTICLE[0], ARTICLE[1].replace("forty-one years until 1934", "twelve years until 1905"), ARTICLE[2]]

    def page(paras: list[str]) -> bytes:
        body = "".join(f"<p>{p}</p>" for p in paras)
        return (f"<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Varden</title></head><body><article>"
                f"<h1>The Varden lighthouse</h1>{body}</article></body></html>").encode()

    question = "Who kept the Varden lighthouse lamp burning, and for how long?"
    runs: list[tuple[UUID, list[Any]]] = []
    texts: list[dict[UUID, str]] = []  # each run's claim texts by id
    for paras in (ARTICLE, ARTICLE, changed):
        with serve({"/varden": Route(200, page(paras), HTML_UTF8)}) as web:
            run_id = uuid4()
            await submit(runtime, RunRequested(run_id=run_id, question=question, scope="local", memory=False,
                                               urls=(web.url("/varden"),), max_sources=1))
            events = await follow(runtime, run_id, timeout_s=90)
        assert type(events[-1]).__name__ == "RunCompleted"
        verdicts = [e for e in events if type(e).__name__ == "ClaimVerified"]
        assert verdicts and all(v.reuse_key for v in verdicts)
        runs.append((run_id, verdicts))
        texts.append({c.claim_id: c.text for e in events if type(e).__name__ == "ClaimsExtracted" for c in e.claims})
        if len(runs) == 1:
            assert not any(v.reused_from for v in verdicts)
            _wait_for_verdicts(runtime, run_id)
    (first, v1), (_, v2), (_, v3) = runs
    # the same claims on the same evidence: every verdict reused from the first run, with spans in the new source
    by_key = {v.reuse_key: v for v in v1}
    assert all(v.reused_from == first for v in v2), [(v.verdict, v.reused_from) for v in v2]
    for v in v2:
        assert v.verdict == by_key[v.reuse_key].verdict
        assert [s.quote for s in v.spans] == [s.quote for s in by_key[v.reuse_key].spans]
    # one sentence of the page changed: a claim whose earlier verdict quoted only unchanged sentences keeps it; a
    # claim whose evidence changed (here: taken from the changed sentence, so a new claim) is verified again
    text1, text3 = texts[0], texts[2]
    earlier = {text1[v.claim_id]: v for v in v1}
    kept = [v for v in v3 if v.reused_from is not None]
    again = [v for v in v3 if v.reused_from is None]
    assert kept and again, [(text3[v.claim_id], v.reused_from) for v in v3]
    for v in v3:
        before = earlier.get(text3[v.claim_id])
        unchanged = before is not None and all(s.quote in " ".join(changed) for s in before.spans)
        assert (v.reused_from == first) == unchanged, (text3[v.claim_id], v.reused_from)
        if v.reused_from is None:
            assert v.reuse_key not in by_key  # a stale verdict is never taken
    # reuse is never invisible: `--json` claims carry the run their verdict came from, `assay run` says how many
    from services.cli.research import reused_line

    (_, _), (second, _), (third, _) = runs
    claims2 = result(runtime, second)["claims"]
    assert claims2 and all(c["reused_from"] == str(first) for c in claims2 if c["verdict"])
    claims3 = {c["claim_id"]: c["reused_from"] for c in result(runtime, third)["claims"]}
    assert all(claims3[str(v.claim_id)] == (str(v.reused_from) if v.reused_from else None) for v in v3)
    line = reused_line([c["reused_from"] for c in claims2 if c["reused_from"]])
    assert line == f"{len(v2)} verdict{'s' if len(v2) != 1 else ''} reused from memory (run {str(first)[:8]})"


async def test_an_unreachable_embedding_model_falls_back_to_words_with_the_reason(
        settings: Any, endpoints: Any) -> None:
    from services.cli.stack import Stack
    from shared.runtime import Runtime
    from shared.settings import MemorySettings

    down = MemorySettings(_env_file=None, embed_model="openai/no-such-embedder", embed_api_base="http://127.0.0.1:9/v1")
    rt = Runtime.open(settings.model_copy(update={"memory": down}), endpoints=endpoints)
    try:
        async with Stack(rt):
            first = uuid4()
            with serve({"/varden": Route(200, _page("Home"), HTML_UTF8)}) as web:
                await submit(rt, RunRequested(run_id=first, question="Who kept the Varden lighthouse lamp burning?",
                                              scope="local", urls=(web.url("/varden"),), max_sources=1))
                assert type((await follow(rt, first, timeout_s=90))[-1]).__name__ == "RunCompleted"
            with rt.pool.connection() as conn:  # remembered without vectors, to be embedded later
                deadline = time.monotonic() + 30
                while not conn.execute("SELECT count(*) FROM rm_memory_chunks").fetchone()[0]:
                    assert time.monotonic() < deadline, "the page never reached memory"
                    time.sleep(0.05)
                    conn.commit()
                assert conn.execute("SELECT count(*) FROM rm_memory_chunks WHERE embedding IS NOT NULL"
                                    ).fetchone()[0] == 0
            second = uuid4()
            await submit(rt, RunRequested(run_id=second, question="Who kept the Varden lighthouse lamp burning?",
                                          scope="local"))
            events = await follow(rt, second, timeout_s=90)
        failed = [f for e in events if type(e).__name__ == "SearchCompleted" for f in e.providers_failed]
        assert any(f.startswith("memory: lexical_only") and "no-such-embedder" in f for f in failed), failed
        remembered = [e for e in events if isinstance(e, SourceFetched) and e.via == "memory"]
        assert remembered and all(p in str(rt.documents.get(remembered[0].text_sha256)) for p in ARTICLE)
    finally:
        rt.close()


async def test_a_local_corpus_document_is_one_source_not_also_a_memory(runtime: Any, stack: Any) -> None:
    """A local document is served by the corpus; offering its remembered copy too made it two sources of a later
    run."""
    text = "\n\n".join([
        "The Brannvik ferry crossed the fjord from 1903 until 1977. It sailed twice a day in summer.",
        "The Brannvik ferry carried up to 40 passengers on each crossing, and a few carts on its open deck.",
        "Its captain from 1920 to 1951 was Oskar Lunde, who kept a log of every crossing in a leather book.",
        "A bridge built upstream in 1977 ended the service; the ferry's bell now hangs in the village school.",
        "The ferry landing at Brannvik still has the wooden waiting room where passengers bought tickets.",
    ] * 3)
    runtime.corpus.add("ferries", path="ferries/brannvik.txt", title="Brannvik ferry", text=text,
                       content_type="text/plain")
    runs = []
    for question in ("When did the Brannvik ferry cross the fjord?", "How many passengers did the Brannvik ferry carry?"):
        run_id = uuid4()
        await submit(runtime, RunRequested(run_id=run_id, question=question, scope="local"))  # corpus and memory
        events = await follow(runtime, run_id, timeout_s=90)
        assert type(events[-1]).__name__ == "RunCompleted"
        runs.append((run_id, events))
        if len(runs) == 1:  # the indexer has remembered the document before the second run searches memory
            _wait_for_memory(runtime, run_id, rows=1)
    first, _ = runs[0]
    _, events2 = runs[1]
    fetched = [e for e in events2 if isinstance(e, SourceFetched) and "Brannvik" in e.title]
    assert [e.via for e in fetched] == ["local"], [(e.via, e.final_url) for e in fetched]
    # the document is still remembered, so `assay search` finds it, but a run is not offered it twice
    with runtime.pool.connection() as conn:
        row = conn.execute("SELECT count(*) FROM rm_memory_provenance WHERE run_id = %s", (str(first),)).fetchone()
    assert row is not None and row[0] >= 1
