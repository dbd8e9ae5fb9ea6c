"""A page of questions and answers is about the thing its title names before the subtitle saying so (task h35 (b),
trial t57 X4): "How many sea otters live at the aquarium?" was led by the opening of its otter enclosure, while the
aquarium's FAQ page ("<Name> - frequently asked questions") counted them, because its claims' subject was read as the
whole title, a longer name opening with the asked one and so another thing. Invented names only."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import page_set

PAGES = {
    "wiki": ("Brenlow Zoo", "Brenlow Zoo is a zoo in Carrick. A penguin enclosure, the Ice Shelf, opened in 2011. "
             "The zoo covers 12 hectares."),
    "faq": ("Brenlow Zoo - frequently asked questions (from the front desk)",
            "There are seven penguins in the Ice Shelf. Feeding time is at noon."),
    "ar": ("Carrick Wildlife Trust Annual Report 2024", "The Ice Shelf now houses seven penguins."),
}


def _lead(question: str) -> str:
    _, _, sources, claims = page_set(PAGES)
    return lead_section(synthesize(question, claims, sources).markdown).strip()


def test_the_faq_page_of_the_asked_thing_counts_for_it() -> None:
    assert _lead("How many penguins live at Brenlow Zoo?") == "There are seven penguins in the Ice Shelf [1]."


def test_a_page_of_a_longer_name_stays_another_thing() -> None:
    pages = {**PAGES, "faq": ("Brenlow Zoo Railway", "There are seven penguins painted on the Brenlow Zoo Railway "
                                                     "engine.")}
    _, _, sources, claims = page_set(pages)
    lead = lead_section(synthesize("How many penguins live at Brenlow Zoo?", claims, sources).markdown).strip()
    # the railway page's seven painted penguins are of another thing: the lead is the zoo's own (its enclosure)
    assert lead == "A penguin enclosure, the Ice Shelf, opened in 2011 [1].", lead


GARDEN = {
    "wiki": ("Pellham Gardens", "Pellham Gardens is a walled garden in Tressock. An orchard, the Long Walk, was planted "
             "in 1862. The garden covers 4 hectares."),
    "notes": ("Pellham Gardens - notes from the head gardener",
              "There are forty beehives in the Long Walk. Pruning starts in February."),
    "ar": ("Tressock Garden Society Annual Report 2024", "The Long Walk now holds forty beehives."),
}


def test_any_lower_case_subtitle_is_no_part_of_the_page_subject() -> None:
    """One rule for a page title's subject (review of stop 38): the synthesizer cuts a subtitle as
    ``shared.text.terms.title_subject`` does for every caller, not only one saying the page is of questions."""
    _, _, sources, claims = page_set(GARDEN)
    lead = lead_section(synthesize("How many beehives are there at Pellham Gardens?", claims, sources).markdown).strip()
    assert lead == "There are forty beehives in the Long Walk [1].", lead
