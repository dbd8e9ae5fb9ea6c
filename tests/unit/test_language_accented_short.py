"""A short accented Latin-script question is in the language its function words say (task h106, trial t65w F9):
"À quelle altitude culmine le pic <name> ?" was labelled Italian by the model (its Italian-sounding name), because
the function-word check ran for ASCII text only; French wh-words open a French question."""

from __future__ import annotations

import pytest

from shared.text.answer import answer_type
from shared.text.tokens import detect_language, latin_script
from shared.text.wh_words import opening_wh


@pytest.mark.parametrize(
    "question",
    [
        "À quelle altitude culmine le pic Belotta ?",
        "À quelle altitude culmine la cime Coretta ?",
        "À quelle altitude culmine le pic Vesino ?",
    ],
)
def test_accented_french_question_is_french(question: str) -> None:
    assert detect_language(question) == "fr"


@pytest.mark.parametrize(
    ("question", "code"),
    [
        ("Who founded Société Générale?", "en"),
        ("Where is Zürich Airport?", "en"),
        ("Wie hoch ist der Märeturm?", "de"),
        ("Ai là người phát minh ra điện thoại?", "vi"),
        ("Quelle city hosted the 1900 games?", "en"),
    ],
)
def test_other_short_accented_questions_keep_their_language(question: str, code: str) -> None:
    assert detect_language(question) == code


def test_french_wh_words_open_a_french_question_without_a_type() -> None:
    assert opening_wh("À quelle altitude culmine le pic Belotta ?") == [("fr", "", "À quelle")]
    assert opening_wh("Comment s'appelle le pic Belotta ?") == [("fr", "", "Comment")]
    assert opening_wh("Pourquoi la ligne Tarvel a-t-elle fermé ?") == [("fr", "why", "Pourquoi")]
    # the phrase says the language only: the question's own words say what it asks
    assert answer_type("Quelle est la hauteur du pic Belotta ?") == "what"  # as before the French wh-words
    assert latin_script("À quelle altitude") and not latin_script("Какая высота")
