"""Shopping questions in German, French, Spanish, Italian and Dutch (issue 15, trial t16): the planner knows them
for shopping questions (budget words, superlatives, product-category nouns, currency) and searches without the
question language's function words."""

from __future__ import annotations

import pytest

from services.planner.offline import is_buying_question, plan


@pytest.mark.parametrize("question", [
    "Welche Espressomaschine unter 800 € ist am leisesten?",
    "Welcher Akkusauger ist am leichtesten?",
    "Quelle machine à café est la plus silencieuse pour moins de 500 € ?",
    "¿Qué cafetera es la más silenciosa por menos de 300 €?",
    "Qual è la macchina da caffè più silenziosa sotto i 500 euro?",
    "Welke koffiemachine is het stilst onder 400 euro?",
    "Quel aspirateur robot est le meilleur ?",
])
def test_buying_questions_in_other_languages_are_shopping(question: str) -> None:
    assert is_buying_question(question)
    assert plan(question).domain == "shopping"


@pytest.mark.parametrize("question", [
    "Welche Stadt in Bayern ist am größten?",
    "Wer hat die Espressomaschine erfunden und wann wurde sie patentiert?",
    "Quelle est la plus grande ville de France en nombre d'habitants ?",
    "¿Cuál es el río más largo de España y dónde nace?",
    "Which machine learning model is best for text?",
])
def test_other_questions_in_those_languages_are_not(question: str) -> None:
    assert plan(question).domain == "general"


@pytest.mark.parametrize(("question", "language", "filler"), [
    ("Welche Espressomaschine unter 800 € ist am leisesten?", "de", {"welche", "ist", "am", "unter"}),
    ("Quelle machine à café est la plus silencieuse pour moins de 500 € ?", "fr", {"quelle", "est", "la", "plus"}),
    ("¿Qué cafetera es la más silenciosa por menos de 300 €?", "es", {"qué", "es", "la", "más", "menos"}),
])
def test_sub_queries_leave_out_the_question_languages_function_words(question: str, language: str,
                                                                      filler: set[str]) -> None:
    p = plan(question)
    assert p.language == language
    words = {w.casefold() for q in p.sub_queries for w in q.split()}
    assert not words & filler, p.sub_queries
    assert any(len(q.split()) >= 2 for q in p.sub_queries)  # the content words are still searched together
