"""One search contract over every memory backend: PostgreSQL (here, real server from tests/conftest.py) and
OpenSearch (only when a server answers at ``ASSAY_OPENSEARCH_URL``, read through ``CommonSettings`` without
touching the environment; skipped with the reason otherwise). Also: an unreachable OpenSearch never breaks the
PostgreSQL memory (writes are queued with the reason logged, searches fall back and say why)."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import uuid4

import pytest

from shared.memory import MemoryChunk, MemoryStore, WordLlamaEmbedder
from shared.memory.opensearch import OpenSearchMemory, ProjectedMemory
from shared.memory.search import memory_store
from shared.memory.store import MemoryFilter
from shared.settings import CommonSettings, MemorySettings

pytestmark = [pytest.mark.postgres]

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
RUSH = "Neil Peart was the drummer and lyricist of the Canadian rock band Rush."
BATTERY = "Lithium-ion batteries lose capacity over repeated charge cycles; battery life depends on temperature."
EIFFEL = "The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889 for the World's Fair."
CHLORO = "Photosynthesis converts light energy into chemical energy stored in glucose inside chloroplasts."


def _chunk(text: str, url: str, *, run: Any = None, when: datetime = T0, kind: str = "source") -> MemoryChunk:
    return MemoryChunk(text=text, source_id=uuid4(), ord=0, url=url, fetched_at=when, run_id=run,
                       title=url.rsplit("/", 1)[-1], kind=kind)


def _opensearch_url() -> str | None:
    return CommonSettings(_env_file=None).opensearch_url  # type: ignore[call-arg]


@pytest.fixture(params=["postgres", "opensearch"])
def backend(request: pytest.FixtureRequest, pool: Any) -> Iterator[Any]:
    """A memory store of each backend, empty, with the offline WordLlama embedder."""
    embedder = WordLlamaEmbedder()
    if request.param == "postgres":
        yield MemoryStore(pool, embedder)
        return
    url = _opensearch_url()
    if not url:
        pytest.skip("no OpenSearch server: set ASSAY_OPENSEARCH_URL")
    store = OpenSearchMemory.connect(url, embedder, index=f"assay-memory-test-{uuid4().hex[:12]}")
    if not store._client.ping():
        pytest.skip(f"no OpenSearch server answers at {url}: set ASSAY_OPENSEARCH_URL to a running one")
    store.ensure_index()
    yield store
    store._client.indices.delete(index=store.index, ignore_unavailable=True)


def test_added_chunks_are_found_by_words_with_provenance(backend: Any) -> None:
    run = uuid4()
    assert backend.add([_chunk(t, f"http://site/{i}", run=run) for i, t in enumerate([RUSH, BATTERY, EIFFEL])]) == 3
    assert backend.count() == 3
    result = backend.search("how long do lithium batteries last", limit=2)
    assert result.mode == "hybrid" and result.fallback_reason == ""
    top = result.hits[0]
    assert top.text == BATTERY and top.bm25 > 0 and top.cosine is not None
    assert top.provenance[0].url == "http://site/1" and top.provenance[0].run_id == run
    assert backend.get(top.chunk_key)[0] == BATTERY
    assert backend.get("no-such-key") is None
    # idempotent: the same text again is no new memory
    assert backend.add([_chunk(EIFFEL, "http://site/2b")]) == 0 and backend.count() == 3
    assert backend.search("percussionist of a band from Canada", limit=1).hits[0].text == RUSH
    lexical = backend.search("Eiffel Tower", limit=1, mode="lexical")
    assert lexical.mode == "lexical" and lexical.hits[0].text == EIFFEL and lexical.hits[0].cosine is None


def test_filters_apply(backend: Any) -> None:
    old_run, new_run = uuid4(), uuid4()
    backend.add([_chunk(BATTERY, "http://old/batt", run=old_run, when=T0 - timedelta(days=30))])
    backend.add([_chunk(BATTERY.replace("temperature", "heat and age"), "http://new/batt", run=new_run, when=T0)])
    backend.add([_chunk("Battery life claims: " + CHLORO, "http://claim/1", kind="claim", when=T0)])
    urls = lambda res: sorted(h.provenance[0].url for h in res.hits)  # noqa: E731
    assert urls(backend.search("battery life", limit=5)) == ["http://claim/1", "http://new/batt",
                                                               "http://old/batt"]
    assert urls(backend.search("battery life", limit=5, filters=MemoryFilter(since=T0 - timedelta(days=7)))) == [
        "http://claim/1", "http://new/batt"]
    assert urls(backend.search("battery life", limit=5, filters=MemoryFilter(run_id=old_run))) == ["http://old/batt"]
    assert urls(backend.search("battery life", limit=5, filters=MemoryFilter(exclude_runs=(old_run,)))) == [
        "http://claim/1", "http://new/batt"]
    assert urls(backend.search("battery life", limit=5, filters=MemoryFilter(kind="claim"))) == ["http://claim/1"]


def test_near_duplicates_collapse_and_one_text_keeps_every_sighting(backend: Any) -> None:
    backend.add([_chunk(RUSH, "http://a.example/rush", when=T0),
                 _chunk(RUSH.upper().replace(".", "!"), "http://b.example/rush", when=T0 + timedelta(hours=1)),
                 _chunk(RUSH + " Share this.", "http://c.example/rush", when=T0 + timedelta(hours=2)),
                 _chunk(EIFFEL, "http://d.example/paris")])
    assert backend.count() == 3  # the upper-cased copy is the same text
    hits = backend.search("Neil Peart drummer Rush", limit=5).hits
    rush = [h for h in hits if "peart" in h.text.lower()]
    assert len(rush) == 1
    assert [p.url for p in rush[0].provenance][:2] == ["http://a.example/rush", "http://b.example/rush"]


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # closed when the block ends: nothing listens there


def test_unreachable_opensearch_never_breaks_memory(pool: Any, caplog: pytest.LogCaptureFixture) -> None:
    url = f"http://127.0.0.1:{_closed_port()}"
    store = memory_store(pool, MemorySettings(_env_file=None), opensearch_url=url)  # type: ignore[call-arg]
    assert isinstance(store, ProjectedMemory)
    with caplog.at_level(logging.WARNING, logger="assay.memory"):
        assert store.add([_chunk(RUSH, "http://site/rush"), _chunk(EIFFEL, "http://site/paris")]) == 2
    assert store.pending == 2  # queued for OpenSearch, kept in PostgreSQL
    assert any("OpenSearch projection of 2 chunks deferred" in r.getMessage() for r in caplog.records)
    result = store.search("Eiffel Tower Paris", limit=1)
    assert result.hits[0].text == EIFFEL
    assert result.fallback_reason.startswith("OpenSearch unavailable (ConnectionError")
    assert "searched PostgreSQL memory" in result.fallback_reason
    store.reset()  # rebuild with OpenSearch down: logged, no exception
    assert store.pending == 0 and store.count() == 2
