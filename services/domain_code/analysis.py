"""One code run's analysis, step by step, each step's event recorded as soon as it is done.

``analyse`` scans the workspace (when the run names one), surveys the candidates the question, the workspace, the
registries' search and the run's fetched pages name (``PackagesSurveyed``),
installs and introspects the best PyPI ones, reads the best npm ones' TypeScript declarations and the best
crates.io ones' Rust source (``ApiSignaturesExtracted``), checks every snippet the report will
show (``SnippetChecked`` per check; a failing model snippet is repaired and checked again, up to
``repair_attempts``), stores the registry documents the report cites, and returns the sections, sources and
notes of ``DomainAnalysisCompleted``. With ``calls`` (a model) it also asks for candidate names, a short
recommendation and a usage snippet (``model.py``); without, the offline engine does every step.
The slow parts (HTTP, pip, the sandbox) run in worker threads.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID, uuid5

from services.domain_code import model
from services.domain_code.crates import crate_signatures
from services.domain_code.imports import modules_of
from services.domain_code.offline import (
    Snippet,
    Survey,
    api_tier,
    asks_for_code,
    capability_tier,
    docs_snippets,
    fact_tier,
    is_code_task,
    is_page_candidate,
    json_needles,
    key,
    known_packages,
    licence_tier,
    no_package_note,
    offline_rust_snippets,
    offline_snippets,
    overdue_tier,
    page_licence_tier,
    pick_backing,
    question_snippets,
    rank,
    sections,
    survey,
    task_of,
)
from services.domain_code.pages import Page, page_candidates
from services.domain_code.registries import PackageFacts, RegistryClient, RegistryUrls
from services.domain_code.requirements import Assessment, asks_typescript_types
from services.domain_code.sandbox import CheckResult, Sandbox
from services.domain_code.signatures import Extraction, Installer, Signature
from services.domain_code.typings import npm_signatures, shipped_declarations
from services.domain_code.usage import CodeLine, SourceFile, package_lines, source_files
from shared.evidence import domain_claim_id
from shared.llm.calls import ModelCalls
from shared.report import override_misfit
from shared.settings import DomainCodeSettings
from shared.workspace import Workspace, WorkspaceError, licence_fit, scan

#: (dedup name, aggregate method, payload): records one of the domain's own events on the run
Record = Callable[[str, str, dict[str, Any]], Awaitable[None]]
#: (text, content type) -> sha256: stores a document the report cites
Put = Callable[[str, str], Awaitable[str]]


@dataclass
class Tools:
    """The engine's collaborators, built from the settings (``Tools.build``; ``close`` releases them)."""

    settings: DomainCodeSettings
    client: RegistryClient
    sandbox: Sandbox
    installer: Installer

    @classmethod
    def build(cls, settings: DomainCodeSettings) -> Tools:
        """A registry client, a sandbox and an installer as ``settings`` say."""
        client = RegistryClient(RegistryUrls(pypi=settings.pypi_url, npm=settings.npm_url,
                                             npm_downloads=settings.npm_downloads_url, crates=settings.crates_url),
                                timeout_s=settings.registry_timeout_s)
        sandbox = Sandbox(timeout_s=settings.snippet_timeout_s, memory_mb=settings.snippet_memory_mb,
                          checker_memory_mb=settings.checker_memory_mb, run_python=settings.run_snippets)
        installer = Installer(sandbox, index_url=settings.pip_index_url, only_binary=settings.install_only_binary,
                              timeout_s=settings.install_timeout_s)
        return cls(settings, client, sandbox, installer)

    def close(self) -> None:
        """Close the HTTP client and remove the throwaway folders."""
        self.client.close()
        self.installer.close()
        self.sandbox.close()


@dataclass
class Outcome:
    """What ``DomainAnalysisCompleted`` records: sections, own sources, notes, the tier cap, engine."""

    sections: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    notes: list[str]
    max_tier: str
    engine: str
    degraded: bool
    checks: list[tuple[Snippet, CheckResult]] = field(default_factory=list)
    figures: list[dict[str, Any]] = field(default_factory=list)
    #: what backs the recommendation's pick (``contracts.PickBacking`` JSON, :func:`offline.pick_backing`)
    pick: dict[str, Any] | None = None


