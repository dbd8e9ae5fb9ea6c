"""Domain figures as claims: a domain service proposes its cited figures (``DomainFiguresProposed``); they are
claims for the verifier but not part of the run's claim fan-in; its analysis is recorded once the last figure has a
verdict (or at the deadline, saying how many went unchecked); the verifier checks each against its own evidence
window; the report marks a figure its source did not confirm, and a contradicted or mostly unconfirmed set of
figures keeps the report below "high". The event store is the real one in memory (POPO); the handlers are the production functions."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from contracts import DomainAnalysisCompleted, ExtractionCompleted, VerifyClaim
from services.domain_shopping.handlers import Shopping, on_extraction_completed
from services.synthesizer.domain import cap_gate, domain_claims, place_domain_sections
from services.verifier.handlers import EvidencePools, Verification, on_verify
from shared.domain import source_id_for
from shared.evidence import Report, domain_claim_id
from shared.settings import VerifierSettings
from shared.store import ResearchRuns
from tests.shopping_pages import SONY_MERCHANT_A
from tests.unit.handlers.fakes import FakeCommands, FakeDocuments, memory_runs, started_run
from tests.unit.handlers.test_verifier_handlers import FakeVerdicts

SECTION = {"heading": "Verdicts", "body": "- Best: X — 250 g [@a]; 30 h [@b].", "evidence": []}
URL = "https://merchant-a.example/sony-wh-1000xm5"
PAGE = "Sony WH-1000XM5 wireless headphones. Weight: 250 g. Battery life: 30 hours. Price: $329.99."


def a_shopping_run(runs: ResearchRuns, docs: FakeDocuments, text: str = PAGE,
                   html: str | None = None) -> tuple[UUID, str]:
    """A shopping run whose one source (``text``, and ``html`` when given) is fetched and extracted."""
    run_id = started_run(runs, "Best headphones under $300?", scope="web", domain="shopping")
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "headphones"}], "shopping", "en", "offline", False)
    runs.record_search(run_id, "q1", "headphones", 1, [{"url": URL, "title": "Sony", "snippet": "",
                                                        "provider": "web", "rank": 1, "score": 1.0}], True, [])
    sid = source_id_for(run_id, URL)
    runs.record_source_fetched(run_id, sid, url=URL, final_url=URL, content_type="text/html", title="Sony",
                               text_sha256=docs.put(text), chars=len(text), via="http",
                               html_sha256=docs.put(html, "text/html") if html is not None else None)
    runs.record_claims(run_id, sid, [])
    return run_id, str(sid)


def figure(run_id: UUID, source: str, text: str, quote: str, doc: str = PAGE) -> dict[str, Any]:
    start = doc.index(quote)
    return {"claim_id": str(domain_claim_id(run_id, source, start, start + len(quote))), "text": text,
            "source_id": source, "start": start, "end": start + len(quote), "quote": quote, "window_start": 0,
            "window_end": start + len(quote), "document_sha256": None}


def verifier(runs: ResearchRuns, docs: FakeDocuments) -> Verification:
    return Verification(runs=runs, documents=docs, commands=FakeCommands(), llm=None, verdicts=FakeVerdicts(),
                        pools=EvidencePools(), settings=VerifierSettings(_env_file=None))


def test_the_analysis_waits_for_the_verdicts_of_its_figures() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs)
    assert runs.get_run(run_id).claims_verified  # no extracted claim: the general verification is done
    weight = figure(run_id, source, "The Sony WH-1000XM5 weight is 250 g.", "250 g")
    battery = figure(run_id, source, "The Sony WH-1000XM5 battery life is 30 hours.", "30 hours")
    assert runs.propose_domain_figures(run_id, domain="shopping", figures=[weight, battery], sections=[SECTION],
                                       sources=[], notes=["a note"], max_tier="high")
    run = runs.get_run(run_id)
    proposed = run.claim(weight["claim_id"])
    assert run.domain_analysis is None and proposed is not None and proposed.figure is not None
    assert proposed.figure.domain == "shopping" and proposed.figure.quote == "250 g"
    assert run.claims_to_verify == ()  # the general verification does not wait for them
    assert not any("not verified" in m for m in run.missing)
    assert not runs.propose_domain_figures(run_id, domain="shopping", figures=[weight], sections=[], sources=[],
                                           notes=[])  # once
    verdict = {"stability": 1.0, "support_score": 0.9, "spans": [], "corroborating_domains": []}
    runs.record_verdict(run_id, UUID(weight["claim_id"]), verdict="supported", **verdict)
    assert runs.get_run(run_id).domain_analysis is None
    runs.record_verdict(run_id, UUID(battery["claim_id"]), verdict="contradicted", **verdict)
    analysis = runs.get_run(run_id).domain_analysis
    assert analysis is not None and analysis.status == "complete" and analysis.sections[0]["heading"] == "Verdicts"
    assert analysis.notes == ("a note",)
    types = [type(e).__name__ for e in runs.timeline(run_id)]
    assert types[-4:] == ["DomainFiguresProposed", "ClaimVerified", "ClaimVerified", "DomainAnalysisCompleted"]


def test_no_figures_record_the_analysis_at_once() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, _ = a_shopping_run(runs, docs)
    assert runs.propose_domain_figures(run_id, domain="shopping", figures=[], sections=[SECTION], sources=[],
                                       notes=[])
    analysis = runs.get_run(run_id).domain_analysis
    assert analysis is not None and analysis.status == "complete"


def test_at_the_deadline_the_analysis_is_recorded_with_its_figures_unchecked() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs)
    weight = figure(run_id, source, "The Sony WH-1000XM5 weight is 250 g.", "250 g")
    runs.propose_domain_figures(run_id, domain="shopping", figures=[weight], sections=[SECTION], sources=[],
                                notes=[])
    assert runs.expire(run_id, awaited_domains=("shopping",)) == "forced"
    analysis = runs.get_run(run_id).domain_analysis
    assert analysis is not None and analysis.status == "complete" and analysis.sections  # shown, not lost
    assert analysis.notes == ("1 of the 1 shopping figures were not checked by the verifier before the run's "
                              "deadline",)


async def test_the_verifier_checks_a_figure_against_its_own_window() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs)
    right = figure(run_id, source, "The Sony WH-1000XM5 weight is 250 g.", "250 g")
    wrong = {**figure(run_id, source, "The Sony WH-1000XM5 battery life is 45 hours.", "30 hours")}
    runs.propose_domain_figures(run_id, domain="shopping", figures=[right, wrong], sections=[SECTION], sources=[],
                                notes=[])
    for f in (right, wrong):
        await on_verify(VerifyClaim(run_id=run_id, claim_id=UUID(f["claim_id"])), verifier(runs, docs))
    run = runs.get_run(run_id)
    checked = run.claim(right["claim_id"])
    assert checked is not None and checked.verdict == "supported", checked
    assert checked.spans and checked.spans[0].text == PAGE[:PAGE.index("250 g") + 5]  # the window, not the run
    refuted = run.claim(wrong["claim_id"])
    assert refuted is not None and refuted.verdict in ("contradicted", "unverified"), refuted
    assert run.domain_analysis is not None  # the last verdict recorded the analysis


async def test_a_shopping_run_proposes_its_figures_and_the_verifier_confirms_them() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    prose = "Sony WH-1000XM5 headphones: up to 30 hours of battery life."
    run_id, _ = a_shopping_run(runs, docs, text=prose, html=SONY_MERCHANT_A)
    event = next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))
    await on_extraction_completed(event, Shopping(runs=runs, documents=docs, commands=commands))
    run = runs.get_run(run_id)
    figures = {c.claim_id: c for c in run.claims.values() if c.figure is not None}
    assert run.domain_analysis is None and figures  # waiting for the verifier
    assert sorted(msg for _, msg in commands.sent) == sorted(figures)  # one VerifyClaim per figure
    texts = {c.text for c in figures.values()}
    assert "The Sony WH-1000XM5 price is 329.99." in texts, texts
    await on_extraction_completed(event, Shopping(runs=runs, documents=docs, commands=commands))  # redelivery
    assert len(commands.sent) == 2 * len(figures)  # asked again, never proposed twice (the bus de-duplicates)
    for cmd, _ in commands.sent[:len(figures)]:
        assert isinstance(cmd, VerifyClaim)
        await on_verify(cmd, verifier(runs, docs))
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "complete"
    verdicts = {c.text: c.verdict for c in run.claims.values() if c.figure is not None}
    assert verdicts["The Sony WH-1000XM5 price is 329.99."] == "supported", verdicts
    assert sum(v == "supported" for v in verdicts.values()) >= 0.6 * len(verdicts), verdicts
    assert sum(isinstance(e, DomainAnalysisCompleted) for e in runs.timeline(run_id)) == 1


async def test_without_claim_verification_the_analysis_is_recorded_at_once() -> None:
    runs, docs, commands = memory_runs(), FakeDocuments(), FakeCommands()
    run_id = started_run(runs, "Best headphones under $300?", scope="web", domain="shopping", verify_claims=False)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "headphones"}], "shopping", "en", "offline", False)
    runs.record_search(run_id, "q1", "headphones", 1, [{"url": URL, "title": "Sony", "snippet": "",
                                                        "provider": "web", "rank": 1, "score": 1.0}], True, [])
    sid = source_id_for(run_id, URL)
    runs.record_source_fetched(run_id, sid, url=URL, final_url=URL, content_type="text/html", title="Sony",
                               text_sha256=docs.put(PAGE), chars=len(PAGE), via="http",
                               html_sha256=docs.put(SONY_MERCHANT_A, "text/html"))
    runs.record_claims(run_id, sid, [])
    event = next(e for e in runs.timeline(run_id) if isinstance(e, ExtractionCompleted))
    await on_extraction_completed(event, Shopping(runs=runs, documents=docs, commands=commands))
    run = runs.get_run(run_id)
    assert run.domain_analysis is not None and run.domain_analysis.status == "complete"
    assert commands.sent == [] and not any(c.figure is not None for c in run.claims.values())


def test_the_report_marks_unconfirmed_figures_and_the_gate_counts_them() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs)
    good = figure(run_id, source, "The X weight is 250 g.", "250 g")
    bad = figure(run_id, source, "The X battery life is 30 hours.", "30 hours")
    section = {**SECTION, "evidence": [
        {"ref": "a", "source_id": source, "start": good["start"], "end": good["end"], "quote": "250 g"},
        {"ref": "b", "source_id": source, "start": bad["start"], "end": bad["end"], "quote": "30 hours"}]}
    runs.propose_domain_figures(run_id, domain="shopping", figures=[good, bad], sections=[section], sources=[],
                                notes=[])
    verdict = {"stability": 1.0, "support_score": 0.9, "spans": [], "corroborating_domains": []}
    runs.record_verdict(run_id, UUID(good["claim_id"]), verdict="supported", **verdict)
    runs.record_verdict(run_id, UUID(bad["claim_id"]), verdict="contradicted", **verdict)
    run = runs.get_run(run_id)
    out = place_domain_sections(Report(markdown="# Q\n\n## Answer\n\nText.\n", citations=[], used_claim_ids=[]),
                                run, {})
    assert "- Best: X — 250 g [1]; 30 h [1] (contradicted by its source)." in out.markdown
    assert {c.claim_id for c in out.citations} == {good["claim_id"], bad["claim_id"]}
    assert out.used_claim_ids == []  # not read as the answer's claims (no dispute of the lead)
    counted = {c.claim_id: c.verdict for c in domain_claims(run, {})}
    assert counted == {good["claim_id"]: "supported", bad["claim_id"]: "contradicted"}
    high = {"score": 0.9, "tier": "high", "signals": {"p_answered": 0.9}}
    capped = cap_gate(high, run, domain_claims(run, {}))  # a contradicted figure: never "high"
    assert capped["tier"] == "medium" and capped["score"] < 0.85 and capped["signals"]["figures_cap"] == 1.0
    assert capped["signals"]["figures"] == 2.0 and capped["signals"]["figures_supported"] == 0.5
    confirmed = [c for c in domain_claims(run, {}) if c.verdict == "supported"]
    assert cap_gate(high, run, confirmed) == {**high, "signals": {"p_answered": 0.9, "figures": 1.0,
                                                                  "figures_supported": 1.0}}
