"""The verifier's offline guard on a "contradicts" majority (a page may tell the model to call its facts false):
a claim a passage states nearly word for word, with no contradiction the offline check can read, is contested,
not contradicted, and only an arbiter other than the samplers can make it contradicted."""

from __future__ import annotations

import json

from services.verifier.model import verify_claim
from shared.evidence import EvidenceCandidate
from shared.llm.calls import ModelCalls
from shared.store import ResearchRuns
from shared.text.tokens import split_sentences
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import calls_for, gateway, script, spec, start_run

TEXT = ("The Halvorsen Bridge opened to traffic on 14 June 1998 after four years of building. Its main span is "
        "540 metres long and its towers rise 96 metres above the water.")
CANDIDATES = [EvidenceCandidate(source_id="s1", domain="d", start=s.start, end=s.end, text=s.text,
                                retrieval_score=1.0 - i / 10) for i, s in enumerate(split_sentences(TEXT))]
CLAIM = "The Halvorsen Bridge opened to traffic on 14 June 1998 after four years of building."


def check(label: str, *evidence: int) -> Reply:
    return Reply(json.dumps({"label": label, "evidence": list(evidence), "rationale": "scripted"}))


def ruling(verdict: str) -> Reply:
    return Reply(json.dumps({"verdict": verdict, "rationale": "scripted", "evidence": [1]}))


async def test_a_contradicts_majority_against_a_passage_stating_the_claim_is_contested(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    def answer(body: dict[str, object]) -> str:  # one model as fact checker and as arbiter: always "false"
        arbiter = "arbiter" in json.dumps(body.get("messages"))
        return (ruling("contradicted") if arbiter else check("contradicts", 1)).content

    model = script(server, Reply(respond=answer))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", "arbiter", model=model), CLAIM,
                             CANDIDATES, seed_key="k")
    assert out.samples == ["contradicts"] * 3 and out.verdict == "contested"
    assert any("states the claim nearly word for word" in n for n in out.notes)
    assert any("'contradicted' against a passage stating the claim is not accepted" in n for n in out.notes)


async def test_an_independent_arbiter_may_still_rule_it_contradicted(server: ScriptedLlmServer,
                                                                     runs: ResearchRuns) -> None:
    local, cloud = script(server, check("contradicts", 1)), script(server, ruling("contradicted"))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), CLAIM, CANDIDATES, seed_key="k")
    assert out.arbitrated and out.verdict == "contradicted"


async def test_a_contradicts_majority_the_offline_check_agrees_with_stands(server: ScriptedLlmServer,
                                                                         runs: ResearchRuns) -> None:
    model = script(server, check("contradicts", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model),
                             "The Halvorsen Bridge opened to traffic on 14 June 2001 after four years of building.",
                             CANDIDATES, seed_key="k")
    assert out.verdict == "contradicted" and out.notes == []
