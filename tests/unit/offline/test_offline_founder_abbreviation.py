"""A name with its abbreviation in brackets ("The Harlowe Canal Company (HCC) was founded ...") is that name: the
bracketed abbreviation is a name of its own, no part of the longer one, so "Who founded the Harlowe Canal
Company?" is answered by that sentence's founder after "by" and a role noun ("by the surveyor Mireille
Ostrander"), never led by a sentence of another relation of another page ("Dunfield Basin opened in 1926")
(issue 9, trial t25 fault F1)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.terms import find_entities
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "h": ("Harlowe Canal Company: a short history",
          ["The Harlowe Canal Company (HCC) was founded in 1851 by the surveyor Mireille Ostrander in the village "
           "of Brackwater.", "The first barge route ran from Brackwater to Dunfield in 1853."]),
    "s": ("HCC wharf list", ["Dunfield Basin opened in 1926, the same year the head office moved to Dunfield.",
                             "Brackwater Wharf has two berths."]),
    "c": ("HCC leadership", ["The chief executive of the HCC is Tobias Renwick, appointed in 2019."]),
}


def test_a_bracketed_abbreviation_is_a_name_of_its_own() -> None:
    names = find_entities("The Harlowe Canal Company (HCC) was founded in 1851 by Mireille Ostrander.")
    assert names[:2] == ["Harlowe Canal Company", "HCC"]
    assert find_entities("Rush (band) toured with the Royal Canadian Air Force Band.")[0] == "Rush"


@pytest.mark.parametrize("question", ["Who founded the Harlowe Canal Company?", "Who founded the HCC?",
                                      "Who founded the Harlowe Canal Company, and in which year?"])
def test_the_founder_after_by_and_a_role_noun_leads(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Harlowe Canal Company (HCC) was founded in 1851 by the surveyor Mireille Ostrander"), lead
    assert not says_not_established(lead) and "opened in 1926" not in lead, lead
