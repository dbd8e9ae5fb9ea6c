"""The question cache on real PostgreSQL (``shared.memory.questions``): a completed past run with the same
parameters answers the same question (exact, after normalising) or a near-identical one (embedding cosine and
word overlap); a question that differs in a word that matters, other parameters, an unfinished or too old run,
or no embedder (for similar questions) never does."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID, uuid4

import pytest

from shared.memory import WordLlamaEmbedder
from shared.memory.questions import find_cached_run, same_request

pytestmark = [pytest.mark.postgres]
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
REQUEST = {"scope": "both", "depth": "standard", "domain": "auto", "max_sources": 10, "site_filter": [],
           "language": None, "verify_claims": True, "memory": True, "urls": [], "corpus": None, "workspace": None}


def _past(pool: Any, question: str, *, status: str = "complete", age: timedelta = timedelta(hours=2),
          report: bool = True, scope: str = "both") -> UUID:
    run_id = uuid4()
    with pool.connection() as conn:
        conn.execute("INSERT INTO rm_runs (run_id, question, scope, depth, status, started_at, report_sha256, "
                     "last_seq) VALUES (%s, %s, %s, 'standard', %s, %s, %s, 1)",
                     (run_id, question, scope, status, NOW - age, "ab" * 32 if report else None))
    return run_id


def _find(pool: Any, question: str, requests: dict[UUID, dict[str, Any]], *, embedder: Any = None,
          request: dict[str, Any] | None = None) -> Any:
    return find_cached_run(pool, question, request or REQUEST, request_of=requests.get,
                           embedder=embedder if embedder is not None else WordLlamaEmbedder(),
                           min_similarity=0.9, ttl_s=7 * 86400, now=NOW)


def test_the_same_question_is_answered_from_the_newest_matching_run(pool: Any) -> None:
    older = _past(pool, "How long do lithium-ion batteries last?", age=timedelta(days=2))
    newer = _past(pool, "How long do lithium-ion batteries last?")
    requests = {older: REQUEST, newer: REQUEST}
    found = _find(pool, "  how long do Lithium-ion batteries LAST ", requests)
    assert found is not None and (found.run_id, found.match, found.similarity) == (newer, "exact", 1.0)
    # other parameters: no answer; the older run with the same ones answers
    requests[newer] = {**REQUEST, "max_sources": 20}
    found = _find(pool, "How long do lithium-ion batteries last?", requests)
    assert found is not None and found.run_id == older


def test_a_near_identical_question_is_answered_but_a_changed_meaning_is_not(pool: Any) -> None:
    run = _past(pool, "How long do lithium-ion batteries last in electric cars?")
    requests = {run: REQUEST}
    found = _find(pool, "How long does a lithium-ion battery last in an electric car?", requests)
    assert found is not None and found.run_id == run and found.match == "similar" and found.similarity >= 0.9
    assert found.question == "How long do lithium-ion batteries last in electric cars?"
    # one word that matters differs (the words' overlap is too small, however close the vectors)
    assert _find(pool, "How long do lithium-ion batteries last in electric bikes?", requests) is None
    assert _find(pool, "Why do lithium-ion batteries catch fire?", requests) is None


def test_a_question_asking_another_thing_on_the_same_names_is_not_close(pool: Any) -> None:
    """Who built a lighthouse is no re-check of when it was built (cosine 0.95 with WordLlama): another kind of
    answer, or another relation, is another question; a rewording of the same one stays close."""
    run = _past(pool, "When was the Halvik Lighthouse built?")
    requests = {run: REQUEST}
    assert _find(pool, "Who built the Halvik Lighthouse?", requests) is None
    found = _find(pool, "In what year was the Halvik Lighthouse built?", requests)
    assert found is not None and found.run_id == run and found.match == "similar"
    designed = _past(pool, "Who designed the Halvik Lighthouse?", age=timedelta(hours=1))
    requests[designed] = REQUEST
    found = _find(pool, "Who was the architect of the Halvik Lighthouse?", requests)
    assert found is not None and found.run_id == designed and found.match == "similar"
    assert _find(pool, "Who built the Halvik Lighthouse?", requests) is None  # design is no construction


def test_unfinished_reportless_old_or_other_scope_runs_never_answer(pool: Any) -> None:
    q = "Is intermittent fasting good for the heart?"
    requests = {_past(pool, q, status="running"): REQUEST, _past(pool, q, status="failed"): REQUEST,
                _past(pool, q, report=False): REQUEST, _past(pool, q, age=timedelta(days=30)): REQUEST,
                _past(pool, q, scope="web"): {**REQUEST, "scope": "web"}}
    assert _find(pool, q, requests) is None
    assert _find(pool, "Is intermittent fasting bad for the heart?", requests) is None


def test_same_request_compares_every_parameter_that_shapes_an_answer() -> None:
    assert same_request(REQUEST, {**REQUEST, "urls": ()})  # a tuple and a list of the same items
    for field, other in (("domain", "code"), ("verify_claims", False), ("memory", False),
                         ("urls", ["https://example.org/a"]), ("corpus", "path:/tmp/docs"), ("language", "de")):
        assert not same_request(REQUEST, {**REQUEST, field: other}), field


def test_consult_answers_the_same_question_and_rechecks_a_close_one(pool: Any) -> None:
    from contracts import RunRequested
    from shared.memory.questions import consult

    past = _past(pool, "How long do lithium-ion batteries last in electric cars?")
    sources = {past: ["https://example.org/a", "local:sample/cars.txt", "https://example.org/b"]}

    def ask(question: str, **kw: Any) -> Any:
        request = RunRequested(run_id=uuid4(), question=question, urls=("https://example.org/b",))
        return consult(pool, request, request_of=lambda r: {**REQUEST, "urls": ["https://example.org/b"]},
                       sources_of=lambda r: sources.get(r, []), embedder=WordLlamaEmbedder(), min_similarity=0.9,
                       ttl_s=10 * 365 * 86400, **kw)

    same = ask("how long do lithium-ion batteries last in electric cars")
    assert same.answer is not None and same.answer.run_id == past and same.recheck is None
    forced = ask("How long do lithium-ion batteries last in electric cars?", serve_exact=False)
    assert forced.answer is None and forced.recheck is not None and forced.recheck.run_id == past
    close = ask("How long does a lithium-ion battery last in an electric car?")
    assert close.answer is None and close.recheck is not None and close.recheck.match == "similar"
    # the past run's web sources are fetched again; a local one (not a URL) and one already asked are not added
    assert close.urls == ("https://example.org/a",)
    assert close.request.urls == ("https://example.org/b", "https://example.org/a")
    assert ask("Why do lithium-ion batteries catch fire?").recheck is None
