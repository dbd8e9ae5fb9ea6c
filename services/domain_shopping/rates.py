"""Currency conversion from a dated reference-rates table (the ECB's euro foreign exchange reference rates, or any
table in the same shapes), so offers in several currencies are compared in the user's currency.

The table is a file named by a setting (``ASSAY_SHOPPING_RATES_FILE``); nothing is downloaded. Two shapes are read:

* XML as the ECB publishes it (``eurofxref-daily.xml``, ``eurofxref-hist.xml``): ``<Cube time="YYYY-MM-DD">``
  holding ``<Cube currency="USD" rate="1.0512"/>`` per currency, rates per 1 EUR;
* CSV as the ECB publishes it (``eurofxref.csv``, ``eurofxref-hist.csv``): a ``Date`` column then one column per
  currency code, one row per day (``2026-11-27`` or ``27 November 2026``), rates per 1 EUR; ``N/A`` or empty
  cells are missing rates.

When the table holds several days, the latest day is used (its date is said next to every converted price). The
base currency (EUR for the ECB) has rate 1. A currency the table does not hold is never converted, so never
compared.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from lxml import etree

#: the largest table read, bytes (the ECB's whole history since 1999 is about 6 MB of XML)
MAX_TABLE_BYTES = 32 * 1024 * 1024


class RatesError(ValueError):
    """The rates table cannot be used: the message names the file and what is wrong with it."""


@dataclass(frozen=True)
class Rates:
    """Reference rates of one day: 1 ``base`` = ``per_base[code]`` units of ``code``, as of ``day`` (ISO
    ``YYYY-MM-DD``); ``source`` names the file they were read from."""

    base: str
    day: str
    per_base: dict[str, float] = field(default_factory=dict)
    source: str = ""

    def knows(self, code: str | None) -> bool:
        """Whether ``code`` (ISO 4217) can be converted with this table."""
        return code is not None and (code == self.base or code in self.per_base)

    def convert(self, amount: float, from_code: str | None, to_code: str | None) -> float | None:
        """``amount`` of ``from_code`` in ``to_code`` (through the base currency), rounded to cents; None when
        either currency is unknown (None or not in the table)."""
        if from_code is None or to_code is None or not self.knows(from_code) or not self.knows(to_code):
            return None
        if from_code == to_code:
            return round(amount, 2)
        in_base = amount / (1.0 if from_code == self.base else self.per_base[from_code])
        return round(in_base * (1.0 if to_code == self.base else self.per_base[to_code]), 2)


def _day(text: str) -> date | None:
    text = " ".join(text.split())
    for fmt in ("%Y-%m-%d", "%d %B %Y", "%d %b %Y"):
        try:
            return datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    return None


def _rate(text: str) -> float | None:
    try:
        value = float(text.strip())
    except ValueError:
        return None
    return value if value > 0 else None


def parse_rates(data: bytes, source: str = "", base: str = "EUR") -> Rates:
    """The latest day's rates of a table in one of the shapes of the module docstring.

    Raises: RatesError when the data is neither shape, names no dated rate, or has a malformed date or rate on
    the day used (the message says which).
    """
    head = data.lstrip()[:64]
    if head.startswith(b"<"):
        return _parse_xml(data, source, base)
    return _parse_csv(data, source, base)


def _parse_xml(data: bytes, source: str, base: str) -> Rates:
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False)
    try:
        root = etree.fromstring(data, parser=parser)
    except etree.XMLSyntaxError as exc:
        raise RatesError(f"{source or 'rates table'}: not well-formed XML ({exc})") from exc
    days: list[tuple[date, dict[str, float]]] = []
    for cube in root.iter():
        if not isinstance(cube.tag, str) or etree.QName(cube).localname != "Cube" or cube.get("time") is None:
            continue
        day = _day(str(cube.get("time")))
        if day is None:
            raise RatesError(f"{source or 'rates table'}: Cube time={cube.get('time')!r} is not a date (YYYY-MM-DD)")
        rates: dict[str, float] = {}
        for child in cube:
            code, value = child.get("currency"), child.get("rate")
            if code is None or value is None:
                continue
            rate = _rate(value)
            if rate is None:
                raise RatesError(f"{source or 'rates table'}: {day} {code}: rate {value!r} is not a positive number")
            rates[code.strip().upper()] = rate
        if rates:
            days.append((day, rates))
    if not days:
        raise RatesError(f"{source or 'rates table'}: no <Cube time=...> with <Cube currency=... rate=...> found "
                         "(the ECB eurofxref XML shape)")
    day, rates = max(days, key=lambda d: d[0])
    return Rates(base=base, day=day.isoformat(), per_base=rates, source=source)


def _parse_csv(data: bytes, source: str, base: str) -> Rates:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise RatesError(f"{source or 'rates table'}: not UTF-8 text ({exc})") from exc
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text)) if any(c.strip() for c in row)]
    if not rows or rows[0][0].lower() != "date":
        raise RatesError(f"{source or 'rates table'}: neither ECB XML nor a CSV whose first column is 'Date' "
                         "(then one column per currency code)")
    header = [h.upper() for h in rows[0]]
    best: tuple[date, dict[str, float]] | None = None
    for n, row in enumerate(rows[1:], start=2):
        day = _day(row[0])
        if day is None:
            raise RatesError(f"{source or 'rates table'}: line {n}: {row[0]!r} is not a date")
        rates: dict[str, float] = {}
        for code, cell in zip(header[1:], row[1:], strict=False):
            if not code or not cell or cell.upper() == "N/A":
                continue
            rate = _rate(cell)
            if rate is None:
                raise RatesError(f"{source or 'rates table'}: line {n} {code}: rate {cell!r} is not a positive number")
            rates[code] = rate
        if rates and (best is None or day > best[0]):
            best = (day, rates)
    if best is None:
        raise RatesError(f"{source or 'rates table'}: no dated row with a rate")
    return Rates(base=base, day=best[0].isoformat(), per_base=best[1], source=source)


def load_rates(path: Path | str, base: str = "EUR") -> Rates:
    """The latest day's rates of the table at ``path`` (see :func:`parse_rates`).

    Raises: RatesError naming the file when it is missing, unreadable, too large or malformed.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_TABLE_BYTES:
            raise RatesError(f"{p}: {size} bytes; a rates table is read only up to {MAX_TABLE_BYTES}")
        data = p.read_bytes()
    except OSError as exc:
        raise RatesError(f"{p}: cannot be read ({exc.strerror or exc})") from exc
    return parse_rates(data, source=str(p), base=base)
