"""The synthesizer's handler functions without NATS and PostgreSQL: the event store in memory (POPO), the
documents in a dict, the offline engine."""

from __future__ import annotations

from typing import TypeVar
from uuid import UUID

from contracts import ClaimsVerified, DomainAnalysisCompleted
from services.synthesizer.handlers import Synthesis, on_claims_verified, on_domain_analysis, report_inputs
from shared.domain import claim_id_for
from shared.settings import SynthesizerSettings
from shared.store import ResearchRuns
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs

TEXT = "Rush is a Canadian rock band. Neil Peart was the drummer of Rush from 1974 to 2015."
E = TypeVar("E")
CLAIM = "Neil Peart was the drummer of Rush from 1974 to 2015."


class NoCorpus:
    def languages(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}

    def page_kinds(self, corpus: str | None, *, sample: int = 40) -> dict[str, int]:
        return {}


def verified_run(runs: ResearchRuns, docs: FakeDocuments, *, domain: str = "general") -> UUID:
    """A run whose one claim is supported (``ClaimsVerified`` recorded by the fan-in)."""
    run_id, (sid,) = fetched_run(runs, docs, [("doc:rush", TEXT)], domain=domain)
    cid = claim_id_for(run_id, CLAIM)
    start = TEXT.index(CLAIM)
    runs.record_claims(run_id, sid, [{"claim_id": str(cid), "text": CLAIM, "start": start,
                                      "end": start + len(CLAIM)}])
    runs.record_verdict(run_id, cid, verdict="supported", stability=1.0, support_score=0.9,
                        spans=[{"source_id": str(sid), "start": start, "end": start + len(CLAIM), "quote": CLAIM,
                                "label": "supports", "score": 1.0},
                               {"source_id": str(sid), "start": 0, "end": 29, "quote": TEXT[:29],
                                "label": "contradicts", "score": 0.5}],
                        corroborating_domains=["local:doc:rush"])
    return run_id


def deps(runs: ResearchRuns, docs: FakeDocuments) -> Synthesis:
    return Synthesis(runs=runs, documents=docs, corpus=NoCorpus(), llm=None,
                     settings=SynthesizerSettings(_env_file=None))


def event_of(runs: ResearchRuns, run_id: UUID, cls: type[E]) -> E:
    return next(e for e in runs.timeline(run_id) if isinstance(e, cls))


async def test_claims_verified_writes_a_cited_report_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = verified_run(runs, docs)
    event = event_of(runs, run_id, ClaimsVerified)
    await on_claims_verified(event, deps(runs, docs))
    run = runs.get_run(run_id)
    assert run.report is not None and run.gate is not None
    markdown = docs.get(run.report.report_sha256) or ""
    assert "Neil Peart was the drummer of Rush" in markdown and "[1]" in markdown
    assert [c.claim_id for c in run.report.citations] == [str(claim_id_for(run_id, CLAIM))]
    assert run.report.citations[0].quote == CLAIM
    version = run.version
    await on_claims_verified(event, deps(runs, docs))  # redelivery: nothing more recorded
    assert runs.get_run(run_id).version == version


async def test_the_report_uses_only_supporting_spans_with_their_source_domain() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = verified_run(runs, docs)
    run = runs.get_run(run_id)
    assert [s.label for s in run.claims[str(claim_id_for(run_id, CLAIM))].spans] == ["supports", "contradicts"]
    sources, claims, language, _ = report_inputs(run)
    (claim,) = claims
    assert [s.label for s in claim.spans] == ["supports"] and language == "en"
    assert claim.spans[0].domain == sources[claim.source_id].domain != ""


async def test_a_shopping_run_waits_for_its_domain_analysis() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id = verified_run(runs, docs, domain="shopping")
    await on_claims_verified(event_of(runs, run_id, ClaimsVerified), deps(runs, docs))
    assert runs.get_run(run_id).report is None  # the analysis is still out
    runs.record_domain_analysis(run_id, domain="shopping", status="failed", reason="no products", engine="offline")
    analysis = event_of(runs, run_id, DomainAnalysisCompleted)
    await on_domain_analysis(analysis, deps(runs, docs))
    run = runs.get_run(run_id)
    assert run.report is not None
    assert any("shopping analysis failed" in m for m in run.missing)


def test_only_a_run_that_searched_the_web_or_was_given_urls_says_no_search_result_or_url_was_fetched() -> None:
    """A local run that found nothing says no verified evidence was found (in the report's language), never that
    "no search result or given URL could be fetched" (a trial's Chinese local report said so)."""
    from services.synthesizer.handlers import searched_nothing
    from tests.unit.handlers.fakes import started_run

    runs = memory_runs()
    local = runs.get_run(started_run(runs, scope="local"))
    assert not searched_nothing(local, {})
    for request in ({"scope": "web"}, {"scope": "both"}, {"scope": "local", "urls": ("https://a.example/x",)}):
        assert searched_nothing(runs.get_run(started_run(runs, **request)), {}), request
    assert not searched_nothing(runs.get_run(started_run(runs, scope="web")), {"s1": object()})


def test_a_web_run_that_kept_no_search_result_says_so_not_that_results_could_not_be_fetched() -> None:
    """Task h25 (trial t54s X3): every result that came back was graded off-topic and none was kept, yet the answer
    said "no search result or given URL could be fetched". A run that kept hits (which then failed to fetch), was
    given URLs, or had a provider fail keeps that text."""
    from services.synthesizer.handlers import searched_off_topic
    from services.synthesizer.offline import synthesize
    from shared.report import NO_RESULTS_TEXT, NO_SOURCES_TEXT
    from tests.unit.handlers.fakes import started_run

    runs = memory_runs()
    question = "Is the Quillon Drift 6 worth it?"

    def searched(hits: list[dict[str, object]], failed: list[str], **request: object) -> bool:
        run_id = started_run(runs, question, scope="web", **request)
        runs.record_plan(run_id, [{"sub_query_id": "q1", "text": question}], "shopping", "en", "offline", False)
        runs.record_search(run_id, "q1", question, 1, hits, True, failed)
        return searched_off_topic(runs.get_run(run_id))

    kept = [{"url": "https://shop.example/drift-6", "title": "Quillon Drift 6", "snippet": "", "provider": "searxng",
             "rank": 1, "score": 1.0}]
    assert searched([], [])
    assert not searched(kept, [])  # kept, then not fetched: the fetch failed
    assert not searched([], ["searxng: timeout (no answer within 30 s)"])
    assert not searched([], [], urls=("https://a.example/x",))
    answer = synthesize(question, [], {}, no_sources=True, off_topic=True).markdown.split("## Answer", 1)[1]
    assert NO_RESULTS_TEXT in answer and NO_SOURCES_TEXT not in answer and "could be fetched" not in answer
    assert "could be fetched" in synthesize(question, [], {}, no_sources=True).markdown
    german = synthesize("Lohnt sich der Quillon Drift 6?", [], {}, language="de", no_sources=True, off_topic=True)
    assert "konnte abgerufen" in german.markdown  # a language without the text keeps its no-sources answer
