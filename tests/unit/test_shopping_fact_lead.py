"""A shopping question that asks no choice among products but a fact of a named product or maker ("How much energy
does <maker> claim the <model> saves?", "Which <maker> firmware has a safety notice?") is answered by the general
lead from the verified claims, with the shopping sections after it: a "Best overall" pick of another model ranked on
another attribute never leads it (trial t77s q8, q9). A choice question still opens with the verdicts. Invented
products."""

from __future__ import annotations

from dataclasses import replace
from typing import Any
from uuid import uuid4

from services.synthesizer.domain import (
    domain_answer_gate,
    domain_leads,
    one_shopping_winner,
    place_domain_sections,
)
from shared.domain import DomainAnalysis, RunView
from shared.evidence import Report
from shared.text.buying import asks_choice
from tests.unit.handlers.fakes import memory_runs, started_run
from tests.unit.test_domain_answer_gate import GENERAL, figures

FACTS = ("How much cooling energy does Tamsell claim the Fenwo 6 fan saves?",
         "Which Tamsell fan firmware has a safety notice, and what is the problem?")
CHOICE = "Which is cheaper, the Fenwo 6 or the Fenwo 6 Max?"
LEAD = "Tamsell claims the Fenwo 6 saves up to 12% of cooling energy [1]."


def a_ranking_run(question: str) -> RunView:
    """A shopping run asking ``question`` whose verdicts open with "Best overall: Fenwo 6 Max" ranked on warranty."""
    runs = memory_runs()
    run_id = started_run(runs, question, domain="shopping")
    own = str(uuid4())
    analysis: dict[str, Any] = {"domain": "shopping", "after_claims_verified": True, "sources": [
        {"source_id": own, "url": "https://fans.example/compare", "title": "Fans", "document_sha256": "e" * 64}],
        "sections": [{"heading": "Verdicts",
                      "body": "- **Best overall: Fenwo 6 Max** — ranked first on warranty: 3 years [@a].",
                      "evidence": [{"ref": "a", "source_id": own, "start": 0, "end": 7, "quote": "3 years"}]}],
        "pick": {"kind": "ranking", "subject": "Fenwo 6 Max", "contested": False, "publishers": 2,
                 "independent_review": True, "sponsored_only": False, "compared": 2, "figures_agree": True,
                 "source_ids": [own]}}
    return replace(runs.get_run(run_id), claims_verified=True, domain_analysis=DomainAnalysis.of(analysis))


def general_report() -> Report:
    """The general engine's report: its lead states the fact from a verified claim."""
    return Report(markdown=f"# Q\n\n## Answer\n\n{LEAD}\n\n## Findings\n\n- A finding [1].\n",
                  citations=[], used_claim_ids=[])


def test_a_fact_question_is_led_by_the_general_answer_with_the_verdicts_after_it() -> None:
    for question in FACTS:
        run = a_ranking_run(question)
        assert not domain_leads(run), question
        report = one_shopping_winner(place_domain_sections(general_report(), run, {}), run)
        md = report.markdown
        assert md.index("## Answer") < md.index("## Verdicts") < md.index("## Findings"), md
        answer = md.split("## Answer", 1)[1].split("##", 1)[0]
        assert answer.strip() == LEAD and "Fenwo 6 Max" not in answer, md
        # the gate reads the general lead: no domain pick replaces its answer signals
        gate = domain_answer_gate(GENERAL, md, run, figures(["supported"] * 4))
        assert gate == GENERAL and "domain_answer" not in gate["signals"], gate


def test_a_choice_question_still_opens_with_the_verdicts() -> None:
    run = a_ranking_run(CHOICE)
    assert domain_leads(run)
    md = one_shopping_winner(place_domain_sections(general_report(), run, {}), run).markdown
    assert md.index("## Verdicts") < md.index("## Answer"), md
    assert "Fenwo 6 Max" in md.split("## Answer", 1)[1].split("##", 1)[0], md


def test_a_question_in_another_language_is_read_as_asking_a_choice() -> None:
    # the choice words are English; a German question capitalises every noun, which is no product's name
    assert asks_choice("Welcher Ventilator ist am leisesten?")
    assert domain_leads(a_ranking_run("Welcher Ventilator ist am leisesten?"))
