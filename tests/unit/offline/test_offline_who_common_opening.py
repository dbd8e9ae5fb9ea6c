"""A who-question is answered by a person or a group, never by a common word that opens a sentence capitalised
("Parking fees go directly to the upkeep of the marsh" names nobody for "Who looks after X?"): such a lead is not
established, low, and judged below 60 (task h102, trial t66 F5) (``shared.text.answer.answer_candidates``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import answer_candidates
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Who looks after Corrow Marsh these days?"


@pytest.mark.parametrize(("sentence", "found"), [
    ("Parking fees are paid at the gate and go directly to the upkeep of the marsh.", []),
    ("Tickets cost £5 and help the upkeep of the marsh.", []),
    ("Pelling founded the marsh trust in 1961.", ["Pelling"]),  # a surname opening the sentence is a name
    ("Corrow Marsh is looked after by Ilsa Brannock.", ["Ilsa Brannock"]),
])
def test_a_capitalised_common_word_opening_a_sentence_is_nobody(sentence: str, found: list[str]) -> None:
    assert answer_candidates(sentence, "who", QUESTION) == found


def test_a_lead_naming_nobody_is_not_established_and_judged_low() -> None:
    pages = {"visit": ("Visit Corrow Marsh", [
        "Parking fees are paid at the gate and go directly to the upkeep of Corrow Marsh.",
        "Corrow Marsh has a boardwalk of two kilometres."])}
    claims, sources = listed_claims(pages)
    report, gate, _answered, total = recorded_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("Not established"), report.markdown
    assert gate.tier == "low"
    assert total < 60, total
