"""Task h76 (trial t61 F7): "Is <festival> held in March?" was "Not established" (low) though every source gives the
festival another month ("held every October"); only a look-alike event was held in March. A yes/no question whether
the asked thing happens at a recurring time (a month, a season, a weekday) is answered "No" (medium at most) from
claims about the asked thing giving it another recurring time of that kind, and "Yes" from one giving the asked time.
Invented names (the Pellbury Lantern Fair; the look-alike Old Pellbury Lantern Walk)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

FAIR = "Pellbury Lantern Fair"
HELD = "The Pellbury Lantern Fair is an annual craft fair held every November on the market square of Pellbury."
LOOK_ALIKE = "The Old Pellbury Lantern Walk was held every April along the river until it ended in 1979."
PAGES = {
    "w": (FAIR, [HELD, "The Pellbury Lantern Fair was founded in 1987 by the glassblower Edda Marrow.",
                 "The 37th Pellbury Lantern Fair took place from 14 to 23 November 2025.",
                 "The Pellbury Lantern Fair is not to be confused with the Old Pellbury Lantern Walk."]),
    "o": ("The Old Pellbury Lantern Walk (1950-1979)", [LOOK_ALIKE,
                                                       "The last Lantern Walk took place in April 1979."]),
}


def test_another_month_of_the_asked_thing_answers_no_at_medium() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report("Is the Pellbury Lantern Fair held in April?", claims, sources)
    assert lead_section(rep.markdown).split(" [1]")[0] == f"No: {HELD[:-1]}", rep.markdown
    assert gate.tier == "medium" and gate.signals["other_doer"] == 1.0, gate


def test_the_asked_month_answers_yes() -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report("Is the Pellbury Lantern Fair held in November?", claims, sources)
    assert lead_section(rep.markdown).startswith(f"Yes: {HELD[:-1]}"), rep.markdown


def _decide(question: str, texts: list[str]) -> bool | None:
    decided = decide_yes_no(question, texts, [FAIR] * len(texts), list(range(len(texts))), [False] * len(texts))
    assert decided is not None
    return decided.answer


@pytest.mark.parametrize(("question", "text", "answer"), [
    ("Does the Pellbury Lantern Fair take place on Sundays?",
     "The Pellbury Lantern Fair takes place on Saturdays on the market square.", False),
    ("Does the Pellbury Lantern Fair take place on Saturdays?",
     "The Pellbury Lantern Fair takes place on Saturdays on the market square.", True),
    ("Is the Pellbury Lantern Fair held in summer?", HELD, False),
    ("Is the Pellbury Lantern Fair held in autumn?", HELD, True),
    # a one-off date is no recurring time; the past state says nothing of now; another clause's month is another thing's
    ("Is the Pellbury Lantern Fair held in April?", "The Pellbury Lantern Fair was held on 14 November 2025.", None),
    ("Is the Pellbury Lantern Fair held in April?", "The Pellbury Lantern Fair was held every July until 2008.", None),
    ("Is the Pellbury Lantern Fair held in April?",
     "The Pellbury Lantern Fair is held every November, and its tickets go on sale in April.", False),
    # a one-off event dated in another year is denied already ("Did X open in 1891?" over "opened in 1902")
    ("Did the Pellbury Lantern Fair open in 1985?", "The Pellbury Lantern Fair opened in 1987.", False),
])
def test_recurring_time_of_the_asked_thing(question: str, text: str, answer: bool | None) -> None:
    assert _decide(question, [text]) is answer


@pytest.mark.parametrize(("question", "text"), [
    # a denied clause, and a state asked (not a happening), are left to the other readers
    ("Is the Pellbury Lantern Fair held in April?", "The Pellbury Lantern Fair is not held in November."),
    ("Is the Pellbury Lantern Fair free on Tuesdays?", "The Pellbury Lantern Fair is free on weekdays in November."),
])
def test_no_verdict_from_a_denied_clause_or_an_asked_state(question: str, text: str) -> None:
    decided = decide_yes_no(question, [text], [FAIR], [0], [False])
    assert decided is None or not decided.by_other_time and decided.answer is not False, decided
