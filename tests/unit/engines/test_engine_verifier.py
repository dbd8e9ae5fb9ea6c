"""Verifier engine: the free first pass, SelfCheckGPT-style resampling (3 samples at temperature 0.3), the
majority verdict and its stability, the offline guard on a "supported" majority, the arbiter for contested
claims, spans from the passages voted for."""

from __future__ import annotations

import json

import pytest

from services.verifier.model import first_pass, majority, offline_contradictions, offline_unsupported, verify_claim
from shared.evidence import EvidenceCandidate
from shared.llm.calls import ModelCalls
from shared.store import ResearchRuns
from shared.text.tokens import split_sentences
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import calls_for, gateway, script, spec, start_run

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
    assert runs.get_run(calls.run_id).degraded[0]["stage"] == "verifier"


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


# ---- the guard on changed names, ordinals and swapped roles: a model that always says "supports" is not enough
RUSH_SONG = ('"Nobody\'s Hero" is a song by Canadian progressive rock band Rush, released as the third single '
             'from their 1993 album "Counterparts".')
GIRL = "The girl is rumoured to have been Kristen French, one of Paul Bernardo's victims."
PEART = "He was the drummer of Rush. In 1974 Rush hired Peart as its drummer."


def passages_of(text: str, sid: str) -> list[EvidenceCandidate]:
    return [EvidenceCandidate(source_id=sid, domain=f"local:{sid}", start=s.start, end=s.end, text=s.text,
                              retrieval_score=1.0 - i / 10) for i, s in enumerate(split_sentences(text))]


@pytest.mark.parametrize(("claim", "evidence", "why"), [
    ('"Nobody\'s Hero" is a song by Canadian progressive rock band Genesis.', RUSH_SONG, "'Genesis'"),
    ('The Beatles recorded the song "Nobody\'s Hero" in 1993.', RUSH_SONG, "'Beatles'"),
    ('"Nobody\'s Hero" is a song by American progressive rock band Rush.', RUSH_SONG, "'American'"),
    ('"Nobody\'s Hero" was released as the first single from the album "Counterparts".', RUSH_SONG, "1: ordinal"),
    ('"Counterparts" is a song by Rush, released as the third single from their 1993 album "Nobody\'s Hero".',
     RUSH_SONG, "1: swapped roles"),
    ("The girl is rumoured to have been Paul Bernardo, one of Kristen French's victims.", GIRL,
     "1: swapped roles"),
])
async def test_a_claim_with_changed_names_ordinals_or_roles_is_not_supported_by_a_yes_model(
        server: ScriptedLlmServer, runs: ResearchRuns, claim: str, evidence: str, why: str) -> None:
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim,
                             passages_of(evidence, "s3"), seed_key="k", titles={"s3": "Nobody's Hero"})
    assert out.samples == ["supports"] * 3 and out.verdict == "contested" and not out.arbitrated
    assert any(why in n for n in out.notes), out.notes
    assert server.calls(model=model) == 3


@pytest.mark.parametrize(("claim", "evidence", "titles"), [
    ('Rush released "Nobody\'s Hero" as the third single from "Counterparts".', RUSH_SONG, {}),
    ('"Nobody\'s Hero" is a song by the Canadian band Rush.', RUSH_SONG, {}),
    ('"Nobody\'s Hero" was the 3rd single from the 1993 album "Counterparts".', RUSH_SONG, {}),
    ("Rush is a progressive rock band from Canada.", RUSH_SONG, {}),
    ("Neil Peart was the drummer of Rush.", PEART, {"s4": "Neil Peart"}),
    ("Neil Peart was the drummer of Rush.", PEART, {}),  # "He" stands for the page's subject
    ("Neil Peart joined Rush as its drummer in 1974.", PEART, {"s4": "Neil Peart"}),  # the title has "Neil"
    ("Counterparts was recorded by Rush in 1993.", "Rush recorded Counterparts in 1993.", {}),
])
async def test_faithful_decontextualised_claims_stay_supported(server: ScriptedLlmServer, runs: ResearchRuns,
                                                               claim: str, evidence: str,
                                                               titles: dict[str, str]) -> None:
    local = script(server, check("supports", 1))
    cloud = script(server, arbiter_says("contradicted", 1))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), claim, passages_of(evidence, "s4"),
                             seed_key="k", titles=titles)
    assert out.verdict == "supported" and out.notes == [] and server.calls(model=cloud) == 0


async def test_the_claims_source_title_allows_its_subject_name(server: ScriptedLlmServer,
                                                               runs: ResearchRuns) -> None:
    claim = "Neil Peart joined Rush as its drummer in 1974."
    model = script(server, check("supports", 2))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim,
                             passages_of(PEART, "s5"), seed_key="k")
    assert out.verdict == "contested" and "'Neil'" in out.notes[0]
    model = script(server, check("supports", 2))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim,
                             passages_of(PEART, "s5"), seed_key="k", source_title="Neil Peart")
    assert out.verdict == "supported" and out.notes == []


