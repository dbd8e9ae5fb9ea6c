"""Admission, tickets, entry, fee, price and charge all price one's entry: "Admission to X is £6" and "Tickets are £5"
answer "What is the entry fee for X?" (review of stop 44, F3: both became "Not established" after a by-year row's
prize fund stopped answering an entry fee) (``shared.text.answer.prices_thing_asked``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import prices_thing_asked
from tests.claim_pages import listed_claims, recorded_report

FEE = "What is the entry fee for Pellmore Keep?"


@pytest.mark.parametrize("sentence", [
    "Admission to Pellmore Keep is £6 for adults and £3 for children.",
    "Tickets for Pellmore Keep are £5.",
    "An adult ticket costs £5.",
    "Entry costs £5.",
    "The entrance charge is £4.",
    "The cost of entry is £4.",
])
def test_any_word_of_an_entry_price_prices_an_entry_fee(sentence: str) -> None:
    assert prices_thing_asked(sentence, FEE)


@pytest.mark.parametrize(("sentence", "question"), [
    ("The total prize fund is £4,200.", FEE),  # another money noun: no price of entry
    ("It was £2,600 not £5,000, as the keep's trust said.", FEE),
    ("Year 2024: entries 77, prize fund £2,600.", FEE),  # a by-year row's money is its column's
    ("Tickets for Pellmore Keep are £5.", "What is the parking fee at Pellmore Keep?"),  # parking is no entry
])
def test_a_sentence_pricing_no_entry_does_not_price_an_entry_fee(sentence: str, question: str) -> None:
    assert not prices_thing_asked(sentence, question)


def test_the_parking_fee_is_still_priced_by_its_own_words() -> None:
    assert prices_thing_asked("Parking at Pellmore Keep is £2 a day.", "What is the parking fee at Pellmore Keep?")
    assert prices_thing_asked("The car park charges £2.", "What is the parking fee at Pellmore Keep?")


KEEP = ("Visiting Pellmore Keep", [
    "Pellmore Keep is a ruined tower house above the village of Pellmore.",
    "Admission to Pellmore Keep is £6 for adults and £3 for children.",
    "The keep is open daily from April to October.",
])


def test_an_admission_price_answers_the_entry_fee() -> None:
    claims, sources = listed_claims({"k": KEEP})
    rep, _gate, _answered, _total = recorded_report(FEE, claims, sources)
    lead = lead_section(rep.markdown)
    assert "£6" in lead.split("[")[0], lead