#: how far before a figure (characters) the package's name is looked for in its registry document
NAME_WINDOW = 4000


def figures(result: Survey, documents: dict[str, tuple[str, str]], digests: dict[str, str], run_id: UUID
            ) -> list[dict[str, Any]]:
    """The registry figures the report cites, as claims for the verifier (``contracts.DomainFigure`` JSON): each
    usable package's version and licence ("The fetchkit version is 2.4.1."), at the span the report's citation
    names (the first spelling of :func:`offline.json_needles` found, as ``Evidence.cite`` finds it), with an
    evidence window from the package's name before it (within :data:`NAME_WINDOW` characters) to the span's end.
    ``documents``: registry URL -> (domain source id, text); ``digests``: URL -> stored document hash."""
    out: dict[str, dict[str, Any]] = {}
    for p in result.usable():
        doc = documents.get(p.url)
        if doc is None:
            continue
        source_id, text = doc
        for attribute, needles in (("version", json_needles("version", p.installable) if p.installable else []),
                                   ("license", [p.license] if p.license else [])):
            at, needle = next(((text.find(n), n) for n in needles if n and text.find(n) >= 0), (-1, ""))
            if at < 0:
                continue
            named = text.rfind(json.dumps(p.name), max(0, at - NAME_WINDOW), at)
            window_start = named if named >= 0 else at
            value = p.installable if attribute == "version" else p.license
            cid = str(domain_claim_id(run_id, source_id, at, at + len(needle)))
            out.setdefault(cid, {"claim_id": cid, "text": f"The {p.name} {attribute} is {value}.",
                                 "source_id": source_id, "start": at, "end": at + len(needle), "quote": needle,
                                 "window_start": window_start, "window_end": at + len(needle),
                                 "document_sha256": digests.get(p.url)})
    return list(out.values())


def signature_packages(installed: list[str], signatures: list[Signature]) -> list[str]:
    """``name==version`` of each package the signatures were read from, the ``installed`` ones (PyPI, introspected)
    first, then those read from a registry tarball (npm's TypeScript declarations, a crate's source): the
    timeline names every package signatures came from, never "no package" for signatures it holds."""
    out = list(installed)
    for s in signatures:
        pinned = f"{s.package}=={s.version}"
        if pinned not in out:
            out.append(pinned)
    return out


def count_shipped_types(client: RegistryClient, result: Survey, limit: int) -> None:
    """A requirement for TypeScript types (:func:`~services.domain_code.requirements.asks_typescript_types`) that
    an npm candidate's summary and README do not show is met when its own registry tarball ships declarations
    (:func:`~services.domain_code.typings.shipped_declarations`: an ``index.d.ts`` no README mentions): the
    assessment quotes the declaration file and cites the tarball's address in the registry document. At most
    ``limit`` candidates' tarballs are read (one download each); the survey is ranked again when one changed."""
    asked = [r for r in result.requirements if asks_typescript_types(r)]
    if not asked:
        return
    changed = False
    for p in [p for p in result.packages if p.ecosystem == "npm" and p.error is None][:limit]:
        found = result.assessments.get(key(p), [])
        open_ = [i for i, a in enumerate(found) if a.verdict == "not shown" and any(
            a.requirement == r.text for r in asked)]
        if not open_:
            continue
        shipped = shipped_declarations(client, p)
        if shipped is None:
            continue
        entry, tarball = shipped
        for i in open_:
            found[i] = Assessment(found[i].requirement, p.name, "met",
                                  f"{p.name}@{p.installable} ships the TypeScript declarations {entry}", p.url, tarball,
                                  where="package tarball (read, not run)")
            changed = True
    if changed:
        result.packages = rank(result.packages, result.workspace, result)


