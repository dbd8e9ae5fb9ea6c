"""One rule for "the lead's first sentence answers" (the pages here are invented).

A question naming its subject directly and asking a typed value of it (``shared.text.answer.typed_subject``: a date,
a figure, a person, a place) is answered by the lead's first sentence alone: ``lead_answer`` (and the judge through
it) reads the value there, and the synthesizer puts a lead claim stating it first. A question describing its subject
keeps reading the whole lead (its first sentence may be the bridge). After a first sentence stating the value, an
answer of a page of questions to another of its questions, a fragment with no finite verb ("The builder Tamsin Crewe,
in the spring of 1987."), is no more of the answer and leaves the lead.
"""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.text.answer import lead_answer, typed_subject
from shared.text.terms import page_of_questions
from shared.text.verbs import finite_verb
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead


def test_each_typed_question_naming_its_subject_gives_the_name() -> None:
    assert typed_subject("When did the Pellworth Footbridge open?") == "Pellworth Footbridge"
    assert typed_subject("How many arches does the Pellworth Footbridge have?") == "Pellworth Footbridge"
    assert typed_subject("How long is the Pellworth Footbridge?") == "Pellworth Footbridge"
    assert typed_subject("Who designed the Pellworth Footbridge?") == "Pellworth Footbridge"
    assert typed_subject("Where was the Pellworth Footbridge built?") == "Pellworth Footbridge"
    # a described subject (the bridge) and a type of no typed value give none
    assert typed_subject("Who designed the bridge that crosses the river at Pellworth?") is None
    assert typed_subject("When was the town where Osric Vane was born founded?") is None
    assert typed_subject("Is the Pellworth Footbridge open on Sundays?") is None


def test_a_who_or_where_lead_states_its_value_in_its_first_sentence() -> None:
    who = "Who designed the Pellworth Footbridge?"
    late = ("The Pellworth Footbridge crosses the river in one arch of cast iron [1]. It was designed by the engineer "
            "Cosima Threlfall in 1911 [2].")
    assert not lead_answer(who, late).typed
    assert lead_answer(who, "The engineer Cosima Threlfall designed the Pellworth Footbridge in 1911 [2].").typed
    where = "Where was the Pellworth Footbridge built?"
    assert not lead_answer(where, "The Pellworth Footbridge is 42 metres long [1]. It was built at Dunmere [2].").typed
    assert lead_answer(where, "The Pellworth Footbridge was built at Dunmere in 1911 [2].").typed
    # a question describing its subject reads the whole lead: the first sentence is the bridge
    bridged = "Who designed the bridge that crosses the river at Pellworth?"
    assert lead_answer(bridged, "The Pellworth Footbridge crosses the river in one arch [1]. It was designed by "
                                "the engineer Cosima Threlfall [2].").typed


BRIDGE = {"h": local_source("h", "Pellworth Footbridge"), "d": local_source("d", "Cosima Threlfall")}
BRIDGE_CLAIMS = [
    local_claim("h1", "h", "The Pellworth Footbridge crosses the river in one arch of cast iron."),
    local_claim("d1", "d", "The engineer Cosima Threlfall designed the Pellworth Footbridge in 1911."),
]


def test_the_claim_naming_the_designer_leads() -> None:
    rep = synthesize("Who designed the Pellworth Footbridge?", BRIDGE_CLAIMS, BRIDGE)
    assert _lead(rep.markdown) == "The engineer Cosima Threlfall designed the Pellworth Footbridge in 1911 [1].", \
        rep.markdown


KART = {"f": local_source("f", "Marrowgate Kart Track: FAQ")}
KART_CLAIMS = [
    local_claim("f1", "f", "The builder Tamsin Crewe, in the spring of 1987."),
    local_claim("f2", "f", "Nine hundred metres, with twelve corners."),
    local_claim("f3", "f", "Helmets are lent free of charge."),
]


def test_a_fragment_answering_another_question_of_the_page_leaves_the_lead() -> None:
    assert not finite_verb("The builder Tamsin Crewe, in the spring of 1987.")
    assert not finite_verb("Nine hundred metres, with twelve corners.")
    for sentence in ("We're shut on Tuesdays.", "Helmets are lent free of charge.", "The track opened in 1987.",
                     "It hosts nine races a year.", "The builder drew the track."):
        assert finite_verb(sentence), sentence
    assert page_of_questions("Marrowgate Kart Track: FAQ") and page_of_questions("Questions & answers | Marrowgate")
    assert not page_of_questions("Marrowgate Kart Track: the history of the track")
    rep = synthesize("How many corners does the Marrowgate Kart Track have?", KART_CLAIMS, KART)
    assert _lead(rep.markdown) == "Marrowgate Kart Track: FAQ: Nine hundred metres, with twelve corners [1].", \
        rep.markdown
