"""A count is found in a page's own word for what a "how many" question counts: a near-synonym of the lexicon
("212 apiarists" for "how many beekeepers") or a closed compound's head ("3,400 hives" for "how many beehives", "40
beehives" for "how many hives") (issue 9, trial t28 fault 6) (``shared.text.quantity``, ``shared.text.synonyms``)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.quantity import counted_nouns, counts
from shared.text.synonyms import same_thing
from tests.claim_pages import listed_claims


def test_a_synonym_or_a_compound_head_counts_the_noun_asked() -> None:
    assert same_thing("apiarists", "beekeeper")
    assert counts("The guild's membership stood at 118 apiarists in 2022.",
                  counted_nouns("How many beekeepers belong to the Tolven guild?")) == ["118"]
    assert counts("Haldoy had 1,250 hives in 2022.", counted_nouns("How many beehives are there on Haldoy?")) == ["1,250"]
    assert counts("The orchard keeps 40 beehives.", counted_nouns("How many hives does the orchard keep?")) == ["40"]
    assert counts("Haldoy has 12 bookshops.", counted_nouns("How many shops does Haldoy have?")) == ["12"]


def test_a_word_ending_in_another_is_no_compound_of_it() -> None:
    assert counts("The hill has 300 ants.", counted_nouns("How many elephants live on the hill?")) == []
    assert counts("The valley has 3 rains a week.", counted_nouns("How many trains stop in the valley?")) == []
    assert counts("The island has 14 keepers of the light.", counted_nouns("How many hives are there?")) == []


def test_the_count_in_the_pages_word_leads() -> None:
    claims, sources = listed_claims({
        "guild": ("Tolven Beekeepers' Guild", ["The Tolven Beekeepers' Guild was founded in 1921 in Tolven.",
                                               "The guild's membership stood at 118 apiarists in 2022."]),
        "town": ("Tolven", ["Tolven is a market town with 6,400 inhabitants."])})
    lead = lead_section(synthesize("How many beekeepers belong to the Tolven Beekeepers' Guild?", claims,
                                   sources).markdown)
    assert "118" in lead and "6,400" not in lead, lead
