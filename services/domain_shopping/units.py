"""Quantities in product specs: "250 g", "0.55 lb", "30 hours", "1,200 mAh" read with ``pint`` and put in one
canonical unit per kind of quantity (mass in grams, time in hours ...), so values from different pages compare."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pint

from shared.units import FOREIGN_UNITS, SAME_VALUE_TOLERANCE, one_value, unit_registry
from shared.units import plain_number as _plain_number

#: UN/CEFACT common codes (schema.org ``unitCode``) -> pint unit
UNIT_CODES = {"GRM": "gram", "KGM": "kilogram", "LBR": "pound", "ONZ": "ounce", "HUR": "hour", "MIN": "minute",
              "SEC": "second", "MMT": "millimeter", "CMT": "centimeter", "MTR": "meter", "INH": "inch",
              "WTT": "watt", "HTZ": "hertz", "KHZ": "kilohertz", "E34": "gigabyte", "4L": "megabyte",
              "AMH": "ampere * hour", "VLT": "volt", "ANN": "year", "MON": "month", "DAY": "day"}
#: spellings pint does not read as meant
_ALIASES = {"hrs": "hour", "hr": "hour", "h": "hour", "hours": "hour", "mins": "minute", "lbs": "pound",
            "mah": "milliampere * hour", "wh": "watt * hour", "ah": "ampere * hour", "gb": "gigabyte",
            "tb": "terabyte", "mb": "megabyte", "yrs": "year", "yr": "year", "years": "year", "months": "month",
            "″": "inch", '"': "inch", "in": "inch", "inches": "inch", "nits": "nit", "nit": "nit",
            "cd/m²": "nit", "cd/m2": "nit", "cd/m^2": "nit", "min": "minute",
            # areas: "800 m2", "600 qm" (German Quadratmeter; pint reads "qm" as quectometres), "5,000 sq ft"
            "m2": "meter ** 2", "qm": "meter ** 2", "sqm": "meter ** 2", "sq m": "meter ** 2",
            "sq. m": "meter ** 2", "km2": "kilometer ** 2", "cm2": "centimeter ** 2", "mm2": "millimeter ** 2",
            "sq ft": "square_foot", "sq. ft": "square_foot", "sqft": "square_foot", "ft2": "square_foot",
            "square feet": "square_foot", "square foot": "square_foot", "square meters": "meter ** 2",
            "square metres": "meter ** 2", "square meter": "meter ** 2", "square metre": "meter ** 2",
            "m3": "meter ** 3", "cm3": "centimeter ** 3",
            # a speed written as one word ("25 kmh", pint: no unit; "kph" it reads): never a bare number
            "kmh": "kilometer / hour", "kmph": "kilometer / hour", "km/hr": "kilometer / hour",
            # a fluid ounce, a volume (pint: "floz", "fluid_ounce"), never a femtolitre ("fl") times an ounce
            "fl oz": "fluid_ounce", "us fl oz": "fluid_ounce", "fluid oz": "fluid_ounce",
            "imp fl oz": "imperial_fluid_ounce", "uk fl oz": "imperial_fluid_ounce"}
#: unit words of product specs that pint reads as another unit, written as the spec means them (case kept: "MP" is
#: megapixels, not megapoise); "" for a word that is no unit at all ("12 pcs": pieces, not parsecs). "203 dpi" is a
#: print resolution (pint: dry pints, a volume), "60 fps" a frame rate (pint: feet per second, a speed)
_SPEC_UNITS = {"dpi": "dots_per_inch", "Dpi": "dots_per_inch", "fps": "frame / second", "FPS": "frame / second",
               "MP": "megapixel", "Mpx": "megapixel", "MPx": "megapixel", "pcs": "", "Pcs": "", "PCS": "", "pc": "",
               "cfm": "foot ** 3 / minute", "CFM": "foot ** 3 / minute",
               # a torque in newton metres ("65 Nm"; pint: number-metres); "nm" in lower case stays nanometres
               "Nm": "newton * meter", "NM": "newton * meter"}
#: the unit values of each kind of quantity are compared in, and how it is written; the kind (pint's
#: dimensionality, as this pint version writes it) is computed from the unit (:func:`_canonical`)
_CANONICAL_UNITS = (("gram", "g"), ("hour", "h"), ("millimeter", "mm"), ("watt", "W"), ("hertz", "Hz"),
                    ("milliampere * hour", "mAh"), ("watt * hour", "Wh"), ("nit", "cd/m²"), ("liter", "l"),
                    ("pascal", "Pa"), ("kilometer / hour", "km/h"), ("meter ** 2", "m²"), ("lumen", "lm"),
                    # a volumetric flow (an air purifier's CADR, a fan's airflow, a pump's flow rate): "220 cfm",
                    # "310 m³/h", "30 l/min" and "5 l/s" are one kind, compared in m³/h
                    ("meter ** 3 / hour", "m³/h"))
#: kinds pint counts as dimensionless, told apart here: data sizes (bytes, bits) and sound levels (decibels)
INFORMATION = "[information]"
LEVEL = "[level]"
#: a torque ("65 Nm"), which pint gives an energy's dimensionality: told apart, so that a drill's torque is never
#: compared with, converted to or read as a battery's watt-hours
TORQUE = "[torque]"
_DIMENSIONLESS = {INFORMATION: ("gigabyte", "GB"), LEVEL: ("decibel", "dB"), TORQUE: ("newton * meter", "Nm")}


@lru_cache(maxsize=1)
def _canonical() -> dict[str, tuple[str, str]]:
    """Kind (pint dimensionality string) -> (canonical unit, symbol)."""
    ureg = registry()
    out = {str(ureg.Quantity(1, unit).dimensionality): (unit, symbol) for unit, symbol in _CANONICAL_UNITS}
    return {**out, **_DIMENSIONLESS}


def _canonical_of(unit: pint.Unit) -> tuple[str, str] | None:
    """The canonical unit and symbol ``unit``'s values are compared in (:data:`_CANONICAL_UNITS`), or None when its
    kind has none or when ``unit`` only shares the kind's dimensionality with it: a rotation speed ("1,400 rpm",
    radians per minute), a data rate ("320 kbps", bits per second) or a count rate are per time as hertz are, but
    are no frequency and are kept in their own unit (never "1,400 rpm (≈ 23.3 Hz)"). Told by pint's root units."""
    canonical = _canonical().get(kind_of(str(unit)))
    if canonical is None or kind_of(str(unit)) in _DIMENSIONLESS:
        return canonical
    ureg = registry()
    try:
        same = ureg.get_root_units(unit)[1] == ureg.get_root_units(ureg.parse_units(canonical[0]))[1]
    except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
        return None
    return canonical if same else None


