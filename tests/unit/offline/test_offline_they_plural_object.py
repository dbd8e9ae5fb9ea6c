"""Tests for services.claim_extractor.offline (review of stop 43, F10): a plural "They"/"Their" opening a sentence
stands for the organisation the sentence before names only when that sentence has no plural noun after its verb.
"<company> felt hats for the army until 1950. They were sold across the county." is about the hats: before, the
pronoun became the company ("<company> were sold across the county."), a false claim. Now such a pronoun is left
unresolved (no claim), and so is a "They" after it that stands for the same thing."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize(
    ("middle", "name"),
    [
        ("The Ambleth Felt Company felt caps for the navy until 1950.", "The Ambleth Felt Company"),
        ("Wemsby Pottery made bowls for the market.", "Wemsby Pottery"),
        ("The Ambleth Show drew 4,000 visitors.", "The Ambleth Show"),
        ("The Ambleth Felt Company employed 40 people in 1950.", "The Ambleth Felt Company"),
        ("The Ambleth Felt Company has also made fine woollen caps since 1901.", "The Ambleth Felt Company"),
    ],
)
def test_they_after_a_plural_object_is_no_organisation(middle: str, name: str) -> None:
    text = f"Ambleth is a market town. {middle} They came from all over the county.\n"
    out = texts(text, "Ambleth")
    assert middle in out, out
    assert not any("came from all over the county" in c for c in out), out


def test_they_on_the_organisation_s_own_page_after_a_plural_object_is_unresolved() -> None:
    text = "Wemsby Pottery made bowls for the market. They were sold across the county.\n"
    out = texts(text, "Wemsby Pottery")
    assert not any("sold across the county" in c for c in out), out


def test_a_second_they_about_the_same_plural_object_stays_unresolved() -> None:
    text = ("Ambleth is a market town. The Ambleth Show drew 4,000 visitors. They came from all over the county. "
            "They paid 5 pounds each.\n")
    out = texts(text, "Ambleth")
    assert not any("paid 5 pounds each" in c for c in out), out


@pytest.mark.parametrize(
    ("middle", "expected"),
    [
        # a singular object: the organisation
        ("The Ambleth Felt Company made one famous cap for the navy.",
         "The Ambleth Felt Company were based in Ambleth until 1950."),
        # no object: the organisation
        ("The Ambleth Felt Company was founded in 1901.",
         "The Ambleth Felt Company were based in Ambleth until 1950."),
        # a plural complement of "are" is the subject itself, no object
        ("The Ambleth Bell Ringers are volunteers.", "The Ambleth Bell Ringers were based in Ambleth until 1950."),
    ],
)
def test_they_after_no_plural_object_is_still_the_organisation(middle: str, expected: str) -> None:
    text = f"Wemsby is a village. {middle} They were based in Ambleth until 1950.\n"
    out = texts(text, "Wemsby")
    assert expected in out, out
