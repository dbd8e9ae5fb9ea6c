"""A buying question's sub-queries name the product (issue 15, trial t40 fault 1): "What's the best front bike light
under $100?" was searched as "best front" and "front bike", never "bike light"; a judgement word ("best", "good")
paired with a modifier finds pages about anything."""

from __future__ import annotations

import pytest

from services.planner.offline import plan


@pytest.mark.parametrize(("question", "pair"), [
    ("What's the best front bike light under $100?", "bike light"),
    ("What is the best laptop for video editing under $1500?", "video editing"),
])
def test_a_buying_question_s_pairs_name_the_product_not_a_judgement(question: str, pair: str) -> None:
    found = plan(question)
    assert found.domain == "shopping"
    assert pair in found.sub_queries, found.sub_queries
    assert not any(q.split()[0] in ("best", "good", "top") for q in found.sub_queries[1:]), found.sub_queries


def test_a_general_question_keeps_its_pairs() -> None:
    assert "best player" in plan("Who was the best player of the 1998 World Cup?").sub_queries