@lru_cache(maxsize=64)
def kind_of(unit: str) -> str:
    """The kind of quantity ``unit`` (a pint unit expression: "gram", "watt", "gigabyte", "decibel") measures:
    pint's dimensionality string, except data sizes (:data:`INFORMATION`) and sound levels (:data:`LEVEL`), which
    pint counts as dimensionless. "" when pint does not know the unit."""
    ureg = registry()
    try:
        parsed = ureg.parse_units(unit)
    except Exception:  # noqa: BLE001 (pint raises several error types for an unknown unit)
        return ""
    name = str(parsed)
    if "decibel" in name or name in ("bel", "neper"):
        return LEVEL
    dimensionality = str(ureg.Quantity(1, parsed).dimensionality)
    if dimensionality == "dimensionless" and re.search(r"(byte|bit)\b", name):
        return INFORMATION
    if re.search(r"newton", name) and re.search(r"meter|metre", name):
        return TORQUE
    return dimensionality


def _pair_key(text: str) -> str:
    """A unit of several words or dotted abbreviations as :data:`_ALIASES` keys it: lower case, the words split by
    one space, no dots ("fl. oz." -> "fl oz", "US fl.oz" -> "us fl oz", "Sq. Ft" -> "sq ft")."""
    return " ".join(w for w in re.split(r"[.\s]+", text.lower()) if w)


