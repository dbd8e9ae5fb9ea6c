"""Task h115 (trial t68 q06, q16, q17, q18). A table's rows of several years are different facts: the verifier read
the row "Year 2024: ..." as contradicted by the table's header and its 2022 row (another value of the same column),
marked it contested, and the report led with the 2022 row for a question asking 2024; a choice between two things'
counts of one year ("Which is larger: the number of <things> at A in <year> or at B in <year>?") was never
decided; "Is X held in <month>?" was "Not established" though X's page says it "takes place" in another month; and
"What is the prize money for ...?" was led by a sentence naming the prize without any sum. Invented names (the
Stannock Lantern Festival and its look-alike, the Stannock Junior Lantern Festival)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.synthesizer.verdicts import choice_predicate, decide_choice
from shared.report import lead_section
from shared.text.answer import comparison_options
from shared.text.entailment import entailment
from shared.text.quantity import asked_quantity
from tests.claim_pages import listed_claims, local_source, noted_report, table_page_claims
from tests.unit.offline.test_offline_table_rows import _verified

HEADER = "| Year | Lanterns launched | Barges | Festival nights |\n|------|------|------|------|\n"
ROWS = ["| 2021 | 318 | 4 | 5 |", "| 2022 | 344 | 4 | 5 |", "| 2023 | 361 | 5 | 5 |", "| 2024 | 377 | 5 | 5 |"]
TABLE = HEADER + "\n".join(ROWS)
PAGE = ("# Stannock Lantern Festival: lanterns by year\n\nLanterns launched at the Stannock Lantern Festival "
        "(all barges), from the festival board's reports.\n\n" + TABLE + "\n")
ROW_2023 = "Year 2023: lanterns launched 361, barges 5, festival nights 5."


@pytest.mark.parametrize(("evidence", "label"), [
    (HEADER + ROWS[0], "neutral"),  # the 2021 row: another year, other figures (5 nights in both years)
    (HEADER + "\n".join(ROWS[:3]), "supported"),  # down to the claim's own row
    ("Year 2023: lanterns launched 402, barges 5, festival nights 5.", "contradicted"),  # the same year, another figure
    ("Year 2021: lanterns launched 361, barges 5, festival nights 5.", "contradicted"),  # every figure, another year
])
def test_a_row_is_contradicted_only_by_its_own_year(evidence: str, label: str) -> None:
    assert entailment(ROW_2023, evidence).label == label


def test_a_one_figure_year_conflict_still_contradicts() -> None:
    assert entailment("The festival was founded in 1887.", "The festival was founded in 1897.").label == "contradicted"


async def test_every_row_of_a_table_of_years_is_supported() -> None:
    rows = [c for c in extract_claims(PAGE, title="Stannock Lantern Festival: lanterns by year")
            if c.text.startswith("Year ")]
    assert [c.text for c in rows][2] == ROW_2023
    wrong = "Year 2023: lanterns launched 402, barges 5, festival nights 5."
    verdicts = await _verified("doc:lanterns", PAGE, "How many lanterns were launched at the Stannock Lantern "
                               "Festival in 2023?", rows, wrong, 2)
    assert {c.text: verdicts[c.text].verdict for c in rows} == dict.fromkeys([c.text for c in rows], "supported")
    assert verdicts[wrong].verdict != "supported"


_ROW_TEXTS = ["Lanterns launched at the Stannock Lantern Festival (all barges), from the festival board's reports.",
              "Year 2021: lanterns launched 318, barges 4, festival nights 5.",
              "Year 2022: lanterns launched 344, barges 4, festival nights 5.",
              ROW_2023,
              "Year 2024: lanterns launched 377, barges 5, festival nights 5."]
_JUNIOR = ["The Stannock Junior Lantern Festival is held each June by the town's schools.",
           "In 2023 the Stannock Junior Lantern Festival received 120 lantern entries."]
_SOURCES = {"t": local_source("t", "Stannock Lantern Festival: lanterns by year"),
            "j": local_source("j", "The Stannock Junior Lantern Festival")}


def _lead(question: str, keep: str = "", junior: list[str] = _JUNIOR) -> tuple[str, dict[str, float]]:
    claims = table_page_claims([("t", _ROW_TEXTS), ("j", junior)], TABLE,
                               keep=lambda text: not keep or keep not in text)
    rep, gate = noted_report(question, claims, _SOURCES)
    return lead_section(rep.markdown), gate.signals


@pytest.mark.parametrize("junior", [
    _JUNIOR,
    # the look-alike's figure of the year asked in the question's own words: its name holds every word of the asked
    # one, but not in a row, and its page gives no series
    [_JUNIOR[0], "In 2023 the Stannock Junior Lantern Festival launched 120 lanterns."],
])
def test_the_row_of_the_asked_year_leads(junior: list[str]) -> None:
    lead, _signals = _lead("How many lanterns were launched at the Stannock Lantern Festival in 2023?", junior=junior)
    assert lead.startswith(ROW_2023[:-1] + " [1]"), lead


def test_a_figure_of_another_year_is_no_answer_for_the_year_asked() -> None:
    from services.synthesizer.confidence import other_year_lead

    # the 2023 row missing: neither another row nor the look-alike's 2023 count is the answer
    lead, signals = _lead("How many lanterns were launched at the Stannock Lantern Festival in 2022?", keep="2022")
    assert lead.startswith("Not established"), lead
    assert "344" not in lead and signals.get("other_year") == 1.0
    assert other_year_lead("How many lanterns were launched in 2022?", "Year 2021: lanterns launched 318 [1].")
    assert other_year_lead("How many lanterns were launched in 2022?",
                           "In 2023 the Stannock Junior Lantern Festival received 120 lantern entries [1].")
    # a figure of the year asked, an undated one, or a question naming no year: not so
    assert not other_year_lead("How many lanterns were launched in 2022?", "Year 2022: lanterns launched 344 [1].")
    assert not other_year_lead("How many lanterns were launched in 2022?", "The festival launches 300 lanterns [1].")
    assert not other_year_lead("How many lanterns are launched?", "Year 2021: lanterns launched 318 [1].")
    assert not other_year_lead("When was the festival founded in 1887?", "In 1890 the festival had 40 lanterns [1].")


_CHOICE = ("Which is larger: the number of lanterns at the Stannock Lantern Festival in 2023 or at the Stannock "
           "Junior Lantern Festival in 2023?")


def test_parallel_options_are_the_things_compared() -> None:
    assert comparison_options(_CHOICE) == ["Stannock Lantern Festival", "Stannock Junior Lantern Festival"]
    assert choice_predicate(_CHOICE, comparison_options(_CHOICE)) == "is larger in the number of lanterns"
    # options that are names stay as they are
    assert comparison_options("Which is older, the Tarn Bridge or the Vell Bridge?") == ["Tarn Bridge", "Vell Bridge"]


def test_a_choice_of_counts_of_one_year_is_decided_by_that_years_figures() -> None:
    texts = [*_ROW_TEXTS, *_JUNIOR]
    titles = [_SOURCES["t"].title] * len(_ROW_TEXTS) + [_SOURCES["j"].title] * len(_JUNIOR)
    # the newest row first: it is of another year than the one asked
    order = [4, 3, 6, 2, 1, 0, 5]
    choice = decide_choice(_CHOICE, texts, titles, order)
    assert choice is not None and choice.options[0] == "Stannock Lantern Festival"
    assert choice.cited == (3, 6) and choice.values == ("361", "120 lantern") and not choice.by_count
    lead, _signals = _lead(_CHOICE)
    assert lead.startswith("Stannock Lantern Festival is larger in the number of lanterns: 361 [1]; Stannock "
                           "Junior Lantern Festival: 120 [2]."), lead


_HISTORY = {
    "h": ("The Stannock Lantern Festival: a short history", [
        "The Stannock Lantern Festival is an annual festival of lanterns on the river at Stannock.",
        "The festival takes place over five nights in the second week of September.",
        "The oldest prize is the Mawle Lamp, awarded to the maker of the best lantern.",
        "It was first presented in 1931 by the candle maker Ada Mawle."]),
    "j": ("The Stannock Junior Lantern Festival", _JUNIOR),
}


def test_another_month_of_taking_place_answers_a_question_of_being_held() -> None:
    claims, sources = listed_claims(_HISTORY)
    rep, _gate = noted_report("Is the Stannock Lantern Festival held in June?", claims, sources)
    assert lead_section(rep.markdown).startswith(
        "No: The festival takes place over five nights in the second week of September [1]."), rep.markdown
    rep, _gate = noted_report("Is the Stannock Lantern Festival held in September?", claims, sources)
    assert lead_section(rep.markdown).startswith("Yes: The festival takes place"), rep.markdown


def test_prize_money_asks_an_amount_of_money() -> None:
    question = "What is the prize money for winning the Mawle Lamp?"
    assert asked_quantity(question) == ("money",)
    claims, sources = listed_claims(_HISTORY)
    rep, _gate = noted_report(question, claims, sources)
    assert lead_section(rep.markdown).startswith("Not established: the amount of money asked for."), rep.markdown
    paid = {**_HISTORY, "p": ("Prizes", ["The maker of the lantern winning the Mawle Lamp receives prize money of "
                                         "1,500 pounds."])}
    claims, sources = listed_claims(paid)
    rep, _gate = noted_report(question, claims, sources)
    assert "1,500 pounds [" in lead_section(rep.markdown).split(".")[0] + ".", rep.markdown
