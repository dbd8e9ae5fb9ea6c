"""What the offline lead states before its claims: yes or no, and which option of a choice (no model, English).

- :func:`decide_yes_no`: a yes/no question ("Are A and B both shrubs?", "Is Havnby in Denmark?") is answered
  "yes" only when, for each thing it asks about, a claim about that thing holds the question's remaining terms
  (words compared by stem: "genuses" / "genus"); "no" only when the claims establish it: one option holds them
  and the other's defining sentence (the opening of its own page) does not, two things of "the same
  nationality" (country, origin) each stated with a nationality, different ones (:func:`_same`: "Yes" when the
  stated values match, "English" and "British" alike; open when one is not stated; another "same X" is "Yes"
  when their claims share a name, else open), a claim about the one subject asked about states the question's
  terms but denies them ("The ferry is not open to cars", "no longer", "never") or states the opposite of one
  (:data:`OPPOSITES`: "closed to cars" for "Is it open to cars?"), a question dating the subject's event against a
  year ("Was it completed before 1800?") is answered by the date a claim gives the event ("completed in 1782"), one
  measuring it against an amount ("Is it longer than 100 kilometres?") by the amount a claim about it gives in that
  unit ("flows for 143 kilometres"), or a
  claim about the subject contradicts the question's statement (:func:`shared.text.entailment.entailment`). Otherwise the lead says the claims leave it open
  (:data:`UNDECIDED_TEXT`), never a guessed "No". A defining sentence without a trait that definitions do not
  state (:data:`_TRAITS`: "of Armenian descent") decides nothing.
- :func:`decide_choice`: a choice ("Which came first, A or B?", "Who is older, A or B?", "Which peak is
  higher, A or B?") is decided by comparing the date or number each option's claim states (earlier wins for
  first / older / earlier, later for later / younger / newer, the larger amount for more / higher / longer,
  the smaller for fewer / lower / shorter: amounts only in a unit both claims use); a choice by an attribute
  ("Which is a Macedonian weekly, A or B?") by the option whose claim holds clearly more of the question's
  other terms. :func:`choice_sentence` writes a choice by value ("The Lady was published first: 1885 [2];
  Woman's Day: 1931 [1]."); a choice by attribute is stated by writing the winner's claims first.

Every decision names the claims it rests on, so the sentence that states it cites them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import NamedTuple

from shared.text.answer import (
    answer_type,
    asked_years,
    attribute_comparison,
    choice_count_nouns,
    comparison_options,
    relation_terms,
    wh_head_terms,
)
from shared.text.entailment import entailment, framed_years
from shared.text.groups import (
    Group,
    asked_group,
    asked_party,
    group_range_fits,
    kind_prices,
    party_total,
    per_head_total,
)
from shared.text.hours import (
    DENIAL_RE,
    DENIAL_REACH,
    OPEN_STATE,
    asked_time,
    asks_hours,
    bound_state,
    cycle_places,
    gives_hours,
    names_times,
    recurring_time,
    recurring_times_stated,
    time_state,
)
from shared.text.numbers import NUMBER_WORD_PATTERN, phrase_value
from shared.text.packages import is_plain_english
from shared.text.patterns import pattern as compiled
from shared.text.quantity import (
    ATTRIBUTE_KINDS,
    UNIT_HYPHEN,
    asked_quantity,
    attribute_count_nouns,
    compared_quantity,
    counted_nouns,
    counts,
    counts_measure,
    figure_kind,
    sized_people,
    states_quantity,
)
from shared.text.records import asks_count_record, superseded_figures
from shared.text.relations import RELATIONS, about_opening_hours, relation_of, same_relation
from shared.text.relations import same_stem as snowball_stem
from shared.text.sizes import SIZE_WORDS, figure_dimensions, ranked_superlatives, size_dimensions
from shared.text.succession import NOW_ADVERBS, OFFICE_RE, asks_previous, ended_holders, succession_pairs
from shared.text.synonyms import said_plainly, same_thing, with_synonyms
from shared.text.tables import YEAR_ROW_RE
from shared.text.terms import (
    clean_title,
    edition_ordinal,
    find_entities,
    key_terms,
    look_alike_mark,
    names_prefixed_other,
    names_written_alone,
    qualified_head_names,
    tail_mark,
    told_apart,
    variant_suffix,
)
from shared.text.tokens import ARTICLES, FOREIGN_ARTICLES, split_clauses, tokenize
from shared.text.verbs import IRREGULAR_VERBS, finite_verb, participle, past_of, same_verb, third_person_of

__all__ = ["Choice", "head_noun_claims", "stated_comparison", "Extreme", "decide_extreme", "extreme_sentence", "Gap", "OPPOSITE_COMPARATIVES", "gap_words", "YesNo", "yes_no_sentence", "decide_gap", "gap_sentence", "UNDECIDED_TEXT", "OPPOSITES", "is_about", "choice_predicate", "choice_sentence",
           "comparative", "contradicts_statement", "decide_choice", "decide_yes_no", "denies", "same_stem", "same_state", "states_predicate",
           "AGE_RE", "stated_age", "with_kind_noun", "AttributeValues", "decide_attributes", "attributes_sentences",
           "GroupPrice", "decide_group_price", "group_price_sentence",
           "PartyPrice", "decide_party_price", "party_price_sentence", "nouns_named"]

#: what the lead says when the claims establish neither yes nor no
UNDECIDED_TEXT = "The verified claims leave this question open; what they say:"
#: a claim of an option is searched among this many of its best claims
OPTION_CLAIMS = 8
#: claims of pages whose title names a thing, naming nothing, read after its :data:`OPTION_CLAIMS` (:func:`_claims_about`)
TITLED_CLAIMS = 2
#: words that share this many first letters are one word for the yes/no and choice checks ("published" /
#: "publication", "genuses" / "genus"); a shorter word must be the other's start
STEM_LETTERS = 5

_AUX = frozenset(("is are was were am do does did can could has have had will would should shall may might must "
                  "isn't aren't wasn't weren't doesn't don't didn't hasn't haven't").split())
#: words a claim need not repeat: "both", "same", and the adverbs that only say "at some time" ("Was X ever mayor of
#: Y?" is answered by "X served as mayor of Y")
_FILLER = frozenset(tokenize("both same type types kind kinds sort either neither also all each one ever formerly "
                             "previously"))
#: nouns of a trait that a defining sentence ("X is a ...") does not state: its absence there denies nothing
_TRAITS = tuple(tokenize("descent ancestry origin heritage ethnicity nationality citizenship citizen religion faith "
                         "language birthplace age height weight size population"))
_NEGATED = re.compile(r"\b(?:not|never|neither|nor)\b|n't\b", re.IGNORECASE)
_SAME_RE = re.compile(r"\bsame\b", re.IGNORECASE)

#: comparative words -> the direction that wins: "early" (the earlier date), "late", "more", "less"
_DIRECTION: dict[str, str] = {
    **dict.fromkeys("first earlier earliest older oldest before sooner".split(), "early"),
    **dict.fromkeys("later latest younger youngest newer newest recent recently last after".split(), "late"),
    **dict.fromkeys(("more most higher highest longer longest larger largest bigger biggest taller tallest greater "
                     "greatest heavier heaviest wider widest deeper deepest").split(), "more"),
    **dict.fromkeys("less least fewer fewest smaller smallest shorter shortest lower lowest".split(), "less"),
}
#: verbs of the event whose date a temporal choice compares ("born first", "published first")
_EVENTS = tuple(tokenize("born birth founded formed released published established opened built created started "
                         "launched premiered aired debuted written produced introduced discovered elected began "
                         "died founding publication release"))

_MONTH_RE = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|" \
            r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_DATE_RE = re.compile(
    rf"\b(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m1>{_MONTH_RE})\.?,?\s+(?P<y1>\d{{3,4}})"
    rf"|(?P<m2>{_MONTH_RE})\.?\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<y2>\d{{3,4}})"
    rf"|(?P<m3>{_MONTH_RE})\.?,?\s+(?P<y3>\d{{3,4}})"
    r"|(?P<y4>1\d{3}|20\d{2}))\b", re.IGNORECASE)
_AMOUNT_RE = re.compile(r"(?<![\w.,])(?:(?P<low>\d[\d,]*(?:\.\d+)?)\s*(?:to|–|-|and)\s*)?"
                        r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?![\w,.]\d)"
                        rf"(?:{UNIT_HYPHEN}|\s*)(?P<unit>%|[A-Za-z]{{1,15}}\b)?")  # "22 metres", "a 22-metre tower"
#: unit words written in several ways -> one unit ("8163 m" and "7509 metres" compare)
_UNITS: dict[str, str] = {
    **dict.fromkeys("m metre metres meter meters".split(), "m"),
    **dict.fromkeys("km kilometre kilometres kilometer kilometers".split(), "km"),
    **dict.fromkeys("cm centimetre centimetres centimeter centimeters".split(), "cm"),
    **dict.fromkeys("ft foot feet".split(), "ft"), **dict.fromkeys("mi mile miles".split(), "mi"),
    **dict.fromkeys("kg kilogram kilograms".split(), "kg"), **dict.fromkeys("lb lbs pound pounds".split(), "lb"),
    **dict.fromkeys("% percent per cent".split(), "%"),
    # a number of people: "12,400 inhabitants", "8,950 residents" and "a population of 9,000" compare
    **dict.fromkeys("people persons inhabitants residents citizens population".split(), "people"),
}
_NOT_UNITS = frozenset("and or to in on at by of the a an was were is are from with for as than when s".split())
#: units of :data:`_UNITS` -> (dimension, factor to its base unit): "7.4 km" and "940 m" compare as 7,400 and 940 metres
_BASE_UNITS: dict[str, tuple[str, float]] = {
    "m": ("length", 1.0), "km": ("length", 1000.0), "cm": ("length", 0.01), "ft": ("length", 0.3048),
    "mi": ("length", 1609.344), "kg": ("mass", 1.0), "lb": ("mass", 0.45359237),
}


@dataclass(frozen=True)
class YesNo:
    """A yes/no decision: ``answer`` (True yes, False no, None the claims do not tell) and ``cited`` (indices of
    the claims it rests on, to write first; empty when undecided)."""

    answer: bool | None
    cited: tuple[int, ...] = ()
    #: a comparison of one thing's figures at two times: each figure with its year, as written ("27,000 visitors in
    #: 2023", "21,000 visitors in 2019", the question's order) and their difference ("6,000 more"); else empty
    values: tuple[str, ...] = ()
    difference: str = ""
    #: the answer compares two figures of the quantity asked that the cited claims state (one thing's figures at
    #: two times, or two things' dates of the event asked or amounts in one unit), or a cited claim's figure with the
    #: question's own ("completed in 1782" against "before 1800", "48 metres" against "taller than 40 metres"): the
    #: figures decide it
    by_figures: bool = False
    #: a comparative of size as a whole ("Is A larger than B?") decided by counts of things each holds ("1,240
    #: animals"), no pair of sizes being there: a count is no size, so the answer is not established by it
    by_count: bool = False
    #: a "No" read from claims naming another doer of the asked relation ("founded in 1962 by Q" for "Was X founded by
    #: Y?"): inferred, not stated, as a relation may have doers a claim leaves out
    by_other_doer: bool = False
    #: a "No" read from claims giving the asked thing another recurring time of the kind asked ("held every October"
    #: for "Is X held in March?"): inferred, not stated, as a thing may recur at times a claim leaves out
    by_other_time: bool = False
    #: a "No" read from a claim saying another succeeded the person asked of in office, or that the person left it
    #: (:func:`_left_office`): a page still naming the person in office is older, superseded, no second side
    left_office: bool = False


@dataclass(frozen=True)
class Choice:
    """The decided option of a choice question.

    Attributes:
        options: the options as the question names them, the winner first.
        cited: the claim each option's statement rests on (indices), in the order of ``options``.
        values: the date or amount each claim states, as written, in the order of ``options`` (empty for a choice
            by attribute).
        predicate: what the question says of the answer ("was published first", "is a Macedonian weekly"), or
            "" when it cannot be read off the question.
        comparative: the comparative word of a comparison by value ("first", "higher"), else "".
        by_figures: the values are figures of the quantity asked (dates of the event the question names, amounts
            in a unit the question names or of the kind its comparative compares), so the figures decide it.
        by_count: a comparative of size as a whole ("Which is larger, A or B?") is decided by counts of things each
            option holds ("1,240 animals" against "610 animals"), no pair of sizes (areas, lengths, masses) or
            numbers of people being there: a count is no size, so the choice is not established by it.
        stated: one claim (``cited`` holds it for both options) says outright that one option is the comparative
            of the other ("A is aged 9 months longer than B": :func:`_stated_comparison`); it leads.
    """

    options: tuple[str, ...]
    cited: tuple[int, ...]
    values: tuple[str, ...] = ()
    predicate: str = ""
    comparative: str = ""
    by_figures: bool = False
    by_count: bool = False
    stated: bool = False


def same_stem(a: str, b: str) -> bool:
    """Whether two tokens are one word: equal, or of one Snowball stem ("farmed" / "farming":
    :func:`shared.text.relations.same_stem`), or sharing their first :data:`STEM_LETTERS` letters, or the shorter
    (3 letters or more) being the other's start ("born" / "borne"). Numbers only when equal."""
    if a == b:
        return True
    if a[:1].isdigit() or b[:1].isdigit():
        return False
    if snowball_stem(a, b):  # "farmed" / "farming", "edit" / "edited"
        return True
    short, long_ = sorted((a, b), key=len)
    if len(short) < STEM_LETTERS:
        return len(short) >= 3 and long_.startswith(short) and len(long_) - len(short) <= 2
    return a[:STEM_LETTERS] == b[:STEM_LETTERS]


def _held(terms: Sequence[str], tokens: set[str]) -> int:
    """How many of ``terms`` ``tokens`` hold: the same word (:func:`same_stem`), a word of the same relation
    (:func:`shared.text.relations.same_relation`: "native" / "born", "established" / "founded"), of the same side
    of a state and its opposite (:data:`OPPOSITES`: "reopened" states "open") or a near-synonym noun
    (:func:`shared.text.synonyms.same_thing`: "furnace" holds "oven"), a phrase of several words among them
    (:func:`shared.text.synonyms.with_synonyms`: "car park" holds "parking" and "lot" of "parking lot")."""
    tokens = with_synonyms(tokens, terms)
    return sum(1 for t in terms if any(same_stem(t, w) or same_relation(t, w) or _same_side(t, w) or same_thing(t, w)
                                       for w in tokens))


#: states and their opposites, as words are written (lower case): a claim stating the opposite of the question's
#: word ("closed to heavy trucks" for "Is it open to heavy trucks?") denies it, and the words of one side state one
#: thing ("reopened to visitors" states "open to visitors")
OPPOSITES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    OPEN_STATE,  # open / closed (:data:`shared.text.hours.OPEN_STATE`)
    # a permission: "Dogs on a lead are welcome on the path" / "are admitted" allow them (a modal or "are fine" says
    # it too, read by :func:`_permission_said`)
    (frozenset("allowed permitted legal lawful welcome admitted".split()),
     frozenset("banned prohibited forbidden illegal outlawed unlawful".split())),
    (frozenset("active operational".split()), frozenset("inactive defunct disbanded dissolved".split())),
    (frozenset("available".split()), frozenset("unavailable".split())),
    # a service that runs, or does not ("Does the line run in winter?": "The line is closed in winter")
    (frozenset("run runs operate operates operating".split()), frozenset("closed shut suspended".split())),
    (frozenset("included".split()), frozenset("excluded".split())),
    (frozenset("accessible".split()), frozenset("inaccessible".split())),
    # an event of a year: held, or called off ("Was the fair held in 2020?": "The 2020 fair was cancelled")
    (frozenset("held hold holds staged stages".split()),
     frozenset("cancelled canceled cancels cancel scrapped postponed".split())),
    # paying to enter, or not ("Do children under six have to pay?": "Children under six go free")
    (frozenset("pay pays paying charged".split()), frozenset("free".split())),
)


_AGE = rf"(?:\d{{1,3}}|(?:{NUMBER_WORD_PATTERN})(?:[- ](?:{NUMBER_WORD_PATTERN}))?)"
#: a group of people by age: "under six", "below 12", "younger than 5"; "over 65", "65 and over", "65+"; "from six to
#: sixteen", "aged 6-16", "between 6 and 16"
_AGE_BAND_RE = re.compile(
    rf"\b(?:(?P<under>under|below|younger\s+than|less\s+than)\s+(?P<u>{_AGE})\b"
    rf"|(?:over|above|older\s+than)\s+(?P<o>{_AGE})\b"
    rf"|(?P<o2>{_AGE})\s*(?:\+|(?:years\s+)?(?:and|or)\s+(?:over|above|older)\b)"
    rf"|(?:from|aged|ages|between)\s+(?P<lo>{_AGE})\s*(?:to|-|–|and)\s*(?P<hi>{_AGE})\b)",
    re.IGNORECASE)


#: phrases saying nothing is paid: "free of charge", "no charge", "without charge", "at no cost", "no admission fee"
_FREE_PHRASE_RE = re.compile(r"\b(?:free\s+of\s+charge|(?:at\s+)?no\s+(?:extra\s+|admission\s+|entry\s+)?"
                             r"(?:charge|cost|fee)|without\s+charge)\b", re.IGNORECASE)


def _age_value(written: str) -> int | None:
    return int(written) if written.isdigit() else phrase_value(written)


def age_band(text: str) -> tuple[int, float] | None:
    """The first age band ``text`` names of a group of people, as (lowest age, highest age below which it ends;
    ``math.inf`` when open): "Children under six go free" -> (0, 6); "Children from six to sixteen pay four euros"
    -> (6, 16); "visitors over 65" / "65 and over" / "65+" -> (65, inf). None when it names none. A yes/no about
    one group is settled only by a claim about that group (issue 9, trial t51 fault F2). Never raises."""
    m = _AGE_BAND_RE.search(text or "")
    if m is None:
        return None
    if m.group("u"):
        v = _age_value(m.group("u"))
        return None if v is None else (0, v)
    if m.group("o") or m.group("o2"):
        v = _age_value(m.group("o") or m.group("o2"))
        return None if v is None else (v, math.inf)
    lo, hi = _age_value(m.group("lo")), _age_value(m.group("hi"))
    return None if lo is None or hi is None else (lo, hi)


def age_bands(text: str) -> list[tuple[int, float]]:
    """Every age band ``text`` names of a group of people, in text order (:func:`age_band` reads the first):
    "Children from six to fifteen pay half price, and children under six ride free of charge" -> [(6, 15), (0, 6)].
    Never raises."""
    out: list[tuple[int, float]] = []
    for m in _AGE_BAND_RE.finditer(text or ""):
        band = age_band(m.group(0))
        if band is not None and band not in out:
            out.append(band)
    return out


#: where a sentence's clauses part: a comma, semicolon or colon, or "and" / "but" / "while" / "whereas" after one
_CLAUSE_SPLIT_RE = re.compile(r"\s*[,;:]\s*(?:and|but|while|whereas)?\s*|\s+(?:while|whereas)\s+")


def band_clause(text: str, band: tuple[int, float]) -> str:
    """The clauses of ``text`` that speak of the age band ``band`` when ``text`` names several groups by age ("and
    children under six ride free of charge" of "Children from six to fifteen pay half price, and children under six
    ride free of charge" for (0, 6)): what the sentence says of one group is read in its own clause. ``text`` as it
    is when it names one band or none, or no clause names ``band`` alone. Never raises."""
    if len(age_bands(text)) < 2:
        return text
    own = [c for c in _CLAUSE_SPLIT_RE.split(text) if c and age_bands(c) == [band]]
    return " ".join(own) if own else text


#: a permission denied by a modal: "can't", "cannot", "may not", "must not" (read as "not allowed")
_NOT_PERMITTED_RE = re.compile(r"\b(?:can(?:['’]t|not|\s+not)|may\s+not|must(?:n['’]t|\s+not))\b", re.IGNORECASE)
#: a permission given by a modal ("dogs can come", "visitors may bring ...": "may" in lower case, the month being
#: capitalised) or by "fine" after a copula ("dogs on a lead are fine"; "a fine of 50 euros" is a penalty)
_PERMITTED_RE = re.compile(r"\b(?:[Cc]an|may)\b(?!['’])|\b(?:is|are|be|was|were)\s+fine\b")


#: a ban written as a sign, "no" opening a clause before a noun: "No dogs on the path", "Sorry, no dogs on the
#: circuit" (read as "not allowed dogs ..."; "There are no dogs" is a count, no ban: "no" does not open the clause);
#: group 2 is the word after "no", a ban only when it is the thing asked (:func:`_permission_said`)
_SIGN_BAN_RE = re.compile(r"(?:^|(?<=[,;:(–—]))(\s*)no(?=\s+([^\W\d_]+))"
                          r"(?!\s+(?:more|less|fewer|longer|later|earlier|sooner)\b)", re.IGNORECASE)
#: an exception to what a sentence says: a parenthesis, or a tail from "except" / "apart from" / "other than" / "but
#: for" / "save for" / "with the exception of" / "but" to its clause's end ("Dogs are not allowed, except assistance
#: dogs", "No dogs (assistance dogs are fine)", "No dogs, but guide dogs are welcome")
_EXCEPTION_RE = re.compile(
    r"\s*\([^()]*\)|,?\s*\b(?:except(?:ing)?(?:\s+for)?|apart\s+from|other\s+than|but\s+for|save\s+for|"
    r"with\s+the\s+exception\s+of|but)\b[^,;.()]*", re.IGNORECASE)


#: a question asking leave, written before its answer as a FAQ writes it ("Can I bring my dog: Sorry, no.", "May we
#: camp? Yes, in the field"): the modal opening it asks, it gives no leave; group ``body`` what is asked, ``answer``
#: the reply after the colon or question mark
_ASKED_LEAVE_RE = re.compile(r"^\s*(?:Q\s*:\s*)?(?:can|could|may)\s+(?P<body>[^:?.!]+?)\s*[:?]\s*(?:A\s*:\s*)?"
                             r"(?P<answer>\S.*)$", re.IGNORECASE | re.DOTALL)
#: a bare reply opening an answer: "no" / "nope" (after "sorry"), "yes" / "yep" / "of course" / "sure"
_REPLY_NO_RE = re.compile(r"^(?:sorry\s*,?\s*|i['’]m\s+afraid\s*,?\s*)?(?:no|nope)\b", re.IGNORECASE)
_REPLY_YES_RE = re.compile(r"^(?:yes|yep|yeah|of\s+course|sure)\b", re.IGNORECASE)


def _asked_leave(text: str) -> str:
    """``text`` with a question asking leave before its reply (:data:`_ASKED_LEAVE_RE`) written as the reply says:
    "Can I bring my dog: Sorry, no." -> "not allowed I bring my dog. Sorry, no."; "May we camp? Yes, in the field" ->
    "allowed we camp. Yes, in the field"; a reply of neither word keeps only the reply ("Can I fish? Only from the
    pier." -> "Only from the pier."). Any other text unchanged. Never raises."""
    m = _ASKED_LEAVE_RE.match(text or "")
    if m is None:
        return text
    answer = m.group("answer")
    if _REPLY_NO_RE.match(answer):
        return f"not allowed {m.group('body')}. {answer}"
    if _REPLY_YES_RE.match(answer):
        return f"allowed {m.group('body')}. {answer}"
    return answer


def _permission_said(text: str, nouns: Sequence[str] = ()) -> str:
    """``text`` with a permission its modal or copula gives written as "allowed" and one a modal denies as "not
    allowed" (:data:`OPPOSITES`), as one a sign's "no" denies before a thing asked (:data:`_SIGN_BAN_RE`; ``nouns``:
    the question's tokens naming it, "dog": "Sorry, no dogs" -> "Sorry, not allowed dogs"; "No charge for dogs", "No
    need to book" deny nothing): "They can't come into the gallery" -> "They not allowed come into the gallery";
    "Yep, dogs on a lead are fine on the path" -> "Yep, dogs on a lead allowed on the path"; "opened in May 1962"
    unchanged; a FAQ's question asking leave is read by its reply (:func:`_asked_leave`: "Can I bring my dog: Sorry,
    no." says not allowed). For a question asking whether something is allowed; never raises."""
    def ban(m: re.Match[str]) -> str:
        word = tokenize(m.group(2))
        # the asked thing itself or its plural / singular, not another noun a "no" opens ("no charge", "no need")
        return f"{m.group(1)}not allowed" if word and any(same_stem(t, word[0]) for t in nouns) else m.group(0)

    text = _SIGN_BAN_RE.sub(ban, _asked_leave(text or ""))
    return _PERMITTED_RE.sub(" allowed ", _NOT_PERMITTED_RE.sub(" not allowed ", text))


def without_exception(text: str, nouns: Sequence[str]) -> str:
    """``text`` (a claim) without the exceptions it makes of a narrower kind of what a permission question asks about
    (``nouns``: the question's tokens naming it, "dog" of "Are dogs allowed at X?"), when its main clause speaks of
    that thing too: "Sorry, no dogs on the circuit (assistance dogs are fine)." -> "Sorry, no dogs on the
    circuit."; "Dogs are not allowed on the path, except assistance dogs." -> "Dogs are not allowed on the path.".
    The main clause says what holds of the thing in general, and a permission of a few of its kind is no "yes" (trial
    t56 F6). An exception naming none of ``nouns`` ("except on Sundays"), or one whose rest no longer names every
    one of ``nouns`` the whole names ("The café (dogs are fine) ...", "Dogs are welcome (except on the path)" for
    dogs on the path), leaves ``text`` as it is. Never raises."""
    rest = _EXCEPTION_RE.sub(lambda m: "" if nouns_named(m.group(0), nouns) else m.group(0), text or "")
    return rest if rest != text and nouns_named(rest, nouns) >= nouns_named(text or "", nouns) else text


def nouns_named(part: str, nouns: Sequence[str]) -> set[str]:
    """The tokens of ``nouns`` that ``part`` (a clause or a whole sentence) names, by the same word or a word holding
    it (:func:`_held`: its plural, a near-synonym): of ["dog", "path", "bike"], "Dogs are fine on the path" ->
    {"dog", "path"}; empty when it names none. Never raises."""
    toks = set(tokenize(part or ""))
    return {t for t in nouns if _held([t], toks)}


#: the word opening an exception's tail (:data:`_EXCEPTION_RE`), and its brackets and commas
_EXCEPTION_OPENING_RE = re.compile(r"^[\s,(]*(?:except(?:ing)?(?:\s+for)?|apart\s+from|other\s+than|but\s+for|"
                                   r"save\s+for|with\s+the\s+exception\s+of|but)?\s*", re.IGNORECASE)


def _permission_read(text: str, attrs: Sequence[str]) -> str:
    """``text`` as a permission question asking ``attrs`` (tokens) reads it: of the thing asked in general, not of a
    few of its kind (:func:`without_exception`: "no dogs (assistance dogs are fine)" says no), its modals, "fine"
    and a sign's "no" written as "allowed" / "not allowed" (:func:`_permission_said`). When the question asks of
    that narrower kind itself ("Are assistance dogs allowed?"), an exception naming every asked noun that the rest
    does not answers alone: one with its own permission word as it says ("(assistance dogs are fine)"), a bare one
    as the contrary of the rest ("Dogs are not allowed, except assistance dogs": assistance dogs allowed)."""
    nouns = [t for t in attrs if not _asks_permission([t])]
    rest = without_exception(text, nouns)
    if rest != text or not nouns:
        return _permission_said(rest, nouns)

    kept = _EXCEPTION_RE.sub("", text or "")
    # the asked nouns only an exception names ("assistance" of "Are assistance dogs allowed on the path?")
    missing = nouns_named(text, nouns) - nouns_named(kept, nouns)
    own = [m.group(0) for m in _EXCEPTION_RE.finditer(text or "")
           if missing and nouns_named(m.group(0), nouns) >= missing]
    if not own:
        return _permission_said(text, nouns)
    # the exception is read in the sentence's frame: the other asked nouns the rest names stand with it ("on the path")
    frame = " ".join(sorted(nouns_named(kept, nouns) - nouns_named(own[0], nouns)))
    said = _permission_said(own[0], nouns)
    if any(w in side for side in OPPOSITES[1] for w in re.findall(r"[a-z]+", said.casefold())):
        return f"{said} {frame}"  # "(assistance dogs are fine)"
    main = _permission_said(kept, nouns)
    denied = _stance(["allowed"], main, set(tokenize(main)))[1]
    return f"{_EXCEPTION_OPENING_RE.sub('', own[0]).strip(' ,()')} {'allowed' if denied else 'not allowed'} {frame}"


def _asks_permission(terms: Sequence[str]) -> bool:
    """Whether ``terms`` (tokens) hold a word of permission or of its denial (:data:`OPPOSITES`' second pair)."""
    return any(t in side for side in OPPOSITES[1] for t in terms)


def _same_side(a: str, b: str) -> bool:
    """Whether two words (lower case) are on one side of a state of :data:`OPPOSITES` ("open" / "reopened")."""
    return a != b and any(a in side and b in side for pair in OPPOSITES for side in pair)


def _opposite(a: str, b: str) -> bool:
    """Whether two words (lower case) name opposite states of :data:`OPPOSITES` ("open" / "closed")."""
    return any((a in x and b in y) or (a in y and b in x) for x, y in OPPOSITES)




def denies(text: str, terms: Sequence[str]) -> bool:
    """Whether ``text`` denies the word of ``terms`` (tokens) it states: a denial word (:data:`DENIAL_RE`) stands at
    most :data:`DENIAL_REACH` words before a word holding one of the terms (:func:`_held`), in the same clause (no
    comma, semicolon, colon or dash between): "The ferry is not open to cars" denies "open". Never raises."""
    for clause in re.split(r"[,;:()–—]|\s-\s", text):
        words = re.findall(r"[^\W_]+(?:'[^\W_]+)*", clause)
        for k, w in enumerate(words):
            toks = tokenize(w)
            # the word itself, not a shorter one its start ("cars" is no "carry")
            if not toks or not any(len(toks[0]) >= len(t) and _held([t], {toks[0]}) or _same_side(t, toks[0])
                                   for t in terms):
                continue
            before = " ".join(words[max(0, k - DENIAL_REACH):k])
            if DENIAL_RE.search(before):
                return True
    return False


def _stance(terms: Sequence[str], text: str, tokens: set[str]) -> tuple[int, bool]:
    """(how many of ``terms`` ``text`` states, whether it denies them): a term counts when ``tokens`` hold it
    (:func:`_held`) or the opposite of it (:data:`OPPOSITES`: "closed" for "open"); the claim denies them when it
    states an opposite that no denial word reverses ("not closed" is open), or a denial word stands before another
    of the terms (:func:`denies`; "locked, with no winter room" denies "open in winter" twice, no double negative)."""
    words = {w.casefold() for w in re.findall(r"[^\W_]+", text)}
    opposed = {t for t in terms if not _held([t], tokens) and any(_opposite(t, w) for w in words)}
    held = _held(terms, tokens) + len(opposed)
    opposites = [w for w in words if any(_opposite(t, w) for t in opposed)]
    if opposed and not denies(text, opposites):
        return held, True  # the opposite stated plainly ("locked"): a denial of another term does not undo it
    return held, bool(opposed) != denies(text, [t for t in terms if t not in opposed] + opposites)


#: states a qualifier is bound to (:func:`shared.text.hours.bound_state`): those of :data:`OPPOSITES`, and being
#: free of charge or not, which only its qualifier's clause reads ("free on Sundays", "charged on weekdays"; "paid"
#: alone says too little to deny "free" everywhere)
_BOUND_STATES: tuple[tuple[frozenset[str], frozenset[str]], ...] = (
    *OPPOSITES, (frozenset("free".split()), frozenset("paid charged chargeable".split())))


