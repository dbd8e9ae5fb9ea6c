"""Re-checking an earlier report (the question cache, ``shared.memory.questions``): a run started on a question
close to a past run's records ``RecheckPlanned`` in its own stream, before its plan, naming the past run it
re-checks; the synthesizer's report section "Re-check of an earlier report" and the indexer's
``rm_question_rechecks`` read model come from it (so ``assay projections rebuild`` rebuilds them from the log)."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar
from uuid import UUID

from pydantic import Field

from contracts.base import Event
from contracts.registry import register_event


@register_event
class RecheckPlanned(Event):
    """This run re-checks the report of run ``recheck_of`` (asked ``question`` at ``asked_at``; ``similarity`` the
    two questions' embedding cosine, 1.0 for the same question): ``urls`` are that run's web sources fetched
    again (added to this run's request)."""

    SUBJECT: ClassVar[str] = "assay.evt.recheck-planned.v1"
    recheck_of: UUID
    question: str = Field(min_length=1)
    asked_at: datetime
    similarity: float = Field(ge=-1.0, le=1.0)
    urls: tuple[str, ...] = ()

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return (f"re-checks the report of run {str(self.recheck_of)[:8]} (similarity {self.similarity:.2f}; "
                f"{len(self.urls)} of its web sources fetched again)")
