"""Keyword query planning (no model): sub-queries, domain and language of a question."""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.text.buying import BUY_INTENT_RE as _BUY_INTENT_RE
from shared.text.institutions import is_library_institution
from shared.text.licences import asks_licence_use
from shared.text.packages import ECOSYSTEM_CONTEXT_RE, names_package, package_names, slot_names
from shared.text.synonyms import event_as_verb
from shared.text.terms import find_entities, key_terms
from shared.text.tokens import detect_language, is_function_word, language_stopwords, tokenize

__all__ = ["Plan", "plan", "searchable"]

Depth = Literal["quick", "standard", "deep"]

_DEPTH_RANGE: dict[str, tuple[int, int]] = {"quick": (2, 3), "standard": (3, 5), "deep": (5, 6)}


class Plan(BaseModel):
    """A research plan.

    Attributes:
        sub_queries: keyword queries, most general first; unique, non-empty.
        domain: "shopping", "code" or "general".
        language: ISO 639-1 code of the question.
    """

    model_config = ConfigDict(frozen=True)

    sub_queries: list[str]
    domain: str
    language: str


_QUOTED_RE = re.compile(r"[\"“«„]([^\"”»“]{2,120})[\"”»]")
#: a word; "AT&T", "C++", "C#", ".NET" and "Node.js" are one word each
_WORD_RE = re.compile(r"(?:(?<![\w.])\.(?=[^\W\d_]))?[^\W_](?:[^\W_]|['’.\-&](?=[^\W_]))*(?:\+\+|#(?!\w))?")

#: words that ask about buying by themselves ("cheapest", "coupon", "in stock", "best X under $N")
_SHOP_RE = re.compile(
    r"\b(buy|buying|cheap|cheapest|discount|"
    # "best known for", "best remembered for": what a person or work is noted for, not a buyer's pick
    r"best\s+(?!(?:known|remembered|noted|described|loved)\b)\w+(\s+\w+)?\s+(under|for)|under\s*\$\s*\d+|"
    # a shopping centre or street is a place, not a purchase
    r"\$\s*\d+|worth\s+it|coupon|shopping(?!\s+(?:cent(?:re|er)s?|malls?|districts?|streets?|arcades?|precincts?))|"
    r"retailer|in\s+stock)\b",
    re.IGNORECASE,
)
#: words that are a shopping question's only in a product or purchase context (:func:`_purchase_context`): "the
#: annual budget of the Wexmoor Choral Society", "the Louisiana Purchase", "a trade deal", "a book review" are none
_SHOP_CONTEXT_WORD_RE = re.compile(r"\b(purchase|price|prices|pricing|deal|deals|review|reviews|budget|shop)\b",
                                   re.IGNORECASE)
_VS_RE = re.compile(r"\b(vs\.?|versus)\b", re.IGNORECASE)
_PRODUCT_RE = re.compile(
    r"\b(laptop|phone|headphones?|earbuds|camera|tv|monitor|tablet|watch|vacuum|mattress|"
    r"shoes?|console|router|keyboard|mouse|speaker|blender|car|bike|gpu|cpu)\b",
    re.IGNORECASE,
)
_CODE_RE = re.compile(
    r"(\b(python|javascript|typescript|java|rust|golang|c\+\+|c#|sql|bash|package|"
    r"module|api|sdk|traceback|stack\s*trace|install|"
    r"pip|npm|compile|compiler|bug|debug|regex|json|yaml|docker|kubernetes|git|async|"
    r"syntax|runtime|framework|django|flask|fastapi|numpy|pandas|(?-i:React))\b)|\w+\(\)|`[^`]+`",
    re.IGNORECASE,
)
#: words of code that are also plain English ("kidney barrier function", "a new method", "satellite error", "the
#: exception to this ice loss", "react with the sea"): a code question's only with a sign of code beside them
#: (:data:`_CODE_SIGN_RE`, a word of :data:`_CODE_RE`, software context)
_CODE_WEAK_RE = re.compile(r"\b(?:function|functions|method|methods|class|classes|error|errors|exception|"
                           r"exceptions|react)\b", re.IGNORECASE)
#: software-context words that a science claim uses too ("impaired binding to loss-of-function variants", "the
#: release of cytokines"): no sign that a word of :data:`_CODE_WEAK_RE` is about code
_SCIENCE_TOO = frozenset({"binding", "bindings", "release", "releases", "version", "versions", "client"})
#: a sign that such a word is about code: the asker's own ("my function", "our class", "this error"), an identifier
#: (``KeyError``, ``parse_date``, ``obj.method``), or a word of programs ("code", "script", "program")
_CODE_SIGN_RE = re.compile(
    r"\b(?:my|our|this|that)\s+(?:\w+\s+)?(?:function|method|class|error|exception)s?\b|"
    r"(?-i:\b[A-Z][a-z]+(?:Error|Exception|Warning)\b)|\b[a-z]+_[a-z_]+\b|\b[a-z]\w*\.[a-z_]\w*\(|"
    r"\b(?:code|script|scripts|program|programs|programming|compiler|interpreter|variable|variables|"
    r"returns?\s+(?:none|null|undefined|nan))\b", re.IGNORECASE)


def _quoted(text: str) -> set[str]:
    return {m.group(1).strip(" ,.;:") for m in _QUOTED_RE.finditer(text)}