#: the units of several words :data:`_ALIASES` knows, as a page may write them ("fl oz", "fl. oz.", "US fl.oz",
#: "sq. ft"): each word of the key, a dot or spaces (or both) between them, a dot after the last allowed
_ALIAS_PAIRS = "|".join(r"\.?\s*".join(re.escape(w) for w in key.split()) + r"\.?(?![A-Za-z])"
                        for key in sorted({_pair_key(k) for k in _ALIASES if len(_pair_key(k).split()) > 1},
                                          key=len, reverse=True))

#: a number and its unit word; an area's or volume's power ("m²", "m2", "ft2") is the unit's; a unit of several
#: words :data:`_ALIASES` knows ("48 fl. oz.", "12 US fl oz", "5,000 sq. ft") is read whole
_NUMBER_UNIT = re.compile(r"(-?\d{1,3}(?:[,.\u202f ]\d{3})+(?:[.,]\d+)?|-?\d+(?:[.,]\d+)?)\s*((?i:" + _ALIAS_PAIRS + r")|"
                          r"cd\s?/\s?m(?:²|\^?2)|"
                          r"[A-Za-zµ]{1,6}(?:[²³]|(?<=[mt])[23])?\s?/\s?(?:[A-Za-z]{1,3}|24\s?h)\b|"  # a unit per
                          # unit ("25 km/h", "3 m/s", "310 m³/h", "10 ft³/min", "35 pints/day", "20 l/24h"), whole
                          r"[A-Za-z]{1,6}\s+per\s+(?:day|hour|minute|second)\b|"  # "20 litres per day"
                          r"[A-Za-zÀ-ÿµ°\"″]{1,12}(?:[²³]|(?<=[mt])[23](?!\d))?(?:\s?[A-Za-zÀ-ÿ]{1,6})?)?")


def registry() -> pint.UnitRegistry[Any]:
    """The process's unit registry (:func:`shared.units.unit_registry`, built once), with a video frame
    (:data:`_SPEC_UNITS`: "60 fps") as a kind of its own."""
    return unit_registry()


@dataclass(frozen=True)
class Quantity:
    """A value in its kind's canonical unit: ``amount`` of ``unit`` (``symbol`` for display); ``kind`` is pint's
    dimensionality ("[mass]") or "number" for a plain count, "text" when no number was read."""

    amount: float
    unit: str
    symbol: str
    kind: str


def _number(text: str, decimal: str = ".") -> float:
    return float(_plain_number(text, decimal))


def _unit(text: str) -> pint.Unit | None:
    """The unit ``text`` names (a UN/CEFACT code, an alias, a foreign unit word, a pint name); of two words the unit
    they name together when they do (:func:`_pair_unit`: "fl oz", "fluid ounces"), else the unit the first names,
    when it names one ("hours playback", "Stunden Wiedergabe", "GB RAM"). None when none."""
    if _PER.search(text):  # "pints per day", "km per hour" (never "h per day": a ratio is no unit of a spec)
        rate = _one_unit(text)
        if rate is not None and str(registry().Quantity(1, rate).dimensionality) != "dimensionless":
            return rate
        text = text.split()[0]  # "3 h per day": the hours
    pair = _pair_unit(text)
    if pair is not None:
        return pair
    words = text.split()
    if len(words) > 1 and "/" not in text:
        first = _one_unit(words[0])
        if first is not None:
            return first
    return _one_unit(text)


def _pair_unit(text: str) -> pint.Unit | None:
    """The unit the words of ``text`` name together, never its first word's alone: an alias of several words
    (:data:`_ALIASES`, dots and spacing as :func:`_pair_key` folds them: "fl. oz.", "US fl oz", "sq. ft") or a pint
    name of words joined by "_" ("fluid ounces" is pint's ``fluid_ounces``, "square feet" its ``square_feet``).
    None for one word and for words naming no unit together ("hours playback", "GB RAM")."""
    key = _pair_key(text)
    if len(key.split()) < 2 or "/" in text:
        return None
    ureg = registry()
    for candidate in (_ALIASES.get(key), "_".join(key.split())):
        if not candidate:
            continue
        try:
            return ureg.parse_units(candidate)
        except Exception:  # noqa: BLE001 (pint raises several error types for an unknown unit)
            continue
    return None


