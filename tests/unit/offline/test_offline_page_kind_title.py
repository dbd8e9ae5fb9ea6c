"""Tests for services.claim_extractor.offline: a page title naming the kind of page beside the subject ("Visitor guide
- Kelmor Rope Museum", "About - ...", "... | Home") gives the subject's name only; a bare "The museum" of that page
is rewritten to that name, never to the whole title, and the rewritten claim is supported by its own sentence (issue
9, trial t46 fault 3: "Visitor guide - ... is closed on Mondays" stayed unverified and a yes/no question on Monday
opening was answered from another museum). Invented pages."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.entailment import entailment

TEXT = ("Visitor guide - Kelmor Rope Museum\n\nOpening hours: Tuesday to Sunday, 10:00-17:00. The museum is closed on "
        "Mondays, except on public holidays.\n\nAdmission: adults 7 crowns, children free.")


@pytest.mark.parametrize("title", [
    "Visitor guide - Kelmor Rope Museum",
    "About - Kelmor Rope Museum",
    "Kelmor Rope Museum | Home",
    "Annual report 2023 - Kelmor Rope Museum",
])
def test_a_page_kind_beside_the_name_is_no_part_of_the_subject(title: str) -> None:
    text = TEXT.replace("Visitor guide - Kelmor Rope Museum", title)
    claims = extract_claims(text, title=title)
    closed = next(c for c in claims if "Mondays" in c.text)
    assert closed.text == "Kelmor Rope Museum is closed on Mondays, except on public holidays."
    assert entailment(closed.text, text[closed.start:closed.end]).label == "supported"
    assert not any(title in c.text for c in claims)


def test_two_names_beside_each_other_stay_a_title_of_both() -> None:
    # neither part says what kind of page it is: the title is not cut to one of them
    text = "Romeo and Juliet - Shakespeare\n\nThe play was first printed in 1597."
    claims = [c.text for c in extract_claims(text, title="Romeo and Juliet - Shakespeare")]
    assert not any(c.startswith("Shakespeare ") for c in claims)
