"""An OpenAI-compatible chat on the gateway: ``POST /v1/chat/completions`` (streaming and not) and ``GET /v1/models``.

Any chat client that speaks OpenAI's API (the ``openai`` Python package, Open WebUI, LibreChat) talks to Assay here,
with the gateway's key rules (``Authorization: Bearer <key>``). Models choose the depth:

- ``assay``: answers from research memory (``shared.memory.search.search_memory``) with ``[n]`` citations when
  memory holds an answer (a past report on the same question, reworded or not: :func:`memory_answer`);
  otherwise starts a quick research run.
- ``assay-deep``: always starts a deep research run.

A turn researches when it is forced (extra body field ``force_research: true``), when the last user message is the
slash command ``/research <question>``, with ``assay-deep``, or when memory holds no answer (see
:func:`memory_answer`). ``research_scope`` (``web`` | ``local`` | ``both``, default ``both``) is the run's scope.
Research never blocks the turn: a streamed reply starts at once, sends a progress line as the run's events arrive
(planning, N sources fetched, M claims verified, writing), then the report (its ``[n]`` citations and source
list). Without streaming the reply is the report, or, when the run outlasts ``chat_research_timeout_s``
(``ASSAY_GATEWAY_CHAT_RESEARCH_TIMEOUT_S``), a message with the run handle; the run goes on either way (also when
a streaming client disconnects), and its result is at ``GET /v1/runs/{run_id}``.

Every reply (each streamed chunk too) carries ``assay``: ``{"research": bool, "reason": str, "run_id": str | None,
"status": str | None, "result": url | None, "events": url | None, "memory_hits": int, "recheck_of": str | None}``:
why the turn researched or not and where the run is. A research turn whose question one of the caller's runs
answered before (the same or a close question, the same parameters: ``services/gateway/cache.py``) starts a run
that re-checks that run's report against current sources (``recheck_of``; the reason and the report say so). Errors are OpenAI-shaped, ``{"error": {"message", "type": "invalid_request_error",
"param": <field>, "code"}}`` (plus the gateway's ``fields`` list): an empty message list, no user turn, an empty
slash command or an unknown ``research_scope`` are 400, an unknown model 404.

Conversations are stored (``services.gateway.conversations``): the header ``X-Assay-Conversation`` or the body field
``conversation_id`` names one (a new one is made when neither is given; ``assay.conversation_id`` says which). A
follow-up question is answered and researched with the names of the most recent earlier user question folded in
(``conversations.with_context``; ``assay.question`` is the question as asked, ``assay.context`` the names; without a stored conversation the
request's own earlier messages are the context). ``GET /v1/chat/conversations/{id}`` lists the turns with their
answers, a run's answer filled in once it ends (a client that disconnected mid-stream finds it there). A second
research turn while the conversation's run is still going is 409 ``research_in_progress`` naming that run.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Literal
from uuid import UUID, uuid4

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, StrictBool, ValidationError

from contracts import RunRequested
from contracts.commands import MAX_QUESTION_CHARS, address_fault, text_fault
from services.gateway import cache, conversations, readmodels
from services.gateway.api import Caller
from services.gateway.errors import ApiError
from services.gateway.handlers import start_run
from services.gateway.keys import Principal, may_read
from services.gateway.state import GatewayState, gateway_state
from services.gateway.stream import follow
from shared.memory.embed import Embedder, EmbeddingUnavailable
from shared.memory.questions import Decision, closeness, without_note
from shared.memory.search import SearchHit, memory_store, search_memory

router = APIRouter(prefix="/v1", tags=["chat"])

#: model name -> what it does
MODELS: dict[str, str] = {
    "assay": "answers from research memory with citations; runs a quick research when memory holds no answer",
    "assay-deep": "always runs a deep research run",
}
SCOPES = ("web", "local", "both")
_SLASH = re.compile(r"^\s*/research(?:\s+|$)", re.IGNORECASE)
#: the request header naming the conversation (or the body field ``conversation_id``)
CONVERSATION_HEADER = "X-Assay-Conversation"


class ChatMessage(BaseModel):
    """One message of the conversation: ``role`` system | user | assistant | tool | developer, ``content`` a
    string or OpenAI content parts (the text parts are read)."""

    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[dict[str, Any]] | None = None

    def text(self) -> str:
        """The message's text (text parts joined by a newline)."""
        if isinstance(self.content, str):
            return self.content
        if not self.content:
            return ""
        return "\n".join(str(p.get("text", "")) for p in self.content if p.get("type") == "text")