#: pint's prefixes of a thousand-billionth and less (femto-, atto-, ...): a product's spec is never written in them,
#: so a short word pint reads with one is no unit of a spec ("fl" of "48 fl oz" is no femtolitre)
_TINY_PREFIX = re.compile(r"^(?:femto|atto|zepto|yocto|ronto|quecto)")


#: "per" between a unit and a unit of time ("litres per day"): a unit per unit
_PER = re.compile(r"(?<=[A-Za-z])\s+per\s+(?=(?:day|hour|minute|second)\b)", re.IGNORECASE)


def _one_unit(text: str) -> pint.Unit | None:
    ureg = registry()
    text = _PER.sub("/", text)  # "litres per day": "litres/day"
    raw = re.sub(r"\s+", "", text) if "/" in text else text.strip().rstrip(".")
    raw = re.sub(r"/24h$", "/day", raw, flags=re.IGNORECASE)  # "l/24h": litres a day
    # a power written after a unit of a unit per unit ("m³/h", "ft3/min"), as pint reads it ("m**3/h")
    powered = re.sub(r"(?<=[A-Za-z])([²³]|(?<=[mt])[23])(?=/)", lambda m: "**" + {"²": "2", "³": "3"}.get(
        m.group(1), m.group(1)), raw) if "/" in raw else None
    if raw in _SPEC_UNITS and not _SPEC_UNITS[raw]:
        return None  # "12 pcs": a count, not parsecs
    for candidate in (_SPEC_UNITS.get(raw), UNIT_CODES.get(raw.upper()) if raw.isupper() and len(raw) <= 3 else None,
                      _ALIASES.get(raw.lower()), _ALIASES.get(raw), FOREIGN_UNITS.get(raw.lower()), powered, raw, raw.lower()):
        if not candidate:
            continue
        try:
            parsed = ureg.parse_units(candidate)
        except Exception:  # noqa: BLE001 (pint raises several error types for an unknown unit)
            continue
        if _TINY_PREFIX.match(str(parsed)):  # "fl": no femtolitre of a spec (:data:`_TINY_PREFIX`)
            continue
        return parsed
    return None


#: a count of like parts before their figure ("2 x 3.2 kW" of a two-burner stove, "4 × 50 W"): the figure is each part's
_TIMES = re.compile(r"^\s*\d+\s*[x×]\s*(?=\d)", re.IGNORECASE)


#: the standard a projector's light output is measured by, written before its unit ("300 ANSI-Lumen", "3,000 ANSI
#: lumens", "1800 ISO lm"): the figure is in lumens
_LUMEN_STANDARD = re.compile(r"\b(?:ANSI|ISO)[- ]?(?=(?:lumens?|lm)\b)", re.IGNORECASE)


def _each(value: str) -> str:
    """``value`` without a count of like parts before its figure ("2 x 3.2 kW" -> "3.2 kW": each burner's output,
    the figure a one-burner stove's compares with), and without the standard its lumens are measured by ("300
    ANSI-Lumen" -> "300 Lumen": :data:`_LUMEN_STANDARD`)."""
    return _LUMEN_STANDARD.sub("", _TIMES.sub("", value, count=1))


