"""A where-question's verb of holding an event is one relation: "Where is the Harlow Cup played?" is answered by
"Since 1994 the Harlow Cup has been staged in the Drill Hall" (held, hosted, took place likewise), while a sentence
saying how it is played names no place (task h138, trial t71 Q10). Invented names."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import chain_features, relation_features
from shared.report import lead_section
from shared.text.relations import said_relation_words
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Where is the Harlow Cup played?"


@pytest.mark.parametrize("lead", [
    "Since 1994 the Harlow Cup has been staged in the Drill Hall on Quay Street, Fennick [1].",
    "The Harlow Cup is held in the Drill Hall on Quay Street, Fennick [1].",
    "The Harlow Cup takes place in the Drill Hall in Fennick every May [1].",
    "The Drill Hall in Fennick has hosted the Harlow Cup since 1994 [1].",
])
def test_a_verb_of_holding_the_event_states_where_it_is_played(lead: str) -> None:
    assert relation_features(QUESTION, lead)["relation"] == 1.0
    assert chain_features(QUESTION, lead, {1: "Harlow Cup"}, {1: lead})["relation_names"] == 1.0


def test_only_a_where_question_reads_played_as_held() -> None:
    text = "Since 1994 the Harlow Cup has been staged in the Drill Hall."
    assert "played" in said_relation_words(text, QUESTION)
    # "Who played in the Harlow Cup final?" asks a player: a staging states no playing
    assert "played" not in said_relation_words(text, "Who played in the Harlow Cup final?")
    # a sentence holding no event states no playing
    assert "played" not in said_relation_words("The Drill Hall was built in 1871.", QUESTION)


def test_the_sentence_of_the_place_held_leads_the_report() -> None:
    pages = {"h": ("Harlow Cup history", [
        "The Harlow Cup was first held in 1972 by the Fennick Darts League.",
        "The Harlow Cup is played over four rounds across one May weekend.",
        "Since 1994 the Harlow Cup has been staged in the Drill Hall on Quay Street in Fennick.",
    ])}
    claims, sources = listed_claims(pages)
    rep, gate, answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Since 1994 the Harlow Cup has been staged in the Drill Hall"), lead
    assert answered and gate.tier != "low", gate
