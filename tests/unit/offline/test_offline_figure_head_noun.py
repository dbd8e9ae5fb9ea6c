"""A wh-question headed by a noun naming a figure ("What is the latest annual passenger figure for ...?", "What is
the visitor total at ...?") asks for a quantity, so the newest dated figure leads rather than being held back as
"not the answer"; "figure" naming a person ("the most famous figure in the painting") does not (issue 9, trial t32
fault 3) (``shared.text.answer.answer_type``, ``services.synthesizer.offline``)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.answer import answer_type
from tests.claim_pages import listed_claims

PAGES = {
    "ferry": ("Hallow Sound ferry", ["The Hallow Sound ferry links Brack and Ulvey.",
                                     "The ferry carried 61,000 passengers in 2020.",
                                     "In 2021 the ferry carried 64,500 passengers."]),
    "news": ("Ferry sets a passenger record", ["The Hallow Sound ferry carried 70,200 passengers in 2023, "
                                               "its busiest year so far."]),
    "island": ("Ulvey", ["Ulvey had 2,310 inhabitants at the 2021 census.",
                         "The island's church was built in 1744."]),
}


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("What is the latest annual passenger figure for the Hallow Sound ferry?", "how_many"),
        ("What is the figure for passengers on the Hallow Sound ferry?", "how_many"),
        ("What is the passenger total of the Hallow Sound ferry?", "how_many"),
        ("Which is the most recent passenger count for the ferry?", "how_many"),
        ("What is the official membership number?", "how_many"),
        ("What is the most famous figure in the painting?", "what"),
        ("What is the key figure of the novel?", "what"),
        ("What figure did the sculptor carve?", "what"),
        ("What is the name of the ferry?", "what"),
    ],
)
def test_a_figure_head_noun_asks_for_a_quantity(question: str, kind: str) -> None:
    assert answer_type(question) == kind


def test_the_latest_figure_question_is_led_by_the_newest_dated_figure() -> None:
    claims, sources = listed_claims(PAGES)
    for question in ("What is the latest annual passenger figure for the Hallow Sound ferry?",
                     "What is the most recent passenger total of the Hallow Sound ferry?"):
        rep = synthesize(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert "70,200" in lead and not lead.startswith("Not established"), lead
        assert not any(x in lead for x in ("61,000", "64,500", "2,310")), lead
        assert report_gate(question, rep, sources, claims).tier != "low"