#: "library" alone does not make a code question ("Who founded the Halloway Seed Library?"): it needs software
#: context, either a word of :data:`_CODE_RE` or one of these near it ("a library for parsing dates", "which library
#: version", "open-source library")
_LIBRARY_RE = re.compile(r"\blibrar(?:y|ies)\b", re.IGNORECASE)
_SOFTWARE_CONTEXT_RE = re.compile(
    r"\b(version|versions|release|releases|open[- ]source|license|licence|dependency|dependencies|wrapper|"
    r"bindings?|client|parse|parses|parsing|parser|serialize|serializes|crate|crates|gem|golang|node|nodejs|"
    r"ruby|php|kotlin|swift|scala|haskell|perl|lua|js|cpp|http|cli|gui|ui|plugin|import|imports|"
    r"programming|software|code|developer|developers)\b",
    re.IGNORECASE)
# ---- buying questions (shopping) ----------------------------------------------------------------------------
#: an amount of money: "$300", "1000 dollars", "89 euros", "1.299,00 €", "£1.2k", "500 EUR"
_MONEY = (r"(?:(?:US\$|[$€£¥₹])\s*\d[\d.,]*\s*k?\b|\d[\d.,]*\s*k?\s*(?:[€£¥₹$]|(?:dollars?|bucks|euros?|"
          r"pounds?|quid|usd|eur|gbp|chf|yen|rupees?)\b))")
#: a budget ("under 1000 dollars", "for about €300") or a price question ("worth 89 euros", "worth it")
_BUDGET_RE = re.compile(
    r"\b(?:under|below|less than|cheaper than|up to|at most|max(?:imum)?|within|around|about|for|budget(?: of)?|"
    r"costs?|priced at|spend|paying|pay|"
    # German, French, Spanish, Italian, Dutch: "unter 800 €", "moins de 300 €", "menos de", "sotto i", "onder"
    r"unter|unterhalb von|bis zu|bis|höchstens|maximal|weniger als|für|budget von|um die|moins de|sous|"
    r"jusqu'à|au plus|pour|autour de|menos de|por debajo de|hasta|por|alrededor de|sotto(?: i| gli)?|meno di|"
    r"fino a|onder|minder dan|tot|voor|rond)\s+(?:about\s+|around\s+|only\s+|etwa\s+|environ\s+|unos\s+|"
    r"circa\s+|ongeveer\s+)?" + _MONEY
    + r"|\bworth\s+(?:(?:it|the money|buying|the price|the upgrade)\b|" + _MONEY + ")", re.IGNORECASE)
#: product-category nouns in German (compounds by their head: "Espressomaschine", "Akkusauger", "Funkkopfhörer"),
#: French, Spanish, Italian and Dutch, singular or plural
_PRODUCT_NOUN_I18N = (
    r"\w*(?:maschinen?|sauger|kopfhörer|fernseher|kameras?|drucker|lautsprecher|matratzen?|fahrräder|fahrrad|"
    r"kühlschränke?|trockner|wasserkocher|toaster|mixer|handys?|smartphones?|tastaturen|tastatur|mäuse|"
    r"kaffeemühlen?|espressomühlen?|beamer)|"
    r"machines?\s+(?:à|a)\s+(?:café|expresso|espresso|laver)|cafetières?|aspirateurs?|casques?|écouteurs|"
    r"ordinateurs?(?:\s+portables?)?|téléphones?|télévise?urs?|téléviseurs?|moulins?\s+à\s+café|imprimantes?|"
    r"enceintes?|matelas|vélos?|bouilloires?|grille-pain|lave-linge|lave-vaisselle|réfrigérateurs?|"
    r"cafeteras?|máquinas?\s+de\s+(?:café|espresso)|aspiradoras?|auriculares|portátil(?:es)?|teléfonos?|"
    r"móvil(?:es)?|televisor(?:es)?|molinillos?|impresoras?|altavo(?:z|ces)|colch(?:ón|ones)|bicicletas?|"
    r"lavadoras?|neveras?|frigoríficos?|"
    r"macchin[ae]\s+(?:da|per|del)\s+(?:caffè|espresso|caffe)|macchinett[ae]|aspirapolvere|cuffie|auricolari|"
    r"portatil[ei]|telefon[oi]|televisor[ei]|macinacaffè|stampant[ei]|altoparlant[ei]|materass[oi]|"
    r"bicicletta|biciclette|lavatric[ei]|frigorifer[oi]|"
    r"\w+machines?|koffiezetapparaten|koffiezetapparaat|stofzuigers?|koptelefoons?|oordopjes|telefoons?|"
    r"televisies?|koffiemolens?|luidsprekers?|matrassen|matras|fietsen|fiets|koelkasten|koelkast|"
    r"waterkokers?")
#: product-category nouns (singular or plural; multi-word ones first)
_PRODUCT_NOUN = (
    r"(?:robot(?:ic)?\s+vacuums?|vacuum(?:\s+cleaner)?s?|air\s+(?:purifier|fryer|conditioner)s?|"
    r"coffee\s+(?:maker|machine|grinder)s?|espresso\s+machines?|washing\s+machines?|dish\s?washers?|"
    r"fridges?|refrigerators?|freezers?|microwaves?|ovens?|kettles?|toasters?|blenders?|mixers?|dehumidifiers?|"
    r"heaters?|thermostats?|laptops?|notebooks?|chromebooks?|macbooks?|desktops?|(?:gaming\s+)?pcs?|"
    r"computers?|tablets?|ipads?|e-?readers?|kindles?|(?:smart)?phones?|iphones?|smartwatch(?:es)?|watch(?:es)?|"
    r"fitness\s+trackers?|headphones?|headsets?|earbuds?|earphones?|speakers?|soundbars?|amplifiers?|amps?|"
    r"receivers?|turntables?|microphones?|mics?|webcams?|cameras?|lens(?:es)?|tripods?|drones?|gimbals?|"
    r"monitors?|displays?|tvs?|televisions?|projectors?|printers?|scanners?|routers?|mesh\s+systems?|modems?|"
    r"keyboards?|mice|mouse|mouses|trackpads?|controllers?|consoles?|gpus?|graphics\s+cards?|cpus?|"
    r"processors?|motherboards?|ssds?|hard\s+drives?|hdds?|nas|power\s+banks?|chargers?|batter(?:y|ies)|"
    r"mattress(?:es)?|pillows?|sofas?|couches?|chairs?|desks?|strollers?|car\s+seats?|cars?|suvs?|e-?bikes?|"
    r"bikes?|bicycles?|scooters?|tires?|tyres?|shoes?|sneakers?|boots?|jackets?|backpacks?|suitcases?|"
    r"luggage|tents?|sleeping\s+bags?|sleeping\s+pads?|(?:camp(?:ing)?|backpacking|canister|portable)\s+stoves?|headlamps?|"
    r"flashlights?|lanterns?|water\s+filters?|guitars?|pianos?|keyboards?|synths?|grills?|lawn\s?mowers?|drills?|"
    r"tools?|razors?|shavers?|toothbrush(?:es)?|hair\s?dryers?|gadgets?|devices?|appliances?|" + _PRODUCT_NOUN_I18N
    + ")")
