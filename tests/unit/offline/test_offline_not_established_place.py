"""A name the question gives before the noun of the thing asked ("the Tornvik cooperative") names that thing only with
its noun: a sentence giving the name alone ("the parish of Tornvik") speaks of the place, and under a lead that says
the answer was not established it is filler, neither a related finding nor a finding (issue 9, trial t37 fault 9:
"How much revenue does the Vardholm cooperative make each year?" was answered "Related findings, not the answer: New
members must have lived in the parish of Vardholm for at least five years"; ``services.synthesizer.confidence.
bears_on``, ``services.synthesizer.handlers.without_filler``). Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import bears_on
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "members": ("Members of the cooperative", [
        "New members must have lived in the parish of Tornvik for at least five years.",
        "Each member family holds one vote at the annual meeting."]),
    "town": ("Tornvik", [
        "Tornvik lies on the meadows at the head of the Ornfjord.",
        "The church of Tornvik was built in 1702."]),
}


def test_a_non_answer_cites_no_sentence_of_the_place_only() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(
        "How much revenue does the Tornvik cooperative make each year?", claims, sources)
    assert says_not_established(rep.markdown) and gate.tier == "low" and not answered, rep.markdown
    assert "parish" not in rep.markdown and "Ornfjord" not in rep.markdown, rep.markdown
    assert "1702" not in rep.markdown, rep.markdown
    assert "[1]" not in lead_section(rep.markdown), rep.markdown


@pytest.mark.parametrize("question,sentence,bears", [
    ("How much revenue does the Tornvik cooperative make each year?",
     "New members must have lived in the parish of Tornvik for at least five years [1].", False),
    ("When was the Tornvik cooperative founded?", "Tornvik lies on the meadows at the head of the Ornfjord [1].",
     False),
    # the name with the noun of the thing asked, or the relation or the figure asked, bears on it
    ("How much revenue does the Tornvik cooperative make each year?",
     "The Tornvik cooperative is owned by nineteen families [1].", True),
    ("How much revenue does the Tornvik cooperative make each year?",
     "The cooperative of Tornvik earns about 2 million kronor a year [1].", True),
    ("When was the Tornvik cooperative founded?", "Cheese was made at Tornvik before the cooperative was founded [1].",
     True),
    # a name that is the thing asked itself, not a noun's modifier, still bears alone
    ("When was Tornvik founded?", "Tornvik lies on the meadows at the head of the Ornfjord [1].", True),
])
def test_bears_on_the_thing_not_the_place(question: str, sentence: str, bears: bool) -> None:
    assert bears_on(question, sentence) is bears