def read_quantity(value: str, unit_hint: str = "", decimal: str = ".") -> Quantity | None:
    """The first number in ``value`` with its unit (``unit_hint``: a schema.org ``unitCode`` or ``unitText``,
    used when the value has no unit of its own), in its kind's canonical unit; a compound value's parts are one
    amount ("3 min 30 s" = "3.5 min" = "210 s", "1 lb 4 oz" = 567 g: :func:`_compound_rest`); of a count of like
    parts, each part's ("2 x 3.2 kW" is 3.2 kW: :func:`_each`). A number without a known unit
    is a plain "number" (its unit word kept, e.g. "30 ANC levels" -> 30 "ANC levels"). None when ``value`` has
    no number. ``decimal``: the decimal mark of the page's language ("," for German, French ...: see
    :func:`decimal_mark`), so that "2.500 Pa" on a German page is 2500 Pa, not 2.5."""
    value = _each(value)
    match = _NUMBER_UNIT.search(value)
    if match is None:
        return None
    try:
        amount = _number(match.group(1), decimal)
    except ValueError:
        return None
    word = (match.group(2) or "").strip() or unit_hint.strip()
    unit = _unit(word) if word else None
    if unit is None:
        return Quantity(amount=amount, unit=word, symbol=word, kind="number")
    kind = kind_of(str(unit))
    canonical = _canonical_of(unit)
    if canonical is None:
        return Quantity(amount=amount, unit=str(unit), symbol=f"{unit:~}", kind=kind)
    if kind == LEVEL:  # a level in decibels is never converted (logarithmic)
        return Quantity(amount=amount, unit=str(unit), symbol=f"{unit:~}", kind=kind)
    converted = registry().Quantity(amount, unit).to(canonical[0]).magnitude
    converted += _compound_rest(value[_unit_end(match):], unit, canonical[0], decimal)[0]
    # six significant digits, never a fixed number of decimals: 3 s is 0.000833333 h, not 0.001 h like 4 s
    return Quantity(amount=float(f"{float(converted):.6g}"), unit=canonical[0], symbol=canonical[1], kind=kind)


#: what joins the parts of one compound value ("3 min 30 s", "4 minutes and 10 seconds", "1 lb, 4 oz")
_COMPOUND_JOIN = re.compile(r"\s*(?:,\s*|and\s+|\+\s*)?")


def compound_end(value: str) -> int:
    """Where in ``value`` its first number's quantity ends, a compound value's parts included ("4 minutes 10 seconds
    at sea level" -> 20, "3 min (210 s)" -> 5); 0 when ``value`` has no number."""
    match = _NUMBER_UNIT.search(value)
    if match is None:
        return 0
    word = (match.group(2) or "").strip()
    unit = _unit(word) if word else None
    canonical = _canonical_of(unit) if unit is not None else None
    if unit is None or canonical is None:
        return match.end()
    end = _unit_end(match)
    return end + _compound_rest(value[end:], unit, canonical[0], ".")[1]


def _unit_end(match: re.Match[str]) -> int:
    """Where a :data:`_NUMBER_UNIT` match's unit word ends, never taking the next word it may match with ("3.5 min
    at" -> after "min")."""
    word = (match.group(2) or "").strip()
    if _PER.search(word) and _unit(word) is not None and "/" in str(_unit(word)):
        return match.start(2) + len(word)  # "35 pints per day": the whole unit per unit
    if _pair_unit(word) is not None:  # "48 fl oz": the unit of two words, without a closing full stop
        return match.start(2) + len(word.rstrip("."))
    return match.start(2) + len(re.split(r"\s", word)[0]) if word else match.end()


def _compound_rest(rest: str, unit: pint.Unit, canonical: str, decimal: str) -> tuple[float, int]:
    """The amount, in ``canonical``, that the parts after a value's first number and unit add to it when they go on
    one compound value: each next part an unsigned amount, less than one of the unit before it, in a smaller unit of
    the same kind, right after the last (joined by a space, a comma, "and" or "+") ("3 min 30 s" is 3.5 min; "4 minutes 10 seconds" is 250 s; "1 lb 4 oz" is 1.25 lb). 0.0 when none
    does ("3 min (210 s)", "2 x 3.2 kW", "3.5 min at -10 °C", "1 h 90 min": a part not smaller than 1 of the unit
    before it is no part of it), with how many characters of ``rest`` those parts take (0 for none)."""
    ureg = registry()
    added, last, used = 0.0, unit, 0
    while True:
        join = _COMPOUND_JOIN.match(rest, used)
        part = _NUMBER_UNIT.match(rest, join.end() if join is not None else used)
        if part is None or part.group(1).startswith("-") or not (part.group(2) or "").strip():
            return added, used
        smaller = _unit((part.group(2) or "").strip())
        if smaller is None or smaller == last or kind_of(str(smaller)) != kind_of(str(unit)):
            return added, used
        try:
            amount = _number(part.group(1), decimal)
            size = float(ureg.Quantity(amount, smaller).to(last).magnitude)
            one = float(ureg.Quantity(1, smaller).to(last).magnitude)
        except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
            return added, used
        if one >= 1 or size >= 1:  # "1 h 90 min", "3 min 2 h": not the parts of one value
            return added, used
        added += float(ureg.Quantity(amount, smaller).to(canonical).magnitude)
        last, used = smaller, _unit_end(part)  # "30 s at": the part's own unit word only


