"""Issue 9 (trial t50 fault 2, task f50g): "Did Auguste Delmarre design the Little Orvane Canal?" was "Not
established" though a verified sentence gives the asked thing's designer, another man. A sentence whose subject is the
asked thing and that gives the asked relation's doers after "by" answers the question: "No" when they are others,
"Yes" when the asked one is among them. Invented names (the Brask canals)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import page_claim as _claim

OTHER = "The Little Brask Canal was designed by the engineer Mattis Korrel and built between 1899 and 1902."
TEXTS = [OTHER, "Jonas Edvarsen retired in 1821 and died in Lenhaven.", "The Little Brask Canal opened on 2 June 1902.",
         "The Brask Canal was designed by the engineer Jonas Edvarsen."]
TITLES = ["Little Brask Canal", "Jonas Edvarsen", "Little Brask Canal", "Brask Canal"]


def _decide(question: str, texts: list[str] = TEXTS) -> bool | None:
    decided = decide_yes_no(question, texts, TITLES, [0, 1, 2], [True] * len(texts))
    assert decided is not None
    return decided.answer


def test_another_doer_of_the_asked_relation_says_no() -> None:
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?") is False


@pytest.mark.parametrize("doers", ["Mattis Korrel and Jonas Edvarsen", "the engineers Korrel and Edvarsen"])
def test_the_asked_doer_among_co_doers_says_yes(doers: str) -> None:
    texts = [f"The Little Brask Canal was designed by {doers}.", *TEXTS[1:]]
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?", texts) is True


@pytest.mark.parametrize("text", [
    "The bridge over the Little Brask Canal was designed by Mattis Korrel.",  # another thing's designer
    "The Little Brask Canal was built by Mattis Korrel.",  # another relation
    "The Little Brask Canal was designed by a local engineer.",  # no doer named
])
def test_no_verdict_without_the_asked_things_doer_of_the_asked_relation(text: str) -> None:
    assert _decide("Did Jonas Edvarsen design the Little Brask Canal?", [text, *TEXTS[1:]]) is None


def test_the_report_answers_no_with_the_other_doers_sentence() -> None:
    sids = ["little", "person", "little", "big"]
    claims = [_claim(t, s) for t, s in zip(TEXTS, sids)]
    sources = {s: SourceInfo(source_id=s, title=t, url_or_path=f"https://{s}.example/", domain=f"{s}.example")
               for s, t in zip(sids, TITLES)}
    lead = lead_section(synthesize("Did Jonas Edvarsen design the Little Brask Canal?", claims, sources).markdown)
    assert lead.startswith("No: The Little Brask Canal was designed by the engineer Mattis Korrel"), lead
