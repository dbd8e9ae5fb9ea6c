"""Verifier engine: the free first pass, SelfCheckGPT-style resampling (3 samples at temperature 0.3), the
majority verdict and its stability, the offline guard on a "supported" majority, the arbiter for contested
claims, spans from the passages voted for."""

from __future__ import annotations

import json

import pytest

from shared.engines.verifier import first_pass, majority, offline_contradictions, verify_claim
from shared.offline.entailment import EvidenceCandidate
from shared.offline.text import split_sentences
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import calls_for, gateway, script, spec, start_run
from shared.engines.calls import ModelCalls

TEXT = ("Rush was a Canadian rock band formed in Toronto in 1968. Neil Peart joined the band in 1974 as its "
        "drummer. Counterparts is the fifteenth studio album by Rush, released in 1993. The album reached "
        "number two on the Billboard 200.")
CANDIDATES = [EvidenceCandidate(source_id="s1", domain="local:Rush", start=s.start, end=s.end, text=s.text,
                                retrieval_score=1.0 - i / 10) for i, s in enumerate(split_sentences(TEXT))]
CLAIM = "Counterparts is an album by Rush released in 1993."


def check(label: str, *evidence: int) -> Reply:
    return Reply(json.dumps({"label": label, "evidence": list(evidence), "rationale": "scripted"}))


@pytest.mark.parametrize(("labels", "expected"), [
    (["supports", "supports", "supports"], ("supported", 1.0)),
    (["supports", "supports", "neutral"], ("supported", 2 / 3)),
    (["supports", "contradicts", "contradicts"], ("contradicted", 2 / 3)),
    (["supports", "contradicts", "neutral"], ("contested", 1 / 3)),
    (["supports", "contradicts"], ("contested", 0.5)),
    (["neutral", "neutral", "supports"], ("unverified", 2 / 3)),
    (["supports", "neutral"], ("unverified", 0.5)),  # a tie goes to the cautious reading
    ([], ("unverified", 1.0)),
])
def test_majority_verdict_and_stability(labels: list[str], expected: tuple[str, float]) -> None:
    verdict, stability = majority(labels)
    assert (verdict, round(stability, 6)) == (expected[0], round(expected[1], 6))


def test_the_first_pass_keeps_only_candidates_with_lexical_or_trigram_support() -> None:
    kept = first_pass(CLAIM, CANDIDATES)
    assert kept and kept[0][0].text.startswith("Counterparts is the fifteenth")
    assert first_pass("Photosynthesis converts sunlight into glucose in chloroplasts.", CANDIDATES) == []
    assert first_pass("Counterpart albums released", CANDIDATES)  # inflections still match (trigrams)


async def test_a_claim_without_support_is_unverified_without_any_model_call(server: ScriptedLlmServer,
                                                                           runs: ResearchRuns) -> None:
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", "arbiter", model=model),
                             "Photosynthesis converts sunlight into glucose in chloroplasts.", CANDIDATES,
                             seed_key="k")
    assert out.verdict == "unverified" and out.first_pass_dropped and out.spans == []
    assert server.calls(model=model) == 0 and out.engine == "offline" and not out.degraded


async def test_three_samples_at_temperature_0_3_and_spans_from_the_passages_voted_for(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, check("supports", 1, 9), check("supports", 1), check("neutral"))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), CLAIM, CANDIDATES,
                             seed_key="k")
    sent = [r["body"] for r in server.requests if r["model"] == model]
    assert len(sent) == 3 and all(b["temperature"] == 0.3 for b in sent)
    assert out.verdict == "supported" and round(out.stability, 3) == 0.667 and out.samples.count("supports") == 2
    assert len(out.spans) == 1  # passage 9 does not exist: ignored
    span = out.spans[0]
    assert TEXT[span["start"]:span["end"]] == span["quote"] and span["quote"].startswith("Counterparts is")
    assert span["label"] == "supports" and out.corroborating_domains == ["local:Rush"]
    assert round(out.support_score, 3) == 0.667 and out.engine == f"openai/{model}"


async def test_a_contested_claim_goes_to_the_arbiter(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    local = script(server, check("supports", 1), check("contradicts", 2), check("neutral"))
    cloud = script(server, Reply(json.dumps({"verdict": "contradicted", "rationale": "Passage 2 says otherwise.",
                                             "evidence": [2]})))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), CLAIM, CANDIDATES, seed_key="k")
    assert out.arbitrated and out.verdict == "contradicted" and server.calls(model=cloud) == 1
    assert out.engine == f"openai/{local}+openai/{cloud}"
    assert [s["label"] for s in out.spans] == ["contradicts"]


