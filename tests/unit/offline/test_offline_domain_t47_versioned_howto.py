"""Domain detection of "How do I X with <name> version N" (issue 15, trial t47 fault 2): "How do I validate an
IBAN and get its country code with ibanwarden version 2?" was planned as a general question (one sentence, no
code), because "ibanwarden" is not spelt like an identifier. A package-like name (no plain English word) followed
by a release number ("version 2", "v2", "2.x", "1.4") is of something released in versions: the how-to question is
a code question. A general how-to question, with or without a word after "with", stays general."""

from __future__ import annotations

import pytest

from services.planner.offline import _classify_domain, plan
from shared.text.packages import package_names


@pytest.mark.parametrize(
    "question",
    [
        "How do I validate an IBAN and get its country code with ibanwarden version 2?",
        "How do I validate an IBAN with ibanwarden v2?",
        "How can I parse a date with kefir 2.x?",
        "how to read an EXIF tag with photarn 1.4",
        "How do I check a VAT number with vatwarden release 3?",
    ],
)
def test_a_how_to_question_with_a_versioned_package_like_name_is_a_code_question(question: str) -> None:
    assert _classify_domain(question) == "code"
    assert plan(question).domain == "code"


@pytest.mark.parametrize(
    "question",
    [
        "How do I descale a kettle?",
        "How do I descale a kettle with vinegar?",
        "How do I make kombucha with kefir?",
        "How do I brew tea with matcha?",
        "How do I make bread with sourdough version 2 of the recipe?",
        "How do I update my car with firmware version 2?",
        "How do I build a castle with lego version 2?",
        "How do I validate an IBAN?",
    ],
)
def test_a_general_how_to_question_stays_general(question: str) -> None:
    assert _classify_domain(question) == "general"


def test_the_versioned_name_is_the_package_asked_about_and_no_other_word_is() -> None:
    assert package_names("How do I validate an IBAN and get its country code with ibanwarden version 2?") \
        == ["ibanwarden"]
    assert package_names("How do I make kombucha with kefir?") == []
