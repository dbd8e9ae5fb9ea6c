"""Tests for services.claim_extractor.offline: a pronoun after "the <noun>" naming another thing than the page's
subject (a look-alike named before) is left unresolved, and a pronoun is never replaced by a name its sentence
already writes."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims

PAGE = "Harl Polytechnic"
OPENING = "Harl Polytechnic is a public college in Denmoor founded in 1921. It has 9,300 students.\n\n"
LOOK_ALIKE = ("The Old Harl Seminary was a separate school in the hamlet of Harl. It opened in 1702 and closed in "
              "1850. {peak} Its clock tower is 27 metres tall. The seminary charged 30 crowns a year. It has no "
              "connection with Harl Polytechnic apart from the name.")


def texts(text: str, title: str | None = PAGE) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize("peak", [
    "At its peak the seminary had 310 pupils.",
    "The seminary had 310 pupils at its peak.",
    "In its heyday, the seminary had 310 pupils.",
])
def test_pronoun_after_the_look_alikes_description_is_not_the_page_subjects(peak: str) -> None:
    assert texts(OPENING + LOOK_ALIKE.format(peak=peak)) == [
        "Harl Polytechnic is a public college in Denmoor founded in 1921.",
        "Harl Polytechnic has 9,300 students.",
        "The Old Harl Seminary was a separate school in the hamlet of Harl.",
        "The Old Harl Seminary opened in 1702 and closed in 1850.",
        peak,
        "The seminary charged 30 crowns a year.",
    ]


def test_description_the_page_subject_goes_by_still_resolves() -> None:
    text = "Harl Polytechnic is a public college in Denmoor. The polytechnic has 9,300 students. Its library holds " \
           "2 million books."
    assert texts(text)[-1] == "Harl Polytechnic's library holds 2 million books."


def test_description_naming_nothing_before_still_resolves() -> None:
    # "the college" heads no other name of the page: the page's subject, as before
    text = "Harl Polytechnic is a public university in Denmoor. The college has 9,300 students. Its library holds " \
           "2 million books."
    assert texts(text)[-1] == "Harl Polytechnic's library holds 2 million books."


def test_pronoun_is_never_replaced_by_a_name_its_sentence_writes() -> None:
    text = "Harl Polytechnic is a public college in Denmoor. Visitors often mix up the two colleges. It has no " \
           "connection with Harl Polytechnic apart from the name."
    assert texts(text) == ["Harl Polytechnic is a public college in Denmoor.",
                           "Visitors often mix up the two colleges."]


def test_a_longer_name_holding_the_subjects_is_another_name() -> None:
    text = "Harl Polytechnic is a public college in Denmoor. It runs the Harl Polytechnic Hospital."
    assert texts(text)[-1] == "Harl Polytechnic runs the Harl Polytechnic Hospital."


def test_the_subjects_fuller_name_in_the_opening_sentence_is_no_other_thing() -> None:
    text = "Harl Polytechnic Technical College, known as Harl Polytechnic, is a public college in Denmoor. The " \
           "college was founded in 1921. Its library holds 2 million books."
    assert texts(text)[-1] == "Harl Polytechnic's library holds 2 million books."


def test_names_on_two_lines_are_no_other_thing() -> None:
    """An infobox's row value closing one line and the next row's label opening the following one ("Orla Vinge" /
    "Course records") name no "Orla Vinge Course": "the course" after them is the page subject's own, so its "Its"
    stands for the page's subject (on main before this test the claim was dropped)."""
    text = ("The Tarrow Marathon is an annual road race in Tarrow founded in 1984.\n\n"
            "Race director\nOrla Vinge\n\nCourse records\nMen: 2:09:12\n\n"
            "The course is mostly flat. Its highest point is Bell Hill at 90 m above sea level.")
    assert "The Tarrow Marathon's highest point is Bell Hill at 90 m above sea level." in texts(
        text, title="Tarrow Marathon")


def test_a_possessive_before_the_subjects_own_name_still_resolves() -> None:
    """"Its keeper ... kept the <X> lamp burning" names X's keeper: a possessive pronoun substituted by a name the
    rest of its sentence writes again is no "X ... X" nonsense (on main before this test the claim was dropped)."""
    text = ("The Orle beacon on Tarn island was first lit in 1880. Its keeper, Maren Holt, kept the Orle beacon lamp "
            "burning for thirty years.")
    assert texts(text, title="The Orle beacon")[1] == (
        "The Orle beacon's keeper, Maren Holt, kept the Orle beacon lamp burning for thirty years.")
