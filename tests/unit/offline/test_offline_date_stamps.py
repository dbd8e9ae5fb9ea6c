"""A page's date stamp is page metadata, never a claim (task h155): "Published 2025-11-04 by the Gantry Bench lab."
opened two reviews of two products, became two claims labelled "Published", and two pages' publication dates stood
in a lead as "The sources disagree — Published ...: 2025-11-04 [1]; 2025-12-01 [2]." A stamp crediting a lab, a
desk or a forum handle is furniture like one crediting a person; a sentence that goes on is content. Invented
names."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import noise_kind


@pytest.mark.parametrize("sentence", [
    "Published 2025-11-04 by the Gantry Bench lab.",
    "Published 4 November 2025 by the Gantry Bench test lab.",
    "Updated 2025-12-01",
    "Updated 1 December 2025 by the editors.",
    "Posted on December 1, 2025",
    "Posted on 2025-07-19 by kettle_kim99:",
    "Posted by kettle_kim99 on 2025-07-19:",
    "Submitted by Orla Penhale, 19 July 2025.",
])
def test_date_stamps_are_bylines(sentence: str) -> None:
    assert noise_kind(sentence) == "byline"


@pytest.mark.parametrize("sentence", [
    "Updated 1 December 2025: the fee is now 40 EUR.",
    "Published 4 November 2025 by the Gantry Bench lab, the test found the Corliss Tern 2 prints at 200 mm/s.",
    "Published in 1859, the book sold out within a day.",
    "Posted by the council, the plan was approved on 4 May 2024 after two readings.",
])
def test_a_stamp_that_goes_on_is_content(sentence: str) -> None:
    assert noise_kind(sentence) is None


def test_two_reviews_stamps_make_no_claims() -> None:
    first = ("Published 2025-11-04 by the Gantry Bench lab.\n\n"
             "The Corliss Tern 2 is a desktop 3D printer for schools.\n\n"
             "It prints at up to 200 mm/s and weighs 6.1 kg.")
    second = ("Published 2025-12-01 by the Gantry Bench lab.\n\n"
              "The Mowbry Flint 4 prints at up to 180 mm/s and comes with a 2-year warranty.")
    for text in (first, second):
        claims = [c.text for c in extract_claims(text, title="Gantry Bench review")]
        assert claims, text
        assert not any(c.startswith("Published") or "2025-1" in c for c in claims), claims
