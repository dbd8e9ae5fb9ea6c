"""A German ordinal ("aus dem 19. Jahrhundert", "am 3. Mai") is no sentence end: German text holding one is
segmented with pysbd's German rules, so a claim keeps its whole sentence instead of ending at "19." (issue 9,
trial t37 fault 8: "Fotografien aus dem 19 [1]."). English text keeps the English rules."""

from __future__ import annotations

import pytest

from shared.text.tokens import split_sentences


@pytest.mark.parametrize(("text", "expected"), [
    ("Die Sammlung umfasst Netze, Boote und Karten aus dem 18. Jahrhundert. Der Eintritt kostet vier Euro.",
     ["Die Sammlung umfasst Netze, Boote und Karten aus dem 18. Jahrhundert.", "Der Eintritt kostet vier Euro."]),
    ("Die Fähre verkehrte am 14. Oktober 1931 zum ersten Mal. Sie fährt bis heute.",
     ["Die Fähre verkehrte am 14. Oktober 1931 zum ersten Mal.", "Sie fährt bis heute."]),
    ("Das Archiv liegt im 2. Stock des alten Zollhauses. Es ist montags geschlossen.",
     ["Das Archiv liegt im 2. Stock des alten Zollhauses.", "Es ist montags geschlossen."]),
])
def test_a_german_ordinal_ends_no_sentence(text: str, expected: list[str]) -> None:
    found = split_sentences(text)
    assert [s.text for s in found] == expected
    assert all(text[s.start:s.end] == s.text for s in found)


def test_english_text_keeps_the_english_rules() -> None:
    text = "The ferry first sailed in 1931. It still runs from pier no. 2 today. Tickets cost 4 euros."
    assert [s.text for s in split_sentences(text)] == [
        "The ferry first sailed in 1931.", "It still runs from pier no. 2 today.", "Tickets cost 4 euros."]
