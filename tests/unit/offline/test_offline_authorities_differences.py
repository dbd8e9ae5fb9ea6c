"""Issue 9, new-user trial t17: a page that gives two named authorities' different figures states a disagreement
(the lead says both, each with whose it is, and the gate is not confident); "according to <authority>" takes that
authority's figure; visitors and attendance are one count; "which is longer, A or B" is decided from each thing's
own page even when its title has a subtitle and its sentence says "The viaduct"; "by how much did X grow between T1
and T2" states the difference of the two figures; the language note does not say sources in the question's language
may be missing when some were found (``services.synthesizer.offline``, ``verdicts``, ``confidence``, ``provenance``,
``shared.text.quantity``, ``shared.text.answer``)."""

from __future__ import annotations

import re

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import attribution, find_disagreements, synthesize
from services.synthesizer.provenance import language_gap
from services.synthesizer.verdicts import decide_difference
from shared.text.answer import asked_for, relation_terms
from shared.text.quantity import counted_nouns, counts, states_asked
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


TOWER = {"t": local_source("t", "Harlow Signal Tower: facts and figures")}
TOWER_CLAIMS = [
    local_claim("t1", "t", "The Harlow Signal Tower stands on the cliff above Pell Harbour and was finished in 1887."),
    local_claim("t2", "t", "The Coastal Lights Trust's handbook (2011) states that the tower is 52 metres tall."),
    local_claim("t3", "t", "The Admiralty Register of 1935 gives a height of 47 metres above the rock."),
    local_claim("t4", "t", "The tower has a lantern room reached by 214 steps."),
]


def test_two_named_authorities_on_one_page_disagree_on_the_same_dimension() -> None:
    assert attribution(TOWER_CLAIMS[2].text) == ("The Admiralty Register of 1935", "a height of 47 metres above the rock.")
    assert attribution("The tower records every ship that passes.") is None  # no named authority
    found = find_disagreements(TOWER_CLAIMS, {"t": TOWER["t"].title})
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("m", ["47 metres", "52 metres"])]
    # one page's figures of different dimensions, or not attributed, are no disagreement
    other = [local_claim("a", "t", "The Coastal Lights Trust's handbook states that the tower is 52 metres tall."),
             local_claim("b", "t", "The Admiralty Register gives a length of 47 metres for the pier."),
             local_claim("c", "t", "The old pier is 30 metres long.")]
    assert find_disagreements(other, {"t": TOWER["t"].title}) == []


def test_the_lead_says_each_authoritys_figure_and_the_gate_is_not_confident() -> None:
    question = "How many metres tall is the Harlow Signal Tower?"
    rep = synthesize(question, TOWER_CLAIMS, TOWER)
    lead = _answer(rep.markdown)
    assert re.search(r"The sources disagree: 47 metres per the Admiralty Register of 1935 \[1\]; 52 metres per the "
                     r"Coastal Lights Trust's handbook \(2011\) \[1\]\.", lead), rep.markdown
    gate = report_gate(question, rep, TOWER, TOWER_CLAIMS)
    assert gate.tier != "high" and gate.signals.get("disputed") == 1.0


def test_according_to_an_authority_takes_its_figure_without_a_gap_line() -> None:
    question = "What is the height of the Harlow Signal Tower according to the Admiralty Register?"
    assert relation_terms(question) == [] or "according" not in relation_terms(question)
    rep = synthesize(question, TOWER_CLAIMS, TOWER)
    lead = _answer(rep.markdown)
    assert "47 metres" in lead and "52 metres" not in lead and "disagree" not in lead, rep.markdown
    gate = report_gate(question, rep, TOWER, TOWER_CLAIMS)
    assert not gate.signals.get("not_established") and not gate.signals.get("disputed"), gate.signals


