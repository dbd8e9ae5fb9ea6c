"""Issue 9, trial t52 fault F7: sentences of a page about X that do not repeat X's name ("We are closed every
Wednesday", "children under five travel free of charge" on "Harlen Island Ferry - Frequently asked questions") answer
for X: riding, taking or using a line named on a day is whether it runs then, as visiting it is
(``shared.text.synonyms.said_plainly``); a sentence naming two age groups is read in the clause of the group asked
(``services.synthesizer.verdicts.band_clause``), so "Do children under five need to pay ...?" is "No" and "Is X free
for children under five?" is "Yes"; a FAQ page's title names X (``shared.text.terms.title_subject``); and a report
noted "Not established" does not repeat the yes/no synthesis's "The verified claims leave this question open; what
they say:" inside its related findings (``services.synthesizer.handlers.note_unanswered``)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import UNDECIDED_TEXT, age_bands, band_clause
from shared.report import lead_section
from shared.text.synonyms import said_plainly
from shared.text.terms import title_subject
from tests.claim_pages import listed_claims, noted_report

FAQ = {"f": ("Harlen Island Ferry - Frequently asked questions", [
    "Does the ferry sail every day?",
    "We are closed every Wednesday, when the engines are serviced.",
    "On all other days the first boat leaves at seven in the morning.",
    "Adults pay three euros for a crossing.",
    "Children from five to twelve pay half price, and children under five travel free of charge.",
    "Dogs are welcome on the open deck.",
])}


def test_riding_or_taking_a_named_line_on_a_day_asks_whether_it_runs_then() -> None:
    assert said_plainly("Can I ride the Orla Tramway on a Sunday?") == "Can one open the Orla Tramway on a Sunday?"
    assert said_plainly("Can we take the Harlen Island Ferry on Wednesdays?").startswith("Can one open the Harlen")
    # one's own things are no line: "take my bike" asks whether bikes are allowed (task h24), not whether a line runs
    assert said_plainly("Can I take my bike on the ferry on Sundays?") == "are bike allowed on the ferry on Sundays?"
    assert said_plainly("Do children need to pay?") == "Do children have to pay?"


def test_a_sentence_naming_two_age_groups_is_read_in_the_clause_of_the_group_asked() -> None:
    text = "Children from five to twelve pay half price, and children under five travel free of charge."
    assert age_bands(text) == [(5, 12), (0, 5)]
    assert band_clause(text, (0, 5)) == "children under five travel free of charge."
    assert band_clause("Children under five go free.", (0, 5)) == "Children under five go free."


def test_a_faq_title_names_its_subject() -> None:
    assert title_subject("Harlen Island Ferry - Frequently asked questions", tail=False, frame=False) \
        == "Harlen Island Ferry"
    assert title_subject("Star Wars: The Force Awakens") is None


@pytest.mark.parametrize(("question", "verdict", "said"), [
    ("Can I take the Harlen Island Ferry on a Wednesday?", "No:", "We are closed every Wednesday"),
    ("Can I ride the Harlen Island Ferry on a Wednesday?", "No:", "We are closed every Wednesday"),
    ("Do children under five need to pay to ride the Harlen Island Ferry?", "No:", "children under five travel free"),
    ("Is the Harlen Island Ferry free for children under five?", "Yes:", "children under five travel free"),
])
def test_the_faq_sentences_answer_for_the_page_subject(question: str, verdict: str, said: str) -> None:
    claims, sources = listed_claims(FAQ)
    rep, gate = noted_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(verdict) and said in lead, rep.markdown
    assert "Not established" not in lead
    assert gate.tier in ("medium", "high"), gate


def test_a_not_established_lead_does_not_repeat_that_the_question_is_open() -> None:
    claims, sources = listed_claims(FAQ)
    rep, gate = noted_report("Are dogs allowed inside the cabin of the Harlen Island Ferry?", claims, sources)
    lead = lead_section(rep.markdown)
    assert gate.tier == "low"
    assert UNDECIDED_TEXT not in rep.markdown, rep.markdown
    assert lead.startswith("Not established: whether what the question states holds. Related findings, not the "
                           "answer: Dogs are welcome on the open deck [1]."), lead
