"""Issue 9 (trial t50 fault 3, task f50g): a disagreement on a count that leads says what is disputed, gives each value
once with every source giving it, and says when one value has clearly more sources.

"How many locks does the Orvane Canal have?" was led by "The sources disagree: 41 locks [1] ≈ 41 locks [2] ≈ 41 locks
[3]; 43 locks [4]." Invented pages (the Brask Canal).
"""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.evidence import SourceInfo
from shared.report import lead_section
from shared.text.answer import attribute_asked
from tests.claim_pages import page_claim as _claim

QUESTION = "How many locks does the Brask Canal have?"
TITLES = {"blog": "Six days on the water: our boat week on the Brask Canal", "enc": "Brask Canal",
          "trust": "Brask Canal Trust annual report 2023", "reg": "Inland Waterways Index: Brask Canal"}
TEXTS = {"blog": "The Brask Canal has 25 locks, and we worked through every one of them.",
         "enc": "The Brask Canal is 54 kilometres long and has 23 locks.",
         "trust": "The Brask Canal Trust maintains all 23 locks of the Brask Canal and 54 km of towpath.",
         "reg": "The Brask Canal's number of locks: 23."}


def _lead(sources: list[str], *, one_site: bool = False) -> str:
    claims = [_claim(TEXTS[s], s) for s in sources]
    # (``one_site``: every page but the blog of one site, so no three of them are independent sources)
    infos = {s: SourceInfo(source_id=s, title=TITLES[s], url_or_path=f"https://{s}.example/", domain=f"{s}.example")
             if not one_site or s == "blog" else
             SourceInfo(source_id=s, title=TITLES[s], url_or_path=f"https://brask.example/{s}", domain="brask.example")
             for s in sources}
    return lead_section(synthesize(QUESTION, claims, infos).markdown)


def test_a_count_dispute_says_what_is_disputed_and_groups_equal_values() -> None:
    lead = _lead(["enc", "trust", "reg", "blog"], one_site=True)
    assert lead.startswith("The sources disagree on the number of locks of the Brask Canal: "), lead
    assert "≈" not in lead and lead.count("23 locks") == 1 and "25 locks" in lead, lead
    # every source giving 23 is cited beside the one value
    head = lead.split("23 locks", 1)[1].split(";", 1)[0]
    assert head.count("[") == 3, lead


def test_a_value_given_by_clearly_more_sources_is_said_so() -> None:
    lead = _lead(["enc", "trust", "reg", "blog"], one_site=True)
    assert "(23 in three sources, 25 in one)" in lead, lead


def test_a_value_three_independent_sites_agree_on_leads() -> None:
    # trial t53 q03: three sites against one, the value agreed on leads and the outlier is said after it
    lead = _lead(["enc", "trust", "reg", "blog"])
    assert lead.split("\n")[0] == ("The number of locks of the Brask Canal is 23 locks [1][2][3]; one source says "
                                   "25 locks [4]."), lead


def test_no_tally_when_no_value_has_clearly_more_sources() -> None:
    lead = _lead(["enc", "blog"])
    assert "disagree" in lead and "sources," not in lead and " in one" not in lead, lead


@pytest.mark.parametrize(("question", "asked"), [
    ("How many locks does the Brask Canal have?", "the number of locks of the Brask Canal"),
    ("How many platforms does Orsk Quay station have?", "the number of platforms of Orsk Quay station"),
    ("How many locks are there in the Fenna lock flight?", "the number of locks in the Fenna lock flight"),
])
def test_a_count_a_named_thing_has_is_an_attribute_asked(question: str, asked: str) -> None:
    assert attribute_asked(question) == asked