def workspace_uses(workspace: Workspace, packages: list[PackageFacts]) -> dict[str, list[CodeLine]]:
    """Per surveyed package the workspace depends on (``key``), the lines of its own code that use it
    (:func:`services.domain_code.usage.package_lines`; the workspace is read once per ecosystem, not once per
    package); packages it does not use are left out. Never raises."""
    read: dict[str, list[SourceFile]] = {}
    uses: dict[str, list[CodeLine]] = {}
    for p in packages:
        if p.error is not None or not workspace.in_use(p.ecosystem, p.name):
            continue
        if p.ecosystem not in read:
            read[p.ecosystem] = source_files(workspace.root, p.ecosystem)
        if lines := package_lines(workspace.root, p.ecosystem, p.name, files=read[p.ecosystem]):
            uses[key(p)] = lines
    return uses


def survey_payload(result: Survey) -> dict[str, Any]:
    """``PackagesSurveyed``'s payload (JSON values) for ``result``."""
    ws = result.workspace
    packages = []
    for p in result.packages:
        record = p.as_dict()
        in_use = ws.in_use(p.ecosystem, p.name) if ws else None
        record["in_workspace"] = (in_use.version or in_use.spec or "any") if in_use else None
        record["licence_fit"] = licence_fit(ws.licence, p.license) if ws is not None and p.error is None else None
        record["licence_clash"] = result.clash(p)
        record["requirements"] = [a.as_dict() for a in result.assessments.get(key(p), [])]
        record["named_by"] = list(result.named_by.get(key(p), []))
        packages.append(record)
    return {"ecosystems": list(result.ecosystems), "packages": packages, "failures": list(result.failures),
            "workspace": ws.as_dict() if ws is not None else None, "pages": list(result.pages),
            "unread": [{"ecosystem": eco, "name": name, "error": error} for eco, name, error in result.unread]}


def check_payload(snippet: Snippet, check: CheckResult) -> dict[str, Any]:
    """``SnippetChecked``'s payload (JSON values)."""
    return {"snippet_id": snippet.snippet_id, "attempt": snippet.attempt, "origin": snippet.origin,
            "language": check.language, "code": snippet.code, "status": check.status, "checker": check.checker,
            "stage": check.stage, "reason": check.reason, "error": check.error, "versions": dict(check.versions),
            "seconds": check.seconds}


def _check(tools: Tools, snippet: Snippet, extraction: Extraction, npm_versions: dict[str, str] | None = None
           ) -> CheckResult:
    """Check ``snippet`` in the sandbox against the surveyed versions: a Rust one against the crates read, a
    JavaScript or TypeScript one naming the npm versions of its packages (``npm_versions``: name -> version), a
    Python one against the packages installed."""
    if snippet.language in ("javascript", "typescript"):
        return tools.sandbox.check(snippet.code, snippet.language, versions={
            n: v for n, v in (npm_versions or {}).items() if n in snippet.packages})
    if snippet.language == "rust":  # checked against the crates' checksum-verified sources (path dependencies)
        crates = {n: c for n, c in extraction.crates.items() if n in snippet.packages}
        return tools.sandbox.check(snippet.code, "rust", versions={n: v for n, (v, _) in crates.items()},
                                   crates=crates)
    installed = extraction.installed
    chosen = [i for i in installed if i.name in snippet.packages] or installed
    return tools.sandbox.check(snippet.code, snippet.language, site_dirs=[i.folder for i in chosen],
                               versions={i.name: i.version for i in chosen}, not_installed=extraction.not_installed)


#: the note of a run that asked for the code domain (``--domain code``) about a question it cannot act on
NOT_A_CODE_TASK = override_misfit("code", "it found no package, code, API or programming language in the question")


