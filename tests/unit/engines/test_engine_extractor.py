"""Extractor engine: claims are located in the source by code (exact, folded or best sentence), invented ones
are dropped, flags kept, the source trimmed to the context window, and the offline claims used on failure."""

from __future__ import annotations

import json

from services.claim_extractor.model import extract_source_claims, locate_quote, trim_source
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.scripted_research import ScriptedResearcher
from tests.unit.engines.conftest import calls_for, script

TEXT = ("Rush was a Canadian rock band formed in Toronto in 1968. Neil Peart joined the band in 1974 as its "
        "drummer and lyricist.\n\nHe was inducted into the Modern Drummer Hall of Fame in 1983. Counterparts is "
        "the fifteenth studio album by Rush, released in 1993.")
QUESTION = "Which Canadian band released Counterparts?"


def test_a_quote_is_found_exactly_folded_or_as_the_best_sentence() -> None:
    exact = locate_quote(TEXT, "Neil Peart joined the band in 1974 as its drummer and lyricist.")
    assert exact is not None and TEXT[exact[0]:exact[1]].startswith("Neil Peart joined")
    folded = locate_quote(TEXT, "neil peart JOINED the band  in 1974 as its “drummer” and lyricist")
    assert folded == exact
    loose = locate_quote(TEXT, "Peart became Rush's drummer and lyricist in 1974")
    assert loose == exact
    assert locate_quote(TEXT, "The Beatles were an English band from Liverpool.") is None


def test_a_long_source_is_trimmed_to_its_most_relevant_sentences_in_order() -> None:
    long = " ".join(f"Filler sentence number {i} talks about gardening and weather." for i in range(200))
    text = long + " Counterparts is an album released by the Canadian band Rush in 1993."
    trimmed = trim_source(text, QUESTION, 600)
    assert len(trimmed) <= 600 and "Counterparts is an album" in trimmed
    assert trim_source(TEXT, QUESTION, 10_000) == TEXT


async def test_claims_are_located_and_invented_ones_dropped(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    claims = [
        {"text": "Rush was a Canadian rock band formed in Toronto in 1968.",
         "quote": "Rush was a Canadian rock band formed in Toronto in 1968.", "numeric": True},
        {"text": "Neil Peart was inducted into the Modern Drummer Hall of Fame in 1983.",
         "quote": "He was inducted into the Modern Drummer Hall of Fame in 1983."},
        {"text": "Rush sold forty million records worldwide.", "quote": "Rush sold forty million records."},
        {"text": "Geddy Lee played bass for Rush.", "quote": "Rush was a Canadian rock band formed in Toronto."},
    ]
    model = script(server, Reply(json.dumps({"claims": claims})))
    out = await extract_source_claims(calls_for(server, runs, "claim-extractor", "extractor", model=model), TEXT,
                                      title="Rush (band)", question=QUESTION, max_claims=8)
    assert [c.text for c in out.claims] == [claims[0]["text"], claims[1]["text"]]
    assert out.proposed == 4 and out.dropped == 2 and not out.degraded and out.engine == f"openai/{model}"
    first, second = out.claims
    assert TEXT[first.start:first.end] == claims[0]["quote"] and first.numeric
    assert TEXT[second.start:second.end] == claims[1]["quote"]
    assert second.numeric and not second.recent  # "1983": flagged by the rules where the model said nothing


async def test_the_scripted_model_extracts_atomic_claims(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply(respond=ScriptedResearcher()))
    out = await extract_source_claims(calls_for(server, runs, "claim-extractor", "extractor", model=model), TEXT,
                                      title="Rush (band)", question=QUESTION, max_claims=3)
    assert len(out.claims) == 3 and all(TEXT[c.start:c.end] for c in out.claims)
    assert out.claims[2].text.startswith("Rush was inducted")  # "He" made self-contained with the title


async def test_no_locatable_claim_gives_the_offline_claims_degraded(server: ScriptedLlmServer,
                                                                     runs: ResearchRuns) -> None:
    invented = {"claims": [{"text": "The moon is made of green cheese.", "quote": "The moon is cheese."}]}
    model = script(server, Reply(json.dumps(invented)))
    calls = calls_for(server, runs, "claim-extractor", "extractor", model=model)
    out = await extract_source_claims(calls, TEXT, title="Rush", question=QUESTION, max_claims=8)
    assert out.degraded and out.engine == f"openai/{model}+offline" and out.claims
    assert all(TEXT[c.start:c.end] for c in out.claims)
    assert "could be found" in runs.get_run(calls.run_id).degraded[0]["reason"]
