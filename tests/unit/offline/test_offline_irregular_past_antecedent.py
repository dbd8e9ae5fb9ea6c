"""Tests for services.claim_extractor.offline (task h118, a trial's news page on a course record): a sentence whose
subject is a name before an irregular simple past ("<club> broke the course record ...") is about that name, so
the pronoun opening the next sentence stands for it ("Their eight covered the course in 4 minutes 51.2 seconds"
-> "<club>'s eight covered ..."). Before, only a short list of verbs and "-ed" words marked a named subject, the
pronoun fell back to the page's title (a headline) and the sentence, the record's update, was no claim."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


NEWS = (
    "# New course record at Harlow Reach\n\n"
    "Fenmouth Gazette, 6 July 2026\n\n"
    "Darnley Rowing Club broke the Harlow Reach Regatta course record in the final of the Ellory Cup on Sunday, "
    "5 July 2026. Their eight covered the 1,600-metre course in 4 minutes 51.2 seconds, beating the previous record "
    "of 4:55.0 set by Pellham College Boat Club in 2018.\n"
)


@pytest.mark.parametrize("title", ["New course record at Harlow Reach", None])
def test_their_after_a_club_that_broke_a_record_is_the_club(title: str | None) -> None:
    out = texts(NEWS, title)
    assert "Darnley Rowing Club's eight covered the 1,600-metre course in 4 minutes 51.2 seconds, beating the " \
           "previous record of 4:55.0 set by Pellham College Boat Club in 2018." in out, out


@pytest.mark.parametrize(
    ("opening", "verb"),
    [
        ("Marlow Sculling Club drew", "drew"),
        ("The Fenmouth Boat Club took", "took"),
        ("Pellham College Boat Club won", "won"),
    ],
)
def test_a_name_before_any_irregular_past_is_the_antecedent(opening: str, verb: str) -> None:
    text = (f"# Results\n\n{opening} the largest crowd of the season on Saturday at Harlow Reach. Their crews "
            "finished first in 6 of the 9 finals of the Ellory Cup.\n")
    out = texts(text, "Results of the weekend")
    name = opening.split(f" {verb}")[0]
    assert f"{name}'s crews finished first in 6 of the 9 finals of the Ellory Cup." in out, out


def test_a_past_spelt_as_its_base_does_not_mark_a_subject() -> None:
    # "set" is a past and a noun: "Harlow Reach set ..." names no subject by it, so "Its" keeps the page's subject
    text = ("# Harlow Reach Regatta\n\nThe Harlow Reach Regatta is a rowing regatta on the river Orla. Harlow "
            "Reach set pieces are painted each spring. Its course is 1,600 metres long.\n")
    out = texts(text, "Harlow Reach Regatta")
    assert "The Harlow Reach Regatta's course is 1,600 metres long." in out, out