_PRODUCT_NOUN_RE = re.compile(r"\b" + _PRODUCT_NOUN + r"\b", re.IGNORECASE)
#: words that make the noun after them a kind of product ("cordless leaf blower", "wireless doorbell", "kabelloser
#: Laubbläser"): how it is powered or connected, whatever the noun; words that also name other things ("electric
#: eel", "smart city", "robotic mission") are left out
_PRODUCT_MODIFIER = (
    r"(?:cordless|corded|wireless|battery[- ]powered|gas[- ]powered|rechargeable|handheld|bluetooth|portable|"
    r"akku-?\w*|kabellose[nrs]?|sans\s+fil|inalámbric[oa]s?|senza\s+fili|draadloze?)")
#: "which cordless leaf blower": a product kind named by such a modifier and a noun or two after it
_MODIFIED_PRODUCT_RE = re.compile(r"\b" + r"(?:which|welche[rsnm]?|quel(?:le)?s?|cu[aá]l(?:es)?|qual[ei]|welke?)"
                                  r"\s+" + _PRODUCT_MODIFIER + r"\s+\w+", re.IGNORECASE)
#: "which robot vacuum has the longest battery life", "the best laptop for ...", "a quieter dishwasher" ("the most
#: popular car" is a fact question, not a buying one)
_SUPERLATIVE_RE = re.compile(
    r"\b(?:best|top[- ]rated|longest|lightest|quietest|cheapest|fastest|brightest|better|cheaper|lighter|quieter|"
    r"longer[- ]lasting|recommended|most\s+(?!popular|common|famous|widely|used|important|expensive|sold\b)\w+|"
    r"least\s+(?!popular|common|known)\w+|reliable|affordable|budget|"
    # German, French, Spanish, Italian, Dutch: "am leisesten", "die beste", "le plus silencieux", "el más barato",
    # "il più silenzioso", "het stilst", "de goedkoopste"
    r"am\s+\w+sten|beste[nrs]?|günstigste[nrs]?|billigste[nrs]?|meilleure?s?|(?:le|la|les)\s+(?:plus|moins)\s+\w+|"
    r"mejor(?:es)?|(?:el|la|los|las|lo)\s+(?:más|menos)\s+\w+|miglior[ei]|(?:il|la|i|le|gli)\s+(?:più|meno)\s+\w+|"
    r"(?:het|de)\s+(?:meest|minst)\s+\w+|(?:het|de)\s+\w{3,}ste?)\b", re.IGNORECASE)
#: a superlative of a product's spec: "the largest battery capacity", "the longest run time", "the highest
#: output", "the most lumens"; a superlative of something else ("the largest audience") is none, so that "Which TV
#: network has the largest audience?" stays a general question
_SPEC_SUPERLATIVE_RE = re.compile(
    r"\b(?:largest|biggest|highest|greatest|smallest|lowest|strongest|most|least|longest|shortest|best)\s+"
    r"(?:\w+\s+){0,2}?(?:battery|batteries|capacity|run\s?time|runtime|storage|screen|display|output|wattage|"
    r"lumens?|brightness|suction|torque|zoom|resolution|noise\s+level)\b", re.IGNORECASE)
#: "which" in German, French, Spanish, Italian and Dutch, before a product noun ("Welche Espressomaschine ...")
_WHICH = r"(?:which|welche[rsnm]?|quel(?:le)?s?|cu[aá]l(?:es)?|qu[eé]|qual[ei]|welke?)"


#: the words of a budget phrase (:data:`_BUDGET_RE`) that set a buyer's limit by themselves ("under $300",
#: "worth 89 euros", "unter 800 €"); the others ("for $300", "a budget of $300", "costs $300") are a purchase's only
#: in a purchase context ("a monitor for 300 €": :func:`_purchase_context`)
_LIMIT_WORDS = frozenset({"under", "below", "less", "cheaper", "up", "at", "max", "maximum", "within", "worth",
                          "unter", "unterhalb", "bis", "höchstens", "maximal", "weniger", "moins", "sous", "jusqu'à",
                          "au", "menos", "debajo", "hasta", "sotto", "meno", "fino", "onder", "minder", "tot"})


