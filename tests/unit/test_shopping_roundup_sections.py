"""An independent roundup reviewing several products, one section each (issue 15, trial t33 fault 4): the praise
and complaints a section writes ("Pros: long battery, light. Cons: single camera.") are the review of the product
its heading names, beside that section's rating, never another section's product's."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import _use_fit, analyse
from tests.shop_pages import pages, shop

ROUNDUP = ("<!doctype html><html lang='en'><head><title>We tested four travel kettles | Brew Lab</title></head><body>"
           "<h1>We tested four travel kettles</h1><p>By Ines Roe, Brew Lab. No maker paid for this test.</p>"
           "<h2>Tavolo Mini 2</h2><p>The Tavolo Mini 2 boiled 0.5 l in 3 minutes. Rating: 4.5 out of 5. "
           "Pros: fast, folds flat. Cons: loud lid.</p>"
           "<h2>Brivo K6</h2><p>The Brivo K6 boiled 0.5 l in 4 minutes. Rating: 3.9 out of 5. Cons: heavy, slow.</p>"
           "<h2>Quella T3</h2><p>The Quella T3 boiled 0.5 l in 5 minutes. Rating: 3.5 out of 5.</p>"
           "</body></html>")


def test_each_section_s_praise_and_complaints_go_to_the_product_its_heading_names() -> None:
    site = {"/tavolo": shop("Tavolo Mini 2", "39.00", "Capacity", "0.5 l"),
            "/brivo": shop("Brivo K6", "29.00", "Capacity", "0.6 l"),
            "/quella": shop("Quella T3", "25.00", "Capacity", "0.5 l"), "/test": ROUNDUP}
    result = analyse("Which travel kettle should I buy?", pages(site), uuid4(), today=date(2026, 12, 2))
    names = {p["product_id"]: p["name"] for p in result.products}
    got = {names[r["product_id"]]: (r["rating"], r["pros"], r["cons"]) for r in result.reviews
           if r["rating"] is not None}
    assert got["Tavolo Mini 2"] == (4.5, ["fast", "folds flat"], ["loud lid"]), got
    assert got["Brivo K6"] == (3.9, [], ["heavy", "slow"]), got
    assert got["Quella T3"] == (3.5, [], []), got
    table = next(s["body"] for s in result.sections if s["heading"] == "Reviews")
    assert "| 4.5/5 | fast; folds flat | loud lid |" in table, table


FIT = ROUNDUP.replace("boiled 0.5 l in 4 minutes.", "boiled 0.5 l in 4 minutes and folds small, light enough for "
                      "travel.").replace("The Quella T3 boiled", "The Quella T3 is not light enough for travel. It boiled")


def _verdicts(question: str) -> str:
    site = {"/tavolo": shop("Tavolo Mini 2", "39.00", "Capacity", "0.5 l"),
            "/brivo": shop("Brivo K6", "29.00", "Capacity", "0.6 l"),
            "/quella": shop("Quella T3", "25.00", "Capacity", "0.5 l"), "/test": FIT}
    result = analyse(question, pages(site), uuid4(), today=date(2026, 12, 2))
    return str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts"))


def test_a_section_calling_its_product_fit_for_the_use_asked_backs_it_for_that_use() -> None:
    body = _verdicts("Which kettle is best for travel? We fly a lot.")
    assert body.splitlines()[0].startswith("- **Best for travel: Brivo K6** — recommended for it by an independent "
                                           "reviewer"), body
    assert "light enough for travel." in body.splitlines()[0], body


def test_a_winner_for_the_use_asked_is_a_winner_named() -> None:
    site = {"/tavolo": shop("Tavolo Mini 2", "39.00", "Capacity", "0.5 l"),
            "/brivo": shop("Brivo K6", "29.00", "Capacity", "0.6 l"),
            "/quella": shop("Quella T3", "25.00", "Capacity", "0.5 l"), "/test": FIT}
    result = analyse("Which kettle is best for travel?", pages(site), uuid4(), today=date(2026, 12, 2))
    assert not any("no product could be named best overall" in n for n in result.notes), result.notes


def test_a_fit_for_a_use_is_no_pick_of_a_question_that_asks_none_and_a_negated_fit_is_none() -> None:
    body = _verdicts("Which kettle should I buy?")
    assert "Best for" not in body and "reviewer's pick" not in body, body
    assert "Quella T3" not in _verdicts("Which kettle is best for travel?").splitlines()[0]


@pytest.mark.parametrize(("sentence", "fit"), [
    ("The Brivo K6 folds small, light enough for travel.", True),
    ("The Brivo K6 is ideal for camping trips.", True),
    ("The Quella T3 is not light enough for travel.", False),
    ("The Quella T3 is great for the money.", False),  # no use after it
    ("The Quella T3 boiled 0.5 l in 5 minutes.", False),
])
def test_a_fit_for_a_use_names_a_use_and_no_negation(sentence: str, fit: bool) -> None:
    assert (_use_fit(sentence) is not None) is fit
