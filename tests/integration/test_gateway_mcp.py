"""The MCP server (services/gateway/mcp_server.py) over stdio and over streamable HTTP, driven by the ``mcp`` SDK's
clients, in front of a real gateway on 127.0.0.1 with every stage running over the local sample corpus."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp.types import CallToolResult, TextContent, TextResourceContents

from services.gateway.keys import create_key
from shared.launcher import free_port
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(600)]
ROOT = Path(__file__).resolve().parents[2]


def _json(result: Any) -> dict[str, Any]:
    assert isinstance(result, CallToolResult), result
    text = result.content[0]
    assert isinstance(text, TextContent)
    assert not result.is_error, text.text
    body: dict[str, Any] = json.loads(text.text)
    return body


async def test_mcp_client_lists_tools_and_completes_a_research(settings: Any, runtime: Any, stack: Any,
                                                              tmp_path: Path) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "agent")
    async with running_gateway(with_gateway(settings), runtime) as url:
        env = {"PATH": os.environ.get("PATH", ""), "ASSAY_API_KEY": key, "PYTHONPATH": str(ROOT)}
        params = StdioServerParameters(command=sys.executable, args=["-m", "services.gateway.mcp_server",
                                                                     "--url", url], env=env, cwd=str(ROOT))
        with (tmp_path / "stderr.txt").open("w+") as errlog:
            async with stdio_client(params, errlog=errlog) as (read, write), ClientSession(read, write) as session:
                await session.initialize()
                await _lists_tools_and_completes_a_research(session)
            errlog.seek(0)
            assert "Traceback" not in errlog.read()  # the refused calls and reads were anticipated errors


async def _lists_tools_and_completes_a_research(session: ClientSession) -> str:
    """List the tools, run a research to its end, read its report resource, search memory, bad input; the run id."""
    tools = {t.name for t in (await session.list_tools()).tools}
    assert tools == {"start_research", "research_status", "research_result", "search_memory"}
    started = _json(await session.call_tool("start_research", {"question": QUESTION, "scope": "local",
                                                               "depth": "quick"}))
    run_id = started["run_id"]
    status = _json(await session.call_tool("research_status", {"run_id": run_id}))
    assert status["status"] in ("requested", "running", "completed")
    result = _json(await session.call_tool("research_result", {"run_id": run_id, "wait_s": 300}))
    assert result["status"] == "completed" and "Rush" in result["report"] and "[1]" in result["report"]
    assert result["sources"] and result["sources"][0]["n"] == 1
    assert _json(await session.call_tool("research_status", {"run_id": run_id}))["status"] == "completed"
    templates = (await session.list_resource_templates()).resource_templates
    assert [t.uri_template for t in templates] == ["report://{run_id}"]
    read = await session.read_resource(f"report://{run_id}")
    body = read.contents[0]
    assert isinstance(body, TextResourceContents), body
    assert f"run {run_id} status completed" in body.text and "Rush" in body.text and "[1]" in body.text
    # the indexer projects the run's report, claims and evidence after RunCompleted: wait until several kinds
    # of hit are searchable (a fact), then check them (the limit below must apply to them all together)
    found: dict[str, Any] = {}
    deadline = asyncio.get_running_loop().time() + 60
    while asyncio.get_running_loop().time() < deadline:
        found = _json(await session.call_tool("search_memory", {"query": "Counterparts Rush"}))
        if len({h["kind"] for h in found["hits"]}) > 1:
            break
        await asyncio.sleep(0.1)
    assert any(h["run_id"] == run_id for h in found["hits"])
    kinds = {h["kind"] for h in found["hits"]}
    assert len(kinds) > 1, kinds
    one = _json(await session.call_tool("search_memory", {"query": "Counterparts Rush", "limit": 1}))
    assert len(one["hits"]) == 1, one["hits"]
    two = _json(await session.call_tool("search_memory", {"query": "Counterparts Rush", "limit": 2}))
    assert len(two["hits"]) == 2 and len({h["kind"] for h in two["hits"]}) == 2  # the kinds taken in turn
    empty = await session.call_tool("search_memory", {"query": "  "})
    assert isinstance(empty, CallToolResult) and empty.is_error
    assert "query is empty" in str(empty.content[0]) and "q " not in str(empty.content[0])
    with pytest.raises(MCPError, match="no run 00000000-0000-4000-8000-00000000000f"):
        await session.read_resource("report://00000000-0000-4000-8000-00000000000f")
    bad = await session.call_tool("start_research", {"question": QUESTION, "scope": "mars"})
    assert isinstance(bad, CallToolResult) and bad.is_error
    assert "scope" in str(bad.content[0])
    unknown = await session.call_tool("research_status",
                                      {"run_id": "00000000-0000-4000-8000-000000000000"})
    assert isinstance(unknown, CallToolResult) and unknown.is_error and "404" in str(unknown.content[0])
    return str(run_id)


PORT_ATTEMPTS = 3  # starts of the MCP server on fresh ports when the one picked was taken before it bound it


async def _answers(proc: subprocess.Popen[bytes], url: str) -> bool:
    """Wait until the server at ``url`` accepts connections (True) or its process ends (False)."""
    async with httpx2.AsyncClient() as probe:
        while proc.poll() is None:
            try:
                await probe.get(url, timeout=2.0)
                return True
            except httpx2.TransportError:
                await asyncio.sleep(0.05)
    return False


@asynccontextmanager
async def http_mcp_server(gateway_url: str) -> AsyncIterator[str]:
    """``assay mcp --url GATEWAY --http PORT`` as a child process, with no key of its own; yields its endpoint URL
    once it answers, and stops it. A port picked free may be taken before the child binds it (another test's
    server, an outgoing connection): the child then exits saying "address already in use" and is started again on
    another port, up to PORT_ATTEMPTS times; any other exit fails the test with the child's output."""
    env = {"PATH": os.environ.get("PATH", ""), "PYTHONPATH": str(ROOT)}
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = free_port()
        proc = subprocess.Popen([sys.executable, "-m", "services.cli.main", "mcp", "--url", gateway_url,
                                 "--http", str(port)], env=env, cwd=str(ROOT), stderr=subprocess.PIPE)
        url = f"http://127.0.0.1:{port}/mcp"
        try:
            if await _answers(proc, url):
                break
        except BaseException:
            proc.kill()
            proc.wait(timeout=30)
            raise
        said = proc.stderr.read().decode() if proc.stderr else f"exited with code {proc.returncode}"
        assert "address already in use" in said.lower() and attempt < PORT_ATTEMPTS, said
    try:
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@asynccontextmanager
async def http_session(url: str, key: str) -> AsyncIterator[ClientSession]:
    """An initialised MCP client session over streamable HTTP sending ``Authorization: Bearer key``."""
    async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"},
                                  timeout=httpx2.Timeout(30.0, read=300.0)) as http, \
            streamable_http_client(url, http_client=http) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        yield session


