"""Buying intent in a question, read by the planner's routing and by the shopping engine's confidence cap: "should I
buy/get", "which one to buy", "worth buying", "recommend a", "good ... for the money", and "to buy" in German,
French, Spanish, Italian and Dutch."""

from __future__ import annotations

import re

__all__ = ["BUY_INTENT_RE", "REVIEW_TITLE_RE", "asks_to_buy", "names_review"]

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


#: words of a page title or main heading that name a review or test ("... review", "im Test", "Testbericht")
REVIEW_TITLE_RE = re.compile(r"\b(reviews?|reviewed|hands-on|tested|test(?:ed)? lab|testbericht|im test|test|"
                             r"essai|prueba|análisis|recensione|prova|getest|recensie)\b", re.IGNORECASE)
#: words of a search hit that rank or compare products of a kind: a group test or buying guide ("The 5 best electric
#: shavers of 2026", "Top 10 kettles", "Blender comparison", "Vergleich", "comparatif")
_RANKING_RE = re.compile(r"\b(?:best|top\s+\d+|comparisons?|compared|buying\s+guide|vergleich|bestenliste|"
                         r"comparatif|meilleur(?:e?s)?|comparativa|mejores|migliori|beste)\b", re.IGNORECASE)


def names_review(text: str) -> bool:
    """Whether ``text`` (a page or search hit's title and snippet) names a review, a test or a ranking of products
    (:data:`REVIEW_TITLE_RE`: "review", "we tested", "im Test"; or a group test's or buying guide's words: "best",
    "top 5", "comparison", "Vergleich")."""
    return bool(REVIEW_TITLE_RE.search(text) or _RANKING_RE.search(text))
