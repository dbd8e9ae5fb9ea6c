"""Which dimension of a thing's size a figure measures, however its sentence words it.

:func:`size_dimensions` is the one reader of "a size figure of a thing": "38 metres high", "a height of 41 metres",
"The tower rises 48 metres above the square", "At 52 metres the tower is the tallest building", "the 48-metre tower",
"The spire measures 61 metres", "weighs 12 tonnes", "4.2 kilometres across", "a diameter of 4.2 km", "3.1 km of
track". A figure that
places a thing from another ("about 3 km east of the village", "12 miles from the coast") is a distance, no size:
"How wide is the crater?" is not answered by it. The synthesizer's disagreement finder reads a clause's dimension
with it, so a figure that can lead an answer to "How tall is X?" can also be found disputed.
"""

from __future__ import annotations

import re

from shared.text.crosslang import english_of
from shared.text.numbers import numerize
from shared.text.tokens import tokenize

__all__ = ["HEDGES", "HEDGE_WORDS", "SIZE_WORDS", "difference_spans", "states_change", "extreme_words_held", "figure_dimensions", "names_a_way", "ranked_superlatives",
           "size_dimensions", "size_words_held", "states_elevation", "way_nouns"]

#: words naming a dimension of size, in every degree ("tall", "taller", "tallest", "height") -> the dimension
SIZE_WORDS: dict[str, str] = {
    **dict.fromkeys("high higher highest height tall taller tallest elevation altitude".split(), "height"),
    **dict.fromkeys("long longer longest length".split(), "length"),
    **dict.fromkeys("deep deeper deepest depth".split(), "depth"),
    **dict.fromkeys("wide wider widest width broad broader broadest breadth diameter".split(), "width"),
    **dict.fromkeys("heavy heavier heaviest weighs weigh weighed weighing weight".split(), "weight"),
    # the reach of sails, wings or an arch from tip to tip ("The sail span of X is 24.6 metres", "Sail span (m):
    # 24.6"): a dimension of its own, neither the thing's height nor its length (a verb "spans 300 metres" is none)
    **dict.fromkeys("span wingspan".split(), "span"),
    **dict.fromkeys("thick thicker thickest thickness".split(), "thickness"),
    **dict.fromkeys("circumference girth perimeter".split(), "circumference"),
}
#: the qualifiers of a figure, as phrases ("some 48 metres", "more than 300 members", "just under 3 m")
HEDGES = ("some", "about", "around", "roughly", "nearly", "almost", "over", "under", "more than", "less than",
          "just over", "just under")
#: the words of :data:`HEDGES` ("more", "than", "just", ...): a word qualifying a number before what it counts
HEDGE_WORDS = frozenset(w for h in HEDGES for w in h.split())
#: a qualifier between a verb of size and its figure ("rises some 48 metres")
_ABOUT = r"(?:(?:" + "|".join(r"\s+".join(h.split()) for h in HEDGES) + r")\s+)?"
#: a verb that gives a thing's height by its figure right after it: "rises 48 metres", "the spire soars 90 m",
#: "it stands 34 metres" ("stands at 3,086 metres" is an elevation, :data:`_ELEVATION_RE`)
_HEIGHT_VERB_RE = re.compile(r"\b(?:rises|rise|rising|rose|risen|towers|towering|towered|soars|soar|soaring|"
                             r"soared|stands|stand|standing|stood)\s+" + _ABOUT + r"\d", re.IGNORECASE)
#: a figure that places a thing at a height without a word for it: "3,112 metres above sea level", "The hut sits at
#: 3,086 metres", "the village lies at 1,240 m" (a verb of position, then "at" and a number): its elevation
_ELEVATION_RE = re.compile(r"\babove\s+(?:mean\s+)?sea[\s-]+level\b|\b(?:sits?|stands?|lies|lie|lay|is\s+located|"
                           r"is\s+situated|is\s+perched|perches|rests?)\s+(?:[^\W\d_][\w'’-]*\s+){0,5}?at\s+"
                           r"(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?\d", re.IGNORECASE)
#: a figure a thing's summit or highest point is at or of: "The summit of the pass road is at 2,318 m", "its highest
#: point, at 1,204 m", "a summit of 3,012 m": an elevation, never a length of the thing ("The summit is reached after
#: 12 km" places nothing at a height; "top" and "peak" are left out: "top speed of 120 km/h", "a peak of 300 visitors")
_SUMMIT_RE = re.compile(r"\b(?:summits?|(?:highest|high)\s+points?)\b(?:[\s,]+[^\W\d_][\w'’-]*){0,6}?"
                        r"[\s,]+(?:at|of)\s+(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|almost\s+)?\d",
                        re.IGNORECASE)
