"""Domain detection (issue 9, trial t18 F6): a price, budget, deal or review word makes no shopping question by
itself; it needs a product category or an intent to buy, and an amount of money a buyer's limit or a purchase
context."""

from __future__ import annotations

import pytest

from services.planner.offline import asks_past_fact, is_buying_question, plan


@pytest.mark.parametrize(
    "question",
    [
        "What was the annual budget of the Wexmoor Choral Society in 1925?",
        "Did the Harrow Rowing Club have a budget of £300 in 1925?",
        "When was the Louisiana Purchase signed?",
        "Who wrote the review of Dune in The Times?",
        "What deal did Wexmoor sign with Tolvane in 1911?",
        "What did the Tolvane Ferry cost in 1911, about £4,000?",
        "When did the shop on Market Street open?",
        "What was the price of bread in Brennholt in 1900?",
    ],
)
def test_money_words_without_a_purchase_context_are_general(question: str) -> None:
    assert not is_buying_question(question)
    assert plan(question).domain == "general"


@pytest.mark.parametrize(
    "question",
    [
        "Which laptop has the best price?",
        "Best budget laptop for students",
        "What is the price of the Sony WH-1000XM5 headphones?",
        "Reviews of the Dyson V15 vacuum",
        "Which TV deals are good this week?",
        "Is a 27 inch monitor for 300 € a good deal?",
        "Which blender should I buy for about $100?",
        "best espresso machine under $500",
        "Welche Espressomaschine kostet unter 800 €?",
        "¿Qué cafetera es la más silenciosa por debajo de 300 €?",
        "Where can I buy a Keychron K2?",
    ],
)
def test_money_words_with_a_product_or_buying_context_are_shopping(question: str) -> None:
    assert plan(question).domain == "shopping"


@pytest.mark.parametrize(
    "question",
    [
        "Which cordless phone was invented first?",
        "When did Sony release its first portable cassette player?",
        "Which vacuum cleaner was the first to use a cyclone?",
        "Welche Espressomaschine wurde zuerst gebaut?",
        "Which laptops were made in Ireland in 1995?",
    ],
)
def test_a_fact_of_the_past_about_a_product_kind_is_general(question: str) -> None:
    """Issue 15: a history question names a kind of product but asks no one what to buy."""
    assert asks_past_fact(question)
    assert not is_buying_question(question)
    assert plan(question).domain == "general"


@pytest.mark.parametrize(
    "question",
    [
        "Which cordless drill is the lightest?",
        "Which laptop was rated best by testers this year?",
        "Which laptop had the longest battery life in your tests?",
        "Was the Dyson V15 worth buying?",
        "Which TV was the cheapest under $500 last week?",
    ],
)
def test_a_buyer_s_question_in_the_past_tense_stays_shopping(question: str) -> None:
    assert plan(question).domain == "shopping"
