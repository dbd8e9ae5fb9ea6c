"""Task h31 (trial t56; the pages here are invented): "Where is X?" asks a place. A record's field stating none ("X:
founder the X Club (Hester Vane)") led it at high because every name counted as a where-answer; now the sentence or
record field stating where X is leads (``shared.text.answer.states_place`` in
``services.synthesizer.offline.select_lead``), and a lead stating no place answers nothing (``lead_answer``), so the
report is low."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.text.answer import asks_own_place, lead_answer, states_place
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"r": local_source("r", "Yarrowby Kart Track"), "e": local_source("e", "Yarrowby Kart Track")}
RECORD = [
    "Yarrowby Kart Track: record id FS-0093.",
    "Yarrowby Kart Track: type karting circuit.",
    "Yarrowby Kart Track: location Ostler Green, Fallowshire.",
    "Yarrowby Kart Track: opened 1984-05-02.",
    "Yarrowby Kart Track: founder Yarrowby Kart Club (Hester Vane).",
    "Yarrowby Kart Track: length 1.3 km.",
]
PROSE = [
    "The Yarrowby Kart Track was founded by the Yarrowby Kart Club under its chairman Hester Vane.",
    "The Yarrowby Kart Track is 1.3 kilometres long and has 11 bends.",
]


def _claims(record: list[str]) -> list[VerifiedClaim]:
    """The record's rows as claims of page r, then the prose of page e."""
    return [*(local_claim(f"r{k}", "r", t) for k, t in enumerate(record)),
            *(local_claim(f"e{k}", "e", t) for k, t in enumerate(PROSE))]


@pytest.mark.parametrize("question", ["Where is the Yarrowby Kart Track?", "Where is the Yarrowby Kart Track located?",
                                      "In which town is the Yarrowby Kart Track?"])
def test_the_record_field_stating_the_place_leads(question: str) -> None:
    claims = _claims(RECORD)
    rep = synthesize(question, claims, PAGES)
    assert _lead(rep.markdown) == "Yarrowby Kart Track: location Ostler Green, Fallowshire [1].", rep.markdown
    assert report_gate(question, rep, PAGES, claims).tier in ("medium", "high")


def test_a_lead_stating_no_place_is_low() -> None:
    question = "Where is the Yarrowby Kart Track?"
    claims = _claims([t for t in RECORD if "location" not in t])
    rep = synthesize(question, claims, PAGES)
    assert report_gate(question, rep, PAGES, claims).tier == "low", rep.markdown
    assert not lead_answer(question, "Yarrowby Kart Track: founder Yarrowby Kart Club (Hester Vane) [1].").typed


def test_what_states_a_place() -> None:
    question = "Where is the Yarrowby Kart Track?"
    assert states_place("Yarrowby Kart Track: county Fallowshire.", question)
    assert states_place("The Yarrowby Kart Track lies 3 km north of Ostler Green.", question)
    assert states_place("The track is in Ostler Green.", question)
    assert not states_place("Yarrowby Kart Track: founder Yarrowby Kart Club (Hester Vane).", question)
    assert not states_place("Book a session at the Yarrowby Kart Track.", question)
    assert not states_place("The Yarrowby Kart Track reopened in September 1999.", question)


def test_which_where_questions_ask_a_things_own_place() -> None:
    assert asks_own_place("Where is the Yarrowby Kart Track?")
    assert asks_own_place("Where is the Yarrowby Kart Club based?")
    assert not asks_own_place("Where was Hester Vane born?")
    assert not asks_own_place("When did the Yarrowby Kart Track open?")
