"""Synthesizer engine: outline then sections; citations built by code from verified claims only (invented ids,
URLs and the model's own [n] dropped); sections continued past the output limit, boundedly; fallbacks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from services.judge.model import split_sources
from services.judge.offline import audit_citations, report_body_sentences
from services.synthesizer.model import MAX_CONTINUATIONS, ground_section, sanitize_heading, write_report
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.llm import ModelsUnavailable
from shared.llm.calls import ModelCalls
from shared.report import REPORT_WORDS
from shared.store import ResearchRuns
from shared.text.language import NEGATION_CUES, has_negation, negation_cues
from shared.text.tokens import detect_language, split_sentences
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import calls_for, gateway, script, spec, start_run

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
    audit = audit_citations(markdown, report.citations, TEXTS)  # type: ignore[attr-defined]  # a SynthOutcome's report
    assert audit.valid == audit.total > 0 and not audit.orphan_markers, audit


def test_grounding_drops_invented_ids_urls_and_the_models_own_numbers() -> None:
    allowed = {f"c{i}": c for i, c in enumerate(claims()[:4], 1)}
    text = ("## A heading the model should not write\n\n"
            "Rush was formed in Toronto [c1]. See [the site](https://rush.com) or www.rush.com for more [2]. "
            "Counterparts was released in 1993 [c2, c3]. The band won ten Grammys [c77]. Peart drummed for Rush."
            " [c3]\n\nRush was a Canadian rock band from Toronto. Aliens built the pyramids. The band was formed.")
    sentences, dropped = ground_section(text, allowed)
    bodies = [b for b, _ in sentences]
    assert sentences[0] == ("Rush was formed in Toronto.", ["c1"])
    assert ("Counterparts was released in 1993.", ["c2", "c3"]) in sentences
    assert ("Peart drummed for Rush.", ["c3"]) in sentences  # a marker alone after its sentence joins it
    assert not any("Grammys" in b or "http" in b or "www." in b or "[2]" in b or "pyramids" in b for b in bodies)
    assert "The band was formed." in bodies  # uncited, no name or number, only the claims' words
    assert "Rush was a Canadian rock band from Toronto." not in bodies  # uncited with names: dropped
    # the invented [c77], and three uncited sentences: the link's new words, the pyramids, the names
    assert dropped == 4


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
    assert runs.get_run(calls.run_id).degraded[0]["stage"] == "synthesizer"


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


# ---- junk sections fall through to the role's next model ---------------------------------------------------
JUNK = {
    "refusal": "I'm sorry, but I cannot help with writing this section.",
    "no_ids": "Rush was a band. Rush was a band from Canada.",
    "invented_ids": "Rush sold a billion records [c77]. Their drummer was a robot [c88].",
    "echoed_rules": ("Write one to three paragraphs of plain prose: no heading, no list of sources, no links. End "
                     "every sentence with the ids of the claims it rests on in square brackets, like [c1] or "
                     "[c1][c2]. Do not add facts that are not in the claims."),
    "echoed_schema": '{"title": "string", "sections": [{"heading": "string", "claims": ["string"]}]}',
}
GOOD_LEAD = "Moreover"  # a connective: the grounding allows it beside the claims' words


def _user(body: dict[str, Any]) -> str:
    return str([m for m in body["messages"] if m["role"] == "user"][-1]["content"])


def junk_writer(junk: str) -> Callable[[dict[str, Any]], str]:
    """A model that plans well (the scripted researcher's outline) but answers every section with ``junk``."""
    planner = ScriptedResearcher()

    def respond(body: dict[str, Any]) -> str:
        return planner(body) if "Plan the report" in _user(body) else junk
    return respond


def good_writer(body: dict[str, Any]) -> str:
    """A model that writes each section as cited prose of its own wording."""
    found = re.findall(r"^\[(c\d+)\] (.*?)(?: \(source: [^)]*\))?$", _user(body), re.M)
    return " ".join(f"{GOOD_LEAD}, {text.rstrip('.')} [{cid}]." for cid, text in found)


def recorded_models(runs: ResearchRuns, calls: ModelCalls) -> list[str]:
    assert calls.run_id is not None
    return [e.model for e in runs.timeline(calls.run_id)  # type: ignore[attr-defined]  # LlmCallRecorded events
            if type(e).__name__ == "LlmCallRecorded"]


@pytest.mark.parametrize("kind", sorted(JUNK))
async def test_a_junk_section_is_asked_of_the_next_model(kind: str, server: ScriptedLlmServer,
                                                        runs: ResearchRuns) -> None:
    bad = script(server, Reply(respond=junk_writer(JUNK[kind])))
    good = script(server, Reply(respond=good_writer))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, bad), spec(server, good)]}), runs,
                       start_run(runs), "synthesizer")
    out = await write_report(calls, QUESTION, claims(), SOURCES, language="en")
    md = out.report.markdown
    body = md.split("## Sources")[0]
    assert out.sections == 2 and out.fallthroughs == 2 and out.extractive_sections == 0
    for sentence in split_sentences(body.split("## Answer", 1)[1]):
        if not sentence.text.startswith("#"):
            assert sentence.text.startswith(GOOD_LEAD), sentence.text  # the second model's prose, not extractive
    assert md.count(GOOD_LEAD) == 4 and "robot" not in md and "square brackets" not in md
    assert not out.degraded and out.engine == f"openai/{bad}+openai/{good}"
    audit_ok(md, out.report)
    assert server.calls(model=bad) == 1 + 2 and server.calls(model=good) == 2  # outline + 2 sections; 2 re-asks
    recorded = recorded_models(runs, calls)
    assert recorded.count(f"openai/{bad}") == 3 and recorded.count(f"openai/{good}") == 2


