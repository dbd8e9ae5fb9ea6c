"""Events are found by registration: a made-up event class defined here (and registered only while a test runs)
gets a timeline line and a place in the AsyncAPI document with no edit to the CLI timeline or the AsyncAPI build.
(The projector's side, through the live indexer, is in tests/integration/test_event_registration.py.)"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any, ClassVar
from uuid import UUID, uuid4

import pytest

from contracts import ALL_CONTRACTS, EVENT_TYPES, Event, RunRequested, SourceFetched
from services.cli.asyncapi import specification
from services.cli.research import Timeline, describe
from shared.domain import ResearchRun
from shared.errors import RunNotFound
from shared.store import ResearchRuns


class SourceSummarised(Event):
    """A made-up event (tests only): a fetched source was summarised in ``words`` words by ``engine``."""

    SUBJECT: ClassVar[str] = "assay.evt.source-summarised.v1"
    source_id: UUID
    words: int
    engine: str = "offline"


class SourceTranslated(Event):
    """A made-up event (tests only) that declares its own one-line summary and happens once per source."""

    SUBJECT: ClassVar[str] = "assay.evt.source-translated.v1"
    PER_UNIT: ClassVar[bool] = True
    source_id: UUID
    language: str

    def summary(self) -> str:
        """One timeline line."""
        return f"source {str(self.source_id)[:8]} translated to {self.language}"


@pytest.fixture
def made_up() -> Iterator[None]:
    with EVENT_TYPES.temporarily(SourceSummarised, SourceTranslated):
        yield


def envelope(seq: int = 7) -> dict[str, Any]:
    return {"event_id": uuid4(), "run_id": uuid4(), "seq": seq, "occurred_at": datetime.now(UTC)}


def test_a_made_up_event_gets_a_timeline_line_without_a_timeline_edit(made_up: None) -> None:
    source = UUID(int=0xABCDEF12 << 96)
    plain = SourceSummarised(**envelope(), source_id=source, words=120, engine="openai/small")
    own = SourceTranslated(**envelope(8), source_id=source, language="fr")
    assert describe(plain) == f"source_id={source}; words=120; engine=openai/small [openai/small]"
    assert describe(own) == "source abcdef12 translated to fr"
    timeline = Timeline()
    assert timeline.add(plain) == [("SourceSummarised", describe(plain))]
    assert timeline.add(own) == [("SourceTranslated", "source abcdef12 translated to fr")]


def test_a_made_up_event_is_in_the_asyncapi_document_without_an_edit_to_the_build(made_up: None) -> None:
    assert ALL_CONTRACTS["assay.evt.source-summarised.v1"] is SourceSummarised
    assert EVENT_TYPES.by_subject("assay.evt.source-translated.v1") is SourceTranslated
    doc = specification()
    addresses = {c["address"]: c for c in doc["channels"].values()}
    channel = addresses["assay.evt.source-summarised.v1"]
    assert "Published by the event relay from the event store" in channel["description"]
    assert "summarised in ``words`` words" in channel["description"]
    schemas = doc["components"]["schemas"]
    assert set(schemas["SourceSummarised"]["required"]) >= {"source_id", "words", "run_id", "seq"}
    indexer = doc["components"]["messages"]["indexer:events:SubscribeMessage"]["payload"]["oneOf"]
    refs = {r["$ref"].rsplit("/", 1)[-1] for r in indexer}
    assert {"SourceSummarised", "SourceTranslated", "SourceFetched"} <= refs  # the indexer receives them


def test_registration_is_undone_after_the_block_and_refuses_clashes() -> None:
    with EVENT_TYPES.temporarily(SourceSummarised):
        assert "SourceSummarised" in EVENT_TYPES
    assert "SourceSummarised" not in EVENT_TYPES
    assert "assay.evt.source-summarised.v1" not in ALL_CONTRACTS
    assert "assay.evt.source-summarised.v1" not in {c["address"] for c in specification()["channels"].values()}

    class SourceFetchedAgain(Event):
        """Same subject as SourceFetched."""

        SUBJECT: ClassVar[str] = SourceFetched.SUBJECT

    with pytest.raises(ValueError, match="already registered by SourceFetched"):
        EVENT_TYPES.register(SourceFetchedAgain)
    with pytest.raises(TypeError, match="not an Event"):
        EVENT_TYPES.register(dict)  # type: ignore[type-var]  # deliberately not an Event
    assert EVENT_TYPES.by_subject(SourceFetched.SUBJECT) is SourceFetched


def test_an_event_without_a_record_method_is_recorded_through_update() -> None:
    runs = ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo"})
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="Which band recorded Counterparts?"))

    def degrade_once(run: ResearchRun) -> bool:
        if run.degraded:
            return False
        run.degrade(stage="scraper", reason="no browser")
        return True

    assert runs.update(run_id, degrade_once) and not runs.update(run_id, degrade_once)
    assert [type(e).__name__ for e in runs.timeline(run_id)] == ["RunStarted", "StageDegraded"]
    with pytest.raises(RunNotFound):
        runs.update(uuid4(), degrade_once)
