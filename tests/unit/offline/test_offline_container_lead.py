"""A question asking for a kind of place ("In which valley was the founder of X born?") whose answer sentence gives
another place ("... was born in Varnau") is led by the supported claim placing that place inside one of the kind
asked ("Varnau is a small village in the Orla valley"), both sentences cited (issue 9, g44 fault D, t44 Q3;
``services.synthesizer.offline._container_first``). A claim placing another name there, a denied one, or a kind
the question does not ask leaves the lead as it was. Invented sentences only."""

from __future__ import annotations

import re

import pytest

from tests.claim_pages import listed_claims, listed_lead, noted_report

QUESTION = "In which valley was the founder of the Brisk Mountain Railway born?"
FOUNDED = "The Brisk Mountain Railway was founded by the engineer Tobias Kellner, who built the line in 1902."
BORN = "Tobias Kellner was born on 4 May 1860 in Varnau and studied engineering in Vienna."
INSIDE = "Varnau is a small village in the Orla valley, on the right bank of the river Orla."


def pages(*village: str) -> dict[str, tuple[str, list[str]]]:
    return {"s1": ("The Brisk Mountain Railway", [FOUNDED, "The Brisk Mountain Railway is 6.2 km long."]),
            "s2": ("Tobias Kellner", [BORN, "Tobias Kellner died in Graz in 1931."]),
            "s3": ("Varnau", list(village) or ["Varnau had 920 inhabitants in 2020."])}


def test_the_claim_placing_the_answer_in_the_kind_asked_leads_with_the_answer_sentence_cited() -> None:
    lead = listed_lead(QUESTION, pages(INSIDE, "Varnau had 920 inhabitants in 2020."))
    assert lead.lstrip().startswith("Varnau is a small village in the Orla valley")
    assert "born on 4 May 1860 in Varnau" in lead
    assert len(set(re.findall(r"\[(\d+)\]", lead))) >= 2


def test_the_report_is_not_held_back() -> None:
    claims, sources = listed_claims(pages(INSIDE))
    report, gate = noted_report(QUESTION, claims, sources)
    assert "Orla valley" in report.markdown.split("## Findings", 1)[0]
    assert "Not established" not in report.markdown
    assert not gate.signals.get("not_established")


@pytest.mark.parametrize("village", [
    # another place named between: it is Varnach's valley
    "Varnau should not be confused with Varnach, a hamlet in the neighbouring Selm valley.",
    "Varnau is not in the Orla valley but on the plain below it.",
])
def test_a_claim_placing_another_name_or_denying_it_does_not_lead(village: str) -> None:
    lead = listed_lead(QUESTION, pages(village))
    assert lead.lstrip().startswith("Tobias Kellner was born")


def test_a_question_asking_for_the_place_itself_keeps_its_answer_first() -> None:
    lead = listed_lead("In which village was the founder of the Brisk Mountain Railway born?", pages(INSIDE))
    assert lead.lstrip().startswith("Tobias Kellner was born")
