"""Assay's error tree, and the one place that maps it to a message acknowledgement policy.

::

    AssayError
      ├ PermanentError            -> the message is rejected (terminated), with the reason recorded
      │   ├ MalformedMessage      (contracts.base; bad JSON, unknown version, schema error)
      │   ├ RunNotFound           (a command names a run the store does not hold)
      │   ├ RunFinished           (the run completed, failed or was cancelled: its unit's work is dropped, the
      │   │                        message acknowledged; no event is recorded after a terminal one)
      │   └ InputError            (a CLI or API input that cannot be used; exit code 2)
      ├ TransientError            -> the message is negatively acknowledged and redelivered later (waiting
      │   │                          longer each time); on its last delivery the run fails, naming what stayed down
      │   ├ StoreUnavailable      (PostgreSQL stayed unreachable after the store's own retries)
      │   ├ BusUnavailable        (a JetStream publish timed out or found no responder on every attempt)
      │   └ ConcurrencyConflict   (optimistic concurrency kept failing after retries)
      └ LlmError                  (shared.llm.errors: the model gateway) -> never reaches the bus: the stage
                                  catches it and runs its offline engine (recording StageDegraded, except for
                                  NoModelConfigured); one that escapes fails the run like any bug

Fetch failures (``services.scraper.fetch.FetchError``) are not errors of the service: they become ``SourceFailed``
events with the reason.
"""

from __future__ import annotations


class AssayError(Exception):
    """Root of Assay's own errors."""


class PermanentError(AssayError):
    """Retrying will not help; reject the message and record why."""


class TransientError(AssayError):
    """A retry later may succeed; redeliver the message."""


class RunNotFound(PermanentError):
    """The event store holds no run with this id."""


class RunFinished(PermanentError):
    """The run has ended (``RunCompleted``, ``RunFailed`` or ``RunCancelled``): the aggregate refuses every later
    event, and a handler that meets this acknowledges its message and drops the work."""


class InputError(PermanentError):
    """A user input (question, path, option) that cannot be used; the CLI exits with code 2."""


class StoreUnavailable(TransientError):
    """PostgreSQL could not be reached."""


class BusUnavailable(TransientError, TimeoutError):
    """A JetStream publish timed out or found no responder on every attempt (also a ``TimeoutError``)."""


class ConcurrencyConflict(TransientError):
    """Optimistic concurrency on a run's stream kept conflicting after the configured retries."""


# ---- plan review (contracts/plan_review.py) ----
class PlanReviewRefused(InputError):
    """A plan review that cannot be recorded: the run does not wait for one (not asked, not planned yet, already
    approved, ended) or the revised sub-queries are unusable. ``field`` names what is at fault (``run_id`` or
    ``sub_queries``); ``conflict`` is True for the run's state (HTTP 409), False for bad input (422)."""

    def __init__(self, message: str, *, field: str, conflict: bool) -> None:
        super().__init__(message)
        self.field = field
        self.conflict = conflict
