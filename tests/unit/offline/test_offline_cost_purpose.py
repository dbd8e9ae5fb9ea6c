"""A question asking what an act cost ("How much did it cost to restore ...?") is not answered by another cost the
pages give (a membership's, a ticket's): the lead must state the act with the amount, else the report says "Not
established" and is judged as unanswered, never above an honest non-answer (issue 9, trial t32 fault 6)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import cost_purpose
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("question", "purpose"), [
    ("How much did it cost to repair the Vell lighthouse in 2019?", "repair"),
    ("How much did it cost the council to build the new pier?", "build"),
    ("What did the 2019 renovation of the Vell lighthouse cost?", "renovation"),
    ("What was the cost of the replacement of the lamp?", "replacement"),
    ("How much does a guided tour of the lighthouse cost?", None),
    ("What is the cost of the building?", None),
])
def test_the_act_whose_cost_is_asked(question: str, purpose: str | None) -> None:
    assert cost_purpose(question) == purpose


PAGES = {
    "l": ("Vell Lighthouse", ["The Vell Lighthouse stands on the north cape of Vell island.",
                              "The lighthouse was repaired in 2019 after a storm cracked its lantern room.",
                              "A guided tour of the tower costs 8 crowns."]),
}


def test_another_cost_is_not_established_as_the_act_cost() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, total = recorded_report("How much did it cost to repair the Vell Lighthouse in 2019?",
                                                 claims, sources)
    assert says_not_established(rep.markdown) and not answered and gate.tier == "low", lead_section(rep.markdown)
    assert total <= 33, total  # as the judge scores a report saying it did not establish the answer


def test_the_cost_of_the_act_stated_answers() -> None:
    pages = {"l": (PAGES["l"][0], [*PAGES["l"][1], "The 2019 repair of the lantern room cost 2.4 million crowns."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report("How much did it cost to repair the Vell Lighthouse in 2019?",
                                                    claims, sources)
    lead = lead_section(rep.markdown)
    assert "2.4 million crowns" in lead and not says_not_established(rep.markdown), lead
