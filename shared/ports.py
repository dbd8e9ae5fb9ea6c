"""The collaborators the stages' handlers are given (issue 8: handlers are plain functions with typed inputs and
injected collaborators, the cosmicpython ``handler(cmd, uow)`` pattern).

Each is a :class:`typing.Protocol` the real object satisfies (``shared.store.ResearchRuns``,
``shared.docstore.DocumentStore``, ``shared.bus.Publisher``), so a handler can be called in a unit test with an
in-memory stand-in (the event store on eventsourcing's POPO recorder, a dict of documents, a list of published
commands) and in production with the real ones, which ``services/<stage>/handlers.py`` builds from the runtime.
A stage's own store protocol (the ``record_*`` methods it calls) extends :class:`RunReader` in its
``handlers.py``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol
from uuid import UUID

from contracts import Contract, VerifyClaim
from shared.domain import RunView


class RunReader(Protocol):
    """Reads one run's state. Raises: RunNotFound for an unknown run; StoreUnavailable."""

    def get_run(self, run_id: UUID) -> RunView:
        """The run's current state, typed and frozen."""
        ...


class Documents(Protocol):
    """Content-addressed text (``shared.docstore.DocumentStore``): keyed by the SHA-256 hex digest of the text."""

    def put(self, text: str, content_type: str = "text/plain") -> str:
        """Store ``text``; returns its SHA-256 hex digest."""
        ...

    def get(self, digest: str) -> str | None:
        """The text stored under ``digest``, None when there is none."""
        ...

    def get_many(self, digests: list[str]) -> dict[str, str]:
        """digest -> text for every stored one of ``digests`` (missing ones left out)."""
        ...


class Commands(Protocol):
    """Publishes commands on the bus (``shared.bus.Publisher``). Raises: BusUnavailable."""

    async def command(self, cmd: Contract, msg_id: str) -> None:
        """Publish ``cmd`` on its subject; ``msg_id`` de-duplicates a re-publication (JetStream ``Nats-Msg-Id``)."""
        ...


class DomainRuns(RunReader, Protocol):
    """What a domain service (``services/domain_*``) records: its own events, then its analysis."""

    def record_domain_event(self, run_id: UUID, name: str, method: str, payload: dict[str, Any]) -> bool:
        """Record the service's own event ``name`` through the aggregate's method ``method`` (once per name)."""
        ...

    def record_domain_analysis(self, run_id: UUID, *, domain: str, status: str,
                               sections: list[dict[str, Any]] | None = None,
                               sources: list[dict[str, Any]] | None = None, notes: list[str] | None = None,
                               reason: str = "", max_tier: str = "high", engine: str = "offline",
                               degraded: bool = False, pick: dict[str, Any] | None = None) -> bool:
        """Record ``DomainAnalysisCompleted`` (once; ``pick``: ``contracts.PickBacking`` as JSON)."""
        ...

    def propose_domain_figures(self, run_id: UUID, *, domain: str, figures: list[dict[str, Any]],
                               sections: list[dict[str, Any]], sources: list[dict[str, Any]], notes: list[str],
                               max_tier: str = "high", engine: str = "offline", degraded: bool = False,
                               pick: dict[str, Any] | None = None) -> bool:
        """Record ``DomainFiguresProposed`` (once): the figures become claims for the verifier and the analysis
        (``DomainAnalysisCompleted``) is recorded once each has a verdict."""
        ...


async def ask_figure_verification(commands: Commands | None, run: RunView, domain: str) -> bool:
    """Publish ``VerifyClaim`` for each of ``run``'s figures proposed by ``domain`` (``"shopping"``, ``"code"``) still
    without a verdict (the message id is the claim id: a repeat is de-duplicated by the bus); nothing is published
    when ``commands`` is None. Returns whether the run has figures of that domain at all."""
    mine = [c for c in run.claims.values() if c.figure is not None and c.figure.domain == domain]
    if commands is not None:
        for claim in mine:
            if claim.verdict is None:
                await commands.command(VerifyClaim(run_id=run.run_id, claim_id=UUID(claim.claim_id)), claim.claim_id)
    return bool(mine)


async def run_after(runs: RunReader, run_id: UUID, seq: int) -> RunView:
    """Run ``run_id``'s state for a handler of its event of version ``seq`` (the event's ``seq``): this process's
    cached state when it holds that event already (``ResearchRuns.cached_run``: no round trip, no worker thread),
    else a load (``get_run`` on a worker thread). Either is the event's state or a later one, which is all a
    handler of that event may count on (it could have been delivered at once). Raises: as ``get_run``."""
    cached: Callable[[UUID, int], RunView | None] | None = getattr(runs, "cached_run", None)
    if cached is not None:
        view = cached(run_id, seq)
        if view is not None:
            return view
    return await asyncio.to_thread(runs.get_run, run_id)


async def run_holding(runs: RunReader, run_id: UUID, holds: Callable[[RunView], bool]) -> RunView:
    """Run ``run_id``'s state for a unit's handler (a command, which names no version of the run): this process's
    cached state when ``holds`` says it is at or after the state the command was published in (a ``VerifyClaim``:
    the run's extraction completed and its claim is in it), with no round trip and no worker thread; else a load
    (``get_run`` on a worker thread), as :func:`run_after` does for an event. A unit's handler reads its run once
    per unit, so a fan-out of 200 claims made 200 store reads while the process's cache was current (issue 10).

    The cached state may lag what another process recorded since (a replica's verdict on the same unit, the run's
    close at its deadline): a handler using it may compute a result that is then not recorded, never one recorded
    twice or after the close, because every write checks again on the latest version under the run's lock. A
    handler about to spend more than CPU on it (a model call) should load instead. Raises: as ``get_run``."""
    cached: Callable[[UUID, int], RunView | None] | None = getattr(runs, "cached_run", None)
    if cached is not None:
        view = cached(run_id, 0)
        if view is not None and holds(view):
            return view
    return await asyncio.to_thread(runs.get_run, run_id)