class StreamOptions(BaseModel):
    """OpenAI's ``stream_options``: ``include_usage`` true adds a last chunk (before ``[DONE]``) with empty
    ``choices`` and the turn's ``usage``; every other chunk then carries ``"usage": null``."""

    model_config = ConfigDict(extra="allow")
    include_usage: StrictBool = False


class ChatRequest(BaseModel):
    """An OpenAI chat-completion request with Assay's extra fields; other OpenAI fields are accepted and ignored."""

    model_config = ConfigDict(extra="allow")
    model: str
    messages: list[ChatMessage]
    stream: bool = False
    force_research: StrictBool = False  # a JSON true/false: "yes" or 1 is a 400, not coerced
    research_scope: Literal["web", "local", "both"] = "both"
    conversation_id: UUID | None = None
    stream_options: StreamOptions | None = None




@dataclass
class Turn:
    """What a turn does: ``question`` (the slash command's text, else the last user message), whether it
    researches and why, and at which depth."""

    question: str
    research: bool
    reason: str
    depth: Literal["quick", "standard", "deep"] = "quick"
    hits: list[SearchHit] = field(default_factory=list)
    memory_reply: str | None = None
    said: str = ""  # what the user wrote (``question`` adds the conversation's context)
    context: list[str] = field(default_factory=list)  # entities of earlier turns folded into ``question``
    recheck_of: UUID | None = None  # the close past run whose report the turn's run re-checks


def _error(status: int, message: str, param: str | None, code: str) -> ApiError:
    """An error whose JSON is OpenAI-shaped (see :func:`openai_error_response`)."""
    return ApiError(status, code, message, field=param)


def openai_error_response(exc: ApiError) -> JSONResponse:
    """``{"error": {"message", "type", "param", "code", "fields"}}`` with the error's status."""
    param = exc.fields[0][0] if exc.fields else None
    kind = {401: "authentication_error", 404: "invalid_request_error", 429: "rate_limit_error"}.get(
        exc.status, "invalid_request_error" if exc.status < 500 else "server_error")
    body = {"error": {"message": exc.message, "type": kind, "param": param, "code": exc.code,
                      "fields": [{"field": f, "message": m} for f, m in exc.fields]}}
    return JSONResponse(body, status_code=exc.status, headers=exc.headers)