def same_amount(a: Quantity, b: Quantity, tolerance: float = SAME_VALUE_TOLERANCE) -> bool:
    """Whether two quantities of one kind and unit agree within ``tolerance`` (relative; the default
    :data:`shared.units.SAME_VALUE_TOLERANCE`, 0.02: 250 g and 0.55 lb = 249.5 g agree)."""
    if a.kind != b.kind or a.unit != b.unit:
        return False
    return one_value(a.amount, b.amount, tolerance)


def stated_precision(value: str, decimal: str = ".") -> float | None:
    """Half a unit of the last digit the first number of ``value`` states, in its kind's canonical unit: what the
    rounding of the written figure may hide ("4.2 oz": 0.05 oz = 1.42 g; "119 g": 0.5 g; "2.5 h": 0.05 h; "150 min":
    0.5 min; "1,000 lm": 0.5 lm). None for a value without a number and a unit pint converts, a compound value
    ("1 lb 4 oz"), a level in decibels or a temperature (whose scales do not share a zero)."""
    value = _each(value)
    match = _NUMBER_UNIT.search(value)
    q = read_quantity(value, decimal=decimal)
    if match is None or q is None or q.kind in ("number", LEVEL) or "temperature" in q.kind:
        return None
    first = read_quantity(value[:_unit_end(match)], decimal=decimal)
    if first is None or first.amount != q.amount:  # a compound value: its parts' precisions differ
        return None
    plain = _plain_number(match.group(1), decimal)
    decimals = len(plain.split(".", 1)[1]) if "." in plain else 0
    word = (match.group(2) or "").strip()
    unit = _unit(word) if word else None
    canonical = _canonical_of(unit) if unit is not None else None
    target = canonical[0] if canonical is not None else str(unit)  # a unit without a canonical one stays itself
    if unit is None or target != q.unit:
        return None
    return abs(float(registry().Quantity(0.5 * 10.0 ** -decimals, unit).to(target).magnitude))


def metric_rescale(value: str) -> bool:
    """Whether the unit ``value`` is written in ("150 km", "5.8 kg", "1.2 l") differs from its kind's compared
    unit (:func:`read_quantity`: mm, g, l ...) by a power of ten only, i.e. a metric prefix: such a value reads
    as it is, and showing it in the compared unit ("150 km (≈ 150,000,000 mm)") helps no comparison. False for a
    unit of another system ("2 lb", "15 in"), and when ``value`` has no known unit."""
    value = _each(value)
    match = _NUMBER_UNIT.search(value)
    word = (match.group(2) or "").strip() if match is not None else ""
    unit = _unit(word) if word else None
    if unit is None:
        return False
    canonical = _canonical_of(unit)
    if canonical is None:
        return False
    try:
        factor = float(registry().Quantity(1, unit).to(canonical[0]).magnitude)
    except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
        return False
    if factor <= 0:
        return False
    exponent = math.log10(factor)
    return abs(exponent - round(exponent)) < 1e-9


#: the metric units a speed is shown in, one per scale: a print head's (mm/s), a vehicle's (km/h), a wind's (m/s),
#: smallest first, with their symbols
_SPEED_SCALES = (("millimeter / second", "mm/s"), ("kilometer / hour", "km/h"), ("meter / second", "m/s"))


