"""What kind of quantity a question asks for, and whether a sentence states a figure of that kind (no model).

"What is the range of the Lumen X3?" asks for a length; "The Lumen X3 has a range of 110 km" states one (a number
with a unit of length) and "The 620 Wh battery charges in about five hours" states an energy and a time, no length.

- :func:`asked_quantity` reads the kind from the question's attribute ("the <attribute> of <name>": range, weight,
  price, speed, population ...) or its "how <adjective>" ("how far", "how heavy", "how fast", "how much does ...
  cost").
- :func:`stated_kinds` reads the kinds of the figures a sentence states (a number followed by a unit word or
  preceded by a currency sign; a number followed by a count noun is a count; a year is none).
- :func:`states_quantity` says whether a sentence states a figure of one of the asked kinds.

Kinds: ``length``, ``mass``, ``money``, ``speed``, ``time``, ``power``, ``energy``, ``charge``, ``volume``,
``area``, ``temperature``, ``voltage``, ``data``, ``count`` (a plain number of things: "12,400 inhabitants").
English words only; the unit lexicon is deliberately small and fast (no unit registry to build per process).
"""

from __future__ import annotations

import re
from functools import lru_cache

__all__ = ["ATTRIBUTE_KINDS", "asked_quantity", "stated_kinds", "states_quantity", "quantity_attributes",
           "compared_quantity"]

_LENGTH, _MASS, _MONEY, _SPEED, _TIME = ("length",), ("mass",), ("money",), ("speed",), ("time",)

#: the attribute a question asks for -> the kinds of figure that state it
ATTRIBUTE_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("range distance length height width depth elevation altitude diameter radius span wingspan "
                    "circumference thickness reach".split(), _LENGTH),
    **dict.fromkeys("weight mass".split(), _MASS),
    **dict.fromkeys("price cost budget revenue revenues salary fee fare turnover worth".split(), _MONEY),
    **dict.fromkeys("speed velocity".split(), _SPEED),
    **dict.fromkeys("duration runtime lifespan".split(), _TIME),
    **dict.fromkeys("power output wattage".split(), ("power",)),
    "capacity": ("energy", "charge", "volume", "count", "data", "mass"),
    "volume": ("volume",), "area": ("area",), "temperature": ("temperature",), "voltage": ("voltage",),
    **dict.fromkeys("population attendance enrollment enrolment workforce toll casualties membership ridership "
                    "circulation".split(), ("count",)),
}

#: "how <adjective>" -> the kinds of figure that answer it
_HOW_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys("far tall high deep wide long".split(), _LENGTH), "long": ("length", "time"),
    "heavy": _MASS, "fast": _SPEED, "expensive": _MONEY, "cheap": _MONEY,
}

_ATTRIBUTE_RE = re.compile(
    r"\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the\s+|its\s+|his\s+|her\s+|their\s+)?(?:(?:top|maximum|max|"
    r"minimum|min|average|total|official|claimed|estimated|current|real|actual|battery|retail|list)\s+)?"
    r"(?:[a-z]+\s+)?(?P<attr>[a-z]+)\b(?=\s+(?:of|for)\b)", re.IGNORECASE)  # "the death toll of"
_HOW_RE = re.compile(r"\bhow\s+(?P<adj>[a-z]+)\b", re.IGNORECASE)
_COST_RE = re.compile(r"\bhow\s+much\b.*\b(?:cost|costs|sell|sells|sold|pay|paid|price|priced)\b", re.IGNORECASE)
_WEIGH_RE = re.compile(r"\bhow\s+much\b.*\bweighs?\b", re.IGNORECASE)


def quantity_attributes() -> list[str]:
    """The attribute words :func:`asked_quantity` reads as a quantity ("range", "weight", "price" ...), longest
    first (for building patterns)."""
    return sorted(ATTRIBUTE_KINDS, key=lambda w: (-len(w), w))


def asked_quantity(question: str) -> tuple[str, ...]:
    """The kinds of figure ``question`` asks for, or () when it asks for no quantity of a known kind.

    "What is the range of the Lumen X3?" -> ("length",); "What was the top speed of ...?" -> ("speed",); "How
    heavy is ...?" -> ("mass",); "How much does the X cost?" -> ("money",); "How long is the bridge?" -> ("length",
    "time"); "What is the population of Halvik?" -> ("count",). Never raises."""
    q = " ".join((question or "").split())
    m = _ATTRIBUTE_RE.search(q)
    if m is not None and m.group("attr").lower() in ATTRIBUTE_KINDS:
        return ATTRIBUTE_KINDS[m.group("attr").lower()]
    if _COST_RE.search(q):
        return _MONEY
    if _WEIGH_RE.search(q):
        return _MASS
    h = _HOW_RE.search(q)
    if h is not None and h.group("adj").lower() in _HOW_KINDS:
        return _HOW_KINDS[h.group("adj").lower()]
    return ()


