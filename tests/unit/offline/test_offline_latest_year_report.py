"""A question asking for the figure of the most recent year is led by the newest year's figure, not by an older
report's figure that is compared with a still older year (trial t30 fault 5: "only 19,400 overnight stays,
compared with 41,200 in 2019" of the 2020 report led, read as of 2019, while the 2023 report gave 47,650).

- A sentence writing a figure and another one "compared with ... in <year>" / "up from ... in <year>" is of the
  year of its own figure, or, when it writes none, of the one year its page's title gives.
- The newest report calls the body the question names by its kind ("the society counted ..."): the run names the
  "Skarvik Museum Society", so "the Skarvik museums" are the society's
  (:func:`shared.text.reference.reference_nouns`).
- "in the most recent year" says which time is asked, not the relation ("count" is): the gate finds the relation
  and the name in the lead.

Pages made up here."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import _sentence_year, synthesize
from shared.report import lead_section
from shared.text.answer import relation_terms
from shared.text.reference import reference_nouns
from tests.claim_pages import listed_claims

QUESTION = "How many visitors did the Skarvik museums count in the most recent year?"
PAGES = {
    "old": ("Skarvik Museum Society - Annual report 2021", [
        "It was a hard year for the society.",
        "Because of the closures the society's museums counted only 8,300 visitors, compared with 21,700 in 2020, "
        "the best year so far."]),
    "new": ("Annual report 2024", [
        "The 2024 season was the busiest the society has known.",
        "Across its four museums the society counted 26,900 visitors in 2024, up from 24,100 in 2023.",
        "Year 2022: visitors 19,800.", "Year 2023: visitors 24,100.", "Year 2024: visitors 26,900.",
        "The Harbour Museum alone counted 7,400 visitors in 2024."]),
    "about": ("The Skarvik Museum Society", [
        "The Skarvik Museum Society runs four small museums on the Skarvik coast.",
        "The society was founded in 1958 by local fishermen."]),
}


def test_the_newest_years_figure_leads_and_names_what_is_asked() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "26,900" in lead and "8,300" not in lead and "7,400" not in lead, lead
    gate = report_gate(QUESTION, rep, sources, claims)
    assert not gate.signals.get("names_missing") and not gate.signals.get("relation_missing"), gate


def test_a_figure_compared_with_an_earlier_year_is_not_of_that_year() -> None:
    assert _sentence_year("The museums counted only 8,300 visitors, compared with 21,700 in 2020.") is None
    assert _sentence_year("The society counted 26,900 visitors in 2024, up from 24,100 in 2023.") == 2024
    assert _sentence_year("Sales fell to 410 boats in 2019, down from 530 in 2018.") == 2019
    assert _sentence_year("In 2020 the ferry carried 9,100 cars.") == 2020


def test_the_most_recent_year_is_no_relation() -> None:
    assert relation_terms(QUESTION) == ["count"]
    assert relation_terms("How many members did the choir have last year?") == relation_terms(
        "How many members did the choir have?")
    # a year that is what the question is about stays ("the last year of the war" is no time frame of a figure)
    assert "year" in relation_terms("What happened in the last year of the war?")


def test_the_head_noun_of_the_longer_name_refers_to_the_body() -> None:
    run = ["The Skarvik Museum Society runs four small museums.", "The society counted 26,900 visitors."]
    assert "society" in reference_nouns(QUESTION, "Skarvik", run)
    # another society in the run: "the society" may be either
    assert "society" not in reference_nouns(QUESTION, "Skarvik", [*run, "The Brask Society owns a boat."])
    # a longer name that does not hold the question's noun after the name is another thing of the place
    assert "society" not in reference_nouns("How many visitors did the Skarvik lighthouse count?", "Skarvik", run)


NOW_PAGES = {
    "faq": ("Questions about joining", [
        "At the end of 2024 the Varnö Rowing Club had 318 members.",
        "Members may borrow the club's boats on weekdays."]),
    "history": ("Varnö Rowing Club", [
        "The Varnö Rowing Club was founded in 1911 by the island's pilots.",
        "Membership fell to 260 members at the end of 2020."]),
}


def test_a_newest_dated_figure_answers_a_now_question_and_the_gate_holds_it() -> None:
    """A lead stating the newest dated figure of a series for a "now" / "most recent year" question answers it whole
    (``one_fact``): the year it writes says which time its figure is of (trial t30 q6: "At the end of 2023 the Orlen
    Hut Association had 12,450 members" was low 0.40 for "... have now?")."""
    claims, sources = listed_claims(NOW_PAGES)
    for question in ("How many members does the Varnö Rowing Club have now?",
                     "How many members does the Varnö Rowing Club have today?"):
        rep = synthesize(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert "318 members" in lead and "260" not in lead, lead
        gate = report_gate(question, rep, sources, claims)
        assert gate.signals["f_one_fact"] == 1.0 and gate.tier != "low", gate
    claims, sources = listed_claims(PAGES)
    rep = synthesize(QUESTION, claims, sources)
    gate = report_gate(QUESTION, rep, sources, claims)
    assert gate.signals["f_one_fact"] == 1.0 and gate.tier != "low", gate


def test_an_undated_figure_holds_no_now() -> None:
    """A figure whose sentence writes no year does not say it is of now: the one-fact reading needs the word."""
    pages = {"faq": ("Questions about joining", ["The Varnö Rowing Club had 318 members.",
                                                 "Members may borrow the club's boats on weekdays."])}
    claims, sources = listed_claims(pages)
    question = "How many members does the Varnö Rowing Club have now?"
    rep = synthesize(question, claims, sources)
    assert report_gate(question, rep, sources, claims).signals["f_one_fact"] == 0.0
