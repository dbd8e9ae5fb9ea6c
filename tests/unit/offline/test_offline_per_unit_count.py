"""Issue 9, trial t52 fault F3: a question asking a count of each one of a unit ("How many passengers can each car of
the Pellow Funicular carry?") asks a capacity of one car; a year's total ("Year 2021: passengers 182,400, ...", "...
carried 262,085 passengers in 2024") is no answer to it, so it never leads as one: the German page's "Jeder der
beiden Wagen bietet 48 Fahrgästen Platz" leads (a function word written capitalised is no name of another thing, and
``shared.text.crosslang`` holds passengers and funiculars), and without a figure of one car the report says it is
not established, at low confidence (``shared.text.quantity.per_unit`` / ``period_total``,
``services.synthesizer.offline``, ``services.synthesizer.confidence``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import opening_name, synthesize
from shared.text.answer import answer_candidates
from shared.text.quantity import counts, per_unit, period_total
from tests.claim_pages import local_claim, local_source

QUESTION = "How many passengers can each car of the Pellow Funicular carry?"

# invented pages: a German page on the line, an English annual report with a table of years
SOURCES = {
    "de": local_source("de", "Die Standseilbahn von Pellow"),
    "ar": local_source("ar", "Pellow Funicular Company - Annual Report 2023"),
}
GERMAN = [
    local_claim("de1", "de", "Die Standseilbahn von Pellow verbindet seit 1898 den Hafen mit der Oberstadt."),
    local_claim("de2", "de", "Jeder der beiden Wagen bietet 48 Fahrgästen Platz."),
    local_claim("de3", "de", "An Sommerwochenenden fahren die Wagen ohne Pause."),
]
REPORT = [
    local_claim("ar1", "ar", "The Pellow Funicular carried 198,400 passengers in 2023, its best year so far."),
    local_claim("ar2", "ar", "Year 2021: passengers 151,200, operating days 280, revenue (EUR) 820,000."),
    local_claim("ar3", "ar", "Year 2022: passengers 176,900, operating days 291, revenue (EUR) 940,000."),
    local_claim("ar4", "ar", "Two new cars have been ordered for delivery in 2026."),
]


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


def test_a_question_names_the_unit_it_asks_a_figure_of_each_of() -> None:
    assert per_unit(QUESTION) == "car"
    assert per_unit("How many beds are there per room at the Brennalm Hut?") == "room"
    assert per_unit("How many berths does each of the cabins have?") == "cabins"
    # a unit of time asks a figure over a period, no figure of one thing
    assert per_unit("How many visitors came to the museum per year?") is None
    assert per_unit("How many trains run each day?") is None
    assert per_unit("How many passengers did the funicular carry in 2022?") is None


def test_a_total_of_a_year_is_a_period_total_and_a_figure_of_one_car_is_not() -> None:
    def total(sentence: str, number: str) -> bool:
        at = sentence.index(number)
        return period_total(sentence, at, at + len(number))

    assert total("Year 2021: passengers 151,200, operating days 280.", "151,200")
    assert total("The line carried 198,400 passengers in 2023, its best year.", "198,400")
    assert total("In 2023 the line carried 198,400 passengers.", "198,400")
    assert total("The museum draws 40,000 visitors a year.", "40,000")
    assert not total("Each car, built in 1898, carries 48 passengers.", "48")
    assert not total("Each car holds 48 passengers.", "48")


def test_a_year_total_counts_no_passengers_of_one_car() -> None:
    row = "Year 2021: passengers 151,200, operating days 280, revenue (EUR) 820,000."
    assert counts(row, ("passenger",)) == ["151,200"]
    assert counts(row, ("passenger",), periods=False) == []
    assert answer_candidates(row, "how_many", QUESTION) == []
    assert counts("Jeder der beiden Wagen bietet 48 Fahrgästen Platz.", ("passenger",), periods=False) == ["48"]
    # a question over a period keeps the year's total
    assert answer_candidates(row, "how_many", "How many passengers did the funicular carry in 2021?")


def test_a_capitalised_german_function_word_opens_no_name() -> None:
    assert opening_name("Jeder der beiden Wagen bietet 48 Fahrgästen Platz.") is None
    assert opening_name("Die Standseilbahn von Pellow verbindet seit 1898 den Hafen mit der Oberstadt.") is not None


def test_the_german_figure_of_one_car_leads_over_the_years_totals() -> None:
    claims = [*REPORT, *GERMAN]
    rep = synthesize(QUESTION, claims, SOURCES)
    lead = _answer(rep.markdown)
    assert lead.startswith("Jeder der beiden Wagen bietet 48 Fahrgästen Platz"), rep.markdown
    assert "151,200" not in lead and "198,400" not in lead, lead


def test_without_a_figure_of_one_car_the_years_totals_are_not_established_at_low() -> None:
    rep = synthesize(QUESTION, REPORT, SOURCES)
    gate = report_gate(QUESTION, rep, SOURCES, REPORT)
    assert gate.tier == "low", gate
    assert gate.signals.get("not_established") == 1.0, gate.signals
    # the same totals answer a question over a period
    q = "How many passengers did the Pellow Funicular carry in 2022?"
    rep = synthesize(q, REPORT, SOURCES)
    assert "176,900" in _answer(rep.markdown), rep.markdown