def _names_option(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as whole words that no further capitalised word continues ("Richard
    Llewellyn Williams" is another man than "Richard Llewellyn"); a word of the name may be written with an
    abbreviation's dot ("No 5 Tarnhollow", as a question's name is read, is "No. 5 Tarnhollow"; "St Ives" "St.
    Ives")."""
    written = r"\.?\s+".join(map(re.escape, name.split()))
    return compiled(rf"(?<!\w)(?i:{written})(?!\w)(?!\s+[A-Z])").search(text) is not None


def none_of_object(relation: Sequence[str], text: str, tokens: set[str], *, subject: str = "",
                   past_asked: bool = False) -> int:
    """How many verb terms of ``relation`` (a question's verb then its object: "run", "train" of "Does X run trains
    on Mondays?") ``text`` denies by saying there is none of the object: "no" right before the object's word ("There
    are no trains on Mondays", "no guided tours in winter"), the verb itself unsaid (0 when ``text`` holds it, then
    :func:`_stance` reads its own denial). A thing that does not exist is done by no verb. Not when the clause
    (:data:`_OWN_CLAUSE_RE`) gives before "no" a name other than ``subject`` (the asked thing), no day or month
    ("The Harwick Light Railway has no trams on Tuesdays" speaks of another line), nor, unless ``past_asked`` (the
    question asks of the past), when it speaks of the past only (:func:`_past_only`: "Until 1990 there were no
    trains on Sundays" says nothing of now). Never raises."""
    lacking = [k for k, t in enumerate(relation) if not _held([t], tokens)]
    said = [k for k, t in enumerate(relation) if k not in lacking]
    if not lacking or not said or max(lacking) > min(said):
        return 0
    for clause in _OWN_CLAUSE_RE.split(text):
        for m in re.finditer(r"(?i)\bno\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?", clause):
            # the object's word right after "no", or after one word of it ("no guided tours")
            if not any(_held([relation[k]], set(tokenize(w))) for w in m.groups() if w for k in said):
                continue
            if _names_other(clause[:m.start()], subject) or (not past_asked and _past_only(clause)):
                continue
            return len(lacking)
    return 0


#: "until" a year: a state that ended then ("Until 1990 there were no trains")
_UNTIL_YEAR = re.compile(r"\buntil\s+(?:the\s+)?(?:1\d{3}|20\d{2})\b", re.IGNORECASE)
#: a question asking of the past ("Did X run trains ...?", "Was X open ...?")
_ASKS_PAST = re.compile(r"\b(?:did|was|were|had|used\s+to)\b", re.IGNORECASE)


def _past_only(clause: str) -> bool:
    """Whether ``clause`` speaks of the past only: a past form of "be" or "have" (:data:`_PAST`) or "until" a year,
    and no present form or word of now (:data:`_PRESENT`)."""
    return bool(_PAST.search(clause) or _UNTIL_YEAR.search(clause)) and not _PRESENT.search(clause)


def _names_other(words: str, subject: str) -> bool:
    """Whether ``words`` give a name (:func:`shared.text.terms.find_entities`) other than ``subject``: one with a
    word that is no day or month (:func:`shared.text.hours.cycle_places`), no number, and not the subject's name
    nor a part of it ("The Harwick Light Railway" for the Yarrowby Moor Tramway; "On Tuesdays" or "Yarrowby" is none)."""
    own = set(tokenize(subject))
    for e in find_entities(words):
        toks = [t for t in key_terms(e) if t.isalpha() and cycle_places(t) is None]
        if toks and not set(toks) <= own:
            return True
    return False


#: where a sentence joins clauses of their own subjects: a semicolon, "while", "whereas"
_OWN_CLAUSE_RE = re.compile(r"\s*;\s*|,?\s+(?:while|whereas)\s+", re.IGNORECASE)


def subject_clauses(subject: str, text: str) -> str:
    """``text`` without its clauses (split at a semicolon, "while", "whereas") about another named thing: those
    naming a name (:func:`shared.text.terms.find_entities`) but not ``subject`` (:func:`_names_option`), the rest
    joined by "; "; ``text`` itself when it has one clause, when no clause names ``subject`` or ``subject`` is
    empty. "No. 5 Tarnhollow is the lightest engine; No. 8 Brisk Lady is the heaviest" -> "No. 8 Brisk Lady is the
    heaviest" for "No 8 Brisk Lady"; "X is an outdoor pond only; there is no sauna" stays whole. Never raises."""
    parts = [p for p in _OWN_CLAUSE_RE.split(text) if p.strip()] if subject else []
    naming = [_names_option(p, subject) for p in parts]
    if len(parts) < 2 or not any(naming):
        return text
    return "; ".join(p for p, named in zip(parts, naming)
                     if named or not [e for e in find_entities(p) if key_terms(e)])


def _names_own(text: str, option: str, other: str) -> bool:
    """Whether ``text`` names ``option`` of a choice between ``option`` and ``other`` (:func:`_names_option`), a
    mention of it inside ``other``'s name not counting: "The Little Orvane Canal is 6.2 km long" names the Little
    Orvane Canal, not the Orvane Canal, when both are asked of."""
    if option.casefold() != other.casefold() and _names_option(other, option):
        text = compiled(rf"(?<!\w)(?i:{re.escape(other)})(?!\w)").sub(" ", text)
    return _names_option(text, option)


def _own_part(text: str, option: str, other: str) -> str:
    """``text`` with what it says of ``other`` blanked (spaces, so positions hold) when it names both options of a
    choice (:func:`_names_own`): each stretch from a mention of an option up to the next mention of either is that
    option's (the longest name written there being the one mentioned: "Old Tarrow Fair" is no mention of "Tarrow
    Fair"), and words before the first mention are the first mention's. "The Tarrow Fair is not to be confused with
    the Old Tarrow Fair, a separate event founded in 1950" keeps "The Tarrow Fair is not to be confused with the " for
    the Tarrow Fair: its founding year is the Old Tarrow Fair's. ``text`` unchanged when it names one option only."""
    if not (_names_own(text, option, other) and _names_own(text, other, option)):
        return text
    spans: list[tuple[int, int, int]] = []  # (start, end, 0 for option / 1 for other), the longer names first
    for owner, name in sorted(enumerate((option, other)), key=lambda p: -len(p[1])):
        for m in compiled(rf"(?<!\w)(?i:{re.escape(name)})(?!\w)").finditer(text):
            if not any(s <= m.start() and m.end() <= e for s, e, _o in spans):
                spans.append((m.start(), m.end(), owner))
    spans.sort()
    out = list(text)
    for n, (start, _end, owner) in enumerate(spans):
        if owner == 1:
            stop = spans[n + 1][0] if n + 1 < len(spans) else len(text)
            out[0 if n == 0 else start:stop] = " " * (stop - (0 if n == 0 else start))
    return "".join(out)


#: what parts a page title's subject from its subtitle: "Dunmere Viaduct: how high is it?", "Merrow Bridge - history"
_TITLE_SUBTITLE = re.compile(r"\s*:\s+|\s+[-–—|]\s+")


def is_about(name: str, text: str, title: str) -> int:
    """2 when ``title`` is ``name``'s own page (the same words, a parenthesis or comma part or a subtitle after a
    colon or dash aside: "Rush (band)", "Dunmere Viaduct: how high is it?"),
    1 when ``text`` names it (:func:`_names_option`), else 0."""
    toks = set(tokenize(name))
    if not toks:
        return 0
    page = re.split(r"\s*[,(]", clean_title(title), maxsplit=1)[0]
    subject = _TITLE_SUBTITLE.split(clean_title(title), maxsplit=1)[0]  # "Dunmere Viaduct: how high is it?"
    if toks in (set(tokenize(page)), set(tokenize(clean_title(title))), set(tokenize(subject))):
        return 2
    return 1 if _names_option(text, name) else 0


def resolve_options(options: Sequence[str], titles: Sequence[str]) -> list[str]:
    """Each option as the pages name it: an option that only runs on past a page's name ("Reinhold Ewald ESA" for
    the page "Reinhold Ewald": the capitalised words of the question after a name) becomes that name, when no
    page is titled with the whole option; other options are kept."""
    pages = {re.split(r"\s*[,(]", clean_title(t), maxsplit=1)[0].strip() for t in titles} | {
        _TITLE_SUBTITLE.split(clean_title(t), maxsplit=1)[0].strip() for t in titles}
    out = []
    for o in options:
        low = o.casefold()
        if any(p.casefold() == low for p in pages):
            out.append(o)
            continue
        prefixes = [p for p in pages if p and set(tokenize(p)) and low.startswith(p.casefold() + " ")]
        out.append(max(prefixes, key=len) if prefixes else o)
    return out


#: words after a noun saying whose or which one it is ("The hall of the guild", "The theatre in Sanmarco", "The hall
#: that ...": another thing than the page's may be meant)
_POST_MODIFIERS = r"(?:of|at|in|on|near|by|from|for|to|with|and|or|that|which|who|whose|where)"
#: a sentence whose subject is a bare definite description: "The", then two words in lower case (or figures) and a
#: third, none of them a post-modifier (:data:`_POST_MODIFIERS`): "The hall is accessible ...", "The main hall
#: seats 240", "The museum closed."; not "The hall of the guild ...", "The rival theatre in Sanmarco ..."
_PART_SUBJECT_RE = re.compile(rf"The(?:\s+(?!{_POST_MODIFIERS}\b)[a-z0-9][\w,.'’-]*(?![\w'’-])){{2}}"
                              rf"(?!\s+{_POST_MODIFIERS}\b)")


def _claims_about(name: str, order: Sequence[int], texts: Sequence[str], titles: Sequence[str],
                  with_words: Sequence[str] = (), *, every: bool = False) -> list[int]:
    """Claims about ``name`` in ``order``: those of its own page first, then those naming it (at most
    :data:`OPTION_CLAIMS` of both), then those of a page whose title names it that name no other name (their "the
    island" is its) or whose subject is a bare definite description (:data:`_PART_SUBJECT_RE`: "The hall is
    accessible ... on Vicolo Stretto" on the page "Visiting the Teatro Brivolo" is about its hall; the street is
    where, not what; at most :data:`TITLED_CLAIMS`). ``with_words``: the question's words said of the name right
    after it ("orchard" of "the Tolven orchard"): a page titled with the name and some of them ("Tolven orchard")
    is its own page too. ``every``: all of them, in the same order, none left out."""
    toks = set(tokenize(name))

    def own_page(title: str) -> bool:
        page = set(tokenize(re.split(r"\s*[,(]", clean_title(title), maxsplit=1)[0]))
        return bool(toks) and toks < page and page <= toks | set(with_words)

    own = [i for i in order if is_about(name, texts[i], titles[i]) == 2 or own_page(titles[i])]
    named = [i for i in order if i not in own and is_about(name, texts[i], titles[i]) == 1]
    # last, a claim of a page whose title names it ("Bee health on Varnö") that names nothing else: its "the island"
    # is the name's ("No varroa mite has ever been found on the island")
    titled = [i for i in order if i not in own and i not in named and _titled_claim(name, texts[i], titles[i])]
    if every:
        return own + named + titled
    return (own + named)[:OPTION_CLAIMS] + titled[:TITLED_CLAIMS]


def _titled_claim(name: str, text: str, title: str) -> bool:
    """Whether ``text`` is about ``name`` by its page's title: the title names it and the claim names nothing else
    (its "the island" is the name's; a name the title gives is none else: "The Heritage Centre and the main
    grandstand are wheelchair accessible" on the page "Visit the Brantley Motor Circuit Heritage Centre") or its
    subject is a bare definite description (:data:`_PART_SUBJECT_RE`)."""
    page = set(tokenize(clean_title(title)))
    return set(tokenize(name)) <= page and bool(_PART_SUBJECT_RE.match(text) or not any(
        w[:1].isupper() and not set(tokenize(w)) <= page for w in re.findall(r"[^\W\d_][\w'’-]*", text)[1:]))


#: a name of a site's facility where its visitors are received: the site's name, then the facility's noun ("Tallow
#: Reach Visitor Centre", "Orrin Mill Museum", "Harbour Lock shop", "Kelby Falls Café")
_FACILITY_RE = re.compile(r"^(?P<site>\S.*?)\s+(?:(?:visitors?['’]?|information|heritage)\s+(?:centre|center)|museum|"
                          r"(?:gift\s+)?shop|caf[ée]|tea\s*rooms?|restaurant|kiosk|exhibition)$", re.IGNORECASE)


def _facility_claims(name: str, order: Sequence[int], texts: Sequence[str], titles: Sequence[str]) -> list[int]:
    """Claims in ``order`` about the site of ``name`` that speak of its opening hours (the opening hours' family,
    :func:`shared.text.relations.about_opening_hours`) when ``name`` is a site's facility (:data:`_FACILITY_RE`:
    "Tallow Reach Visitor Centre" of "Tallow Reach") on a page one of whose claims names the facility: that page's
    hours, labelled with the site ("Tallow Reach: monday day hours Closed." on "Visit Tallow Reach", which welcomes
    visitors to the Tallow Reach Visitor Centre), are the facility's. Empty when ``name`` names no facility or no
    page names it."""
    m = _FACILITY_RE.match(name.strip())
    site = m.group("site").strip() if m is not None else ""
    if not key_terms(site):
        return []
    pages = {titles[i] for i in order if _names_option(texts[i], name)}
    toks = set(tokenize(site))
    return [i for i in order if titles[i] in pages and about_opening_hours(texts[i]) and (
        is_about(site, texts[i], titles[i]) or toks <= set(tokenize(clean_title(titles[i]))))]


def head_noun_claims(name: str, order: Sequence[int], texts: Sequence[str], titles: Sequence[str]) -> list[int]:
    """Claims in ``order`` that speak of ``name``'s opening hours (:func:`shared.text.relations.about_opening_hours`)
    by its head noun with "the" ("the museum" of "Orrin Lace Museum": "From November to March the museum is open on
    Saturdays and Sundays only") on a page one of whose claims names ``name`` ("Plan your visit": "Orrin Lace Museum
    is open daily from April to October"), naming no other capitalised name after their first word than a day's or
    a month's (:func:`shared.text.hours.cycle_places`). Empty when ``name`` is one word or no page names it."""
    words = name.split()
    head = words[-1].casefold() if len(words) > 1 else ""
    if not tokenize(head):
        return []
    pages = {titles[i] for i in order if _names_option(texts[i], name)}
    pattern = compiled(rf"(?i:\bthe\s+{re.escape(head)})\b")
    return [i for i in order if titles[i] in pages and about_opening_hours(texts[i])
            and pattern.search(texts[i]) is not None
            and not any(w[:1].isupper() and cycle_places(w.casefold()) is None
                        for w in re.findall(r"[^\W\d_][\w'’-]*", texts[i])[1:])]


def _its_thing_pages(name: str, said: Sequence[str], order: Sequence[int], texts: Sequence[str],
                     titles: Sequence[str]) -> list[int]:
    """Claims in ``order`` of the page of a thing of ``name``'s that the question names by a noun right after the
    name (``said``, its words: "museum" of "the Kessler Mill museum"): a page whose title ends in that noun (or a
    near-synonym), that does not name ``name`` in its title, and one of whose claims names ``name`` ("Varnholm
    Paper Museum": "The Varnholm Paper Museum occupies the old drying loft of the Kessler Mill"), at most
    :data:`OPTION_CLAIMS` of them. Empty when no page is so."""
    toks = set(tokenize(name))
    if not said or not toks:
        return []
    pages: set[str] = set()
    for i in order:
        page = tokenize(re.split(r"\s*[,(]", clean_title(titles[i]), maxsplit=1)[0])
        if page and not toks <= set(page) and any(same_thing(page[-1], w) for w in said) \
                and _names_option(texts[i], name):
            pages.add(titles[i])
    return [i for i in order if titles[i] in pages][:OPTION_CLAIMS]


def _single_question(question: str) -> bool:
    return question.count("?") <= 1 and not re.search(r"\?\s*(?:and|or|but)\b", question, re.IGNORECASE)


def decide_yes_no(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int],
                  openings: Sequence[bool]) -> YesNo | None:
    """Decide a yes/no ``question`` from claims (module docstring).

    Args:
        question: the question (English rules; another type than ``yes_no`` gives ``YesNo(None)``).
        texts: each claim's text; ``titles``: each claim's page title; ``openings``: whether each claim is the
            opening sentence of its page (a defining sentence: "X is a ...").
        order: claim indices, most relevant first (claims outside it are not used).
    Returns:
        :class:`YesNo`; ``cited`` holds one claim per thing asked about (yes / no decided), the first claim
        being the subject's for a question about one thing. None when the question is no single yes/no question
        (another type, two questions in one, a choice between names joined by "or": "Is A or B, C a city?", or
        a negated question), so no yes, no or "cannot tell" is due.
    """
    if answer_type(question) != "yes_no" or not _single_question(question) or _NEGATED.search(question) \
            or re.search(r"\bor\b", question, re.IGNORECASE):
        return None
    options = resolve_options(comparison_options(question), titles)
    tok_sets = [set(tokenize(t)) for t in texts]
    if len(options) >= 2:
        return _both(question, options, texts, titles, order, openings, tok_sets)
    compared = _compared(question)
    if compared is not None:
        return _by_comparison(question, compared, texts, titles, order)
    by_years = _YEARS_COMPARED_RE.search(" ".join(question.split()))
    if by_years is not None and by_years.group("a") != by_years.group("b"):
        return _by_years(question, by_years, texts, titles, order)
    left = _left_office(question, texts, order)
    if left is not None:
        return left
    return _one_subject(question, texts, titles, order, tok_sets)


#: a yes/no question in the present tense ("Is X still chair of Y?", "Is X the current director?")
_IS_Q_RE = re.compile(r"^\W*(?:is|are)\b", re.IGNORECASE)


def _offices(text: str) -> set[str]:
    """The offices (:data:`shared.text.succession.OFFICE_RE`) ``text`` names, in lower case and singular."""
    return {" ".join(m.group(0).lower().split()).removesuffix("s") for m in OFFICE_RE.finditer(text)}


def _left_office(question: str, texts: Sequence[str], order: Sequence[int]) -> YesNo | None:
    """"No" for a present-tense question whether a named person holds an office ("Is Osric Fell still chair of the
    rowing club?", "... currently ...", "Is X the current director ...?"; not one asking an earlier holder,
    :func:`shared.text.succession.asks_previous`: "Is X a former chair?") when a claim of ``order`` (most relevant
    first) says that person no longer holds a role (:func:`shared.text.succession.ended_holders`: "Ines Marlow
    succeeds Osric Fell, who ... stood down"), citing the first such claim: a succession is later than any page still
    naming the person in office. A claim naming only other offices than the one asked ("succeeded X as treasurer"
    for "still chair") says nothing of it. A name is matched whole when the question writes a first name, by its last
    word (a surname) when the question writes that alone (:func:`_names_asked`); the one who followed
    (:func:`shared.text.succession.succession_pairs`: "Ann Vale succeeded Tom Vale") is never the one who left.
    None otherwise."""
    q = " ".join(question.split())
    asked = _offices(q)
    if not asked or not _IS_Q_RE.match(q) or asks_previous(q):
        return None
    for i in order:
        said = _offices(texts[i])
        if said and not said & asked:
            continue  # "succeeded Osric Fell as treasurer" says nothing of his chair
        followers = [f for f, _ in succession_pairs(texts[i]) if f]
        if any(_names_asked(f, q) for f in followers):
            continue  # the question asks of the successor
        for name in ended_holders(texts[i]):
            if _names_asked(name, q):
                return YesNo(False, (i,), left_office=True)
    return None


def _names_asked(name: str, question: str) -> bool:
    """Whether ``question`` (whitespace-normalised) names the person ``name``: the capitalised words it writes
    ending in ``name``'s last word (its surname) are ``name`` itself ("Tom Vale" in "Is Tom Vale still chair?") or the
    surname alone ("Is Vale still chair?"); "Ann Vale" is another person. Case-insensitive; False for an empty name.
    Never raises."""
    words = name.split()
    if not words:
        return False
    for m in re.finditer(rf"(?<![\w'’-])((?:[A-Z][\w'’-]*\s+){{0,3}}){re.escape(words[-1])}(?![\w'’-])", question):
        before = [w for w in m.group(1).split() if w.casefold() not in _QUESTION_WORDS]
        if not before or [w.casefold() for w in before] == [w.casefold() for w in words[:-1]][-len(before):]:
            return True
    return False


#: question words written capitalised before a name ("Is Vale still chair?")
_QUESTION_WORDS = frozenset({"is", "are", "was", "were", "does", "do", "did", "has", "have", "still", "the"})


_YEAR = r"(?:1[0-9]|20)\d\d"
#: "more visitors in 2023 than in 2019": a comparative, what it counts, and the two years compared
_YEARS_COMPARED_RE = re.compile(
    r"\b(?P<word>" + "|".join(w for w, d in _DIRECTION.items() if d in ("more", "less")) + r")\b"
    rf"(?P<what>[^?,;]{{0,60}}?)\b(?:in|during)\s+(?P<a>{_YEAR})\s+than\s+(?:in\s+|during\s+)?(?P<b>{_YEAR})\b",
    re.IGNORECASE)


def _by_years(question: str, m: re.Match[str], texts: Sequence[str], titles: Sequence[str],
              order: Sequence[int]) -> YesNo:
    """:func:`decide_yes_no` for a question comparing one thing's figure at two times ("Did the Lantern Fair draw
    more visitors in 2023 than in 2019?", ``m`` matching :data:`_YEARS_COMPARED_RE`): the figures of one unit that
    claims about the thing (naming it, or on a page whose title holds its name) date by each year
    (:func:`_figures_by_year`; "In 2023 the fair drew about 27,000 visitors, up from 21,000 visitors in 2019"), a
    figure of the unit the question counts ("visitors") preferred; "yes" when the first year's figure is the more
    (or the less, for "fewer"), with both figures and their difference. Undecided when no such two figures are
    found."""
    direction = _DIRECTION[m.group("word").casefold()]
    years = (m.group("a"), m.group("b"))
    names = [n for n in find_entities(question[:m.start()]) if key_terms(n)]
    pair = _year_figures(years, names, tokenize(m.group("what")), texts, titles, order)
    if pair is None:
        return YesNo(None)
    a, b, asked = pair
    diff = a[1] - b[1]
    answer = diff != 0 and (diff > 0) == (direction == "more")
    measured = a[2] in _UNITS.values() and a[2] != "people"  # 3 metres less, 6,000 visitors fewer
    more = "more" if diff > 0 else "less" if measured else "fewer"
    said = f"{_amount_text(abs(diff), (a[3], b[3]))} {more}" if diff else "the same"
    return YesNo(answer, tuple(dict.fromkeys((a[0], b[0]))), (f"{a[3]} in {years[0]}", f"{b[3]} in {years[1]}"),
                 said, by_figures=asked)


_YearFigure = tuple[int, float, str, str]  # (claim, amount, unit, as written)


def _year_figures(years: tuple[str, str], names: Sequence[str], counted: Sequence[str], texts: Sequence[str],
                  titles: Sequence[str], order: Sequence[int]) -> tuple[_YearFigure, _YearFigure, bool] | None:
    """The figures of one unit that claims about the thing ``names`` give (naming it, or on a page whose title holds
    its name) dated by each of ``years`` (:func:`_figures_by_year`), as (claim, amount, unit, as written) for the
    first year and the second, a pair of the unit of the ``counted`` words ("visitors") preferred, and whether the
    pair is of that unit (its figures then answer what is asked; another unit's, "stalls" for "more visitors", are
    stated, but do not). None when no two such figures of one unit are found."""

    def about(i: int) -> bool:
        title = set(tokenize(titles[i]))
        return all(is_about(n, texts[i], titles[i]) or set(tokenize(n)) <= title for n in names)

    def pairs_of(claims: Sequence[int]) -> list[tuple[_YearFigure, _YearFigure]]:
        found: dict[str, list[_YearFigure]] = {y: [] for y in years}
        for i in claims:
            for year, value, unit, shown in _figures_by_year(texts[i], years):
                found[year].append((i, value, unit, shown))
        return [(a, b) for a in found[years[0]] for b in found[years[1]] if a[2] == b[2]]

    pairs = pairs_of([i for i in order if about(i)])
    if not pairs and names:
        # a page whose title names no thing (no capital after its first word: "Annual report 2023 (summary)") and
        # another claim of which names the thing ("... the Friends of the Velmora Tram Museum") gives its figures
        # in rows that name nothing: both years' figures from one such page
        pages = {titles[i] for i in order if about(i)}
        pairs = [(a, b) for a, b in pairs_of([i for i in order if titles[i] in pages and not about(i)])
                 if titles[a[0]] == titles[b[0]] and not re.search(r"\s[A-Z]", clean_title(titles[a[0]]))]
    if not pairs:
        return None
    a, b = min(pairs, key=lambda p: not any(same_stem(p[0][2], w) for w in counted))  # the counted unit first
    asked = any(same_stem(a[2], w) or _UNITS.get(w) == a[2] or _UNITS.get(w + "s") == a[2] for w in counted)
    return a, b, asked


#: what a comparison of two years counts: the words after its comparative, up to a preposition, comma or year
#: ("more visitors at the museum, 2021 or 2022" -> "visitors")
_COUNTED_AFTER_RE = re.compile(r"^\s+(?P<what>(?:[^\W\d_]+\s+){0,2}?[^\W\d_]+)(?=\s*(?:[,?]|$|\s(?:in|during|at|of|for|"
                               r"or|than|between|to|by|from)\b))", re.IGNORECASE)


def _years_choice(question: str, years: tuple[str, str], texts: Sequence[str], titles: Sequence[str],
                  order: Sequence[int]) -> Choice | None:
    """:func:`decide_choice` for a choice between two years of one thing's figure ("Did the Lantern Fair draw more
    visitors in 2021 or in 2022?", "Which year had more visitors, 2021 or 2022?"): the two figures of one unit the
    claims about the thing give for the years (:func:`_year_figures`), the year whose figure is the more (or the
    less, for "fewer") first, each figure as written. None when the question has no comparative of an amount, or no
    two such figures are found, or they are equal."""
    word, direction = _comparative(question, years)
    if direction not in ("more", "less"):
        return None
    q = " ".join(question.split())
    # the thing's name without a year the question writes after it ("the Kelmor Rope Museum, 2021 or 2022")
    names = [n for e in find_entities(q) if key_terms(n := re.sub(rf"(?:\s+|\b)(?:{years[0]}|{years[1]})\b", "", e).strip())]
    after = re.search(rf"\b{re.escape(word)}\b", q, re.IGNORECASE)
    what = _COUNTED_AFTER_RE.match(q[after.end():]) if after is not None else None
    counted = tokenize(what.group("what")) if what is not None else []
    # "Which is larger: the 2023 or the 2025 Orla Cup prize fund?": what is compared is said after the second year,
    # the thing's name aside ("prize fund")
    shared = re.search(rf"(?<!\d){years[1]}\s+(?P<rest>[^,;:?]+)", q) if not counted else None
    attribute = " ".join(w for w in shared.group("rest").split()
                         if not any(w in n.split() for n in names)) if shared is not None else ""
    counted = counted or tokenize(attribute)
    pair = _year_figures(years, names, counted, texts, titles, order)
    if pair is None or pair[0][1] == pair[1][1]:
        return None
    a, b, asked = pair
    first = (a[1] > b[1]) == (direction == "more")
    win, lose = ((years[0], a), (years[1], b)) if first else ((years[1], b), (years[0], a))
    predicate = choice_predicate(question, years) or (f"had {word.casefold()} {what.group('what')}" if what else
                                                      f"had the {word.casefold()} {attribute}" if attribute else "")
    return Choice((win[0], lose[0]), (win[1][0], lose[1][0]), (win[1][3], lose[1][3]), predicate, word.casefold(),
                  by_figures=asked)


def yes_no_sentence(yes_no: YesNo, marks: Sequence[str]) -> str:
    """The sentence stating the figures a yes/no comparison of two times rests on, ``marks`` being the citation
    marks of ``yes_no.cited``: "27,000 visitors in 2023 against 21,000 visitors in 2019, 6,000 more [1]."; "" when
    it rests on no such figures."""
    if len(yes_no.values) != 2:
        return ""
    first, second = yes_no.values
    if len(marks) >= 2:
        return f"{first} {marks[0]} against {second} {marks[1]}, {yes_no.difference}."
    return f"{first} against {second}, {yes_no.difference} {' '.join(marks)}.".replace(" .", ".")


def _compared(question: str) -> tuple[str, str, str, str] | None:
    """(subject, other, comparative word, direction) of a yes/no question comparing two named things: "Is the
    Harbour Tower taller than the Old Mill?" -> ("Harbour Tower", "Old Mill", "taller", "more"); "Was Ada Marsh
    born before Bo Lind?" -> (..., "before", "early"). None when the question names no two things with a
    comparative word (:data:`_DIRECTION`) between them ("than" after it, or "before" / "after")."""
    names = [e for e in find_entities(question) if key_terms(e)]
    if len(names) != 2:
        return None
    q = " ".join(question.split())
    a_end = q.find(names[0]) + len(names[0])
    b_at = q.find(names[1], a_end)
    if b_at < 0:
        return None
    between = re.findall(r"[a-z]+", q[a_end:b_at].casefold())
    for w in between:
        if w in _DIRECTION and ("than" in between or w in ("before", "after")):
            return names[0], names[1], w, _DIRECTION[w]
    return None


def _said_more(text: str, word: str, subject: str, other: str) -> bool | None:
    """Which of two named things ``text`` says the comparative ``word`` of (:func:`same_stem`): True when the
    ``other`` is named only after the word ("The Harbour Tower stands taller than the Old Mill"), False when the
    ``other`` is named before it, the thing said to be so, and ``subject`` (its own mention, not inside ``other``'s
    name) after it, or not at all with no "than" after the word ("The Old Kestrelmoor Incline is a different and
    older line" on the Kestrelmoor Funicular's page says the incline is the older); None when the word is not
    written, ``other`` not named, or the sentence compares it with a third thing."""
    def blank(name: str, written: str) -> str:
        return compiled(rf"(?<!\w)(?i:{re.escape(name)})(?!\w)").sub(lambda m: " " * len(m.group()), written)

    own = blank(other, text)  # the subject's own mentions: not inside the other's name ("Old Kestrelmoor Incline")
    # the word itself, not a word of either name ("Old" of "Old Kestrelmoor Incline" is no "older")
    spot = next((m.start() for m in re.finditer(r"[^\W_]+", blank(subject, own))
                 if same_stem(word, m.group().casefold())), None)
    if spot is None:
        return None
    others = [m.start() for m in compiled(rf"(?<!\w)(?i:{re.escape(other)})(?!\w)").finditer(text)]
    if not others:
        return None
    if others[0] > spot:
        return True
    mine = [m.start() for m in compiled(rf"(?<!\w)(?i:{re.escape(subject)})(?!\w)").finditer(own)]
    if mine:
        return False if mine[0] > spot else None
    # the subject unnamed: the comparison is with the page's thing only when it names no third ("older than the
    # church" compares the other with the church)
    return None if re.search(r"\bthan\b", text[spot:], re.IGNORECASE) else False


def _own_claims(options: Sequence[str], lists: Sequence[Sequence[int]], texts: Sequence[str]) -> list[list[int]]:
    """Each of two options' claims (``lists``, indices into ``texts``) without those about the other option: a
    sentence on one option's page that names the other option and not its own ("A second crossing, the Little
    Halvern Footbridge, ... is 64 metres long" on the page "The Halvern Bridge"); a mention of one option inside the
    other's longer name ("Orvane Canal" in "Little Orvane Canal") names the longer one only."""
    return [[i for i in cl if _names_own(texts[i], options[k], options[1 - k])
             or not _names_own(texts[i], options[1 - k], options[k])] for k, cl in enumerate(lists)]


def _by_comparison(question: str, compared: tuple[str, str, str, str], texts: Sequence[str], titles: Sequence[str],
                   order: Sequence[int]) -> YesNo:
    """:func:`decide_yes_no` for a question comparing two named things (:func:`_compared`): "yes" when one claim
    about the subject names the other after the comparative word ("The Harbour Tower stands taller than the Old
    Mill"), "no" when it says the word of the other ("The Old Mill is a different and older building" on the
    Harbour Tower's page: :func:`_said_more`), else "yes" or "no" as the dates or amounts each one's claims give decide it (the subject winning is
    "yes"); undecided otherwise."""
    subject, other, word, direction = compared
    about = [_claims_about(subject, order, texts, titles), _claims_about(other, order, texts, titles)]
    # every claim about each, read for a figure of a better kind than its best-ranked claims give
    further = [_claims_about(subject, order, texts, titles, every=True),
               _claims_about(other, order, texts, titles, every=True)]
    denied: YesNo | None = None  # a claim saying the word of the other: "no", unless figures decide
    for i in about[0]:
        if not _names_option(texts[i], other) or _NEGATED.search(texts[i]):
            continue
        said = _said_more(texts[i], word, subject, other)
        if said:
            return YesNo(True, (i,))
        if said is not None and denied is None:
            denied = YesNo(False, (i,))
    # by value, neither one's figures are read from a sentence about the other ("New Kelby Park covers 29 hectares"
    # names "Kelby Park" only inside the longer name)
    about = _own_claims((subject, other), about, texts)
    further = _own_claims((subject, other), further, texts)
    if not all(about):
        return denied or YesNo(None)
    decided = _decide_by_value(question, (subject, other), about, texts, direction, further)
    if decided is None:
        return denied or YesNo(None)
    win, cited, _values, asked, by_count = decided
    return YesNo(win == 0, cited, by_figures=asked, by_count=by_count)


def _both(question: str, options: Sequence[str], texts: Sequence[str], titles: Sequence[str], order: Sequence[int],
          openings: Sequence[bool], tok_sets: Sequence[set[str]]) -> YesNo:
    """:func:`decide_yes_no` for a question about two or more named things ("Are A and B both shrubs?")."""
    q_toks = set(tokenize(question))
    opt_toks: set[str] = set().union(*(set(tokenize(o)) for o in options))
    about = [_claims_about(o, order, texts, titles) for o in options]
    if not all(about):
        return YesNo(None)
    if _SAME_RE.search(question):  # "the same nationality": the value each one's claims state, compared
        return _same(question, about, texts, opt_toks, q_toks)
    attrs = [t for t in key_terms(question) if t not in opt_toks and t not in _FILLER]
    if not attrs:
        return YesNo(None)
    need = len(attrs) if len(attrs) < 3 else len(attrs) - 1
    best = [_best_holding(attrs, cl, tok_sets) for cl in about]
    holds = [_held(attrs, tok_sets[i]) >= need for i in best]
    if all(holds):
        return YesNo(True, tuple(best))
    cited: list[int] = []
    for k, cl in enumerate(about):
        if holds[k]:
            cited.append(best[k])
            continue
        defining = [i for i in cl if openings[i] and is_about(options[k], texts[i], titles[i]) == 2]
        if not defining:
            return YesNo(None)  # nothing says what this thing is: the claims do not tell
        # a defining sentence says what the thing is: another kind ("singer and songwriter" for "guitarists",
        # "poet" for "writers") or the kind asked with another qualifier ("British ... magazine" for "US-based
        # magazines") is a "no"; but the question's last term may be a trait no definition states ("of Armenian
        # descent"): a defining sentence without it tells nothing
        words = tok_sets[defining[0]]
        if any(same_stem(attrs[-1], t) for t in _TRAITS) and not _held(attrs[-1:], words):
            return YesNo(None)
        cited.append(defining[0])
    return YesNo(False, tuple(cited)) if any(holds) else YesNo(None)


#: attributes a nationality word states ("the same nationality", "from the same country")
_NATION_ATTRS = frozenset(tokenize("nationality nationalities citizenship country countries origin"))
#: nationality words and countries whose key is not their start ("French" and "France": "fr"); a Briton is English,
#: Scottish or Welsh too
_NATION_KEYS: dict[str, str] = {
    **dict.fromkeys("british britain english england scottish scotland welsh wales uk briton".split(), "gb"),
    **dict.fromkeys("american america us usa".split(), "us"), **dict.fromkeys("french france".split(), "fr"),
    **dict.fromkeys("dutch netherlands holland".split(), "nl"), **dict.fromkeys("irish ireland".split(), "ie"),
    **dict.fromkeys("swiss switzerland".split(), "ch"), **dict.fromkeys("spanish spain".split(), "es"),
    **dict.fromkeys("danish denmark".split(), "dk"), **dict.fromkeys("swedish sweden".split(), "se"),
    **dict.fromkeys("finnish finland".split(), "fi"), **dict.fromkeys("polish poland".split(), "pl"),
    **dict.fromkeys("turkish turkey".split(), "tr"), **dict.fromkeys("greek greece".split(), "gr"),
    **dict.fromkeys("japanese japan".split(), "jp"), **dict.fromkeys("portuguese portugal".split(), "pt"),
    **dict.fromkeys("norwegian norway".split(), "no"), **dict.fromkeys("thai thailand".split(), "th"),
    **dict.fromkeys("filipino philippines".split(), "ph"), **dict.fromkeys("czech czechia".split(), "cz"),
    **dict.fromkeys("icelandic iceland".split(), "is"), **dict.fromkeys("peruvian peru".split(), "pe"),
    **dict.fromkeys("vietnamese vietnam".split(), "vn"), **dict.fromkeys("chinese china".split(), "cn"),
    **dict.fromkeys("lebanese lebanon".split(), "lb"), **dict.fromkeys("maltese malta".split(), "mt"),
}
_NATION_ENDINGS = ("ian", "an", "ese", "ish", "i")
#: a capitalised word used as an adjective: after a lower-case word or an article, before a lower-case word or a
#: hyphen ("is an American actor", "a Canadian-born singer")
_ADJECTIVE_RE = re.compile(r"(?<![\w'’])([A-Z][a-z]+)(?=-[A-Za-z]| [a-z])")


def _nationalities(text: str) -> set[str]:
    """The nationality words a claim uses as adjectives ("an English actor": {"english"}; "a Canadian-born American
    singer": {"canadian", "american"}), case-folded; names ending like one ("Brian Liesegang") are no adjective."""
    out = set()
    for m in _ADJECTIVE_RE.finditer(text):
        before = text[:m.start()]
        if not (before.endswith("-") or re.search(r"\b[a-z]+ $", before)):
            continue  # opening a sentence or after another capitalised word: a name ("Morgan Freeman was")
        w = m.group(1).casefold()
        if w in _NATION_KEYS or (len(w) >= 5 and w.endswith(_NATION_ENDINGS)):
            out.add(w)
    return out


def _nation_key(word: str) -> str:
    """A nationality word's or a country's key: the table's (:data:`_NATION_KEYS`), else the word without its
    nationality ending ("canadian" and "canada": "canad"; "australian": "austral", not Austria's "austri")."""
    w = word.casefold()
    if w in _NATION_KEYS:
        return _NATION_KEYS[w]
    for end in _NATION_ENDINGS:
        if w.endswith(end) and len(w) - len(end) >= 4:
            return w[: len(w) - len(end)]
    return w


def _same_nation(a: str, b: str) -> bool:
    """Whether two nationality words or countries name one nation ("American" / "America", "English" / "British",
    "Canadian" / "Canada"; "Australian" / "Austrian" do not)."""
    ka, kb = _nation_key(a), _nation_key(b)
    if len(ka) <= 2 or len(kb) <= 2:
        return ka == kb
    # "canad" names Canada, "ital" Italy: a country is its nationality's key and a short ending at most
    return ka == kb or any(y.casefold().startswith(k) and len(y) - len(k) <= 3 for k, y in ((ka, b), (kb, a)))


def _same(question: str, about: Sequence[Sequence[int]], texts: Sequence[str], opt_toks: set[str],
          q_toks: set[str]) -> YesNo:
    """:func:`_both` for "the same X" of two things: "yes" when the value each one's claims state matches, "no"
    only when both state one and they differ; otherwise undecided: a claim that does not state the attribute tells
    nothing.

    The value of a nationality is a nationality word used as an adjective (:func:`_nationalities`), compared by
    nation (:func:`_same_nation`: "English" and "British" match). Another attribute ("endemic to the same
    continent", "the same genre") is stated by the names (beyond the options' and the question's words) of the
    claims holding the question's other words, the relation ("endemic"): "yes" when two share a name, "no" when
    both state names and none is shared; a question without such words compares each one's first claim and is
    never a "no" (names of a defining sentence are no attribute's values). Each option's claims are read best
    first (its own page first); the claims stating the values are cited."""
    after = re.search(r"\bsame\s+(?:type\s+of\s+|kind\s+of\s+)?([^\W\d_]+)", question, re.IGNORECASE)
    attr = tokenize(after.group(1)) if after else []
    if attr and attr[0] in _NATION_ATTRS:
        stated = [[(i, _nationalities(texts[i])) for i in cl] for cl in about]
        stated = [[(i, v) for i, v in per if v] for per in stated]
        if not all(stated):
            return YesNo(None)  # one of them states no nationality: the claims do not tell
        for ia, va in stated[0]:
            for ib, vb in stated[1]:
                if any(_same_nation(a, b) for a in va for b in vb):
                    return YesNo(True, (ia, ib))
        return YesNo(False, (stated[0][0][0], stated[1][0][0]))
    asked = opt_toks | q_toks
    names = [[(i, {t for e in find_entities(texts[i], list_items=True) for t in tokenize(e)} - asked) for i in cl]
             for cl in about]
    # the values stated for the relation the question asks about ("endemic to", "founded in"): each one's claims
    # holding its words, with a name beyond the question's; without such words, each one's first claim
    relation = [t for t in key_terms(question) if t not in opt_toks and t not in _FILLER and t not in attr
                and t != "same"]
    if relation:
        stating = [[(i, v) for i, v in per if v and _held(relation, set(tokenize(texts[i]))) == len(relation)]
                   for per in names]
    else:
        stating = [per[:1] if per and per[0][1] else [] for per in names]
    if not all(stating):
        return YesNo(None)
    for ia, va in stating[0]:
        for ib, vb in stating[1]:
            if va & vb:
                return YesNo(True, (ia, ib))
    return YesNo(False, (stating[0][0][0], stating[1][0][0])) if relation else YesNo(None)


def _best_holding(attrs: Sequence[str], claims: list[int], tok_sets: Sequence[set[str]]) -> int:
    """The claim of ``claims`` holding most of ``attrs`` (the earlier on a tie)."""
    return max(claims, key=lambda j: (_held(attrs, tok_sets[j]), -claims.index(j)))


def same_state(a: str, b: str) -> bool:
    """Whether two words (tokens) speak of one state of :data:`OPPOSITES`, on one side or on opposite sides
    ("open" / "reopened", "open" / "closed"): a sentence with either says whether the other holds."""
    return _same_side(a, b) or _opposite(a, b)


def _predicate(question: str) -> tuple[str, list[str], int, list[str]] | None:
    """(subject, terms, how many of them a claim must state, relation terms) of a yes/no question about one named
    thing ("Is the Sael Bridge closed to heavy trucks?" -> ("Sael Bridge", ["closed", "heavy", "truck"], 3,
    ["closed"])), or None when it names nothing or asks nothing of it. A question whether a state goes on
    (:func:`asks_still`) asks it without its "still", and one naming nothing has the possessor it gives for its
    subject ("Are the guild's furnaces still wood-fired?" -> ("guild", ["furnace", "wood", "fired"], 3,
    ["furnace"])), or none ("")."""
    names = [e for e in find_entities(question) if key_terms(e)]
    goes_on = asks_still(question)
    if names:
        subject = names[0]
    elif goes_on:  # "Are the guild's furnaces still wood-fired?": the possessor ("guild") is whose they are
        owner = re.search(r"\b([^\W\d_]+)['’]s?\s", question)
        subject = owner.group(1) if owner is not None and owner.group(1).casefold() not in _AUX else ""
    else:
        return None
    subject_toks = set(tokenize(subject))
    # "still" asks whether a state goes on (:func:`asks_still`): it is no term a claim must state
    aspect = frozenset(t for m in _STILL_Q.finditer(question) for t in tokenize(m.group(0))) | _ASPECT if goes_on \
        else frozenset()
    # a phrase a page says in one word is asked in that word ("get into ... without paying": "enter", "free")
    plain = said_plainly(question)
    attrs = [t for t in key_terms(plain) if t not in subject_toks and t not in _FILLER and t not in aspect]
    if goes_on and _USED_FOR.search(plain):  # "still used for commercial milling": the state is the milling
        aspect = aspect | {t for t in attrs if t in _USE_WORDS}
        attrs = [t for t in attrs if t not in _USE_WORDS] or attrs
    if not attrs:
        return None
    need = len(attrs) if len(attrs) <= 3 else len(attrs) - 1
    # the relation the question asks about ("destroy", "native of") must be stated, in its words or the same
    # relation's ("born in"): a claim holding the other words but another relation is no "yes"
    relation = [t for t in relation_terms(plain) if t not in subject_toks and t not in aspect]
    return subject, attrs, need, relation


def states_predicate(question: str, text: str, tokens: set[str] | None = None) -> bool:
    """Whether ``text`` (a claim, or a lead sentence; ``tokens``: its words and its page title's, default its own)
    states or denies what a yes/no ``question`` about one named thing asks of it: the question's terms beside the
    subject (:func:`_held`, an opposite counting: "closed" for "open") and its relation's words, says what holds at
    the time a question about opening asks (:func:`shared.text.hours.time_state`: "Closed on Mondays" for "Is X open
    on Mondays?"), or contradicts its statement (:func:`contradicts_statement`: "founded in 1851" for "Was it founded in 1870?"), as
    :func:`decide_yes_no` reads a claim about the subject (two things asked about, or a comparison: False). Never
    raises."""
    if answer_type(question) != "yes_no" or len(comparison_options(question)) >= 2 or _compared(question) is not None:
        return False
    read = _predicate(question)
    if read is None:
        return False
    _subject, attrs, need, relation = read
    toks = set(tokenize(text)) if tokens is None else tokens
    # the statement without the verdict opening a lead's sentence ("No: ..."), which is no denial of its own
    stated = re.sub(r"^\W*(?:yes|no)\b\W*", "", text, flags=re.IGNORECASE)
    asked = asked_time(question)
    if asked is not None and _held(asked.to, toks) == len(asked.to) and time_state(stated, asked) is not None:
        return True  # "Closed on Mondays" states what "Is X open on Mondays?" asks, as decide_yes_no reads it
    if _dated(question, attrs, relation, text, toks) is not None or _measured(question, text) is not None:
        return True
    if _asks_permission(relation):  # "Sorry, no dogs (assistance dogs are fine)", as decide_yes_no reads it
        said = _permission_read(stated, attrs)
        toks = toks | set(tokenize(said))
        if _stance(attrs, said, toks)[0] >= need and _stance(relation, said, toks)[0] == len(relation):
            return True
    if _stance(attrs, text, toks)[0] >= need and _stance(relation, text, toks)[0] == len(relation):
        return True
    # a contrary fact denies it as plainly ("founded in 1851" for "Was it founded in 1870?"), as the verdict reads it
    return contradicts_statement(question, stated)


#: a yes/no question that dates its event against a year ("Was it completed before 1800?", "built after 1600")
_AGAINST_YEAR = re.compile(r"\b(before|after|earlier\s+than|later\s+than|prior\s+to)\s+(?:the\s+(?:year\s+)?)?"
                           r"(1\d{3}|20\d{2})\b", re.IGNORECASE)


def _dated(question: str, attrs: Sequence[str], relation: Sequence[str], text: str, tokens: set[str]) -> bool | None:
    """For a yes/no question dating its event against a year (:data:`_AGAINST_YEAR`: "Was the bridge completed
    before 1800?"): whether the claim's date of that event (:func:`_event_date`, after the relation's word:
    "completed in 1782") is before or after the year, as asked (True: yes; that very year: no); None when the
    question dates nothing against a year, or the claim does not state the event's other terms or gives no date of
    it."""
    m = _AGAINST_YEAR.search(question)
    if m is None:
        return None
    year = m.group(2)
    rest = [t for t in attrs if t != year]
    events = [t for t in relation if t != year] or rest
    # the event in the words of its relation too ("built": "to build in 1871", "constructed in 1871")
    events = list(dict.fromkeys([*events, *(w for t in events if (r := relation_of(t)) for w in RELATIONS[r])]))
    if not rest or _held(rest, tokens) < (len(rest) if len(rest) <= 3 else len(rest) - 1):
        return None
    found = _event_date(text, events)
    if found is None:
        return None
    if found[0][0] == int(year):
        return False  # "completed in 1782" is neither before nor after 1782
    later = m.group(1).casefold().startswith(("after", "later"))
    return (found[0][0] > int(year)) == later


#: a yes/no question that measures its subject against an amount ("Is the river longer than 100 kilometres?",
#: "Does the town have more than 10,000 inhabitants?", "Is it over 30 metres tall?")
_AGAINST_AMOUNT = re.compile(
    r"\b(?:(?P<cmp>[a-z]+)\s+than|(?P<bound>over|under|above|below))\s+(?:about\s+|some\s+)?"
    r"(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s*(?P<unit>%|[a-z]+)?", re.IGNORECASE)


#: a yes/no question giving its subject's size as an amount: "Is the tower 40 metres tall?", "Is it 2.5 km long?"
_AT_AMOUNT = re.compile(r"(?<![\w.,])(?P<num>\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
                        r"(?:-|\s*)(?P<unit>[a-z]+)\s+(?P<dim>[a-z]+)\b", re.IGNORECASE)


def _decimals(written: str) -> int:
    """The number of decimals ``written`` (a figure: "32", "2.45") gives."""
    return len(written.split(".", 1)[1]) if "." in written else 0


def _sized(question: str, text: str) -> bool | None:
    """For a yes/no question giving its subject's size as an amount (:data:`_AT_AMOUNT`: "Is the tower 40 metres
    tall?"): whether the figure ``text`` states of that dimension (:func:`figure_of_dimension`: "32 metres tall",
    "height 32 m"), converted to the question's unit (:data:`_BASE_UNITS`), is that amount within the rounding of
    either figure (True), or differs beyond it (False); None when the question gives no such amount, or the text no
    figure of that dimension in a unit of the same kind."""
    m = _AT_AMOUNT.search(question)
    unit = _UNITS.get(m.group("unit").casefold(), "") if m is not None else ""
    dimension = SIZE_WORDS.get(m.group("dim").casefold(), "") if m is not None else ""
    if m is None or unit not in _BASE_UNITS or not dimension:
        return None
    asked = float(m.group("num").replace(",", ""))
    for low, high, kind, shown in _amounts(text):
        at = text.find(shown)
        if not _convertible(kind, unit) or at < 0 or not figure_of_dimension(dimension, text, at) \
                or not figure_dimensions(text, at, clause=True):
            continue
        factor = _BASE_UNITS[kind][1] / _BASE_UNITS[unit][1]
        num = re.search(r"\d[\d,]*(?:\.\d+)?", shown)
        step = max(10.0 ** -_decimals(m.group("num")), 10.0 ** -_decimals(num.group(0) if num else "") * factor)
        tolerance = step / 2 + 1e-9
        if low * factor - tolerance <= asked <= high * factor + tolerance:
            return True if low == high else None
        return False
    return None


def _measured(question: str, text: str) -> bool | None:
    """For a yes/no question measuring its subject against an amount (:data:`_AGAINST_AMOUNT`): whether the amount
    ``text`` gives in the same unit (:func:`_amounts`: "flows for 143 kilometres", "8,950 inhabitants", "a
    population of 12,400") is above or below it, as asked (True: yes); None when the question measures nothing, the
    text gives no amount in that unit, or gives that very amount."""
    m = _AGAINST_AMOUNT.search(question)
    if m is None:
        return _sized(question, text)
    word = (m.group("cmp") or m.group("bound") or "").casefold()
    direction = {"over": "more", "above": "more", "under": "less", "below": "less"}.get(word) or _DIRECTION.get(word)
    unit = (m.group("unit") or "").casefold()
    if direction not in ("more", "less") or not unit or unit in _NOT_UNITS:
        return None
    kind = _UNITS.get(unit, (tokenize(unit) or [unit])[0])
    try:
        asked = float(m.group("num").replace(",", ""))
    except ValueError:
        return None
    stated = [a for a in _amounts(text) if a[2] == kind or same_stem(a[2], kind)]
    if not stated:
        return None
    low, high = stated[0][0], stated[0][1]
    if low > asked:
        return direction == "more"
    if high < asked:
        return direction == "less"
    return None


#: a yes/no question whether a state goes on: "Is the ferry still running?", "Do they still fire their ovens with
#: wood?", or whether it holds now ("Is the mill currently used for milling?", "... nowadays?", "... today?": the
#: present adverbs of :data:`shared.text.succession.NOW_ADVERBS`)
_STILL_Q = re.compile(rf"\b(?:still|any\s*more|any\s+longer|these\s+days|at\s+present|{NOW_ADVERBS})\b",
                      re.IGNORECASE)
#: "used for" / "used as" before what a thing is used for: a "still" question's state is that use ("Is the chapel
#: still used as a school?" asks whether it is a school: "served as a school until 1950" says no)
_USED_FOR = re.compile(r"\bus(?:ed|e)\s+(?:for|as)\s+(?=\w)", re.IGNORECASE)
_USE_WORDS = frozenset(("used", "use"))
#: words of :data:`_STILL_Q` as tokens: no term a claim must state (with those of its words a question writes: "day"
#: of "these days")
_ASPECT = frozenset(tokenize("still anymore longer"))
#: a claim saying a state goes on in so many words ("still", "continues to", "to this day")
_GOES_ON = re.compile(r"\b(?:still|continues?\s+to|continue\s+to|to\s+this\s+day|remains?\s+in\s+(?:use|service))\b",
                      re.IGNORECASE)
#: a claim saying a state has ended: a verb of ending ("was shut down in 1987", "ceased", "closed", "was replaced"),
#: "no longer", "until 1962", "instead of", or what was the last of its kind ("The last wood-fired furnace was ...",
#: "was last held in 2019")
_ENDED = re.compile(
    r"\b(?:no\s+longer|not\s+any\s*more|ceased|ceases|stopped|discontinued|abandoned|decommissioned|retired|"
    r"shut\s+down|shut|closed|closure|phased\s+out|scrapped|dismantled|demolished|replaced|ended|gave\s+up|"
    r"given\s+up|instead\s+of|rather\s+than|until\s+(?:the\s+)?(?:1\d{3}|20\d{2})|(?:was|were)\s+last|"
    r"the\s+last\b[^.;]*?\b(?:was|were))\b", re.IGNORECASE)
#: a statement in the past only ("were fired with wood", "ran every hour", "carried cars": also an irregular past or
#: a word in -ed): it does not say whether the state goes on
_PAST = re.compile(r"\b(?:was|were|had|used\s+to)\b", re.IGNORECASE)
_PRESENT = re.compile(r"\b(?:is|are|has|have|today|now|currently|nowadays)\b", re.IGNORECASE)
#: "last" and what follows it up to the end of its clause: a label or verb of the last time a state held ("Last
#: commercial use: ... 1951", "It last worked in 1894", "the last year of milling was 1951")
_LAST_RE = re.compile(r"\blast\b(?P<rest>[^.;]*)", re.IGNORECASE)
#: a determiner before "last": "the last show, held in 2025" is the latest edition of a recurring thing, not its
#: end (:func:`last_held`)
_LATEST_BEFORE = re.compile(r"\b(?:the|its|their|this|that|our|his|her)\s+$", re.IGNORECASE)
#: what makes "the last <thing>" the final one: "ever", "before it closed/ended/ceased/was ..."
_LAST_EVER = re.compile(r"\b(?:ever|before\s+(?:it|they|the\s+\w+)\s+(?:closed|ended|ceased|stopped|was|were))\b",
                        re.IGNORECASE)
#: how many words after "last" may name the state it dates ("Last commercial use", "last ground corn")
_LAST_REACH = 3


def asks_still(question: str) -> bool:
    """Whether a yes/no ``question`` asks whether a state goes on ("Is the ferry still running?", "Do the glassmakers
    still fire their ovens with wood?", "Does it carry cars any more?", "... any longer?", "... currently ...",
    "... today?"); "today" alone in a question whether something is open or closed, or asking its hours, asks
    about the day ("Is the museum open today?"), not whether a state goes on. Never raises."""
    if answer_type(question) != "yes_no":
        return False
    said = [m.group(0).lower() for m in _STILL_Q.finditer(question)]
    if said and all(w == "today" for w in said) and (asks_hours(question) or any(
            w in OPEN_STATE[0] or w in OPEN_STATE[1] for w in re.findall(r"[^\W\d_]+", question.lower()))):
        return False  # "Is the museum open today?" asks about the day, not whether a state goes on
    return bool(said)


def last_held(text: str, terms: Sequence[str]) -> bool:
    """Whether ``text`` dates the last time the state ``terms`` (a question's tokens) name held: "last", at most
    :data:`_LAST_REACH` words before a word holding one of ``terms`` (:func:`_held`), and a year later in its clause
    ("Last commercial use: the tower mill 1951" for ``["used", "commercial", "milling"]``, "It last worked in 1894"
    for ``["working"]``). "The hall was last renovated in 2015" dates no state of ``["open"]``; "the last show, held
    in 2025" (a determiner before "last") is the latest edition, no end, unless "ever" or "before it ended/closed
    ..." follows ("the last show ever was held in 2019"); no ``terms``: False. Never raises."""
    for m in _LAST_RE.finditer(text):
        rest = m.group("rest")
        if _LATEST_BEFORE.search(text[:m.start()]) and not _LAST_EVER.search(rest):
            continue  # "the last show, held in 2025": the latest edition, no end ("the last show ever": an end)
        words = re.findall(r"[^\W\d_]+", rest)[:_LAST_REACH]
        if terms and _held(terms, set(tokenize(" ".join(words)))) and re.search(rf"\b{_YEAR}\b", rest):
            return True
    return False


def goes_on(text: str, denied: bool, terms: Sequence[str] = ()) -> bool | None:
    """For a claim stating the state a "still" question asks about (:func:`asks_still`; ``denied``: the claim denies
    it, :func:`_stance`; ``terms``: the question's tokens naming the state): True when it says the state goes on
    ("still", "continues to", or a plain present: "The mill grinds flour"), False when it says the state ended
    ("The last wood-fired furnace was shut down in 1987", "ran until 1962", "no longer", or denies it) or dates the
    last time it held (:func:`last_held`: "Last commercial use: ... 1951"), None when it speaks of the past only
    ("were fired with wood"): that says nothing of now. Never raises."""
    if _GOES_ON.search(text) and not denied:
        return True
    if denied or _ENDED.search(text) or last_held(text, terms):
        return False
    words = re.findall(r"[^\W\d_]+", text.casefold())
    past = _PAST.search(text) is not None or any(w in _irregular_pasts() or (len(w) > 4 and w.endswith("ed"))
                                                 for w in words)
    if past and not _PRESENT.search(text):
        return None
    return True


@lru_cache(maxsize=1)
def _irregular_pasts() -> frozenset[str]:
    """The past forms of :data:`shared.text.verbs.IRREGULAR_VERBS` that differ from their base ("ran", "drew")."""
    out: set[str] = set()
    for line in IRREGULAR_VERBS:
        base, past, _participle = line.split()
        out |= {p for p in past.split("/") if p != base}
    return frozenset(out)


def _one_subject(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int],
                 tok_sets: Sequence[set[str]]) -> YesNo:
    """:func:`decide_yes_no` for a question about one named thing ("Is Havnby in Denmark?"). A question whether a
    state goes on (:func:`asks_still`) is also decided by the most relevant claims that do not name its subject (a
    page of a local corpus about it calls it "the guild"), and by whether the claim says the state goes on or ended
    (:func:`goes_on`: "No" for "The last wood-fired furnace was shut down in 1987")."""
    read = _predicate(question)
    if read is None:
        return YesNo(None)
    subject, attrs, need, relation = read
    still = asks_still(question)
    # the words right after the name ("orchard" of "Did the Tolven orchard ...?") may complete its page's title
    after = re.search(rf"{re.escape(subject)}((?:\s+[a-z][\w-]*){{1,2}})", question) if subject else None
    said = tokenize(after.group(1)) if after else []
    claims = _claims_about(subject, order, texts, titles, said) if subject else []
    # "the Kessler Mill museum" is the page "Varnholm Paper Museum" when a claim of it names the Kessler Mill
    things = [i for i in _its_thing_pages(subject, said, order, texts, titles) if i not in claims] if subject else []
    claims += things
    # and "The Central Library was designed by ..." on a page of the place or owner opening the name ("Quellby City
    # Libraries" for the Quellby Central Library: shared.text.terms.head_on_qualified_page) is the asked thing's
    # (a page writing the name whole and stating the relation asked is never outvoted by a head-only page)
    deciding = [_held(relation, tok_sets[i]) > 0 if relation else _held(attrs, tok_sets[i]) >= need
                for i in range(len(texts))]
    heads = qualified_head_names([tokenize(subject)], texts, titles, [[t] for t in titles], deciding) \
        if subject else []
    qualified = [i for i in order if heads[i]] if subject else []
    claims += [i for i in qualified if i not in claims]
    if still:
        claims += [i for i in order[:OPTION_CLAIMS] if i not in claims]
    # those words, when a page's title gives them with the name, are the name's ("Tolven orchard"), not what is
    # asked of it: a claim must state the rest ("switch to biodynamic farming" is not "converted to organic farming");
    # the question's relation word is what is asked, never the name's ("open" of "Is X open on Mondays?" on a page
    # "X opens its 2024 season")
    named = {t for t in said if t not in relation and any(t in set(tokenize(titles[i])) and (
        set(tokenize(subject)) <= set(tokenize(titles[i])) or i in things) for i in claims)}
    if named and [t for t in attrs if t not in named]:
        attrs = [t for t in attrs if t not in named]
        need = len(attrs) if len(attrs) <= 3 else len(attrs) - 1
        relation = [t for t in relation if t not in named]
    if subject:
        # a claim naming the subject that holds what is asked ("there is no indoor pool") is read too, though more
        # claims of the subject's own pages ranked before it filled the first places of :func:`_claims_about`
        claims += [i for i in order if i not in claims and is_about(subject, texts[i], titles[i])
                   and _held(attrs, tok_sets[i]) >= need][:OPTION_CLAIMS]
    asked = asked_time(question)
    if asked is not None and subject:
        # "Is X open on Mondays?", "Can I visit X on a Monday?", "Will I be admitted to X in January?": a claim of X's
        # saying what it does then decides it ("Monday: closed", "Closed on Mondays" no; "Sunday: 11:00-16:00",
        # "1 November to 31 March: weekends only, 11:00 to 16:00" yes), none other does ("the visitor centre welcomed
        # more guests" says nothing of Mondays). Whom or what it is asked open to ("open to heavy trucks on Mondays")
        # a claim must state too. A claim giving opening hours is read before one saying only that something is
        # open ("The towpath along the flight is free and open all year")
        toks = set(tokenize(subject))
        of_subject = claims + [i for i in order if i not in claims and (
            is_about(subject, texts[i], titles[i]) or toks <= set(tokenize(clean_title(titles[i]))))]
        # "Is the X Visitor Centre open on Mondays?": the hours of X's page naming its visitor centre are the centre's
        of_subject += [i for i in _facility_claims(subject, order, texts, titles) if i not in of_subject]
        # "From November to March the museum is open ..." beside "X Museum is open daily ..." on its page: X Museum's
        of_subject += [i for i in head_noun_claims(subject, order, texts, titles) if i not in of_subject]
        of_subject.sort(key=lambda i: not gives_hours(texts[i]))
        for i in of_subject:
            state = time_state(texts[i], asked) if _held(asked.to, tok_sets[i]) == len(asked.to) else None
            if state is not None:  # "Is X closed on Mondays?" asks the contrary of "open"
                return YesNo(state != asked.closed, (i,))
        # else only a claim naming a time of that cycle may say what holds then ("open Tue-Sun", "open daily except
        # Mondays", "open from April to October", read below)
        claims = [i for i in claims if names_times(texts[i], asked.cycle)]
    if not claims:
        return YesNo(None)
    indefinite = _INDEFINITE_Q.search(" ".join(question.split()))
    if indefinite is not None:  # "Was anyone killed in the derailment?": a count of those it happened to decides it
        verb = indefinite.group("verb").casefold()
        # the claims naming the subject, or of a page whose title names it ("Nobody was killed." on "Ambersleigh
        # derailment of 1967")
        toks = set(tokenize(subject))
        about = [i for i in order if toks <= set(tokenize(titles[i])) or _names_option(texts[i], subject)]
        for i in about[:OPTION_CLAIMS]:
            counted = _counted_for(verb, texts[i])
            if counted is not None:
                return YesNo(counted, (i,))
    # a claim naming another thing told apart from an asked one by words before its name states nothing of it ("The
    # Brask Canal was designed by Jonas Edvarsen" for "Did Jonas Edvarsen design the Little Brask Canal?"), when the
    # asked name is a thing's own (shared.text.terms.names_prefixed_other)
    alone = names_written_alone(question, [*texts, *titles])
    claims = [i for i in claims if not (alone and names_prefixed_other(alone, texts[i])) or i in qualified]
    # nor does one whose subject is a look-alike of the asked thing, though its page is the asked thing's ("The Old
    # Kestrelmoor Incline is a different and older line ..., designed by Thaddeus Crane" on the Kestrelmoor
    # Funicular's page says nothing of who designed the funicular)
    claims = [i for i in claims if not opens_look_alike(subject, texts[i])]
    # a question about a group by age ("children under six") is settled by claims about that group, not another age
    # band ("Children from six to sixteen pay four euros"); those naming the band asked come first
    band = age_band(question)
    # what a claim says of the subject is said in its clauses naming it ("No. 5 Tarnhollow is the lightest engine;
    # No. 8 Brisk Lady is the heaviest" says nothing of whether Brisk Lady is the lightest)
    said_of = {i: subject_clauses(subject, texts[i]) for i in claims}
    if band is not None:
        # a sentence naming several groups ("Children from six to fifteen pay half price, and children under six ride
        # free of charge") speaks of the group asked in that group's clause
        # and a row of a page whose title names the subject states it for that group ("Ticket Child under 6: single
        # free, return free" on "Plan your visit | Kestrelmoor Funicular"), its age in digits or words alike
        toks_subject = set(tokenize(subject))
        claims += [i for i in order if i not in claims and toks_subject <= set(tokenize(clean_title(titles[i])))
                   and band in age_bands(texts[i])][:TITLED_CLAIMS]
        bands = {i: age_bands(texts[i]) for i in claims}
        claims = [i for i in claims if band in bands[i]] + [i for i in claims if not bands[i]]
        said_of = {i: band_clause(texts[i], band) for i in claims}
        asked_band = _AGE_BAND_RE.search(question)
        band_words = set(tokenize(asked_band.group(0))) if asked_band is not None else set()
    if _asks_permission(relation):  # "can't come in" denies "allowed", "are fine" states it
        said_of = {i: _permission_read(t, attrs) for i, t in said_of.items()}
    plain = " ".join(said_plainly(question).split())
    doer = _asked_doer(plain, [e for e in find_entities(plain) if key_terms(e)])
    if doer is not None:
        # "Was X founded by Y?": a claim where X acts on another thing ("Chief executive Y said X opened its new ski
        # school": "opened" names a founding too), or naming Y only as an owner ("Y's father founded X"), says
        # nothing of whether Y did it to X
        claims = [i for i in claims if not _acts_on_other(subject, texts[i], relation)
                  and not _possessor_only(tokenize(doer)[-1:], texts[i])]
    # "Is X held in March?": the clauses of X's claims giving it a recurring time of the kind asked decide it ("held
    # every October", not "..., and tickets go on sale in March")
    timed = _by_recurring_time(question, attrs, relation, claims, texts)
    if timed is not None:
        return timed
    read_still: list[tuple[int, bool]] = []  # a "still" question's claims and whether each says the state goes on
    for i in claims:
        # the clause's words, and those its page's title gives (the subject a FAQ page's sentence does not repeat)
        toks = tok_sets[i] if said_of[i] == texts[i] else \
            set(tokenize(said_of[i])) | (tok_sets[i] - set(tokenize(texts[i])))
        if band is not None and band in age_bands(said_of[i]):
            toks = toks | band_words  # "under 6" is the "under six" asked
        dated = _dated(question, attrs, relation, texts[i], tok_sets[i])
        if dated is None:  # "flows for 143 kilometres" for "Is it longer than 100 kilometres?"
            dated = _measured(question, texts[i])
        if dated is not None:  # "completed in 1782" for "Was it completed before 1800?"
            return YesNo(dated, (i,), by_figures=True)  # the claim's figure against the question's decides it
        # "free of charge", "no charge", "at no cost" say "free" ("Do children have to pay?": no)
        freed = _FREE_PHRASE_RE.sub(" free ", said_of[i])
        held, denied = _stance(attrs, freed, toks | ({"free"} if freed != said_of[i] else set()))
        # a state asked on or in a qualifier is read in the qualifier's clause ("open ... and is closed on Mondays")
        bound = bound_state(attrs, freed, _BOUND_STATES)
        if bound is not None:
            held += bound[1]  # "open Tuesday to Sunday" speaks of Monday
            if held >= need and bound[0] is None:
                continue  # which state the qualifier has is unclear: no yes or no from this claim
            denied = not bound[0]
        # a state the qualifier's clause binds ("open year-round" for "run in winter") states its relation
        stated = bound is not None and bound[0] is not None and all(
            any(t in side for pair in _BOUND_STATES for side in pair) for t in relation)
        verb = none_of_object(relation, said_of[i], toks, subject=subject,
                              past_asked=_ASKS_PAST.search(question) is not None)
        if verb:  # "There are no trains on Mondays" for "Does X run trains on Mondays?": no
            held, denied, stated = held + verb, True, True
        if held >= need and (stated or _stance(relation, said_of[i], toks)[0] == len(relation)):
            if still:  # whether the state goes on: "still fires" yes, "was shut down in 1987" no, "fired" of old none
                verdict = goes_on(texts[i], denied, attrs)
                if verdict is not None:
                    read_still.append((i, verdict))
                continue
            # the claim states what the question asks, or denies it ("is not open to cars", "closed to cars")
            return YesNo(not denied, (i,))
    if read_still:
        return _still_verdict(read_still, texts)
    for i in claims:
        if contradicts_statement(question, texts[i]):
            return YesNo(False, (i,))
    return _by_doer(question, subject, relation, texts, titles, order)


