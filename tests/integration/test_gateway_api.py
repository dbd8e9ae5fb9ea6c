"""The gateway's /v1 HTTP API on a real uvicorn (127.0.0.1) over real NATS and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any
from uuid import UUID, uuid4

import httpx
import nats
import pytest

from contracts import RunRequested
from services.gateway.keys import create_key
from tests.consumers import wait_consumed
from tests.integration.gateway_fixtures import read_sse, running_gateway, with_gateway
from tests.integration.test_pipeline import QUESTION, ingest_sample

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


async def test_list_runs_pages_newest_first(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings)
    _, key = create_key(runtime.pool, "pager")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"X-API-Key": key}) as client:
        ids = []
        for i in range(3):
            resp = await client.post("/v1/runs", json={"question": f"What is question number {i}?"})
            assert resp.status_code == 202, resp.text
            ids.append(resp.json()["run_id"])
        first = (await client.get("/v1/runs", params={"limit": 2})).json()
        second = (await client.get("/v1/runs", params={"limit": 2, "offset": 2})).json()
        assert first["total"] == second["total"] == 3
        assert [r["run_id"] for r in first["runs"]] + [r["run_id"] for r in second["runs"]] == ids[::-1]
        assert all(r["status"] == "requested" for r in first["runs"])


async def test_sse_resumes_after_a_dropped_connection_and_misses_nothing(settings: Any, runtime: Any,
                                                                         stack: Any) -> None:
    ingest_sample(runtime)
    s = with_gateway(settings)
    _, key = create_key(runtime.pool, "follower")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        run_id = (await client.post("/v1/runs", json={"question": QUESTION, "scope": "local",
                                                      "max_sources": 6})).json()["run_id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as resp:
            assert resp.status_code == 200 and resp.headers["content-type"].startswith("text/event-stream")
            first = await read_sse(resp, stop_after=3)  # then the connection is dropped
        assert [m["id"] for m in first] == ["1", "2", "3"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events",
                                 headers={"Last-Event-ID": first[-1]["id"]}) as resp:
            rest = await read_sse(resp)
        got = first + rest
        stored = runtime.runs.timeline(UUID(run_id))
        seqs = [int(m["id"]) for m in got]
        assert seqs == list(range(1, len(seqs) + 1)), "an event was missed or repeated"
        terminal = next(i for i, e in enumerate(stored) if type(e).__name__ in ("RunCompleted", "RunFailed"))
        assert len(got) >= terminal + 1 and got[-1]["event"] in ("RunCompleted", "RunFailed", "LlmCallRecorded")
        assert [m["event"] for m in got] == [type(e).__name__ for e in stored[:len(got)]]
        assert got[0]["data"]["type"] == "RunStarted" and got[0]["data"]["data"]["question"]
        # the run has ended: resuming after its last event answers 204 (an EventSource stops reconnecting)
        after_end = await client.get(f"/v1/runs/{run_id}/events", headers={"Last-Event-ID": str(stored[-1].seq)})
        assert after_end.status_code == 204
        # the result: report, claims with verdicts and evidence spans, a confidence tier, a judge score
        res = (await client.get(f"/v1/runs/{run_id}")).json()
        assert res["status"] == "completed" and "Rush" in res["report"]
        assert res["confidence"]["tier"] in ("high", "medium", "low") and 0 <= res["judge"]["total"] <= 100
        assert res["request"]["verify_claims"] is True and sum(res["verdicts"].values()) == len(res["claims"]) > 0
        assert any(c["verdict"] == "supported" and c["evidence_spans"] for c in res["claims"])
        # a cited source with its text and the evidence spans quoted from it
        cite = res["citations"][0]
        src = (await client.get(f"/v1/runs/{run_id}/sources/{cite['source_id']}")).json()
        text = src["text"]
        assert src["evidence_spans"] and all(text[s["start"]:s["end"]] == s["quote"] for s in src["evidence_spans"])
        assert any(cite["n"] in s["cited"] for s in src["evidence_spans"])
        assert all(text[c["start"]:c["end"]] for c in src["claims"])
        # memory search finds the run's report once the indexer has it
        def report_hits() -> list[dict[str, Any]]:
            hits = httpx.get(f"{url}/v1/search", params={"q": "Canadian rock band"}, headers={"X-API-Key": key})
            return hits.json()["hits"] if "report" in {h["kind"] for h in hits.json()["hits"]} else []

        hits = await wait_for(report_hits, what="the report in search hits")
        assert {h["run_id"] for h in hits} == {run_id} and {"report", "claim"} <= {h["kind"] for h in hits}


async def test_a_key_never_reads_another_keys_runs(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    s = with_gateway(settings)
    _, key_a = create_key(runtime.pool, "a")
    _, key_b = create_key(runtime.pool, "b")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url, timeout=60) as client:
        a = {"Authorization": f"Bearer {key_a}"}
        b = {"Authorization": f"Bearer {key_b}"}
        run_id = (await client.post("/v1/runs", headers=a, json={"question": QUESTION, "scope": "local"})).json()[
            "run_id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events", headers=a) as resp:
            events = await read_sse(resp)
        assert events[-1]["event"] in ("RunCompleted", "LlmCallRecorded")
        res = (await client.get(f"/v1/runs/{run_id}", headers=a)).json()
        source_id = res["sources"][0]["source_id"]
        for method, path in (("GET", f"/v1/runs/{run_id}"), ("GET", f"/v1/runs/{run_id}/events"),
                             ("POST", f"/v1/runs/{run_id}/cancel"),
                             ("GET", f"/v1/runs/{run_id}/sources/{source_id}")):
            other = await client.request(method, path, headers=b)
            assert other.status_code == 404, (path, other.text)
            assert other.json()["error"]["fields"][0]["field"] == "run_id"
        assert (await client.get("/v1/runs", headers=b)).json() == {"runs": [], "total": 0, "limit": 20,
                                                                    "offset": 0}
        await wait_for(lambda: httpx.get(f"{url}/v1/search", params={"q": "drummer"}, headers=a).json()["hits"],
                       what="the owner's search hits")
        assert (await client.get("/v1/search", params={"q": "drummer"}, headers=b)).json()["hits"] == []
        # the same run id cannot be taken over by another key
        stolen = await client.post("/v1/runs", headers=b, json={"run_id": run_id, "question": "Mine now?"})
        assert stolen.status_code == 409 and stolen.json()["error"]["fields"][0]["field"] == "run_id"
        # without a key (not allowed here) or with a wrong one: 401 naming the Authorization field
        for headers in ({}, {"Authorization": "Bearer assay_not-a-real-key"}, {"X-API-Key": "wrong"}):
            denied = await client.get(f"/v1/runs/{run_id}", headers=headers)
            assert denied.status_code == 401 and denied.json()["error"]["fields"][0]["field"] == "Authorization"


async def test_rate_limit_answers_429_with_retry_after_per_key(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings, rate_limit_per_minute=1, rate_limit_burst=3)
    _, key_a = create_key(runtime.pool, "busy")
    _, key_b = create_key(runtime.pool, "calm")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        codes = [(await client.get("/v1/runs", headers={"X-API-Key": key_a})).status_code for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        limited = await client.get("/v1/runs", headers={"X-API-Key": key_a})
        assert limited.status_code == 429 and 1 <= int(limited.headers["Retry-After"]) <= 60
        assert limited.json()["error"]["code"] == "rate_limited"
        assert (await client.get("/v1/runs", headers={"X-API-Key": key_b})).status_code == 200
        assert (await client.get("/healthz")).status_code == 200  # health is never limited


async def test_cancel_stops_a_running_run_and_it_ends_terminal_with_reason_cancelled(
        settings: Any, runtime: Any, endpoints: Any) -> None:
    """Only the planner runs at first, so the run is certainly going on (planned, waiting for its searches) when
    it is cancelled; then the other stages start and record nothing more for it."""
    from contracts import PlanCreated
    from services.cli.stack import SERVICES, Stack
    from shared.bus import durable_name
    from shared.runtime import Runtime

    ingest_sample(runtime)
    s = with_gateway(settings)
    _, key = create_key(runtime.pool, "canceller")
    headers = {"Authorization": f"Bearer {key}"}
    async with Stack(runtime, ["planner"]), running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers=headers, timeout=60) as client:
        run_id = (await client.post("/v1/runs", json={"question": QUESTION, "scope": "local"})).json()["run_id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as resp:
            seen = []
            async for message in _messages(resp):
                seen.append(message)
                if message["event"] == "PlanCreated":
                    cancelled = await client.post(f"/v1/runs/{run_id}/cancel")
                    assert cancelled.status_code == 200 and cancelled.json() == {"run_id": run_id,
                                                                                 "status": "cancelled"}
        last = seen[-1]
        assert last["event"] == "RunCancelled" and last["data"]["data"]["reason"] == "cancelled"
        res = (await client.get(f"/v1/runs/{run_id}")).json()
        assert res["status"] == "cancelled" and res["report"] is None
        again = await client.post(f"/v1/runs/{run_id}/cancel")
        assert again.json()["status"] == "cancelled"  # nothing new recorded
        stored = runtime.runs.timeline(UUID(run_id))
        rt2 = Runtime.open(settings, endpoints=endpoints)
        try:
            others = [name for name in SERVICES if name != "planner"]
            async with Stack(rt2, others, relay=False):
                # the gatherer has taken the run's PlanCreated (and dropped it: the run has ended)
                await wait_consumed(endpoints.nats_url, settings.common.event_stream,
                                    durable_name("gatherer", PlanCreated), 1)
        finally:
            rt2.close()
        assert [e.seq for e in runtime.runs.timeline(UUID(run_id))] == [e.seq for e in stored]


async def test_cancel_before_any_stage_started_the_run(settings: Any, runtime: Any, endpoints: Any) -> None:
    from contracts import RunRequested as Requested
    from services.cli.stack import Stack
    from shared.bus import durable_name

    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        run_id = (await client.post("/v1/runs", json={"question": QUESTION})).json()["run_id"]
        assert (await client.post(f"/v1/runs/{run_id}/cancel")).json()["status"] == "cancelled"
        names = [type(e).__name__ for e in runtime.runs.timeline(UUID(run_id))]
        assert names[0] == "RunStarted" and names[-1] == "RunCancelled" and len(names) == 2
        async with Stack(runtime, ["planner"]):
            await wait_consumed(endpoints.nats_url, settings.common.command_stream,
                                durable_name("planner", Requested), 1)
        assert [type(e).__name__ for e in runtime.runs.timeline(UUID(run_id))] == names  # the planner did nothing
        assert (await client.get(f"/v1/runs/{run_id}")).json()["status"] == "cancelled"


async def _messages(resp: httpx.Response) -> Any:
    """The SSE messages of ``resp`` one by one (see ``read_sse``)."""
    current: dict[str, Any] = {}
    async for line in resp.aiter_lines():
        if line == "":
            if "data" in current:
                yield {**current, "data": json.loads(current["data"])}
            current = {}
        elif not line.startswith(":"):
            name, _, value = line.partition(":")
            current[name] = value[1:] if value.startswith(" ") else value


async def test_bad_input_is_a_4xx_json_error_naming_the_field(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings, max_body_bytes=50_000)
    _, key = create_key(runtime.pool, "careless")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}) as client:
        unknown = uuid4()
        cases: list[tuple[str, str, dict[str, Any], int, str]] = [
            ("POST", "/v1/runs", {"content": b'{"question": "What is pH?",', "headers": {
                "Content-Type": "application/json"}}, 400, "body"),
            ("POST", "/v1/runs", {"content": b"not json at all", "headers": {"Content-Type": "application/json"}},
             400, "body"),
            ("POST", "/v1/runs", {"json": ["a", "list"]}, 422, "body"),
            ("POST", "/v1/runs", {}, 422, "body"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "colour": "blue"}}, 422, "colour"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "max_sources": 51}}, 422, "max_sources"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "max_sources": 0}}, 422, "max_sources"),
            ("POST", "/v1/runs", {"json": {"question": "x" * 20_000}}, 422, "question"),
            ("POST", "/v1/runs", {"json": {"question": "   "}}, 422, "question"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "scope": "moon"}}, 422, "scope"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "budget": {"seconds": -1}}}, 422,
             "budget.seconds"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "urls": ["ftp://x"]}}, 422, "urls"),
            ("POST", "/v1/runs", {"json": {"question": "What is pH?", "run_id": "nope"}}, 422, "run_id"),
            ("POST", "/v1/runs", {"json": {"question": "y" * 60_000}}, 413, "body"),
            ("GET", f"/v1/runs/{unknown}", {}, 404, "run_id"),
            ("GET", "/v1/runs/not-a-uuid", {}, 422, "run_id"),
            ("GET", f"/v1/runs/{unknown}/events", {}, 404, "run_id"),
            ("GET", f"/v1/runs/{unknown}/events", {"headers": {"Last-Event-ID": "abc"}}, 422, "Last-Event-ID"),
            ("POST", f"/v1/runs/{unknown}/cancel", {}, 404, "run_id"),
            ("GET", f"/v1/runs/{unknown}/sources/{uuid4()}", {}, 404, "run_id"),
            ("GET", f"/v1/runs/{unknown}/sources/nope", {}, 422, "source_id"),
            ("GET", "/v1/runs", {"params": {"limit": 0}}, 422, "limit"),
            ("GET", "/v1/runs", {"params": {"offset": -1}}, 422, "offset"),
            ("GET", "/v1/search", {}, 422, "q"),
            ("GET", "/v1/search", {"params": {"q": "  "}}, 422, "q"),
            ("GET", "/v1/search", {"params": {"q": "?!..."}}, 400, "q"),  # no word to search for
            ("GET", "/v1/search", {"params": {"q": "pH", "limit": 500}}, 422, "limit"),
            ("GET", "/v1/runs", {"headers": {"Authorization": "Bearer assay_wrong"}}, 401, "Authorization"),
        ]
        for method, path, kwargs, code, field in cases:
            resp = await client.request(method, path, **kwargs)
            assert resp.status_code == code, (method, path, kwargs.get("json"), resp.status_code, resp.text[:300])
            error = resp.json()["error"]
            assert error["message"] and error["code"]
            assert field in [f["field"] for f in error["fields"]], (path, kwargs.get("json"), error)
        long = (await client.post("/v1/runs", json={"question": "x" * 20_000})).json()["error"]
        assert "2000" in long["message"]  # says what the limit is
        assert (await client.get("/v1/runs")).json()["total"] == 0  # nothing was started by any of them


async def test_keys_are_stored_hashed_and_never_appear_in_events_logs_or_responses(
        settings: Any, runtime: Any, stack: Any, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    ingest_sample(runtime)
    caplog.set_level(logging.DEBUG)
    s = with_gateway(settings)
    principal, key = create_key(runtime.pool, "secretive")
    with runtime.pool.connection() as conn:
        stored = conn.execute("SELECT key_sha256 FROM gateway_api_keys").fetchall()
    assert stored and all(key not in row[0] for row in stored) and len(stored[0][0]) == 64
    bodies: list[str] = []
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as client:
        resp = await client.post("/v1/runs", json={"question": QUESTION, "scope": "local"})
        bodies.append(resp.text)
        run_id = resp.json()["run_id"]
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as stream_resp:
            bodies.append(json.dumps(await read_sse(stream_resp)))
        for path in (f"/v1/runs/{run_id}", "/v1/runs", "/v1/openapi.json"):
            r = await client.get(path)
            bodies.append(r.text + json.dumps(dict(r.headers)))
    events = json.dumps([{"type": type(e).__name__, **e.model_dump(mode="json")}
                         for e in runtime.runs.timeline(UUID(run_id))])
    assert "RunCompleted" in events
    secret_part = key.removeprefix("assay_")
    for where, text in (("events", events), ("responses", "\n".join(bodies)), ("logs", caplog.text)):
        assert secret_part not in text, f"the key appears in the {where}"
    assert str(principal.key_id) not in events  # not even the key's id is in the event log


async def test_stopping_the_gateway_ends_open_streams_and_another_gateway_resumes_them(
        settings: Any, runtime: Any) -> None:
    from services.gateway.main import GatewayServer

    s = with_gateway(settings, allow_anonymous=True)
    run_id = uuid4()
    runtime.runs.start_run(RunRequested(run_id=run_id, question="What ends a stream?", scope="local"))
    first = GatewayServer(s, runtime)
    await first.start()
    client = httpx.AsyncClient(base_url=first.url, timeout=30)
    got: list[dict[str, Any]] = []
    opened = asyncio.Event()

    async def listen() -> None:
        async with client.stream("GET", f"/v1/runs/{run_id}/events") as resp:
            async for message in _messages(resp):
                got.append(message)
                opened.set()

    listener = asyncio.create_task(listen())
    await asyncio.wait_for(opened.wait(), 30)
    await asyncio.wait_for(first.stop(), 10)  # an open stream does not hold the server
    await asyncio.wait_for(listener, 10)
    await client.aclose()
    assert [m["id"] for m in got] == ["1"]
    runtime.runs.record_degraded(run_id, "test", "recorded while no gateway ran")
    runtime.runs.cancel_run(run_id, "cancelled")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url, timeout=30) as again:
        async with again.stream("GET", f"/v1/runs/{run_id}/events", headers={"Last-Event-ID": "1"}) as resp:
            rest = [m async for m in _messages(resp)]
    assert [(m["id"], m["event"]) for m in rest] == [("2", "StageDegraded"), ("3", "RunCancelled")]


async def test_run_ids_belong_to_who_started_them_and_the_local_user_sees_runs_started_outside(
        settings: Any, runtime: Any) -> None:
    outside = uuid4()  # as `assay run` or a NATS client would start it
    runtime.runs.start_run(RunRequested(run_id=outside, question="Who started this run?", scope="local"))
    s = with_gateway(settings, allow_anonymous=True)
    _, key = create_key(runtime.pool, "keyed")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        keyed = {"X-API-Key": key}
        taken = await client.post("/v1/runs", headers=keyed, json={"run_id": str(outside), "question": "Mine?"})
        assert taken.status_code == 409 and taken.json()["error"]["fields"][0]["field"] == "run_id"
        assert (await client.get(f"/v1/runs/{outside}", headers=keyed)).status_code == 404
        own = str(uuid4())
        for _ in range(2):  # the same key may send its own run id again (a safe retry): nothing new
            again = await client.post("/v1/runs", headers=keyed, json={"run_id": own, "question": "Retry me?"})
            assert again.status_code == 202 and again.json()["run_id"] == own
        assert (await client.get("/v1/runs", headers=keyed)).json()["total"] == 1
        local = (await client.get(f"/v1/runs/{outside}")).json()  # no key: the local user
        assert local["status"] == "running" and local["question"] == "Who started this run?"
        assert (await client.get(f"/v1/runs/{own}")).status_code == 404  # the key's run is not the local user's
        from services.indexer.projections import Projector

        Projector(runtime.pool, runtime.documents).apply_many(runtime.runs.timeline(outside))  # (no indexer runs)
        listed = (await client.get("/v1/runs")).json()
        assert [r["run_id"] for r in listed["runs"]] == [str(outside)] and listed["runs"][0]["status"] == "running"


async def test_readyz_answers_503_naming_nats_when_the_bus_is_down(settings: Any, runtime: Any,
                                                                   tmp_path: Any) -> None:
    import os
    import signal

    from shared.launcher import start_nats

    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url, timeout=30) as client:
        assert (await client.get("/readyz")).status_code == 200
        _, pid = start_nats(tmp_path / "nats")  # the test's own nats-server (the fixture's state file)
        os.kill(pid, signal.SIGKILL)

        def down() -> dict[str, Any] | None:
            resp = httpx.get(f"{url}/readyz", timeout=30)
            return resp.json() if resp.status_code == 503 else None

        body = await wait_for(down, what="readyz to say 503")
        assert body["status"] == "unavailable" and body["checks"]["nats"]["ok"] is False
        assert body["checks"]["postgresql"]["ok"] is True
        assert (await client.get("/healthz")).status_code == 200  # the process still answers


async def test_nul_bytes_and_non_finite_numbers_are_a_422_naming_the_field(settings: Any, runtime: Any) -> None:
    """NUL (PostgreSQL text refuses it) in any string field or search query, and Infinity/NaN budgets (JSON in
    PostgreSQL refuses them), are refused with a 422 naming the field; nothing is started."""
    s = with_gateway(settings, allow_anonymous=True)
    ingest_sample(runtime)
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        bodies: list[tuple[dict[str, Any], str]] = [
            ({"site_filter": ["exa\u0000mple.org"]}, "site_filter"),
            ({"corpus": "sam\u0000ple"}, "corpus"),
            ({"language": "e\u0000n"}, "language"),
            ({"urls": ["https://example.org/\u0000"]}, "urls"),
            ({"question": "What is\u0000 pH?"}, "question"),
        ]
        for extra, field in bodies:
            resp = await client.post("/v1/runs", json={"question": "What is pH?", **extra})
            assert resp.status_code == 422, (extra, resp.text)
            error = resp.json()["error"]
            assert [f["field"] for f in error["fields"]] == [field] and "control characters" in error["message"]
        for raw, field in [(b'{"question": "What is pH?", "budget": {"usd": Infinity}}', "budget.usd"),
                           (b'{"question": "What is pH?", "budget": {"seconds": NaN}}', "budget.seconds"),
                           (b'{"question": "What is pH?", "budget": {"usd": -Infinity}}', "budget.usd")]:
            resp = await client.post("/v1/runs", content=raw, headers={"Content-Type": "application/json"})
            assert resp.status_code == 422, (raw, resp.text)
            error = resp.json()["error"]
            assert [f["field"] for f in error["fields"]] == [field] and "finite number" in error["message"], error
        for path in ("/v1/search", "/runs"):
            resp = await client.get(path, params={"q": "pH\u0000"})
            assert resp.status_code == 422, (path, resp.text)
            assert resp.json()["error"]["fields"][0]["field"] == "q"
        assert (await client.get("/v1/runs")).json()["total"] == 0
        # the bus refuses the same: the rule lives in the contract
        from pydantic import ValidationError

        with pytest.raises(ValidationError, match="corpus"):
            RunRequested(run_id=uuid4(), question="What is pH?", corpus="a\u0000")


async def test_a_reused_run_id_with_another_body_is_409_and_the_same_body_is_idempotent(
        settings: Any, runtime: Any) -> None:
    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        rid = str(uuid4())
        first = await client.post("/v1/runs", json={"run_id": rid, "question": "What is pH?", "max_sources": 5})
        assert first.status_code == 202, first.text
        same = await client.post("/v1/runs", json={"run_id": rid, "question": "What is pH?", "max_sources": 5})
        assert same.status_code == 202 and same.json()["run_id"] == rid
        for other in ({"question": "What is pOH?", "max_sources": 5}, {"question": "What is pH?"}):
            resp = await client.post("/v1/runs", json={"run_id": rid, **other})
            assert resp.status_code == 409, resp.text
            assert resp.json()["error"]["fields"][0]["field"] == "run_id"
        got = (await client.get(f"/v1/runs/{rid}")).json()
        assert got["question"] == "What is pH?" and (await client.get("/v1/runs")).json()["total"] == 1


async def test_an_unknown_corpus_is_a_422_listing_the_known_ones(settings: Any, runtime: Any) -> None:
    s = with_gateway(settings, allow_anonymous=True)
    ingest_sample(runtime, corpus="lab-notes")
    async with running_gateway(s, runtime) as url, httpx.AsyncClient(base_url=url) as client:
        resp = await client.post("/v1/runs", json={"question": "What is pH?", "corpus": "no-such-corpus"})
        assert resp.status_code == 422, resp.text
        error = resp.json()["error"]
        assert error["fields"][0]["field"] == "corpus" and "lab-notes" in error["message"]
        ok = await client.post("/v1/runs", json={"question": "What is pH?", "corpus": "lab-notes"})
        assert ok.status_code == 202, ok.text
        assert (await client.get("/v1/runs")).json()["total"] == 1
