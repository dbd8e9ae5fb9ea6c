"""A yes/no question about a yearly event in one year is decided by the claim about that year's event ("The 2021
festival was cancelled" says no to "Was it held in 2021?"), never by the claim that dates its start; a French,
German, Spanish or Italian question gets the answer type of its wh-word, and a who question in French is led by the
claim naming the person."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_type
from tests.claim_pages import listed_lead

Pages = dict[str, tuple[str, list[str]]]

FESTIVAL: Pages = {
    "s1": ("The Harrow Kite Festival", ["The Harrow Kite Festival was first held in 1971.",
                                        "The festival takes place every year on the first weekend of May.",
                                        "The 2021 festival was cancelled.",
                                        "In 2022 the festival drew about 9,000 visitors."]),
    "s2": ("Harrow", ["Harrow is a coastal town known for its kite festival held every May."]),
}
COUNCIL: Pages = {
    "s1": ("Keswold", ["The town is the seat of the Marrow District Council."]),
    "s2": ("Marrow District Council", ["The Marrow District Council sits in Keswold.",
                                       "The council's chair is Tobin Arlo, first elected chair in 2016.",
                                       "The council has 31 councillors."]),
}


@pytest.mark.parametrize(("question", "opening"), [
    ("Was the Harrow Kite Festival held in 2021?", "No: The 2021 festival was cancelled [1]."),
    ("Was the Harrow Kite Festival cancelled in 2021?", "Yes: The 2021 festival was cancelled [1]."),
    ("Was the Harrow Kite Festival held in 1971?", "Yes: The Harrow Kite Festival was first held in 1971 [1]."),
])
def test_the_claim_about_the_year_asked_decides_and_follows_yes_or_no(question: str, opening: str) -> None:
    assert listed_lead(question, FESTIVAL).startswith(opening)


def test_the_year_the_event_began_is_no_no_for_another_year() -> None:
    lead = listed_lead("Was the Harrow Kite Festival held in 2022?", FESTIVAL)
    assert not lead.startswith("No"), lead
    assert "first held in 1971" not in lead.split("[1]")[0], lead


@pytest.mark.parametrize(("question", "kind"), [
    ("Qui préside le conseil du district de Marrow ?", "who"),
    ("Wer leitet den Bezirksrat von Marrow?", "who"),
    ("¿Quién preside el consejo del distrito de Marrow?", "who"),
    ("Chi presiede il consiglio del distretto di Marrow?", "who"),
    ("Où se trouve le siège du conseil ?", "where"),
    ("Wo liegt die Brücke von Keswold?", "where"),
    ("Quando è stata fondata la vetreria di Keswold?", "when"),
    ("Wie viele Einwohner hat Keswold?", "how_many"),
    ("¿Cuántos habitantes tiene Keswold?", "how_many"),
    ("Dove Cameron starred in which film?", "which"),  # an English question opening with a name
])
def test_a_foreign_question_is_typed_by_its_wh_word(question: str, kind: str) -> None:
    assert answer_type(question) == kind


def test_a_french_who_question_is_led_by_the_person_not_the_place() -> None:
    lead = listed_lead("Qui préside le conseil du district de Marrow ?", COUNCIL)
    assert lead.startswith("The council's chair is Tobin Arlo"), lead


def test_the_english_who_question_keeps_its_lead() -> None:
    lead = listed_lead("Who chairs the Marrow District Council?", COUNCIL)
    assert lead.startswith("The council's chair is Tobin Arlo"), lead
