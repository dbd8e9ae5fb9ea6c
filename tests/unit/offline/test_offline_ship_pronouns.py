"""Tests for services.claim_extractor.offline: "she"/"her" of a ship (or a country) stand for the page's subject, a
name holding an organisation's word is no person a "she" stands for, and a one-word name of a thing the page writes
after "the" or a ship's prefix is never a "he"."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import _person_like, extract_claims


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


SHIP = ("The SS Kelmarra was a Danish ocean liner built by Ateliers Navals de Morvic at Tessholm and launched on 2 May "
        "1911. She was designed by the naval architect Ode Vantrell.\n\n"
        "The Kelmarra was 188.4 metres long. Her triple-expansion engines gave her a speed of 19.5 knots.\n\n"
        "She could carry 1,240 passengers in two classes.\n")


def test_she_and_her_of_a_ship_stand_for_the_ship() -> None:
    assert texts(SHIP, "SS Kelmarra") == [
        "The SS Kelmarra was a Danish ocean liner built by Ateliers Navals de Morvic at Tessholm and launched on 2 May "
        "1911.",
        "The SS Kelmarra was designed by the naval architect Ode Vantrell.",
        "The Kelmarra was 188.4 metres long.",
        "The SS Kelmarra's triple-expansion engines gave her a speed of 19.5 knots.",
        "The SS Kelmarra could carry 1,240 passengers in two classes.",
    ]


def test_a_ship_named_without_prefix_is_she_by_its_opening() -> None:
    text = "The Brenvald was a Norwegian cargo steamer of 1904. She carried 3,100 tons of timber on each crossing."
    assert texts(text, "Brenvald")[-1] == "The Brenvald carried 3,100 tons of timber on each crossing."


def test_a_builder_with_a_particle_is_no_person_a_she_stands_for() -> None:
    # the zoo is no "she"; the one name of the sentence before is an organisation's, not a person's: no claim
    text = ("Quellby Zoo is a small zoo in Harl. In 1990 the zoo hired Ateliers Navals de Morvic to build its aviary. "
            "She designed its steel roof.")
    assert texts(text, "Quellby Zoo") == ["Quellby Zoo is a small zoo in Harl.",
                                          "In 1990 the zoo hired Ateliers Navals de Morvic to build its aviary."]


@pytest.mark.parametrize("name", ["Ateliers Navals de Morvic", "Harwick Iron Works", "Velling GmbH", "Brask Yard",
                                  "Tarnby Shipyards Ltd"])
def test_a_name_holding_an_organisation_word_is_no_person(name: str) -> None:
    assert not _person_like(name)


@pytest.mark.parametrize("name", ["Ode Vantrell", "Ana de la Velsa", "Tomas Church", "Elin Mill"])
def test_a_persons_name_stays_person_like(name: str) -> None:
    assert _person_like(name)


@pytest.mark.parametrize("ship", ["the RMS Kelmarra", "the Kelmarra"])
def test_a_he_on_a_blog_about_a_ship_is_never_the_ship(ship: str) -> None:
    text = (f"My grandfather sailed on {ship} as a cook in 1931.\n\n"
            "He was ashore on leave when she went down in 1939.\n")
    assert texts(text, "Memories of the Kelmarra") == [f"My grandfather sailed on {ship} as a cook in 1931."]


def test_a_country_is_she() -> None:
    text = "Norway is a country in northern Europe. Her merchant fleet was the fourth largest in 1939."
    assert texts(text, "Norway")[-1] == "Norway's merchant fleet was the fourth largest in 1939."


def test_a_person_page_keeps_he_and_she() -> None:
    text = "Ode Vantrell was a Danish naval architect. He designed 14 liners for the yard at Tessholm."
    assert texts(text, "Ode Vantrell")[-1] == "Ode Vantrell designed 14 liners for the yard at Tessholm."
    text = "Mira Sandvold is a Danish rower. She won 3 medals at the 2012 championships."
    assert texts(text, "Mira Sandvold")[-1] == "Mira Sandvold won 3 medals at the 2012 championships."
