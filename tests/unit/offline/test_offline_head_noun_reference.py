"""A lead sentence that calls the question's name by its last word, a common noun after "the" ("... are still owned
by the railway"), on a page that gives the whole name ("The Orla Valley Railway was opened with ...") states the
relation of that name: the gate does not hold the count back as "not established" (issue 9, trial t44 fault 3, Q4:
``services.synthesizer.confidence.chain_features``). A page naming another thing of that noun leaves it
unresolved. Invented sentences only."""

from __future__ import annotations

from services.synthesizer.confidence import chain_features
from tests.claim_pages import listed_claims, noted_report

QUESTION = "How many of the first diesel railcars does the Orla Valley Railway still own?"
OPENING = "The Orla Valley Railway was opened in 1921 with five diesel railcars built by the Tessin works."
COUNT = "Of the five first diesel railcars, three (No. 11 and No. 12 and No. 14) are still owned by the railway."
LEAD = f"Fleet: {COUNT.rstrip('.')} [1]."


def test_the_head_noun_on_the_page_of_the_name_is_that_name() -> None:
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: f"{OPENING} {COUNT}"})
    assert features["relation_names"] == 1.0 and features["chain_names"] == 1.0


def test_another_name_of_the_noun_on_the_page_leaves_it_unresolved() -> None:
    page = f"{OPENING} {COUNT} The Brisk Railway bought the fifth railcar in 1960."
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: page})
    assert features["relation_names"] == 0.0


def test_a_page_not_naming_it_whole_leaves_it_unresolved() -> None:
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: COUNT})
    assert features["relation_names"] == 0.0


def test_the_gate_does_not_hold_the_count_back_for_the_relation() -> None:
    # the page's other sentence names the railway but is not in the lead: the count sentence alone states it
    opening = "The Orla Valley Railway links Orla with the Brisk pass."
    claims, sources = listed_claims({"s1": ("Fleet", [opening, COUNT]),
                                     "s2": ("Orla", ["Orla is a small town in the Ask valley."])})
    report, gate = noted_report(QUESTION, claims, sources)
    assert "three" in report.markdown
    assert gate.signals["f_relation_names"] == 1.0
    assert not gate.signals.get("relation_missing")
