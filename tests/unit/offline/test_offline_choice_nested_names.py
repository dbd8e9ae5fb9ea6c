"""A choice between two things one of whose names ends the other's ("Which is longer, the Brask Canal or the Little
Brask Canal?") reads "The Little Brask Canal is 5.1 kilometres long" as the Little Brask Canal's figure only, so the
figures decide it and the lead opens with the choice (issue 9, trial t50 fault 8, task f50g: q5 led with both lengths
and no choice). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_choice
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import page_claim as _claim

TEXTS = ["The Brask Canal is 54 kilometres long and has 23 locks.",
         "The Brask Canal opened to traffic on 3 April 1809.",
         "The Little Brask Canal is 5.1 kilometres long and has 2 locks.",
         "The Little Brask Canal opened on 9 June 1904."]
TITLES = ["Brask Canal", "Brask Canal", "Little Brask Canal", "Little Brask Canal"]


@pytest.mark.parametrize(("question", "winner", "values"), [
    ("Which is longer, the Brask Canal or the Little Brask Canal?", "Brask Canal", ("54 kilometres", "5.1 kilometres")),
    ("Which is shorter, the Little Brask Canal or the Brask Canal?", "Little Brask Canal",
     ("5.1 kilometres", "54 kilometres")),
    ("Which opened first, the Brask Canal or the Little Brask Canal?", "Brask Canal", ("3 April 1809", "9 June 1904")),
])
def test_a_name_inside_the_others_name_does_not_take_its_figures(question: str, winner: str,
                                                                 values: tuple[str, str]) -> None:
    choice = decide_choice(question, TEXTS, TITLES, list(range(len(TEXTS))))
    assert choice is not None and choice.options[0].removeprefix("the ") == winner, choice
    assert choice.values == values, choice


def test_the_lead_opens_with_the_choice() -> None:
    sids = ["big", "big", "little", "little"]
    claims = [_claim(t, s) for t, s in zip(TEXTS, sids)]
    sources = {s: SourceInfo(source_id=s, title=t, url_or_path=f"https://{s}.example/", domain=f"{s}.example")
               for s, t in zip(sids, TITLES)}
    lead = lead_section(synthesize("Which is longer, the Brask Canal or the Little Brask Canal?", claims,
                                   sources).markdown)
    assert lead.startswith("Brask Canal is longer: 54 kilometres [1]; Little Brask Canal: 5.1 kilometres [2]."), lead
