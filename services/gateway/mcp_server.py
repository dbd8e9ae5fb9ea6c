"""An MCP server (the official ``mcp`` SDK; stdio or streamable HTTP) that gives agents Assay's research through the
gateway's ``/v1`` API.

Run over stdio: ``python -m services.gateway.mcp_server --url http://127.0.0.1:8765`` with the key in
``ASSAY_API_KEY`` (none needed when the gateway serves the local user, as ``assay web`` does). Over streamable
HTTP: add ``--http PORT`` (``--host``, default 127.0.0.1); the endpoint is ``http://HOST:PORT/mcp``, and each
HTTP request's own ``Authorization: Bearer <key>`` (or ``X-API-Key``) is what the gateway sees, so every agent
reaches its own runs only (``ASSAY_API_KEY``, when set, is used for requests that send no key). It is a client of
the gateway: the key rules apply (a key sees its own runs only), and it never runs a stage.

Tools (each returns a JSON object):

- ``start_research(question, scope="both", depth="standard", fresh=False)`` -> ``{"run_id", "status", "result",
  "events", "cached", "recheck_of"}``: the same question asked before with the same parameters is answered by the
  earlier run (``status`` completed, ``cached`` says which; ``fresh`` true researches again); a close one starts a
  run that re-checks the earlier report (``recheck_of``)
- ``research_status(run_id)`` -> ``{"run_id", "status", "last_seq", "verdicts", "confidence"}``
- ``research_result(run_id, wait_s=0)`` -> the status, the report (Markdown with ``[n]``), the confidence tier
  and the source list ``[{"n", "url", "title"}]``; ``wait_s`` > 0 follows the run's events up to that many seconds
  for it to end first.
- ``search_memory(query, limit=10)`` -> ``{"query", "hits": [{"kind", "run_id", "title", "text", ...}]}`` over the
  caller's past reports, claims and evidence: at most ``limit`` (1-50) hits in all, the kinds taken in turn.

Resources: ``report://{run_id}`` (a resource template): the run's report, Markdown with its ``[n]`` citations and
source list, after a comment line with its status and confidence tier (or why there is no report yet); an unknown
run (or another key's) is a "no run ..." resource-not-found error.

A refused request (bad scope, unknown run, gateway unreachable) is a tool error whose text is the gateway's message.
"""

from __future__ import annotations

import argparse
import os
import re
from typing import Any

import httpx
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError

#: the most hits ``search_memory`` returns (the gateway's ``/v1/search`` limit per kind)
MAX_SEARCH_HITS = 50
#: seconds of one HTTP call to the gateway (following events may take ``wait_s`` longer)
HTTP_TIMEOUT_S = 30.0


class GatewayError(ToolError):
    """A gateway call that failed: ``status`` the HTTP status (0 when the gateway was unreachable); the message is
    ``"<status>: <the gateway's message>"``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def interleave(hits: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """At most ``limit`` of ``hits`` (the gateway's, best first within each ``kind``), taking the kinds in turn (the
    best report, claim and evidence first, then the second of each...), so a small limit still shows each kind."""
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for h in hits:
        by_kind.setdefault(str(h.get("kind", "")), []).append(h)
    out: list[dict[str, Any]] = []
    rank = 0
    while len(out) < limit and any(rank < len(v) for v in by_kind.values()):
        out.extend(v[rank] for v in by_kind.values() if rank < len(v))
        rank += 1
    return out[:limit]


class GatewayClient:
    """The few gateway calls the tools make. ``url``: the gateway's base URL; ``key``: an API key or None."""

    def __init__(self, url: str, key: str | None) -> None:
        headers = {"Authorization": f"Bearer {key}"} if key else {}
        self.http = httpx.AsyncClient(base_url=url.rstrip("/"), headers=headers, timeout=HTTP_TIMEOUT_S)

    async def call(self, method: str, path: str, ctx: Context | None = None, **kwargs: Any) -> dict[str, Any]:
        """The JSON answer of a gateway call; ``ctx``: the MCP request, whose HTTP key (if any) is sent instead of
        the configured one (:func:`caller_headers`). Raises: ToolError (the agent sees it) with the gateway's
        message on an error answer or when the gateway is unreachable (:class:`GatewayError`, with the status)."""
        try:
            resp = await self.http.request(method, path, headers=caller_headers(ctx), **kwargs)
        except httpx.HTTPError as exc:
            raise GatewayError(0, f"the gateway at {self.http.base_url} is unreachable: {exc}") from None
        if resp.status_code >= 400:
            try:
                message = resp.json()["error"]["message"]
            except (ValueError, KeyError, TypeError):
                message = resp.text[:300]
            raise GatewayError(resp.status_code, f"{resp.status_code}: {message}")
        body: dict[str, Any] = resp.json()
        return body

    async def wait_end(self, run_id: str, wait_s: float, ctx: Context | None = None) -> None:
        """Follow the run's events until its terminal event or ``wait_s`` seconds."""
        try:
            async with self.http.stream("GET", f"/v1/runs/{run_id}/events", headers=caller_headers(ctx),
                                        timeout=httpx.Timeout(HTTP_TIMEOUT_S, read=wait_s)) as resp:
                async for line in resp.aiter_lines():
                    if line.startswith("event:") and line.split(":", 1)[1].strip() in (
                            "RunCompleted", "RunFailed", "RunCancelled"):
                        return
        except httpx.TimeoutException:
            return


