"""The gateway's /v1 HTTP API on a real uvicorn (127.0.0.1) over real NATS and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from uuid import UUID

import httpx
import nats
import pytest

from contracts import RunRequested
from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_pipeline import QUESTION

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def wait_for(predicate: Any, timeout_s: float = 30.0, what: str = "condition") -> Any:
    """Poll ``predicate`` (a no-argument function, sync) until it returns something truthy; return that."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        value = await asyncio.to_thread(predicate)
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


async def test_health_ready_and_openapi(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        assert (await client.get("/healthz")).json() == {"status": "ok"}
        ready = await client.get("/readyz")
        assert ready.status_code == 200, ready.text
        assert ready.json()["checks"] == {"nats": {"ok": True, "error": None},
                                          "postgresql": {"ok": True, "error": None}}
        spec = (await client.get("/v1/openapi.json")).json()
        paths = set(spec["paths"])
        assert {"/v1/runs", "/v1/runs/{run_id}", "/v1/runs/{run_id}/events", "/v1/runs/{run_id}/cancel",
                "/v1/search", "/v1/runs/{run_id}/sources/{source_id}"} <= paths
        body = spec["components"]["schemas"]["RunCreate"]["properties"]
        # every RunRequested field can be sent
        assert set(RunRequested.model_fields) <= set(body)
        assert body["verify_claims"]["default"] is True


async def test_post_run_publishes_run_requested_and_runs_no_stage(settings: Any, runtime: Any) -> None:
    """Only the gateway runs (no stage): the request lands on the bus, verify_claims true by default, no event
    is recorded."""
    s = with_gateway(settings)
    principal, key = create_key(runtime.pool, "alice")
    nc = await nats.connect(runtime.endpoints.nats_url)
    try:
        async with running_gateway(s, runtime) as url, httpx.AsyncClient(
                base_url=url, headers={"Authorization": f"Bearer {key}"}) as client:
            resp = await client.post("/v1/runs", json={"question": QUESTION, "scope": "local", "max_sources": 7,
                                                       "site_filter": ["example.org"], "depth": "quick"})
            assert resp.status_code == 202, resp.text
            run_id = UUID(resp.json()["run_id"])
            js = nc.jetstream()
            sub = await js.pull_subscribe("assay.cmd.run.v1", durable="probe")
            msgs = await sub.fetch(1, timeout=10)
            body = json.loads(msgs[0].data)
            assert body["run_id"] == str(run_id) and body["verify_claims"] is True
            assert body["max_sources"] == 7 and body["site_filter"] == ["example.org"] and body["depth"] == "quick"
            assert key not in msgs[0].data.decode() and "alice" not in msgs[0].data.decode()
            assert not runtime.runs.exists(run_id)  # no stage ran
            got = await client.get(f"/v1/runs/{run_id}")
            assert got.status_code == 200 and got.json()["status"] == "requested"
            assert got.json()["question"] == " ".join(QUESTION.split())
            page = (await client.get("/v1/runs")).json()
            assert [r["run_id"] for r in page["runs"]] == [str(run_id)] and page["total"] == 1
    finally:
        await nc.close()