async def test_a_model_that_never_answers_usably_gives_the_offline_verdict_degraded(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply("The claim seems plausible to me."))
    calls = calls_for(server, runs, "verifier", "verifier", model=model)
    out = await verify_claim(calls, CLAIM, CANDIDATES, seed_key="k")
    assert out.degraded and out.engine == "offline" and out.verdict in ("supported", "unverified")
    assert runs.get_run(calls.run_id)["degraded"][0]["stage"] == "verifier"


# ---- the offline guard: a model that always says "supports" does not let a negated or misnumbered claim through
SONG = ('"Nobody\'s Hero" is a song by the Canadian rock band Rush. It was released on the album Counterparts in '
        '1993.')
SONG_CANDIDATES = [EvidenceCandidate(source_id="s2", domain="local:Hero", start=s.start, end=s.end, text=s.text,
                                     retrieval_score=1.0 - i / 10) for i, s in enumerate(split_sentences(SONG))]
NEGATED = '"Nobody\'s Hero" is not a song by the Canadian rock band Rush.'


def arbiter_says(verdict: str, *evidence: int) -> Reply:
    return Reply(json.dumps({"verdict": verdict, "rationale": "Passage 1 decides it.", "evidence": list(evidence)}))


def test_the_offline_check_finds_negation_and_number_mismatches_only() -> None:
    assert offline_contradictions(NEGATED, SONG_CANDIDATES) == [1]
    assert offline_contradictions("Counterparts is an album by Rush released in 1994.", CANDIDATES) == [3]
    assert offline_contradictions(CLAIM, CANDIDATES) == []
    assert offline_contradictions('"Nobody\'s Hero" is a song by Rush.', SONG_CANDIDATES) == []


async def test_a_faithful_claim_the_model_supports_stays_supported(server: ScriptedLlmServer,
                                                                  runs: ResearchRuns) -> None:
    local = script(server, check("supports", 1))
    cloud = script(server, arbiter_says("contradicted", 1))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"),
                             '"Nobody\'s Hero" is a song by the Canadian rock band Rush.', SONG_CANDIDATES,
                             seed_key="k")
    assert out.verdict == "supported" and out.stability == 1.0 and out.notes == [] and not out.arbitrated
    assert server.calls(model=cloud) == 0  # the guard found nothing: no arbiter call is spent
    assert [s["label"] for s in out.spans] == ["supports"] and out.spans[0]["quote"].startswith('"Nobody')


async def test_a_negated_claim_a_model_always_supports_is_contested_without_an_arbiter(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), NEGATED,
                             SONG_CANDIDATES, seed_key="k")
    assert out.samples == ["supports"] * 3
    assert out.verdict == "contested" and not out.arbitrated
    assert out.notes and "offline check reads passage 1 as contradicting" in out.notes[0]
    assert [(s["label"], s["quote"][:8]) for s in out.spans] == [("contradicts", '"Nobody\'')]
    assert out.corroborating_domains == [] and not out.degraded


async def test_a_misnumbered_claim_a_model_always_supports_is_not_supported(server: ScriptedLlmServer,
                                                                            runs: ResearchRuns) -> None:
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model),
                             "Counterparts is an album by Rush released in 1994.", CANDIDATES, seed_key="k")
    assert out.verdict == "contested" and out.notes


async def test_the_arbiter_rules_on_a_claim_the_guard_contested(server: ScriptedLlmServer,
                                                                runs: ResearchRuns) -> None:
    local = script(server, check("supports", 1))
    cloud = script(server, arbiter_says("contradicted", 1))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), NEGATED, SONG_CANDIDATES,
                             seed_key="k")
    assert out.arbitrated and out.verdict == "contradicted" and server.calls(model=cloud) == 1
    assert [s["label"] for s in out.spans] == ["contradicts"]
    prompt = [r["body"] for r in server.requests if r["model"] == cloud][0]["messages"][-1]["content"]
    assert "passage 1 says the opposite of the claim" in prompt


async def test_the_same_model_as_arbiter_cannot_overrule_the_guard(server: ScriptedLlmServer,
                                                                   runs: ResearchRuns) -> None:
    # a local-only setup routes the arbiter to the verifier's model; its "supported" is no independent check
    model = script(server, check("supports", 1), check("supports", 1), check("supports", 1),
                   arbiter_says("supported", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", "arbiter", model=model), NEGATED,
                             SONG_CANDIDATES, seed_key="k")
    assert server.calls(model=model) == 4
    assert out.verdict == "contested" and not out.arbitrated
    assert any("is one of the models that gave the samples" in n for n in out.notes)