def caller_headers(ctx: Context | None) -> dict[str, str]:
    """The key headers of the MCP client's HTTP request (``Authorization``, ``X-API-Key``) to pass on to the
    gateway; empty over stdio or when the client sent none (the configured key is used then)."""
    try:
        headers = ctx.headers if ctx is not None else None
    except ValueError:  # outside a request
        headers = None
    if not headers:
        return {}
    return {name: value for name in ("Authorization", "X-API-Key") if (value := headers.get(name.lower())
                                                                        or headers.get(name))}


def build_server(client: GatewayClient) -> MCPServer:
    """The MCP server with the four research tools over ``client``."""
    server = MCPServer(name="assay", instructions="Verified deep research: start a run, follow it, read its "
                       "cited report, or search what past runs found.", log_level="WARNING")

    @server.tool(description="Start a research run on a question. scope: web | local | both; depth: quick | "
                 "standard | deep. Returns the run_id to pass to research_status and research_result. A question "
                 "you asked before with the same parameters is answered by that run (status completed, 'cached' "
                 "names it); fresh=true researches again.")
    async def start_research(ctx: Context, question: str, scope: str = "both", depth: str = "standard",
                             fresh: bool = False) -> dict[str, Any]:
        return await client.call("POST", "/v1/runs", ctx, json={"question": question, "scope": scope, "depth": depth,
                                                                "fresh": fresh})

    @server.tool(description="The status of a research run: requested | running | completed | partial | failed "
                 "| cancelled, with claims per verdict and the confidence tier so far.")
    async def research_status(ctx: Context, run_id: str) -> dict[str, Any]:
        res = await client.call("GET", f"/v1/runs/{run_id}", ctx)
        return {"run_id": res["run_id"], "status": res["status"], "last_seq": res["last_seq"],
                "verdicts": res["verdicts"], "confidence": (res.get("confidence") or {}).get("tier")}

    @server.tool(description="The result of a research run: its report (Markdown with [n] citations), confidence "
                 "tier and sources. wait_s > 0 waits up to that many seconds for the run to end first.")
    async def research_result(ctx: Context, run_id: str, wait_s: float = 0.0) -> dict[str, Any]:
        if wait_s > 0:
            await client.call("GET", f"/v1/runs/{run_id}", ctx)  # an unknown run is an error at once
            await client.wait_end(run_id, min(wait_s, 3600.0), ctx)
        res = await client.call("GET", f"/v1/runs/{run_id}", ctx)
        by_id = {s["source_id"]: s for s in res["sources"]}
        cited: dict[int, dict[str, Any]] = {}
        for c in res["citations"]:
            src = by_id.get(c["source_id"], {})
            cited.setdefault(c["n"], {"n": c["n"], "url": src.get("final_url") or src.get("url", ""),
                                      "title": src.get("title", "")})
        return {"run_id": res["run_id"], "status": res["status"], "question": res["question"],
                "report": res["report"], "confidence": (res.get("confidence") or {}).get("tier"),
                "verdicts": res["verdicts"], "sources": [cited[n] for n in sorted(cited)]}

    @server.tool(description="Search what past research runs found: reports, verified claims and evidence "
                 f"passages matching the words. limit (1-{MAX_SEARCH_HITS}): hits in all, the kinds taken in turn.")
    async def search_memory(ctx: Context, query: str, limit: int = 10) -> dict[str, Any]:
        if not query.strip():
            raise ToolError("query is empty: give the words to search for")
        if not 1 <= limit <= MAX_SEARCH_HITS:
            raise ToolError(f"limit must be 1-{MAX_SEARCH_HITS}, got {limit}")
        try:
            found = await client.call("GET", "/v1/search", ctx, params={"q": query, "limit": limit})
        except GatewayError as exc:  # the gateway names its parameter q: this tool's is query
            raise ToolError(re.sub(r"^(\d+: )q\b", r"\1query", str(exc))) from None
        return {**found, "hits": interleave(list(found.get("hits") or []), limit)}

    @server.resource("report://{run_id}", name="report", mime_type="text/markdown",
                     description="The report of a research run (Markdown with [n] citations and its source list), "
                     "with its status and confidence tier in a first line.")
    async def report(run_id: str, ctx: Context) -> str:
        try:
            res = await client.call("GET", f"/v1/runs/{run_id}", ctx)
        except GatewayError as exc:  # an anticipated failure: a clean error for the client, no traceback
            if exc.status in (404, 422):
                raise ResourceNotFoundError(f"no run {run_id} (an unknown run, or another key's)") from None
            raise ResourceError(str(exc)) from None
        tier = (res.get("confidence") or {}).get("tier") or "none"
        head = f"<!-- run {res['run_id']} status {res['status']} confidence {tier} -->\n"
        if not res.get("report"):
            why = (res.get("failure") or {}).get("reason") or "no report yet"
            return head + f"No report for run {res['run_id']} ({res['status']}: {why}).\n"
        return head + str(res["report"])

    return server


