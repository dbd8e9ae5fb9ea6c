"""A package the question calls one in plain words is looked up and the yes/no answered about it (issue 15, trial
t51s fault 1, c4: "Is the Python package luhnzilla a good choice ...? Show how to use it." never asked PyPI for
``luhnzilla`` and recommended another package at 1.00 "high", judged 46). Invented names; no network."""

from __future__ import annotations

from services.domain_code.offline import task_of
from shared.text.packages import names_package, package_names


def test_a_name_after_a_word_for_a_package_is_a_package_name_whatever_its_spelling() -> None:
    for question, name in (
            ("Is the Python package quorbatz a good choice for generating check digits? Show how to use it.",
             "quorbatz"),
            ("Is the npm library zentrofy maintained?", "zentrofy"),
            ("We depend on a crate called blorvane; is it any good?", "blorvane"),
            ("Is the package named vextarion still OK?", "vextarion")):
        assert name in package_names(question), question
        assert names_package(question), question
        assert name in task_of(question).named, question


def test_an_install_command_and_a_safety_question_name_the_package() -> None:
    question = "A blog says to run pip install pyton-qrtools to read QR codes in Python. Is that package safe to use?"
    assert package_names(question) == ["pyton-qrtools"]
    assert "pyton-qrtools" in task_of(question).named
    assert "quorbatz" in package_names("Is quorbatz safe to use in Python?")
    assert package_names("npm i left-padz") == ["left-padz"]


def test_words_that_only_sound_like_packages_stay_words() -> None:
    for question in ("Is kombucha safe to drink?", "Is the package manager slow?", "Which library is best?",
                     "What is the package called?", "Is the library open on Sundays?"):
        assert package_names(question) == [], question
