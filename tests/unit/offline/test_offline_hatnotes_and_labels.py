"""Tests for page furniture that is no statement: a hatnote pointing at a page of a like name ("Not to be confused
with ...", "For other uses, see ...") and a verb-less label line heading a page ("Annual report of the ... Trust,
visitor section."). Neither becomes a claim (trial t41 fault 7, issue 9)."""

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
    ("Annual report of the Velloc Abbey Trust, visitor section.", "label"),
    ("Minutes of the Marrow Harbour Board, March session.", "label"),
])
def test_hatnotes_and_label_lines_are_furniture(sentence: str, kind: str) -> None:
    assert noise_kind(sentence) == kind


@pytest.mark.parametrize("sentence", [
    "Visitors often confuse it with the castle on the hill.",  # a confusion reported, not a pointer
    "For more than a century the abbey was run by monks.",
    "For decades, see-saws stood in the abbey garden.",
    "Members of the Velloc Abbey Trust, mostly farmers, met in 1901.",  # a clause: it has a verb
    "Director of the Velloc Abbey Trust, Anna Berg was appointed in 1990.",
    "Most of the Velloc Abbey, however, burned down.",
])
def test_statements_are_no_furniture(sentence: str) -> None:
    assert noise_kind(sentence) is None


def test_a_hatnote_and_a_label_line_give_no_claims() -> None:
    text = ("# Velloc Abbey\n\nNot to be confused with Velloc Priory in the town of Marrow.\n\n"
            "Annual report of the Velloc Abbey Trust, visitor section.\n\n"
            "Velloc Abbey was founded in 1142 by Cistercian monks. About 3,000 people visit it each year.")
    claims = [c.text for c in extract_claims(text, title="Velloc Abbey")]
    assert claims[0] == "Velloc Abbey was founded in 1142 by Cistercian monks."
    assert not any("confused" in c or "visitor section" in c for c in claims)