#: things whose one figure of length is their height: "the 48-metre tower", "the spire measures 61 metres"
_UPRIGHT_NOUNS = (r"towers?|spires?|steeples?|belfry|belfries|campaniles?|minarets?|masts?|chimneys?|lighthouses?|"
                  r"skyscrapers?|obelisks?|pillars?|columns?|pylons?|turrets?")
_LENGTH_WORDS = r"metres?|meters?|m|feet|foot|ft|yards?|kilometres?|kilometers?|km"
_LENGTH_UNIT = r"(?:" + _LENGTH_WORDS + r")"
#: "the 48-metre tower", "a 200 ft lighthouse"
_UPRIGHT_FIGURE_RE = re.compile(r"\d[\d,.]*\s*-?\s*" + _LENGTH_UNIT + r"\s+(?:[a-z]+\s+)?(?:" + _UPRIGHT_NOUNS + r")\b",
                                re.IGNORECASE)
#: "measures 61 metres", "reaches 48 m": a figure of size whose dimension the thing measured says
_MEASURE_VERB_RE = re.compile(r"\b(?:measures|measure|measured|measuring|reaches|reach|reached|reaching)\s+" + _ABOUT
                              + r"\d", re.IGNORECASE)
_UPRIGHT_RE = re.compile(r"\b(?:" + _UPRIGHT_NOUNS + r")\b", re.IGNORECASE)
#: "4.2 kilometres across", "a 300-metre-across pit": a width ("across" alone also means "over": "the bridge across
#: the river" names no width)
_ACROSS_RE = re.compile(r"\d[\d,.]*\s*-?\s*" + _LENGTH_UNIT + r"\b\s*-?\s*across\b", re.IGNORECASE)
#: "3.1 km of track", "18 miles of line", "54 km of pistes": the length of a way (a line, road, path, wall, cable or
#: a run one skis or rides down: a piste, a slope, a run) given as an amount of it; the thing whose way it is has
#: that length, never a height (a resort's "54 km of pistes" is no elevation)
_WAY_NOUNS = (r"tracks?|lines?|routes?|roads?|railways?|railroads?|tramways?|trails?|paths?|footpaths?|walls?|"
              r"cables?|pipes?|pipelines?|canals?|coastline|shoreline|waterways?|runways?|pistes?|slopes?|runs?")
_WAY_LENGTH_RE = re.compile(r"\d[\d,.]*\s*-?\s*(?:" + _LENGTH_WORDS + r"|miles?|mi)\s+of\s+(?:[a-z]+\s+){0,2}?(?P<way>"
                            + _WAY_NOUNS + r")\b", re.IGNORECASE)
#: a figure labelled by the way it measures: "X: piste 54 km", "track length: 3.1 km", "pistes 54 km"
_WAY_LABEL_RE = re.compile(r"\b(?P<way>" + _WAY_NOUNS + r")(?:\s+length)?\s*:?\s*\d[\d,.]*\s*(?:" + _LENGTH_WORDS
                           + r"|miles?|mi)\b", re.IGNORECASE)
_POINTS = r"(?:north|south|east|west)(?:-?(?:north|south|east|west))?"
#: a figure that places a thing from another: "about 3 km east of the village", "12 miles from Orla", "5 km away",
#: "2 km to the south-west of", "8 km inland": a distance between two places, never a size of either; "two sections
#: about 800 metres apart": the distance between two things, never a size of either
_OFFSET_RE = re.compile(r"\d[\d,.]*\s*-?\s*(?:" + _LENGTH_WORDS + r"|miles?|mi)\s+(?:(?:to\s+the\s+)?" + _POINTS
                        + r"(?:wards?)?\b|from\b(?![^,;.]*?\bto\b)|away\b|apart\b|off\b|outside\b|inland\b|offshore\b|upstream\b|"
                        r"downstream\b|beyond\b)", re.IGNORECASE)
