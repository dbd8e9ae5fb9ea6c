""""Who started <a thing>?" asks who founded it: a sentence about the thing's "evening openings" (a plural noun of an
"-ing" form names events, no act) or about who runs it (a service "started running" has no doer) is no answer, a
building ("the reopened Fern House") is no who-answer, and what the verb of founding governs ("the botanic
garden") is the question's subject, no word of the relation asked (issue 9, trial t32 fault 1)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import answer_candidates, relation_terms
from shared.text.relations import asked_relations, plural_ing_nouns, relations_of, same_relation, with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "m": ("Varrow Arboretum", ["The Varrow Arboretum is a public arboretum on the south shore of Lake Dannet.",
                               "The arboretum is run by the Dannet District Trust.",
                               "The arboretum was set going in 1902 by the forester Ilka Brennholt.",
                               "It was opened to visitors in 1911."]),
    "n": ("Arboretum news", ["The arboretum thanks the restored Cedar Pavilion and its autumn lantern openings.",
                             "For bookings write to the arboretum office."]),
}


@pytest.mark.parametrize(("word", "relations"), [
    ("openings", ()), ("buildings", ()), ("beginnings", ()),
    ("opening", ("start",)), ("opened", ("founding", "start")), ("started", ("start", "founding")),
])
def test_a_plural_noun_of_an_ing_form_names_no_relation(word: str, relations: tuple[str, ...]) -> None:
    assert set(relations_of(word)) == set(relations)


def test_a_text_writing_a_word_only_as_such_a_plural_holds_no_relation_by_it() -> None:
    text = "The arboretum thanks its autumn lantern openings."
    assert plural_ing_nouns(text) == {"opening"}
    assert plural_ing_nouns("Its openings began with the opening in 1911.") == set()
    assert "started" not in with_relations(set(tokenize(text)), ["started"], text)
    assert "started" in with_relations(set(tokenize("It was opened in 1911.")), ["started"], "It was opened in 1911.")


def test_who_did_it_asks_a_relation_with_a_doer() -> None:
    assert asked_relations("started", agent=True) == ("founding",)
    assert asked_relations("started") == ("start", "founding")
    assert same_relation("started", "run") and not same_relation("started", "run", agent=True)
    assert same_relation("started", "founded", agent=True)
    assert "started" not in with_relations({"run", "trust"}, ["started"], agent=True)


@pytest.mark.parametrize(("question", "terms"), [
    ("Who started the botanic garden in Oskerby?", ["started"]),
    ("Who set up the rowing club at Tarn?", ["set up"]),
    ("Who founded the company that makes X?", ["founded"]),
    ("Who builds the boats at the yard?", ["build", "boat"]),  # a making's object: "boatbuilder"
])
def test_what_a_verb_of_founding_governs_is_its_subject(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


def test_a_building_named_with_an_article_is_no_who_answer() -> None:
    q = "Who started the arboretum at Dannet?"
    assert answer_candidates("The arboretum thanks the restored Cedar Pavilion and its lantern openings.", "who",
                             q) == []
    assert answer_candidates("Its catalogue was published by Random House in 1990.", "who", q) == ["Random House"]
    assert answer_candidates("It was set going by Ilka Brennholt.", "who", q) == ["Ilka Brennholt"]


@pytest.mark.parametrize("question", ["Who started the public arboretum at Lake Dannet?",
                                      "Who started the Varrow Arboretum?"])
def test_who_started_it_is_led_by_its_founding(question: str) -> None:
    pages = {**PAGES, "m": (PAGES["m"][0], [*PAGES["m"][1][:2], "The arboretum was founded in 1902 by the forester "
                                            "Ilka Brennholt.", PAGES["m"][1][3]])}
    claims, sources = listed_claims(pages)
    rep, _gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Ilka Brennholt" in lead.split("[")[0], lead
    assert "Cedar Pavilion" not in lead and "Trust" not in lead and not says_not_established(lead) and answered, lead