async def test_when_every_model_gives_junk_the_sections_are_extractive(server: ScriptedLlmServer,
                                                                       runs: ResearchRuns) -> None:
    first = script(server, Reply(respond=junk_writer(JUNK["refusal"])))
    second = script(server, Reply(JUNK["invented_ids"]))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, first), spec(server, second)]}), runs,
                       start_run(runs), "synthesizer")
    out = await write_report(calls, QUESTION, claims(), SOURCES, language="en")
    md = out.report.markdown
    assert out.sections == out.extractive_sections == 2 and out.fallthroughs == 2
    assert "Rush was a Canadian rock band formed in Toronto in 1968 [1]." in md and "robot" not in md
    assert len(out.report.used_claim_ids) == 4
    audit_ok(md, out.report)
    assert server.calls(model=first) == 3 and server.calls(model=second) == 2  # one ask per model and section
    assert out.degraded and out.engine == f"openai/{first}+openai/{second}+offline"
    assert runs.get_run(calls.run_id).degraded[0]["stage"] == "synthesizer"
    assert set(recorded_models(runs, calls)) == {f"openai/{first}", f"openai/{second}"}


async def test_the_fallthrough_skips_only_the_models_already_tried(server: ScriptedLlmServer,
                                                                  runs: ResearchRuns) -> None:
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Answer", "claims": ["c1", "c2"]}]}))
    first = script(server, outline, Reply(JUNK["refusal"]))
    down = script(server, Reply(status=500))  # the gateway moves past it on its own
    cut = Reply("Rush was a Canadian rock band formed in Toronto in 1968 [c1]. Counterparts is", finish_reason="length")
    last = script(server, cut, Reply("the fifteenth studio album by Rush, released in 1993 [c2]."))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, m) for m in (first, down, last)]}), runs,
                       start_run(runs), "synthesizer")
    out = await write_report(calls, QUESTION, claims(), SOURCES)
    assert "Counterparts is the fifteenth studio album by Rush, released in 1993 [1]." in out.report.markdown
    assert out.fallthroughs == 1 and out.extractive_sections == 0
    # the continuation went to the model that wrote the section, never back to the first one
    assert server.calls(model=first) == 2 and server.calls(model=down) == 1 and server.calls(model=last) == 2
    audit_ok(out.report.markdown, out.report)


async def test_the_gateway_skips_the_models_the_caller_names(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    a, b = script(server, Reply("from a")), script(server, Reply("from b"))
    gw = gateway(runs, {"synthesizer": [spec(server, a), spec(server, b)]})
    run_id = start_run(runs)
    result = await gw.complete("synthesizer", "hello", run_id=run_id, skip_models=[f"openai/{a}"])
    assert result.model == f"openai/{b}" and result.text == "from b" and server.calls(model=a) == 0
    with pytest.raises(ModelsUnavailable) as err:
        await gw.complete("synthesizer", "hello", run_id=run_id, skip_models=[f"openai/{a}", f"openai/{b}"])
    assert err.value.attempts == () and "no model left" in err.value.reason
    assert server.calls(model=a) == 0 and server.calls(model=b) == 1


def test_grounding_drops_an_echoed_prompt_and_repeated_sentences() -> None:
    allowed = {f"c{i}": c for i, c in enumerate(claims()[:4], 1)}
    rules = ("End every sentence with the ids of the claims it rests on in square brackets, like [c1] or [c1][c2]. "
             "Rush was formed in Toronto [c1]. Rush was formed in Toronto [c2][c1]. Rush was formed in Toronto.")
    sentences, dropped = ground_section(rules, allowed, instructions="End every sentence with the ids of the "
                                                                     "claims it rests on in square brackets, like")
    assert sentences == [("Rush was formed in Toronto.", ["c1", "c2"])] and dropped == 3


# ---- the report's fixed headings in its language -----------------------------------------------------------
VI_QUESTION = "Ban nhạc Canada nào đã phát hành album Counterparts, và ai là tay trống của ban nhạc?"


async def test_a_failed_outline_gives_an_offline_report_in_the_questions_language(server: ScriptedLlmServer,
                                                                                  runs: ResearchRuns) -> None:
    model = script(server, Reply(status=500))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), VI_QUESTION,
                             claims(), SOURCES, language="vi", missing=["1 nguồn không tải được"])
    md = out.report.markdown
    assert out.degraded and "## Câu trả lời" in md and "## Những gì còn thiếu" in md and "## Nguồn" in md
    assert not re.search(r"^## (Answer|Findings|What is missing|Sources)$", md, re.M)
    audit_ok(md, out.report)
    assert not any("example.org" in s for s in report_body_sentences(md))


@pytest.mark.parametrize(("given", "sources_word", "missing_word"), [
    ({}, "Nguồn", "Những gì còn thiếu"),  # left out: the offline engine's words for Vietnamese
    ({"sources_heading": "Sources", "missing_heading": "What is missing"}, "Nguồn", "Những gì còn thiếu"),
    # a language with its own words always gets them: a model's heading could carry a claim
    ({"sources_heading": "Tài liệu tham khảo", "missing_heading": "Còn thiếu"}, "Nguồn", "Những gì còn thiếu"),
])
async def test_the_fixed_headings_of_a_model_report_are_in_its_language(
        given: dict[str, str], sources_word: str, missing_word: str, server: ScriptedLlmServer,
        runs: ResearchRuns) -> None:
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Câu trả lời", "claims": ["c1", "c2"]}],
                                **given}, ensure_ascii=False))
    # for this question c1 is the Counterparts claim and c2 the Toronto one (each sentence cites what it rests on)
    model = script(server, outline, Reply("Rush là một ban nhạc rock Canada [c2]. Counterparts ra mắt năm 1993 [c1]."))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), VI_QUESTION,
                             claims(), SOURCES, language="vi", missing=["x"])
    md = out.report.markdown
    assert f"\n## {sources_word}\n" in md and f"\n## {missing_word}\n" in md and "## Sources" not in md
    audit_ok(md, out.report)
    body = report_body_sentences(md)  # the source list is left out whatever the model called it
    assert "Rush là một ban nhạc rock Canada [1]." in body and not any("example.org" in s for s in body)
    assert split_sources(md)[1].startswith(f"## {sources_word}\n")


