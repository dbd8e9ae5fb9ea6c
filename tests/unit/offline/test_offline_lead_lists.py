"""The lead's answer pick reads names in a list as separate names, a nationality word as no person or place, and
a question ending with its wh-word by that word (shared.text.terms, shared.text.answer, services.synthesizer.offline)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _proximity, synthesize
from shared.report import lead_section
from shared.text.answer import answer_candidates, answer_type
from shared.text.terms import find_entities
from tests.claim_pages import page_sources, sentence_claims


def test_names_next_to_each_other_in_a_list_are_separate_names() -> None:
    text = 'It starred Gary Cooper, David Niven, Andrea Leeds and Broderick Crawford in "The Real Glory".'
    assert find_entities(text, list_items=True) == [
        "The Real Glory", "Gary Cooper", "David Niven", "Andrea Leeds", "Broderick Crawford"]
    # without list_items a run of capitalised words stays one phrase, as before ("Bank of America")
    assert "Gary Cooper David Niven Andrea Leeds and Broderick Crawford" in find_entities(text)
    assert find_entities("Bank of America is in Charlotte.", list_items=True) == ["Bank of America", "Charlotte"]
    # initials and a name's own punctuation do not break it
    assert find_entities("It is by Charles L. Clifford.", list_items=True) == ["Charles L Clifford"]


def test_candidates_are_list_items_and_a_nationality_word_is_no_person() -> None:
    q = "Who played the attorney?"
    assert answer_candidates("It stars Kate Moss and William Baldwin, a Florida officer.", "who", q) == [
        "Kate Moss", "William Baldwin", "Florida"]
    # "an English actor": a nationality, not who
    assert answer_candidates("James Niven was an English actor and novelist.", "who", q) == ["James Niven"]
    # a name ending like one that is no adjective stays ("Hirsch index" is a name before a noun: not a nationality
    # ending; "Milan" is not followed by a lower-case word)
    assert answer_candidates("He had the highest Hirsch index.", "what", "He had the highest what?") == ["Hirsch"]
    assert answer_candidates("She was born in Milan.", "where", "Where was she born?") == ["Milan"]
    # which / what questions keep nationality words: they may ask for one
    assert answer_candidates("She is an American singer.", "what", "What nationality is she?") == ["American"]


def test_proximity_counts_within_one_list_item() -> None:
    text = 'His roles included Vane in "Harbour Lights", and Sir Roger Mott in "The Glass Key".'
    # "Sir Roger Mott" only follows the question's "Harbour Lights" in a list: it says nothing about it
    assert _proximity(text, ["Sir Roger Mott"], ["light"]) == 0.0
    assert _proximity("It was created by Armando Iannucci.", ["Armando Iannucci"], ["creator"]) == 1.0
    # an apposition is no list item boundary
    assert _proximity("Armando Iannucci, creator of the show, was born in 1963.", ["Armando Iannucci"],
                      ["creator"]) == 1.0


@pytest.mark.parametrize(("question", "kind"), [
    ("The band's singer is the son of an American chemist who received the highest what?", "what"),
    ("The museum is located on an island with a population of what?", "how_many"),
    ('"Ew!" is a song by a television host born where?', "where"),
    ("Who is the man who sang it?", "who"),
    ("The band which released Counterparts was formed when?", "when"),
])
def test_a_question_ending_with_its_wh_word_asks_what_that_word_asks(question: str, kind: str) -> None:
    assert answer_type(question) == kind


def test_the_answer_on_the_bridge_page_beats_a_list_naming_the_question_terms() -> None:
    texts = {
        "tide": "The Long Tide is a 1950 drama film starring Tom Hale, Ada Marsh and Bo Lind. Based on a 1947 novel "
                "of the same name by Clara Penrose and directed by Roy Dunn, the film is set in Cornwall.",
        "hale": "Thomas Hale (1 March 1910 – 29 July 1983) was an English actor and novelist. Tom Hale's many roles "
                "included Captain Vane in \"Harbour Lights\", and Sir Roger Mott in \"The Glass Key\".",
        "lights": "Harbour Lights is a 1936 adventure film about a harbour pilot, Captain Vane.",
    }
    sources = page_sources({"tide": "The Long Tide", "hale": "Tom Hale", "lights": "Harbour Lights"})
    q = ("The actor that plays Captain Vane in \"Harbour Lights\" starred with Ada Marsh in a 1950 film based on a "
         "novel by what author?")
    rep = synthesize(q, sentence_claims(texts, "tide", "hale", "lights"), sources)
    lead = lead_section(rep.markdown)
    assert "Clara Penrose" in lead