def _still_verdict(read: Sequence[tuple[int, bool]], texts: Sequence[str]) -> YesNo:
    """The verdict of a "still" question (:func:`asks_still`) from its claims ``read`` (claim index, whether it says
    the state goes on: :func:`goes_on`), most relevant first: a claim saying in so many words that the state goes on
    ("still", "continues to") or that it ended decides it, the first of them; a plain present ("The mill grinds
    flour") only when none does, so "commercial milling ended in 1951" is never outvoted by a row or sentence that
    merely names the state. Of the claims saying it ended, one with a verb of ending ("ended when he retired in
    1951") is cited before one only dating the last time (:func:`last_held`: "Last commercial use: ... 1951")."""
    said = [(i, v) for i, v in read if not v or _GOES_ON.search(texts[i])]
    if said:
        verdict = said[0][1]
        cited = [i for i, v in said if v == verdict]
        if not verdict:
            cited.sort(key=lambda i: _ENDED.search(texts[i]) is None)
        return YesNo(verdict, (cited[0],))
    return YesNo(read[0][1], (read[0][0],))


#: where a claim's clause ends for :func:`_by_recurring_time`: a semicolon, a dash between spaces, a comma before a
#: joining or relative word, or "but" / "while" / "whereas" ("held in October, and tickets go on sale in March")
_CLAUSE_END_RE = re.compile(r";|\s[-–—]\s|,\s*(?=(?:and|but|while|whereas|which|who|when)\b)|"
                            r"\s(?:but|while|whereas)\s", re.IGNORECASE)
#: the verbs of an event's happening ("held", "takes place", "occurs", "meets"): a question whether something happens
#: at a recurring time is read by :func:`_by_recurring_time`; one whether a state holds then ("open", "free",
#: "running") by the opening hours' readers (:func:`shared.text.hours.time_state`, :func:`shared.text.hours.bound_state`)
_HAPPENING_RE = re.compile(r"\b(?:held|hold|holds|staged|stage|stages|(?:take|takes|took|taken|taking)\s+place|"
                           r"happen|happens|happened|occur|occurs|occurred|meet|meets|met|convene|convenes|convened)\b",
                           re.IGNORECASE)
#: a yes/no question in the present ("Is X held in March?", "Does X take place on Saturdays?")
_PRESENT_Q_RE = re.compile(r"^\W*(?:is|are|does|do)\b", re.IGNORECASE)


def _by_recurring_time(question: str, attrs: Sequence[str], relation: Sequence[str], claims: Sequence[int],
                       texts: Sequence[str]) -> YesNo | None:
    """For a yes/no question whether the asked thing happens at a recurring time (a verb of :data:`_HAPPENING_RE`
    and :func:`shared.text.hours.recurring_time`: "Is X held in March?", "Does X take place on Saturdays?", "Is X
    held in summer?"; not whether it is open or a state holds then, :func:`shared.text.hours.asked_time`): among
    ``claims`` (the asked thing's, look-alikes already left out), a clause (:data:`_CLAUSE_END_RE`) stating the
    question's other terms and its relation ("held"), with no denial word, gives the thing's recurring times of the
    asked cycle (:func:`shared.text.hours.recurring_times_stated`: "held every October"; a date with a year is no
    recurring time); the question's verb of happening is stated by any of :data:`_HAPPENING_RE` ("takes place on the
    first weekend of July" for "Is X held in May?"), and a clause with none gives no time of the thing. "Yes" when one such time holds the asked one (or a part of it), citing the first claim giving
    it; else "No" (``by_other_time``: inferred, so medium at most) when some give only other times of that cycle,
    citing the first. A present question reads only claims saying the state holds now (:func:`goes_on`: not "was
    held every July until 2008"). None when the question asks no such time or no claim gives one."""
    asked = recurring_time(question)
    if asked is None or asked_time(question) is not None or _HAPPENING_RE.search(question) is None:
        return None
    cycle, places = asked
    rest = [t for t in attrs if cycle_places(t) is None]
    if not rest:
        return None
    # the question's verb of happening is any such verb of a clause: "takes place on the first weekend of July" says
    # when the thing asked "held in May?" is held
    happening = {t for m in _HAPPENING_RE.finditer(question) for t in tokenize(m.group(0))}
    rest = [t for t in rest if t not in happening]
    relation = [t for t in relation if t not in happening]
    present = _PRESENT_Q_RE.search(question) is not None
    other: int | None = None
    for i in claims:
        if present and goes_on(texts[i], False) is not True:
            continue
        for clause in _CLAUSE_END_RE.split(texts[i]):
            toks = set(tokenize(clause))
            if _held(rest, toks) < len(rest) or DENIAL_RE.search(clause) or _HAPPENING_RE.search(clause) is None \
                    or (relation and _stance(relation, clause, toks) != (len(relation), False)):
                continue
            times = recurring_times_stated(clause, cycle)
            if any(t & places for t in times):
                return YesNo(True, (i,))
            if times and other is None:
                other = i
    return None if other is None else YesNo(False, (other,), by_other_time=True)


#: what may stand before the name a sentence opens with as its subject: "The", after a short adverbial of time ("At
#: its peak in 1958 the Old Kestrelmoor Works ...", "In 1884, the ..."; a preposition and up to four words, the last a
#: year or a time word)
_OPENING_BEFORE_NAME_RE = re.compile(
    r"(?:(?:by|in|at|from|until|after|before|since|during|around|over)\s+(?:[\w'’\-]+\s+){0,4}?"
    r"(?:\d{3,4}s?|century|decade|year|years|time|war|period|peak|height),?\s+)?(?:the)?", re.IGNORECASE)


def opens_look_alike(subject: str, text: str, *, apart: bool = False) -> bool:
    """Whether ``text`` opens (after at most "The", or a short adverbial of time and "the":
    :data:`_OPENING_BEFORE_NAME_RE`, "At its peak in 1958 the Old Kestrelmoor Incline ...") with the name of another
    thing that looks like ``subject`` (a name): a name of two or more words sharing a word with it that lacks some of its words ("The Old Kestrelmoor
    Incline is ..." for the "Kestrelmoor Funicular"), or holds it with words of its own before it ("Old Kestrelmoor
    Funicular") or a variant mark after it ("Kestrelmoor Funicular II", "Brevona Duo XL", "Brevona Duo Gen 2":
    :func:`shared.text.terms.variant_suffix`); a number in words is its digits ("The Seven
    Habits ..." is "The 7 Habits ..."). Such a sentence states nothing of ``subject``,
    even on its page. A longer name running on past it in words ("Kestrelmoor Funicular Company") is kept: the
    company's founding is read as the line's. ``apart``: ``subject`` is a thing of its own in the run (the caller
    read it so: :func:`shared.text.terms.told_apart`), so one more word after it naming a thing of its kind makes
    another thing too (:func:`shared.text.terms.tail_mark`: "The Kestrelmoor Way Link is 46 km long" for the
    "Kestrelmoor Way"). False for an empty subject or text. Never raises."""
    want = _name_words(subject or "")
    ents = find_entities(text or "")
    if not want or not ents:
        return False
    at = text.find(ents[0])
    if at < 0 or not _OPENING_BEFORE_NAME_RE.fullmatch(text[:at].strip()):
        return False
    return _looks_alike(want, _name_words(ents[0]), tails=apart)


