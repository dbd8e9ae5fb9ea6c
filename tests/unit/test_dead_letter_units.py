"""A dead-lettered unit is that unit's failure, not the run's (issue 11, item 4).

On the event store (in memory) through ``shared.deadletters.settle_dead_letter``, the one step both dead-letter
paths take (the bus's error policy and the max-deliveries watcher): for a unit of each fan-out kind (a sub-query's
search, a source's fetch, a source's claim extraction, a claim's verification) and for the steps that have a way
forward (the verifier's sending out of the claims, a domain analysis, the judgement), the unit is recorded as
failed with the reason (``UnitDeadLettered`` beside its own failure event), the fan-in it was holding up is
recorded, and the run ends ``RunCompleted`` partial with the reason under "What is missing" of its report. A
run-level step with no way forward (the plan) fails the run with the reason. A dead letter settled again, or for
a unit the run does not have, or of an ended run, records nothing.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import (
    ClaimsVerified,
    ClaimVerified,
    DomainAnalysisCompleted,
    Event,
    ExtractionCompleted,
    RunCompleted,
    RunFailed,
    RunRequested,
    SearchCompleted,
    SourceFailed,
    SourcesSelected,
    UnitDeadLettered,
)
from services.synthesizer.handlers import report_inputs
from shared.deadletters import settle_dead_letter, unit_of
from shared.domain import claim_id_for, source_id_for
from shared.store import ResearchRuns

REASON = "gave up after 3 deliveries: RuntimeError: the handler cannot take this unit"
URLS = ("https://example.org/a", "https://example.org/b")
TEXTS = ("The Eiffel Tower is 330 metres tall.", "The Eiffel Tower stands in Paris.")


@pytest.fixture
def runs() -> ResearchRuns:
    return ResearchRuns(env={"PERSISTENCE_MODULE": "eventsourcing.popo", "AGGREGATE_CACHE_MAXSIZE": ""})


def _claims(run_id: UUID, texts: tuple[str, ...]) -> list[dict[str, Any]]:
    return [{"claim_id": str(claim_id_for(run_id, t)), "text": t, "start": 0, "end": len(t), "numeric": False,
             "recent": False, "named_event": False} for t in texts]


def _run(runs: ResearchRuns, *, domain: str = "general", search: tuple[str, ...] = ("q1", "q2"),
         fetch: tuple[int, ...] = (), extract: tuple[int, ...] = ()) -> UUID:
    """A run planned with sub-queries q1 and q2 (``domain``), the sub-queries in ``search`` searched (both URLs
    found), the sources in ``fetch`` fetched, those in ``extract`` with one claim each."""
    run_id = uuid4()
    runs.start_run(RunRequested(run_id=run_id, question="How tall is the Eiffel Tower?", scope="web",
                                max_sources=2))
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "eiffel tower height"},
                              {"sub_query_id": "q2", "text": "eiffel tower paris"}], domain, "en", "offline", False)
    hits = [{"url": u, "title": u, "snippet": "", "provider": "test", "rank": i + 1, "score": 1.0}
            for i, u in enumerate(URLS)]
    for q in search:
        runs.record_search(run_id, q, "eiffel", 1, hits, True, [])
    for i in fetch:
        runs.record_source_fetched(run_id, source_id_for(run_id, URLS[i]), url=URLS[i], final_url=URLS[i],
                                   content_type="text/html", title=f"S{i}", text_sha256=str(i) * 64, chars=40,
                                   via="http")
    for i in extract:
        runs.record_claims(run_id, source_id_for(run_id, URLS[i]), _claims(run_id, (TEXTS[i],)))
    return run_id


def _verdict(runs: ResearchRuns, run_id: UUID, text: str) -> None:
    runs.record_verdict(run_id, claim_id_for(run_id, text), verdict="supported", stability=1.0, support_score=0.9,
                        spans=[], corroborating_domains=[])


def _finish(runs: ResearchRuns, run_id: UUID) -> list[Event]:
    """Write the report and judge it, as the synthesizer and the judge would once the claims are verified."""
    assert runs.record_report(run_id, gate={"score": 0.5, "tier": "medium", "signals": {}},
                              report_sha256="1" * 64, citations=[], used_claim_ids=[])
    assert runs.record_judgement(run_id, judgement={"factual_accuracy": 3, "citation_density": 3, "coverage": 3,
                                                    "total": 60, "rationale": "ok", "engine": "offline"},
                                 audit={"total": 0, "valid": 0, "invalid": []})
    return runs.timeline(run_id)


def _settle(runs: ResearchRuns, run_id: UUID, subject: str, service: str, **body: Any) -> str:
    data = json.dumps({"run_id": str(run_id), **{k: str(v) for k, v in body.items()}}).encode()
    return settle_dead_letter(runs, run_id, subject, service, data, REASON)


def _names(events: list[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def _assert_partial_with_reason(runs: ResearchRuns, run_id: UUID, unit: str, stage: str) -> None:
    """The run completed partial; the reason is in its missing, its report's inputs and ``UnitDeadLettered``."""
    events = _finish(runs, run_id)
    completed = events[-1]
    assert isinstance(completed, RunCompleted) and completed.status == "partial"
    line = f"{unit}: the {stage} gave up on it ({REASON})"
    assert line in completed.missing
    (dead,) = [e for e in events if isinstance(e, UnitDeadLettered)]
    assert dead.stage == stage and dead.reason == REASON and dead.unit == unit
    view = runs.get_run(run_id)
    assert view.status == "partial" and line in view.missing


