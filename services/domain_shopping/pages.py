"""What one product, merchant or review page says, read from its HTML: schema.org ``Product``, ``Offer`` and
``Review`` items in JSON-LD, microdata or RDFa (``extruct``) first; spec tables (two-column rows, ``<dl>``
lists, comparison tables with a product per column) and visible prices second; and the signs of sponsored or
affiliate content (disclosure text, ``rel="sponsored"`` links, affiliate link patterns).

Everything here is raw: values as the page writes them, with the property name they were found under (used to
locate the exact span the figure is cited by). ``services.domain_shopping.offline`` turns pages into products,
a spec matrix, offers and reviews.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import extruct
import lxml.html
from price_parser import Price

from services.domain_shopping.attributes import lookup
from services.domain_shopping.verdict_words import cell_says, words
from shared.text.buying import REVIEW_TITLE_RE

log = logging.getLogger("assay.domain_shopping")

#: schema.org properties that name or describe a product rather than specify it
IDENTITY = {"name", "brand", "model", "sku", "gtin", "gtin8", "gtin12", "gtin13", "gtin14", "mpn", "description",
            "image", "url", "offers", "review", "reviews", "aggregaterating", "additionalproperty", "category",
            "productid", "manufacturer", "logo", "@context", "@type", "@id", "isrelatedto", "issimilarto",
            "identifier", "releasedate", "slogan", "audience", "award", "itemcondition", "hasmerchantreturnpolicy",
            "subjectof", "mainentityofpage", "potentialaction", "sameas", "alternatename", "disambiguatingdescription"}
_DISCLOSURE = re.compile(
    r"\b(sponsored( post| content| review)?|paid (partnership|promotion|post)|advertorial|affiliate (links?|"
    r"commissions?|partner)|(?:we|\w[\w.&-]*) (?:may |might |can )?(?:earns?|receives?|gets?) (?:a |an )?"
    r"(?:small |affiliate )?(?:commission|fee)|"
    r"commission (from|on) (qualifying )?purchases|this (post|article|review) (contains|includes) affiliate|"
    r"(?:we|\w[\w.&-]*) (?:may |might |can )?(?:receives?|earns?|gets?) compensation|affiliate disclosure|"
    r"partner content|"
    r"provided (to us )?(free )?by the (manufacturer|brand)|in partnership with|#ad\b|#sponsored\b)", re.IGNORECASE)
_AFFILIATE_HREF = re.compile(
    r"([?&](tag|affid|aff_id|aff|affiliate|affiliate_id|ref_id|clickref|irclickid|ranmid|subid)=|utm_medium="
    r"affiliate|amzn\.to/|/go/|/aff/|/affiliate/|linksynergy\.com|awin1\.com|shareasale\.com|skimresources\.com|"
    r"pntra\.com|anrdoezrs\.net|dpbolvw\.net|jdoqocy\.com|tkqlhce\.com|prf\.hn/|howl\.me/)", re.IGNORECASE)
_OLD_PRICE_CLASS = re.compile(r"(old|was|regular|list|strike|compare|original|before|rrp|msrp)", re.IGNORECASE)
#: labels of a reviewer's praise, in the languages of the attribute lexicon ("Pros", "Positiv", "Points forts", "On
#: aime", "Ventajas", "Pregi", "Pluspunten")
_PRO_LABELS = (r"pros|the good|what we (?:liked|like)|likes|strengths|positives|plus(?:es)?|pro(?=\s*:|\s*$)|"
               r"positiv|pluspunkte|vorteile|st[äa]rken|points? forts?|on aime(?! moins)|les plus|avantages|"
               r"ventajas|a favor|puntos fuertes|pregi|punti di forza|vantaggi|pluspunten|voordelen|sterke punten")
#: labels of a reviewer's complaints ("Cons", "Negativ", "Points faibles", "On aime moins", "Desventajas", "Difetti")
_CON_LABELS = (r"cons|the bad|what we (?:disliked|didn't like|did not like)|dislikes|weaknesses|negatives|"
               r"minus(?:es)?|contra(?=\s*:|\s*$)|negativ|minuspunkte|nachteile|schw[äa]chen|points? faibles?|"
               r"on aime moins|les moins|inconv[ée]nients|desventajas|en contra|contras|puntos d[ée]biles|difetti|"
               r"punti deboli|svantaggi|contro|minpunten|nadelen|zwakke punten")
_PROS = re.compile(rf"^\s*(?:{_PRO_LABELS})(?!\w)", re.IGNORECASE)
_CONS = re.compile(rf"^\s*(?:{_CON_LABELS})(?!\w)", re.IGNORECASE)
#: pros or cons written inline: "Pros: cheap, sturdy metal plate.", "Positiv: starke Bremsen. Negativ: schwer."
#: (the label, the items up to the sentence end); the label opens its text or a sentence, so the end of a product's
#: name is none ("Tagwell T5 Pro: 4 out of 5" is a rating of the T5 Pro, no praise)
_INLINE_NOTES = re.compile(rf"(?:^|(?<=[.!?;|•—–]\s)|(?<=[.!?;|•—–]))\s*((?:{_CON_LABELS})|(?:{_PRO_LABELS}))\s*:\s*"
                           r"([^.!?]{3,300})", re.IGNORECASE)
#: a rating on a stated scale: "4.5/5", "8 out of 10", "4,5 sur 5", "4,2 von 5", "4 de 5", "8 su 10", "4 uit 5"
_RATING = re.compile(r"\b(\d(?:[.,]\d)?)\s*(?:/|out of|sur|von|de|su|uit)\s*(5|10)\b(?!\s*(?:mm|g|h|%|[.,]\d))",
                     re.IGNORECASE)
#: the words of a German school grade (1 "sehr gut" best ... 6 "ungenügend" worst)
_GRADE_WORDS = r"(?:sehr gut|gut|befriedigend|ausreichend|mangelhaft|ungenügend|nicht genügend|genügend)"
#: a German school grade as a tester writes it, 1 best: "Note: 1,7", "Testnote gut (2,1)", "Gesamtnote 1,8 (gut)",
#: "test-Qualitätsurteil: gut (2,1)", "Testurteil: „gut“ (2,1)"; never a rating on a stated scale ("Note: 4/5",
#: "Note 4 von 5")
GRADE = re.compile(
    r"\b(?:(?:gesamt|test|end|schul)?note|(?:test-?)?qualitätsurteil|testurteil|gesamturteil)\b\s*:?\s*"
    r"(?:(?P<word>[„\"“']?" + _GRADE_WORDS + r"[“\"”']?)\s*\(\s*(?P<g1>[1-6](?:[.,]\d{1,2})?)\s*\)|"
    r"(?P<g2>[1-6](?:[.,]\d{1,2})?)(?![\d.,]*\s*(?:/|von\b|aus\b|out of\b|of\b|%|\d))"
    r"(?:\s*\(\s*(?P<word2>" + _GRADE_WORDS + r")\s*\))?)", re.IGNORECASE)


def school_grade(text: str, lang: str = "") -> tuple[re.Match[str], str, str] | None:
    """The first German school grade ``text`` writes (:data:`GRADE`), with the grade as written ("1,7") and its
    scale as best-worst ("1-6"; "1-5" for an Austrian page, ``lang`` "de-AT"), or None. A bare number after
    "Note" is a grade only on a German page (``lang`` "de..."); with its grade word ("gut (2,1)") on any page. A
    Swiss page's grades (6 best) are none: they are left out."""
    code = lang.strip().lower().replace("_", "-")
    if code.startswith("de-ch"):
        return None
    for m in GRADE.finditer(text):
        grade = m.group("g1") or m.group("g2")
        if not (m.group("word") or m.group("word2") or code.startswith("de")):
            continue
        return m, grade, "1-5" if code.startswith("de-at") else "1-6"
    return None


@dataclass
class Spec:
    """One attribute of a product as a page gives it: ``name`` (as written), ``value`` (as written),
    ``unit_hint`` (schema.org unitCode/unitText), ``origin`` (json-ld, microdata, rdfa, table) and the
    ``key`` the value sits under in the markup (for locating it)."""

    name: str
    value: str
    unit_hint: str = ""
    origin: str = "json-ld"
    key: str = ""
    #: the words to cite when the value comes before its key ("50 hours of battery life"); "" to cite from the key
    #: to the value
    quote: str = ""


@dataclass
class PageOffer:
    """One offer as a page gives it: price text, currency text, and the rest as written."""

    price: str
    currency: str = ""
    regular_price: str = ""
    availability: str = ""
    condition: str = ""
    seller: str = ""
    valid_until: str = ""
    origin: str = "json-ld"
    key: str = "price"
    #: what the page says around or about the price (the offer's description, billing period, business
    #: function; the text of the element a visible price sits in): read for rental, per-month, contract and
    #: financing terms (``services.domain_shopping.offline.price_terms``)
    context: str = ""
    #: the text of the heading (``<h1>``-``<h4>``) the price sits under ("" when none): on a page listing several
    #: products, one section per product, the product the price is for
    section: str = ""


@dataclass
class PageReview:
    """One review as a page gives it: the rating (as written) and its scale, pros and cons quoted, its author."""

    rating: str = ""
    best: str = "5"
    #: the scale's worst rating as the page gives it ("" when it gives none): a worst above the best
    #: (``bestRating`` 1, ``worstRating`` 6) is a grade, 1 best
    worst: str = ""
    pros: list[str] = field(default_factory=list)
    cons: list[str] = field(default_factory=list)
    author: str = ""
    origin: str = "json-ld"


@dataclass
class PageProduct:
    """A product a page describes: its name, brand, model; specs, offers and reviews found for it."""

    name: str
    brand: str = ""
    model: str = ""
    origin: str = "json-ld"
    specs: list[Spec] = field(default_factory=list)
    offers: list[PageOffer] = field(default_factory=list)
    reviews: list[PageReview] = field(default_factory=list)


@dataclass(frozen=True)
class WorthVerdict:
    """A sentence saying whether a product is worth buying (:func:`worth_verdicts`): ``sentence`` as written
    without its closing mark; ``stance`` "yes" ("The X is worth every penny"), "no" ("The X is not worth it for
    reading novels") or "only" (worth it in one case only: "It is worth it only if you annotate PDFs", "not worth
    the money unless you ..."); ``case`` the case of an "only" verdict from its "if", "when" or "for" ("if you
    annotate PDFs with its stylus"; an "unless" is read "if"), else ""; ``at`` the offset of its cue ("worth") in
    the sentence, the product being the one named before it; ``before`` the sentence before it on the page ("" when
    none), whose subject a sentence opening with a pronoun ("It is worth it only if ...") speaks of."""

    sentence: str
    stance: str
    case: str
    at: int
    before: str = ""
    #: read from a table's cell (:func:`worth_cells`), ``before`` its row's first cell
    cell: bool = False

    def subjectless(self) -> bool:
        """Whether nothing but a negation or an adverb stands before the cue: a verdict with no subject of its own
        ("Not worth the extra money" in a test's verdict column, "Worth every penny."), which speaks of
        ``before``'s."""
        return _SUBJECTLESS.match(self.sentence[:self.at]) is not None

    def quoted(self) -> str:
        """The verdict as a report quotes it: a table cell's with its row's product ("Fennet One: Overpriced", as a
        results table's avoid cell is quoted), a sentence as written."""
        return f"{self.before}: {self.sentence}" if self.cell and self.before else self.sentence