def names_look_alike(subject: str, text: str) -> bool:
    """Whether ``text`` names, anywhere and not only at its opening, another thing that looks like ``subject`` (a
    name of a kind of thing: its last word is a plain English word, "Bridge", "Foundry") as :func:`opens_look_alike`
    reads one, of one of two shapes: a name opening with one word of its own and ending with ``subject``'s last word
    ("The heaviest casting ever made at the Old Kestrelmoor Works was ..." for the "Kestrelmoor Bell Works"), or
    ``subject`` with a number after it ("Kestrelmoor Bell Works II"); and does not name ``subject`` itself. A
    person's name ("Sir Derek George Jacobi" for "Derek Jacobi") or a longer name running on past some of its words
    ("Kestrelmoor Works Trust", maybe its owner) or one holding it after more words of its own ("the New Hampshire
    Air National Guard" for the "Air National Guard", a part of it) is none. False for an empty subject or text. Never raises."""
    want = _name_words(subject or "")
    if len(want) < 2 or not _english_word(want[-1]):
        return False
    names = [_name_words(e) for e in find_entities(text or "")]
    if any(_contains(w, want) and not _looks_alike(want, w) for w in names):
        return False  # (a longer name running on past it, "Kestrelmoor Bell Works Museum", is the subject's own)
    return any(_looks_alike(want, w) and ((w[0] not in want and w[1] in want and w[-1] == want[-1])
                                          or w[:len(want)] == want) for w in names)


def _contains(words: list[str], want: list[str]) -> bool:
    """Whether the tokens ``want`` stand together, in order, among ``words``."""
    return any(words[k:k + len(want)] == want for k in range(len(words) - len(want) + 1))


def _looks_alike(want: list[str], words: list[str], *, tails: bool = False) -> bool:
    """Whether the name tokens ``words`` are a look-alike of the name tokens ``want`` (:func:`opens_look_alike`;
    ``tails``: also ``want`` with one word after it naming a thing of its kind, :func:`shared.text.terms.tail_mark`)."""
    if len(words) < 2 or words == want or not set(words) & set(want):
        return False
    starts = [k for k in range(len(words) - len(want) + 1) if words[k:k + len(want)] == want]
    if not starts:  # a look-alike sharing some words, not the asked name, with an English word of its own
        extra = [w for w in words if w not in want]
        return not all(w in words for w in want) and any(_english_word(w) for w in extra)
    k = starts[0]
    before, rest = words[:k], words[k + len(want):]
    while before and before[0] in FOREIGN_ARTICLES:  # ("Die Neue Varden Brücke": an article opens it as "The" does)
        before = before[1:]
    if edition_ordinal(words, k) and (len(before) == 1 or (len(before) == 2 and before[0].isdecimal())):
        return False  # an ordinal numbering an event's edition ("The 40th Kessin Marathon" is the Kessin Marathon)
    # words of its own before it: plain English words, or a mark of another language or in digits
    # (:func:`shared.text.terms.look_alike_mark`: "Neue Kessin Brücke", "2nd Kessin Library"); or a variant suffix
    # after it (:func:`shared.text.terms.variant_suffix`: "Kessin Funicular II", "Brevona Duo XL")
    return (bool(before) and (look_alike_mark(words, k) == len(before) or all(_english_word(w) for w in before))) or (
        variant_suffix(rest) or (tails and not before and len(rest) == 1 and tail_mark(want, rest[0])))


def _name_words(name: str) -> list[str]:
    """The tokens of ``name`` with a number written in words as its digits ("seven" -> "7")."""
    return [str(v) if (v := phrase_value(w)) is not None else w for w in tokenize(name)]


def _english_word(word: str) -> bool:
    """Whether ``word`` (a token) is a plain English word of a name's own ("old", "incline"), no article of another
    language (:data:`shared.text.tokens.FOREIGN_ARTICLES`, which open a name as "The" does: "Der Varden Chairlift
    verkehrt ganzjährig")."""
    return word.isalpha() and word not in FOREIGN_ARTICLES and is_plain_english(word)


#: where the doers after "by" end: a clause break (not the point of an initial: "by H. Valcourt"), or "and" before a
#: lower-case word ("designed by Henri Valcourt and built in 1902"; "by A and B" goes on)
_DOERS_END = re.compile(r"[,;:()]|(?<!\b[A-Z])\.|\s(?:and|but|in|on|at|from|between|during|for|with)\s+(?=[a-z\d])")


#: "and" (or "&") joining one more doer to those :data:`_DOERS_END` ends before a lower-case word ("by Q and her
#: husband", "by Q and local farmers")
_AND_MORE = re.compile(r"^\s*,?\s+(?:and|&)\s+")


def _doers_at(text: str, start: int) -> str:
    """The words of ``text`` from ``start`` (right after "by" or "the work of") naming the relation's doers: up to
    :data:`_DOERS_END`, and on through a last doer joined by "and" that holds no verb ("by Romy Gasser and her
    husband", "... and local farmers"; not "by Q and built in 1902", "... and is run by ...":
    :func:`shared.text.verbs.finite_verb`, a participle or an "-ing" or "-ly" word). Never raises."""
    doers, *rest = _DOERS_END.split(text[start:], maxsplit=1)
    more = _AND_MORE.match(text[start + len(doers):]) if rest else None
    if more is None:
        return doers
    tail = _DOERS_END.split(text[start + len(doers) + more.end():], maxsplit=1)[0]
    words = re.findall(r"[^\W\d_]+", tail)
    if not words or finite_verb(tail) or any(participle(w) or w.endswith(("ing", "ly")) for w in words):
        return doers
    return f"{doers} and {tail}"


def _unnamed_co_doer(doers: str) -> bool:
    """Whether the doers ``doers`` lists (parts joined by "and", "&" or a comma) name some doers and leave another
    without a name ("Romy Gasser and her husband", "her husband and Romy Gasser", "Q and a partner from Selmbach" (a
    place after "from", "of" or "in" names no doer), "Q and local farmers"): the unnamed one may be the one asked, so
    the list says neither "Yes" nor "No"."""
    parts = [re.split(r"\s(?:from|of|in)\s", p, maxsplit=1)[0] for p in re.split(r",|\band\b|&", doers)]
    parts = [p for p in parts if re.search(r"[^\W\d_]", p)]
    named = [bool(find_entities(p)) for p in parts]
    return any(named) and not all(named)


#: a negation between a claim's subject and its relation's "by" ("X was not founded by Q", "was never designed by"):
#: the sentence names no doer
_NEGATED = re.compile(r"\b(?:not|never)\b|n['’]t\b", re.IGNORECASE)


#: a doer a passive question names after "by" ("Was X designed by Y?", "... made by the engineer Y?")
_BY_DOER_RE = re.compile(r"\bby\s+(?:the\s+[a-z]+\s+)?(?=[A-Z])")


def _asked_doer(question: str, names: Sequence[str]) -> str | None:
    """The name of ``names`` a passive yes/no ``question`` gives as the doer, after "by" (:data:`_BY_DOER_RE`: "Was
    the Little Orvane Canal designed by Auguste Delmarre?" -> "Auguste Delmarre"), else None."""
    for m in _BY_DOER_RE.finditer(question):
        rest = question[m.end():]
        for name in names:
            if rest.startswith(name):
                return name
    return None


def _does(asked: str, verb: str) -> bool:
    """Whether a claim's ``verb`` before "by" states the relation of the question's word ``asked``: one stem or verb
    ("design" / "designed"), or a relation of the same doer (:func:`shared.text.relations.same_relation` of a question
    asking who did it: "designed" or "built" for the "made" of "Was X made by Y?", "Was X the work of Y?")."""
    return same_stem(verb, asked) or same_verb(verb, asked) or same_relation(asked, verb, agent=True)


#: nouns a page uses for the whole of the thing it is about ("The design of the line was the work of ..." on a
#: funicular's page), beside the thing's own head noun
_WHOLE_NOUNS = frozenset("line railway building structure bridge canal tower house church project scheme".split())
#: a sentence opening with a relation's act, the thing's: "The design of the line was the work of the engineer",
#: "Its design was by"; the doers follow
_ACT_OF_DOER = re.compile(r"^(?:the|its)\s+(?P<act>[a-z]+)(?:\s+of\s+(?:its|the\s+(?P<whole>[a-z]+)))?\s+(?:was|is)\s+"
                          r"(?:the\s+(?:work|handiwork|brainchild|creation)\s+of|by)\s+", re.IGNORECASE)


def _act_doers(subject: str, text: str, title: str, relation: Sequence[str]) -> str | None:
    """The words naming the doers of ``text`` opening with the act of the asked relation (:data:`_ACT_OF_DOER`: "The
    design of the line was the work of the engineer Konrad Weyl, who ..." for "designed"), when its page is
    ``subject``'s own (:func:`is_about`) and the act is the whole thing's (no "of", "of its", or "of the" and a noun
    for the whole: :data:`_WHOLE_NOUNS` or the subject's head noun); else None."""
    m = _ACT_OF_DOER.match(text)
    if m is None or is_about(subject, text, title) != 2 or not any(_does(r, m.group("act").casefold())
                                                                   for r in relation):
        return None
    whole = (m.group("whole") or "").casefold()
    if whole and whole not in _WHOLE_NOUNS and whole not in tokenize(subject)[-1:]:
        return None  # "The design of the station ...": a part's designer
    return _doers_at(text, m.end())


#: a date after a relation's verb, before its "by" ("founded in 1962 by", "opened on 2 July 2004 by"): not the verb
_DATE_TAIL = re.compile(r"(?:,?\s+(?:in|on|during|around|about|circa)\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
                        r"(?:[A-Z][a-z]+\.?\s+)?\d{1,4}s?,?)+\s*$")
#: a record row giving the doers by their role's noun: "Quellby Zoo: founder Edith Varnam" (thing, role, doers)
_ROLE_ROW = re.compile(r"^(?:the\s+)?(?P<thing>[^:]{2,80}):\s+(?P<role>[a-z][a-z-]*)\s+(?P<doers>[^:]+?)\.?$",
                       re.IGNORECASE)
#: words saying the doers named are some, not all, of them ("co-founded by", "one of the founders", "among others")
_SOME_DOERS = re.compile(r"(?-i:\bco-)(?=[a-z])|\b(?:one|some|two|three)\s+of\b|\bamong\b|\bother(?:s)?\b|\bet\s+al\b|"
                         r"\b(?:together|along)\s+with\b|\bwith\s+the\s+help\b|\bhelped\b|\bjointly\b",
                         re.IGNORECASE)


def _whole_opening(thing: str, text: str, title: str) -> bool:
    """Whether ``text`` opens with a noun for the whole of ``thing`` as its subject ("The building was designed by
    ...", "The zoo was founded by ...": :data:`_WHOLE_NOUNS` or the thing's head noun) on ``thing``'s own page
    (:func:`is_about` 2)."""
    m = re.match(r"(?:the|its)\s+([a-z]+)\s+(?:was|is|were|are)\b", text, re.IGNORECASE)
    if m is None:
        return False
    noun = m.group(1).casefold()
    return (noun in _WHOLE_NOUNS or noun in tokenize(thing)[-1:]) and is_about(thing, text, title) == 2


def _row_doers(things: Sequence[str], text: str, relation: Sequence[str]) -> str | None:
    """The doers a record row of one of ``things`` gives by a role noun of the asked relation ("Quellby Zoo:
    founder Edith Varnam" -> "Edith Varnam" for "founded"; "architect" for "designed"), else None."""
    m = _ROLE_ROW.match(text)
    if m is None or not any(m.group("thing").strip().casefold() in (t.casefold(), f"the {t.casefold()}")
                            for t in things):
        return None
    role = m.group("role").casefold()
    return m.group("doers") if any(_does(r, role) for r in relation) else None


def _active_doers(things: Sequence[str], text: str, relation: Sequence[str]) -> str | None:
    """The words naming the doers ``text`` says did the asked relation to one of ``things`` in the active voice, the
    doers right before the relation's verb and the thing right after it ("In 1962, ski instructor Theresia Kolbinger
    founds the Varnholt Ski Area." -> "ski instructor Theresia Kolbinger"): the clause before the verb (after its
    last comma, semicolon, colon or bracket) must end with a name ("Y's father founded X" names no doer Y), and the
    thing must be no part of a longer name or a possessive ("founded the X Company", "founded X's rival"); else
    None."""
    for thing in things:
        for m in re.finditer(rf"(?<![\w-])([^\W\d_]+)\s+(?:[Tt]he\s+)?{re.escape(thing)}(?![\w'’-])(?!\s+[A-Z])",
                             text):
            if not any(_does(r, v) for r in relation for v in tokenize(m.group(1))):
                continue
            clause = re.split(r"[,;:()]", text[:m.start()])[-1].strip()
            names = find_entities(clause)
            if names and tokenize(clause)[-1:] == tokenize(names[-1])[-1:]:
                return clause
    return None


def _by_doer(question: str, subject: str, relation: Sequence[str], texts: Sequence[str], titles: Sequence[str],
             order: Sequence[int]) -> YesNo:
    """A yes/no question whether a named doer did the relation asked to another named thing ("Did Auguste Delmarre
    design the Little Orvane Canal?", or passive: "Was the Little Orvane Canal designed by Auguste Delmarre?", "Was
    it the work of Auguste Delmarre?", read as "made by": :func:`shared.text.synonyms.said_plainly`), decided by the
    claims whose subject is that thing and that give the relation's doers after "by" ("The Little Orvane Canal was
    designed by the engineer Henri Valcourt"; a thing "made by", or the work of, one is any relation by which a doer
    makes it: :data:`shared.text.relations.MAKING`): "Yes" when the one asked is among a claim's doers ("designed
    by Henri Valcourt and Auguste Delmarre", by surname too), else "No" when a claim names another doer and not the
    one asked. The thing must be the sentence's first name, as the question writes it and not inside a longer name
    ("Little Orvane Canal" is no "Orvane Canal"), and open it (a "The" aside); or the sentence opens with the act
    of the thing's own page ("The design of the line was the work of the engineer Konrad Weyl": :func:`_act_doers`).
    ``YesNo(None)`` when no claim (of ``order``, most relevant first) so states it."""
    plain = " ".join(said_plainly(question).split())
    names = [e for e in find_entities(plain) if key_terms(e)]
    doer = _asked_doer(plain, names) or subject
    things = [n for n in names if n != doer and not set(tokenize(n)) & set(tokenize(doer))]
    asked = tokenize(doer)
    if not relation or not things or not asked:
        return YesNo(None)
    other: YesNo | None = None  # the first claim naming only other doers, all of them
    other_active: YesNo | None = None  # the same in the active voice ("Q founded X": :func:`_active_doers`)
    # only a claim holding a word of the relation can give its doers: claims about the asked doer's other roles
    # ("Y has been its chief executive since 2019"), ranked first for the doer's name, do not use up the places
    stating = [i for i in order if any(_does(r, t) for r in relation for t in set(tokenize(texts[i])))]
    for i in stating[:OPTION_CLAIMS * 2]:
        text = " ".join(texts[i].split())
        acts = [d for t in things if (d := _act_doers(t, text, titles[i], relation)) is not None][:1]
        row = _row_doers(things, text, relation)
        active = None if acts or row is not None else _active_doers(things, text, relation)
        acts = acts or [d for d in (row, active) if d is not None]
        if any(_possessor_only(asked[-1:], d) for d in acts):
            continue  # "the work of Y's father": someone of the asked one's, not they
        named = [set(tokenize(e)) for d in acts for e in find_entities(d)]
        if named and not any(asked[-1] in e for e in named) and any(_unnamed_co_doer(d) for d in acts):
            continue  # "Q and her husband founded ...": the husband may be the one asked
        if named:
            if any(asked[-1] in e for e in named):
                return YesNo(True, (i,))
            if not _some_doers(text, relation) and active is None:
                other = other or YesNo(False, (i,), by_other_doer=True)
            elif not _some_doers(text, relation):  # a sentence in the active voice: a passive one is written first
                other_active = other_active or YesNo(False, (i,), by_other_doer=True)
            continue
        first = find_entities(text)[:1]
        at = text.casefold().find(first[0].casefold()) if first else -1
        if not any(_whole_opening(t, text, titles[i]) for t in things) and (
                at < 0 or not any(first[0].casefold() == t.casefold() for t in things)
                or text[:at].split()[1:] or text[:at].strip().casefold() not in ("", "the")):
            continue  # "The bridge over the Little Orvane Canal was designed by ...": the bridge's designer
        if first and re.match(r"['’]s?\b|['’]\s", text[at + len(first[0]):]):
            continue  # "X's ski school was founded by ...": a thing of X's, not X
        for m in re.finditer(r"\bby\s+", text):
            # the verb before "by", past a date ("founded in 1962 by")
            before = _DATE_TAIL.sub("", text[max(0, m.start() - 60):m.start()])
            verb = tokenize(before)[-1:]
            if not verb or not any(_does(r, verb[0]) for r in relation):
                continue
            if _NEGATED.search(text[max(at, 0):m.start()]):
                break  # "X was not founded by Q": no doer
            doers = _doers_at(text, m.end())
            named = [set(tokenize(e)) for e in find_entities(doers)]
            if _possessor_only(asked[-1:], doers):
                break  # "founded by Y's father": someone of the asked one's, not they
            if not named:
                continue  # "designed by a local engineer": no doer named
            # the asked one among the doers, by full name or surname ("Delmarre and Valcourt")
            if any(asked[-1] in e for e in named):
                return YesNo(True, (i,))
            if _unnamed_co_doer(doers):
                break  # "founded by Q and her husband": the husband may be the one asked
            if not _some_doers(text, relation):  # "co-founded by Q": Q is one of the founders, maybe not the only one
                other = other or YesNo(False, (i,), by_other_doer=True)
            break
    other = other or other_active
    if other is not None and any(_names_doer(asked[-1], things, texts[i], titles[i], relation) for i in order):
        return YesNo(None)  # another claim names the asked one with the relation: no "No"
    return other or YesNo(None)


def _some_doers(text: str, relation: Sequence[str]) -> bool:
    """Whether ``text`` says the doers it names are some of the asked relation's doers, not all (:data:`_SOME_DOERS`:
    "co-founded by", "one of the founders", "together with"; or a word of the relation written solid after "co":
    "cofounder")."""
    return _SOME_DOERS.search(text) is not None or any(
        t.startswith("co") and len(t) > 4 and any(_does(r, t[2:]) for r in relation) for t in tokenize(text))


def _names_doer(surname: str, things: Sequence[str], text: str, title: str, relation: Sequence[str]) -> bool:
    """Whether ``text`` (of the page ``title``) names the asked doer (``surname``, a token) beside a word of the asked
    relation ("founder", "co-founded") and speaks of one of ``things`` (it names it, or is on its own page)."""
    toks = set(tokenize(text))
    if surname not in toks or not any(_does(r, t) for r in relation for t in toks) \
            or any(_acts_on_other(t, text, relation) for t in things) or _possessor_only([surname], text):
        return False
    return any((set(tokenize(t)) <= toks or is_about(t, text, title) == 2)
               and not opens_look_alike(t, text) and not names_look_alike(t, text) for t in things)


#: an object after a verb: the determiner or possessive opening it ("opened its new ski school", "founded a fund")
_OBJECT_OPENING = r"(?:its|the|a|an|their|his|her)\b"


def _acts_on_other(thing: str, text: str, relation: Sequence[str]) -> bool:
    """Whether every word of the asked ``relation`` in ``text`` is the verb of ``thing`` acting on an object ("the
    Varnholt Ski Area opened its new ski school building", "Quellby Zoo founded a breeding programme"): ``thing``'s
    own act, so the text says nothing of who did the relation to ``thing`` (not "X founded in 1958 by Y", "X was
    opened by Y"). False when ``text`` holds no word of the relation."""
    if not thing:
        return False
    acts = {t for m in re.finditer(rf"(?<![\w-]){re.escape(thing)}\s+([^\W\d_]+)\s+{_OBJECT_OPENING}", text,
                                   re.IGNORECASE) for t in tokenize(m.group(1))}
    held = {t for t in tokenize(text) if any(_does(r, t) for r in relation)}
    return bool(held) and held <= acts


def _possessor_only(surname: Sequence[str], text: str) -> bool:
    """Whether ``text`` names the asked doer (``surname``: its last token, or none) only as an owner, each time
    before "'s" ("Korbinian Stadlmayr's father founded ..."): someone of theirs is the subject, not they. False when
    ``text`` does not name them."""
    if not surname:
        return False
    said = [m.group(1) for m in re.finditer(rf"(?<![\w-]){re.escape(surname[0])}(?![\w-])(['’]s?)?", text,
                                            re.IGNORECASE)]
    return bool(said) and all(said)


def contradicts_statement(question: str, text: str) -> bool:
    """Whether ``text`` contradicts the statement a yes/no ``question`` makes (the question without its auxiliary:
    "Was X founded in 1870?" -> "X founded in 1870"; :func:`shared.text.entailment.entailment` says "contradicted":
    "X was founded in 1851"), as :func:`decide_yes_no` reads a claim about the one thing asked about. A claim
    dating a start, end or repetition (:data:`_SPAN_WORDS`: "first held in 1971") contradicts no year the question
    names. A lower-case word of the question that the claim writes in another form of one stem or verb ("open" /
    "opened", "win" / "won") is read as the claim writes it. Never raises."""
    statement = re.sub(r"^\W*\w+\s+", "", " ".join(question.split())).rstrip(" ?")  # "Is X in Y?" -> "X in Y"
    if _YEAR_IN.search(question) is not None and _SPAN_WORDS.search(text):
        return False  # "first held in 1971" says when it began, not that it was not held in the year asked
    # the bare verb after "did" is the claim's form of it ("Did X open in 1930?": "X opened in 1930")
    words = {w.casefold() for w in re.findall(r"[^\W\d_]+", text)}

    def as_written(m: re.Match[str]) -> str:
        w = m.group(0).casefold()
        if w in words or len(w) < 3:
            return m.group(0)
        return next((t for t in sorted(words) if same_stem(w, t) or same_verb(w, t)), m.group(0))

    statement = re.sub(r"(?<![\w-])[a-z]+(?![\w-])", as_written, statement)
    return entailment(statement, text).label == "contradicted"


#: a yes/no question asking whether anyone at all underwent an event: "Was anyone killed in ...?", "Did anybody
#: die ...?", "Were any passengers injured ...?"; ``verb`` is what happened to them
_INDEFINITE_Q = re.compile(
    r"^\W*(?:was|were|is|are|has|have|had|did|does|do)\s+(?:(?:anyone|anybody|someone|somebody)|any\s+[a-z]+)\s+"
    r"(?:(?:was|were|ever|actually|really|get|got|been)\s+)*(?P<verb>[a-z]+)\b", re.IGNORECASE)
#: a number of people (digits or a number word), or a vague count ("several", "dozens")
_HEADCOUNT = re.compile(
    r"^(?:\d[\d,]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|"
    r"(?:twen|thir|for|fif|six|seven|eigh|nine)ty|"
    r"hundreds?|thousands?|dozens|several|many|some)$", re.IGNORECASE)
#: words before the event's word saying that it happened to nobody: "Nobody was killed", "No one died", "There were
#: no deaths", "none of the crew was hurt"
_NOBODY = frozenset(("nobody", "none", "no", "noone", "without"))
#: how many words before (or after: "killing two") the event's word a count or a "nobody" is read
_COUNT_REACH = 4


def _counted_for(verb: str, text: str) -> bool | None:
    """Whether ``text`` says the event ``verb`` names ("killed", "die", "injured") happened to anyone: False when a
    word of the event (one stem, or one relation of :data:`shared.text.relations.RELATIONS`: "died" / "deaths")
    follows, within :data:`_COUNT_REACH` words in its clause, a word saying nobody (:data:`_NOBODY`: "Nobody was
    killed", "No one died", "There were no deaths"); True when a count of people (:data:`_HEADCOUNT`) stands that
    near it, before or after, with no such word ("Three people were killed", "killing two"); None when neither."""
    for clause in re.split(r"[,;:()–—.]|\s-\s", text):
        words = [w.casefold() for w in re.findall(r"[^\W_]+(?:'[^\W_]+)*", clause)]
        for k, w in enumerate(words):
            if not (same_stem(w, verb) or same_relation(w, verb)):
                continue
            before = words[max(0, k - _COUNT_REACH):k]
            if _NOBODY & set(before):
                return False
            if any(_HEADCOUNT.match(b) for b in before + words[k + 1:k + 3]) and not DENIAL_RE.search(
                    " ".join(before)):
                return True
    return None


#: a year a question names
#: German start events, whose participle closes the clause after its date ("wurde im Jahr 1859 ... gegründet")
_VERB_FINAL_STARTS = tuple(tokenize("gegründet gegruendet geboren eröffnet eroeffnet erbaut gebaut errichtet "
                                    "gestiftet eingeweiht"))
#: the events that start a thing's life: "older" / "younger" / "newer" compare the dates of these (a town's founding,
#: a person's birth, a building's completion, a machine's installation, a film's release), never a census's or another
#: later event's year
_START_EVENTS = tuple(tokenize("born birth founded founding formed established establishment opened built constructed "
                               "completed created started launched released published premiered debuted introduced "
                               "incorporated installed installation erected inaugurated first")
                       + list(_VERB_FINAL_STARTS)
                       + tokenize("fondé fondée fondés créé créée ouvert ouverte construit construite inauguré "
                                  "inaugurée né née"))
#: comparatives of age: a choice by them compares the dates of :data:`_START_EVENTS`
_AGE_WORDS = frozenset("older oldest younger youngest newer newest elder eldest".split())

_YEAR_IN = re.compile(r"\b(?:1\d{3}|20\d{2})\b")
#: words dating the start, end or repetition of something: such a claim's year is no other year's denial
_SPAN_WORDS = re.compile(r"\b(?:first|last|since|until|every|annual|annually|yearly|each\s+year)\b", re.IGNORECASE)


def choice_predicate(question: str, options: Sequence[str]) -> str:
    """What a choice question says of its answer: the words from its first auxiliary verb ("was published first",
    "is a Macedonian weekly") or, after "who", its verb ("won more titles") up to the options, what a colon puts
    after the comparative said with "in the" ("Which is larger: the number of crews at A or at B?" -> "is larger in
    the number of crews"), and after a colon following no comparative, the words after it ("Quiz question: which is
    longer, A or B?" -> "is longer"); "" when neither is found or the options are not at the question's end."""
    q = " ".join(question.split())
    low = q.casefold()
    at = min((low.find(o.casefold()) for o in options if o.casefold() in low), default=-1)
    if at <= 0:
        return ""
    head = re.sub(r"[\s,:;]+(?:the|a|an|between)?\s*$", "", q[:at], flags=re.IGNORECASE).strip(" ,:;")
    # "Which is larger: the number of crews at A or at B?": what is compared, after the colon, is said after the
    # comparative ("is larger in the number of crews"), without the preposition the options follow; a colon after
    # words carrying no comparative labels the question ("Quiz question: which is longer, A or B?"): the question
    # is what follows it
    before, colon, compared = head.partition(":")
    if colon and not _comparative(before, options)[0]:
        head = compared.strip()
    elif colon:
        compared = re.sub(r"^\s*(?:the\s+)?|\s+(?:at|in|on|of|for|from|by|to)$", "", compared.strip(),
                          flags=re.IGNORECASE)
        head = f"{before} in the {compared}" if compared else before
    words = head.split()
    if len(words) < 2:
        return ""
    for k, w in enumerate(words[1:4], start=1):
        if w.casefold() in _AUX:
            return " ".join(words[k:])
    if words[0].casefold() == "who":
        return " ".join(words[1:])
    return ""


def comparative(question: str, options: Sequence[str]) -> tuple[str, str]:
    """The question's comparative word and its direction outside the options ("Who was born first, A or B?" ->
    ("first", "early"); "Which is higher, A or B?" -> ("higher", "more")), or ("", "") for a choice by an attribute."""
    return _comparative(question, options)


def _comparative(question: str, options: Sequence[str]) -> tuple[str, str]:
    """The question's comparative word and its direction outside the options, or ("", "")."""
    q = question
    for o in options:
        q = re.sub(re.escape(o), " ", q, flags=re.IGNORECASE)
    for w in re.findall(r"[a-z]+", q.casefold()):
        if w in _DIRECTION:
            return w, _DIRECTION[w]
    return "", ""


def _date_key(m: re.Match[str]) -> tuple[int, int, int]:
    """(year, month or 0, day or 0) of a :data:`_DATE_RE` match."""
    g = m.groupdict()
    year = int(g["y1"] or g["y2"] or g["y3"] or g["y4"])
    month_name = g["m1"] or g["m2"] or g["m3"]
    month = datetime.strptime(month_name.title()[:3], "%b").month if month_name else 0
    day = int(g["d1"] or g["d2"] or 0)
    return year, month, day


#: the word before a date that dates a state's start or end, not an event: "owned by the foundation since 1988"
_STATE_DATE = re.compile(r"\b(?:since|until|till|through|seit|bis)\s*$", re.IGNORECASE)


def _event_date(text: str, events: Sequence[str]) -> tuple[tuple[int, int, int], str] | None:
    """The date a claim gives for the question's event: the first date after a word of ``events`` (within 80
    characters; for a German participle, which closes its clause, first the last date before it in that clause),
    for a birth also the first date of a parenthesis right after a name ("Ann Lee (4 May 1961 – ...)", not "41,300
    (1987)"), and a row's label is its event ("Fact Founded: X 1847"); without
    ``events``, the claim's first date. None when there is none."""
    dates = [m for m in _DATE_RE.finditer(text) if not _inside_name(text, m)]
    if not dates:
        return None
    if not events:
        return _date_key(dates[0]), dates[0].group(0)
    for w in re.finditer(r"[^\W\d_]+", text):
        tok = tokenize(w.group(0))
        if w.group(0)[:1].isupper() and text[:w.start()].rstrip()[-1:].isalnum() \
                and not text[w.end():].startswith(":"):
            continue  # a word of a name, not the event: "owned by the Varnholm Paper Foundation since 1988" (a
            # row's label is the event: "Fact Founded: ... 1847")
        if tok and any(same_stem(tok[0], e) for e in events):
            if tok[0] in _VERB_FINAL_STARTS:  # German: the date before the participle, in its clause ("wurde im
                # Jahr 1859 von Josef Haller gegründet und 1920 umgebaut" dates the founding 1859)
                before = [m for m in dates if 0 <= w.start() - m.end() <= 80
                          and not re.search(r";|\b(?:und|aber|oder)\b", text[m.end():w.start()])
                          and not _STATE_DATE.search(text[:m.start()])]
                if before:
                    return _date_key(before[-1]), before[-1].group(0)
            # a date after "since" / "until" dates a state ("owned ... since 1988"), not the event, unless it
            # follows the event word itself ("published since 1850")
            after = [m for m in dates if 0 <= m.start() - w.end() <= 80
                     and not (_STATE_DATE.search(text[:m.start()]) and text[w.end():m.start()].split()[1:])]
            if after:
                return _date_key(after[0]), after[0].group(0)
    if any(e in ("born", "birth") for e in events):
        # a life's span follows the name: "Ann Lee (4 May 1961 – ...)", never a figure's year in a row
        # ("Record attendance: ... 41,300 (1987)" dates the record, no birth nor founding), nor a row's one-word
        # label's year ("Revenue (2019): ...", "Annual budget (2023): ...")
        paren = text.find("(")
        head = text[:paren].split() if paren > 0 else []
        named = len(head) > 1 and head[-1][:1].isupper()
        # (a tenure's parenthesis dates no life: "chief conductor Ada Lenz (since 2014)", "(from 2014)")
        tenure = paren > 0 and re.match(r"\(\s*(?:since|until|till|from|seit|bis|ab)\b", text[paren:], re.IGNORECASE)
        inside = [m for m in dates if named and not tenure and m.start() > paren and ")" not in text[paren:m.start()]]
        if inside:
            return _date_key(inside[0]), inside[0].group(0)
    return None


#: words before a bare year that date with it, not name: "in 1859", German "im Jahr 1859" (a capitalised noun)
_YEAR_WORDS = frozenset(("in", "since", "on", "from", "by", "jahr", "jahre", "jahres"))


def _inside_name(text: str, m: re.Match[str]) -> bool:
    """A bare year that is part of a name: "the 2014 FIFA World Cup", "Pro Evolution Soccer 2016" (not "a 2011
    German film", "in 2011 Smith moved", German "im Jahr 1859", whose noun is capitalised)."""
    if not m.group("y4"):
        return False
    after = text[m.end():].lstrip()
    if after in ("", ".") and ":" in text[:m.start()]:
        return False  # a row's value closing it: "Fact Founded: Tollin Heath Showground 1868."
    prev = text[:m.start()].rstrip().rsplit(" ", 1)[-1] if text[:m.start()].strip() else ""
    if prev[:1].isupper() and prev[-1:].isalpha() and prev.casefold() not in _YEAR_WORDS:
        return True
    return after[:1].isupper() and prev.casefold() in ("the", "")


def _amounts(text: str) -> list[tuple[float, float, str, str]]:
    """(low, high, unit token, as written) of each amount with a unit in ``text`` (years and bare numbers left
    out); a number of people is one unit, ``people``, whether a people noun follows it ("8,950 inhabitants") or
    "population" stands before it ("a population of 12,400": :func:`shared.text.quantity.counts`)."""
    out = []
    people = {n.replace(",", "") for n in counts(text, ("people",))}
    for m in _AMOUNT_RE.finditer(text):
        unit = m.group("unit") or ""
        raw = m.group("num")
        num = raw.replace(",", "")
        shown = m.group(0).strip()
        if num in people and not m.group("low") and _UNITS.get(unit.casefold()) != "people":
            unit, shown = "people", raw  # "a population of 12,400 in 2020": 12,400 people, shown as "12,400"
        elif not unit or unit.casefold() in _NOT_UNITS or unit[:1].isupper():
            continue
        if re.fullmatch(r"(?:1\d|20)\d\d", raw) and not m.group("low") and _UNITS.get(unit.casefold()) != "people":
            continue
        try:
            high = float(num)
            low = float(m.group("low").replace(",", "")) if m.group("low") else high
        except ValueError:
            continue
        tok = tokenize(unit)
        kind = _UNITS.get(unit.casefold(), tok[0] if tok else unit.casefold())
        out.append((low, high, kind, shown))
    return out


#: a count written in words and the lower-case word after it ("four platforms", "twenty-one arches")
_WORD_AMOUNT_RE = re.compile(rf"(?<![\w-])(?P<num>(?:{NUMBER_WORD_PATTERN})(?:[- ](?:{NUMBER_WORD_PATTERN}))*)"
                             r"\s+(?P<unit>[^\W\d_]+)\b", re.IGNORECASE)
#: where a sentence giving two things' figures parts them: "A has four platforms; B has two", ", while", ", whereas"
_CLAUSE_SPLIT = re.compile(r"\s*(?:;|,\s*(?:and|but|while|whereas)\b|\s(?:while|whereas)\s)\s*", re.IGNORECASE)


def _word_amounts(text: str) -> list[tuple[float, float, str, str]]:
    """(value, value, unit, as written) of each count written in words before a lower-case word that is no
    function word ("four platforms" -> (4.0, 4.0, "platforms", "four platforms")), as :func:`_amounts` gives
    figures in digits."""
    out = []
    for m in _WORD_AMOUNT_RE.finditer(text):
        unit = m.group("unit")
        value = phrase_value(m.group("num"))
        if value is None or not unit[:1].islower() or unit.casefold() in _NOT_UNITS:
            continue
        out.append((float(value), float(value), _UNITS.get(unit.casefold(), unit.casefold()), m.group(0)))
    return out


#: a table row read as a sentence ("Year 2025: crews entered 471, events 26, racing days 3.": the label of its first
#: column and its value, a colon, then the other columns' names and values)
_ROW_OPENING_RE = YEAR_ROW_RE
#: one column's name and value in such a row ("crews entered 471"), up to the next comma or the end
_ROW_VALUE_RE = re.compile(r"(?P<label>[^\W\d_][^\W\d_'’ -]*(?:[ '’-][^\W\d_]+){0,3})\s+(?P<num>\d[\d,]*(?:\.\d+)?)"
                           r"(?=\s*(?:,|\.?\s*$))")