# ---- a cited sentence must be supported by the claims it cites ---------------------------------------------
INVENTED = ("Rush won 14 Grammy Awards and sold 900 million records [c1]. "
            "The band was founded on the Moon in 1912 [c1][c999].")


def allowed_claims() -> dict[str, VerifiedClaim]:
    return {f"c{i}": c for i, c in enumerate(claims()[:4], 1)}  # c1 Toronto, c2 Counterparts, c3/c4 Peart


def test_grounding_drops_invented_content_under_a_real_citation() -> None:
    sentences, dropped = ground_section(INVENTED, allowed_claims())
    assert sentences == [] and dropped == 2
    # a real number and a real claim, but a name the claims never mention
    sentences, dropped = ground_section("Rush was formed on the Moon [c1]. Peart joined Rush in 1975 [c3].",
                                        allowed_claims())
    assert sentences == [] and dropped == 2


def test_an_invented_id_beside_a_real_one_taints_the_sentence() -> None:
    sentences, dropped = ground_section("Rush was a Canadian rock band formed in Toronto in 1968 [c1][c999]. "
                                        "Counterparts was released in 1993 [c2, c77].", allowed_claims())
    assert sentences == [] and dropped == 2


@pytest.mark.parametrize("junk", [
    "Also see https://evil.example.com/x [c999] and [c0] and [12] and [[c1]](http://x.y).",
    "Also see and and [[c1]](http://x.y) here.",
    "And ( [c1] ).",
])
def test_a_sentence_left_without_content_once_links_and_marks_are_gone_is_dropped(junk: str) -> None:
    sentences, dropped = ground_section(junk, allowed_claims())
    assert sentences == [] and dropped == 1


def test_a_faithful_paraphrase_is_kept() -> None:
    text = ("Rush, a rock band from Canada, was formed in Toronto in 1968 [c1]. The drummer Neil Peart joined Rush "
            "in 1974 [c3]. Peart, the drummer of Rush, was inducted into the Modern Drummer Hall of Fame in 1983 "
            "[c3][c4]. Counterparts, released in 1993, is Rush's fifteenth studio album [c2]. Additionally, Peart "
            "was also known as the lyricist of Rush [c3].")
    sentences, dropped = ground_section(text, allowed_claims())
    assert [ids for _, ids in sentences] == [["c1"], ["c3"], ["c3", "c4"], ["c2"], ["c3"]] and dropped == 0
    assert sentences[0][0] == "Rush, a rock band from Canada, was formed in Toronto in 1968."


def test_a_paraphrase_with_a_word_its_cited_claims_lack_is_dropped() -> None:
    # strict by design: "the band" for Rush when the cited claim does not say "band", "entered" for "inducted",
    # "Rush" from another claim of the section: when in doubt a sentence is dropped
    text = ("The drummer Neil Peart joined the band in 1974 [c3]. Peart, the drummer of Rush, entered the Modern "
            "Drummer Hall of Fame in 1983 [c4]. Counterparts, released in 1993, is the band's fifteenth studio "
            "album [c2].")
    assert ground_section(text, allowed_claims()) == ([], 3)


def test_across_languages_numbers_names_and_an_anchor_are_checked() -> None:
    text = ("Rush là một ban nhạc rock Canada thành lập tại Toronto năm 1968 [c1]. "
            "Neil Peart gia nhập Rush năm 1974 với vai trò tay trống [c3]. "
            "Ban nhạc được thành lập tại Toronto năm 1912 [c1]. "  # a number the claim does not have
            "Ban nhạc Rush được thành lập trên Mặt Trăng [c1]. "  # names the claims do not have
            "Đây là một ban nhạc rất nổi tiếng [c1].")  # nothing the claims could confirm
    sentences, dropped = ground_section(text, allowed_claims(), language="vi")
    assert [ids for _, ids in sentences] == [["c1"], ["c3"]] and dropped == 3
    # the same Vietnamese sentences against claims taken to be in the report's language: word overlap only
    assert ground_section(text, allowed_claims())[0] == []


async def test_an_invented_section_falls_through_or_is_written_extractively(server: ScriptedLlmServer,
                                                                            runs: ResearchRuns) -> None:
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Answer", "claims": ["c1", "c2"]}]}))
    liar = script(server, outline, Reply(INVENTED))
    good = script(server, Reply(respond=good_writer))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, liar), spec(server, good)]}), runs,
                       start_run(runs), "synthesizer")
    out = await write_report(calls, QUESTION, claims(), SOURCES)
    md = out.report.markdown
    # the invented-id sentence is dropped, the unsupported one replaced by its claim: nothing of the liar's own
    # prose is left, so the section falls through to the next model
    assert "Grammy" not in md and "Moon" not in md and out.dropped_sentences == 1
    assert out.fallthroughs == 1 and out.extractive_sections == 0 and md.count(GOOD_LEAD) == 2
    audit_ok(md, out.report)

    alone = script(server, outline, Reply(INVENTED))
    calls = calls_for(server, runs, "synthesizer", "synthesizer", model=alone)
    out = await write_report(calls, QUESTION, claims(), SOURCES)
    md = out.report.markdown
    assert "Grammy" not in md and "Moon" not in md and out.extractive_sections == 1 and out.degraded
    assert "Rush was a Canadian rock band formed in Toronto in 1968 [1]." in md
    audit_ok(md, out.report)