def test_the_offline_checks_of_the_guard() -> None:
    song = passages_of(RUSH_SONG, "s3")
    assert offline_unsupported('"Nobody\'s Hero" is a song by Genesis.', song) == ["Genesis"]
    assert offline_unsupported("The Beatles recorded it in 1994.", song) == ["Beatles", "1994"]
    assert offline_unsupported("Nobody's Hero is a song by Rush.", song) == []
    assert offline_unsupported("Neil Peart drummed.", song, titles={"s3": "Neil Peart"}) == []
    assert offline_unsupported("Neil Peart drummed.", song, source_title="Neil Peart") == []
    # passive voice reorders legitimately: no swap
    assert offline_contradictions('"Counterparts" was recorded by Rush in 1993.',
                                  passages_of('Rush recorded "Counterparts" in 1993.', "s6")) == []


async def test_a_name_only_the_claim_has_goes_to_an_independent_arbiter(server: ScriptedLlmServer,
                                                                        runs: ResearchRuns) -> None:
    local = script(server, check("supports", 1))
    cloud = script(server, arbiter_says("unverified"))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"),
                             '"Nobody\'s Hero" is a song by Canadian progressive rock band Genesis.',
                             passages_of(RUSH_SONG, "s3"), seed_key="k")
    assert out.arbitrated and out.verdict == "unverified" and server.calls(model=cloud) == 1
    prompt = [r["body"] for r in server.requests if r["model"] == cloud][0]["messages"][-1]["content"]
    assert "in none of the passages: Genesis" in prompt


async def test_the_same_model_as_arbiter_cannot_overrule_the_names_check(server: ScriptedLlmServer,
                                                                         runs: ResearchRuns) -> None:
    model = script(server, check("supports", 1), check("supports", 1), check("supports", 1),
                   arbiter_says("supported", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", "arbiter", model=model),
                             '"Nobody\'s Hero" is a song by American progressive rock band Rush.',
                             passages_of(RUSH_SONG, "s3"), seed_key="k")
    assert server.calls(model=model) == 4 and out.verdict == "contested" and not out.arbitrated
    assert any("is one of the models that gave the samples" in n for n in out.notes)
    assert [s["label"] for s in out.spans] == ["supports"]  # no passage contradicts it: none is shown as such


async def test_a_passage_stating_the_claim_outweighs_a_contradiction_about_something_else(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    claim = "The 2015 UCF Knights football team represented the University of Central Florida in the 2015 season."
    seasons = passages_of("The 2015 UCF Knights football team represented the University of Central Florida in "
                          "the 2015 season. The 2010 UCF Knights football team represented the University of "
                          "Central Florida in the 2010 season.", "s7")
    assert offline_contradictions(claim, seasons) == [2]  # the 2010 team: a number mismatch, read alone
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim, seasons,
                             seed_key="k")
    assert out.verdict == "supported" and out.notes == []
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim, seasons[1:],
                             seed_key="k")
    assert out.verdict == "contested"  # with only the 2010 passage, the guard stands


# ---- an adversarial extractor: false claims with real quotes, a verifier that always says "supports"
HERO = (RUSH_SONG + " The second verse is about a girl murdered in Peart's hometown, Port Dalhousie. " + GIRL
        + " Ellis, a friend of the band, died of AIDS in 1992.")
LEE = ("Neil Peart was born in Hamilton and grew up in Port Dalhousie. Geddy Lee's mother was born in Poland; the "
       "band mixed the album in London.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Rush recorded Nobody's Hero in Toronto.", RUSH_SONG),
    ("Nobody's Hero was banned by radio stations.", HERO),
    ("Neil Peart was murdered in his hometown of Port Dalhousie.", HERO),
    ("Ellis was a girl murdered in Port Dalhousie.", HERO),
    ("Nobody's Hero was sung by the lead singer of Rush.", HERO),
    ("Nobody's Hero was released in nineteen eighty-five.", HERO),
    ("Neil Peart was born in London.", LEE),
    ("Kristen French was a friend of Neil Peart.", HERO),
    ("Nobody's Hero was not released as a single from Counterparts.", RUSH_SONG),
    ("Nobody's Hero was not released as a single from Counterparts.", RUSH_SONG.replace('"', "")),
])
async def test_an_invented_claim_a_yes_model_supports_is_not_supported(server: ScriptedLlmServer,
                                                                       runs: ResearchRuns, claim: str,
                                                                       evidence: str) -> None:
    model = script(server, check("supports", 1))
    out = await verify_claim(calls_for(server, runs, "verifier", "verifier", model=model), claim,
                             passages_of(evidence, "s8"), seed_key="k", titles={"s8": "Nobody's Hero"},
                             source_title="Nobody's Hero")
    assert out.samples == ["supports"] * 3 and out.verdict == "contested" and out.notes, out.notes


