""""How long does X last?" and "How long did it take to build X?" are answered only by a duration of the activity
asked (review of stop 44, F1 and F7): a lasting word ("lasts", "lasted", "runs for", "took") or a word of the
building ("built", "construction", "completed", "after seven years of work") stated with the duration, in its own
phrase. Any other duration written about X ("has been held for 120 years", ", built of iron, carried trains for 90
years") is its history or age, no answer. A work "began ... completed" only when the start is the work's own
("Construction began in 1880 and the viaduct opened in 1884"), not another act of the subject ("began her career in
1990 and completed her doctorate in 1996"). Invented fair, viaduct, siege and scholar."""

from __future__ import annotations

import pytest

from services.synthesizer.durations import decide_duration
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

LASTS = "How long does the Brackwater Fair last?"
BUILT = "How long did it take to build the Tollmere Viaduct?"
SIEGE = "How long did the siege of Carrowdun last?"


def _decided(question: str, sentence: str, title: str = "") -> tuple[str, tuple[str, str] | None]:
    found = decide_duration(question, [sentence], [title], [0])
    return (found.amount, found.years) if found is not None else ("", None)


@pytest.mark.parametrize(("question", "sentence"), [
    # the thing's age or history: no length of the fair itself
    (LASTS, "The Brackwater Fair has been held on the green at Brackwater for 120 years."),
    # the viaduct's service, with "built" only in an aside describing it
    (BUILT, "The Tollmere Viaduct, built of wrought iron, carried trains for 90 years."),
    # the viaduct's service, in the clause after its building year
    (BUILT, "The Tollmere Viaduct was built in 1880 and carried trains from 1884 to 1974."),
    # a siege "began" and walls "completed": two acts, and no lasting of the siege
    (SIEGE, "The siege of Carrowdun began in 1643 and the town was finally completed with new walls in 1650."),
    # the scholar began one thing and completed another: no span of either
    ("How long did it take Mara Quillan to complete her doctorate?",
     "Mara Quillan began her career in 1990 and completed her doctorate in 1996."),
    # years of hard labour are a sentence served, no work on the viaduct
    (BUILT, "The Tollmere Viaduct's first builder was released after ten years of hard labour."),
])
def test_a_duration_of_another_activity_answers_no_take_or_last_question(question: str, sentence: str) -> None:
    assert _decided(question, sentence) == ("", None)


@pytest.mark.parametrize(("question", "sentence", "decided"), [
    (LASTS, "The Brackwater Fair lasts three days.", ("three days", None)),
    (LASTS, "The Brackwater Fair runs for three days each August.", ("three days", None)),
    (SIEGE, "The siege of Carrowdun lasted from 1643 to 1650.", ("7 years", ("1643", "1650"))),
    (SIEGE, "The siege of Carrowdun lasted almost seven years.", ("almost seven years", None)),
    (BUILT, "The Tollmere Viaduct was built between 1880 and 1884.", ("4 years", ("1880", "1884"))),
    (BUILT, "Construction of the Tollmere Viaduct began in 1880 and the viaduct opened in 1884.",
     ("4 years", ("1880", "1884"))),
    (BUILT, "The Tollmere Viaduct was begun in 1880 and completed in 1884.", ("4 years", ("1880", "1884"))),
    (BUILT, "The Tollmere Viaduct took four years to build.", ("four years", None)),
    (BUILT, "The Tollmere Viaduct was completed in 1884 after four years of work.", ("four years", None)),
    (BUILT, "The Tollmere Viaduct was under construction for four years and carried trains from 1884 to 1974.",
     ("four years", None)),
])
def test_a_duration_of_the_activity_asked_answers(question: str, sentence: str,
                                                  decided: tuple[str, tuple[str, str] | None]) -> None:
    assert _decided(question, sentence) == decided


def test_a_fairs_age_is_no_confident_answer_to_how_long_it_lasts() -> None:
    claims, sources = listed_claims({"f": ("Brackwater Fair", [
        "The Brackwater Fair is a one-day agricultural fair on the green at Brackwater.",
        "The Brackwater Fair has been held on the green at Brackwater for 120 years."])})
    rep, gate, _answered, _total = recorded_report(LASTS, claims, sources)
    lead = lead_section(rep.markdown)
    assert "120 years" not in lead or gate.tier == "low", (gate.tier, lead)


def test_a_viaducts_years_of_service_are_no_confident_answer_to_how_long_it_took_to_build() -> None:
    claims, sources = listed_claims({"v": ("Tollmere Viaduct", [
        "The Tollmere Viaduct crosses the Sedge valley on 14 arches.",
        "The Tollmere Viaduct, built of wrought iron, carried trains for 90 years."])})
    rep, gate, _answered, _total = recorded_report(BUILT, claims, sources)
    lead = lead_section(rep.markdown)
    assert "90 years" not in lead or gate.tier == "low", (gate.tier, lead)


@pytest.mark.parametrize("sentence", [
    "The Brackwater Fair has run for 120 years.",
    "The Brackwater Fair has been running for 120 years.",
    "The Brackwater Fair has taken place on the green for 120 years.",
])
def test_how_long_a_fair_has_run_is_its_age_not_how_long_it_lasts(sentence: str) -> None:
    assert _decided(LASTS, sentence) == ("", None)
