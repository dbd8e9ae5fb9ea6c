"""A right count the gate had judged low (issue 9, trial t38 fault 7, f3): "How many people visited X in the latest
year on record?" is answered by a sentence counting X's visitors in its newest year (``shared.text.quantity``:
people who visit or attend are counted by the visitors; ``services.synthesizer.confidence``: "on record" of the
latest-year frame is said by the sentence's year), so that sentence answers the one fact whole (``one_fact``); a
count of residents or of staff is no count of visitors."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.quantity import counted_nouns, counts
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("question", "sentence", "counted"), [
    ("How many people visited the Orlen Glass Museum in 2022?",
     "In 2022 the Orlen Glass Museum welcomed 18,300 visitors.", ["18,300"]),
    ("How many people attended the Tavik harvest fair last year?",
     "The Tavik harvest fair drew 9,400 spectators last year.", ["9,400"]),
    # people who live somewhere are no visitors; the museum's staff are no visitors of it
    ("How many people live in Orlen?", "Orlen welcomed 18,300 visitors in 2022.", []),
    ("How many people visited the Orlen Glass Museum in 2022?", "The Orlen Glass Museum has 14 employees.", []),
])
def test_people_who_visit_are_counted_by_the_visitors(question: str, sentence: str, counted: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == counted


def test_a_count_of_visitors_answers_how_many_people_visited_in_the_latest_year() -> None:
    pages = {"museum": ("Visitor figures", [
        "In 2019 the Orlen Glass Museum welcomed 15,100 visitors.",
        "In 2023 the Orlen Glass Museum welcomed 19,800 visitors, its best year so far."]),
        "shop": ("Orlen Glass Museum shop", ["The Orlen Glass Museum shop sells blown glass from local studios."])}
    question = "How many people visited the Orlen Glass Museum in the latest year on record?"
    claims, sources = listed_claims(pages)
    rep, gate, answered, total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "19,800" in lead, lead
    assert gate.signals["f_one_fact"] == 1.0, gate.signals
    assert gate.score >= MEDIUM_THRESHOLD and answered and total > 60, (gate, total)
