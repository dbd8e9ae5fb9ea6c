"""A question naming a thing in other words than the page ("kilns" / "ovens" for "furnaces", "lorries" for "trucks")
is led by the claim that states the answer in the page's words: near-synonym nouns (shared.text.synonyms) hold each
other in the lead's choice, in counts of "how many" and in the gate's relation words; words that only share a broader
kind ("ship" / "boat") do not (issue 9, trial t26 fault 3)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import relation_features, relation_missing
from shared.text.quantity import counts
from shared.text.synonyms import near_synonyms, same_thing, with_synonyms
from tests.claim_pages import listed_lead

Pages = dict[str, tuple[str, list[str]]]

POTTERY: Pages = {
    "p": ("Brellin pottery", ["The Brellin pottery was founded in 1820 by the Aske family.",
                              "The pottery's yard has two drying sheds with four chimney stacks.",
                              "The Brellin pottery operates a shop and employs 30 potters.",
                              "Today the Brellin pottery operates five furnaces."]),
    "m": ("Brellin museum", ["The Brellin museum opened in 1972 in the old malt house."]),
}
HAULAGE: Pages = {
    "h": ("Corvane Haulage", ["Corvane Haulage was set up in Dunmere in 1961.",
                              "Corvane Haulage runs three depots around Dunmere.",
                              "The firm runs a fleet of 42 trucks from its depot at Dunmere."]),
    "f": ("Dunmere ferry", ["The Dunmere ferry carries up to 12 cars on each crossing."]),
}
CLOCKS: Pages = {
    "c": ("Harl town clocks", ["The Harl Tower clock was first installed in 1730 by Ada Penn.",
                               "The Harl Tower clock has three dials and strikes on one bell.",
                               "The market clock has a single face facing the square."]),
}

FORGE: Pages = {
    "f": ("Tarrow forge", ["The Tarrow forge was built in 1851 beside the weir.",
                           "The Tarrow forge employs 14 smiths in its two workshops.",
                           "Each year the forge takes on three apprentices who learn to weld by hand."]),
    "b": ("Tarrow boatyard", ["The Tarrow boatyard trains four trainees a year in caulking."]),
}


@pytest.mark.parametrize(("question", "pages", "answer"), [
    ("How many kilns are in use at the Brellin pottery?", POTTERY, "five furnaces"),
    ("How many ovens does the Brellin pottery have?", POTTERY, "five furnaces"),
    ("How many lorries does Corvane Haulage run?", HAULAGE, "42 trucks"),
    # "How many faces does the Kessin Tower clock have?" was not established from "dials 4" (trial t34)
    ("How many faces does the Harl Tower clock have?", CLOCKS, "three dials"),
    ("How many clock faces does the Harl Tower clock have?", CLOCKS, "three dials"),
    # "How many trainees does the Kessler Mill take on a year?" was not established from "five apprentices" (t36)
    ("How many trainees does the Tarrow forge take on each year?", FORGE, "three apprentices"),
    ("How many apprentices does the Tarrow boatyard train a year?", FORGE, "four trainees"),
])
def test_a_count_asked_in_a_near_synonym_is_led_by_the_page_s_count(question: str, pages: Pages, answer: str) -> None:
    lead = listed_lead(question, pages)
    assert answer in lead.split("[1]")[0], lead


def test_the_gate_reads_the_count_of_a_near_synonym_as_the_count_asked() -> None:
    features = relation_features("How many kilns does the Brellin pottery operate?",
                                 "Today the Brellin pottery operates five furnaces [1].")
    assert features["count_named"] == 1.0
    assert not relation_missing("How many kilns does the Brellin pottery operate?", features)
    other = relation_features("How many kilns does the Brellin pottery operate?",
                              "The pottery's yard has two drying sheds with four chimney stacks [1].")
    assert other["count_named"] == 0.0


@pytest.mark.parametrize(("sentence", "nouns", "found"), [
    ("Today the pottery operates five furnaces.", ("kiln",), ["five"]),
    ("The firm runs 42 trucks.", ("lorry",), ["42"]),
    ("The workshop has three furnace bays.", ("kiln",), []),  # a compound's first noun is not what is counted
    ("The workshop has three furnace bays.", ("bay",), ["three"]),
    ("She released 7 studio albums.", ("studio", "album"), ["7"]),  # the compound asked whole
    ("The line runs four ships.", ("boat",), []),  # a ship is a vessel, as a boat is, but no boat
    ("We counted 12 sheep grazing.", ("sheep",), ["12"]),
    ("8,950 people live in the town.", ("people",), ["8,950"]),
])
def test_counts_read_near_synonyms_and_not_a_compound_s_first_noun(sentence: str, nouns: tuple[str, ...],
                                                                   found: list[str]) -> None:
    assert counts(sentence, nouns) == found


def test_near_synonyms_are_one_kind_of_thing_and_only_those() -> None:
    assert same_thing("kilns", "furnace") and same_thing("Oven", "furnaces") and same_thing("movie", "films")
    assert not same_thing("ship", "boat") and not same_thing("town", "city") and not same_thing("kiln", "bay")
    assert near_synonyms("lorries") == frozenset({"truck", "lorry"}) and near_synonyms("arch") == frozenset()
    assert with_synonyms({"furnace", "six"}, ["kiln", "town"]) == {"furnace", "six", "kiln"}
    assert same_thing("faces", "dial") and same_thing("dials", "clockface")
    assert same_thing("trainees", "apprentice") and same_thing("employees", "staff")
    assert not same_thing("apprentice", "smith") and not same_thing("trainee", "student")


def test_an_ing_form_names_no_thing_of_the_lexicon() -> None:
    # "one dial facing the street" says nothing of faces; "the faces" and "a face" do
    assert not same_thing("facing", "dial") and near_synonyms("facing") == frozenset()
    assert with_synonyms({"dial", "facing"}, ["face"]) == {"dial", "facing", "face"}
    assert with_synonyms({"facing", "street"}, ["dial"]) == {"facing", "street"}
