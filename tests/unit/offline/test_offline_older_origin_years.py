"""Task h157 (trial t75w q12/q23): "Is A older than B?" was argued from each course's "Record attendance" row
("41,300 (1987)" against "12,750 (1999)"): a year in parentheses was read as a birth date for any thing. "Older"
compares the years each thing began (founded, built, opened, ...): a parenthesised year dates a life only right after
a person's name ("Ann Lee (4 May 1961 – ...)"), and a table row's label ("Fact Founded: <name> 1847") is the event
itself. Invented names (the Tollin showgrounds)."""

from __future__ import annotations

from services.synthesizer.verdicts import _START_EVENTS, _event_date, decide_yes_no

EAST = "Tollin Heath Showground"
WEST = "Tollin Vale Showground"
# the record years run against the founding years: a comparison of record years says the opposite
ROWS = [
    f"Fact Record attendance: {EAST} 22,100 (1995).",
    f"Fact Record attendance: {WEST} 9,400 (1962).",
    f"Fact Founded: {EAST} 1868.",
    f"Fact Founded: {WEST} 1903.",
]
TITLES = [EAST, WEST, EAST, WEST]


def _decide(question: str, texts: list[str], titles: list[str]) -> tuple[bool | None, tuple[int, ...]]:
    decided = decide_yes_no(question, texts, titles, list(range(len(texts))), [False] * len(texts))
    assert decided is not None
    return decided.answer, decided.cited


def test_older_compares_founding_rows_not_record_years() -> None:
    assert _decide(f"Is {EAST} older than {WEST}?", ROWS, TITLES) == (True, (2, 3))
    assert _decide(f"Is {WEST} older than {EAST}?", ROWS, TITLES) == (False, (3, 2))


def test_older_compares_founding_sentences_ranked_below_records() -> None:
    texts = [ROWS[0], ROWS[1], f"{EAST} was founded in 1868 by the county society.", f"{WEST} opened in 1903."]
    assert _decide(f"Is {EAST} older than {WEST}?", texts, TITLES) == (True, (2, 3))


def test_a_parenthesised_year_dates_a_life_only_after_a_name() -> None:
    assert _event_date(f"Fact Record attendance: {EAST} 22,100 (1995).", list(_START_EVENTS)) is None
    assert _event_date("Ilsa Brenmoor (4 May 1861 – 2 June 1931) was a painter.", list(_START_EVENTS)) \
        == ((1861, 5, 4), "4 May 1861")
    assert _event_date("Ilsa Brenmoor (born 4 May 1861) is remembered.", list(_START_EVENTS)) \
        == ((1861, 5, 4), "4 May 1861")
    assert _event_date(f"Fact Founded: {EAST} 1868.", list(_START_EVENTS)) == ((1868, 0, 0), "1868")