def parse_request(raw: Any) -> ChatRequest:
    """Validate a chat request body. Raises: ApiError 400 naming the field (``messages``, ``research_scope``,
    ``model``, ...; ``messages[i].content`` for a user message with control characters or lone surrogates; a last
    user message over ``MAX_QUESTION_CHARS`` characters, the limit of a run's question), 404
    for an unknown model."""
    if not isinstance(raw, dict):
        raise _error(400, "the body must be a JSON object", "body", "invalid_request")
    try:
        req = ChatRequest.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first.get("loc", ()) if not isinstance(p, int)]
        name = ".".join(loc[:1]) or "body"
        allowed = f" (one of {', '.join(SCOPES)})" if name == "research_scope" else ""
        raise _error(400, f"{name}: {first.get('msg', 'invalid')}{allowed}", name, "invalid_request") from None
    if req.model not in MODELS:
        raise _error(404, f"model: unknown model {req.model!r} (models: {', '.join(MODELS)})", "model",
                     "model_not_found")
    if not req.messages:
        raise _error(400, "messages: the message list is empty", "messages", "invalid_request")
    users = [m for m in req.messages if m.role == "user"]
    if not users:
        raise _error(400, "messages: there is no user message", "messages", "invalid_request")
    for i, msg in enumerate(req.messages):  # user messages become a run's question and its context
        fault = text_fault(msg.text()) if msg.role == "user" else None
        if fault:
            raise _error(400, f"messages[{i}].content: {fault}", f"messages[{i}].content", "invalid_request")
    if not users[-1].text().strip():
        raise _error(400, "messages: the last user message is empty", "messages", "invalid_request")
    if len(users[-1].text()) > MAX_QUESTION_CHARS:  # it is the question of a run (and of a memory search)
        raise _error(400, f"messages: the last user message is {len(users[-1].text())} characters; the limit is "
                     f"{MAX_QUESTION_CHARS}", "messages", "invalid_request")
    if fault := address_fault(users[-1].text()):  # the question of a run: only a page's address asks nothing
        raise _error(400, f"messages: the last user message {fault}", "messages", "invalid_request")
    return req


def _embedder(st: GatewayState) -> Embedder | None:
    """Memory's embedder (WordLlama unless an embedding model is configured); None when it cannot load."""
    try:
        return memory_store(st.runtime.pool, st.runtime.settings.memory).embedder
    except EmbeddingUnavailable:
        return None


def scope_covers(past: str | None, asked: str) -> bool:
    """Whether a past run of scope ``past`` (``web`` | ``local`` | ``both``; None when unrecorded) read every kind
    of source a question asked with scope ``asked`` wants: the same scope, or a past ``both``. So a ``web`` question
    is never answered from a local-corpus run, and the default ``both`` only from a ``both`` run."""
    return past is not None and (past == asked or past == "both")


def memory_answer(st: GatewayState, principal: Principal, question: str,
                  scope: str = "both") -> tuple[str | None, str, list[SearchHit]]:
    """Answer ``question`` from memory when it holds one: a past completed run of ``principal`` found by the memory
    search (``shared.memory.search.search_memory``, BM25 fused with embeddings) whose question is close in meaning
    (``shared.memory.questions.closeness``: the same names, an embedding cosine of at least
    ``MIN_QUESTION_COSINE``, and the question's terms found in the past question or its report, so a reworded
    question finds it) and whose calibrated confidence tier (the synthesizer's gate, stored with the run) is above
    low, and whose research scope covers ``scope`` (:func:`scope_covers`): its report, with its ``[n]`` citations
    and source list, after a line naming the past question, run and date. Returns (reply or None, the reason, the memory hits); the reason names the past run and why it was not
    used (e.g. the past run was low confidence)."""
    hits: list[SearchHit] = []
    try:
        for kind, limit in (("report", 5), ("claim", 20)):
            found = search_memory(st.runtime.pool, question, kind=kind, limit=limit,
                                  settings=st.runtime.settings.memory)
            hits.extend(found.hits)
    except ValueError as exc:
        return None, f"memory search refused the question: {exc}", []
    embedder = _embedder(st)
    nearest: tuple[float, str] | None = None
    low: str | None = None
    other_scope: str | None = None
    seen: set[UUID] = set()
    for hit in hits:
        if hit.kind != "report" or hit.run_id is None or hit.run_id in seen:
            continue
        seen.add(hit.run_id)
        if not _readable(st, principal, hit.run_id):
            continue
        res = readmodels.run_result(st.runtime, hit.run_id)
        if res is None or res.status not in ("completed", "partial") or not res.report:
            continue
        near = closeness(question, res.question, embedder, report=res.report)
        if not near.close:
            if nearest is None or near.cosine > nearest[0]:
                nearest = (near.cosine, f"closest past question {res.question!r} (run {hit.run_id}): {near.why}")
            continue
        past_scope = res.request.get("scope")
        if not scope_covers(past_scope, scope):
            if other_scope is None:
                other_scope = (f"memory holds a close past question (run {hit.run_id}) researched with scope {past_scope}, "
                               f"which does not cover research_scope {scope}")
            continue
        tier = res.confidence.tier if res.confidence else "low"
        if tier == "low":
            score = f", score {res.confidence.score:.2f}" if res.confidence else ", no confidence recorded"
            low = low or (f"memory holds a close past question (run {hit.run_id}) but the past run was low "
                          f"confidence{score}")
            continue
        when = hit.when.date().isoformat() if hit.when else "an earlier run"
        asked = "" if near.cosine >= 1.0 else f", asked as {res.question!r}"
        reply = (f"From research memory (run {hit.run_id}, {when}{asked}, confidence {tier}; "
                 f"force_research or /research researches again):\n\n{without_note(res.report).strip()}\n")
        return reply, (f"memory holds a {tier}-confidence report on a close question (run {hit.run_id}; embedding "
                       f"cosine {near.cosine:.2f}, {near.coverage:.0%} of the question's terms in the past question "
                       "and report)"), hits
    if low:
        return None, low, hits
    if other_scope:
        return None, other_scope, hits
    if nearest is None:
        return None, "memory holds no answer (no past report on these words)", hits
    return None, f"memory holds no answer ({nearest[1]})", hits


