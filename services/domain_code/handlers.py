"""domain-code: ``ExtractionCompleted`` of a code run -> ``PackagesSurveyed``, ``ApiSignaturesExtracted``,
``SnippetChecked``… -> ``DomainAnalysisCompleted`` (the sections the synthesizer places before the lead).

The service has its own durable consumer of ``ExtractionCompleted`` (the aggregate's fan-in: every selected
source fetched or failed, recorded once) and acts only when the plan's domain is "code" (the planner's detection,
or ``assay run --domain code``). It starts then, not on ``PlanCreated``, so the candidates the fetched pages and
their claims name ("use httpx or aiohttp", ``npm install got``) are surveyed with the question's, and each page's
ecosystem is recorded for the report's lead. Engines: ``analysis.analyse`` with the ``synthesizer`` role's models
when it has one (candidate names, a recommendation, a usage snippet and its repairs; ``model.py``), else the
offline engine alone (``offline.py``). A failure of the analysis itself (a bug, an unusable environment) is
recorded as a failed analysis with the reason, so the run goes on with the general report; a store or bus outage
is redelivered like everywhere else.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from faststream.nats import NatsRouter

from contracts import ExtractionCompleted
from shared.bus import consumer_kwargs
from shared.domain import RunView
from shared.errors import TransientError
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls
from shared.ports import Commands, Documents, DomainRuns, ask_figure_verification
from shared.runtime import Runtime

if TYPE_CHECKING:  # the engine (registries, sandbox, requirement parsing) loads on a code run's first analysis only
    from services.domain_code.analysis import Tools
    from services.domain_code.pages import Page

log = logging.getLogger("assay.domain-code")
DOMAIN = "code"
SERVICE = "domain-code"


@dataclass(frozen=True, kw_only=True)
class CodeAnalysis:
    """The domain-code handler's collaborators: the event store, the document store (the registry documents and
    snippets it cites), the model gateway (None: offline; the ``synthesizer`` role's models) and the engine's
    tools (registries, sandbox; built on first use); the bus (``VerifyClaim`` for each registry figure it proposes
    as a claim; None: figures are not proposed)."""

    runs: DomainRuns
    documents: Documents
    llm: LlmGateway | None
    tools: Callable[[], Tools]
    commands: Commands | None = None


async def ask_verification(deps: CodeAnalysis, run: RunView) -> bool:
    """Publish ``VerifyClaim`` for each of the run's code figures still without a verdict (the message id is the
    claim id: a repeat is de-duplicated by the bus). Returns whether the run has code figures at all."""
    return await ask_figure_verification(deps.commands, run, DOMAIN)


def fetched_pages(documents: Documents, run: RunView) -> list[Page]:
    """The run's fetched sources with their stored text, their HTML (None when not HTML) and the texts of the
    claims extracted from them (a domain's own figures left out), in the order the run selected them."""
    from services.domain_code.pages import Page

    fetched = [s for s in run.sources.values() if s.text_sha256]
    texts = documents.get_many([str(s.text_sha256) for s in fetched] + [s.html_sha256 for s in fetched
                                                                        if s.html_sha256])
    claims: dict[str, list[str]] = {}
    for claim in run.claims.values():
        if claim.figure is None:
            claims.setdefault(str(claim.source_id), []).append(claim.text)
    return [Page(source_id=str(s.source_id), url=s.address, title=s.title or s.url,
                 text=texts.get(str(s.text_sha256), ""), claims=tuple(claims.get(str(s.source_id), [])),
                 html=texts.get(s.html_sha256) if s.html_sha256 else None)
            for s in fetched]


async def on_extraction_completed(event: ExtractionCompleted, deps: CodeAnalysis) -> None:
    """``ExtractionCompleted`` of a code run -> the service's events + ``DomainAnalysisCompleted`` (once; a failed
    analysis is recorded with the reason, a store or bus outage is redelivered)."""
    run = await asyncio.to_thread(deps.runs.get_run, event.run_id)
    if run.plan is None or run.plan.domain != DOMAIN:
        return
    if run.status != "running" or run.domain_analysis is not None or run.report is not None:
        return  # redelivery, or too late
    if await ask_verification(deps, run):
        return  # a redelivery after the figures were proposed: their checks are asked again (de-duplicated)
    analysis = await asyncio.to_thread(importlib.import_module, "services.domain_code.analysis")  # (off the loop)
    llm = deps.llm
    calls = ModelCalls(llm, deps.runs, event.run_id, SERVICE) if llm is not None and not llm.offline(
        "synthesizer") else None

    async def record(name: str, method: str, payload: dict[str, Any]) -> None:
        await asyncio.to_thread(deps.runs.record_domain_event, event.run_id, name, method, payload)

    async def put(text: str, content_type: str) -> str:
        return await asyncio.to_thread(deps.documents.put, text, content_type)

    try:
        pages = await asyncio.to_thread(fetched_pages, deps.documents, run)
        outcome = await analysis.analyse(run.request.question, run.request.workspace, event.run_id, deps.tools(),
                                         calls=calls, record=record, put=put, pages=pages,
                                         forced=run.request.domain == DOMAIN)
    except TransientError:
        raise  # the store or the bus is down: redelivered later
    except Exception as exc:  # noqa: BLE001 - the analysis failed: the run goes on with the general report
        log.exception("code analysis of run %s failed", event.run_id)
        # no package was surveyed nor code checked: the general report is at most "medium"
        await asyncio.to_thread(deps.runs.record_domain_analysis, event.run_id, domain=DOMAIN, status="failed",
                                reason=f"{exc.__class__.__name__}: {exc}"[:300], engine="offline", max_tier="medium")
        return
    if outcome.figures and run.request.verify_claims and deps.commands is not None:
        # the registry figures are checked by the verifier, then the analysis is recorded (with the last verdict)
        await asyncio.to_thread(
            deps.runs.propose_domain_figures, event.run_id, domain=DOMAIN, figures=outcome.figures,
            sections=outcome.sections, sources=outcome.sources, notes=outcome.notes, max_tier=outcome.max_tier,
            engine=outcome.engine, degraded=outcome.degraded, pick=outcome.pick)
        await ask_verification(deps, await asyncio.to_thread(deps.runs.get_run, event.run_id))
        return
    await asyncio.to_thread(
        deps.runs.record_domain_analysis, event.run_id, domain=DOMAIN, status="complete",
        sections=outcome.sections, sources=outcome.sources, notes=outcome.notes, max_tier=outcome.max_tier,
        engine=outcome.engine, degraded=outcome.degraded, pick=outcome.pick)


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the domain-code service (the engine's tools are built on first use, closed at stop): each
    calls its handler function with this process' collaborators."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.code
    held: list[Tools] = []

    def tools() -> Tools:
        if not held:
            from services.domain_code.analysis import Tools

            held.append(Tools.build(cfg))
        return held[0]

    async def close() -> None:
        for t in held:
            await asyncio.to_thread(t.close)
        held.clear()

    router.assay_closers = [close]  # type: ignore[attr-defined]  # awaited by services.cli.stack.Stack.stop
    # installs, introspection and every sandbox step (with repairs) must fit before a redelivery
    steps = 4 + cfg.max_packages * (1 + cfg.repair_attempts)
    ack_wait = max(common.ack_wait_s, cfg.install_timeout_s * cfg.introspect_packages
                   + cfg.snippet_timeout_s * 3 * steps + 120)

    @router.subscriber(ExtractionCompleted.SUBJECT,
                       **consumer_kwargs(common, SERVICE, ExtractionCompleted, ack_wait_s=ack_wait))
    async def on_extraction_completed_msg(body: ExtractionCompleted) -> None:
        await on_extraction_completed(body, CodeAnalysis(runs=rt.runs, documents=rt.documents, llm=rt.llm, tools=tools,
                                                 commands=rt.publisher))

    return router
