"""A comparative of a known kind ("longer": a length or a time, "heavier": a mass) compares only figures of that
kind (issue 9, trial t44 fault 1: "Which is longer, the Kestrelberg Rack Railway or the Kestrelberg Funicular?" was
answered "Kestrelberg Funicular is longer: 40 passengers; Kestrelberg Rack Railway: One passenger", tier high). A
count of people, or the "One passenger" of a definition sentence, never decides "longer"; lengths in different units
("7.4 km", "940 m") compare in metres; with no figure of the kind the choice is not decided and the report is not
counted answered (services.synthesizer.verdicts.decide_choice, the confidence gate, the offline judge). Invented
pages in the manner of the trial's corpus."""

from __future__ import annotations

from services.synthesizer.verdicts import Choice, decide_choice
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Which is longer, the Harrowgate Rack Railway or the Harrowgate Funicular?"
COUNTS = {
    "funicular": ("The Harrowgate Funicular", [
        "The Harrowgate Funicular connects the lake promenade with the upper town.",
        "The Harrowgate Funicular: Two cars, each carrying 40 passengers, run on a single track.",
    ]),
    "passengers": ("Harrowgate Rack Railway passengers", [
        "One passenger is counted once per single journey.",
        "The Harrowgate Rack Railway counts its passengers at the valley station.",
    ]),
}
LENGTHS = {
    "railway": ("The Harrowgate Rack Railway", ["The Harrowgate Rack Railway is 7.4 km long."]),
    "line": ("The Harrowgate Funicular", ["The Harrowgate Funicular is 940 m long and overcomes a height difference of 214 m."]),
}


def _choice(pages: dict[str, tuple[str, list[str]]], question: str = QUESTION) -> Choice | None:
    claims, sources = listed_claims(pages)
    texts = [c.text for c in claims]
    titles = [sources[c.source_id].title for c in claims]
    return decide_choice(question, texts, titles, list(range(len(texts))))


def test_longer_is_never_decided_by_counts_of_passengers() -> None:
    assert _choice(COUNTS) is None


def test_longer_is_decided_by_lengths_in_different_units() -> None:
    choice = _choice({**COUNTS, **LENGTHS})
    assert choice is not None
    assert choice.options == ("Harrowgate Rack Railway", "Harrowgate Funicular")
    assert choice.values == ("7.4 km", "940 m")
    assert choice.by_figures


def test_shorter_picks_the_smaller_length_across_units() -> None:
    choice = _choice({**COUNTS, **LENGTHS},
                     "Which is shorter, the Harrowgate Rack Railway or the Harrowgate Funicular?")
    assert choice is not None
    assert choice.options == ("Harrowgate Funicular", "Harrowgate Rack Railway")
    assert choice.values == ("940 m", "7.4 km")


def test_heavier_is_never_decided_by_a_count_of_cars() -> None:
    question = "Which is heavier, the Orsk Locomotive or the Vell Locomotive?"
    cars = {
        "a": ("The Orsk Locomotive", ["The Orsk Locomotive pulls 4 cars."]),
        "b": ("The Vell Locomotive", ["The Vell Locomotive pulls 6 cars."]),
    }
    assert _choice(cars, question) is None
    weights = {
        "a": ("The Orsk Locomotive", [*cars["a"][1], "The Orsk Locomotive weighs 52,000 kg."]),
        "b": ("The Vell Locomotive", [*cars["b"][1], "The Vell Locomotive weighs 110,000 lb."]),
    }
    choice = _choice(weights, question)  # 110,000 lb is about 49,900 kg
    assert choice is not None and choice.options == ("Orsk Locomotive", "Vell Locomotive")
    assert choice.values == ("52,000 kg", "110,000 lb")


def test_a_count_named_by_the_question_still_decides() -> None:
    pages = {
        "a": ("The Orsk Funicular", ["The Orsk Funicular carries 40 passengers per car."]),
        "b": ("The Vell Funicular", ["The Vell Funicular carries 65 passengers per car."]),
    }
    choice = _choice(pages, "Which carries more passengers, the Orsk Funicular or the Vell Funicular?")
    assert choice is not None and choice.options == ("Vell Funicular", "Orsk Funicular")


def test_a_lead_of_counts_is_not_answered_and_the_lengths_lead() -> None:
    claims, sources = listed_claims(COUNTS)
    rep, gate, answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "passengers [" not in lead.split(".")[0]
    assert gate.tier == "low" and not answered and total <= 60

    claims, sources = listed_claims({**COUNTS, **LENGTHS})
    rep, gate, answered, total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Harrowgate Rack Railway is longer: 7.4 km [")
    assert "Harrowgate Funicular: 940 m [" in lead
