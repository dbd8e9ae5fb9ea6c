"""A "which X was <verb-ed>" question is answered by the sentence stating that act of the thing, not by one only naming
the thing (task h130, trial t67s q07; the names here are invented): "Which kettle was recalled in March 2025?" led with
the news page's price sentence of the right model ("... price drops from 59 EUR to 49 EUR from 1 March 2025") before its
recall sentence (``services.synthesizer.offline.asked_act_lead``)."""

from __future__ import annotations

from services.synthesizer.offline import asked_act_lead
from tests.claim_pages import listed_lead

RECALL = ("2025-03-04 - Brevane has issued a recall notice for Brevane Kettlo 2 kettles made between May and August "
          "2024 (serial numbers starting BK2-24E to BK2-24H).")
PRICE = "Brevane also said the Brevane Kettlo 2's recommended retail price drops from 59 EUR to 49 EUR from 1 March 2025."
PAGES = {
    "news": ("Brevane recalls Kettlo 2 kettles over loose lids", [
        RECALL, "The lid can come loose and spill boiling water.",
        "The smaller Brevane Kettlo is not affected by the recall.", PRICE]),
    "review": ("Brevane Kettlo 2 review", [
        "The Brevane Kettlo 2 is a 1.7-litre kettle with a 3,000 W element.",
        "In March 2025 the Brevane Kettlo 2 cost 59 EUR."]),
}


def test_the_sentence_stating_the_act_asked_leads() -> None:
    lead = listed_lead("Which kettle was recalled in March 2025?", PAGES)
    assert lead.startswith(RECALL[:40]), lead
    lead = listed_lead("Which kettle was recalled in March 2025 and why?", PAGES)
    assert lead.startswith(RECALL[:40]), lead


def test_asked_act_lead() -> None:
    texts = [PRICE, RECALL, "The Brevane Kettlo 2 was launched in 2023."]
    q = "Which kettle was recalled in March 2025?"
    assert asked_act_lead(q, texts, [0, 1], [0, 1, 2]) == [1, 0]
    assert asked_act_lead(q, texts, [1, 0], [0, 1, 2]) == [1, 0]  # the act's sentence leads already
    # the act's sentence among the ranked claims, not in the lead: it leads, the rest after it
    assert asked_act_lead(q, texts, [0], [0, 2, 1]) == [1, 0]
    # no sentence states the act: the lead is kept
    assert asked_act_lead(q, [PRICE, texts[2]], [0, 1], [0, 1]) == [0, 1]
    # "launched" is stated by its own sentence
    assert asked_act_lead("Which kettle was launched in 2023?", texts, [0, 1], [0, 1, 2]) == [2, 0, 1]
    # no "which X was <verb-ed>" question: unchanged
    assert asked_act_lead("How much does the Brevane Kettlo 2 cost?", texts, [0, 1], [0, 1, 2]) == [0, 1]
    assert asked_act_lead("Which kettle is the cheapest?", texts, [0, 1], [0, 1, 2]) == [0, 1]


def test_a_claim_beyond_the_lead_of_another_year_never_leads() -> None:
    texts = ["The Orsa Belle made her maiden voyage in 1932.", "The Orsa Bell was launched in 1930."]
    assert asked_act_lead("Which ship was launched in 1932?", texts, [0], [0, 1]) == [0]
    assert asked_act_lead("Which ship was launched in 1930?", texts, [0], [0, 1]) == [1, 0]