def test_a_dead_lettered_search_is_a_sub_query_with_no_hits_and_the_sources_are_still_selected(
        runs: ResearchRuns) -> None:
    run_id = _run(runs, search=("q1",))
    assert not runs.get_run(run_id).claims_verified and SourcesSelected not in map(type, runs.timeline(run_id))
    assert _settle(runs, run_id, "assay.cmd.search.v1", "gatherer", sub_query_id="q2") == "unit"
    events = runs.timeline(run_id)
    search = [e for e in events if isinstance(e, SearchCompleted) and e.sub_query_id == "q2"]
    assert len(search) == 1 and search[0].final and search[0].hits == () and search[0].text == "eiffel tower paris"
    assert isinstance(events[-1], SourcesSelected) and len(events[-1].sources) == 2  # q1's hits go on
    assert _settle(runs, run_id, "assay.cmd.search.v1", "gatherer", sub_query_id="q2") == "none"  # once
    for i in (0, 1):
        runs.record_source_failed(run_id, source_id_for(run_id, URLS[i]), url=URLS[i], reason="http_error: 500")
    _assert_partial_with_reason(runs, run_id, "sub-query q2 (eiffel tower paris) not searched", "gatherer")


def test_a_dead_lettered_fetch_is_a_failed_source_and_the_extraction_completes(runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0,), extract=(0,))
    source_b = source_id_for(run_id, URLS[1])
    assert _settle(runs, run_id, "assay.cmd.fetch.v1", "scraper", source_id=source_b, url=URLS[1]) == "unit"
    events = runs.timeline(run_id)
    failed = [e for e in events if isinstance(e, SourceFailed)]
    assert [(f.source_id, f.reason) for f in failed] == [(source_b, f"dead-lettered: {REASON}")]
    assert ExtractionCompleted in map(type, events)
    assert _settle(runs, run_id, "assay.cmd.fetch.v1", "scraper", source_id=source_b, url=URLS[1]) == "none"
    _verdict(runs, run_id, TEXTS[0])
    assert isinstance(runs.timeline(run_id)[-1], ClaimsVerified)
    # the report's "What is missing" names the source and the reason (the synthesizer's own inputs)
    missing = report_inputs(runs.get_run(run_id))[3]
    assert any(URLS[1] in m and REASON in m for m in missing)
    _assert_partial_with_reason(runs, run_id, f"source {URLS[1]} not fetched", "scraper")


def test_a_dead_lettered_claim_extraction_fails_its_source_and_the_extraction_completes(
        runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0, 1), extract=(0,))
    source_b = source_id_for(run_id, URLS[1])
    assert _settle(runs, run_id, "assay.evt.source-fetched.v1", "claim-extractor", source_id=source_b) == "unit"
    events = runs.timeline(run_id)
    assert [e.source_id for e in events if isinstance(e, SourceFailed)] == [source_b]
    completed = [e for e in events if isinstance(e, ExtractionCompleted)]
    assert len(completed) == 1 and completed[0].claim_ids == (claim_id_for(run_id, TEXTS[0]),)
    _verdict(runs, run_id, TEXTS[0])
    _assert_partial_with_reason(runs, run_id, f"source {URLS[1]} fetched, its claims not extracted",
                                "claim-extractor")


def test_a_dead_lettered_verification_leaves_its_claim_unverified_and_the_claims_are_verified(
        runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0, 1), extract=(0, 1))
    _verdict(runs, run_id, TEXTS[0])
    poisoned = claim_id_for(run_id, TEXTS[1])
    assert _settle(runs, run_id, "assay.cmd.verify.v1", "verifier", claim_id=poisoned) == "unit"
    events = runs.timeline(run_id)
    verdicts = {e.claim_id: e for e in events if isinstance(e, ClaimVerified)}
    assert verdicts[poisoned].verdict == "unverified" and verdicts[poisoned].engine == "none"
    assert verdicts[poisoned].degraded
    assert isinstance(events[-1], ClaimsVerified) and events[-1].counts["unverified"] == 1
    assert _settle(runs, run_id, "assay.cmd.verify.v1", "verifier", claim_id=poisoned) == "none"
    _assert_partial_with_reason(runs, run_id, f"claim {TEXTS[1]!r} not verified", "verifier")


