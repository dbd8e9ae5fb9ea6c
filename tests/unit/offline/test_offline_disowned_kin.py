"""A sentence saying its subject is no kin of what the question asks about is about another one (issue 9, trial t28
fault 1): "Maren Tollefsen ... is not related to the choir's founder" never answers "Where was the woman who started
the Ostervik Harbour Choir born?"; the founder the choir's page names is followed to her own page (the bridge), the
gate counts that bridge though her page's title carries her years ("Maren Tollefsen-Dahl (1880-1951)"), and a lead
stating only the disowning sentence is no answer to the judge or the gate (``shared.text.terms.disowns``;
``services.synthesizer.offline.select_lead``, ``services.synthesizer.confidence``, ``services.judge.offline``)."""

from __future__ import annotations

import pytest

from services.judge.offline import stated_answer
from services.synthesizer.confidence import chain_features
from shared.report import lead_section
from shared.text.terms import disowns
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "choir": ("The Ostervik Harbour Choir", "The Ostervik Harbour Choir is the oldest choir of the fishing town of "
              "Ostervik. The Ostervik Harbour Choir was founded in 1923 by the organist Maren Tollefsen-Dahl, who "
              "gathered nine net-makers to sing at the harbour feast. The choir sings in the old rope-walk."),
    "founder": ("Maren Tollefsen-Dahl (1880-1951)", "Maren Tollefsen-Dahl was an organist and teacher. Maren "
                "Tollefsen-Dahl was born in 1880 in Sandnes Cove, a hamlet on the south shore. Maren Tollefsen-Dahl "
                "died in Ostervik in 1951."),
    "soprano": ("Maren Tollefsen (soprano)", "Maren Tollefsen is a soprano and former chair of the Ostervik Harbour "
                "Choir. Maren Tollefsen was born in 1962 in Brattvik and is not related to the choir's founder. "
                "Maren Tollefsen led the Ostervik Harbour Choir from 1990 to 2004."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize("question", [
    "Where was the woman who started the Ostervik Harbour Choir born?",
    "In which hamlet was the founder of the Ostervik Harbour Choir born?",
])
def test_the_disowned_look_alike_never_leads_and_the_bridge_is_followed(question: str) -> None:
    rep, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert "Sandnes Cove" in lead and "Brattvik" not in lead, lead
    assert gate.signals["f_bridge"] == 1.0, gate.signals
    assert answered and gate.tier != "low" and total > 60, (gate, lead, total)


def test_a_lead_stating_only_the_disowning_sentence_is_no_answer() -> None:
    question = "Where was the woman who started the Ostervik Harbour Choir born?"
    lead = "Maren Tollefsen was born in 1962 in Brattvik and is not related to the choir's founder [1]."
    assert stated_answer(question, lead, {1}) is None
    assert chain_features(question, lead, {1: "Maren Tollefsen (soprano)"})["cand_cover"] == 0.0
    right = "Maren Tollefsen-Dahl was born in 1880 in Sandnes Cove, a hamlet on the south shore [1]."
    assert stated_answer(question, right, {1}) is not None


@pytest.mark.parametrize("text,question,denied", [
    ("Maren Tollefsen was born in 1962 in Brattvik and is not related to the choir's founder.",
     "Where was the woman who started the Ostervik Harbour Choir born?", True),
    ("The painter Ole Lund has no connection with the Lund ferry company.", "Who founded the Lund ferry company?", True),
    ("Kestrel Works is not to be confused with the Kestrel Mill on the river.", "When did the Kestrel Mill close?",
     True),
    # the asked thing named before the denial: the denied one is another thing, the sentence is about the asked one
    ("The Pellmoor Rail Museum is not connected to the Pellmoor railway society.",
     "When did the Pellmoor Rail Museum open?", False),
    # a denial of something the question does not ask about
    ("Maren Tollefsen is not related to the mayor.", "Where was the woman who started the Ostervik Harbour Choir born?",
     False),
    ("Maren Tollefsen-Dahl was born in 1880 in Sandnes Cove.",
     "Where was the woman who started the Ostervik Harbour Choir born?", False),
])
def test_disowns(text: str, question: str, denied: bool) -> None:
    assert disowns(text, question) is denied
