"""What kind of thing a question asks for, and what kind of thing a name in a sentence is (no model, English rules).

A "which team ..." question is answered by a team, not by the university the team plays for; a "which film ..."
question by a film, not by its director. :func:`asked_kind` reads the head noun of the question's wh-phrase
("which Thomas Rickman film did ..." -> ``work``); :func:`name_kind` reads what a name of a sentence is, from the
name's own head word ("University of Halvik", "Brisdal County", "the Orlen War") or from what the sentence says it is
("Halvik, an American rock band, ...", "X is a 1999 film", "the novelist Ada Marsh", "Ada Marsh (born 1950)");
:func:`kind_fits` says whether a name of one kind can answer a question asking for another. Every reading that is not
sure gives ``None``, and ``None`` fits anything: the check only rejects a name whose kind is known and wrong.

Kinds: ``person``, ``place``, ``organisation`` (companies, bands, teams, leagues, parties), ``school`` (universities,
colleges, schools: a team that represents a university is not the university), ``work`` (films, series, albums,
songs, books, plays), ``event`` (wars, battles, elections, tournaments, festivals).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Literal

from shared.text.tokens import tokenize

__all__ = ["Kind", "KIND_NOUNS", "asked_kind", "name_kind", "kind_fits", "noun_kind", "accepted_kinds",
           "SITE_HEADS", "site_on_place", "NAME_HEADS", "RECURRING_EVENT_HEADS", "SHARED_EVENT_HEADS",
           "recurring_event"]

Kind = Literal["person", "place", "organisation", "school", "work", "event"]

#: common nouns that say what kind of thing something is. Words of two kinds ("game": a match or a video game;
#: "group": a band or a group of plants; "channel", "station", "resort", "club" in some senses) are left out:
#: they decide nothing.
KIND_NOUNS: dict[Kind, str] = {
    "person": "person man woman boy girl actor actress singer songwriter author writer director player artist "
              "politician musician composer producer poet novelist painter sculptor king queen emperor empress "
              "prince princess duke duchess president footballer athlete cyclist swimmer boxer wrestler golfer "
              "coach scientist journalist comedian rapper drummer guitarist bassist pianist violinist vocalist "
              "frontman architect designer founder cofounder businessman businesswoman entrepreneur screenwriter "
              "pilot aviator driver essayist philosopher chemist physicist biologist mathematician economist "
              "historian lawyer judge officer general admiral soldier diplomat minister senator governor mayor "
              "statesman activist presenter host broadcaster dancer choreographer model photographer "
              "illustrator cartoonist animator filmmaker playwright lyricist novelist inventor engineer "
              "physician surgeon priest bishop pope monk nun saint son daughter wife husband father mother "
              "brother sister child widow grandson granddaughter nephew niece explorer astronaut jockey "
              "quarterback pitcher goalkeeper striker midfielder defender manager chairman ceo",
    "place": "city town village hamlet county country state province region continent island islands suburb "
             "neighborhood neighbourhood borough district municipality capital river lake mountain valley "
             "peninsula bay sea ocean desert metropolis commune parish township",
    "organisation": "company corporation firm business band "
                    "team league conference party label network newspaper brewery airline manufacturer "
                    "publisher studio agency association federation franchise "
                    "conglomerate retailer chain charity foundation orchestra choir ensemble duo trio quartet "
                    "supergroup ministry department",
    "school": "university college school academy conservatory seminary",
    "work": "film movie show series sitcom miniseries telenovela documentary album single song book novel novella "
            "play opera musical poem painting episode anthology soundtrack video sequel trilogy manga comic "
            "magazine",
    "event": "war battle election tournament championship olympics festival revolution siege campaign "
             "uprising rebellion massacre",
}

#: the heads of the names of events held again and again, each time an edition of the same event: an ordinal before
#: the name numbers the edition ("the 40th Halvik Marathon", "the 60th Orlen Grand Prix", "the First Skarn Festival
#: of Song" are the Halvik Marathon, the Orlen Grand Prix and the Skarn Festival of Song held once more), where a
#: war's, a battle's or an election's ordinal names another one ("Second Skarn War"). The heads that names of another
#: kind share are :data:`SHARED_EVENT_HEADS`; the others are :data:`NAME_HEADS` ``event`` too
RECURRING_EVENT_HEADS = ("festival championship championships olympics tournament marathon triathlon duathlon "
                         "regatta eisteddfod prix carnival fiesta fest gala fete expo exhibition biennale biennial "
                         "triennial olympiad race rally concert proms symposium meeting")
#: heads of a recurring event's name that names of another kind share ("The Late Show", "Vanity Fair", "Happy Days",
#: "Twelfth Night" are works, "Big Ten Conference" a league, "Tarn Walk" a street): they decide no kind
#: (:func:`name_kind`), but an ordinal before one numbers an edition (:func:`recurring_event`: "the 60th Halvik Show")
SHARED_EVENT_HEADS = ("show fair games cup trophy classic open derby run ride walk tour conference congress "
                      "summit convention forum meet parade lecture awards prize day days night nights week weekend "
                      "season edition")

#: the last (or, before "of", the first) word of a name that says what it is: "University of Halvik", "Brisdal
#: County", "Orlen River", "the Skarn War", "Halvik Regatta" (:data:`RECURRING_EVENT_HEADS`)
NAME_HEADS: dict[Kind, str] = {
    "place": "city county river lake island islands mountain mountains street avenue road valley bay province "
             "district village township borough parish peninsula sea ocean desert square canyon creek",
    "school": "university college school academy conservatory seminary polytechnic",
    "organisation": "company corporation corp inc ltd limited llc "
                    "plc records club fc association society league conference party bank airlines airways "
                    "brewery breweries studios network foundation council committee agency ministry department "
                    "army navy orchestra",
    "event": "war battle election revolution siege rebellion uprising massacre " + RECURRING_EVENT_HEADS,
    "work": "",
    "person": "",
}


def _lexicon(table: dict[Kind, str]) -> dict[str, Kind]:
    out: dict[str, Kind] = {}
    for kind, words in table.items():
        for w in words.split():
            for t in tokenize(w) or [w]:
                out.setdefault(t, kind)
    return out


_NOUNS = _lexicon(KIND_NOUNS)
_HEADS = _lexicon(NAME_HEADS)
#: the tokens of the heads of recurring events' names, of one kind or shared (:func:`recurring_event`)
_RECURRING = frozenset(_lexicon({"event": RECURRING_EVENT_HEADS + " " + SHARED_EVENT_HEADS}))

#: what ends a noun phrase after an article: a preposition, relative word, conjunction or verb-like word
_NP_STOP = frozenset("of in on at for by from to with as that which who whom whose where when and or but than "
                     "is are was were be been has have had who's whose based known located founded born best "
                     "since until during after before while near".split())
#: what opens a verb's object: a word of the wh-phrase before one of these is the question's verb ("which club
#: hosts the", "which firm coaches its"), since a noun phrase goes on with no article
_VERB_OBJECT_OPENERS = frozenset("the a an its their his her this these those".split())
#: past participles that end a noun phrase ("a song written by", "a film made in") without the "-ed" ending
_PARTICIPLES = frozenset("written made set run owned known born grown built sung drawn shown seen taken given held "
                         "led won begun become".split())
#: what stands before a name that is part of a longer one: a capitalised word (not an article or a preposition
#: opening the sentence) or a connector of names ("University of Central Florida", "Bank of the West")
_LONGER_BEFORE_RE = re.compile(r"(?:\b(?!(?:The|A|An|In|On|At|By|For|From|With|And|Or|But|As|Its|His|Her|Their)\b)"
                               r"[A-Z][\w'’.-]*|\bof|\bof the|\bde)\s+$")
_ARTICLE_RE = r"(?:a|an|the|one\s+of\s+the|another)"
_WORD_RE = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*|[,;:()\[\]]")


def recurring_event(words: Sequence[str]) -> bool:
    """Whether the name tokens ``words`` (:func:`tokenize`'s: lower case, stop words dropped) name an event held
    again and again (:data:`RECURRING_EVENT_HEADS`, :data:`SHARED_EVENT_HEADS`): its last token is such a head
    ("halvik marathon", "orlen grand prix", "skarn jazz days"), or, for a name "<X> <head> of <Y>" whose "of" the
    tokens no longer hold ("skarn festival song" of "Skarn Festival of Song", "skarn festival sea" of "... of the
    Sea"), the last such head, with no head after it of what is named after an event: a body or a school
    (:data:`NAME_HEADS`: "halvik marathon club", "orlen festival orchestra") or a site (:data:`SITE_HEADS`: "orlen
    show park"). False for no words. Pure; never raises."""
    heads = [i for i, w in enumerate(words) if w in _RECURRING]
    if not heads:
        return False
    return not any(_HEADS.get(w) in ("organisation", "school") or w in SITE_HEADS for w in words[heads[-1] + 1:])


def noun_kind(word: str) -> Kind | None:
    """The kind a common noun names (:data:`KIND_NOUNS`: "film" -> ``work``, "universities" -> ``organisation``),
    else None."""
    toks = tokenize(word)
    return _NOUNS.get(toks[-1]) if toks else None


def _phrase_kind(words: list[str]) -> Kind | None:
    """The kind of the noun phrase ``words`` (after its article), read from its head, the last word before the
    phrase ends (a stop word, a participle, a capitalised name after a common noun, punctuation, or eight words):
    "American metropolitan public research university" -> ``school``, "American film director" -> ``person``, "1999
    film" (directed by ...) -> ``work``; "video game developer" -> None (the head, "developer", names no kind: a
    modifier's kind is never the phrase's)."""
    head: str | None = None
    for i, w in enumerate(words[:8]):
        low = w.lower()
        if low in _NP_STOP or low in _PARTICIPLES or not re.match(r"[^\W_]", w) \
                or (i and len(low) > 4 and low.endswith(("ed", "ing")) and w[:1].islower()):
            break
        if i and w[:1].isupper() and head is not None and head[:1].islower():
            break  # a name after the noun ("the film Titanic"): the phrase ended at the noun
        head = w
    return noun_kind(head.lower()) if head is not None else None


@lru_cache(maxsize=4096)
def asked_kind(question: str) -> Kind | None:
    """The kind of thing ``question``'s wh-phrase asks for, from its head noun: "Which Thomas Rickman film did ...?"
    -> ``work``; "Alfie Allen played on which show?" -> ``work``; "what New York county" -> ``place``; "Which two
    teams did ...?" -> ``organisation``. None when the wh-phrase names no kind (:data:`KIND_NOUNS`), asks for a kind
    of thing ("what type of films": the answer is a category, not a name), or there is no "what" / "which" phrase.
    Never raises."""
    q = " ".join((question or "").split())
    m = re.search(r"\b(?:what|which)\s+(?:(?:is|was|are|were)\s+the\s+(?:name|title)\s+of\s+(?:the\s+|a\s+|an\s+)?)?"
                  r"(.*)", q, re.IGNORECASE)
    if not m:
        return None
    words = _WORD_RE.findall(m.group(1))
    if words and words[0].lower() in ("kind", "kinds", "type", "types", "sort", "sorts", "form", "forms", "category"):
        return None
    found: Kind | None = None
    for i, w in enumerate(words[:6]):
        low = w.lower()
        if low in _NP_STOP or low in ("did", "does", "do", "can", "could", "will", "would", "should") \
                or not re.match(r"[^\W_]", w):
            break
        if i and i + 1 < len(words) and words[i + 1].lower() in _VERB_OBJECT_OPENERS:
            break  # a verb before its object, never the head: "Which club hosts the regatta?" asks no host
        k = noun_kind(low) if not w[:1].isupper() or low in ("games", "olympics") else None
        if k is not None:
            found = k
        elif found is not None:
            break  # the head noun is followed by another word: "which film directed by" ends at "film"
    return found


@lru_cache(maxsize=16384)
def name_kind(name: str, sentence: str = "") -> Kind | None:
    """What kind of thing ``name`` is, read from its own words or from ``sentence`` (where it stands), else None.

    - its head word (:data:`NAME_HEADS`): the last word, or the first before "of" ("University of Halvik",
      "Brisdal County", "Orlen River", "Skarn War", "Halvik FC");
    - a life span or birth note after it ("Ada Marsh (born 1950)", "(March 3, 1901 – 1970)"): a person;
    - what the sentence says it is: "<name> is / was a ... <noun>" or "<name>, a ... <noun>" (an apposition; "<name>,
      or <short name>, is an ... university" too), the phrase's last kind noun before a preposition or verb
      (:data:`KIND_NOUNS`: "is an American film director" -> person);
    - a kind noun just before it: "the band Halvik", "novelist Ada Marsh", "the 1999 film Orlen".

    Never raises."""
    name = " ".join((name or "").split()).strip(" \"'“”‘’")
    if not name:
        return None
    words = name.split()
    low = [w.lower().strip(".,") for w in words]
    if "of" in low[1:]:
        head = low[: low.index("of")][-1]
        if head in _HEADS:
            return _HEADS[head]
    last = tokenize(low[-1])
    if last and last[-1] in _HEADS and len(words) > 1:
        return _HEADS[last[-1]]
    if not sentence:
        return None
    # the name where it stands alone, not as part of a longer one ("Florida" of "University of Central Florida")
    after = next((rest for start, rest in _standing(name, sentence)
                  if not _LONGER_BEFORE_RE.search(sentence[:start])
                  and not re.match(r"\s+(?:of\s+)?[A-Z]", rest)), None)
    if after is not None:
        rest = after
        if re.match(r"\s*\((?:[^()]*\bborn\b|b\.\s|[^()]*\b1[0-9]{3}\b[^()]*[–—-][^()]*\b(?:1[0-9]{3}|20[0-9]{2})\b)",
                    rest):
            return "person"
        rest = re.sub(r"^\s*\([^()]*\)", "", rest)  # "Halvik (Norwegian: ...) is a town"
        rest = re.sub(r"^\s*,\s*(?:or|also known as|formerly|known as)\s+[^,]{1,60},", "", rest)
        cop = re.match(rf"\s*(?:,\s*|\s+(?:is|was|are|were|remains|became)\s+){_ARTICLE_RE}\s+(.*)", rest,
                       re.IGNORECASE)
        if cop is not None:
            k = _phrase_kind(_WORD_RE.findall(cop.group(1)))
            if k is not None:
                return k
    before = next((m.group(1) for m in _WORD_AND_SPACE_RE.finditer(sentence)
                   if sentence.startswith(name, m.end()) and not _wordish(sentence, m.end() + len(name))), None)
    if before is not None and before[:1].islower():
        k = noun_kind(before)
        if k is not None:
            return k
    return None


#: a word (a letter, then letters, digits, "_" or "-") at the start or after whitespace or "(", and the whitespace
#: after it: the word just before a name (:func:`name_kind`)
_WORD_AND_SPACE_RE = re.compile(r"(?:^|(?<=[\s(]))([^\W\d_][\w-]*)\s+")


def _wordish(text: str, at: int) -> bool:
    """Whether ``text[at]`` is a word character or "-" (what ``[\\w-]`` matches; False past either end)."""
    if not 0 <= at < len(text):
        return False
    ch = text[at]
    return ch == "_" or ch == "-" or ch.isalnum()


def _standing(name: str, sentence: str) -> Iterator[tuple[int, str]]:
    """(start, the rest of its line) of each place ``name`` stands in ``sentence`` as a whole word: the matches of
    ``(?<![\\w-])NAME(?![\\w-])(.*)``, found with string searches. (A pattern made of each name took a place in
    the ``re`` module's cache of 512 compiled patterns, which drops the oldest first: a few hundred claims' names
    pushed every fixed pattern of the process out of it, to be compiled again.)"""
    pos = 0
    while (i := sentence.find(name, pos)) >= 0:
        end = i + len(name)
        if _wordish(sentence, i - 1) or _wordish(sentence, end):
            pos = i + 1
            continue
        line_end = sentence.find("\n", end)
        line_end = len(sentence) if line_end < 0 else line_end
        yield i, sentence[end:line_end]
        pos = line_end  # (finditer goes on after the match: non-overlapping)


def accepted_kinds(question: str, answer_type: str) -> frozenset[Kind] | None:
    """The kinds of name that can answer ``question`` of type ``answer_type`` (``shared.text.answer.answer_type``),
    or None (any). "which" / "what": the head noun's kind (:func:`asked_kind`, with :func:`kind_fits`); "where": a
    place or an organisation (a school, a company's site: "where did she study"); "who": a person or an
    organisation or a school (a band, a company: "who released the song"). Other types, or a wh-phrase naming no kind: None."""
    if answer_type == "who":
        return frozenset(("person", "organisation", "school"))
    asked = asked_kind(question)
    if answer_type == "where":
        asked = asked or "place"
    elif answer_type not in ("which", "what"):
        return None
    if asked is None:
        return None
    return frozenset(k for k in KIND_NOUNS if kind_fits(asked, k))


def kind_fits(asked: Kind | None, kind: Kind | None) -> bool:
    """Whether a name of kind ``kind`` can answer a question asking for ``asked`` (either None: yes). A place is
    also answered by an organisation or a school (a company's site, where one studied); a person asked for never by
    a place, a work or an event, a team never by the university it represents, and so on: only a known kind other
    than the one asked fails."""
    if asked is None or kind is None or asked == kind:
        return True
    return asked == "place" and kind in ("organisation", "school")


#: head nouns of a tract of land set aside on a place, kept for what lives or stands on it ("Orlen Island Nature
#: Reserve", "Brisdal Valley National Park", "Varn Lake Bird Sanctuary", "Orla Hill Estate", "Varn Moor Special
#: Protection Area"): a site of the place's own ground, not a body of people (a club, a society, a company: those are
#: another thing, :data:`NAME_HEADS` ``organisation``)
SITE_HEADS = frozenset(tokenize("reserve reserves preserve park sanctuary refuge estate reservation parkland wilderness "
                                "area"))


def site_on_place(short: list[str] | tuple[str, ...], long_: list[str] | tuple[str, ...]) -> bool:
    """Whether the name tokens ``long_`` (:func:`tokenize`) are the place name ``short`` going on with a site's name
    on that place: ``short``'s last word is a place noun (:data:`NAME_HEADS` / :data:`KIND_NOUNS` ``place``: island,
    lake, valley, county ...), ``long_`` opens with the whole of it and ends with a head of a tract of land set
    aside on it (:data:`SITE_HEADS`: "Orlen Island Nature Reserve" after "Orlen Island"), and no word of its own
    names a body of people, a school, an event or a work ("Orlen Island Rowing Club Park" is the club's). The site
    covers the place's ground, so what it holds or measures is the place's: the two names are one thing, unlike a
    town and its football club ("Halvik", "Halvik FC"). Pure; never raises."""
    n = len(short)
    if not (0 < n < len(long_) and tuple(long_[:n]) == tuple(short)):
        return False
    if _HEADS.get(short[-1]) != "place" and _NOUNS.get(short[-1]) != "place":
        return False
    own = long_[n:]
    return own[-1] in SITE_HEADS and not any(_HEADS.get(w, _NOUNS.get(w)) not in (None, "place") for w in own)
