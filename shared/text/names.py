"""The shape of a person's name as a page writes it, one pattern for every reader of names (no model).

:data:`NAME_PARTICLE` is the lower-case particle a surname may carry ("Odo van Brant", "Rhea du Pont", "Ana de la
Cruz" reads "de" then "la"); :data:`PERSON_NAME` is one to four capitalised words, a particle allowed before each
word after the first ("Ilse Varga", "Odo van Brant"). Both are regular-expression source strings without groups, to be embedded in a caller's
pattern.
"""

from __future__ import annotations

__all__ = ["NAME_PARTICLE", "PERSON_NAME"]

#: a surname's particle, one lower-case word ("van", "von", "der", "de", "du", "la" ...), longest alternatives first
NAME_PARTICLE = r"(?:van|von|der|den|del|de|da|di|du|le|la)"
#: a person's name: one to four capitalised words (apostrophes and hyphens inside a word), a particle of
#: :data:`NAME_PARTICLE` allowed before each word after the first ("Odo van Brant", "Rhea du Pont")
PERSON_NAME = rf"[A-Z][\w'’-]+(?:\s+(?:{NAME_PARTICLE}\s+)?[A-Z][\w'’-]+){{0,3}}"
