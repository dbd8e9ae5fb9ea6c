"""A question's verb and a page's irregular form of it are one relation (shared.text.verbs.same_verb, read by the
gate's word matching, services.synthesizer.confidence._term_in): "How many visitors did the fair draw in 2023?"
answered "In 2023 the fair drew 27,000 visitors" states the relation asked (it was held back as one that does not:
tier low), while a sentence of another relation stays low."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.verbs import same_verb, verb_base
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "fair": (
        "Tolvane Harvest Fair",
        "The Tolvane Harvest Fair is held each September on the green. In 2023 the fair drew 27,000 visitors.",
    ),
    "theatre": (
        "Orrin Playhouse",
        "The Orrin Playhouse is a theatre in Tolvane. The playhouse sold 48,000 tickets in 2022. It seats 900 people.",
    ),
    "mill": ("Tolvane Mill", "Tolvane Mill is a watermill. The mill ground 300 tonnes of flour in 1890."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_forms_of_one_irregular_verb_are_one_verb() -> None:
    assert same_verb("draw", "drew") and same_verb("drawn", "drew") and same_verb("hold", "held")
    assert same_verb("sell", "sold") and same_verb("think", "thought") and same_verb("withdraw", "withdrew")
    assert verb_base("grown") == "grow" and verb_base("opened") is None  # a regular form: the callers' stems
    assert not same_verb("draw", "drive") and not same_verb("open", "opened") and not same_verb("sold", "told")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many visitors did the Tolvane Harvest Fair draw in 2023?", "27,000 visitors"),
        ("How many tickets did the Orrin Playhouse sell in 2022?", "48,000 tickets"),
        ("How much flour did Tolvane Mill grind in 1890?", "300 tonnes"),
    ],
)
def test_a_one_fact_answer_in_another_form_of_the_asked_verb_is_not_held_back(question: str, answer: str) -> None:
    report, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
    assert answer in lead_section(report.markdown)
    assert "relation_missing" not in gate.signals and gate.signals["f_relation_names"] == 1.0
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered


def test_a_figure_of_another_relation_stays_low() -> None:
    _report, gate, answered, _total = recorded_report(
        "How many tickets did the Orrin Playhouse give away in 2022?", CLAIMS, SOURCES
    )
    assert gate.tier == "low" and not answered
