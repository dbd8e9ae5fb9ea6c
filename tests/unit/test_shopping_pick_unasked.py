"""A shopping ranking's pick ("Best overall: X") leading a question that asks a fact of one named product or maker
(its claimed energy saving, which model a safety notice concerns) answers nothing asked: the gate holds it low, as it
holds a code recommendation leading a question asking a thing of one package (trial t77s q8, q9: "Best overall" of
another model at 0.80 medium). Invented products."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.synthesizer.domain import domain_answer_gate, place_domain_sections, recommendation_unasked
from shared.domain import DomainAnalysis, RunView
from shared.evidence import Report
from shared.text.buying import asks_choice
from tests.unit.handlers.fakes import memory_runs, started_run
from tests.unit.test_domain_answer_gate import GENERAL, figures

FACTS = ("How much heating energy does Brisko claim the Lumo 3 heater saves?",
         "Which Brisko heater firmware has a safety recall, and what is the fault?",
         "How long is the warranty on the Lumo 3 from Brisko?")
CHOICES = ("Which space heater is best for a small bedroom?", "Which is cheaper, the Lumo 3 or the Tarvik H2?",
           "Should I buy the Brisko Lumo 3?", "What space heater works with a smart plug?",
           "Which space heater uses the least energy?")
PICK = {"kind": "ranking", "subject": "Tarvik H2", "contested": False, "publishers": 2, "independent_review": True,
        "sponsored_only": False, "compared": 3, "figures_agree": True}


def a_ranking_run(question: str) -> RunView:
    """A shopping run asking ``question`` whose verdicts open with a well-backed "Best overall" pick."""
    runs = memory_runs()
    run_id = started_run(runs, question, domain="shopping")
    own = str(uuid4())
    analysis: dict[str, Any] = {"domain": "shopping", "after_claims_verified": True, "sources": [
        {"source_id": own, "url": "https://heat.example/compare", "title": "Heaters", "document_sha256": "d" * 64}],
        "sections": [{"heading": "Verdicts",
                      "body": "- **Best overall: Tarvik H2** — ranked first on warranty: 3 years [@a].",
                      "evidence": [{"ref": "a", "source_id": own, "start": 0, "end": 7, "quote": "3 years"}]}],
        "pick": {**PICK, "source_ids": [own]}}
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis))


def test_a_question_asking_a_fact_of_a_named_product_asks_no_choice() -> None:
    for question in FACTS:
        assert not asks_choice(question), question
        assert recommendation_unasked(question, "**Best overall: Tarvik H2** — ranked first [1].")
    # a pick stating what is asked of the product it names answers it
    assert not recommendation_unasked(FACTS[2], "**Best overall: Lumo 3** — warranty 3 years [1].")
    for question in CHOICES:
        assert asks_choice(question), question
        assert not recommendation_unasked(question, "**Best overall: Tarvik H2** — ranked first [1].")


def test_a_best_overall_pick_never_lifts_a_fact_question() -> None:
    empty = Report(markdown="# Q\n\n## Answer\n\nText.\n", citations=[], used_claim_ids=[])
    for question in FACTS[:2]:
        run = a_ranking_run(question)
        report = place_domain_sections(empty, run, {})
        # the general lead answers (task h165); the pick follows it and is no domain answer the gate counts
        assert report.markdown.index("## Answer") < report.markdown.index("## Verdicts"), report.markdown
        gate = domain_answer_gate(GENERAL, report.markdown, run, figures(["supported"] * 4))
        assert gate == GENERAL, gate
    run = a_ranking_run(CHOICES[0])
    gate = domain_answer_gate(GENERAL, place_domain_sections(empty, run, {}).markdown, run, figures(["supported"] * 4))
    assert "pick_unasked" not in gate["signals"] and gate["tier"] != "low", gate
