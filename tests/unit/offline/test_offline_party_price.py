"""What a party of several ticket kinds pays ("How much do two adults and three children pay?") is led by one
page's price of each kind with the total and its arithmetic, or by the page's group rate when the party is large
enough; a lead pricing only some kinds is not established (task h102, trial t66 F4)
(``shared.text.groups.asked_party``, ``services.synthesizer.verdicts.decide_party_price``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.groups import Party, asked_party, kind_prices, party_total, per_head_total
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "visit": ("Plan your visit | Tarrow Gardens", [
        "Ticket Adult: price £7.50.",
        "Ticket Child (4-16): price £3.25.",
        "Ticket Groups of 12 or more (per person): price £6.00.",
        "The walled garden opens at 10:00 every day."]),
    "other": ("Little Tarrow Orchard", [
        "Entry costs £4 for adults and £2 for children."]),
}


@pytest.mark.parametrize(("question", "party"), [
    ("How much do two adults and three children pay to visit Tarrow Gardens?",
     Party(((2, "adult"), (3, "child")), "two adults and three children", 5)),
    ("What would 2 grown-ups and a kid pay?", Party(((2, "adult"), (1, "child")), "2 grown-ups and a kid", 3)),
    ("How much does a group of 12 adults pay?", None),  # one kind: a group (asked_group)
])
def test_the_party_a_question_counts(question: str, party: Party | None) -> None:
    assert asked_party(question) == party


@pytest.mark.parametrize(("sentence", "prices"), [
    ("Ticket Child (4-16): price £3.25.", {"child": "£3.25"}),
    ("The adult fee is 9 euros and the child fee 4 euros.", {"adult": "9 euros", "child": "4 euros"}),
    ("We paid £7 each and the kids paid £3.", {}),  # a price paid once, as history
    ("The adult fee will rise from £7 to £7.50, and the child fee from £3 to £3.25.", {}),  # a change
])
def test_the_price_of_each_kind_a_sentence_states(sentence: str, prices: dict[str, str]) -> None:
    assert kind_prices(sentence) == prices


def test_a_total_is_written_like_its_prices() -> None:
    assert party_total([(2, "£7.50"), (3, "£3.25")]) == "£24.75"
    assert party_total([(2, "12,50 €"), (1, "6 €")]) == "31,00 €"


def test_the_party_total_leads_from_one_page() -> None:
    claims, sources = listed_claims(PAGES)
    question = "How much do two adults and three children pay to visit Tarrow Gardens?"
    report, gate, _answered, total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("For two adults and three children: 2 × £7.50 + 3 × £3.25 = £24.75 [1]."), lead
    assert "relation_missing" not in gate.signals
    assert total >= 60


def test_a_party_large_enough_pays_the_group_rate() -> None:
    claims, sources = listed_claims(PAGES)
    report, _gate, _answered, _total = recorded_report(
        "How much do 10 adults and 4 children pay to visit Tarrow Gardens?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("For 10 adults and 4 children, a group of 14: 14 × £6.00 = £84.00 [1]."), lead


def test_a_kind_without_a_price_leaves_the_answer_not_established() -> None:
    claims, sources = listed_claims(PAGES)
    report, gate, _answered, total = recorded_report(
        "How much do two adults and a senior pay to visit Tarrow Gardens?", claims, sources)
    assert lead_section(report.markdown).startswith("Not established"), report.markdown
    assert gate.tier == "low" and total < 60, (gate.tier, total)


def test_a_group_row_saying_per_person_in_brackets_gives_the_total() -> None:
    # "(per person)" closes its bracket before the price: still a price per person (trial t64 Q06's row shape)
    assert per_head_total("Tours: groups of 10 or more (per person) ticket price 8 EUR", 12) == ("8 EUR", "96 EUR")
    assert per_head_total("Ticket Groups of 12 or more (per person): price £6.00.", 14) == ("£6.00", "£84.00")
