"""A lead sentence after the answer bears on the question's subject and the attribute asked (issue 9, trial t42
F7): "When did the Korvanne Glass Museum open?" was led right, then padded with the museum's collection size and a
sentence of another page about another institution ("... open studio days ..."). Invented pages."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import page_sources, sentence_claims, split_pages

PAGES = {
    "museum": ("Orsk Lamp Museum",
               "The Orsk Lamp Museum's collection holds about 1,200 lamps, from Roman oil lamps to early electric "
               "bulbs. The Orsk Lamp Museum opened in 1994 in the former post office on the harbour square of Orsk. "
               "The Orsk Lamp Museum received 5,100 visitors in 2023."),
    "works": ("Orsk Lampworks: Annual Report Figures",
              "The figures below count paying visitors to the Orsk lampworks (guided tours, open workshop days and "
              "courses). The Orsk Lampworks was founded in 1881 by Ida Brenn."),
    # a two-hop question's bridge holds the relation of its own hop and stays after the answer
    "foundry": ("Kessel Foundry", "The Kessel Foundry was founded in 1840 by the ironmaster Halvor Tenn."),
    "tenn": ("Halvor Tenn", "Halvor Tenn was born in 1801 in Brask, a fishing village on the west coast. "
                            "Halvor Tenn's collection of tools holds about 300 pieces."),
}
TITLES, TEXTS = split_pages(PAGES)
SOURCES = page_sources(TITLES)


def test_the_answer_is_not_padded_with_the_subjects_other_facts_or_another_things_sentence() -> None:
    claims = sentence_claims(TEXTS, "museum", "works")
    lead = lead_section(synthesize("When did the Orsk Lamp Museum open?", claims, SOURCES).markdown)
    assert lead.startswith("The Orsk Lamp Museum opened in 1994"), lead
    assert "collection" not in lead, lead
    assert "figures below" not in lead, lead
    assert "5,100" not in lead, lead


def test_a_two_hop_bridge_stays_after_the_answer() -> None:
    claims = sentence_claims(TEXTS, "foundry", "tenn")
    lead = lead_section(synthesize("Where was the founder of the Kessel Foundry born?", claims, SOURCES).markdown)
    assert "Brask" in lead, lead
    assert "founded in 1840 by the ironmaster Halvor Tenn" in lead, lead
    assert "300 pieces" not in lead, lead
