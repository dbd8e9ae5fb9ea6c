"""A question asking what a test measured is answered with the tester's measured figure, the maker's rated one said
apart from it and never as agreeing with it; a test page's headings and results table are no part of the sentence
after them (trial t59s Y2, Z1, X7). Invented portable speakers."""

from __future__ import annotations

import re

from services.domain_shopping.offline import _page_blocks
from shared.text.tokens import split_sentences
from tests.shop_pages import page, pages, run, spec_shop, verdicts

SITE = {"/quenta/drift-2": spec_shop("Quenta Drift 2", "139.00", {"Battery life": "24 h", "Weight": "610 g"}),
        "/belmo/tide-4": spec_shop("Belmo Tide 4", "79.00", {"Battery life": "30 h", "Weight": "480 g"}),
        "/lab/speakers": page("Speakers tested | HearLab", (
            "<h1>Portable speakers tested</h1><p>We bought every speaker at retail; no maker paid for this test.</p>"
            "<table><tr><th>Speaker</th><th>Score</th><th>Verdict</th></tr><tr><td>Belmo Tide 4</td><td>6.1</td>"
            "<td>Good</td></tr><tr><td>Quenta Drift 2</td><td>8.8</td><td>Best overall</td></tr></table>"
            "<h2>Best overall: Quenta Drift 2</h2><p>The Quenta Drift 2 has a 24-hour battery that lasted 23 h 20 min "
            "in our playback test.</p>"))}


def line(question: str, site: dict[str, str] = SITE) -> str:
    """The verdicts' first line for ``question``, citation markers written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, site)).split("\n")[0])


def test_measured_figure_answers_a_question_about_the_test() -> None:
    for question in ("How long did the Quenta Drift 2 last in the HearLab playback test?",
                     "What battery life did HearLab measure for the Quenta Drift 2?"):
        result = run(question, SITE)
        assert re.sub(r"\[@v\d+\]", "[@v]", verdicts(result).split("\n")[0]) == (
            "**Quenta Drift 2, as its sources give it:** battery life 23 h 20 min [@v] measured in a test (the rated "
            "figure, not measured: 24 h [@v])."), question
        assert (result.pick or {}).get("figures_agree") is True


def test_no_measured_figure_is_said_not_found() -> None:
    result = run("What battery life did HearLab measure for the Belmo Tide 4?", SITE)
    assert re.sub(r"\[@v\d+\]", "[@v]", verdicts(result).split("\n")[0]) == (
        "**Belmo Tide 4, as its sources give it:** battery life: no measured figure was found (rated, not measured: "
        "30 h [@v]).")
    assert (result.pick or {}).get("figures_agree") is None


def test_a_plain_question_says_the_rated_and_the_measured_figure() -> None:
    assert line("How long does the Quenta Drift 2 battery last?") == (
        "**Quenta Drift 2, as its sources give it:** battery life 24 h [@v] / 23 h 20 min [@v] (its sources disagree).")


def test_a_test_pages_headings_and_table_rows_are_no_part_of_the_next_sentence() -> None:
    """The results table's rows and the heading before the paragraph read as one sentence named every product, so
    a figure after them went to whichever one product the question's products kept (X7: another product's
    measured battery life in the asked product's cell)."""
    sp = pages({"/lab/speakers": SITE["/lab/speakers"]})[0]
    said = [s.text for s in split_sentences(_page_blocks(sp))]
    assert "The Quenta Drift 2 has a 24-hour battery that lasted 23 h 20 min in our playback test." in said, said
    assert "Belmo Tide 4 6.1 Good" in said, said
