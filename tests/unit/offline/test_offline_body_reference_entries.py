"""Trial t54 fault F7 (the entries here are invented): a bibliography entry whose author is a body ("- Marrowby
Harbour Board (1961). *Report of the Inquiry into the loss of the pier in January 1958*. Marrowby.") is cut into
sentences, and none of them gives a claim, its title in italics included; a page of such entries is a reference
list as a whole (``shared.text.noise.reference_sections``, ``page_kind``), which the report names as the reason
nothing is cited."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.text.noise import page_kind, reference_sections

BIBLIOGRAPHY = (
    "# Reading list: the Marrowby pier\n\n"
    "- Quenell, R. (1962). \"The rebuilding of the Marrowby pier\". *Journal of Coastal Works* 8: 11–29.\n"
    "- Marrowby Harbour Board (1961). *Report of the Inquiry into the loss of the pier in January 1958*. Marrowby.\n"
    "- Fellgate, T. (1999). *Piers of the eastern coast*. Harwick: Tidemark Press.\n")


def test_a_bodys_entry_gives_no_claim_and_the_page_is_a_reference_list() -> None:
    claims = [c.text for c in extract_claims(BIBLIOGRAPHY, title="Reading list: the Marrowby pier")]
    assert claims == []
    entry = BIBLIOGRAPHY.index("- Marrowby Harbour Board")
    assert any(s <= entry and BIBLIOGRAPHY.index("Marrowby.\n") < e for s, e in reference_sections(BIBLIOGRAPHY))
    assert page_kind(BIBLIOGRAPHY) == "reference"


def test_a_list_item_stating_something_after_a_year_stays_a_claim() -> None:
    text = ("Marrowby pier\n\n- The pier was rebuilt in 1962 after the storm of January 1958 destroyed it.\n"
            "- Marrowby Harbour Board (1961) said the old pier could not be saved and ordered a new one.\n")
    claims = [c.text for c in extract_claims(text, title="Marrowby pier")]
    # (the list marker is no word of the claim: task h56)
    assert claims == ["The pier was rebuilt in 1962 after the storm of January 1958 destroyed it.",
                      "Marrowby Harbour Board (1961) said the old pier could not be saved and ordered a new one."]
