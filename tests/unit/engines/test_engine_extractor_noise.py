"""The model extractor's claims are filtered like the offline ones: a claim quoting a reference entry, a cookie
notice, a disclaimer, a paywall notice or a subscribe box, or only repeating the page title, is dropped."""

from __future__ import annotations

import json

from services.claim_extractor.model import extract_source_claims
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.unit.engines.conftest import calls_for, script

TEXT = ("Journal of Cell Studies 12(4)\n\n"
        "Chaperone proteins help newly made proteins fold inside the endoplasmic reticulum.\n\n"
        "We use cookies to personalise content and ads and to analyse our traffic.\n\n"
        "This article is for informational purposes only and does not constitute medical advice.\n\n"
        "Subscribe now to continue reading this story and get unlimited digital access.\n\n"
        "Sign up for our newsletter to get the best stories of the week in one email.\n\n"
        "References\n\n"
        "Smith J, Jones K. Chaperones and folding. Journal of Cell Studies. 2010;12(4):233-240.")


async def test_the_model_claims_on_page_furniture_are_dropped(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    good = "Chaperone proteins help newly made proteins fold inside the endoplasmic reticulum."
    furniture = [
        "We use cookies to personalise content and ads and to analyse our traffic.",
        "This article is for informational purposes only and does not constitute medical advice.",
        "Subscribe now to continue reading this story and get unlimited digital access.",
        "Sign up for our newsletter to get the best stories of the week in one email.",
        "Smith J, Jones K. Chaperones and folding. Journal of Cell Studies. 2010;12(4):233-240.",
    ]
    claims = [{"text": good, "quote": good}]
    claims += [{"text": f, "quote": f} for f in furniture]
    claims += [{"text": "Smith and Jones wrote about chaperones and folding in 2010.",
                "quote": "Smith J, Jones K. Chaperones and folding."},
               {"text": "Journal of Cell Studies 12(4)", "quote": "Journal of Cell Studies 12(4)"},
               {"text": "The journal is the Journal of Cell Studies 12(4).", "quote": "Journal of Cell Studies 12(4)"}]
    model = script(server, Reply(json.dumps({"claims": claims})))
    out = await extract_source_claims(calls_for(server, runs, "claim-extractor", "extractor", model=model), TEXT,
                                      title="Journal of Cell Studies 12(4)", question="How do proteins fold?",
                                      max_claims=12)
    assert [c.text for c in out.claims] == [good]
    assert out.proposed == len(claims) and out.dropped == len(claims) - 1 and not out.degraded


async def test_the_model_chinese_claims_are_kept(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    text = "长城是中国古代的军事防御工程。明长城的总长度约为八千八百五十公里。"
    claims = [{"text": "明长城的总长度约为八千八百五十公里。", "quote": "明长城的总长度约为八千八百五十公里。"},
              {"text": "长城是什么？", "quote": "长城是中国古代的军事防御工程。"}]
    model = script(server, Reply(json.dumps({"claims": claims})))
    out = await extract_source_claims(calls_for(server, runs, "claim-extractor", "extractor", model=model), text,
                                      title="长城", question="明长城有多长？", max_claims=5)
    assert [c.text for c in out.claims] == [claims[0]["text"]] and not out.degraded
    assert text[out.claims[0].start:out.claims[0].end] == claims[0]["quote"]


async def test_a_legal_page_is_not_sent_to_the_model(server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    # an imprint's sentences ("This website is operated by ...") are furniture of the site, never claims
    text = "This website is operated by the Brenholm Rowing Club, Quay Road 2, Brenholm. Prices include VAT."
    claim = "The Brenholm Rowing Club operates the website."
    model = script(server, Reply(json.dumps({"claims": [{"text": claim, "quote": text.split(". ")[0]}]})))
    out = await extract_source_claims(calls_for(server, runs, "claim-extractor", "extractor", model=model), text,
                                      title="Impressum | Brenholm Rowing Club", question="Who runs the club?",
                                      max_claims=5)
    assert out.claims == [] and not out.degraded
    assert server.calls(model=model) == 0
