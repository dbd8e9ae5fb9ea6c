"""An "older" / "younger" choice whose pages give ages as durations ("120 million years old", "age 38 million
years") is decided on them: the older has the larger age (issue 9, trial t39 fault 6: "Which crater is older,
Dravik or Lunsa?" said "Not established"). An age of one option and a date of the other are never compared, and
options the question names without their kind noun ("Which lake is older, Tamsin or Hesk?") are the pages' "Tamsin
Lake" and "Hesk Lake" (services.synthesizer.verdicts.decide_choice, services.synthesizer.offline.synthesize).
Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import Choice, decide_choice
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import page_set, recorded_report, sentence_claims

PAGES = {
    "tamsin": ("Tamsin Lake", "Tamsin Lake is a glacial lake in the Orvel hills. Tamsin Lake is about 12,000 years "
                              "old."),
    "hesk": ("Lakes of the Orvel hills", "Lake table: Hesk Lake: area 3.1 km2, age 9,500 years, first mapped 1788."),
    "brask": ("Brask Lake", "Brask Lake was formed in 1902 when the Brask dam was built."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def _decide(question: str, claims: list[VerifiedClaim]) -> Choice | None:
    return decide_choice(question, [c.text for c in claims], [SOURCES[c.source_id].title for c in claims],
                         list(range(len(claims))))


@pytest.mark.parametrize("question, winner", [
    ("Which is older, Tamsin Lake or Hesk Lake?", "Tamsin Lake"),
    ("Which is younger, Tamsin Lake or Hesk Lake?", "Hesk Lake"),
    ("Which lake is older, Tamsin or Hesk?", "Tamsin Lake"),
])
def test_ages_as_durations_decide_an_age_choice(question: str, winner: str) -> None:
    choice = _decide(question, sentence_claims(TEXTS, "tamsin", "hesk"))
    assert choice is not None
    assert choice.options[0] == winner
    assert choice.by_figures is True
    assert {v for v in choice.values} == {"12,000 years old", "age 9,500 years"}
    lead = lead_section(synthesize(question, sentence_claims(TEXTS, "tamsin", "hesk"), SOURCES).markdown)
    first = lead.split(" [2]")[0]  # the decided choice: the winner named first, its age beside it
    assert "Not established" not in lead and first.index(winner) < first.index(choice.options[1]), lead


@pytest.mark.parametrize("question", ["Which is older, Tamsin Lake or Hesk Lake?", "Which lake is older, Tamsin or Hesk?"])
def test_the_gate_reads_ages_as_durations_as_the_options_held(question: str) -> None:
    # the gate's options_held (services.synthesizer.confidence) reads an age as a figure of a choice by age, as a date
    report, gate, answered, _total = recorded_report(question, sentence_claims(TEXTS, "tamsin", "hesk"), SOURCES)
    assert "relation_missing" not in gate.signals and "not_established" not in gate.signals, gate.signals
    assert not lead_section(report.markdown).startswith("Not established"), report.markdown


def test_an_age_and_a_date_are_never_compared() -> None:
    claims = sentence_claims(TEXTS, "tamsin", "brask")
    assert _decide("Which is older, Tamsin Lake or Brask Lake?", claims) is None