def speed_scale(value: str) -> tuple[str, str, bool] | None:
    """For a speed ``value`` ("120 mm/s", "5 in/s", "15 mph"), the metric unit of :data:`_SPEED_SCALES` of its
    written unit's scale: the largest not larger than it (the smallest for a slower unit): "millimeter / second"
    for mm/s, cm/s, in/s and m/min, "kilometer / hour" for mph and knots; as (pint name, symbol, whether ``value``
    is written in that unit or a metric prefix of it: then it is shown as written, never "120 mm/s (≈ 0.432
    km/h)"). None when ``value`` is no speed or has no known unit."""
    written = unit_written(value)
    if written is None or kind_of(written) != kind_of(_SPEED_SCALES[0][0]):
        return None
    ureg = registry()
    try:
        size = float(ureg.Quantity(1, written).to("meter / second").magnitude)
        sizes = [float(ureg.Quantity(1, unit).to("meter / second").magnitude) for unit, _ in _SPEED_SCALES]
    except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
        return None
    at = max([i for i, s in enumerate(sizes) if s <= size * (1 + 1e-9)], default=0)
    exponent = math.log10(size / sizes[at])
    return _SPEED_SCALES[at][0], _SPEED_SCALES[at][1], abs(exponent - round(exponent)) < 1e-9


#: the unit a volume per day is shown in ("35 pints/day (≈ 16.6 l/day)"), with its symbol: a dehumidifier's or a
#: still's output reads per day, never in the m³/h flows are compared in ("20 L/day (≈ 0.000833 m³/h)")
_PER_DAY = ("liter / day", "l/day")


def per_day_scale(value: str) -> tuple[str, str, bool] | None:
    """For a volume per day ``value`` ("20 L/day", "35 pints/day", "20 l/24h", "5 gallons per day"), the unit it is
    shown in (:data:`_PER_DAY`) as (pint name, symbol, whether ``value`` is written in litres a day or a metric
    prefix of them: then it is shown as written). None for any other value (a flow per hour or minute is shown in
    the m³/h it is compared in)."""
    written = unit_written(value)
    if written is None or not re.search(r"/ day$", written) or kind_of(written) != kind_of(_PER_DAY[0]):
        return None
    try:
        factor = float(registry().Quantity(1, written).to(_PER_DAY[0]).magnitude)
    except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
        return None
    exponent = math.log10(factor) if factor > 0 else 0.5
    return _PER_DAY[0], _PER_DAY[1], abs(exponent - round(exponent)) < 1e-9


def unit_written(value: str) -> str | None:
    """The unit ``value`` is written in, as pint names it ("0.45 kg" -> "kilogram", "210 seconds" -> "second",
    "500 ml" -> "milliliter"); None when it has no number or no known unit (a plain number, a level in decibels is
    kept: "decibel")."""
    value = _each(value)
    match = _NUMBER_UNIT.search(value)
    word = (match.group(2) or "").strip() if match is not None else ""
    unit = _unit(word) if word else None
    return str(unit) if unit is not None else None


#: the unit a question asks a figure in: "in ounces" / "into kilograms" ending a clause ("How much does it weigh in
#: ounces?", "... in minutes, and ..."), or "how many hours" (the word in group 1 or 2)
_ASKED_UNIT = re.compile(r"\b(?:in|into)\s+([A-Za-z]{2,}(?:\s+[A-Za-z]{2,})?)\s*(?:[?.!,;]|\band\b|$)"
                         r"|\bhow\s+many\s+([A-Za-z]{2,})\b", re.I)


def unit_asked(question: str) -> str | None:
    """The unit ``question`` asks a figure in, as pint names it ("How much does the X weigh in ounces?" ->
    "ounce", "... in kilograms?" -> "kilogram", "How many minutes does it last?" -> "minute"; :data:`_ASKED_UNIT`,
    the word read by :func:`unit_written`); None when it names none ("in Europe?", "in stock?", "in a year": a word
    pint does not read as a unit, or a function word, is none)."""
    for m in _ASKED_UNIT.finditer(question):
        word = m.group(1) or m.group(2)
        if word.split()[0].lower() in _NOT_UNITS:
            continue
        unit = unit_written(f"1 {word}")
        if unit is not None:
            return unit
    return None


