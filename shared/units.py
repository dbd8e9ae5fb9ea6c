"""The process's one ``pint`` unit registry, shared by the stages that read quantities (the shopping domain's spec
values, the code domain's requirements such as "1.5 GiB", the synthesizer's figures): building one takes about 0.5 s,
so it is built once; and the unit words of other languages than English, read as the English units pint knows."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pint (and the scipy it loads when installed) is imported on first use, not when a stack starts
    import pint

__all__ = ["DECIMAL_COMMA_RE", "FOREIGN_UNITS", "SAME_VALUE_TOLERANCE", "decimal_mark", "english_numbers",
           "english_symbol", "foreign_unit", "one_value", "plain_number", "unit_dimensionality", "unit_registry"]

#: how far apart (relative to the larger) two amounts of one measured quantity may be and still be one value: a
#: product's figure rounded or converted differently by two sources ("480 g" and "482 g", "250 g" and "0.55 lb"), which
#: the shopping spec matrix and a shopping report's findings both show as agreeing (:func:`one_value`)
SAME_VALUE_TOLERANCE = 0.02


def one_value(a: float, b: float, tolerance: float = SAME_VALUE_TOLERANCE) -> bool:
    """Whether two amounts ``a`` and ``b`` (one unit) are one value: they differ by at most ``tolerance`` of the
    larger magnitude (:data:`SAME_VALUE_TOLERANCE`: 480 and 482 are one, 480 and 495 two). Never raises."""
    return abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-9)


@lru_cache(maxsize=1)
def unit_registry() -> pint.UnitRegistry[Any]:
    """The process's unit registry (built on first use, then cached), with a video frame as a kind of its own ("60
    fps": ``frame / second``, which pint does not define)."""
    import pint  # noqa: PLC0415 (first use only: tests/unit/test_start_imports.py)

    ureg: pint.UnitRegistry[Any] = pint.UnitRegistry()
    ureg.define("frame = [video_frame] = _ = frames")
    return ureg


@lru_cache(maxsize=1024)
def unit_dimensionality(word: str) -> str:
    """The dimensionality the unit registry reads in ``word`` (one unit word, any case, a trailing dot dropped):
    "[length]" of "km", "miles" or "metres", "[mass]" of "kg" or "tonnes", "[time]" of "minutes"; "" for a word
    that is no unit ("very", "tall") or a dimensionless one. Never raises."""
    ureg = unit_registry()
    try:
        return str(ureg.parse_units(word.casefold().rstrip(".")).dimensionality) if word.strip() else ""
    except Exception:  # noqa: BLE001 - any word pint cannot read is no unit
        return ""


#: unit words of German, French, Spanish, Italian and Dutch pages ("30 Std.", "2 Jahre", "250 Gramm", "40 heures",
#: "2 años", "30 ore", "24 uur", "91 Meter", "12 mètres"), read as their English units (pint unit expressions)
FOREIGN_UNITS = {"std": "hour", "stunde": "hour", "stunden": "hour", "stdn": "hour", "heure": "hour", "heures": "hour",
                 "hora": "hour", "horas": "hour", "ora": "hour", "ore": "hour", "uur": "hour",
                 "minuten": "minute", "minutos": "minute", "minuti": "minute", "sekunden": "second",
                 "sek": "second", "sekunde": "second", "sec": "second", "seconde": "second", "segundo": "second",
                 "seg": "second", "secondo": "second", "minute": "minute", "minuto": "minute", "minuut": "minute",
                 "secondes": "second", "segundos": "second", "secondi": "second", "seconden": "second",
                 "tag": "day", "tage": "day", "jour": "day", "jours": "day", "día": "day", "días": "day",
                 "giorno": "day", "giorni": "day", "dag": "day", "dagen": "day",
                 "monat": "month", "monate": "month", "mois": "month", "mes": "month", "meses": "month",
                 "mese": "month", "mesi": "month", "maand": "month", "maanden": "month",
                 "jahr": "year", "jahre": "year", "jahren": "year", "ans": "year", "année": "year",
                 "années": "year", "año": "year", "años": "year", "anno": "year", "anni": "year", "jaar": "year",
                 "jaren": "year", "gramm": "gram", "gramme": "gram", "grammes": "gram", "gramo": "gram",
                 "gramos": "gram", "grammo": "gram", "grammi": "gram", "kilogramm": "kilogram",
                 "kilogrammes": "kilogram", "kilogramos": "kilogram", "kilogrammi": "kilogram", "kilo": "kilogram",
                 "kilos": "kilogram", "pfund": "pound", "livres": "pound", "libras": "pound", "libbre": "pound",
                 "pond": "pound", "tonnen": "tonne", "tonnellate": "tonne", "toneladas": "tonne",
                 "zoll": "inch", "pouce": "inch", "pouces": "inch", "pulgada": "inch", "pulgadas": "inch",
                 "pollice": "inch", "pollici": "inch", "duim": "inch", "inch": "inch",
                 "liter": "liter", "litre": "liter", "litres": "liter", "litro": "liter", "litros": "liter",
                 "litri": "liter",
                 # lengths: German and Dutch write the English (US) words capitalised ("91 Meter", "3 Kilometer")
                 "meter": "meter", "metern": "meter", "mètre": "meter", "mètres": "meter", "metro": "meter",
                 "metros": "meter", "metri": "meter", "kilometer": "kilometer", "kilometern": "kilometer",
                 "kilomètre": "kilometer", "kilomètres": "kilometer", "kilómetro": "kilometer",
                 "kilómetros": "kilometer", "chilometro": "kilometer", "chilometri": "kilometer",
                 "zentimeter": "centimeter", "centimeter": "centimeter", "centimètre": "centimeter",
                 "centimètres": "centimeter", "centímetro": "centimeter", "centímetros": "centimeter",
                 "centimetro": "centimeter", "centimetri": "centimeter", "millimeter": "millimeter",
                 "millimètre": "millimeter", "millimètres": "millimeter", "milímetro": "millimeter",
                 "milímetros": "millimeter", "millimetro": "millimeter", "millimetri": "millimeter",
                 "quadratmeter": "meter ** 2", "quadratmetern": "meter ** 2",
                 "mètres carrés": "meter ** 2", "metros cuadrados": "meter ** 2", "metri quadrati": "meter ** 2",
                 "vierkante meter": "meter ** 2"}