#: a model's designation in a product's name: a product-line word ending it ("Kestrel Flame Mini", "Pixel 8 Pro",
#: "Brasko Blaze X Ultra"), a token mixing capitals and digits ("WH-1000XM5", "Lumen X3", "Brewlite T2") or one
#: capital letter after a brand and a line name ("Influx Volt S", "Brasko Blaze X"); a letter after one name word
#: ("Malcolm X", "Generation X") or the pronoun "I" is none
_MODEL_NAME = (r"(?:(?:[A-Z][\w-]*\s+){1,4}?(?:(?:[\w-]+\s+)?(?:Mini|Pro|Max|Plus|Ultra|Lite|Air|SE|XL)|"
               r"[A-Z]*[A-Z][\w-]*\d[\w-]*|[A-Z]+\d+[A-Z\d]*)(?!\w)|"
               r"(?:[A-Z][\w-]*\s+){2,4}?[A-HJ-Z](?![\w-]|\.\w))")
#: a model's name as a user may type it, in any case ("iphone 15 pro", "iPhone 15 Pro", "galaxy s24 ultra", "sony
#: wh-1000xm5"): one to three words, then a designation no plain phrase has: a number with a product-line word after
#: it ("15 pro", "8 plus") or a token mixing letters and digits ("s24", "wh-1000xm5") after a name word; a bare
#: line word ("the hot air", "a max") or a bare number ("in 2023") is none
_MODEL_NAME_ANY_CASE = (r"(?i:(?:[^\W\d_][\w-]*\s+){1,3}?(?:\d+\s+(?:mini|pro|max|plus|ultra|lite|air|se|xl)|"
                        r"[^\W\d_][\w-]*?\d[\w-]*)(?:\s+(?:mini|pro|max|plus|ultra|lite|air|se|xl))?)(?!\w)")
#: a part of a product whose figure a buyer asks ("the battery on the ...", "the screen of the ...", "the water tank
#: in the ...")
_PRODUCT_PART = (r"(?:batter(?:y|ies)(?:\s+pack)?|screen|display|sensor|storage|memory|ram|(?:water\s+)?tank|"
                 r"reservoir|motor|engine|fan|lens|zoom|charger|cable|cord|hose|(?:dust\s+)?bin|blade|drive|ssd|"
                 r"speakers?|camera|bowl|jug|basket)")
#: a question asking a figure of such a model, in the present tense: "How much does the Kestrel Flame Mini weigh?",
#: "How heavy is the Lumen X3?", "What is the battery life of the Sony WH-1000XM5?", or a figure of one of its parts
#: (:data:`_PRODUCT_PART`): "How big is the battery on the Influx Volt S?", "How long does the battery of the Lumen
#: X3 last?", "What's the screen size of the Pixel 8 Pro?"; or how much of a figure it has: "How much torque does the
#: Voltrex V12 have?"
_MODEL_SPEC_RE = re.compile(
    r"\b(?i:how\s+(?:much|long|big|heavy|loud|fast|bright|tall|wide|large|powerful)\s+(?:does|do|is|are)\s+"
    r"(?:the\s+)?(?:(?:\w+\s+){0,2}?" + _PRODUCT_PART + r"\s+(?:on|of|in|inside)\s+(?:the\s+)?)?)"
    rf"(?:{_MODEL_NAME}|{_MODEL_NAME_ANY_CASE})|\b(?i:(?:what|which)(?:\s+(?:is|are)|['’]s)\s+the\s+"
    r"(?:\w+\s+){0,2}?(?:weight|price|cost|dimensions|size|capacity|battery\s+life|range|output|wattage|"
    r"boil\s+time|run\s*time|" + _PRODUCT_PART + r")\s+(?:of|on|in)\s+(?:the\s+)?)"
    rf"(?:{_MODEL_NAME}|{_MODEL_NAME_ANY_CASE})"
    # "How much torque does the Voltrex V12 have?", "How many lumens does the Lumen X3 put out?"
    r"|\b(?i:how\s+(?:much|many)\s+(?:[^\W\d_][\w-]*\s+){1,2}?(?:does|do|is|are|can|will)\s+(?:the\s+)?)"
    rf"(?:{_MODEL_NAME}|{_MODEL_NAME_ANY_CASE})")
#: a choice between two named models ("iphone 15 pro or pixel 8?", "Galaxy S24 vs iPhone 15"): a buyer's comparison
_MODEL_CHOICE_RE = re.compile(rf"(?:{_MODEL_NAME}|{_MODEL_NAME_ANY_CASE})\s+(?i:or|vs\.?|versus)\s+(?i:the\s+)?"
                              rf"(?:{_MODEL_NAME}|{_MODEL_NAME_ANY_CASE}|(?i:[^\W\d_][\w-]*\s+)\d+\b)")

#: a product's name as a buyer writes it when the kind is left out: one to four capitalised words, the last a model
#: designation ("Pennick Aerodry 16", "Halvoric DryMate 20", "Pace 5", "Lumen X3"): a number, or a token mixing
#: capitals and digits; a name with no digit ("Tokyo Tower", "Henry VIII") is none
_NUMBERED_NAME = r"(?:[A-Z][\w-]*\s+){1,4}?(?:\d[\w-]*|[A-Z][\w-]*\d[\w-]*)(?![\w-])"
#: two such names side by side in a choice: "the Pennick Aerodry 16 and the Halvoric DryMate 20", "Pace 5 or X2",
#: "Pace 5 vs. the Forerunner 265"
_NUMBERED_PAIR_RE = re.compile(rf"(?:{_NUMBERED_NAME}|{_MODEL_NAME})\s*(?i:,?\s*(?:and|or|vs\.?|versus)|,)\s+"
                               rf"(?i:the\s+)?(?:{_NUMBERED_NAME}|{_MODEL_NAME})")
