"""Research memory on real PostgreSQL (pgvector + BM25 postings): hybrid search, provenance, near-duplicates,
filters, the lexical fallback when the embedding model is unreachable, and re-embedding afterwards."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from uuid import uuid4

import numpy as np
import psycopg
import pytest

from shared.db import migrate
from shared.launcher import Endpoints
from shared.memory import EmbeddingUnavailable, MemoryChunk, MemoryStore, WordLlamaEmbedder
from shared.memory.store import MemoryFilter

pytestmark = [pytest.mark.postgres]

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
PASSAGES = [
    "The Eiffel Tower is a wrought-iron lattice tower in Paris, completed in 1889 for the World's Fair.",
    "Lithium-ion batteries lose capacity over repeated charge cycles; battery life depends on temperature.",
    "Neil Peart was the drummer and lyricist of the Canadian rock band Rush.",
    "Photosynthesis converts light energy into chemical energy stored in glucose inside chloroplasts.",
]


class Down:
    """An embedder whose model is unreachable."""

    name = "down-model"

    def embed(self, texts: list[str]) -> np.ndarray:  # type: ignore[type-arg]
        raise EmbeddingUnavailable("embedding model down-model unavailable: ConnectError: refused")


def _chunk(text: str, url: str, *, run=None, when=T0, ord_: int = 0) -> MemoryChunk:  # type: ignore[no-untyped-def]
    return MemoryChunk(text=text, source_id=uuid4(), ord=ord_, url=url, fetched_at=when, run_id=run,
                       title=url.rsplit("/", 1)[-1])


def test_vector_extension_and_hybrid_search(pool, database_url: str) -> None:  # type: ignore[no-untyped-def]
    with psycopg.connect(database_url) as conn:
        assert conn.execute("SELECT extname FROM pg_extension WHERE extname = 'vector'").fetchone() == ("vector",)
    store = MemoryStore(pool, WordLlamaEmbedder())
    run = uuid4()
    assert store.add([_chunk(t, f"http://site/{i}", run=run) for i, t in enumerate(PASSAGES)]) == 4
    result = store.search("how long do lithium batteries last", limit=2)
    assert result.mode == "hybrid" and result.fallback_reason == ""
    assert result.hits[0].text == PASSAGES[1]
    assert result.hits[0].cosine is not None and result.hits[0].bm25 > 0
    prov = result.hits[0].provenance[0]
    assert prov.url == "http://site/1" and prov.run_id == run and prov.fetched_at == T0
    # a paraphrase with no shared stem still finds its passage through the vectors
    assert store.search("percussionist of a band from Canada", limit=1).hits[0].text == PASSAGES[2]
    # idempotent: the same chunks again add nothing new
    assert store.add([_chunk(PASSAGES[0], "http://site/0b")]) == 0 and store.count() == 4


def test_near_duplicates_cite_one(pool) -> None:  # type: ignore[no-untyped-def]
    store = MemoryStore(pool, WordLlamaEmbedder())
    text = PASSAGES[2]
    store.add([_chunk(text, "http://a.example/rush", when=T0),
               _chunk(text.upper().replace(".", "!"), "http://b.example/rush", when=T0 + timedelta(hours=1)),
               _chunk("Neil Peart was the drummer and lyricist of the Canadian rock band Rush. Share this.",
                      "http://c.example/rush", when=T0 + timedelta(hours=2)),
               _chunk(PASSAGES[0], "http://d.example/paris")])
    hits = store.search("Neil Peart drummer Rush", limit=5).hits
    rush = [h for h in hits if "peart" in h.text.lower()]
    assert len(rush) == 1
    # the same text (normalised) seen on two sites is one memory with both sightings, earliest first
    assert [p.url for p in rush[0].provenance][:2] == ["http://a.example/rush", "http://b.example/rush"]


def test_filters_since_and_run(pool) -> None:  # type: ignore[no-untyped-def]
    store = MemoryStore(pool, WordLlamaEmbedder())
    old_run, new_run = uuid4(), uuid4()
    store.add([_chunk(PASSAGES[1], "http://old/batt", run=old_run, when=T0 - timedelta(days=30))])
    store.add([_chunk(PASSAGES[1].replace("temperature", "heat and age"), "http://new/batt", run=new_run,
                      when=T0)])
    both = store.search("battery life", limit=5).hits
    assert {h.provenance[0].url for h in both} == {"http://old/batt", "http://new/batt"}
    recent = store.search("battery life", limit=5, filters=MemoryFilter(since=T0 - timedelta(days=7))).hits
    assert [h.provenance[0].url for h in recent] == ["http://new/batt"]
    of_run = store.search("battery life", limit=5, filters=MemoryFilter(run_id=old_run)).hits
    assert [h.provenance[0].url for h in of_run] == ["http://old/batt"]
    other = store.search("battery life", limit=5, filters=MemoryFilter(exclude_runs=(old_run,))).hits
    assert [h.provenance[0].url for h in other] == ["http://new/batt"]


def test_unreachable_embedder_falls_back_to_lexical_then_reembeds(pool) -> None:  # type: ignore[no-untyped-def]
    down = MemoryStore(pool, Down())
    down.add([_chunk(t, f"http://site/{i}") for i, t in enumerate(PASSAGES)])
    result = down.search("Eiffel Tower Paris", limit=3)
    assert result.mode == "lexical"
    assert "down-model unavailable" in result.fallback_reason
    assert result.hits[0].text == PASSAGES[0] and result.hits[0].cosine is None
    up = MemoryStore(pool, WordLlamaEmbedder())
    assert up.search("Eiffel Tower Paris", limit=1).hits[0].cosine is None  # no vectors stored yet
    assert up.reembed_missing() == 4
    hit = up.search("Eiffel Tower Paris", limit=1).hits[0]
    assert hit.text == PASSAGES[0] and hit.cosine is not None and hit.cosine > 0.3


def test_bad_limit_is_refused(pool) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="limit must be"):
        MemoryStore(pool, None).search("x", limit=0)
    assert MemoryStore(pool, None).search("anything").hits == ()


def _exhaustive_bm25(pool, query: str) -> dict[str, float]:  # type: ignore[no-untyped-def]
    """BM25 of every chunk holding a query term, summed over every posting (the reference for the pruned top k)."""
    from shared.memory import lexical

    counts = lexical.term_counts(query)[0]
    with pool.connection() as conn:
        n, total = conn.execute("SELECT chunks, total_length FROM rm_memory_stats").fetchone()
        rows = conn.execute("SELECT term, chunk_key, tf, dl FROM rm_memory_terms WHERE term = ANY(%s)",
                            (list(counts),)).fetchall()
        df = {t: sum(1 for r in rows if r[0] == t) for t in counts}
    out: dict[str, float] = {}
    for term, key, tf, dl in rows:
        w = counts[term] * lexical.idf(df[term], n)
        out[key] = out.get(key, 0.0) + w * tf * (lexical.K1 + 1) / (
            tf + lexical.K1 * (1 - lexical.B + lexical.B * dl / (total / n)))
    return out


def test_pruned_lexical_top_k_scores_exactly_and_keeps_document_frequencies(pool) -> None:  # type: ignore[no-untyped-def]
    # many chunks share the common words; few hold the rare ones: the pruned search reads the rare terms' lists
    # whole, adds the common terms to its candidates, and must give the exhaustive BM25 scores and order
    texts = [f"Common river water flows past the town number {i}." for i in range(60)]
    texts += ["The river otter eats crayfish near the water mill.", "An otter was seen by the river.",
              "Crayfish live in clean river water under stones."]
    store = MemoryStore(pool, None, rare_postings=5, rescore=10)
    store.add([_chunk(t, f"http://site/{i}") for i, t in enumerate(texts)])
    store.add([_chunk(texts[0], "http://mirror/0")])  # a known text: a new sighting, no new postings
    with pool.connection() as conn:
        df = dict(conn.execute("SELECT term, df FROM rm_memory_df").fetchall())
        counted = dict(conn.execute("SELECT term, count(*) FROM rm_memory_terms GROUP BY term").fetchall())
    assert df == counted and df["river"] == 63 and df["otter"] == 2
    query = "river otter crayfish water"
    hits = store.search(query, limit=3, mode="lexical").hits
    exhaustive = sorted(_exhaustive_bm25(pool, query).items(), key=lambda kv: -kv[1])[:3]
    assert [h.chunk_key for h in hits] == [k for k, _ in exhaustive]
    assert [round(h.bm25, 9) for h in hits] == [round(s, 9) for _, s in exhaustive]
    assert hits[0].text == texts[60]


def test_origin_keeps_local_documents_out_of_web_memory_and_old_rows_are_told_apart(  # type: ignore[no-untyped-def]
        pool, database_url: str) -> None:
    """A corpus document is remembered with origin ``local`` whatever its address (a record may carry a web
    address, even an HTML-escaped one); rows written before the column existed get it from their source."""
    store = MemoryStore(pool, None)
    doc = MemoryChunk(text=PASSAGES[2], source_id=uuid4(), ord=0, run_id=uuid4(), fetched_at=T0,
                      url="https://en.wikipedia.org/wiki/Gordon_&quot;Inferno&quot;_Collection", origin="local")
    store.add([doc, _chunk(PASSAGES[0], "http://site/eiffel", run=uuid4())])
    web = store.search("Neil Peart drummer Rush Eiffel tower", limit=5, mode="lexical",
                       filters=MemoryFilter(kind="source", origin="web"))
    assert [h.text for h in web.hits] == [PASSAGES[0]]
    everything = store.search("Neil Peart drummer Rush", limit=5, mode="lexical")
    assert everything.hits[0].provenance[0].origin == "local"  # `assay search` still finds the document
    # an older database: no origin column; its sources tell a corpus document (doc:<sha256>) from a web page
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("ALTER TABLE rm_memory_provenance DROP COLUMN origin")
        conn.execute("INSERT INTO rm_sources (source_id, run_id, url, status) VALUES (%s, %s, 'doc:abc', 'fetched')",
                     (str(doc.source_id), str(doc.run_id)))
    migrate(Endpoints(nats_url="nats://unused", database_url=database_url))
    with psycopg.connect(database_url) as conn:
        rows = dict(conn.execute("SELECT url, origin FROM rm_memory_provenance").fetchall())
    assert rows == {doc.url: "local", "http://site/eiffel": "web"}


def test_the_same_sentence_from_several_runs_is_one_hit_naming_its_runs_in_a_stable_order(  # type: ignore[no-untyped-def]
        pool) -> None:
    """Four runs found the same claim: one hit listing the four runs (earliest first), not four hits crowding out
    the rest; ties rank in the same order every time (by id), so a rebuilt projection ranks as the live one."""
    from shared.memory.search import search_memory

    runs = [uuid4() for _ in range(4)]
    with pool.connection() as conn:
        for i, run in enumerate(runs):
            conn.execute("INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, last_seq) VALUES "
                         "(%s, 'Who drummed for Rush?', 'local', 'quick', 'completed', %s, 1)",
                         (str(run), T0 + timedelta(hours=i)))
            conn.execute("INSERT INTO rm_claims (claim_id, run_id, source_id, text, start_offset, end_offset, numeric,"
                         " recent, named_event, verdict) VALUES (%s, %s, %s, %s, 0, 1, false, false, false, "
                         "'supported')", (str(uuid4()), str(run), str(uuid4()), PASSAGES[2]))
        for i in range(6):  # equal ranks: distinct texts that score alike
            conn.execute("INSERT INTO rm_claims (claim_id, run_id, source_id, text, start_offset, end_offset, numeric,"
                         " recent, named_event, verdict) VALUES (%s, %s, %s, %s, 0, 1, false, false, false, NULL)",
                         (str(uuid4()), str(runs[0]), str(uuid4()), f"Rush toured in year {1980 + i}."))
    found = search_memory(pool, "drummer Rush", kind="claim", limit=10, embedder=WordLlamaEmbedder())
    texts = [h.text for h in found.hits]
    assert texts.count(PASSAGES[2]) == 1 and len(texts) == 7, texts
    peart = next(h for h in found.hits if h.text == PASSAGES[2])
    assert peart.runs == tuple(runs)
    # dated by the run that first found it (its start), as a source is by its first fetch, never by a later run
    assert (peart.run_id, peart.when) == (runs[0], T0)
    again = [search_memory(pool, "drummer Rush", kind="claim", limit=10, embedder=WordLlamaEmbedder()).hits
             for _ in range(3)]
    assert all([(h.id, h.score) for h in hits] == [(h.id, h.score) for h in found.hits] for hits in again)
    # ranked by words alone the six year sentences score exactly alike: they come in id order, every time
    lexical = search_memory(pool, "Rush toured", kind="claim", limit=10, embedder=Down())
    assert lexical.mode == "lexical" and len({round(h.score, 9) for h in lexical.hits if "toured" in h.text}) == 1
    ties = [h.id for h in lexical.hits if "toured" in h.text]
    assert len(ties) == 6 and ties == sorted(ties)


class Fixed:
    """An embedder named ``name`` giving every text the same vector (so any two are at cosine 1)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def embed(self, texts: list[str]) -> np.ndarray:  # type: ignore[type-arg]
        return np.tile(np.linspace(0.1, 1.0, 256, dtype=np.float32), (len(texts), 1))


def test_vectors_of_another_embedding_model_are_ignored_for_ranking_with_a_notice(  # type: ignore[no-untyped-def]
        pool, caplog) -> None:
    MemoryStore(pool, Fixed("model-a")).add([_chunk(t, f"http://site/{i}") for i, t in enumerate(PASSAGES[:2])])
    switched = MemoryStore(pool, Fixed(f"model-b-{uuid4()}"))  # the notice is once per process and model
    with caplog.at_level("WARNING", logger="assay.memory"):
        old = switched.search("lithium batteries", limit=5)
    assert old.hits and all(h.cosine is None for h in old.hits)  # model-a's vectors are not compared with model-b's
    assert old.hits[0].text == PASSAGES[1]  # ranked by words
    notice = [r.getMessage() for r in caplog.records if "another embedding model" in r.getMessage()]
    assert len(notice) == 1 and "2 vectors by model-a" in notice[0] and "assay projections rebuild" in notice[0]
    switched.add([_chunk(PASSAGES[3], "http://site/3")])
    mixed = switched.search("lithium batteries photosynthesis", limit=5)
    assert {h.text: h.cosine is not None for h in mixed.hits} == {PASSAGES[1]: False, PASSAGES[3]: True}
    switched.search("lithium batteries", limit=5)
    assert len([r for r in caplog.records if "another embedding model" in r.getMessage()]) == 1  # said once


