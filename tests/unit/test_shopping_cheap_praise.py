"""A review saying a product "is cheap" praises its price (issue 15): no fault or complaint; "feels cheap", "cheaply
made" or "cheap plastic" is one, of how it is made."""

from __future__ import annotations

import hashlib
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import SourcePage, analyse
from services.domain_shopping.pages import complaints
from tests.shopping_kettles import KETTLES


@pytest.mark.parametrize(("text", "found"), [
    ("The Bollo T4 is cheap and boils in four minutes.", []),
    ("It was cheap, and it still works after a year.", []),
    ("It is cheap for what you get.", []),
    ("The lid feels cheap.", ["The lid feels cheap"]),
    ("The handle looked cheap out of the box.", ["The handle looked cheap out of the box"]),
    ("It is cheaply made.", ["It is cheaply made"]),
    ("The body is cheap plastic that creaks.", ["The body is cheap plastic that creaks"]),
    ("It doesn't feel cheap at all.", []),
    ("Das Gehäuse wirkt billig.", ["Das Gehäuse wirkt billig"]),
])
def test_cheap_is_a_fault_only_of_how_a_product_feels_or_is_made(text: str, found: list[str]) -> None:
    assert complaints(text) == found


def _reviews(sentence: str) -> str:
    site = {**KETTLES, "/reviews/fervo-lite": (
        '<!doctype html><html lang="en"><head><title>Fervo Lite review | KettleTest</title></head><body>'
        f"<h1>Fervo Lite review</h1><p>We tested the Fervo Lite for a month. {sentence} We rate it 4 out of 5.</p>"
        "</body></html>")}
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title="", text="", html=html,
                        html_sha256=hashlib.sha256(html.encode()).hexdigest()) for path, html in site.items()]
    result = analyse("What's the best travel kettle under $60?", pages, uuid4(), today=date(2026, 12, 1))
    return "\n".join(str(s["body"]) for s in result.sections if s["heading"] in ("Reviews", "Verdicts"))


def test_a_review_calling_a_product_cheap_reports_no_fault_of_it() -> None:
    said = _reviews("The Fervo Lite is cheap and boils fast.")
    assert "is cheap and boils fast" not in said, said
    assert "| Fervo Lite |" in said, said  # the review is read: its rating is shown
    said = _reviews("The Fervo Lite feels cheap in the hand.")
    assert "The Fervo Lite feels cheap in the hand" in said, said
