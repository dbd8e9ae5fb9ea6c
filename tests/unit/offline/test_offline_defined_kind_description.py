"""A definite description of the kind a page defines its subject by ("Casa Velden is an astronomical observatory
..." then "The observatory's library holds ...") is the page's subject: the claim names it (issue 9,
trial t38 fault 4: "The theatre's permanent collection holds 1,140 marionettes" on "Teatro Brivolo: a short history"
was no claim about the Teatro Brivolo) (``services.claim_extractor.offline``)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims

OPENING = "Casa Velden is an astronomical observatory on a ridge above Sankt Lorenz."


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


@pytest.mark.parametrize(("sentence", "claim"), [
    ("The observatory's library holds 4,200 star charts.", "Casa Velden's library holds 4,200 star charts."),
    ("The observatory has employed 14 astronomers since 1950.", "Casa Velden has employed 14 astronomers since 1950."),
])
def test_the_defined_kind_on_its_page_is_the_subject(sentence: str, claim: str) -> None:
    text = f"{OPENING}\n\nIt was opened in 1911 by Signe Dal.\n\n{sentence}"
    assert texts(text, "Casa Velden: a short history")[-1] == claim


def test_another_noun_stays_a_description() -> None:
    text = f"{OPENING}\n\nThe library holds 4,200 star charts."
    assert texts(text, "Casa Velden")[-1] == "The library holds 4,200 star charts."


def test_another_thing_of_that_kind_introduced_before_stays() -> None:
    text = (f"{OPENING}\n\nSankt Lorenz also has a rival observatory on the lake shore. The observatory was built "
            "in 1952 with money from the town.")
    assert texts(text, "Casa Velden")[-1] == "The observatory was built in 1952 with money from the town."


def test_without_a_defining_sentence_the_description_stays() -> None:
    text = "Casa Velden stands on a ridge above Sankt Lorenz.\n\nThe observatory's library holds 4,200 charts."
    assert texts(text, "Casa Velden")[-1] == "The observatory's library holds 4,200 charts."
