"""A shopping run reads the shops search engines rank low, and says which offers it left unread (issue 15, trial t52s
fault 3): "What is the best cordless drill under $150?" read 10 of 15 results, never the shop whose snippet said
"Voltrex V12 Pro, $147.50, in stock.", and stated "Over the budget: Voltrex V12 Pro" at 1.00 high. Now a second page
of a site already read gives its place to a shop not yet read (``shared.domain.offers_within``), and the offers left
unread are named in "What is missing" with the verdict at most "medium". Invented products and shops."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

from services.domain_shopping.handlers import unread_offers, with_unread_offers
from shared.domain import RunView, offers_within
from tests.shop_pages import run, spec_shop

FUSED = [("https://test.example/drills", 0.9, "Drills tested"),
         ("https://maker.example/k8", 0.8, "Tarvo K8"),
         ("https://depot.example/k8", 0.7, "Tarvo K8 - Depot"),
         ("https://review.example/k8", 0.6, "Tarvo K8 review"),
         ("https://depot.example/k8-pro", 0.5, "Tarvo K8 Pro - Depot"),
         ("https://hub.example/k8-pro", 0.4, "Tarvo K8 Pro - Hub"),
         ("https://forum.example/k8", 0.3, "Tarvo K8 thread")]
SNIPPETS = {"https://test.example/drills": "We tested five drills.", "https://maker.example/k8": "Tarvo K8. $89.00.",
            "https://depot.example/k8": "Tarvo K8 $79.00. In stock.", "https://review.example/k8": "A fine drill.",
            "https://depot.example/k8-pro": "Tarvo K8 Pro $139.00.",
            "https://hub.example/k8-pro": "Tarvo K8 Pro, $147.50, in stock.", "https://forum.example/k8": "Help!"}
HITS = {"q1": [{"url": u, "title": t, "snippet": SNIPPETS[u], "provider": "searxng", "rank": i, "score": 1.0}
               for i, (u, _, t) in enumerate(FUSED, 1)]}


def test_a_second_offer_of_one_shop_gives_its_place_to_a_shop_not_read() -> None:
    chosen = [u for u, _, _ in offers_within(FUSED, HITS, 5)[:5]]
    assert "https://hub.example/k8-pro" in chosen and "https://depot.example/k8-pro" not in chosen, chosen
    assert "https://review.example/k8" in chosen and "https://test.example/drills" in chosen  # no offer: kept
    assert offers_within(FUSED, HITS, 7) == FUSED  # every result fits the budget: unchanged


def _run(read: list[str]) -> RunView:
    sources = {str(i): SimpleNamespace(url=u, address=u, text_sha256="x") for i, u in enumerate(read)}
    return cast(RunView, SimpleNamespace(sources=sources, hits=HITS))


def test_the_offers_left_unread_are_said_and_the_verdict_is_not_high() -> None:
    unread = unread_offers(_run([u for u, _, _ in FUSED[:5]]))
    assert [u for u, _ in unread] == ["https://hub.example/k8-pro"], unread
    site = {"/maker/k8": spec_shop("Tarvo K8", "89.00", {"Max torque": "30 Nm"}),
            "/maker/k8-pro": spec_shop("Tarvo K8 Pro", "159.00", {"Max torque": "45 Nm"})}
    analysis = run("What is the best cordless drill under $150?", site)
    assert analysis.max_tier == "high", analysis.notes
    said = with_unread_offers(analysis, unread)
    assert said.max_tier == "low"  # the K8 Pro is shown within the budget there: the pick itself may change
    note: Any = said.notes[-1]
    assert "not read" in note and "Tarvo K8 Pro, $147.50, in stock." in note, note
    assert "Tarvo K8 Pro is shown within the budget of 150 USD" in note, note
    dearer = with_unread_offers(analysis, [("https://hub.example/k8-pro", "Tarvo K8 Pro, $152.00, in stock.")])
    assert dearer.max_tier == "medium" and "within the budget" not in dearer.notes[-1]  # over the budget there too
    euros = with_unread_offers(analysis, [("https://hub.example/k8-pro", "Tarvo K8 Pro, 140,00 EUR")])
    assert euros.max_tier == "medium"  # another currency than the budget's: not compared here
    assert with_unread_offers(analysis, []) is analysis


def test_a_question_naming_a_product_counts_only_its_unread_offers() -> None:
    site = {"/maker/k8": spec_shop("Tarvo K8", "89.00", {"Max torque": "30 Nm"}),
            "/maker/k8-pro": spec_shop("Tarvo K8 Pro", "159.00", {"Max torque": "45 Nm"})}
    question = "Where can I buy the Tarvo K8 cheapest?"
    analysis = run(question, site)
    others = [("https://hub.example/k8-pro", "Tarvo K8 Pro, $147.50, in stock."),
              ("https://hub.example/bx40", "Brenn BX40, $99.00.")]
    assert with_unread_offers(analysis, others, question).notes == analysis.notes  # the look-alike's, another's
    said = with_unread_offers(analysis, [*others, ("https://hub.example/k8", "Tarvo K8, $79.99, in stock.")], question)
    note: Any = said.notes[-1]
    assert "1 search result showing a price was not read" in note and "$79.99" in note, note
