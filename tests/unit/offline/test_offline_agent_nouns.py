"""A "who <verb>s <object>" question asks the doer's noun of its verb: "Who builds the boats at X?" is answered by
"the boatbuilder at X is ...", "Who edits the Y?" by "the editor of the Y is ..." (agent nouns by their regular
suffixes, a compound with the verb's object); a sentence holding only the object in another role ("the panel was
chaired by the boat designer ...") is no answer and never leads or passes the gate (issue 9, trial t23 fault F4)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import asked_verb_terms
from shared.text.relations import agent_nouns, verb_held, with_agent_nouns, with_relations
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]


@pytest.mark.parametrize(("verb", "noun"), [("make", "maker"), ("build", "builder"), ("manage", "manager"),
                                            ("edit", "editor"), ("design", "designer"), ("run", "runner"),
                                            ("coach", "coach"), ("direct", "director"), ("assist", "assistant")])
def test_agent_nouns_of_a_verb(verb: str, noun: str) -> None:
    assert noun in agent_nouns(verb)


def test_a_compound_of_the_object_and_the_agent_noun_holds_both() -> None:
    assert {"build", "boat"} <= with_agent_nouns({"since", "boatbuilder", "orrin"}, ["build", "boat", "orrin"])
    assert {"build", "boat"} <= with_relations({"since", "boatbuilder", "orrin"}, ["build", "boat", "orrin"])
    assert "edit" in with_agent_nouns({"editor", "courier"}, ["edit", "courier"])
    # the object alone, or a compound whose first part the question does not give, holds no verb
    assert with_agent_nouns({"panel", "chaired", "boat", "designer"}, ["build", "boat"]) == {
        "panel", "chaired", "boat", "designer"}
    assert "build" not in with_agent_nouns({"shipbuilder"}, ["build", "boat"])


def test_a_verb_is_held_by_its_forms_and_its_doer() -> None:
    assert verb_held("edit", {"edited"}) and verb_held("edit", {"editor"}) and verb_held("make", {"made"})
    assert not verb_held("build", {"panel", "chaired", "boat", "designer"})


@pytest.mark.parametrize(("question", "verb"), [
    ("Who builds the boats at the yard that took the 2022 Harbour Cup?", ["build"]),
    ("Who edits the Tamsby Courier?", ["edit"]),
    ("Who is the boatbuilder at Orrin Yard?", []),
    ("Who was born first, Ann Lee or Bo Orr?", []),
])
def test_the_verb_a_who_question_asks(question: str, verb: list[str]) -> None:
    assert asked_verb_terms(question) == verb


CUP: Pages = {
    "cup": ("Harbour Cup 2022", [
        "The Harbour Cup is awarded each year by the Kessel Sailing Guild to the best boat of the coast.",
        'The 2022 Harbour Cup was awarded to the sloop "Grey Tern" from Orrin Yard.',
        "The panel of seven sailors was chaired by the boat designer Lisa Marten.",
        'The 2021 Harbour Cup had gone to Vell Boatworks\' ketch "Sunward".']),
    "orrin": ("Orrin Yard", [
        "Orrin Yard is a family boatyard on the east quay of Tamsby.",
        "Orrin Yard was founded in 1931 by Hector Orrin.",
        "Since 2012 the boatbuilder at Orrin Yard has been Jonas Pell."]),
    "vell": ("Vell Boatworks", [
        "Vell Boatworks is a yard in the harbour of Kessel.",
        "Vell Boatworks' boatbuilder since 2018 is Maren Odde."]),
}
CUP_Q = "Who builds the boats at the yard that took the 2022 Harbour Cup?"


def test_two_hop_who_verb_is_answered_by_the_agent_noun_of_the_bridge() -> None:
    claims, sources = listed_claims(CUP)
    rep, gate, answered, _total = recorded_report(CUP_Q, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Since 2012 the boatbuilder at Orrin Yard has been Jonas Pell"), lead
    assert "Maren Odde" not in lead and "Lisa Marten" not in lead
    assert answered and gate.tier == "high", gate


def test_another_role_of_the_object_is_no_who_answer() -> None:
    pages = {**CUP, "orrin": ("Orrin Yard", CUP["orrin"][1][:2]), "vell": ("Vell Boatworks", CUP["vell"][1][:1])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, _total = recorded_report(CUP_Q, claims, sources)
    assert says_not_established(lead_section(rep.markdown)) and not answered and gate.tier == "low", gate


def test_one_hop_who_verb_is_answered_by_the_agent_noun() -> None:
    pages: Pages = {"c": ("Tamsby Courier", [
        "The Tamsby Courier is a weekly paper printed in Tamsby since 1898.",
        "The paper's crossword has been set by Ivo Brandt since 2001.",
        "The editor of the Tamsby Courier is Nora Quill, who joined in 2016."])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, _total = recorded_report("Who edits the Tamsby Courier?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The editor of the Tamsby Courier is Nora Quill") and not says_not_established(lead), lead
    assert answered and gate.tier == "high", gate
