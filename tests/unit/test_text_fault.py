"""contracts.commands.text_fault: why a text cannot be stored, naming the offending character."""

from __future__ import annotations

import pytest

from contracts.commands import text_fault


@pytest.mark.parametrize(("text", "expected"), [
    ("Who founded it?\x07", "contains control characters (the first: U+0007 at character 16)"),
    ("a\x00b", "contains control characters (the first: U+0000 at character 2)"),
    ("tab\tnew\nline\r", None),
    ("plain text", None),
    ("bad \ud800 surrogate", "is not valid Unicode text (lone surrogate)"),
])
def test_text_fault_names_the_first_bad_character(text: str, expected: str | None) -> None:
    assert text_fault(text) == expected
