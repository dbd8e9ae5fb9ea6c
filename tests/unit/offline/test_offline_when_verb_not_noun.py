"""A past "when" question is led by the sentence whose verb is the relation asked of the asked subject, with a date
("Tarnholt Garden was founded in 1887 by ..."), not by a sentence holding only a noun of the verb's stem ("In 2011 the
garden opened a second glasshouse, named after the founder") (issue 9, trial t48 fault 1)
(``services.synthesizer.offline.says_verb``, ``select_lead``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import noun_of_verb_only, says_verb
from tests.claim_pages import listed_lead

PAGES = {
    "history": ("A short history of the Harnau Botanic Garden", [
        "In 2011 Harnau Botanic Garden opened a second, modern glasshouse, the Osterkamp Conservatory, named after "
        "the founder like the older building.",
        "Harnau Botanic Garden was founded in 1887 by the timber merchant Edwin Osterkamp, who bought eleven acres of "
        "pasture.",
        "The garden's most famous building, the Osterkamp Glasshouse, opened in 1893."]),
    "guide": ("Visitor guide - Harnau Botanic Garden", [
        "Harnau Botanic Garden is open daily from 10:00 to 17:00."]),
}


@pytest.mark.parametrize(("verb", "text", "said"), [
    ("founded", "The garden was founded in 1887.", True),
    ("founded", "It was named after the founder in 2011.", False),
    ("open", "The museum opened to the public on 14 May 1989.", True),
    ("open", "The museum opens its new season on Sunday.", True),
    ("open", "The opener of the season was a concert in 1990.", False),
    ("", "The garden was founded in 1887.", False),
])
def test_a_verb_form_not_a_noun_of_its_stem(verb: str, text: str, said: bool) -> None:
    assert says_verb(verb, text) is said


@pytest.mark.parametrize(("verb", "text", "noun_only"), [
    ("founded", "It was named after the founder in 2011.", True),
    ("founded", "The garden was founded in 1887 by its founder.", False),
    ("open", "Die Hütte wurde 1925 eröffnet.", False),  # another language: no word of the stem
])
def test_a_noun_of_the_verb_only(verb: str, text: str, noun_only: bool) -> None:
    assert noun_of_verb_only(verb, text) is noun_only


def test_the_founding_sentence_leads_a_when_founded_question() -> None:
    lead = listed_lead("When was Harnau Botanic Garden founded?", PAGES)
    assert lead.startswith("Harnau Botanic Garden was founded in 1887"), lead
