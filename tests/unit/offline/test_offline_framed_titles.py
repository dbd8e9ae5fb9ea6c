"""Tests for a page title that frames its subject's name with words about the page ("About the ...", "Visiting the
...", "Welcome to ...", "A short history of the ..."): the frame is no part of the subject (trial t38 fault 8)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.terms import title_subject


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize(("title", "name"), [
    ("About the Halvard Observatory", "Halvard Observatory"),
    ("Visiting the Halvard Observatory", "Halvard Observatory"),
    ("Welcome to Sankt Lorenz", "Sankt Lorenz"),
    ("A guide to the Museum of Lake Craft", "Museum of Lake Craft"),
    ("A short history of the Halvard Observatory", "Halvard Observatory"),
    ("About Marrow Bay Lifeboat Station", "Marrow Bay Lifeboat Station"),  # a preposition alone, no "the"
    ("Inside Velloc Abbey", "Velloc Abbey"),
])
def test_frame_words_before_a_name_are_not_the_name(title: str, name: str) -> None:
    assert title_subject(title, subtitle=False, tail=False) == name


@pytest.mark.parametrize("title", [
    "The Battle of the Bulge",  # one name with connectors
    "Reading Football Club",  # an -ing word that is part of the name
    "Ice hockey at the Winter Olympics",  # a topic opening with a noun
    "Gone with the Wind",  # a work's name
    "A Night at the Opera",  # a name in title case
    "Halvard Observatory: a short history",  # the name first (a subtitle, handled elsewhere)
    "Visiting the observatory",  # no name framed
    "Discover Sankt Lorenz",  # no word in lower case between the frame and the name
    "About Schmidt",  # a preposition alone before a one-word name: a work's name
    "For Whom the Bell Tolls",  # a preposition that opens works' names
])
def test_a_title_that_is_no_frame_gives_none(title: str) -> None:
    assert title_subject(title, subtitle=False, tail=False) is None


@pytest.mark.parametrize("heading", ["", "# About the Halvard Observatory\n\n"])
def test_possessive_pronoun_gets_the_framed_name_not_the_frame(heading: str) -> None:
    # a heading repeating the title is no sentence naming the page's subject by the frame
    text = (f"{heading}The Halvard Observatory was opened in 1911 by the astronomer Signe Dal. Its dome houses a "
            "refractor of 60 centimetres.")
    assert texts(text, "About the Halvard Observatory") == [
        "The Halvard Observatory was opened in 1911 by the astronomer Signe Dal.",
        "The Halvard Observatory's dome houses a refractor of 60 centimetres.",
    ]


@pytest.mark.parametrize("title", ["Visiting the Halvard Observatory", "A short history of the Halvard Observatory"])
def test_pronoun_under_other_frames_gets_the_name(title: str) -> None:
    text = "The Halvard Observatory stands on a ridge above the town.\n\nIts library holds 4,200 star charts."
    assert texts(text, title)[-1] == "The Halvard Observatory's library holds 4,200 star charts."


def test_a_framed_title_the_text_writes_whole_stays_the_subject() -> None:
    # the text names the work by its whole title: that is the subject, not the words after "the"
    text = "In the Mood is a big band song recorded in 1939. It topped the charts for thirteen weeks."
    assert texts(text, "In the Mood")[-1] == "In the Mood topped the charts for thirteen weeks."


def test_a_bare_preposition_frame_is_no_part_of_the_subject() -> None:
    # "About Marrow Bay Lifeboat Station" (no "the"): the possessive gets the name, never "About Marrow Bay ...'s"
    text = ("# About Marrow Bay Lifeboat Station\n\nMarrow Bay Lifeboat Station was opened in 1868. "
            "Its boathouse was rebuilt in 1931.")
    assert texts(text, "About Marrow Bay Lifeboat Station")[-1] == (
        "Marrow Bay Lifeboat Station's boathouse was rebuilt in 1931.")