#: "which (one) ... more / better / higher / longer ...": a question asking which of two things ranks above the
#: other by a measure; "which came first" asks an order in time, no measure
_WHICH_COMPARATIVE_RE = re.compile(
    r"\bwhich\b(?:\s+\S+){0,10}?\s+(?:more|less|fewer|better|worse|higher|lower|longer|shorter|faster|slower|"
    r"quieter|louder|lighter|heavier|cheaper|brighter|bigger|larger|smaller|stronger|warmer|cooler)\b",
    re.IGNORECASE)


def _compares_named_products(question: str) -> bool:
    """Whether ``question`` asks which of two product-like names (:data:`_NUMBERED_PAIR_RE`: capitalised words
    ending in a model number, "the Pennick Aerodry 16 and the Halvoric DryMate 20") ranks above the other by a
    measure (:data:`_WHICH_COMPARATIVE_RE`: "which one pulls more moisture"): a buyer's comparison though no
    product kind is named. Names with no digit ("the Rhine or the Danube", "Henry VIII or Francis I") and an
    order in time ("Which came first, Windows 95 or Mac OS 8?") are none."""
    return bool(_NUMBERED_PAIR_RE.search(question) and _WHICH_COMPARATIVE_RE.search(question))


def _asks_model_spec(question: str) -> bool:
    """Whether ``question`` asks a figure of a product model it names (:data:`_MODEL_SPEC_RE`: "How much does the
    Kestrel Flame Mini actually weigh?", a name carrying a model designation): a buyer's spec question. A name
    without one ("How much does the Eiffel Tower weigh?") or a question in the past tense is not one."""
    return bool(_MODEL_SPEC_RE.search(question))


def _purchase_context(question: str) -> bool:
    """Whether ``question`` names a product category (:data:`_PRODUCT_NOUN_RE`, :data:`_PRODUCT_RE`) or an
    intent to buy (:data:`_BUY_INTENT_RE`): what makes a price, budget, deal or review word a shopping one."""
    return bool(_PRODUCT_NOUN_RE.search(question) or _PRODUCT_RE.search(question) or _BUY_INTENT_RE.search(question))


def _asks_budget(question: str) -> bool:
    """Whether ``question`` gives a buyer's budget (:data:`_BUDGET_RE`): a limit ("under $300", "worth 89 euros",
    "unter 800 €") alone in a request (:func:`_is_request`), any other amount phrase ("for $300", "a budget of
    £300", "costs 40 dollars") only in a purchase context (:func:`_purchase_context`)."""
    found = [{w.casefold() for w in m.group(0).split()} for m in _BUDGET_RE.finditer(question)]
    if found and _purchase_context(question):
        return True
    # a limit in a statement is a figure of its own ("can save up to $750 million if ..."), no buyer's budget
    return any(words & _LIMIT_WORDS for words in found) and _is_request(question)


def is_buying_question(question: str) -> bool:
    """Whether ``question`` asks what to buy: a budget or price with a currency ("under 1000 dollars", "worth 89
    euros"), buying intent ("should I buy/get", "worth buying"), or a product-category noun (laptop, robot
    vacuum, keyboard ...) asked about by a comparison or superlative ("which robot vacuum has the longest battery
    life", "best laptop for programming", "Sony or Bose headphones") or asked to choose ("which laptop for
    video editing?"); a kind of product a word of power or connection names ("which cordless leaf blower is the
    lightest to carry?": :data:`_MODIFIED_PRODUCT_RE`) asked about by a superlative is one too. A question with
    neither money nor a product noun is not one ("which country has the longest coastline"), nor is a product noun
    alone ("what does a graphics card do?"), nor a fact of the past (:func:`asks_past_fact`: "which cordless phone
    was invented first?")."""
    if _asks_budget(question):
        return True
    if asks_past_fact(question):
        return False
    noun = _PRODUCT_NOUN_RE.search(question)
    if _MODIFIED_PRODUCT_RE.search(question) and (
            _SUPERLATIVE_RE.search(question) or _SPEC_SUPERLATIVE_RE.search(question)):
        return True  # "Which cordless leaf blower is the lightest to carry?", "Which portable power station has the
        # largest battery capacity?"
    if noun is None:
        return bool(_BUY_INTENT_RE.search(question) and re.search(r"\b(buy|purchase|worth)\b", question, re.I))
    return bool(_BUY_INTENT_RE.search(question) or _SUPERLATIVE_RE.search(question)
                or re.search(r"\b" + _WHICH + r"\s+(?:\w+\s+){0,2}" + _PRODUCT_NOUN + r"\b", question, re.IGNORECASE)
                or _VS_RE.search(question) or re.search(r"\b[A-Z][\w-]*\s+or\s+(?:the\s+)?[A-Z]", question))


#: a question about what happened to a thing, not what to buy now: its verb in a past tense ("was invented", "were
#: first sold", "did ... introduce", "had"), in English, German, French, Spanish, Italian and Dutch ("wurde erfunden",
#: "a été inventé", "fue inventado", "fu inventato", "werd uitgevonden"); testers' verdicts ("was rated", "were
#: reviewed", "did ... recommend") are a buyer's evidence and are left out
_PAST_FACT_RE = re.compile(
    r"\b(?:was|were|did|had|wurden?|(?:a|ont)\s+été|fue(?:ron)?|fu(?:rono)?|werd(?:en)?)\b"
    r"(?!(?:\s+\w+){0,4}?\s+(?:rated|reviewed|tested|recommended?|ranked|voted|named\s+best|chosen|picked)\b)",
    re.IGNORECASE)


#: a tester's or reviewer's finding ("in your tests", "in reviews", "benchmarks"): a past tense about it is a buyer's
#: evidence ("Which laptop had the best battery life in your tests?")
_TESTED_RE = re.compile(r"\b(?:tests?|tested|testers?|reviews?|reviewers?|ratings?|benchmarks?)\b", re.IGNORECASE)


