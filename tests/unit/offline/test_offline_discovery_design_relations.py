"""Paraphrases of a relation the lexicon reads as one (issue 9, trial t39 faults 4 and 10): a thing "identified" or
"recognised" as what it is by someone was discovered by them (``shared.text.relations``: discovery; "found" stays
founding), and "drew up the plans" / "drew the plans" for a building is designing it (a verb and its object noun,
a particle and an article between: ``shared.text.answer.phrasal_terms``). "Which <noun> drew up the ...?" stops
its wh-phrase at the irregular past "drew" (``wh_head_terms``), so the relation is the verb, not the object."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import relation_features
from shared.text.answer import phrasal_terms, relation_terms, wh_head_terms
from shared.text.relations import relation_of, relations_of, same_relation


@pytest.mark.parametrize(("asked", "stated"), [
    ("discovered", "identified"), ("discovered", "recognised"), ("discover", "recognized"), ("discoverer", "identified"),
])
def test_identifying_or_recognising_a_thing_is_discovering_it(asked: str, stated: str) -> None:
    assert same_relation(asked, stated)


def test_found_stays_founding_and_discovery_is_no_founding() -> None:
    assert relation_of("found") == "founding"
    assert not same_relation("discovered", "founded")
    assert not same_relation("discovered", "built")


@pytest.mark.parametrize(("question", "head", "relation", "named"), [
    ("Which engineer drew up the plans for the Holt pumping station?", ["engineer"], ["drew plans"], ("design",)),
    ("Who drew up the plans for the Sarn library?", [], ["drew plans"], ("design",)),
    ("Which surveyor drew the plans for the Velm harbour wall?", ["surveyor"], ["drew plans"], ("design",)),
    # an adjective before the noun is part of the wh-phrase, the verb after it is the relation
    ("Which talented painter won the prize?", ["talented", "painter"], ["won", "prize"], ("award",)),
])
def test_drawing_up_the_plans_is_one_relation(question: str, head: list[str], relation: list[str],
                                              named: tuple[str, ...]) -> None:
    assert wh_head_terms(question) == head
    assert relation_terms(question) == relation
    assert relations_of(relation[0]) == named


def test_a_particle_alone_before_another_noun_names_no_design() -> None:
    assert phrasal_terms("Who drew up the contract for the Sarn library?") == {}
    assert phrasal_terms("Which engineer drew up the plans for it?") == {"drew": "drew plans"}


@pytest.mark.parametrize(("question", "lead", "stated"), [
    ("Which engineer drew up the plans for the Holt pumping station?",
     "The Holt pumping station was designed by the engineer Mara Quist and opened in 1902 [1].", 1.0),
    ("Which engineer drew up the plans for the Holt pumping station?",
     "The Holt pumping station was built by the contractor Ives and Sons in 1902 [1].", 0.0),
    ("Which astronomer discovered the Orsa comet?",
     "The Orsa comet was first identified by the astronomer Lene Brask in 1887 [1].", 1.0),
    ("Which astronomer discovered the Orsa comet?",
     "The Orsa comet was named by the astronomer Lene Brask in 1887 [1].", 0.0),
])
def test_the_lead_states_the_relation_in_other_words(question: str, lead: str, stated: float) -> None:
    assert relation_features(question, lead)["relation"] == stated