# ---- the report's language is enforced on sections, title and headings -------------------------------------
EN_OUTLINE = json.dumps({"title": "Research report", "sections": [
    {"heading": "Answer", "claims": ["c1", "c2"]}, {"heading": "Background", "claims": ["c3", "c4"]}]})


def english_writer(body: dict[str, Any]) -> str:
    """A model that plans and writes in English whatever the report's language (faithful English prose)."""
    return EN_OUTLINE if "Plan the report" in _user(body) else good_writer(body)


def section_prose(md: str) -> dict[str, str]:
    body = split_sources(md)[0]
    parts = re.split(r"^## (.*)$", body, flags=re.M)
    return {h: re.sub(r"\[\d+\]", "", t).strip() for h, t in zip(parts[1::2], parts[2::2])}


#: faithful Vietnamese for the claims of ``claims()`` (a translation keeps their names and numbers)
VIETNAMESE = {
    "Rush was a Canadian rock band formed in Toronto in 1968.":
        "Rush là một ban nhạc rock Canada được thành lập tại Toronto năm 1968",
    "Counterparts is the fifteenth studio album by Rush, released in 1993.":
        "Counterparts là album phòng thu thứ mười lăm của Rush, phát hành năm 1993",
    "Neil Peart joined Rush in 1974 as its drummer and lyricist.":
        "Neil Peart gia nhập Rush năm 1974 với vai trò tay trống và người viết lời",
    "Peart was inducted into the Modern Drummer Hall of Fame in 1983.":
        "Peart được vinh danh tại Modern Drummer Hall of Fame năm 1983",
}


def vietnamese_writer(body: dict[str, Any]) -> str:
    """A model that writes each section as a faithful Vietnamese translation of its claims, cited."""
    found = re.findall(r"^\[(c\d+)\] (.*?)(?: \(source: [^)]*\))?$", _user(body), re.M)
    return " ".join(f"{VIETNAMESE[text]} [{cid}]." for cid, text in found)