async def analyse(question: str, workspace_path: str | None, run_id: UUID, tools: Tools, *,
                  calls: ModelCalls | None, record: Record, put: Put, pages: list[Page] | None = None,
                  forced: bool = False) -> Outcome:
    """Analyse a code question (see the module). ``pages``: the run's fetched pages (their text and claims): the
    candidates they name join the survey and each page's ecosystem is recorded (``pages.py``). ``forced``: the
    request asked for the code domain (``assay run --domain code``) rather than the planner finding it: a question
    with no code task (:func:`~services.domain_code.offline.is_code_task`) then gets :data:`NOT_A_CODE_TASK` under
    "What is missing" and the report's tier capped at "low" (the asker wanted what it could not give); a planner's
    label it declines is silent and uncapped; a question naming a package only by a word a fetched page or a
    registry knows as one (:func:`~services.domain_code.offline.known_packages`) is a code task. Never raises on registry, pip or checker failures: they become notes
    and events; raises only what recording or storing raises (the bus redelivers)."""
    cfg = tools.settings
    notes: list[str] = []
    workspace: Workspace | None = None
    if workspace_path:
        try:
            workspace = await asyncio.to_thread(scan, workspace_path)
        except WorkspaceError as exc:
            notes.append(f"{exc}: the project was not scanned (the answer does not take it into account)")
    code_task = is_code_task(question, workspace)
    # labelled "code": a word the pages or the registries know as a package still makes it a code task, whatever the
    # verb ("Does rowknit handle quoted fields ...?")
    known = [] if code_task else [
        name for _, name in await asyncio.to_thread(known_packages, question, tools.client, pages or [])]
    if not code_task and not known:  # no code task in it
        if forced:  # the asker wanted a code answer: say why there is none, and claim no more than the general one
            return Outcome([], [], [*notes, NOT_A_CODE_TASK], "low", "offline", False)
        return Outcome([], [], notes, "high", "offline", False)
    task = await asyncio.to_thread(task_of, question, workspace, known)  # the English word list loads once: ~1 s
    extra = await model.suggest_packages(calls, question, task.ecosystems[0]) if calls is not None else []
    named = await asyncio.to_thread(page_candidates, pages or [], task.ecosystems, stated=task.stated,
                                    is_candidate=lambda name, eco: is_page_candidate(name, eco, task),
                                    is_package=lambda name, eco: is_page_candidate(name, eco, task, as_package=True),
                                    is_imported=lambda name, eco: is_page_candidate(name, eco, task, imported=True),
                                    terms=task.terms)
    result = await asyncio.to_thread(survey, tools.client, task, workspace, max_packages=cfg.max_packages,
                                     extra=extra, pages=named)
    await asyncio.to_thread(count_shipped_types, tools.client, result, max(cfg.introspect_packages, 1) + 1)
    if workspace is not None:  # the project's own lines using each package it depends on (a yank reason's bearing)
        result.workspace_lines = await asyncio.to_thread(workspace_uses, workspace, result.packages)
    await record("PackagesSurveyed", "survey_packages", survey_payload(result))

    wanted = list(dict.fromkeys([*task.api_names, *task.mentions]))  # each name once (get() and "get" in the prose)
    extraction = Extraction()
    # a question about one package introspects the recommended candidate only: no other is offered (no runner-up)
    many = min(cfg.introspect_packages, 1) if result.one_asked else cfg.introspect_packages
    to_introspect = [p for p in result.recommendable() if p.ecosystem == "pypi"][:many]
    for package in to_introspect:
        found = await asyncio.to_thread(tools.installer.signatures, package.name, package.installable, wanted,
                                        limit=cfg.signatures_per_package)
        extraction.signatures.extend(found.signatures)
        extraction.problems.extend(found.problems)
        extraction.installed.extend(found.installed)
        extraction.not_installed.update(found.not_installed)
    for package in [p for p in result.recommendable() if p.ecosystem == "npm"][:max(many, 1)]:
        found = await asyncio.to_thread(npm_signatures, tools.client, package, wanted,
                                        limit=cfg.signatures_per_package)
        extraction.signatures.extend(found.signatures)
        extraction.problems.extend(found.problems)
    crates = [p for p in result.recommendable() if p.ecosystem == "crates"][:max(many, 1)]
    for package in crates:
        found = await asyncio.to_thread(crate_signatures, tools.client, package, wanted,
                                        limit=cfg.signatures_per_package)
        extraction.signatures.extend(found.signatures)
        extraction.problems.extend(found.problems)
        extraction.crates.update(found.crates)
    signatures: list[Signature] = extraction.signatures
    await record("ApiSignaturesExtracted", "extract_api_signatures", {
        "signatures": [s.as_dict() for s in signatures],
        "packages": signature_packages([f"{i.name}=={i.version}" for i in extraction.installed], signatures),
        "problems": extraction.problems})

    snippets = question_snippets(question)
    # the fetched docs' own usage example, checked as given, whichever engine writes code (a model's snippet is
    # checked beside it; the report counts a page example that passed as code that passed, trial t40 fault 7): a
    # Python package's when code was asked for (else its import check shows its names); an npm package's always,
    # the offline engine writing no JavaScript of its own
    modules = {s.module.split(".")[0]: s.package for s in signatures if s.language == "python" and s.module} \
        if asks_for_code(question) else {}
    if asks_for_code(question):  # a package that could not be installed: its page's example is still shown (checked
        # as far as the sandbox can without it, the report saying it was not run); of the packages the question
        # names when it names any
        offered = [p for p in result.recommendable() if p.ecosystem == "pypi"][:max(many, 1)]
        asked = {n.lower() for n in result.question_named}
        for p in [p for p in offered if p.name.lower() in asked] or offered:
            for module in modules_of(p.name):
                modules.setdefault(module, p.name)
    js = {p.name: p.name for p in result.recommendable() if p.ecosystem == "npm"}
    js = dict(list(js.items())[:max(many, 1)])
    snippets += docs_snippets([(p.url, p.title, p.html) for p in pages or () if p.html], modules, js_packages=js)
    snippets += offline_snippets(signatures) + offline_rust_snippets(signatures)
    if calls is not None and signatures and to_introspect:
        best = to_introspect[0]
        written = await model.write_snippet(calls, question, best.name, best.installable or "",
                                            [s for s in signatures if s.package == best.name])
        if written is not None:
            snippets.append(written)
    usable = result.recommendable()
    rust = next((p for p in crates if p.name in extraction.crates), None)
    if calls is not None and rust is not None and (task.ecosystems[0] == "crates" or usable[0] is rust):
        # a question about a Rust crate: a usage snippet from its signatures, checked by cargo against its source
        written = await model.write_snippet(calls, question, rust.name, rust.installable or "",
                                            [s for s in signatures if s.package == rust.name], language="rust")
        if written is not None:
            snippets.append(written)
    checks: list[tuple[Snippet, CheckResult]] = []
    npm_versions = {p.name: p.installable for p in result.packages if p.ecosystem == "npm" and p.installable}
    for snippet in snippets:
        current = snippet
        while True:
            check = await asyncio.to_thread(_check, tools, current, extraction, npm_versions)
            await record(f"SnippetChecked:{current.snippet_id}:{current.attempt}", "check_snippet",
                         check_payload(current, check))
            if (check.status != "failed" or calls is None or current.origin not in ("model", "repair")
                    or current.attempt > cfg.repair_attempts):
                break
            repaired = await model.repair_snippet(calls, current, check, signatures)
            if repaired is None:
                break
            current = repaired
        checks.append((current, check))

    prose = await model.recommend(calls, question, result, checks) if calls is not None else None
    documents: dict[str, tuple[str, str]] = {}
    digests: dict[str, str] = {}
    sources: list[dict[str, Any]] = []
    cited_urls = ({p.url for p in result.packages} | {p.downloads_url for p in result.packages if p.downloads_url}
                  | {p.readme_url for p in result.packages if p.readme_url})
    for url, text in list(tools.client.documents.items()):
        if url not in cited_urls:
            continue
        name = next((p for p in result.packages if url in (p.url, p.downloads_url, p.readme_url)), None)
        readme = name is not None and url == name.readme_url and url != name.url
        digest = await put(text, "text/html" if readme else "application/json")
        source_id = str(uuid5(run_id, f"domain-code:{url}"))
        documents[url] = (source_id, text)
        digests[url] = digest
        title = (f"{name.name} README on {_registry(name.ecosystem)}" if readme and name
                 else f"{name.name} on {_registry(name.ecosystem)}" if name else url)
        sources.append({"source_id": source_id, "url": url, "title": title, "document_sha256": digest,
                        "content_type": "text/html" if readme else "application/json"})
    made, more_notes = sections(question, result, signatures, checks, documents, problems=extraction.problems,
                                prose=(lambda _: prose) if prose else None,
                                no_code=why_no_code(result, signatures, extraction.problems, calls is not None),
                                pages=pages or ())
    notes.extend(more_notes)
    if not result.packages and not checks:
        made = []  # nothing to show: the general report stands, and says what the registries gave
        notes.append(no_package_note(result, len(pages or ())))  # what failed, or that no registry was asked
    if any(c.status == "failed" and s.origin != "question" for s, c in checks):
        notes.append("some proposed code failed its check: it is shown as failing, with the error")
    recommended = bool(result.recommendable())
    passed = any(c.status == "passed" for _, c in checks)
    # a requirement the report says the recommended package is not shown to meet ("no candidate is shown to meet
    # it"): the recommendation does not answer all that was asked, so it is never "high"
    unmet = recommended and any(a.verdict != "met" for a in result.assessments.get(key(result.recommendable()[0]), []))
    max_tier = ("high" if recommended and (passed or not checks) and not unmet else "medium" if recommended
                else "low")
    # another candidate is clearly better on what the question states (its need, the licence caution): the
    # recommendation may stand (the package asked about, one in use), but it is no confident answer
    pick = result.recommendable()[0] if recommended else None
    rival = result.better_rival(pick) if pick is not None else None
    if pick is not None and rival is not None:
        max_tier = "low"
        notes.append(f"confidence: `{rival.name}` is better on what the question states than the recommended "
                     f"`{pick.name}` (" + ("shown to meet more of its requirements" if result.met(rival)
                                           > result.met(pick) else "under no copyleft licence") + ")")
    # "Can I use x in a closed-source app that we sell?": its licence settles it (or leaves it open), whatever is
    # recommended
    max_tier = licence_tier(question, result) or max_tier
    # "What licence does x use?" with x's registry record unreadable: its pages' statement answers, unconfirmed
    max_tier = page_licence_tier(question, result, pages or ()) or max_tier
    # "Does x support IPv6?", "Which x function parses ...?", "How many stars does x have?": answered from what its
    # documentation and the pages state, or not established (then "low"), never by the recommendation
    for held in (capability_tier(question, result, pages or ()), api_tier(question, result, pages or ()),
                 fact_tier(question, result, pages or ())):
        if held is not None and _TIER_ORDER.index(held) < _TIER_ORDER.index(max_tier):
            max_tier = held
    # "Is x still maintained?" answered Yes of a package long past its own usual release interval: no confident yes
    if overdue_tier(question, result) == "medium" and max_tier == "high":
        max_tier = "medium"
        notes.append("confidence: the package asked about is overdue for a release by its own usual interval")
    engine = calls.engine(offline_used=prose is None) if calls is not None else "offline"
    return Outcome(made, sources, notes, max_tier, engine, bool(calls and calls.degraded), checks,
                   figures(result, documents, digests, run_id) if made else [],
                   pick_backing(question, result, signatures, checks, pages or ()) if made else {"kind": "none"})


#: the confidence tiers, lowest first
_TIER_ORDER = ("low", "medium", "high")


def why_no_code(result: Survey, signatures: list[Signature], problems: list[str], model: bool) -> str:
    """Why no code was proposed for the answer (the report says it when none is shown): nothing to recommend, no
    signature read from the package itself (with the first problem met), or no engine that writes usage code from
    the signatures read (the offline engine writes import checks of Python modules and Rust crates only)."""
    if not result.recommendable():
        return "no package could be recommended, so there was no package to write code for"
    if not signatures:
        first = next((p for p in problems if p), "")
        return ("no API signature could be read from the candidates themselves"
                + (f" ({first.rstrip('.')})" if first else "")
                + ", and code is written only from signatures read from the package itself")
    if not model:
        return ("no model is configured to write usage code, and the offline engine writes import checks only for "
                "Python packages it installed and Rust crates it read")
    return "the model proposed no usage code for the signatures read"


def _registry(ecosystem: str) -> str:
    return {"pypi": "PyPI", "npm": "npm", "crates": "crates.io"}.get(ecosystem, ecosystem)
