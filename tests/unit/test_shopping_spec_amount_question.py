"""A question asking how much of a figure a named product has is a buyer's spec question, and a lead stating that
figure in its unit answers it (issue 15, trial t52s fault 7): "How much torque does the Voltrex V12 have, and does it
have a hammer mode?" was routed to the general report ("Not established: the torque asked for" though the spec table
gave "Max torque 30 Nm"), and with --domain shopping the lead "maximum torque 30 Nm; hammer mode No" was judged as
not answering the how_much question (60). Invented products."""

from __future__ import annotations

import pytest

from services.judge.offline import judge
from services.planner.offline import _classify_domain
from shared.evidence import Citation
from shared.text.answer import lead_answer
from shared.text.quantity import asked_quantity, stated_kinds

QUESTION = "How much torque does the Tarvo K8 have, and does it have a hammer mode?"


@pytest.mark.parametrize("question", [
    QUESTION,
    "How much torque does the Tarvo K8 have?",
    "How many lumens does the Lumen X3 put out?",
    "How much suction power does the Dustra V8 have?",
])
def test_how_much_of_a_figure_a_named_model_has_is_a_shopping_question(question: str) -> None:
    assert _classify_domain(question) == "shopping"


@pytest.mark.parametrize("question", [
    "How much torque does a car engine have?",
    "How many moons does Jupiter have?",
    "How much money does the Gates Foundation have?",
])
def test_without_a_named_model_it_stays_general(question: str) -> None:
    assert _classify_domain(question) == "general"


def test_a_figure_in_its_unit_answers_how_much_of_it() -> None:
    assert asked_quantity("How much torque does the Tarvo K8 have?") == ("torque",)
    assert stated_kinds("maximum torque 30 Nm") == {"torque"} and stated_kinds("Max torque | 30 Nm") == {"torque"}
    lead = "**Tarvo K8, as its sources give it:** maximum torque 30 Nm [1] [2]; hammer mode No [1] [2]."
    assert lead_answer(QUESTION, lead).typed
    assert not lead_answer("How much torque does the Tarvo K8 have?", "The Tarvo K8 weighs 0.9 kg [1].").typed
    report = f"# {QUESTION}\n\n## Verdicts\n\n{lead}\n\n## Sources\n\n- [1] Tarvo K8 — maker\n- [2] Shop\n"
    cites = [Citation(n=n, source_id=f"s{n}", claim_id=f"c{n}", start=0, end=5, quote="30 Nm") for n in (1, 2)]
    judged = judge(report, question=QUESTION, claims_total=2, claims_supported=2, citations=cites, sub_queries=[])
    assert "does not answer" not in judged.rationale and judged.coverage > 0, judged.rationale
