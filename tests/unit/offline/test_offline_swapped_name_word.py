"""A name of the asked one's head noun with another word before it names another thing (issue 9, trial t46 fault
1): "The Craft Museum had 41,300 visitors in 2023" never answers "How many visitors did the Orlen Glass Museum have
in 2023?" when a page names the Orlen Glass Museum too; the asked museum's table row leads, the judge counts a lead
stating only the other museum's figure unanswered and the gate's chain features find no asked name in it
(``shared.text.terms.swapped_name_word``; ``services.synthesizer.offline.select_lead`` / ``swapped_subjects``,
``services.synthesizer.confidence.chain_features``, ``services.judge.offline.stated_answer``)."""

from __future__ import annotations

import pytest

from services.judge.offline import UNANSWERED_MAX, judge, stated_answer
from services.synthesizer.confidence import CHAIN_NAMES_MIN, chain_features
from shared.report import lead_section
from shared.text.terms import names_swapped_word, swapped_name_word
from shared.text.tokens import tokenize
from tests.claim_pages import findings_of, listed_claims, recorded_report

PAGES = {
    "report": ("Annual report 2023 (summary)", [
        "The year 2023 was the museum's best since the pandemic.",
        "Year 2021: visitors 17,430, workshop guests 8,650.",
        "Year 2022: visitors 22,115, workshop guests 12,480.",
        "Year 2023: visitors 24,750, workshop guests 14,030.",
        "Director Ann Vike thanked the Friends of the Orlen Glass Museum, whose membership rose to 1,140.",
    ]),
    "craft": ("Orlen Craft Museum", [
        "The Orlen Craft Museum on the south bank is run by the city council.",
        "The Craft Museum had 41,300 visitors in 2023.",
        "The Orlen Craft Museum has no glass; visitors interested in glass are referred to the Orlen Glass Museum "
        "at Northgate, which is an independent museum.",
    ]),
}
CLAIMS, SOURCES = listed_claims(PAGES)
QUESTION = "How many visitors did the Orlen Glass Museum have in 2023?"


def test_the_other_museums_figure_never_leads() -> None:
    rep, _gate, _answered, _total = recorded_report(QUESTION, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert "24,750" in lead and "41,300" not in lead, lead
    # nor is the other museum's figure kept among the findings as if it bore on the question
    assert "41,300" not in findings_of(rep.markdown), rep.markdown


def test_a_lead_stating_only_the_other_museums_figure_is_no_answer() -> None:
    lead = ("The Craft Museum had 41,300 visitors in 2023 [1]. The Orlen Craft Museum has no glass; visitors "
            "interested in glass are referred to the Orlen Glass Museum at Northgate, which is an independent "
            "museum [1].")
    assert stated_answer(QUESTION, lead, {1}) is None
    # the gate reads it as naming nothing of the asked thing's chain, so it is never high
    assert chain_features(QUESTION, lead, {1: "Orlen Craft Museum"})["chain_names"] < CHAIN_NAMES_MIN
    j = judge(f"# {QUESTION}\n\n## Answer\n\n{lead}\n", question=QUESTION, claims_total=2, claims_supported=2,
              citations=[], sub_queries=[])
    assert not j.answered and j.total <= UNANSWERED_MAX
    # the asked museum's own figure answers
    right = "Year 2023: visitors 24,750 at the Orlen Glass Museum [1]."
    assert stated_answer(QUESTION, right, {1}) is not None


@pytest.mark.parametrize("name,subject,other", [
    ("Orlen Glass Museum", "Craft Museum", True),
    ("Orlen Glass Museum", "Orlen Craft Museum", True),
    ("Orlen Glass Museum", "Glass Museum", False),  # a short form of the asked name
    ("Orlen Glass Museum", "Orlen Museum", False),
    ("Orlen Glass Museum", "Orlen Glass Museum", False),
    ("Orlen Glass Museum", "Orlen Glass Depot", True),  # another head, the asked one's words before it (task f48e)
    ("Glass Museum", "Craft Museum", False),  # two words: the word before the head may be a place's
    ("Orlen Glass Museum", "Varde Craft Museum", False),  # a word of its own beyond the one before the head
    ("Orlen Glass Museum", "Orlen Glassworks Museum", False),  # the distinguishing word written longer
    ("Orlen Railway Museum", "Rail Museum", False),
])
def test_swapped_name_word(name: str, subject: str, other: bool) -> None:
    assert swapped_name_word(tokenize(name), tokenize(subject)) is other


@pytest.mark.parametrize("text,other", [
    ("The Craft Museum had 41,300 visitors in 2023.", True),
    ("Director Ann Vike thanked the Friends of the Orlen Glass Museum.", False),
    ("The Orlen Craft Museum refers visitors to the Orlen Glass Museum.", False),  # names the asked one too
    ("", False),
])
def test_names_swapped_word(text: str, other: bool) -> None:
    assert names_swapped_word(tokenize("Orlen Glass Museum"), text) is other
