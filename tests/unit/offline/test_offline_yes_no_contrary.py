"""A yes/no question a page answers "No" by a contrary fact ("founded in 1851" for "Was it founded in 1870?", "two
berths" for "three berths?") is gated as honestly as the same page's "Yes": the lead's sentence denies what the
question asks of the thing it names, so it answers the one fact whole, and the question's own value, which no
evidence can hold, is no term the evidence lacks; a number written in words is a value, no relation word (issue 9,
trial t25 fault 2). Sources disagreeing on the value, or a question about a thing no page names, stay low."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import contradicts_statement, states_predicate
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "h": ("Harlowe Canal Company", ["The Harlowe Canal Company was founded in 1851 by the surveyor Mireille Ostrander.",
                                    "Its first barge route ran from Brackwater to Dunfield in 1853."]),
    "w": ("Brackwater Wharf", ["Brackwater Wharf has two berths and was rebuilt in 1960.",
                               "The wharf is owned by the town council."]),
    "t": ("Tallmere Lido", ["Tallmere Lido opened in 1926 on the river bank.", "The lido is heated by a solar array."]),
}

#: (the question answered "No", the same question answered "Yes", the lead's sentence)
PAIRS = [
    ("Was the Harlowe Canal Company founded in 1870?", "Was the Harlowe Canal Company founded in 1851?",
     "The Harlowe Canal Company was founded in 1851"),
    ("Does Brackwater Wharf have three berths?", "Does Brackwater Wharf have two berths?",
     "Brackwater Wharf has two berths"),
    ("Did Tallmere Lido open in 1930?", "Did Tallmere Lido open in 1926?", "Tallmere Lido opened in 1926"),
]


def test_a_contrary_value_denies_the_statement() -> None:
    assert contradicts_statement("Did Tallmere Lido open in 1930?", "Tallmere Lido opened in 1926 on the river bank.")
    assert not contradicts_statement("Did Tallmere Lido open in 1926?", "Tallmere Lido opened in 1926.")
    assert not contradicts_statement("Was the lido open in 1930?", "The lido first opened in 1926.")  # a start only
    assert states_predicate("Was the Harlowe Canal Company founded in 1870?",
                            "No: The Harlowe Canal Company was founded in 1851.")
    assert relation_terms("Does Brackwater Wharf have three berths?") == ["berth"]


@pytest.mark.parametrize(("no_question", "yes_question", "sentence"), PAIRS)
def test_a_well_supported_no_is_as_confident_as_a_yes(no_question: str, yes_question: str, sentence: str) -> None:
    claims, sources = listed_claims(PAGES)
    no_rep, no_gate, no_answered, _ = recorded_report(no_question, claims, sources)
    _yes_rep, yes_gate, _, _ = recorded_report(yes_question, claims, sources)
    lead = lead_section(no_rep.markdown)
    assert lead.startswith(f"No: {sentence}"), lead
    assert no_answered and no_gate.tier != "low", no_gate
    assert no_gate.score >= yes_gate.score - 0.05, (no_gate.score, yes_gate.score)


def test_disagreeing_sources_or_an_unnamed_thing_stay_low() -> None:
    pages = {**PAGES, "x": ("Canal histories", ["The Harlowe Canal Company was founded in 1870, by a county almanac."])}
    claims, sources = listed_claims(pages)
    _rep, gate, answered, _ = recorded_report("Was the Harlowe Canal Company founded in 1860?", claims, sources)
    assert gate.tier == "low" and not answered, gate
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _ = recorded_report("Does Tallmere Wharf have three berths?", claims, sources)
    assert gate.tier == "low" and not answered and says_not_established(lead_section(rep.markdown)), gate
