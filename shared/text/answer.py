"""What kind of answer a question asks for, and whether a sentence states one (no model, English rules).

- :func:`answer_type` reads the question's wh-phrase: ``yes_no`` (opens with an auxiliary: "Are ...", "Did ..."),
  ``comparison`` (a choice between named options: "Which is older, A or B?", "Is A or B further west?"), ``who``, ``when``, ``where``,
  ``how_many``, ``measure`` (a figure of a dimension: "How tall / high / long / wide / deep / heavy is ...?"),
  ``which``, ``what`` ("which season", "what edition": ``when``, a season is named by its year);
  ``none`` when the question has no content word at all (only punctuation
  or stop words). A French, German, Spanish or Italian question opened by its wh-word ("Qui ...", "Wer ...",
  "¿Dónde ...", "Quanti ...", "Seit wann ...": :data:`FOREIGN_WH`) gets that word's type; other questions in other
  languages than English get ``what`` (any named thing counts as a candidate).
- :func:`answer_candidates` lists the phrases of a sentence that could answer a question of that type (years and
  dates for ``when``, numbers for ``how_many``, figures of the dimension asked for ``measure``, names and quoted titles the question does not already name for
  ``who`` / ``where`` / ``which`` / ``what``, the options for ``comparison``).
- :func:`comparison_options` gives the options of a choice question ("A or B"; "A and B" for yes/no questions
  about two things).
- :func:`lead_answer` scores how well a lead (the report's opening sentences) answers the question: the shared
  rule of the synthesizer's confidence gate and the judge's coverage.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, NamedTuple, cast

from shared.text.compounds import DE_DETERMINERS
from shared.text.crosslang import held_terms
from shared.text.entailment import framed_years
from shared.text.hours import (
    CLOCK_RE,
    CYCLES,
    DAYS,
    asked_time,
    asks_clock_times,
    asks_hours,
    covers_time,
    recurring_time,
    time_state,
)
from shared.text.kinds import accepted_kinds, name_kind, noun_kind
from shared.text.numbers import CARDINAL_WORDS, numerize
from shared.text.packages import english_count
from shared.text.patterns import find_standing
from shared.text.patterns import pattern as compiled
from shared.text.quantity import (
    ASIDE_RE,
    ATTRIBUTE_KINDS,
    ATTRIBUTE_MODIFIERS,
    FIGURE_WORDS,
    LATEST_RE,
    PRICE_WORDS,
    address_number,
    asked_quantity,
    asks_duration,
    asks_price,
    asks_size,
    asks_weight,
    attribute_count_nouns,
    counted_nouns,
    counts_measure,
    figure_kind,
    gradient_figure,
    held_state_start,
    is_measure,
    measured_number,
    money_noun,
    per_unit,
    period_total,
    quantity_attributes,
    stated_kinds,
    states_asked,
    states_quantity,
    unit_measure,
    whole_amount,
    without_asked_unit,
    worded_attribute,
)
from shared.text.relations import (
    RELATIONS,
    dates_own_origin,
    done_to_other,
    owning_verb,
    phrasal_relation,
    relation_of,
    relations_of,
    sporting_runs,
    text_phrasal_relations,
    undergone_by_other,
)
from shared.text.sizes import SIZE_WORDS, difference_spans, figure_dimensions, size_dimensions, states_elevation
from shared.text.synonyms import same_thing, snowball_stem
from shared.text.tables import row_cells
from shared.text.terms import find_entities, key_terms
from shared.text.tokens import (
    ARTICLES,
    detect_language,
    is_function_word,
    is_stopword,
    language_stopwords,
    split_sentences,
    tokenize,
)
from shared.text.verbs import AUXILIARIES, FINITE_AUXILIARIES, participle, simple_past, verb_base
from shared.text.wh_words import FOREIGN_WH, opening_wh

__all__ = ["row_prices_asked", "prices_thing_asked", "AnswerType", "AttributeComparison", "choice_count_nouns", "attribute_comparison", "attribute_asked", "weight_asked", "answer_type", "wh_head_terms", "answer_candidates", "comparison_options", "LeadAnswer", "lead_answer", "figure_subject", "typed_subject",
           "relation_terms", "measure_subject", "without_place_of_most", "relation_subject", "relation_noun", "asked_object", "object_asked_against", "dated_origin_words", "asked_verb_terms", "inverted_verb", "asked_for", "NUMBER_RE", "phrasal_terms", "question_terms",
           "people_groups", "is_people_noun", "only_function_words", "cost_purpose", "paid_act",
           "YES_NO_WORDS", "is_date", "foreign_question", "FOREIGN_WH", "FIGURE_TYPES", "question_parts", "asked_time_part", "asked_person_part",
           "KeepOrLeave", "keep_or_leave", "KEEP_OR_LEAVE_WORDS", "row_label", "doer_label", "cause_clauses",
           "asks_own_place", "states_place", "range_day_spans", "asked_years", "NAMED_YEAR_TYPES", "name_of_other_year"]

AnswerType = Literal["yes_no", "comparison", "who", "when", "where", "how_many", "measure", "which", "what", "why",
                     "none"]
#: the types whose answer is a number: a count or an amount (``how_many``) and a figure of a dimension (``measure``)
FIGURE_TYPES: tuple[AnswerType, ...] = ("how_many", "measure")

_AUX = ("is are was were am do does did can could has have had will would should shall may might must "
        "isn't aren't wasn't weren't doesn't don't didn't hasn't haven't").split()

#: (pattern, type); the earliest match in the question wins, a longer pattern first at the same place.
_PATTERNS: list[tuple[str, AnswerType]] = [
    (r"how (?:many|much|old|far|big|large|fast)", "how_many"),
    # "how tall / high / long / wide / deep / heavy / steep": a figure of that dimension, in a unit of its kind ("how
    # steep": a gradient, shared.text.quantity.gradient_figure)
    (r"how (?:tall|high|long|wide|deep|heavy|steep)", "measure"),
    # "What is the depth / width / height / gradient of X?": the same figure of a dimension as "how deep / wide /
    # tall / steep", no count
    (r"(?:what|which) (?:is|was|are|were) (?:the |its |his |her |their )?(?:(?:" + ATTRIBUTE_MODIFIERS
     + r") )?(?:height|length|width|breadth|depth|diameter|elevation|altitude|thickness|gradient|incline|inclination|"
     r"steepness|slope)(?= (?:of|for)\b)", "measure"),
    (r"(?:what|which) (?:is|was) the (?:population|number|total|area|length|height|capacity|size|age)", "how_many"),
    (r"(?:the )?number of", "how_many"),
    # "what is the range / top speed / price of X": a figure of a kind of quantity (shared.text.quantity)
    (r"(?:what|which) (?:is|was|are|were) (?:the |its |his |her |their )?(?:(?:" + ATTRIBUTE_MODIFIERS
     + r") )?(?:[a-z]+ )?(?:" + "|".join(quantity_attributes()) + r")(?: (?:" + FIGURE_WORDS + r"))?(?: in [a-z]+)?(?= (?:of|for)\b)",
     "how_many"),  # ("the power rating in watts of": the unit it is asked in)
    # "What is the latest annual visitor figure for X?", "What is the passenger total at ...?", "What is the latest
    # figure?": a wh-phrase headed by a noun naming a figure asks for a quantity; "figure" only with a modifier of
    # time or status (latest, official, ...) or "for" after it ("the most famous figure in the painting" is a person)
    (r"(?:what|which)(?: is| was| are| were|'s) (?:the |its |his |her |their )?(?:(?:(?:" + ATTRIBUTE_MODIFIERS
     + r") )(?:[a-z]+ ){0,2}figures?(?= (?:of|for|in|at|on)\b|\W*$)|(?:[a-z]+ ){0,2}figures?(?= for\b)"
     r"|(?:(?:" + ATTRIBUTE_MODIFIERS + r") )?(?:[a-z]+ ){0,2}(?:number|total|count|tally|amount)s?"
     r"(?= (?:of|for|in|at|on)\b|\W*$))", "how_many"),
    # "an island with a population of what?": a quantity asked with a bare "what" at the question's end
    (r"(?:population|number|height|length|area|capacity|size|age|elevation|altitude|depth|width|weight|mass|"
     r"distance|attendance|budget|revenue|value|total|count|score|speed|price|cost) of (?:what|how much)(?=\W*$)",
     "how_many"),
    (r"(?:in |during )?(?:what|which) (?:year|years|date|decade|century|month|day|season of the year)", "when"),
    # a season or an edition (of a league, a tournament, a series) is named by its year or its number
    (r"(?:in |during )?(?:what|which) (?:season|seasons|edition|editions)", "when"),
    (r"(?:(?:what|which) (?:is|was|are|were) )?(?:the |his |her |its |their )?(?:birthday|birth ?date|"
     r"date of (?:birth|death)|year of (?:birth|death))", "when"),
    (r"when", "when"),
    (r"(?:in |at |from )?(?:what|which) (?:city|country|state|town|village|county|province|region|continent|"
     r"island|location|place|area|neighborhood|neighbourhood|borough|district|nation|municipality)", "where"),
    (r"where", "where"),
    (r"(?:what|which) (?:person|man|woman|actor|actress|singer|author|writer|director|player|artist|politician|"
     r"musician|composer|producer|poet|novelist|painter|king|queen|president|footballer|athlete|coach|member|"
     r"scientist|journalist|comedian|rapper|drummer|guitarist|architect|designer|founder|owner|leader|"
     r"character|people|individual)", "who"),
    (r"who(?:m|se)?", "who"),
    (r"which", "which"),
    # "What is the adult ticket price at X?", "What is the entry fee?": a price, an amount of money
    (r"(?:what|which) (?:is|was|are|were) (?:the |its |their )?(?:[a-z]+ ){0,2}(?:price|prices|fee|fees|fare|fares)"
     r"(?= (?:of|for|at|in|on|to)\b|\W*$)", "how_many"),
    # "What did the bridge cost?", "What does an adult pay for admission?", "What do visitors pay to enter?": an
    # amount of money
    (r"what (?:did|does|do|will|would)(?: [^\W\d_][\w'-]*){1,6}? (?:cost|pay|spend)(?=\W*$|\s+(?:for|to|per|at|in|"
     r"on)\b)", "how_many"),
    # "Why did X close?", "What was the reason for ...?", "For what reason ...?": a cause (:func:`cause_clauses`);
    # "What was the reason the mill closed?": the reason of the clause after it, opened by its subject
    (r"why", "why"),
    (r"(?:what|which) (?:is|was|are|were) the (?:main |chief |real |official )?(?:reasons?|causes?)"
     r"(?= (?:(?:for|of|why|that|behind|the|its|their|his|her|this|these|those)\b|(?-i:[A-Z])))", "why"),
    (r"for what reasons?", "why"),
    (r"what", "what"),
]
_TYPE_RE = [(re.compile(rf"\b{p}\b", re.IGNORECASE), t) for p, t in _PATTERNS]

_COMPARATIVE = re.compile(
    r"\b(?:\w+er|more|less|most|least|first|earlier|later|latest|last|older|oldest|younger|youngest|bigger|"
    r"biggest|larger|largest|smaller|smallest|higher|highest|longer|longest|shorter|shortest|further|farther)\b",
    re.IGNORECASE)

_YEAR_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})s?\b")
_MONTHS = ("january february march april may june july august september october november december "
           "jan feb mar apr jun jul aug sep sept oct nov dec").split()
_DATE_RE = re.compile(r"\b(?:\d{1,2}(?:st|nd|rd|th)?\s+)?(?:" + "|".join(_MONTHS) + r")\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?"
                      r"(?:,?\s+\d{3,4})?\b|\b\d{1,2}(?:st|nd|rd|th) century\b", re.IGNORECASE)
#: a day opening a range of days of one month ("9" of "from 9 to 19 October 2025", "9–19 October", "between 9 and
#: 19 October"; "and" joins a range only after "between"): group ``day``, the range's end right after the match
_RANGE_DAY_RE = re.compile(r"(?P<between>\bbetween\s+)?(?<![\w.,–-])(?P<day>\d{1,2}(?:st|nd|rd|th)?)\s*"
                           r"(?(between)(?:to|until|till|through|and|–|-)|(?:to|until|till|through|–|-))\s*"
                           r"(?=\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:" + "|".join(_MONTHS) + r")\b)", re.IGNORECASE)


def range_day_spans(text: str) -> list[tuple[int, int, int]]:
    """Each day written alone that opens a range of days of one month, as (start, end, end_at): the day's span
    ("9", "9th") and where the range's end begins ("19 October ..."): "from 9 to 19 October 2025", "9–19 October",
    "between 9th and 19th of October" (:data:`_RANGE_DAY_RE`; "and" only after "between": "on 9 and 19 October"
    names two days, no range). Such a day is a date taking its end's month (and year), never a count of its own.
    [] for none; never raises."""
    return [(m.start("day"), m.end("day"), m.end()) for m in _RANGE_DAY_RE.finditer(text or "")]
#: a time that recurs and so dates no one event: "every October", "each spring", "every second Sunday", "annually
#: in May", "in October each year", "every year in July" (:func:`recurring_spans`)
_SEASON_WORDS = "spring|summer|autumn|fall|winter"
_RECURRING_RE = re.compile(
    r"\b(?:every|each)\s+(?:(?:other|second|third|fourth|last|first)\s+)?(?:" + "|".join(_MONTHS[:12])
    + rf"|{_SEASON_WORDS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|week|month|year)\b"
    r"|\b(?:annually|yearly|every\s+year|each\s+year)\s+(?:in|on|during|at)\s+(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?"
    r"(?:" + "|".join(_MONTHS[:12]) + rf"|{_SEASON_WORDS})\b"
    r"|\b(?:in|during)\s+(?:the\s+)?(?:(?:early|late|mid)[\s-]+)?(?:" + "|".join(_MONTHS[:12])
    + rf"|{_SEASON_WORDS})\s+(?:every|each)\s+year\b", re.IGNORECASE)
#: a question about a past event or a first time ("When was X first held?", "When did X open?"), which a recurring
#: time never answers; "When is X held?" asks the habit, which it does
_PAST_EVENT_RE = re.compile(r"\b(?:did|was|were|had)\b", re.IGNORECASE)


def recurring_spans(sentence: str) -> list[tuple[int, int]]:
    """The (start, end) character spans of ``sentence`` that give a recurring time (:data:`_RECURRING_RE`: "held
    every October", "annually in May", "in July each year"): such a time says when something happens again and
    again, and dates no one event (a first edition, an opening). [] for none; never raises."""
    return [m.span() for m in _RECURRING_RE.finditer(sentence or "")]


#: number words of a count: the cardinals (shared.text.numbers) but "zero", and the words of a rough count
_NUMBER_WORDS = (*(w for w in CARDINAL_WORDS if w != "zero"), "dozen", "dozens", "hundreds", "thousands", "millions")
#: a question that asks for a day, not a year ("on what date", "which day", "birth date"): only a written date with
#: its month answers it
_DAY_ASKED = re.compile(r"\b(?:what|which)\s+(?:exact\s+)?(?:date|day)\b|\bbirth ?date\b|\bbirthday\b|"
                        r"\bdate of (?:birth|death)\b", re.IGNORECASE)
#: a question that asks for a season or an edition ("which season", "what edition")
_SEASON_ASKED = re.compile(r"\b(?:what|which)\s+(?:season|edition)s?\b", re.IGNORECASE)
#: a season or an edition named by its number ("season 4", "the third season", "the 12th edition")
_SEASON_RE = re.compile(r"\b(?:season|series|edition)\s+\d{1,3}\b|\b(?:first|second|third|fourth|fifth|sixth|seventh|"
                        r"eighth|ninth|tenth|eleventh|twelfth|\d{1,3}(?:st|nd|rd|th))\s+(?:season|edition)\b",
                        re.IGNORECASE)
#: a year-like number after one of these words is a date, no count ("rebuilt in 1902", "from 1889", "June 1915")
_YEAR_AFTER = re.compile(r"(?:\b(?:in|on|since|from|until|till|by|of|to|and|year|circa|c\.|during|after|before|"
                         r"january|february|march|april|may|june|july|august|september|october|november|december|"
                         r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?|\d{1,2},?|[–-])\s*$", re.IGNORECASE)
_NUMBER_RE = re.compile(r"\b\d[\d,.]*(?:\s*(?:%|percent|million|billion|thousand))?|\b(?:" + "|".join(_NUMBER_WORDS)
                        + r")\b", re.IGNORECASE)

#: a number in digits or words ("12,400", "250", "eight", "3 million")
NUMBER_RE = _NUMBER_RE

#: the lead-answer score of a yes/no stated by the offline engine
YES_NO_SCORE = 0.45
#: Words that state a yes/no answer, per language (English first).
YES_NO_WORDS: dict[str, tuple[str, str]] = {"en": ("Yes", "No")}


#: a phrase giving a cause or a purpose, to its clause's end: "because (of)", "due to", "owing to", "as a result of",
#: "on account of", "caused by", "thanks to", "in order to", "so that", "the reason", "since" before a pronoun subject
#: ("since it could not pay"; "since the 1990s" is a time), "after" a failure ("after the boiler failed")
_CAUSE_RE = re.compile(
    r"\b(?:because(?:\s+of)?|due\s+to|owing\s+to|as\s+a\s+(?:result|consequence)\s+of|on\s+account\s+of|caused\s+by|"
    r"thanks\s+to|in\s+order\s+to|so\s+that|(?:the|a|one|main|chief)\s+reasons?\b|the\s+cause\b"
    r"|since\s+(?=(?:it|they|he|she|we|there|nobody|no\s+one)\b)"
    r"|after\s+(?=(?:the|its|a|an|their|his|her)\s+(?:[\w'’-]+\s+){0,4}?(?:had\s+|has\s+|was\s+|were\s+)?"
    r"(?:failed|broke|broken|collapsed|cracked|burned|burnt|flooded|went\s+bankrupt|ran\s+out|proved)\b))"
    r"(?:[^.;!?]|\.(?=\d))*", re.IGNORECASE)


#: a sentence that follows the one stating an event, linked to it by time ("that year", "the same month", "then",
#: "soon after"), and gives a failure, a cost or a decision ("the furnace failed a safety inspection that year, and
#: the owners judged the cost too high"): a cause told as a narrative, with no causal connective
_TIME_LINK_RE = re.compile(
    r"\b(?:(?:that|the\s+same|the\s+previous|the\s+preceding)\s+(?:year|month|week|day|spring|summer|autumn|"
    r"winter|season)|then|soon\s+after(?:wards)?|shortly\s+(?:before|after(?:wards)?)|afterwards|after\s+that|"
    r"at\s+the\s+time)\b", re.IGNORECASE)
_SETBACK_RE = re.compile(
    r"\b(?:failed|fails|failure|broke\s+down|collapsed|cracked|burned|burnt|flooded|bankrupt|bankruptcy|insolvent|"
    r"could\s+not\s+afford|too\s+(?:high|costly|expensive|great|low)|costs?\s+of|losses|lost\s+money|"
    r"(?:falling|declining|dwindling)\s+(?:demand|sales|numbers|orders)|judged|decided|chose|ruled|condemned|"
    r"refused|declined\s+to|withdrew)\b", re.IGNORECASE)


def implicit_cause(sentence: str) -> bool:
    """Whether ``sentence`` gives a cause only as a narrative (:data:`_TIME_LINK_RE` and :data:`_SETBACK_RE`: "The
    main furnace failed a safety inspection that year, and the owners judged the cost of replacing it too high"),
    with no causal connective (:data:`_CAUSE_RE`): read after the sentence stating the event, it tells why."""
    text = sentence or ""
    return not _CAUSE_RE.search(text) and bool(_TIME_LINK_RE.search(text)) and bool(_SETBACK_RE.search(text))


def cause_clauses(sentence: str) -> list[str]:
    """The phrases of ``sentence`` that give a cause or a purpose (:data:`_CAUSE_RE`), each from its cue to its
    clause's end, in the order written: "The council closed it because the basin had cracked." -> ["because the basin
    had cracked"]; "It closed in 1958 after the boiler failed." -> ["after the boiler failed"]; a cause told as a
    narrative (:func:`implicit_cause`) is the whole sentence: "The boiler failed an inspection that year, and the
    council judged the repair too costly." -> that sentence. A sentence restating the event ("X closed on 30
    September 1989") gives none. Never raises."""
    if implicit_cause(sentence):
        return [" ".join(sentence.split()).rstrip(" .")]
    return [m.group(0).strip(" ,") for m in _CAUSE_RE.finditer(sentence or "")]


#: a choice whose criterion follows its options: "Which is larger, A or B, by number of stalls?" (a head, a comma, the
#: options joined by "or", a comma, "by" / "in" / "for" and the criterion)
_CRITERION_LAST_RE = re.compile(r"(?P<head>.+?),\s+(?P<opts>[^,]+?\s+or\s+[^,]+?),\s+(?P<crit>(?:by|in|for)\s+[^,?]+?)"
                                r"(?P<end>\s*[?.!]*)", re.IGNORECASE)


def criterion_first(question: str) -> str:
    """``question`` with a choice's criterion written after its options moved before them: "Which is larger, A or B,
    by number of stalls?" -> "Which is larger by number of stalls, A or B?", the form the options and the relation
    are read from. ``question`` unchanged when it is no such choice. Never raises."""
    m = _CRITERION_LAST_RE.fullmatch(question or "")
    if m is None or not _COMPARATIVE.search(m.group("head")):
        return question
    return f"{m.group('head')} {m.group('crit')}, {m.group('opts')}{m.group('end')}"


def answer_type(question: str) -> AnswerType:
    """The kind of answer ``question`` asks for (see the module docstring). Never raises; "" gives ``none``."""
    # "What is X's elevation at its highest point?" asks what "What is X's elevation?" asks (without_place_of_most)
    q = without_place_of_most(criterion_first(" ".join((question or "").split())))
    if not key_terms(q) or only_function_words(q):
        return "none"
    foreign = _foreign_wh_type(q)
    if foreign is not None:  # "Wie viel wiegt ...?", "Combien pèse ...?": a weight, a figure of its dimension
        return "measure" if foreign == "how_many" and asks_weight(q) else foreign
    words = re.findall(r"[^\W_]+(?:'[^\W_]+)?", q.lower())
    if attribute_comparison(q) is not None:  # "How does X compare with Y in A?": both things' values of A
        return "comparison"
    if comparison_options(q) and (_COMPARATIVE.search(q) or (words and words[0] in ("which", "who", "what", "whose"))):
        if not (words and words[0] in _AUX):
            return "comparison"
    if words and words[0] in _AUX:
        options = comparison_options(q)
        # "Is A or B further west?" asks to choose; "Are A and B both shrubs?" asks yes or no
        if len(options) == 2 and re.search(rf"{re.escape(options[0])}\W*\s+or\s+(?:the\s+|in\s+|during\s+)?"
                                           rf"{re.escape(options[1])}", q, re.IGNORECASE):
            return "comparison"
        return "yes_no"
    best: tuple[int, int, AnswerType] | None = None
    # a question that ends with its wh-word ("... who received the highest what?", "... born where?") asks what
    # that word asks; an earlier "who" / "which" there is a relative pronoun ("a chemist who received")
    trailing = _TRAILING_WH.search(q)
    for rx, kind in _TYPE_RE:
        m = rx.search(q)
        if m is not None and trailing is not None and m.end() != trailing.end():
            m = next((x for x in rx.finditer(q) if x.end() == trailing.end()), None)
        if m is None:
            continue
        key = (m.start(), -(m.end() - m.start()), kind)
        if best is None or key[:2] < best[:2]:
            best = key
    kind = best[2] if best else "what"
    if kind == "how_many" and (asks_weight(q) or unit_measure(q) is not None):
        # "How much does the bell weigh?": a figure of mass, as "how heavy"; "How many miles long is the line?": a
        # length, as "how long" (no count of miles)
        return "measure"
    if kind == "how_many" and asked_quantity(q) == ("length",) and size_dimensions(q) - {"distance", "weight"}:
        # "What is the current depth figure for X?": a figure of a dimension of size, as "how deep" asks
        return "measure"
    if kind == "what" and asks_hours(q):  # "What time does X open on Saturdays?": the hours, as "When is X open?"
        return "when"
    if kind == "what" and asks_clock_times(q):  # "At what times do trains leave X on a Wednesday?": times of day
        return "when"
    if kind == "what" and worded_attribute(q):  # "At what altitude is ...?": a figure of that dimension, as "how high"
        # "What was the attendance at the fair?": a count of those who came, no dimension
        return "how_many" if asked_quantity(q) == ("count",) else "measure"
    return kind


#: a request phrased as a question ("Can you show me ...", "Could you please write ...", "Would you explain ..."):
#: it asks for something, not for yes or no
_REQUEST_RE = re.compile(r"^\W*(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?(?:show|give|write|provide|"
                         r"share|help|explain|tell|make|list|point|suggest|recommend|post|send)\b", re.IGNORECASE)


#: an imperative request for something to be shown or written: "Show me how to ...", "Write a function that ...",
#: "Please give me an example of ...", "Help me write ..."
_IMPERATIVE_RE = re.compile(r"^\W*(?:please\s+)?(?:(?:show|give|send|teach)\s+(?:me|us)\b|"
                            r"(?:write|create|generate|implement)\s+(?:me\s+|us\s+)?(?:a|an|some|the)\b|"
                            r"help\s+(?:me|us)\s+(?:write|code|implement)\b)", re.IGNORECASE)


#: a how-to question ("How do I load config.toml with tomlbay?", "how to validate a file", "How can we parse ..."):
#: it asks for the way to do a task, not for a choice ("How do I choose ...", "how to decide ...")
_HOW_TO_RE = re.compile(r"\bhow\s+(?:(?:do|can|could|should|would|shall)\s+(?:i|we|you|one)\s+|to\s+)"
                        r"(?!choose\b|decide\b|pick\b|know\b|tell\b|compare\b|select\b|evaluate\b|judge\b|"
                        r"find\s+out\b|learn\b|get\s+started\b|contribute\b|cite\b|report\b)[a-z]", re.IGNORECASE)


def asks_how_to(question: str) -> bool:
    """Whether ``question`` asks how to do a task (:data:`_HOW_TO_RE`: "How do I validate a JSON Lines file with
    ...?", "..., and how do I load config.toml?"), not how to choose, decide or find out. Under a code question the
    answer to such a question is usage code (``services.domain_code.offline.asks_for_code``)."""
    return bool(_HOW_TO_RE.search(question))


class KeepOrLeave(NamedTuple):
    """The two courses a keep-or-leave question offers (:func:`keep_or_leave`), as base verbs of the question:
    ``stay`` ("keep", "use", "stay", "stick", "continue") and ``leave`` ("switch", "move", "migrate", "replace",
    "drop" ...)."""

    stay: str
    leave: str


#: verbs that keep what a question names ("keep it", "stay on it", "stick with it", "continue using it")
_STAY_VERBS = ("keep", "stay", "stick", "continue", "remain", "use")
#: verbs that leave it ("switch to another", "move away", "migrate", "replace it", "drop it")
_LEAVE_VERBS = ("switch", "move", "migrate", "change", "replace", "drop", "ditch", "abandon", "leave", "swap")
#: the words a keep-or-leave answer opens with instead of "Yes" or "No": the verbs of either course
KEEP_OR_LEAVE_WORDS: tuple[str, ...] = (*_STAY_VERBS, *_LEAVE_VERBS)
_STAY_RE = re.compile(r"\b(" + "|".join(_STAY_VERBS) + r")(?:s|ing)?\b", re.IGNORECASE)
#: "..., or (should I) switch to another library?", "or should we migrate?", "or use something else?", "or look
#: elsewhere?": the second course of an alternative question leaves what the first keeps
_OR_LEAVE_RE = re.compile(
    r"\bor\s+(?:(?:should|shall|must|would|could|can|do|is\s+it\s+(?:better|time)\s+to)\s+(?:i|we|you|they|my\s+\w+|our\s+\w+|"
    r"the\s+\w+)?\s*)?(?:(?:better|rather)\s+)?(?:(?P<leave>" + "|".join(_LEAVE_VERBS) + r")(?:s|ing)?\b"
    r"|(?P<other>use|go\s+(?:with|for)|pick|choose|look\s+for|try)\s+(?:an?other|something\s+else|a\s+different|"
    r"an?\s+alternative|some\s+other)\b|(?P<elsewhere>look\s+elsewhere)\b"
    r"|(?P<other_one>an?other\s+(?:one|library|package|crate|module|tool)|something\s+else|an?\s+alternative)\b)",
    re.IGNORECASE)


def keep_or_leave(question: str) -> KeepOrLeave | None:
    """The courses an alternative question about keeping what it names offers, when it is one: a question shaped
    as a yes/no one (an auxiliary first) whose "or" offers to leave it ("Should my project keep durationkit, or switch
    to another Python library?" -> ("keep", "switch"); "Is pyexiflite still OK, or should I migrate?" -> ("keep",
    "migrate"); "Should we use tomlbay or something else?" -> ("use", "switch"), the other course named by what it
    takes instead, after a verb that keeps). Such a question is not answered by "yes"
    or "no" (which of the two would "yes" be?) but by the course to take. The stay verb is the first of
    :data:`_STAY_VERBS` before the "or" ("keep" when there is none, "is it OK", or it is "use" of what is "still" or
    "already" used); None for any other question ("Does
    it support 3.12 or 3.13?", "Should I keep it or not?")."""
    q = " ".join((question or "").split())
    words = q.lower().split()
    asks = [m for m in re.finditer(r"(?:^|[.!?;:,-]\s+)(\w+)", q) if m.group(1).lower() in _AUX]
    if not (words and words[0] in _AUX) and not asks:
        return None
    m = _OR_LEAVE_RE.search(q)
    if m is None:
        return None
    stay = _STAY_RE.search(q, 0, m.start())
    if m.group("other_one") and stay is None:  # "Can it parse PT1H or another format?" offers no course to leave
        return None
    leave = (m.group("leave") or "switch").lower()
    verb = stay.group(1).lower() if stay else "keep"
    if verb == "use" and stay is not None and re.search(r"\b(?:still|already|currently|now)\s+$", q[:stay.start()],
                                                        re.IGNORECASE):
        verb = "keep"  # "We still use pacerlib; is that ok or should we migrate?": what is in use is kept
    return KeepOrLeave(verb, leave)


def is_request(question: str) -> bool:
    """Whether ``question`` asks for something to be shown or written rather than for a fact: a request phrased as a
    yes/no question (:data:`_REQUEST_RE`: "Can you show me example code to load a TOML file?"), which no "yes" or
    "no" answers, or an imperative one (:data:`_IMPERATIVE_RE`: "Show me how to parse a cron expression", "Write a
    function that ..."). A code report answers a request with code that passed its check (the judge and the
    confidence gate read it so: ``shared.domain.RunView.usage_code_passed``), not with a sentence of an answer type."""
    return bool(_REQUEST_RE.match(question) or _IMPERATIVE_RE.match(question))


def only_function_words(question: str) -> bool:
    """Whether ``question``, written in another language than English (:func:`detect_language`), holds only function
    words of its language (:func:`shared.text.tokens.language_stopwords`, a token also in its plural, an elided one by
    its parts: "Was ist das, und wer ist es?", "Qu'est-ce que c'est ?"): it has no content word, as an English question of stop words has none. A capitalised word after
    the first names something (a German noun, a name: "Wer ist Gott?"), so such a question has content. False for
    English, for a language without a list and for an empty question. Never raises."""
    q = " ".join((question or "").split())
    terms = key_terms(q)
    if not terms:
        return False
    code = detect_language(q)
    stops = language_stopwords(code) if code != "en" else frozenset()
    if not stops or any(w[:1].isupper() for w in _Q_WORD_RE.findall(q)[1:]):
        return False
    return all(is_function_word(t, stops) for t in terms)  # an elided word ("qu'est", "c'est") is its parts


def _foreign_wh_type(question: str) -> AnswerType | None:
    """The answer type a French, German, Spanish or Italian ``question`` asks by its opening wh-phrase
    (:data:`shared.text.wh_words.FOREIGN_WH`: "Qui ...", "Seit wann ...", "¿Desde cuándo ..."), else None (another
    opening, another language, or English). Read only when the question is detected as that language
    (:func:`shared.text.tokens.detect_language`), so an English "Dove Cameron ..." keeps its own type."""
    hits = opening_wh(question)
    if not hits:
        return None
    lang = detect_language(question)
    return next((cast(AnswerType, t) for code, t, _said in hits if code == lang and t), None)


#: a wh-word that ends the question
_TRAILING_WH = re.compile(r"\b(?:what|which|who|whom|where|when)(?=\W*$)", re.IGNORECASE)

_HEAD_STOP = frozenset(("is are was were do does did has have had can could will would should that who whom whose "
                        "which what where when of in on at for by from to with as and or").split())


def wh_head_terms(question: str) -> list[str]:
    """Key terms of the phrase the wh-word opens ("which Italian painter" -> ["italian", "painter"], "how many
    members" -> ["member"], "what kind of unit" -> ["unit"]): up to 3, stopping at a verb, preposition or
    relative word. [] when there is none."""
    m = re.search(r"\b(?:what|which|whose|how (?:many|much))\s+(?:(?:is|was|are|were)\s+the\s+(?=(?:name|title)\s))?"
                  r"(?:(?:kind|type|sort|form|name|title|part|category)s?\s+of\s+(?:the\s+|a\s+|an\s+|this\s+)?)?(.*)",
                  question or "", re.IGNORECASE)
    if not m:
        return []
    out: list[str] = []
    words = re.findall(r"[^\W_]+(?:[-'][^\W_]+)*", m.group(1))
    for k, w in enumerate(words):
        if w.lower() in _HEAD_STOP or len(out) >= 3:
            break
        if out and _past_verb(w) and k + 1 < len(words) and (
                words[k + 1].lower() in _OBJECT_OPENERS or (words[k + 1].lower() in _PARTICLES_BEFORE_OBJECT
                                                             and words[k + 2:k + 3] != []
                                                             and words[k + 2].lower() in _OBJECT_OPENERS)):
            break  # "which architect designed the museum", "... drew up the plans": the verb and its object are no
            # part of the phrase
        out.extend(t for t in tokenize(w) if t not in out)
    return out[:3]


#: words that open the noun phrase a verb governs ("designed the museum", "won its first title")
_OBJECT_OPENERS = frozenset("the a an its his her their this that these those".split())


def _past_verb(word: str) -> bool:
    """Whether ``word`` (in lower case) is a verb's past form: it ends in "-ed" or is an irregular one ("won",
    "built")."""
    return word.islower() and (word.endswith("ed") or word in _IRREGULAR_PARTICIPLES
                               or verb_base(word) not in (None, word))  # "drew", "wrote"


#: a word dating a thing's start, not an edition of it: "first held in 1850", "originally staged in 1921"
_ORIGIN_WORD_RE = re.compile(r"\b(?:first|originally|initially|inaugural|since)\b", re.IGNORECASE)


def _edition_aside(aside: str) -> bool:
    """Whether ``aside`` (a question's aside, :data:`shared.text.quantity.ASIDE_RE`) states the holding of the
    edition of an event a question asks of: its subject is the asked thing being held. That is a passive participle of
    the relation "hosting" (:data:`shared.text.relations.RELATIONS`: "held", "staged", "hosted") right after the comma
    or after a relative word and a form of "be" (", held in 2023", ", which was staged in 2021"), with no object
    after it, or "took place" (", which took place in 2024"); and no word of its start ("first held in 1850",
    "originally staged in 1921": the series' origin). A venue's active ", which hosted the 1998 final" describes the
    venue, not the edition asked; ", founded in 1887" and ", which merged with X in 1974" state no holding. Never
    raises."""
    words = re.findall(r"[^\W\d_]+", aside.casefold())
    if words[:1] and words[0] in _RELATIVE:
        words = words[1:]
        if words[:1] and words[0] in AUXILIARIES:  # "which was held", "which has been staged"
            while words[:1] and words[0] in AUXILIARIES:
                words = words[1:]
        elif words[:1] and participle(words[0]):  # "which hosted the 1998 final": an active verb of the venue
            return False
    if not words:
        return False
    held = ("hosting" in relations_of(words[0]) and participle(words[0])
            and (len(words) < 2 or words[1] not in _OBJECT_OPENERS)) \
        or "hosting" in text_phrasal_relations(" ".join(words[:2]))
    return held and not _ORIGIN_WORD_RE.search(aside)


def asked_years(question: str) -> frozenset[str]:
    """The years ``question`` asks of: those it writes ("How many visitors came in 2023 and 2024?" -> {"2023",
    "2024"}) but a year of an aside about a thing it names, set off by a comma (to the next comma or the question's
    end: :data:`shared.text.quantity.ASIDE_RE`) and opened by a relative word or a past participle ("How many
    residents does X, which merged with Y in 1974, have?" and "How many members has the X Club, founded in 1887,
    got?" ask of no year; "..., founded in 1887, have in 2024?" asks of 2024). An aside stating the holding of an
    event's edition names the edition asked and keeps its year (:func:`_edition_aside`: "What was the attendance at
    the X Show, held in 2023?" -> {"2023"}). A restrictive clause (no comma: "the regatta that was held in 2024")
    frames the figure asked and keeps its year. The question-side reader of the year asked for the lead (an asked
    year picks its row) and the gate (another year's figure is no answer). Empty when it asks of none. Never
    raises."""
    q = " ".join((question or "").split())
    # the question's end closes a trailing aside as a comma would (same length: the positions stay)
    closed = (q[:-1] if q.endswith("?") else q) + ","
    asides = [(m.start(), m.end()) for m in ASIDE_RE.finditer(closed)
              if (m.group("first").casefold() in _RELATIVE or participle(m.group("first")))
              and not _edition_aside(m.group(0))]
    return frozenset(m.group(1) for m in re.finditer(r"\b((?:1[0-9]|20)\d\d)\b(?![,.]\d)", q)
                     if not any(s <= m.start() < e for s, e in asides))


#: answer types of a name asked of a year ("Who won the 2024 X?", "Which book won X in 2022?"): their lead is checked
#: by :func:`name_of_other_year`
NAMED_YEAR_TYPES: tuple[AnswerType, ...] = ("who", "which")
#: a year naming an edition of an event ("the 2025 Kestwick Prize", "the 2023 season"): ``group(1)`` the year
_EDITION_YEAR_RE = re.compile(r"\bthe\s+((?:1[0-9]|20)\d\d)\s+(?=[A-Z]|(?:season|edition|prize|award|race|final|"
                              r"election|contest|competition|festival|ceremony)\b)")
#: a state's beginning: "since 2012", "Since March 2012"; ``group(1)`` the year
_SINCE_YEAR_RE = re.compile(r"\bsince\s+(?:[A-Z][a-z]+\s+)?((?:1[0-9]|20)\d\d)\b,?", re.IGNORECASE)
_ANY_YEAR_RE = re.compile(r"(?<![\d,.])((?:1[0-9]|20)\d\d)(?![\d,.]\d)")


def name_of_other_year(sentence: str, asked: frozenset[str]) -> bool:
    """Whether ``sentence``, stating a name asked of the years ``asked``, writes none of them and dates what it
    states to another: by a time frame (:func:`shared.text.entailment.framed_years`), by an edition's year ("X has
    won the 2025 Kestwick Prize"), or as the newest one (:data:`shared.text.quantity.LATEST_RE`: "Kestwick Prize: latest
    winner author X."). A state begun in or before a year asked ("since 2012") dates nothing elsewhere. An undated
    sentence ("X won the Kestwick Prize") is not of another year: False."""
    if any(y in asked for y in _ANY_YEAR_RE.findall(sentence)):
        return False
    # a state begun in a year up to the one asked holds in it ("Since 2012 the boatbuilder at X has been A" for the
    # 2022 cup): no other year
    latest = max(int(y) for y in asked)
    sentence = _SINCE_YEAR_RE.sub(lambda m: "" if int(m.group(1)) <= latest else m.group(0), sentence)
    return bool(framed_years(sentence) or _EDITION_YEAR_RE.search(sentence) or LATEST_RE.search(sentence))


#: two years joined by "or" at a question's end: "in 2021 or in 2022", ", 2021 or 2022"
_YEARS_OR_RE = re.compile(r"(?<![\w.,])((?:1[0-9]|20)\d\d)\s*,?\s+or\s+(?:in\s+|during\s+)?((?:1[0-9]|20)\d\d)$",
                          re.IGNORECASE)


#: a choice asked with a verb of choosing and its two objects ("Should I use tomlbay or tomlkit to parse TOML?", "Do we
#: pick the Readon 3 or the Readon 4 for a small room?"): the options are the objects around " or ", each of one to four
#: words, ending at a preposition, "to", a comma or the question's end
_CHOICE_OR_RE = re.compile(
    r"\W*(?:should|shall|would|do|can|could|must|will)\s+(?:i|we|you|one|my\s+\w+|our\s+\w+)\s+(?:rather\s+|better\s+)?"
    r"(?:use|choose|pick|buy|get|go\s+with|learn|install|adopt|prefer|select|take|try|switch\s+to|migrate\s+to|"
    r"depend\s+on|order|opt\s+for)\s+(?:the\s+|a\s+|an\s+)?(?P<a>[^\s,;?]+(?:\s+[^\s,;?]+){0,3}?)\s+or\s+"
    r"(?!not\b|neither\b|none\b|nothing\b|something\b)(?:the\s+|a\s+|an\s+)?(?P<b>[^\s,;?]+(?:\s+[^\s,;?]+){0,3}?)"
    r"(?=\s+(?:for|to|in|on|with|when|if|as|because|at|from|under|over|instead)\b|\s*,|\s*$)", re.IGNORECASE)


#: what opens the attributes two things are compared in ("in pool length", "in terms of price", "by height")
_ATTR_OPENER = r"(?:in\s+terms\s+of|with\s+regard\s+to|as\s+to|in|on|for|by|regarding)"
#: a compared thing: a phrase of one to eight words, its article aside
_THING = r"(?:(?:the|a|an)\s+)?(?P<{0}>[^\s,;:?]+(?:\s+[^\s,;:?]+){{0,7}}?)"
#: the shapes of a question comparing two named things in attributes: "How does X compare with Y in A (and B)?",
#: "How do X and Y compare in A?", "X vs Y: A and B", "Compare X and Y by A", "What is the difference between X and
#: Y in A?"; the attributes after the opener (:data:`_ATTR_OPENER`), a colon or a comma
_ATTRIBUTE_COMPARISON_RES = tuple(re.compile(rx, re.IGNORECASE) for rx in (
    rf"how\s+(?:does|do|did)\s+{_THING.format('a')}\s+(?:compare|stack\s+up|measure\s+up)\s+(?:with|to|against)\s+"
    rf"{_THING.format('b')}(?:\s+{_ATTR_OPENER}|\s*[,:])\s+(?P<attrs>.+)",
    rf"how\s+(?:do|did)\s+{_THING.format('a')}\s+and\s+{_THING.format('b')}\s+compare(?:\s+{_ATTR_OPENER}|\s*[,:])\s+"
    r"(?P<attrs>.+)",
    rf"{_THING.format('a')}\s+(?:vs\.?|versus)\s+{_THING.format('b')}(?:\s+{_ATTR_OPENER}|\s*[,:])\s+(?P<attrs>.+)",
    rf"compare\s+{_THING.format('a')}\s+(?:and|with|to|against)\s+{_THING.format('b')}(?:\s+{_ATTR_OPENER}|\s*[,:])\s+"
    r"(?P<attrs>.+)",
    rf"what\s+(?:is|are|was|were)\s+the\s+(?:main\s+|key\s+)?differences?\s+between\s+{_THING.format('a')}\s+and\s+"
    rf"{_THING.format('b')}(?:\s+{_ATTR_OPENER}|\s*[,:])\s+(?P<attrs>.+)",
))
#: an attribute a question names before its thing ("the height" of "the height of X"): one to four words, no "of"
_ATTR_WORDS = r"(?P<attrs>(?:(?!of\b)[^\s,;:?]+\s+){0,3}?(?!of\b)[^\s,;:?]+)"
_ATTR_FIRST = r"(?:the\s+)?" + _ATTR_WORDS
#: what stands for the attribute again before the second thing ("that of", "those of", "the height of", "Y's")
_ATTR_AGAIN = r"(?:(?:that|those)\s+of\s+|the\s+(?:(?!of\b)[^\s,;:?]+\s+){1,4}of\s+)?"
#: a compared thing written with a possessive ("the Old Mill's"), its article aside
_OWNER = r"(?:(?:the|a|an)\s+)?(?P<{0}>[^\s,;:?]+(?:\s+[^\s,;:?]+){{0,7}}?)(?:'s|’s|'|’)"
#: the attribute-first shapes of the same question: "How does the A of X compare with (that of | the A of) Y?",
#: "How do the A of X and (the A of) Y compare?", "How does X's A compare with Y's (A)?"
_ATTRIBUTE_FIRST_RES = tuple(re.compile(rx, re.IGNORECASE) for rx in (
    rf"how\s+(?:does|do|did)\s+{_ATTR_FIRST}\s+of\s+{_THING.format('a')}\s+(?:compare|stack\s+up|measure\s+up)\s+"
    rf"(?:with|to|against)\s+{_ATTR_AGAIN}{_THING.format('b')}",
    rf"how\s+(?:do|did)\s+{_ATTR_FIRST}\s+of\s+{_THING.format('a')}\s+and\s+{_ATTR_AGAIN}{_THING.format('b')}\s+"
    r"compare(?:\s+(?:with|to)\s+(?:each\s+other|one\s+another))?",
    rf"how\s+(?:does|do|did)\s+{_OWNER.format('a')}\s+{_ATTR_WORDS}\s+"
    rf"(?:compare|stack\s+up|measure\s+up)\s+(?:with|to|against)\s+(?:{_OWNER.format('b')}"
    r"(?:\s+(?:(?!of\b)[^\s,;:?]+\s+){0,3}[^\s,;:?]+)?|(?:that|those)\s+of\s+" + _THING.format('b2') + ")",
))


class AttributeComparison(NamedTuple):
    """Two named things a question compares in attributes: ``things`` (as written, a leading article aside) and
    ``attributes`` (the attribute phrases in the question's order, their articles and possessives aside: "pool
    length", "opening year")."""

    things: tuple[str, str]
    attributes: tuple[str, ...]


def attribute_comparison(question: str) -> AttributeComparison | None:
    """The things and attributes of a question comparing two named things in one or more attributes
    (:data:`_ATTRIBUTE_COMPARISON_RES`): "How does the Arlen Pier compare with Tobin Quay in length and opening
    year?" -> (("Arlen Pier", "Tobin Quay"), ("length", "opening year")); "Compare A and B by price" -> ((A, B),
    ("price",)). Each thing must hold a capitalised word (a name) and each attribute a content word; at most four
    attributes. None for any other question (a choice "Which is longer, A or B?" included). Never raises."""
    q = " ".join((question or "").split()).rstrip(" ?.!")
    for rx in (*_ATTRIBUTE_COMPARISON_RES, *_ATTRIBUTE_FIRST_RES):
        m = rx.fullmatch(q)
        if m is None:
            continue
        named = m.groupdict()
        things = tuple(t.strip(" \"'“”‘’") for t in (named["a"], named["b"] or named.get("b2") or ""))
        if not all(re.search(r"\b[A-Z0-9]", t) and key_terms(t) for t in things):
            continue
        attrs = [re.sub(r"^(?:(?:the|a|an|its|their|his|her)\s+)+", "", part.strip(" ,;:"), flags=re.IGNORECASE)
                 for part in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*", m.group("attrs"))]
        attrs = [a for a in attrs if a and key_terms(a)]
        if attrs and len(attrs) <= 4:
            return AttributeComparison((things[0], things[1]), tuple(attrs))
    return None


#: a count asked of one named thing beside another's: "How many vessels did A build compared with B?", "How much
#: did A cost versus B?", "How many rooms does A have than B?" (group ``rest``: the words before the comparing phrase,
#: which name the first thing; ``b``: the second thing, a closing auxiliary aside)
_COUNT_COMPARISON_RE = re.compile(
    r"how\s+(?:many|much)\s+(?P<rest>.+?),?\s+(?:(?:when\s+|as\s+)?compared\s+(?:with|to)|in\s+comparison\s+(?:with|to)|"
    r"versus|vs\.?|as\s+against|as\s+opposed\s+to|than)\s+(?:(?:the|a|an)\s+)?(?P<b>.+?)"
    r"(?:\s+(?:did|does|do|has|have|had|is|was|were|are))?",
    re.IGNORECASE)


def count_comparison(question: str) -> tuple[str, str] | None:
    """The two named things a "how many / how much" question compares (:data:`_COUNT_COMPARISON_RE`): "How many
    vessels did the Old Tarn Boatyard build compared with Tarn Shipyard?" -> ("Old Tarn Boatyard", "Tarn
    Shipyard"), the first the one name of the words before the comparing phrase, the second the name after it; None
    for any other question, or when either is no name (a capitalised word). Never raises."""
    q = " ".join((question or "").split()).rstrip(" ?.!")
    m = _COUNT_COMPARISON_RE.fullmatch(q)
    if m is None:
        return None
    firsts = [e for e in find_entities(m.group("rest")) if key_terms(e)]
    second = re.sub(r"^(?:(?:in|at|for|of|on|by)\s+)?(?:(?:the|a|an)\s+)?", "", m.group("b").strip(" \"'“”‘’"),
                    flags=re.IGNORECASE)
    if len(firsts) != 1 or not re.search(r"\b[A-Z0-9]", second) or not key_terms(second):
        return None
    first = re.sub(r"^(?:the|a|an)\s+", "", firsts[0], flags=re.IGNORECASE)
    return (first, second) if set(tokenize(first)) != set(tokenize(second)) else None


#: a choice by a count of a noun: "Which built more vessels, A or B?", "Which museum has fewer rooms, A or B?"
#: (``phrase``: the words after "more" / "fewer" up to the comma before the options)
_CHOICE_COUNT_RE = re.compile(r"^\s*which\b[^,?]*?\b(?:more|fewer)\s+(?P<phrase>[^\W\d_][^,?]*?)\s*,", re.IGNORECASE)


def choice_count_nouns(question: str) -> tuple[str, ...]:
    """The tokens of the noun a two-option choice counts (:func:`counted_nouns` of the words after "more" /
    "fewer"): "Which built more vessels, the Old Tarn Boatyard or Tarn Shipyard?" -> ``("vessel",)``; each option's
    figure must then be a count of that noun (or a near-synonym: :func:`shared.text.quantity.counts`), never a
    year. () when the question is no such choice, or the word after "more" is no plural noun ("Which is more
    popular, A or B?", "more money") or a unit of measure. Never raises."""
    q = " ".join((question or "").split())
    m = _CHOICE_COUNT_RE.match(q)
    if m is None or len(comparison_options(q)) != 2:
        return ()
    first = m.group("phrase").split()[0]
    folded = tokenize(first)
    if not first.islower() or not folded or (folded[0] == first.casefold() and first.casefold() != "people"):
        return ()
    nouns = counted_nouns(f"How many {m.group('phrase')}?")
    return () if not nouns or counts_measure(nouns) else nouns


#: a description in apposition before an option's name, opening with a possessive ("her sister ship the SS Tarn",
#: "its successor the Kell Bridge", "his elder brother Aldo Ferro"): up to four lower-case words, then the name
_DESCRIBED_RE = re.compile(r"^(?:her|his|its|their)\s+(?:[a-z][\w'’-]*\s+){1,4}?(?:(?:the|a|an)\s+)?(?=[A-Z0-9])")


#: a preposition opening the second option of a choice whose first option says what is compared before the same
#: preposition ("the number of crews at the Orla Regatta in 2025 or at the Orla Junior Regatta in 2025")
_OPTION_PREPOSITION_RE = re.compile(r"(at|in|on|of|for|from|by|to)\s+(?:(?:the|a|an)\s+)?(?=\S)", re.IGNORECASE)
#: a qualifier both options end with ("in 2025", "in the 2025 season"): said of both, no part of either name
_SHARED_TAIL_RE = re.compile(r"\s+(?:in|during|for|as\s+of)\s+(?:the\s+)?(?:[\w'’-]+\s+){0,2}?(?:1[0-9]|20)\d\d"
                             r"(?:\s+[\w'’-]+)?$", re.IGNORECASE)


#: the second option of a choice between two years of one thing's figure, the year first and the words said of both
#: after it ("2025 Orla Cup prize fund" of "the 2023 or the 2025 Orla Cup prize fund"): group 1 is the year
_YEAR_BEFORE_SHARED_RE = re.compile(r"((?:1[0-9]|20)\d\d)\s+(?=[^\W\d_])")


#: an option followed by the place it is at ("Brenna at Yarrowby Mill", "Brenna in the Yarrowby Museum"): group 1 the
#: option
_PLACE_AFTER_RE = re.compile(r"(.+?)\s+(?:at|in)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+[\w'’.-]+){0,5}")


def _parallel_objects(opts: list[str]) -> list[str]:
    """The two things a choice compares when its options are parallel phrases (``opts``, as split at " or "): the
    second opens with a preposition the first has after the words saying what is compared ("number of crews at the
    Orla Regatta in 2025" / "at the Orla Junior Regatta in 2025" -> "Orla Regatta" / "Orla Junior Regatta"), each
    the object of that preposition, a qualifier of a year both end with left out (the question still names it).
    ``opts`` unchanged otherwise ("Tarn or Vell", "the older bridge or the newer one")."""
    if len(opts) != 2:
        return opts
    second = _OPTION_PREPOSITION_RE.match(opts[1])
    if second is None:
        return opts
    prep = second.group(1).lower()
    firsts = [m for m in re.finditer(rf"\b{prep}\s+(?:(?:the|a|an)\s+)?(?=\S)", opts[0], re.IGNORECASE)
              if m.start() > 0]
    if not firsts:
        return opts
    out = [opts[0][firsts[0].end():], opts[1][second.end():]]
    tails = [_SHARED_TAIL_RE.search(o) for o in out]
    if tails[0] is not None and tails[1] is not None \
            and tails[0].group(0).casefold() == tails[1].group(0).casefold():
        out = [o[:t.start()] for o, t in zip(out, tails) if t is not None]
    return out if all(o.strip() for o in out) else opts


def comparison_options(question: str) -> list[str]:
    """The named options of a choice ("..., A or B?" -> [A, B]; "Are A and B both ...?" -> [A, B]), else [].

    Options are the text around " or " after the last comma or colon (or the names around it), quotes, a
    leading article and a possessive description in apposition before a name (:data:`_DESCRIBED_RE`: "her sister
    ship the SS Tarn" -> "SS Tarn") stripped; without a comma, two names joined by " or " at the question's end ("Who was born
    first Iain Pears or Richard Llewellyn?"). Each option must hold a content word.
    """
    q = criterion_first(" ".join((question or "").split())).rstrip(" ?.!")
    compared = attribute_comparison(q)  # "How does X compare with Y in A and B?": the two things compared
    if compared is not None:
        return list(compared.things)
    # two years of one thing compared ("Did the fair draw more visitors in 2021 or in 2022?"): the years
    years = _YEARS_OR_RE.search(q)
    if years is not None and _COMPARATIVE.search(q[:years.start()]) and years.group(1) != years.group(2):
        return [years.group(1), years.group(2)]
    choice = _CHOICE_OR_RE.match(q)  # "Should I use tomlbay or tomlkit to parse TOML?": the objects of the choice verb
    if choice is not None:
        opts = [o.strip(" \"'“”‘’") for o in choice.group("a", "b")]
        if all(key_terms(o) for o in opts):
            return opts
    tail = re.split(r"[,:;]\s*", q)[-1] if re.search(r"[,:;]", q) else ""
    m = re.fullmatch(r"(?:(?:the|a|an)\s+)?(.+?),?\s+or\s+(?:(?:the|a|an)\s+)?(.+)", tail, re.IGNORECASE) if tail else None
    if m is None and re.search(r"[,:;]", q):
        parts = re.split(r"[,:;]\s*", q)
        if len(parts) >= 3 and re.match(r"(?:or\s+)", parts[-1], re.IGNORECASE):
            m = re.fullmatch(r"(.+?)\s*,?\s*or\s+(.+)", f"{parts[-2]} {parts[-1]}", re.IGNORECASE)
    if m is not None:
        opts = [_DESCRIBED_RE.sub("", o.strip(" \"'“”‘’")) for o in m.groups()]
        opts = _parallel_objects(opts)
        # the place both are at, said after the second ("Which is older, Tolley or Brenna at Yarrowby Mill?"): the
        # second option is the name before it, as the first is a bare name
        placed = _PLACE_AFTER_RE.fullmatch(opts[1]) if len(opts) == 2 and not _PLACE_AFTER_RE.fullmatch(opts[0]) \
            else None
        if placed is not None and key_terms(placed.group(1)):
            opts = [opts[0], placed.group(1)]
        # two years before one thing's figure both are of ("Which is larger: the 2023 or the 2025 Orla Cup prize
        # fund?"): the years, the words after the second said of both
        shared = _YEAR_BEFORE_SHARED_RE.match(opts[1]) if _COMPARATIVE.search(q) else None
        if shared is not None and re.fullmatch(r"(?:1[0-9]|20)\d\d", opts[0]) and opts[0] != shared.group(1):
            return [opts[0], shared.group(1)]
        return opts if all(key_terms(o) for o in opts) else []
    ents = [part for e in find_entities(q) for part in re.split(r"\s+(?:and|&)\s+", e) if key_terms(part)]
    words = q.lower().split()
    if words and words[0] not in _AUX:  # no comma: "Who was born first Iain Pears or Richard Llewellyn?"
        for a, b in zip(ents, ents[1:]):
            if re.search(rf"{re.escape(a)}\s+or\s+(?:the\s+)?{re.escape(b)}$", q):
                return [a, b]
    if words and words[0] in _AUX and len(ents) >= 2:
        m2 = re.search(r"(.+?)\s+(?:and|or)\s+(.+)", q)
        if m2:
            named = [e for e in ents if e in q]
            left = [e for e in named if q.find(e) < m2.end(1)]
            right = [e for e in named if q.find(e) >= m2.start(2)]
            if left and right:
                return [left[-1], right[0]]
    return []


#: an attribute word a figure may follow ("a budget of 1.2 million", "a population of about 9,300")
_ATTRIBUTE_WORD_RE = re.compile(r"\b(" + "|".join(quantity_attributes()) + r")\b", re.IGNORECASE)


def _in_name(sentence: str, start: int, end: int, names: tuple[str, ...]) -> bool:
    """Whether the capitalised word at ``sentence[start:end]`` is a word of a proper name, no common noun: it lies in
    a name of ``names`` (the question's) the sentence writes, or it follows a capitalised word that is no function
    word ("the Tarrow Fell Ski Area costs", "Brask Valley Range": a name's head, not the attribute "area")."""
    if not sentence[start:end][:1].isupper():
        return False
    for name in names:
        for m in compiled(rf"(?<!\w){re.escape(name)}(?!\w)", re.IGNORECASE).finditer(sentence):
            if m.start() <= start and end <= m.end():
                return True
    before = re.search(r"([^\W\d_][\w'’-]*)\s+$", sentence[:start])
    return before is not None and before.group(1)[:1].isupper() and not is_stopword(before.group(1).casefold())


def _of_asked_kind(sentence: str, start: int, end: int, asked: set[str], names: tuple[str, ...] = ()) -> bool:
    """Whether the number at ``sentence[start:end]`` can be a figure of one of the ``asked`` kinds
    (:func:`shared.text.quantity.asked_quantity`). Its kind is read from the words around it
    (:func:`shared.text.quantity.figure_kind`: "€2.1 million" money, "five apprentices" a count), else from the
    attribute named just before it ("a budget of 1.2 million" money, "a population of about 9,300" a count; an
    attribute's word inside a proper name is none, :func:`_in_name` with the question's ``names``: "the Tarrow Fell
    Ski Area costs 48 EUR" names no area), else from the figure up to the next number
    (:func:`shared.text.quantity.stated_kinds`: "6.4 m" a length). A number nothing gives another kind can be a
    count, never a sum of money or a size: a question asking the turnover is not answered by a town's population."""
    of = figure_kind(sentence, start, end)
    if of:
        return bool(asked & set(of))
    if "count" in asked:
        return True
    # the sentence names an attribute of the asked kind just before it: "a budget of 1.2 million" is money
    at = max(0, start - 40)
    named = [m.group(1).casefold() for m in _ATTRIBUTE_WORD_RE.finditer(sentence, at, start)
             if not _in_name(sentence, m.start(1), m.end(1), names)]
    if named:
        return bool(asked & set(ATTRIBUTE_KINDS[named[-1]]))
    later = re.search(r"\d", sentence[end:end + 30])  # the figure ends before the next number
    return bool(stated_kinds(sentence[max(0, start - 4):end + (later.start() if later else 30)]) & asked)


#: what marks a clock time beyond doubt: a colon ("14:00") or "am" / "pm" ("9.30 am"); "3.50" may be a price
_CLOCK_MARK_RE = re.compile(r":|\d\s*[ap]\.?m\b", re.IGNORECASE)


#: the comparative and "than" after a difference figure ("212 m| higher than"): what follows is the compared thing
_DIFFERENCE_THAN_RE = re.compile(r"\s+[^\W\d_]+\s+than\b", re.IGNORECASE)


def answer_candidates(sentence: str, kind: AnswerType, question: str) -> list[str]:
    """Phrases of ``sentence`` that could answer a ``kind`` question about ``question``, in text order.

    ``when``: years, dates, centuries (a question asking when something is open, :func:`shared.text.hours.asks_hours`:
    the times of day of a sentence giving the opening hours of the time asked, "Sunday: 11:00-16:00",
    :func:`shared.text.hours.time_state`; a question asking for a day, "on what date", "birth date": only written
    dates with a day or year beside their month); ``how_many``: numbers (digits or number words), except those of
    a written date, years after a preposition or a month ("in 1902", "June 1915") and, for a question counting
    things that are no unit ("how many arches": :func:`shared.text.quantity.counted_nouns`), measures ("143
    kilometres", "€40": :func:`shared.text.quantity.is_measure`), and, for a question asking a figure of a kind
    (:func:`shared.text.quantity.asked_quantity`: "the budget of" asks money), figures of another known kind
    (:func:`shared.text.quantity.figure_kind`: "eleven members" is a count, no budget; a bare number, "a
    population of 9,300", is a count only), the numbers of a time of day ("at 14:00", "9.30 am") and of a postal
    address line (:func:`shared.text.quantity.address_number`: "Lindenweg 4, 4410 Tarrow"); ``measure``: numbers
    followed by a unit of the kind the question asks (:func:`shared.text.quantity.asked_quantity`: "34 metres", "a
    22-metre tower" for "how tall"; "142 steps" or "1868" answer no "how tall"), except those of a written date and
    those whose own words name another dimension than the question's (:func:`shared.text.sizes.size_dimensions`:
    "240 metres deep" or "3 km east of the village", a distance from a place, answer no "how wide"); for a question
    asking a size by "how big / large / small" (:func:`shared.text.quantity.asks_size`), ``how_many`` and
    ``measure`` take no elevation a thing lies at (:func:`shared.text.sizes.states_elevation`: "altitude 1740 m");
    ``who`` / ``where`` /
    ``which`` / ``what``: quoted titles and capitalised names whose words are not all in the question (a
    name the question already gives is not its answer; names next to each other in a list are each a candidate:
    :func:`shared.text.terms.find_entities` with ``list_items``; for ``who`` / ``where`` a nationality word used
    as an adjective, "an English actor", is none, nor for a question whose wh-phrase names a kind of thing); a
    name whose kind is known (:func:`shared.text.kinds.name_kind`: "University of Orlen", "Tarn is a 1999 film")
    and is not one the question can be answered by (:func:`shared.text.kinds.accepted_kinds`: the head noun of
    "which team", "what film"; a person or a group for ``who``; a place or an institution for ``where``) is none;
    ``comparison``: the options named in the sentence;
    ``yes_no`` and ``none``: none. A question asking times of day (:func:`shared.text.hours.asks_clock_times`: "At what
    times do trains leave X on a Wednesday?") is answered by the times of day (:data:`shared.text.hours.CLOCK_RE`) of a
    sentence whose days cover the day asked (:func:`shared.text.hours.covers_time`: "at 10:15 and 15:00, Tuesday to
    Friday"), none of one of other days or, a day being asked, of one naming none. Never raises.
    """
    if kind in ("none", "yes_no") or not sentence:
        return []
    if kind == "comparison":
        low = sentence.casefold()
        return [o for o in comparison_options(question) if o.casefold() in low
                or (key_terms(o) and set(key_terms(o)) <= set(tokenize(sentence)))]
    if kind == "why":  # "Why did X close?": a clause giving a cause ("because the basin had cracked"), never a name
        return cause_clauses(sentence)
    if kind == "when" and asks_hours(question):
        # "When is X open on Sundays?": the hours of that day ("Sunday: 11:00-16:00"), no date; a sentence of another
        # day's hours ("Tuesday to Saturday: 10:00-17:00") or saying the day is closed gives none; "When is X open in
        # winter?": the hours of a clause naming winter ("1 November to 31 March: weekends only, 11:00 to 16:00")
        time = asked_time(question)
        if time is not None and time_state(sentence, time) is not True:
            return []
        return [m.group(0) for m in CLOCK_RE.finditer(sentence)]
    if kind == "when" and asks_clock_times(question):
        # "At what times do trains leave X on a Wednesday?": the times of day of a sentence whose days cover the day
        # asked ("10:15, 12:30 and 15:00, Tuesday to Friday"), none of one of other days ("Saturday and Sunday only")
        # nor, a day being asked, of one naming no day
        day = recurring_time(question)
        if day is not None and covers_time(sentence, day[0], day[1]) is not True:
            return []
        return [m.group(0) for m in CLOCK_RE.finditer(sentence)]
    if kind == "when":
        q_years = set(_YEAR_RE.findall(question))
        # a recurring time ("held every October", "annually in May") dates no event: it answers no question about a
        # past one or a first time ("When was X first held?"), only one asking the habit ("When is X held?")
        again = recurring_spans(sentence) if _PAST_EVENT_RE.search(question) or _FIRST_TIME_RE.search(question) else []
        out = [m.group(0) for m in _DATE_RE.finditer(sentence)
               if not any(s <= m.start() and m.end() <= e for s, e in again)]
        if _DAY_ASKED.search(question):  # "on what date": a day of a month, never a bare year or month
            return [d for d in out if re.search(r"\d", d) and not re.fullmatch(r"\d{1,2}(?:st|nd|rd|th) century", d)]
        out += [y for y in _YEAR_RE.findall(sentence) if y not in q_years and y not in " ".join(out)]
        if _SEASON_ASKED.search(question):  # "which season": "the third season", "season 4" name one too
            out += [m.group(0) for m in _SEASON_RE.finditer(sentence)]
        return out
    if kind == "measure":
        kinds = set(asked_quantity(question)) or {"length"}
        q_nums = {m.group(0) for m in _NUMBER_RE.finditer(question)}
        # an amount written in words is read in digits ("The line is nine miles long": 9 miles), and given as written
        text, written = numerize(sentence)
        dates = [(m.start(), m.end()) for m in _DATE_RE.finditer(text) if re.search(r"\d", m.group(0))]
        dimensions = size_dimensions(question)  # "How wide ...?": the width, no depth nor a distance from a place
        size = asks_size(question)
        # a difference between two values ("212 m higher than", "higher by 14 m") is no value of either
        # (shared.text.sizes.difference_spans), and what follows its "than" is the other thing's ("212 m higher than
        # Y, which is 3,190 m high")
        for start, end in difference_spans(text):
            than = _DIFFERENCE_THAN_RE.match(text, end)
            dates += [(start, end)] + ([(than.end(), len(text))] if than else [])
        out = []
        for m in _NUMBER_RE.finditer(text):
            if not m.group(0)[:1].isdigit() or m.group(0) in q_nums or any(s <= m.start() < e for s, e in dates):
                continue
            figure = text[m.start():m.end() + 30]
            later = re.search(r"\d", figure[len(m.group(0)):])  # the figure ends before the next number
            figure = figure[:len(m.group(0)) + later.start()] if later else figure
            # (a gradient's sentence names the steepness it gives: "maximum gradient 46 %")
            if not stated_kinds(figure) & kinds and not (
                    "gradient" in kinds and gradient_figure(sentence, m.start(), m.end())):
                continue
            # the figure's own words name another dimension ("240 metres deep", "3 km east of the village")
            if dimensions and (own := figure_dimensions(text, m.start(), m.start() + len(figure))) and not own & dimensions:
                continue
            if size and states_elevation(text, m.start()):  # "How large is X?": "altitude 1740 m" is no size
                continue
            out.append(written.get(m.start(), m.group(0)))
        return out
    if kind == "how_many":
        q_nums = {m.group(0) for m in _NUMBER_RE.finditer(question)}
        dates = [(m.start(), m.end()) for m in _DATE_RE.finditer(sentence) if re.search(r"\d", m.group(0))]
        dates += [(s, e) for s, e, _end in range_day_spans(sentence)]  # "from 9 to 19 October": a day, no count
        # "start at 14:00", "at 9 am": a time of day, no count ("€3.50" is none)
        dates += [(m.start(), m.end()) for m in CLOCK_RE.finditer(sentence) if _CLOCK_MARK_RE.search(m.group(0))]
        nouns = counted_nouns(question)
        no_measure = bool(nouns) and not counts_measure(nouns)  # "how many arches": 143 kilometres is none
        # "what is the budget of": an amount of money, never a figure of another kind ("eleven members")
        asked = set(asked_quantity(question))
        asked_names = tuple(find_entities(question)) if asked else ()
        # "What does an adult pay for admission?": a price, never an amount a thing has as a whole ("income (EUR)
        # 874,000", "an annual budget of €2 million")
        price = asks_price(question)
        q_words = set(tokenize(question))
        # "How many passengers can each car carry?": a figure of one car, never a total over a year ("Year 2021:
        # passengers 182,400", "262,085 passengers in 2024": shared.text.quantity.period_total)
        unit = per_unit(question) is not None
        # "How large is X?": its size, never the altitude it lies at ("X: altitude 1740 m", "sits at 2,100 metres")
        size = asks_size(question)
        return [m.group(0) for m in _NUMBER_RE.finditer(sentence) if m.group(0) not in q_nums
                and not (size and states_elevation(sentence, m.start()))
                and not (unit and period_total(sentence, m.start(), m.end()))
                and not any(s <= m.start() < e for s, e in dates)  # part of a written date
                and not address_number(sentence, m.start(), m.end())  # a house number or postcode: "Lindenweg 4"
                and not (_YEAR_RE.fullmatch(m.group(0).rstrip(",.")) and _YEAR_AFTER.search(sentence[:m.start()])
                         and not measured_number(sentence, m.end()))  # "in 1902", not "of 2000 W"
                and not (no_measure and is_measure(sentence, m.start(), m.end()))
                and not (asked and not _of_asked_kind(sentence, m.start(), m.end(), asked, asked_names))
                and not (price and whole_amount(sentence, m.start()))
                # nor what an act the question does not name costs ("The restoration will cost 1.8 million euros")
                and not (price and (act := cost_act(sentence, m.start())) is not None
                         and not set(tokenize(act)) <= q_words)]
    if kind == "who" and (label := row_label(sentence)) is not None and not doer_label(label) \
            and not (set(tokenize(label)) and set(tokenize(label)) <= set(relation_terms(question))):
        # "X: type Open-air swimming pool", "X: status Closed": a row of no doer names nobody; a row labelled with
        # the role the question asks ("X: warden Ann Vale" for "Who is the warden of X?") names its holder
        return []
    if kind in ("what", "which") and (phrases := _prepositional_phrases(sentence, question)):
        # "What guns was X armed with?": "armed with eight 9-inch guns" names the guns, no capitalised name needed
        return phrases
    q_tokens = set(tokenize(question))
    accepted = accepted_kinds(question, kind)
    # a who / where question in another language names its subject in its own words ("le conseil du district de
    # Valdrenne"): a name holding one of the question's own names ("Valdrenne District Council") is that subject
    q_names = {t for e in find_entities(question) for t in tokenize(e)} \
        if kind in ("who", "where") and foreign_question(question) else set()
    out = []
    german = detect_language(sentence) == "de"
    # a recurring time ("Every July we host ...", "each Sunday") names no one, no place and no thing asked
    again = recurring_spans(sentence) if kind in ("who", "where", "which") or accepted is not None else []
    for ent in find_entities(sentence, list_items=True):  # names next to each other in a list are each a name
        if german:  # "auf der Insel Varnö": Varnö; "im Jahr 1964": no name
            ent = _german_name(sentence, ent)
            if not any(ch.isalpha() and ch.isupper() for ch in ent):
                continue
        toks = tokenize(ent)
        if toks and not set(toks) <= q_tokens and not _YEAR_RE.fullmatch(ent.strip()) and not set(toks) & q_names:
            if kind == "who" and (_PLACE_BEFORE.search(before := sentence[:_name_at(sentence, ent)])
                                  or (german and _DE_PLACE_BEFORE.search(before))):
                continue  # "sits in Ostrelle", "held near Keswold", "auf der Insel Varnö": a place, never who
            if kind == "who" and (_definite_building(before, toks) or _building_owner(
                    before, sentence[_name_at(sentence, ent) + len(ent):])):
                continue  # "the reopened Fern House", "the Tarn Bridge", "the former Ferrin cotton mill": a building
            if kind == "who" and _opening_common_word(sentence, ent):
                continue  # "Landing fees are paid ...", "Tickets cost £5": a common word opening the sentence
            if kind == "who" and _role_of(before):
                continue  # "appointed chief executive of the Orlen Trust", "the founder of Varn Mills": the body the
                # role is of, never who holds it
            if again and any(a <= (at := _name_at(sentence, ent)) < b or at <= a < at + len(ent) for a, b in again):
                # the name after the time ("Each Sunday the Orla Club" -> "Orla Club"), else none
                rest = re.sub(r"^(?:the\s+)?", "", ent[max(b for a, b in again if a < at + len(ent)) - at:].strip(),
                              flags=re.IGNORECASE)
                if not rest[:1].isupper() or set(tokenize(rest)) <= q_tokens:
                    continue
                ent = rest
            if kind in ("who", "where") and is_date(ent):
                continue  # "May 1987": a date says when, never who nor where
            if (kind in ("who", "where") or accepted is not None) and _is_adjective(sentence, ent):
                continue  # "an English actor": a nationality, never who or where, nor a film or a team asked for
            if accepted is not None and (found := name_kind(ent, sentence)) is not None and found not in accepted:
                continue  # a name of another kind than asked: a university for "which team", a film for "who"
            out.append(ent)
    if kind == "who":  # "founded by dock workers", "The townspeople built the hall": a group of people is who
        out += [g for g in people_groups(sentence) if g not in out]
    return out


def _opening_common_word(sentence: str, ent: str) -> bool:
    """Whether ``ent`` is one word opening ``sentence``, capitalised only for that, not a name: a plural or an
    "-ing" form that the English word list counts as a common word (more than :data:`_COMMON_WORD_COUNT` times,
    :func:`shared.text.packages.english_count`) before a word in lower case ("Landing fees are paid ...", "Tickets
    cost £5"). A surname opening a sentence is no such word ("Pohl retired", "Collins founded the firm": rarer in
    the list); "Anna Berg" is two words."""
    if " " in ent or not ent[:1].isupper() or not ent.lower().endswith(("ing", "s")):
        return False
    m = re.match(rf"\W*{re.escape(ent)}\s+[a-z]", sentence)
    return m is not None and english_count(ent) > _COMMON_WORD_COUNT


#: how often the English word list counts a plain word at least (a surname written like a word, "Collins",
#: "Manning", is counted fewer than 2,000 times; "fees" 5,000, "landing" 28,000)
_COMMON_WORD_COUNT = 3000


#: nouns of people that no agent suffix marks (:func:`is_people_noun`; singular or plural, as
#: :func:`shared.text.tokens.tokenize` folds them)
_PEOPLE_NOUNS = frozenset(tokenize(
    "people persons person townspeople townsfolk folk locals local residents resident inhabitants inhabitant "
    "citizens citizen merchants merchant members member monks monk nuns nun students student immigrants immigrant "
    "settlers settler peasants peasant families family friends friend veterans veteran refugees refugee pilgrims "
    "pilgrim clergy parishioners graduates graduate alumni employees employee staff crew servants servant tenants "
    "tenant artisans artisan craftsmen guests guest parents parent children child men man women woman couple "
    "brothers sisters sons daughters partners partner colleagues colleague villagers"))
#: plural endings of agent nouns and nouns of people ("workers", "sailors", "socialists", "historians",
#: "fishermen", "townsfolk")
_PEOPLE_SUFFIX = re.compile(r"(?:[a-z]{2}(?:ers|ors|ists|ians|eers)|[a-z]{2}(?:men|women|folk|people))$")
#: what may stand between "by" and a group of people: articles, numbers and words that describe them
_GROUP_LEAD = frozenset("a an the its their his her some several two three four five six seven eight nine ten "
                        "twelve local young former group band body party circle number team gathering".split())
_GROUP_BY = re.compile(r"\bby\s+((?:[a-z][a-z-]*\s+){0,4}?[a-z][a-z-]*)(?=\s*(?:[.,;:!?)]|\s(?:in|at|on|from|and|"
                       r"or|who|which|that|during|after|before|for|with|under|until|till|since|to|as|near|between|"
                       r"around)\b|$))")
_GROUP_SUBJECT = re.compile(r"^(?:The\s+|A\s+|An\s+)?((?:[A-Za-z][a-z-]*\s+){0,2}?[a-z][a-z-]*)\s+(?:[a-z]+ed|built|"
                            r"began|began|founded|set\s+up|made|ran|led|held|won|took|gave|wrote|bought|sold)\b")


#: common nouns of things that end like the plural of an agent noun ("rivers", "towers", "headquarters"): no people
_NOT_AGENTS = frozenset(tokenize(
    "rivers waters borders corners letters numbers chapters towers papers powers layers matters quarters "
    "headquarters orders computers containers filters folders meters theaters shelters characters flowers fingers "
    "winters summers ladders levers timbers doors floors colors colours mirrors errors factors sectors motors "
    "corridors vectors tractors monitors reactors anchors elevators radiators indicators"))


#: a row of a record or a fact sheet as a claim writes it (``services.scraper.fetch.files.json_text``,
#: ``shared.text.tables.label_lines``): the subject, a colon, the row's label in lower-case words and its value,
#: which opens with a capital or a figure ("Tarn Mill: architect Ida Holm", "Tarn Mill: type Water mill")
_LABEL_ROW_RE = re.compile(r"^[^:.;!?]{1,120}?:\s+(?P<label>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,4}?)\s+"
                           r"(?=[A-Z0-9£$€])")
#: nouns of one who holds a role that no doer's suffix marks
_ROLE_NOUNS = frozenset(tokenize("chief head executive chair chairman chairwoman patron trustee mayor king queen champion"))
#: the suffixes of a noun for one who does or holds something ("founder", "operator", "architect", "novelist",
#: "president", "tenant", "trustee")
_DOER_SUFFIX = re.compile(r"(?:er|or|ect|ist|ant|ent|ee)$")


#: a role noun and its "of" right before a name ("chief executive of the", "founder of"): the name is the body or the
#: thing the role is of
_ROLE_OF_BEFORE = re.compile(r"\b(?P<role>[a-z][\w-]*)\s+of\s+(?:the\s+)?$")


def _role_of(before: str) -> bool:
    """Whether the text ``before`` a name ends with a noun of one holding a role and its "of" ("Ada Lenz, chief
    executive of the", "the founder of"): the name after it is what the role is of, not its holder. A noun of people
    ("members of the", "workers of"), which may say who as a group, is none."""
    m = _ROLE_OF_BEFORE.search(before)
    if m is None:
        return False
    role = m.group("role").casefold()
    toks = tokenize(role)
    return bool(toks) and not is_people_noun(toks[0]) and (
        toks[0] in _ROLE_NOUNS or (bool(_DOER_SUFFIX.search(toks[0])) and toks[0] not in _NOT_AGENTS))


def row_label(sentence: str) -> str | None:
    """The label of ``sentence`` when it is a row of a record or a fact sheet ("Tarn Mill: architect Ida Holm." ->
    "architect"; "Tarn Mill: date opened 1911-05-02." -> "date opened"; :data:`_LABEL_ROW_RE`), else None (a
    sentence of prose, a label of more than five words). Never raises."""
    m = _LABEL_ROW_RE.match(sentence or "")
    return m.group("label") if m is not None else None


#: a preposition placing a thing at, in or near a named place ("in Haldane Cross", "near the Orla", "3 km north of
#: Fenby"); the name must open with a capital right after it (or after "the")
_PLACED_AT_RE = re.compile(r"\b(?P<prep>in|at|near|within|inside|outside|beside|close\s+to|next\s+to|on|along|"
                           r"above|across|opposite|overlook(?:s|ing|ed)?|"
                           r"(?:north|south|east|west)(?:-?(?:east|west))?\s+of|"
                           # "the south bank of", "the foot of", "the edge of": a part of a named place
                           r"the\s+(?:[a-z]+\s+)?(?:bank|shore|coast|edge|side|foot|summit|outskirts)s?\s+of)"
                           r"\s+(?P<the>the\s+)?"
                           r"(?P<name>(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*))*)(?P<after>\s+[a-z]+)?",
                           re.IGNORECASE)
#: a distance from a named place: "3 km from Fenby", "12 miles south-west of Orla"; the unit is checked to be one
#: of length (:func:`_length_unit`)
_DISTANCE_FROM_RE = re.compile(r"\b\d[\d,.]*\s*(?P<unit>[^\W\d_]+)\.?\s+(?:(?:north|south|east|west)"
                               r"(?:-?(?:east|west))?(?:wards?)?\s+)?(?:from|of)\s+(?:the\s+)?"
                               r"(?P<name>(?-i:[A-Z][\w'’-]*)(?:\s+(?-i:[A-Z][\w'’-]*))*)", re.IGNORECASE)
#: a lower-case noun after "in <Name>" saying the name is a style, a manner or a period, no place ("in Art Deco
#: style", "in Georgian fashion", "in Tudor times")
_NOT_PLACE_AFTER = frozenset(tokenize("style styles fashion manner mode idiom tradition genre colour colours color "
                                      "colors livery taste revival period era times"))
#: a single word after "in" (no article) that names a language or a style by its adjective ending ("in English",
#: "in Japanese", "in Gothic", "in Georgian"); "in the Baltic" keeps its article and stays a place
_LANGUAGE_LIKE_RE = re.compile(r"(?:ish|ese|ic|ian)$", re.IGNORECASE)


def _length_unit(word: str) -> bool:
    """Whether ``word`` names a unit of length ("km", "miles", "metres") by the unit registry
    (:func:`shared.units.unit_dimensionality`); False for any other word or unit. Never raises."""
    from shared.units import unit_dimensionality

    return unit_dimensionality(word) == "[length]"


def _language_names() -> frozenset[str]:
    """Every name of a report language (shared.text.language.LANGUAGES) in lower case, plus Latin."""
    from shared.text.language import LANGUAGES

    return frozenset({"latin", *(n.casefold() for name, others in LANGUAGES.values() for n in (name, *others))})


def _placed_name(m: re.Match[str]) -> str | None:
    """The place name a :data:`_PLACED_AT_RE` match gives, or None when "in" introduces a style, a language or a
    period rather than a place ("in Art Deco style", "in English", "in Latin")."""
    name = m.group("name")
    if m.group("prep").casefold() == "in":
        after = (m.group("after") or "").strip().casefold()
        if after and after in _NOT_PLACE_AFTER:
            return None
        if m.group("the") is None and " " not in name and (
                name.casefold() in _language_names() or _LANGUAGE_LIKE_RE.search(name)):
            return None
    return name
#: a record row's label that gives where a thing is though it names no kind of place: its address, its coordinates
_ADDRESS_LABELS = frozenset(tokenize("address postcode coordinates"))


def asks_own_place(question: str) -> bool:
    """Whether ``question`` asks where the thing it names is: a "where" question (:func:`answer_type`: "Where is
    X?", "Where is X located?", "In which town is X?") that asks no relation but the location's
    (:func:`relation_terms` all of ``shared.text.relations.RELATIONS["location"]``: "located", "based",
    "headquarters"), so not "Where was Ann Lee born?" nor "Where did the band form?". Never raises."""
    if answer_type(question) != "where":
        return False
    return all("location" in relations_of(t) for t in relation_terms(question))


def states_place(sentence: str, question: str = "") -> bool:
    """Whether ``sentence`` states where something is, as a "where" question asking a thing's place
    (:func:`asks_own_place`) is answered: a word of the location relation ("located", "lies", "based", "location":
    ``shared.text.relations.RELATIONS``), a record row labelled by a kind of place or an address ("X: town Fenby",
    "X: county Brisdal", "X: address ..."), a preposition placing it at a named place ("in Haldane Cross", "near
    the Orla", "north of Fenby": :data:`_PLACED_AT_RE`) or a name of a kind of place ("Airfield Road", "Brisdal
    County": ``shared.text.kinds.noun_kind``); a name ``question`` gives (the thing asked: "a tour at the Orla
    Raceway"), a date ("in September") or a number is no place. "X: founder Y" states none. Never raises."""
    text = sentence or ""
    if any("location" in relations_of(t) for t in tokenize(text)):
        return True
    label = row_label(text)
    if label is not None and (noun_kind(label) == "place" or tokenize(label)[-1:] in ([a] for a in _ADDRESS_LABELS)):
        return True
    asked = set(tokenize(question))

    def other_place(name: str) -> bool:
        toks = set(tokenize(name))
        return bool(toks) and not toks <= asked and not is_date(name)

    if any((name := _placed_name(m)) is not None and other_place(name) for m in _PLACED_AT_RE.finditer(text)):
        return True
    if any(_length_unit(m.group("unit")) and other_place(m.group("name")) for m in _DISTANCE_FROM_RE.finditer(text)):
        return True
    return any(other_place(e) and noun_kind(e.split()[-1]) == "place" for e in find_entities(text) if " " in e)


def doer_label(label: str) -> bool:
    """Whether a row's ``label`` (:func:`row_label`) names one who does or holds something, whose value may say who:
    a noun with a doer's suffix ("founder", "architect", "builder", "owner", "operator", "president"; not a noun of
    things that ends like one, "tower", "water"), a noun of people (:func:`is_people_noun`), a role noun
    (:data:`_ROLE_NOUNS`: "chief executive", "mayor") or a label ending in "by" ("founded by"). "type", "status",
    "category", "date opened" name none. Never raises."""
    words = (label or "").casefold().split()
    if words and words[-1] == "by":
        return True
    toks = tokenize(" ".join(words))
    return any((_DOER_SUFFIX.search(t) and t not in _NOT_AGENTS) or t in _ROLE_NOUNS or is_people_noun(t)
               for t in toks)


def is_people_noun(word: str) -> bool:
    """Whether a lower-case ``word`` names people: a listed noun of people (:data:`_PEOPLE_NOUNS`: "townspeople",
    "merchants", "residents") or the plural of an agent noun ("dock workers", "sailors", "socialists",
    "fishermen"; not a noun of things that ends like one: :data:`_NOT_AGENTS`). A singular agent noun is none
    ("river", "border" end like "worker"). Never raises."""
    low = word.casefold()
    toks = set(tokenize(low))
    return low in _PEOPLE_NOUNS or bool(toks & _PEOPLE_NOUNS) or (
        bool(_PEOPLE_SUFFIX.search(low)) and not toks & _NOT_AGENTS)


def people_groups(sentence: str) -> list[str]:
    """Groups of people ``sentence`` names as the agent of its verb, written in lower case: after "by" ("founded
    in 1903 by dock workers" -> "dock workers"; "by a group of merchants" -> "a group of merchants") or as its
    subject ("The townspeople built the hall" -> "townspeople"), the phrase ending in a noun of people
    (:func:`is_people_noun`) and holding only lower-case words that describe it (:data:`_GROUP_LEAD` or any word
    right before the noun: "dock"). A capitalised name is no group here (:func:`shared.text.terms.find_entities`
    reads names). Never raises."""
    out: list[str] = []
    found = [m.group(1) for m in _GROUP_BY.finditer(sentence or "")]
    m = _GROUP_SUBJECT.match(sentence or "")
    if m is not None:  # the sentence's first word is capitalised as any sentence's is ("Dock workers founded ...")
        found.append(m.group(1) if m.start(1) > 0 else m.group(1)[:1].lower() + m.group(1)[1:])
    for phrase in found:
        words = phrase.split()
        if not words or not all(w.islower() for w in words) or not is_people_noun(words[-1]):
            continue
        # what stands before the noun: describing words ("dock", "local"), "a group of", never a verb or a clause
        before = words[:-1]
        if "of" in before:
            k = before.index("of")
            if not (k >= 1 and before[k - 1] in _GROUP_LEAD) or any(w not in _GROUP_LEAD for w in before[:k - 1]):
                continue
            before = before[k + 1:]
        if len(before) > 2 or any(re.search(r"(?:ed|ing|ly)$", w) for w in before):
            continue
        if phrase not in out:
            out.append(phrase)
    return out


#: the words before a name that say it is a place or a thing one is in ("sits in Ostrelle", "near Keswold")
_PLACE_BEFORE = re.compile(r"\b(?:in|near|inside|outside)\s+(?:the\s+)?$", re.IGNORECASE)
#: German: a place after "in", "auf", "bei" ... with an article and a common noun ("auf der Insel Varnö", "in der
#: Stadt Tofthamn", "im Dorf Mossvik")
_DE_PLACE_BEFORE = re.compile(r"\b(?:in|im|auf|bei|beim|nahe|nach|aus|am)\s+(?:(?:der|dem|den|des|die|das)\s+)?"
                              r"(?:[A-ZÄÖÜ][\wäöüß-]*\s+)?$")
#: German determiners and prepositions fused with one: the capitalised word after them (and its lower-case
#: adjectives) is a common noun, as German writes every noun ("der Insel", "im Jahr", "dem wabenförmigen Dach")
_DE_DETERMINERS = DE_DETERMINERS | frozenset("im am zum zur vom beim ins".split())
_DE_NOUN_BEFORE = re.compile(r"\b(?i:" + "|".join(sorted(_DE_DETERMINERS)) + r")\s+(?:[a-zäöüß][\wäöüß-]*\s+)*$")


def _german_name(sentence: str, name: str) -> str:
    """``name`` (a capitalised phrase of a German ``sentence``) without the article and the common noun it opens
    with: German capitalises every noun, so "Insel Varnö" (after "auf der") is "Varnö", "Architektin Sigrun
    Imsland" (after "von der") is "Sigrun Imsland", "Jahr 1964" is "1964" and "Das Gebäude" nothing. Only the
    first noun is taken off (a capitalised word after a common noun is a name in apposition)."""
    words = name.split()
    before = sentence[:_name_at(sentence, name)]
    if words and words[0].casefold() in _DE_DETERMINERS:
        before += words.pop(0) + " "
    if words and _DE_NOUN_BEFORE.search(before):
        words.pop(0)
    return " ".join(words)


#: the last word of a building's name ("Fern House", "Carrow Bridge", "St Olave's Church")
_BUILDING_HEADS = frozenset(tokenize(
    "house hall tower bridge church chapel cathedral abbey castle palace lighthouse glasshouse greenhouse pavilion "
    "conservatory orangery station stadium arena theatre theater mill barn gate viaduct"))
#: a definite article, then at most two lower-case words ("the reopened", "the old stone"), right before a name
_DEFINITE_BEFORE = re.compile(r"\b(?:[Tt]he|[Ii]ts|[Tt]heir|[Hh]is|[Hh]er)\s+(?:[a-z][\w-]*\s+){0,2}$")


def _definite_building(before: str, toks: list[str]) -> bool:
    """Whether a name of tokens ``toks`` whose sentence reads ``before`` before it is a building: its last word is
    a building's (:data:`_BUILDING_HEADS`) and a definite article or a possessive stands before it ("the reopened
    Fern House", "its Palm House"). A publisher or a company named so ("published by Random House") has none."""
    return len(toks) > 1 and toks[-1] in _BUILDING_HEADS and _DEFINITE_BEFORE.search(before) is not None


#: the lower-case words right after a name, up to three ("Ferrin cotton mill on the ...": "cotton mill on")
_WORDS_AFTER = re.compile(r"^\s+((?:[a-z][\w-]*)(?:\s+[a-z][\w-]*){0,2})")


def _building_owner(before: str, after: str) -> bool:
    """Whether a name with ``before`` before it and ``after`` after it in its sentence only says which building a
    definite article or a possessive names: at most two lower-case words and a building's head noun
    (:data:`_BUILDING_HEADS`) follow it ("the former Ferrin cotton mill", "its Ashby boat house": the name of a family
    or a firm the building is called by, no one who did what a "who" question asks): the noun those words end in,
    before a function word, is the building's. "founded by Ada Ferrin in 1901", "the Ferrin family" or "the Globe
    theatre company" is none."""
    m = _WORDS_AFTER.match(after)
    if m is None or _DEFINITE_BEFORE.search(before) is None:
        return False
    # the noun the lower-case words end in, before a function word ("silk mill on the ...": mill); "the Globe
    # theatre company" names a company, who may have done it
    words: list[str] = []
    for w in m.group(1).split():
        if is_stopword(w.casefold()):
            break
        words.append(w)
    head = tokenize(words[-1]) if words else []
    return bool(head) and head[-1] in _BUILDING_HEADS


def _name_at(sentence: str, name: str) -> int:
    """Where ``name`` first stands in ``sentence`` as a whole word (0 when it is not found; a string search: a pattern
    of each name filled ``re``'s cache, :mod:`shared.text.patterns`)."""
    return max(find_standing(sentence, name), 0)


@lru_cache(maxsize=1024)
def foreign_question(question: str) -> bool:
    """Whether ``question`` is written in another language than English (shared.text.tokens.detect_language)."""
    return detect_language(question) != "en"


#: endings of nationality and people words ("American", "Italian", "Japanese", "English", "Israeli")
_NATIONALITY_ENDINGS = ("an", "ese", "ish", "i")
#: nationality words of other endings
_NATIONALITY_WORDS = frozenset("french dutch greek thai swiss czech welsh irish scots".split())


def _is_adjective(sentence: str, name: str) -> bool:
    """Whether the one-word name ``name`` is used as a nationality adjective in ``sentence``: a capitalised word
    ending like one (:data:`_NATIONALITY_ENDINGS`) that stands before a lower-case word at each place it is
    written ("an English actor", "a 2004 American action film"; not "Sam Waterston as Oppenheimer", "Milan"); with
    "-born" after it, a nationality too ("a Swedish-born geologist" says no birthplace; "a Kessby-born geologist"
    names one)."""
    low = name.strip().lower().removesuffix("-born")
    if " " in low or not (low.endswith(_NATIONALITY_ENDINGS) or low in _NATIONALITY_WORDS):
        return False
    at = list(compiled(rf"(?<![\w-]){re.escape(name)}(?![\w-])").finditer(sentence))
    return bool(at) and all(re.match(r"[ \t]+[a-z]", sentence[m.end():]) for m in at)


def is_date(phrase: str) -> bool:
    """Whether ``phrase`` is only a date, month, year, century or day of the week ("September", "12 May 1990", "the
    1990s", "Tuesday", "Sundays"; a day's abbreviation, "Sun", "Wed", may be a name and is none): no answer to a
    who / where / which question. Never raises."""
    p = re.sub(r"^(?:the|in|on)\s+", "", " ".join((phrase or "").split()), flags=re.IGNORECASE).strip(" ,.;")
    return bool(p) and (_DATE_RE.fullmatch(p) is not None or _YEAR_RE.fullmatch(p) is not None
                        or p.casefold() in _WEEKDAYS)


#: a day of the week written whole, one or many ("tuesday", "sundays"): the first two forms of each day in
#: :data:`shared.text.hours.CYCLES` (its abbreviations, "sun", "wed", may be names)
_WEEKDAYS = frozenset(w for forms in CYCLES[DAYS] for w in forms[:2])


class LeadAnswer(NamedTuple):
    """How well a lead answers a question: ``typed`` (a candidate of the right type is stated), ``coverage``
    (share 0-1 of the question's key terms the lead holds) and ``score`` (0-1): 0 when nothing of the right type is
    stated; a comparison ``0.6 + 0.4 x`` the share of its options the lead names; a yes/no :data:`YES_NO_SCORE`
    (a lexical reading of two claims); any other type ``0.4 + 0.2 x coverage + 0.2 x focus``, where focus is the
    share of the wh-phrase's words (:func:`wh_head_terms`: "members" of "how many members") in the sentence
    that states a candidate (0.5 when the question has no wh-phrase). A sentence that counts what a "how many"
    question counts or states a figure of the kind asked (:func:`shared.text.quantity.states_asked`: "8,950
    inhabitants" for "how many people live in", "164 metres" for "how long") holds those words of the question,
    for coverage and focus."""

    kind: AnswerType
    typed: bool
    coverage: float
    score: float


def lead_answer(question: str, lead: str, *, titles: list[str] | None = None) -> LeadAnswer:
    """Does ``lead`` (the report's opening sentences, citations allowed) answer ``question``?

    A yes/no question is answered when the lead opens with a yes/no word (any language of
    :data:`YES_NO_WORDS`), a keep-or-leave one (:func:`keep_or_leave`) also when it opens with the course to take
    (:data:`KEEP_OR_LEAVE_WORDS`: "Keep `durationkit` ..."); a comparison when it names one of the options; a "when" question asking a
    relation of a name it gives (:func:`relation_subject`) when its first sentence states a date
    (:func:`answer_candidates`: an hours row states no date for "When did X open?", and
    a date in the second sentence does not answer for it), and so any question naming its subject directly and
    asking a typed value of it (:func:`typed_subject`: "When did X open?", "How many corners does X have?") when its
    first sentence states a candidate of the type; any other type when it states a candidate of the type.
    ``titles`` (the cited sources' titles) count for
    coverage: a page's title is the subject of its sentences. Returns :class:`LeadAnswer`; an empty lead or
    a question of type ``none`` scores 0.
    """
    kind = answer_type(question)
    text = re.sub(r"\[\d+\]", " ", lead or "")
    if kind == "none" or not key_terms(text):
        return LeadAnswer(kind, False, 0.0, 0.0)
    if kind == "yes_no":
        first = re.match(r"\W*([^\W_]+)", text)
        words = {w.casefold() for pair in YES_NO_WORDS.values() for w in pair}
        # a keep-or-leave question is answered by the course to take ("Keep `durationkit` ...", "Switch ...")
        if keep_or_leave(question) is not None:
            words |= set(KEEP_OR_LEAVE_WORDS)
        typed = bool(first and first.group(1).casefold() in words)
    elif asks_own_place(question):
        # "Where is X?" asks a place: a first sentence stating none ("X: founder the X Club") answers nothing, though
        # it gives a name (:func:`states_place`)
        opening = split_sentences(text)
        typed = bool(opening) and bool(answer_candidates(opening[0].text, kind, question)) \
            and states_place(opening[0].text, question)
    elif typed_subject(question) is not None:
        # "When did X open?", "How many corners does X have?", asking a typed value of a name it gives: the first
        # sentence states it, a later one cannot rescue a first that states none (a question describing its subject
        # may open with the bridge)
        opening = split_sentences(text)
        typed = bool(opening) and bool(answer_candidates(opening[0].text, kind, question))
    else:
        typed = bool(answer_candidates(text, kind, question))
    q_terms = set(key_terms(question))
    have = set(tokenize(" ".join([text, *(titles or [])])))
    # a German, French or Spanish lead says an English question's words in its language ("gegründet" for "founded",
    # "Samenbank" for "seed bank": shared.text.crosslang)
    have |= held_terms(have, q_terms)
    # a sentence counting what a "how many" question counts, or stating a figure of the kind asked, says its
    # wh-phrase in its own words ("8,950 inhabitants" for "how many people live in ...", "164 metres" for "how long")
    said = {sent.text: states_asked(question, sent.text) for sent in split_sentences(text)} if kind in FIGURE_TYPES \
        else {}
    counting = {t for t, own in said.items() if own}
    for own in said.values():
        have |= set(own)
    coverage = len(q_terms & have) / len(q_terms) if q_terms else 0.0
    if not typed:
        score = 0.0
    elif kind == "comparison":  # the choice is stated from the evidence on each option
        options = comparison_options(question)
        named = len(answer_candidates(text, kind, question)) / len(options) if options else 0.0
        score = 0.6 + 0.4 * named
    elif kind == "yes_no":  # a yes/no read off two claims' words: an answer, but a tentative one
        score = YES_NO_SCORE
    else:  # and the sentence stating a candidate holds the words that describe the answer ("seven members")
        head = set(wh_head_terms(question))
        focus = max((1.0 if sent.text in counting else len(head & set(tokenize(sent.text))) / len(head)
                     for sent in split_sentences(text) if answer_candidates(sent.text, kind, question)),
                    default=0.0) if head else 0.5
        score = 0.4 + 0.2 * coverage + 0.2 * focus
    return LeadAnswer(kind, typed, round(coverage, 6), round(score, 6))


# ---- what the question asks about the answer: its relation and the asked-for thing (issue 9) -------------------
#: words that say nothing about the relation asked ("is located in", "is considered", "best known") or only
#: compare ("older", "first"), or only say "at some time" ("Was X ever mayor?"), or only that a figure is asked
#: ("the latest figure for ferry passengers", "the total amount of rainfall": the relation is what it counts):
#: never relation terms
_RELATION_GENERIC = frozenset(tokenize(
    "older younger earlier later larger smaller bigger higher longer shorter more less most least first last known "
    "located considered called named name also one used based well become became best famous type kind part common "
    "both ever formerly previously today now currently presently nowadays still recent recently latest newest current "
    "figure figures amount total"))
#: words that end the phrase holding the relation (a preposition or relative word after it)
_RELATION_BOUND = frozenset("that which who whom whose where when of in on at for by from to with as and or than"
                            .split())
_Q_WORD_RE = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")


def _wh_span(question: str) -> tuple[int, int] | None:
    """Character span of the question's wh-phrase (the earliest, longest pattern of :data:`_PATTERNS`), else None."""
    best: tuple[int, int] | None = None
    for rx, _kind in _TYPE_RE:
        m = rx.search(question)
        if m is not None and (best is None or (m.start(), -m.end()) < (best[0], -best[1])):
            best = (m.start(), m.end())
    return best


#: auxiliaries that invert with the subject after a wh-phrase ("When *was* the town ... founded?", "Where *did* the
#: composer of X study?"): the question's own verb then stands after the whole subject, at its end
_INVERTING_AUX = frozenset("is are was were am be been do does did has have had will would can could".split())
#: words that stand before a noun, never before the question's own verb at its end ("... the capital", "... of 1900")
_BEFORE_NOUN = frozenset("the a an this that these those his her its their my your our whose which what who whom where "
                         "when of in on at for by from to with as into about than and or no not very most more".split()
                         ) | _INVERTING_AUX
#: auxiliaries of a mood or a future, which "who" as the subject takes before its verb ("Who will succeed X?"),
#: not inverting
_MODAL_AUX = frozenset("will would can could shall should may might must".split())
#: pronouns a subject opens with ("Who will she succeed?": an inversion after all)
_SUBJECT_PRONOUNS = frozenset("i you he she it we they".split())
#: words that open a relative clause
_RELATIVE = frozenset("that which who whom whose where when".split())
#: articles opening the noun phrase a question's verb governs ("Who started the garden?"): English's
#: (:data:`shared.text.tokens.ARTICLES`)
_ARTICLES = ARTICLES["en"]
#: prepositions a question may end with after its verb ("What city was she born in?", "Who was it founded by?")
_STRANDED = frozenset("in at by from for to on with into of about after under".split())
#: English irregular past participles (a passive question's verb after "was" / "were": "Where was X born?"); a
#: participle ending in -ed or -en, or a word of :mod:`shared.text.relations`, needs no entry
_IRREGULAR_PARTICIPLES = frozenset(
    "born borne built made held won led sold shot set found bought brought caught taught fought sought kept left "
    "lost meant met paid read said sent spent stood told understood laid hung struck dug bred fed fled spread cast "
    "cut hit put run drawn grown shown thrown known sung begun swum rung sunk drunk done gone seen become come buried "
    "split burnt learnt dreamt dealt felt heard lit slept spun won wound bound ground rebuilt sewn sown hewn".split())


def inverted_verb(question: str) -> str | None:
    """The verb of a question whose auxiliary inverts with a long subject ("In what year was the birthplace of Ilse
    Varga founded?" -> "founded"; "Where was the composer of the Sunfall Overture born?" -> "born"; "When did the
    founder of Corvel die?" -> "die"; "What city was the band that released X formed in?" -> "formed"), else None.

    Read as: the wh-phrase (its head noun words may follow: "how many albums"), an auxiliary, a subject of two
    words or more, and the question's last word (a stranded preposition after it skipped) written in lower case,
    standing after a word that is no article, preposition, auxiliary or relative word (those put a noun or a
    relative clause's own verb there: "the population of the city where he was born"); after the subject's last
    relative word a lower-case word must come before it (else it is that clause's own verb: "Where is the magazine
    headquartered that Ann Lee writes for?" -> None). After a form of "be" or
    "have" the word must read as a past participle (-ed, -en, an irregular one, or a word of
    :mod:`shared.text.relations`); after "do" any word (the bare verb: "die", "study"). "Are there" says that
    something exists: no verb follows ("How many glasshouses are there at the Oskerby garden?" -> None, not the
    noun "garden"). Never raises."""
    q = " ".join((question or "").split())
    span = _wh_span(q)
    if span is None:
        return None
    words = [m.group(0) for m in _Q_WORD_RE.finditer(q[span[1]:])]
    head = set(wh_head_terms(q))
    i = 0
    while i < len(words) and i < 3 and words[i].lower() not in _INVERTING_AUX and set(tokenize(words[i])) <= head \
            and tokenize(words[i]):
        i += 1  # the wh-phrase's head noun ("how many albums has ...")
    if i >= len(words) or words[i].lower() not in _INVERTING_AUX:
        return None
    aux, tail = words[i].lower(), words[i + 1:]
    if i == 0 and aux in _MODAL_AUX and tail and tail[0].isalpha() and tail[0].islower() \
            and tail[0] not in _BEFORE_NOUN | _SUBJECT_PRONOUNS and q[span[0]:span[1]].strip().casefold() == "who":
        return None  # "Who will succeed X as head of the lace maker?": "who" is the subject, "succeed" its verb
    if aux in ("is", "are", "was", "were") and tail and tail[0].lower() == "there":
        return None  # "How many glasshouses are there at the Oskerby garden?": "be" is the verb, "garden" a noun
    # a phrasal verb whose particle is a preposition ("How many huts does the club look after?") keeps it
    particle = len(tail) >= 4 and tail[-2].islower() and phrasal_relation(tail[-2], tail[-1]) is not None
    while tail and tail[-1].lower() in _STRANDED and not particle:
        tail = tail[:-1]
    for gap in (2, 1):  # "first welcome the public", "welcome its first visitors": the verb and its idiom's noun
        if len(tail) >= gap + 4 and _filler_gap(tail, len(tail) - gap - 2) == gap:
            tail = [*tail[:len(tail) - gap - 1], tail[-1]]
            break
    if len(tail) >= 4 and tail[-2].islower() and phrasal_relation(tail[-2], tail[-1]) is not None:
        # a phrasal verb at the end ("When was the company set up?"): the verb and its particle are the relation
        phrase = f"{tail[-2]} {tail[-1].lower()}"
        if tail[-3].lower() in _BEFORE_NOUN or not tail[-2].isalpha():
            return None
        return phrase
    if len(tail) < 3:  # a subject of two words or more, then the verb
        return None
    verb, before = tail[-1], tail[-2]
    if not verb.isalpha() or not verb.islower() or before.lower() in _BEFORE_NOUN:
        return None
    rel = max((j for j, w in enumerate(tail[:-1]) if w.lower() in _RELATIVE), default=None)
    if rel is not None and not any(w.islower() and w not in _BEFORE_NOUN for w in tail[rel + 1:-1]):
        return None  # the last word is a relative clause's own verb ("the magazine ... that Ann Lee writes for")
    if aux not in ("do", "does", "did") and not (
            verb.endswith(("ed", "en")) or verb in _IRREGULAR_PARTICIPLES or relation_of(verb) is not None):
        return None
    return verb if tokenize(verb) else None


_ACCORDING_RE = re.compile(r",?\s*\baccording\s+to\s+[^,?;]+", re.IGNORECASE)
#: a time frame asking for the newest period ("in the most recent year", "in its latest year", "in their most
#: recent full season", "last season", "this year", "in the most recent year reported", "the last year on record"):
#: which time the figure is of, no relation of the subject
_RECENT_FRAME_RE = re.compile(r",?\s*\b(?:(?:in|during|for|over)\s+)?(?:(?:the|its|their|his|her|our)\s+"
                              r"(?:most\s+recent|latest|last|past|current|newest)(?:\s+(?:full|complete|calendar|"
                              r"financial|fiscal))?|last|this)\s+(?:year|season|month|week|quarter)\b"
                              r"(?:\s+(?:on\s+record|(?:for\s+which\s+(?:figures|data)\s+(?:are|were)\s+)?"
                              r"(?:reported|available|published|recorded)))?"
                              r"(?=\s*(?:[?.,;]|$))", re.IGNORECASE)


_POSSESSIVES = frozenset("its their his her our my your".split())


def _filler_gap(words: list[str], i: int) -> int:
    """How many words after ``words[i]`` (a lower-case verb) stand between it and the noun it names a relation with
    (:func:`shared.text.relations.phrasal_relation`): an article ("welcome the public"), or a possessive or article
    and "first" ("welcome its first visitors"); 0 when none do."""
    if not words[i][:1].islower():
        return 0
    for gap in (2, 1):
        if i + gap + 1 >= len(words):
            continue
        between = [w.casefold() for w in words[i + 1:i + 1 + gap]]
        if between[0] not in _ARTICLES | _POSSESSIVES or (gap == 2 and between[1] != "first"):
            continue
        if phrasal_relation(words[i], words[i + gap + 1]) is not None:
            return gap
    return 0


def phrasal_terms(question: str) -> dict[str, str]:
    """The phrasal verbs of ``question`` that name a relation of :mod:`shared.text.relations` ("set up", "passed
    away", "open its doors": :func:`shared.text.relations.phrasal_relation`), keyed by their verb's :func:`tokenize`
    token: "When was the club set up?" -> ``{"set": "set up"}``; "When did it open its doors?" -> ``{"open": "open
    doors"}``. The verb is written in lower case. {} when there is none."""
    words = _Q_WORD_RE.findall(" ".join((question or "").split()))
    # an idiom with a possessive between the verb and its noun ("open its doors", "opened their doors") reads as the
    # verb and that noun
    words = [w for i, w in enumerate(words) if not (
        w.casefold() in _POSSESSIVES and 0 < i < len(words) - 1 and phrasal_relation(words[i - 1], words[i + 1]))]
    # and so does one with an article, or a possessive and "first", between them ("welcome the public", "welcomed its
    # first visitors": the verb and that noun)
    kept: list[str] = []
    at = 0
    while at < len(words):
        kept.append(words[at])
        at += 1 + _filler_gap(words, at)
    words = kept
    out = {t: f"{w} {p.lower()}" for w, p in zip(words, words[1:])
           if w.islower() and phrasal_relation(w, p) is not None for t in tokenize(w)}
    for i, w in enumerate(words):  # "drew up the plans": a particle and an article between the verb and its noun
        gap = words[i + 1:i + 3]
        if (w.islower() and len(gap) == 2 and gap[0].casefold() in _PARTICLES_BEFORE_OBJECT
                and gap[1].casefold() in _ARTICLES | _POSSESSIVES and i + 3 < len(words)
                and phrasal_relation(w, words[i + 3]) is not None):
            out.update({t: f"{w} {words[i + 3].lower()}" for t in tokenize(w) if t not in out})
    for w, _p in separated_phrasals(words):  # "turned the old post office into": the verb and its particle
        out.update({t: f"{w} {_p.lower()}" for t in tokenize(w) if t not in out})
    return out


#: particles that may stand between a verb and the object noun it names a relation with ("drew up the plans")
_PARTICLES_BEFORE_OBJECT = frozenset("up out".split())
#: words a verb's object may hold between the verb and its particle ("turned the old post office into")
_SEPARATED_OBJECT = 5


def separated_phrasals(words: list[str]) -> list[tuple[str, str]]:
    """The phrasal verbs of a relation whose object stands between the verb and its particle (``words``, a question's
    words in order: "turned the old post office into the museum" -> [("turned", "into")]): a verb in lower case, an
    object opening with an article or possessive, of at most :data:`_SEPARATED_OBJECT` words, then the particle."""
    out: list[tuple[str, str]] = []
    for i, w in enumerate(words[:-2]):
        if not w.islower() or words[i + 1].lower() not in _ARTICLES | _POSSESSIVES:
            continue
        for p in words[i + 2:i + 2 + _SEPARATED_OBJECT]:
            if phrasal_relation(w, p) is not None:
                out.append((w, p))
                break
            if not re.fullmatch(r"[^\W\d_][\w'-]*", p):
                break
    return out


def question_terms(question: str) -> list[str]:
    """The words of ``question`` (:func:`tokenize`, in order, once each) with the verb of a phrasal verb of a relation
    given as the whole phrase (:func:`phrasal_terms`: "set" -> "set up"; its particle, when a token, dropped): the
    terms a text covers when it states them or, for a phrase, its relation in other words ("founded")."""
    phrasal = phrasal_terms(question)
    particles = {t for phrase in phrasal.values() for t in tokenize(phrase.split()[1])}
    return list(dict.fromkeys(phrasal.get(t, t) for t in tokenize(question) if t not in particles))


#: how many common nouns after a name may say, as one compound, which thing it is ("the Fontvielle lock flight")
_NAME_NOUNS_MAX = 3


def _name_nouns(question: str, name: str) -> list[str]:
    """The common nouns ``question`` writes between "the" + ``name`` and the end of that noun phrase, which say which
    thing is asked about, no relation of it: "the Castel Brenna winery" -> ["winery"]; "How many locks are in the
    Fontvielle lock flight?" -> ["lock", "flight"] (a compound of up to :data:`_NAME_NOUNS_MAX` nouns). A word that
    is a stopword, the question's own inverted verb, a relation word (:func:`shared.text.relations.relation_of`) or
    a participle ("the X Fair held") ends the phrase; a phrase of several nouns counts only when a stopword, a
    punctuation mark or the question's end follows it (else its last word may be a verb). [] when there is none."""
    verb = inverted_verb(question)
    out: list[str] = []
    for m in re.finditer(rf"\bthe\s+{re.escape(name)}\b", question):
        words = re.findall(r"\S+", question[m.end():])[:_NAME_NOUNS_MAX + 1]
        found: list[str] = []
        closed = False
        for w in words:
            bare = w.rstrip("?.,;:!")
            if not re.fullmatch(r"[a-z][a-z-]*", bare) or is_stopword(bare) or bare == verb \
                    or relation_of(bare) is not None or bare.endswith("ed") or bare in _IRREGULAR_PARTICIPLES:
                closed = not re.fullmatch(r"[a-z][a-z-]*", bare) or is_stopword(bare)
                break
            found.append(bare)
            if bare != w or len(found) == _NAME_NOUNS_MAX:
                closed = bare != w
                break
        else:
            closed = True  # the question ends with the phrase
        out += found if len(found) <= 1 or closed else found[:1]
    return out


#: a measure question whose subject is a kind of thing, with or without the name of where or whose it is: "How long
#: is the ropewalk in Hallervik?", "How tall was the old lighthouse at Brennick?", "How deep is the harbour basin?",
#: "What is the height of the tower mill at Brennick?" (the noun phrase: one to three lower-case words after the
#: article)
_MEASURE_SUBJECT_RE = re.compile(
    r"^(?i:(?:how\s+(?:tall|high|long|wide|deep)\s+(?:is|was|are|were)|what\s+(?:is|was|are|were)\s+the\s+"
    r"(?:height|length|width|depth)\s+of)\s+(?:the|a|an))\s+"
    r"(?P<noun>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?:\s+(?:in|at|of|on|near|over|across|by)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)?\s*\??$")


def measure_subject(question: str) -> str | None:
    """The noun phrase a "How long / tall / wide / deep / high is the <noun> [in|at|of <Name>]?" question measures:
    "How long is the ropewalk in Hallervik?" -> "ropewalk"; "How tall was the old lighthouse at Brennick?" -> "old
    lighthouse"; "What is the height in metres of the brick tower mill at Brennick?" -> "brick tower mill" (the unit
    asked in aside). It is the thing asked about (a kind of thing, named by its page or its place), not a relation of
    it: a sentence giving a length of the page's subject ("The Hallervik Rope Works ... is 312 metres long") answers it.
    None for any other question, and when the noun's last word is a relation word of the lexicon
    (:func:`shared.text.relations.relation_of`: "How long is the span of the Merrow Bridge?" asks the span, a part).
    Never raises."""
    m = _MEASURE_SUBJECT_RE.match(without_asked_unit(" ".join((question or "").split())))
    if m is None:
        return None
    noun = m.group("noun")
    if noun.split()[-1] in _NP_CUT or relation_of(noun.split()[-1]) is not None:
        return None
    return noun


#: words that end no noun phrase a measure question measures ("How long is the walk from ...")
_NP_CUT = frozenset("from to between and or".split())


#: the label of the hours an hours question asks (:func:`shared.text.hours.asks_hours`): "opening hours", "visiting
#: times"
_HOURS_LABEL_RE = re.compile(r"\b(?:opening|visiting)\s+(?:hours|times)\b", re.IGNORECASE)


#: forms of "own" ("Who owns X?"), read as the relation's listed word: the tokenizer drops "own" as a function word
#: and gives "owns" as its stem, "own"
_OWN_FORMS = frozenset({"own", "owns"})


def _relation_tokens(word: str, before: str = "") -> list[str]:
    """The :func:`tokenize` tokens of a question's ``word``; a form of "own", a function word to the tokenizer, is the
    ownership it asks ("Who owns X?" -> ["owned"]: a lead must state who owns it, "X: architect Y" does not), unless
    a possessive stands before it (``before``, the question's text up to it: "its own name", "on their own")."""
    toks = tokenize(word)
    if word.casefold() not in _OWN_FORMS or not owning_verb(" ".join(f"{before} {word}".split()[-2:])):
        return toks
    return ["owned"]


#: a question asking when something happened the first time: "When did X first open?", "In what year did X first
#: welcome visitors?", "When was X first opened to the public?", "When did X welcome its first visitors?"
_FIRST_TIME_RE = re.compile(r"\bfirst\b", re.IGNORECASE)


def asks_first_time(question: str) -> bool:
    """Whether ``question`` asks when something first happened (a "when" question, :func:`answer_type`, with
    "first": "When did X first welcome visitors?"): the start, which one date answers; a sentence counting what a
    year brought ("In 2024 the museum welcomed 48,300 visitors") dates no start. A question asking times of day
    (:func:`shared.text.hours.asks_clock_times`: "At what time does the first train leave X?") asks none: its "first"
    is of the day's departures. Never raises."""
    return bool(_FIRST_TIME_RE.search(question or "")) and answer_type(question) == "when" \
        and not asks_clock_times(question)


def relation_terms(question: str, k: int = 3) -> list[str]:
    """The words of ``question`` that say which relation of its subject is asked for (up to ``k`` :func:`tokenize`
    tokens): "Who was the creator of the series ...?" -> ["creator"]; "... a tv series that last aired on what
    date?" -> ["aired"]; "Ronaldinho won what French award?" -> ["won"]; "Who was born first, A or B?" -> ["born"].

    A question whose auxiliary inverts with a subject of several words ends with its own verb
    (:func:`inverted_verb`): that verb is the relation, the subject is the bridge ("Where was the composer of X
    born?" -> ["born"], not the composer; "In what year was the birthplace of Y founded?" -> ["founded"]); a verb
    that says nothing of the relation ("Where is the company that makes X based?") gives []. Likewise a verb right
    after the wh-word whose object a relative clause describes is the relation alone ("Who founded the company that
    makes X?" -> ["founded"]: the company is the bridge), and so is a verb of founding
    (:func:`shared.text.relations.relations_of`) right after it whose object opens with an article ("Who started
    the botanic garden in X?" -> ["started"]: what it founded is the subject asked about, not its relation).

    Otherwise read next to the wh-phrase: when something other than a preposition comes before it ("... won what award"),
    the content words just before it, back to a preposition or relative word; otherwise the content words after it,
    up to the next preposition or relative word (then, when none, those before it). Names the question gives
    (:func:`find_entities`), the wh-phrase's own words (:func:`wh_head_terms`: the type of the answer, not its
    relation), numbers (in digits or words: "three") and words that say nothing of the relation ("located", "known", "older", "first") are
    skipped, and so is an "according to <authority>" phrase and a closing time frame asking for the newest period
    (:data:`_RECENT_FRAME_RE`: "in the most recent year?", "last season?"). A question asking the hours
    (:func:`shared.text.hours.asks_hours`) by their label asks that label ("What are the box office opening hours of
    X?" -> ["opening", "hour"]: the words before it name the part of X, no relation). [] when nothing is left (yes/no questions are read
    the same way). Never raises.
    """
    # "according to the County Survey" names whose statement is asked for, no relation of the subject
    q = _ACCORDING_RE.sub("", criterion_first(" ".join((question or "").split()))).strip()
    q = _RECENT_FRAME_RE.sub("", q).strip()
    q = without_place_of_most(q)  # "How steep is X at its steepest point?": the figure asked, no relation of X
    hours_label = _HOURS_LABEL_RE.search(q) if asks_hours(q) else None
    if hours_label is not None:  # "What are the box office opening hours of X?": the hours asked, whatever part of X
        return tokenize(hours_label.group(0))[:k]  # the words before them name ("box office" is where, no relation)
    if measure_subject(q) is not None:  # "How long is the ropewalk in Hallervik?": the ropewalk is what is measured
        return []
    verb = inverted_verb(q)
    if verb is not None and answer_type(q) == "measure" and relations_of(verb) == ("location",):
        # "How deep does the wreck of X lie?", "How high is the hut situated?": the verb only places the thing, as
        # "is" does in "How deep is the wreck of X?"; the dimension asked is the relation ("at a depth of 70 m")
        return []
    if verb is not None and " " in verb:  # a phrasal verb ("set up"): the relation is the phrase
        return [verb.casefold()]
    if verb is not None:  # "When was the town where X was born founded?": founded, not the town (the bridge);
        # "Where is the company that makes X based?": nothing but where it is, which the wh-word asks
        return [t for t in tokenize(verb) if t not in _RELATION_GENERIC
                and not (answer_type(q) == "how_many" and "parts" in relations_of(t))][:k]
    span = _wh_span(q)
    words = [(m.group(0), m.start()) for m in _Q_WORD_RE.finditer(q)]
    if span is None:
        start_i = end_i = 0
    else:
        start_i = next((i for i, (_w, s) in enumerate(words) if s >= span[0]), len(words))
        end_i = next((i for i, (_w, s) in enumerate(words) if s >= span[1]), len(words))
    names = {t for e in find_entities(q) for t in tokenize(e)}
    # the noun a name gives between "the" and itself ("the Castel Brenna winery", "the Tolven orchard") says which
    # thing is asked about, no relation of it
    kinds = {t for e in find_entities(q) for word in _name_nouns(q, e) for t in tokenize(word)}
    # the function words of a question in another language ("hat", "das" of "Wer hat das Museum entworfen?")
    foreign = language_stopwords(code) if (code := detect_language(q)) != "en" else frozenset()
    # the count asked of those who came ("What was the attendance at the fair?") is the figure asked, as "the
    # attendance of the fair" is: no relation of it
    skip = names | set(wh_head_terms(q)) | _RELATION_GENERIC | kinds | foreign | set(attribute_count_nouns(q))
    # a phrasal verb of the lexicon ("who set up the club", "passed away") is one term, its particle no other
    phrasal = phrasal_terms(q)
    skip = skip | {t for phrase in phrasal.values() for t in tokenize(phrase.split()[1])}
    # a count of parts is asked by its noun: the verb joining whole and parts ("How many arches span the gorge?",
    # "... does the bridge carry?") names no relation a sentence must repeat ("The viaduct has eleven arches")
    counting = answer_type(q) == "how_many"
    # "Who owns X?": the ownership asked, though the tokenizer drops "owns" (:func:`_relation_tokens`)
    asks_who = answer_type(q) == "who"
    # "the fastest time ever run by a man": the runner's "run" (:func:`shared.text.relations.sporting_runs`), no
    # relation of running (operating) the race
    sporting = {start for start, _end in sporting_runs(q)}

    def take(seq: list[tuple[str, int]]) -> list[str]:
        out: list[str] = []
        for w, _s in seq:
            if w.lower() in _RELATION_BOUND and out:
                break
            if _s in sporting:
                continue
            out += [phrasal.get(t, t) for t in (_relation_tokens(w, q[:_s]) if asks_who else tokenize(w))
                    if t not in skip and not t[0].isdigit()
                    and t not in _CARDINALS and phrasal.get(t, t) not in out and not (counting and "parts" in relations_of(t))]
            if len(out) >= k:
                break
        return out[:k]

    before = list(reversed(words[:start_i]))
    inside = span is not None and not (all(w.lower() in _RELATION_BOUND for w, _s in words[:start_i])
                                       or q[:span[0]].rstrip().endswith(","))
    if inside and (found := take(before)):
        return found
    after = words[end_i:]
    bound = next((j for j, (w, _s) in enumerate(after) if w.lower() in _RELATION_BOUND), len(after))
    if span is not None and 1 < bound < len(after) and after[bound][0].lower() in _RELATIVE \
            and after[0][0].islower() and after[0][0].lower() not in _INVERTING_AUX:
        # "Who founded the company that makes X?": the verb after the wh-word; its object, described by a relative
        # clause, is the bridge, not the relation
        if said := take(after[:1]):
            return said
    verb_said = phrasal.get(after[0][0].lower(), after[0][0]) if after else ""  # "set" of "set up"
    head = set(wh_head_terms(q))
    rest = [w for w, _s in after]
    rest = rest[next((j for j, w in enumerate(rest) if not set(tokenize(w)) <= head), len(rest)):]
    separated = separated_phrasals(rest)
    if span is not None and separated and separated[0][0] == rest[0]:
        # "Which architect turned the old post office into the museum?": the phrasal verb around its object is the
        # relation; the object is the thing asked about ("converted the post office hall into galleries")
        return [f"{rest[0]} {separated[0][1].lower()}"]
    object_at = 1 + verb_said.count(" ")
    if span is not None and len(after) > object_at + 1 and after[0][0].islower() \
            and "founding" in relations_of(verb_said) and after[object_at][0].lower() in _ARTICLES:
        # "Who started the botanic garden in X?": what a verb of founding governs is the thing founded, the
        # question's subject ("botanic", "garden"), no word of the relation a sentence must repeat (a verb of making
        # keeps its object: "builds the boats" is said by "boatbuilder")
        if said := take(after[:1]):
            return said
    return take(after) or take(before)


#: what a question asks the cost of, when it is an act: "cost (the town) to restore", "the (2017) restoration of ...
#: cost", "the cost of the restoration", "did the restoration cost"
_COST_VERB_RE = re.compile(r"\bcost(?:s|ed)?\s+(?:[a-z]+\s+){0,2}?to\s+([a-z]{3,})\b")
_ACT_NOUN = r"([a-z]{3,}(?:tion|ment|ance|ure))"  # "restoration", "replacement" (not "-ing": "the building")
_COST_NOUN_RES = (re.compile(rf"\b(?:the|its|their|this)\s+(?:(?:1[0-9]|20)\d\d\s+)?(?:[a-z]+\s+){{0,2}}?{_ACT_NOUN}\s+(?:of\b[^?]*?\s)?cost\b"),
                  re.compile(rf"\bcost\s+of\s+(?:the\s+|its\s+|their\s+)?(?:(?:1[0-9]|20)\d\d\s+)?(?:[a-z]+\s+){{0,2}}?{_ACT_NOUN}\b"))


#: an act's cost as a sentence states it before the figure, in the figure's clause: "The restoration will cost",
#: "the cost of the restoration was"
_STATED_COST_RES = (
    re.compile(rf"\b{_ACT_NOUN}\b(?:\s+of\b[^,;:]*?)?(?:\s+[a-z]+){{0,3}}?\s+cost(?:s|ed|ing)?\b(?!\s+of\b)[^,;:]*$",
               re.IGNORECASE),
    re.compile(rf"\bcosts?\s+of\s+(?:the\s+|its\s+|their\s+)?(?:(?:1[0-9]|20)\d\d\s+)?{_ACT_NOUN}\b[^,;:]*$",
               re.IGNORECASE),
)
#: acts' nouns that name being let in, which a price of a visit is ("Entrance costs €5")
_ENTRY_ACTS = frozenset({"entrance", "admittance", "admission"})


def cost_act(sentence: str, start: int) -> str | None:
    """The act whose cost the figure at ``sentence[start:]`` is, as the sentence writes it in the figure's clause
    (:data:`_STATED_COST_RES`: "The restoration will cost an estimated 1.8 million euros" -> "restoration"; "the cost
    of the replacement was €40,000" -> "replacement"), else None (a price: "Entry costs €5", "adult ticket
    price €7.00"). A question asking the price of a visit or a ticket is not answered by it."""
    before = sentence[max(0, start - 120):start]
    for rx in _STATED_COST_RES:
        m = rx.search(before)
        if m is not None and m.group(1).casefold() not in _ENTRY_ACTS:
            return m.group(1)
    return None


#: what one pays for, as a question writes it after "pay for" ("pay for admission to ...", "paid for the new
#: roof", "pay for an adult ticket"): up to three lower-case words, the last the thing's noun
_PAY_FOR_RE = re.compile(r"\bpa(?:y|ys|id|ying)\s+for\s+(?:(?:an?|the|its|their|his|her|one|each)\s+)?"
                         r"(?:[a-z][\w-]*\s+){0,2}?([a-z]{3,})(?=\s+(?:to|at|of|in|on|for|per|by)\b|\W*$)")


#: the act one pays to do, as a question writes it after "pay to" ("How much does an adult pay to land on X?" ->
#: "land", "pay to enter the museum" -> "enter"): a lower-case verb, never a determiner ("pay to the council" names
#: whom one pays)
_PAY_TO_RE = re.compile(r"\bpa(?:y|ys|id|ying)\s+to\s+(?!(?:the|its|their|his|her|this|that|these|those|each|every)\b)"
                        r"([a-z]{3,})\b")


def paid_act(question: str) -> str | None:
    """The act ``question`` asks the price of by the verb after "pay to" ("How much does an adult pay to land on
    X?" -> "land"; "What do children pay to enter X?" -> "enter"), else None ("How much does a ticket cost?", "pay
    to the council"). A price of another act (a boat crossing's "return ticket costs £18") does not answer it."""
    m = _PAY_TO_RE.search(" ".join((question or "").split()))
    return m.group(1) if m else None


def cost_purpose(question: str) -> str | None:
    """The act whose cost ``question`` asks, as it writes it ("How much did it cost to restore the rock garden?" ->
    "restore"; "What did the 2017 restoration of the garden cost?", "What was the cost of the restoration?" ->
    "restoration"), or the thing it asks the price of after "pay for" ("What does an adult pay for admission to X?"
    -> "admission"), else None ("How much does membership cost?": a price of a thing, no act). A sentence giving
    another cost (a membership's, a restoration's for an admission) does not answer it."""
    q = " ".join((question or "").split())
    if m := _COST_VERB_RE.search(q):
        return m.group(1)
    if m := _PAY_FOR_RE.search(q):
        return m.group(1)
    for pattern in _COST_NOUN_RES:
        if m := pattern.search(q):
            return m.group(1)
    return None


#: a number written in words ("three berths") is a value the question states, no word of its relation, as digits are not
_CARDINALS = frozenset(CARDINAL_WORDS)

_WHO_VERB_RE = re.compile(r"\W*who\s+([^\W\d_]{3,})\b", re.IGNORECASE)
#: words after "who" that are no verb of the question's own ("Who else ...", modal verbs)
_NOT_WHO_VERBS = frozenset("else shall should may might must".split())


#: a complement of the verb naming no thing, after the relation asked ("open to the public", "open for business"):
#: lower-case words only, so the relation is still the name's own ("When did X open to the public?")
_COMPLEMENT = r"\s+(?-i:(?:to|for)\s+(?:the\s+)?[a-z]+)"


def relation_subject(question: str) -> str | None:
    """The name (as :func:`find_entities` gives it) whose relation ``question`` asks, when the question gives it right
    at the relation: as the subject between the auxiliary and the verb ("In what year was the HCC founded?" -> "HCC";
    "When did the Harlowe Canal Company open?", "... open to the public?": a complement of lower-case words after the
    verb; "When was the company set up?" gives no name: None) or as the object
    right after the wh-word's verb, ending the question ("Who founded the Harlowe Canal Company?"). None when the
    relation is of another thing the question describes (the bridge: "Where is the magazine headquartered that Ann
    Lee writes for?", "When was the town where Ann Lee was born founded?"), or when it asks no relation of the lexicon
    (:mod:`shared.text.relations`). Never raises."""
    q = " ".join((question or "").split())
    span = _wh_span(q)
    verbs = [v for v in relation_terms(q) if relations_of(v) or (" " in v and relation_of(v))]
    if span is None or not verbs:
        return None
    rest = q[span[1]:]
    verb = re.escape(verbs[0]).replace(r"\ ", r"\s+")
    aux = "|".join(sorted(_INVERTING_AUX))
    stranded = "|".join(sorted(_STRANDED))
    for name in find_entities(q):
        n = re.escape(name)
        if re.match(rf"\s*(?:{aux})\s+(?:the\s+)?{n}\s+{verb}(?:\s+(?:{stranded})|{_COMPLEMENT})?\s*[?.!]?\s*$", rest,
                    re.IGNORECASE) \
                or re.match(rf"\s*{verb}\s+(?:the\s+)?{n}\s*[?.!]?\s*$", rest, re.IGNORECASE):
            return name
    return None


#: "What is the enrolment of Tarnwick College?", "What was the population of the Orla Valley?": a quantity's
#: attribute (:func:`shared.text.quantity.quantity_attributes`) asked of the name ending the question
_ATTRIBUTE_OF_RE = re.compile(
    r"(?:what|which)\s+(?:is|was|are|were)\s+(?:the|its|his|her|their)\s+(?:(?:" + ATTRIBUTE_MODIFIERS
    + r")\s+)?(?:" + "|".join(quantity_attributes()) + r")(?:\s+(?:" + FIGURE_WORDS
    + r"))?\s+(?:of|for)\s+(?:the\s+)?(?P<name>[^?.!]+?)\s*[?.!]?\s*$", re.IGNORECASE)


def figure_subject(question: str) -> str | None:
    """The name (as :func:`find_entities` gives it) a figure question (:data:`FIGURE_TYPES`: "how many", "how much",
    "how long") asks a figure of, when the question gives it right after its auxiliary and ends there or with one
    lower-case verb: "How many corners does the Orla Raceway have?" -> "Orla Raceway", "How long is the Merrow
    Bridge?" -> "Merrow Bridge", or asks a quantity's attribute of the name ending it (:data:`_ATTRIBUTE_OF_RE`:
    "What is the enrolment of Tarnwick College?" -> "Tarnwick College"). None when the figure is of a thing the question describes (the bridge: "How many
    members did the band led by Ann Lee have?") or for any other question. Never raises."""
    q = " ".join((question or "").split())
    if answer_type(q) not in FIGURE_TYPES:
        return None
    attribute = _ATTRIBUTE_OF_RE.match(q)
    if attribute is not None:  # "What is the enrolment of Tarnwick College?": a figure of the name ending it
        return next((name for name in find_entities(q) if name.casefold() == attribute.group("name").casefold()),
                    None)
    if not re.match(r"how\b", q, re.IGNORECASE):
        return None
    aux = "|".join(sorted(_INVERTING_AUX))
    for name in find_entities(q):
        if re.search(rf"\s(?:{aux})\s+(?:the\s+)?{re.escape(name)}(?:\s+(?-i:[a-z]+))?\s*[?.!]?\s*$", q, re.IGNORECASE):
            return name
    return None


#: the answer types (besides the figures, :func:`figure_subject`) whose value a question naming its subject at its
#: relation asks directly (:func:`relation_subject`): a date
_TYPED_RELATION_KINDS: tuple[AnswerType, ...] = ("when", "who", "where")


def typed_subject(question: str) -> str | None:
    """The name ``question`` asks a typed value of directly, the one test of "the question names its subject": a
    figure of a name right after its auxiliary (:data:`FIGURE_TYPES`, :func:`figure_subject`: "How many corners does
    the Orla Raceway have?" -> "Orla Raceway") or a value of a type of :data:`_TYPED_RELATION_KINDS` of a relation of
    a name it gives at the relation (:func:`relation_subject`: "When did the Orla Raceway open?" -> "Orla Raceway").
    Such a question is answered by a lead's first sentence alone: :func:`lead_answer` (and the judge through it)
    reads the value there, and the synthesizer puts a lead claim stating it first. None for a question describing its
    subject (its first sentence may be the bridge: "When was the town where Ann Lee was born founded?") and for other
    types. Never raises."""
    kind = answer_type(question)
    if kind in FIGURE_TYPES:
        return figure_subject(question)
    return relation_subject(question) if kind in _TYPED_RELATION_KINDS else None


#: a lower-case noun phrase of one to three words after "the" ("the seed bank"; case-sensitive, so no name: "the Harl
#: Ridge brewery"), as a question's subject or object
_NOUN_PHRASE = r"the\s+((?-i:(?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*))"


def relation_noun(question: str) -> str | None:
    """The lower-case noun phrase whose relation ``question`` asks, when the question names it by a common noun in
    the slots :func:`relation_subject` reads a name in: between the auxiliary and the verb ("When was the seed bank
    founded?" -> "seed bank"; "When was the company set up?" -> "company") or right after the wh-word's verb,
    ending the question ("Who designed the glasshouse?" -> "glasshouse"). None when the question gives a name there
    (:func:`relation_subject`), when the phrase is followed by more ("Who started the botanic garden in Oskerby?"),
    holds a function word ("the one that ..."), or when it asks no relation of the lexicon. Never raises."""
    q = " ".join((question or "").split())
    span = _wh_span(q)
    verbs = [v for v in relation_terms(q) if relations_of(v) or (" " in v and relation_of(v))]
    if span is None or not verbs or relation_subject(q) is not None:
        return None
    rest = q[span[1]:]
    verb = re.escape(verbs[0]).replace(r"\ ", r"\s+")
    aux = "|".join(sorted(_INVERTING_AUX))
    stranded = "|".join(sorted(_STRANDED))
    m = re.match(rf"\s*(?:{aux})\s+{_NOUN_PHRASE}\s+{verb}(?:\s+(?:{stranded}))?\s*[?.!]?\s*$", rest, re.IGNORECASE) \
        or re.match(rf"\s*{verb}\s+{_NOUN_PHRASE}\s*[?.!]?\s*$", rest, re.IGNORECASE)
    if m is None:
        return None
    words = m.group(1).split()
    if any(w.casefold() in _BEFORE_NOUN or w.casefold() in _RELATIVE for w in words) or not tokenize(words[-1]):
        return None
    return " ".join(words)


#: a passive question's "be" before its subject ("When was X founded?", "By whom has X been measured?")
_PASSIVE_AUX = r"(?:is|are|was|were|(?:has|have|had)\s+been)"
#: an adverb before a passive question's participle ("When was X first founded?", "... officially opened?")
_BEFORE_PARTICIPLE = r"(?:(?:first|originally|later|last|actually|ever|finally|[a-z]+ly)\s+)?"

#: "What guns was X armed with?": a wh-word, its noun, a passive "be", the subject, a participle and a stranded
#: preposition of what the subject was given, done by or made from (:func:`prepositional_object`)
_WH_NOUN_STRANDED_RE = re.compile(
    rf"^\W*(?:what|which)\s+(?P<noun>(?-i:[a-z][a-z-]*))\s+{_PASSIVE_AUX}\s+(?P<subject>\S.*?)\s+"
    rf"{_BEFORE_PARTICIPLE}(?P<verb>(?-i:[a-z]+))\s+(?P<prep>with|by|from)\s*[?.!]?\s*$", re.IGNORECASE)
#: a phrase's words after the verb and preposition up to its head noun (:func:`prepositional_object`)
_OBJECT_PHRASE_WORDS = 8


@lru_cache(maxsize=1024)
def prepositional_object(question: str) -> tuple[str, str, str] | None:
    """The noun of a "What <noun> was X <verb>ed with / by / from?" question, its participle and its stranded
    preposition, as written: "What guns was the fort originally armed with?" -> ("guns", "armed", "with"), "Which
    stone was the bridge built from?" -> ("stone", "built", "from"). Such a question is answered by a phrase headed by
    that noun (or its plural) after the verb and the preposition ("armed with eight 9-inch guns":
    :func:`_prepositional_phrases`). None for any other question (no noun after the wh-word, no passive, no
    participle, another preposition). Never raises."""
    m = _WH_NOUN_STRANDED_RE.match(" ".join((question or "").split()))
    if m is None or not participle(m.group("verb")) or m.group("noun").casefold() in _INVERTING_AUX \
            or not tokenize(m.group("noun")):
        return None
    return m.group("noun"), m.group("verb"), m.group("prep").casefold()


def _prepositional_phrases(sentence: str, question: str) -> list[str]:
    """The phrases of ``sentence`` answering a :func:`prepositional_object` question: the words after its verb (the
    same word, or one of the same token) and its preposition, up to the first word of the asked noun's token
    ("armed with eight 9-inch rifled guns mounted in ..." -> "eight 9-inch rifled guns"), within
    :data:`_OBJECT_PHRASE_WORDS` words and no punctuation. The asked noun is a type, so when no such phrase ends in
    it, the noun phrase after the verb and preposition (:func:`_object_noun_phrase`) answers if its last word names
    the noun's thing or a kind of it (:func:`shared.text.synonyms.same_thing`,
    :func:`shared.text.synonyms.is_kind_of`) or the sentence says it of the question's subject
    (:func:`_passive_subject_before`): "The fort was armed with six cannon." -> ["six cannon"] for "What guns was
    the fort armed with?". Empty when the question is no such question. Never raises."""
    from shared.text.synonyms import is_kind_of

    asked = prepositional_object(question)
    if asked is None:
        return []
    noun, verb, prep = asked
    head, verb_toks = tokenize(noun), tokenize(verb)
    q = _WH_NOUN_STRANDED_RE.match(" ".join(question.split()))
    subject = q.group("subject") if q is not None else ""
    out: list[str] = []
    words = list(re.finditer(r"[^\s]+", sentence))
    for i, w in enumerate(words[:-2]):
        if not (w.group(0).casefold() == verb.casefold() or tokenize(w.group(0)) == verb_toks) \
                or words[i + 1].group(0).casefold() != prep:
            continue
        phrase = ""
        for j in range(i + 2, min(len(words), i + 2 + _OBJECT_PHRASE_WORDS)):
            word = words[j].group(0)
            bare = word.rstrip(".,;:!?)]")
            if tokenize(bare) == head:
                phrase = sentence[words[i + 2].start():words[j].start() + len(bare)]
                break
            if bare != word or re.search(r"[(\[]", word):
                break  # the phrase ends at punctuation before its noun
        if not phrase and (phrase := _object_noun_phrase([m.group(0) for m in words[i + 2:]])):
            last = phrase.split()[-1]
            if not (same_thing(last, noun) or is_kind_of(last, noun)
                    or _passive_subject_before(sentence[:w.start()], subject)):
                phrase = ""
        if phrase:
            out.append(phrase)
    return out


def _object_noun_phrase(words: list[str]) -> str:
    """The noun phrase opening ``words`` (a sentence's words after a verb and its preposition, as written): up to
    the first punctuation, bracket, preposition (:data:`_STRANDED`) or relative word, without the participles that
    close it ("six cannon mounted on the walls" -> "six cannon", "local granite." -> "local granite"). Empty when
    it runs past :data:`_OBJECT_PHRASE_WORDS` words, goes on with "of" (its head is then unknown: "a garrison of 80
    men"), ends in a number or holds no content word. Never raises."""
    kept: list[str] = []
    for word in words[:_OBJECT_PHRASE_WORDS + 1]:
        low = word.casefold()
        if re.search(r"[(\[]", word) or low in _STRANDED or low in _RELATIVE:
            if low == "of":
                return ""
            break
        bare = word.rstrip(".,;:!?)]\"'”’")
        if bare:
            kept.append(bare)
        if bare != word:
            break
    else:
        if len(words) > _OBJECT_PHRASE_WORDS:
            return ""
    while len(kept) > 1 and participle(kept[-1]):
        kept.pop()
    if not kept or not tokenize(" ".join(kept)) or re.fullmatch(r"[\d.,]+", kept[-1]) \
            or kept[-1].casefold() in CARDINAL_WORDS or is_stopword(kept[-1].casefold()):
        return ""
    return " ".join(kept)


def _passive_subject_before(before: str, subject: str) -> bool:
    """Whether ``before`` (a sentence's text before a passive's participle) ends in a passive "be" (an adverb may
    follow it) and names every content token of ``subject`` (a question's subject: "the fort") in its clause, with
    no relative word or "of" before them there, so the sentence says the participle of that subject ("In 1850 the
    fort was first armed"; not "The ship that shelled the fort was armed", "The gate of the fort was armed"). False
    for an empty subject. Never raises."""
    toks = set(tokenize(subject))
    if not toks or not re.search(rf"\b{_PASSIVE_AUX}\s+{_BEFORE_PARTICIPLE}$", before, re.IGNORECASE):
        return False
    clause = re.split(r"[;:]", before)[-1].split()
    first = next((k for k, word in enumerate(clause) if set(tokenize(word)) & toks), None)
    return first is not None and toks <= set(tokenize(" ".join(clause))) \
        and not any(word.casefold() in _RELATIVE or word.casefold() == "of" for word in clause[:first])


@lru_cache(maxsize=1024)
def asked_object(question: str) -> tuple[str, str] | None:
    """The name ``question`` asks about as the OBJECT of its verb, and that verb as written: a passive question
    ("When was King Edo crowned?" -> ("King Edo", "crowned"); "By whom was the Orla Guild founded?"), a question
    whose wh-word is the verb's subject ("Who founded the Orla Guild?" -> ("Orla Guild", "founded"), "Which firm
    built the Orla Bridge?"), or an event named by the noun of such a verb (:func:`shared.text.synonyms.event_as_verb`:
    "When did the foundation of the Orla Guild take place?" -> ("Orla Guild", "founded")). A sentence with the name
    as the verb's doer and another object ("The Orla Guild founded a museum") answers none of them
    (:func:`object_asked_against`). None for a verb whose subject undergoes the event
    (:func:`shared.text.synonyms.subject_undergoes`: "When was X opened?" is answered by "X opened in 1921"), for a
    name that is no verb's object ("When did the Orla Guild open?") and for a question naming no name there. Never
    raises."""
    from shared.text.synonyms import event_as_verb, subject_undergoes

    q = event_as_verb(" ".join((question or "").split()))
    span = _wh_span(q)
    if span is None:
        return None
    rest = q[span[1]:]
    stranded = "|".join(sorted(_STRANDED))
    for name in find_entities(q):
        n = re.escape(name)
        m = re.match(rf"\s*{_PASSIVE_AUX}\s+(?:the\s+)?{n}\s+{_BEFORE_PARTICIPLE}(?P<verb>(?-i:[a-z]+))"
                     rf"(?:\s+(?:{stranded}))?\s*[?.!]?\s*$", rest, re.IGNORECASE)
        if m is not None and not participle(m.group("verb")):
            m = None
        if m is None and answer_type(q) in ("who", "which", "what"):
            # "Who founded X?", "Which firm built X?": the wh-phrase (a noun or two after it) does it to X
            m = re.match(rf"\s*(?:(?-i:[a-z]+)\s+){{0,2}}?(?P<verb>(?-i:[a-z]+))\s+(?:the\s+)?{n}\s*[?.!]?\s*$", rest,
                         re.IGNORECASE)
            if m is not None and not (simple_past(m.group("verb")) or m.group("verb").endswith("ed")
                                      or relations_of(m.group("verb"))):
                m = None
        if m is not None and m.group("verb").casefold() not in _INVERTING_AUX \
                and not subject_undergoes(m.group("verb")):
            return name, m.group("verb")
    return None


def object_asked_against(text: str, question: str) -> frozenset[str]:
    """The tokens of the verb ``question`` asks of a name as its object (:func:`asked_object`: "When was the Orla
    Guild founded?") that ``text`` writes only of another object (:func:`shared.text.relations.done_to_other`: "The
    Orla Guild founded the Orla Museum in 1921" states what the guild founded, not when it was founded); empty when
    the question asks no such verb or the text may state it of the name. A caller removes them from the text's
    tokens. Never raises."""
    asked = asked_object(question or "")
    if asked is not None:
        return done_to_other(text, *asked)
    undergone = _undergone_asked(question or "")
    return undergone_by_other(text, *undergone) if undergone is not None else frozenset()


@lru_cache(maxsize=1024)
def _undergone_asked(question: str) -> tuple[str, str, str] | None:
    """The name ``question`` asks about as the SUBJECT of a verb whose subject undergoes the event
    (:func:`shared.text.synonyms.subject_undergoes`, or a phrasal verb of the same relation), with that verb and its
    particle as written: "When did the Orla Mill close?" -> ("Orla Mill", "close", ""), "When was the Orla Mill
    shut down?" -> ("Orla Mill", "shut", "down"). A sentence stating the event only negated, hedged, temporarily,
    of an object of the name's own or of a part of it answers none of them (:func:`object_asked_against`). None
    otherwise. Never raises."""
    from shared.text.synonyms import subject_undergoes

    q = " ".join(question.split())
    span = _wh_span(q)
    if span is None:
        return None
    rest = q[span[1]:]
    for name in find_entities(q):
        m = re.match(rf"\s*(?:did|does|do|{_PASSIVE_AUX}|has|have|had)\s+(?:the\s+)?{re.escape(name)}\s+"
                     rf"(?:first\s+|finally\s+|officially\s+|permanently\s+)?(?P<verb>(?-i:[a-z]+))"
                     r"(?:\s+(?P<particle>down|up|off))?\s*[?.!]?\s*$", rest, re.IGNORECASE)
        if m is None:
            continue
        verb, particle = m.group("verb"), (m.group("particle") or "").casefold()
        relation = phrasal_relation(verb, particle) if particle else relation_of(verb)
        if relation is not None and (subject_undergoes(verb)
                                     or any(subject_undergoes(w) for w in RELATIONS.get(relation, ()))):
            return name, verb, particle
    return None


def dated_origin_words(text: str, question: str) -> frozenset[str]:
    """The words of a question asking when a named thing was founded (:func:`asked_object` with a verb of founding:
    "When was the Tessel Guild founded?", "In what year was it established?", "When did the foundation of the
    Tessel Guild take place?"), its relation terms and its verb, when ``text`` says that thing itself dates from a
    time (:func:`shared.text.relations.dates_own_origin`: "The guild itself dates from a meeting held in 1862"
    states when it was founded; "The earliest record of the guild dates from 1401" does not). Empty otherwise. A
    caller adds them to the text's tokens. Never raises."""
    asked = asked_object(question or "") if answer_type(question or "") == "when" else None
    if asked is None or relation_of(asked[1]) != "founding" or not dates_own_origin(text, asked[0]):
        return frozenset()
    return frozenset(tokenize(" ".join([*relation_terms(question), asked[1]])))


def asked_verb_terms(question: str) -> list[str]:
    """The words of :func:`relation_terms` that are the verb of a question asking who did something: ["make"] of
    "Who makes the wine at X?" (relation ["make", "wine"]), ["coach"] of "Who coaches the team at Y?". A sentence
    holding only the other relation words ("the jury was chaired by the wine writer") states another role, no
    answer. [] for a question asking something else ("Who is the winemaker at X?", "Who was born first?") or whose
    verb is no relation word. Never raises."""
    m = _WHO_VERB_RE.match(question or "")
    if m is None or m.group(1).casefold() in _INVERTING_AUX | _NOT_WHO_VERBS:
        return []
    verb = set(tokenize(m.group(1)))
    return [t for t in relation_terms(question) if t in verb]


#: what is asked for, per answer type, when the question's wh-phrase names no kind of thing
_ASKED_FOR: dict[str, str] = {"who": "the person or group asked for", "when": "the date asked for",
                              "where": "the place asked for", "how_many": "the number asked for",
                              "measure": "the figure asked for",
                              "which": "the thing asked for", "what": "the thing asked for",
                              "why": "the reason asked for",
                              "yes_no": "whether what the question states holds", "none": "an answer"}


#: "what is the <attribute> of": an attribute that is a figure names what is asked for
#: a financial figure's kind ("the operating profit", "net income") is kept in what is said missing
_ATTRIBUTE_ASKED = re.compile(r"\b(?:what|which)\s+(?:is|was|are|were|'s)\s+(?:the|its|his|her|their)\s+"
                              r"(?:(?P<fin>operating|net|gross|pre-tax|pretax)\s+|[a-z]+\s+)?(?P<attr>height|length|"
                              r"width|depth|weight|mass|population|price|cost|revenue|attendance|speed|distance|area|"
                              r"elevation|altitude|capacity|budget|salary|profit|income|earnings|turnover|loss|surplus|"
                              r"deficit|diameter|range|age|size|gradient|incline|inclination|steepness)\s+(?:of|for)\b",
                              re.IGNORECASE)
_NOT_HEAD = frozenset("the a an best also most he she it they his her its their this that these those".split())
#: "What happened at X?", "What caused the fire?": "what" is the subject of a verb in the past (or "happens"), the
#: question asks what happened, no thing named by a noun; a word in "-ed" before "of" or an auxiliary is a noun ("What
#: breed of dog ...?", "What speed is ...?")
_WHAT_VERB_RE = re.compile(r"\W*what\s+([a-z]+ed|happens)\b((?=\s+(?:at|in|on|to|during|after|before|with|from|"
                           r"between|inside|near|the|a|an|this|that|its|his|her|their)\b).*|\W*$)", re.IGNORECASE)


def asked_for(question: str) -> str:
    """A short noun phrase naming what ``question`` asks for, for a report that could not establish it: "the
    German philosopher asked for" (``which German philosopher wrote ...``), "the number of species asked for"
    (``how many species ...``), "the date asked for" (``when``), "which of the options the question compares fits
    it" (a comparison), "the height asked for" ("What is the height of ...?", "How tall is ...?"), "whether what the question states holds" (yes/no). It never repeats a comparison's options
    nor says "yes" or "no": a report that says what it could not establish must not seem to state an answer. A
    "what" that is a verb's subject asks what happened, no thing: "What happened at the Orvel quarry?" -> "what
    happened at the Orvel quarry" (:data:`_WHAT_VERB_RE`). Never raises; "" -> "an answer"."""
    q = " ".join((question or "").split())
    kind = answer_type(q)
    if kind == "when" and asks_hours(q):  # "When is X open on Sundays?": hours, no date
        return "the opening hours asked for"
    if kind == "when" and asks_clock_times(q):  # "At what times do trains leave X on a Wednesday?": no date
        return "the times asked for"
    if kind == "comparison":  # the options are not repeated: naming one is what the answer does
        return "which of the options the question compares fits it"
    event = _WHAT_VERB_RE.match(q) if kind == "what" else None
    if event is not None:  # "What happened at X?": the verb is no head noun of what is asked ("the happened")
        return f"what {event.group(1)}".lower() + (event.group(2) or "").rstrip(" ?!.")
    m = re.search(r"\b(?:what|which|how many|how much)\s+(?:(?:kind|type|sort|form)s?\s+of\s+)?((?:[^\W\d_][\w'-]*\s*)"
                  r"{1,3})", q, re.IGNORECASE) if kind in ("what", "which", "how_many") else None
    if m is not None:
        head: list[str] = []
        for w in m.group(1).split():
            low = w.lower()
            if low in _HEAD_STOP or low in _AUX or low in _NOT_HEAD or set(tokenize(low)) & _RELATION_GENERIC \
                    or (head and re.search(r"(?:ed|ing)$", low)) or (head and w[:1].islower() and head[-1][:1].islower()
                                                                      and len(head) >= 2):
                break
            head.append(w)
            if kind == "how_many" and _plural_noun(low):
                break  # "how many visitors came": the counted noun ends the phrase
        if head:
            phrase = " ".join(head)
            if kind == "how_many" and re.match(r"(?i)how much", m.group(0)):
                # "How much water does X hold?": an amount of a mass noun, in a unit (a volume, a mass), no count
                return f"the amount of {phrase} asked for"
            return f"the number of {phrase} asked for" if kind == "how_many" else f"the {phrase} asked for"
    attr = _ATTRIBUTE_ASKED.search(q)
    if attr is not None:  # "What is the height of ...?": the height asked for
        fin = f"{attr.group('fin').lower()} " if attr.group("fin") else ""
        return f"the {fin}{attr.group('attr').lower()} asked for"
    how = re.search(r"\bhow\s+([a-z]+)\b", q, re.IGNORECASE)
    if how is not None and how.group(1).lower() == "long" and asks_duration(q):
        return "the duration asked for"  # "How long was the mill in use?": a time, no length
    if how is not None and how.group(1).lower() in _HOW_ASKED:
        return f"the {_HOW_ASKED[how.group(1).lower()]} asked for"
    if asked_quantity(q) == ("money",):  # "How much does X spend?", "What did X cost?"
        return "the amount of money asked for"
    return _ASKED_FOR.get(kind, "an answer")


#: "How tall is <thing>?", "How high above sea level was <thing>?": the attribute (:data:`_HOW_ASKED`) and the thing
_HOW_THING_RE = re.compile(r"^\W*how\s+(?P<adj>[a-z]+)\s+(?P<sea>above\s+sea\s+level\s+)?(?P<aux>is|was|are|were)\s+"
                           r"(?P<thing>\S.*?)\s*[?.!]*$", re.IGNORECASE)

#: "How much does the Orsa bell weigh?": the thing whose weight is asked
_HOW_MUCH_WEIGH_RE = re.compile(r"^\W*how\s+much\s+(?:does|do|did)\s+(?P<thing>\S.*?)\s+weigh\s*[?.!]*$",
                                re.IGNORECASE)

#: "How many locks does the Orvane Canal have?", "How many locks are there in the Fontvielle flight?": what is
#: counted (up to three lower-case words) and the thing that has them
_HOW_MANY_HAS_RE = re.compile(
    r"^\W*how\s+many\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:(?:does|do|did)\s+(?P<owner>\S.*?)\s+"
    r"(?:have|has|contain|comprise|include)|(?:are|were)\s+(?:there\s+)?(?P<prep>in|on|at|along)\s+(?P<place>\S.*?))"
    r"\s*[?.!]*$", re.IGNORECASE)


#: "How many <things> <verb in the past> <the rest>?" ("How many people attended the Orvell Jazz Days in 2024?")
_HOW_MANY_DID_RE = re.compile(r"^\W*how\s+many\s+(?P<what>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?P<verb>[a-z]+)\s+"
                              r"(?P<rest>\S.*?)\s*[?.!]*$", re.IGNORECASE)
#: pasts that open a question's verb phrase, none the verb it asks of ("did ... have", "were killed")
_AUXILIARY_PASTS = frozenset("did was were had could would should might must".split())


def attribute_asked(question: str) -> str:
    """The attribute ``question`` asks of a thing, with the thing as the question names it, for a sentence saying
    the sources disagree on it: "What is the elevation of Kestrel Summit station?" -> "the elevation of Kestrel
    Summit station", "How tall is the chimney of the Marlow Ropeworks?" -> "the height of the chimney of the Marlow
    Ropeworks", "How high above sea level is the Kaltfirn Hut?" -> "the elevation of the Kaltfirn Hut", "How many locks
    does the Orvane Canal have?" -> "the number of locks of the Orvane Canal", "How many people attended the Orvell
    Jazz Days in 2024?" -> "the number of people who attended the Orvell Jazz Days in 2024" (a count of those who did
    a thing, its verb in the past). "" for any other wording (a date, a person asked; a thing the question does not
    name after its attribute; "How much does X weigh?": :func:`weight_asked`).
    Never raises."""
    # (the unit it is asked in is no part of the attribute: "the height in metres of X" is the height of X)
    q = without_asked_unit(" ".join((question or "").split()))
    attr = _ATTRIBUTE_ASKED.search(q)
    if attr is not None:
        thing = q[attr.end():].strip().rstrip("?!. ")
        if not thing:
            return ""
        fin = f"{attr.group('fin').lower()} " if attr.group("fin") else ""
        preposition = q[attr.end("attr"):attr.end()].strip().lower()
        return f"the {fin}{attr.group('attr').lower()} {preposition} {thing}"
    how = _HOW_THING_RE.match(q)
    if how is not None and how.group("adj").lower() == "long" and asks_duration(q):
        # "How long was the mill in commercial use?": how long the mill was in commercial use, no length of it
        state = held_state_start(how.group("thing"))
        aux = how.group("aux").lower()
        thing = how.group("thing")
        return f"how long {thing[:state].strip()} {aux} {thing[state:]}" if state else ""
    if how is not None and how.group("adj").lower() in _HOW_ASKED:
        adj = how.group("adj").lower()
        attribute = "elevation" if how.group("sea") else _HOW_ASKED[adj]
        thing = without_place_of_most(how.group("thing"), adj)
        if thing != how.group("thing"):  # "at its steepest point": the maximum
            attribute = f"maximum {attribute}"
        return f"the {attribute} of {thing}"
    many = _HOW_MANY_HAS_RE.match(q)
    if many is not None:  # "the number of locks of the Orvane Canal", "... in the Fontvielle flight"
        what = many.group("what").lower()
        if many.group("owner"):
            return f"the number of {what} of {many.group('owner')}"
        return f"the number of {what} {many.group('prep').lower()} {many.group('place')}"
    done = _HOW_MANY_DID_RE.match(q)
    if done is not None:  # "the number of people who attended the Orvell Jazz Days in 2024"
        what, verb = done.group("what").lower(), done.group("verb").lower()
        if _plural_noun(what.split()[-1]) and verb not in _AUXILIARY_PASTS and not re.match(r"by\b", done.group("rest")) \
                and (simple_past(verb) or (len(verb) > 4 and verb.endswith("ed"))):
            who = "who" if is_people_noun(what.split()[-1]) else "that"
            return f"the number of {what} {who} {verb} {done.group('rest')}"
    return ""

def weight_asked(question: str) -> str:
    """The weight a "How much does X weigh?" question asks, with the thing as it names it ("How much does the Orsa
    bell weigh?" -> "the weight of the Orsa bell"), for a sentence stating the value most sources give; "" for any
    other wording. (:func:`attribute_asked` leaves it out: a line saying the sources disagree under such a question
    stays short.) Never raises."""
    weighed = _HOW_MUCH_WEIGH_RE.match(" ".join((question or "").split()))
    return f"the weight of {weighed.group('thing')}" if weighed is not None else ""


def _plural_noun(word: str) -> bool:
    """Whether a lower-case word reads as a plural noun ("visitors", "albums", "people"): the head of a counted
    phrase ends there."""
    return word in ("people", "children", "men", "women", "persons") or (
        len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")))


#: "how <adjective>" -> the attribute it asks for
_HOW_ASKED = {"tall": "height", "high": "height", "long": "length", "far": "distance", "deep": "depth", "wide": "width",
              "heavy": "weight", "fast": "speed", "old": "age", "expensive": "price", "big": "size", "large": "size",
              "steep": "gradient"}
#: a "how <adjective>" question's thing ending in the place where the adjective holds most ("How steep is the line
#: at its steepest point?", "How deep is the lake at its deepest?"): the attribute asked is the maximum one
_AT_MOST_RE = re.compile(r"\s+(?:at|in)\s+(?:its|their|the)\s+(?P<sup>[a-z]+est)(?:\s+(?:point|part|section|stretch|"
                         r"place|spot))?(?=\s*[?.!]*\s*$)", re.IGNORECASE)


def without_place_of_most(text: str, adjective: str | None = None) -> str:
    """``text`` (a "how <adjective>" question, or its thing when ``adjective`` is given) without a closing "at its
    <adjective>est point" (:data:`_AT_MOST_RE`: "How steep is the line at its steepest point?" -> "How steep is the
    line?"; "What is the hut's elevation at its highest point?" -> "What is the hut's elevation?", a noun of the
    superlative's dimension asked before it): the place where the figure asked holds most says which figure (the
    maximum), no relation of the thing. ``text`` as it is when it has no such ending or the superlative is of another
    adjective (or, with no "how", of no noun asked before it)."""
    adj = adjective
    most = _AT_MOST_RE.search(text)
    if adj is None:
        how = re.match(r"\W*how\s+([a-z]+)\b", text, re.IGNORECASE)
        if how is None:
            # "What is X's elevation at its highest point?": a noun of the superlative's dimension asked before it
            # (shared.text.sizes.SIZE_WORDS: "elevation" and "highest" both a height)
            sup = SIZE_WORDS.get(most.group("sup").lower()) if most is not None else None
            if sup is None or most is None or not any(
                    SIZE_WORDS.get(w) == sup for w in re.findall(r"[a-z]+", text[:most.start()].casefold())):
                return text
            return text[:most.start()] + text[most.end():]
        adj = how.group(1).lower()
    if most is None or not _same_dimension(adj.lower(), most.group("sup").lower()):
        return text
    return text[:most.start()] + text[most.end():]


def _same_dimension(adjective: str, superlative: str) -> bool:
    """Whether ``superlative`` ("highest") is of ``adjective`` ("high") or of another "how" adjective asking the same
    attribute (:data:`_HOW_ASKED`: "tall" and "highest" both a height)."""
    def of(adj: str) -> bool:
        return superlative.startswith(adj[:-1] if adj.endswith("e") else adj)
    if of(adjective):
        return True
    asked = _HOW_ASKED.get(adjective)
    return asked is not None and any(of(a) for a, attr in _HOW_ASKED.items() if attr == asked)


#: a conjunction joining two questions, then a wh-word of its language opening the second ("... founded and who leads
#: it today?", "... gegründet und wer leitet sie heute?"; never "and was": "was" is German), in the languages
#: :data:`FOREIGN_WH` reads and English
_PART_WH: dict[str, tuple[str, str]] = {  # language -> (conjunction, wh-words)
    "en": ("and", r"who|whom|whose|when|where|what|which|how|why"),
    "de": ("und", r"wer|wem|wen|wessen|wann|wo|wohin|woher|was|wie|welche[rsnm]?|warum"),
    "fr": ("et", r"qui|quand|où|que|quel(?:le)?s?|combien|comment|pourquoi"),
    "es": ("y", r"qui[eé]n(?:es)?|cu[aá]ndo|d[oó]nde|qu[eé]|cu[aá]l(?:es)?|cu[aá]nt[oa]s?|c[oó]mo"),
    "it": ("e", r"chi|quando|dove|che|quale|quant[ieoa]|come"),
}
#: an English second question opening with an auxiliary after a comma and "and" ("How fast does X print, and does it
#: have Wi-Fi?"); without the comma "and" may join two predicates of one question ("Which band released X and had a
#: drummer who ...?")
_PART_AUXILIARIES = "|".join(sorted(FINITE_AUXILIARIES))
_PART_SPLIT_RE = re.compile(r"\s*,?\s+(?:" + "|".join(rf"{conj}\s+(?=(?:{wh})\b)" for conj, wh in _PART_WH.values())
                            + rf")|\s*,\s+and\s+(?=(?:{_PART_AUXILIARIES})\s)", re.IGNORECASE)
#: a personal pronoun a second question refers back with to what the first names ("who leads it", "wer leitet sie")
_BACK_PRONOUNS = frozenset("it he she they him them sie er es ihn ihm il elle ils elles él ella ellos lui lei loro"
                           .split())
#: an article before a name, kept when the name stands for a pronoun ("die Fährgesellschaft Senn")
_ARTICLE_RE = r"(?:the|der|die|das|den|dem|des|le|la|les|l['’]|el|los|las|il|lo|gli)"


#: a question asking a time besides its own answer, in a closing aside: "Who founded X and when?", "By whom was X
#: established, and in what year?" (the first part's wh-phrase, then "and (in) when / what year / which year")
_TIME_ASIDE_RE = re.compile(r"^(?P<first>.+?)\s*,?\s+and\s+(?:(?:in|on)\s+)?(?:when|what\s+year|which\s+year|"
                            r"what\s+date)(?:\s+(?:was|is|did)\s+(?:that|it|this)(?:\s+happen)?)?\s*\??\s*$",
                            re.IGNORECASE)
#: a when-question asking a person besides its own answer, in a closing aside: "When was X founded and by whom?",
#: "When was X built, and who by?" (the first part, then "and by whom / who")
_WHO_ASIDE_RE = re.compile(r"^(?P<first>.+?)\s*,?\s+and\s+(?:by\s+whom|who(?:\s+by)?)"
                           r"(?:\s+(?:was|is|did)\s+(?:that|it|this)(?:\s+happen)?)?\s*\??\s*$", re.IGNORECASE)
#: the wh-phrase opening that first part ("By whom", "Who", "What", "Which architect")
_OPENING_WH_RE = re.compile(r"^\W*(?:by\s+whom|whom?|what|which(?:\s+[a-z]+)?)\s+", re.IGNORECASE)


def asked_time_part(question: str) -> str | None:
    """The when-question a ``question`` asks in a closing aside besides its own answer ("Who founded the Corvell Lace
    Works and when?" -> "When founded the Corvell Lace Works?"; "By whom was X established, and in what year?" ->
    "When was X established?"; "Who founded X, and in which year was that?"; "When was X founded and by whom?", read
    as a who-question, -> "When was X founded?"): its first part with the wh-phrase opening it put as "When", a question to rank and
    read claims by, not to show. None when the question asks no such aside, or asks a time itself ("When and where
    was X founded?"). Never raises."""
    q = " ".join((question or "").split())
    if (whom := _when_then_whom(q)) is not None:  # "When was X founded and by whom?", read as a who-question
        return whom + "?" if answer_type(q) != "when" else None
    m = _TIME_ASIDE_RE.match(q)
    if m is None:
        return None
    first = m.group("first")
    opening = _OPENING_WH_RE.match(first)
    if opening is None or answer_type(first + "?") == "when":
        return None
    rest = first[opening.end():].strip()
    return f"When {rest}?" if len(rest.split()) >= 2 else None


def asked_person_part(question: str) -> str | None:
    """The who-question a when-``question`` asks in a closing aside besides its own answer ("When was the Corvell
    Lace Works built, and who by?" -> "By whom was the Corvell Lace Works built?"): its first part with the
    "When" opening it put as "By whom", a question to read claims by, not to show (the mirror of
    :func:`asked_time_part`). None when the question asks no such aside, its first part asks no time, or the whole
    reads as a who-question (:func:`answer_type`: then :func:`asked_time_part` gives the when-part). Never raises."""
    q = " ".join((question or "").split())
    first = _when_then_whom(q)
    if first is None or answer_type(q) == "who":  # read as a who-question: the when-part is the aside
        return None
    rest = re.sub(r"^\W*when\s+", "", first, flags=re.IGNORECASE)
    return f"By whom {rest}?" if len(rest.split()) >= 2 else None


def _when_then_whom(question: str) -> str | None:
    """The when-question (no "?") opening ``question`` (whitespace-normalised) when a closing "and by whom" / "and who
    (by)" asks a person besides it (:data:`_WHO_ASIDE_RE`: "When was X founded and by whom?" -> "When was X
    founded"); None otherwise. Never raises."""
    m = _WHO_ASIDE_RE.match(question)
    if m is None or not re.match(r"^\W*when\s+\S+\s+\S+", m.group("first"), re.IGNORECASE) \
            or answer_type(m.group("first") + "?") != "when":
        return None
    return m.group("first")


@lru_cache(maxsize=4096)
def question_parts(question: str) -> tuple[str, ...]:
    """The questions ``question`` asks in one sentence joined by "and" (or "und", "et", "y", "e") before a wh-word,
    or by ", and" before an auxiliary ("How fast does the Tagwell T5 print, and does it have Wi-Fi?"):
    "Wann wurde die Fährgesellschaft Senn gegründet und wer leitet sie heute?" -> ("Wann wurde die Fährgesellschaft
    Senn gegründet?", "Wer leitet die Fährgesellschaft Senn heute?"). The first personal pronoun of a later part
    ("sie", "it") refers back and stands for the first part's name (its longest name, :func:`find_entities`, with the article
    before it), so each part can be answered alone; a part naming nothing and holding no such pronoun is kept as
    written. One part (the question itself) when it asks one thing, or when a part is a wh-word alone ("Who founded
    Rush and when?"). Never raises."""
    q = " ".join((question or "").split())
    pieces = [p.strip(" ?¿") for p in _PART_SPLIT_RE.split(q)]
    pieces = [p for p in pieces if p]
    if len(pieces) < 2 or any(len(p.split()) < 2 for p in pieces):  # "Who founded Rush and when?": one question
        return (q,)
    wh_words = {m.lower() for p in pieces for m in re.findall(r"^\W*(\w+)", p)}
    names = [e for e in find_entities(pieces[0]) if e.casefold() not in wh_words and not is_stopword(e.casefold())]
    name = max(names, key=len) if names else ""
    if name:
        the = re.search(rf"\b({_ARTICLE_RE})\s*{re.escape(name)}", pieces[0], re.IGNORECASE)
        name = f"{the.group(1)} {name}".replace("' ", "'").replace("’ ", "’") if the else name
    out = [pieces[0]]
    for part in pieces[1:]:
        back = next((m for m in re.finditer(r"(?<!\w)(\w+)(?!\w)", part)
                     if m.group(1).lower() in _BACK_PRONOUNS and m.start() > 0), None) if name else None
        if back is not None:  # the first pronoun refers back; a later one is the part's own ("is it worth it")
            part = part[:back.start()] + name + part[back.end():]
        out.append(part)
    return tuple(f"{p[:1].upper()}{p[1:]}?" for p in out)


def row_prices_asked(text: str, question: str) -> bool:
    """Whether ``text``, when it is a by-year table row (:func:`shared.text.tables.row_cells`), gives an amount of
    money in a column ``question`` asks: one whose name's head noun (its last word) is a word of the question, by
    stem, near-synonym or relation (:func:`shared.text.synonyms.same_thing`, :func:`shared.text.relations.relations_of`:
    "fee" / "price"). "Year 2024: entries 77, prize fund £2,600" answers "What was the prize fund ...?", never "What
    is the entry fee ...?": its "entries" column counts players and its money is the prize fund. True for a text
    that is no such row, and for one whose money column opens with the qualifier of the money asked
    (:func:`money_row_states`: "prize fund" for "How much prize money ...?"). Never raises."""
    cells = row_cells(text)
    if not cells or money_row_states(text, question):  # ("prize fund £4,200" for "how much prize money")
        return True
    words = {w for w in tokenize(question) if w.isalpha()}  # (no stop word as written: tokenize)
    for label, value in cells:
        head = next((w for w in reversed(tokenize(label)) if w.isalpha()), "")
        if not head or not states_quantity(numerize(value)[0], ("money",)):
            continue
        kinds = set(relations_of(head))
        if any(snowball_stem(w) == snowball_stem(head) or same_thing(head, w) or kinds & set(relations_of(w))
               for w in words):
            return True
    return False


def money_row_states(text: str, question: str) -> bool:
    """Whether ``text``, a by-year table row (:func:`shared.text.tables.row_cells`), states the amount of money
    ``question`` asks by a qualifier noun before its money noun (:func:`wh_head_terms`, :func:`shared.text.quantity.money_noun`:
    "How much prize money was on offer ...?"): a cell whose column name opens with that qualifier (by stem) holds
    money ("prize fund £4,200"): "prize money" and "prize fund" share their head and the amount's kind, and the row
    states the relation asked ("on offer", "awarded") by giving it. False for any other text or question (no
    qualifier: "How much money ...?"; no money asked). Never raises."""
    heads = [h for h in wh_head_terms(question or "") if h.isalpha()]
    if len(heads) < 2 or not money_noun(heads[-1]):
        return False
    qualifiers = {snowball_stem(h) for h in heads[:-1]}
    for label, value in row_cells(text or ""):
        first = next((w for w in tokenize(label) if w.isalpha()), "")
        if first and snowball_stem(first) in qualifiers and states_quantity(numerize(value)[0], ("money",)):
            return True
    return False


#: a price asked by its noun after a noun saying what is paid for ("the entry fee", "an admission charge", "its
#: parking fees"); group "paid" that noun
_PRICE_OF_RE = re.compile(r"\b(?:the|an?|its|their)\s+(?P<paid>[a-z]+)\s+(?:fees?|prices?|charges?|fares?)\b",
                          re.IGNORECASE)
#: the relation of the words that state what a thing costs (:data:`shared.text.relations.RELATIONS`)
_PRICE_RELATION = "price"


def prices_thing_asked(sentence: str, question: str) -> bool:
    """Whether ``sentence`` may state the price ``question`` asks when it asks one by its noun after a noun saying
    what is paid for (:data:`_PRICE_OF_RE`: "What is the entry fee for X?", "the parking charge"): it holds a word of
    price ("fee", "costs", "pay": :func:`shared.text.relations.relations_of`) or that noun (by stem: "Entry is
    £5"); when that noun itself names a price or the entry it pays for (:data:`shared.text.quantity.PRICE_WORDS`:
    "entry", "admission", "ticket"), any such word does ("Admission to X is £6", "Tickets are £5" give "the entry
    fee"; "Tickets are £5" gives no "parking fee"). It is no by-year row giving money only in other columns
    (:func:`row_prices_asked`). An amount naming none ("It was £4,200 not £6,000", "The total prize fund is
    £4,200") prices something else. True for a question asking no such price. Never raises."""
    if not row_prices_asked(sentence, question):
        return False
    m = _PRICE_OF_RE.search(question or "")
    paid = m.group("paid").lower() if m is not None else ""
    if not paid or is_stopword(paid) or _PRICE_RELATION in relations_of(paid):
        return True
    paid_tokens = set(tokenize(paid))
    entry = bool(paid_tokens) and paid_tokens <= PRICE_WORDS  # "entry fee": "Admission is £6", "Tickets are £5"
    return any(_PRICE_RELATION in relations_of(w) or snowball_stem(w) == snowball_stem(paid)
               or (entry and w in PRICE_WORDS) for w in tokenize(sentence or ""))
