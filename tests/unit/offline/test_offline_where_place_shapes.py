"""Task h40 (review of 54dcb41; the names here are invented): ``shared.text.answer.states_place`` read only "in / at /
near <Name>" and location words, so "X stands on the south bank of the Orrel" and "X is 4 km from Dunmere" stated no
place (a right where-answer went low), while "X was designed in Art Deco style" counted as one. Now prepositions of
place (on, along, above, across, beside, opposite, overlooking, "the bank / shore / foot ... of <Name>") and a
distance in a unit of length from a named place state one; "in" before a style, a language or a period does not."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.text.answer import lead_answer, states_place
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

QUESTION = "Where is the Pellow Corn Exchange?"


@pytest.mark.parametrize("sentence", [
    "The Pellow Corn Exchange stands on the south bank of the Orrel.",
    "The Pellow Corn Exchange stands at the foot of Mount Varrow.",
    "The Pellow Corn Exchange is 4 km from Dunmere.",
    "The Pellow Corn Exchange is 7 miles south-west of Dunmere.",
    "The Pellow Corn Exchange overlooks Lake Tessing.",
    "The Pellow Corn Exchange sits opposite Dunmere Station.",
    "The Pellow Corn Exchange runs along Quarry Lane.",
])
def test_prepositions_and_distances_of_place_state_a_place(sentence: str) -> None:
    assert states_place(sentence, QUESTION)


@pytest.mark.parametrize("sentence", [
    "The Pellow Corn Exchange was designed in Art Deco style.",
    "The Pellow Corn Exchange guide is written in English.",
    "The Pellow Corn Exchange motto is in Latin.",
    "The Pellow Corn Exchange was busiest in the 1990s.",
    "The Pellow Corn Exchange is 20 minutes from Dunmere.",
])
def test_a_style_a_language_a_period_or_a_time_states_no_place(sentence: str) -> None:
    assert not states_place(sentence, QUESTION)


def test_a_bank_of_a_river_leads_and_is_typed() -> None:
    pages = {"a": local_source("a", "Pellow Corn Exchange")}
    claims = [local_claim("a0", "a", "The Pellow Corn Exchange was designed in Art Deco style by Ines Harrow."),
              local_claim("a1", "a", "The Pellow Corn Exchange stands on the south bank of the Orrel.")]
    rep = synthesize(QUESTION, claims, pages)
    lead = _lead(rep.markdown)
    assert lead == "The Pellow Corn Exchange stands on the south bank of the Orrel [1].", rep.markdown
    assert lead_answer(QUESTION, lead).typed
    assert not lead_answer(QUESTION, "The Pellow Corn Exchange was designed in Art Deco style by Ines Harrow [1].").typed
