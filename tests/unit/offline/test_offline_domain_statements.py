"""Routing (services.planner.offline._classify_domain): a model typed in lower case is still a product, and a
statement (a claim to check) that says 'cheap', 'buy' or a dollar amount is no buyer's question."""

from __future__ import annotations

import pytest

from services.planner.offline import _classify_domain


@pytest.mark.parametrize("question", [
    "how heavy is the zephyra x7 pro?",
    "what is the battery life of the korvel 12 plus",
    "How much does the nuvaro s9 weigh?",
    "voltix 12 plus or corvana s9?",
    "Tarnel Q5 vs ostra 4 pro",
])
def test_a_model_in_any_case_is_a_product(question: str) -> None:
    assert _classify_domain(question) == "shopping"


@pytest.mark.parametrize("question", [
    "How much does the hot air in a balloon weigh?",
    "How long is the river Orne in 2023?",
    "What is the range of values of the pH scale?",
])
def test_a_plain_phrase_is_no_model(question: str) -> None:
    assert _classify_domain(question) == "general"


@pytest.mark.parametrize("claim", [
    "Farmers who buy cheap fertiliser see lower yields over ten years, according to a survey of 400 farms.",
    "The regional programme could save up to $40 million a year if half of the clinics adopted it.",
    "Soil sampling from satellite images is cheap to run and gives denser maps than manual coring in wetlands.",
    "Households buying heat from district networks paid $90 per megawatt hour in the coldest winter months.",
])
def test_a_statement_with_a_price_word_is_general(claim: str) -> None:
    assert _classify_domain(claim) == "general"


@pytest.mark.parametrize("question", [
    "Where can I buy a cheap camping chair?",
    "cheap flights to oslo in march",
    "Which blender should I buy for under $80?",
    "Looking for the cheapest robot vacuum that maps rooms",
    "Is it cheaper to buy a used e-bike or lease one for a year as a student?",
])
def test_a_request_with_a_price_word_is_shopping(question: str) -> None:
    assert _classify_domain(question) == "shopping"
