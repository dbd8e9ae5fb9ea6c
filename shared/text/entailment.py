"""Lexical entailment and resampled claim verification (no model).

``entailment`` decides whether one evidence passage supports, contradicts or is neutral
to a claim from content-token coverage, numbers, ordinals, negation, a small antonym list
and the order of two names around the same words (swapped roles).
``verify`` aggregates over evidence candidates with deterministic resampling so that a
verdict carries a stability estimate.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict

from shared.text.hours import times_apart
from shared.text.language import NUMBER_ABBREVIATION_RE
from shared.text.numbers import NUMBER_WORD_PATTERN, ORDINAL_SUFFIXES, ORDINAL_WORDS, SCALE_WORDS, word_value
from shared.text.patterns import pattern as compiled
from shared.text.succession import OFFICE_RE, ended_holders
from shared.text.tables import YEAR_ROW_RE
from shared.text.terms import contrasted_other, names_another_variant
from shared.text.tokens import COORDINATE_BREAK_RE, split_sentences, tokenize

__all__ = [
    "Entailment",
    "framed_year",
    "framed_years",
    "clause_framed_years",
    "coverage",
    "entailment",
    "swapped_roles",
    "unsupported_names",
    "SUPPORT_THRESHOLD",
    "CONTEXT_THRESHOLD",
]

Label = Literal["supported", "contradicted", "neutral"]
Verdict = Literal["supported", "contradicted", "contested", "unverified"]

#: minimum content-token coverage of the claim by the evidence for "supported".
SUPPORT_THRESHOLD = 0.7
#: minimum coverage of the claim's non-number content for a negation/antonym
#: contradiction to count (the evidence must be about the same thing). A number
#: contradiction needs full coverage of the non-number content.
CONTEXT_THRESHOLD = 0.8


class Entailment(BaseModel):
    """Result of :func:`entailment`.

    Attributes:
        label: "supported", "contradicted" or "neutral".
        score: strength of the label in [0, 1] (for supported/contradicted: how well the
            evidence covers the claim; for neutral: 1 - coverage).
        reason: for "contradicted", the signals that fired, comma-separated, from
            "negation", "antonym", "number", "ordinal", "swapped roles"; else "".
    """

    model_config = ConfigDict(frozen=True)

    label: Label
    score: float
    reason: str = ""


_NEGATION = frozenset({"not", "no", "never", "without", "nor", "none", "nobody", "nothing", "neither", "cannot"})
_ANTONYMS: dict[str, str] = {}
for _a, _b in [
    ("increase", "decrease"), ("increased", "decreased"), ("rise", "fall"), ("rose", "fell"),
    ("higher", "lower"), ("more", "less"), ("larger", "smaller"), ("largest", "smallest"),
    ("before", "after"), ("true", "false"), ("won", "lost"), ("win", "lose"), ("alive", "dead"),
    ("open", "closed"), ("north", "south"), ("east", "west"), ("male", "female"),
    ("first", "last"), ("older", "younger"), ("oldest", "youngest"), ("gain", "loss"),
    ("positive", "negative"), ("legal", "illegal"), ("safe", "unsafe"), ("accepted", "rejected"),
    ("approved", "rejected"), ("success", "failure"), ("succeeded", "failed"), ("up", "down"),
    ("maximum", "minimum"), ("cheaper", "expensive"), ("above", "below"),
]:
    _ANTONYMS[_a] = _b
    _ANTONYMS[_b] = _a

_PRONOUNS = frozenset({"he", "she", "it", "they", "his", "her", "its", "their", "this", "these"})
#: German, French and Spanish subject pronouns, which the claim extractor replaces by the page's subject when they
#: open a sentence ("Sie bietet 32 Schlafplätze." -> "Die Brennalmhütte bietet 32 Schlafplätze.")
_FOREIGN_SUBJECT_PRONOUNS = frozenset({"er", "sie", "es", "il", "elle", "él", "ella"})
_NUM_RE = re.compile(r"^\d+(?:\.\d+)?%?$")
_YEAR_RE = re.compile(r"^(1[0-9]\d\d|20\d\d)$")


def _word_num(tok: str) -> str:
    """A token with a number word read as its digits ("seventeen" -> "17"; :func:`shared.text.numbers.word_value`);
    a scale word alone ("hundred", "million") and any other token are kept as they are."""
    value = word_value(tok) if tok not in SCALE_WORDS else None
    return tok if value is None else str(value)


#: ordinal words, by value; "1st".."20th" are read as these words, higher ones stay "21st" etc.
_ORDINALS: dict[str, int] = ORDINAL_WORDS
_ORDINAL_WORD = {i: w for w, i in _ORDINALS.items()}
_ORDINAL_DIGITS_RE = re.compile(r"(?<![\w.,])(\d+)(?:st|nd|rd|th)(?![\w])", re.IGNORECASE)
_ORDINAL_SLOT_RE = re.compile(
    r"(?<![\w\-])(" + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))(?![\w\-])((?:\s*(?:,|and|or|&|"
    + "|".join(_ORDINALS) + r"|\d+(?:st|nd|rd|th))(?![\w\-]))*)\s+([^\W\d_][\w'\-]*)", re.IGNORECASE)


def _ordinal_token(n: int) -> str:
    return _ORDINAL_WORD.get(n, f"ordinal{n}")


def _tokens(text: str) -> list[str]:
    """:func:`~shared.text.tokens.tokenize` with digit ordinals read as one token, which the tokenizer
    would split ("3rd" -> "3", "rd"): the ordinal word up to twentieth ("3rd" -> "third", as the word
    "third" is), else "ordinal21"."""
    return tokenize(_ORDINAL_DIGITS_RE.sub(lambda m: _ordinal_token(int(m.group(1))), text))


def _is_ordinal(tok: str) -> bool:
    return tok in _ORDINALS or (tok.startswith("ordinal") and tok[7:].isdigit())


def _ordinal_slots(text: str) -> list[tuple[str, str]]:
    """(ordinal, kind) of each ordinal in ``text`` that fills a slot before a lower-case word: kind is that
    word's token ("the third single" -> ("third", "single"), "first and third single" -> both "single").
    Ordinals in names ("509th Bomb Wing", "Eighth Air Force") and compounds ("fourth-year") are skipped."""
    out: list[tuple[str, str]] = []
    for m in _ORDINAL_SLOT_RE.finditer(text):
        word = m.group(3)
        if not word[0].islower():
            continue  # part of a name
        kind = next(iter(tokenize(word)), word.lower())
        for o in [m.group(1), *re.findall(r"[\w]+", m.group(2))]:
            o = o.lower()
            if o in _ORDINALS:
                out.append((o, kind))
            elif o[:-2].isdigit():
                out.append((_ordinal_token(int(o[:-2])), kind))
    return out


def _canon_num(tok: str) -> str:
    tok = _word_num(tok)
    if tok.endswith("%"):
        return tok
    if "." in tok:
        tok = tok.rstrip("0").rstrip(".")
    return tok


#: kind of a number that counts years: a duration ("ten years", "for 12 years", "a 150-year lease"), never a year
DURATION_OF_YEARS = "years"


def _num_kind(tok: str, nxt: str | None) -> str:
    """The kind of the number ``tok`` (canonical digits) before the token ``nxt``: "%", "year" (a calendar year:
    "1998"), :data:`DURATION_OF_YEARS` for a number of years ("ten years", "1000 years": the tokenizer reads
    "years" as "year", which is no year value), else ``nxt`` ("44 members" -> "member") or ""."""
    if tok.endswith("%"):
        return "%"
    if nxt == "year":
        return DURATION_OF_YEARS
    if _YEAR_RE.match(tok):
        return "year"
    return nxt or ""


_GROUPED_RE = re.compile(r"(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d,])")


#: a year that dates a sentence's figure: a frame opening the sentence or a clause ("In 2023 the ticket cost ...",
#: "By 2019, ...", a table row's "Year 2012: members 58") or right after the figure and up to two words ("carried
#: 398,000 passengers in 2023"); not a year of an event beside the figure ("opened in 1794, is 14.2 km long")
_FRAMED_YEAR_RE = re.compile(
    r"(?:^|[.;:]\s+|,\s+)[\"'“]?(?:in|during|by|as\s+of|for|(?:in\s+)?(?:the\s+)?year)\s+"
    r"(?P<a>1[0-9]\d\d|20\d\d)\b(?![,.]\d)"
    r"|\d(?:[\d,.]*\d)?\s+(?:[^\W\d_]+\s+){0,2}(?:in|during|as\s+of)\s+(?P<b>1[0-9]\d\d|20\d\d)\b(?![,.]\d)",
    re.IGNORECASE)


def framed_year(text: str) -> str | None:
    """The year ``text`` dates its figure to (:data:`_FRAMED_YEAR_RE`: "In 2023 the same ticket cost 8.10 crowns" ->
    "2023", "Year 2012: members 58." -> "2012", "The ferry carried 398,000 passengers in 2023" -> "2023"), or None (an undated figure: "A ticket costs
    8.90 crowns"; a year of an event beside it: "The canal, opened in 1794, is 14.2 km long")."""
    m = _FRAMED_YEAR_RE.search(" ".join((text or "").split()))
    return (m.group("a") or m.group("b")) if m is not None else None


#: further years joined to a frame's year ("In 2023 and 2024", "in 2022, 2023 and 2024", "in 2023 or 2024")
#: (a comma joins a year only in a list that goes on: "2022, 2023 and 2024", not "In 2023, 1500 people came")
_JOINED_YEAR_RE = re.compile(r"(?:\s*,\s*(?=(?:1[0-9]|20)\d\d\s*(?:,|and\b|or\b))|\s*,?\s+(?:and|or|&)\s+)"
                             r"(1[0-9]\d\d|20\d\d)\b(?![,.]\d)", re.IGNORECASE)


def framed_years(text: str) -> tuple[str, ...]:
    """Every year of the frame :func:`framed_year` reads in ``text``, in order: its year and the years joined to it
    by "and", "or" or commas ("In 2023 and 2024 the museum welcomed 48,000 visitors" -> ("2023", "2024"), "The
    ferry carried 398,000 passengers in 2022 and 2023" -> ("2022", "2023")); () when it dates no figure. Never
    raises."""
    flat = " ".join((text or "").split())
    m = _FRAMED_YEAR_RE.search(flat)
    if m is None:
        return ()
    years = [m.group("a") or m.group("b")]
    at = m.end()
    while (joined := _JOINED_YEAR_RE.match(flat, at)) is not None:
        years.append(joined.group(1))
        at = joined.end()
    return tuple(years)


def clause_framed_years(text: str) -> tuple[str, ...]:
    """The years :func:`framed_years` reads in each clause of ``text`` (split at
    :data:`shared.text.tokens.COORDINATE_BREAK_RE`), in order, each once: "By 1820 the works employed 140 workers,
    and in 1880, its largest year, the workforce reached 455" -> ("1820", "1880"), each clause dating its own figure; () when no clause dates one. Never raises."""
    return tuple(dict.fromkeys(y for part in COORDINATE_BREAK_RE.split(" ".join((text or "").split()))
                               for y in framed_years(part)))


#: a table row's or label's value: a word, then a number that ends its clause ("Year 2012: members 58.",
#: "Dials 4, bells 1"); the word names what the number counts
_LABEL_VALUE_RE = re.compile(r"(?<![\w.,])([^\W\d_]{3,})\s*:?\s+(\d[\d,]*(?:\.\d+)?)(?=\s*(?:[.,;)]|$))")


def _label_kinds(text: str) -> dict[str, str]:
    """Canonical number -> the token of the word labelling it in ``text`` (:data:`_LABEL_VALUE_RE`: "Year 2012:
    members 58." -> {"58": "member"}; a year's label is left out: "Year 2012" stays a year)."""
    out: dict[str, str] = {}
    for m in _LABEL_VALUE_RE.finditer(text):
        value = _canon_num(m.group(2).replace(",", ""))
        label = tokenize(m.group(1))
        if label and not _YEAR_RE.match(value) and _NUM_RE.match(value):
            out.setdefault(value, label[0])
    return out


def _numbers(tokens: list[str], text: str = "") -> list[tuple[str, str]]:
    """(canonical number, kind) pairs; kind is '%', 'year', :data:`DURATION_OF_YEARS` ("for ten years") or the
    following token. A number written with a thousands separator in ``text`` ("1,450 inhabitants") is a quantity,
    never a year; a number that ends its clause after a word labelling it ("members 58.") is of that word's kind."""
    grouped = {m.replace(",", "") for m in _GROUPED_RE.findall(text)}
    labelled = _label_kinds(text)
    out: list[tuple[str, str]] = []
    for i, t in enumerate(tokens):
        t2 = _word_num(t)
        if _NUM_RE.match(t2):
            nxt = tokens[i + 1] if i + 1 < len(tokens) else None
            if nxt is not None and _NUM_RE.match(nxt):
                nxt = None
            kind = _num_kind(t2, nxt)
            if kind == "year" and t2 in grouped:
                kind = nxt or ""
            canon = _canon_num(t2)
            if kind not in ("%", "year", DURATION_OF_YEARS) and canon in labelled:
                kind = labelled[canon]
            out.append((canon, kind))
    return out


_RATING_NUM = rf"\d+(?:\.\d+)?|(?:{NUMBER_WORD_PATTERN})"
#: a rating or score as one figure: "3.5 out of 5", "4.5/5", "rated 4 of 5", "3.5 stars out of 5", "five out of
#: five" (a value, then "/", "out of" or "of", then its scale); not a date ("12/05/2020") nor "5 of 2019"
_RATING_RE = re.compile(
    rf"(?<![\w.,/])(?P<v>{_RATING_NUM})(?:\s*-?\s*stars?)?\s*(?:/|\bout\s+of\b|\bof\b)\s*"
    rf"(?P<s>{_RATING_NUM})(?![\w/]|[.,]\d)", re.IGNORECASE)


def _ratings(text: str) -> list[tuple[str, str]]:
    """(canonical value, canonical scale) of each rating or score in ``text`` ("We rate it 3.5 out of 5" ->
    [("3.5", "5")], "4.5/5" -> [("4.5", "5")], "five out of five" -> [("5", "5")]). A scale that reads as a year
    after "of" ("5 of 2019") is no rating."""
    out: list[tuple[str, str]] = []
    for m in _RATING_RE.finditer(text):
        value, scale = _canon_num(m.group("v").lower()), _canon_num(m.group("s").lower())
        if _YEAR_RE.match(scale) and "/" not in m.group(0):
            continue
        out.append((value, scale))
    return out


def _unmatched_numbers(c_nums: list[tuple[str, str]], e_nums: list[tuple[str, str]]
                       ) -> tuple[list[tuple[str, str]], set[str]]:
    """The claim's numbers ``(value, kind)`` the evidence's numbers do not give, and the kinds among them the
    evidence gives another value of (a conflict: "5 kg" / "3 kg"): ``(missing, conflicting kinds)``."""
    e_values = {n for n, _ in e_nums}
    e_kinds: dict[str, set[str]] = {}
    for n, k in e_nums:
        e_kinds.setdefault(k, set()).add(n)
    missing = [(n, k) for n, k in c_nums if n not in e_values]
    return missing, {k for n, k in missing if k in e_kinds and n not in e_kinds[k]}


def _remove_once(nums: list[tuple[str, str]], values: list[str]) -> list[tuple[str, str]]:
    """``nums`` without one (number, kind) entry per value of ``values`` (the first one of that number)."""
    out = list(nums)
    for v in values:
        for i, (n, _) in enumerate(out):
            if n == v:
                del out[i]
                break
    return out


#: a quantifier of a plural pronoun opening a sentence ("All of them", "Two of these")
_QUANTIFIED_PRONOUN_RE = re.compile(
    r"\s*(?:all|both|none|neither|either|each|most|many|some|several|few|half|one|two|three|four|five|six|seven|"
    r"eight|nine|ten)\s+of\s+(?:them|these|those)\b", re.IGNORECASE)


#: a labelled value opening a sentence: a short label (1-7 words, no digit) and a colon, then its value ("Visitor
#: numbers: the museum counted 18,200 visitors in 2019", "Price at the time of testing: 399 EUR")
_LABEL_OPENING_RE = re.compile(r"\s*([^\W\d_][^\W\d_'’\-]*(?:[ \t]+[^\W\d_][\w'’\-]*){0,6})[ \t]*:\s+\S")


def _label_owner(claim: str, evidence: str) -> str | None:
    """The claim's words naming whose labelled value ``evidence`` gives, when ``evidence`` opens with a label and
    a colon and ``claim`` reads "<owner>'s <label>: ..." (the claim extractor names the thing a labelled value
    belongs to: "Visitor numbers: 18,200 visitors in 2019." under the museum's heading becomes "The Varnholm Paper
    Museum's visitor numbers: 18,200 visitors in 2019."); the label stands for the owner as a pronoun would. None
    otherwise."""
    m = _LABEL_OPENING_RE.match(evidence)
    if m is None:
        return None
    label = r"[ \t]+".join(map(re.escape, m.group(1).split()))
    found = compiled(rf"['’]s?[ \t]+{label}[ \t]*:", re.IGNORECASE).search(claim)
    return claim[:found.start()] if found and found.start() > 0 else None


#: a sentence opening with a bare definite description: "The railway is 7.4 km long."
_DESCRIBED_OPENING_RE = re.compile(r"\s*The\s+([a-z][a-z\-]{2,})\b")


#: a year as a text writes it ("in 2023"; not the digits of "1,450" or "2023.5")
_YEAR_IN_TEXT_RE = re.compile(r"(?<![\w,.])(?:1[0-9]\d\d|20\d\d)(?![\w]|[,.]\d)")
#: an edition's year before a claim's leading name, as the claim extractor writes a description of a year's
#: edition ("The 2026 Orla Regatta is run by ...", "In 2026 the Orla Regatta is run by ...")
_EDITION_LEAD_RE = re.compile(r"\s*(?:The\s+(?P<a>(?:1[5-9]|20)\d\d)\s+|In\s+(?P<b>(?:1[5-9]|20)\d\d)\s+(?:the\s+)?)"
                              r"(?=[A-Z])")


def _edition_year(claim: str, evidence: str) -> str | None:
    """The year of the edition ``claim`` names before its leading name (:data:`_EDITION_LEAD_RE`: "2026" of "The
    2026 Orla Regatta is run by about 220 volunteers.") when ``evidence`` is the page's description it was named
    from (:func:`_head_described`: "The regatta is run by about 220 volunteers.") and writes no year: the page (its
    title) gave the edition, which that sentence need not repeat. None otherwise; an evidence year keeps its
    comparison with the claim's."""
    m = _EDITION_LEAD_RE.match(claim)
    if m is None or _YEAR_IN_TEXT_RE.search(evidence) or not _head_described("The " + claim[m.end():], evidence):
        return None
    return m.group("a") or m.group("b")


def _head_described(claim: str, evidence: str) -> str:
    """The claim's leading name ("Kestrelberg Rack Railway" of "The Kestrelberg Rack Railway is 7.4 km long.") when
    ``evidence`` opens with "The <noun>" and that noun is the name's last word, its head ("The railway is 7.4 km
    long."): the page's own sentence, whose subject the claim extractor named; "" otherwise. An edition's year
    before the name (:data:`_EDITION_LEAD_RE`: "The 2026 Orla Regatta ...") is read past."""
    edition = _EDITION_LEAD_RE.match(claim)
    if edition is not None:
        claim = "The " + claim[edition.end():]
    m = _DESCRIBED_OPENING_RE.match(evidence)
    lead = re.match(r"\s*(?:The\s+)?((?:[A-Z][\w'’.\-]*\s+){1,5})", claim)
    if m is None or lead is None:
        return ""
    words = lead.group(1).split()
    if len(words) < 2 or tokenize(words[-1]) != tokenize(m.group(1)):
        return ""
    return " ".join(words[:-1])


#: a word or a number as a sentence writes it ("mesurait", "241,3", "38,650", "1.5"): the words after a pronoun
#: that the claim must hold after its own subject
_WORD_OR_NUMBER_RE = re.compile(r"[^\W_][\w'’\-]*(?:[.,][^\W_]+)*")


def _leading_excused(claim: str, claim_tokens: list[str], ev_set: set[str], evidence: str) -> set[str]:
    """Claim-initial tokens that an evidence-initial pronoun (English, or a German, French or Spanish subject
    pronoun: :data:`_FOREIGN_SUBJECT_PRONOUNS`, "Sie bietet ...") may stand for: the claim's leading capitalised run
    ("Scott Derrickson lives ..." / "He lives ..."; "Die Brennalmhütte bietet ..." / "Sie bietet ..."), or everything before the two words that follow the pronoun
    in the evidence, when the claim holds them (a subject the claim extractor put in the pronoun's place: "The
    guild's great hall on Ashlane Square was designed by ..." / "It was designed by ..."; "All of the six furnaces
    are gas-fired" / "All of them are gas-fired"); a number is one of those words as it is written ("Le phare de
    Kermarven mesurait 38,5 mètres" / "Il mesurait 38,5 mètres")."""
    m = re.match(r"\s*[\"'“]?([^\W\d_]+)", evidence)
    # "All of them are ...": "them" is the claim's subject
    opening = _QUANTIFIED_PRONOUN_RE.match(evidence) or (
        m if m and (m.group(1).lower() in _PRONOUNS or m.group(1).lower() in _FOREIGN_SUBJECT_PRONOUNS) else None)
    if opening is None:
        named = _head_described(claim, evidence)
        if named:  # "The railway is 7.4 km long." for "The Kestrelberg Rack Railway is 7.4 km long."
            return {t for t in tokenize(named) if t not in ev_set} & set(claim_tokens)
        owner = _label_owner(claim, evidence)  # "<owner>'s price: 399 EUR" / "Price: 399 EUR"
        return {t for t in tokenize(owner) if t not in ev_set} & set(claim_tokens) if owner else set()
    excused: set[str] = set()
    after = [w.group(0) for w in _WORD_OR_NUMBER_RE.finditer(evidence[opening.end():])][:2]
    if len(after) == 2:
        pattern = r"(?<!\w)" + r"\W+".join(map(re.escape, after)) + r"(?!\w)"
        found = compiled(pattern, re.IGNORECASE).search(claim)
        if found and found.start() > 0:
            excused.update(t for t in tokenize(claim[:found.start()]) if t not in ev_set)
    # tokens of the claim's leading capitalised run (e.g. "Scott Derrickson lives ...")
    lead = re.match(r"\s*((?:[A-Z][\w'’.\-]*\s*)+)", claim)
    if not lead:
        return excused & set(claim_tokens)
    lead_tokens = tokenize(lead.group(1))
    for t in lead_tokens:
        if t in ev_set:
            break
        excused.add(t)
    return excused & set(claim_tokens)


_QUOTES = str.maketrans({"“": '"', "”": '"', "„": '"', "‘": "'", "’": "'"})
_QUOTED_RE = re.compile(r'"([^"\n]{2,120}?)"')
_CAP = r"[A-ZÀ-ÖØ-ÞА-ЯЁ](?:[\w'\-]+|\.)"  # a capitalised word or an initial ("J.")
_NAME_RE = re.compile(rf"(?<![\w'])({_CAP}(?:[ \t]+{_CAP})+)")
#: relation words that read the same both ways round ("A married B" is "B married A"): no swap is flagged
_SYMMETRIC = frozenset("""married marry marriage wed wedded met meet divorced dated partnered partner collaborated
    collaboration teamed played against versus vs tied drew draw together alongside both between same similar
    sibling cousin friend colleague neighbour neighbor border bordered bordering adjacent twin rival spouse
    bandmate teammate classmate""".split())
#: minimum Jaccard overlap of all the words between the two names, claim vs evidence
SWAP_WORDS_OVERLAP = 0.6
#: minimum share of the claim's content words between the names that the evidence has between them
SWAP_CONTENT_COVERAGE = 0.8
#: minimum Jaccard overlap of those content words (the evidence may say a little more: "Canadian rock band")
SWAP_CONTENT_OVERLAP = 0.5


def _anchors(text: str) -> list[str]:
    """Quoted strings and capitalised multi-word names of ``text`` (quotes already straight), as written,
    without a possessive "'s" or leading function words ("The Beatles" -> kept only if two names remain)."""
    found: list[str] = [m.group(1).strip() for m in _QUOTED_RE.finditer(text)]
    quoted = [m.span() for m in _QUOTED_RE.finditer(text)]
    for m in _NAME_RE.finditer(text):
        if any(a < m.end() and m.start() < b for a, b in quoted):
            continue
        words = m.group(1).split()
        while words and (not words[0][0].isupper() or not tokenize(words[0])):
            words.pop(0)  # "In", "The", "He": not part of the name
        if words and words[-1].endswith("'s"):
            words[-1] = words[-1][:-2]
        words = [w.rstrip(".") for w in words if w.rstrip(".")]
        if len(words) >= 2:
            found.append(" ".join(words))
    return [a for a in dict.fromkeys(found) if tokenize(a)]


def _spans_of(anchor: str, text: str) -> list[tuple[int, int]]:
    pattern = r"(?<!\w)" + r"\s+".join(map(re.escape, anchor.split())) + r"(?!\w)"
    return [m.span() for m in compiled(pattern, re.IGNORECASE).finditer(text)]


_NAME_WORD_RE = re.compile(r"(?<=[\s(,;:\-])[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’]*")


_LEAD_NAME_RE = re.compile(r"\s*([A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’]*)((?:[ \t]+[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'’]*)+)")


def _name_word(m: re.Match[str]) -> str:
    """A capitalised word :data:`_NAME_WORD_RE` found, removed as a name's word; a negator that opens no run of
    capitalised words ("| Monday | No trains |", "... Junction No trains", a cell "None") is kept: a negator is one
    whatever its case, and a name it opens goes on capitalised ("the band No Doubt")."""
    word = m.group(0)
    if word.lower() in _NEGATION and not _NEXT_CAPITAL_RE.match(m.string, m.end()):
        return word.lower()
    return " "


#: a capitalised word next (after spaces or tabs): the word before it opens a run of them, a name's
_NEXT_CAPITAL_RE = re.compile(r"[ \t]+[A-ZÀ-ÖØ-ÞА-ЯЁ]")


def _unabbreviated(text: str) -> str:
    """``text`` with the abbreviation of "number" before a number ("No. 3", "no. 7", "No 3":
    :data:`shared.text.language.NUMBER_ABBREVIATION_RE`) written "number", which no reader takes for a negation."""
    return NUMBER_ABBREVIATION_RE.sub("number ", text)


def _negations(text: str, other: str = "") -> int:
    """Negation cues of ``text`` ("not", "never", "n't", ...), not counting those in quoted titles or in names
    ('"Nobody's Hero"', 'the band No Doubt') nor the abbreviation "No. 3" (number 3): a capitalised word after the
    first is read as part of a name unless it is a negator opening no run of capitalised words ("| Monday | No
    trains |"), and so is a sentence-initial one that opens a run of capitalised words which ``other`` (the text
    compared with) holds too ('Nobody's Hero was not released ...' against '"Nobody's Hero" is a song ...')."""
    plain = _QUOTED_RE.sub(" ", _unabbreviated(text).translate(_QUOTES)).strip()
    lead = _LEAD_NAME_RE.match(plain)
    if lead and set(tokenize(lead.group(1))) & _NEGATION and _spans_of(
            " ".join(lead.group(0).split()), _unabbreviated(other).translate(_QUOTES)):
        plain = plain[lead.end(1):]
    plain = _NAME_WORD_RE.sub(_name_word, plain.strip())
    return sum(1 for t in tokenize(plain) if t in _NEGATION)


#: words between a negation cue and what it denies ("no longer used", "not yet open", "never ever won")
_NEGATION_FILLERS = frozenset({"longer", "yet", "ever", "even", "always", "only", "just", "really", "quite",
                               "entirely", "fully", "necessarily", "once", "actually"})


def _stem(token: str) -> str:
    """A crude stem for comparing a denied word with the other sentence's ("received"/"receive" -> "receiv")."""
    for suffix in ("ing", "ed", "es", "e", "s"):
        if token.endswith(suffix) and len(token) - len(suffix) >= 4:
            return token[: -len(suffix)]
    return token


def _denies(text: str, other: str) -> bool:
    """Whether a negation cue of ``text`` denies a word of ``other``: the first content word after the cue (fillers
    such as "longer", "yet" skipped) is one of ``other``'s ("did not receive 8,900 visitors" against "received
    8,900 visitors"; "received no visitors" against "received 8,900 visitors"). A negation of another predicate
    ("They do not include visitors to the Korvanne Glass Museum" against "The Korvanne Glass Museum received 8,900
    visitors") says nothing against ``other``: some other figure excludes the thing, whose own figure stands."""
    tokens = tokenize(_QUOTED_RE.sub(" ", _unabbreviated(text).translate(_QUOTES)))
    theirs = {_stem(t) for t in tokenize(_unabbreviated(other)) if t not in _NEGATION}
    for i, t in enumerate(tokens):
        if t not in _NEGATION:
            continue
        scope = next((u for u in tokens[i + 1:] if u not in _NEGATION_FILLERS and u not in _NEGATION), None)
        if scope is None or _stem(scope) in theirs:
            return True  # a bare "not" at the end ("... or not") is read as denying, as before
    return False


#: a table's header row and its separator line ("| Year | Pass road open days |\n|------|---:|"): its columns'
#: labels, no statement
_HEADER_ROW_RE = re.compile(r"^[ \t]*\|[^\n]*\|[ \t]*\n[ \t]*\|[ \t:|-]*-[ \t:|-]*$", re.MULTILINE)


def _window_denies(claim: str, evidence: str, c_neg: int, e_neg: int) -> bool:
    """Whether ``evidence`` denies ``claim`` by a negation (``c_neg``, ``e_neg``: their negation cues,
    :func:`_negations`). One sentence of evidence denies when the parities differ and the negation denies a word of
    the other (:func:`_denies`). A window of sentences is read sentence by sentence, as a parity summed over it counts
    the negations of other sentences ("There are no trains on Mondays." next to a table row "| Monday | No trains |"
    is two): a negated claim is denied unless a negated sentence of the window holds the word it denies ("no trains"
    / "There are no trains on Mondays"); a plain claim is denied by a negated sentence denying a word of it, not of
    other days or months (:func:`shared.text.hours.times_apart`: "There are no trains on Mondays." denies nothing of
    "Trains run Tuesday to Sunday.")."""
    sentences = [s.text for s in split_sentences(evidence)] if c_neg or e_neg else []
    if len(sentences) < 2:
        return (c_neg % 2) != (e_neg % 2) and (_denies(claim, evidence) if c_neg % 2 else _denies(evidence, claim))
    negated = [s for s in sentences if _negations(s, claim) % 2]
    if c_neg % 2:
        return _denies(claim, evidence) and not any(_denies(claim, s) for s in negated)
    return any(_denies(s, claim) and not times_apart(s, claim) for s in negated)


def _jaccard(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 1.0


def swapped_roles(claim: str, evidence: str) -> tuple[str, str] | None:
    """Two names the claim and the evidence both hold once, in opposite order, around nearly the same words.

    Anchors are quoted strings and capitalised multi-word names of the claim ('"Counterparts"',
    'Kristen French'). For each pair A before B in the claim that occurs once each in ``evidence`` with B
    before A, the words between them are compared: all words (Jaccard >= ``SWAP_WORDS_OVERLAP``) and content
    words (at least one; the evidence's hold >= ``SWAP_CONTENT_COVERAGE`` of the claim's, Jaccard >=
    ``SWAP_CONTENT_OVERLAP``). A passive or converse rewording ("A recorded B" / "B was recorded by A",
    "A is the father of B" / "B is the son of A") changes those words or the "by", and a symmetric relation
    ("married", "and", "against", ...) is skipped, so none of them is flagged.

    Returns: (A, B) as written in the claim, or None. Never raises.
    """
    claim = claim.translate(_QUOTES)
    evidence = evidence.translate(_QUOTES)
    anchors = _anchors(claim)
    if len(anchors) < 2:
        return None
    # each anchor's one place in the claim and in the evidence, found once, not once per pair it is in (a claim of
    # k names made 2k(k - 1) searches per evidence sentence); None when it is not there exactly once
    once: list[tuple[tuple[int, int], tuple[int, int]] | None] = []
    for a in anchors:
        in_claim, in_evidence = _spans_of(a, claim), _spans_of(a, evidence)
        once.append((in_claim[0], in_evidence[0]) if len(in_claim) == len(in_evidence) == 1 else None)
    for i, a in enumerate(anchors):
        for j in range(i + 1, len(anchors)):
            b = anchors[j]
            at_a, at_b = once[i], once[j]
            if at_a is None or at_b is None:
                continue
            ((ca_s, ca_e), (ea_s, ea_e)), ((cb_s, cb_e), (eb_s, eb_e)) = at_a, at_b
            if ca_e > cb_s and cb_e > ca_s or ea_e > eb_s and eb_e > ea_s:
                continue  # overlapping anchors ("Rush", "Rush Limbaugh")
            (first_end, second_start) = (ca_e, cb_s) if ca_s < cb_s else (cb_e, ca_s)
            claim_between = claim[first_end:second_start]
            if (ca_s < cb_s) == (ea_s < eb_s):
                continue  # same order
            ev_between = evidence[eb_e:ea_s] if ea_s > eb_s else evidence[ea_e:eb_s]
            c_words, e_words = set(tokenize(claim_between, drop_stopwords=False)), set(
                tokenize(ev_between, drop_stopwords=False))
            c_content, e_content = set(tokenize(claim_between)), set(tokenize(ev_between))
            if not c_content or c_content & _SYMMETRIC or e_content & _SYMMETRIC:
                continue
            if ("by" in c_words) != ("by" in e_words):
                continue  # active vs passive voice: the order of the names legitimately changes
            if (_jaccard(c_words, e_words) >= SWAP_WORDS_OVERLAP
                    and len(c_content & e_content) / len(c_content) >= SWAP_CONTENT_COVERAGE
                    and _jaccard(c_content, e_content) >= SWAP_CONTENT_OVERLAP):
                return (a, b) if ca_s < cb_s else (b, a)
    return None


#: nationality words whose country does not start like them ("French" -> "France"); others match by prefix
_DEMONYMS: dict[str, tuple[str, ...]] = {
    "american": ("america", "united", "us", "usa"), "british": ("britain", "uk", "england", "scotland", "wales"),
    "english": ("england",), "french": ("france",), "dutch": ("netherland", "holland"), "scottish": ("scotland",),
    "welsh": ("wale",), "irish": ("ireland",), "swiss": ("switzerland",), "spanish": ("spain",),
    "danish": ("denmark",), "swedish": ("sweden",), "finnish": ("finland",), "polish": ("poland",),
    "turkish": ("turkey", "türkiye"), "greek": ("greece",), "chinese": ("china",), "japanese": ("japan",),
    "portuguese": ("portugal",), "vietnamese": ("vietnam",), "filipino": ("philippine",), "thai": ("thailand",),
    "czech": ("czechia", "czechoslovakia"), "slovak": ("slovakia",), "icelandic": ("iceland",),
    "norwegian": ("norway",), "peruvian": ("peru",), "german": ("germany",), "soviet": ("ussr",),
}
_DEMONYM_SUFFIXES = ("ian", "an", "ese", "ish", "ic", "i")
_WORD_RE = re.compile(r"(?<![\w'])[A-ZÀ-ÖØ-ÞА-ЯЁ][\w'\-]*")
_DIGITS_RE = re.compile(r"^\d+(?:\.\d+)?%?$")
_DECADE_RE = re.compile(r"(?<![\w'])'?(\d{2,3}0)s\b")
#: a pronoun among this many first words of a passage may stand for the claim's leading name
_PRONOUN_WINDOW = 4


_LEAD_LINKS = "of|the|to|di|de|da|del|della|von|van|der|du|la|le|and|a|an|in|on|for|at|from|et|y|e|v|vs|'n'|&|–|—"
_LEAD_RE = re.compile(
    rf"""\s*["'(]?((?:(?:[A-ZÀ-ÖØ-ÞА-ЯЁ0-9][\w'.\-–!?]*|(?:{_LEAD_LINKS})(?![\w']))[\s,.:;"'()]*)+)""")
#: share of the rest of the claim a pronoun-led text must hold for the claim's leading name to stand for it
_STAND_IN_COVERAGE = 0.5


_WORDS_RE = re.compile(r"[^\W\d_][\w'\-]*")


#: words that may open a sentence before its subject ("In 1974 the band ...", "Later the band ...")
_OPENERS = frozenset("in on at after before during by from since until when while later then".split())


def _stand_in_end(text: str, *, subject: bool = False) -> int | None:
    """Offset in ``text`` just after a pronoun or "the <noun>" among its first words ("In 1974 he",
    "The band"), or a German, French or Spanish subject pronoun opening it ("Sie bietet"): the sentence may name its subject only there. None when it has none. ``subject``: a
    "the <noun>" counts only as the sentence's subject (first, or after an opener such as "In 1974"), not as
    an object ("Peart wrote the second verse ...") nor after an ordinal ("The second verse is about ...": a
    part of the work, not its subject)."""
    words = list(_WORDS_RE.finditer(text))[:_PRONOUN_WINDOW]
    for i, m in enumerate(words):
        w = re.sub(r"'s$", "", m.group(0).lower())  # "It's"
        if w in _PRONOUNS or (i == 0 and w in _FOREIGN_SUBJECT_PRONOUNS):  # "Sie bietet ...", "Il est ..."
            return m.end()
        if w == "the" and i + 1 < len(words) and words[i + 1].group(0)[0].islower():
            if subject and not (i == 0 or i == 1 and words[0].group(0).lower() in _OPENERS):
                continue
            if subject and words[i + 1].group(0).lower() in _ORDINALS:
                continue  # "The second verse is about ...": a part of the work, not its subject
            return words[i + 1].end()
    return None


def _stand_in_start(text: str) -> bool:
    return _stand_in_end(text) is not None


def _lead_stand_in(claim: str, texts: list[str]) -> set[str]:
    """Tokens of the claim's leading name when a text that holds at least half of the rest of the claim has a
    pronoun or "the <noun>" among its first words ("In 1974 he joined ...", "The band released ..."): a
    decontextualised claim names the subject there. The leading name is the claim's opening run of
    capitalised words and name links ("Neil Peart", "Tommy, the Unsentimental", "Batman v Superman: Dawn of
    Justice"), or everything before the words that follow the pronoun in that text ("It covers an area" ->
    "The Electoral district of Bass covers an area"). Empty when there is no such text."""
    run = _LEAD_RE.match(claim)
    for t in texts:
        owner = _label_owner(claim, t)
        if owner is not None:  # "<owner>'s visitor numbers: ..." / "Visitor numbers: ...": the label stands in
            return set(tokenize(owner))
        end = _stand_in_end(t, subject=True)
        if end is None:
            continue
        lead = run.group(1) if run else ""
        after = [m.group(0) for m in _WORD_OR_NUMBER_RE.finditer(t[end:])][:2]
        if after:
            pattern = r"(?<!\w)" + r"\W+".join(map(re.escape, after)) + r"(?!\w)"
            found = compiled(pattern, re.IGNORECASE).search(claim)
            if found and found.start() > len(lead):
                lead = claim[:found.start()]
        lead_tokens = set(tokenize(lead))
        if not lead_tokens:
            continue
        rest = [w for w in dict.fromkeys(tokenize(claim[len(lead):])) if w not in lead_tokens]
        held = set(_tokens(t))
        if not rest or sum(1 for w in rest if w in held) / len(rest) >= _STAND_IN_COVERAGE:
            return lead_tokens
    return set()


def place_word_pair(a: str, b: str) -> bool:
    """Whether tokens ``a`` and ``b`` (as :func:`~shared.text.tokens.tokenize` gives them) are one place's name and
    its adjective or nationality word, either way round ("asia" / "asian", "norway" / "norwegian", "japan" /
    "japanese", "france" / "french"): one value, never two (:func:`_demonym_known`). False for a word and itself."""
    return a != b and (_demonym_known(a, {b}) or _demonym_known(b, {a}))


def _demonym_known(w: str, known: set[str]) -> bool:
    """A nationality word (a token) whose country is known, or a country whose nationality word is: the
    small list above, else a shared stem with a short ending ("canadian" / "canada", "italy" / "italian"), or a
    place ending in a vowel and its word with "n" added ("asia" / "asian", "korea" / "korean")."""
    if (len(w) >= 5 and w[-1:] == "n" and w[-2:-1] in ("a", "e", "o") and w[:-1] in known
            or len(w) >= 4 and w[-1:] in ("a", "e", "o") and w + "n" in known):
        return True
    if w in _DEMONYMS:
        return any(c in known for c in _DEMONYMS[w])
    if any(w in countries and d in known for d, countries in _DEMONYMS.items()):
        return True  # "France" / "French"
    suffix = next((x for x in _DEMONYM_SUFFIXES if w.endswith(x)), "")
    stem = w[:-len(suffix)] if suffix else ""
    if len(stem) >= 4 and any(k.startswith(stem) and len(k) - len(stem) <= 3 for k in known if k != w):
        return True  # a nationality word whose country is known
    stem = w[:-1] if w[-1:] in "aeiouy" else w
    return len(stem) >= 4 and any(k.startswith(stem) and 0 < len(k) - len(stem) <= 4 and k.endswith(
        _DEMONYM_SUFFIXES) for k in known)  # a country whose nationality word is known


def unsupported_names(claim: str, texts: list[str], *, allowed: list[str] | None = None) -> list[str]:
    """Names and numbers of ``claim`` that none of ``texts`` (nor ``allowed``) holds.

    Checked: every capitalised word that is not a function word (names, titles, nationality words such as
    "American"; the first word too) and every number written in digits. A word of a name written with symbols
    ("Node" of "Node.js", "NET" of ".NET") is held when the whole name is. A word counts as held when all its
    tokens (:func:`~shared.text.tokens.tokenize`: case-folded, plural and possessive stripped) are in some
    text; a nationality word also when its country is ("Canadian" / "Canada", "French" / "France"); a
    number when the same value is (digits or a number word: "2" / "two", "1,000" / "1000"), a decade
    ("1990s") when a year of it is. Allowances: ``allowed`` (e.g. the source's title: a decontextualised
    claim names the page's subject where the page says "he"), and the claim's leading name when a text that
    holds at least half of the rest of the claim has a pronoun or "the <noun>" among its first words ("Neil
    Peart was the drummer" / "He was the drummer"; see ``_lead_stand_in``).

    Returns: the unheld words and numbers as written in the claim, in claim order, without repeats; empty
    when everything is held. Ordinal words are not checked (see :func:`entailment`). Never raises.
    """
    claim = claim.translate(_QUOTES)
    sources = [t.translate(_QUOTES) for t in texts]
    known: set[str] = set()
    for t in [*sources, *(allowed or [])]:
        known.update(_tokens(t))
    known_nums = {_canon_num(t.rstrip("%")) for t in known if _NUM_RE.match(_word_num(t))}
    excused = _lead_stand_in(claim, sources)
    decades = {m.group(1) for m in _DECADE_RE.finditer(claim)}
    # a name written with symbols ("Node.js", ".NET", "AT&T") is one token: its words are held when it is
    named = [t for t in _tokens(claim) if not _DIGITS_RE.match(t) and any(ch in t for ch in "&+#.")]
    symbols = [t for t in named if t in known]
    missing: list[str] = [t for t in named if t not in known]  # "Node.js" is not held by "Node"
    for m in _WORD_RE.finditer(claim):
        word = m.group(0).rstrip("'-")
        toks = [t for t in tokenize(word) if not t[0].isdigit()]
        if all(t in known or t in excused or _demonym_known(t, known)
               or any(compiled(rf"(?<![a-z0-9]){re.escape(t)}(?![a-z0-9])").search(sym) for sym in symbols)
               for t in toks):
            continue
        missing.append(word)
    editions = {y for t in sources if (y := _edition_year(claim, t))}
    for tok in _tokens(claim):
        if not _DIGITS_RE.match(tok):
            continue
        value = _canon_num(tok.rstrip("%"))
        if value in known_nums or value in editions or tok in decades and any(
                n.startswith(tok[:-1]) and len(n) == len(tok) for n in known_nums):
            continue
        missing.append(tok)
    return list(dict.fromkeys(missing))


def _content_words(text: str) -> list[str]:
    """Distinct content tokens of ``text`` with number words read as numbers ("two" -> "2", "3rd" -> "third")."""
    return list(dict.fromkeys(_canon_num(_word_num(t)) if _NUM_RE.match(_word_num(t)) else t
                              for t in _tokens(text.translate(_QUOTES))))


def coverage(claim: str, evidence: str, *, allowed: list[str] | None = None) -> float:
    """Share (0-1) of the claim's distinct content words that ``evidence`` holds.

    Words are :func:`~shared.text.tokens.tokenize` tokens (stopwords dropped, plural and possessive endings
    stripped), number words read as numbers ("two" / "2") and digit ordinals as words ("3rd" / "third"). A
    word counts as held when ``evidence`` or one of ``allowed`` (e.g. the title of the claim's source: a
    decontextualised claim adds the page's subject) has it, when it is a nationality word whose country the
    evidence names ("Canadian" / "Canada"), or when it belongs to the claim's leading name and the evidence
    stands for it with a pronoun ("Neil Peart was the drummer" / "He was the drummer"). Unlike
    :func:`entailment` no word is excused for being common: every content word of the claim must be there
    ("... was banned by radio stations" against a passage that never mentions radio gets 0.4).

    Returns: 1.0 for a claim without content words. Never raises.
    """
    words = _content_words(claim)
    if not words:
        return 1.0
    known = set(_content_words(evidence))
    for t in allowed or []:
        known.update(_content_words(t))
    known |= _lead_stand_in(claim.translate(_QUOTES), [evidence.translate(_QUOTES)])
    return sum(1 for w in words if w in known or _demonym_known(w, known)) / len(words)


#: what ends the clause of a figure in a sentence: a comma that is no thousands separator, a semicolon, a dash, a
#: comparison ("19,400 overnight stays, compared with 41,200 in 2019")
_FIGURE_CLAUSE_RE = re.compile(r",(?!\d{3}(?!\d))|;|\s[–—-]\s|\b(?:compared\s+(?:with|to)|against|versus|whereas|while|"
                               r"up\s+from|down\s+from|than)\b", re.IGNORECASE)


def _years_of_other_figures(c_nums: list[tuple[str, str]], evidence: str) -> bool:
    """Whether every year of ``evidence`` that the claim does not give stands in a clause (:data:`_FIGURE_CLAUSE_RE`)
    with a figure the claim does not give and none it gives: "only 19,400 overnight stays, compared with 41,200 in
    2019" against "Year 2020: overnight stays 19,400." dates 41,200, not the claim's 19,400, to 2019 (no other year
    of the claim's figure). False when no such year is there."""
    values = {n for n, k in c_nums if k != "year"}
    years = {n for n, k in c_nums if k == "year"}
    found = False
    for clause in _FIGURE_CLAUSE_RE.split(evidence):
        nums = _numbers(tokenize(clause), clause)
        if not {n for n, k in nums if k == "year"} - years:
            continue
        figures = {n for n, k in nums if k != "year"}
        if figures & values or not figures:
            return False
        found = True
    return found


def _dated_row_of_another_year(claim: str, c_nums: list[tuple[str, str]],
                               missing: list[tuple[str, str]]) -> bool:
    """Whether ``claim`` dates its figures to a year (:func:`framed_year`: a table row's "Year 2024: crews entered
    455, events 26, racing days 3.", "In 2024 the club had 455 members.") that the evidence does not give
    (``missing``, the claim's numbers the evidence lacks, holds that year) and at least one of the claim's other
    figures is missing too: the evidence's figures are of another year ("| 2022 | 412 | 24 | 3 |"), not another value
    of the claim's; a shared figure (3 racing days in both years) makes them no disagreement. A claim whose every
    figure the evidence gives under another year keeps its year conflict (one figure dated to two years), and so
    does a claim with no figure but its year ("founded in 1887" / "founded in 1897")."""
    year = framed_year(claim)
    missing_values = {n for n, _k in missing}
    figures = [n for n, k in c_nums if k != "year"]
    return (year is not None and year in missing_values
            and any(n in missing_values for n in figures))


#: a sentence whose subject is a bare definite description: "The hut has 36 beds."
_DESCRIBED_SUBJECT_RE = re.compile(r"\s*The\s+([a-z][a-z\-]{2,})\b")


def _described_and_named(a: str, b: str) -> bool:
    """Whether one sentence's subject is a bare definite description ("The hut has 36 beds.") and the other names a
    thing of that noun ("The Kaltfirn Hut has 48 beds."): which hut the first means is not known from the two, so
    their figures are no values of one thing."""
    for x, y in ((a, b), (b, a)):
        m = _DESCRIBED_SUBJECT_RE.match(x)
        if m is None:
            continue
        noun = m.group(1)
        head = re.escape(noun[:1].upper() + noun[1:])
        if any(w.group(1) not in ("The", "A", "An", "This", "That")
               for w in re.finditer(rf"(?<![\w'’-])([A-Z][\w'’.\-]*)\s+{head}(?![\w'’-])", y)):
            return True
    return False


#: a claim placing a holder's role in the past ("was director until 2023", "the former manager"): it may be
#: supported by a text saying the holder left
_PAST_TENURE_RE = re.compile(r"\b(?:was|were|had\s+been|until|former|formerly|previous|previously|retired|outgoing)\b",
                             re.IGNORECASE)


def _ended_tenure(claim: str, evidence: str) -> bool:
    """Whether ``evidence`` says a person no longer holds a role (:func:`shared.text.succession.ended_holders`: "Ada
    Lenz, who took over from Tom Hale in 2024 when he retired, ...", "former director Tom Hale") whom ``claim``
    gives an office as a present fact (:data:`shared.text.succession.OFFICE_RE`: "X: general manager Tom Hale",
    "Tom Hale is the director"): the evidence tells that the claim is no longer so, it does not support it. A claim
    that itself says the holder left or places the role in the past (:data:`_PAST_TENURE_RE`: "was director until
    2024") is none. Names are matched by their last word (a surname)."""
    gone = ended_holders(evidence)
    if not gone or not OFFICE_RE.search(claim) or _PAST_TENURE_RE.search(claim):
        return False
    told = {n.split()[-1] for n in ended_holders(claim)}
    return any(n.split()[-1] not in told and re.search(rf"(?<![\w'’-]){re.escape(n.split()[-1])}(?![\w'’-])", claim)
               for n in gone)


def entailment(claim: str, evidence: str) -> Entailment:
    """Judge whether ``evidence`` supports, contradicts or is neutral to ``claim``.

    Signals:
      * coverage: share of the claim's distinct content tokens present in the evidence
        (claim-initial name tokens are excused when the evidence starts with a pronoun,
        e.g. claim "Scott Derrickson lives in LA" vs evidence "He lives in LA");
      * numbers: every number of the claim must appear in the evidence; a different
        number of the same kind (year, percent, or followed by the same word) in the
        evidence is a contradiction signal, except when the years differ too (values of
        different times: "In 2011 ... 1,450 inhabitants" vs "In 2001 ... 1,200 inhabitants";
        or the year differs and none of the claim's other figures is there; a number of years,
        "for more than ten years", is a duration, not a year),
        when the evidence's other year is that of another figure than the claim's, which it
        gives ("19,400 overnight stays, compared with 41,200 in 2019" vs "Year 2020: overnight
        stays 19,400"), and when one sentence's subject is a bare "the <noun>" and the other
        names a thing of that noun ("The hut has 36 beds" vs "The Kaltfirn Hut has 48 beds");
      * negation: differing parity of negation cues ("not", "no", "never", "n't",
        "without", ...; not those in quoted titles or names: '"Nobody's Hero"') on
        otherwise matching content is a contradiction when the negation denies a word of the
        other sentence (the first content word after the cue: "did not receive" against
        "received"; not "They do not include visitors to X" against "X received 8,900 visitors");
      * antonyms: a small list of opposite pairs (increase/decrease, won/lost, ...); an antonym or a negation
        said of different days or months (:func:`shared.text.hours.times_apart`: "closed on Mondays" vs "open
        Tuesday to Saturday") is none;
      * ordinals: "first".."twentieth" and "1st", "21st", ... are numbers in disguise: a
        different ordinal before the same lower-case word ("first single" vs "third
        single") is a contradiction signal, unless other numbers of the claim are missing or
        the evidence opens with a pronoun / "the <noun>" (then it is likely about another
        item: "PES 2 is the second installment" vs "PES 4 ... the fourth"); ordinals in
        names ("509th Bomb Wing") are not slots; an ordinal absent from the evidence is
        not required (it is often an adverb: "first performed");
      * swapped roles: two names of the claim in the opposite order around nearly the same
        words (see :func:`swapped_roles`: "A, one of B's victims" vs "B, one of A's victims");
      * names: a capitalised word or number of the claim the evidence does not hold (see
        :func:`unsupported_names`: "... by the band Genesis" vs "... by the band Rush") keeps
        the evidence from supporting the claim (it does not contradict it).

    Decision: "contradicted" if a negation/antonym/swap signal fires and the claim's
    non-number content is covered >= CONTEXT_THRESHOLD (0.8), or a number or ordinal
    conflict fires and all of the claim's (>= 2) other non-number content tokens are
    covered; "supported" if coverage >= SUPPORT_THRESHOLD (0.7), all claim numbers and names
    are present and no contradiction signal fires; else "neutral". ``reason`` names the
    signals of a "contradicted".

    Returns:
        :class:`Entailment`. A claim or evidence without content tokens gives
        ``neutral`` with score 1.0. Never raises.
    """
    # plain tokens: "3rd" stays "3", "rd" here (reading digit ordinals as words changes which sentences
    # support which claims and costs HotpotQA answers; ordinals are compared from the raw text below)
    c_all = tokenize(claim)
    e_all = tokenize(evidence)
    c_content = [t for t in c_all if t not in _NEGATION]
    e_content = [t for t in e_all if t not in _NEGATION]
    if not c_content or not e_content:
        return Entailment(label="neutral", score=1.0)
    ev_set = set(e_content)
    excused = _leading_excused(claim, c_content, ev_set, evidence)

    # the number of a plural noun phrase put in place of "them" ("All of the six furnaces" / "All of them") is the
    # previous sentence's, not this one's to state
    c_nums = _numbers([t for t in c_content if t not in excused] if _QUANTIFIED_PRONOUN_RE.match(evidence)
                      else c_content, claim)
    e_nums = _numbers(e_content, evidence)
    if (edition := _edition_year(claim, evidence)) is not None:
        # "The 2026 Orla Regatta is run by ..." named from its page's "The regatta is run by ...": the year is the
        # edition's name, which that sentence gives by its page
        c_nums = [(n, k) for n, k in c_nums if not (n == edition and k == "year")]
    num_tokens = {t for t in c_content if _NUM_RE.match(_word_num(t))}
    c_words = [t for t in dict.fromkeys(c_content) if t not in excused]
    c_nonnum = [t for t in c_words if t not in num_tokens]

    # antonym matching: a claim word whose antonym (not itself) is in the evidence
    antonym_hits = [
        t for t in c_nonnum if t not in ev_set and _ANTONYMS.get(t) in ev_set
    ]
    covered = [t for t in c_words if t in ev_set]
    coverage = len(covered) / len(c_words) if c_words else 1.0
    ctx_den = len(c_nonnum)
    ctx_cov = (
        (sum(1 for t in c_nonnum if t in ev_set) + len(antonym_hits)) / ctx_den if ctx_den else 0.0
    )

    # numbers
    missing_nums, conflicts = _unmatched_numbers(c_nums, e_nums)
    # ratings and scores ("3.5 out of 5", "4.5/5") are whole figures: the claim's rating must be the evidence's
    # (same value on the same scale), and the scale of the evidence's rating ("out of 5") is no value stating a
    # claim's "5" ("5 out of 5" / "3.5 out of 5"; "rated 5 stars" / "3.5 stars out of 5")
    c_rats = _ratings(claim)
    e_rats = _ratings(evidence)
    if c_rats or e_rats:
        e_scales = {s for _, s in e_rats}
        # a claim's rating is judged as one figure where the evidence rates on its scale; else ("one of two
        # founders" / "one of the two founders") its numbers are read one by one, as any other numbers
        judged_rats = [r for r in c_rats if r in e_rats or r[1] in e_scales]
        c_plain = _remove_once(c_nums, [x for r in judged_rats for x in r])
        e_plain = _remove_once(e_nums, [s for _, s in e_rats])
        missing_nums, conflicts = _unmatched_numbers(c_plain, e_plain)
        for v, s in judged_rats:
            if (v, s) not in e_rats:
                missing_nums.append((f"{v}/{s}", f"of {s}"))
                conflicts.add(f"of {s}")
    c_figures = [n for n, k in c_nums if k != "year"]
    if "year" in conflicts and (conflicts - {"year"} or (
            c_figures and all(n in {m for m, _k in missing_nums} for n in c_figures))):
        # other years and other values ("In 2011 the town had 1,450 inhabitants" / "In 2001 ... 1,200"; "Season
        # 2023: paying members 140, boats 14." / a table's row "| 2019 | 96 | 11 |"): the values of different times,
        # no contradiction
        conflicts = set()
    if conflicts == {"year"} and _dated_row_of_another_year(claim, c_nums, missing_nums):
        # the claim dates its figures to a year ("Year 2024: crews entered 455, events 26, racing days 3.") and the
        # evidence gives another year with other figures (the table's row "| 2022 | 412 | 24 | 3 |"): the rows of a
        # series are different facts, however many of their figures happen to be equal
        conflicts = set()
    if conflicts and (framed_year(claim) is None) != (framed_year(evidence) is None) \
            and not any(k == "year" for _n, k in (c_nums if framed_year(claim) is None else e_nums)):
        # one sentence dates its figure to a year and the other gives an undated one ("In 2023 the same ticket cost
        # 8.10 crowns" / "A single ticket costs 8.90 crowns"): a figure of a series, of another time, no contradiction
        conflicts = set()
    if conflicts == {"year"} and (row := YEAR_ROW_RE.match(claim)) is not None \
            and row.group(1) not in {n for n, k in e_nums if k == "year"} \
            and len({n for n, k in e_nums if k == "year"}) >= 2:
        # a by-year row ("Quillhaven Open 2024: past champion Petra Volk-Linden.") against a by-year list's other
        # rows ("2021 - Jory Tallis 2022 - Petra Volk-Linden"): another year's values, however equal, no
        # contradiction (shared.text.tables.year_list_rows)
        conflicts = set()
    if conflicts == {"year"} and not [n for n, k in missing_nums if k != "year"] \
            and _years_of_other_figures(c_nums, evidence):
        # the claim's figure is there and the evidence's other year is another figure's ("19,400 overnight stays,
        # compared with 41,200 in 2019" / "Year 2020: overnight stays 19,400")
        conflicts = set()
    if conflicts and _described_and_named(claim, evidence):
        # "The hut has 36 beds" / "The Kaltfirn Hut has 48 beds": maybe two huts, no value of one thing
        conflicts = set()
    number_conflict = bool(conflicts)

    # a table's header row names its columns ("| Year | Pass road open days |"): its words state nothing a negation
    # denies ("The pass road is not open all year" against the rows of "open days")
    stated = _HEADER_ROW_RE.sub("", evidence)
    c_neg = _negations(claim, stated)
    e_neg = _negations(stated, claim)
    # the negation must deny what the other sentence states, not another predicate of another subject ("They do not
    # include visitors to the museum" is no denial of "The museum received 8,900 visitors")
    negation_mismatch = _window_denies(claim, stated, c_neg, e_neg)

    # ordinals: a different ordinal before the same word ("first single" vs "third single")
    # (only with the same numbers, in a sentence not about "it" / "the song": otherwise the sentences are
    # likely about different things, "PES 2 is the second installment" vs "PES 4 is the fourth installment")
    c_ords: dict[str, set[str]] = {}
    e_ords: dict[str, set[str]] = {}
    for o, k in _ordinal_slots(claim):
        c_ords.setdefault(k, set()).add(o)
    for o, k in _ordinal_slots(evidence):
        e_ords.setdefault(k, set()).add(o)
    ordinal_conflict = any(k in e_ords and not (os & e_ords[k]) for k, os in c_ords.items())
    ord_ctx = [t for t in c_nonnum if not _is_ordinal(t) and t not in ORDINAL_SUFFIXES]
    other_missing = [n for n, k in missing_nums if k not in ORDINAL_SUFFIXES]  # "1st": "1" of kind "st"
    ordinal_contra = (ordinal_conflict and not other_missing and not _stand_in_start(evidence)
                      and len(ord_ctx) >= 2 and all(t in ev_set for t in ord_ctx))

    swap = swapped_roles(claim, evidence) if ctx_cov >= CONTEXT_THRESHOLD else None

    contradiction = (number_conflict or negation_mismatch or bool(antonym_hits) or ordinal_conflict
                     or swap is not None)
    # A different number only contradicts when everything else matches (otherwise the
    # sentences are likely about different things: "the 86-lap race" vs "the 110-lap race"
    # with other differences); negation/antonyms need a strong shared context.
    # a state and its contrary, or its denial, said of different days or months ("closed on Mondays" / "open Tuesday
    # to Saturday") deny nothing
    apart = (negation_mismatch or bool(antonym_hits)) and times_apart(claim, evidence)
    # nor does a sentence setting its subject against the claim's ("Unlike the Orvane Pass road, which is closed every
    # winter, the tunnel is open all year round": :func:`shared.text.terms.contrasted_other`): it states the other
    # thing's
    apart = apart or ((negation_mismatch or bool(antonym_hits)) and contrasted_other(evidence, claim))
    signals = {
        "negation": negation_mismatch and ctx_cov >= CONTEXT_THRESHOLD and not apart,
        "antonym": bool(antonym_hits) and ctx_cov >= CONTEXT_THRESHOLD and not apart,
        "number": number_conflict and ctx_den >= 2 and ctx_cov >= 1.0,
        "ordinal": ordinal_contra,
        "swapped roles": swap is not None,
    }
    # two models of one line ("The Brevona Duo's bowl holds 5.0 litres" / "The Brevona Duo XL holds 9.0 litres"):
    # the evidence speaks of the other model, whose figures neither contradict nor state the claim's
    # (:func:`shared.text.terms.names_another_variant`; read only when a verdict would follow, names cost a pass)
    settled = (any(signals.values()) and not excused) or (coverage >= SUPPORT_THRESHOLD and not missing_nums
                                                          and not contradiction)
    if settled and names_another_variant(claim, evidence):
        return Entailment(label="neutral", score=round(1.0 - coverage * 0.5, 6))
    # An evidence sentence that opens with a pronoun may be about someone else: it never contradicts.
    if any(signals.values()) and not excused:
        return Entailment(label="contradicted", score=round(min(1.0, ctx_cov), 6),
                          reason=", ".join(k for k, v in signals.items() if v))
    # (and a holder given an office that the evidence says he left, "... took over from Tom Hale when he retired",
    # is not supported by it: :func:`_ended_tenure`)
    unnamed = (coverage >= SUPPORT_THRESHOLD and not missing_nums and not contradiction
               and (bool(unsupported_names(claim, [evidence])) or _ended_tenure(claim, evidence)))
    if coverage >= SUPPORT_THRESHOLD and not missing_nums and not contradiction and not unnamed:
        return Entailment(label="supported", score=round(coverage, 6))
    penalty = 0.5 if missing_nums or unnamed else 1.0
    return Entailment(label="neutral", score=round(1.0 - coverage * penalty, 6))


