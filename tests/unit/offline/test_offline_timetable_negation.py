"""Timetable tables and negation (trial t65 F1-F3, invented tramway): a cell listing clock times is values, not prose
(shared.text.tables); a capitalised "No" opening a cell or a sentence is a negator, and a window is read sentence by
sentence (shared.text.entailment); "No. 5", "No 5", "no. 8" and a "No." column are the abbreviation of number, never
a negation (shared.text.language, shared.text.entailment), and a yes/no question naming "No. 5 <name>" is read of
that engine's own clauses (services.synthesizer.verdicts)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no, subject_clauses
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.report import lead_section
from shared.text.entailment import entailment
from shared.text.language import has_negation
from shared.text.tables import pipe_tables, row_sentence
from tests.claim_pages import listed_claims, noted_report

TIMETABLE = ("| Day | Departures from Fellgate Cross |\n| --- | --- |\n"
             "| Tuesday | No trams (August excepted) |\n"
             "| Wednesday to Saturday | 09:40, 11:25, 14:05, 16:50 |\n"
             "| Sunday and Monday | 10:10, 11:20, 12:35, 13:50, 15:05, 17:15 |\n")
INTRO = ("The Yarrowby Moor Tramway runs from May to September. Trams run Wednesday to Monday. There are no trams on "
         "Tuesdays, except in August.")
FLEET = ("| No. | Name | Builder | Built | Weight |\n| --- | --- | --- | --- | --- |\n"
         "| 5 | Tarnhollow | Ostler Pike | 1902 | 19 t |\n| 8 | Brisk Lady | Ostler Pike | 1921 | 33 t |\n")


def cand(text: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id="s1", domain="yarrowby.example", start=0, end=len(text), text=text,
                             retrieval_score=1.0)


def test_a_timetable_of_clock_times_is_read() -> None:
    (table,) = pipe_tables(TIMETABLE)
    assert [r.cells[0] for r in table.rows] == ["Tuesday", "Wednesday to Saturday", "Sunday and Monday"]
    assert row_sentence(table.header, table.rows[1]) == \
        "Day Wednesday to Saturday: departures from Fellgate Cross 09:40, 11:25, 14:05, 16:50."


@pytest.mark.parametrize("cell", [
    "The tram leaves when the driver has finished his tea",
    "Opened in 1902, closed in 1931 and rebuilt by volunteers",
])
def test_a_table_of_prose_is_still_not_read(cell: str) -> None:
    assert pipe_tables(f"| Year | Note |\n| --- | --- |\n| 1902 | {cell} |\n") == []


def test_a_capitalised_no_in_a_cell_is_a_negation() -> None:
    e = entailment("There are no trams on Tuesdays, except in August.", "| Tuesday | No trams (August excepted) |")
    assert e.label == "supported"
    window = f"{INTRO}\n\n{TIMETABLE}"
    row = "The Yarrowby Moor Tramway: tuesday day departures from fellgate cross No trams (August excepted)."
    assert verify(row, [cand(window)], seed_key="k").verdict == "supported"


def test_a_denial_of_another_day_in_the_window_denies_nothing() -> None:
    window = f"{INTRO}\n\n{TIMETABLE}"
    assert entailment("Trams run Wednesday to Monday.", window).label == "supported"
    assert entailment("Trams run on Tuesdays.", window).label == "contradicted"
    # the window's other sentence does not hide a denial of the claim's own predicate
    assert entailment("Trams do not run on Sundays.", "Trams run on Sundays. The kiosk is not open.").label \
        == "contradicted"


@pytest.mark.parametrize("claim", [
    "No. 5: name Tarnhollow, builder Ostler Pike, built 1902, weight 19 t.",
    "No 5: name Tarnhollow, builder Ostler Pike, built 1902, weight 19 t.",
])
def test_the_number_abbreviation_is_no_negation(claim: str) -> None:
    assert entailment(claim, FLEET).label == "supported"
    said = "No. 5 Tarnhollow is the lightest engine of the tramway at 19 tonnes; no. 8 Brisk Lady weighs 33 tonnes."
    assert entailment(said, f"Fleet record.\n{said}").label == "supported"


@pytest.mark.parametrize(("text", "negated"), [
    ("No. 5 Tarnhollow is the lightest engine", False),
    ("The tram no. 8 was rebuilt", False),
    ("No 5 is the oldest", False),
    ("No. of stops: 7", False),
    ("There is no 24-hour service", True),
    ("No trams run on Tuesdays", True),
])
def test_negation_cues_and_the_abbreviation(text: str, negated: bool) -> None:
    assert has_negation(text, "en") is negated


FLEET_SAID = ["No. 5 Tarnhollow is the lightest engine of the Yarrowby Moor Tramway at 19 tonnes; No. 8 Brisk Lady is "
              "the heaviest at 33 tonnes.",
              "The oldest engine is No. 5 Tarnhollow, built by Ostler Pike in 1902.",
              "No. 8 Brisk Lady was built in 1921."]
FLEET_TITLES = ["yarrowby-fleet", "Yarrowby Moor Tramway", "Yarrowby Moor Tramway"]


@pytest.mark.parametrize(("question", "answer"), [
    # the question's name is read without its dot ("No 5 Tarnhollow"): the claim's "No. 5 Tarnhollow" names it
    ("Is No. 5 Tarnhollow the lightest engine of the Yarrowby Moor Tramway?", True),
    # the other engine's clause says nothing of whether it is the lightest: no "yes" from the first clause
    ("Is No. 8 Brisk Lady the lightest engine of the Yarrowby Moor Tramway?", None),
])
def test_a_numbered_engine_yes_no(question: str, answer: bool | None) -> None:
    assert decide_yes_no(question, FLEET_SAID, FLEET_TITLES, [1, 2, 0], [False] * 3).answer is answer


def test_the_clauses_of_another_named_thing_are_left_out() -> None:
    said = [s.replace("No. 5 ", "").replace("No. 8 ", "") for s in FLEET_SAID]
    assert decide_yes_no("Is Brisk Lady the lightest engine of the Yarrowby Moor Tramway?", said, FLEET_TITLES,
                         [1, 2, 0], [False] * 3).answer is None
    assert subject_clauses("Brisk Lady", said[0]) == "Brisk Lady is the heaviest at 33 tonnes."
    # a clause naming nothing else speaks of the subject still
    assert subject_clauses("Fellgate Kiosk", "Fellgate Kiosk sells tea only; there is no hot food.") == \
        "Fellgate Kiosk sells tea only; there is no hot food."


@pytest.mark.parametrize(("question", "answer"), [
    # "no trams on Tuesdays" says none runs then: no; the question's verb is unsaid but nothing is there to run
    ("Does the Yarrowby Moor Tramway run trams on Tuesdays?", False),
    # of another day the sentence says nothing
    ("Does the Yarrowby Moor Tramway run trams on Sundays?", None),
])
def test_no_object_denies_the_verb(question: str, answer: bool | None) -> None:
    said = ["There are no trams on Tuesdays, except in August.", "The Yarrowby Moor Tramway opened in 1902."]
    titles = ["Yarrowby Moor Tramway - frequently asked questions", "Yarrowby Moor Tramway"]
    assert decide_yes_no(question, said, titles, [0, 1], [False] * 2).answer is answer


@pytest.mark.parametrize(("sentence", "question", "answer"), [
    # "no trams" of another named line says nothing of the one asked (review rev62 F5)
    ("The Harwick Light Railway has no trams on Tuesdays.", "Does the Yarrowby Moor Tramway run trams on Tuesdays?",
     None),
    # a state that ended says nothing of now, but answers a question of the past
    ("Until 1975 there were no trams on Tuesdays.", "Does the Yarrowby Moor Tramway run trams on Tuesdays?", None),
    ("Until 1975 there were no trams on Tuesdays.", "Did the Yarrowby Moor Tramway run trams on Tuesdays?", False),
    # the asked line's own name or a day before "no" keeps the denial
    ("The Yarrowby Moor Tramway has no trams on Tuesdays.", "Does the Yarrowby Moor Tramway run trams on Tuesdays?",
     False),
    ("On Tuesdays there are no trams.", "Does the Yarrowby Moor Tramway run trams on Tuesdays?", False),
])
def test_no_object_of_another_thing_or_the_past(sentence: str, question: str, answer: bool | None) -> None:
    said = [sentence, "The Yarrowby Moor Tramway opened in 1902."]
    titles = ["Yarrowby Moor Tramway - frequently asked questions", "Yarrowby Moor Tramway"]
    decided = decide_yes_no(question, said, titles, [0, 1], [False] * 2)
    assert decided is not None and decided.answer is answer


def test_no_object_of_another_line_leads_no_verdict() -> None:
    pages = {"faq": ("Yarrowby Moor Tramway - frequently asked questions",
                     ["The Harwick Light Railway has no trams on Tuesdays.", "The Yarrowby Moor Tramway opened in 1902."])}
    claims, sources = listed_claims(pages)
    report, gate = noted_report("Does the Yarrowby Moor Tramway run trams on Tuesdays?", claims, sources)
    assert lead_section(report.markdown).split("\n")[0].startswith("Not established")
    assert gate.tier == "low"
