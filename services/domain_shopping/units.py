"""Quantities in product specs: "250 g", "0.55 lb", "30 hours", "1,200 mAh" read with ``pint`` and put in one
canonical unit per kind of quantity (mass in grams, time in hours ...), so values from different pages compare."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import pint

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
            "cd/m²": "nit", "cd/m2": "nit", "cd/m^2": "nit"}
#: dimensionality -> the unit values of that kind are compared in, and how it is written
_CANONICAL = {"[mass]": ("gram", "g"), "[time]": ("hour", "h"), "[length]": ("millimeter", "mm"),
              "[length] ** 2 * [mass] / [time] ** 3": ("watt", "W"), "1 / [time]": ("hertz", "Hz"),
              "[current] * [time]": ("milliampere * hour", "mAh"), "[information]": ("gigabyte", "GB"),
              "[length] ** 2 * [mass] / [time] ** 2": ("watt * hour", "Wh"),
              "[luminosity] / [length] ** 2": ("nit", "cd/m²")}  # luminance: 1 nit is 1 cd/m²
_NUMBER_UNIT = re.compile(r"(-?\d{1,3}(?:[,.\u202f ]\d{3})+(?:[.,]\d+)?|-?\d+(?:[.,]\d+)?)\s*(cd\s?/\s?m(?:²|\^?2)|"
                          r"[A-Za-zµ°\"″]{1,12}(?:\s?[A-Za-z]{1,6})?)?")


@lru_cache(maxsize=1)
def registry() -> pint.UnitRegistry[Any]:
    """The process's unit registry (built once; building it takes ~0.5 s)."""
    return pint.UnitRegistry()


@dataclass(frozen=True)
class Quantity:
    """A value in its kind's canonical unit: ``amount`` of ``unit`` (``symbol`` for display); ``kind`` is pint's
    dimensionality ("[mass]") or "number" for a plain count, "text" when no number was read."""

    amount: float
    unit: str
    symbol: str
    kind: str


def _number(text: str) -> float:
    t = text.replace("\u202f", "").replace(" ", "")
    if "," in t and "." in t:  # both separators: the last one is the decimal mark ("1.299,00", "1,299.00")
        decimal = "," if t.rfind(",") > t.rfind(".") else "."
        t = t.replace("." if decimal == "," else ",", "").replace(",", ".")
    elif re.fullmatch(r"-?\d{1,3}(,\d{3})+(\.\d+)?", t):
        t = t.replace(",", "")
    elif re.fullmatch(r"-?\d{1,3}(\.\d{3}){2,}", t):  # "1.299.000": dots group thousands
        t = t.replace(".", "")
    elif "," in t and "." not in t:
        t = t.replace(",", ".")
    return float(t)


def _unit(text: str) -> pint.Unit | None:
    ureg = registry()
    raw = re.sub(r"\s+", "", text) if "/" in text else text.strip().rstrip(".")
    for candidate in (UNIT_CODES.get(raw.upper()) if raw.isupper() and len(raw) <= 3 else None,
                      _ALIASES.get(raw.lower()), _ALIASES.get(raw), raw, raw.lower()):
        if not candidate:
            continue
        try:
            parsed = ureg.parse_units(candidate)
        except Exception:  # noqa: BLE001 (pint raises several error types for an unknown unit)
            continue
        return parsed
    return None


def read_quantity(value: str, unit_hint: str = "") -> Quantity | None:
    """The first number in ``value`` with its unit (``unit_hint``: a schema.org ``unitCode`` or ``unitText``,
    used when the value has no unit of its own), in its kind's canonical unit. A number without a known unit
    is a plain "number" (its unit word kept, e.g. "30 ANC levels" -> 30 "ANC levels"). None when ``value`` has
    no number."""
    match = _NUMBER_UNIT.search(value)
    if match is None:
        return None
    try:
        amount = _number(match.group(1))
    except ValueError:
        return None
    word = (match.group(2) or "").strip() or unit_hint.strip()
    unit = _unit(word) if word else None
    if unit is None:
        return Quantity(amount=amount, unit=word, symbol=word, kind="number")
    ureg = registry()
    quantity = ureg.Quantity(amount, unit)
    kind = str(quantity.dimensionality)
    canonical = _CANONICAL.get(kind)
    if canonical is None:
        return Quantity(amount=amount, unit=str(unit), symbol=f"{unit:~}", kind=kind)
    converted = quantity.to(canonical[0]).magnitude
    return Quantity(amount=round(float(converted), 3), unit=canonical[0], symbol=canonical[1], kind=kind)


def same_amount(a: Quantity, b: Quantity, tolerance: float = 0.02) -> bool:
    """Whether two quantities of one kind and unit agree within ``tolerance`` (relative; 0.02: 250 g and
    0.55 lb = 249.5 g agree)."""
    if a.kind != b.kind or a.unit != b.unit:
        return False
    scale = max(abs(a.amount), abs(b.amount), 1e-9)
    return abs(a.amount - b.amount) / scale <= tolerance
