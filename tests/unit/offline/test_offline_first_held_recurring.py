"""Trial t61 F2 (the pages here are invented): "When was X first held?" was led by "X is an annual festival held every
October ..." at 0.88 high, which dates no event, while "The first edition took place in July 1994" was supported. A
recurring time ("every August", "annually in May", "in July each year") answers no question about a past event or a
first time (``shared.text.answer.recurring_spans``, ``answer_candidates``); a sentence dating a thing's first
occurrence answers "first held" whatever its verb (``services.synthesizer.offline.states_first_occurrence``, a
phrasal verb naming the relation asked: "took place" holds "held", ``shared.text.relations.text_phrasal_relations``),
and a day opening a range of dates ("from 2 to 11 August 2024") is that range's start, no count and no other date
(``services.synthesizer.offline._dates``)."""

from __future__ import annotations

from services.synthesizer.offline import _dates, _values, find_disagreements, states_first_occurrence
from shared.report import lead_section
from shared.text.answer import answer_candidates, recurring_spans
from shared.text.relations import text_phrasal_relations, with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import local_claim, local_source, noted_report

QUESTION = "When was the Brannock Folk Festival first held?"
PAGES = {"w": local_source("w", "Brannock Folk Festival"),
         "n": local_source("n", "Brannock Folk Festival 2024: closing report"),
         "r": local_source("r", "Brannock Folk Festival record")}
CLAIMS = [
    local_claim("w1", "w", "The Brannock Folk Festival (BFF) is an annual music festival held every August in the "
                           "market town of Brannock, Orveland."),
    local_claim("w2", "w", "The first edition took place in June 1987 with 14 bands playing in three pubs."),
    local_claim("w3", "w", "In 2001 the festival moved from June to August because of the town's cattle fair."),
    local_claim("w4", "w", "The 2020 edition was held online."),
    local_claim("n1", "n", "The 37th Brannock Folk Festival took place from 2 to 11 August 2024."),
    local_claim("r1", "r", "Brannock Folk Festival: founded 1987."),
]


def test_a_recurring_time_dates_no_past_event() -> None:
    text = CLAIMS[0].text
    assert [text[s:e] for s, e in recurring_spans(text)] == ["every August"]
    other = "It is staged annually in May and in July each year."
    assert [other[s:e] for s, e in recurring_spans(other)] == ["annually in May", "in July each year"]
    assert answer_candidates(text, "when", QUESTION) == []
    assert answer_candidates(text, "when", "When did the Brannock Folk Festival take place?") == []
    # a question asking the habit is answered by it
    assert answer_candidates(text, "when", "When is the Brannock Folk Festival held?") == ["August"]
    assert answer_candidates("The fair was held in August 1990.", "when", QUESTION) == ["August 1990"]


def test_a_first_occurrence_is_stated_whatever_its_verb() -> None:
    assert states_first_occurrence(CLAIMS[1].text)
    assert states_first_occurrence("The inaugural race was held in 1959.")
    assert states_first_occurrence("The fair was first staged in 1902.")
    assert states_first_occurrence("It was held for the first time in 1902.")
    assert not states_first_occurrence(CLAIMS[3].text)
    assert not states_first_occurrence("The first director was Ann Lee.")  # an auxiliary alone
    assert not states_first_occurrence("She will present her first programme in September.")  # a noun
    assert not states_first_occurrence("Trade grew after the First World War ended in 1918.")  # a name


def test_took_place_holds_held() -> None:
    assert text_phrasal_relations(CLAIMS[1].text) == {"hosting"}
    assert "held" in with_relations(set(tokenize(CLAIMS[1].text)), ["held"], CLAIMS[1].text)
    assert "held" not in with_relations(set(tokenize(CLAIMS[2].text)), ["held"], CLAIMS[2].text)


def test_a_day_opening_a_range_is_its_start_and_no_count() -> None:
    text = CLAIMS[4].text
    assert [(text[s:e], iso) for s, e, _y, iso in _dates(text)] == [("2", "2024-08-02"),
                                                                     ("11 August 2024", "2024-08-11")]
    assert [(text[s:e], iso) for s, e, _y, iso in _dates("The fair ran 2–11 August 2024.")][0][1] == "2024-08-02"
    assert "" not in _values(text)  # the "2" is no bare number
    # the festival's 2024 dates and its founding year are dates of two events, no disagreement
    assert find_disagreements([CLAIMS[4], CLAIMS[5]], {sid: s.title for sid, s in PAGES.items()}) == []


def test_first_held_is_answered_by_the_first_edition_not_by_the_yearly_habit() -> None:
    report, gate = noted_report(QUESTION, CLAIMS, PAGES)
    assert lead_section(report.markdown) == (
        "The first edition took place in June 1987 with 14 bands playing in three pubs [1]."), report.markdown
    assert gate.tier == "high"
