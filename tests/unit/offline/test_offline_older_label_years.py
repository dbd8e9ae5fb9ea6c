""""Which is older, A or B?" compares the years each one started (a founding, building, opening: a sentence or table
row with a start word), never another year a claim gives: a table row's label year ("Annual budget (2023): ...") is
no founding, though a parenthesis after a person's name still dates a birth ("Ann Lee (4 May 1961 - ...)")
(services.synthesizer.verdicts._event_date, decide_choice), on invented claims."""

from __future__ import annotations

from services.synthesizer.verdicts import _START_EVENTS, _event_date, decide_choice

CLAIMS = [
    "Key facts Annual budget (2023): Brenholt Chamber Choir €3.4 million.",
    "The Brenholt Youth Choir was founded in 1981 by Oda Wennick.",
    "The Brenholt Chamber Choir was founded in 1932 by the organist Lars Quennet.",
]
TITLES = ["Brenholt Chamber Choir - key facts", "Brenholt Youth Choir", "Brenholt Chamber Choir - history"]


def test_a_label_year_in_parentheses_is_no_start_date() -> None:
    assert _event_date(CLAIMS[0], _START_EVENTS) is None
    assert _event_date("Revenue (2019): the Orrin Works 4 million.", _START_EVENTS) is None
    # a person's life dates after the name still date the birth
    assert _event_date("Hella Marrow (4 May 1961 - 2020) was a cellist.", _START_EVENTS) == ((1961, 5, 4),
                                                                                            "4 May 1961")


def test_older_compares_founding_years_not_a_budget_year() -> None:
    question = "Which is older, the Brenholt Chamber Choir or the Brenholt Youth Choir?"
    choice = decide_choice(question, CLAIMS, TITLES, [0, 1, 2])
    assert choice is not None
    assert choice.options == ("Brenholt Chamber Choir", "Brenholt Youth Choir")
    assert choice.values == ("1932", "1981")