#: a figure of the way from one end to the other: "41.6 km from Orvi to Pessano", "a road of 41.6 km between Orvi and
#: Pessano", "38 km long from A to B": a length of the thing, no distance of it from a place
_END_TO_END_RE = re.compile(r"\d[\d,.]*\s*-?\s*(?:" + _LENGTH_WORDS + r"|miles?|mi)\s+(?:long\s+)?(?:from\s+[^,;.]+?\s+to"
                            r"|between\s+[^,;.]+?\s+and)\s+\S", re.IGNORECASE)

#: comparatives of size, amount and age: a figure right before one ("14 metres lower than ...", "300 more visitors",
#: "aged 8 months longer than ...", "40 years older than ...") or after "by" following one ("higher by 14 m") is the
#: difference between two values, never a value of either
_DIFFERENCE_WORDS = (r"lower|higher|taller|shorter|longer|deeper|shallower|wider|narrower|broader|heavier|lighter|"
                     r"bigger|smaller|larger|greater|more|less|fewer|older|younger")
#: verbs of a change by an amount: "was lowered by 14 metres", "rose by 300", "extended by 2 km"
_CHANGE_VERBS = (r"lowered|raised|increased|decreased|reduced|grew|grown|rose|risen|fell|fallen|dropped|shrank|"
                 r"shrunk|cut|shortened|lengthened|extended|widened|narrowed|deepened")
_NUMBER = r"\d[\d,.]*(?:\s*(?:thousand|million|billion))?"
_UNIT_WORDS = r"(?:\s*-?\s*(?:" + _LENGTH_WORDS + r"|miles?|mi|tonnes?|tons?|kilogrammes?|kilograms?|kg|g|per\s*cent|%|" \
    r"years?|months?|weeks?|days?|hours?|minutes?|seconds?))?"
_DIFFERENCE_BEFORE_RE = re.compile(r"(?<![\d,.])(?P<figure>" + _NUMBER + _UNIT_WORDS + r")\s+(?:" + _DIFFERENCE_WORDS
                                   + r")\b", re.IGNORECASE)
_DIFFERENCE_BY_RE = re.compile(r"\b(?:" + _DIFFERENCE_WORDS + "|" + _CHANGE_VERBS + r")\b(?:\s+[^\W\d_][\w'’-]*){0,4}?"
                               r"\s+by\s+(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|"
                               r"just\s+)?(?P<figure>" + _NUMBER + _UNIT_WORDS + r")", re.IGNORECASE)


#: a sentence saying its figure is a changed one: a verb of change, then "to" and a number ("has been extended to
#: 318 km", "was raised from 41 to 44 metres"), or "now" and a number, then "up" or "down from" another ("is now 318
#: km long, up from 312 km")
_STATES_CHANGE_RE = re.compile(r"\b(?:" + _CHANGE_VERBS + r")\b[^.;:]*?\bto\s+(?:about\s+|some\s+|around\s+|roughly\s+|"
                               r"nearly\s+|almost\s+|just\s+)?\d"
                               r"|\bnow\s+(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|almost\s+|just\s+)?\d"
                               r"[^.;]*?\b(?:up|down)\s+from\s+\d", re.IGNORECASE)


def states_change(text: str) -> bool:
    """Whether ``text`` (a sentence) says its figure is a changed one, the new value of something measured or
    counted (:data:`_STATES_CHANGE_RE`: "Following the diversion, the trail is now 264 km long, up from 251 km", "The
    runway has been extended to 3.2 km"); not a change by an amount alone ("was lowered by 14 metres": a difference,
    :func:`difference_spans`) nor a plain figure ("The trail is 251 km long"). Never raises."""
    return bool(_STATES_CHANGE_RE.search(text or ""))