def test_claims_never_sent_out_for_verification_are_verified_partial(runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0, 1), extract=(0, 1))
    assert _settle(runs, run_id, "assay.evt.extraction-completed.v1", "verifier") == "unit"
    last = runs.timeline(run_id)[-1]
    assert isinstance(last, ClaimsVerified) and last.partial and last.counts["pending"] == 2
    assert any(REASON in m for m in last.missing)
    _assert_partial_with_reason(runs, run_id, "claim verification not done", "verifier")


def test_a_dead_lettered_domain_analysis_is_a_failed_analysis(runs: ResearchRuns) -> None:
    run_id = _run(runs, domain="shopping", fetch=(0, 1), extract=(0, 1))
    assert _settle(runs, run_id, "assay.evt.extraction-completed.v1", "domain-shopping") == "unit"
    (analysis,) = [e for e in runs.timeline(run_id) if isinstance(e, DomainAnalysisCompleted)]
    assert analysis.status == "failed" and analysis.reason == f"dead-lettered: {REASON}"
    for text in TEXTS:
        _verdict(runs, run_id, text)
    _assert_partial_with_reason(runs, run_id, "the shopping analysis not done", "domain-shopping")


def test_an_unjudged_report_completes_the_run_partial(runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0, 1), extract=(0, 1))
    for text in TEXTS:
        _verdict(runs, run_id, text)
    assert runs.record_report(run_id, gate={"score": 0.5, "tier": "medium", "signals": {}},
                              report_sha256="1" * 64, citations=[], used_claim_ids=[])
    assert _settle(runs, run_id, "assay.evt.report-synthesized.v1", "judge") == "unit"
    last = runs.timeline(run_id)[-1]
    assert isinstance(last, RunCompleted) and last.status == "partial" and last.report_sha256 == "1" * 64
    assert f"the report not judged: the judge gave up on it ({REASON})" in last.missing


@pytest.mark.parametrize(("subject", "service"), [
    ("assay.cmd.run.v1", "planner"), ("assay.evt.plan-created.v1", "gatherer"),
    ("assay.evt.sources-selected.v1", "scraper"), ("assay.evt.claims-verified.v1", "synthesizer")])
def test_a_run_level_step_with_no_way_forward_fails_the_run_with_the_reason(
        runs: ResearchRuns, subject: str, service: str) -> None:
    run_id = _run(runs, search=())
    assert _settle(runs, run_id, subject, service) == "run"
    last = runs.timeline(run_id)[-1]
    assert isinstance(last, RunFailed) and last.stage == service and last.reason == REASON
    assert _settle(runs, run_id, "assay.cmd.search.v1", "gatherer", sub_query_id="q1") == "none"  # ended
    assert runs.timeline(run_id)[-1] == last


def test_a_dead_letter_for_a_unit_the_run_does_not_have_or_of_no_run_changes_nothing(runs: ResearchRuns) -> None:
    run_id = _run(runs, fetch=(0, 1), extract=(0, 1))
    before = _names(runs.timeline(run_id))
    assert _settle(runs, run_id, "assay.cmd.verify.v1", "verifier", claim_id=uuid4()) == "none"
    assert _settle(runs, run_id, "assay.cmd.fetch.v1", "scraper", source_id=uuid4()) == "none"
    assert _settle(runs, run_id, "assay.evt.source-failed.v1", "indexer") == "none"  # read models only
    assert _names(runs.timeline(run_id)) == before
    assert _settle(runs, uuid4(), "assay.cmd.verify.v1", "verifier", claim_id=uuid4()) == "none"


@pytest.mark.parametrize(("subject", "service", "expected"), [
    ("assay.cmd.search.v1", "gatherer", ("search", "q3")),
    ("assay.cmd.fetch.v1", "scraper", ("fetch", "q3")),
    ("assay.evt.source-fetched.v1", "claim-extractor", ("extract", "q3")),
    ("assay.cmd.verify.v1", "verifier", ("verify", "q3")),
    ("assay.evt.extraction-completed.v1", "verifier", ("verify-all", "")),
    ("assay.evt.extraction-completed.v1", "domain-shopping", ("domain", "")),
    ("assay.evt.plan-created.v1", "domain-code", ("domain", "")),
    ("assay.evt.report-synthesized.v1", "judge", ("judge", "")),
    ("assay.evt.plan-created.v1", "gatherer", ("run", "")),
    ("assay.cmd.run.v1", "planner", ("run", "")),
])
def test_each_subject_and_consumer_names_its_unit(subject: str, service: str, expected: tuple[str, str]) -> None:
    body = json.dumps({"sub_query_id": "q3", "source_id": "q3", "claim_id": "q3"}).encode()
    assert unit_of(subject, service, body) == expected
    assert unit_of(subject, service, b"not json")[0] == expected[0]
