"""A news headline in sentence case after a name is about that name (task h153, trial t76 Q12): the page "Skarnel
Pass toll cut as the new tunnel takes the traffic" was read as a longer name opening with "Skarnel Pass"
(``services.synthesizer.offline._page_subject`` gave the whole title, as ``shared.text.terms.title_subject``'s tail
step read only one to three lower-case words after a name), so its "From 1 June 2026 a car pays 6 euros ..." was
about another thing, never led, and "How much does it cost to drive a car over the Skarnel Pass?" said "Not
established"."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.terms import title_subject
from tests.claim_pages import listed_claims, noted_report


def test_a_sentence_case_headline_after_a_name_is_about_the_name() -> None:
    assert title_subject("Skarnel Pass toll cut as the new tunnel takes the traffic", frame=False) == "Skarnel Pass"
    assert title_subject("Fenwold Lido facts", frame=False) == "Fenwold Lido"
    # a title that is a name, or a topic opening in lower case words before a name, gives none
    assert title_subject("Skarnel Pass", frame=False) is None
    assert title_subject("Boating on the Fenwold Canal", frame=False) is None


def test_the_headlines_price_leads() -> None:
    pages = {
        "visit": ("Visiting the Skarnel Pass", [
            "The Skarnel Pass road crosses the ridge between Ulbrig and Dessana.",
            "A toll is charged for cars and motorcycles using the pass road.",
        ]),
        "news": ("Skarnel Pass toll cut as the new tunnel takes the traffic", [
            "The Skarnel Road Authority has cut the toll on the Skarnel Pass road.",
            "From 1 June 2026 a car pays 6 euros instead of 10 euros, and a motorcycle 4 euros instead of 7 euros.",
        ]),
    }
    claims, sources = listed_claims(pages)
    rep, _gate = noted_report("How much does it cost to drive a car over the Skarnel Pass?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "a car pays 6 euros" in lead, lead
