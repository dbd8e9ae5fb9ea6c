"""The one reader of the year a claim is of (``services.synthesizer.offline.claim_year``), which asked_time_lead,
older_figures, a page's series and a count's year share: its own figure's year (the newest it writes, or with
``framed`` its time frame's), for a question naming years the asked year it writes, else its page's year when it
writes none. Invented sentences (the Orrin Quarry Baths, the Tessel ferry)."""

from __future__ import annotations

from services.synthesizer.offline import claim_year


def test_a_claim_is_of_the_year_of_its_own_figure() -> None:
    assert claim_year("The 2024 swim gala drew 3,150 bathers to the Orrin Quarry Baths.") == 2024
    assert claim_year("The baths drew 3,150 bathers in 2024, up from 2,870 in 2023.") == 2024  # compared: aside
    assert claim_year("The 2021 county census reported 7,050 residents.") is None  # the authority's year
    assert claim_year("The baths counted 3,150 bathers.") is None
    # framed: only a time frame dates the figure
    assert claim_year("In 1950 the Tessel ferry carried 8,300 cars.", framed=True) == 1950
    assert claim_year("The 1950 season brought 12 crossings a day.", framed=True) is None
    assert claim_year("The 1950 season brought 12 crossings a day.") == 1950


def test_a_claim_writing_no_year_of_its_own_is_of_its_pages_year() -> None:
    assert claim_year("Adult tickets at the Orrin Quarry Baths rise to £4.10 this season.", 2018) == 2018
    assert claim_year("Only 19,400 bathers came, compared with 23,100 in 2017.", 2018) == 2018
    assert claim_year("The 2024 swim gala drew 3,150 bathers.", 2018) == 2024  # its own year first


def test_for_a_question_naming_years_the_asked_year_a_claim_writes_dates_it() -> None:
    both = "Adult tickets cost £4.10, up from £3.60 in 2016."
    assert claim_year(both, 2018, asked={2016}) == 2016  # the compared figure's year, asked
    assert claim_year(both, 2018, asked={2018}) is None  # it writes another year: not its page's year
    assert claim_year("Adult tickets rise to £4.10 this season.", 2018, asked={2018}) == 2018
    assert claim_year("In 2019 the ferry carried 9,100 cars and in 2021 only 7,400.", asked={2019}) == 2019
    assert claim_year("In 2019 the ferry carried 9,100 cars and in 2021 only 7,400.", asked={2020}) == 2021