#: unit words (case-folded) -> kind; a few symbols whose case matters are in :data:`_CASED_UNITS`
_UNITS: dict[str, str] = {
    **dict.fromkeys("km kilometre kilometres kilometer kilometers m metre metres meter meters cm centimetre "
                    "centimetres centimeter centimeters mm millimetre millimetres millimeter millimeters ft foot feet "
                    "in inch inches mi mile miles yd yard yards nmi".split(), "length"),
    **dict.fromkeys("kg kilogram kilograms kilo kilos g gram grams grammes lb lbs pound pounds oz ounce ounces "
                    "t tonne tonnes ton tons".split(), "mass"),
    **dict.fromkeys("km/h kmh kph mph knots knot m/s".split(), "speed"),
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
    **dict.fromkeys("gb tb mb kb gigabytes terabytes megabytes".split(), "data"),
    **dict.fromkeys("euro euros eur dollar dollars usd gbp yen krona kronor kroner franc francs chf sek nok dkk "
                    "rupees rupee yuan cny".split(), "money"),
}
#: words after "square" that make an area ("12 square kilometres")
_SQUARE = re.compile(r"\s*square\s+(?:km|kilometres?|kilometers?|metres?|meters?|miles?|feet|foot)\b", re.IGNORECASE)
_CURRENCY_SIGNS = "€$£¥₹₩"
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_FIGURE_RE = re.compile(
    rf"(?P<sign>[{_CURRENCY_SIGNS}]\s?|\b(?:EUR|USD|GBP|CHF|SEK|NOK|DKK)\s?)?(?<![\w.,])(?P<num>{_NUMBER})"
    r"(?![\w,.]\d)(?:\s*(?:million|billion|thousand|bn)\b)?(?P<unit>\s*(?:[°º]\s?[CF]\b|%|[^\W\d_]+(?:/[a-z]+)?"
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
    length ("longer" also time), "heavier" -> mass, "faster" -> speed, "more expensive" -> money; () when no
    comparative of a known kind is there ("older", "larger": ages, dates, sizes of many kinds). Never raises."""
    for m in _COMPARATIVE_RE.finditer(question or ""):
        adj = (m.group("adj") or m.group("long") or "").lower()
        for base in (adj, adj + "y", adj[:-1] if len(adj) > 3 and adj[-1] == adj[-2] else adj):  # heavi-er, bigg-er
            if base in _HOW_KINDS:
                return _HOW_KINDS[base]
    return ()


@lru_cache(maxsize=4096)
def stated_kinds(sentence: str) -> frozenset[str]:
    """The kinds of the figures ``sentence`` states (see the module docstring): "a range of 110 km" ->
    {"length"}; "costs 2,199 euros" / "€2,199" -> {"money"}; "12,400 inhabitants" -> {"count"}; "founded in
    1642" -> {} (a year is a date, no figure). A number whose next word is no unit counts that word's thing
    ("count"). Never raises."""
    out: set[str] = set()
    for m in _FIGURE_RE.finditer(sentence or ""):
        num = m.group("num")
        unit = (m.group("unit") or "").strip()
        if m.group("sign"):
            out.add("money")
            continue
        before = sentence[:m.start("num")]
        if _YEAR_RE.fullmatch(num) and (not unit or _DATE_BEFORE.search(before) or unit.lower() in _NOT_COUNT):
            continue  # a year
        if before.rstrip().endswith(("-", "–")) or before[-1:].isalpha():
            continue  # part of a name or a range of dates ("X3", "2013–14")
        if _SQUARE.match(sentence[m.end("num"):]):
            out.add("area")
            continue
        low = unit.lower()
        if low in _UNITS:
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


def states_quantity(sentence: str, kinds: tuple[str, ...]) -> bool:
    """Whether ``sentence`` states a figure of one of ``kinds`` (:func:`stated_kinds`); False for no kinds."""
    return bool(kinds) and bool(stated_kinds(sentence) & set(kinds))
