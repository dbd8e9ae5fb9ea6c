"""Plan review: a run requested with ``review_plan`` stops after ``PlanCreated`` until someone approves the plan
(``PlanApproved``), after editing, adding or removing sub-queries if they like (``PlanRevised`` records the edit,
then ``PlanApproved`` the revised plan). The gatherer searches a reviewed run's sub-queries on ``PlanApproved``
(an unreviewed run's on ``PlanCreated``). Reviewing happens through ``POST /v1/runs/{run_id}/plan``, the run's
web page and ``assay run --review-plan``; a deadline or a cancel while the plan waits ends the run
(``RunFailed`` at stage "plan review", or ``RunCancelled``)."""

from __future__ import annotations

from typing import ClassVar

from pydantic import Field

from contracts.base import Event
from contracts.events import SubQuery
from contracts.registry import register_event

#: the most sub-queries a reviewed plan may have, and the longest one (characters)
MAX_REVIEWED_SUB_QUERIES = 12
MAX_SUB_QUERY_CHARS = 500


@register_event
class PlanRevised(Event):
    """The plan's sub-queries were edited, added or removed by a reviewer; ``sub_queries`` is the whole new list
    (ids ``q1``...), ``previous`` the texts it replaced."""

    SUBJECT: ClassVar[str] = "assay.evt.plan-revised.v1"
    sub_queries: tuple[SubQuery, ...] = Field(min_length=1)
    previous: tuple[str, ...]

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return (f"{len(self.previous)} -> {len(self.sub_queries)} sub-queries: "
                + "; ".join(q.text for q in self.sub_queries))[:200]


@register_event
class PlanApproved(Event):
    """The plan was approved (as created, or as revised: ``revised``); its ``sub_queries`` are searched now."""

    SUBJECT: ClassVar[str] = "assay.evt.plan-approved.v1"
    sub_queries: tuple[SubQuery, ...] = Field(min_length=1)
    revised: bool
    by: str = Field(description="Who approved: 'api', 'web' or 'cli'")

    def summary(self) -> str:
        """One timeline line (see ``Event.summary``)."""
        return f"{len(self.sub_queries)} sub-queries approved{' (revised)' if self.revised else ''} via {self.by}"