#: a question comparing counts by "the number of" or "how many": a count, no size
_NUMBER_OF_RE = re.compile(r"\b(?:number|count|total)\s+of\b|\bhow\s+many\b", re.IGNORECASE)


def _row_amounts(text: str) -> list[tuple[float, float, str, str]]:
    """(value, value, unit, as written) of each column's value of a table row read as a sentence
    (:data:`_ROW_OPENING_RE`: "Year 2025: crews entered 471, events 26." -> (471.0, 471.0, "crew", "471") and (26.0,
    26.0, "event", "26")): the unit is the token of the column name's first word, what its value counts. [] for any
    other sentence (a figure of a sentence is read with its unit after it: :func:`_amounts`)."""
    opening = _ROW_OPENING_RE.match(text)
    if opening is None:
        return []
    out = []
    for m in _ROW_VALUE_RE.finditer(text, opening.end()):
        tok = tokenize(m.group("label").split()[0])
        try:
            value = float(m.group("num").replace(",", ""))
        except ValueError:
            continue
        if tok:
            out.append((value, value, _UNITS.get(tok[0], tok[0]), m.group("num")))
    return out


def _option_amounts(text: str, option: str, other: str) -> list[tuple[float, float, str, str]]:
    """The figures (:func:`_amounts`, :func:`_word_amounts`) ``text`` gives ``option``: in a sentence naming both
    options, those of its clauses naming ``option`` and not ``other`` ("Lowbridge station has four platforms;
    Harrowgate station has two platforms": four for Lowbridge, two for Harrowgate); else all of them."""
    if not (_names_own(text, option, other) and _names_own(text, other, option)):
        return _amounts(text) + _word_amounts(text)
    own = [c for c in _CLAUSE_SPLIT.split(text) if _names_own(c, option, other) and not _names_own(c, other, option)]
    return [a for c in own for a in (*_amounts(c), *_word_amounts(c))]


#: an age stated as a duration: "120 million years old", "age 38 million years", "aged 412 years", "formed some 2
#: billion years ago", "an age of about 4,000 years" (``num``: the figure, ``scale``: thousand / million / billion)
AGE_RE = re.compile(
    r"(?:\b(?:age[ds]?|an\s+age\s+of)\s*:?\s+(?:of\s+)?(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|over\s+"
    r"|approximately\s+|c\.\s*|~\s*)?(?P<num>\d[\d,]*(?:\.\d+)?)\s*(?:(?P<scale>thousand|million|billion)\s+)?years?\b"
    r"|(?<![\w.,])(?P<num2>\d[\d,]*(?:\.\d+)?)[\s-]*(?:(?P<scale2>thousand|million|billion)\s+)?years?[\s-]+(?:old|ago)\b)",
    re.IGNORECASE)
_SCALE = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9}


def stated_age(text: str) -> tuple[float, str] | None:
    """(years, as written) of the first age ``text`` states as a duration (:data:`AGE_RE`: "120 million years old"
    -> (1.2e8, "120 million years old")), or None when it states none."""
    m = AGE_RE.search(text)
    if m is None:
        return None
    num, scale = (m.group("num"), m.group("scale")) if m.group("num") else (m.group("num2"), m.group("scale2"))
    try:
        years = float(num.replace(",", "")) * _SCALE[(scale or "").casefold()]
    except ValueError:
        return None
    return years, m.group(0).strip()


#: (winning option index, claim per option, value per option as written, whether the values are of the quantity
#: asked, whether a comparative of size as a whole is decided by a count of things held): :func:`_decide_by_value`
_Decided = tuple[int, tuple[int, int], tuple[str, str], bool, bool]


def _by_age(options: Sequence[str], about: Sequence[Sequence[int]], texts: Sequence[str], direction: str
            ) -> _Decided | None:
    """A choice by age ("older", "younger") of two options whose claims give each one's age as a duration
    (:func:`stated_age`: "age 38 million years", "120 million years old"), not as a date: the older is the one of
    the larger age (``direction`` "early"), the younger of the smaller ("late"). Each option's own sentence is read
    first, and in a sentence naming both options only its clauses naming the option. None when either option has no
    age so stated or the ages tie: a date of one and a duration of the other are never compared."""
    found: list[tuple[int, tuple[float, str]]] = []
    for k, cl in enumerate(about):
        hit = None
        for i in sorted(cl, key=lambda j: not _names_option(texts[j], options[k])):
            text = texts[i]
            if _names_option(text, options[k]) and _names_option(text, options[1 - k]):
                text = " ".join(c for c in _CLAUSE_SPLIT.split(text)
                                if _names_option(c, options[k]) and not _names_option(c, options[1 - k]))
            if (age := stated_age(text)) is not None:
                hit = (i, age)
                break
        if hit is None:
            return None
        found.append(hit)
    (ia, (ya, sa)), (ib, (yb, sb)) = found
    if ya == yb:
        return None
    win = 0 if (ya > yb) == (direction == "early") else 1
    return win, (ia, ib), (sa, sb), True, False


#: dimensions a figure must state in its own words to decide a choice by them: a bare "7.5 km" may be a diameter or
#: a distance, so it decides no "deeper" (a length may be one of time, "a longer reign", so "longer" is not here)
_STATED_DIMENSIONS = frozenset(("depth", "width", "height"))


def _lesser_size(word: str) -> str:
    """The dimension of size whose small end ``word`` (a casefolded comparative or superlative) names, by its opposite
    (:data:`OPPOSITE_COMPARATIVES`) of :data:`shared.text.sizes.SIZE_WORDS`, which names each dimension by its large
    end: "shorter"/"shortest" -> "length" ("Which is shorter, A or B?" compares lengths as "longer" does), "lower" ->
    "height", "narrower" -> "width", "lighter" -> "weight"; "" for any other word."""
    comparative = word[:-3] + "er" if word.endswith("est") else word
    opposite = OPPOSITE_COMPARATIVES.get(comparative, "") if comparative not in SIZE_WORDS else ""
    return SIZE_WORDS.get(opposite, "")


def asked_dimension(question: str, options: Sequence[str]) -> str:
    """The dimension of size (:data:`shared.text.sizes.SIZE_WORDS`: "depth", "width", "height", "length",
    "weight") a two-option choice asks by its comparative word ("Which is deeper, A or B?" -> "depth"; "wider" ->
    "width"; "taller" -> "height"; "shorter" -> "length", :func:`_lesser_size`), or "" when it asks none or the
    word qualifies another noun ("a higher population", "a longer reign")."""
    word = _comparative(question, options)[0]
    dimension = SIZE_WORDS.get(word, "") or _lesser_size(word)
    if dimension:
        after = re.search(rf"\b{word}\s+([a-z]+)", question.casefold())
        if after and after.group(1) not in SIZE_WORDS and after.group(1) != "than":
            return ""
    return dimension


#: comparatives that count or weigh a noun after them ("more visitors", "fewer rooms", "less water"): no adjective of an
#: attribute named after it (:func:`shared.text.answer.choice_count_nouns` reads the counted noun)
_COUNTING_COMPARATIVES = frozenset("more most less least fewer fewest".split())


def compared_attribute(question: str, options: Sequence[str]) -> str:
    """The noun of the attribute a two-option choice compares, as the question writes it: the noun right after its
    comparative word (:func:`comparative`) that the options have ("Which had the larger garrison, A or B?" ->
    "garrison"; "Which city has a higher population, A or B?" -> "population"; "the one with the longer runway" ->
    "runway"), after a form of "have" or "with" and an article. "" when the choice names no such noun: a comparative
    alone ("Which is larger, A or B?"), one qualifying what the options are ("Which is the larger town, A or B?": a
    town, no attribute of one), a counting word ("more visitors", :data:`_COUNTING_COMPARATIVES`), a dimension of size
    (:data:`shared.text.sizes.SIZE_WORDS`) or a word in capitals. Never raises."""
    word, direction = _comparative(question, options)
    if direction not in ("more", "less") or word in _COUNTING_COMPARATIVES:
        return ""
    q = " ".join(question.split())
    for o in options:
        q = re.sub(re.escape(o), " ", q, flags=re.IGNORECASE)
    m = re.search(rf"\b(?:has|have|had|having|with)\s+(?:(?:the|a|an)\s+)?{re.escape(word)}\s+"
                  r"(?P<noun>[^\W\d_][\w'’-]*)", q, re.IGNORECASE)
    if m is None:
        return ""
    noun = m.group("noun")
    if not noun.islower() or not tokenize(noun) or noun in SIZE_WORDS or noun == "than":
        return ""
    return noun


def figure_of_attribute(attribute: str, text: str, start: int, unit: str = "") -> bool:
    """May the figure at ``text[start:]`` (of unit ``unit``, as :func:`_amounts` reads it: "people" for a number of
    people) decide a choice by ``attribute`` (:func:`compared_attribute`: "garrison")? Only when its clause
    (:func:`shared.text.tokens.split_clauses`) states that attribute: its noun (one word: "its garrison numbered 60
    men"), a near-synonym (:func:`shared.text.synonyms.same_thing`) or a word of its relation
    (:func:`shared.text.relations.same_relation`: "12,400 inhabitants" for "population"); or when the attribute is
    one whose kind of figure is known (:data:`shared.text.quantity.ATTRIBUTE_KINDS`: "budget" money, "range" a length)
    and the figure is of that kind ("costs €2m"), a count only of people ("8,000 spectators" for "attendance"). "Two
    10-inch guns" is no garrison. True for every figure when ``attribute`` is "". Never raises."""
    if not attribute:
        return True
    want = tokenize(attribute)
    if not want:
        return True
    clause, at = text, 0
    for part in split_clauses(text):
        found = text.find(part, at)
        if found < 0:
            break
        if found <= start < found + len(part):
            clause = part
            break
        at = found + len(part)
    if any(same_stem(t, want[0]) or same_thing(t, want[0]) or same_relation(attribute, t)
           for t in tokenize(clause)):
        return True
    kinds = ATTRIBUTE_KINDS.get(attribute.casefold(), ())
    if not kinds:
        return False
    digits = re.match(r"\d[\d,.]*(?<![,.])", text[start:])
    read = set(figure_kind(text, start, start + len(digits.group(0)))) if digits else set()
    return bool(read & (set(kinds) - {"count"})) or ("count" in kinds and unit == "people")


def figure_of_dimension(dimension: str, text: str, start: int) -> bool:
    """May the figure at ``text[start:]`` decide a choice by ``dimension`` (:func:`asked_dimension`)? The figure's
    own words after it up to a clause break ("240 metres deep", "3 km east of the village"), else up to three words
    before it ("a depth of 180", "Diameter 4.2 km"), else its clause when that holds no other figure, say which
    dimension it measures (:func:`shared.text.sizes.figure_dimensions`): a figure of another dimension or a distance
    never decides; one stating none ("7.5 km", "120 million years") decides a choice by depth, width or height
    never, by length (of a thing or of time) yes. True for every figure when ``dimension`` is ""."""
    if not dimension:
        return True
    own = figure_dimensions(text, start, clause=True) or size_dimensions(_cell_head(text, start))
    if own:
        return dimension in own
    return dimension not in _STATED_DIMENSIONS


def _cell_head(text: str, start: int) -> str:
    """The words heading the table cell whose figure stands at ``text[start:]`` when ``text`` is a row as the claim
    extractor writes it (:data:`_ROW_RE`: "The Harrow Way: highest point specification harrow way Kell Top, 1,147
    m."): the cell's words before the figure, or, when the figure opens a part of its cell after a comma ("Kell Top,
    1,147 m"), the words of the part before it when that holds no figure ("highest point specification harrow way
    Kell Top": a height, no length of the way). "" for another text or a figure with no such words. Never raises."""
    row = _ROW_RE.match(text)
    if row is None or start < row.start("cells"):
        return ""
    parts = text[row.start("cells"):start].split(",")
    if parts[-1].strip() and not re.search(r"\d", parts[-1]):
        return parts[-1]
    if len(parts) >= 2 and not parts[-1].strip() and not re.search(r"\d", parts[-2]):
        return parts[-2]
    return ""


#: words of a question saying that "longer" or "shorter" compares times: a verb of lasting or taking, or a thing
#: whose length is its duration ("Which lasted longer ...?", "Whose reign was longer ...?", "Which film is longer?")
_TIMED_RE = re.compile(
    r"\b(?:last(?:s|ed|ing)?|t(?:ake|akes|ook|aking)|reigns?|rule|tenure|terms?|careers?|lives|life(?:time)?|wars?|"
    r"sieges?|strikes?|marriages?|journeys?|trips?|rides?|flights?|voyages?|crossings?|runtimes?|running|durations?|"
    r"films?|movies?|songs?|albums?|operas?|symphon(?:y|ies)|plays?|shows?|episodes?|speech(?:es)?|games?|matches|"
    r"seasons?|days?|nights?|years?|months?|weeks?|hours?|minutes?|times?)\b", re.IGNORECASE)


def compared_kinds(question: str) -> tuple[str, ...]:
    """The kinds of figure a comparative of ``question`` compares (:func:`shared.text.quantity.compared_quantity`),
    "longer" / "shorter" read as one: a time when the question speaks of lasting, taking or a thing whose length is
    a duration (:data:`_TIMED_RE`: "Which war lasted longer?", "Which film is longer?"), else a length ("Which is
    longer, the Kestrelmoor Funicular or the Old Kestrelmoor Incline?": durations such as "took two years" are no
    length of a structure). Never raises."""
    kinds = compared_quantity(question)
    if "length" in kinds and "time" in kinds:
        return ("time",) if _TIMED_RE.search(question or "") else ("length",)
    return kinds


#: a comparative of size as a whole, of no one dimension ("Which is larger, X or Y?")
_SIZE_COMPARATIVE = re.compile(r"\b(?:larger|largest|bigger|biggest|smaller|smallest)\b", re.IGNORECASE)


#: kinds of figure that are no size of a thing: "larger" is never decided by a price, a time, a share, a
#: temperature or a speed, as it is by an area, a length, a volume or a mass
_NO_SIZE_KINDS = frozenset(("money", "time", "percent", "temperature", "speed"))


def _size_rank(text: str, written: str, unit: str) -> int:
    """How well the figure ``written`` (as :func:`_amounts` gives it, of unit ``unit``) in ``text`` measures a thing
    as a whole for a comparative of size ("Which is larger, A or B?"): 2 for an area ("42 hectares", "3 square
    kilometres": the extent of a place, where a length may be a part's, "a 45-metre tower"), 1 for another size (a
    length, a volume, a mass), a number of people ("8,950 inhabitants") or a figure whose kind nothing says ("38
    m", "four platforms"), 0 for a count of things other than people ("1,240 animals") or a figure that is no size
    (:data:`_NO_SIZE_KINDS`: "22 euros", "12 years"). Never raises."""
    at = text.find(written)
    digits = re.match(r"\d[\d,.]*(?<![,.])", written)
    if unit == "people" or at < 0 or digits is None:
        return 1
    kinds = set(figure_kind(text, at, at + len(digits.group(0))))
    if "area" in kinds:
        return 2
    return 0 if kinds and (kinds == {"count"} or kinds <= _NO_SIZE_KINDS) else 1


def _decide_by_value(question: str, options: Sequence[str], about: Sequence[Sequence[int]],
                     texts: Sequence[str], direction: str, further: Sequence[Sequence[int]] | None = None
                     ) -> _Decided | None:
    """(winning option index, claim per option, value per option as written, whether the values are of the
    quantity asked, whether they are counts of things held deciding a comparative of size as a whole: "1,240
    animals" for "larger") of a two-option comparison by date or amount, or None when the claims give no comparable
    values or they tie. ``further``: every claim about each option (``about`` holds its best-ranked few), read for
    an amount when they give a pair of a better kind than ``about`` (of the kind compared, in a unit the question
    names, a size rather than a count for "larger"), or when ``about`` gives none. The values are of the quantity asked when they are dates of the event the question names ("born
    first": the dates after "born"), or amounts of the kind its comparative compares ("taller": lengths) or in a unit
    it names ("more visitors"). A choice by a dimension of size ("deeper", "wider", "taller": :func:`asked_dimension`)
    compares only figures of that dimension (:func:`figure_of_dimension`), and a comparative of a known kind
    (:func:`shared.text.quantity.compared_quantity`: "longer" a length or a time, "heavier" a mass) only figures of
    that kind or in a unit the question names: a count of people never decides "longer". "Larger" / "bigger" /
    "smaller" prefers a size or a number of people to a count of things held ("42 hectares" over "610 animals",
    :data:`_SIZE_COMPARATIVE`); such a count decides it only when no pair of sizes is there, and is then said to
    (the last element: a count is no size, so the choice is no established answer). A choice naming the attribute
    it compares ("Which had the larger garrison, A or B?": :func:`compared_attribute`) compares only figures stating
    it (:func:`figure_of_attribute`: "its garrison numbered 60 men", never "two 10-inch guns"), as figures of the
    quantity asked, of no size as a whole. None when an option has none."""
    if direction in ("early", "late"):
        events = [t for t in tokenize(question) if any(same_stem(t, e) for e in _EVENTS)]
        # "Which town is older?" compares when each began: the dates of its founding, birth, building, ...
        aged = not events and _comparative(question, options)[0] in _AGE_WORDS
        if aged:
            events = list(_START_EVENTS)
        found = []
        for k, cl in enumerate(about):
            # the option's best-ranked claims first, then every claim about it: its founding may rank below a
            # page's entry fees and start times ("The Tarrow Marathon was founded in 1990" beyond its FAQ's lines)
            lists = [cl, [i for i in further[k] if i not in cl]] if further is not None else [cl]
            hit = None
            for part in lists:
                if aged:  # the option's own sentence first: "Port Vell was founded in 1790", not "The Vell Light,
                    # on its page, was completed in 1881"
                    part = sorted(part, key=lambda i: not _names_option(texts[i], options[k]))
                hit = next(((i, d) for i in part
                            for d in [_event_date(_own_part(texts[i], options[k], options[1 - k]), events)]
                            if d is not None), None)
                if hit is not None:
                    break
            if hit is None:  # no start dated: another date ("owned since 1988", "restored in 1931") is no age
                return _by_age(options, about, texts, direction) if aged else None
            found.append(hit)
        (ia, (da, sa)), (ib, (db, sb)) = found
        if da[0] != db[0]:
            a_first = da[0] < db[0]
        elif da[1] and db[1] and da[1:] != db[1:] and (da[1] != db[1] or (da[2] and db[2])):
            a_first = da[1:] < db[1:]
        else:
            return None
        win = 0 if a_first == (direction == "early") else 1
        return win, (ia, ib), (sa, sb), bool(events), False
    opt_toks = set().union(*(set(tokenize(o)) for o in options))
    q_terms = [t for t in key_terms(question) if t not in opt_toks]

    # "Which band released more albums, A or B?" is decided by each option's count of albums: "77 million views" or
    # "12 million copies" counts no album, whatever else a claim about the option says
    counted = choice_count_nouns(question)
    # "Which had the larger garrison, A or B?" is decided by figures of each one's garrison ("its garrison numbered
    # 60 men"), never by another figure of it ("two 10-inch guns"); none such, no decision
    attribute = "" if counted else compared_attribute(question, options)

    # "deeper" compares lengths: a figure of that kind (212 metres), never an area (57 square kilometres); a named
    # attribute, figures of its kind when that is known ("the higher price": money), else any stating it ("the smaller
    # garrison": "45 men", though "smaller" alone compares sizes)
    kinds = ATTRIBUTE_KINDS.get(attribute.casefold(), ()) if attribute else compared_kinds(question)

    def near(text: str, amount: tuple[float, float, str, str]) -> int:
        """1 when a question word or the compared quantity's name stands just before the amount ("highest (7509
        metres)", "height of 8 m", "a total length of 412 metres" for "longer")."""
        at = text.find(amount[3])
        words = tokenize(text[max(0, at - 40):at]) if at >= 0 else []
        return int(any(same_stem(w, t) for w in words for t in [*q_terms, *kinds]))

    def fits(text: str, amount: tuple[float, float, str, str]) -> int:
        at = text.find(amount[3])
        return int(bool(kinds) and at >= 0 and states_quantity(text[at:at + len(amount[3]) + 24], kinds))

    # "deeper" is decided by depths only: a diameter ("7.5 km" under "Diameter"), a distance ("3 km east of the
    # village"), an age or a count never decides it
    dimension = asked_dimension(question, options)

    def of_kind(text: str, amount: tuple[float, float, str, str], at: int) -> bool:
        """Whether the amount is a figure of the kind the comparative compares ("longer": a length or a time, never
        "40 passengers" nor the "One passenger" of a definition), or in a unit the question names; True when the
        comparative names no kind."""
        if not kinds or any(same_stem(amount[2], t) or _UNITS.get(t) == amount[2] for t in q_terms):
            return True
        digits = re.match(r"\d[\d,.]*(?<![,.])", amount[3])  # "29" of "29-metre", "7.4" of "7.4 km"
        number = digits.group(0) if digits else (amount[3].split() or [amount[3]])[0]  # "four" of "four platforms"
        read = set(figure_kind(text, at, at + len(number)))
        return bool(read & set(kinds)) or (not read and fits(text, amount) == 1)

    def counting(text: str, amount: tuple[float, float, str, str]) -> bool:
        """Whether the amount counts the noun the choice counts (:func:`shared.text.quantity.counts`); True when
        the choice counts no noun."""
        return not counted or (amount[3].split() or [""])[0] in counts(text, counted)

    # "... in 2025 or at B in 2025?": a figure its claim dates to another year than the one asked is no figure of it
    years_asked = asked_years(question)

    def sized(i: int, option: str, other: str) -> list[tuple[float, float, str, str]]:
        if years_asked and (years := framed_years(texts[i])) and not years_asked.intersection(years):
            return []
        return [a for a in [*_option_amounts(texts[i], option, other), *_row_amounts(texts[i])]
                if (at := texts[i].find(a[3])) >= 0 and figure_of_dimension(dimension, texts[i], at)
                and not _another_s_apposition(texts[i], at, option)
                and of_kind(texts[i], a, at) and counting(texts[i], a)
                and figure_of_attribute(attribute, texts[i], at, a[2])]

    # "larger" / "bigger" / "smaller" of two things with figures of several kinds: a size (an area, a length, a mass:
    # "42 hectares") or a number of people compares them, a count of things they hold ("1,240 animals") only
    # when no such pair is there
    # ("Which is larger: the number of crews at A or at B?" compares counts, no sizes; "the larger garrison" the
    # garrisons, whatever they are counted in)
    sizing = _SIZE_COMPARATIVE.search(question) is not None and _NUMBER_OF_RE.search(question) is None \
        and not attribute

    def measured(text: str, amount: tuple[float, float, str, str]) -> int:
        """:func:`_size_rank` of the amount when ``sizing`` (an area 2, another size 1, a count of things or no
        size 0), else 1."""
        return _size_rank(text, amount[3], amount[2]) if sizing else 1

    read: dict[tuple[int, int], list[tuple[float, float, str, str]]] = {}

    def figures(i: int, k: int) -> list[tuple[float, float, str, str]]:
        """The amounts claim ``i`` gives option ``k`` that may decide the choice (read once)."""
        if (i, k) not in read:
            read[i, k] = sized(i, options[k], options[1 - k])
        return read[i, k]

    def one_dimension(text_a: str, a: tuple[float, float, str, str], text_b: str,
                      b: tuple[float, float, str, str]) -> bool:
        """Whether two figures may measure one dimension: metres are a length or a height, so "240 metres long" and
        "98 metres high" never compare, whatever the units say; True when either figure's words state none."""
        at_a, at_b = text_a.find(a[3]), text_b.find(b[3])
        if at_a < 0 or at_b < 0:
            return True
        dims_a = figure_dimensions(text_a, at_a, clause=True) - {"distance"}
        dims_b = figure_dimensions(text_b, at_b, clause=True) - {"distance"}
        return not dims_a or not dims_b or bool(dims_a & dims_b)

    def stated(text: str, amount: tuple[float, float, str, str]) -> int:
        """1 when the figure's own words state the dimension asked ("41.6 kilometres long" for "longer"), so a pair
        of such figures comes before one whose figure states none ("Brimsey lies at 916 m"); 0 otherwise or when
        the choice asks no dimension."""
        at = text.find(amount[3])
        return int(bool(dimension) and at >= 0 and dimension in figure_dimensions(text, at, clause=True))

    _Pair = tuple[tuple[int, int, int, int, int, int], int, int, tuple[float, float, str, str],
                  tuple[float, float, str, str]]

    def best(lists: Sequence[Sequence[int]]) -> _Pair | None:
        """The best pair of comparable amounts the claims ``lists`` give the two options, or None."""
        pairs: list[_Pair] = []
        for ka, ia in enumerate(lists[0]):
            for kb, ib in enumerate(lists[1]):
                for a in figures(ia, 0):
                    for b in figures(ib, 1):
                        if (a[2] == b[2] or same_stem(a[2], b[2]) or _convertible(a[2], b[2])) \
                                and one_dimension(texts[ia], a, texts[ib], b):
                            in_question = int(any(same_stem(a[2], t) or _UNITS.get(t) == a[2]
                                                  or _UNITS.get(t + "s") == a[2] for t in q_terms))
                            pairs.append(((fits(texts[ia], a) * fits(texts[ib], b), in_question,
                                           min(measured(texts[ia], a), measured(texts[ib], b)),
                                           stated(texts[ia], a) + stated(texts[ib], b),
                                           near(texts[ia], a) + near(texts[ib], b), -ka - kb), ia, ib, a, b))
        return max(pairs, key=lambda p: p[0]) if pairs else None

    chosen = best(about)
    # an option's claims further down are read when they give a pair of a better kind than its best-ranked ones
    # ("covers 18 hectares" beyond a page's first claims, "1,240 animals" among them, for "larger"): which claims
    # rank first shifts with what else the run holds (a verdict reused from an earlier run, with its own stability
    # and spans), what they state does not; nearness and rank still order pairs of one kind
    # (a pair of figures whose own words state the dimension asked is of a better kind too: "41.6 kilometres long"
    # further down beats "lies at 916 m" among the best-ranked claims for "longer")
    if further is not None and (chosen is None or chosen[0][:4] < (1, 1, 2, 2 if dimension else 0)):
        other = best(further)
        if other is not None and (chosen is None or other[0][:4] > chosen[0][:4]):
            chosen = other
    if chosen is None:
        return None
    key, ia, ib, a, b = chosen
    # both amounts of the kind compared, in a unit the question names, or stating the attribute it compares
    asked = bool(key[0] or key[1] or attribute)
    by_count = sizing and not key[2]  # no pair of sizes: a count of things held (or no size) decides "larger"
    shown_a, shown_b = a[3], b[3]
    if a[2] != b[2] and _convertible(a[2], b[2]):  # "7.4 km" against "940 m": both in metres
        fa, fb = _BASE_UNITS[a[2]][1], _BASE_UNITS[b[2]][1]
        a, b = (a[0] * fa, a[1] * fa, "", a[3]), (b[0] * fb, b[1] * fb, "", b[3])
    if direction == "more":
        if a[1] > b[1] and a[0] > b[1]:
            win = 0
        elif b[1] > a[1] and b[0] > a[1]:
            win = 1
        else:
            return None
    else:
        if a[0] < b[0] and a[1] < b[0]:
            win = 0
        elif b[0] < a[0] and b[1] < a[0]:
            win = 1
        else:
            return None
    return win, (ia, ib), (shown_a, shown_b), asked, by_count


#: a name a figure right after it stands in apposition to: "the Orvi Base Tunnel, 11.4 km long, ...", "Kessin
#: Dam, 98 m high" (``name``: its capitalised words, after "the" or two words or more)
_APPOSITION_RE = re.compile(r"(?:\bthe\s+(?P<one>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)"
                            r"|(?P<name>[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)+)),\s*$")


def _another_s_apposition(text: str, at: int, option: str) -> bool:
    """Whether the figure at ``text[at:]`` stands in apposition to a name holding a word the option's name has not
    ("Since 2025 the Orvi Base Tunnel, 11.4 kilometres long, has linked ..." gives the tunnel's length, not the Orvi
    Pass road's): it is that thing's figure, never the option's. False when no name stands right before it with a
    comma, or the name is the option's ("the Orvi Pass, 38.2 km long"). Never raises."""
    m = _APPOSITION_RE.search(text[:at])
    if m is None:
        return False
    name = m.group("one") or m.group("name")
    return bool(set(tokenize(name)) - set(tokenize(option)))


def _convertible(a: str, b: str) -> bool:
    """Whether units ``a`` and ``b`` (of :data:`_UNITS`: "km", "m") measure one dimension (:data:`_BASE_UNITS`), so
    their figures compare once converted to its base unit."""
    return a in _BASE_UNITS and b in _BASE_UNITS and _BASE_UNITS[a][0] == _BASE_UNITS[b][0]


def with_kind_noun(question: str, options: Sequence[str], texts: Sequence[str]) -> list[str]:
    """Each option that a claim names with the noun of the kind the question asks right after it, capitalised as a
    part of its name ("Which crater is older, Dravik or Lunsa?" and "Crater Lunsa Crater: ... age 120 million
    years"), as that name, as the claims write it ("Lunsa Crater": the thing of that kind, not "Lake Lunsa"); an
    option no claim names so is kept ("Orsk Quay station" keeps "Orsk Quay")."""
    heads = [h for h in wh_head_terms(question) if h.isalpha()]
    if not heads:
        return list(options)
    out = []
    for o in options:
        kind = compiled(rf"(?<!\w)(?i:{re.escape(o)})\s+(?:{'|'.join(re.escape(h.title()) for h in heads)})s?(?!\w)")
        named = next((m.group(0) for t in texts for m in [kind.search(t)]
                      if m is not None and _names_option(t, m.group(0))), None)
        out.append(" ".join(named.split()) if named else o)
    return out


#: an option named by what it holds: "the building that houses the Castelbruna Silk-Weaving Museum", "the hall which
#: is home to the Orsolo Lace Museum" (``noun``: what is compared, ``thing``: what it holds), or "the Orsolo Lace
#: Museum's building"
_HOUSING_RE = re.compile(
    r"^(?:the\s+)?(?:(?P<noun>[a-z][\w-]*)\s+(?:that|which)\s+(?:houses|housed|holds|contains|is\s+home\s+to|hosts)"
    r"\s+(?:the\s+)?(?P<thing>[A-Z].*)|(?P<owner>[A-Z].*?)['’]s?\s+(?P<own>building|premises|home|house|hall))$")


def _housing_claims(option: str, order: Sequence[int], texts: Sequence[str], titles: Sequence[str]) -> list[int]:
    """The claims about the thing an option holds that speak of the option (:data:`_HOUSING_RE`): for "the building
    that houses the Orsolo Lace Museum", the museum's claims (its page, or naming it) that write the noun "building"
    ("The workshop building was erected in 1868"), so a choice by age compares the building's date, not the museum's
    opening (issue 9, trial t51 fault F7). [] for any other option, or when no claim writes the noun."""
    m = _HOUSING_RE.match(" ".join(option.split()))
    if m is None:
        return []
    noun, thing = (m.group("noun"), m.group("thing")) if m.group("noun") else (m.group("own"), m.group("owner"))
    head = tokenize(noun)
    if not head:
        return []
    return [i for i in _claims_about(thing, order, texts, titles) if head[-1] in tokenize(texts[i])]


def decide_choice(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int]) -> Choice | None:
    """Decide a two-option choice question from claims (module docstring); None when it cannot be decided.

    Args:
        question: a ``comparison`` question (:func:`shared.text.answer.answer_type`) naming two options.
        texts / titles: each claim's text and page title; ``order``: claim indices, most relevant first.
    """
    years = comparison_options(question)
    if answer_type(question) == "comparison" and len(years) == 2 and not _NEGATED.search(question) \
            and all(re.fullmatch(_YEAR, y) for y in years) and years[0] != years[1]:
        return _years_choice(question, (years[0], years[1]), texts, titles, order)
    options = with_kind_noun(question, resolve_options(comparison_options(question), titles), texts)
    if answer_type(question) != "comparison" or len(options) != 2 or _NEGATED.search(question):
        return None
    housing = [_housing_claims(o, order, texts, titles) for o in options]
    about = [h or _claims_about(o, order, texts, titles) for o, h in zip(options, housing)]
    # every claim about each option, read for a figure of a better kind than its best-ranked claims give
    further = [h or _claims_about(o, order, texts, titles, every=True) for o, h in zip(options, housing)]
    about, further = _own_claims(options, about, texts), _own_claims(options, further, texts)
    # a sentence opening with a look-alike of an option ("Little Harrow Coast Path: length 38 km" for the Harrow
    # Coast Path) states nothing of it, even on a page naming it (:func:`opens_look_alike`); nor, when the option is
    # a thing of its own in the run, one with a word after it naming another thing of its kind ("Harrow Way Link")
    apart = [told_apart(_name_words(o), list(texts)) for o in options]
    about, further = ([[i for i in cl if not opens_look_alike(o, texts[i], apart=a)]
                       for o, a, cl in zip(options, apart, lists)] for lists in (about, further))
    predicate = choice_predicate(question, options)
    shown = [_as_written(question, o) for o in options]
    word, direction = _comparative(question, options)
    decided = _decide_by_value(question, options, about, texts, direction, further) \
        if direction and all(about) else None
    if direction and decided is None:
        # no figures of each: a claim may say the comparison outright ("A is aged 9 months longer than B", "its
        # wheels are 5 kg heavier" after "than B"), though no claim names an option as the question words it ("a
        # wheel of A")
        stated = _stated_comparison(options, word, texts, order)
        if stated is None:
            return None
        win, at = stated
        said = [_with_article(question, o) for o in shown]  # ("A wheel of Orlenne Gold is heavier")
        return Choice((said[win], said[1 - win]), (at, at), (), predicate, word, stated=True)
    if not all(about):
        return None
    if decided is not None:
        win, cited, values, asked, by_count = decided
        lose = 1 - win
        return Choice((shown[win], shown[lose]), (cited[win], cited[lose]), (values[win], values[lose]),
                      predicate, word, by_figures=asked, by_count=by_count)
    opt_toks = set().union(*(set(tokenize(o)) for o in options))
    head = set(wh_head_terms(question))
    attrs = [t for t in key_terms(question.split(",")[0] if "," in question else question)
             if t not in opt_toks and t not in head and t not in _FILLER]
    if not attrs:
        return None
    held = []
    for cl in about:
        i = max(cl, key=lambda j: (_held(attrs, set(tokenize(texts[j]))), -cl.index(j)))
        held.append((i, _held(attrs, set(tokenize(texts[i])))))
    (ia, ha), (ib, hb) = held
    need = max(1, math.ceil(len(attrs) / 2))
    if ha > hb and ha >= need:
        return Choice((shown[0], shown[1]), (ia, ib), (), predicate)
    if hb > ha and hb >= need:
        return Choice((shown[1], shown[0]), (ib, ia), (), predicate)
    return None


#: a pronoun standing for a sentence's subject in a later clause ("..., and its wheels are 5 kg heavier")
_SUBJECT_PRONOUN_RE = re.compile(r"\b(?:it|its|they|their)\b", re.IGNORECASE)


def _option_at(text: str, names: Sequence[str], start: int = 0) -> tuple[int, int] | None:
    """(option index, position) of the first option name written in ``text`` from ``start``, the longest name where
    several start there ("Orlenne Gold", not "Orlenne"), or None."""
    best: tuple[int, int, int] | None = None  # (position, -length, option)
    for k, name in enumerate(names):
        for m in compiled(rf"(?<!\w)(?i:{re.escape(name)})(?!\w)").finditer(text, start):
            cand = (m.start(), -len(name), k)
            if best is None or cand < best:
                best = cand
            break
    return (best[2], best[0]) if best is not None else None


def _option_name(option: str) -> str:
    """The name an option is written by in a sentence: its last name ("a wheel of Orlenne Gold" -> "Orlenne Gold"),
    else the option without its article."""
    names = find_entities(option)
    return names[-1] if names else re.sub(r"^(?:the|a|an)\s+", "", option.strip(), flags=re.IGNORECASE)


def _with_article(question: str, option: str) -> str:
    """``option`` with the article the question writes before it ("a wheel of Orlenne Gold"), else as it is."""
    m = re.search(rf"\b(?:the|a|an)\s+{re.escape(option)}(?!\w)", question, re.IGNORECASE)
    return m.group(0) if m is not None else option


