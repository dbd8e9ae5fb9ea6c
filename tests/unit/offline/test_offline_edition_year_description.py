"""Tests for services.claim_extractor.offline (review of stop 43, F11): on a page titled "<name> <year> - Press
release", a sentence opening "The <noun> ..." with the name's head noun is about that year's edition, and its claim
says so as the text does: "The <year> <name> drew 310 crews." when the text writes "the <year> <name>", else "In
<year> the <name> drew 310 crews." Before, the year was dropped ("The <name> drew 310 crews."), so the figure read
as undated and a question about another year got the edition's figure."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import claim_year
from shared.text.entailment import entailment, framed_year, unsupported_names


def claims(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize("kind", ["Press release", "Press kit"])
def test_the_edition_the_text_writes_keeps_its_year(kind: str) -> None:
    title = f"Ossing Lock Regatta 2023 - {kind}"
    text = (f"{title}\n\nThe 2023 Ossing Lock Regatta was held on 8 July on the river Wenn.\n\n"
            "The regatta drew 310 crews. It is run by about 150 volunteers.\n")
    out = claims(text, title)
    assert "The 2023 Ossing Lock Regatta drew 310 crews." in out, out
    assert not any(c.startswith("The Ossing Lock Regatta drew") for c in out), out
    found = next(c for c in out if "310 crews" in c)
    assert claim_year(found) == 2023


def test_an_edition_the_text_names_only_in_its_title_is_framed_by_its_year() -> None:
    title = "Ossing Lock Regatta 2023 - Press release"
    text = f"{title}\n\nThe Ossing Lock Regatta was held on the river Wenn.\n\nThe regatta drew 310 crews.\n"
    out = claims(text, title)
    assert "In 2023 the Ossing Lock Regatta drew 310 crews." in out, out
    found = next(c for c in out if "310 crews" in c)
    assert framed_year(found) == "2023"


def test_a_subject_without_a_year_is_named_as_before() -> None:
    title = "Ossing Lock Regatta - Press release"
    text = f"{title}\n\nThe Ossing Lock Regatta is held on the river Wenn.\n\nThe regatta drew 310 crews.\n"
    assert "The Ossing Lock Regatta drew 310 crews." in claims(text, title)


@pytest.mark.parametrize("claim", ["The 2023 Ossing Lock Regatta drew 310 crews.",
                                   "In 2023 the Ossing Lock Regatta drew 310 crews."])
def test_the_edition_s_claim_is_supported_by_its_page_s_sentence(claim: str) -> None:
    # the verifier checks the claim against the page's own "The regatta drew 310 crews.": the year is the edition's
    # name, given by the page, as the name itself is
    assert entailment(claim, "The regatta drew 310 crews.").label == "supported"
    assert not unsupported_names(claim, ["The regatta drew 310 crews."])


def test_a_sentence_of_another_year_does_not_support_the_edition_s_claim() -> None:
    assert entailment("The 2023 Ossing Lock Regatta drew 310 crews.",
                      "The regatta drew 310 crews in 2025.").label != "supported"
    assert entailment("In 2023 the Ossing Lock Regatta drew 310 crews.",
                      "The festival drew 310 crews.").label != "supported"
