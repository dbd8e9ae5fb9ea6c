"""The gateway's errors. Every one means "use the offline engine for this piece of work".

::

    LlmError (shared.errors.AssayError)
      ├ NoModelConfigured        the role has no usable model: use the offline engine, NOT degraded
      ├ BudgetExhausted          the run's tokens / USD / seconds are spent; no call was made. The store has
      │                          recorded it (the run finishes with a partial report); degrade the stage
      └ LlmCallFailed            models were called but gave nothing usable: degrade the stage
          ├ ModelsUnavailable      text call: every model errored (429/5xx after retries, refused) or timed out
          └ StructuredOutputFailed schema call: no model produced a valid answer (invalid, errors, timeouts)

``reason`` is one line fit for ``StageDegraded.reason``; ``attempts`` lists every call made, in order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from shared.errors import AssayError

if TYPE_CHECKING:
    from shared.llm.gateway import Attempt

__all__ = [
    "BudgetExhausted", "LlmCallFailed", "LlmError", "ModelsUnavailable", "NoModelConfigured",
    "StructuredOutputFailed",
]


class LlmError(AssayError):
    """Root of the gateway's errors: the caller falls back to the offline engine."""

    def __init__(self, role: str, reason: str, attempts: Sequence[Attempt] = ()) -> None:
        super().__init__(f"{role}: {reason}")
        self.role = role
        self.reason = reason
        self.attempts: tuple[Attempt, ...] = tuple(attempts)


class NoModelConfigured(LlmError):
    """The role routes to the offline engine (nothing configured): not a degradation."""


class BudgetExhausted(LlmError):
    """The run's model budget is spent. ``resource`` is ``tokens``, ``usd`` or ``seconds``; ``spent`` and
    ``limit`` are in that resource's unit. No call was made."""

    def __init__(self, role: str, resource: str, spent: float, limit: float,
                 attempts: Sequence[Attempt] = ()) -> None:
        super().__init__(role, f"run budget spent: {resource} {spent:g} of {limit:g}", attempts)
        self.resource = resource
        self.spent = spent
        self.limit = limit


class LlmCallFailed(LlmError):
    """Models were called and none gave a usable answer."""


class ModelsUnavailable(LlmCallFailed):
    """Text call: every model of the role errored or timed out."""


class StructuredOutputFailed(LlmCallFailed):
    """Structured call: no model gave an answer that validates against the schema, even after repair."""
