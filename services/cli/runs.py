"""``assay runs``: the runs so far, newest first, from the indexer's read model (``rm_runs``).

One line each: run id, status (running, complete, partial, failed, cancelled), when it started (UTC), how long it
took (or has been running), the confidence of its report (score and tier) and its question. ``--json`` prints
the same as one JSON array of objects (``run_id``, ``question``, ``status``, ``started_at``, ``finished_at``,
``duration_s``, ``confidence``: {score, tier} or null, ``failure``: {stage, reason} or null). A run the indexer
has not projected yet (no indexer running) is not listed.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer

DataDir = Annotated[Path | None, typer.Option("--data-dir", help="Data directory (default ./.assay)")]
STATUSES = ("running", "complete", "partial", "failed", "cancelled")


def list_runs(pool: Any, *, limit: int = 20, status: str | None = None,
              now: datetime | None = None) -> list[dict[str, Any]]:
    """The runs of the read model, newest first, at most ``limit`` (1-10000), only those of ``status`` when
    given (one of ``STATUSES``). ``pool``: a psycopg connection pool. Each run is a dict: ``run_id`` (str),
    ``question``, ``status``, ``started_at`` and ``finished_at`` (ISO 8601 UTC, ``finished_at`` None while
    running), ``duration_s`` (float seconds: to its end, or to ``now`` while running), ``confidence`` ({score,
    tier} or None), ``failure`` ({stage, reason} or None).
    Raises: ValueError for a limit out of range or an unknown status; psycopg errors when the store is down."""
    if not 1 <= limit <= 10_000:
        raise ValueError(f"--limit must be 1-10000, not {limit}")
    if status is not None and status not in STATUSES:
        raise ValueError(f"unknown status {status!r}; one of {', '.join(STATUSES)}")
    now = now or datetime.now(UTC)
    with pool.connection() as conn:
        rows = conn.execute(
            "SELECT run_id, question, status, started_at, finished_at, confidence, failure FROM rm_runs "
            "WHERE %(status)s::text IS NULL OR status = %(status)s ORDER BY started_at DESC, run_id LIMIT %(limit)s",
            {"status": status, "limit": limit}).fetchall()
    runs: list[dict[str, Any]] = []
    for run_id, question, state, started, finished, confidence, failure in rows:
        end = finished or now
        conf = None
        if confidence:
            conf = {"score": round(float(confidence["score"]), 3), "tier": str(confidence["tier"])}
        runs.append({"run_id": str(run_id), "question": question, "status": state,
                     "started_at": started.astimezone(UTC).isoformat(),
                     "finished_at": finished.astimezone(UTC).isoformat() if finished else None,
                     "duration_s": round(max((end - started).total_seconds(), 0.0), 1), "confidence": conf,
                     "failure": dict(failure) if failure else None})
    return runs


def _duration(seconds: float) -> str:
    if seconds < 60:
        return f"{seconds:.1f}s"
    minutes, secs = divmod(int(round(seconds)), 60)
    if minutes < 60:
        return f"{minutes}m{secs:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def line(run: dict[str, Any]) -> str:
    """One run as a line of ``assay runs``."""
    started = datetime.fromisoformat(run["started_at"]).strftime("%Y-%m-%d %H:%M:%S")
    took = _duration(run["duration_s"]) + ("…" if run["finished_at"] is None else "")
    conf = run["confidence"]
    confidence = f"{conf['score']:.2f} {conf['tier']}" if conf else "-"
    question = " ".join(str(run["question"]).split())
    question = question if len(question) <= 90 else question[:89] + "…"
    return f"{run['run_id']}  {run['status']:<9} {started}  {took:>8}  {confidence:<11} {question}"


def runs_command(
    limit: Annotated[int, typer.Option(help="How many runs, newest first (1-10000)")] = 20,
    status: Annotated[str | None, typer.Option(help="Only runs of this status: " + ", ".join(STATUSES))] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON array instead of lines")] = False,
    data_dir: DataDir = None,
) -> None:
    """List the runs, newest first: id, status, started (UTC), duration, confidence, question (from the read
    model)."""
    from services.cli import main as cli

    if not 1 <= limit <= 10_000:
        cli._fail(f"--limit must be 1-10000, not {limit}")
    if status is not None and status not in STATUSES:
        cli._fail(f"unknown --status {status!r}; one of {', '.join(STATUSES)}")
    rt = cli._open(cli._settings(data_dir))
    try:
        runs = list_runs(rt.pool, limit=limit, status=status)
    finally:
        rt.close()
    if as_json:
        cli.out.print(json.dumps(runs, ensure_ascii=False, indent=2), highlight=False, markup=False, soft_wrap=True)
        return
    if not runs:
        cli.out.print("no runs yet" + (f" with status {status}" if status else ""), highlight=False)
        return
    cli.out.print(f"{'run':<36}  {'status':<9} {'started (UTC)':<19}  {'duration':>8}  {'confidence':<11} question",
                  highlight=False, markup=False, soft_wrap=True)
    for run in runs:
        cli.out.print(line(run), highlight=False, markup=False, soft_wrap=True)
