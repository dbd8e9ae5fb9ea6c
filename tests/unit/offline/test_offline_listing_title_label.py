"""A page title is glued before a lead sentence only as the name of what the sentence is about ("Kingdom of Hungary:
Its capital was Buda until 1536."): a title listing things of a name ("KVR station list", "Harlowe Canal Company
wharves": the name, then lower-case nouns) is the page's heading, and a sentence opening with a name of its own
("Dunfield Basin opened in 1926") says itself what it is about, so neither gets a title before it in the lead
(issue 9, trial t25 fault 3)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _labelled, _topic_title
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report, web_claim, web_sources

PAGES = {
    "k": ("Kessrow Valley Railway", ["The Kessrow Valley Railway is a heritage line in the hills above Tallmere.",
                                     "The railway was established in 1872 by a group of quarry owners."]),
    "s": ("KVR station list", ["The halt at Upper Kessrow has one platform.",
                               "Tallmere has two platforms and a tea room."]),
    "w": ("Harlowe Canal Company wharves", ["Dunfield Basin opened in 1926.", "It has forty moorings."]),
}


@pytest.mark.parametrize(("title", "topic"), [("KVR station list", True), ("Harlowe Canal Company wharves", True),
                                              ("Led Zeppelin discography", True), ("Kingdom of Hungary", False),
                                              ("Acer pseudoplatanus", False), ("Harbour Tower", False),
                                              ("Battle of the Bulge", False)])
def test_a_title_listing_things_of_a_name_is_a_topic(title: str, topic: bool) -> None:
    assert _topic_title(title) is topic


def test_no_title_before_a_sentence_about_another_thing() -> None:
    sources = web_sources({"s": "KVR station list", "w": "Harlowe Canal Company wharves", "k": "Kingdom of Hungary",
                           "t": "Harbour Tower"})
    assert _labelled(web_claim("s", "The halt at Upper Kessrow has one platform."), sources) == ""
    assert _labelled(web_claim("w", "Dunfield Basin opened in 1926."), sources) == ""
    assert _labelled(web_claim("t", "Ann Lee designed it in 1907."), sources) == ""  # opens with a name of its own
    # a page's name still says what a sentence referring to it is about
    assert _labelled(web_claim("k", "Its capital was Buda until 1536."), sources) == "Kingdom of Hungary: "
    assert _labelled(web_claim("t", "It is 48 metres tall."), sources) == "Harbour Tower: "


@pytest.mark.parametrize(("question", "sentence"), [
    ("How many platforms does the halt at Upper Kessrow have?", "The halt at Upper Kessrow has one platform [1]."),
    ("When did Dunfield Basin open?", "Dunfield Basin opened in 1926 [1]."),
])
def test_the_lead_opens_with_the_claim_sentence(question: str, sentence: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(sentence) and answered, lead
