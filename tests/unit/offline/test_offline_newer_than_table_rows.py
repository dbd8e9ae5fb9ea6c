"""A figure question naming no year over a table's rows of several years is led by a newer dated figure of another
page when there is one: a news item dated 3 February 2025 saying "received 52,300 visitors in 2024, a new record"
leads over the table's newest row "Year 2023: visitors 47,100, note record year" (task h132, trial t70 Q10: the
table's row led at high). A question asking the record takes only a newer figure said to be a record. "What is the
annual visitor number of X?" counts visitors as "the number of visitors" does (``shared.text.quantity``,
``services.synthesizer.offline.asked_time_lead``)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.evidence import SourceInfo
from shared.text.quantity import counted_nouns
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


def test_a_number_of_a_name_counts_the_noun_before_number() -> None:
    assert counted_nouns("What is the record annual visitor number of Fort Brindle Museum?") == ("visitor",)
    assert counted_nouns("What is the annual visitor number of the Brindle Quarry Museum?") == ("visitor",)
    assert counted_nouns("What is the number of visitors of the Brindle Quarry Museum?") == ("visitor",)


ROWS = [
    "Year 2019: visitors 39,800.",
    "Year 2021: visitors 20,400, note pandemic closure.",
    "Year 2022: visitors 41,900.",
    "Year 2023: visitors 47,100, note record year.",
]


def _pages(news: str) -> tuple[list, dict]:
    sources = {
        "t": local_source("t", "Brindle Quarry Museum: annual visitors"),
        "n": SourceInfo(source_id="n", title="Quarry museum breaks its visitor record", url_or_path="/corpus/n.txt",
                        domain="local", published="2025-02-03"),
        "h": local_source("h", "Brindle Quarry Museum: a history"),
    }
    claims = [local_claim(f"t{k}", "t", row) for k, row in enumerate(ROWS)]
    claims += [local_claim("n1", "n", news),
               local_claim("h1", "h", "The Brindle Quarry Museum opened in 1988 in the old quarry offices.")]
    return claims, sources


NEWS = "The Brindle Quarry Museum received 52,300 visitors in 2024, a new record that beats the 47,100 of 2023."


def test_a_newer_record_leads_over_the_tables_newest_row() -> None:
    claims, sources = _pages(NEWS)
    for question in ("What is the record annual visitor number of the Brindle Quarry Museum?",
                     "What is the annual visitor number of the Brindle Quarry Museum?"):
        lead = _answer(synthesize(question, claims, sources).markdown)
        assert lead.startswith("The Brindle Quarry Museum received 52,300 visitors in 2024"), (question, lead)


def test_a_newer_figure_said_no_record_does_not_answer_the_record() -> None:
    claims, sources = _pages("The Brindle Quarry Museum received 31,000 visitors in 2024, fewer than a year before.")
    lead = _answer(synthesize("What is the record annual visitor number of the Brindle Quarry Museum?", claims,
                              sources).markdown)
    assert not lead.startswith("The Brindle Quarry Museum received 31,000"), lead
    # the present figure asked: the newer one leads
    lead = _answer(synthesize("What is the annual visitor number of the Brindle Quarry Museum?", claims,
                              sources).markdown)
    assert lead.startswith("The Brindle Quarry Museum received 31,000 visitors in 2024"), lead


def test_a_sentence_dating_its_figure_comes_before_one_dated_by_its_page_only() -> None:
    from services.synthesizer.offline import _newer_than_rows

    texts = [*ROWS, "It was the first time the quarry museum's record passed 50,000 visitors.", NEWS]
    rows = {0: 2019, 1: 2021, 2: 2022, 3: 2023}
    figure = [True] * len(texts)
    pages = [None, None, None, None, 2025, 2025]
    q = "What is the record annual visitor number of the Brindle Quarry Museum?"
    assert _newer_than_rows(q, texts, [4, 5, 3, 2, 1, 0], figure, rows, 2023, pages) == [5, 4]
    # no page date: the undated sentence is no newer figure
    assert _newer_than_rows(q, texts, [4, 5, 3], figure, rows, 2023, None) == [5]
