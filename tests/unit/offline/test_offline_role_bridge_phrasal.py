"""A two-hop question asking its relation by a phrasal verb ("In what year did the founder of X pass away?") is read
as the death of the role holder, as "die" is: the phrasal verb is asked whole, never its verb alone, so a sentence
"expects to pass 40,000 visitors" answers nothing, and the lead is the founder's death bridged to the founding
sentence. Issue 9, re-check g51 fault n4 (task g51fix); invented names."""

from __future__ import annotations

from services.synthesizer.confidence import _says_phrasal, bridge_subject, relation_features
from shared.report import lead_section
from shared.text.relations import role_bridge
from tests.claim_pages import listed_claims, recorded_report

HISTORY = ("Tessaly Lace Museum", [
    "The Tessaly Lace Museum was founded by Orsolya Brandvik, a retired weaver, who bought the old bobbin hall in "
    "1979.",
    "The Tessaly Lace Museum was opened to the public on 2 June 1984.",
])
REPORT = ("Annual report 2023 - Tessaly Lace Museum", [
    "The Tessaly Lace Museum counted 21,470 visitors in 2023, its best year yet, and expects to pass 25,000 this "
    "year.",
])
LIFE = ("Orsolya Brandvik - Lowmark Biographies", [
    "Orsolya Brandvik died in Lowmark on 3 February 2006 and is buried in the village churchyard.",
])
QUESTION = "In what year did the founder of the Tessaly Lace Museum pass away?"


def test_role_bridge_asks_a_phrasal_verb_whole() -> None:
    assert role_bridge(QUESTION) == ("founder", "Tessaly Lace Museum", "pass away")
    assert role_bridge("When did the architect of the Orlen Hall pass away?") == ("architect", "Orlen Hall", "pass away")
    assert role_bridge("When did the founder of the Orlen Hall die?") == ("founder", "Orlen Hall", "die")


def test_a_phrasal_verb_is_said_with_its_particle_only() -> None:
    assert _says_phrasal("pass away", "She passed away in 2006.")
    assert not _says_phrasal("pass away", "It expects to pass 25,000 this year.")


def test_bridge_subject_reads_a_death_for_pass_away() -> None:
    lead = f"{LIFE[1][0]} [1]. {HISTORY[1][0]} [2]."
    assert bridge_subject(QUESTION, lead, {1: LIFE[0], 2: HISTORY[0]}) == 1.0


def test_the_lead_is_the_founders_death_not_a_visitor_figure() -> None:
    claims, sources = listed_claims({"h": HISTORY, "r": REPORT, "l": LIFE})
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "3 February 2006" in lead and "founded by Orsolya Brandvik" in lead
    assert "21,470" not in lead and "Not established" not in lead


def test_the_gate_reads_no_death_in_a_bare_pass() -> None:
    # the relation asked is the death: a visitor figure that "expects to pass" a number states no relation asked
    visitors = f"{REPORT[1][0]} [1]."
    died = f"{LIFE[1][0]} [1]."
    assert relation_features(QUESTION, visitors)["relation"] == 0.0
    assert relation_features(QUESTION, died)["relation"] == 1.0
