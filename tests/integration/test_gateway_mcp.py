"""The MCP server (services/gateway/mcp_server.py) over stdio, driven by the ``mcp`` SDK's client, in front of a
real gateway on 127.0.0.1 with every stage running over the local sample corpus."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.types import CallToolResult, TextContent, TextResourceContents

from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway
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


async def test_mcp_client_lists_tools_and_completes_a_research(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "agent")
    async with running_gateway(with_gateway(settings), runtime) as url:
        env = {"PATH": os.environ.get("PATH", ""), "ASSAY_API_KEY": key, "PYTHONPATH": str(ROOT)}
        params = StdioServerParameters(command=sys.executable, args=["-m", "services.gateway.mcp_server",
                                                                     "--url", url], env=env, cwd=str(ROOT))
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
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
            found = _json(await session.call_tool("search_memory", {"query": "Counterparts Rush"}))
            assert any(h["run_id"] == run_id for h in found["hits"])
            bad = await session.call_tool("start_research", {"question": QUESTION, "scope": "mars"})
            assert isinstance(bad, CallToolResult) and bad.is_error
            assert "scope" in str(bad.content[0])
            unknown = await session.call_tool("research_status",
                                              {"run_id": "00000000-0000-4000-8000-000000000000"})
            assert isinstance(unknown, CallToolResult) and unknown.is_error and "404" in str(unknown.content[0])
