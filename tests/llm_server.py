"""A scripted OpenAI-compatible chat server on 127.0.0.1: the stand-in for OpenRouter (or any provider) in tests.

``POST /v1/chat/completions`` answers from a script, deterministically:

- the **scenario** is the first ``[[name]]`` marker found in the request's messages (``default`` if none);
- within a scenario, replies are listed per **model** name as sent (``"*"`` for any model); each (scenario,
  model) pair answers its replies in order, repeating the last one;
- a :class:`Reply` is an answer text, an HTTP error (429, 500, ...), a delay (for timeouts), or a model that
  never stops (repeats its text until ``max_tokens``); usage token counts are 1 per 4 characters, and an
  answer longer than the request's ``max_tokens`` is cut there with ``finish_reason: "length"``.

``BAD_OUTPUTS`` holds the answers small and reasoning models really give when asked for ``PlanAnswer`` JSON.

Usage (the server runs its own event loop in a thread)::

    with ScriptedLlmServer() as server:
        server.add("plan", {"model-a": [Reply(status=429), Reply(GOOD_PLAN)]})
        ... api_base=server.base_url, model="openai/model-a", prompt containing "[[plan]]" ...
        assert server.calls("plan", "model-a") == 2

Run it alone with ``python -m tests.llm_server --port 8765`` (every ``BAD_OUTPUTS`` kind is a scenario).
"""

from __future__ import annotations

import argparse
import asyncio
import re
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

MARKER = re.compile(r"\[\[([A-Za-z0-9_.:-]+)\]\]")


@dataclass(frozen=True)
class Reply:
    """One scripted answer. ``status`` != 200 answers an OpenAI-style error body instead of ``content``."""

    content: str = ""
    status: int = 200
    delay_s: float = 0.0
    never_stops: bool = False
    finish_reason: str | None = None
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    reasoning_content: str | None = None
    rejects_response_format: bool = False  # answer 400 to a request carrying response_format
    headers: dict[str, str] = field(default_factory=dict)  # extra response headers (e.g. Retry-After)
    #: computes the answer from the request body (a scripted "model" that reads its prompt); None = ``content``
    respond: Callable[[dict[str, Any]], str] | None = None


GOOD_PLAN = '{"sub_queries": ["Rush band Counterparts album", "Neil Peart Modern Drummer Hall of Fame"]}'

#: Each bad-output kind, as a reply to a request for ``PlanAnswer`` (``{"sub_queries": [str, ...]}``).
BAD_OUTPUTS: dict[str, Reply] = {
    # the schema template echoed back with placeholder values
    "echo_placeholder": Reply('{"sub_queries": ["string", "string"]}'),
    "echo_schema": Reply('{"properties": {"sub_queries": {"items": {"type": "string"}, "type": "array", '
                         '"title": "Sub Queries"}}, "required": ["sub_queries"], "title": "PlanAnswer", '
                         '"type": "object"}'),
    "echo_angle": Reply('{"sub_queries": ["<search query 1>", "<search query 2>"]}'),
    # prose where JSON was asked (with and without a usable list)
    "prose": Reply("I am sorry, but I cannot browse the web. Counterparts is an album by Rush and Neil Peart "
                   "was their drummer, so you may want to look that up yourself."),
    "prose_list": Reply("Sure! Here are some searches:\n1. Rush Counterparts album\n2. Neil Peart Hall of Fame\n"),
    # reasoning before the answer
    "think": Reply('<think>The user wants queries. Maybe {"sub_queries": ["draft"]}? No, better:</think>\n'
                   + GOOD_PLAN),
    "think_unopened": Reply('Okay, let me plan the searches first.</think>' + GOOD_PLAN),
    "think_only": Reply("<think>First I should consider what the band released in 1993 and then", never_stops=True),
    # nested or empty lists
    "nested": Reply('{"sub_queries": [["Rush Counterparts album", "Neil Peart Modern Drummer Hall of Fame"]]}'),
    "empty": Reply('{"sub_queries": [""]}'),
    "empty_list": Reply('{"sub_queries": []}'),
    # JSON cut at the token limit
    "truncated": Reply('{"sub_queries": ["Rush Counterparts album", "Neil Peart Modern Drummer Hall of Fa',
                       finish_reason="length"),
    # fenced, wrapped, single quotes
    "fenced": Reply("Here you go:\n```json\n" + GOOD_PLAN + "\n```\nHope this helps!"),
    "wrapped": Reply('{"answer": ' + GOOD_PLAN + "}"),
    "single_quotes": Reply("{'sub_queries': ['Rush Counterparts album', 'Neil Peart Modern Drummer',]}"),
    # a model that never stops (repeats itself until max_tokens), in prose or inside the JSON
    "never_stops": Reply("the band the band the band ", never_stops=True),
    "repeats_json": Reply('{"sub_queries": [' + '"Rush Counterparts album", ' * 400, finish_reason="length"),
}


