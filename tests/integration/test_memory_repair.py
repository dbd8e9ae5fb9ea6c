"""Research memory that went bad is rebuilt from the event log, never a crash (real PostgreSQL): a corrupted vector
(zeroed, or another text's), a dropped HNSW index and lost rows leave search working (ranked by words where the
vectors are wrong), and ``assay projections rebuild`` (``Projector.rebuild``) gives the memory tables back the rows
they had, with the index."""

from __future__ import annotations

from typing import Any

import pytest

from services.indexer.projections import Projector
from shared.memory import MemoryStore, WordLlamaEmbedder
from shared.memory.store import MEMORY_TABLES
from tests.unit.handlers.fakes import fetched_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

PAGES = [
    ("https://tower.example/eiffel", "The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889 "
                                     "for the World's Fair."),
    ("https://cells.example/battery", "Lithium-ion batteries lose capacity over repeated charge cycles; battery "
                                      "life depends on temperature."),
    ("https://music.example/rush", "Neil Peart was the drummer and lyricist of the Canadian rock band Rush."),
    ("https://bio.example/leaf", "Photosynthesis converts light energy into chemical energy stored in glucose "
                                 "inside chloroplasts."),
]


def _memory(projector: Projector) -> dict[str, list[tuple[Any, ...]]]:
    snap = projector.snapshot()
    return {t: snap[t] for t in MEMORY_TABLES}


def _has_index(rt: Any) -> bool:
    with rt.pool.connection() as conn:
        return conn.execute("SELECT 1 FROM pg_indexes WHERE indexname = 'rm_memory_chunks_hnsw'").fetchone() is not None


def test_corrupted_vectors_and_a_dropped_index_are_rebuilt_from_the_log(runtime: Any) -> None:
    rt = runtime
    run_id, _ = fetched_run(rt.runs, rt.documents, PAGES, question="How long do lithium batteries last?")
    projector = Projector(rt.pool, rt.documents)
    projector.apply_many(rt.runs.timeline(run_id))  # what the live indexer does with the run's SourceFetched
    store = MemoryStore(rt.pool, WordLlamaEmbedder())
    queries = ("how long do lithium batteries last", "percussionist of a band from Canada")
    before = [[h.text for h in store.search(q, limit=3).hits] for q in queries]
    assert before[0][0] == PAGES[1][1] and before[1][0] == PAGES[2][1]
    healthy = _memory(projector)
    assert healthy["rm_memory_chunks"] and _has_index(rt)

    with rt.pool.connection() as conn:  # vectors go bad, the index and a posting are lost
        conn.execute("UPDATE rm_memory_chunks SET embedding = array_fill(0, ARRAY[256])::vector "
                     "WHERE text LIKE 'Lithium%%'")
        conn.execute("UPDATE rm_memory_chunks SET embedding = (SELECT embedding FROM rm_memory_chunks "
                     "WHERE text LIKE 'Photosynthesis%%') WHERE text LIKE 'Neil Peart%%'")
        conn.execute("DROP INDEX rm_memory_chunks_hnsw")
        conn.execute("DELETE FROM rm_memory_terms WHERE term = 'eiffel'")
        conn.commit()
    assert not _has_index(rt)
    # search still answers: the zeroed vector is ranked by its words (its cosine is no number, left out)
    hurt = store.search(queries[0], limit=3)
    assert hurt.mode == "hybrid" and hurt.hits[0].text == PAGES[1][1] and hurt.hits[0].cosine is None
    assert store.search(queries[1], limit=3).hits  # a wrong vector ranks wrongly, but answers

    projector.rebuild(rt.runs.iter_log())  # assay projections rebuild
    assert _memory(projector) == healthy and _has_index(rt)
    assert [[h.text for h in store.search(q, limit=3).hits] for q in queries] == before
    assert store.search("Eiffel", limit=1).hits[0].text == PAGES[0][1]
