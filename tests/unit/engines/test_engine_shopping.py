"""The shopping domain with a (scripted) model: a page whose markup gives nothing (prose only) is read by the
model, every value it returns checked against the page's own text (an invented one is dropped and said) and cited
at its span; pages with structured data are never sent; a failing model leaves the offline analysis, degraded."""

from __future__ import annotations

import hashlib
import json
from uuid import uuid4

from services.domain_shopping.model import analyse_run, needs_model
from services.domain_shopping.offline import SourcePage
from shared.settings import DomainShoppingSettings
from shared.store import ResearchRuns
from tests.llm_server import Reply, ScriptedLlmServer
from tests.shopping_pages import MARKET
from tests.unit.engines.conftest import calls_for, script, start_run

QUESTION = "Which noise cancelling headphones are best under $300?"
PROSE_TEXT = ("Our pick: the Sennheiser Accentum Plus. After a month with the Sennheiser Accentum Plus we can say "
              "its battery lasts 50 hours and it weighs 227 grams. We bought ours at Audio Shop for $229.95 in "
              "November.")
PROSE_HTML = (f"<!doctype html><html><head><title>Our pick - Quiet Corner</title></head><body><article><p>{PROSE_TEXT}"
              "</p></article></body></html>")
ANSWER = json.dumps({"products": [{"name": "Sennheiser Accentum Plus", "brand": "Sennheiser", "specs": [
    {"attribute": "battery life", "value": "50 hours"}, {"attribute": "weight", "value": "227 grams"},
    {"attribute": "noise reduction", "value": "-30 dB"}],  # not in the page: invented
    "offers": [{"price": "$229.95", "merchant": "Audio Shop", "condition": "new"}]},
    {"name": "Bose QuietComfort Ultra", "specs": [], "offers": []}]})  # not named by the page


def pages() -> list[SourcePage]:
    out = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=path, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in MARKET.items()]
    prose = SourcePage(source_id=str(uuid4()), url="http://127.0.0.1:9/quiet/pick", title="Our pick - Quiet Corner",
                       text=PROSE_TEXT, html=PROSE_HTML, html_sha256=hashlib.sha256(PROSE_HTML.encode()).hexdigest())
    return [*out, prose]


async def test_the_model_reads_only_pages_without_structured_data_and_only_what_they_write(
        server: ScriptedLlmServer, runs: ResearchRuns) -> None:
    model = script(server, Reply(ANSWER))
    run_id = start_run(runs, QUESTION)
    calls = calls_for(server, runs, "domain-shopping", "extractor", model=model, run_id=run_id)
    read = pages()
    assert [needs_model(p) for p in read] == [False] * len(MARKET) + [True]
    analysis = await analyse_run(DomainShoppingSettings(_env_file=None), QUESTION, read, run_id, calls)
    assert server.calls(model=model) == 1  # the structured pages were not sent
    products = {p["name"]: p for p in analysis.products}
    assert "Sennheiser Accentum Plus" in products and "Bose QuietComfort Ultra" not in products
    pid = products["Sennheiser Accentum Plus"]["product_id"]
    cells = {c["attribute"]: c for c in analysis.cells if c["product_id"] == pid}
    assert set(cells) <= {"battery life", "weight"} and cells  # the invented figure is not in the matrix
    for cell in cells.values():
        assert cell["cited"]["origin"] == "model" and cell["cited"]["source_id"] == read[-1].source_id
        assert PROSE_TEXT[cell["cited"]["start"]:cell["cited"]["end"]] == cell["cited"]["quote"]
    offer = next(o for o in analysis.offers if o["product_id"] == pid)
    assert (offer["price"], offer["currency"], offer["merchant"], offer["within_budget"]) == (
        229.95, "USD", "Audio Shop", True)
    assert "$229.95" in offer["cited"]["quote"]
    assert any("left out" in n and "noise reduction '-30 dB'" in n and "Bose QuietComfort Ultra" in n
               for n in analysis.notes)
    assert analysis.engine == f"openai/{model}+offline" and not analysis.degraded


async def test_a_failing_model_leaves_the_offline_analysis_degraded(server: ScriptedLlmServer,
                                                                    runs: ResearchRuns) -> None:
    model = script(server, Reply(status=500))
    run_id = start_run(runs, QUESTION)
    calls = calls_for(server, runs, "domain-shopping", "extractor", model=model, run_id=run_id)
    analysis = await analyse_run(DomainShoppingSettings(_env_file=None), QUESTION, pages(), run_id, calls)
    assert analysis.degraded and analysis.engine == "offline"
    assert "Sennheiser Accentum Plus" not in {p["name"] for p in analysis.products}
    assert {p["name"] for p in analysis.products} >= {"Sony WH-1000XM5", "Bose QuietComfort 45"}
    offline = await analyse_run(DomainShoppingSettings(_env_file=None), QUESTION, pages(), run_id, None)
    assert offline.engine == "offline" and not offline.degraded
    assert [p["name"] for p in offline.products] == [p["name"] for p in analysis.products]
