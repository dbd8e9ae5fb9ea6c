"""A disputed count is said with the whole noun it counts, up to the noun phrase's head: "about 2,450 bird species
[1]; about 3,100 bird species [2]", not "2,450 bird" (issue 9, trial t32 fault 8: "about 11,800 plant [1]; about
14,200 plant [2]"; ``services.synthesizer.offline``: ``_counted_phrase``). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _counted_phrase
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "news": ("Heath reserve's bird list cut", [
        "An independent survey has found that the Veldmoor Heath Reserve holds about 2,450 bird species, well below "
        "the figure the reserve publishes.",
        "The survey counted only breeding birds."]),
    "reserve": ("Veldmoor Heath Reserve", [
        "The Veldmoor Heath Reserve is a nature reserve on the Veld estuary.",
        "The Veldmoor Heath Reserve holds about 3,100 bird species and subspecies, according to its 2021 audit."]),
}


def test_the_disputed_values_keep_the_noun_they_count() -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report("How many bird species does the Veldmoor Heath Reserve hold?",
                                                    claims, sources)
    lead = lead_section(rep.markdown)
    assert "disagree" in lead, lead
    assert "about 2,450 bird species [" in lead and "about 3,100 bird species [" in lead, lead


@pytest.mark.parametrize("text,shown,whole", [
    ("The reserve holds about 2,450 bird species, well below the figure.", "2,450 bird", "2,450 bird species"),
    ("It holds 3,100 bird species and subspecies.", "3,100 bird", "3,100 bird species"),
    ("The huts recorded 19,400 overnight stays in 2020.", "19,400 overnight", "19,400 overnight stays"),
    ("The club has 5,210 registered members.", "5,210 registered", "5,210 registered members"),
    ("The fair drew 2,000 young people.", "2,000 young", "2,000 young people"),
    # the noun is already whole, or no plural noun follows: as written
    ("The museum owns 3,800 glass objects.", "3,800 glass objects", "3,800 glass objects"),
    ("The hut has 36 beds.", "36 beds", "36 beds"),
    ("The park has one glasshouse and a pond.", "one glasshouse", "one glasshouse"),
    ("The tower is 38 metres tall.", "38 metres", "38 metres"),
    ("The hall seats 400 guests.", "400 guests", "400 guests"),
    ("The ferry carried 9,100 cars in the summer months.", "9,100 cars", "9,100 cars"),
    # a function word ends the phrase: what follows is no part of the noun counted
    ("It keeps 40 rare in the winter hives.", "40 rare", "40 rare"),
])
def test_the_counted_phrase_ends_at_its_head(text: str, shown: str, whole: str) -> None:
    assert _counted_phrase(text, shown) == whole
