"""The lead holds only sentences that bear on the question (issue 9, trial t30 fault 10: "Who started the ... club,
and when?" led with the answer, then another hut's opening date and the club's anniversary "on Saturday"): a further
lead sentence about another named subject that adds nothing the question asks is dropped from the lead, and so is
one dated only relative to a time it does not give ("five years later", "on Saturday"). The next hop of a
question's chain, about another name but holding what the lead leaves open, stays
(``services.synthesizer.offline._bearing``, ``unanchored_time``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _bearing, unanchored_time
from shared.report import lead_section
from shared.text.answer import key_terms
from shared.text.relations import with_relations
from shared.text.synonyms import same_thing
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report
from tests.claim_pages import local_claim as _claim

PAGES = {
    "club": ("The Tarrow Rowing Association", [
        "The Tarrow Rowing Association is an amateur sports club that races eights on the lower Tarrow.",
        "The association was founded in 1897 in the river port of Kessling on the initiative of Ada Lund, a "
        "ferrywoman and keen oarswoman.",
        "The Tarrow Rowing Association's first boathouse, the Weir Boathouse, opened five years later."]),
    "boathouse": ("Weir Boathouse", [
        "The Weir Boathouse was opened in May 1902 beside the old mill weir, at the foot of the town bridge."]),
    "news": ("Rowing club turns 125", [
        "The Tarrow Rowing Association celebrated its 125th anniversary on Saturday with a regatta on the river."]),
}
QUESTION = "Who started the Tarrow rowing club, and when?"


def test_a_lead_holds_the_answer_without_an_unanchored_time() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Ada Lund" in lead and "1897" in lead
    assert "Saturday" not in lead and "five years later" not in lead
    assert answered and gate.tier != "low", gate.signals


def test_a_lead_sentence_about_another_subject_that_adds_nothing_asked_is_dropped() -> None:
    claims = [_claim("a", "s1", "The Tarrow Rowing Club was founded in 1897 in Kessling by Ada Lund."),
              _claim("b", "s2", "The Weir Boathouse was opened in May 1902 beside the old mill weir."),
              _claim("c", "s1", "The Tarrow Rowing Club opened its second boathouse in 1931.")]
    titles = ["Tarrow Rowing Club", "Weir Boathouse", "Tarrow Rowing Club"]
    tok_sets = [with_relations(set(tokenize(f"{c.text} {t}")), key_terms(QUESTION)) for c, t in zip(claims, titles)]
    assert "started" in tok_sets[1]  # "opened" states the relation asked, of the boathouse
    # another hut's opening date goes; a sentence naming the club asked about stays
    assert _bearing([0, 1, 2], QUESTION, claims, titles, tok_sets, [True, True, True]) == [0, 2]


def test_the_next_hop_about_another_name_stays_when_it_holds_what_is_left_open() -> None:
    question = "Which oarswoman from the book River Lives later coached the national eight?"
    claims = [_claim("a", "s1", "River Lives is a book by Hanna Berg about the ferry crews of the Tarrow."),
              _claim("b", "s2", "Ada Marit Lund was an oarswoman who coached the national eight from 1921."),
              _claim("c", "s3", "Kessling Town Bridge was built as a book of stone arches over the river.")]
    titles = ["River Lives", "Ada Marit Lund", "Kessling Town Bridge"]
    tok_sets = [set(tokenize(f"{c.text} {t}")) for c, t in zip(claims, titles)]
    # b holds "coached", "national", "eight" that a leaves open; c adds nothing but "book", which a holds
    assert _bearing([0, 1, 2], question, claims, titles, tok_sets, [True, True, False]) == [0, 1]


@pytest.mark.parametrize(("text", "relative"), [
    ("The club's first boathouse opened five years later.", True),
    ("The club celebrated its anniversary on Saturday with a regatta.", True),
    ("The new boathouse will open next month.", True),
    ("Two days earlier the river had flooded the slipway.", True),
    ("The club's first boathouse opened five years later, in 1902.", False),  # anchored by its year
    ("The Weir Boathouse was opened in May 1911 beside the weir.", False),
    ("Today the club has 300 members and eleven boats.", False),
    ("The race was moved to a later date.", False),
])
def test_unanchored_time(text: str, relative: bool) -> None:
    assert unanchored_time(text) is relative


def test_a_club_is_called_its_association() -> None:
    assert same_thing("club", "association") and same_thing("clubs", "associations")
    assert not same_thing("club", "federation")
