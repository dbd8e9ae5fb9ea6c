"""Group sizes in a question and the size ranges a price row is for (no model, English rules).

- :func:`asked_group` reads the size of a group a question asks about ("How much does a group of 12 adults pay?" ->
  12 adults; "What does entry cost for a party of eight?" -> 8).
- :func:`group_range_fits` tells whether a sentence (a price row: "Groups of 10 or more adults: £6.00 per person")
  gives a range of group sizes ("10 or more", "10+", "up to 20", "5-9", "under 16") that a size falls into, the range
  said of the group or of what the question counts.
- :func:`variant_rate` tells whether a price sentence is for a group, a family or a reduced rate the question does not
  ask ("group day pass (10 or more adults)" is no adult's day pass).
- :func:`price_change` reads a sentence stating that a price changes or changed ("will cost 16 EUR instead of 14 EUR",
  "will rise from 11 EUR to 12.50 EUR", "£5.20, up from £4.80"): the old and the new sum.
- :func:`paid_by_payer` tells whether a sentence states a price by who pays it alone ("Groups of 10 or more pay
  4.50 euros per person"), saying nothing of what it is the price of.
- :func:`per_head_total` gives the total a per-person price comes to for a group ("£6.00 per person" for 12:
  "£72.00"), read with ``price_parser``.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import NamedTuple

from price_parser import Price

from shared.text.numbers import NUMBER_WORD_PATTERN, phrase_value
from shared.text.relations import same_stem
from shared.text.tokens import COORDINATE_BREAK_RE, tokenize

__all__ = ["Group", "Party", "VARIANT_RATE_WORDS", "asked_group", "asked_party", "group_range_fits", "kind_prices",
           "party_total", "per_head_total", "price_change",
           "paid_by_payer", "price_label", "sum_amounts", "variant_rate"]

#: nouns naming a group of people, the size of which a price row may be for
GROUP_NOUNS = frozenset(tokenize("group groups party parties class classes team teams booking bookings people person "
                                 "persons members visitors guests"))
#: a number as digits or words ("12", "twelve", "twenty five")
_NUMBER = rf"(?:\d{{1,4}}|{NUMBER_WORD_PATTERN}(?:[\s-]+{NUMBER_WORD_PATTERN})*)"
#: the group a question asks about: "a group of 12 adults", "a party of eight", "for 12 people", "12 adults"
_GROUP_RE = re.compile(
    rf"\b(?P<said>(?:an?\s+)?(?:group|party|class|team|booking)\s+of\s+(?P<n1>{_NUMBER})(?:\s+(?P<noun1>[a-z]+))?)"
    rf"|\bfor\s+(?P<said2>(?P<n2>{_NUMBER})\s+(?P<noun2>people|persons|adults|children|kids|students|pupils|guests|"
    rf"visitors|seniors|members))\b", re.IGNORECASE)
#: people counted in a question that says they pay as one group: "15 adults pay together", "what do 6 students pay
#: as a group", "12 people ... for a group visit", "8 guests in total"
_COUNTED_RE = re.compile(
    rf"\b(?P<said>(?P<n>{_NUMBER})\s+(?P<noun>people|persons|adults|children|kids|students|pupils|guests|visitors|"
    rf"seniors|members))\b", re.IGNORECASE)
#: the words saying the people counted pay as one group: "together", "as a group", "in total", "for a group visit"
_AS_ONE_RE = re.compile(r"\b(?:together|altogether|combined|in\s+total|as\s+a\s+(?:group|party)|"
                        r"(?:for|on|with)\s+an?\s+(?:group|party)(?:\s+(?:visit|ticket|booking|tour|rate))?)\b",
                        re.IGNORECASE)
#: a range of sizes: "10 or more", "10+", "at least 10", "more than 9", "up to 20", "5-9", "5 to 9", "under 16"
_RANGE_RE = re.compile(
    r"(?P<low>\d{1,4})\s*(?:or\s+more|or\s+over|and\s+(?:over|above|more|up)|\+)"
    r"|(?:at\s+least|minimum(?:\s+of)?|min\.?)\s+(?P<least>\d{1,4})"
    r"|(?:more\s+than|over|above)\s+(?P<over>\d{1,4})"
    r"|(?:up\s+to|at\s+most|maximum(?:\s+of)?|max\.?|no\s+more\s+than)\s+(?P<most>\d{1,4})"
    r"|(?:under|fewer\s+than|less\s+than|below)\s+(?P<under>\d{1,4})"
    r"|(?P<from>\d{1,4})\s*(?:-|–|to)\s*(?P<to>\d{1,4})(?!\s*(?:%|:|\d))", re.IGNORECASE)
#: how far (characters) from a range a group noun or the counted noun may stand to make it a range of group sizes
GROUP_REACH = 24
#: a price said per person: "per person", "per head", "each", "pp", "per adult"
_PER_HEAD_RE = re.compile(r"^\s*(?:per\s+(?:person|head|adult|child|guest|visitor|member|pupil|student)|each|pp|p\.p\.|"
                          r"a\s+(?:person|head))\b", re.IGNORECASE)
#: a price said per person before its sum, in the clause the sum ends: "per person ticket price €7.50", "price per
#: person: €7.50", "per head €6", "Groups of 10 or more (per person): price £4.50"
_PER_HEAD_BEFORE_RE = re.compile(r"\bper\s+(?:person|head|adult|child|guest|visitor|member|pupil|student)\b"
                                 r"\)?\s*[:=]?(?:\s+[a-z]+){0,3}\s*[:=]?\s*$", re.IGNORECASE)
#: a sum of money with its currency sign or code ("£6.00", "6,50 €", "EUR 12", "$12")
_MONEY_RE = re.compile(r"(?:[£$€¥]|\b(?:EUR|USD|GBP|CHF)\s?)\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:[.,]\d+)?\s?(?:[€£$]|"
                       r"\b(?:EUR|USD|GBP|CHF)\b)")


class Group(NamedTuple):
    """The group a question asks about: ``size`` (people), ``noun`` (what it counts, lower case: "adults"; "" when
    unsaid) and ``said`` (the words the question says it in: "a group of 12 adults")."""

    size: int
    noun: str
    said: str


def asked_group(question: str) -> Group | None:
    """The group a question asks about ("How much does a group of 12 adults pay for entry?" -> Group(12, "adults",
    "a group of 12 adults"); "What do tickets cost for 4 people?" -> Group(4, "people", "4 people"); "How much do 15
    adults pay together for a group visit?" -> Group(15, "adults", "15 adults"), the people counted said to pay as one
    group, :data:`_AS_ONE_RE`), or None when it names no group size (two or more people). Never raises."""
    text = " ".join((question or "").split())
    for m in _GROUP_RE.finditer(text):
        raw = m.group("n1") or m.group("n2") or ""
        size = int(raw) if raw.isdigit() else phrase_value(raw.replace("-", " "))
        if size is None or size < 2:
            continue
        noun = (m.group("noun1") or m.group("noun2") or "").lower()
        if noun and not (re.fullmatch(r"[a-z]+s", noun) or noun == "people"):  # "a group of 12 for entry": none
            noun = ""
        said = m.group("said") or m.group("said2") or ""
        if not noun:
            said = re.sub(r"\s+[a-z]+$", "", said) if m.group("noun1") else said
        return Group(size, noun, said)
    if _AS_ONE_RE.search(text):
        for m in _COUNTED_RE.finditer(text):
            raw = m.group("n")
            size = int(raw) if raw.isdigit() else phrase_value(raw.replace("-", " "))
            if size is not None and size >= 2:
                return Group(size, m.group("noun").lower(), m.group("said"))
    return None


def group_range_fits(sentence: str, group: Group) -> bool:
    """Whether ``sentence`` gives a range of group sizes (:data:`_RANGE_RE`: "10 or more", "10+", "up to 20", "5-9",
    "under 16") that ``group.size`` falls into, the range said of a group (a word of :data:`GROUP_NOUNS` within
    :data:`GROUP_REACH` characters: "Groups of 10 or more adults") or of the noun the question counts ("10+
    adults"). "Child (under 16)" is no range of a group of 12 adults: an age, said of another noun. Never raises."""
    wanted = [*GROUP_NOUNS, *tokenize(group.noun)]
    for m in _RANGE_RE.finditer(sentence or ""):
        near = tokenize(sentence[max(0, m.start() - GROUP_REACH):m.end() + GROUP_REACH])
        if not any(same_stem(w, g) for w in near for g in wanted):
            continue
        g = {k: int(v) for k, v in m.groupdict().items() if v}
        low, high = 0, 10 ** 6
        if "low" in g or "least" in g:
            low = g.get("low", g.get("least", 0))
        elif "over" in g:
            low = g["over"] + 1
        elif "most" in g:
            high = g["most"]
        elif "under" in g:
            high = g["under"] - 1
        else:
            low, high = g["from"], g["to"]
        if low <= group.size <= high:
            return True
    return False


#: words naming a rate for other buyers than the one person a plain price is for: a group ("group day pass",
#: "Groups of 10 or more adults pay ..."), a family ("Family (2 adults + 3 children)"), a reduced or concession rate
#: (tokens: plurals fold to their singular)
VARIANT_RATE_WORDS = frozenset(tokenize("group party family reduced concession discount discounted"))


def variant_rate(sentence: str, question: str) -> frozenset[str]:
    """The words of :data:`VARIANT_RATE_WORDS` ``sentence`` (a price row or sentence) writes that ``question`` does
    not, when the question names no group size (:func:`asked_group`): "... group day pass (10 or more adults), per
    person ticket price 54 EUR" -> {"group"} for "How much does an adult pay for a day pass?", whose asked category
    is the plain adult's; empty for "What is the group rate for a day pass?" or "How much does a group of 12 adults
    pay?" (the group is asked) and for a sentence naming no such rate ("day pass, adult ticket price 62 EUR"), or
    stating the plain price in a clause of its own (:data:`shared.text.tokens.COORDINATE_BREAK_RE`: "The adult ticket
    will cost 16 EUR, and the group rate 12.50 EUR"). Only a clause's priced thing is read (:func:`price_label`): "An adult day pass costs
    62 EUR, with a discount for online booking" names no variant rate. Never raises."""
    if asked_group(question) is not None:
        return frozenset()
    asked = frozenset(tokenize(question or ""))
    # a sentence of two prices in clauses of their own ("The adult ticket will cost 16 EUR ..., and the group rate
    # will rise ...") states the plain one too: a rate not asked only when each clause with a sum names one
    clauses = [c for c in COORDINATE_BREAK_RE.split(sentence or "") if re.search(_SUM, c, re.IGNORECASE)] or [sentence or ""]
    found = [frozenset(tokenize(price_label(c))) & VARIANT_RATE_WORDS - asked for c in clauses]
    return frozenset().union(*found) if all(found) else frozenset()


#: where the words of a price's clause end: a clause break or a bracket's end
_CLAUSE_END_RE = re.compile(r"[,;:.!?)(]|\s(?:and|but|while|with|although)\s")
#: words after a sum that still say what it is the price of: "54 EUR for groups of 10", "150 EUR per family"
_PRICED_AFTER_RE = re.compile(r"^\s*(?:for|per|a|an|each)\b", re.IGNORECASE)


def price_label(sentence: str) -> str:
    """The words of ``sentence`` that say what its first sum of money (:data:`_SUM`) is the price of: every word
    before the sum in its sentence, plus the words right after it when they open with "for" / "per" ("54 EUR for
    groups of 10 or more", up to the clause's end); the whole ``sentence`` when it writes no sum. "An adult day pass
    costs 62 EUR, with a discount for online booking." -> "An adult day pass costs " (the discount is a remark, not
    the priced thing); "Family (2 adults + 3 children): 150 EUR" -> "Family (2 adults + 3 children): ". Never
    raises."""
    m = re.search(_SUM, sentence, re.IGNORECASE)
    if m is None:
        return sentence
    after = sentence[m.end():]
    if _PRICED_AFTER_RE.match(after):
        end = _CLAUSE_END_RE.search(after)
        return sentence[:m.start()] + " " + (after[:end.start()] if end else after)
    return sentence[:m.start()]


#: a verb of paying a price in the present tense, its subject the payer, right before the sum: "Groups of 10 or more
#: pay", "children are charged" (a past "paid" / "were charged" is a price that no longer holds)
_PAYER_VERB_RE = re.compile(r"\b(?:pays?|(?:is|are)\s+charged)\s*$", re.IGNORECASE)
#: a word saying what a sum is paid for or towards ("pay 3 euros for the audio guide", "towards the restoration")
_PAID_FOR_RE = re.compile(r"\b(?:for|towards?)\b", re.IGNORECASE)
#: words saying a sum is not the price itself, or not the price now: a deposit, a surcharge or a fee of its own ("pay
#: 20 euros as a deposit", "pay 2 euros extra"), or a time that has passed ("formerly", "used to", "until 2019")
_NOT_THE_PRICE_RE = re.compile(r"\b(?:deposits?|surcharges?|supplements?|extra|fines?|penalt(?:y|ies)|"
                               r"(?:booking|service|cancellation|late)\s+fees?|formerly|previously|used\s+to|"
                               r"until\s+(?:\d{4}|last|recently))\b", re.IGNORECASE)


def paid_by_payer(sentence: str) -> bool:
    """Whether ``sentence`` states its first sum of money (:data:`_SUM`) as what someone pays, the payer its subject
    and nothing in it saying what the sum is paid for: "Groups of 10 or more pay 4.50 euros per person and must
    book in advance", "Children under 12 are charged €2 each". Such a price is of the thing its page priced just
    before it ("A tour costs 6 euros per adult ..."). False for a sentence naming what is paid for ("Visitors pay 3
    euros for the audio guide"), or giving the price by another verb or a label ("A tour costs 6 euros", "Adults:
    €7"), or in the past ("Until 2019, groups paid 5.50 euros"), or naming the sum as something other than the price
    (:data:`_NOT_THE_PRICE_RE`: "pay 20 euros as a deposit"), or writing no sum. Never raises."""
    m = re.search(_SUM, sentence or "", re.IGNORECASE)
    if m is None or not _PAYER_VERB_RE.search(sentence[:m.start()]) or _NOT_THE_PRICE_RE.search(sentence):
        return False
    return not _PAID_FOR_RE.search(sentence[:m.start()]) and not _PAID_FOR_RE.search(sentence[m.end():])


def per_head_total(sentence: str, size: int) -> tuple[str, str] | None:
    """(the price per person as written, the total for ``size`` people written alike) of the first sum of money in
    ``sentence`` said per person, after it (:data:`_PER_HEAD_RE`: "£6.00 per person" for 12 -> ("£6.00", "£72.00"))
    or before it in its clause (:data:`_PER_HEAD_BEFORE_RE`: "per person ticket price £6.00"), read with
    ``price_parser``; None when no sum there is said per person. The total keeps the price's currency sign, its
    place and its number of decimals. Never raises."""
    for m in _MONEY_RE.finditer(sentence or ""):
        if not (_PER_HEAD_RE.match(sentence[m.end():]) or _PER_HEAD_BEFORE_RE.search(sentence[:m.start()])):
            continue
        price = Price.fromstring(m.group(0))
        if price.amount is None or not price.amount_text:
            continue
        decimals = len(re.split(r"[.,]", price.amount_text)[-1]) if re.search(r"[.,]\d{1,2}$", price.amount_text) \
            else 0
        total = (price.amount * Decimal(size)).quantize(Decimal(1).scaleb(-decimals))
        shown = m.group(0).strip()
        written = f"{total:.{decimals}f}".replace(".", ",") if re.search(r",\d{1,2}$", price.amount_text) \
            else f"{total:,.{decimals}f}"  # "6,50 €" for 12: "78,00 €"
        return shown, shown.replace(price.amount_text, written)
    return None


#: a sum of money as :data:`_MONEY_RE` reads one, or a number with a currency's word ("16 euros", "4 pounds")
_SUM = rf"(?:{_MONEY_RE.pattern}|\d[\d,]*(?:[.,]\d+)?\s?(?:euros?|dollars?|pounds?|francs?|pence|cents?)\b)"
#: the old sum of a change, written with its currency or as a bare number before the new sum's ("from 11 to 12.50 EUR")
_OLD_SUM = rf"(?:{_SUM}|\d[\d,]*(?:[.,]\d+)?)"
#: a sentence stating a change of a price: "<new> instead of <old>", "from <old> to <new>", "<new>[ a few words], up/down from <old>"
_CHANGE_RE = re.compile(
    rf"(?P<new1>{_SUM})\s+instead\s+of\s+(?P<old1>{_OLD_SUM})"
    rf"|\bfrom\s+(?P<old2>{_OLD_SUM})\s+to\s+(?P<new2>{_SUM})"
    rf"|(?P<new3>{_SUM})(?:(?!{_SUM})[^.;]){{0,40}}?,?\s+(?:\(\s*)?(?:up|down)\s+from\s+(?P<old3>{_OLD_SUM})", re.IGNORECASE)


def price_change(sentence: str) -> list[tuple[str, str]]:
    """The changes of a price ``sentence`` states, each (old sum, new sum) as written: "The adult ticket will cost 16
    EUR instead of 14 EUR, and the group rate will rise from 11 EUR to 12.50 EUR." -> [("14 EUR", "16 EUR"), ("11
    EUR", "12.50 EUR")]; "Entry is now £5.20, up from £4.80." -> [("£4.80", "£5.20")]. The new sum must carry its
    currency (a sign, a code or a word: :data:`_SUM`); ``[]`` for a sentence stating no change ("Adults pay 14 EUR";
    "open from 10:00 to 17:00"). Never raises."""
    out: list[tuple[str, str]] = []
    for m in _CHANGE_RE.finditer(sentence or ""):
        k = next(i for i in "123" if m.group(f"new{i}"))
        out.append((m.group(f"old{k}").strip(), m.group(f"new{k}").strip()))
    return out


def sum_amounts(text: str) -> set[Decimal]:
    """The amounts of the sums of money ``text`` writes with a currency (a sign, a code or a word: :data:`_SUM`),
    read with ``price_parser``: "11 EUR, from 1 April 12.50 EUR" -> {11, 12.50}. Never raises."""
    out: set[Decimal] = set()
    for m in re.finditer(_SUM, text or "", re.IGNORECASE):
        amount = Price.fromstring(m.group(0)).amount
        if amount is not None:
            out.add(amount)
    return out


#: the kinds of ticket a party's members are counted by, each with the words a question or a price row writes it in
#: (singular and plural; "grown-ups" are adults, "kids" children)
_MEMBER_KINDS: dict[str, tuple[str, ...]] = {
    "adult": ("adult", "adults", "grown-up", "grown-ups", "grownup", "grownups"),
    "child": ("child", "children", "kid", "kids"),
    "senior": ("senior", "seniors", "pensioner", "pensioners"),
    "student": ("student", "students"),
}
_KIND_OF = {w: k for k, ws in _MEMBER_KINDS.items() for w in ws}
_KIND_WORD = "|".join(sorted((re.escape(w) for w in _KIND_OF), key=len, reverse=True))
#: a count of one kind of member in a question: "2 adults", "two grown-ups", "a child", "one senior"
_MEMBER_RE = re.compile(rf"\b(?P<n>\d{{1,3}}|an?|{NUMBER_WORD_PATTERN})\s+(?P<kind>{_KIND_WORD})\b", re.IGNORECASE)
#: a kind of member in a price clause ("Ticket Child (5-15): price £3.00", "the adult landing fee is 6 pounds")
_KIND_IN_RE = re.compile(rf"(?<![\w-])(?P<kind>{_KIND_WORD})(?![\w-])", re.IGNORECASE)
#: where a sentence's clauses part for prices of several kinds: ";", a comma before a blank, "and", "while", "whereas"
_PRICE_CLAUSE_RE = re.compile(r";|,\s+|\s+(?:and|while|whereas|but)\s+", re.IGNORECASE)
#: a price that no longer holds, or one paid once rather than charged: "paid", "was", "were", "used to"
_PAST_PRICE_RE = re.compile(r"\b(?:paid|was|were|used\s+to|cost\s+us)\b", re.IGNORECASE)


class Party(NamedTuple):
    """A party of people of several ticket kinds a question asks the price for ("How much do 2 adults and a child
    pay?"): ``members`` ((count, kind) in the question's order, kind a key of :data:`_MEMBER_KINDS`: ((2, "adult"),
    (1, "child"))), ``said`` (the words naming them: "2 adults and a child") and ``size`` (people in all)."""

    members: tuple[tuple[int, str], ...]
    said: str
    size: int


def asked_party(question: str) -> Party | None:
    """The party a question counts by ticket kind (:data:`_MEMBER_KINDS`): "How much would 2 adults and a child pay
    to land on X?" -> Party(((2, "adult"), (1, "child")), "2 adults and a child", 3); "two grown-ups and three kids"
    -> adults and children. None when it counts fewer than two kinds (one kind is a group,
    :func:`asked_group`: "a group of 12 adults") or a kind twice. Never raises."""
    text = " ".join((question or "").split())
    members: list[tuple[int, str]] = []
    spans: list[tuple[int, int]] = []
    for m in _MEMBER_RE.finditer(text):
        raw = m.group("n").lower()
        count = int(raw) if raw.isdigit() else 1 if raw in ("a", "an") else phrase_value(raw)
        kind = _KIND_OF[m.group("kind").lower()]
        if count is None or count < 1:
            continue
        if any(k == kind for _c, k in members):
            return None
        members.append((count, kind))
        spans.append(m.span())
    if len(members) < 2:
        return None
    return Party(tuple(members), text[spans[0][0]:spans[-1][1]], sum(c for c, _k in members))


def kind_prices(sentence: str) -> dict[str, str]:
    """The price per ticket kind ``sentence`` states (a price row "Ticket Child (5-15): price £3.00" -> {"child":
    "£3.00"}; "The adult fee is 6 pounds and the child fee 3 pounds." -> {"adult": "6 pounds", "child": "3
    pounds"}): per clause (:data:`_PRICE_CLAUSE_RE`) naming one kind (:data:`_KIND_IN_RE`) and a sum of money with
    its currency (:data:`_SUM`), its first sum, as written. {} for a sentence stating a change of price
    (:func:`price_change`), a price paid in the past or no longer the price ("we paid £6", :data:`_PAST_PRICE_RE`,
    :data:`_NOT_THE_PRICE_RE`), or a rate of a group, a family or a reduction (:data:`VARIANT_RATE_WORDS`) in the
    clause. Never raises."""
    text = " ".join((sentence or "").split())
    if not text or price_change(text) or _NOT_THE_PRICE_RE.search(text):
        return {}
    out: dict[str, str] = {}
    for clause in _PRICE_CLAUSE_RE.split(text):
        kinds = {_KIND_OF[m.group("kind").lower()] for m in _KIND_IN_RE.finditer(clause)}
        money = re.search(_SUM, clause, re.IGNORECASE)
        if len(kinds) != 1 or money is None or _PAST_PRICE_RE.search(clause) \
                or set(tokenize(clause)) & VARIANT_RATE_WORDS:
            continue
        out.setdefault(kinds.pop(), money.group(0).strip())
    return out


def party_total(members: list[tuple[int, str]]) -> str:
    """The total of ``members`` ((count, price as written) pairs: [(2, "£6.00"), (3, "£3.00")] -> "£21.00"), read
    with ``price_parser``, written like the first price (its currency sign or word and place) with the most decimals
    any price has. "" when a price has no amount or the prices' currencies differ. Never raises."""
    prices = [(c, Price.fromstring(p), p) for c, p in members]
    if not prices or any(p.amount is None or not p.amount_text for _c, p, _w in prices) \
            or len({p.currency for _c, p, _w in prices}) > 1:
        return ""
    decimals = max(len(re.split(r"[.,]", p.amount_text or "")[-1]) if re.search(r"[.,]\d{1,2}$", p.amount_text or "")
                   else 0 for _c, p, _w in prices)
    total = sum((Decimal(c) * (p.amount or Decimal(0)) for c, p, _w in prices), Decimal(0))
    total = total.quantize(Decimal(1).scaleb(-decimals))
    first, shown = prices[0][1], prices[0][2]
    written = f"{total:.{decimals}f}".replace(".", ",") if re.search(r",\d{1,2}$", first.amount_text or "") \
        else f"{total:,.{decimals}f}"
    return shown.replace(first.amount_text or "", written, 1)
