"""The shopping analysis without a model: from the run's fetched pages (their HTML and text) to candidate
products, a spec matrix, offers, reviews, and the report sections (verdicts, spec matrix, offers, reviews).

Every figure cites the exact span it was read from: the run source's stored text when the figure is there (key
and value close together), else the page's stored HTML (a JSON-LD or microdata value), which becomes a domain
source of its own ("<title> (page markup)"). A figure whose span cannot be found is left out, never shown
uncited.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from difflib import SequenceMatcher
from functools import lru_cache, partial
from typing import Any
from uuid import UUID, uuid5

from price_parser import Price

from services.domain_shopping.attributes import (
    LEXICON,
    asked_way,
    attribute_verb_at,
    attribute_verb_before,
    canonical_name,
    endurance_asked,
    expand_abbreviations,
    fold,
    initialism_of,
    lookup,
    named_in,
    read_by_unit,
    read_measured,
    read_prose,
    said_way,
    says_measured,
    use_asks,
)
from services.domain_shopping.attributes import direction as better_way
from services.domain_shopping.attributes import why as why_better
from services.domain_shopping.currency import candidates, currency_of, territories
from services.domain_shopping.pages import (
    CONDITION_WORDS,
    FAULT_WORDS,
    SIGNS,
    VERDICT_LABEL,
    Page,
    PageOffer,
    PageProduct,
    Spec,
    WorthVerdict,
    condition_pattern,
    is_pick,
    read_page,
    reviewer_pick,
)
from services.domain_shopping.rates import Rates, RatesError, load_rates
from services.domain_shopping.units import (
    LEVEL,
    Quantity,
    amount_with_unit,
    in_unit,
    kind_of,
    metric_rescale,
    per_day_scale,
    read_quantity,
    same_amount,
    shown_amount,
    speed_scale,
    stated_precision,
    unit_asked,
    unit_written,
)
from shared.evidence import POST_KINDS, domain_claim_id
from shared.report import override_misfit
from shared.settings import DomainShoppingSettings
from shared.text.buying import (
    AVOID_ANSWER,
    CHEAPEST_ANSWER,
    NO_BUDGET_ANSWER,
    RANKING_RE,
    SOURCE_PICK_ANSWER,
    asks_to_buy,
)
from shared.text.spelling import spellings
from shared.text.synonyms import snowball_stem
from shared.text.terms import VARIANT_MARKS, generation_mark, model_asked_about, other_model_after
from shared.text.tokens import is_stopword, split_sentences, tokenize
from shared.units import SAME_VALUE_TOLERANCE, decimal_mark, english_symbol, foreign_unit, one_value

#: schema.org unitCode -> how it is written after a value
UNIT_SYMBOLS = {"GRM": "g", "KGM": "kg", "LBR": "lb", "ONZ": "oz", "HUR": "h", "MIN": "min", "SEC": "s",
                "MMT": "mm", "CMT": "cm", "MTR": "m", "INH": "in", "WTT": "W", "HTZ": "Hz", "ANN": "years",
                "MON": "months", "DAY": "days"}
MAX_PRODUCTS = 5
MAX_ATTRIBUTES = 8
#: the share a product gets on a figure no source gives for it (0 worst, 1 best)
MISSING_SHARE = 0.25
#: weight of a sponsored or affiliate review against an independent one, when the product has no independent evidence
#: (with it, a sponsored review weighs 0: :func:`discount_sponsored`)
SPONSORED_WEIGHT = 0.3
#: how far (characters) after its key a value may sit to be cited as that key's value
KEY_WINDOW = 320
_CURRENCY_WORDS = {"dollar": "USD", "dollars": "USD", "usd": "USD", "euro": "EUR", "euros": "EUR", "eur": "EUR",
                   "pound": "GBP", "pounds": "GBP", "gbp": "GBP", "yen": "JPY", "rupees": "INR"}
_BUDGET = re.compile(
    r"\b(?:under|below|less than|cheaper than|at most|max(?:imum)?|up to|no more than|within|budget(?: of)?|"
    r"unter|unterhalb von|bis zu|bis|höchstens|maximal|weniger als|budget von|moins de|sous|jusqu'à|au plus|"
    r"menos de|por debajo de|hasta|sotto|meno di|fino a|onder|minder dan|tot)\s*"
    # a minus sign after a space ("under -5 dollars", not "under-5s") or after the currency's ("under $-5")
    r"(?:(?<=\s)(?P<minus>[-−–])\s?)?"
    rf"(?P<pre>[A-Z]{{0,2}}\$|[{SIGNS}]|(?-i:[A-Z]{{3}})\s?|(?:usd|eur|gbp)\s?)?\s*(?(pre)(?P<minus_after>[-−–])?)"
    r"(?P<amount>\d[\d,.'’]*)\s*"
    rf"(?P<k>k\b)?\s*(?P<post>[{SIGNS}]|(?-i:[A-Z]{{3}}\b)|(?:usd|eur|gbp|dollars?|euros?|pounds?|kr)\b)?",
    re.IGNORECASE)
_AVAILABILITY = {"InStock": "in stock", "OutOfStock": "out of stock", "PreOrder": "pre-order",
                 "LimitedAvailability": "limited", "OnlineOnly": "online only", "InStoreOnly": "in store only",
                 "SoldOut": "sold out", "Discontinued": "discontinued", "BackOrder": "back-order"}
#: an offer's condition as its markup or a shop's field gives it ("RefurbishedCondition", "Used - like new", "Occasion"):
#: the words of :data:`services.domain_shopping.pages.CONDITION_WORDS` anywhere
_CONDITION = condition_pattern(bounded=False)
#: a condition of the goods a question or a title says in whole words (:data:`_CONDITION`'s: "a refurbished Zarro Trek
#: 5", "a new one", "Zarro Trek 5 (used)", "eine gebrauchte Zarro Trek 5"): refurbished, used, or new; no bare
#: "occasion" (a question's "for a special occasion")
_ASKED_CONDITION = condition_pattern(bounded=True, leave_out=frozenset({"occasion"}))
#: words in an attribute's name that say which way is better (the rest: by the kind of quantity)
_LOWER_BETTER = re.compile(r"\b(latency|delay|noise|loudness|thickness|price|cost|charging time|"
                           r"charge time|response time|input lag|power consumption|energy consumption|"
                           r"boot time|recharge time|"
                           # a time to get ready: shorter is better
                           r"(?:warm|heat|start|boot|spin|power|wake|set)[- ]?up time|(?:pre-?)?heating time|"
                           r"preheat time|ready time|start time|time to (?:warm|heat|boot|start|charge|get ready|"
                           r"be ready|focus)\w*)\b", re.IGNORECASE)
_HIGHER_BETTER = re.compile(r"\b(battery|life|playback|runtime|run time|warranty|capacity|storage|range|resolution|"
                            r"brightness|memory|ram|cancell?ation|rating|score|power output|waterproof|"
                            r"refresh rate|contrast|suction|speed|throughput|bandwidth|megapixels?|zoom|"
                            r"colou?r gamut|coverage|fps|frame rate)\b", re.IGNORECASE)
#: the time a product takes to finish an action it is bought for (a task done, not a time it keeps going: battery
#: life, run time, warranty): less is better whatever the product. "boil time", "brewing time", "drying time",
#: "time to boil", "cooking duration", "pitch time", "Kochzeit"; a name whose head is such an action and that ends
#: in a word of duration (the value must be a time, :func:`_better`)
_ACTION_TIME = re.compile(
    r"\b(?:boil|brew|cook|bak|roast|toast|grill|fry|steam|heat|warm|cool|chill|freez|defrost|thaw|dry|wash|rins|"
    r"charg|recharg|fill|refill|drain|empty|set[- ]?up|install|assembl|fold|unfold|pitch|inflat|deflat|pump|pair|"
    r"connect|sync|print|scan|transfer|download|upload|load|focus|grind|blend|froth|melt|cur|ready|process|"
    r"respon|deliver|ship|dispatch|clean[- ]?up|ventilat|pre-?heat)(?:e|es|s|ed|ing|t)?\w{0,3}[- ]?"
    r"(?:time|duration|period)\b|"
    r"\b(?:time|duration) (?:to|for) (?:a |the |full )?\w+|"
    r"\b\w*(?:koch|sied|brüh|trocken|trocknungs|lade|aufheiz|montage|aufbau)(?:zeit|dauer)\b|"
    r"\b(?:temps|durée|tiempo|tempo) de (?:cuisson|ébullition|séchage|charge|montage|cocción|ebullición|"
    r"secado|carga|montaje|cottura|ebollizione|asciugatura|ricarica|montaggio)\b",
    re.IGNORECASE)


@dataclass
class SourcePage:
    """One fetched run source: ids, address, title, stored text and HTML (None when not HTML) with their
    document hashes."""

    source_id: str
    url: str
    title: str
    text: str
    html: str | None
    html_sha256: str | None
    #: the title of the search result that found the page ("Brennix Beam 800 front light | Velomart"; "" when none
    #: did): names the site when the page itself does not (:func:`_merchant`)
    search_title: str = ""
    #: the source's kind as the run recorded it (``SourceFetched.provenance``: "forum", "blog", "review", ...; "" when
    #: unknown): a forum or blog post's figure gives way to another page's (:func:`_posts_given_way`)
    kind: str = ""


@dataclass
class Product:
    """A candidate product: display name, brand, model, spellings seen, pages naming it."""

    product_id: str
    name: str
    brand: str = ""
    model: str = ""
    aliases: list[str] = field(default_factory=list)
    source_ids: list[str] = field(default_factory=list)
    #: each spelling as written with the source that writes it (the display name is chosen from them:
    #: :func:`choose_names`)
    spellings: list[tuple[str, str]] = field(default_factory=list)


#: a product no page is about: what a page named last when that was a look-alike of a known product ("Tarvo K8 Pro"
#: on a page of the "Tarvo K8", :func:`look_alike`)
_LOOK_ALIKE = Product(product_id="", name="")

#: the note of an analysis that found no product in the run's sources
NO_PRODUCT = ("the shopping analysis found no product in the sources (no schema.org Product data, spec table or "
              "product page)")


@dataclass
class Analysis:
    """The whole shopping analysis of a run, as the contracts' JSON values (see ``contracts.events``)."""

    products: list[dict[str, Any]]
    attributes: list[str]
    cells: list[dict[str, Any]]
    conflicts: list[str]
    offers: list[dict[str, Any]]
    budget: float | None
    budget_currency: str | None
    reviews: list[dict[str, Any]]
    sections: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    notes: list[str]
    max_tier: str
    engine: str = "offline"
    degraded: bool = False
    #: every page found to be sponsored or affiliate content ({source_id, why}; its markup's domain source too, when
    #: a figure cites it), reviewed or not: the report never leads with it when independent evidence exists and
    #: marks it wherever it cites it
    sponsored_sources: list[dict[str, Any]] = field(default_factory=list)
    #: what backs the pick the verdicts open with, as far as the pages tell it (:func:`_sections`): {kind, subject,
    #: figures_agree, source_ids, compared}; the handler adds what the run's sources tell (``PickBacking``)
    pick: dict[str, Any] | None = None
    #: every page the analysis read as an independent review or test ({source_id, why}: :attr:`Page.review_why`,
    #: not sponsored; its markup's domain source too): the pages its Reviews section weighs 1 and its verdicts call
    #: "an independent reviewer", which the pick's backing counts as independent whatever the fetcher's guess
    review_sources: list[dict[str, Any]] = field(default_factory=list)


def compact(text: str) -> str:
    """Lower-case letters and digits only: "WH-1000XM5" and "wh 1000 xm5" -> "wh1000xm5"."""
    return re.sub(r"[^0-9a-z]", "", text.lower())


def read_budget(question: str) -> tuple[float | None, str | None]:
    """The budget a question states ("under $300", "below 250 EUR", "budget of £1.2k", "unter 400 €", "moins de
    300 €"): (amount, ISO currency or None when none is named); (None, None) without one. A number with a unit
    of measure after it and no currency is no budget ("under 21 kg"). An amount of zero or less is read, as
    written, only with a currency ("under -5 dollars", "under $-5", "below 0 EUR": a budget nothing can be bought
    under, :func:`unbuyable_budget`); without one it is no budget ("rated under -5", "under 0": a temperature)."""
    for m in _BUDGET.finditer(question):
        amount_text = m.group("amount").rstrip(".,")
        price = Price.fromstring(amount_text)
        if price.amount is None:
            continue
        amount = float(price.amount) * (1000 if m.group("k") else 1)
        if m.group("minus") or m.group("minus_after"):
            amount = -amount
        sign = (m.group("pre") or m.group("post") or "").strip()
        currency = _CURRENCY_WORDS.get(sign.lower()) or currency_of(sign)
        if amount <= 0 and not sign:
            continue
        if currency is None and not sign and not re.search(r"\b(under|below|budget|unter|sous|sotto|onder)\b",
                                                           m.group(0), re.I):
            continue
        if currency is None and not sign and _measure_follows(question[m.end():]):
            continue  # "under 21 kg", "below 45 dB": a requirement on a figure, not money
        return amount, currency
    return None, None


#: the opening of the verdicts when the question's budget is zero or less (:func:`unbuyable_budget`): "**No product
#: can be bought under -5 USD:** ..." (the synthesizer's lead opens with it)
NO_PURCHASE = "No product can be bought under"


def unbuyable_budget(budget: float | None) -> bool:
    """Whether a budget read from a question (:func:`read_budget`) is zero or less ("under -5 dollars", "under
    $0"): no product can be bought under it. False without a budget."""
    return budget is not None and budget <= 0


def _measure_follows(rest: str) -> bool:
    """Whether ``rest`` (the text after a number) opens with a unit of measure ("kg", "hours", "dB": a unit
    :func:`~services.domain_shopping.units.kind_of` knows that is no function word, so "a" and "in" are none)."""
    m = re.match(r"\s*([^\W\d_]+)", rest)
    return m is not None and not is_stopword(m.group(1).lower()) and bool(kind_of(m.group(1)))


#: typographic apostrophes and spaces in an amount, as price-parser reads them
_TYPOGRAPHIC = str.maketrans({"’": "'", "ʼ": "'", "\u00a0": " ", "\u202f": " ", "\u2009": " "})


def read_price(text: str, currency_hint: str = "", places: list[str] | None = None
               ) -> tuple[float | None, str | None, str]:
    """A price as written ("$1,299.00", "1.299,00 €", "EUR 249", "CHF 1'299.–", "R$ 2.499,00", "1.299 kr", "299")
    with ``price-parser``: (amount, ISO currency or None, what the currency was written as). The currency is read
    by :func:`services.domain_shopping.currency.currency_of`: a sign several currencies write ("kr", "Rs") is told
    apart by ``places``, the countries the page is for (:func:`~services.domain_shopping.currency.territories`).
    A currency that is no known ISO code or sign, or a shared sign the page's country does not settle, gives None
    with its spelling kept."""
    text = text.translate(_TYPOGRAPHIC)  # "1’299.–", "24 990 ₽" as price-parser reads them
    price = Price.fromstring(text, currency_hint=currency_hint or None)
    amount = float(price.amount) if price.amount is not None else None
    written = (price.currency or currency_hint or "").strip()
    if not written:
        left = re.sub(r"[\d.,'’\s–—-]+", " ", text).strip()
        written = left.split()[0] if left else ""
    return amount, currency_of(written, places), written


#: words a page title adds to a product's name ("... review", "... specifications", "... im Test", "... en test")
_TITLE_WORDS = re.compile(r"\s*\b(?:(?:im|en|au|al|nel|nella)\s+)?(review|reviews|reviewed|hands-on|specs|specifications|spec sheet|price|prices|"
                          r"deal|deals|test|tested|vs\.?.*|\(renewed\)|\(refurbished\)|renewed|refurbished)\b\s*$",
                          re.IGNORECASE)


#: words naming what kind of product a name is, in the languages of the attribute lexicon; a name ending in them
#: ("Bose QuietComfort 45 Kopfhörer", "Sony WH-1000XM5 Wireless Headphones") is the same product without them
_CATEGORY_NOUNS = (r"headphones?|headsets?|earbuds?|earphones?|keyboards?|monitors?|laptops?|notebooks?|speakers?|"
                   r"cameras?|smartphones?|phones?|tablets?|kopfhörer|ohrhörer|tastatur|lautsprecher|kamera|casque|"
                   r"casques|écouteurs|clavier|enceinte|auriculares|cascos|teclado|altavoz|cuffie|auricolari|"
                   r"tastiera|koptelefoon|oordopjes|toetsenbord")
_CATEGORY_WORDS = re.compile(rf"(?:wireless|bluetooth|noise|cancell?ing|noise-cancell?ing|over-ear|on-ear|in-ear|"
                             rf"true|kabellos|kabellose|mechanical|mechanische?|{_CATEGORY_NOUNS})", re.IGNORECASE)
#: the nouns of :data:`_CATEGORY_WORDS`: a shown name drops them ("Bose QuietComfort 45 Kopfhörer"), never an
#: adjective that may be part of the product's name ("Sennheiser Momentum 4 Wireless")
_CATEGORY_NOUN = re.compile(_CATEGORY_NOUNS, re.IGNORECASE)


def _merge_keys(name: str, brand: str) -> set[str]:
    """The spellings a name matches: letters and digits only, without the brand, and with each CamelCase word
    also as its initials ("Bose QuietComfort 45" -> "quietcomfort45", "qc45"). Condition and rental words are
    no part of them ("Hushling Pro (Renewed)" is a spelling of the Hushling Pro: :data:`_CONDITION_WORDS`)."""
    name = " ".join(_CONDITION_WORDS.sub(" ", name).split()) or name
    name = _TITLE_WORDS.sub("", _TITLE_WORDS.sub("", name)).strip()
    words = name.split()
    while len(words) > 2 and _CATEGORY_WORDS.fullmatch(words[-1]):  # "Bose QuietComfort 45 Kopfhörer"
        words = words[:-1]
    name = " ".join(words)
    b = compact(brand)
    variants = {compact(name)}
    initials = [("".join(ch for ch in w if ch.isupper()) if sum(ch.isupper() for ch in w) >= 2 and
                 not w.isupper() else w) for w in words]
    variants.add(compact(" ".join(initials)))
    out = set()
    for key in variants:
        while b and key.startswith(b) and len(key) > len(b) + 2:  # the brand, written twice too ("Bose Bose QC45")
            key = key[len(b):]
        out.add(key)
        if words and compact(words[0]) == key[:len(compact(words[0]))] and len(words) > 1 and not b:
            out.add(key[len(compact(words[0])):])  # an unnamed brand: the first word may be it
    return {k for k in out if k}


#: words that offer an item for rent, in a title too ("Rent the ...": :data:`_TITLE_RENTAL`)
RENT_WORDS = ("rent", "rental", "rentals", "renting", "for rent", "to rent", "mieten", "miete", "alquiler")
#: words of hiring or leasing: a rental in an offer's words, but in a page title they may name other things ("Hire
#: purchase", "Lease returns")
HIRE_WORDS = ("hire", "lease", "leasing", "leaseout")
#: the words of :data:`services.domain_shopping.pages.CONDITION_WORDS` saying a condition other than new ("renewed",
#: "pre-owned", "generalüberholt"; not the plain-English "occasion") as one regular-expression alternation
_NOT_NEW_WORDS = "|".join(w for c in ("refurbished", "used") for w in CONDITION_WORDS[c] if w != "occasion")
#: words saying an item's condition or how it is offered, never part of what the product is: a bracket opening with a
#: condition word ("(Renewed, grade A)"), or a condition, rent or hire word anywhere
_CONDITION_WORDS = re.compile(rf"[(\[]\s*(?:{_NOT_NEW_WORDS})[^)\]]*[)\]]|\b(?:{_NOT_NEW_WORDS}|"
                              + "|".join(RENT_WORDS + HIRE_WORDS) + r")\b", re.IGNORECASE)
#: the edition marks of :data:`shared.text.terms.VARIANT_MARKS` of one or two letters ("S", "FE"), read only right
#: after a whole name (:data:`_SUFFIX_MARKS`), never as a variant word anywhere in a name
_EDITION_LETTERS = frozenset({"s", "fe", "gt", "xs"})
#: words naming a variant: "K2" and "K2 Pro" are two products: the size and edition words of the one list of variant
#: marks (:data:`shared.text.terms.VARIANT_MARKS`: "pro", "xl", "mini") and a product line's other variant words
_VARIANT_WORDS = (VARIANT_MARKS - _EDITION_LETTERS) | frozenset(
    {"air", "neo", "edge", "slim", "ii", "iii", "iv", "v2", "v3", "gen2", "gen3", "2nd", "3rd", "4th", "5th"})
#: a letters-and-digits token that is a size, capacity or resolution, not a model number ("27in", "4k", "128gb")
_MEASURE_TOKEN = re.compile(r"^\d+(?:\.\d+)?(?:in|inch|zoll|mm|cm|hz|gb|tb|mb|mah|wh|w|k|kg|g|p|mp|l|ml|v|"
                            r"th|nd|rd|st)$")


def identity(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """What identifies a product in its name: (model tokens: the words mixing letters and digits, hyphens
    dropped, sizes and capacities left out; variant words such as "pro" or "mini"). Condition and rental words
    ("(Renewed)", "refurbished", "rent") and category words ("27 Zoll Monitor", "Wireless Mechanical Keyboard")
    are not part of it: "Keychron K2 (Renewed)" and "Keychron K2 Wireless Mechanical Keyboard" are both
    ({"k2"}, {}). Empty model tokens: the name has no model number to go by."""
    words = [re.sub(r"[^0-9a-z]", "", w) for w in _CONDITION_WORDS.sub(" ", name.lower()).split()]
    model = frozenset(w for w in words if re.search(r"[a-z]", w) and re.search(r"\d", w)
                      and not _MEASURE_TOKEN.match(w))
    return model, frozenset(w for w in words if w in _VARIANT_WORDS)


def _brand_in(brand: str, name: str) -> bool:
    return bool(brand) and compact(brand) in compact(name)


def _same_identity(a: Product, name: str, brand: str) -> bool:
    """Whether ``name`` (of ``brand``) and product ``a`` share a model number and variant (:func:`identity`) and
    a brand: the same one given, or the one given by either written in the other's name, or the same first word
    when neither gives one."""
    model, variant = identity(name)
    if not model:
        return False
    if brand and a.brand:
        same_brand = compact(brand) == compact(a.brand)
    elif brand or a.brand:
        same_brand = _brand_in(brand, a.name) or _brand_in(a.brand, name)
    else:
        same_brand = bool(name.split()) and bool(a.name.split()) and compact(name.split()[0]) == compact(
            a.name.split()[0])
    if not same_brand:
        return False
    for known in [a.name, *a.aliases]:
        other_model, other_variant = identity(known)
        if other_model == model and other_variant == variant:
            return True
    return False


#: words naming an edition or size of a product line, each another product of it ("Brevona Duo 2 Twin", "... Compact")
_EDITION_WORDS = frozenset({
    "grande", "compact", "kompakt", "large", "small", "junior", "classic", "premium", "deluxe", "elite",
    "signature", "studio", "sport", "touch", "smart", "professional", "advanced", "essential", "basic", "one",
    "duo", "trio", "twin", "single", "double", "evo", "next"})
#: words after a product's name that make another product of it: a variant (:data:`_VARIANT_WORDS`), an edition
#: (:data:`_EDITION_WORDS`) or an accessory or part for it, in the languages of the attribute lexicon
_ACCESSORY_WORDS = frozenset({
    "case", "cover", "bag", "sleeve", "strap", "band", "charger", "cable", "adapter", "dock", "stand", "mount",
    "holder", "replacement", "spare", "parts", "part", "kit", "accessory", "accessories", "filter", "filters",
    "battery", "batteries", "brush", "brushes", "pads", "tips", "keycaps", "protector", "skin", "remote", "bundle",
    "set", "refill", "cartridge", "cartridges", "tank", "portafilter", "basket", "gasket", "seal", "descaler",
    "hülle", "tasche", "ladegerät", "kabel", "halterung", "ersatz", "ersatzteil", "ersatzteile", "zubehör",
    "akku", "bürste", "dichtung", "siebträger", "housse", "étui", "chargeur", "câble", "support", "pièce",
    "pièces", "accessoire", "accessoires", "funda", "cargador", "soporte", "repuesto", "repuestos",
    "accesorio", "accesorios", "custodia", "caricatore", "cavo", "supporto", "ricambio", "ricambi", "accessorio",
    "accessori", "hoes", "oplader", "houder", "onderdeel", "onderdelen"}) | _EDITION_WORDS


def _named_plus_words(known: str, name: str) -> bool:
    """Whether ``name`` is the product called ``known`` (two words or more) written with words that only say what
    kind of product it is or sell it, in any language: ``known``'s words first (case, spacing and hyphens folded:
    "BREVONA DUO 2", "BREVONA DUO-2", one word of ``name`` may join two of ``known``), then words of three letters or more or years, none a model number, variant or accessory
    ("Espressomaschine Dual Boiler 2026 Angebot kaufen"); not "Brevona Duo 2 Pro", "... 3", "... Case"."""
    mine = [compact(w) for w in known.split() if compact(w)]
    theirs = [compact(w) for w in _CONDITION_WORDS.sub(" ", name).split() if compact(w)]
    if len(mine) < 2 or len(theirs) < 2:
        return False
    joined = "".join(mine)  # words counted once folded: "FLUX-4" is the two words "Flux 4"
    for k in range(1, len(theirs)):
        head = "".join(theirs[:k])
        if len(head) >= len(joined):
            break
    else:
        return False
    if head != joined:
        return False
    rest = theirs[k:]
    return bool(rest) and all((re.fullmatch(r"[^\W\d_]{3,}", w) and w not in _VARIANT_WORDS and w not in _ACCESSORY_WORDS)
               or re.fullmatch(r"(?:19|20)\d\d", w) for w in rest)


#: a word after a product's whole name that makes another model of it, beside a number or Roman numeral
#: (:func:`shared.text.terms.generation_mark`): a variant word (:data:`_VARIANT_WORDS`) or a variant mark
#: (:data:`shared.text.terms.VARIANT_MARKS`, the edition marks "S", "FE" too) -- "Voltrex V12 Pro", "Galaxy S23 FE"
_SUFFIX_MARKS = _VARIANT_WORDS | VARIANT_MARKS


def _name_words(name: str, brand: str) -> list[str]:
    """``name``'s words folded (letters and digits only), without condition words, the brand and title words."""
    name = _TITLE_WORDS.sub(" ", _CONDITION_WORDS.sub(" ", name))
    words = [compact(w) for w in name.split()]
    words = [w for w in words if w]
    if brand and words and words[0] == compact(brand):
        words = words[1:]
    return words


def look_alike(a: str, b: str, brand: str = "") -> bool:
    """Whether names ``a`` and ``b`` are two models of one line: one is the other's whole name followed by a model
    suffix (:func:`shared.text.terms.generation_mark`: one of :data:`_SUFFIX_MARKS` or an edition word of
    :data:`_EDITION_WORDS`, a Roman numeral or a one- or two-digit number), case, punctuation and hyphens folded:
    "Voltrex V12" and "Voltrex V12 Pro", "Brevona Duo" and "Brevona Duo 2", "Brevona Grill 3" and "brevona grill-3
    duo" are two products; "Voltrex V12 Pro" and "Voltrex V12 Pro Hammer Drill" are one. ``brand`` (optional) is
    dropped from either name's start first. An edition word (:data:`_EDITION_WORDS`) makes another model only when it
    ends the name or another mark follows it: "Voltrex KB-400 Single Boiler Espresso Machine" is the "Voltrex KB-400".
    Never raises."""
    x, y = _name_words(a, brand), _name_words(b, brand)
    (short, long), long_name = ((x, y), b) if len(x) <= len(y) else ((y, x), a)
    if not short or len(long) == len(short) or long[:len(short)] != short:
        return False
    mark = long[len(short)]
    if generation_mark(mark, _SUFFIX_MARKS, max_digits=2):
        return True
    if mark not in _EDITION_WORDS:
        return False
    # an edition word is a model's only at the end of the name (before a title's separator: "Sear 4 Duo - two-zone
    # griddle") or before another mark ("Duo 2 Twin XL"); before other words it says what the listing sells
    # ("KB-400 One Year Warranty", "KB-400 Single Boiler Espresso Machine", "Duo 2 Next Day Delivery")
    named = _name_words(_TITLE_SEPARATOR.split(long_name, maxsplit=1)[0], brand)
    after = named[len(short) + 1:] if named[:len(short) + 1] == long[:len(short) + 1] else []
    return not after or generation_mark(after[0], _SUFFIX_MARKS | _EDITION_WORDS, max_digits=2)


#: where a listing's or page's title leaves the product's name for what it says of it: a spaced dash, a bar, a
#: colon, a comma or a bracket ("Pellaro Sear 4 Duo - two-zone electric griddle", "... | Shop", "... (2025)")
_TITLE_SEPARATOR = re.compile(r"\s[-\u2013\u2014|]\s|[:,(\[|]")


def written_at(lower: str, name: str, text: str | None = None) -> list[int]:
    """Where ``lower`` (a lower-cased text) writes ``name`` as itself (start offsets): not followed by a model suffix
    that makes another product of it (:func:`look_alike`: "the voltrex v12 pro drills brick" does not write the
    "Voltrex V12"; "the voltrex v12, 30 nm" and "the voltrex v12 12 v battery" do). ``text``: ``lower`` as written
    (same length); a name ending in a model number followed there by any capitalised word that is no kind or title
    word ("Brevona K2 Duo", not "Brevona K2 Grinder" or "Brevona K2 Review": :func:`shared.text.terms.other_model_after`)
    is another model too."""
    n = name.lower()
    found: list[int] = []
    at = lower.find(n) if n else -1
    cased = text if text is not None and len(text) == len(lower) else None
    toks = tokenize(n)
    while at >= 0:
        rest = lower[at + len(n):]
        nxt = _WORD_AFTER.match(rest)
        if (not nxt or not generation_mark(nxt.group(1), _SUFFIX_MARKS, max_digits=2) or (
                nxt.group(1)[0].isdigit() and _MEASURE_AFTER.match(rest[nxt.end():]))) and not (
                cased is not None and nxt is not None and not _CATEGORY_WORDS.fullmatch(nxt.group(1))
                and not _TITLE_WORDS.fullmatch(nxt.group(1)) and other_model_after(toks, cased, at + len(n))):
            found.append(at)
        at = lower.find(n, at + 1)
    return found


def written(lower: str, name: str, text: str | None = None) -> bool:
    """Whether ``lower`` (a lower-cased text; ``text``: as written) writes ``name`` as itself somewhere
    (:func:`written_at`)."""
    return bool(written_at(lower, name, text))


#: the next word after a name, a space or hyphen between ("v12 pro", "duo-2"), no decimal's first digits ("12.5"):
#: a model suffix when it is a generation mark (:func:`shared.text.terms.generation_mark` of :data:`_SUFFIX_MARKS`)
_WORD_AFTER = re.compile(r"[ \t-]+(\w+)(?!\w)(?![.,]\d)")
#: a unit or count word after a number: the number is a figure ("12 v", "2 years"), no model generation
_MEASURE_AFTER = re.compile(r"\s*(?:%|°|(?:v|w|kw|nm|mm|cm|m|in|kg|g|lb|lbs|oz|mah|ah|wh|h|hrs?|l|ml|db|rpm|bpm|hz|gb|tb|mp|"
                            r"k|x|pcs|years?|months?|hours?|minutes?|speeds?|batter\w*|jahre?|ans?|años?)\b)", re.IGNORECASE)


def _same_product(a: Product, name: str, brand: str, model: str) -> bool:
    if brand and a.brand and compact(brand) != compact(a.brand):
        return False
    if model and a.model and compact(model) == compact(a.model):
        return True
    if any(look_alike(known, name, brand or a.brand) for known in [a.name, *a.aliases]):
        return False  # "Voltrex V12 Pro" is not the "Voltrex V12", nor "Brevona K2 Duo" the "Brevona K2"
    if _same_identity(a, name, brand):
        return True
    if any(_named_plus_words(known, name) or _named_plus_words(name, known) for known in [a.name, *a.aliases]):
        return True  # "BREVONA DUO 2 Espressomaschine Dual Boiler 2026 Angebot kaufen" is the Brevona Duo 2
    keys = _merge_keys(name, brand or a.brand)
    for alias in [a.name, *a.aliases]:
        others = _merge_keys(alias, a.brand or brand)
        if keys & others:
            return True
        for key in keys:
            for other in others:
                if min(len(key), len(other)) >= 6 and (key in other or other in key):
                    return True
                if min(len(key), len(other)) >= 6 and SequenceMatcher(None, key, other).ratio() >= 0.9:
                    return True
    return False


def _same_noun(a: str, b: str) -> bool:
    """Whether two compacted words are one noun, singular or plural ("purifier", "purifiers"; "box", "boxes")."""
    return a == b or a in {b + "s", b + "es"} or b in {a + "s", a + "es"}


def display_name(name: str, category: list[str] | None = None) -> str:
    """How a spelling of a product is shown: without condition or rental words ("Keychron K2 (Renewed)" ->
    "Keychron K2") and without a trailing category noun when a model number is left ("Bose QuietComfort 45
    Kopfhörer" -> "Bose QuietComfort 45"). ``category``: the kind of product the question asks about, as its words
    (:func:`asked_category`: ["air", "purifier"]); a name ending in that kind, or in its last words, with two words
    or more and a model number left is shown without them ("Nordquill Purio X2 Air Purifier" -> "Nordquill Purio
    X2"), whatever the category lexicon knows (its "air" is no variant there, :data:`_VARIANT_WORDS`)."""
    shown = " ".join(_CONDITION_WORDS.sub(" ", name).split()) or name
    words = shown.split()
    if category and len(words) > 2:
        for k in range(min(len(category), len(words) - 2), 0, -1):  # the longest of the kind's last words first
            if all(_same_noun(compact(w), compact(c)) for w, c in zip(words[-k:], category[-k:], strict=True)) \
                    and re.search(r"\d", " ".join(words[:-k])):
                return " ".join(words[:-k])
    if len(words) > 2 and _CATEGORY_NOUN.fullmatch(words[-1]):  # "Bose QuietComfort 45 Kopfhörer"
        kept = words[:-1]
        while len(kept) > 2 and _CATEGORY_WORDS.fullmatch(kept[-1]):  # "... K2 Wireless Mechanical Keyboard"
            kept = kept[:-1]
        if re.search(r"\d", " ".join(kept)):  # a model number is left to name the product by
            words = kept
    return " ".join(words)


#: how much a spelling's source is trusted to write a product's name: the maker's own page, an independent page
#: (a review, a spec sheet), then a shop's or a sponsored page's (which write names for search engines)
_NAME_TRUST = {"maker": 3, "independent": 2, "shop": 1}


def _source_kind(page: Page, sp: SourcePage, brand: str) -> str:
    """Whose page ``page`` is for a product of ``brand``: "maker" when its site is the brand's (its host, site name or
    the title's last part is the brand), "shop" when it sells (a cart, an offer, a price it is no review's) or is
    sponsored, else "independent" (a review, a spec sheet)."""
    b = compact(brand)
    if b:
        from urllib.parse import urlsplit
        host = compact((urlsplit(sp.url).hostname or "").split(".")[-2] if "." in (urlsplit(sp.url).hostname or "")
                       else "")
        site = re.split(r"\s+[|–—-]\s+", page.title or sp.title)
        owners = {compact(page.site_name), host, compact(site[-1]) if len(site) > 1 else ""}
        if b in owners:
            return "maker"
    if page.sponsored_why:
        return "shop"
    if page.review_why:  # a review that mentions a price sells nothing
        return "independent"
    return "shop" if page.shop or page.prices or any(i.offers for i in page.products) else "independent"


#: the most words of a product's name written in running text (:func:`_fold_seo_names`)
_NAME_WORDS = 5


def _fold_seo_names(catalogue: Catalogue, read: list[tuple[SourcePage, Page]]) -> None:
    """Give a product known by a shop's SEO title ("VOLTARO CITY-7 E-Bike 2026 Pedelec Top Angebot kaufen") the
    name other pages write in their text ("In our test loop the Voltaro City 7 reached ..."): a run of two to
    :data:`_NAME_WORDS` words of another page that is the start of one of the product's spellings, the rest of
    which only says what kind of product it is or sells it (:func:`_named_plus_words`), is added as a spelling of
    that page (so :func:`choose_names` may show it, and figures its sentences give find the product), whether
    or not the maker's page was fetched. A run already one of the product's names adds nothing."""
    firsts: dict[str, list[tuple[Product, str]]] = {}
    for p in catalogue.products:
        for written, _ in p.spellings:
            words = written.split()
            if len(words) >= 3 and compact(words[0]):
                firsts.setdefault(compact(words[0]), []).append((p, written))
    if not firsts:
        return
    known = {p.product_id: {compact(n) for n in [p.name, *p.aliases, *(w for w, _ in p.spellings)]}
             for p in catalogue.products}
    for sp, _ in read:
        tokens = [t.strip(".,;:!?()[]\"'«»“”‘’") for t in _page_text(sp).split()]
        found: dict[str, Product] = {}
        for i, token in enumerate(tokens):
            for p, written in firsts.get(compact(token), []):
                if sp.source_id in p.source_ids:
                    continue
                for k in range(2, _NAME_WORDS + 1):
                    run = " ".join(tokens[i:i + k])
                    if i + k <= len(tokens) and all(tokens[i:i + k]) and _named_plus_words(run, written):
                        # the page goes on to write a whole name of the product ("Brenna Crag Walker" after
                        # "Brenna Crag"): that name is its spelling, never the shorter run
                        longer = [" ".join(tokens[i:j]) for j in range(i + k + 1, min(len(tokens), i + _NAME_WORDS
                                                                                        + 1) + 1)]
                        whole = [r for r in longer if compact(r) in known[p.product_id]]
                        found.setdefault(whole[-1] if whole else run, p)
                        break
        for run, p in found.items():
            if compact(run) not in {compact(n) for n in [p.name, *p.aliases]}:
                p.aliases.append(run)
            p.spellings.append((run, sp.source_id))
            if sp.source_id not in p.source_ids:
                p.source_ids.append(sp.source_id)


def choose_names(products: list[Product], pages: dict[str, tuple[SourcePage, Page]],
                 category: list[str] | None = None) -> None:
    """Give each product (in place) the display name its most trusted source writes, whatever the order of the
    pages: the maker's or an independent source's spelling before a shop's SEO spelling ("Dustra V8", not
    "DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal"); then a spelling that reads as one product's name
    (:func:`looks_like_product`, no word shouted in capitals), then the one the others add words to ("Torvik R5" of
    "Torvik R5 Saugroboter"), then the one most sources write, then the fuller ("Bose QuietComfort 45", not "Bose
    QC45").
    The other spellings stay aliases. ``pages``: source id -> (source, page read); ``category``: the kind of product
    the question asks about (:func:`asked_category`), which a spelling ending in it is shown without
    (:func:`display_name`)."""
    for p in products:
        brand = p.brand or (p.name.split()[0] if p.name.split() else "")
        scores: dict[str, tuple[int, int, int, int, int, str]] = {}
        counts: dict[str, set[str]] = {}
        for written, sid in p.spellings:
            counts.setdefault(display_name(written, category), set()).add(sid)
        for written, sid in p.spellings:
            shown = display_name(written, category)
            got = pages.get(sid)
            trust = _NAME_TRUST[_source_kind(got[1], got[0], brand)] if got else 1
            clean = int(looks_like_product(shown)) + int(not any(len(w) >= 4 and w.isupper() and w.isalpha()
                                                                 for w in shown.split()))
            core = sum(1 for other in counts if other != shown and compact(shown) in compact(other))
            score = (trust, clean, core, len(counts[shown]), len(shown), shown)
            if shown not in scores or score > scores[shown]:
                scores[shown] = score
        if not scores:
            continue
        best = max(scores.values())[-1]
        if best != p.name:
            p.aliases = [a for a in dict.fromkeys([p.name, *p.aliases]) if a != best]
            p.name = best


def family_name(name: str, page: Page) -> str:
    """``name`` as a comparison table's column header on ``page`` writes it, with the brand it leaves out: when the
    page's own products (schema.org Product) are of one brand and ``name`` opens with the word their names open with
    after that brand (a family's line name: "Drift 3 Mini" on the page of the "Vessa Drift 3", brand "Vessa"),
    "Vessa Drift 3 Mini"; otherwise ``name`` as written (another line's or brand's column stays as it is)."""
    brands = {compact(item.brand) for item in page.products if item.brand}
    words = name.split()
    if len(brands) != 1 or not words:
        return name
    brand = next(item.brand for item in page.products if item.brand)
    if compact(brand) in compact(name):
        return name
    lines = set()
    for item in page.products:
        own = item.name.split()
        if own and compact(own[0]) == compact(brand):
            own = own[1:]
        if own:
            lines.add(own[0].casefold())
    return f"{brand} {name}" if words[0].casefold() in lines else name


class Catalogue:
    """The candidate products, de-duplicated across spellings as they are added."""

    def __init__(self) -> None:
        self.products: list[Product] = []

    def add(self, name: str, brand: str, model: str, source_id: str) -> Product:
        """The product ``name`` refers to (a new one when none matches), with ``source_id`` noted."""
        name = " ".join(name.split())
        for p in self.products:
            if _same_product(p, name, brand, model):
                if name != p.name and name not in p.aliases:
                    p.aliases.append(name)
                p.spellings.append((name, source_id))
                if source_id not in p.source_ids:
                    p.source_ids.append(source_id)
                p.brand = p.brand or brand
                p.model = p.model or model
                return p
        shown = display_name(name)
        pid = (compact(brand) + "-" if brand and not compact(shown).startswith(compact(brand)) else "") + \
            (compact(shown) or "product")
        product = Product(product_id=pid[:64], name=shown, brand=brand, model=model, source_ids=[source_id],
                          aliases=[name] if shown != name else [], spellings=[(name, source_id)])
        self.products.append(product)
        return product

    def find(self, name: str) -> Product | None:
        """The known product ``name`` refers to, or None."""
        return next((p for p in self.products if _same_product(p, name, "", "")), None)


class Locator:
    """Finds the exact span a figure is cited by, in a page's stored text first, then in its stored HTML."""

    def __init__(self, run_id: UUID) -> None:
        self.run_id = run_id
        self.html_sources: dict[str, dict[str, Any]] = {}

    def html_source_id(self, page: SourcePage) -> str:
        """The domain source id of ``page``'s HTML (recorded in the analysis when a figure cites it)."""
        return str(uuid5(self.run_id, f"html:{page.source_id}"))

    def _documents(self, page: SourcePage) -> list[tuple[str, str]]:
        """``page``'s texts a figure may be cited in, as (domain source id, text): its stored text, then its stored
        HTML when it has one."""
        docs: list[tuple[str, str]] = [(page.source_id, page.text)]
        if page.html is not None and page.html_sha256:
            docs.append((self.html_source_id(page), page.html))
        return docs

    def _cited_in(self, sid: str, page: SourcePage) -> None:
        """Records that a citation points into ``sid``: when that is ``page``'s HTML, the HTML becomes a domain
        source of its own (its URL, the title marked "(page markup)", its hash)."""
        if sid != page.source_id:
            self.html_sources[sid] = {"source_id": sid, "url": page.url, "title": f"{page.title} (page markup)",
                                      "document_sha256": page.html_sha256, "content_type": "text/html"}

    def cite(self, page: SourcePage, key: str, value: str, origin: str, anchor: str = "") -> dict[str, Any] | None:
        """A ``Cited`` (JSON) for ``value`` under ``key`` on ``page``: the span from the key to the value when
        the value follows the key within :data:`KEY_WINDOW` characters (searched after ``anchor``, e.g. the
        product's name, when given), else the value alone when it is distinctive (5+ characters). None when not
        found."""
        value = " ".join(str(value).split())
        if not value:
            return None
        for sid, doc in self._documents(page):
            span = _find(doc, key, value, anchor)
            if span is None:
                continue
            self._cited_in(sid, page)
            start, end = span
            return {"source_id": sid, "start": start, "end": end, "quote": doc[start:end], "origin": origin}
        return None

    def cite_text(self, page: SourcePage, value: str, origin: str) -> dict[str, Any] | None:
        """A ``Cited`` (JSON) for ``value`` as written in ``page``'s stored text (its visible text), white space
        folded; None when the text does not write it (its markup is not searched)."""
        value = " ".join(str(value).split())
        at = page.text.find(value) if value else -1
        if at < 0:
            return None
        return {"source_id": page.source_id, "start": at, "end": at + len(value), "quote": value,
                "origin": origin}

    def cite_words(self, page: SourcePage, value: str, origin: str) -> dict[str, Any] | None:
        """A ``Cited`` (JSON) for the words of ``value`` (a sentence) as ``page`` writes them: in its stored text
        with any white space between them, else in its stored HTML with only white space between them (a sentence
        broken by markup is not found there). None when not found."""
        words = value.split()
        if not words:
            return None
        pattern = re.compile(r"\s+".join(re.escape(w) for w in words))
        for sid, doc in self._documents(page):
            m = pattern.search(doc or "")
            if m is None:
                continue
            self._cited_in(sid, page)
            return {"source_id": sid, "start": m.start(), "end": m.end(), "quote": m.group(0), "origin": origin}
        return None


def _find(doc: str, key: str, value: str, anchor: str) -> tuple[int, int] | None:
    lower = doc.lower()
    base = lower.find(anchor.lower()) if anchor else -1
    starts = [max(base, 0), 0] if base > 0 else [0]
    needles = [value, value.replace(" ", "")] if " " in value else [value]
    for begin in starts:
        if key:
            best: tuple[int, int] | None = None
            k = lower.find(key.lower(), begin)
            while k != -1:  # the closest key-value pair wins (a spec row, not a sentence that names the key)
                window = doc[k:k + len(key) + KEY_WINDOW]
                for needle in needles:
                    v = window.find(needle)
                    if v != -1 and (best is None or v + len(needle) < best[1] - best[0]):
                        best = (k, k + v + len(needle))
                k = lower.find(key.lower(), k + 1)
            if best is not None:
                return best
        if len(value) >= 5:
            v = doc.find(value, begin)
            if v != -1:
                return v, v + len(value)
    return None


def cell_attribute(spec: Spec) -> str:
    """The attribute a spec is a value of: its canonical name when the multilingual lexicon knows its name and its
    value is of the attribute's kind ("Akkulaufzeit: 30 Std." -> "battery life", "Gewicht: 250 g" -> "weight";
    :func:`services.domain_shopping.attributes.lookup`), else its own name in words (:func:`_attribute_name`); with
    the mode the name qualifies its value with in brackets ("Battery life (GPS mode)" -> "battery life (gps mode)":
    :func:`mode_of`), so values of two modes are two attributes, never a disagreement. A range ("Height range:
    60-125 cm") is never read as the quantity of one of its ends."""
    written = _attribute_name(spec.name)
    if _PRICE_NAME.search(written):
        return "price"
    ends = range_of(spec.value, spec.unit_hint)
    q = ends[1] if ends is not None else read_quantity(spec.value, spec.unit_hint)
    kind = q.kind if q is not None else "text"
    if ends is not None and _SPAN_NAME.search(written):
        kind = "text"  # "Height range: 60 cm – 124 cm" is a span of heights, not a distance such as a wireless range
    name = canonical_name(written, kind) or canonical_name(_attribute_name(spec.name, expand=False), kind) or written
    qualifier = mode_of(spec.name)
    return f"{name} ({qualifier})" if qualifier and qualifier not in name else name


#: words saying a bracketed or trailing qualifier of a spec's name is a mode or setting the value holds in ("Battery
#: life (GPS mode)", "Suction (eco)", "Runtime (turbo)", "Battery life (ANC on)", "Height (max)"): its values and
#: another mode's are two attributes, never a disagreement
_MODE_WORDS = re.compile(r"\b(?:modes?|modus|modi|setting|settings|eco|economy|turbo|boost|max|maximum|min|minimum|low|"
                         r"high|medium|standby|idle|always[- ]on|on|off|sport|silent|quiet|normal|standard|"
                         r"continuous|stufe|einstellung|réglage|reglage|vitesse|nivel|ajuste|velocidad)\b",
                         re.IGNORECASE)
#: a mode written in German, French or Spanish, as the English one it is ("niedrigste Stufe" = "lowest setting",
#: "réglage le plus bas" = "lowest setting"), so that a mode's values in two languages are one attribute
_MODE_IN_ENGLISH = tuple((re.compile(pattern, re.IGNORECASE), english) for pattern, english in (
    (r"^(?:niedrigste[nr]?|kleinste[nr]?|geringste[nr]?) (?:stufe|einstellung)$|"
     r"^(?:réglage|reglage|vitesse|niveau) (?:le|la) plus bas(?:se)?$|"
     r"^(?:ajuste|nivel|velocidad) (?:más|mas) baj[oa]$", "lowest setting"),
    (r"^(?:höchste[nr]?|hochste[nr]?|größte[nr]?|grosste[nr]?) (?:stufe|einstellung)$|"
     r"^(?:réglage|reglage|vitesse|niveau) (?:le|la) plus (?:élevée?|elevee?|haut(?:e)?)$|"
     r"^(?:ajuste|nivel|velocidad) (?:más|mas) alt[oa]$", "highest setting")))
_QUALIFIER = re.compile(r"[(\[]\s*([^()\[\]]{1,40}?)\s*[)\]]|(?:,|\s[-–—]|\s(?:in|im|en|in the))\s+"
                        r"([^\W\d][\w -]{0,30}?\s+(?:mode|modus))\s*$", re.IGNORECASE)


def without_mode(attribute: str) -> str:
    """``attribute`` without the mode :func:`cell_attribute` adds to it: "battery life (gps mode)" -> "battery
    life"; any other name as given."""
    mode = mode_of(attribute)
    return attribute[:attribute.rfind("(")].rstrip() if mode and attribute.endswith(f"({mode})") else attribute


def mode_of(name: str) -> str:
    """The mode or setting a spec's ``name`` qualifies its value with, lower case ("Battery life (GPS mode)" ->
    "gps mode", "Suction power [Eco]" -> "eco", "Battery life, smartwatch mode" -> "smartwatch mode"); "" when it
    names none (a unit in brackets, "(approx.)", "(claimed)" and other notes are no mode: :data:`_MODE_WORDS`)."""
    for m in _QUALIFIER.finditer(name):
        words = " ".join((m.group(1) or m.group(2) or "").split())
        if re.fullmatch(r"(?:max|maximum|min|minimum)\.?", words, re.IGNORECASE) and _LIMIT_BETTER.search(name):
            continue  # "Load capacity (max.)": the limit itself, no mode
        if _MODE_WORDS.search(words) and not re.search(r"\d", words):
            return next((english for pattern, english in _MODE_IN_ENGLISH if pattern.search(words)), words.lower())
    return ""


def _attribute_name(name: str, expand: bool = True) -> str:
    """An attribute's display name: the words of a property name ("batteryLife" -> "battery life"), units in
    brackets dropped, an abbreviation opening it written out ("Max. flow" -> "maximum flow":
    :func:`services.domain_shopping.attributes.expand_abbreviations`; not with ``expand`` False), lower case."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name)
    spaced = re.sub(r"\s*[(\[].*?[)\]]", "", spaced)
    words = " ".join(re.sub(r"[_:]+", " ", spaced).split())
    return (expand_abbreviations(words) if expand else words).lower().strip(" :")


#: attributes that are a limit the product bears or holds (more is better) though they name a mass or a lower-better
#: word: "load capacity", "weight capacity", "max load", "maximum user weight", "weight limit", "payload"
_LIMIT_BETTER = re.compile(r"\b(capacity|load|loads|payload|limit|max(?:imum)?\.? (?:user )?(?:weight|load)|"
                           r"weight rating|lifting|holds?|supports?)\b", re.IGNORECASE)


def _better(attribute: str, q: Quantity | None, question: str = "") -> int:
    """+1 when more is better, -1 when less is better, 0 when that cannot be justified. An attribute the lexicon
    knows says so itself or, for a weight, through ``question`` (:func:`services.domain_shopping.attributes.
    direction`: lighter is better only for a light, portable or travel product or one that is carried or worn;
    a keyboard's weight gets no better or worse). Otherwise the attribute's words: a limit the product bears
    ("load capacity", "max load": :data:`_LIMIT_BETTER`) is more-is-better even in kilograms; a word saying
    less is better or more is better; the time an action takes ("boil time", "drying time": :data:`_ACTION_TIME`)
    less-is-better; a capacity in mAh or a data size more-is-better. Any other mass or time gets no direction."""
    kind = q.kind if q is not None else None
    said = better_way(attribute, kind, question)
    if said or canonical_name(attribute, kind) is not None:
        return said
    if _LIMIT_BETTER.search(attribute) and not re.search(r"\b(time|noise|consumption|latency)\b", attribute, re.I):
        return 1
    if q is not None and q.kind == "[mass]":
        return better_way("weight", q.kind, question)
    if re.search(r"\bcancell?(?:ation|ing)\b", attribute, re.I):
        return 1
    if _LOWER_BETTER.search(attribute):
        return -1
    if kind == "[time]" and _ACTION_TIME.search(attribute):  # "boil time": a task done sooner is better
        return -1
    if _HIGHER_BETTER.search(attribute):
        return 1
    if q is not None and q.kind in ("[current] * [time]", "[information]"):
        return 1
    if q is not None and q.kind == "number" and _use_counted(attribute, question):
        return 1  # "brick holes" (of 10) for drilling into brick: a count of the use done, more is better
    return asked_way(question, attribute, kind)[0]  # "the largest water tank"


def _use_counted(attribute: str, question: str) -> bool:
    """Whether ``attribute`` (a count without a unit: "brick holes", "ice cubes crushed") names what the use the
    question asks for works on (a word of the use, or its stem, that is no verb form in -ing: "brick" of "for
    drilling into brick"): a test's tally of the use done, of which more is better (issue 15, trial t52s fault 1)."""
    use = asked_use(question)[0]
    if not use:
        return False
    stems = {snowball_stem(w) for w in _use_words(use) if not w.endswith("ing")}
    return bool(stems & {snowball_stem(w) for w in tokenize(attribute)})


def analyse(question: str, pages: list[SourcePage], run_id: UUID, *, today: date | None = None,
            rates: Rates | None = None, currency: str | None = None,
            default_currency: str | None = DomainShoppingSettings.model_fields["default_currency"].default,
            model_products: dict[str, list[PageProduct]] | None = None) -> Analysis:
    """The shopping analysis of ``question`` over ``pages`` (the run's fetched sources). Never raises on odd
    pages: what cannot be read is left out and said in ``notes``.

    ``currency`` (ISO 4217) is the user's currency when the question names none (its budget's currency wins);
    with ``rates`` (a dated reference-rates table, :mod:`services.domain_shopping.rates`) every offer in a
    currency the table holds is also given in that currency (``compared_price``, with the table's ``rate_date``)
    and compared there: budget, best value. With rates and neither a budget currency nor ``currency``, that is
    the currency most offers are in (:func:`common_currency`), and when no currency has most of them (one offer in
    EUR, one in USD) ``default_currency`` (the setting's default, ``DomainShoppingSettings.default_currency``),
    never one of the tied currencies picked by its name. An offer in a currency the table lacks, or an unknown one,
    is never compared. Without rates, only offers in the same currency are compared.

    ``model_products`` (source id -> products the model engine read from that page's text, each value written
    there: ``services.domain_shopping.model``) are added to what the page's markup gives."""
    today = today or date.today()
    catalogue = Catalogue()
    locator = Locator(run_id)
    read: list[tuple[SourcePage, Page]] = []
    for sp in pages:
        page = read_page(sp.html, sp.url) if sp.html else Page()
        if model_products and model_products.get(sp.source_id):
            page.products = [*page.products, *model_products[sp.source_id]]
        read.append((sp, page))
        for item in page.products:
            catalogue.add(item.name, item.brand, item.model, sp.source_id)
    for sp, page in read:  # comparison tables name products in their header; pages without data their title
        for name in page.table_specs:
            if name:
                headed = catalogue.add(full := family_name(name, page), "", "", sp.source_id)
                if full != name and name not in headed.aliases:  # the header's short spelling still finds it in
                    headed.aliases.append(name)  # text ("The Drift 3 Max is louder"); never its display name
        several = _product_sections(page, catalogue)
        for heading in sorted(several):  # a page listing several products: each section's heading names one
            catalogue.add(heading, "", "", sp.source_id)
        if not page.products and not several and (page.table_specs.get("") or page.prices):
            own = _own_name(page, sp)  # never a roundup article's title, nor the shop's name
            if own:
                catalogue.add(own, "", "", sp.source_id)
    for sp, page in read:  # a page whose only figures are in its sentences, about one product none of them names
        if not page.products and not page.table_specs and not page.prices and _states_figures(sp):
            own = _own_name(page, sp)
            if own and not _names_another(sp, catalogue, own):
                catalogue.add(own, "", "", sp.source_id)
    _fold_seo_names(catalogue, read)
    choose_names(catalogue.products, {sp.source_id: (sp, page) for sp, page in read}, asked_category(question))
    category, other_kind = other_category(question, catalogue.products, read)
    ranked = sorted((p for p in catalogue.products if p.product_id not in other_kind),
                    key=lambda p: (-len(p.source_ids), catalogue.products.index(p)))
    chosen = ranked[:MAX_PRODUCTS]
    # the one product a question names is always among those compared, however few sources name it, and so is one an
    # independent test or review says to avoid (issue 15, trial t55s S8: cut, the "avoid" verdict fell on another)
    if len(one := named_products(question, ranked)) == 1 and one[0] not in chosen:
        chosen.append(one[0])
    chosen += [p for p in _panned(read, ranked) if p not in chosen]
    # "A or B - which one should I buy?": the verdicts compare the products the question names, the rest are only
    # said to have been considered
    compared_named = named_products(question, ranked)
    also: list[str] | None = None
    if len(compared_named) >= 2:
        also = [p.name for p in chosen if p not in compared_named]
        chosen = compared_named
    # "Which Zarro Trek 5 model is the lightest?", "Which Zarro camera ...": the verdicts rank that line's (brand's)
    # products only, the rest are only said to have been considered (trial t57s F2: another brand's camera was "best
    # overall")
    line_of = ""
    line, scope = scoped_line(question, ranked)
    if len(compared_named) < 2 and line:
        also = [p.name for p in chosen if p not in line]
        chosen, line_of = line[:MAX_PRODUCTS], scope
    # "the cheapest", "the lightest", "the longest range": a superlative over one attribute ranks every product a
    # fetched page gives that figure for, however few pages name it (trial t65s X7: a maker page's cheaper product was
    # cut by the cap and the second cheapest led at high)
    unranked: list[Product] = []
    if len(compared_named) < 2:
        pool = [p for p in (line if line_of else ranked) if p not in chosen]
        figured = superlative_figured(question, read, catalogue, pool)
        chosen += figured
        unranked = [p for p in pool if p not in figured]
    chosen_ids = {p.product_id for p in chosen}
    budget, budget_currency = read_budget(question)
    user_currency = (currency or "").strip().upper() or None
    if budget is not None and budget_currency is None and user_currency is not None:
        budget_currency = user_currency  # "under 300": in the user's currency
    target = budget_currency or user_currency

    raw_cells: list[tuple[Product, str, Spec, SourcePage]] = []
    offers: list[dict[str, Any]] = []
    reviews: list[dict[str, Any]] = []
    notes: list[str] = []
    for sp, page in read:
        page_product = _page_product(catalogue, page, sp)
        for item in page.products:
            product = catalogue.find(item.name)
            if product is None or product.product_id not in chosen_ids:
                continue
            raw_cells += [(product, cell_attribute(s), s, sp) for s in item.specs]
            offers += [o for o in (_offer(locator, sp, page, product, po, budget, budget_currency, today)
                                   for po in item.offers) if o]
            for review in item.reviews:
                scale = f"{review.best}-{review.worst}" if review.worst else review.best  # "1-6": a grade
                reviews.append(_review(locator, sp, page, product, review.rating, scale, review.pros,
                                       review.cons, review.origin))
        several = _product_sections(page, catalogue)
        # one section naming a product ("<h2>Kompra K9 Pro</h2>" over a table on a roundup): its rows are that
        # product's, the page's other rows the page's own product's
        single = _product_sections(page, catalogue, least=1) if not several else set()
        for name, specs in page.table_specs.items():
            if not name and several:  # each row goes to the product its section's heading names
                for heading, spec in page.section_specs:
                    owner = catalogue.find(heading) if heading in several else None
                    if owner is not None and owner.product_id in chosen_ids:
                        raw_cells.append((owner, cell_attribute(spec), spec, sp))
                continue
            if not name and single:
                for heading, spec in page.section_specs:
                    owner = (catalogue.find(heading) or page_product) if heading in single else page_product
                    if owner is not None and owner.product_id in chosen_ids:
                        raw_cells.append((owner, cell_attribute(spec), spec, sp))
                continue
            product = catalogue.find(name) if name else page_product
            if product is None or product.product_id not in chosen_ids:
                continue
            raw_cells += [(product, cell_attribute(s), s, sp) for s in specs]
        if page_product is not None and page_product.product_id in chosen_ids:
            structured = any(i.offers for i in page.products)
            if not structured:  # a price whose sentence names another product is that product's, not the page's
                for po in page.prices[:1]:
                    owner = _credited(page_product, _sentence_before(po.context, po.price), chosen) or page_product
                    offers += [o for o in [_offer(locator, sp, page, owner, po, budget, budget_currency, today)] if o]
            has_review = any(i.reviews for i in page.products)
            pros, cons = page.review_lists
            if not has_review and (pros or cons or page.ratings):
                # each rating goes to the product its sentence names before it ("Rating: Inkora X 4.5/5, Tapeline
                # Y 3.5/5" on a test of two), else the page's own; the page's praise and complaints to its own
                for i, (rating, best) in enumerate(page.ratings or [("", "5")]):
                    before = _sentence_before(page.rating_context[i], "") if i < len(page.rating_context) else ""
                    rated = _credited(page_product, before, chosen)
                    if rated is None or any(r["product_id"] == rated.product_id and r["source_id"] == sp.source_id
                                            for r in reviews):
                        continue
                    mine = rated is page_product
                    reviews.append(_review(locator, sp, page, rated, rating, best, pros if mine else [],
                                           cons if mine else [], "text"))
            elif has_review and (pros or cons):  # a structured rating without the praise the page writes
                for r in reviews:
                    if r["source_id"] == sp.source_id and r["product_id"] == page_product.product_id \
                            and not r["pros"] and not r["cons"]:
                        r["pros"], r["cons"] = pros[:4], cons[:4]
        elif page_product is None:  # a page about several products: a rating goes to the product named before it
            structured = any(i.offers for i in page.products)
            for po in [] if structured else [po for po in page.prices if po.section in several] if several else []:
                whose = catalogue.find(po.section)  # a price under a product's heading is that product's
                if whose is not None and whose.product_id in chosen_ids:
                    offers += [o for o in [_offer(locator, sp, page, whose, po, budget, budget_currency, today)] if o]
            for po in [] if several else page.prices[:1]:  # and a price to the product its sentence names, if any
                whose = _credited(None, _sentence_before(po.context, po.price), chosen)
                if whose is not None:
                    offers += [o for o in [_offer(locator, sp, page, whose, po, budget, budget_currency, today,
                                                  page_of_one=False)] if o]
            blank = [""] * len(page.ratings)
            for (rating, best), before, section, after in zip(page.ratings, page.rating_context,
                                                               page.rating_sections or blank,
                                                               page.rating_after or blank, strict=False):
                # the product its sentence names before it, else after it ("Note : 4/5 pour le Lastorra Kargo
                # 2"), else the one the heading it sits under names ("<h2>Voltaro City 7</h2> ... Rating: 4.5/5"
                # on a test of several products)
                rated = _named(before, chosen, last=True) or _named(after, chosen, last=False) or (
                    _section_product(section, catalogue, chosen_ids) if section else None)
                if rated is not None and not any(r["product_id"] == rated.product_id and r["source_id"] ==
                                                 sp.source_id for r in reviews):
                    # the praise and complaints of the section the heading of which names the product rated
                    pros, cons = page.section_reviews.get(section, ([], [])) if section and _section_product(
                        section, catalogue, chosen_ids) is rated else ([], [])
                    reviews.append(_review(locator, sp, page, rated, rating, best, pros[:4], cons[:4], "text"))

        reviews += _table_score_reviews(locator, sp, page, catalogue, chosen_ids, reviews)
        # an offer a sentence writes with a condition other than new ("Also available: Mardox Tagline 7
        # refurbished, grade A, $64.00."): the product the sentence names, else the page's own
        for po in page.condition_prices:
            owner = _credited(None, _sentence_before(po.context, po.price), chosen) or _named(
                po.context, chosen, last=False) or page_product
            if owner is None or owner.product_id not in chosen_ids:
                continue
            offer = _offer(locator, sp, page, owner, po, budget, budget_currency, today,
                           page_of_one=page_product is not None)
            here = {sp.source_id, locator.html_source_id(sp)}
            if offer is not None and not any(
                    o["product_id"] == owner.product_id and o["cited"]["source_id"] in here
                    and ((o["price"], o["currency"]) == (offer["price"], offer["currency"])
                         or (o["condition"] == offer["condition"] and _cents_misread(o["price"], offer["price"])))
                    for o in offers):
                offers.append(offer)

    if unranked:
        notes.append(f"left out of the comparison, named by fewer pages than the {len(chosen)} products compared: "
                     + ", ".join(p.name for p in unranked))
    if other_kind:
        notes.append(f"left out as another kind of product than the question asks for (a {category}): "
                     + ", ".join(p.name for p in catalogue.products if p.product_id in other_kind))
    priced_sources = {o["cited"]["source_id"] for o in offers if o["price"] is not None}
    priced_sources |= {locator.html_source_id(sp) for sp, _ in read}.intersection(priced_sources)
    unpriced = [sp for sp, page in read if page.shop and sp.source_id not in priced_sources
                and locator.html_source_id(sp) not in priced_sources
                and any(sp.source_id in p.source_ids for p in chosen)]
    if unpriced:
        notes.append("no readable price on the shop page(s) " + "; ".join(
            f"{(page_title or sp.title)} ({sp.url})" for sp, page_title in
            ((sp, next((pg.title for s2, pg in read if s2 is sp), "")) for sp in unpriced))
            + ": their offers are not in the comparison")
    owners = {sp.source_id: p for sp, page in read
              if (p := _page_product(catalogue, page, sp)) is not None and p.product_id in chosen_ids}
    raw_cells += _prose_specs(read, chosen, raw_cells, owners)
    reviews += _reviewer_picks(locator, read, chosen, owners)
    reviews += _table_picks(locator, read, catalogue, chosen_ids, reviews)
    raw_cells = _rating_rows(locator, read, raw_cells, reviews)
    faults = _fault_reports(locator, read, chosen, owners, reviews,
                            [p for p in catalogue.products if p.product_id not in chosen_ids])
    decimals = {sp.source_id: decimal_mark(page.lang) for sp, page in read}
    attributes, cells, conflicts = _matrix(question, _posts_given_way(raw_cells), locator, decimals)
    implicit = ""  # why the comparison currency is one neither the question nor the user names (the verdict says it)
    if target is None and rates is not None and (common := common_currency(offers, rates)) is not None:
        tied = tied_currencies(offers, rates)
        default = (default_currency or "").strip().upper()
        if tied and default and rates.knows(default):  # "1 offer in EUR, 1 in USD": no currency has the most
            target, implicit = default, ("the default comparison currency (ASSAY_SHOPPING_DEFAULT_CURRENCY): as many "
                                         f"offers are in {' as in '.join(tied)}")
        else:
            target, implicit = common, "the currency most offers are in"
    notes += compare_offers(offers, budget, budget_currency, target, rates, today)
    codes = sorted({str(o["compared_currency"]) for o in offers if o["compared_price"] is not None})
    if target is None and len(codes) > 1:
        notes.append(f"prices in different currencies ({', '.join(codes)}) are not compared with each other: no "
                     "comparison currency is set (a budget with its currency in the question, or "
                     "ASSAY_SHOPPING_CURRENCY with a rates table, ASSAY_SHOPPING_RATES_FILE)")
    products_json = [{"product_id": p.product_id, "name": p.name, "brand": p.brand, "model": p.model,
                      "variant": "", "aliases": p.aliases[:6], "source_ids": p.source_ids} for p in chosen]
    priced = [o for o in offers if purchase(o)]
    other_terms = [o for o in offers if o["price"] is not None and not purchase(o)]
    if other_terms:
        named = {p.product_id: p.name for p in chosen}
        notes.append("not a purchase price, so not compared (budget, best value): " + "; ".join(
            f"{named.get(o['product_id'], o['product_id'])} at {o['merchant']}, {_money(o['price'], o['currency'])} "
            f"({o['terms']})" for o in other_terms))
    max_tier = "high"
    if not chosen:
        notes.append(NO_PRODUCT)
        max_tier = "medium"
    elif not priced:
        listed = any(_PRICE_NAME.search(c["attribute"]) and c["amount"] is not None for c in cells)
        notes.append(("no merchant offer was found (prices appear only in comparison tables, shown in the spec "
                      "matrix)" if listed else "no merchant offer was found (only prices that reviews mention)"
                      if other_terms and all(mentioned(o) for o in other_terms)
                      else "no purchase price was found in any source (only rental, "
                      "recurring, contract or zero prices)" if other_terms else "no price was found in any source")
                     + ": the offers, the budget and the best-value verdict could not be checked")
        max_tier = "low" if budget is not None else "medium"
    unknown = sorted({o["note"] for o in offers if o["currency"] is None and o["price"] is not None})
    if unknown:
        notes.append("prices in an unknown currency are shown as written and not compared: " + "; ".join(unknown))
    if conflicts:
        named = {p.product_id: p.name for p in chosen}
        notes.append("the sources disagree on " + "; ".join(
            f"the {c.split(': ', 1)[1]} of {named.get(c.split(': ', 1)[0], c)}" for c in conflicts)
            + " (each value is shown with its source in the spec matrix)")
    sponsored = {sid for sp, page in read if page.sponsored_why for sid in (sp.source_id, locator.html_source_id(sp))}
    discount_sponsored(reviews, cells, sponsored)
    advice = _advice(locator, read, chosen, sponsored)
    unfit = _unsuited(locator, read, chosen, owners, sponsored, question)
    backing = _test_backing(locator, read, chosen, sponsored, question, attributes, cells)
    avoided = _avoid_verdicts(locator, read, chosen, sponsored)
    valued = _value_verdicts(locator, read, chosen, sponsored)
    worth = _worth_verdicts(locator, read, chosen, sponsored)
    # a feature the question asks for ("with Wi-Fi"): a product whose spec shows it lacks it is no pick
    features = feature_needs(question, attributes, cells, [p.product_id for p in chosen])
    if not features[0]:  # else a feature the sources tie to the use asked ("hammer mode" for drilling into brick)
        features = use_features(question, attributes, cells, [p.product_id for p in chosen],
                                [_page_text(sp) for sp, page in read if not page.sponsored_why
                                 and sp.source_id not in sponsored])
    # a size the use names ("for 4x6 shipping labels") is a requirement on the width of what a product takes
    need = size_need(question, [_page_text(sp) for sp, _ in read], attributes, cells)
    # the sites the question names, by each page's text and markup source (a figure cites either)
    named_sources = sources_named(question, read, catalogue.products)
    named_sources |= {locator.html_source_id(sp): named_sources[sp.source_id] for sp, _ in read
                      if sp.source_id in named_sources}
    sections, pick = _sections(question, chosen, attributes, cells, offers, reviews, budget, budget_currency, target,
                               sponsored, also, faults, advice, implicit=implicit, unfit=unfit, backing=backing,
                               line_of=line_of,
                               needs=[need] if need is not None else None, avoided=avoided,
                               features=features, worth=worth, valued=valued,
                               named_sources=named_sources)
    if pick is not None and pick.pop(TEST_AVOIDS, False):
        notes.append("an independent test or review says to avoid the product picked (quoted in the verdict), the "
                     "only one left to pick: the verdict is not a recommendation")
        max_tier = "low"
    if unbuyable_budget(budget):
        # "under -5 dollars": nothing is for sale under it, so no verdict is drawn; ranking as if no budget were given
        # answered another question at "high" (issue 15, trial t51s b2)
        said = f"{budget:g} {budget_currency or ''}".rstrip()
        sections = [{"heading": "Verdicts", "evidence": [], "body": (
            f"**{NO_PURCHASE} {said}:** a budget of zero or less leaves nothing to buy, so no "
            "product is recommended; ask again with the most you would spend.")},
            *(s for s in sections if s["heading"] != "Verdicts")]
        pick = None
        notes.append(f"the budget read from the question is {said}, which is not above zero: no product can be "
                     "bought under it, so no verdict is drawn")
        max_tier = "low"
    if f"**{NO_BUDGET_ANSWER} " in next((s["body"] for s in sections if s["heading"] == "Verdicts"), ""):
        notes.append(f"no offer within the budget of {budget:g} {budget_currency or ''}".rstrip() + " was found: "
                     "the verdicts rank the products over it, and a product within it may be sold by a seller "
                     "the search did not reach")
        max_tier = "medium" if max_tier == "high" else max_tier
    if pick is not None and pick.pop(PICK_AGAINST, False):
        notes.append("an independent reviewer's pick for the best is another product than the best overall (named "
                     "in the verdict): the verdict is not confirmed")
        max_tier = "low"
    if pick is not None and pick.pop(TEST_AGAINST, False):
        notes.append("an independent test or review names another product than the best overall the better on what "
                     "the question asks (quoted in the verdict): the verdict is not confirmed")
        max_tier = "low"
    verdicts = next((s["body"] for s in sections if s["heading"] == "Verdicts"), "")
    unnamed = unknown_model(question, chosen, [t for sp, _p in read for t in (sp.title, sp.text, sp.html or "")]
                            ) if not unbuyable_budget(budget) else None
    if unnamed is not None:
        # "What is the battery life of the Readon Glide 9 Ultra?" and no source names that model: that is the answer,
        # never another product's figure or verdict (issue 15, trial t53s B1)
        verdicts = (f"**{NOT_FOUND_ANSWER}: no source names the {_md(unnamed)}.** The {len(read)} sources read name "
                    f"other products ({', '.join(_md(p.name) for p in chosen)}); none of what they give is of the "
                    f"{_md(unnamed)}, and the sections below show it of those.")
        sections = [{"heading": "Verdicts", "evidence": [], "body": verdicts},
                    *(s for s in sections if s["heading"] != "Verdicts")]
        pick = None
        notes.append(f"no source names the {unnamed}, which the question asks about")
        max_tier = "low"
    unfound = unfound_asked(question, chosen, attributes, cells) if unnamed is None else None
    if unfound is not None and f", {SPEC_ANSWER}:**" not in verdicts and not unbuyable_budget(budget):
        # "How loud is the X in decibels?" and no source gives its noise level: that is the answer, never a ranking
        # of the products found (issue 15, trial t52s fault 2: "Best overall: X" at 0.80 medium)
        what = f"the {' and '.join(unfound[1])} of the {unfound[0].name}"
        verdicts = (f"**{NOT_FOUND_ANSWER}: {_md(what)}.** None of the {len(read)} sources read gives it; the "
                    "sections below show what they give of the products found.")
        sections = [{"heading": "Verdicts", "evidence": [], "body": verdicts},
                    *(s for s in sections if s["heading"] != "Verdicts")]
        pick = None
        notes.append(f"no source gives {what}, which the question asks for")
        max_tier = "low"
    unread = unread_figure_asked(question, chosen, cells) if unnamed is None and unfound is None else None
    if unread is not None and pick is not None and pick.get("kind") == "ranking" \
            and f", {SPEC_ANSWER}:**" not in verdicts and not unbuyable_budget(budget):
        # "What is the motor wattage of the X?" with no figure of the words asked read: a ranking of the products
        # found on another figure answers another question, never this one
        verdicts = (f"**{NOT_FOUND_ANSWER}: which figure of the {_md(unread.name)} the question asks for.** No "
                    f"figure the {len(read)} sources read give of it is named by the question's words; the spec "
                    "matrix below shows the figures they give.")
        sections = [{"heading": "Verdicts", "evidence": [], "body": verdicts},
                    *(s for s in sections if s["heading"] != "Verdicts")]
        pick = None
        notes.append(f"the question asks a figure of the {unread.name} that no spec the sources give is named by: "
                     "no ranking of the products found answers it")
        max_tier = "low"
        unfound = (unread, [])
    uncompared = uncompared_asked(question, chosen, attributes, cells) if unnamed is None and unfound is None else []
    if uncompared and verdicts.startswith("- **Best overall:"):
        # "Which kettle lasts the longest on one charge?" and no two products have a figure of it: that is the answer,
        # the ranking on other figures follows it, never as the answer (trial t65s S4: "Best overall" at 1.00 high)
        what = " or ".join(uncompared)
        verdicts = (f"**{NOT_FOUND_ANSWER}: which product leads on {_md(what)}.** No "
                    f"source read gives a {_md(what)} figure of two or more of the {len(chosen)} products found, so "
                    f"they cannot be compared on it; the verdicts below rank them on other figures, which answer "
                    f"another question.\n\n" + verdicts)
        sections = [{**s, "body": verdicts} if s["heading"] == "Verdicts" else s for s in sections]
        pick = None
        notes.append(f"no two products have a figure of the {what}, which the question asks for")
        max_tier = "low"
    if chosen and "**Best overall:" not in verdicts and unfound is None and unnamed is None \
            and f", {SPEC_ANSWER}:**" not in verdicts \
            and not unbuyable_budget(budget) \
            and not re.search(r"^- \*\*Best for [^*]+: ", verdicts, re.MULTILINE):
        # a comparison that names no winner is no confident answer (a question about one product's figures asks none;
        # "Best for travel: X", a reviewer's pick for the use asked, names one)
        notes.append("no product could be named best overall: the sources give no figure the products can be "
                     "compared on")
        max_tier = "medium" if max_tier == "high" else max_tier
    if (no_price := unpriced_asked(question, chosen, offers)) is not None:
        notes.append(f"no price was found for the {no_price.name} in any source: what it costs, and so whether it "
                     "is worth its price, cannot be said")
        max_tier = "medium" if max_tier == "high" else max_tier
    sellers = {str(o["merchant"]).casefold() for o in buy_offers(question, chosen, offers)}
    if f", {SPEC_ANSWER}:** cheapest offer " in verdicts and len(sellers) < MIN_SELLERS:
        # "cheapest place to buy the X?" answered from one or two sellers: another may well sell it for less
        notes.append(f"only {len(sellers)} seller{'s' if len(sellers) != 1 else ''} of the product asked about "
                     f"{'were' if len(sellers) != 1 else 'was'} found: a cheaper offer elsewhere is not ruled out")
        max_tier = "medium" if max_tier == "high" else max_tier
    return Analysis(products=products_json, attributes=attributes, cells=cells, conflicts=conflicts, offers=offers,
                    budget=budget, budget_currency=budget_currency, reviews=reviews, sections=sections,
                    sources=list(locator.html_sources.values()), notes=notes, max_tier=max_tier,
                    sponsored_sources=[{"source_id": sid, "why": page.sponsored_why} for sp, page in read
                                       if page.sponsored_why for sid in (sp.source_id, locator.html_source_id(sp))
                                       if sid == sp.source_id or sid in locator.html_sources], pick=pick,
                    review_sources=[{"source_id": sid, "why": page.review_why} for sp, page in read
                                    if page.review_why and not page.sponsored_why
                                    for sid in (sp.source_id, locator.html_source_id(sp))
                                    if sid == sp.source_id or sid in locator.html_sources])


#: a superlative of less that ends in no "-est" ("weighs the least", "the fewest parts", "least noisy"); "at least 8
#: hours" is a requirement, blanked before this is looked for
_LEAST_WORDS = re.compile(r"\b(?:least|fewest)\b", re.IGNORECASE)


def superlative_figured(question: str, read: list[tuple[SourcePage, Page]], catalogue: Catalogue,
                        pool: list[Product]) -> list[Product]:
    """Of ``pool`` (products left out of the comparison by :data:`MAX_PRODUCTS`), those a page of ``read`` gives a
    figure for that a superlative ``question`` ranks on, in ``pool``'s order: a structured offer or the page's own
    price when it asks for the lowest price (:data:`_CHEAPEST_OF_ALL`: "the cheapest", "costs the least"), a spec
    (a structured product's, a table row headed by its name or of the page about it) whose attribute it asks for
    with a superlative word (:data:`_TOP_WORDS`: "the lightest" asks for weight, "the longest range" for range:
    :func:`asks`; "the least", "the fewest": :data:`_LEAST_WORDS`). [] for any other question ("the best" asks
    for no one attribute)."""
    if not pool or not (_TOP_WORDS.search(question) or _LEAST_WORDS.search(requirement_blanked(question))):
        return []
    cheapest = bool(_CHEAPEST_OF_ALL.search(question))
    unbounded = requirement_blanked(question)

    def ranks_on(specs: list[Spec]) -> bool:
        return any(asks(unbounded, attribute) and attribute != "price"
                   for attribute in (cell_attribute(s) for s in specs))

    ids = {p.product_id for p in pool}
    found: set[str] = set()
    for sp, page in read:
        for item in page.products:
            product = catalogue.find(item.name)
            if product is not None and product.product_id in ids and (
                    (cheapest and any(o.price.strip() for o in item.offers)) or ranks_on(item.specs)):
                found.add(product.product_id)
        own = _page_product(catalogue, page, sp)
        for name, specs in page.table_specs.items():
            product = catalogue.find(name) if name else own
            if product is not None and product.product_id in ids and ranks_on(specs):
                found.add(product.product_id)
        if own is not None and own.product_id in ids and cheapest and page.prices \
                and not any(i.offers for i in page.products):
            found.add(own.product_id)
    return [p for p in pool if p.product_id in found]


def failed_tier(question: str) -> str:
    """The confidence tier a shopping run is capped at when its analysis failed (no verdict, offer or price was
    checked): "low" when ``question`` states a budget (:func:`read_budget`) or asks what to buy
    (:func:`shared.text.buying.asks_to_buy`: "Which baby monitor should I buy?"), else "medium", as when no price
    is found anywhere."""
    return "low" if read_budget(question)[0] is not None or asks_to_buy(question) else "medium"


def analyse_with_settings(settings: DomainShoppingSettings, question: str, pages: list[SourcePage], run_id: UUID,
                          *, today: date | None = None,
                          model_products: dict[str, list[PageProduct]] | None = None) -> Analysis:
    """:func:`analyse` with the user's currency and the rates table of ``settings``. A rates table that cannot be
    used (missing, malformed: :class:`RatesError`) leaves prices unconverted, and says why in ``notes``."""
    rates: Rates | None = None
    problem = ""
    if settings.rates_file is not None:
        try:
            rates = load_rates(settings.rates_file)
        except RatesError as exc:
            problem = f"prices were not converted between currencies: the rates table is unusable ({exc})"
    analysis = analyse(question, pages, run_id, today=today, rates=rates, currency=settings.currency,
                       default_currency=settings.default_currency,
                       model_products=model_products)
    if problem:
        analysis.notes.append(problem)
    return analysis


#: how far before a figure's span (characters) its product's name is looked for, to open the evidence window
NAME_WINDOW = 1500


def figures(analysis: Analysis, pages: list[SourcePage], run_id: UUID) -> list[dict[str, Any]]:
    """The analysis' cited figures as claims for the verifier (``contracts.DomainFigure`` JSON): one per spec
    cell ("The Sony WH-1000XM5 weight is 250 g.") and per priced offer ("The Sony WH-1000XM5 price is 329.99
    USD."), each with the span it cites and an evidence window from the product's name (its last mention within
    :data:`NAME_WINDOW` characters before the span, else the span alone) to the span's end. The claim id is
    :func:`shared.evidence.domain_claim_id` of the span, the id its citation in the report carries. A cell or
    offer whose cited span is not in its document (never expected) is left out."""
    docs: dict[str, tuple[str, str | None]] = {sp.source_id: (sp.text, None) for sp in pages}
    own = {str(src["source_id"]): str(src["document_sha256"]) for src in analysis.sources}
    html_of = {str(uuid5(run_id, f"html:{sp.source_id}")): sp for sp in pages if sp.html is not None}
    for sid, digest in own.items():
        page = html_of.get(sid)
        if page is not None and page.html is not None:
            docs[sid] = (page.html, digest)
    names = {p["product_id"]: [p["name"], *p.get("aliases", []), *short_names(p)] for p in analysis.products}
    shown = {p["product_id"]: p["name"] for p in analysis.products}
    out: dict[str, dict[str, Any]] = {}

    def add(pid: str, cited: dict[str, Any], attribute: str, value: str, code: str = "", terms: str = "") -> None:
        sid = str(cited["source_id"])
        if sid not in docs or pid not in shown:
            return
        doc, digest = docs[sid]
        start, end = int(cited["start"]), int(cited["end"])
        if doc[start:end] != cited["quote"]:
            return
        lower = doc.lower()
        begin = max(0, start - NAME_WINDOW)
        found = sorted(((lower.rfind(n.lower(), begin, start), n) for n in names[pid] if n), reverse=True)
        window_start, name = found[0] if found and found[0][0] >= 0 else (start, shown[pid])
        if window_start != start:
            name = doc[window_start:window_start + len(name)]  # the name as this page writes it
        cid = str(domain_claim_id(run_id, sid, start, end))
        said = f" {code}" if code and code in doc[window_start:end] else ""  # a currency the page writes there
        said += f" ({terms})" if terms else ""
        out.setdefault(cid, {"claim_id": cid, "text": f"The {name} {attribute} is {value}{said}.", "source_id": sid,
                             "start": start, "end": end, "quote": cited["quote"], "window_start": window_start,
                             "window_end": end, "document_sha256": digest})

    for c in analysis.cells:
        add(c["product_id"], c["cited"], str(c["attribute"]), " ".join(str(c["value"]).split()))
    for o in analysis.offers:
        if o["price"] is None:
            continue
        written = re.search(r"\d(?:[\d.,'’]|\s(?=\d))*", o["cited"]["quote"])  # "1'299.–", "24 990 ₽" as written
        price = written.group(0).rstrip(".,'’") if written else f"{o['price']:g}"
        add(o["product_id"], o["cited"], "price", price, o["currency"] or "", o.get("terms", ""))
    return list(out.values())


def short_names(product: dict[str, Any]) -> list[str]:
    """Shorter ways a page names ``product`` (JSON of ``ProductsIdentified``): each spelling cut after its last
    model-number word ("Keychron K2 Wireless Mechanical Keyboard" -> "Keychron K2"), and brand + model; never a
    bare model number shorter than 3 characters."""
    out: list[str] = []
    for name in [product["name"], *product.get("aliases", [])]:
        clean = " ".join(_CONDITION_WORDS.sub(" ", name).split())
        words = clean.split()
        model, variant = identity(clean)
        last = max((i for i, w in enumerate(words) if re.sub(r"[^0-9a-z]", "", w.lower()) in model | variant),
                   default=-1)
        if last >= 1 or (last == 0 and len(words[0]) >= 3):
            out.append(" ".join(words[:last + 1]))
    if product.get("brand") and product.get("model"):
        out.append(f"{product['brand']} {product['model']}")
    return [n for n in dict.fromkeys(out) if n and n not in (product["name"], *product.get("aliases", []))]


def _page_text(sp: SourcePage) -> str:
    """The page's stored text, else the visible text of its HTML, with runs of white space as one space."""
    if sp.text or not sp.html:
        return " ".join(sp.text.split())
    tree = _visible_tree(sp.html)
    return "" if tree is None else " ".join(" ".join(str(t) for t in tree.xpath("//body//text()")).split())


def _visible_tree(html: str) -> Any:
    """``html`` parsed by lxml (an ``HtmlElement``) without its scripts and styles; None when it does not parse."""
    import lxml.html
    try:
        tree = lxml.html.fromstring(html)
    except (ValueError, lxml.etree.ParserError):
        return None
    for bad in tree.xpath("//script|//style"):
        bad.drop_tree()
    return tree


#: the HTML elements whose text is a block of its own (a heading, a paragraph, a table row, a list item): a sentence
#: never runs from one into the next (:func:`_page_blocks`)
_BLOCK_TAGS = ("p", "h1", "h2", "h3", "h4", "h5", "h6", "tr", "li", "dt", "dd", "caption", "blockquote", "figcaption")


#: the origin of a figure a sentence says a tester measured (:func:`services.domain_shopping.attributes.read_measured`:
#: "we measured 58 dB", "it lasted 11 h 20 min in our test"), its cell's ``cited["origin"]``: a question asking for the
#: measured figure is answered from such cells, never from a maker's rated one (:func:`_spec_answer`)
MEASURED = "measured"


def _page_blocks(sp: SourcePage) -> str:
    """The page's text as :func:`_page_text` gives it, but with its blocks kept apart by a blank line: the stored
    text's lines, else the HTML's headings, paragraphs, table rows and list items (:data:`_BLOCK_TAGS`), so that
    :func:`shared.text.tokens.split_sentences` never reads a heading or a results table's rows into the sentence
    after them ("Avoid: Norrik Max | Best overall: Caldo 7 The Caldo 7 lasted 11 h" names both products)."""
    if sp.text or not sp.html:
        blocks = [" ".join(line.split()) for line in sp.text.splitlines()]
        return "\n\n".join(b for b in blocks if b)
    tree = _visible_tree(sp.html)
    if tree is None:
        return ""
    for cell in tree.iter("td", "th"):  # a row's cells apart by a space, as its text reads them
        cell.tail = " " + (cell.tail or "")
    for element in tree.iter(*_BLOCK_TAGS):
        element.text = "\n\n" + (element.text or "")
        element.tail = "\n\n" + (element.tail or "")
    whole = "".join(str(t) for t in tree.xpath("//body//text()"))
    return "\n\n".join(b for b in (" ".join(part.split()) for part in re.split(r"\n\n+", whole)) if b)


def _prose_specs(read: list[tuple[SourcePage, Page]], chosen: list[Product],
                 raw: list[tuple[Product, str, Spec, SourcePage]],
                 owners: dict[str, Product] | None = None) -> list[tuple[Product, str, Spec, SourcePage]]:
    """Figures written in running text, in any language the attribute lexicon knows ("Battery life is up to 30
    hours.", "It weighs 250 g.", "The Veltra P27K has a peak brightness of 400 cd/m²", "30 Stunden
    Akkulaufzeit"): :func:`services.domain_shopping.attributes.read_prose`, plus the attributes other sources give
    with a unit. A sentence naming exactly one of the ``chosen`` products gives that product's figures; a sentence
    naming none gives the figures of the product the previous sentence is about when it opens with a pronoun subject
    ("Das Velora C3 ist ein kompaktes Pedelec. Es wiegt 23,5 kg.", "It weighs", "Il pèse": :data:`_PRONOUN_SUBJECT`),
    else those of the page's own product (``owners``: source id -> the product the page is
    about, from its structured data, title or heading) unless the page named another product since it last named
    its own ("The K2 is a good alternative. It weighs 663 g." is not the page's product's weight). So a product
    page's plain sentences fill the spec matrix, and a review that contradicts a spec sheet shows in the matrix as
    a second value. Each figure cites its words, the attribute's with the value's. A figure the page's own table
    gives for the same attribute is that table row's, never read again from the text."""
    kinds: dict[str, str] = {}
    for _, attribute, spec, _ in raw:
        q = read_quantity(spec.value, spec.unit_hint)
        if q is not None and q.kind not in ("number", "text") and not _PRICE_NAME.search(attribute):
            kinds.setdefault(attribute, q.kind)
    have = {(p.product_id, a, sp.source_id) for p, a, _, sp in raw}
    # a page's table rows, already credited to their product: the page's text repeats them (a table read into the
    # sentence of the heading after it: "... 9000 mAh Aerovo AirDash 2 Rating: 2/5") and credits no one with them
    # (its mode's column too: "Battery life (GPS mode) 40 h" read again as a battery life of 40 h is that row)
    tabled = {(sp.source_id, b, " ".join(spec.value.split()).casefold()) for _, a, spec, sp in raw
              if spec.origin == "table" for b in {a, without_mode(a)}}
    out: list[tuple[Product, str, Spec, SourcePage]] = []
    for sp, page in read:
        own = (owners or {}).get(sp.source_id)
        # a page testing products ("lasted 11 h in our test" is its measurement; on a blog, an anecdote)
        tester = bool(page.review_why) and not page.sponsored_why and not page.shop
        last: Product | None = None  # the product the page named last
        subject: Product | None = None  # the one product the previous sentence is about
        for sentence in split_sentences(_page_blocks(sp)):
            text = sentence.text
            lower = text.lower()
            named = [p for p in chosen if any(written(lower, n, text) for n in [p.name, *p.aliases])]
            if len(named) > 1:
                out += _shared_sentence_specs(text, named, kinds, sp, have)
                last = _named(text, named, last=True)
                subject = None
                continue
            if named:
                owner: Product | None = named[0]
                last = named[0]
            elif any(n and n.lower() in lower for p in chosen for n in [p.name, *p.aliases]):
                owner = None  # "The Tarvo K8 Pro weighs 1.6 kg" on a page of the Tarvo K8: another model's figure
                last = _LOOK_ALIKE
            elif subject is not None and _PRONOUN_SUBJECT.match(text):
                owner = subject  # "Das Velora C3 ist ein kompaktes Pedelec. Es wiegt 23,5 kg."
            elif own is not None and _names_unknown(text, chosen):
                owner = None  # "the Brakka DX20 is the stronger drill, with 65 Nm" on a page of another product
            else:
                owner = own if last is None or last is own else None
            subject = owner
            if owner is None:
                continue
            # a figure the sentence says was measured wins over one it only states ("the maker states a noise
            # level of 52 dB, but we measured 58 dB": the tester's 58 dB is this source's figure)
            measured = read_measured(text, kinds, tester)
            said = {f.attribute for f in measured}
            stated = [f for f in read_prose(text, kinds) if f.attribute not in said] + measured
            # a figure whose unit alone says its attribute ("prints at 300 dpi"), outside the figures read
            taken = [(f.start, f.start + len(f.quote)) for f in stated]
            stated += [f for f in read_by_unit(text, kinds) if f.attribute not in {g.attribute for g in stated}
                       and not any(a <= f.start < b for a, b in taken)]
            for figure in stated:
                if (owner.product_id, figure.attribute, sp.source_id) in have \
                        or (sp.source_id, figure.attribute, " ".join(figure.value.split()).casefold()) in tabled:
                    continue
                have.add((owner.product_id, figure.attribute, sp.source_id))
                before = figure.quote.startswith(figure.value)
                out.append((owner, figure.attribute, Spec(
                    name=figure.attribute, value=figure.value, origin=MEASURED if figure in measured else "text",
                    key="" if before else figure.key, quote=figure.quote if before else ""), sp))
    return out


#: a brand-like capitalised word and a model number after it ("Brakka DX20", "Tarvo K-8"): a product's name
_BRAND_MODEL = re.compile(r"\b[A-Z][a-z]{2,}\s+([A-Za-z]*\d[\w-]*|[A-Z]{1,4}-?\d+[\w-]*)")


def _names_unknown(text: str, chosen: list[Product]) -> bool:
    """Whether ``text`` writes a product name none of ``chosen`` has: a capitalised word and a model number after it
    (:data:`_BRAND_MODEL`) whose model token (:func:`identity`) is none of theirs ("the Brakka DX20 is the stronger
    drill, with 65 Nm against 45 Nm" on a review page of the Voltrex V12 Pro: the figure is not the page's
    product's). Sizes and capacities ("Up to 18V") are no model numbers."""
    known = {t for p in chosen for n in [p.name, *p.aliases] for t in identity(n)[0]}
    return any(t not in known for m in _BRAND_MODEL.finditer(text) for t in identity(m.group(0))[0])


def _shared_sentence_specs(text: str, named: list[Product], kinds: dict[str, str], sp: SourcePage,
                           have: set[tuple[str, str, str]]) -> list[tuple[Product, str, Spec, SourcePage]]:
    """The figures a sentence naming several products states between one product's name and the next ("With its
    battery fitted the Hurlo Air 18 weighs 2.4 kg, heavier than the Blastro LB20": the Air 18's 2.4 kg): each
    figure whose words lie wholly after the first product's name and before any other's is that product's; a
    figure before the first name, after a second one ("The X and the Y have a brightness of 500 nits") or with
    another name inside its words is nobody's. ``have`` (product id, attribute,
    source id) already read is updated."""
    lower = text.lower()
    # sorted by span only: two products may be named by the same words (a listing's spelling not folded into the
    # product), and products do not compare
    mentions = sorted(((at, at + len(n), p) for p in named for n in {p.name, *p.aliases} if n
                       for at in written_at(lower, n, text)), key=lambda t: (t[0], t[1]))
    out: list[tuple[Product, str, Spec, SourcePage]] = []
    for figure in read_prose(text, kinds, apposition=True):
        start, end = figure.start, figure.start + len(figure.quote)
        before = [(b, e, p) for b, e, p in mentions if e <= start]
        if not before or any(start < e and b < end for b, e, _ in mentions):
            continue
        owner = before[-1][2]
        if any(p is not owner for _, _, p in before):
            continue  # "The Caldera and the Dunric have a brightness of 500 nits": whose is not said
        if (owner.product_id, figure.attribute, sp.source_id) in have:
            continue
        have.add((owner.product_id, figure.attribute, sp.source_id))
        first = figure.quote.startswith(figure.value)
        out.append((owner, figure.attribute, Spec(name=figure.attribute, value=figure.value, origin="text",
                                                   key="" if first else figure.key,
                                                   quote=figure.quote if first else ""), sp))
    return out


#: what may stand between a pick's words and the product they name after them ("Our pick: the Corvan E5", "Our pick
#: is the", "we recommend the", "unser Testsieger ist das", "notre choix est le")
_PICK_THEN_NAME = re.compile(r"^\W*(?:(?:is|ist|est|es|è|are|sind|sont|son|sono|zijn|was|war|heißt|goes to|geht an|"
                             r"va à|:)\s*)?(?:(?:the|das|der|die|den|le|la|l'|el|il|lo|de|het)\s*)?$", re.IGNORECASE)
#: a pick's words that are a verb ("we recommend", "wir empfehlen"): they pick only the product named right after
_RECOMMEND_VERB = re.compile(r"recommend|empfehlen|recommandons|recomendamos|consigliamo", re.IGNORECASE)
#: a pick's words as the subject of what follows them ("our recommendation is to ...", "our pick would be ...",
#: "unser Tipp ist ...", "notre choix est ...", "our pick:"): it picks only a product named right after them
_PICK_AS_SUBJECT = re.compile(r"^\s*(?::|(?:is|was|would be|will be|remains|ist|wäre|bleibt|est|serait|reste|es|"
                              r"sería|sigue siendo|è|sarebbe|resta|blijft|zou zijn)\b)", re.IGNORECASE)
#: a pick's words as the predicate of the product named before them ("The Zulo Z1 is our pick: ...", "... ist
#: unser Testsieger", "... est notre choix"): they pick that product, whatever follows
_PICK_AS_PREDICATE = re.compile(r"\b(?:is|are|was|remains|stays|ist|bleibt|war|est|reste|était|es|era|è|resta|"
                                r"blijft)\s+(?:(?:also|still|clearly|easily|auch|noch|klar|aussi|toujours|ook)\s+)?$",
                                re.IGNORECASE)
#: how many characters of a pick's sentence are quoted at most
PICK_QUOTE = 300
#: a reviewer calling a product fit for a use ("light enough for travel", "ideal for camping", "perfect for
#: commuting", "well suited to small flats"): a pick for that use (:func:`_use_fit`), never a pick for everyone
_USE_FIT = re.compile(r"\b(?:(?:ideal|perfect|great|excellent|made|well[ -]suited|(?:light|small|compact|quiet|"
                      r"portable|sturdy|tough|fast|easy)\s+enough)\s+(?:for|to))\s+(?=\w)", re.IGNORECASE)


#: a test's or review's heading naming the product best for a use ("Best for brick and block: Voltrex V12 Pro", "Best
#: for travel - Nimbo Air"): the use before the mark, the product after it
_BEST_FOR = re.compile(r"^\W*(?:the\s+)?best\s+(?:choice\s+|pick\s+|buy\s+)?for\s+(?P<use>[^:–—.!?]{2,60}?)\s*[:–—]\s*",
                       re.IGNORECASE)
#: a reviewer's advice to buy a product for a use ("If you need to hang shelves on brick walls, buy the Voltrex V12
#: Pro", "When you want to camp in winter, get the ..."): the use after "to", the product after the verb
_NEED_THEN_BUY = re.compile(r"\b(?:if|when)\s+you\s+(?:mostly\s+|mainly\s+|often\s+)?(?:need|want|plan|have|intend)\s+"
                            r"to\s+(?P<use>[^.;:!?]{3,160}?),\s*(?:then\s+)?(?:buy|get|choose|pick|go\s+for|take)\s+"
                            r"(?=\w)", re.IGNORECASE)


def _best_for_headings(sp: SourcePage) -> list[str]:
    """The headings (``<h1>``-``<h4>``) of ``sp``'s HTML that pick a product for a use (:data:`_BEST_FOR`: "Best for
    brick and block: Voltrex V12 Pro"), as written with runs of white space as one space; [] without HTML."""
    if not sp.html or "best" not in sp.html.lower():
        return []
    import lxml.html
    try:
        tree = lxml.html.fromstring(sp.html)
    except (ValueError, lxml.etree.ParserError):
        return []
    found = (" ".join(h.text_content().split()) for h in tree.xpath("//h1|//h2|//h3|//h4"))
    return [h for h in found if _BEST_FOR.match(h)]


def use_pick(sentence: str) -> tuple[re.Match[str], str] | None:
    """A reviewer's pick of a product for a use in ``sentence``: a heading "Best for <use>: <product>"
    (:data:`_BEST_FOR`), advice "If you need to <use>, buy <product>" (:data:`_NEED_THEN_BUY`), or a fit for a use
    ("light enough for travel": :func:`_use_fit`), as (the match, which ends where the product or the use is
    named, the use as written: "brick and block", "hang shelves ... on brick walls", "travel"); None when it
    names none, or a negation stands before the advice in its clause ("If you need to ..., don't buy")."""
    m = _BEST_FOR.match(sentence)
    if m is not None:
        return m, m.group("use").strip()
    m = _NEED_THEN_BUY.search(sentence)
    if m is not None:
        return m, m.group("use").strip()
    fit = _use_fit(sentence)
    if fit is not None:
        return fit, asked_use("for " + sentence[fit.end():])[0]
    return None


def _use_fit(sentence: str) -> re.Match[str] | None:
    """The words of ``sentence`` calling a product fit for a use (:data:`_USE_FIT`: "light enough for travel"), or
    None when it names no use after them (:func:`asked_use`: "great for the money") or a negation stands before them
    in their clause ("not light enough for travel")."""
    for m in _USE_FIT.finditer(sentence):
        before = sentence[:m.start()]
        if re.search(r"\b(?:not|never|n't|no|hardly|too)\b[^.;,]{0,30}$", before, re.IGNORECASE):
            continue
        if asked_use("for " + sentence[m.end():])[1]:
            return m
    return None


def _reviewer_picks(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                    owners: dict[str, Product]) -> list[dict[str, Any]]:
    """Reviews (JSON, as :func:`_review`) that are a reviewer's pick: a sentence naming a product its pick or
    recommendation (:func:`services.domain_shopping.pages.reviewer_pick`: "Verdict: the Corvan E5 is our pick
    for commuters", "Unser Fazit: Das Velora C3 ist unser Testsieger", "Notre verdict : le Saphen K9 est notre
    choix"), quoted as the review's praise and cited. The product picked is the one of ``chosen`` named right
    after the pick's words ("Our pick: the Corvan E5", "We recommend the ..."), else the one named nearest before
    them, else, for a sentence naming none that is labelled a verdict or opens with a pronoun ("Verdict: it is our
    pick"), the page's own product (``owners``: source id -> product) or the product the page named last. Sponsored
    pages' picks are marked so (and down-weighted) like their other reviews. Pick words that are the subject of
    what follows (:data:`_PICK_AS_SUBJECT`: "Our verdict: it is heavy - our recommendation is to look elsewhere")
    pick only a product named right after them: a verdict that picks nothing is no pick. At most one pick per
    product and page."""
    out: list[dict[str, Any]] = []
    for sp, page in read:
        own = owners.get(sp.source_id)
        last: Product | None = None
        done: set[str] = set()
        if own is not None and _source_kind(page, sp, own.brand) == "maker":
            continue  # the maker's own words about its product are no reviewer's (t51s fault 5)
        whole = _page_text(sp)
        # a heading picking a product for a use ("Best for brick and block: Voltrex V12 Pro") that the page's
        # stored text left out is read from its HTML (issue 15, trial t52s fault 1)
        headed = [h for h in _best_for_headings(sp) if " ".join(h.split()) not in whole]
        for text in [*headed, *(sentence.text.strip() for sentence in split_sentences(whole))]:
            # a pick, or a pick for a use ("light enough for travel", "Best for brick and block: ...", "If you need
            # to ..., buy the ...")
            m = reviewer_pick(text) or ((found := use_pick(text)) and found[0]) or None
            named = _named(text, chosen, last=True)
            if m is not None and _table_cell(text, m.start(), m.end()):
                m = None  # a results table's verdict cell, which :func:`_table_picks` gives to its own row's product
            if m is not None:
                head = text[m.end():]
                after = _named(head, chosen, last=False)
                whose: Product | None = None
                if after is not None:
                    at = min(i for n in [after.name, *after.aliases] if n and (i := head.lower().find(n.lower())) >= 0)
                    whose = after if _PICK_THEN_NAME.match(head[:at]) else None
                before = _named(text[:m.start()], chosen, last=True) if _PICK_AS_PREDICATE.search(text[:m.start()]) \
                    else None  # "The Zulo Z1 is our best overall pick: it was accurate": the pick is the Zulo's
                if whose is None and before is None and _PICK_AS_SUBJECT.match(head):
                    continue  # "our recommendation is to look elsewhere": it picks what follows, and that is none
                if whose is None and not _RECOMMEND_VERB.search(m.group(0)):  # "we recommend" names what follows
                    whose = _named(text[:m.start()], chosen, last=True) or after
                label = VERDICT_LABEL.search(text[:m.start()])
                if whose is None and (label is not None or _PRONOUN_SUBJECT.match(text)):
                    whose = own if last is None or last is own else last
                if whose is not None and whose.product_id not in done:
                    # the sentence, else from its label ("Tested: ... Verdict: ..." glued to a heading), else
                    # the words after the label ("<b>Verdict:</b> the ..."), else from the product's name
                    starts = [0, *([label.start(), label.end()] if label is not None else [])]
                    lower = text.lower()
                    starts += [i for n in [whose.name, *whose.aliases] if n and 0 <= (i := lower.find(n.lower()))
                               < m.start()][:1]
                    # and from its last naming ("Lullwave Nest 3 The Lullwave Nest 3 weighs ...": a section's
                    # heading read into its first sentence)
                    again = [i for n in [whose.name, *whose.aliases] if n and 0 < (i := lower.rfind(
                        n.lower(), 0, m.start())) and i not in starts][:1]
                    # a headline naming the product glued before a sentence naming it again ("Quendal Stride S
                    # review The Quendal Stride S is the best ..."): the sentence, never the headline
                    glued = [i for i in again if not re.search(r"[.!?;:,]\s", text[:i])
                             and any(0 <= lower.find(n.lower()) < i for n in [whose.name, *whose.aliases] if n)]
                    starts = [*glued, *starts] if glued and label is None else [*starts, *again]
                    # never from inside a table glued to the sentence ("| Model | Aerovo AirDash 2 | ... The Aerovo
                    # AirDash 2 is our best overall pick"): from after its last cell
                    starts = [i for i in starts if "|" not in text[i:m.start()]] or starts
                    # a heading's pick ("Best for brick and block: Voltrex V12 Pro") glued to the paragraph under
                    # it is quoted to the product's name alone when the page's markup parts the two
                    ends = [len(text)] + [m.end() + i + len(n) for n in [whose.name, *whose.aliases]
                                          if n and (i := head.lower().find(n.lower())) >= 0][:1]
                    for start, end in ((start, end) for start in starts for end in ends):
                        quote = text[start:end][:max(PICK_QUOTE, m.end() - start)]
                        cited = locator.cite_words(sp, quote, "text")
                        if cited is not None:
                            review = _review(locator, sp, page, whose, "", "5", [" ".join(quote.split())], [],
                                             "text")
                            review["cited"] = cited
                            out.append(review)
                            done.add(whose.product_id)
                            break
            if named is not None:
                last = named
    return out


def _table_cell(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands in a cell of a table the stored text writes as Markdown rows ("| Belvik
    H2 | 1,4 | Testsieger | | Sonra Q5 | ..."): a "|" before it and one after it, on one line, around at most 60
    characters. Such a "sentence" runs on into the next row: the product named after the cell is another row's (a
    German test's "Testsieger" cell picked the next row's product)."""
    left, right = text.rfind("|", 0, start), text.find("|", end)
    return left >= 0 and right >= 0 and "\n" not in text[left:right] and len(text[left + 1:right].strip()) <= 60


#: a sentence opening with a personal or possessive pronoun standing for a thing, in the languages the attribute
#: lexicon knows ("It weighs", "Its battery", "Es wiegt", "Er hat", "Sie wiegt", "Seine Akkulaufzeit", "Il pèse",
#: "Elle pèse", "Son poids", "Sa batterie", "Het weegt", "Hij weegt", "Zijn accu"): its subject is the previous
#: sentence's
_PRONOUN_SUBJECT = re.compile(r"^\W*(?:it|its|es|er|sie|sein|seine|seinem|seinen|seiner|ihr|ihre|ihrem|ihren|ihrer|"
                              r"il|elle|son|sa|ses|het|hij|zij|ze|zijn)\b", re.IGNORECASE)


def _sentence_before(context: str, figure: str) -> str:
    """The text of ``context``'s sentence before ``figure`` (the figure's first occurrence; the end of
    ``context`` when ``figure`` is "" or not in it): the window that says whose figure it is."""
    at = context.find(figure) if figure else -1
    before = context[:at] if at >= 0 else context
    return re.split(r"[.!?;]\s+(?=\S)", before)[-1]


def _credited(default: Product | None, window: str, products: list[Product]) -> Product | None:
    """The product a figure is credited to: the one (of ``products``) its ``window`` (:func:`_sentence_before`)
    names last, else ``default`` (the page's own product, or None on a page about several products)."""
    return _named(window, products, last=True) or default


def _named(text: str, products: list[Product], *, last: bool) -> Product | None:
    """The product (of ``products``) whose name or alias ``text`` mentions first (``last`` False) or last (True), or
    None; of two names written at one place, the longer ("Tagwell T5 Pro", not the "Tagwell T5" it starts with)."""
    lower = text.lower()
    where = lower.rfind if last else lower.find
    found = [(i, len(n), p) for p in products for n in [p.name, *p.aliases] if n and (i := where(n.lower())) >= 0]
    if not found:
        return None
    return (max(found, key=lambda f: (f[0], f[1])) if last else min(found, key=lambda f: (f[0], -f[1])))[2]


#: words of a question before the kind of product it asks about that are none of it ("Which", "What is the best",
#: "the lightest", "top 5")
_NOT_CATEGORY = re.compile(r"(?:\w+est|best|top|most|least|good|great|cheap|new|\d[\w.,]*)", re.IGNORECASE)


@lru_cache(maxsize=1)
def _question_stopwords() -> frozenset[str]:
    """Function words of the languages the attribute lexicon knows (``stopwordsiso``: "welches", "ist", "quel")."""
    import stopwordsiso

    return frozenset(w.casefold() for lang in ("en", "de", "fr", "es", "it", "nl") if stopwordsiso.has_lang(lang)
                     for w in stopwordsiso.stopwords(lang))


def asked_category(question: str) -> list[str]:
    """The kind of product ``question`` asks about, as its words (modifiers, then the head noun): the first run of
    words after its leading function words and superlatives, up to the next function word, superlative or number
    ("Which cargo e-bike is the quietest?" -> ["cargo", "e-bike"]; "What is the lightest commuter e-bike for
    carrying up stairs?" -> ["commuter", "e-bike"]); [] when none is found."""
    words = re.findall(r"\w[\w-]*", question)
    out: list[str] = []
    for i, word in enumerate(words):
        low = word.casefold()
        if is_stopword(low) or low in _question_stopwords() or _NOT_CATEGORY.fullmatch(low):
            if out:
                break
            continue
        if out and attribute_verb_at(words, i):  # "Which cordless drill weighs the least?": its verb ends it
            break
        out.append(low)
    return out[:4]


def _spelled(word: str) -> str:
    """A regular expression for ``word`` in its British and American spellings ("tire": "tire" or "tyre",
    :func:`shared.text.spelling.spellings`), longest first."""
    return "|".join(re.escape(w) for w in sorted(spellings(word), key=len, reverse=True))


def _category_pattern(words: list[str]) -> re.Pattern[str]:
    """The question's kind of product written in a text: its modifiers in order, then its head noun or the head
    noun's last part ("e-bike": "e-bike", "ebike", "bike"), plural or not, one other word allowed between
    ("cargo electric bike"); each word in its British or American spelling ("tire inflator": "tyre inflator")."""
    *modifiers, head = words
    tail = head.rsplit("-", 1)[-1]
    heads = sorted({_spelled(head), _spelled(head.replace("-", "")), _spelled(tail)}, key=len, reverse=True)
    head_re = rf"(?:{'|'.join(heads)})(?:e?s)?"
    before = "".join(rf"(?:{_spelled(m)})(?:e?s)?[\s-]+(?:\w+[\s-]+)?" for m in modifiers)
    return re.compile(rf"(?<!\w){before}{head_re}(?!\w)", re.IGNORECASE)


def other_category(question: str, products: list[Product], read: list[tuple[SourcePage, Page]]
                   ) -> tuple[str, set[str]]:
    """The products of another kind than the one ``question`` asks about (:func:`asked_category`, with modifiers:
    "cargo e-bike"), never to be ranked: those whose pages (the pages naming them: their own, a test of several)
    write the kind's head noun ("commuter bike") but never the kind asked, while another product's pages write it
    ("family cargo e-bike", "Box L cargo bike"). A question naming no modifier, or whose kind no page writes, leaves
    every product in. Returns (the kind as the question writes it, product ids left out)."""
    words = asked_category(question)
    if not words:
        return "", set()
    texts = [f"{page.title or sp.title} {page.heading} {_page_text(sp)}" for sp, page in read]
    lowered = [t.lower() for t in texts]
    own: dict[str, list[str]] = {}
    for p in products:
        names = [n.lower() for n in [p.name, *p.aliases] if n]
        own[p.product_id] = [p.name, *(t for t, low in zip(texts, lowered, strict=True) if any(n in low for n in names))]
    # the longest run of the question's words some product's pages write as a kind ("espresso machine" of
    # "espresso machine heats ...": a verb the function words did not stop); the kind is its head noun and the
    # noun before it ("cargo e-bike"), never a feature ("noise cancelling headphones", "wireless earbuds": a page
    # may leave a feature unsaid)
    for end in range(len(words), 1, -1):
        modifier, noun = words[end - 2], words[end - 1]
        if _FEATURE_WORD.search(modifier):
            continue
        asked = _category_pattern([modifier, noun])
        fits = {pid: any(asked.search(t) for t in mine) for pid, mine in own.items()}
        if any(fits.values()):
            return f"{modifier} {noun}", {pid for pid, ok in fits.items() if not ok and _another_kind(
                own[pid], modifier, noun, [n for p in products if p.product_id == pid for n in [p.name, *p.aliases]])}
    return _other_noun(words, products, read, own)


def _other_noun(words: list[str], products: list[Product], read: list[tuple[SourcePage, Page]],
                own: dict[str, list[str]]) -> tuple[str, set[str]]:
    """The products of another kind than the question's head noun names ("trail-running shoe": "shoe"), when no
    modifier settles it (:func:`other_category`): those none of whose pages write the noun (plural or not), while
    the pages of two products or more do, and whose own page's title or heading calls them something else after
    their name ("Kestrel K4 electric scooter - Kestrel": "electric scooter"; a word of four letters or more, no
    code in capitals, variant or accessory word). A product whose pages say no kind after its name ("Sony
    WH-1000XM5 | Sony", "Brisk 3 GTX") is never left out; nor is any when the noun is a word of a product's
    name ("Loop" of "Is the Quivo Loop 2 ...?") or shorter than three letters."""
    noun = words[-1]
    names = {p.product_id: [n for n in [p.name, *p.aliases] if n] for p in products}
    name_words = {w.casefold() for p in products for w in re.findall(r"\w[\w-]*", p.name)}  # (a shop's alias
    # may say the kind: "MARLO VEX-3 E-Board")
    if len(noun) < 3 or not re.search(r"[^\W\d_]{3}", noun) or noun in name_words:
        return "", set()
    asked = _category_pattern([noun])
    fits = {pid: any(asked.search(t) for t in mine[1:]) for pid, mine in own.items()}
    if sum(fits.values()) < 2:
        return "", set()
    out: set[str] = set()
    for pid, ok in fits.items():
        if ok:
            continue
        for sp, page in read:
            if sp.source_id not in next((p.source_ids for p in products if p.product_id == pid), []):
                continue
            for written in (page.title or sp.title, page.heading):
                head = re.split(r"\s+[|–—-]\s+|:\s", written or "")[0]
                for n in sorted(names[pid], key=len, reverse=True):
                    at = head.casefold().find(n.casefold())
                    rest = [w for w in re.findall(r"[^\W\d_][\w-]*", head[at + len(n):] if at >= 0 else "")
                            if len(w) >= 4 and not w.isupper() and not is_stopword(w.casefold())
                            and w.casefold() not in _question_stopwords() and w.casefold() not in _VARIANT_WORDS
                            and w.casefold() not in _ACCESSORY_WORDS and not RANKING_RE.fullmatch(w)
                            and not _REVIEW_WORDS.fullmatch(f" {w}") and not _TITLE_WORDS.fullmatch(w)
                            and not _CONDITION_WORDS.fullmatch(w)]
                    if at >= 0:
                        if rest:
                            out.add(pid)
                        break
    return " ".join(words), out


#: endings of a word that describes a feature or quality ("cancelling", "wireless", "electric", "portable"), not a
#: kind of product ("cargo", "commuter", "robot", "espresso")
_FEATURE_WORD = re.compile(r"(?:ing|ed|less|al|ic|ive|ful|ous|able|ible)$")
#: words that describe a product's size, build, grade or smarts, never a kind of it ("heavy-duty inflator", "mini
#: pump", "smart inflator", "compact camera", "pro model"): a kind is a noun ("cargo", "commuter", "espresso")
_QUALITY_WORDS = frozenset({
    "mini", "micro", "compact", "pocket", "smart", "small", "little", "large", "big", "giant", "tiny", "slim", "light",
    "lightweight", "heavy", "heavy-duty", "pro", "premium", "budget", "cheap", "basic", "new", "classic", "standard",
    "handheld", "hand-held", "deluxe", "professional", "universal", "best", "top", "quality", "high-end", "low-cost",
    "entry-level", "mid-range", "full-size", "travel-size", "ultralight", "ultra-light", "super", "ultra", "quiet",
    "fast", "quick", "strong", "powerful", "good", "great", "nice", "cool", "smallest", "lightest", "rugged",
    "tough", "sturdy", "modern", "simple", "affordable", "durable"})
#: the first part of a hyphenated quality ("heavy-duty", "high-pressure", "all-round", "extra-strong")
_QUALITY_PART = re.compile(r"^(?:heavy|high|low|mid|full|light|all|multi|super|ultra|extra|top|entry|hand|self|"
                           r"long|short|fast|quick|auto)-", re.IGNORECASE)


def _another_kind(texts: list[str], modifier: str, noun: str, names: list[str]) -> bool:
    """Whether ``texts`` (a product's pages) call it another kind of the same noun: the noun after another word
    that is a kind ("electric commuter bike" for "cargo e-bike"), not the question's modifier in another spelling
    ("tyre inflator" for "tire inflator"), a feature, a quality (:data:`_QUALITY_WORDS`: "heavy-duty inflator",
    "mini pump"), a function word, number or part of the product's own name."""
    heads = _category_pattern([noun]).pattern.removeprefix("(?<!\\w)")
    own_words = {w.casefold() for n in names for w in re.findall(r"\w[\w-]*", n)}
    same = spellings(modifier)
    for text in texts:
        for m in re.finditer(rf"(?<!\w)(\w[\w-]*)[\s-]+{heads}", text, re.IGNORECASE):
            word = m.group(1).casefold()
            if word not in same and word not in own_words and not re.search(r"\d", word) and not is_stopword(word) \
                    and word not in _question_stopwords() and not _FEATURE_WORD.search(word) \
                    and word not in _QUALITY_WORDS and not _QUALITY_PART.match(word):
                return True
    return False


def _title_name(title: str) -> str:
    """A product name from a page title: its first part before " | ", " - ", " — " or ":", cut before a review
    word ("Leopold FC660M review for programmers" -> "Leopold FC660M")."""
    name = re.split(r"\s+[|–—-]\s+|:\s", title)[0].strip() or title
    name = _TITLE_WORDS.sub("", name).strip() or name
    cut = _REVIEW_WORDS.search(name)
    return name[:cut.start()].strip() if cut and cut.start() > 0 and name[:cut.start()].strip() else name


#: words after which a title no longer names the product ("... review for programmers", "... hands-on")
_REVIEW_WORDS = re.compile(r"\s\b(?:(?:im|in|en|au|al|nel|nella)\s+)?(?:review|reviews|reviewed|hands-on|tested|"
                           r"test|vs\.?|versus|compared|prova)\b", re.IGNORECASE)


def looks_like_product(name: str) -> bool:
    """Whether a name read from a page title can be one product's name (brand and model): it names no roundup
    ("The Best Noise Cancelling Headphones of 2026", "Top 10 ...", "... buying guide", "Our favourite ...") and
    its only numbers are not years ("... of 2026": an article's date, no model number). "Bose QuietComfort 45",
    "Keychron K2", "Mazzo Mini" can be products. A pronoun or determiner is none ("We" of the headline "We tested
    five baby monitors", "This", "Our"): a name whose every word is a stop word names no product."""
    if not name or RANKING_RE.search(name):
        return False
    words = re.findall(r"[^\W_]+", name)
    if words and all(is_stopword(w.lower()) for w in words):
        return False
    numbers = [w for w in re.findall(r"[\w-]+", name) if re.search(r"\d", w)]
    return not numbers or not all(re.fullmatch(r"(?:19|20)\d\d", w) for w in numbers)


def _page_product(catalogue: Catalogue, page: Page, sp: SourcePage) -> Product | None:
    """The product a page is about: its only structured product, else the one its title names, else the one its
    ``<h1>`` heading names."""
    names = {i.name for i in page.products}
    if len(names) == 1:
        return catalogue.find(next(iter(names)))
    if _product_sections(page, catalogue):
        return None  # a page listing several products is about none of them
    for name in (_title_name(page.title or sp.title), _title_name(page.heading) if page.heading else ""):
        if name and looks_like_product(name):
            found = catalogue.find(name)
            if found is not None:
                return found
    # a shop's title full of selling words ("DUSTRA V-8 Robot Vacuum Cleaner 2026 Best Deal Free Shipping") names
    # the one known product whose brand and model number it writes
    for written in (page.heading, page.title or sp.title):
        named = [p for p in catalogue.products if written and _writes(written, p)]
        if len(named) == 1:
            return named[0]
    return None


def _section_product(heading: str, catalogue: Catalogue, chosen_ids: set[str]) -> Product | None:
    """The chosen product (of ``chosen_ids``) a section heading names: the whole heading as a known name, else
    the one product whose name the heading writes ("Voltaro City 7: our verdict"); None when it names none or
    several."""
    found = catalogue.find(heading)
    if found is None:
        named = [p for p in catalogue.products if _writes(heading, p)
                 or any(n and re.search(rf"(?<!\w){re.escape(n)}(?!\w)", heading, re.IGNORECASE)
                        for n in [p.name, *p.aliases])]
        found = named[0] if len(named) == 1 else None
    return found if found is not None and found.product_id in chosen_ids else None


def _writes(text: str, product: Product) -> bool:
    """Whether ``text`` writes ``product``'s name, spellings folded ("DUSTRA V-8 Robot Vacuum" writes "Dustra
    V8"): one of its names, letters and digits only, as a whole run of ``text``'s words, with a model number."""
    words = [compact(w) for w in text.split()]
    joined = {"".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, min(len(words), i + 6) + 1)}
    for name in [product.name, *product.aliases]:
        if re.search(r"\d", name) and compact(name) in joined:
            return True
    return False


def _product_sections(page: Page, catalogue: Catalogue, least: int = 2) -> set[str]:
    """The headings of a page listing several products, one section each: the headings its spec rows or prices
    sit under (:attr:`Page.section_specs`, :attr:`PageOffer.section`) that name a product (a known one, or a name
    with a model number that is no roundup's nor the merchant's); empty unless there are ``least`` or more (two:
    a page of several products; one: a section naming one product, whose rows are that product's)."""
    merchants = {compact(m) for m in page.merchants if compact(m)}
    heads = {h for h, _ in page.section_specs if h} | {o.section for o in page.prices if o.section}
    named = {h for h in heads if compact(h) not in merchants and looks_like_product(_title_name(h))
             and (re.search(r"\d", h) or catalogue.find(h) is not None)}
    return named if len(named) >= least else set()


def _own_name(page: Page, sp: SourcePage) -> str:
    """The name of the one product a page without structured data is about: its title's, when the title can name
    one product (:func:`looks_like_product`), else its ``<h1>`` heading's; "" when neither can. A title that
    compares or lists products is none, even cut before its comparing word ("Three city boards compared")."""
    merchants = {compact(m) for m in page.merchants if compact(m)}
    names = [name for written in (page.title or sp.title, page.heading)
             if (name := _title_name(written) if written else "") and looks_like_product(name)
             and looks_like_product(re.split(r"\s+[|–—-]\s+|:\s", written)[0])
             and re.search(r"[A-Za-z]", name) and compact(name) not in merchants]
    # a name with a model number first ("Audio Corner - Shop" titles a page whose heading is "Momentum 4 Wireless")
    chosen = next((n for n in names if re.search(r"\d", n)), names[0] if names else "")
    # a heading the title only adds words to is the name ("Ferrox R2" of the title "Ferrox R2 electric skateboard",
    # "Brasko Blaze X" of the maker's SEO title "Brasko Blaze X Regulated Stove": two words or more, never a variant)
    shorter = [n for n in names if n != chosen and _named_plus_words(n, chosen)]
    return _written_shorter(shorter[0] if shorter else chosen, _page_text(sp))


def _written_shorter(name: str, text: str) -> str:
    """``name`` (read from a page title or heading) without the lower-case words that follow its capitalised
    brand and model, when the page's ``text`` writes that brand and model on its own ("Inflata Go" of the title
    "Inflata Go mini tyre pump" on a page saying "The Inflata Go is the lightest pump in our range": "mini tyre pump"
    says what kind it is); ``name`` itself otherwise (a text that never writes the shorter name, or a shorter
    name of one word without a digit: "Inflata" may be the brand only)."""
    words = name.split()
    cut = next((i for i in range(1, len(words)) if all(re.fullmatch(r"[a-z][a-z-]*", w) for w in words[i:])), None)
    if cut is None or not any(w[:1].isupper() for w in words[:cut]):
        return name
    prefix = " ".join(words[:cut])
    if cut < 2 and not re.search(r"\d", prefix):
        return name
    alone = rf"(?<![\w-]){re.escape(prefix)}(?![\w-])(?!\s+{re.escape(words[cut])}\b)"
    return prefix if re.search(alone, text) else name


def _names_another(sp: SourcePage, catalogue: Catalogue, own: str) -> bool:
    """Whether the page's text names a known product other than the one called ``own`` (a test of several
    products is no page of one product, whatever its title)."""
    text = _page_text(sp).lower()
    mine = catalogue.find(own)
    return any(p is not mine and any(written(text, n) for n in [p.name, *p.aliases])
               for p in catalogue.products)


def _states_figures(sp: SourcePage) -> bool:
    """Whether a page's text states a spec figure in running text ("Battery life is up to 30 hours.")."""
    return any(read_prose(sentence.text) for sentence in split_sentences(_page_text(sp)))


#: a price for a period ("$19.99/month", "49,99 € pro Monat", "£10 a week", "per annum")
_PERIOD = re.compile(r"(?:/\s*|\b(?:per|a|an|each|pro|par|al|por)\s+)(?P<unit>mo(?:nth)?s?|mth|monat|mois|mes|"
                     r"w(?:ee)?k|woche|semaine|y(?:ea)?r|annum|jahr|an|año|day|tag|jour)\b|"
                     r"\b(?P<word>monthly|weekly|yearly|annually|monatlich|mensuel(?:le)?|mensual|p\.\s?m\.|"
                     r"per month|per week|per year)\b", re.IGNORECASE)
_PERIOD_NAMES = {"mo": "per month", "mon": "per month", "mth": "per month", "monat": "per month", "moi": "per month",
                 "mes": "per month", "monthly": "per month", "monatlich": "per month", "mensuel": "per month",
                 "mensual": "per month", "p.m.": "per month", "wk": "per week", "week": "per week",
                 "woche": "per week", "semaine": "per week", "weekly": "per week", "yr": "per year",
                 "year": "per year", "annum": "per year", "jahr": "per year", "an": "per year", "año": "per year",
                 "yearly": "per year", "annually": "per year", "day": "per day", "tag": "per day",
                 "jour": "per day"}
_TERMS = [("rental", re.compile(r"\b(" + "|".join(RENT_WORDS + HIRE_WORDS) + r")\b", re.IGNORECASE)),
          ("with contract", re.compile(r"\b(contract|subscription|airtime|vertrag|abo|abonnement|"
                                       r"\d+[- ]month plan|with (?:a |an )?plan)\b", re.IGNORECASE)),
          ("financing", re.compile(r"\b(financ\w*|instal?ments?|pay in \d+|apr|klarna|affirm|ratenzahlung|"
                                   r"monthly payments?|deposit|down payment)\b", re.IGNORECASE))]


#: a page title that offers the item for rent (a title's "lease", "hire" or "financing" may name other things:
#: "Hire purchase", "Lease returns", a shop's "Financing available" banner)
_TITLE_RENTAL = re.compile(r"\b(?:" + "|".join(RENT_WORDS) + r")\b", re.IGNORECASE)


def _period(text: str) -> str:
    m = _PERIOD.search(text)
    if m is None:
        return ""
    word = (m.group("unit") or m.group("word") or "").lower()
    if word.startswith("per "):
        return word
    word = word.rstrip("s") if word not in ("mois", "mes") else word
    return _PERIOD_NAMES.get(word, _PERIOD_NAMES.get(word[:3], "per month"))


def price_terms(amount: float | None, price: str, context: str = "", title: str = "") -> str:
    """What a price is when it is not a purchase price: "" for an ordinary purchase price, else the terms joined
    by ", " ("per month", "rental", "with contract", "financing", "zero price"; e.g. "per month, rental").

    ``price`` is the price as written ("$19.99/month"); ``context`` what the page says around or about it (the
    offer's description or billing period, the text of the element it sits in: only the sentence holding the
    price counts when the price is written in it, so "or finance it from $20/month" next to a purchase price does
    not relabel that price); ``title`` the page's title. A zero amount is never a purchase price."""
    price = " ".join(price.split())
    context = " ".join(context.split())
    sentence = context
    at = context.find(price) if price else -1
    if at != -1:
        start = max(context.rfind(". ", 0, at), context.rfind("; ", 0, at), context.rfind("! ", 0, at))
        stops = [i for i in (context.find(". ", at + len(price)), context.find("; ", at + len(price))) if i != -1]
        sentence = context[start + 1 if start != -1 else 0:min(stops) if stops else len(context)]
    after = context[at + len(price):at + len(price) + 16] if at != -1 else ""
    terms: list[str] = []
    following = _PERIOD.search(after) if after else None
    period = _period(price) or (_period(after) if following is not None and following.start() <= 3 else "")
    if period:
        terms.append(period)
    said = f"{price} {sentence}"
    terms += [name for name, pattern in _TERMS if pattern.search(said)]
    if "rental" not in terms and _TITLE_RENTAL.search(title):  # a page titled for renting ("Rent the ...")
        terms.append("rental")
    if amount is not None and amount == 0:
        terms.append("zero price")
    return ", ".join(dict.fromkeys(terms))


def _table_score_reviews(locator: Locator, sp: SourcePage, page: Page, catalogue: Catalogue, chosen_ids: set[str],
                         reviews: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reviews (JSON, as :func:`_review`) a results table's bare scores give (:attr:`Page.table_scores`: "Halden
    X3 | 8.6" under "Camera | Score"), one per product of ``chosen_ids`` the row's first cell names, cited as the
    page writes the row (its product cell, then the score); none for a product the page (or its markup) already
    rates, nor on its maker's own page."""
    out: list[dict[str, Any]] = []
    own = {sp.source_id, locator.html_source_id(sp)}
    for cell, score, best in page.table_scores:
        product = catalogue.find(cell)
        if product is None or product.product_id not in chosen_ids or _source_kind(page, sp, product.brand) == "maker" \
                or any(r["product_id"] == product.product_id and r["source_id"] in own and r["rating"] is not None
                       for r in [*reviews, *out]):
            continue
        review = _review(locator, sp, page, product, score, best, [], [], "table")
        # as the row writes it: "8.6", or "8,6" with a decimal comma (the score is given with a ".")
        cited = review["cited"] or next((c for form in dict.fromkeys((score, score.replace(".", ",")))
                                         if (c := locator.cite(sp, cell, form, "table")) is not None), None)
        span = _SCALE_RANGE.match(best)  # a grade, the best lowest ("1-6"): converted as _review converts it
        value = _number(score)
        if span is not None and value is not None:
            value = convert_grade(value, float(span.group(1)), float(span.group(2)))
        if cited is not None and value is not None and (span is not None or value <= float(best)):
            review["cited"], review["rating"] = cited, value
            out.append(review)
    return out


def _table_picks(locator: Locator, read: list[tuple[SourcePage, Page]], catalogue: Catalogue, chosen_ids: set[str],
                 reviews: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The reviewer's picks (reviews JSON, as :func:`_reviewer_picks` gives them: the pick's words as the praise)
    that a results table's verdict cells give (:attr:`Page.table_picks`: "Halden X3 | 8.6 | Best overall"), one per
    product of ``chosen_ids`` the row names and page, cited as the row writes it; none on the product's maker's
    page, nor where a sentence of the page already picks it (``reviews``)."""
    out: list[dict[str, Any]] = []
    for sp, page in read:
        own = {sp.source_id, locator.html_source_id(sp)}
        for cell, said in page.table_picks:
            product = catalogue.find(cell)
            if product is None or product.product_id not in chosen_ids \
                    or _source_kind(page, sp, product.brand) == "maker" \
                    or any(r["product_id"] == product.product_id and r["source_id"] in own and r["pros"]
                           and is_pick(str(r["pros"][0])) for r in [*reviews, *out]):
                continue
            cited = locator.cite(sp, cell, said, "table")
            if cited is not None:
                review = _review(locator, sp, page, product, "", "", [said], [], "table")
                review["cited"] = cited
                out.append(review)
    return out


def _cents_misread(markup: float | None, text: float | None) -> bool:
    """Whether ``text`` (an amount read from a page's running text) is ``markup`` (the same page's markup amount
    for the same product and condition) read 100 times too large or too small, as a decimal point or a comma
    misread as a thousands separator gives it ("$219.00, 1-year" read as 21900.1 beside the markup's 219.00):
    within 1% of 100 times it or of a hundredth of it. False when either is missing or not positive."""
    if not markup or not text or markup <= 0 or text <= 0:
        return False
    return any(abs(text / (markup * factor) - 1) <= 0.01 for factor in (100.0, 0.01))


def _offer(locator: Locator, sp: SourcePage, page: Page, product: Product, po: PageOffer, budget: float | None,
           budget_currency: str | None, today: date, *, page_of_one: bool = True) -> dict[str, Any] | None:
    """The offer (JSON of ``OfferRecord``) ``po`` of ``product`` read on page ``sp``; None when its price cannot be
    read or cited. A price a page mentions without selling anything is no offer (its ``terms`` say so, it is
    never compared, and its merchant is "no merchant (...)"): a review's or test's (:attr:`Page.review_why`),
    and, on a page with no cart, no schema.org Offer and no product page type (:attr:`Page.shop`), a sponsored
    or affiliate page's (a "Buy it now for 599 EUR" link sells at the shop it leads to, whoever that is) or a
    page about several products' (``page_of_one`` False: a blog or roundup names prices, it sells nothing)."""
    places = territories(sp.url, page.lang)
    amount, currency, written = read_price(po.price, po.currency, places)
    if amount is None:
        return None
    terms = price_terms(amount, po.price, po.context, page.title or sp.title)
    # a structured price the page also shows (the same amount and currency, "59,00 €" for JSON-LD's "59.00") is
    # cited where the reader sees it, in the page's own text, not in its markup
    shown = next((v.price for v in page.prices if po.origin not in ("text", "table")
                  and read_price(v.price, v.currency, places)[:2] == (amount, currency)), "")
    cited = ((locator.cite_text(sp, shown, po.origin) if shown else None)
             or locator.cite(sp, po.key, po.price, po.origin, anchor=product.name)
             or locator.cite(sp, "", po.price, po.origin))
    if cited is None:
        return None
    regular, _, _ = read_price(po.regular_price, po.currency, places) if po.regular_price else (None, None, "")
    condition_text = f"{po.condition} {po.seller}" if po.condition else ""
    m = _CONDITION.search(po.condition or "") or _CONDITION.search(condition_text)
    condition = m.lastgroup if m and m.lastgroup else "new"
    if condition == "new" and any(t.lastgroup == "refurbished" for t in _ASKED_CONDITION.finditer(
            sp.title + " " + page.title)):
        condition = "refurbished"
    note = ""
    if currency is None:
        note = (po.price.strip() if written and written in po.price  # "180 Zorkmids": its currency is written
                else f"{po.price.strip()} ({written or 'no currency'})")
        shared = sorted(candidates(written)) if written else []
        if len(shared) > 1:  # "1.299 kr" on a page for no Nordic country: krona or krone, which is not known
            note += f" ({written}: one of {', '.join(shared)})"
    site = re.split(r"\s+[|–—-]\s+", page.title or sp.title)
    merchant = _merchant(sp, page, product, po)
    # the markup's availability, else the one the page's text states ("In stock.", "Lieferbar"), never a review's
    availability = po.availability or ("" if page.review_why else page.availability)
    if page.review_why:  # a reviewer or test lab mentions a price; it sells nothing, so it is no merchant
        host = _host(sp.url)
        reviewer = page.site_name or (site[-1].strip() if len(site) > 1 else _title_site(sp.search_title)
                                      or (host if _named_host(host) else f"an unnamed site, {host}"))
        merchant = f"no merchant (review by {reviewer})"
        terms = ", ".join(t for t in (terms, MENTIONED) if t)
    elif not page.shop and (page.sponsored_why or not page_of_one):
        where = page.site_name or (site[-1].strip() if len(site) > 1 else "")
        merchant = f"no merchant (mentioned on {where or repr(_title_name(page.title or sp.title))})"
        terms = ", ".join(t for t in (terms, MENTIONED_ELSEWHERE) if t)
    return {"product_id": product.product_id, "merchant": merchant,
            "price": amount, "currency": currency, "regular_price": regular,
            "on_sale": regular is not None and regular > amount,
            "availability": _AVAILABILITY.get(availability, availability.lower())
            + (f" (price valid until {_date(po.valid_until)})" if _date(po.valid_until) else ""),
            "condition": condition, "date": today.isoformat(),
            "within_budget": None, "compared_price": None, "compared_currency": None, "rate_date": None,
            "note": note, "cited": cited, "terms": terms}


#: the terms of a price a review or test page mentions (:attr:`Page.review_why`): no merchant offers it there
MENTIONED = "mentioned in a review, not an offer"
#: the terms of a price a page that sells nothing mentions (a sponsored or affiliate post, a blog or roundup about
#: several products: :func:`_offer`)
MENTIONED_ELSEWHERE = "mentioned on a page that sells nothing, not an offer"


def mentioned(o: dict[str, Any]) -> bool:
    """Whether offer ``o`` (JSON) is a price a page mentions without selling anything (:data:`MENTIONED`,
    :data:`MENTIONED_ELSEWHERE`): no merchant offers it."""
    terms = str(o.get("terms") or "")
    return MENTIONED in terms or MENTIONED_ELSEWHERE in terms


#: an offer's availability (as the offers table writes it) saying it cannot be bought now
_UNAVAILABLE = re.compile(r"(?:out of stock|sold out|discontinued)\b")


def orderable(o: dict[str, Any]) -> bool:
    """Whether offer ``o`` (JSON) can be bought now: its availability (schema.org ``OutOfStock``, ``SoldOut``,
    ``Discontinued``, or a page's "Out of stock", "Ausverkauft") says nothing else; an offer whose availability is
    unknown can."""
    return not _UNAVAILABLE.match(str(o.get("availability") or ""))


def purchase(o: dict[str, Any]) -> bool:
    """Whether offer ``o`` (JSON) has a purchase price: a price, and no rental, recurring, contract, financing or
    zero-price terms (:func:`price_terms`)."""
    return o["price"] is not None and not o.get("terms")


def matrix_offer(product_id: str, offers: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The offer (JSON) whose price fills the spec matrix's price cell of ``product_id`` when no spec row gives its
    price: its lowest new purchase offer (:func:`purchase`, merchant-sold: not :func:`mentioned`) with a known
    currency, orderable ones first; None without one. Compared in the common currency when converted, else as
    written (one currency's figures only: the lowest of the first currency, by name)."""
    mine = [o for o in offers if o["product_id"] == product_id and purchase(o) and not mentioned(o)
            and o["condition"] == "new" and o["currency"] is not None]
    if not mine:
        return None
    if not all(o["compared_price"] is not None for o in mine):
        first = min(str(o["currency"]) for o in mine)
        mine = [o for o in mine if o["currency"] == first]
    return min(mine, key=lambda o: (not orderable(o), float(o["compared_price"] if o["compared_price"] is not None
                                                           else o["price"]), str(o["merchant"])))


#: how a verdict names a price the spec matrix lists, which no merchant's offer gives (:func:`listed_prices`)
LISTED_PRICE = "the price an independent page lists, no offer"


def listed_prices(cells: list[dict[str, Any]], names: dict[str, str], sponsored: set[str] | None,
                  currencies: set[str]) -> dict[str, dict[str, Any]]:
    """Product id -> the lowest price an independent page lists for it in the spec matrix (a price cell of
    ``cells`` with an amount: a comparison table's "Price | 279 EUR | 649 EUR", a maker's "Recommended retail
    price | 649 EUR"), as an offer-shaped dict (JSON: ``price``, ``currency``, ``compared_price``,
    ``compared_currency``, ``cited``, ``condition`` "new", ``listed`` True), for the products of ``names`` only.
    A cell of a sponsored or affiliate source (``sponsored``: source ids) is none; so is one whose currency is none
    of ``currencies`` (the offers' compared currencies) when they name one, and every cell when the cells are in
    more than one currency (they are not compared). Pure."""
    best: dict[str, dict[str, Any]] = {}
    for c in cells:
        if c["product_id"] not in names or not _PRICE_NAME.search(c["attribute"]) or c["amount"] is None \
                or c["cited"]["source_id"] in (sponsored or set()) or not c["unit"] or c["unit"] == "no currency":
            continue
        if currencies and c["unit"] not in currencies:
            continue
        if c["product_id"] not in best or float(c["amount"]) < float(best[c["product_id"]]["price"]):
            best[c["product_id"]] = {
                "product_id": c["product_id"], "merchant": LISTED_PRICE, "price": float(c["amount"]),
                "currency": c["unit"], "regular_price": None, "on_sale": False, "availability": "",
                "condition": "new", "date": "", "within_budget": None, "compared_price": float(c["amount"]),
                "compared_currency": c["unit"], "rate_date": None, "note": "", "cited": c["cited"], "terms": "",
                "listed": True}
    if len({o["currency"] for o in best.values()}) > 1:
        return {}
    return best


#: a rates table older than this (days) is named under "What is missing"
STALE_RATES_DAYS = 14


def _currency_counts(offers: list[dict[str, Any]], rates: Rates) -> dict[str, tuple[int, int]] | None:
    """Currency -> (purchase offers, products) of ``offers`` (JSON) written in it, of the currencies ``rates`` can
    convert; None when fewer than two currencies are written (nothing to convert) or ``rates`` knows none."""
    counts: dict[str, tuple[int, set[str]]] = {}
    for o in offers:
        code = o["currency"]
        if o["price"] is None or code is None or not purchase(o) or not rates.knows(code):
            continue
        n, products = counts.get(code, (0, set()))
        counts[code] = (n + 1, products | {str(o["product_id"])})
    written = {o["currency"] for o in offers if o["price"] is not None and o["currency"] and purchase(o)}
    if len(written) < 2 or not counts:
        return None
    return {code: (n, len(products)) for code, (n, products) in counts.items()}


def common_currency(offers: list[dict[str, Any]], rates: Rates) -> str | None:
    """The currency most purchase offers of ``offers`` (JSON) are written in, of those ``rates`` can convert (more
    products, then the name, break a tie): the comparison currency of a question that names none, when no user
    currency is set. None when fewer than two currencies are written (nothing to convert) or ``rates`` knows
    none of them."""
    counts = _currency_counts(offers, rates)
    return min(counts, key=lambda c: (-counts[c][0], -counts[c][1], c)) if counts else None


def tied_currencies(offers: list[dict[str, Any]], rates: Rates) -> list[str]:
    """The currencies (sorted) that share the most purchase offers and products of ``offers`` when two or more do
    (one offer in EUR and one in USD: ["EUR", "USD"]): no currency is the one most offers are in, so
    :func:`common_currency`'s pick is only its name's order. Empty when one currency has the most."""
    counts = _currency_counts(offers, rates)
    if not counts:
        return []
    top = max(counts.values())
    level = sorted(code for code, count in counts.items() if count == top)
    return level if len(level) > 1 else []


def compare_offers(offers: list[dict[str, Any]], budget: float | None, budget_currency: str | None,
                   target: str | None, rates: Rates | None, today: date) -> list[str]:
    """Put each offer in the comparison currency ``target`` (in place): ``compared_price`` /
    ``compared_currency`` (the price itself when already in ``target``; converted with ``rates`` otherwise, with
    ``rate_date`` the table's day) and ``within_budget`` (None when the question has no budget or the offer cannot
    be put in the budget's currency). Without a ``target``, an offer is compared only as written, in its own
    currency. Returns notes for "What is missing" (currencies the table lacks, a stale table)."""
    notes: list[str] = []
    lacking: set[str] = set()
    converted = False
    for o in offers:
        amount, code = o["price"], o["currency"]
        if amount is None or code is None or not purchase(o):
            continue  # a rental, monthly, contract or zero price is never compared as a purchase price
        if target is None:
            o["compared_price"], o["compared_currency"] = amount, code
        elif code == target:
            o["compared_price"], o["compared_currency"] = amount, code
        elif rates is not None and rates.knows(code) and rates.knows(target):
            o["compared_price"] = rates.convert(float(amount), code, target)
            o["compared_currency"], o["rate_date"] = target, rates.day
            converted = True
        else:
            lacking.add(code)
        if budget is not None:
            if budget_currency is None:  # "under 300" and no currency anywhere: compared as written
                o["within_budget"] = float(amount) <= budget
            elif o["compared_price"] is not None and o["compared_currency"] == budget_currency:
                o["within_budget"] = float(o["compared_price"]) <= budget
    if lacking and target is not None:
        why = (f"the rates table of {rates.day} has no rate for them" if rates is not None
               else "no rates table is configured (ASSAY_SHOPPING_RATES_FILE)")
        notes.append(f"prices in {', '.join(sorted(lacking))} are not compared with prices in {target}: {why}")
    if converted and rates is not None:
        age = (today - date.fromisoformat(rates.day)).days
        if age > STALE_RATES_DAYS:
            notes.append(f"prices were converted to {target} at reference rates of {rates.day}, {age} days old")
    return notes


def _date(text: str) -> str | None:
    m = re.match(r"\d{4}-\d{2}-\d{2}", text or "")
    return m.group(0) if m else None


def _merchant(sp: SourcePage, page: Page, product: Product, po: PageOffer) -> str:
    """Who sells ``po`` on page ``sp``: the offer's schema.org ``seller``, else the seller the page's text names
    ("Sold by Cribwell", "Verkauf durch Velohaus": :attr:`Page.sold_by`), else the page's ``og:site_name``, else
    the product's brand when the page is on the brand's own site (host "pellwick.com" for brand "Pellwick"),
    else the site part of the page's title when it names something ("Pellwick Urban S kaufen - Velohaus"), else
    that of the title of the search result that found the page (:attr:`SourcePage.search_title`), else the brand
    (schema.org ``brand`` of the product the page offers: a maker's page with its own Offer and no other seller
    named), else the page's host when it is a name, else "unnamed merchant (<host>)": an IP address or "localhost"
    names no merchant (issue 15, trial t40 fault 1: a loopback page's offers were sold by "127.0.0.1"). A title's
    descriptive tail ("Pellwick Urban S - lightweight e-bike") is never a merchant, nor is the brand other pages
    give a product offered on a page without its own product markup (a shop's "Now $129.00" for the Vexa Nightline
    1500 is not sold by Vexa: issue 15, trial t40 fault 10)."""
    if po.seller or page.sold_by or page.site_name:
        return po.seller or page.sold_by or page.site_name
    host = _host(sp.url)
    own = [p for p in page.products if po in p.offers]  # the page's product markup offering ``po``
    brand = product.brand or next((p.brand for p in own if p.brand), "")
    if brand and compact(brand) and compact(brand) in compact(host):
        return brand
    for title in (page.title or sp.title, sp.search_title):
        if tail := _title_site(title):
            return tail
    return (brand if own else "") or (host if _named_host(host) else f"unnamed merchant ({host})")


def _title_site(title: str) -> str:
    """The site part of a page or search result title ("Pellwick Urban S kaufen - Velohaus" -> "Velohaus"): the part
    after its last " | ", " - ", " – " or " — " when it names something (a capitalised word or one opening with a
    digit: "Best Buy", "3BikeShop"); "" for a title without one or with a descriptive tail ("lightweight e-bike"; a
    content word in lower case, "10.3-inch E Ink tablet", describes the product: issue 15, trial t53s S6)."""
    site = re.split(r"\s+[|–—-]\s+", title or "")
    tail = site[-1].strip() if len(site) > 1 else ""
    words = tail.split()
    named = any(w[:1].isupper() or w[:1].isdigit() for w in words)
    described = any(w.isalpha() and w.islower() and not is_stopword(w) and w not in _question_stopwords() for w in words)
    return tail if named and not described else ""


def _named_host(host: str) -> bool:
    """Whether ``host`` names a site ("velomart.example"), not a machine: no IP address (IPv4 or IPv6), no
    "localhost"."""
    import ipaddress

    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return bool(host) and host.casefold().rstrip(".") not in ("localhost", "localhost.localdomain") \
            and not host.casefold().endswith(".localhost")
    return False


def _host(url: str) -> str:
    from urllib.parse import urlsplit
    return urlsplit(url).hostname or url


def _rating_written(rating: str, best: str) -> re.Pattern[str]:
    """A rating on its scale as a page may write it: "4.5/5", "4,5 sur 5", "4,2 von 5", "8 out of 10"."""
    amount = "[.,]".join(re.escape(part) for part in rating.split("."))
    return re.compile(rf"(?<![\d.,]){amount}\s*(?:/|out of|sur|von|de|su|uit)\s*{re.escape(best)}(?!\d)",
                      re.IGNORECASE)


#: a scale written best-worst ("1-6", "1-5"; :func:`_review`)
_SCALE_RANGE = re.compile(r"^\s*(\d+(?:[.,]\d+)?)\s*-\s*(\d+(?:[.,]\d+)?)\s*$")
#: the scale a grade (1 best) is converted to
GRADE_BEST = 5.0
#: the rating the worst grade converts to (one star out of five)
GRADE_WORST = 1.0


def _number(text: str) -> float | None:
    try:
        return float(text.replace(",", ".")) if text.strip() else None
    except ValueError:
        return None


def convert_grade(grade: float, best: float, worst: float) -> float | None:
    """A grade on a scale whose best value is the lowest (``best`` 1, ``worst`` 6: a German school grade) as a
    rating out of :data:`GRADE_BEST` on a scale from :data:`GRADE_WORST` (a star rating's, whose worst is one
    star, not none), linearly, to one decimal (1 -> 5, 6 -> 1, 1.7 -> 4.4); None for a grade outside the scale."""
    if not best <= grade <= worst or worst <= best:
        return None
    return round(GRADE_WORST + (GRADE_BEST - GRADE_WORST) * (worst - grade) / (worst - best), 1)


def _review(locator: Locator, sp: SourcePage, page: Page, product: Product, rating: str, best: str,
            pros: list[str], cons: list[str], origin: str) -> dict[str, Any]:
    """One review (``contracts.ReviewRecord`` JSON) of ``product`` on ``sp``: ``rating`` out of ``best`` as
    written, cited where the page writes it. ``best`` written best-worst with the best lowest ("1-6": a German
    school grade, schema.org ``bestRating`` 1 and ``worstRating`` 6) is a grade: converted to a rating out of
    :data:`GRADE_BEST` (:func:`convert_grade`), the conversion said in ``scale``. A rating above its scale's best
    ("1.7" out of 1, "7" out of 5) is on no scale the page states: left out (None)."""
    value = _number(rating) if rating else None
    scale_note = ""
    written_best = best
    span = _SCALE_RANGE.match(best or "")
    top: float | None = None
    bottom: float | None = None
    if span is not None:
        top, bottom = _number(span.group(1)), _number(span.group(2))
        if top is not None and bottom is not None and top > bottom:  # "5-1": an ordinary scale, best highest
            written_best, span = span.group(1), None
    scale = _number(written_best) if span is None and written_best else 5.0
    scale = scale if scale is not None and scale > 0 else 5.0
    if span is not None and top is not None and bottom is not None:  # a grade, 1 best
        grade = value
        value = convert_grade(grade, top, bottom) if grade is not None else None
        scale = GRADE_BEST
        if value is not None:
            kind = "German school grade" if origin == "text" and (top, bottom) == (1.0, 6.0) else "grade"
            scale_note = (f"{kind} {rating.strip()}: {top:g} best, {bottom:g} worst; converted linearly to "
                          f"{value:g}/{GRADE_BEST:g}")
    elif value is not None and value > scale:
        value = None
    cited = None
    if rating and span is None:
        cited = locator.cite(sp, "ratingValue", rating, origin, anchor=product.name) or locator.cite(
            sp, rating, f"{rating}/{best}", origin) or locator.cite(sp, "", f"{rating}/{best}", origin) or \
            locator.cite(sp, "", f"{rating} out of {best}", origin)
        written = None if cited is not None else _rating_written(rating, best).search(_page_text(sp))
        if written is not None:  # "4,5 sur 5", "4,2 von 5": cited as the page writes it
            cited = locator.cite(sp, "", written.group(0), origin)
    elif rating and value is not None:  # a grade: its value after its label ("Testnote gut (2,1)", "Note: 1,7")
        for key in ("ratingValue", "note", "urteil"):
            for form in dict.fromkeys((rating, rating.replace(".", ","))):
                cited = cited or locator.cite(sp, key, form, origin, anchor=product.name)
    if cited is None and (pros or cons):
        cited = locator.cite(sp, "", (pros or cons)[0], origin)
    return {"product_id": product.product_id, "source_id": sp.source_id,
            "rating": value if cited is not None else None,
            "best": scale, "scale": scale_note if value is not None else "",
            "pros": pros[:4], "cons": cons[:4], "sponsored": bool(page.sponsored_why),
            "sponsored_why": page.sponsored_why, "weight": SPONSORED_WEIGHT if page.sponsored_why else 1.0,
            "cited": cited}


def _fault_reports(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                   owners: dict[str, Product], reviews: list[dict[str, Any]], others: list[Product] | None = None
                   ) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Product id -> the fault reports its sources write (a page's :attr:`Page.complaints`, on pages that sell
    nothing: a forum's "My Kettlo Go stopped heating after 6 months", a review's "Its lid latch felt flimsy"), each
    with its citation; a report goes to the product its sentence names first, else the page's own product
    (``owners``) unless the sentence names another product the sources give (``others``: not compared), else none. Each report is also added to ``reviews``: to the complaints of that source's review of
    the product (at most 4), else as an unrated review of its own."""
    out: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for sp, page in read:
        for sentence in page.complaints:
            whose = _named(sentence, chosen, last=False)
            if whose is None and _named(sentence, others or [], last=False) is None:  # "The Zelto X broke": not ours
                whose = owners.get(sp.source_id)
            if whose is None:
                continue
            cited = locator.cite(sp, "", sentence, "text", anchor=whose.name)
            if cited is None:
                continue
            out.setdefault(whose.product_id, []).append((sentence, cited))
            mine = next((r for r in reviews if r["source_id"] == sp.source_id and r["product_id"] == whose.product_id),
                        None)
            if mine is None:
                reviews.append(_review(locator, sp, page, whose, "", "5", [], [sentence], "text"))
            elif sentence not in mine["cons"] and len(mine["cons"]) < 4:
                mine["cons"] = [*mine["cons"], sentence]
    return out


def _advice(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product], sponsored: set[str]
            ) -> dict[str, list[tuple[str, str, dict[str, Any]]]]:
    """Product id -> the advice of independent pages to avoid it in a case (:attr:`Page.advice`: "Avoid the Pikari
    Solo if you cook in wind: ..."), each (case, sentence, citation); the product is the one named before the case
    (:func:`_named`). A sponsored or affiliate page's advice (``sponsored``: their source ids) is none."""
    out: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for sp, page in read:
        if sp.source_id in sponsored or page.sponsored_why:
            continue
        for sentence, case in page.advice:
            whose = _named(sentence[:sentence.find(case)], chosen, last=False)
            if whose is None:
                continue
            cited = locator.cite(sp, "", sentence, "text", anchor=whose.name)
            if cited is not None:
                out.setdefault(whose.product_id, []).append((case, sentence, cited))
    return out


def _unsuited(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
              owners: dict[str, Product], sponsored: set[str], question: str
              ) -> dict[str, tuple[str, dict[str, Any], bool]]:
    """Product id -> (sentence, citation, independent) of a page saying it cannot serve the use the question asks
    for (:func:`asked_use`: "best ... for shipping labels"): a sentence of :attr:`Page.limits` ("It cannot print
    4x6 shipping labels", "The X is too narrow for 4x6 shipping labels", "it is not meant for drilling brick")
    speaking of the use after its cue (:func:`use_touched`). The product is the one named before the cue; else,
    for a sentence naming none that opens with a pronoun ("It cannot drill brick." under a test's "Best overall:
    Brakka DX20"), the one the page's text names last before it; else the page's own (``owners``) when the
    sentence names no other. A page that sells something (a shop, a maker's page) says so only of its own product,
    an admission against its interest (``independent`` False: the verdict says whose words they are); a review or
    test is quoted before another page. Sponsored or affiliate content (``sponsored``) says none. Empty when the
    question names no use."""
    use = asked_use(question)[0]
    out: dict[str, tuple[str, dict[str, Any], bool]] = {}
    if not use:
        return out
    # a review or test's words before a forum's, an independent page's before a seller's own
    for sp, page in sorted(read, key=lambda r: (r[1].shop, not r[1].review_why)):
        if sp.source_id in sponsored or page.sponsored_why:
            continue
        own = owners.get(sp.source_id)
        seller = page.shop or (own is not None and _source_kind(page, sp, own.brand) == "maker")
        text = _page_text(sp)
        for sentence, at in page.limits:
            if not use_touched(use, sentence[at:]):  # "crushing ice" asked, "cannot crush ice" said
                continue
            whose = _named(sentence[:at], chosen, last=True)
            if whose is None and _named(sentence, chosen, last=False) is None:
                where = text.find(sentence[:60])
                if where > 0 and _PRONOUN_SUBJECT.match(sentence):  # "It cannot drill brick": the product before
                    whose = _named(text[:where], chosen, last=True)
                whose = whose or own
            if whose is None or whose.product_id in out or (seller and whose is not own):
                continue
            cited = locator.cite_words(sp, sentence, "text")
            if cited is not None:
                out[whose.product_id] = (sentence, cited, not seller)
    return out


#: where a sentence's clauses meet: a comma, semicolon or colon, or "and", "but", "while" between words
_CLAUSE_SPLIT = re.compile(r"[,;:]\s+|\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)
#: a figure with its unit word in a sentence ("lasted 270 days", "220 cfm (374 m³/h)")
_SENTENCE_FIGURE = re.compile(r"\d[\d.,]*\s*[^\s\d,;:()]+")


#: the key of a pick (:func:`_sections`) an independent review or test says to avoid outright (the only product left
#: to pick): :func:`analyse` caps the run's tier at "low" and says so under "What is missing"
TEST_AVOIDS = "_test_avoids"


def _avoid_verdicts(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                    sponsored: set[str]) -> dict[str, tuple[str, str, dict[str, Any]]]:
    """Product id -> (the verdict, the sentence after it or "", its citation) of an independent review or test
    (:attr:`Page.review_why`; never sponsored or affiliate content, ``sponsored``: their source ids, nor a page that
    sells) saying to avoid it outright (:attr:`Page.avoid`: "Avoid: Labelo Mini 2" over "The Labelo Mini 2 jammed
    on 7 of 20 die-cut rolls"), or a results table's cell (:attr:`Page.table_avoids`: "Labelo Mini 2 | Avoid", the
    verdict then "Labelo Mini 2: Avoid", cited as the row writes it); the product is the one the verdict names first,
    each product's first verdict kept (the page's sentences before its table's cells), cited by the sentence after
    it (else the verdict itself)."""
    out: dict[str, tuple[str, str, dict[str, Any]]] = {}
    for sp, page in read:
        if not page.review_why or page.sponsored_why or sp.source_id in sponsored:
            continue
        for verdict, after in page.avoid:
            whose = _named(verdict, chosen, last=False)
            if whose is None or whose.product_id in out:
                continue
            cited = locator.cite_words(sp, after, "text") if after else None
            if cited is None:
                after, cited = "", locator.cite_words(sp, verdict, "text")
            if cited is not None:
                out[whose.product_id] = (verdict, after, cited)
        for cell, said in [] if page.shop else page.table_avoids:  # a results table's "Avoid" cell, as its row says
            whose = _named(cell, chosen, last=False)
            if whose is not None and whose.product_id not in out \
                    and (cited := locator.cite(sp, cell, said, "table")) is not None:
                out[whose.product_id] = (f"{cell}: {said}", "", cited)
    return out


def _value_verdicts(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                    sponsored: set[str]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Product id -> (the verdict, its citation) of an independent review or test (:attr:`Page.review_why`; never
    sponsored or affiliate content, ``sponsored``: their source ids, nor a page that sells) naming it the best value
    in a results table's cell (:attr:`Page.table_values`: "Quill Rove X2 | Best value", "... | Preis-Leistungs-Sieger",
    "... | Meilleur rapport qualité-prix"), the verdict then "<row's product cell>: <cell>", cited as the row writes
    it; each product's first verdict kept."""
    out: dict[str, tuple[str, dict[str, Any]]] = {}
    for sp, page in read:
        if not page.review_why or page.sponsored_why or page.shop or sp.source_id in sponsored:
            continue
        for cell, said in page.table_values:
            whose = _named(cell, chosen, last=False)
            if whose is not None and whose.product_id not in out \
                    and (cited := locator.cite(sp, cell, said, "table")) is not None:
                out[whose.product_id] = (f"{cell}: {said}", cited)
    return out


def _panned(read: list[tuple[SourcePage, Page]], products: list[Product]) -> list[Product]:
    """The products (of ``products``) an independent review or test (:attr:`Page.review_why`; neither sponsored nor
    affiliate content, nor a page that sells) says to avoid outright (:attr:`Page.avoid`, :attr:`Page.table_avoids`),
    each the product its verdict names first (as :func:`_avoid_verdicts` credits it), in page order, each once."""
    out: list[Product] = []
    for _sp, page in read:
        if not page.review_why or page.sponsored_why or page.shop:
            continue
        for verdict in [v for v, _after in page.avoid] + [cell for cell, _said in page.table_avoids]:
            if (p := _named(verdict, products, last=False)) is not None and p not in out:
                out.append(p)
    return out


def _worth_verdicts(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                    sponsored: set[str]) -> dict[str, list[tuple[WorthVerdict, dict[str, Any]]]]:
    """Product id -> the verdicts of independent reviews or tests (:attr:`Page.review_why`; never sponsored or
    affiliate content, ``sponsored``: their source ids, nor a page that sells) on whether it is worth buying
    (:attr:`Page.worth`: "The Scriba Note 10 is not worth it for reading novels", "It is worth it only if you
    annotate PDFs"), each with its citation, in page order. The product is the one the sentence names before its
    cue; a sentence opening with a pronoun ("It is worth it only if ...") or with no subject at all (a verdict
    column's "Not worth the extra money", :meth:`WorthVerdict.subjectless`) speaks of the product the sentence
    before it (the row's first cell) names first, its subject, when the cue's own clause names no product: one
    named in a later clause is the alternative offered ("It is not worth it: buy the Sonic X instead"), not the
    subject (issue 15, trial t55s S6)."""
    out: dict[str, list[tuple[WorthVerdict, dict[str, Any]]]] = {}
    for sp, page in read:
        if not page.review_why or page.sponsored_why or page.shop or sp.source_id in sponsored:
            continue
        for verdict in page.worth:
            whose = _named(verdict.sentence[:verdict.at], chosen, last=True)
            if whose is None and (verdict.subjectless() or _PRONOUN_SUBJECT.match(verdict.sentence)) \
                    and _named(_CLAUSE_SPLIT.split(verdict.sentence[verdict.at:])[0], chosen, last=False) is None:
                whose = _named(verdict.before, chosen, last=False)
            if whose is None:
                continue
            cited = (verdict.cell and locator.cite(sp, verdict.before, verdict.sentence, "table")) \
                or locator.cite_words(sp, verdict.sentence, "text")  # a cell cited as its row writes it
            if cited is not None:
                out.setdefault(whose.product_id, []).append((verdict, cited))
    return out


#: what the best-overall line says when independent reviewers pick different products for everyone, each on a page
#: of its own (:func:`_sections`), before the picks: "(independent testers disagree on which is best: an independent
#: reviewer's pick is the Brasko Trail 4 [@v1]; an independent reviewer's pick is the Selvo Dash 3 [@v6])"
TESTERS_DISAGREE = "independent testers disagree on which is best"
#: the key of a pick (:func:`_sections`) an independent test's sentence names another product the better on the
#: attribute asked for: :func:`analyse` caps the run's tier at "low" and says so under "What is missing"
TEST_AGAINST = "_test_against"
#: the mark :func:`_sections` puts on a pick that an independent reviewer's pick for everyone contradicts (another
#: product named the best, none naming the winner so): the analysis caps its tier at "low" (trial t57s F1: such a
#: pick stayed "medium" on the pick-strength floor)
PICK_AGAINST = "_pick_against"


def clause_way(text: str, asked: list[str], kinds: set[str]) -> int:
    """Which way ``text`` (a sentence) says its product goes on an attribute of ``asked`` (attribute names; ``kinds``:
    their figures' unit kinds), as :func:`~services.domain_shopping.attributes.said_way` reads it, in the first
    clause (:data:`_CLAUSE_SPLIT`) that both says a way and speaks of such an attribute, by its name or a word the
    lexicon names it by (:func:`named_in`) or a figure of its kind: "its battery lasted only 3 weeks" says none, and
    the "more" of "weighs 422 g, more than twice the Glide 7" is of another clause (issue 15, trial t53s S4: such a
    sentence was read as the product ahead on battery life). 0 when no clause does."""
    return next((w for clause in _CLAUSE_SPLIT.split(text) if (w := said_way(clause)) and (
        any(a.lower() in clause.lower() or named_in(clause, a) for a in asked)
        or any(q.kind in kinds for m in _SENTENCE_FIGURE.finditer(clause)
               if (q := read_quantity(m.group(0))) is not None))), 0)


def _test_backing(locator: Locator, read: list[tuple[SourcePage, Page]], chosen: list[Product],
                  sponsored: set[str], question: str, attributes: list[str], cells: list[dict[str, Any]]
                  ) -> dict[str, tuple[str, dict[str, Any], bool]]:
    """Product id -> (sentence, citation, ahead) of an independent review or test page (:attr:`Page.review_why`,
    neither sponsored nor affiliate content) that names that product alone and speaks of an attribute the question
    asks for (:func:`asks`): the attribute's name or a word the lexicon names it by (its terms, verbs and the words a
    question asks it by: "removes more water per day" of an extraction rate, :func:`named_in`), or a figure of its
    kind ("The Ridgeeye 4K lasted 270 days, the longest battery life in our test" under "which trail camera has the
    longest battery life"). ``ahead``: the sentence says the product is ahead on such an attribute (a word of the
    better way before its name, as the question asks it: "The Purio X2 has the higher CADR"; or the sentence's
    comparative or superlative word going the better way, or "better", "best": "removes more water per day",
    :func:`said_way`). Of each product, the first sentence that says it is ahead by a word before the attribute's
    name, else the first that says so otherwise, else the first such sentence; empty when the question asks for
    no attribute compared; a constraint clause's attribute is none asked (:func:`requirement_blanked`)."""
    unbounded = requirement_blanked(question)
    asked = [a for a in attributes if asks(unbounded, a)]
    kinds = {k for a in asked if (k := _kind_of_cells(cells, a)) not in (None, "", "text", "number")}
    out: dict[str, tuple[str, dict[str, Any], bool]] = {}
    if not asked:
        return out
    ways = {a: better_way(a, _kind_of_cells(cells, a), question) for a in asked}
    named_ahead: set[str] = set()  # products whose sentence kept says so by a word before the attribute's name
    for sp, page in read:
        if not page.review_why or page.sponsored_why or sp.source_id in sponsored:
            continue
        for sentence in split_sentences(_page_text(sp)):
            text = sentence.text
            lower = text.lower()
            named = [p for p in chosen if any(written(lower, n, text) for n in [p.name, *p.aliases])]
            if len(named) != 1 or named[0].product_id in named_ahead:
                continue
            figures = [q for m in _SENTENCE_FIGURE.finditer(text) if (q := read_quantity(m.group(0))) is not None]
            spoken = [a for a in asked if a.lower() in lower or named_in(text, a)]
            if not spoken and not any(q.kind in kinds for q in figures):
                continue
            said = clause_way(text, asked, kinds)
            by_name = any(way and asked_way(text, a, _kind_of_cells(cells, a))[0] == way for a, way in ways.items())
            leads = by_name or said == 2 or any(said in (1, -1) and said == ways.get(a) for a in spoken or asked)
            kept = out.get(named[0].product_id)
            if kept is not None and (not leads or (kept[2] and not by_name)):
                continue
            cited = locator.cite_words(sp, text, "text")
            if cited is not None:
                out[named[0].product_id] = (text, cited, leads)
                if by_name:
                    named_ahead.add(named[0].product_id)
    return out


def discount_sponsored(reviews: list[dict[str, Any]], cells: list[dict[str, Any]], sponsored: set[str]) -> None:
    """Give each sponsored or affiliate review (JSON, in place) of a product with independent evidence weight 0:
    its rating no longer moves the ranking, while the review stays shown and marked. Independent evidence is an
    independent review of the product (a rating, praise or complaints) or a spec cell cited from a source that is
    not in ``sponsored`` (source ids of sponsored or affiliate pages and their markup). A product only sponsored
    pages speak of keeps its sponsored reviews at :data:`SPONSORED_WEIGHT`."""
    independent = {r["product_id"] for r in reviews
                   if not r["sponsored"] and (r["rating"] is not None or r["pros"] or r["cons"])}
    independent |= {c["product_id"] for c in cells if str(c["cited"]["source_id"]) not in sponsored}
    for r in reviews:
        if r["sponsored"] and r["product_id"] in independent:
            r["weight"] = 0.0


#: an attribute that is a price: its values are read as prices (``price-parser``), not as quantities
_PRICE_NAME = re.compile(r"\b(price|cost|msrp|rrp)\b", re.IGNORECASE)


def _price_quantity(value: str) -> Quantity | None:
    """A price written in a spec cell ("1.299,00 €", "€379") as a quantity whose unit is its currency (ISO code,
    else the currency as written, e.g. "Zorkmids"), so only prices in one currency are ranked together. None
    when ``value`` holds no amount."""
    amount, iso, written = read_price(value)
    if amount is None:
        return None
    unit = iso or written or "no currency"
    return Quantity(amount=amount, unit=unit, symbol=unit, kind=f"price {unit}")


#: how a figure measured without the product's battery is named in the matrix ("weight without battery")
WITHOUT_BATTERY = "without battery"
#: words next to a figure saying it leaves the battery out ("1.9 kg (tool only)", "bare tool", "without battery",
#: "ohne Akku", "sans batterie"): such a figure is not comparable with one that counts the battery
_NO_BATTERY = (r"(?:tool only|bare tool|body only|unit only|skin only|without (?:the |its |a )?batter(?:y|ies)|"
               r"excl(?:uding|\.)? (?:the )?batter(?:y|ies)|batter(?:y|ies) not included|no battery|"
               r"ohne akku|ohne batterie|nur (?:das )?ger[äa]t|sans batterie|sin bater[ií]a|senza batteria|"
               r"zonder accu|zonder batterij)")


def _without_battery(sp: SourcePage, value: str) -> bool:
    """Whether ``sp``'s text writes figure ``value`` ("1.9 kg") with words saying it leaves the battery out, within
    a few characters after it ("weighs just 1.9 kg (tool only)") or just before it ("without battery: 1.9 kg")."""
    number = re.match(r"\s*(\d+(?:[.,]\d+)?)", value)
    if number is None:
        return False
    figure = re.escape(number.group(1)) + r"\s?[^\d\s.,;()]{0,6}"
    text = _page_text(sp)
    return re.search(rf"(?<![\d.,]){figure}\W{{0,4}}{_NO_BATTERY}|{_NO_BATTERY}\W{{0,4}}(?:\w+\W+){{0,2}}"
                     rf"(?<![\d.,]){figure}", text, re.IGNORECASE) is not None


#: the label of a spec row that is its source's score of the product, not a property of it ("Our rating", "Score",
#: "Testnote", "Bewertung", "Note", "Valutazione"); only with a value written as a rating (:data:`_RATING_VALUE`),
#: so an "IP rating" of IP67 or a "power rating" of 1200 W stays a spec
_RATING_ROW = re.compile(r"\b(?:ratings?|score|stars?|verdict|grade|bewertung|testnote|urteil|note|valutazione|"
                         r"puntuaci[oó]n|calificaci[oó]n|beoordeling)\b", re.IGNORECASE)
#: a value written as a rating out of 5 or 10 ("4.5/5", "8 / 10", "4,2 von 5", "4 out of 5")
_RATING_VALUE = re.compile(r"(\d{1,2}(?:[.,]\d{1,2})?)\s*(?:/|out of|von|sur|su|de|uit)\s*(5|10)(?:\s*(?:stars?|sterne|"
                           r"points?|punkte))?", re.IGNORECASE)


def _rating_rows(locator: Locator, read: list[tuple[SourcePage, Page]],
                 raw: list[tuple[Product, str, Spec, SourcePage]], reviews: list[dict[str, Any]]
                 ) -> list[tuple[Product, str, Spec, SourcePage]]:
    """``raw`` without the rows that are a source's own score of a product (a label of :data:`_RATING_ROW`, a value
    of :data:`_RATING_VALUE`: "Our rating | 4.5/5" in a test's comparison table): a score is the reviewer's
    judgement, not a property of the product, so it is no spec column to rank on (it would count the review twice,
    and a rating would outweigh a measured figure). Each becomes that source's review of the product (added to
    ``reviews``, cited where the row gives it) unless the source (or its markup) already rates the product."""
    pages = {id(sp): page for sp, page in read}
    kept: list[tuple[Product, str, Spec, SourcePage]] = []
    for row in raw:
        product, attribute, spec, sp = row
        rating = _RATING_VALUE.fullmatch(spec.value.strip())
        if rating is None or _RATING_ROW.search(attribute) is None or id(sp) not in pages:
            kept.append(row)
            continue
        own = {sp.source_id, locator.html_source_id(sp)}
        if any(r["product_id"] == product.product_id and r["source_id"] in own and r["rating"] is not None
               for r in reviews):
            continue
        review = _review(locator, sp, pages[id(sp)], product, rating.group(1).replace(",", "."), rating.group(2),
                         [], [], spec.origin)
        cited = locator.cite(sp, spec.key, spec.quote or spec.value, spec.origin, anchor=product.name)
        value = _number(rating.group(1))
        if cited is not None and value is not None and value <= float(review["best"]):
            review["cited"], review["rating"] = cited, value
        if review["rating"] is not None:
            reviews.append(review)
    return kept


#: a value that is a range of one quantity: "71-117 cm", "60 cm – 125 cm", "10 to 35 °C" (low, its unit, high, unit)
_RANGE_VALUE = re.compile(r"^\s*(?P<low>\d+(?:[.,]\d+)?)\s*(?P<low_unit>[^\d\s.,–—-][^\d–—-]{0,11}?)?\s*"
                          r"(?:[-–—]|\bto\b|\bbis\b|\bà\b|\ba\b)\s*(?P<high>\d+(?:[.,]\d+)?)\s*"
                          r"(?P<unit>[^\d\s.,–—-][^\d]{0,11})?\s*$", re.IGNORECASE)
#: an attribute whose values are ranges compared by their span ("height range", "adjustment range", "Verstellbereich")
_SPAN_NAME = re.compile(r"(?:\b(?:range|span|adjustment|travel|plage|rango|intervallo|bereik)\b|bereich\b)",
                        re.IGNORECASE)


def range_of(value: str, unit_hint: str = "", decimal: str = ".") -> tuple[Quantity, Quantity] | None:
    """(low, high) of a ``value`` that is a range of one kind of quantity ("71-117 cm" -> 710 mm, 1170 mm; "60 cm
    – 125 cm"; "10 to 35 °C"), each in its kind's canonical unit (:func:`read_quantity`, ``unit_hint`` and
    ``decimal`` as there); None for one value, for ends of different kinds or units, or a low end above the high
    one. A range is no single figure: never its top end, nor its bottom."""
    m = _RANGE_VALUE.match(value)
    if m is None:
        return None
    unit = (m["unit"] or "").strip()
    low = read_quantity(f"{m['low']} {(m['low_unit'] or unit).strip()}".strip(), unit_hint, decimal)
    high = read_quantity(f"{m['high']} {unit}".strip(), unit_hint, decimal)
    if low is None or high is None or (low.kind, low.unit) != (high.kind, high.unit) or high.amount <= low.amount:
        return None
    return low, high




def _posts_given_way(raw: list[tuple[Product, str, Spec, SourcePage]]) -> list[tuple[Product, str, Spec, SourcePage]]:
    """``raw`` (product, attribute, spec, page) without the figures a forum or blog post (:data:`shared.evidence.POST_KINDS`) gives
    of a product's attribute that another kind of page (a maker's, a review, a comparison) gives too: a poster's "the
    <hob> draws 3500 W" neither corroborates nor disputes a review's "maximum power 2000 W" (the post's sentence stays
    among the user experience). A post's figure no other page gives is kept. Pure."""
    given = {(p.product_id, compact(attribute)) for p, attribute, _spec, sp in raw if sp.kind not in POST_KINDS}
    return [r for r in raw if r[3].kind not in POST_KINDS or (r[0].product_id, compact(r[1])) not in given]


def _matrix(question: str, raw: list[tuple[Product, str, Spec, SourcePage]], locator: Locator,
            decimals: dict[str, str] | None = None) -> tuple[list[str], list[dict[str, Any]], list[str]]:
    """(attributes, cells, conflicts): attributes named by the question first, then those most products have;
    one cell per product, attribute and source (cited); conflicts "product: attribute" where sources give
    values that differ (beyond 2% for quantities). ``decimals``: source id -> the decimal mark of its page's
    language ("2.500 Pa" is 2500 Pa on a German page)."""
    cells: list[dict[str, Any]] = []
    seen: set[tuple[str, str, str]] = set()
    for product, attribute, spec, sp in raw:
        if not attribute or (product.product_id, attribute, sp.source_id) in seen:
            continue
        q = _price_quantity(spec.value) if _PRICE_NAME.search(attribute) else None
        ends = None if q is not None else range_of(spec.value, spec.unit_hint, (decimals or {}).get(sp.source_id, "."))
        if ends is not None:  # "71-117 cm": compared by its span when the attribute is a range, else not compared
            q = replace(ends[1], amount=float(f"{ends[1].amount - ends[0].amount:.6g}")) \
                if _SPAN_NAME.search(attribute) else None
        else:
            q = q or read_quantity(spec.value, spec.unit_hint, (decimals or {}).get(sp.source_id, "."))
        cited = locator.cite(sp, spec.key, spec.quote or spec.value, spec.origin, anchor=product.name)
        if cited is None:
            continue
        if q is not None and q.kind not in ("number", "text") and _without_battery(sp, spec.value):
            attribute = f"{attribute} {WITHOUT_BATTERY}"  # "1.9 kg (tool only)": not comparable with 2.1 kg
            if (product.product_id, attribute, sp.source_id) in seen:
                continue
        seen.add((product.product_id, attribute, sp.source_id))
        cells.append({"product_id": product.product_id, "attribute": attribute,
                      "value": spec.value + (f" {UNIT_SYMBOLS.get(spec.unit_hint, spec.unit_hint)}"
                                             if spec.unit_hint and q and q.kind != "number"
                                             and not re.search(r"[A-Za-z]", spec.value) else ""),
                      "amount": q.amount if q else None, "unit": q.unit if q else "", "cited": cited,
                      "_quantity": None if ends is not None else q,  # two ranges agree when written alike
                      "_label": spec.key})
    # attributes: merged by their compact name; ranked by the question's words, then by products covered
    groups: dict[str, str] = {}
    for c in cells:
        groups.setdefault(compact(c["attribute"]), c["attribute"])
    names = list(dict.fromkeys(groups.values()))
    spelled = {short: long for short in names for long in names if initialism_of(short, long)}
    for c in cells:  # "CADR" and "clean air delivery rate" are one column, under the name spelled out
        c["attribute"] = groups[compact(c["attribute"])]
        c["attribute"] = spelled.get(c["attribute"], c["attribute"])
    held = _held_names(cells)
    if held:  # "Jar: 48 fl oz" and "Jar capacity: 1.2 L" are one column, the lexicon's capacity, or the held name
        # when the question asks by it and not by the lexicon's ("which has the bigger jar?"); a page giving both
        # names keeps its cell of the lexicon's name only (one source cited once per product and column)
        asked_by = {target: name for name, target in held.items() if asks(question, name) and not asks(question, target)}
        column = {**{name: asked_by.get(target, target) for name, target in held.items()}, **asked_by}
        column = {name: to for name, to in column.items() if name != to}
        own = {(c["product_id"], column.get(c["attribute"], c["attribute"]), str(c["cited"]["source_id"]))
               for c in cells if c["attribute"] not in held}
        renamed: set[tuple[str, str, str]] = set()
        kept = []
        for c in cells:
            key = (c["product_id"], column.get(c["attribute"], c["attribute"]), str(c["cited"]["source_id"]))
            if c["attribute"] in held:
                if key in own or key in renamed:
                    continue
                renamed.add(key)
            c["attribute"] = key[1]
            kept.append(c)
        cells = kept
    coverage: dict[str, set[str]] = {}
    for c in cells:
        coverage.setdefault(c["attribute"], set()).add(c["product_id"])
    attributes = sorted(coverage, key=lambda a: (-asks(question, a), -len(coverage[a]), list(coverage).index(a)))
    attributes = [a for a in attributes if len(coverage[a]) > 1 or asks(question, a)
                  or len(coverage) <= MAX_ATTRIBUTES][:MAX_ATTRIBUTES]
    cells = [c for c in cells if c["attribute"] in attributes]
    conflicts: list[str] = []
    by_key: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for c in cells:
        by_key.setdefault((c["product_id"], c["attribute"]), []).append(c)
    for (pid, attribute), group in by_key.items():
        if len(_value_groups(group)) > 1:
            conflicts.append(f"{pid}: {attribute}")
    for c in cells:
        c.pop("_quantity", None)
        c.pop("_label", None)
    return attributes, cells, conflicts


def _held_names(cells: list[dict[str, Any]]) -> dict[str, str]:
    """Attribute names of the pages' own (no lexicon attribute's: "jar") that the page names of one lexicon
    attribute's cells hold as whole words ("Jar capacity", read as the lexicon's capacity), every value of both of
    one kind of quantity (a volume): name -> the lexicon attribute's name, so "Jar: 48 fl oz" and "Jar capacity: 1.2
    L" are one column. ``cells``: as :func:`_matrix` builds them, with their ``_quantity`` and ``_label`` (the page's
    name of the spec). A name held by the names of several lexicon attributes, or whose values are of several kinds
    or no quantity, is kept."""
    kinds: dict[str, set[str]] = {}
    labels: dict[str, set[tuple[str, ...]]] = {}
    for c in cells:
        q = c.get("_quantity")
        kinds.setdefault(c["attribute"], set()).add(q.kind if q is not None and q.kind not in ("number", "text")
                                                    else "")
        labels.setdefault(c["attribute"], set()).add(tuple(fold(str(c.get("_label") or "")).split()))
    known = {a.name for a in LEXICON} & set(kinds)
    out: dict[str, str] = {}
    for name, kind in kinds.items():
        words = tuple(fold(name).split())
        if name in known or len(kind) != 1 or "" in kind or not words:
            continue
        holding = [a for a in known if kinds[a] == kind and any(
            len(label) > len(words) and any(label[i:i + len(words)] == words for i in range(len(label)))
            for label in labels[a])]
        if len(holding) == 1:
            out[name] = holding[0]
    return out


#: words that end many attributes' names and name none of them alone ("time" of "warm-up time" and "charging
#: time"): a question sharing only them with an attribute's name does not ask for it (tokens: :func:`tokenize`)
_GENERIC_HEADS = frozenset({"time", "level", "size", "rate", "capacity", "life", "power", "version", "type",
                            "number", "count"})


#: the words naming a mode as such ("in GPS mode", "im Modus Eco"): a question saying one asks for one mode's column
_MODE_HEADS = frozenset(tokenize("mode modes modus modi setting settings"))


#: words after which a run of lower-case words names the kind of product asked about ("which rice cooker")
_KIND_OPENERS = frozenset("which what whats what's best".split())
#: at most this many words of a run name the kind ("cordless stick vacuum"); the rest says something of it
_KIND_WORDS = 3
#: auxiliaries a question's main verb follows its subject after ("How fast does the Tagwell T5 print?", "Can the
#: Kettlo Go boil ...?"): the one word after a product's name there, ending its clause, is that verb, no kind
_VERB_AUXILIARIES = frozenset("do does did can could will would should may might must doesn't don't didn't can't "
                              "cannot won't wouldn't".split())


def kind_names(question: str) -> list[str]:
    """The phrases of ``question`` naming the kind of product it asks about, wherever they stand: the first run of
    words (:func:`asked_category`: "best rice cooker under $200" -> "rice cooker"), and each run of lower-case words
    after "which"/"what"/"best" or after a product's name (a word with a digit, or a capitalised word not opening
    a sentence: "...: which rice cooker is", "the CuitRiz 6 rice cooker cost" -> "rice cooker"), up to a function
    word, punctuation or a superlative, of :data:`_KIND_WORDS` words at most, less the trailing words the attribute lexicon knows ("cost"); longest
    first, no repeats. A run that is all attribute words ("capacity") names no kind."""
    found: list[str] = []
    first = asked_category(question)
    if first:
        found.append(" ".join(first[:_KIND_WORDS]))
    tokens = list(re.finditer(r"[\w][\w'’.-]*|[^\w\s]", question))

    def stop(word: str) -> bool:
        low = word.casefold()
        return (not word[:1].isalnum() or is_stopword(low) or low in _question_stopwords()
                or bool(_NOT_CATEGORY.fullmatch(low)) or not word.islower())

    clause = 0  # the index of the current clause's first token
    for i, m in enumerate(tokens[:-1]):
        word = m.group(0)
        if not word[:1].isalnum():
            clause = i + 1
        opens = i == 0 or tokens[i - 1].group(0) in ".!?:"
        opener = word.casefold() in _KIND_OPENERS or any(c.isdigit() for c in word) or (
            word[:1].isupper() and not opens and word.casefold() not in _question_stopwords())
        if not opener:
            continue
        run: list[str] = []
        words = [t.group(0) for t in tokens]
        for k in range(i + 1, len(tokens)):
            if stop(words[k]) or (run and attribute_verb_at(words, k)):  # "... drill weighs the least": the verb
                break
            run.append(words[k].casefold().strip(".'’"))
        after = tokens[i + 1 + len(run)].group(0).casefold() if i + 1 + len(run) < len(tokens) else ""
        if len(run) == 1 and not any(c.isdigit() for c in run[0]) and (not after[:1].isalpha() or after in (
                "and", "or", "but")) and any(t.group(0).casefold() in _VERB_AUXILIARIES for t in tokens[clause:i]):
            continue  # "How fast does the Tagwell T5 print, and ...": the clause's verb, not a kind of product
        run = run[:_KIND_WORDS]
        while run and (lookup(" ".join(run[-2:])) is not None or lookup(run[-1]) is not None):
            run.pop()
        if run and not any(lookup(" ".join(run[j:])) is not None for j in range(len(run))):
            found.append(" ".join(run))
    return sorted(dict.fromkeys(found), key=len, reverse=True)


def kind_blanked(question: str) -> str:
    """``question`` with every phrase naming the asked kind of product (:func:`kind_names`) blanked out, so no word of
    it reads as asking for an attribute ("rice" of "rice cooker" asks for no "white rice time" column)."""
    for name in kind_names(question):
        question = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", " ", question, flags=re.IGNORECASE)
    return question


def asks(question: str, attribute: str) -> int:
    """How much ``question`` asks for ``attribute``: the words they share, or 1 when the question names it in
    another language or spelling the attribute lexicon knows ("längste Akkulaufzeit": battery life); 0 when it
    does not name it."""
    mode = mode_of(attribute)
    said = set(tokenize(question))
    if mode:  # "battery life (gps mode)": a question naming another mode ("in smartwatch mode") does not ask for it
        own = set(tokenize(mode)) - _MODE_HEADS
        if not own & said and said & _MODE_HEADS:
            return 0
    mine = set(tokenize(attribute))
    # the words naming the kind of product asked about name no attribute of it, wherever the kind stands ("rice" of
    # "rice cooker" asks not for a tester's "white rice time" column); the same word elsewhere does ("cooks white rice")
    shared = mine & set(tokenize(kind_blanked(question)))
    if shared and shared <= _GENERIC_HEADS and mine - _GENERIC_HEADS:
        shared = set()  # "warm-up time" asked is not "charging time" asked: "time" alone names neither
    return len(shared) or int(named_in(question, attribute))


def _cell_quantity(cell: dict[str, Any]) -> Quantity | None:
    """A cell's compared amount as a :class:`Quantity` (its ``unit`` standing for its kind), None without one: the
    amount as the page's language reads it, never the value read again without that ("2.500 Pa" on a German page
    is 2500 Pa)."""
    if cell["amount"] is None:
        return None
    q = read_quantity(cell["value"])
    kind = q.kind if q is not None else "number"
    return Quantity(amount=float(cell["amount"]), unit=str(cell["unit"]), symbol="", kind=kind)


def _agree(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two cells (with their ``_quantity``) give one value, which no disagreement is said of: amounts within
    2% (the README's tolerance: "85 g" and "86 g", "250 g" and "0.55 lb"), or, written in different units, equal
    within the rounding of the less precise figure (:func:`_within_rounding`: "4 oz" and "119 g"), except levels in
    decibels, which are logarithmic ("62 dB" and "63 dB" are two values); the same letters and digits for values
    that are no quantities, or one value that opens with the other's whole and goes on to say more of it ("Yes (up
    to 25,500 bpm)" refines "Yes", "0 (no hammer mode)" refines "0": :func:`_refines`)."""
    qa, qb = a["_quantity"], b["_quantity"]
    if qa is not None and qb is not None and qa.kind != "number" and qb.kind != "number":
        if LEVEL in (qa.kind, qb.kind):
            return same_amount(qa, qb, tolerance=1e-6)
        return same_amount(qa, qb) or _within_rounding(a, b)
    return compact(a["value"]) == compact(b["value"]) or _refines(str(a["value"]), str(b["value"]))


#: where a value's own words end and what it goes on to say of them begins: a bracket, a comma, a semicolon or a dash
_REFINEMENT = re.compile(r"\s*(?:[(\[,;]|\s[–—-]\s)")


def _refines(a: str, b: str) -> bool:
    """Whether one of two values is the other's whole followed by more about it (:data:`_REFINEMENT`: "Yes (up to
    25,500 bpm)" of "Yes", "No, optional" of "No"): one value, the longer one only more precise, which no
    disagreement is said of (issue 15, trial t52s fault 10). Two values each saying more ("Yes (up to 25,500 bpm)",
    "Yes (up to 30,000 bpm)") are compared whole."""
    heads = [_REFINEMENT.split(v.strip(), maxsplit=1) for v in (a, b)]
    longer = [len(h) > 1 and bool(h[1].strip(" )]")) for h in heads]
    return longer[0] != longer[1] and bool(compact(heads[0][0])) and compact(heads[0][0]) == compact(heads[1][0])


def _within_rounding(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two cells (with their ``_quantity``) written in different units ("4 oz", "119 g") give amounts equal
    within the rounding of the less precise one (:func:`services.domain_shopping.units.stated_precision`: "4 oz"
    is 113.4 g give or take 14.2 g, so 119 g is one value with it; "1.5 h" and "95 min" are two), strictly inside
    it and never more than :data:`ROUNDING_AT_MOST` apart: a whole number of a coarse unit ("3 h": give or take
    half an hour) would hide a real difference ("3 h" and "160 min" are two values). Issue 15, trial t40 fault 2: a
    figure converted and rounded to another unit is no second value."""
    qa, qb = a["_quantity"], b["_quantity"]
    if qa.kind != qb.kind or qa.unit != qb.unit or _one_unit_written(str(a["value"]), str(b["value"])):
        return False
    precisions = [p for c in (a, b) if (p := stated_precision(str(c["value"]))) is not None]
    apart = abs(qa.amount - qb.amount)
    return len(precisions) == 2 and apart < max(precisions) \
        and apart <= ROUNDING_AT_MOST * max(abs(qa.amount), abs(qb.amount))


#: the most two figures written in different units may differ (relative) and still be one value rounded
#: (:func:`_within_rounding`)
ROUNDING_AT_MOST = 0.05


def _same_writing(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Whether two cells (with their ``_quantity``) state the same figure, so that one writing of it may cite both:
    the same amount when written in one unit ("1,8 l" and "1.8 l"; never "85 g" and "86 g"), amounts within 2% when
    written in different units (a conversion's rounding: "250 g" and "0.55 lb"); the same letters and digits for
    values that are no quantities. A figure a test measured (:data:`MEASURED`) is never one writing with a rated one
    ("20 h" rated, "19 h 40 min" measured: "20 h [1] ≈ 19 h 40 min [2]", never the measured figure citing the maker)."""
    if (a["cited"].get("origin") == MEASURED) != (b["cited"].get("origin") == MEASURED):
        return False
    qa, qb = a["_quantity"], b["_quantity"]
    if qa is not None and qb is not None and qa.kind != "number" and qb.kind != "number":
        if _one_unit_written(str(a["value"]), str(b["value"])):
            return same_amount(qa, qb, tolerance=1e-6)
        return same_amount(qa, qb, tolerance=1e-6 if LEVEL in (qa.kind, qb.kind) else SAME_VALUE_TOLERANCE)
    return compact(a["value"]) == compact(b["value"])


def _value_groups(cells: list[dict[str, Any]]) -> list[list[list[dict[str, Any]]]]:
    """The values ``cells`` (of one product and attribute) give, the one grouping the matrix, the verdicts and the
    "What is missing" line all use: groups of cells that agree (:func:`_agree`; more than one group is a
    disagreement), each split into its writings (:func:`_same_writing`), so a writing cites only the sources
    stating its figure ("86 g [1] ≈ 85 g [2]", never "86 g [1] [2]"). Groups and writings in ``cells``' order."""
    groups: list[list[list[dict[str, Any]]]] = []
    for c in cells:
        c = {**c, "_quantity": c["_quantity"] if "_quantity" in c else _cell_quantity(c)}
        group = next((g for g in groups if _agree(c, g[0][0])), None)
        if group is None:
            groups.append([[c]])
            continue
        writing = next((w for w in group if _same_writing(c, w[0])), None)
        if writing is None:
            group.append([c])
        else:
            writing.append(c)
    return groups


def _group_said(group: list[list[dict[str, Any]]], refs: _Refs, show: Callable[[dict[str, Any]], str]) -> str:
    """One group of :func:`_value_groups` as said: each writing (``show`` of :func:`_said`) with the sources
    stating it, joined by " ≈ " ("86 g [@v1] ≈ 85 g [@v2]")."""
    return " ≈ ".join(show(_said(w)) + "".join(refs.cite(c["cited"]) for c in w) for w in group)


def _one_unit_written(a: str, b: str) -> bool:
    """Whether two values are written in one unit ("62 dB" and "63 dB"; "25 s" and "25 Sek."): the unit words after
    their numbers measure the same amount (:func:`read_quantity` of one of each)."""
    units = [re.search(r"\d\s*([^\d\s.,][^\d]*)$", v.strip()) for v in (a, b)]
    if units[0] is None or units[1] is None:
        return False
    one = [read_quantity(f"1 {u.group(1)}") for u in units if u is not None]
    return all(q is not None for q in one) and one[0] == one[1]


# ---- the report sections ---------------------------------------------------------------------------------
class _Refs:
    """Evidence refs of one section: each distinct cited span gets a ref ``e<n>``; ``[@e<n>]`` cites it."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.evidence: list[dict[str, Any]] = []
        self._by_span: dict[tuple[str, int, int], str] = {}
        #: the source id of every citation made, in order (``cited[a:b]``: what a part of the text cites)
        self.cited: list[str] = []

    def cite(self, cited: dict[str, Any] | None) -> str:
        if cited is None:
            return ""
        key = (str(cited["source_id"]), int(cited["start"]), int(cited["end"]))
        self.cited.append(key[0])
        if key not in self._by_span:
            ref = f"{self.prefix}{len(self._by_span) + 1}"
            self._by_span[key] = ref
            self.evidence.append({"ref": ref, "source_id": key[0], "start": key[1], "end": key[2],
                                  "quote": cited["quote"]})
        return f" [@{self._by_span[key]}]"


#: how a mark of ``_scores`` is said: leads with the highest / lowest, trails with the lowest / highest
_WORD = {1: "highest", -1: "lowest", 2: "lowest", -2: "highest"}
#: the same for a time (a battery life, a warm-up time): the longest / shortest
_TIME_WORD = {1: "longest", -1: "shortest", 2: "shortest", -2: "longest"}
#: the same for a volume or a length (a water tank, a screen): the largest / smallest
_SIZE_WORD = {1: "largest", -1: "smallest", 2: "smallest", -2: "largest"}
_SIZE_KINDS = frozenset({"[length] ** 3", "[length]"})


def _mark_word(mark: int, attribute: str, cells: list[dict[str, Any]]) -> str:
    """How ``mark`` (:data:`_WORD`) is said for ``attribute``: "longest" / "shortest" for a time, "largest" /
    "smallest" for a volume or a length, else "highest" / "lowest"."""
    kind = _kind_of_cells(cells, attribute)
    return (_TIME_WORD if kind == "[time]" else _SIZE_WORD if kind in _SIZE_KINDS else _WORD)[mark]


def _md(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def _money(amount: float | None, currency: str | None, note: str = "") -> str:
    if amount is None:
        return "—"
    shown = f"{amount:,.2f}"
    return f"{shown} {currency}" if currency else f"{shown} (currency unknown)"


def _said(group: list[dict[str, Any]]) -> dict[str, Any]:
    """The cell of ``group`` (cells stating one value) whose writing is shown: the first written with an English or
    international unit ("3 s" before "3 Sek."), else the first."""
    for cell in group:
        unit = re.search(r"\d\s*([^\d\s.,][^\d]*)$", str(cell["value"]).strip())
        if unit is None or not foreign_unit(unit.group(1)):
            return cell
    return group[0]


#: kinds of quantity whose every unit reads plainly (times, pressures): a value is shown without its amount in the
#: compared unit
_PLAIN_KINDS = frozenset({"[time]", "[mass] / [length] / [time] ** 2"})


def _number_is(digits: str, amount: float) -> bool:
    """Whether ``digits`` ("2.5", "1500") reads as ``amount``; False when it is no number ("1.2.3")."""
    try:
        return abs(float(digits) - amount) < 1e-6
    except ValueError:
        return False


def _shown(cell: dict[str, Any]) -> str:
    """A cell's value as written, with its canonical amount when the page used another unit."""
    value = _md(cell["value"])
    q = read_quantity(cell["value"])
    if q is None or cell["amount"] is None or q.kind == "number":
        return value
    written = re.search(r"\d[\d.,]*", cell["value"])
    # the written number as English writes it, when it is the amount: "24", "2.5" for "2,5 Std." (a decimal comma)
    english = next((n for n in ((written.group(0).replace(",", ""), written.group(0).replace(",", "."))
                                if written else ()) if _number_is(n, float(cell["amount"]))), None)
    same = english is not None
    unit = re.search(r"\d\s*([^\d\s.,][^\d]*)$", cell["value"])
    scale = speed_scale(str(cell["value"]))
    if scale is not None:  # a speed in a metric unit of its own scale: "120 mm/s"; "5 in/s (= 127 mm/s)"
        got = None if scale[2] else in_unit(float(cell["amount"]), q.unit, scale[0])
        if got is None:
            return value
        return f"{value} ({'=' if got[1] else '≈'} {shown_amount(got[0])} {scale[1]})"
    scale = per_day_scale(str(cell["value"]))
    if scale is not None:  # a volume a day, shown a day: "20 L/day"; "35 pints/day (≈ 16.6 l/day)"
        got = None if scale[2] else in_unit(float(cell["amount"]), q.unit, scale[0])
        if got is None:
            return value
        return f"{value} ({'=' if got[1] else '≈'} {shown_amount(got[0])} {scale[1]})"
    if (unit is not None and unit.group(1).strip().lower().endswith(q.symbol.lower())) or (
        not same and metric_rescale(cell["value"])
    ):
        return value  # "5.8 kg", "150 km": a metric prefix of the compared unit (g, mm) needs no conversion shown
    if q.kind in _PLAIN_KINDS and unit is not None and written is not None:
        if foreign_unit(unit.group(1)) and english_symbol(unit.group(1)):  # "25 Sek." (= 25 s)
            return f"{value} (= {_md(english or written.group(0))} {english_symbol(unit.group(1))})"
        return value  # "25 s", "15 bar": read as written the world over, never "(≈ 0.00694 h)"
    if same and unit is not None and foreign_unit(unit.group(1)) and q.symbol:  # "24 Std." (= 24 h)
        return f"{value} (= {_md(english or '')} {q.symbol})"  # "2,5 Std." (= 2.5 h)
    if not same and q.symbol:
        amount = float(cell["amount"])
        return f"{value} (≈ {f'{amount:,.0f}' if abs(amount) >= 100 else f'{amount:.3g}'} {q.symbol})"
    return value


def _column_unit(attribute: str, cells: list[dict[str, Any]]) -> str | None:
    """The unit a spec-matrix column is shown in when its values are written in several units of one kind ("0.45 kg"
    beside "620 g", "210 seconds" beside "4 min"): the unit most of them are written in; of equal counts, the one
    giving the most of the column's values as whole numbers ("1.5 hours" and "100 minutes": min, 90 and 100), then
    the first by name, so the choice never depends on the order the pages were read in; as pint names it. None when
    they are written in one unit or are no quantities."""
    column = [c for c in cells if c["attribute"] == attribute and c["amount"] is not None and c["unit"]]
    written = [u for c in column
               if (u := unit_written(str(c["value"]))) is not None and in_unit(1.0, u, str(c["unit"])) is not None]
    if len(set(written)) < 2:
        return None
    counts = Counter(written)

    def whole(unit: str) -> int:
        shown = [got[0] for c in column if (got := in_unit(float(c["amount"]), str(c["unit"]), unit)) is not None]
        return sum(1 for a in shown if abs(a - round(a)) < 1e-6)

    return min(counts, key=lambda u: (-counts[u], -whole(u), u))


def _shown_in(cell: dict[str, Any], unit: str | None) -> str:
    """A matrix cell's value in a column shown in ``unit`` (:func:`_column_unit`): as written, with its amount in
    that unit when written in another ("0.45 kg (= 450 g)", "210 seconds (= 3.5 min)", "1.1 lb (≈ 499 g)": "=" when
    the conversion is exact as shown); without a column unit, or for a cell written in it, :func:`_shown`."""
    written = unit_written(str(cell["value"])) if unit is not None and cell["amount"] is not None else None
    if unit is None or written is None:
        return _shown(cell)
    if written == unit:
        return _shown(cell) if unit == cell["unit"] else _md(cell["value"])
    got = in_unit(float(cell["amount"]), str(cell["unit"]), unit)
    if got is None:
        return _shown(cell)
    amount, exact = got
    return f"{_md(cell['value'])} ({'=' if exact else '≈'} {amount_with_unit(amount, unit)})"


@dataclass
class _Ranking:
    """The best-overall rule's result: ``order`` (product ids ranked, best first; only products with a figure on a
    ranking attribute or a review rating), ``attributes`` ranked on and ``how`` they were chosen ("asked": named
    by the question; "compared": compared for the most products; "" when only ratings rank), ``key`` per
    product (the sort key, best first: head-to-head record, share of comparisons won, rating, negated lowest
    price), ``marks`` per product: (attribute, cell, mark) where it leads (+1 / -1:
    highest / lowest is best) or trails (+2 / -2) on every value its sources give, ``figures`` per product and
    ranking attribute (its cells, the one ranked on first: the worst value its sources give) and ``rating`` per
    rated product (weighted mean share of the best rating, the review shown)."""

    order: list[str]
    attributes: list[str]
    how: str
    key: dict[str, tuple[float, ...]]
    marks: dict[str, list[tuple[str, dict[str, Any], int]]]
    figures: dict[str, dict[str, list[dict[str, Any]]]]
    rating: dict[str, tuple[float, dict[str, Any]]]
    #: products level on everything but price whose prices are in different currencies (no configured rate): the
    #: price breaks no tie between them ("not compared (different currencies)")
    uncompared: set[str] = field(default_factory=set)
    #: each ranking attribute's better direction (+1: highest is best, -1: lowest is best)
    directions: dict[str, int] = field(default_factory=dict)
    #: ranking attributes a use the question names decides (weight for "best for travel": :func:`use_asks`), which
    #: lead the ranking: the other attributes decide only between products level on them
    lead: list[str] = field(default_factory=list)
    #: attributes the question asks for ("the largest battery capacity") that rank nothing: fewer than two products
    #: have a figure for them (or all have the same); said beside the verdict, and no use leads in their place
    unranked_asked: list[str] = field(default_factory=list)
    #: independent tests rating two or more of the products (each product id -> its review there), which decide
    #: between two products they rate both of when the question names no attribute
    tested: list[dict[str, dict[str, Any]]] = field(default_factory=list)
    #: products an independent reviewer picks for everyone, which rank before those none picks when the question
    #: names no attribute nor use (:func:`_rank`)
    picked: set[str] = field(default_factory=set)


#: the most attributes the best-overall rule ranks on when the question names none
MAX_RANKED = 4


#: units whose figures are no ratio of one another (a level in decibels, a temperature): a product's figure on them
#: is compared with the others' by rank, not by share of the best (:func:`value_quality`)
_NO_RATIO = re.compile(r"decibel|^bel$|neper|degree_(?:Celsius|Fahrenheit)|delta_deg", re.IGNORECASE)


def value_quality(ranking: _Ranking, pid: str, pool: dict[str, dict[str, Any]]) -> float:
    """What product ``pid`` gives for its price, 0-1, against the products of ``pool`` (product id -> its offer):
    the mean, over the ranking's attributes (and the review rating when the ranking counts it), of its figure as a
    share of the best figure of the pool (the worst value its sources give: 120 mm/s against 150 mm/s is 0.8;
    for an attribute whose lowest is best, the best divided by its own), or, on a unit whose figures are no ratio
    (decibels, temperatures: :data:`_NO_RATIO`), the share of the others it is not behind; a product without a
    figure where others have one counts :data:`MISSING_SHARE`. A product ranked lower is no longer worth almost
    nothing per price (the ranking's share of comparisons won gave the last of two 0): a cheaper product with
    figures close to the best can be the better value. 0 when nothing is compared."""
    parts: list[float] = []
    for a in ranking.attributes:
        direction = ranking.directions.get(a, 1)
        worst = {q: float(ranking.figures[q][a][0]["amount"]) for q in pool if ranking.figures.get(q, {}).get(a)}
        if len(worst) < 2:
            continue
        if pid not in worst:
            parts.append(MISSING_SHARE)
            continue
        unit = str(ranking.figures[pid][a][0].get("unit") or "")
        if _NO_RATIO.search(unit) or any(v <= 0 for v in worst.values()):
            others = [q for q in worst if q != pid]
            parts.append(sum(1 for q in others if direction * worst[pid] >= direction * worst[q]
                             or _tied(worst[pid], worst[q])) / len(others))
        elif direction > 0:
            parts.append(worst[pid] / max(worst.values()))
        else:
            parts.append(min(worst.values()) / worst[pid])
    if ranking.how != "asked":
        rated = {q: ranking.rating[q][0] for q in pool if q in ranking.rating}
        if rated and len(pool) > 1:
            parts.append(rated[pid] / max(rated.values()) if pid in rated and max(rated.values()) > 0
                         else MISSING_SHARE)
    return sum(parts) / len(parts) if parts else 0.0


def value_per_price(quality: float, offer: dict[str, Any]) -> tuple[float, float]:
    """How a product's :func:`value_quality` ``quality`` weighs against its ``offer``'s compared price, as the
    best-value verdict compares it: (quality per 100 of the price's currency, the price negated), so the higher
    figure is the better value and, at one figure (every product scoring 0 when nothing was compared), the lower
    price; the first element is the figure :func:`value_rule` prints."""
    price = max(float(offer["compared_price"]), 1e-6)
    return 100 * quality / price, -price


def value_rule(ranking: _Ranking, pid: str, pool: dict[str, dict[str, Any]], names: dict[str, str]) -> str:
    """What the best-value verdict of ``pid`` was computed on (markdown, "" when it is the only product of
    ``pool`` or nothing was compared): its score (:func:`value_quality`) for its price, beside the next best
    value's ("value per price: its figures on print speed, battery life and the review rating, each as a share of
    the best of those compared and averaged, 0.73 for 89.99 USD (0.81 per 100 USD); Inkora X 1.00 for 129.00 USD
    (0.78 per 100 USD)"): the per-price figure (:func:`value_per_price`) is the one the verdict is chosen on, so the line
    names the product its figures favour."""
    if len(pool) < 2:
        return ""
    scored = {q: value_quality(ranking, q, pool) for q in pool}
    if not any(scored.values()):
        return ""
    on = list(ranking.attributes) + (["the review rating"] if ranking.how != "asked" and any(
        q in ranking.rating for q in pool) else [])
    if not on:
        return ""
    rivals = sorted((q for q in pool if q != pid),
                    key=lambda q: (tuple(-x for x in value_per_price(scored[q], pool[q])), names[q].lower()))

    def at(q: str) -> str:
        return (f"{scored[q]:.2f} for {_money(pool[q]['compared_price'], pool[q]['compared_currency'])} "
                f"({value_per_price(scored[q], pool[q])[0]:.2f} per 100 {pool[q]['compared_currency']})")

    return (f"value per price: its figures on {', '.join(on[:-1]) + ' and ' + on[-1] if len(on) > 1 else on[0]}, "
            f"each as a share of the best of those compared and averaged, {at(pid)}; {_md(names[rivals[0]])} "
            f"{at(rivals[0])}")


def _comparable(attribute: str, cells: list[dict[str, Any]], pids: set[str], question: str = ""
                ) -> tuple[int, dict[str, list[dict[str, Any]]]] | None:
    """(direction, product id -> its cells with an amount) for an attribute at least two products can be ranked
    on (one unit, a known better direction); None otherwise."""
    by: dict[str, list[dict[str, Any]]] = {}
    for c in cells:
        if c["attribute"] == attribute and c["amount"] is not None and c["product_id"] in pids:
            by.setdefault(c["product_id"], []).append(c)
    if len(by) < 2 or len({c["unit"] for cs in by.values() for c in cs}) > 1 or _PRICE_NAME.search(attribute):
        return None
    way = _better(attribute, read_quantity(next(iter(by.values()))[0]["value"]), question)
    return (way, by) if way else None


#: "for <a use>" in a question or a pick ("best for winter camping", "For winter camping we recommend ..."), up to a
#: clause's end, a verb's subject or a budget ("for shipping labels under $100"); never a budget itself ("for under
#: $100", "for 300 EUR")
_FOR_USE = re.compile(r"\bfor\s+(?!(?:under|below|less|less than|about|around|up to|max(?:imum)?)\b|[$€£]|"
                      # a size may open it ("for 4x6 shipping labels"), never another amount ("for 300 EUR")
                      r"\d(?![\d.,]*\s*(?:[\"″]|in(?:ch(?:es)?)?\b|cm\b|mm\b)?\s*[x×]\s*\d))"
                      r"([\w'-]+(?:\s+[\w'-]+){0,5}?)(?=$|[,.;:!?()]|\s(?:we|i|you|it|they|when|if|that|which|because|but|"
                      r"and the|is|are|was|under|below|within|up to|at most|max(?:imum)?)\b|\s[$€£]|"
                      # a name after its determiner ("For road bikes the Tirelo P1 is our pick"): the use ends there
                      r"\s(?-i:(?:the|The)\s+[A-Z]))", re.IGNORECASE)
#: words of a "for ..." that name no use ("for most people", "for everyone", "for the money")
_NO_USE = frozenset({"most", "people", "everyone", "everybody", "anyone", "all", "users", "money", "price", "us",
                     "me", "you", "them", "buyers", "beginners", "both", "now", "years", "year", "sale"})


#: a size written as two lengths ("4x6", "4 x 6 inch", "4″ × 6″", "100 x 150 mm", "4 in x 6 in"): the two amounts
#: and the unit written after either (inches, centimetres, millimetres), if any
_SIZE_PAIR = re.compile(
    r"(?<![\w.,])(?P<a>\d+(?:[.,]\d+)?)\s*(?P<ua>[\"″]|''|(?:in(?:ch(?:es)?)?|cm|mm)\b\.?)?\s*[x×]\s*"
    r"(?P<b>\d+(?:[.,]\d+)?)(?:\s*-?\s*(?P<ub>[\"″]|''|(?:in(?:ch(?:es)?)?|cm|mm)\b))?(?![\w.,]\d)", re.IGNORECASE)
#: unit words of a size (:data:`_SIZE_PAIR`) as :func:`read_quantity` reads them
_SIZE_UNITS = {'"': "in", "″": "in", "''": "in", "in": "in", "inch": "in", "inches": "in", "cm": "cm", "mm": "mm"}


def sizes_written(text: str) -> list[tuple[str, str]]:
    """The sizes ``text`` writes as two lengths (:data:`_SIZE_PAIR`), each as (its key, the smaller side first:
    "4x6" for "6 x 4 inch" and "4x6"; its unit "in", "cm", "mm" or "" when none is written), in order."""
    out: list[tuple[str, str]] = []
    for m in _SIZE_PAIR.finditer(text):
        a, b = (float(m.group(k).replace(",", ".")) for k in ("a", "b"))
        unit = (m.group("ub") or m.group("ua") or "").lower().rstrip(".")
        out.append((f"{min(a, b):g}x{max(a, b):g}", _SIZE_UNITS.get(unit, "")))
    return out


def _use_words(text: str) -> frozenset[str]:
    """The words of a use (:func:`asked_use`) to match another text's by: its sizes as keys ("4x6" for "4 x 6 inch",
    :func:`sizes_written`) and its other words that are no stopwords, digits nor a size's unit."""
    rest = _SIZE_PAIR.sub(" ", text)
    return frozenset({key for key, _ in sizes_written(text)}
                     | {w for w in tokenize(rest) if not w.isdigit()})


def asked_use(text: str) -> tuple[str, frozenset[str]]:
    """The use ``text`` (a question or a reviewer's pick) names after "for" ("best for winter camping when it's below
    freezing" -> ("winter camping", {"winter", "camping"}); "for car camping with the family" -> ("car camping with
    the family", {"car", "camping", "family"}); "for 4 x 6 inch shipping labels" -> (..., {"4x6", "shipping",
    "label"}): a size is one word, :func:`_use_words`), with its words that are no stopwords; ("", {}) when it
    names none (a budget, "for most people")."""
    for m in _FOR_USE.finditer(text):
        use = " ".join(m.group(1).split())
        words = _use_words(use)
        if words and not words <= _NO_USE:
            return use, words - _NO_USE
    return "", frozenset()


@lru_cache(maxsize=64)
def _use_parts(use: str) -> tuple[frozenset[str], frozenset[str], tuple[str, ...], frozenset[str]]:
    """What :func:`use_said` and :func:`use_touched` match of the use ``use``, read once per use (it depends on the
    question only, not on the sentence): its words (:func:`_use_words`), its sizes as keys ("4x6"), its last word
    that is no size, stopword or digit (("labels",) of "4x6 shipping labels"; () when it has none) and its words'
    stems."""
    words = _use_words(use)
    sizes = frozenset(key for key, _ in sizes_written(use))
    last = [w for w in tokenize(_SIZE_PAIR.sub(" ", use)) if not w.isdigit()][-1:]
    return words, sizes, tuple(last), frozenset(snowball_stem(w) for w in words)


def use_said(use: str, text: str) -> bool:
    """Whether ``text`` (the part of a sentence after its "cannot") speaks of the use ``use`` (:func:`asked_use`):
    each of the use's words or its stem, a size as a size however written ("4 x 6 inch" for "4x6"); a use that
    names a size is also spoken of by its size and its last word ("cannot print 4 x 6 inch labels" of "4x6
    shipping labels")."""
    words, sizes, last, _stems = _use_parts(use)
    if not words:
        return False
    said = _use_words(text)
    stems = {snowball_stem(w) for w in said}
    if all(w in said or snowball_stem(w) in stems for w in words):
        return True
    return bool(sizes) and sizes <= said and all(w in said or snowball_stem(w) in stems for w in last)


def use_touched(use: str, text: str) -> bool:
    """Whether ``text`` speaks of the use ``use``: :func:`use_said`, or two or more of the use's words (or their
    stems) are in it ("so it is not meant for drilling brick or concrete" of "drilling holes in brick walls"; one
    shared word is not enough: "car camping" is no "winter camping")."""
    if use_said(use, text):
        return True
    return len(_use_parts(use)[3] & {snowball_stem(w) for w in _use_words(text)}) >= 2


def _use_fits(use: str, question: str) -> bool:
    """Whether the use a reviewer's pick names (``use``, as :func:`use_pick` reads it) is the one ``question``
    asks: one of its alternatives (split at commas, "and", "or", "/") has every word, or its stem, in the question
    ("brick" of "Best for brick and block" under "for drilling into brick"), or the pick's use speaks of the
    question's (:func:`use_touched`: "hang shelves ... on brick walls" of "drilling holes in brick walls")."""
    said = _use_words(question)
    stems = {snowball_stem(w) for w in said}
    for alternative in re.split(r"[,;/]|\b(?:and|or|und|oder|et|ou)\b", use, flags=re.IGNORECASE):
        words = _use_words(alternative) - _NO_USE
        if words and all(w in said or snowball_stem(w) in stems for w in words):
            return True
    asked = asked_use(question)[0]
    return bool(asked) and use_touched(asked, use)


#: the words a pick is qualified by before its price bound or class: "best" or "top" and up to four words ("Best
#: under $100", "the best blender under $100", "our top pick for under $80")
_QUALIFIED_BEST = re.compile(r"\b(?:best|top)\b(?:[\s-]+[\w'-]+){0,4}?\s*$", re.IGNORECASE)
#: a price class a pick may be qualified by, right after "best" or "top" ("the best budget blender", "top cheap
#: pick", "the best affordable kettle we tested"): a pick for buyers on a budget, not for everyone
_PRICE_CLASS_PICK = re.compile(r"\b(?:best|top)\s+(?:[\w-]+\s+){0,2}?(?:budget|cheap|cheaper|affordable|inexpensive|"
                               r"low[- ]cost|low[- ]priced|entry[- ]level)\b", re.IGNORECASE)
#: a question that asks for buyers on a budget by a price class ("the best budget blender", "a cheap kettle")
_PRICE_CLASS_ASKED = re.compile(r"\b(?:budget|cheap|affordable|inexpensive|low[- ]cost|low[- ]priced|entry[- ]level)\b",
                                re.IGNORECASE)


def price_qualified(pick: str, question: str) -> bool | None:
    """Whether a reviewer's pick (its quoted words) qualified by a price is for ``question``: a price bound right
    after its "best" (:data:`_QUALIFIED_BEST`: "Best under $100", "the best blender under $100", read by
    :func:`read_budget`) fits a question with the same budget (the same amount, within
    :data:`~shared.units.SAME_VALUE_TOLERANCE`, in the same currency when both name one) and no other; a price class
    (:data:`_PRICE_CLASS_PICK`: "the best budget blender") fits a question with a budget, a price class or a cheapest
    word (:data:`_CHEAPEST`). True or False so; None when the pick names no price bound nor class (the best of all
    prices, for any question)."""
    for m in _BUDGET.finditer(pick):
        if not _QUALIFIED_BEST.search(pick[:m.start()]):
            continue
        bound, currency = read_budget(pick[m.start():])
        if bound is None:
            continue
        asked, asked_currency = read_budget(question)
        return asked is not None and one_value(asked, bound) and (
            currency is None or asked_currency is None or currency == asked_currency)
    if _PRICE_CLASS_PICK.search(pick):
        return (read_budget(question)[0] is not None or _PRICE_CLASS_ASKED.search(question) is not None
                or _CHEAPEST.search(question) is not None)
    return None


def _fits_use(pick: str, question: str) -> bool | None:
    """Whether a reviewer's pick (its quoted words) is for the use ``question`` asks: True when the pick names a use
    (:func:`use_pick`, else :func:`asked_use`) that fits the question's (:func:`_use_fits`: "For winter camping we
    recommend ..." under "best for winter camping", "Best for brick and block: ..." under "for drilling into
    brick"), False when it names a use the question does not ask ("For winter camping ..." under "the best
    backpacking stove under $100"), or a price bound or class the question does not ask (:func:`price_qualified`:
    "Best under $100" or "the best budget blender" under "What is the best blender?"), None when it names no use (a
    pick for everyone, or for the budget the question states)."""
    if price_qualified(pick, question) is False:
        return False
    found = use_pick(pick)
    use = found[1] if found is not None else asked_use(pick)[0]
    if not _use_words(use) - _NO_USE:
        return None
    return _use_fits(use, question)


def _rank(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]],
          reviews: list[dict[str, Any]], offers: list[dict[str, Any]], sponsored: set[str] | None = None
          ) -> _Ranking:
    """The best-overall rule, the same whatever the order of the pages: rank the products on the attributes the
    question names (else on those compared for the most products, alphabetically), each product by the worst
    value its sources give (a disputed better figure never wins), first by its head-to-head record (a product beats
    another when it is better on more of the ranking attributes both have a figure for: the matrix's figures decide,
    so a product better on most of them is never ranked below), then by its share of the other products it beats
    (ties share; a product with no figure for an attribute counts :data:`MISSING_SHARE`); review ratings
    (sponsored ones down-weighted, and not counted at all, weight 0, for a product with independent evidence:
    :func:`discount_sponsored`) break ties when the question names the attributes, else count as one more
    attribute; then the lower purchase price; then the name. Prices are never a ranking attribute (they are the
    best-value verdict's). An attribute is ranked on only when which way is better can be justified for the
    question (:func:`_better`). ``sponsored``: source ids of sponsored pages, whose cells a verdict cites only
    when no independent source gives the same value.

    A use the question names that an attribute decides (weight for "best for travel", battery life for "long
    flights", the noise level for "the nursery": :func:`use_asks`), when the question names no attribute, makes
    that attribute lead: it is ranked on whatever the number of products compared on it, a product beats another
    on it first and on the other attributes (and ratings) only when the two are level on it, and a product without
    a figure for it ranks after those with one. With no such use every attribute counts alike. A product with no
    figure for most of the attributes ranked on ranks after those with a figure for half of them or more: a figure
    missing is no win for it."""
    pids = {p.product_id for p in products}
    comparable = {a: v for a in attributes if (v := _comparable(a, cells, pids, question)) is not None}
    # an attribute on which every product has the same value ranks nothing
    comparable = {a: (d, by) for a, (d, by) in comparable.items()
                  if not all(one_value(min(float(c["amount"]) for c in x), min(float(c["amount"]) for c in y))
                             and one_value(max(float(c["amount"]) for c in x), max(float(c["amount"]) for c in y))
                             for x in by.values() for y in by.values())}
    comparable = {a: v for a, v in comparable.items() if a in _one_per_quantity(comparable, cells)}
    # a constraint clause ("that weighs under 2 kg") filters the products (a requirement) and asks for no attribute
    unbounded = requirement_blanked(question)
    asked = [a for a in attributes if a in comparable and asks(unbounded, a)]
    # an attribute the question asks for that ranks nothing keeps a use word ("portable") from leading in its place
    unranked_asked = [a for a in attributes if a not in comparable and asks(unbounded, a)]
    if not asked:  # "lasts the longest on one charge": the endurance the products give figures of (a range)
        asked = _endurance_given(unbounded, [a for a in attributes if a in comparable], cells, [])
    lead: list[str] = []
    if asked:
        chosen, how = asked, "asked"
    elif comparable:  # the attributes compared for the most products (at least half the most): at most 4
        most = max(len(v[1]) for v in comparable.values())
        # of those compared for as many products, first the ones the question decides the way of ("portable":
        # lighter), then the ones the lexicon knows (a common spec of products), then by name
        chosen = sorted((a for a, v in comparable.items() if len(v[1]) >= max(2, (most + 1) // 2)),
                        key=lambda a: (-len(comparable[a][1]), not why_better(a, _kind_of_cells(cells, a), question),
                                       canonical_name(a, _kind_of_cells(cells, a)) != a, a))[:MAX_RANKED]
        # the attributes the use asked decides lead, ranked on first (:func:`use_asks`)
        lead = [a for a in attributes if a in comparable and use_asks(a, _kind_of_cells(cells, a), question)
                and not unranked_asked]
        chosen = [*lead, *(a for a in chosen if a not in lead)][:max(MAX_RANKED, len(lead))]
        how = "compared"
    else:
        chosen, how = [], ""
    shares: dict[str, list[float]] = {pid: [] for pid in pids}
    figures: dict[str, dict[str, list[dict[str, Any]]]] = {pid: {} for pid in pids}
    marks: dict[str, list[tuple[str, dict[str, Any], int]]] = {pid: [] for pid in pids}
    ranked: set[str] = set()
    worst_on: dict[str, dict[str, float]] = {}  # ranking attribute -> product -> its worst value (direction-signed)
    for attribute, (direction, by) in comparable.items():
        worst = {pid: min(direction * float(c["amount"]) for c in cs) for pid, cs in by.items()}
        best = {pid: max(direction * float(c["amount"]) for c in cs) for pid, cs in by.items()}
        # equal values: an independent source's cell before a sponsored one's, so a verdict cites the independent one
        shown = {pid: sorted(cs, key=lambda c: (direction * float(c["amount"]),
                                                str(c["cited"]["source_id"]) in (sponsored or set())))
                 for pid, cs in by.items()}
        # two figures within the matrix's own tolerance (:data:`~shared.units.SAME_VALUE_TOLERANCE`: "33 ft" and
        # "10 m", 0.6% apart) are one value, so neither wins on them (trial t57s F1)
        if not all(one_value(a, b) for a in worst.values() for b in worst.values()):
            for pid in by:  # a lead or trail is said only when it holds for every value the sources give
                others = [o for o in by if o != pid]
                if all(worst[pid] > best[o] and not one_value(worst[pid], best[o]) for o in others):
                    marks[pid].append((attribute, shown[pid][0], direction))
                if all(best[pid] < worst[o] and not one_value(best[pid], worst[o]) for o in others):
                    top = direction * float(shown[pid][-1]["amount"])
                    marks[pid].append((attribute, next(c for c in shown[pid] if _tied(direction * float(c["amount"]),
                                                                                       top)), 2 * direction))
        if attribute not in chosen:
            continue
        worst_on[attribute] = worst
        for pid in by:
            figures[pid][attribute] = shown[pid]
            behind = sum(1 for o in by if o != pid and worst[o] < worst[pid] and not one_value(worst[o], worst[pid]))
            shares[pid].append(behind / (len(by) - 1))
            ranked.add(pid)
    rating: dict[str, tuple[float, dict[str, Any]]] = {}
    for pid in pids:
        rated = [r for r in reviews if r["product_id"] == pid and r["rating"] is not None and r["best"]
                 and r["cited"] and r["weight"] > 0]  # a sponsored review outweighed by independent evidence: 0
        if rated:
            weight = sum(r["weight"] for r in rated)
            sure = min(1.0, weight)  # a sponsored review alone is only partly believed
            value = sum(r["rating"] / r["best"] * r["weight"] for r in rated) / weight
            rating[pid] = (sure * value + (1 - sure) * MISSING_SHARE, max(rated, key=lambda r: r["weight"]))
            ranked.add(pid)
    lowest: dict[str, dict[str, float]] = {}  # product -> currency -> its lowest compared purchase price in it
    for o in offers:
        if purchase(o) and o.get("compared_price") is not None and o.get("compared_currency"):
            mine = lowest.setdefault(o["product_id"], {})
            code = str(o["compared_currency"])
            mine[code] = min(mine.get(code, float("inf")), float(o["compared_price"]))
    # head to head: a product beats another when it is better on more of the attributes both have figures for
    # (review ratings count as one more when the question names no attribute)
    scales = [worst_on[a] for a in chosen if a in worst_on]
    if how != "asked" and rating:
        scales.append({pid: r[0] for pid, r in rating.items()})

    leading = [worst_on[a] for a in lead if a in worst_on]
    # an independent test rating several of the products (a roundup's scores): its judgement of each product as a
    # whole outweighs any one spec, so when the question names no attribute it decides between two products it
    # rates both of, after the attributes a use asked for and before the other attributes (issue 15, trial t50s
    # fault 1: a product the test ranked last was best overall on its larger capacity)
    tests: dict[str, dict[str, dict[str, Any]]] = {}
    for r in reviews:
        if (how != "asked" and r["product_id"] in pids and r["rating"] is not None and r["best"] and r["cited"]
                and r["weight"] >= 1 and not r.get("sponsored")
                and str(r["cited"]["source_id"]) not in (sponsored or set())):
            tests.setdefault(str(r["cited"]["source_id"]), {})[r["product_id"]] = r
    tests = {sid: by for sid, by in tests.items() if len(by) >= 2}
    tested = [{pid: float(r["rating"] / r["best"]) for pid, r in by.items()} for by in tests.values()]
    # an independent reviewer's explicit pick for everyone ("The X is the best action camera we tested", "Our top
    # pick: the X"; no pick for a use) decides "best" when the question names no attribute nor use: a product so
    # picked beats one no independent reviewer picks, before any test's scores and the spec head count (trial t57s
    # F1: the figures' winner led while the test's pick was only a note)
    chosen_by = {r["product_id"] for r in reviews
                 if how != "asked" and not lead and r["product_id"] in pids and r["cited"] and r["pros"]
                 and not r.get("sponsored") and r["weight"] >= 1
                 and str(r["cited"]["source_id"]) not in (sponsored or set())
                 and is_pick(str(r["pros"][0])) and _fits_use(str(r["pros"][0]), question) is None}
    picked = [{pid: float(pid in chosen_by) for pid in pids}] if chosen_by else []

    figured = {id(w) for w in worst_on.values()}  # the spec figures' scales, compared at the matrix's tolerance

    def wins(a: str, b: str, on: list[dict[str, float]] = scales) -> int:
        return sum(1 for w in on if a in w and b in w and w[a] > w[b] and not (
            one_value(w[a], w[b]) if id(w) in figured else _tied(w[a], w[b])))

    def beats(a: str, b: str) -> int:  # +1 a beats b head to head, -1 b beats a, 0 level: the use's attributes first,
        # then an independent reviewer's pick, then an independent test rating both
        for on in (leading, picked, tested, scales):
            if (first := (wins(a, b, on) > wins(b, a, on)) - (wins(b, a, on) > wins(a, b, on))):
                return first
        return 0

    record = {pid: sum(beats(pid, o) for o in ranked if o != pid) for pid in ranked}
    key: dict[str, tuple[float, ...]] = {}
    for pid in ranked:
        got = shares[pid] + [MISSING_SHARE] * (len(chosen) - len(shares[pid]))
        rate = rating[pid][0] if pid in rating else MISSING_SHARE
        if how == "asked" or not rating:
            primary = sum(got) / len(got) if got else 0.0
            key[pid] = (float(record[pid]), round(primary, 9), round(rate, 9) if rating else 0.0)
        else:
            parts = [*got, rate]
            key[pid] = (float(record[pid]), round(sum(parts) / len(parts), 9), 0.0)
    # the lower purchase price breaks a tie only between prices in one currency (converted at a configured rate, or
    # written in it): products level on the rest whose prices are in different currencies stay level
    uncompared: set[str] = set()
    for level in {key[pid] for pid in ranked}:
        group = [pid for pid in ranked if key[pid] == level]
        priced = [pid for pid in group if pid in lowest]
        shared = set.intersection(*(set(lowest[pid]) for pid in priced)) if priced else set()
        common = min(shared) if shared else None
        if len(priced) > 1 and common is None:
            uncompared.update(priced)
        for pid in group:
            price = lowest[pid][common] if common is not None and pid in lowest else None
            key[pid] = (*key[pid], -price if price is not None else (0.0 if pid in uncompared else -float("inf")))
    names = {p.product_id: p.name for p in products}
    # a product with no figure for any attribute ranked on is never ranked above one that has figures, one missing
    # the figures of most of them (winning head to head on the one it has) never above one with most of them,
    # nor one without a figure for an attribute the use asked decides above one with it
    order = sorted(ranked, key=lambda pid: (bool(chosen) and not figures[pid],
                                            2 * len([a for a in chosen if a in figures[pid]]) < len(chosen),
                                            bool(lead) and not any(a in figures[pid] for a in lead),
                                            tuple(-k for k in key[pid]), names[pid].lower(), pid))
    return _Ranking(order=order, attributes=chosen, how=how, key=key, marks=marks, figures=figures, rating=rating,
                    uncompared=uncompared, directions={a: comparable[a][0] for a in chosen}, lead=lead,
                    unranked_asked=unranked_asked if not asked else [], tested=list(tests.values()),
                    picked=chosen_by if len(chosen_by) < len(ranked) else set())


#: a stated minimum or maximum in a question: "at least 120 kg", "min. 30 h", "no more than 2 kg", "under 1.5 kg",
#: "120 kg or more" (the amount with its unit; prices are the budget's, :func:`read_budget`)
_REQUIREMENT = re.compile(
    r"\b(?:(?P<min>at least|minimum(?: of)?|min\.?|no less than|not less than|more than|over|above|upwards of)|"
    r"(?P<max>at most|maximum(?: of)?|max\.?|no more than|not more than|less than|under|below|up to))\s+"
    r"(?P<q>\d[\d.,]*\s?[^\W\d_][\w/²]*)|(?P<q2>\d[\d.,]*\s?[^\W\d_][\w/²]*)\s+or\s+(?P<post>more|less|"
    r"fewer|lower|higher|greater)\b", re.IGNORECASE)


@dataclass
class Requirement:
    """A hard requirement a question states: ``kind`` "min" or "max" (or "has": a feature asked, no bound,
    :func:`feature_needs`), the bound as a :class:`Quantity` (canonical unit), and the words as written ("at least
    120 kg")."""

    kind: str
    bound: Quantity
    text: str
    where: int = 0
    #: the attribute it is on, when the question names it by a need rather than by the attribute (a size the use
    #: names, :func:`size_need`); "" to tell it from the cells (:func:`_requirement_attributes`)
    attribute: str = ""


def read_requirements(question: str) -> list[Requirement]:
    """The minimums and maximums ``question`` states on a measurable figure ("at least 120 kg load capacity",
    "under 1.5 kg"): amounts in a currency are the budget's and are not returned; an amount without a unit
    is not a requirement."""
    out: list[Requirement] = []
    for m in _REQUIREMENT.finditer(question):
        written = m.group("q") or m.group("q2")
        q = read_quantity(written)
        if q is None or q.kind in ("", "number", "text") or Price.fromstring(written).currency is not None:
            continue
        low = m.group("min") is not None or (m.group("post") or "").lower() in ("more", "higher", "greater")
        out.append(Requirement(kind="min" if low else "max", bound=q, text=m.group(0), where=m.start()))
    return out


#: the words opening a constraint clause before its verb or bound ("that weighs under 2 kg", "with at least 8 hours")
_CLAUSE_OPENERS = frozenset("that which who and with having".split())
#: at most this many words after a bound name what it bounds ("at least 8 hours of battery life")
_BOUNDED_WORDS = 3


def requirement_blanked(question: str) -> str:
    """``question`` with each constraint clause a requirement is written in (:func:`read_requirements`) blanked out:
    the bound ("under 2 kg", "at least 8 hours"), the attribute verb just before it ("weighs", "lasts", "runs for":
    :func:`~services.domain_shopping.attributes.attribute_verb_before`) or an attribute the lexicon knows with "of"
    ("a battery life of"), a word opening the clause ("that", "which", "with"), and what the bound is of after it
    ("of battery life", "load capacity"). Such a clause filters the products as a budget does: it asks for no
    attribute to rank on ("What is the best e-reader that weighs under 2 kg?" ranks as "the best e-reader" does,
    among those under 2 kg), while "the lightest e-reader under 200 g" still asks for the weight by "lightest"."""
    tokens = list(re.finditer(r"[\w][\w'’.-]*|[^\w\s]", question))
    words = [t.group(0) for t in tokens]
    spans: list[tuple[int, int]] = []
    for req in read_requirements(question):
        end = req.where + len(req.text)
        i = next((k for k, t in enumerate(tokens) if t.start() >= req.where), len(tokens))
        j = next((k for k, t in enumerate(tokens) if t.start() >= end), len(tokens))
        if (n := attribute_verb_before(words, i)):
            i -= n
        elif i > 1 and words[i - 1].casefold() == "of":  # "a battery life of at least 8 hours"
            known = [k for k in range(max(0, i - 1 - _BOUNDED_WORDS), i - 1) if lookup(" ".join(words[k:i - 1]))]
            if known:
                i = known[0]
                i -= int(i > 0 and words[i - 1].casefold() in ("a", "an", "the"))
        if i > 0 and words[i - 1].casefold() in _CLAUSE_OPENERS:
            i -= 1
        after = j + int(j < len(words) and words[j].casefold() == "of")
        run = []
        for k in range(after, min(after + _BOUNDED_WORDS, len(words))):
            if not words[k][:1].isalpha() or not words[k].islower() or is_stopword(words[k].casefold()):
                break
            run.append(k)
        if after > j and run:  # "of battery life": what the bound is of
            j = run[-1] + 1
        elif (known := [k for k in run if lookup(" ".join(words[j:k + 1]))]):  # "120 kg load capacity"
            j = known[-1] + 1
        spans.append((tokens[i].start() if i < len(tokens) else req.where,
                      tokens[j - 1].end() if j > 0 else end))
    for start, stop in sorted(spans, reverse=True):
        question = question[:start] + " " + question[stop:]
    return question


#: words of a width's name saying it is the widest of what the product takes ("maximum label width", "max. media
#: width", "print width", "paper width"), not the product's own size
_TAKES = re.compile(r"\b(?:max(?:imum)?|print(?:ing)?|media|paper|roll|label|tape|sheet|film|material)\b",
                    re.IGNORECASE)
_WIDTH = re.compile(r"\b(?:width|wide)\b", re.IGNORECASE)


def size_need(question: str, texts: list[str], attributes: list[str], cells: list[dict[str, Any]]
              ) -> Requirement | None:
    """The requirement a size the question's use names puts on the products ("for 4x6 shipping labels": a maximum
    label width of at least 4 in): a minimum of the size's smaller side on the width of what a product takes (a
    length attribute named a width and, by a word of the use ("label") or of :data:`_TAKES` ("maximum", "media"),
    the widest thing it takes; of several, the one sharing a word with the use, then the one with figures for the
    most products). A size written without its unit ("4x6") is in the unit ``texts`` (the sources' texts) write
    that size in most ("4 x 6 inch"). None when the use names no size, its unit cannot be told, or no such
    attribute has figures."""
    use = asked_use(question)[0]
    found = sizes_written(use)
    if not found:
        return None
    key, unit = found[0]
    if not unit:
        written = Counter(u for text in texts for k, u in sizes_written(text) if k == key and u)
        if not written:
            return None
        unit = written.most_common(1)[0][0]
    side = float(key.split("x")[0])
    bound = read_quantity(f"{side:g} {unit}")
    if bound is None:
        return None
    stems = {snowball_stem(w) for w in _use_words(use)}
    widths = [a for a in attributes if _WIDTH.search(a) and _kind_of_cells(cells, a) == bound.kind]
    sharing = [a for a in widths if {snowball_stem(w) for w in tokenize(a)} & stems]
    taking = sharing or [a for a in widths if _TAKES.search(a)]
    if not taking:
        return None
    attribute = min(taking, key=lambda a: (-len({c["product_id"] for c in cells if c["attribute"] == a}), len(a), a))
    shown = f" ({bound.amount:g} {bound.symbol})" if bound.symbol != unit else ""
    return Requirement(kind="min", bound=bound, text=f"{use}: {attribute} at least {side:g} {unit}{shown}",
                       attribute=attribute)


#: a feature a question asks a product to have: "with Wi-Fi", "with a built-in cutter", "that has Bluetooth",
#: "supports AirPrint" (one or two words, up to a budget, a clause's end or another "with")
_WITH_FEATURE = re.compile(r"\b(?:with|that has|which has|having|supports?|supporting)\s+(?:an?\s+|built-in\s+|"
                           r"integrated\s+)*(?P<f>[\w-]+(?:\s+(?!(?:under|below|for|and|or|at|in|on|to|within|"
                           r"less|max)\b)[\w-]+)?)", re.IGNORECASE)
#: a value saying a product lacks what its attribute names ("Wi-Fi: No", "none", "not available", "—")
_LACKS = re.compile(r"^\s*(?:no|none|not (?:available|included|supported)|without|nein|non|—|-|n/a|✗|✘)\s*\.?\s*$",
                    re.IGNORECASE)


def feature_needs(question: str, attributes: list[str], cells: list[dict[str, Any]], pids: list[str]
                  ) -> tuple[str, dict[str, tuple[str, dict[str, Any]]], dict[str, str]]:
    """A feature the question asks a product to have ("with Wi-Fi": :data:`_WITH_FEATURE`) as the spec matrix shows
    it: (the feature as written, product id -> (attribute, cell) of each product whose spec shows it lacks it,
    product id -> the attribute of each product (of ``pids``) whose spec cannot tell). A product lacks it when an
    attribute named the feature says so ("wi-fi | No": :data:`_LACKS`) or when its cell of a listing attribute that
    names the feature for another product ("connectivity | Wi-Fi 2.4 GHz, Bluetooth 5.0") does not name it
    ("connectivity | USB-B, Bluetooth 5.0"); a product with no cell of such an attribute cannot be told. ("", {}, {})
    when the question asks no feature some cell names (words such as "with the fastest speed" name none)."""
    for m in _WITH_FEATURE.finditer(question):
        for words in (m.group("f"), m.group("f").split()[0]):
            key = compact(words)
            if len(key) < 2 or all(is_stopword(w) for w in words.lower().split()):
                continue
            own = [a for a in attributes if compact(a) == key]  # "wi-fi | No"
            listing = [a for a in attributes if a not in own and any(
                c["attribute"] == a and key in compact(str(c["value"])) for c in cells)]
            if not own and not listing:
                continue
            lacking: dict[str, tuple[str, dict[str, Any]]] = {}
            has: set[str] = set()
            for a in [*own, *listing]:
                for c in cells:
                    if c["attribute"] != a or c["product_id"] not in pids:
                        continue
                    value = str(c["value"])
                    if (a in own and _LACKS.match(value)) or (a in listing and key not in compact(value)):
                        lacking.setdefault(c["product_id"], (a, c))
                    else:
                        has.add(c["product_id"])
            lacking = {pid: found for pid, found in lacking.items() if pid not in has}
            told = has | set(lacking)
            shown = [*own, *listing][0]
            return words, lacking, {pid: shown for pid in pids if pid not in told}
    return "", {}, {}


#: a value saying a product has what its attribute names ("Hammer mode: Yes (up to 25,500 bpm)", "included", "✓")
_HAS = re.compile(r"^\s*(?:yes|ja|oui|s[ií]|included|built[- ]in|standard|✓|✔)\b", re.IGNORECASE)


def use_features(question: str, attributes: list[str], cells: list[dict[str, Any]], pids: list[str],
                 texts: list[str]) -> tuple[str, dict[str, tuple[str, dict[str, Any]]], dict[str, str]]:
    """A feature the use the question asks for needs, as :func:`feature_needs` returns one asked by name: an
    attribute the spec matrix gives as yes or no (:data:`_HAS`, :data:`_LACKS`: "hammer mode | Yes" / "No") that
    two or more sentences of ``texts`` (the independent pages' texts) name together with the use
    (:func:`use_touched`: "its hammer mode drilled all ten brick holes", "it has no hammer mode, so it is not meant
    for drilling brick" of "for drilling into brick"). The feature is said with its use ("hammer mode for drilling
    into brick"); a product whose every cell says no lacks it, one with no cell cannot be told. ("", {}, {}) when
    the question names no use or no such attribute has both a yes and a no (issue 15, trial t52s fault 1)."""
    use = asked_use(question)[0]
    if not use:
        return "", {}, {}
    sentences = [found.text for text in texts for found in split_sentences(text)]
    for attribute in attributes:
        mine = [c for c in cells if c["attribute"] == attribute and c["product_id"] in pids]
        has = {c["product_id"] for c in mine if _HAS.match(str(c["value"]))}
        lacking = {c["product_id"]: (attribute, c) for c in mine if _LACKS.match(str(c["value"]))
                   and c["product_id"] not in has}
        if not has or not lacking or len(attribute) < 3:
            continue
        named = re.compile(rf"(?<!\w){re.escape(attribute)}(?!\w)", re.IGNORECASE)
        if sum(1 for text in sentences if named.search(text) and use_touched(use, named.sub(" ", text))) < 2:
            continue
        told = has | set(lacking)
        return f"{attribute} for {use}", lacking, {pid: attribute for pid in pids if pid not in told}
    return "", {}, {}


def _requirement_attributes(question: str, attributes: list[str], cells: list[dict[str, Any]],
                            needs: list[Requirement] | None = None
                            ) -> list[tuple[Requirement, str, dict[str, list[dict[str, Any]]]]]:
    """Per stated requirement (:func:`read_requirements`, then ``needs``: the requirements a need the question
    states puts on an attribute, :func:`size_need`) whose attribute can be told, (the requirement, the
    attribute, product id -> its cells of that attribute). The attribute is a need's own, else the one of the
    requirement's kind of quantity the question names (else the only one of that kind, else the one whose better
    direction the bound is on: a minimum on a more-is-better figure)."""
    out: list[tuple[Requirement, str, dict[str, list[dict[str, Any]]]]] = []
    words = set(tokenize(question))
    for req in [*read_requirements(question), *(needs or [])]:
        kinds: dict[str, list[dict[str, Any]]] = {}
        for c in cells:
            if c["amount"] is None or c["attribute"] not in attributes or _PRICE_NAME.search(c["attribute"]):
                continue
            q = read_quantity(c["value"])
            if q is not None and q.kind == req.bound.kind and q.unit == req.bound.unit:
                kinds.setdefault(c["attribute"], []).append(c)
        candidates = list(kinds)
        if req.attribute:
            candidates = [a for a in candidates if a == req.attribute]
        named = [a for a in candidates if set(tokenize(a)) <= words]
        if named:
            candidates = named
        if len(candidates) > 1:
            way = 1 if req.kind == "min" else -1
            candidates = [a for a in candidates if _better(a, req.bound, question) == way] or candidates
        if len(candidates) != 1:
            continue
        by: dict[str, list[dict[str, Any]]] = {}
        for c in kinds[candidates[0]]:
            by.setdefault(c["product_id"], []).append(c)
        out.append((req, candidates[0], by))
    return out


def _requirement_failures(question: str, attributes: list[str], cells: list[dict[str, Any]],
                          needs: list[Requirement] | None = None
                          ) -> dict[str, tuple[str, dict[str, Any], Requirement]]:
    """Product id -> (attribute, its least favourable cell, the requirement) for each product whose figure for
    the attribute a stated requirement (or a need's, ``needs``) is on fails it (:func:`_requirement_attributes`)."""
    failures: dict[str, tuple[str, dict[str, Any], Requirement]] = {}
    for req, attribute, by in _requirement_attributes(question, attributes, cells, needs):
        for pid, cs in by.items():
            worst = min(cs, key=lambda c: float(c["amount"])) if req.kind == "min" else max(
                cs, key=lambda c: float(c["amount"]))
            bound = float(req.bound.amount)
            if (float(worst["amount"]) < bound and not _tied(float(worst["amount"]), bound) if req.kind == "min"
                    else float(worst["amount"]) > bound and not _tied(float(worst["amount"]), bound)):
                failures.setdefault(pid, (attribute, worst, req))
    return failures


def _requirement_unknown(question: str, attributes: list[str], cells: list[dict[str, Any]], pids: list[str],
                         needs: list[Requirement] | None = None) -> dict[str, tuple[str, Requirement]]:
    """Product id (of ``pids``) -> (attribute, requirement) for each product without a figure for the attribute a
    stated requirement (or a need's, ``needs``) is on: whether it meets it cannot be told, so the verdicts say why it
    is not picked."""
    unknown: dict[str, tuple[str, Requirement]] = {}
    for req, attribute, by in _requirement_attributes(question, attributes, cells, needs):
        for pid in pids:
            if pid not in by:
                unknown.setdefault(pid, (attribute, req))
    return unknown


#: a question asking for the lowest price ("cheapest", "least expensive", "lowest price")
_CHEAPEST = re.compile(r"\b(cheapest|least expensive|less expensive|lowest[- ]priced|lowest price|lowest[- ]cost|"
                       r"most affordable|cheaper|costs? (?:the )?least|costs? less)\b", re.I)


def _only_used(mine: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Of one product's purchase offers, the cheapest within the budget when every offer within it is refurbished
    or used (none new); None when one within it is new, or none is within it."""
    inside = [o for o in mine if o["within_budget"] is True and orderable(o)]
    if not inside or any(o["condition"] == "new" for o in inside):
        return None
    return min(inside, key=lambda o: float(o.get("compared_price") or o["price"] or 0.0))


def _over_budget(cells: list[dict[str, Any]], offers: list[dict[str, Any]], budget: float | None,
                 budget_currency: str | None) -> set[str]:
    """Product ids whose every known price (offers compared with the budget, "price" cells in the budget's
    currency) is over ``budget``, when at least one product has a price within it (else the empty set: with
    nothing in budget, the comparison still names a best product)."""
    if budget is None:
        return set()
    within: set[str] = set()
    above: set[str] = set()
    for o in offers:
        if o["within_budget"] is not None:
            (within if o["within_budget"] else above).add(o["product_id"])
    for c in cells:
        if not _PRICE_NAME.search(c["attribute"]) or c["amount"] is None:
            continue
        if c["unit"] == budget_currency or (budget_currency is None and c["unit"] in ("", "no currency")):
            (within if float(c["amount"]) <= budget else above).add(c["product_id"])
    return above - within if within else set()


#: words saying how a figure was got, not what it measures: "measured inflation time" and "inflation time" are one
#: quantity (:func:`_one_per_quantity`)
_HOW_GOT = frozenset({"measured", "tested", "claimed", "stated", "advertised", "official", "actual", "real",
                      "lab", "our", "manufacturer", "maker"})


def _one_per_quantity(comparable: dict[str, tuple[int, dict[str, list[dict[str, Any]]]]],
                      cells: list[dict[str, Any]]) -> set[str]:
    """Of ``comparable``'s attributes (name -> (direction, product id -> cells)), one per quantity: attributes whose
    names differ only by words of how the figure was got (:data:`_HOW_GOT`: "measured inflation time", "inflation
    time") and whose values are of one kind count once, as the one compared for the most products, then the
    shorter name, then the first by name. Ranking on both would count one quantity twice."""
    groups: dict[tuple[str, str | None], list[str]] = {}
    for a in comparable:
        words = [w for w in a.split() if w not in _HOW_GOT]
        groups.setdefault((" ".join(words) or a, _kind_of_cells(cells, a)), []).append(a)
    return {min(names, key=lambda a: (-len(comparable[a][1]), len(a), a)) for names in groups.values()}


def _kind_of_cells(cells: list[dict[str, Any]], attribute: str) -> str | None:
    """The kind of quantity (``Quantity.kind``) of ``attribute``'s first cell with an amount, or None."""
    for c in cells:
        if c["attribute"] == attribute and c["amount"] is not None:
            ends = range_of(c["value"])
            q = ends[1] if ends is not None else read_quantity(c["value"])
            return q.kind if q is not None else None
    return None


def _tied(a: float, b: float, tolerance: float = 0.005) -> bool:
    """Whether two compared amounts are the same value (relative ``tolerance``)."""
    return abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-9)


def _converted(o: dict[str, Any]) -> str:
    """`` (≈ 292.13 USD at the 2026-11-27 reference rate)`` for an offer converted to another currency."""
    if o.get("rate_date") and o.get("compared_price") is not None and o["compared_currency"] != o["currency"]:
        return f" (≈ {o['compared_price']:,.2f} {o['compared_currency']} at the {o['rate_date']} reference rate)"
    return ""


#: words of a question asking for the end of an attribute it judges better ("the best range", "the lightest"): a
#: superlative, not a word merely ending in -est
_TOP_WORDS = re.compile(r"\b(?:best|top|most)\b|\b(?!(?:interest|request|contest|protest|suggest|digest|honest|"
                        r"modest|harvest|invest|manifest|forest|latest|earnest|arrest|attest)\b)\w{3,}est\b",
                        re.IGNORECASE)


def superlative(question: str, cells: Sequence[dict[str, Any]]) -> bool:
    """Whether ``question`` asks for the end of a ranking (:data:`_TOP_WORDS`: "the best range", "the lightest",
    "the top scooter") by a word that is no part of the name of a spec the products' figures are given under:
    a spec name of two words or more opening with such a word ("top speed", "highest setting": the ``attribute``
    of ``cells`` with an ``amount``), written whole in the question (a hyphen for a space too: "top-speed"), names
    the figure asked, so "What is the top speed of the Zarro Trek 5?" asks that product's figure, not which
    product's is highest (trial t65s X9: the look-alike's 45 km/h led at medium). A superlative outside the name
    still ranks: "Which has the highest top speed?", "the best top speed"."""
    names = {str(c["attribute"]).strip() for c in cells if c.get("amount") is not None}
    blanked = question
    for name in sorted((n for n in names if len(n.split()) > 1 and _TOP_WORDS.match(n)), key=len, reverse=True):
        pattern = r"[\s-]+".join(re.escape(w) for w in name.split())
        blanked = re.sub(rf"(?<![\w-]){pattern}(?![\w-])", " ", blanked, flags=re.IGNORECASE)
    return _TOP_WORDS.search(blanked) is not None


#: the opening of the verdicts' answer to a question about one product's figures (:func:`_spec_answer`)
SPEC_ANSWER = "as its sources give it"

#: how far from the product's name a condition word may stand, in characters ("a refurbished, boxed Zarro Trek 5")
_CONDITION_REACH = 24


def asked_condition(question: str, products: list[Product]) -> str | None:
    """The condition of the goods ``question`` asks the price of for the one product it names: "refurbished",
    "used" or "new" (:data:`_ASKED_CONDITION`), read from a word just before the product's name or just after it
    (within :data:`_CONDITION_REACH` characters: "What does a refurbished Zarro Trek 5 cost?", "Zarro Trek 5 used
    price?") or from "in <condition> condition". None when the question names no product or several, or says no
    condition there ("the newest model", "the camera most used by pros" are none)."""
    spans = _named_spans(question, products)
    if len(spans) != 1:
        return None
    _, a, b = spans[0]
    near = [m for m in _ASKED_CONDITION.finditer(question)
            if 0 <= a - m.end() <= _CONDITION_REACH and not re.search(r"[.?!;:]", question[m.end():a])
            or 0 <= m.start() - b <= 2 or re.match(r"\s+condition\b", question[m.end():], re.IGNORECASE)]
    if not near:
        return None
    return near[-1].lastgroup


#: a question asking for a tester's measured figure ("How long did the X last in the test?", "What battery life did
#: the lab measure?", "What did the X weigh in testing?"): :func:`_spec_answer` answers it from :data:`MEASURED` cells
_ASKS_MEASURED = re.compile(r"\b(?:measur\w*|test\w*|lasted|benchmark\w*|gemessen|getestet|"
                            r"mesur\w*|medid\w*|misurat\w*)\b", re.IGNORECASE)


def _spec_answer(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]],
                 refs: _Refs, named_sources: dict[str, str] | None = None) -> tuple[str, bool | None]:
    """The answer to a question about the figures of one product it names ("How much does the Kettlo Go weigh and
    how much water does it hold?"): "**Kettlo Go, as its sources give it:** weight 1.1 lb (≈ 499 g) [@v1] / 720 g
    [@v2] [@v3] (its sources disagree); capacity 0.8 l [@v2] [@v3]." Every value the sources give each attribute the
    question asks for (:func:`asks`), each with the sources giving it, so a disagreement is said, never one side
    stated as fact. A question asking for a tester's measured figure (:data:`_ASKS_MEASURED`) is answered from the
    figures a test says it measured (:data:`MEASURED`: "battery life 19 h 40 min measured in a test [@v1] (the rated
    figure, not measured: 20 h [@v2])"), the rated ones said apart; with none measured, that none was found (agree
    None: the figure asked is unknown). When the question names the tester by its site's name ("What did HearLab
    measure ...?", ``named_sources``: :func:`sources_named`), only that site's measured figures answer it, another
    page's test being no figure of that tester's. A figure asked in a unit ("in ounces", "how many minutes":
    :func:`~services.domain_shopping.units.unit_asked`) is given in it too, beside the unit written ("weight 540 g
    (≈ 19 oz)", "battery life 12 h (= 720 min)"). Returns (the answer, whether its sources agree on every value
    said, None when a figure asked was not found). ("", True) when the
    question names no product or several, asks for the best or a ranking (a superlative, "which"), or no figure of
    what it asks was found."""
    named = named_products(question, products)
    if len(named) != 1 or superlative(question, cells) or re.search(r"\b(?:which|compare|vs\.?|versus)\b",
                                                                     question, re.I):
        return "", True
    pid = named[0].product_id
    said: list[str] = []
    agree: bool | None = True
    asked_unit = unit_asked(question)

    def show(cell: dict[str, Any]) -> str:  # "in ounces?": a figure of that kind also in the unit asked
        if asked_unit is not None and cell["amount"] is not None and cell["unit"] \
                and in_unit(float(cell["amount"]), str(cell["unit"]), asked_unit) is not None:
            return _shown_in(cell, asked_unit)
        return _shown(cell)
    # "What does a refurbished X cost?": a spec-like "Price: $299.99" is no offer of the condition asked (the maker's
    # new price); the offers of that condition answer (:func:`_offers_answer`, trial t57s F4)
    conditioned = asked_condition(question, products) is not None
    # in the order the question asks them: "How fast does it print, and does it have Wi-Fi?" says the speed first
    tested = _ASKS_MEASURED.search(question) is not None
    chosen = [a for a in attributes if asks(question, a) and not (conditioned and _PRICE_NAME.search(a))]
    chosen += _endurance_given(question, attributes, [c for c in cells if c["product_id"] == pid], chosen)
    for attribute in sorted(chosen, key=lambda a: _asked_at(question, a)):
        mine = [c for c in cells if c["product_id"] == pid and c["attribute"] == attribute]
        measured = [c for c in mine if c["cited"].get("origin") == MEASURED]
        if tested and named_sources:  # "What did HearLab measure?": another site's test is not HearLab's figure
            measured = [c for c in measured if str(c["cited"]["source_id"]) in named_sources]
        if tested and mine:
            # "How long did the X last in the test?": the tester's measured figure answers, the maker's rated one is
            # said apart from it, never as agreeing with it (trial t59s Y2: the rated 20 h led at 1.00 high)
            groups = _value_groups(measured)
            found = " / ".join(_group_said(g, refs, show) for g in groups)  # cited first: the answer's figure
            rated = " / ".join(_group_said(g, refs, show) for g in _value_groups(
                [c for c in mine if c["cited"].get("origin") != MEASURED]))
            if not measured:
                said.append(f"{attribute}: no measured figure was found (rated, not measured: {rated})")
                agree = None
                continue
            said.append(f"{attribute} {found} measured in a test" + (" (its tests disagree)" if len(groups) > 1 else "")
                        + (f" (the rated figure, not measured: {rated})" if rated else ""))
            agree = agree if len(groups) == 1 or agree is None else False
            continue
        groups = _value_groups(mine)  # values that agree are said once, each writing with its sources
        if groups:
            said.append(f"{attribute} " + " / ".join(_group_said(g, refs, show) for g in groups)
                        + (" (its sources disagree)" if len(groups) > 1 else ""))
            agree = agree if len(groups) == 1 or agree is None else False
    return (f"**{_md(named[0].name)}, {SPEC_ANSWER}:** " + "; ".join(said) + "." if said else ""), agree


#: "How much more capacity does A have than B?", "How many more watts does A draw than B?", "How much lighter is A
#: than B?": the difference of one figure between two products; ``dir`` says which way it is asked
_DIFFERENCE_RE = re.compile(
    r"\bhow\s+(?:much|many)\s+(?P<dir>more|less|fewer|bigger|larger|greater|higher|longer|heavier|smaller|lower|"
    r"shorter|lighter)\b(?P<mid>[^?.!]*?)\bthan\s+(?:the\s+|an?\s+)?(?P<b>[^?.!]+?)\s*[?.!]?\s*$", re.IGNORECASE)
#: the ways :data:`_DIFFERENCE_RE` asks for less
_LESS_WORDS = frozenset("less fewer smaller lower shorter lighter".split())
#: the auxiliary and article before the first product of a difference asked, and a verb after it ("does the X have")
_DIFFERENCE_A_RE = re.compile(r"\b(?:does|do|did|is|are|was|were|can|will|would)\s+(?:the\s+|an?\s+)?(?P<a>.+?)"
                              r"(?:\s+[a-z][a-z-]*)?\s*$")


def asked_difference(question: str) -> tuple[int, str, str] | None:
    """What a question asking how much one product's figure exceeds another's asks (:data:`_DIFFERENCE_RE`: "How
    much more capacity does the Brevona Duo XL have than the Brevona Duo?"): (1 for more, -1 for less, the first
    product's name as written, the second's). None for any other question ("Which has more capacity, A or B?" asks a
    choice). Pure; never raises."""
    m = _DIFFERENCE_RE.search(" ".join((question or "").split()))
    if m is None:
        return None
    a = _DIFFERENCE_A_RE.search(m.group("mid"))
    if a is None or not a.group("a").strip():
        return None
    return (-1 if m.group("dir").lower() in _LESS_WORDS else 1), a.group("a").strip(), m.group("b").strip()


#: a value's first number and the unit written after it ("9.0 L (2 x 4.5 L)" -> "L")
_FIRST_UNIT = re.compile(r"\s*[\d.,]+\s*(?P<unit>[^\W\d_][\w/°]*)")


def _same_unit_amount(first: dict[str, Any], second: dict[str, Any]) -> tuple[float, bool] | None:
    """``second`` cell's amount in ``first``'s unit, with whether that is exact (:func:`in_unit`): a unit pint knows
    converted ("1.1 lb" to gram), and a unit it does not know but both cells share as it is (a currency: "499 EUR"
    and "349 EUR" are one kind, never "figures of two kinds") taken as it is. None when either has no
    amount or unit, or their units are of two kinds (two currencies, a mass and a length)."""
    if first["amount"] is None or second["amount"] is None or not first["unit"] or not second["unit"]:
        return None
    converted = in_unit(float(second["amount"]), str(second["unit"]), str(first["unit"]))
    if converted is None and str(first["unit"]).casefold() == str(second["unit"]).casefold():
        return float(second["amount"]), True
    return converted


def _difference_answer(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]],
                       refs: _Refs) -> tuple[str, bool | None, str]:
    """The answer to a question asking how much more (or less) of a figure one product has than another
    (:func:`asked_difference`): both products' figures of the attribute asked (:func:`asks`), each with its sources,
    and their difference in the first one's unit: "**Brevona Duo XL against Brevona Duo, capacity:** 9.0 L [@v1]
    against 6.0 L [@v2]: 3 L more." With a figure of one of them not found, their sources disagreeing, or figures of
    two kinds of unit, the difference is not established, and what was found is said. Returns (the answer, whether
    its sources agree on both figures (None when a figure is missing), the first product's name); ("", True, "")
    when the question asks no difference, does not name the two products, or names no attribute found."""
    asked = asked_difference(question)
    if asked is None:
        return "", True, ""
    sign, a_text, b_text = asked
    spans = _named_spans(question, products)
    cut = question.lower().rfind(" than ")
    firsts = [p for p, a, _b in spans if a < cut]
    seconds = [p for p, a, _b in spans if a > cut]
    if len(firsts) != 1 or len(seconds) != 1 or firsts[0] is seconds[0]:
        return "", True, ""
    one, other = firsts[0], seconds[0]
    chosen = sorted((a for a in attributes if asks(question, a)), key=lambda a: -asks(question, a))
    if not chosen:
        return "", True, ""
    attribute = chosen[0]
    groups = {p.product_id: _value_groups([c for c in cells if c["product_id"] == p.product_id
                                           and c["attribute"] == attribute]) for p in (one, other)}
    said = {pid: " / ".join(_group_said(g, refs, _shown) for g in gs) for pid, gs in groups.items()}
    way = "less" if sign < 0 else "more"
    head = f"**{_md(one.name)} against {_md(other.name)}, {_md(attribute)}:**"
    missing = [p for p in (one, other) if not groups[p.product_id]]
    if missing:
        found = [p for p in (one, other) if groups[p.product_id]]
        return (f"**Not established: how much {way} {_md(attribute)} the {_md(one.name)} has than the "
                f"{_md(other.name)}:** no {_md(attribute)} of the {' or the '.join(_md(p.name) for p in missing)} "
                "was found" + "".join(f"; the {_md(p.name)}'s is {said[p.product_id]}" for p in found) + ".",
                None, one.name)
    if any(len(gs) > 1 for gs in groups.values()):
        return (f"{head} {said[one.product_id]} against {said[other.product_id]} (its sources disagree: the "
                "difference is not established).", False, one.name)
    first, second = groups[one.product_id][0][0][0], groups[other.product_id][0][0][0]
    unit = _FIRST_UNIT.match(str(first["value"]))
    converted = _same_unit_amount(first, second)
    if converted is None or unit is None:
        return (f"{head} {said[one.product_id]} against {said[other.product_id]} (figures of two kinds: the "
                "difference is not established).", None, one.name)
    difference = float(first["amount"]) - converted[0]
    # the amount in the first one's written unit: its canonical amount and written number may differ ("900 ml" is
    # 0.9 litre); the written number's scale over the canonical amount carries the difference over
    written = re.search(r"\d[\d.,]*", str(first["value"]))
    scale = 1.0
    if written is not None and float(first["amount"]):
        try:
            scale = float(written.group(0).replace(",", "")) / float(first["amount"])
        except ValueError:
            scale = 1.0
    gap = abs(difference) * scale
    told = "the same" if gap == 0 else f"{shown_amount(gap)} {unit.group('unit')} {'more' if difference > 0 else 'less'}"
    return f"{head} {said[one.product_id]} against {said[other.product_id]}: {told}.", True, one.name


def _endurance_given(question: str, attributes: list[str], cells: list[dict[str, Any]], asked: list[str]
                     ) -> list[str]:
    """The attributes of ``attributes`` answering a question asking what one charge gives
    (:func:`~services.domain_shopping.attributes.endurance_asked`: "lasts the longest on one charge") that ``cells``
    give a figure of: those of the first of its endurance attributes (battery life, range, by canonical name) with
    a figure, the ones in ``asked`` left out. [] when the question asks nothing of one charge, or an attribute in
    ``asked`` is an endurance attribute with a figure already (it answers)."""
    order = endurance_asked(question)
    if not order:
        return []
    named = {a: canonical_name(a, _kind_of_cells(cells, a)) or a for a in attributes}
    figured = {str(c["attribute"]) for c in cells if c["amount"] is not None and c["attribute"] in named}
    if any(named.get(a) in order and a in figured for a in asked):
        return []
    for name in order:
        got = [a for a in attributes if named[a] == name and a in figured]
        if got:
            return [a for a in got if a not in asked]
    return []


def uncompared_asked(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]]
                     ) -> list[str]:
    """The attributes a question ranking the products asks for ("Which kettle lasts the longest on one charge?"),
    when none of them can be compared: the quantities it names (a spec of the matrix by :func:`asks`, one of the
    lexicon by :func:`~services.domain_shopping.attributes.named_in`, the endurance asked of one charge:
    :func:`~services.domain_shopping.attributes.endurance_asked`; never a price, nor a bound of a constraint
    clause: :func:`requirement_blanked`, nor a word of the kind asked: :func:`kind_blanked`) of which no two products have a figure. A ranking on other attributes
    answers another question: the verdicts say what could not be compared, never "Best overall" at high (trial t65s
    S4: "Best overall" at 1.00 high for "lasts the longest on one charge"). [] when the question names one product
    (its figures answer it: :func:`unfound_asked`), asks for no quantity, or two products have a figure of one it
    asks for."""
    if len(named_products(question, products)) == 1:
        return []
    unbounded = requirement_blanked(question)
    kinds = {a: _kind_of_cells(cells, a) for a in attributes}
    names = {a: canonical_name(a, kinds[a]) or a for a in attributes}
    asked = [names[a] for a in attributes if kinds[a] is not None and asks(unbounded, a)]
    # a word of the kind asked names no attribute ("power" of "power bank")
    asked += [known.name for known in LEXICON if known.kinds and named_in(kind_blanked(unbounded), known.name)]
    asked += list(endurance_asked(unbounded))
    asked = [a for a in dict.fromkeys(asked) if not _PRICE_NAME.search(a)]
    pids = {p.product_id for p in products}
    figured: dict[str, set[str]] = {}
    for c in cells:
        if c["amount"] is not None and c["product_id"] in pids and c["attribute"] in names:
            figured.setdefault(names[c["attribute"]], set()).add(str(c["product_id"]))
    if not asked or any(len(figured.get(a, ())) >= 2 for a in asked):
        return []
    return asked


#: the opening of the verdicts' answer to a question about one named product's figure that no source gives
#: (:func:`unfound_asked`): "**Not established: the noise level of the Brakka DX20.**"
NOT_FOUND_ANSWER = "Not established"


def unfound_asked(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]]
                  ) -> tuple[Product, list[str]] | None:
    """The product a question about one named product's figures names and the attributes it asks for that no source
    gives of it ("How loud is the Brakka DX20 in decibels?" -> (Brakka DX20, ["noise level"])), or None: when the
    question names no product or several, asks for the best or a ranking (:func:`_spec_answer`'s cases), asks
    where or for how much to buy it (a price is the offers'), asks for no attribute the lexicon or the spec matrix
    knows (:func:`services.domain_shopping.attributes.named_in`, :func:`asks`), or some source gives a figure of
    one it asks for (the spec answer says it). Issue 15, trial t52s fault 2: such a question got a best-overall
    ranking at 0.80 medium."""
    named = named_products(question, products)
    if len(named) != 1 or superlative(question, cells) or _BUY_ASK.search(question) or re.search(
            r"\b(?:which|compare|vs\.?|versus|worth)\b", question, re.I):
        return None
    pid = named[0].product_id
    own = set(tokenize(" ".join([named[0].name, *named[0].aliases])))
    asked = [a for a in attributes if asks(question, a) and not set(tokenize(a)) <= own]  # never the name's words
    asked += [known.name for known in LEXICON if known.name not in asked and named_in(question, known.name)
              and not _PRICE_NAME.search(known.name)]
    asked += [a for a in endurance_asked(question) if a not in asked]  # "on one charge": a range answers it too
    if not asked:
        return None
    given = {c["attribute"] for c in cells if c["product_id"] == pid}
    given |= {canonical_name(a) or a for a in given}
    if any(a in given for a in asked):
        return None
    return named[0], asked


#: a question opening by asking a figure ("What is the ... of", "What wattage does", "How much / many / long ...",
#: "For how many years ..."); "How good is it?", "How well does it sew?" ask a judgement, no figure
_FIGURE_QUESTION = re.compile(
    r"^\W*(?:(?:for|in|by|at)\s+)?(?:what(?:['’]s)?\b|how\s+(?:much|many|long|big|heavy|large|small|tall|high|wide|"
    r"deep|fast|loud|quiet|bright|powerful|strong|old|far|thick|thin)\b)", re.IGNORECASE)
#: words of a question asking for a judgement or a choice, never one product's figure ("What is the best ...",
#: "What do reviewers recommend ...", "What is good about the X?")
_JUDGEMENT_ASKED = re.compile(r"\b(?:which|compare|vs\.?|versus|worth|best|better|recommend\w*|should|good|bad|"
                              r"pros?|cons?|alternatives?|problems?|issues?|faults?)\b", re.IGNORECASE)


def unread_figure_asked(question: str, products: list[Product], cells: list[dict[str, Any]]) -> Product | None:
    """The one product a question asking one of its figures names (:data:`_FIGURE_QUESTION`: "What is the bobbin
    colour of the Sevrina K7?") when the verdicts could only rank the products found: no figure the question's
    words name was read (:func:`_spec_answer` said none, :func:`unfound_asked` knew no attribute asked), so a
    ranking of the others on another figure would answer another question ("Best overall: <another product>" is
    no answer to "What is the motor wattage of <product>?"). None when the question names no product or several,
    asks for the best, a choice, a judgement (:data:`_JUDGEMENT_ASKED`) or a superlative, asks where or for how
    much to buy it (:data:`_BUY_ASK`), or opens with no figure asked; so None for empty ``products`` or ``cells``
    too. Pure; never raises."""
    named = named_products(question, products)
    if len(named) != 1 or not _FIGURE_QUESTION.search(question) or superlative(question, cells) \
            or _BUY_ASK.search(question) or _JUDGEMENT_ASKED.search(question):
        return None
    return named[0]


def unknown_model(question: str, products: list[Product], texts: Sequence[str] = ()) -> str | None:
    """The name of a product model the question asks about that none of ``products`` (those the sources give) is,
    as the question writes it ("What is the battery life of the Readon Glide 9 Ultra?" with the Readon Glide 7, 7 Pro
    and Mini found -> "Readon Glide 9 Ultra"), or None. Such a name is a name of two words or more with a model
    number (a digit) the question gives (``shared.text.terms.find_entities``) that can be a product's
    (:func:`looks_like_product`), shares a word of a product's name or brand other than a number or model suffix
    (its brand or line: a model of the kind the sources speak of, not "Wi-Fi 6") and is none of theirs: no product's name or spelling holds it ("Readon Glide", the line of the
    Glide 7), nor does it hold one with only other words than a model suffix ("Readon Glide 7 E-Reader" is the Glide
    7; "Readon Glide 7 Ultra" is another model, :func:`look_alike`). None too when the question names a product
    found (:func:`named_products`) as itself (:func:`written`). Issue 15, trial t53s B1: another product's battery
    life answered the question. A name sharing no word with any product found is one too when it stands as the
    product asked about (``shared.text.terms.model_asked_about``: "Is the Zentrix Q9 worth it?" over sources
    naming other e-readers) and none of ``texts`` (the sources' texts) names it: a model the sources do not speak
    of at all. None when no product was found at all."""
    from shared.text.terms import find_entities

    if not products:  # nothing read names any product: the general report says what was found
        return None
    lower = question.lower()
    spellings = [(p, n) for p in products for n in [p.name, *p.aliases] if n.strip()]
    if any(written(lower, n.lower()) for p in named_products(question, products) for n in [p.name, *p.aliases]):
        return None
    for entity in find_entities(question):
        words = [compact(w) for w in entity.split() if compact(w)]
        if len(words) < 2 or not looks_like_product(entity) or not any(c.isdigit() for c in "".join(words)):
            continue
        mine = {w for w in words if not w.isdigit() and w not in _SUFFIX_MARKS}
        if not any(mine & {compact(w) for w in [*p.name.split(), p.brand]} for p in products) and not (
                model_asked_about(question, entity) and not any(written(t.lower(), entity.lower()) for t in texts)):
            continue
        whole = "".join(words)
        if any(whole in compact(n) or (compact(n) in whole and not look_alike(entity, n, p.brand))
               for p, n in spellings):
            continue
        return entity
    return None


def _asked_at(question: str, attribute: str) -> int:
    """Where in ``question`` ``attribute`` is first asked for: the first place a word of its name stands (the
    question's length when none does, as for an attribute asked in another spelling)."""
    places = [m.start() for w in tokenize(attribute) for m in re.finditer(rf"(?<!\w){re.escape(w)}(?!\w)", question,
                                                                         re.IGNORECASE)]
    return min(places, default=len(question))


#: a question asking where, or for how much, to buy a product ("cheapest place to buy", "where can I get", "best
#: price for", "how much does it cost")
_BUY_ASK = re.compile(r"\b(?:cheapest|least expensive|lowest[- ]price[ds]?|best (?:price|deal|offer)s?|"
                      r"where (?:can|could|should|do|to)\b(?:\s+\w+){0,2}\s+(?:buy|get|order|find)|"
                      r"(?:place|shop|store|retailer|seller)s? to (?:buy|get|order)|price of|prices? for|"
                      r"how much (?:is|are|does|do)\b(?:\s+\w+){0,5}\s+(?:cost|go for|sell for)|costs?\b)", re.I)


#: the sellers whose offers of the product asked must be found before "the cheapest place to buy it" can be said
#: with confidence: with fewer, a cheaper seller that the search did not reach is likely, so the answer is at most
#: "medium" (:func:`analyse`)
MIN_SELLERS = 3


def buy_offers(question: str, products: list[Product], offers: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The purchase offers (priced in a known currency, not only mentioned by a review) of the one product a question
    asking where it is cheapest or what it costs names (:data:`_BUY_ASK`); [] when it names no product or several,
    compares ("which", "vs"), or asks nothing of price or seller."""
    named = named_products(question, products)
    if len(named) != 1 or not _BUY_ASK.search(question) or re.search(r"\b(?:which|compare|vs\.?|versus)\b",
                                                                       question, re.I):
        return []
    return [o for o in offers if o["product_id"] == named[0].product_id and purchase(o) and not mentioned(o)
            and o["currency"] is not None]


def _offers_answer(question: str, products: list[Product], offers: list[dict[str, Any]], refs: _Refs) -> str:
    """The answer to a question asking where one product it names is cheapest or what it costs ("cheapest place to
    buy an Inflata Go?"): its cheapest purchase offer with the seller and its condition, and the cheapest new one when
    that is another, each cited, in :data:`SPEC_ANSWER`'s form: "**Inflata Go, as its sources give it:** cheapest
    offer 29.99 USD [@v1] at RenewHub (refurbished); cheapest new 49.00 USD [@v2] at Inflata; 2 offers found." Offers
    compare by their price in the comparison currency, else as written. "" when the question names no product or
    several, asks nothing of price or seller (:data:`_BUY_ASK`), compares ("which", "vs"), or no purchase offer of
    it was found: the product the question asks about is never replaced by another's best-overall verdict. A
    condition the question asks for (:func:`asked_condition`: "What does a refurbished Inflata Go cost?") keeps only
    the offers of that condition ("cheapest refurbished offer 29.99 USD [@v1] at RenewHub; 1 refurbished offer
    found."); with none of it, "no refurbished offer of it was found" opens the answer, the other offers after."""
    mine = buy_offers(question, products, offers)
    if not mine:
        return ""
    named = named_products(question, products)
    # "a refurbished X", "a new X": the offers of the condition asked answer; with none of it, that is said first
    wanted = asked_condition(question, products)

    def price(o: dict[str, Any]) -> tuple[int, float]:
        compared = o.get("compared_price")
        return (0, float(compared)) if compared is not None else (1, float(o["price"]))

    def said(o: dict[str, Any]) -> str:
        sale = f" (sale, was {o['regular_price']:,.2f})" if o.get("on_sale") and o.get("regular_price") else ""
        marks = [o["condition"]] if o["condition"] not in ("new", wanted) else []
        marks += [] if orderable(o) else [str(o["availability"])]
        return (f"{_money(o['price'], o['currency'])}{sale}{_converted(o)}{refs.cite(o['cited'])} at "
                f"{_md(str(o['merchant']))}" + (f" ({', '.join(marks)})" if marks else ""))

    parts: list[str] = []
    if wanted is not None and any(o["condition"] == wanted for o in mine):
        mine = [o for o in mine if o["condition"] == wanted]
    elif wanted is not None:
        parts.append(f"no {wanted} offer of it was found")
    # an offer that cannot be bought now (out of stock) is never the cheapest one, only named, marked, when cheaper
    pool = [o for o in mine if orderable(o)] or mine
    cheapest = min(pool, key=price)
    parts.append(f"cheapest {wanted + ' ' if wanted and cheapest['condition'] == wanted else ''}offer {said(cheapest)}")
    new = [o for o in pool if o["condition"] == "new"]
    if cheapest["condition"] != "new" and new and wanted is None:
        parts.append(f"cheapest new {said(min(new, key=price))}")
    gone = [o for o in mine if o not in pool and price(o) < price(min(new or [cheapest], key=price))]
    if gone:
        parts.append(f"cheaper but not available now: {said(min(gone, key=price))}")
    kind = f"{wanted} " if wanted is not None and all(o["condition"] == wanted for o in mine) else ""
    parts.append(f"{len(mine)} {kind}offer{'s' if len(mine) > 1 else ''} found")
    return f"**{_md(named[0].name)}, {SPEC_ANSWER}:** " + "; ".join(parts) + "."


def unpriced_asked(question: str, products: list[Product], offers: list[dict[str, Any]]) -> Product | None:
    """The one product ``question`` names and asks the price of ("How much does the X cost, and is it worth
    buying?", :data:`_BUY_ASK`) when no purchase offer of it was found; None otherwise (several or no products
    named, a comparison, or an offer of it found)."""
    named = named_products(question, products)
    if len(named) != 1 or not _BUY_ASK.search(question) or re.search(r"\b(?:which|compare|vs\.?|versus)\b",
                                                                       question, re.I):
        return None
    if any(o["product_id"] == named[0].product_id and purchase(o) and not mentioned(o) for o in offers):
        return None
    return named[0]


def _unpriced_answer(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]],
                     offers: list[dict[str, Any]], refs: _Refs) -> str:
    """The answer to a question asking what one product it names costs when no offer of it was found
    (:func:`unpriced_asked`): that no price was found for it, its specs as its sources give them (each cited), and
    the other products found named only as alternatives: "**Mirelle CuitRiz 6, as its sources give it:** no price
    for it was found in any source; capacity 1.1 L [@v1], power 500 W [@v2]; other products found, not asked
    about: Kotona IH-10, Hanabi Smart 5.5." "" when the question asks nothing of the kind: the product asked about
    is never replaced by another's best-overall verdict."""
    asked = unpriced_asked(question, products, offers)
    if asked is None:
        return ""
    specs = []
    for attribute in attributes:
        mine = [c for c in cells if c["product_id"] == asked.product_id and c["attribute"] == attribute
                and c["cited"]]
        if mine and not _PRICE_NAME.search(attribute):
            specs.append(f"{_md(attribute)} {_md(str(mine[0]['value']))}{refs.cite(mine[0]['cited'])}")
    others = [p.name for p in products if p.product_id != asked.product_id]
    return (f"**{_md(asked.name)}, {SPEC_ANSWER}:** no price for it was found in any source"
            + (f"; {', '.join(specs)}" if specs else "; no figure of it was found either")
            + (f"; other products found, not asked about: {', '.join(_md(n) for n in others)}" if others else "")
            + ".")


def named_products(question: str, products: list[Product]) -> list[Product]:
    """The products of ``products`` that ``question`` names by a name or spelling of theirs as whole words
    (case-insensitive), in ``products``' order: "Voltra Brew Mini or Brewlite T2 - which one should I buy?" names
    two. A name that is only one word of another product's name the question names counts for that one only."""
    return [p for p, _, _ in _named_spans(question, products)]


#: a word for the models of one product line right after the line's name ("Which Zarro Trek 5 model ...", "the
#: Zarro Trek 5 versions", "of the Zarro Trek 5 range"): the question asks among that line's models
_LINE_WORDS = re.compile(r"[\s-]*(?:models?|versions?|variants?|editions?|range|famil(?:y|ies)|line-?ups?|"
                         r"series|generations?)\b", re.IGNORECASE)


def scoped_line(question: str, products: list[Product]) -> tuple[list[Product], str]:
    """The products of the one product line or brand ``question`` limits its choice to, in ``products``' order,
    with the line's or brand's name: the product it names right before a word for a line's models
    (:data:`_LINE_WORDS`: "Which Zarro Trek 5 model is the lightest?") with every product named as that one plus a
    model suffix (:func:`look_alike`: "Zarro Trek 5 Mini", "Zarro Trek 5 Pro"); or, in a question naming no
    product, the products whose names open with the words it writes before such a word, two or more or one
    capitalised ("Which Zarro Trek model ...": "Zarro Trek 5", "Zarro Trek 6 Pro"), else the products of the one brand it writes as the
    brand spells itself ("Which Zarro camera is the lightest?": each product whose ``brand`` is "Zarro"). ([], "") when the question names several products, or
    no line or brand so, or the line or brand has one product only, or every product found is of it: the choice is
    then among all the products found."""
    spans = _named_spans(question, products)
    if len(spans) == 1 and _LINE_WORDS.match(question, spans[0][2]):
        named = spans[0][0]
        own = [n for n in {named.name, *named.aliases} if n.strip()]
        line = [p for p in products if p is named or any(
            look_alike(n, m, named.brand or p.brand) and len(m.split()) > len(n.split())
            for n in own for m in {p.name, *p.aliases} if m.strip())]
        return (line, named.name) if len(line) >= 2 else ([], "")
    if not spans:  # "Which Zarro Trek model ...": the first words of several products' names, then a line's word
        best: tuple[list[Product], str] = ([], "")
        for prefix in {" ".join(words[:k]) for p in products for n in {p.name, *p.aliases}
                       if len(words := n.lower().split()) > 1 for k in range(1, len(words))}:
            for m in re.finditer(rf"(?<!\w){re.escape(prefix)}(?=[\s-])", question, re.IGNORECASE):
                if _LINE_WORDS.match(question, m.end()) and (m.group(0) != m.group(0).lower() or " " in prefix):
                    line = [p for p in products if any(n.lower().startswith(prefix + " ") for n in {p.name, *p.aliases})]
                    if 2 <= len(line) < len(products) and len(prefix) > len(best[1]):
                        best = (line, m.group(0))
        if best[0]:
            return best
    brands = {p.brand.strip() for p in products if p.brand.strip()}
    asked = [b for b in brands if not spans and b[:1].isupper() and re.search(rf"(?<!\w){re.escape(b)}(?!\w)", question)]
    if len(asked) != 1:
        return [], ""
    mine = [p for p in products if p.brand.strip() == asked[0]]
    return (mine, asked[0]) if 2 <= len(mine) < len(products) else ([], "")


def _named_spans(question: str, products: list[Product]) -> list[tuple[Product, int, int]]:
    """:func:`named_products` with where the question names each (the longest of its spellings found: start, end
    offsets in ``question``)."""
    lower = question.lower()
    found: dict[str, list[tuple[int, int]]] = {}
    for p in products:
        found[p.product_id] = [(m.start(), m.end()) for n in {p.name, *p.aliases} if n.strip()
                               for m in re.finditer(rf"(?<!\w){re.escape(n.strip().lower())}(?!\w)", lower)]
    # "Brewlite" inside "Brewlite T2 Pro" named: the product with the longer name at that place is the one named; a
    # name written again on its own ("... the Brevona Duo XL have than the Brevona Duo?") names its product there
    spans: list[tuple[Product, int, int]] = []
    for p in products:
        alone = [(a, b) for a, b in found[p.product_id] if not any(
            q.product_id != p.product_id and qa <= a and b <= qb and qb - qa > b - a
            for q in products for qa, qb in found[q.product_id])]
        if alone:
            spans.append((p, *max(alone, key=lambda f: f[1] - f[0])))
    return spans


def _yes_no(question: str, products: list[Product], ranking: _Ranking, cells: list[dict[str, Any]], refs: _Refs
            ) -> tuple[str, int]:
    """The answer to a yes/no question asking whether one product the question names leads on the one attribute it
    asks about ("Does the Quivo Loop 2 have the longest range of any electric skateboard?", "Is the Quivo Loop 2
    the lightest?"), from the ranking's figures (:func:`_rank`, every value each product's sources give, cited):
    "**Yes:** the Quivo Loop 2 has the lowest weight of the 3 products compared (5.9 kg [@v1])." when every value
    it has beats every other product's; "**No:** the Quivo Loop 2's range is 22 km [@v1], the smallest of the 3
    products compared; the Tessin Arc 5 has a larger one (35 km [@v2])." when another product's every value beats
    every one of it (that product: the ranking's best on it). The way the question asks ("longest": more) may be
    the better way or the other ("Does it have the longest charging time?"). "" when the question is no yes/no
    question (``shared.text.answer.answer_type``), names no product or several, asks no single attribute the
    products are ranked on, or the sources' figures do not settle it (they disagree across the question's
    end: the verdicts then say what is known). Returns (the answer, the number of products compared)."""
    from shared.text.answer import answer_type

    if answer_type(question) != "yes_no" or ranking.how != "asked" or len(ranking.attributes) != 1:
        return "", 0
    attribute = ranking.attributes[0]
    named = named_products(question, products)
    figures = {pid: got[attribute] for pid, got in ranking.figures.items() if got.get(attribute)}
    if len(named) != 1 or named[0].product_id not in figures or len(figures) < 2:
        return "", 0
    asked = named[0].product_id
    comparable = _comparable(attribute, cells, set(figures), question)
    if comparable is None:
        return "", 0
    better = comparable[0]
    want = asked_way(question, attribute, _kind_of_cells(cells, attribute))[0] or (
        better if superlative(question, cells) else 0)
    if not want:
        return "", 0
    worst = {pid: min(want * float(c["amount"]) for c in cs) for pid, cs in figures.items()}
    best = {pid: max(want * float(c["amount"]) for c in cs) for pid, cs in figures.items()}
    others = [pid for pid in figures if pid != asked]
    top_mark = want if want == better else 2 * better  # the mark word of the end the question asks for
    bottom_mark = 2 * better if want == better else better
    names = {p.product_id: p.name for p in products}

    def values(pid: str) -> str:
        return " / ".join(_group_said(g, refs, lambda c: _md(c["value"])) for g in _value_groups(figures[pid]))

    def ahead(a: str, b: str) -> bool:  # every value of a beats every value of b
        return worst[a] > best[b] and not _tied(worst[a], best[b])

    compared = f"of the {len(figures)} products compared"
    if all(ahead(asked, o) for o in others):
        return (f"**Yes:** the {_md(names[asked])} has the {_mark_word(top_mark, attribute, cells)} {attribute} "
                f"{compared} ({values(asked)})."), len(figures)
    beating = [o for o in others if ahead(o, asked)]
    if not beating:
        return "", 0
    leader = max(beating, key=lambda o: (worst[o], -ranking.order.index(o) if o in ranking.order else 0))
    last = all(ahead(o, asked) for o in others)
    first = all(ahead(leader, o) for o in figures if o != leader)
    top = _mark_word(top_mark, attribute, cells)
    return (f"**No:** the {_md(names[asked])}'s {attribute} is {values(asked)}"
            + (f", the {_mark_word(bottom_mark, attribute, cells)} {compared}" if last else "")
            + f"; the {_md(names[leader])} has "
            + (f"the {top}" + ("" if last else f" {attribute} {compared}") if first else f"a {top[:-3]}er one")
            + f" ({values(leader)})."), len(figures)


#: a question asking for the lowest price of all (a superlative, not "cheaper than"): "the cheapest", "the least
#: expensive", "the lowest price", "costs the least", "the most affordable"
_CHEAPEST_OF_ALL = re.compile(r"\b(?:cheapest|least\s+expensive|lowest[- ]priced|lowest\s+(?:price|cost)|"
                              r"lowest[- ]cost|most\s+affordable|costs?\s+(?:the\s+)?least)\b", re.IGNORECASE)


def _cheapest_yes_no(question: str, products: list[Product], offers: list[dict[str, Any]], refs: _Refs
                     ) -> tuple[str, int]:
    """The answer to a yes/no question asking whether the one product it names is the cheapest of its kind ("Is
    the Quivo Loop 2 the cheapest electric skateboard?", :data:`_CHEAPEST_OF_ALL`), from ``offers`` (JSON, already
    compared: ``compared_price`` in one currency, ``within_budget``): each product's lowest purchase offer that can
    be bought now, new offers compared with new ones while any product has one (a refurbished unit is another
    good). "**Yes:** the Quivo Loop 2 is the cheapest of the 3 products with a new purchase price found: 199.00 USD
    [@v1] at Boardly; the next, the Tessin Arc 5, is 249.00 USD [@v2] at Tessin." or "**No:** the cheapest is the
    Tessin Arc 5 at 149.00 USD [@v1] (Tessin), the Quivo Loop 2 is 199.00 USD [@v2] (Boardly); 3 products with a
    new purchase price found." The products an independent test says to avoid count: the question asks what is
    cheapest, not what to buy. ("", 0) when the question is no such question, names no product or several, the
    product asked or every other has no comparable price, or the prices are in several currencies. Returns (the
    answer, the number of products compared)."""
    from shared.text.answer import answer_type

    named = named_products(question, products)
    if len(named) != 1 or answer_type(question) != "yes_no" or not _CHEAPEST_OF_ALL.search(question):
        return "", 0
    usable = [o for o in offers if purchase(o) and not mentioned(o) and orderable(o)
              and o.get("compared_price") is not None and o["within_budget"] is not False]
    if len({o["compared_currency"] for o in usable}) != 1:
        return "", 0
    pool = [o for o in usable if o["condition"] == "new"] or usable
    names = {p.product_id: p.name for p in products}
    lowest: dict[str, dict[str, Any]] = {}
    for o in sorted(pool, key=lambda o: float(o["compared_price"])):
        lowest.setdefault(o["product_id"], o)
    asked = named[0].product_id
    if asked not in lowest or len(lowest) < 2:
        return "", 0
    kind = "new purchase price" if pool is not usable else "purchase price"
    order = sorted(lowest, key=lambda pid: (float(lowest[pid]["compared_price"]), pid != asked, names[pid].lower()))

    def said(pid: str, bracketed: bool = False) -> str:
        o = lowest[pid]
        where = f" ({_md(str(o['merchant']))})" if bracketed else f" at {_md(str(o['merchant']))}"
        return (f"{_money(o['price'], o['currency'])}{_converted(o)}{refs.cite(o['cited'])}{where}"
                + (f" ({o['condition']})" if o["condition"] != "new" else ""))

    top = order[0]
    if top == asked or _tied(float(lowest[top]["compared_price"]), float(lowest[asked]["compared_price"])):
        level = [pid for pid in order if pid != asked
                 and _tied(float(lowest[pid]["compared_price"]), float(lowest[asked]["compared_price"]))]
        after = next((pid for pid in order if pid != asked and pid not in level), None)
        return (f"**Yes:** the {_md(names[asked])} is the cheapest of the {len(order)} products with a {kind} found"
                + (f", level with the {' and the '.join(_md(names[pid]) for pid in level)}" if level else "")
                + f": {said(asked)}"
                + (f"; the next, the {_md(names[after])}, is {said(after)}" if after else "") + "."), len(order)
    return (f"**No:** the cheapest is the {_md(names[top])} at {said(top, True)}, the {_md(names[asked])} is "
            f"{said(asked, True)}; {len(order)} products with a {kind} found."), len(order)


#: a question asking which product to avoid or not to buy ("Which e-reader should I avoid?", "... steer clear of",
#: "which one should I not buy")
_AVOID_ASKED = re.compile(r"\b(?:avoid|skip|steer\s+clear|stay\s+away\s+from)\b|(?:\bnot|n['’]t|\bnever)\s+(?:to\s+)?"
                          r"(?:buy|get|purchase)\b", re.IGNORECASE)


#: what a yes/no question asks of the one product it names ("Is the X really the best ...?": ``best``; "Is the X
#: worth it?", "Is the X a good choice / buy?": ``good``)
_ASKS_BEST_RE = re.compile(r"\b(?:the\s+(?:very\s+|single\s+)?best|the\s+(?:top|number\s+one|no\.?\s*1)\b(?!\s+\d))",
                           re.IGNORECASE)
_ASKS_GOOD_RE = re.compile(r"\b(?:worth\s+(?:it|buying|getting|the\s+(?:money|price|cost))|(?:a\s+)?(?:good|sound|"
                           r"smart|wise|sensible|decent)\s+(?:choice|buy|pick|option|purchase|one\s+to\s+buy)|"
                           r"recommended)\b", re.IGNORECASE)


def _best_yes_no(question: str, asked: str, names: dict[str, str], order: list[str], roles: dict[str, str],
                 picks: dict[str, list[dict[str, Any]]], cite: Callable[[dict[str, Any]], str],
                 left_out: dict[str, str], figures: Callable[[str], str],
                 worth: list[tuple[WorthVerdict, dict[str, Any]]] | None = None,
                 avoid: tuple[str, str, dict[str, Any]] | None = None) -> str:
    """The answer to a yes/no question asking whether the one product it names (``asked``, a product id) is the
    best one ("Is the Kompra K9 Pro really the best tyre inflator you can buy?": :data:`_ASKS_BEST_RE`) or a good
    one to buy ("Is the X worth it?", "... a good choice?": :data:`_ASKS_GOOD_RE`), from the verdicts already
    drawn: ``order`` (product ids, best first on the figures, after the budget and requirements), ``roles`` (product
    id -> "best", "value", "runner-up", "fails", "avoid", ...), ``picks`` (product id -> independent reviewers'
    picks fitting the question, each with its ``cited`` span, cited by ``cite``) and ``left_out`` (product id ->
    why it is not ranked: "over budget", "it fails a requirement the question states"); ``figures`` gives a
    product's ranking figures, cited ("the highest battery capacity of the products compared (7000 mAh [@v1])";
    "" when it has none), said after "with".

    Best: "**No:** an independent reviewer's pick is the Aerovo AirDash 2 [@v1]; the Kompra K9 Pro ranks first on
    the figures only." when a reviewer picks another product and none picks the one asked; "**No:** the Aerovo
    AirDash 2 ranks first ...; the Kompra K9 Pro ranks 3rd of 5." when the figures put another first and no reviewer
    picks the one asked; "**Yes:** ..." when the verdicts name it best and no reviewer picks another; "" when
    the reviewers and the figures split the other way (a reviewer picks it, the figures rank another first: the
    verdicts say both). Good: "**Yes:**" when it is a verdict's best, best value or runner-up, or a reviewer's
    pick, and no verdict says to avoid it; "**No:**" when it is left out or a verdict says to avoid it; else "".
    An independent source's own verdict on whether it is worth buying (``worth``: :func:`_worth_verdicts`, each
    with its citation) decides a good-buy question before the roles (which rank figures, not whether to buy): "**No,
    only if you annotate PDFs with its stylus:** an independent test or review says: “The Scriba Note 10 is not worth
    it for reading novels ...” [@v1]; “It is worth it only if you annotate PDFs with its stylus” [@v1]." when one says
    it is worth it in one case only; "**No:** ..." when one says it is not worth it and none that it is; "**Yes:**
    ..." when one says it is and none says otherwise; verdicts that disagree decide nothing. An independent test's
    verdict to avoid the product outright (``avoid``: :func:`_avoid_verdicts`' verdict, the sentence after it, its
    citation) answers a good-buy question as a "not worth it" does, when no verdict says it is worth it: "**No:** an
    independent test or review says to avoid it: “Korda PulseOne: avoid” — “two of our three samples stopped
    charging ...” [@v1]." (issue 15, trial t55s X4).
    "" too when the question asks neither. Never raises."""
    kind = "best" if _ASKS_BEST_RE.search(question) else "good" if _ASKS_GOOD_RE.search(question) else ""
    if not kind or asked not in names:
        return ""
    name = _md(names[asked])
    rivals = [pid for pid in picks if pid != asked and pid in names]

    def pick(pid: str) -> str:
        n = len(picks[pid])
        return "an independent reviewer's pick" if n == 1 else f"the pick of {n} independent reviewers"

    def cited(pid: str) -> str:
        return "".join(cite(r["cited"]) for r in picks[pid])

    def picked(pid: str) -> str:
        return pick(pid) + cited(pid)

    def said(pid: str) -> str:
        return f" with {shown}" if (shown := figures(pid)) else ""

    if asked in left_out:
        return f"**No:** the {name} is not among the products ranked: {left_out[asked]}."
    best = [pid for pid in order if roles.get(pid) == "best"]
    position = (f"ranks {_ordinal(order.index(asked) + 1)} of the {len(order)} products ranked"
                if asked in order else "is not ranked")
    if kind == "good":
        stances = {v.stance for v, _c in worth or []}
        quotes = "; ".join(f"“{_md(v.quoted())}”{cite(c)}" for v, c in (worth or [])[:3])
        case = next((v.case for v, _c in worth or [] if v.stance == "only"), "")
        if case and "yes" not in stances:  # "worth it only if ...": a no, but in that case
            return f"**No, only {_md(case)}:** an independent test or review says: {quotes}."
        if stances == {"no"}:
            return f"**No:** an independent test or review says: {quotes}."
        if avoid is not None and "yes" not in stances:  # a test's "Avoid: X" says it is no good buy
            return f"**No:** an independent test or review says to avoid it: {_avoid_said(avoid, cite)}."
        if stances == {"yes"}:
            return f"**Yes:** an independent test or review says: {quotes}."
        if stances:  # independent verdicts that disagree: neither decides, nor do the figures' roles
            return ""
        if roles.get(asked) in ("fails", "avoid"):
            return f"**No:** the {name} {position}{said(asked)}, and a verdict advises against it."
        role = {"best": "the best overall", "value": "the best value", "runner-up": "the runner-up"}.get(
            roles.get(asked, ""))
        if role or picks.get(asked):
            return (f"**Yes:** the {name} is " + " and ".join(
                w for w in (role and f"{role} of the {len(order)} products ranked{said(asked)}",
                            picks.get(asked) and picked(asked)) if w) + ".")
        return ""
    if rivals and not picks.get(asked):
        return ("**No:** " + "; ".join(f"{pick(pid)} is the {_md(names[pid])}{cited(pid)}" for pid in rivals)
                + ("" if not order else f"; the {name} " + ("ranks first on the figures only" if asked in best
                                                            else position)) + ".")
    if asked in best and not rivals:
        return (f"**Yes:** the {name} ranks first of the {len(order)} products ranked{said(asked)}"
                + (f" and is {picked(asked)}" if picks.get(asked) else "") + ".")
    if picks.get(asked) and not rivals and not best:  # no ranking on the figures: the reviewers' pick answers
        return f"**Yes:** the {name} is {picked(asked)}, and no independent reviewer picks another."
    if best and asked not in best and not picks.get(asked):
        return (f"**No:** the {' and '.join(_md(names[pid]) for pid in best)} ranks first"
                f"{said(best[0]) if len(best) == 1 else ''}; the {name} {position}{said(asked)}.")
    return ""


def _avoid_said(avoid: tuple[str, str, dict[str, Any]], cite: Callable[[dict[str, Any]], str]) -> str:
    """An avoid verdict of :func:`_avoid_verdicts` (verdict, the sentence after it or "", its citation) quoted, cited
    by ``cite``: '“Avoid: Noro Buzz 1” — “Two of our three samples stopped charging.” [@v2]'."""
    verdict, after, cited = avoid
    return f"“{_md(verdict)}”" + (f" — “{_md(after)}”" if after else "") + cite(cited)


def _ordinal(n: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _avoid_figures(pid: str, attribute: str, cell: dict[str, Any], mark: int, cells: list[dict[str, Any]],
                   refs: _Refs) -> str:
    """The figures an "avoid if" verdict rests on, each cited: every value the sources give ``pid`` for
    ``attribute``, a measured one first (:func:`~services.domain_shopping.attributes.says_measured`: "we measured
    it at 70 dB", said "measured"), then the worst; a maker's claim alone never stands for a test that found worse
    ("62 dB" while a lab measured 70 dB). ``cell`` is the trailing mark's own cell, shown when no other is known;
    ``mark``: the mark's sign (2 * direction: +2 higher is better, -2 lower is better)."""
    mine = [c for c in cells if c["product_id"] == pid and c["attribute"] == attribute and c["amount"] is not None]
    mine = mine or [cell]
    direction = 1 if mark > 0 else -1
    mine.sort(key=lambda c: (not says_measured(str(c["cited"].get("quote", ""))), direction * float(c["amount"])))
    groups = _value_groups(mine)  # values that agree are said once, each writing with its sources
    said = []
    for g in groups:
        said.append(" ≈ ".join(
            _md(_said(w)["value"]) + (" measured" if len(groups) > 1 and any(
                says_measured(str(c["cited"].get("quote", ""))) for c in w) else "")
            + "".join(refs.cite(c["cited"]) for c in w) for w in g))
    return "; ".join(said) + ("; its sources disagree" if len(groups) > 1 else "")


#: words of a fault report that say when or where it happened or who wrote it, never the part that failed ("after
#: three trips", "Reply by ...: Same here"), as :func:`tokenize` gives them
_CIRCUMSTANCE = frozenset("trip use day week month year time hour minute night season outing hike walk first second "
                          "third one two three four five six seven eight nine ten posted reply wrote said update edit "
                          "same here also again still just now today yesterday ago".split())


def _recurring_fault(name: str, reports: list[tuple[str, dict[str, Any]]]
                     ) -> tuple[str, list[tuple[str, dict[str, Any]]]] | None:
    """The part of product ``name`` that two or more of its fault reports (:func:`_fault_reports`: sentence,
    citation) say failed, and those reports in order: the word most of them share ("igniter" of "My Pikari Solo's
    piezo igniter stopped working after three trips" and "the Pikari Solo igniter died"), leaving out the
    product's name, the fault words themselves (:data:`pages._FAULT`), function words and circumstances
    (:data:`_CIRCUMSTANCE`); of equal counts the first said. None when no word is shared by two reports."""
    own = set(tokenize(name))
    words: list[set[str]] = []
    for text, _cited in reports:
        plain = FAULT_WORDS.sub(" ", text)
        words.append({w for w in tokenize(plain) if w not in own and w not in _CIRCUMSTANCE
                      and w.isalpha() and len(w) > 2})
    counts = Counter(w for ws in words for w in ws)
    shared = [w for ws, (text, _c) in zip(words, reports) for w in tokenize(FAULT_WORDS.sub(" ", text))
              if w in ws and counts[w] >= 2]
    if not shared:
        return None
    part = max(dict.fromkeys(shared), key=lambda w: counts[w])
    return part, [r for ws, r in zip(words, reports) if part in ws]


#: a question asking what a named source recommends or whether to trust it ("Which speaker does BeatJury recommend,
#: and can I trust that recommendation?", "What is GearLab's pick?"): answered from that source's own pick
_SOURCE_PICK_ASKED = re.compile(r"\b(?:recommend\w*|pick\w*|suggest\w*|endorse\w*|trust\w*|favou?rite)\b",
                                re.IGNORECASE)


def sources_named(question: str, read: Sequence[tuple[SourcePage, Page]], products: Sequence[Product]
                  ) -> dict[str, str]:
    """The sources ``question`` names by their site's name: source id -> the name as the question writes it. A word of
    the question written with a capital not opening it (or with capitals inside: "BeatJury", "HearLab"), of 4+
    letters, that no product's name has, named by the site part of the page's title or its search result's title
    (:func:`_title_site`: "The 5 best speakers - BeatJury") or by its host (beatjury.example); a word of the
    title's description ("Bluetooth" of "Portable Bluetooth speakers - AudioDesk") names no site. {} when the
    question names none."""
    own = {w.casefold() for p in products for n in [p.name, p.brand, *p.aliases] for w in re.findall(r"\w+", n)}
    words = [m.group(0) for m in re.finditer(r"\b[A-Za-z][\w'-]{3,}\b", question)
             if (m.start() > 0 and m.group(0)[0].isupper()) or re.search(r"[a-z][A-Z]", m.group(0))]
    words = [w.removesuffix("'s") for w in words if w.removesuffix("'s").casefold() not in own]
    out: dict[str, str] = {}
    for sp, page in read:
        where = " ".join([*(_title_site(t) for t in (sp.title, page.title, sp.search_title)),
                          _host(sp.url)]).casefold().replace(" ", "")
        for word in words:
            if word.casefold() in where:
                out[sp.source_id] = word
    return out


#: a yes/no question about a product's faults ("Does the X have a known problem?", "Is the X reliable?", "Any issues
#: with the X?"): answered from the fault reports and the tests' avoid verdicts (:func:`_sections`)
_PROBLEM_ASKED = re.compile(r"\b(?:problems?|issues?|faults?|faulty|defects?|defective|flaws?|reliab\w*|"
                            r"break(?:s|ing)?|fail(?:s|ing|ures?)?|complaints?)\b", re.IGNORECASE)


def _sections(question: str, products: list[Product], attributes: list[str], cells: list[dict[str, Any]],
              offers: list[dict[str, Any]], reviews: list[dict[str, Any]], budget: float | None,
              budget_currency: str | None, target: str | None = None, sponsored: set[str] | None = None,
              also: list[str] | None = None, faults: dict[str, list[tuple[str, dict[str, Any]]]] | None = None,
              advice: dict[str, list[tuple[str, str, dict[str, Any]]]] | None = None, *, implicit: str = "",
              unfit: dict[str, tuple[str, dict[str, Any], bool]] | None = None,
              backing: dict[str, tuple[str, dict[str, Any], bool]] | None = None,
              needs: list[Requirement] | None = None,
              avoided: dict[str, tuple[str, str, dict[str, Any]]] | None = None,
              features: tuple[str, dict[str, tuple[str, dict[str, Any]]], dict[str, str]] | None = None,
              worth: dict[str, list[tuple[WorthVerdict, dict[str, Any]]]] | None = None, line_of: str = "",
              valued: dict[str, tuple[str, dict[str, Any]]] | None = None, named_sources: dict[str, str] | None = None
              ) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The report's sections (Verdicts, Spec matrix, Offers, Reviews) as {heading, body} with ``[@...]``
    citation markers, and what backs the pick the verdicts open with (None when they open with none): {kind
    ("ranking": a "Best overall", "Best for <use>" or yes/no of which product leads; "values": the figures asked of
    one product), subject (the product or products picked), figures_agree (for a ranking: no picked product's figure
    its sources disagree on could change the ranking, which the least favourable figure decides, were another of
    its figures right (both are shown); else every figure the line states is given alike by its sources; a yes/no
    is only said when the figures settle it, so True), contested (an independent reviewer's pick for everyone
    names another product and none names it), source_ids (what the line cites for the pick itself, not for
    better-ranked products it names as left out by the budget), compared (the products it was ranked among)}. ``sponsored``: source ids of sponsored or affiliate pages, whose offers never decide a
    verdict while an offer from an independent source can be compared. ``also``: when ``products`` are the ones
    the question names (a comparison of them, :func:`named_products`), the names of the other products the
    sources give, said last as "also considered" (None otherwise). ``faults``: product id -> the fault reports of
    its sources with their citations (:func:`_fault_reports`); a product two or more sources report faults of is
    named under "Reported problems", one whose reports name the same part gets an "avoid if" of it.
    ``advice``: product id -> independent advice to avoid it in a case (:func:`_advice`), each an "avoid if".
    ``implicit``: why ``target`` is, when it is no currency the question or the user names ("the currency most
    offers are in": :func:`common_currency`; "the default comparison currency: ..."), which the best-value verdict
    says. ``unfit``: product id -> a source's sentence saying it cannot serve the use the question asks for, with
    its citation and whether the source is independent of its seller (:func:`_unsuited`): such a
    product is never best, best value nor runner-up, and gets an "avoid if" quoting it. ``backing``: product id ->
    an independent review's or test's sentence on the attribute asked, with its citation (:func:`_test_backing`):
    quoted on the best overall's line and counted among the pick's sources. ``needs``: the requirements a need the
    question states puts on an attribute (:func:`size_need`): a product whose figure fails one is never best, best
    value nor runner-up and is said not to meet it, one without a figure is said not to be shown to meet it.
    ``avoided``: product id -> an independent review's or test's verdict to avoid it outright (:func:`_avoid_verdicts`):
    such a product is never best overall, best value nor runner-up while another product can be, and gets an
    "Avoid" line quoting the verdict; when it is the only one left (the only one within the budget), the verdict
    picking it says the test says to avoid it, and the pick is marked (:data:`TEST_AVOIDS`). ``features``: a feature
    the question asks for with the products whose spec shows they lack it and those it cannot tell of
    (:func:`feature_needs`): treated as ``needs`` are. ``worth``: product id -> independent verdicts on whether it
    is worth buying, cited (:func:`_worth_verdicts`): they decide a "Is the X worth it?" question
    (:func:`_best_yes_no`). ``line_of``: the product line the question limits its choice to (:func:`scoped_line`),
    when ``products`` are that line's models and ``also`` the other products found ("" otherwise). ``valued``:
    product id -> an independent test's best-value verdict on it, cited (:func:`_value_verdicts`): said on the
    best-value line, as backing it or as naming another product. ``named_sources``: source id -> the site's name as
    the question writes it (:func:`sources_named`): a question asking what that source recommends or whether to
    trust it is answered with that source's own pick, said to be sponsored or affiliate when it is and set beside
    an independent test's verdict to avoid the product."""
    if not products:
        return [], None
    names = {p.product_id: p.name for p in products}
    sections: list[dict[str, Any]] = []
    pick: dict[str, Any] | None = None
    disputed_pids: set[str] = set()  # products a figure the verdicts state of is given differently by its sources
    disputed_on: set[tuple[str, str]] = set()  # (product id, ranking attribute) of those figures

    # verdicts
    refs = _Refs("v")
    lines: list[str] = []
    ranking = _rank(question, products, attributes, cells, reviews, offers, sponsored)
    marks = ranking.marks
    cheapest: dict[str, dict[str, Any]] = {}
    # an offer that cannot be bought now (out of stock) is never the price behind a verdict; the offers table shows it
    candidates = [o for o in offers if o.get("compared_price") is not None and o["within_budget"] is not False
                  and not ((budget_currency or target) and o["compared_currency"] != (budget_currency or target))
                  and orderable(o)]
    independent = [o for o in candidates if o["cited"]["source_id"] not in (sponsored or set())]
    cheapest_new: dict[str, dict[str, Any]] = {}  # each product's lowest new offer (best value compares like with like)
    for o in independent or candidates:  # a sponsored or affiliate price decides nothing when independent ones exist
        current = cheapest.get(o["product_id"])
        if current is None or o["compared_price"] < current["compared_price"]:
            cheapest[o["product_id"]] = o
        current = cheapest_new.get(o["product_id"])
        if o["condition"] == "new" and (current is None or o["compared_price"] < current["compared_price"]):
            cheapest_new[o["product_id"]] = o
    currencies = {o["compared_currency"] for o in cheapest.values()}

    def figure(pid: str, attribute: str) -> str:
        shown = ranking.figures[pid].get(attribute, [])
        if not shown:
            return f"{attribute}: no figure found"
        lead = next(((a, c, s) for a, c, s in marks[pid] if a == attribute and abs(s) == 1), None)
        groups = _value_groups(shown)  # values that agree are said once, each writing with its sources
        # a figure written in another unit than its column's is said with its amount in it, as the matrix shows it
        # ("220 cfm (≈ 374 m³/h)" beside "310 m³/h"), so that the figures the rule compared are read alike
        column = _column_unit(attribute, cells)
        values = " / ".join(_group_said(g, refs, lambda c: _shown_in(c, column) if column else _md(c["value"]))
                            for g in groups)
        if len(groups) > 1:
            values += " (its sources disagree; the least favourable is ranked)"
            disputed_pids.add(pid)
            disputed_on.add((pid, attribute))
        if lead is not None:
            return f"the {_mark_word(lead[2], attribute, cells)} {attribute} of the products compared ({values})"
        return f"{attribute} {values}"

    # an independent reviewer's pick ("Verdict: the Corvan E5 is our pick"): praise said beside the figures
    picks: dict[str, list[dict[str, Any]]] = {}
    for r in reviews:
        if not r["sponsored"] and r["cited"] and r["pros"] and is_pick(str(r["pros"][0])) \
                and _fits_use(str(r["pros"][0]), question) is not False:  # never a pick for another use
            picks.setdefault(r["product_id"], []).append(r)
        elif not r["sponsored"] and r["cited"] and r["pros"] and (fit := use_pick(str(r["pros"][0]))) is not None \
                and _use_fits(fit[1], question):  # a pick for the use asked only
            picks.setdefault(r["product_id"], []).append(r)

    def pick_words(pid: str) -> str:
        n = len(picks.get(pid, []))
        return "an independent reviewer's pick" if n == 1 else f"the pick of {n} independent reviewers"

    def picked(pid: str) -> str:
        return pick_words(pid) + "".join(refs.cite(r["cited"]) for r in picks.get(pid, []))

    def because_figures(pid: str) -> str:
        return "; ".join(figure(pid, a) for a in ranking.attributes if ranking.figures.get(pid, {}).get(a))

    def because(pid: str) -> str:
        said = [figure(pid, a) for a in ranking.attributes]
        if pid in ranking.rating:
            r = ranking.rating[pid][1]
            grade = f" ({_md(str(r['scale']).split(';')[0])})" if r.get("scale") else ""  # "German school grade 1,7"
            said.append(f"rated {r['rating']:g}/{r['best']:g}{grade}"
                        f"{' in a sponsored review' if r['sponsored'] else ''}{refs.cite(r['cited'])}")
        if picks.get(pid):
            said.append(picked(pid))
        return "; ".join(said)

    # "; an independent test [@v3] rates it above Ricemaster Pro 8 (6.1/10)": the products ranked after a pick that
    # an independent test rating both rates lower (what decided between them), "" when none
    def tested_above(pid: str) -> str:
        for by in ranking.tested:
            if pid not in by:
                continue
            mine = float(by[pid]["rating"] / by[pid]["best"])
            below = [o for o in order if o != pid and o in by and order.index(o) > order.index(pid)
                     and float(by[o]["rating"] / by[o]["best"]) < mine
                     and not _tied(float(by[o]["rating"] / by[o]["best"]), mine)][:3] if pid in order else []
            if below:
                return (f"; an independent test{refs.cite(by[pid]['cited'])} rates it above "
                        + ", ".join(f"{_md(names[o])} ({by[o]['rating']:g}/{by[o]['best']:g})" for o in below))
        return ""

    plural = "attribute" if len(ranking.attributes) == 1 else "attributes"
    rule = {"asked": f"on the {plural} the question asks for ({', '.join(ranking.attributes)})",
            "compared": f"on the {plural} compared for the most products ({', '.join(ranking.attributes)})"
            + (" and review ratings" if ranking.rating else ""),
            "": "by review ratings"}[ranking.how]
    if ranking.lead:  # "on weight first, which the use asked ('travel') decides, then ..."
        rest = [a for a in ranking.attributes if a not in ranking.lead]
        uses = sorted({use_asks(a, _kind_of_cells(cells, a), question) for a in ranking.lead})
        rule = (f"on {', '.join(ranking.lead)} first, which the use asked ("
                + ", ".join(f"'{_md(w)}'" for w in uses) + ") decides"
                + (f", then on the other {'attribute' if len(rest) == 1 else 'attributes'} compared for the most "
                   f"products ({', '.join(rest)})" if rest else "")
                + (" and review ratings" if ranking.rating else ""))
    if ranking.unranked_asked:  # "battery capacity, which the question asks for, has figures for too few products"
        rule += (f" ({', '.join(ranking.unranked_asked)}, which the question asks for, ranks nothing: fewer than two "
                 "of the products compared have a figure for it, or all have the same)")
    if also is not None and line_of:  # "Which Zarro Trek 5 model ...": the verdicts rank that line's models only
        rule = (f"of the {len(products)} {_md(line_of)} models the question asks among ("
                + ", ".join(_md(p.name) for p in products) + f") {rule}")
    elif also is not None:  # a comparison of the products the question names: the verdicts rank those only
        rule = (f"of the {len(products)} products the question names ("
                + ", ".join(_md(p.name) for p in products) + f") {rule}")
    reasons = [said for a in ranking.attributes
               if (said := why_better(a, _kind_of_cells(cells, a), question))]  # "lighter counted better: ..."
    if reasons:
        rule += f" ({'; '.join(reasons)})"
    over_pids = _over_budget(cells, offers, budget, budget_currency)
    # a product whose figure fails a requirement the question states is never best, best value or runner-up
    failing = _requirement_failures(question, attributes, cells, needs)
    # a requirement the question states ("that weighs under 21 kg") or a need it states ("for 4x6 shipping
    # labels"): while some product is shown to meet it, a product without the figure that would show it is no pick
    # either (said below, "not shown to meet"), as a product without a price within a budget is none
    unshown = set(_requirement_unknown(question, attributes, cells, list(names), needs))
    feature, lacking, untold = features or ("", {}, {})
    for pid, (attribute, cell) in lacking.items():  # "with Wi-Fi": a product whose spec lists none fails it
        if pid in names:
            failing.setdefault(pid, (attribute, cell, Requirement(kind="has", bound=Quantity(0.0, "", "", "text"),
                                                                  text=f"with {feature}")))
    unshown |= {pid for pid in untold if pid in names and pid not in failing}
    # nor one a source says cannot serve the use asked ("It cannot print 4x6 shipping labels"): a product failing a
    # requirement is said so once, with the source's words beside its figure
    unsuited = {pid: found for pid, found in (unfit or {}).items() if pid in names and pid not in failing}
    if not any(pid not in failing and pid not in unshown and pid not in unsuited for pid in names):
        unshown = set()
    failing_or_unshown = set(failing) | unshown
    order = [pid for pid in ranking.order if pid not in over_pids and pid not in failing_or_unshown
             and pid not in unsuited]
    # with a budget, the winner (and the runner-up) has a purchase offer within it: a product whose price is
    # unknown, or cannot be compared with the budget, is not confirmed within it
    within = {o["product_id"] for o in offers if purchase(o) and o["within_budget"] is True and orderable(o)}
    unbudgeted = budget is not None and bool(order) and not within
    if budget is not None and within:
        order = [pid for pid in order if pid in within]
    # a buyer's budget is for the product new: while some product has a new offer within it, the best overall is
    # among those, and they rank before the products within it only refurbished or used, which are named as such
    # (:func:`_only_used`) wherever they stand (better-ranked, or the runner-up when no other has a new offer)
    within_new = {o["product_id"] for o in offers if purchase(o) and o["within_budget"] is True
                  and o["condition"] == "new" and orderable(o)}
    if budget is not None and within_new.intersection(order):
        order = [pid for pid in order if pid in within_new] + [pid for pid in order if pid not in within_new]
    cheapest = {pid: o for pid, o in cheapest.items() if pid not in failing_or_unshown and pid not in unsuited}
    # an independent test's verdict to avoid a product bars it from every pick while another product can be picked
    # (issue 15, trial t51s fault 5: the product a test said to avoid was best value, and best overall under $60)
    panned = {pid for pid in (avoided or {}) if pid in names}
    if any(pid not in panned for pid in order):
        order = [pid for pid in order if pid not in panned]
    priced_all = dict(cheapest)  # a price question is answered over every product's offers, avoided ones too
    if any(pid not in panned for pid in cheapest):
        cheapest = {pid: o for pid, o in cheapest.items() if pid not in panned}
    currencies = {o["compared_currency"] for o in cheapest.values()}
    # every currency the offers compared are in, not only each product's cheapest ("GBP, USD" left out the EUR offer)
    in_codes = sorted({str(o["compared_currency"]) for o in (independent or candidates) if o["product_id"] in cheapest})
    roles: dict[str, str] = {}
    # "best for <a use>": a product independent reviewers pick for that use leads (the figures cannot say what suits
    # winter or car camping); with no such pick the use is said not to be ranked
    # of the products the question names too ("X or Y for drilling holes in brick walls?": issue 15, t52s fault 1)
    use = asked_use(question)[0]
    for_use = {pid: [r for r in picks.get(pid, []) if _fits_use(str(r["pros"][0]), question)] for pid in order}
    for_use = {pid: rs for pid, rs in for_use.items() if rs}
    opened = len(refs.cited)  # the pick line's own citations start here

    def decides(pid: str, attribute: str) -> bool:
        """Whether which of the figures ``pid``'s sources give for ``attribute`` is right could change the ranking
        of the products still in the running: ranked on its least favourable figure (as the rule does) and on
        each extreme of its figures alone, the order of ``order``'s products differs."""
        own = [c for c in cells if c["product_id"] == pid and c["attribute"] == attribute and c["amount"] is not None]
        if len(own) < 2:
            return False
        kept = set(order)
        base = [o for o in ranking.order if o in kept]
        rest = [c for c in cells if not any(c is o for o in own)]
        for extreme in (min, max):
            at = extreme(float(c["amount"]) for c in own)
            alone = [c for c in own if _tied(float(c["amount"]), at)]
            alt = _rank(question, products, attributes, rest + alone, reviews, offers, sponsored)
            if [o for o in alt.order if o in kept] != base:
                return True
        return False

    def ranked(picked: list[str]) -> dict[str, Any]:
        # a disagreement on a picked product's figure counts against the pick only when it could change the
        # ranking (the pick wins on either figure: both are shown, the pick stands undisputed)
        return {"kind": "ranking", "subject": " and ".join(names[pid] for pid in picked),
                "figures_agree": not any(decides(pid, a) for pid, a in sorted(disputed_on) if pid in picked),
                "contested": False, "source_ids": list(dict.fromkeys(refs.cited[opened:])), "compared": len(products)}

    if use and for_use:
        best = max(order, key=lambda pid: (len(for_use.get(pid, [])), -order.index(pid)))
        order = [best, *(pid for pid in order if pid != best)]
        lines.append(f"- **Best for {_md(use)}: {_md(names[best])}** — "
                     + ("recommended for it by an independent reviewer" if len(for_use[best]) == 1 else
                        f"recommended for it by {len(for_use[best])} independent reviewers")
                     + " (" + "; ".join(f"“{_md(r['pros'][0])}”{refs.cite(r['cited'])}" for r in for_use[best]) + ")"
                     + (f"; on the figures: {said}" if (said := because_figures(best)) else "") + ".")
        roles[best] = "best"
        pick = ranked([best])
    elif use and order and ranking.lead:
        rule += f" (no independent source recommends a product for {_md(use)}, so its figures decide)"
    elif use and order and needs:  # the use's need decides which products qualify (said below), the figures the rest
        rule += f" (of the products shown to meet what the use asked needs: {_md(needs[0].text)})"
    elif use and order:
        rule += (f" (the use asked, {_md(use)}, is not ranked: no independent source recommends a product for it, "
                 "so the figures alone decide)")
    # "Which is lighter, and which lasts longer?" of the products it names: when different products lead on the
    # attributes it asks for, each part is answered with its figures before any best overall (never one "buy X")
    leaders = {a: pid for a in ranking.attributes for pid in order
               if any(m[0] == a and abs(m[2]) == 1 for m in marks.get(pid, []))}
    if also is not None and not line_of and ranking.how == "asked" and len(set(leaders.values())) > 1:
        for a, pid in leaders.items():
            mark = next(m[2] for m in marks[pid] if m[0] == a and abs(m[2]) == 1)
            each = [f"{_md(names[p])} " + " / ".join(_group_said(g, refs, lambda c: _md(c["value"]))
                                                     for g in _value_groups(ranking.figures[p][a]))
                    for p in [pid, *(o for o in order if o != pid)] if ranking.figures[p].get(a)]
            lines.append(f"- **{_mark_word(mark, a, cells).capitalize()} {a}: {_md(names[pid])}** — of the "
                         f"{len(products)} products the question names: " + "; ".join(each) + ".")
    # "Which X costs the least?", "the least expensive", "the cheapest": the price asked decides the pick, among the
    # products whose offer the verdicts may use (in stock, within the budget, meeting the requirements), new offers
    # first as best value compares them; a tie on price is broken by the ranking
    lowest_offer = {pid: o for pid, o in (cheapest_new or cheapest).items() if pid in cheapest}
    price_currencies = currencies  # the currencies of the prices a question asking the lowest compares
    if _CHEAPEST.search(question) and not roles and len(currencies) <= 1 and budget is None:
        # a price an independent page lists (the spec matrix's price cell: a comparison table's "Price" row, a maker's
        # retail price) counts for a product no independent offer prices, and a sponsored offer's price
        # decides nothing once an independent price is known (task h155: a sponsored 249 EUR was "the only product
        # with a price found" beside the matrix's 279 and 649 EUR)
        only_sponsored = not independent
        listed_at = {pid: o for pid, o in listed_prices(cells, names, sponsored, currencies).items()
                     if pid not in failing_or_unshown and pid not in unsuited
                     and (only_sponsored or pid not in lowest_offer)}
        if listed_at:
            lowest_offer = {**({} if only_sponsored else lowest_offer), **listed_at}
            price_currencies = {o["compared_currency"] for o in lowest_offer.values()}
    by_price: list[str] = []  # the products in the order of their prices, when the question asks the lowest
    if _CHEAPEST.search(question) and not roles and len(price_currencies) == 1 and lowest_offer:
        placed_at = {pid: i for i, pid in enumerate(order)}
        by_price = sorted(lowest_offer, key=lambda pid: (float(lowest_offer[pid]["compared_price"]),
                                                   placed_at.get(pid, len(order)), names[pid].lower()))
        low = by_price[0]
        o = lowest_offer[low]
        priced_ids = {x["product_id"] for x in offers if x.get("compared_price") is not None} \
            | {pid for pid, x in lowest_offer.items() if x.get("listed")}
        scope = ("with a price found" + (" within the budget" if budget is not None else "")
                 + (f" that {'meet' if len(lowest_offer) > 1 else 'meets'} what the question asks"
                    if priced_ids & (failing_or_unshown | set(unsuited)) else ""))
        # "What is the cheapest X?": the price asked is over every product's offers, so a product an independent test
        # says to avoid is still the cheapest: named first, with the test's verdict, then the cheapest not avoided
        # (trial t57s F3: "the lowest purchase price found" was said of the second cheapest)
        every = {pid: x for pid, x in (cheapest_new or priced_all).items() if pid in priced_all}
        cheaper_panned = min((pid for pid in every if pid in panned and every[pid]["compared_currency"] in currencies
                              and float(every[pid]["compared_price"]) < float(o["compared_price"])),
                             key=lambda pid: float(every[pid]["compared_price"]), default=None)
        if cheaper_panned is not None:
            scope += " that no independent test or review says to avoid"
        lines.append(f"- **Best overall: {_md(names[low])}** — the lowest purchase price found, which the question "
                     f"asks for: {_money(o['price'], o['currency'])}{refs.cite(o['cited'])}{_converted(o)}"
                     + (f" ({LISTED_PRICE})" if o.get("listed") else f" at {_md(o['merchant'])}")
                     + (f", of the {len(lowest_offer)} products {scope}" if len(lowest_offer) > 1 else
                        f", the only product {scope}")
                     + (f"; on the figures: {said}" if (said := because_figures(low)) else "") + ".")
        roles[low] = "best"
        order = [*by_price, *(pid for pid in order if pid not in lowest_offer)]
        pick = ranked([low])
        if len(priced_ids) < min(2, len(names)):
            pick["contested"] = True  # one product's price found: no other's is known to be higher
        if cheaper_panned is not None:
            first = len(refs.cited)
            x = every[cheaper_panned]
            lines.insert(0, f"**{CHEAPEST_ANSWER} {_md(names[cheaper_panned])}:** {_money(x['price'], x['currency'])}"
                         f"{refs.cite(x['cited'])}{_converted(x)} at {_md(x['merchant'])}, the lowest purchase price "
                         f"found, of the {len(every)} products with a price found"
                         + (" within the budget" if budget is not None else "") + "; but an independent test or "
                         f"review says to avoid it: {_avoid_said((avoided or {})[cheaper_panned], refs.cite)}. The "
                         f"cheapest not to avoid is the {_md(names[low])}: {_money(o['price'], o['currency'])}"
                         f"{refs.cite(o['cited'])}{_converted(o)} at {_md(o['merchant'])}.\n")
            pick = {**ranked([cheaper_panned]), "source_ids": list(dict.fromkeys(refs.cited[first:]))}
    if order and not roles:
        best = order[0]
        tied = [pid for pid in order[1:] if ranking.key[pid] == ranking.key[best]]
        if tied:
            named = " and ".join(_md(names[pid]) for pid in [best, *tied])
            lines.append(f"- **Best overall: {named} (tied)** — equal {rule}: "
                         + "; ".join(f"{_md(names[pid])}: {because(pid)}" for pid in [best, *tied])
                         + ("; their prices are not compared (different currencies)"
                            if best in ranking.uncompared else "") + ".")
            roles.update({pid: "best" for pid in [best, *tied]})
            pick = ranked([best, *tied])
        else:
            level = [pid for pid in order[1:] if ranking.key[pid][:2] == ranking.key[best][:2]]
            if level and ranking.attributes:  # equal on the attributes: what put it first is said, not "ranked first"
                second = level[0]
                unpriced = [pid for pid in level if ranking.key[pid][3] == -float("inf")]
                decider = ("a better review rating" if ranking.key[best][2] != ranking.key[second][2]
                           else "a lower purchase price" if ranking.key[best][3] != ranking.key[second][3]
                           and not unpriced else "a purchase price found (none for "
                           + " and ".join(_md(names[pid]) for pid in unpriced) + ")"
                           if ranking.key[best][3] != ranking.key[second][3]
                           else "its name (alphabetical order)")
                lines.append(f"- **Best overall: {_md(names[best])}** — level with "
                             + " and ".join(_md(names[pid]) for pid in level)
                             + f" {rule} (the same share of comparisons won), first on {decider}: "
                             + f"{because(best)}.")
            else:
                # first as an independent reviewer's pick, which outranks the figures (:func:`_rank`)
                opener = f"as {picked(best)}, then {rule}" if best in ranking.picked and picks.get(best) else rule
                lines.append(f"- **Best overall: {_md(names[best])}** — ranked first {opener}: {because(best)}"
                             f"{tested_above(best)}.")
            roles[best] = "best"
            pick = ranked([best])
            if (backed := (backing or {}).get(best)) is not None and pick is not None:
                # an independent test's own sentence on the attribute asked backs the pick, quoted and counted
                lines[-1] = lines[-1][:-1] + f"; an independent test or review says: “{_md(backed[0])}”" \
                    f"{refs.cite(backed[1])}."
                pick["source_ids"] = list(dict.fromkeys([*pick["source_ids"], str(backed[1]["source_id"])]))
            # an independent test's sentence naming another product the better on the attribute asked, none naming
            # the winner so: the verdict and the test disagree, said on the line, and the pick is contested (its
            # confidence lowered: :data:`TEST_AGAINST`)
            against = [(pid, b) for pid, b in (backing or {}).items() if pid != best and b[2] and pid in names]
            if against and not ((backing or {}).get(best) or ("", {}, False))[2] and pick is not None:
                lines[-1] = lines[-1][:-1] + " (but an independent test or review says otherwise: " + "; ".join(
                    f"“{_md(b[0])}”{refs.cite(b[1])}" for _, b in against) + ")."
                pick["contested"] = True
                pick[TEST_AGAINST] = True
        # an independent reviewer's pick for everyone names another product, and none names the winner: the
        # figures and the reviewer disagree on which is best, said on the winner's line and sent with the pick
        # (``contested``: its confidence, ``pick_agree`` of ``services.synthesizer.domain.pick_features``, is not
        # "high")
        contested = [pid for pid in order if pid not in roles
                     and any(_fits_use(str(r["pros"][0]), question) is None for r in picks.get(pid, []))]
        if contested and not any(picks.get(pid) for pid in roles):
            lines[-1] = lines[-1][:-1] + " (its sources disagree on which is best: " + "; ".join(
                f"{pick_words(pid)} is the {_md(names[pid])}{''.join(refs.cite(r['cited']) for r in picks[pid])}"
                for pid in contested) + ")."
            if pick is not None:
                pick["contested"] = True
                # a pick for the best overall, not for an attribute or a use the question asks, is contradicted by
                # a reviewer's pick the ranking puts below it (not by one ranked above it that the budget, a
                # requirement or a fault leaves out)
                pick[PICK_AGAINST] = ranking.how != "asked" and not ranking.lead and any(
                    pid in ranking.order and ranking.order.index(pid) > ranking.order.index(best) for pid in contested)
        elif contested and pick is not None:
            # independent reviewers pick the winner and another product for everyone, each on a page of its own
            # (task h47: two tests' "Best overall" cells on two products read as agreement, 1.00 high): the testers
            # disagree, said on the winner's line with both picks cited, and the pick is contested (not "high")
            def general(pid: str) -> list[dict[str, Any]]:
                return [r for r in picks.get(pid, []) if _fits_use(str(r["pros"][0]), question) is None]
            mine = {str(r["source_id"]) for pid in roles for r in general(pid)}
            rivals = [pid for pid in contested if any(str(r["source_id"]) not in mine for r in general(pid))]
            if rivals and mine:
                lines[-1] = lines[-1][:-1] + f" ({TESTERS_DISAGREE}: " + "; ".join(
                    f"{pick_words(pid)} is the {_md(names[pid])}{''.join(refs.cite(r['cited']) for r in picks[pid])}"
                    for pid in [*(pid for pid in roles if general(pid)), *rivals]) + ")."
                pick["contested"] = True
        above = [pid for pid in ranking.order[:ranking.order.index(best)] if pid not in failing_or_unshown
                 and pid not in unsuited]
        if budget is not None and above:  # better-ranked products the budget leaves out are named, with why
            def why_out(pid: str) -> str:
                mine = [o for o in offers if o["product_id"] == pid and purchase(o)]
                gone = [o for o in mine if o["within_budget"] is True and not orderable(o)]
                if gone and not any(o["within_budget"] is True and orderable(o) for o in mine):
                    return (f"within the budget only {gone[0]['availability']}: "
                            f"{_money(gone[0]['price'], gone[0]['currency'])}{refs.cite(gone[0]['cited'])}")
                if (used := _only_used(mine)) is not None:
                    return (f"within the budget only {used['condition']}: {_money(used['price'], used['currency'])}"
                            f"{refs.cite(used['cited'])}{_converted(used)}")
                if any(o["within_budget"] is False for o in mine) and not any(o["within_budget"] is None
                                                                              for o in mine):
                    return "over budget"
                return "its price cannot be compared with the budget" if mine else "no offer found"
            lines[-1] = lines[-1].replace("ranked first ", "ranked first within the budget ", 1)[:-1] + (
                f"; ranked above it but without an offer confirmed within the budget of {budget:g} "
                f"{budget_currency or ''}".rstrip() + ": "
                + ", ".join(f"{_md(names[pid])} ({why_out(pid)})" for pid in above) + ".")
        if budget is not None and (used := _only_used([o for o in offers if o["product_id"] == best
                                                         and purchase(o)])) is not None:
            if pick is not None and used["cited"]:  # the pick's own offer, refurbished or used, backs it too
                pick["source_ids"] = list(dict.fromkeys([*pick["source_ids"], str(used["cited"]["source_id"])]))
            lines[-1] = lines[-1][:-1] + (
                f"; within the budget only as a {used['condition']} unit: {_money(used['price'], used['currency'])}"
                f"{refs.cite(used['cited'])}{_converted(used)} (no product compared has a new offer within it).")
        if unbudgeted:  # the question's budget is said not to be met, never silently dropped
            none = not any(o["price"] is not None for o in offers) and not any(  # no price at all: the budget
                _PRICE_NAME.search(c["attribute"]) and c["amount"] is not None for c in cells)  # cannot be checked
            lines[-1] = lines[-1].replace(
                "** — ", ("** — no price was found in any source, so the budget of " if none else
                          "** — no offer within the budget of ") + f"{budget:g} {budget_currency or ''}".rstrip()
                + (" could not be checked and this ranks the products without it; " if none else
                   " was found for any product, so this ranks them without it; "), 1)
    if len(currencies) == 1 and cheapest:
        # like with like: while some product has a new offer to compare, best value is chosen among new offers (a
        # refurbished or used unit is another good: its lower price is no better value of the same thing); the
        # refurbished or used offer that would have scored higher is named beside it
        compared = cheapest
        if ranking.how == "asked":  # no best value without a figure of what the question asks, while others have one
            figured = {pid: o for pid, o in cheapest.items()
                       if any(ranking.figures.get(pid, {}).get(a) for a in ranking.attributes)}
            compared = figured or cheapest
        pool = compared
        newest = {pid: o for pid, o in cheapest_new.items() if pid in compared}
        if newest and any(o["condition"] != "new" for o in compared.values()):
            pool = newest

        def value_score(pid: str, pool: dict[str, dict[str, Any]] = pool) -> tuple[float, float]:
            return value_per_price(value_quality(ranking, pid, pool), pool[pid])

        # a tie (on price, or on value per price) is broken by the ranking (the attributes ranked on), never by the
        # order of the names (issue 15, trial t40 fault 3: of two lights at one price the dimmer one was best value)
        placed = {pid: i for i, pid in enumerate(ranking.order)}

        def in_rank(pids: dict[str, dict[str, Any]]) -> list[str]:
            return sorted(pids, key=lambda pid: (placed.get(pid, len(placed)), names[pid].lower()))

        def value_of(pool: dict[str, dict[str, Any]]) -> str:
            if _CHEAPEST.search(question):  # "cheapest ...": the lowest price among those meeting the requirements
                return min(in_rank(pool), key=lambda pid: float(pool[pid]["compared_price"]))
            return max(in_rank(pool), key=lambda pid: value_score(pid, pool))

        value_pid = value_of(pool)
        blind = value_of(compared)
        other = compared[blind] if pool is not compared and blind != value_pid else None
        o = pool[value_pid]
        # a refurbished or used offer cheaper than the verdict's, which does not score higher per price, is still
        # named beside it (marked): the buyer may want it
        cheaper_used = None if other is not None or pool is compared else min(
            (x for x in compared.values() if x["condition"] != "new" and x["compared_price"] < o["compared_price"]),
            key=lambda x: (x["compared_price"], names[x["product_id"]].lower()), default=None)
        runner_up = next((pid for pid in order if pid not in roles), None)
        said = because(value_pid) if value_pid in ranking.key and value_pid not in (*roles, runner_up) else ""
        level = [pid for pid in in_rank(pool) if pid != value_pid
                 and _tied(float(pool[pid]["compared_price"]), float(o["compared_price"]))]
        tie = (f"; level on price with {', '.join(_md(names[pid]) for pid in level)}, the tie broken {rule}"
               + (f": {_md(names[value_pid])} ranks above" if ranking.attributes else "")
               if level and value_pid in placed else "")
        if not any(purchase(x) and x["price"] is not None and x["product_id"] != value_pid for x in offers):
            # one product priced: "best value" earned against no other product's price is no value verdict (issue
            # 15, trial t53s S6: a good-buy question was answered "Yes: ... the best value" from it)
            lines.append(f"- **Best value:** not compared: only the {_md(names[value_pid])} has a purchase price "
                         f"found ({_money(o['price'], o['currency'])}{refs.cite(o['cited'])}{_converted(o)} at "
                         f"{_md(o['merchant'])}), so no other product's price weighs against it.")
        else:
            lines.append(f"- **Best value: {_md(names[value_pid])}** — {_money(o['price'], o['currency'])}"
                         f"{refs.cite(o['cited'])}{_converted(o)} at {_md(o['merchant'])}"
                         + (f" ({o['condition']})" if o["condition"] != "new" else "")
                         + (f", within the budget of {budget:g} {budget_currency or ''}".rstrip() if budget else "")
                         + (f" (prices compared in {target}, {implicit})"
                            if implicit and any(x.get("rate_date") for x in cheapest.values()) else "")
                         + (", the lowest purchase price found" + (
                             # a cheaper product a test says to avoid is left out of "lowest", never hidden by it
                             " of the products no independent test or review says to avoid" if any(
                                 pid in panned and float(x["compared_price"]) < float(o["compared_price"])
                                 for pid, x in priced_all.items()) else "")
                            if len(cheapest) > 1 and o is min(cheapest.values(), key=lambda x: x["compared_price"])
                            else "")
                         + tie + (f"; {said}" if said else "")
                         + (f"; {per_price}" if (per_price := value_rule(ranking, value_pid, pool, names)) and not
                            _CHEAPEST.search(question) else "")
                         + (f"; compared among new offers: {_md(names[blind])} scores higher per price only as a "
                            f"{other['condition']} unit ({_money(other['price'], other['currency'])}"
                            f"{refs.cite(other['cited'])}{_converted(other)} at {_md(other['merchant'])})"
                            if other is not None else "")
                         + (f"; compared among new offers: cheaper only as a {cheaper_used['condition']} unit, "
                            f"{_md(names[cheaper_used['product_id']])} at "
                            f"{_money(cheaper_used['price'], cheaper_used['currency'])}{refs.cite(cheaper_used['cited'])}"
                            f"{_converted(cheaper_used)} ({_md(cheaper_used['merchant'])})"
                            if cheaper_used is not None else "") + ".")
            roles.setdefault(value_pid, "value")
            tested = [(pid, v) for pid, v in (valued or {}).items() if pid in names]
            if any(pid == value_pid for pid, _ in tested):  # "Quill Rove X2 | Preis-Leistungs-Sieger": the test agrees
                said_value = (valued or {})[value_pid]
                lines[-1] = lines[-1][:-1] + (f"; an independent test or review names it the best value: "
                                              f"“{_md(said_value[0])}”{refs.cite(said_value[1])}.")
            elif tested:  # a test names another product the best value: said beside the figures' verdict
                lines[-1] = lines[-1][:-1] + " (but an independent test or review names another the best value: " + \
                    "; ".join(f"“{_md(v[0])}”{refs.cite(v[1])}" for _, v in tested) + ")."
    elif len(currencies) > 1:  # prices in several currencies and no rate between them: never compared
        lines.append(f"- **Best value:** not compared (different currencies: {', '.join(in_codes)}); "
                     + "; ".join(f"{_md(names[pid])} {_money(o['price'], o['currency'])}{refs.cite(o['cited'])}"
                                 + (f" ({o['condition']})" if o["condition"] != "new" else "")
                                 for pid, o in sorted(cheapest.items(), key=lambda p: names[p[0]].lower())) + ".")
    elif not any(purchase(o) for o in offers):
        listed = any(_PRICE_NAME.search(c["attribute"]) and c["amount"] is not None for c in cells)
        others = any(o["price"] is not None for o in offers)
        written = [o for o in offers if o["price"] is not None]
        lines.append("- **Best value:** cannot be named: " + ("no merchant offer was found (the prices in the spec "
                                                              "matrix come from comparison tables)" if listed
                                                              else "no merchant offer was found (the prices found "
                                                              "are mentioned by pages that sell nothing)"
                                                              if written and all(mentioned(o) for o in written)
                                                              else "no purchase price was found (the offers found "
                                                              "are rental, recurring, contract or zero prices)"
                                                              if others else "no price was found in any source")
                     + ".")
    elif not cheapest and any(purchase(o) and o["product_id"] in failing and o["within_budget"] is not False
                              for o in offers):
        lines.append("- **Best value:** cannot be named: the priced offers found"
                     + (f" within the budget of {budget:g} {budget_currency or ''}".rstrip() if budget else "")
                     + " are for products that do not meet the requirements of the question (below)"
                     + (f"; {unsure} priced offer(s) of other products could not be compared (unknown currency "
                        "or no rate)" if (unsure := sum(1 for o in offers if purchase(o) and o["within_budget"] is None
                                                        and o["product_id"] not in failing)) else "") + ".")
    elif budget is not None and not cheapest:
        uncompared = [o for o in offers if purchase(o) and o["within_budget"] is None]
        if uncompared:
            lines.append(f"- **Best value:** cannot be named: no offer could be confirmed within the budget of "
                         f"{budget:g} {budget_currency or ''}".rstrip() + f"; {len(uncompared)} of "
                         f"{sum(1 for o in offers if purchase(o))} priced offer(s) could not be compared "
                         "with it (unknown currency or no rate).")
        else:
            lines.append(f"- **Best value:** no offer found within the budget of {budget:g} {budget_currency or ''}"
                         .rstrip() + ".")
    runner = next((pid for pid in order if pid not in roles or roles[pid] == "value"), None)
    if runner is not None and any(r == "best" for r in roles.values()):
        used = _only_used([o for o in offers if o["product_id"] == runner and purchase(o)]) if budget is not None \
            else None
        only_used = (f"; within the budget only as a {used['condition']} unit: {_money(used['price'], used['currency'])}"
                     f"{refs.cite(used['cited'])}{_converted(used)}") if used is not None else ""
        if runner in by_price:  # the next lowest price of the question asking the lowest
            next_offer = lowest_offer[runner]
            lines.append(f"- **Runner-up: {_md(names[runner])}** — the next lowest purchase price found: "
                         f"{_money(next_offer['price'], next_offer['currency'])}{refs.cite(next_offer['cited'])}"
                         f"{_converted(next_offer)}"
                         + (f" ({LISTED_PRICE})" if next_offer.get("listed") else f" at {_md(next_offer['merchant'])}")
                         + (f"; on the figures: {said}" if (said := because_figures(runner)) else "") + ".")
        else:
            lines.append(f"- **Runner-up: {_md(names[runner])}** — ranked second {rule}: {because(runner)}"
                         f"{only_used}.")
        roles[runner] = "runner-up"
    for pid in sorted((pid for pid in failing if pid in names), key=lambda pid: names[pid].lower()):
        attribute, cell, req = failing[pid]
        disputed = cell["amount"] is not None and any(
            c["product_id"] == pid and c["attribute"] == attribute and c["amount"] is not None
            and not _tied(float(c["amount"]), float(cell["amount"])) for c in cells)
        lines.append(f"- **Does not meet the requirement ({_md(req.text)}): {_md(names[pid])}** — {attribute} "
                     f"{_md(cell['value'])}{refs.cite(cell['cited'])}"
                     + (" (its sources disagree; the least favourable figure is checked)" if disputed else "")
                     # an independent source's own words that it cannot serve the use, quoted beside its figure
                     + (f"; {'an independent source' if quoted[2] else 'its maker or seller'} says so too: "
                        f"“{_md(quoted[0])}”{refs.cite(quoted[1])}"
                        if (quoted := (unfit or {}).get(pid)) is not None else "") + ".")
        roles[pid] = "fails"
    for pid in sorted(unsuited, key=lambda pid: names[pid].lower()):
        limit = unsuited[pid]
        lines.append(f"- **Avoid if you need it for {_md(asked_use(question)[0])}: {_md(names[pid])}** — "
                     f"{'an independent source' if limit[2] else 'its maker or seller'} says it cannot: "
                     f"“{_md(limit[0])}”{refs.cite(limit[1])}.")
        roles[pid] = "avoid"
    if failing or unshown or len(order) <= 1:  # why the products neither picked nor failing are not the runner-up
        unknown = _requirement_unknown(question, attributes, cells, [pid for pid in names if pid not in roles], needs)
        for pid in sorted(unknown, key=lambda pid: names[pid].lower()):
            attribute, req = unknown[pid]
            lines.append(f"- **Not shown to meet the requirement ({_md(req.text)}): {_md(names[pid])}** — no "
                         f"{attribute} figure was found in the sources.")
            roles[pid] = "unknown"
        for pid in sorted((pid for pid in untold if pid in names and pid not in roles), key=lambda p: names[p].lower()):
            lines.append(f"- **Not shown to meet the requirement (with {_md(feature)}): {_md(names[pid])}** — no "
                         f"{untold[pid]} was found in the sources.")
            roles[pid] = "unknown"
    for pid in sorted(panned, key=lambda pid: names[pid].lower()):
        said = _avoid_said((avoided or {})[pid], refs.cite)
        if roles.get(pid) in ("best", "value", "runner-up"):  # the only product left to pick: picked, and warned of
            for i, line in enumerate(lines):
                if line.startswith(tuple(f"- **{role}: {_md(names[pid])}" for role in ("Best overall", "Best value",
                                                                                       "Runner-up"))):
                    lines[i] = line[:-1] + f"; but an independent test or review says to avoid it: {said}."
            if roles[pid] == "best" and pick is not None:
                pick["contested"] = True
                pick[TEST_AVOIDS] = True
            continue
        lines.append(f"- **Avoid: {_md(names[pid])}** — an independent test or review says to avoid it: {said}.")
        roles[pid] = "avoid"
    # "avoid if": the lowest-ranked product trailing on an attribute (the ranking's first), never one with a
    # positive role above
    # nor one over the budget: the budget's own "avoid if" line names it
    trailing = [pid for pid in [*reversed(ranking.order), *sorted(set(names) - set(ranking.order))]
                if pid not in roles and any(abs(s) == 2 for _, _, s in marks[pid])
                and not (budget is not None and pid in over_pids)]
    if trailing:
        pid = trailing[0]
        attribute, cell, mark = min(((a, c, s) for a, c, s in marks[pid] if abs(s) == 2),
                                    key=lambda m: (m[0] not in ranking.attributes, m[0]))
        lines.append(f"- **Avoid if {attribute} matters: {_md(names[pid])}** — it has the "
                     f"{_mark_word(mark, attribute, cells)} {attribute} of the products compared "
                     f"({_avoid_figures(pid, attribute, cell, mark, cells, refs)}).")
        roles[pid] = "avoid"
    grouped = {pid: found for pid in names if (found := _recurring_fault(names[pid], (faults or {}).get(pid, [])))}
    for pid, (part, reports) in grouped.items():
        # a failure several reports give of one part ("piezo igniter stopped working", "the igniter died"): what
        # buyers say breaks, whatever the figures rank
        sources = len({str(c["source_id"]) for _, c in reports})
        lines.append(f"- **Avoid if a dependable {part} matters: {_md(names[pid])}** — {len(reports)} reports of "
                     f"{part} faults ({sources} source{'s' if sources > 1 else ''}): "
                     + "; ".join(f"“{_md(text)}”{refs.cite(cited)}" for text, cited in reports[:3]) + ".")
        roles.setdefault(pid, "avoid")
    for pid in [pid for pid in names if (advice or {}).get(pid)]:
        # a reviewer's own "Avoid the X if you cook in wind": the case as the reviewer gives it, quoted
        case, sentence, cited = (advice or {})[pid][0]
        lines.append(f"- **Avoid if {_md(case)}: {_md(names[pid])}** — an independent reviewer advises it: "
                     f"“{_md(sentence)}”{refs.cite(cited)}.")
        roles.setdefault(pid, "avoid")
    over = [o for o in offers if o["within_budget"] is False and o["product_id"] not in roles]
    if over and budget is not None:
        # the lowest offer one can buy now (an out-of-stock one only when there is none), said as over the budget:
        # a product priced above it is no product to avoid (it may be the best one tested)
        o = min(over, key=lambda o: (not orderable(o), o["compared_price"] if o["compared_price"] is not None
                                     else o["price"]))
        if o["product_id"] not in cheapest:
            lines.append("- **" + f"Over the budget of {budget:g} {budget_currency or ''}".rstrip()
                         + f": {_md(names[o['product_id']])}** — its lowest offer "
                         + ("in stock " if orderable(o) and o["availability"] else "")
                         + f"is {_money(o['price'], o['currency'])}{refs.cite(o['cited'])}{_converted(o)}"
                         + (f" ({o['availability']})" if not orderable(o) else "") + ".")
    for pid in [pid for pid in names if pid in picks and roles.get(pid) not in ("best", "runner-up")
                and not (budget is not None and pid in over_pids)]:
        # a pick the ranking does not put first or second is said, with the reviewer's words, when it fits the
        # question: never a pick for another use than the one asked ("For winter camping ..." under a backpacking
        # question: ``picks`` has none), nor one of a product over the budget
        words = pick_words(pid)
        lines.append(f"- **{words[0].upper()}{words[1:]}: {_md(names[pid])}** — "
                     + "; ".join(f"“{_md(r['pros'][0])}”{refs.cite(r['cited'])}" for r in picks[pid])
                     + (" (the verdicts above rank on the figures the sources give)" if lines else "") + ".")
    if not lines:
        lines.append("- No verdict: the sources give no comparable figures for these products.")
    for pid in [pid for pid in names if pid not in grouped
                and len({str(c["source_id"]) for _, c in (faults or {}).get(pid, [])}) >= 2]:
        # a recurring failure: what two or more sources report, each quoted with its source (an independent buyer's
        # forum report and a reviewer's "felt flimsy")
        reports = (faults or {})[pid]
        lines.append(f"- **Reported problems: {_md(names[pid])}** — "
                     f"{len({str(c['source_id']) for _, c in reports})} sources report faults: "
                     + "; ".join(f"“{_md(text)}”{refs.cite(cited)}" for text, cited in reports[:3]) + ".")
    if also and line_of:
        lines.append(f"- **Also considered** (not {_md(line_of)} models, which the question asks among, so not compared "
                     "here): " + ", ".join(_md(n) for n in also) + ".")
    elif also:
        lines.append("- **Also considered** (not named in the question, so not compared here): "
                     + ", ".join(_md(n) for n in also) + ".")
    opened = len(refs.cited)
    answered, compared_n = _yes_no(question, products, ranking, cells, refs)
    if not answered and also is None:  # "Is the X the cheapest Y?": the cheapest offer of each product decides
        answered, compared_n = _cheapest_yes_no(question, products, independent or candidates, refs)
    from shared.text.answer import answer_type

    asked_of = named_products(question, products) if also is None else []
    stated: list[str] = []  # the products whose ranking figures the answer states

    def stated_figures(pid: str) -> str:
        stated.append(pid)
        return because_figures(pid)

    unfound = False  # the answer says that no source reports what is asked: no confident one
    site_picks = [r for r in reviews if str(r["cited"]["source_id"]) in (named_sources or {}) and r["pros"]
                  and is_pick(str(r["pros"][0])) and r["product_id"] in names]
    if not answered and site_picks and _SOURCE_PICK_ASKED.search(question):
        # "Which speaker does BeatJury recommend, and can I trust it?": that source's pick, never the ranking's
        # winner (trial t59s Y5: the ranking's best overall led at 1.00 high while the source, an affiliate blog,
        # recommends the product the independent test says to avoid)
        r = site_picks[0]
        pid = r["product_id"]
        site = (named_sources or {})[str(r["cited"]["source_id"])]
        told = [f"“{_md(str(r['pros'][0]))}”{refs.cite(r['cited'])}"]
        if r["sponsored"]:
            told.append(f"but {_md(site)} is a sponsored or affiliate source ({_md(str(r['sponsored_why']))}), so its "
                        "pick is no independent recommendation")
        if pid in panned:
            told.append(f"an independent test or review says to avoid the {_md(names[pid])}: "
                        f"{_avoid_said((avoided or {})[pid], refs.cite)}")
        elif r["sponsored"] and order and order[0] != pid:
            told.append(f"the verdicts below rank the {_md(names[order[0]])} first")
        answered = f"**{_md(site)} {SOURCE_PICK_ANSWER} {_md(names[pid])}:** " + "; ".join(told) + "."
        asked_of = [p for p in products if p.product_id == pid]
        compared_n = 1
    if not answered and len(asked_of) == 1 and answer_type(question) == "yes_no" and _PROBLEM_ASKED.search(question):
        # "Does the X have a known problem?": answered from the tests' verdicts and the fault reports, never with a
        # ranking the question does not ask for (trial t59s Y8, X7: "Best overall: X" led)
        pid = asked_of[0].product_id
        why = []
        if pid in panned:
            why.append(f"an independent test or review says to avoid it: {_avoid_said((avoided or {})[pid], refs.cite)}")
        reports = grouped[pid][1] if pid in grouped else (faults or {}).get(pid, [])
        # a report the avoid verdict quotes already (its sentence, or the sentence with the verdict) is not said twice
        verdict, after = (str(part).strip(" .") for part in (avoided or {}).get(pid, ("", ""))[:2])
        reports = [(text, cited) for text, cited in reports
                   if text.strip(" .") not in f"{verdict} {after}" and not (after and after in text)]
        if reports:
            why.append((f"{len(reports)} report{'s' if len(reports) > 1 else ''} of {grouped[pid][0]} faults: "
                        if pid in grouped else "a fault report: ")
                       + "; ".join(f"“{_md(text)}”{refs.cite(cited)}" for text, cited in reports[:3]))
        answered = (f"**Yes, the {_md(names[pid])} has a reported problem:** " + "; ".join(why) + "." if why else
                    f"**No known problem reported: the {_md(names[pid])}** — no source read reports a fault of it.")
        unfound = not why
        compared_n = 1
    if not answered and len(asked_of) == 1 and answer_type(question) == "yes_no":
        # "Is the X really the best ...?" / "Is the X worth it?": answered first, from the verdicts above
        out = {pid: "over the budget of " + f"{budget:g} {budget_currency or ''}".rstrip()
               for pid in over_pids if budget is not None}
        out |= {pid: "its figure fails a requirement the question states" for pid in failing}
        out |= {pid: "a source says it cannot serve the use asked" for pid in unsuited}
        answered = _best_yes_no(question, asked_of[0].product_id, names, order, roles, picks, refs.cite, out,
                                stated_figures, (worth or {}).get(asked_of[0].product_id, []),
                                (avoided or {}).get(asked_of[0].product_id))
        compared_n = len(products)
    if answered:  # "Does the X have the longest range?": answered first, from the ranking's figures
        lines.insert(0, answered + "\n")
        asked = named_products(question, products)
        # a yes/no of which product leads is only said when the figures settle it; one of whether the product asked
        # is the best or a good buy states the figures of the products it names
        pick = {**ranked([p.product_id for p in (asked or asked_of)[:1]]), "compared": compared_n,
                "figures_agree": None if unfound else not disputed_pids.intersection(stated)}
    # "Which X should I avoid, and why?": the products an independent test says to avoid outright (else those whose
    # reports name one failing part) are the answer, with the reasons their sources give (issue 15, trial t53s S8)
    shunned = [pid for pid in names if pid in panned and roles.get(pid) == "avoid"] or [
        pid for pid in grouped if roles.get(pid) == "avoid"]
    if not answered and shunned and _AVOID_ASKED.search(question):
        opened = len(refs.cited)
        reasons = []
        for pid in shunned[:2]:
            why = []
            if pid in panned:
                why.append(f"an independent test or review says to avoid it: {_avoid_said((avoided or {})[pid], refs.cite)}")
            if pid in grouped:
                part, reports = grouped[pid]
                why.append(f"{len(reports)} reports of {part} faults: "
                           + "; ".join(f"“{_md(text)}”{refs.cite(cited)}" for text, cited in reports[:3]))
            reasons.append(("" if len(shunned) == 1 else f"the {_md(names[pid])}: ") + "; ".join(why))
        lines.insert(0, f"**{AVOID_ANSWER} {' and the '.join(_md(names[pid]) for pid in shunned[:2])}:** "
                     + "; ".join(reasons) + ".\n")
        pick = ranked(shunned[:2])
    # "the best X under $50" with every price found over it: that no product is within the budget is the answer, the
    # ranking without the budget follows it (issue 15, trial t53s B2 led with a 219.99 USD product at 1.00 high)
    over_offers = [o for o in offers if purchase(o) and o["within_budget"] is False]
    if unbudgeted and not answered and not (shunned and _AVOID_ASKED.search(question)) and over_offers \
            and not any(purchase(o) and o["within_budget"] is None for o in offers):
        o = min(over_offers, key=lambda o: (not orderable(o), float(o["compared_price"] if o["compared_price"]
                                                                     is not None else o["price"])))
        said = f"{budget:g} {budget_currency or ''}".rstrip()
        lines.insert(0, f"**{NO_BUDGET_ANSWER} {said} was found:** every purchase price found is over it, the lowest "
                     f"{_money(o['price'], o['currency'])}{refs.cite(o['cited'])}{_converted(o)} for the "
                     f"{_md(names[o['product_id']])} at {_md(o['merchant'])}; the verdicts below rank the products "
                     "without the budget.\n")
    diff_refs = _Refs("v")
    diff, diff_agree, diff_subject = _difference_answer(question, products, attributes, cells, diff_refs) \
        if not answered else ("", True, "")
    if diff:  # "How much more capacity does A have than B?": both figures and their difference are the answer
        lines, refs = [diff], diff_refs
        pick = {"kind": "values", "subject": diff_subject, "figures_agree": diff_agree,
                "source_ids": list(dict.fromkeys(diff_refs.cited)), "compared": 2}
        answered = diff
    spec_refs = _Refs("v")
    spec, agree = _spec_answer(question, products, attributes, cells, spec_refs, named_sources)
    if spec and not answered:  # "How much does the X weigh?": its figures are the answer, no ranking is asked for
        lines, refs = [spec], spec_refs
        asked = named_products(question, products)
        pick = {"kind": "values", "subject": asked[0].name if asked else "", "figures_agree": agree,
                "source_ids": list(dict.fromkeys(spec_refs.cited)), "compared": 1}
    buy_refs = _Refs("v")
    buy = _offers_answer(question, products, offers, buy_refs) if not (spec or answered) else ""
    if buy:  # "cheapest place to buy an Inflata Go?": its offers are the answer, never another product's verdict
        lines, refs = [buy], buy_refs
        asked = named_products(question, products)
        pick = {"kind": "values", "subject": asked[0].name if asked else "", "figures_agree": True,
                "source_ids": list(dict.fromkeys(buy_refs.cited)), "compared": 1}
    no_price = _unpriced_answer(question, products, attributes, cells, offers, buy_refs) if not (
        spec or answered or buy) else ""
    if no_price:  # "How much does the X cost?" with no price of it found: said so, with its specs, never another's
        lines, refs = [no_price], buy_refs
        # the figure asked is unknown: the answer is no confident one (``figures_agree`` None)
        pick = {"kind": "values", "subject": named_products(question, products)[0].name, "figures_agree": None,
                "source_ids": list(dict.fromkeys(buy_refs.cited)), "compared": 1}
    sections.append({"heading": "Verdicts", "body": "\n".join(lines), "evidence": refs.evidence})

    # spec matrix
    if attributes:
        refs = _Refs("s")
        column_units = {a: u for a in attributes if (u := _column_unit(a, cells))}
        rows = ["| Product | " + " | ".join(_md(a) for a in attributes) + " |",
                "| --- |" + " --- |" * len(attributes)]
        for p in products:
            row = []
            for a in attributes:
                here = [c for c in cells if c["product_id"] == p.product_id and c["attribute"] == a]
                unit = column_units.get(a)
                said = "; ".join(_group_said(g, refs, partial(_shown_in, unit=unit)) for g in _value_groups(here))
                if not said and _PRICE_NAME.search(a) and (sold := matrix_offer(p.product_id, offers)) is not None:
                    # no spec row gives the product's price: its lowest new offer does, cited to the offer's span
                    said = (f"{_money(sold['price'], sold['currency'])}{refs.cite(sold['cited'])} at "
                            f"{_md(sold['merchant'])}"
                            + (f" (sale, was {sold['regular_price']:,.2f})" if sold["on_sale"] else ""))
                row.append(said or "—")
            rows.append(f"| {_md(p.name)} | " + " | ".join(row) + " |")
        sections.append({"heading": "Spec matrix", "body": "\n".join(rows), "evidence": refs.evidence})

    # offers
    refs = _Refs("o")
    priced = [o for o in offers if o["price"] is not None]
    if priced:
        rows = ["| Product | Merchant | Price | Condition | Availability | Seen |", "| --- | --- | --- | --- | --- | --- |"]
        for o in sorted(priced, key=lambda o: (list(names).index(o["product_id"]), o["currency"] or "~", o["price"])):
            price = _money(o["price"], o["currency"])
            if o["currency"] is None:
                price = f"{_md(o['note'].split(' on ')[0])} (currency unknown, not compared)"
            if o.get("terms"):
                price += f" **{_md(o['terms'])}** (not a purchase price, not compared)"
            if o["on_sale"]:
                price += f" (sale, was {o['regular_price']:,.2f})"
            price += _converted(o)
            if o["within_budget"] is False:
                price += " (over budget)"
            elif budget is not None and o["within_budget"] is None and o["currency"] is not None and purchase(o):
                price += f" (not compared with the {budget_currency or ''} budget)".replace("the  ", "the ")
            elif target is not None and o["compared_price"] is None and o["currency"] is not None and purchase(o):
                price += f" (not compared with prices in {target}: no rate)"
            condition = f"**{o['condition']}**" if o["condition"] != "new" else "new"
            if mentioned(o):
                condition = "—"  # a price a page mentions is offered by no one: no condition to say
            rows.append(f"| {_md(names[o['product_id']])} | {_md(o['merchant'])} | {price}{refs.cite(o['cited'])} | "
                        f"{condition} | {_md(o['availability']) or '—'} | {o['date'] or '—'} |")
        body = "\n".join(rows)
        if budget is not None:
            body = f"Budget read from the question: {budget:g} {budget_currency or '(no currency named)'}.\n\n" + body
    else:
        body = ("No prices were found in any source, so no offer can be compared"
                + (f" with the budget of {budget:g} {budget_currency or ''}".rstrip() if budget else "") + ".")
    sections.append({"heading": "Offers", "body": body, "evidence": refs.evidence})

    # reviews
    if reviews:
        refs = _Refs("r")
        rows = ["| Product | Source | Rating | Praise | Complaints | Counted as |", "| --- | --- | --- | --- | --- | --- |"]
        for r in sorted(reviews, key=lambda r: bool(r["sponsored"])):  # independent reviews first
            rating = f"{r['rating']:g}/{r['best']:g}" if r["rating"] is not None else "—"
            if r["rating"] is not None and r.get("scale"):  # "4.3/5 (German school grade 1,7: 1 best, ...)"
                rating += f" ({_md(r['scale'])})"
            counted = ("independent, weight 1" if not r["sponsored"] else
                       f"sponsored or affiliate ({_md(r['sponsored_why'])}), weight {r['weight']:g}"
                       + (": not counted in the ranking, independent evidence for the product exists"
                          if not r["weight"] else ""))
            rows.append(f"| {_md(names[r['product_id']])} | {refs.cite(r['cited']).strip() or '—'} | {rating} | "
                        f"{_md('; '.join(r['pros'])) or '—'} | {_md('; '.join(r['cons'])) or '—'} | {counted} |")
        sections.append({"heading": "Reviews", "body": "\n".join(rows), "evidence": refs.evidence})
    return sections, pick


def asked_for(analysis: Analysis) -> Analysis:
    """``analysis`` of a run that asked for the shopping domain (``--domain shopping``): when it found no product, its
    note says that the domain asked for could not act on the question, in the words every domain uses
    (:func:`shared.report.override_misfit`), so the report says so at its top too; otherwise unchanged."""
    if NO_PRODUCT not in analysis.notes:
        return analysis
    said = override_misfit("shopping", "it found no product in the sources (no schema.org Product data, spec "
                                       "table or product page)")
    return replace(analysis, notes=[said if n == NO_PRODUCT else n for n in analysis.notes])
