"""Task h46 item 3 (the pages here are invented): a count given of a named part of the asked place, the part named
for what it houses ("The Seal Bay is home to six harbour seals." on the Dunmarrow Wildlife Park's page), counts them
for the place: "How many harbour seals does the Dunmarrow Wildlife Park have?" led that sentence but was held back
as another named thing's figure (names_missing, "Not established"); so was any question over a page titled "Name -
Section", whose section a name finder read into the name ("Dunmarrow Wildlife Park Animals")."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import chain_features, housed_part_lead
from shared.text.terms import title_parts
from tests.claim_pages import listed_claims, recorded_report

TITLE = "Dunmarrow Wildlife Park - Animals"
PARK = "Dunmarrow Wildlife Park is a wildlife park on the moors above the town of Dunmarrow."
SEALS = "The Seal Bay is home to six harbour seals."


def _lead_and_tier(question: str, sentences: list[str], title: str = TITLE) -> tuple[str, str]:
    claims, sources = listed_claims({"p": (title, sentences)})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_a_titles_section_after_a_spaced_separator_is_no_part_of_the_name() -> None:
    assert title_parts(TITLE) == ["Dunmarrow Wildlife Park", "Animals"]
    assert title_parts("Star Wars: The Force Awakens") == ["Star Wars: The Force Awakens"]
    assert title_parts("Kessin Tower | Visit Halvik") == ["Kessin Tower", "Visit Halvik"]
    question = "How many harbour seals live at the Dunmarrow Wildlife Park?"
    features = chain_features(question, SEALS[:-1] + " [1].", {1: TITLE}, {1: SEALS}, (), ())
    assert features["chain_names"] == 1.0 and features["relation_names"] == 1.0, features


@pytest.mark.parametrize("question", [
    "How many harbour seals live at the Dunmarrow Wildlife Park?",
    "How many harbour seals does the Dunmarrow Wildlife Park have?",
])
def test_the_part_named_for_the_seals_counts_them_for_the_park(question: str) -> None:
    assert _lead_and_tier(question, [PARK, SEALS]) == ("The Seal Bay is home to six harbour seals [1].", "high")


def test_a_part_not_named_for_them_or_on_another_places_page_counts_nothing_for_it() -> None:
    question = "How many harbour seals does the Dunmarrow Wildlife Park have?"
    lead = "The Seal Bay is home to six harbour seals [1]."
    assert housed_part_lead(question, lead, {1: TITLE})
    assert not housed_part_lead(question, lead, {1: "Carrow Sea Life Centre - Animals"})
    assert not housed_part_lead(question, "The Rock Pool is home to six harbour seals [1].", {1: TITLE})
    assert not housed_part_lead(question, "The Seal Bay has six harbour seals [1].", {1: TITLE})
    assert _lead_and_tier(question, [PARK, "The Rock Pool is home to six harbour seals."]) == (
        "Not established: the number of harbour seals asked for. Related findings, not the answer: The Rock Pool is "
        "home to six harbour seals [1].", "low")
