"""A question naming a year is led by the claim counting what it asks in that year, even when that claim counts it
in other words than the question ("70,200 passengers in 2023" for "How many people travelled ... in 2023?") while
another claim counts the question's own noun in other years ("in 2021, when 64,500 people travelled") (issue 9,
trial t32 fault 5) (``services.synthesizer.offline.asked_time_lead``)."""

from __future__ import annotations

from services.synthesizer.offline import asked_time_lead, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "ferry": ("Hallow Sound ferry - passenger numbers",
              ["The ferry carried 61,000 passengers in 2020.",
               "Passengers returned in 2021, when 64,500 people travelled, and 2022 was a record year with 66,900 "
               "passengers.",
               "The Hallow Sound ferry links Brack and Ulvey."]),
    "news": ("Ferry sets a passenger record",
             ["The Hallow Sound ferry carried 70,200 passengers in 2023, its busiest year so far."]),
    "island": ("Ulvey", ["Ulvey had 2,310 inhabitants at the 2021 census.", "The island's church was built in 1744."]),
}


def test_the_asked_years_count_in_other_words_leads() -> None:
    claims, sources = listed_claims(PAGES)
    lead = lead_section(synthesize("How many people travelled on the Hallow Sound ferry in 2023?", claims,
                                   sources).markdown)
    assert lead.startswith("The Hallow Sound ferry carried 70,200 passengers in 2023"), lead
    assert not any(x in lead for x in ("64,500", "66,900", "61,000")), lead


def test_a_lead_claim_of_the_year_asked_needs_a_count_and_the_years_own_figure_comes_first() -> None:
    texts = ["In 2021, when 64,500 people travelled, the ferry was full.",
             "The new pier opened in 2023.",
             "The ferry carried 70,200 passengers in 2023."]
    question = "How many people travelled on the ferry in 2023?"
    # the pier's year is no count: only the claim counting in 2023 leads
    assert asked_time_lead(question, texts, [0, 1, 2], [0, 1, 2]) == [2, 1]
    # with no count of that year in the lead, the lead stays as it was
    assert asked_time_lead(question, texts, [0, 1], [0, 1]) == [0, 1]
    # a count of the question's own noun in the year asked leads as before
    texts[0] = "In 2023, 70,400 people travelled on the ferry."
    assert asked_time_lead(question, texts, [1, 2, 0], [0, 1, 2])[0] == 0
