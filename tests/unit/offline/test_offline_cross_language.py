"""An English question answered from a page in German, French or Spanish (shared.text.crosslang; the local search's
query, the synthesizer's lead and the confidence gate): the question's counted noun, relation verb and a name's
category noun are read in the page's words ("beds" / "Schlafplätze", "founded" / "gegründet", "Brennalm Hut" /
"Brennalmhütte"), so the page's figure or date leads and is not held back; an English page's own words of another
sense ("lit", "see") hold no question word, and a page about another thing stays no answer."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.bm25 import BM25Index
from shared.text.crosslang import expand_query, fold, held_terms, translations, unfolded
from shared.text.quantity import counts
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report


@pytest.mark.parametrize(
    ("text", "terms", "held"),
    [
        ("Die Talhütte bietet 24 Schlafplätze.", ["tal", "hut", "bed"], {"tal", "hut", "bed"}),
        ("Die Samenbank wurde 1987 gegründet.", ["seed", "bank", "founded"], {"seed", "bank", "founded"}),
        ("Le refuge compte 40 couchages et fut fondé en 1923.", ["bed", "founded"], {"bed", "founded"}),
        ("La biblioteca fue fundada en 1921 y tiene 12 salas.", ["library", "founded", "room"],
         {"library", "founded", "room"}),
        ("Die Brennalmhuette liegt hoch.", ["brennalm", "hut"], {"brennalm", "hut"}),  # umlaut spelt "ue"
    ],
)
def test_a_foreign_text_holds_the_english_words_it_says_in_its_language(text: str, terms: list[str],
                                                                        held: set[str]) -> None:
    assert held_terms(tokenize(text), terms) == held


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("The lamp was lit before the guests came.", ["bed"]),  # French "lit" is an English word too
        ("From the terrace you see the valley.", ["lake"]),  # German "See"
        ("The art of the garden is its order.", ["species"]),  # German "Art"
        ("The museum shop sells postcards.", ["hut", "bed"]),
    ],
)
def test_an_english_word_of_another_sense_holds_no_question_word(text: str, terms: list[str]) -> None:
    assert held_terms(tokenize(text), terms) == set()


def test_a_compound_name_is_unfolded_into_the_question_s_words_in_order() -> None:
    assert unfolded(tokenize("Die Brennalmhütte bietet Betten", drop_stopwords=False), ["brennalm", "hut", "bed"]) \
        == ["die", "brennalm", "hut", "bietet", "bed"]
    assert fold("Brennalmhütte") == fold("brennalmhuette") == "brennalmhutte"
    assert "schlafplatze" in translations("beds") and "gegrundet" in translations("founded")  # folded


@pytest.mark.parametrize(
    ("sentence", "nouns", "found"),
    [
        ("Die Talhütte bietet 24 Schlafplätze in drei Zimmern.", ("bed",), ["24"]),
        ("Le refuge compte 40 couchages.", ("bed",), ["40"]),
        ("El refugio tiene 18 camas.", ("bed",), ["18"]),
        ("Heute umfasst die Sammlung rund 6.300 Samenproben.", ("sample",), ["6.300"]),  # the compound's head
        ("La ciudad tiene 20 plazas.", ("bed",), []),  # "plaza" is a square there, and an English word
    ],
)
def test_a_foreign_count_counts_the_english_noun_asked(sentence: str, nouns: tuple[str, ...],
                                                         found: list[str]) -> None:
    assert counts(sentence, nouns) == found


def test_the_search_query_finds_a_page_naming_the_thing_by_its_compound() -> None:
    pages = ["Die Talhütte bietet 24 Schlafplätze und wurde 1911 eröffnet.",
             "The Dornstein Hut is a large hut with a restaurant and a terrace.",
             "The Tal valley has many huts and beds for walkers in summer."]
    query = expand_query("many bed tal hut")
    assert "talhütte" in query.split() and "schlafplätze" in query.split()
    index = BM25Index(pages)
    assert index.scores("many bed tal hut")[0] == 0.0  # the question's words alone never find the German page
    assert index.scores(query)[0] > index.scores(query)[1] > 0.0  # now above the other hut's English page
    assert expand_query("weather tomorrow") == "weather tomorrow"  # no word of the lexicon: unchanged


PAGES = {
    "talhuette": ("Talhütte", "Die Talhütte ist die kleinste Hütte des Vereins. Die Talhütte bietet 24 Schlafplätze "
                              "in drei Zimmern. Die Talhütte wurde im Jahr 1911 eröffnet."),
    "dornstein": ("Dornstein Hut", "The Dornstein Hut has 40 beds. The Dornstein Hut was opened in 1930. The Seekar "
                                   "Hut accepts bookings by e-mail only."),
    "samenbank": ("Die Samenbank von Tolmeer", "Die Samenbank von Tolmeer wurde 1987 gegründet. Die Samenbank "
                                               "lagert Samen von Wildpflanzen."),
    "biblioteca": ("Biblioteca de Varela", "La Biblioteca de Varela fue fundada en 1921. La biblioteca tiene 12 "
                                           "salas de lectura."),
    # the page's title names the hut; its sentence calls it by its kind only ("Die Hütte")
    "seekar": ("Seekarhütte", "Die Seekarhütte liegt über dem Seekar im Tal der Wernitz. Die Hütte wurde im Jahr 1925 "
                              "eröffnet."),
    "garden": ("Varela Botanic Garden", "The Varela Botanic Garden was founded in 1880 by the botanist Ana Ruiz."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many beds does the Tal Hut have?", "24 Schlafplätze"),
        ("When was the Tolmeer seed bank founded?", "1987"),
        ("When was the Varela Library founded?", "1921"),
        ("How many beds does the Dornstein Hut have?", "40 beds"),  # the English page as before
        ("When was the Varela Botanic Garden founded?", "1880"),
        ("When was the Seekar Hut opened?", "1925"),
    ],
)
def test_an_english_question_is_answered_from_a_page_in_another_language(question: str, answer: str) -> None:
    report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    assert answer in lead_section(report.markdown)
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered and total > 60
    assert "not_established" not in gate.signals


@pytest.mark.parametrize(
    "question",
    [
        "How many beds does the Grauwand Hut have?",  # no page of the Grauwand Hut
        "When was the Grauwand seed bank founded?",
    ],
)
def test_a_thing_no_page_names_stays_unanswered_in_any_language(question: str) -> None:
    _report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    assert gate.tier == "low" and not answered and total <= 60
