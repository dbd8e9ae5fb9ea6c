"""A question asking when a named thing was founded is led by the sentence stating the founding of that thing, not by
another thing's opening that only the page's title relates to it ("Dunfield Basin opened in 1926" on the page
"Harlowe Canal Company wharves"): "opened" names a founding too, but of the basin the sentence opens with, and the
wh-phrase's word "year" says the kind of answer, not what it is about (issue 9, trial t25 fault 1)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _relation_of_other
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_subject
from tests.claim_pages import listed_claims, local_claim, recorded_report

PAGES = {
    "h": ("Harlowe Canal Company", ["The Harlowe Canal Company was founded in 1851 by the surveyor Mireille Ostrander.",
                                    "Its first barge route ran from Brackwater to Dunfield in 1853."]),
    "w": ("Harlowe Canal Company wharves", ["Dunfield Basin opened in 1926, the year the head office moved there.",
                                            "Brackwater Wharf has two berths and was rebuilt in 1960."]),
    "t": ("Tallmere Lido", ["Tallmere Lido opened in 1926 on the river bank."]),
}


@pytest.mark.parametrize(("question", "subject"), [
    ("In what year was the HCC founded?", "HCC"),
    ("When did the Harlowe Canal Company open?", "Harlowe Canal Company"),
    ("When was the Harlowe Canal Company set up?", "Harlowe Canal Company"),
    ("Who founded the Harlowe Canal Company?", "Harlowe Canal Company"),
    ("Where is the magazine headquartered that Ann Lee writes for?", None),
    ("When was the town where Ann Lee was born founded?", None),
    ("What is the southern terminus of the Kessrow Valley Railway?", None),
])
def test_the_name_whose_relation_is_asked(question: str, subject: str | None) -> None:
    assert relation_subject(question) == subject


def test_a_relation_of_the_name_a_sentence_opens_with_is_that_names() -> None:
    q = "In what year was the Harlowe Canal Company founded?"
    assert _relation_of_other(local_claim("a", "w", "Dunfield Basin opened in 1926."), q)
    assert not _relation_of_other(local_claim("b", "h", "The Harlowe Canal Company was founded in 1851."), q)
    assert not _relation_of_other(local_claim("c", "w", "Brackwater Wharf has two berths."), q)  # no founding
    assert not _relation_of_other(local_claim("d", "h", "HCC was founded in 1851."), "When was the Harlowe Canal "
                                  "Company founded?")  # its abbreviation
    # a relation asked of a thing the question describes (the bridge) may be stated of any name
    assert not _relation_of_other(local_claim("e", "m", "Ledger Weekly is headquartered in Orlen."),
                                  "Where is the magazine headquartered that Ann Lee writes for?")


@pytest.mark.parametrize("question", ["In what year was the Harlowe Canal Company founded?",
                                      "When was the Harlowe Canal Company established?",
                                      "When was the Harlowe Canal Company set up?",
                                      "What year was the Harlowe Canal Company created?"])
def test_the_founding_of_the_named_thing_leads(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Harlowe Canal Company was founded in 1851"), lead
    assert "1926" not in lead and not says_not_established(lead) and answered, lead
