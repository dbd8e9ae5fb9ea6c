"""The event store: ``ResearchRuns``, an eventsourcing ``Application`` of ``ResearchRun`` aggregates on PostgreSQL.

Stages call its methods (synchronous; run them in a thread from async code). Each method loads the run,
checks state (idempotency: a redelivered unit whose result is already recorded changes nothing), records
the unit's event plus any fan-in event it completes, and saves with optimistic concurrency, retrying on
conflict. Methods return plain data, never aggregates.

Stored events are relayed to NATS by ``shared.relay`` (record first, publish from the record).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar, cast
from uuid import UUID, uuid4

import psycopg
from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError, Notification
from eventsourcing.persistence import StoredEvent as StoredEventRecord
from eventsourcing.postgres import PostgresAggregateRecorder
from eventsourcing.utils import get_topic
from psycopg import sql

from contracts import EVENT_TYPES, Event, RunRequested
from shared.db import connection_alive, retry_transient
from shared.domain import EvalRun, ResearchRun, RunView, RunViews, dead_letter_line, event_id_for, open_claims_at_most
from shared.errors import ConcurrencyConflict, PlanReviewRefused, RunNotFound
from shared.retraction import retracted_works
from shared.urls import page_key

log = logging.getLogger("assay.store")
T = TypeVar("T")
#: the optional page metadata of ``SourceFetched`` (None when unknown)
PAGE_METADATA = ("author", "published", "modified", "language", "html_sha256")
_ENVELOPE = {"originator_id", "originator_version", "timestamp", "originator_topic", "run_id"}


def to_contract(domain_event: Any, seq: int | None = None) -> Event:
    """Convert a stored ``ResearchRun`` event into its contract (envelope: event_id, run_id, seq, occurred_at).
    ``seq``: the version the event was stored at when it differs from the one it was made with (an appended unit
    result, see ``ResearchRuns._append_units``); None: its own ``originator_version``."""
    name = type(domain_event).__qualname__.split(".")[-1]
    cls = EVENT_TYPES[name]
    payload = {k: v for k, v in domain_event.__dict__.items() if k not in _ENVELOPE}
    run_id = domain_event.originator_id
    seq = int(domain_event.originator_version) if seq is None else int(seq)
    return cls.model_validate({
        **payload, "event_id": event_id_for(run_id, seq), "run_id": run_id, "seq": seq,
        "occurred_at": domain_event.timestamp,
    })


#: the first key of the runs' advisory locks (``pg_advisory_xact_lock(int, int)``; "Assy")
RUN_LOCK_CLASS = 0x41737379


def run_lock_key(run_id: UUID) -> tuple[int, int]:
    """The two 32-bit keys of run ``run_id``'s advisory lock: :data:`RUN_LOCK_CLASS` and 32 bits of the id (two
    runs sharing them only take turns). The two-key space never meets the one-key locks (migrate's 4242)."""
    low = run_id.int & 0xFFFFFFFF
    return RUN_LOCK_CLASS, low - (1 << 32) if low >= 1 << 31 else low


@dataclass(frozen=True)
class Unit:
    """The unit a change records the result of, when that result commutes with the results of the run's other units
    (see ``ResearchRuns._append_units``): ``kind`` one of :data:`UNIT_EVENTS`' keys, ``key`` the unit's id as the
    stored event holds it (a claim's or source's id in hex, a sub-query's id), ``text`` a fetched source's
    ``text_sha256`` (None for the other kinds)."""

    kind: str
    key: str
    text: str | None = None


#: per kind of unit result: the one event its change records when it is appended (anything else it records, a
#: fan-in or a duplicate source's failure, sends the batch down the locked path), and the events that may have been
#: stored after the cached copy it was made on (each of another unit: see ``ResearchRuns._append_units``)
UNIT_EVENTS: dict[str, tuple[str, frozenset[str]]] = {
    "verdict": ("ClaimVerified", frozenset({"ClaimVerified"})),
    "claims": ("ClaimsExtracted", frozenset({"ClaimsExtracted", "SourceFetched", "SourceFailed", "ClaimVerified"})),
    "fetched": ("SourceFetched", frozenset({"ClaimsExtracted", "SourceFetched", "SourceFailed", "ClaimVerified"})),
    "search": ("SearchCompleted", frozenset({"SearchCompleted"})),
}


class _Pending:
    """One change waiting in a run's write batch, and its outcome once the batch is written. ``unit``: for a unit's
    result that commutes with the results of other units (a claim's verdict, a source's fetch or claims, a
    sub-query's search; see ``ResearchRuns._append_units``), which unit; else None."""

    __slots__ = ("change", "unit", "done", "_result", "_error")

    def __init__(self, change: Callable[[ResearchRun], Any], unit: Unit | None = None) -> None:
        self.change = change
        self.unit = unit
        self.done = False
        self._result: Any = None
        self._error: BaseException | None = None

    def succeed(self, result: Any) -> None:
        self._result, self.done = result, True

    def fail(self, error: BaseException) -> None:
        self._error, self.done = error, True

    def outcome(self) -> Any:
        """The change's result; raises its error."""
        if self._error is not None:
            raise self._error
        return self._result


def _fan_in_verdicts(run: ResearchRun) -> bool:
    """The fan-ins a claim's verdict may complete (as ``record_verdict`` does them): ``ClaimsVerified`` once every
    claim to verify has a verdict, a domain analysis once its figures all have. Returns whether one was recorded."""
    if run.closed:
        return False
    verified = run.maybe_complete_verification()
    return run.maybe_complete_domain_analysis() or verified


def _fan_in_units(kinds: frozenset[str], run: ResearchRun) -> bool:
    """The fan-ins the appended results of units of ``kinds`` may complete, as their ``record_*`` changes do them:
    ``SourcesSelected`` once every sub-query's last hop is in (``record_search``), ``ExtractionCompleted`` once
    every source failed or had its claims extracted (``record_claims``, ``record_source_fetched``), and a verdict's
    (:func:`_fan_in_verdicts`). Nothing once the run is closed. Returns whether one was recorded."""
    if run.closed:
        return False
    done = False
    if "search" in kinds and not run.sources_selected:
        done = run.maybe_select_sources() or done
    if kinds & {"claims", "fetched"}:
        done = run.maybe_complete_extraction() or done
    if "verdict" in kinds:
        done = _fan_in_verdicts(run) or done
    return done


def _end_transaction(conn: Any) -> None:
    """Roll back what is left open on ``conn`` (a change raised, a conflict, an error), so the run's advisory lock
    is released before the connection goes back to the pool; a connection that broke is left to the pool."""
    if conn.closed or conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE:
        return
    try:
        conn.execute("ROLLBACK")
    except psycopg.Error:  # (a broken connection: the pool discards it; the server ends its transaction)
        pass


@dataclass(frozen=True)
class Appended:
    """The outcome of appending a batch of verdicts (``ResearchRuns.save(..., appending=...)``): ``ok`` whether the
    check held and the events were stored (else nothing was), ``newer`` the events stored after the version the
    verdicts were made on (other claims' verdicts), ``events`` how many were stored now."""

    ok: bool
    newer: int
    events: int


@dataclass(frozen=True)
class StoredEvent:
    """One event of the application log: its global position and the contract."""

    position: int
    event: Event


@dataclass(frozen=True)
class CommittedEvent:
    """An event just committed by this process's store (see ``ResearchRuns.on_commit``): its global ``position``, the
    domain event and the version it was stored at (``seq``: an appended unit result's may differ from the one it was
    made with). Its contract is built only when asked (:meth:`stored`), by whoever publishes it, not by the writer."""

    position: int
    domain_event: Any
    seq: int

    def stored(self) -> StoredEvent:
        """The event as the log gives it (:meth:`ResearchRuns.read_log`): position and contract.
        Raises: pydantic's ValidationError, KeyError (no contract of its type)."""
        return StoredEvent(position=self.position, event=to_contract(self.domain_event, self.seq))


#: called with the events of each transaction of this process's store, right after its commit (see
#: ``ResearchRuns.on_commit``)
CommitListener = Callable[[list[CommittedEvent]], None]


class ResearchRuns(Application[UUID]):
    """All research runs. Configure with ``ResearchRuns(env=endpoints.eventsourcing_env())``.

    Raises (from every method): RunNotFound for an unknown run id; ConcurrencyConflict when a write kept
    conflicting after ``retries`` attempts; StoreUnavailable when PostgreSQL stayed unreachable: a transient
    error (connection reset, serialization failure, server restarting) is retried ``attempts`` times in all with
    a doubling back-off from ``backoff_s`` seconds (a command's load, change and save are repeated together),
    and the error then names what stayed down, the attempts and the last error.
    """

    env = {
        "AGGREGATE_CACHE_MAXSIZE": "500",
        "AGGREGATE_CACHE_FASTFORWARD": "y",
        "COMPRESSOR_TOPIC": "",
    }

    def __init__(self, env: dict[str, str] | None = None, *, retries: int = 20, attempts: int = 5,
                 backoff_s: float = 0.1) -> None:
        super().__init__(env=env)
        self.retries = retries
        self.attempts = attempts
        self.backoff_s = backoff_s
        self._load_locks = tuple(threading.Lock() for _ in range(64))
        self._write_locks = tuple(threading.Lock() for _ in range(64))
        self._queue_lock = threading.Lock()
        self._queues: dict[UUID, list[_Pending]] = {}
        self._views = RunViews()
        self._commit_listeners: list[CommitListener] = []
        #: names this store in the payload of its commits' notifications (``position:origin``), so a relay in the
        #: same process knows a notified commit is one handed to it (see ``on_commit``) and need not read it
        self.origin = uuid4().hex[:16]
        # unit results appended without a load under the run's lock (``_append_units``): the stored state must be
        # plain JSON for the check of the events stored meanwhile (neither compressed nor encrypted)
        self._appends = (getattr(self.mapper, "cipher", None) is None
                         and getattr(self.mapper, "compressor", None) is None)
        # the event store's pool hands out only live connections (checked without a round trip, as the runtime's
        # pool is: shared.db.open_pool): a connection the server closed (a restart) is replaced, not tried
        pool = getattr(getattr(self.recorder, "datastore", None), "pool", None)
        if pool is not None and hasattr(pool, "_check"):
            pool._check = connection_alive

    # ---- commits handed over ----------------------------------------------------------------------
    def on_commit(self, listener: CommitListener) -> Callable[[], None]:
        """Call ``listener`` with the events of every transaction this store commits from now on, right after the
        commit, on the committing thread (a worker thread, while it still holds the run's turn: the listener must
        only hand them on, e.g. with ``loop.call_soon_threadsafe``): a list of :class:`CommittedEvent` (global
        position, domain event, stored version; :meth:`CommittedEvent.stored` gives what :meth:`read_log` would),
        in position order. Their contracts are not built here: that is CPU work (pydantic) that would lengthen the
        write and hold the GIL against the process's other threads, so the publisher builds them. The event relay of
        the same process publishes them at once instead of reading them back from the log
        (``shared.runtime.EventRelay``). A listener's error is logged, never raised into the write (its events are
        committed; the relay reads them from the log then). Returns a function that removes the listener."""
        self._commit_listeners.append(listener)

        def remove() -> None:
            if listener in self._commit_listeners:
                self._commit_listeners.remove(listener)
        return remove

    def _committed(self, events: Sequence[Any], positions: Sequence[int], seqs: Sequence[int] | None = None) -> None:
        """Hand the domain ``events`` of a transaction just committed, stored at global ``positions`` (and at the
        versions ``seqs``, when not their own), to the commit listeners (see :meth:`on_commit`)."""
        listeners = list(self._commit_listeners)
        if not listeners or not events:
            return
        if len(positions) != len(events):  # (committed all the same: the relay reads them from the log)
            log.error("committed events not handed over: %d events at %d positions", len(events), len(positions))
            return
        handed = [CommittedEvent(int(p), ev, int(ev.originator_version) if seqs is None else int(seqs[i]))
                  for i, (ev, p) in enumerate(zip(events, positions, strict=True))]
        for listener in listeners:
            try:
                listener(handed)
            except Exception:  # noqa: BLE001 (see on_commit)
                log.exception("a commit listener failed")

    def _notify(self, recordings: list[Any]) -> None:
        """eventsourcing's hook after ``Application.save`` stored events (a run's creation, an evaluation, a store
        other than PostgreSQL): hands them to the commit listeners."""
        self._committed([r.domain_event for r in recordings], [r.notification.id for r in recordings])

    # ---- helpers ----------------------------------------------------------------------------------
    def _load(self, run_id: UUID) -> ResearchRun:
        """The run, fast-forwarded from the cache: a shallow copy of the cached aggregate, never a deep one.

        The aggregate's state is copy-on-write and read-only (``shared.domain``: its events rebind attributes to
        new frozen containers), so a copy of its attribute table is a consistent, private snapshot: a command's
        events change only the copy, and nobody can change the containers it shares with the cache. The
        fast-forward applies new events to the cached aggregate in place, so loads of one run are serialised
        in this process (striped locks; other runs go on) and the copy is taken under the lock.
        """
        return self._retrying(lambda: self._load_once(run_id))

    def _retrying(self, fn: Callable[[], T]) -> T:
        return retry_transient(fn, attempts=self.attempts, backoff_s=self.backoff_s,
                               what="PostgreSQL (the event store)")

    def _load_once(self, run_id: UUID) -> ResearchRun:
        """One load (see :meth:`_load`). A cached run is fast-forwarded with the events read (and decoded) outside
        the run's load lock, so that the loads of one run by a process's worker threads wait on each other only for
        the copy and the events none of them applied yet, never for a round trip; a run not in the cache is read
        whole under the lock."""
        lock = self._load_locks[hash(run_id) % len(self._load_locks)]
        cache = self.repository.cache
        if cache is not None:
            try:
                version = int(cache.get(run_id).version)
            except KeyError:
                pass
            else:
                newer = list(self.repository.event_store.get(run_id, gt=version))
                with lock:
                    try:
                        cached = cast(ResearchRun, cache.get(run_id))
                    except KeyError:  # (evicted meanwhile: read whole below)
                        pass
                    else:
                        for ev in newer:  # (another load may have fast-forwarded it past some of them)
                            if ev.originator_version > cached.version:
                                cast(Any, ev).mutate(cached)
                        return self._copy(cached)
        with lock:
            try:
                whole: ResearchRun = self.repository.get(run_id, deepcopy_from_cache=False)
            except AggregateNotFoundError:
                raise RunNotFound(f"no run {run_id}") from None
            assert isinstance(whole, ResearchRun)
            return self._copy(whole)

    @staticmethod
    def _copy(cached: ResearchRun) -> ResearchRun:
        """A private, shallow copy of ``cached`` with no pending events (see :meth:`_load`)."""
        run: ResearchRun = object.__new__(ResearchRun)
        run.__dict__.update(cached.__dict__)
        run.__dict__["_pending_events"] = []
        return run

    def _mutate(self, run_id: UUID, change: Callable[[ResearchRun], T], *, unit: Unit | None = None) -> T:
        """Load, apply ``change``, save, as one writer of the run across every process, in batches (group commit).

        One writer per run, across processes: a save happens under a PostgreSQL advisory lock on the run
        (``pg_advisory_xact_lock``, see :func:`run_lock_key`), taken before the load and released when the
        save is done, so two processes recording results of one run take turns instead of conflicting and
        redoing their work; a process that crashes holding it releases it with its connection.

        Batches: in a process, the worker threads that record results of the same run queue their changes; the
        first takes the run's turn (striped locks: other runs go on), loads the run once, applies every queued
        change in order and saves their events in one transaction; the others get their result from it. While a
        turn is held (here or in another process), new results queue up, so the busier a run the larger its
        batches: the writes of a run cost one load and one commit per batch instead of per result.

        A change that raises gets its error; the rest of its batch is applied again on a fresh load (a change has
        no side effects: it may be called again). A save refused for a stale version (a writer without the lock)
        repeats the batch after a fresh load, at most ``retries`` times; a transient PostgreSQL error repeats the
        load, changes and save together (a failed save loses the aggregate's pending events).

        ``unit``: ``change`` records that unit's result and, at most, a fan-in (``record_verdict``,
        ``record_claims``, ``record_source_fetched``, ``record_search``): a batch of only such changes is appended
        without a load under the lock (:meth:`_append_units`).
        """
        entry = _Pending(change, unit)
        with self._queue_lock:
            self._queues.setdefault(run_id, []).append(entry)
        with self._write_locks[hash(run_id) % len(self._write_locks)]:
            if not entry.done:
                with self._queue_lock:
                    batch = self._queues.pop(run_id, [])
                self._write_batch(run_id, batch)
        return cast(T, entry.outcome())

    def _write_batch(self, run_id: UUID, batch: list[_Pending]) -> None:
        """Apply and save ``batch`` (see ``_mutate``); every entry ends done, with a result or an error."""
        pending = list(batch)
        conflicts = 0
        delay = 0.005
        try:
            while pending:
                outcome = self._retrying(partial(self._attempt, run_id, pending))
                if outcome == "saved":
                    return
                if outcome == "fan-in":  # results appended: the run's fan-in may be due, checked under the lock
                    kinds = frozenset(e.unit.kind for e in batch if e.unit is not None)
                    pending = [_Pending(partial(_fan_in_units, kinds))]
                    continue
                if outcome == "conflict":
                    conflicts += 1
                    if conflicts >= self.retries:
                        raise ConcurrencyConflict(f"run {run_id}: write conflicted {self.retries} times")
                    time.sleep(delay)
                    delay = min(delay * 2, 0.2)
                pending = [e for e in pending if not e.done]  # "raised": the others again, on a fresh load
        except BaseException as exc:
            for e in pending:
                if not e.done:
                    e.fail(exc)
            if not isinstance(exc, Exception):
                raise

    def _attempt(self, run_id: UUID, pending: list[_Pending]) -> str:
        """One load, the changes of ``pending`` and one save, under the run's advisory lock. Returns "saved"
        (every entry done), "conflict" (the save was refused: none done) or "raised" (a change raised: that
        entry done with its error, nothing saved).

        On PostgreSQL the whole attempt is one transaction on one connection in two round trips (pipeline
        mode): (1) ``BEGIN``, the run's advisory lock and the run's events after the cached version (the
        fast-forward of the load); (2) the event table's lock, the insert, ``NOTIFY`` and ``COMMIT`` (see
        :meth:`_save_locked`). Other stores: load and save without a lock."""
        datastore = getattr(self.recorder, "datastore", None)
        if datastore is None or not hasattr(datastore, "get_connection"):
            run = self._load_once(run_id)
            results = self._apply(run, pending)
            if results is None:
                return "raised"
            if run.__dict__["_pending_events"]:
                try:
                    self.save(run)
                except IntegrityError:
                    return "conflict"
            return self._succeed(pending, results)
        with datastore.get_connection() as conn:
            try:
                if self._appends and all(e.unit is not None for e in pending):
                    appended = self._append_units(conn, run_id, pending)
                    if appended is not None:
                        return appended
                run = self._locked_load(conn, run_id)
                results = self._apply(run, pending)
                if results is None:
                    return "raised"
                if run.__dict__["_pending_events"]:
                    try:
                        self.save(run, locked_connection=conn)
                    except IntegrityError:
                        return "conflict"
                    self._cache_saved(run)
                else:
                    conn.execute("COMMIT")
            finally:
                _end_transaction(conn)
        return self._succeed(pending, results)

    def _append_units(self, conn: Any, run_id: UUID, pending: list[_Pending]) -> str | None:
        """Append the results of ``pending`` (every entry a unit's result: a claim's verdict, a source's fetch or
        claims, a sub-query's search) to run ``run_id``'s stream without reading the run under its lock. Returns
        "saved" (every entry done), "fan-in" (done, and the run's fan-in may be due: the caller checks it under the
        lock), or None (nothing stored, no entry done: the caller takes the locked path).

        The changes are applied to a copy of this process's cached aggregate (version ``v``, no round trip). A unit's
        result commutes with the results of other units: its change reads its own unit's state and the run's status
        (a fetched source also the texts of the others, to find a duplicate), and its event changes only its unit.
        So the copy's outcome is the one a load of the latest version would give as long as every event stored
        after ``v`` is another unit's result of the kinds :data:`UNIT_EVENTS` allows beside each of these (another
        claim's verdict beside a verdict; another source's fetch, failure or claims beside a source's; another
        sub-query's search beside a search), and no source fetched meanwhile has the same text as one fetched
        here. One transaction in one round trip (pipelined) checks exactly that under the run's advisory lock and,
        when it holds, inserts the new events at the versions after the latest: ``BEGIN``, the run's lock, the
        event table's lock, check-and-insert with its ``NOTIFY``, ``COMMIT``. The lock is held only while the server runs
        those statements, never while this process computes or waits for a CPU, so writers of one run in many
        processes do not wait on each other's work. A check that fails (a cancel, a deadline, a fan-in, another
        result of one of these units, came in) stores nothing, and a change that records anything but its unit's
        event (a fan-in, a duplicate source's failure) is never appended: the locked path decides both on the
        latest version. Fan-in stays exactly once: it is decided under the lock on the latest version by
        :func:`_fan_in_units` (as the ``record_*`` changes do it) whenever the units left open in the copy are no
        more than the events stored after ``v`` (each closes at most one).
        Raises: the datastore's errors (the caller rolls back and retries transient ones)."""
        run = self._cached_copy(run_id)
        if run is None:
            return None
        units = [e.unit for e in pending if e.unit is not None]
        own = {getattr(ResearchRun, UNIT_EVENTS[u.kind][0]) for u in units}
        results: list[Any] = []
        for e in pending:
            try:
                results.append(e.change(run))
            except Exception:  # noqa: BLE001 (decided again on the latest version, where its error is handed on)
                return None
        events = run.__dict__["_pending_events"]
        if any(type(ev) not in own for ev in events):
            return None  # (a fan-in or anything else: the locked path decides it on the latest version)
        appended = cast(Appended, self.save(run, appending=conn, units=units))
        if not appended.ok:
            return None
        self._succeed(pending, results)
        if appended.newer == 0 and appended.events:
            self._cache_saved(run)  # (its versions are the stored ones)
        return "fan-in" if self._fan_in_due(run, {u.kind for u in units}, appended.newer) else "saved"

    @staticmethod
    def _fan_in_due(run: ResearchRun, kinds: set[str], newer: int) -> bool:
        """Whether a fan-in may be due on the latest version of ``run`` (a copy with units of ``kinds`` just appended,
        ``newer`` events stored after the version it was made on): the units it still has open are no more than
        those events."""
        due = False
        if "verdict" in kinds:
            due = (run.extraction_completed and not run.claims_verified
                   and open_claims_at_most(run.claims, run.claims_to_verify, newer))
            domain = getattr(run, "domain_pending", None)
            if domain and getattr(run, "domain_analysis", None) is None:
                due = due or sum(1 for c in domain["figure_ids"] if run.claims[c]["verdict"] is None) <= newer
        # (a source just fetched stays open until its claims are in: appending one never makes ExtractionCompleted due)
        if "claims" in kinds and run.sources_selected and not run.extraction_completed:
            due = due or sum(1 for src in run.sources.values() if src["status"] in ("pending", "fetched")) <= newer
        if "search" in kinds and not run.sources_selected:
            due = due or len(run.searches_pending) <= newer
        return bool(due)

    def _append(self, conn: Any, run: ResearchRun, units: Sequence[Unit]) -> Appended:
        """See :meth:`save` (``appending``)."""
        events = run.collect_events()
        version = int(run.version) - len(events)
        stored = [self.mapper.to_stored_event(ev) for ev in events]
        allowed = frozenset.intersection(*(UNIT_EVENTS[u.kind][1] for u in units)) if units else frozenset()
        recorder = cast(Any, self.recorder)
        with conn.pipeline() as pipeline:
            conn.execute("BEGIN")
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", run_lock_key(run.id))
            if stored:
                recorder._lock_table(conn.cursor())
            cur = conn.cursor()
            cur.execute(self._append_statement, {
                "run": run.id, "version": version, "keys": [u.key for u in units],
                "texts": [u.text for u in units if u.text is not None],
                "allowed": sorted(get_topic(getattr(ResearchRun, name)) for name in allowed),
                "topics": [s.topic for s in stored], "states": [s.state for s in stored],
                "channel": recorder.channel_name, "origin": f":{self.origin}"}, prepare=True)
            conn.execute("COMMIT")
            pipeline.sync()
            row = cur.fetchone()
        assert row is not None
        if row["ok"] and stored:
            newer = int(row["n"])
            self._committed(events, list(row["ids"] or []), [version + newer + i for i in range(1, len(events) + 1)])
        return Appended(ok=bool(row["ok"]), newer=int(row["n"]), events=len(stored) if row["ok"] else 0)

    @property
    def _notify_statement(self) -> sql.Composed:
        """``NOTIFY`` on the event store's channel (the relay's wake-up, delivered at commit) with the payload
        ``position:origin``: the transaction's last global position and this store's :attr:`origin`, so a relay that
        published that far already, or that this store hands its commits to (:meth:`on_commit`), need not read the
        log for it; issued after the insert, under the event table's lock (the highest position is this
        transaction's). Parameters: the channel, ``":" + origin``."""
        recorder = cast(Any, self.recorder)
        return sql.SQL("SELECT pg_notify(%s, max(notification_id)::text || %s) FROM {}.{}").format(
            sql.Identifier(recorder.datastore.schema), sql.Identifier(recorder.events_table_name))

    @property
    def _append_statement(self) -> sql.Composed:
        """The check-and-insert of :meth:`_append_units`: parameters run, version (the copy's), keys (the units'
        keys), texts (the ``text_sha256`` of the sources fetched here), allowed (the topics that may have been stored
        after ``version``), topics and states (the new stored events), channel (the event store's); one row: ``n``
        the number of events stored after ``version``, ``ok`` whether the new ones were inserted, ``ids`` their global
        positions in order (when inserted, the channel is notified with the last: see :meth:`_notify_statement`). An
        event stored after ``version`` passes when its topic is allowed, it names a unit (a claim's id, else a
        source's, else a sub-query's) that is none of ``keys``, and its ``text_sha256`` (a fetched source's) is none
        of ``texts``."""
        recorder = cast(Any, self.recorder)
        table = sql.SQL("{}.{}").format(sql.Identifier(recorder.datastore.schema),
                                        sql.Identifier(recorder.events_table_name))
        return sql.SQL(
            "WITH stored AS (SELECT topic, convert_from(state, 'UTF8')::jsonb AS j "
            "FROM {table} WHERE originator_id = %(run)s AND originator_version > %(version)s), "
            "newer AS (SELECT topic, coalesce(j #>> '{{claim_id,_data_}}', j #>> '{{source_id,_data_}}', "
            "j ->> 'sub_query_id') AS unit, j ->> 'text_sha256' AS text FROM stored), "
            "checked AS (SELECT count(*) AS n, coalesce(bool_and(topic = ANY(%(allowed)s::text[]) "
            "AND unit IS NOT NULL AND NOT unit = ANY(%(keys)s::text[]) "
            "AND (text IS NULL OR NOT text = ANY(%(texts)s::text[]))), true) AS ok FROM newer), "
            "inserted AS (INSERT INTO {table} (originator_id, originator_version, topic, state) "
            "SELECT %(run)s, %(version)s + checked.n + e.ord, e.topic, e.state FROM checked, "
            "unnest(%(topics)s::text[], %(states)s::bytea[]) WITH ORDINALITY AS e(topic, state, ord) WHERE checked.ok "
            "RETURNING notification_id), "
            "ids AS (SELECT array_agg(notification_id ORDER BY notification_id) AS ids FROM inserted) "
            "SELECT checked.n, checked.ok, ids.ids, CASE WHEN ids.ids IS NOT NULL "
            "THEN pg_notify(%(channel)s, ids.ids[array_upper(ids.ids, 1)]::text || %(origin)s) END AS notified "
            "FROM checked, ids").format(table=table)

    def _cached_copy(self, run_id: UUID) -> ResearchRun | None:
        """A private copy of run ``run_id``'s cached aggregate as it is (no round trip; see :meth:`_load_once`), or
        None when the cache does not hold it."""
        cache = self.repository.cache
        if cache is None:
            return None
        with self._load_locks[hash(run_id) % len(self._load_locks)]:
            try:
                return self._copy(cast(ResearchRun, cache.get(run_id)))
            except KeyError:
                return None

    @staticmethod
    def _apply(run: ResearchRun, pending: list[_Pending]) -> list[Any] | None:
        """The results of ``pending``'s changes applied to ``run`` in order; None when one raised (that entry is
        then done with its error)."""
        results: list[Any] = []
        for e in pending:
            try:
                results.append(e.change(run))
            except Exception as exc:  # noqa: BLE001 (the caller's error, handed to it)
                e.fail(exc)
                return None
        return results

    @staticmethod
    def _succeed(pending: list[_Pending], results: list[Any]) -> str:
        for e, result in zip(pending, results, strict=True):
            e.succeed(result)
        return "saved"

    def _locked_load(self, conn: Any, run_id: UUID) -> ResearchRun:
        """Begin a transaction on ``conn`` (an autocommit connection of the event store), take run ``run_id``'s
        advisory lock in it (every process on the database: see :func:`run_lock_key`) and return a private copy
        of the run at its latest version, in one round trip: the lock and the read of the events stored after the
        cached aggregate's version are pipelined behind ``BEGIN``. The cached aggregate is fast-forwarded with
        them in place (under the run's load lock, as :meth:`_load_once` does) and copied shallowly.
        Raises: RunNotFound; the datastore's errors (a lost connection: OperationalError)."""
        recorder = self.recorder
        try:  # the cached aggregate (a miss reads the run whole, once, on another connection)
            version = int(self.repository.cache.get(run_id).version)  # type: ignore[union-attr]
        except KeyError:
            self._load_once(run_id)
            version = int(self.repository.cache.get(run_id).version)  # type: ignore[union-attr]
        statement = recorder.select_events_statement + sql.SQL(  # type: ignore[attr-defined]
            " AND originator_version > %s ORDER BY originator_version ASC")
        with conn.pipeline() as pipeline:
            conn.execute("BEGIN")
            conn.execute("SELECT pg_advisory_xact_lock(%s, %s)", run_lock_key(run_id))
            cur = conn.cursor()
            cur.execute(statement, (run_id, version), prepare=True)
            pipeline.sync()
            rows = cur.fetchall()
        stored = [StoredEventRecord(originator_id=r["originator_id"], originator_version=r["originator_version"],
                                    topic=r["topic"], state=bytes(r["state"])) for r in rows]
        with self._load_locks[hash(run_id) % len(self._load_locks)]:
            try:
                cached = cast(ResearchRun, self.repository.cache.get(run_id))  # type: ignore[union-attr]
            except KeyError:  # evicted meanwhile: read it whole (under the lock: nothing newer than ``rows``)
                cached = cast(ResearchRun, self.repository.get(run_id, deepcopy_from_cache=False))
            else:
                for record in stored:  # (another load may have fast-forwarded it past some of them)
                    if record.originator_version > cached.version:
                        cast(Any, self.mapper.to_domain_event(record)).mutate(cached)
            run: ResearchRun = object.__new__(ResearchRun)
            run.__dict__.update(cached.__dict__)
        run.__dict__["_pending_events"] = []
        return run

    def _cache_saved(self, run: ResearchRun) -> None:
        """Make ``run``, just saved (its events stored and committed), the cached aggregate of its run when the
        cache holds an older version: the next load in this process then reads nothing it wrote itself (the copy
        shares its unchanged containers with the cache, and its changed ones are new and frozen)."""
        cache = self.repository.cache
        if cache is None:
            return
        with self._load_locks[hash(run.id) % len(self._load_locks)]:
            try:
                cached = cache.get(run.id)
            except KeyError:
                return
            if cached.version < run.version:
                cache.put(run.id, run)

    def save(self, *objs: Any, locked_connection: Any = None, appending: Any = None, units: Sequence[Unit] = (),
             **kwargs: Any) -> Any:
        """Store the pending events of ``objs`` (eventsourcing's ``Application.save``); with
        ``locked_connection``, the connection :meth:`_locked_load` began a transaction on, the one aggregate's
        events are stored and that transaction committed in one round trip: the event table's lock (so the log's
        positions are issued in commit order), the insert, ``NOTIFY`` (the relay's wake-up, delivered at commit;
        :meth:`_notify_statement`) and ``COMMIT`` are pipelined. Raises: IntegrityError when a version is taken (a
        writer without the lock; nothing is stored).

        Every way stores the events and then hands them, with their global positions, to the commit listeners
        (:meth:`on_commit`: this process's event relay publishes them without reading the log).

        With ``appending``, an autocommit connection of the event store, the one aggregate's events (the results of
        ``units``) are appended after the run's latest version if every event stored after the version they were
        made on is another unit's result that commutes with them (see ``_append_units``), in one transaction and one
        round trip: ``BEGIN``, the run's advisory lock, the event table's lock, check-and-insert with its ``NOTIFY``,
        ``COMMIT``. Returns :class:`Appended`."""
        if appending is not None:
            return self._append(appending, objs[0], units)
        if locked_connection is None:
            return super().save(*objs, **kwargs)
        (run,) = objs
        conn = locked_connection
        events = run.collect_events()
        stored = [self.mapper.to_stored_event(e) for e in events]
        recorder = cast(Any, self.recorder)
        try:
            with conn.pipeline() as pipeline, conn.cursor() as curs:
                recorder._lock_table(curs)
                PostgresAggregateRecorder._insert_stored_events(recorder, curs, stored)  # (RETURNING positions)
                conn.execute(self._notify_statement, (recorder.channel_name, f":{self.origin}"), prepare=True)
                conn.execute("COMMIT")
                pipeline.sync()
                positions = [int(r["notification_id"]) for r in curs.fetchall()]
        except psycopg.IntegrityError as exc:
            raise IntegrityError(str(exc)) from exc
        self._committed(events, positions)
        return []

    # ---- commands -----------------------------------------------------------------------------------
    def update(self, run_id: UUID, change: Callable[[ResearchRun], T]) -> T:
        """Apply ``change`` to run ``run_id`` and save the events it recorded, retrying on a write conflict.

        The way to record an event that has no ``record_*`` method here: a new event needs only its contract,
        its aggregate method and the handler that calls ``update``. ``change`` gets the loaded aggregate, checks
        its state (for idempotency), calls its event methods and returns what the caller wants back; after a
        conflict it is called again on a fresh load, so it must have no other side effects.
        Raises: RunNotFound, ConcurrencyConflict, StoreUnavailable.
        """
        return self._mutate(run_id, change)

    def start_run(self, request: RunRequested) -> bool:
        """Record ``RunStarted``. Returns False (and records nothing) if the run already exists."""
        try:
            self._load(request.run_id)
            return False
        except RunNotFound:
            pass
        data = request.model_dump(mode="json")

        def create() -> bool:
            run = ResearchRun(
                run_id=request.run_id, question=request.question, scope=request.scope, depth=request.depth,
                domain=request.domain, max_sources=request.max_sources, site_filter=data["site_filter"],
                language=request.language, verify_claims=request.verify_claims, budget=data["budget"],
                urls=data["urls"], corpus=request.corpus, memory=request.memory,
                workspace=request.workspace, review_plan=request.review_plan,
                providers=None if request.providers is None else list(request.providers),
            )
            try:
                self.save(run)
            except IntegrityError:
                return False
            return True
        return self._retrying(create)

    def record_plan(self, run_id: UUID, sub_queries: list[dict[str, str]], domain: str, language: str,
                    engine: str, degraded: bool, perspectives: list[str] | None = None) -> bool:
        """Record ``PlanCreated`` (once). Returns whether it was recorded now.

        ``sub_queries``: [{"sub_query_id", "text"}]; ``perspectives``: a deep run's STORM perspectives
        (``"name: focus"`` strings), recorded as [] when omitted.
        """
        def change(run: ResearchRun) -> bool:
            if run.plan is not None or run.finished:
                return False
            run.create_plan(sub_queries=sub_queries, domain=domain, language=language, engine=engine,
                            degraded=degraded, perspectives=list(perspectives or []))
            run.maybe_select_sources()
            return True
        return self._mutate(run_id, change)

    def record_search(self, run_id: UUID, sub_query_id: str, text: str, hop: int, hits: list[dict[str, Any]],
                      final: bool, providers_failed: list[str], diagnostics: dict[str, float] | None = None) -> bool:
        """Record ``SearchCompleted`` for one hop (once per sub-query and hop); may fan in ``SourcesSelected``.
        ``diagnostics``: the hop's retrieval figures (see the contract), {} when omitted."""
        def change(run: ResearchRun) -> bool:
            if run.closed or run.sources_selected:
                return False
            if sub_query_id not in run.searches_pending or hop in run.hops_done.get(sub_query_id, []):
                return False
            run.complete_search(sub_query_id=sub_query_id, text=text, hop=hop, hits=hits, final=final,
                                providers_failed=providers_failed,
                                diagnostics={k: float(v) for k, v in (diagnostics or {}).items()})
            run.maybe_select_sources()
            return True
        return self._mutate(run_id, change, unit=Unit("search", sub_query_id))

    def record_source_fetched(self, run_id: UUID, source_id: UUID, *, url: str, final_url: str,
                              content_type: str, title: str, text_sha256: str, chars: int, via: str,
                              instructions: Sequence[Mapping[str, str]] = (),
                              scholarly: Mapping[str, Any] | None = None,
                              provenance: Mapping[str, Any] | None = None, **metadata: str | None) -> bool:
        """Record ``SourceFetched`` (once per source); ``metadata``: optional ``author``, ``published``,
        ``modified``, ``language``, ``html_sha256`` (see the contract), each recorded as None when not given;
        ``instructions``: the instruction-like text flagged in the source ({where, language, excerpt} each, see
        the contract); ``scholarly``: its scholarly record (``ScholarlyRecord`` fields), None when it names no
        identifier; ``provenance``: its kind, publisher, named, canonical, signal (``SourceProvenance``; not
        given: kind ``unknown``, signal "not classified"). A source whose text (``text_sha256``) another fetched
        source of the run already has is recorded ``SourceFailed`` (``duplicate: ...``) instead when it is
        research memory's copy (``via="memory"``) or the same page (one final address, ``shared.urls.page_key``)
        asked for under another URL: one source per text per run (a mirror on another site stays a source).
        Raises: TypeError for another metadata key."""
        flags = [{"where": str(f["where"]), "language": str(f["language"]), "excerpt": str(f["excerpt"])[:200]}
                 for f in instructions]
        unknown = set(metadata) - set(PAGE_METADATA)
        if unknown:
            raise TypeError(f"record_source_fetched() got unexpected metadata: {', '.join(sorted(unknown))}")
        page = {key: metadata.get(key) for key in PAGE_METADATA}

        def change(run: ResearchRun) -> bool:
            src = run.sources.get(str(source_id))
            if src is None or src["status"] != "pending" or run.closed or run.extraction_completed:
                return False  # (extraction closed at the deadline: a source fetched now would give no claims)
            # one source per text per run: memory's copy of a text the run already has, or the same page (one
            # final address) fetched again under another URL, is no second source (mirrors on other sites are)
            same = next((s for sid, s in run.sources.items() if sid != str(source_id)
                         and s.get("text_sha256") == text_sha256 and s["status"] in ("fetched", "extracted")
                         and (via == "memory" or page_key(s.get("final_url") or s["url"]) == page_key(final_url))),
                        None)
            if same is not None:
                copy = "memory's copy of" if via == "memory" else "the page"
                run.fail_source(source_id=source_id, url=url, reason=(
                    f"duplicate: {copy} {final_url} is the same text as the run's source "
                    f"{same.get('final_url') or same['url']}"))
                run.maybe_complete_extraction()
                return True
            run.fetch_source(source_id=source_id, url=url, final_url=final_url, content_type=content_type,
                             title=title, text_sha256=text_sha256, chars=chars, via=via, instructions=flags,
                             scholarly=dict(scholarly) if scholarly is not None else None,
                             provenance=dict(provenance) if provenance is not None else {
                                 "kind": "unknown", "publisher": None, "named": False, "canonical": None,
                                 "signal": "not classified"}, **page)
            return True
        return self._mutate(run_id, change, unit=Unit("fetched", source_id.hex, text_sha256))

    def record_source_failed(self, run_id: UUID, source_id: UUID, *, url: str, reason: str) -> bool:
        """Record ``SourceFailed`` (once per source); may fan in ``ExtractionCompleted``."""
        def change(run: ResearchRun) -> bool:
            src = run.sources.get(str(source_id))
            if src is None or src["status"] != "pending" or run.closed or run.extraction_completed:
                return False
            run.fail_source(source_id=source_id, url=url, reason=reason)
            run.maybe_complete_extraction()
            return True
        return self._mutate(run_id, change)

    def record_claims(self, run_id: UUID, source_id: UUID, claims: list[dict[str, Any]], *,
                      engine: str = "offline", degraded: bool = False) -> bool:
        """Record ``ClaimsExtracted`` for one fetched source (once); may fan in ``ExtractionCompleted``."""
        def change(run: ResearchRun) -> bool:
            src = run.sources.get(str(source_id))
            if src is None or src["status"] != "fetched" or run.extraction_completed or run.closed:
                return False
            run.extract_claims(source_id=source_id, claims=claims, engine=engine, degraded=degraded)
            run.maybe_complete_extraction()
            return True
        return self._mutate(run_id, change, unit=Unit("claims", source_id.hex))

    def record_verdict(self, run_id: UUID, claim_id: UUID, *, verdict: str, stability: float,
                       support_score: float, spans: list[dict[str, Any]], corroborating_domains: list[str],
                       engine: str = "offline", degraded: bool = False, reuse_key: str | None = None,
                       reused_from: UUID | None = None) -> bool:
        """Record ``ClaimVerified`` (once per claim); may fan in ``ClaimsVerified``. ``reuse_key``: the claim and
        evidence key of verdict reuse; ``reused_from``: the run whose verdict this is (None: verified now)."""
        def change(run: ResearchRun) -> bool:
            claim = run.claims.get(str(claim_id))
            if claim is None or claim["verdict"] is not None or run.closed:
                return False
            # a claim taken from a retracted paper (or a copy of one) is never supported, whatever the evidence
            supported = verdict == "supported" and str(claim["source_id"]) in retracted_works(run.sources)
            run.verify_claim(claim_id=claim_id, verdict="unverified" if supported else verdict,
                             stability=stability, support_score=support_score, spans=spans,
                             corroborating_domains=corroborating_domains, engine=engine, degraded=degraded,
                             reuse_key=reuse_key, reused_from=reused_from)
            run.maybe_complete_verification()
            run.maybe_complete_domain_analysis()  # a domain's last figure checked: its analysis is in
            return True
        return self._mutate(run_id, change, unit=Unit("verdict", claim_id.hex))

    def expire(self, run_id: UUID, stage: str = "run", awaited_domains: Iterable[str] = ()) -> str:
        """The run's time budget is spent: record ``DeadlineExpired`` with what is missing.

        If searching is not finished but the request names URLs or some sub-queries found hits, sources are
        selected now from those (``SourcesSelected``) so they can still be fetched: returns ``"grace"``. If
        sources are still out but some claims were already extracted, extraction is closed now
        (``ExtractionCompleted`` with the claims so far) so they can still be verified: returns ``"grace"``.
        After ``"grace"`` the caller expires the run again after a short grace period (so a run gets at most
        two). Otherwise ``ClaimsVerified`` (partial) is forced so the synthesizer writes a partial report:
        returns ``"forced"``. Returns ``"done"`` (and records nothing) once the run is verified or finished.
        ``awaited_domains``: the domains that have a domain service; when the plan's domain is one and its
        analysis is not in, ``DomainAnalysisCompleted`` (unfinished) is recorded with the forced verification (or
        alone, when the claims were verified already: ``"forced"``), so the report is written without it.
        """
        domains = tuple(awaited_domains)

        def unfinished(run: ResearchRun) -> None:
            if run.maybe_complete_domain_analysis(force=True):  # its figures not all checked: shown as they are
                return
            if run.awaits_domain(domains):
                assert run.plan is not None
                run.complete_domain_analysis(
                    domain=run.plan["domain"], status="unfinished", sections=[], sources=[], notes=[],
                    reason="the run's deadline passed before the domain analysis finished", max_tier="high",
                    engine="none", degraded=False, pick=None)

        def change(run: ResearchRun) -> str:
            if run.finished or run.report is not None:
                return "done"
            if run.awaiting_plan_review:  # nothing was searched: the run ends, saying why
                run.fail(stage="plan review", reason=(
                    f"the plan was not approved within the run's time budget ({run.request['budget']['seconds']:g} "
                    "s): nothing was searched"))
                return "done"
            if run.claims_verified:
                if not run.awaits_domain(domains):
                    return "done"
                run.expire(stage=stage, missing=[])
                unfinished(run)
                return "forced"
            if (run.plan is not None and not run.sources_selected
                    and (run.request["urls"] or any(run.hits.values()))):
                run.expire(stage=stage, missing=run.missing_work())
                run.maybe_select_sources(force=True)
                return "grace"
            grace = (run.sources_selected and not run.extraction_completed and bool(run.extracted_claim_ids())
                     and bool(run.request["verify_claims"]))
            missing = run.missing_work(claims=not grace) or ["the run's time budget ran out"]
            run.expire(stage=stage, missing=missing)
            if grace:
                run.complete_extraction(claim_ids=run.extracted_claim_ids())
                return "grace"
            run.maybe_complete_verification(force=True, missing=missing)
            unfinished(run)
            return "forced"
        return self._mutate(run_id, change)

    # ---- plan review (contracts/plan_review.py) --------------------------------------------------------
    def review_plan(self, run_id: UUID, sub_queries: Sequence[str] | None = None, *, by: str = "api"
                    ) -> dict[str, Any]:
        """Approve the plan of a run waiting for review: as it is (``sub_queries`` None, or the same texts), or
        revised to ``sub_queries`` (edited, added or removed; blank ones dropped, repeats kept once), recorded as
        ``PlanRevised`` then ``PlanApproved`` in one save. ``by``: who approved ('api', 'web', 'cli').

        Returns {"status": "approved", "revised": bool, "sub_queries": [{"sub_query_id", "text"}]}.
        Raises: RunNotFound; PlanReviewRefused (``field`` run_id, ``conflict`` True) when the run waits for no
        review (not asked, plan not made yet, approved already, ended), (``field`` sub_queries, ``conflict``
        False) when the texts are unusable (none, too many, too long, control characters)."""
        texts = None if sub_queries is None else reviewed_texts(sub_queries)

        def change(run: ResearchRun) -> dict[str, Any]:
            if not run.awaiting_plan_review:
                raise PlanReviewRefused(_why_no_review(run), field="run_id", conflict=True)
            assert run.plan is not None
            current = [dict(q) for q in run.plan["sub_queries"]]
            revised = texts is not None and texts != [q["text"] for q in current]
            if revised and texts is not None:
                current = [{"sub_query_id": f"q{i + 1}", "text": t} for i, t in enumerate(texts)]
                run.revise_plan(sub_queries=current, previous=[q["text"] for q in run.plan["sub_queries"]])
            run.approve_plan(sub_queries=current, revised=revised, by=by)
            return {"status": "approved", "revised": revised, "sub_queries": current}
        return self._mutate(run_id, change)

    # ---- domain services -----------------------------------------------------------------------------
    def record_domain_event(self, run_id: UUID, name: str, method: str, payload: dict[str, Any]) -> bool:
        """Record a domain service's own event ``name`` (e.g. ``ProductsIdentified``) through the aggregate's
        event method ``method`` (e.g. ``identify_products``, which keeps it with ``note_domain_event``) called
        with ``payload`` (JSON values). Once per run and name: nothing is recorded after the run finished,
        after its domain analysis was recorded, or when ``name`` is in already. Returns whether it was recorded
        now. Raises AttributeError for an unknown method."""
        def change(run: ResearchRun) -> bool:
            if run.finished or getattr(run, "domain_analysis", None) is not None:
                return False
            if name in getattr(run, "domain_events", {}):
                return False
            getattr(run, method)(**payload)
            return True
        return self._mutate(run_id, change)

    def record_domain_analysis(self, run_id: UUID, *, domain: str, status: str,
                               sections: list[dict[str, Any]] | None = None,
                               sources: list[dict[str, Any]] | None = None, notes: list[str] | None = None,
                               reason: str = "", max_tier: str = "high", engine: str = "offline",
                               degraded: bool = False, pick: dict[str, Any] | None = None) -> bool:
        """Record ``DomainAnalysisCompleted`` (once; only for a run whose plan's domain is ``domain`` and that has
        no report yet). ``sections``/``sources`` are the contract's ``DomainSection``/``DomainSource`` as JSON
        values, ``pick`` its ``PickBacking`` (None: none given, the pick counts as not backed). Returns whether it
        was recorded now."""
        def change(run: ResearchRun) -> bool:
            if run.finished or run.report is not None or getattr(run, "domain_analysis", None) is not None:
                return False
            if run.plan is None or run.plan["domain"] != domain:
                return False
            run.complete_domain_analysis(domain=domain, status=status, sections=list(sections or []),
                                         sources=list(sources or []), notes=list(notes or []), reason=reason,
                                         max_tier=max_tier, engine=engine, degraded=degraded, pick=pick)
            return True
        return self._mutate(run_id, change)

    def propose_domain_figures(self, run_id: UUID, *, domain: str, figures: list[dict[str, Any]],
                               sections: list[dict[str, Any]], sources: list[dict[str, Any]], notes: list[str],
                               max_tier: str = "high", engine: str = "offline", degraded: bool = False,
                               pick: dict[str, Any] | None = None) -> bool:
        """Record ``DomainFiguresProposed`` (once, while the run's plan is ``domain``, it has no report and its
        analysis is not in): ``figures`` (``contracts.DomainFigure`` as JSON values) become claims for the
        verifier, and ``DomainAnalysisCompleted`` (``sections``, ``sources``, ``notes``...) follows once each has a
        verdict (recorded with the last verdict; at once when ``figures`` is empty; at the deadline as it stands).
        Returns whether it was recorded now."""
        def change(run: ResearchRun) -> bool:
            if run.finished or run.report is not None or getattr(run, "domain_analysis", None) is not None:
                return False
            if run.plan is None or run.plan["domain"] != domain or getattr(run, "domain_pending", None):
                return False
            run.propose_domain_figures(domain=domain, figures=figures, sections=sections, sources=sources,
                                       notes=notes, max_tier=max_tier, engine=engine, degraded=degraded,
                                       pick=pick)
            run.maybe_complete_domain_analysis()
            return True
        return self._mutate(run_id, change)

    def record_degraded(self, run_id: UUID, stage: str, reason: str) -> bool:
        """Record ``StageDegraded`` (not once the run has ended). Returns whether it was recorded."""
        def change(run: ResearchRun) -> bool:
            if run.finished:
                return False
            run.degrade(stage=stage, reason=reason)
            return True
        return self._mutate(run_id, change)

    def record_llm_call(self, run_id: UUID, *, role: str, model: str, tokens_in: int, tokens_out: int,
                        cost_usd: float, latency_ms: int, outcome: str, detail: str = "") -> bool:
        """Record ``LlmCallRecorded`` (every call of the model gateway; not de-duplicated: each is a real call).

        ``outcome="budget_exhausted"`` is recorded once per run (returns False after that): the run is marked
        partial and its ``missing`` says the model budget was spent; the stages go on with their offline engines
        (the gateway refuses every later call), so the claims already found are still verified and cited. A
        spent time budget is the deadline sweeper's to end (``expire``, with its grace period).
        """
        def change(run: ResearchRun) -> bool:
            if run.finished or (outcome == "budget_exhausted" and run.llm_budget_exhausted is not None):
                return False  # (a call still in flight when the run ended is not recorded after its end)
            run.record_llm_call(role=role, model=model, tokens_in=int(tokens_in), tokens_out=int(tokens_out),
                                cost_usd=float(cost_usd), latency_ms=int(latency_ms), outcome=outcome,
                                detail=detail[:300])
            return True
        return self._mutate(run_id, change)

    def llm_usage(self, run_id: UUID) -> dict[str, Any]:
        """The run's model usage so far and its budget, as the gateway checks it before each call:
        {"tokens", "usd", "calls", "exhausted" (None or what was spent), "started_at", "finished",
        "budget": {"tokens", "usd", "seconds"}}."""
        run = self._load(run_id)
        return {**run.llm_usage, "exhausted": run.llm_budget_exhausted, "started_at": run.created_on,
                "finished": run.finished, "budget": dict(run.request["budget"])}

    def fail_run(self, run_id: UUID, stage: str, reason: str) -> bool:
        """Record ``RunFailed`` unless the run already finished."""
        def change(run: ResearchRun) -> bool:
            if run.finished:
                return False
            run.fail(stage=stage, reason=reason)
            return True
        return self._mutate(run_id, change)

    def settle_dead_letter(self, run_id: UUID, *, kind: str, key: str = "", stage: str, reason: str) -> str:
        """A unit of run ``run_id`` was dead-lettered (``reason``: why it was given up on): record it as that unit's
        failure so the run's fan-in goes on and the run ends partial with the reason under "What is missing"
        (``UnitDeadLettered`` beside the unit's own failure event), or fail the run when nothing can go on without
        it. ``kind`` and ``key`` name the unit:

        - ``search`` (key: the sub-query id): ``SearchCompleted`` (final, no hits) for it; may select the sources;
        - ``fetch`` (key: the source id): ``SourceFailed``; ``extract`` (key: the source id): ``SourceFailed`` for
          the fetched source whose claims were not extracted; either may complete the extraction;
        - ``verify`` (key: the claim id): ``ClaimVerified`` ``unverified`` (engine ``none``, degraded); may
          complete the verification;
        - ``verify-all`` (the verifier never sent the claims out): ``ClaimsVerified`` now, partial, the claims
          without a verdict counted pending;
        - ``domain`` (a domain service's analysis): ``DomainAnalysisCompleted`` ``failed`` with the reason;
        - ``judge`` (the report was written but not judged): ``RunCompleted`` partial, with no judgement;
        - ``run`` (or any other kind: a run-level step with no way forward, e.g. the plan, the report):
          ``RunFailed`` with ``stage`` and ``reason``.

        Returns "unit" (the unit's failure recorded), "run" (``RunFailed`` recorded) or "none" (nothing to do:
        the run ended, or the unit has its result already, or the run has no such unit).
        Raises: RunNotFound, ConcurrencyConflict, StoreUnavailable."""
        def change(run: ResearchRun) -> str:
            if run.finished or (run.closed and kind in ("search", "fetch", "extract", "verify", "verify-all")):
                return "none"  # ended, or closed at its deadline: its missing work is said already
            if kind == "search":
                if run.sources_selected or key not in run.searches_pending:
                    return "none"
                text = next((str(q["text"]) for q in (run.plan or {}).get("sub_queries", ())
                             if q["sub_query_id"] == key), "")
                run.dead_letter_unit(stage=stage, kind=kind, unit=f"sub-query {key} ({text[:80]}) not searched",
                                     reason=reason)
                run.complete_search(sub_query_id=key, text=text, hop=max(run.hops_done.get(key, ()), default=0) + 1,
                                    hits=[], final=True, providers_failed=[], diagnostics={})
                run.maybe_select_sources()
                return "unit"
            if kind in ("fetch", "extract"):
                src = run.sources.get(key)
                if (src is None or src["status"] != ("pending" if kind == "fetch" else "fetched")
                        or run.extraction_completed):
                    return "none"
                what = "not fetched" if kind == "fetch" else "fetched, its claims not extracted"
                run.dead_letter_unit(stage=stage, kind=kind, unit=f"source {src['url']} {what}", reason=reason)
                run.fail_source(source_id=UUID(key), url=str(src["url"]), reason=f"dead-lettered: {reason}")
                run.maybe_complete_extraction()
                return "unit"
            if kind == "verify":
                claim = run.claims.get(key)
                if claim is None or claim["verdict"] is not None:
                    return "none"
                run.dead_letter_unit(stage=stage, kind=kind,
                                     unit=f"claim {str(claim.get('text', key))[:120]!r} not verified", reason=reason)
                run.verify_claim(claim_id=UUID(key), verdict="unverified", stability=0.0, support_score=0.0,
                                 spans=[], corroborating_domains=[], engine="none", degraded=True)
                run.maybe_complete_verification()
                return "unit"
            if kind == "verify-all":
                if run.claims_verified or not run.extraction_completed:
                    return "none"
                unit = "claim verification not done"
                run.dead_letter_unit(stage=stage, kind=kind, unit=unit, reason=reason)
                run.maybe_complete_verification(force=True, missing=[dead_letter_line(stage, unit, reason)])
                return "unit"
            if kind == "domain":
                if (run.plan is None or run.report is not None
                        or getattr(run, "domain_analysis", None) is not None):
                    return "none"
                domain = str(run.plan["domain"])
                run.dead_letter_unit(stage=stage, kind=kind, unit=f"the {domain} analysis not done", reason=reason)
                run.complete_domain_analysis(domain=domain, status="failed", sections=[], sources=[], notes=[],
                                             reason=f"dead-lettered: {reason}", max_tier="high", engine="none",
                                             degraded=True, pick=None)
                return "unit"
            if kind == "judge":
                if run.report is None or run.judgement is not None:
                    return "none"
                run.dead_letter_unit(stage=stage, kind=kind, unit="the report not judged", reason=reason)
                run.complete(status="partial", report_sha256=str(run.report["report_sha256"]),
                             missing=list(run.missing))
                return "unit"
            run.fail(stage=stage, reason=reason)
            return "run"
        return self._mutate(run_id, change)

    def cancel_run(self, run_id: UUID, reason: str = "cancelled") -> bool:
        """Record ``RunCancelled`` with ``reason`` (who asked and why; at most 500 characters kept) unless the run
        already ended. Returns whether it was recorded now (False: it had completed, failed or been cancelled).
        Every stage then drops the run's remaining work, and nothing more is recorded for it.
        Raises: RunNotFound, StoreUnavailable."""
        text = " ".join(str(reason).split())[:500] or "cancelled"

        def change(run: ResearchRun) -> bool:
            if run.finished:
                return False
            run.cancel(reason=text)
            return True
        return self._mutate(run_id, change)

    def record_report(self, run_id: UUID, *, gate: dict[str, Any], report_sha256: str,
                      citations: list[dict[str, Any]], used_claim_ids: list[UUID], engine: str = "offline",
                      degraded: bool = False, missing: list[str] | None = None) -> bool:
        """Record ``ConfidenceGated`` and ``ReportSynthesized`` (once). ``missing``: what the report itself says is
        missing (its "What is missing" items); they join the run's ``missing`` (the event's, and so
        ``RunCompleted``'s and ``assay run --json``'s), after what the run already recorded."""
        def change(run: ResearchRun) -> bool:
            if run.report is not None or run.finished or not run.claims_verified:
                return False
            run.gate_confidence(score=gate["score"], tier=gate["tier"], signals=gate["signals"])
            run.synthesize_report(report_sha256=report_sha256, citations=citations,
                                  used_claim_ids=used_claim_ids, partial=run.partial,
                                  missing=list(dict.fromkeys([*run.missing, *(missing or [])])),
                                  engine=engine, degraded=degraded)
            return True
        return self._mutate(run_id, change)

    def record_judgement(self, run_id: UUID, *, judgement: dict[str, Any], audit: dict[str, Any],
                         self_verification: dict[str, Any] | None = None) -> bool:
        """Record ``ReportJudged``, ``SelfVerificationCompleted`` (when ``self_verification`` is given: the CoVe
        result {checks, asked, disagreed, flagged, engine, degraded}), ``CitationsAudited`` and ``RunCompleted``
        (once). A flagged CoVe result adds a caution to the run's ``missing`` (in ``RunCompleted``)."""
        def change(run: ResearchRun) -> bool:
            if run.judgement is not None or run.finished or run.report is None:
                return False
            run.judge_report(**{"degraded": False, **judgement})  # (a judge that never degrades may omit it)
            if self_verification is not None:
                run.self_verify(**self_verification)
            run.audit_citations(total=audit["total"], valid=audit["valid"], invalid=audit["invalid"])
            missing = list(run.missing)
            if self_verification is not None and self_verification.get("flagged"):
                missing.append(f"self-verification flagged the report: {self_verification['disagreed']} of "
                               f"{self_verification['asked']} verification questions disagree with the evidence; "
                               "read it with care")
            run.complete(status="partial" if run.partial else "complete",
                         report_sha256=run.report["report_sha256"], missing=missing)
            return True
        return self._mutate(run_id, change)

    def record_eval(self, eval_id: UUID, *, suite: str, split: str, questions: int,
                    figures: dict[str, float | None], engine: str, config: dict[str, str]) -> bool:
        """Record ``EvalRunCompleted`` as the only event of stream ``eval_id`` (see the contract). Returns False
        (and records nothing) when that stream exists already."""
        def create() -> bool:
            try:
                self.save(EvalRun(run_id=eval_id, suite=suite, split=split, questions=int(questions),
                                  figures={k: (None if v is None else float(v)) for k, v in figures.items()},
                                  engine=engine, config={str(k): str(v) for k, v in config.items()}))
            except IntegrityError:
                return False
            return True
        return self._retrying(create)

    # ---- queries ------------------------------------------------------------------------------------
    def get_run(self, run_id: UUID) -> RunView:
        """The run's current state as a typed, frozen :class:`shared.domain.RunView`: the request, status, plan,
        sources (:class:`shared.domain.SourceView`), claims (:class:`shared.evidence.Claim`), report, judgement...
        Nothing in it can be changed (its mappings are the run's read-only state, shared, not copied)."""
        return self._views.view(self._load(run_id))

    def cached_run(self, run_id: UUID, at_least: int) -> RunView | None:
        """Run ``run_id``'s view from this process's cached aggregate when the cache holds it at version
        ``at_least`` or later, else None; no round trip and no blocking, so an event handler may call it on the
        event loop (a cache the worker threads are fast-forwarding just then also gives None).

        For a handler of the run's event of version ``at_least``: that event's state or any later one is a state
        the handler would have read had it been delivered sooner, so its decisions are the same as after a load
        (its write checks again on the latest version under the run's lock, as every write does). The cache holds
        only committed states: the writes of this process (saved and committed) and the loads' fast-forwards, so a
        process that wrote the event itself, as the stages of one process do, reads it without the store."""
        cache = self.repository.cache
        if cache is None:
            return None
        lock = self._load_locks[hash(run_id) % len(self._load_locks)]
        if not lock.acquire(blocking=False):
            return None
        try:
            try:
                cached = cast(ResearchRun, cache.get(run_id))
            except KeyError:
                return None
            if int(cached.version) < at_least:
                return None
            run = self._copy(cached)
        finally:
            lock.release()
        return self._views.view(run)

    def exists(self, run_id: UUID) -> bool:
        """Whether the store holds run ``run_id``."""
        try:
            self._load(run_id)
            return True
        except RunNotFound:
            return False

    def timeline(self, run_id: UUID) -> list[Event]:
        """Every event of one run, in order, as contracts (what ``assay replay`` prints)."""
        events = self._retrying(lambda: list(self.repository.event_store.get(run_id)))
        if not events:
            raise RunNotFound(f"no run {run_id}")
        return [to_contract(e) for e in events]

    def events_after(self, run_id: UUID, seq: int = 0, limit: int | None = None) -> list[Event]:
        """The events of run ``run_id`` whose seq is above ``seq``, in order, at most ``limit`` (None: all), as
        contracts; [] when there are none (also for an unknown run: check with :meth:`exists`). Read from the
        store itself, not the aggregate cache, so a follower sees every event as soon as it is committed."""
        events = self._retrying(lambda: list(self.repository.event_store.get(run_id, gt=seq or None, limit=limit)))
        return [to_contract(e) for e in events]

    def read_log(self, start: int, limit: int = 500) -> list[StoredEvent]:
        """Events of all runs from global position ``start`` (inclusive), at most ``limit``, in order."""
        notifications = self._retrying(lambda: self.recorder.select_notifications(start, limit))
        return [StoredEvent(position=n.id, event=to_contract(self.mapper.to_domain_event(n))) for n in notifications]

    def log_query(self) -> sql.Composed | None:
        """The query of :meth:`read_log` for a connection of the caller's own (the relay's asynchronous one):
        parameters (start, limit), rows for :meth:`decode_log`; None when the store is not PostgreSQL."""
        recorder = self.recorder
        datastore = getattr(recorder, "datastore", None)
        if datastore is None or not hasattr(recorder, "events_table_name"):
            return None
        return sql.SQL("SELECT * FROM {}.{} WHERE notification_id >= %s ORDER BY notification_id LIMIT %s").format(
            sql.Identifier(datastore.schema), sql.Identifier(recorder.events_table_name))

    def decode_log(self, rows: Sequence[Mapping[str, Any]]) -> list[StoredEvent]:
        """The stored events of rows of :meth:`log_query` (dictionaries of the event table's columns), in order."""
        return [StoredEvent(position=int(r["notification_id"]), event=to_contract(self.mapper.to_domain_event(
            Notification(id=int(r["notification_id"]), originator_id=r["originator_id"],
                         originator_version=int(r["originator_version"]), topic=r["topic"],
                         state=bytes(r["state"]))))) for r in rows]

    def iter_log(self, start: int = 1, batch: int = 500) -> Iterator[StoredEvent]:
        """Every stored event from ``start`` on (used by ``assay projections rebuild``)."""
        while True:
            page = self.read_log(start, batch)
            if not page:
                return
            yield from page
            start = page[-1].position + 1

    def max_position(self) -> int:
        """The highest global position recorded so far (0 when empty)."""
        return int(self.recorder.max_notification_id() or 0)


def cancel_run(runs: ResearchRuns, run_id: UUID, reason: str = "cancelled") -> bool:
    """Cancel run ``run_id``: record ``RunCancelled`` with ``reason`` through its aggregate (the one way to cancel;
    the CLI's ``assay cancel``, Ctrl-C / SIGTERM on ``assay run`` and the gateway call it). Returns whether it was
    recorded now (False when the run had already ended). Raises: RunNotFound, StoreUnavailable."""
    return runs.cancel_run(run_id, reason)


# ---- plan review --------------------------------------------------------------------------------------------
def reviewed_texts(sub_queries: Sequence[str]) -> list[str]:
    """A reviewer's sub-queries, spaces folded, blanks dropped, repeats kept once.
    Raises: PlanReviewRefused (field ``sub_queries``) when none is left, there are too many, or one is too long,
    holds control characters or has no letters or digits."""
    from contracts.commands import text_fault
    from contracts.plan_review import MAX_REVIEWED_SUB_QUERIES, MAX_SUB_QUERY_CHARS

    if isinstance(sub_queries, str):
        raise PlanReviewRefused("sub_queries must be a list of texts", field="sub_queries", conflict=False)
    texts: list[str] = []
    for i, raw in enumerate(sub_queries):
        if not isinstance(raw, str):
            raise PlanReviewRefused(f"sub_queries[{i}] is not a text", field="sub_queries", conflict=False)
        fault = text_fault(raw)
        if fault:
            raise PlanReviewRefused(f"sub_queries[{i}] {fault}", field="sub_queries", conflict=False)
        text = " ".join(raw.split())
        if len(text) > MAX_SUB_QUERY_CHARS:
            raise PlanReviewRefused(f"sub_queries[{i}] is {len(text)} characters; the limit is {MAX_SUB_QUERY_CHARS}",
                                    field="sub_queries", conflict=False)
        if text and not any(ch.isalnum() for ch in text):
            raise PlanReviewRefused(f"sub_queries[{i}] {text!r} has no letters or digits: nothing to search for",
                                    field="sub_queries", conflict=False)
        if text and text.casefold() not in {t.casefold() for t in texts}:
            texts.append(text)
    if not texts:
        raise PlanReviewRefused("sub_queries is empty: a plan needs at least one sub-query", field="sub_queries",
                                conflict=False)
    if len(texts) > MAX_REVIEWED_SUB_QUERIES:
        raise PlanReviewRefused(f"{len(texts)} sub-queries; the limit is {MAX_REVIEWED_SUB_QUERIES}",
                                field="sub_queries", conflict=False)
    return texts


def _why_no_review(run: ResearchRun) -> str:
    """Why run ``run`` takes no plan review now (one line)."""
    if run.finished:
        return f"run {run.id} has ended ({run.status}): its plan can no longer be reviewed"
    if not run.request.get("review_plan"):
        return f"run {run.id} was not requested with review_plan: its plan went ahead unreviewed"
    if run.plan is None:
        return f"run {run.id} has no plan yet: review it after PlanCreated"
    return f"run {run.id}'s plan was approved already"
