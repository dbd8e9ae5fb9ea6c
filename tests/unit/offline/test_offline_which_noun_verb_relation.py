"""The relation of a "Which <noun> <verb>ed the ...?" question is its verb, not part of the wh-phrase (issue 9, trial
t38 fault 7, q9 "Which architect turned the old post office into the puppet museum?"): ``wh_head_terms`` read
"architect turned old" as the phrase, so ``relation_terms`` gave the object's words ("post", "office", "puppet")
or nothing ("Which architect designed the X?"), and a lead stating another relation passed. A phrasal verb around
its object ("turned the old tannery into a hostel") is the relation "turned into", which "converted ... into"
states (``shared.text.relations``: conversion)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import relation_features
from shared.text.answer import phrasal_terms, relation_terms, wh_head_terms


@pytest.mark.parametrize(("question", "head", "relation"), [
    ("Which engineer designed the Tarn Viaduct?", ["engineer"], ["designed"]),
    ("Which team won the 1998 Halden cup?", ["team"], ["won", "cup"]),
    ("Which merchant turned the old tannery into the Kessel hostel?", ["merchant"], ["turned into"]),
    ("Who turned the old tannery into a hostel?", [], ["turned into"]),
    # an adjective before the noun and a participle describing it are part of the phrase
    ("Which talented painter won the prize?", ["talented", "painter"], ["won", "prize"]),
    ("Which film directed by Ann Lee won the award?", ["film", "directed"], ["won", "award"]),
])
def test_the_verb_after_a_which_phrase_is_the_relation(question: str, head: list[str], relation: list[str]) -> None:
    assert wh_head_terms(question) == head
    assert relation_terms(question) == relation


def test_a_phrasal_verb_around_its_object_is_one_term() -> None:
    assert phrasal_terms("Which merchant turned the old tannery into the Kessel hostel?") == {"turned": "turned into"}
    assert phrasal_terms("Who turned left at the old tannery into the yard?") == {}  # no object opening with "the"


@pytest.mark.parametrize(("question", "lead", "stated"), [
    ("Which engineer designed the Tarn Viaduct?",
     "The Tarn Viaduct was designed by the engineer Piers Callowhill [1].", 1.0),
    # another relation of the same thing: the contractor who built it did not design it
    ("Which engineer designed the Tarn Viaduct?",
     "The Tarn Viaduct was built by the contractor Hale and Sons in 1881 [1].", 0.0),
    ("Which merchant turned the old tannery into the Kessel hostel?",
     "The Kessel hostel was opened by the merchant Ada Varn, who converted the tannery into forty rooms [1].", 1.0),
    ("Which merchant turned the old tannery into the Kessel hostel?",
     "The old tannery was bought by the merchant Ada Varn in 1990 [1].", 0.0),
])
def test_the_lead_states_the_relation_asked(question: str, lead: str, stated: float) -> None:
    assert relation_features(question, lead)["relation"] == stated
