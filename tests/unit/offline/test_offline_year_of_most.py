""""In which year did X produce the most Y?" / "Which year had the highest Y output?" asks the arg-max over the
by-year rows of the asked measure: the year whose row holds the largest figure leads, never an arbitrary year row
(trial t70w q15 led with the lowest year of a production table at high confidence; q36 the same at low). The
measure is named by the question's verb or noun ("produce", "output": the rows' "production" column) though the
question counts no noun ("the most <product name>"). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme, extreme_sentence
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import noted_report

TABLE = ("| Year | Production (tonnes) |\n|------|------|\n| 2019 | 2,410 |\n| 2020 | 2,655 |\n| 2021 | 2,980 |\n"
         "| 2022 | 2,530 |")
PAGE = [
    "Annual production of Orlenne at the Tavrel Creamery, in tonnes.",
    "Year 2019: production (tonnes) 2,410.",
    "Year 2020: production (tonnes) 2,655.",
    "Year 2021: production (tonnes) 2,980.",
    "Year 2022: production (tonnes) 2,530.",
]
TITLE = "Tavrel Creamery: Orlenne production by year"
#: another page: the look-alike's own figure of one year, and an unrelated sentence
OTHER = [
    "The Quessin Hill Dairy produced 640 tonnes of cheese in 2022, mostly Orlenne Gold.",
    "Orlenne Gold is aged for at least 20 months.",
]
OTHER_TITLE = "Quessin Hill Dairy: a family dairy"

QUESTIONS_MOST = [
    "In which year did the creamery produce the most Orlenne?",
    "Which year had the highest Orlenne output?",
    "In which year was Orlenne production highest?",
]


def _claims() -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = []
    for source, page in (("report", PAGE), ("dairy", OTHER)):
        for k, text in enumerate(page):
            quote = TABLE if text.startswith("Year ") else text
            span = EvidenceCandidate(source_id=source, domain="local", start=0, end=len(quote), text=quote,
                                     retrieval_score=1.0)
            claims.append(VerifiedClaim(claim_id=f"{source}{k}", source_id=source, text=text, verdict="supported",
                                        stability=1.0, spans=[span]))
    sources = {"report": SourceInfo(source_id="report", title=TITLE, url_or_path="/corpus/report.html",
                                    domain="local"),
               "dairy": SourceInfo(source_id="dairy", title=OTHER_TITLE, url_or_path="/corpus/dairy.html",
                                   domain="local")}
    return claims, sources


def _decide(question: str) -> tuple[str, ...] | None:
    texts = [*PAGE, *OTHER]
    titles = [TITLE] * len(PAGE) + [OTHER_TITLE] * len(OTHER)
    extreme = decide_extreme(question, texts, titles, list(range(len(texts))))
    return extreme.names if extreme is not None else None


@pytest.mark.parametrize("question", QUESTIONS_MOST)
def test_the_year_of_the_largest_row_is_decided(question: str) -> None:
    assert _decide(question) == ("2021",)


@pytest.mark.parametrize("question", ["In which year did the creamery produce the least Orlenne?",
                                      "Which year had the lowest Orlenne output?",
                                      "In which year was Orlenne production lowest?"])
def test_the_year_of_the_smallest_row_is_decided(question: str) -> None:
    assert _decide(question) == ("2019",)


def test_the_sentence_says_the_year_and_its_figure() -> None:
    texts = [*PAGE, *OTHER]
    titles = [TITLE] * len(PAGE) + [OTHER_TITLE] * len(OTHER)
    extreme = decide_extreme(QUESTIONS_MOST[0], texts, titles, list(range(len(texts))))
    assert extreme is not None
    assert extreme_sentence(extreme, ["[1]"]) == "The creamery produced the most Orlenne in 2021: 2,980 tonnes [1]."


def test_a_column_of_another_measure_decides_nothing() -> None:
    # rows of the creamery's member farms are no production: "the most Orlenne" is not read from them
    page = ["Year 2019: member farms 41.", "Year 2020: member farms 44.", "Year 2021: member farms 39."]
    extreme = decide_extreme("In which year did the creamery produce the most Orlenne?", page, [TITLE] * 3,
                             [0, 1, 2])
    assert extreme is None


def test_rows_of_a_page_of_another_thing_decide_nothing() -> None:
    titles = ["Quessin Hill Dairy: production by year"] * len(PAGE[1:])
    assert decide_extreme("Which year had the highest Orlenne output?", PAGE[1:], titles,
                          list(range(len(PAGE) - 1))) is None


@pytest.mark.parametrize("question", QUESTIONS_MOST)
def test_the_lead_is_the_largest_year_row(question: str) -> None:
    claims, sources = _claims()
    report, _gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert "2021" in lead and "2,980" in lead, report.markdown
    assert "2019" not in lead and "2022" not in lead, report.markdown


def test_a_copula_question_is_answered_with_its_subject() -> None:
    texts = [*PAGE, *OTHER]
    titles = [TITLE] * len(PAGE) + [OTHER_TITLE] * len(OTHER)
    extreme = decide_extreme("In which year was Orlenne production lowest?", texts, titles, list(range(len(texts))))
    assert extreme is not None
    assert extreme_sentence(extreme, ["[1]"]) == "Orlenne production was lowest in 2019: 2,410 tonnes [1]."
