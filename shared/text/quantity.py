"""What kind of quantity a question asks for, and whether a sentence states a figure of that kind (no model).

"What is the range of the Lumen X3?" asks for a length; "The Lumen X3 has a range of 110 km" states one (a number
with a unit of length) and "The 620 Wh battery charges in about five hours" states an energy and a time, no length.

- :func:`asked_quantity` reads the kind from the question's attribute ("the <attribute> of <name>": range, weight,
  price, speed, population ...) or its "how <adjective>" ("how far", "how heavy", "how fast", "how much does ...
  cost").
- :func:`stated_kinds` reads the kinds of the figures a sentence states (a number followed by a unit word or
  preceded by a currency sign; a number followed by a count noun is a count; a year is none).
- :func:`states_quantity` says whether a sentence states a figure of one of the asked kinds.
- :func:`counted_nouns` reads what a "how many" question counts ("How many arches does ..." -> ``("arch",)``) and
  :func:`counts` the numbers of a sentence that count it ("The bridge has nine arches" -> ``["nine"]``; a length,
  a sum of money or a year is no count of arches); :func:`is_measure` says whether a number of a sentence is a
  measure (a number with a unit, a sum of money, a share).

Kinds: ``length``, ``mass``, ``money``, ``speed``, ``time``, ``power``, ``energy``, ``charge``, ``volume``,
``area``, ``temperature``, ``voltage``, ``data``, ``gradient`` (how steep a way is: "a maximum gradient of 46 %",
:func:`gradient_figure`), ``count`` (a plain number of things: "12,400 inhabitants").
English words only; the unit lexicon is deliberately small and fast (no unit registry to build per process).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from shared.text.crosslang import head_english
from shared.text.numbers import numerize
from shared.text.relations import relations_of
from shared.text.sizes import difference_spans
from shared.text.synonyms import ment_verb_stem, narrower_kinds, near_synonyms, phrased_as, snowball_stem
from shared.text.tokens import is_stopword, tokenize
from shared.text.verbs import simple_past

__all__ = ["ASIDE_RE", "LATEST_RE", "AMOUNT_KINDS", "PRICE_WORDS", "money_noun", "unit_plural", "asks_duration", "held_state_start", "asks_weight", "ATTRIBUTE_KINDS", "ATTRIBUTE_MODIFIERS", "act_count_attribute", "asked_count_nouns", "verb_counted", "verb_counted_nouns",
           "with_counted_objects", "FIGURE_WORDS", "PEOPLE_NOUNS", "VISITOR_NOUNS", "PASSENGER_NOUNS", "UNIT_HYPHEN", "asked_quantity", "asked_unit", "with_asked_unit", "without_asked_unit", "stated_kinds", "states_quantity",
           "figure_kind", "gradient_figure", "gradient_value", "names_steepness",
           "quantity_attributes", "compared_quantity", "counted_nouns", "counts", "is_measure", "counts_measure",
           "quantity_words", "states_asked", "unit_measure", "counting_verb", "worded_attribute", "attribute_count_nouns", "other_count",
           "capacity_nouns", "holds_people", "PEOPLE_HOLDERS", "AMOUNT_FAMILIES", "PAST_FRAME", "FIRST_STATE_FRAME", "past_framed", "asks_price", "asks_size", "whole_amount", "per_unit", "period_total"]

_LENGTH, _MASS, _MONEY, _SPEED, _TIME = ("length",), ("mass",), ("money",), ("speed",), ("time",)
#: how steep a way is: a percentage, a ratio or an angle of a sentence naming its steepness (:func:`gradient_figure`)
_GRADIENT = ("gradient",)

#: the attribute a question asks for -> the kinds of figure that state it
ATTRIBUTE_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("range distance length height width depth elevation altitude diameter radius span wingspan "
                    "circumference thickness reach".split(), _LENGTH),
    **dict.fromkeys("weight mass".split(), _MASS),
    **dict.fromkeys("price cost budget revenue revenues salary fee fare turnover worth profit profits income earnings money "
                    "loss losses surplus deficit".split(), _MONEY),
    **dict.fromkeys("speed velocity".split(), _SPEED),
    **dict.fromkeys("duration runtime lifespan".split(), _TIME),
    **dict.fromkeys("power output wattage".split(), ("power",)),
    "capacity": ("energy", "charge", "volume", "count", "data", "mass"),
    "volume": ("volume",), "area": ("area",), "temperature": ("temperature",), "voltage": ("voltage",),
    # a device's figures a buyer asks ("How much torque does the Voltrex V12 have?": "30 Nm")
    "torque": ("torque",), "pressure": ("pressure",), "brightness": ("brightness",),
    # how steep a line, a road or a slope is ("What is the maximum gradient of the line?": "46 %", "1 in 4")
    **dict.fromkeys("gradient incline inclination steepness slope".split(), _GRADIENT),
    **dict.fromkeys("population attendance footfall admissions enrollment enrolment workforce toll casualties "
                    "membership ridership circulation".split(), ("count",)),
}

#: "how <adjective>" -> the kinds of figure that answer it
_HOW_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("far tall high deep wide long".split(), _LENGTH), "long": ("length", "time"),
    "heavy": _MASS, "fast": _SPEED, "expensive": _MONEY, "cheap": _MONEY, "populous": ("count",),
    "hot": ("temperature",), "cold": ("temperature",), "warm": ("temperature",), "powerful": ("power",),
    "short": ("length", "time"), "narrow": _LENGTH, "shallow": _LENGTH, "light": _MASS, "slow": _SPEED,
    "steep": _GRADIENT,  # "How steep is the road?": its gradient, never its length
    **dict.fromkeys("big large small huge tiny".split(), ("length", "area", "volume")),
}
#: "how <adjective>" words that ask a size, a dimension, never a count ("How big is the waterwheel?" asks its
#: diameter, not how many apprentices it has); an attribute named after them says which size ("How big is the
#: population of Halvik?" asks a count, "How large was the film's budget?" money)
_SIZE_ADJECTIVES = frozenset("big large small huge tiny".split())

#: words before an attribute that say which of its figures is asked ("the top speed", "the latest attendance")
ATTRIBUTE_MODIFIERS = (r"top|maximum|max|minimum|min|average|total|official|claimed|estimated|current|real|actual|"
                       r"battery|retail|list|latest|newest|most\s+recent|recent|last")
#: words after an attribute that name its figure ("the attendance figure of", "the population count of", "the power
#: rating of")
FIGURE_WORDS = r"figures?|numbers?|totals?|counts?|levels?|ratings?"
_ATTRIBUTE_RE = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the\s+|its\s+|his\s+|her\s+|their\s+)?(?:(?:"
    + ATTRIBUTE_MODIFIERS + r")\s+)?(?:[a-z]+\s+)?(?P<attr>"
    + "|".join(sorted(ATTRIBUTE_KINDS, key=lambda w: (-len(w), w))) + r")\b(?:\s+(?:" + FIGURE_WORDS
    + r"))?(?=\s+(?:of|for)\b)", re.IGNORECASE)  # "the death toll of", "the latest attendance figure of"
#: attributes that also name other things than a figure ("In what area is the museum?", "What range does the shop
#: sell?", "What output does the script print?"): read as a quantity only after "what is the ... of"
_AMBIGUOUS_ATTRIBUTES = frozenset("area range volume output reach worth toll loss losses slope incline".split())
_ATTRIBUTE_ALTERNATIVES = "|".join(sorted(ATTRIBUTE_KINDS, key=lambda w: (-len(w), w)))
#: the attribute asked as "what <attribute>" before a verb or after a preposition: "At what altitude is the hut?",
#: "What height is the tower?", "To what depth can it dive?", "What price does the Zeta sell for?", and after a word
#: saying whose part's attribute it is ("What nozzle temperature can the printer reach?", "What hull length is ...?")
_WHAT_ATTRIBUTE_RE = re.compile(
    r"\b(?:(?:at|to|from|of|with)\s+)?(?:what|which)\s+(?:(?:" + ATTRIBUTE_MODIFIERS + r")\s+)?"
    r"(?:(?!(?:" + ATTRIBUTE_MODIFIERS + r"|kind|type|sort)\b)[a-z]+\s+)?(?P<attr>"
    + _ATTRIBUTE_ALTERNATIVES + r")\b(?=\s+(?:is|was|are|were|does|do|did|can|could|will|would|has|have|had|should|"
    r"must|may|might)\b)", re.IGNORECASE)
#: the attribute ending a "what is" question, after a possessive or a noun it qualifies: "What is the Kaltfirn Hut's
#: elevation?", "What is the hut altitude?" (no "of": the figure asked is the question's last word)
_FINAL_ATTRIBUTE_RE = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the\s+|its\s+|his\s+|her\s+|their\s+)?(?:[\w'’.\-]+\s+){0,6}?"
    r"(?:(?:" + ATTRIBUTE_MODIFIERS + r")\s+)?(?P<attr>" + _ATTRIBUTE_ALTERNATIVES + r")(?:\s+(?:" + FIGURE_WORDS
    + r"))?\s*[?.!]*\s*$", re.IGNORECASE)
#: a count of those who came asked with "at" or "in" after it ("What was the attendance at the Orla Fair in 2023?",
#: "What was the footfall in the museum last year?"): the attribute is the count of visitors
_ATTENDANCE_AT_RE = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the\s+|its\s+|their\s+)?(?:(?:" + ATTRIBUTE_MODIFIERS
    + r")\s+)?(?:[a-z]+\s+)?(?P<attr>attendance|footfall|admissions)(?:\s+(?:" + FIGURE_WORDS + r"))?"
    r"(?=\s+(?:at|in|on)\b)", re.IGNORECASE)
#: a height above the sea asked in any wording ("What is the height above sea level of Orla?", "How far above sea
#: level ...?"): a length
_SEA_LEVEL_RE = re.compile(r"\babove\s+(?:mean\s+)?sea[\s-]+level\b|\ba\.?s\.?l\.?\b", re.IGNORECASE)
_HOW_RE = re.compile(r"\bhow\s+(?P<adj>[a-z]+)\b", re.IGNORECASE)
#: "how long" asked of how long something lasts or takes ("How long does the battery last?", "How long did the
#: crossing take?"): a duration, never a length
_HOW_LONG_LASTS_RE = re.compile(r"\bhow\s+long\s+(?:does|do|did|will|would|can|could|should|is|are)\b[^?]*?\b"
                                r"(?:last|lasts|lasted|take|takes|took)\b", re.IGNORECASE)
#: "how long" before an auxiliary ("How long did ...", "How long has ...", "How long was ..."); ``aux`` is the
#: auxiliary, ``rest`` the question after it
_HOW_LONG_AUX_RE = re.compile(r"\bhow\s+long\s+(?P<aux>does|do|did|will|would|can|could|should|has|have|had|is|are|"
                              r"was|were)\b(?P<rest>[^?]*)", re.IGNORECASE)
#: "how long ago": a time elapsed, never a length
_HOW_LONG_AGO_RE = re.compile(r"\bhow\s+long\s+ago\b", re.IGNORECASE)
#: verbs that give a length after "how long did / does" ("How long does the wall stretch?", "How long can the pike
#: grow?", "How long does the rope need to be?"): the question asks a length (or either), no duration
_LENGTH_VERB_RE = re.compile(r"\b(?:stretch|stretches|stretched|extend|extends|extended|span|spans|spanned|measure|"
                             r"measures|measured|reach|reaches|reached|grow|grows|grew|be)\b", re.IGNORECASE)
#: a state or a use held for a time, said after the subject of "how long is / was <subject> ...": "in (commercial)
#: use", "in service", "open", "closed to traffic", "used for grinding", "under construction", "on display" ...; a
#: word read as a state only at the question's end or before a preposition or a time ("How long is the museum open
#: on Sundays?"), never before a noun it qualifies ("How long is the running track?" asks a length)
_HELD_STATE_RE = re.compile(
    r"\b(?:(?:in|into)\s+(?:[^\W\d_]+\s+){0,2}?(?:use|service|operation|business|office|power|production|existence|"
    r"charge|command|exile|prison|orbit)|under\s+construction|on\s+(?:display|show|loan|air|sale|tour)"
    r"|(?:open|opened|closed|shut|active|operational|operating|running|working|used|operated|run|worked|owned|held|"
    r"occupied|inhabited|ruled|led|managed|employed|married|alive|abandoned|derelict|empty|vacant|unused|built|"
    r"missing|away)(?=\s*$|\s+(?:on|in|at|for|from|until|till|after|before|during|each|every|per|as|by|to|"
    r"when|while|since|under|with|without|a|an|daily|weekly|today|now|then|there)\b|\s*,))", re.IGNORECASE)
#: "how much ... cost / pay / spend / earn", "how much money" (or "prize money"), "what did ... cost", "what does ... pay for", "how
#: much is a ticket", "what is the ticket price at": an amount of money is asked
_COST_RE = re.compile(r"\bhow\s+much\b(?:\s+(?:[^\W\d_]+\s+)?money\b|.*\b(?:cost|costs|sell|sells|sold|pay|pays|paid|price|priced|spend|"
                      r"spends|spent|earn|earns|earned|charge|charges|charged|worth)\b)|\bwhat\s+(?:did|does|do|will|"
                      r"would)\b.*\b(?:cost|pay|spend)(?=\W*$|\s+(?:for|to|per|at|in|on)\b)"
                      # "How much is an adult ticket?", "How much are tickets?", "How much is admission?": a price
                      r"|\bhow\s+much\s+(?:is|are|was|were)\b.*\b(?:ticket|tickets|admission|entry|entrance|fee|fees|"
                      r"fare|fares|toll|tolls|membership)\b"
                      # "What is the adult ticket price at X?", "What is the entry fee?": a price
                      r"|\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the\s+|its\s+|their\s+)?(?:[a-z]+\s+){0,2}"
                      r"(?:price|prices|fee|fees|fare|fares)(?=\s+(?:of|for|at|in|on|to)\b|\W*$)", re.IGNORECASE)
#: "how much <attribute>" ("How much revenue does the mill make?", "How much power does it produce?")
_HOW_MUCH_ATTRIBUTE_RE = re.compile(r"\bhow\s+much\s+(?:(?:" + ATTRIBUTE_MODIFIERS + r")\s+)?(?P<attr>"
                                    + _ATTRIBUTE_ALTERNATIVES + r")\b", re.IGNORECASE)
#: "how much does X weigh", "Wie viel wiegt ...?", "Wie schwer ist ...?", "Combien pèse ...?", "¿Cuánto pesa ...?",
#: "Quanto pesa ...?": a weight is asked, in any of the languages a question is read in
_WEIGH_RE = re.compile(r"\bhow\s+much\b.*\bweigh(?:s|ed)?\b|\bwie\s*viel\b.*\bwieg(?:t|en|t?e)\b|\bwie\s+schwer\b|"
                       r"\bcombien\b.*\bp[eè]s(?:e|ent|ait|aient)\b|\b(?:cu[aá]nto|quanto)\b.*\bpes(?:a|an|ano|aba)\b",
                       re.IGNORECASE)
#: "how much <noun>" before its verb ("How much paper did the mill make?", "How much water does the tank hold?"): an
#: amount of a mass noun, no count of it
_HOW_MUCH_NOUN_RE = re.compile(r"\bhow\s+much\s+(?P<noun>[^\W\d_]+)\s+(?:is|was|are|were|does|do|did|can|could|will|"
                               r"would|has|have|had|should|must|may|might)\b", re.IGNORECASE)
#: the kinds of figure an amount of a mass noun is given in ("4,250 tonnes of paper", "1.2 million litres of water",
#: "38 GWh of electricity", "12 hectares of land")
AMOUNT_KINDS = ("mass", "volume", "energy", "area")
#: what a works makes in a period ("the mill's annual output", "yearly production", "its daily output"): an amount
#: of its product, no power ("the annual power output" of a plant is its attribute "output" read as power)
_PERIOD_OUTPUT_RE = re.compile(r"\b(?:annual|yearly|monthly|weekly|daily|hourly)\s+(?:output|production)\b",
                               re.IGNORECASE)
_OUTPUT_AMOUNT = ("mass", "volume", "energy", "count")
#: mass nouns whose amount is of one kind: time, money, a depth of rain or snow
_AMOUNT_NOUNS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("time".split(), _TIME),
    **dict.fromkeys("money cash funding funds capital investment aid tax taxes rent debt donations".split(), _MONEY),
    **dict.fromkeys("rain rainfall snow snowfall precipitation".split(), ("length", "volume")),
    # a liquid is measured by its volume or its weight ("2.4 million litres", "40 tonnes of fuel"), never by an area
    **dict.fromkeys("water seawater freshwater oil fuel petrol gasoline diesel milk wine beer juice liquid "
                    "sewage".split(), ("volume", "mass")),
}


def money_noun(word: str) -> bool:
    """Whether ``word`` (a :func:`shared.text.tokens.tokenize` token or as written) is a mass noun of money
    (:data:`_AMOUNT_NOUNS`: "money", "cash", "funds"). Never raises."""
    return _AMOUNT_NOUNS.get((word or "").casefold()) == _MONEY


def amount_noun(question: str) -> str | None:
    """The mass noun whose amount ``question`` asks ("How much water does the tank hold?" -> "water", "How much paper
    did the mill make?" -> "paper"): the noun right after "how much" and before its verb, when :func:`asked_quantity`
    reads the question as an amount of it (of :data:`AMOUNT_KINDS`, or the kinds its noun is measured in: a liquid's
    volume or weight, "time" in hours, "money" in euros). A figure of those kinds states that amount without naming the noun ("The tank holds 2.4
    million litres"). None for any other question ("How much does it cost?", "How much revenue ...?": an attribute). Never raises."""
    q = " ".join((question or "").split())
    noun = _HOW_MUCH_NOUN_RE.search(q)
    if noun is None:
        return None
    word = noun.group("noun").lower()
    measured = _AMOUNT_NOUNS.get(word, AMOUNT_KINDS)
    return word if asked_quantity(q) == measured else None


def quantity_attributes() -> list[str]:
    """The attribute words :func:`asked_quantity` reads as a quantity ("range", "weight", "price" ...), longest
    first (for building patterns)."""
    return sorted(ATTRIBUTE_KINDS, key=lambda w: (-len(w), w))


def asked_quantity(question: str) -> tuple[str, ...]:
    """The kinds of figure ``question`` asks for, or () when it asks for no quantity of a known kind.

    "What is the range of the Lumen X3?" -> ("length",); "What was the top speed of ...?" -> ("speed",); "How
    heavy is ...?" -> ("mass",); "How much does the X cost?" -> ("money",); "How long is the bridge?" -> ("length",
    "time"); "How long does the battery last?" / "How long did the crossing take?" -> ("time",) (a duration); "What is the population of Halvik?" -> ("count",); "How big is the waterwheel?" -> ("length", "area",
    "volume") (a size, never a count; a named attribute says which size: "How big is the population of Halvik?" ->
    ("count",)); "How much revenue does the mill make?" -> ("money",) (the attribute after "how much"); "How much
    paper did the mill make?" -> ("mass", "volume", "energy", "area") (an amount of a mass noun before its verb, never
    a count of it; "How much time ...?" -> ("time",), "How much funding ...?" -> ("money",)); "What is the mill's
    annual output?" -> ("mass", "volume", "energy", "count") (what a works makes in a period, in any wording). The
    attribute may also be asked as "what <attribute>" before a verb or after a preposition ("At what altitude is
    the hut?", "What height is the tower?"), end a "what is" question ("What is the hut's elevation?"), and a height "above sea level" is a length in any
    wording. An attribute that also names other things ("area", "range", "volume", "output": "What area is the
    museum in?") is read only after "what is the ... of". The capacity of a thing that holds people
    (:func:`holds_people`: "What is the capacity of one car?", "What is each cabin's capacity?") is a count of them,
    ("count",), never the litres of a tank. Never raises."""
    q = " ".join((question or "").split())
    kinds = _asked_kinds(q)
    if kinds == ATTRIBUTE_KINDS["capacity"] and holds_people(q):
        return ("count",)
    return kinds


def asks_size(question: str) -> bool:
    """Whether ``question`` asks how big a thing is by an adjective of size and names no attribute of it
    (:data:`_SIZE_ADJECTIVES`: "How large is the Orlin Farm?", "How big was the Halvik bell?"): its size, an area, a
    length or a volume, never where it lies (an elevation is no size: :func:`shared.text.sizes.states_elevation`).
    False for "How big is the population of Halvik?" (a named attribute says what is asked) and for any question
    without such an adjective. Never raises."""
    q = " ".join((question or "").split())
    h = _HOW_RE.search(q)
    if h is None or h.group("adj").lower() not in _SIZE_ADJECTIVES:
        return False
    return re.search(r"\b(" + _ATTRIBUTE_ALTERNATIVES + r")\b", q[h.end():], re.IGNORECASE) is None


def asks_duration(question: str) -> bool:
    """Whether ``question`` asks "how long" of a time something lasted, held or was done, a duration (years, days,
    hours), never a length in metres: "how long" before a verb of lasting or taking ("How long does the battery
    last?", "How long did the crossing take?"), before a perfect ("How long has the shop been open?", "How long have
    the Orlins farmed here?"), before "do / did / does" and another verb than one giving a length ("How long did the
    family operate the mill?"; not "How long does the wall stretch?", :data:`_LENGTH_VERB_RE`), before "is / was" and
    a state or use held after the subject ("How long was the mill in commercial use?", "How long is the museum open
    on Sundays?", "How long was the bridge closed to traffic?", :data:`_HELD_STATE_RE`), and "how long ago". False
    for "How long is the bridge?", "How long was the ship?" (a length, or either) and any question without "how
    long". Never raises."""
    q = " ".join((question or "").split())
    if _HOW_LONG_LASTS_RE.search(q) or _HOW_LONG_AGO_RE.search(q):
        return True
    m = _HOW_LONG_AUX_RE.search(q)
    if m is None:
        return False
    aux, rest = m.group("aux").lower(), m.group("rest")
    if aux in ("has", "have", "had"):  # "How long has the shop been open?": a time up to then
        return True
    if aux in ("is", "are", "was", "were"):
        return _HELD_STATE_RE.search(rest) is not None
    return re.search(r"[^\W\d_]", rest) is not None and _LENGTH_VERB_RE.search(rest) is None


def held_state_start(text: str) -> int | None:
    """Where the state or use a "how long is / was <subject> ..." question asks of begins in ``text`` (the question
    after its auxiliary: "the mill in commercial use" -> 9, before "in commercial use"; "the museum open on
    Sundays" -> 11), :data:`_HELD_STATE_RE`; None when it names none ("the bridge"). Never raises."""
    m = _HELD_STATE_RE.search(text or "")
    return m.start() if m is not None else None


def unit_measure(question: str) -> str | None:
    """The kind of figure (a key of the unit table: "length", "mass" ...) ``question`` asks for by "how many" and a
    unit of measure with a word of its dimension (:data:`_UNIT_MEASURE_RE`: "How many miles long is the line?" ->
    "length", "How many kilograms does the bell weigh?" -> "mass"): a figure of a size, no count of units. None for
    any other question ("How many miles of track are there?" counts no dimension here; "How many euros ...?" money
    is no size). Never raises."""
    m = _UNIT_MEASURE_RE.search(" ".join((question or "").split()))
    unit = m.group("unit").casefold() if m is not None else ""
    kind = _UNITS.get(unit) if unit not in _AMBIGUOUS_UNITS else None
    return kind if kind is not None and kind != "money" else None


def _asked_kinds(q: str) -> tuple[str, ...]:
    """:func:`asked_quantity` of the question ``q`` (its white space made single) before a capacity is read as a
    count of people."""
    measured = unit_measure(q)  # "How many miles long is the line?": a length
    if measured is not None:
        return (measured,)
    q = without_asked_unit(q)  # "What is the height in metres of X?": the height of X
    if _PERIOD_OUTPUT_RE.search(q):  # "the mill's latest annual output": an amount made in a year
        return _OUTPUT_AMOUNT
    m = _ATTRIBUTE_RE.search(q)
    if m is not None and m.group("attr").lower() in ATTRIBUTE_KINDS:
        return ATTRIBUTE_KINDS[m.group("attr").lower()]
    if _COST_RE.search(q):
        return _MONEY
    if _WEIGH_RE.search(q):
        return _MASS
    much = _HOW_MUCH_ATTRIBUTE_RE.search(q)  # "How much revenue does ...?": the attribute's kind
    if much is not None and much.group("attr").lower() not in _AMBIGUOUS_ATTRIBUTES:
        return ATTRIBUTE_KINDS[much.group("attr").lower()]
    h = _HOW_RE.search(q)
    if h is not None and h.group("adj").lower() == "long" and asks_duration(q):
        return _TIME  # "How long does the battery last on one charge?": how long it runs, no length
    if h is not None and h.group("adj").lower() in _HOW_KINDS:
        if h.group("adj").lower() in _SIZE_ADJECTIVES:
            named = re.search(r"\b(" + _ATTRIBUTE_ALTERNATIVES + r")\b", q[h.end():], re.IGNORECASE)
            if named is not None:
                return ATTRIBUTE_KINDS[named.group(1).lower()]
        return _HOW_KINDS[h.group("adj").lower()]
    noun = _HOW_MUCH_NOUN_RE.search(q)  # "How much paper did the mill make?": an amount (mass, volume ...)
    if noun is not None and not is_stopword(noun.group("noun").lower()) and not _comparative(noun.group("noun")):
        return _AMOUNT_NOUNS.get(noun.group("noun").lower(), AMOUNT_KINDS)
    other = _worded_attribute(q)
    if other is not None:
        return ATTRIBUTE_KINDS[other.group("attr").lower()]
    if _SEA_LEVEL_RE.search(q):
        return _LENGTH
    return ()


#: adjectives whose comparative may follow "how much" besides those of :data:`_HOW_KINDS` ("How much cheaper was ...?")
_COMPARED_ADJECTIVES = frozenset("cheap great old young late early rich poor busy costly".split())


def _comparative(word: str) -> bool:
    """Whether ``word`` is "less" or the comparative of an adjective that measures something ("cheaper", "bigger",
    "heavier", "larger"): "How much cheaper was ...?" asks a difference, no amount of a noun ("paper", "water" are
    nouns: their base is no such adjective)."""
    low = word.lower()
    if low in ("less", "further", "farther"):
        return True
    if not low.endswith("er"):
        return False
    bases = {low[:-2], low[:-1], low[:-3] + "y", low[:-3]}  # cheap-er, larg-er, heavi-er, bigg-er
    return any(b in _HOW_KINDS or b in _COMPARED_ADJECTIVES for b in bases)


def _worded_attribute(question: str) -> re.Match[str] | None:
    """The attribute ``question`` asks for in another wording than "what is the <attribute> of": "what
    <attribute>" before a verb or after a preposition (:data:`_WHAT_ATTRIBUTE_RE`) or the last word of a "what is"
    question (:data:`_FINAL_ATTRIBUTE_RE`); never one of :data:`_AMBIGUOUS_ATTRIBUTES`, except an output of a period
    (:data:`_PERIOD_OUTPUT_RE`: "What is the mill's annual output?"), or a count of those who came asked with "at" or
    "in" after it (:data:`_ATTENDANCE_AT_RE`: "What was the attendance at the fair?"). None when there is none."""
    for pattern in (_WHAT_ATTRIBUTE_RE, _FINAL_ATTRIBUTE_RE, _ATTENDANCE_AT_RE):
        m = pattern.search(question)
        # an output of a period ("the mill's latest annual output") is a figure, whatever else "output" names
        if m is not None and (m.group("attr").lower() not in _AMBIGUOUS_ATTRIBUTES
                              or _PERIOD_OUTPUT_RE.search(m.group(0))):
            return m
    return None


def asks_weight(question: str) -> bool:
    """Whether ``question`` asks how much something weighs in words that ask an amount ("How much does the bell
    weigh?", "Wie viel wiegt das Hauptstück?", "Combien pèse la cloche ?", "¿Cuánto pesa?"): a figure of mass,
    no count. Never raises."""
    return bool(_WEIGH_RE.search(question or ""))


def worded_attribute(question: str) -> str | None:
    """The attribute (lower case) ``question`` asks for as "what <attribute>" before a verb or after a preposition
    ("At what altitude is the hut?" -> "altitude", "What height is the tower?" -> "height") or as the last word of
    a "what is" question ("What is the hut's elevation?" -> "elevation"); None for any other wording (the "what is
    the <attribute> of" form included) and for an attribute that also names other things ("What area is it in?").
    Never raises."""
    m = _worded_attribute(" ".join((question or "").split()))
    return m.group("attr").lower() if m is not None else None


#: unit words (case-folded) -> kind; a few symbols whose case matters are in :data:`_CASED_UNITS`
_UNITS: dict[str, str] = {
    **dict.fromkeys("km kilometre kilometres kilometer kilometers m metre metres meter meters cm centimetre "
                    "centimetres centimeter centimeters mm millimetre millimetres millimeter millimeters ft foot feet "
                    "in inch inches mi mile miles yd yard yards nmi".split(), "length"),
    **dict.fromkeys("kg kilogram kilograms kilo kilos g gram grams grammes lb lbs pound pounds oz ounce ounces "
                    "t tonne tonnes ton tons".split(), "mass"),
    # a weight written in German, French or Spanish ("1.340 Kilogramm", "2 300 kilogrammes", "12 toneladas")
    **dict.fromkeys("kilogramm gramm tonnen kilogramme kilogrammes gramme kilogramos gramos toneladas".split(), "mass"),
    **dict.fromkeys("km/h kmh kph mph knots knot m/s mm/s cm/s km/s ft/s in/s".split(), "speed"),
    **dict.fromkeys("s sec secs second seconds min mins minute minutes h hr hrs hour hours day days week weeks "
                    "month months year years".split(), "time"),
    **dict.fromkeys("w watt watts kw kilowatt kilowatts mw megawatt megawatts hp horsepower".split(), "power"),
    **dict.fromkeys("wh kwh mwh gwh j kj mj kcal calories".split(), "energy"),
    **dict.fromkeys("mah ah".split(), "charge"),
    **dict.fromkeys("l litre litres liter liters ml millilitre millilitres milliliter milliliters gallon gallons "
                    "m3 m³".split(), "volume"),
    **dict.fromkeys("km2 km² m2 m² hectare hectares ha acre acres".split(), "area"),
    **dict.fromkeys("°c °f degrees celsius fahrenheit".split(), "temperature"),
    **dict.fromkeys("v volt volts kv".split(), "voltage"),
    **dict.fromkeys("nm newton-metres newton-metre newton-meters newton-meter ft-lb ft-lbs".split(), "torque"),
    **dict.fromkeys("pa kpa mpa hpa psi bar atm".split(), "pressure"),
    **dict.fromkeys("lm lumen lumens".split(), "brightness"),
    **dict.fromkeys("gb tb mb kb gigabytes terabytes megabytes".split(), "data"),
    **dict.fromkeys("euro euros eur dollar dollars usd gbp yen krona kronor kroner crown crowns koruna franc francs chf "
                    "sek nok dkk czk "
                    "rupees rupee yuan cny".split(), "money"),
}
#: words that are no unit after a number though the unit table has them ("3 in 10", "one a day")
_AMBIGUOUS_UNITS = frozenset("in a an t s g h l v w j m".split())
#: the unit a question asks its figure in, after the attribute ("What is the height in metres of X?", "What is the
#: hut's elevation, in feet?"): group ``unit``, a unit word of :data:`_UNITS`
_ASKED_UNIT_RE = re.compile(r",?\s+in\s+(?P<unit>[^\W\d_]+)\b,?(?=\s+(?:of|for)\b|\s*[?.!]*\s*$)", re.IGNORECASE)


def without_asked_unit(question: str) -> str:
    """``question`` without the unit it asks its figure in (:data:`_ASKED_UNIT_RE`: "What is the height in metres of
    X?" -> "What is the height of X?"; "What is the hut's elevation in feet?" -> "What is the hut's elevation?"): the
    unit says in what the figure is given, not which attribute is asked. ``question`` as it is when it names none
    ("in Halvik", "in 2020" are no units)."""
    def drop(m: re.Match[str]) -> str:
        unit = m.group("unit").casefold()
        return "" if unit in _UNITS and unit not in _AMBIGUOUS_UNITS else m.group(0)

    return _ASKED_UNIT_RE.sub(drop, question)


def asked_unit(question: str) -> str | None:
    """The unit word (case-folded, as the question writes it) ``question`` asks its figure in: by "how many" and a
    word of the dimension (:data:`_UNIT_MEASURE_RE`, :func:`unit_measure`: "How many miles long is X?" -> "miles",
    "How many kilograms does the bell weigh?" -> "kilograms") or after the attribute (:data:`_ASKED_UNIT_RE`: "What
    is the height in metres of X?" -> "metres"). None when it asks none, or a sum of money ("How many euros ...?")
    or a word that is no unit of :data:`_UNITS` ("in Halvik"). Never raises."""
    q = " ".join((question or "").split())
    m = _UNIT_MEASURE_RE.search(q) if unit_measure(q) is not None else None
    if m is None:
        m = _ASKED_UNIT_RE.search(q)
    unit = m.group("unit").casefold() if m is not None else ""
    if unit not in _UNITS or unit in _AMBIGUOUS_UNITS or _UNITS[unit] == "money":
        return None
    return unit


def _converted(amount: float, unit: str, to: str) -> float | None:
    """``amount`` of ``unit`` in the unit ``to`` (unit words of :data:`_UNITS`), by the process's unit registry
    (:func:`shared.units.unit_registry`): ``amount`` itself when the two words name one unit ("mi", "miles"); None
    when either word is none it reads or the two measure different dimensions. Never raises."""
    from shared.units import unit_registry  # noqa: PLC0415 (pint is built on first use only)

    ureg = unit_registry()
    try:
        source, target = ureg.parse_units(unit), ureg.parse_units(to)
        if source == target:
            return amount
        if source.dimensionality != target.dimensionality:
            return None
        return float(ureg.Quantity(amount, source).to(target).magnitude)
    except Exception:  # noqa: BLE001 - a word pint cannot read converts nothing
        return None


def with_asked_unit(question: str, text: str) -> str:
    """``text`` (a report's answer) with each figure of the dimension asked that it gives in another unit than the
    one ``question`` asks (:func:`asked_unit`) followed by its conversion into that unit, converted by the unit
    registry: "How many miles long is X?" over "X is 318 km long [1]." -> "X is 318 km (about 198 miles) long [1]."
    (a figure of 10 or more rounded to a whole number, a smaller one to a tenth). ``text`` unchanged when the question
    asks no unit, ``text`` gives a figure in the asked unit already ("198 miles (318 km)"), or gives none of that
    dimension. Never raises."""
    unit = asked_unit(question)
    if unit is None or not text:
        return text
    from shared.units import plain_number  # noqa: PLC0415 (shared.units is built on shared.text's modules' first use)

    found: list[tuple[int, str]] = []  # (end of the figure, its conversion)
    for m in _FIGURE_RE.finditer(text):
        word = re.sub(r"^(?:-|\s+)", "", m.group("unit") or "").casefold()
        if m.group("sign") or word not in _UNITS or _UNITS[word] != _UNITS[unit] \
                or (word in _AMBIGUOUS_UNITS and word != "m") or re.search(r"million|billion|thousand|bn",
                                                                           m.group(0), re.IGNORECASE):
            continue
        try:
            amount = float(plain_number(m.group("num")))
        except ValueError:
            continue
        value = _converted(amount, word, unit)
        if value is None:
            continue
        if value == amount and _converted(1.0, word, unit) == 1.0:
            return text  # a figure given in the asked unit already ("198 miles (318 km)", "198 mi")
        shown = f"{round(value):,}" if value >= 10 else f"{value:.1f}"
        found.append((m.end(), f" (about {shown} {unit})"))
    for end, said in reversed(found):
        text = text[:end] + said + text[end:]
    return text


#: "how many" and a unit of measure, then a word of the dimension it measures: an adjective right after it ("How
#: many miles long is the line?", "How many metres high is the tower?") or a verb of measuring later in the question
#: ("How many kilograms does the bell weigh?", "How many litres of food does the fryer hold?"): a figure of that
#: dimension is asked, no count of miles or kilograms
_UNIT_MEASURE_RE = re.compile(
    r"\bhow\s+many\s+(?P<unit>[^\W\d_]+)\s+(?:(?P<adj>long|high|tall|deep|wide|thick|heavy|broad|across|far|away|"
    r"above|below)\b|[^?]*?\b(?P<verb>weigh|weighs|weighed|measure|measures|measured|hold|holds|held|contain|"
    r"contains|contained)\b)", re.IGNORECASE)
#: the hyphen of a measure written as an adjective, before its unit word ("a 22-metre tower", "the 140-foot spire",
#: "a 3-tonne bell"): a pattern matching that hyphen alone, so "22-metre" is the figure 22 metres (a unit word of
#: :data:`_UNITS` of two letters or more, none of :data:`_AMBIGUOUS_UNITS`, must follow it)
UNIT_HYPHEN = r"-(?=(?i:" + "|".join(sorted((re.escape(u) for u in _UNITS if u.isalpha() and len(u) > 1
                                             and u not in _AMBIGUOUS_UNITS), key=lambda u: (-len(u), u))) + r")\b)"
#: unit abbreviations that stay as they are after any amount ("100 min", "30 sec")
_UNIT_ABBREVIATIONS = frozenset({"min", "sec"})
#: a unit word's plural, for the spelled-out units of :data:`_UNITS` whose plural is there too ("metre" ->
#: "metres", "foot" -> "feet", "inch" -> "inches")
_UNIT_PLURALS: dict[str, str] = {
    **{u: u + "s" for u in _UNITS if u.isalpha() and len(u) > 2 and u not in _UNIT_ABBREVIATIONS
       and u + "s" in _UNITS and _UNITS[u + "s"] == _UNITS[u]},
    **{u: u + "es" for u in _UNITS if u.endswith(("ch", "sh", "x")) and u + "es" in _UNITS},
    "foot": "feet",
}
#: a figure ending in a unit word: its amount, the space or hyphen after it, the word ("46 metre", "140-foot")
_FIGURE_UNIT_RE = re.compile(r"^(?P<amount>.*?(?P<num>\d[\d,.]*))(?:\s+|-)(?P<unit>[^\W\d_]+)$")


def unit_plural(figure: str) -> str:
    """``figure`` written with its unit word in the plural when its amount is not one, for a sentence that says the
    figure on its own: "46 metre" (of "the 46-metre chimney") -> "46 metres", "140-foot" -> "140 feet", "2.5 mile"
    -> "2.5 miles"; "1 metre", "46 metres", "46 m", "about 300 visitors" and any figure not ending in a singular unit
    word of :data:`_UNITS` written in lower case (a German "46 Meter" is plural already) are returned unchanged.
    Never raises."""
    m = _FIGURE_UNIT_RE.match((figure or "").strip())
    if m is None:
        return figure
    unit = m.group("unit")
    plural = _UNIT_PLURALS.get(unit)
    if plural is None or re.fullmatch(r"0*1(?:\.0*)?", m.group("num")):
        return figure
    return f"{m.group('amount')} {plural}"


#: words after "square" that make an area ("12 square kilometres")
_SQUARE = re.compile(r"\s*square\s+(?:km|kilometres?|kilometers?|metres?|meters?|miles?|feet|foot)\b", re.IGNORECASE)
#: "58 million cubic metres": a volume, however the length unit after "cubic" is spelt
_CUBIC = re.compile(r"\s*cubic\s+(?:km|kilometres?|kilometers?|metres?|meters?|centimetres?|centimeters?|miles?|feet|"
                    r"foot|yards?|inch(?:es)?)\b", re.IGNORECASE)
_CURRENCY_SIGNS = "€$£¥₹₩"
#: a number in digits: thousands grouped by commas, a decimal point, or a decimal comma as German, French and Spanish
#: write it ("11,8 Tonnen", "9,6 Meter": one or two digits after the comma, never the three of a thousands group)
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d{1,2}(?!\d)|\d+(?:\.\d+)?"
_FIGURE_RE = re.compile(
    rf"(?P<sign>[{_CURRENCY_SIGNS}]\s?|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK)\s?)?(?<![\w.,])(?P<num>{_NUMBER})"
    r"(?![\w,.]\d)(?:\s*(?:million|billion|thousand|bn)\b)?(?P<unit>(?:" + UNIT_HYPHEN + r"|\s*)(?:[°º]\s?[CF]\b|%|"
    r"[^\W\d_]+(?:/[a-z]+)?"
    r"[²³23]?))?")
_YEAR_RE = re.compile(r"(?:1[0-9]|20)\d{2}")
_DATE_BEFORE = re.compile(r"\b(?:in|on|since|from|until|till|by|of|to|during|after|before|circa|around|year|"
                          r"january|february|march|april|may|june|july|august|september|october|november|"
                          r"december)\s*$", re.IGNORECASE)
_NOT_COUNT = frozenset("and or to in on at by of the a an was were is are from with for as than when per".split())


_COMPARATIVE_RE = re.compile(r"\b(?:(?P<adj>[a-z]+?)(?:i?er|i?est)|(?:more|most|less|least)\s+(?P<long>[a-z]+))\b",
                             re.IGNORECASE)


def compared_quantity(question: str) -> tuple[str, ...]:
    """The kinds of figure a comparative of ``question`` compares: "deeper" / "taller" / "higher" / "longer" ->
    length ("longer" also time), "heavier" -> mass, "faster" -> speed, "more expensive" -> money, "more
    populous" or "more / fewer <people noun>" ("more inhabitants", "fewer residents": :data:`PEOPLE_NOUNS`) ->
    count; a size word before a noun of people or of those who came ("a larger crowd", "the biggest audience",
    "the largest attendance": :func:`sized_people`) -> count, never a length; () when no comparative of a known kind
    is there ("older", "larger": ages, dates, sizes of many kinds). Never raises."""
    for m in _COMPARATIVE_RE.finditer(question or ""):
        adj = (m.group("adj") or m.group("long") or "").lower()
        if m.group("adj") and {adj, adj + "e", adj[:-1]} & _SIZE_ADJECTIVES and sized_people(question[m.end():]):
            return ("count",)  # "the largest crowd", "a bigger audience": how many came, no size
        for base in (adj, adj + "y", adj[:-1] if len(adj) > 3 and adj[-1] == adj[-2] else adj):  # heavi-er, bigg-er
            if base in _HOW_KINDS:
                return _HOW_KINDS[base]
    m2 = re.search(r"\b(?:more|most|fewer|fewest|less|least)\s+([a-z]+)", question or "", re.IGNORECASE)
    if m2 is not None and set(tokenize(m2.group(1))) & PEOPLE_NOUNS:
        return ("count",)
    return ()


def sized_people(after: str) -> tuple[str, ...]:
    """The token of the noun right after a size word when it counts people or those who came to a place
    (:data:`PEOPLE_NOUNS`, :data:`VISITOR_NOUNS`): " crowd ever recorded at X" -> ``("crowd",)`` (a "largest crowd"
    is how many came, a count; never a length, an area or a volume); () for any other noun (" hall", " pool").
    Never raises."""
    first = re.match(r"\s*([^\W\d_]+)", after or "")
    toks = tokenize(first.group(1)) if first else []
    return tuple(toks[:1]) if toks and toks[0] in PEOPLE_NOUNS | VISITOR_NOUNS else ()


#: the unit after a number that gives a steepness: a percentage or per mille ("46 %", "12 per cent", "85 ‰") or an
#: angle ("30°", "12 degrees"; a temperature's "°C" or "degrees Celsius" is none)
_GRADIENT_UNIT_RE = re.compile(r"\s*(?:%|‰|percent\b|per\s*cent\b|per\s*mille\b|[°º](?!\s?[CF]\b)|"
                               r"degrees?\b(?!\s*(?:celsius|centigrade|fahrenheit|[CF]\b)))", re.IGNORECASE)
#: a ratio of rise to run after its "1": "1 in 4", "1:4"
_RATIO_AFTER_RE = re.compile(r"\s*(?:in|:)\s*\d")


@lru_cache(maxsize=4096)
def names_steepness(text: str) -> bool:
    """Whether ``text`` names how steep something is: a word of the relation "steepness"
    (:data:`shared.text.relations.RELATIONS`: "gradient", "incline", "slope", "steep", "steepest" ...). Never
    raises."""
    return any("steepness" in relations_of(t) for t in tokenize(text or ""))


def gradient_figure(sentence: str, start: int, end: int) -> bool:
    """Whether the number at ``sentence[start:end]`` gives how steep a way is: a percentage, a per mille or an angle
    after it (:data:`_GRADIENT_UNIT_RE`: "46 %", "30°", "12 degrees"), or the "1" of a ratio ("1 in 4", "1:4"), in a
    sentence naming steepness (:func:`names_steepness`: "The line's maximum gradient is 46 %", "an incline of 1 in 4");
    a share ("46 % of the visitors") or a temperature in a sentence naming none is no gradient. Never raises."""
    return _gradient_unit(sentence, start, end) and names_steepness(sentence)


def _gradient_unit(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` (the span may hold its unit: "46 %") is written as a steepness
    is: a percentage, a per mille or an angle after it, or the "1" of a ratio (:func:`gradient_figure`)."""
    number = re.match(r"\d[\d,.]*", text[start:end])
    if number is None:
        return False
    end = start + len(number.group(0).rstrip(",."))
    after = text[end:]
    return bool(_GRADIENT_UNIT_RE.match(after) or (text[start:end] == "1" and _RATIO_AFTER_RE.match(after)))


def gradient_value(value: str, sentence: str) -> bool:
    """Whether ``value``, a figure as a disagreement shows it ("58 %", "1 in 4"), is a gradient of ``sentence``, the
    sentence it was read from: its number is written as a steepness is and the sentence names steepness
    (:func:`gradient_figure`: "58 %" of "maximum gradient 58 %" is one, of "58 % of the visitors" none). Never
    raises."""
    number = re.search(r"\d[\d,.]*", value or "")
    return number is not None and _gradient_unit(value, number.start(), number.end()) and names_steepness(sentence)


#: what makes a length after it a speed: "per second", "a minute", "an hour", "/ s"
_PER_TIME = re.compile(r"\s*(?:per|an?|/)\s*(?:second|sec|s|minute|min|hour|hr|h)\b", re.IGNORECASE)


#: the one-letter units a year-shaped number may carry (:func:`_measure_unit`): watts, volts, metres, grams
_ONE_LETTER_UNITS = frozenset("WVmg")


def _measure_unit(unit: str, after: str) -> bool:
    """Whether ``unit`` (the word right after a number, as written) is a unit of measure (:data:`_UNITS`, no function
    word), so a year-shaped number before it is a figure ("2000 W", "1800 m", "1500 kg"), not a year: of two
    letters or more, or one of :data:`_ONE_LETTER_UNITS` not opening a person's initials (``after``: the text after
    it, "J. Smith", "V. Lenz")."""
    low = unit.lower()
    if low not in _UNITS or low in _NOT_COUNT:
        return False
    return len(unit) > 1 or (unit in _ONE_LETTER_UNITS and not re.match(r"\.\s*[A-Z]", after))


def measured_number(sentence: str, end: int) -> bool:
    """Whether the number of ``sentence`` ending at offset ``end`` is followed by a unit of measure
    (:func:`_measure_unit`: "of 2000 W", "to 1800 m"): a figure, even when shaped like a year after a preposition.
    Never raises."""
    m = re.match(r"[ \t]?([^\W\d_]+)", sentence[end:]) if 0 <= end <= len(sentence) else None
    return m is not None and _measure_unit(m.group(1), sentence[end + m.end():])


@lru_cache(maxsize=4096)
def stated_kinds(sentence: str) -> frozenset[str]:
    """The kinds of the figures ``sentence`` states (see the module docstring): "a range of 110 km" ->
    {"length"}; "costs 2,199 euros" / "€2,199" -> {"money"}; "12,400 inhabitants" -> {"count"}; "founded in
    1642" -> {} (a year is a date, no figure). A number whose next word is no unit counts that word's thing
    ("count"). Never raises."""
    out: set[str] = set()
    for m in _FIGURE_RE.finditer(sentence or ""):
        num = m.group("num")
        if gradient_figure(sentence, m.start("num"), m.end("num")):  # "a maximum gradient of 46 %"
            out.add("gradient")
        unit = (m.group("unit") or "").strip().lstrip("-")  # "a 22-metre tower": 22 metres
        if m.group("sign"):
            out.add("money")
            continue
        before = sentence[:m.start("num")]
        if _YEAR_RE.fullmatch(num) and (not unit or _DATE_BEFORE.search(before) or unit.lower() in _NOT_COUNT) \
                and not _measure_unit(unit, sentence[m.end():]):
            continue  # a year (not "a maximum output of 2000 W", "up to 1800 m")
        if before.rstrip().endswith(("-", "–")) or before[-1:].isalpha():
            continue  # part of a name or a range of dates ("X3", "2013–14")
        rest = re.sub(r"^\s+(?:thousand|million|billion|bn)\b", "", sentence[m.end("num"):], flags=re.IGNORECASE)
        if _SQUARE.match(rest):
            out.add("area")
            continue
        if _CUBIC.match(rest):  # "58 million cubic metres"
            out.add("volume")
            continue
        low = unit.lower()
        if low == "in" and re.match(r"\s+(?:\d|the\b|an?\b|its\b|[A-Z])", sentence[m.end():]):
            out.add("count")  # "reached 24,750 in 2023", "12 in the village": a preposition, no inches
        elif low in _UNITS and _UNITS[low] == "length" and _PER_TIME.match(sentence[m.end():]):
            out.add("speed")  # "60 mm per second", "12 metres a minute": a length per time
        elif low in _UNITS:
            out.add(_UNITS[low])
        elif low and low[0] in "°º":
            out.add("temperature")
        elif low == "%":
            out.add("percent")
        elif low.isalpha() and low not in _NOT_COUNT and not unit[:1].isupper():
            out.add("count")  # "8,000 spectators", "212 people"
        elif not low:
            out.add("count")
    return frozenset(out)


#: a time a sentence counts from another ("two years later", "3 years earlier", "ten years ago", "a year on"): how
#: far apart two times are, no time anything lasted
_TIME_OFFSET_RE = re.compile(r"(?<![\w.,])(?:\d[\d,.]*|a|an|one)\s+(?:years?|months?|weeks?|days?|hours?|minutes?|"
                             r"decades?)\s+(?:later|earlier|ago|afterwards|beforehand|previously|on)\b", re.IGNORECASE)


def states_quantity(sentence: str, kinds: tuple[str, ...]) -> bool:
    """Whether ``sentence`` states a figure of one of ``kinds`` (:func:`stated_kinds`); False for no kinds. A
    duration asked alone (``("time",)``: "How long did ... last?") is stated by no time counted from another ("two
    years later", "ten years ago": :data:`_TIME_OFFSET_RE`)."""
    if kinds == _TIME:
        sentence = _TIME_OFFSET_RE.sub(" ", sentence or "")
    return bool(kinds) and bool(stated_kinds(sentence) & set(kinds))


#: nouns that count people: a town's population and its inhabitants, residents or people are one count
PEOPLE_NOUNS = frozenset(tokenize("people persons inhabitants residents citizens population populace"))
#: nouns that count those who came to an event or place: its visitors, attendees, spectators and its attendance are
#: one count ("How many visitors came ..." is answered by "the attendance was 36,500")
VISITOR_NOUNS = frozenset(tokenize("visitors visitor attendees attendee attendance spectators spectator guests "
                                   "turnout crowd audience footfall admissions"))
#: nouns of the people a vehicle carries: a count of them after a word of holding ("capacity 40 passengers per car",
#: "each cabin holds 8 riders") is how many people it holds at once, as "seats 240 spectators" is a hall's
PASSENGER_NOUNS = frozenset(tokenize("passengers passenger riders rider travellers traveller travelers traveler "
                                     "occupants occupant"))
#: "the attendance was", "attended by", "a turnout of", "drew": the number after it counts visitors
_ATTENDANCE_BEFORE = re.compile(r"\b(?:attendance|turnout|footfall|admissions|crowd|audience|visitor\s+numbers?|"
                                r"(?:attended|visited)\s+by|"
                                r"drew|attracted)\b(?:\s+(?!density\b)[^\W\d_]+){0,4}\s*[:(]?\s*$", re.IGNORECASE)
#: what ends the noun phrase a "how many" question counts: a verb of the question, a preposition, a relative word
_COUNT_STOP = frozenset(("is are was were be been do does did has have had can could will would should may might "
                         "must of in on at for by from to with as that which who whom whose where when and or than "
                         "there").split())
_HOW_MANY_RE = re.compile(r"\b(?:how\s+many|(?:the\s+)?number\s+of)\s+(.*)", re.IGNORECASE)
#: a count or tally of a plain noun, as "the number of" ("the lowest yearly count of bathers"; "the body count of
#: the film" counts no film)
_COUNT_OF_RE = re.compile(r"\b(?:count|tally)\s+of\s+(?!(?:the|a|an|its|his|her|their|this|that|these|those)\b)(.*)",
                          re.IGNORECASE)
#: a number in digits, with its scale word ("1.2 million")
_COUNT_RE = re.compile(r"(?<![\w.,])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w,.]\d)"
                       r"(?P<scale>\s+(?:thousand|million|billion))?")
#: "population of", "population was estimated at", "a population of about": the number after it counts people
_POPULATION_BEFORE = re.compile(r"\bpopulation\b(?:\s+(?!density\b)[^\W\d_]+){0,4}\s*[:(]?\s*$", re.IGNORECASE)
#: "a staff of 35", "the workforce numbers 35 people", "eine Belegschaft von 35", "Die Belegschaft der Glashütte
#: umfasst 35 Personen", "un effectif de 35", "una plantilla de 35": a word for the whole workforce (English, German,
#: French, Spanish), at most five words before a number; the number counts those who work there when it ends the
#: phrase or a people noun follows it (:func:`counts`: "Staff at the 3 branches" counts branches)
_WORKFORCE_BEFORE = re.compile(r"\b(?:staff|workforce|personnel|belegschaft|effectifs?|plantilla)\b"
                               r"(?:\s+[^\W\d_]+){0,5}\s*[:(]?\s*$", re.IGNORECASE)
#: "the membership reached", "membership stands at", "Membership:": a word for all of a body's members, at most four
#: words before a number; the number counts its members when it ends the phrase or a noun of people follows it
#: (:func:`counts`: "Our membership reached 212 rowers"; "membership fee ... 40 euros" is a measure)
_MEMBERSHIP_BEFORE = re.compile(r"\bmembership\b(?:\s+[^\W\d_]+){0,4}\s*[:(]?\s*$", re.IGNORECASE)
#: the token of the noun a membership counts
_MEMBER = tokenize("member")[0]
#: the words right before a number that make it a change, no total ("Membership is up 18 on last season", "down 9")
_CHANGE_BEFORE_RE = re.compile(r"\b(?:up|down)\s*$", re.IGNORECASE)
#: "What is the latest annual visitor figure for ...?", "What is the passenger total of ...?": the noun before a
#: figure word names what the figure counts
_FIGURE_HEAD_RE = re.compile(
    r"\b(?:what|which)(?:\s+(?:is|was|are|were)|'s)\s+(?:the\s+|its\s+|his\s+|her\s+|their\s+)?"
    r"(?P<words>(?:[a-z][\w-]*\s+){1,4}?)(?P<head>figure|total|count|tally|number)s?(?P<after>\s+(?:of|for|in|at|on)\b|\W*$)",
    re.IGNORECASE)
#: words before a figure word that say which figure, not what it counts ("the latest annual visitor figure")
_FIGURE_FRAME = frozenset(("annual yearly monthly weekly daily overall combined total final provisional "
                           "official").split())


def _membership_total(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is a body's whole membership as "membership" at most four words
    before it states it (:data:`_MEMBERSHIP_BEFORE`: "Our membership reached 212", "Membership: 212"); False for a
    change in it ("Membership rose by 15 rowers", "is up 18", "15 more": :func:`shared.text.sizes.difference_spans`)
    and for a price of it, a word of price between the two ("The membership fee is 40 a year", "Membership costs 40":
    :data:`_PRICE_WORDS`, :func:`shared.text.relations.relations_of`). Never raises."""
    label = _MEMBERSHIP_BEFORE.search(text[:start])
    if label is None or _CHANGE_BEFORE_RE.search(text[:start]) or any(
            s < end and start < e for s, e in difference_spans(text)):
        return False
    between = tokenize(label.group(0))[1:]  # the words after "membership"
    return not any(w in _PRICE_WORDS or _PRICE_RELATION in relations_of(w) for w in between)


def _figure_head_nouns(question: str) -> tuple[str, ...]:
    """The tokens of the noun before a figure word of a "What is the ... figure for X?" question ("What is the latest
    annual visitor figure for the zoo?" -> ``("visitor",)``), the question's modifiers of time or status and the
    quantity attributes (:data:`ATTRIBUTE_KINDS`: "attendance", read by :func:`asked_quantity`) left out; () when
    there is none, or when "figure" has neither such a modifier nor "for" after it ("the most famous figure in the
    painting" is a person)."""
    m = _FIGURE_HEAD_RE.search(" ".join((question or "").split()))
    if m is None:
        return ()
    words = m.group("words").split()
    modifiers = re.compile(rf"(?:{ATTRIBUTE_MODIFIERS})", re.IGNORECASE)
    framed = [w for w in words if modifiers.fullmatch(w) or w.lower() in _FIGURE_FRAME or w.lower() == "recent"]
    if m.group("head").lower() == "figure" and not framed and m.group("after").strip().lower() != "for":
        return ()  # "the most famous figure in the painting" is a person, no figure
    kept = [w for w in words if w not in framed and w.lower() != "most"]
    if not kept or kept[-1].lower() in ATTRIBUTE_KINDS or not kept[-1].islower():
        return ()
    return tuple(t for t in tokenize(kept[-1]))


def _figure_head_word(question: str) -> tuple[str, ...]:
    """The tokens of the figure word of a "What is the latest visitor figure for X?" question whose counted noun is
    read before it (:func:`_figure_head_nouns`): ``("figure",)``; () for any other question."""
    q = " ".join((question or "").split())
    if _HOW_MANY_RE.search(q) is not None or not _figure_head_nouns(q):
        return ()
    m = _FIGURE_HEAD_RE.search(q)
    return tuple(tokenize(m.group("head"))) if m is not None else ()


def _counted_phrase(question: str) -> tuple[tuple[str, ...], str | None]:
    """(:func:`counted_nouns`, the tokens' verb after them or None): "How many people live in Brennholt?" ->
    ``(("people",), "live")``; "How many beekeepers belong to the guild?" -> ``(("beekeeper",), "belong")``; "What
    is the latest annual visitor figure for the zoo?" -> ``(("visitor",), None)`` (:func:`_figure_head_nouns`)."""
    q = " ".join((question or "").split())
    m = _HOW_MANY_RE.search(q)
    if m is None:
        of = _COUNT_OF_RE.search(q)
        counted = _phrase_nouns(of) if of is not None else ((), None)
        return counted if counted[0] else (_figure_head_nouns(question), None)
    counted = _phrase_nouns(m)
    # "What is the annual visitor number of Fort X?": "number of" before a name counts no noun of its own, the word
    # before "number" names what it counts
    return counted if counted[0] else (_figure_head_nouns(question), None)


def _phrase_nouns(m: re.Match[str]) -> tuple[tuple[str, ...], str | None]:
    """(the counted noun's tokens, the verb after them or None) of the words after "how many", "the number of" or
    "count of" (group 1 of ``m``); see :func:`_counted_phrase`."""
    out: list[str] = []
    words = re.findall(r"[^\W_]+(?:[-'’][^\W_]+)*|[^\w\s]", m.group(1))
    for k, w in enumerate(words[:3]):
        if w.lower() in _COUNT_STOP or not re.match(r"[^\W\d_]", w) or w[:1].isupper():
            break
        out += [t for t in tokenize(w) if t not in out]
        low = w.lower()
        if low in PEOPLE_NOUNS or low in VISITOR_NOUNS or (tokenize(low) and tokenize(low)[-1] != low):
            # a plural ends the noun phrase ("studio albums", "beekeepers", "people"): a word after it is the
            # question's verb ("belong", "live"), no noun counted
            nxt = words[k + 1] if k + 1 < len(words) else ""
            verb = nxt.lower() if re.fullmatch(r"[a-z]+", nxt) and nxt.lower() not in _COUNT_STOP else None
            return tuple(out), verb
    return tuple(out), None


#: a question's words that ask how many can sleep somewhere ("How many people can sleep in the hut?", "How many
#: guests does the inn accommodate?")
_SLEEP_WORDS = frozenset(tokenize("sleep sleeps slept sleeping overnight accommodate accommodates accommodated"))
#: the places to sleep whose number is the number of people who can sleep there ("6 bunks", "48 beds")
SLEEPING_PLACES = tuple(tokenize("bed bunk berth"))
#: nouns that count those who work somewhere: one count ("How many people work at the mill?" is answered by "The
#: mill has 12 employees", "How many staff ...?" by "40 workers")
WORKFORCE_NOUNS = tuple(tokenize("employee staff worker personnel staffer"))
#: a question's words saying the people counted work there ("How many people work at ...", "are employed by")
_WORK_WORDS = frozenset(tokenize("work works worked working employ employs employed employing"))
#: a question's words saying the people counted came to see a place or an event ("How many people visited the
#: theatre in 2023?", "... attended the fair"): they are its visitors (:data:`VISITOR_NOUNS`)
_VISIT_WORDS = frozenset(tokenize("visit visits visited visiting attend attends attended attending"))
#: nouns of the places a hall, a ground or a vehicle has for people: their number is how many it holds at once
#: ("310 seats"), one quantity with the people it seats ("seats 240 spectators")
SEAT_NOUNS = tuple(tokenize("seat"))
#: a question's words asking how many a place holds at once ("How many people can the hall hold?", "How many
#: spectators does the arena seat?", "... fit in the hall", "... at once", "... at a time")
_CAPACITY_WORDS = frozenset(tokenize("hold holds seat seats seated seating fit fits capacity"))
_AT_ONCE_RE = re.compile(r"\bat\s+(?:once|a\s+time|one\s+time|the\s+same\s+time)\b|\bsimultaneously\b", re.IGNORECASE)
#: words before a count of people saying it is how many a place or a vehicle holds at once: "seats 240 spectators",
#: "holds up to 300 people", "can take 80 visitors", "can carry 40 passengers", "room for 120 guests", "a capacity of 500 people", "accommodates 60"
_CAPACITY_BEFORE = re.compile(
    r"\b(?:seats?|seated|seating(?:\s+for)?|holds?|held|can\s+(?:hold|take|seat|fit|accommodate|carry)|"
    r"accommodat(?:es|ed|ing)|"
    r"capacity(?:\s+(?:of|for))?|(?:room|space|places?|seats)\s+for|fits?)"
    r"(?:\s+(?:up\s+to|about|around|some|nearly|almost|over|roughly|approximately|more\s+than|just\s+under))?\s*$",
    re.IGNORECASE)


def asks_capacity(question: str) -> bool:
    """Whether a question asks how many a place holds at once: it asks that capacity as an attribute
    (:func:`capacity_nouns`: "What is the seating capacity of the Orla Hall?", "What is the capacity of the Orla
    Hall?"), or it is a "how many" question counting seats ("How many seats does
    the Orla Hall have?"), or people, visitors or spectators with a word of holding or "at once" ("How many people
    can the Orla Hall hold?", "How many spectators does the arena seat?", "How many visitors can the cave take at
    once?"). False for people who live, work, came or sleep somewhere. Never raises."""
    if capacity_nouns(question):  # "What is the seating capacity of the Orla Hall?", "the capacity of the hall"
        return True
    nouns = set(_counted_phrase(question)[0])
    if nouns & set(SEAT_NOUNS):
        return True
    if not nouns & (PEOPLE_NOUNS | VISITOR_NOUNS) or _SLEEP_WORDS & set(tokenize(question)):
        return False
    return bool(_CAPACITY_WORDS & set(tokenize(question))) or _AT_ONCE_RE.search(question or "") is not None


def capacity_count(sentence: str, start: int, end: int) -> bool:
    """Whether the number at ``sentence[start:end]`` says how many a place holds at once: a count of seats
    ("310 seats"), or one a word of holding stands before (:data:`_CAPACITY_BEFORE`: "seats 240 spectators",
    "holds up to 300 people", "room for 120 guests") or "at once" / "at a time" follows right after its noun
    ("80 visitors at a time"). Never raises."""
    after = sentence[end:]
    noun = re.match(r"\s+([^\W\d_][\w'’-]*)", after)
    if noun is None:
        return _CAPACITY_BEFORE.search(sentence[:start]) is not None
    if set(tokenize(noun.group(1))) & set(SEAT_NOUNS) or _AT_ONCE_RE.match(after[noun.end():].lstrip()):
        return True
    return _CAPACITY_BEFORE.search(sentence[:start]) is not None


def counted_nouns(question: str) -> tuple[str, ...]:
    """The tokens (:func:`tokenize`) of what a "how many" question counts: the words after "how many" (or "the
    number of") up to a plural that ends them, a verb, preposition or relative word, at most three: "How many arches
    does the Sael Bridge have?" -> ``("arch",)``; "How many studio albums did she release?" -> ``("studio",
    "album")``; "How many people live in Brennholt?" -> ``("people",)`` ("live" is the question's verb:
    :func:`counting_verb`). People or guests counted for sleeping ("How many people can sleep in the hut?") are
    counted by the places to sleep too (:data:`SLEEPING_PLACES`: ``("people", "bed", "bunk", "berth")``: "6 bunks"
    sleep 6). A workforce is counted by any of its nouns (:data:`WORKFORCE_NOUNS`: "How many staff ...?" ->
    ``("staff", "employee", "worker", ...)``), and so are people who work or are employed somewhere ("How many
    people work at the Orlen Mill?" -> ``("people", "employee", "staff", ...)``: "12 employees" counts them). People
    who visit or attend something are its visitors ("How many people visited the theatre?" -> ``("people",
    "visitor")``: "22,750 visitors" counts them, as :func:`counts` reads every :data:`VISITOR_NOUNS`). () when the
    People a place holds at once (:func:`asks_capacity`: "How many people can the Orla Hall hold?") are counted by
    its seats too (:data:`SEAT_NOUNS`: ``("people", "seat")``: "310 seats" hold 310). () when the question asks no
    count of a noun. A count attribute of those who came ("What is the latest yearly attendance figure for the
    observatory?", "What was the footfall at ...?": :func:`attribute_count_nouns`) counts visitors: ``("attendance",)``
    (:func:`counts` reads every :data:`VISITOR_NOUNS` for it); the seating or visitor capacity asked
    (:func:`capacity_nouns`) counts people held and seats: ``("people", "seat")``. Never raises."""
    if unit_measure(question) is not None:  # "How many miles long is the line?": a length, no count of miles
        return ()
    nouns = _counted_phrase(question)[0] or attribute_count_nouns(question) or capacity_nouns(question)
    asked = set(tokenize(question))
    if set(nouns) & (PEOPLE_NOUNS | VISITOR_NOUNS) and _SLEEP_WORDS & asked:
        return (*nouns, *(t for t in SLEEPING_PLACES if t not in nouns))
    if asks_capacity(question):  # people a place holds at once: its seats count them ("310 seats")
        return (*nouns, *(t for t in SEAT_NOUNS if t not in nouns))
    if set(nouns) & set(WORKFORCE_NOUNS) or (set(nouns) & PEOPLE_NOUNS and _WORK_WORDS & asked):
        return (*nouns, *(t for t in WORKFORCE_NOUNS if t not in nouns))
    if set(nouns) & PEOPLE_NOUNS and not set(nouns) & VISITOR_NOUNS and _VISIT_WORDS & asked:
        return (*nouns, *tokenize("visitor"))
    return nouns


def attribute_count_nouns(question: str) -> tuple[str, ...]:
    """The tokens of the count attribute ``question`` asks for when it is a count of those who came to a place or
    an event ("What is the most recent yearly attendance figure for the Kestrin Observatory?" -> ``("attendance",)``,
    "What was the footfall at the museum in 2023?" -> ``("footfall",)``): a count of visitors (:data:`VISITOR_NOUNS`),
    which a count of seats, beds or staff does not state. () for any other question (a population, a budget, a
    "how many" question). Never raises."""
    q = " ".join((question or "").split())
    if asked_quantity(q) != ("count",):
        return ()
    words = quantity_words(q)
    return words[:1] if words and words[0] in VISITOR_NOUNS else ()


def act_count_attribute(question: str) -> tuple[str, ...]:
    """The token of the count attribute ``question`` asks for when it is a noun of the suffix "-ment" naming a verb's
    act (:func:`shared.text.synonyms.ment_verb_stem`: "What is the enrolment of Morvane College?" ->
    ``("enrolment",)``), which that verb states ("enrolled 8,150 students": :func:`counts`); () for any other
    question (a population, an attendance, a "how many" question). Never raises."""
    q = " ".join((question or "").split())
    if asked_quantity(q) != ("count",):
        return ()
    words = quantity_words(q)
    return words[:1] if words and ment_verb_stem(words[0]) is not None else ()


def asked_count_nouns(question: str, texts: Iterable[str]) -> tuple[str, ...]:
    """The nouns whose counts answer ``question`` over ``texts`` (claims): its counted nouns (:func:`counted_nouns`),
    else, for a count attribute of a verb's act (:func:`act_count_attribute`: "the enrolment") some text counts
    ("X enrolled 8,150 students"), that attribute with what its verb counts (:func:`with_counted_objects`:
    ``("enrolment", "student")``); () when neither (then any count of the kind asked may answer). Never raises."""
    nouns = counted_nouns(question)
    if nouns:
        return nouns
    acts = act_count_attribute(question)
    texts = list(texts)
    return with_counted_objects(acts, texts) if acts and any(counts(t, acts) for t in texts) else ()


#: how far a verb of a counted "-ment" noun may stand from the number it counts: words between them in one clause
_VERB_COUNT_WORDS = 4
_CLAUSE_END_RE = re.compile(r"[.;!?\d]")
_WORD_RE = re.compile(r"[^\W\d_]+")


def verb_counted(text: str, start: int, end: int, stems: set[str] | frozenset[str]) -> bool:
    """Whether the number at ``text[start:end]`` is counted by a word of one of ``stems`` (:func:`ment_verb_stem`:
    the verb of a count attribute asked by its "-ment" noun) in its clause: the verb or the noun up to
    :data:`_VERB_COUNT_WORDS` words before it ("the college enrolled 14,200 students", "an enrolment of some
    14,200") or after it ("14,200 students were enrolled"), no other number or sentence end between them."""
    before = _WORD_RE.findall(_CLAUSE_END_RE.split(text[max(0, start - 80):start])[-1])[-_VERB_COUNT_WORDS:]
    after = _WORD_RE.findall(_CLAUSE_END_RE.split(text[end:end + 80])[0])[:_VERB_COUNT_WORDS]
    return any(snowball_stem(w.casefold()) in stems for w in (*before, *after))


def verb_counted_nouns(sentence: str, nouns: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The tokens of the nouns a verb of a "-ment" noun of ``nouns`` counts in ``sentence`` (:func:`verb_counted`):
    the word right after each number it counts ("The college enrolled 14,200 students" -> ``("student",)`` for
    ``("enrolment",)``): what the count attribute counts, so a page's "students 13,100" is a figure of the same
    enrolment. () when ``nouns`` holds no such noun or the sentence no such count. Never raises."""
    stems = {st for n in nouns if (st := ment_verb_stem(n)) is not None}
    if not stems or not sentence:
        return ()
    text = numerize(sentence)[0]
    out: list[str] = []
    for m in _COUNT_RE.finditer(text):
        if re.fullmatch(r"(?:1\d|20)\d\d", m.group("num")) and not m.group("scale"):
            continue
        following = _WORD_RE.findall(text[m.end():m.end() + 30])[:1]
        toks = tokenize(following[0]) if following and not is_stopword(following[0].lower()) else []
        if toks and snowball_stem(toks[-1]) not in stems and verb_counted(text, m.start(), m.end(), stems):
            out.append(toks[-1])
    return tuple(dict.fromkeys(out))


def with_counted_objects(nouns: tuple[str, ...] | list[str], texts: Iterable[str]) -> tuple[str, ...]:
    """``nouns`` (a question's counted nouns, :func:`counted_nouns`) with the nouns a verb of a "-ment" noun of them
    counts in any of ``texts`` (:func:`verb_counted_nouns`): "What is the enrolment of X?" over "X enrolled 14,200
    students" and "X: students 13100" -> ``("enrolment", "student")``, so both figures are counts of the enrolment.
    ``nouns`` as a tuple when it holds no such noun. Never raises."""
    found = [t for text in texts for t in verb_counted_nouns(text, nouns)]
    return tuple(dict.fromkeys([*nouns, *found]))


#: words before "capacity" saying it is how many people a place holds ("the seating capacity", "the visitor
#: capacity", "its passenger capacity"), not a battery's or a tank's
_HELD_CAPACITY_RE = re.compile(r"\b(?:seating|seat|visitors?|spectators?|passengers?|people|guests?|audience|crowd)"
                               r"\s+capacity\b", re.IGNORECASE)


#: nouns of things whose capacity is how many people they hold at once: a vehicle or one of its cars or cabins, a
#: room, a hall, a venue ("the capacity of one car", "the cabin's capacity", "the capacity of the Orla Hall"); a
#: tank's, a reservoir's, a battery's or a disk's capacity is an amount of what it holds
PEOPLE_HOLDERS = frozenset(tokenize(
    "car carriage coach cabin gondola railcar tram tramcar bus minibus coach train boat ship ferry aircraft plane "
    "airliner airship lift elevator hall room auditorium theatre theater stadium arena venue church chapel cathedral "
    "cinema restaurant amphitheatre amphitheater ballroom"))
#: words before the noun of what a capacity is of that say which one or how many ("of one car", "of each cabin")
_HOLDER_DETERMINERS = frozenset("the a an one each every its their his her single per any".split())
#: words after that noun's phrase that end it ("of one car of the funicular", "the cabin in winter")
_HOLDER_END = frozenset("of in on at for from to with when if during after before and or".split())
#: the thing whose capacity a question asks: "the capacity of <thing>" or "<thing>'s capacity"
_CAPACITY_OF_RE = re.compile(r"\bcapacity\s+(?:of|for)\s+(?P<thing>[^?.!,;]+)", re.IGNORECASE)
_OWNER_CAPACITY_RE = re.compile(r"(?P<owner>[^\W\d_]+)['’]s?\s+(?:(?:" + ATTRIBUTE_MODIFIERS + r")\s+)?capacity\b",
                                re.IGNORECASE)


def holds_people(question: str) -> bool:
    """Whether the capacity ``question`` asks is of a thing that holds people (:data:`PEOPLE_HOLDERS`): the head
    noun of "the capacity of <thing>" (its first noun phrase: "of one car of the Orsk line" -> "car", "of the Orla
    Hall" -> "hall") or the owner of "<thing>'s capacity" ("each cabin's capacity"). Never raises."""
    q = " ".join((question or "").split())
    heads: list[str] = []
    of = _CAPACITY_OF_RE.search(q)
    if of is not None:
        words = [w.strip("'’\"") for w in of.group("thing").split()]
        while words and words[0].lower() in _HOLDER_DETERMINERS:
            words = words[1:]
        phrase: list[str] = []
        for w in words:
            if w.lower() in _HOLDER_END:
                break
            phrase.append(w)
        if phrase:
            heads.append(re.sub(r"['’]s?$", "", phrase[-1]))
    owner = _OWNER_CAPACITY_RE.search(q)
    if owner is not None:
        heads.append(owner.group("owner"))
    return any(set(tokenize(h)) & PEOPLE_HOLDERS for h in heads)


def capacity_nouns(question: str) -> tuple[str, ...]:
    """The tokens counting how many people a place holds when ``question`` asks that capacity as an attribute ("What
    is the seating capacity of the hall?", "What is the visitor capacity of the observatory?") -> ``("people",
    "seat")``: :func:`counts` reads seats and the people a word of holding stands before ("310 seats", "holds up to
    300 people"), never a count of those who came ("24,750 visitors") nor of staff or rooms. So does the capacity of
    a thing that holds people (:func:`holds_people`: "What is the capacity of one car of the Orsk line?" is answered by
    "40 passengers per car", never by the litres its water tank holds: issue 9, g3 G5). () for any other question
    ("What is the capacity of the battery?" asks no count of people). Never raises."""
    q = " ".join((question or "").split())
    if quantity_words(q)[:1] != ("capacity",) or not (_HELD_CAPACITY_RE.search(q) or holds_people(q)):
        return ()
    return (*tokenize("people"), *SEAT_NOUNS)


def counting_verb(question: str) -> str | None:
    """The verb right after what a "how many" question counts ("How many people live in Brennholt?" -> "live", "How
    many beekeepers belong to the guild?" -> "belong"), or None ("How many arches does it have?"). A sentence
    counting the noun says it in its own words ("8,950 inhabitants", "212 apiarists" for those who belong)."""
    return _counted_phrase(question)[1]


#: letters the other word of a closed compound must have for its head to count it ("beehive" / "hive")
_COMPOUND_PART = 3


def _same_head(token: str, wanted: set[str]) -> bool:
    """Whether ``token`` names a thing of ``wanted`` by a closed compound's head: one ends with the other, that
    other of at least four letters and the rest of at least :data:`_COMPOUND_PART` ("hive" / "beehive",
    "beehive" / "hive", "shop" / "bookshop"; not "ant" / "elephant", "rain" / "train")."""
    for w in wanted:
        short, long_ = (token, w) if len(token) < len(w) else (w, token)
        if len(short) >= 4 and len(long_) - len(short) >= _COMPOUND_PART and long_.endswith(short):
            return True
    return False


def figure_kind(sentence: str, start: int, end: int) -> tuple[str, ...]:
    """The kinds of figure the number at ``sentence[start:end]`` (digits or a number word, a scale word after it
    read on) can be: ``("money",)`` after a currency sign or code ("€2,199", "USD 40"); the kind of the unit word
    after it (:data:`_UNITS`: "143 kilometres" -> ``("length",)``, "40 kroner" -> ``("money",)``; "pounds" ->
    ``("mass", "money")``); ``("area",)``, ``("percent",)``, ``("temperature",)``; ``("count",)`` before another
    lower-case word ("eleven members", "12,400 inhabitants"); ``()`` when nothing says it (a bare "1.2 million",
    "a population of 12,400", a unit of one letter that may be a word: "38 m"); ``("speed",)`` for a length per
    time ("60 mm per second", "38 m a minute"). Never raises."""
    before, after = sentence[:start], sentence[end:]
    if re.search(rf"(?:[{_CURRENCY_SIGNS}]|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK))\s?$", before):
        return ("money",)
    after = re.sub(r"^\s+(?:thousand|million|billion|bn)\b", "", after, flags=re.IGNORECASE)
    if _SQUARE.match(after):
        return ("area",)
    if _CUBIC.match(after):
        return ("volume",)
    if re.match(r"\s*(?:%|percent\b|per\s+cent\b)", after, re.IGNORECASE):
        return ("percent",)
    if re.match(r"\s*[°º]\s?[CF]\b", after):
        return ("temperature",)
    unit = re.match(rf"(?:{UNIT_HYPHEN}|\s+)([^\W\d_]+(?:/[a-z]+)?[²³23]?)", after)
    if unit is None:
        return ()
    word = unit.group(1)
    low = word.lower()
    if low in ("pound", "pounds"):  # a weight or the currency
        return ("mass", "money")
    if low in _UNITS and _UNITS[low] == "length" and _PER_TIME.match(after[unit.end():]):
        return ("speed",)  # "60 mm per second", "38 m a minute"
    if low in _AMBIGUOUS_UNITS or low in _NOT_COUNT or word[:1].isupper():
        return ()
    return (_UNITS[low],) if low in _UNITS else ("count",)


def is_measure(sentence: str, start: int, end: int) -> bool:
    """Whether the number at ``sentence[start:end]`` is a measure, no count of things: a unit word of
    :data:`_UNITS` (or "square ...", "%", "percent", "per cent") follows it (after a scale word: "1.2 million
    euros"), or a currency sign or code stands before it ("€2,199", "USD 40"). Never raises."""
    after = sentence[end:]
    before = sentence[:start]
    if re.search(rf"(?:[{_CURRENCY_SIGNS}]|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK))\s?$", before):
        return True
    after = re.sub(r"^\s+(?:thousand|million|billion|bn)\b", "", after, flags=re.IGNORECASE)
    if _SQUARE.match(after) or _CUBIC.match(after) \
            or re.match(r"\s*(?:%|percent\b|per\s+cent\b|[°º]\s?[CF]\b)", after, re.IGNORECASE):
        return True
    unit = re.match(rf"(?:{UNIT_HYPHEN}|\s*)([^\W\d_]+(?:/[a-z]+)?[²³23]?)", after)  # "22 metres", "a 22-metre"
    if unit is None:
        return False
    low = unit.group(1).lower()
    return low in _UNITS and low not in _AMBIGUOUS_UNITS and not unit.group(1)[:1].isupper()


def _modifier(num: str, word: str, after: list[str]) -> bool:
    """Whether ``word``, written after the number ``num`` (digits), is the first noun of a compound whose last word
    is counted ("three furnace bays", "two bedroom flats"): a number above one, ``word`` in its uninflected form
    (:func:`tokenize` keeps it as it is) and the next word a lower-case plural (its token is shorter)."""
    try:
        if float(num.replace(",", "")) <= 1:
            return False
    except ValueError:
        return False
    low = word.lower()
    if not after or tokenize(low) != [low] or not after[0][:1].islower() or is_stopword(after[0].lower()):
        return False
    nxt = tokenize(after[0].lower())
    return len(nxt) == 1 and after[0].lower().endswith("s") and nxt[0] != after[0].lower()


#: a label line's noun right before its number ("visitors 24,750", "Visitors: 24,750", "Attendance (2023): 24,750",
#: "Year 2023: visitors 24,750", "Besucher 2023: 24,750"): at the start of the text or after a separator, at most two
#: words before it, a year (in brackets or not) and a colon or equals sign between it and the number
_LABEL_BEFORE = re.compile(r"(?:^|[|;,.:\n])\s*(?:[^\W\d_][\w'’-]*\s+){0,2}?(?P<label>[^\W\d_][\w'’-]*)"
                           r"(?:\s+(?:in\s+)?\(?(?:1[89]|20)\d\d\)?|\s*\((?:in\s+)?(?:1[89]|20)\d\d\))?\s*[:=]?\s*$")


#: nouns that count the members of a kind by a unit of them: a pair, a nest, a head of cattle, an individual, a
#: specimen ("2,400 breeding pairs of terns", "60 head of cattle"): a count of the kind, given in that unit
COUNT_UNIT_NOUNS = frozenset(tokenize("pair pairs nest nests individual individuals specimen specimens head couple "
                                      "couples"))
#: "of" and the noun a count unit counts, one describing word allowed ("of guillemots", "of the grey seals")
_UNIT_OF_RE = re.compile(r"\s+of\s+(?:the\s+)?(?:[^\W\d_][\w'’-]*\s+)?(?P<noun>[^\W\d_][\w'’-]*)")
#: a noun and a colon right before a number ("Velm's terns: 640 pairs")
_COLON_LABEL_RE = re.compile(r"(?P<label>[^\W\d_][\w'’-]*)\s*:\s*$")


def _counted_in_units(text: str, start: int, end: int, following: list[str], wanted: set[str]) -> str | None:
    """The noun of ``wanted`` (tokens) that the number at ``text[start:end]`` counts in a unit of it
    (:data:`COUNT_UNIT_NOUNS`), the unit among the (at most three, no punctuation between) ``following`` words:
    "1,930 breeding pairs of guillemots", "Guillemots: 1,930 breeding pairs" (a label noun and a colon right before the
    number) count guillemots, in pairs; None otherwise. Never raises."""
    for w in following:
        toks = tokenize(w)
        if toks and toks[-1] in COUNT_UNIT_NOUNS:
            at = text.find(w, end)
            of = _UNIT_OF_RE.match(text, at + len(w)) if at >= 0 else None
            if of is not None and set(tokenize(of.group("noun"))) & wanted:
                return of.group("noun")
            label = _COLON_LABEL_RE.search(text[:start])
            if label is not None and set(tokenize(label.group("label"))) & wanted:
                return label.group("label")
            return None
        if is_stopword(w.lower()) or w[:1].isupper():
            return None
    return None


def _label_noun(before: str, wanted: set[str]) -> str | None:
    """The noun of a label line right before a number (:data:`_LABEL_BEFORE`, ``before`` the text up to the number)
    when it is one of ``wanted`` (tokens; by a closed compound's head or its German, French or Spanish word too), or
    None."""
    m = _LABEL_BEFORE.search(before)
    if m is None:
        return None
    toks = tokenize(m.group("label"))
    if toks and (toks[-1] in wanted or _same_head(toks[-1], wanted) or head_english(toks[-1]) & wanted):
        return m.group("label")
    return None


#: a time frame of the past that names no year: "at its peak", "at the height of its fame", "in their heyday", "at
#: one time", "formerly" (a figure of it is no figure of now)
PAST_FRAME = (r"(?:at\s+(?:its|their|his|her)\s+(?:peak|height|zenith)"
              r"|at\s+the\s+(?:peak|height)\s+of\s+(?:its|their|his|her)\s+[a-z]+"
              r"|in\s+(?:its|their|his|her)\s+heyday|at\s+one\s+time|formerly)")
#: a thing's first state, a past time too: "As built, the organ had 48 stops", "as first built", "originally",
#: "at its opening", "when new" (a figure of it is the first one, no figure of now)
FIRST_STATE_FRAME = (r"(?:as\s+(?:first\s+|originally\s+)?(?:built|designed|installed|completed|opened)(?=\s*,)"
                     r"|originally|at\s+(?:its|their|the)\s+(?:opening|inauguration|completion)"
                     r"|when\s+(?:new|(?:first\s+)?(?:built|opened)))")
#: :data:`PAST_FRAME` or :data:`FIRST_STATE_FRAME`, or "once" before a verb of the past ("the mill once employed 400";
#: group ``once``)
_PAST_FRAME_RE = re.compile(rf"\b(?:{PAST_FRAME}|{FIRST_STATE_FRAME})\b|\b(?P<once>once\s+(?:had|was|were|[a-z]+ed))\b",
                            re.IGNORECASE)
#: where one clause of a sentence ends and another begins: a semicolon, or a comma or dash before a joining word
#: ("Tessing Hall once seated 900, but since its rebuilding it has 640 seats"), or "but"/"whereas" alone
_CLAUSE_BREAK_RE = re.compile(r"\s*(?:;|[,\u2013\u2014]\s*(?:but|while|whereas|and|yet|although|though)\b"
                              r"|\s(?:but|whereas)\b)\s*", re.IGNORECASE)
#: an aside set off by commas inside a clause (", formerly a chapel,", ", which is now closed,"): the opening comma
#: and the aside, up to (not taking) the comma that closes it, so that asides in a row are each matched; ``first``
#: its first word when that is a word of letters ("formerly", "which"), else "". Deleting the matches leaves the
#: clause around its asides ("The hall, formerly a chapel, has 640 seats" -> "The hall, has 640 seats"); a reader
#: of a question's trailing aside closes it with a comma first (:func:`shared.text.answer.asked_years`)
ASIDE_RE = re.compile(r",\s*(?P<first>[^\W\d_]*)[^,]*(?=,)")
#: a word of the present in a clause: a present form of "be" or "have", or "now", "today", "currently"
_PRESENT_RE = re.compile(r"\b(?:is|are|has|have|now|today|currently|presently|nowadays)\b", re.IGNORECASE)


def _past_verb_in(text: str) -> bool:
    """Whether ``text`` writes a verb of the past: a lower-case word ending in "-ed" or an irregular simple past
    ("had", "was", "drew": :func:`shared.text.verbs.simple_past`)."""
    return any((w.endswith("ed") and len(w) > 3) or simple_past(w) for w in re.findall(r"\b[a-z]+\b", text))


def _frame_governs(clause: str, m: re.Match[str]) -> bool:
    """Whether the past frame ``m`` (a match of :data:`_PAST_FRAME_RE` in ``clause``) governs ``clause``'s figure: it
    is the clause's opening or closing adverbial, an adverbial set off by its own commas (", at its peak, had"), or
    "once" right before the clause's past verb with its subject before it ("the mill once employed 400"); never an
    aside naming another thing (", formerly a chapel,", ", once named the X Institute,") nor a participle phrase
    opening the clause ("Once merged with X, ..."). The clause outside its asides must write no word of the present
    (:data:`_PRESENT_RE`: "has", "is", "now") and, but for the "once <verb>" shape, a verb of the past."""
    before, after = clause[:m.start()].rstrip(), clause[m.end():].lstrip()
    if m.group("once"):
        if not before or before.endswith(","):
            return False  # "Once merged with X, ...", ", once named X," : a participle phrase, no clause's verb
    elif before.endswith(",") and after and not after.startswith((",", ".")):
        return False  # ", formerly a chapel, has 640 seats": an aside about the thing, the clause's verb is its own
    rest = ASIDE_RE.sub("", before.rstrip(",") + " " + after.lstrip(", "))
    if _PRESENT_RE.search(rest):
        return False
    return bool(m.group("once")) or _past_verb_in(rest)


def past_framed(sentence: str) -> bool:
    """Whether ``sentence`` sets its figure in a past time it names no year of (:data:`PAST_FRAME`: "At its peak
    the academy had 240 students", "The mill once employed 400 workers", "Formerly 30 trains a day stopped here"; of
    a first state, :data:`FIRST_STATE_FRAME`: "As built, the organ had 48 stops", "The hall originally seated 900"):
    the figure is of then, not of now. The frame must govern the clause that states the figure, in the past tense
    (:func:`_frame_governs`): "Tessing Hall, formerly a chapel, has 640 seats", "Once merged with X, the university
    now has 12,400 students" are figures of now, and so is a sentence whose other clause gives a figure in the
    present ("The hall once seated 900, but it has 640 seats"). "at the height of 40 metres" or "once a year" is no
    such frame. Never raises."""
    clauses = _CLAUSE_BREAK_RE.split(sentence or "")
    governed = [any(_frame_governs(c, m) for m in _PAST_FRAME_RE.finditer(c)) for c in clauses]
    if not any(governed):
        return False
    # another clause giving a figure in the present tense: the sentence's figure of now
    return not any(not g and _PRESENT_RE.search(ASIDE_RE.sub("", c)) and re.search(r"\d", numerize(c)[0])
                   for c, g in zip(clauses, governed))


def counts(sentence: str, nouns: tuple[str, ...] | list[str], *, periods: bool = True) -> list[str]:
    """The numbers of ``sentence`` (as written: digits or words) that count one of ``nouns`` (tokens, as
    :func:`counted_nouns` gives them), in text order.

    A number counts a noun when that noun (singular or plural, any inflection :func:`tokenize` folds) follows it,
    with at most two describing words between ("nine arches", "7 studio albums", "twelve daily crossings"); a
    number of people (``nouns`` holding one of :data:`PEOPLE_NOUNS`) is also the number after "population" ("a
    population of 12,400", "the population was estimated at 8,950") or before another people noun ("8,950
    inhabitants" for "how many residents"); a number of visitors (``nouns`` holding one of :data:`VISITOR_NOUNS`)
    the number after "attendance", "turnout", "attended by" ("the attendance was 36,500") or before another
    visitor noun ("41,000 spectators" for "how many visitors"); a number of workers (``nouns`` holding one of
    :data:`WORKFORCE_NOUNS`) the number after a word for the whole workforce (:data:`_WORKFORCE_BEFORE`: "a staff
    of 35", "Die Belegschaft umfasst 35 Personen"); a number of members the number after "membership"
    (:data:`_MEMBERSHIP_BEFORE`: "Our membership reached 212 rowers", "membership stands at 212"); a number of seats
    (``nouns`` holding one of
    :data:`SEAT_NOUNS`) also the number of people a word of holding stands before (:func:`capacity_count`: "seats
    240 spectators", "holds up to 300 people"), and then no count of people, visitors or attendance without such a
    word ("86,400 people attended" says none a hall holds); any noun is also counted by its near-synonym
    (:func:`shared.text.synonyms.near_synonyms`: "six furnaces" for "how many kilns", "212 apiarists" for "how many
    beekeepers", a phrase of several words read as the noun asked: "12 minor planets" for "how many asteroids",
    :func:`shared.text.synonyms.phrased_as`) or by a kind of it (:func:`shared.text.synonyms.narrower_kinds`: "1,140 marionettes" for "how many
    puppets"), by a closed compound's head (:func:`_same_head`: "3,400 hives" for "how many beehives") and by its
    German, French or Spanish word or compound head (:func:`shared.text.crosslang.head_english`: "32 Schlafplätze"
    for "how many beds", "6.300 Samenproben" for "how many seed samples"). A label line's noun before the number
    counts it as well, when no noun follows the number (:func:`_label_noun`: "visitors 24,750", "Visitors (2023):
    24,750", a table row read as "Year 2023: visitors 24,750."). A
    year before a singular noun ("the 1999 season") or after a date
    preposition ("in 2019") and a measure (:func:`is_measure`: "143 kilometres long", "€40") count nothing, unless
    the unit is the noun counted ("12 years" for "how many years"). ``periods=False`` (a question asking the count
    of each one of a unit, :func:`per_unit`: "How many passengers can each car carry?"): a total over a period
    (:func:`period_total`: "Year 2021: passengers 182,400", "262,085 passengers in 2024") counts nothing. Never
    raises."""
    wanted = set(nouns)
    if not wanted or not sentence:
        return []
    # a noun's near-synonym counts it too ("six furnaces" for "how many kilns": shared.text.synonyms), a phrase of
    # several words as the noun asked ("12 minor planets" for "how many asteroids", "3 parking lots" for "how many
    # car parks"); no word of such a phrase alone ("8 planets" counts no asteroids)
    asked = [*nouns, *(f"{a} {b}" for a, b in zip(nouns, nouns[1:]))]
    for a in asked:
        sentence = phrased_as(sentence, a)
    wanted |= {t for a in asked for w in near_synonyms(a) | narrower_kinds(a) if " " not in w for t in tokenize(w)}
    people = bool(wanted & PEOPLE_NOUNS)
    if people:
        wanted |= PEOPLE_NOUNS
    visitors = bool(wanted & VISITOR_NOUNS)
    if visitors:
        wanted |= VISITOR_NOUNS
    seats = bool(wanted & set(SEAT_NOUNS))
    workforce = bool(wanted & set(WORKFORCE_NOUNS))
    # a count attribute asked by its "-ment" noun ("enrolment") is counted by its verb too ("enrolled 14,200")
    acts = {st: w for w in wanted if (st := ment_verb_stem(w)) is not None}
    text, written = numerize(sentence)
    out: list[str] = []
    for m in _COUNT_RE.finditer(text):
        num = m.group("num")
        following = re.findall(r"[^\W\d_][\w'’-]*", text[m.end():m.end() + 60])[:3]
        seps = re.match(r"[\s\w'’-]*", text[m.end():m.end() + 60])  # the words right after it, no punctuation
        reach = len(re.findall(r"[^\W\d_][\w'’-]*", seps.group(0))) if seps else 0
        counted = None
        for k, w in enumerate(following[:reach]):
            toks = tokenize(w)
            if toks and (toks[-1] in wanted or _same_head(toks[-1], wanted) or head_english(toks[-1]) & wanted):
                counted = w if k == 0 or not is_measure(text, m.start(), m.end()) else None  # "12 years" asked
                if _modifier(num, w, following[k + 1:reach]) and not set(tokenize(following[k + 1])) & wanted:
                    counted = None  # "three furnace bays" counts bays, not furnaces ("7 studio albums" albums asked)
                break
            if is_stopword(w.lower()) or w[:1].isupper():
                break
        year = re.fullmatch(r"(?:1\d|20)\d\d", num) is not None and not m.group("scale")
        if counted is not None and year and (not counted.lower().endswith("s") or _DATE_BEFORE.search(
                text[:m.start()])):
            counted = None  # "the 1999 season", "in 2019 trucks"
        if counted is None and people and not year and not is_measure(text, m.start(), m.end()) \
                and _POPULATION_BEFORE.search(text[:m.start()]):
            counted = "population"
        if counted is None and visitors and not year and not is_measure(text, m.start(), m.end()) \
                and _ATTENDANCE_BEFORE.search(text[:m.start()]):
            counted = "attendance"
        if counted is None and workforce and not year and not is_measure(text, m.start(), m.end()) \
                and (not following[:reach] or _people(following[0])) and _WORKFORCE_BEFORE.search(text[:m.start()]):
            counted = "workforce"  # "a staff of 35", "Die Belegschaft umfasst 35 Personen"
        if counted is None and _MEMBER in wanted and not year and not is_measure(text, m.start(), m.end()) \
                and (not following[:reach] or _people(following[0]) or is_stopword(following[0].lower())
                     or _people_by_role(following[0])) and _membership_total(text, m.start(), m.end()):
            counted = "membership"  # "Our membership reached 212 rowers", "membership stands at 212"
        if counted is None and not year and not is_measure(text, m.start(), m.end()) \
                and (not following[:reach] or is_stopword(following[0].lower())):
            counted = _label_noun(text[:m.start()], wanted)  # "visitors 24,750", "Visitors (2023): 24,750"
        if counted is None and acts and not year and not is_measure(text, m.start(), m.end()) \
                and verb_counted(text, m.start(), m.end(), set(acts)):
            counted = next(iter(acts.values()))  # "enrolled 14,200 students", "14,200 students were enrolled"
        if counted is None and not year:
            counted = _counted_in_units(text, m.start(), m.end(), following[:reach], wanted)
        if counted is not None and visitors and not seats and capacity_count(text, m.start(), m.end()):
            counted = None  # "the hall holds 48 visitors", "seats 240 spectators": how many it holds, none who came
        if counted is not None and seats and not set(tokenize(counted)) & set(SEAT_NOUNS) \
                and not capacity_count(text, m.start(), m.end()):
            counted = None  # a capacity asked: "86,400 people attended", "an attendance of 5,000" are none it holds
        if counted is None and seats and following[:reach] and not year \
                and set(tokenize(following[0])) & (PEOPLE_NOUNS | VISITOR_NOUNS | PASSENGER_NOUNS) \
                and capacity_count(text, m.start(), m.end()):
            # "seats 240 spectators", "holds up to 300 people", "capacity 40 passengers per car": the seats they fill
            counted = following[0]
        if counted is not None and not periods and period_total(text, m.start(), m.end()):
            counted = None  # a year's total, no count of one car, room or cabin
        if counted is not None:
            out.append(written.get(m.start(), m.group(0)).strip())
    return out


def other_count(sentence: str, nouns: tuple[str, ...] | list[str]) -> bool:
    """Whether ``sentence`` counts some thing and none of ``nouns`` (tokens, as :func:`counted_nouns` gives them):
    a number in digits or words right before a lower-case noun (:func:`figure_kind` ``("count",)``: "holds 48
    seats", "employs 6 staff"), no year, and :func:`counts` finds no count of ``nouns`` in it. "The lecture hall
    holds 48 seats" counts another thing than visitors; "In 2023 the observatory counted 24,750 visitors" does
    not. Never raises."""
    if not sentence or not nouns or counts(sentence, nouns):
        return False
    text = numerize(sentence)[0]
    for m in _COUNT_RE.finditer(text):
        if re.fullmatch(r"(?:1\d|20)\d\d", m.group("num")) and not m.group("scale"):
            continue
        if figure_kind(text, m.start(), m.end()) == ("count",):
            return True
    return False


def _people_by_role(word: str) -> bool:
    """Whether ``word`` names people, by what they do too (:func:`shared.text.answer.is_people_noun`: "rowers",
    "beekeepers", "cyclists"): those a membership counts. Never raises."""
    from shared.text.answer import is_people_noun  # answer.py imports this module
    return is_people_noun(word)


def _people(word: str) -> bool:
    """Whether ``word`` is a people noun (:data:`PEOPLE_NOUNS`) in English or, by the lexicon, in German, French or
    Spanish ("people", "Personen", "personnes")."""
    toks = tokenize(word)
    return bool(toks) and (toks[-1] in PEOPLE_NOUNS or bool(head_english(toks[-1]) & PEOPLE_NOUNS))


@lru_cache(maxsize=1)
def _unit_tokens() -> frozenset[str]:
    return frozenset(t for u in _UNITS if u not in _AMBIGUOUS_UNITS for t in tokenize(u))


#: "each car", "every cabin", "per room", "each of the cars": the unit a question asks a figure of one of
_PER_UNIT_RE = re.compile(r"\b(?:each|every|per)\s+(?:(?:one\s+)?of\s+(?:the|its|their|these|those)\s+)?"
                          r"(?P<unit>[a-z][a-z-]+)\b", re.IGNORECASE)
#: units of time: "per year", "each day" ask a figure over a period, no figure of one thing
_TIME_UNITS = frozenset(tokenize("year years day days week weeks month months hour hours minute minutes second seconds "
                                 "night nights season seasons annum decade decades century time times morning evening "
                                 "weekend weekends summer winter"))
#: a figure of a year's table row ("Year 2021: passengers 182,400, operating days 281, ..."; "Jahr 2021: ...")
_YEAR_ROW_RE = re.compile(r"^\W*(?:year|jahr|année|annee|año|ano|fiscal\s+year|season)\s+\(?(?:1[89]|20)\d\d"
                          r"(?:\s*[/–-]\s*\d{2,4})?\)?\s*:", re.IGNORECASE)
#: a period right after a figure's noun ("262,085 passengers in 2024", "40,000 visitors a year", "per day",
#: "annually", "in the year 2023", "during 2022")
_PERIOD_AFTER_RE = re.compile(
    r"^(?:\s+[^\W\d_][\w'’-]*){0,3}?\s*,?\s+(?:(?:in|during|for|over)\s+(?:the\s+(?:year\s+|season\s+)?)?(?:1[89]|20)\d\d\b"
    r"|(?:a|per|each|every)\s+(?:year|annum|season|day|week|month)\b|annually\b|yearly\b|daily\b|a\s+year\b)",
    re.IGNORECASE)
#: a sentence opening with the year it reports ("In 2024 the line carried 262,085 passengers")
_YEAR_OPENING_RE = re.compile(r"^\W*(?:in|during)\s+(?:the\s+year\s+)?(?:1[89]|20)\d\d\b", re.IGNORECASE)


def per_unit(question: str) -> str | None:
    """The noun of the one thing a question asks a figure of each of ("How many passengers can each car of the
    funicular carry?" -> "car"; "How many beds are there per room?" -> "room"; "each of the cabins" -> "cabins"),
    or None: no "each" / "every" / "per" before a noun, or only a unit of time ("How many visitors came per year?",
    "each day": a figure over a period is asked, :data:`_TIME_UNITS`). A figure of one such unit is a capacity or
    a size of one; a total over a year (:func:`period_total`) is none. Never raises."""
    for m in _PER_UNIT_RE.finditer(question or ""):
        unit = m.group("unit").lower()
        if is_stopword(unit) or unit in _TIME_UNITS or set(tokenize(unit)) & _TIME_UNITS:
            continue
        return unit
    return None


def period_total(sentence: str, start: int, end: int) -> bool:
    """Whether the number at ``sentence[start:end]`` is a total over a period, not a figure of one thing: a figure of
    a year's table row (:data:`_YEAR_ROW_RE`: "Year 2021: passengers 182,400, ..."), a figure whose noun a year or a
    period follows (:data:`_PERIOD_AFTER_RE`: "262,085 passengers in 2024", "40,000 visitors a year"), or one of a
    sentence opening with its year ("In 2024 the line carried 262,085 passengers"). False for a number without a
    period ("each car holds 54 passengers", "Each car, built in 1912, carries 54 passengers"). Never raises."""
    if not sentence or not 0 <= start <= end <= len(sentence):
        return False
    if _YEAR_ROW_RE.match(sentence) or _YEAR_OPENING_RE.match(sentence):
        return True
    return _PERIOD_AFTER_RE.match(sentence[end:]) is not None


#: a part of a postal address line: names and numbers only, no verb nor common word ("Orvel College", "Lindenweg 4",
#: "4410 Tarrow", "12 Mill Street"), a name's small linking words allowed ("Bank of Tarrow", "Rue de la Gare")
_ADDRESS_PART_RE = re.compile(r"(?:(?:[^\W\d_a-z][\w'’.-]*|\d+[A-Za-z]{0,2}|of|the|and|de|la|le|du|des|an|am|der|"
                              r"von|van|upon|on|sur)\s+)*(?:[^\W\d_a-z][\w'’.-]*|\d+[A-Za-z]{0,2})")
#: a part of such a line opening with a number before a name: a postcode and its town ("4410 Tarrow"), a house number
#: and its street ("12 Mill Street")
_NUMBER_FIRST_RE = re.compile(r"\d+[A-Za-z]?\s+[^\W\d_a-z]")
#: the end of a sentence: its stop (after a citation mark or not) and the space after it
_SENTENCE_END_RE = re.compile(r"(?<=[^\d\s])[.!?](?:\s*\[\d+\])*\s+|(?<=\])[.!?]\s+")


def address_number(sentence: str, start: int, end: int) -> bool:
    """Whether the number at ``sentence[start:end]`` is part of a postal address, no figure of anything: the
    sentence holding it (in a text of several; its citation marks and final stop aside) is a list of three or more
    parts set off by commas, each only names and numbers written without a group separator
    (:data:`_ADDRESS_PART_RE`), one of which opens with its number before a name (a postcode and its town, a house number and its street: :data:`_NUMBER_FIRST_RE`):
    "Orvel College, Marrow Hall, Lindenweg 4, 4410 Tarrow, Vessmark." gives no count of 4 or 4410. A list of names
    each followed by its figure ("Tarrow 1400, Vessby 900, Orm 300") is no address. Never raises."""
    if not sentence or not 0 <= start < end <= len(sentence) or not sentence[start:end].strip().rstrip(",.").isdigit():
        return False
    # the sentence holding the number, of a text of several ("... Ostrevia [1]. Guided tours ...")
    opening = max((m.end() for m in _SENTENCE_END_RE.finditer(sentence, 0, start)), default=0)
    closing = _SENTENCE_END_RE.search(sentence, end)
    text = re.sub(r"\s*\[\d+\]", "", sentence[opening:closing.start() if closing else len(sentence)])
    text = text.strip().rstrip(".;")
    parts = [p.strip() for p in text.split(",")]
    if len(parts) < 3 or not all(_ADDRESS_PART_RE.fullmatch(p) for p in parts):
        return False
    return any(_NUMBER_FIRST_RE.match(p) for p in parts)


def counts_measure(nouns: tuple[str, ...] | list[str]) -> bool:
    """Whether a "how many" question's counted nouns (:func:`counted_nouns`) are units of measure ("how many
    kilometres", "how many years"): then a measure answers it; otherwise ("how many arches") none does."""
    return any(t in _unit_tokens() for t in nouns)


def quantity_words(question: str) -> tuple[str, ...]:
    """The tokens of the word by which ``question`` asks for a quantity of a known kind (:func:`asked_quantity`):
    the adjective of "how long" / "how tall" (``("long",)``) or the attribute of "what is the height of"
    (``("height",)``), with the word naming its figure after it ("the attendance figure of": ``("attendance",
    "figure")``); () when it asks for none. A sentence stating a figure of that kind says it in its own words
    ("The tower is 31 metres tall" gives the height). Never raises."""
    q = " ".join((question or "").split())
    if not asked_quantity(q):
        return ()
    unit = _UNIT_MEASURE_RE.search(q) if unit_measure(q) is not None else None
    if unit is not None:  # "how many miles long": a figure of a length gives the miles and the "long" asked
        return tuple(dict.fromkeys(tokenize(f"{unit.group('unit')} {unit.group('adj') or unit.group('verb')}")))
    m = _ATTRIBUTE_RE.search(q)
    if m is not None and m.group("attr").lower() in ATTRIBUTE_KINDS:
        figure = re.match(rf"\s+(?:{FIGURE_WORDS})\b", q[m.end("attr"):], re.IGNORECASE)
        return tuple(tokenize(m.group("attr") + (figure.group(0) if figure else "")))
    h = _HOW_RE.search(q)
    if h is not None and h.group("adj").lower() in _HOW_KINDS:
        return tuple(tokenize(h.group("adj")))
    other = _worded_attribute(q)
    if other is not None:  # "At what altitude is ...", "What is the hut's elevation?"
        return tuple(tokenize(other.group("attr")))
    return ()


#: irregular past forms of the verbs that ask how much a figure changed ("grew" says "grow")
_CHANGE_PAST = {"grow": ("grew", "grown"), "rise": ("rose", "risen"), "fall": ("fell", "fallen"),
                "shrink": ("shrank", "shrunk"), "increase": ("increased",), "decrease": ("decreased",),
                "drop": ("dropped",), "decline": ("declined",), "change": ("changed",)}
_CHANGE_ASKED_RE = re.compile(rf"\bhow\s+much\s+(?:did|has|have|had|does|do)\b.*?\b(?P<verb>{'|'.join(_CHANGE_PAST)})\b",
                              re.IGNORECASE)
_CHANGE_STATED_RE = re.compile(rf"\b(?:{'|'.join(w for forms in _CHANGE_PAST.values() for w in forms)}|rose|fell|"
                               r"increased|decreased)\s+by\s+[\d.,]+", re.IGNORECASE)


#: the words asking for the newest figure of a quantity ("the latest attendance figure", "the most recent population")
_LATEST_ASKED_RE = re.compile(r"\b(?:latest|newest|most\s+recent|current)\b", re.IGNORECASE)
#: the same words in a source's sentence: a figure or a name framed as the newest one ("latest winner author X") is of
#: the present, not of a past year a question names
LATEST_RE = _LATEST_ASKED_RE
_YEAR_IN_TEXT_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b(?![,.]\d)")


def states_asked(question: str, sentence: str) -> tuple[str, ...]:
    """The question's words that ``sentence`` says in its own words: the quantity's word (:func:`quantity_words`)
    when it states a figure of the kind asked ("164 metres" for "how long"), with the question's "latest" / "most
    recent" / "current" when the sentence writes the year its figure is of ("The 2024 fair drew 15,050 visitors"; a
    count of those who came asked, "the attendance figure", only by a count of visitors: :func:`attribute_count_nouns`), the counted noun's words
    (:func:`counted_nouns`) when it counts it ("8,950 inhabitants" for "how many people live in"; with the figure
    word and "latest" of "the latest visitor figure for X" too; with the words of a capacity asked as an attribute,
    "seating capacity" of "What is the seating capacity of X?", when it counts what X holds: "640 seats"), the change verb
    of "by how much did X grow" when it states a change by an amount ("grew by 564", "fell by 265"); () otherwise.
    Never raises."""
    out: list[str] = []
    words = quantity_words(question)
    visitors = attribute_count_nouns(question)  # "the attendance figure": "48 seats" states no attendance
    if words and states_quantity(numerize(sentence)[0], asked_quantity(question)) \
            and (not visitors or counts(sentence, visitors)):
        out += words
        # "the latest attendance figure": a figure whose sentence writes its year says which time it is of
        latest = _LATEST_ASKED_RE.search(question or "")
        if latest is not None and _YEAR_IN_TEXT_RE.search(sentence or ""):
            out += tokenize(latest.group(0))
    nouns = counted_nouns(question)
    if nouns and counts(sentence, nouns):
        out += nouns
        # "the latest annual visitor figure for X": a sentence counting the visitors states the figure, and of the
        # time its year says
        head = _figure_head_word(question)
        out += head
        latest = _LATEST_ASKED_RE.search(question or "") if head else None
        if latest is not None and _YEAR_IN_TEXT_RE.search(sentence or ""):
            out += tokenize(latest.group(0))
        verb = counting_verb(question)  # "how many people live in": "8,950 inhabitants" says who lives there
        if verb:
            out += tokenize(verb)
        # "the seating capacity of X": a count of what X holds ("640 seats", "seats 300 spectators") says it
        held = _HELD_CAPACITY_RE.search(question or "") if capacity_nouns(question) else None
        if held is not None:
            out += tokenize(held.group(0))
    change = _CHANGE_ASKED_RE.search(" ".join((question or "").split()))
    if change is not None and _CHANGE_STATED_RE.search(sentence or ""):
        out += tokenize(change.group("verb"))  # "grew by 564" / "fell by 265" answers "by how much did it grow"
    return tuple(dict.fromkeys(out))


#: amounts of money a thing has as a whole (over a year, a project), which no price of one of its parts states -> the
#: words a sentence stating that amount may name it by
AMOUNT_FAMILIES: tuple[frozenset[str], ...] = tuple(frozenset(f.split()) for f in (
    "budget budgets spending spent expenditure expenditures expenses outlay",
    "revenue revenues income turnover takings sales receipts earnings",
    "profit profits surplus earnings",
    "loss losses deficit",
    "salary salaries wage wages pay earns earned earnings",
    "endowment endowments assets",
))
#: the tokens of the nouns of :data:`AMOUNT_FAMILIES` that label a figure ("income (EUR) 874,000", "a budget of
#: €2 million"); no verb ("pay", "spent", "earned": "visitors pay €7" is a price)
_WHOLE_AMOUNT_LABELS = frozenset(t for f in AMOUNT_FAMILIES for w in f - {"pay", "spent", "earns", "earned"}
                                 for t in tokenize(w))
#: the tokens of words that name a price or the entry it pays for, each a price of one's entry or passage when a
#: sentence gives an amount of money with it ("the entry fee", "Admission is £6", "Tickets are £5", "the fare", "a
#: toll"): "What is the entry fee for X?" is answered by any of them (:func:`shared.text.answer.prices_thing_asked`)
PRICE_WORDS = frozenset(tokenize("pay pays paid price prices priced fee fees fare fares ticket tickets charge "
                                 "charges charged admission entry entrance admittance toll tolls"))
#: the tokens of words that ask the price one pays for a thing ("What does an adult pay for admission?", "the
#: ticket price", "the entry fee", "How much is the fare?", "What does entry cost?", "the membership"); no bare
#: "cost" ("What did the film cost?" is answered by its budget)
_PRICE_WORDS = PRICE_WORDS | frozenset(tokenize("membership"))
#: the relation of the words that state what a thing costs (:data:`shared.text.relations.RELATIONS`: "fee", "costs")
_PRICE_RELATION = "price"
#: where a figure's own label begins: after a clause break or another figure ("admissions 38,750, income (EUR)")
_LABEL_START_RE = re.compile(r".*(?:[,;:.!?|]\s|\d\s)", re.DOTALL)


def asks_price(question: str) -> bool:
    """Whether ``question`` asks the price one pays for a thing: an amount of money (:func:`asked_quantity`) asked
    with a word of paying or of a price (:data:`_PRICE_WORDS`: "What does an adult pay for admission to X?", "How
    much does an adult ticket cost?", "What is the entry fee?"), and no amount a thing has as a whole
    (:data:`AMOUNT_FAMILIES`: "What is the museum's ticket revenue?" asks an income). Never raises."""
    q = question or ""
    if asked_quantity(q) != _MONEY:
        return False
    words = set(tokenize(q))
    return bool(words & _PRICE_WORDS) and not words & _WHOLE_AMOUNT_LABELS


def whole_amount(sentence: str, start: int) -> bool:
    """Whether the figure at ``sentence[start:]`` is labelled as an amount a thing has as a whole: a noun of
    :data:`AMOUNT_FAMILIES` among the words before it in its own clause or table cell ("Year 2023: ... visitor centre
    admissions 38,750, income (EUR) 874,000" at 874,000; "The trust's annual budget is €2 million"), which no price
    of one visit or ticket states. False for a figure labelled otherwise ("adult ticket price €7.00")."""
    before = sentence[max(0, start - 60):start]
    cut = _LABEL_START_RE.match(before)
    label = before[cut.end():] if cut is not None else before
    return bool(set(tokenize(label)) & _WHOLE_AMOUNT_LABELS)