def _readable(st: GatewayState, principal: Principal, run_id: UUID | None) -> bool:
    return run_id is not None and bool(may_read(st.runtime.pool, principal, run_id))


def earlier_turns(req: ChatRequest) -> list[tuple[str, str | None]]:
    """(user question, the assistant's reply or None) of the request's messages before the last user message."""
    out: list[tuple[str, str | None]] = []
    users = [i for i, m in enumerate(req.messages) if m.role == "user"]
    for i in users[:-1]:
        nxt = req.messages[i + 1] if i + 1 < len(req.messages) else None
        reply = nxt.text() if nxt is not None and nxt.role == "assistant" else None
        out.append((req.messages[i].text().strip(), reply))
    return out


def decide(st: GatewayState, principal: Principal, req: ChatRequest,
           earlier: list[tuple[str, str | None]] | None = None) -> Turn:
    """Whether and why the turn researches (blocking: memory is searched; call in a thread). ``earlier``: the
    conversation's earlier (question, answer) turns, whose entities are folded into the question
    (``conversations.with_context``). Raises: ApiError 400 for ``/research`` with no question."""
    last = [m for m in req.messages if m.role == "user"][-1].text().strip()
    slash = _SLASH.match(last)
    said = last
    if slash:
        said = last[slash.end():].strip()
        if not said:
            raise _error(400, "messages: /research needs a question, e.g. '/research Who founded Rush?'",
                         "messages", "invalid_request")
    question, context = conversations.with_context(said, earlier or [])
    why = f" (follow-up: context {'; '.join(context)})" if context else ""
    if slash:
        return Turn(question, True, "slash command /research" + why,
                    "deep" if req.model == "assay-deep" else "quick", said=said, context=context)
    if req.model == "assay-deep":
        return Turn(question, True, "model assay-deep always runs a deep research" + why, "deep", said=said,
                    context=context)
    if req.force_research:
        return Turn(question, True, "force_research is true" + why, "quick", said=said, context=context)
    reply, reason, hits = memory_answer(st, principal, question, req.research_scope)
    if reply is not None:
        return Turn(question, False, reason + why, hits=hits, memory_reply=reply, said=said, context=context)
    return Turn(question, True, reason + why, "quick", hits=hits, said=said, context=context)


@dataclass
class Conv:
    """The conversation a turn is stored in: its id and the turn's seq."""

    conversation_id: UUID
    seq: int = 0


