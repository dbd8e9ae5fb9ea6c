"""Tests for page furniture that is no statement: a hatnote pointing at a page of a like name ("Not to be confused
with ...", "For other uses, see ...") becomes no claim (trial t41 fault 7, issue 9)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import noise_kind


@pytest.mark.parametrize(("sentence", "kind"), [
    ("Not to be confused with Velloc Abbey on the hill above Marrow.", "hatnote"),
    ("For other uses, see Velloc (disambiguation).", "hatnote"),
    ("For the river, see Velloc Water.", "hatnote"),
    ('"Velloc" redirects here.', "hatnote"),
    ("Main article: History of Velloc Abbey", "hatnote"),
])
def test_hatnotes_are_furniture(sentence: str, kind: str) -> None:
    assert noise_kind(sentence) == kind


@pytest.mark.parametrize("sentence", [
    "Visitors often confuse it with the castle on the hill.",  # a confusion reported, not a pointer
    "For more than a century the abbey was run by monks.",
    "For decades, see-saws stood in the abbey garden.",
])
def test_statements_are_no_furniture(sentence: str) -> None:
    assert noise_kind(sentence) is None


def test_a_hatnote_gives_no_claim() -> None:
    text = ("# Velloc Abbey\n\nNot to be confused with Velloc Priory in the town of Marrow.\n\n"
            "Velloc Abbey was founded in 1142 by Cistercian monks. About 3,000 people visit it each year.")
    claims = [c.text for c in extract_claims(text, title="Velloc Abbey")]
    assert claims[0] == "Velloc Abbey was founded in 1142 by Cistercian monks."
    assert not any("confused" in c for c in claims)
