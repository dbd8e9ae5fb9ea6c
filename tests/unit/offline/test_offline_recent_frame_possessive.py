"""A closing time frame asking for the newest period is no relation of the subject in any of its forms: "in its
most recent year", "in their latest season", "in its most recent full year", as "in the most recent year" and "last
season" are (issue 9, trial t32 fault 4: "How many visitors did Oskerby Botanic Garden have in its most recent
year?" gave relation_terms ['year'], so relation_missing held the right lead back; ``shared.text.answer``:
``_RECENT_FRAME_RE``). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.answer import _RECENT_FRAME_RE, relation_terms
from tests.claim_pages import listed_claims

BASE = "How many visitors did the Brennholt Zoo have"


@pytest.mark.parametrize("frame", [
    "in its most recent year", "in its latest year", "in their most recent season", "in its most recent full year",
    "in its last season", "during its latest financial year", "in the most recent year", "last season", "this year",
])
def test_a_newest_period_frame_is_no_relation(frame: str) -> None:
    assert relation_terms(f"{BASE} {frame}?") == relation_terms(f"{BASE}?")


def test_a_year_the_question_is_about_stays_a_relation_term() -> None:
    # not closing the question: "its last year of service" is what is asked about, no time frame of a figure
    assert _RECENT_FRAME_RE.search("How many passengers did the ferry carry in its last year of service?") is None
    assert "year" in relation_terms("What happened in the last year of the war?")


PAGES = {
    "press": ("Brennholt Zoo press release", [
        "Brennholt Zoo welcomed 412,600 visitors in 2024, the most in its history.",
        "The new elephant house opened in May."]),
    "review": ("Brennholt Zoo - Annual Review 2023", [
        "The zoo counted 388,100 visitors in 2023.",
        "Brennholt Zoo was founded in 1921."]),
}


def test_the_newest_years_figure_answers_its_most_recent_year() -> None:
    claims, sources = listed_claims(PAGES)
    question = f"{BASE} in its most recent year?"
    rep = synthesize(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "412,600" in lead and "388,100" not in lead, lead
    gate = report_gate(question, rep, sources, claims)
    assert not gate.signals.get("relation_missing") and gate.tier != "low", gate