def serve(url: str, key: str | None, *, http_port: int | None = None, host: str = "127.0.0.1") -> None:
    """Serve the tools for the gateway at ``url``: over stdio (``http_port`` None), else over streamable HTTP at
    ``http://{host}:{http_port}/mcp`` until interrupted. ``key``: the gateway key of requests that bring none.
    Raises: OSError when the port is taken."""
    server = build_server(GatewayClient(url, key))
    if http_port is None:
        server.run("stdio")
        return
    server.run("streamable-http", host=host, port=http_port, streamable_http_path=MCP_PATH)


#: the streamable HTTP endpoint's path
MCP_PATH = "/mcp"


def main(argv: list[str] | None = None) -> None:
    """``python -m services.gateway.mcp_server [--url URL] [--http PORT [--host HOST]]``: serve the tools over stdio,
    or over streamable HTTP at ``http://HOST:PORT/mcp`` (key: ``ASSAY_API_KEY``, or each HTTP request's own)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--url", default=os.environ.get("ASSAY_MCP_GATEWAY_URL", "http://127.0.0.1:8765"),
                        help="the gateway's base URL (ASSAY_MCP_GATEWAY_URL)")
    parser.add_argument("--http", type=int, default=None, metavar="PORT",
                        help="serve streamable HTTP on this port (endpoint /mcp) instead of stdio")
    parser.add_argument("--host", default="127.0.0.1", help="the HTTP interface (with --http; default 127.0.0.1)")
    args = parser.parse_args(argv)
    if args.http is not None and not 0 < args.http < 65536:
        parser.error(f"--http {args.http}: a port is 1-65535")
    serve(args.url, os.environ.get("ASSAY_API_KEY") or None, http_port=args.http, host=args.host)


if __name__ == "__main__":
    main()
