"""A word of the product kind's name is no wish (issue 15, trial t40 fault 1): "light" in "bike light" named the
product, yet was read as asking for a light one, so "What's the best front bike light under $100?" ranked on weight
alone and the lightest, dimmest light won. "a light bike light", "lightweight", "the lightest" still ask for it."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import kind_masked, named_in
from services.domain_shopping.offline import SourcePage, analyse, asks


@pytest.mark.parametrize("question", [
    "What's the best front bike light under $100?",
    "Is the Vexa Nightline 1500 the best bike light?",
    "Which bike light is best for commuting in the rain?",
    "Best LED lights for a bike",
    "Which light bulb lasts longest?",
    "Which light meter should I buy for film photography?",
    "Is the Brennix a good front light?"])
def test_light_naming_the_product_asks_for_no_weight(question: str) -> None:
    assert not named_in(question, "weight"), kind_masked(question)
    assert not asks(question, "weight")


@pytest.mark.parametrize("question", [
    "I want a light bike light for racing",
    "Which lightweight tent is best?",
    "What is the lightest tent under $200?",
    "What is the best light tent?",
    "Is the tent light?",
    "Is it light enough to carry on a hike?",
    "I need a light and compact tent",
    "Which is the lightest light meter?"])
def test_light_asking_for_a_light_product_still_asks_for_weight(question: str) -> None:
    assert named_in(question, "weight"), kind_masked(question)


def test_the_kind_s_word_is_blanked_and_the_question_keeps_its_length() -> None:
    question = "I want a light bike light under $90"
    masked = kind_masked(question)
    assert len(masked) == len(question)
    assert masked.startswith("I want a light bike ") and "light" not in masked[len("I want a light bike "):]


def _bike_light(name: str, weight: str, lumens: str, runtime: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": "59.00", "priceCurrency": "USD"}}
    rows = [("Weight", weight), ("Luminous flux", lumens), ("Battery life", runtime)]
    html = (f'<!doctype html><html lang="en"><head><title>{name}</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body><h1>{name}</h1><table>"
            + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows) + "</table></body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9/{name.split()[0].lower()}", title=name,
                      text="", html=html, html_sha256=hashlib.sha256(html.encode()).hexdigest())


#: the lightest lasts the shortest; the heaviest lasts the longest
LIGHTS = [_bike_light("Lumora Trail 1200", "145 g", "1200 lm", "5 hours"),
          _bike_light("Corvo Spark 600", "95 g", "600 lm", "2 hours"),
          _bike_light("Brennix Beam 800", "119 g", "800 lm", "3 hours")]


def _verdicts(question: str) -> str:
    result = analyse(question, LIGHTS, uuid4(), today=date(2026, 12, 2))
    return str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])


def test_a_bike_light_question_is_not_ranked_on_weight_alone() -> None:
    body = _verdicts("What's the best front bike light under $100?")
    assert "the attribute the question asks for (weight)" not in body, body
    assert "- **Best overall: Corvo Spark 600**" not in body, body  # lightest, but shortest-lived and dimmest


def test_a_light_bike_light_is_ranked_on_weight() -> None:
    body = _verdicts("What's the best light bike light under $100?")
    assert "- **Best overall: Corvo Spark 600**" in body, body
