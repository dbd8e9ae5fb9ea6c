"""Issue 15, trial t35 fault 7: "I'm still using pyexiflite to read EXIF tags in an old script - is that ok or
should I switch to something else?" was no code question: "pyexiflite" (py + exif + lite) was not read as an
identifier because "exif" is no English word, and "I'm still using" was not read as the asker's use. A name built
on a package affix (py-, node-, -js, -lite, -kit, -lib) in a question of using, switching or upkeep names a package;
a spelling variant of an English word ("pyjamas") does not. Invented names."""

from __future__ import annotations

import pytest

from services.domain_code.offline import is_code_task, task_of
from services.planner.offline import plan
from shared.text.packages import identifier_shaped, package_names


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("I'm still using pyvelmorite to parse GPX tracks in an old tool - is that ok or should I switch?",
         "pyvelmorite"),
        ("Is quorbalite deprecated?", "quorbalite"),
        ("We're upgrading from nodeskarv, is the new major fine?", "nodeskarv"),
        ("Should I switch from tabrosjs to something else?", "tabrosjs"),
        ("Is pyvelmorite still OK to use?", "pyvelmorite"),
    ],
)
def test_an_affixed_name_in_a_question_of_use_or_upkeep_names_a_package(question: str, name: str) -> None:
    assert package_names(question) == [name]
    assert plan(question).domain == "code"
    assert is_code_task(question) and name in task_of(question).named


@pytest.mark.parametrize(
    "question",
    [
        "I'm still using pyjamas from my grandmother - should I switch to cotton ones?",
        "I'm still using satellite internet at the cabin, should I switch?",
        "We're switching to pyramid schemes of storage, is that wise?",
        "I'm still using my old bike - should I upgrade?",
    ],
)
def test_english_words_and_their_variants_name_no_package(question: str) -> None:
    assert package_names(question) == []


def test_affixed_identifiers() -> None:
    assert identifier_shaped("pyvelmorite") and identifier_shaped("quorbalite") and identifier_shaped("tabrosjs")
    assert not identifier_shaped("pyjamas")  # one letter from "pajamas"
    assert not identifier_shaped("kombucha")
