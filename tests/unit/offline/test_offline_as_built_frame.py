"""A figure qualified as of a thing's first state ("As built, the organ had 31 stops", "The hall originally seated
900", "At its opening the line had 12 stations") is a past value: a present-tense question ("How many stops does
X have?") is led by the newer figure of its present state (shared.text.quantity.past_framed,
services.synthesizer.offline.asked_time_lead; trial t74 Q05/x3). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import asked_time_lead, others_figure
from shared.report import lead_section
from shared.text.quantity import past_framed
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "How many stops does the Kellmoor Chapel Organ have?"
HISTORY = ("History of the Kellmoor Chapel Organ", [
    "The Kellmoor Chapel Organ was built in 1881 by Darrow & Finch of Ulsby.",
    "As built, the organ had two manuals and pedals, 31 speaking stops and 1,904 pipes."])
NEWS = ("Kellmoor Chapel Organ returns (15 May 2025)", [
    "After its restoration the Kellmoor Chapel Organ now has 32 stops and 1,960 pipes."])


@pytest.mark.parametrize(("sentence", "framed"), [
    ("As built, the organ had two manuals, 31 speaking stops and 1,904 pipes.", True),
    ("As first built, the organ had 31 stops.", True),
    ("The hall originally seated 900 people.", True),
    ("Originally the line had 12 stations.", True),
    ("At its opening the line had 12 stations.", True),
    ("When new, the ferry carried 400 passengers.", True),
    ("The organ, as built in 1881, has 31 stops.", False),
    ("The hall, originally a chapel, has 640 seats.", False),
    ("Originally built as a barn, the hall now seats 640 people.", False),
])
def test_first_state_frames(sentence: str, framed: bool) -> None:
    assert past_framed(sentence) is framed


def test_asked_time_lead_takes_the_present_figure() -> None:
    texts = [HISTORY[1][1], NEWS[1][0]]
    titles = [HISTORY[0], NEWS[0]]
    assert asked_time_lead(QUESTION, texts, [0], [0, 1], titles=titles, page_years=[None, 2025]) == [1]


@pytest.mark.parametrize("question", [QUESTION, "How many pipes does the Kellmoor Chapel Organ have?"])
def test_the_present_figure_leads(question: str) -> None:
    claims, sources = listed_claims({"h": HISTORY, "n": NEWS})
    rep, _gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("After its restoration the Kellmoor Chapel Organ now has 32 stops and 1,960 pipes"), lead
    assert answered


NAMES = [{"kellmoor", "chapel", "organ"}]


@pytest.mark.parametrize(("sentence", "other"), [
    # a clause of its own whose subject is the asked thing by its head noun ("so the organ now has ...")
    ("Marrable added a new Trumpet stop of 56 pipes, so the organ now has 32 stops and 1,960 pipes.", False),
    # a label of common words before a colon is no name of another thing
    ("Key facts: 2 manuals and pedals; 32 stops; 1,960 pipes.", False),
    # another thing's name, and "the organ" after it is that one's
    ("The Ulsby Minster Organ was enlarged in 1990, so the organ now has 60 stops.", True),
    ("The Solberg Apiary has forty hives.", True),
    ("Ulsby Hall: stops 12.", True),
])
def test_others_figure(sentence: str, other: bool) -> None:
    assert others_figure(sentence, NAMES) is other


def test_the_present_figure_leads_over_the_first_state() -> None:
    # the newer figures' sentences open with a builder's name and with a label (trial t74 Q05/x3)
    texts = [HISTORY[1][1],
             "Marrable added a new Trumpet stop of 56 pipes, so the organ now has 32 stops and 1,960 pipes.",
             "Key facts: 2 manuals and pedals; 32 stops; 1,960 pipes."]
    titles = [HISTORY[0], NEWS[0], "Press kit: the Kellmoor Chapel Organ reopens"]
    assert asked_time_lead(QUESTION, texts, [0], [0, 1, 2], titles=titles) == [1, 2]
