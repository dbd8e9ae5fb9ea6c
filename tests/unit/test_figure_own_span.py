"""A figure the page states is supported by its own cited span, never "contradicted" by the page it was read from
(issue 15, a fresh trial's finding: "Weight 5.8 kg (without stand 4.1 kg)" had its 5.8 kg marked contradicted). The
verifier checks a domain figure by code (``services.verifier.figures.figure_verdict``); a different figure on
another source is a disagreement the spec matrix shows with both sources."""

from __future__ import annotations

import hashlib
from uuid import UUID, uuid4

import pytest

from contracts import VerifyClaim
from services.domain_shopping.offline import SourcePage, analyse, figures
from services.verifier.figures import figure_value, states
from services.verifier.handlers import on_verify
from tests.unit.handlers.fakes import FakeDocuments, memory_runs
from tests.unit.test_domain_figures import SECTION, a_shopping_run, figure, verifier


@pytest.mark.parametrize(("text", "quote", "page"), [
    ("The Veltra P27K weight is 5.8 kg.", "Weight 5.8 kg", "Veltra P27K monitor. Weight 5.8 kg (without stand 4.1 kg)."),
    ("The Veltra P27K price is 349.00 USD.", "$349.00", "Veltra P27K. Now $349.00 List price $399.00 You save $50."),
    ("The Veltra P27K battery life is 30 hours.", "30 hours", "Veltra P27K: 30 hours (ANC on), 40 hours (ANC off)."),
    ("The Veltra P27K price is 1'299 CHF.", "CHF 1'299.–", "Veltra P27K Unser Preis: CHF 1'299.– inkl. MwSt."),
    ("The Veltra P27K codecs is LDAC, AAC.", "Codecs: LDAC, AAC", "Veltra P27K. Codecs: LDAC, AAC, SBC."),
    ("The Veltra P27K price is 19.99 USD (per month, rental).", "$19.99/month", "Rent the Veltra P27K: $19.99/month"),
])
async def test_a_figure_its_own_span_states_is_supported_whatever_else_its_window_holds(text: str, quote: str,
                                                                                      page: str) -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs, text=page)
    f = figure(run_id, source, text, quote, doc=page)
    runs.propose_domain_figures(run_id, domain="shopping", figures=[f], sections=[SECTION], sources=[], notes=[])
    await on_verify(VerifyClaim(run_id=run_id, claim_id=UUID(f["claim_id"])), verifier(runs, docs))
    checked = runs.get_run(run_id).claim(f["claim_id"])
    assert checked is not None and checked.verdict == "supported", checked
    assert checked.spans and quote in checked.spans[0].text


async def test_a_figure_its_span_does_not_state_is_unverified_never_contradicted() -> None:
    page = "Veltra P27K monitor. Weight 5.8 kg (without stand 4.1 kg)."
    runs, docs = memory_runs(), FakeDocuments()
    run_id, source = a_shopping_run(runs, docs, text=page)
    wrong = figure(run_id, source, "The Veltra P27K weight is 4.9 kg.", "Weight 5.8 kg", doc=page)
    runs.propose_domain_figures(run_id, domain="shopping", figures=[wrong], sections=[SECTION], sources=[], notes=[])
    await on_verify(VerifyClaim(run_id=run_id, claim_id=UUID(wrong["claim_id"])), verifier(runs, docs))
    checked = runs.get_run(run_id).claim(wrong["claim_id"])
    assert checked is not None and checked.verdict == "unverified" and not checked.spans


def test_the_value_a_figure_states() -> None:
    assert figure_value("The Sony WH-1000XM5 weight is 250 g.") == "250 g"
    assert figure_value("The X is great price is 19.99 USD (per month, rental).") == "19.99 USD"
    assert states('"weight": {"value": 250, "unitCode": "GRM"', "250 g")  # the unit from markup
    assert not states("Weight 262 g", "250 g") and not states("Codecs: AAC", "LDAC")


def test_every_figure_of_a_page_with_side_figures_is_stated_by_its_own_span() -> None:
    html = ("<html><head><title>Veltra P27K - Monitor Shop</title></head><body><h1>Veltra P27K</h1>"
            "<table><tr><td>Weight</td><td>5.8 kg (without stand 4.1 kg)</td></tr>"
            "<tr><td>Refresh rate</td><td>144 Hz (165 Hz overclocked)</td></tr></table>"
            "<p class='price'>$349.00</p><p>List price <s>$399.00</s></p><button>Add to cart</button></body></html>")
    text = ("Veltra P27K Weight 5.8 kg (without stand 4.1 kg) Refresh rate 144 Hz (165 Hz overclocked) $349.00 "
            "List price $399.00 Add to cart")
    page = SourcePage(source_id=str(uuid4()), url="http://127.0.0.1:9/p", title="Veltra P27K", text=text, html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())
    run_id = uuid4()
    result = analyse("Is the Veltra P27K a good monitor?", [page], run_id)
    proposed = figures(result, [page], run_id)
    assert len(proposed) >= 3, proposed
    for f in proposed:
        assert states(f["quote"], figure_value(f["text"])), f
