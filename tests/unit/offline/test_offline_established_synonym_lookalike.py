"""A past "when" question asking with a synonym of the verb ("established") is led by the sentence giving another verb
of its relation ("Harnau Botanic Garden was founded in 1887"), and a sentence whose subject is another organisation
sharing the asked one's words but not its head noun ("The Harnau Botanical Society ... founded in 1852") neither
leads nor counts as stating anything of it (issue 9, trial g48 new faults 1 and 2)
(``services.synthesizer.offline.says_verb``, ``shared.text.terms.swapped_name_word``, ``select_lead``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import says_verb
from shared.text.terms import names_swapped_word, swapped_name_word
from shared.text.tokens import tokenize
from tests.claim_pages import listed_lead

PAGES = {
    "society": ("The Harnau Botanical Society", [
        "The Harnau Botanical Society is a private club of amateur naturalists founded in 1852, thirty-five years "
        "before the botanic garden.",
        "The Harnau Botanical Society publishes a yearly bulletin and runs field trips to the moors."]),
    "history": ("A short history of the Harnau Botanic Garden", [
        "Harnau Botanic Garden was founded in 1887 by the timber merchant Edwin Osterkamp, who bought eleven acres of "
        "pasture.",
        "In 2011 the garden opened a second, modern glasshouse, named after the founder like the older building."]),
    "guide": ("Visitor guide - Harnau Botanic Garden", [
        "Harnau Botanic Garden is open daily from 10:00 to 17:00."]),
}


@pytest.mark.parametrize(("verb", "text", "said"), [
    ("established", "The garden was founded in 1887.", True),
    ("established", "The club was set up in 1852.", True),
    ("founded", "The garden was established in 1887.", True),
    ("established", "It was named after the founder in 2011.", False),
    ("established", "In 2011 the garden opened a glasshouse.", False),  # a looser word of the relation
    ("established", "The garden is open daily.", False),
])
def test_a_verb_of_the_asked_relation_gives_the_verb(verb: str, text: str, said: bool) -> None:
    assert says_verb(verb, text) is said


@pytest.mark.parametrize(("subject", "other"), [
    ("Harnau Botanical Society", True),
    ("Harnau Society", False),  # one shared word alone: may be a first name or a place's
    ("Rafael Carioca", False),
    ("Harnau Borough Council", False),  # a word of its own before the head: not a look-alike
    ("Harnau Botanic Garden Trust", False),  # holds the asked name
    ("Harnau Botanic Gardens", False),  # the asked one's head, in the plural
    ("Harnau Garden", False),
])
def test_another_head_noun_of_the_asked_ones_words(subject: str, other: bool) -> None:
    name = "Rafael de Souza Pereira" if subject.startswith("Rafael") else "Harnau Botanic Garden"
    assert swapped_name_word(tokenize(name), tokenize(subject)) is other


def test_a_society_sentence_states_nothing_of_the_garden() -> None:
    name = tokenize("Harnau Botanic Garden")
    assert names_swapped_word(name, PAGES["society"][1][0])
    assert not names_swapped_word(name, PAGES["history"][1][0])


@pytest.mark.parametrize("question", [
    "In what year was Harnau Botanic Garden established?",
    "When was Harnau Botanic Garden founded?",
])
def test_the_gardens_founding_leads_not_the_societys(question: str) -> None:
    lead = listed_lead(question, PAGES)
    assert lead.startswith("Harnau Botanic Garden was founded in 1887"), lead


def test_who_runs_is_not_led_by_the_society() -> None:
    lead = listed_lead("Who runs Harnau Botanic Garden today?", PAGES)
    assert "Botanical Society" not in lead, lead