async def test_a_vietnamese_report_gets_no_english_prose_from_a_model_writing_english(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    english = script(server, Reply(respond=english_writer))
    vietnamese = script(server, Reply(respond=vietnamese_writer))
    calls = ModelCalls(gateway(runs, {"synthesizer": [spec(server, english), spec(server, vietnamese)]}), runs,
                       start_run(runs), "synthesizer")
    out = await write_report(calls, VI_QUESTION, claims(), SOURCES, language="vi")
    md = out.report.markdown
    # the Vietnamese prose is the model's rendering of English claims: the report says so under "What is missing"
    assert md.startswith("# Báo cáo nghiên cứu\n") and list(section_prose(md)) == [
        "Câu trả lời", "Phát hiện", "Những gì còn thiếu"]
    assert out.cross_language_sentences > 0
    assert f"{out.cross_language_sentences} sentence(s) are the model's vi rendering" in md
    assert out.localized_headings == 3 and out.off_language == 2 and out.fallthroughs == 2
    assert out.extractive_sections == 0 and not out.degraded
    for heading, prose in list(section_prose(md).items())[:2]:
        assert detect_language(prose) == "vi" and GOOD_LEAD not in prose, (heading, prose)
    assert server.calls(model=vietnamese) == 2  # one section each, in Vietnamese
    audit_ok(md, out.report)


async def test_a_vietnamese_report_whose_models_all_write_english_is_extractive_and_degraded(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    english = script(server, Reply(respond=english_writer))
    calls = calls_for(server, runs, "synthesizer", "synthesizer", model=english)
    out = await write_report(calls, VI_QUESTION, claims(), SOURCES, language="vi")
    md = out.report.markdown
    assert md.startswith("# Báo cáo nghiên cứu\n") and list(section_prose(md)) == ["Câu trả lời", "Phát hiện"]
    assert out.extractive_sections == 2 and out.off_language == 2 and GOOD_LEAD not in md
    assert out.degraded and out.engine == f"openai/{english}+offline"
    reasons = [d["reason"] for d in runs.get_run(calls.run_id).degraded]
    assert any("model wrote in en, report language vi" in r for r in reasons), reasons
    audit_ok(md, out.report)


async def test_an_english_report_keeps_the_models_title_and_headings(server: ScriptedLlmServer,
                                                                    runs: ResearchRuns) -> None:
    outline = json.dumps({"title": "Rush and Counterparts", "sections": [
        {"heading": "Who released Counterparts", "claims": ["c1", "c2"]}, {"heading": "Neil Peart", "claims": ["c3"]}]})
    model = script(server, Reply(respond=lambda body: outline if "Plan the report" in _user(body)
                                 else good_writer(body)))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES, language="en")
    md = out.report.markdown
    assert md.startswith("# Rush and Counterparts\n")
    assert list(section_prose(md)) == ["Who released Counterparts", "Neil Peart"]
    assert out.localized_headings == out.off_language == out.fallthroughs == out.extractive_sections == 0
    assert md.count(GOOD_LEAD) == 3 and not out.degraded
    audit_ok(md, out.report)


# ---- a kept sentence must not say the opposite of its claims (the tester's examples) -----------------------
HERO = ('"Nobody\'s Hero" is a song by Canadian progressive rock band Rush, released as the third single from their '
        '1993 album "Counterparts".')
GIRL = "The girl is rumoured to have been Kristen French, one of Paul Bernardo's victims."


def hero_claims() -> dict[str, VerifiedClaim]:
    """c1: the song, c2: the girl (each its own source)."""
    out = {}
    for i, text in enumerate((HERO, GIRL), 1):
        span = EvidenceCandidate(source_id=f"h{i}", domain=f"h{i}", start=0, end=len(text), text=text,
                                 retrieval_score=1.0)
        out[f"c{i}"] = VerifiedClaim(claim_id=f"h{i}", source_id=f"h{i}", text=text, verdict="supported",
                                     stability=1.0, spans=[span])
    return out


@pytest.mark.parametrize("wrong", [
    '"Nobody\'s Hero" is not a song by Rush [c1].',  # negation
    '"Nobody\'s Hero" is a song by Canadian progressive rock band Rush, released as the first single from their '
    '1993 album "Counterparts" [c1].',  # first, not third
    '"Nobody\'s Hero" was the first single from "Counterparts" by Rush [c1].',  # an ordinal the claim lacks
    '"Counterparts" is a song by Canadian progressive rock band Rush, released as the third single from their '
    '1993 album "Nobody\'s Hero" [c1].',  # swapped titles
    "The girl is rumoured to have been Paul Bernardo, one of Kristen French's victims [c2].",  # swapped names
    "The girl is definitely not Kristen French [c2].",
    "The girl isn't Kristen French [c2].",
    "Canadian progressive rock band Rush never released Nobody's Hero as a single.",  # uncited, negated
    "Rush released Nobody's Hero as the second single from Counterparts.",  # uncited, a new ordinal
])
def test_a_sentence_saying_the_opposite_of_its_claims_is_dropped(wrong: str) -> None:
    assert ground_section(wrong, hero_claims()) == ([], 1)
    assert ground_section(wrong, hero_claims(), language="en") == ([], 1)


def test_faithful_english_sentences_about_the_same_claims_stay() -> None:
    text = ('Rush\'s "Nobody\'s Hero" was the third single from the 1993 album "Counterparts" [c1]. '
            "Kristen French, one of Paul Bernardo's victims, is rumoured to have been the girl [c2]. "
            "The girl is rumoured to have been Kristen French, a victim of Paul Bernardo [c2]. "
            "Nobody's Hero is a song by Rush from Counterparts [c1]. "
            'Rush released "Nobody\'s Hero" as a single from "Counterparts".')
    sentences, dropped = ground_section(text, hero_claims(), language="en")
    # the last one has no id and names: an uncited sentence may name nothing
    assert [ids for _, ids in sentences] == [["c1"], ["c2"], ["c2"], ["c1"]] and dropped == 1


def test_a_negation_the_claims_share_and_a_title_in_quotes_are_no_contradiction() -> None:
    neg = {"c1": hero_claims()["c1"].model_copy(update={"text": "Rush did not release Caress of Steel as a single."})}
    sentences, dropped = ground_section("Rush never released Caress of Steel as a single [c1]. "
                                        "Rush didn't release Caress of Steel as a single [c1].", neg)
    assert [b for b, _ in sentences] == ["Rush didn't release Caress of Steel as a single."] and dropped == 1
    assert ground_section("Rush released Caress of Steel as a single [c1].", neg) == ([], 1)  # negation lost
    # "No. 1" is a number, not a negation
    top = {"c1": neg["c1"].model_copy(update={"text": "The single reached number 1 in Canada in 1993."})}
    assert ground_section("The single reached No. 1 in Canada in 1993 [c1].", top)[1] == 0


# ---- across languages: every name, no new negation, no filler ----------------------------------------------
VI_FAITHFUL = ['"Nobody\'s Hero" là đĩa đơn thứ ba trích từ album "Counterparts" năm 1993 của ban nhạc Rush [c1].',
               "Cô gái được cho là Kristen French, một nạn nhân của Paul Bernardo [c2].",
               'Bài hát "Nobody\'s Hero" của ban nhạc rock Canada Rush ra mắt năm 1993 [c1].']
FILLER = "Theo nguồn, đây là một sự thật được ghi nhận về {} [{}]."


def test_faithful_vietnamese_sentences_from_english_claims_stay() -> None:
    sentences, dropped = ground_section(" ".join(VI_FAITHFUL), hero_claims(), language="vi")
    assert [ids for _, ids in sentences] == [["c1"], ["c2"], ["c1"]] and dropped == 0


@pytest.mark.parametrize("wrong", [
    'Bài hát "Nobody\'s Hero" của ban nhạc Rush đến từ Canada đã giành giải Grammy vào năm 1993 [c1].',  # a Grammy
    'Bài hát "Nobody\'s Hero" không phải của ban nhạc Rush [c1].',  # "is not by Rush"
    'Rush chưa bao giờ phát hành "Nobody\'s Hero" trong album "Counterparts" [c1].',  # "never released"
    FILLER.format("The Kristen", "c2"),  # one word of the claims: nothing to confirm
])
def test_a_vietnamese_sentence_with_a_new_name_a_negation_or_nothing_checkable_is_dropped(wrong: str) -> None:
    sentences, dropped = ground_section(" ".join([*VI_FAITHFUL, wrong]), hero_claims(), language="vi")
    assert [ids for _, ids in sentences] == [["c1"], ["c2"], ["c1"]] and dropped == 1


def test_vietnamese_filler_sharing_one_frame_is_dropped_however_many_names_it_carries() -> None:
    filler = [FILLER.format(name, cid) for name, cid in [("Kristen French", "c2"), ("Paul Bernardo", "c2"),
                                                         ("Nobody's Hero", "c1"), ("Rush Counterparts", "c1")]]
    sentences, dropped = ground_section(" ".join([VI_FAITHFUL[0], *filler]), hero_claims(), language="vi")
    assert sentences == [(VI_FAITHFUL[0].replace(" [c1]", ""), ["c1"])] and dropped == 4
    # a word changed here and there is the same frame
    varied = [f.replace("một sự thật", w) for f, w in zip(filler, ("một sự thật", "một điều", "một sự kiện"))]
    assert ground_section(" ".join([VI_FAITHFUL[0], *varied[:3]]), hero_claims(), language="vi")[1] == 3
    # the same anchors in other words stay (each passed every check); near-identical text is a repeat
    again = "Ban nhạc Rush phát hành đĩa đơn Nobody's Hero năm 1993 trong album Counterparts [c1]."
    assert ground_section(f"{VI_FAITHFUL[0]} {again}", hero_claims(), language="vi")[1] == 0
    repeat = VI_FAITHFUL[0].replace("thứ ba", "thứ  ba").replace("của ban nhạc", "của nhóm nhạc")
    assert ground_section(f"{VI_FAITHFUL[0]} {repeat}", hero_claims(), language="vi")[1] == 1


def test_the_negation_cues_of_the_report_languages() -> None:
    assert negation_cues('"Nobody\'s Hero" isn\'t by Rush', "en") == {"nobody", "not"}
    assert negation_cues("It reached No. 1", "en") == set()
    assert negation_cues("Bài hát không phải của Rush", "vi") == {"không"}
    assert negation_cues("Hãng hàng không trong không gian", "vi") == set()  # "airline", "space"
    assert negation_cues("Il n'est pas canadien", "fr") == {"ne", "pas"}
    assert negation_cues("这首歌不是Rush的", "zh") == {"不"} and negation_cues("非常好", "zh") == set()
    assert negation_cues("Rush는 캐나다 밴드가 아니다", "ko") == {"아니"}
    assert negation_cues("لم تصدر الفرقة الأغنية", "ar") == {"لم"}
    assert negation_cues("Das ist nicht Rush", "de") == {"nicht"} and negation_cues("nicht", "xx") == set()
    assert has_negation("Rush did not tour") and not has_negation("Rush toured Canada in 1974")
    assert set(REPORT_WORDS) <= set(NEGATION_CUES)


async def test_a_vietnamese_section_mostly_filler_is_junk_and_the_stage_degraded(server: ScriptedLlmServer,
                                                                                 runs: ResearchRuns) -> None:
    claims_ = list(hero_claims().values())
    sources = {c.source_id: SourceInfo(source_id=c.source_id, title=f"Source {c.source_id}",
                                       url_or_path=f"https://example.org/{c.source_id}", domain=c.source_id)
               for c in claims_}
    outline = Reply(json.dumps({"title": "Nobody's Hero", "sections": [{"heading": "Câu trả lời",
                                                                        "claims": ["c1", "c2"]}]}))
    junk = " ".join([VI_FAITHFUL[1], *(FILLER.format(n, "c1") for n in ("Rush", "Canada", "Counterparts")),
                     'Bài hát "Nobody\'s Hero" không phải của ban nhạc Rush [c1].'])
    model = script(server, outline, Reply(junk))
    calls = calls_for(server, runs, "synthesizer", "synthesizer", model=model)
    out = await write_report(calls, "Bài hát Nobody's Hero của ai?", claims_, sources, language="vi")
    md = out.report.markdown
    assert out.thin_answers == 1 and out.extractive_sections == 1 and out.degraded
    assert "Theo nguồn" not in md and "không phải" not in md and "Cô gái" not in md
    reasons = [d["reason"] for d in runs.get_run(calls.run_id).degraded]
    assert any("lost more than half its sentences" in r for r in reasons), reasons


# ---- titles and headings are sanitised; a JSON-encoded answer is decoded ------------------------------------
@pytest.mark.parametrize(("given", "clean"), [
    ("Title with [link](http://evil.example.com) and <img src=x onerror=alert(1)> # hash",
     "Title with link and # hash"),
    ("Section 0 [c1](http://evil.example.com) <script>alert(1)</script>", "Section 0"),
    ("Sources [9](http://evil.example.com)", "Sources"),
    ("## Rush [c1][3] see www.evil.example.com/x ##", "Rush see"),
    ("[http://evil.example.com](http://evil.example.com) <b></b>", ""),
    ("Rush (band)\n# injected", "Rush (band) # injected"),
    ("javascript:alert(1)", ""),
])
def test_a_heading_keeps_only_its_words(given: str, clean: str) -> None:
    assert sanitize_heading(given) == clean


def test_a_heading_is_cut_at_a_word_boundary() -> None:
    cut = sanitize_heading("Rush " * 60)
    assert len(cut) <= 120 and cut.endswith("Rush")


async def test_model_titles_and_headings_are_published_without_links_html_or_marks(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    outline = json.dumps({
        "title": "Title with [link](http://evil.example.com) and <img src=x onerror=alert(1)> # hash",
        "sections": [{"heading": "Section 0 [c1](http://evil.example.com) <script>alert(1)</script>",
                      "claims": ["c1", "c2"]},
                     {"heading": "Sources [9](http://evil.example.com)", "claims": ["c3"]},
                     {"heading": "<b>[c4](https://evil.example.com)</b>", "claims": ["c4"]}],
        "sources_heading": "[9](http://evil.example.com)", "missing_heading": "<i>What is missing</i>"})
    model = script(server, Reply(respond=lambda body: outline if "Plan the report" in _user(body)
                                 else good_writer(body)))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES, language="en", missing=["x"])
    md = out.report.markdown
    assert md.startswith("# Research report\n")  # "Title with link and # hash": words no claim has
    assert re.findall(r"^## .*$", md, re.M) == ["## Answer", "## Findings 1", "## Findings 2",
                                                "## What is missing", "## Sources"]
    assert not any(bad in md for bad in ("evil", "<", ">", "alert", "onerror", "[c"))
    assert out.localized_headings == 4
    audit_ok(md, out.report)


def test_a_section_sent_as_a_json_string_is_decoded() -> None:
    text = json.dumps('Rush was formed in Toronto [c1]. "Counterparts" was released in 1993 [c2].')
    assert text.startswith('"') and '\\"' in text
    sentences, dropped = ground_section(text, allowed_claims())
    assert sentences == [("Rush was formed in Toronto.", ["c1"]),
                         ('"Counterparts" was released in 1993.', ["c2"])]
    assert dropped == 0
    assert ground_section('"Rush was formed in Toronto" [c1].', allowed_claims())[0][0][0] == \
        '"Rush was formed in Toronto".'  # a quoted sentence without escapes is left as written


async def test_an_arabic_report_gets_arabic_headings(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    english = script(server, Reply(respond=english_writer))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=english),
                             "ما هي الفرقة الكندية التي أصدرت ألبوم Counterparts؟", claims(), SOURCES, language="ar",
                             missing=["x"])
    md = out.report.markdown
    words = REPORT_WORDS["ar"]
    assert md.startswith(f"# {words.title}\n") and out.localized_headings == 3
    assert re.findall(r"^## .*$", md, re.M) == [f"## {w}" for w in (words.answer, words.findings, words.missing,
                                                                      words.sources)]
    assert split_sources(md)[1].startswith(f"## {words.sources}\n")
    audit_ok(md, out.report)


