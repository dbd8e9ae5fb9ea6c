"""A figure set in a past time of no year ("At its peak the seminary had 310 students") is no present figure: it
does not take the lead from the dated figure of a "how many" question naming no year
(services.synthesizer.offline.asked_time_lead, shared.text.quantity.past_framed), and a lead counting another
"the <noun>" after such an opening is held back (services.synthesizer.confidence.others_count_lead; trial t64
Q04). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import others_count_lead
from services.synthesizer.offline import asked_time_lead
from shared.report import lead_section, says_not_established
from shared.text.quantity import past_framed
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "How many students does Harl Polytechnic have?"
REPORT = ("Harl Polytechnic annual report 2024", ["Harl Polytechnic: students 9,300 in 2024."])
PAGE = ("Harl Polytechnic", ["Harl Polytechnic is a public college in Denmoor founded in 1921.",
                             "The Old Harl Seminary was a separate school in the hamlet of Harl.",
                             "At its peak the seminary had 310 students."])


def test_the_dated_figure_leads_not_the_past_framed_one() -> None:
    claims, sources = listed_claims({"r": REPORT, "w": PAGE})
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    assert lead_section(rep.markdown) == "Harl Polytechnic: students 9,300 in 2024 [1]."
    assert gate.tier == "high" and answered


def test_the_look_alikes_past_figure_alone_is_not_established() -> None:
    claims, sources = listed_claims({"w": PAGE})
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert says_not_established(lead), lead
    assert gate.tier == "low" and not answered


def test_asked_time_lead_keeps_the_dated_figure() -> None:
    texts = ["Harl Polytechnic: students 9,300 in 2024.", "At its peak the seminary had 310 students."]
    titles = ["Harl Polytechnic annual report 2024", "Harl Polytechnic"]
    assert asked_time_lead(QUESTION, texts, [0], [0, 1], titles=titles) == [0]
    assert asked_time_lead(QUESTION, texts, [1], [1, 0], titles=titles) == [0]
    # a question asking of the past keeps the past figure
    assert asked_time_lead("How many students did the seminary have at its peak?", texts, [1], [1, 0],
                           titles=titles) == [1]


@pytest.mark.parametrize(("lead", "other"), [
    ("At its peak the seminary had 310 students [1].", True),
    ("In its heyday the seminary had 310 students [1].", True),
    ("Formerly the seminary had 310 students [1].", True),
    ("At its peak the polytechnic had 9,900 students [1].", False),
    ("Harl Polytechnic has 9,300 students [1].", False),
])
def test_a_past_framed_count_of_another_thing(lead: str, other: bool) -> None:
    assert others_count_lead(QUESTION, lead) is other


@pytest.mark.parametrize(("sentence", "framed"), [
    ("At its peak the seminary had 310 students.", True),
    ("The seminary had 310 students at the height of its fame.", True),
    ("In their heyday the mills employed 4,000 people.", True),
    ("At one time 30 trains a day stopped here.", True),
    ("The mill once employed 400 workers.", True),
    ("The platform stands at the height of 40 metres.", False),
    ("The choir meets once a week and has 40 singers.", False),
    ("Harl Polytechnic has 9,300 students.", False),
])
def test_past_framed(sentence: str, framed: bool) -> None:
    assert past_framed(sentence) is framed


def test_an_undated_figure_of_a_page_no_newer_does_not_replace_the_dated_one() -> None:
    # trial t64 Q04 after the look-alike's figure: a blog of 2024's "about 11,500 students" took the lead from the
    # report's "9,300 in 2024"
    texts = ["Harl Polytechnic: students 9,300 in 2024.",
             "Harl Polytechnic is huge: it has about 11,500 students on two campuses."]
    titles = ["Harl Polytechnic annual report 2024", "My year in Denmoor (travel blog)"]
    assert asked_time_lead(QUESTION, texts, [0], [0, 1], titles=titles, page_years=[None, 2024]) == [0]
    assert asked_time_lead(QUESTION, texts, [0], [1, 0], titles=titles, page_years=[None, 2023]) == [0]
    # a page published later, or of no date, may give the newer figure: as before
    assert asked_time_lead(QUESTION, texts, [0], [0, 1], titles=titles, page_years=[None, 2025]) == [1]
    assert asked_time_lead(QUESTION, texts, [0], [0, 1], titles=titles, page_years=[None, None]) == [1]


# review finding 1: a past frame counts only when it governs the clause stating the figure, in the past tense; an
# aside (", formerly a chapel,", ", once named ...,") or a present verb keeps the figure of now
HALL_Q = "How many seats does Pellgrave Hall have?"
HALL_OLD = "In 1950 the hall had 820 seats."


@pytest.mark.parametrize("sentence", [
    "Pellgrave Hall, formerly a granary, has 560 seats.",
    "Pellgrave Hall once seated 1,000, but since its rebuilding it has 560 seats.",
])
def test_a_present_figure_beside_a_past_aside_leads(sentence: str) -> None:
    claims, sources = listed_claims({"a": ("Pellgrave Hall", [sentence, HALL_OLD])})
    rep, gate, answered, _total = recorded_report(HALL_Q, claims, sources)
    assert lead_section(rep.markdown) == sentence[:-1] + " [1]."
    assert gate.tier == "high" and answered


@pytest.mark.parametrize("sentence", [
    "Dunmarch University, formerly Dunmarch Polytechnic, has 8,700 students.",
    "Dunmarch University, once named the Dunmarch Institute, has 8,700 students.",
])
def test_an_appositive_former_name_keeps_the_figure_current(sentence: str) -> None:
    claims, sources = listed_claims({"a": ("Dunmarch University", [sentence,
                                                                    "In 1985 the institute had 2,600 students."])})
    rep, gate, answered, _total = recorded_report("How many students does Dunmarch University have?", claims, sources)
    assert lead_section(rep.markdown) == sentence[:-1] + " [1]."
    assert gate.tier == "high" and answered


def test_a_participle_opening_with_a_present_verb_does_not_let_an_old_year_lead() -> None:
    claims, sources = listed_claims({"a": ("Dunmarch University", [
        "Once merged with Kelby College, Dunmarch University now has 8,700 students.",
        "In 1985 the university had 2,600 students."])})
    rep, gate, _answered, _total = recorded_report("How many students does Dunmarch University have?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "2,600" not in lead.split("Related findings")[0], lead
    assert gate.tier != "high"


@pytest.mark.parametrize(("sentence", "framed"), [
    ("Pellgrave Hall, formerly a granary, has 560 seats.", False),
    ("Pellgrave Hall once seated 1,000, but since its rebuilding it has 560 seats.", False),
    ("Dunmarch University, once named the Dunmarch Institute, has 8,700 students.", False),
    ("Once merged with Kelby College, Dunmarch University now has 8,700 students.", False),
    ("Formerly a granary, the hall seats 560 people.", False),
    ("Formerly, the hall held 1,000 people.", True),
    ("The academy, at its peak, had 240 students.", True),
    ("At its peak the academy, which is now closed, had 240 students.", True),
    ("Pellgrave Hall once seated 1,000.", True),
])
def test_past_framed_governs_its_own_clause(sentence: str, framed: bool) -> None:
    assert past_framed(sentence) is framed
