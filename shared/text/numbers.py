"""Cardinal numbers written in words (English): the one reader of number words for the whole code base.

The value of a number phrase ("seven", "Twenty-one", "three hundred", "two million") is read by the
``number-parser`` library (pinned in pyproject.toml); this module decides *where* a number written in words
stands and whether it is an amount:

- :data:`CARDINAL_WORDS`: the English cardinal words (zero ... nineteen, twenty ... ninety, hundred, thousand,
  million, billion, trillion); :data:`NUMBER_WORD_PATTERN` a regular-expression alternation of them.
- :data:`ORDINAL_WORDS`: the English ordinal words by value (first ... twentieth); :data:`ORDINAL_SUFFIXES` those of
  digit ordinals ("st", "nd", "rd", "th").
- :func:`word_value`: the value of one token ("seven" -> 7, "dozen" -> 12), None for any other word.
- :func:`phrase_value`: the value of a phrase of cardinal words ("twenty-one", "three hundred and five").
- :func:`numerize`: a text with each cardinal written in words that counts a noun turned into digits ("Seven
  arches span ..." -> "7 arches span ..."), and where each came from.

Used by the synthesizer (values that disagree; what a sentence may say), the lexical entailment and the answer
types (a "how many" answer written in words).
"""

from __future__ import annotations

import re
from functools import lru_cache

from number_parser import parse_number

from shared.text.tokens import is_stopword

__all__ = ["CARDINAL_WORDS", "ORDINAL_SUFFIXES", "ORDINAL_WORDS", "SCALE_WORDS", "NUMBER_WORD_PATTERN", "word_value", "phrase_value", "numerize"]

_UNITS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
          "seventeen eighteen nineteen").split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()
#: words that multiply the number before them
SCALE_WORDS: tuple[str, ...] = ("hundred", "thousand", "million", "billion", "trillion")
#: every English cardinal word (lower case)
CARDINAL_WORDS: tuple[str, ...] = (*_UNITS, *_TENS, *SCALE_WORDS)
#: a regular-expression alternation of :data:`CARDINAL_WORDS`, longest first (use with word boundaries and
#: ``re.IGNORECASE``)
NUMBER_WORD_PATTERN = "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
_CARDINALS = frozenset(CARDINAL_WORDS)
#: the English ordinal words, by value (first ... twentieth): the lexical entailment's ordinals and the marks of a
#: look-alike name (:func:`shared.text.terms.look_alike_mark`: "Second Quellby Library") read this one table
#: the suffixes a digit ordinal takes, each a token of its own after the digits ("2nd" -> "2", "nd")
ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
ORDINAL_WORDS: dict[str, int] = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}
#: words that are a number alone but are no cardinal of the phrase grammar
_SINGLE = {"dozen": 12}


@lru_cache(maxsize=4096)
def phrase_value(phrase: str) -> int | None:
    """The value of a phrase made only of cardinal words, hyphens and "and" ("seven", "Twenty-one", "three
    hundred and five", "two million"), read by ``number_parser.parse_number``; None for anything else (an
    ordinal, another word, an empty phrase). Case is ignored."""
    words = phrase.casefold().replace("-", " ").split()
    if not words or words[0] == "and" or any(w not in _CARDINALS and w != "and" for w in words):
        return None
    value = parse_number(" ".join(words))
    return value if isinstance(value, int) else None


def word_value(token: str) -> int | None:
    """The value of one word: a cardinal ("seven" -> 7, "Forty" -> 40, "hundred" -> 100) or "dozen" (12); None
    for any other token (digits included: they are no word)."""
    low = token.casefold()
    if low in _SINGLE:
        return _SINGLE[low]
    return phrase_value(low) if low in _CARDINALS else None


_UNIT_RE = "|".join(sorted(_UNITS, key=len, reverse=True))
#: a cardinal written in words ("seven", "twenty-one", "three hundred", "forty thousand") and the word after it;
#: ordinals ("seventh", "twenty-first") do not match, nor does a number word inside another word
_PHRASE_RE = re.compile(
    rf"(?<![\w-])(?:(?:{'|'.join(_TENS)})(?:[- ](?:{_UNIT_RE}))?|(?:{_UNIT_RE}))"
    rf"(?:\s+(?P<scale>hundred|thousand))?(?![\w-])(?=\s+(?P<noun>[^\W\d_][\w'-]*))",
    re.IGNORECASE)
