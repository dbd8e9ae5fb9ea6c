"""A choice that names the attribute it compares ("Which had the larger garrison, A or B?") is decided only by
figures whose clause states that attribute for each option ("its garrison numbered 45 men"), never by another
figure of the options ("two 12-inch guns"); when an option has no such figure it is not decided (trial t70 Q16: the
guns' calibres, 10-inch against 9-inch, decided "the larger garrison" at 0.94 although each one's "garrison
numbered N men" sentence was extracted). services.synthesizer.verdicts.compared_attribute / figure_of_attribute /
decide_choice. Invented pages only."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import compared_attribute, decide_choice, figure_of_attribute
from shared.report import lead_section
from tests.claim_pages import listed_claims

FORT = "Fort Ambrel"
REDOUBT = "Skelly Head Redoubt"
FORT_CLAIMS = [
    "Fort Ambrel stands on the cliffs above Tarrow Bay.",
    "Fort Ambrel was armed with six 7-inch rifled guns in granite casemates.",
    "In peacetime the garrison of the fort numbered 180 men; in wartime it could be raised to 300.",
]
REDOUBT_CLAIMS = [
    "Skelly Head Redoubt was armed with two 12-inch breech-loading guns.",
    "Skelly Head Redoubt's first commander was Captain Orrin Vale, and its garrison numbered 45 men.",
]
QUESTION = "Which had the larger garrison, Fort Ambrel or Skelly Head Redoubt?"


def _decide(question: str, fort: list[str], redoubt: list[str]):  # type: ignore[no-untyped-def]
    texts = [*fort, *redoubt]
    titles = [FORT] * len(fort) + [REDOUBT] * len(redoubt)
    return decide_choice(question, texts, titles, list(range(len(texts))))


def test_the_garrisons_decide_not_the_guns() -> None:
    choice = _decide(QUESTION, FORT_CLAIMS, REDOUBT_CLAIMS)
    assert choice is not None
    assert choice.options == (FORT, REDOUBT)
    assert choice.values == ("180 men", "45 men")
    assert choice.by_figures and not choice.by_count


def test_the_smaller_garrison() -> None:
    choice = _decide("Which had the smaller garrison, Fort Ambrel or Skelly Head Redoubt?", FORT_CLAIMS,
                     REDOUBT_CLAIMS)
    assert choice is not None
    assert choice.options == (REDOUBT, FORT)
    assert choice.values == ("45 men", "180 men")


def test_no_garrison_figure_for_one_option_decides_nothing() -> None:
    # the redoubt's guns are no garrison: not decided, whatever the calibres
    assert _decide(QUESTION, FORT_CLAIMS, REDOUBT_CLAIMS[:1]) is None
    assert _decide(QUESTION, FORT_CLAIMS[:2], REDOUBT_CLAIMS) is None


def test_any_noun_attribute_is_read_so() -> None:
    # "the longer runway": the runways' lengths, not the distances to the town
    fields = ["Orsk Field lies 12 km east of the town of Dunmere.", "Orsk Field's runway is 1,800 metres long.",
              "Pell Airfield lies 3 km north of the harbour.", "The runway of Pell Airfield measures 2,400 metres."]
    titles = ["Orsk Field", "Orsk Field", "Pell Airfield", "Pell Airfield"]
    question = "Which has the longer runway, Orsk Field or Pell Airfield?"
    choice = decide_choice(question, fields, titles, [0, 1, 2, 3])
    assert choice is not None
    assert choice.options == ("Pell Airfield", "Orsk Field")
    assert choice.values == ("2,400 metres", "1,800 metres")
    # without Pell's runway, its distance from the harbour decides nothing
    assert decide_choice(question, fields[:3], titles[:3], [0, 1, 2]) is None


def test_a_word_of_the_attribute_s_relation_states_it() -> None:
    texts = ["Orla has 12,400 inhabitants.", "Vent has a population of 8,100."]
    choice = decide_choice("Which city has a higher population, Orla or Vent?", texts, ["Orla", "Vent"], [0, 1])
    assert choice is not None
    assert choice.options == ("Orla", "Vent")


@pytest.mark.parametrize(("question", "attribute"), [
    (QUESTION, "garrison"),
    ("Which city has a higher population, Orla or Vent?", "population"),
    ("Which is the fort with the bigger garrison, Fort Ambrel or Skelly Head Redoubt?", "garrison"),
    ("Which has the longer runway, Orsk Field or Pell Airfield?", "runway"),
    # no attribute named: the comparative alone, what the options are, a count
    ("Which is larger, Orla or Vent?", ""),
    ("Which is the larger town, Orla or Vent?", ""),
    ("Which has more visitors, Orla or Vent?", ""),
    ("Which is older, Orla or Vent?", ""),
])
def test_compared_attribute(question: str, attribute: str) -> None:
    options = [o.strip() for o in question.rstrip("?").split(",")[-1].split(" or ")]
    assert compared_attribute(question, options) == attribute


@pytest.mark.parametrize(("text", "figure", "held"), [
    ("Skelly Head Redoubt's first commander was Captain Orrin Vale, and its garrison numbered 45 men.", "45", True),
    ("Skelly Head Redoubt was armed with two 12-inch breech-loading guns.", "12", False),
    # the garrison is named in another clause than the figure's
    ("The redoubt had a small garrison, and it was armed with two 12-inch guns.", "12", False),
])
def test_figure_of_attribute(text: str, figure: str, held: bool) -> None:
    assert figure_of_attribute("garrison", text, text.find(figure)) is held


def test_the_report_leads_with_the_larger_garrison() -> None:
    claims, sources = listed_claims({"f": (FORT, FORT_CLAIMS), "r": (REDOUBT, REDOUBT_CLAIMS)})
    lead = lead_section(synthesize(QUESTION, claims, sources).markdown)
    assert lead.startswith("Fort Ambrel") and "180 men" in lead and "inch" not in lead.split(".")[0], lead
