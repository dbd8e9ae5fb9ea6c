""""How long" asked of a time something was done or held asks a duration, never a length (task h122, trial t67):
"How long was the mill in commercial use?" was led at high confidence by "The wheel span of ... is 6.1 metres", and
"How long did the <family> operate the mill?" said "Not established" though a page says the family worked the mill
"from 1790 until 1912". A duration question is answered by a claim about the thing and the activity asked that states
one span of two years (the later year less the earlier, said with both years: "122 years (1790–1912)") or a duration
as written ("for over a century"); a lifespan in parentheses, several holders' spans or another activity answer
nothing. Invented mill and family."""

from __future__ import annotations

import pytest

from services.synthesizer.durations import decide_duration, duration_sentence
from shared.report import lead_section
from shared.text.answer import asked_for, attribute_asked
from shared.text.quantity import asked_quantity, asks_duration
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]

MILL: Pages = {
    "h": ("Ollerby Watermill: a history", [
        "Ollerby Watermill is a three-storey timber watermill on the River Tave.",
        "The watermill was built in 1790 by the millwright Amos Crale for the miller Jacob Prentice.",
        "Jacob Prentice (1761-1831) bought the mill pond two years later.",
        "The Prentice family worked the mill for three generations, from 1790 until 1912.",
        "Jacob Prentice ran the mill from 1790 to 1831, his son Ezra Prentice from 1831 to 1874 and Walter Prentice "
        "from 1874 to 1912.",
        "Walter Prentice was the last miller; commercial milling at Ollerby Watermill ended when he retired in 1912.",
        "The waterwheel is 5.2 metres in diameter."]),
    "s": ("Survey of the Ollerby mills", [
        "The wheel span of Ollerby Watermill is 6.1 metres, making it the larger of the two mills.",
        "Feature Last commercial use: Ollerby Watermill 1912, Ollerby Windpump 1890."]),
    "v": ("Ollerby village", ["Ollerby has a church, a green and two mills.", "The village hall opened in 1931."]),
}


@pytest.mark.parametrize("question", [
    "How long was the mill in commercial use?",
    "How long did the Prentice family operate the mill?",
    "For how long did the Prentice family work Ollerby Watermill?",
    "How long has the shop been open?",
    "How long is the museum open on Sundays?",
    "How long was the bridge closed to traffic?",
    "How long were the Prentices in charge of the mill?",
    "How long was the bridge under construction?",
    "How long ago was the mill built?",
    "How long does the battery last?",
])
def test_how_long_of_a_time_done_or_held_asks_a_duration(question: str) -> None:
    assert asks_duration(question)
    assert asked_quantity(question) == ("time",)
    assert asked_for(question) == "the duration asked for"


@pytest.mark.parametrize("question", [
    "How long is the Tave bridge?",
    "How long was the ship?",
    "How long is the running track?",
    "How long does the wall stretch?",
    "How long does the rope need to be?",
    "How long is the trail from Ollerby to Tavemouth?",
])
def test_how_long_of_a_thing_may_ask_a_length(question: str) -> None:
    assert not asks_duration(question)
    assert "length" in asked_quantity(question)


def test_a_duration_disputed_is_said_as_how_long_not_a_length() -> None:
    assert attribute_asked("How long was the mill in commercial use?") == "how long the mill was in commercial use"


def test_a_duration_question_is_never_led_by_a_length() -> None:
    claims, sources = listed_claims(MILL)
    rep, gate, answered, _total = recorded_report("How long was the mill in commercial use?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "metres" not in lead, lead
    # "commercial use" is said by no span's sentence: nothing computes it
    assert gate.tier == "low" and not answered, (gate.tier, lead)


@pytest.mark.parametrize("question", [
    "How long did the Prentice family operate the mill?",
    "For how long did the Prentice family work Ollerby Watermill?",
])
def test_a_span_of_years_of_the_activity_asked_answers_its_duration(question: str) -> None:
    claims, sources = listed_claims(MILL)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("122 years (1790–1912) [1]. The Prentice family worked the mill"), lead
    assert answered and gate.tier in ("medium", "high"), (gate.tier, lead)


def _decided(question: str, *sentences: str, title: str = "Ollerby Watermill") -> tuple[str, tuple[str, str] | None]:
    texts = list(sentences)
    found = decide_duration(question, texts, [title] * len(texts), list(range(len(texts))))
    return (found.amount, found.years) if found is not None else ("", None)


def test_a_duration_stated_is_answered_as_written() -> None:
    assert _decided("How long did the Prentice family operate the mill?",
                    "The Prentice family ran the mill for over a century.") == ("over a century", None)
    assert _decided("How long was the mill in use?", "The mill was in use for 122 years.") == ("122 years", None)
    # every hedge of a figure (shared.text.sizes.HEDGES) qualifies a duration written (task h148, review stop 44 F9)
    for hedge in ("under", "just under", "well over", "close to", "some"):
        assert _decided("How long was the mill in use?", f"The mill was in use for {hedge} ninety years.") == (
            f"{hedge} ninety years", None), hedge


@pytest.mark.parametrize("sentence", [
    "Jacob Prentice (1761-1831) bought the mill pond two years later.",  # a lifespan, no activity's span
    "Jacob Prentice ran the mill from 1790 to 1831, his son Ezra Prentice from 1831 to 1874.",  # whose is asked?
    "The Prentice family restored the mill from 1985 to 1990.",  # another activity
    "The Tave ferry ran from 1790 until 1912.",  # another thing
])
def test_a_span_of_another_thing_or_activity_answers_nothing(sentence: str) -> None:
    assert _decided("How long did the Prentice family operate the mill?", sentence, title="Ollerby notes") == ("", None)


def test_claims_giving_different_durations_decide_nothing() -> None:
    assert _decided("How long was the mill in use?", "The mill was in use from 1790 until 1912.",
                    "The mill was in use between 1801 and 1912.") == ("", None)


def test_the_computed_duration_is_said_with_both_years() -> None:
    found = decide_duration("How long was the mill in use?", ["The mill was in use 1904–22."], ["Ollerby Watermill"],
                            [0])
    assert found is not None and duration_sentence(found, "[2]") == "18 years (1904–1922) [2]."


@pytest.mark.parametrize("sentence", [
    # review stop 43 F15: a span or duration of another clause is another activity's, never the one asked
    "The Vell family operated Tarnby Mill until 1951; the mill was rebuilt between 1850 and 1852.",
    "The Vell family operated Tarnby Mill from 1824; it was closed for two years during the war.",
    "The Vell family operated Tarnby Mill, which was restored in 1990–92.",
    "The Vell family operated Tarnby Mill until 1951, but the mill was rebuilt between 1850 and 1852.",
])
def test_a_span_in_another_clause_is_no_duration_of_the_activity(sentence: str) -> None:
    assert _decided("How long did the Vell family operate Tarnby Mill?", sentence, title="Tarnby Mill") == ("", None)


@pytest.mark.parametrize("sentence", [
    "The Vell family operated Tarnby Mill from 1824 until 1951.",
    "The mill was rebuilt in 1850; the Vell family operated Tarnby Mill from 1824 until 1951.",
    "Tarnby Mill, which the Vell family operated from 1824 until 1951, is now a museum.",
])
def test_a_span_in_the_clause_of_the_activity_answers(sentence: str) -> None:
    assert _decided("How long did the Vell family operate Tarnby Mill?", sentence,
                    title="Tarnby Mill") == ("127 years", ("1824", "1951"))
