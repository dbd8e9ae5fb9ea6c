"""Issue 9, re-check of trial t53 (q53): "What did an adult ticket at Veldmoor Lido cost in 2019?" was led by the
prices table's current "adult ticket price £7.50" at 0.92 high once the table was read (41148fa); the answer was the
2019 news page's "Adult tickets rise to £5.20 this season.", which writes no year: it is of its page's year
(services.synthesizer.offline.asked_time_lead, ``page_years``), and its capitalised first word, a word of the question
("Adult tickets"), names no other thing (offline._asked_figures). Invented pages (the Orrin Quarry Baths)."""

from __future__ import annotations

from services.synthesizer.offline import _asked_figures, asked_time_lead, synthesize
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import local_claim

QUESTION = "What did an adult ticket at the Orrin Quarry Baths cost in 2018?"
SOURCES = {
    "site": SourceInfo(source_id="site", title="Orrin Quarry Baths: plan your visit", url_or_path="/c/site.html",
                       domain="local"),
    "news": SourceInfo(source_id="news", title="Orrin Quarry Baths switch to heat pumps", url_or_path="/c/news.html",
                       domain="local", published="2018-04-20"),
}
CLAIMS = [
    local_claim("s1", "site", "Orrin Quarry Baths: adult ticket price £6.90."),
    local_claim("s2", "site", "Orrin Quarry Baths: child ticket price £3.10."),
    local_claim("n1", "news", "The Orrin Quarry Baths have installed two heat pumps beside the changing rooms."),
    local_claim("n2", "news", "The pumps cost £96,000, most of it paid by a county grant."),
    local_claim("n3", "news", "Adult tickets rise to £4.70 this season."),
]


def test_a_sentence_opening_with_the_questions_own_word_states_its_figure() -> None:
    texts = ["Adult tickets rise to £4.70 this season.", "Paris has twenty pools and £9 tickets."]
    titles = ["Orrin Quarry Baths switch to heat pumps"] * 2
    assert _asked_figures(QUESTION, texts, titles) == [True, False]


def test_a_sentence_without_a_year_is_of_its_pages_year() -> None:
    texts = [c.text for c in CLAIMS]
    years: list[int | None] = [None, None, 2018, 2018, 2018]
    assert asked_time_lead(QUESTION, texts, [0, 1], [0, 4, 3, 1, 2], None, years)[0] == 4
    assert asked_time_lead(QUESTION, texts, [0, 1], [0, 4, 3, 1, 2], None, None) == [0, 1]  # no dates: unchanged


def test_the_figure_of_the_year_asked_leads_the_report() -> None:
    lead = lead_section(synthesize(QUESTION, CLAIMS, SOURCES).markdown)
    assert lead.startswith("Adult tickets rise to £4.70 this season ["), lead
    assert "£6.90" not in lead, lead
