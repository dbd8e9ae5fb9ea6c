"""Tests for the one reader of "page title -> the subject's name" (shared.text.terms.title_subject): a frame before
the name ("About the ..."), a lower-case subtitle after it ("...: a history"), a few lower-case words after it
("... facts"); each caller reads one of these (the claim extractor the frame, the gate's bridge the subtitle, the
synthesizer's claim subjects the tail)."""

from __future__ import annotations

import pytest

from shared.text.terms import page_of_questions, title_subject


@pytest.mark.parametrize(("title", "whole", "framed", "subtitled", "tailed"), [
    # a frame of words about the page before the name
    ("About the Halvard Observatory", "Halvard Observatory", "Halvard Observatory", None, None),
    # a lower-case subtitle after a colon: the name before it, "The" kept as written
    ("The Halvard Observatory: a history", "The Halvard Observatory", None, "The Halvard Observatory", None),
    # a name followed by lower-case words saying what the page tells of it
    ("Orla Hall facts", "Orla Hall", None, None, "Orla Hall"),
    ("The Orla Hall visitor information", "The Orla Hall", None, None, "The Orla Hall"),
    # the steps in turn: the subtitle, then the frame before the name
    ("About the Orla Hall: a history", "Orla Hall", None, "About the Orla Hall", None),
])
def test_each_step_drops_the_words_about_the_page(title: str, whole: str, framed: str | None,
                                                  subtitled: str | None, tailed: str | None) -> None:
    assert title_subject(title) == whole
    assert title_subject(title, subtitle=False, tail=False) == framed
    assert title_subject(title, tail=False, frame=False) == subtitled
    assert title_subject(title, subtitle=False, frame=False) == tailed


@pytest.mark.parametrize("title", [
    # a site's name after a separator is no step of this reader (the claim extractor's _title_subjects splits it)
    "Halvard Observatory - Wikipedia",
    "Halvard Observatory | Visit Halvik",
    # a title that is one name, with its disambiguation dropped by clean_title
    "Reading Football Club",
    "Gone with the Wind",
    "Orla Hall (building)",
    # more than three lower-case words after a name: a clause, not a name and a tail
    "Orla Hall was built in the year",
    "",
    None,
])
def test_a_title_without_words_about_the_page_gives_none(title: str | None) -> None:
    assert title_subject(title) is None
    assert title_subject(title, subtitle=False, tail=False) is None
    assert title_subject(title, tail=False, frame=False) is None
    assert title_subject(title, subtitle=False, frame=False) is None


@pytest.mark.parametrize("title", [
    "Tessory Lock Museum: Q&A",
    "Tessory Lock Museum: Commonly Asked Questions",
    "Tessory Lock Museum - Question and Answer",
    "Tessory Lock Museum: Frequently Asked Questions",
])
def test_a_questions_page_subtitle_is_one_rule(title: str) -> None:
    # one list of a questions page's phrases (shared.text.terms._QUESTIONS_PAGE_PHRASES): each says the page is one
    # of questions and, as a title-case subtitle, is no part of the subject's name
    assert page_of_questions(title)
    assert title_subject(title) == "Tessory Lock Museum"


def test_a_title_of_a_name_writing_on_a_plural_thing_has_no_headline_subject() -> None:
    # review of stop 45, F6: "bridges" after "on the" is a plural noun, not the headline's verb
    assert title_subject("Ada Lenz on the bridges and harbours of Dunmore") is None
    assert title_subject("Orla Hall raises ticket prices and closes Big Ada for repairs") == "Orla Hall"
