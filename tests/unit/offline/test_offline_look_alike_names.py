"""A sentence about another named thing whose name merely contains or extends the asked one never leads while the
asked thing's own sentence exists (issue 9, trial t21 fault A): "The nearby Little Tessen Bridge has four arches"
for the Tessen Viaduct's arches, "Halwick Crossing ... 310 inhabitants" for Halwick Cross's
(``services.synthesizer.offline``: ``near_miss_name``, the opening name of a claim)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import near_miss_name, synthesize
from shared.report import lead_section
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report, sentence_claims

PAGES = {
    "viaduct": ("Tessen Viaduct", "The Tessen Viaduct carries the old mill road over the Tessen ravine. Nine arches "
                                  "cross the ravine. The viaduct opened in 1881. The nearby Little Tessen Bridge, a "
                                  "footbridge, has four arches."),
    "town": ("Halwick Cross", "Halwick Cross is a market town on the river Orme. At the 2011 census Halwick Cross had "
                              "12,400 inhabitants. Halwick Crossing, a different place, is a hamlet of 310 "
                              "inhabitants on the upper Orme."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def _lead(question: str, *sids: str) -> str:
    return lead_section(synthesize(question, sentence_claims(TEXTS, *sids), SOURCES).markdown)


def test_a_thing_named_with_the_asked_names_words_and_another_head_never_leads() -> None:
    # "The nearby Little Tessen Bridge" opens with a name after lower-case words: its four arches are its own
    lead = _lead("How many arches does the Tessen Viaduct have?", "viaduct")
    assert "Nine arches" in lead and "four" not in lead, lead


def test_a_name_extending_the_asked_ones_head_word_is_another_place() -> None:
    lead = _lead("How many inhabitants does Halwick Cross have?", "town")
    assert "12,400" in lead and "310" not in lead, lead


def test_a_name_saying_which_thing_of_a_noun_is_asked_keeps_its_longer_names() -> None:
    # "the Tessen ravine": the viaduct's sentences are no other thing than the one asked; the footbridge's are
    question = "How many arches span the Tessen ravine?"
    lead = _lead(question, "viaduct")
    assert "Nine arches" in lead and "four" not in lead, lead
    # and the gate does not read "Tessen Viaduct" as another thing than the "Tessen" the question names
    rep, gate, answered, _total = recorded_report(question, sentence_claims(TEXTS, "viaduct"), SOURCES)
    assert "Not established" not in rep.markdown and gate.tier != "low" and answered, rep.markdown


@pytest.mark.parametrize("name,subject,near", [
    ("Tessen Viaduct", "Little Tessen Bridge", True),
    ("Halwick Cross", "Halwick Crossing", True),
    ("Halwick Cross", "Halwick Cross", False),
    ("Tessen Viaduct", "Tessen Viaduct Company", False),
    ("Tessen Viaduct", "Old Tessen Viaduct", False),
    ("Orme Valley Railway", "Little Orme Bridge", False),
])
def test_look_alike_names(name: str, subject: str, near: bool) -> None:
    assert near_miss_name(tokenize(name), tokenize(subject)) is near