#: words of :data:`FOREIGN_UNITS` that are English spellings too ("liter", "meter"): no unit word of another language
_ENGLISH_TOO = frozenset(("liter", "inch", "meter", "kilometer", "centimeter", "millimeter"))


def _word(word: str) -> str:
    return word.strip().rstrip(".").lower()


def foreign_unit(word: str) -> bool:
    """Whether ``word`` ("Std.", "Stunden", "heures", "Jahre", "mètres") is a unit word of another language than
    English (:data:`FOREIGN_UNITS`; "Meter" and "Liter" are English spellings too, so no). Never raises."""
    return _word(word) in FOREIGN_UNITS and _word(word) not in _ENGLISH_TOO


def english_symbol(word: str) -> str:
    """The symbol of the English unit a unit word of another language is, as pint writes it ("Sek." -> "s",
    "Stunden" -> "h", "Meter" -> "m", "mètres" -> "m"; "Jahre" -> "years"); "" for a word :data:`FOREIGN_UNITS`
    does not hold. Never raises."""
    unit = FOREIGN_UNITS.get(_word(word))
    if unit in ("year", "month", "day"):
        return f"{unit}s"
    return f"{unit_registry().parse_units(unit):~}" if unit else ""


def plain_number(text: str, decimal: str = ".") -> str:
    """``text`` (a number as a page writes it) as Python reads a float: thousands separators dropped, the decimal
    mark a point ("1.299,00" -> "1299.00", "1,000" -> "1000", "2,5" -> "2.5", "38 650" -> "38650"; ``decimal``: the
    page language's decimal mark (:func:`decimal_mark`), so that "2.500" on a German page is 2500). Never raises;
    the result is digits, at most one point and an optional leading minus when ``text`` is a number."""
    t = text.replace("\u202f", "").replace("\u00a0", "").replace(" ", "")
    if decimal == "," and re.fullmatch(r"-?\d{1,3}(\.\d{3})+", t):  # "2.500 Pa" on a German page: 2500
        t = t.replace(".", "")
    if "," in t and "." in t:  # both separators: the last one is the decimal mark ("1.299,00", "1,299.00")
        decimal = "," if t.rfind(",") > t.rfind(".") else "."
        t = t.replace("." if decimal == "," else ",", "").replace(",", ".")
    elif re.fullmatch(r"-?\d{1,3}(,\d{3})+(\.\d+)?", t):
        t = t.replace(",", "")
    elif re.fullmatch(r"-?\d{1,3}(\.\d{3}){2,}", t):  # "1.299.000": dots group thousands
        t = t.replace(".", "")
    elif "," in t and "." not in t:
        t = t.replace(",", ".")
    return t


#: a number written with a comma that groups no thousands ("241,3", "0,75", "12,3456"; not "1,200", which is 1200 in
#: any language read here): a decimal comma, as the languages whose :func:`decimal_mark` is "," write one
DECIMAL_COMMA_RE = re.compile(r"\d+,(?!\d{3}(?!\d))\d+")
#: a number of a language writing a decimal comma, as it writes it in a text: "241,3", "2.500", "1.234,5"
_LOCAL_NUMBER_RE = re.compile(r"(?<![\d.,])(?:\d{1,3}(?:\.\d{3})+(?:,\d+)?|\d+,(?!\d{3}(?!\d))\d+)(?![.,]?\d)")


def english_numbers(text: str, decimal: str) -> str:
    """``text`` with its numbers written as English writes them when its language writes the decimal mark
    ``decimal`` (:func:`decimal_mark`) ",": "mesurait 241,3 mètres" -> "mesurait 241.3 mètres", "2.500 Einwohner" ->
    "2500 Einwohner", "1.234,5" -> "1234.5" (:func:`plain_number`); "1,200" stays (1200 either way). ``text`` as it
    is when ``decimal`` is "."."""
    if decimal != ",":
        return text
    return _LOCAL_NUMBER_RE.sub(lambda m: plain_number(m.group(0), ","), text)


@lru_cache(maxsize=64)
def decimal_mark(lang: str) -> str:
    """The decimal mark of the language or locale tag ``lang`` ("de", "de-DE", "fr_FR", "en") by CLDR data
    (``babel``): "," or "."; "." when the tag is empty or unknown."""
    from babel import Locale, UnknownLocaleError
    from babel.numbers import get_decimal_symbol

    tag = lang.strip().replace("-", "_")
    if not tag:
        return "."
    try:
        return "," if get_decimal_symbol(Locale.parse(tag)) == "," else "."
    except (UnknownLocaleError, ValueError, TypeError):
        return "."