def _meta(turn: Turn, run_id: UUID | None, status: str | None, conv: Conv | None = None) -> dict[str, Any]:
    return {"research": turn.research, "reason": turn.reason, "run_id": str(run_id) if run_id else None,
            "status": status, "result": f"/v1/runs/{run_id}" if run_id else None,
            "events": f"/v1/runs/{run_id}/events" if run_id else None, "memory_hits": len(turn.hits),
            "recheck_of": str(turn.recheck_of) if turn.recheck_of else None,
            "question": turn.question, "context": turn.context,
            "conversation_id": str(conv.conversation_id) if conv else None, "turn": conv.seq if conv else None,
            "conversation": f"/v1/chat/conversations/{conv.conversation_id}" if conv else None}


def _count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: "1 source", "2 sources" (``many`` defaults to ``one`` + "s")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


class _Progress:
    """Progress lines from a run's events: planning, N sources fetched, M claims verified, writing."""

    def __init__(self) -> None:
        self.fetched = 0
        self.verified = 0
        self.kind = ""
        self.sent = ""

    def line(self, ev: readmodels.RunEvent) -> list[str]:
        """The lines to send for event ``ev`` (possibly none)."""
        kind, text = "", ""
        if ev.type == "RunStarted":
            kind, text = "planning", "planning the research"
        elif ev.type == "PlanCreated":
            subs = ev.data.get("sub_queries") or []
            kind, text = "planning", f"planned {_count(len(subs), 'search', 'searches')}" if subs else "planned"
        elif ev.type == "SourcesSelected":
            kind, text = "sources", f"{_count(len(ev.data.get('sources') or []), 'source')} selected"
        elif ev.type == "SourceFetched":
            self.fetched += 1
            kind, text = "fetch", f"{_count(self.fetched, 'source')} fetched"
        elif ev.type == "ClaimVerified":
            self.verified += 1
            kind, text = "verify", f"{_count(self.verified, 'claim')} verified"
        elif ev.type == "ClaimsVerified":
            kind, text = "verify", f"{_count(self.verified, 'claim')} verified"
        elif ev.type == "ReportSynthesized":
            kind, text = "writing", "writing the report"
        elif ev.type == "RunFailed":
            kind, text = "end", f"the run failed: {ev.summary}"
        elif ev.type == "RunCancelled":
            kind, text = "end", "the run was cancelled"
        if not text or text == self.sent:
            return []
        count = self.fetched if kind == "fetch" else self.verified if kind == "verify" else 0
        if kind == self.kind and kind in ("fetch", "verify") and count % 5 != 0:
            return []  # a long run of the same kind: every fifth
        out = []
        if self.kind in ("fetch", "verify") and kind != self.kind:
            last = (f"{_count(self.fetched, 'source')} fetched" if self.kind == "fetch"
                    else f"{_count(self.verified, 'claim')} verified")
            if last != self.sent:
                out.append(last)
        self.kind, self.sent = kind, text
        return [*out, text]


def _answer(res: readmodels.RunResult | None, run_id: UUID) -> tuple[str, str]:
    """The reply text of an ended run (its report, or why there is none) and its status."""
    if res is None:
        return f"No result for run {run_id}.", "unknown"
    if res.report:
        tier = f" (confidence {res.confidence.tier})" if res.confidence else ""
        return f"{res.report.strip()}\n\nRun {run_id}{tier}: /v1/runs/{run_id}\n", res.status
    why = res.failure.reason if res.failure else res.status
    return f"The research run {run_id} ended without a report ({why}).", res.status


def _chunk(cid: str, model: str, created: int, delta: dict[str, Any], meta: dict[str, Any],
           finish: str | None = None, *, with_usage: bool = False) -> str:
    body: dict[str, Any] = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model,
                            "choices": [{"index": 0, "delta": delta, "finish_reason": finish}], "assay": meta}
    if with_usage:
        body["usage"] = None
    return f"data: {json.dumps(body)}\n\n"


