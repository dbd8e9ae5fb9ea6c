"""``DomainAnalysisCompleted`` and ``DomainFiguresProposed`` are stored at class version 2 with what backs the
lead pick (``pick``, a ``contracts.PickBacking``); a version 1 record (written before the field existed: no
``class_version``, no ``pick``) still replays, upcast with no backing, and the confidence gate then counts the pick
as not backed (it never falls back to reading the report's wording)."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any
from uuid import UUID, uuid4

from contracts import DomainAnalysisCompleted, DomainFiguresProposed, PickBacking
from services.synthesizer.domain import domain_answer_gate, pick_features, place_domain_sections
from shared.evidence import Report
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import memory_runs, started_run

QUESTION = "Which label printer is best?"
OWN = str(uuid4())
SECTIONS = [{"heading": "Verdicts", "body": "- **Best overall: Quorra Q3** — ranked first: print speed 120 mm/s [@a].",
             "evidence": [{"ref": "a", "source_id": OWN, "start": 0, "end": 8, "quote": "120 mm/s"}]}]
SOURCES = [{"source_id": OWN, "url": "https://benchlab.example/q3", "title": "Q3 test", "document_sha256": "d" * 64}]
BACKING = {"kind": "ranking", "subject": "Quorra Q3", "figures_agree": True, "contested": False, "source_ids": [OWN],
           "publishers": 2, "independent_review": True, "sponsored_only": False, "compared": 3}


def planned(runs: ResearchRuns) -> UUID:
    run_id = started_run(runs, QUESTION, domain="shopping")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": QUESTION}], "shopping", "en", "offline", False)
    return run_id


def as_version_1(runs: ResearchRuns, name: str) -> int:
    """Rewrite the stored ``name`` records as version 1 wrote them: no ``class_version``, no ``pick``."""
    recorder: Any = runs.recorder
    rewritten = 0
    for i, stored in enumerate(recorder._stored_events):
        if stored.topic.rsplit(".", 1)[-1] != name:
            continue
        state = json.loads(stored.state)
        assert state.pop("class_version") == 2 and "pick" in state  # what the current code writes
        del state["pick"]
        recorder._stored_events[i] = replace(stored, state=json.dumps(state).encode())
        rewritten += 1
    return rewritten


def gate(runs: ResearchRuns, run_id: UUID) -> dict[str, Any]:
    run = runs.get_run(run_id)
    report = place_domain_sections(Report(markdown="# Q\n\n## Answer\n\nText.\n", citations=[], used_claim_ids=[]),
                                   run, {})
    return domain_answer_gate({"score": 0.9, "tier": "high", "signals": {"answered": 0.9}}, report.markdown, run)


def test_the_backing_is_recorded_and_published_with_the_analysis() -> None:
    runs = memory_runs()
    run_id = planned(runs)
    assert runs.record_domain_analysis(run_id, domain="shopping", status="complete", sections=SECTIONS,
                                       sources=SOURCES, pick=BACKING)
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.pick == BACKING
    event = next(e for e in runs.timeline(run_id) if isinstance(e, DomainAnalysisCompleted))
    assert event.pick == PickBacking.model_validate(BACKING)
    assert gate(runs, run_id)["tier"] == "high"


def test_a_version_1_analysis_without_a_backing_replays_and_its_pick_counts_as_not_backed() -> None:
    runs = memory_runs()
    run_id = planned(runs)
    runs.record_domain_analysis(run_id, domain="shopping", status="complete", sections=SECTIONS, sources=SOURCES,
                                pick=BACKING)
    assert as_version_1(runs, "DomainAnalysisCompleted") == 1
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.pick is None
    assert run.domain_analysis.sections[0]["heading"] == "Verdicts"
    event = next(e for e in runs.timeline(run_id) if isinstance(e, DomainAnalysisCompleted))
    assert event.pick is None and event.status == "complete"
    assert pick_features(run) == dict.fromkeys(pick_features(run) or {}, 0.0) and pick_features(run)
    found = gate(runs, run_id)
    assert found["tier"] == "medium" and found["signals"]["pick_strength"] == 0.0, found


def test_version_1_proposed_figures_replay_and_complete_without_a_backing() -> None:
    runs = memory_runs()
    run_id = planned(runs)
    figure = {"claim_id": str(uuid4()), "text": "The Quorra Q3 prints at 120 mm/s.", "source_id": OWN, "start": 0,
              "end": 8, "quote": "120 mm/s", "window_start": 0, "window_end": 8, "document_sha256": "d" * 64}
    assert runs.propose_domain_figures(run_id, domain="shopping", figures=[figure], sections=SECTIONS,
                                       sources=SOURCES, notes=[], pick=BACKING)
    assert as_version_1(runs, "DomainFiguresProposed") == 1
    run = runs.get_run(run_id)
    assert run.domain_analysis is None and run.claims[figure["claim_id"]].verdict is None  # still pending
    event = next(e for e in runs.timeline(run_id) if isinstance(e, DomainFiguresProposed))
    assert event.pick is None and len(event.figures) == 1
