"""Whether a search result's text shows an offer: a price with its currency ("$147.50", "129,00 €", "EUR 89",
"USD 1,299"), read by the gatherer (which hits of a shopping run it keeps), the run's source selection (which it
reads) and the shopping service (which offers were left unread)."""

from __future__ import annotations

import re

__all__ = ["OFFER_PRICE", "shows_price"]

_SIGN = r"(?:[$€£¥₹]|US\$|A\$|C\$|CHF|EUR|USD|GBP|CAD|AUD|JPY|SEK|NOK|DKK|PLN|CZK|kr|zł|Kč)"
_AMOUNT = r"\d{1,3}(?:[.,\s]\d{3})*(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?"
#: a price with its currency, before or after the amount: "$147.50", "US$ 89", "129,00 €", "159.00 EUR"
OFFER_PRICE = re.compile(rf"(?<![\w$€£¥₹]){_SIGN}\s?(?:{_AMOUNT})(?![\d])|(?<![\w.,])(?:{_AMOUNT})\s?{_SIGN}(?!\w)")


def shows_price(text: str) -> bool:
    """Whether ``text`` (a result's title and snippet) writes a price with its currency (:data:`OFFER_PRICE`):
    "Voltrex V12 Pro, $147.50, in stock." does, "45 Nm of torque" and "the best drill of 2026" do not."""
    return bool(OFFER_PRICE.search(text))
