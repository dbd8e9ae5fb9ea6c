"""A lead says only the disagreement on what the question asks, and no sentence after it picks one side (issue 9,
trial t39 fault 9): over three pages that disagree on a mill's year, height and builder, "When was the Tavla Mill
built?" leads with the three years alone (the heights are findings), and "How tall is the Tavla Mill?" leads with
the three heights without then stating one of them as fact. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

PAGES = {"s1": ("1790", "18", "Per Ask"), "s2": ("1812", "23", "Jon Brede"), "s3": ("1834", "15", "Ola Fjell")}
TITLES = {"s1": "Tavla Mill", "s2": "Mills of the Tavla valley", "s3": "Tavla Mill history"}


def _claims(contested_years: bool = False) -> list[VerifiedClaim]:
    """Each page's three claims; ``contested_years``: the verifier read each year against the other pages'."""
    claims = []
    for sid, (year, height, builder) in PAGES.items():
        built = local_claim(f"{sid}-0", sid, f"The Tavla Mill was built in {year}.")
        claims += [built.model_copy(update={"verdict": "contested"}) if contested_years else built,
                   local_claim(f"{sid}-1", sid, f"The Tavla Mill is {height} metres tall."),
                   local_claim(f"{sid}-2", sid, f"The Tavla Mill was built by the miller {builder}.")]
    return claims


def _lead(question: str, contested_years: bool = False) -> str:
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    return lead_section(synthesize(question, _claims(contested_years), sources).markdown)


@pytest.mark.parametrize("contested_years", [False, True])
def test_a_when_question_leads_with_the_years_alone(contested_years: bool) -> None:
    lead = _lead("When was the Tavla Mill built?", contested_years)
    assert lead.startswith("The sources disagree"), lead
    assert all(year in lead for year, _h, _b in PAGES.values()), lead
    assert "metres" not in lead, lead
    # no year stated as fact after the disagreement, nor one of the disputed builders
    assert "built in" not in lead and "miller" not in lead, lead


@pytest.mark.parametrize("question", ["How tall is the Tavla Mill?", "What is the height of the Tavla Mill?"])
def test_no_sentence_after_the_disagreement_picks_one_height(question: str) -> None:
    lead = _lead(question)
    assert lead.startswith("The sources disagree"), lead
    assert all(f"{h} metres" in lead for _y, h, _b in PAGES.values()), lead
    assert "metres tall" not in lead, lead
