"""Words that name one relation in other words ("born" / "birthplace" / "native of", "founded" / "established",
"directed" / "director", "start running" / "began service"): a small English lexicon matched on Snowball stems (PyStemmer).

A question asks for a relation in its words and a page states it in its own: "Who directed X?" is answered by
"X is a film by its director Ann Lee"; "Is she a native of Orlen?" by "She was born in Orlen". :func:`relation_of`
names the relation a word stands for, :func:`same_relation` tells whether two words name the same one. Words
outside the lexicon name no relation here (callers compare them by their own stems).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable

__all__ = ["RELATIONS", "listed_relation", "relation_of", "same_relation", "with_relations"]

#: relation -> the words that name it (inflections are matched through their Snowball stems)
RELATIONS: dict[str, tuple[str, ...]] = {
    "birth": ("born", "birth", "birthplace", "birthdate", "birthday", "native", "hometown"),
    "death": ("died", "die", "dies", "death", "dead", "deceased"),
    "founding": ("founded", "founder", "cofounded", "cofounder", "established", "establishment", "created",
                 "creator", "formed", "incorporated", "instituted"),
    "direction": ("directed", "director", "directing"),
    "writing": ("wrote", "written", "writes", "writer", "author", "authored", "penned", "novel"),
    "composition": ("composed", "composer", "composition"),
    "production": ("produced", "producer", "production"),
    "publication": ("published", "publisher", "publication"),
    "release": ("released", "release", "premiered", "premiere", "debuted", "debut", "launched", "launch", "aired"),
    "location": ("located", "location", "situated", "lies", "based", "headquartered", "headquarters"),
    "leadership": ("led", "leader", "headed", "chaired", "chairman", "chairwoman", "chairperson"),
    "acting": ("starred", "starring", "stars", "portrayed", "portrays", "actor", "actress", "played", "plays", "role",
               "roles"),
    "construction": ("built", "build", "builder", "constructed", "construction", "erected"),
    "design": ("designed", "designer", "architect"),
    "marriage": ("married", "marriage", "wife", "husband", "spouse", "wed", "wedded"),
    "membership": ("member", "members", "membership", "joined"),
    "ownership": ("owned", "owner", "owns", "ownership"),
    "education": ("studied", "attended", "graduated", "graduate", "educated", "alumnus", "alumna", "alumni"),
    "coaching": ("coached", "coach", "managed", "manager"),
    "award": ("won", "win", "wins", "awarded", "award", "winner"),
    "population": ("population", "inhabitants", "residents", "populated"),
    # the start of a service or of working: "start running", "began service", "entered service", "started
    # operating", "opened", "first ran" name one event
    "start": ("start", "started", "starts", "begin", "began", "begun", "begins", "commenced", "opened", "opening",
              "inaugurated", "service", "running", "run", "ran", "operating", "operational"),
}

#: word as the lexicon lists it -> its relation
_LISTED: dict[str, str] = {w: name for name, words in reversed(RELATIONS.items()) for w in words}

_LOCAL = threading.local()


def _stem(word: str) -> str:
    """The Snowball (English) stem of ``word``, case-folded (one stemmer per thread)."""
    stemmer = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        import Stemmer

        stemmer = _LOCAL.stemmer = Stemmer.Stemmer("english")
    stem: str = stemmer.stemWord(word.casefold())
    return stem


_BY_STEM: dict[str, str] = {}
for _name, _words in RELATIONS.items():
    for _w in _words:
        _BY_STEM.setdefault(_stem(_w), _name)
        _BY_STEM.setdefault(_w, _name)


def relation_of(word: str) -> str | None:
    """The relation ``word`` names (a key of :data:`RELATIONS`: "birthplace" -> "birth", "Established" ->
    "founding", "directors" -> "direction"), or None for a word outside the lexicon."""
    low = word.casefold()
    return _BY_STEM.get(low) or _BY_STEM.get(_stem(low))


def same_relation(a: str, b: str) -> bool:
    """Whether two words name the same relation of the lexicon ("born" / "native", "founded" / "established");
    False when either is outside it."""
    ra = relation_of(a)
    return ra is not None and ra == relation_of(b)


def listed_relation(word: str) -> str | None:
    """The relation ``word`` names when the lexicon lists it as it is written (case-folded: "Born" -> "birth",
    "established" -> "founding"), else None: unlike :func:`relation_of`, no stem it shares with another word
    ("aired" is listed, "air" is not)."""
    return _LISTED.get(word.casefold())


def with_relations(tokens: set[str], terms: Iterable[str]) -> set[str]:
    """``tokens`` (a text's words) with each of ``terms`` (a question's words) added that one of them names in other
    words ("born" holds "birthplace", "established" holds "founded", "composed" holds "composer"). Only words the
    lexicon lists as they are written count, not stems it shares with other words ("air" of "aired", "base" of
    "based"). A new set; ``tokens`` is not changed."""
    named = {r for t in tokens if (r := _LISTED.get(t)) is not None}
    return tokens | {t for t in terms if t not in tokens and _LISTED.get(t) in named} if named else set(tokens)
