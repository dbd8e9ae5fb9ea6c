"""The chat page of the web app (``GET /chat``): a conversation with Assay over the OpenAI-compatible chat
(``POST /v1/chat/completions``, streamed), with a research toggle and a scope selector; a running research shows its
progress inside the conversation and ends in a research card (answer, confidence badge, citation pills opening the
source with its evidence span, a link to the full report). ``?c=<conversation id>`` reopens a stored conversation
(``GET /v1/chat/conversations/{id}``), e.g. after the tab was closed while a research ran."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse

from services.gateway.chat import SCOPES
from services.gateway.state import gateway_state
from services.gateway.web.routes import _key_page, _page, page_principal

router = APIRouter(include_in_schema=False)


@router.get("/chat", response_class=HTMLResponse)
async def chat_view(request: Request, c: Annotated[UUID | None, Query()] = None) -> HTMLResponse:
    """The chat page; ``c``: a conversation id to reopen (the page's script loads its turns)."""
    st = gateway_state(request)
    if await page_principal(request, st) is None:
        return _key_page(request)
    return _page(request, "chat.html", {"title": "Chat", "scopes": SCOPES,
                                        "conversation_id": str(c) if c else ""})
