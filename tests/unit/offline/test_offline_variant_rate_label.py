"""Review stop 39 finding 9 (task h58; every name and price here is invented): a price is a group, family or
reduced rate only when the priced thing says so (:func:`shared.text.groups.price_label`: the words before the sum,
or "for groups ..." right after it), not when "discount" or "families" appears elsewhere in its sentence. A plain
adult price that merely mentioned one was dropped as a variant, and a parking or rental price led instead."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.text.groups import price_label, variant_rate
from tests.claim_pages import local_claim, local_source

RAIL_Q = "How much is a day pass on the Orrin Valley Railway?"


def test_a_variant_word_outside_the_priced_thing_makes_no_variant() -> None:
    assert variant_rate("A day pass on the Orrin Valley Railway costs 24 GBP, with a discount for railcard "
                        "holders.", RAIL_Q) == frozenset()
    assert variant_rate("A day pass on the Orrin Valley Railway costs 24 GBP, and the line is popular with "
                        "families.", RAIL_Q) == frozenset()
    assert price_label("A day pass costs 24 GBP, with a discount for railcard holders.") == "A day pass costs "


def test_a_variant_priced_thing_stays_a_variant() -> None:
    assert variant_rate("A family day pass on the Orrin Valley Railway costs 60 GBP.", RAIL_Q) == {"family"}
    assert variant_rate("Groups of 8 or more pay 18 GBP per person.", RAIL_Q) == {"group"}
    assert variant_rate("The day pass is 19 GBP for groups of ten, 24 GBP otherwise.", RAIL_Q) == {"group"}
    assert variant_rate("Reduced day pass: 12 GBP", RAIL_Q) == {"reduced"}
    assert variant_rate("A family day pass costs 60 GBP.", "What does a family day pass cost?") == frozenset()


def _lead(question: str, texts: dict[str, str]) -> str:
    pages = {"h": local_source("h", "Halsey Tin Museum: tickets"), "g": local_source("g", "Halsey Tin Museum guide")}
    claims = [local_claim(cid, cid[0], text) for cid, text in texts.items()]
    rep = synthesize(question, claims, pages)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0]


def test_the_plain_price_mentioning_families_leads_over_parking() -> None:
    lead = _lead("How much does an adult season ticket cost at the Halsey Tin Museum?", {
        "h1": "An adult season ticket for the Halsey Tin Museum costs 45 GBP, and the museum is popular with "
              "families.",
        "h2": "Parking at the Halsey Tin Museum costs 5 GBP per day.",
        "g1": "A guided mine tour at the Halsey Tin Museum costs 12 GBP.",
    })
    assert lead == ("An adult season ticket for the Halsey Tin Museum costs 45 GBP, and the museum is popular with "
                    "families [1]."), lead


def test_the_plain_price_mentioning_a_discount_leads_over_parking() -> None:
    lead = _lead("How much does an adult season ticket cost at the Halsey Tin Museum?", {
        "h1": "An adult season ticket for the Halsey Tin Museum costs 45 GBP, with a discount for online booking.",
        "h2": "Parking at the Halsey Tin Museum costs 5 GBP per day.",
        "g1": "A guided mine tour at the Halsey Tin Museum costs 12 GBP.",
    })
    assert lead == ("An adult season ticket for the Halsey Tin Museum costs 45 GBP, with a discount for online "
                    "booking [1]."), lead
