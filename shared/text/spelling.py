"""British and American spellings of one English word ("tyre" / "tire", "colour" / "color", "centre" / "center",
"aluminium" / "aluminum"): a question and a page that spell a word differently still name the same thing.

A small list of pairs (words whose spellings differ irregularly) and the regular endings ("-our" / "-or",
"-tre" / "-ter", "-ise" / "-ize"); not a full dictionary: a word it does not know has only its own spelling. Pairs
whose spellings are two words in American English ("cheque" / "check", "storey" / "story", "disc" / "disk") are
left out.
"""

from __future__ import annotations

import re

__all__ = ["spellings"]

#: British -> American spellings that no regular ending gives
_PAIRS: dict[str, str] = {
    "tyre": "tire", "aluminium": "aluminum", "grey": "gray", "kerb": "curb", "plough": "plow", "mould": "mold",
    "pyjamas": "pajamas", "programme": "program", "sulphur": "sulfur",
    "moustache": "mustache", "aeroplane": "airplane", "jewellery": "jewelry", "cosy": "cozy", "doughnut": "donut",
    "draught": "draft", "catalogue": "catalog", "dialogue": "dialog", "analogue": "analog", "licence": "license",
    "defence": "defense", "offence": "offense", "manoeuvre": "maneuver", "axe": "ax", "sceptic": "skeptic",
    "artefact": "artifact", "travelling": "traveling", "traveller": "traveler", "fuelled": "fueled",
    "woollen": "woolen", "modelling": "modeling", "labelled": "labeled", "cancelling": "canceling",
}
#: regular endings, British <-> American: "colour"/"color", "centre"/"center", "fibre"/"fiber", "organiser"/"organizer"
_ENDINGS: tuple[tuple[str, str], ...] = (("our", "or"), ("tre", "ter"), ("bre", "ber"), ("ise", "ize"),
                                         ("iser", "izer"), ("yse", "yze"), ("yser", "yzer"))
#: a plural or past ending kept on both spellings ("tyres" / "tires", "centred" / "centered")
_SUFFIX = re.compile(r"(?:s|d)$")


def _others(word: str) -> set[str]:
    """``word``'s other spellings (British <-> American) by the pairs and the regular endings. An ending may give a
    spelling no one writes ("motour" of "motor"): the spellings are only ever looked for in a text or compared with
    a word written there, where such a form never stands."""
    out = {american for british, american in _PAIRS.items() if word == british}
    out |= {british for british, american in _PAIRS.items() if word == american}
    if len(word) >= 5:
        for british, american in _ENDINGS:
            if word.endswith(british):
                out.add(word[: -len(british)] + american)
            elif word.endswith(american):
                out.add(word[: -len(american)] + british)
    return out


def spellings(word: str) -> frozenset[str]:
    """The spellings of ``word`` (lower-cased) in British and American English: itself and its other spellings by a
    listed pair or a regular ending ("tyre" -> {"tyre", "tire"}; "tires" -> {"tires", "tyres"}; "colour" ->
    {"colour", "color"}); a plural or past ending is kept on each. A word without another spelling -> {word}."""
    low = word.casefold()
    out = {low} | _others(low)
    suffix = _SUFFIX.search(low)
    if suffix is not None and len(out) == 1:
        stem = low[: suffix.start()]
        out |= {other + suffix.group(0) for other in _others(stem)}
    return frozenset(out)