# ---- strict grounding: every word of a cited sentence is its cited claims' (the tester's examples) ----------
DRUMMERS = [
    "Neil Peart was born on September 12, 1952, in Hamilton, Ontario.",
    "Neil Peart was a Canadian musician, best known as the drummer and primary lyricist for the rock band Rush.",
    "In 1983, Peart became the youngest person ever inducted into the Modern Drummer Hall of Fame.",
    "Mike Portnoy has won 30 awards from Modern Drummer magazine.",
    "Rush released the album Counterparts in 1993.",
    "Appice was inducted into the Classic Drummer Hall of Fame in 2013 and the Modern Drummer Hall of Fame in 2014.",
    "Ginger Baker was inducted into the Rock and Roll Hall of Fame as a member of Cream in 1993.",
]


def drummer_claims() -> dict[str, VerifiedClaim]:
    out = {}
    for i, text in enumerate(DRUMMERS, 1):
        span = EvidenceCandidate(source_id=f"d{i}", domain=f"d{i}", start=0, end=len(text), text=text,
                                 retrieval_score=1.0)
        out[f"c{i}"] = VerifiedClaim(claim_id=f"d{i}", source_id=f"d{i}", text=text, verdict="supported",
                                     stability=1.0, spans=[span])
    return out


@pytest.mark.parametrize("wrong", [
    "Neil Peart was best known as the lead singer and primary lyricist for the rock band Rush [c2].",
    "In 1983, Peart became the greatest person ever inducted into the Modern Drummer Hall of Fame [c3].",
    "Peart was inducted into the Modern Drummer Hall of Fame in nineteen eighty-five [c3].",
    "Mike Portnoy has won forty awards [c4].",
    "Mike Portnoy was the youngest person ever inducted into the Modern Drummer Hall of Fame [c3].",
    "Peart was inducted into the Modern Drummer Hall of Fame in 1993 [c3][c5].",  # 1993 is the album's
    "Neil Peart was born on August 12, 1952 [c1].",
    "Appice was inducted into the Classic Drummer Hall of Fame in 2014, and the Modern Drummer Hall of Fame in "
    "2013 [c6].",  # the years swapped within one claim
    "Rush is an inductee of the Rock and Roll Hall of Fame [c7].",
    "Neil Peart was murdered in Port Dalhousie.",  # uncited
    "Neil Peart was a Canadian musician.",  # uncited: the claims' words, but names
    "The drummer was inducted in 1983.",  # uncited: a number
])
def test_a_sentence_with_a_word_name_or_number_its_cited_claims_lack_is_dropped(wrong: str) -> None:
    assert ground_section(wrong, drummer_claims(), section_ids=["c2", "c3", "c4"]) == ([], 1)


