"""A count of another noun never answers "what is the attendance / visitor figure" (issue 9, trial t41 fault F4:
"What is the most recent yearly attendance figure for the Kestrin Observatory?" was led by the lecture hall's 48
seats, the only confidently wrong answer of the trial).

- The attendance, the footfall or the admissions asked ("the yearly attendance figure for X", "the attendance at X")
  are a count of visitors (``shared.text.quantity.attribute_count_nouns``): a count of seats, staff or rooms does not
  state them, and a count of visitors does not state how many a hall holds.
- A label line's noun before its number counts it ("visitors 24,750", "Visitors (2023): 24,750", a table row read
  as "Year 2023: visitors 24,750.").
- A count under a label alone ("visitors 24,750" under the page's heading) is a claim of the page's subject, read
  as a spec list's row is (``shared.text.tables.count_lines``), and evidence for it.
- The newest year's figure leads, with its year; a lead counting only another noun is not answered (the gate's
  ``count_named`` is 0, so ``relation_missing``; the judge stays at 60 or below).

Pages made up here."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.eval.hotpotqa import UNANSWERED_JUDGE_MAX
from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.answer import answer_type, relation_terms
from shared.text.noise import is_reference_entry
from shared.text.quantity import (
    attribute_count_nouns,
    capacity_nouns,
    counted_nouns,
    counts,
    other_count,
    stated_kinds,
    states_asked,
)
from shared.text.tables import count_lines
from tests.claim_pages import listed_claims, recorded_report

OBSERVATORY = ("Kestrin Observatory", [
    "The Kestrin Observatory is a public astronomical observatory on the Harl Ridge above Selby Vale.",
    "The Kestrin Observatory was founded in 1921 by the amateur astronomer Jonas Ferrell.",
    "The Kestrin Observatory's lecture hall holds 48 seats and is used for public talks on Friday evenings.",
    "The Kestrin Observatory employs 6 staff and has 3 guest rooms for visiting astronomers."])
TABLE_REPORT = ("Kestrin Observatory annual report 2023", [
    "Annual report of the Kestrin Observatory Trust, visitor section.",
    "Year 2021: visitors 18,900.", "Year 2022: visitors 21,300.", "Year 2023: visitors 24,750.",
    "In 2022 the observatory counted 21,300 visitors."])
PROSE_REPORT = ("Kestrin Observatory annual report 2023", [
    "Annual report 2023, visitor section",
    "In 2022 the Kestrin Observatory counted 21,300 visitors.",
    "In 2023 the Kestrin Observatory counted 24,750 visitors."])


@pytest.mark.parametrize("question", [
    "What is the most recent yearly attendance figure for the Kestrin Observatory?",
    "What is the yearly attendance of the Kestrin Observatory?",
    "What was the attendance at the Kestrin Observatory in 2023?",
    "What was the footfall at the Kestrin Observatory last year?",
])
def test_an_attendance_asked_is_a_count_of_visitors(question: str) -> None:
    assert answer_type(question) == "how_many"
    nouns = counted_nouns(question)
    assert nouns == attribute_count_nouns(question) and nouns
    assert counts("In 2023 the observatory counted 24,750 visitors.", nouns) == ["24,750"]
    assert counts("The observatory's lecture hall holds 48 seats.", nouns) == []
    assert counts("The observatory employs 6 staff and has 3 guest rooms.", nouns) == []
    # the attendance is the figure asked, no relation a lead must name besides
    assert not set(relation_terms(question)) & {"attendance", "footfall"}


@pytest.mark.parametrize("question", [
    "What is the population of Halvik?",
    "How many visitors did the Kestrin Observatory have in 2023?",
    "What is the budget of the Kestrin Observatory?",
])
def test_other_questions_ask_no_attendance(question: str) -> None:
    assert attribute_count_nouns(question) == ()


@pytest.mark.parametrize(("sentence", "counted"), [
    ("visitors 24,750", ["24,750"]),
    ("Visitors: 24,750", ["24,750"]),
    ("Attendance (2023): 24,750", ["24,750"]),
    ("Visitors 2023: 24,750", ["24,750"]),
    ("Year 2023: visitors 24,750.", ["24,750"]),
    ("Staff 12, visitors 24,750.", ["24,750"]),
    ("2023 | 24,750 visitors", ["24,750"]),
    ("Besucher 2023: 24,750", ["24,750"]),  # a German label, read by its English word
    # the label's year is no count; a number counting another noun after the label is that noun's
    ("Visitors 2023", []),
    ("Visitors 12 rooms", []),
    # how many a hall holds is no count of those who came
    ("The lecture hall holds 48 visitors.", []),
    ("The arena seats 240 spectators.", []),
])
def test_label_then_number_counts_visitors(sentence: str, counted: list[str]) -> None:
    assert counts(sentence, ("visitor",)) == counted


def test_a_label_counts_only_its_own_noun() -> None:
    assert counts("Staff 12, visitors 24,750.", ("staff",)) == ["12"]
    assert counts("Seats: 48", ("visitor",)) == []
    # a capacity asked still reads the people a hall holds
    assert counts("The lecture hall holds 48 visitors.", ("people", "seat")) == ["48"]


def test_another_nouns_count_is_told_from_the_asked_one() -> None:
    assert other_count("The lecture hall holds 48 seats.", ("attendance",))
    assert other_count("The observatory employs six staff.", ("visitor",))
    assert not other_count("In 2023 the observatory counted 24,750 visitors.", ("attendance",))
    assert not other_count("The observatory was founded in 1921.", ("attendance",))  # a year counts nothing


def test_a_seat_count_states_no_attendance_figure() -> None:
    question = "What is the most recent yearly attendance figure for the Kestrin Observatory?"
    assert states_asked(question, "The Kestrin Observatory's lecture hall holds 48 seats.") == ()
    assert "attendance" in states_asked(question, "Year 2023: visitors 24,750.")


@pytest.mark.parametrize("question", [
    "What is the most recent yearly attendance figure for the Kestrin Observatory?",
    "What is the latest annual visitor figure for the Kestrin Observatory?",
    "How many visitors did the Kestrin Observatory have in the most recent year?",
])
@pytest.mark.parametrize("report", [TABLE_REPORT, PROSE_REPORT], ids=["table", "prose"])
def test_the_newest_visitor_count_leads_not_the_seats(question: str, report: tuple[str, list[str]]) -> None:
    claims, sources = listed_claims({"obs": OBSERVATORY, "rep": report})
    rep, gate, answered, total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "24,750" in lead and "2023" in lead, lead
    assert "48" not in lead and "21,300" not in lead and "18,900" not in lead, lead
    assert answered and gate.score >= MEDIUM_THRESHOLD and total > UNANSWERED_JUDGE_MAX, (gate, total)


def test_the_attendance_of_a_year_asked_is_that_years() -> None:
    claims, sources = listed_claims({"obs": OBSERVATORY, "rep": TABLE_REPORT})
    rep, gate, answered, total = recorded_report("What was the attendance at the Kestrin Observatory in 2022?",
                                                 claims, sources)
    lead = lead_section(rep.markdown)
    assert "21,300" in lead and "24,750" not in lead and "48" not in lead, lead
    assert answered and total > UNANSWERED_JUDGE_MAX, (gate, total)


@pytest.mark.parametrize("question", [
    "What is the most recent yearly attendance figure for the Kestrin Observatory?",
    "What is the annual visitor figure for the Kestrin Observatory?",
    "How many visitors did the Kestrin Observatory have in 2023?",
    "What was the attendance at the Kestrin Observatory in 2023?",
])
@pytest.mark.parametrize("seats", [
    "The Kestrin Observatory's lecture hall holds 48 seats.",
    "The Kestrin Observatory's lecture hall holds 48 visitors.",
    "The Kestrin Observatory's yearly public programme is held in a lecture hall of 48 seats.",
])
def test_a_count_of_another_noun_is_not_answered(question: str, seats: str) -> None:
    pages = {"obs": ("Kestrin Observatory", ["The Kestrin Observatory is a public observatory on the Harl Ridge.",
                                              seats]),
             "rep": ("Kestrin Observatory annual report 2023", ["Annual report 2023, visitor section",
                                                                "The rise is credited to the new Friday talks."])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, total = recorded_report(question, claims, sources)
    assert gate.score < HIGH_THRESHOLD and gate.tier != "high", gate
    assert not answered and total <= UNANSWERED_JUDGE_MAX, (total, rep.markdown)
    lead = lead_section(rep.markdown)
    assert "48" not in lead.split("Related findings")[0], lead


def test_a_capacity_asked_is_not_answered_by_visitors() -> None:
    claims, sources = listed_claims({"obs": OBSERVATORY, "rep": TABLE_REPORT})
    rep, gate, answered, total = recorded_report("How many people can the Kestrin Observatory's lecture hall hold?",
                                                 claims, sources)
    lead = lead_section(rep.markdown)
    assert "48" in lead and "24,750" not in lead, lead
    claims, sources = listed_claims({"rep": TABLE_REPORT})
    rep, gate, answered, total = recorded_report("How many people can the Kestrin Observatory's lecture hall hold?",
                                                 claims, sources)
    assert "24,750" not in lead_section(rep.markdown).split("Related findings")[0]
    assert gate.tier != "high" and not answered and total <= UNANSWERED_JUDGE_MAX, (gate, total)


REPORT_PAGE = ("# Kestrin Observatory annual report 2023\n\nAnnual report 2023, visitor section\n\nvisitors 24,750\n\n"
               "guided tours 412\n\nFounded 1921\n\nRoom 12\n\n"
               "In 2022 the observatory counted 21,300 visitors. The rise is credited to the new Friday talks.\n")


def test_a_count_under_a_label_alone_is_a_figure_of_the_pages_subject() -> None:
    rows = count_lines(REPORT_PAGE)
    assert [(r.label, r.value) for r in rows] == [("visitors", "24,750"), ("guided tours", "412")]
    assert [(r.label, r.value) for r in count_lines("Visitors 2023: 24,750\n")] == [("Visitors 2023", "24,750")]
    assert [r.label for r in count_lines("Visitors: 24,750\nPopulation 12,400\nChapter 3\n")] == [
        "Visitors", "Population"]
    claims = [c for c in extract_claims(REPORT_PAGE, title="Kestrin Observatory annual report 2023")]
    texts = [c.text for c in claims]
    assert "Kestrin Observatory annual report 2023: visitors 24,750." in texts, texts
    assert not any("1921" in t or "Room" in t or "room 12" in t for t in texts), texts
    row = next(c for c in claims if "24,750" in c.text)
    # its evidence takes in the heading naming whose count it is, to the line
    assert REPORT_PAGE[row.start:row.end].startswith("# Kestrin Observatory") and \
        REPORT_PAGE[row.start:row.end].endswith("visitors 24,750")
    assert counts(row.text, ("attendance",)) == ["24,750"]


def test_a_label_line_on_a_page_naming_no_subject_gives_no_claim() -> None:
    texts = [c.text for c in extract_claims("visitors 24,750\n\nguided tours 412\n", title="Annual figures")]
    assert not any("24,750" in t for t in texts), texts


@pytest.mark.parametrize(("question", "nouns"), [
    ("What is the seating capacity of the Kestrin Observatory's lecture hall?", ("people", "seat")),
    ("What is the visitor capacity of the Kestrin Observatory?", ("people", "seat")),
    ("What is the capacity of the Lumen X3 battery?", ()),  # no count of people held
])
def test_a_capacity_of_people_asked_counts_seats_and_people_held(question: str, nouns: tuple[str, ...]) -> None:
    assert capacity_nouns(question) == nouns
    if nouns:
        assert counted_nouns(question) == nouns
        assert counts("The lecture hall holds 48 seats.", nouns) == ["48"]
        assert counts("Year 2021: visitors 18,900.", nouns) == []
        assert counts("The observatory employs 6 staff and has 3 guest rooms.", nouns) == []


@pytest.mark.parametrize("observatory", [
    None, ("Kestrin Observatory", [s for s in OBSERVATORY[1] if "48" not in s])], ids=["report-only", "no-seats"])
def test_a_visitor_capacity_is_not_answered_by_those_who_came(observatory: tuple[str, list[str]] | None) -> None:
    pages = {"rep": TABLE_REPORT} if observatory is None else {"obs": observatory, "rep": TABLE_REPORT}
    claims, sources = listed_claims(pages)
    rep, gate, answered, total = recorded_report("What is the visitor capacity of the Kestrin Observatory?",
                                                 claims, sources)
    lead = lead_section(rep.markdown).split("Related findings")[0]
    assert "18,900" not in lead and "24,750" not in lead and " 6 staff" not in lead, lead
    assert gate.tier != "high" and not answered and total <= UNANSWERED_JUDGE_MAX, (gate, total)


@pytest.mark.parametrize(("sentence", "kinds"), [
    ("The Kestrin Observatory's attendance reached 24,750 in 2023.", {"count"}),
    ("The attendance was 24,750 in June.", {"count"}),
    ("The screen is 30 in wide.", {"length"}),  # inches still
])
def test_in_before_a_year_or_a_name_is_no_inch(sentence: str, kinds: set[str]) -> None:
    assert stated_kinds(sentence) == kinds


def test_an_attendance_stated_with_its_year_answers_the_latest_figure() -> None:
    pages = {"obs": OBSERVATORY, "rep": ("Kestrin Observatory annual report 2023", [
        "The Kestrin Observatory's attendance was 21,300 in 2022.",
        "The Kestrin Observatory's attendance reached 24,750 in 2023."])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, total = recorded_report(
        "What is the most recent yearly attendance figure for the Kestrin Observatory?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "24,750" in lead and "2023" in lead and "48" not in lead, lead
    assert answered and gate.score >= MEDIUM_THRESHOLD and total > UNANSWERED_JUDGE_MAX, (gate, total)


def test_a_labelled_figure_with_its_year_is_no_reference_entry() -> None:
    assert not is_reference_entry("Attendance (2023): 24,750")
    assert is_reference_entry("3. Drennic Coastal Authority (1990).")  # a work's year, stating nothing
    page = "# Kestrin Observatory annual report 2023\n\nThe Kestrin Observatory had a busy year.\n\nAttendance (2023): 24,750\n"
    texts = [c.text for c in extract_claims(page, title="Kestrin Observatory annual report 2023")]
    assert "Kestrin Observatory: attendance (2023) 24,750." in texts, texts
    assert counts("Kestrin Observatory: attendance (2023) 24,750.", ("attendance",)) == ["24,750"]


def test_the_seats_lead_a_visitor_capacity_without_a_visitor_count_beside_them() -> None:
    claims, sources = listed_claims({"obs": OBSERVATORY, "rep": TABLE_REPORT})
    rep, gate, answered, total = recorded_report("What is the visitor capacity of the Kestrin Observatory?",
                                                 claims, sources)
    lead = lead_section(rep.markdown)
    assert "48 seats" in lead, lead
    assert not any(n in lead for n in ("18,900", "21,300", "24,750", " 6 staff")), lead
