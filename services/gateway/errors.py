"""The gateway's errors and their JSON shape.

Every error answer is ``{"error": {"code": str, "message": str, "fields": [{"field": str, "message": str}]}}``:
``code`` is a stable word (``invalid_request``, ``malformed_json``, ``not_found``, ``missing_key``,
``invalid_key``, ``rate_limited``, ``conflict``, ``body_too_large``, ``unavailable``, ``internal``), ``fields``
names the request fields at fault (body fields by their path, e.g. ``budget.seconds``; ``run_id``; ``q``;
``Authorization``; ``Last-Event-ID``), empty when no one field is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fastapi.responses import JSONResponse


class ApiError(Exception):
    """An answer other than success: HTTP ``status``, ``code``, a one-line ``message``, the ``field`` at fault."""

    def __init__(self, status: int, code: str, message: str, *, field: str | None = None,
                 fields: Sequence[tuple[str, str]] = (), headers: Mapping[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.fields = list(fields) or ([(field, message)] if field else [])
        self.headers = dict(headers or {})

    def response(self) -> JSONResponse:
        """The JSON answer."""
        return JSONResponse(error_body(self.code, self.message, self.fields), status_code=self.status,
                            headers=self.headers)


def error_body(code: str, message: str, fields: Sequence[tuple[str, str]] = ()) -> dict[str, Any]:
    """The JSON body of an error answer."""
    return {"error": {"code": code, "message": message,
                      "fields": [{"field": f, "message": m} for f, m in fields]}}


def field_name(loc: Sequence[Any]) -> str:
    """A pydantic/FastAPI error location as the request field it names: ``("body", "budget", "seconds")`` ->
    ``budget.seconds``, ``("path", "run_id")`` -> ``run_id``, ``("header", "last-event-id")`` -> ``Last-Event-ID``;
    the body itself (malformed or missing) -> ``body``."""
    parts = [str(p) for p in loc]
    where = parts[0] if parts else "body"
    rest = [p for p in parts[1:] if not p.isdigit() or where != "body"]
    if where == "body" and len(parts) > 1 and parts[1].isdigit():
        return "body"  # a JSON decode error located at a character position
    if where == "header" and rest:
        return "-".join(w.capitalize() if w.lower() != "id" else "ID" for w in rest[0].split("-"))
    return ".".join(rest) if rest else where
