"""A present-tense where-question is answered by the thing's latest move: "In 2014 the ceremony moved to the <B>"
supersedes "The ceremony was held in the <A> for forty years", a past place that must not lead "Where is X held?"
(a past-tense question, "Where was X held in 1990?", keeps it); and a sentence saying it is about another thing than
the asked one ("Unlike the <asked thing>, the <other> ...") never leads (task h145, trial t72 q11). Invented names.
"""

from __future__ import annotations

import pytest

from services.synthesizer.offline import relocated_lead
from shared.report import lead_section
from shared.text.relations import move_subject, moved_to, past_place
from shared.text.terms import contrasted_other
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Where is the Yarrowby Medal for Poetry ceremony held?"
HISTORY = ("A short history of the Yarrowby Medal for Poetry", [
    "The Yarrowby Medal for Poetry was founded in 1968 by the Yarrowby Trust.",
    "The ceremony was held in the Hollin Corn Exchange for forty years.",
    "In 2014 the ceremony moved to the Sallow Playhouse in Tarnmouth, which seats 700 guests.",
])


@pytest.mark.parametrize(("sentence", "place"), [
    ("In 2014 the ceremony moved to the Sallow Playhouse in Tarnmouth.", "Sallow Playhouse"),
    ("The archive was relocated from Hollin to Tarnmouth in 1990.", "Tarnmouth"),
    ("The trust moved its offices into Weller House in 2019.", "Weller House"),
    ("The museum moved in 1990 to the Old Mill of Dunby.", "Old Mill of Dunby"),
    ("The bakery moved to a four-day week.", None),
    ("The ceremony is held in the Sallow Playhouse.", None),
])
def test_moved_to(sentence: str, place: str | None) -> None:
    assert moved_to(sentence) == place


def test_move_subject() -> None:
    assert move_subject("In 2014 the ceremony moved to the Sallow Playhouse.") == "In 2014 the ceremony"
    assert move_subject("After the fire, the archive was relocated to Tarnmouth.") == "the archive"
    assert move_subject("The ceremony is held in the Sallow Playhouse.") is None


@pytest.mark.parametrize(("sentence", "past"), [
    ("The ceremony was held in the Hollin Corn Exchange for forty years.", True),
    ("The trust was based at Weller House until 2016.", True),
    ("The fair was formerly held at Dunby Green.", True),
    ("The archive was housed in the Old Mill from 1950 to 1990.", True),
    ("The ceremony is held in the Hollin Corn Exchange.", False),
    ("The 2019 ceremony was held in the Sallow Playhouse in 2019.", False),
    ("It has been held there since 2014.", False),
])
def test_past_place(sentence: str, past: bool) -> None:
    assert past_place(sentence) is past


def test_relocated_lead_takes_the_move() -> None:
    texts = HISTORY[1]
    titles = [HISTORY[0]] * 3
    assert relocated_lead(QUESTION, texts, [1], [1, 2, 0], titles) == [2]
    assert relocated_lead("In which hall is the Yarrowby Medal for Poetry ceremony staged?", texts, [1], [1, 2, 0],
                          titles) == [2]
    # a past-tense question asks the past place
    assert relocated_lead("Where was the Yarrowby Medal for Poetry ceremony held in 1990?", texts, [1], [1, 2, 0],
                          titles) == [1]
    assert relocated_lead("Where was the Yarrowby Medal for Poetry ceremony held?", texts, [1], [1, 2, 0],
                          titles) == [1]
    # a move of another thing of another page is none of the asked thing's
    other = ["The ceremony was held in the Hollin Corn Exchange for forty years.",
             "In 2014 the Dunby Bakery moved to the Sallow Arcade."]
    assert relocated_lead(QUESTION, other, [0], [0, 1], [HISTORY[0], "Dunby news"]) == [0]


def test_the_latest_move_leads_the_report() -> None:
    claims, sources = listed_claims({"h": HISTORY})
    rep, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("In 2014 the ceremony moved to the Sallow Playhouse"), lead


@pytest.mark.parametrize("unlike", [
    "Unlike the Yarrowby Medal for Poetry, the Young Poets Medal ceremony is still held at the Hollin Corn "
    "Exchange, each June.",
    "Unlike the Trust's main award, the Yarrowby Young Poets Medal ceremony is still held at the Hollin Corn "
    "Exchange, each June.",
])
def test_a_sentence_about_another_thing_never_leads(unlike: str) -> None:
    pages = {"n": ("News from the Yarrowby Trust", [unlike]),
             "h": ("Yarrowby Medal for Poetry", [
                 "The Yarrowby Medal for Poetry was founded in 1968 by the Yarrowby Trust.",
                 "The Yarrowby Medal for Poetry ceremony takes place at the Sallow Playhouse in Tarnmouth."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Hollin" not in lead, lead
    assert "Sallow Playhouse" in lead, lead


@pytest.mark.parametrize(("sentence", "other"), [
    ("Unlike the Yarrowby Medal for Poetry, the Young Poets Medal ceremony is still held at the Hollin Corn "
     "Exchange.", True),
    ("In contrast to the Yarrowby Medal, the Young Poets Medal is not televised.", True),
    # the asked thing is the subject set against another
    ("Unlike its sister prize, the Yarrowby Medal for Poetry moved to Tarnmouth.", False),
    ("Unlike the Young Poets Medal, the Yarrowby Medal ceremony moved to the Sallow Playhouse.", False),
    ("The Yarrowby Medal ceremony, unlike the Young Poets Medal's, is held in Tarnmouth.", False),
])
def test_contrasted_other(sentence: str, other: bool) -> None:
    assert contrasted_other(sentence, QUESTION) is other
