"""A question asking the cost of an act it names with a modifier ("How much did the roof restoration of X cost?")
asks that act's cost: no ticket price answers it, and the sentence giving the works' cost on the page about the
restoration does, the lead's other sentence of that page saying which act it was. Issue 9, re-check g51 fault q16
(task g51fix); invented names."""

from __future__ import annotations

from services.synthesizer.confidence import relation_features
from shared.report import lead_section
from shared.text.answer import cost_purpose
from tests.claim_pages import listed_claims, recorded_report

VISIT = ("Visit - Tessaly Lace Museum", [
    "The Tessaly Lace Museum: admission, seniors (65+) ticket price €6.00.",
    "The Tessaly Lace Museum: admission, adults ticket price €8.50.",
])
NEWS = ("Lace museum reopens after roof restoration - Orle Valley Herald", [
    "The Tessaly Lace Museum reopened on Sunday after an eleven-month restoration of its roof and attic.",
    "The works cost €2.3 million, of which the province paid half and the town the rest.",
])
QUESTION = "How much did the roof restoration of the Tessaly Lace Museum cost?"


def test_cost_purpose_reads_an_act_with_a_modifier() -> None:
    assert cost_purpose(QUESTION) == "restoration"
    assert cost_purpose("What did the 2017 restoration of the garden cost?") == "restoration"
    assert cost_purpose("What was the cost of the roof restoration at the Tessaly Lace Museum?") == "restoration"
    assert cost_purpose("How much does an adult ticket cost?") is None


def test_the_act_is_stated_by_a_lead_sentence_of_the_same_page() -> None:
    lead = f"{NEWS[1][1][:-1]} [1]. {NEWS[1][0][:-1]} [1]."
    assert relation_features(QUESTION, lead)["purpose_stated"] == 1.0
    other = f"{NEWS[1][1][:-1]} [1]. {VISIT[1][0][:-1]} [2]."
    assert relation_features("How much did the roof restoration of the Orlen Hall cost?",
                             f"{VISIT[1][1][:-1]} [1].")["purpose_stated"] == 0.0
    assert relation_features(QUESTION, other)["purpose_stated"] == 0.0


def test_the_lead_is_the_restorations_cost_not_a_ticket_price() -> None:
    claims, sources = listed_claims({"v": VISIT, "n": NEWS})
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "€2.3 million" in lead and "€6.00" not in lead and "€8.50" not in lead
    assert "Not established" not in lead and answered
