"""``GET /v1/runs/{run_id}/export/{format}``: a run's report as a Markdown, PDF or DOCX file, through the API.

The same key rules as the rest of ``/v1`` (``services.gateway.api.current_principal``: a key reads only its own runs,
each request spends one token of its rate limit); the file is made by ``services/gateway/export.py``."""

from __future__ import annotations

import asyncio
from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Path, Response

from services.gateway import readmodels
from services.gateway.api import Caller, State
from services.gateway.errors import ApiError
from services.gateway.export import (
    EXPORT_FORMATS,
    MEDIA_TYPES,
    ReportDocument,
    UnknownExportFormat,
    export_format,
    export_report,
)
from services.gateway.keys import may_read

router = APIRouter(prefix="/v1")


@router.get("/runs/{run_id}/export/{fmt}", summary="Export a run's report (Markdown, PDF or DOCX)",
            response_class=Response,
            responses={200: {"content": {m.split(";")[0]: {} for m in MEDIA_TYPES.values()},
                             "description": "The file (Content-Disposition: attachment; filename=...)"},
                       404: {"description": "Unknown run (or another key's) or unknown format"},
                       409: {"description": "The run has no report yet"}})
async def export_run(run_id: UUID, principal: Caller, st: State,
                     fmt: Annotated[str, Path(description=f"One of {', '.join(EXPORT_FORMATS)}")]) -> Response:
    """The report with its ``[n]`` citations, its source list and an "Evidence" list of every cited quote; a
    malformed table in the report exports with every cell."""
    try:
        export_format(fmt)
    except UnknownExportFormat as exc:
        raise ApiError(404, "not_found", str(exc), field="format") from None
    if not await asyncio.to_thread(may_read, st.runtime.pool, principal, run_id):
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    res = await asyncio.to_thread(readmodels.run_result, st.runtime, run_id)
    if res is None:
        raise ApiError(404, "not_found", f"no run {run_id}", field="run_id")
    if not res.report:
        raise ApiError(409, "conflict", f"run {run_id} has no report yet", field="run_id")
    out = await asyncio.to_thread(export_report, ReportDocument.from_result(res.model_dump(mode="json")), fmt)
    return Response(out.content, media_type=out.media_type,
                    headers={"Content-Disposition": f'attachment; filename="{out.filename}"',
                             "Cache-Control": "no-store"})