@pytest.mark.parametrize(("claim", "evidence", "cited", "verdict", "why"), [
    # names and numbers the evidence does not have: a hard fact, whatever the arbiter says
    ("Rush recorded Nobody's Hero in Toronto.", RUSH_SONG, (1,), "unverified", "'Toronto'"),
    ("Neil Peart was murdered in his hometown of Port Dalhousie.", RUSH_SONG + " A girl was murdered in Port "
     "Dalhousie.", (1, 2), "unverified", "'Neil'"),
    # a contradiction: the ruling must name a passage the offline check finds no contradiction in
    ('"Nobody\'s Hero" was released as the first single from the album "Counterparts".', RUSH_SONG, (1,),
     "contested", "reads as contradicting"),
    ('"Nobody\'s Hero" was released as the first single from the album "Counterparts".', RUSH_SONG, (),
     "contested", "names no passage"),
    ("Neil Peart was the oldest member of Rush.", "Neil Peart was the youngest member of Rush.", (1,), "contested",
     "reads as contradicting"),
    ("The girl is rumoured to have been Paul Bernardo, one of Kristen French's victims.", GIRL, (1,), "contested",
     "reads as contradicting"),
    # names only in a passage the verdict does not rest on, and thin coverage: the ruling must name a passage
    # that has the names and most of the words
    ("Neil Peart was born in London.", LEE, (1,), "contested", "do not have 'London'"),
    ("Nobody's Hero was released in nineteen eighty-five.", RUSH_SONG, (1,), "contested", "of the claim's words"),
    ("Nobody's Hero was banned by radio stations.", RUSH_SONG, (1,), "contested", "of the claim's words"),
])
async def test_an_arbiter_that_always_says_supported_does_not_overrule_the_guard(
        server: ScriptedLlmServer, runs: ResearchRuns, claim: str, evidence: str, cited: tuple[int, ...],
        verdict: str, why: str) -> None:
    local = script(server, check("supports", 1))
    cloud = script(server, arbiter_says("supported", *cited))
    gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
    out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), claim, passages_of(evidence, "s9"),
                             seed_key="k", titles={"s9": "Nobody's Hero"})
    assert server.calls(model=cloud) == 1 and out.verdict == verdict, out.notes
    assert any(n.startswith("the arbiter") and why in n for n in out.notes), out.notes


async def test_an_arbiter_naming_a_passage_without_the_contradiction_is_followed(server: ScriptedLlmServer,
                                                                                 runs: ResearchRuns) -> None:
    # passage 2 reads as a contradiction (another season), passage 1 paraphrases the claim: the arbiter decides
    claim = "The 2015 UCF Knights played the 2015 season for the University of Central Florida."
    seasons = passages_of("The 2015 UCF Knights football team represented the University of Central Florida in "
                          "the 2015 season. The 2010 UCF Knights football team played the 2010 season for the "
                          "University of Central Florida.", "s7")
    assert offline_contradictions(claim, seasons)
    local = script(server, check("supports", 1))
    numbers = {p.text[:8]: n for n, (p, _) in enumerate(first_pass(claim, seasons), 1)}
    for cited, verdict in ((numbers["The 2015"], "supported"), (numbers["The 2010"], "contested")):
        cloud = script(server, arbiter_says("supported", cited))
        gw = gateway(runs, {"verifier": [spec(server, local)], "arbiter": [spec(server, cloud)]})
        out = await verify_claim(ModelCalls(gw, runs, start_run(runs), "verifier"), claim, seasons, seed_key="k")
        assert out.arbitrated and out.verdict == verdict, out.notes


async def test_the_offline_verdict_a_degraded_model_falls_back_to_knows_the_claims_own_page(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    """A claim its own page states is contested, not contradicted, by another page's other count, in the offline
    verdict the stage degrades to as in the offline engine (issue 9, trial t25)."""
    claim = "The Harlowe Canal has eleven locks."

    def cand(text: str, sid: str) -> EvidenceCandidate:
        return EvidenceCandidate(source_id=sid, domain=sid, start=0, end=len(text), text=text, retrieval_score=1.0)

    candidates = [cand(claim, "b"), cand("The Harlowe Canal has nine locks.", "a"),
                  *(cand(f"Boats can be hired at the lock of {town}.", "e")
                    for town in ("Harlowe", "Senn", "Brisk", "Kell", "Orrin"))]
    model = script(server, Reply("The claim seems plausible to me."), Reply("No idea."))
    calls = calls_for(server, runs, "verifier", "verifier", model=model)
    # seed "k3": the subsets without its own sentence outvote it when its page is not known
    plain = await verify_claim(calls, claim, candidates, seed_key="k3", offline_samples=5)
    assert plain.degraded and plain.verdict == "contradicted"
    own = await verify_claim(calls, claim, candidates, seed_key="k3", offline_samples=5, own_source="b")
    assert own.degraded and own.verdict == "contested"