def asks_past_fact(question: str) -> bool:
    """Whether ``question`` asks a fact of the past (:data:`_PAST_FACT_RE`: "Which cordless phone was invented
    first?", "When did Sony release its first Walkman?") and has no buyer's budget or intent to buy
    (:func:`_asks_budget`, :data:`_BUY_INTENT_RE`) nor a tester's finding (:data:`_TESTED_RE`): a history question
    about a kind of product is a general one, whatever product noun it names."""
    return bool(_PAST_FACT_RE.search(question)) and not _asks_budget(question) \
        and not _BUY_INTENT_RE.search(question) and not _TESTED_RE.search(question)


#: the words of :data:`_SHOP_RE` that a statement about an economy or a study uses too ("since they're cheap to
#: run", "buying electricity from companies", "save up to $750 million"): a buyer's only in a request
_SHOP_WEAK = frozenset({"buy", "buying", "cheap", "cheapest"})
#: the first words of a question or request ("Where can I buy ...", "Find me a cheap ...", "Recommend ...")
_REQUEST_START_RE = re.compile(
    r"^\W*(?:what|which|where|how|why|should|can|could|would|will|is|are|do|does|did|any|find|recommend|"
    r"suggest|show|compare|list|help|looking|i|i'm|im|me|best|top|good|cheap|cheapest|buy)\b", re.IGNORECASE)
#: a search-box query has at most this many words ("cheap flights to lisbon in may"); a longer text that neither
#: asks nor requests is a statement
QUERY_WORDS = 8


def _is_request(text: str) -> bool:
    """Whether ``text`` asks or requests something: a question mark, a question's or request's first word
    (:data:`_REQUEST_START_RE`) or a search query's few words (:data:`QUERY_WORDS`); a claim stated in a longer
    sentence ("Preventing global warming is relatively cheap; ...") is none."""
    return text.rstrip().endswith("?") or bool(_REQUEST_START_RE.match(text)) \
        or len(text.split()) <= QUERY_WORDS


def _shop_words(question: str) -> bool:
    """Whether ``question`` has a word asking about buying by itself (:data:`_SHOP_RE`); one a statement uses too
    (:data:`_SHOP_WEAK`, a bare amount of money "$5 billion" that no limit word sets as a budget) counts only in a
    request (:func:`_is_request`) or a purchase context (:func:`_purchase_context`): a science or economics claim
    with "cheap", "buy" or a dollar amount is a general one."""
    for m in _SHOP_RE.finditer(question):
        word = m.group(0).lower()
        if word not in _SHOP_WEAK and not word.startswith("$"):
            return True
        if _is_request(question) or _purchase_context(question):
            return True
    return False


#: what a device's (not a program's) "runtime" is said of: a battery, a charge, a setting ("on high"), a product
#: named by a model number ("Brennix Beam 800") or a kind of product (:data:`_PRODUCT_NOUN_RE`)
_DEVICE_RUNTIME_RE = re.compile(
    r"\b(?:battery|batteries|charges?|charging|charged|mah|lumens?|hours?|on (?:high|low|medium|max|eco|turbo|full))\b|"
    r"(?-i:\b[A-Z][a-z]+(?: [A-Z][a-z]+)* \d{2,5}\b)", re.IGNORECASE)


def _device_runtime(question: str) -> bool:
    """Whether ``question``'s "runtime" is a device's: said of a battery, a charge, a setting or a product
    (:data:`_DEVICE_RUNTIME_RE`) with no software context (:data:`_SOFTWARE_CONTEXT_RE`, a sign of code):
    "What is the runtime of the Brennix Beam 800 on high?" is no code question, "Which Python runtime ..." is one
    by its other words (:data:`_CODE_RE`)."""
    return bool((_DEVICE_RUNTIME_RE.search(question) or _PRODUCT_NOUN_RE.search(question))
                and not _SOFTWARE_CONTEXT_RE.search(question) and not _CODE_SIGN_RE.search(question))


def _classify_domain(question: str) -> str:
    """The question's domain: "code" (a programming word, "runtime" not of a device: :func:`_device_runtime`,
    "library" with software context and not an institution, a package named as one, or a package-like name asked
    to be used as the question says: :func:`shared.text.licences.asks_licence_use`), "shopping" (buying, prices, reviews, product comparisons: :func:`is_buying_question`; a budget
    in money or buying intent wins over a programming word, "which laptop should I get for Python under $1000";
    a price, budget, deal or review word needs a product or buying context: "the annual budget of the Wexmoor
    Choral Society in 1925" is general; a fact of the past about a kind of product is general:
    :func:`asks_past_fact`) or "general"."""
    if _asks_budget(question) or (_BUY_INTENT_RE.search(question) and _PRODUCT_NOUN_RE.search(question)):
        return "shopping"
    if any(m.group(0).casefold() != "runtime" for m in _CODE_RE.finditer(question)) or (
            _CODE_RE.search(question) and not _device_runtime(question)):
        return "code"
    if _CODE_WEAK_RE.search(question) and (_CODE_SIGN_RE.search(question) or any(
            m.group(1).lower() not in _SCIENCE_TOO for m in _SOFTWARE_CONTEXT_RE.finditer(question))):
        return "code"  # "Why does my function return None?", "What does KeyError mean?", "a React hook's state"
    if _LIBRARY_RE.search(question) and _SOFTWARE_CONTEXT_RE.search(question) and not is_library_institution(question):
        return "code"
    if names_package(question) or asks_licence_use(question):  # "Can we run geohashx in our SaaS ...?"
        return "code"
    if asks_past_fact(question):  # "Which cordless phone was invented first?": history, not a purchase
        return "general"
    if (_shop_words(question) or (_SHOP_CONTEXT_WORD_RE.search(question) and _purchase_context(question))
            or (_VS_RE.search(question) and _PRODUCT_RE.search(question)) or is_buying_question(question)
            or _asks_model_spec(question) or _MODEL_CHOICE_RE.search(question)
            or _compares_named_products(question)):
        return "shopping"
    return "general"