def test_a_memory_rebuilt_in_another_order_ranks_as_before(pool) -> None:  # type: ignore[no-untyped-def]
    """Ties (texts that score alike) and near-duplicate dropping rank by stable keys, never by the order rows were
    written, so `assay projections rebuild` gives the same top 20 as the live projection."""
    syllables = ["ka", "lo", "mi", "ru", "se", "ta", "vo", "ne"]
    words = [a + b + c for a in syllables for b in syllables for c in syllables]
    texts = [f"Varden lighthouse keeper storm {' '.join(words[6 * i:6 * i + 6])}." for i in range(30)]
    texts += [t.replace(".", "!") for t in texts[:5]]  # near-duplicates (the same words): one hit each
    chunks = [_chunk(t, f"http://site/{i}", ord_=i) for i, t in enumerate(texts)]
    store = MemoryStore(pool, WordLlamaEmbedder())

    def top() -> list[tuple[str, float]]:
        hits = store.search("Varden lighthouse keeper storm", limit=20, mode="lexical").hits
        return [(h.chunk_key, round(h.score, 9)) for h in hits]

    store.add(chunks)
    live = top()
    with pool.connection() as conn:
        for table in ("rm_memory_chunks", "rm_memory_terms", "rm_memory_df", "rm_memory_provenance",
                      "rm_memory_stats"):
            conn.execute(f"TRUNCATE {table}")
    for c in reversed(chunks):
        store.add([c])
    assert len(live) == 20 and len({score for _, score in live}) == 1  # thirty texts that score alike
    assert top() == live


