"""In-memory stand-ins for the handlers' collaborators (``shared.ports``), for unit tests of the stages'
handler functions without NATS and PostgreSQL.

The event store is the real ``ResearchRuns`` on eventsourcing's POPO recorder (in memory: every aggregate rule
and fan-in is the production code); documents are a dict keyed by SHA-256; published commands are a list. The
integration tests keep the real servers.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID, uuid4

from contracts import Contract, RunRequested
from shared.domain import RunView, source_id_for
from shared.store import ResearchRuns


def memory_runs() -> ResearchRuns:
    """The event store in memory (eventsourcing POPO), no aggregate cache."""
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})


class FakeDocuments:
    """``shared.ports.Documents`` in a dict: digest -> text (and its content type in ``types``)."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}
        self.types: dict[str, str] = {}

    def put(self, text: str, content_type: str = "text/plain") -> str:
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        self.texts[digest] = text
        self.types[digest] = content_type
        return digest

    def get(self, digest: str) -> str | None:
        return self.texts.get(digest)

    def get_many(self, digests: list[str]) -> dict[str, str]:
        return {d: self.texts[d] for d in digests if d in self.texts}


class FakeCommands:
    """``shared.ports.Commands`` as a list of (command, msg id)."""

    def __init__(self) -> None:
        self.sent: list[tuple[Contract, str]] = []

    async def command(self, cmd: Contract, msg_id: str) -> None:
        self.sent.append((cmd, msg_id))


def started_run(runs: ResearchRuns, question: str = "Who was the drummer of Rush?", **request: Any) -> UUID:
    """A run started (``RunStarted``) in ``runs``; ``request``: ``RunRequested`` fields."""
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question=question, **{"scope": "local", **request}))
    return run_id


def fetched_run(runs: ResearchRuns, documents: FakeDocuments, texts: Sequence[tuple[str, str]],
                question: str = "Who was the drummer of Rush?", domain: str = "general",
                **request: Any) -> tuple[UUID, list[UUID]]:
    """A run planned (one sub-query), searched and with every source of ``texts`` ((url, text) pairs) fetched:
    returns (run id, source ids in order). The texts are stored in ``documents``."""
    run_id = started_run(runs, question, **request)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": question}], domain, "en", "offline", False)
    hits = [{"url": url, "title": url, "snippet": "", "provider": "local", "rank": i, "score": 1.0}
            for i, (url, _) in enumerate(texts, start=1)]
    runs.record_search(run_id, "q1", question, 1, hits, True, [])
    source_ids = []
    for url, text in texts:
        sid = source_id_for(run_id, url)
        digest = documents.put(text)
        runs.record_source_fetched(run_id, sid, url=url, final_url=url, content_type="text/plain", title=url,
                                   text_sha256=digest, chars=len(text), via="local")
        source_ids.append(sid)
    return run_id, source_ids


def counting_loads(runs: ResearchRuns) -> tuple[list[UUID], Callable[[UUID], RunView]]:
    """Count ``runs``' store reads: ``runs.get_run`` is replaced by a wrapper that appends each run id it loads to the
    returned list (in call order) and then loads it as before. Returns that list and the unwrapped ``get_run``, for
    the test's own reads that must not count."""
    loads: list[UUID] = []
    get_run = runs.get_run

    def counted(run_id: UUID) -> RunView:
        loads.append(run_id)
        return get_run(run_id)

    runs.get_run = counted  # type: ignore[method-assign]
    return loads, get_run
