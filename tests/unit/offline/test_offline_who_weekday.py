"""A day of the week is a time, never who: "Trains run Tuesday to Sunday" names nobody that runs or manages a thing,
so it answers no "who" question and never leads one ("run" is a word of "manages"); the sentence giving the present
holder the role leads instead (trial t65 F6 follow-up: the timetable sentence led a "who manages it nowadays"
question at medium)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import answer_candidates, is_date
from tests.claim_pages import listed_claims, recorded_report

NEWS = ("The railway's new general manager, Ottilie Brandvik, who took over from Casimir Ruell in May 2023 when he "
        "retired, said the reopening was a fine day.")
VISIT = ("Plan your visit | Quenmoor Light Railway", ["Trains run Wednesday to Saturday.",
                                                 "Quenmoor Light Railway: owned by Quenmoor Light Railway Society."])
NEWS_PAGE = ("Trains back at Quenmoor Cross", ["The Quenmoor Light Railway reopened on 3 June 2023 after repairs.", NEWS])


@pytest.mark.parametrize("phrase", ["Tuesday", "Sundays", "on Friday", "the Saturday"])
def test_a_day_of_the_week_is_a_date(phrase: str) -> None:
    assert is_date(phrase)


@pytest.mark.parametrize("phrase", ["Sun", "Wed", "Friday Adeyemi", "Ottilie Brandvik"])
def test_a_name_is_no_date(phrase: str) -> None:
    assert not is_date(phrase)


def test_days_of_the_week_name_nobody() -> None:
    question = "Who manages the Quenmoor Light Railway nowadays?"
    assert answer_candidates("Trains run Wednesday to Saturday.", "who", question) == []
    assert answer_candidates("Trains run on Sundays only.", "who", question) == []


def test_the_holder_leads_not_the_days_the_trams_run() -> None:
    # main: "Trains run Wednesday to Saturday [1]." (0.36 low here; the real run's like lead was 0.84 medium)
    claims, sources = listed_claims({"s1": VISIT, "s2": NEWS_PAGE})
    report, gate, _answered, _total = recorded_report("Who manages the Quenmoor Light Railway nowadays?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.split(" [")[0] == NEWS[:-1], report.markdown
    assert "Trains run" not in lead, report.markdown


def test_the_days_alone_never_answer_who_at_medium() -> None:
    # main: "Trains run Wednesday to Saturday [1]." 0.50 low, judge 60: it stated a "who" candidate (the days)
    claims, sources = listed_claims({"s1": VISIT})
    report, gate, _answered, _total = recorded_report("Who manages the Quenmoor Light Railway nowadays?", claims, sources)
    lead = lead_section(report.markdown)
    assert not lead.startswith("Trains run"), report.markdown
    assert gate.tier == "low", (lead, gate.score, gate.signals)


def test_the_holder_leads_over_a_body_running_something_else() -> None:
    # the sentence naming who took over leads over another sentence naming a body that runs something
    pages = {"s1": ("Plan your visit | Quenmoor Light Railway",
                    ["The Quenmoor Light Railway Society runs the gift shop at Quenmoor Cross station."]),
             "s2": NEWS_PAGE}
    claims, sources = listed_claims(pages)
    report, _gate, _answered, _total = recorded_report("Who manages the Quenmoor Light Railway nowadays?", claims,
                                                       sources)
    assert lead_section(report.markdown).split(" [")[0] == NEWS[:-1], report.markdown
