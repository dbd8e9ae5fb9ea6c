"""A question asking what a test measured is answered with the tester's measured figure, the maker's rated one said
apart from it and never as agreeing with it; a test page's headings and results table are no part of the sentence
after them (trial t59s Y2, Z1, X7). Invented portable speakers."""

from __future__ import annotations

from services.domain_shopping.attributes import read_measured
from services.domain_shopping.offline import _page_blocks
from shared.text.tokens import split_sentences
from tests.shop_pages import page, pages, run, spec_shop, verdict_line

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
    return verdict_line(run(question, site))


def test_measured_figure_answers_a_question_about_the_test() -> None:
    for question in ("How long did the Quenta Drift 2 last in the HearLab playback test?",
                     "What battery life did HearLab measure for the Quenta Drift 2?"):
        result = run(question, SITE)
        assert verdict_line(result) == (
            "**Quenta Drift 2, as its sources give it:** battery life 23 h 20 min [@v] measured in a test (the rated "
            "figure, not measured: 24 h [@v])."), question
        assert (result.pick or {}).get("figures_agree") is True


def test_no_measured_figure_is_said_not_found() -> None:
    result = run("What battery life did HearLab measure for the Belmo Tide 4?", SITE)
    assert verdict_line(result) == (
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


#: a lab page testing one speaker, the shop pages of two, and a hiking blog's anecdote of the other (review
#: stop 39, finding 4): the blog's "lasted" figure is no test's
TRAIL = {"/pellan/reef-3": spec_shop("Pellan Reef 3", "89.00", {"Battery life": "28 h", "Weight": "520 g"}),
         "/varo/arc-6": spec_shop("Varo Arc 6", "149.00", {"Battery life": "22 h", "Weight": "700 g"}),
         "/lab/speakers": page("Speakers tested | AudioKamp", (
             "<h1>Portable speakers tested</h1><p>We bought both speakers at retail.</p>"
             "<h2>Varo Arc 6</h2><p>The Varo Arc 6 has a 22-hour battery that lasted 21 h 15 min in our playback "
             "test.</p>")),
         "/blog/hike": page("Three days on the ridge | Hill diary", (
             "<h1>Three days on the ridge</h1><p>We packed the Pellan Reef 3 for the hut.</p>"
             "<p>The Pellan Reef 3 lasted 7 h on the first evening before it needed the power bank.</p>"))}


def test_an_anecdote_that_lasted_is_no_measured_figure() -> None:
    for question in ("What battery life did AudioKamp measure for the Pellan Reef 3?",
                     "How long did the Pellan Reef 3 last in the AudioKamp playback test?"):
        result = run(question, TRAIL)
        assert verdict_line(result) == (
            "**Pellan Reef 3, as its sources give it:** battery life: no measured figure was found (rated, not "
            "measured: 28 h [@v])."), question
        assert (result.pick or {}).get("figures_agree") is None
    assert line("What battery life did AudioKamp measure for the Varo Arc 6?", TRAIL) == (
        "**Varo Arc 6, as its sources give it:** battery life 21 h 15 min [@v] measured in a test (the rated figure, "
        "not measured: 22 h [@v]).")


def test_another_sites_test_does_not_answer_for_the_tester_named() -> None:
    """A blog's own playback test is a measurement, but not the one of the lab the question names."""
    site = dict(TRAIL)
    site["/blog/hike"] = page("Three days on the ridge | Hill diary", (
        "<h1>Three days on the ridge</h1><p>In my own playback test the Pellan Reef 3 lasted 7 h at full volume.</p>"))
    assert line("What battery life did AudioKamp measure for the Pellan Reef 3?", site) == (
        "**Pellan Reef 3, as its sources give it:** battery life: no measured figure was found (rated, not measured: "
        "28 h [@v]).")
    assert line("How long did the Pellan Reef 3 last in the playback test?", site) == (
        "**Pellan Reef 3, as its sources give it:** battery life 7 h [@v] measured in a test (the rated figure, not "
        "measured: 28 h [@v]).")


def test_a_word_of_what_a_sample_did_is_a_whole_word_of_its_language() -> None:
    """Spanish "duro" is "hard", no "duró"; "lasted" outside a test and off a test page is no measurement."""
    kinds = {"battery life": "[time]"}
    assert [f.value for f in read_measured("Un altavoz duro y 24 h de batería en nuestra prueba.", kinds, True)] == []
    assert [f.value for f in read_measured("En nuestra prueba duró 22 h.", kinds)] == ["22 h"]
    assert [f.value for f in read_measured("The Varo Arc 6 lasted 9 h on the first night.", kinds)] == []
    assert [f.value for f in read_measured("The Varo Arc 6 lasted 9 h on the first night.", kinds, True)] == ["9 h"]
