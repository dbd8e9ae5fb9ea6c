"""A superlative over a yearly series ("What was the highest annual number of visitors at X?") is decided as an
extreme over the series' rows and led by the figure with its year, and a row of a table on a page that names the
asked thing alone is about it though the page's title names a longer thing (the trust's annual report): trial t53
x52 was 'Not established: the number asked for' at 0.32 low over a report's yearly visitors table, and "Which year
had the fewest visitors at X?" decided the year but the gate held the row back. Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import noted_report

#: the society's annual review: two sentences and a yearly table, its rows as the claim extractor writes them
TABLE = ("| Year | Bathers | Season tickets sold |\n|------|---------|------|\n| 2021 | 40,100 | 610 |\n"
         "| 2022 | 61,400 | 880 |\n| 2023 | 52,900 | 745 |")
PAGE = [
    "2022 was the busiest summer in the history of Kessing Tidal Pool.",
    "Attendance has varied with the weather since the pool reopened.",
    "Year 2021: bathers 40,100, season tickets sold 610.",
    "Year 2022: bathers 61,400, season tickets sold 880.",
    "Year 2023: bathers 52,900, season tickets sold 745.",
]
TITLE = "Kessing Tidal Pool Society Annual Review 2023"


def _claims(page: list[str], title: str) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = []
    for k, text in enumerate(page):
        quote = TABLE if text.startswith("Year ") else text
        span = EvidenceCandidate(source_id="review", domain="local", start=0, end=len(quote), text=quote,
                                 retrieval_score=1.0)
        claims.append(VerifiedClaim(claim_id=f"c{k}", source_id="review", text=text, verdict="supported",
                                    stability=1.0, spans=[span]))
    return claims, {"review": SourceInfo(source_id="review", title=title, url_or_path="/corpus/review.pdf",
                                         domain="local")}


def _first_sentence(question: str, page: list[str] = PAGE, title: str = TITLE) -> tuple[str, str]:
    claims, sources = _claims(page, title)
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    return lead.split(" [1]. ")[0] + " [1].", gate.tier


@pytest.mark.parametrize(
    ("question", "lead"),
    [
        ("What was the highest annual number of bathers at Kessing Tidal Pool?",
         "The highest annual number of bathers at Kessing Tidal Pool was 61,400, in 2022 [1]."),
        ("What was the lowest yearly count of bathers at Kessing Tidal Pool?",
         "The lowest yearly count of bathers at Kessing Tidal Pool was 40,100, in 2021 [1]."),
        ("What is the largest number of bathers in a single year at Kessing Tidal Pool?",
         "The largest number of bathers in a single year at Kessing Tidal Pool is 61,400, in 2022 [1]."),
    ],
)
def test_a_superlative_over_a_yearly_series_leads_with_the_extreme_and_its_year(question: str, lead: str) -> None:
    said, tier = _first_sentence(question)
    assert said == lead
    assert tier != "low"


def test_which_year_is_answered_by_the_row_of_the_pools_own_report() -> None:
    # the page's title names the society, a longer name; its sentence names the pool alone: the rows are the pool's
    said, tier = _first_sentence("Which year had the fewest bathers at Kessing Tidal Pool?")
    assert said == "2021 had the fewest bathers at Kessing Tidal Pool: 40,100 [1]."
    assert tier != "low"


def test_rows_of_a_page_naming_the_pool_only_inside_a_longer_name_stay_held_back() -> None:
    # the society's page never names the pool alone: its rows may be the society's own figures
    page = ["The Kessing Tidal Pool Society counts its members' visits each year.", *PAGE[2:]]
    said, tier = _first_sentence("Which year had the fewest bathers at Kessing Tidal Pool?", page)
    assert tier == "low"


def test_the_extreme_of_a_series_is_read_from_the_column_counted() -> None:
    extreme = decide_extreme("What was the highest annual number of season tickets sold at Kessing Tidal Pool?",
                             PAGE, [TITLE] * len(PAGE), list(range(len(PAGE))))
    assert extreme is not None and extreme.names == ("2022",) and extreme.values == ("880",)