def stated_comparison(question: str, texts: Sequence[str]) -> bool:
    """Whether one of ``texts`` (a lead's sentences) says outright which option of the choice ``question`` is the
    comparative it asks (:func:`_stated_comparison`: "Orlenne Gold is aged 9 months longer than Orlenne" for "Which
    is aged longer, Orlenne or Orlenne Gold?"). Outright means in words, not by two figures to compare: a clause
    not negated names one option (or opens with a pronoun for it) and says it is the comparative asked, or its
    opposite, than the other option; claims saying it of both options state nothing. False for any other question
    (no comparison of two options). Never raises."""
    options = with_kind_noun(question, comparison_options(question), texts)
    if answer_type(question) != "comparison" or len(options) != 2:
        return False
    word, _direction = _comparative(question, options)
    return _stated_comparison(options, word, texts, range(len(texts))) is not None


def _stated_comparison(options: Sequence[str], word: str, texts: Sequence[str], order: Sequence[int]
                       ) -> tuple[int, int] | None:
    """(winning option index, claim) of a two-option choice by the comparative ``word`` that a claim states
    outright: a clause naming one option (or a pronoun standing for the option the sentence opens with) says it is
    ``word`` or its opposite (:data:`OPPOSITE_COMPARATIVES`: the other option wins) than the other option, named
    after "than" or, without one, after the sentence's earlier "than" ("Orlenne Gold is aged 9 months longer than
    Orlenne" decides "longer"; "..., and its wheels are 5 kg heavier" decides "heavier"). A negated clause says
    nothing. None when no claim in ``order`` says so, or claims say it of both options. Never raises."""
    if not word or len(options) != 2:
        return None
    names = [_option_name(o) for o in options]
    # (the opposites both ways: "shorter" is the opposite of "longer" and of "taller")
    said = [word, *sorted({OPPOSITE_COMPARATIVES.get(word, word), *(a for a, b in OPPOSITE_COMPARATIVES.items()
                                                                    if b == word)} - {word})]
    comparative_re = compiled(r"\b(?P<comp>" + "|".join(re.escape(w) for w in said) + r")\b(?:\s+than\s+)?")
    found: dict[int, int] = {}
    for i in order:
        text = " ".join(texts[i].split())
        opening = _option_at(text, names)
        subject = opening[0] if opening is not None and opening[1] <= 4 else None
        first_than = re.search(r"\bthan\s+", text, re.IGNORECASE)
        standard = _option_at(text, names, first_than.end()) if first_than else None
        start = 0
        for clause in split_clauses(text):
            at = text.find(clause, start)
            start = at + len(clause) if at >= 0 else start
            m = comparative_re.search(clause)
            if m is None or at < 0 or _NEGATED.search(clause):
                continue
            own = _option_at(clause[:m.start()], names)
            holder = own[0] if own is not None else (
                subject if _SUBJECT_PRONOUN_RE.search(clause[:m.start()]) else None)
            if m.group(0).rstrip().casefold().endswith("than"):
                after = _option_at(clause, names, m.end())
                other = after[0] if after is not None and clause[m.end():after[1]].strip().casefold() in (
                    "", "the", "a", "an") else None
            else:
                other = standard[0] if standard is not None and standard[1] < at else None
            if holder is None or other is None or holder == other:
                continue
            win = holder if m.group("comp").casefold() == word.casefold() else other
            found.setdefault(win, i)
    if len(found) != 1:
        return None
    win, i = next(iter(found.items()))
    return win, i


#: a choice among things of a kind the question does not name: "Which of Tarnholm's two historic workshops was built
#: first?", "Which of the two bridges over the Ost is older?" (``things``: the noun phrase naming them, ``asked``:
#: what it asks of them)
_UNNAMED_CHOICE = re.compile(
    r"^\s*which\s+(?:one\s+)?of\s+(?P<things>[^,?]+?)\s+(?P<asked>(?:is|are|was|were|has|had|did|does|do|opened|"
    r"came|went|got|began|started|appeared)\b[^,?]*)\?\s*$", re.IGNORECASE)
#: the same choice asked of one of the kind: "Which Vellby church was built first?", "Which church in Vellby is
#: older?" (``asked`` must then compare: :data:`_COMPARING`)
_KIND_CHOICE = re.compile(
    r"^\s*which\s+(?P<things>(?:[\w'’-]+\s+){0,3}?[a-z][\w-]*(?:\s+(?:in|of|at|on|near|by|over|across|along|from)\s+[^,?]+?)?)\s+"
    r"(?P<asked>(?:is|are|was|were|has|had|did|does|do|opened|came|went|got|began|started|appeared)\b[^,?]*)\?\s*$",
    re.IGNORECASE)
_COMPARING = re.compile(r"\b(?:first|earlier|earliest|older|oldest|newer|newest|later|latest|larger|largest|bigger|"
                        r"biggest|smaller|smallest|taller|tallest|higher|highest|longer|longest|more|most|fewer|less)\b",
                        re.IGNORECASE)
#: a capitalised name of up to three words (a leading "The" aside) right before a word
_NAME_BEFORE = r"(?<![\w'’])((?:[A-Z][\w'’-]*\s+){{1,3}})({kind})\b"


def unnamed_choice(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int]) -> str | None:
    """A choice among two things of a kind the question does not name, asked with their names: "Which of Tarnholm's
    two historic workshops was built first?" -> "Which was built first, the Quell Workshop or the Harrow Workshop?",
    when the claims name two things of that kind (a capitalised name before the kind's noun: "The Quell Workshop on
    Mill Street was built in 1744") and :func:`decide_choice` decides the named choice by their figures (their dates
    or amounts). The kind is the last plural noun of the phrase after "which of" before a preposition ("the two
    bridges over the Ost": bridge), or the noun after "which" of a question comparing ("Which Vellby church was
    built first?", "Which church in Vellby is older?": church). None when the question is no such choice, the claims (in ``order``, most
    relevant first) name fewer than two things of the kind (or more than two, when the question does not say "two"
    or "both") or the figures do not decide it. Never raises."""
    flat = " ".join((question or "").split())
    if comparison_options(question):
        return None
    m = _UNNAMED_CHOICE.match(flat)
    if m is not None:
        things = re.split(r"\s+(?:over|in|of|at|on|near|by|from|along|across|between)\s+", m.group("things"))[0]
        nouns = [w for w in re.findall(r"[^\W\d_]+", things) if w.islower() and len(w) > 3 and w.endswith("s")
                 and tokenize(w) and tokenize(w)[0] != w]
    elif (m := _KIND_CHOICE.match(flat)) is not None and _COMPARING.search(m.group("asked")):
        # "Which Vellby church ...", "Which church in Vellby ...": the lower-case noun before any preposition
        things = re.split(r"\s+(?:in|of|at|on|near|by|over|across|along|from)\s+", m.group("things"))[0]
        nouns = [w for w in re.findall(r"[^\W\d_]+", things)[-1:] if w.islower() and len(w) > 2 and tokenize(w)]
    else:
        return None
    if not nouns:
        return None
    kind = tokenize(nouns[-1])[0]
    pattern = compiled(_NAME_BEFORE.format(kind=rf"(?i:{re.escape(kind)})"))
    named: dict[str, str] = {}  # the name as a key (case-folded) -> as first written
    for i in order:
        for n in pattern.finditer(texts[i]):
            words = re.sub(r"^(?:The|A|An)\s+", "", n.group(1).strip())
            if not words or words in ("The", "A", "An"):
                continue
            name = f"{words} {n.group(2)}"
            named.setdefault(name.casefold(), name)
    if len(named) < 2 or (len(named) > 2 and not re.search(r"\b(?:two|both)\b", flat, re.IGNORECASE)):
        return None  # a third one named: the two compared may not hold the oldest of all
    first, second = list(named.values())[:2]
    asked = " ".join(m.group("asked").split())
    rewritten = f"Which {asked}, the {first} or the {second}?"
    decided = decide_choice(rewritten, texts, titles, order)
    return rewritten if decided is not None and decided.values else None


def _as_written(question: str, option: str) -> str:
    """``option`` as the question writes it, with its article ("The Lady" for the option "Lady")."""
    m = re.search(rf"\b(?:the|a|an)\s+{re.escape(option)}", question, re.IGNORECASE)
    return m.group(0) if m and m.group(0)[:1].isupper() else option


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def choice_sentence(choice: Choice, marks: Sequence[str]) -> str:
    """The sentence stating a choice decided by value, ``marks`` being the citation marks of ``choice.cited``
    ("[2]"): "The Lady was published first: 1885 [2]; Woman's Day: 1931 [1]." ("Higher: A, 8,163 metres [1]; B,
    7,509 metres [2]." when the question gives no predicate); for a choice one claim states outright
    (``choice.stated``) the winner with the question's predicate: "Orlenne Gold is aged longer [1]."; "" for a choice
    by attribute (its winner's claims are written first instead)."""
    if choice.stated and choice.predicate:  # one claim says it outright: the winner, then that claim
        return f"{_capital(choice.options[0])} {choice.predicate} {marks[0]}."
    if not choice.values:
        return ""
    win, lose = _capital(choice.options[0]), choice.options[1]
    if choice.predicate:
        named = tokenize(choice.predicate)  # "has more platforms: four [1]", not "four platforms"
        values = [re.sub(r"\s+([^\W\d_]+)$", lambda m: "" if any(same_stem(m.group(1).casefold(), t) for t in named)
                         else m.group(0), v) for v in choice.values]
        return f"{win} {choice.predicate}: {values[0]} {marks[0]}; {lose}: {values[1]} {marks[1]}."
    return (f"{choice.comparative.capitalize()}: {win}, {choice.values[0]} {marks[0]}; {lose}, "
            f"{choice.values[1]} {marks[1]}.")


# ---- "which X has the most Y": the extreme among rows or sibling claims -------------------------------------------
#: a preposition before the question word ("In which year did the club have the most members?", "During which
#: season ...", "At which station ...")
_EXTREME_PREPOSITION = r"(?:(?:in|on|at|during|for|from|by|of|to)\s+)?"
#: a question asking which thing holds the extreme of a quantity, its verb first: "Which production in the repertoire
#: has the most marionettes on stage?", "Which of the bridges is the longest?", "Who scored the most goals?"
#: (``things``: what is chosen among, ``asked``: what the question says of the answer)
_EXTREME_AUX_RE = re.compile(r"^\s*" + _EXTREME_PREPOSITION
                             + r"(?:which|what|who)\s+(?:one\s+of\s+|of\s+)?(?P<things>(?:[^\s?]+\s+){0,6}?)"
                             r"(?P<asked>(?:is|are|was|were|has|have|had|did|does|do|can|could|will|would)\b[^?]*?)"
                             r"\s*\?\s*$", re.IGNORECASE)
_EXTREME_VERB_RE = re.compile(r"^\s*" + _EXTREME_PREPOSITION
                              + r"(?:which|what|who)\s+(?:one\s+of\s+|of\s+)?(?P<things>(?:[^\s?]+\s+){0,6}?)"
                              r"(?P<asked>[a-z]+(?:s|ed)\b[^?]*?)\s*\?\s*$", re.IGNORECASE)
#: "the most <noun phrase>", "the fewest <noun phrase>", "the least <noun phrase>" (a count of the noun), or an
#: adjective's superlative ("the tallest", "the cheapest"); ``sup`` is the superlative word
_EXTREME_WORD_RE = re.compile(r"\b(?:(?P<sup>most|fewest|least)\s+(?P<phrase>[^\W\d_][^?]*)|(?P<adj>[a-z]+?)i?est)\b",
                              re.IGNORECASE)
#: adjectives whose superlative picks the smallest value ("the shortest", "the cheapest")
_LESS_ADJECTIVES = frozenset("small short low cheap slow light narrow shallow cold few little young".split())
#: superlatives of age: the earliest start date is the oldest (:data:`_START_EVENTS`)
_AGE_SUPERLATIVES = {"old": "early", "early": "early", "young": "late"}
#: superlatives that ask the latest or a rank rather than an extreme of the things compared
_NOT_EXTREME_RE = re.compile(r"\b(?:latest|newest|most\s+recent(?:ly)?|best|worst|second|third|fourth|fifth|"
                             r"next|last)\b", re.IGNORECASE)
#: a limit the things must keep ("under 2500 EUR", "for less than $300", "below 40 kg", "built after 2000", any
#: figure or year): the extreme of all the claims may break it, so no extreme is decided
_EXTREME_LIMIT_RE = re.compile(r"\b(?:under|below|over|above|within|less\s+than|more\s+than|at\s+most|at\s+least|"
                               r"up\s+to|cheaper\s+than)\b|\d|[$€£¥]", re.IGNORECASE)
#: a table row as the claim extractor writes it: "Production A Night at the Fair: premiere 2004, marionettes on stage
#: 42, running time 60 min" (the row's key, then "column value" cells)
_ROW_RE = re.compile(r"^(?P<key>[^:]{1,80}?):\s+(?P<cells>.+?)\.?\s*$")
_CELL_RE = re.compile(r"^(?P<head>[^\d]*?[^\W\d_][^\d]*?)\s+(?P<value>\d[\d,]*(?:\.\d+)?)(?:\s*(?P<unit>[^\W\d_]+|%))?$")
#: a table row's cell of an amount of money, its sign before the figure ("prize fund £4,200", "budget € 12,000")
_MONEY_CELL_RE = re.compile(r"^(?P<head>[^\d]*?[^\W\d_][^\d]*?)\s+(?P<sign>[€$£¥₹₩])\s?(?P<value>\d[\d,]*(?:\.\d+)?)$")
#: a name opening a sentence ("The Skarvik Lighthouse is 41 metres tall"), or after "the <noun>" ("The ferry Alda
#: makes 14 crossings a day")
_OPENING_NAME_RE = re.compile(r"^(?:(?:The|A|An)\s+(?:[a-z]+\s+){0,2})?(?P<name>[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|"
                              r"of|the|de|del|di|da|la|le|von|van|and)){0,6})")
_NOT_OPENING_NAMES = frozenset("in on at by for from with it its this that these those they there he she his her "
                               "their its since after before during when while today".split())
#: the fewest things an extreme is chosen among
EXTREME_MIN = 2
#: a superlative over a series of counts ("the highest annual number of visitors", "the lowest monthly count of
#: bookings", "the largest yearly total of passengers", "the record number of visitors in a single year": a record is
#: the highest): ``sup`` the superlative, ``per`` the period of the series (before the measure noun or after the
#: counted phrase), ``phrase`` the counted noun phrase
_SERIES_RE = re.compile(
    r"\bthe\s+(?P<sup>highest|largest|greatest|biggest|most|record|lowest|smallest|fewest|least)\s+"
    r"(?:(?P<per>annual|yearly|monthly|weekly|daily|seasonal)\s+)?"
    r"(?:number|count|total|tally|figure)\s+of\s+(?P<phrase>[^\W\d_][^?]*?)\s*$", re.IGNORECASE)
#: a superlative of a counted attribute ("the highest attendance of X", "the largest audience", "the record
#: attendance at X", "the attendance of X at its highest point"): the attribute's extreme over the figures given of
#: it (:func:`_attribute_superlative`); ``sup`` the superlative (a record is the highest)
_ATTRIBUTE_SUP_RE = re.compile(
    r"\bthe\s+(?P<sup>highest|largest|greatest|biggest|record|lowest|smallest)\s+[^\W\d_][^?]*?\s*$"
    r"|\s(?:at|in)\s+(?:its|their|the)\s+(?P<at>highest|lowest|peak)(?:\s+(?:point|level|ever))?\s*$",
    re.IGNORECASE)
#: the period of a series said after the counted phrase ("... in a single year", "... per month", "... a season")
_SERIES_UNIT_RE = re.compile(r"\b(?:in\s+(?:a|one|any)\s+(?:single\s+)?|per\s+|a\s+)"
                             r"(?P<unit>year|month|week|day|season)\b", re.IGNORECASE)
#: the thing a period word of a series names ("annual" -> year)
_SERIES_PERIODS = {"annual": "year", "yearly": "year", "monthly": "month", "weekly": "week", "daily": "day",
                   "seasonal": "season"}


@dataclass(frozen=True)
class Extreme:
    """The thing (or things, on a tie) holding the extreme of the quantity a superlative question asks.

    Attributes:
        names: the winning things' names as their claims write them (several on a tie), in claim order.
        cited: the claim stating each winner's value (indices), in the order of ``names``.
        values: each winner's value as written ("42", "41 metres"), in the order of ``names``.
        predicate: what the question says of the answer ("has the most marionettes on stage", "is the tallest").
        superlative: the question's superlative with what follows it ("the most marionettes on stage").
        compared: how many things' values of the quantity were compared (>= :data:`EXTREME_MIN`).
        things: what the question chooses among, as it writes it ("year", "production in the repertoire"; "" unsaid).
    """

    names: tuple[str, ...]
    cited: tuple[int, ...]
    values: tuple[str, ...]
    predicate: str
    superlative: str
    compared: int
    things: str = ""


class _Asked(NamedTuple):
    """The quantity a superlative question ranks by: a counted noun (``nouns``, with ``phrase`` its words), figures of
    ``kinds`` (:func:`shared.text.quantity.stated_kinds`), or start dates (``dated``); ``direction`` "more" / "less"
    ("early" / "late" for dates); ``series``: compared among rows of one figure at several times only."""

    direction: str
    nouns: tuple[str, ...] = ()
    phrase: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    dated: bool = False
    series: bool = False  # compared over a series only: rows of one figure at several times (Year 2019, Year 2021)
    #: the words naming the measure of a time's series the question asks ("produce", "output": the "production"
    #: column; :func:`_time_superlative`), a row's value read from the one cell whose head names it
    measure: tuple[str, ...] = ()


def _superlative_base(adj: str) -> str | None:
    """The adjective of a superlative's stem ("tall" of "tallest", "big" of "bigg", "heavy" of "heavi"...) when it
    compares a known quantity or an age, else None."""
    for b in (adj, adj + "e", adj[:-1] if len(adj) > 3 and adj[-1] == adj[-2] else adj, adj + "y"):
        if b in _AGE_SUPERLATIVES or compared_quantity(f"{b}er"):
            return b
    return None


def _superlative(question: str) -> tuple[str, str, str, _Asked] | None:
    """(things, predicate, superlative phrase, quantity) of a question asking which thing holds an extreme
    (:func:`decide_extreme`), or None."""
    q = " ".join((question or "").split())
    if not q or _NOT_EXTREME_RE.search(q) or comparison_options(q):
        return None
    m = _EXTREME_AUX_RE.match(q) or _EXTREME_VERB_RE.match(q)
    if m is None:
        return None
    asked = m.group("asked")
    said = [w for w in re.findall(r"[a-z]+", asked.casefold()) if w in ("most", "fewest", "least")
            or (w.endswith("est") and _superlative_base(w[:-4] if w.endswith("iest") else w[:-3]) is not None)]
    if _EXTREME_LIMIT_RE.search(q) or len(said) > 1:
        return None  # "the longest range under 2500 EUR", "the strongest suction and longest battery life"
    if series := _series_superlative(m.group("things"), asked):
        return series
    if attribute := _attribute_superlative(q, m.group("things"), asked):
        return attribute
    for w in _EXTREME_WORD_RE.finditer(asked):
        sup = (w.group("sup") or "").casefold()
        if sup:
            phrase = w.group("phrase")
            kinds = compared_quantity(f"{sup} {phrase}")
            direction = "more" if sup == "most" else "less"
            if kinds:  # "the most expensive", "the most populous"
                return m.group("things"), asked, asked[w.start() - 4 if asked[:w.start()].endswith("the ") else
                                                       w.start():], _Asked(direction, kinds=kinds)
            nouns = counted_nouns(f"How many {phrase}?")
            if not nouns:
                return None
            words = tuple(t for t in tokenize(phrase) if t not in nouns)
            start = w.start() - 4 if asked[:w.start()].endswith("the ") else w.start()
            return m.group("things"), asked, asked[start:], _Asked(direction, nouns=nouns, phrase=words)
        base = _superlative_base(w.group("adj").casefold())
        if base is None or len(w.group(0)) < 5:
            continue
        start = w.start() - 4 if asked[:w.start()].endswith("the ") else w.start()
        if base in _AGE_SUPERLATIVES:
            return m.group("things"), asked, asked[start:], _Asked(_AGE_SUPERLATIVES[base], dated=True)
        direction = "less" if base in _LESS_ADJECTIVES else "more"
        if people := sized_people(asked[w.end():]):  # "the largest crowd": a count of those who came, no size
            return m.group("things"), asked, asked[start:], _Asked(direction, nouns=people)
        kinds = compared_quantity(f"{base}er")
        return m.group("things"), asked, asked[start:], _Asked(direction, kinds=kinds)
    return None


def _series_superlative(things: str, asked: str) -> tuple[str, str, str, _Asked] | None:
    """(things, predicate, superlative phrase, quantity) of a superlative over a series of counts ("What was the
    highest annual number of visitors at the Orrin Baths?": the count of visitors, the largest; the things chosen
    among are the series' periods, "year"), or None when ``asked`` holds no such superlative (:data:`_SERIES_RE`) or
    it counts no noun."""
    w = _SERIES_RE.search(asked)
    if w is None:
        return None
    nouns = counted_nouns(f"How many {w.group('phrase')}?")
    if not nouns:
        return None
    sup = w.group("sup").casefold()
    direction = "less" if sup in ("lowest", "smallest", "fewest", "least") else "more"
    unit = _SERIES_UNIT_RE.search(w.group("phrase"))
    period = _SERIES_PERIODS.get((w.group("per") or "").casefold()) or (unit.group("unit").casefold() if unit else "")
    words = tuple(t for t in tokenize(w.group("phrase")) if t not in nouns)
    return (things if things.strip() or not period else period), asked, asked[w.start():], \
        _Asked(direction, nouns=nouns, phrase=words)


def _attribute_superlative(question: str, things: str, asked: str) -> tuple[str, str, str, _Asked] | None:
    """(things, predicate, superlative phrase, quantity) of a superlative of a counted attribute a copula asks
    ("What was the highest attendance of X?", "What was the attendance of X at its highest point?": the count of the
    attribute, :func:`shared.text.quantity.attribute_count_nouns`, the largest; "What is the largest crowd ever
    recorded at X?": a size word before a noun of those who came, :func:`shared.text.quantity.sized_people`), or
    None when ``asked`` holds no such superlative (:data:`_ATTRIBUTE_SUP_RE`), asks it with no copula, or the
    question counts no attribute. A record asked by its count's noun before "record"
    (:func:`shared.text.records.asks_count_record`: "What is the visitor record of X?", "What is X's attendance
    record?") is the record attendance asked, the largest."""
    w = _ATTRIBUTE_SUP_RE.search(asked)
    # (a size word before a noun of those who came names such a count too: "the largest crowd ever recorded at X")
    nouns = attribute_count_nouns(question) or (sized_people(asked[w.end("sup"):]) if w and w.group("sup") else ())
    copula = re.match(r"(?:is|was|are|were)\s+(?=the\s)", asked, re.IGNORECASE)
    if (w is None or not nouns) and copula is not None and (counted := asks_count_record(question)):
        return things, asked, asked[copula.end():].strip(), _Asked("more", nouns=counted, series=True)
    if w is None or not nouns or copula is None:
        return None
    sup = (w.group("sup") or w.group("at")).casefold()
    return things, asked, asked[w.start():].strip(), _Asked("less" if sup in ("lowest", "smallest") else "more",
                                                             nouns=nouns, series=True)


#: the superlative of a question asking at which time a series' figure was at its extreme ("the most", "the
#: highest", "peak"): ``sup`` the word (:func:`_time_superlative`)
_TIME_SUP_RE = re.compile(r"\b(?P<sup>most|highest|largest|greatest|biggest|peak|lowest|smallest|fewest|least)\b",
                          re.IGNORECASE)
#: the words of :data:`_TIME_SUP_RE` picking the smallest figure
_TIME_LESS = frozenset({"lowest", "smallest", "fewest", "least"})


def _time_superlative(question: str) -> tuple[str, str, str, _Asked] | None:
    """(things, predicate, superlative phrase, quantity) of a question asking at which time (:data:`_TIME_THINGS`:
    "which year", "which season") a measure of a series was at its extreme: "In which year did the creamery produce
    the most Orlenne?", "Which year had the highest Orlenne output?", "In which year was Orlenne production lowest?".
    The quantity (:class:`_Asked`, ``series``) is read from the rows of one time each whose cell names a word of
    ``measure``: the question's words, its names left out ("creamery", "produce"; a "production" column names
    "produce" by :func:`shared.text.relations.same_relation`). None when the question asks no time, holds no single
    such superlative or a limit (:data:`_EXTREME_LIMIT_RE`), or names no word of its measure. Never raises."""
    q = " ".join((question or "").split())
    if not q or _NOT_EXTREME_RE.search(q) or _EXTREME_LIMIT_RE.search(q) or comparison_options(q):
        return None
    m = _EXTREME_AUX_RE.match(q) or _EXTREME_VERB_RE.match(q)
    things = m.group("things").split() if m is not None else []
    if m is None or not things or things[-1].casefold() not in _TIME_THINGS:
        return None
    asked = m.group("asked")
    sups = list(_TIME_SUP_RE.finditer(asked))
    if len(sups) != 1:
        return None
    sup = sups[0]
    named = {t for e in find_entities(q) for t in tokenize(e)}
    said = set(tokenize(sup.group(0)))
    measure = tuple(t for t in tokenize(asked) if t not in named and t not in said)
    if not measure:
        return None
    start = sup.start() - 4 if asked[:sup.start()].casefold().endswith("the ") else sup.start()
    direction = "less" if sup.group("sup").casefold() in _TIME_LESS else "more"
    return m.group("things"), asked, asked[start:], _Asked(direction, series=True, measure=measure)


def _names_measure(word: str, measure: Sequence[str]) -> bool:
    """Whether ``word`` (a token of a row's cell head) names a word of a series' ``measure``
    (:func:`_time_superlative`): the same stem, a near-synonym, or a word of one relation ("production" / "output",
    "production" / "produce")."""
    return any(same_stem(word, w) or same_thing(word, w) or same_relation(w, word) for w in measure)


def _measure_cell(measure: Sequence[str], cells: list[re.Match[str]]) -> tuple[float, str, str] | None:
    """(value, unit, as written) of the one row cell whose head names the ``measure`` (:func:`_names_measure`):
    "production (tonnes) 2,980" -> (2980.0, "production (tonnes)", "2,980 tonnes"), the head being the unit (one
    column compared with itself only) and a unit in brackets written after the figure; None when no cell or several
    name it."""
    fit = [c for c in cells if any(_names_measure(h, measure) for h in tokenize(c.group("head")))]
    if len(fit) != 1:
        return None
    c = fit[0]
    try:
        value = float(c.group("value").replace(",", ""))
    except ValueError:
        return None
    head = " ".join(c.group("head").split())
    bracket = re.search(r"\((?P<unit>[^\W\d_][^()]*)\)", head)
    unit = c.group("unit") or (bracket.group("unit") if bracket else "")
    return value, head.casefold(), f"{c.group('value')} {unit}".strip()


def _things_noun(things: str, superlative: str) -> str:
    """The noun naming what is chosen among: the last lower-case word of ``things`` before a preposition ("production
    in the repertoire": production), else the word after the superlative adjective ("the tallest lighthouse in
    Norland": lighthouse); "" when there is none."""
    head = re.split(r"\s+(?:in|of|at|on|near|by|over|across|along|from|among|between)\s+", things.strip())[0]
    words = [w for w in re.findall(r"[^\W\d_]+", head) if w.islower() and w not in ("the", "a", "an")]
    if not words:
        # ("the tallest lighthouse in Norland", "the most powerful engine at Ketterby Mill")
        after = re.match(r"the\s+(?:(?:most|least)\s+)?\w+\s+(?P<noun>[a-z]+)\b", superlative)
        words = [after.group("noun")] if after and after.group("noun") not in ("in", "of", "on", "at", "for") else []
    toks = tokenize(words[-1]) if words else []
    return toks[0] if toks else ""


def _cell_value(asked: _Asked, cells: list[re.Match[str]]) -> tuple[float, str, str] | None:
    """(value, unit, as written) of the row cell giving the asked quantity, or None when no cell or several equally
    fitting ones give it."""
    if asked.measure:
        return _measure_cell(asked.measure, cells)
    fit: list[tuple[int, re.Match[str]]] = []
    for c in cells:
        head = tokenize(c.group("head"))
        if asked.nouns:
            # (a count of an attribute in the words of what it counts: "visitors 68,400" is an attendance)
            if any(same_stem(h, n) or same_thing(h, n) for h in head for n in asked.nouns[-1:]) \
                    or counts(f"{c.group('value')} {c.group('head')}", asked.nouns[-1:]):
                fit.append((sum(1 for p in asked.phrase if any(same_stem(p, h) for h in head)), c))
        elif asked.dated:
            if any(same_stem(h, e) for h in head for e in _START_EVENTS) and _YEAR_IN.fullmatch(c.group("value")):
                fit.append((0, c))
        elif states_quantity(f"{c.group('value')} {c.group('unit') or ''}".strip(), asked.kinds):
            fit.append((0, c))
    if not fit:
        return None
    best = max(k for k, _c in fit)
    top = [c for k, c in fit if k == best]
    if len(top) != 1:
        return None
    c = top[0]
    unit = (c.group("unit") or "").casefold()
    if asked.nouns and unit:
        return None  # "marionettes on stage 42 kg": a measure, no count
    shown = f"{c.group('value')} {c.group('unit')}" if c.group("unit") else c.group("value")
    try:
        value = float(c.group("value").replace(",", ""))
    except ValueError:
        return None
    return value, _UNITS.get(unit, unit) if unit else " ".join(asked.nouns), shown


def _sentence_value(asked: _Asked, text: str) -> tuple[float, str, str] | None:
    """(value, unit, as written) of the one value of the asked quantity a sentence gives, or None."""
    if asked.measure:
        return None  # (a time's series is read from its rows only)
    if asked.nouns:
        found = list(dict.fromkeys(counts(text, asked.nouns)))
        values = [phrase_value(f) if not f[:1].isdigit() else float(f.replace(",", "")) for f in found]
        if len(values) != 1 or values[0] is None:
            return None
        return float(values[0]), " ".join(asked.nouns), found[0]
    if asked.dated:
        d = _event_date(text, list(_START_EVENTS))
        return (float(d[0][0]) + d[0][1] / 100 + d[0][2] / 10000, "date", d[1]) if d is not None else None
    amounts = {(a[1], a[2]): a for a in _amounts(text) if a[0] == a[1] and states_quantity(a[3], asked.kinds)}
    if len(amounts) != 1:
        return None
    (value, unit), a = next(iter(amounts.items()))
    return value, unit, a[3]


def _opening_name(text: str) -> str:
    """The name a sentence opens with ("The Skarvik Lighthouse is ...": "Skarvik Lighthouse"; "The ferry Alda makes
    ...": "Alda"), or "" (an article alone, "The highest point of ...", names nothing)."""
    m = _OPENING_NAME_RE.match(text.strip())
    if m is None:
        return ""
    name = re.sub(r"(?:\s+(?:of|the|de|del|di|da|la|le|von|van|and))+$", "", m.group("name"))
    first = name.split()[0].casefold() if name else ""
    if name.casefold() in ARTICLES["en"]:
        return ""
    return "" if not name or first in _NOT_OPENING_NAMES or first in _AUX else name


def decide_extreme(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int]) -> Extreme | None:
    """Decide a superlative question ("Which production in the repertoire has the most marionettes on stage?",
    "Which lighthouse on the coast is the tallest?", "Which ferry makes the fewest crossings per day?", "Which is the
    oldest church in Vellby?") by the extreme among comparable claims: the rows of a table (the claim extractor's
    "Production A Night at the Fair: premiere 2004, marionettes on stage 42, ..." rows, the value read from the
    column the question names) or sibling sentences that open with a thing's name and give one value of the quantity
    asked ("The Skarvik Lighthouse is 41 metres tall."). The quantity is a count of the noun after "most" / "fewest"
    / "least" (:func:`shared.text.quantity.counts`; in a row the column naming that noun), a figure of the kind an
    adjective's superlative compares ("tallest": a length, "cheapest": money: :func:`compared_quantity`), or the
    start date for "oldest" / "earliest" / "youngest" (:data:`_START_EVENTS`). "most" / "-est" picks the largest
    value (the earliest date for "oldest"), "fewest" / "least" / "shortest" / "cheapest" the smallest.

    Comparable claims are of one kind: rows when two or more rows give the value (the sentences then stay out),
    else sentences naming what is chosen among (the noun of "which production": in the claim or its page's title);
    all in one unit (``kind``-wise: "41 metres" and "120 feet" are not compared), each thing with one value. On a
    tie every thing holding the extreme value is a winner.

    Args:
        question: the user question; texts / titles: each claim's text and page title; order: claim indices, most
            relevant first (claims outside it are not used).

    Returns:
        :class:`Extreme`, or None when the question is no superlative, a two-option choice (:func:`decide_choice`),
        asks the latest ("most recent") or a rank ("second tallest"), or fewer than :data:`EXTREME_MIN` things with
        comparable values are found, their values are in different units, or one thing is given two values (a
        disagreement, said elsewhere). Never raises.
    """
    if not texts:
        return None
    parsed = _superlative(question)
    decided = _decide_extreme(question, parsed, texts, titles, order) if parsed is not None else None
    if decided is None and (timed := _time_superlative(question)) is not None:
        # "In which year did the creamery produce the most X?", "Which year had the highest X output?": the year
        # whose row of the measure asked holds the extreme (the question counting no noun, or a size word read as
        # a height: no row fits the first reading)
        decided = _decide_extreme(question, timed, texts, titles, order)
    return decided


def _decide_extreme(question: str, parsed: tuple[str, str, str, _Asked], texts: Sequence[str],
                    titles: Sequence[str], order: Sequence[int]) -> Extreme | None:
    """:func:`decide_extreme` for a question read as ``parsed`` (:func:`_superlative`, :func:`_time_superlative`)."""
    things, predicate, superlative, asked = parsed
    noun = _things_noun(things, superlative)
    # "the highest point of the Harrow Coast Path" ranks the points of one named thing: a row or sentence of another
    # thing ("Other Trail: length 187 km") is none of them (:func:`_owned_part`)
    owned = _owned_part(question, superlative, noun) if not (asked.series or asked.nouns) else None
    rows: list[tuple[int, str, float, str, str]] = []  # (claim, name, value, unit, as written)
    sentences: list[tuple[int, str, float, str, str]] = []
    # the things ranked are the asked thing's ("the most powerful engine at Ketterby Mill"): a claim of a look-alike
    # of a name the question writes ("Engine Brutus: mill Ketterby Mill No. 2, power 240 hp") ranks none of them
    scope = [e for e in find_entities(question) if key_terms(e)]
    for i in order:
        if not 0 <= i < len(texts):
            continue
        text = " ".join(texts[i].split())
        if owned and not owned(text, titles[i] if i < len(titles) else ""):
            continue
        if any(_of_look_alike(name, text, titles[i] if i < len(titles) else "") for name in scope):
            continue
        row = _ROW_RE.match(text)
        cells = [c for c in (_CELL_RE.match(part.strip()) for part in row.group("cells").split(", "))
                 if c is not None] if row is not None else []
        if row is not None and cells:
            got = _cell_value(asked, cells)
            key = row.group("key").strip()
            first, _, rest = key.partition(" ")
            if rest and noun and same_stem(tokenize(first)[0] if tokenize(first) else "", noun):
                key = rest  # "Production A Night at the Fair": the column header names the kind
            elif first.casefold() in _TIME_THINGS and _YEAR_IN.fullmatch(rest):
                key = rest  # "Year 2019": a time of a series, said "in 2019"
            if got is not None and (not owned or owned.part(key)):
                rows.append((i, key, *got))
            continue
        held = set(tokenize(f"{text} {titles[i] if i < len(titles) else ''}"))
        if noun and not any(same_stem(noun, t) or same_thing(noun, t) for t in held):
            continue
        name = _opening_name(text)
        if owned and not owned.part(name):
            continue  # "The Harrow Coast Path's highest point is ...": the thing itself states the extreme, no part of it
        got = _sentence_value(asked, text) if name else None
        if got is not None:
            sentences.append((i, name, *got))
    # a series (rows of one figure at several times: "Year 2019: visitors 71,900") is compared within itself, no row of
    # another kind beside it ("X: attendance 68400", a record's undated figure) joins it
    timed = [r for r in rows if _YEAR_IN.fullmatch(r[1])]
    if asked.series:
        # an attribute's series is the asked thing's own (its page or row names it, no look-alike) and no other claim
        # states a figure of the attribute beyond it or as the record (:func:`_series_contest`)
        timed = [r for r in timed if _series_of(question, texts[r[0]], titles[r[0]] if r[0] < len(titles) else "")]
        contest = _series_contest(question, asked, texts, {r[0] for r in timed}, [r[2] for r in timed],
                                  [int(r[1]) for r in timed])
        if contest:  # (a lone claim stating the record of the asked thing itself wins: :func:`_stated_record`)
            return _stated_record(question, texts, contest, parsed, len(timed))
        if not timed:  # no series: of rival records ("record ... in 2019", "a record ... in 2025"), the one standing
            return _standing_record(question, asked, [texts[i] if i in order else "" for i in range(len(texts))],
                                    titles, parsed)
    elif not timed and asked.nouns and things.strip().casefold() in _TIME_THINGS:
        # "What was the record number of visitors in a single year at X?" with no series: of rival stated records
        # the one standing, as for an attribute's record (:func:`_standing_record`)
        if (standing := _standing_record(question, asked, [texts[i] if i in order else "" for i in range(len(texts))],
                                         titles, parsed)) is not None:
            return standing
    rows = timed if len(timed) >= EXTREME_MIN or asked.series else rows
    # (an attribute's extreme, "the highest attendance", is one time's figure of a series: no sentences opening with
    # a word, "Attendance reached ...", are things to compare)
    found = rows if len(rows) >= EXTREME_MIN or asked.series else sentences
    by_name: dict[str, tuple[int, str, float, str, str]] = {}
    for cand in found:
        key = cand[1].casefold()
        if key in by_name and by_name[key][2] != cand[2]:
            return None  # one thing given two values: disputed, not decided here
        by_name.setdefault(key, cand)
    cands = list(by_name.values())
    if len(cands) < EXTREME_MIN or len({c[3] for c in cands}) != 1:
        return None
    pick = max if asked.direction in ("more", "late") else min
    best = pick(c[2] for c in cands)
    won = [c for c in cands if c[2] == best]
    return Extreme(tuple(c[1] for c in won), tuple(c[0] for c in won), tuple(c[4] for c in won), predicate,
                   superlative, len(cands), " ".join(things.split()))


