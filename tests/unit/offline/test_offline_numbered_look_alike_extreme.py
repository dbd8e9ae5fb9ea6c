"""A numbered look-alike of the asked place holds none of its things, and a figure of the extreme thing is said
grammatically (task h142).

"What is the horsepower of the most powerful engine at <Station>?" led at high confidence with "Engine <E> is the
horsepower of the most powerful engine at <Station>: 240 hp.": (1) the winning table row was of an engine at
"<Station> No. 2", another station whose name holds the asked one; "No. 2" (a numbering word and its number) was no
mark of another thing, so the row passed as the asked station's, and the superlative ranked the engines of both
stations; (2) the sentence grafted the question's phrase onto the winner. A name followed by "No." and a number is
another thing of the name's kind (``shared.text.terms.variant_suffix``); a superlative ranking things at a named
place ranks none of a look-alike's; the figure of the extreme thing is said "The most powerful engine at <Station>
is <E>, at 180 hp." Invented mill and engines.
"""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_extreme, extreme_sentence
from shared.report import lead_section
from shared.text.terms import marked_look_alike, variant_suffix
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

ROWS = ("Engine Brutus: mill Ketterby Mill No. 2, built 1890, power 240 hp",
        "Engine Sabrina: mill Ketterby Mill, built 1861, power 120 hp",
        "Engine Aurelia: mill Ketterby Mill, built 1874, power 165 hp")


@pytest.mark.parametrize("name", ["Ketterby Mill No. 2", "Ketterby Mill Number 3", "Ketterby Mill Nr. 4"])
def test_a_numbered_name_is_a_look_alike(name: str) -> None:
    assert marked_look_alike(["ketterby", "mill"], tokenize(name))
    assert variant_suffix(tokenize(name)[2:])


def test_a_name_alone_or_running_on_is_no_numbered_look_alike() -> None:
    assert not marked_look_alike(["ketterby", "mill"], ["ketterby", "mill"])
    assert not marked_look_alike(["ketterby", "mill"], ["ketterby", "mill", "trust"])
    assert not variant_suffix(["no"])


@pytest.mark.parametrize("question", [
    "What is the horsepower of the most powerful engine at Ketterby Mill?",
    "Which engine is the most powerful at Ketterby Mill?",
])
def test_the_extreme_ranks_only_the_asked_places_things(question: str) -> None:
    texts = list(ROWS)
    found = decide_extreme(question, texts, ["Comparing the engines of Ketterby Mill and Ketterby Mill No. 2"] * 3,
                           [0, 1, 2])
    assert found is not None and found.names == ("Aurelia",) and found.values == ("165 hp",), found


def test_a_figure_of_the_extreme_thing_is_said_with_the_superlative_as_subject() -> None:
    question = "What is the horsepower of the most powerful engine at Ketterby Mill?"
    found = decide_extreme(question, list(ROWS), [""] * 3, [0, 1, 2])
    assert found is not None
    assert extreme_sentence(found, ["[1]"]) == "The most powerful engine at Ketterby Mill is Aurelia, at 165 hp [1]."


def test_the_lead_answers_with_the_asked_mills_engine() -> None:
    question = "What is the horsepower of the most powerful engine at Ketterby Mill?"
    claims, sources = listed_claims({
        "s1": ("Comparing the engines of Ketterby Mill and Ketterby Mill No. 2", list(ROWS)),
        "s2": ("Aurelia: the second engine at Ketterby Mill",
               ["Aurelia is rated at 165 horsepower, making it the most powerful engine at Ketterby Mill."]),
    })
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Brutus" not in lead.split(".")[0] and "240" not in lead.split(".")[0], lead
    assert "165" in lead and "is the horsepower of" not in lead, lead
