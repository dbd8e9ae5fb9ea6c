"""Synthesizer engine: outline then sections; citations built by code from verified claims only (invented ids,
URLs and the model's own [n] dropped); sections continued past the output limit, boundedly; fallbacks."""

from __future__ import annotations

import json
import re

from shared.engines.synthesizer import MAX_CONTINUATIONS, ground_section, write_report
from shared.offline.entailment import EvidenceCandidate
from shared.offline.judge import audit_citations
from shared.offline.synthesis import SourceInfo, VerifiedClaim
from shared.offline.text import split_sentences
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import calls_for, script

TEXTS = {
    "s1": ("Rush was a Canadian rock band formed in Toronto in 1968. Counterparts is the fifteenth studio album by "
           "Rush, released in 1993."),
    "s2": ("Neil Peart joined Rush in 1974 as its drummer and lyricist. Peart was inducted into the Modern Drummer "
           "Hall of Fame in 1983."),
}
SOURCES = {sid: SourceInfo(source_id=sid, title=f"Source {sid}", url_or_path=f"https://example.org/{sid}",
                           domain=f"d{sid}") for sid in TEXTS}
QUESTION = "Which Canadian band released Counterparts, and who was its drummer?"


def claims() -> list[VerifiedClaim]:
    out = []
    for sid, text in TEXTS.items():
        for i, s in enumerate(split_sentences(text)):
            span = EvidenceCandidate(source_id=sid, domain=f"d{sid}", start=s.start, end=s.end, text=s.text,
                                     retrieval_score=1.0)
            out.append(VerifiedClaim(claim_id=f"{sid}-{i}", source_id=sid, text=s.text, verdict="supported",
                                     stability=1.0, spans=[span]))
    out.append(VerifiedClaim(claim_id="bad", source_id="s1", text="Rush split up in 1970.", verdict="contradicted",
                             stability=1.0, spans=[]))
    return out


def audit_ok(markdown: str, report: object) -> None:
    audit = audit_citations(markdown, report.citations, TEXTS)  # type: ignore[attr-defined]
    assert audit.valid == audit.total > 0 and not audit.orphan_markers, audit


def test_grounding_drops_invented_ids_urls_and_the_models_own_numbers() -> None:
    allowed = {f"c{i}": c for i, c in enumerate(claims()[:4], 1)}
    text = ("## A heading the model should not write\n\n"
            "Rush was formed in Toronto [c1]. See [the site](https://rush.com) or www.rush.com for more [2]. "
            "Counterparts came out in 1993 [c2, c3]. The band won ten Grammys [c77]. Peart drummed for Rush."
            " [c4]\n\nRush was a Canadian rock band from Toronto. Aliens built the pyramids.")
    sentences, dropped = ground_section(text, allowed)
    bodies = [b for b, _ in sentences]
    assert sentences[0] == ("Rush was formed in Toronto.", ["c1"])
    assert ("Counterparts came out in 1993.", ["c2", "c3"]) in sentences
    assert ("Peart drummed for Rush.", ["c4"]) in sentences  # a marker alone after its sentence joins it
    assert not any("Grammys" in b or "http" in b or "www." in b or "[2]" in b or "pyramids" in b for b in bodies)
    assert "Rush was a Canadian rock band from Toronto." in bodies  # uncited, but made of the claims' words
    assert dropped == 3  # the invented [c77], and two uncited sentences of new words (the link's, the pyramids)


async def test_a_report_cites_only_verified_claims_and_passes_the_audit(server: ScriptedLlmServer,
                                                                       runs: ResearchRuns) -> None:
    researcher = ScriptedResearcher()
    model = script(server, Reply(respond=researcher))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES, language="en", missing=["1 source not fetched: x"])
    md = out.report.markdown
    assert md.startswith("# Research report\n") and "## Answer" in md and "## Details and context" in md
    assert "## What is missing\n\n- 1 source not fetched: x" in md and "## Sources" in md
    assert "c999" not in md and "example.com/fake" not in md and "[c" not in md
    audit_ok(md, out.report)
    assert "bad" not in out.report.used_claim_ids and len(out.report.used_claim_ids) == 4
    assert {c.n for c in out.report.citations} == {1, 2}
    assert out.sections == 2 and not out.degraded and researcher.seen == {"outline": 1, "section": 2}
    assert out.dropped_sentences == 2  # the invented citation, in each section


async def test_a_section_cut_at_the_limit_is_continued_boundedly(server: ScriptedLlmServer,
                                                               runs: ResearchRuns) -> None:
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Answer", "claims": ["c1", "c2"]}]}))
    cut = Reply("Rush was a Canadian rock band formed in Toronto in 1968 [c1]. Counterparts is", finish_reason="length")
    more = Reply("the fifteenth studio album by Rush, released in 1993 [c2].", finish_reason="length")
    model = script(server, outline, cut, more, more)  # the last answer repeats: the loop must stop
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES)
    assert server.calls(model=model) <= 2 + MAX_CONTINUATIONS
    md = out.report.markdown
    assert "Counterparts is the fifteenth studio album by Rush, released in 1993 [1]." in md
    assert md.count("fifteenth studio album") == 1
    audit_ok(md, out.report)


async def test_a_failed_outline_gives_the_offline_report_degraded(server: ScriptedLlmServer,
                                                                   runs: ResearchRuns) -> None:
    model = script(server, Reply(status=500))
    calls = calls_for(server, runs, "synthesizer", "synthesizer", model=model)
    out = await write_report(calls, QUESTION, claims(), SOURCES)
    assert out.degraded and out.engine == "offline" and "## Answer" in out.report.markdown
    audit_ok(out.report.markdown, out.report)
    assert runs.get_run(calls.run_id)["degraded"][0]["stage"] == "synthesizer"


async def test_a_failed_section_is_written_extractively(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Answer", "claims": ["c1", "c42"]},
                                                              {"heading": "Nothing", "claims": ["c99"]}]}))
    model = script(server, outline, Reply("No brackets here, and nothing from the claims either."))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES)
    md = out.report.markdown
    assert out.sections == 1 and "## Nothing" not in md  # a section of unknown ids only is dropped
    assert out.degraded and out.engine == f"openai/{model}+offline"
    assert re.search(r"\[1\]\.", md) and len(out.report.used_claim_ids) == 1
    audit_ok(md, out.report)


async def test_the_claims_shown_are_trimmed_to_the_context_window(server: ScriptedLlmServer,
                                                                  runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=ScriptedResearcher()))
    many = claims() * 1
    await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION, many,
                       SOURCES, context=1100)
    outline_prompt = next(r["body"]["messages"][-1]["content"] for r in server.requests if r["model"] == model)
    assert 1 <= len(re.findall(r"^\[c\d+\]", outline_prompt, re.M)) < 4


async def test_without_verified_claims_the_offline_report_says_so(server: ScriptedLlmServer,
                                                                   runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=ScriptedResearcher()))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             [c for c in claims() if c.verdict != "supported"], SOURCES)
    assert "No verified evidence" in out.report.markdown and server.calls(model=model) == 0
    assert out.engine == "offline" and not out.degraded