async def test_mcp_over_streamable_http_with_each_clients_key(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "agent")
    _, other = create_key(runtime.pool, "another agent")
    async with running_gateway(with_gateway(settings), runtime) as gateway, http_mcp_server(gateway) as url:
        async with http_session(url, key) as session:
            run_id = await _lists_tools_and_completes_a_research(session)

            def indexed() -> bool:
                with runtime.pool.connection() as conn:
                    row = conn.execute("SELECT status FROM rm_runs WHERE run_id = %s", (run_id,)).fetchone()
                return bool(row and row[0] == "complete")

            await wait_for(indexed, 60, "the run in the read models")
            # the same question again: the earlier run answers, and says it is cached
            again = _json(await session.call_tool("start_research", {"question": QUESTION, "scope": "local",
                                                                     "depth": "quick"}))
            assert again["run_id"] == run_id and again["status"] == "completed", again
            assert again["cached"]["match"] == "exact" and again["cached"]["run_id"] == run_id
        async with http_session(url, other) as session:  # the gateway sees this client's key: not its run
            hidden = await session.call_tool("research_status", {"run_id": run_id})
            assert isinstance(hidden, CallToolResult) and hidden.is_error and "404" in str(hidden.content[0])
        async with http_session(url, "assay_not-a-key") as session:
            refused = await session.call_tool("search_memory", {"query": "Rush"})
            assert isinstance(refused, CallToolResult) and refused.is_error and "401" in str(refused.content[0])
