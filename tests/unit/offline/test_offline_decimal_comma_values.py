"""A figure written with a decimal comma ("187,4 mètres") is one number where its text's language writes decimals so
(CLDR decimal mark, ``shared.units.decimal_mark``), never two numbers nor its first digits: trial t63w q04 "How long
was the ship?" read a French page's "241,3 mètres" as 24, so it was no length beside the encyclopedia's "241.3 m".
"1,200 m" on an English page stays 1200 m. Pages and names made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _values, find_disagreements
from shared.units import english_numbers, plain_number
from tests.claim_pages import listed_claims

PAGES = {
    "enc": ("Quelvard (ship)", ["The Quelvard was 187.4 metres long."]),
    "fr": ("Le paquebot Quelvard", ["Le paquebot Quelvard mesurait 187,4 mètres de long."]),
    "forum": ("Liner trivia thread", ["The Quelvard was 178 metres long."]),
}


@pytest.mark.parametrize(("text", "kind", "expected"), [
    ("Le paquebot Quelvard mesurait 187,4 mètres de long.", "m", {"187.4~0.05": "187,4 mètres"}),
    ("Das Schiff Quelvard war 187,4 Meter lang.", "m", {"187.4~0.05": "187,4 Meter"}),
    ("The Quelvard bridge was 1,200 m long.", "m", {"1200.0~0.5": "1,200 m"}),
    ("The Quelvard was 187.4 metres long.", "m", {"187.4~0.05": "187.4 metres"}),
])
def test_a_figure_is_read_with_the_decimal_mark_of_its_language(text: str, kind: str,
                                                                 expected: dict[str, str]) -> None:
    assert _values(text)[kind] == expected


def test_a_decimal_comma_in_an_english_sentence_is_never_two_numbers() -> None:
    assert _values("The Quelvard was 187,4 m long.") == {}


def test_a_value_already_read_as_written_keeps_its_decimal_comma() -> None:
    assert _values("is 187,4 mètres", other_language=True) == {"m": {"187.4~0.05": "187,4 mètres"}}


def test_the_shared_parser_writes_numbers_as_english_does() -> None:
    assert plain_number("187,4", ",") == "187.4" and plain_number("1,200") == "1200"
    assert english_numbers("mesurait 187,4 mètres, 2.500 tonnes, 1,200 m", ",") == (
        "mesurait 187.4 mètres, 2500 tonnes, 1,200 m")
    assert english_numbers("was 2.500 m", ".") == "was 2.500 m"


def test_the_french_figure_is_the_english_pages_length_against_the_other() -> None:
    claims, sources = listed_claims(PAGES)
    titles = {sid: s.title for sid, s in sources.items()}
    found = find_disagreements(claims, titles)
    assert [(d.kind, d.values) for d in found] == [
        ("m", [(0, "187.4 metres"), (1, "187.4 mètres"), (2, "178 metres")])]


def test_a_claim_opening_with_its_pages_whole_title_gives_the_titles_name_its_figure() -> None:
    # "Il mesurait ..." with the page's title put for the pronoun: the description after the title's comma is the
    # title's, no other thing's name before the figure
    pages = {**PAGES, "fr": ("Le paquebot Quelvard, fierté de Marsac",
                             ["Le paquebot Quelvard, fierté de Marsac mesurait 187,4 mètres de long."])}
    claims, sources = listed_claims(pages)
    titles = {sid: s.title for sid, s in sources.items()}
    found = find_disagreements(claims, titles)
    assert [(d.kind, d.values) for d in found] == [
        ("m", [(0, "187.4 metres"), (1, "187.4 mètres"), (2, "178 metres")])]
