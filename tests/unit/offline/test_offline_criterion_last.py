"""Trial t69 (the names here are invented): "Which is larger, A or B, by number of stalls?" is a comparison.

The criterion written after the options ("..., by number of stalls?") is read as if before them, so the options are
A and B and the relation asked is the stalls; a lead without both figures of it does not state the options.
"""

from __future__ import annotations

from services.synthesizer.confidence import relation_features
from shared.text.answer import answer_type, comparison_options, criterion_first, relation_terms

QUESTION = "Which is larger, Tollingham Corn Exchange or the Tollingham Corn Exchange Annexe, by number of stalls?"


def test_a_criterion_after_the_options_is_read_before_them() -> None:
    assert criterion_first(QUESTION) == ("Which is larger by number of stalls, Tollingham Corn Exchange or the "
                                         "Tollingham Corn Exchange Annexe?")
    assert criterion_first("Who runs the hall, the council or a trust?") == "Who runs the hall, the council or a trust?"
    assert answer_type(QUESTION) == "comparison"
    assert comparison_options(QUESTION) == ["Tollingham Corn Exchange", "Tollingham Corn Exchange Annexe"]
    assert relation_terms(QUESTION) == ["stall"]


def test_a_lead_without_the_compared_figures_states_no_option() -> None:
    lead = ("Tollingham Corn Exchange: list entry number WB-1 [1]. Tollingham Corn Exchange should not be confused "
            "with the Tollingham Corn Exchange Annexe, a separate and smaller building [2].")
    assert relation_features(QUESTION, lead)["options_stated"] == 0.0
    both = ("Tollingham Corn Exchange has 120 stalls [1]. The Tollingham Corn Exchange Annexe has 40 stalls [2].")
    assert relation_features(QUESTION, both)["options_stated"] == 1.0
