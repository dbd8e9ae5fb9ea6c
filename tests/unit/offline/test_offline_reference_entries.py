"""Reference-list entries are never claims: entries on their own lines in any of the usual styles, and entries
run into a paragraph's prose; people named with an initial in prose stay claims."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import is_author_head, noise_kind, reference_sections

FACTS = ["The Old Orlen Bridge spans the river Vell.", "Seven arches span the gorge below the town of Orlen."]


@pytest.mark.parametrize("entry", [
    "Smith, J. (2019). The arches of Vell and their builders. Journal of Bridge History 12(3):45-67.",
    "[12] Jones, A. The stone bridges of the northern valleys and their masons. Oxford University Press, 2001.",
    "[3] Miller, Kate. A history of the river crossings of the Vell valley in the middle ages. London, 1998.",
    "Brown, K. and Lee, M. (2015). Deep roots: the foundations of medieval bridges in soft soil. Nature Plants.",
    "1. Harlan P. Bridges and rivers of the north and their long history. Cambridge University Press; 2010.",
    "Vance RJ, Okoro T. Masonry of the river crossings of the Vell valley in the late middle ages. 2012.",
])
def test_an_entry_on_its_own_line_gives_no_claim(entry: str) -> None:
    assert is_author_head(entry) and noise_kind(entry) == "reference"
    text = f"{FACTS[0]} {FACTS[1]}\n{entry}\nThe bridge was widened in 1820 to carry carts and coaches across."
    claims = [c.text for c in extract_claims(text, title="Old Orlen Bridge")]
    # (the description "The bridge" names the page's bridge: services.claim_extractor.offline._resolve_descriptions)
    assert claims == [*FACTS, "The Old Orlen Bridge was widened in 1820 to carry carts and coaches across."]


def test_an_entry_run_into_a_paragraph_gives_no_claim_and_the_prose_around_it_stays() -> None:
    text = ("The Old Orlen Bridge spans the river Vell. It was completed in 1342 by the masons of the town. "
            "Harlan, P. 2010. Bridges and rivers of the north and their long history. Cambridge: Cambridge "
            "University Press. Later the bridge was widened in 1820 to carry carts.")
    spans = reference_sections(text)
    assert [text[s:e] for s, e in spans] == [
        "Harlan, P. 2010. Bridges and rivers of the north and their long history. Cambridge: Cambridge University "
        "Press."]
    claims = [c.text for c in extract_claims(text, title="Old Orlen Bridge")]
    assert claims == ["The Old Orlen Bridge spans the river Vell.",
                      "The Old Orlen Bridge was completed in 1342 by the masons of the town.",
                      "Later the bridge was widened in 1820 to carry carts."]


@pytest.mark.parametrize("sentence", [
    "Aaron B. Rollins (1818 - December 4, 1878) was a member of the New York State Assembly from 1851 to 1853.",
    "Michael J. Lotz is President of Mesa Air Group, joining the Company in July 1998.",
    "Founder L. Ron Hubbard established the policy in the 1950s, in response to criticism.",
    "Paris, France, is where the bridge builders of Orlen trained in 1820.",
    "Smith et al. (2010) showed that stone arches carry more weight than timber ones.",
])
def test_prose_that_names_people_with_initials_is_no_reference(sentence: str) -> None:
    assert not is_author_head(sentence) and noise_kind(sentence) is None
    assert [c.text for c in extract_claims(sentence)] == [sentence]
