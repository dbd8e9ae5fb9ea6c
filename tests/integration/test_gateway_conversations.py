"""Stored chat conversations (services/gateway/conversations.py through services/gateway/chat.py): the ``openai``
package and plain HTTP against a real gateway over real NATS and PostgreSQL; with the embedded stack where a run
must end."""

from __future__ import annotations

import asyncio
import json
from typing import Any
from uuid import UUID, uuid4

import httpx
import openai
import pytest

from services.gateway.conversations import with_context
from services.gateway.keys import create_key
from shared.errors import RunNotFound
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.timeout(600)]
TERMINAL = ("RunCompleted", "RunFailed", "RunCancelled")


def _meta(obj: Any) -> dict[str, Any]:
    meta = (obj.model_extra or {}).get("assay")
    assert isinstance(meta, dict), f"no assay metadata in {obj!r}"
    return meta


def test_follow_up_question_gets_the_earlier_turns_entities() -> None:
    asked, ents = with_context("When was it formed?", [(QUESTION, "Rush is a band from Toronto.\n\n## Sources")])
    assert asked.startswith("When was it formed? (context: ") and "Counterparts" in ents
    assert "Toronto" not in ents and "Rush" not in ents  # the answer's terms never take over the question
    same, none = with_context("Who is Neil Peart?", [("Who is Neil Peart?", None)])
    assert same == "Who is Neil Peart?" and none == []  # nothing new to fold in


def test_follow_up_context_is_the_previous_questions_subject_without_markers_or_months() -> None:
    answer = "Kesh is known for its Lantern Festival, held every October [1]. Edda Thorne 1 founded Port Aldric [2]."
    asked, ents = with_context("How many people live there?", [("What is Kesh known for?", answer)])
    assert asked == "How many people live there? (context: Kesh)" and ents == ["Kesh"]
    # a follow-up of a follow-up still refers to the last question that named something
    _, chained = with_context("How many people live there?",
                              [("What is Kesh known for?", answer), ("What about its economy?", "Port Aldric [1]")])
    assert chained == ["Kesh"]
    _, clean = with_context("When did it open?", [("Was Port Aldric [1] busy in October?", None)])
    assert clean == ["Port Aldric"]


async def test_two_research_turns_at_once_one_is_refused_and_none_is_lost(settings: Any, runtime: Any) -> None:
    # no stack: a requested run stays "requested", so the conversation's research is still going, for sure
    _, key = create_key(runtime.pool, "impatient")
    _, other_key = create_key(runtime.pool, "stranger")
    conv = uuid4()
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=60) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=60,
                                    default_headers={"X-Assay-Conversation": str(conv)})
        body = {"model": "assay", "messages": [{"role": "user", "content": QUESTION}], "force_research": True,
                "research_scope": "local", "stream": True}

        async def attempt(content: str) -> tuple[int, dict[str, Any]]:
            """(status, the first chunk's assay metadata or the error), then the client goes away."""
            async with http.stream("POST", "/v1/chat/completions", headers={"X-Assay-Conversation": str(conv)},
                                   json={**body, "messages": [{"role": "user", "content": content}]}) as resp:
                if resp.status_code != 200:
                    return resp.status_code, json.loads(await resp.aread())["error"]
                async for line in resp.aiter_lines():
                    if line.startswith("data: "):
                        return 200, dict(json.loads(line[6:])["assay"])
            raise AssertionError("no chunk")

        outcomes = await asyncio.gather(attempt(QUESTION), attempt("/research Who was Rush's drummer?"))
        assert sorted(o[0] for o in outcomes) == [200, 409], outcomes  # exactly one of the two started a run
        meta = next(o[1] for o in outcomes if o[0] == 200)
        err = next(o[1] for o in outcomes if o[0] == 409)
        assert err["code"] == "research_in_progress" and err["param"] == "conversation_id", err
        assert meta["conversation_id"] == str(conv) and meta["turn"] == 1 and meta["run_id"]
        assert meta["run_id"] in err["message"]  # the refusal names the run that goes on
        # the conversation holds the one turn, its run still going; the run was requested (not lost)
        got = (await http.get(f"/v1/chat/conversations/{conv}")).json()
        assert [t["run_id"] for t in got["turns"]] == [meta["run_id"]]
        assert got["turns"][0]["status"] == "requested" and got["turns"][0]["answer"] is None
        assert (await http.get(f"/v1/runs/{meta['run_id']}")).json()["status"] == "requested"
        # memory is empty, so a plain question researches too: refused the same way through the openai package
        with pytest.raises(openai.ConflictError):
            await client.chat.completions.create(model="assay", messages=[{"role": "user", "content": "Why?"}])
        # another key neither reads nor writes the conversation
        async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {other_key}"}) as them:
            assert (await them.get(f"/v1/chat/conversations/{conv}")).status_code == 404
            resp = await them.post("/v1/chat/completions", json={**body, "conversation_id": str(conv),
                                                                "stream": False})
            assert resp.status_code == 404 and resp.json()["error"]["param"] == "conversation_id"
        bad = await http.post("/v1/chat/completions", json={**body, "conversation_id": "nope"})
        assert bad.status_code == 400 and bad.json()["error"]["param"] == "conversation_id"
        yes = await http.post("/v1/chat/completions", json={**body, "force_research": "yes"})
        assert yes.status_code == 400 and yes.json()["error"]["param"] == "force_research"


