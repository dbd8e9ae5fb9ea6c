"""A product name followed by a variant mark ("XL", "Pro", "Max", "Mini", "Plus", "Lite", "Ultra", "SE", a number, a
Roman numeral, "Gen 2") names another model (trial t67s Q02/Q01: "How many litres of food does <fryer> hold in
total?" was led at medium by the <fryer> XL's 9.0 litres, and the asked model's own "6.0 litres" sentence was
verified contested with the XL's page as its contradicting evidence). Its figures never contradict, state or
answer the bare model's: shared.text.terms (VARIANT_MARKS, generation_mark, variant_suffix, another_variant,
names_another_variant, marked_look_alike), shared.text.entailment, the synthesizer's look-alike readers and the
shopping domain's models of one line. Invented air fryers and kettles."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import look_alike, written_at
from services.synthesizer.offline import another_model
from services.synthesizer.verdicts import opens_look_alike
from shared.report import lead_section
from shared.text.entailment import entailment
from shared.text.quantity import asked_quantity
from shared.text.terms import (
    VARIANT_MARKS,
    another_variant,
    generation_mark,
    marked_look_alike,
    names_another_variant,
    told_apart,
    variant_suffix,
)
from tests.claim_pages import listed_claims, recorded_report

OWN = "The Verlina Twin's total capacity is 5.0 litres."
OWN_POWER = "The Verlina Twin is rated at 1500 W."


@pytest.mark.parametrize("mark", ["xl", "pro", "max", "mini", "plus", "lite", "ultra", "se", "xxl", "fe"])
def test_the_variant_marks_are_generation_marks(mark: str) -> None:
    assert mark in VARIANT_MARKS
    assert generation_mark(mark)


def test_a_variant_suffix_is_marks_or_a_generation_and_its_number() -> None:
    assert variant_suffix(["xl"])
    assert variant_suffix(["pro", "max"])
    assert variant_suffix(["gen", "2"])
    assert variant_suffix(["mk", "ii"])
    assert variant_suffix(["2"])
    assert not variant_suffix([])
    assert not variant_suffix(["company"])
    assert not variant_suffix(["gen"])
    assert not variant_suffix(["xl", "basket"])  # a word of its own after the mark: no model name
    assert not variant_suffix(["1788", "1850"])  # a person's years after the name
    assert variant_suffix(["pro", "2"], numbered=False)
    assert not variant_suffix(["2"], numbered=False)  # a number alone may be a figure after the name
    assert not names_another_variant("We rate the Kleenbot K3 5 out of 5.", "We rate the Kleenbot K3 5/5.")


def test_two_models_of_one_line() -> None:
    assert another_variant(["verlina", "twin"], ["verlina", "twin", "xl"])
    assert another_variant(["verlina", "twin", "xl"], ["verlina", "twin"])
    assert another_variant(["verlina", "twin"], ["verlina", "twin", "gen", "2"])
    assert not another_variant(["verlina", "twin"], ["verlina", "twin"])
    assert not another_variant(["verlina", "twin"], ["verlina", "twin", "basket"])
    assert not another_variant(["twin"], ["twin", "xl"])  # one word: maybe a short form


@pytest.mark.parametrize("other", [
    "The Verlina Twin XL is our largest air fryer: two 4.5 litre baskets for a total of 9.0 litres.",
    "The Verlina Twin XL total capacity is 9.0 litres.",
    "The Verlina Twin Pro Max has a total capacity of 9.0 litres.",
    "The Verlina Twin Gen 2 has a total capacity of 9.0 litres.",
    "The Verlina Twin Mini's total capacity is 3.0 litres.",
])
def test_another_models_figure_never_contradicts_the_asked_models(other: str) -> None:
    assert names_another_variant(OWN, other)
    assert entailment(OWN, other).label == "neutral"


def test_another_models_figure_never_states_the_bare_models() -> None:
    assert entailment("The Verlina Twin is rated at 2100 W.", "The Verlina Twin XL is rated at 2100 W.").label == "neutral"
    assert entailment("The Verlina Twin XL is rated at 2100 W.", "The Verlina Twin is rated at 2100 W.").label == "neutral"


def test_the_same_models_figures_still_agree_and_disagree() -> None:
    assert entailment(OWN, "The Verlina Twin total capacity is 9.0 litres.").label == "contradicted"
    assert entailment(OWN_POWER, "The Verlina Twin is rated at 1500 W.").label == "supported"
    # a passage naming both models writes the claim's own one: it is read as before
    assert not names_another_variant(OWN, "The Verlina Twin XL holds 9.0 litres; the Verlina Twin holds 9.0 litres.")


def test_the_look_alike_readers_take_a_variant_mark() -> None:
    assert opens_look_alike("Verlina Twin", "The Verlina Twin XL has the biggest capacity, 9.0 litres.")
    assert opens_look_alike("Verlina Twin", "The Verlina Twin Gen 2 has the biggest capacity.")
    assert not opens_look_alike("Verlina Twin", OWN)
    assert marked_look_alike(["verlina", "twin"], ["verlina", "twin", "xl"])
    assert marked_look_alike(["verlina", "twin"], ["verlina", "twin", "gen", "2"])
    assert told_apart(["verlina", "twin"], ["The Verlina Twin XL holds 9.0 litres."])
    assert another_model(["verlina", "twin"], ["verlina", "twin", "ultra"])
    assert look_alike("Verlina Twin", "Verlina Twin Lite")
    assert written_at("the verlina twin ultra is loud", "Verlina Twin") == []


PAGES = {
    "r": ("Verlina Twin review: a compact twin-basket air fryer",
          ["The Verlina Twin is a twin-basket air fryer with two 2.5 litre drawers.", OWN, OWN_POWER]),
    "c": ("Air fryers compared",
          ["The Verlina Twin XL has the biggest capacity, 9.0 litres, but is also the loudest at 61 dB.",
           "The Verlina Twin XL is rated at 2300 W."]),
    "m": ("Verlina Twin XL",
          ["The Verlina Twin XL is our largest air fryer: two 4.5 litre baskets for a total of 9.0 litres."]),
}


@pytest.mark.parametrize("question, own", [
    ("How many litres of food does the Verlina Twin hold in total?", OWN),
    ("What is the power rating in watts of the Verlina Twin?", OWN_POWER),
])
def test_the_asked_model_leads_over_its_xl(question: str, own: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(own[:-1]), lead
    assert "XL" not in lead, lead


def test_the_xl_never_leads_for_the_bare_model_with_its_kind_after_it() -> None:
    # "the Verlina Twin air fryer": the noun after the name says its kind, no model of its own
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report("What is the power rating in watts of the Verlina Twin air fryer?",
                                                    claims, sources)
    lead = lead_section(rep.markdown)
    assert "XL" not in lead and "2300" not in lead, lead


def test_the_power_rating_in_watts_asks_a_power() -> None:
    assert asked_quantity("What is the power rating in watts of the Verlina Twin air fryer?") == ("power",)
    assert asked_quantity("What is the height in metres of the Orvane Tower?") == ("length",)
    assert asked_quantity("How many litres of food does the Verlina Twin hold in total?") == ("volume",)
    assert asked_quantity("How many people does the Orla Hall hold?") != ("volume",)


def test_a_second_lead_sentence_giving_another_value_is_a_disagreement() -> None:
    q = "What is the power rating in watts of the Verlina Twin?"
    pages = {"r": PAGES["r"], "f": ("Forum: Verlina Twin trips my breaker?",
                                    ["The Verlina Twin uses 2300 watts according to the box."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report(q, claims, sources)
    lead = lead_section(rep.markdown)
    assert not ("1500" in lead and "2300" in lead), lead


def test_the_xl_alone_does_not_answer_for_the_bare_model() -> None:
    pages = {k: v for k, v in PAGES.items() if k != "r"}
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report("How many litres of food does the Verlina Twin hold in total?",
                                                   claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Not established"), lead
    assert gate.tier == "low", gate.tier
