"""A question naming a thing and where it stands ("the Ormel leather tannery in Castrup") is led by a sentence naming
the thing, not by one naming only the place (another tannery of the town) (services.synthesizer.offline.select_lead),
on invented pages."""

from __future__ import annotations

from services.synthesizer.offline import _place_of_other, select_lead
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    # the other tannery's page is ranked first: its sentence names the town and the founding
    "brede": ("The Brede Tannery", "The Brede Tannery in Castrup was founded in 1830 by Jonas Brede, a tanner "
                                   "from Flanders who settled on the Aller."),
    "ormel": ("The Ormel Tannery", "The Ormel Tannery was founded in 1788 by the trader Marit Ormel, who bought a "
                                   "former grain store."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)
QUESTION = "Who set up the Ormel leather tannery in Castrup?"


def test_a_name_after_in_following_another_name_is_its_place() -> None:
    assert _place_of_other(QUESTION, "Castrup", ["Ormel", "Castrup"])
    assert not _place_of_other(QUESTION, "Ormel", ["Ormel", "Castrup"])
    # a place the question names first is no other thing's place
    assert not _place_of_other("Who was born in Castrup and founded Ormel?", "Castrup", ["Castrup", "Ormel"])


def test_the_sentence_naming_the_asked_thing_leads_before_one_naming_only_its_place() -> None:
    claims = sentence_claims(TEXTS, "brede", "ormel")
    lead = select_lead(QUESTION, claims, [1.0, 0.8], SOURCES)
    assert lead, lead
    assert "Marit Ormel" in claims[lead[0]].text, [claims[i].text for i in lead]
