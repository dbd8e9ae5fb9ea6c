"""Buying intent in a question, read by the planner's routing and by the shopping engine's confidence cap: "should I
buy/get", "which one to buy", "worth buying", "recommend a", "good ... for the money", and "to buy" in German,
French, Spanish, Italian and Dutch."""

from __future__ import annotations

import re

__all__ = ["BUY_INTENT_RE", "asks_to_buy"]

#: buying intent: "should I buy/get", "is it worth buying", "which one to buy", "recommend a"
BUY_INTENT_RE = re.compile(
    r"\b(?:should\s+i\s+(?:buy|get|purchase|pick|choose|order|upgrade to|go for)|(?:which|what)\s+(?:one\s+)?"
    r"(?:to|should\s+i)\s+(?:buy|get|purchase|pick|choose)|worth\s+buying|recommend(?:ed)?\s+(?:a|an|me)\b|"
    r"(?:good|best|top)\s+(?:budget\s+|cheap\s+|affordable\s+)?\w+(?:\s+\w+)?\s+for\s+(?:the\s+)?money|"
    # "soll ich ... kaufen", "acheter", "comprar", "comprare", "kopen": to buy, in German, French, Spanish, Italian,
    # Dutch
    r"kaufen|acheter|comprar|comprare|kopen)",
    re.IGNORECASE)


def asks_to_buy(question: str) -> bool:
    """Whether ``question`` states an intent to buy ("should I buy/get", "which one to buy", "worth buying",
    "recommend a", "kaufen": :data:`BUY_INTENT_RE`), not only a product asked about."""
    return bool(BUY_INTENT_RE.search(question))
