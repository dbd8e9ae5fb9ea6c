"""Which currency a price is written in: an ISO 4217 code, a sign only one currency uses ("₹", "R$", "zł"), or a
sign several share ("kr": Swedish, Norwegian, Danish or Icelandic krona; "Rs"; "$"; "¥") told apart by the page's
country (its address' country domain, its ``<html lang>`` region or the language's usual country: CLDR data through
``babel``). A sign that cannot be told apart, or no currency at all, is None: the price is kept, labelled as in an
unknown currency and never compared (``services.domain_shopping.offline``).

The signs and codes are ``price-parser``'s currency table (ISO 4217 with each currency's symbols), with the
usual reading of a few shared signs when the page names no country: "$" US dollar, "¥" yen, "£" pound sterling.
"""

from __future__ import annotations

import re
from functools import lru_cache
from urllib.parse import urlsplit

from babel.core import get_global
from babel.numbers import get_territory_currencies
from price_parser._currencies import CURRENCIES

#: a shared sign's reading when the page names no country that uses one of its currencies
DEFAULTS = {"$": "USD", "¥": "JPY", "£": "GBP", "€": "EUR"}
#: signs written for one currency that price-parser's table lacks or shares with a withdrawn one
EXTRA = {"us$": "USD", "c$": "CAD", "ca$": "CAD", "a$": "AUD", "au$": "AUD", "nz$": "NZD", "hk$": "HKD",
         "s$": "SGD", "r$": "BRL", "mx$": "MXN", "fr.": "CHF", "sfr.": "CHF", "sfr": "CHF", "fr": "CHF",
         "₽": "RUB", "руб": "RUB", "руб.": "RUB", "р.": "RUB", "元": "CNY", "rmb": "CNY", "₺": "TRY", "tl": "TRY",
         "₫": "VND", "฿": "THB", "₪": "ILS", "₴": "UAH", "грн": "UAH", "₱": "PHP", "₦": "NGN", "円": "JPY",
         "₩": "KRW", "원": "KRW", "kč": "CZK", "zł": "PLN", "ft": "HUF", "lei": "RON", "₹": "INR"}
#: signs several current currencies write that price-parser's table gives to one only
SHARED = {"rs": frozenset({"INR", "PKR", "LKR", "NPR", "MUR", "SCR"}), "₨": frozenset({"INR", "PKR", "LKR", "NPR",
          "MUR", "SCR"}), "¥": frozenset({"JPY", "CNY"}), "£": frozenset({"GBP", "EGP", "GIP", "FKP", "SHP", "SSP"})}
#: currencies withdrawn from use (price-parser's table still lists them): never a reading of a sign
WITHDRAWN = frozenset({"EEK", "BEF", "PTE", "DEM", "FRF", "ITL", "ESP", "NLG", "ATS", "FIM", "GRD", "IEP", "LUF",
                       "LTL", "LVL", "SKK", "SIT", "CYP", "MTL", "USN", "CUC", "ZWL", "TVD"})
#: country-code top-level domains that are mostly not about the country (generic use)
_GENERIC_CC = frozenset({"io", "co", "tv", "me", "ai", "fm", "ly", "gg", "to", "cc", "ws", "app", "dev", "so", "sh"})


@lru_cache(maxsize=1)
def _signs() -> dict[str, frozenset[str]]:
    """Sign (lower case, trailing dot dropped) -> the current currencies writing it."""
    out: dict[str, set[str]] = {}
    for code, info in CURRENCIES.items():
        if code in WITHDRAWN:
            continue
        for sign in (info.get("s"), info.get("sn"), *info.get("sn2", [])):
            if sign:
                out.setdefault(_key(sign), set()).add(code)
    return {k: frozenset(v) for k, v in out.items()}


def _key(sign: str) -> str:
    return " ".join(sign.split()).lower().rstrip(".") or sign.lower()


def iso_codes() -> frozenset[str]:
    """Every current ISO 4217 code of price-parser's table."""
    return frozenset(code for code in CURRENCIES if code not in WITHDRAWN)


def territories(url: str = "", lang: str = "") -> list[str]:
    """The countries (ISO 3166 alpha-2, upper case) a page is for, most telling first: its address' country
    domain (".se"; ".uk" is GB; generic-use ones such as ".io" are not), its language tag's region ("sv-SE"),
    the language's usual country ("da" -> DK). Empty when none is known."""
    out: list[str] = []
    host = urlsplit(url).hostname or ""
    tld = host.rsplit(".", 1)[-1].lower() if "." in host else ""
    if len(tld) == 2 and tld.isalpha() and tld not in _GENERIC_CC:
        out.append("GB" if tld == "uk" else tld.upper())
    parts = [p for p in re.split(r"[-_]", lang.strip()) if p]
    if parts:
        region = next((p.upper() for p in parts[1:] if len(p) == 2 and p.isalpha()), "")
        if region:
            out.append(region)
        likely = get_global("likely_subtags").get(parts[0].lower(), "")
        country = next((p for p in likely.split("_")[1:] if len(p) == 2 and p.isupper()), "")
        if country:
            out.append(country)
    return list(dict.fromkeys(out))


def candidates(written: str) -> frozenset[str]:
    """The current currencies that write ``written`` ("kr" -> DKK, ISK, NOK, SEK); empty for an unknown sign."""
    sign = " ".join(written.split())
    if sign.upper() in iso_codes():
        return frozenset({sign.upper()})
    key = _key(sign)
    return SHARED[key] if key in SHARED else frozenset({EXTRA[key]}) if key in EXTRA else _signs().get(
        key, frozenset())


def currency_of(written: str, places: list[str] | None = None) -> str | None:
    """The ISO 4217 code of a currency as a price writes it (``written``: "CHF", "R$", "kr", "Rs.", "円"), told
    apart by ``places`` (:func:`territories`) when several currencies write it alike; None when it names no
    currency, or one of several that the page's country does not settle ("kr" on a page for no Nordic
    country)."""
    sign = " ".join(written.split())
    if not sign:
        return None
    if sign.upper() in iso_codes():
        return sign.upper()
    writing = candidates(sign)
    if not writing:
        return None
    if len(writing) == 1 and sign not in DEFAULTS:
        return next(iter(writing))
    for place in places or []:
        try:
            used = get_territory_currencies(place)
        except Exception:  # noqa: BLE001 (an unknown country code settles nothing)
            continue
        local = [c for c in used if c in writing]
        if local:
            return local[0]
    if sign in DEFAULTS:
        return DEFAULTS[sign]
    return next(iter(writing)) if len(writing) == 1 else None
