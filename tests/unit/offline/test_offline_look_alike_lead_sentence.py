"""A lead's further sentences are of the asked thing: after a first sentence that answers, a sentence naming a
look-alike of the thing the question names ("Old X", "X II") and not that thing states the look-alike's fact, not
more of the answer, so it leaves the lead (``services.synthesizer.verdicts.names_look_alike``). The pages here are
invented."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import names_look_alike
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

WORKS = {"e": local_source("e", "Kestrelmoor Bell Works"), "o": local_source("o", "Old Kestrelmoor Works")}
WORKS_CLAIMS = [
    local_claim("e1", "e", "Over nearly three centuries the works produced more than 5,300 bells for chapels and schools."),
    local_claim("e2", "e", "The Kestrelmoor Bell Works stands on Mill Row in Dunhallow."),
    local_claim("e3", "e", "The Old Kestrelmoor Works, an iron works across the river, is a separate business."),
    local_claim("o1", "o", "The largest casting ever made at the Old Kestrelmoor Works was a 9-tonne iron beam for "
                           "the Dunhallow tram bridge in 1884."),
    local_claim("o2", "o", "The Old Kestrelmoor Works closed in 1971."),
]


def test_a_name_with_a_word_of_its_own_before_it_is_a_look_alike() -> None:
    name = "Kestrelmoor Bell Works"
    assert names_look_alike(name, "The largest casting ever made at the Old Kestrelmoor Works was a beam.")
    assert names_look_alike(name, "In 1990 the Kestrelmoor Bell Works II opened.")
    assert not names_look_alike(name, "The Kestrelmoor Bell Works Museum opened in 1990.")
    assert not names_look_alike(name, "The Kestrelmoor Works Trust bought the site in 1995.")  # its owner, maybe
    assert not names_look_alike(name, "Over nearly three centuries the works produced more than 5,300 bells.")


def test_the_look_alikes_fact_leaves_the_lead() -> None:
    question = "What is the total number of bells produced by the Kestrelmoor Bell Works?"
    rep = synthesize(question, WORKS_CLAIMS, WORKS)
    assert _lead(rep.markdown) == ("Over nearly three centuries the works produced more than 5,300 bells for chapels "
                                   "and schools [1]."), rep.markdown
    # the first sentence states the relation asked by itself
    gate = report_gate(question, rep, WORKS, WORKS_CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate
