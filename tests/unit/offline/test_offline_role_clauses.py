"""A sentence giving a role to a former holder and, in another clause, to the present one states the present holder
(task h85, trial t63 Q3 and Q14): "Who is the current race director of X?" and "Who is in charge of X now?" were
"Not established" (0.12 and 0.08 low) although the lead was "A was race director from 2009 to 2020; B has been race
director since 2021": the former holder's ended term masked the role for the whole sentence
(``shared.text.relations.ended_role_against`` reads each ";" clause alone)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.relations import ended_role_against
from tests.claim_pages import listed_claims, noted_report

RACE = "Brenholt Fell Race"
BOTH = "Otto Varnum was race director from 2004 to 2016; Lene Aastad has been race director since 2017."
PAGES = {
    "enc": (RACE, [
        f"The {RACE} is a mountain race first held in 1979.",
        BOTH,
        f"The {RACE} climbs 940 metres from the village green."]),
}


@pytest.mark.parametrize(("sentence", "masked"), [
    (BOTH, set()),  # the second clause gives the role to its present holder
    ("Otto Varnum was race director from 2004 to 2016.", {"race", "director"}),
    ("Otto Varnum was race director until 2016; he then coached the club.", {"race", "director"}),
    ("Otto Varnum, a former race director, ran in 2019; Lene Aastad was race director from 2017 to 2022.",
     {"race", "director"}),
])
def test_each_clause_is_read_alone(sentence: str, masked: set[str]) -> None:
    assert ended_role_against(sentence, f"Who is the current race director of the {RACE}?") == masked


@pytest.mark.parametrize("question", [
    f"Who is the current race director of the {RACE}?",
    f"Who is in charge of the {RACE} now?",
])
def test_the_present_holder_is_established(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(BOTH[:-1]), lead
    assert gate.tier != "low", (gate.score, gate.signals)
    assert not gate.signals.get("relation_missing"), gate.signals
