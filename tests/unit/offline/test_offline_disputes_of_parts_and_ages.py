"""Which disagreements a lead says: a choice by age ("built first", "older") is disputed only by its options'
dates, never by two depths of a well on another page; a question asking two things in one sentence ("When was it
founded and who founded it?") is disputed on the values each part asks (services.synthesizer.offline.synthesize,
services.synthesizer.confidence.answer_disputed), on invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import answer_disputed
from services.synthesizer.offline import Disagreement, synthesize
from shared.report import lead_section
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    "hall": ("The Dunmere rope walk", "The Dunmere rope walk was built in 1792 on the east quay."),
    "loft": ("The Carrow sail loft", "The Carrow sail loft was built in 1835 above the fish market."),
    "well_a": ("Dunmere harbour", "The harbour well is 18 metres deep."),
    "well_b": ("Dunmere harbour guide", "The harbour well is 23 metres deep."),
    "orl_a": ("The Pelling Works", "The Pelling Works was founded in 1801 by Abel Strand."),
    "orl_b": ("Pelling Works history", "The Pelling Works was founded in 1809 by Mara Quill."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_a_choice_by_age_is_not_disputed_by_another_things_sizes() -> None:
    question = "Which was built first, the Dunmere rope walk or the Carrow sail loft?"
    lead = lead_section(synthesize(question, sentence_claims(TEXTS, "hall", "loft", "well_a", "well_b"),
                                   SOURCES).markdown)
    assert "18 metres" not in lead and "23 metres" not in lead, lead
    assert "1792" in lead and "1835" in lead, lead
    sizes = Disagreement(kind="metres", values=[(2, "18 metres"), (3, "23 metres")])
    years = Disagreement(kind="year", values=[(0, "1792"), (1, "1835")])
    assert answer_disputed(question, sizes) is False
    assert answer_disputed(question, years) is True
    # a choice by size is still disputed by sizes
    assert answer_disputed("Which is deeper, the harbour well or the quay well?", sizes) is True


def test_a_question_of_two_parts_says_the_disputes_of_both() -> None:
    question = "When was the Pelling Works founded and who founded it?"
    lead = lead_section(synthesize(question, sentence_claims(TEXTS, "orl_a", "orl_b"), SOURCES).markdown)
    assert "1801" in lead and "1809" in lead, lead
    assert "Abel Strand" in lead and "Mara Quill" in lead, lead
    assert lead.count("disagree") >= 2, lead
