"""Task r5 (review stop42 F4; names invented): a question asking when a named thing underwent an event its subject
undergoes ("When did the Varn Quay close?", "When was it shut down?") is answered by a sentence stating that event
of the thing ("The Varn Quay closed in 1974", "was closed by the harbour board", "was shut down"), not by one where
the verb is negated ("was never closed"), hedged ("nearly closed", "was to be closed"), temporary ("closed for a
week"), done by the thing to an object of its own ("closed its goods shed") or said of a part of it ("The Varn
Quay's north pier was shut down"): such a sentence never leads, and the gate reads no closure in it.
"""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import object_asked_against
from shared.text.relations import undergone_by_other
from tests.claim_pages import listed_claims, recorded_report

_Q = "When did the Varn Quay close?"


def _lead(question: str, sentence: str) -> tuple[str, str]:
    pages = {"a": ("Varn Quay", ["The Varn Quay was a harbour wharf in Oldmere.", sentence])}
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown).split("\n")[0], gate.tier


@pytest.mark.parametrize("sentence", [
    "The Varn Quay was never shut down, despite plans in 1974.",
    "The Varn Quay was never closed, despite plans in 1974.",
    "The Varn Quay's north pier was shut down in 1974.",
    "The Varn Quay's north pier was closed in 1974.",
    "The Varn Quay shut down its goods shed in 1974.",
    "The Varn Quay closed its goods shed in 1974.",
    "The Varn Quay was shut down for a week in 1974 after a storm.",
    "The Varn Quay closed for a week in 1974 after a storm.",
    "The Varn Quay was nearly shut down in 1974.",
    "The Varn Quay nearly closed in 1974.",
])
def test_a_closure_stated_of_nothing_or_of_another_thing_never_leads(sentence: str) -> None:
    lead, tier = _lead(_Q, sentence)
    assert lead.startswith("Not established: the date asked for."), lead
    assert tier == "low"


@pytest.mark.parametrize("sentence", [
    "The Varn Quay closed in 1974.",
    "The Varn Quay was closed by the harbour board in 1974.",
    "The Varn Quay was shut down in 1974.",
])
def test_a_closure_of_the_thing_still_leads(sentence: str) -> None:
    lead, tier = _lead(_Q, sentence)
    assert lead == sentence[:-1] + " [1].", lead
    assert tier == "high"


def test_which_uses_state_nothing_of_the_name() -> None:
    name = "Varn Quay"
    for text in ("The Varn Quay was never closed.", "The Varn Quay was temporarily closed in 1974.",
                 "The Varn Quay was to be closed in 1974.", "The Varn Quay closed the Oldmere ferry in 1974.",
                 "The Varn Quay closed until 1975.", "The Varn Quay was threatened with closure in 1974."):
        assert undergone_by_other(text, name, "close"), text
    for text in ("The Varn Quay closed in 1974.", "The Varn Quay closed its doors in 1974.",
                 "The Varn Quay did not close until 1974.", "Due to falling trade the Varn Quay closed in 1974.",
                 "The Varn Quay's closure came in 1974.", "The Varn Quay closed in 1974 and never reopened.",
                 "After the Varn Quay closed in 1974, the port declined.", "The Varn Quay was closed by the board.",
                 "The Varn Quay was a harbour wharf."):
        assert not undergone_by_other(text, name, "close"), text
    assert undergone_by_other("The Varn Quay was nearly shut down.", name, "shut", "down")
    assert object_asked_against("The Varn Quay was nearly shut down.", "When was the Varn Quay shut down?")
    assert object_asked_against("The Varn Quay opened its museum in 1921.", "When did the Varn Quay open?")
    assert not object_asked_against("The Varn Quay opened to the public in 1921.", "When did the Varn Quay open?")
    assert not object_asked_against("The Varn Quay was never closed.", "What is the Varn Quay?")
