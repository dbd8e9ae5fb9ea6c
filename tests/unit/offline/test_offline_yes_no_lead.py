"""A yes/no question's lead says "Yes" / "No" with the citation when a supported claim settles it (one claim stating
the relation asked, in its words or the same relation's; or the compared facts of two named things), and says the
claims leave it open otherwise."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import UNDECIDED_TEXT
from shared.text.relations import relation_of, same_relation
from tests.claim_pages import listed_lead

Pages = dict[str, tuple[str, list[str]]]

TOWER = {"s1": ("Harbour Tower", ["The Harbour Tower is 41 metres tall."]),
         "s2": ("Old Mill", ["The Old Mill of Skerra is 30 metres tall."])}
BIRTHS = {"s1": ("Ada Marsh", ["Ada Marsh was born in Orlen in 1950."]),
          "s2": ("Bo Lind", ["Bo Lind was born in Skerra in 1960."])}
LIBRARY = {"s1": ("Orlen Seed Library", ["The Orlen Seed Library was established by Ada Marsh in 1998."])}


@pytest.mark.parametrize(("question", "pages", "opening"), [
    ("Is the Harbour Tower taller than the Old Mill?", TOWER, "Yes: "),
    ("Is the Old Mill taller than the Harbour Tower?", TOWER, "No: "),
    ("Was Ada Marsh born before Bo Lind?", BIRTHS, "Yes: "),
    ("Was Bo Lind born before Ada Marsh?", BIRTHS, "No: "),
    ("Did Ada Marsh found the Orlen Seed Library?", LIBRARY, "Yes: "),
    ("Is Ada Marsh a native of Orlen?", {"s1": ("Ada Marsh", ["Ada Marsh was born in Orlen in 1950."])}, "Yes: "),
])
def test_a_settled_yes_no_question_opens_with_yes_or_no_and_cites(question: str, pages: Pages, opening: str) -> None:
    lead = listed_lead(question, pages)
    assert lead.startswith(opening), lead
    assert "[1]" in lead


def test_one_claim_stating_both_compared_facts_settles_it_alone() -> None:
    pages = {"s1": ("Harbour Tower", ["The Harbour Tower is 41 metres tall and stands taller than the Old Mill."]),
             "s2": ("Old Mill", ["The Old Mill of Skerra is 30 metres tall."])}
    lead = listed_lead("Is the Harbour Tower taller than the Old Mill?", pages)
    assert lead.startswith("Yes: The Harbour Tower is 41 metres tall and stands taller than the Old Mill [1].")
    assert "disagree" not in lead  # two things' heights are no disagreement


@pytest.mark.parametrize(("question", "pages"), [
    ("Did Ada Marsh destroy the Orlen Seed Library?", LIBRARY),  # another relation than the one asked
    ("Is Ada Marsh a native of Skerra?", {"s1": ("Ada Marsh", ["Ada Marsh was born in Orlen in 1950."])}),
    ("Is the Harbour Tower taller than the Old Mill?", {"s1": TOWER["s1"]}),  # one side's height only
])
def test_an_unsettled_yes_no_question_says_it_is_open(question: str, pages: Pages) -> None:
    lead = listed_lead(question, pages)
    assert lead.startswith(UNDECIDED_TEXT), lead
    assert not lead.startswith(("Yes", "No"))


def test_relation_words_are_matched_through_a_lexicon() -> None:
    assert same_relation("native", "born") and same_relation("birthplace", "born")
    assert same_relation("established", "founded") and same_relation("director", "directed")
    assert same_relation("author", "novel")  # "based on a novel by X" names the author asked for
    assert not same_relation("founded", "born") and relation_of("arches") is None
