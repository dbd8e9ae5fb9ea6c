"""Domain detection (issue 15 leftovers): a question that asks about using, importing or switching to something
named like a package (a lower-case name that is no plain English word, or a popular package's name), or calls it a
library or package, is a code question without a language word ("Should I use datefmtr?"); the same verbs with
plain words stay general ("Should I use a cast iron pan?")."""

from __future__ import annotations

import pytest

from services.domain_code.offline import is_code_task
from services.planner.offline import plan
from shared.text.packages import identifier_shaped, names_package


@pytest.mark.parametrize(
    "question",
    [
        "Should I use datefmtr?",
        "Should I use dayjs or moment for formatting dates?",
        "Is tempora-fmt a good library?",
        "Should I switch to limitwise from ratelimitr?",
        "Should I use body-parser?",
        "Is it safe to depend on the zorvex package?",
    ],
)
def test_a_package_like_name_with_a_use_verb_is_a_code_question(question: str) -> None:
    assert names_package(question)
    assert plan(question).domain == "code"
    assert is_code_task(question)  # and the code domain answers it


@pytest.mark.parametrize(
    "question",
    [
        "Should I use a cast iron pan?",
        "What should I use to clean a cast-iron pan?",
        "Should I use Zoom or Slack for meetings?",
        "Should I use sunscreen every day?",
        "How did the Romans use aqueducts?",
        "Should I use the metric system?",
        "Who founded the Halloway Seed Library?",
        "Which lab ran ultrasound studies using graphene membranes in 2015?",  # no asker's choice
        # a word of some language that no word list here holds is no package's name by that alone (issue 15)
        "Should I use kombucha?",
        "Should I use matcha or quinoa?",
        "Can I use ashwagandha daily?",
    ],
)
def test_plain_words_after_a_use_verb_stay_general(question: str) -> None:
    assert not names_package(question)
    assert plan(question).domain == "general"


@pytest.mark.parametrize(
    ("name", "shaped"),
    [("datefmtr", True), ("dayjs", True), ("limitwise", True), ("tabrowz", True), ("quilcsv", True),
     ("py3o", True), ("tempora-fmt", True), ("kombucha", False), ("matcha", False), ("ashwagandha", False),
     ("quinoa", False)],
)
def test_a_made_up_identifier_is_told_from_a_foreign_word(name: str, shaped: bool) -> None:
    """An abbreviation, a digit, a separator or a compound of English words and abbreviations makes an identifier;
    a loanword is pronounceable and made of none."""
    assert identifier_shaped(name) is shaped


def test_the_question_calling_it_a_package_needs_no_identifier_spelling() -> None:
    assert names_package("Is kombucha a good library?")
    assert plan("Should I use kombucha?").domain == "general"
