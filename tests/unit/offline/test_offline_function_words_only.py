"""A question in another language made of that language's function words only has no content word, as an English
question of stop words has none: its answer type is ``none`` and the report says so in the question's language,
never that no source in that language was found (issue 9, trial t21 fault G)."""

from __future__ import annotations

import pytest

from services.planner.offline import plan
from services.synthesizer.offline import NO_TERMS_TEXT, synthesize
from shared.report import REPORT_WORDS, lead_section, missing_items
from shared.text.answer import answer_type, only_function_words
from tests.claim_pages import listed_claims

PAGES = {"s1": ("Velde Mill", ["The Velde Mill was built in 1731 on the river Aske."])}


@pytest.mark.parametrize("question", ["Wer war das, und was ist es?", "Qu'est-ce que c'est, et qui est-ce ?",
                                      "¿Qué es esto y quién es?"])
def test_function_words_of_the_question_language_only_are_no_content(question: str) -> None:
    assert only_function_words(question) and answer_type(question) == "none"
    assert plan(question).sub_queries == []  # the planner finds no term either


@pytest.mark.parametrize("question", ["Wer ist Gott?", "Wann wurde die Velde-Mühle gebaut?",
                                      "Qui a construit le moulin de Velde ?", "What is it, and who is it?"])
def test_a_question_with_a_noun_or_a_name_or_in_english_is_not_read_so(question: str) -> None:
    assert not only_function_words(question)


@pytest.mark.parametrize(("question", "language"), [("Wer war das, und was ist es?", "de"),
                                                    ("Qu'est-ce que c'est, et qui est-ce ?", "fr")])
def test_the_report_says_there_are_no_content_words_in_the_question_language(question: str, language: str) -> None:
    claims, sources = listed_claims(PAGES)
    words = REPORT_WORDS[language]
    report = synthesize(question, claims, sources, language=language)
    assert report.citations == [] and lead_section(report.markdown).strip() == words.no_terms, report.markdown
    assert words.no_terms in missing_items(report.markdown) and NO_TERMS_TEXT not in report.markdown
    assert words.no_terms != NO_TERMS_TEXT
