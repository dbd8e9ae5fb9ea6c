"""One life-span rule for the synthesizer's lead and confidence (shared.text.relations.life_events): a life span in
parentheses after a name states a birth and a death, a birth note a birth only, though neither says "born" or
"died". Invented names only."""

from __future__ import annotations

import pytest

from shared.text.relations import life_events, life_words


@pytest.mark.parametrize(("text", "events"), [
    ("Adelina Ferrante-Moro (3 March 1921 – 9 November 2004) was a weaver.", {"birth", "death"}),
    ("Orm Tessel (1839-1911) built the lock.", {"birth", "death"}),
    ("Fiske Harlan (March 11, 1878, Rockland – July 12, 1945) was an actor.", {"birth", "death"}),
    ("Ana Lindqvist (born 1986) is a painter.", {"birth"}),
    ("Petra Olm (née Ward; b. 4 May 1839) kept the inn.", {"birth"}),
    ("The canal (opened 1839) joins the two rivers.", set()),
    ("The mill was busiest in the 1890s (about 40 workers).", set()),
])
def test_a_life_span_states_a_birth_and_a_death_and_a_birth_note_a_birth(text: str, events: set[str]) -> None:
    assert life_events(text) == events


def test_a_birth_note_gives_no_death_words() -> None:
    assert {"born", "birth"} <= life_words("Ana Lindqvist (born 1986) is a painter.")
    assert not {"died", "death"} & life_words("Ana Lindqvist (born 1986) is a painter.")
    assert {"born", "died", "death"} <= life_words("Orm Tessel (1839-1911) built the lock.")
