"""A yes/no question whether a named person still (or now, currently) holds an office is answered "No" by a claim
saying another succeeded that person or that the person stood down, though an older page still names the person in
office (task h132, trial t71 Q15: "Is <person> still president of <club>?" was answered "Yes" from the older page
while a dated news item said a successor took over; the "who is the current president" rewordings were right)
(``shared.text.succession``, ``services.synthesizer.verdicts``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.text.succession import ended_holders, predecessors, succession_pairs
from tests.claim_pages import local_claim, local_source

SUCCEEDS = ("Ines Marlow succeeds Osric Fell, who led the club for eight years from 2016 and stood down to become "
            "its patron.")


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


def test_a_present_tense_succession_names_the_one_followed() -> None:
    assert predecessors(SUCCEEDS) == ["Osric Fell"]
    assert predecessors("Ines Marlow replaces Osric Fell as chair.") == ["Osric Fell"]
    assert "Osric Fell" in ended_holders(SUCCEEDS)
    # "who led ... and stood down": a relative clause before the verb of leaving
    assert ended_holders("Osric Fell, who had chaired the club since 2016 and retired in March, will be its patron.") \
        == ["Osric Fell"]


SOURCES = {
    "a": local_source("a", "About the Harnley Rowing Club"),
    "n": local_source("n", "Harnley Rowing Club elects new chair"),
}
CLAIMS = [
    local_claim("a1", "a", "The Harnley Rowing Club chair is Osric Fell, who was elected in 2016."),
    local_claim("a2", "a", "The Harnley Rowing Club is the rowing club of the town of Harnley."),
    local_claim("n1", "n", "The Harnley Rowing Club elected Ines Marlow as its new chair at its annual meeting on "
                           "2 April 2025."),
    local_claim("n2", "n", SUCCEEDS),
]


@pytest.mark.parametrize("question", [
    "Is Osric Fell still chair of the Harnley Rowing Club?",
    "Is Osric Fell currently chair of the Harnley Rowing Club?",
    "Is Osric Fell the current chair of the Harnley Rowing Club?",
])
def test_a_successor_says_no(question: str) -> None:
    texts = [c.text for c in CLAIMS]
    titles = [SOURCES[c.source_id].title for c in CLAIMS]
    decided = decide_yes_no(question, texts, titles, [0, 1, 2, 3], [True, False, True, False])
    assert decided is not None and decided.answer is False and decided.cited == (3,), decided
    lead = _answer(synthesize(question, CLAIMS, SOURCES).markdown)
    assert lead.startswith("No"), lead
    assert "Osric Fell" in lead and "succeeds" in lead and "elected Ines Marlow as its new chair" in lead, lead
    assert "who was elected in 2016" not in lead, lead  # the older page naming him in office is superseded


def test_the_successor_is_not_said_to_have_left() -> None:
    texts = [c.text for c in CLAIMS]
    titles = [SOURCES[c.source_id].title for c in CLAIMS]
    decided = decide_yes_no("Is Ines Marlow still chair of the Harnley Rowing Club?", texts, titles, [2, 3, 0, 1],
                            [False, False, True, False])
    assert decided is None or decided.answer is not False, decided


def test_leaving_another_office_says_nothing_of_the_one_asked() -> None:
    claims = [local_claim("a1", "a", "The Harnley Rowing Club chair is Osric Fell, who was elected in 2016."),
              local_claim("n2", "n", "Ines Marlow succeeded Osric Fell as treasurer in 2015.")]
    texts = [c.text for c in claims]
    titles = [SOURCES[c.source_id].title for c in claims]
    decided = decide_yes_no("Is Osric Fell still chair of the Harnley Rowing Club?", texts, titles, [0, 1],
                            [True, False])
    assert decided is None or decided.answer is not False or decided.cited != (1,), decided


@pytest.mark.parametrize("succession", [
    "Maren Holt, the former treasurer, succeeded Piet Orrin as chair of the Harnley Rowing Club in 2023.",
    "In 2023 Maren Holt, a former treasurer of the club, succeeded Piet Orrin as chair.",
    "Maren Holt, the former treasurer, succeeded Piet Orrin, the club's founder, as chair.",
])
def test_a_comma_aside_hides_not_who_succeeded_whom(succession: str) -> None:
    # the aside after the successor ("the former treasurer") leaves the successor the one who followed, and the one
    # named after "succeeded" the one who left (review stop44, task h149)
    claims = [local_claim("a1", "a", "The Harnley Rowing Club chair is Piet Orrin, who was elected in 2016."),
              local_claim("n1", "n", succession)]
    texts = [c.text for c in claims]
    titles = [SOURCES[c.source_id].title for c in claims]
    assert succession_pairs(succession) == [("Maren Holt", "Piet Orrin")]
    left = decide_yes_no("Is Piet Orrin still chair of the Harnley Rowing Club?", texts, titles, [1, 0],
                         [False, True])
    assert left is not None and left.answer is False and left.left_office and left.cited == (1,), left
    stays = decide_yes_no("Is Maren Holt still chair of the Harnley Rowing Club?", texts, titles, [1, 0],
                          [False, True])
    assert stays is None or not stays.left_office, stays