#: a name given in code marks or quotes (`` `reqests` ``, "tempora-fmt"): one word, taken as written
_CODE_SPAN_RE = re.compile(r"`([^`\s]{2,80})`|[\"“']([A-Za-z0-9@][A-Za-z0-9@/._+-]{1,80})[\"”']")
#: a word that may be spelled like an identifier ("PyYAML", "py3o", "ruamel.yaml": :func:`exact_names` decides)
_IDENTIFIER_RE = re.compile(r"(?<![\w@/.-])(@?[A-Za-z][A-Za-z0-9]*(?:[._@/-]?[A-Za-z0-9]+)*)(?![\w@/-])")


def exact_names(question: str) -> dict[tuple[str, ...], str]:
    """The tokens of each name a search must keep whole -> the name as the question writes it: a name in
    backticks or quotes (`` `reqests` ``: never the token "reqest" that strips its plural "s"; ``"tempora-fmts"``:
    never "tempora fmt") and a word spelled like an identifier (a digit, "_", "@", an inner "." or "-" in it, or a
    capital inside it: ``PyYAML``, ``py3o``, ``ruamel.yaml``), or a typing slip of a popular package's name
    (:func:`_misspelt_package`: "requets"), or a name the question calls a package or asks about as one
    (:func:`shared.text.packages.package_names`, :func:`shared.text.packages.slot_names`: "the trailtags Python
    library", never "trailtag"). Only names whose tokens (:func:`tokenize`) differ from the name are returned."""
    names = [m.group(1) or m.group(2) for m in _CODE_SPAN_RE.finditer(question)]
    names += [w for w in _IDENTIFIER_RE.findall(question)
              if re.search(r"[0-9_@]|\w[.-]\w", w) or any(ch.isupper() for ch in w[1:]) and not w.isupper()]
    names += [w for w in _IDENTIFIER_RE.findall(question) if _misspelt_package(w)]
    # a name the question calls a package or puts in a package's slot ("the trailtags Python library", "Is quiltags
    # still maintained?"): never stemmed (a package named "<name>s" is searched as written, never as "<name>")
    names += package_names(question) + slot_names(question)
    out: dict[tuple[str, ...], str] = {}
    for name in names:
        name = name.strip(".,;:!?()")
        tokens = tuple(tokenize(name))
        if tokens and tokens != (name.lower(),):
            out.setdefault(tokens, name)
    return out


def _misspelt_package(word: str) -> bool:
    """Whether ``word`` is a typing slip away from a popular package's name ("requets" of "requests") and no plain
    English word: a name the question asks about as written, so a search keeps its spelling (never "requet")."""
    from shared.text.packages import ECOSYSTEMS, is_plain_english, lookalike

    if len(word) < 5 or not word.isalpha() or is_plain_english(word):
        return False
    return any((found := lookalike(e, word)) is not None and found[1] == "typo" for e in ECOSYSTEMS)


def _with_names(terms: list[str], exact: dict[tuple[str, ...], str]) -> list[str]:
    """``terms`` with each run of a name's tokens replaced by the name as written (:func:`exact_names`)."""
    out = list(terms)
    for tokens, name in sorted(exact.items(), key=lambda kv: -len(kv[0])):
        n = len(tokens)
        for i in range(len(out) - n + 1):
            if tuple(out[i:i + n]) == tokens:
                out[i:i + n] = [name]
                break
    return out


#: an English question that asks whether a product is worth having ("Is the X worth it?", "Should I avoid the X?",
#: "Is the X any good?", "Should I buy the X?"): its model's reviews are searched for (:func:`plan`)
_JUDGED_RE = re.compile(r"\b(?:worth|avoid|any\s+good|reliable|should\s+i\s+(?:buy|get|avoid))\b", re.IGNORECASE)

#: key terms of a buying question that judge rather than name the product ("best", "good", "top")
_JUDGEMENT_TERMS = frozenset("best good great top better recommended recommend ideal worth".split())


