"""Trial t62 q06 (the pages here are invented): "How much does a guided walk of X cost per person for a group of 12
or more?" answered by "Groups of 12 or more pay 5.50 euros per person ..." on a page that priced the walk in the
sentence before ("A guided walk costs 8 euros per adult ..."). A price said by who pays it alone
(:func:`shared.text.groups.paid_by_payer`) is of the thing its page priced right before it, so the lead states the
relation asked (the walk) and is not held back as "not established"."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.groups import paid_by_payer
from tests.claim_pages import listed_claims, noted_report

QUESTION = "How much does a guided walk of the Pellbrook Town Museum cost per person for a group of 12 or more?"
PRICED = "A guided walk costs 8 euros per adult and 4 euros per child."
GROUPS = "Groups of 12 or more pay 5.50 euros per person and must book ahead."


def _pages(before: str, groups: str = GROUPS) -> dict[str, tuple[str, list[str]]]:
    return {"visit": ("Visit the Pellbrook Town Museum", [
        "Guided walks of the Pellbrook Town Museum run on Saturdays at 10:00.",
        "Museum membership is free for everyone who lives in Pellbrook.",
        before, groups])}


def test_paid_by_payer() -> None:
    assert paid_by_payer(GROUPS) and paid_by_payer("Children under 12 are charged €2 each.")
    assert not paid_by_payer("Visitors pay 3 euros for the audio guide.")
    assert not paid_by_payer(PRICED) and not paid_by_payer("Groups pay nothing.")


def test_a_price_said_by_its_payers_is_of_the_thing_priced_before_it() -> None:
    report, gate = noted_report(QUESTION, *listed_claims(_pages(PRICED)))
    assert lead_section(report.markdown) == "Groups of 12 or more pay 5.50 euros per person and must book ahead [1].", \
        report.markdown  # on main: "Not established: the amount of money asked for. Related findings, ..."
    assert gate.tier == "high" and not gate.signals.get("relation_missing"), gate.signals


def test_after_no_price_it_states_nothing_of_the_walk() -> None:
    report, gate = noted_report(QUESTION, *listed_claims(_pages("Entry to the museum garden is free of charge.")))
    assert lead_section(report.markdown).startswith("Not established: the amount of money asked for."), report.markdown
    assert gate.tier == "low" and gate.signals.get("relation_missing") == 1.0, gate.signals


@pytest.mark.parametrize("groups", ["Until 2019, groups of 12 or more paid 5.50 euros per person.",
                                    "Groups of 12 or more pay 20 euros as a deposit when booking.",
                                    "Groups of 12 or more formerly pay 5.50 euros per person.",
                                    "Groups of 12 or more were charged 5.50 euros per person."])
def test_a_past_price_or_a_deposit_said_by_its_payers_is_not_the_price_asked(groups: str) -> None:
    """Review stop 40 finding 3: a past "paid" / "were charged" or a sum named as a deposit led at high."""
    assert not paid_by_payer(groups)
    report, gate = noted_report(QUESTION, *listed_claims(_pages(PRICED, groups)))
    assert lead_section(report.markdown).startswith("Not established: the amount of money asked for."), report.markdown
    assert gate.tier == "low", gate.signals