@pytest.mark.parametrize("wrong", [
    'Nobody\'s Hero was allegedly banned as the third single from "Counterparts" [c1].',
    "Nobody's Hero is a song by Rush; he later retired and died [c1].",
])
def test_a_hedge_or_an_added_event_is_dropped(wrong: str) -> None:
    assert ground_section(wrong, hero_claims(), language="en") == ([], 1)


def test_faithful_sentences_about_the_drummers_stay() -> None:
    text = ("Neil Peart was best known as the drummer and primary lyricist for the rock band Rush [c2]. "
            "Mike Portnoy has won thirty awards from Modern Drummer magazine [c4]. "
            "Appice was inducted into the Classic Drummer Hall of Fame in 2013 and the Modern Drummer Hall of "
            "Fame in 2014 [c6]. Peart was born in Hamilton on September 12, 1952 [c1]. In 1983, Peart was the "
            "youngest person ever inducted into the Modern Drummer Hall of Fame, and Rush released Counterparts in "
            "1993 [c3][c5]. The drummer was known as a musician.")
    sentences, dropped = ground_section(text, drummer_claims(), section_ids=["c2"])
    assert [ids for _, ids in sentences] == [["c2"], ["c4"], ["c6"], ["c1"], ["c3", "c5"], []] and dropped == 0
    # strict by design: a number's nearest word must stand by it in the claim ("1952, Neil Peart": dropped)
    assert ground_section("Born on September 12, 1952, Neil Peart was a musician [c1][c2].", drummer_claims())[1] == 1


