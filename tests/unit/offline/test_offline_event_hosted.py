"""Task h46 item 5 (the pages here are invented): a place hosting an event is stated by the event being held or
staged there. "When did Tollerby Showground first host a race?" over "The first race at Tollerby Showground was held
in 1889." was answered right but low (0.46): the relation "host" was not in the sentence (``relation`` 0.5,
``one_fact`` 0); the lexicon's "hosting" relation (``shared.text.relations.RELATIONS``) reads "held", "staged" and
"took place" as "host". A sentence stating another start ("opened in 1889") still states no hosting."""

from __future__ import annotations

import pytest

from shared.text.relations import same_relation
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "When did Tollerby Showground first host a race?"
VENUE = "Tollerby Showground is a showground on the edge of the market town of Tollerby."


def _lead_and_tier(sentence: str) -> tuple[str, str]:
    claims, sources = listed_claims({"t": ("Tollerby Showground - History", [VENUE, sentence])})
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_held_staged_and_took_place_are_hosting() -> None:
    assert same_relation("host", "held") and same_relation("host", "staged") and same_relation("hosted", "took place")
    assert not same_relation("host", "opened")


@pytest.mark.parametrize(("sentence", "expected"), [
    # the page "Tollerby Showground - History" is about the showground (its subtitle only of words about the page is
    # no part of its name: shared.text.terms.title_subject), so the race sentence answers alone
    ("The first race at Tollerby Showground was held in 1889.", "The first race at Tollerby Showground was held in 1889 [1]."),
    ("Tollerby Showground staged its first race in 1889.", "Tollerby Showground staged its first race in 1889 [1]."),
])
def test_the_first_race_held_there_answers_when_it_first_hosted_one(sentence: str, expected: str) -> None:
    lead, tier = _lead_and_tier(sentence)
    assert lead == expected
    assert tier == "high"


def test_an_opening_states_no_race_hosted() -> None:
    lead, tier = _lead_and_tier("Tollerby Showground opened in 1889 with a cattle show.")
    assert lead == ("Not established: the date asked for. Related findings, not the answer: Tollerby Showground "
                    "opened in 1889 with a cattle show [1].")
    assert tier == "low"


ARENA_Q = "When did Marrow Lane Arena first host a match?"
ARENA = "Marrow Lane Arena is a sports ground on the north side of the town of Pellby."


def _arena(sentence: str) -> tuple[str, str]:
    claims, sources = listed_claims({"a": ("Marrow Lane Arena - History", [ARENA, sentence])})
    rep, gate, _answered, _total = recorded_report(ARENA_Q, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_held_at_another_venue_or_held_by_an_owner_is_no_hosting() -> None:
    # review stop 39 finding 2: "held" / "took place" is the asked venue's hosting only with that venue its place
    from shared.text.relations import hosting_against

    other = "The first Marrow Cup was held at Pelling Common in 1904; the cup moved to Marrow Lane Arena in 1961."
    owned = "Marrow Lane Arena was held by the Osgood family from 1904 until 1961."
    here = "The first match was held at Marrow Lane Arena in 1961."
    assert hosting_against(other, ARENA_Q) == frozenset({"held"})
    assert hosting_against(owned, ARENA_Q) == frozenset({"held"})
    assert hosting_against("The first match near Pellby took place in 1904, years before Marrow Lane Arena was built.",
                           ARENA_Q) == frozenset({"took", "place"})
    assert hosting_against(here, ARENA_Q) == frozenset()
    assert hosting_against("The first match at the arena was held in May 1961.", ARENA_Q) == frozenset()
    assert hosting_against(other, "Which ground hosted the first Marrow Cup?") == frozenset()
    assert _arena(other) == ("Not established: the date asked for. Related findings, not the answer: "
                             + other.removesuffix(".") + " [1].", "low")
    lead, tier = _arena(owned)
    assert lead.startswith("Not established") and tier == "low", (lead, tier)
    assert _arena(here) == ("The first match was held at Marrow Lane Arena in 1961 [1].", "high")
