""""What <noun> was X <verb>ed with/by/from?" is answered by a phrase headed by that noun after the verb and the
preposition (task h138, trial t70 Q11): "X was originally armed with eight 9-inch guns" answers "What guns was X
originally armed with?", though it names no capitalised thing. Invented names, several phrasings."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import chain_features, relation_features
from shared.text.answer import answer_candidates, answer_type, prepositional_object

CASES = [
    ("What guns was Castle Morrendel originally armed with?",
     "Castle Morrendel was originally armed with six 12-pounder smoothbore guns set on the upper terrace [1].",
     "six 12-pounder smoothbore guns"),
    ("What stone was the Tessaly Bridge built from?",
     "The Tessaly Bridge was built from dressed grey stone quarried at Orvick [1].", "dressed grey stone"),
    ("Which bells was the Quenlow Tower fitted with?",
     "In 1902 the Quenlow Tower was fitted with a ring of eight bells cast in Lessing [1].",
     "a ring of eight bells"),
    ("What engines were the Harrowmere ferries powered by?",
     "The Harrowmere ferries were powered by two steam engines built on the Tyne [1].", "two steam engines"),
]


@pytest.mark.parametrize("question, lead, phrase", CASES)
def test_the_noun_after_the_verb_and_preposition_answers(question: str, lead: str, phrase: str) -> None:
    assert answer_candidates(lead, answer_type(question), question) == [phrase]
    assert relation_features(question, lead)["relation"] == 1.0
    assert chain_features(question, lead, {1: "History"}, {1: lead})["relation_names"] == 1.0


@pytest.mark.parametrize("question, lead", [
    # another noun after the verb and preposition: no guns
    ("What guns was Castle Morrendel originally armed with?",
     "Castle Morrendel was originally armed with a garrison of 80 men [1]."),
    # the noun, but not after the asked verb
    ("What guns was Castle Morrendel originally armed with?",
     "Castle Morrendel later displayed two guns in its courtyard [1]."),
    # another verb before the preposition
    ("What stone was the Tessaly Bridge built from?",
     "The Tessaly Bridge was paid for from a toll on stone carts [1]."),
])
def test_no_phrase_of_the_noun_after_the_verb_is_no_answer(question: str, lead: str) -> None:
    assert answer_candidates(lead, answer_type(question), question) == []


def test_only_a_wh_noun_with_a_stranded_preposition_is_read() -> None:
    assert prepositional_object("What guns was Castle Morrendel originally armed with?") == (
        "guns", "armed", "with")
    assert prepositional_object("What was Castle Morrendel armed with?") is None
    assert prepositional_object("What guns does Castle Morrendel have?") is None


# the asked noun is a type: a phrase naming a kind of it answers when the sentence says it of the question's
# subject (review stop44 F8; "cannon" are guns, "granite" is stone)
TYPE_CASES = [
    ("What guns was the Dellmoor fort armed with?", "The Dellmoor fort was armed with six cannon.", "six cannon"),
    ("What stone was the Vestry church built from?", "The Vestry church was built from local granite.",
     "local granite"),
    ("What guns was the Dellmoor fort armed with?",
     "In 1850 the Dellmoor fort was armed with six rifled cannon mounted on the walls [2].", "six rifled cannon"),
    ("What stone was the Vestry church built from?",
     "The Vestry church, begun in 1410, was built from pink sandstone quarried at Holm.", "pink sandstone"),
]


@pytest.mark.parametrize("question, lead, phrase", TYPE_CASES)
def test_a_kind_of_the_noun_said_of_the_subject_answers(question: str, lead: str, phrase: str) -> None:
    assert answer_candidates(lead, answer_type(question), question) == [phrase]


@pytest.mark.parametrize("question, lead", [
    # said of another subject than the question's
    ("What guns was the Dellmoor fort armed with?", "The ship that shelled the Dellmoor fort was armed with six cannon."),
    ("What stone was the Vestry church built from?", "The Vestry chapel was built from local granite."),
    ("What stone was the Vestry church built from?", "The gate of the Vestry church was built from local granite."),
    # the phrase goes on with "of": its head is unknown
    ("What guns was the Dellmoor fort armed with?", "The Dellmoor fort was armed with a garrison of 80 men."),
])
def test_a_phrase_not_said_of_the_subject_is_no_answer(question: str, lead: str) -> None:
    assert answer_candidates(lead, answer_type(question), question) == []