#: scale words after which the noun is the next word ("three million people"): never the counted noun itself
_NOUN_SCALES = frozenset(("thousand", "million", "billion", "trillion"))


#: what follows a whole amount of money in words that gives its cents in words: "(nine) euros fifty", "(two)
#: dollars and twenty-five cents" (group ``cur`` the currency word, ``cents`` the cents as words)
_CENTS_AFTER_RE = re.compile(
    rf"\s+(?P<cur>euros?|dollars?|pounds?|francs?)\s+(?:and\s+)?(?P<cents>(?:{'|'.join(_TENS)})(?:[- ](?:{_UNIT_RE}))?"
    rf"|(?:{_UNIT_RE}))(?P<unit>\s+(?:cents?|pence|centimes?|p)\b)?(?![\w-])(?:\s+(?P<next>[^\W\d_][\w'-]*))?",
    re.IGNORECASE)


#: the decimals of a number in words after "point", one digit word each: "(six) point four", "(three) point one
#: four" (group ``digits``)
_POINT_AFTER_RE = re.compile(r"\s+point\s+(?P<digits>(?:zero|one|two|three|four|five|six|seven|eight|nine)"
                             r"(?:\s+(?:zero|one|two|three|four|five|six|seven|eight|nine))*)(?![\w-])",
                             re.IGNORECASE)

#: the sign an amount with its cents in words is written with in digits ("nine euros fifty" -> "€9.50")
_CURRENCY_SIGNS = {"euro": "€", "dollar": "$", "pound": "£", "franc": "CHF "}


def numerize(text: str) -> tuple[str, dict[int, str]]:
    """``text`` with each cardinal written in words that counts a noun ("seven arches", "Seven arches span ...",
    "twenty-one guns", "three hundred seats") in digits ("7 arches"), and {start of the digits in the new text:
    the words as written}.

    A number word opening a sentence counts like any other ("Seven arches span the gorge": 7 arches). Not
    amounts: "one" alone ("one of the oldest", "one day"), a number word before a stop word ("seven of the",
    "nine in ten"), ordinals ("first", "seventh"), number words inside names ("Seven Sisters": the word after
    is capitalised), a number word before a scale word ("three million": the scale is read with the digits). A
    number with decimals in words after "point" is read whole: "six point four tonnes" -> "6.4 tonnes". An
    amount of money whose cents follow in words is read whole, with its currency's sign: "nine euros fifty" ->
    "€9.50", "two dollars and twenty-five cents" -> "$2.25" (the written words keyed at the digits, after the
    sign)."""
    parts: list[str] = []
    written: dict[int, str] = {}
    at = 0
    size = 0
    for m in _PHRASE_RE.finditer(text):
        noun = m.group("noun")
        if is_stopword(noun.lower()) or noun[:1].isupper() or noun.lower() in _NOUN_SCALES:
            continue
        value = phrase_value(m.group(0))
        if value is None or (value == 1 and not m.group("scale")):
            continue
        if m.start() < at:
            continue  # inside the cents of an amount read before ("nine euros fifty")
        end, digits, sign = m.end(), str(value), ""
        cents = _CENTS_AFTER_RE.match(text, m.end()) if not m.group("scale") else None
        point = _POINT_AFTER_RE.match(text, m.end()) if noun.lower() == "point" else None
        if point is not None:  # "six point four tonnes": 6.4 tonnes, not 6 and 4 tonnes
            end = point.end("digits")
            digits = f"{value}." + "".join(str(word_value(w)) for w in point.group("digits").split())
        elif cents is not None and (cc := phrase_value(cents.group("cents"))) is not None and 0 < cc < 100 and (
                cents.group("unit") or not cents.group("next") or is_stopword(cents.group("next").lower())):
            # an amount of money with its cents in words: "nine euros fifty" is 9.50 euros ("nine euros fifty
            # years ago" is none: the number after the currency counts the noun after it)
            end = cents.end("unit") if cents.group("unit") else cents.end("cents")
            sign = _CURRENCY_SIGNS[cents.group("cur").lower().rstrip("s")]
            digits = f"{sign}{value}.{cc:02d}"
        parts.append(text[at:m.start()])
        size += m.start() - at
        written[size + len(sign)] = text[m.start():end]
        parts.append(digits)
        size += len(digits)
        at = end
    parts.append(text[at:])
    return "".join(parts), written