#: words after "in" that pint reads as a unit but a question means otherwise ("in a week" is read whole, "a" alone
#: is pint's year; "in US stores": "us" is pint's microsecond)
_NOT_UNITS = frozenset({"a", "an", "the", "us", "it", "at"})


def in_unit(amount: float, unit: str, target: str) -> tuple[float, bool] | None:
    """``amount`` of ``unit`` (pint names) in ``target``, with whether it is exact once shown to three significant
    digits (:func:`shown_amount`): (450.0, True) for 0.45 kilogram in gram, (498.952, False) for 1.1 pound. None when
    the units are of different kinds or unknown."""
    ureg = registry()
    try:
        converted = float(ureg.Quantity(amount, unit).to(target).magnitude)
    except Exception:  # noqa: BLE001 (pint raises several error types for units it cannot convert)
        return None
    shown = float(shown_amount(converted).replace(",", ""))
    # amounts are kept to six significant digits (:func:`read_quantity`): 210 s is 0.0583333 h, 3.49999 min
    return converted, abs(shown - converted) <= 1e-5 * max(abs(converted), 1e-9)


def shown_amount(amount: float) -> str:
    """An amount as a matrix shows a conversion: whole with thousands separators from 100 ("1,250"), else three
    significant digits ("3.5", "0.45")."""
    return f"{amount:,.0f}" if abs(amount) >= 100 else f"{amount:.3g}"


#: pint's symbols that no reader takes for their unit, as the unit is written ("a" is pint's year, the annum)
_SYMBOL_WORDS = {"a": "year"}
#: unit words the same in the plural ("12 stone")
_SAME_PLURAL = frozenset({"stone"})


def amount_with_unit(amount: float, unit: str) -> str:
    """An amount as a matrix shows a conversion (:func:`shown_amount`) with ``unit``'s symbol (:func:`unit_symbol`);
    a unit pint writes as a word, having no symbol ("month", "week", "year"), in the plural unless the amount shown
    is 1: "7.89 months", "1 month", "3 weeks"; a symbol as it is ("249 g", "3.5 min")."""
    shown = shown_amount(amount)
    symbol = unit_symbol(unit)
    word = _SYMBOL_WORDS.get(symbol, symbol)
    if word == symbol and not (len(word) >= 4 and word.isalpha() and word.islower()):
        return f"{shown} {symbol}"
    if shown != "1" and word not in _SAME_PLURAL:
        word = word[:-1] + "ies" if re.search(r"[^aeiou]y$", word) else word + "s"
    return f"{shown} {word}"


def unit_symbol(unit: str) -> str:
    """pint's short symbol of ``unit`` ("gram" -> "g", "minute" -> "min", "liter" -> "l", "millimeter / second" ->
    "mm/s", as spec sheets write a unit per unit; "fluid_ounce" -> "fl oz", "square_foot" -> "sq ft"; a canonical
    unit as :data:`_CANONICAL_UNITS` writes it: "watt * hour" -> "Wh", never pint's "h * W"); ``unit`` itself when
    pint does not know it."""
    try:
        parsed = registry().parse_units(unit)
        canonical = next((symbol for name, symbol in _CANONICAL_UNITS if registry().parse_units(name) == parsed), None)
        if canonical is not None:
            return canonical
        # a day written out after a unit per ("l/day", "pt/day"), never pint's "d"
        symbol = re.sub(r"/d$", "/day", f"{registry().parse_units(unit):~}".replace(" / ", "/"))
        # pint's symbols of several words as a page writes them: "sq_ft" -> "sq ft", "floz" -> "fl oz"
        return re.sub(r"\bfloz\b", "fl oz", symbol.replace("_", " "))
    except Exception:  # noqa: BLE001 (pint raises several error types for an unknown unit)
        return unit
