"""The shopping domain's models of one line: a sentence writing a name ending in a model number followed by a
capitalised word of its own ("Ostrelle K4 Tandem") does not write the asked model ("Ostrelle K4"), so its figures
are not filed in that model's row (trial t72s q25/q04: a look-alike's figures shown as a disagreement of the asked
model's sources): services.domain_shopping.offline.written_at with the text as written. Invented coffee grinders."""

from __future__ import annotations

from services.domain_shopping.offline import written_at


def test_the_shopping_domain_reads_a_longer_models_sentence_as_not_writing_the_asked_one() -> None:
    text = "The Ostrelle K4 Tandem weighs 4.9 kg."
    assert written_at(text.lower(), "Ostrelle K4", text) == []
    assert written_at(text.lower(), "Ostrelle K4") != []  # lower case alone cannot tell
    own = "The Ostrelle K4 weighs 1.8 kg; Ostrelle K4 Review; the Ostrelle K4 Burr Grinder."
    assert len(written_at(own.lower(), "Ostrelle K4", own)) == 3
