"""Trial t69 (the pages here are invented): "When did X open?" asks for the first opening, in the past.

- A sentence stating a plan or an expectation ("The council expects the hall to reopen in spring 2025", "is due to
  open", "will open") states no event that happened: it never answers a past-tense "When did" question.
- A re-opening dates the asked opening only when no claim states the opening itself ("opened on 2 March 1874").
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.relations import planned_use
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

HALL = {"n": local_source("n", "Brisworth Courier, 9 February 2024"),
        "c": local_source("c", "Tollingham Corn Exchange"),
        "r": local_source("r", "Tollingham Corn Exchange")}
HALL_CLAIMS = [
    local_claim("n1", "n", "Tollingham Corn Exchange closed on 8 January 2024 so that its roof can be restored."),
    local_claim("n2", "n", "The council expects the exchange to reopen in autumn 2025."),
    local_claim("c1", "c", "When open, the exchange trades Monday to Saturday, 8am to 5pm, and is closed on Sundays."),
    local_claim("r1", "r", "Tollingham Corn Exchange: architect Edwin Marlow."),
    local_claim("r2", "r", "Tollingham Corn Exchange: opened 1874-03-02."),
]

def test_a_planned_or_expected_opening_is_no_event() -> None:
    assert planned_use("The council expects the exchange to reopen in autumn 2025.", "open")
    assert planned_use("The exchange is due to open in 2027.", "open")
    assert planned_use("The exchange will reopen next spring.", "open")
    assert not planned_use("The exchange reopened on 21 September 2025.", "open")
    assert not planned_use("Tollingham Corn Exchange opened on 2 March 1874.", "open")


def test_when_did_it_open_is_answered_by_the_first_opening_not_a_plan() -> None:
    question = "When did Tollingham Corn Exchange open?"
    rep = synthesize(question, HALL_CLAIMS, HALL)
    assert _lead(rep.markdown) == "Tollingham Corn Exchange: opened 1874-03-02 [1].", rep.markdown
    assert "autumn 2025" not in _lead(rep.markdown), rep.markdown
    gate = report_gate(question, rep, HALL, HALL_CLAIMS)
    assert "not_established" not in gate.signals, gate


def test_a_plan_alone_answers_no_past_when_question() -> None:
    question = "When did Tollingham Corn Exchange open?"
    claims = HALL_CLAIMS[:4]
    rep = synthesize(question, claims, HALL)
    gate = report_gate(question, rep, HALL, claims)
    assert "autumn 2025" not in _lead(rep.markdown) or gate.tier == "low", (rep.markdown, gate)


def test_a_reopening_does_not_date_the_opening_a_claim_states() -> None:
    question = "When did Tollingham Corn Exchange open?"
    claims = [local_claim("n3", "n", "Tollingham Corn Exchange reopened on 20 October 2025 after a roof restoration "
                                      "that kept it closed for twenty-one months."), *HALL_CLAIMS[2:]]
    rep = synthesize(question, claims, HALL)
    assert _lead(rep.markdown) == "Tollingham Corn Exchange: opened 1874-03-02 [1].", rep.markdown
