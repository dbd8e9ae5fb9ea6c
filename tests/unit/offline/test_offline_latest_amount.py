""""How much <mass noun>" asks an amount (a mass, a volume ...), never a count of the noun; "make", "produce" and
"output" speak of one production; "most recently" asks the latest figure; and "the latest annual output" asks a
figure. So the newest of a page's production figures leads, not a founding sentence that says the works was
converted "to make" its product (trial t36 fault 6: "How much paper did the Kessler Mill make in its most recent
year?" and "What is the Kessler Mill's latest annual output?" were "Not established"). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.provenance import asks_latest
from shared.report import lead_section
from shared.text.answer import answer_type
from shared.text.quantity import asked_quantity
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "dairy": ("The Olden Dairy", [
        "The Olden Dairy is a cheese dairy on the river Marr in Tessing.",
        "The Olden Dairy was founded in 1861 by the farmer Greta Olden, who converted a grain barn to make hard "
        "cheese.",
        "The dairy takes on three apprentices every spring."]),
    "figures": ("Cheese output of the Olden Dairy", [
        "Year 1995: output (tonnes) 310.",
        "Year 2010: output (tonnes) 455.",
        "Year 2022: output (tonnes) 520.",
        "In 2022 the Olden Dairy produced 520 tonnes of cheese, more than ever before.",
        "In 2010 the Olden Dairy produced 455 tonnes of cheese."]),
}


def test_how_much_of_a_mass_noun_asks_an_amount() -> None:
    amount = asked_quantity("How much cheese did the Olden Dairy make last year?")
    assert "mass" in amount and "count" not in amount
    assert "volume" in asked_quantity("How much water does the Tessing reservoir hold?")
    assert asked_quantity("How much time does the ferry take?") == ("time",)
    assert asked_quantity("How much funding did the dairy receive?") == ("money",)
    assert asked_quantity("How much does a wheel of cheese cost?") == ("money",)  # as before
    # "is" is no mass noun: the fee is a price (task f51b: "How much is ... admission / a ticket / the fee?")
    assert asked_quantity("How much is the entrance fee?") == ("money",)
    assert "mass" in asked_quantity("How much cheese is produced?")
    assert "mass" in asked_quantity("What is the Olden Dairy's annual output?")
    assert answer_type("What is the Olden Dairy's latest annual output?") == "measure"
    assert answer_type("What output does the script print?") == "what"  # "output" alone names no figure


def test_making_and_output_are_production_and_most_recently_asks_the_latest() -> None:
    assert same_relation("make", "produced") and same_relation("output", "produced")
    assert same_relation("made", "built")  # a thing made is still one built
    assert asks_latest("How much cheese did the dairy produce most recently?")
    assert not asks_latest("How much cheese did the dairy produce in 2010?")


@pytest.mark.parametrize("question", [
    "How much cheese did the Olden Dairy make in its most recent year?",
    "How much cheese did the Olden Dairy produce most recently?",
    "What is the Olden Dairy's latest annual output?",
])
def test_the_newest_production_figure_leads(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("In 2022 the Olden Dairy produced 520 tonnes"), lead
    assert "Not established" not in lead and "founded in 1861" not in lead, lead
    assert not gate.signals.get("not_established") and answered, gate.signals
