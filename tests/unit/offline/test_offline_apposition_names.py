"""Trial t61 F4 (the pages here are invented): a question describing the thing it asks about by an apposition naming
another ("Brannock Hall, the main stage of the Velsing Jazz Days,") asks about the first: a lead naming it answers,
though it names not the second (``services.synthesizer.confidence.apposed_names`` and ``without_appositions``, read
by ``answer_features``); a question naming only the description ("the main stage of the Velsing Jazz Days") still
needs the lead to name the festival."""

from __future__ import annotations

from services.synthesizer.confidence import apposed_names, report_gate, without_appositions
from services.synthesizer.offline import synthesize
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"h": local_source("h", "Brannock Hall")}
CLAIMS = [
    local_claim("h1", "h", "Brannock Hall is a former rope store in Velsing, converted in 1987."),
    local_claim("h2", "h", "Brannock Hall has 640 seats."),
]
QUESTION = "How many seats does Brannock Hall, the main stage of the Velsing Jazz Days, have?"


def test_apposition_describes_the_name_before_it() -> None:
    assert apposed_names(QUESTION) == (("Brannock Hall", "Velsing Jazz Days"),)
    assert without_appositions(QUESTION) == "How many seats does Brannock Hall have?"
    assert without_appositions("What is the capacity of Brannock Hall, the main stage of the Velsing Jazz Days?") \
        == "What is the capacity of Brannock Hall?"


def test_two_hop_and_comparison_questions_keep_every_name() -> None:
    two_hop = "How many seats does the main stage of the Velsing Jazz Days have?"
    assert apposed_names(two_hop) == () and without_appositions(two_hop) == two_hop
    both = "Which has more seats, Brannock Hall or the Orrin Playhouse?"
    assert apposed_names(both) == () and without_appositions(both) == both


def test_lead_naming_the_described_hall_answers() -> None:
    rep = synthesize(QUESTION, CLAIMS, PAGES)
    assert _lead(rep.markdown) == "Brannock Hall has 640 seats [1].", rep.markdown
    gate = report_gate(QUESTION, rep, PAGES, CLAIMS)
    assert "not_established" not in gate.signals, gate
    assert gate.signals["f_names_found"] == 1.0 and gate.signals["f_chain_names"] == 1.0, gate.signals
    assert gate.tier == "high", gate
