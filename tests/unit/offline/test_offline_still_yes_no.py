"""A yes/no question whether a state goes on ("Is the ferry still running?", "Do they still fire their kilns with
wood?") is answered "No" by a claim saying the state ended ("ran until 1962", "The last wood-fired furnace was shut
down in 1987", "was replaced"), "Yes" by one saying it goes on ("still runs", a plain present), and left open by one
that speaks of the past only; the deciding claim is cited first. A page that calls the subject by its kind ("the
pottery's furnaces") decides it too, and a question naming nothing ("Are the brewery's kettles still coal-fired?") is
read about its possessor (issue 9, trial t26 fault 2)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import UNDECIDED_TEXT, asks_still, decide_yes_no, goes_on, last_held
from tests.claim_pages import listed_lead

Pages = dict[str, tuple[str, list[str]]]


def _pages(*sentences: str) -> Pages:
    return {"k": ("Kessel ferry", ["The Kessel ferry crossed the Ost between Kessel and Varn.", *sentences]),
            "t": ("Varn town", ["Varn has a market every Tuesday.", "The Varn church still stands on the hill."])}


POTTERY: Pages = {
    "h": ("Orrin potters", ["The Orrin potters' guild was founded in 1702.",
                            "Two of the guild's old workshops still stand."]),
    "f": ("The pottery's furnaces", ["The pottery's workshops operate four furnaces.",
                                     "The last wood-fired furnace was shut down in 1987."]),
}
BREWERY: Pages = {
    "b": ("Brewing today", ["The brewery brews four beers all year.",
                            "The last coal-fired kettle was replaced by a steam kettle in 2001."]),
}


@pytest.mark.parametrize(("question", "pages", "opening", "cited"), [
    ("Is the Kessel ferry still running?", _pages("The Kessel ferry ran until 1962, when the bridge opened."), "No: ",
     "ran until 1962"),
    ("Is the Kessel ferry still running?", _pages("The Kessel ferry still runs every hour in summer."), "Yes: ",
     "still runs"),
    ("Is the Kessel ferry still running?", _pages("The Kessel ferry runs every hour in summer."), "Yes: ",
     "runs every hour"),
    ("Does the Kessel ferry still carry cars?", _pages("The Kessel ferry no longer carries cars."), "No: ",
     "no longer carries"),
    ("Does the Kessel ferry carry cars anymore?", _pages("The Kessel ferry no longer carries cars."), "No: ",
     "no longer carries"),
    ("Is the Kessel ferry running any longer?", _pages("The Kessel ferry ran until 1962, when the bridge opened."),
     "No: ", "ran until 1962"),
    ("Do the Orrin potters still fire their kilns with wood?", POTTERY, "No: ", "last wood-fired furnace"),
    ("Are the brewery's kettles still coal-fired?", BREWERY, "No: ", "last coal-fired kettle"),
])
def test_a_still_question_is_answered_by_whether_the_state_goes_on(question: str, pages: Pages, opening: str,
                                                                   cited: str) -> None:
    lead = listed_lead(question, pages)
    assert lead.startswith(opening), lead
    assert cited in lead.split("[1]")[0], lead


def test_a_claim_of_the_past_only_leaves_a_still_question_open() -> None:
    lead = listed_lead("Is the Kessel ferry still running?", _pages("The Kessel ferry ran every hour in the 1950s."))
    assert lead.startswith(UNDECIDED_TEXT), lead


def test_a_still_fact_of_something_else_decides_nothing() -> None:
    texts = ["The Varn church still stands on the hill.", "The Kessel ferry was painted blue in 1950."]
    decided = decide_yes_no("Is the Kessel ferry still running?", texts, ["Varn town", "Kessel ferry"], [0, 1],
                            [False, False])
    assert decided is None or decided.answer is None


@pytest.mark.parametrize(("text", "denied", "verdict"), [
    ("The mill still grinds flour.", False, True),
    ("The mill grinds flour every day.", False, True),
    ("The mill ground flour until 1950.", False, False),
    ("The mill's wheel was dismantled in 1961.", False, False),
    ("The furnaces are now fired with gas instead of wood.", False, False),
    ("The mill's wheels were driven by water.", False, None),
    ("The mill no longer grinds flour.", True, False),
])
def test_goes_on_reads_continuation_end_and_past(text: str, denied: bool, verdict: bool | None) -> None:
    assert goes_on(text, denied) is verdict


def test_asks_still_is_a_yes_no_question_with_still() -> None:
    assert asks_still("Is the Kessel ferry still running?") and asks_still("Does it carry cars any more?")
    assert not asks_still("Which ferry is still running?") and not asks_still("Is the Kessel ferry running?")


# Trial t67 Q17 (invented names here): "Is <X> still used for commercial milling?" answered "Yes:" at medium from a
# table row "Last commercial use: <X> 1951, <Y> 1894" (read as a plain present) before the sentence "commercial
# milling at <X> ended when he retired in 1951". A row or sentence dating the last time the state held ("Last
# commercial use: ... 1962", "It last worked in 1903") says it ended; a claim saying in so many words that the state
# ended or goes on decides before a plain present; "used for" names no term a claim must state; "currently",
# "nowadays", "today" ask whether the state holds now as "still" does.
WATERMILL: Pages = {
    "s": ("Survey of the Dorrowby mills, 2019",
          ["Feature Last commercial use: Dorrowby Watermill (undershot) 1962, Dorrowby Tide Mill 1903."]),
    "h": ("Dorrowby Watermill: a history",
          ["The watermill was built in 1790 by the millwright Ezra Coombe.",
           "Walter Hensey was the last miller; commercial milling at Dorrowby Watermill ended when he retired in 1962.",
           "Demonstration milling takes place on the first Saturday of each month."]),
}


@pytest.mark.parametrize("question", [
    "Is Dorrowby Watermill still used for commercial milling?",
    "Is Dorrowby Watermill currently used for commercial milling?",
    "Is Dorrowby Watermill used for commercial milling today?",
    "Is Dorrowby Watermill used for commercial milling nowadays?",
])
def test_an_ended_state_with_its_year_is_no_and_never_yes(question: str) -> None:
    lead = listed_lead(question, WATERMILL)
    assert lead.startswith("No: "), lead
    # the sentence saying it ended, with its year, is cited first (before the row only dating the last use)
    assert lead.split("[1]")[0] == "No: Walter Hensey was the last miller; commercial milling at Dorrowby Watermill " \
        "ended when he retired in 1962 ", lead


def test_a_row_dating_the_last_use_alone_says_no() -> None:
    pages = {"s": WATERMILL["s"]}
    lead = listed_lead("Is Dorrowby Watermill still used for commercial milling?", pages)
    assert lead.startswith("No: Feature Last commercial use"), lead


def test_a_plain_present_does_not_outvote_an_ending() -> None:
    pages: Pages = {"a": ("Dorrowby Watermill", ["Dorrowby Watermill is used for commercial milling by the trust.",
                                                 "Commercial milling at Dorrowby Watermill ceased in 1962."])}
    lead = listed_lead("Is Dorrowby Watermill still used for commercial milling?", pages)
    assert lead.startswith("No: Commercial milling at Dorrowby Watermill ceased in 1962 [1]"), lead
    # and a claim saying in so many words that it goes on decides for yes
    pages = {"a": ("Dorrowby Watermill", ["Dorrowby Watermill is still used for commercial milling by the trust.",
                                          "Commercial milling at Dorrowby Watermill ceased in 1962."])}
    assert listed_lead("Is Dorrowby Watermill still used for commercial milling?", pages).startswith("Yes: ")


@pytest.mark.parametrize(("text", "terms", "ended"), [
    ("Feature Last commercial use: Dorrowby Watermill 1962, Dorrowby Tide Mill 1903.", ["commercial", "milling"],
     True),
    ("The tide mill last worked in 1903.", ["working"], True),
    ("The hall was last renovated in 2015.", ["open"], False),  # a renovation dates no end of being open
    ("The last miller retired.", ["milling"], False),  # no year
    ("Feature Last commercial use: Dorrowby Watermill 1962.", [], False),
])
def test_last_held_dates_the_last_time_the_asked_state_held(text: str, terms: list[str], ended: bool) -> None:
    assert last_held(text, terms) is ended


def test_asks_still_reads_words_of_now() -> None:
    assert asks_still("Is the mill currently used for milling?") and asks_still("Is the mill used for milling today?")
    assert asks_still("Do they grind corn there nowadays?") and asks_still("Is the ferry running at present?")
    assert not asks_still("How many visitors does the mill have today?")


def test_the_last_edition_of_a_recurring_event_is_no_end() -> None:
    """Review F3: "the last show, held in 2025" is the latest edition, not the final one; it read as "ended" and
    outvoted the plain present "is held every August"."""
    assert not last_held("The last show, held in August 2025, drew 4,000 visitors.", ["show", "held"])
    assert last_held("The last show ever was held in August 2019.", ["show", "held"])
    pages: Pages = {"s": ("Quellby Show", ["The Quellby Show is an agricultural show held every August.",
                                           "The last show, held in August 2025, drew 4,000 visitors."])}
    lead = listed_lead("Is the Quellby Show still held?", pages)
    assert lead.startswith("Yes: The Quellby Show is an agricultural show held every August"), lead


def test_today_in_an_open_or_closed_question_asks_about_the_day() -> None:
    """Review F4: "Is the museum open today?" became a "still" question, so "closed on Mondays" answered No."""
    assert not asks_still("Is the Quellby Museum open today?")
    assert not asks_still("Is the Quellby Museum closed today?")
    assert asks_still("Is the Quellby Museum still open today?")
    assert asks_still("Is the Quellby Museum currently open?")
    pages: Pages = {"m": ("Quellby Museum", ["The Quellby Museum is open Tuesday to Sunday, 10:00 to 17:00.",
                                             "The museum is closed on Mondays."])}
    lead = listed_lead("Is the Quellby Museum open today?", pages)
    assert not lead.startswith("No: "), lead