def _usage_chunk(cid: str, model: str, created: int, used: dict[str, int], meta: dict[str, Any]) -> str:
    """The last chunk of a stream asked with ``stream_options.include_usage``: no choices, the turn's usage."""
    body = {"id": cid, "object": "chat.completion.chunk", "created": created, "model": model, "choices": [],
            "usage": used, "assay": meta}
    return f"data: {json.dumps(body)}\n\n"


def usage(res: readmodels.RunResult | None) -> dict[str, int]:
    """OpenAI ``usage`` from a run's model calls (``llm_usage.total``: tokens in -> prompt, out -> completion);
    zeros when the run made none (offline engines) or is unknown."""
    total = (res.llm_usage or {}).get("total", {}) if res is not None else {}
    p, c = int(total.get("tokens_in", 0) or 0), int(total.get("tokens_out", 0) or 0)
    return {"prompt_tokens": p, "completion_tokens": c, "total_tokens": p + c}


def _completion(cid: str, model: str, created: int, text: str, meta: dict[str, Any],
                used: dict[str, int] | None = None) -> dict[str, Any]:
    return {"id": cid, "object": "chat.completion", "created": created, "model": model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": used or {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}, "assay": meta}


async def _plan_run(st: GatewayState, principal: Principal, turn: Turn, scope: str,
                    run_id: UUID) -> Decision:
    """The run a research turn starts; when the question cache holds one of the caller's past runs on the same or
    a close question with the same parameters, the run re-checks its report (``services/gateway/cache.py``) and the
    turn's reason says so."""
    request = RunRequested(run_id=run_id, question=turn.question, scope=scope, depth=turn.depth)
    decision = await cache.decide(st, principal, request, serve_exact=False)
    if decision.recheck is not None:
        turn.recheck_of = decision.recheck.run_id
        on = "the same question" if decision.recheck.match == "exact" else "a close earlier question"
        turn.reason += (f"; re-checking the report of run {decision.recheck.run_id} on {on} "
                        f"against current sources ({len(decision.urls)} of its web sources fetched again)")
    return decision


def _run_status(st: GatewayState, run_id: UUID) -> str | None:
    res = readmodels.run_result(st.runtime, run_id)
    return res.status if res is not None else None


def _conversation_id(request: Request, raw: Any) -> UUID:
    """The conversation id of a request: body ``conversation_id``, else header ``X-Assay-Conversation``, else new.
    Raises: ApiError 400 when either is not a UUID."""
    given = raw.get("conversation_id") if isinstance(raw, dict) else None
    name = "conversation_id"
    if given is None:
        given, name = request.headers.get(CONVERSATION_HEADER), CONVERSATION_HEADER
    if given is None:
        return uuid4()
    try:
        return UUID(str(given))
    except ValueError:
        raise _error(400, f"{name}: not a UUID: {str(given)[:60]!r}", name, "invalid_request") from None


async def _begin(st: GatewayState, principal: Principal, req: ChatRequest, conv: Conv,
                 earlier: list[tuple[str, str | None]]) -> tuple[Turn, UUID | None]:
    """Decide the turn, store it in the conversation and start its run when it researches.
    Raises: ApiError (400 bad input, 409 a research of the conversation is still going, 503 bus down)."""
    turn = await asyncio.to_thread(decide, st, principal, req, earlier)
    run_id = uuid4() if turn.research else None
    planned = await _plan_run(st, principal, turn, req.research_scope, run_id) if run_id is not None else None
    try:
        conv.seq = await asyncio.to_thread(
            conversations.begin_turn, st.runtime.pool, conv.conversation_id, turn.said, turn.question,
            turn.research, turn.reason, run_id, turn.memory_reply, lambda r: _run_status(st, r))
    except conversations.ResearchBusy as exc:
        raise _error(409, f"conversation {exc.conversation_id} already has a research run going ({exc.run_id}); "
                     f"wait for it (GET /v1/chat/conversations/{exc.conversation_id} or /v1/runs/{exc.run_id}) "
                     "and ask again; that run goes on", "conversation_id", "research_in_progress") from None
    if planned is not None:
        try:
            await start_run(st.runtime, principal, planned.request, before_publish=partial(cache.remember, st, planned))
        except BaseException:
            await asyncio.to_thread(conversations.drop_turn, st.runtime.pool, conv.conversation_id, conv.seq)
            raise
    return turn, run_id


async def _finish(st: GatewayState, conv: Conv, text: str, status: str) -> None:
    await asyncio.to_thread(conversations.finish_turn, st.runtime.pool, conv.conversation_id, conv.seq, text, status)


async def _events(st: GatewayState, run_id: UUID) -> AsyncIterator[readmodels.RunEvent]:
    async for msg in follow(st.runtime, st.commits, run_id, 0, poll_s=st.settings.sse_poll_s):
        yield readmodels.RunEvent.model_validate_json(msg["data"])


@router.get("/models", summary="The chat models (OpenAI-compatible)")
def list_models(principal: Caller) -> dict[str, Any]:
    """``{"object": "list", "data": [{"id", "object": "model", "created", "owned_by", "description"}]}``."""
    del principal
    return {"object": "list", "data": [{"id": name, "object": "model", "created": 0, "owned_by": "assay",
                                        "description": what} for name, what in MODELS.items()]}


@router.post("/chat/completions", summary="Chat with Assay (OpenAI-compatible; streaming and not)",
             response_model=None)
async def chat_completions(request: Request, principal: Caller) -> JSONResponse | StreamingResponse:
    """An OpenAI chat completion (see the module's docstring for models, extra fields and the ``assay`` field).
    Errors: OpenAI-shaped JSON; 400 bad input, 404 unknown model."""
    st = gateway_state(request)
    try:
        try:
            raw = await request.json()
        except ValueError:
            raise _error(400, "the body is not valid JSON", "body", "malformed_json") from None
        req = parse_request(raw)
        conv = Conv(_conversation_id(request, raw))
        try:
            await asyncio.to_thread(conversations.open_conversation, st.runtime.pool, principal,
                                    conv.conversation_id)
        except conversations.ConversationNotFound:
            raise _error(404, f"conversation_id: no conversation {conv.conversation_id}", "conversation_id",
                         "conversation_not_found") from None
        stored = await asyncio.to_thread(conversations.turns, st.runtime.pool, conv.conversation_id)
        earlier = [(t.question, t.answer) for t in stored] or earlier_turns(req)
        turn, run_id = await _begin(st, principal, req, conv, earlier)
    except ApiError as exc:
        return openai_error_response(exc)
    except ValidationError as exc:  # the run's command refused the question (a rule parse_request missed)
        first = exc.errors()[0]
        return openai_error_response(_error(400, f"messages: the question {first.get('msg', 'is invalid')}",
                                            "messages", "invalid_request"))
    except ValueError as exc:  # start_run: the run id is taken (cannot happen with a fresh uuid4)
        return openai_error_response(_error(409, str(exc), "run_id", "conflict"))
    cid = f"chatcmpl-{uuid4().hex}"
    created = int(time.time())
    if req.stream:
        with_usage = req.stream_options is not None and req.stream_options.include_usage
        return StreamingResponse(_stream(st, req.model, cid, created, turn, run_id, conv, with_usage),
                                 media_type="text/event-stream", headers={"Cache-Control": "no-store"})
    if run_id is None:
        return JSONResponse(_completion(cid, req.model, created, turn.memory_reply or "",
                                        _meta(turn, None, None, conv)))
    status = "running"
    with contextlib.suppress(TimeoutError):
        async with asyncio.timeout(st.settings.chat_research_timeout_s):
            async for ev in _events(st, run_id):
                if ev.type in readmodels.TERMINAL_EVENTS:
                    status = "ended"
    if status == "running":
        text = (f"Researching \"{turn.question}\" ({turn.reason}); the run {run_id} is still going. "
                f"Its result will be at /v1/runs/{run_id} (events: /v1/runs/{run_id}/events).")
        return JSONResponse(_completion(cid, req.model, created, text, _meta(turn, run_id, "running", conv)))
    res = await asyncio.to_thread(readmodels.run_result, st.runtime, run_id)
    text, status = _answer(res, run_id)
    await _finish(st, conv, text, status)
    return JSONResponse(_completion(cid, req.model, created, text, _meta(turn, run_id, status, conv), usage(res)))


async def _stream(st: GatewayState, model: str, cid: str, created: int, turn: Turn,
                  run_id: UUID | None, conv: Conv, with_usage: bool = False) -> AsyncIterator[str]:
    """The SSE chunks of a streamed reply; ``data: [DONE]`` last, after a usage chunk when ``with_usage`` (the
    run's model tokens; zeros for a memory answer, which calls no model). A client that goes away ends this
    generator; the run goes on, and the conversation's reader fills the turn's answer from the run's result."""
    meta = _meta(turn, run_id, "running" if run_id else None, conv)

    def chunk(delta: dict[str, Any], finish: str | None = None) -> str:
        return _chunk(cid, model, created, delta, meta, finish, with_usage=with_usage)

    if run_id is None:
        yield chunk({"role": "assistant", "content": ""})
        yield chunk({"content": turn.memory_reply or ""})
        yield chunk({}, "stop")
        if with_usage:
            yield _usage_chunk(cid, model, created, usage(None), meta)
        yield "data: [DONE]\n\n"
        return
    yield chunk({"role": "assistant", "content": f"Researching: {turn.question}\n({turn.reason})\n\n"})
    progress = _Progress()
    async for ev in _events(st, run_id):
        for line in progress.line(ev):
            yield chunk({"content": f"- {line}\n"})
    res = await asyncio.to_thread(readmodels.run_result, st.runtime, run_id)
    text, status = _answer(res, run_id)
    await _finish(st, conv, text, status)
    meta = _meta(turn, run_id, status, conv)
    yield chunk({"content": "\n" + text})
    yield chunk({}, "stop")
    if with_usage:
        yield _usage_chunk(cid, model, created, usage(res), meta)
    yield "data: [DONE]\n\n"


@router.get("/chat/conversations/{conversation_id}", summary="A stored chat conversation, with its runs' results")
async def get_conversation(conversation_id: UUID, request: Request, principal: Caller) -> dict[str, Any]:
    """``{"conversation_id", "turns": [{"seq", "question", "asked", "research", "reason", "run_id", "status",
    "answer", "at", "result"}]}``, oldest first. A turn whose run ended since (also after its client went away) gets
    the run's answer now, and keeps it. Errors: 404 for an unknown conversation or one of another key."""
    st = gateway_state(request)
    pool = st.runtime.pool
    if not await asyncio.to_thread(conversations.owned, pool, principal, conversation_id):
        raise ApiError(404, "conversation_not_found", f"no conversation {conversation_id}", field="conversation_id")
    rows = await asyncio.to_thread(conversations.turns, pool, conversation_id)
    out = []
    for t in rows:
        answer, status = t.answer, t.status
        if answer is None and t.run_id is not None:
            res = await asyncio.to_thread(readmodels.run_result, st.runtime, t.run_id)
            if res is not None and res.status in conversations.ENDED:
                answer, status = _answer(res, t.run_id)
                await _finish(st, Conv(conversation_id, t.seq), answer, status)
            elif res is not None:
                status = res.status
        out.append({"seq": t.seq, "question": t.question, "asked": t.asked, "research": t.research,
                    "reason": t.reason, "run_id": str(t.run_id) if t.run_id else None, "status": status,
                    "answer": answer, "at": t.at.isoformat(),
                    "result": f"/v1/runs/{t.run_id}" if t.run_id else None})
    return {"conversation_id": str(conversation_id), "turns": out}