@dataclass
class Page:
    """What a page says: ``products`` (structured items, then the page's own product for tables and prices),
    ``table_specs`` (product name or "" for the page's main product -> specs), visible ``prices`` (offers read
    from the page's text when it has no structured ones), ``sponsored_why`` (empty when independent),
    ``site_name``."""

    products: list[PageProduct] = field(default_factory=list)
    table_specs: dict[str, list[Spec]] = field(default_factory=dict)
    #: the scores a results table (a product per row) writes as bare numbers under a score column ("Camera | Score
    #: | Verdict" over "Halden X3 | 8.6 | Best overall"): (the row's product cell, the score as written, the best
    #: score of its scale as text), :func:`table_scores`
    table_scores: list[tuple[str, str, str]] = field(default_factory=list)
    #: the picks a results table's verdict cells give (a cell :func:`reviewer_pick` reads whole, or
    #: ``verdict_words.cell_says`` "pick": "Best overall", "Editor's choice", "Our top pick", "Testsieger", "Meilleur
    #: choix"): (the row's product cell, the cell as written)
    table_picks: list[tuple[str, str]] = field(default_factory=list)
    #: the verdicts to avoid a product a results table's cells give, whole (``verdict_words.cell_says`` "avoid":
    #: "Avoid", "Not recommended", "Don't buy", "Nicht empfehlenswert", "À éviter"): (the row's product cell, the
    #: cell as written)
    table_avoids: list[tuple[str, str]] = field(default_factory=list)
    #: the best-value verdicts a results table's cells give, whole (``verdict_words.cell_says`` "value": "Best value",
    #: "Preis-Leistungs-Sieger", "Meilleur rapport qualité-prix"): (the row's product cell, the cell as written)
    table_values: list[tuple[str, str]] = field(default_factory=list)
    prices: list[PageOffer] = field(default_factory=list)
    review_lists: tuple[list[str], list[str]] = field(default_factory=lambda: ([], []))
    ratings: list[tuple[str, str]] = field(default_factory=list)
    #: each rating of ``ratings`` with the text before it in its sentence's element (up to 200 characters), to
    #: tell which product a page about several products rates ("We rate the Caldera 4K27 9.8 out of 10")
    rating_context: list[str] = field(default_factory=list)
    #: each rating of ``ratings`` with the heading (``<h1>``-``<h4>``) it sits under ("" when none): on a page
    #: testing several products, one section each ("<h2>Voltaro City 7</h2> ... Rating: 4.5/5"), the product rated
    rating_sections: list[str] = field(default_factory=list)
    #: each rating of ``ratings`` with the rest of its sentence after it (up to 200 characters): "Note : 4/5 pour
    #: le Lastorra Kargo 2" names the product after the rating
    rating_after: list[str] = field(default_factory=list)
    #: the pros and cons each heading (``<h1>``-``<h4>``) has under it, by the heading's text: on a page testing
    #: several products, one section each ("<h2>Voltaro City 7</h2> ... Pros: light. Cons: loud."), that product's
    section_reviews: dict[str, tuple[list[str], list[str]]] = field(default_factory=dict)
    sponsored_why: str = ""
    site_name: str = ""
    title: str = ""
    #: the page's first ``<h1>`` heading ("" when none): the product a shop or review page is about when its title
    #: does not name it
    heading: str = ""
    #: whether the page sells something (an "Add to cart" control or text, og:type product, a schema.org Offer)
    shop: bool = False
    #: the page's language tag (``<html lang>``, else ``og:locale``; "" when none): tells apart a currency sign
    #: several currencies write ("kr", "Rs")
    lang: str = ""
    #: each two-column spec row of ``table_specs[""]`` with the heading (``<h1>``-``<h4>``) it sits under ("" when
    #: none): on a page listing several products, one section each, the product a row is for
    section_specs: list[tuple[str, Spec]] = field(default_factory=list)
    #: the names of the merchant or site the page belongs to (never a product): ``og:site_name``, schema.org
    #: Organization / Store / seller names, the host's name ("saugwelt" for www.saugwelt.de)
    merchants: list[str] = field(default_factory=list)
    #: why the page is a review or test of a product, not a page that sells it ("" when it is none: see
    #: :func:`review_page`): a price it writes is a mentioned price, never a merchant's offer
    review_why: str = ""
    #: sentences of the page's text reporting a fault or failure of a product ("My Kettlo Go stopped heating after
    #: 6 months", "Its lid latch felt flimsy after two weeks": :func:`complaints`), as written, on a page that sells
    #: nothing (a review, a forum thread, a blog)
    complaints: list[str] = field(default_factory=list)
    #: a reviewer's advice to avoid a product in a case, (sentence as written, the case): "Avoid the Pikari Solo if
    #: you cook in wind: ..." gives ("Avoid the Pikari Solo if you cook in wind: ...", "you cook in wind")
    #: (:func:`avoid_advice`), on a page that sells nothing
    advice: list[tuple[str, str]] = field(default_factory=list)
    #: sentences saying a product cannot do something, each with where its cue starts ("It cannot print 4x6
    #: shipping labels ...", "... is too narrow for 4x6 shipping labels", "... is not meant for drilling brick":
    #: :func:`limitations`), on any page (:attr:`shop` tells a seller's own admission from a reviewer's finding)
    limits: list[tuple[str, int]] = field(default_factory=list)
    #: a reviewer's verdict to avoid a product outright, in no case ((the verdict as written, the sentence after it
    #: or "")): a heading "Avoid: Labelo Mini 2" with the first sentence under it ("The Labelo Mini 2 jammed on 7 of
    #: 20 rolls"), a sentence "Skip the Tapeline X." or "We do not recommend the Tapeline X." (:func:`avoid_verdicts`),
    #: on a page that sells nothing
    avoid: list[tuple[str, str]] = field(default_factory=list)
    #: a reviewer's verdict on whether a product is worth buying (:func:`worth_verdicts`: "The X is not worth it for
    #: reading novels", "It is worth it only if you annotate PDFs", "The X is worth every penny"), on a page that
    #: sells nothing
    worth: list[WorthVerdict] = field(default_factory=list)
    #: the seller the page's text names ("Sold by Cribwell", "Ships from and sold by Nordhaus", "Verkauf durch
    #: Velohaus", "Vendu par Maison Rivet": :func:`sold_by`; "" when it names none or several)
    sold_by: str = ""
    #: offers a sentence writes with a condition other than new and a price in a currency ("Also available: Mardox
    #: Tagline 7 refurbished, grade A, $64.00.", "A renewed Inflata Go is available for $49 at Velomart.":
    #: :func:`condition_offers`), each with its condition word, its sentence as ``context`` and the merchant it
    #: names after "at", if any, as ``seller``
    condition_prices: list[PageOffer] = field(default_factory=list)
    #: the availability the page's text says, as a schema.org ``ItemAvailability`` name ("InStock", "OutOfStock",
    #: "PreOrder"; "" when it says none or several): "In stock.", "Lieferbar", "Auf Lager", "En stock", "Sold out",
    #: "Ausverkauft" (:func:`stated_availability`), for an offer whose markup gives none
    availability: str = ""


#: schema.org types of a merchant or site (their names are never a product's)
_MERCHANT_TYPES = {"Organization", "Store", "OnlineStore", "OnlineBusiness", "LocalBusiness", "WebSite", "Corporation",
                   "ElectronicsStore", "HomeGoodsStore", "DepartmentStore"}


def _text(value: Any) -> str:
    """A schema.org value as text: a string or number as is; an object by its name or value."""
    if value is None:
        return ""
    if isinstance(value, (str, int, float)):
        return " ".join(str(value).split())
    if isinstance(value, dict):
        for key in ("name", "@value", "value", "price"):
            if key in value:
                return _text(value[key])
        return ""
    if isinstance(value, list):
        return _text(value[0]) if value else ""
    return ""