def difference_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) spans of the figures of ``text`` that are differences between two values, never a value of
    a thing: a figure right before a comparative of size or amount ("14 metres lower than the 3,312 metres", "300
    more visitors than in 2022") or after "by" following one or a verb of change ("higher by 14 m", "was lowered by
    14 metres", "rose by 300"). [] when there is none. Never raises."""
    text = text or ""
    return sorted({m.span("figure") for rx in (_DIFFERENCE_BEFORE_RE, _DIFFERENCE_BY_RE) for m in rx.finditer(text)})


def size_dimensions(text: str) -> set[str]:
    """The dimensions of size ("height", "length", "depth", "width", "weight") that ``text`` (a clause) says its
    figures measure: a word of :data:`SIZE_WORDS` ("38 metres high", "a height of 41 metres", "At 52 metres the
    tower is the tallest building"), a verb of height before its figure ("rises 48 metres", "soars 90 m"), a figure
    placing a thing at a height ("sits at 3,086 metres", "... above sea level"), and a length of an upright thing
    ("the 48-metre tower"; "The spire measures 61 metres", "the mast reaches 48 m"): its height; a figure "across"
    ("4.2 kilometres across") or a "diameter": its width; an amount of a way ("3.1 km of track", "18 miles of
    line"): its length; a figure placing a thing from another ("3 km east of the
    village", "12 miles from Orla", "5 km away"): "distance", no size of it. Empty when it names none ("The bridge is
    412 metres" names no dimension). Never raises."""
    text = text or ""
    words = re.findall(r"[^\W\d_]+", text.casefold())
    found = {SIZE_WORDS[w] for w in words if w in SIZE_WORDS}
    # a German, French or Spanish page's word for one ("91 Meter lang", "27 mètres de largeur": the English words
    # of shared.text.crosslang.LEXICON)
    found |= {SIZE_WORDS[e] for w in words if w not in SIZE_WORDS for e in english_of(w) if e in SIZE_WORDS}
    if _HEIGHT_VERB_RE.search(text) or _ELEVATION_RE.search(text) or _SUMMIT_RE.search(text) \
            or _UPRIGHT_FIGURE_RE.search(text) or (
            _MEASURE_VERB_RE.search(text) and _UPRIGHT_RE.search(text) and not found):
        found.add("height")
    if _ACROSS_RE.search(text):
        found.add("width")
    if way_nouns(text) or _END_TO_END_RE.search(text):
        found.add("length")
    if _OFFSET_RE.search(text):
        found.add("distance")
    return found


_WAY_NOUN_RE = re.compile(r"\b(?:" + _WAY_NOUNS + r")\b", re.IGNORECASE)


def names_a_way(text: str) -> bool:
    """Whether ``text`` names a way of :data:`_WAY_NOUNS` ("The line is 2.4 km long", "the pistes"; not "The drag lift
    is 410 m long"): a length of a way it gives may be one another sentence gives as an amount of a way."""
    return _WAY_NOUN_RE.search(text or "") is not None


def way_nouns(text: str) -> frozenset[str]:
    """The tokens (:func:`~shared.text.tokens.tokenize`) of the ways whose length ``text`` gives as an amount of them
    (:data:`_WAY_LENGTH_RE`, its figure in digits or words) or under a label naming the way (:data:`_WAY_LABEL_RE`):
    "The resort has 45 km of pistes" -> {"piste"}, "18 miles of line and 3 km of track" -> {"line", "track"}, "X:
    piste 54 km" -> {"piste"}; empty when it gives none ("The drag lift is 410 m long"). Such a figure is the length of
    those ways, not of another thing the other sentence measures. Never raises."""
    written = text or ""
    if not re.search(r"\d", written):  # a count in words: "eighty-six kilometres of pistes"
        written = numerize(written)[0]
    return frozenset(t for rx in (_WAY_LENGTH_RE, _WAY_LABEL_RE) for m in rx.finditer(written)
                     for t in tokenize(m.group("way")))


#: where a figure's own words after it end: a conjunction or a preposition opening another clause or phrase ("and
#: reaches ...", "with a summit of ..."), or another number ("... long and 9 metres wide")
_OWN_WORDS_END_RE = re.compile(r"\s(?:and|but|while|whereas|with|where|whose)\s|(?<=\s)\d")
#: where a figure's own words before it begin: after a conjunction or another figure with its unit ("212 metres deep
#: and 9": no depth of the 9)
_OWN_WORDS_START_RE = re.compile(r"\b(?:and|but|while|whereas)\b|\d[\d,.]*\s*[^\W\d_]*")


def figure_dimensions(text: str, start: int, end: int | None = None, *, clause: bool = False) -> set[str]:
    """The dimensions (:func:`size_dimensions`) the figure at ``text[start:]`` is said to measure: by its own words
    after it up to a clause break (``text[start:end]`` cut at , ; : ( ) |, or at another figure or a conjunction
    opening another phrase: "240 metres deep", "3 km east of the village", "17.8 km long and reaches a summit
    elevation of ..." a length only; "38 km between A and B" a length), else by up to three words before it in its
    clause after any other figure or conjunction, with its number ("a depth of 180", "Diameter 4.2 km", "Depth: 180
    m", "Orvi lies at 920"), else, with ``clause``, by its whole clause when that holds no other figure. Empty when
    none names one. Never raises."""
    number = re.match(r"\d[\d,.]*\d|\d", text[start:end])
    skip = len(number.group(0)) if number is not None else 0  # "1,986 metres": its comma parts no clause
    after = text[start:start + skip] + re.split(r"[,;:()|]", text[start + skip:end] if end is not None
                                                else text[start + skip:])[0]
    # the figure's own words end where another clause or figure begins: "17.8 kilometres long and reaches a summit
    # elevation of 1,986 metres" gives 17.8 a length, no height
    own = size_dimensions(_OWN_WORDS_END_RE.split(after)[0])
    if _END_TO_END_RE.match(after):  # "41.6 km between Orvi and Pessano": its "and" joins the two ends
        own = (own - {"distance"}) | {"length"}
    if not own:
        before = _OWN_WORDS_START_RE.split(re.split(r"[,;()|]", text[:start])[-1])[-1]
        # (with the figure's number: "lies at 916", "rises 48" place a thing at a height by a verb before it)
        own = size_dimensions(" ".join([*before.split()[-3:], text[start:start + skip]]))
    if not own and clause:
        around = re.split(r"[,;:()|]", text[:start])[-1] + re.split(r"[,;:()|]", text[start:])[0]
        if len(re.findall(r"\d+(?:[.,]\d+)*", around)) == 1:
            own = size_dimensions(around)
    return own


#: words that name a figure as the height a thing lies at, no dimension of it ("altitude 1,740 m", "an elevation of
#: 980 m")
_ELEVATION_WORD_RE = re.compile(r"\b(?:altitudes?|elevations?)\b", re.IGNORECASE)


def states_elevation(text: str, start: int, end: int | None = None) -> bool:
    """Whether the figure at ``text[start:]`` is said to be the height a thing lies at, no size of it: its own words
    after it up to a clause break or the next number, or up to three words before it in its clause, name an altitude or an elevation
    ("X: altitude 1740 m", "an elevation of 980 m") or place the thing at it ("1,740 m above sea level", "sits at
    2,100 metres", :data:`_ELEVATION_RE`). False for "38 metres high" or "412 hectares" (a size). Never raises."""
    text = text or ""
    own = text[start:end]
    number = re.match(r"\d[\d,.]*", own)
    later = re.search(r"\d", own[number.end():]) if number else None  # the figure ends before the next number
    if number is not None:  # (a thousands comma is no clause break: "1,620 m above sea level")
        rest = own[number.end():number.end() + later.start()] if later else own[number.end():]
        own = number.group(0) + re.split(r"[,;:()|]", rest)[0]
    else:
        own = re.split(r"[,;:()|]", own)[0]
    before = re.split(r"[,;()|]", text[:start])[-1]
    near = " ".join(before.split()[-3:])
    if _ELEVATION_WORD_RE.search(own) or _ELEVATION_WORD_RE.search(near):
        return True
    # "sits at 2,100 metres": the verb's "at" runs up to the figure's first digit
    return bool(_ELEVATION_RE.search(own)) or any(m.end() > len(before) for m in _ELEVATION_RE.finditer(before + own))


#: "How tall ...?", "how high": the adjective of size a question asks by
_HOW_SIZE_RE = re.compile(r"\bhow\s+([a-z]+)\b", re.IGNORECASE)


def size_words_held(question: str, text: str) -> frozenset[str]:
    """The :func:`~shared.text.tokens.tokenize` tokens of the adjective of size a "how" ``question`` asks by
    (:data:`SIZE_WORDS`: "tall" of "How tall is X?") when ``text`` gives a figure of its dimension in its own words
    ("The X is 84 metres high", "X: height 84 m": a height, as "tall" asks): the text states what the question asks,
    in other words. Empty when the question asks no "how <size>" or the text gives none of its dimension ("How does
    the height of X compare ...?" asks no size by "how"). Never raises."""
    how = _HOW_SIZE_RE.search(question or "")
    word = how.group(1).casefold() if how else ""
    if word not in SIZE_WORDS or not re.search(r"\d", text or "") or SIZE_WORDS[word] not in size_dimensions(text):
        return frozenset()
    return frozenset(tokenize(word))


#: words naming the extreme of a dimension of a thing, as a figure's label or its sentence says it: "top elevation
#: 1,960 m", "the summit station stands at 1,960 m", "maximum depth 62 m" (a superlative asks that figure)
_EXTREME_WORDS: dict[str, frozenset[str]] = {
    "height": frozenset("top summit peak upper highest maximum max crest".split()),
    "depth": frozenset("deepest maximum max".split()),
    "length": frozenset("longest maximum max total".split()),
    "width": frozenset("widest maximum max".split()),
    "weight": frozenset("heaviest maximum max".split()),
}


def extreme_words_held(question: str, text: str) -> frozenset[str]:
    """The :func:`~shared.text.tokens.tokenize` tokens of the superlatives of size ``question`` asks by (a word of
    :data:`SIZE_WORDS` ending in "-est": "highest" of "What is X's elevation at its highest point?" or "What is the
    highest elevation of X?") when ``text`` gives a figure of that dimension under a word naming its extreme
    (:data:`_EXTREME_WORDS`: "X: top elevation 1960 m", "its summit station stands at 1,960 m"): the text states the
    extreme asked, in other words; a base or valley figure ("X: base elevation 870 m") names none. Empty when the
    question asks no such superlative. Never raises."""
    asked = {w for w in re.findall(r"[a-z]+", (question or "").casefold()) if w.endswith("est") and w in SIZE_WORDS}
    if not asked or not re.search(r"\d", text or ""):
        return frozenset()
    # (the extreme word and the figure of its dimension in one clause: "its crest is 305 metres long" names no top
    # height beside "61 metres high")
    clauses = [(set(re.findall(r"[a-z]+", c.casefold())), size_dimensions(c))
               for c in re.split(r"[,;:()]|\b(?:and|but|while|whereas)\b", text) if re.search(r"\d", c)]
    return frozenset(t for w in asked
                     if any(SIZE_WORDS[w] in dims and words & _EXTREME_WORDS.get(SIZE_WORDS[w], frozenset())
                            for words, dims in clauses)
                     for t in tokenize(w))


#: a superlative of the question's that stands in a text (group ``sup``): each use is read against
#: :data:`_RANKED_RE`
_SUPERLATIVE_WORD_RE = re.compile(r"\b(?:[a-z]+est|most|fewest|least)\b", re.IGNORECASE)
#: a superlative said of a rank below the top or of one among several: "the second-highest figure", "third largest",
#: "the 2nd highest", "one of the highest", "among the largest" (group ``sup``)
_RANKED_RE = re.compile(r"\b(?:(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d{1,2}(?:st|nd|rd|th))"
                        r"[\s-]+|(?:one|some|several)\s+of\s+the\s+|among\s+the\s+)(?P<sup>[a-z]+est|most|fewest|least)\b",
                        re.IGNORECASE)
#: a figure set below a record another time holds: "after the record year 2019", "behind the record of 2019"
_BELOW_RECORD_RE = re.compile(r"\b(?:after|behind|below|short\s+of|under)\s+(?:the\s+|its\s+|a\s+)?"
                              r"(?:[^\W\d_]+\s+){0,2}?record\b", re.IGNORECASE)


def ranked_superlatives(question: str, text: str) -> frozenset[str]:
    """The :func:`~shared.text.tokens.tokenize` tokens of the superlatives ``question`` asks by ("highest" of "What
    was the highest attendance of X?") that ``text`` says only of a rank below the top or of one among several
    (:data:`_RANKED_RE`: "the second-highest figure", "one of the highest"), or writes in a sentence setting its
    figure below a record (:data:`_BELOW_RECORD_RE`: "68,400 visitors, the second-highest figure after the record
    year 2019"): the text names that superlative but says its figure is not the extreme asked. Empty when the
    question asks no superlative or the text also uses it plainly ("the highest attendance"). Never raises."""
    asked = {w.casefold() for w in _SUPERLATIVE_WORD_RE.findall(question or "")}
    if not asked or not text:
        return frozenset()
    ranked = {m.start("sup") for m in _RANKED_RE.finditer(text)}
    below = _BELOW_RECORD_RE.search(text) is not None
    out: set[str] = set()
    for w in asked:
        uses = [m for m in re.finditer(rf"\b{re.escape(w)}\b", text, re.IGNORECASE)]
        if uses and (below or all(m.start() in ranked for m in uses)):
            out.update(tokenize(w))
    return frozenset(out)