def test_an_older_postings_key_is_rebuilt_covering_and_both_halves_score_exactly(  # type: ignore[no-untyped-def]
        pool, database_url: str) -> None:
    """The postings' primary key covers tf and dl (index-only scans); a database made before gets it rebuilt by
    ``migrate`` with every posting kept. In the one-statement hybrid search a candidate found by one half only
    gets the other half's score: every hit's BM25 is the exhaustive one and its cosine the vector's."""
    # rare_postings 1: only the rarest query term ("batteri", in the battery passage) finds lexical candidates, so
    # the Rush passage (it holds "canadian") is a candidate of the vector half only and needs its BM25 from there
    store = MemoryStore(pool, WordLlamaEmbedder(), rare_postings=1, rescore=1)
    store.add([_chunk(t, f"http://site/{i}") for i, t in enumerate(PASSAGES)])
    query = "how long do lithium batteries last in the Canadian cold"

    def ranked() -> list[tuple[str, str, float, float | None]]:
        return [(h.chunk_key, h.text, round(h.bm25, 9), None if h.cosine is None else round(h.cosine, 6))
                for h in store.search(query, limit=4).hits]

    before = ranked()
    exhaustive = _exhaustive_bm25(pool, query)
    assert [bm for _, _, bm, _ in before] == [round(exhaustive.get(key, 0.0), 9) for key, _, _, _ in before]
    assert next(bm for _, text, bm, _ in before if text == PASSAGES[2]) > 0
    embedder = WordLlamaEmbedder()
    qvec = embedder.embed([query])[0]
    for _, text, _, cos in before:
        assert cos is not None and abs(cos - float(embedder.embed([text])[0] @ qvec)) < 1e-4
    with psycopg.connect(database_url, autocommit=True) as conn:
        postings = conn.execute("SELECT count(*) FROM rm_memory_terms").fetchone()
        conn.execute("ALTER TABLE rm_memory_terms DROP CONSTRAINT rm_memory_terms_pkey, "
                     "ADD PRIMARY KEY (term, chunk_key)")
        shape = "SELECT indnatts, indnkeyatts FROM pg_index WHERE indexrelid = 'rm_memory_terms_pkey'::regclass"
        assert conn.execute(shape).fetchone() == (2, 2)
    migrate(Endpoints(nats_url="nats://unused", database_url=database_url))
    with psycopg.connect(database_url, autocommit=True) as conn:
        assert conn.execute(shape).fetchone() == (4, 2)
        assert conn.execute("SELECT count(*) FROM rm_memory_terms").fetchone() == postings
    assert ranked() == before