#: a superlative asking the extreme part of a thing named after it: "the highest point of the Harrow Coast Path", "the
#: longest stage on the Harrow Coast Path" (``noun``: the part's noun, ``owner``: the words after the preposition).
#: "in / at / within" is none: "the longest bridge in Tarnby" ranks the things located in a place, each a thing of its
#: own ("Tarnby Bridge" among them), no parts of it
_OWNED_SUP_RE = re.compile(r"^the\s+[a-z]+\s+(?P<noun>[a-z][\w-]*)\s+(?:of|on|along)\s+(?P<owner>.+)$",
                           re.IGNORECASE)


class _Owned(NamedTuple):
    """The parts of one named thing a superlative ranks (:func:`_owned_part`): ``noun`` the part's noun, ``owner``
    the thing's name, ``question`` the question."""

    noun: str
    owner: str
    question: str

    def __call__(self, text: str, title: str) -> bool:
        """Whether a claim (``text``, its page's ``title``) speaks of the parts: it or its title writes the noun (or a
        word of the same thing) and names the owner (:func:`_series_of`: its words together, no look-alike)."""
        held = set(tokenize(f"{text} {title}"))
        return any(same_stem(self.noun, t) or same_thing(self.noun, t) for t in held) \
            and _series_of(self.question, text, title)

    def part(self, name: str) -> bool:
        """Whether ``name`` (a row's key, a sentence's opening name) may be one of the parts: its head (last word) is
        the part's noun ("Harrow Pass Bridge" is a bridge, whatever word of the owner it carries), or it names no
        word of the owner ("The Harrow Coast Path" states the extreme of the thing itself, no part of it)."""
        toks = tokenize(name)
        if not toks:
            return False
        if same_stem(self.noun, toks[-1]) or same_thing(self.noun, toks[-1]):
            return True
        return not set(tokenize(self.owner)) & set(toks)


def _owned_part(question: str, superlative: str, noun: str) -> _Owned | None:
    """The parts a superlative ``question`` ranks when it asks the extreme part of one thing it names after the
    part's noun ("What is the highest point of the Harrow Coast Path?": the points of that trail; ``superlative`` its
    phrase, ``noun`` the part's noun as :func:`_things_noun` reads it): a claim is one of them when it passes
    :class:`_Owned` (writes the noun, names the thing) and its row key or opening name is no name of the thing
    itself (:meth:`_Owned.part`). A row or a sentence of another thing ("Pendry Moor Way: length 163 km", "The
    highest point of the Little Harrow Coast Path is 488 m") is then no candidate: the question compares no things of
    that kind. None when the question asks no such part, or the noun is a measure ("the highest elevation of X":
    a figure of X itself; a counted attribute, "the highest attendance of X", is read by :func:`_attribute_superlative`
    and never comes here). Never raises."""
    m = _OWNED_SUP_RE.match(" ".join(superlative.split()))
    if m is None or not noun or not tokenize(m.group("noun")) or tokenize(m.group("noun"))[0] != noun \
            or m.group("noun").casefold() in SIZE_WORDS:
        return None
    names = [e for e in find_entities(m.group("owner")) if key_terms(e)]
    if not names:
        return None  # "the tallest building in the old town": no named thing owns the parts
    return _Owned(noun, names[0], question)


def _of_look_alike(name: str, text: str, title: str) -> bool:
    """Whether a claim ``text`` (of the page ``title``) speaks of a look-alike of the asked ``name`` rather than of
    it (:func:`names_look_alike`: "Ketterby Mill No. 2", "Old Ketterby Mill"): the text names one, or the text names
    no ``name`` and its title opens or names one. Never raises."""
    if names_look_alike(name, text):
        return True
    want = tokenize(name)
    page = clean_title(title)
    return bool(page) and not _contains(tokenize(text), want) and (opens_look_alike(name, page)
                                                                   or names_look_alike(name, page))


def _series_of(question: str, text: str, title: str) -> bool:
    """Whether a series row ``text`` ("Year 2019: visitors 71,900") of the page ``title`` is of the thing a
    superlative ``question`` asks of (its first name, :func:`~shared.text.terms.find_entities`): the title or the
    row holds that name's words together and opens no look-alike of it (:func:`opens_look_alike`: "Old Halloway Jazz
    Week Annual Report", "Halloway Blues Night Annual Report"; :func:`names_look_alike`). False when the question
    names nothing. Never raises."""
    names = [e for e in find_entities(question) if key_terms(e)]
    if not names:
        return False
    want = tokenize(names[0])
    return any(_contains(tokenize(where), want) and not opens_look_alike(names[0], where)
               and not names_look_alike(names[0], where) for where in (clean_title(title), text) if where)


#: by the direction a superlative asks, the words of a sentence stating a figure as that extreme itself ("its highest
#: attendance ever", "record attendance", "peaked at 41,000", "an all-time high"; "its lowest attendance")
_RECORD_WORDS = {
    "more": re.compile(r"\b(?:record|all[-\s]time\s+high|peak(?:ed|s)?|highest|largest|biggest|greatest|best)\b",
                       re.IGNORECASE),
    "less": re.compile(r"\b(?:all[-\s]time\s+low|lowest|smallest|fewest|worst)\b", re.IGNORECASE)}


def _unbeaten(text: str) -> tuple[str, frozenset[float]]:
    """``text`` without the records it says were beaten, and their figures
    (:func:`shared.text.records.superseded_figures`): from each beaten figure to the end of its clause
    (:func:`shared.text.tokens.split_clauses`) is blanked ("welcomed 12,400 visitors in 2024, beating the previous
    record of 9,870 visitors set in 2017" -> "welcomed 12,400 visitors in 2024, beating the previous record of",
    {9870.0}). ``(text, frozenset())`` when it beat none. Never raises."""
    beaten = superseded_figures(text)
    if not beaten:
        return text, frozenset()
    ends, at = [], 0
    for clause in split_clauses(text):
        at = text.find(clause, at) + len(clause)
        ends.append(at)
    kept = list(text)
    for _v, _shown, start in beaten:
        end = next((e for e in ends if e > start), len(text))
        kept[start:end] = " " * (end - start)
    return "".join(kept), frozenset(v for v, _s, _at in beaten)


def _record_figure(asked: _Asked, text: str) -> tuple[float, int | None] | None:
    """(figure, year or None) of a sentence stating a record of the asked attribute (:data:`_RECORD_WORDS` in the
    asked direction; its one count of ``asked.nouns``, :func:`shared.text.quantity.counts`, and its one year, if it
    writes one): "the museum reached its record attendance of 9,120 visitors in 2018" -> (9120.0, 2018). A record it
    says was beaten, and the rest of that clause, are no part of its figure or year (:func:`_unbeaten`: "welcomed
    12,400 visitors in 2024, beating the previous record of 9,870 visitors set in 2017" -> (12400.0, 2024)). None when
    the sentence states no record, says it only of a rank below the top (:func:`shared.text.sizes.ranked_superlatives`
    is read by the caller), or gives no single figure. Never raises."""
    if not _RECORD_WORDS.get(asked.direction, _RECORD_WORDS["more"]).search(text):
        return None
    text, beaten = _unbeaten(text)
    found = {v for f in counts(text, asked.nouns)
             if (v := phrase_value(f) if not f[:1].isdigit() else float(f.replace(",", ""))) is not None}
    years = set(re.findall(r"\b(?:1[5-9]|20)\d\d\b", text))
    if len(found) != 1 or len(years) > 1:
        return None
    if any(b >= next(iter(found)) if asked.direction == "more" else b <= next(iter(found)) for b in beaten):
        return None  # "8,400 visitors, beating the previous record of 9,870": it beat nothing it says
    return float(next(iter(found))), int(next(iter(years))) if years else None


def _broken(record: tuple[float, int | None], others: Sequence[tuple[float, int | None]], direction: str,
            beaters: Sequence[tuple[float, frozenset[float]]] = ()) -> bool:
    """Whether a stated ``record`` (figure, year or None) is broken by one of ``others`` (a series' figures with their
    years, or other stated records): a figure beyond it in the asked ``direction`` of a later year, or of any year
    when the record gives none ("record attendance of 9,120 visitors in 2018" beside "2020: 10,480": a record is
    broken by a later, larger one; a larger figure of an earlier year contradicts it instead); or by one of
    ``beaters`` (a stated record's figure with the figures its sentence says it beat, :func:`_unbeaten`) beyond it
    that says it beat its very figure ("welcomed 12,400 visitors, beating the previous record of 9,870 visitors":
    dated or not, higher being better for a count). Never raises."""
    value, year = record

    def beyond(v: float) -> bool:
        return v > value if direction == "more" else v < value

    return any(beyond(v) and (year is None or (y is not None and y > year)) for v, y in others) \
        or any(beyond(v) and value in beaten for v, beaten in beaters)


def _series_contest(question: str, asked: _Asked, texts: Sequence[str], series: set[int],
                    values: list[float], years: Sequence[int] = ()) -> list[tuple[int, bool]]:
    """The claims outside the ``series`` (indices into ``texts``; ``values`` its figures, ``years`` their years) of an
    attribute's superlative (``asked.series``) that compete with it, each with whether it states a record: one giving
    a figure of the attribute (:func:`shared.text.quantity.counts` of ``asked.nouns``, or a word of the attribute
    with a number) beyond the series' extreme in the asked direction ("In 1995 only 2,100 visitors came" below a
    series' lowest 18,200), or saying a figure other than the series' extreme is the record itself
    (:data:`_RECORD_WORDS`: "its highest attendance ever", "peaked at 41,000"; a rank below the top,
    :func:`shared.text.sizes.ranked_superlatives`, says no record), unless a later figure of the series or another
    stated record broke that record (:func:`_broken`: a 2022 page's "record attendance of 9,120 visitors in 2018"
    beside the series' 10,480 in 2020, or a newer "a record 11,930 visitors in 2021"). Empty when none; the series
    then decides the superlative alone. Never raises."""
    if not values:
        return []
    top = max(values) if asked.direction == "more" else min(values)
    records = {i: f for i, raw in enumerate(texts) if i not in series and not ranked_superlatives(question, raw)
               and (f := _record_figure(asked, " ".join(raw.split()))) is not None}
    breakers = [*zip(values, years), *records.values()] if len(years) == len(values) else list(records.values())
    beaters = [(f[0], _unbeaten(" ".join(texts[i].split()))[1]) for i, f in records.items()]
    out: list[tuple[int, bool]] = []
    for i, raw in enumerate(texts):
        if i in series:
            continue
        text = " ".join(raw.split())
        found = [phrase_value(f) if not f[:1].isdigit() else float(f.replace(",", ""))
                 for f in counts(text, asked.nouns)]
        worded = any(same_stem(t, n) for t in tokenize(text) for n in asked.nouns) and re.search(r"\d", text) \
            or any(_names_measure(t, asked.measure) for t in tokenize(text)) and re.search(r"\d", text)
        written = {float(n.replace(",", "")) for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text)}
        record = (found or worded) and _RECORD_WORDS.get(asked.direction, _RECORD_WORDS["more"]).search(text) \
            and not ranked_superlatives(question, text)
        if record and i in records and _broken(records[i], breakers, asked.direction, beaters):
            continue  # a record since broken: the figure that broke it stands (a series' row, or the newer record)
        if record and top not in written:  # (a record of the series' own extreme agrees with it)
            out.append((i, True))
        elif any(v is not None and (v > top if asked.direction == "more" else v < top) for v in found):
            out.append((i, False))
    return out


def _standing_record(question: str, asked: _Asked, texts: Sequence[str], titles: Sequence[str],
                     parsed: tuple[str, str, str, _Asked]) -> Extreme | None:
    """With no series of the asked attribute: the record a superlative asks (:func:`_attribute_superlative`) as the
    one stated record that no other stated record broke (:func:`_record_figure`, :func:`_broken`: "In 2021 the
    museum welcomed a record 11,930 visitors" over an older page's "record attendance of 9,120 visitors in 2018"),
    given by :func:`_stated_record`. A record counts when its sentence or its page's title (``titles``) names the
    asked thing (:func:`_series_of`), or its sentence names no other thing (:func:`_names_other`: "the museum").
    None when fewer than two records are stated (a lone record sentence leads as it is), or not exactly one stands.
    Never raises."""
    names = [e for e in find_entities(question) if key_terms(e)]
    if not names:
        return None
    records: dict[int, tuple[float, int | None]] = {}
    for i, raw in enumerate(texts):
        text = " ".join(raw.split())
        title = titles[i] if i < len(titles) else ""
        if not text or ranked_superlatives(question, text) or not (
                _series_of(question, text, title) or not _names_other(text, names[0])):
            continue
        if (f := _record_figure(asked, text)) is not None:
            records[i] = f
    if len({f for f in records.values()}) < 2:
        return None
    beaters = [(f[0], _unbeaten(" ".join(texts[i].split()))[1]) for i, f in records.items()]
    standing = [i for i, f in records.items() if not _broken(f, list(records.values()), asked.direction, beaters)]
    if len({records[i] for i in standing}) != 1:
        return None
    return _stated_record(question, texts, [(standing[0], True)], parsed, len(records) - 1, named=True)


def _stated_record(question: str, texts: Sequence[str], contest: list[tuple[int, bool]],
                   parsed: tuple[str, str, str, _Asked], compared: int, *, named: bool = False) -> Extreme | None:
    """The extreme an attribute's superlative asks as the one claim contesting its series states it as the record
    (:func:`_series_contest`: "In 2009 the Halloway Jazz Week had 41,000 visitors, its highest attendance ever" ->
    41,000, in 2009), when that claim names the asked thing (:func:`_series_of`; ``named``: the caller found it the
    asked thing's already, :func:`_standing_record`) and writes one year and one other figure (a count of the
    attribute when it writes several numbers); else None (the superlative stays undecided). A record it says was
    beaten is no figure of it (:func:`_unbeaten`), and a standing record (``named``) may write no year: "Last summer
    the museum welcomed 12,400 visitors, beating the previous record of 9,870 visitors" -> 12,400, its time ""
    (said with none). Never raises."""
    if len(contest) != 1 or not contest[0][1]:
        return None
    i = contest[0][0]
    text, _beaten = _unbeaten(" ".join(texts[i].split()))
    things, predicate, superlative, asked = parsed
    years = re.findall(r"\b(?:1[5-9]|20)\d\d\b", text)
    figures = [n for n in re.findall(r"\d[\d,]*(?:\.\d+)?", text) if n not in years]
    shown = list(dict.fromkeys(counts(text, asked.nouns))) or figures
    if not (named or _series_of(question, text, "")) or len(set(years)) > 1 or not (years or named) \
            or len(shown) != 1:
        return None
    return Extreme((years[0] if years else "",), (i,), (shown[0],), predicate, superlative, compared + 1,
                   " ".join(things.split()))


#: what a superlative question chooses among when it asks for a time ("In which year did ... have the most ...?"):
#: its answer is said "in 2023"
_TIME_THINGS = frozenset({"year", "season", "month", "decade", "century", "quarter", "period", "era"})
#: a predicate of do-support ("did the club have the most members", "does the line carry the most riders"): the
#: auxiliary, the subject and its verb, then the superlative
_DO_SUPPORT_RE = re.compile(r"^(?P<aux>did|does|do)\s+(?P<subj>\S.*?)\s+(?P<verb>[a-z]+)\s+$", re.IGNORECASE)


def _do_support_statement(extreme: Extreme) -> str | None:
    """The statement of a single winner of a question asked with do-support, without its value: "In which year did
    the Orrin Baths have the fewest visitors?" -> "The Orrin Baths had the fewest visitors in 2023"; "Which play did
    the company stage the most times?" -> "The company staged Harbour Lights the most times". None when the predicate
    is no such one ("has the most marionettes on stage")."""
    at = extreme.predicate.find(extreme.superlative) if extreme.superlative else -1
    m = _DO_SUPPORT_RE.match(extreme.predicate[:at]) if at > 0 else None
    if m is None:
        return None
    aux, verb = m.group("aux").casefold(), m.group("verb").casefold()
    said = past_of(verb) if aux == "did" else third_person_of(verb) if aux == "does" else verb
    subject, rest, name = _capital(m.group("subj")), extreme.predicate[at:], extreme.names[0]
    words = extreme.things.casefold().split()
    if words and words[-1] in _TIME_THINGS:
        return f"{subject} {said} {rest} in {name}"
    return f"{subject} {said} {name} {rest}"


def _copula_time_statement(extreme: Extreme) -> str | None:
    """The statement of a single winner of a question asking at which time a subject was at its extreme with a
    copula and a bare superlative: "In which year was Orlenne production highest?" -> "Orlenne production was
    highest in 2021". None for any other question."""
    words = extreme.things.casefold().split()
    m = re.fullmatch(r"(?P<cop>is|was|are|were)\s+(?P<subj>\S.*?)\s+(?P<sup>[a-z]+)", extreme.predicate,
                     re.IGNORECASE)
    if m is None or not words or words[-1] not in _TIME_THINGS or m.group("sup") != extreme.superlative:
        return None
    return f"{_capital(m.group('subj'))} {m.group('cop').casefold()} {m.group('sup')} in {extreme.names[0]}"


def _series_statement(extreme: Extreme, mark: str) -> str | None:
    """The statement of a single winner of a superlative over a series asked with a copula ("What was the highest
    annual number of visitors at the Orrin Baths?" -> "The highest annual number of visitors at the Orrin Baths was
    84,300, in 2021 [1]."; a winner that is no time is said in brackets: "... was 42 (A Night at the Fair) [1]."),
    or of a counted attribute (:func:`_attribute_superlative`: "What was the attendance of X at its highest point?"
    -> "The attendance of X at its highest point was 71,900, in 2019 [1]."; a winner that is a year is a time),
    or None when the question is no such one."""
    m = re.match(r"(?P<cop>is|was|are|were)\s+(?P<sup>the\s.*)$", extreme.predicate, re.IGNORECASE)
    if m is None or (_SERIES_RE.fullmatch(m.group("sup")) is None
                     and _ATTRIBUTE_SUP_RE.search(extreme.predicate) is None):
        return None
    words = extreme.things.casefold().split()
    timed = (words and words[-1] in _TIME_THINGS) or _YEAR_IN.fullmatch(extreme.names[0])
    # (a standing record of no year, :func:`_stated_record`, is said with none)
    said = "" if not extreme.names[0] else f", in {extreme.names[0]}" if timed else f" ({extreme.names[0]})"
    return f"{_capital(m.group('sup'))} {m.group('cop').casefold()} {extreme.values[0]}{said} {mark}."


def _attribute_of_statement(extreme: Extreme, mark: str) -> str | None:
    """The statement of a single winner of a question asking a figure of the thing holding an extreme with a
    copula ("What is the horsepower of the most powerful engine at Ketterby Mill?" -> "The most powerful engine at
    Ketterby Mill is Brutus, at 180 hp [1]."), its superlative phrase the subject: never the figure's noun said of
    the winner ("Brutus is the horsepower of ..."). None for any other question."""
    m = re.fullmatch(r"(?P<cop>is|was|are|were)\s+the\s+\S.*?\s+of\s+(?P<sup>the\s.+)", extreme.predicate,
                     re.IGNORECASE)
    if m is None or m.group("sup") != extreme.superlative:
        return None
    return f"{_capital(m.group('sup'))} {m.group('cop').casefold()} {extreme.names[0]}, at {extreme.values[0]} {mark}."


def extreme_sentence(extreme: Extreme, marks: Sequence[str]) -> str:
    """The sentence stating an :class:`Extreme`, ``marks`` being the citation marks of ``extreme.cited``: "A Night
    at the Fair has the most marionettes on stage: 42 [1]."; on a tie "Tied for the most marionettes on stage: The
    Snow Queen, 31 [1]; Orlando and the Giant, 31 [1]."."""
    if len(extreme.names) == 1:
        if stated := _series_statement(extreme, marks[0]) or _attribute_of_statement(extreme, marks[0]):
            return stated
        if stated := _do_support_statement(extreme) or _copula_time_statement(extreme):
            return f"{stated}: {extreme.values[0]} {marks[0]}."
        return f"{_capital(extreme.names[0])} {extreme.predicate}: {extreme.values[0]} {marks[0]}."
    parts = "; ".join(f"{n}, {v} {mk}" for n, v, mk in zip(extreme.names, extreme.values, marks))
    return f"Tied for {extreme.superlative}: {parts}."


# ---- "by how much did X grow between T1 and T2": the difference of two figures -----------------------------------
#: a change verb of a difference question -> (its past tense, the direction it names: 1 up, -1 down, 0 either)
_CHANGE_VERBS: dict[str, tuple[str, int]] = {
    **dict.fromkeys(("grow", "grown", "grew"), ("grew", 1)), **dict.fromkeys(("rise", "risen", "rose"), ("rose", 1)),
    **dict.fromkeys(("increase", "increased"), ("increased", 1)),
    **dict.fromkeys(("fall", "fallen", "fell"), ("fell", -1)), **dict.fromkeys(("drop", "dropped"), ("dropped", -1)),
    **dict.fromkeys(("decline", "declined"), ("declined", -1)),
    **dict.fromkeys(("decrease", "decreased"), ("decreased", -1)),
    **dict.fromkeys(("shrink", "shrunk", "shrank"), ("shrank", -1)),
    **dict.fromkeys(("change", "changed"), ("changed", 0)),
}
_VERB_ALT = "|".join(sorted(_CHANGE_VERBS, key=len, reverse=True))
_DIFFERENCE_RE = re.compile(
    rf"\b(?:by\s+)?how\s+much\s+(?:did|has|have|had|does|do)\s+(?P<subj>.+?)\s+(?P<verb>{_VERB_ALT})\b", re.IGNORECASE)
_CHANGE_NOUN_RE = re.compile(r"\b(?:what|how\s+(?:large|big))\s+(?:was|is|were)\s+the\s+(?P<noun>increase|decrease|"
                             r"growth|rise|fall|drop|decline|change)\s+(?:in|of)\s+(?P<subj>.+?)\s+(?=between|from)\b",
                             re.IGNORECASE)
#: "How did the catch in the 2023 season compare with 2022?": one thing at two times, the first year in the subject
_COMPARE_YEARS_RE = re.compile(r"\bhow\s+(?:did|does|do|has|have|had)\s+(?P<subj>.+?)\s+compare\s+(?:with|to|against)"
                               r"\b(?P<other>[^?;]{0,60}?)\b(?P<b>(?:1[0-9]|20)\d\d)\b", re.IGNORECASE)
_NOUN_VERB = {"increase": "increase", "decrease": "decrease", "growth": "grow", "rise": "rise", "fall": "fall",
              "drop": "drop", "decline": "decline", "change": "change"}
_PERIOD_RE = re.compile(r"\b(?:between|from)\s+(?:the\s+)?(?:years?\s+)?(?P<a>(?:1[0-9]|20)\d\d)\b.{0,40}?"
                        r"\b(?:and|to|until|till)\s+(?:the\s+)?(?P<b>(?:1[0-9]|20)\d\d)\b", re.IGNORECASE)


@dataclass(frozen=True)
class Difference:
    """How much a figure changed between two times, from two figures of one unit.

    Attributes:
        subject: what changed, as the question says it ("the population of Carrow Bend").
        verb: the past tense that says the change ("grew", "fell"; "did not change" for none).
        amount: the difference, as written ("564").
        years: (earlier, later) as the question gives them.
        values: the figure at each year, as its claim writes it ("7,650 residents").
        cited: the claim stating each figure (indices), in the order of ``years``.
        period: the question's words for the two times ("between the 2009 and 2019 censuses"), or "".
    """

    subject: str
    verb: str
    amount: str
    years: tuple[str, str]
    values: tuple[str, str]
    cited: tuple[int, int]
    period: str = ""


def _figures_by_year(text: str, years: tuple[str, str]) -> list[tuple[str, float, str, str]]:
    """(year, amount, unit, as written) of each figure with a unit in ``text`` dated by one of ``years``: the year
    of the claim when it gives one of them, the nearest of them when it gives both."""
    where = {y: [m.start() for m in re.finditer(rf"(?<!\d){y}(?!\d)", text)] for y in years}
    if not any(where.values()):
        return []
    out = []
    # a table row as the claim extractor writes it ("Year 2021: visitors 17,430, tram ride passengers 11,020"): each
    # cell's figure, its column's last word its unit, dated by the row's year ("17,430 visitors")
    row = _ROW_RE.match(" ".join(text.split()))
    if row is not None:
        key_years = [y for y in years if where[y] and re.search(rf"(?<!\d){y}(?!\d)", row.group("key"))]
        for part in row.group("cells").split(", "):
            # (an amount of money, "prize fund £4,200", is its column's figure too, written with its sign)
            cell = _CELL_RE.match(part.strip()) or _MONEY_CELL_RE.match(part.strip())
            sign = cell.groupdict().get("sign") if cell is not None else None
            head = tokenize(cell.group("head")) if cell is not None and not cell.groupdict().get("unit") else []
            if len(key_years) == 1 and cell is not None and head:
                value = cell.group("value")
                last = cell.group("head").split()[-1]
                out.append((key_years[0], float(value.replace(",", "")), _UNITS.get(last.casefold(), head[-1]),
                            f"{sign}{value}" if sign else f"{value} {last}"))
        if out:
            return out
    for low, high, unit, shown in _amounts(text):
        if low != high:
            continue
        at = text.find(shown)
        near = min(((abs(p - at), y) for y, ps in where.items() for p in ps), default=None)
        if near is not None:
            out.append((near[1], high, unit, shown))
    return out


def _amount_text(value: float, shown: Sequence[str]) -> str:
    """``value`` written with as many decimals as the figures it comes from, thousands separated."""
    decimals = max((len(re.sub(r"\D", "", s.split(".", 1)[1])) if "." in s else 0) for s in shown)
    return f"{value:,.{decimals}f}"


def decide_difference(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int]
                      ) -> Difference | None:
    """Decide "By how much did the population of X grow between the 2009 and 2019 censuses?" (or "What was the
    increase in ... between 2009 and 2019?") from two claims about X (naming it, or of its page) that give figures of
    one unit dated by each of the two years ("The 2009 census had counted 7,650 residents", "The 2019 census counted
    8,214 residents in X"): the later minus the earlier. The most relevant claims (``order``) first; a figure of
    the question's attribute ("population": people) is preferred. None when the question asks no such difference
    or no two such figures are found."""
    q = " ".join((question or "").split())
    m = _DIFFERENCE_RE.search(q)
    noun = _CHANGE_NOUN_RE.search(q) if m is None else None
    period = _PERIOD_RE.search(q)
    compared = compared_years(q) if m is None and noun is None else None
    if compared is not None:
        subject, years = compared
        verb = "change"
    elif (m is None and noun is None) or period is None or period.group("a") == period.group("b"):
        return None
    else:
        subject = (m or noun).group("subj").strip()  # type: ignore[union-attr]
        subject = re.sub(r"\s+(?:between|from)\b.*$", "", subject)
        verb = m.group("verb").lower() if m is not None else _NOUN_VERB[noun.group("noun").lower()]  # type: ignore[union-attr]
        years = (period.group("a"), period.group("b"))
    names = [n for n in find_entities(subject) if tokenize(n)] or [subject]
    # (a comparison of two years: a claim holding the name's words is about it, "Merrow" of "the Merrow Guild's
    # count": its two years' figures say which thing they are of)
    about = [i for i in order if all(is_about(n, texts[i], titles[i]) or (compared is not None and set(tokenize(n))
                                                                          <= set(tokenize(f"{texts[i]} {titles[i]}")))
                                     for n in names)]
    attr = {t for t in tokenize(subject) if not any(t in tokenize(n) for n in names)}
    wanted_unit = "people" if attr & set(tokenize("population inhabitants residents people")) else None
    found: dict[str, list[tuple[int, float, str, str]]] = {y: [] for y in years}
    for i in about:
        for year, value, unit, shown in _figures_by_year(texts[i], years):
            if wanted_unit is None or unit == wanted_unit:
                found[year].append((i, value, unit, shown))
    pairs = [(a, b) for a in found[years[0]] for b in found[years[1]] if a[2] == b[2]]
    if not pairs:
        return None
    a, b = min(pairs, key=lambda p: p[0][0] != p[1][0])  # one claim's two figures first: counted alike
    diff = b[1] - a[1]
    past, direction = _CHANGE_VERBS[verb]
    if diff == 0:
        said = "did not change"
    elif (diff > 0) == (direction >= 0) and direction != 0:
        said = past
    else:
        said = ("rose" if diff > 0 else "fell") if direction != 0 else ("increased" if diff > 0 else "decreased")
    amount = _amount_text(abs(diff), (a[3], b[3]))
    span = re.match(r"(?:between|from)\s+[^?,;]*", q[period.start():]) if period is not None and compared is None \
        else None  # to the end of the clause
    return Difference(subject, said, amount, years, (a[3], b[3]), (a[0], b[0]), span.group(0).strip() if span else "")


def compared_years(question: str) -> tuple[str, tuple[str, str]] | None:
    """(subject without its year, (earlier year, later year)) of a question comparing one thing at two years ("How
    did the catch landed in the 2023 season compare with 2022?" -> ("the catch landed in the season", ("2022",
    "2023"))), or None when it compares no two years of one thing."""
    m = _COMPARE_YEARS_RE.search(question)
    if m is None:
        return None
    own = re.search(r"(?<!\d)((?:1[0-9]|20)\d\d)(?!\d)", m.group("subj"))
    if own is None or own.group(1) == m.group("b"):
        return None
    year = own.group(1)
    subject = re.sub(rf"\s+(?:in|during|of)\s+{year}\b|\b{year}\s+|\s+{year}\b", "", m.group("subj")).strip()
    return subject, (min(year, m.group("b")), max(year, m.group("b")))


def difference_sentence(diff: Difference, marks: Sequence[str]) -> str:
    """The sentence stating a :class:`Difference`, ``marks`` the citation marks of ``diff.cited``: "The population
    of Carrow Bend grew by 564 between the 2009 and 2019 censuses, from 7,650 residents (2009) [1] to 8,214 residents
    (2019) [1]."."""
    (ya, yb), (va, vb) = diff.years, diff.values
    change = diff.verb if diff.verb == "did not change" else f"{diff.verb} by {diff.amount}"
    period = f" {diff.period}" if diff.period else ""
    return f"{_capital(diff.subject)} {change}{period}, from {va} ({ya}) {marks[0]} to {vb} ({yb}) {marks[1]}."


# ---- "how much longer is A than B": the difference between two things' figures ------------------------------------
_GAP_RE = re.compile(r"\bhow\s+(?:much|many\s+\w+)\s+(?P<adj>[a-z]+er|more\s+[a-z]+|less\s+[a-z]+|fewer\s+[a-z]+)\s+(?:is|was|are|were)\s+"
                     r"(?P<a>.+?)\s+than\s+(?P<b>.+?)\s*\??$", re.IGNORECASE)
#: "how much more did A cost than B", "how much less does A weigh than B": a gap asked by the verb of its quantity
_VERB_GAP_RE = re.compile(r"\bhow\s+much\s+(?P<dir>more|less)\s+(?:did|does|do|had|has|have|will|would)\s+(?P<a>.+?)\s+"
                          r"(?P<verb>cost|costs|weigh|weighs)\s+than\s+(?P<b>.+?)\s*\??$", re.IGNORECASE)
#: "how much more horsepower does A have than B", "how many fewer beds did A have than B": a gap asked as how much
#: more of a noun one thing has (the noun is what its figures are of)
_HAVE_GAP_RE = re.compile(r"\bhow\s+(?:much|many)\s+(?P<dir>more|less|fewer)\s+(?P<noun>[a-z][\w-]*)\s+"
                          r"(?:did|does|do)\s+(?P<a>.+?)\s+(?:have|has|had)\s+than\s+(?P<b>.+?)\s*\??$",
                          re.IGNORECASE)
#: "how much more is A's budget than B's", "how much larger is A's budget than B's budget": a gap between two
#: things' figures of a noun each has (its possessive, then the noun; the second thing's noun may be left out)
_POSSESSIVE_GAP_RE = re.compile(r"\bhow\s+much\s+(?P<dir>more|less|[a-z]+er)\s+(?:is|was|are|were)\s+(?P<a>.+?)['’]s?\s+"
                                r"(?P<noun>[^\W\d_][\w -]*?)\s+than\s+(?:that\s+of\s+)?(?P<b>.+?)"
                                r"(?:['’]s?(?:\s+(?P=noun))?)?\s*\??$", re.IGNORECASE)
#: "by how much does A's budget exceed B's": the same gap asked by "exceed"
_EXCEED_GAP_RE = re.compile(r"\b(?:by\s+)?how\s+much\s+(?:does|did|do|will|would)\s+(?P<a>.+?)['’]s?\s+"
                            r"(?P<noun>[^\W\d_][\w -]*?)\s+(?:exceed|exceeds|surpass|surpasses)\s+(?:that\s+of\s+)?"
                            r"(?P<b>.+?)(?:['’]s?(?:\s+(?P=noun))?)?\s*\??$", re.IGNORECASE)


def _possessive_gap(question: str) -> tuple[str, str] | None:
    """A gap between two things' figures of a noun each has ("How much more is A's budget than B's?", "How much
    larger is A's budget than B's budget?", "By how much does A's budget exceed B's?") said as how much more of
    the noun A is than B ("how much more budget is A than B?", "less" for a lesser comparative: "smaller"), so
    :data:`_GAP_RE` reads it, with the noun ("budget", "annual budget"); None for any other question."""
    m = _POSSESSIVE_GAP_RE.search(question)
    if m is not None:
        word = m.group("dir").casefold()
        more = "less" if word == "less" or _DIRECTION.get(word) == "less" else "more"
    else:
        m = _EXCEED_GAP_RE.search(question)
        if m is None:
            return None
        more = "more"
    noun = " ".join(m.group("noun").split())
    return (f"{question[:m.start()]}how much {more} {noun.split()[-1].casefold()} is {m.group('a')} than "
            f"{m.group('b')}?", noun)


#: a verb of a quantity -> the comparatives that ask the same gap with "more" and with "less" ("how much less did A
#: cost than B" is asked as how much cheaper A was than B)
_VERB_COMPARATIVES = {"cost": ("more expensive", "cheaper"), "weigh": ("heavier", "lighter")}
#: comparatives whose gap is the other thing's figure minus the subject's ("how much shorter is A than B": B's length
#: less A's), besides those :data:`_DIRECTION` says are "less" and "less <adjective>"
_LESSER_COMPARATIVES = frozenset({*(w for w, d in _DIRECTION.items() if d == "less"), "cheaper", "lighter",
                                  "narrower", "shallower", "thinner", "slower"})
