"""A capacity asked in any form is answered only by a count a place holds, never by how many came (trial t61 F5):
"What is the seating capacity of Corvin Hall?" was led by a blog's "a record ... people attended the festival ...
queues outside Corvin Hall" (WRONG at low), because shared.text.quantity.asks_capacity knew only "how many" forms
and shared.text.quantity.counts applied no holding check (capacity_count) to a count of people when seats were
asked. Invented names and figures."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.quantity import asks_capacity, counted_nouns, counts
from tests.claim_pages import local_claim, local_source

QUESTIONS = ["What is the seating capacity of the Orwenna Hall?",
             "What is the capacity of the Orwenna Hall?",
             "How many people can the Orwenna Hall hold?",
             "How many people can the Orwenna Hall seat?"]


@pytest.mark.parametrize("question", QUESTIONS)
def test_every_form_asks_a_capacity(question: str) -> None:
    assert asks_capacity(question)


@pytest.mark.parametrize("sentence, counted", [
    ("A record 52,300 people attended the Tressam Folk Days in 2024, with queues outside the Orwenna Hall.", []),
    ("The attendance was 4,800 on the opening night.", []),
    ("The Orwenna Hall has 940 seats.", ["940"]),
    ("The Orwenna Hall holds up to 940 people.", ["940"]),
    ("The Orwenna Hall can accommodate 940 guests.", ["940"]),
])
@pytest.mark.parametrize("question", QUESTIONS)
def test_only_a_count_held_counts_a_capacity(question: str, sentence: str, counted: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == counted


def test_attendance_still_counts_who_came() -> None:
    nouns = counted_nouns("How many people attended the Tressam Folk Days in 2024?")
    assert counts("A record 52,300 people attended the Tressam Folk Days in 2024.", nouns) == ["52,300"]


TITLES = {"s1": "Tressam Folk Days blog", "s2": "Orwenna Hall"}


def _claims() -> list[VerifiedClaim]:
    return [
        local_claim("b1", "s1", "A record 52,300 people attended the Tressam Folk Days in 2024, with long queues "
                                "outside the Orwenna Hall."),
        local_claim("a1", "s2", "The Orwenna Hall is a concert hall in the town of Tressam."),
        local_claim("a2", "s2", "The Orwenna Hall, opened in 1961, holds up to 940 people."),
    ]


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_count_held_leads_not_the_attendance(question: str) -> None:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    lead = lead_section(synthesize(question, _claims(), sources).markdown)
    assert lead.startswith("The Orwenna Hall, opened in 1961, holds up to 940 people [1]."), lead
