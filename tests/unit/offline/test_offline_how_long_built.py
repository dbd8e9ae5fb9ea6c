""""How long did it take to build X?" is answered from the years of the work a page states (task h137, trial t70
Q02, "Not established" although the corpus said it): a work that "began in 1712 and was completed in 1719, after seven
years of work" took 7 years (1712–1719); "after seven years of work", "in three years of work", "took nine years to
build" state it as written. Invented fort."""

from __future__ import annotations

import pytest

from services.synthesizer.durations import decide_duration
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]

FORT: Pages = {
    "h": ("Fort Ambrey: a history", [
        "Fort Ambrey stands on Gull Head, guarding the mouth of the river Teme.",
        "Construction of the fort began in 1712 and was completed in 1719, after seven years of work by the sappers.",
        "The fort was decommissioned in 1902."]),
    "v": ("Plan your visit", [
        "Fort Ambrey is open daily from May to September.",
        "The last entry is 45 minutes before closing."]),
}


def _decided(question: str, *sentences: str, title: str = "Fort Ambrey") -> tuple[str, tuple[str, str] | None]:
    texts = list(sentences)
    found = decide_duration(question, texts, [title] * len(texts), list(range(len(texts))))
    return (found.amount, found.years) if found is not None else ("", None)


@pytest.mark.parametrize("sentence", [
    "Construction of the fort began in 1712 and was completed in 1719, after seven years of work by the sappers.",
    "Work on the fort started in 1712 and it was finished in 1719.",
])
def test_a_building_begun_one_year_and_completed_another_took_the_years_between(sentence: str) -> None:
    assert _decided("How long did it take to build Fort Ambrey?", sentence) == ("7 years", ("1712", "1719"))


@pytest.mark.parametrize(("sentence", "amount"), [
    ("The fort was completed in 1719 after seven years of work.", "seven years"),
    ("The sappers built the fort in three years of work.", "three years"),
    ("The fort took nine years to build.", "nine years"),
])
def test_years_of_work_stated_are_the_duration_as_written(sentence: str, amount: str) -> None:
    assert _decided("How long did it take to build Fort Ambrey?", sentence) == (amount, None)


@pytest.mark.parametrize(("sentence", "title"), [
    ("The fort was completed in 1719.", "Fort Ambrey"),  # one year: no duration
    ("Construction of the harbour wall began in 1712 and was completed in 1719.", "Teme harbour"),  # another thing
    ("The fort was completed in 1719, seven years after the war.", "Fort Ambrey"),  # a time after an event
    ("Building began in 1712; the fort was completed in 1719 and the harbour wall in 1760.", "Fort Ambrey"),
])
def test_no_span_or_duration_of_the_building_answers_nothing(sentence: str, title: str) -> None:
    assert _decided("How long did it take to build Fort Ambrey?", sentence, title=title) == ("", None)


def test_how_long_it_took_to_build_is_answered_by_the_years_of_the_work() -> None:
    claims, sources = listed_claims(FORT)
    rep, gate, answered, _total = recorded_report("How long did it take to build Fort Ambrey?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("7 years (1712–1719) [1]. Construction of the fort began in 1712"), lead
    assert answered and gate.tier in ("medium", "high"), (gate.tier, lead)
