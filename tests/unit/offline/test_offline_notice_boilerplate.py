"""Tests for shared.text.noise: disclaimers, imprint lines and a shop's tax note are page furniture, never claims,
and a page titled as a legal notice gives no claims at all (issue 9, trial t26 F7)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import legal_page, noise_kind


@pytest.mark.parametrize(
    "sentence",
    [
        "Disclaimer: Opening times in this leaflet were correct when it went to print.",
        "Legal notice: the owner of these pages is the Brenholm Rowing Club.",
        "The information on this page is provided without any warranty.",
        "All material in this brochure is provided \"as is\" by the publisher.",
        "The maps are for illustration purposes only.",
        "Everything here is published for reference only.",
        "Timetables are subject to change without notice.",
        "Please confirm the opening hours with the museum before visiting.",
        "Always check the ferry times before you travel.",
        "This site is owned and operated by Brenholm Rowing Club, Quay Road 2, Brenholm.",
        "Our online shop is run by Velden Books Ltd, VAT number GB 123 4567 89.",
        "All prices shown include 20% VAT.",
    ],
)
def test_notice_boilerplate_is_a_disclaimer(sentence: str) -> None:
    assert noise_kind(sentence) == "disclaimer"
    assert extract_claims(sentence) == []


@pytest.mark.parametrize(
    "sentence",
    [
        "The used laptop is sold without warranty by the dealer.",
        "Doctors check the dose twice before giving the injection.",
        "The company's registered office is in London since 1998.",
        "The museum is run by the guild and is open from Tuesday to Sunday.",
        "The website was run by the BBC until it closed in 2010.",
        "Information about the 1851 census is kept in the county archive.",
        "The warranty covers the motor for five years.",
    ],
)
def test_statements_about_the_same_things_are_content(sentence: str) -> None:
    assert noise_kind(sentence) is None


@pytest.mark.parametrize(
    ("title", "legal"),
    [
        ("Legal notice", True), ("Impressum | Velden Books", True), ("Privacy Policy - Brenholm News", True),
        ("Terms and Conditions", True), ("Mentions légales", True), ("Cookie policy", True),
        ("Privacy policy changes anger users", False), ("Terms of Endearment", False), ("Terms", False),
        ("Brenholm Visitor Guide 2023", False), ("History of the Brenholm Rowing Club", False),
    ],
)
def test_legal_page_by_its_title(title: str, legal: bool) -> None:
    assert legal_page(title) is legal


def test_a_legal_page_gives_no_claims() -> None:
    text = ("The Brenholm Rowing Club is a registered society with 140 members in the town.\n\n"
            "Its boathouse on the quay was built in 1911 by the town council.")
    assert extract_claims(text, title="Impressum | Brenholm Rowing Club") == []
    assert len(extract_claims(text, title="Brenholm Rowing Club")) == 2
