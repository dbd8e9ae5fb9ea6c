"""``assay rejections``: the dead letters (messages the services gave up on), and replaying one after a fix.

- ``assay rejections [--limit N] [--json]``: newest first, one line each: time, id (first 8 hex digits; any
  unique prefix names it), run, subject, reason, how often it was refused and replayed, and the start of its
  body (secrets redacted).
- ``assay rejections replay ID``: publish the message's body again on its subject, with a fresh message id
  (exit 2 when ID names no dead letter or several). The work of a run that has ended meanwhile is dropped by
  its stage, as every late message is.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any
from uuid import UUID

import typer

rejections_app = typer.Typer(help="Dead letters: messages the services refused or gave up on, and their replay.")
DataDir = Annotated[Path | None, typer.Option("--data-dir", help="Data directory (default ./.assay)")]


def _line(r: dict[str, Any]) -> str:
    preview = " ".join(str(r["preview"]).split())
    preview = preview if len(preview) <= 120 else preview[:119] + "…"
    counts = f" ×{r['times']}" if r["times"] > 1 else ""
    if r["replays"]:
        counts += f", replayed {r['replays']}× (last {r['replayed_at']:%Y-%m-%d %H:%M:%S})"
    return (f"{r['received_at']:%Y-%m-%d %H:%M:%S} {str(r['rejection_id'])[:8]} run={r['run_id'] or '-'} "
            f"{r['subject']}{counts} — {r['reason']}\n    payload: {preview}")


@rejections_app.callback(invoke_without_command=True)
def rejections(ctx: typer.Context, limit: int = 20,
               as_json: Annotated[bool, typer.Option("--json", help="One JSON object per line")] = False,
               data_dir: DataDir = None) -> None:
    """List the dead letters, newest first (run, subject, reason, time, redacted payload)."""
    if ctx.invoked_subcommand is not None:
        return
    from services.cli import main as cli

    rt = cli._open(cli._settings(data_dir))
    try:
        rows = rt.rejections(limit)
    finally:
        rt.close()
    for r in rows:
        if as_json:
            cli.out.print(json.dumps(r, default=str, ensure_ascii=False), highlight=False, markup=False,
                          soft_wrap=True)
        else:
            cli.out.print(_line(r), highlight=False, markup=False, soft_wrap=True)
    if not rows and not as_json:
        cli.out.print("no dead letters", highlight=False)


@rejections_app.command()
def replay(ident: Annotated[str, typer.Argument(metavar="ID", help="A rejection id, or a unique prefix of it")],
           data_dir: DataDir = None) -> None:
    """Publish a dead letter's message again on its subject (after the cause was fixed)."""
    from services.cli import main as cli
    from shared.errors import BusUnavailable, InputError

    rt = cli._open(cli._settings(data_dir))

    async def go() -> tuple[UUID, str, int]:
        await rt.broker.connect()
        try:
            replayed: tuple[UUID, str, int] = await rt.replay_rejection(ident)
            return replayed
        finally:
            await rt.broker.stop()

    try:
        rejection_id, subject, replays = asyncio.run(go())
    except InputError as exc:
        cli._fail(str(exc))
    except BusUnavailable as exc:
        cli._fail(str(exc), 1)
    finally:
        rt.close()
    cli.out.print(f"replayed {rejection_id} on {subject} (replay {replays})", highlight=False)