def _types(item: dict[str, Any]) -> set[str]:
    raw = item.get("@type", [])
    types = raw if isinstance(raw, list) else [raw]
    return {str(t).rsplit("/", 1)[-1].rsplit("#", 1)[-1] for t in types}


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _rdfa_items(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """RDFa nodes (expanded JSON-LD: full property IRIs, ``[{"@value": v}]``, ``{"@id": ...}`` links) as plain
    schema.org items like JSON-LD's, linked nodes embedded; only nodes no other node links to are returned."""
    by_id = {str(n.get("@id")): n for n in nodes if isinstance(n, dict)}
    linked: set[str] = set()

    def plain(node: dict[str, Any], depth: int = 0) -> dict[str, Any]:
        out: dict[str, Any] = {"@type": [str(t).rsplit("/", 1)[-1] for t in _as_list(node.get("@type"))]}
        for key, values in node.items():
            if key.startswith("@") or "schema.org/" not in key:
                continue
            name = key.rsplit("/", 1)[-1]
            got: list[Any] = []
            for v in _as_list(values):
                if isinstance(v, dict) and "@value" in v:
                    got.append(v["@value"])
                elif isinstance(v, dict) and "@id" in v:
                    linked.add(str(v["@id"]))
                    target = by_id.get(str(v["@id"]))
                    if target is not None and depth < 4:
                        got.append(plain(target, depth + 1))
            if got:
                out[name] = got[0] if len(got) == 1 else got
        return out

    items = [plain(n) for n in by_id.values()]
    return [item for item, node_id in zip(items, by_id) if node_id not in linked and len(item) > 1]


def _walk(items: list[Any]) -> list[dict[str, Any]]:
    """Every schema.org item in ``items``, nested ones too (``@graph``, ``ItemList`` elements, ``mainEntity``)."""
    out: list[dict[str, Any]] = []
    stack = list(items)
    while stack:
        item = stack.pop(0)
        if isinstance(item, list):
            stack.extend(item)
            continue
        if not isinstance(item, dict):
            continue
        out.append(item)
        for key in ("@graph", "itemListElement", "mainEntity", "item", "itemReviewed", "hasVariant", "about"):
            if key in item:
                stack.extend(_as_list(item[key]))
    return out


def _offers(item: dict[str, Any], origin: str) -> list[PageOffer]:
    out: list[PageOffer] = []
    for offer in _as_list(item.get("offers")):
        if not isinstance(offer, dict):
            continue
        if "AggregateOffer" in _types(offer) and not offer.get("price"):
            nested = _offers({"offers": offer.get("offers")}, origin)
            if nested:
                out.extend(nested)
                continue
            price, key = _text(offer.get("lowPrice")), "lowPrice"
        else:
            price, key = _text(offer.get("price")), "price"
        spec = offer.get("priceSpecification")
        regular = ""
        for s in _as_list(spec):
            if isinstance(s, dict):
                kind = _text(s.get("priceType"))
                if not price and s.get("price") and "Strikethrough" not in kind and "ListPrice" not in kind:
                    price = _text(s.get("price"))
                if ("Strikethrough" in kind or "ListPrice" in kind or "SRP" in kind) and s.get("price"):
                    regular = _text(s.get("price"))
        currency = _text(offer.get("priceCurrency")) or next(
            (_text(s.get("priceCurrency")) for s in _as_list(spec) if isinstance(s, dict)), "")
        seller = offer.get("seller") or offer.get("offeredBy")
        context = [_text(offer.get("description")), _text(offer.get("name")),
                   _text(offer.get("businessFunction")).rsplit("#", 1)[-1].rsplit("/", 1)[-1]]
        for s in _as_list(spec):
            if isinstance(s, dict):
                quantity = s.get("referenceQuantity") or s.get("billingDuration")
                unit = (_text(quantity.get("unitCode")) or _text(quantity.get("unitText"))
                        if isinstance(quantity, dict) else _text(quantity))
                context += [_text(s.get("priceType")).rsplit("/", 1)[-1], _BILLING_UNITS.get(unit.upper(), unit)]
        out.append(PageOffer(
            price=price, currency=currency, regular_price=regular,
            availability=_text(offer.get("availability")).rsplit("/", 1)[-1],
            condition=_text(offer.get("itemCondition")).rsplit("/", 1)[-1], seller=_text(seller),
            valid_until=_text(offer.get("priceValidUntil")), origin=origin, key=key,
            context=" ".join(c for c in context if c)))
    return out


#: schema.org / UN/CEFACT unit codes of a billing period (a price per one of them is a recurring price)
_BILLING_UNITS = {"MON": "per month", "ANN": "per year", "WEE": "per week", "DAY": "per day", "P1M": "per month",
                  "P1Y": "per year", "P1W": "per week", "P1D": "per day"}


def _reviews(item: dict[str, Any], origin: str) -> list[PageReview]:
    out: list[PageReview] = []
    for review in [*_as_list(item.get("review")), *_as_list(item.get("reviews"))]:
        if not isinstance(review, dict):
            continue
        rating = review.get("reviewRating")
        out.append(PageReview(
            rating=_text(rating.get("ratingValue")) if isinstance(rating, dict) else _text(rating),
            best=(_text(rating.get("bestRating")) or "5") if isinstance(rating, dict) else "5",
            worst=_text(rating.get("worstRating")) if isinstance(rating, dict) else "",
            pros=_notes(review.get("positiveNotes")), cons=_notes(review.get("negativeNotes")),
            author=_text(review.get("author")), origin=origin))
    return out


def _notes(value: Any) -> list[str]:
    if isinstance(value, dict) and "itemListElement" in value:
        return [t for t in (_text(v) for v in _as_list(value["itemListElement"])) if t]
    return [t for t in (_text(v) for v in _as_list(value)) if t]


def _specs(item: dict[str, Any], origin: str) -> list[Spec]:
    out: list[Spec] = []
    for key, value in item.items():
        if key.lower() in IDENTITY or key.startswith("@"):
            continue
        if isinstance(value, dict) and ("value" in value or "@value" in value):
            out.append(Spec(name=key, value=_text(value.get("value", value.get("@value"))),
                            unit_hint=_text(value.get("unitCode")) or _text(value.get("unitText")), origin=origin,
                            key=key))
        elif isinstance(value, (str, int, float)) and str(value).strip() and not str(value).startswith("http"):
            out.append(Spec(name=key, value=_text(value), origin=origin, key=key))
    for prop in _as_list(item.get("additionalProperty")):
        if isinstance(prop, dict) and prop.get("name") and prop.get("value") is not None:
            out.append(Spec(name=_text(prop["name"]), value=_text(prop["value"]),
                            unit_hint=_text(prop.get("unitCode")) or _text(prop.get("unitText")), origin=origin,
                            key=_text(prop["name"])))
    return out


def structured_items(html: str, url: str) -> list[tuple[str, dict[str, Any]]]:
    """(syntax, item) for every schema.org item of the page in JSON-LD, microdata and RDFa (nested ones too).
    A syntax that fails to parse is skipped (logged)."""
    out: list[tuple[str, dict[str, Any]]] = []
    for syntax in ("json-ld", "microdata", "rdfa"):
        try:
            data = extruct.extract(html, base_url=url, syntaxes=[syntax], uniform=syntax != "rdfa")
        except Exception as exc:  # noqa: BLE001 (a malformed block must not lose the rest of the page)
            log.info("%s: %s data unreadable (%s)", url, syntax, exc)
            continue
        items = data.get(syntax, [])
        if syntax == "rdfa":
            items = _rdfa_items(items)
        out.extend((syntax, item) for item in _walk(items))
    return out


def read_page(html: str, url: str) -> Page:
    """Everything ``html`` (fetched from ``url``) says about products: see :class:`Page`."""
    page = Page()
    host = (urlsplit(url).hostname or "").lower().removeprefix("www.").split(".")
    if len(host) >= 2 and not host[-1].isdigit():
        page.merchants.append(host[-2] if len(host[-2]) > 3 or len(host) < 3 else host[-3])
    reviewed = False  # a schema.org Review of a product is an item of the page
    for origin, item in structured_items(html, url):
        types = _types(item)
        if types & _MERCHANT_TYPES and _text(item.get("name")):
            page.merchants.append(_text(item.get("name")))
        if types & {"Product", "ProductModel", "ProductGroup", "IndividualProduct"} and _text(item.get("name")):
            page.products.append(PageProduct(
                name=_text(item.get("name")), brand=_text(item.get("brand")) or _text(item.get("manufacturer")),
                model=_text(item.get("model")) or _text(item.get("mpn")), origin=origin,
                specs=_specs(item, origin), offers=_offers(item, origin), reviews=_reviews(item, origin)))
        elif "Review" in types and isinstance(item.get("itemReviewed"), dict):
            reviewed = True
            product = item["itemReviewed"]
            rating = item.get("reviewRating")
            page.products.append(PageProduct(
                name=_text(product.get("name")), brand=_text(product.get("brand")), origin=origin,
                specs=_specs(product, origin), reviews=[PageReview(
                    rating=_text(rating.get("ratingValue")) if isinstance(rating, dict) else _text(rating),
                    best=(_text(rating.get("bestRating")) or "5") if isinstance(rating, dict) else "5",
                    worst=_text(rating.get("worstRating")) if isinstance(rating, dict) else "",
                    pros=_notes(item.get("positiveNotes")), cons=_notes(item.get("negativeNotes")),
                    author=_text(item.get("author")), origin=origin)]))
    try:
        tree = lxml.html.fromstring(html)
    except (lxml.etree.ParserError, ValueError):
        return page
    for bad in tree.xpath("//script|//style|//noscript"):
        bad.drop_tree()
    page.title = " ".join((tree.findtext(".//title") or "").split())
    h1 = tree.xpath("//h1")
    page.heading = _cell(h1[0])[:200] if h1 else ""
    lang = tree.xpath("/html/@lang|//meta[@property='og:locale']/@content")
    page.lang = str(lang[0]).strip() if lang else ""
    site = tree.xpath("//meta[@property='og:site_name']/@content")
    page.site_name = str(site[0]).strip() if site else ""
    page.merchants += [page.site_name] if page.site_name else []
    page.merchants += [o.seller for p in page.products for o in p.offers if o.seller]
    sentences = [sentence for block in tree.xpath("//body//*[not(self::a)][not(.//p|.//div|.//li|.//td|.//dd)]")
                 for sentence in _SENTENCE_END.split(_cell(block)) if len(sentence) <= 200]
    page.sold_by = sold_by(sentences)
    page.merchants += [page.sold_by] if page.sold_by else []
    page.availability = stated_availability(sentences)
    page.condition_prices = condition_offers(sentences)
    _read_tables(tree, page)
    _read_prices(tree, page)
    _former_of_structured(tree, page)
    og_type = tree.xpath("//meta[@property='og:type']/@content")
    page.shop = (any(p.offers for p in page.products) or bool(og_type and "product" in str(og_type[0]).lower())
                 or bool(_SHOP_SIGNS.search(" ".join(tree.xpath("//body//text()|//body//input/@value")))))
    _read_review_text(tree, page)
    prose = " ".join(_cell(b) for b in tree.xpath("//body//p|//body//li|//body//blockquote"))
    # a limit is read on every page: a seller's or maker's own admission that what it sells cannot serve a use
    # ("it has no hammer mode, so it is not meant for drilling brick") is believed of its own product (the caller's
    # to tell: issue 15, trial t52s fault 1)
    page.limits = limitations(prose)
    if not page.shop:
        page.complaints = complaints(prose)
        page.advice = avoid_advice(prose)
        page.avoid = avoid_verdicts(tree)
        page.worth = worth_verdicts(prose) + worth_cells(tree)
    page.sponsored_why = sponsored(tree)
    page.review_why = review_page(page, tree, reviewed)
    return page


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\s+[|•·]\s+")
#: a seller named in a page's text: "Sold by X", "Ships from and sold by X", "Seller: X", "Verkauf (und Versand)
#: durch X", "Verkäufer: X", "Vendu (et expédié) par X", "Vendeur : X", "Vendido por X", "Venduto da X"
_SOLD_BY = re.compile(
    r"(?:\b(?:sold|shipped and sold|sold and shipped|sold and fulfill?ed) by|\bseller\s*:|\bverkauf(?: und versand)? "
    r"durch|\bverkauft (?:von|durch)|\bverkäufer\s*:|\bvendu(?: et expédié)? par|\bexpédié et vendu par|"
    r"\bvendeur\s*:|\bvendido (?:y enviado )?por|\bvenduto (?:e spedito )?da)\s*:?\s*", re.IGNORECASE)
#: where a seller's name ends: "Sold by Cribwell and fulfilled by ...", "Verkauf durch Velohaus, Versand ..."
_NAME_END = re.compile(r"\s+(?:and|und|et|y|e|–|—|-|on|auf|sur|via|from|ab|at)\s+|[,;:|()\[\]!?]|\.$|\.\s")


def sold_by(sentences: list[str]) -> str:
    """The one seller ``sentences`` (a page's text, one sentence an item) name after "Sold by" or its like
    (:data:`_SOLD_BY`, English, German, French, Spanish, Italian): the words up to the name's end (a comma, "and",
    the sentence's end), 1 to 5 words starting with a capital or a digit; "" when no sentence names one or the
    sentences name several sellers (a marketplace listing several offers)."""
    names: set[str] = set()
    for sentence in sentences:
        for m in _SOLD_BY.finditer(sentence):
            name = _NAME_END.split(sentence[m.end():], maxsplit=1)[0].strip().rstrip(".")
            if name and (name[0].isupper() or name[0].isdigit()) and len(name) <= 40 and len(name.split()) <= 5:
                names.add(name)
    return names.pop() if len(names) == 1 else ""


#: the one vocabulary of an item's condition, an offer's and a question's, in the languages of the attribute lexicon:
#: each condition ("refurbished", "used", "new") -> the words saying it (regular expressions; "renewed", "certified
#: pre-owned", "open box", "generalüberholt", "reconditionné", "d'occasion", "brand new", "unused")
CONDITION_WORDS: dict[str, tuple[str, ...]] = {
    "refurbished": (r"refurb(?:ished)?", "renewed", r"recondition(?:ed)?", r"reconditionn[ée]e?s?", "remanufactured",
                    r"certified pre-?owned", r"generalüberholt\w*", r"reacondicionad[oa]s?", r"ricondizionat[oaie]",
                    r"gereviseerd\w*"),
    "used": ("used", r"pre-?owned", r"second-?hand", r"open[- ]box", "ex-display", r"gebraucht\w*", "b-ware",
             "d'occasion", "occasion", r"usad[oa]s?", r"usat[oaie]", "tweedehands"),
    "new": (r"brand[- ]new", "new", "unused"),
}
#: words of :data:`CONDITION_WORDS` that are plain English too ("used by pros", "a special occasion"): a condition
#: in an offer's condition field, elsewhere only where :data:`_NOT_NEW` or a question's reading says so
CONDITION_HOMOGRAPHS = frozenset({"used", "occasion"})


def condition_pattern(*, bounded: bool, leave_out: frozenset[str] = frozenset(),
                      conditions: tuple[str, ...] = ("refurbished", "used", "new")) -> re.Pattern[str]:
    """A case-blind pattern of the words of :data:`CONDITION_WORDS` for ``conditions`` but those in ``leave_out``,
    each condition a named group (``match.lastgroup`` is the condition: "refurbished", "used", "new"; the earliest
    word wins, at one place the condition listed first: "renewed" is refurbished, not "new"). ``bounded``: whole
    words only (a question's or a sentence's text); else anywhere, as in a markup value
    ("https://schema.org/RefurbishedCondition", "UsedCondition")."""
    groups = "|".join(f"(?P<{c}>" + "|".join(w for w in CONDITION_WORDS[c] if w not in leave_out) + ")"
                      for c in conditions)
    return re.compile(rf"\b(?:{groups})\b" if bounded else groups, re.IGNORECASE)


#: a condition of an offered item other than new (:data:`CONDITION_WORDS`), in running text: "used" only as an
#: item's condition ("a used ...", "(used)", "used, grade B"), never the verb ("used by pros"); "occasion" only as
#: "d'occasion"
_NOT_NEW = re.compile(
    condition_pattern(bounded=True, leave_out=CONDITION_HOMOGRAPHS, conditions=("refurbished", "used")).pattern
    + r"|(?:\b(?:a|an|one|buy|as)\s+|\()used\b|\bused(?=\s*[,)]|\s+condition)", re.IGNORECASE)
#: a merchant a sentence names after the price it gives ("... for $64 at Kettle & Co Tools.", "... bei Velohaus"):
#: 1 to 5 words, the first capitalised or a digit
_AT_MERCHANT = re.compile(r"\s(?:at|from|bei|chez|en|presso|bij)\s+(?P<name>[A-Z0-9][\w&'’.-]*(?:\s+(?:&|[A-Z0-9&]"
                          r"[\w&'’.-]*)){0,4})")


def condition_offers(sentences: list[str]) -> list[PageOffer]:
    """The offers ``sentences`` (a page's text, one sentence an item) write in running text with a condition other
    than new (:data:`_NOT_NEW`: "Also available: Mardox Tagline 7 refurbished, grade A, $64.00.", "A refurbished
    Mardox Tagline 7 is available for $64 at Kettle & Co."): per sentence, the first amount in a currency (a sign or
    an ISO code, :data:`_AMOUNT`) after the condition word, else before it, with ``condition`` the word as written,
    ``context`` the sentence and ``seller`` the merchant named after the amount ("at Kettle & Co", "" when none).
    A former price ("was $89") is none. Each amount once."""
    out: list[PageOffer] = []
    seen: set[str] = set()
    for sentence in sentences:
        word = _NOT_NEW.search(sentence)
        if word is None:
            continue
        former = {m.group("amount").strip() for m in _FORMER_AMOUNT.finditer(sentence)}
        amounts = [m for m in _AMOUNT.finditer(sentence) if re.search(r"\d", m.group(0))
                   and m.group(0).strip() not in former and Price.fromstring(m.group(0)).currency is not None]
        if not amounts:
            continue
        amount = next((m for m in amounts if m.start() >= word.start()), amounts[0])
        price = amount.group(0).strip().rstrip(".,")
        if price in seen:
            continue
        seen.add(price)
        at = _AT_MERCHANT.search(sentence[amount.end():])
        seller = at.group("name").rstrip(".,;") if at else ""
        condition = re.sub(r"^(?:a|an|one|buy|as)\s+|\(", "", word.group(0), flags=re.IGNORECASE).strip().lower()
        out.append(PageOffer(price=price, origin="text", key=price, condition=condition,
                             seller=seller, context=sentence[:300]))
    return out


#: a sentence saying a product's availability, after an optional label ("Availability:", "Verfügbarkeit:"), with
#: its schema.org name: the first that matches ("Nicht lieferbar" is out of stock, never "lieferbar")
_AVAILABILITY_SAID = [(re.compile(r"^(?:(?:availability|verfügbarkeit|disponibilité|disponibilidad|disponibilità|"
                                  r"status|stock)\s*:\s*)?(?:" + words + r")\b", re.IGNORECASE), name)
                      for words, name in (
    (r"out of stock|not in stock|currently unavailable|sold out|nicht (?:auf lager|lieferbar|vorrätig)|"
     r"ausverkauft|derzeit nicht verfügbar|rupture de stock|épuisé|en rupture|agotado|sin stock|esaurito|"
     r"non disponibile", "OutOfStock"),
    (r"pre-?order|available for pre-?order|vorbestellbar|vorbestellung|précommande|pré-commande|en précommande|"
     r"preventa|preordine", "PreOrder"),
    (r"in stock|only \d+ left in stock|auf lager|lieferbar|sofort lieferbar|vorrätig|en stock|disponible en stock|"
     r"en existencia", "InStock"))]


def stated_availability(sentences: list[str]) -> str:
    """The one availability ``sentences`` (a page's text, one sentence an item) state at a sentence's start, as a
    schema.org ``ItemAvailability`` name ("InStock", "OutOfStock", "PreOrder"): "In stock.", "Lieferbar. Verkäufer:
    ...", "Availability: Out of stock", "Ausverkauft", "En stock". "" when none does or they state several (a page
    listing several products, each its own)."""
    said = set()
    for sentence in sentences:
        text = sentence.strip(" ✓✔•*-–")
        said |= {next((name for pattern, name in _AVAILABILITY_SAID if pattern.search(text)), "")} - {""}
    return said.pop() if len(said) == 1 else ""


def _cell(el: Any) -> str:
    return " ".join(el.text_content().split())


def _read_tables(tree: Any, page: Page) -> None:
    """Spec tables: two-column rows (name, value) for the page's product; a comparison table (a header row naming
    products) gives each product its column; ``<dl>`` lists as two-column rows."""
    for table in tree.xpath("//table"):
        rows = [[c for c in row.xpath("./th|./td")] for row in table.xpath(".//tr")]
        rows = [r for r in rows if r]
        if not rows:
            continue
        header = rows[0]
        names = [_cell(c) for c in header[1:]]
        headed = all(c.tag == "th" or c.getparent().getparent().tag == "thead" for c in header)
        # a two-column results table whose second header is a verdict ("Camera | Verdict" over "Halden X3 | Avoid"),
        # its first cells no attributes ("Feature | Rating" over "Battery life | 4/5" stays a spec table)
        verdict_pair = len(header) == 2 and headed and cell_says(names[0], "column") \
            and not any(_column_word(_cell(r[0])) for r in rows[1:])
        if verdict_pair or (len(header) >= 3 and headed):
            if verdict_pair or _rows_are_products(_cell(header[0]), names, [_cell(r[0]) for r in rows[1:]]):
                # a results table, a product per row ("Model | Score | Cooking time"): each row's first cell names
                # the product, the other headers its attributes; a rating or price column is no spec
                page.table_scores += table_scores(names, [[_cell(c) for c in row] for row in rows[1:]
                                                          if len(row) == len(header)], page.lang)
                for row in rows[1:]:
                    product = _cell(row[0]) if len(row) == len(header) else ""
                    if not product or _column_word(product) or not re.search(r"[^\W\d_]", product):
                        continue
                    page.table_picks += [(product, said) for said in (_cell(c) for c in row[1:])
                                         if len(said) <= 60 and (cell_says(said, "pick") or (
                                             (m := reviewer_pick(said)) is not None
                                             and m.group(0).lower() == said.strip(" .!").lower()))]
                    page.table_values += [(product, said) for said in (_cell(c) for c in row[1:])
                                          if cell_says(said, "value")]
                    page.table_avoids += [(product, said) for said in (_cell(c) for c in row[1:])
                                          if cell_says(said, "avoid")]
                    for name, cell in zip(names, row[1:]):
                        value = _cell(cell)
                        if name and value and not _NOT_SPEC_COLUMN.fullmatch(name.strip(" :")) \
                                and not cell_says(name, "column"):
                            page.table_specs.setdefault(product, []).append(
                                Spec(name=name, value=value, origin="table", key=name))
                continue
            for row in rows[1:]:
                if len(row) != len(header):
                    continue
                key = _cell(row[0])
                for name, cell in zip(names, row[1:]):
                    value = _cell(cell)
                    if key and value and name and not _column_word(name):
                        page.table_specs.setdefault(name, []).append(
                            Spec(name=key, value=value, origin="table", key=key))
            continue
        for i, row in enumerate(rows):
            if len(row) == 2 and not _header_row(row, i == 0):
                key, value = _cell(row[0]), _cell(row[1])
                if key and value and len(key) <= 60 and not _looks_like_price_row(key) and not _grade_row(key):
                    spec = Spec(name=key, value=value, origin="table", key=key)
                    page.table_specs.setdefault("", []).append(spec)
                    page.section_specs.append((_section(table), spec))
    for dl in tree.xpath("//dl"):
        for dt in dl.xpath("./dt"):
            dd = dt.getnext()
            if dd is not None and dd.tag == "dd":
                key, value = _cell(dt), _cell(dd)
                if key and value and len(key) <= 60 and not _grade_row(key):
                    spec = Spec(name=key, value=value, origin="table", key=key)
                    page.table_specs.setdefault("", []).append(spec)
                    page.section_specs.append((_section(dl), spec))


#: a table header cell naming a spec table's column of names or of values ("Specification", "Value", "Feature",
#: "Details", "Merkmal", "Wert", "Caractéristique", "Valeur", "Característica", "Valore", "Kenmerk", "Waarde")
_SPEC_COLUMN = re.compile(
    r"(?:technical\s+)?(?:specifications?|specs?|values?|features?|details?|attributes?|propert(?:y|ies)|"
    r"parameters?|characteristics?|description|data|technische\s+daten|merkmale?|eigenschaft(?:en)?|werte?|"
    r"angaben?|caractéristiques?|spécifications?|valeurs?|características?|especificaci(?:ón|ones)|valor(?:es)?|"
    r"caratteristiche|caratteristica|specifiche|specifica|valori|valore|kenmerk(?:en)?|eigenschap(?:pen)?|"
    r"specificaties?|waarden?)", re.IGNORECASE)


def _header_row(row: list[Any], first: bool) -> bool:
    """Whether a two-column table ``row`` (its cell elements) names the table's columns rather than giving a spec:
    ``first`` (the table's first row) with every cell a ``<th>`` (or in ``<thead>``) and no digit ("Specification |
    Value"), or, any row, each cell a spec table's column name (:data:`_SPEC_COLUMN`: "Feature | Details" in
    ``<td>`` cells). Issue 15, trial t54s: "Specification | Value" was read as a spec "specification = Value"."""
    texts = [_cell(c).strip(" :") for c in row]
    if first and all(c.tag == "th" or c.getparent().getparent().tag == "thead" for c in row) \
            and not any(re.search(r"\d", t) for t in texts):
        return True
    return all(t and _SPEC_COLUMN.fullmatch(t) for t in texts)


#: a table header naming the column of products' names ("Model", "Product", "Modell", "Produkt", "Modèle", "Modelo")
_PRODUCT_COLUMN = re.compile(r"(?:the\s+)?(?:models?|products?|names?|items?|devices?|units?|modell(?:e|name)?|"
                             r"produkte?|produktname|ger[äa]te?|artikel|mod[eè]les?|produits?|nom|modelos?|"
                             r"productos?|nombre|modell[oi]|prodott[oi]|nome|modellen|producten|naam|"
                             r"tested|contender|contenders|pick|picks)", re.IGNORECASE)
#: a table header naming a rating, rank or price column: no product's name, and no spec ("Score", "Our rating",
#: "Rank", "Price", "Note", "Bewertung", "Testnote", "Preis", "Prix", "Precio")
_NOT_SPEC_COLUMN = re.compile(
    r"(?:(?:our|overall|total|final|test|editor'?s|user)\s+)?(?:score|scores|rating|ratings|rated|rank|ranking|"
    r"place|verdict|grade|stars|price|prices|cost|msrp|rrp|note|noten|testnote|gesamtnote|bewertung|wertung|"
    r"urteil|testurteil|platz|preis|prix|précio|precio|prezzo|prijs|puntuaci[oó]n|punteggio|voto|valutazione|"
    r"beoordeling|score\s*/\s*10|score\s*\(\s*/?\s*10\s*\))", re.IGNORECASE)




#: a results table's header naming its column of scores ("Score", "Our rating", "Stars", "Testnote", "Score (/10)",
#: "Rating / 100"): the scale's best when the header writes it
_SCORE_COLUMN = re.compile(
    r"(?:(?:our|overall|total|final|test|editor'?s|lab)\s+)?(?:score|rating|stars|note|testnote|gesamtnote|"
    r"bewertung|wertung|punteggio|voto|valutazione|puntuaci[oó]n|beoordeling)"
    r"(?:\s*\(?\s*(?:/|out of)\s*(?P<best>5|10|100)\s*\)?)?", re.IGNORECASE)
#: a score written as a bare number, or a percentage ("8.6", "86", "86 %"), in a results table's score column
_BARE_SCORE = re.compile(r"(?P<value>\d{1,3}(?:[.,]\d{1,2})?)\s*(?P<percent>%)?")


def table_scores(names: list[str], rows: list[list[str]], lang: str = "") -> list[tuple[str, str, str]]:
    """The scores a results table gives its products as bare numbers (a score out of a scale the table does not
    write beside each: "Halden X3 | 8.6 | Best overall"): ``names`` its headers after the first, ``rows`` its rows'
    cell texts (the product's name first). A column counts when its header names a score (:data:`_SCORE_COLUMN`)
    and every row of two or more gives a bare number or percentage there (:data:`_BARE_SCORE`; a cell written
    "8.6/10" is read with the page's other ratings). Its scale: the header's ("Score (/10)"), else 100 for
    percentages, else the smallest of 5, 10 and 100 no score exceeds (stars out of 5, a test's score out of 10).
    On a page in a language whose tests grade with the best lowest (``lang``, the page's language tag: a German
    "Testnote" column, ``verdict_words.cell_says`` "grade"), a column of grades from 1 to 6 is on the scale "1-6"
    (best first: a grade, converted by the caller). Returns (product cell, score as written with a "." decimal,
    best as text) per row; [] when no column counts."""
    out: list[tuple[str, str, str]] = []
    for i, name in enumerate(names, start=1):
        head = _SCORE_COLUMN.fullmatch(name.strip(" :"))
        cells = [(row[0], _BARE_SCORE.fullmatch(row[i].strip())) for row in rows if len(row) > i and row[0]]
        if head is None or len(cells) < 2 or any(m is None for _, m in cells):
            continue
        values = [(product, m.group("value").replace(",", "."), bool(m.group("percent")))
                  for product, m in cells if m is not None]
        top = max(float(v) for _, v, _ in values)
        language = lang.split("-")[0].lower()
        if not head.group("best") and not any(p for _, _, p in values) and language \
                and cell_says(name, "grade", language=language) and min(float(v) for _, v, _ in values) >= 1 \
                and top <= 6:
            out += [(product, value, "1-6") for product, value, _ in values]
            continue
        best = head.group("best") or ("100" if any(p for _, _, p in values) else
                                      next((str(b) for b in (5, 10, 100) if top <= b), ""))
        if best and top <= float(best):
            out += [(product, value, best) for product, value, _ in values]
    return out


def _column_word(text: str) -> bool:
    """Whether a table's header cell ``text`` names a column of a results table rather than a product: a rating,
    rank or price column (:data:`_NOT_SPEC_COLUMN`), the column of products' names (:data:`_PRODUCT_COLUMN`), or
    an attribute the lexicon knows, written without a digit ("White rice time", "Gewicht"; a product's name has
    its model number)."""
    text = text.strip(" :")
    if not text:
        return False
    if _NOT_SPEC_COLUMN.fullmatch(text) or _PRODUCT_COLUMN.fullmatch(text):
        return True
    return not re.search(r"\d", text) and len(text.split()) <= 4 and lookup(text) is not None


def _rows_are_products(corner: str, names: list[str], keys: list[str]) -> bool:
    """Whether a table whose header is ``corner`` then ``names``, with ``keys`` the first cells of its other rows,
    lists a product per row: a larger share of its headers than of its first cells name attributes, ratings or
    prices (:func:`_column_word`: "Model | Score | Boil time" over rows of products), or, neither saying so, its
    corner cell names the product column ("Model", "Produkt"); else each header names a product (a comparison
    table, "Modell | Brevona Duo 2 | Moktari Piccolo" over rows of attributes)."""
    across = sum(_column_word(n) for n in names) / max(len(names), 1)
    down = sum(_column_word(k) for k in keys) / max(len(keys), 1)
    if across != down:
        return across > down
    return across == 0 and _PRODUCT_COLUMN.fullmatch(corner.strip(" :")) is not None


def _grade_row(key: str) -> bool:
    """Whether a spec row's name labels a school grade ("Testnote", "Gesamtnote:"): a tester's rating, read as one
    (:func:`school_grade`), not a spec."""
    return GRADE.fullmatch(f"{key.strip()} 1") is not None


def _section(el: Any) -> str:
    """The text of the heading (``<h1>``-``<h4>``) ``el`` sits under: the nearest one before it; "" when none."""
    heads = el.xpath("preceding::*[self::h1 or self::h2 or self::h3 or self::h4][1]")
    return _cell(heads[0])[:200] if heads else ""


def _looks_like_price_row(key: str) -> bool:
    return bool(re.search(r"\b(price|cost|msrp|rrp)\b", key, re.IGNORECASE))


#: words a shop's price element has in its class or id, in the languages of the attribute lexicon ("price",
#: German "preis", French "prix", Spanish "precio", Italian "prezzo", Dutch "prijs"); the short Nordic "pris" is left
#: out, being inside English words ("enterprise", "surprise")
_PRICE_CLASS_WORDS = ("price", "preis", "prix", "precio", "prezzo", "prijs")


def _price_class(attrs: tuple[str, ...] = ("class", "id")) -> str:
    """An XPath predicate (without brackets): an element whose ``attrs`` (class, id) hold a price word of
    :data:`_PRICE_CLASS_WORDS`, in any case."""
    return " or ".join(f"contains(translate(@{a},'ABCDEFGHIJKLMNOPQRSTUVWXYZ','abcdefghijklmnopqrstuvwxyz'),'{w}')"
                       for a in attrs for w in _PRICE_CLASS_WORDS)


#: an element a shop writes a price in: its class or id says price; a container of such an element, with only
#: its class said so
_PRICE_EL = f"//*[{_price_class()}]"
_PRICE_CHILD = f".//*[{_price_class(('class',))}]"


def _read_prices(tree: Any, page: Page) -> None:
    """Visible prices (elements whose class or id says "price"), current first, a struck or "was" price as the
    regular one."""
    current: list[str] = []
    regular: list[str] = []
    contexts: list[str] = []
    sections: list[str] = []
    besides: list[str] = []  # each current price's former price written in its own block ("" when none)
    for el in tree.xpath(_PRICE_EL):
        if el.xpath(_PRICE_CHILD):
            continue  # a container of prices: its children are read
        struck = (el.tag in ("del", "s", "strike") or el.xpath("ancestor::del|ancestor::s|ancestor::strike")
                  or _OLD_PRICE_CLASS.search(str(el.get("class", "")) + " " + str(el.get("id", ""))))
        if struck:
            text = _cell(el)
            former: list[str] = []
        else:  # "<s>£69.99</s> <strong>£29.00</strong>": the struck amount is the former price, the other one is paid
            text, former = _unstruck(el)
            regular += former
            # words around the amount paid, the struck one cut ("Statt <s>2.499,00 €</s> jetzt nur 2.199,00 €":
            # "2.199,00 €"), or only an availability or tax note beside it ("£49.99 <span>In stock</span>": "£49.99";
            # a price's own terms stay: "$19.99/month")
            if (former or _PRICE_NOTE.search(text)) and re.search(r"[^\W\d_]{3,}", text) and not re.search(
                    r"[^\W\d_]{3,}", _PRICE_NOTE.sub(" ", text) if not former else ""):
                text = _amount_paid(text)
        if not text or not re.search(r"\d", text) or len(text) > 40:
            continue
        (regular if struck else current).append(text)
        if not struck:
            parent = el.getparent()
            contexts.append(_cell(parent)[:300] if parent is not None and parent.tag != "body" else text)
            sections.append(_section(el))
            besides.append(former[0] if former else _former_beside(el))
    for text, context, section, beside in zip(current, contexts, sections, besides, strict=False):
        page.prices.append(PageOffer(price=text, regular_price=beside or (regular[0] if regular else ""),
                                     origin="text", key=text, context=context, section=section))
    if current:
        return
    found: list[PageOffer] = []
    for block in tree.xpath("//body//*[self::p or self::div or self::li or self::td or self::dd or self::span "
                            "or self::section or self::article or self::main][not(.//p|.//div|.//li|.//td|.//dd)]"):
        text, former = _unstruck(block)
        offer = labelled_price(text)  # "Preis: 1.299,00 €", "Our price £1,049.99": a price in running text
        if offer is not None:
            offer.regular_price = former[0] if former else ""
            offer.section = _section(block)
            found.append(offer)
    # one price per page, unless the page lists several products, each under its own heading with its own price
    if len({o.section for o in found if o.section}) >= 2:
        firsts: dict[str, PageOffer] = {}
        for offer in found:
            firsts.setdefault(offer.section, offer)
        page.prices += list(firsts.values())
    else:
        page.prices += found[:1]


def _former_of_structured(tree: Any, page: Page) -> None:
    """A structured offer (JSON-LD, microdata) without a former price takes the one the page writes beside the same
    amount ("Now $54.95, was <s>$64.95</s>" beside an Offer of 54.95 USD: a sale the markup does not say): from a
    visible price of that amount (:func:`_read_prices`), else from a block whose text, its former prices cut, writes
    that amount. Amounts are compared as numbers; the former one must be higher."""
    offers = [o for p in page.products for o in p.offers if o.price and not o.regular_price]
    if not offers:
        return
    blocks: list[tuple[str, str]] = [(o.price, o.regular_price) for o in page.prices if o.regular_price]
    if not blocks:
        for block in tree.xpath("//body//*[self::p or self::div or self::li or self::td or self::dd or self::span]"
                                "[not(.//p|.//div|.//li|.//td|.//dd)]"):
            text, struck = _unstruck(block)
            if struck:
                blocks += [(m.group(0), struck[0]) for m in _AMOUNT.finditer(text) if re.search(r"\d", m.group(0))]
    for offer in offers:
        amount = Price.fromstring(offer.price).amount_float
        for written, earlier in blocks:
            now, was = Price.fromstring(written).amount_float, Price.fromstring(earlier).amount_float
            if amount is not None and now is not None and was is not None and abs(now - amount) < 0.005 \
                    and was > amount:
                offer.regular_price = earlier
                break


#: the elements a price's own block can be (its sentence, list item, cell): a former price written there is its own
_BLOCKS = ("p", "li", "td", "dd", "div", "span", "section", "article")


def _former_beside(el: Any) -> str:
    """The former or list price written in the block a current price element sits in, beside it ("" when none):
    "Statt <s>949,00 €</s> jetzt nur <span class=price>849,00 €</span>" gives "949,00 €". The block is the price's
    nearest enclosing paragraph, list item, cell or division holding no other current price (so a listing of
    several products never lends one product's former price to another)."""
    block = el.getparent()
    while block is not None and block.tag not in _BLOCKS:
        block = block.getparent()
    if block is None or block.tag in ("body", "html"):
        return ""
    others = [p for p in block.xpath(_PRICE_CHILD)
              if p is not el and not p.xpath(_PRICE_CHILD)
              and not (p.tag in ("del", "s", "strike") or p.xpath("ancestor::del|ancestor::s|ancestor::strike")
                       or _OLD_PRICE_CLASS.search(str(p.get("class", "")) + " " + str(p.get("id", ""))))]
    if others:
        return ""
    _, former = _unstruck(block)
    return former[0] if former else ""


#: currency signs written next to an amount (a character class's contents)
SIGNS = "€$£¥₹₽₩₺₫฿₪₴₱₦₨円元"
#: an amount's digits: thousands written with ".", ",", "'", "’" or a (thin, no-break) space, a Swiss or Nordic
#: ".–" / ",-" for no cents ("1'299.–", "4 990,-", "1.299,00"); a space groups digits only between two digits, so
#: a comma and a space end the amount ("$219.00, 1-year warranty" is $219.00, not 21900.1)
_DIGITS = r"\d(?:[\d.,'’\u00a0\u202f]|(?<=\d)\s(?=\d)){0,16}(?:[.,]?[–—-]{1,2}(?![\d\w]))?"
#: an amount with its currency symbol or code written before or after it ("$599.99", "69,99 €", "EUR 249")
_AMOUNT = re.compile(rf"(?:[{SIGNS}]|\b[A-Z]{{3}}\b|R\$|kr\.?|Rs\.?)?\s?{_DIGITS}(?:\s?(?:[{SIGNS}]|\b[A-Z]{{3}}\b|"
                     r"kr\b\.?))?")
#: a former or list price written in text: its label and the amount ("was £69.99", "RRP: $599", "UVP 79 €")
_FORMER_AMOUNT = re.compile(r"\(?\b(?:was|list price|regular price|rrp|msrp|uvp|statt|anstatt|vorher|"
                            r"originally|before|instead of|compare at|avant|au lieu de|prix barré|antes|en lugar de|"
                            r"prima|invece di|prezzo di listino|eerder|adviesprijs)\b\s*:?\s*(?P<amount>"
                            + _AMOUNT.pattern + r")\)?", re.IGNORECASE)


#: a note a price element writes beside its amount that is no term of the price: availability, tax, delivery
#: ("In stock", "inkl. MwSt.", "incl. VAT, free delivery", "TTC", "auf Lager", "zzgl. Versand", "hors frais de port")
_PRICE_NOTE = re.compile(
    r"\b(?:(?:currently\s+|only\s+\d+\s+left\s+)?in stock|out of stock|available|sold out|"
    r"(?:incl|inkl|excl|exkl|zzgl)\.?\s*(?:of\s+)?(?:vat|tax(?:es)?|mwst|ust|gst|btw)\.?|"
    r"(?:including|excluding|plus|inclusive of)\s+(?:vat|tax(?:es)?|gst)|ttc|iva incluid[ao]|iva inclusa|"
    r"(?:zzgl|plus|excl|exkl|excluding|hors)\.?\s*(?:frais de\s+)?(?:versand(?:kosten)?|shipping|delivery|porto|port)|"
    r"(?:free|kostenloser?|gratis)\s+(?:delivery|shipping|returns|versand|lieferung)|(?:delivery|shipping) (?:included|free)|"
    r"auf lager|lieferbar|en stock|disponible|disponibile|op voorraad)(?!\w)", re.IGNORECASE)


def _amount_paid(text: str) -> str:
    """The amount, as written, of a price element's text once its former price is cut out ("Statt jetzt nur
    2.199,00 €" -> "2.199,00 €", "Was now £29.00" -> "£29.00"): the labelled price (:func:`labelled_price`), else
    the one amount written with its currency; ``text`` itself when neither is found (the words left would not
    be found on the page to cite)."""
    labelled = labelled_price(text)
    if labelled is not None:
        return labelled.price
    amounts = [m.group(0).strip() for m in _AMOUNT.finditer(text)
               if re.search(r"\d", m.group(0)) and re.search(rf"[{SIGNS}]|[A-Z]{{3}}|R\$|kr|Rs", m.group(0))]
    return amounts[0] if len(amounts) == 1 else text


def _unstruck(el: Any) -> tuple[str, list[str]]:
    """The text of ``el`` without its former prices, and those former prices: an amount struck through
    (inside ``<s>``, ``<del>``, ``<strike>`` or an element whose class says old/was/list/RRP) or written after a
    former-price label ("was £69.99", "RRP $599") is a former price, not what is paid now."""
    former: list[str] = []
    copy = lxml.html.fromstring(lxml.html.tostring(el, with_tail=False))
    for old in copy.xpath(".//del|.//s|.//strike|.//*[@class or @id]"):
        if old.tag not in ("del", "s", "strike") and not _OLD_PRICE_CLASS.search(
                str(old.get("class", "")) + " " + str(old.get("id", ""))):
            continue
        if old.getparent() is None:
            continue
        written = _cell(old)
        if re.search(r"\d", written):
            former.append(written)
        old.drop_tree()
    text = _cell(copy)
    for m in _FORMER_AMOUNT.finditer(text):
        former.append(m.group("amount").strip())
    text = " ".join(_FORMER_AMOUNT.sub(" ", text).split())
    return text, former


#: a labelled price in text: a price label ("price", "our price", "Preis", "prix", "precio", "cost" ...), an
#: optional colon or "is/of/from", then the amount with what it is in ("Price: GCR 1,299", "Our price £1,049.99",
#: "Preis: 1.299,00 €", "Price: 180 Zorkmids")
_PRICE_LABEL = re.compile(
    r"(?<![\w-])((?:(?:our|sale|current|special|today'?s|your|unser|unsere?r?|notre|nuestro|nosso|now|only)\s+)?"
    r"(?:price|prices|preis|prix|precio|preço|preco|prezzo|pris|prijs|cena|cijena|hinta|kaina|fiyat|цена|ціна|"
    r"価格|价格|價格|giá|cost|costs|kosten|tarif|(?:sells?|retails?|is available|on sale|yours) for|priced at|"
    r"selling for|going for)|(?:(?<=[\s(])(?:now|nur|only|just)|^(?:now|jetzt))(?=\s+[^\s\d]{0,3}\s?\d))\s*(?P<colon>[:：–-]?)\s*"
    r"(?:(?:is|of|from|ab|nur|only|just|de|à partir de|a partir de)\s+)?"
    rf"(?P<value>(?:[^\s\d]{{1,12}}\s?)?{_DIGITS}(?:\s?(?:[^\W\d_]{{1,20}}\.?|[{SIGNS}]))?)", re.IGNORECASE)
#: labels of a former or list price (not what is paid now)
_FORMER_LABEL = re.compile(r"\b(was|list|regular|uvp|statt|anstatt|vorher|rrp|msrp|old|former|originally|before|"
                           r"instead of|compare at|avant|au lieu de|antes|en lugar de|prima|invece di|eerder)"
                           r"\s*$", re.IGNORECASE)
#: words a labelled price's amount may be followed by that are no currency ("Price: 349 Add to cart")
_NOT_CURRENCY = frozenset({"add", "buy", "in", "inc", "incl", "inkl", "excl", "exkl", "only", "each", "per", "with",
                           "plus", "tax", "vat", "free", "and", "or", "ttc", "ht", "now", "for", "at", "from", "to",
                           "the", "a", "an", "including", "excluding", "shipping", "delivery", "mwst", "zzgl", "was",
                           "is", "instead", "statt", "reduced"})


def labelled_price(text: str) -> PageOffer | None:
    """The first price ``text`` writes after a price label (see :data:`_PRICE_LABEL`; a former or list price,
    "was £99", is skipped) as an offer read from text (``key`` the label, ``price`` the amount as written with
    its currency, ``context`` the text); None when there is none."""
    text = " ".join(text.split())
    for m in _PRICE_LABEL.finditer(text):
        if _FORMER_LABEL.search(text[:m.start()]):
            continue
        value = m.group("value").strip()
        value = re.sub(r"(?<=\d)\.\s+[^\W\d_]{1,20}\.?$", "", value)  # "GCR 1,299. Battery ...": a new sentence
        tail = re.search(r"([^\W\d_]{1,20})\.?$", value)
        if tail is not None and tail.group(1).lower() in _NOT_CURRENCY:
            value = value[:tail.start()].strip()
        if not re.search(r"\d", value):
            continue
        if not m.group("colon") and Price.fromstring(value).currency is None:
            continue  # "costs 3 hours": without a colon, only an amount in a currency is a price
        return PageOffer(price=value.rstrip(" .,"), origin="text", key=m.group(1), context=text[:300])
    return None


#: sentences of a tester about its own test ("we tested", "in our lab", "price at the time of testing")
_TESTER_TEXT = re.compile(r"\b(we (?:have )?(?:tested|measured|reviewed)|"
                          # "in our test", "in our 30 °C / 80% RH chamber test": a few words of how it was tested
                          r"in our (?:[^\s.!?;]+ ){0,6}?(?:lab|labs|test|tests|testing|review)|"
                          r"our (?:verdict|test results?|testing|lab test)|at the time of (?:testing|review|writing)|"
                          r"wir haben [^.]{0,60} getestet|in unserem test|unser fazit|testergebnis|"
                          r"nous avons testé|notre verdict|hemos probado|abbiamo provato)\b", re.IGNORECASE)


#: a reviewer's label of its closing judgement, wherever it stands ("Verdict:", "Our verdict:", "Bottom line:", "Unser Fazit:",
#: "Testurteil:", "Notre verdict :", "Nuestro veredicto:", "Il nostro verdetto:", "Ons oordeel:")
VERDICT_LABEL = re.compile(
    r"(?<!\w)(?:(?:our|the|final|unser|unseres|das|notre|le|nuestro|el|il nostro|il|ons|het)\s+)?"
    r"(?:verdict|bottom line|conclusion|fazit|urteil|testurteil|veredicto|conclusi[oó]n|verdetto|conclusione|"
    r"oordeel|conclusie|eindoordeel)\s*[:\-–—]\s*", re.IGNORECASE)
#: a reviewer naming a product its pick or recommendation ("is our pick", "our top pick", "our best overall pick",
#: "the best choice", "the top pick", "Editor's choice", "Editors' pick", "ist unser Testsieger", "unsere Empfehlung",
#: "Kauftipp", "notre choix", "notre coup de cœur", "nous recommandons", "nuestra elección", "la nostra scelta",
#: "onze keuze", "testwinnaar"); a pick of a kind of buyer ("our budget pick", "the best value choice") is none
PICK = re.compile(
    r"\b(?:(?:our|my)\s+(?:(?:top|clear|overall|first|best|absolute|outright|favou?rite)\s+){0,3}"
    r"(?:pick|choice|favou?rite|recommendation|winner)|"
    r"the\s+(?:(?:top|clear|overall|best|absolute|outright)\s+){1,3}(?:pick|choice|option)|"
    r"editor'?s'?\s+(?:choice|pick)|best\s+buy|we\s+(?:would\s+|strongly\s+|can\s+)?recommend|"
    # "Best overall" as a verdict of its own (a results table's cell, "The X is best overall."), never "best overall
    # battery life"
    r"best\s+overall(?=\s*(?:[.;:,)!–—]|\s-\s|$))|overall\s+winner|"
    # "... is the best cordless drill under $200 for home DIY", "the best kettle we tested": a product kind named
    # between "the best" and the budget, use or test it is best for (never "the best part of", "the best known")
    r"the\s+best\s+(?!(?:part|way|thing|things|time|place|known|selling|value)\b)(?:[a-z][\w-]*\s+){1,3}?"
    r"(?:for|under|below|we(?:'ve|\s+have)?\s+tested|on\s+the\s+market|you\s+can\s+buy)|"
    r"(?:unser|unsere|unseren|unserem)\s+(?:klarer?\s+|klaren\s+)?(?:testsieger|favoriten?|empfehlung|kauftipp|tipp|wahl)|"
    r"testsieger|kauftipp|wir\s+empfehlen|"
    r"notre\s+(?:choix|pr[ée]f[ée]r[ée]e?|coup\s+de\s+c(?:œ|oe)ur|recommandation|favori)|nous\s+recommandons|"
    r"(?:nuestr[oa])\s+(?:elecci[oó]n|favorit[oa]|recomendaci[oó]n)|recomendamos|"
    r"(?:la\s+nostra|il\s+nostro)\s+(?:scelta|preferit[oa]|consiglio)|consigliamo|"
    r"onze\s+(?:keuze|favoriet|aanrader|testwinnaar)|testwinnaar|aanrader)\b",
    re.IGNORECASE)
#: a negation before a pick phrase in its clause ("is not our pick", "nicht unser Testsieger", "we cannot
#: recommend", "ne ... pas notre choix")
_NOT_PICK = re.compile(r"\b(?:not|never|no longer|n't|cannot|can't|nicht|kein\w*|nie|ne|n'|pas|jamais|no|nunca|"
                       r"non|mai|niet|geen|nooit)\b[^.;,]{0,40}$", re.IGNORECASE)


def reviewer_pick(sentence: str) -> re.Match[str] | None:
    """The words of ``sentence`` that name something a reviewer's pick or recommendation (:data:`PICK`: "is our
    pick", "ist unser Testsieger", "notre choix"), or None, also when a negation stands before them in their clause
    ("is not our pick", "ist nicht unser Testsieger"), or when the sentence is a question ("Which is the best
    choice?")."""
    if sentence.rstrip().endswith("?"):
        return None
    for m in PICK.finditer(sentence):
        if not _NOT_PICK.search(sentence[:m.start()]):
            return m
    return None


def is_pick(text: str) -> bool:
    """Whether ``text`` (a review's praise: a sentence, or a results table's verdict cell) names its product a
    reviewer's pick: :func:`reviewer_pick` finds pick words in it, or it is, whole, a pick in any language of the
    verdict words' table ("Best overall", "Testsieger", "Meilleur choix": ``verdict_words.cell_says`` "pick")."""
    return reviewer_pick(text) is not None or cell_says(text, "pick")


def review_page(page: Page, tree: Any, reviewed: bool = False) -> str:
    """Why ``page`` is a review or test of a product rather than a page that sells it ("" when nothing says so):
    a schema.org ``Review`` as its main item (``reviewed``), a title or ``<h1>`` that names a review or test
    ("Lumo R5 review - Test Lab", "Nimbo K3 im Test"), or a tester's words about its own test ("we tested",
    "price at the time of testing") on a page with no add-to-cart control. A price such a page writes is a price
    it mentions; the reviewer is never a merchant. A page with an add-to-cart control and a schema.org Offer sells,
    whatever its title says ("Sony WH-1000XM5 | Reviews & Prices | Shop")."""
    controls = " ".join(tree.xpath("//body//text()|//body//input/@value"))
    if _CART.search(controls) and any(p.offers for p in page.products):
        return ""
    for label, written in (("title", page.title), ("heading", page.heading)):
        m = REVIEW_TITLE_RE.search(written or "")
        if m:
            return f"its {label} says {m.group(0)!r}"
    if reviewed:
        return "its structured data is a schema.org Review"
    body = " ".join(tree.xpath("//body//text()"))
    m = _TESTER_TEXT.search(body)
    if m and not _CART.search(controls):
        return f"it says {m.group(0)!r}"
    return ""


#: words of a control that puts the product in a cart (a page that sells it)
_CART = re.compile(r"\b(add to (?:cart|basket|bag)|in den (?:warenkorb|einkaufswagen)|ajouter au panier|"
                   r"añadir al carrito|in winkelwagen|aggiungi al carrello|checkout)\b", re.IGNORECASE)


#: words of a control or text that say a page sells the product ("Add to cart", "In den Warenkorb", "Buy now")
_SHOP_SIGNS = re.compile(r"\b(add to (?:cart|basket|bag)|in den (?:warenkorb|einkaufswagen)|ajouter au panier|"
                         r"añadir al carrito|buy (?:it )?now|in winkelwagen|aggiungi al carrello|notify me|"
                         r"out of stock|in stock|checkout)\b", re.IGNORECASE)


def _read_review_text(tree: Any, page: Page) -> None:
    """Pros and cons lists under headings that say so, and ratings written "4.5/5" or "8 out of 10", or as a German
    school grade (:func:`school_grade`: "Note: 1,7", "Testnote gut (2,1)"), whose scale is kept as best-worst
    ("1-6") in place of the best rating."""
    for heading in tree.xpath("//h2|//h3|//h4|//strong|//p[b]"):
        title = _cell(heading)
        target = page.review_lists[0] if _PROS.match(title) else page.review_lists[1] if _CONS.match(title) else None
        if target is None:
            continue
        following = heading.getnext()
        if following is None and heading.getparent() is not None:
            following = heading.getparent().getnext()
        if following is not None and following.tag in ("ul", "ol"):
            items = [t for t in (_cell(li) for li in following.xpath("./li")) if t]
            target.extend(items)
            mine = page.section_reviews.setdefault(_section(heading), ([], []))
            mine[0 if _PROS.match(title) else 1].extend(items)
    if not page.review_lists[0] and not page.review_lists[1]:
        for block in tree.xpath("//p|//li|//div[not(.//p|.//div|.//li)]"):  # "Pros: cheap, sturdy. Cons: loud."
            text = _cell(block)
            for m in _INLINE_NOTES.finditer(text):
                cons = _CONS.match(m.group(1)) is not None
                items = [t.strip(" .") for t in re.split(r"[,;]\s*", m.group(2)) if t.strip(" .")]
                (page.review_lists[1] if cons else page.review_lists[0]).extend(items)
                page.section_reviews.setdefault(_section(block), ([], []))[int(cons)].extend(items)
    texts = tree.xpath("//body//text()")
    for i, text in enumerate(texts):
        owner = text.getparent() if hasattr(text, "getparent") else None
        # a German school grade (1 best): its own scale, never a rating out of 5 or 10; a label and its grade may be
        # two cells ("<td>Testnote</td><td>gut (2,1)</td>")
        said = str(text)
        if i + 1 < len(texts) and GRADE.fullmatch(said.strip() + " 1") is not None:
            said = f"{said.strip()} {str(texts[i + 1]).strip()}"
        found = school_grade(said, page.lang)
        if found is not None:
            m, grade, scale = found
            page.ratings.append((grade, scale))
            page.rating_context.append(said[max(0, m.start() - 200):m.start()])
            page.rating_sections.append(_section(owner) if owner is not None else "")
            page.rating_after.append(re.split(r"[.!?;](?:\s|$)", said[m.end():m.end() + 200])[0])
            continue
        # a rating in a results table's cell ("Inkora LP-40 | 8.9/10 | ..."): its row's cells before it say whose
        row = " ".join(_cell(c) for c in reversed(list(owner.itersiblings(preceding=True))))[-200:] + " " \
            if owner is not None and owner.tag in ("td", "th") else ""
        for m in _RATING.finditer(str(text)):
            page.ratings.append((m.group(1).replace(",", "."), m.group(2)))
            page.rating_context.append(row + str(text)[max(0, m.start() - 200):m.start()])
            page.rating_sections.append(_section(owner) if owner is not None else "")
            page.rating_after.append(re.split(r"[.!?;](?:\s|$)", str(text)[m.end():m.end() + 200])[0])


#: words reporting a product's fault or failure (its own, not a comparison): it broke, stopped working, leaks,
#: cracked, died, felt flimsy, feels cheap or is cheaply made, smells of plastic, overheats, rusts, jammed ...
#: (English, German, French, Spanish, Italian). A product that "is cheap" or "was cheap" is praised for its price:
#: cheap is a fault only of how it feels, looks or is made ("feels cheap", "cheaply made", "cheap plastic")
_FAULT = re.compile(
    r"\b(?:stopped (?:working|heating|charging|turning on|switching on|boiling|holding a charge)|stops working|"
    r"quit working|broke|breaks|broken|cracked|cracks|leak(?:s|ed|ing|y)?|died|dies|failed|fails|"
    r"(?:felt|feels|is|was|seems?) (?:flimsy|loose|fragile)|(?:felt|feels?|seems?|seemed|looks?|looked) cheap\b|"
    r"cheap(?:ly)?[- ](?:made|built|constructed|assembled|feeling|looking|plastic|materials?|construction|build)|"
    r"billig (?:verarbeitet|gemacht)|wirkt billig|fühlt sich billig an|flimsy|rattl(?:es|ed|ing)|overheat(?:s|ed|ing)?|"
    r"rust(?:s|ed|ing|y)?|smell(?:s|ed)? (?:of|like)|peel(?:s|ed|ing)|wobbl(?:es|ed|y)|came loose|fell off|"
    r"(?:is|was|arrived) (?:defective|faulty|dead)|defect|kaputt|ging kaputt|gebrochen|undicht|rostet|"
    r"tombé en panne|tombe en panne|cassé|fuit|se rompió|dejó de funcionar|gotea|si è rotto|ha smesso di funzionare|"
    r"perde|jammed|jamming|jams up|(?:paper|label|media|feed) jams?|"
    # a device that hangs or will not start: "froze mid-page", "keeps freezing", "got stuck on the boot logo",
    # "boot loop", "the app crashed", "won't turn on"
    r"froze|freezes|(?:keeps|kept) freezing|freezing up|crash(?:es|ed)|(?:gets|got|is|was|stays|stayed) stuck|"
    r"boot[- ]?loops?|bricked|(?:won'?t|will not|wouldn'?t|would not|does not|doesn'?t|did not|didn'?t) "
    r"(?:turn on|start up|boot|power on|switch on))\b", re.IGNORECASE)
#: the fault words, for callers reading what else a fault report says (the part that failed)
FAULT_WORDS = _FAULT
#: a negation before a fault word in its clause ("never leaked", "no rust", "hasn't broken", "ohne zu rosten")
_NOT_FAULT = re.compile(r"(?:\b(?:no|not|never|without|nor|none|nothing|neither|kein\w*|nicht|nie|ohne|"
                        r"pas|jamais|sans|nunca|sin|non|mai|senza)|n't)\b[^.;,!?]{0,30}$", re.IGNORECASE)


#: a forum post's byline opening its first sentence ("Posted by hikerjo: My ...", "Reply by tentpeg: ...", "marta
#: wrote: ..."): who wrote it, not what broke
_BYLINE = re.compile(r"^(?:(?:(?:posted|reply|replied|answered|commented|review)\s+by\s+[^:.!?]{1,40}|"
                     r"[^\s:.!?]{1,40}\s+(?:wrote|said|says|writes))\s*:\s*|"
                     # "inkfan22 · Nov 3, 2026 My ...": a post's author and date before its text
                     r"[^\s:!?]{1,40}\s+[·•|–—-]\s+(?:[^\W\d_]{3,9}\.?\s+\d{1,2},?\s+\d{4}|\d{4}-\d\d-\d\d|"
                     r"\d{1,2}[./]\d{1,2}[./]\d{2,4})\s+)", re.IGNORECASE)


def complaints(text: str) -> list[str]:
    """The sentences of ``text`` reporting a product's fault or failure (:data:`_FAULT`, not negated in its clause:
    "It never leaked" is none; not a question: "Has anyone's kettle leaked?"), as written without the closing
    mark and a forum post's byline ("Posted by hikerjo: "), each at most 240 characters, in order, each once."""
    from shared.text.tokens import split_sentences

    out: list[str] = []
    for found in split_sentences(" ".join(text.split())):
        sentence = found.text
        if not sentence or len(sentence) > 240 or sentence.endswith("?"):
            continue
        hit = next((m for m in _FAULT.finditer(sentence) if not _NOT_FAULT.search(sentence[:m.start()])), None)
        said = _BYLINE.sub("", sentence).rstrip(" .!")
        if hit is not None and said not in out:
            out.append(said)
    return out


#: advice to avoid a product in a case: "Avoid the X if you cook in wind", "Skip the X when ...", "Steer clear of
#: the X if ...", "Give the X a miss if ..." (the case runs to the clause's end)
_AVOID = re.compile(r"^(?:avoid|skip|steer clear of|pass on|give)\s+(?P<what>.{2,80}?)\s+(?:a miss\s+)?"
                    r"(?:if|when)\s+(?P<case>[^:;,.!?]{3,80})", re.IGNORECASE)


def avoid_advice(text: str) -> list[tuple[str, str]]:
    """The sentences of ``text`` advising to avoid something in a case (:data:`_AVOID`), each with the case as
    written after "if" or "when" ("Avoid the Pikari Solo if you cook in wind: ..." -> "you cook in wind"), the
    sentence as written without the closing mark, at most 240 characters, not a question, in order, each once.
    Which product it names is the caller's to read."""
    from shared.text.tokens import split_sentences

    out: list[tuple[str, str]] = []
    for found in split_sentences(" ".join(text.split())):
        sentence = found.text
        m = _AVOID.match(sentence)
        if m is None or len(sentence) > 240 or sentence.endswith("?"):
            continue
        said = sentence.rstrip(" .!")
        if all(said != s for s, _ in out):
            out.append((said, m.group("case").strip()))
    return out


#: a verdict on whether a thing is worth buying: "worth it", "worth buying", "worth the money / price / upgrade",
#: "worth every penny"; one word may qualify what it costs ("worth the extra money", "worth the asking price")
_WORTH = re.compile(r"\bworth\s+(?:it|buying|getting|(?:the|its|every|each)\s+(?:[a-z]+\s+)?(?:money|price|cost|penny|"
                    r"cent|upgrade|extra|premium))\b", re.IGNORECASE)
#: a negation in the clause before "worth" ("is not worth", "isn't really worth", "is hardly worth", "no longer")
_NOT_WORTH = re.compile(r"(?:\b(?:not|never|hardly|barely|scarcely|no\s+longer)|n['’]t)\s+(?:\w+\s+){0,2}$",
                        re.IGNORECASE)
#: a verdict's one case: "worth it only if / when / for ...", "only worth it if ...", "not worth it unless ..."
_ONLY_CASE = re.compile(r"^(?:\s+only)?\s+(?:(?P<only>if|when|for)|(?P<unless>unless))\s+(?P<case>[^.;:!?]{3,100})",
                        re.IGNORECASE)
#: the clause before "worth" asks or supposes rather than judges ("whether it is worth it", "if it's worth the
#: money", "to decide if ...")
_WORTH_ASKED = re.compile(r"\b(?:whether|if|wonder\w*|ask\w*|decide)\b[^,;:]*$", re.IGNORECASE)


def worth_verdicts(text: str) -> list[WorthVerdict]:
    """The sentences of ``text`` (a page's prose) judging whether something is worth buying (:data:`_WORTH`), each
    as a :class:`WorthVerdict`: "only" when the judgement holds in one case ("worth it only if ...", "only worth it
    when ...", "not worth it unless ..."), "no" when negated in its clause ("is not worth it for reading novels"),
    else "yes". Never a question, nor a clause that asks or supposes it ("to decide whether it is worth it"); at most
    240 characters; in order, each once. Which product it judges is the caller's to read (named before ``at``, or the
    subject of ``before`` for a sentence opening with a pronoun)."""
    from shared.text.tokens import split_sentences

    out: list[WorthVerdict] = []
    before = ""
    for found in split_sentences(" ".join(text.split())):
        sentence = found.text.strip()
        said, previous, before = sentence.rstrip(" .!"), before, sentence
        m = _WORTH.search(sentence)
        if m is None or len(sentence) > 240 or sentence.endswith("?") or any(v.sentence == said for v in out):
            continue
        clause = re.split(r"[,;:]", sentence[:m.start()])[-1]
        only_before = re.search(r"\bonly\s+$", clause, re.IGNORECASE)
        if _WORTH_ASKED.search(clause):
            continue
        case = _ONLY_CASE.match(sentence[m.end():])
        if case is not None and not (case.group("unless") or only_before or sentence[m.end():].lstrip().lower()
                                     .startswith("only")):
            case = None  # "worth it for reading novels" names a use, no condition
        negated = _NOT_WORTH.search(clause) is not None
        if case is not None and (negated == bool(case.group("unless"))):
            words = f"{'if' if case.group('unless') else case.group('only').lower()} {case.group('case').strip()}"
            out.append(WorthVerdict(said, "only", words, m.start(), previous.rstrip(" .!")))
        else:
            out.append(WorthVerdict(said, "no" if negated else "yes", "", m.start(), previous.rstrip(" .!")))
    return out


#: what may stand before "worth" in a verdict with no subject ("Not worth the extra money", "Really worth it")
_SUBJECTLESS = re.compile(r"^\W*(?:(?:not|never|hardly|barely|scarcely|only|really|truly|well|definitely|absolutely|"
                          r"still|no\s+longer)\s+)*$", re.IGNORECASE)


def worth_cells(tree: Any) -> list[WorthVerdict]:
    """The verdicts on whether a product is worth buying that a table's row gives in a cell with no subject of its
    own (:meth:`WorthVerdict.subjectless`: a test's verdict column, "Sonic X | 8.6/10 | Not worth the extra money"),
    each read as :func:`worth_verdicts` reads a sentence, or a cell that says, whole, that the product costs more
    than it gives (:func:`~services.domain_shopping.verdict_words.cell_says` "overpriced", in any language of its
    table: "Overpriced", "Poor value", "Zu teuer", "Trop cher": "no"), with ``before`` the
    row's first cell (the product it speaks of, for the caller to find) and ``cell`` True; in page order, each once."""
    out: list[WorthVerdict] = []
    for row in tree.xpath("//table//tr"):
        cells = [_cell(c) for c in row.xpath("./th|./td")]
        if len(cells) < 2 or not cells[0]:
            continue
        for cell in cells[1:]:
            said = cell.strip(" .!")
            found = [WorthVerdict(said, "no", "", 0)] if cell_says(said, "overpriced", case=True) \
                else worth_verdicts(cell)
            out += [v for v in (WorthVerdict(v.sentence, v.stance, v.case, v.at, cells[0], True) for v in found
                                if v.subjectless()) if v not in out]
    return out


#: what a sentence says a product cannot do: "cannot", "can't", "is unable to", "is not able to", "not suitable
#: for", "unsuited to", "is not meant for", "isn't designed to", "too narrow for" (an adjective of a limit before
#: "for" or "to"); never praise that only
#: reads so ("can't be beaten", "cannot go wrong", "can't recommend it enough")
_CANNOT = re.compile(
    r"\b(?:cannot|can ?not|can't|can’t|(?:is|are|was|were)\s+unable\s+to|unable\s+to|(?:is|are)(?:\s+not|n't)\s+able"
    r"\s+to|not\s+suit(?:able|ed)\s+(?:for|to)|unsuit(?:able|ed)\s+(?:for|to)|"
    # "is not meant for drilling brick", "isn't designed to cut metal", "not intended for outdoor use"
    r"(?:not|never|(?:is|are|was|were)n['’]t)\s+(?:(?:really|ever)\s+)?(?:meant|designed|made|intended|built|rated)\s+(?:for|to)|too\s+(?:narrow|small|short|slow|weak|"
    r"heavy|big|bulky|large|wide|thick|thin|loud|noisy|low|high|long|flimsy|underpowered|fragile)\s+(?:for|to))"
    r"(?!\s+(?:be\s+beaten|be\s+bettered|go\s+wrong|fault|recommend|praise|wait|get\s+enough|say\s+enough|"
    r"complain|believe|imagine))", re.IGNORECASE)


#: the words of a verdict to avoid a product in a heading, in any language of the verdict words' table ("Avoid",
#: "Skip it", "Not recommended", "Finger weg", "Nicht empfehlenswert", "À éviter")
_AVOID_WORDS = words("avoid")
#: a heading that is a verdict to avoid a product ("Avoid: Labelo Mini 2", "Skip it - Tapeline X", "Not recommended:
#: ...", "Don't buy: ...", "Finger weg: ...", "À éviter : ..."), the product after the mark, or before it ("Labelo
#: Mini 2: avoid", a test's section on it)
_AVOID_HEADING = re.compile(rf"^(?:{_AVOID_WORDS}\s*[:–—-]\s*(?P<what>\S.{{1,80}})|(?P<named>\S.{{1,80}}?)\s*[:–—-]\s*"
                            rf"{_AVOID_WORDS})$", re.IGNORECASE)
#: a sentence that is a verdict to avoid a product outright: "Avoid the X.", "Skip the X.", "Steer clear of the X.",
#: "Don't buy the X.", "We do not recommend the X." (the whole sentence: "Avoid the X if you cook in wind" is advice
#: for a case, :func:`avoid_advice`)
_AVOID_SENTENCE = re.compile(r"^(?:avoid|skip|steer clear of|don'?t buy|do not buy|(?:we\s+)?(?:do not|don'?t|cannot|"
                             r"can'?t|would not|wouldn'?t)\s+recommend)\s+(?P<what>(?:(?!\b(?:if|when|unless|for|to)\b)[^,;:!?]){2,60}?)[.!]?$",
                             re.IGNORECASE)


#: the reasons kept after a verdict to avoid a product: its paragraph's sentences after it, at most this many
AVOID_REASONS = 3


def _reasons(sentences: list[str]) -> str:
    """The reasons a verdict to avoid a product gives (:func:`avoid_verdicts`): the first :data:`AVOID_REASONS` of
    ``sentences`` (those after the verdict in its paragraph, as written), without a first one that only says the
    verdict again ("Avoid the Folio Vela 6." under "Avoid: Folio Vela 6"), stopping at one over 240 characters
    or at another verdict or advice to avoid ("Avoid the Vessa K7 if you print in the cold."); "" when none."""
    kept: list[str] = []
    for i, sentence in enumerate(sentences):
        split = _avoid_sentence(sentence)
        verdict = split is not None
        if i == 0 and split is not None:
            if split[1]:  # "Avoid the X: it jammed twice." under "X: avoid": the reason after the colon
                kept.append(split[1])
            continue
        if len(sentence) > 240 or len(kept) == AVOID_REASONS or verdict or _AVOID.match(sentence):
            break
        kept.append(sentence)
    return " ".join(kept)


def _avoid_sentence(sentence: str) -> tuple[str, str] | None:
    """``sentence`` as a verdict to avoid a product outright (:data:`_AVOID_SENTENCE`), whole ("Skip the Tapeline
    X.") or with its reasons after a colon ("Avoid the Tapeline X: it jammed on 7 of 20 rolls."): (the verdict
    without its closing mark, the reasons after the colon or ""); None when it is none, or advice for a case
    ("Avoid the X: if you print in the cold ...", :data:`_AVOID`)."""
    if _AVOID_SENTENCE.match(sentence):
        return sentence.rstrip(" .!"), ""
    head, colon, tail = sentence.partition(": ")
    if colon and tail.strip() and _AVOID_SENTENCE.match(head) and not _AVOID.match(sentence):
        return head.rstrip(" .!"), tail.strip()
    return None


def avoid_verdicts(tree: Any) -> list[tuple[str, str]]:
    """A review's verdicts to avoid a product outright, in no case (:data:`_AVOID_HEADING`: a heading "Avoid: Labelo
    Mini 2" or "Labelo Mini 2: avoid", with the sentences of the paragraph under it; :func:`_avoid_sentence`: a
    sentence "Skip the Tapeline X.", with the sentences after it in its paragraph, or "Avoid the Tapeline X: it
    jammed ...", with its own reasons first), each (the verdict as written, its reasons: those sentences
    by :func:`_reasons`, or ""), in order, each once. Which product it names is the caller's to read."""
    from shared.text.tokens import split_sentences

    out: list[tuple[str, str]] = []
    under: list[Any] = []  # the paragraphs under an avoid heading: their verdict sentence is the heading's
    for heading in tree.xpath("//h2|//h3|//h4"):
        title = _cell(heading)
        if _AVOID_HEADING.match(title) is None:
            continue
        following = heading.getnext()
        sentences = split_sentences(_cell(following)) if following is not None and following.tag in ("p", "div") \
            else []
        under.append(following)
        if all(title != t for t, _ in out):
            out.append((title, _reasons([x.text.strip() for x in sentences])))
    for block in tree.xpath("//body//p|//body//li"):
        said = [found.text.strip() for found in split_sentences(_cell(block))]
        for i, sentence in enumerate(said):
            split = _avoid_sentence(sentence)
            if split is not None and not (i == 0 and any(block is b for b in under)) \
                    and all(split[0] != t for t, _ in out):
                reasons = _reasons(said[i + 1:])
                out.append((split[0], f"{split[1]} {reasons}".strip()))
    return out


def limitations(text: str) -> list[tuple[str, int]]:
    """The sentences of ``text`` saying something cannot be done (:data:`_CANNOT`: "It cannot print 4x6 shipping
    labels because ..."), each as written without the closing mark with the offset of its first cue, at most 240
    characters, not a question, in order, each once. Which product and which use it concerns is the caller's to
    read."""
    from shared.text.tokens import split_sentences

    out: list[tuple[str, int]] = []
    for found in split_sentences(" ".join(text.split())):
        sentence = found.text.rstrip(" .!")
        m = _CANNOT.search(sentence)
        if m is None or len(sentence) > 240 or sentence.endswith("?") or any(s == sentence for s, _ in out):
            continue
        out.append((sentence, m.start()))
    return out


def sponsored(tree: Any) -> str:
    """Why the page is sponsored or affiliate content ("" when nothing says so): a disclosure sentence,
    ``rel="sponsored"`` links, or links with affiliate parameters or redirectors."""
    body = " ".join(tree.xpath("//body//text()"))
    disclosure = _DISCLOSURE.search(body)
    if disclosure:
        return f"disclosure: {disclosure.group(0)!r}"
    # rel is a token list, its tokens case-insensitive: rel="sponsored", "nofollow sponsored", "Sponsored noopener"
    rels = tree.xpath("//a[contains(concat(' ', translate(normalize-space(@rel), 'SPONRED', 'sponred'), ' '), "
                      "' sponsored ')]")
    if rels:
        return f'{len(rels)} rel="sponsored" link(s)'
    affiliate = [h for h in tree.xpath("//a/@href") if _AFFILIATE_HREF.search(str(h))]
    if affiliate:
        return f"{len(affiliate)} affiliate link(s), e.g. {str(affiliate[0])[:80]}"
    return ""