class ScriptedLlmServer:
    """The server. ``start()``/``stop()`` or use as a context manager; ``base_url`` ends in ``/v1``."""

    def __init__(self, script: dict[str, dict[str, list[Reply]]] | None = None) -> None:
        self._script: dict[str, dict[str, list[Reply]]] = {k: dict(v) for k, v in (script or {}).items()}
        self._counts: dict[tuple[str, str], int] = defaultdict(int)
        self._lock = threading.Lock()
        self.requests: list[dict[str, Any]] = []
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._stopped = threading.Event()

    # ---- script ---------------------------------------------------------------------------------------------
    def add(self, scenario: str, replies: dict[str, list[Reply] | Reply] | list[Reply] | Reply) -> None:
        """Script ``scenario``: a reply or list of replies for any model, or a dict model -> replies."""
        if not isinstance(replies, dict):
            replies = {"*": replies}
        with self._lock:
            self._script[scenario] = {m: (r if isinstance(r, list) else [r]) for m, r in replies.items()}

    def calls(self, scenario: str | None = None, model: str | None = None) -> int:
        """How many requests reached the server (for a scenario and/or model)."""
        return sum(1 for r in self.requests if (scenario is None or r["scenario"] == scenario)
                   and (model is None or r["model"] == model))

    def _next(self, scenario: str, model: str) -> Reply:
        with self._lock:
            table = self._script.get(scenario) or self._script.get("default") or {}
            replies = table.get(model) or table.get("*")
            if not replies:
                return Reply(status=404, content=f"no script for scenario {scenario!r} and model {model!r}")
            n = self._counts[(scenario, model)]
            self._counts[(scenario, model)] = n + 1
            return replies[min(n, len(replies) - 1)]

    # ---- HTTP ---------------------------------------------------------------------------------------------
    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        text = "\n".join(str(m.get("content") or "") for m in body.get("messages", []))
        found = MARKER.search(text)
        scenario = found.group(1) if found else "default"
        model = str(body.get("model", ""))
        self.requests.append({"scenario": scenario, "model": model, "body": body, "at": time.monotonic()})
        reply = self._next(scenario, model)
        if reply.delay_s:
            await asyncio.sleep(reply.delay_s)
        if reply.rejects_response_format and "response_format" in body:
            return web.json_response({"error": {"message": "response_format is not supported by this model",
                                                "type": "invalid_request_error", "code": 400}}, status=400)
        if reply.status != 200:
            kind = {429: "rate_limit_error", 401: "authentication_error"}.get(reply.status, "server_error")
            return web.json_response({"error": {"message": reply.content or f"scripted HTTP {reply.status}",
                                                "type": kind, "code": reply.status}}, status=reply.status,
                                     headers=reply.headers)
        limit = int(body.get("max_tokens") or body.get("max_completion_tokens") or 4096)
        content = reply.respond(body) if reply.respond is not None else reply.content
        finish = reply.finish_reason or "stop"
        if reply.never_stops:
            while len(content) < (limit + 1) * 4:
                content += reply.content
        if len(content) > limit * 4:
            content, finish = content[: limit * 4], "length"
        completion = reply.completion_tokens if reply.completion_tokens is not None else len(content) // 4 + 1
        completion = min(completion, limit)
        prompt = reply.prompt_tokens if reply.prompt_tokens is not None else len(text) // 4 + 1
        message: dict[str, Any] = {"role": "assistant", "content": content}
        if reply.reasoning_content is not None:
            message["reasoning_content"] = reply.reasoning_content
        return web.json_response({
            "id": f"chatcmpl-{len(self.requests)}", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "message": message, "finish_reason": finish}],
            "usage": {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
        })

    async def _models(self, request: web.Request) -> web.Response:
        return web.json_response({"object": "list", "data": [{"id": "scripted", "object": "model"}]})

    # ---- lifecycle ------------------------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, port: int = 0) -> ScriptedLlmServer:
        """Listen on 127.0.0.1 (a free port unless given) in a background thread; returns when ready."""
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            asyncio.set_event_loop(loop)
            try:
                app = web.Application()
                app.router.add_post("/v1/chat/completions", self._chat)
                app.router.add_post("/chat/completions", self._chat)
                app.router.add_get("/v1/models", self._models)
                self._runner = web.AppRunner(app, access_log=None)
                loop.run_until_complete(self._runner.setup())
                site = web.TCPSite(self._runner, "127.0.0.1", port)
                loop.run_until_complete(site.start())
                server = site._server
                assert server is not None
                self.port = int(server.sockets[0].getsockname()[1])  # type: ignore[attr-defined]  # an asyncio.Server, typed as AbstractServer
            except BaseException as exc:  # noqa: BLE001 (reported to the starting thread)
                failure.append(exc)
                ready.set()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._runner.cleanup())
            loop.close()
            self._stopped.set()

        self._thread = threading.Thread(target=run, name="scripted-llm-server", daemon=True)
        self._thread.start()
        if not ready.wait(10):
            raise RuntimeError("scripted LLM server did not start within 10 s")
        if failure:
            raise failure[0]
        return self

    def stop(self) -> None:
        """Stop listening and end the thread."""
        if self._loop is not None and self._thread is not None:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)
            self._loop = None

    def __enter__(self) -> ScriptedLlmServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    """Serve every ``BAD_OUTPUTS`` kind (scenario = its name) plus ``good``, ``429``, ``500`` and ``slow``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    server = ScriptedLlmServer()
    server.add("default", Reply(GOOD_PLAN))
    server.add("good", Reply(GOOD_PLAN))
    server.add("429", Reply(status=429))
    server.add("500", Reply(status=500))
    server.add("slow", Reply(GOOD_PLAN, delay_s=30))
    for name, reply in BAD_OUTPUTS.items():
        server.add(name, reply)
    server.start(args.port)
    print(f"scripted OpenAI-compatible server on {server.base_url}; put [[scenario]] in a prompt", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
