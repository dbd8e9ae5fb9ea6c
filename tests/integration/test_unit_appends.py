"""Sources' fetches and claims and sub-queries' searches appended without a load under the run's lock
(``ResearchRuns._append_units``, issue 10), as claims' verdicts are (``test_verdict_appends.py``): a unit's result
made on a process's cached copy of the run is stored only when every event stored since that copy is another unit's
result it commutes with; anything else goes down the locked path, which decides it on the latest version. Fan-in
(``SourcesSelected``, ``ExtractionCompleted``) is recorded exactly once, and a store that reads the log afresh
rebuilds the same run. Two stores on one database stand for two processes."""

from __future__ import annotations

from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested
from shared.domain import source_id_for
from shared.store import ResearchRuns
from tests.integration.test_verdict_appends import counted_appends

pytestmark = [pytest.mark.postgres]


def planned(runs: ResearchRuns, sub_queries: int) -> UUID:
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Who appends the units?", scope="local"))
    runs.record_plan(run_id, [{"sub_query_id": f"q{i}", "text": f"units {i}"} for i in range(1, sub_queries + 1)],
                     "general", "en", "offline", False)
    return run_id


def search(runs: ResearchRuns, run_id: UUID, q: int, urls: list[str]) -> bool:
    hits = [{"url": u, "title": u, "snippet": "", "provider": "local", "rank": r, "score": 1.0 / r}
            for r, u in enumerate(urls, 1)]
    return runs.record_search(run_id, f"q{q}", f"units {q}", 1, hits, True, [])


def selected(runs: ResearchRuns, n: int) -> tuple[UUID, list[UUID]]:
    run_id = planned(runs, 1)
    urls = [f"doc:units-{i}" for i in range(n)]
    assert search(runs, run_id, 1, urls)
    return run_id, [source_id_for(run_id, u) for u in urls]


def fetched(runs: ResearchRuns, run_id: UUID, source_id: UUID, text: str, final_url: str) -> bool:
    return runs.record_source_fetched(run_id, source_id, url=f"doc:{final_url}", final_url=final_url,
                                      content_type="text/plain", title=final_url, text_sha256=text, chars=100,
                                      via="local")


def claims(runs: ResearchRuns, run_id: UUID, source_id: UUID, n: int = 2) -> bool:
    return runs.record_claims(run_id, source_id, [
        {"claim_id": str(uuid4()), "text": f"Claim {i} of {source_id.hex[:6]} holds.", "start": 0, "end": 10,
         "numeric": False, "recent": False, "named_event": False} for i in range(n)])


def names(runs: ResearchRuns, run_id: UUID) -> list[str]:
    return [type(e).__name__ for e in runs.timeline(run_id)]


def same_run(a: ResearchRuns, b: ResearchRuns, run_id: UUID) -> None:
    """The two stores' views of the run agree (sources, claims, fan-ins), and so does a view rebuilt from the log."""
    va, vb = a.get_run(run_id), b.get_run(run_id)
    assert va.version == vb.version
    for view in (va, vb):
        assert {k: s.status for k, s in view.sources.items()} == {k: s.status for k, s in va.sources.items()}
        assert sorted(view.claims) == sorted(va.claims)
        assert (view.extraction_completed, view.claims_to_verify, dict(view.hits)) == (
            va.extraction_completed, va.claims_to_verify, dict(va.hits))
    events = a.timeline(run_id)
    assert [e.seq for e in events] == list(range(1, len(events) + 1))


def test_fetches_and_claims_of_two_processes_interleave_without_loads_and_fan_in_once(
        two: tuple[ResearchRuns, ResearchRuns], endpoints: Any) -> None:
    first, second = two
    run_id, sources = selected(first, 4)
    second.get_run(run_id)  # both processes hold the run at the same version
    appends = counted_appends(first), counted_appends(second)
    for i, sid in enumerate(sources):  # alternating: each append comes after the other process's
        assert fetched(first if i % 2 else second, run_id, sid, f"{i:064x}", f"page-{i}")
    for runs in two:  # each extractor reads the run first (the handler's load): its copy has every source fetched
        runs.get_run(run_id)
    for i, sid in enumerate(sources):
        assert claims(second if i % 2 else first, run_id, sid)
    assert appends[0] == [True] * 4 and appends[1] == [True] * 4  # all appended on the cached copies
    got = names(first, run_id)
    assert got.count("SourceFetched") == 4 and got.count("ClaimsExtracted") == 4
    assert got.count("ExtractionCompleted") == 1 and got[-1] == "ExtractionCompleted"
    same_run(first, second, run_id)
    fresh = ResearchRuns(env=endpoints.eventsourcing_env())
    try:
        same_run(first, fresh, run_id)  # the log replayed afresh is the run the writers see
        assert len(fresh.get_run(run_id).claims) == 8
    finally:
        fresh.close()
    # redelivered units record nothing, on either path
    assert not fetched(second, run_id, sources[0], f"{0:064x}", "page-0")
    assert not claims(first, run_id, sources[1])
    assert names(first, run_id) == got


def test_a_source_with_a_text_fetched_meanwhile_elsewhere_is_decided_on_the_latest_version(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id, sources = selected(first, 3)
    second.get_run(run_id)
    appends = counted_appends(second)
    assert fetched(first, run_id, sources[0], "a" * 64, "same-page")
    # the second copy predates that fetch: the same text at the same page is a duplicate, seen only on the latest
    assert fetched(second, run_id, sources[1], "a" * 64, "same-page")
    assert appends == [False]  # refused: the locked path records the duplicate's failure
    view = second.get_run(run_id)
    assert view.source(sources[1]).status == "failed"  # type: ignore[union-attr]
    assert "duplicate" in str(view.source(sources[1]).reason)  # type: ignore[union-attr]
    assert names(second, run_id).count("SourceFetched") == 1


def test_claims_after_the_run_was_cancelled_elsewhere_are_not_recorded(
        two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id, sources = selected(first, 2)
    assert fetched(first, run_id, sources[0], "b" * 64, "page-b")
    second.get_run(run_id)
    assert first.cancel_run(run_id, "test: cancelled while claims were being extracted")
    assert not claims(second, run_id, sources[0])  # its cached copy is still running: the append is refused
    got = names(second, run_id)
    assert got[-1] == "RunCancelled" and "ClaimsExtracted" not in got


def test_searches_of_two_processes_select_the_sources_once(two: tuple[ResearchRuns, ResearchRuns]) -> None:
    first, second = two
    run_id = planned(first, 4)
    second.get_run(run_id)
    appends = counted_appends(first), counted_appends(second)
    for q in range(1, 5):
        assert search(first if q % 2 else second, run_id, q, [f"doc:q{q}-a", f"doc:q{q}-b"])
    assert appends[0] == [True] * 2 and appends[1] == [True] * 2
    got = names(first, run_id)
    assert got.count("SearchCompleted") == 4 and got.count("SourcesSelected") == 1 and got[-1] == "SourcesSelected"
    assert not search(second, run_id, 2, ["doc:late"])  # a redelivered search after the selection: nothing
    same_run(first, second, run_id)
    assert len(first.get_run(run_id).sources) == 8