def test_visitors_are_counted_by_an_attendance_figure_and_the_gap_line_is_grammatical() -> None:
    question = "How many visitors came to the Pell Harbour regatta in 2021?"
    nouns = counted_nouns(question)
    assert counts("In 2021 the attendance reached 12,300.", nouns) == ["12,300"]
    assert counts("The 2020 regatta was attended by 9,800 people.", nouns) == ["9,800"]
    assert counts("Pell Harbour has a population of 4,100.", nouns) == []
    assert asked_for(question) == "the number of visitors asked for"
    assert asked_for("What is the height of the tower according to the register?") == "the height asked for"
    sources = {"r": local_source("r", "Pell Harbour Regatta")}
    claims = [local_claim("r1", "r", "The Pell Harbour Regatta has been sailed every August since 1921."),
              local_claim("r2", "r", "In 2021 the attendance reached 12,300.")]
    rep = synthesize(question, claims, sources)
    assert "12,300" in _answer(rep.markdown)
    assert not report_gate(question, rep, sources, claims).signals.get("not_established")


def test_which_is_longer_is_decided_from_each_things_own_page() -> None:
    sources = {"a": local_source("a", "The Ostry Causeway"), "b": local_source("b", "Fenwick Aqueduct: a short history")}
    claims = [local_claim("a1", "a", "The Ostry Causeway links the island of Ostry to the mainland."),
              local_claim("a2", "a", "The causeway is 740 metres long."),
              local_claim("b1", "b", "The Fenwick Aqueduct carries the canal over the Lune valley."),
              local_claim("b2", "b", "The aqueduct is 1,120 metres long and has 19 arches.")]
    question = "Which is longer, the Ostry Causeway or the Fenwick Aqueduct?"
    rep = synthesize(question, claims, sources)
    lead = _answer(rep.markdown)
    assert re.match(r"Fenwick Aqueduct is longer: 1,120 metres \[\d\]; Ostry Causeway: 740 metres \[\d\]\.", lead), lead
    assert report_gate(question, rep, sources, claims).tier != "low"


def test_by_how_much_did_it_grow_states_the_difference_with_both_figures() -> None:
    sources = {"k": local_source("k", "Kessock"), "m": local_source("m", "Mallow Ford")}
    claims = [local_claim("k1", "k", "Kessock is a fishing town at the mouth of the Dee."),
              local_claim("k2", "k", "At the 2011 census Kessock had 3,480 inhabitants."),
              local_claim("k3", "k", "The 2021 census recorded 3,215 inhabitants in Kessock."),
              local_claim("m1", "m", "Mallow Ford had 900 inhabitants in 2021.")]
    question = "By how much did the population of Kessock change between the 2011 and 2021 censuses?"
    rep = synthesize(question, claims, sources)
    assert _answer(rep.markdown).startswith(
        "The population of Kessock decreased by 265 between the 2011 and 2021 censuses, from 3,480 inhabitants (2011) "
        "[1] to 3,215 inhabitants (2021) [1]."
    ), rep.markdown
    assert report_gate(question, rep, sources, claims).tier != "low"  # the difference answers it
    assert "change" in states_asked(question, "Its population changed by 265 in ten years.")
    grow = decide_difference("By how much did the population of Kessock grow from 2011 to 2021?",
                             [c.text for c in claims], ["Kessock", "Kessock", "Kessock", "Mallow Ford"], [3, 2, 1, 0])
    assert grow is not None and (grow.verb, grow.amount) == ("fell", "265")
    assert decide_difference("How many inhabitants does Kessock have?", [c.text for c in claims],
                             ["Kessock"] * 4, [0, 1, 2, 3]) is None


def test_a_language_note_does_not_call_the_questions_language_missing_when_sources_in_it_were_found() -> None:
    (mixed,) = language_gap("en", ["en", "en", "de"])
    assert "German" in mixed and "may be missing" not in mixed
    (german,) = language_gap("de", ["de", "en"], into="de")
    assert "fehlen möglicherweise" not in german and "Englisch" in german
    (only_other,) = language_gap("en", ["de"])
    assert "sources in English may be missing" in only_other