async def test_a_client_that_left_mid_stream_finds_the_answer_and_a_follow_up_has_context(
        settings: Any, runtime: Any, stack: Any) -> None:
    ingest_sample(runtime)
    _, key = create_key(runtime.pool, "forgetful")
    async with running_gateway(with_gateway(settings), runtime) as url, httpx.AsyncClient(
            base_url=url, headers={"Authorization": f"Bearer {key}"}, timeout=300) as http:
        client = openai.AsyncOpenAI(base_url=f"{url}/v1", api_key=key, max_retries=0, timeout=300)
        stream = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": QUESTION}], stream=True,
            extra_body={"force_research": True, "research_scope": "local"})
        meta: dict[str, Any] = {}
        async for chunk in stream:
            meta = _meta(chunk)
            break
        await stream.close()  # the client goes away mid-stream
        conv, run_id = meta["conversation_id"], UUID(meta["run_id"])

        def ended() -> bool:
            try:
                return any(type(e).__name__ in TERMINAL for e in runtime.runs.timeline(run_id))
            except RunNotFound:  # no planner has started it yet
                return False

        await wait_for(ended, 300, "the run's end")  # the run went on without its client
        got = (await http.get(f"/v1/chat/conversations/{conv}")).json()
        turn = got["turns"][0]
        assert turn["run_id"] == str(run_id) and turn["status"] == "completed"
        assert "Rush" in turn["answer"] and "[1]" in turn["answer"]
        # a follow-up in the same conversation is researched with the earlier turn's entities
        follow = await client.chat.completions.create(
            model="assay", messages=[{"role": "user", "content": "Who was its drummer?"}],
            extra_body={"conversation_id": conv, "force_research": True, "research_scope": "local"})
        fmeta = _meta(follow)
        assert fmeta["conversation_id"] == conv and fmeta["turn"] == 2
        assert fmeta["question"].startswith("Who was its drummer? (context: ") and "Counterparts" in fmeta["context"]
        assert "Rush" not in fmeta["context"]  # the subject of the earlier question, not the answer's terms
        started = runtime.runs.timeline(UUID(fmeta["run_id"]))[0]
        assert "Counterparts" in getattr(started, "question", "")
        assert fmeta["status"] in ("completed", "partial")
        again = (await http.get(f"/v1/chat/conversations/{conv}")).json()
        assert [t["seq"] for t in again["turns"]] == [1, 2] and again["turns"][1]["answer"]
