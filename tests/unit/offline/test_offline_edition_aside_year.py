"""Task h148 (review of stop 44, F4, F9): the year of a question's aside.

- F4: an aside stating the holding of the edition asked (", held in 2023", ", which took place in 2024") names the
  year asked; an aside about a body's origin (", founded in 1887", ", which merged with <place> in 1974") does not.
- F9: one comma-aside pattern (shared.text.quantity.ASIDE_RE) serves both the question's reader and the past-frame
  reader of a sentence.
- The synthesizer's "the question names no year" checks read the years asked (asked_years): a founding year set off
  as an aside leaves a present-tense question asking of no year.

Invented names (the Quillby Show, the Harrowgate Fen Marathon, the Dunmere Regatta, the Pellworth Rowing Club,
Stannock, Corley Vale, the Fenwick Borough Library)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import other_year_lead
from services.synthesizer.offline import _newest_cells, older_figures
from shared.text.answer import asked_years
from shared.text.quantity import ASIDE_RE, past_framed

# ---- F4: the year of an aside -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("question", "years"), [
    # the holding of an edition: the year asked
    ("What was the attendance at the Quillby Show, held in 2023?", {"2023"}),
    ("How many runners finished the Harrowgate Fen Marathon, which was held in 2024?", {"2024"}),
    ("How many crews entered the Dunmere Regatta, which took place in 2022?", {"2022"}),
    ("How many visitors came to the Quillby Show, staged in 2021, on its first day?", {"2021"}),
    # a body's origin, or a series' first holding: no year asked
    ("How many members has the Pellworth Rowing Club, founded in 1887, got?", set()),
    ("How many residents does Stannock, which merged with Corley Vale in 1974, have?", set()),
    ("How many visitors does the Quillby Show, which was first held in 1850, draw?", set()),
    ("How many members did the Pellworth Rowing Club, founded in 1887, have in 2024?", {"2024"}),
])
def test_an_aside_holding_the_edition_keeps_its_year(question: str, years: set[str]) -> None:
    assert asked_years(question) == years


def test_another_years_figure_is_no_answer_for_the_edition_held_in_the_aside() -> None:
    assert other_year_lead("What was the attendance at the Quillby Show, held in 2023?",
                           "In 2022 the Quillby Show drew 5,000 visitors [1].")
    assert not other_year_lead("What was the attendance at the Quillby Show, held in 2023?",
                               "In 2023 the Quillby Show drew 5,400 visitors [1].")
    assert other_year_lead("How many runners finished the Harrowgate Fen Marathon, which was held in 2024?",
                           "In 2023 the Harrowgate Fen Marathon had 1,240 finishers [1].")
    # a body's founding year is still no year asked
    assert not other_year_lead("How many members has the Pellworth Rowing Club, founded in 1887, got?",
                               "In 2024 the club had 312 members [1].")


# ---- F9: one aside pattern ---------------------------------------------------------------------------------------


def test_one_aside_pattern_reads_asides_in_a_row() -> None:
    text = "The hall, formerly a chapel, which was rebuilt in 1902, has 640 seats,"
    assert [m.group("first") for m in ASIDE_RE.finditer(text)] == ["formerly", "which", "has"]
    assert ASIDE_RE.sub("", "The hall, formerly a chapel, has 640 seats") == "The hall, has 640 seats"
    # the past-frame reader still skips an aside about the thing
    assert not past_framed("Stannock Hall, formerly a chapel, has 640 seats.")
    assert past_framed("At its peak the Stannock mill employed 400 workers.")


# ---- the synthesizer's "names no year" checks -------------------------------------------------------------------

TEXTS = ["Fenwick Borough Library: items in collection 402,000 in 2023.",
         "Fenwick Borough Library: items in collection 415,500 in 2024.",
         "In 2024 the Fenwick Borough Library lent 690,000 items."]
TITLES = ["Fenwick Borough Library Annual Report 2024"] * 3


def test_a_founding_aside_leaves_a_present_question_asking_the_newest_figure() -> None:
    question = "How many items are in the collection of the Fenwick Borough Library, founded in 1931?"
    assert _newest_cells(question, TEXTS, [0], [0, 1, 2], TITLES) == [1]
    # a year asked keeps its own cell
    dated = "How many items were in the collection of the Fenwick Borough Library in 2023?"
    assert _newest_cells(dated, TEXTS, [0], [0, 1, 2], TITLES) == [0]


def test_a_founding_aside_leaves_the_older_figure_said() -> None:
    texts = ["In 2015 the Fenwick Glassworks employed 29 glassblowers.",
             "The Fenwick Glassworks employs 37 glassblowers today."]
    titles = ["Fenwick Glassworks"] * 2
    question = "How many glassblowers does the Fenwick Glassworks, founded in 1871, employ?"
    assert older_figures(question, texts, [1], [0, 1], titles) == [0]
    assert older_figures("How many glassblowers did the Fenwick Glassworks employ in 2015?", texts, [0], [0, 1],
                         titles) == []
