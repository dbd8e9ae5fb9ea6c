"""German nouns told from names, and compound nouns read by their parts (no model).

German writes every noun with a capital letter, so a capitalised word of a German question ("Fährverbindung",
"Partnerstadt", "Markt") is no name the way "Kelby" is: :func:`common_noun` says whether a word is a German word
of the language's lexicon (``simplemma``'s German dictionary, or a compound of such words) rather than a name. A
compound ("Fährverbindung", "Fährgesellschaft") is split into its parts by the lexicon (:func:`compound_parts`:
the longest known word that ends it, then its first part, known alone or with a linking "s" / "e" / "n" dropped
or an "e" added: "Fähr" -> "Fähre"), and :func:`same_noun` matches a compound with a word for one of its parts
("Fährverbindung" / "Fähre"), compared by their Snowball stems (PyStemmer). Only German is read so; every function
here is False / () for another language. Deterministic; never raises.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import simplemma

from shared.text.synonyms import snowball_stem
from shared.text.tokens import ARTICLES

__all__ = ["common_noun", "common_nouns_only", "compound_head", "compound_parts", "held_nouns", "same_noun", "NEAR_SYNONYMS_DE",
           "NEAR_MODIFIERS_DE", "PART_MIN", "HEAD_MIN", "DE_DETERMINERS"]

#: the fewest letters the first part of a compound has ("Fähr" of "Fährverbindung"; no "Ei" of "Eisenbahn")
PART_MIN = 4
#: the fewest letters the last part (the head) of a compound has ("Stadt" of "Partnerstadt"; no "ling" of a name
#: "Kessling")
HEAD_MIN = 5


@lru_cache(maxsize=16384)
def _known(word: str) -> bool:
    """Whether ``word`` (as written, or with a capital first letter: a noun) is in the German lexicon."""
    if len(word) < 2:
        return False
    return bool(simplemma.is_known(word, lang="de") or simplemma.is_known(word[:1].upper() + word[1:], lang="de"))


def _known_part(part: str) -> str | None:
    """``part`` as the German word it is, or the word it is with a linking letter dropped ("Schifffahrts" ->
    "Schifffahrt") or an "e" added ("Fähr" -> "Fähre"); None when none is known."""
    for word in (part, part.removesuffix("s"), part.removesuffix("es"), part.removesuffix("n"),
                 part.removesuffix("en"), part + "e"):
        if len(word) >= PART_MIN - 1 and _known(word):
            return word
    return None


@lru_cache(maxsize=16384)
def compound_parts(word: str, lang: str = "de") -> tuple[str, ...]:
    """The parts of a German compound noun, case-folded, first part first ("Fährverbindung" -> ("fähre",
    "verbindung"), "Fährgesellschaft" -> ("fähre", "gesellschaft")): the longest known word of at least
    :data:`HEAD_MIN` letters that ends it, and before it a known word of :data:`PART_MIN` letters or more or a
    compound of known words. () for a word that is no compound of known words, and for another language than
    German."""
    if lang != "de" or len(word) < PART_MIN + HEAD_MIN or not word.isalpha():
        return ()
    w = word.casefold()
    for cut in range(PART_MIN, len(w) - HEAD_MIN + 1):  # the longest head first
        head, first = w[cut:], w[:cut]
        if not _known(head):
            continue
        known = _known_part(first)
        if known is not None:
            return (known.casefold(), head)
        inner = compound_parts(first, lang)
        if inner:
            return (*inner, head)
    return ()


@lru_cache(maxsize=16384)
def compound_head(word: str, lang: str = "de") -> str | None:
    """The head noun of a German compound, case-folded: the longest known word of at least :data:`HEAD_MIN` letters
    that ends it after at least :data:`PART_MIN` letters, whatever comes before it, so a name's compound counts too,
    and of that word, when it is a compound of known words itself, its head ("Brennalmhütte" -> "almhütte" ->
    "hütte": a hut, though "Brennalm" is a place name; "Fährverbindung" -> "verbindung"). None
    for a word with no such head, and for another language than German."""
    if lang != "de" or len(word) < PART_MIN + HEAD_MIN or not word.isalpha():
        return None
    w = word.casefold()
    head = next((w[cut:] for cut in range(PART_MIN, len(w) - HEAD_MIN + 1) if _known(w[cut:])), None)
    while head is not None:  # a known compound ends it ("Brenn" + "almhütte"): its own head ("Alm" + "Hütte")
        inner = next((head[cut:] for cut in range(PART_MIN - 1, len(head) - HEAD_MIN + 1)
                      if _known(head[:cut]) and _known(head[cut:])), None)
        if inner is None:
            return head
        head = inner
    return None


def common_noun(word: str, lang: str) -> bool:
    """Whether ``word``, written with a capital letter in a German text, is a common noun of the language (in its
    lexicon, or a compound of words in it: "Fährgesellschaft") rather than a name ("Kelby", "Tullavane"). False for
    another language than German (whose capitalised words are names)."""
    if lang != "de" or not word[:1].isupper() or not word.isalpha():
        return False
    return _known(word) or bool(compound_parts(word, lang))


#: German determiners that may open a capitalised phrase of a German sentence ("Die Strecke", "Keine Kurven"): the
#: German articles (:data:`shared.text.tokens.ARTICLES`), "kein" and "dieser" in their forms
DE_DETERMINERS: frozenset[str] = ARTICLES["de"] | frozenset(
    "kein keine keinem keinen keiner dieser diese dieses diesem diesen".split())


def common_nouns_only(phrase: str, lang: str) -> bool:
    """Whether ``phrase``, a capitalised phrase of a German text (as :func:`shared.text.terms.find_entities` reads
    one), is only an article and common nouns, each a word of the lexicon ("Die Strecke", "Kilometer", "Kurven"), no
    name: German writes every noun with a capital letter. False when a word of it is no word of the lexicon ("Die
    Rennstrecke Brantley"; a compound, which may be a name: "Die Brennalmhütte"), and for another language than
    German."""
    words = phrase.split()
    if lang != "de" or not words:
        return False
    nouns = words[1:] if words[0].casefold() in DE_DETERMINERS else words
    return bool(nouns) and all(w[:1].isupper() and w.isalpha() and _known(w) for w in nouns)


#: German nouns that name one kind of thing in other words ("Ausbildung" / "Lehre": a question's word and a page's),
#: grouped like :data:`shared.text.synonyms.NEAR_SYNONYMS` (singular, lower case, matched on their German Snowball
#: stems): no hypernyms, no words of another sense a page often means ("Preis" is also a prize)
NEAR_SYNONYMS_DE: tuple[frozenset[str], ...] = tuple(frozenset(g.split()) for g in (
    "ausbildung lehre lehrzeit",
    "auto wagen pkw automobil",
    "lastwagen lkw laster",
    "fahrrad velo",
    "arzt doktor mediziner",
    "krankenhaus klinik spital klinikum",
    "gefängnis haftanstalt justizvollzugsanstalt",
    "flughafen flugplatz",
    "film kinofilm spielfilm",
    "gehalt lohn",
    "mitarbeiter beschäftigte angestellte belegschaft personal",
    "einwohner bewohner",
    "gründer stifter",
    "ofen brennofen",
    # a place to sleep, counted for a hut, a hostel or a ship: "32 Schlafplätze", "32 Betten"
    "bett schlafplatz schlafstelle",
))

#: first parts of German compounds that make one thing of the same head ("Übernachtungsplatz" / "Schlafplatz",
#: "Übernachtungsmöglichkeit" / "Schlafmöglichkeit"), grouped like :data:`NEAR_SYNONYMS_DE`; no nouns of one kind
#: alone ("Übernachtung" is an overnight stay, "Schlaf" sleep), so they count only in front of a shared head
NEAR_MODIFIERS_DE: tuple[frozenset[str], ...] = tuple(frozenset(g.split()) for g in (
    "übernachtung schlaf",
))


@lru_cache(maxsize=1)
def _synonym_groups() -> dict[str, frozenset[int]]:
    """German Snowball stem -> indices of the groups of :data:`NEAR_SYNONYMS_DE` holding a word of that stem."""
    out: dict[str, frozenset[int]] = {}
    for k, group in enumerate(NEAR_SYNONYMS_DE):
        for w in group:
            out[snowball_stem(w, "german")] = out.get(snowball_stem(w, "german"), frozenset()) | {k}
    return out


def _groups_of(stems: set[str]) -> frozenset[int]:
    groups = _synonym_groups()
    return frozenset(k for s in stems for k in groups.get(s, frozenset()))


@lru_cache(maxsize=4096)
def _variants(word: str) -> frozenset[str]:
    """German Snowball stems of ``word`` with its first part replaced by each near-synonym modifier of it
    (:data:`NEAR_MODIFIERS_DE`, :data:`NEAR_SYNONYMS_DE`): "Übernachtungsplätze" -> {"schlafplatz"}; empty for a word
    that is no compound of known words or whose first part has none."""
    parts = compound_parts(word, "de")
    if len(parts) != 2:
        return frozenset()
    first, head = parts
    out: set[str] = set()
    for group in (*NEAR_MODIFIERS_DE, *NEAR_SYNONYMS_DE):
        if first in group:
            out.update(snowball_stem(other + head, "german") for other in group if other != first)
    return frozenset(out)


def same_noun(a: str, b: str, lang: str) -> bool:
    """Whether two German words name one thing the way a question and a page may: the same stem ("Fähre" /
    "Fähren"), or one a part of the other, a compound ("Fährverbindung" / "Fähre", "Verbindung"), or near-synonyms,
    themselves or a part of a compound (:data:`NEAR_SYNONYMS_DE`: "Ausbildung" / "Lehrzeit", a compound of
    "Lehre"), or compounds of one head whose first parts are near-synonyms (:data:`NEAR_MODIFIERS_DE`:
    "Übernachtungsplätze" / "Schlafplätze", and so "Betten"). False for another language than German unless they
    are equal (case-folded)."""
    if a.casefold() == b.casefold():
        return True
    if lang != "de":
        return False
    sa, sb = snowball_stem(a, "german"), snowball_stem(b, "german")
    if sa == sb:
        return True
    parts_a = {snowball_stem(p, "german") for p in compound_parts(a, lang)}
    parts_b = {snowball_stem(p, "german") for p in compound_parts(b, lang)}
    if sb in parts_a or sa in parts_b:
        return True
    forms_a, forms_b = {sa, *_variants(a)}, {sb, *_variants(b)}
    if forms_a & forms_b:
        return True  # one head, near-synonym first parts: "Übernachtungsplätze" / "Schlafplätze"
    return bool(_groups_of(forms_a | parts_a) & _groups_of(forms_b | parts_b))


def held_nouns(tokens: set[str], terms: Iterable[str], lang: str) -> set[str]:
    """The terms of ``terms`` (a question's words) that ``tokens`` (a sentence's) do not hold as written but name as
    a German noun does (:func:`same_noun`: "straßenverbindung" held by "straße"); empty for another language."""
    if lang != "de":
        return set()
    return {t for t in terms if t not in tokens and any(same_noun(t, w, lang) for w in tokens)}
