"""Answers a corpus gives that the report called "Not established" (issue 9, trial t50 fault 7, task f50d): a thing
asked by a name and a compound of common nouns ("the Varrow lock flight") whose page calls it by another noun ("the
Varrow staircase: seven locks"). Names and pages made up here."""

from __future__ import annotations

from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from tests.claim_pages import listed_claims, recorded_report


def test_the_nouns_after_a_name_say_which_thing_is_asked_no_relation() -> None:
    # "flight" of "the Varrow lock flight" is the thing counted in, not a relation a sentence must repeat
    assert relation_terms("How many locks are in the Varrow lock flight?") == []
    assert relation_terms("How many arches are in the Belmoor rail viaduct?") == []
    # a verb after the noun stays the relation ("the Tessary winery make" is inverted: make)
    assert relation_terms("When was the Varrow lock flight completed?") == ["completed"]
    assert "make" in relation_terms("How many wines does the Tessary winery make?")


def test_a_count_of_the_asked_noun_on_a_page_calling_the_thing_by_another_noun_answers_it() -> None:
    question = "How many locks are in the Varrow lock flight?"
    claims, sources = listed_claims({
        "visit": ("Visit the Varrow Lock Flight", [
            "Watch boats climb the seven locks of the Varrow staircase from the cottage garden.",
            "Varrow Lock Flight car park: 3 euros per day.",
        ]),
        "memories": ("Lock keeper memories", [
            "Paul Brun kept the top lock of the Varrow flight from 1950 to 1985.",
        ]),
    })
    rep, gate, answered, total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "seven locks" in lead and not says_not_established(rep.markdown)
    assert gate.tier != "low" and answered and total > 60


def test_the_latest_count_is_a_sentence_counting_the_noun_not_a_later_year_of_a_page_titled_by_it() -> None:
    # the page's title names the noun counted ("barge numbers"); a sentence of a later year giving another number
    # ("gate 4 ... in 2025") counts no barges, so it is no newest figure of the series
    question = "How many barges passed through the Tessel flight in the most recent year?"
    claims, sources = listed_claims({
        "news": ("Record year at Tessel locks as barge numbers rise", [
            "More barges than ever passed through the Tessel flight last year.",
            "Figures released by the trust show 3,410 barges worked through the staircase in 2023, up from 3,020 in "
            "2022.",
            "The trust plans to repair gate 4 of the flight in the winter of 2025.",
        ]),
        "report": ("Tessel Trust annual report 2023", [
            "Year 2022: barge passages, Tessel flight 3,020, museum admissions 12,100.",
            "Year 2023: barge passages, Tessel flight 3,410, museum admissions 13,900.",
        ]),
    })
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "3,410" in lead and "gate 4" not in lead and not says_not_established(rep.markdown)


def test_a_completion_asked_in_english_is_answered_by_a_french_or_german_page_saying_it() -> None:
    # completed ~ achevé / vollendet (shared.text.crosslang): the foreign sentence leads, quoted as written
    for sentence in ("L'escalier d'écluses de Varrow fut achevé en 1809, trois ans avant l'ouverture du canal.",
                     "Die Schleusentreppe von Varrow wurde 1809 vollendet, drei Jahre vor der Eröffnung des Kanals."):
        claims, sources = listed_claims({
            "visit": ("Visit the Varrow Lock Flight", [
                "Watch boats climb the seven locks of the Varrow staircase from the cottage garden.",
            ]),
            "memories": ("Lock keeper memories", [
                "Paul Brun kept the top lock of the Varrow flight from 1950 to 1985.",
            ]),
            "history": ("Histoire du canal", [sentence]),
        })
        rep, gate, _answered, _total = recorded_report("When was the Varrow lock flight completed?", claims, sources)
        lead = lead_section(rep.markdown)
        assert lead.startswith(sentence.rstrip(".")), sentence
        assert not says_not_established(rep.markdown) and not gate.signals.get("relation_missing"), sentence
