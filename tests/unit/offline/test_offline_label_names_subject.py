"""A lead sentence naming what the question names says itself what it is about: no page title is glued before it
(trial t30 q6: "Membership FAQ: At the end of 2023 the Orlen Hut Association had 12,450 members [1]."). A sentence
that names it not, or opens with a pronoun, keeps the label that says what it is about. Pages made up here
(``services.synthesizer.offline._labelled``)."""

from __future__ import annotations

from services.synthesizer.offline import _labelled, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "faq": ("Membership FAQ", ["At the end of 2024 the Varnö Rowing Club had 318 members.",
                           "Members may borrow the boats on weekdays."]),
    "history": ("Varnö Rowing Club", ["The Varnö Rowing Club was founded in 1911 by the island's pilots."]),
}


def test_a_lead_naming_the_asked_subject_has_no_title_label() -> None:
    claims, sources = listed_claims(PAGES)
    rep = synthesize("How many members does the Varnö Rowing Club have now?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("At the end of 2024 the Varnö Rowing Club had 318 members"), lead
    assert "Membership FAQ:" not in lead, lead


def test_a_sentence_naming_it_not_or_opening_with_a_pronoun_keeps_its_label() -> None:
    claims, sources = listed_claims({
        "faq": ("Membership FAQ", ["The Varnö Rowing Club had 318 members.", "It had 318 members in 2024 in Varnö.",
                               "The boats may be borrowed on weekdays."])})
    named = ["Varnö"]
    assert _labelled(claims[0], sources, named=named) == ""
    assert _labelled(claims[1], sources, named=named) == "Membership FAQ: "  # "It": the title says what it is
    assert _labelled(claims[2], sources, named=named) == "Membership FAQ: "  # names nothing the question names
    assert _labelled(claims[2], sources) == "Membership FAQ: "