def test_across_languages_names_come_from_the_cited_claims_and_anchors_from_one() -> None:
    section = ["c2", "c3", "c4"]
    kept = "Neil Peart là tay trống và người viết lời chính của ban nhạc rock Rush [c2]."
    wrong = [
        "Mike Portnoy là tay trống của ban nhạc Rush [c2].",  # a name of another claim of the section
        "Năm 1983 có giải thưởng [c3][c4].",  # one anchor from each claim, two from none
        "Neil Peart là tay trống của ban nhạc Rush, một nhạc sĩ vĩ đại được hàng triệu người hâm mộ trên khắp thế "
        "giới yêu mến, kính trọng và ngưỡng mộ suốt nhiều thập kỷ qua vì tài năng âm nhạc phi thường [c2].",  # long
    ]
    for sentence in wrong:
        assert ground_section(f"{kept} {sentence}", drummer_claims(), section_ids=section,
                              language="vi") == ([(kept.replace(" [c2]", ""), ["c2"])], 1), sentence


def test_a_true_sentence_sharing_names_with_an_earlier_one_is_not_deduplicated_away() -> None:
    false = "Neil Peart là ca sĩ chính của ban nhạc Rush [c2]."  # "lead singer": anchors cannot tell
    true = "Neil Peart là tay trống và người viết lời chính của ban nhạc rock Rush [c2]."
    sentences, dropped = ground_section(f"{false} {true}", drummer_claims(), language="vi")
    assert (true.replace(" [c2]", ""), ["c2"]) in sentences and dropped == 0


async def test_model_headings_saying_what_no_claim_says_are_replaced(server: ScriptedLlmServer,
                                                                    runs: ResearchRuns) -> None:
    outline = json.dumps({"title": "Neil Peart was murdered in Port Dalhousie in 1999", "sections": [
        {"heading": "Peart, the lead singer of Rush, grew up in Toronto", "claims": ["c1", "c2"]},
        {"heading": "Rush won a Grammy Award in 2010", "claims": ["c3", "c4"]}],
        "sources_heading": "Sources (all confirm Rush was banned in Canada)",
        "missing_heading": "What is missing since 1999"})
    model = script(server, Reply(respond=lambda body: outline if "Plan the report" in _user(body)
                                 else good_writer(body)))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), QUESTION,
                             claims(), SOURCES, language="en", missing=["x"])
    md = out.report.markdown
    assert md.startswith("# Research report\n")
    assert re.findall(r"^## .*$", md, re.M) == ["## Answer", "## Findings", "## What is missing", "## Sources"]
    assert "murdered" not in md and "Grammy" not in md and "banned" not in md and out.localized_headings == 3
    audit_ok(md, out.report)


async def test_a_cross_language_report_counts_its_sentences_checked_on_anchors_only(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=lambda body: EN_OUTLINE if "Plan the report" in _user(body)
                                 else vietnamese_writer(body)))
    out = await write_report(calls_for(server, runs, "synthesizer", "synthesizer", model=model), VI_QUESTION,
                             claims(), SOURCES, language="vi")
    assert out.extractive_sections == 0 and out.cross_language_sentences == 4


async def test_an_unsupported_sentence_among_faithful_ones_is_replaced_by_its_claim(server: ScriptedLlmServer,
                                                                                    runs: ResearchRuns) -> None:
    """A close paraphrase that adds a word ("recorded") is not published as written: the claim it cites takes
    its place, the model's faithful sentences stay, markers after the full stop belong to the sentence before,
    and the stage says that prose was replaced."""
    outline = Reply(json.dumps({"title": "Rush", "sections": [{"heading": "Answer", "claims": ["c1", "c2"]}]}))
    mixed = script(server, outline, Reply(
        "Rush was a Canadian rock band formed in Toronto in 1968. [c1] The album Counterparts was recorded and "
        "released by Rush as their fifteenth studio album in 1993 at a famous studio. [c2]"))
    calls = calls_for(server, runs, "synthesizer", "synthesizer", model=mixed)
    out = await write_report(calls, QUESTION, claims(), SOURCES)
    md = out.report.markdown
    assert "Rush was a Canadian rock band formed in Toronto in 1968 [1]." in md  # the model's own, kept
    assert "famous studio" not in md and "Counterparts is the fifteenth studio album by Rush" in md
    assert out.extractive_sections == 0 and out.degraded
    assert any("replaced by the claims' own sentences" in r for r in calls.reasons)
    audit_ok(md, out.report)



def test_a_month_written_as_its_number_in_another_language_matches_the_claims_month() -> None:
    text = ("Neil Ellwood Peart (born September 12, 1952) is a Canadian-American musician and author, best known as "
            "the drummer and primary lyricist for the rock band Rush.")
    span = EvidenceCandidate(source_id="s2", domain="ds2", start=0, end=len(text), text=text, retrieval_score=1.0)
    claim = VerifiedClaim(claim_id="p", source_id="s2", text=text, verdict="supported", stability=1.0, spans=[span])
    good = ("Neil Ellwood Peart (sinh ngày 12 tháng 9 năm 1952) là tay trống và người viết lời chính của ban nhạc "
            "Rush [c1].")
    wrong = "Neil Ellwood Peart (sinh ngày 12 tháng 8 năm 1952) là tay trống của ban nhạc Rush [c1]."
    assert [ids for _, ids in ground_section(good, {"c1": claim}, language="vi")[0]] == [["c1"]]
    assert ground_section(wrong, {"c1": claim}, language="vi") == ([], 1)
