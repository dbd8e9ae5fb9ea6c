"""The OpenAI-compatible chat (services/gateway/chat.py) driven by the ``openai`` package against a real gateway on
127.0.0.1 over real NATS and PostgreSQL, with every stage running (the embedded stack) over the local sample
corpus."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import httpx
import openai
import pytest

from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(600)]
TERMINAL = ("RunCompleted", "RunFailed", "RunCancelled")


def _meta(obj: Any) -> dict[str, Any]:
    extra = obj.model_extra or {}
    meta = extra.get("assay")
    assert isinstance(meta, dict), f"no assay metadata in {obj!r}"
    return meta


async def test_streamed_research_starts_before_the_run_ends_then_memory_answers(
        settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    s = with_gateway(settings)
    _, key = create_key(runtime.pool, "chatter")
    async with running_gateway(s, runtime) as url:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=300)
        models = [m.id async for m in client.models.list()]
        assert models == ["assay", "assay-deep"]

        stream = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": QUESTION}], stream=True,
            stream_options={"include_usage": True}, extra_body={"force_research": True, "research_scope": "local"})
        first_at: datetime | None = None
        parts: list[str] = []
        metas: list[dict[str, Any]] = []
        finish = None
        usages: list[Any] = []
        async for chunk in stream:
            if first_at is None:
                first_at = datetime.now(UTC)
            metas.append(_meta(chunk))
            usages.append(chunk.usage)
            if not chunk.choices:  # the usage chunk, last
                continue
            delta = chunk.choices[0].delta
            parts.append(delta.content or "")
            finish = chunk.choices[0].finish_reason or finish
        assert first_at is not None and finish == "stop"
        assert metas[0]["research"] is True and metas[0]["reason"] == "force_research is true"
        run_id = UUID(metas[0]["run_id"])
        events = runtime.runs.timeline(run_id)
        terminal = next(e for e in events if type(e).__name__ in TERMINAL)
        assert type(terminal).__name__ == "RunCompleted"
        assert first_at < terminal.occurred_at, "the first chunk came after the run had ended"
        text = "".join(parts)
        assert text.startswith("Researching: ")
        assert "planning the research" in text and "1 source fetched" in text and "writing the report" in text
        assert "1 sources" not in text and "1 claims" not in text  # counts in the right number
        assert text.index("1 source fetched") < text.index("writing the report") < text.index("[1]")
        assert "Rush" in text and "Sources" in text
        assert metas[-1]["status"] == "completed"
        # stream_options.include_usage: one last chunk with no choices and the run's model tokens
        assert usages[:-1] == [None] * (len(usages) - 1) and usages[-1] is not None
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {key}"}) as http:
            used = (await http.get(f"{url}/v1/runs/{run_id}")).json()["llm_usage"].get("total", {})
        assert usages[-1].prompt_tokens == used.get("tokens_in", 0)
        assert usages[-1].completion_tokens == used.get("tokens_out", 0)
        assert usages[-1].total_tokens == usages[-1].prompt_tokens + usages[-1].completion_tokens
        request = runtime.runs.timeline(run_id)[0]
        assert getattr(request, "question", "").startswith("Which Canadian rock band")

        def projected() -> bool:  # the indexer projects the report into memory after the run's end
            with runtime.pool.connection() as conn:
                return conn.execute("SELECT 1 FROM rm_reports WHERE run_id = %s", (run_id,)).fetchone() is not None

        await wait_for(projected, 60, "the report in memory")
        # the same question again, not forced: memory answers, with citations, and says why
        # asked for the web, a local-corpus run is no answer: the turn researches and says why
        web = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": QUESTION}], stream=True,
            extra_body={"research_scope": "web"})
        async for chunk in web:  # the first chunk says what the turn does; the run goes on without the client
            web_meta = _meta(chunk)
            break
        await web.close()
        assert web_meta["research"] is True and f"run {run_id}" in web_meta["reason"], web_meta
        assert "scope local" in web_meta["reason"] and "research_scope web" in web_meta["reason"], web_meta
        again = await client.chat.completions.create(
            model="assay", messages=[{"role": "system", "content": "Be brief."},
                                     {"role": "user", "content": QUESTION}], extra_body={"research_scope": "local"})
        meta = _meta(again)
        assert meta["research"] is False and meta["run_id"] is None, meta
        assert "memory holds" in meta["reason"] and meta["memory_hits"] > 0
        answer = again.choices[0].message.content or ""
        assert str(run_id) in answer and "[1]" in answer and "Rush" in answer
        # the question reworded: memory still finds the past report, and the reply names the question it answers
        for reworded in ('Which Canadian rock band, whose drummer was inducted into the Modern Drummer Hall of '
                         'Fame, released the song "Counterparts"?',
                         'What Canadian band put out "Counterparts" and had a drummer in the Modern Drummer Hall '
                         'of Fame?'):
            para = await client.chat.completions.create(model="assay", extra_body={"research_scope": "local"},
                                                        messages=[{"role": "user", "content": reworded}])
            para_meta = _meta(para)
            assert para_meta["research"] is False and "memory holds" in para_meta["reason"], (reworded, para_meta)
            said = para.choices[0].message.content or ""
            assert str(run_id) in said and "asked as" in said and "[1]" in said
        # a question memory does not hold researches, and says why
        other = await client.chat.completions.create(
            model="assay", stream=False, extra_body={"research_scope": "local"},
            messages=[{"role": "user", "content": "Who played bass guitar and sang lead vocals for Rush?"}])
        other_meta = _meta(other)
        assert other_meta["research"] is True and "memory holds no answer" in other_meta["reason"]
        assert "names not shared" in other_meta["reason"] or "cosine" in other_meta["reason"], other_meta
        assert other_meta["status"] in ("completed", "partial", "failed")


async def test_a_low_confidence_past_run_is_not_a_memory_answer(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)  # a corpus about bands and films: nothing on the tower
    _, key = create_key(runtime.pool, "skeptic")
    question = "How tall is the Tokyo Skytree broadcasting tower in metres?"
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=300)
        first = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": question}],
            extra_body={"force_research": True, "research_scope": "local"})
        past = UUID(_meta(first)["run_id"])
        async with http.stream("GET", f"/v1/runs/{past}/events") as resp:  # to its end (the reply may be the handle)
            async for _ in resp.aiter_lines():
                pass
        res = (await http.get(f"/v1/runs/{past}")).json()
        assert res["status"] in ("completed", "partial") and res["report"], res["status"]
        assert res["confidence"]["tier"] == "low", res["confidence"]

        def projected() -> bool:
            with runtime.pool.connection() as conn:
                return conn.execute("SELECT 1 FROM rm_reports WHERE run_id = %s", (past,)).fetchone() is not None

        await wait_for(projected, 60, "the report in memory")
        again = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": question}], extra_body={"research_scope": "local"})
        meta = _meta(again)
        assert meta["research"] is True and meta["run_id"] not in (None, str(past)), meta
        assert f"run {past}" in meta["reason"] and "low confidence" in meta["reason"], meta["reason"]
        assert "From research memory" not in (again.choices[0].message.content or "")
        stored = (await http.get(meta["conversation"])).json()["turns"]
        assert stored[-1]["research"] is True and "low confidence" in stored[-1]["reason"]


async def test_slash_command_and_run_handle_after_timeout(settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "slasher")
    async with running_gateway(with_gateway(settings), runtime) as url:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=300)
        reply = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": "hello"}, {"role": "assistant", "content": "hi"},
                                     {"role": "user", "content": f"/research {QUESTION}"}],
            extra_body={"research_scope": "local"})
        meta = _meta(reply)
        assert meta["research"] is True and meta["reason"] == "slash command /research"
        assert meta["status"] == "completed"
        content = reply.choices[0].message.content or ""
        assert "Rush" in content and "[1]" in content and f"/v1/runs/{meta['run_id']}" in content
        started = runtime.runs.timeline(UUID(meta["run_id"]))[0]
        assert getattr(started, "question", "").startswith("Which Canadian")  # the command word is not asked

    # a run that outlasts the timeout: the reply is the handle, and the run goes on to the end
    quick = with_gateway(settings, chat_research_timeout_s=0.001)
    async with running_gateway(quick, runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=300)
        reply = await client.chat.completions.create(
            model="assay-deep", messages=[{"role": "user", "content": QUESTION}],
            extra_body={"research_scope": "local"})
        meta = _meta(reply)
        assert meta["status"] == "running" and meta["reason"] == "model assay-deep always runs a deep research"
        assert meta["run_id"] in (reply.choices[0].message.content or "")
        async with http.stream("GET", meta["events"]) as resp:  # follow the handle to the run's end
            assert resp.status_code == 200
            async for _ in resp.aiter_lines():
                pass
        final = (await http.get(meta["result"])).json()
        assert final["status"] == "completed" and final["request"]["depth"] == "deep"


async def test_bad_chat_requests_get_openai_shaped_errors(settings: Any, runtime: Any) -> None:
    _, key = create_key(runtime.pool, "careless")
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0)
        user = [{"role": "user", "content": "What is Rush?"}]
        cases: list[tuple[dict[str, Any], int, str]] = [
            ({"model": "assay", "messages": []}, 400, "messages"),
            ({"model": "assay", "messages": [{"role": "system", "content": "x"}]}, 400, "messages"),
            ({"model": "gpt-4o", "messages": user}, 404, "model"),
            ({"model": "assay", "messages": user, "research_scope": "mars"}, 400, "research_scope"),
            ({"model": "assay", "messages": [{"role": "user", "content": "/research   "}]}, 400, "messages"),
            ({"model": "assay", "messages": user, "force_research": "perhaps"}, 400, "force_research"),
            ({"model": "assay", "messages": [{"role": "user", "content": "tardigrade " * 50_000}]}, 400,
             "messages"),
            ({"model": "assay", "messages": [{"role": "user", "content": "What is Kesh\u0007 known for?"}],
              "force_research": True}, 400, "messages[0].content"),
            ({"model": "assay", "messages": [{"role": "user", "content": "Where is Kesh?\x00"},
                                            {"role": "assistant", "content": "In the north."},
                                            {"role": "user", "content": "How many live there?"}]}, 400,
             "messages[0].content"),
        ]
        for body, status, param in cases:
            resp = await http.post("/v1/chat/completions", json=body)
            assert resp.status_code == status, (body, resp.text)
            err = resp.json()["error"]
            assert err["param"] == param and param in err["message"], err
            assert err["type"] == "invalid_request_error"
            assert "control characters" in err["message"] or param != "messages[0].content", err
        assert (await http.post("/v1/chat/completions", content=b"{nope")).json()["error"]["param"] == "body"
        with pytest.raises(openai.NotFoundError):
            await client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
        with pytest.raises(openai.BadRequestError, match="research_scope"):
            await client.chat.completions.create(model="assay", messages=[{"role": "user", "content": "hi"}],
                                                 extra_body={"research_scope": "mars"})
        # nothing was started by a refused turn
        assert (await http.get("/v1/runs")).json()["total"] == 0
        # without a key: 401
        anon = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key="assay_wrong", max_retries=0)
        with pytest.raises(openai.AuthenticationError):
            await anon.chat.completions.create(model="assay", messages=[{"role": "user", "content": "hi"}])