#: the most words of a thing a gap question names that the gap's sentence repeats as the question says them ("a ferry
#: ticket to Kelby"); a longer one is said by its name
GAP_NAME_WORDS = 8
#: the most figures of the first thing a gap states (one per source that disagrees)
GAP_VALUES = 3


def _gap_question(question: str) -> str:
    """``question`` with a gap asked by a verb ("How much more did the A electrification cost than the B one?") said
    by its comparative ("How much more expensive was the A electrification than the B one?"; "how much less did A
    cost than B": "how much cheaper was A than B"), so :data:`_GAP_RE` reads it; any other question as it is."""
    m = _VERB_GAP_RE.search(question)
    if m is None and (owned := _possessive_gap(question)) is not None:  # "how much more is A's budget than B's"
        return owned[0]
    if m is None:
        have = _HAVE_GAP_RE.search(question)  # "how much more power does A have than B": "... more power is A than B"
        return question if have is None else (f"{question[:have.start()]}how much {have.group('dir')} "
                                              f"{have.group('noun')} is {have.group('a')} than {have.group('b')}?")
    more, less = _VERB_COMPARATIVES[m.group("verb").lower().removesuffix("s")]
    adj = more if m.group("dir").lower() == "more" else less
    return f"{question[:m.start()]}how much {adj} was {m.group('a')} than {m.group('b')}?"


@dataclass(frozen=True)
class Gap:
    """How much one named thing's figure exceeds (or falls short of) another's, from each thing's figure of the kind
    the question's comparative asks ("longer": a length), in one unit.

    Attributes:
        subject: the first thing as the question names it ("the Sallow Viaduct"); ``other``: the second.
        comparative: the question's comparative word ("longer").
        values: the subject's figures as written ("412 metres", "428 metres"), one per distinct value (two or
            more when sources disagree), each with ``amounts`` (the size of the difference from the other's figure,
            as written with the unit: "22 metres") and ``signs`` (1 when the subject is ``comparative`` than the
            other by it, -1 when it is the opposite, written so by :func:`gap_words`, 0 equal: for "shorter" 1 when
            the subject's figure is the smaller).
        cited: the claim stating each of ``values`` (indices).
        other_value: the other thing's figure as written ("390 metres"); ``other_cited``: its claim.
        has: the question asks how much more of a noun the subject has ("How much more horsepower does A have than
            B?"): its sentence says what the subject has ("A has 30 hp more than B").
        noun: the noun each thing's figure is of when the question asks it by a possessive ("How much more is A's
            annual budget than B's?": "annual budget"), "" otherwise: its sentence says it ("A's annual budget is
            €17.2 million more than B's").
    """

    subject: str
    other: str
    comparative: str
    values: tuple[str, ...]
    amounts: tuple[str, ...]
    signs: tuple[int, ...]
    cited: tuple[int, ...]
    other_value: str
    other_cited: int
    has: bool = False
    noun: str = ""


#: a dimension's adjective -> the words that name it too ("long": "length"); a figure stating one of them (within
#: :data:`DIMENSION_REACH` characters) is a figure of that dimension
_DIMENSIONS: dict[str, tuple[str, ...]] = {
    "long": ("length", "lengths"), "tall": ("height", "high"), "high": ("height", "tall"), "deep": ("depth",),
    "wide": ("width", "breadth"), "heavy": ("weight", "weighs", "weighed", "weighing"), "old": ("age", "aged"),
    "big": ("size", "area"), "larg": ("size", "area"), "short": ("length", "long"), "low": ("height", "high"),
}
DIMENSION_REACH = 30
_ALL_DIMENSIONS = frozenset({*_DIMENSIONS, *(w for ws in _DIMENSIONS.values() for w in ws)} - {"larg"} | {"large"})


def _of_dimension(text: str, shown: str, words: set[str] | frozenset[str]) -> bool:
    """Whether a word of ``words`` (a dimension: "long", "length") stands within :data:`DIMENSION_REACH` characters
    of the figure ``shown`` in ``text``."""
    at = text.find(shown)
    if at < 0:
        return False
    text = text[max(0, at - DIMENSION_REACH):at + len(shown) + DIMENSION_REACH]
    return any(w.casefold() in words for w in re.findall(r"[^\W\d_]+", text))


#: scale words a figure's unit may open with ("410 million crowns": the unit read is "million")
_SCALES = frozenset({"thousand", "million", "billion", "trillion"})
#: the lower-case word after a scale word: the figure's unit ("million crowns")
_SCALED_UNIT = re.compile(r"\s+([a-z]+)\b")


def _scaled_word(shown: str) -> str:
    """The scale word and unit as a figure writes them ("410 million crowns" -> "million crowns"), or ""."""
    m = re.search(r"\b(?:" + "|".join(sorted(_SCALES)) + r")\s+[a-z]+$", shown.strip())
    return m.group(0) if m else ""


def _unit_word(shown: str) -> str:
    """The unit as a figure writes it ("412 metres" -> "metres"), or ""."""
    m = re.search(r"[^\d\s.,–-][^\s]*$", shown.strip())
    return m.group(0) if m else ""


#: a figure governed by an attribute noun of its own ("has a prominence of 610 metres", "with a span of 300 m"):
#: the figure is that attribute's, not the size a comparative asks unless the noun names that size ("a height of")
_ATTRIBUTE_OF_RE = re.compile(r"\b(?:a|an|the|its|their|his|her)\s+(?:[^\W\d_][\w-]*\s+)?(?P<noun>[^\W\d_]+)\s+of\s+"
                              r"(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+|almost\s+|over\s+|just\s+)?\Z",
                              re.IGNORECASE)
#: a preposition of place or possession right before a name: what the sentence measures stands on, at or by it
#: ("The Vessel hut lies at 2,410 metres on <name>"), it is not the named thing
_PLACED_ON_RE = re.compile(r"\b(?:on|at|in|near|below|beneath|under|above|beside|by|atop|off)\s+(?:the\s+)?\Z",
                           re.IGNORECASE)
#: a thousands comma between digits ("3,210"): read as a point so a clause split at commas keeps the figure whole
_DIGIT_COMMA_RE = re.compile(r"(?<=\d),(?=\d)")


def _own_gap_figure(name: str, text: str, shown: str, asked: set[str]) -> bool:
    """Whether the figure ``shown`` of ``text`` may be ``name``'s own value of the size ``asked`` (dimensions of
    :data:`shared.text.sizes.SIZE_WORDS`, empty when the comparative asks none: "more expensive") in a gap: not
    when the sentence opens with a look-alike's name (:func:`opens_look_alike`: "Old X is 3,610 metres high" for
    X), names ``name`` only after a preposition of place (:data:`_PLACED_ON_RE`: "The hut lies at 2,410 metres on
    X": the hut's), or, for a size asked, says the figure measures another dimension
    (:func:`shared.text.sizes.figure_dimensions`: "lies at 84 metres above sea level" is no depth) or is governed by
    an attribute noun naming none (:data:`_ATTRIBUTE_OF_RE`: "has a prominence of 610 metres" is no height).
    True when the figure is not found in the text as written. Never raises."""
    at = text.find(shown)
    if at < 0:
        return True
    if opens_look_alike(name, text):
        return False
    mentions = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text, re.IGNORECASE)]
    if mentions and all(_PLACED_ON_RE.search(text[:k]) for k in mentions):
        return False
    if not asked:
        return True
    own = figure_dimensions(_DIGIT_COMMA_RE.sub(".", text), at, clause=True)
    if own:
        return bool(own & asked)
    attribute = _ATTRIBUTE_OF_RE.search(text[:at])
    return attribute is None or attribute.group("noun").casefold() in SIZE_WORDS


def decide_gap(question: str, texts: Sequence[str], titles: Sequence[str], order: Sequence[int]) -> Gap | None:
    """Decide "How much longer is the Sallow Viaduct than the Merrin Bridge?" (also "how many metres taller",
    "how much more expensive") from the claims about each named thing (its own page first, then claims naming it:
    :func:`_claims_about`; its own pages' alone when they give one) that state a figure of the kind the comparative asks
    (:func:`shared.text.quantity.compared_quantity`: "longer" a length; any figure when the kind is unknown), in
    one unit, less a figure beside another dimension's word and none of the asked one's ("a pier 31 metres high" for
    "longer": :data:`_DIMENSIONS`): the subject's figure minus the other's. Every distinct figure of the subject is kept (at most
    :data:`GAP_VALUES`, most relevant first: two sources disagreeing give two differences); the other's is its
    most relevant one. None when the question asks no such gap or either thing has no such figure."""
    q = _gap_question(" ".join((question or "").split()))  # "how much more did A cost than B": "more expensive"
    owned = _possessive_gap(" ".join((question or "").split()))
    noun = owned[1] if owned is not None else ""
    noun_words = tokenize(noun.split()[-1]) if noun else []
    m = _GAP_RE.search(q)
    if m is None:
        return None
    names = [e for e in find_entities(q) if key_terms(e)]
    a_text, b_text = m.group("a"), m.group("b")
    a_names = [n for n in names if n in a_text]
    b_names = [n for n in names if n in b_text]
    if not a_names or not b_names:
        return None
    subject, other = a_names[0], b_names[0]
    if owned is not None:  # "the Harlen Opera" and "the Harlen Opera Studio": each part's longest name is its thing
        subject, other = max(a_names, key=len), max(b_names, key=len)
    kinds = compared_quantity(q)

    def said(name: str) -> str:  # "the Sallow Viaduct" as the question says it
        # its own part first: "the Harlen Opera" is also inside "the Harlen Opera Studio"
        for part in ((b_text, a_text) if name == other and owned is not None else (a_text, b_text)):  # "the Orsk electrification", "a ferry ticket to Kelby": the thing named
            words = part.strip().split()
            if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", part) and len(words) <= GAP_NAME_WORDS:
                return " ".join([words[0].lower() if words[0] in ("The", "A", "An") else words[0], *words[1:]])
        the = re.search(rf"\b(the)\s+{re.escape(name)}", q, re.IGNORECASE)
        return f"{the.group(1).lower()} {name}" if the else name

    comparative = m.group("adj").lower()
    # "shorter", "cheaper", "less expensive": the subject is it by how much its figure falls short of the other's
    lesser = comparative in _LESSER_COMPARATIVES or comparative.split()[0] in ("less", "fewer")
    base = re.sub(r"(?:er)$", "", m.group("adj").split()[-1].lower())  # "longer" -> "long", "heavier" -> "heavi"
    dimension = {base, *_DIMENSIONS.get(base, ()), *_DIMENSIONS.get(base.removesuffix("i") + "y", ())}


    def figures(i: int) -> list[tuple[float, str, str]]:
        out: list[tuple[float, str, str]] = []
        if noun_words and not any(same_stem(t, w) for t in tokenize(texts[i]) for w in noun_words):
            return out  # "A's budget": only a claim stating a budget gives its figure
        # "A's budget": a figure of a clause naming the budget ("..., annual budget €0.9 million"), not a seat count
        # beside it ("venue Orrel Studio (420 seats), annual budget ...")
        clauses = [(m.start(), m.end()) for m in re.finditer(r"[^,;]+", _DIGIT_COMMA_RE.sub(".", texts[i]))
                   if any(same_stem(t, w) for t in tokenize(m.group(0)) for w in noun_words)]
        for low, high, unit, shown in _amounts(texts[i]):
            at = texts[i].find(shown)
            if low != high or (kinds and not states_quantity(texts[i][at:at + len(shown) + 24], kinds)):
                continue
            scaled = _SCALED_UNIT.match(texts[i][at + len(shown):]) if unit in _SCALES else None
            if scaled is not None and scaled.group(1).casefold() not in _NOT_UNITS:  # "410 million crowns"
                unit, shown = f"{unit} {scaled.group(1).casefold()}", f"{shown} {scaled.group(1)}"
            if noun and not any(b <= at < e for b, e in clauses):
                continue
            if noun and re.search(r"[€$£¥]\s?$", texts[i][:at]):  # "€4.3 million": its currency is said with it
                shown = texts[i][:at].rstrip()[-1] + shown
            out.append((high, unit, shown))
        return out

    if _DIRECTION.get(m.group("adj").lower()) in ("early", "late"):  # "how much older": the years of their start
        for own in (True, False):
            year_gap = _year_gap(q, m.group("adj").lower(), said(subject), said(other),
                                 _about_own(subject, order, texts, titles, own),
                                 _about_own(other, order, texts, titles, own), texts)
            if year_gap is not None:
                return year_gap
        return None

    def dimensioned(found: list[tuple[int, tuple[float, str, str]]]) -> list[tuple[int, tuple[float, str, str]]]:
        """A thing's figures less those of another dimension of the kind asked: a figure beside a dimension word
        ("its tallest pier is 31 metres high") is no length unless a word of the dimension asked stands there too
        ("412 metres long", "a length of 390 m")."""
        return [(i, f) for i, f in found if _of_dimension(texts[i], f[2], dimension)
                or not _of_dimension(texts[i], f[2], _ALL_DIMENSIONS)]

    # the size the comparative asks ("higher": height), for the figure's own words (:func:`_own_gap_figure`)
    asked = {SIZE_WORDS[w] for w in (comparative.split()[-1], *dimension) if w in SIZE_WORDS}

    def found(name: str, not_naming: str) -> list[tuple[int, tuple[float, str, str]]]:
        for own in (True, False):  # its own pages' figures first: "not to be confused with X" names X too
            out = dimensioned([(i, f) for i in _about_own(name, order, texts, titles, own) for f in figures(i)
                               if not _names_option(texts[i], not_naming)
                               and _own_gap_figure(name, texts[i], f[2], asked)])
            if out:
                return out
        return []

    mine, theirs = found(subject, other), found(other, subject)
    for j, (value_b, unit_b, shown_b) in theirs:
        picked: list[tuple[int, tuple[float, str, str]]] = []
        for i, f in mine:
            if f[1] == unit_b and all(f[0] != p[1][0] for p in picked):
                picked.append((i, f))
        if not picked:
            continue
        picked = picked[:GAP_VALUES]
        amounts, signs = [], []
        for _i, (value_a, _u, shown_a) in picked:
            diff = value_a - value_b
            word = _scaled_word(shown_a) or _unit_word(shown_a) or _unit_word(shown_b)
            sign = shown_a[0] if shown_a[:1] in "€$£¥" else ""  # "€17.2 million" of "€21.5 million"
            amounts.append(f"{sign}{_amount_text(abs(diff), (shown_a, shown_b))} {word}".strip())
            signs.append(((diff > 0) - (diff < 0)) * (-1 if lesser else 1))
        return Gap(said(subject), said(other), comparative, tuple(f[2] for _i, f in picked), tuple(amounts), tuple(signs),
                   tuple(i for i, _f in picked), shown_b, j, has=_HAVE_GAP_RE.search(question or "") is not None,
                   noun=noun)
    return None


def _about_own(name: str, order: Sequence[int], texts: Sequence[str], titles: Sequence[str], own: bool) -> list[int]:
    """Claims about ``name`` (:func:`_claims_about`): only those of its own pages when ``own``."""
    claims = _claims_about(name, order, texts, titles)
    return [i for i in claims if is_about(name, texts[i], titles[i]) == 2] if own else claims


def _year_gap(question: str, word: str, subject: str, other: str, mine: Sequence[int], theirs: Sequence[int],
              texts: Sequence[str]) -> Gap | None:
    """The :class:`Gap` of "how much older / younger / earlier / later is A than B": the years between the dates
    each thing's claims give its start (a birth, founding, opening: :data:`_START_EVENTS`, or the question's own event
    words), every distinct year of A kept; "older" counts A's earlier year as more. None without such dates."""
    events = [t for t in tokenize(question) if any(same_stem(t, e) for e in _EVENTS)] or list(_START_EVENTS)

    def dated(claims: Sequence[int]) -> list[tuple[int, int, str]]:
        out: list[tuple[int, int, str]] = []
        for i in claims:
            found = _event_date(texts[i], events)
            if found is not None and all(found[0][0] != y for _i, y, _s in out):
                out.append((i, found[0][0], found[1]))
        return out

    a, b = dated(mine)[:GAP_VALUES], dated(theirs)[:1]
    if not a or not b:
        return None
    j, year_b, shown_b = b[0]
    sign = 1 if _DIRECTION[word] == "early" else -1
    amounts = tuple(f"{abs(year_b - y)} year{'s' if abs(year_b - y) != 1 else ''}" for _i, y, _s in a)
    signs = tuple(sign * ((year_b > y) - (year_b < y)) for _i, y, _s in a)
    return Gap(subject, other, word, tuple(s_ for _i, _y, s_ in a), amounts, signs, tuple(i for i, _y, _s in a),
               shown_b, j)


#: a comparative -> its opposite, to say a shortfall ("How much longer is A than B?" with A the shorter one)
OPPOSITE_COMPARATIVES: dict[str, str] = {
    **{a: b for a, b in (("older", "younger"), ("earlier", "later"), ("longer", "shorter"), ("taller", "shorter"),
                         ("higher", "lower"), ("larger", "smaller"), ("bigger", "smaller"), ("heavier", "lighter"),
                         ("wider", "narrower"), ("deeper", "shallower"))},
    **{b: a for a, b in (("older", "younger"), ("earlier", "later"), ("longer", "shorter"), ("higher", "lower"),
                         ("larger", "smaller"), ("heavier", "lighter"), ("wider", "narrower"),
                         ("deeper", "shallower"))},
    "more expensive": "cheaper", "cheaper": "more expensive", "thinner": "thicker", "slower": "faster",
    "faster": "slower",
}


def gap_words(gap: Gap, k: int) -> str:
    """How ``gap``'s ``k``-th figure of its subject stands to the other's, in the question's comparative when it is
    so ("22 metres shorter", "135 million crowns cheaper") and in its opposite when it is the other way round
    ("22 metres longer" for "how much shorter"; "more expensive" for "less expensive"), "as long as" when equal, or
    "22 metres short of" when the comparative has no known opposite; "than" follows all but the last two."""
    if gap.has or gap.noun:  # "30 hp more", "30 hp less"; "as much as" (of a noun had: "more horsepower")
        more = gap.comparative.split()[0]
        if gap.signs[k] == 0:
            return "as much as"
        return f"{gap.amounts[k]} {more if gap.signs[k] > 0 else 'less' if more == 'more' else 'more'}"
    if gap.signs[k] == 0:
        plain = gap.comparative.split()[-1]
        plain = plain[:-3] + "y" if plain.endswith("ier") else plain.removesuffix("er")  # "heavier" -> "heavy"
        return f"as {plain} as"  # "as long as"
    if gap.signs[k] > 0:
        return f"{gap.amounts[k]} {gap.comparative}"
    words = gap.comparative.split()
    opposite = OPPOSITE_COMPARATIVES.get(gap.comparative) or (  # "shorter", not "-335 metres longer"
        f"{'more' if words[0] == 'less' else 'less'} {words[-1]}" if len(words) == 2 and words[0] in ("more", "less")
        else "")
    return f"{gap.amounts[k]} {opposite}" if opposite else f"{gap.amounts[k]} short of"


def gap_sentence(gap: Gap, marks: Sequence[str], other_mark: str) -> str:
    """The sentence stating a :class:`Gap`, ``marks`` the citation marks of ``gap.cited`` and ``other_mark`` the
    other figure's: "The Sallow Viaduct is 22 metres longer than the Merrin Bridge: 412 metres [2] against 390
    metres [1]."; with two figures of the subject, both: "... is 22 metres longer than the Merrin Bridge by the
    figure of 412 metres [2], 38 metres longer by the figure of 428 metres [3] (the sources disagree); the Merrin
    Bridge: 390 metres [1]."."""

    def said(k: int) -> str:
        words = gap_words(gap, k)
        return words if words.startswith("as ") or words.endswith(" short of") else f"{words} than"

    subject, other = _capital(gap.subject), gap.other
    if gap.noun:  # "The Harlen Opera's annual budget is €17.2 million more than the Harlen Opera Studio's"
        subject, other = f"{subject}'s {gap.noun}", f"{other}'s"
    verb = "has" if gap.has else "is"
    if len(gap.values) == 1:
        return f"{subject} {verb} {said(0)} {other}: {gap.values[0]} {marks[0]} against {gap.other_value} {other_mark}."
    parts = [f"{said(0)} {other} by the figure of {gap.values[0]} {marks[0]}"]
    parts += [f"{said(k).removesuffix(' than')} by the figure of {gap.values[k]} {marks[k]}"
              for k in range(1, len(gap.values))]
    return (f"{subject} {verb} " + ", ".join(parts) + f" (the sources disagree); {other}: {gap.other_value} "
            f"{other_mark}.")


#: words of an attribute that ask for a date or a year ("opening year", "founding date", "when built")
_DATE_ATTRIBUTE_WORDS = frozenset(("year", "date", "when", "day"))


@dataclass(frozen=True)
class AttributeValues:
    """Two named things' values of each attribute a question compares them in ("How does X compare with Y in pool
    length and opening year?": :func:`shared.text.answer.attribute_comparison`).

    Attributes:
        things: the two things as the question says them ("Wexley Lido", "the Old Wexley Baths").
        attributes: the attribute phrases in the question's order ("pool length", "opening year").
        values: per attribute, each thing's value as written ("91 m", "1934"), "" when no claim states it.
        cited: per attribute, the claim (index) stating each thing's value, -1 when none does.
        stating: every claim about either thing stating a value of some attribute (indices), the cited ones among
            them: the claims whose values may disagree with the lead's.
    """

    things: tuple[str, str]
    attributes: tuple[str, ...]
    values: tuple[tuple[str, str], ...]
    cited: tuple[tuple[int, int], ...]
    stating: tuple[int, ...] = ()

    @property
    def complete(self) -> bool:
        """Whether every attribute has both things' values."""
        return all(a and b for a, b in self.values)

    @property
    def claims(self) -> list[int]:
        """The claims stating a value, each once, in the order the values are written."""
        return list(dict.fromkeys(i for pair in self.cited for i in pair if i >= 0))


def _attribute_value(attribute: str, text: str) -> str:
    """The value of ``attribute`` (a phrase of a question comparing things: "pool length", "opening year", "ticket
    price") that ``text`` states, as written, or "". A date attribute (a word of :data:`_DATE_ATTRIBUTE_WORDS` or an
    event word, :data:`_START_EVENTS`) is the date after the attribute's event word (its start events when it names
    none: :func:`_event_date`), the year alone when the attribute asks a year; a quantity (:func:`shared.text.quantity.
    asked_quantity` of "What is the <attribute>?": "length", "money") is the first figure of that kind with a unit,
    less one beside another dimension's word when the attribute names a dimension ("8 metres wide" is no length); an
    attribute of neither kind ("visitors", "slipper baths") is a figure whose unit is the attribute's last word. A
    plural noun with an event word ("vessels built") is a count of that noun (:func:`shared.text.quantity.counts`),
    never a date."""
    words = tokenize(attribute)
    events = [w for w in words if any(same_stem(w, e) for e in (*_EVENTS, *_START_EVENTS))]
    head = attribute.split()[:1]
    nouns = counted_nouns(f"How many {attribute}?") if events and head and head[0].islower() else ()
    if nouns and words[0] != head[0].casefold() and not counts_measure(nouns) and not _DATE_ATTRIBUTE_WORDS & set(words):
        # "vessels built" is a count of vessels (or a near-synonym: "57 fishing boats"), never the year it was built
        return next(iter(counts(text, nouns)), "")
    if events or _DATE_ATTRIBUTE_WORDS & set(words):
        found = _event_date(text, events or _START_EVENTS)
        if found is None:
            return ""
        return str(found[0][0]) if "year" in words else found[1]
    kinds = asked_quantity(f"What is the {attribute}?")
    dimension = {w for base, ws in _DIMENSIONS.items() if base in words or set(ws) & set(words) for w in (base, *ws)}
    for _low, _high, unit, shown in _amounts(text):
        at = text.find(shown)
        if kinds:
            if not states_quantity(text[at:at + len(shown) + 24], kinds):
                continue
            if dimension and not _of_dimension(text, shown, dimension) and _of_dimension(text, shown, _ALL_DIMENSIONS):
                continue  # "8 metres wide" beside "25 metres long" is no length
            return shown
        if words and same_stem(tokenize(unit)[0] if tokenize(unit) else unit, words[-1]):
            return shown
    return ""


def decide_attributes(question: str, texts: Sequence[str], titles: Sequence[str],
                      order: Sequence[int]) -> AttributeValues | None:
    """Each thing's value of each attribute a question compares two named things in ("How does the Arlen Pier
    compare with Tobin Quay in length and opening year?": :func:`shared.text.answer.attribute_comparison`), from the
    claims about each thing (:func:`_claims_about`, in ``order``, best first: its own page's claims, then those naming
    it; a claim naming the other thing is the other's, "not to be confused with X" names X), those holding more of the
    attribute's words first ("pool" of "pool length"): the first that states a value of it
    (:func:`_attribute_value`). None when the question compares no things in attributes; an :class:`AttributeValues`
    whose missing values are "" otherwise."""
    asked = attribute_comparison(question)
    if asked is None:
        return None
    a, b = asked.things
    q = " ".join((question or "").split())

    def said(name: str) -> str:  # "the Old Wexley Baths" as the question says it
        the = re.search(rf"\b(the)\s+{re.escape(name)}", q, re.IGNORECASE)
        return f"the {name}" if the else name

    def about(name: str, other: str) -> list[int]:  # the best first, then every other claim about it
        first = _claims_about(name, order, texts, titles)
        more = [i for i in order if i not in first and (is_about(name, texts[i], titles[i])
                                                        or _titled_claim(name, texts[i], titles[i]))]
        return [i for i in [*first, *more]
                if not (_names_own(texts[i], other, name) and not _names_own(texts[i], name, other))]

    mine = {a: about(a, b), b: about(b, a)}
    values: list[tuple[str, str]] = []
    cited: list[tuple[int, int]] = []
    stating: list[int] = []
    for attribute in asked.attributes:
        words = set(tokenize(attribute))
        pair: list[tuple[str, int]] = []
        for name in (a, b):
            ranked = sorted(mine[name], key=lambda i: -len(words & set(tokenize(texts[i]))))
            found = [(v, i) for i in ranked if (v := _attribute_value(attribute, texts[i]))]
            pair.append(found[0] if found else ("", -1))
            stating += [i for _v, i in found]
        values.append((pair[0][0], pair[1][0]))
        cited.append((pair[0][1], pair[1][1]))
    return AttributeValues((said(a), said(b)), asked.attributes, tuple(values), tuple(cited),
                           tuple(dict.fromkeys(stating)))


def attributes_sentences(found: AttributeValues, marks: dict[int, str]) -> str:
    """The lead of a comparison in attributes: one sentence per attribute giving both things' values, each with its
    citation mark (``marks``: claim index -> "[n]"): "Pool length: Wexley Lido 91 m [1]; the Old Wexley Baths 25
    metres [2]."; a value no claim states is said so ("Opening year: Wexley Lido 1934 [3]; the sources give none
    for the Old Wexley Baths."; "Depth: the sources give none for either.")."""
    out: list[str] = []
    for attribute, values, cited in zip(found.attributes, found.values, found.cited, strict=True):
        label = _capital(attribute)
        given = [f"{thing} {value} {marks[i]}" for thing, value, i in zip(found.things, values, cited, strict=True)
                 if value and i in marks]
        lacking = [thing for thing, value, i in zip(found.things, values, cited, strict=True)
                   if not (value and i in marks)]
        if not given:
            out.append(f"{label}: the sources give none for either.")
        elif lacking:
            out.append(f"{label}: {given[0]}; the sources give none for {lacking[0]}.")
        else:
            apart = _values_apart(attribute, values, found.things[0])
            out.append(f"{label}: {given[0]}; {given[1]}" + (f"; {apart}." if apart else "."))
    return " ".join(out)


#: an attribute's last word -> the comparatives saying its greater and its lesser value ("height": higher, lower);
#: any other attribute's figures differ by "more" or "less"
_ATTRIBUTE_COMPARATIVES: dict[str, tuple[str, str]] = {
    "height": ("higher", "lower"), "length": ("longer", "shorter"), "width": ("wider", "narrower"),
    "breadth": ("wider", "narrower"), "depth": ("deeper", "shallower"), "weight": ("heavier", "lighter"),
    "mass": ("heavier", "lighter"), "area": ("larger", "smaller"), "size": ("larger", "smaller"),
    "price": ("more expensive", "cheaper"), "cost": ("more expensive", "cheaper"), "fee": ("more expensive", "cheaper"),
    "speed": ("faster", "slower"), "thickness": ("thicker", "thinner"), "elevation": ("higher", "lower"),
    "altitude": ("higher", "lower"),
}


def _values_apart(attribute: str, values: tuple[str, str], first_thing: str) -> str:
    """How far the first thing's value of ``attribute`` stands from the second's when both are one figure of one
    unit: "the Arlen Pier is 61 m higher" ("84 m", "23 m" of "height"; "7 euros", "9 euros" of "price": "2 euros
    cheaper"; "both are 30 m" when equal), in the attribute's comparatives (:data:`_ATTRIBUTE_COMPARATIVES`, else
    "more" / "less"; counted things: "the Arlen Pier has 1,100 fewer visitors"), the unit as the first value writes it; "" for any other values (a
    date, a range, two units, a scaled figure)."""
    amounts = [_amounts(v) for v in values]
    if not all(len(a) == 1 and a[0][0] == a[0][1] and a[0][2] not in _SCALES for a in amounts):
        return ""
    (_l, first, unit, shown), (_l2, second, unit_b, shown_b) = amounts[0][0], amounts[1][0]
    if unit != unit_b:
        return ""
    if first == second:
        return f"both are {shown}"
    words = tokenize(attribute)
    amount = _amount_text(abs(first - second), (shown, shown_b))
    said = _ATTRIBUTE_COMPARATIVES.get(words[-1] if words else "")
    if said is None and (unit == "people" or unit not in _UNITS.values()):  # "41,200 visitors": a count
        return f"{first_thing} has {amount} {'more' if first > second else 'fewer'} {_unit_word(shown)}"
    greater, lesser = said or ("more", "less")
    return f"{first_thing} is {amount} {_unit_word(shown)} {greater if first > second else lesser}"


@dataclass(frozen=True)
class GroupPrice:
    """The price row for the group a question asks about ("How much does a group of 12 adults pay?": the row "Groups
    of 10 or more adults: £6.00 per person").

    Attributes:
        group: the group as the question says it ("a group of 12 adults"); ``size``: its number of people.
        cited: the claim giving the row (index).
        each: the price per person as written ("£6.00"), "" when the row's price is no per-person one;
        total: what the group pays at it ("£72.00"), "" likewise.
    """

    group: str
    size: int
    cited: int
    each: str
    total: str


def decide_group_price(question: str, texts: Sequence[str], order: Sequence[int]) -> GroupPrice | None:
    """Decide a question asking what a group of a given size pays (:func:`shared.text.groups.asked_group`: "How much
    does a group of 12 adults pay for entry?") from the first claim in ``order`` that states a sum of money and a
    range of group sizes the group's falls into (:func:`shared.text.groups.group_range_fits`: "10 or more adults",
    "up to 20", "5-9 people"); a per-person price gives the group's total
    (:func:`shared.text.groups.per_head_total`). None when the question asks no price of a group or no claim gives
    its row."""
    group = asked_group(question)
    if group is None or "money" not in asked_quantity(question):
        return None
    for i in order:
        if group_range_fits(texts[i], group) and states_quantity(texts[i], ("money",)):
            each, total = per_head_total(texts[i], group.size) or ("", "")
            return GroupPrice(group.said, group.size, i, each, total)
    return None


class PartyPrice(NamedTuple):
    """What a party of several ticket kinds pays (:func:`decide_party_price`), read from one page's price rows.

    Attributes:
        party: the party as the question says it ("2 adults and a child").
        members: per kind asked, in the question's order: (count, kind, price as written, claim index).
        total: the sum the party pays ("£15.00"); "" when a kind asked has no price there (``missing``).
        missing: the kinds asked that the page prices nowhere ("child").
        group: for a party large enough for a group rate the page gives per person: (size, price, total, claim);
            None otherwise.
    """

    party: str
    members: tuple[tuple[int, str, str, int], ...]
    total: str
    missing: tuple[str, ...]
    group: tuple[int, str, str, int] | None

    @property
    def cited(self) -> list[int]:
        """The claims the lead cites: the group rate's row when one applies, else each kind's price, once each."""
        if self.group is not None:
            return [self.group[3]]
        return list(dict.fromkeys(i for _c, _k, _p, i in self.members))


def decide_party_price(question: str, texts: Sequence[str], pages: Sequence[str],
                       order: Sequence[int]) -> PartyPrice | None:
    """Decide a question asking what a party of several ticket kinds pays (:func:`shared.text.groups.asked_party`:
    "How much would 2 adults and a child pay to land on X?") from the price rows of one page (``pages``: each text's
    source id): per kind asked, the first claim in ``order`` (most relevant first) of that page stating its price
    (:func:`shared.text.groups.kind_prices`: "Ticket Adult: price £6.00"). The page is the one pricing the most kinds
    asked, the more relevant on a tie; the total is each count times its price (:func:`shared.text.groups.party_total`:
    "£15.00"), and a per-person rate of the same page for groups the party's size falls into
    (:func:`shared.text.groups.group_range_fits`: "Groups of 10 or more (per person): £4.50") applies instead. A
    kind the page prices nowhere is ``missing`` (no total). None when the question asks no party's price or no
    page prices a kind asked."""
    party = asked_party(question)
    if party is None or "money" not in asked_quantity(question):
        return None
    best: PartyPrice | None = None
    for page in dict.fromkeys(pages[i] for i in order if 0 <= i < len(texts)):
        priced: dict[str, tuple[str, int]] = {}
        for i in order:
            if 0 <= i < len(texts) and pages[i] == page:
                for kind, price in kind_prices(texts[i]).items():
                    priced.setdefault(kind, (price, i))
        members = tuple((c, k, *priced[k]) for c, k in party.members if k in priced)
        if not members or (best is not None and len(members) <= len(best.members)):
            continue
        missing = tuple(k for _c, k in party.members if k not in priced)
        total = "" if missing else party_total([(c, p) for c, _k, p, _i in members])
        group = None
        for i in order:
            if 0 <= i < len(texts) and pages[i] == page \
                    and group_range_fits(texts[i], Group(party.size, "people", party.said)):
                each, whole = per_head_total(texts[i], party.size) or ("", "")
                if whole:
                    group = (party.size, each, whole, i)
                    break
        best = PartyPrice(party.said, members, total, missing, group)
    return best


def party_price_sentence(found: PartyPrice, marks: Sequence[str]) -> str:
    """The sentence stating a :class:`PartyPrice` with its arithmetic, ``marks`` the citation marks of its
    ``cited`` claims: "For 2 adults and a child: 2 × £6.00 + 1 × £3.00 = £15.00 [1]."; with a group rate: "For 12
    adults and 3 children, a group of 15: 15 × £4.50 = £67.50 [1]."; for a kind unpriced: "No price for a child
    is given; adult: £6.00 each [1].". "" when no kind is priced."""
    said = " ".join(dict.fromkeys(m for m in marks if m))
    if found.group is not None:
        size, each, whole, _i = found.group
        return f"For {found.party}, a group of {size}: {size} × {each} = {whole} {said}."
    if found.total:
        sums = " + ".join(f"{c} × {p}" for c, _k, p, _i in found.members)
        return f"For {found.party}: {sums} = {found.total} {said}."
    if not found.members:
        return ""
    priced = "; ".join(f"{k}: {p} each" for _c, k, p, _i in found.members)
    return f"No price for {' or '.join(found.missing)} is given; {priced} {said}."


def group_price_sentence(found: GroupPrice, mark: str) -> str:
    """The sentence stating a per-person :class:`GroupPrice` with its arithmetic, ``mark`` the row's citation mark:
    "For a group of 12 adults: £6.00 per person, 12 × £6.00 = £72.00 [1]."; "" for a row whose price is no
    per-person one (the row itself says what the group pays)."""
    if not found.total:
        return ""
    return (f"For {found.group}: {found.each} per person, {found.size} × {found.each} = {found.total} {mark}.")