def plan(question: str, *, depth: str = "standard") -> Plan:
    """Make a keyword research plan for ``question``.

    Sub-queries, in order: (1) all key terms of the question; (2) each quoted title or
    capitalised phrase (named entity) found in the question, multi-word/quoted first;
    (3) an English shopping question asking whether the one product it names in several words is worth it (or to
    avoid, any good, reliable), "<name> review" (:data:`_JUDGED_RE`); (4) adjacent pairs of the remaining key terms. The count is capped by depth (quick 2-3, standard 3-5, deep 5-6); fewer are
    returned only when the question has too few key terms to build distinct queries.

    Args:
        question: the user question (any language; may be empty).
        depth: "quick", "standard" or "deep" (unknown values behave like "standard").

    Returns:
        :class:`Plan`; ``sub_queries`` is empty only if the question has no content token.
    """
    lo, hi = _DEPTH_RANGE.get(depth, _DEPTH_RANGE["standard"])
    # "In what year did the opening of X take place?" is searched as "... did X open?": a page states the verb
    # (shared.text.synonyms.event_as_verb), and "opening take" finds nothing of the event
    question = event_as_verb(question)
    language = detect_language(question)
    stops = language_stopwords(language)
    # a code question's package name keeps its exact form ("reqests", not "reqest")
    exact = exact_names(question) if _classify_domain(question) == "code" else {}
    terms = _with_names([t for t in key_terms(question) if not _is_stop(t, stops)], exact)
    queries: list[str] = []
    seen_keys: set[tuple[str, ...]] = set()

    def add(q: str) -> None:
        q = " ".join(q.split())
        if not q:
            return
        key = tuple(sorted(set(tokenize(q))))
        if not key or key in seen_keys:
            return
        seen_keys.add(key)
        queries.append(q)

    if terms:
        add(" ".join(terms))
    entities = [e for e in (_trim_stopwords(e, stops) for e in find_entities(question)) if e]
    entities = [e for e in entities if searchable(e, question)]
    entity_tokens: set[str] = {t for e in entities for t in tokenize(e)}
    rest = [t for t in terms if not set(tokenize(t)) & entity_tokens]
    # quoted titles and multi-word names first, then single capitalised words
    ranked_entities = sorted(
        entities, key=lambda e: (0 if len(tokenize(e)) > 1 or e in _quoted(question) else 1)
    )
    for ent in ranked_entities:
        if len(queries) >= hi:
            break
        add(ent)
    named = [e for e in entities if len(e.split()) > 1]
    if language == "en" and len(named) == 1 and _classify_domain(question) == "shopping" and _JUDGED_RE.search(question):
        add(f"{named[0]} review")  # "Is the Korda PulseOne worth it?": a review rates it, and need not say "worth"
    pool = rest if len(rest) >= 2 else terms
    if _classify_domain(question) == "shopping":  # "best front bike light": the pairs name the product ("bike
        # light"), never a judgement word with a modifier ("best front"), which finds pages about anything
        judged = [t for t in pool if t not in _JUDGEMENT_TERMS]
        pool = judged if len(judged) >= 2 else pool
    money = _money_tokens(question)  # "kettle 60", "60 eur": an amount torn from its noun finds nothing
    pool = [t for t in pool if t not in money] if len([t for t in pool if t not in money]) >= 2 else pool
    for a, b in zip(pool, pool[1:]):
        if len(queries) >= max(lo, min(hi, 1 + len(entities) + 2)):
            break
        add(f"{a} {b}")
    if len(queries) < lo:
        for i, a in enumerate(terms):
            for b in terms[i + 2 :]:
                if len(queries) >= lo:
                    break
                if a not in money and b not in money:
                    add(f"{a} {b}")
        for a in terms:
            if len(queries) >= lo:
                break
            if searchable(a, question):
                add(a)
    return Plan(
        sub_queries=queries[:hi],
        domain=_classify_domain(question),
        language=language,
    )


#: a word in capitals only, up to five letters: a code or acronym ("EUR", "CSV", "INI", "TOML", "USB")
_ACRONYM_RE = re.compile(r"[A-Z]{2,5}")


def searchable(query: str, question: str) -> bool:
    """Whether ``query`` is a phrase a web search can find the question's sources by: two or more content tokens,
    or one word that names something by itself: a quoted title ("Counterparts"), a name spelt like an identifier
    (:func:`exact_names`: "PyYAML"), a name the question capitalises ("Kenya", "Otto") or a word of no language
    ("tomlkit"). Never a number alone, nor one word that is a code or acronym in capitals ("EUR", "CSV", "BBC": :data:`_ACRONYM_RE`), a
    language or its tools ("Python", "npm"), a common word ("first", "config") nor a common word capitalised only
    because it opens the question ("Best" of "Best e-bike lock under 100 EUR?"): alone, each finds pages about
    anything. The word is judged as the question writes it."""
    from shared.text.packages import is_plain_english

    q = query.strip()
    if len(tokenize(q)) >= 2 or q in _quoted(question) or q in exact_names(question).values():
        return True
    if not tokenize(q) or not any(ch.isalpha() for ch in q):  # "100": a number alone
        return False
    found = re.search(r"(?<!\w)" + re.escape(q) + r"(?!\w)", question, re.IGNORECASE)
    written = found.group(0) if found else q
    if _ACRONYM_RE.fullmatch(written) or ECOSYSTEM_CONTEXT_RE.fullmatch(written):
        return False
    plain = is_plain_english(written)
    if written[:1].islower():
        return not plain
    opening = _WORD_RE.search(question)
    return not (plain and opening is not None and opening.start() == (found.start() if found else -1))


def _money_tokens(question: str) -> set[str]:
    """The tokens of the question's amounts of money ("under 60 EUR" -> {"60", "eur"}: :data:`_MONEY`)."""
    return {t for m in re.finditer(_MONEY, question, re.IGNORECASE) for t in tokenize(m.group(0))}


def _is_stop(token: str, stops: frozenset[str]) -> bool:
    """Whether a (lower-cased, lightly stemmed: "menos" -> "meno") token is one of ``stops``, an elided one by its
    parts ("qu'est": :func:`shared.text.tokens.is_function_word`)."""
    return is_function_word(token, stops)


def _trim_stopwords(entity: str, stops: frozenset[str]) -> str:
    """``entity`` without the function words of the question's language at either end ("Welche Espressomaschine"
    -> "Espressomaschine", "Quelle" -> ""); a quoted title or a name with none is unchanged."""
    if not stops:
        return entity
    words = entity.split()

    def stop(word: str) -> bool:  # "Qu'est-ce": each part of a hyphened, elided word
        return all(is_function_word(p, stops) for p in word.casefold().split("-") if p)

    while words and stop(words[0]):
        words.pop(0)
    while words and stop(words[-1]):
        words.pop()
    return " ".join(words)


