""""Who set up X?" asks who founded X: a phrasal verb of a who question is held only by a word the lexicon lists for
its relation ("founded by"), never by one it also reads as a start ("was opened to the public"), so the founding
sentence leads instead of "Not established". Issue 9, re-check g51 fault n1 (task g51fix); invented names."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.relations import with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

MUSEUM = ("Tessaly Lace Museum", [
    "The Tessaly Lace Museum occupies the former bobbin hall on the north bank of the river Orle and was opened to "
    "the public on 2 June 1984.",
    "The Tessaly Lace Museum (Lowmark: Kantmuseet Tessaly) is a museum of bobbin lace in Tessaly, a town in the "
    "Orle valley.",
    "The Tessaly Lace Museum was founded by Orsolya Brandvik, a retired weaver, who bought the old bobbin hall in "
    "1979.",
])
QUESTION = "Who set up the Tessaly Lace Museum?"


def test_opened_holds_no_set_up_of_a_who_question() -> None:
    opened = MUSEUM[1][0]
    assert "set up" not in with_relations(set(tokenize(opened)), ["set up"], opened, agent=True)
    assert "set up" in with_relations(set(tokenize(opened)), ["set up"], opened)  # "When was X set up?": a start
    founded = MUSEUM[1][2]
    assert "set up" in with_relations(set(tokenize(founded)), ["set up"], founded, agent=True)


def test_who_set_up_is_led_by_the_founding_sentence() -> None:
    claims, sources = listed_claims({"m": MUSEUM})
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "founded by Orsolya Brandvik" in lead and "Not established" not in lead
    assert answered
