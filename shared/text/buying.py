"""Buying intent in a question, read by the planner's routing and by the shopping engine's confidence cap: "should I
buy/get", "which one to buy", "worth buying", "recommend a", "good ... for the money", and "to buy" in German,
French, Spanish, Italian and Dutch."""

from __future__ import annotations

import re

from shared.text.tokens import detect_language

__all__ = ["AVOID_ANSWER", "BUY_INTENT_RE", "CHEAPEST_ANSWER", "NO_BUDGET_ANSWER", "RANKING_RE", "REVIEW_TITLE_RE",
           "SHOPPING_ANSWER_PATTERN", "SOURCE_PICK_ANSWER", "asks_choice", "asks_to_buy", "names_review"]

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


#: words by which a question asks to choose among products: a comparative or superlative ("is cheaper", "quieter
#: than", "quietest",
#: "most", "least"), a judgement ("best", "good", "ideal", "recommend", "worth", "value") or a comparison ("vs",
#: "compare", "alternative", "option", "should", "or")
_CHOICE_WORD_RE = re.compile(
    r"\b(?:\w+er\s+than|(?:is|are|was|were|runs?|gets?|lasts?|costs?|feels?)\s+(?:\w+\s+)?\w+er|\w+est|more|less|most|least|fewer|fewest|best|better|good|great|ideal|top|recommend\w*|worth|"
    r"value|vs\.?|versus|compar\w*|alternatives?|options?|choices?|choose|pick|should|or|rank\w*|suit\w*|"
    r"cheap|affordable|budget|under)\b", re.IGNORECASE)
#: a name in a question: a capitalised word after its first ("Dunvane", "Kettlo"), or a model written with a digit ("X3")
_NAMED_RE = re.compile(r"(?<=\s)(?:[A-Z][\w-]*|[A-Za-z]+\d[\w-]*|\d+[A-Za-z][\w-]*)(?=[\s,;:?!.'\u2019]|$)")


def asks_choice(question: str) -> bool:
    """Whether ``question`` asks to choose among products, which a ranking's pick ("Best overall: X") answers: it
    states an intent to buy (:func:`asks_to_buy`), a choice word (:data:`_CHOICE_WORD_RE`: "Which kettle is
    quietest?", "the best ...", "A or B"), or names no product or maker ("What thermostat works with a heat pump?":
    a choice within a kind). False for a question asking a fact of a named product or maker ("How much energy does
    Kettlo claim the Go saves?", "Which Kettlo firmware has a safety notice?"): a pick of the best answers nothing
    asked there. Never raises; True for an empty question (nothing read that rules a pick out), and for a question not
    in English (:func:`shared.text.tokens.detect_language`): the choice words are English ones, and in German every
    noun is capitalised ("Welche Kaffeemühle ist am leisesten?" asks a choice)."""
    q = " ".join((question or "").split())
    if not q or asks_to_buy(q) or _CHOICE_WORD_RE.search(q) or detect_language(q) != "en":
        return True
    return _NAMED_RE.search(q) is None


#: words of a page title or main heading that name a review or test ("Voltaro City 7 review", "Pedelec-Test 2026",
#: "Vier E-Bikes im Test", "Test : trois vélos cargo", "We tested four commuter e-bikes", "Testbericht"): the one
#: definition the gatherer, the scraper's provenance and the shopping engine read
REVIEW_TITLE_RE = re.compile(r"\b(reviews?|reviewed|hands-on|tested|test(?:ed)? lab|testbericht|im test|test|tests|"
                             r"vergleichstest|essai|banc d'essai|prueba|análisis|recensione|prova|getest|recensie)\b"
                             r"|-test\b", re.IGNORECASE)
#: words of a title or search hit that rank or compare products of a kind, an article about many products (a group
#: test, a roundup, a listicle, a buying guide), never one product's name: "The 5 best electric shavers of 2026",
#: "Top 10 kettles", "Blender comparison", "Our favourite picks", "X vs Y", "Vergleich", "comparatif"
RANKING_RE = re.compile(r"\b(?:best|top\s+\d+|\d+\s+(?:best|top)|comparisons?|compared|buying\s+guide|guide|roundup|"
                        r"round-up|picks|ranked|ranking|alternatives|vs\.?|versus|deals|favou?rites?|vergleich|"
                        r"bestenliste|besten?|comparatif|meilleur(?:e?s)?|comparativa|mejores|migliori)\b",
                        re.IGNORECASE)


def names_review(text: str) -> bool:
    """Whether ``text`` (a page or search hit's title and snippet) names a review, a test or a ranking of products
    (:data:`REVIEW_TITLE_RE`: "review", "we tested", "im Test"; or a group test's or buying guide's words,
    :data:`RANKING_RE`: "best", "top 5", "comparison", "Vergleich")."""
    return bool(REVIEW_TITLE_RE.search(text) or RANKING_RE.search(text))


#: the openings of the shopping verdicts' answer to the question, in bold before a colon, which the shopping engine
#: writes (``services.domain_shopping.offline``) and the synthesizer reads as the domain's pick that opens the report
#: (``services.synthesizer.domain``): one copy of the wording for both. A question asking which product to avoid
#: ("**Avoid the Folio Vela 6:** an independent test ... says to avoid it ...")
AVOID_ANSWER = "Avoid the"
#: ... the cheapest when a test says to avoid it ("**The cheapest is the Tesca Boil 2:** 19.99 USD ...; but an
#: independent test or review says to avoid it ...")
CHEAPEST_ANSWER = "The cheapest is the"
#: ... and every purchase price over the question's budget ("**No product within the budget of 50 USD was found:**
#: every purchase price found is over it, ...")
NO_BUDGET_ANSWER = "No product within the budget of"
#: ... and what a site the question names recommends ("**TuneDeals recommends the Belmo Tide 4:** “Our top pick is
#: ...” [1]; but TuneDeals is a sponsored or affiliate source ...")
SOURCE_PICK_ANSWER = "recommends the"
#: the bold label of such an answer, without its opening "**" (a regular expression): "Avoid the X:**", "The cheapest
#: is the X:**", "No product within the budget of 50 USD was found:**", "TuneDeals recommends the X:**"
SHOPPING_ANSWER_PATTERN = (rf"(?:{re.escape(AVOID_ANSWER)} [^*]+|{re.escape(NO_BUDGET_ANSWER)} [^*]+? was found|"
                           rf"{re.escape(CHEAPEST_ANSWER)} [^*]+|[^*]+ {re.escape(SOURCE_PICK_ANSWER)} [^*]+):\*\*")
