"""Task h160 (review of stop 45, F1, F5, F2, F8, F9, F10): regressions added at stop 45.

- F1: a venue's aside ("which hosted the 1998 final") is no edition asked; only an aside whose subject is the asked
  thing being held (", held in 2023", ", which was staged in 2021") keeps its year.
- F5: a move's target (moved_to) is a place, never a month or weekday ("moved to September", "to Saturdays").
- F2: "handed over the trophy to Y" is no succession (only a post, or no object); "will follow X on stage" and "Who
  follows X on <platform>?" are none either ("follow" needs a post word).
- F8: "When was X founded and by whom?" asks both parts; F9: "Whereas X ..., Y ..." and "Y, unlike X, ..." state
  the other thing's; F10: "When is X closed each year?" asks the closure's dates, not hours.

Invented names (the Brannock Arena, the Tessel Museum, the Varrow Show, the Carrow Playhouse, Wenlow, the Pellan
Book Awards, Bram Tolley, Idris Penhale, Harnwick, the Tamsin Lace Works, Hester Crane, the Brisk Pass road)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import other_year_lead
from services.synthesizer.offline import relocated_lead
from shared.report import lead_section
from shared.text.answer import asked_person_part, asked_time_part, asked_years
from shared.text.hours import asks_hours
from shared.text.relations import moved_to
from shared.text.succession import asked_succession, succession_pairs
from shared.text.terms import contrasted_other
from tests.claim_pages import listed_claims, noted_report

# ---- F1: a venue's aside ------------------------------------------------------------------------------------------

_ARENA_Q = "How many seats does the Brannock Arena, which hosted the 1998 final, have?"


@pytest.mark.parametrize(("question", "years"), [
    # an active "which hosted / staged <object>": the venue's aside, no year asked
    (_ARENA_Q, set()),
    ("How many visitors does the Tessel Museum, which staged the 2012 exhibition, get?", set()),
    # the asked thing being held: its year is asked
    ("What was the attendance at the Varrow Show, hosted by Brannock in 2019?", {"2019"}),
    ("How many visitors came to the Varrow Show, which was staged in 2021?", {"2021"}),
    ("What was the attendance at the Varrow Show, held in 2023?", {"2023"}),
])
def test_only_an_aside_of_the_asked_thing_being_held_keeps_its_year(question: str, years: set[str]) -> None:
    assert asked_years(question) == years


def test_the_current_figure_answers_a_present_question_with_a_venue_aside() -> None:
    assert not other_year_lead(_ARENA_Q, "In 2024 the Brannock Arena had 12,400 seats [1].")


# ---- F5: a move's target is a place, never a time -----------------------------------------------------------------


@pytest.mark.parametrize(("text", "place"), [
    ("In 2015 the ceremony moved to September.", None),
    ("In 2016 the fair moved to Saturdays.", None),
    ("The market moved to June 12 that year.", None),
    ("In 2015 the ceremony moved to September, and in 2018 it moved to the Carrow Playhouse.", "Carrow Playhouse"),
    ("In 2015 the ceremony moved to the Carrow Playhouse in Wenlow.", "Carrow Playhouse"),
])
def test_a_move_to_a_month_or_weekday_is_no_move_of_place(text: str, place: str | None) -> None:
    assert moved_to(text) == place


def test_a_move_to_a_month_does_not_lead_a_where_question() -> None:
    title = "Pellan Book Awards"
    texts = ["The Pellan Book Awards ceremony has been held in the Carrow Hall in Wenlow since 1990.",
             "The ceremony was held in the Carrow Hall for thirty years.",
             "In 2015 the ceremony moved to September."]
    lead = relocated_lead("Where is the Pellan Book Awards ceremony held?", texts, [1, 0], [1, 0, 2], [title] * 3)
    assert 2 not in lead


# ---- F2: a handover of an object, a "follow" with no post --------------------------------------------------------


@pytest.mark.parametrize(("text", "pairs"), [
    ("At the finish, Mayor Bram Tolley handed over the trophy to Idris Penhale, the race winner.", []),
    ("Bram Tolley hands over the keys to Idris Penhale on Friday.", []),
    ("Bram Tolley hands over the leadership to Idris Penhale on Friday.", [("Idris Penhale", "Bram Tolley")]),
    ("Bram Tolley handed over the role of chair to Idris Penhale.", [("Idris Penhale", "Bram Tolley")]),
    ("Bram Tolley, who led the mill for ten years, handed over to Idris Penhale.", [("Idris Penhale", "Bram Tolley")]),
])
def test_only_a_post_handed_over_is_a_succession(text: str, pairs: list[tuple[str, str]]) -> None:
    assert succession_pairs(text) == pairs


def test_a_follow_is_a_planned_succession_only_in_a_post() -> None:
    assert succession_pairs("Idris Penhale will follow Bram Tolley on stage at the gala.", planned=True) == []
    assert succession_pairs("Idris Penhale will follow Bram Tolley as mayor in May.", planned=True) \
        == [("Idris Penhale", "Bram Tolley")]


@pytest.mark.parametrize(("question", "asked"), [
    ("Who follows Bram Tolley on Twitter?", None),
    ("Whom did Bram Tolley follow on stage?", None),
    ("Who followed Bram Tolley as mayor of Harnwick?", ("Bram Tolley", "successor")),
    ("Who did Bram Tolley follow as club captain?", ("Bram Tolley", "predecessor")),
    ("Who succeeded Bram Tolley?", ("Bram Tolley", "successor")),
])
def test_who_follows_asks_a_successor_only_of_a_post(question: str, asked: tuple[str, str] | None) -> None:
    assert asked_succession(question) == asked


# ---- F8: "When was X founded and by whom?" asks a person too -----------------------------------------------------

_FOUNDED_Q = "When was the Tamsin Lace Works founded and by whom?"


def test_a_when_question_asks_a_person_in_its_aside() -> None:
    # read as a who-question: the when-part is the aside asked
    assert asked_time_part(_FOUNDED_Q) == "When was the Tamsin Lace Works founded?"
    assert asked_person_part(_FOUNDED_Q) is None
    # read as a when-question: the who-part is the aside asked
    assert asked_person_part("When was the Tamsin Lace Works built, and who by?") \
        == "By whom was the Tamsin Lace Works built?"
    for one in ("When was the Tamsin Lace Works founded?", "Who founded the Tamsin Lace Works and when?"):
        assert asked_person_part(one) is None
    assert asked_time_part("Who founded the Tamsin Lace Works, and in which year was that?") \
        == "When founded the Tamsin Lace Works?"


_LACE_PAGES = {
    "rec": ("Tamsin Lace Works", ["Tamsin Lace Works: founded 1802.", "Tamsin Lace Works: founder Hester Crane.",
                                  "Tamsin Lace Works: seat Tamsin."]),
    "tab": ("Tamsin Lace Works: staff by year", [
        "The figures count the Tamsin Lace Works only; the separate Tamsin Net Mill is not included."]),
}


def test_the_year_and_the_founder_both_lead() -> None:
    claims, sources = listed_claims(_LACE_PAGES)
    report, gate = noted_report(_FOUNDED_Q, claims, sources)
    lead = lead_section(report.markdown)
    assert "1802" in lead and "Hester Crane" in lead, lead
    assert not gate.signals.get("part_missing"), gate.signals


@pytest.mark.parametrize("question", [_FOUNDED_Q, "When was the Tamsin Lace Works built, and who by?"])
def test_one_part_alone_is_half_an_answer_and_low(question: str) -> None:
    for kept, said in (("Tamsin Lace Works: founded 1802.", "1802"),
                       ("Tamsin Lace Works: founder Hester Crane.", "Hester Crane")):
        pages = {"rec": ("Tamsin Lace Works", [kept, "Tamsin Lace Works: seat Tamsin."]), "tab": _LACE_PAGES["tab"]}
        claims, sources = listed_claims(pages)
        report, gate = noted_report(question, claims, sources)
        assert said in lead_section(report.markdown)
        assert gate.tier == "low" and (gate.signals.get("part_missing") or gate.signals.get("not_established")), (
            question, kept, gate.tier, gate.signals)


# ---- F9: a contrast set by "whereas" or by an aside ---------------------------------------------------------------

_ROAD_CLAIM = "The Brisk Pass road is open all year."


@pytest.mark.parametrize(("sentence", "other"), [
    ("Whereas the Brisk Pass road closes every winter, the tunnel is open all year.", True),
    ("The tunnel, unlike the Brisk Pass road, is open all year.", True),
    ("Unlike the Brisk Pass road, the tunnel is open all year.", True),
    # the asked thing's own clause: a pronoun of it, or its name outside the aside
    ("While the Brisk Pass road closes every winter, it is open in summer.", False),
    ("The Brisk Pass road, unlike the tunnel, closes in winter.", False),
])
def test_a_contrast_by_whereas_or_an_aside_states_the_other_things(sentence: str, other: bool) -> None:
    assert contrasted_other(sentence, _ROAD_CLAIM) is other


# ---- F10: "When is X closed each year?" asks the closure's dates ----------------------------------------------------


@pytest.mark.parametrize(("question", "hours"), [
    ("When is the Brisk Pass road closed each year?", False),
    ("When does the Brisk Pass road shut annually?", False),
    # hours still: a day or a time of day asked, or no yearly frame
    ("When is the Brisk Pass road closed on Sundays?", True),
    ("When is the Brisk Pass road closed?", True),
])
def test_a_yearly_closure_asks_dates_not_hours(question: str, hours: bool) -> None:
    assert asks_hours(question) is hours
