"""The wh-phrases that open a question in French, German, Spanish and Italian, and the answer type each asks for.

One table for the two readers of a question's opening: :func:`shared.text.tokens.detect_language` (a short
question opened by one language's wh-word and holding that language's function words is in that language, whatever
a short text's model label says: "Combien d'habitants compte Ostrelle ?" is French) and
:func:`shared.text.answer.answer_type` (the question then asks what its wh-word asks: how many, who, where, when).
No other module of the project is imported here.
"""

from __future__ import annotations

import re

__all__ = ["FOREIGN_WH", "WH_PREPOSITIONS", "opening_wh"]

#: language code -> (opening wh-phrase, answer type) of a question in that language: how many, who, where, when
#: (and a weight, "Wie schwer": a figure of mass), why; an empty type: the phrase says the language only, the
#: question's other words say what it asks ("Quelle est la hauteur ...": a height).
#: "Since when" and "until when" ("Seit wann", "Depuis quand", "Desde cuándo", "Da quando", "Bis wann", "Jusqu'à
#: quand", "Hasta cuándo", "Fino a quando") ask for a date as "when" does.
FOREIGN_WH: dict[str, tuple[tuple[str, str], ...]] = {
    "fr": (
        (r"combien", "how_many"),
        (r"qui", "who"),
        (r"où|d'où", "where"),
        (r"(?:depuis\s+|jusqu['’]\s*à\s+)?quand", "when"),
        (r"pourquoi", "why"),
        (r"quel(?:le)?s?|comment", ""),  # French, asking no one type: "Quelle est la hauteur ...", "Comment ..."
    ),
    "de": (
        (r"wie\s+viele?", "how_many"),
        (r"wie\s+schwer", "measure"),  # a weight: "Wie schwer ist die Glocke?"
        (r"wer|wem|wen|wessen", "who"),
        (r"wo|wohin|woher", "where"),
        (r"(?:seit\s+|bis\s+)?wann", "when"),
    ),
    "es": (
        (r"cu[aá]nt[oa]s?", "how_many"),
        (r"qui[eé]n(?:es)?", "who"),
        (r"d[oó]nde|ad[oó]nde", "where"),
        (r"(?:desde\s+|hasta\s+)?cu[aá]ndo", "when"),
    ),
    "it": (
        (r"quant[ieoa]", "how_many"),
        (r"chi", "who"),
        (r"dove|d'?ove", "where"),
        (r"(?:da\s+|fino\s+a\s+)?quando", "when"),
    ),
}
#: a preposition that may open a wh-phrase of :data:`FOREIGN_WH` ("À qui", "¿De dónde", "Von wem", "Con chi")
WH_PREPOSITIONS = r"(?:(?:à|a|de|par|pour|avec|von|mit|für|por|para|con|di|da|per)\s+)?"
_OPENING_RE = {
    lang: [(re.compile(rf"[¿¡\s\"'«“]*{WH_PREPOSITIONS}(?:{p})\b", re.IGNORECASE), kind) for p, kind in pairs]
    for lang, pairs in FOREIGN_WH.items()
}


def opening_wh(question: str) -> list[tuple[str, str, str]]:
    """(language code, answer type, the wh-phrase as written) for each language of :data:`FOREIGN_WH` whose
    wh-phrase opens ``question`` (after opening punctuation and an optional preposition), in the table's order;
    [] when none does. "Seit wann gibt es ...?" -> [("de", "when", "Seit wann")]. Never raises."""
    out = []
    for lang, pairs in _OPENING_RE.items():
        for rx, kind in pairs:
            m = rx.match(question or "")
            if m is not None:
                out.append((lang, kind, m.group(0).strip(" ¿¡\"'«“")))
                break
    return out
