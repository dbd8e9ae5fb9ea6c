"""Task h106 (trial t65w F4; names invented): "Which is higher, A or B, and by how much?" is a choice asked with its
difference. It was read as a "which" question whose relation is "much" (no sentence holds it: held back as
"Not established") and the two heights were never set side by side. It asks the gap "How much higher is A than B?"
(shared.text.synonyms.choice_as_gap): both figures and their difference lead, the higher thing first."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.synonyms import choice_as_gap, said_plainly
from tests.claim_pages import listed_claims, recorded_report

PEAK = ("Tessard Peak", [
    "Tessard Peak is a mountain in the Ormand Range.",
    "A GPS survey in 2019 revised the height of Tessard Peak to 4,120 metres (13,517 ft).",
    "The first ascent was made on 2 July 1879 by Ewan Lidgate and the guide Anton Farr.",
])
MINOR = ("Tessard Minor", [
    "Tessard Minor is a mountain in the Ormand Range, 3 km west of Tessard Peak.",
    "Tessard Minor: elevation 3,705 m (12,156 ft).",
    "The first ascent of Tessard Minor was made on 4 August 1868.",
])
LEAD = ("Tessard Peak is 415 metres higher than Tessard Minor: 4,120 metres [1] against 3,705 m [2]. A GPS survey in "
        "2019 revised the height of Tessard Peak to 4,120 metres (13,517 ft) [1]. Tessard Minor: elevation 3,705 m "
        "(12,156 ft) [2].")


def test_choice_with_its_difference_is_a_gap() -> None:
    q = "Which is higher, Tessard Peak or Tessard Minor, and by how much?"
    assert said_plainly(q) == "How much higher is Tessard Peak than Tessard Minor?"
    assert choice_as_gap(q, swap=True) == "How much higher is Tessard Minor than Tessard Peak?"
    assert choice_as_gap("Which river is longer, the Alva or the Tormey, and by how many kilometres?") == (
        "How many kilometres longer is the Alva than the Tormey?")
    # a choice alone, or a difference asked of one thing, is no such gap
    assert choice_as_gap("Which is higher, Tessard Peak or Tessard Minor?") is None
    assert choice_as_gap("By how much did Tessard Peak's height change?") is None


@pytest.mark.parametrize("question", [
    "Which is higher, Tessard Peak or Tessard Minor, and by how much?",
    # the lower one named first: the higher one still opens the answer
    "Which is higher, Tessard Minor or Tessard Peak, and by how much?",
])
def test_both_heights_and_their_difference_lead(question: str) -> None:
    claims, sources = listed_claims({"a": PEAK, "b": MINOR})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    assert lead_section(rep.markdown) == LEAD
    assert gate.tier == "high"


def test_a_revised_figure_is_no_second_value_of_the_gap() -> None:
    """The page's old figure ("was long given as 4,131 metres"), which a survey's sentence revises ("4,120 metres
    high, 11 metres lower than the 4,131 metres measured in 1890"), is superseded: the gap states no dispute."""
    peak = ("Tessard Peak", [*PEAK[1], "Tessard Peak's height was long given as 4,131 metres (13,553 ft), from the "
                                       "survey of 1890."])
    news = ("New survey makes Tessard Peak 11 metres lower", [
        "A GPS survey carried out in May 2019 has found that Tessard Peak is 4,120 metres high, 11 metres lower than "
        "the 4,131 metres measured in 1890."])
    for q in ("Which is higher, Tessard Peak or Tessard Minor, and by how much?",
              "How much higher is Tessard Peak than Tessard Minor?"):
        claims, sources = listed_claims({"a": peak, "b": MINOR, "c": news})
        rep, gate, _answered, _total = recorded_report(q, claims, sources)
        assert lead_section(rep.markdown) == LEAD
        assert gate.tier == "high"
