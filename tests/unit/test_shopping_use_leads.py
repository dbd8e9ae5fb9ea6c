""""Best for <use>" without a reviewer's pick (issue 15, trial t33 fault 5): a use the question names that an attribute
decides (travel, portable, on the go: the weight; long flights, all day: the battery life; the nursery, a bedroom: the
noise level) leads the ranking, the other attributes deciding only between products level on it, so the heaviest
product with the longest battery and range is not best for travel; a question naming no use ranks on every
attribute compared alike."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import use_asks
from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.units import kind_of


def _monitor(name: str, weight: str, battery: str, range_: str, noise: str = "") -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": "99.00", "priceCurrency": "USD"}}
    rows = [("Weight", weight), ("Battery life", battery), ("Range", range_), ("Noise level", noise)]
    html = (f'<!doctype html><html lang="en"><head><title>{name}</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body><h1>{name}</h1><table>"
            + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows if v) + "</table></body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9/{name.split()[0].lower()}", title=name,
                      text="", html=html, html_sha256=hashlib.sha256(html.encode()).hexdigest())


#: the heaviest has the longest battery life and range and is the loudest; the lightest has the shortest and the least
MONITORS = [_monitor("Dormel Vue 4", "480 g", "26 hours", "550 m", "48 dB"),
            _monitor("Snugra Lite 2", "150 g", "9 hours", "250 m", "40 dB"),
            _monitor("Kivet Cam 7", "330 g", "18 hours", "420 m", "30 dB")]


def _verdicts(question: str, pages: list[SourcePage] = MONITORS) -> str:
    result = analyse(question, pages, uuid4(), today=date(2026, 12, 2))
    return str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])


def _best(body: str) -> str:
    return next(line for line in body.splitlines() if line.startswith("- **Best overall"))


@pytest.mark.parametrize(("question", "word"), [
    ("Which baby monitor is best for travel? We fly a lot with our son.", "travel"),
    ("What's a good baby monitor to use on the go?", "on the go"),
    ("Which portable baby monitor should I buy?", "portable")])
def test_a_use_the_weight_decides_ranks_the_lightest_first(question: str, word: str) -> None:
    body = _verdicts(question)
    assert _best(body).startswith("- **Best overall: Snugra Lite 2**"), body
    assert f"on weight first, which the use asked ('{word}') decides, then on the other attributes" in body, body
    assert "lighter counted better" in body, body
    # the others follow by weight too: the heaviest is last
    assert "Runner-up: Kivet Cam 7" in body, body


def test_a_long_flight_ranks_on_the_battery_life_first() -> None:
    body = _verdicts("Which baby monitor is best for long flights?")
    assert _best(body).startswith("- **Best overall: Dormel Vue 4**"), body
    assert "on battery life first, which the use asked ('long flights') decides" in body, body


def test_a_nursery_ranks_on_the_noise_level_first() -> None:
    body = _verdicts("Which baby monitor is best for the nursery?")
    assert _best(body).startswith("- **Best overall: Kivet Cam 7**"), body  # 30 dB, though neither longest nor lightest
    assert "on noise level first, which the use asked ('nursery') decides" in body, body


def test_a_question_naming_no_use_ranks_on_every_attribute_alike() -> None:
    body = _verdicts("Which baby monitor should I buy?")
    assert _best(body).startswith("- **Best overall: Dormel Vue 4**"), body  # better on battery life and range
    assert "first, which the use asked" not in body, body


def test_products_level_on_the_use_s_attribute_are_ranked_by_the_others() -> None:
    pages = [_monitor("Dormel Vue 4", "150 g", "26 hours", "550 m"), *MONITORS[1:]]  # level with Snugra
    body = _verdicts("Which baby monitor is best for travel?", pages)
    assert _best(body).startswith("- **Best overall: Dormel Vue 4**"), body


def test_a_product_without_the_use_s_figure_ranks_after_those_with_it() -> None:
    pages = [_monitor("Dormel Vue 4", "", "26 hours", "550 m"), *MONITORS[1:]]
    body = _verdicts("Which baby monitor is best for travel?", pages)
    assert _best(body).startswith("- **Best overall: Snugra Lite 2**"), body
    assert "Runner-up: Kivet Cam 7" in body, body


@pytest.mark.parametrize(("attribute", "kind", "question", "word"), [
    ("weight", "gram", "Which baby monitor is best for travel?", "travel"),
    ("Gewicht", "gram", "Welches Babyphone ist am besten für unterwegs?", "unterwegs"),
    ("weight", "gram", "Which headphones should I buy?", ""),  # carried: lighter better, but no use named
    ("weight", "gram", "Is the Bollo Trek 2 a good stove?", ""),  # "Trek" is a word of the product's name
    ("battery life", "hour", "Which baby monitor is best for travel?", ""),
    ("battery life", "hour", "Which earbuds last all day?", "all day"),
    ("noise level", "decibel", "A quiet fan for the bedroom?", "bedroom"),
    ("range", "millimeter", "Which baby monitor is best for travel?", ""),
])
def test_which_attribute_a_use_decides(attribute: str, kind: str, question: str, word: str) -> None:
    assert use_asks(attribute, kind_of(kind), question) == word
