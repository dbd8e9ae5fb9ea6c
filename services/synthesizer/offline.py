"""Extractive, citation-carrying report synthesis from verified claims (no model).

The report's fixed words (headings "Answer", "Findings", "What is missing", "Sources", the default title and the
no-evidence / no-sources texts) are written in the report's language: :data:`REPORT_WORDS` holds them for
English, Vietnamese, French, German, Spanish, Portuguese, Italian, Dutch, Russian, Ukrainian, Chinese, Japanese,
Korean, Arabic, Hindi, Turkish, Polish, Indonesian, Swedish, Czech, Greek, Hebrew and Persian; any other language
gets English. Code that looks for a section of a report (the judges exclude
the Sources list) recognises every language's heading with :func:`heading_kind` (or :data:`SOURCES_HEADINGS` /
:data:`MISSING_HEADINGS`), never the English word alone.
"""

from __future__ import annotations

import itertools
import math
import re
import threading
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import date
from functools import lru_cache, partial
from typing import Generic, Literal, NamedTuple, TypeVar

from services.synthesizer.durations import decide_duration, duration_sentence
from services.synthesizer.provenance import (
    asks_latest,
    date_note,
    recency_bonus,
    source_date,
    source_meta,
    superseded,
)
from services.synthesizer.verdicts import (
    UNDECIDED_TEXT,
    Choice,
    YesNo,
    attributes_sentences,
    choice_sentence,
    comparative,
    decide_attributes,
    decide_choice,
    decide_difference,
    decide_extreme,
    decide_gap,
    decide_group_price,
    decide_party_price,
    decide_yes_no,
    difference_sentence,
    extreme_sentence,
    gap_sentence,
    group_price_sentence,
    head_noun_claims,
    is_about,
    names_look_alike,
    opens_look_alike,
    party_price_sentence,
    unnamed_choice,
    yes_no_sentence,
)
from shared.evidence import (
    INDEPENDENT_KINDS,
    LOW_TRUST_KINDS,
    POST_KINDS,
    Citation,
    EvidenceCandidate,
    Report,
    SourceInfo,
    VerifiedClaim,
)
from shared.report import REPORT_WORDS, question_title, report_words
from shared.text.answer import (
    FIGURE_TYPES,
    NAMED_YEAR_TYPES,
    NUMBER_RE,
    YES_NO_WORDS,
    answer_candidates,
    answer_type,
    asked_person_part,
    asked_time_part,
    asked_verb_terms,
    asked_years,
    asks_first_time,
    asks_own_place,
    attribute_asked,
    choice_count_nouns,
    comparison_options,
    cost_purpose,
    count_comparison,
    dated_origin_words,
    doer_label,
    foreign_question,
    implicit_cause,
    inverted_verb,
    is_date,
    measure_subject,
    name_of_other_year,
    object_asked_against,
    paid_act,
    prices_thing_asked,
    question_parts,
    range_day_spans,
    relation_subject,
    relation_terms,
    row_label,
    states_place,
    typed_subject,
    weight_asked,
    wh_head_terms,
)
from shared.text.bm25 import BM25Index
from shared.text.compounds import common_nouns_only, held_nouns
from shared.text.crosslang import (
    FOLDED_LANGUAGES,
    english_held,
    foreign_held,
    head_english,
    held_terms,
    with_translations,
)
from shared.text.entailment import framed_year, place_word_pair
from shared.text.groups import asked_party, variant_rate
from shared.text.hours import CLOCK_RE, CYCLES, DENIAL_RE, DENIAL_REACH, asks_clock_times, asks_hours, hours_habit
from shared.text.kinds import noun_kind, site_on_place
from shared.text.numbers import numerize
from shared.text.packages import is_plain_english
from shared.text.patterns import pattern as compiled
from shared.text.quantity import (
    PEOPLE_NOUNS,
    SEAT_NOUNS,
    UNIT_HYPHEN,
    VISITOR_NOUNS,
    WORKFORCE_NOUNS,
    act_count_attribute,
    asked_count_nouns,
    asked_quantity,
    asks_capacity,
    asks_price,
    attribute_count_nouns,
    capacity_count,
    capacity_nouns,
    compared_quantity,
    counted_nouns,
    counts,
    counts_measure,
    gradient_value,
    past_framed,
    per_unit,
    period_total,
    quantity_words,
    states_quantity,
    unit_plural,
    verb_counted_nouns,
    whole_amount,
    with_asked_unit,
)
from shared.text.quantity import (
    states_asked as quantity_states_asked,
)
from shared.text.records import (
    asks_count_record,
    asks_record_time,
    race_seconds,
    record_times,
    stated_record_figures,
    superseded_figures,
    superseded_times,
    written_figures,
)
from shared.text.reference import (
    acts_on,
    called_a,
    definite_names,
    kind_nouns,
    named_bodies,
    names_by_kind,
    reference_nouns,
    referred_bodies,
    refers,
    subject_nouns,
)
from shared.text.relations import (
    ALSO_NAMED,
    PHRASAL_RELATIONS,
    RELATIONS,
    agent_names,
    asked_role,
    asks_leadership,
    holder_names,
    hosted_event_words,
    life_events,
    listed_relations,
    move_subject,
    moved_to,
    past_place,
    phrasal_relation,
    planned_use,
    redone_verb,
    relation_of,
    relations_of,
    role_bridge,
    same_relation,
    same_stem,
    verb_held,
    where_question,
    with_relations,
)
from shared.text.sizes import (
    difference_spans,
    extreme_words_held,
    names_a_way,
    ranked_superlatives,
    size_dimensions,
    size_words_held,
    states_change,
    way_nouns,
)
from shared.text.succession import (
    NOW_ADVERBS,
    Holder,
    asked_succession,
    asks_current,
    asks_previous,
    current_role,
    holders,
    predecessors,
    role_pattern,
    roles_of,
    succession_pairs,
    successors_only,
)
from shared.text.synonyms import choice_as_gap, said_plainly
from shared.text.tables import (
    MAX_LABEL_WORDS,
    YEAR_ROW_RE,
    figure_label,
    figure_value_at,
    figures_apart,
    period_year,
)
from shared.text.terms import (
    another_variant,
    asked_model,
    clean_title,
    contrasted_other,
    defined_abbreviations,
    described_bare_names,
    described_other,
    disowns,
    edition_ordinal,
    find_entities,
    generation_mark,
    inserted_look_alike_words,
    inserted_name,
    key_terms,
    look_alike_mark,
    look_alike_name,
    marked_look_alike,
    named_alone,
    names_other_model,
    names_prefixed_other,
    page_of_questions,
    part_subject,
    plain_names,
    prefixed_name,
    qualified_head_names,
    spell_out_abbreviations,
    swapped_name_word,
    title_subject,
    told_apart,
)
from shared.text.tokens import (
    ALL_ARTICLES,
    ARTICLES,
    FOREIGN_ARTICLES,
    compound_only,
    detect_language,
    first_person_plural,
    is_stopword,
    language_stopwords,
    split_clauses,
    split_sentences,
    tokenize,
)
from shared.text.verbs import AUXILIARIES, COPULAS, finite_verb, participle, same_verb, simple_past, verb_base
from shared.units import DECIMAL_COMMA_RE, decimal_mark, english_numbers, english_symbol, one_value, plain_number

_T = TypeVar("_T")

__all__ = ["synthesize", "rank_claims", "select_lead", "closing_lines", "lead_candidates", "sponsored_claim",
           "gives_figures",
           "other_ecosystem_claim", "counts_other_noun", "disowned_claims",
           "independent_first", "RELEVANCE_FLOOR", "NEW_SOURCE_FLOOR", "SPONSORED_MARK", "SPONSORED_WEIGHT"]


_DEDUP_JACCARD = 0.8
#: a question asking when a thing happened, in the past ("When did X open?", "When was X opened?")
_PAST_WHEN_RE = re.compile(r"\W*when\s+(?:did|was|were)\b", re.IGNORECASE)

#: ranking weights (tuned on the first 100 HotpotQA dev questions)
BRIDGE_QUERY_WEIGHT = 0.6
BRIDGE_SOURCE_BONUS = 0.35
LEAD_BONUS = 0.1
#: the least relevance (a share of the best claim's) of a claim that may lead the report
LEAD_FLOOR = 0.25
STABILITY_WEIGHT = 0.05
#: a question term that is part of a name the question gives ("Ronaldinho", "Metroplex") weighs this many times
#: its rarity: a sentence about another subject does not answer, however many other words it shares
ENTITY_WEIGHT = 2.0
#: the first lead claim's choice weighs a claim naming a name the question gives (text or page title) this much more
SUBJECT_BONUS = 0.25
#: the first lead claim answers alone when it states a candidate and holds this share of the question's weight
ANSWERED_COVERAGE = 0.9
#: the answer sentence's weight for stating a new candidate next to a question term the first lead claim left open
#: (:func:`_proximity`: "born in Bay Ridge", "created by Armando Iannucci"; 1.0 over 0.6 on the HotpotQA tuning slice 100-199)
PROXIMITY_WEIGHT = 1.0
#: a further lead claim linked to the lead weighs this much more when its own sentence names a lead claim's page (the
#: bridge sentence, "P is made by Corvel Systems", over another sentence of its page)
BRIDGE_SENTENCE_BONUS = 0.2
#: words sharing this many first letters are one term for :func:`_proximity` ("creator" / "created")
STEM_LETTERS = 5
#: what an answer on a page the lead's first claim itself names weighs more than one on a page only another sentence
#: of the first claim's page names (:func:`select_lead`, hop 2)
NAMED_BRIDGE_BONUS = 0.1
#: at most this many claims per source in one report (breadth over depth)
MAX_PER_SOURCE = 4
#: claims this relevant (share of the best) are checked for values that disagree with the report's claims
DISAGREEMENT_FLOOR = 0.3
#: at most this many disagreements are stated
MAX_DISAGREEMENTS = 3
#: contested claims (their page states them, another contradicts them) this relevant (share of the best claim,
#: supported ones included) that disagree with each other are said to disagree though the report writes none of them
CONTESTED_DISPUTE_FLOOR = 0.5
#: ... and said first, before the lead, when at least this share of the lead's relevance
CONTESTED_LEAD_SHARE = 0.8
#: what the report says when the question has no content word
NO_TERMS_TEXT = REPORT_WORDS["en"].no_terms
#: a finding from a source the lead cites is kept when its relevance is at least this share of the best claim's
RELEVANCE_FLOOR = 0.4
#: a finding from a source the lead does not cite needs this share (it adds a source to the report), unless the
#: lead names the source's page (:func:`linked_findings`)
NEW_SOURCE_FLOOR = 0.85
#: a claim only sponsored or affiliate sources support (``SourceInfo.sponsored``) never leads while an independent
#: claim at least this relevant (share of the best) exists; its relevance then counts this much for the findings
SPONSORED_WEIGHT = 0.5
#: what a citation of a sponsored or affiliate source says next to its ``[n]``
SPONSORED_MARK = "(sponsored or affiliate source)"


def sponsored_claim(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether only sponsored or affiliate sources (``SourceInfo.sponsored``) support ``claim``: its own source
    and every supporting span's source are such (a claim an independent page also supports, giving each of its
    figures: :func:`gives_figures`, is independent)."""
    def flagged(sid: str) -> bool:
        info = sources.get(sid)
        return info is not None and bool(info.sponsored)
    return flagged(claim.source_id) and all(flagged(sp.source_id) or not gives_figures(sp.text, claim.text)
                                            for sp in claim.spans)


def gives_figures(span: str, claim: str) -> bool:
    """Whether the text ``span`` gives every figure of ``claim`` (:func:`_values`: each value, in any unit of its
    kind, e.g. "40 km" as "40 kilometres"); True for a claim without figures. A passage that names the claim's
    thing and one of its figures but gives another for the rest (an independent test's table row "31 km | 14.2 kg"
    against "a range of 40 km and weighs 14.2 kg") does not."""
    wanted = _values(claim)
    if not wanted:
        return True
    given = _values(span, other_language=None)
    return all(any(_same_amount(key, other) for other in given.get(kind, {}))
               for kind, keys in wanted.items() for key in keys)


def other_ecosystem_claim(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether only pages about another language ecosystem than the code question's (``SourceInfo.other_ecosystem``)
    support ``claim``: its own source and every supporting span's source are such."""
    def other(sid: str) -> bool:
        info = sources.get(sid)
        return info is not None and bool(info.other_ecosystem)
    return other(claim.source_id) and all(other(sp.source_id) for sp in claim.spans)


def independent_first(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> VerifiedClaim:
    """``claim`` with its supporting spans of independent sources first, and of pages of the code question's own
    ecosystem before those of another (the span a citation points at is the first: an independent page's, when
    one supports the claim giving each of its figures, :func:`gives_figures`; else the claim's own)."""
    own = sources.get(claim.source_id)
    flagged = own is not None and (bool(own.sponsored) or bool(own.other_ecosystem))

    def later(sp: EvidenceCandidate) -> tuple[bool, bool]:
        info = sources.get(sp.source_id)
        if flagged and sp.source_id != claim.source_id and not gives_figures(sp.text, claim.text):
            return True, True  # another page backing the claim by a passage giving other figures is never cited
        return bool(info and info.sponsored), bool(info and info.other_ecosystem)
    spans = sorted(claim.spans, key=later)
    return claim if spans == list(claim.spans) else claim.model_copy(update={"spans": spans})


#: a sentence told in the first person singular: a forum poster's or a blogger's own experience ("I ran pip install
#: requets by mistake", "My build broke after the upgrade")
_FIRST_PERSON_RE = re.compile(r"^\W*(?:I|I'm|I’m|I've|I’ve|I'd|I’d|I'll|I’ll|My|Me)\b(?![.-])")


def first_person(text: str) -> bool:
    """Whether ``text`` opens in the first person singular (a poster's account of what happened to them): such a
    sentence reports one person's experience, never the answer to a question."""
    return bool(_FIRST_PERSON_RE.match(text))


#: a writer's hedge on what they recall ("From what I remember, ...", "If I recall correctly", "IIRC", "AFAIK", "as far
#: as I know", "..., I think, ..."): the first-person hedges of :data:`_FIRST_PERSON_RE`'s accounts, anywhere in a
#: sentence (one opening with "I think" is an account already)
_RECOLLECTION_RE = re.compile(
    r"\b(?:from\s+what\s+I\s+(?:can\s+)?(?:remember|recall|know|gather|understand)|"
    r"if\s+I\s+(?:remember|recall)(?:\s+(?:correctly|rightly|right))?|as\s+far\s+as\s+I\s+(?:know|remember|recall|can\s+tell)|"
    r"I\s+(?:think|believe|reckon|guess|suppose|seem\s+to\s+(?:remember|recall))|IIRC|AFAIK|AFAIR)\b", re.IGNORECASE)


def hedged_recollection(text: str) -> bool:
    """Whether ``text`` (one sentence) states what it says as its writer's hedged recollection
    (:data:`_RECOLLECTION_RE`: "From what I remember, the course is 2,000 metres", "The hall seats 400, I think"):
    a weaker statement than a page's plain one of the same attribute. Never raises."""
    return bool(_RECOLLECTION_RE.search(text or ""))


def plain_over_recollection(question: str, texts: list[str], lead: list[int], order: list[int],
                            titles: list[str]) -> list[int]:
    """``lead`` (indices into ``texts``) with each hedged recollection (:func:`hedged_recollection`) stating a
    figure of the kind ``question`` asks (:func:`_asked_figures`; ``titles``: each text's page title) left out, and
    the best claim of ``order`` (the claims allowed to lead, by relevance) that states a figure of the same kind
    plainly first (of the dimension the recollection gives, when the question asks several: "How long ..." a length
    or a time), one naming the asked name (in its text or its page's title) and no look-alike of it
    (:func:`swapped_subjects`, :func:`prefixed_others`): a forum poster's "From what I remember, the course is 2,000
    metres" never leads over a page's "Crews race over a straight course of 1,600 metres". ``lead`` unchanged when
    no lead claim is such a recollection or no such plain figure exists (at most three claims)."""
    # (of the kind asked whatever it opens with: "IIRC the course is ..." names no other thing)
    kind = _asked_figures(question, texts, None)
    hedged = [i for i in lead if kind[i] and hedged_recollection(texts[i])]
    if not hedged:
        return lead
    asked = asked_quantity(question)
    if asked and not counted_nouns(question):
        # the dimension the recollection gives ("2,000 metres": a length, not "over three days")
        dims = tuple(d for d in asked if states_quantity(numerize(texts[hedged[0]])[0], (d,)))[:1] or asked
        kind = [k and states_quantity(numerize(t)[0], dims) for k, t in zip(kind, texts)]
    q_names = [n for e in find_entities(question) if (n := set(tokenize(e)))]
    named = _named_words(question, texts, titles)
    other = swapped_subjects(question, texts, titles)
    apart = prefixed_others(question, texts, titles)
    plain = [i for i in order if kind[i] and i not in hedged and not hedged_recollection(texts[i])
             and not other[i] and not apart[i] and (not q_names or any(n <= named[i] for n in q_names))]
    if not plain:
        return lead
    return list(dict.fromkeys([plain[0], *(i for i in lead if i not in hedged)]))[:3]


def _account(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim`` is a first-person account (:func:`first_person`) rather than a sentence opening with its
    page's title ("I'm in the Mood for Love is a 1952 album" on the page "I'm in the Mood for Love (album)")."""
    if not first_person(claim.text):
        return False
    title = clean_title(_title_of(claim, sources))
    return not (title and claim.text.casefold().startswith(title.casefold()))


#: a sentence opening with a thing it describes by "the" and up to three words, before its verb or preposition ("The
#: post mill is 11.8 metres tall": "post mill")
_DESCRIBED_THING_RE = re.compile(r"\W*(?:the|this)\s+(?P<thing>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+(?:is|was|are|"
                                 r"were|has|had|measures|measured|reaches|reached|rises|rose|stands|stood|weighs|"
                                 r"weighed)\b", re.IGNORECASE)


def _described_other(text: str, asked: set[str]) -> bool:
    """Whether ``text`` opens with a thing it describes by words the question does not give (``asked``: the
    question's :func:`tokenize` tokens): "The post mill is 11.8 metres tall" for "How tall is the X tower mill?"
    ("post" is none of its words); not "The tower is 21.4 metres tall", nor a sentence opening otherwise."""
    m = _DESCRIBED_THING_RE.match(text or "")
    return m is not None and bool(set(tokenize(m.group("thing"))) - asked)




def _told_in_post(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim`` is a forum or blog post's retelling of what someone it does not name said
    (:func:`hearsay`: "The guide said the tower is 31 metres tall"): weaker evidence than a page's own statement."""
    src = sources.get(str(claim.source_id))
    return src is not None and src.kind in POST_KINDS and hearsay(claim.text) is not None


def _posted(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim``'s source is a forum or blog post (:data:`shared.evidence.POST_KINDS`)."""
    src = sources.get(str(claim.source_id))
    return src is not None and src.kind in POST_KINDS


def _weaker_in_posts(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo], fits: list[bool],
                     tok_sets: list[set[str]]) -> list[bool]:
    """Per claim of ``claims``, whether it is a post's figure weaker than another claim's that ``fits`` the
    question too (``fits``: per claim, whether it states what ``question`` asks; ``tok_sets``: per claim, its tokens
    with its page title's). What a forum or blog post says someone told its writer ("The guide said the tower is 31
    metres tall": :func:`hearsay`) is weaker evidence than a page's own statement ("X: height 21.4 m"); and any
    post's figure ("X is 250 hp, I'm sure of it") is weaker than a maker's or reference page's figure of the same
    thing (a claim, with its page's title, naming every name of the question the post names), as is a claim naming
    fewer of them (another engine's "Y is rated at 180 hp" on the station's page). The caller keeps such a
    claim out of the lead only while another fitting claim is not weaker."""
    told = [fit and _told_in_post(c, sources) for fit, c in zip(fits, claims)]
    q_named = [set(toks) for e in find_entities(question) if (toks := tokenize(e))]
    posted = [fit and _posted(c, sources) for fit, c in zip(fits, claims)]
    held = [frozenset(k for k, n in enumerate(q_named) if n <= tok_sets[i]) for i in range(len(claims))]
    # (a sentence opening with a longer name ending with an asked one, "The Old Quelvard was 187.4 metres long", may
    # be a look-alike's figure: no figure of the same thing)
    other_thing = [bool(w := _opening_words(c)) and any(len(w) > len(n) and set(w[-len(n):]) == n for n in q_named)
                   for c in claims] if any(posted) else []
    for i in [i for i, p in enumerate(posted) if p and held[i]]:
        same = [fit and not posted[j] and not other_thing[j] and not _low_trust(c, sources) and held[i] <= held[j]
                for j, (fit, c) in enumerate(zip(fits, claims))]
        if any(same):
            told = [t or (fit and not s) for t, fit, s in zip(told, fits, same)]
            break
    return told


def _low_trust(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim``'s source is of a low-trust kind (:data:`shared.evidence.LOW_TRUST_KINDS`: a forum, a blog,
    an affiliate review, a shop) or sponsored."""
    src = sources.get(str(claim.source_id))
    return src is not None and (src.kind in LOW_TRUST_KINDS or src.sponsored is not None)


def lead_candidates(claims: list[VerifiedClaim], rel: list[float], sources: dict[str, SourceInfo]) -> list[int]:
    """Indices of ``claims`` that may lead the report. A claim only pages of another language ecosystem than the
    code question's support (:func:`other_ecosystem_claim`) never does while another claim exists (an npm
    question's answer never opens with a Python page), nor does a writer's first-person account
    (:func:`first_person`: "I ran pip install requets by mistake"). Of the rest: all of them, unless some claims only sponsored
    or affiliate sources support (:func:`sponsored_claim`) and an independent claim at least
    :data:`RELEVANCE_FLOOR` as relevant as the best (``rel``: relevance as a share of the best) exists: then the
    independent ones only."""
    eligible = [i for i, c in enumerate(claims) if not other_ecosystem_claim(c, sources)] or list(range(len(claims)))
    eligible = [i for i in eligible if not _account(claims[i], sources)] or eligible
    independent = [i for i in eligible if not sponsored_claim(claims[i], sources)]
    if len(independent) == len(eligible) or not any(rel[i] >= RELEVANCE_FLOOR for i in independent):
        return eligible
    return independent


def _title_of(claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    info = sources.get(claim.source_id)
    return info.title if info else claim.source_id


def _normalise(scores: list[float]) -> list[float]:
    top = max(scores, default=0.0)
    return [s / top for s in scores] if top > 0 else [0.0] * len(scores)


def rank_claims(
    question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
) -> list[tuple[int, float]]:
    """Rank ``claims`` by relevance to ``question`` with a multi-hop expansion.

    Score = BM25(question) over "claim text + source title + the question's relation words the claim states in other
    words" (:func:`shared.text.relations.with_relations`: "born" for "birthplace") (normalised to [0, 1])
    + 0.6 x BM25(bridge query) (normalised) + 0.35 if the claim's source title names a
    bridge entity + 0.1 for a source's lead sentence + 0.05 x stability (+ 1.0 for a relevant claim of the newest dated source
    when the question asks for the latest or current thing: :func:`services.synthesizer.provenance.recency_bonus`). Bridge
    entities are the capitalised phrases and source titles of the 3 best first-pass
    claims that are not already in the question.

    Returns:
        ``(index into claims, score)`` for every claim, best first (ties: lower index).
    """
    if not claims:
        return []
    titles = [clean_title(_title_of(c, sources)) for c in claims]
    # a claim stating a relation the question names in other words ("was born in" for "birthplace") holds the
    # question's word too
    q_words = [*tokenize(question), *(t for t in relation_terms(question) if " " in t)]  # and "set up" whole
    # a German claim naming a part of a compound of the question holds it too ("Die Straße ..." for "die
    # Straßenverbindung": shared.text.compounds), and a German, French or Spanish claim an English question's words it
    # says in its language ("Die Brennalmhütte bietet 32 Schlafplätze" holds "brennalm", "hut", "bed":
    # shared.text.crosslang)
    lang = detect_language(question)
    who = answer_type(question) == "who"  # "Who started X?" asks a founding, no service's start
    # "How tall is X?": a sentence giving its height in other words holds "tall" (a choice's or a yes/no question's
    # options are weighed by their figures elsewhere)
    sized = answer_type(question) not in ("comparison", "yes_no")
    docs = [" ".join([c.text, t, *sorted(with_relations(set(tokenize(c.text)), q_words, c.text, who)
                                         - set(tokenize(c.text))),
                      *sorted(held_nouns(set(tokenize(c.text)), q_words, lang)),
                      # "84 metres high" states the "tall" of "How tall is X?" (shared.text.sizes.size_words_held)
                      *sorted(size_words_held(question, c.text) - set(tokenize(c.text)) if sized else ()),
                      # "top elevation 1960 m" states the "highest" of "What is X's highest elevation?"
                      *sorted(extreme_words_held(question, c.text) - set(tokenize(c.text)) if sized else ()),
                      *sorted(foreign_held(f"{c.text} {t}", q_words) if lang == "en" else ()),
                      # an English claim says a German, French or Spanish question's words in English
                      *sorted(english_held(tokenize(c.text), q_words)
                              if lang in FOLDED_LANGUAGES and detect_language(c.text) == "en" else ())])
            for c, t in zip(claims, titles)]
    index = BM25Index(docs)
    # a phrase a page says in one word is searched in that word too ("without paying": "free")
    plain = said_plainly(question)
    # a question in another language searched without its own function words (:func:`_question_weights`)
    foreign = language_stopwords(lang)
    asked = " ".join(t for t in tokenize(question) if t not in foreign) if foreign else question
    asked = asked or question
    s1 = _normalise(index.scores(asked if plain == question else f"{asked} {plain}"))
    q_tokens = set(tokenize(question))
    # the question's names as it spells them, where a claim or its page's title does too
    doc_tokens = [set(tokenize(d)) for d in docs]
    q_names = [toks for e in find_entities(question) if (toks := tokenize(e))
               and any(set(toks) <= ts for ts in doc_tokens)]
    first = sorted(range(len(claims)), key=lambda i: (-s1[i], i))[:3]
    bridges: list[str] = []
    for i in first:
        if s1[i] <= 0:
            continue
        # a German sentence's capitalised common nouns ("Die Strecke ist 4,12 Kilometer lang") name nothing: no
        # bridge (as one, they lifted their own sentence above every English one stating the same)
        claim_lang = detect_language(claims[i].text)
        for ent in [titles[i], *(e for e in find_entities(claims[i].text) if not common_nouns_only(e, claim_lang))]:
            toks = tokenize(ent)
            # a look-alike of a name the question gives ("Tarnholm Glass Museum" for "Tarnholt Glass Museum") is
            # another thing, no bridge to it
            if toks and not all(t in q_tokens for t in toks) and ent not in bridges \
                    and not any(look_alike_name(q, toks) for q in q_names):
                bridges.append(ent)
    s2 = _normalise(index.scores(" ".join(bridges))) if bridges else [0.0] * len(claims)
    bridge_token_sets = [set(tokenize(b)) for b in bridges]
    recency = recency_bonus(question, claims, sources, s1)  # "latest"/"current" questions: the newest dated source
    q_title_hits = [set(tokenize(t)) for t in titles]
    out: list[tuple[int, float]] = []
    for i, c in enumerate(claims):
        tt = q_title_hits[i]
        bridge_src = bool(tt) and any(
            bt and (tt <= bt or bt <= tt) for bt in bridge_token_sets
        ) and i not in first
        lead = any(sp.start == 0 and sp.source_id == c.source_id for sp in c.spans[:1])
        score = s1[i] + BRIDGE_QUERY_WEIGHT * s2[i]
        score += (BRIDGE_SOURCE_BONUS if bridge_src else 0.0) + (LEAD_BONUS if lead else 0.0)
        score += STABILITY_WEIGHT * max(0.0, min(1.0, c.stability))
        score += recency[i]
        out.append((i, score))
    out.sort(key=lambda p: (-p[1], p[0]))
    return out


def choice_as_named(question: str, supported: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> str:
    """``question`` as a choice naming its options when it asks which of two things of a kind the claims name was
    first, older, larger ... (:func:`services.synthesizer.verdicts.unnamed_choice`: "Which of the town's two
    churches was built first?" -> "Which was built first, the St Olaf Church or the St Mary Church?", the claims
    ranked for the question as asked), so the choice is decided and stated as a named one; else ``question``
    unchanged. ``supported``: the supported claims."""
    if answer_type(question) != "which" or not supported:
        return question
    by_rank = [i for i, _s in rank_claims(question, supported, sources)]
    return unnamed_choice(question, [c.text for c in supported], [_title_of(c, sources) for c in supported],
                          by_rank) or question


def closing_lines(missing: list[str], numbers: dict[str, int], sources: dict[str, SourceInfo], *,
                  missing_heading: str, sources_heading: str,
                  title_of: Callable[[str, SourceInfo], str] = lambda sid, info: info.title) -> list[str]:
    """The Markdown lines that end a report: "What is missing" (one bullet per item, whitespace collapsed; left
    out when ``missing`` is empty) and "Sources" (``- [n] title — URL or path`` in citation order; left out when
    nothing is cited; the author and dates a page gave follow its title:
    :func:`services.synthesizer.provenance.source_meta`). ``numbers``: source id -> citation number ``n``; ``title_of(source id, info)``: how a
    source's title is shown (a source missing from ``sources`` shows its id). Headings are used as given
    (already escaped)."""
    lines: list[str] = []
    if missing:
        lines += [f"## {missing_heading}", ""]
        lines += [f"- {' '.join(m.split())}" for m in missing]
        lines.append("")
    if numbers:
        lines += [f"## {sources_heading}", ""]
        for sid, n in sorted(numbers.items(), key=lambda p: p[1]):
            info = sources.get(sid)
            title = title_of(sid, info) if info else sid
            where = info.url_or_path if info else ""
            meta = source_meta(info)  # author and dates, when the page gave them
            lines.append(f"- [{n}] {_escape(title)}{' — ' + _escape(meta) if meta else ''} — {where}".rstrip(" —"))
        lines.append("")
    return lines


def _sentence_text(text: str) -> str:
    t = " ".join(text.split())
    while t and t[-1] in ".!;:。！":
        t = t[:-1].rstrip()
    return t


def _question_weights(question: str, docs: list[str]) -> dict[str, float]:
    """Key terms of the question weighted by inverse document frequency over ``docs`` (rare terms weigh more;
    a term no document holds weighs like the rarest)."""
    # a question in another language than English: its own function words ("wann", "wurde", "das") are no terms,
    # else they draw the lead to any page in its language over a page in English that answers it
    foreign = language_stopwords(detect_language(question))
    terms = [t for t in key_terms(question) if t not in foreign] or key_terms(question)
    n = max(1, len(docs))
    toks = [set(tokenize(d)) for d in docs]
    named = {t for e in find_entities(question) for t in tokenize(e)}
    return {t: math.log(1 + n / (1 + sum(1 for ts in toks if t in ts))) * (ENTITY_WEIGHT if t in named else 1.0)
            for t in terms}


def _covered(weights: dict[str, float], tokens: set[str]) -> float:
    total = sum(weights.values())
    return sum(w for t, w in weights.items() if t in tokens) / total if total else 0.0


_NUMERIC_COMPARISON = re.compile(
    r"\b(?:born|died|founded|formed|released|started|established|published|opened|built|older|oldest|younger|"
    r"youngest|earlier|later|first|more|most|less|fewer|longer|larger|bigger|taller|higher|age)\b", re.IGNORECASE)


def _option_claims(option: str, order: list[int], claims: list[VerifiedClaim], titles: list[str],
                   tok_sets: list[set[str]], question: str) -> list[int]:
    """Claims about one option of a choice, best first: those of a source titled with the option (its own
    page) before those that merely name it; when the question compares dates or amounts, a claim stating a
    number first, and a page's opening sentence (full name, dates) before its others."""
    opt_toks = set(tokenize(option))
    if not opt_toks:
        return []
    # a claim about another thing told apart from the option by words before its name ("The Little Orvane Canal is
    # 6.2 kilometres long" for the option "Orvane Canal", or the reverse: :func:`prefixed_others`) is no claim of it
    other = prefixed_others(question, [c.text for c in claims], titles, plain_names(option))
    order = [i for i in order if not other[i]]
    own = [i for i in order if titles[i] and (set(tokenize(titles[i])) == opt_toks
                                               or opt_toks <= set(tokenize(titles[i])))]
    named = [i for i in order if i not in own and opt_toks <= tok_sets[i]]
    pool = own or named
    if _NUMERIC_COMPARISON.search(question):
        def numbered(i: int) -> bool:  # a count or a date
            return bool(answer_candidates(claims[i].text, "how_many", question)
                        or answer_candidates(claims[i].text, "when", question))

        # a comparative of a kind of figure ("longer": a length) is answered by a figure of that kind first ("is
        # 6.2 kilometres long"), not by any number of the option's page ("a canal of class 0")
        compared = compared_quantity(question)

        def key(i: int) -> tuple[int, int, int]:
            opening = any(sp.start == 0 for sp in claims[i].spans[:1])
            return (0 if numbered(i) else 1, 0 if opening else 1, pool.index(i))
        pool = sorted(pool[:8], key=key) + pool[8:]
        if compared:
            fit = [i for i in pool if states_quantity(numerize(claims[i].text)[0], compared)]
            pool = [*fit, *(i for i in pool if i not in fit)]
        # the relation compared ("built first"): when no claim of the option's own page dates it, a claim naming the
        # option that does ("The boiling house ... was completed in 1881" on the owner's page) comes first, before
        # another figure of the own page ("a full pan gives 40 kilograms")
        relation = [t for t in relation_terms(question) if listed_relations(t)]

        def dated(i: int) -> bool:
            return numbered(i) and all(t in tok_sets[i] for t in relation)
        if own and relation and not any(dated(i) for i in own[:8]):
            pool = [*[i for i in named if dated(i)][:1], *pool]
    return pool


def _same_figure(mine: Sequence[str], theirs: Sequence[str]) -> bool:
    """Whether a claim's candidate figures ``mine`` (as written: "25 million", "640") give an amount of ``theirs``
    (:func:`_same_amount` of their :func:`_amount_key_of` as counts, else equal as written)."""
    def key(x: str) -> str:
        return _amount_key_of(f"{x} people") or x.casefold()
    return any(_same_amount(key(x), key(y)) for x in mine for y in theirs)


def _stem(token: str) -> str:
    return token[:STEM_LETTERS]


#: where one item of a list of names ends and the next begins: a comma or semicolon (then "and" / "or") before a
#: capitalised word or an opening quote ("Gary Cooper, David Niven", '... in "80 Days", and Sir Charles'); an
#: apposition ("Armando Iannucci, the creator of ...") and a number's digits ("1,289,500") are no boundary
_LIST_ITEM_BREAK = re.compile(r"[,;]\s+(?:(?:and|or)\s+)?(?=[\"“‘]?[A-Z])")


def _proximity(text: str, candidates: list[str], terms: list[str]) -> float:
    """How close ``text`` puts an answer candidate to a question term: ``1 / d`` for the fewest content tokens
    ``d`` (>= 1) between a token of one of ``candidates`` and a token sharing its first :data:`STEM_LETTERS`
    letters with one of ``terms`` or naming its relation in other words (:func:`listed_relations`: "established"
    for "founded") ("born in Bay Ridge": 1; "created by Armando Iannucci": 1), counted only within
    one item of a list (:data:`_LIST_ITEM_BREAK`): a name merely next to a question term in a list of names says
    nothing about it ("Phileas Fogg in '80 Days', and Sir Charles Lytton"); 0 when the text holds no candidate or
    no term in one item."""
    cand_toks = {t for c in candidates for t in tokenize(c)}
    stems = {_stem(t) for t in terms}
    relations = {r for t in terms for r in listed_relations(t)}
    best = 0.0
    for item in _LIST_ITEM_BREAK.split(text):
        tokens = tokenize(item)
        at_cand = [k for k, t in enumerate(tokens) if t in cand_toks]
        at_term = [k for k, t in enumerate(tokens) if (_stem(t) in stems or set(listed_relations(t)) & relations)
                   and t not in cand_toks]
        if at_cand and at_term:
            best = max(best, 1.0 / min(max(1, abs(a - b)) for a in at_cand for b in at_term))
    return best


def _names(text: str, name: str) -> bool:
    """Whether case-folded ``text`` holds the case-folded ``name`` as whole words, also in the plural ("scorpions"
    names the page "Scorpion")."""
    return bool(name) and compiled(rf"(?<!\w){re.escape(name)}(?:e?s)?(?!\w)").search(text) is not None


def _names_alone(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` (any case, whole words, also in the plural: :func:`_names`) where no
    capitalised word goes on with it: "Halvik Observatory" or "Halvik FC" is another thing than "Halvik"
    (:func:`opens_longer_name`)."""
    return bool(name) and compiled(rf"(?<!\w)(?i:{re.escape(name)})(?:e?s)?(?!\w)(?![ \t]+[A-Z])").search(
        text) is not None


_SENTENCE_BREAK = re.compile(r"(?:[a-z]{3,}|\d{2,}|[\"”’)])[.!?][\"”’]?\s+[\"“]?[A-Z]")


#: a table row read as a sentence: its label (the header's word and its first cell) before the colon that opens its
#: values ("Ticket Family (2 adults + up to 3 children): single €11.00, return €19.00")
_ROW_LABEL_RE = re.compile(r"^(?P<label>[^:.;!?]{1,120}?):\s")
_PAREN_RE = re.compile(r"\([^()]*\)")


def row_label_words(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the words a table row's label names its row by, the words only a bracket of its label gives) of ``text``
    (tokens): "Ticket Family (2 adults + up to 3 children): single €11.00, ..." -> ({"ticket", "family"}, {"2",
    "adult", "up", "3", "child"}-like tokens, the bracket's words its label does not write outside it); "Ticket Adult:
    single €4.50" -> ({"ticket", "adult"}, ∅). A sentence without a label of at most
    :data:`shared.text.tables.MAX_LABEL_WORDS` + 2 words before a colon gives (∅, ∅)."""
    m = _ROW_LABEL_RE.match(text or "")
    if m is None or len(m.group("label").split()) > MAX_LABEL_WORDS + 2:
        return frozenset(), frozenset()
    label = m.group("label")
    outside = frozenset(tokenize(_PAREN_RE.sub(" ", label)))
    inside = frozenset(t for b in _PAREN_RE.findall(label) for t in tokenize(b)) - outside
    return outside, inside


def row_of_other(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` is a table row of another thing than each of ``names`` (names as written) that names one of
    them in a cell: its label (:func:`row_label_words`) holds no word of the name, its values hold the name's words in
    a row ("Engine Aurelia: mill Ketterby Mill, built 1854, power 120 hp" for the Ketterby Mill): the row's figures and
    dates are its label's thing's. False for no row or no names. Never raises."""
    label, _bracket = row_label_words(text)
    m = _ROW_LABEL_RE.match(text or "")
    if not label or m is None:
        return False
    values = tokenize(text[m.end():])
    for name in names:
        want = tokenize(name)
        if want and not set(want) & label and any(values[k:k + len(want)] == want
                                                  for k in range(len(values) - len(want) + 1)):
            return True
    return False


@lru_cache(maxsize=8192)
def _is_passage(text: str) -> bool:
    """Whether a claim is several sentences (a sentence break inside it, also after a closing quote:
    '... "Black Clouds". From ...'; "Dr." or "St." is no break)."""
    return len(split_sentences(text)) > 1 or _SENTENCE_BREAK.search(text.strip()) is not None


_SHARED_RE = re.compile(r"\b(?:in common|both|each)\b", re.IGNORECASE)


def _shared_by(question: str) -> list[str]:
    """The two names a question asks a shared trait of ("What profession do A and B have in common?", "A and B
    are both which kind of animal?"), else []."""
    if not _SHARED_RE.search(question):
        return []
    names = [part.strip() for e in find_entities(question) for part in re.split(r"\s+(?:and|&)\s+", e)
             if key_terms(part)]
    q = " ".join(question.split())
    m = re.search(r"(.+?)\s+and\s+(.+)", q)
    if len(names) != 2 or m is None or not (q.find(names[0]) < m.end(1) <= q.find(names[1])):
        return []
    return names


def _parts_lead(question: str, supported: list[VerifiedClaim], may_lead: list[int],
                sources: dict[str, SourceInfo]) -> list[int]:
    """The lead of a question asking two things in one sentence (:func:`shared.text.answer.question_parts`: "Wann
    wurde X gegründet und wer leitet sie heute?"): for each part, the claim that answers it first
    (:func:`select_lead` of the part, its relevance ranked for the part alone), in the parts' order (indices into
    ``supported``, among ``may_lead``). [] when the question asks one thing, or when a part is answered by no claim
    or by a claim stating no answer of its type (the whole question's lead stands then)."""
    parts = question_parts(question)
    if len(parts) < 2 or not may_lead:
        return []
    out: list[int] = []
    pool = [supported[i] for i in may_lead]
    for part in parts:
        ranked = rank_claims(part, pool, sources)
        top = ranked[0][1] if ranked and ranked[0][1] > 0 else 0.0
        if top <= 0.0:
            return []
        scores = [0.0] * len(pool)
        for j, score in ranked:
            scores[j] = score / top
        kind = answer_type(part)
        answering = [j for j in select_lead(part, pool, scores, sources)
                     if kind in ("yes_no", "comparison", "none") or answer_candidates(pool[j].text, kind, part)]
        if not answering:
            return []
        out.append(may_lead[answering[0]])
    return list(dict.fromkeys(out))


def _time_part_lead(question: str, supported: list[VerifiedClaim], may_lead: list[int],
                    sources: dict[str, SourceInfo], lead: list[int]) -> list[int]:
    """``lead`` (indices into ``supported``) of a question asking a time in a closing aside
    (:func:`shared.text.answer.asked_time_part`: "Who founded X and when?", "By whom was X established, and in what
    year?") with the claim answering that time second, when no lead claim states a date: the first claim
    :func:`select_lead` picks for the when-question, its relevance ranked for that question alone, among ``may_lead``,
    that states a date (:func:`shared.text.answer.answer_candidates`). Three claims at most; ``lead`` unchanged for
    any other question, or when a lead claim dates it already or no claim does. A when-question asking a person in
    its aside (:func:`shared.text.answer.asked_person_part`: "When was X founded and by whom?") takes the claim naming
    that person second the same way."""
    kind: Literal["when", "who"] = "when"
    part = asked_time_part(question)
    if part is None:
        part, kind = asked_person_part(question), "who"
    if part is None or not lead or not may_lead \
            or any(answer_candidates(supported[i].text, kind, part) for i in lead):
        return lead
    when = part
    pool = [supported[i] for i in may_lead]
    ranked = rank_claims(when, pool, sources)
    top = ranked[0][1] if ranked and ranked[0][1] > 0 else 0.0
    if top <= 0.0:
        return lead
    scores = [0.0] * len(pool)
    for j, score in ranked:
        scores[j] = score / top
    dated = [may_lead[j] for j in select_lead(when, pool, scores, sources)
             if answer_candidates(pool[j].text, kind, when)]
    if not dated or dated[0] in lead:
        return lead
    return [lead[0], dated[0], *lead[1:]][:3]


def _counting_picks(things: Sequence[str], nouns: tuple[str, ...], order: list[int], claims: list[VerifiedClaim],
                    titles: list[str], tok_sets: list[set[str]], question: str) -> list[int]:
    """For each of two compared ``things``, the index of its best-ranked claim (:func:`_option_claims`) that counts
    one of ``nouns`` (:func:`shared.text.quantity.counts`: "57 fishing boats" for "vessels"; a year counts nothing)
    and does not name the other thing alone, one holding a word the question says of the count first ("built 412
    ships" before "412 Schiffe liefen vom Stapel" for "Which built more vessels?"), then one on the thing's own page
    or naming it; fewer than two indices when a thing has none."""
    named = set().union(*(set(tokenize(t)) for t in things))
    said = {t for t in tokenize(question) if t not in named and t not in nouns}
    picks: list[int] = []
    for k, opt in enumerate(things[:2]):
        mine, theirs = set(tokenize(opt)), set(tokenize(things[1 - k]))
        counting = [i for i in _option_claims(opt, order, claims, titles, tok_sets, question)
                    if counts(claims[i].text, nouns) and not (theirs <= set(tokenize(claims[i].text))
                                                             and not mine <= set(tokenize(claims[i].text)))]
        # its own page, or a sentence naming it, before a page that only mentions it ("Press kit: X")
        picks.extend(sorted(counting, key=lambda i: (not said & tok_sets[i], not (
            mine <= set(tokenize(claims[i].text)) or set(tokenize(titles[i])) == mine)))[:1])
    return picks


def select_lead(question: str, claims: list[VerifiedClaim], scores: list[float],
                sources: dict[str, SourceInfo]) -> list[int]:
    """The 1-3 claims that answer ``question`` directly, in the order to write them (indices into ``claims``).

    ``scores``: each claim's relevance (:func:`rank_claims`), normalised to the best. The answer type
    (:func:`shared.text.answer.answer_type`) decides:

    - ``comparison`` / ``yes_no`` with named options: for each option the most relevant claim naming it (its
      source title counts), preferring one that states a date or number when the question compares;
    - otherwise the first claim maximises relevance + the IDF-weighted share of the question's terms it holds
      (text and source title; a term of a name the question gives weighs :data:`ENTITY_WEIGHT` times more)
      + :data:`SUBJECT_BONUS` when it names a name the question gives (its subject is the question's); the wh-phrase's
      own words of a "when" or "where" question ("year") count for none of that, and a sentence stating the relation
      asked of a name the question gives of another name it opens with (:func:`_relation_of_other`: "Dunfield Basin
      opened in 1926" on the page "HCC wharves" for "In what year was the HCC founded?") holds neither that name nor
      the relation.
      A question asking for a figure of a kind (:func:`shared.text.quantity.asked_quantity`: "the height of") or a
    count of a noun ("how many arches": :func:`shared.text.quantity.counts`, "nine arches") is led by a claim that
    states one about a name the question gives, when there is such a claim; only such claims then state a candidate.
    Unless it states a candidate of the answer type and holds :data:`ANSWERED_COVERAGE` of that weight (the
    wh-phrase's own words of a "when" or "where" question aside: the candidate gives the "year" of "in what year";
    nor do they count as what a further claim adds), the
      answer follows: the claim stating a candidate, on the first claim's page or a page it names (the bridge),
      that maximises 0.6 x the wh-phrase's words (as far as the first claim lacks them) + the share of the
      question's weight not yet covered + 0.3 x relevance + 0.2 on a bridge page + :data:`PROXIMITY_WEIGHT` x how
      near a new candidate stands to a question term the first claim left open (:func:`_proximity`: "born in
      Bay Ridge"; the page's own subject and, for who / where / which / what, dates are no candidate there);
      a claim of another page answers only when it names a name of the question or of the first claim (never
      another town's figure); then, greedily, up to two
      claims from other sources (naming a name of the question, or linked to the lead) that add at least 15% of the question's weight not yet covered or link to the
      lead through a bridge entity (the lead names the claim's source title, or the claim names the lead's)
      and state a candidate (never a passage of several sentences there; when the first claim states the figure
      asked of a name the question gives, never another claim stating such a figure of another thing that the
      first claim does not name: a neighbouring town's population); of a linked page, the sentence that itself
      names a lead claim's page weighs :data:`BRIDGE_SENTENCE_BONUS` more (the bridge sentence). A claim whose
      relevance is under :data:`LEAD_FLOOR` never leads (of the best claim's that is no look-alike of a name the
      question gives, when the best is one: a sentence opening with a look-alike's name,
      :func:`services.synthesizer.verdicts.opens_look_alike`, "The Old Varrow Incline ..., designed by Osric Pell"
      on the Varrow Cliff Railway's page, leads only when no other claim may). A claim holds a question term it
      states in other words of the same relation (:func:`shared.text.relations.with_relations`: "was born in" holds
      "birthplace", "established" holds "founded"); the answer's nearness counts to the question's relation words
      (:func:`relation_terms`) when the first claim left them open. Then the claim stating a candidate with the relation asked is written first, the
      bridge after it (:func:`_answer_first`).

    Returns [] when there is no claim.
    """
    if not claims:
        return []
    kind = answer_type(question)
    titles = [clean_title(_title_of(c, sources)) for c in claims]
    docs = [f"{c.text} {t}" for c, t in zip(claims, titles)]
    weights = _question_weights(question, docs)
    # a question's relation word is held by a claim stating the relation in its own words ("birthplace": "was born
    # in"; "founded": "established"; "composer": "composed by"), and a phrasal verb's too ("set up": "founded in
    # 1861" holds it, and its word "set")
    phrasal = [t for t in relation_terms(question) if " " in t]
    # the question's verb is no part of a hyphenated compound a claim writes ("an open-air pool" states no "open" of
    # "When did X open?": shared.text.tokens.compound_only)
    verb_words = {t for t in relation_terms(question) if " " not in t}
    tok_sets = [with_relations(set(tokenize(d)) - (compound_only(d) & verb_words if verb_words else frozenset()),
                               [*weights, *phrasal], d, kind == "who") for d in docs]
    # a where-question's verb of holding an event is held by any word of hosting: "staged in the Drill Hall" says
    # where the cup is "played" (shared.text.relations.hosted_event_words)
    tok_sets = [ts | hosted_event_words(d, question) for ts, d in zip(tok_sets, docs)]
    # the relation asked of a name the question gives, in another form of its verb: "opened in 1988" holds the "open"
    # of "When did X open?" (a question describing its subject reads its chain's words as written)
    verbs = [t for t in relation_terms(question) if " " not in t] if relation_subject(question) else []
    # a when-question's verb is held by its form done again too: "the site reopened as a museum in 2012" dates the
    # "open" of "When did X open?" (shared.text.relations.redone_verb)
    # -- only when no claim states the verb itself done, in its past ("opened on 2 March 1874" dates the first
    # opening, which "When did X open?" asks; a re-opening then answers only a "reopen" question; "opening hours"
    # states no opening done)
    again = kind == "when" and not any((participle(t) or simple_past(t)) and same_stem(v, t)
                                       for v in verbs for ts in tok_sets for t in ts)
    tok_sets = [ts | {v for v in verbs if v not in ts and any(same_stem(v, t) or (again and redone_verb(v, t))
                                                              for t in ts)} for ts in tok_sets]
    # a plan or an expectation ("The council expects the hall to reopen in spring 2025", "is due to open") states no
    # event that happened: it holds no verb of a past-tense "When did X open?" (shared.text.relations.planned_use)
    if kind == "when" and _PAST_WHEN_RE.match(question):
        tok_sets = [ts - {v for v in verbs if planned_use(c.text, v)} for ts, c in zip(tok_sets, claims)]
    # a German claim naming a part of a compound of the question holds it ("Die Straße" for "die Straßenverbindung")
    lang = detect_language(question)
    if lang == "de":
        tok_sets = [ts | held_nouns(ts, weights, lang) for ts in tok_sets]
    # a claim of a German, French or Spanish page holds an English question's words it says in its language
    # ("Die Brennalmhütte bietet 32 Schlafplätze" holds "Brennalm", "Hut" and "beds": shared.text.crosslang), and
    # its page's title too, as its own words count ("Jeder der beiden Wagen bietet 54 Fahrgästen Platz" on the page
    # "Die Standseilbahn von Kestrelmoor" names the Kestrelmoor Funicular)
    elif lang == "en":
        tok_sets = [ts | foreign_held(c.text, weights) | foreign_held(t, weights)
                    for ts, c, t in zip(tok_sets, claims, titles)]
    # an English claim holds a German, French or Spanish question's words it says in English ("Teatro Brivolo was
    # founded in 1874" holds the "gegründet" of "Wer hat das Teatro Brivolo gegründet?": shared.text.crosslang)
    if lang in FOLDED_LANGUAGES:
        tok_sets = [(ts | english_held(tokenize(c.text), weights)) if detect_language(c.text) == "en" else ts
                    for ts, c in zip(tok_sets, claims)]
    # a claim giving an abbreviation alone that a page defines ("the HCC") names what it stands for (the Harlowe
    # Canal Company), as a question giving the name asks
    for abbr, name in defined_abbreviations(docs).items():
        alone = compiled(rf"(?<![\w&]){re.escape(abbr)}(?![\w&])")
        for i, d in enumerate(docs):
            if alone.search(d):
                tok_sets[i] |= set(tokenize(name))
    # a page calling what the question names by the noun the question gives beside it ("The guild's workshops ..." for
    # "the Tarnholm guild workshops") names it, when the run gives that noun to no other name (shared.text.reference)
    run = [*(c.text for c in claims), *dict.fromkeys(t for t in titles if t)]
    for e in find_entities(question):
        by_kind = reference_nouns(question, e, run)
        for i in range(len(claims)) if by_kind else ():
            if refers(by_kind, claims[i].text):
                tok_sets[i] |= set(tokenize(e))
    # a sentence calling a thing the question names "the <noun>" on a page naming one thing so ("The reservoir holds
    # ..." on a page naming Hessel Reservoir and no other reservoir) names it (shared.text.reference.definite_names)
    asked_names = [set(toks) for e in find_entities(question) if (toks := tokenize(e))]
    pages: dict[str, list[str]] = {}
    for c, t in zip(claims, titles):
        pages.setdefault(str(c.source_id), [t]).append(c.text)
    for i, c in enumerate(claims):
        for name in definite_names(c.text, pages[str(c.source_id)]) if asked_names else ():
            if set(tokenize(name)) in asked_names:
                tok_sets[i] |= set(tokenize(name))
    # and so does one calling it by its head ("Central Library: opening hours ...") on the page of the place or owner
    # its qualifier names ("Visit us - Quellby City Libraries" for the Quellby Central Library: :func:`qualified_heads`)
    qualified = qualified_heads(question, claims, titles)
    for i, named in enumerate(qualified):
        tok_sets[i] |= {t for n in named for t in n}
    # "How long is the ropewalk in Hallervik?" measures a thing by its kind: a claim naming what a page says is one
    # ("The Hallervik Rope Works is a former ropewalk") speaks of it ("The Hallervik Rope Works ... is 312 metres
    # long"), as one writing the noun does
    measured = _measured_names(question, run)
    measured_noun = set(tokenize(measure_subject(question) or "")[-1:])
    for i in [i for i in range(len(claims)) if any(set(n) <= tok_sets[i] for n in measured)]:
        tok_sets[i] |= measured_noun
    # "How tall is X?" asks its height: a claim giving a figure of that dimension in other words ("84 metres high",
    # "height: 84 m") holds the question's word for it (shared.text.sizes.size_words_held)
    if kind not in ("comparison", "yes_no"):
        tok_sets = [ts | size_words_held(question, c.text) | extreme_words_held(question, c.text)
                    for ts, c in zip(tok_sets, claims)]
        # and "What was the highest attendance?" is not held by "the second-highest figure after the record year"
        # (shared.text.sizes.ranked_superlatives): a figure said to be below the extreme asked
        tok_sets = [ts - ranked_superlatives(question, c.text) for ts, c in zip(tok_sets, claims)]
    foreign = foreign_common_words(question)
    if foreign:  # "le domaine Castel Brenna": an English page's "Domaine Fioralt" is another name, no "domaine"
        for i, c in enumerate(claims):
            if foreign & tok_sets[i] and detect_language(c.text) == "en":
                tok_sets[i] -= {t for t in foreign & tok_sets[i]
                                if not re.search(rf"(?<![\w-]){re.escape(t)}(?![\w-])", c.text)}
    order = sorted(range(len(claims)), key=lambda i: (-scores[i], i))
    counted_pair = count_comparison(question) if kind == "how_many" else None
    if counted_pair:
        # "How many vessels did A build compared with B?": each thing's count, each from a sentence of its own that
        # counts the noun asked and does not name the other thing alone (the "which is larger" form's two figures)
        picks = _counting_picks(counted_pair, counted_nouns(question), order, claims, titles, tok_sets, question)
        if len(picks) == 2:
            return picks
    options = comparison_options(question) if kind in ("comparison", "yes_no") else []
    choice_nouns = choice_count_nouns(question) if kind == "comparison" and len(options) == 2 else ()
    if choice_nouns:  # "Which built more vessels, A or B?": each option's count of the noun (a founding year is none)
        picks = _counting_picks(options, choice_nouns, order, claims, titles, tok_sets, question)
        if len(picks) == 2:
            return picks
    if options:
        per_option = [_option_claims(opt, order, claims, titles, tok_sets, question)[:1] for opt in options]
        picked = list(dict.fromkeys(i for best in per_option for i in best))
        if picked:
            return picked[:3]
    shared = _shared_by(question) if kind not in ("comparison", "yes_no") else []
    if shared:  # what two named things have in common: what each one is, from its own page's opening
        picks = []
        for name in shared:
            own = [i for i in order if is_about(name, claims[i].text, _title_of(claims[i], sources)) == 2]
            opening = [i for i in own if any(sp.start == 0 for sp in claims[i].spans[:1]) and not _is_passage(
                claims[i].text)]
            if opening or own:
                picks.append((opening or own)[0])
        if len(picks) == len(shared):
            return picks
    cands = [answer_candidates(c.text, kind, question) for c in claims]
    if kind == "who":  # "has since been run by the trust": the one trust its page names is who
        cands = [x + [b for b in _bodies_referred(claims[i], claims, titles, question) if b not in x]
                 for i, x in enumerate(cands)]
    # "Who led X before Ada Lenz?": the one she took over from; "Who runs X today?": not him, and a sentence naming
    # only him as its holder never leads it ("Tom Hale, director of the trust since 2015" on an older page)
    # and "Who was X's previous director?" is led by a sentence naming the one another followed
    holders_of = successors_only(question, [c.text for c in claims], cands) if kind == "who" else cands
    changed = holders_of != cands
    # (a sentence naming the new holder beside the one he followed, "Ines Marlow, who took over from Osric Fell ...",
    # names who holds it now: it is no former holder's, though one naming the new holder alone leads over it)
    reduced = {i for i, (was, now) in enumerate(zip(cands, holders_of)) if len(now) < len(was)} \
        if changed and asks_current(question) else set()
    followers = {f.split()[-1] for c in claims for f, _p in succession_pairs(c.text) if f} if reduced else set()

    def follower_named(i: int) -> bool:
        return any(x.split() and x.split()[-1] in followers for x in holders_of[i])

    former = {i for i in reduced if not follower_named(i)}
    earlier = {i for i, now in enumerate(holders_of) if now} if changed and asks_previous(question) else set()
    cands = holders_of
    # "what is the range of X": a figure of the kind asked (a length), not any number (a battery's 620 Wh)
    asked = asked_quantity(question)
    fits = [states_quantity(numerize(c.text)[0], asked) for c in claims] if asked else [False] * len(claims)
    # "the latest attendance figure": a count of those who came ("24,750 visitors", "visitors 24,750"), no count of
    # another noun ("48 seats" is the hall's, no attendance)
    narrowed = [False] * len(claims)  # a figure of the kind asked that counts another noun than the one asked
    other_price = [False] * len(claims)  # prose pricing another thing than the act paid for (below)
    if asked == ("money",) and kind in FIGURE_TYPES and any(fits):
        # "What does an adult pay for admission to X?": the price of what is paid for, never another cost ("The
        # restoration will cost 1.8 million euros": shared.text.answer.cost_purpose) nor an amount a thing has as a
        # whole ("income (EUR) 874,000": no candidate of a price question, shared.text.quantity.whole_amount); such
        # an amount is another figure of the kind asked, which never joins the lead as a second answer
        purpose = set(tokenize(cost_purpose(question) or ""))
        price = asks_price(question)
        priced = [fit and bool(answer_candidates(c.text, kind, question)) and purpose <= tok_sets[i]
                  and prices_thing_asked(c.text, question) for i, (fit, c) in enumerate(zip(fits, claims))]
        narrowed = [(fit and not p) or (price and any(whole_amount(c.text, m.start())
                                                      for m in NUMBER_RE.finditer(c.text)))
                    for fit, p, c in zip(fits, priced, claims)]
        fits = priced
        # "How much does an adult pay to land on X?": a sentence pricing the act in a form of its verb ("the adult
        # landing fee is 6 pounds", "paid £6 each to land") or a row of a price table answers it, not a sentence
        # of prose pricing another thing ("The crossing takes 35 minutes and a return ticket costs £18"), while some
        # price names the act (shared.text.answer.paid_act; shared.text.relations.verb_held)
        act = paid_act(question)
        if act and not purpose:
            acting = [fit and verb_held(act, tok_sets[i]) for i, fit in enumerate(fits)]
            if any(acting):
                other_price = [fit and not a and row_label(c.text) is None for fit, a, c in zip(fits, acting, claims)]
                narrowed = [n or o for n, o in zip(narrowed, other_price)]
                fits = [fit and not o for fit, o in zip(fits, other_price)]
    # (and a count asked by its "-ment" noun some claim's verb states, "the enrolment": "enrolled 8,150 students")
    acted = act_count_attribute(question)
    acting = [_acts_count(question, c.text, acted) for c in claims] if acted else []
    if acted and any(counts(c.text, acted) for c in claims):
        # a verb count of another thing's or of the members of one scheme ("the Harlow Academy near X enrolled 950",
        # "X enrolled 40 staff in a pension plan" beside "X: students 8,150": :func:`_acts_count`) is no figure of
        # the attribute asked
        loose = [not a and bool(counts(c.text, acted)) for a, c in zip(acting, claims)]
        narrowed = [n or x for n, x in zip(narrowed, loose)]
        fits = [fit and not x for fit, x in zip(fits, loose)]
    acted = acted if any(acting) else ()
    if visitors_asked := attribute_count_nouns(question) or capacity_nouns(question) or acted:
        # (likewise "the seating capacity": seats or people held, no count of visitors, staff or rooms)
        narrowed = [n or (fit and not counts(c.text, visitors_asked)) for n, fit, c in zip(narrowed, fits, claims)]
        fits = [fit and not n for fit, n in zip(fits, narrowed)]
    # a size asked ("How tall ...?": the height) is not stated by a figure the size reader reads as only another
    # dimension ("The viaduct is 412 metres long"): the answer and the disagreement finder read sizes alike
    # (shared.text.sizes.size_dimensions)
    sized = _sized(question, [c.text for c in claims], fits)
    # (and such a figure of another dimension joins no lead as a second answer: "The sail span of X is 24.6 metres"
    # after "X: height 21.4 m")
    narrowed = [n or (fit and not s) for n, fit, s in zip(narrowed, fits, sized)]
    fits = sized
    # what a forum or blog post says, or was told, is weaker than a page's own figure (:func:`_weaker_in_posts`)
    told = _weaker_in_posts(question, claims, sources, fits, tok_sets)
    if any(told) and any(fit and not t for fit, t in zip(fits, told)):
        narrowed = [n or t for n, t in zip(narrowed, told)]
        fits = [fit and not t for fit, t in zip(fits, told)]
    if any(fits):
        cands = [x if fit else [] for x, fit in zip(cands, fits)]
    elif kind == "how_many" and not asked and (nouns := counted_nouns(question)):
        # "how many arches": a number right before the noun counted ("nine arches"), not any figure of the page
        # a sentence opening with a name of its own counts that thing's ("The Norby Farm has sixty sheep" on the
        # page "Old farms of Hallsey" counts no sheep of Hallsey)
        asked_names = [set(tokenize(e)) for e in find_entities(question) if tokenize(e)]
        # "each car": a count of one car, never a year's total ("Year 2021: passengers 182,400":
        # shared.text.quantity.period_total)
        periods = per_unit(question) is None
        counted = [[] if others_figure(c.text, asked_names) else counts(c.text, nouns, periods=periods)
                   for c in claims]
        # a count given of a named part of the asked thing ("the Fenna staircase: nine locks") is no count of the whole
        # while another sentence counts the whole ("The Brask Canal has 23 locks"): that one answers
        whole = [x if x and not part_count(c.text, x, asked_names) else [] for x, c in zip(counted, claims)]
        counted = whole if any(whole) else counted
        # (a post's count, or what its writer was told, "The guide told us the estate covers 600 hectares", counts
        # nothing while a page's claim counts the noun: :func:`_weaker_in_posts`)
        posts = _weaker_in_posts(question, claims, sources, [bool(x) for x in counted], tok_sets)
        if any(posts) and any(x and not t for x, t in zip(counted, posts)):
            narrowed = [n or t for n, t in zip(narrowed, posts)]
            counted = [[] if t else x for x, t in zip(counted, posts)]
        if any(counted):
            fits = [bool(x) for x in counted]
            cands = counted
            if not periods:  # a year's total of the noun counted is another figure, never a second answer
                narrowed = [n or (not x and bool(counts(c.text, nouns)))
                            for n, x, c in zip(narrowed, counted, claims)]
    cand = [bool(x) for x in cands]
    # "Where was the founder of X born?": the sentence stating who founded X, and that person's birthplace
    by_role = _role_bridge_lead(question, claims, titles, tok_sets, cand, order, scores) \
        if kind not in ("yes_no", "comparison") else []
    if by_role:
        return _container_first(by_role, question, claims)
    eligible = [i for i in order if scores[i] >= LEAD_FLOOR] or order[:1]
    # hop 1: the claim that speaks to most of the question
    # the lead's subject is what the question names: a claim naming one of its names (or on that name's page)
    # weighs :data:`SUBJECT_BONUS` more ("the population of Havnby" does not open with another town's figure)
    q_parts = [part for e in find_entities(question)  # "Dieffenbachia and Carlina": two names
               for part in re.split(r"\s+(?:and|&)\s+", e) if tokenize(part)]
    q_names = [set(tokenize(part)) for part in q_parts]
    # a claim whose subject is a longer name opening with one the question gives is about another thing ("Halvik
    # FC" for "When was Halvik founded?"): it never counts as naming the question's subject, and leads only when
    # no claim about the thing named is eligible
    said = frozenset(tokenize(question))  # "the football club Tottenham Hotspur": its Football Club is no other thing
    # a name after "a"/"an" is a kind ("a Space Shuttle"): a longer name opening with it is one of them, no other thing
    # and one between "the" and a noun ("the Sennet gorge") says which gorge: no thing of its own the question asks
    specific = [part for part in q_parts if not _after_indefinite(question, part) and not modifies_noun(question, part)]
    page_nouns = _page_nouns(claims, [_title_of(c, sources) for c in claims])
    subjects = [_subject_words(c, _title_of(c, sources), n) for c, n in zip(claims, page_nouns)]
    # a look-alike ("Little Merrow Bridge" for "Merrow Viaduct") or a thing of the asked one's named in apposition
    # ("The Kittiwake's predecessor, the Puffin") is surely another thing: it answers nothing about the asked one
    # and so is a name spelt like the asked one but for a letter or two ("Tarnholm Glass Museum" for "Tarnholt Glass
    # Museum": :func:`shared.text.terms.look_alike_name`) when a page names the asked one as the question spells it
    # and so is a name of the asked one's head noun with another word before it ("The Transport Museum" for the
    # "Velmora Tram Museum": :func:`shared.text.terms.swapped_name_word`), by its subject or the name it gives
    spelt = [toks for n in specific if (toks := tokenize(n)) and any(set(toks) <= ts for ts in tok_sets)]
    look_alike = {i for i in range(len(claims)) if _possessed_other(claims[i].text, q_names) or any(
        near_miss_name(tokenize(n), subjects[i]) for n in specific) or any(
        look_alike_name(n, subjects[i]) or swapped_name_word(n, subjects[i]) for n in spelt)}
    # and so is a name with words of its own before an asked one ("The Little Orvane Canal was designed by Henri
    # Valcourt" for the Orvane Canal), or an asked name's tail without its opening words ("The Orvane Canal" for
    # the Little Orvane Canal): :func:`prefixed_other`
    prefixed = prefixed_others(question, [c.text for c in claims], titles)
    # and so, where the question describes a thing by its head noun alone ("the regatta on the Ormer") and the run
    # names a bare name of that head beside a look-alike inserting words of its own ("Dunsel Reach Regatta", "Dunsel
    # Reach Junior Regatta"), is a claim about that look-alike: the question writes none of its words
    # (:func:`shared.text.terms.described_bare_names`)
    if described := described_bare_names(question, [*(c.text for c in claims), *titles]):
        prefixed = [a or b for a, b in zip(prefixed, prefixed_others(question, [c.text for c in claims], titles,
                                                                     names=described))]
    look_alike |= {i for i in range(len(claims)) if prefixed[i] and not qualified[i]}
    # and so is a sentence of the asked thing's own page opening with a look-alike's name ("The Old Varrow Incline is
    # a different and older line ..., designed by Osric Pell" on the Varrow Cliff Railway's page says nothing of who
    # designed the railway): :func:`opens_look_alike_on_page`
    look_alike |= {i for i in range(len(claims)) if opens_look_alike_on_page(specific, claims[i].text,
                                                                            _title_of(claims[i], sources))}
    # and so is a sentence, on any page, opening with another model of an asked name: that name with a variant mark
    # after it ("The Brevona Duo XL: power 2400 W", "The Brevona Duo Gen 2 holds 9 litres" for the Brevona Duo:
    # :func:`shared.text.terms.another_variant`), which is no asked name itself (a comparison of the two asks of both);
    # a noun after the asked name ("the Brevona Duo air fryer") says its kind, and makes no model of the line its own
    asked_words = [tokenize(n) for n in q_parts]
    look_alike |= {i for i in range(len(claims)) if (opened := _opening_words(claims[i])) and opened not in asked_words
                   and any(len(opened) > len(a) and another_variant(a, opened) for a in asked_words)}
    # and so is a claim, wherever it writes the asked name, that writes a name ending in a model number only with a
    # word of its own after it ("The Brevona K2 Duo weighs 4 kg", a table's "Specification Weight: brevona K2 Duo
    # 4 kg" for the Brevona K2: :func:`shared.text.terms.names_other_model`); a word of the question there says the
    # asked model's kind or is the asked model's own
    look_alike |= {i for i in range(len(claims)) if any(names_other_model(a, claims[i].text, own=said)
                                                         for a in asked_words)}
    # a sentence saying its subject is no kin of what the question asks about ("Ingrid Solberg ... is not related to
    # the cooperative's founder" for "the woman who started the cooperative": :func:`shared.text.terms.disowns`) is
    # about another one, and so is every sentence of its page about that subject ("Solberg chaired the cooperative")
    look_alike |= disowned_claims(question, claims, [_title_of(c, sources) for c in claims])
    # and so is a claim whose subject the page describes as an earlier or other thing ("Former timber beacon:
    # designer Ada Lenz" or "The former timber beacon was designed by Ada Lenz" on the page of the light that
    # replaced it: :func:`shared.text.terms.described_other`)
    look_alike |= {i for i, c in enumerate(claims) if described_other(c.text, question)}
    # and so is a sentence setting its subject against the asked thing ("Unlike the Yarrowby Medal, the Young Poets
    # Medal ceremony is still held at ...": :func:`shared.text.terms.contrasted_other`): it states the other's
    look_alike |= {i for i, c in enumerate(claims) if contrasted_other(c.text, question)}
    # and so is a sentence whose subject is a part of a thing ("The West Face was first climbed in 1946", "X's west
    # face was first climbed ...") when the question asks about the whole: it states the part's event, not the whole's
    # (:func:`shared.text.terms.part_subject`)
    look_alike |= {i for i, c in enumerate(claims) if part_subject(c.text, question)}
    # and so is a sentence whose subject is a part or a description ("The West Face was first climbed in 1946") on the
    # page of another named thing sharing a word with the asked one (the page "Kestrel Horn" for "When was Kestrel
    # Spire first climbed?"): it is about its page's thing (:func:`of_page_other`)
    look_alike |= {i for i, c in enumerate(claims) if of_page_other(question, c.text, _title_of(c, sources))}
    # and so, for "When was Ketterby Mill built?", is a sentence doing the act asked only to another thing ("Aurelia is
    # a beam engine built in 1854 ... for Ketterby Mill": :func:`shared.text.answer.object_asked_against`): it dates
    # that thing's building, not the mill's
    # and so is a table row of another thing naming the asked one in a cell ("Engine Aurelia: mill Ketterby Mill,
    # built 1854": :func:`row_of_other`): its dates are its label's thing's
    if kind == "when":
        look_alike |= {i for i, c in enumerate(claims) if object_asked_against(c.text, question)
                       or (relation_subject(question) and (row_of_other(c.text, specific)
                                                           or placed_other(c.text, specific)))}
    # as a look-alike answers nothing of the asked thing, how relevant a claim must be to lead is read against the
    # best claim that is none (the look-alike's "founded in 1991 by" sentence may hold most of the question's words, so
    # the asked thing's own "The founding of the choir was the work of ..." fell under the floor and left it to lead)
    own = [i for i in order if i not in look_alike]
    if own and order[0] in look_alike and scores[own[0]] > 0:
        eligible = [i for i in order if scores[i] >= LEAD_FLOOR * scores[own[0]]]
    # (a name the run says is the kind of thing a measure question asks about, "The Hallervik Rope Works is a former
    # ropewalk" for "How long is the ropewalk in Hallervik?", is that thing, though it opens with the place's name)
    apart = look_alike | {i for i in eligible if _other_thing(subjects[i], specific, said)
                          and not any(set(n) <= tok_sets[i] for n in measured)}
    eligible = [i for i in eligible if i not in apart] or eligible
    # the relation asked is stated of the name a sentence opens with: "Dunfield Basin opened in 1926" on the page
    # "HCC wharf list" dates the basin's opening, not the founding of the HCC its page's title names, so it holds
    # neither the question's subject nor its relation
    other_event = {i for i in eligible if _relation_of_other(claims[i], question)}
    for i in other_event:
        tok_sets[i] = tok_sets[i] - set(relation_terms(question)) - set(tokenize(relation_subject(question) or ""))
    # a sentence doing the verb asked of a name as its object to another thing ("The Orla Guild founded the Orla Museum
    # in 1921" for "When was the Orla Guild founded?", "King Edo crowned his son" for "When was King Edo crowned?")
    # states no such event of the name: it holds no word of the relation (shared.text.answer.object_asked_against)
    for i, c in enumerate(claims):
        if done_to_other_only := object_asked_against(c.text, question):
            tok_sets[i] = tok_sets[i] - set(relation_terms(question)) - done_to_other_only
        # and one saying the asked thing itself dates from a time ("The guild itself dates from a meeting held in
        # 1862") states when it was founded (shared.text.answer.dated_origin_words)
        tok_sets[i] |= dated_origin_words(c.text, question)
    naming = {i for i in eligible if any(n <= tok_sets[i] for n in q_names) and i not in apart | other_event}
    # an attribute of a named thing: its sentence stating a figure of that kind leads, however few words it shares
    # ("The tower is 38 metres tall" on the lighthouse's page for "What is the height of the lighthouse?")
    # the wh-phrase's own words of a "when" or "where" question ("year" of "in what year", "town" of "in which
    # town") say the kind of answer, which a candidate gives: the first claim and a further one must hold what the
    # question asks of its subject, and a sentence holding only them ("Ten years earlier, at the 2009 census, ...") adds nothing
    type_words = set(wh_head_terms(question)) if kind in ("when", "where") else set()
    pad_weights = {t: w for t, w in weights.items() if t not in type_words} or weights
    stating = [i for i in eligible if fits[i] and (i in naming or not q_names)]
    # "the Kessler paper mill in Varnholm": the mill is the subject, Varnholm only where it stands; a sentence naming
    # the town and not the mill (another mill of the town) is no sentence about the subject
    things = [n for part, n in zip(q_parts, q_names) if not _place_of_other(question, part, q_parts)]
    on_subject = {i for i in naming if any(n <= tok_sets[i] for n in things)} if things else naming
    # a "when" question of the past ("When did X open?") is not led by a sentence dated only relative to a time it
    # does not give ("opens its new season on Sunday 5 May": which year?) while another sentence may answer it
    # (:func:`unanchored_time`); "When does X open its season?" may be
    # and a sentence naming the asked thing that states the relation asked and gives a date answers it outright
    # ("the Velmora Tram Museum opened to the public on 14 May 1989" over "... is closed on Mondays, except on public
    # holidays", which shares as many words)
    firsts = stating or eligible
    if kind in ("who", "which"):
        # "Which club hosts X?": a page's own voice ("Every July we host X") names no club, so it leads only when no
        # sentence about X names a candidate ("<club> is the host club of X", "<club>: hosts X")
        voiced = {i for i in firsts if not cand[i] and first_person_plural(claims[i].text)}
        if voiced:
            naming_cand = [i for i in order if cand[i] and i in naming and i not in apart]
            firsts = [i for i in firsts if i not in voiced] or naming_cand or firsts
    if any(other_price):  # (and leads in no other way: a price of the act leads though less relevant than it)
        firsts = ([i for i in order if fits[i] and i not in apart] if not stating else []) or firsts
        firsts = [i for i in firsts if not other_price[i]] or firsts
    # a row whose label is the category asked ("Ticket Adult: single €4.50, return €7.80" for "an adult return ticket")
    # answers it, not a row of another category that names it only in its label's bracket ("Ticket Family (2 adults +
    # up to 3 children): ...")
    labels = [row_label_words(c.text) for c in claims]
    by_label = set().union(*(own for own, _b in labels)) & set(weights)
    bracketed = {i for i, (_own, bracket) in enumerate(labels) if bracket & by_label}
    firsts = [i for i in firsts if i not in bracketed] or firsts
    # and a price of a group, a family or a reduced rate the question does not ask ("group day pass (10 or more
    # adults) ... 54 EUR" for what an adult pays: shared.text.groups.variant_rate) is no price of the plain category
    # while a sentence states one ("day pass, adult ticket price 62 EUR"), nor a second answer after it
    variant = {i for i, c in enumerate(claims) if variant_rate(c.text, question)} if asked == ("money",) else set()
    firsts = [i for i in firsts if i not in variant] or firsts
    firsts = [i for i in firsts if i not in former] or firsts
    firsts = [i for i in firsts if i in earlier] or firsts
    leading = relation_terms(question) if kind == "who" else []
    if leading and asks_leadership(leading):
        # "Who heads X?": a sentence about X naming one who leads, runs or heads it in the words of that role ("run by
        # the Orlen Trust", "its chief executive Ada Lenz") leads, over a sentence sharing more words that names its
        # architect
        stated_role = [i for i in firsts if i in on_subject and cand[i] and all(t in tok_sets[i] for t in leading)]
        firsts = stated_role or firsts
    if leading and (asked_role(question) or relation_subject(question)):
        # "Who was the founder of X?" (or "Who founded X?") asks who holds a role for a thing it names: a sentence
        # about X naming one in that role ("founded in 1962 by the ski instructor Ada Lenz", "X: founder Ada Lenz":
        # shared.text.relations.holder_names) leads, over one that only writes the role's word ("a run named after
        # the founder"), however many words it shares (a question describing its subject, "the 2001 film that
        # featured Y", leaves the pick to the chain)
        q_said = set(tokenize(question))
        holding = [i for i in firsts if i in on_subject and cand[i] and any(
            set(tokenize(n)) - q_said for t in leading for n in holder_names(claims[i].text, t))]
        firsts = holding or firsts
    if kind == "when" and (asks_hours(question) or asks_clock_times(question)):
        # "What time does X open on Saturdays?": a sentence giving the hours of the time asked (a candidate:
        # shared.text.answer.answer_candidates) leads, about the asked thing when one is, over one sharing more words
        # ("made it to X last Saturday"); so does, for "At what times do trains leave X on a Wednesday?", one giving
        # times of day for days covering it ("Tuesday to Friday"), over one of other days ("Saturday and Sunday only")
        hours = [i for i in firsts if cand[i]]
        if not hours and asks_hours(question):
            # none of them gives the hours asked: a sentence of the asked thing's page saying "the <head noun>" does,
            # however low its score for naming no name ("From November to March the museum is open on Saturdays and
            # Sundays only, from 10:00 to 16:00" for "What are the winter opening hours of X Museum?",
            # :func:`services.synthesizer.verdicts.head_noun_claims`)
            hours = list(dict.fromkeys(i for name in find_entities(question)
                                       for i in head_noun_claims(name, order, [c.text for c in claims], titles)
                                       if cand[i] and i not in apart))
        firsts = [i for i in hours if i in naming] or hours or firsts
    if kind == "why":
        # "Why did X close in 1989?": a sentence giving a cause (shared.text.answer.cause_clauses) leads, one stating
        # the question's verb and naming the asked thing (or on its page) first, though it shares fewer words than a
        # restatement of the event ("X closed on 30 September 1989"), which gives no reason
        causal = [i for i in firsts if cand[i]] or [i for i in order if cand[i] and i not in apart]
        verbs_asked = [t for t in relation_terms(question) if " " not in t]
        causal = [i for i in causal if verbs_asked and all(v in tok_sets[i] for v in verbs_asked)] or causal
        if _PAST_AUX.search(question):
            # "Why was X closed in 2021?" asks why a past event took place: a sentence giving its verb in a past form
            # ("was closed from 3 March ... so that ...") over one announcing it ("will close on 3 March because ...")
            causal = [i for i in causal if all(says_past(v, claims[i].text) for v in verbs_asked)] or causal
        firsts = [i for i in causal if i in naming] or causal or firsts
    if kind == "when" and _PAST_AUX.search(question):
        firsts = [i for i in firsts if not unanchored_time(claims[i].text)] or firsts
        asked_verbs = [t for t in relation_terms(question) if " " not in t]
        # a phrasal verb of the relation ("first welcome visitors": a start) is held as with_relations reads it
        asked_phrases = [t for t in relation_terms(question) if " " in t]
        # "When did X first ...?" asks the start: a sentence counting what a year brought ("In 2024 the museum
        # welcomed 48,300 visitors") dates no start
        starting = asks_first_time(question)
        # and is answered by a sentence about X dating its first occurrence ("The first edition took place in July
        # 1994 with 38 films": :func:`states_first_occurrence`), whatever its verb, over one giving the asked verb of
        # a later one ("The 2021 edition was held in a hybrid format"), from under the floor too
        opening = [i for i in [*(i for i in firsts if i in on_subject), *order] if starting and i not in look_alike
                   and cand[i] and not unanchored_time(claims[i].text)
                   and any(n <= tok_sets[i] for n in (things or q_names))
                   and not _other_thing(subjects[i], specific, said) and states_first_occurrence(claims[i].text)
                   and not any(opens_look_alike(n, claims[i].text) for n in specific)][:1]
        # (nor by one dating another named thing's first, "The first Orlen Harp Days took place in 1975", or a first
        # that never took place, "A first edition was planned for 1985 but was never held")
        unheld = [starting and dates_no_first(c.text, q_parts) for c in claims]
        opening = [i for i in opening if not unheld[i]]
        relating = [i for i in firsts if i in on_subject and cand[i] and (asked_verbs or asked_phrases)
                    and all(v in tok_sets[i] for v in [*asked_verbs, *asked_phrases])
                    and not (starting and _counts_something(claims[i].text)) and not unheld[i]
                    and not any(verb_of_event_only(v, claims[i].text) or verb_denied_only(v, claims[i].text)
                                for v in asked_verbs)]
        # (a sentence whose verb opens an event of the thing, "opened its 2022 season", dates no opening of it:
        # :func:`verb_of_event_only`; nor does one denying it, "could not race there": :func:`verb_denied_only`)
        # of those, one whose own words give the asked verb ("was founded in 1887") over one holding only a noun of
        # its stem, which states no such event of the subject ("a glasshouse named after the founder"); a sentence in
        # another language, which writes no word of the stem, keeps its place
        relating = ([i for i in relating if all(says_verb(v, claims[i].text) for v in asked_verbs)]
                    or [i for i in relating if not any(noun_of_verb_only(v, claims[i].text) for v in asked_verbs)]
                    or relating)
        # "When did X open?" asks for a past event: a sentence giving the verb in a past form ("opened on 14 June
        # 1934") over one giving it in the present ("is open from 1 May to 30 September"), a state or a habit
        if re.search(r"\bdid\b", question, re.IGNORECASE):
            relating = [i for i in relating if all(says_past(v, claims[i].text) for v in asked_verbs)] or relating
            if not relating and asked_verbs:
                # and a sentence about X giving the verb in a past form and a date answers it from under the floor,
                # however little its other words weigh against one sharing the verb alone ("The crest path and the
                # visitor centre stay open" on a news page): "... and the dam was opened on 14 June 1962"
                relating = [i for i in order if i not in look_alike and cand[i] and not unanchored_time(claims[i].text)
                            and any(n <= tok_sets[i] for n in (things or q_names))
                            and all(v in tok_sets[i] and says_past(v, claims[i].text)
                                    and not verb_of_event_only(v, claims[i].text)
                                    and not verb_denied_only(v, claims[i].text) for v in asked_verbs)
                            and not _other_thing(subjects[i], specific, said)
                            and not _relation_of_other(claims[i], question)][:1]
        if not relating and starting and asked_verbs:
            # "In what year did X first host a race?": when no sentence of X states the asked verb (one denying it,
            # "could not race there", states none), X's own start dates its first ("the circuit opened on 11
            # September 1959 with a national sports-car meeting": :func:`states_start`)
            relating = [i for i in order if i not in look_alike and cand[i] and not unanchored_time(claims[i].text)
                        and any(n <= tok_sets[i] for n in (things or q_names))
                        and not _other_thing(subjects[i], specific, said) and states_start(claims[i].text)
                        and not any(opens_look_alike(n, claims[i].text) for n in specific)]
        # a forum or blog post's sentence dating another thing it describes ("The grandstand was founded in 1874",
        # its "It" resolved to the part named nearest) dates no start of the asked thing: when it is all that states
        # the asked verb, the other claims lead (:func:`_described_other`, by the question's words and the nouns its
        # page calls its subject by). A page's own sentence naming the thing in other words ("The track was drawn up
        # ... and the circuit opened on 3 June 1962" on a raceway's page) still dates it.
        q_words = set(tokenize(question))
        parts = {i for i in range(len(claims)) if _posted(claims[i], sources)
                 and _described_other(claims[i].text, q_words | page_nouns[i])}
        # (nor does a look-alike's sentence: "<X> Park Racecourse: ..., founded 1921" for "When was <X> Downs
        # founded?", :func:`opens_look_alike`)
        own = [i for i in relating if i not in parts and not any(opens_look_alike(n, claims[i].text) for n in specific)]
        if relating and not own:
            firsts = [i for i in firsts if i not in parts
                      and not any(opens_look_alike(n, claims[i].text) for n in specific)] or firsts
        firsts = opening or own or firsts
    if kind == "where" and asks_own_place(question):
        # "Where is X?" asks where X stands: a sentence about X stating a place (shared.text.answer.states_place: "X:
        # location Fenby", "X lies in the Orla valley") leads, over one sharing as many of the question's words that
        # states none ("X: founder the X Club"), from under the floor too
        placing = [i for i in firsts if states_place(claims[i].text, question)]
        placing = [i for i in placing if i in on_subject] or placing or [
            i for i in order if i not in look_alike and any(n <= tok_sets[i] for n in (things or q_names))
            and not _other_thing(subjects[i], specific, said) and states_place(claims[i].text, question)][:1]
        firsts = placing or firsts
    def lead_key(i: int) -> tuple[float, int]:
        return scores[i] + _covered(pad_weights, tok_sets[i]) + (SUBJECT_BONUS if i in on_subject else 0.0), -i

    first = max(firsts, key=lead_key)
    if kind in FIGURE_TYPES and cand[first] and not any(n <= set(tokenize(claims[first].text)) for n in q_names):
        # a figure stated of a generic noun on the asked thing's page ("The line is nine miles long" on the FAQ page
        # of the Orvane Valley Railway) is the thing's, but a sentence writing the thing's name that states the same
        # figure ("The Orvane Valley Railway runs for 14.5 kilometres (9 miles) ...") says whose it is: it leads
        writing = [i for i in firsts if i != first and cand[i] and any(n <= set(tokenize(claims[i].text)) for n in q_names)
                   and _same_figure(cands[first], cands[i])]
        first = max(writing, key=lead_key) if writing else first
    if reduced and (first in reduced or not follower_named(first)):
        # "Who heads X?": a sentence naming the one who took over ("Ilse Varga, who took over from Konrad Belt in
        # 2024, said ...") leads over one naming no holder ("Trains run daily"); "Ilse Varga has been appointed chief
        # executive" leads over "Ilse Varga takes over from Konrad Belt", which names the predecessor too
        naming_now = [i for i in firsts if follower_named(i)]
        first = max([i for i in naming_now if i not in reduced] or naming_now or [first], key=lead_key)
    lead = [first]
    covered = set(tok_sets[first])
    # hop 2: the answer, a claim stating a candidate of the type asked, on the first claim's own page or on
    # the page of a name the first claim's page gives (the bridge)
    head = set(wh_head_terms(question))
    first_sid = claims[first].source_id
    first_page = " ".join(c.text.casefold() for c in claims if c.source_id == first_sid)
    bridged = {claims[i].source_id for i in range(len(claims))
               if claims[i].source_id != first_sid and titles[i]
               and _names(claims[first].text.casefold(), titles[i].casefold())}
    # a page the first claim itself names is the bridge more than one only another sentence of its page names ("...
    # from Castel Brenna" over "The 2023 medal had gone to Domaine Fioralt's ..." for the winery that took the 2024
    # medal)
    named_by_first = set(bridged)
    bridged |= {claims[i].source_id for i in range(len(claims))
                if claims[i].source_id != first_sid and titles[i]
                and _names(first_page, titles[i].casefold())}
    def heads(i: int) -> float:
        """Share of the wh-phrase's words claim ``i`` holds, or a word of the same relation ("author": "novel by",
        "director": "directed"; :func:`shared.text.relations.same_relation`)."""
        return sum(1 for h in head if h in tok_sets[i] or any(same_relation(h, t) for t in tok_sets[i])) / len(head)

    first_head = heads(first) if head else 1.0

    def answer_score(i: int) -> float:
        # the wh-phrase describes the answer ("which school"): it counts as far as the first claim lacks it
        has_head = heads(i) * (1.0 - first_head) if head else 0.0
        return (0.6 * has_head + _covered(weights, tok_sets[i] - covered) + 0.3 * scores[i]
                + (0.2 if claims[i].source_id in bridged else 0.0)
                + (NAMED_BRIDGE_BONUS if claims[i].source_id in named_by_first else 0.0) + PROXIMITY_WEIGHT * near(i))

    open_terms = [t for t in weights if t not in tok_sets[first]] or list(weights)
    # the relation asked, when the first claim left it open, is what the answer stands next to ("established in 1987
    # by Anika Rosmer"), not the bridge's kind ("an electronics company headquartered in Brno")
    open_terms = [t for t in relation_terms(question) if not _holds(t, tok_sets[first])] or open_terms

    def near(i: int) -> float:
        """:func:`_proximity` of a candidate the lead does not give yet (not the page's own subject, no date for a
        who / where / which question) to a question term the first claim left open."""
        title = set(tokenize(titles[i]))  # the page's own subject is what the sentence is about, not its answer
        dated = kind in ("when", *FIGURE_TYPES)
        return _proximity(claims[i].text, [x for x in cands[i] if not set(tokenize(x)) <= covered
                                           and not set(tokenize(x)) & title and (dated or not is_date(x))],
                          open_terms)

    def elsewhere(i: int) -> bool:
        """Claim ``i`` states the figure asked of another thing than the one the first claim states it of: it names
        no name of the question, and the first claim does not name its page (the bridge: "the sub-unit of the
        group Block B" leads to Block B's count of members)."""
        return fits[first] and first in naming and fits[i] and not any(n <= tok_sets[i] for n in q_names) \
            and not (titles[i] and _names(claims[first].text.casefold(), titles[i].casefold()))

    # the first claim stating the figure asked of a name the question gives has answered for that name: another
    # claim stating another figure of that kind of a name they both give ("Orla Hall has 3,000 seats" on another
    # Orla Hall's page after "... Orla Hall, ..., with 640 seats") is a second answer, never the answer it lacks (a
    # figure of the thing the first claim leads to, "The group consists of seven members" on its page, and the same
    # figure again still are). A measure asked ("393 g" beside "390 g") is left to the rules on disagreeing values,
    # which know when two measurements of one thing are one value (``agree_within``): only counts are held here
    answered = [n for n in q_names if n <= tok_sets[first]] \
        if fits[first] and first in naming and kind != "measure" else []
    if not (cand[first] and _covered(pad_weights, covered) >= ANSWERED_COVERAGE):
        pool = [i for i in range(len(claims)) if i != first and cand[i] and not elsewhere(i)
                and not (fits[i] and any(n <= tok_sets[i] for n in answered) and not _same_figure(cands[i],
                                                                                                cands[first]))
                and (i not in look_alike or first in look_alike) and (i not in bracketed or first in bracketed)
                and (i not in variant or first in variant)
                and (claims[i].source_id in bridged or claims[i].source_id == first_sid)]
        # "Who makes the wine at ...?": an answer states the making ("winemaker", "made by"), not only its object
        # ("the jury was chaired by the wine writer ...")
        verb = asked_verb_terms(question)
        pool = [i for i in pool if all(verb_held(v, tok_sets[i], agent=True) for v in verb)] or pool
        pick = max(pool, key=lambda i: (answer_score(i), -i)) if pool else None
        if pick is None or answer_score(pick) < 0.3:
            typed = [i for i in eligible if i != first and cand[i]]
            # an answer from an unrelated page must at least name what the question or the first claim names
            linked_names = q_names + [set(tokenize(e)) for e in find_entities(claims[first].text) if tokenize(e)]
            typed = [i for i in typed if any(n <= tok_sets[i] for n in linked_names)]
            pick = max(typed, key=lambda i: (answer_score(i), -i)) if typed and not cand[first] else None
        if pick is not None:
            lead.append(pick)
            covered |= tok_sets[pick]
    q_tokens = set(tokenize(question))
    # names the first claim found that the question does not give (the bridge: "Rush" for the band question)
    found = [e.casefold() for e in find_entities(claims[first].text)
             if tokenize(e) and not set(tokenize(e)) <= q_tokens]
    texts_of: dict[str, str] = {}
    for c in claims:
        texts_of[c.source_id] = texts_of.get(c.source_id, "") + " " + c.text
    # a passage of several sentences is no lead sentence: it only joins as the first claim or the answer
    passage = [_is_passage(c.text) for c in claims]
    # the "much" of "how much honey" says what kind of answer is asked, not of what: a further sentence holding it
    # ("a different and much newer apiary") adds nothing the question asks
    wh_words = _how_words(question)
    hours_asked = kind == "when" and (asks_hours(question) or asks_clock_times(question))
    gain_weights = {t: w for t, w in pad_weights.items() if t not in wh_words} or pad_weights
    while len(lead) < 3:
        best: tuple[float, int] | None = None
        lead_sources = {claims[j].source_id for j in lead}
        lead_text = " ".join(texts_of[s] for s in lead_sources)
        lead_titles = {titles[j].casefold() for j in lead if titles[j]}
        for i in eligible:
            if i in lead or claims[i].source_id in lead_sources or passage[i]:
                continue
            if i in look_alike and first not in look_alike:
                continue  # another thing's sentence ("Specification Maximum power: brevona K2 Duo 3500 W" after the
                # Brevona K2's) is no further answer about the asked one
            gain = _covered(gain_weights, tok_sets[i] - covered)
            t = titles[i].casefold()
            text = texts_of[claims[i].source_id]
            linked = bool(t) and t not in lead_titles and (
                _names_alone(lead_text, t) or any(_names_alone(text, lt) for lt in lead_titles)
                or any(_names_alone(text, e) for e in found))
            if q_names and not linked and not any(n <= tok_sets[i] for n in q_names):
                continue  # about something else than what the question names or the lead leads to
            if elsewhere(i):
                continue  # the figure asked is stated of the thing named: another thing's figure is no answer
            if i in former:
                continue  # "Who runs X today?": a sentence naming its former holder is no further answer
            if hours_asked and not cand[i]:
                continue  # the hours (times) asked: a sentence giving none ("opened on 14 June 1934", the times of
                # other days) adds nothing asked
            if fits[first] and not fits[i] and kind in FIGURE_TYPES and narrowed[i]:
                continue  # a figure of the kind asked that is not the one asked ("visitors 24,750" after the 48
                # seats for "the visitor capacity"): a second figure in the lead reads as another answer
            if fits[first] and (fits[i] or narrowed[i]) \
                    and any(n <= tok_sets[first] and not n <= tok_sets[i] for n in q_names) \
                    and (own_name := _opening_name(claims[i])) and not any(own_name & n for n in q_names):
                continue  # the figure asked of another thing the question does not name, the asked thing's name left
                # out ("Y is rated at 180 horsepower, ... at the station" after X's 150 hp; t73 Q02)
            if fits[first] and _posted(claims[i], sources) and not _low_trust(claims[first], sources):
                continue  # a post's sentence ("X was also built in 1859, older than people think") adds nothing
                # to a page's figure asked
            if fits[first] and fits[i] and kind in FIGURE_TYPES and _described_other(claims[i].text, q_tokens):
                continue  # "The post mill is 11.8 metres tall" after the tower mill's height: another thing's figure
            # the sentence that itself names the lead's page ("P is made by Corvel Systems") is the bridge, more than
            # another sentence of its page ("P was first sold in 2014")
            bridge = linked and any(_names_alone(claims[i].text, lt) for lt in lead_titles)
            value = gain + (0.25 if linked else 0.0) + (BRIDGE_SENTENCE_BONUS if bridge else 0.0) + (
                0.1 if cand[i] else 0.0) + 0.1 * scores[i]
            if (gain >= 0.15 or (linked and cand[i] and gain > 0.05)) and (best is None or value > best[0]):
                best = (value, i)
        if best is None:
            break
        lead.append(best[1])
        covered |= tok_sets[best[1]]
    lead = _bearing(lead, question, claims, titles, tok_sets, cand)
    if kind in ("yes_no", "comparison"):
        return lead
    # a lead claim of a page of questions writing no finite verb is an answer to a question it leaves unsaid ("The
    # engineer Ann Lee, back in the late fifties."): :func:`_answer_first` keeps it out of a typed value's lead
    fragments = {i for i in lead if page_of_questions(_title_of(claims[i], sources)) and not finite_verb(claims[i].text)}
    lead = _answer_first(lead, question, cand, tok_sets, [c.text for c in claims], fragments)
    lead = _container_first(_on_the_asked(lead, question, claims, tok_sets, cand), question, claims)
    return _asked_year_first(lead, question, kind, [c.text for c in claims], cand)


def _asked_year_first(lead: list[int], question: str, kind: str, texts: list[str], cand: list[bool]) -> list[int]:
    """``lead`` (indices into ``texts``) led by its claim naming the year asked when its first claim gives a name of
    another year, when some lead claim writes that year: "Which book won the X Prize in 2022?" is led by "Year 2022: winner A, winning novel B." rather than
    "C has won the 2025 X Prize for D." (:func:`shared.text.answer.name_of_other_year`), and the lead's other claims
    of another year leave it (each reads as another answer: "X: latest winner title D." after the 2022 row). Only for a name asked of a year
    (:data:`shared.text.answer.NAMED_YEAR_TYPES`) and a claim stating a value of the kind asked (``cand``) that
    writes a year asked; ``lead`` unchanged otherwise."""
    asked = asked_years(question)
    if kind not in NAMED_YEAR_TYPES or not lead:
        return lead
    if (spans := _asked_spans(question, asked)) and (covering := _period_led(lead, spans, texts, cand)) is not None:
        return covering
    if not asked:
        return lead
    years = re.compile(r"(?<![\d,.])(?:" + "|".join(sorted(asked)) + r")(?![\d,.]\d)")
    of_year = [i for i in lead if cand[i] and years.search(texts[i])]
    if not of_year:
        return lead
    # the first claim moves only for a name of another year: a bridge sentence writing the year asked ("The 2022 Cup
    # went to the sloop of X Yard") does not displace the answer it leads to ("Since 2012 X's boatbuilder is A")
    first = of_year[0] if name_of_other_year(texts[lead[0]], asked) else lead[0]
    return [first, *(i for i in lead if i != first and not (cand[i] and name_of_other_year(texts[i], asked)))]


#: a decade a question asks of ("in the 1980s" -> "1980")
_ASKED_DECADE_RE = re.compile(r"\b(?:in|during|through(?:out)?)\s+the\s+((?:1[0-9]|20)\d0)s\b", re.IGNORECASE)
#: a period a claim states as a range of two years ("Period 1971-1998: ...", "from 1971 to 1998")
_CLAIM_PERIOD_RE = re.compile(r"(?<![\d,.])((?:1[0-9]|20)\d\d)\s*(?:[-–—]|to|until)\s*((?:1[0-9]|20)\d\d)(?![\d,.]\d)")


def _asked_spans(question: str, asked: frozenset[str] | set[str]) -> list[tuple[int, int]]:
    """The times a question asks of as (first year, last year) spans: a decade ("in the 1980s" -> (1980, 1989))
    and each year asked (:func:`shared.text.answer.asked_years`: "in 1985" -> (1985, 1985)). [] for none."""
    spans = [(int(m.group(1)), int(m.group(1)) + 9) for m in _ASKED_DECADE_RE.finditer(question or "")]
    return spans + [(int(y), int(y)) for y in sorted(asked) if y.isdecimal()]


def _period_led(lead: list[int], spans: list[tuple[int, int]], texts: list[str],
                cand: list[bool]) -> list[int] | None:
    """``lead`` led by the claim whose period (two years as a range, "Period 1971-1998: principal conductor A")
    covers a time asked (``spans``, :func:`_asked_spans`), when its first claim states a period that covers none
    ("Period 1946-1971: ..." for "in the 1980s"): the lead's claims of other periods leave it, and a claim of the
    kind asked (``cand``) outside ``lead`` is taken when no lead claim covers the time. None when the first claim
    states no period, covers a time asked already, or no claim covers one."""

    def periods(i: int) -> list[tuple[int, int]]:
        return [(int(a), int(b)) for a, b in _CLAIM_PERIOD_RE.findall(texts[i]) if int(a) <= int(b)]

    def covers(i: int) -> bool:
        return any(a <= hi and lo <= b for a, b in periods(i) for lo, hi in spans)

    if not periods(lead[0]) or covers(lead[0]):
        return None
    pool = [*lead, *(i for i in range(len(texts)) if i not in lead)]
    first = next((i for i in pool if cand[i] and covers(i)), None)
    if first is None:
        return None
    return [first, *(i for i in lead if i != first and not (periods(i) and not covers(i)))]


#: a denial between a name and what places it ("is not in the Orla valley")
_NEGATION_RE = re.compile(r"\b(?:not|never|no|nor)\b|n't\b", re.IGNORECASE)
#: wh-phrase heads that ask for any place, not a kind of place that contains another ("in which place")
_ANY_PLACE = frozenset(tokenize("place location area spot site"))
#: a name then what places it inside a place of a kind: "is a small village in the Ebrin valley", "lies in Brisdal
#: County", "a town in the region of Valtara", "situated within the Orla basin"; group ``within`` is what follows
#: the name up to the container's preposition, ``container`` the container's words
_INSIDE_RE = (r"(?P<within>(?:\s+(?!in\b|within\b|inside\b)[^\s,;:()]+){{0,8}}?)\s+(?:in|within|inside)\s+"
              r"(?P<container>(?:the\s+)?(?:[a-z][\w'’-]*\s+){{0,2}}?(?:[A-Z][\w'’-]*\s+){{1,3}}{head}\b"
              r"|(?:the\s+)?{head}\s+of\s+(?:the\s+)?(?:[A-Z][\w'’-]*\s*){{1,3}})")


def _bodies_referred(claim: VerifiedClaim, claims: Sequence[VerifiedClaim], titles: Sequence[str],
                     question: str) -> list[str]:
    """The names of the bodies ``claim`` calls by their head noun alone ("has since been run by the trust"), as the
    claims of its page and the page's title (``titles``, one per claim of ``claims``) name them, when the page names
    one body of that noun (:func:`shared.text.reference.named_bodies`: "the Orlen Lido Trust"); a name whose every
    word the question gives is none (it names what is asked about). [] otherwise."""
    page = [t for c, t in zip(claims, titles) if c.source_id == claim.source_id]
    named = named_bodies([*page[:1], *(c.text for c in claims if c.source_id == claim.source_id)])
    q_words = set(tokenize(question))
    return [b for b in referred_bodies(claim.text, named) if not set(tokenize(b)) <= q_words]


def _container_first(lead: list[int], question: str, claims: list[VerifiedClaim]) -> list[int]:
    """``lead`` with the claim that places its answer inside a place of the kind the question asks for first, when
    its first claim gives another place: "In which valley was X born?" is led by "Tolnau is a small village in the
    Ebrin valley" before "X was born ... in Tolnau" (the lead keeps at most three claims, the last dropped). The
    question's wh-phrase names a kind of place (:func:`shared.text.answer.wh_head_terms` whose kind is "place":
    valley, river, county, region, country, ...; not "place" or "location" itself) that the first claim does not
    say; the answer is a name the first claim gives after the question's relation word ("born ... in Tolnau"); the
    container claim opens with that name and places it in a named place of that kind in the same clause, with no
    other name or denial between ("Tolnau should not be confused with Tolnach, a hamlet in the Sarnen valley"
    places Tolnach). Unchanged otherwise. Never raises."""
    if not lead:
        return lead
    heads = [h for h in wh_head_terms(question) if noun_kind(h) == "place" and h not in _ANY_PLACE]
    first = claims[lead[0]].text
    if len(heads) != 1 or heads[0] in set(tokenize(first)):
        return lead
    head = heads[0]
    q_tokens = set(tokenize(question))
    words = tokenize(first, drop_stopwords=False)
    relation = [k for k, w in enumerate(words) if any(_holds(t, {w}) for t in relation_terms(question))]
    if not relation:
        return lead
    # the names the first claim gives after the relation word, nearest first ("born on 3 March 1851 in Tolnau")
    after: list[tuple[int, str]] = []
    for e in find_entities(first):
        toks = tokenize(e, drop_stopwords=False)
        if not toks or set(toks) <= q_tokens or is_date(e):
            continue
        at = next((k for k in range(relation[0], len(words) - len(toks) + 1) if words[k:k + len(toks)] == toks), None)
        if at is not None:
            after.append((at, e))
    head_re = rf"(?i:{re.escape(head)}s?)"
    for _at, name in sorted(after):
        inside = compiled(rf"^\W*(?:The\s+)?{re.escape(name)}(?![\w'’-]),?" + _INSIDE_RE.format(head=head_re))
        for i, c in enumerate(claims):
            m = inside.search(c.text) if c.verdict == "supported" and i not in lead else None
            if m is None or find_entities(m.group("within")) or _NEGATION_RE.search(m.group("within")):
                continue
            return [i, *lead][:3]
    return lead


def _on_the_asked(lead: list[int], question: str, claims: list[VerifiedClaim], tok_sets: list[set[str]],
                  cand: list[bool]) -> list[int]:
    """``lead`` without the sentences after the answer that do not bear on what the question asks of its subject:
    when the first lead claim states a candidate with the relation asked (:func:`relation_terms`, in another form of
    its verb too: "opened" for "open"), a later one stays only when it names a name the question gives or one the
    answer gives that the question does not (the bridge), and holds a word the question asks beyond its names (the
    relation, the attribute: "founded" of the bridge "The glassworks was founded by Aurel Dunmore" for "Where was
    the founder of the glassworks born?"). "The Korvanne Glass Museum's collection holds about 3,400 objects" (the
    subject, no word asked) and "The figures below count paying visitors to the glassworks (... open studio days
    ...)" (another thing) pad the answer to "When did the Korvanne Glass Museum open?" and are dropped. Only for a
    question asking the relation of a name it gives (:func:`shared.text.answer.relation_subject`: "When did X
    open?", "Who founded X?") whose answer names it: a question describing its subject ("The physicist who shared
    the 2010 Nobel Prize ...") keeps its chain, whose first sentence may state a candidate of an earlier hop.
    Unchanged when the first claim does not answer so, or the question has no relation words or names."""
    relation = relation_terms(question)
    subject = relation_subject(question)
    if len(lead) < 2 or not relation or subject is None:
        return lead
    first = lead[0]
    if not (set(tokenize(subject)) <= tok_sets[first] and cand[first] and any(_holds(t, tok_sets[first]) or (" " not in t and verb_held(t, tok_sets[first]))
                                for t in relation)):
        return lead
    q_tokens = set(tokenize(question))
    q_names = [n for e in find_entities(question) if (n := set(tokenize(e)))]
    if not q_names:
        return lead
    asked = set(key_terms(question)) - set(wh_head_terms(question)) - _how_words(question)
    kept = [first]
    for i in lead[1:]:
        found = [n for j in kept for e in find_entities(claims[j].text)
                 if (n := set(tokenize(e))) and not n <= q_tokens]
        own = tok_sets[i]
        held_names = [n for n in q_names if n <= own]
        named = bool(held_names) or any(n <= set(tokenize(claims[i].text)) for n in found)
        # a word asked beyond the names the sentence gives ("drummer" of "Modern Drummer Hall of Fame" is the name's),
        # in another form of it too ("induction" for "inducted")
        beyond = asked - set().union(*held_names) if held_names else asked
        if named and any(t in own or any(same_stem(t, x) for x in own) for t in beyond):
            kept.append(i)
    return kept


def _measured_names(question: str, run: list[str]) -> list[list[str]]:
    """The names (:func:`tokenize` tokens) that ``run`` (the claims' texts and their pages' titles) says are a thing
    of the kind a measure question asks about (:func:`shared.text.answer.measure_subject`: "ropewalk" of "How long
    is the ropewalk in Hallervik?"; :func:`shared.text.reference.called_a`: "The Hallervik Rope Works is a former
    ropewalk"). [] for any other question."""
    noun = measure_subject(question)
    head = tokenize(noun or "")[-1:]
    return called_a(head[0], run) if head else []


#: a thing said built by someone ("was built in 1794 by the merchant Aksel Brandt", "built for and by ..."): the
#: verb of construction, up to six words, "by"
_BUILT_BY_RE = re.compile(r"\b(?i:built|constructed|erected)\b(?:\s+[\w'’,-]+){0,6}?\s+(?i:by)\s+(?:(?i:the)\s+)?"
                          r"(?:[a-z][\w'’-]*\s+){0,2}[A-Z]")


def _built_by(role: str, text: str) -> bool:
    """Whether ``text`` says who had a thing built ("The Hallervik Rope Works was built in 1794 by the merchant Aksel
    Brandt") while ``role`` is a founder's (:func:`shared.text.relations.relations_of`: "founding"): the one a
    building was built by is its founder when no sentence says who founded it (the founding sentence is preferred,
    :func:`_role_bridge_lead`). False for any other role (an architect is no builder) and when no one is named
    after "by" ("a ropewalk built in 1794"). Never raises."""
    if "founding" not in relations_of(role):
        return False
    return _BUILT_BY_RE.search(text or "") is not None


def _role_bridge_lead(question: str, claims: list[VerifiedClaim], titles: list[str], tok_sets: list[set[str]],
                      cand: list[bool], order: list[int], scores: list[float]) -> list[int]:
    """The lead of a question asking a relation of the one who holds a role for a named thing
    (:func:`shared.text.relations.role_bridge`: "Where was the founder of the Korvanne Glassworks born?"): the claim
    stating the relation asked with a candidate of the type asked (``cand``) of a role holder, then the claim that
    names that holder (the bridge: "The Korvanne Glassworks was founded in 1874 by the industrialist Aurel Dunmore"
    holds the thing's name, text or page title, and a word of the role's relation: "founded" for "founder"), so
    the lead reads "Aurel Dunmore was born ... in Pellbrook [2]. The Korvanne Glassworks was founded ... by ...
    Aurel Dunmore [1].". A holder is a name the bridge claim gives that the question does not; the answer claim
    names it in its text or its page's title (``titles``) and holds the relation asked (``tok_sets``: the claims'
    words with the question's relation words they state in other words). One claim stating both stands alone.
    The pair with the most relevant answer (``order``: indices best first; ``scores`` at least 0.25) wins. With
    no answer claim, the most relevant bridge claim alone (the first hop: who holds the role; the gate then finds
    no sentence about that holder stating the relation asked, :func:`services.synthesizer.confidence.bridge_subject`).
    [] when the question is no such question or no claim names the role holder: the general pick decides."""
    found = role_bridge(question)
    if found is None:
        return []
    role, thing, asked = found
    thing_toks = set(tokenize(thing))
    q_tokens = set(tokenize(question))
    if not thing_toks:
        return []
    relevant = [i for i in order if scores[i] >= 0.25]
    # the nouns the run says the thing is ("The Hallervik Rope Works is a former ropewalk"): a sentence naming a word
    # of the thing's name and "the town's ropewalk" (or "the ropewalk") speaks of it
    kinds = kind_nouns(thing, [c.text for c in claims])
    bridges: list[tuple[int, list[set[str]]]] = []
    for i in relevant:
        # a possessive of the role names a kin or a thing of the holder, not the holder ("Marta Dunmore, the
        # founder's granddaughter")
        words = re.findall(r"[^\W\d_]+", re.sub(r"[^\W\d_]+['’]s\b", " ", claims[i].text))
        names_thing = thing_toks <= tok_sets[i] or names_by_kind(thing, kinds, claims[i].text)
        if not names_thing or not (any(same_relation(role, w) for w in words) or _built_by(role, claims[i].text)):
            continue
        # the name after "by" of the role's relation ("founded by Adelina Ferrante-Moro, Giacomo Ferrante's
        # granddaughter": the name finder reads the two names as one) comes first
        holders = [toks for e in [*agent_names(claims[i].text, role), *find_entities(claims[i].text)]
                   if (toks := set(tokenize(e))) and not toks <= q_tokens and not toks & thing_toks]
        if holders:
            bridges.append((i, holders))
    # a sentence naming the thing itself is the bridge before one only its page's title names, and one stating the
    # role's own relation before one saying who had it built
    bridges.sort(key=lambda b: (not thing_toks <= set(tokenize(claims[b[0]].text)),
                                _built_by(role, claims[b[0]].text)))

    def states_asked(j: int) -> bool:
        return cand[j] and (asked.casefold() in tok_sets[j] or verb_held(asked.casefold(), tok_sets[j])
                            or relation_of(asked) in life_events(claims[j].text))

    # a holder the answer claim names whole ("Adelina Ferrante-Moro") before one it only holds a word of (the
    # "Ferrante" of "the former Ferrante silk mill ... was opened": a family name, no holder of the role)
    stating = [j for j in relevant if states_asked(j)]
    named = {j: set(tokenize(claims[j].text)) | set(tokenize(titles[j])) for j in stating}
    # (a name a parenthesis follows read without it too: "Adelina Ferrante-Moro (3 March 1921 – 9 November 2004)"
    # and "Adelina Ferrante-Moro (1921-2004) - Val Serra Biographies", whose dates a name finder keeps)
    names = {j: [set(tokenize(e)) for t in (claims[j].text, titles[j])
                 for e in [*find_entities(t), *(find_entities(re.sub(r"\s*\([^()]*\)", "", t)) if "(" in t else [])]]
             for j in stating}
    for whole in (True, False):
        for j in stating:
            for i, holders in bridges:
                if any((h in names[j]) if whole else (h <= named[j]) for h in holders):
                    return [j] if i == j else [j, i]
    return [bridges[0][0]] if bridges else []


def _relation_of_other(claim: VerifiedClaim, question: str) -> bool:
    """Whether ``claim`` states the relation ``question`` asks of a name it gives right at the relation
    (:func:`shared.text.answer.relation_subject`: "In what year was the HCC founded?") of another thing: a word of
    that relation or of its verb (:func:`shared.text.relations.with_relations`, :func:`~shared.text.relations.verb_held`:
    "opened" for "founded" or "open") in a sentence that does
    not name the asked name and opens with a name of its own (:func:`_opening_words`) sharing no word with it and
    no abbreviation of it ("Dunfield Basin opened in 1926", whatever its page's title). False when the question
    asks the relation of a thing it only describes (the bridge: "Where is the magazine headquartered that Ann Lee
    writes for?") or of no name."""
    subject = relation_subject(question)
    if subject is None:
        return False
    asked = relation_terms(question)
    name = set(tokenize(subject))
    own = set(tokenize(claim.text))
    if not name or name <= own or not (set(asked) & with_relations(own, asked)
                                       or any(verb_held(t, own) for t in asked if " " not in t)):
        return False
    opening = _opening_words(claim)
    if len(opening) == 1 and asked and set(asked) & with_relations(set(opening), asked):
        return False  # "Construction began in 1852 ...": the act asked, no name of another thing
    return bool(opening) and not set(opening) & name and not any(
        _abbreviates(e, subject) or _abbreviates(subject, e) for e in find_entities(claim.text)
        if set(tokenize(e)) == set(opening))


def relation_of_other(claim: VerifiedClaim, question: str) -> bool:
    """Whether ``claim`` states the relation ``question`` asks (a verb asked of a name: "When was the Dunsel Reach
    Regatta founded?") of another thing, so that its date or figure is that thing's: a sentence opening with another
    name that does not name the asked one (:func:`_relation_of_other`: "Dunfield Basin opened in 1926", "Fenwarrow
    Rowing Club: founded 1848"), or one using the verb only of another thing, though it names the asked one
    (:func:`shared.text.answer.object_asked_against`: "Fenwarrow Rowing Club was founded in 1848 and is the host
    club of the Dunsel Reach Regatta", "The Orla Guild founded the Orla Museum in 1921" for the guild). Such a claim
    disputes no value of the asked thing (the synthesizer's disagreements, the gate's). Never raises."""
    return _relation_of_other(claim, question) or bool(object_asked_against(claim.text, question))


def foreign_common_words(question: str) -> set[str]:
    """The words (:func:`tokenize` tokens) ``question`` writes in lower case that are no plain English word
    (:func:`shared.text.packages.is_plain_english`), when it is in another language than English
    (:func:`detect_language`): the common nouns and verbs of its own language ("domaine", "château", "fondé" of "Qui a
    fondé le domaine Castel Brenna ?"). An English page writes such a word only in a name ("Domaine Fioralt's
    Brassina"), which is no name the question gives: such a page holds the word only where it writes it in lower
    case. Empty for an English question."""
    if detect_language(question) == "en":
        return set()
    lower = {w for w in re.findall(r"[^\W\d_]+", question) if w[:1].islower()}
    return {t for w in lower for t in tokenize(w) if not is_plain_english(w)}


def _answer_first(lead: list[int], question: str, cand: list[bool], tok_sets: list[set[str]],
                  texts: Sequence[str] = (), fragments: Collection[int] = ()) -> list[int]:
    """``lead`` with the claim that states the answer first: when the first claim does not state a candidate of
    the type asked (``cand``) together with a word of the relation the question asks (:func:`relation_terms`,
    also in other words: ``tok_sets`` hold them), a later lead claim that does leads, and the claims that bridge to
    it follow ("Halvik was founded in 1642 [2]. Ilse Varga was born in Halvik [1]." for "In what year was the
    birthplace of Ilse Varga founded?"). Unchanged for a question without relation words; a "latest" question keeps
    its newest source's claim first unless that claim states no word of the relation ("Who currently leads X?":
    "Y previously ran a workshop" gives way to "X has been led by Y"). A question in another language than English, whose relation words the claims
    cannot hold, has a later lead claim stating a candidate lead when the first states none ("Qui préside le
    conseil ?": "The council's chair is Orla Pennick" before "The town is the seat of the council"). ``texts``: the
    claims' texts; a question asking when something first happened (:func:`asks_first_time`) is not answered by a
    sentence counting what a year brought ("In 2024 the museum welcomed 48,300 visitors"). A question naming its
    subject and asking a typed value of it (:func:`shared.text.answer.typed_subject`, the rule
    :func:`shared.text.answer.lead_answer` and the judge read its lead by) has a later claim stating the value first,
    a figure question one stating a figure of the kind asked (:func:`shared.text.quantity.states_asked`: "with
    fourteen corners"), with no relation words; after a first claim stating it, a further claim of ``fragments``
    (indices of claims answering a question of their page that they leave unsaid, with no finite verb: "The engineer
    Ann Lee, back in the late fifties.") stating no such value leaves the lead."""
    relation = relation_terms(question)
    latest = asks_latest(question)
    if len(lead) < 2 or (latest and not relation):
        return lead
    if foreign_question(question) and not cand[lead[0]]:
        first = next((i for i in lead[1:] if cand[i]), None)
        return lead if first is None else [first, *(i for i in lead if i != first)]
    # "Who makes the wine at X?": a claim holding the object alone ("the jury was chaired by the wine writer") states
    # another role; the asked verb must be held too (also by its doer's noun: "winemaker")
    verb = asked_verb_terms(question)
    kind = answer_type(question)
    who = kind == "who"

    # "When did X first ...?": a sentence counting what a year brought dates no start (:func:`asks_first_time`)
    starting = asks_first_time(question)
    when = kind == "when"

    def answers(i: int) -> bool:
        # a relation word is held in another form of its verb too ("opened" for "open")
        if starting and i < len(texts) and _counts_something(texts[i]) and not states_first_occurrence(texts[i]):
            return False
        # a "when" question's verb opening an event of the thing ("opened its 2022 season") dates no opening of it
        # nor does one denying it ("could not race there": :func:`verb_denied_only`)
        if when and i < len(texts) and any(verb_of_event_only(t, texts[i]) or verb_denied_only(t, texts[i])
                                           for t in relation if " " not in t):
            return False
        return cand[i] and any(_holds(t, tok_sets[i]) or (" " not in t and verb_held(t, tok_sets[i], who))
                               for t in relation) and all(verb_held(v, tok_sets[i], agent=True) for v in verb)

    # a question naming its subject and asking a typed value of it (shared.text.answer.typed_subject: "When did X
    # open?", "How many corners does X have?") is answered by the lead's first sentence alone, as lead_answer and the
    # judge read it: a later claim stating the value asked leads a first claim stating none. A figure is stated by a
    # candidate of the kind asked ("with fourteen corners": quantity.states_asked, with no relation words to hold)
    typed = typed_subject(question) is not None and bool(texts)
    # a first claim whose figures the size reader reads as only another dimension than the one asked ("lies in three
    # pieces about 450 metres apart", a distance, for "How deep does the wreck of X lie?") gives way to a later claim
    # stating a figure of the dimension asked (shared.text.sizes.size_dimensions)
    asked_size = size_dimensions(question) if kind == "measure" and texts else set()
    other_size = bool(asked_size) and bool(dims := size_dimensions(texts[lead[0]])) and not dims & asked_size
    figure = (typed or other_size) and kind in FIGURE_TYPES

    def states_value(i: int) -> bool:
        if figure:
            return cand[i] and i < len(texts) and bool(quantity_states_asked(question, texts[i]))
        return answers(i)

    if (relation or figure) and not states_value(lead[0]) and not (latest and cand[lead[0]] and any(
            _holds(t, tok_sets[lead[0]]) or (" " not in t and verb_held(t, tok_sets[lead[0]], who))
            for t in relation)):  # (a latest question: the newest source's claim stating the relation leads)
        first = next((i for i in lead[1:] if states_value(i)), None)
        lead = lead if first is None else [first, *(i for i in lead if i != first)]
    # and once it does, a further claim that only answers another question of its page of questions, in a fragment
    # with no finite verb ("The engineer Ann Lee, back in the late fifties." after "... with fourteen corners") is
    # no more of this answer
    if typed and fragments and states_value(lead[0]):
        lead = [lead[0], *(i for i in lead[1:] if i not in fragments or states_value(i))]
    if not relation:
        return lead
    # a "when" lead answering of the thing the question names: a further sentence giving another date without the
    # relation asked ("Ashby: founded 1794", "Year 2022: visitors 41,700" after the museum's opening) reads as a
    # second answer to the same question, and is none
    # (for "When did X first ...?", a lead stating X's own start answers it too: :func:`states_start`)
    names = [n for e in find_entities(question) if (n := set(tokenize(e)))]
    started = starting and cand[lead[0]] and lead[0] < len(texts) and (
        states_start(texts[lead[0]]) or states_first_occurrence(texts[lead[0]]))
    if when and (answers(lead[0]) or started) and names and all(n <= tok_sets[lead[0]] for n in names):
        lead = [lead[0], *(i for i in lead[1:] if not cand[i] or answers(i))]
    # a further sentence naming a look-alike of a thing the question names and not that thing ("The heaviest casting
    # of the Old X was ..." after X's answer: :func:`services.synthesizer.verdicts.names_look_alike`) states the
    # look-alike's fact, no more of the answer: it leaves the lead (it may stay among the findings)
    spelt = [part for e in find_entities(question) for part in re.split(r"\s+(?:and|&)\s+", e)]
    if cand[lead[0]] and lead[0] < len(texts) and not any(names_look_alike(n, texts[lead[0]]) for n in spelt):
        lead = [lead[0], *(i for i in lead[1:] if i >= len(texts) or not any(names_look_alike(n, texts[i])
                                                                              for n in spelt))]
    return lead


def _holds(term: str, tokens: set[str]) -> bool:
    """Whether ``tokens`` hold ``term`` or a word of its stem (the first :data:`STEM_LETTERS` letters of a word of
    that many letters or more: "founding" / "founded")."""
    return term in tokens or (len(term) >= STEM_LETTERS and " " not in term and any(
        len(t) >= STEM_LETTERS and _stem(t) == _stem(term) for t in tokens))


def _place_of_other(question: str, name: str, names: list[str]) -> bool:
    """Whether ``question`` gives ``name`` after "in", "at" or "near" following another of its ``names`` ("Who set up
    the Kessler paper mill in Varnholm?": Varnholm): the name then says where the asked thing is, not what it is."""
    m = re.search(rf"\b(?:in|at|near)\s+(?:the\s+)?{re.escape(name)}\b", question, re.IGNORECASE)
    return m is not None and any(n != name and 0 <= question.find(n) < m.start() for n in names)


def _after_indefinite(question: str, name: str) -> bool:
    """Whether ``question`` gives ``name`` right after the indefinite article ("flew on a Space Shuttle"): the name
    then says a kind of thing, of which a longer name opening with it ("Space Shuttle Columbia") is one."""
    return re.search(rf"\b(?:an?|any)\s+{re.escape(name)}\b", question, re.IGNORECASE) is not None


def modifies_noun(question: str, name: str) -> bool:
    """Whether ``question`` gives ``name`` between "the" and a lower-case content word that is not its verb ("span
    the Halvik gorge", not "When did the Halvik open?": :func:`shared.text.answer.inverted_verb`), or with a
    possessive before such a word, "the" or not ("designed Vardholm's boiling house"): the name then
    says which thing of that noun's kind is asked, and a longer name opening with it ("Halvik Viaduct") is no other
    thing than the one asked."""
    return modified_noun(question, name) is not None


def modified_noun(question: str, name: str) -> str | None:
    """The lower-case content word ``question`` gives right after ``name`` when :func:`modifies_noun` reads the
    name as saying which thing of that noun's kind is asked ("cooperative" of "the Vardholm cooperative"); None
    otherwise."""
    m = re.search(rf"(?:\bthe\s+{re.escape(name)}|(?<![\w'’]){re.escape(name)}['’]s?)\s+([a-z][a-z-]*)\b", question)
    return None if m is None or is_stopword(m.group(1)) or m.group(1) == inverted_verb(question) else m.group(1)


def _other_thing(subject: list[str], q_names: list[str], said: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether a claim's subject words (:func:`_subject_words`) are a longer name opening with a name the question
    gives (:func:`opens_longer_name`: "Halvik FC" when the question names "Halvik") and the question gives no name
    that is the subject itself, or another name sharing some of its words (:func:`near_miss_name`: "Old Merrow
    Footbridge" when the question names "Merrow Bridge"): the claim is about another thing than the question's,
    unless the longer name's own words are among ``said`` (the question's tokens: "the football club Tottenham
    Hotspur")."""
    names = [tokenize(n) for n in q_names]
    return bool(subject) and not any(n == subject for n in names) and any(
        opens_longer_name(n, subject, said) or near_miss_name(n, subject) for n in names)


def _possessed_other(text: str, q_names: list[set[str]]) -> bool:
    """Whether claim ``text`` is about a thing of a name the question gives, named in apposition, that the question
    does not name (:func:`possessed_name`: "The Kittiwake's predecessor, the Puffin, carried 30 passengers" for a
    question about the Kittiwake): its figures are the Puffin's."""
    found = possessed_name(text)
    if found is None:
        return False
    owner, name = set(tokenize(found[0])), set(tokenize(found[1]))
    return bool(owner) and bool(name) and any(n and n <= owner for n in q_names) and not any(
        n and n <= name for n in q_names)


#: letters written on a name that make a word of it, not another name: a plural or possessive ("Halviks"), a
#: demonym or adjective ("Berliner", "Parisian", "Tarnholmish")
_NAME_WORD_ENDINGS = frozenset("s es er ers ian ians an ans ean eans ese ish ic ite ites".split())


def written_on_name(name: list[str] | tuple[str, ...], words: list[str] | tuple[str, ...]) -> bool:
    """Whether the tokens ``words`` (a sentence's or a title's, in order) give another name built on the name
    ``name`` (its tokens) and not ``name`` itself: ``len(name)`` neighbouring words that are ``name``'s but for one
    word, which is a word of ``name`` that is no plain English word with two letters or more written on, other than
    an ending making a word of it (:data:`_NAME_WORD_ENDINGS`): "Vardholmen Saltworks" is another place than
    "Vardholm" (a page about the Vardholm cooperative names it as the cooperative's look-alike), "Halviks" and
    "Berliner" are no other names. The caller checks that a page names ``name`` too."""
    n = len(name)
    if not n or len(words) < n or any(tuple(words[k:k + n]) == tuple(name) for k in range(len(words) - n + 1)):
        return False

    def grown(x: str, y: str) -> bool:
        return (y.startswith(x) and len(y) >= len(x) + 2 and x.isalpha() and y.isalpha()
                and y[len(x):] not in _NAME_WORD_ENDINGS and not is_plain_english(x))

    return any(sum(1 for x, y in zip(name, w) if x != y) == 1
               and all(x == y or grown(x, y) for x, y in zip(name, w))
               for w in (tuple(words[k:k + n]) for k in range(len(words) - n + 1)))


def prefixed_others(question: str, texts: list[str], titles: list[str],
                    names: list[list[str]] | None = None) -> list[bool]:
    """For each claim text (with its page's title, same length): whether it is about another thing than a name the
    question gives, told apart by words before the name (:func:`shared.text.terms.prefixed_name`): it names a longer
    name ending with the asked one ("The Little Orvane Canal was designed by Henri Valcourt" for "Who designed the
    Orvane Canal?") or the asked name's tail without the words opening it ("The Orvane Canal was designed by
    Auguste Delmarre" for "Did Auguste Delmarre design the Little Orvane Canal?"), and not the asked name itself
    (:func:`shared.text.terms.names_prefixed_other`); or it names none of the question's names (a person's name
    aside: "designed by Ilka Straven" for "Was the Orvane Canal designed by Ilka Straven?") and its page's subject
    (:func:`shared.text.terms.title_subject`) is such a name or the asked one with a generation mark ("It is 6.2
    kilometres long" on the page "Little Orvane Canal" or "Orvane Canal II"), on a page not naming the asked one
    alone; or it carries the words a look-alike its page names inserts inside an asked name and names no asked name
    ("Junior crews race over 1,000 metres" on a page naming the "Dunsel Reach Junior Regatta":
    :func:`shared.text.terms.inserted_look_alike_words`; an asked name made only of those words, "Novel" of the
    "Kestrow Prize for the Novel" beside the "Kestrow First Novel Prize", is the look-alike's), whose page's subject may also be such a name
    (:func:`shared.text.terms.inserted_name`). Only asked names the texts and titles tell apart count (:func:`shared.text.terms.told_apart`: written
    alone, with or without "the", "no connection with Quellby Zoo", or beside a look-alike built on it, "Old Quellby
    Zoo"): a name met only inside a longer one of another shape is a short form of it ("Albert Hall" of a run that
    only says "Royal Albert Hall"). ``names`` (tokens each): the asked names, instead of the question's (one option of a comparison).
    All False when the question names nothing. Never raises."""
    pool = [*texts, *titles]
    if names is None:
        names = plain_names(question)
    alone = [n for n in names if told_apart(n, pool)]
    if not alone:
        return [False] * len(texts)
    asked = {tuple(n) for n in names}
    out = []
    own_page: dict[str, bool] = {}
    inserted: dict[str, list[tuple[str, ...]]] = {}
    for text, title in zip(texts, titles):
        own = tokenize(text)
        if names_prefixed_other(alone, text):
            out.append(True)
            continue
        # a sentence carrying the words a look-alike its page names inserts inside an asked name, and naming no
        # asked name, is the look-alike's ("Junior crews race over 1,000 metres" on a page naming the "Dunsel Reach
        # Junior Regatta", for the Dunsel Reach Regatta: :func:`shared.text.terms.inserted_look_alike_words`)
        if title not in inserted:
            inserted[title] = inserted_look_alike_words(alone, [title, *(t for t, ti in zip(texts, titles) if ti == title)])
        # (an asked name made only of those words is the look-alike's writing them: "Novel" of the "Kestrow Prize
        # for the Novel" in "the First Novel Prize ceremony", on the "Kestrow First Novel Prize"'s page)
        if any(all(w in own for w in ws) and not any(
                not set(n) <= set(ws) and any(tuple(own[k:k + len(n)]) == tuple(n) for k in range(len(own) - len(n) + 1))
                for n in alone) for ws in inserted[title]):
            out.append(True)
            continue
        # (a title that is a name: "Little Orvane Canal", not "Boating on the Harlowe Canal")
        # (and a name before a lower-case subtitle after a dash or colon: "Quillhaven Junior Open 2024 - results")
        subject: tuple[str, ...] = ()
        for written in (title_subject(title, subtitle=False, frame=False) or clean_title(title),
                        title_subject(title, frame=False)):
            if written and (words := plain_names(written)) and len(words) == 1 \
                    and " ".join(words[0]) == " ".join(tokenize(written)):
                subject = tuple(words[0])
                break
        # the asked names the page's subject is a look-alike of (or the asked one's generation: "Orvane Canal II")
        related = [n for n in alone if subject and subject not in asked
                   and (prefixed_name(n, subject) or prefixed_name(subject, n) or marked_look_alike(n, subject)
                        or inserted_name(n, subject))]
        # a sentence naming an asked name is about it, unless that is a person's name (its last word no English
        # noun: "Ilka Straven" of "Was the Orvane Canal designed by Ilka Straven?"), which says nothing of which
        # thing the page is about
        if not related or any(
                len(n) and any(tuple(own[k:k + len(n)]) == tuple(n) for k in range(len(own) - len(n) + 1))
                for n in names if n in related or len(n) < 2 or is_plain_english(n[-1])):
            out.append(False)  # no look-alike's page, or it names an asked name (or a longer one ending with it)
            continue
        # (and not of a page naming the asked one itself: "The Brindle Kettle Regatta" is the Kettle Regatta its
        # sentences name; a sentence naming a look-alike beside the asked one, "New Quellby Zoo has no connection
        # with Quellby Zoo", does not make its page the asked one's, nor does one naming the page's own subject
        # beside it, "The Little Orvane Canal is a quieter neighbour of the better-known Orvane Canal": it tells
        # the two apart)
        if title not in own_page:
            page = [t for t, ti in zip(texts, titles) if ti == title and not names_prefixed_other(alone, t)
                    and not named_alone(subject, [t], definite=False)]
            own_page[title] = any(named_alone(n, page, definite=False) for n in related)
        out.append(not own_page[title])
    return out


def qualified_heads(question: str, claims: Sequence[VerifiedClaim], titles: Sequence[str]) -> list[list[tuple[str, ...]]]:
    """For each claim (with its page's title, same length): the names the question gives (:func:`plain_names`,
    tokens each) that it calls by their head alone on a page of the place or owner that opens the name
    (:func:`shared.text.terms.head_on_qualified_page`: "Central Library: opening hours ..." on the page "Visit us -
    Quellby City Libraries", or on a page naming "Quellby Central Library" whole, for the Quellby Central Library;
    the title alone no longer once another claim's page gives the name whole: :func:`shared.text.terms.qualified_head_names`).
    Such a claim names the asked thing, as one writing its name whole does, and is no look-alike's
    (:func:`prefixed_others` reads a name's tail alone as another thing). Never raises."""
    names = [n for n in plain_names(question) if len(n) >= 3]
    if not names:
        return [[] for _ in claims]
    return qualified_head_names(names, [c.text for c in claims], [str(c.source_id) for c in claims],
                                [[t] for t in titles])


def opens_look_alike_on_page(names: Sequence[str], text: str, title: str) -> bool:
    """Whether ``text``, a sentence of the page ``title`` that is the own page of one of ``names`` (names a question
    gives; :func:`services.synthesizer.verdicts.is_about` 2), opens with the name of a look-alike of that one
    (:func:`services.synthesizer.verdicts.opens_look_alike`: "The Old Varrow Incline is a different and older line
    ..., designed by Osric Pell" on the page "Varrow Cliff Railway"), which is none of ``names`` itself (a choice
    between the two asks of both). Such a sentence states nothing of the page's subject. On any page, so does one
    opening with a name built on the asked one's first word after a word of its own (:func:`old_name_of`: "The Old
    Varrow ski area was founded in 1938 ..." for the Varrow Ski Resort). Never raises."""
    first = find_entities(text)[:1]
    if not first or any(tokenize(n) == tokenize(first[0]) for n in names):
        return False
    return any((is_about(n, text, title) == 2 or old_name_of(n, text)) and opens_look_alike(n, text) for n in names)


#: a relative word after a question's wh-word: the question describes the thing it asks about ("the company that
#: makes X"), whose own page may share a word with a name the question gives
_RELATIVE_WORDS = frozenset("that which who whom whose where when".split())


def of_page_other(question: str, text: str, title: str) -> bool:
    """Whether ``text``, a sentence of the page ``title``, is about the page's own named thing, another thing than
    one ``question`` names though the two names share a word ("The West Face was first climbed in 1946" on the page
    "Kestrel Horn", for "When was Kestrel Spire first climbed?"): the sentence's subject is a part or a description
    ("The West Face", "the hut"), so it belongs to its page's thing. True when the page's subject
    (:func:`_page_subject`, before a comma: "Orla Bay, Queensland" is the Orla Bay) is a name (every word
    capitalised) opening with the first word of a name the question gives (:func:`~shared.text.terms.find_entities`),
    neither name's words within the other's (so not "Kestrel" for the page "Kestrel Horn", nor the page "Kestrel
    Spire facts"), and the sentence writes none of the words that tell an asked name from the page's ("spire").
    False when the question describes what it asks about (a relative word after its wh-word: "the company that
    makes X") or writes a word of the page's name that the asked names lack ("Who built the hut below Kestrel
    Spire?" on the page "Kestrel Hut"). Never raises."""
    subject = _page_subject(title or "").split(",")[0]
    words = subject.split()
    ordered = tokenize(subject)
    page = set(ordered)
    if not page or not all(w[:1].isupper() or not w[:1].isalpha() for w in words):
        return False
    q_words = question.split()
    if any(w.strip("?.,!").casefold() in _RELATIVE_WORDS for w in q_words[1:]):
        return False
    asked = [toks for e in find_entities(question) for part in re.split(r"\s+(?:and|&)\s+", e)
             if (toks := tokenize(part))]
    names = [set(toks) for toks in asked]
    # another thing built on an asked name's first word ("Kestrel Horn" for "Kestrel Spire")
    if not names or any(page <= n or n <= page for n in names) or not any(toks[0] == ordered[0] for toks in asked):
        return False
    q_own = set(tokenize(question)) - set().union(*names)
    if page & q_own:
        return False
    own = set(tokenize(text))
    return not any((n - page) & own for n in names)


def old_name_of(name: str, text: str) -> bool:
    """Whether ``text`` opens with a name built on ``name``'s first word, a word of no English (its own name word),
    after a plain English word of its own or a mark ("Neue", "2nd") and lacking some of ``name``'s words
    (:func:`~shared.text.terms.find_entities`' first name: "The Old Marwald ski area ..." for the "Marwald Ski Resort",
    "Little Merrow" for the "Merrow Bridge"): another thing on any page, the question's thing's own or not. A person's
    fuller name ("Jason John Bonham"), a longer name holding the asked one ("History of Tottenham Hotspur F.C.") and
    one sharing a plain English word ("Bangalore University" for "University Visvesvaraya College") are none."""
    want = tokenize(name)
    first = find_entities(text)[:1]
    words = tokenize(first[0]) if first else []
    # the word of its own is a plain English word or a mark (:func:`shared.text.terms.look_alike_mark`: "Neue
    # Marwald ...", "2nd Marwald ...", two tokens), not an ordinal numbering an event's edition ("The 40th Marwald
    # Marathon", :func:`shared.text.terms.edition_ordinal`)
    k = 2 if look_alike_mark(words, 2) == 2 else 1
    return len(want) >= 2 and len(words) > k and words[0] not in want and words[k] == want[0] \
        and not set(want) <= set(words) and not edition_ordinal(words, k) \
        and (k == 2 or is_plain_english(words[0]) or look_alike_mark(words, 1) == 1) and not is_plain_english(want[0])


def near_miss_name(name: list[str], subject: list[str]) -> bool:
    """Whether name tokens ``subject`` ("old", "merrow", "footbridge") are another thing of the kind ``name``
    ("merrow", "bridge") names, built on its distinctive first word: ``subject`` holds that word but opens with a
    word of its own, and its head (last word) is another word holding ``name``'s head or held by it ("footbridge"
    and "bridge"): "Old Merrow Footbridge" is not "Merrow Bridge"; or its head follows ``name``'s words before its
    head, after words of its own ("Little Merrow Viaduct" is not "Merrow Bridge"); or it is ``name`` with its head
    word written on ("Merrow Crossing" is not "Merrow Cross"). Other names are no near misses: a longer one
    opening with it (:func:`opens_longer_name`'s: "Merrow Bridge Company"), the same head with more words before
    it (a title or a given name: "Sir Ian Holm", "Poul Lars Høgh"), or one sharing some word only ("Kentucky Air
    Force Base" for "Air National Guard")."""
    if len(name) < 2 or len(subject) < 2 or name[0] not in subject:
        return False
    a, b = name[-1], subject[-1]
    if a == b or a in subject:
        return False
    # the asked name's own words with its head word written on ("Halwick Crossing" for "Halwick Cross"): a longer
    # name starting with the asked one is another place
    if subject[:-1] == name[:-1]:
        return len(b) > len(a) + 1 and b.startswith(a)
    if subject[0] == name[0]:
        return False
    # the asked name's modifier words right before another head, after words of its own ("Little Tessen Bridge"
    # for "Tessen Viaduct"): another thing of the place the asked name's words name
    return (a in b or b in a) or subject[-len(name):-1] == name[:-1]


#: the quantity word of a "how much" / "how many" wh-phrase
_HOW_WORDS_RE = re.compile(r"\bhow\s+(much|many)\b", re.IGNORECASE)


def _how_words(question: str) -> set[str]:
    """The words "much" / "many" of the question's "how much" / "how many" (lower case): they say that an amount
    is asked, not what it is of; set() when the question has neither."""
    return {m.group(1).casefold() for m in _HOW_WORDS_RE.finditer(question or "")}


def _bearing(lead: list[int], question: str, claims: list[VerifiedClaim], titles: list[str],
             tok_sets: list[set[str]], cand: list[bool] | None = None) -> list[int]:
    """``lead`` without the claims after the first that do not bear on the question: a lead sentence must hold a
    term of the question (in its text or its page's title) or the bridge, a name an earlier lead claim gives that
    the question does not (in its text, or as its page's title), else it is dropped ("The Ministry of Food was a
    British ministry" after "Ada Marsh was a junior minister" for "Which post did Ada Marsh hold?"). The wh-phrase's
    own words say what kind of answer is asked, not of what: a sentence holding only them ("its busiest year" for
    "Who founded the glassworks, and in what year?", a tramway's figure; "much newer" for "How much honey ...?")
    does not bear on the question.

    A sentence that is not the bridge is dropped too when it is about another subject than asked: it opens with a
    name of its own of two words or more (:func:`_opens_two_word_name`) that holds none of the question's names and names none of them, and holds no term of the
    question the earlier lead claims leave open, while one of them states a candidate answer already (``cand``:
    "The Tarrow boathouse was opened in 1911" after "The Tarrow rowing club was founded in 1897 by Ada Lund" for
    "Who founded the Tarrow rowing club, and when?": a second date, of another thing; the next hop of a question's
    chain, "Monica Lewinsky ... former White House intern", holds the terms it leaves open). Any sentence after the
    first, the bridge too, is dropped when it dates what it says only relative to a time it does not give
    (:func:`unanchored_time`: "opened five years later", "celebrated on Saturday"), which read alone misleads."""
    q_terms = set(key_terms(question)) - set(wh_head_terms(question)) - _how_words(question)
    q_tokens = set(tokenize(question))
    q_names = [n for e in find_entities(question) if (n := set(tokenize(e)))]
    kept = lead[:1]
    for i in lead[1:]:
        found = [set(tokenize(e)) for j in kept for e in find_entities(claims[j].text)]
        found = [n for n in found if n and not n <= q_tokens]
        title = set(tokenize(titles[i]))
        own = set(tokenize(claims[i].text))
        bridge = any(n <= own or (title and n == title) for n in found) or (
            bool(title) and any(_names(claims[j].text.casefold(), titles[i].casefold()) for j in kept))
        if not (tok_sets[i] & q_terms or bridge):
            continue
        if unanchored_time(claims[i].text):
            continue  # "opened five years later": after what, the sentence does not say
        if not bridge and cand is not None and any(cand[j] for j in kept) and _opens_two_word_name(claims[i].text) \
                and others_figure(claims[i].text, q_names) \
                and not (tok_sets[i] & q_terms) - set().union(*(tok_sets[j] for j in kept)):
            continue  # another subject's, and nothing the question asks that the lead leaves open
        if _other_value(question, claims[i].text, [claims[j].text for j in kept], q_names):
            continue  # another value of the figure asked: the sources disagree, which the report says apart
        kept.append(i)
    return kept


def _other_value(question: str, text: str, kept: list[str], q_names: list[set[str]]) -> bool:
    """Whether ``text``, a sentence after the lead's first (``kept``: the lead's sentences so far), gives the figure
    a question asking one of a kind (:func:`shared.text.quantity.asked_quantity`: "the power rating in watts of")
    asks, of a name the question gives that ``kept`` gives too, with another value than every one ``kept`` states
    ("The Brevona Duo uses 2400 watts" after "The Brevona Duo: power 1700 W"): a source disagreeing, never more of
    the answer. A sentence dating its figure to a year (one of a series) is not read so."""
    kind = answer_type(question)
    if kind not in ("how_many", "measure") or not asked_quantity(question) or framed_year(text) is not None:
        return False
    own = set(tokenize(text))
    if not any(n <= own and all(n <= set(tokenize(k)) for k in kept) for n in q_names):
        return False
    mine = [v for c in answer_candidates(text, kind, question) if (v := _amount(c)) is not None]
    said = [v for k in kept for c in answer_candidates(k, kind, question) if (v := _amount(c)) is not None]
    # (amounts within the tolerance of one measured value, shared.units.one_value, are one: "393 g" and "390 g")
    return bool(mine) and bool(said) and not any(one_value(a, b) for a in mine for b in said)


def _amount(candidate: str) -> float | None:
    """The number of an answer candidate written in digits ("1,700" -> 1700.0), or None."""
    try:
        return float(candidate.replace(",", ""))
    except ValueError:
        return None


def _opens_two_word_name(text: str) -> bool:
    """Whether ``text`` opens (after "The" / "A" / "An") with a name of two words or more ("The Seewand Hut was
    ..."): a single capitalised opening word may be no name at all ("Originally known as ...")."""
    names = find_entities(text or "")
    opening = re.sub(r"^\W*(?:the|a|an)\s+", "", (text or "").lstrip(), flags=re.IGNORECASE)
    return bool(names) and opening.startswith(names[0]) and len(names[0].split()) >= 2


#: a time given only relative to another that the sentence does not state: "five years later", "two days earlier",
#: "on Saturday", "last month", "the following year", "yesterday"
_RELATIVE_TIME_RE = re.compile(
    r"\b(?:(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|a\s+few|many|some)"
    r"\s+(?:days?|weeks?|months?|years?|decades?)\s+(?:later|earlier|afterwards?)"
    r"|(?:on|last|next|this)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)"
    r"|(?:last|next|the\s+following|the\s+previous|the\s+next|the\s+coming)\s+(?:week|weekend|month|year|spring"
    r"|summer|autumn|fall|winter)"
    r"|yesterday|tomorrow)\b", re.IGNORECASE)
_DATED_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b")


#: the auxiliary of a question asking about the past ("When did ...", "In what year was ... founded?")
_PAST_AUX = re.compile(r"\b(?:did|was|were|had)\b", re.IGNORECASE)


_VERB_ENDING = re.compile(r"(?:ed|d|es|s|ing)$")


def _verb_stem(word: str) -> str:
    return _VERB_ENDING.sub("", word.lower()).rstrip("e")


def says_verb(verb: str, text: str) -> bool:
    """Whether ``text`` gives ``verb`` (one word, as :func:`shared.text.answer.relation_terms` gives it: "founded",
    "open") in one of its verb forms ("founded", "opens", "opened", "opening"), not only a noun made from it ("the
    founder", "the opener"), or a verb of its relation in a verb form ("founded", "set up" for "established":
    :func:`shared.text.relations.listed_relations`). Case-insensitive; False for an empty ``verb``. Never raises."""
    stem = _verb_stem(verb)
    # a hyphenated compound is its own word ("an open-air pool" says no "open"), but a verb after "co-" ("co-founded")
    parts = compound_only(text or "")
    words = [w for w in re.findall(r"[^\W\d_]+", text or "") if w.casefold() not in parts]
    if not stem:
        return False
    if any(_verb_stem(w) == stem for w in words):
        return True
    # a verb of the asked one's relation counts as it: "was founded in 1887" gives "established"
    # (:data:`shared.text.relations.RELATIONS`), in a verb form, not a noun ("the founder", "its establishment")
    # only its own list counts, not the looser :data:`shared.text.relations.ALSO_NAMED` ("opened" a glasshouse)
    asked = {r for r, named in RELATIONS.items() if verb.casefold() in named}
    return bool(asked) and (any(w.casefold().endswith(("ed", "ing")) and w.casefold() in RELATIONS[r]
                                for w in words for r in asked)
                            or bool(re.search(r"\bset(?:s|ting)?\s+up\b", text or "", re.IGNORECASE)
                                    and PHRASAL_RELATIONS[("set", "up")] in asked))


def says_past(verb: str, text: str) -> bool:
    """Whether ``text`` gives ``verb`` (a base form, as "When did X open?" asks it) in a past form: a regular one of
    its stem ending in "-ed" ("opened", "closed"; "reopened" is another verb) or an irregular simple past or
    participle of it (:func:`shared.text.verbs.same_verb`: "began", "begun" of "begin"), never as a part of a
    hyphenated compound. Case-insensitive; False for an empty ``verb``. Never raises."""
    stem = _verb_stem(verb)
    if not stem:
        return False
    parts = compound_only(text or "")
    words = [w.lower() for w in re.findall(r"[^\W\d_]+", text or "") if w.casefold() not in parts]
    base = verb.lower()
    return any((w.endswith("ed") or w.endswith("d") and base.endswith("e")) and _verb_stem(w) == stem
               or (w != base and same_verb(w, base)) for w in words)


def noun_of_verb_only(verb: str, text: str) -> bool:
    """Whether ``text`` writes a word of ``verb``'s stem ("founder" of "founded") but never the verb itself in any of
    its forms (:func:`says_verb`). False for an empty ``verb`` or a text without such a word. Never raises."""
    stem = _verb_stem(verb)
    return bool(stem) and not says_verb(verb, text) and any(
        w.lower().startswith(stem) for w in re.findall(r"[^\W\d_]+", text or ""))


#: what a verb of a start takes as its object when the thing itself does not start: a time-bounded event or spell of
#: it ("opened its 2022 season", "opened the race weekend", "opened its doors for the day"); a possessive or article,
#: up to two modifiers (a year, "new", "annual") and the event noun
_EVENT_OBJECT_RE = re.compile(
    r"\s+(?:(?:its|the|their|his|her|our|a|an|this|that)\s+)?(?:(?!(?:in|on|at|by|of|to|from|with|during|after|before)\b)[\w'-]+\s+){0,2}?"
    r"(?:seasons?|years?|weekends?|events?|exhibitions?|meetings?|meets?|festivals?|campaigns?|programmes?|programs?"
    r"|sessions?|terms?|championships?|series|fairs?|shows?|conferences?|doors\s+for\s+the\s+(?:day|evening|night))\b",
    re.IGNORECASE)


def _verb_uses(verb: str, text: str) -> list[re.Match[str]]:
    """The words of ``text`` that write a verb form of ``verb`` (a question's one-word verb: its stem, ending in
    "ed", "s", "ing" or the verb itself)."""
    stem = _verb_stem(verb)
    if not stem:
        return []
    return [m for m in re.finditer(r"[^\W\d_]+", text or "") if _verb_stem(m.group(0)) == stem
            and m.group(0).lower().endswith(("ed", "s", "ing", verb.lower()))]


def verb_of_event_only(verb: str, text: str) -> bool:
    """Whether every verb form of ``verb`` (a question's one-word verb, "open") that ``text`` writes takes a
    time-bounded event or spell as its object (:data:`_EVENT_OBJECT_RE`): "The circuit opened its 2022 season on
    Saturday" opens a season, not the circuit, so it answers no "When did the circuit open?". False when ``text``
    writes no such form, or one used otherwise ("opened on 11 September 1959", "was opened in 1959", "opened its
    doors in 1959"). So does one telling a habit of hours (:func:`shared.text.hours.hours_habit`: "will open its
    Central Library on Sundays from 1 September 2025" changes when it is open; it did not open then).
    Case-insensitive; never raises."""
    uses = _verb_uses(verb, text)
    return bool(uses) and all(_EVENT_OBJECT_RE.match(text, m.end()) or hours_habit(text, m.end()) for m in uses)


def states_start(text: str) -> bool:
    """Whether ``text`` states a thing's start: a verb of it (:data:`shared.text.relations.RELATIONS`' founding, with
    :data:`shared.text.relations.ALSO_NAMED`'s: "founded", "established", "opened", "started", "launched") in a past
    form ending in "-ed", whose object is no event of the thing ("opened its 2022 season": :data:`_EVENT_OBJECT_RE`),
    that no denial stands before within :data:`shared.text.hours.DENIAL_REACH` words ("had not opened":
    :func:`verb_denied_only`) nor a conjunction of time anywhere before it in its clause ("its busiest year since it
    opened in 1959", "one year before the X opened": the start is only the time another fact is measured from,
    :data:`_TIME_CLAUSE_RE`). Never raises."""
    for verb in _START_VERBS:
        for m in _verb_uses(verb, text):
            if not m.group(0).lower().endswith("ed") or _EVENT_OBJECT_RE.match(text, m.end()) \
                    or hours_habit(text, m.end()):
                continue  # ("opened its 2022 season", "opened on Sundays from 1 September": no start of the thing)
            clause = re.split(r"[,;:()–—]", text[:m.start()])[-1]
            if not DENIAL_RE.search(" ".join(clause.split()[-DENIAL_REACH:])) and not _TIME_CLAUSE_RE.search(clause):
                return True
    return False


#: a word saying that what follows happened the first time ("The first edition took place ...", "the inaugural race
#: was held ...", "was first staged ...") and the phrase "for the first time" (:func:`states_first_occurrence`)
_FIRST_WORD_RE = re.compile(r"\b(?:first|inaugural|maiden)\b", re.IGNORECASE)
_FOR_FIRST_TIME_RE = re.compile(r"\bfor\s+the\s+(?:very\s+)?first\s+time\b", re.IGNORECASE)


#: the relations of a verb saying that an event took place (held, staged, took place, opened, began, launched): a
#: first occurrence's verb (:func:`states_first_occurrence`)
_OCCURRENCE_RELATIONS = frozenset({"hosting", "start", "founding", "release"})
#: verbs of an event taking place that name no relation of :data:`RELATIONS`
_OCCURRENCE_VERB_RE = re.compile(r"(?:happened|occurred|organi[sz]ed|celebrated|convened|contested|raced)",
                                 re.IGNORECASE)
#: words saying an event did not take place or only was to ("was planned for 1985 but never took place", "the first
#: edition, announced in 1985, was cancelled", "postponed"): no occurrence
_NOT_OCCURRED_RE = re.compile(r"\b(?:never|not(?!\s+(?:in\s+|on\s+)?\d)|\w+n[’']t|cancel+ed|postponed|planned|proposed|announced|called\s+off|"
                              r"scrapped|abandoned|shelved|failed)\b", re.IGNORECASE)


def _occurrence_verb(words: list[str], k: int) -> bool:
    """Whether ``words[k]`` (lower-case) is a verb of an event taking place (:data:`_OCCURRENCE_RELATIONS`, a
    phrasal verb with the next word, "took place", or :data:`_OCCURRENCE_VERB_RE`)."""
    w = words[k]
    after = words[k + 1] if k + 1 < len(words) else ""
    return bool(set(relations_of(w)) & _OCCURRENCE_RELATIONS) or bool(_OCCURRENCE_VERB_RE.fullmatch(w)) or (
        bool(after) and phrasal_relation(w, after) in _OCCURRENCE_RELATIONS)


def states_first_occurrence(text: str) -> bool:
    """Whether ``text`` says when something took place the first time: "first", "inaugural" or "maiden" (not
    opening a name: "the First World War"; not before a noun of one holding a role, "the first director retired in
    2003": :func:`shared.text.answer.doer_label`) with a verb of an event taking place among the next three words
    (:func:`_occurrence_verb`: "The first edition took place in July 1994", "the inaugural race was held in 1959",
    "was first staged in 1994"), or "for the first time" with such a verb ("was held for the first time in 1994";
    "was broadcast ... for the first time" is none). A sentence saying it never happened or was only planned,
    announced, postponed or cancelled (:data:`_NOT_OCCURRED_RE`) states none. Never raises."""
    text = text or ""
    if _NOT_OCCURRED_RE.search(text):
        return False
    if _FOR_FIRST_TIME_RE.search(text):
        words = [w.casefold() for w in re.findall(r"[^\W\d_]+", text)]
        return any(_occurrence_verb(words, k) for k in range(len(words)))
    for m in _FIRST_WORD_RE.finditer(text):
        found = re.findall(r"[^\W\d_]+", text[m.end():])[:4]
        if found and found[0][:1].isupper():  # "the First World War": a name
            continue
        words = [w.casefold() for w in found]
        if words and doer_label(words[0]):  # "the first director retired": a role's holder, no occurrence
            continue
        if any(_occurrence_verb(words, k) for k in range(min(3, len(words))) if words[k] not in AUXILIARIES):
            return True
    return False


def dates_no_first(text: str, names: Sequence[str]) -> bool:
    """Whether ``text``, a sentence naming a first ("first", "inaugural", "maiden"), dates no first occurrence of the
    thing ``names`` (the question's names) name: it says that first never took place or only was planned, announced,
    postponed or cancelled (:data:`_NOT_OCCURRED_RE`: "A first edition was planned for 1985 but never took place"),
    or it is the first of another named thing (:func:`first_of_other`). False for a sentence naming no first. Never
    raises."""
    text = text or ""
    return first_of_other(text, names) or (
        _FIRST_WORD_RE.search(text) is not None and _NOT_OCCURRED_RE.search(text) is not None)


#: a day of the week
_WEEKDAY = r"(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"


def first_of_other(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` dates the first of another named thing than ``names`` (the question's names): "first",
    "inaugural" or "maiden" right before a capitalised name holding none of them and held by none ("The first Orlen
    Harp Days took place in 1975" for the Tessaly Harp Festival; a month or a weekday, "the first Sunday of June", is
    no name). Never raises."""
    want = [set(tokenize(n)) for n in names if tokenize(n)]
    # (a day or a month is no thing: "on the first Sunday of June 1983")
    for m in re.finditer(rf"\b(?:first|inaugural|maiden)\s+(?=[A-Z])(?!{_MONTH_WORD}\b|{_WEEKDAY}\b)", text or ""):
        ents = [e for e in find_entities(text[m.end():]) if text[m.end():].startswith(e)]
        got = set(tokenize(ents[0])) if ents else set()
        if got and not any(w <= got or got <= w for w in want):
            return True
    return False


#: the verbs of a thing's start (:func:`states_start`)
_START_VERBS = tuple(dict.fromkeys((*RELATIONS["founding"], *ALSO_NAMED["founding"])))
#: words opening a subordinate clause, each ending the clause before it (:data:`_CLAUSE_BREAK`,
#: :data:`_FIGURE_CLAUSE_BREAK`), whose own subject an event of it is of ("After the Old Mill closed in 1961, ...":
#: :func:`_clause_subject`)
_SUBORDINATORS = frozenset("after before until when while whereas".split())
#: a conjunction opening a clause of time ("since it opened", "until the club was founded", "while the wing was
#: built"): the subordinators of time (:data:`_SUBORDINATORS` but "whereas") and "since", "till", "once", which open
#: one but end no clause of a date ("once a mill", "since 1911")
_TIME_CLAUSE_RE = re.compile(
    r"\b(?:" + "|".join(sorted((_SUBORDINATORS - {"whereas"}) | {"since", "till", "once"})) + r")\b", re.IGNORECASE)


def verb_denied_only(verb: str, text: str) -> bool:
    """Whether every verb form of ``verb`` (a question's one-word verb, "race") that ``text`` writes stands under a
    denial in its clause (:data:`shared.text.hours.DENIAL_RE` at most :data:`shared.text.hours.DENIAL_REACH` words
    before it, no comma or semicolon between): "the club could not race there until new pits were built" says when
    no race was held, so it dates no race (trial t56 F7: "In what year did X first host a race?"). False when
    ``text`` writes no such form, or one not denied ("raced there in 1959", "has not closed but raced on"). Never
    raises."""
    uses = _verb_uses(verb, text)

    def denied(m: re.Match[str]) -> bool:
        clause = re.split(r"[,;:()–—]", text[:m.start()])[-1]
        return DENIAL_RE.search(" ".join(clause.split()[-DENIAL_REACH:])) is not None

    return bool(uses) and all(denied(m) for m in uses)


def unanchored_time(text: str) -> bool:
    """Whether ``text`` dates what it says only relative to a time it does not give (:data:`_RELATIVE_TIME_RE`:
    "opened five years later", "celebrated on Saturday", "next month") and names no year that would anchor it
    ("five years later, in 1899" is anchored; "two years before the war" is relative to what it names, and is not
    matched)."""
    return bool(_RELATIVE_TIME_RE.search(text or "")) and not _DATED_RE.search(text or "")


#: a number and its unit word ("38 metres"; "a 22-metre tower" is 22 metres too: :data:`UNIT_HYPHEN`)
_VALUE_RE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+,\d+|\d+(?:\.\d+)?)(?![\w,.]\d)"
                       rf"(?:(?:{UNIT_HYPHEN}|\s*)(%|[^\W\d_]{{1,12}}\b))?")
_YEAR_VALUE = re.compile(r"(?:1[0-9]|20)\d{2}")
#: two claims speak of the same thing when this share of their words (values left out) is shared
SAME_THING_JACCARD = 0.5

#: a year in a text ("1913", not "19130")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")
#: the nouns of a measuring or reporting, whose year dates it, not a figure it gives
_MEASURING_NOUNS = r"surveys?|study|studies|census(?:es)?|reports?|measurements?|soundings?|investigations?|" \
    r"expeditions?|inspections?|assessments?|mapping"
#: a year a figure is dated to: the time frame of the sentence ("in 1950 the town had", "By 1913 the workforce")
_FRAMED_YEAR = re.compile(r"\b(?:in|by|during|as of)\s+(1[0-9]{3}|20[0-9]{2})\b", re.IGNORECASE)
#: a year naming an edition of a named thing ("The 2024 Vellmark Silver Bowl carried prize money of £450,000"): the
#: figure is that edition's, so of that year; a year before an authority ("the 2021 Census reported") dates the
#: authority, not the figure (:data:`_MEASURING_NOUNS`)
_EDITION_YEAR = re.compile(r"\b[Tt]he\s+(1[0-9]{3}|20[0-9]{2})\s+(?=[A-Z][a-z])(?!(?i:" + _MEASURING_NOUNS + r")\b)")
#: the clause naming the authority a figure is given by ("according to the survey made for the town council in
#: 1996"): its years date the authority, not the figure
_ACCORDING_CLAUSE_RE = re.compile(r"\baccording\s+to\b[^,;.]*", re.IGNORECASE)


_COUNT_WORD_RE = re.compile(r"(?<![\w.,])\d{1,3}(?:,\d{3})+(?![\w,.]\d)|(?<![\w.,])\d+(?![\w,.]\d)\s+[a-z]")


def _counts_something(text: str) -> bool:
    """Whether ``text`` gives a count that is no year: a number with thousands separators ("281,300") or a number
    before a lower-case word ("48 beds"), a year-like number ("in 2024 visitors") aside."""
    return any(not _YEAR.fullmatch(m.group(0).split()[0]) for m in _COUNT_WORD_RE.finditer(text))


#: a period of years ("between 1904 and 2022", "from 1904 to 2022", "1904-2022", "1904–22", "since 1904"): it says
#: how long something lasted or held, not the one year a figure is of
_YEAR_RANGE_RE = re.compile(
    r"\b(?:between\s+(?:the\s+years\s+)?(?:1[0-9]{3}|20[0-9]{2})\s+and\s+(?:1[0-9]{3}|20[0-9]{2})"
    r"|from\s+(?:1[0-9]{3}|20[0-9]{2})\s+(?:to|until|till|through|thru)\s+(?:1[0-9]{3}|20[0-9]{2})"
    r"|(?:1[0-9]{3}|20[0-9]{2})\s*(?:-|–|—|to|until|till|through)\s*(?:1[0-9]{3}|20[0-9]{2}|[0-9]{2}(?![\d,.]))"
    r"|(?:ever\s+)?since\s+(?:1[0-9]{3}|20[0-9]{2}))\b",
    re.IGNORECASE)


def without_year_ranges(text: str) -> str:
    """``text`` with each period of years it writes blanked out (:data:`_YEAR_RANGE_RE`: "The observatory, in use
    from 1904 to 2022, has ..." -> "The observatory, in use                  , has ..."), each by as many spaces as
    it has characters, so offsets into ``text`` still hold. A period is no year a figure is of: two figures, one in
    a sentence naming a period, are not two years' figures by it; only single years date a figure."""
    return _YEAR_RANGE_RE.sub(lambda m: " " * len(m.group(0)), text)


def _frame_year(text: str) -> int | None:
    """The year the figure of ``text`` is dated to by a time frame ("in 1950 the town had only 8,300 inhabitants":
    1950), or None when it has none (an undated figure, one dated only by the authority giving it: "the 2021
    census reported 14,200", "The tower rises 48 metres, according to the survey made in 1996", or one of a
    sentence naming only a period: "in 1904-2022 the tower was ...", :func:`without_year_ranges`); the frame of a
    figure it is compared with (:data:`_COMPARED_RE`: "127 metres, deeper than the 112 metres reported in 2019")
    dates that figure, not its own."""
    text = without_year_ranges(_COMPARED_RE.sub(" ", text))
    clauses = _figure_clauses(_ACCORDING_CLAUSE_RE.sub(" ", text))
    years = [int(m.group(1)) for m in (*_FRAMED_YEAR.finditer(clauses), *_EDITION_YEAR.finditer(clauses))]
    return max(years) if years else None




def _figure_clauses(text: str) -> str:
    """The clauses of ``text`` (one sentence, :func:`shared.text.tokens.split_clauses`) that give a figure (a number
    that is no year: "2,000 metres", "8,300 inhabitants"), joined by " ; ": a year in another clause ("..., and
    the regatta started back in 1897") dates another thing, not the figure. ``text`` unchanged when it has a single
    clause or no clause gives a figure."""
    clauses = split_clauses(text)
    if len(clauses) < 2:
        return text
    figured = [c for c in clauses if re.search(r"\d", without_year_ranges(_YEAR.sub(" ", c)))]
    return " ; ".join(figured) if figured else text


#: a year that dates the measuring or reporting of a figure, not the figure ("A seismic survey carried out in 1998
#: ... found", "a study published in 2003", "measured in 1996"): a thing's size is not of the year it was measured
_MEASURED_YEAR_RE = re.compile(
    r"\b(?:" + _MEASURING_NOUNS + r")\b(?:\s+(?:was\s+|were\s+)?(?:carried\s+out|conducted|made|done|undertaken|"
    r"performed|published|completed|taken|run|held|issued|released))?\s+(?:in|during)\s+(?:1[0-9]{3}|20[0-9]{2})\b"
    r"|\b(?:measured|surveyed|sounded|mapped|published|reported)\s+(?:in|during)\s+(?:1[0-9]{3}|20[0-9]{2})\b",
    re.IGNORECASE)
#: the verbs of a thing's making or of its remaking as what it is now ("converted", "rebuilt"), whose year dates
#: that event, never the thing's size
_MADE_VERBS = r"(?:first\s+|originally\s+)?(?:built|constructed|erected|completed|founded|established|opened|" \
    r"finished|inaugurated|designed|converted|rebuilt|restored|renovated|refurbished|remodell?ed)\s+" \
    r"(?:in|during)\s+(?:1[0-9]{3}|20[0-9]{2})\b"
#: a first making in a year ("built in 1902", "completed in 1902"), which never changes a size afterwards (a conversion
#: or a refurbishment may: "a rope store that was converted in 1993, has 640 seats" is of 1993)
_BUILT_IN = r"(?:first\s+|originally\s+)?(?:built|constructed|erected|completed)\s+(?:in|during)\s+(?:1[0-9]{3}|20[0-9]{2})\b"
#: a clause that dates the thing's making apart from its size: one set off by commas ("The tower, built in 1904, is
#: 42 metres tall", "Built in 1861 by the engineer Tomas Grell, the lighthouse ...", or a noun phrase in apposition
#: ending in the making: "Orla Hall, a former rope store converted in 1993, with 640 seats"), or a conjunct of its
#: own beside a present-tense one giving the size ("The crane was built in 1974 by Hallen Works and is 61 metres
#: high", "The mast is 61 metres high and was built in 1974"): the year of an event of the thing, not of its size
#: (a past-tense size beside it, "... and was 30 metres tall", may be the size it had then: still framed); and a
#: first making (:data:`_BUILT_IN`) in a relative clause ("the 46-metre chimney, which was built in 1902 and ...") or
#: closing the sentence after a comma ("the chimney, 42 metres tall, was completed in 1902.")
_MADE_YEAR_RE = re.compile(
    rf"(?:^|,)\s*{_MADE_VERBS}[^,;:()\d]*(?=,)"
    rf"|,\s*(?:a|an)\s+(?:(?!\b(?:is|are|was|were|has|have|had)\b)[^,;:()\d])*?\b{_MADE_VERBS}[^,;:()\d]*(?=,)"
    rf"|\b(?:was|were)\s+{_MADE_VERBS}[^,;:()\d]*?(?=\s+and\s+(?:is|are|stands?|rises?|measures?|reaches?)\b)"
    rf"|\b(?:is|are)\s[^,;:()]*?\d[^,;:()]*?\s+and\s+(?:was|were)\s+{_MADE_VERBS}[^,;:()\d]*"
    rf"|\b(?:which|that)\s+(?:was|were)\s+{_BUILT_IN}|(?<=,)\s*(?:was|were)\s+{_BUILT_IN}(?=\s*[.;]?\s*$)",
    re.IGNORECASE)


def _size_frame_year(text: str) -> int | None:
    """:func:`_frame_year` of a figure of a thing's size (:func:`_sizes_disagree`): a year that only dates the
    measuring or report of it (:data:`_MEASURED_YEAR_RE`: "A seismic survey carried out in 1998 ... found that the
    crater is 180 metres deep": None) or the thing's making in a clause of its own (:data:`_MADE_YEAR_RE`: "The
    tower, built in 1904, is 42 metres tall": None) does not date the size, which does not change by year as a
    count of visitors or a population does; a frame of the thing's own ("In 1950 the tower was 30 metres tall")
    still does."""
    return _frame_year(_MADE_YEAR_RE.sub(" ", _MEASURED_YEAR_RE.sub(" ", text)))


#: a clause giving the figure a sentence's own figure is compared with ("compared with 41,200 in 2019", "up from
#: 39,800 in 2022", "against 12 the year before", "deeper than the 112 metres reported in 2019": a comparative
#: adjective's "than", not "more than" / "fewer than" qualifying the sentence's own figure, nor "rather than"), up
#: to the next comma, semicolon or the sentence's end
_COMPARED_RE = re.compile(r"\b(?:compared\s+(?:with|to)|as\s+against|up\s+from|down\s+from|versus|vs\.|"
                          r"(?!(?:rath|oth)er\b)[a-z]{2,}er\s+than)\s"
                          r"(?:[^,;]|,(?=\d))*", re.IGNORECASE)


def _sentence_year(text: str) -> int | None:
    """The newest year ``text`` writes ("The 2024 fair drew 15,050 visitors": 2024; "In 2023 attendance rose to
    14,200": 2023), a figure's own digits aside ("1,850 visitors"), or None when it writes none: the date of a figure
    of a page that carries no date of its own. The year of an authority the figure is attributed to
    (:func:`attribution`: "The 2020 county census reported 7,050") dates the authority, not the figure: None. So
    does the year of the figure it is compared with (:data:`_COMPARED_RE`: "only 9,100 visitors, compared with
    12,300 in 2018" is not of 2018)."""
    said = attribution(text)
    if said is not None:
        text = said[1]
    text = without_year_ranges(_COMPARED_RE.sub(" ", text))  # a period is no year of a figure
    years = [int(m.group(1)) for m in _YEAR.finditer(text) if not re.match(r"[,.]\d", text[m.end():])
             and not text[:m.start()].endswith((",", "."))]
    return max(years) if years else None


#: a figure's start of validity: "from", "since", "as of", "starting", "effective", "beginning" (with "in", "from"
#: after it) before at most three words and a year ("From the autumn semester 2025", "as of 1 March 2024"), not the
#: start of a period that ends ("from 2019 to 2021")
_IN_FORCE_RE = re.compile(r"\b(?:from|since|as\s+of|starting|effective|beginning)(?:\s+(?:in|from|with))?\s+"
                          r"(?:[^\W\d_]+\s+|\d{1,2}\s+){0,3}?((?:1[6-9]|20)\d\d)\b(?![,.]\d)"
                          r"(?!\s*(?:to|until|till|through|and|[-\u2013])\s*\d)", re.IGNORECASE)


def in_force_since(text: str, today: date | None = None) -> int | None:
    """The year from which the figure of ``text`` (one sentence) is in force, when it writes one that has begun by
    ``today`` (default: the clock's date): "From the autumn semester 2025, students pay 2,900 EUR" -> 2025, "will
    raise the fee from 2,400 EUR to 2,900 EUR from the autumn semester 2025" -> 2025; None when it writes none
    ("from 2019 to 2021" is a period, "in 2025" no start) or only a year still to come. The newest such year when
    it writes several. Never raises."""
    this_year = (today or date.today()).year
    years = [int(m.group(1)) for m in _IN_FORCE_RE.finditer(text or "")]
    begun = [y for y in years if y <= this_year]
    return max(begun) if begun else None


def claim_year(text: str, page_year: int | None = None, *, asked: Collection[int] = (),
               framed: bool = False) -> int | None:
    """The year the claim ``text`` (one sentence) is of, None when none can be told; the one reader of it for
    :func:`asked_time_lead`, :func:`older_figures`, a page's series (:func:`_series_years`) and a count's year
    (:func:`_count_figures`).

    * Its own figure's year: the newest year the sentence writes (:func:`_sentence_year`: "The 2024 fair drew 15,050
      visitors" is of 2024; the year of an authority the figure is attributed to, of a figure it is compared with,
      or of a period aside), or with ``framed`` only the year its time frame sets (:func:`_frame_year`: "in 1950 the
      town had only 8,300" is of 1950, "the 2021 census reported 14,200" of none): a question naming no year dates
      its figures by their frame unless it asks the latest (:func:`asks_latest`).
    * ``asked``: the years a question names ("in 2019"). A sentence writing one of them is of it, whichever of its
      figures the year dates ("£5.20, up from £4.80 in 2018" is of 2018 for a question naming 2018); one writing only
      other years is of its own figure's year, as above.
    * ``page_year``: the year of the claim's page, its publication year ("Adult tickets rise to £5.20 this season"
      on a page of 2019-05-02 is of 2019) or the one year its title names ("only 19,400 overnight stays" in "Annual
      report 2020"). A sentence is of it when it gives no year of its own figure; with ``asked``, only when it writes
      no year at all (a year it writes of another figure, a compared one's or an authority's, then keeps it from
      being of the page's year)."""
    if asked:
        written = {int(y) for y in _YEAR.findall(text)}
        if not written:
            return page_year
        hit = written & set(asked)
        if hit:
            return max(hit)
    own = _frame_year(text) if framed else _sentence_year(text)
    return own if own is not None or asked else page_year


#: prepositions and connectives: an opening word that heads a phrase or clause whatever follows it ("Across all nine
#: huts ...", "Despite heavy rain, ...", "Because demand rose, ..."), so never a name
_OPENING_NO_NAME = frozenset("across along around through throughout over under beyond despite because though "
                             "without within against towards toward until unlike".split())
#: a time unit before its number, a table row's label ("Year 2023: overnight stays 47,650.")
_TIME_LABELS = frozenset("year month week day season quarter".split())
#: what follows a sentence's opening word when that word is an adverb or connective, not a name: a comma, a
#: determiner or a number ("Today the association ...", "Since 2020 its ...", "Currently, ..."); a name is
#: followed by its verb ("Paris has ...")
_ADVERB_OPENING = re.compile(r"\s*(?:,|\d|(?:the|a|an|all|its|their|this|these|those|some|every|each|most|many|"
                             r"our|his|her)\b)")


def _opening_word_names_nothing(word: str, rest: str) -> bool:
    """Whether ``word`` (casefolded), a sentence's one-word opening followed by ``rest``, is a plain English word
    that names nothing: a preposition or connective (:data:`_OPENING_NO_NAME`), whatever follows it ("Despite heavy
    rain, ..."), or any other word before a comma, determiner or number (:data:`_ADVERB_OPENING`: "Today the ...",
    "Currently, ..."), where a name is followed by its verb ("Paris has ...")."""
    return is_plain_english(word) and (word in _OPENING_NO_NAME or _ADVERB_OPENING.match(rest) is not None
                                       or _plural_subject(word, rest))


def _plural_subject(word: str, rest: str) -> bool:
    """Whether ``word`` (casefolded), a sentence's one-word opening followed by ``rest``, is a plain English noun in
    the plural before a verb agreeing with it in the present ("Crews race side by side ...", "Visitors pay ..."): a
    common noun, where a name takes a verb in "-s" ("Paris has ...") or the past ("Athens hosted ...", "Brooks
    said ...")."""
    if not word.endswith("s") or word.endswith("ss") or not is_plain_english(word[:-1]):
        return False
    m = re.match(r"\s+([a-z]+)\b", rest)
    verb = m.group(1) if m else ""
    return bool(verb) and not verb.endswith(("s", "ed")) and not simple_past(verb) and is_plain_english(verb) \
        and verb not in language_stopwords("en")


def opening_name(text: str) -> str | None:
    """The name (:func:`find_entities`) ``text`` opens with, after "The" / "A" / "An" ("The Solberg Apiary has forty
    hives" -> "Solberg Apiary"), else None. An opening preposition ("Across"), or a plain English word followed by a
    comma, determiner or number ("Today the ...") is no name (:func:`_opening_word_names_nothing`), nor is a time
    label ("Year 2023"), nor a function word of a text in another language than English ("Jeder der beiden Wagen
    ...": :func:`shared.text.tokens.language_stopwords`), nor a German article and common nouns ("Die Strecke ist
    ...": :func:`shared.text.compounds.common_nouns_only`)."""
    names = find_entities(text or "")
    opening = re.sub(r"^\W*(?:the|a|an)\s+", "", (text or "").lstrip(), flags=re.IGNORECASE)
    if not names or not opening.startswith(names[0]):
        return None
    words = names[0].casefold().split()
    if words[0] in _TIME_LABELS and all(w.isdigit() for w in words[1:]):
        return None
    if len(words) == 1 and _opening_word_names_nothing(words[0], opening[len(names[0]):]):
        return None  # "Across all nine huts ...", "Today the association manages ...": no name
    if len(words) == 1 and words[0] in RELATIONS:
        return None  # "Construction began in 1852 ...": the name of an act (shared.text.relations.RELATIONS), no thing's
    lang = detect_language(text)
    if len(words) == 1 and lang != "en" and words[0] in language_stopwords(lang):
        return None  # "Jeder der beiden Wagen ...", "Chaque voiture ...": a function word written capitalised
    if common_nouns_only(names[0], lang):
        return None  # "Die Strecke ist 4,12 Kilometer lang": German capitalises its common nouns, no name
    return names[0] if tokenize(names[0]) else None


#: a preposition placing a thing at, in or for another ("installed at Ketterby Mill", "built for the Ketterby Mill")
_PLACING_BEFORE_RE = re.compile(r"\b(?:at|in|for|to|into|near|beside|inside|within|of|from)\s+(?:the\s+)?$",
                                re.IGNORECASE)


def placed_other(text: str, names: Sequence[str]) -> bool:
    """Whether ``text`` opens with the name of another thing (:func:`opening_name`, sharing no word with each of
    ``names``) and writes each of ``names`` it writes only after a preposition placing it (:data:`_PLACING_BEFORE_RE`:
    "Aurelia is a steam engine installed at Ketterby Mill in 1902"): its subject is the other thing, what it says of
    a date is that thing's, the asked one only where it stands. False when it opens with no name or names none of
    ``names``. Never raises."""
    opened = set(tokenize(opening_name(text) or ""))
    if not opened:
        return False
    found = False
    for name in names:
        want = tokenize(name)
        if not want or opened & set(want):
            return False
        said = r"[\s-]+".join(re.escape(w) for w in name.split())
        for m in re.finditer(rf"(?<![\w'’-]){said}(?![\w'’-])", text, re.IGNORECASE):
            if not _PLACING_BEFORE_RE.search(text[:m.start()]):
                return False
            found = True
    return found


def _opens_other_name(text: str, q_names: list[set[str]]) -> bool:
    """Whether ``text`` opens with a name (:func:`opening_name`) that holds none of the names ``q_names`` (each a
    name's tokens): "The Solberg Apiary has forty hives" opens with the Solberg Apiary."""
    name = opening_name(text)
    own = set(tokenize(name or ""))
    # a name written in another language (the compound "Brennalmhütte" of the Brennalm Hut: shared.text.crosslang)
    # is read in the question's words: "Die Glashütte" is "the glassworks" of the Korvanne Glassworks, no other name
    terms = [t for n in q_names for t in n]
    held = {t: held_terms({t}, terms) for t in own}
    if any(held.values()):  # its article is none of its name ("Die Glashütte", "La Verrerie": FOREIGN_ARTICLES)
        own = {t for t, h in held.items() if not h and t not in FOREIGN_ARTICLES} | {e for h in held.values() for e in h}
    return bool(own) and not any(n <= own or own <= n for n in q_names)


def _acts_count(question: str, text: str, acted: tuple[str, ...]) -> bool:
    """Whether ``text`` states the count attribute ``acted`` (:func:`shared.text.quantity.act_count_attribute`:
    "the enrolment") by its verb as the asked thing's: its verb counts a number (:func:`counts`: "X enrolled 8,150
    students"), it opens with no name other than one ``question`` gives (:func:`_opens_other_name`: "the Harlow
    Academy near X enrolled 950 students" is the academy's), and what the verb counts
    (:func:`shared.text.quantity.verb_counted_nouns`) is not put into one scheme of many (:data:`_INTO_ONE_RE`: "X
    enrolled 40 staff in a pension plan" counts the plan's members, no enrolment)."""
    if not counts(text, acted):
        return False
    q_names = [toks for e in find_entities(question) if (toks := set(tokenize(e)))]
    # (a time frame opening it is none of its subject: "In 2024 the Harlow Academy near X enrolled ...")
    if _opens_other_name(re.sub(r"^\s*(?:In|Since|By|As\s+of)\s+(?:1[5-9]|20)\d\d,?\s+", "", text), q_names):
        return False
    return not any(compiled(rf"(?i)\b{re.escape(n)}\w*{_INTO_ONE_RE}").search(text)
                   for n in verb_counted_nouns(text, acted))


#: what puts the things a verb counts into one scheme of many: "in" / "into" / "onto" and an indefinite article
#: ("enrolled 40 staff in a pension plan"; "in its four faculties" is all of the thing's own)
_INTO_ONE_RE = r"\s+(?:in|into|onto|on)\s+(?:a|an)\s"


def others_figure(text: str, q_names: list[set[str]]) -> bool:
    """Whether the figures of ``text`` are another thing's than the names ``q_names`` (each a name's tokens) the
    question gives: it opens with a name of its own (:func:`_opens_other_name`) and names none of them ("The Solberg
    Apiary has forty hives" for a question about Varnö, whatever its page's title names). False when the question
    gives no name."""
    toks = set(tokenize(text))
    toks |= held_terms(toks, [t for n in q_names for t in n])  # "Die Brennalmhütte ..." names the Brennalm Hut
    if not q_names or any(n <= toks for n in q_names):
        return False
    # "Key facts: 49 stops; ...": a label of common words (one capital, the first) before a colon opens with no name
    unlabelled = _COMMON_LABEL_RE.sub("", text, count=1)
    if not _opens_other_name(unlabelled, q_names):
        return False
    # "Holmtree added a stop, so the organ now has 49 stops": a clause of its own whose subject is "the <word of an
    # asked name>" (that the opening name lacks: "The Choir Organ ..., so the organ has" is the Choir Organ's) states
    # the asked thing's figure, whoever opens the sentence
    opening = set(tokenize(opening_name(unlabelled) or ""))
    return not any(set(tokenize(m.group("head"))) & (set().union(*q_names) - opening)
                   for m in _THE_SUBJECT_CLAUSE_RE.finditer(unlabelled))


#: a label of two or more common words, capitalised only as the first, before a colon ("Key facts: ")
_COMMON_LABEL_RE = re.compile(r"^\s*[A-Z][a-z]+(?:\s+[a-z]+)+:\s+")
#: a clause of its own whose subject is "the <noun>": after a semicolon, or a comma or "so"/"and so" joining it
#: (", so the organ now has", "; the hall seats")
_THE_SUBJECT_CLAUSE_RE = re.compile(r"(?:;|,\s*(?:and\s+)?so|,\s*and|\bso)\s+the\s+(?P<head>[a-z]+)\s+"
                                    r"(?:now\s+|today\s+|currently\s+)?(?:has|have|had|is|are|was|were|holds|seats)\b")


#: what stands between a thing and a count given in apposition to it: a colon, a comma or a bracket, then the count
#: or "a <noun> of" ("the Fenna staircase: nine locks", "the Fenna flight, a staircase of 9 locks", "the Fenna flight
#: (nine locks)")
_APPOSED_COUNT_RE = re.compile(r"(?P<thing>[^:,;()]+?)\s*[:,(]\s*(?:(?:a|an)\s+(?:[a-z][\w\-]*\s+){1,2}of\s+)?\Z")


#: a count's noun (a describing word before it allowed) then the name it is of: " locks of the Fenna staircase"
_OF_NAME_AFTER_COUNT_RE = re.compile(r"(?:[\s\-]+[a-z][\w\-]*){1,2}?\s+of\s+(?P<name>(?:the\s+)?[A-Z][\w'’\-]*"
                                     r"(?:\s+(?:of\s+|the\s+)*[A-Z][\w'’\-]*)*(?:\s+[a-z][\w\-]*)?)")


def part_count(text: str, shown: list[str], q_names: list[set[str]]) -> bool:
    """Whether every count ``shown`` (as written, :func:`shared.text.quantity.counts`) of ``text`` is given of a named
    thing other than the names ``q_names`` (each a name's tokens) the question asks about, in apposition to it
    (:data:`_APPOSED_COUNT_RE`): "The highlight was the Fenna staircase: nine locks" and "The best-known structure on
    the canal is the Fenna lock flight, a staircase of 9 locks" count the locks of the flight, a part of the Brask
    Canal, not the canal's (issue 9, trial t50 fault 3). The thing is the last name before the colon, comma or
    bracket (:func:`find_entities`); it is another thing when it holds none of ``q_names``. False when the question
    gives no name, or a count stands in a clause of its own ("The Brask Canal has 23 locks")."""
    if not q_names or not shown:
        return False
    for value in shown:
        at = text.find(value)
        m = _APPOSED_COUNT_RE.search(text[:at]) if at > 0 else None
        names = [e for e in find_entities(m.group("thing")) if tokenize(e)] if m else []
        # "the nine locks of the Fenna staircase": the count is of the name after its noun's "of"
        if (of := _OF_NAME_AFTER_COUNT_RE.match(text, at + len(value))) is not None and at >= 0:
            names = [e for e in find_entities(of.group("name")) if tokenize(e)] or names
        if not names:
            return False
        own = set(tokenize(names[-1]))
        if any(n <= own for n in q_names):
            return False
    return True


#: words that name a figure, not what it is of ("the membership count", "the number of members")
_FIGURE_NOUNS = frozenset(tokenize("count counts number numbers figure figures total totals level levels"))


def _named_words(question: str, texts: list[str], titles: list[str], *, own: bool = False) -> list[set[str]]:
    """Per text: the tokens of it and its page's title (``titles``; ``own``: of the text alone), with a name of
    ``question`` added when the text calls it by its kind (:func:`shared.text.reference.reference_nouns`: "the
    association recorded 47,650" for "the Orlen huts" in a run naming the "Orlen Hut Association"), and the
    question's words a German, French or Spanish text names in its own language
    (:func:`shared.text.crosslang.with_translations`: "Die Glashütte Korvanne" names the "Korvanne Glassworks")."""
    asked = tokenize(question)
    out = [with_translations(set(tokenize(t if own else f"{t} {title}")), asked) for t, title in zip(texts, titles)]
    run = [*texts, *dict.fromkeys(t for t in titles if t)]
    for e in find_entities(question):
        by_kind = reference_nouns(question, e, run)
        for i in range(len(texts)) if by_kind else ():
            if refers(by_kind, texts[i]):
                out[i] |= set(tokenize(e))
    return out


def swapped_subjects(question: str, texts: list[str], titles: list[str]) -> list[bool]:
    """Per text of ``texts`` (each of the page ``titles`` gives): whether what it is about is another thing of the
    head noun of a name of three words or more the question gives, named with another word before that noun
    (:func:`shared.text.terms.swapped_name_word`: "The Transport Museum had 41,300 visitors" or a sentence of the page
    "Velmora Transport Museum" opening with no name, for the Velmora Tram Museum). Its subject is the name it opens
    with (:func:`opening_name`), else its page title's subject. Only where some text or title gives the asked name
    as the question writes it (the look-alike is then surely another thing); all False otherwise."""
    names = [toks for e in find_entities(question) if len(toks := tokenize(e)) >= 3]
    run = [set(tokenize(f"{t} {title}")) for t, title in zip(texts, titles)]
    spelt = [n for n in names if any(set(n) <= words for words in run)]
    if not spelt:
        return [False] * len(texts)
    out = []
    for text, title in zip(texts, titles):
        subject = tokenize(opening_name(text) or "") or tokenize(
            title_subject(title, subtitle=False, frame=False) or clean_title(title))
        out.append(any(swapped_name_word(n, subject) for n in spelt))
    return out


def latest_of_series(question: str, texts: list[str], titles: list[str], order: list[int]) -> int | None:
    """The claim of :func:`_latest_series` giving the newest figure of the asked series, or None."""
    found = _latest_series(question, texts, titles, order)
    return found[0] if found is not None else None


def _latest_series(question: str, texts: list[str], titles: list[str], order: list[int],
                   figure: list[bool] | None = None) -> tuple[int, list[int]] | None:
    """The claim (index into ``texts``) giving the newest figure of a page's series, when ``question`` asks for the
    latest, most recent or current figure (:func:`services.synthesizer.provenance.asks_latest`) and asks of no year
    (:func:`shared.text.answer.asked_years`: a year of an aside about the thing, ", founded in 1887,", is none).

    A series is two or more claims of different years that each write a year (:func:`_sentence_year`) and a figure
    (a number that is no year) and hold a word the question asks the figure by (its quantity word, counted noun or
    relation words, by stem: "membership" / "members"; in the text or its page's title, ``titles``; not "count" or
    "number"; or, ``figure``, one :func:`asked_time_lead` reads as a figure of the kind asked: "The 2023 fair drew
    11,400 visitors" for the latest attendance): a table's rows ("Year 2024: registered members 203.", "Year 2020:
    registered members 187.") or
    sentences of several years, of one page or several. Each claim's page must give a name the question gives,
    when it gives one (in any of its claims or its title: a table's rows rarely repeat the guild's name). The claim
    of the newest year is returned (the most relevant of them by ``order`` when several are), with the claims of
    the series. None when there is no such series."""
    if not asks_latest(question) or asked_years(question) or not texts:
        return None
    years = _series_years(question, texts, titles, figure)
    if not years:
        return None
    newest = max(years.values())
    members = list(years)
    # of the newest claims, one naming what the question names leads ("the association recorded 47,650 overnight
    # stays in 2023" before the row "Year 2023: overnight stays 47,650.", which names nothing), and one opening with
    # another name never does when another is there ("The Kaltfirn Hut alone accounted for 6,120")
    q_names = [set(tokenize(e)) for e in find_entities(question) if tokenize(e)]
    named = _named_words(question, texts, titles, own=True) if q_names else []
    best = [i for i in dict.fromkeys([*order, *members]) if i in years and years[i] == newest]
    best = [i for i in best if not others_figure(texts[i], q_names)] or best
    # one counting the noun asked ("6,240 boats worked through the staircase in 2023") before a table's row whose
    # label names it in other words ("Year 2023: boat passages, ... 6,240")
    best = [i for i in best if figure is not None and figure[i]] or best
    return next((i for i in best if any(n <= named[i] for n in q_names)), best[0]), members


def _series_years(question: str, texts: list[str], titles: list[str], figure: list[bool] | None = None
                  ) -> dict[int, int]:
    """The claims of the series of figures ``question`` asks for (:func:`_latest_series`), each with the year it
    writes; {} when they do not span two years or more."""
    asked = [t for t in dict.fromkeys([*quantity_words(question), *counted_nouns(question),
                                       *relation_terms(question, k=6)]) if t not in _FIGURE_NOUNS]
    counted = set(counted_nouns(question))
    if not asked and not any(figure or ()):
        return {}
    q_names = [set(tokenize(e)) for e in find_entities(question) if tokenize(e)]
    named = _named_words(question, texts, titles)
    page_words: dict[str, set[str]] = {}
    for title, own in zip(titles, named):
        page_words.setdefault(title, set(tokenize(title))).update(own)
    years: dict[int, int] = {}
    # a figure of a look-alike of the asked thing ("The Transport Museum had 41,300 visitors" for the Velmora Tram
    # Museum) is no figure of its series, whatever its page names
    other = swapped_subjects(question, texts, titles)
    for i, text in enumerate(texts):
        if other[i]:
            continue
        # a sentence writing no year of its own figure is of the year its page's title gives, when it gives one
        # ("only 19,400 overnight stays, compared with ..." in "Annual report 2020")
        title_years = set(_YEAR.findall(titles[i]))
        year = claim_year(text, int(title_years.pop()) if len(title_years) == 1 else None)
        words = set(tokenize(f"{text} {titles[i]}"))
        # a noun counted is held as a word, not by its stem ("glassblower" / "glassworks" share "glass"), and by the
        # sentence itself unless it is a table's row: "The trust plans to restore lock 5 ... in 2025" on the page
        # "Record season ... as boat numbers climb" gives no number of boats
        own = set(tokenize(text)) if not _YEAR_ROW.match(text) else words
        if year is not None and re.search(r"\d", _YEAR.sub(" ", text)) \
                and (any(t in own if t in counted else _holds(t, words) for t in asked)
                     or (figure is not None and figure[i])) \
                and (not q_names or any(n <= page_words[titles[i]] for n in q_names)):
            years[i] = year
    return years if len(set(years.values())) >= 2 else {}


def _sized(question: str, texts: list[str], fits: list[bool]) -> list[bool]:
    """``fits`` (per text of ``texts``: it states a figure of the kind ``question`` asks) without the texts whose
    figures the size reader (:func:`shared.text.sizes.size_dimensions`) reads as only another dimension than the size
    asked ("How tall ...?": "The viaduct is 412 metres long"; "How deep ...?": "two sections about 800 metres
    apart"), when some text states the size asked or none says its dimension; ``fits`` unchanged for a question
    asking no size."""
    asked = asked_quantity(question)
    asked_size = size_dimensions(question) if asked in (("length",), ("length", "time"), ("mass",)) else set()
    if not asked_size or not any(fits):
        return fits
    sized = [fit and (not (dims := size_dimensions(t)) or bool(dims & asked_size)) for fit, t in zip(fits, texts)]
    return sized if any(sized) else fits


def _asked_figures(question: str, texts: list[str], titles: list[str] | None) -> list[bool]:
    """Per text of ``texts``: whether it states a figure of the kind ``question`` asks (:func:`asked_time_lead`: a
    count of the noun counted, else a quantity of the kind asked, else for a "latest" question a figure holding the
    most of its words), of what the question names when some text's figure is (with ``titles``, each text's page
    title)."""
    nouns = counted_nouns(question)
    asked = asked_quantity(question)
    if nouns:  # "each car": a count of one car, no year's total (shared.text.quantity.period_total)
        figure = [bool(counts(t, nouns, periods=per_unit(question) is None)) for t in texts]
    elif asked:
        # (a size asked: no figure only of another dimension, as the lead's candidates are read: :func:`_sized`)
        figure = _sized(question, texts, [states_quantity(numerize(t)[0], asked) for t in texts])
        # a count of people or visitors ("the population", "the attendance figure") is one of them, not any count
        # ("The board has 19 members")
        counted = [bool(counts(t, quantity_words(question)[:1])) for t in texts] if asked == ("count",) else []
        if any(counted):
            figure = counted
        if asks_latest(question) and (terms := relation_terms(question, k=6)):
            # "the current tuition fee": an amount of another thing ("The renovation will cost 38 million EUR in
            # 2026") is no newer fee; when some figure's claim holds a word the question asks by (its page's title
            # counts), only those are figures of what is asked
            of_terms = [f and any(_holds(t, set(tokenize(f"{text} {titles[i] if titles else ''}"))) for t in terms)
                        for i, (f, text) in enumerate(zip(figure, texts))]
            if any(of_terms):
                figure = of_terms
    elif asks_latest(question) and (terms := relation_terms(question, k=6)):
        # "the most recent annual honey harvest": a figure (a number that is no year) of a claim holding the most of
        # the words the question asks by (its page's title counts), "Year 2024: harvest (tonnes) 49" of a table
        # titled "Honey production" rather than a count of the cooperative's members
        held = [sum(1 for t in terms if _holds(t, set(tokenize(f"{text} {titles[i] if titles else ''}"))))
                if re.search(r"\d", _YEAR.sub(" ", text)) else 0 for i, text in enumerate(texts)]
        most = max(held, default=0)
        figure = [most > 0 and h == most for h in held]
    else:
        figure = [False] * len(texts)
    q_names = [set(tokenize(e)) for e in find_entities(question) if tokenize(e)]
    if titles is not None:
        # a figure of a look-alike of the asked thing is no figure of it (:func:`swapped_subjects`: "The Transport
        # Museum had 41,300 visitors" for the Velmora Tram Museum)
        figure = [f and not o for f, o in zip(figure, swapped_subjects(question, texts, titles))]
    if q_names and titles is not None:
        # a sentence opening with a name of its own gives that thing's figure, whatever its page's title names ("The
        # Solberg Apiary has forty hives" on the page "Historic apiaries of Varnö" counts no hives of Varnö)
        # (a sentence opening with a word of the question's own, capitalised as its first, opens with no other name:
        # "Adult tickets rise to £5.20" for "What did an adult ticket cost?")
        q_words = set(tokenize(question))
        about = [any(n <= own for n in q_names) and not (others_figure(t, q_names)
                                                         and not set(tokenize(opening_name(t) or "")) <= q_words)
                 for t, own in zip(texts, _named_words(question, texts, titles))]
        if any(f and a for f, a in zip(figure, about)):
            figure = [f and a for f, a in zip(figure, about)]
    return figure


#: a table's row read as a sentence whose first cell is a year ("Year 2023: visitors 24,750, workshops held 176.")
_YEAR_ROW = YEAR_ROW_RE


class _Holders(NamedTuple):
    """The holders of the role a "current <role>" question asks that the claims name (:func:`_current_holders`)."""

    role_re: re.Pattern[str]  #: the role as a text writes it (:func:`shared.text.succession.role_pattern`)
    own: list[bool]  #: per claim: it names a name the question gives (in its text or its page's title)
    pages: dict[str, list[int]]  #: page title -> the indices of its claims
    current: list[tuple[int, Holder, int]]  #: (claim, holder, year: its sentence's, else its page's, else 0)


def _current_holders(question: str, texts: list[str], order: list[int], titles: list[str],
                     published: list[int | None] | None = None, role: str | None = None) -> _Holders | None:
    """The holders in office of the role a "current <role>" question asks (``role`` instead when given; :func:`
    current_holder_lead` says which claims name one, and which holder is no longer in office), each with the year it
    is of: the latest year its sentence writes, else its page's publication year (``published``, per text; an
    appointment a dated news page reports without a year, "The trust has appointed Ann Vale as director", is of that
    page's year), else 0. None for any other question or when no claim names such a holder."""
    role = role or current_role(question)
    if role is None or not texts:
        return None
    role_re = role_pattern(role)
    entities = find_entities(question)
    subjects = [toks for e in entities if (toks := set(tokenize(e)))]
    pages: dict[str, list[int]] = {}
    for i, t in enumerate(titles):
        pages.setdefault(t, []).append(i)
    own = [not subjects or any(n <= set(tokenize(f"{t} {titles[i] if i < len(titles) else ''}")) for n in subjects)
           for i, t in enumerate(texts)]
    # "the museum" on a page another of whose claims names the Ashby Bell Foundry (Museum) is that museum
    heads = {e.split()[-1].lower(): set(tokenize(" ".join(e.split()[:-1]))) for e in entities if len(e.split()) > 1}
    about = [own[i] or any(re.search(rf"\bthe\s+{re.escape(h)}\b", t, re.IGNORECASE) and rest and any(
        rest <= set(tokenize(texts[j])) for j in pages.get(titles[i] if i < len(titles) else "", []))
        for h, rest in heads.items()) for i, t in enumerate(texts)]
    found: list[tuple[int, Holder]] = []
    for i in order:
        if not about[i]:
            continue
        for h in holders(texts[i], role):
            prev = (h.predecessor or "").split()[-1:] if h.predecessor else []
            # the predecessor held the role on the same page ("The first professional director, Hanna Pohl, ...")
            page_says = bool(prev) and any(role_re.search(texts[j]) and re.search(rf"\b{re.escape(prev[0])}\b",
                                                                                   texts[j])
                                           for j in pages.get(titles[i], [i]))
            if h.role_said or page_says:
                found.append((i, h))
    if not found:
        return None
    # (a succession opening with a pronoun names no holder but still its predecessor: "She takes over from Z")
    succeeded = {h.predecessor.split()[-1] for _i, h in found if h.predecessor} | {
        p.split()[-1] for i in order if about[i] for p in predecessors(texts[i])}
    current = [(i, h) for i, h in found if h.name.split()[-1] not in succeeded] or found
    dated = published or []
    return _Holders(role_re, own, pages, [(i, h, h.year or (dated[i] if i < len(dated) else None) or 0)
                                          for i, h in current])


def holders_unordered(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> bool:
    """Whether a "current <role>" question's supported ``claims`` (of ``sources``, whose titles and publication
    dates they are read with) name two or more people in office (:func:`_current_holders`: none said to be
    succeeded) that their years cannot order: the latest one's year is unknown, or another's is unknown or the same
    ("Ann Vale has been director since 2021" beside an undated page's "The trust has appointed Ben Roe as
    director"). Then whichever leads is not established. An undated holder told only in the simple past, as history
    (:func:`_told_as_past`: "Ben Roe was appointed director"), is an old mention when another holder's year is
    known, and orders nothing. Each role a question of its head asks is read alone (a
    chair beside a director is no conflict: :func:`shared.text.succession.roles_of`). False for any other
    question, or when one person holds the role."""
    asked = current_role(question)
    if asked is None:
        return False
    held = [c for c in claims if c.verdict == "supported"]
    texts = [c.text for c in held]
    titles = [clean_title(_title_of(c, sources)) for c in held]
    published = [_published_year(sources.get(c.source_id)) for c in held]
    for role in roles_of(asked):
        found = _current_holders(question, texts, list(range(len(texts))), titles, published, role)
        current = found.current if found is not None else []
        dated = any(year for _i, _h, year in current)
        latest: dict[str, int] = {}
        for i, h, year in current:
            if dated and not year and _told_as_past(texts[i]):
                continue  # "X was appointed director" with no date beside "Y has been director since 2021": old
            surname = h.name.split()[-1]
            latest[surname] = max(latest.get(surname, 0), year)
        if len(latest) >= 2:
            first, second = sorted(latest.values(), reverse=True)[:2]
            if second == 0 or first == second:
                return True
    return False


#: a start in office told in the simple past: "was appointed", "were named", "became", "took over", "succeeded",
#: "had been"
_PAST_START_RE = re.compile(r"\b(?:(?:was|were)\s+(?:\w+ly\s+)?(?:appointed|named|elected|chosen|hired|made|succeeded|"
                            r"followed|replaced)|became|took\s+over|started|began|succeeded|had\s+been)\b",
                            re.IGNORECASE)
#: a word placing a sentence in the present or the recent past: a present or present-perfect verb ("has appointed",
#: "is", "takes over"), "now", "new", "recently", "this year", "last week", a future ("will", "is to")
_PRESENT_NEWS_RE = re.compile(r"\b(?:has|have|is|are|am|takes|take|will|shall|now|new|newly|currently|today|"
                              r"recently|just|(?:this|last)\s+(?:week|month|year|spring|summer|autumn|winter))\b",
                              re.IGNORECASE)


def _told_as_past(text: str) -> bool:
    """Whether ``text`` tells a start in office in the simple past, as history (:data:`_PAST_START_RE`: "Conrad
    Bellweather was appointed director of the observatory"), with no word placing it in the present or the recent
    past (:data:`_PRESENT_NEWS_RE`: "The trust has appointed ...", "... was appointed director last week", "the new
    director"). Such a mention with no year of its own nor of its page is an old one: a holder whose year is known
    follows it (:func:`holders_unordered`)."""
    return bool(_PAST_START_RE.search(text or "")) and not _PRESENT_NEWS_RE.search(text or "")


def _holds_name(words: list[str], names: list[list[str]]) -> bool:
    """Whether the tokens ``words`` hold the words of one of ``names`` (each a name's tokens) together, in order
    ("Quellby Water Junior Regatta" holds no "Quellby Water Regatta": a look-alike's record is none of the asked
    thing's)."""
    return any(words[k:k + len(n)] == n for n in names for k in range(len(words) - len(n) + 1))


#: a question asking a record ("What is the visitor record of X?", "What is the record attendance at X?")
_ASKS_RECORD_RE = re.compile(r"\brecords?\b", re.IGNORECASE)


def standing_record_lead(question: str, texts: list[str], lead: list[int], order: list[int], titles: list[str],
                         page_years: list[int | None] | None = None) -> list[int]:
    """``lead`` (indices into ``texts``) led by the record that stands when the question asks a record of a figure
    (:data:`_ASKS_RECORD_RE`; a record time is :func:`record_lead`'s) and its first claim gives a stale one.

    A figure some claim of ``order`` calls a past record (:func:`shared.text.records.superseded_figures`: "The
    previous record, 53,100 visitors, had been set in 2019", "beating the previous record of 9,870") is superseded:
    a lead claim giving it and no other record figure (:func:`shared.text.records.stated_record_figures`: a
    register's row "X: museum visitors record 9,870 (2017)") leaves the lead. And a record is of a time, records
    only being broken: a lead claim stating a record of the count asked (:func:`shared.text.records.asks_count_record`,
    else :func:`shared.text.quantity.counted_nouns`) gives way to a claim stating another record of that count of a
    later year (:func:`claim_year`, its page's year ``page_years`` when its sentence gives none). The record that
    takes the lead is stated by a claim naming a name the question gives (in its text or its page's title,
    ``titles``; :func:`_holds_name`) with a figure no claim calls past: the newest, the more relevant (``order``)
    on a tie. ``lead`` unchanged when nothing is stale or no such record is stated."""
    if not lead or not _ASKS_RECORD_RE.search(question or "") or asks_record_time(question)[0]:
        return lead
    names = [toks for e in find_entities(question) if (toks := tokenize(e))]
    nouns = asks_count_record(question) or counted_nouns(question)
    beaten = {v for i in order if 0 <= i < len(texts) for v, _s, _at in superseded_figures(texts[i])}

    def year(i: int) -> int | None:
        page = page_years[i] if page_years is not None and i < len(page_years) else None
        return claim_year(texts[i], page)

    def standing(i: int) -> set[float]:
        return {v for v, _s, _at in stated_record_figures(texts[i])} - beaten

    def of_count(i: int) -> bool:  # (it names the noun asked, or another word for visitors of visitors asked)
        return not nouns or any(t in nouns or (t in VISITOR_NOUNS and set(nouns) <= VISITOR_NOUNS)
                                for t in tokenize(texts[i]))

    first = lead[0]
    if not 0 <= first < len(texts):
        return lead
    held = {v for v, _s, _at in written_figures(texts[first])}
    stale = bool(held & beaten) and not standing(first)
    rivals = [i for i in order if i != first and 0 <= i < len(texts) and standing(i) and of_count(i)
              and (not names or _holds_name(tokenize(texts[i]), names)
                   or _holds_name(tokenize(titles[i] if i < len(titles) else ""), names))]
    if not stale:
        # a record of the count asked, of a year some rival's record is newer than
        own = year(first)
        if not standing(first) or not of_count(first) or own is None:
            return lead
        rivals = [i for i in rivals if (y := year(i)) is not None and y > own and standing(i) != standing(first)]
    if not rivals:
        return lead
    newest = max((year(i) or 0) for i in rivals)
    best = next(i for i in rivals if (year(i) or 0) == newest)
    return [best, *(i for i in lead if i != best and i != first and not (
        {v for v, _s, _at in written_figures(texts[i])} & beaten and not standing(i)))][:3]


def record_lead(question: str, texts: list[str], order: list[int], titles: list[str]) -> int | None:
    """The claim (an index into ``texts``) that leads a question asking a record time
    (:func:`shared.text.records.asks_record_time`: "What is the fastest time ever run by a man at X?", "What is the
    current men's course record?"): of the claims in ``order`` (most relevant first) stating a record time
    (:func:`shared.text.records.record_times`: "won in 2:06:58, a new men's course record"; a table of yearly
    winners' times states none, a broken "previous record" is none) of the group asked (men, women; a record of no
    group named fits either) and of the thing asked (its text or its page's title, ``titles``, holds the words of a
    name the question gives together: the record of a look-alike race "Old Orla Road Race" or "Orla City Junior
    Marathon" is no record of the Orla City Marathon), the one stating the smallest time (a record once beaten is slower than the one that beat it;
    the more relevant on a tie). A claim naming no such name supersedes the records of those that do when it says it
    beat one of them (:func:`shared.text.records.superseded_times`: "<club>'s eight covered the course in 5 minutes
    9.8 seconds, beating the previous record of 5:12.4" beside "The course record for the <event> is 5 minutes 12.4
    seconds"): the beaten time written in both ties it to the asked thing, and its own record time, a faster one,
    competes. None when the question asks no record time or no claim states one."""
    asked, group = asks_record_time(question)
    if not asked:
        return None
    names = [toks for e in find_entities(question) if (toks := tokenize(e))]

    def together(words: list[str]) -> bool:
        return _holds_name(words, names)

    found: list[tuple[float, int, int]] = []  # (seconds, rank, claim) of the asked thing's records
    unnamed: list[tuple[int, int, str]] = []  # (rank, claim, text) of claims naming no asked name
    for rank, i in enumerate(order):
        if not 0 <= i < len(texts):
            continue
        text = " ".join(texts[i].split())
        if names and not (together(tokenize(texts[i])) or together(tokenize(titles[i] if i < len(titles) else ""))):
            unnamed.append((rank, i, text))
            continue
        found += [(rec.seconds, rank, i) for rec in record_times(text) if not group or rec.group in (group, "")]
    stated = {secs for secs, _r, _i in found}
    for rank, i, text in unnamed:
        beaten = [b for b in superseded_times(text) if any(abs(b - s) < 0.05 for s in stated)]
        found += [(rec.seconds, rank, i) for rec in record_times(text)
                  if (not group or rec.group in (group, "")) and any(rec.seconds < b for b in beaten)]
    return min(found)[2] if found else None


def _role_giving(texts: list[str], order: list[int], own: list[bool], best: int, holder: Holder,
                 role_re: re.Pattern[str]) -> int | None:
    """The claim (an index into ``texts``) to lead before ``best``, the sentence naming the latest ``holder`` of a
    role, when that sentence gives the role (``role_re``) to his predecessor, both written before him: its subject is
    the former holder ("Pohl served as director from 1998 to 2021; he was succeeded by Tomas Ekberg in 2021"), and
    the role it states is his. It is the most relevant claim of ``order`` about the question's subject (``own``)
    writing the role and the holder's surname but not the predecessor's ("X: director Tomas Ekberg", "X has
    appointed Tomas Ekberg as the new director"). None when ``best`` puts the holder or the role after him first
    ("Pohl retired and was succeeded by Tomas Ekberg as director"), or no other claim gives him the role."""
    prev = (holder.predecessor or "").split()[-1:]
    if not prev:
        return None
    at_prev = re.search(rf"\b{re.escape(prev[0])}\b", texts[best])
    at_holder = re.search(rf"\b{re.escape(holder.name.split()[-1])}\b", texts[best])
    at_role = role_re.search(texts[best])
    if at_prev is None or at_holder is None or at_role is None \
            or max(at_prev.start(), at_role.start()) > at_holder.start():
        return None
    surname = re.compile(rf"\b{re.escape(holder.name.split()[-1])}\b")
    former = re.compile(rf"\b{re.escape(prev[0])}\b")
    return next((i for i in order if i != best and 0 <= i < len(texts) and i < len(own) and own[i]
                 and role_re.search(texts[i]) and surname.search(texts[i]) and not former.search(texts[i])), None)


def current_holder_lead(question: str, texts: list[str], lead: list[int], order: list[int],
                        titles: list[str], published: list[int | None] | None = None) -> list[int]:
    """``lead`` (indices into ``texts``) led by the sentence naming the latest holder of the role a "current <role>"
    question asks (:func:`shared.text.succession.current_role`: "Who is the current director of X?").

    A holder is named by a succession or a start in office (:func:`shared.text.succession.holders`: "Pohl retired in
    2019 and was succeeded by Tomas Ekberg", "Ekberg has been director since 2019") in a claim about the question's
    subject (every word of a name the question gives in its text or its page's title, ``titles``); a successor
    holds the role when the sentence gives it to him or another claim of its page gives it to his predecessor ("The
    first professional director, Hanna Pohl, ..."). A holder some claim says was succeeded is no longer in office;
    of the rest, the one of the latest year leads (the year its sentence writes, else its page's publication year,
    ``published`` per text: "The trust has appointed Ann Vale as director" on a news page of 2025; the better of
    ``order``, the claims by relevance, on a tie), then, when it does not name the role, the claim giving him the role
    (else the one giving it to his predecessor on its page), then the lead's claims that name him (three claims at
    most). A claim naming the
    subject only by its head noun ("Since 2025 the museum has been led by ...") on a page whose other claim names
    it is about it too, but a claim naming the subject and the same holder leads before it. ``lead`` unchanged for any other
    question or when no claim names such a holder."""
    found = _current_holders(question, texts, order, titles, published)
    if found is None:
        return lead
    role_re, own, pages = found.role_re, found.own, found.pages
    current = [(i, h) for i, h, _y in found.current]
    years = {(i, h): y for i, h, y in found.current}
    rank = {i: k for k, i in enumerate(order)}
    best, holder = max(current, key=lambda p: (years[p], -rank.get(p[0], len(order))))
    surname = re.compile(rf"\b{re.escape(holder.name.split()[-1])}\b")
    # a sentence naming the subject only as "the museum" follows one naming it that names the same holder
    naming = [i for i, h in current if own[i] and h.name.split()[-1] == holder.name.split()[-1]]
    if not own[best] and naming:
        first = min(naming, key=lambda i: rank.get(i, len(order)))
        return list(dict.fromkeys([first, best, *(i for i in lead if surname.search(texts[i]))]))[:3]
    if (giving := _role_giving(texts, order, own, best, holder, role_re)) is not None:
        # "Pohl served as director from 1998 to 2021; he was succeeded by Ekberg": the former holder is its
        # subject; a claim about the subject giving Ekberg the role ("X: director Tomas Ekberg") leads before it
        named = [i for i in lead if i not in (best, giving) and surname.search(texts[i])]
        return [giving, best, *named][:3]
    # a succession that does not name the role ("Pohl ... was succeeded by Tomas Ekberg") is followed by the claim
    # giving the holder the role ("Director Tomas Ekberg ..."), else by its page's claim giving it to the predecessor
    said: list[int] = []
    if not holder.role_said:
        prev = (holder.predecessor or "").split()[-1:]
        said = [i for i in order if i != best and role_re.search(texts[i]) and surname.search(texts[i])][:1] or [
            j for j in pages.get(titles[best], []) if j != best and prev and role_re.search(texts[j])
            and re.search(rf"\b{re.escape(prev[0])}\b", texts[j])][:1]
    named = [i for i in lead if i != best and i not in said and surname.search(texts[i])]
    return [best, *said, *named][:3]


def succession_lead(question: str, texts: list[str], lead: list[int], order: list[int]) -> list[int]:
    """``lead`` (indices into ``texts``) led by the sentence stating the succession a question asks of a named person
    (:func:`shared.text.succession.asked_succession`: "Who will succeed Tom Hale?", "Who did Ada Lenz replace?"):
    the first of ``order`` (the claims by relevance), else of all texts, whose succession
    (:func:`shared.text.succession.succession_pairs`, a planned one too: "Ada Lenz will succeed Tom Hale") has that
    person, matched by surname, on the side the question gives and names the other ("Ada Lenz takes over on 1 May
    from Tom Hale" for his successor), then the lead's claims naming the one it names (three at most). A sentence
    about the person alone ("Tom Hale has led the trust since 2008") names no one who followed or preceded him.
    ``lead`` unchanged for any other question or when no claim states such a succession."""
    asked = asked_succession(question)
    if asked is None:
        return lead
    subject, side = asked
    surname = subject.split()[-1].casefold()
    for i in [*order, *(i for i in range(len(texts)) if i not in order)]:
        if not 0 <= i < len(texts):
            continue
        for follower, followed in succession_pairs(texts[i], planned=True):
            given, other = (followed, follower) if side == "successor" else (follower, followed)
            if not given or not other or given.split()[-1].casefold() != surname \
                    or other.split()[-1].casefold() == surname or is_stopword(other.split()[0].casefold()):
                continue
            named = re.compile(rf"\b{re.escape(other.split()[-1])}\b")
            return [i, *(j for j in lead if j != i and named.search(texts[j]))][:3]
    return lead


def narrative_cause_lead(question: str, claims: list[VerifiedClaim], lead: list[int]) -> list[int]:
    """``lead`` (indices into ``claims``) of a why-question whose first claim gives its cause only as a narrative
    (:func:`shared.text.answer.implicit_cause`: "The main furnace failed a safety inspection that year, and the
    owners judged the cost too high") with the claim of the same page written right before it (only blanks between
    them: "Commercial casting stopped in 2009.") put first: the cause is read with the event it follows, which states
    the relation asked. ``lead`` unchanged for any other question, or when no such claim was extracted."""
    if not lead or answer_type(question) != "why" or not implicit_cause(claims[lead[0]].text):
        return lead
    first = claims[lead[0]]
    before = [i for i, c in enumerate(claims) if c.source_id == first.source_id and 0 < c.end <= first.start
              and first.start - c.end <= 3 and i != lead[0]]
    if not before:
        return lead
    return list(dict.fromkeys([before[0], *lead]))[:3]


#: a "which" question asking what was acted on, in the passive: the auxiliary, then the act's participle ("Which
#: kettle was recalled in March 2025?", "Which ferries were withdrawn in 2024?", "Which bridge has been closed?")
_WHICH_PASSIVE_RE = re.compile(r"^\s*which\b[^?]*?\b(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+"
                               r"(?P<verb>[a-z]+)\b", re.IGNORECASE)
#: a sentence denying what it states ("The smaller model is not affected by the recall")
_DENIED_RE = re.compile(r"\b(?:not|never|no\s+longer)\b|n't\b", re.IGNORECASE)


def asked_act_lead(question: str, texts: list[str], lead: list[int], order: list[int]) -> list[int]:
    """``lead`` (indices into ``texts``) of a "which X was <verb-ed>" question (:data:`_WHICH_PASSIVE_RE`, the verb
    one of the question's relation terms, :func:`shared.text.answer.relation_terms`) with the sentence stating that
    act first: the first of ``lead``, then of ``order`` (the claims that may lead, most relevant first), writing a form
    of the verb (its stem or an irregular form: "recalled", "a recall notice", "withdrew") and denying nothing
    (:data:`_DENIED_RE`; one of ``order`` outside ``lead`` also writes a year the question writes, if it writes one).
    "Which kettle was recalled in March 2025?" is answered by "2025-03-04 - Brevane has issued a recall notice for
    Kettlo 2 kettles", not by "In March 2025 the Brevane Kettlo 2 cost 59 EUR", which only names the thing.
    ``lead`` unchanged when it opens with such a sentence already, for any other question, or when no claim states
    the act. Never raises."""
    m = _WHICH_PASSIVE_RE.match(" ".join((question or "").split()))
    if not lead or m is None or answer_type(question) != "which":
        return lead
    verb = m.group("verb").casefold()
    if verb not in {t.casefold() for t in relation_terms(question)}:
        return lead

    def states(i: int) -> bool:
        if not 0 <= i < len(texts) or _DENIED_RE.search(texts[i]):
            return False
        return any(t == verb or same_stem(t, verb) or same_verb(t, verb) for t in tokenize(texts[i]))

    if states(lead[0]):
        return lead
    # (a claim from beyond the lead must write a year the question asks, if it asks one: "The Marwen was launched in
    # 1930" answers no "Which ship was launched in 1932?")
    years = set(asked_years(question))
    pick = next((i for i in lead if states(i)), None)
    if pick is None:
        pick = next((i for i in order if states(i) and (not years or years & set(
            re.findall(r"\b(?:1[5-9]|20)\d\d\b", texts[i])))), None)
    return lead if pick is None else list(dict.fromkeys([pick, *lead]))


def _naming_first(question: str, texts: list[str], picks: list[int]) -> list[int]:
    """``picks`` (indices into ``texts``, best first) with the sentences that name in their own words a name the
    question gives ("Wexley Lido welcomed 148,200 visitors in 2025") before those naming it only by their page's
    title ("The lido welcomed 148,200 visitors between May and September 2025" on the trust's annual report), each
    group in its order. A name is named by its words in a row: "In 2023 the Orla Junior Fair ..." holds every word of
    "Orla Fair" and names another thing."""
    q_names = [toks for e in find_entities(question) if (toks := tuple(tokenize(e)))]

    def names(i: int) -> bool:
        # the name's words in a row: "the Orla Junior Fair" holds every word of "Orla Fair", but names another fair
        words = tokenize(texts[i])
        return any(words[k:k + len(n)] == list(n) for n in q_names for k in range(len(words) - len(n) + 1))
    return sorted(picks, key=lambda i: not names(i))


def _published_year(info: SourceInfo | None) -> int | None:
    """The year a source's page gives as its publication date (``SourceInfo.published``, ISO), None when none."""
    m = re.match(r"(\d{4})-", (info.published or "") if info is not None else "")
    return int(m.group(1)) if m else None


def _as_of_year(info: SourceInfo | None) -> int | None:
    """The year a source's figures are of: the year of :func:`services.synthesizer.provenance.source_date` (its
    last-modified or stated as-of date, "Retrieved: 2022-06-30" of a register's record, else its publication date),
    None when it is undated."""
    m = re.match(r"(\d{4})-", source_date(info) or "")
    return int(m.group(1)) if m else None


def _stale_figures(frames: dict[int, int | None], then: Collection[int], newest: int | None,
                   as_of_years: Sequence[int | None] | None) -> list[int]:
    """The keys of ``frames`` (claim index -> the year its sentence dates its figure, None when undated) whose figure
    is undated, set in no past time (``then``), and of a page whose data is of a year (``as_of_years``, per claim:
    :func:`_as_of_year`) before ``newest`` (the newest year a figure's sentence dates): an older figure than that
    one, no current one. [] without ``newest`` or page years."""
    if newest is None or not as_of_years:
        return []
    return [i for i, year in frames.items() if year is None and i not in then and i < len(as_of_years)
            and (page := as_of_years[i]) is not None and page < newest]


def asked_time_lead(question: str, texts: list[str], lead: list[int], order: list[int],
                    titles: list[str] | None = None, page_years: list[int | None] | None = None,
                    as_of_years: list[int | None] | None = None) -> list[int]:
    """``lead`` (indices into ``texts``) led by the figure of the time the question asks.

    The year a claim is of is :func:`claim_year`'s. ``page_years``: each text's page's publication year (None when
    the page gave no date): a sentence writing no year ("Adult tickets rise to £5.20 this season" on a page of
    2019-05-02) is of its page's year, so a
    question naming that year ("What did an adult ticket cost in 2019?") is led by it, and an undated figure of
    another page (a prices table's "adult ticket price £7.50") leaves the lead.

    A figure is a count of the noun the question counts (:func:`shared.text.quantity.counts`: "how many workers"),
    else one of the kind asked (:func:`shared.text.quantity.states_quantity`); with ``titles`` (each text's page
    title), only a figure of a claim naming a name the question gives (in its text or its page's title) counts when
    there is one (a town's census figure is no figure of its festival). A question naming a year ("in
    1913") is led by the claim stating a figure with that year (the best of ``order``, the claims by relevance), and
    a lead claim stating a figure without that year ("in its first year it employed 38") leaves the lead; when no
    figure of the noun counted is of that year, a lead claim giving a count (:func:`_counts_something`) in that year
    in other words leads ("281,300 visitors in 2024" for "How many people visited ... in 2024?"). A question
    naming no year asks the present figure: a lead figure dated to a past year by its time frame ("in 1950 the town
    had only 8,300"; of a capacity asked, :func:`shared.text.quantity.asks_capacity`, the frame a size has, so the
    year of the place's making or conversion in a clause of its own is none: :func:`_size_frame_year`) leaves the
    lead when another claim states a figure undated, given by an authority, or dated to a later year; those current
    figures (up to two, of different sentences) then lead. An undated figure of a page published (``page_years``) in
    the dated figure's year or before is no newer than it and does not replace it (a blog of 2024's "about 16,800
    students" beside an annual report's "14,200 in 2024"). A figure set in a past time of no year
    (:func:`shared.text.quantity.past_framed`: "At its peak the academy had 240 students") is no current figure: it
    never takes the lead from a dated one, and leaves the lead for any other figure (a question asking of the past,
    "did", "at its peak", keeps it). A figure in force from a year now begun (:func:`in_force_since`: "From the
    autumn semester 2025, students pay 2,900 EUR") is the present one: only a figure of a later year replaces it, no
    undated one. ``as_of_years``: each text's page's year its figures are of (:func:`_as_of_year`: the date it says
    its data was taken or last updated, "Retrieved: 2022-06-30", else its publication date; None when undated): an
    undated figure of a page of a year before the newest figure a sentence dates ("students 13100" of a register's
    record retrieved in 2022 beside an annual report's "students 14,200 in 2024") is an older figure, no current
    one: the newest dated figure takes its place in the lead (with an undated figure of a page published after that
    year, when there is one). A question asking for the latest,
    most recent or current figure (:func:`services.synthesizer.provenance.asks_latest`) dates each figure by the newest
    year its own sentence writes (:func:`_sentence_year`: "The 2024 fair drew 15,050 visitors" is of 2024, newer than
    "In 2023 attendance rose to 14,200"); when a page gives a series of such figures (:func:`latest_of_series`: a
    table's rows "Year 2024: registered members 203."), its newest row leads, with the lead's claims of that page
    after it, whatever the other figures; a question naming a year is led by the series' row of that year, before the
    lead's other claims (no row of another year), when it asks a count or a quantity. A question naming no year
    over a table's rows of several years (:data:`_YEAR_ROW`: "Year 2023: visitors 24,750") is led by the newest
    row, whatever the lead's order ("What is the annual visitor figure?"); a present-tense question about a figure
    (:func:`_newest_cells`: "How many items are in the collection?") is led by the newest cell of a page's series
    whose older cell leads ("X: items in collection 1,240,000 in 2025.", not "... 1,226,000 in 2024."). Returns
    ``lead`` unchanged
    when no claim states a figure of the kind asked or nothing is to change.
    """
    nouns = counted_nouns(question)
    asked = asked_quantity(question)
    figure = _asked_figures(question, texts, titles)
    if standing_measure(question) and any(figure[i] for i in lead) \
            and not any(figure[i] and _period_figure(question, texts[i]) for i in lead):
        # a thing's standing measure asked ("How much does a wheel of X weigh?") and led by one ("Each wheel ... weighs
        # about 38 kg"): a year's total of that kind ("The dairy produced 310 tonnes of cheese in 2023") is another
        # figure, no newer one of the measure asked
        figure = [f and not _period_figure(question, t) for f, t in zip(figure, texts)]
    series = _latest_series(question, texts, titles, order, figure) if titles is not None else None
    if series is not None and titles is not None:
        # "the most recent membership count": the newest row of a page's series leads, with its year, and the lead's
        # other claims of that page but the series' older rows stay after it ("The 2024 roll ... is the most recent
        # count")
        row, rows = series
        # another page's claim of the series of the same year in the lead stays after it (the table's row of the year
        # a news sentence gives): two sources for one figure, no older figure
        same_year = [i for i in lead if i in rows and i != row and titles[i] != titles[row]
                     and claim_year(texts[i]) == claim_year(texts[row])]
        return list(dict.fromkeys([row, *(i for i in lead if titles[i] == titles[row] and i not in rows),
                                   *same_year]))[:3]
    q_years = asked_years(question)  # not a year of an aside: "..., founded in 1887, ..."
    if q_years and titles is not None and (nouns or asked):
        # "How many members did the guild have in 2024?": the series' row of that year leads ("Year 2024: registered
        # members 203."), before the page's sentence saying what the rows count, and no row of another year stays
        series_years = _series_years(question, texts, titles, figure)
        # (a page giving the series' figures of several years before another page's one figure of that year, which
        # may be a look-alike's: "In 2023 the Orla Junior Fair drew 900 visitors" beside the Orla Fair's table)
        series_pages: dict[str, set[int]] = {}
        for i, row_year in series_years.items():
            series_pages.setdefault(titles[i], set()).add(row_year)
        asked_rows = _naming_first(question, texts, sorted(
            [i for i in order if i in series_years and str(series_years[i]) in q_years],
            key=lambda i: len(series_pages[titles[i]]) < 2))
        if asked_rows:
            return list(dict.fromkeys([asked_rows[0], *(i for i in lead if i not in series_years)]))[:3]
    year_rows = {i: int(m.group(1)) for i in order if figure[i] and (m := _YEAR_ROW.match(texts[i]))}
    if not q_years and len(set(year_rows.values())) >= 2 and any(i in year_rows for i in lead):
        # "What is the annual visitor figure?": a table's rows of several years ("Year 2021: visitors 12,100.",
        # "Year 2023: visitors 24,750.") are led by the newest, which says its year; no older row stays in the lead
        newest_row = max(year_rows.values())
        row = next(i for i in order if year_rows.get(i) == newest_row)
        # a newer dated figure of another kind of claim ("received 52,300 visitors in 2024, a new record" on a news
        # item of 2025) is the newest: it leads, the table's newest row after it
        newer = _newer_than_rows(question, texts, order, figure, year_rows, newest_row, page_years)
        return list(dict.fromkeys([*newer[:1], row, *(i for i in lead if i not in year_rows)]))[:3]
    if not q_years and titles is not None and (newer := _newest_cells(question, texts, lead, order, titles)) != lead:
        # "How many items are in the collection?": a table's older column ("X: items in collection 1,226,000 in
        # 2024.") gives way to the same row's newest one ("... 1,240,000 in 2025."), which says its year
        return newer
    if not any(figure[i] for i in lead):
        return lead
    if q_years:
        year_numbers = {int(y) for y in q_years}

        def of_year(i: int) -> bool:
            page_year = page_years[i] if page_years is not None and i < len(page_years) else None
            return claim_year(texts[i], page_year, asked=year_numbers) in year_numbers
        dated = _naming_first(question, texts, [i for i in order if figure[i] and of_year(i)])
        if not dated:
            # no figure of the noun counted is of the year asked, but a claim of the lead counts something in that
            # year in other words ("281,300 visitors in 2024" for "How many people visited ... in 2024?" beside
            # "in 2022, when 231,700 people came"): it leads, the lead's figures of other years leave it
            dated = [i for i in lead if of_year(i) and _counts_something(texts[i])]
            if not dated:
                return lead
            figure = [f or i in dated for i, f in enumerate(figure)]
        kept = [i for i in lead if not figure[i] or of_year(i)]
        return list(dict.fromkeys([dated[0], *kept]))[:3]
    framed = not asks_latest(question)
    # how many a place holds is a standing property, as its size is: the year of its making or conversion in a
    # clause of its own ("Orla Hall, a former rope store converted in 1993, with 640 seats") dates no capacity
    # (:func:`_size_frame_year`), while a frame of the count's own ("In 1950 the hall had 400 seats") does
    held = framed and asks_capacity(question)
    frames = {i: _size_frame_year(texts[i]) if held else claim_year(texts[i], framed=framed)
              for i in order if figure[i]}
    # a figure set in a past time of no year ("At its peak the academy had 240 students") is no present figure
    # of a question asking the present one
    then = set() if _ASKS_PAST_RE.search(question) or past_framed(question) else \
        {i for i in frames if frames[i] is None and past_framed(texts[i])}
    newest = max((y for y in frames.values() if y is not None), default=None)
    # an undated figure of a page whose data is of an earlier year than the newest dated figure (a register's record
    # "retrieved: 2022-06-30", "students 13100", beside "students 14,200 in 2024") is that older year's
    stale = set(_stale_figures(frames, then, newest, as_of_years))
    current = [i for i in order if figure[i] and frames[i] is None and i not in then and i not in stale]

    def after(year: int) -> list[int]:
        # the undated figures that may be newer than a figure of ``year``: those of a page published later or of
        # no date ("about 16,800 students" on a blog of 2024 is no newer than a report's "14,200 in 2024")
        published = page_years or []
        return [j for j in current if (p := published[j] if j < len(published) else None) is None or p > year]

    def past(i: int) -> bool:
        year = frames.get(i)
        if i in then:
            return bool(current) or newest is not None
        if i in stale:
            return True
        # a figure in force from a year now begun ("From the autumn semester 2025, ... pay 2,900 EUR") is the
        # present one until a figure of a later year; an undated figure does not replace it
        undated_newer = bool(after(year)) if year is not None and in_force_since(texts[i]) != year else False
        return year is not None and (undated_newer or (newest is not None and year < newest))

    if not any(figure[i] and past(i) for i in lead):
        return lead
    kept = [i for i in lead if not (figure[i] and past(i))]
    led = [i for i in kept if figure[i]]
    if not led and newest is not None and any(i in stale for i in lead):
        # an older page's figure gives way to the newest dated one, and to an undated figure of a page published
        # after that year
        kept = [*[i for i in order if figure[i] and frames[i] == newest][:1], *after(newest)[:1], *kept]
    elif not led:
        left = [y for i in lead if figure[i] and past(i) and (y := frames.get(i)) is not None]
        best = (after(max(left)) if left else current)[:2] or \
            [i for i in order if figure[i] and frames[i] == newest][:1]
        kept = [*best, *kept]
    return list(dict.fromkeys(kept))[:3]



def relocated_lead(question: str, texts: list[str], lead: list[int], order: list[int], titles: list[str]
                   ) -> list[int]:
    """``lead`` (indices into ``texts``) of a where-``question`` in the present tense (:func:`where_question`, no
    year and no past time asked: :data:`_ASKS_PAST_RE`) with each sentence stating a past place of the thing
    (:func:`shared.text.relations.past_place`: "The ceremony was held in the Orrin Hall for thirty years") replaced by
    the sentence saying it moved since (:func:`shared.text.relations.moved_to`: "In 2015 the ceremony moved to the
    Tarnby Playhouse"), which leads. The move must be of what the question asks: a sentence of the same page as the
    past place, or naming a name the question gives (in its text or its page's title ``titles``), whose words before
    the move share a word with the question or are a pronoun ("the ceremony moved", "it moved"); of several, the one
    of the latest year its sentence writes (:func:`claim_year`), else the best of ``order`` (the claims by
    relevance). A sentence naming the place moved to, or itself stating the move, is no past place. A past-tense
    question ("Where was X held in 1990?") keeps the past place. Returns ``lead`` unchanged when nothing is to
    change."""
    if not lead or not where_question(question) or asked_years(question) or _ASKS_PAST_RE.search(question) \
            or past_framed(question):
        return lead
    q_words = set(tokenize(question))
    names = [toks for e in find_entities(question) if (toks := set(tokenize(e)))]

    def asked_move(i: int, pages: set[str]) -> str | None:
        place = moved_to(texts[i])
        if place is None or contrasted_other(texts[i], question):
            return None
        if titles[i] not in pages and not any(n <= set(tokenize(f"{texts[i]} {titles[i]}")) for n in names):
            return None
        before = move_subject(texts[i]) or ""
        mover = set(tokenize(before)) | {w.casefold() for w in before.split()}
        return place if mover & (q_words | {"it", "they"}) else None

    past = [i for i in lead if past_place(texts[i]) and moved_to(texts[i]) is None]
    if not past:
        return lead
    pages = {titles[i] for i in past}
    moves = [(i, place) for i in order if i not in past and (place := asked_move(i, pages)) is not None]
    moves = [(i, p) for i, p in moves if not any(set(tokenize(p)) <= set(tokenize(texts[j])) for j in past)]
    if not moves:
        return lead
    latest = max(moves, key=lambda m: claim_year(texts[m[0]]) or 0)[0]
    return list(dict.fromkeys([latest, *(i for i in lead if i not in past)]))[:3]

#: the words asking for the record or peak of a figure ("the record annual visitor number", "the highest attendance"):
#: a newer figure answers it only when its sentence says so too ("a new record", "the highest in its history")
_RECORD_ASKED_RE = re.compile(r"\b(?:record|highest|peak|largest|biggest)\b", re.IGNORECASE)


def _newer_than_rows(question: str, texts: list[str], order: list[int], figure: list[bool], rows: dict[int, int],
                     newest_row: int, page_years: list[int | None] | None) -> list[int]:
    """The claims of ``order`` (indices into ``texts``) giving a figure of the kind asked (``figure``) that are no row
    of a by-year table (``rows``: claim -> its row's year) and are of a later year than ``newest_row`` (the table's
    newest): the year the sentence dates its figure (:func:`claim_year`), else its page's publication year
    (``page_years``), in ``order``, those whose sentence dates its figure first (a news item's "passed 100,000
    visitors in a year" gives a threshold, its "received 52,300 visitors in 2024" the figure). A question asking the
    record or peak (:data:`_RECORD_ASKED_RE`) takes only a sentence saying so too ("a new record", "the highest
    ..."): a newer figure is no record by being newer."""
    record = _RECORD_ASKED_RE.search(question) is not None
    dated: list[int] = []
    paged: list[int] = []
    for i in order:
        if not figure[i] or i in rows or (record and _RECORD_ASKED_RE.search(texts[i]) is None):
            continue
        own = claim_year(texts[i])
        page = page_years[i] if page_years is not None and i < len(page_years) else None
        if own is not None and own > newest_row:
            dated.append(i)
        elif own is None and page is not None and page > newest_row:
            paged.append(i)
    return [*dated, *paged]


#: kinds of quantity a thing has standing (its weight, its length): a total of such a kind over a period is another
#: figure (a dairy's output of a year in tonnes is no wheel's weight)
_STANDING_KINDS = frozenset({"mass", "length", "area", "volume"})


def standing_measure(question: str) -> bool:
    """Whether ``question`` asks one kind of quantity a thing has standing (:data:`_STANDING_KINDS`, by
    :func:`shared.text.quantity.asked_quantity`): "How much does a wheel of X weigh?" (a mass), "How tall is X?" (a
    length); not "How much honey does X produce?" (of several kinds: an output) nor a count."""
    asked = asked_quantity(question)
    return len(asked) == 1 and asked[0] in _STANDING_KINDS


def _period_figure(question: str, text: str) -> bool:
    """Whether every figure ``text`` (one claim) states of what ``question`` asks
    (:func:`shared.text.answer.answer_candidates`) is a total over a period
    (:func:`shared.text.quantity.period_total`: "310 tonnes of cheese in 2023", "Year 2022: production (tonnes)
    1,310"); False when it states none."""
    found = set(answer_candidates(text, answer_type(question), question))
    spans = [(m.start(), m.end()) for m in NUMBER_RE.finditer(text) if m.group().rstrip(".,") in found]
    return bool(spans) and all(period_total(text, a, b) for a, b in spans)


#: a question asking of a past time: a past auxiliary ("How many items did it hold?", "What was the size ...?") or a
#: phrase of an earlier time ("last year", "at the time", "back then")
_ASKS_PAST_RE = re.compile(r"\b(?:was|were|did|had|used\s+to|(?:last|previous|prior|preceding)\s+(?:year|season|"
                           r"decade|century|month|week)|at\s+(?:that|the)\s+time|back\s+then|formerly|originally)\b",
                           re.IGNORECASE)
#: a number (its digits and the separators inside it: "1,226,000", "21.4") or a year, as a series' label hides it
_NUMBER_RE = re.compile(r"\d+(?:[.,\u2009\u202f ]\d+)*")


def series_label(text: str) -> str:
    """``text`` (one claim) with every number and year written as "#", in lower case, its spaces collapsed: the
    label a series' cells share whatever their year and figure ("X: items in collection 1,226,000 in 2024." and
    "X: items in collection 1,240,000 in 2025." -> "x: items in collection # in #."; "Year 2024: registered
    members 203." -> "year #: registered members #.")."""
    return " ".join(_NUMBER_RE.sub("#", text.lower()).split())


def _newest_cells(question: str, texts: list[str], lead: list[int], order: list[int], titles: list[str]
                  ) -> list[int]:
    """``lead`` (indices into ``texts``) with each claim of a page's series replaced by that series' newest cell,
    when ``question`` asks a figure (a count or a measure: :func:`shared.text.answer.answer_type`) in the present
    tense, asking of no year (:func:`shared.text.answer.asked_years`: not a founding year set off as an aside) and
    of no earlier time (:data:`_ASKS_PAST_RE`). A series is two or more claims of one page (``titles``) that share
    their label (:func:`series_label`: the same words around their numbers, so the same measure of the same
    subject), each writing a year (:func:`claim_year`) and a figure that is no year, of two years or more: a
    table's cells in any form ("X: items in collection 1,226,000 in 2024.", "Year 2024: visitors 24,750.", "In
    2024, visitors 24,750."). The newest cell (of ``order``, the claims allowed to lead, or of
    ``lead``) takes the place of the first of its series in the lead, and no older cell of it stays; ``lead`` is
    returned unchanged when none of its claims is an older cell of a series."""
    if answer_type(question) not in ("how_many", "measure") or asked_years(question) \
            or _ASKS_PAST_RE.search(question):
        return lead
    pool = list(dict.fromkeys([*order, *lead]))
    cells: dict[int, int] = {}
    for i in pool:
        year = claim_year(texts[i])
        if year is not None and re.search(r"\d", _YEAR.sub(" ", texts[i])):
            cells[i] = year
    out: list[int] = []
    for i in lead:
        series = [j for j in pool if j in cells and i in cells and titles[j] == titles[i]
                  and series_label(texts[j]) == series_label(texts[i])]
        if len({cells[j] for j in series}) < 2:
            out.append(i)
            continue
        if not any(j in out for j in series):
            out.append(next(j for j in series if cells[j] == max(cells[k] for k in series)))
    out = list(dict.fromkeys(out))
    return out if out != list(dict.fromkeys(lead)) else lead


def older_figures(question: str, texts: list[str], lead: list[int], order: list[int],
                  titles: list[str] | None = None) -> list[int]:
    """The claims (indices into ``texts``, newest first, the most relevant of one year first by ``order``) giving an
    older figure of what a question naming no year asks than ``lead``'s (:func:`asked_time_lead` dates a figure the
    same way): a figure of the kind asked (:func:`_asked_figures`) its sentence dates to a past year ("In 2015 the
    works employed 29 glassblowers"), older than the lead's figure, which is current (no year of its own: "Die
    Glashütte beschäftigt heute 37 Glasbläser") or of a later year. The report keeps them among its findings, so
    the reader sees the older figure with its year. [] for a question asking of a year (:func:`asked_years`), a lead
    stating no figure of the kind asked, or no older figure."""
    if asked_years(question) or not lead:
        return []
    figure = _asked_figures(question, texts, titles)
    framed = not asks_latest(question)
    led = [i for i in lead if figure[i]]
    if not led:
        return []
    years = [claim_year(texts[i], framed=framed) for i in led]
    newest = None if any(y is None for y in years) else max(y for y in years if y is not None)
    older = [(y, i) for i in order if i not in lead and figure[i]
             and (y := claim_year(texts[i], framed=framed)) is not None and (newest is None or y < newest)]
    rank = {i: k for k, i in enumerate(order)}
    return [i for _y, i in sorted(older, key=lambda p: (-p[0], rank[p[1]]))]


def same_language_lead(question: str, texts: list[str], lead: list[int]) -> list[int]:
    """``lead`` (indices into ``texts``) without the claims after its first that are written in another language
    than the question and the first claim, when those two are in one language other than English
    (:func:`shared.text.tokens.detect_language`): a German question answered by a German sentence is not padded by
    an English one ("Varnö's main town is Kvarnvik; the other villages are Tofthamn ..." after "Das Gebäude ...
    wurde von der Architektin Sigrun Imsland geplant"); the English claim stays among the findings. An English
    question, or a lead opened in another language than the question's (sources in another language than it),
    keeps its lead as it is."""
    if len(lead) < 2:
        return lead
    asked = detect_language(question)
    if asked == "en" or detect_language(texts[lead[0]]) != asked:
        return lead
    return [lead[0], *(i for i in lead[1:] if detect_language(texts[i]) == asked)]


class Disagreement(NamedTuple):
    """Claims of different sources that give different values of one kind about the same thing.

    Attributes:
        kind: the value's unit word ("m", "%", "inhabitants"), "year", or "" for a bare number.
        values: ``(claim index, value as written)`` per claim, in claim order; at least two distinct values.
    """

    kind: str
    values: list[tuple[int, str]]


_MONTH_NUMBER = {m: i for i, names in enumerate((
    "january jan", "february feb", "march mar", "april apr", "may", "june jun", "july jul", "august aug",
    "september sep sept", "october oct", "november nov", "december dec"), start=1) for m in names.split()}
_MONTH_WORD = r"(?:January|February|March|April|May|June|July|August|September|Sept?|October|November|December|" \
              r"Jan|Feb|Mar|Apr|Jun|Jul|Aug|Oct|Nov|Dec)\.?"
#: a written date: "12 March 1810", "12th of March 1810", "March 12, 1811", "March 1811", "1811-03-12"
_DATE_VALUE = re.compile(
    rf"(?<![\w-])(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m1>{_MONTH_WORD}),?\s+(?P<y1>\d{{3,4}})"
    rf"|(?P<m2>{_MONTH_WORD})\s+(?:(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?,?\s+)?(?P<y2>\d{{3,4}})"
    rf"|(?P<y3>\d{{4}})-(?P<m3>\d\d)-(?P<d3>\d\d))(?![\w-])"
)


#: a day and month written without a year ("7 January", "January 7th", "January"): a range's start that takes the
#: year its end writes ("from 7 January to 28 June 2019")
_DAY_MONTH = rf"(?:\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?{_MONTH_WORD}|{_MONTH_WORD}(?:\s+\d{{1,2}}(?:st|nd|rd|th)?)?)"
#: what stands before the end of a range of dates or years, up to that end: "from 7 January to", "between 1988 and",
#: "from March 2019 until", "7 January –" (the start: group ``start`` or ``dashed``); a day written alone opening
#: one ("from 9 to", "9–") is :func:`shared.text.answer.range_day_spans`
_RANGE_OPEN_RE = re.compile(
    rf"(?:\b(?i:from|between)\s+(?P<start>{_DAY_MONTH}(?:,?\s+\d{{3,4}})?|\d{{3,4}})\s+"
    rf"(?i:to|until|till|through|and)"
    rf"|(?<![\w-])(?P<dashed>{_DAY_MONTH}(?:,?\s+\d{{3,4}})?)\s*[–-])\s*\Z")


def _range_start(text: str, at: int) -> tuple[int, str, bool] | None:
    """The start of the range whose end is the date or year at ``text[at:]``, when one stands right before it, as
    (where it starts, as written, whether it is a day written alone): "closed from 7 January to 28 June 2019" (at
    "28 June 2019": "7 January"), "built between 1988 and 1991", "7 January – 28 June 2019", "from 9 to 19 October
    2025" ("9", a day alone: :func:`shared.text.answer.range_day_spans`); None for a date that ends no range. A
    range's end is no other date of the event its start dates: only the start is compared with another claim's
    date."""
    m = _RANGE_OPEN_RE.search(text, max(0, at - 60), at)
    if m is not None and m.end() == at:
        group = "start" if m.group("start") else "dashed"
        return m.start(group), m.group(group), False
    return next(((s, text[s:e], True) for s, e, end_at in range_day_spans(text) if end_at == at), None)


def _date_of(m: re.Match[str]) -> tuple[str, str | None]:
    """(year, ISO day or None) of a :data:`_DATE_VALUE` match."""
    year = m.group("y1") or m.group("y2") or m.group("y3")
    month_word = (m.group("m1") or m.group("m2") or "").rstrip(".").lower()
    month = int(m.group("m3")) if m.group("m3") else _MONTH_NUMBER.get(month_word, 0)
    day = m.group("d1") or m.group("d2") or m.group("d3")
    iso = f"{int(year):04d}-{month:02d}-{int(day):02d}" if day and 1 <= month <= 12 and 1 <= int(day) <= 31 else None
    return str(int(year)), iso


def _dates(text: str) -> list[tuple[int, int, str, str | None]]:
    """(start, end, year, ISO day or None) of each written date of ``text`` (:data:`_DATE_VALUE`), in order; a
    range's start written without its year takes its end's ("from 7 January to 28 June 2019": 7 January 2019, at
    "7 January"; :func:`_range_start`), and one written as a day alone its end's month too ("from 9 to 19 October
    2025", "9–19 October 2025": 9 October 2025, at "9": a date, never a count of its own)."""
    out: list[tuple[int, int, str, str | None]] = []
    for m in _DATE_VALUE.finditer(text):
        year, iso = _date_of(m)
        opened = _range_start(text, m.start())
        if opened is not None and not re.search(r"\d{3,4}\s*\Z", opened[1]):
            at, start, day_alone = opened
            month = m.group("m1") if day_alone else ""
            whole = _DATE_VALUE.fullmatch(f"{start} {month} {year}" if month else f"{start} {year}")
            if whole is not None:
                out.append((at, at + len(start), *_date_of(whole)))
        out.append((m.start(), m.end(), year, iso))
    return out


#: a rating on a stated scale ("4 out of 5", "8.4/10", "4.5 / 5 stars", "87/100"): the rating and the scale's best
_RATED_RE = re.compile(r"(?<![\d.,/])(\d{1,3}(?:\.\d{1,2})?)\s*(?:/|out of)\s*(5|10|100)\b(?![.,/]?\d|\s*%|\s*°|"
                       r"\s*(?:mm|cm|km|m|mi|in|ft|g|kg|lb|oz|l|ml|h|s|min)\b)", re.IGNORECASE)
#: how far apart two ratings may be, as shares of their scales' best, and still be one judgement: reviewers round to
#: their scale's steps (a half star of 5 is 0.1), so 4/5 and 8.4/10 say alike
RATING_TOLERANCE = 0.05


def _decimal_comma(text: str, other_language: bool | None) -> bool:
    """Whether ``text`` writes its decimals with a comma: its language (:func:`detect_language`) does by CLDR data
    (:func:`shared.units.decimal_mark`: French, German, ...; English does not). ``other_language`` as :func:`_values`
    takes it: False is English; True (a value already read from a text of another language, as written: "241,3
    mètres", too short to tell its language by) writes one unless its language is told and writes a point."""
    if other_language is False:
        return False
    lang = detect_language(text)
    if other_language and lang == "en":
        return True
    return decimal_mark(lang) == ","


def _values(text: str, *, other_language: bool | None = None) -> dict[str, dict[str, str]]:
    """kind -> {canonical number: value as written} of a claim's numbers (years are the kind "year"; a written
    date is its year, as written, and a date with its day also the kind "date" keyed by its ISO form: "12 March
    1810" and "March 12, 1811" disagree on the year). A rating on a stated scale (:data:`_RATED_RE`: "4 out of 5",
    "8.4/10") is the kind "rating", as a share of its scale's best within :data:`RATING_TOLERANCE`: ratings on two
    scales are compared alike, and neither its rating nor its scale is read as a number of its own.
    ``other_language``: whether ``text`` is of another language than English, whose capitalised unit words ("91
    Meter") are units (None: as :func:`detect_language` reads it; True for a value already read, as written)."""
    out: dict[str, dict[str, str]] = {}
    text, written = numerize(text)  # "seven arches" is 7 arches, shown as written
    dates = _dates(text)
    for start, end, year, iso in dates:
        out.setdefault("year", {})[year] = text[start:end]
        if iso and _range_start(text, start) is None:  # (a range's end is no date of what its start dates)
            out.setdefault("date", {})[iso] = text[start:end]
    rated = [(r.start(), r.end()) for r in _RATED_RE.finditer(text)
             if float(r.group(1)) <= float(r.group(2)) and not any(s <= r.start() < e for s, e, _y, _i in dates)]
    for start, end in rated:
        r = _RATED_RE.match(text, start)
        if r is not None:
            share = float(r.group(1)) / float(r.group(2))
            out.setdefault("rating", {})[f"{share!r}~{RATING_TOLERANCE!r}"] = text[start:end]
    taken = -1  # the end of the last compound value read ("4 minutes 10 seconds"): its parts are read with it
    comma: bool | None = None  # whether the text writes a decimal comma (:func:`_decimal_comma`; asked when needed)
    # a clock time ("from 12:00 to 17:00", "at 9 am") is a time of day, no amount ("12" against "420 seats")
    clocks = [(c.start(), c.end()) for c in CLOCK_RE.finditer(text) if ":" in c.group(0) or c.group(0)[-1:].isalpha()
              or c.group(0).endswith(".")]
    # a race time ("2:07:41", shared.text.records.race_seconds) is one duration in seconds, not "2", "07" and "41"
    for secs, shown, at in race_seconds(text):
        out.setdefault("s", {})[f"{secs!r}~0.5"] = shown
        clocks.append((at, at + len(shown)))
    for m in _VALUE_RE.finditer(text):
        if any(s <= m.start() < e for s, e, _y, _iso in dates) or m.start() < taken \
                or any(s <= m.start() < e for s, e in rated) or any(s <= m.start() < e for s, e in clocks):
            continue  # part of a written date, of a compound value, of a rating, of a clock or a race time
        number, unit = m.group(1), (m.group(2) or "")
        if DECIMAL_COMMA_RE.fullmatch(number):
            # "241,3": a decimal comma where the text's language writes one ("241,3 mètres" is 241.3 m), else no
            # value at all (never "24", nor "241" and "3")
            if comma is None:
                comma = _decimal_comma(text, other_language)
            if not comma:
                continue
        before = text[:m.start()].rstrip().rsplit(" ", 1)[-1]
        # a unit word of another language ("91 Meter", "12 mètres", "30 Minuten") is its English unit ("m"): a
        # capitalised one only in a sentence of another language than English, which may capitalise its nouns
        if unit[:1].isupper() and other_language is None:
            other_language = detect_language(text) != "en"
        foreign = english_symbol(unit) if unit and (bool(other_language) if unit[:1].isupper()
                                                    else unit.lower() not in _UNITS) else ""
        if (before[:1].isupper() and before.rstrip(".")[-1:].isalpha() and not is_stopword(before.lower())) \
                or (unit[:1].isupper() and not foreign):
            continue  # part of a name ("Pro Evolution Soccer 2016", "the 2007 NCAA season"), not a value
        if re.match(r"\s*[–-]\s*\d", text[m.end(1):]) or re.search(r"\d\s*[–-]\s*$", text[:m.start()]) \
                or (not text[:m.start()].strip() and m.start(1) not in written):
            # a range ("2013–14") names a period; a claim opening with a bare number in digits is a broken split
            # (one opening with a number word is not: "Seven arches span the gorge")
            continue
        canon = plain_number(number, "," if DECIMAL_COMMA_RE.fullmatch(number) else ".")  # "1,200" 1200, "241,3" 241.3
        if _YEAR_VALUE.fullmatch(canon) and not _counted_label(text, m.start(1), before) and (
                not unit or unit.lower() in _NOT_UNITS or (
                before.lower() in _DATE_PREPOSITIONS and unit.lower() not in _UNITS)):  # "in 1811 according to"
            out.setdefault("year", {})[canon] = number
            continue
        as_written = written.get(m.start(1), number)
        shown = as_written
        scale = _SCALES.get(unit.lower(), 1.0)
        if scale != 1.0:  # "3 million people": the scale, then the unit word after it
            shown = f"{as_written} {unit}"
            after = re.match(r"\s+([^\W\d_]{1,12})\b", text[m.end():])
            unit = after.group(1) if after and not after.group(1)[:1].isupper() else ""
            if unit:
                shown = f"{shown} {unit}"
        kind = unit.lower() if unit and unit.lower() not in _NOT_UNITS else ""
        per = _PER_UNIT_RE.match(text, m.end()) if kind else None
        rate_end = m.end()
        if per is not None:  # "45 km/h", "3 m/s", "45 km per hour": a rate, one unit with its "per" part
            kind = f"{_UNITS.get(kind, kind)}/{_PER_WORDS.get(per.group(1).lower(), per.group(1).lower())}"
            rate_end = per.end()
        if kind and scale == 1.0:
            shown = f"{as_written} {unit}" if per is None else f"{as_written}{text[m.end(1):rate_end]}"
        if foreign and scale == 1.0:
            kind = foreign.lower()
        kind = _UNITS.get(kind, kind)  # "metres" and "m" are one kind
        if kind == "s" and not m.group(0)[len(number):][:1].isspace() and _YEAR_VALUE.fullmatch(canon):
            kind = "decade"  # "the 1990s" is a decade, not 1,990 seconds
        base, factor = _BASE_UNITS.get(kind, (kind, 1.0))  # "1.2 km" is 1,200 m
        key = _amount_key(canon, scale * factor)
        if scale == 1.0 and (rest := _compound_rest(text, rate_end, base, factor)) is not None:
            taken, amount, tolerance = rest  # "4 minutes 10 seconds" is 250 s, "1 lb 4 oz" 0.567 kg
            key = f"{float(canon) * factor + amount!r}~{tolerance!r}"
            shown = f"{as_written}{text[m.end(1):taken]}"
        out.setdefault(base, {})[key] = shown
    return out


#: the next part of a compound value: a number and its unit, after a comma or "and" or nothing ("4 minutes 10
#: seconds", "3 h, 20 min", "1 lb and 4 oz")
_COMPOUND_PART = re.compile(r"(?:\s*,)?\s+(?:and\s+)?(\d+(?:\.\d+)?)(?:\s*|-)([^\W\d_]{1,12})\b")


def _compound_rest(text: str, end: int, base: str, factor: float) -> tuple[int, float, float] | None:
    """The rest of a compound value whose first part ends at ``end`` in ``text`` and is of base unit ``base``, one
    of its unit being ``factor`` base units: ``(end of the last part, the later parts' amount in base units, the
    last part's tolerance in base units)``, or None when no part follows. Each next part is in a smaller unit of the
    same kind and less than one of the unit before it ("3 min 30 s"; "1 h 90 min" and "3 min (210 s)" are no
    compound: their first part stands alone)."""
    amount, tolerance, last = 0.0, 0.0, None
    while (m := _COMPOUND_PART.match(text, end)) is not None:
        unit = _UNITS.get(m.group(2).lower(), m.group(2).lower())
        part_base, part_factor = _BASE_UNITS.get(unit, (unit, 1.0))
        if part_base != base or part_factor >= factor or float(m.group(1)) * part_factor >= factor:
            break
        decimals = len(m.group(1).split(".", 1)[1]) if "." in m.group(1) else 0
        amount += float(m.group(1)) * part_factor
        tolerance = 0.5 * 10.0 ** -decimals * part_factor
        end, factor, last = m.end(), part_factor, m.end()
    return None if last is None else (last, amount, tolerance)


#: number words that scale the number before them ("3 million", "1.2 billion")
_SCALES = {"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
#: units -> (the unit values of their kind are compared in, its size in that unit): "1.2 km" and "1,200 m" are one
#: length, "4,000 ft" and "1,219 m" too (within the precision they are written with)
_BASE_UNITS: dict[str, tuple[str, float]] = {
    "km": ("m", 1000.0), "cm": ("m", 0.01), "mm": ("m", 0.001), "ft": ("m", 0.3048), "mi": ("m", 1609.344),
    "t": ("kg", 1000.0), "lb": ("kg", 0.45359237), "g": ("kg", 0.001), "oz": ("kg", 0.028349523125),
    "min": ("s", 60.0), "h": ("s", 3600.0), "ml": ("l", 0.001),
    "km/h": ("m/s", 1 / 3.6), "mph": ("m/s", 0.44704),
}


def _amount_key(number: str, factor: float) -> str:
    """A value's key: ``"<amount>~<tolerance>"`` in its kind's base unit, where the tolerance is half the last
    written digit ("1.2" km: 1200 ~ 50 m; "1,200" m: 1200 ~ 0.5). ``number``: digits with an optional decimal
    point, no commas."""
    decimals = len(number.split(".", 1)[1]) if "." in number else 0
    return f"{float(number) * factor!r}~{0.5 * 10.0 ** -decimals * factor!r}"


def _same_amount(a: str, b: str) -> bool:
    """Whether two value keys (:func:`_amount_key`, or plain keys compared as written) are one amount: equal
    within the coarser one's precision ("1.2 km" and "1,200 m"; "3 million" and "3,000,000")."""
    if "~" not in a or "~" not in b:
        return a == b
    (x, tx), (y, ty) = (tuple(float(v) for v in k.split("~", 1)) for k in (a, b))
    return abs(x - y) <= max(tx, ty) + 1e-9 * max(abs(x), abs(y))


def _overlap(xs: dict[str, str], ys: dict[str, str]) -> bool:
    """Whether two claims share an amount of one kind (:func:`_same_amount`)."""
    return any(_same_amount(a, b) for a in xs for b in ys)


#: words that name what a date is the date of, Snowball stems -> one event (the founding of a town is "founded",
#: "established", "created" or "set up" in other words); any other word is an event of its own
_EVENTS: dict[str, str] = {
    **dict.fromkeys("found establish creat form incorpor institut".split(), "founding"),
    **dict.fromkeys("born birth".split(), "birth"), **dict.fromkeys("die death".split(), "death"),
    **dict.fromkeys("releas premier debut".split(), "release"), "publish": "publication",
    **dict.fromkeys("open inaugur".split(), "opening"),
    **dict.fromkeys("built build construct erect".split(), "construction"),
}
#: words beside a date that say nothing of what it is the date of ("dates to 1811", "in the year 1811")
_DATE_FILLERS = frozenset("date year sinc around circa approxim first origin offici".split())


_LOCAL = threading.local()


def _stems(words: list[str]) -> list[str]:
    """Snowball stems of ``words``, case-folded (PyStemmer, as research memory's index terms; one stemmer per
    thread)."""
    stemmer = getattr(_LOCAL, "stemmer", None)
    if stemmer is None:
        import Stemmer

        stemmer = _LOCAL.stemmer = Stemmer.Stemmer("english")
    stems: list[str] = stemmer.stemWords([w.casefold() for w in words])
    return stems


#: what ends the clause a date belongs to: punctuation, a conjunction or relative pronoun, another number
_CLAUSE_BREAK = re.compile(r"[,;:()\[\]—–]|\s-\s|\b(?:and|but|which|who|whose|where|then|"
                           + "|".join(sorted(_SUBORDINATORS)) + r")\b|\d")
_WORDS_RE = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")

DateFrame = tuple[str, frozenset[str]]
#: a figure (a number, up to two words of its unit or thing) and "in" / "during" just before a date: "21,000 visitors
#: in", "12,400 in", "3.5 million passengers during"
_FIGURE_DATED_RE = re.compile(r"(?<![\w.,])\d[\d,.]*(?:\s*%|\s+(?:million|billion|thousand))?(?:\s+[^\W\d_]+){0,2}"
                              r"\s+(?:in|during)\s+(?:the\s+year\s+)?\Z", re.IGNORECASE)
_ANY_YEAR = re.compile(r"(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)")
#: a year opening a sentence as its time frame: "In 2024 the X employed ...", "In 2024, X ..."
_YEAR_FRAME_RE = re.compile(r"^\W*In\s+(?:1[5-9]|20)\d\d,?\s+(?=[^\W\d_])")


#: a sentence's subject named in apposition after a noun phrase: "A sea otter enclosure, the Otter Cove, opened in
#: 2016" (the noun phrase: group ``np``); the commas around the name close no clause
_APPOSED_SUBJECT_RE = re.compile(r"\s*(?P<np>(?:[Aa]n?|[Tt]he)\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,3}),\s+"
                                 r"(?:the\s+)?[A-Z][^,;()]{0,60}?,\s+(?=[a-z])")
#: the name a clause opens with ("the Old Mill closed in 1961": "Old Mill")
_CLAUSE_NAME_RE = re.compile(r"\s*(?:the\s+)?((?:[A-Z][\w'’-]*\s+)*[A-Z][\w'’-]*)")


def _clause_subject(text: str, start: int, at: int, breaker: str, names: set[str], page: set[str]) -> list[str]:
    """The words of the name a subordinate clause (opened at ``start`` by ``breaker``, a word of
    :data:`_SUBORDINATORS`) opens with, when that name is not its page's subject (``page``: its title's words,
    case-folded) and the date at ``at`` is of it: "After the Old Quellby Mill closed in 1961, the town ..." on the
    page "Quellby Mill" -> ["old", "quellby", "mill"]; [] otherwise (no subordinate clause, no name, or the
    page's own)."""
    if breaker.casefold() not in _SUBORDINATORS:
        return []
    m = _CLAUSE_NAME_RE.match(text, start, at)
    own = [w.casefold() for w in m.group(1).split()] if m is not None else []
    if not own or not all(w in names for w in own) or set(own) <= page:
        return []
    return own


def _date_frame(text: str, at: int, end: int, names: set[str], page: set[str] | None = None) -> DateFrame | None:
    """(event, modifiers) of the date at ``text[at:end]`` of a claim, or None when no word says what it is the
    date of. The event is the word nearest before the date within its clause (after a comma, a bracket, "and",
    "which", another number ...), or an event word (:data:`_EVENTS`) after it when none is before ("In 1811 the
    town was founded"), stemmed and mapped to its event ("established" and "founded": "founding"); names
    (``names``: the claim's and its page title's name words, case-folded), stop words and fillers ("dates to",
    "officially") are skipped; a year right after a figure and "in" / "during" ("The fair drew 21,000 visitors in
    2019", "a population of 12,400 in 2020") dates that figure, not an event (None: the figures of two years are two
    things, never one event's two dates). A sentence whose subject is a noun phrase with a name in apposition has that
    subject ("A sea otter enclosure, the Otter Cove, opened in 2016": the opening of an enclosure, {"sea", "otter",
    "enclosur"}, not of the page's subject), and a subordinate clause opening with a name other than its page's
    (``page``: its title's words, case-folded) dates that name's event ("After the Old Mill closed in 1961, ...":
    the name's words are modifiers). The modifiers are the other words of the clause before the event: "Port Vellan's
    fishing school was founded in 1811" is the founding of a school ({"fish", "school"}), "Port Vellan was founded
    in 1810" of the place itself (none), and so is "Fishermen founded Port Vellan in 1811" (a name between the
    event and the date is what the event is of: the words before are who did it); a leading "The <word>" of a
    claim that does not open with a name stands for its page's subject ("The town was founded ..."), and a descriptor of
    a kind of place before its name for the name (:func:`appositive_name`: "The fishing settlement of Halvik was
    founded in 1648" is Halvik's founding, no modifiers). An event's verb telling a habit of hours before the date
    (:func:`shared.text.hours.hours_habit`: "opened on Sundays from 1 September 2025") dates a change of hours:
    ("hours", no modifiers), never the thing's opening."""
    if _FIGURE_DATED_RE.search(text, 0, at):
        return None  # "drew 21,000 visitors in 2019": the year dates a figure, no event
    breaks = list(_CLAUSE_BREAK.finditer(text, 0, at))
    start = breaks[-1].end() if breaks else 0
    stop = next((m.start() for m in _CLAUSE_BREAK.finditer(text, end)), len(text))
    if any(_stems([m.group(0)])[0] in _EVENTS and hours_habit(text, start + m.end())
           for m in re.finditer(r"[^\W\d_]+", text[start:at])):
        return "hours", frozenset()  # "opened on Sundays from 1 September 2025": its hours changed, it did not open
    before = [re.sub(r"['’]s$", "", w) for w in _WORDS_RE.findall(text[start:at])]
    # (the clause's first word: a break, or the sentence's first word, "After the Old Mill closed in 1961, ...")
    opener = breaks[-1] if breaks else re.match(r"\s*([^\W\d_]+)", text)
    other = _clause_subject(text, opener.end(), at, opener.group(0).strip(), names, page or set()) if opener else []
    apposed_subject = _APPOSED_SUBJECT_RE.match(text)
    if apposed_subject is not None and start <= apposed_subject.end() and not text[start:apposed_subject.end()].strip():
        # "A sea otter enclosure, the Otter Cove, opened in 2016": the noun phrase is the subject of the clause
        before = [*_WORDS_RE.findall(apposed_subject.group("np")), *before]
        start = 0
    after = _WORDS_RE.findall(text[end:stop])
    apposed = appositive_name(text) if start == 0 else None
    if apposed is not None and "of" in (low := [w.lower() for w in before]):
        before = before[low.index("of") + 1:]  # "The fishing settlement of Halvik was founded ...": Halvik's founding
    elif start == 0 and len(before) >= 2 and before[0].lower() in ("the", "this", "its") and before[1][:1].islower() \
            and _stems([before[1]])[0] not in _EVENTS:
        before = before[2:]  # "The town was founded ...": the page's subject ("The founding of ..." stays)
    stems = _stems(before)
    kept = [i for i, (w, st) in enumerate(zip(before, stems))
            if w.lower() not in _MONTH_NUMBER and not is_stopword(w.lower()) and w.casefold() not in names
            and not w.lower().endswith("ly") and st not in _DATE_FILLERS]
    if kept:
        event = kept[-1]
        if any(w.casefold() in names for w in before[event + 1:]):
            return _EVENTS.get(stems[event], stems[event]), frozenset()  # "Fishermen founded Port Vellan in 1811"
        return (_EVENTS.get(stems[event], stems[event]),
                frozenset(stems[i] for i in kept[:-1]) | frozenset(_stems(other)))
    later = [w for w in after if not is_stopword(w.lower())]
    at_event = next((k for k, st in enumerate(_stems(later)) if st in _EVENTS), None)
    if at_event is None:
        return None
    return _EVENTS[_stems([later[at_event]])[0]], _object_modifiers(after[after.index(later[at_event]) + 1:], page)


#: words opening a verb's object that name none of it ("founded the ...", "created its ...")
_OBJECT_DETERMINERS = frozenset("the a an its their his her this that".split())


def _object_modifiers(words: list[str], page: set[str] | None) -> frozenset[str]:
    """The modifiers of an event a date before its verb dates (:func:`_date_frame`: "In 1794 the engraver Liesel
    Marbach created the Harrowgate Rose pattern"): the stems of the verb's object, the noun phrase of ``words`` (the
    words after the verb) up to its first stop word, when it names another thing than the page's subject (``page``:
    its title's words, case-folded): two or more words, ending in a common noun that is no word of the title ("the
    Harrowgate Rose pattern" -> {"harrowg", "rose", "pattern"}, the pattern's creation, not the page's founding).
    None (the page subject's event) for an object of the title's words ("founded the Ostwick Glass Manufactory"), a
    lone noun standing for the subject ("founded the manufactory"), a name alone ("founded Port Vellan": whose
    founding the sentence tells, as :func:`_date_frame` reads a name after the verb) or no object."""
    phrase: list[str] = []
    for w in words[1:] if words and words[0].lower() in _OBJECT_DETERMINERS else words:
        if is_stopword(w.lower()):
            break
        phrase.append(w)
    title = page or set()
    if len(phrase) < 2 or not phrase[-1].islower() or phrase[-1].casefold() in title:
        return frozenset()
    return frozenset(_stems([w for w in phrase if w.casefold() not in title]))


def _figure_years_only(text: str) -> bool:
    """Whether ``text`` writes a year and every year it writes dates a figure (:data:`_FIGURE_DATED_RE`: "X: concerts
    340 in 2024.", "drew 21,000 visitors in 2019"; its one year opening it before a figure, :data:`_YEAR_FRAME_RE`:
    "In 2024 the X employed 1,150 workers"), none an event: such a year is when the figure held, never a date
    to set against an event's ("X opened on 9 October 1903")."""
    years = list(_ANY_YEAR.finditer(text))
    opening = _YEAR_FRAME_RE.match(text)
    if opening is not None and len(years) == 1 and re.search(r"\d", text[opening.end():]):
        return True  # "In 2024 the X employed 1,150 workers": the year the figure held
    return bool(years) and all(_FIGURE_DATED_RE.search(text, 0, m.start()) for m in years)


def _dated_events(claim: VerifiedClaim, title: str) -> dict[DateFrame, list[tuple[str, str | None, str]]]:
    """What each date of a claim is the date of (:func:`_date_frame`) -> its dates as (year, ISO day or None,
    as written). Dates are written dates (:func:`_dates`) and bare years, a range's end left out (:func:`_range_start`:
    "from 7 January to 28 June 2019" dates its event by its start); a year that is part of a name ("the
    2007 NCAA season") is no date."""
    text = claim.text
    if not _ANY_YEAR.search(text):
        return {}
    names = {t.casefold() for e in find_entities(text) for t in re.findall(r"[^\W\d_]+", e)}
    page = {t.casefold() for t in re.findall(r"[^\W\d_]+", clean_title(title))}
    names |= page
    dates = _dates(text)
    found = [(s, e, year, iso) for s, e, year, iso in dates]
    years = _values(text).get("year", {})
    for m in re.finditer(r"(?<![\w.,])(?:1[0-9]|20)\d{2}(?![\w,.]\d)", text):
        if m.group(0) in years and not any(s <= m.start() < e for s, e, _y, _iso in dates):
            found.append((m.start(), m.end(), m.group(0), None))
    out: dict[DateFrame, list[tuple[str, str | None, str]]] = {}
    for s, e, year, iso in found:
        if _range_start(text, s) is not None:
            continue  # "closed from 7 January to 28 June 2019": the end of the closure, not another date of it
        frame = _date_frame(text, s, e, names, page)
        if frame is not None:
            out.setdefault(frame, []).append((year, iso, text[s:e]))
    return out


#: nouns of a kind of place that take a name after "of" as an apposition ("the city of Rome" is Rome, "the fishing
#: settlement of Halvik" is Halvik); any other noun names another thing of the name ("the mayor of Halvik")
APPOSITIVE_NOUNS = frozenset(
    "city town village settlement hamlet port harbour harbor island islands isle archipelago kingdom republic state "
    "province county district region municipality borough parish commune township colony empire principality duchy "
    "emirate sultanate canton prefecture oblast territory country nation".split())
#: "The <up to four lower-case words> of <Name>" at a claim's start (the descriptor words, the name)
_APPOSITIVE_RE = re.compile(r"(?:the|a|an)\s+((?:[a-z][\w'’-]*\s+){1,4})of\s+(?:the\s+)?(?=[A-Z])", re.IGNORECASE)


def appositive_name(text: str) -> str | None:
    """The name a claim opens with through a descriptor of its kind of place: "The fishing settlement of Halvik was
    founded in 1648" -> "Halvik", "The city of New Orleans ..." -> "New Orleans"; None when it does not open so, or
    when the noun before "of" is no kind of place (:data:`APPOSITIVE_NOUNS`: "The mayor of Halvik" is the mayor)."""
    body = text.lstrip(" \"'“‘(")
    m = _APPOSITIVE_RE.match(body)
    if m is None or m.group(1).split()[-1].casefold() not in APPOSITIVE_NOUNS:
        return None
    names = [e for e in find_entities(body[m.end():]) if tokenize(e)]
    return names[0] if names and body[m.end():].startswith(names[0]) else None


def thing_of_name(text: str) -> tuple[str, list[str]] | None:
    """(head noun, the name's tokens) when ``text`` opens with a thing of a name that is no kind of place (what
    :func:`appositive_name` reads as the name itself): "The horse tramway of Velmora, opened in 1881, ..." ->
    ("tramway", ["velmora"]); the claim is about the tramway, not Velmora nor anything else named on Velmora.
    None when it does not open so. Never raises."""
    body = text.lstrip(" \"'“‘(")
    m = _APPOSITIVE_RE.match(body)
    if m is None or appositive_name(text) is not None:
        return None
    names = [e for e in find_entities(body[m.end():]) if tokenize(e)]
    if not names or not body[m.end():].startswith(names[0]):
        return None
    return m.group(1).split()[-1].casefold(), tokenize(names[0])


#: a claim opening with a thing of a name's, named in apposition: "The Kittiwake's predecessor, the Puffin, carried
#: 30 passengers" (owner "The Kittiwake", the thing "the Puffin")
_POSSESSED_RE = re.compile(
    r"(?:[Tt]he\s+)?(?P<owner>[A-Z][\w.\-]*(?:\s+[A-Z][\w.\-]*){0,5})['’]s?\s+"
    r"(?P<noun>[a-z][\w\-]*(?:\s+[a-z][\w\-]*){0,2}),\s+(?:(?:the|a|an)\s+)?(?P<name>[A-Z\"“][^,;]{0,60}?),\s"
)


def possessed_name(text: str) -> tuple[str, str] | None:
    """(owner, name) when ``text`` opens with a thing of a name's that it names in apposition: "The Kittiwake's
    predecessor, the Puffin, carried 30 passengers" -> ("Kittiwake", "Puffin"); the claim is about that thing (the
    Puffin), not its owner. None otherwise ("Halvik's population is 8,300": no apposition)."""
    m = _POSSESSED_RE.match(text.lstrip(" \"'“‘("))
    if m is None:
        return None
    return m.group("owner"), m.group("name").strip(" \"'“”‘’")


def _model_number(name: str, m: re.Match[str]) -> bool:
    """Whether ``m`` (a :data:`_VALUE_RE` match in ``name``, a name the text gives) is a model or generation number
    of the name, not a figure: it follows a word of the name, is a whole number of at most four digits and no year,
    and the word after it, if any, is written with a capital ("Readon Glide 7 Pro", "Apollo 11") or is a generation
    mark (:func:`shared.text.terms.generation_mark`), never a unit ("38 metres")."""
    number, word = m.group(1), m.group(2) or ""
    before = name[:m.start()].split()
    return (bool(before) and any(c.isalpha() for c in before[-1]) and number.isdigit() and len(number) <= 4
            and _YEAR_VALUE.fullmatch(number) is None
            and (not word or word[:1].isupper() or generation_mark(word.casefold())))


def name_tokens(name: str) -> list[str]:
    """The tokens of ``name`` (a name the text gives), its figures left out but its model number kept ("Readon Glide 7
    Pro" -> ["readon", "glide", "7", "pro"], so it is not the "Readon Glide 7"; "Orla Hall 310 seats" -> ["orla",
    "hall"]): :func:`_model_number`."""
    return tokenize(_VALUE_RE.sub(lambda m: m.group(0) if _model_number(name, m) else " ", name))


def another_model(short: list[str], long_: list[str]) -> bool:
    """Whether the name tokens ``long_`` hold the whole of ``short`` (two tokens or more, :func:`name_tokens`) with a
    word after it that makes another model of it: ``short`` ends with its model number ("readon glide 7" in "model
    readon glide 7 pro", "readon glide 7 pro") or the word after is a generation mark ("kestrel funicular ii",
    :func:`shared.text.terms.generation_mark`). The two are look-alikes, whose figures never disagree (issue 15,
    trial t53s: the Glide 7's 182 g was set against the Glide 7 Pro's 0.44 lb)."""
    n = len(short)
    if n < 2 or len(long_) <= n:
        return False
    return any(long_[i:i + n] == short and i + n < len(long_)
               and (short[-1].isdigit() or generation_mark(long_[i + n])) for i in range(len(long_) - n + 1))


def _opening_words(claim: VerifiedClaim) -> list[str]:
    """The tokens, in order, of the name a claim opens with ("The Harbour Tower is ..." -> ["harbour", "tower"];
    through a descriptor of its kind of place, :func:`appositive_name`: "The fishing settlement of Halvik was ..." ->
    ["halvik"]), or [] when it opens with no name."""
    written = _opening_written(claim)
    return name_tokens(written) if written else []


#: a time frame opening a sentence before its subject: "In 2024 ", "In March 2024, ", "Since 1990 ", "By 2020, "
_TIME_OPENING_RE = re.compile(r"^(?:In|Since|By|As\s+of)\s+(?:(?:early|late|mid)[\s-]+)?(?:[A-Z][a-z]+\s+)?"
                              r"(?:1[5-9]|20)\d\d,?\s+(?=[A-Z])")
#: an adverb of the present opening a sentence before its subject ("Today the Orlin Farm covers ...", "Currently,
#: Orlin ..."): no part of the name that follows (:func:`shared.text.terms.find_entities` reads "Today the Orlin
#: Farm" as one)
_NOW_OPENING_RE = re.compile(rf"^(?:{NOW_ADVERBS}),?\s+(?:the\s+)?(?=[A-Z])", re.IGNORECASE)


def _opening_written(claim: VerifiedClaim) -> str | None:
    """The name a claim opens with as written (:func:`_opening_words`), after a time frame opening it ("In 2024
    Morvane College enrolled ...": :data:`_TIME_OPENING_RE`), or None."""
    apposed = appositive_name(claim.text)
    if apposed is not None:
        return apposed
    names = [e for e in find_entities(claim.text) if name_tokens(e)]
    # a time frame before the name is no part of the subject ("In 2024 Morvane College enrolled 8,150 students")
    text = _TIME_OPENING_RE.sub("", claim.text.lstrip(" \"'“‘("), count=1)
    if names and (now := _NOW_OPENING_RE.match(names[0])) is not None and now.end() < len(names[0]):
        # "Today the Orlin Farm covers ...": the name is the Orlin Farm
        names[0], text = names[0][now.end():], _NOW_OPENING_RE.sub("", text, count=1)
    if names and (m := compiled(rf"(?:the\s+((?:[a-z0-9][\w-]*\s+){{0,2}}))?{re.escape(names[0])}",
                                re.IGNORECASE).match(text)):
        # up to two lower-case words or a year between "The" and the name describe it ("The nearby Little Sennet
        # Bridge", "The 2024 Harbour Fair"); a function word there ("The mayor of Halvik") makes it no opening name
        if not any(is_stopword(w.casefold()) for w in (m.group(1) or "").split()):
            return names[0]
    # another language's article and one noun before the name ("Le paquebot Quelvard mesurait ...", "Der Dampfer
    # Quelvard war ..."), as "The liner Quelvard": the name
    if names and compiled(rf"(?:{'|'.join(sorted(FOREIGN_ARTICLES))})\s+[^\W\d_][\w-]*\s+{re.escape(names[0])}\b",
                          re.IGNORECASE).match(text) and text.split(None, 1)[0].casefold() in _articles(text) \
            and text.split(None, 2)[1].casefold() not in ALL_ARTICLES:
        return names[0]
    return None


def _articles(text: str) -> frozenset[str]:
    """The articles of ``text``'s language (:data:`shared.text.tokens.ARTICLES`, by :func:`detect_language`; none
    for English or a language it does not list)."""
    lang = detect_language(text)
    return ARTICLES.get(lang, frozenset()) if lang != "en" else frozenset()


def _opening_name(claim: VerifiedClaim) -> set[str]:
    """The name tokens of the name a claim opens with (:func:`_opening_words`), or an empty set."""
    return set(_opening_words(claim))


def _told_apart(a: VerifiedClaim, b: VerifiedClaim) -> bool:
    """Whether two claims each open with a name and the names differ (neither's words within the other's): they
    are about two things, whatever else they name."""
    return _openings_apart(_opening_name(a), _opening_name(b))


#: what follows a name a sentence states something of: a be-form ("Brenna was built"), a colon or comma of a record
#: or an apposition ("Engine Brenna: built 1872", "Port Vellan, established in 1811"), a bracket ("Brenna (1875)")
_STATED_OF_RE = re.compile(r"\s*(?:[:,(]|(?:" + "|".join(sorted(COPULAS)) + r"|has|had)\b)", re.IGNORECASE)


def _states_of_opening(claim: VerifiedClaim) -> bool:
    """Whether ``claim`` opens with a name (:func:`_opening_written`) that what follows states something of
    (:data:`_STATED_OF_RE`: "Brenna was built in 1875 beside Tolley"), not one acting on another thing ("Fishermen
    founded Drennic Harbour in 1811": the founding is the harbour's). Never raises."""
    written = _opening_written(claim)
    if not written:
        return False
    at = claim.text.find(written)
    return at >= 0 and _STATED_OF_RE.match(claim.text, at + len(written)) is not None


def _openings_apart(na: set[str], nb: set[str]) -> bool:
    """:func:`_told_apart` of two claims given the names they open with (:func:`_opening_name`)."""
    return bool(na) and bool(nb) and not (na <= nb or nb <= na)


def _same_subject(a: VerifiedClaim, b: VerifiedClaim, title_a: str, title_b: str) -> bool:
    """Whether two claims are about one subject: the name each opens with, else its page's title
    (:func:`_name_roles`), one's words within the other's."""
    return _subjects_meet(_name_roles(a, title_a)[0], _name_roles(b, title_b)[0])


def _subjects_meet(subj_a: set[str], subj_b: set[str]) -> bool:
    """Whether two subjects' name tokens are one subject (:func:`_same_subject`): one's words within the other's."""
    return bool(subj_a) and bool(subj_b) and (subj_a <= subj_b or subj_b <= subj_a)


def _qualified_apart(title_a: str, title_b: str) -> bool:
    """Whether two page titles are told apart by their brackets: "Counterparts (album)" and "Counterparts (song)"
    are two things (one title without brackets is not told apart)."""
    quals = [_qualifiers(t) for t in (title_a, title_b)]
    return bool(quals[0]) and bool(quals[1]) and quals[0] != quals[1]


def _qualifiers(title: str) -> set[str]:
    """The tokens of a page title's brackets ("Counterparts (album)" -> {"album"}; none: an empty set)."""
    return set(tokenize(" ".join(re.findall(r"\(([^()]*)\)", title))))


class _PerClaim(Generic[_T]):
    """``compute(i)`` of each index ``i``, computed when first read (``per[i]``) and kept: what a comparison of
    every pair of claims reads of each claim alone is computed once per claim, not once per pair."""

    def __init__(self, compute: Callable[[int], _T]) -> None:
        self._compute = compute
        self._done: dict[int, _T] = {}

    def __getitem__(self, i: int) -> _T:
        if i not in self._done:
            self._done[i] = self._compute(i)
        return self._done[i]


#: a year-like number after one of these is a year whatever word follows it ("in 1811 according to ...")
_DATE_PREPOSITIONS = frozenset("in on since from until till after before during circa c. around by of".split())
_NOT_UNITS = frozenset("and or to in on at by of the a an was were is are from with for as than when".split())
#: unit words written in several ways -> one kind of value
_UNITS: dict[str, str] = {
    **dict.fromkeys("m metre metres meter meters".split(), "m"),
    **dict.fromkeys("km kilometre kilometres kilometer kilometers".split(), "km"),
    **dict.fromkeys("cm centimetre centimetres centimeter centimeters".split(), "cm"),
    **dict.fromkeys("mm millimetre millimetres millimeter millimeters".split(), "mm"),
    **dict.fromkeys("ft foot feet".split(), "ft"), **dict.fromkeys("mi mile miles".split(), "mi"),
    **dict.fromkeys("kg kilogram kilograms kilo kilos".split(), "kg"),
    **dict.fromkeys("lb lbs pound pounds".split(), "lb"), **dict.fromkeys("% percent".split(), "%"),
    **dict.fromkeys("t tonne tonnes".split(), "t"),
    **dict.fromkeys("g gram grams gramme grammes".split(), "g"),
    **dict.fromkeys("oz ounce ounces".split(), "oz"),
    **dict.fromkeys("s sec secs second seconds".split(), "s"),
    **dict.fromkeys("min mins minute minutes".split(), "min"),
    **dict.fromkeys("h hr hrs hour hours".split(), "h"),
    **dict.fromkeys("l litre litres liter liters".split(), "l"),
    **dict.fromkeys("ml millilitre millilitres milliliter milliliters".split(), "ml"),
    **dict.fromkeys("lm lumen lumens".split(), "lm"),
    **dict.fromkeys("hp horsepower".split(), "hp"), **dict.fromkeys("kw kilowatt kilowatts".split(), "kw"),
    # a speed: never a length ("45 km/h" is no 45 km) nor a time
    **dict.fromkeys("km/h kmh kph kmph km/hr".split(), "km/h"), **dict.fromkeys("mph mi/h".split(), "mph"),
}
#: units of power (:data:`_UNITS`): a figure in one is a power, whatever its sentence's words
_POWER_UNITS = frozenset({"hp", "kw"})
#: a unit written after a value's unit word that makes it a rate ("km/h", "m/s", "km per hour", "l/min"): the two
#: are one unit, never the first alone
_PER_UNIT_RE = re.compile(r"(?:\s*/\s*|\s+per\s+)([^\W\d_]{1,8})\b", re.IGNORECASE)
#: the singular unit of a rate's "per" word ("per hour" is "/h")
_PER_WORDS = {"hour": "h", "hr": "h", "second": "s", "sec": "s", "minute": "min", "day": "day"}


#: how many sources give a value, in words, for a disagreement's tally ("41 in three sources, 43 in one")
_SOURCE_COUNTS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _majority(groups: Sequence[tuple[str | None, dict[str, list[str]], set[str]]]) -> str:
    """The tally closing an English disagreement when one value is given by clearly more sources than each other
    value (at least three sources against one each): " (41 in three sources, 43 in one)"; else "". ``groups``: each
    disputed amount's wordings (wording -> the marks citing it) and the ids of the sources giving it, in the order
    the sentence says them."""
    sizes = [len(g[2]) for g in groups]
    if len(groups) < 2 or max(sizes) < 3 or sorted(sizes)[-2] > 1:
        return ""

    def number(g: tuple[str | None, dict[str, list[str]], set[str]]) -> str:
        first = next(iter(g[1]))
        m = re.match(r"[^\s\d]*\d[\d,.]*(?<![,.])", first)
        return m.group(0) if m else first

    def count(n: int) -> str:
        return f"{_SOURCE_COUNTS[n] if n < len(_SOURCE_COUNTS) else n} source{'s' if n > 1 else ''}"

    first = max(range(len(groups)), key=lambda k: sizes[k])
    order = [first, *(k for k in range(len(groups)) if k != first)]
    said = [f"{number(groups[k])} in {count(sizes[k])}" for k in order]
    said[1:] = [re.sub(r" sources?$", "", s) for s in said[1:]]
    return f" ({', '.join(said)})"


#: what a source of a kind is called when a lead says it alone gives another value ("one source, a blog, says ...")
_KIND_CALLED = {"blog": "a blog", "forum": "a forum post", "affiliate_review": "an affiliate review",
                "retailer": "a shop's page", "news": "a news report", "review": "a review", "paper": "a paper",
                "preprint": "a preprint", "manufacturer": "the maker's page", "reference": "a reference work"}
#: the fewest independent sources (pages of other sites, or other files of a corpus; never copies of one text) agreeing
#: on a value for a lead to give it, against one source each for every other value: two against one is a majority
#: (the lead says the outlier, and the gate holds it below "high": ``confidence.OUTVOTED_CAP``); pages of one site, or
#: one sentence syndicated to several sites, are one source
OUTVOTED_MIN = 2
#: the independent sources agreeing on a value that lead against any number of other sources of one value each (three
#: against three single others); fewer lead only against fewer others than they are (two against one, never two
#: against two)
OUTVOTED_ANY = 3
#: how such a lead says its outlier (:func:`outvoted_sentence`): "...; one source, a blog, says 100 metres [4]."
OUTVOTED_RE = re.compile(r"\]; one source(?:, [^,;]{1,40},)? says ")
#: the English lead sentence giving a figure older than the lead's (:func:`older_values`): "An older source (2022)
#: gives 13100 [2]."; or, beside a dated lead count (:func:`older_counts`), one of a page of no date or of the
#: lead's year or later: "Another source, undated, gives 13100 [2].", "Another source (2024) gives about 16,800 [3]."
#: (group ``n``: its source's mark); or, when the figure's own year is older but not its page's (a 2026 post's
#: "built in 1859"), "Another source gives an older figure (1859): 1859 [3]."
OLDER_RE = re.compile(r"\b(?:An older source \((?:1[5-9]|20)\d\d\)|Another source(?:, undated,| \((?:1[5-9]|20)\d\d\))"
                      r"|Another source(?= gives an older figure \())"
                      r" gives [^\[\]]{1,80}\[(?P<n>\d+)\]")


def _figure_year(question: str, text: str) -> int | None:
    """The year the figure of ``text`` (one claim) is of, as :func:`asked_time_lead` dates a present figure: its time
    frame's (:func:`claim_year`), or for a question asking the latest its newest year; a capacity asked
    (:func:`shared.text.quantity.asks_capacity`) only by a frame of its own (:func:`_size_frame_year`: "converted
    in 1993, with 640 seats" is of no year)."""
    framed = not asks_latest(question)
    return _size_frame_year(text) if framed and asks_capacity(question) else claim_year(text, framed=framed)


def lead_count_year(question: str, lead: Sequence[VerifiedClaim], nouns: tuple[str, ...]) -> int | None:
    """The newest year of the lead's counts of ``nouns`` for a present "how many" question (naming no year and no
    earlier time), each lead claim counting them dated by its sentence (:func:`claim_year`: "In 2024 X enrolled
    14,200 students" -> 2024; :func:`_figure_year`); None for another question, no lead count or one of no year."""
    if not nouns or answer_type(question) != "how_many" or asked_years(question) \
            or _ASKS_PAST_RE.search(question) or past_framed(question):
        return None
    years = [_figure_year(question, c.text) for c in lead if counts(c.text, nouns)]
    return None if not years or any(y is None for y in years) else max(y for y in years if y is not None)


def older_counts(question: str, claims: Sequence[VerifiedClaim], lead: Sequence[VerifiedClaim],
                 nouns: tuple[str, ...], sources: dict[str, SourceInfo]) -> list[tuple[int, str, int | None]]:
    """The other sources' counts beside the lead's dated one of what a present "how many" question counts (``nouns``:
    :func:`shared.text.quantity.asked_count_nouns`, its counted nouns or "the enrolment" with what its verb counts),
    for figures no disagreement sets against the lead's: ``(index into claims, count as written, year)`` of each claim
    of another source than the lead's, naming every name the question gives (in its text or its page's title), whose
    sentence writes no year and sets its figure in no past time (:func:`shared.text.quantity.past_framed`: "At its
    peak ..."), counting another amount ("X: students 13100") than the lead's counts, every one dated
    by its sentence ("In 2024 X enrolled 14,200 students"); the year is its page's (:func:`_as_of_year`:
    "Retrieved: 2022-06-30"), an older figure when it is before the lead's, else another source's figure the lead's
    is not known to replace (a blog of that year's "about 16,800 students"), or None for a page of no date; the older
    figures first, then those of no date. [] for another question, a lead count of no year or no such claim."""
    newest = lead_count_year(question, lead, nouns)
    if newest is None:
        return []
    amounts = {_number_key(x)[0] for c in lead for x in counts(c.text, nouns)}
    lead_sources = {c.source_id for c in lead}
    asked = [set(toks) for e in find_entities(question) if (toks := tokenize(e))]
    if not asked:
        return []
    out: list[tuple[int, str, int | None]] = []
    for i, c in enumerate(claims):
        if c.source_id in lead_sources or claim_year(c.text) is not None or past_framed(c.text):
            continue  # (a figure of a past time of no year, "At its peak the academy had 240 students", is none now)
        info = sources.get(str(c.source_id))
        held = set(tokenize(f"{c.text} {info.title if info is not None else ''}"))
        year = _as_of_year(info)
        found = counts(c.text, nouns) if all(n <= held for n in asked) else []
        if found and all(_number_key(x)[0] not in amounts for x in found):
            out.append((i, found[0], year))
    # the older figures first, then those of no date, then the others (in claim order each)
    return sorted(out, key=lambda o: 0 if o[2] is not None and o[2] < newest else 1 if o[2] is None else 2)


#: kinds of source whose newer figure is no update of an older page's (:func:`older_values`): the low-trust kinds
#: (:data:`shared.evidence.LOW_TRUST_KINDS`) but a shop's page, whose newer price may well be the current one
_CASUAL_KINDS = LOW_TRUST_KINDS - {"retailer"}


def older_values(question: str, d: Disagreement, claims: Sequence[VerifiedClaim], lead_ids: Collection[str],
                 sources: dict[str, SourceInfo]) -> list[tuple[int, str, int]]:
    """The values of disagreement ``d`` (over ``claims``) older than the lead's, for a question asking a present
    figure (a count or a measure, naming no year and no earlier time): ``(claim index, value as written, year)`` of
    each value of a claim not in ``lead_ids`` (the lead's claim ids) whose year is before the newest year of the
    lead's values and whose amount is none of theirs. A value's year is the one its sentence dates it to
    (:func:`claim_year`: "students 14,200 in 2024"), else its page's (:func:`_as_of_year`: a register's record
    "Retrieved: 2022-06-30"). An older figure is no dispute of the present one: the report says it is older ("An
    older source (2022) gives 13100 [2]."). [] when the lead gives no value of ``d`` or one of no known year.

    A newer page is no update of a figure when it is a casual one (every lead value's source a forum post, a blog or
    an affiliate review: :data:`_CASUAL_KINDS`: "The highest point is Kell Top at 1,005 m and the wind up there
    was wild" against a trail page's 905 m), nor when more independent sources (:func:`_publisher`) give the
    older value than the lead's: the values then disagree ([])."""
    if answer_type(question) not in FIGURE_TYPES or asked_years(question) or _ASKS_PAST_RE.search(question) \
            or past_framed(question):
        return []

    def year_of(i: int) -> int | None:
        c = claims[i]
        return _figure_year(question, c.text) or _as_of_year(sources.get(str(c.source_id)))

    led = [(i, shown) for i, shown in d.values if claims[i].claim_id in lead_ids]
    years = [year_of(i) for i, _v in led]
    if not led or any(y is None for y in years):
        return []
    if all((info := sources.get(str(claims[i].source_id))) is not None and info.kind in _CASUAL_KINDS
           for i, _v in led):
        return []  # a forum post or a blog dated later reports no change of what other pages give
    newest = max(y for y in years if y is not None)
    amounts = {_number_key(shown)[0] for _i, shown in led}
    older = [(i, shown, y) for i, shown in d.values if claims[i].claim_id not in lead_ids
             and (y := year_of(i)) is not None and y < newest and _number_key(shown)[0] not in amounts]
    leading = {_publisher(sources.get(str(claims[i].source_id))) for i, shown in d.values
               if _number_key(shown)[0] in amounts} - {""}
    for amount in {_number_key(shown)[0] for _i, shown, _y in older}:
        giving = {_publisher(sources.get(str(claims[i].source_id))) for i, shown in d.values
                  if _number_key(shown)[0] == amount} - {""}
        if len(giving) > max(1, len(leading)):
            return []  # several pages agree on the older figure against the newer one's page: no update
    return older


def _publisher(info: SourceInfo | None) -> str:
    """Who publishes a source, to count independent ones: a web page's domain, a local file's path; "" unknown."""
    if info is None:
        return ""
    return info.url_or_path if info.domain.startswith("local") else info.domain


def outvoted_sentence(groups: Sequence[tuple[str | None, dict[str, list[str]], set[str]]],
                      sources: dict[str, SourceInfo], asked: str = "",
                      said: Mapping[str, Sequence[str]] | None = None) -> str:
    """The English lead sentence of a disagreement in which :data:`OUTVOTED_MIN` or more independent sources (other
    sites; other files of a local corpus) agree on one value and every other value is given by one source alone:
    the agreed value with every mark giving it, then each outlier with its source's kind: "The length of the main
    pool at X is 91 m [1][2][3]; one source, a blog, says 100 metres [4]." (``asked``: what the question asks, as
    :func:`shared.text.answer.attribute_asked` says it; without it "Most sources give 91 m [1][2][3]; ..."). ""
    when no value is so agreed on. ``groups`` as :func:`_majority` takes them; ``said``: source id -> the texts of
    its claims giving the value, when known: sources that give it in one same sentence (a syndicated copy on another
    site, :func:`_copied`) count once.

    A value a firm source gives (a review, a news report, the maker's page: :data:`_FIRM_KINDS`) stands so too
    against values each given by one casual source alone (:func:`_casual_outliers`): "The maximum
    print speed is up to 300 mm/s [1]; one source, a forum post, says 500 mm/s [2]." — a forum post is noted, never
    set level with a review or a maker's page (task h155). Never raises."""
    sizes = [len(g[2]) for g in groups]
    top = casual_top = _casual_outliers(groups, sources)
    if top is None:
        if len(groups) < 2 or max(sizes) < OUTVOTED_MIN or sorted(sizes)[-2] > 1:
            return ""
        top = max(range(len(groups)), key=lambda k: sizes[k])
        agreeing = len(_copied({_publisher(sources.get(str(sid))): list((said or {}).get(sid, ()))
                                for sid in groups[top][2]}))
        # (two against one is a majority; two against two others, each with a value of its own, is none; a value
        # only sites giving the agreed one give too is no other side: a site does not dispute its own figure, its
        # other year or figure is of something else, a budget's year on the page of the founding year's site)
        own = {_publisher(sources.get(str(sid))) for sid in groups[top][2]} - {""}
        sides = sum(1 for k, g in enumerate(groups) if k != top and not (
            (pubs := {_publisher(sources.get(str(sid))) for sid in g[2]}) and "" not in pubs and pubs <= own))
        if agreeing < OUTVOTED_MIN or (agreeing < OUTVOTED_ANY and agreeing <= sides):
            return ""
    # (written as an English page writes it, when one does: "91 m", not the German page's "91 Meter")
    wording = next((w for w in groups[top][1] if any(_values(f"is {w}", other_language=False).values())),
                   next(iter(groups[top][1])))
    marks = "".join(dict.fromkeys(m for ms in groups[top][1].values() for m in ms))
    firm = _KIND_CALLED.get(next((i.kind for sid in groups[top][2] if (i := sources.get(str(sid))) is not None
                                  and i.kind in _FIRM_KINDS), ""), "") if casual_top is not None else ""
    agreed = f"{asked[:1].upper()}{asked[1:]} is {wording} {marks}" if asked else \
        f"{firm[:1].upper()}{firm[1:]} gives {wording} {marks}" if firm else f"Most sources give {wording} {marks}"
    others: list[str] = []
    for k, (_a, worded, sids) in enumerate(groups):
        if k == top:
            continue
        src = sources.get(str(next(iter(sids))))
        called = _KIND_CALLED.get(src.kind if src is not None else "", "")
        who = ("one source" if not others else "another") + (f", {called}," if called else "")
        others.append(f"{who} says {next(iter(worded))} "
                      f"{''.join(dict.fromkeys(m for mk in worded.values() for m in mk))}")
    return f"{agreed}; {'; '.join(others)}."


def _casual_outliers(groups: Sequence[tuple[str | None, dict[str, list[str]], set[str]]],
                     sources: dict[str, SourceInfo]) -> int | None:
    """The index of the one group of ``groups`` (as :func:`outvoted_sentence` takes them) a firm source gives (an
    independent test, review or report, :data:`shared.evidence.INDEPENDENT_KINDS`, or the maker's page), when every
    other group is one casual source's alone (a forum post's, a blog's, an affiliate review's:
    :data:`_CASUAL_KINDS`); None otherwise (fewer than two groups, a source unknown, or no such split)."""
    if len(groups) < 2:
        return None
    infos = [[sources.get(str(sid)) for sid in g[2]] for g in groups]
    if any(info is None for group in infos for info in group):
        return None
    casual = [len(group) == 1 and all(i is not None and i.kind in _CASUAL_KINDS for i in group) for group in infos]
    firm = [k for k, group in enumerate(infos) if any(i is not None and i.kind in _FIRM_KINDS for i in group)]
    if len(firm) != 1 or not all(casual[k] for k in range(len(groups)) if k != firm[0]):
        return None
    return firm[0]


#: kinds of source whose figure a casual source's other figure alone does not dispute (:func:`_casual_outliers`)
_FIRM_KINDS = INDEPENDENT_KINDS | {"manufacturer"}


def _copied(texts: Mapping[str, list[str]]) -> list[set[str]]:
    """The independent publishers among ``texts`` (publisher key -> the texts of its claims; "" for an unknown
    source, never counted): each group of publishers one of whose claims is word for word a claim of another
    (:func:`shared.text.tokens.tokenize`: a wire story or a syndicated copy on several sites) as one."""
    groups: list[tuple[set[str], set[tuple[str, ...]]]] = []
    for key, said in texts.items():
        if not key:
            continue
        own = {tuple(tokenize(t)) for t in said} - {()}
        joined = [g for g in groups if g[1] & own]
        keys, words = {key}, set(own)
        for g in joined:
            keys |= g[0]
            words |= g[1]
            groups.remove(g)
        groups.append((keys, words))
    return [keys for keys, _w in groups]


def _year_key(shown: str) -> str | None:
    """The value key of a year as a value is written ("1921" -> "year 1921"), None for anything else (a year of a
    date, "May 1921", or a figure): sources giving one year are one side of a disagreement."""
    return f"year {shown.strip()}" if _BARE_YEAR_RE.fullmatch(shown.strip()) else None


_BARE_YEAR_RE = re.compile(r"(?:1[0-9]|20)\d\d")


def _amount_key_of(shown: str) -> str | None:
    """The amount key (:func:`_amount_key`: "<amount>~<tolerance>" in its kind's base unit) of a value as written
    ("4.2 oz" -> 0.119068 kg give or take 0.0014), None for a value without a unit of measure."""
    return next((k for kind in _values(f"is {shown}", other_language=True).values() for k in kind if "~" in k), None)


#: the kinds :func:`_values` gives measured quantities (a length, a mass, a time, a volume), each in the unit its
#: amounts are compared in ("480 g" is kind "kg"); a share ("%"), a count, a year or a rating is none
_MEASURED_KINDS = frozenset(_BASE_UNITS.get(u, (u, 1.0))[0] for u in _UNITS.values()) - {"%"}


def one_measured_value(d: Disagreement, tolerance: float) -> bool:
    """Whether the values of disagreement ``d`` are one measured amount within ``tolerance`` (relative, as
    :func:`shared.units.one_value` reads it): each value as written is one amount of one measured kind
    (:data:`_MEASURED_KINDS`), the same kind for all, the least and the largest within ``tolerance`` of each other
    ("480 g" and "482 g" at 0.02, the shopping spec matrix's "482 g ≈ 480 g"). False when ``tolerance`` is 0 or
    less, and for counts, years, names and values of two kinds."""
    if tolerance <= 0:
        return False
    found: list[tuple[str, float]] = []
    for _i, shown in d.values:
        measured = [(kind, key) for kind, keys in _values(f"is {shown}").items() if kind in _MEASURED_KINDS
                    for key in keys if "~" in key]
        if len(measured) != 1:
            return False
        found.append((measured[0][0], float(measured[0][1].split("~", 1)[0])))
    amounts = [a for _k, a in found]
    return len({k for k, _a in found}) == 1 and len(found) >= 2 and one_value(min(amounts), max(amounts), tolerance)


def _number_key(shown: str) -> tuple[float, str]:
    """Sort key of a value as written: its amount in its kind's base unit ("1.45 km" after "1,200 m"), else the
    number it opens with."""
    amounts = [k for kind in _values(f"is {shown}", other_language=True).values() for k in kind if "~" in k]
    if amounts:
        return (float(amounts[0].split("~", 1)[0]), shown)
    m = re.match(r"[\d,.]+", shown)
    try:
        return (float(m.group(0).replace(",", "")) if m else math.inf, shown)
    except ValueError:
        return (math.inf, shown)


def _named(claim: VerifiedClaim, title: str = "") -> set[str]:
    """The name tokens of a claim; a claim that names nothing ("He was born in 1950", "The tower is 41 m tall")
    is about its own page: the words of its page's ``title``, or the page itself when the title has none."""
    named = {t for e in find_entities(claim.text) for t in name_tokens(e)}
    return named or set(tokenize(clean_title(title))) or {f"\0source:{claim.source_id}"}


#: a sentence opening with a common noun after "the" or "its" ("The museum owns ...", "The museum's collection ...")
_OPENING_NOUN_RE = re.compile(r"(?:the|its)\s+([a-z][a-z-]+)(?:['’]s)?\b", re.IGNORECASE)


def _referred_names(claims: list[VerifiedClaim], titles: list[str],
                    context: list[VerifiedClaim] | None = None) -> list[set[str]]:
    """For each claim, the name tokens of the thing it refers to by a common noun when it names nothing itself
    (:data:`_OPENING_NOUN_RE`: "The museum owns about 3,800 objects"): the name ending with that noun that the
    nearest claim of its page before it gives ("The Tarnholm Glass Museum on Ashlane Square is ...": {"tarnholm",
    "glass", "museum"}; claims ordered by their first span's start, then by their order in ``context``, then in
    ``claims``), else its
    page's title (``titles``, one per claim) when that ends with the noun; an empty set otherwise (a claim naming
    a name, one opening with no such noun, or a noun nothing on its page names). ``context``: the claims the
    earlier one may be among (``claims`` too when None; a page's sentence naming the museum need not be relevant
    to be the one "The museum" refers to)."""
    out: list[set[str]] = []
    # in page order: by the first span's start, then as the context (the run's order) or ``claims`` give them
    given = {id(c) for c in context or []}
    every = [*(context or []), *(c for c in claims if id(c) not in given)]
    order = {id(c): (c.spans[0].start if c.spans else 0, k) for k, c in enumerate(every)}
    for i, claim in enumerate(claims):
        m = _OPENING_NOUN_RE.match(claim.text.lstrip(" \"'“‘("))
        noun = tokenize(m.group(1)) if m else []
        if len(noun) != 1 or find_entities(claim.text):
            out.append(set())
            continue
        before = sorted((c for c in every if c.source_id == claim.source_id and order[id(c)] < order[id(claim)]),
                        key=lambda c: order[id(c)], reverse=True)
        found: set[str] = set()
        for c in before:
            ends = [toks for e in find_entities(c.text) if (toks := tokenize(_VALUE_RE.sub(" ", e)))
                    and len(toks) > 1 and toks[-1] == noun[0]]
            if ends:
                found = set(ends[0])
                break
        title = tokenize(clean_title(titles[i]))
        out.append(found or (set(title) if title and title[-1] == noun[0] else set()))
    return out


#: a name written as a person's: two to four capitalised words of lower-case letters ("Maja Lund", "Olof Strand")
_PERSON_NAME_RE = re.compile(r"[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+){1,3}")


def _name_roles(claim: VerifiedClaim, title: str) -> tuple[set[str], list[tuple[set[str], str]], set[str]]:
    """(the subject's name tokens, the other names as (tokens, as written), the words outside names and values)
    of a claim. The subject is the name the claim opens with ("Peart was inducted ..."), or its page's title when
    it opens with none ("The tower was designed by Ann Lee" on the page "Harbour Tower")."""
    names = [(set(tokenize(_VALUE_RE.sub(" ", e))), e) for e in find_entities(claim.text)]
    names = [(toks, e) for toks, e in names if toks]
    text = claim.text.lstrip(" \"'“‘(")
    apposed = appositive_name(claim.text)  # "The fishing settlement of Halvik ...": Halvik
    opens = bool(names) and (compiled(rf"(?:the\s+)?{re.escape(names[0][1])}", re.IGNORECASE).match(text) is not None
                             or apposed == names[0][1])
    subject = names[0][0] if opens else set(tokenize(clean_title(title)))
    others = names[1:] if opens else names
    rest = claim.text
    for _toks, e in names:
        # a role noun set before a person's name ("by the architect Maja Lund") describes the name, not the statement:
        # "designed by the engineer Olof Strand" is the same statement with another name ("the fourth EP" keeps
        # "fourth": no person's name)
        if _PERSON_NAME_RE.fullmatch(e):
            rest = re.sub(rf"\b((?:the|an?|by)\s+)[a-z][\w-]*\s+(?={re.escape(e)})", r"\1", rest)
        rest = rest.replace(e, " ")
    return subject, others, set(tokenize(_VALUE_RE.sub(" ", numerize(rest)[0]))) - subject


#: two claims give different names for one thing when this share of their other words is shared
SAME_STATEMENT_JACCARD = 0.6


def _abbreviates(short: str, name: str) -> bool:
    """Whether ``short`` is the initials of ``name``'s capitalised words ("RIAA" for "Recording Industry Association
    of America"; "NASA" for "National Aeronautics and Space Administration"): one name, not two."""
    letters = re.sub(r"[^A-Za-z]", "", short)
    initials = "".join(w[0] for w in re.findall(r"[A-Za-z][\w'’-]*", name) if w[0].isupper())
    return len(letters) >= 2 and letters.isupper() and letters == initials


def _name_disagreement(a: VerifiedClaim, b: VerifiedClaim, title_a: str, title_b: str
                       ) -> tuple[str, str] | None:
    """The names two claims of one subject give for the same statement when they differ ("The tower was designed
    by Ann Lee" / "Harbour Tower was designed by Bo Chen": ("Ann Lee", "Bo Chen")), else None. The subjects must
    be the same name (one's words within the other's), the words outside names and values at least
    :data:`SAME_STATEMENT_JACCARD` shared, and each claim must give a name the other lacks; claims whose years
    differ speak of different times (no contradiction)."""
    return _roles_disagree(_name_roles(a, title_a), _name_roles(b, title_b), lambda: _values(a.text),
                           lambda: _values(b.text))


def _own_page_look_alikes(names: tuple[str, str], titles: tuple[str, str]) -> bool:
    """Whether two names two claims give for one statement (:func:`_roles_disagree`) are two things of one kind,
    each its own page's subject: the names end in the same head noun and each one's words, its numbers left out, are
    words of its own page's subject (:func:`_page_subject`) and not all of the other page's ("Fact Founded: brellin
    Park Racecourse 1931" on the page "Brellin Park Racecourse, Tarnby" / "Fact Founded: brellin Downs Racecourse
    1862" on the page "Brellin Downs Racecourse: course guide"): each row is about its own page's racecourse, no
    disagreement of who or what it is."""
    words = [[t for t in name_tokens(n) if not t[:1].isdigit()] for n in names]  # ("Park Racecourse 6 200")
    pages = [set(tokenize(_page_subject(t))) for t in titles]
    return all(words) and words[0][-1] == words[1][-1] and words[0] != words[1] and all(
        set(w) <= pages[k] and not set(w) <= pages[1 - k] for k, w in enumerate(words))


_Roles = tuple[set[str], list[tuple[set[str], str]], set[str]]


def _roles_disagree(roles_a: _Roles, roles_b: _Roles, values_a: Callable[[], dict[str, dict[str, str]]],
                    values_b: Callable[[], dict[str, dict[str, str]]], same_event: bool = False
                    ) -> tuple[str, str] | None:
    """:func:`_name_disagreement` of two claims given their :func:`_name_roles` and their :func:`_values` (called
    only when the years decide: a caller comparing many pairs computes each claim's once). ``same_event``: the
    caller has read both claims as dating one event of one subject differently (:func:`_dated_events`: "The
    Brask Tannery was founded in 1741 by Ida Morn" / "... was established in 1756 by Olof Hane"); the event then
    makes them one statement whatever their words and years, and they disagree on its name when each gives
    exactly one name besides its subject and the two differ (a claim naming a place too may name it, not the
    event's agent)."""
    subj_a, others_a, words_a = roles_a
    subj_b, others_b, words_b = roles_b
    if not subj_a or not subj_b or not (subj_a <= subj_b or subj_b <= subj_a) or not words_a or not words_b:
        return None
    if same_event:
        if len([e for toks, e in others_a if not toks <= subj_b]) != 1 \
                or len([e for toks, e in others_b if not toks <= subj_a]) != 1:
            return None
    else:
        if len(words_a & words_b) / len(words_a | words_b) < SAME_STATEMENT_JACCARD:
            return None
        years_a, years_b = values_a().get("year", {}), values_b().get("year", {})
        if years_a and years_b and not set(years_a) & set(years_b):
            return None

    def lacking(mine: list[tuple[set[str], str]], theirs: list[tuple[set[str], str]], subject: set[str]) -> list[str]:
        return [e for toks, e in mine if not toks <= subject
                and not any(_words_within(toks, t) or _words_within(t, toks) or _abbreviates(e, other)
                            or _abbreviates(other, e) for t, other in theirs)]

    only_a, only_b = lacking(others_a, others_b, subj_b), lacking(others_b, others_a, subj_a)
    if not only_a or not only_b:
        return None
    return only_a[0], only_b[0]


def _words_within(small: set[str], big: set[str]) -> bool:
    """Whether every token of the name ``small`` is in the name ``big``, or is a place word of one of its tokens
    (:func:`~shared.text.entailment.place_word_pair`: "East Asian" is within "East Asia", "Norwegian" within
    "Norway"): a place and its adjective form are one value, not two names (trial t60 q12)."""
    return all(w in big or any(place_word_pair(w, v) for v in big) for w in small)


#: words after a shorter name that keep it the same thing ("Orlen Steel Inc." is Orlen Steel)
_NAME_SUFFIXES = frozenset("inc ltd llc plc corp corporation co company gmbh ag sa nv bv".split())


#: marks of a registered name of origin or of a traditional speciality after a product's name ("Kelt One PDO",
#: "Kelt One AOP", "Kelt Ham PGI"): the product under its registered label, so the same thing as its name alone
_DESIGNATION_MARKS = frozenset("pdo pgi tsg aop aoc dop igp docg stg".split())


#: abbreviated head nouns of names, read as the words they stand for ("Halvik FC" is the Halvik football club)
_HEAD_ABBREVIATIONS = {"fc": ("football", "club"), "afc": ("football", "club"), "sc": ("club",),
                       "univ": ("university",), "co": ("company",), "corp": ("corporation",)}


def opens_longer_name(short: list[str], long_: list[str], said: frozenset[str] | set[str] = frozenset()) -> bool:
    """Whether the name tokens ``long_`` open with the whole of ``short`` and go on with words of their own ("Halvik
    FC" after "Halvik", "Orlen University" after "Orlen"): the shorter name then modifies a head noun of its own, so
    the two name two things (a town and its football club). Words that are only a company suffix
    (:data:`_NAME_SUFFIXES`: "Orlen Steel Inc.") keep it the same thing, and so do marks of a registered name of
    origin (:data:`_DESIGNATION_MARKS`: "Kelt One PDO" is the Kelt One cheese); so does a shorter name that ends the longer
    one ("Peart", "Neil Peart"), which this does not match; so do words the asker already said of the shorter name
    (``said``: the question's tokens; "the football club Tottenham Hotspur" is "Tottenham Hotspur Football Club",
    and "FC" reads as "football club": :data:`_HEAD_ABBREVIATIONS`). A place's name going on with a site's on it
    (:func:`shared.text.kinds.site_on_place`: "Orlen Island Nature Reserve" after "Orlen Island") is the place's
    ground too, so not another thing."""
    n = len(short)
    if not (0 < n < len(long_) and long_[:n] == short) or set(long_[n:]) <= _NAME_SUFFIXES | _DESIGNATION_MARKS \
            or site_on_place(short, long_):
        return False
    extra = [w for t in long_[n:] if t not in _NAME_SUFFIXES | _DESIGNATION_MARKS
             for w in _HEAD_ABBREVIATIONS.get(t, (t,))]
    return not (said and set(extra) <= set(said))


def inserts_name_word(short: list[str], long_: list[str]) -> bool:
    """Whether the name tokens ``long_`` hold all of ``short`` in order with a word of their own inserted between two
    of its words ("Kestrin Ridge Observatory" after "Kestrin Observatory"; "The Orla Town Museum" after "Orla
    Museum"): the longer name may be another thing of the shorter's words (a look-alike), or the shorter a short
    form of it; :func:`_look_alikes` decides by the pages. A name that only opens or ends the other ("Halvik FC",
    "Neil Peart") is not matched (:func:`opens_longer_name`)."""
    if len(short) < 2 or len(long_) <= len(short) or short[0] not in long_ or short[-1] not in long_:
        return False
    start, end = long_.index(short[0]), len(long_) - 1 - long_[::-1].index(short[-1])
    inner, k = long_[start:end + 1], 0
    for t in inner:
        if k < len(short) and t == short[k]:
            k += 1
    return k == len(short) and len(inner) > len(short)


def _look_alikes(subjects: list[list[str]], sources: list[str],
                 texts: list[str] | None = None) -> Callable[[int, int], bool]:
    """Given each claim's subject words (:func:`_subject_words`) and source id -> whether claims ``a`` and ``b``
    are about two things of look-alike names: one's subject is the other's with a word inserted
    (:func:`inserts_name_word`: "Kestrin Ridge Observatory" / "Kestrin Observatory") and some page names the shorter
    without the longer, so the shorter is a thing's own name, not a short form of the longer (a page that says
    "The Orla Town Museum ..." and then "the Orla Museum" uses a short form: one thing); or one's subject is the
    other's with words of its own before it (:func:`shared.text.terms.prefixed_name`: "Little Orvane Canal" /
    "Orvane Canal"), on the same condition and when one of ``texts`` (the claims') writes the shorter alone, with or
    without "the" (:func:`shared.text.terms.named_alone` with ``definite`` False, as
    :func:`shared.text.terms.names_written_alone` reads the asked names: "Quillby Wildlife Park is home to 940
    animals" beside "New Quillby Wildlife Park keeps 450 animals"; a zoo's or a park's name goes without an article
    as often as with one, and :func:`~shared.text.terms.prefixed_name` already asks for a head noun of a kind of
    thing, so no person's name). Their values never disagree."""
    named: dict[str, set[tuple[str, ...]]] = {}
    for words, source in zip(subjects, sources):
        named.setdefault(source, set()).add(tuple(words))

    alone: dict[tuple[str, ...], bool] = {}

    def prefixed(short: list[str], long_: list[str]) -> bool:
        # (the longer one a name some claim writes, not a page title's words: "Boating on the Harlowe Canal")
        if not prefixed_name(short, long_):
            return False
        if tuple(short) not in alone:
            alone[tuple(short)] = named_alone(short, texts or [], definite=False)
        if tuple(long_) not in alone:
            alone[tuple(long_)] = named_alone(long_, texts or [], definite=False)
        return alone[tuple(short)] and alone[tuple(long_)]

    def longer(short: list[str], long_: list[str]) -> bool:
        return inserts_name_word(short, long_) or prefixed(short, long_)

    def apart(a: int, b: int) -> bool:
        for short, long_ in ((subjects[a], subjects[b]), (subjects[b], subjects[a])):
            if longer(short, long_) and any(
                    tuple(short) in names and not any(longer(short, list(n)) for n in names)
                    for names in named.values()):
                return True
        return False
    return apart


def _subject_words(claim: VerifiedClaim, title: str, nouns: frozenset[str] = frozenset()) -> list[str]:
    """The words of a claim's subject in order: the name it opens with, else its page's title (cleaned of
    brackets; of a title that is a name and a few lower-case words, the name: the tail of
    :func:`~shared.text.terms.title_subject`, "Orla Hall facts" -> ["orla", "hall"], so its page's claims are about
    the Orla Hall, not a longer name opening with it); [] when neither gives words. A claim opening with an actor
    who acts on its page's subject, as "it" or by a noun of ``nouns`` (the nouns its page calls its subject by,
    :func:`_page_nouns`: "The mill owner Ada Lenz ... designed the weir, which was opened on 3 May 1911" on the page
    "Old Orlen Dam", a masonry weir), is about the page's subject (:func:`shared.text.reference.acts_on`)."""
    page = tokenize(_page_subject(title))
    written = _opening_written(claim)
    if written is None:
        return page
    opening = name_tokens(written)
    if page and opening and not set(page) <= set(opening) and acts_on(claim.text, written, nouns):
        return page
    return opening or page


def _page_subject(title: str) -> str:
    """The name a page's title gives its subject (:func:`_subject_words`), by the one rule for a title's subject,
    :func:`shared.text.terms.title_subject` with its subtitle and tail steps: "Orla Hall facts" -> "Orla Hall",
    "Orla Hall - frequently asked questions" and "Orla Hall - notes from the warden" -> "Orla Hall" (a subtitle in
    lower case, or one only of words about the page, is no part of the name); a work's title-case subtitle stays
    ("Star Wars: The Force Awakens")."""
    return title_subject(title, frame=False) or clean_title(title)


def _page_nouns(claims: Sequence[VerifiedClaim], titles: Sequence[str],
                context: Sequence[VerifiedClaim] | None = None) -> list[frozenset[str]]:
    """For each claim, the nouns its page calls its subject by (:func:`shared.text.reference.subject_nouns` of its
    title's subject, read in the claims of its page among ``claims`` and ``context``, the run's others: "dam" and
    "weir" of "Old Orlen Dam" when a claim says "The Old Orlen Dam was a masonry weir"); ``titles`` one per claim."""
    texts: dict[str, list[str]] = {}
    for c in [*(context or []), *claims]:
        texts.setdefault(str(c.source_id), []).append(c.text)
    memo: dict[tuple[str, str], frozenset[str]] = {}
    out: list[frozenset[str]] = []
    for c, t in zip(claims, titles):
        key = (str(c.source_id), t)
        if key not in memo:
            memo[key] = subject_nouns(_page_subject(t), texts[key[0]])
        out.append(memo[key])
    return out


def look_alike_claims(question: str, claims: Sequence[VerifiedClaim], titles: Sequence[str],
                      lead: Sequence[str]) -> set[int]:
    """Indices of ``claims`` (``titles``: each one's page title, same length) about a look-alike of a name
    ``question`` gives, which bear on nothing asked: one naming a name with words of its own before the asked one
    ("The Little Orvane Canal is 6.2 kilometres long" for the Orvane Canal), or the asked one's tail, or on such a
    page naming no asked name (:func:`prefixed_others`); one about another thing of the asked name's head noun ("The
    Transport Museum had 41,300 visitors" for the Velmora Tram Museum: :func:`swapped_subjects`); and, where a
    sentence of ``lead`` (the report's lead sentences) names the asked one as the question spells it, one naming no
    asked name that names a name spelt like it ("The Osterby Botanic Garden was established in 1902" for the
    Oskerby Botanic Garden: :func:`shared.text.terms.look_alike_name`) or built on it ("Vardholmen Saltworks" for
    the Vardholm cooperative: :func:`written_on_name`), by its own words or by its page's title ("The garden holds
    about 3,000 plant species" on the Osterby page). Never raises."""
    question_names = [name_toks for e in find_entities(question) if (name_toks := tokenize(e))]
    lead_sets = [set(tokenize(t)) for t in lead]
    spelt_asked = [n for n in question_names if any(set(n) <= words_of for words_of in lead_sets)]
    texts = [c.text for c in claims]
    swapped = swapped_subjects(question, texts, list(titles))

    def marked_only(i: int) -> bool:
        # it gives an asked name (told apart as a thing of its own) only inside a look-alike's name built on it
        # ("The Old Quelvard was 187.4 metres long" for the Quelvard: :func:`shared.text.terms.marked_look_alike`)
        names = [tokenize(e) for e in find_entities(texts[i])]
        return any((found := [m for m in names if set(n) <= set(m)]) and all(marked_look_alike(n, m) for m in found)
                   for n in apart)

    prefixed = prefixed_others(question, texts, [clean_title(t) for t in titles])

    apart = [n for n in question_names if told_apart(n, [*texts, *titles])]

    def of_look_alike(i: int) -> bool:
        if prefixed[i] or marked_only(i):
            return True
        own = tokenize(texts[i])
        if any(set(n) <= set(own) for n in question_names):
            return False  # it names something the question asks about
        title = tokenize(titles[i])
        return any(look_alike_name(n, own) or look_alike_name(n, title) or written_on_name(n, own)
                   or written_on_name(n, title) for n in spelt_asked) or swapped[i]

    return {i for i in range(len(claims)) if of_look_alike(i)}


def disowned_claims(question: str, claims: Sequence[VerifiedClaim], titles: Sequence[str]) -> set[int]:
    """Indices of ``claims`` about another thing than one ``question`` asks about, by their page's own word: a claim
    saying its subject is no kin of or no part of it (:func:`shared.text.terms.disowns`: "Ingrid Solberg ... is not
    related to the cooperative's founder", "Old Merrin Mill is not part of the Merrin Weaving Museum"), and every
    claim of its page whose subject (:func:`_subject_words`; ``titles``: each claim's page title) shares a word with
    that claim's ("Old Merrin Mill was built in 1794 to designs by ..."). Never raises."""
    disowned = [i for i in range(len(claims)) if disowns(claims[i].text, question)]
    if not disowned:
        return set()
    subjects = [set(_subject_words(c, t)) for c, t in zip(claims, titles)]
    out = {j for i in disowned for j in range(len(claims)) if claims[j].source_id == claims[i].source_id
           and subjects[j] & subjects[i]}
    return out | set(disowned)


def _modifier_apart(a: VerifiedClaim, b: VerifiedClaim, title_a: str, title_b: str) -> bool:
    """Whether two claims' subjects are a name and a longer name that opens with it (:func:`opens_longer_name`):
    two things, whose dates and figures never disagree."""
    sa, sb = _subject_words(a, title_a), _subject_words(b, title_b)
    return opens_longer_name(sa, sb) or opens_longer_name(sb, sa)


#: content words before a value, within its clause, that say what it counts ("killed 212 people")
_PREDICATE_WORDS = 3


#: what opens the clause a value's predicate is read in: a clause break (:data:`_CLAUSE_BREAK`), or "that" after a
#: reporting verb ("The Gazette estimates that the valley produced 124,500 hl": {produc})
_PREDICATE_BREAK = re.compile(_CLAUSE_BREAK.pattern + r"|\b(?:states?|stated|says|said|reports?|reported|estimates?|"
                              r"estimated|claims?|claimed|notes?|noted|finds|found|shows?|showed|writes|wrote|"
                              r"concludes?|concluded|believes?|believed)\s+that\b")


def _predicate(text: str, shown: str, subject: str = "") -> _Predicate:
    """The stems of the last :data:`_PREDICATE_WORDS` content words before the value ``shown`` in ``text``,
    within its clause, names left out ("The Great Storm of 1953 killed 212 people" -> {"kill"}), and the words of
    ``subject`` (the claim's page title: "the fair" of "In 2023 the fair drew 27,000 visitors" on the page "Harrowgate
    Spring Fair" is the page's subject, -> {"drew"}); empty when the value is not found as written."""
    at = text.find(shown)
    if at < 0:
        return _Predicate([])
    return _predicate_at(text, at, subject)


#: a clause that sets its figure beside the one before ("..., against 9,100 tonnes in 2022", "up from 21,000"): the
#: figure is of that one's predicate
_PARALLEL_RE = re.compile(r"^\W*(?:against|versus|compared\s+(?:with|to)|up\s+from|down\s+from)\W*$", re.IGNORECASE)


_NUMBER_START = re.compile(r"(?<![\d,.])\d")


def _predicate_at(text: str, at: int, subject: str) -> _Predicate:
    """:func:`_predicate` of the value at ``text[at:]``; a value in a clause that sets it beside the value before
    (:data:`_PARALLEL_RE`: "landed 8,400 tonnes, against 9,100 tonnes in 2022") has that value's predicate."""
    start = max((m.end() for m in _PREDICATE_BREAK.finditer(text, 0, at)), default=0)
    own = {w.casefold() for w in _WORDS_RE.findall(subject)}
    words = [w for w in _WORDS_RE.findall(text[start:at])
             if not is_stopword(w.lower()) and not w[:1].isupper() and w.casefold() not in own]
    if not words:
        clause = max((m.end() for m in _CLAUSE_BREAK.finditer(text, 0, at) if not m.group(0).isdigit()), default=0)
        before = [m.start() for m in _NUMBER_START.finditer(text, 0, clause)]
        if before and _PARALLEL_RE.match(text[clause:at]):
            return _predicate_at(text, before[-1], subject)
    return _Predicate(_stems(words[-_PREDICATE_WORDS:]))


class _Predicate(frozenset[str]):
    """The stems of a value's predicate words (:func:`_predicate`), knowing the one nearest the value (``nearest``:
    "landed" of "the boats landed 8,950 tonnes"; None when there are none)."""

    nearest: str | None

    def __new__(cls, stems: list[str]) -> _Predicate:
        made = super().__new__(cls, stems)
        made.nearest = stems[-1] if stems else None
        return made


#: the stems (:func:`_stems`) of verbs saying what a thing has, which count one thing in whichever of them ("the
#: collection holds 4,300 objects" / "the museum owns about 3,800 objects")
_HOLDING_STEMS = frozenset({"hold", "held", "own", "contain", "hous", "compris", "possess"})


def _predicates_meet(pa: frozenset[str], pb: frozenset[str]) -> bool:
    """Whether two values' predicates (:func:`_predicate`) say one thing: the same words, or the same word nearest
    the value ("the 2023 season landed 8,400 tonnes" / "the boats landed 8,950 tonnes": {land}), or a verb of
    having nearest the value in both (:data:`_HOLDING_STEMS`: "holds 4,300 objects" / "owns about 3,800 objects")."""
    if not pa or not pb:
        return False
    if pa == pb:
        return True
    na, nb = getattr(pa, "nearest", None), getattr(pb, "nearest", None)
    return na is not None and (na == nb or (na in _HOLDING_STEMS and nb in _HOLDING_STEMS))


def _years_apart(a: dict[str, dict[str, str]], b: dict[str, dict[str, str]]) -> bool:
    """Whether two claims' values (:func:`_values`) are of different years: both state years and not the same
    ones ("in 2019 ... 1,200" / "in 2020 ... 1,450"). A claim that states no year is of no other year than one
    that does: "214 metres" and "in 1990 ... 238 metres" may disagree."""
    years_a, years_b = set(a.get("year", {})), set(b.get("year", {}))
    return bool(years_a) and bool(years_b) and years_a != years_b


#: what splits a sentence into the clauses a figure's year is read in ("the 2023 harvest produced 118,000 hl, against
#: 131,000 hl in 2022": 118,000 of 2023, 131,000 of 2022)
_FIGURE_CLAUSE = re.compile(r",(?!\d)|[;:()\[\]—–]|\s-\s|\b(?:against|while|whereas|compared\s+(?:with|to)|versus)\b",
                            re.IGNORECASE)
#: a year written in a sentence, a number's own digits aside ("1,850", "2.5")
_WRITTEN_YEAR = re.compile(r"(?<![\d,.])(?:1[0-9]|20)\d{2}(?!\d|[,.]\d)")
#: a year before a noun of no unit, read as a figure of that noun ("the 2023 season"): a year, not a figure
_YEAR_BEFORE_NOUN = re.compile(r"(?:18|19|20)\d{2}\s+[^\W\d_]+\Z")
#: "than" and a phrase of another's before a figure: the figure is the one the sentence compares its own with ("a
#: figure higher than the guild's own count of 8,400", "than that of ..."), not one it states ("more than 8,400")
_COMPARED_WITH = re.compile(r"\bthan\s+(?:(?:the|that|those|its|their|his|her)\b|[^\W\d_]+['’]s\b)[^\d]*\Z",
                            re.IGNORECASE)


class _DatedFigure(NamedTuple):
    """One figure of a claim: its value key (:func:`_amount_key`), as written, the year it is of (None: no year
    says it), and whether the claim states it as its own (False: a figure it compares its own with)."""

    key: str
    shown: str
    year: str | None
    own: bool


def _dated_figures(text: str, values: dict[str, dict[str, str]], kind: str) -> list[_DatedFigure]:
    """The figures of kind ``kind`` of a claim's ``text`` (``values``: its :func:`_values`), each with the year its
    own sentence dates it to: the year written in its clause ("the 2023 harvest produced 118,000 hl" / "against
    131,000 hl in 2022"), else the claim's one year when it writes one, else the year of a clause of no figure before
    it ("In 2023, ..."), else None. A figure after "than" and a phrase of another's ("higher than the guild's own
    count of 8,400 tonnes") is not the claim's own. A figure not found as written is of no year and the claim's."""
    spans = [(m.start(), m.start() + len(shown)) for k, vs in values.items() if k not in ("year", "date")
             for shown in vs.values() if (m := re.search(re.escape(shown), text))
             and not (_YEAR_BEFORE_NOUN.match(shown) and k not in _UNITS.values() and k not in _BASE_UNITS)]
    years = [(m.start(), m.group(0)) for m in _WRITTEN_YEAR.finditer(without_year_ranges(text))  # (no period's)
             if not any(s <= m.start() < e for s, e in spans)]
    breaks = [0] + [m.end() for m in _FIGURE_CLAUSE.finditer(text)] + [len(text) + 1]
    distinct = {y for _at, y in years}
    out = []
    # a difference between two values ("14 metres lower than the 3,312 metres") is no figure of the claim's, nor one
    # it quotes (shared.text.sizes.difference_spans)
    differences = difference_spans(text)
    for key, shown in values.get(kind, {}).items():
        at = text.find(shown)
        if at < 0:
            out.append(_DatedFigure(key, shown, None, True))
            continue
        if any(s <= at < e for s, e in differences):
            continue
        start = max(b for b in breaks if b <= at)
        stop = min(b for b in breaks if b > at)
        near = sorted((abs(p - at), y) for p, y in years if start <= p < stop)
        year = near[0][1] if near else next(iter(distinct)) if len(distinct) == 1 else None
        if year is None:
            free = [y for p, y in years if p < start and not any(
                s >= max(b for b in breaks if b <= p) and s < min(b for b in breaks if b > p) for s, _e in spans)]
            year = free[-1] if free else None
        out.append(_DatedFigure(key, shown, year, not _COMPARED_WITH.search(text, start, at)))
    return out


def _dated_apart(fa: list[_DatedFigure], fb: list[_DatedFigure]) -> tuple[str, str] | None:
    """The two figures (as written) by which two claims' figures of one kind disagree, or None when they do not:
    only the figures each states as its own are set against each other, and only those of one year (a 2021 figure
    and a 2023 figure are two things, never a disagreement). When each figure has its year, the claims disagree
    when the figures of some year share no amount; when a figure has no year (of no other year than any), when no
    two figures of compatible years share an amount."""
    own_a, own_b = [f for f in fa if f.own], [f for f in fb if f.own]
    pairs = [(x, y) for x in own_a for y in own_b if x.year is None or y.year is None or x.year == y.year]
    if not pairs:
        return None
    if any(f.year is None for f in own_a + own_b):
        if any(_same_amount(x.key, y.key) for x, y in pairs):
            return None
        return pairs[0][0].shown, pairs[0][1].shown
    for year in sorted({x.year for x, _y in pairs if x.year is not None}):
        of_year = [(x, y) for x, y in pairs if x.year == year]
        if not any(_same_amount(x.key, y.key) for x, y in of_year):
            return of_year[0][0].shown, of_year[0][1].shown
    return None


def _quoted_against(fa: list[_DatedFigure], fb: list[_DatedFigure]) -> tuple[str, str] | None:
    """The two figures (``fa``'s, ``fb``'s, as written) by which a claim ``fb`` sets its own figure against the one
    claim ``fa`` states, or None: ``fb`` quotes ``fa``'s figure as the one it compares its own with (:func:`
    _dated_figures`: "8,950 tonnes in the 2023 season, a figure higher than the guild's own count of 8,400 tonnes"
    against "the 2023 season landed 8,400 tonnes") and gives another of the same year as its own."""
    for quoted in (f for f in fb if not f.own):
        for x in fa:
            if x.own and _same_amount(x.key, quoted.key) and (x.year is None or quoted.year is None
                                                               or x.year == quoted.year):
                year = quoted.year or x.year
                mine = [y for y in fb if y.own and (year is None or y.year is None or y.year == year)
                        and not _same_amount(y.key, x.key)]
                if mine:
                    return x.shown, mine[0].shown
    return None


#: a sentence that sets its date against another year's ("eight days earlier than in 2022", "later than the 2021
#: harvest", "compared with 2022"): its event recurs from year to year
_OTHER_YEAR_RE = re.compile(r"\b(?:than|compared\s+(?:with|to))\s+(?:in\s+|the\s+|that\s+of\s+)?(?:1[0-9]|20)\d{2}\b",
                            re.IGNORECASE)


def _years_of_own(claim_text: str, title: str, year_a: set[str]) -> bool:
    """Whether a claim's dates of an event (years ``year_a``) are of that year's occurrence of it: the sentence
    sets it against another year's (:data:`_OTHER_YEAR_RE`: "The harvest began on 4 September 2023, eight days
    earlier than in 2022"), or its page title names the year ("Harvest report 2021")."""
    return bool(_OTHER_YEAR_RE.search(claim_text)) or bool(year_a & set(_WRITTEN_YEAR.findall(title)))


#: a verb by which a sentence attributes what follows to a named authority ("The County Survey of 1998 records a
#: height of 41 metres", "Smith's guide states that ...")
_REPORTING_RE = re.compile(r"\s(?:states?|stated|records?|recorded|says|said|reports?|reported|gives|gave|puts|lists|"
                           r"listed|estimates?|estimated|claims?|claimed|measures?|measured|notes?|noted|cites?|"
                           r"cited|mentions?|mentioned|(?P<found>(?:found|finds?|showed|shows?|concluded|concludes?|"
                           r"determined|revealed|reveals?)(?=\s+that\b)))\b(?:\s+that\b)?\s*")
#: words an authority may take before a finding it reports with "that" ("A seismic survey carried out in 1998 by the
#: Selm University geophysics group found that ..."): the clause ends where "found that" begins
_FINDING_AUTHORITY_WORDS = 16
_ACCORDING_RE = re.compile(r"^\s*(?:according\s+to|per)\s+(?P<who>[^,;]{3,80}?)\s*,\s*", re.IGNORECASE)
_PRONOUNS = frozenset("it its he she they we i this that these those who which there our my your his her their".split())
#: words that say which dimension of a thing a figure measures: "38 metres high" and "a height of 41 metres" are one
_DIMENSIONS: dict[str, str] = {
    **dict.fromkeys("high height tall elevation altitude".split(), "height"),
    **dict.fromkeys("long length".split(), "length"), **dict.fromkeys("deep depth".split(), "depth"),
    **dict.fromkeys("wide width broad breadth".split(), "width"),
    **dict.fromkeys("heavy weighs weigh weight".split(), "weight"),
    **dict.fromkeys("population inhabitants residents people".split(), "population"),
    **dict.fromkeys("cost costs price priced".split(), "price"),
    # how long a thing runs (a battery on one charge): "runtime 176 min", "its battery lasts about three hours"
    **dict.fromkeys("runtime lasts lasted".split(), "runtime"),
}
#: a run time in two words ("run time 180 minutes", "battery life 2 hours"): :data:`_DIMENSIONS`' "runtime"
_RUN_TIME_RE = re.compile(r"\b(?:run[\s-]+time|battery\s+life)\b", re.IGNORECASE)


def attribution(text: str) -> tuple[str, str] | None:
    """(authority, what it is said to state) of a sentence that attributes a statement to a named authority, or
    None: "The County Survey of 1998 records a height of 41 metres" -> ("The County Survey of 1998", "a height of 41
    metres"); "According to Smith, the tower is 30 m tall" -> ("Smith", "the tower is 30 m tall"). The authority
    is at most ten words before a reporting verb (states, records, says, reports, gives, estimates ...), or at most
    :data:`_FINDING_AUTHORITY_WORDS` before a finding's verb and "that" ("A seismic survey carried out in 1998 by the
    Selm University geophysics group found that the crater is 180 metres deep"), and holds a capitalised word that
    is no sentence-opening article nor a pronoun ("The viaduct records ..." names none; nor "Our guide said ..."); a
    clause ending on a function word or giving a figure other than a year ("The bell weighs 6.4 tonnes and measures
    ...") names none either. Never raises."""
    m = _ACCORDING_RE.match(text or "")
    if m is not None:
        return m.group("who").strip(), text[m.end():].strip()
    m = _REPORTING_RE.search(text or "")
    if m is None:
        return None
    who = text[:m.start()].strip()
    words = who.split()
    if not words or len(words) > (_FINDING_AUTHORITY_WORDS if m.group("found") else 10) \
            or words[0].casefold() in _PRONOUNS or re.search(r"[,;:]", who):
        return None
    # a clause is no authority: "The Great Tobias weighs 6.4 tonnes and [measures ...]" ends on a function word and
    # gives a figure (a year may name one: "the 2021 census")
    if is_stopword(words[-1].casefold()) or re.search(r"\d", _YEAR.sub("", who)):
        return None
    # a capitalised word or a year names it ("the 2021 regional census reported 14,200 inhabitants")
    named = [w for k, w in enumerate(words) if (w[:1].isupper() and not (k == 0 and w.casefold() in ("the", "a", "an")))
             or _YEAR.fullmatch(w)]
    if not named:
        return None
    return who, text[m.end():].strip()


#: a sentence opening by reporting what someone it does not name said or told the writer ("The guide said the tower
#: is 31 metres tall", "Our guide told us that ...", "I was told the mill is ...", "We heard that ..."): hearsay, the
#: statement after it (a named authority's figure is :func:`attribution`'s)
_HEARSAY_RE = re.compile(
    r"^\W*(?:(?i:the|a|an|our|my|one|some|his|her|their)\s+(?:[a-z][\w'’-]*\s+){0,2}?[a-z][\w'’-]*\s+"
    r"(?:said|says|told\s+(?:us|me|them|him|her)|explained|claimed|claims|mentioned|reckoned|reckons)"
    r"|(?i:I|we|they)\s+(?:was|were|had\s+been|have\s+been|got)\s+told|(?i:I|we)\s+(?:heard|read)|(?i:someone)\s+"
    r"(?:said|told\s+(?:us|me)))\b(?:\s+that\b)?[,:]?\s+"
    r"(?=(?i:the|a|an|it|its|this|that|there|they|he|she)\b|[A-Z])")


def hearsay(text: str) -> str | None:
    """The statement a sentence reports as said by someone it does not name, as a post retells it (:data:`_HEARSAY_RE`:
    "The guide said the tower is 31 metres tall" -> "the tower is 31 metres tall"; "I was told that the mill is
    older" -> "the mill is older"), or None for a sentence stating it as its own ("The tower is 21.4 metres tall"),
    or attributing it to a named authority ("The County Survey records ...": :func:`attribution`). Such a statement
    is weaker evidence than a page's own. Never raises."""
    m = _HEARSAY_RE.match(text or "")
    if m is None or attribution(text) is not None:
        return None
    return text[m.end():].strip()


_ASKED_AUTHORITY_RE = re.compile(r"\b(?:according\s+to|as\s+(?:stated|recorded|reported|given|measured)\s+(?:by|in)|"
                                 r"(?<=[,?] )per)\s+(?P<who>[^,?;]{3,80})", re.IGNORECASE)


def asked_authority(question: str) -> str | None:
    """The authority a question restricts its answer to ("What is the height of X according to the County
    Survey?" -> "the County Survey"), or None."""
    m = _ASKED_AUTHORITY_RE.search(" ".join((question or "").split()))
    return m.group("who").strip().rstrip(".") if m is not None else None


def said_by(claim: VerifiedClaim, authority: str | None) -> bool:
    """Whether ``claim`` attributes its statement (:func:`attribution`) to ``authority`` (its content words all
    among the attributed authority's: "the County Survey" and "The County Survey of 1998")."""
    if not authority:
        return False
    said = attribution(claim.text)
    wanted = set(tokenize(authority))
    return said is not None and bool(wanted) and wanted <= set(tokenize(said[0]))


def _dimensions(text: str) -> set[str]:
    """The dimensions (:data:`_DIMENSIONS`) a sentence's words name ("38 metres high" -> {"height"}), with the
    dimensions of size :func:`shared.text.sizes.size_dimensions` reads in any wording ("rises 48 metres", "At 52
    metres the tower is the tallest building", "sits at 3,086 metres": the height), the one reader of a size figure
    the answer and the disagreement finder share; "run time" and "battery life" are the runtime ("Runtime 176 min",
    "its battery lasts about three hours")."""
    found = {_DIMENSIONS[w] for w in re.findall(r"[a-z]+", text.casefold()) if w in _DIMENSIONS}
    if _RUN_TIME_RE.search(text):
        found.add("runtime")
    return found | size_dimensions(text)


def _authorities_disagree(a: VerifiedClaim, b: VerifiedClaim) -> list[tuple[str, str, str]]:
    """(kind, value of ``a``, value of ``b``) per kind of measure on which two claims attributed to different named
    authorities (:func:`attribution`) give different values of the same dimension of a thing: "The Heritage
    Society's guide states that the viaduct is 38 metres high" / "The County Survey records a height of 41
    metres" -> [("m", "38 metres", "41 metres")]. Years and dates are left out (an authority's own year is no
    value of the thing); a pair naming no dimension disagrees when the words before each value are the same."""
    ta, tb = attribution(a.text), attribution(b.text)
    if ta is None or tb is None or set(tokenize(ta[0])) == set(tokenize(tb[0])):
        return []
    if _frame_year(a.text) != _frame_year(b.text):  # "in 1950 the town had 8,300": a figure of another time
        return []
    # values read in the whole sentence: the statement may open with its figure ("the census reported 14,200 ...")
    va, vb = _values(a.text), _values(b.text)
    da, db = _dimensions(ta[1]), _dimensions(tb[1])
    for values in (va, vb):  # a count's noun stands for its dimension: "12,900 residents" and "14,200 inhabitants"
        for noun in [k for k in values if k in _DIMENSIONS]:
            values.setdefault(_DIMENSIONS[noun], {}).update(values.pop(noun))
    out = []
    for kind in sorted(set(va) & set(vb) - {"year", "date"}):
        if _overlap(va[kind], vb[kind]):
            continue
        shown_a, shown_b = next(iter(va[kind].values())), next(iter(vb[kind].values()))
        if (da or db) and not da & db:
            continue
        if not da and not db and not ((pa := _predicate(ta[1], shown_a)) and pa == _predicate(tb[1], shown_b)):
            continue
        out.append((kind, shown_a, shown_b))
    return out


#: the dimension of a length written before a noun with no dimension word ("the 46-metre chimney"): the thing's
#: one extent, set against the other page's single length dimension of it (:func:`_figures_disagree`)
_EXTENT = "extent"
#: the dimensions of a thing's size that pages may give differently for it (:func:`_sizes_disagree`); a count of
#: people or a price is set against another only by the rules for the same statement
_SIZE_DIMENSIONS: dict[str, str] = {"height": "m", "length": "m", "depth": "m", "width": "m", _EXTENT: "m", "weight": "kg",
                                    "runtime": "s"}  # (and how long it runs: "run time 180 minutes" / "2 hours")
#: a figure of "the <noun>" whose noun its page's title lacks ("the tower is 34 metres tall" on the page "Harlow
#: Point Lighthouse") is the page subject's figure only within this factor of the other page's: farther apart it
#: may be the figure of a part of the thing ("The lantern is 4 metres tall" beside "... is 38 metres tall")
DESCRIBED_SUBJECT_RATIO = 1.5
#: what ends the clause a figure belongs to (numbers do not: "is 34 metres tall"; nor the comma of "3,086 metres")
_FIGURE_CLAUSE_BREAK = re.compile(r",(?!\d{3}(?!\d))|[;:()\[\]—–]|\s-\s|\b(?:and|but|which|who|whose|where|then|"
                                  r"than|making|although|though|und|et|y|" + "|".join(sorted(_SUBORDINATORS)) + r")\b")
#: a sentence of another language opening with its definite article and one noun, then a verb of being or measuring:
#: its subject is described by that noun ("Das Hauptbecken ist 91 Meter lang": the main pool; "Le bassin mesure
#: 50 mètres"), as an English "The <noun> is ..."
_FOREIGN_DESCRIBED_RE = re.compile(r"\s*(?:der|die|das|le|la|l'|el|il|lo)\s*(?P<noun>[^\W\d_][\w-]*)\s+"
                                   r"(?:ist|war|misst|maß|est|était|mesure|es|era|mide|è|era|misura)\s", re.IGNORECASE)


#: a figure opening a statement as its frame: "At 52 metres(,) ...", "At some 3,000 metres ..."
_FIGURE_FRAME_RE = re.compile(r"\s*(?:at|with)\s+(?:about\s+|some\s+|around\s+|nearly\s+|almost\s+|over\s+)?"
                              r"\d[\d,.]*\s*-?\s*[^\W\d_]+\.?\s*,?\s+", re.IGNORECASE)


#: a figure of a thing's size told in a relative clause or an apposition after the thing, inside a sentence about
#: something else: "Guides explain how the brine is lifted from the well, which is 47 metres deep, by a pump" (the
#: well's depth), "Visitors climb the Kessin Tower, 52 metres tall, ..." (``thing``: "the well", "the Kessin Tower";
#: ``figure``: "47 metres deep", up to the clause's end); a name may end with one common noun and the clause may
#: place it ("ends at Kestrel Summit station, which lies at 2,041 m above sea level"; "From the top station,
#: Kestrel Summit, at 2,063 m above sea level, ...": the elevation is the named place's)
_RELATIVE_FIGURE_RE = re.compile(
    r"\b(?P<thing>(?:[Tt]he|[Tt]his)\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*|(?:[Tt]he\s+)?(?:[A-Z][\w'’-]*\s+){0,4}"
    r"[A-Z][\w'’-]*(?:\s+[a-z][a-z-]+)?)\s*,\s*(?:(?:which|that)\s+(?P<verb>is|was|are|were|lies|lay|stands|stood|sits|"
    r"sat)\s+)?(?P<at>at\s+)?(?P<figure>(?:about\s+|some\s+|around\s+|"
    r"nearly\s+|almost\s+|over\s+)?\d[\d,.]*\s*[^\W\d_]+(?:\s+[^\W\d_]+){0,3}?)(?=\s*(?:[,;:()]|\.?\s*\Z))")
#: words after "the" that end the words naming a described thing ("The brine well is ...": "brine well")
_THING_END = frozenset("is was are were has had have measures measured reaches reached rises rose stands stood sits "
                       "sat lies lay runs ran weighs weighed goes went of at in on near beneath under below above by "
                       "with from for to".split())


#: a figure of a thing's size written before its noun inside a sentence about something else: "fitted a new
#: lightning conductor to the 46-metre chimney" (``figure`` "46", ``unit`` "metre", an optional ``dim`` word,
#: "the 52-metre-tall tower", then the noun and perhaps a second noun word)
_ATTRIBUTIVE_FIGURE_RE = re.compile(
    r"\b(?:[Tt]he|[Tt]his|[Ii]ts)\s+(?P<figure>\d[\d,.]*)\s*-\s*(?P<unit>[^\W\d_]+)(?:-(?P<dim>tall|high|long|deep|"
    r"wide))?\s+(?P<noun>[a-z][\w-]*)(?:\s+(?P<noun2>[a-z][\w-]*))?")


#: an existential sentence naming no subject: "There are 12 lifts and 54 km of pistes." (its page's subject has them)
_THERE_IS_RE = re.compile(r"\s*there\s+(?:is|are|was|were)\s", re.IGNORECASE)


class _SizeFigures(NamedTuple):
    """The figures of a thing's size a claim states of its subject (:func:`_size_figures`)."""

    subject: set[str]  #: the subject's tokens (its page title's when only described: "the tower")
    described: bool  #: whether the subject is only described by a noun its page's title lacks
    figures: list[tuple[str, str, str]]  #: (dimension, amount key in its base unit, value as written)
    noun: str = ""  #: a subject described as "the <words>": the last of those words ("well" of "the brine well")
    names: frozenset[str] = frozenset()  #: a described subject: the proper names of its page's title (tokens)
    foreign: bool = False  #: a described subject of a sentence in another language ("Die Staumauer ist ...")


def _title_names(title: str) -> frozenset[str]:
    """The tokens of a page title's words that are proper names: capitalised words past its first word, and its
    first word too in a title written in title case (every word but stop words capitalised) or when the word right
    after it is capitalised (a name of several words opens the title): "Visiting the Vardholm salt flats" ->
    {"vardholm"}; "Vardholm Salt Cooperative" -> all three; "Orsa Mill: a history" -> {"orsa", "mill"}; "The
    waterwheel of the Orsa Mill" -> {"orsa", "mill"}."""
    cleaned = clean_title(title)
    words = [w for w in re.findall(r"[^\W\d_][\w'’-]*", cleaned) if not is_stopword(w.casefold())]
    title_case = all(w[0].isupper() for w in words)
    opening_name = re.match(r"\W*[^\W\d_][\w'’-]*\s+[A-Z]", cleaned) is not None
    named = [i for i, w in enumerate(words) if w[0].isupper() and (i > 0 or title_case or opening_name)]
    return frozenset(t for i in named for t in tokenize(words[i]) if len(t) >= 3)


#: a label naming a thing by "the" and lower-case words, before a colon: "The heritage line: Our restored trams ..."
_THING_LABEL_RE = re.compile(r"\s*(?:The|This|the|this)\s+([a-z][\w-]*(?:\s+[a-z][\w-]*){0,3})\s*:\s+(?=\S)")


def _size_figures(claim: VerifiedClaim, title: str) -> _SizeFigures:
    """(subject tokens, described, figures, noun, names) of the figures of a thing's size a claim states of its
    subject: each figure as (dimension, amount key in its base unit (:func:`_amount_key`), value as written).

    The statement is what an authority is said to state, when it is attributed ("According to the Harbour Board,
    the tower is 34 metres tall": "the tower is 34 metres tall"; :func:`attribution`). Its subject is the name it
    opens with, or its page's title when it opens with "the <noun>" or "this <noun>" (``described`` is then True
    when the title lacks that noun: "the tower" on the page "Harlow Point Lighthouse"); a statement opening
    otherwise gives no figures, but one after a label naming "the <words>" before a colon, which is its described
    subject ("The heritage line: Our trams run along 3.1 km of track"); a figure framing it comes first ("At 52 metres the Kessin Tower is the tallest
    building": the Kessin Tower). A figure is a number with a unit of length or mass (:func:`_values`) in a clause
    that names one dimension of size (:data:`_SIZE_DIMENSIONS`: "34 metres tall", "a height of 41 metres", "weighs
    12 tonnes"; in any wording :func:`shared.text.sizes.size_dimensions` reads: "rises 48 metres", "the tallest
    building") and, before it, no other name than the subject's nor a thing of the subject's ("The Beacon's
    lantern is 4 metres tall"; "The Beacon's height is ..." is its own). A figure told in a relative clause or an
    apposition after a thing inside a sentence about something else (:data:`_RELATIVE_FIGURE_RE`: "Guides explain
    how the brine is lifted from the well, which is 47 metres deep, by a pump") is that thing's, read as the
    sentence "The well is 47 metres deep", when the rest of the sentence states no figure of size of its own.
    A described subject ("the brine well") gives its ``noun`` ("well") and its page title's proper ``names``
    (:func:`_title_names`)."""
    relative = _RELATIVE_FIGURE_RE.search(claim.text)
    if relative is not None and relative.start() > 0 and _dimensions(relative.group("figure")) \
            and relative.group("thing").split()[-1] not in _THING_END:
        rest = claim.text[:relative.end("thing")] + claim.text[relative.end("figure"):]
        own = _size_figures(claim.model_copy(update={"text": rest}), title)
        if not own.figures:
            thing = relative.group("thing")
            told = (f"{thing[0].upper()}{thing[1:]} {relative.group('verb') or 'is'} {relative.group('at') or ''}"
                    f"{relative.group('figure')}.")
            return _size_figures(claim.model_copy(update={"text": told}), title)
    attributive = _ATTRIBUTIVE_FIGURE_RE.search(claim.text)
    if attributive is not None and attributive.start() > 0:
        # "fitted a new lightning conductor to the 46-metre chimney": the chimney's size, read as "The chimney is
        # 46 metre long" (its one extent when no dimension word is written), when the rest states none of its own
        rest = claim.text[:attributive.start()] + claim.text[attributive.end():]
        own = _size_figures(claim.model_copy(update={"text": rest}), title)
        nouns = [w for w in (attributive.group("noun"), attributive.group("noun2"))
                 if w and not is_stopword(w) and w not in _THING_END]
        if not own.figures and nouns and nouns[0] == attributive.group("noun"):
            dim = attributive.group("dim")
            told = f"The {' '.join(nouns)} is {attributive.group('figure')} {attributive.group('unit')} {dim or 'long'}."
            sized = _size_figures(claim.model_copy(update={"text": told}), title)
            if dim is None:
                sized = sized._replace(figures=[(_EXTENT, k, v) for d, k, v in sized.figures if d == "length"])
            return sized
    whole = clean_title(title)
    name, comma, _described = whole.partition(", ")
    if comma and name and claim.text.startswith(f"{whole} "):
        # a claim opening with its page's whole title, the title's description after a comma ("Le paquebot Quelvard,
        # fierté de Marsac mesurait ...": a pronoun the extractor put the title for) is of the name the title opens with
        return _size_figures(claim.model_copy(update={"text": name + claim.text[len(whole):]}), title)
    said = attribution(claim.text)
    # (what a post says someone told its writer is read as their statement: "The guide said the tower is 31 metres
    # tall" gives the tower's height, however weak: :func:`hearsay`)
    statement = said[1] if said is not None else hearsay(claim.text) or claim.text
    # a figure framing the statement ("At 52 metres the Kessin Tower is the tallest building"): the subject is the
    # name after it
    framed = _FIGURE_FRAME_RE.match(statement)
    told = statement[framed.end():] if framed is not None else statement
    if framed is not None:  # the frame's figure is of the clause after it ("At 52 metres, the tower is the tallest")
        statement = f"{framed.group(0).strip().rstrip(',')} {told}"
    stated = claim.model_copy(update={"text": told}) if told != claim.text else claim
    subject, _others, _words = _name_roles(stated, title)
    opening_name = _opening_words(stated)
    lang = detect_language(told)
    foreign = _FOREIGN_DESCRIBED_RE.match(told) if lang != "en" else None
    if foreign is not None:  # "Das Hauptbecken ist ...": a described subject, no name
        opening_name, subject = [], set(tokenize(told[:foreign.end("noun")]))
    # its numbers as its language writes them: "7,5 Meter" is 7.5, "1.200 Meter" 1200 (a decimal comma no clause break)
    statement = english_numbers(statement, decimal_mark(lang))
    if opening_name:  # a name opening with words describing it: "The 52-metre Orsk Tower looks over the square"
        subject = set(opening_name)
    described = False
    noun = ""
    # a label naming a thing before a colon ("The heritage line: Our restored trams run along 3.1 km of track ..."):
    # the sentence after it tells of that thing, described as the label says
    label = _THING_LABEL_RE.match(told) if not opening_name else None
    if label is not None:
        head = label.group(1).split()[-1].casefold()
        subject = set(tokenize(label.group(1)))
        described = not {_stem(head)} <= {_stem(t) for t in tokenize(clean_title(title))}
        noun = head
        statement = told[label.end():]
    elif not opening_name and _THERE_IS_RE.match(told):
        pass  # "There are 54 km of pistes": what is there is its page's subject's (the subject _name_roles gave)
    elif not opening_name:
        opening = foreign or re.match(r"\s*(?:the|this)\s+([a-z][\w-]*)\b", told, re.IGNORECASE)
        if opening is None or opening.group(1).casefold() in _DIMENSIONS:
            return _SizeFigures(subject, False, [])
        described = not {_stem(opening.group(1).casefold())} <= {_stem(t) for t in tokenize(clean_title(title))}
        # the words naming the thing, up to its verb or preposition: "The brine well is ..." -> "well"
        thing_words = [opening.group(1)] if foreign is not None else list(itertools.takewhile(
            lambda w: w.casefold() not in _THING_END, re.findall(r"[^\W\d_][\w-]*", told[opening.start(1):])[:3]))
        noun = thing_words[-1].casefold() if thing_words else ""
    figures: list[tuple[str, str, str]] = []
    # a difference between two values ("3,298 metres high, 14 metres lower than ...") is no size of the subject:
    # left out, its clause keeps its words (shared.text.sizes.difference_spans)
    for start, end in reversed(difference_spans(statement)):
        statement = statement[:start] + statement[end:]
    breaks = [0, *(m.end() for m in _FIGURE_CLAUSE_BREAK.finditer(statement)), len(statement)]
    for start, end in zip(breaks, breaks[1:]):
        clause = statement[start:end]
        # a dimension whose unit the clause gives no figure in is none of its figures' ("its battery lasts about
        # three hours on high": a runtime, no height)
        units = _values(f"is {clause.strip()}", other_language=foreign is not None or None)
        dims = {d for d in _dimensions(clause) if d in _SIZE_DIMENSIONS and _SIZE_DIMENSIONS[d] in units}
        if len(dims) != 1:
            continue
        (dim,) = dims
        first = re.search(r"\d", clause)
        before = clause[:first.start()] if first else clause
        owned = re.search(r"['’]s\s+([^\W\d_]+)", before)
        if owned is not None and owned.group(1).casefold() not in _DIMENSIONS:
            continue  # a thing of the subject's
        if any(not set(tokenize(e)) <= subject for e in find_entities(before) if tokenize(e)):
            continue  # another thing's figure
        for amount, shown in units[_SIZE_DIMENSIONS[dim]].items():
            figures.append((dim, amount, shown))
    return _SizeFigures(subject, described, figures, noun, _title_names(title) if described else frozenset(),
                        foreign is not None)


def _referred_size(figures: _SizeFigures, referred: set[str]) -> _SizeFigures:
    """``figures`` (:func:`_size_figures`) of a claim whose subject is only described ("The lighthouse stands 57 m
    high" on the page "Walking the Marrow coast") as figures of the name it refers to (``referred``, of
    :func:`_referred_names`: the name ending with that noun its page gave before, "the Selby Point Lighthouse"), so
    they meet another page's figures of that name; ``figures`` as they are when it refers to none or names its
    subject."""
    if not referred or not figures.described or not figures.figures:
        return figures
    return figures._replace(subject=set(referred), described=False, noun="", names=frozenset())


#: a claim opening with a thing of a name's: "The Morrow Head Beacon's lantern is ..." (the thing's noun)
_OWNED_RE = re.compile(r"\W*(?:[Tt]he\s+)?(?:[A-Z][\w.\-]*\s+){0,5}[A-Z][\w.\-]*['’]s\s+([a-z][\w-]*)")


#: a page title naming a thing of a name's: "The waterwheel of the Kessler Mill", "The Kessler Mill's waterwheel"
_TITLE_OWNED_OF_RE = re.compile(r"\s*(?:the\s+)?([a-z][a-z-]+)\s+of\s+(?:the\s+)?[A-Z]", re.IGNORECASE)
#: a claim opening with a bare common noun after "the" ("The wheel has ...")
_BARE_THE_NOUN_RE = re.compile(r"\W*the\s+([a-z][a-z-]+)\b(?!['’])", re.IGNORECASE)
#: letters a compound's first part must have to leave its last part as its head ("water" + "wheel")
_COMPOUND_PART_LETTERS = 3


def _heads_meet(noun: str, thing: str) -> bool:
    """Whether ``noun`` names ``thing``: the same word (stems, :func:`_stem`), or the head of the compound ``thing``
    is ("wheel" of "waterwheel", "tower" of "watchtower"; not "art" of "heart": the first part is too short)."""
    noun, thing = noun.casefold(), thing.casefold()
    return _stem(noun) == _stem(thing) or (thing.endswith(noun)
                                           and len(thing) - len(noun) >= _COMPOUND_PART_LETTERS)


def _owned_thing_of(claim: VerifiedClaim, title: str) -> str | None:
    """:func:`_owned_thing` of a claim, or, for a claim naming nothing that opens with a bare "the <noun>", the
    thing of a name's its page's ``title`` names when the noun is that thing or its compound's head
    (:func:`_heads_meet`): "The wheel has a diameter of 6.4 metres" on the page "The waterwheel of the Kessler
    Mill" -> "waterwheel", the same thing as "The Kessler Mill's waterwheel ..." (the bare definite description
    resolved to the page's thing). None for any other claim ("The beater ..." on that page; "The wheel ..." on the
    page "Kessler Mill")."""
    owned = _owned_thing(claim.text)
    if owned is not None or find_entities(claim.text):
        return owned
    opening = _BARE_THE_NOUN_RE.match(claim.text)
    if opening is None or opening.group(1).casefold() in _DIMENSIONS:
        return None
    cleaned = clean_title(title)
    thing = _owned_thing(cleaned)
    if thing is None and (m := _TITLE_OWNED_OF_RE.match(cleaned)) is not None:
        thing = m.group(1).casefold()
    return thing if thing is not None and _heads_meet(opening.group(1), thing) else None


def _owned_thing(text: str) -> str | None:
    """The noun of the thing of a name's a claim opens with ("The Morrow Head Beacon's lantern is 4 metres tall" ->
    "lantern"): its figures are that thing's, not the name's. None when it opens otherwise, or when the noun names a
    dimension of the name itself ("Halvik's population is 8,300", "The tower's height is ...")."""
    m = _OWNED_RE.match(text or "")
    return None if m is None or m.group(1).casefold() in _DIMENSIONS else m.group(1).casefold()


def _sizes_disagree(a: VerifiedClaim, b: VerifiedClaim, title_a: str, title_b: str) -> list[tuple[str, str, str]]:
    """(kind, value of ``a``, value of ``b``) per dimension of size on which two claims of different pages give
    different figures for one subject (:func:`_size_figures`: "According to the Harbour Board, the tower is 34
    metres tall" on the page "Harlow Point Lighthouse" / "The Harlow Point Lighthouse is 38 metres tall" ->
    [("m", "34 metres", "38 metres")]). The subjects must be one name (one's words within the other's); figures
    dated to different years are of different times (:func:`_frame_year`); a figure whose subject is only
    described ("the tower") is set against one at most :data:`DESCRIBED_SUBJECT_RATIO` times apart."""
    return _figures_disagree(lambda: _size_figures(a, title_a), lambda: _size_figures(b, title_b),
                             lambda: _size_frame_year(a.text), lambda: _size_frame_year(b.text))


def _figures_disagree(figures_a: Callable[[], _SizeFigures], figures_b: Callable[[], _SizeFigures],
                      year_a: Callable[[], int | None], year_b: Callable[[], int | None]) -> list[tuple[str, str, str]]:
    """:func:`_sizes_disagree` of two claims given their :func:`_size_figures` and :func:`_frame_year` (each asked
    for only when needed, as there: a caller comparing many pairs computes each claim's once)."""
    size_a = figures_a()
    described_a, figs_a = size_a.described, size_a.figures
    if not figs_a:
        return []
    size_b = figures_b()
    described_b, figs_b = size_b.described, size_b.figures
    if not _sizes_meet(size_a, size_b) or year_a() != year_b():
        return []
    # a length written before the noun ("the 46-metre chimney") is the thing's extent: the other's one dimension
    # of length ("42 metres tall"), and only within DESCRIBED_SUBJECT_RATIO of it (a 120-metre bridge is no 30-metre
    # high one); two extents are one dimension
    def as_other(figs: list[tuple[str, str, str]], other: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
        lengths = {d for d, _k, _s in other if d != _EXTENT and _SIZE_DIMENSIONS.get(d) == "m"}
        if len(lengths) != 1:
            return figs
        return [((next(iter(lengths)) if d == _EXTENT else d), k, v) for d, k, v in figs]

    extent = any(d == _EXTENT for d, _k, _s in [*figs_a, *figs_b])
    figs_a, figs_b = as_other(figs_a, figs_b), as_other(figs_b, figs_a)
    out = []
    for dim in sorted({d for d, _k, _s in figs_a} & {d for d, _k, _s in figs_b}):
        xs = [(k, s) for d, k, s in figs_a if d == dim]
        ys = [(k, s) for d, k, s in figs_b if d == dim]
        if any(_same_amount(x, y) for x, _s in xs for y, _t in ys):
            continue
        (x, shown_a), (y, shown_b) = xs[0], ys[0]
        amounts = sorted(float(k.split("~", 1)[0]) for k in (x, y))
        if (described_a or described_b or extent) \
                and not (amounts[0] > 0 and amounts[1] / amounts[0] <= DESCRIBED_SUBJECT_RATIO):
            continue
        out.append((_SIZE_DIMENSIONS[dim], shown_a, shown_b))
    return out


def _sizes_meet(a: _SizeFigures, b: _SizeFigures) -> bool:
    """Whether two claims' figures of size (:func:`_size_figures`) may be of one thing: both give figures, and
    their subjects are one name (one's words within the other's) or two descriptions of one thing
    (:func:`_described_alike`)."""
    return bool(a.figures) and bool(b.figures) and bool(a.subject) and bool(b.subject) and (
        a.subject <= b.subject or b.subject <= a.subject or _described_alike(a, b))


def _figures_agree(a: _SizeFigures, b: _SizeFigures, year_a: int | None, year_b: int | None) -> list[tuple[str, str]]:
    """(value of ``a``, value of ``b``) per dimension of size two claims give the same amount of for one thing
    (:func:`_sizes_meet`) of one time (their :func:`_size_frame_year`): "Harlow Point Lighthouse: height 38 m" and
    "The tower is 38 metres tall" on the page "Harlow Point Lighthouse: a history" -> [("38 m", "38 metres")]. []
    when they meet on no amount. A claim so agreeing with a disputed one is one more source of its value
    (:func:`find_disagreements`)."""
    if not _sizes_meet(a, b) or year_a != year_b:
        return []
    return [(shown_a, shown_b) for dim_a, x, shown_a in a.figures for dim_b, y, shown_b in b.figures
            if dim_a == dim_b and dim_a != _EXTENT and _same_amount(x, y)]


def _described_alike(a: _SizeFigures, b: _SizeFigures) -> bool:
    """Whether two subjects only described ("The brine well is 41 metres deep" on the page "Vardholm Salt
    Cooperative", "the well, which is 47 metres deep" on the page "Visiting the Vardholm salt flats") are one thing:
    the same noun, or one the head of the other's compound (:func:`_heads_meet`: "well", "tower"/"watchtower"),
    on pages whose titles share a proper name (:func:`_title_names`). Another noun ("the well" / "the tower") or
    pages of no common name are two things. A subject only described ("the famous brick chimney, 42 metres tall" on
    the page "A Short History of the Korvanne Glassworks") is one with a page's own subject whose title gives its
    noun and one of its page's proper names ("The chimney is 46 metres" on the page "Chimney restoration completed
    at Korvanne Glassworks")."""
    if a.described != b.described:
        told, own = (a, b) if a.described else (b, a)
        stems = {_stem(t) for t in own.subject}
        named = {_stem(t) for t in told.names} & stems - {_stem(told.noun)}
        # a subject of another language described by its own noun ("Die Staumauer ist 84 Meter hoch" on the page
        # "Die Fenholm-Talsperre im Ossertal") is the page's thing, the one named by the page title's proper name
        # and one noun of its kind ("The Fenholm Dam": every word of it but one is a name of the title), or
        # titled by that very name ("Die Strecke ist 4,12 Kilometer lang" on the page "Brantley Motor Circuit")
        title_stems = {_stem(t) for t in told.names}
        kind_only = told.foreign and bool(named) and (len(stems - title_stems) == 1 or title_stems == stems)
        return bool(told.noun) and (_stem(told.noun) in stems or kind_only) and bool(named)
    return a.described and b.described and bool(a.noun) and bool(b.noun) and bool(a.names & b.names) \
        and (_heads_meet(a.noun, b.noun) or _heads_meet(b.noun, a.noun)
             # a noun of another language naming the other's ("Hauptbecken": a pool, shared.text.crosslang)
             or any(_heads_meet(e, n) for x, n in ((a.noun, b.noun), (b.noun, a.noun)) for e in head_english(x)))


def contradicted_by(claim: VerifiedClaim, other: VerifiedClaim) -> bool:
    """Whether the verifier found ``claim`` contested by a passage stating ``other``: a span of ``other``'s source
    labelled "contradicts" whose text holds ``other``'s sentence."""
    if claim.verdict != "contested":
        return False
    sentence = " ".join(_sentence_text(other.text).split())
    return bool(sentence) and any(
        span.label == "contradicts" and str(span.source_id) == str(other.source_id)
        and sentence in " ".join(span.text.split()) for span in claim.spans)


def _names_foreign(text: str, other: str) -> bool:
    """Whether a claim names something the other claim (its sentence and its page's title) does not: a name of
    two words or more, or one word not opening the sentence ("Vardholmen Saltworks" against a claim about the
    Vardholm Salt Cooperative; not "Guides" opening "Guides explain ...")."""
    held = set(tokenize(other))
    return any(not set(tokenize(e)) <= held for e in find_entities(text)
               if tokenize(e) and (len(e.split()) > 1 or not text.lstrip().startswith(e)))


def _verifier_disagrees(a: VerifiedClaim, b: VerifiedClaim, title_a: str, title_b: str,
                        values_a: dict[str, dict[str, str]], values_b: dict[str, dict[str, str]]
                        ) -> list[tuple[str, str, str]]:
    """(kind, value of ``a``, value of ``b``) per kind of value (:func:`_values`: a unit such as "m"; years and
    dates aside) that two claims of different pages both give, without a shared amount, when the verifier found one
    contested by a passage stating the other (:func:`contradicted_by`): "The brine well is 41 metres deep."
    contested by "Guides explain how the brine is lifted from the well, which is 47 metres deep, by a pump." ->
    [("m", "41 metres", "47 metres")]. None when either names something the other does not
    (:func:`_names_foreign`: a look-alike's figure contradicts nothing of the thing asked about)."""
    if not (contradicted_by(a, b) or contradicted_by(b, a)):
        return []
    if _names_foreign(a.text, f"{b.text} {title_b}") or _names_foreign(b.text, f"{a.text} {title_a}"):
        return []
    out = []
    for kind in sorted(set(values_a) & set(values_b)):
        if kind in ("year", "date") or any(_same_amount(x, y) for x in values_a[kind] for y in values_b[kind]):
            continue
        out.append((kind, next(iter(values_a[kind].values())), next(iter(values_b[kind].values()))))
    return out


class _CountFigure(NamedTuple):
    """A count a claim states of a named holder (:func:`_count_figures`)."""

    noun: str  #: the noun counted, as :func:`_values` keys it ("hives")
    counted: str  #: the kind counted (:func:`_counted_kind`: the noun, or :data:`WORKFORCE` for "people" employed)
    key: str  #: the amount key (:func:`_amount_key`)
    shown: str  #: the count as written ("3,400 hives")
    holder: frozenset[tuple[str, ...]]  #: the names (their tokens) of the count's clause
    year: int | None  #: :func:`claim_year` of the claim (no page's year)


#: nouns of persons that count a workforce when their clause says they work there ("employs 30 people")
_PERSON_NOUNS = frozenset("people persons person".split())
#: a clause saying its persons work for its holder: "employs 30 people", "30 people work at ...", "a workforce of"
_WORKING_RE = re.compile(r"\b(?:employ(?:s|ed|ing)?|work(?:s|ed|ing)?|workforce|payroll|staffed|jobs?\s+for)\b",
                         re.IGNORECASE)
#: the counted kind of a workforce, whichever noun counts it (:func:`_counted_kind`)
WORKFORCE = "employees"
#: the counted kind of how many a place holds at once, whichever noun counts it (:func:`_counted_kind`: "310 seats",
#: "seats 240 spectators", "holds up to 300 people")
CAPACITY = "seats"
#: nouns of time a question may count ("How many years ...?"): years and dates may answer it
_TIME_NOUNS = frozenset("year decade century month week day hour minute season".split())


def _counted_kind(noun: str, clause: str, shown: str = "") -> str:
    """The kind a count of ``noun`` in ``clause`` (``shown``: the count as written there) counts: :data:`WORKFORCE`
    for a count of those who work somewhere ("12 employees", "40 staff", "300 workers"; "30 people" or "30 persons"
    when the clause says they work there: "The mill employs 30 people", "30 people work at the mill"), so pages
    counting one workforce in other words disagree; :data:`CAPACITY` for how many a place holds at once
    (:func:`shared.text.quantity.capacity_count`: "310 seats", and people, visitors or spectators after a word of
    holding: "seats 240 spectators", "holds up to 300 people"); else ``noun`` ("3,000 people" who visited are
    visitors, not a workforce)."""
    low = noun.lower()
    toks = set(tokenize(low))
    at, number = (clause.find(shown) if shown else -1), re.match(r"\d[\d.,]*", shown)
    if toks & set(SEAT_NOUNS) or (toks & (PEOPLE_NOUNS | VISITOR_NOUNS) and number is not None and at >= 0
                                  and capacity_count(clause, at, at + number.end())):
        return CAPACITY
    # the nouns a question counts a workforce by (shared.text.quantity.WORKFORCE_NOUNS: "12 employees", "40 staff")
    if set(tokenize(low)) & set(WORKFORCE_NOUNS) or (low in _PERSON_NOUNS and _WORKING_RE.search(clause)):
        return WORKFORCE
    return noun


def _holder_name(entity: str) -> str:
    """``entity`` without a sentence's opening adverb run into it ("Today the Orlen Mill" -> "Orlen Mill":
    :func:`_opening_word_names_nothing`), so "Today the Orlen Mill has 12 employees" counts the Orlen Mill's."""
    m = re.match(r"([^\W\d_]+)(\s*,?\s+(?:the|a|an)\s+\S.*)$", entity, re.IGNORECASE)
    if m and _opening_word_names_nothing(m.group(1).casefold(), m.group(2)):
        return re.sub(r"^[\s,]*(?:the|a|an)\s+", "", m.group(2), flags=re.IGNORECASE)
    return entity


#: "whose" ending the text before a relative clause: the clause's counts are of the name it follows
_WHOSE_RE = re.compile(r"\bwhose\s*$", re.IGNORECASE)
#: what stands between a name and the place it is in ("the Orla Hall in Stenby, whose ..."): a preposition of place
_PLACED_RE = re.compile(r"\s+(?:in|at|near|outside|on)\s+(?:the\s+)?", re.IGNORECASE)


def _antecedent(before: str) -> frozenset[tuple[str, ...]]:
    """The name (its tokens, as :func:`_count_figures` keys a holder) a relative clause opening with "whose" is of,
    ``before`` being the text up to that "whose": the last name it gives ("..., the Orla Hall, whose ..."), or the
    name before it when only a preposition of place stands between (:data:`_PLACED_RE`: "the Orla Hall in Stenby,
    whose hall holds 310 seats" -> {("orla", "hall")}). Empty when ``before`` names nothing."""
    text = _WHOSE_RE.sub("", before).rstrip(" ,")
    spots = sorted({(m.start(), m.end()) for e in set(find_entities(text)) for m in re.finditer(re.escape(e), text)})
    spots = [s for s in spots if not any(o != s and o[0] <= s[0] and s[1] <= o[1] for o in spots)]  # longest only
    if not spots or text[spots[-1][1]:].strip(" ,"):
        return frozenset()
    k = len(spots) - 1
    while k > 0 and _PLACED_RE.fullmatch(text[spots[k - 1][1]:spots[k][0]]):
        k -= 1
    toks = tuple(t for t in tokenize(_holder_name(text[spots[k][0]:spots[k][1]])) if not t[:1].isdigit())
    return frozenset({toks}) if toks else frozenset()


#: a record's labelled count read with its holder: "The Brask Canal's number of locks: 23."
_LABELLED_COUNT_RE = re.compile(r"(?P<holder>(?:The\s+)?[A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+)*[A-Z][\w'’\-]*){0,6})['’]s?\s+"
                                r"(?:total\s+)?(?:number|count)\s+of\s+(?P<noun>[a-z][a-z\-]+):\s*"
                                r"(?P<n>\d[\d,]*)\.?")
#: the name a count is of, right after it: " of the Brask Canal" (capitalised words, "of"/"the" between them)
_COUNT_OF_NAME_RE = re.compile(r"\s+of\s+(?P<name>(?:the\s+)?[A-Z][\w'’\-]*(?:\s+(?:of\s+|the\s+)*[A-Z][\w'’\-]*)*)")
#: a clause after a coordinating word that opens with a verb, no subject of its own: "and has 23 locks", "but
#: counts 23 locks" (not "and we passed 23 locks", "and the flight has 9 locks")
_SHARED_SUBJECT_RE = re.compile(r"\s*(?!(?:the|a|an|we|i|you|they|he|she|it|its|their|his|her|our|this|that|these|"
                                r"those|there|each|every|all|some|one)\b)[a-z]+(?:s|ed)\b")


def _count_figures(claim: VerifiedClaim) -> list[_CountFigure]:
    """The counts of a noun ``claim`` states of a named holder: each number right before a noun (:func:`_values`;
    units of measure, years and dates aside) whose clause (up to :data:`_FIGURE_CLAUSE_BREAK`) names one or more
    names (:func:`find_entities`, an opening adverb run into one aside: :func:`_holder_name`; "counted 3,400 hives
    on Varnö", "Varnö had 2,900 hives in 2023": the holder {Varnö}), dated by the claim's newest year
    (:func:`_sentence_year`). The noun is the kind counted (:func:`_counted_kind`: "employs 30 people" and "has 12
    employees" both count the workforce, :data:`WORKFORCE`). Seats a relative clause naming nothing gives are of
    the name "whose" follows (:func:`_antecedent`: "the Orla Hall in Stenby, whose hall holds 310 seats"). A count in a clause naming nothing ("kept by about 260
    beekeepers") or of a thing of a name's ("Kvarnvik's harbour has 40 boats": :func:`_owned_thing`) has no holder
    of its own here: []."""
    text = claim.text
    # a record's labelled count ("The Brask Canal's number of locks: 23.") counts the noun of the name before it
    if (m := _LABELLED_COUNT_RE.fullmatch(text.strip())) is not None:
        text = f"{m.group('holder')} has {m.group('n')} {m.group('noun')}."
    if _owned_thing(text) is not None:
        return []
    units = {*_UNITS, *_UNITS.values(), *_BASE_UNITS, "year", "date"}
    counted = {kind: entries for kind, entries in _values(text).items()
               if kind not in units and kind.isalpha() and len(kind) > 2}
    if not counted:
        return []
    year = claim_year(text)
    breaks = [0, *(m.end() for m in _FIGURE_CLAUSE_BREAK.finditer(text)), len(text)]
    # a difference between two values ("aged 8 months longer than X", "300 more visitors than in 2022") is no count
    # its holder has (shared.text.sizes.difference_spans)
    differences = difference_spans(text)
    out = []
    for kind, entries in counted.items():
        for key, shown in entries.items():
            at = text.find(shown)
            if at < 0 or (_YEAR.match(shown) and re.search(r"\b(?:the|its|this|that)\s+$", text[:at], re.IGNORECASE)):
                continue  # "the 2023 census" is a census's year, not 2,023 of them
            if any(s <= at < e for s, e in differences):
                continue
            start = max(b for b in breaks if b <= at)
            end = min(b for b in breaks if b >= at + len(shown))
            # "all 41 locks of the Brask Canal": the count is of the name after its "of", not of the clause's subject
            of_name = _COUNT_OF_NAME_RE.match(text, at + len(shown))
            clause = of_name.group("name") if of_name else text[start:end]
            holder = frozenset(toks for e in find_entities(clause)
                               if (toks := tuple(t for t in tokenize(_holder_name(e)) if not t[:1].isdigit())))
            if not holder and start > 0 and _SHARED_SUBJECT_RE.match(text, start):
                # a predicate coordinated with the sentence's first ("The Brask Canal is 54 km long and has 23
                # locks"): its subject is the first clause's, the names that clause opens with
                holder = frozenset(toks for e in find_entities(text[:breaks[1]]) if text[:breaks[1]].find(e) <= 4
                                   if (toks := tuple(t for t in tokenize(_holder_name(e)) if not t[:1].isdigit())))
            counted_kind = _counted_kind(kind, text[start:end], shown)
            if not holder and counted_kind == CAPACITY and _WHOSE_RE.search(text[:start]):
                # "the Orla Hall in Stenby, whose hall holds 310 seats": the seats of the name "whose" follows
                holder = _antecedent(text[:start])
            if holder:
                out.append(_CountFigure(kind, counted_kind, key, shown, holder, year))
    return out


def _counts_disagree(fa: list[_CountFigure], fb: list[_CountFigure]) -> list[tuple[str, _CountFigure, _CountFigure]]:
    """(kind counted, count of the first claim, count of the second) for each kind (:attr:`_CountFigure.counted`)
    two claims of different pages count of the same holder in the same year (or both undated) with amounts that
    differ (:func:`_count_figures`): "The 2023 survey counted 3,400 hives on Varnö" / "Varnö had 2,900 hives in
    2023" -> [("hives", 3,400 hives, 2,900 hives)], however each sentence is worded; "The mill employs 30 people" /
    "Today the mill has 12 employees" -> [(:data:`WORKFORCE`, 30 people, 12 employees)]. A kind either claim also
    counts at the other's amount is no disagreement."""
    out = []
    for counted in sorted({f.counted for f in fa} & {f.counted for f in fb}):
        pairs = [(x, y) for x in fa if x.counted == counted for y in fb if y.counted == counted
                 and x.holder == y.holder and x.year == y.year]
        if not pairs or any(_same_amount(x.key, y.key) for x, y in pairs):
            continue
        x, y = pairs[0]
        out.append((counted, x, y))
    return out


class _AskedCount(NamedTuple):
    """The one count of the noun a question counts that a claim gives (:func:`_asked_count`)."""

    key: str  #: the amount key (:func:`_amount_key`)
    shown: str  #: the count with its noun, as a lead says it ("86,400 people", "68,400 visitors")
    year: int  #: the year it is of (:func:`claim_year`)
    subject: frozenset[str]  #: the name tokens it is of: the names its clause gives, or its page title's


#: the words of days and months (:data:`shared.text.hours.CYCLES`): a date, never the name a count is of
_CALENDAR_WORDS = frozenset(w for cycle in CYCLES for forms in cycle for w in forms)
#: the counted word right after a count ("86,400 people"), or a record's label before it ("visitors 68,400")
_WORD_AFTER_RE = re.compile(r"\s+([^\W\d_][\w'’-]*)")
_LABEL_BEFORE_RE = re.compile(r"([^\W\d_][\w'’-]*)\s*(?:\([^)]*\))?\s*:?\s*$")


def _asked_count(claim: VerifiedClaim, title: str, nouns: tuple[str, ...]) -> _AskedCount | None:
    """The count of ``nouns`` (tokens, as :func:`shared.text.quantity.counted_nouns` gives a question's, synonyms
    and the nouns of one quantity counted alike by :func:`shared.text.quantity.counts`: "86,400 people attended",
    "68,400 visitors", "Year 2025: visitors 68,400", "the attendance was 68,400" all count people who came) that
    ``claim`` gives, when it gives exactly one and writes the year it is of (:func:`claim_year`), with the names it
    is of: the names its clause gives (:data:`_FIGURE_CLAUSE_BREAK`; a single capitalised word opening it, "Total
    attendance ...", "Year 2025: ...", and days and months aside), else the proper names of its page's ``title``
    (:func:`_title_names`). None otherwise (no count of them, several, no
    year, or nothing naming its subject). Never raises."""
    found = list(dict.fromkeys(counts(claim.text, nouns))) if nouns else []
    year = claim_year(claim.text) if len(found) == 1 else None
    if year is None:
        return None
    text = claim.text
    at = text.find(found[0])
    breaks = [0, *(m.end() for m in _FIGURE_CLAUSE_BREAK.finditer(text)), len(text)]
    clause = text[max(b for b in breaks if b <= max(at, 0)):min(b for b in breaks if b >= at + len(found[0]))]
    named = [toks for e in find_entities(clause) if (toks := name_tokens(e))
             and (len(toks) > 1 or not clause.lstrip().startswith(e)) and not set(toks) <= _CALENDAR_WORDS]
    subject = frozenset(t for toks in named for t in toks) or _title_names(title)
    key = _amount_key_of(f"{found[0]} people")
    if at < 0 or not subject or key is None:
        return None
    after = _WORD_AFTER_RE.match(text, at + len(found[0]))
    word = after.group(1) if after and not is_stopword(after.group(1).lower()) else ""
    if not word:  # a record's row: its label is the noun ("visitors 68,400"), else the one the question counts
        label = _LABEL_BEFORE_RE.search(text[:at])
        word = label.group(1).lower() if label and _plural_noun(label.group(1).lower()) else \
            next((n if n in _IRREGULAR_PLURALS else f"{n}s" for n in nouns), "")
    return _AskedCount(key, f"{found[0]} {word}".strip(), year, subject)


def _asked_counts_disagree(a: _AskedCount, b: _AskedCount) -> bool:
    """Whether two claims' counts of the noun a question counts (:func:`_asked_count`) are of one subject and one
    year with different amounts: one subject when their name tokens are equal, or the fewer, two tokens at least,
    are all among the others' ("Orvell Jazz Days" and "Orvell Jazz Days Annual Report"; the town "Orvell" and the
    festival are two; "Old Orvell Jazz Week" and "Orvell Jazz Days" too)."""
    if a.year != b.year or _same_amount(a.key, b.key):
        return False
    small, large = sorted((a.subject, b.subject), key=len)
    return small == large or (len(small) >= 2 and small <= large)


def dispute_subject(claims: list[VerifiedClaim], titles: dict[str, str], question: str) -> str:
    """What the disagreeing ``claims`` give figures of, as written, when the question does not name it: the longest
    name (of the claims' names and their pages' titles, :func:`clean_title`) that is every claim's subject
    (:func:`_name_roles`: the name it opens with, else its page's title; never a name it only mentions, such as
    the authority it quotes), so "The sources disagree — Corvan E5:
    1.9 kg [1]; 2.4 kg [2]." says whose weight it is. "" when a name the question gives is part of it ("Mount
    Kora" of the pages "Mount Kora guide 1", "... 2": the line stands under a question that says what it is about)
    or the claims share no name."""
    if not claims:
        return ""
    named = [_name_roles(c, titles.get(str(c.source_id), ""))[0] for c in claims]
    # the names the question gives ("Mount Kora", "Corvan E5"): a subject sharing one is the one it asks about
    asked = {t for e in find_entities(question) for t in tokenize(_VALUE_RE.sub(" ", e))}
    found: list[tuple[int, str, set[str]]] = []
    for c in claims:
        for name in [*find_entities(c.text), clean_title(titles.get(str(c.source_id), ""))]:
            toks = set(tokenize(_VALUE_RE.sub(" ", name)))
            if toks and all(toks <= n for n in named):
                found.append((len(toks), name.strip(), toks))
    if not found:
        return ""
    _n, best, toks = max(found, key=lambda f: f[0])
    return "" if toks & asked else best


def size_dispute_topic(claims: list[VerifiedClaim], titles: dict[str, str], shown: list[str] | None = None) -> str:
    """What disagreeing size figures (``claims``, each of the page ``titles`` gives by source id) are of, in English:
    "the length of the harbour line" for "The line is 2.4 km long" on the page "The harbour line" and "The harbour
    line: Our trams run along 3.1 km of track" (:func:`_size_figures`): their one common dimension of size and the
    words naming their common subject as a label, a page title or an opening name writes them. "" when a claim
    states no size, the claims share no one dimension or subject, or nothing writes the subject; and when ``shown``
    (the disputed values as written, one a claim) holds a value that is none of its claim's size figures ("3 locks"
    of "The cut is 6.2 kilometres long and has 3 locks": a count, no length). Never raises."""
    if len(claims) < 2:
        return ""
    sized = [(c, titles.get(str(c.source_id), ""), _size_figures(c, titles.get(str(c.source_id), ""))) for c in claims]
    if any(not f.figures or not f.subject for _c, _t, f in sized):
        return ""
    if shown is not None and any(_amount_key_of(v) not in {k for _d, k, _s in f.figures}
                                 and not any(v in s or s in v for _d, _k, s in f.figures)
                                 for v, (_c, _t, f) in zip(shown, sized)):
        return ""
    # a figure right after another thing described by "a"/"an" is that thing's ("stands beside a quay 300 metres
    # long"), whatever the sentence opens with: its subject is not said
    if any(re.search(rf"\b(?:a|an)\s+[a-z][\w-]*\s+{re.escape(shown)}", c.text)
           for c, _t, f in sized for _d, _k, shown in f.figures):
        return ""
    dims = set.intersection(*({d for d, _k, _s in f.figures} for _c, _t, f in sized))
    if len(dims) != 1 or (dim := next(iter(dims))) == _EXTENT:
        return ""
    common = set.intersection(*(set(f.subject) for _c, _t, f in sized))
    if not common:
        return ""
    phrases: list[str] = []
    for c, title, _f in sized:
        if (label := _THING_LABEL_RE.match(c.text)) is not None:
            phrases.append(f"the {label.group(1)}")
        phrases.append(clean_title(title))
        phrases.append(opening_name(c.text) or "")
    for phrase in phrases:
        if phrase and set(tokenize(phrase)) == common:
            written = re.sub(r"^(?:the|The)\s+", "", phrase.strip())
            article = "the " if written[:1].islower() or written != phrase.strip() or any(
                f"The {written}" in c.text for c, _t, _f in sized) else ""
            return f"the {dim} of {article}{written}"
    return ""


def of_other_thing(claims: list[tuple[VerifiedClaim, str]], titles: dict[str, str], question: str) -> bool:
    """Whether disagreeing values (``claims``: each claim with its value as written) are all sizes of a thing other
    than every one the question names (issue 9, g44 fault A): each value is a figure :func:`_size_figures` reads of
    a subject (its name, or its page title's names when only described) that contains no name the question gives,
    so "ends at Kestrel Summit station, which lies at 2,041 m" / "Kestrel Summit, at 2,063 m" is no dispute of
    "What is the elevation of Morlach station?". False when the question names nothing, or any value is not read
    as a size of a subject (the dispute is then judged as before), and for a question asking which thing it is ("Which
    anchor forged at the Drellby Works weighs the most?": the Old Maud's weights are the answer's)."""
    asked = [toks for e in find_entities(question) if (toks := set(tokenize(_VALUE_RE.sub(" ", e))))]
    if not asked or not claims or answer_type(question) == "which":
        return False
    for claim, shown in claims:
        sizes = _size_figures(claim, titles.get(str(claim.source_id), ""))
        digits = re.sub(r"\D", "", shown)
        if not digits or not any(re.sub(r"\D", "", written) == digits for _f, _k, written in sizes.figures):
            return False
        subject = sizes.subject | (sizes.names if sizes.described else frozenset())
        if not subject or any(n <= subject for n in asked):
            return False
    return True


#: what lies between a figure's subject and the figure: an optional year it is of ("the Great Tobias of 1911,") and at
#: most four lower-case words, the verb and a hedge ("weighs", "weighs about", "is said to weigh"), none a
#: determiner or conjunction opening another noun phrase
_FIGURE_SUBJECT_GAP_RE = re.compile(r"^(?:\s+of\s+\d{3,4})?\s*,?\s*(?:(?!(?:the|a|an|and|or|its|their|his|her|of|with)\s)"
                                    r"[a-z]+\s+){1,4}$")


def _value_dimensions(claim: VerifiedClaim, titles: dict[str, str], shown: str) -> set[str]:
    """The dimensions of size (:data:`_SIZE_DIMENSIONS`) :func:`_size_figures` reads value ``shown`` (as written)
    as in ``claim`` (its page title from ``titles`` by source id): {"length"} for "91 metres" of "The pool is 91
    metres long". Empty when it reads the value as no size."""
    return {f for f, _k, written in _size_figures(claim, titles.get(str(claim.source_id), "")).figures
            if written == shown or written in shown or shown in written}


def _figure_subject(text: str, shown: str) -> str:
    """The name a figure ``shown`` (as written in ``text``) is stated of: the last name (:func:`find_entities`)
    before it with only its verb between (:data:`_FIGURE_SUBJECT_GAP_RE`), without a year it is of ("The heaviest
    bell the foundry cast, the Great Tobias of 1911, weighs 6.4 tonnes" and "Our guide said the Great Tobias weighs
    about 9 tonnes": "Great Tobias"). "" when the figure is not in the text or no name stands right before it."""
    at = text.find(shown)
    if at <= 0:
        return ""
    before = text[:at]
    names = [e for e in find_entities(before) if not _VALUE_RE.fullmatch(e.strip())]
    if not names:
        return ""
    name = names[-1].strip()
    end = before.rfind(name)
    if end < 0 or not _FIGURE_SUBJECT_GAP_RE.match(before[end + len(name):]):
        return ""
    return re.sub(r"\s+of\s+\d{3,4}$", "", name)


def figure_topic(claims: list[tuple[VerifiedClaim, str]], titles: dict[str, str], question: str = "") -> str:
    """What disagreeing figures (``claims``: each claim with its value as written; ``titles``: page titles by source
    id) are of, in English, when every value is stated of one name (:func:`_figure_subject`): "the weight of the
    Great Tobias" for "... the Great Tobias of 1911, weighs 6.4 tonnes" / "Our guide said the Great Tobias weighs
    about 9 tonnes" (their one common dimension of size: :func:`_size_figures` of the value, else the dimensions its
    sentence names; task h14). "" when a value is stated of no name or of another one, a claim is not in English,
    the figures share no one dimension of size (years, counts), or the name is one ``question`` gives (the line
    stands under a question that says what it is about, as :func:`dispute_subject`'s)."""
    if len(claims) < 2 or any(detect_language(c.text) != "en" for c, _s in claims):
        return ""
    subjects = [_figure_subject(c.text, shown) for c, shown in claims]
    if not subjects[0] or any(set(tokenize(s)) != set(tokenize(subjects[0])) for s in subjects):
        return ""
    asked = {t for e in find_entities(question) for t in tokenize(_VALUE_RE.sub(" ", e))}
    if set(tokenize(subjects[0])) & asked:
        return ""
    name = subjects[0]
    article = "the " if any(re.search(rf"\bthe\s+{re.escape(name)}", c.text, re.IGNORECASE) for c, _s in claims) else ""
    dims: set[str] | None = None
    for claim, shown in claims:
        # (else the dimension the words from its subject to it, and those right after it, name: "the Great Tobias
        # weighs about 9 tonnes, which ...")
        start, end = claim.text.find(name), claim.text.find(shown) + len(shown)
        near = claim.text[max(start, 0):end] + re.split(r"[,.;]", claim.text[end:end + 20])[0]
        own = _value_dimensions(claim, titles, shown) or {d for d in _dimensions(near) if d in _SIZE_DIMENSIONS}
        dims = own if dims is None else dims & own
    if dims is None or len(dims) != 1 or (dim := next(iter(dims))) == _EXTENT:
        return ""
    return f"the {dim} of {article}{name}"


def of_other_dimension(claims: list[tuple[VerifiedClaim, str]], titles: dict[str, str], question: str) -> bool:
    """Whether disagreeing values (``claims``: each claim with its value as written; ``titles``: page titles by
    source id) are all figures stated as another dimension of size than every one ``question`` asks (task h14):
    :func:`_size_figures` reads each as a length ("91 metres long", "length 91 m", "91 Meter lang"), and the question
    asks a depth or a width ("How deep is the main pool?"), so lengths are no dispute of its answer, though their unit
    is the one asked. False when the question asks no dimension of size, or any value is read as no size, as its
    one extent ("the 46-metre chimney"), as a dimension asked or as one measured in another unit than each asked
    (a run time, for "How long does it run?")."""
    asked = {d for d in _dimensions(question) if d in _SIZE_DIMENSIONS}
    if not asked or not claims:
        return False
    units = {_SIZE_DIMENSIONS[d] for d in asked}
    for claim, shown in claims:
        dims = _value_dimensions(claim, titles, shown)
        # (a figure in another unit than each dimension asked, "2.5 hours" of "How long does it run?", is judged
        # by its unit as before)
        if not dims or dims & (asked | {_EXTENT}) or not {_SIZE_DIMENSIONS[d] for d in dims} & units:
            return False
    return True


def newer_stands(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> list[VerifiedClaim]:
    """``claims`` with each contested claim that only older pages dispute read as supported, for a question asking
    for the latest or current state (:func:`asks_latest`): "A return ticket costs 39 francs" on a page current as of
    March 2025 is the current fare though a page last updated in 2023 says 36 francs (that claim stays contested;
    its page is superseded, :func:`superseded`). A contested claim is promoted when its page is dated
    (:func:`source_date`), it takes part in a disagreement among the contested claims (:func:`find_disagreements`),
    and every other value of each such disagreement is a claim of a page dated earlier. ``claims`` unchanged for any
    other question. Never raises."""
    if not asks_latest(question):
        return claims
    contested = [c for c in claims if c.verdict == "contested" and c.spans]
    if len(contested) < 2:
        return claims
    disputes = find_disagreements(contested, {sid: s.title for sid, s in sources.items()})
    standing: set[str] = set()
    for c in contested:
        mine = source_date(sources.get(str(c.source_id)))
        taking = [d for d in disputes if any(contested[i].claim_id == c.claim_id for i, _v in d.values)]
        others = [contested[i] for d in taking for i, _v in d.values if contested[i].claim_id != c.claim_id]
        if mine and taking and others and all(
                (when := source_date(sources.get(str(o.source_id)))) is not None and when < mine for o in others):
            standing.add(str(c.claim_id))
    return [c.model_copy(update={"verdict": "supported"}) if str(c.claim_id) in standing else c for c in claims]

#: a sentence stating that its figure revises an earlier one: "revised the depth of the wreck to 127 metres",
#: "corrected the count to 412", "was updated to 3.2 km", "has been re-measured at 96 m"
_REVISED_RE = re.compile(r"\b(?:revis|correct|amend|updat|re-?measur|re-?estimat|re-?calculat|re-?assess)(?:e|es|ed|ing)?"
                         r"\b[^.;:]*?\b(?:to|at|as)\s+(?:about\s+|some\s+|around\s+|roughly\s+|nearly\s+)?\d",
                         re.IGNORECASE)


def _revises(text: str, other: dict[str, dict[str, str]], own: dict[str, dict[str, str]], *,
             changes: bool = False) -> bool:
    """Whether the claim ``text`` (its figures ``own``, :func:`_values`) revises a figure the claim of values
    ``other`` states: it says its figure revises an earlier one (:data:`_REVISED_RE`: "The survey revised the depth
    of the wreck to 127 metres, deeper than the 112 metres reported in 2019") and writes that other figure too, of
    the same kind ("112 metres" against "lies at a depth of 112 metres"). The two give the old and the new value of
    one figure, no disagreement. So does one giving its own figure of a year and setting it against the other's
    figure as one of an earlier year ("has found that X is 3,298 metres high, 14 metres lower than the 3,312 metres
    measured in 1896", :func:`_dated_figures`: the figure it compares its own with, dated before its own).
    ``changes``: the claim may also say its figure changed (:func:`shared.text.sizes.states_change`: "is now 264 km
    long, up from 251 km", "has been extended to 264 km" writing the 251 km too), for a claim of a dated page of no
    casual kind asked a present figure (:func:`updates_figure`)."""
    kinds = [k for k in other if k not in ("year", "date") and k in own]
    if not _REVISED_RE.search(text) and not (changes and states_change(text)):
        return any(_older_quoted(_dated_figures(text, own, kind), other[kind]) for kind in kinds)
    return any(_same_amount(x, y) for kind in kinds for x in other[kind] for y in own[kind])


def _older_quoted(figures: list[_DatedFigure], other: dict[str, str]) -> bool:
    """Whether ``figures`` (one claim's :func:`_dated_figures` of a kind) quote an amount of ``other`` (another
    claim's figures of that kind: key -> as written) as the figure they compare their own with, dated to a year
    before every year of the claim's own figures of another amount (each dated)."""
    for quoted in (f for f in figures if not f.own):
        then = int(quoted.year) if quoted.year is not None else None
        mine = [f for f in figures if f.own and not _same_amount(f.key, quoted.key)]
        if then is not None and mine and all(f.year is not None and int(f.year) > then for f in mine) \
                and any(_same_amount(quoted.key, x) for x in other):
            return True
    return False


def revised_lead(texts: list[str], lead: list[int], order: list[int], updates: Mapping[int, str] | None = None,
                 dates: Sequence[str | None] = ()) -> list[int]:
    """``lead`` (indices into ``texts``) with each claim whose figure another claim revises (:func:`_revises`: "The
    wreck lies at a depth of 112 metres" beside "The survey revised the depth of the wreck to 127 metres, deeper than
    the 112 metres reported in 2019") replaced by the first revising claim of ``order`` (the claims by relevance):
    the older figure is superseded, never the answer. ``updates``: the claims saying their figure changed, each with
    its page's date (:func:`updates_figure`: "is now 264 km long, up from 251 km"), and ``dates``: each claim's page
    date (or None): such a claim revises a figure of the kind it states on an older page, whether or not it writes
    that figure as the old one ("251 km" of a trail page of 2021, "280 km" of a forum post of 2023). ``lead``
    unchanged when no claim revises one of it."""
    updates = updates or {}
    out = []
    for i in lead:
        mine = _values(texts[i])
        then = dates[i] if i < len(dates) else None
        by = next((j for j in order if j != i and (_revises(texts[j], mine, _values(texts[j]), changes=j in updates)
                                                   or _updates_older(mine, then, _values(texts[j]), updates.get(j)))),
                  None)
        out.append(i if by is None else by)
    return list(dict.fromkeys(out))


def _updates_older(mine: dict[str, dict[str, str]], then: str | None, own: dict[str, dict[str, str]],
                   when: str | None) -> bool:
    """Whether a claim of figures ``own`` saying its figure changed, on a page of date ``when`` (None: it says no
    change, :func:`revised_lead`'s ``updates``), updates a claim of figures ``mine`` on an older page (of date
    ``then``): both dated, the update's newer, and they state figures of one kind (:func:`_values`; years and
    dates are none)."""
    kinds = {k for k in mine if k not in ("year", "date")}
    return when is not None and then is not None and then < when and bool(kinds & set(own))


def updates_figure(question: str, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> bool:
    """Whether ``claim`` saying that a figure changed updates an older page's figure for ``question``: the question
    asks a present figure (a count or a measure in the present tense, "How long is X?", naming no year and no
    earlier time, as :func:`older_values` reads one), the claim says its figure changed
    (:func:`shared.text.sizes.states_change`: "is now 264 km long, up from 251 km"; of a standing measure asked,
    :func:`standing_measure`, no year's total: :func:`_period_figure`), and its page is dated
    (:func:`services.synthesizer.provenance.source_date`) and of no casual kind (:data:`_CASUAL_KINDS`: a forum
    poster's "it is now 340 km" reports no change). Such a claim is read as a "latest" question's newest source is:
    it revises the figure it writes as the old one (:func:`revised_lead`) and supersedes older pages
    (:func:`services.synthesizer.provenance.superseded`). Never raises."""
    if answer_type(question) not in FIGURE_TYPES or asked_years(question) or _ASKS_PAST_RE.search(question) \
            or past_framed(question) or not states_change(claim.text):
        return False
    if standing_measure(question) and _period_figure(question, claim.text):
        # a year's total that changed ("production ... fell to 1,185 tonnes in 2023") updates no standing measure
        # asked (a wheel's weight): another figure of the same kind
        return False
    info = sources.get(str(claim.source_id))
    return info is not None and bool(source_date(info)) and info.kind not in _CASUAL_KINDS


def find_disagreements(claims: list[VerifiedClaim], titles: dict[str, str] | None = None,
                       context: list[VerifiedClaim] | None = None, counted: tuple[str, ...] = ()) -> list[Disagreement]:
    """Where claims of different sources give different values (numbers, dates, names) about the same thing.

    ``titles``: source id -> page title; a claim that names nothing is about its page's title (without titles:
    about its page alone), or, when it opens with a noun of a name its page gave before (:func:`_referred_names`;
    ``context``: every claim of the run, of which the earlier sentence may be), about that name. Units written in several ways are one kind ("41 metres" and "45 m" disagree), and
    amounts are compared in one unit of their kind, scale words applied, within the precision each is written
    with: "1,200 m" and "1.45 km" disagree, "1,200 m" and "1.2 km" or "3 million" and "3,000,000" do not. Names
    (kind ``"name"``): two claims with the same subject that say the same thing but each with a name the other
    lacks (:func:`_name_disagreement`: "designed by Ann Lee" / "designed by Bo Chen").

    Two claims are about the same thing when the words they share, numbers left out, are at least
    ``SAME_THING_JACCARD`` of their words and the names of one are all names of the other (Peart's induction
    year and Copeland's are two things; a claim that names nothing is about its own page). They disagree on a kind of value (a unit such as "m", or "year") when
    both state that kind and no value of it is shared. Values about different things are no contradiction: two
    claims whose other years differ ("in 2019 ... 1,200"; "in 2020 ... 1,450") are about different times (both
    must state years: :func:`_years_apart`), nor is a figure its page dates as one of a series (the page gives the
    figure now and that year's: "A single ticket costs 9.40 crowns." / "In 2023 the same ticket cost 8.10 crowns.")
    set against an undated figure of another page, and
    claims of the same source are never set against each other, nor claims of pages told apart by their titles'
    brackets ("Counterparts (album)", "Counterparts (song)"), unless each attributes its figure to another named
    authority (:func:`_authorities_disagree`: "The Heritage Society's guide states that the viaduct is 38 metres
    high" / "The County Survey records a height of 41 metres": the page states the disagreement). Two pages that give
    one thing's height, length, depth, width or weight differently disagree however each sentence is worded
    (:func:`_sizes_disagree`: "According to the Harbour Board, the tower is 34 metres tall" on the page "Harlow Point
    Lighthouse" / "The Harlow Point Lighthouse is 38 metres tall"); figures of different dimensions ("51 metres
    long", "47 metres tall") never disagree, nor a thing of a name's and the name (:func:`_owned_thing`: "The
    Beacon's lantern is 4.5 metres tall" / "The Beacon is 47 metres tall"). Dates are set against each other by what they are
    the dates of (:func:`_dated_events`), when both claims say it: the same event of one subject
    (:func:`_same_subject`) dated differently disagrees however the claims are worded ("The town was founded in
    1810" on the page "Port Vellan", "Port Vellan, established in 1811, ..."), and dates of different events do not
    ("founded in 1810", "its fishing school was founded in 1811"); a date with its day ("12 March 1810") is its
    year too, and the kind "date" when only the days differ. ``counted``: the nouns a question counts
    (:func:`shared.text.quantity.counted_nouns`); two claims each giving one count of them for one subject and one
    year they write disagree on different amounts however each is worded and whichever of one quantity's nouns each
    counts (:func:`_asked_count`: "a record 86,400 people attended the festival in 2025" on the page "My week at
    the Orvell Festival" / "Total attendance in 2025 was 68,400 visitors" on the page "Orvell Festival Annual
    Report 2025"; counts of other years, of seats or of films never). Returns one :class:`Disagreement` per group of
    claims (joined when they share a claim), in the order of their first claim.
    """
    title_of = [(titles or {}).get(str(c.source_id), "") for c in claims]
    vals = [_values(c.text) for c in claims]
    # a count's noun may have a word before it ("3,800 glass objects"): the word after it is its noun too, where
    # the other claim counts that ("4,300 objects"); never where both only have it after their nouns ("Nine arches
    # span ..." / "Seven arches span ...": "span" is no noun counted)
    heads = [_counted_heads(c.text, v) for c, v in zip(claims, vals)]

    def kinds(a: int, b: int) -> set[str]:
        return (set(vals[a]) & set(heads[b])) | (set(heads[a]) & set(vals[b]))

    words = [set(tokenize(_VALUE_RE.sub(" ", numerize(c.text)[0]))) for c in claims]  # values left out
    names = [_named(c, t) for c, t in zip(claims, title_of)]
    # a claim naming nothing that opens with the noun of a name its page gave before ("The museum owns about 3,800
    # objects" after "The Tarnholm Glass Museum on Ashlane Square is ...") is about that name, not its page's title
    referred = _referred_names(claims, title_of, context)
    for i, named in enumerate(referred):
        if named:
            names[i] = named
    events = [_dated_events(c, t) for c, t in zip(claims, title_of)]
    figure_years = [_figure_years_only(c.text) for c in claims]
    # what the pairs below read of each claim alone, computed once per claim when a pair first needs it (not once
    # per pair: the pairs grow with the square of the claims)
    roles = _PerClaim(lambda i: _name_roles(claims[i], title_of[i]))
    page_nouns = _page_nouns(claims, title_of, context)
    subject_words = _PerClaim(lambda i: _subject_words(claims[i], title_of[i], page_nouns[i]))
    opening = _PerClaim(lambda i: _opening_name(claims[i]))
    stated_of = _PerClaim(lambda i: _states_of_opening(claims[i]))
    fresh_values = _PerClaim(lambda i: _values(claims[i].text))  # (the years _roles_disagree reads; never changed)
    qualifiers = _PerClaim(lambda i: _qualifiers(title_of[i]))
    size_figures = _PerClaim(lambda i: _referred_size(_size_figures(claims[i], title_of[i]), referred[i]))
    count_figures = _PerClaim(lambda i: _count_figures(claims[i]))
    asked_counts = _PerClaim(lambda i: _asked_count(claims[i], title_of[i], counted))
    frame_years = _PerClaim(lambda i: _size_frame_year(claims[i].text))  # (of sizes only)
    # "The Beacon's lantern": a thing of the name's; "The wheel ..." on the page "The waterwheel of the Kessler Mill"
    owned = _PerClaim(lambda i: _owned_thing_of(claims[i], title_of[i]))
    dated_figures: dict[tuple[int, str], list[_DatedFigure]] = {}

    owners: dict[tuple[int, str], int] = {}

    def owners_of(i: int, kind: str) -> int:
        """How many names of claim ``i`` have a figure of ``kind`` of their own: one in the words from the name to
        the next name ("the Brasko Blaze X boiled 1 litre in 3 minutes, the Embra Trail 2 needed 7 minutes": 2;
        "The guild landed 8,950 tonnes in 2023, against 9,100 tonnes in 2022": 1)."""
        if (i, kind) not in owners:
            text = claims[i].text
            shown = [v for v in {**vals[i].get(kind, {}), **heads[i].get(kind, {})}.values() if v]
            # each name where the text writes it, or the longest end of it it writes ("C the Brasko Blaze X" of
            # "-10 °C, the Brasko Blaze X ...")
            found = [next((tail for k in range(len(e.split())) if (tail := " ".join(e.split()[k:])) in text), "")
                     for e in set(find_entities(text))]
            spots = sorted((m.start(), e) for e in found if e for m in re.finditer(re.escape(e), text))
            owners[i, kind] = sum(1 for n, (at, _e) in enumerate(spots)
                                  if any(v in text[at:spots[n + 1][0] if n + 1 < len(spots) else len(text)]
                                         for v in shown))
        return owners[i, kind]

    def listed(a: int, b: int, kind: str) -> bool:
        """Whether one of two claims gives figures of ``kind`` of several names of its own and the other has only
        some of its names ("the Brasko Blaze X boiled 1 litre in 3 minutes, the Embra Trail 2 needed 7 minutes" /
        "The Pikari Solo boils 1 litre in 4 minutes"): its figures are each of their own name's, none the other
        claim's subject's to disagree with."""
        return any(names[o] < names[i] and owners_of(i, kind) >= 2 for i, o in ((a, b), (b, a)))

    def dated(i: int, kind: str) -> list[_DatedFigure]:
        if (i, kind) not in dated_figures:
            dated_figures[i, kind] = _dated_figures(
                claims[i].text, vals[i] if kind in vals[i] else {**vals[i], kind: heads[i].get(kind, {})}, kind)
        return dated_figures[i, kind]

    series: dict[tuple[int, str], bool] = {}

    def of_series(i: int, kind: str) -> bool:
        """Whether claim ``i``'s own figures of ``kind`` are all dated and a claim of its page about the same thing
        gives an undated one of another amount: the page tells a series ("A single ticket costs 9.40 crowns." /
        "In 2023 the same ticket cost 8.10 crowns."), so the dated figure is that year's, not the figure now."""
        if (i, kind) not in series:
            mine = [f for f in dated(i, kind) if f.own]
            series[i, kind] = bool(mine) and all(f.year is not None for f in mine) and any(
                j != i and claims[j].source_id == claims[i].source_id and kind in vals[j]
                and (names[i] <= names[j] or names[j] <= names[i])
                and any(f.own and f.year is None and not any(_same_amount(f.key, g.key) for g in mine)
                        for f in dated(j, kind))
                for j in range(len(claims)))
        return series[i, kind]

    def apart_in_time(a: int, b: int, kind: str) -> bool:
        """Whether a figure of a series is set against an undated figure (the figure now): another time's value,
        no disagreement (:func:`of_series`)."""
        def undated(i: int) -> bool:
            own = [f for f in dated(i, kind) if f.own]
            return bool(own) and all(f.year is None for f in own)
        return (of_series(a, kind) and undated(b)) or (of_series(b, kind) and undated(a))

    # (a name written alone in any sentence of the run, not only in those compared: context)
    look_alike = _look_alikes([subject_words[i] for i in range(len(claims))], [c.source_id for c in claims],
                              [c.text for c in [*claims, *(context or [])]])
    thing_of = _PerClaim(lambda i: thing_of_name(claims[i].text))
    labels = _PerClaim(lambda i: figure_label(claims[i].text))
    # a series table's figure of a year before the latest its page gives under that label ("X: animals 1,205 in
    # 2023." beside "X: animals 1,240 in 2024.") is that year's value: set only against figures of that year
    years = _PerClaim(lambda i: period_year(claims[i].text))
    latest: dict[tuple[str, frozenset[str]], int] = {}
    for c in [*claims, *(context or [])]:
        if (year := period_year(c.text)) is not None:
            key = (str(c.source_id), figure_label(c.text))
            latest[key] = max(year, latest.get(key, year))

    def past_year(x: int, y: int) -> bool:
        """Whether claim ``x`` is a series table's figure of a past year (:data:`latest`) and claim ``y`` writes
        no such year: another time's value, never a disagreement."""
        year = years[x]
        return year is not None and year < latest[str(claims[x].source_id), labels[x]] \
            and not re.search(rf"(?<!\d){year}(?!\d)", claims[y].text)

    def things_apart(a: int, b: int) -> bool:
        """Whether one claim dates a thing of a name ("The horse tramway of Velmora, opened in 1881", :func:`
        thing_of_name`) and the other another thing: its subject is a name other than that one whose head noun is
        not the thing's ("The Velmora Transport Museum opened in 1995"), or a thing of another head noun. Their
        dates are of two things, never a disagreement."""
        for x, y in ((a, b), (b, a)):
            found = thing_of[x]
            if found is None:
                continue
            head, name = found
            if (other := thing_of[y]) is not None:
                return not same_stem(head, other[0])
            subject = subject_words[y]
            if subject and not set(subject) <= set(name) and not same_stem(head, subject[-1]):
                return True
        return False

    ways = _PerClaim(lambda i: way_nouns(claims[i].text))
    no_way = _PerClaim(lambda i: not names_a_way(claims[i].text))

    def ways_apart(a: int, b: int) -> bool:
        """Whether one claim gives the length of ways as an amount of them ("45 km of pistes": :func:`way_nouns`)
        and the other names no way at all (:func:`names_a_way`: "The drag lift is 410 m long"): the lengths of two
        things, never a disagreement ("3.1 km of track" and "The line is 2.4 km long" may be one line's)."""
        return any(ways[x] and no_way[y] for x, y in ((a, b), (b, a)))

    groups: list[tuple[str, dict[int, str]]] = []
    conditions = _PerClaim(lambda i: frozenset(m.group(0).replace(" ", "")
                                               for m in _CONDITION_RE.finditer(claims[i].text)))

    def join(kind: str, a: int, b: int, shown_a: str, shown_b: str) -> None:
        if conditions[a] != conditions[b] and not any(_CONDITION_RE.search(v) for v in (shown_a, shown_b)):
            return  # figures measured in other conditions ("at -10 °C" / none said) are no disagreement
        for k, members in groups:
            if k == kind and (a in members or b in members):
                members.setdefault(a, shown_a)
                members.setdefault(b, shown_b)
                return
        groups.append((kind, {a: shown_a, b: shown_b}))

    for a in range(len(claims)):
        for b in range(a + 1, len(claims)):
            if not words[a] or not words[b]:
                continue
            if claims[a].source_id == claims[b].source_id:
                # one page that gives two named authorities' different figures states a disagreement
                for kind, shown_a, shown_b in _authorities_disagree(claims[a], claims[b]):
                    join(kind, a, b, shown_a, shown_b)
                continue
            if past_year(a, b) or past_year(b, a):
                continue  # a past year's figure of a series and a figure of no such year (past_year)
            if _revises(claims[a].text, vals[b], vals[a]) or _revises(claims[b].text, vals[a], vals[b]):
                continue  # a page revising the figure another gives states the newer one, no disagreement
            if look_alike(a, b) or another_model(subject_words[a], subject_words[b]) \
                    or another_model(subject_words[b], subject_words[a]):
                continue  # two things of look-alike names ("Kestrin Observatory" / "Kestrin Ridge Observatory")
            differ = _roles_disagree(roles[a], roles[b], partial(fresh_values.__getitem__, a),
                                     partial(fresh_values.__getitem__, b))
            if differ is not None and not _own_page_look_alikes(differ, (title_of[a], title_of[b])):
                join("name", a, b, *differ)
            qa, qb = qualifiers[a], qualifiers[b]
            # one holder's count of a noun given differently by two pages for one year, however each sentence is
            # worded ("The 2023 survey counted 3,400 hives on Varnö" on the page "Varnö agricultural survey" /
            # "Varnö had 2,900 hives in 2023"): the clause names the holder, whatever the page's title is about
            for kind, xa, xb in _counts_disagree(count_figures[a], count_figures[b]):
                # (a series' figure and the figure now are read of one noun: "people" and "employees" are two)
                if not (qa and qb and qa != qb) and not (xa.noun == xb.noun and apart_in_time(a, b, xa.noun)):
                    join(kind, a, b, xa.shown, xb.shown)
            # the count a question asks given differently for one subject and one year, whichever of its nouns each
            # counts ("86,400 people attended" / "68,400 visitors"; :func:`_asked_count`)
            if counted and not (qa and qb and qa != qb) and (ca := asked_counts[a]) is not None \
                    and (cb := asked_counts[b]) is not None and _asked_counts_disagree(ca, cb):
                join(counted[0], a, b, ca.shown, cb.shown)
            if (qa and qb and qa != qb) or opens_longer_name(subject_words[a], subject_words[b]) \
                    or opens_longer_name(subject_words[b], subject_words[a]):
                continue  # (_qualified_apart, _modifier_apart)
            # a contested claim the verifier read a passage stating the other claim against, the two giving
            # different values of one kind (however each is worded: "The brine well is 41 metres deep." / "Guides
            # explain how the brine is lifted from the well, which is 47 metres deep, ...")
            for kind, shown_a, shown_b in _verifier_disagrees(claims[a], claims[b], title_of[a], title_of[b],
                                                              vals[a], vals[b]):
                join(kind, a, b, shown_a, shown_b)
            for kind in sorted(k for k in kinds(a, b) if k not in ("year", "date")):
                # a page that quotes another's figure as the one it compares its own with states their disagreement
                if (quoted := _quoted_against(dated(a, kind), dated(b, kind))) is not None:
                    join(kind, a, b, *quoted)
                elif (quoted := _quoted_against(dated(b, kind), dated(a, kind))) is not None:
                    join(kind, a, b, quoted[1], quoted[0])
            # one thing's size given differently by two pages, however each sentence is worded ("According to the
            # Harbour Board, the tower is 34 metres tall" on its page / "The Harlow Point Lighthouse is 38 metres tall")
            for kind, shown_a, shown_b in _figures_disagree(  # (_sizes_disagree)
                    partial(size_figures.__getitem__, a), partial(size_figures.__getitem__, b),
                    partial(frame_years.__getitem__, a), partial(frame_years.__getitem__, b)):
                if not apart_in_time(a, b, kind) and not ways_apart(a, b) \
                        and not (labels[a] and labels[b] and figures_apart(claims[a].text, claims[b].text)):
                    join(kind, a, b, shown_a, shown_b)  # (not a record's "base elevation" against a "top elevation")
            # dates are set against each other by what they date, in whatever words ("founded in 1810" /
            # "established in 1811"; not the founding of a town and of its school)
            by_event = bool(events[a]) and bool(events[b])
            if by_event and (names[a] <= names[b] or names[b] <= names[a]
                             or _subjects_meet(roles[a][0], roles[b][0])) \
                    and not things_apart(a, b) \
                    and not (_openings_apart(opening[a], opening[b]) and stated_of[a] and stated_of[b]):
                # (_same_subject; each claim opening with its own name as what it states, "Brenna was built in 1875
                # beside Tolley", dates its own subject: Tolley is named too, yet 1875 is no year of Tolley's)
                for frame in sorted(events[a].keys() & events[b].keys(), key=str):
                    ya = {y: shown for y, _iso, shown in events[a][frame]}
                    yb = {y: shown for y, _iso, shown in events[b][frame]}
                    if not set(ya) & set(yb):
                        if _OTHER_YEAR_RE.search(claims[a].text) or _OTHER_YEAR_RE.search(claims[b].text) or (
                                set(ya) & set(_WRITTEN_YEAR.findall(title_of[a]))
                                and set(yb) & set(_WRITTEN_YEAR.findall(title_of[b]))):
                            continue  # each that year's occurrence of an event of every year (_years_of_own)
                        join("year", a, b, next(iter(ya.values())), next(iter(yb.values())))
                        # the event dated differently is one statement: the names its claims give for it (who
                        # founded it) disagree too, though their years and words differ
                        if (agents := _roles_disagree(roles[a], roles[b], dict, dict, same_event=True)) is not None:
                            join("name", a, b, *agents)
                        continue
                    da = {iso: shown for _y, iso, shown in events[a][frame] if iso}
                    db = {iso: shown for _y, iso, shown in events[b][frame] if iso}
                    if da and db and not set(da) & set(db):
                        join("date", a, b, next(iter(da.values())), next(iter(db.values())))
            if labels[a] and labels[b] and figures_apart(claims[a].text, claims[b].text):
                continue  # one name's figures of two things ("X: species 164." / "X: visitors 389,000 in 2023.")
            similar = len(words[a] & words[b]) / len(words[a] | words[b]) >= SAME_THING_JACCARD
            if not (names[a] <= names[b] or names[b] <= names[a]):
                continue
            # one thing's power given differently by two pages, however each sentence is worded ("X: power 150 hp"
            # / "X is 250 hp, I'm sure of it"): a power unit measures one attribute; each claim gives one such figure
            # and neither opens with a name of its own apart from the other's
            for kind in sorted(_POWER_UNITS & vals[a].keys() & vals[b].keys()):
                if len(vals[a][kind]) == 1 and len(vals[b][kind]) == 1 and not _overlap(vals[a][kind], vals[b][kind]) \
                        and not (stated_of[a] and stated_of[b] and _openings_apart(opening[a], opening[b])) \
                        and not listed(a, b, kind) and not apart_in_time(a, b, kind):
                    join(kind, a, b, next(iter(vals[a][kind].values())), next(iter(vals[b][kind].values())))

            if not similar:
                # the same count said in different sentences ("The storm killed 212 people along the coast." / "The
                # storm killed 187 people, most of them in fishing villages"): one subject, one measured kind, the
                # same words before the value in its clause, and the same years
                for kind in sorted(kinds(a, b)):
                    if kind in ("year", "date") or apart_in_time(a, b, kind) or listed(a, b, kind):
                        continue
                    apart = _dated_apart(dated(a, kind), dated(b, kind))  # figures of one year only
                    if apart is None:
                        continue
                    pa = _predicate(claims[a].text, apart[0], title_of[a])
                    pb = _predicate(claims[b].text, apart[1], title_of[b])
                    # a thing of the name's and the name are two things ("The Beacon's lantern is 4 m tall" / "The
                    # Beacon is 47 m tall"), unless both say what is held: "The museum's collection holds 4,300
                    # objects" and "The museum owns about 3,800 objects" count one museum's objects
                    if owned[a] != owned[b] and not (pa.nearest in _HOLDING_STEMS and pb.nearest in _HOLDING_STEMS):
                        continue
                    if (dims_a := _dimensions(claims[a].text)) and (dims_b := _dimensions(claims[b].text)) \
                            and not dims_a & dims_b or ways_apart(a, b):
                        continue  # of two dimensions ("top elevation 1960 m", "54 km of pistes") or two things
                    if _predicates_meet(pa, pb) and not _openings_apart(opening[a], opening[b]):  # (_told_apart)
                        join(kind, a, b, *apart)
                continue
            if _openings_apart(opening[a], opening[b]):  # (_told_apart)
                continue  # each opens with its own subject: "The Harbour Tower is 41 m ... than the Old Mill" / "The Old Mill is 30 m"
            year_differs = not set(vals[a].get("year", {})) & set(vals[b].get("year", {}))
            for kind in sorted(kinds(a, b)):
                apart = None if kind in ("year", "date") else _dated_apart(dated(a, kind), dated(b, kind))
                if apart is None if kind not in ("year", "date") else _overlap(vals[a][kind], vals[b][kind]):
                    continue  # (figures of one year only: a 2021 figure and a 2023 figure are two things)
                if kind in ("year", "date") and by_event:
                    continue  # decided above by what the dates are of
                if kind in ("year", "date") and (years[a] is not None or years[b] is not None):
                    continue  # a series table's period ("X: loans 2,950,000 in 2025.") dates its figure, no event
                if kind in ("year", "date") and ((events[a] and figure_years[b]) or (events[b] and figure_years[a])):
                    continue  # an event's date and a figure's year ("X: concerts 340 in 2024."): two things
                if kind == "date" and year_differs:
                    continue  # said once, as the years that disagree
                if kind not in ("year", "date") and listed(a, b, kind):
                    continue  # figures of several names, each its own name's (listed)
                if kind not in ("year", "date") and owned[a] != owned[b]:
                    continue  # a thing of the name's and the name: "The Beacon's lantern is 4 m tall" / "The Beacon is 47 m tall"
                if kind not in ("year", "date") and apart_in_time(a, b, kind):
                    continue  # a series' figure of a year and the figure now: two times (of_series)
                if kind not in ("year", "date") and (dims_a := _dimensions(claims[a].text)) \
                        and (dims_b := _dimensions(claims[b].text)) and not dims_a & dims_b:
                    continue  # figures of different dimensions: "51 metres long", "47 metres tall"
                if kind not in ("year", "date") and ways_apart(a, b):
                    continue  # lengths of two things: "45 km of pistes", "a drag lift 410 m long"
                if kind == "year" and any(not _overlap(heads[a][k], heads[b][k])
                                          for k in kinds(a, b) if k not in ("year", "date")):
                    continue  # different years with different values: the years tell the things apart
                join(kind, a, b, *(apart or (next(iter(heads[a][kind].values())), next(iter(heads[b][kind].values())))))
    # a claim of another page giving the same size of one thing as a claim of a disagreement on sizes is one more
    # source of that value ("X: height 21.4 m" beside "The tower is 21.4 metres tall", which a forum's "31 metres
    # tall" disputes), though it meets the other side on no subject of its own: a majority counts it
    # (:func:`outvoted_sentence`)
    for kind, members in groups:
        if kind not in _SIZE_DIMENSIONS.values():
            continue
        given = {str(claims[i].source_id) for i in members}
        for i in list(members):
            if not size_figures[i].figures:
                continue
            for j in range(len(claims)):
                if j in members or str(claims[j].source_id) in given or not size_figures[j].figures:
                    continue
                same = _figures_agree(size_figures[i], size_figures[j], frame_years[i], frame_years[j])
                if same and not look_alike(i, j):
                    members[j] = same[0][1]
                    given.add(str(claims[j].source_id))
    # a group whose values (each claim's, as written) another group holds all of says nothing new: "30 people" /
    # "55 people" within the workforce's "12 employees" / "30 people" / "55 people"
    items = [set(members.items()) for _kind, members in groups]
    return [Disagreement(kind, sorted(members.items())) for n, (kind, members) in enumerate(groups)
            if not any(m != n and items[n] <= items[m] and (items[n] < items[m] or m < n) for m in range(len(groups)))]


#: a test condition a figure is measured in: a temperature ("at -10 °C", "at 20°F")
_CONDITION_RE = re.compile(r"-?\d+(?:[.,]\d+)?\s?°\s?[CF]\b")


#: a lower-case word right after a counted noun ("3,800 glass objects"): the noun the count is of, when it is one
_NEXT_WORD_RE = re.compile(r"\s+([a-z][a-z-]{2,})\b")


def _counted_heads(text: str, values: dict[str, dict[str, str]]) -> dict[str, dict[str, str]]:
    """``values`` (:func:`_values` of ``text``) with each count also of the lower-case word right after its noun,
    which may be the noun counted, the first one saying its kind ("about 3,800 glass objects": kinds "glass" and
    "objects", shown "3,800 glass objects"), so it meets another page's "4,300 objects". Units and years are
    left as they are; a function word after the noun adds nothing ("212 people in ...")."""
    units = {*_UNITS, *_UNITS.values(), *_BASE_UNITS, "year", "date"}
    out = {kind: dict(entries) for kind, entries in values.items()}
    for kind, entries in values.items():
        if kind in units or not kind.isalpha():
            continue
        for key, shown in entries.items():
            at = text.find(shown)
            after = _NEXT_WORD_RE.match(text, at + len(shown)) if at >= 0 else None
            word = after.group(1) if after else ""
            if word and not is_stopword(word) and word not in _NOT_UNITS and word != kind:
                out.setdefault(word, {}).setdefault(key, f"{shown} {word}")
    return out


#: a word or two before a figure saying it is not exact ("about 3,800", "more than 40", "nearly 2 km")
_HEDGE_RE = re.compile(r"\b(about|around|roughly|approximately|some|nearly|almost|over|under|up\s+to|more\s+than|"
                       r"fewer\s+than|less\s+than|at\s+least|at\s+most|circa|c\.)\s+$", re.IGNORECASE)


def _hedged(text: str, shown: str) -> str:
    """``shown`` (a value as written in claim ``text``) with the word before it that says it is not exact, when
    ``text`` has one there (:data:`_HEDGE_RE`: "about 3,800 glass objects"); ``shown`` as it is otherwise."""
    at = text.find(shown)
    m = _HEDGE_RE.search(text[max(0, at - 20):at]) if at > 0 else None
    return f"{m.group(1)} {shown}" if m else shown


#: plural nouns that do not end in "s" ("people", "children"), the head of a counted noun phrase as "species" is
_IRREGULAR_PLURALS = frozenset("people children staff personnel sheep cattle deer fish men women teeth feet geese "
                               "mice data".split())
#: the lower-case words after a count's first word, up to four
_PHRASE_WORDS_RE = re.compile(r"(?:\s+[a-z][a-z-]*){1,4}")


def _counted_label(text: str, start: int, before: str) -> bool:
    """Whether the number at ``start`` of ``text`` is the value of a figure sentence (a record's row,
    :func:`shared.text.tables.figure_value_at`) whose label ends in ``before``, a plural noun
    (:func:`_plural_noun`): "Varn Park: animals 1240." counts animals, so its four digits are no year; "Varn Park:
    founded 1962." and "Varn Park: opened in 1962." stay years."""
    return figure_value_at(text) == start and before.islower() and _plural_noun(before)


def _plural_noun(word: str) -> bool:
    """Whether ``word`` (lower case) reads as a plural noun: "species", "stays", "members", "people"; not "glass",
    "class" (a double s) nor "this"/"its" (function words)."""
    return word in _IRREGULAR_PLURALS or (len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is"))
                                          and not is_stopword(word))


def _counted_phrase(text: str, shown: str) -> str:
    """``shown`` (a count as written in claim ``text`` with the first word after its number: "11,800 plant") with the
    counted noun phrase kept whole, up to its head: the first plural noun (:func:`_plural_noun`) among the next
    lower-case words (no function word between: "about 11,800 plant species, well below ..." -> "11,800 plant
    species"; "14,200 plant species and cultivars" -> "14,200 plant species"; "19,400 overnight stays"). ``shown``
    as it is when its own last word is already plural or a unit, when no plural noun follows within four words
    ("one glasshouse"), or when ``text`` does not write it."""
    at = text.find(shown)
    words = shown.split()
    if at < 0 or len(words) < 2 or not words[-1].isalpha() or not words[-1].islower() \
            or _plural_noun(words[-1]) or words[-1] in _UNITS or words[-1] in _SCALES:
        return shown
    m = _PHRASE_WORDS_RE.match(text, at + len(shown))
    more: list[str] = []
    for word in (m.group(0).split() if m else []):
        if is_stopword(word) or word in _NOT_UNITS:
            break
        more.append(word)
        if _plural_noun(word):
            return " ".join([shown, *more])
    return shown


def _amount_of(shown: str) -> tuple[str, float] | None:
    """(kind, amount in its kind's base unit) of a value as written ("38 metres" -> ("m", 38.0); "1868" ->
    ("year", 1868.0); "1.2 km" -> ("m", 1200.0)), or None when it states no one value."""
    values = _values(f"is {shown}")
    found = [(kind, k) for kind, keys in values.items() if kind != "date" for k in keys]
    if len(found) != 1:
        return None
    kind, key = found[0]
    try:
        return kind, float(key.split("~", 1)[0])
    except ValueError:
        return None


def counts_other_noun(question: str, disagreement: Disagreement, texts: Sequence[str]) -> bool:
    """Whether ``disagreement`` is on counts of another noun than a "how many" question counts (a noun of no unit of
    measure, :func:`shared.text.quantity.counted_nouns`): two loom counts ("twelve working Jacquard looms" /
    "fourteen working Jacquard looms") are no dispute of "How many staff does the museum employ?", nor two seat
    counts of "How many marionettes does it own?". ``texts``: the claims' texts ``disagreement.values`` index.
    False for a question of another type, for years, dates and names, and when one of the disagreeing claims
    counts the noun asked (:func:`shared.text.quantity.counts`). Never raises."""
    nouns = counted_nouns(question) if answer_type(question) == "how_many" else ()
    return bool(nouns) and not counts_measure(nouns) and disagreement.kind not in ("year", "date", "name") \
        and not any(0 <= i < len(texts) and counts(texts[i], nouns) for i, _v in disagreement.values)


def choice_stands(question: str, choice: Choice, disagreement: Disagreement) -> bool:
    """Whether a choice decided by value holds whichever value of ``disagreement`` is right: every disputed value is
    still beyond the losing option's value in the comparison's direction, or every one still short of the winner's
    ("Which is taller, A or B?" with 34 and 38 metres given for A against 22 metres for B: A whatever A's height
    is). Values are compared in their kind's base unit (:func:`_values`); False for a choice by attribute, a value
    of another kind, or a disputed value that would decide the choice otherwise."""
    if len(choice.values) != 2 or len(choice.options) != 2:
        return False
    _word, direction = comparative(question, list(choice.options))
    won, lost = _amount_of(choice.values[0]), _amount_of(choice.values[1])
    disputed = [_amount_of(shown) for _i, shown in disagreement.values]
    if won is None or lost is None or won[0] != lost[0] or any(v is None or v[0] != won[0] for v in disputed):
        return False
    more = direction in ("more", "late")
    if direction not in ("more", "less", "early", "late"):
        return False

    def beats(x: float, y: float) -> bool:
        return x > y if more else x < y

    amounts = [v[1] for v in disputed if v is not None]
    return all(beats(x, lost[1]) for x in amounts) or all(beats(won[1], x) for x in amounts)


def linked_findings(question: str, claims: list[VerifiedClaim], rel: list[float], lead: list[int],
                    sources: dict[str, SourceInfo]) -> list[int]:
    """One claim of each page the lead names, the second hop of the lead's own sentences (indices into ``claims``).

    A page the lead does not cite is linked when a lead claim names its title (the part before a comma or a
    parenthesis: "Hoosick" for "Hoosick, New York"), whole words, case-folded. Of its claims, the one holding
    question weight (:func:`_question_weights`) that neither the lead's claims nor their pages' titles hold comes
    first, then the most relevant (``rel``: relevance normalised to the best). Pages in order of that claim's
    relevance; [] without a lead."""
    if not lead:
        return []
    titles = [clean_title(_title_of(c, sources)) for c in claims]
    docs = [f"{c.text} {t}" for c, t in zip(claims, titles)]
    weights = _question_weights(question, docs)
    lead_sources = {claims[i].source_id for i in lead}
    lead_text = " ".join(claims[i].text for i in lead).casefold()
    covered = set().union(*(set(tokenize(docs[i])) for i in lead))
    best: dict[str, int] = {}
    for i, c in enumerate(claims):
        if c.source_id in lead_sources or not titles[i]:
            continue
        if c.source_id not in best or rel[i] > rel[best[c.source_id]]:
            best[c.source_id] = i
    out: list[tuple[float, int]] = []
    for sid, i in best.items():
        name = re.split(r"\s*[,(]", titles[i], maxsplit=1)[0].strip().casefold()
        if not name or not _names(lead_text, name):
            continue
        page = [j for j, c in enumerate(claims) if c.source_id == sid]
        gains = {j: _covered(weights, set(tokenize(claims[j].text)) - covered) for j in page}
        pick = max(page, key=lambda j: (gains[j] > 0, rel[j], -j))
        out.append((rel[pick], pick))
    return [i for _r, i in sorted(out, key=lambda p: (-p[0], p[1]))]


def synthesize(
    question: str,
    claims: list[VerifiedClaim],
    sources: dict[str, SourceInfo],
    *,
    language: str = "en",
    missing: list[str] | None = None,
    max_claims: int = 12,
    no_sources: bool = False,
    agree_within: float = 0.0,
    off_topic: bool = False,
) -> Report:
    """Write an extractive markdown report from supported claims, citing every sentence; the answer first.

    Only claims with verdict "supported" and at least one span are written. They are ranked with
    :func:`rank_claims`; the lead (:func:`select_lead`: the 1-3 claims that answer the question, bridge
    included) opens the report under "Answer". A yes/no question's lead opens with "Yes:" / "No:" when the claims
    establish it, else with :data:`services.synthesizer.verdicts.UNDECIDED_TEXT` (English reports), the deciding
    claims leading; a choice decided by dates or amounts opens with the sentence stating it ("The Lady was
    published first: 1885 [1]; Woman's Day: 1931 [2]."), one decided by an attribute with the winner's claims
    (:mod:`services.synthesizer.verdicts`). Findings are first one claim of each page the lead names
    (:func:`linked_findings`), then the other claims whose relevance is at least ``RELEVANCE_FLOOR`` x the best
    for a source the lead cites, ``NEW_SOURCE_FLOOR`` for another (claims below it are dropped, not listed),
    near-duplicates (token Jaccard >=
    0.8) dropped, at most ``MAX_PER_SOURCE`` (4) claims per source and ``max_claims`` in all (lead included),
    grouped by source title; a user's own account among them (:func:`_account`: "I switched to X last year and never
    looked back", a forum poster's) is written under "User experience" instead (``ReportWords.experience``), each
    with its source's title. Then "What is missing" (only when ``missing`` is non-empty) and "Sources" (``[n]
    title — url_or_path``), each heading in the report's language (:func:`report_words`). Each written sentence
    ends with ``[n]``, where ``n`` numbers sources in order of first citation; the citation's span is the
    claim's first span.

    Args:
        question: the user question.
        claims: verified claims (any verdicts; non-supported ones are ignored).
        sources: source display info by source id (missing ids fall back to the id).
        language: report language, ISO 639-1 (headings and fixed texts in it; English when not in
            :data:`REPORT_WORDS`). Claims are quoted as extracted, whatever their language.
        missing: open points to list in "What is missing".
        max_claims: maximum number of claims written (>= 0).
        no_sources: no source was fetched at all: the answer says so plainly (``ReportWords.no_sources``;
            ``NO_SOURCES_TEXT`` in English). A question without content words (only punctuation or stop words)
            is answered with :data:`NO_TERMS_TEXT` instead, in the report's language (``ReportWords.no_terms``; a
            question of another language's function words only is one too: it was never searched, nothing could be
            established).
        off_topic: with ``no_sources``, the search kept no result at all (every result that came back was judged
            off the question's subject, or none came back): the answer says that (``ReportWords.no_results``), not
            that results could not be fetched (the ``no_sources`` text of a language without it).
        agree_within: measured values of one thing that differ by at most this share of the larger are one value,
            no disagreement said (:func:`one_measured_value`; a shopping report passes the spec matrix's
            :data:`shared.units.SAME_VALUE_TOLERANCE`, so its findings do not call "480 g" and "482 g" a
            disagreement its matrix shows as "482 g ≈ 480 g"); 0 (the default): every different amount disagrees.

    Returns:
        :class:`Report`. Without supported claims the markdown states that no verified
        evidence was found, and ``citations``/``used_claim_ids`` are empty.
    """
    words = report_words(language)
    missing = [m for m in (missing or []) if m and m.strip()]
    claims = newer_stands(question, claims, sources)  # "currently": a claim only older pages contradict stands
    supported = [independent_first(c, sources) for c in claims if c.verdict == "supported" and c.spans]
    as_asked = question  # the report's title: the question as asked
    # an abbreviation the question uses alone that a page defines ("the HCC"; "The Harlowe Canal Company (HCC) ...")
    # is read as the name it stands for, so a claim naming that name on any page is about what the question names
    question = spell_out_abbreviations(question, [*(c.text for c in supported), *(s.title for s in sources.values())])
    # "Which of the town's two churches was built first?": the two churches the claims name, compared by their dates
    question = choice_as_named(question, supported, sources)
    # a relation or a thing the question names in several words is read in the words a page states it with ("Which
    # engineer was responsible for the design of X?" asks who designed X; "a grown-up" is an adult), as the gate
    # reads it (shared.text.synonyms.said_plainly)
    chosen_gap = choice_as_gap(question, swap=True)  # "Which is higher, A or B, and by how much?" read the other way
    question = said_plainly(question)
    no_terms = answer_type(question) == "none"
    if no_terms:  # only punctuation or stop words: nothing to answer, nothing to rank
        missing = [words.no_terms, *missing]
        supported = []
    ranked = rank_claims(question, supported, sources)
    best_score = ranked[0][1] if ranked else 0.0
    rel = [0.0] * len(supported)
    for i, score in ranked:
        rel[i] = score / best_score if best_score > 0 else 0.0
    # sponsored or affiliate content never leads while independent evidence exists; it counts less in the findings
    may_lead = lead_candidates(supported, rel, sources)
    if len(may_lead) < len(supported):  # the lead is chosen as if only the independent claims were there
        top = max(rel[i] for i in may_lead)
        picked = select_lead(question, [supported[i] for i in may_lead], [rel[i] / top for i in may_lead], sources)
        lead_idx = [may_lead[j] for j in picked] if max_claims > 0 else []
        rel = [r * SPONSORED_WEIGHT if sponsored_claim(c, sources) or other_ecosystem_claim(c, sources) else r
               for r, c in zip(rel, supported)]
        allowed = set(may_lead)
        ranked = [p for p in ranked if p[0] in allowed] + [p for p in ranked if p[0] not in allowed]
    else:
        lead_idx = select_lead(question, supported, rel, sources) if max_claims > 0 else []
    # yes/no and choice questions: the claims that decide the answer lead (services.synthesizer.verdicts)
    kind = answer_type(question)
    if lead_idx and kind not in ("yes_no", "comparison"):
        lead_idx = _parts_lead(question, supported, may_lead, sources) or lead_idx
        # "Who founded X and when?": the claim dating it follows the one naming who
        lead_idx = _time_part_lead(question, supported, may_lead, sources, lead_idx)
    # the verdicts are read with English rules (the question's types); the "cannot tell" sentence is English, so
    # it is written in an English report (or one whose language has no report words: a question misread as Latin)
    code = language.split("-")[0].lower()
    english = code == "en" or code not in REPORT_WORDS
    yes_no: YesNo | None = None
    choice: Choice | None = None
    # "by how much did X grow between 2009 and 2019": the two figures' claims lead, their difference stated first
    difference = decide_difference(question, [c.text for c in supported], [_title_of(c, sources) for c in supported],
                                   [i for i, _s in ranked if i in may_lead]) if lead_idx else None
    if difference is not None:
        lead_idx = list(dict.fromkeys(difference.cited))
    # "how much longer is A than B": each thing's figure of the kind asked, every disagreeing figure of A with its
    # difference
    g_texts, g_titles = [c.text for c in supported], [_title_of(c, sources) for c in supported]
    g_order = [i for i, _s in ranked if i in may_lead]
    # "How long did X run the mill?": the claim stating a span of years ("from 1790 until 1912") of that activity
    # leads, the duration it spans stated first ("122 years (1790–1912)"); one stating a duration ("for over a
    # century") leads as written (services.synthesizer.durations)
    duration = decide_duration(question, g_texts, g_titles, g_order) \
        if english and max_claims > 0 and difference is None and kind not in ("yes_no", "comparison") else None
    if duration is not None:
        lead_idx = [duration.cited]
    gap = decide_gap(question, g_texts, g_titles, g_order) if lead_idx and difference is None and duration is None \
        else None
    if gap is not None and len(gap.values) > 1:
        # a figure another claim revises ("was long given as 4,312 metres" beside "a survey in 2021 found 4,298
        # metres, lower than the 4,312 metres measured in 1896") is superseded: no second value of the gap
        g_order = [i for i in g_order if i not in gap.cited or revised_lead(g_texts, [i], g_order) == [i]]
        gap = decide_gap(question, g_texts, g_titles, g_order) or gap
    if gap is not None and chosen_gap is not None and all(sign < 0 for sign in gap.signs):
        # a choice asked with its difference: the one the comparative fits opens the answer ("B is 415 m higher
        # than A", not "A is 415 m lower than B")
        gap = decide_gap(chosen_gap, g_texts, g_titles, g_order) or gap
    if gap is not None:
        lead_idx = list(dict.fromkeys([*gap.cited, gap.other_cited]))
    # "How does X compare with Y in length and opening year?": each thing's value of each attribute leads, one
    # sentence per attribute
    attributes = decide_attributes(question, [c.text for c in supported], [_title_of(c, sources) for c in supported],
                                   [i for i, _s in ranked if i in may_lead]) if lead_idx else None
    if attributes is not None and attributes.claims:
        lead_idx = attributes.claims
    else:
        attributes = None
    # "How much does a group of 12 adults pay?": the price row for groups of that size leads, its total stated; as
    # "What does a group of 15 adults pay in total?" asks it (a "what" question asking a sum of money: decide_group_price
    # reads only a question asking what a group pays)
    group = decide_group_price(question, [c.text for c in supported], [i for i, _s in ranked if i in may_lead]) \
        if lead_idx and kind not in ("yes_no", "comparison") and attributes is None else None
    if group is not None:
        lead_idx = [group.cited]
    # "How much do 2 adults and a child pay?": one page's price of each kind asked leads, the party's total stated
    party = None
    if lead_idx and group is None and kind not in ("yes_no", "comparison") and attributes is None \
            and asked_party(question) is not None:
        # (prices of a claim naming no name the question gives, in its text or its page's title, or of a look-alike
        # are no prices of the asked thing: "Little X Reserve: £4 for adults" for X Island)
        p_titles = [_title_of(c, sources) for c in supported]
        alike = look_alike_claims(question, supported, p_titles, [])
        q_names = [n for e in find_entities(question) if (n := set(tokenize(e)))]
        named = _named_words(question, [c.text for c in supported], p_titles)
        party = decide_party_price(question, [c.text for c in supported], [c.source_id for c in supported], [
            i for i, _s in ranked if i in may_lead and i not in alike
            and (not q_names or any(n <= named[i] for n in q_names))])
    if party is not None and (party.total or party.group is not None):
        lead_idx = party.cited
    else:
        party = None
    # "which production has the most marionettes on stage": the row or sibling claim holding the extreme value of the
    # quantity asked leads (every one on a tie), its value stated first
    extreme = decide_extreme(question, [c.text for c in supported], [_title_of(c, sources) for c in supported],
                             [i for i, _s in ranked if i in may_lead]) \
        if lead_idx and kind not in ("yes_no", "comparison") and difference is None and gap is None \
        and duration is None else None
    if extreme is not None:
        lead_idx = list(dict.fromkeys(extreme.cited))
    if lead_idx and kind in ("yes_no", "comparison") and attributes is None:
        v_order = [i for i, _s in ranked if i in may_lead]
        v_texts = [c.text for c in supported]
        v_titles = [_title_of(c, sources) for c in supported]
        decided: list[int] = []
        if kind == "yes_no":
            openings = [any(sp.start == 0 for sp in c.spans[:1]) for c in supported]
            # "The Kittiwake's predecessor, the Puffin, carried 30 passengers" never decides a question about the
            # Kittiwake (:func:`_possessed_other`)
            q_names = [set(tokenize(e)) for e in find_entities(question) if tokenize(e)]
            # nor does "The Orvane Canal was designed by Auguste Delmarre" decide "Did Auguste Delmarre design the
            # Little Orvane Canal?": another thing, told apart by words before its name (:func:`prefixed_others`)
            # ("The Central Library was designed by ..." on the Quellby City Libraries' page is the Quellby Central
            # Library's own: :func:`qualified_heads`)
            apart = prefixed_others(question, v_texts, [clean_title(t) for t in v_titles])
            own_head = qualified_heads(question, supported, [clean_title(t) for t in v_titles])
            # (when every claim is another thing's so, the verdict is not decided from any: a look-alike's page
            # alone, "The library was designed by ..." on the page "Old Quellby Library", says nothing of the
            # Quellby Library asked)
            own = [i for i in [i for i in v_order if not _possessed_other(v_texts[i], q_names)] or v_order
                   if not (apart[i] and not own_head[i])]
            yes_no = decide_yes_no(question, v_texts, v_titles, own, openings)
            decided = list(yes_no.cited) if yes_no else []
        else:
            choice = decide_choice(question, v_texts, v_titles, v_order)
        if choice is not None and not choice.values:
            # a choice by attribute: the winner's claims first, the one holding the attribute among them
            winner = choice.options[0]
            mine = [i for i in lead_idx if is_about(winner, v_texts[i], v_titles[i])]
            if choice.stated:  # the claim saying the comparison outright comes first
                mine = [choice.cited[0], *(i for i in mine if i != choice.cited[0])]
            elif choice.cited[0] not in mine:
                mine.append(choice.cited[0])
            lead_idx = (mine + [i for i in lead_idx if i not in mine])[:3]
        elif choice is not None:
            decided = list(dict.fromkeys(choice.cited))  # one sentence may give both things' figures
        if len(decided) >= 2:  # one claim per thing compared: they are the lead
            lead_idx = decided
        elif decided and yes_no is not None and yes_no.left_office:
            # "No: Y succeeds X, who stood down": an older page still naming X in office is superseded, not the lead's;
            # the succession's page's next relevant claim ("The club elected Y as its new chair") follows it
            page = supported[decided[0]].source_id
            lead_idx = decided + [i for i in v_order if i not in decided and supported[i].source_id == page][:1]
        elif decided:  # one subject: its claim first, the lead's claims of other pages after it
            pages = {supported[i].source_id for i in decided}
            lead_idx = decided + [i for i in lead_idx if supported[i].source_id not in pages][:2]

    # "according to the County Survey": the claim that authority is said to state leads, whatever others give
    older_idx: list[int] = []  # the claims giving an older figure than the lead's (older_figures)
    authority = asked_authority(question)
    by_authority = [i for i, _s in ranked if said_by(supported[i], authority)] if lead_idx else []
    if by_authority:
        lead_idx = [by_authority[0]]
    elif lead_idx and kind not in ("yes_no", "comparison") and difference is None and gap is None and extreme is None \
            and group is None and duration is None:  # a decided duration's claim leads as decided
        # "in 1913": that year's figure leads; a present question: no figure of a past year while a current one exists
        texts_, order_ = [c.text for c in supported], [i for i, _s in ranked if i in may_lead]
        titles_ = [clean_title(_title_of(c, sources)) for c in supported]
        dated_ = [_published_year(sources.get(c.source_id)) for c in supported]
        as_of_ = [_as_of_year(sources.get(c.source_id)) for c in supported]
        # "From what I remember, the course is 2,000 metres": a page's plain figure of the kind asked leads over a
        # poster's hedged recollection
        lead_idx = plain_over_recollection(question, texts_, lead_idx, order_, titles_)
        lead_idx = asked_time_lead(question, texts_, lead_idx, order_, titles_, dated_, as_of_)
        # "Who is the current director?": the sentence naming the latest holder of that role leads (an undated
        # appointment is of its page's year)
        lead_idx = current_holder_lead(question, texts_, lead_idx, order_, titles_, dated_)
        # "Where is X held?": a place the thing was held in for years gives way to the one it moved to since
        lead_idx = relocated_lead(question, texts_, lead_idx, order_, titles_)
        # "Who will succeed Tom Hale?": the sentence stating who follows him leads, none about him alone
        lead_idx = succession_lead(question, texts_, lead_idx, order_)
        # "Why did X stop casting in 2009?": a cause told as a narrative follows the sentence stating the event
        lead_idx = narrative_cause_lead(question, supported, lead_idx)
        # "Which kettle was recalled in March 2025?": the sentence stating the recall leads, none only naming the model
        lead_idx = asked_act_lead(question, texts_, lead_idx, order_)
        # a figure of a past year older than the lead's ("In 2015 the works employed 29 glassblowers" beside "...
        # beschäftigt heute 37 Glasbläser") is the older figure, with the year its sentence writes: it is kept among
        # the findings, whatever its score, as a "latest" question keeps what the newest source supersedes
        older_idx = older_figures(question, texts_, lead_idx, order_, titles_)

    # "What is the fastest time ever run by a man at X?": the smallest record time of the group asked leads
    record = record_lead(question, [c.text for c in supported], [i for i, _s in ranked if i in may_lead],
                         [clean_title(_title_of(c, sources)) for c in supported]) \
        if lead_idx and kind not in ("yes_no", "comparison") and by_authority == [] else None
    if record is not None:
        lead_idx = [record]
    elif lead_idx and kind not in ("yes_no", "comparison") and by_authority == [] and extreme is None:
        # "What is the visitor record of X?": a record another claim calls the previous one, or an older year's
        # record beside a newer one, gives way to the record that stands (:func:`standing_record_lead`)
        lead_idx = standing_record_lead(question, [c.text for c in supported], lead_idx,
                                        [i for i, _s in ranked if i in may_lead],
                                        [clean_title(_title_of(c, sources)) for c in supported],
                                        [_published_year(sources.get(c.source_id)) for c in supported])
    # a figure another page revises ("revised the depth of the wreck to 127 metres, deeper than the 112 metres
    # reported in 2019") gives way to the revising claim (:func:`revised_lead`)
    if kind in FIGURE_TYPES:
        page_dates = [source_date(sources.get(str(c.source_id))) for c in supported]
        lead_idx = revised_lead([c.text for c in supported], lead_idx, [i for i, _s in ranked if i in may_lead],
                                {i: page_dates[i] or "" for i, c in enumerate(supported)
                                 if page_dates[i] and updates_figure(question, c, sources)}, page_dates)
    lead_idx = same_language_lead(question, [c.text for c in supported], lead_idx)

    chosen: list[VerifiedClaim] = []
    chosen_sets: list[set[str]] = []
    per_source: dict[str, int] = {}

    def take(i: int) -> None:
        chosen.append(supported[i])
        chosen_sets.append(set(tokenize(supported[i].text)))
        per_source[supported[i].source_id] = per_source.get(supported[i].source_id, 0) + 1

    # a finding about a look-alike of a name the question gives bears on nothing asked (:func:`look_alike_claims`)
    others = look_alike_claims(question, supported, [_title_of(c, sources) for c in supported],
                               [supported[i].text for i in lead_idx[: max(0, max_claims)]])

    def of_look_alike(i: int) -> bool:
        return i in others

    # the lead's sentences after its first are more of the answer about the asked thing: one about a look-alike (a
    # name built on the asked one, spelt like it, or its page's title so when it names no asked name: "The Marwen
    # made her maiden voyage in 1932" on the sister ship's page after the SS Marwyn's date) gives the look-alike's
    # figure as if it were the asked thing's; it leaves the lead (a choice or a yes/no verdict names both things)
    if kind not in ("yes_no", "comparison"):
        lead_idx = lead_idx[:1] + [i for i in lead_idx[1:] if not of_look_alike(i)]

    for i in lead_idx[: max(0, max_claims)]:
        take(i)
    lead_sources = {supported[i].source_id for i in lead_idx}

    for i in older_idx[:1] if max_claims > len(chosen) else ():
        take(i)
    for i in linked_findings(question, supported, rel, lead_idx, sources):  # the pages the lead names
        if len(chosen) < max(0, max_claims) and not of_look_alike(i):
            take(i)
    lead_update = bool(lead_idx) and updates_figure(question, supported[lead_idx[0]], sources)
    for i, _score in ranked:
        if len(chosen) >= max(0, max_claims):
            break
        if i in lead_idx or of_look_alike(i):
            continue
        floor = RELEVANCE_FLOOR if supported[i].source_id in lead_sources else NEW_SOURCE_FLOOR
        # a "latest" question keeps what the newest source supersedes (the older state), whatever its score
        was = bool(lead_idx) and superseded(question, supported[lead_idx[0]], supported[i], sources,
                                            updated=lead_update)
        if rel[i] < floor and not was:
            continue
        if per_source.get(supported[i].source_id, 0) >= MAX_PER_SOURCE:
            continue
        toks = set(tokenize(supported[i].text))
        if any(
            toks and s and len(toks & s) / len(toks | s) >= _DEDUP_JACCARD for s in chosen_sets
        ):
            continue
        take(i)

    lines: list[str] = [f"# {question_title(as_asked) or words.title}", ""]
    citations: list[Citation] = []
    numbers: dict[str, int] = {}

    def mark(claim: VerifiedClaim) -> str:
        span = _cited_span(claim)
        n = numbers.setdefault(span.source_id, len(numbers) + 1)
        citations.append(
            Citation(
                n=n,
                source_id=span.source_id,
                claim_id=claim.claim_id,
                start=span.start,
                end=span.end,
                quote=span.text,
            )
        )
        info = sources.get(span.source_id)
        return f"[{n}] {SPONSORED_MARK}" if info is not None and info.sponsored else f"[{n}]"

    def cite(claim: VerifiedClaim) -> str:
        return f"{_escape(_sentence_text(claim.text))} {mark(claim)}."

    supported_titles = [_title_of(c, sources) for c in supported]

    def cite_lead(claim: VerifiedClaim) -> str:
        """A lead sentence naming who only by a body's noun ("run by the trust") names the body as its page does."""
        if kind != "who" or answer_candidates(claim.text, kind, question):
            return cite(claim)
        bodies = _bodies_referred(claim, supported, supported_titles, question)
        return f"{_escape(_with_body_names(_sentence_text(claim.text), bodies))} {mark(claim)}." if bodies \
            else cite(claim)

    # evidence that disagrees on a value of the report's claims is said out loud, each value with its source
    # (what the newest source of a "latest" question supersedes is an older state, no contradiction). Contested
    # claims (their own page states them, another page contradicts them) take part: "1,200 m" and "1,450 m" on
    # two pages are each contested by the other, and the report says both and that they disagree.
    titles = {sid: s.title for sid, s in sources.items()}
    contested = [] if no_terms else [c for c in claims if c.verdict == "contested" and _own_support(c) is not None]
    crel: dict[str, float] = {}  # contested claim id -> relevance (share of the best, supported claims included)
    lead_rel = 1.0
    if contested:
        joint = rank_claims(question, supported + contested, sources)
        top = joint[0][1] if joint and joint[0][1] > 0 else 1.0
        jrel = {i: score / top for i, score in joint}
        crel = {contested[i - len(supported)].claim_id: r for i, r in jrel.items() if i >= len(supported)}
        lead_rel = max((jrel.get(i, 0.0) for i in lead_idx), default=0.0)
    dated = {frame for c in chosen for frame in _dated_events(c, titles.get(str(c.source_id), ""))}

    def dates_the_same(claim: VerifiedClaim) -> bool:
        return bool(dated) and bool(dated & _dated_events(claim, titles.get(str(claim.source_id), "")).keys())

    # under a "how many" question, a claim counting the noun it counts ("about 3,800 glass objects" for "How many
    # objects ...?": shared.text.quantity.counts)
    # (and by what a count asked by its "-ment" noun counts: "enrolled 14,200 students" makes "students 13100" a count
    # of the enrolment: shared.text.quantity.with_counted_objects)
    nouns = asked_count_nouns(question, [c.text for c in supported]) if kind == "how_many" else ()

    def counts_the_same(claim: VerifiedClaim) -> bool:
        return bool(nouns) and bool(counts(claim.text, nouns))

    # and one stating a figure of the kind asked of every name the question gives ("The Kaltfirn Hut sits at 3,086
    # metres" beside "... at 3,112 metres above sea level" for "How high above sea level is the Kaltfirn Hut?")
    figure_kinds = asked_quantity(question)
    asked_names = [toks for e in find_entities(question) if (toks := set(tokenize(e)))]
    # a claim naming nothing that opens with the noun of a name its page gave before ("The lighthouse stands 57 m
    # high" after "The coast path ... passes the Selby Point Lighthouse") states its figure of that name
    referred = dict(zip((c.claim_id for c in supported), _referred_names(
        supported, [titles.get(str(c.source_id), "") for c in supported]))) if figure_kinds and asked_names else {}

    asked_sizes = {d for d in _dimensions(question) if d in _SIZE_DIMENSIONS}

    def measures_the_same(claim: VerifiedClaim) -> bool:
        if not (figure_kinds and asked_names and states_quantity(numerize(claim.text)[0], figure_kinds)):
            return False
        held = set(tokenize(claim.text)) | referred.get(claim.claim_id, set())
        if all(n <= held for n in asked_names):
            return True
        # a size of a thing only described ("Das Hauptbecken ist 91 Meter lang", "The main pool is ...") on a page
        # whose title gives the names asked is of the thing its page is about; and so is a size of the dimension
        # asked, in whatever word ("tall" for "How high ...?": one dimension, :func:`_dimensions`), of a name asked
        # on a page whose title gives the others ("Big Ada is 31 metres tall" on "Tarnby Docks - questions" for "How
        # high is the Big Ada crane at Tarnby Docks?")
        title = titles.get(str(claim.source_id), "")
        if not all(n <= held | set(tokenize(title)) for n in asked_names):
            return False
        size = _size_figures(claim, title)
        return size.described or (bool(size.subject) and any(size.subject <= n for n in asked_names)
                                   and bool({f for f, _k, _s in size.figures} & asked_sizes))

    # a claim that dates what a chosen claim dates is in the pool however few of the question's words it has
    # ("established in 1811" beside "founded in 1810" for "When was it founded?"), and one counting what it counts
    # and, for a comparison in attributes, every claim stating a value of an attribute compared for either thing
    compared_claims = {supported[i].claim_id for i in attributes.stating} if attributes is not None else set()
    # (a look-alike's claim, which no finding gives, disputes nothing of the asked thing: ``of_look_alike``; nor does
    # one stating the relation asked of another thing, whose date is that thing's: "Fenwarrow Rowing Club was founded
    # in 1848 and is the host club of the Dunsel Reach Regatta" for "When was the Dunsel Reach Regatta founded?",
    # :func:`_relation_of_other`, :func:`shared.text.answer.object_asked_against`)
    # (a finding too; the lead's first claim stays)
    def of_other_relation(c: VerifiedClaim) -> bool:
        return relation_of_other(c, question)

    pool = [c for k, c in enumerate(chosen) if not k or not of_other_relation(c)] + [supported[i] for i, _s in ranked if supported[i] not in chosen and (
        not of_look_alike(i)) and not of_other_relation(supported[i]) and (
        rel[i] >= DISAGREEMENT_FLOOR or dates_the_same(supported[i]) or counts_the_same(supported[i])
        or measures_the_same(supported[i]) or supported[i].claim_id in compared_claims)]
    pool += [c for c in contested if not of_other_relation(c) and (
        crel.get(c.claim_id, 0.0) >= DISAGREEMENT_FLOOR or dates_the_same(c))]
    if chosen:
        pool = [c for c in pool if not superseded(question, chosen[0], c, sources,
                                                  updated=updates_figure(question, chosen[0], sources))]

    def contested_rel(d: Disagreement) -> float:
        return max((crel.get(pool[i].claim_id, 0.0) for i, _v in d.values), default=0.0)

    # a disagreement the report says: on a value of a claim it writes, or between relevant contested claims
    disputes = [d for d in find_disagreements(pool, titles, supported, nouns)
                if (any(pool[i] in chosen for i, _v in d.values) or contested_rel(d) >= CONTESTED_DISPUTE_FLOOR)
                and not one_measured_value(d, agree_within)]
    # a "how many" question's count first: three pages giving three sizes of the collection asked about are said
    # before their disagreements on its founding year, founder and seats
    # and a figure question's figures before other values ("How tall is it?": its heights, then its years)
    disputes.sort(key=lambda d: (not any(counts_the_same(pool[i]) for i, _v in d.values),
                                 not (figure_kinds and any(states_quantity(shown, figure_kinds) for _i, shown in d.values))))
    disputes = disputes[:MAX_DISAGREEMENTS]
    # "What is the enrolment of X?": a value older than the lead's dated one ("students 13100" of a record retrieved
    # in 2022 beside "students 14,200 in 2024") is no dispute of it: the lead says it is older (English reports)
    older_said: list[tuple[int, str, int | None]] = []  # (pool index, value, its year): said after the lead
    newest_led: int | None = None  # the year of the lead's count those values are set against
    if english and chosen:
        lead_ids = {c.claim_id for c in chosen[:min(len(lead_idx), len(chosen)) or 1]}
        kept_disputes = []
        for d in disputes:
            aged = older_values(question, d, pool, lead_ids, sources)
            if not aged:
                kept_disputes.append(d)
                continue
            left = [(i, v) for i, v in d.values if all(i != j for j, _v, _y in aged)]
            older_said += [o for o in aged if all(o[0] != j for j, _v, _y in older_said)]
            if len({_number_key(v)[0] for _i, v in left}) >= 2:  # other values than the older ones still disagree
                kept_disputes.append(d._replace(values=left))
        disputes = kept_disputes
        # and a count no disagreement sets against the lead's ("X: students 13100" of a 2022 record beside "In 2024 X
        # enrolled 14,200 students" for "What is the enrolment of X?")
        if not older_said:
            led_claims = [c for c in chosen if c.claim_id in lead_ids]
            newest_led = lead_count_year(question, led_claims, nouns)
            for k, shown, year in older_counts(question, supported, led_claims, nouns, sources)[:1]:
                if supported[k] not in pool:
                    pool.append(supported[k])
                older_said.append((pool.index(supported[k]), shown, year))
    # a value of the authority the question names is no disputed answer: the others' values are findings
    settled = [d for d in disputes if any(said_by(pool[i], authority) for i, _v in d.values)]
    # nor are sizes of another thing than the question names (the summit station's elevations, for "What is the
    # elevation of Morlach station?"): they stay a finding, and the lead is chosen as without them
    settled += [d for d in disputes if d not in settled
                and of_other_thing([(pool[i], shown) for i, shown in d.values], titles, question)]
    # a choice by value that holds whichever disputed value is right stands: the disagreement is said beside it
    standing = [d for d in disputes if d not in settled and choice is not None and choice_stands(question, choice, d)]
    disputed_ids = {pool[i].claim_id for d in disputes if d not in settled and d not in standing for i, _v in d.values}
    asked = asked_quantity(question)
    # a choice by age ("older", "built first", "newer") is decided by each option's date: only dates dispute it
    age_choice = kind == "comparison" and comparative(question, comparison_options(question))[1] in ("early", "late")
    # the answer types of each question a sentence asks ("When was it founded and who founded it?": when, who)
    part_kinds = {kind, *(answer_type(p) for p in question_parts(question))}

    def counts_other(d: Disagreement) -> bool:
        """Whether a disagreement is on counts of another noun than a "how many" question counts (of no unit of
        measure): two seat counts are no dispute of "How many marionettes does it own?"."""
        return counts_other_noun(question, d, [c.text for c in pool])

    # the dimensions of size the question asks ("How deep is the pool?": its depth; asked_sizes above)
    asked_dims = asked_sizes

    def of_other_size(d: Disagreement) -> bool:
        return of_other_dimension([(pool[i], shown) for i, shown in d.values], titles, question)

    def of_kind_asked(d: Disagreement) -> bool:
        """Whether a disagreement is on a figure of the kind the question asks (when it asks no kind of figure: on
        values of the answer type asked, two at least, any for a choice, a yes/no or a question of no type): two
        weights are no dispute of "How much does it cost?", nor two counts of locks of "When was it opened?", nor
        two counts of seats of "How many marionettes ...?" (:func:`counts_other`)."""
        if counts_other(d) or of_other_size(d):
            return False
        if asked:  # ("58 %" of "maximum gradient 58 %" is a gradient: its sentence names the steepness)
            return any(states_quantity(shown, asked) or ("gradient" in asked and gradient_value(shown, pool[i].text))
                       for i, shown in d.values)
        if age_choice:  # "Which was built first, A or B?": two depths of a well decide nothing of its age
            return d.kind in ("year", "date")
        return kind in ("yes_no", "comparison", "none") or sum(
            1 for _i, shown in d.values if answer_candidates(shown, kind, question)) >= 2

    # the words naming what a "what" question asks of its subject when it asks no figure of a known kind ("What is
    # the rack system of the Orsk line?": rack, system)
    attribute_words = [t for t in relation_terms(question) if " " not in t] \
        if kind in ("what", "which") and not asked else []

    def of_other_attribute(d: Disagreement) -> bool:
        """Whether a disagreement on figures (no years, dates or names) is of another attribute than the "what"
        question names: a claim giving a value holds none of its words, in any form of their stem (:func:`_holds`:
        "brightness" holds "bright"), nor their relation in other words (:func:`shared.text.relations.with_relations`:
        "gradient" holds "steep"). Two lengths of a line answer
        nothing of "What is its rack system?": they are a finding, never its lead (issue 9, g3 G3)."""
        if of_other_size(d):  # (two lengths answer nothing of "How deep is it?" either)
            return True
        if not attribute_words or d.kind in ("year", "date", "name"):
            return False
        return any(not any(_holds(t, held) for t in attribute_words) for held in (
            with_relations(set(tokenize(pool[i].text)), attribute_words, pool[i].text) for i, _v in d.values))

    # a count asked of a noun ("How many people work at ...?") is no year: years a page gives of another event
    # (its founding) are numbers, but no count of what is asked
    counts_noun = kind == "how_many" and any(n.lower().rstrip("s") not in _TIME_NOUNS for n in counted_nouns(question))

    def bears_on_answer(d: Disagreement) -> bool:
        """Whether a disagreement on a value of the answer's claims bears on what the question asks, so the lead
        says it: not one on years or dates when a person, a place or a count of a noun (not of years) is
        asked ("How many people work at the Orlen Mill?" is not disputed by the years the mill was founded in, nor
        "Who founded it?"), nor one on names when a date or a figure is asked, nor one on figures when only a
        person, a date or a place is asked, nor one on figures of another kind than a figure asked (weights, for a
        battery's run time: :func:`of_kind_asked`). Those are said among the findings.
        A question asking several things in one sentence (:func:`question_parts`: "When was it founded and who founded
        it?") is disputed on the values any of its parts asks."""
        if age_choice:
            return d.kind in ("year", "date")
        if d.kind in ("year", "date"):  # ("How long has it existed?": its years)
            # a size asked ("How tall is it?": a length, no time) is not disputed by the years it was built in
            # (nor is a power or any other quantity asked in other words, "How powerful is X?": its build years)
            return any(not (k in ("who", "where") or counts_noun or (k in ("measure", "what", "which", "how_much")
                                                                     and asked and "time" not in asked))
                       for k in part_kinds)
        if d.kind == "name":
            return any(k not in ("when", *FIGURE_TYPES) for k in part_kinds)
        if all(k in ("who", "when", "where") for k in part_kinds):
            return False  # three heights dispute no "When was it built?" (nor who built it, nor where)
        if asked and not of_kind_asked(d):
            return False  # three weights dispute no "How long does the battery last?", though its lead gives one
        if of_other_attribute(d):
            return False  # two lengths dispute no "What is its rack system?", though its lead gives one of them
        return not counts_other(d)

    # a lead that states no value of the type asked ("Boats can be hired at Senn Lock." for "How many locks does the
    # canal have?") answers nothing a disagreement on that value could be set beside: the disagreement leads
    lead_answers = kind in ("yes_no", "comparison", "none") or any(
        answer_candidates(supported[i].text, kind, question) for i in lead_idx)
    # the lead is disputed when its own value is, or when contested claims about as relevant as it (or any, when it
    # states no value of the type asked) disagree on a value of the kind asked
    lead_disputed = any(d not in settled and d not in standing and all(pool[i] not in chosen for i, _v in d.values)
                        and of_kind_asked(d) and (contested_rel(d) >= CONTESTED_LEAD_SHARE * lead_rel
                                                  or not lead_answers) for d in disputes)
    # a size asked ("How tall is the chimney?": its height) that no lead sentence gives (it gives another dimension:
    # "cracks up to 2 centimetres wide") is answered by the disagreement of the pages that give that size ("42 metres
    # tall" / "the 46-metre chimney": its one extent), which leads

    def sizes_asked(d: Disagreement) -> bool:
        return all({f for f, _k, _s in _size_figures(pool[i], titles.get(str(pool[i].source_id), "")).figures}
                   & (asked_dims | {_EXTENT}) for i, _v in d.values)

    size_disputes = [d for d in disputes if asked_dims and d not in settled and d not in standing
                     and of_kind_asked(d) and sizes_asked(d)] \
        if asked_dims and not any(_dimensions(supported[i].text) & asked_dims for i in lead_idx) else []
    lead_disputed = lead_disputed or bool(size_disputes)

    # what an English lead's disagreement is on, when the question asks an attribute of a thing it names ("the
    # elevation of Kestrel Summit station"): the sentence says it (issue 9, g44 fault G)
    disputed_on = attribute_asked(question) if english else ""

    def compared_value(d: Disagreement) -> str:
        """The value of a comparison in attributes a disagreement is on ("the pool length of Wexley Lido": one of
        its values is the one the lead gives), or ""."""
        if attributes is None:
            return ""
        for attribute, cited in zip(attributes.attributes, attributes.cited, strict=True):
            for thing, at in zip(attributes.things, cited, strict=True):
                if at >= 0 and any(pool[i].claim_id == supported[at].claim_id for i, _v in d.values):
                    return f"the {attribute} of {thing}"
        return ""

    alike_ids = {supported[i].claim_id for i in others}  # claims about a look-alike of an asked name

    def add_value(groups: list[tuple[str | None, dict[str, list[str]], set[str]]], amount: str | None,
                  worded: str, marked: str, sid: str) -> None:
        """Adds one source's wording of a value to ``groups`` (amount key, wording -> marks, source ids), in a
        group of its own unless it is the amount of the last one."""
        if not (groups and amount is not None and groups[-1][0] is not None
                and _same_amount(groups[-1][0], amount)):
            groups.append((amount, {}, set()))
        groups[-1][1].setdefault(worded, []).append(marked)
        groups[-1][2].add(sid)

    def say_disputes(which: list[Disagreement] | None = None, *, lead: bool = False) -> list[str]:
        said = []
        for d in disputes if which is None else which:
            # one amount each: its key (:func:`_amount_key`, None without one) and each wording of it with the
            # marks of the sources giving it so ("41 locks" -> ["[1]", "[2]"]) and those sources
            groups: list[tuple[str | None, dict[str, list[str]], set[str]]] = []
            asked_groups: list[tuple[str | None, dict[str, list[str]], set[str]]] = []  # look-alikes left out
            given: set[tuple[str, str, str]] = set()  # (source id, digits, authority) of each value said
            said_in: dict[str, list[str]] = {}  # source id -> the texts of its claims giving a value (copies)
            for i, shown in sorted(d.values, key=lambda v: _number_key(v[1])):
                said_by = attribution(pool[i].text)  # a named authority's figure says whose it is
                per = "" if said_by is None else " per " + re.sub(r"^(The|A|An)\b", lambda m: m.group(1).lower(),
                                                                   said_by[0])
                # one source's value written twice ("3,112 m" in its table, "3,112 metres" in its text) is said once
                key = (_cited_span(pool[i]).source_id, re.sub(r"\D", "", shown), per)
                if key[1] and key in given:
                    continue
                given.add(key)
                if pool[i] not in chosen:
                    chosen.append(pool[i])
                # "about 11,800 plant species": the whole noun counted, and the hedge as its page says it
                # (a year has no unit: its key is the year itself, so that sources giving one year are one side)
                amount = _amount_key_of(shown) or _year_key(shown)
                shown = _hedged(pool[i].text, _counted_phrase(pool[i].text, shown))
                shown = unit_plural(shown) if english else shown  # "the 46-metre chimney": 46 metres
                worded = f"{_escape(shown)}{' ' + _escape(per.strip()) if per else ''}"
                # "119 g [1] ≈ 4.2 oz [2]": one amount in two units is no dispute; one wording of it given by
                # several sources is said once with their marks ("41 locks [1][2][3]")
                add_value(groups, amount, worded, mark(pool[i]), key[0])
                # a majority counts only sources whose claim is about the asked thing: "The Old Quelvard was
                # 187.4 m long" twice is no majority against "The Quelvard was 178 m" (:func:`look_alike_claims`)
                if pool[i].claim_id not in alike_ids:
                    add_value(asked_groups, amount, worded, mark(pool[i]), key[0])
                said_in.setdefault(key[0], []).append(pool[i].text)
            parts = [" ≈ ".join(f"{w} {''.join(m)}" for w, m in g.items()) for _a, g, _s in groups]
            # a lead on a value independent sources agree on, against one source each for the others: the value
            # agreed on, then what the outlier says
            # (never a figure of another dimension than the size asked: lengths give no depth)
            # (what it is of: "the weight of the Orsa bell" for "How much does the Orsa bell weigh?", and when the
            # question does not say it, "the weight of the Old Maud" for "Which anchor ... weighs the most?", as
            # :func:`figure_topic` reads the values' sentences)
            outvoted = outvoted_sentence(asked_groups, sources, ((disputed_on or weight_asked(question) if english
                                                                  else "") if of_kind_asked(d) else "")
                                         or compared_value(d) or figure_topic([(pool[i], v) for i, v in d.values],
                                                                              titles, question), said_in) \
                if english and lead and (not asked_dims or sizes_asked(d)) else ""
            if outvoted:
                said.append(outvoted)
                continue
            if english:
                parts[-1] += _majority(groups)
            if lead and disputed_on and of_kind_asked(d):
                said.append(f"{words.disagree} on {_escape(disputed_on)}: {'; '.join(parts)}.")
                continue
            compared_on = compared_value(d) if english else ""  # "the pool length of X", a value compared
            if lead and compared_on:
                said.append(f"{words.disagree} on {_escape(compared_on)}: {'; '.join(parts)}.")
                continue
            about = dispute_subject([pool[i] for i, _v in d.values], titles, question)
            # an English disagreement on a size among the findings, where no question frames it, says what it is on
            # when it names no subject: "The sources disagree on the length of the harbour line: 2.4 km [1]; 3.1 km
            # [2]." (issue 9, t46 fault 3)
            topic = size_dispute_topic([pool[i] for i, _v in d.values], titles, [v for _i, v in d.values]) \
                if english and not lead and not about else ""
            # and one whose every value is stated of one name says whose figures they are: "The sources disagree on
            # the weight of the Great Tobias: 6.4 tonnes [1][2]; about 9 tonnes [3]." (task h14)
            topic = topic or (figure_topic([(pool[i], v) for i, v in d.values], titles, question)
                              if english and not about else "")
            if topic:
                said.append(f"{words.disagree} on {_escape(topic)}: {'; '.join(parts)}.")
                continue
            said.append(f"{words.disagree}{' — ' + _escape(about) if about else ''}: {'; '.join(parts)}.")
        return said

    def quoted(written: str) -> list[VerifiedClaim]:
        """The claims of the disagreements the report says whose sentences ``written`` (its lead) does not give: a
        reader sees what each page says of the disputed value, not two bare figures (issue 9, g44 fault G)."""
        out: dict[str, VerifiedClaim] = {}
        for d in disputes:
            for i, _v in d.values:
                if pool[i].claim_id not in out and _escape(_sentence_text(pool[i].text)) not in written:
                    out[pool[i].claim_id] = pool[i]
        return list(out.values())

    if not chosen and any(not of_other_attribute(d) for d in disputes):
        # every value the sources give is contested: the disagreement is the answer (one on another attribute than
        # the question names is none)
        disputes = [d for d in disputes if not of_other_attribute(d)]
        said_all = " ".join(say_disputes(lead=True))
        lines += [f"## {words.answer}", "", said_all, ""]
        by_title: dict[str, list[VerifiedClaim]] = {}
        for c in quoted(said_all):
            by_title.setdefault(_title_of(c, sources), []).append(c)
        if by_title:
            lines += [f"## {words.findings}", ""]
        for title, items in by_title.items():
            lines += [f"### {_escape(title)}", "", *(f"- {cite(c)}" for c in items), ""]
    elif not chosen:
        # what could not be established, and why: a question without content words was not searched at all
        empty = words.no_terms if no_terms else words.no_evidence
        if no_sources and not no_terms:  # the search kept nothing, or what it kept could not be fetched
            empty = words.no_results if off_topic and words.no_results else words.no_sources
        if no_sources and not no_terms and words is report_words("en") and (model := asked_model(as_asked)):
            # "Is the Zentrix Q9 worth it?" and nothing found: that no source names the model asked about is said
            # first (task h4, trial t53s)
            empty = f"No source found names the {_escape(model)}. {empty}"
        lines += [f"## {words.answer}", "", empty, ""]
    else:
        n_lead = min(len(lead_idx), len(chosen)) or 1
        answer = chosen[:n_lead]
        rest = chosen[n_lead:]
        # "latest", or a dated update of the figure asked: older pages out
        updated = updates_figure(question, answer[0], sources)
        older = [c for c in answer if superseded(question, answer[0], c, sources, updated=updated)]
        answer = [c for c in answer if c not in older]
        rest = older + rest
        answer_disputed = lead_disputed or bool(disputed_ids & {c.claim_id for c in answer})
        # the lead says the disagreements on its own values (and those between contested claims it writes none
        # of); one on a value of a finding is said among the findings: it does not bear on the answer
        in_lead = [d for d in disputes if d not in settled and (
            (any(pool[i] in answer for i, _v in d.values) and bears_on_answer(d))
            or (all(pool[i] not in chosen for i, _v in d.values) and of_kind_asked(d)) or d in size_disputes)]
        in_findings = [d for d in disputes if d not in in_lead]

        def lead_claims() -> list[str]:
            if not answer:  # the lead is the sentences stating the values compared (attributes_sentences)
                return []
            compared = comparison_options(question) if kind == "comparison" else []
            # a sentence stating a figure of the kind asked of what the question names needs no page title before
            # it (a title may be the answer to another kind of question: "Bardney" for "... in the civil parish of
            # which village?")
            named = find_entities(question) if kind in FIGURE_TYPES else []
            parts = [_labelled(c, sources, whole=kind == "comparison", compared=compared, asked=question,
                               named=named if named and answer_candidates(c.text, kind, question) else (),
                               page=[x.text for x in supported if x.source_id == c.source_id]) + cite_lead(c)
                     for c in answer]
            # (a gap's sentence says whose each figure is: "A is 415 m higher than B: 4,120 m [1] against 3,705 m [2]")
            pair = count_comparison(question) if kind == "how_many" and len(answer) == 2 and gap is None else None
            if pair:  # "How many N did A build compared with B?": each count with the thing it is of
                parts = [p if set(tokenize(name)) <= set(tokenize(p)) else f"{_escape(name)}: {p}"
                         for name, p in zip(pair, parts)]
            note = date_note(question, answer[0], sources)  # a "latest" question: how current the answer is
            if note:
                parts[0] = parts[0][:-1] + note + "."
            return parts

        # a decided choice is stated first, citing the claims it compares (not over a disputed value)
        stated = choice_sentence(choice, [mark(supported[i]) for i in choice.cited]) \
            if choice is not None and not answer_disputed and (choice.values or choice.stated) else ""
        if yes_no is not None and yes_no.values and not answer_disputed:  # one thing's figures at two times
            stated = yes_no_sentence(yes_no, [mark(supported[i]) for i in yes_no.cited])
        if difference is not None and not answer_disputed:
            stated = difference_sentence(difference, [mark(supported[i]) for i in difference.cited])
        if duration is not None and not answer_disputed:
            stated = duration_sentence(duration, mark(supported[duration.cited]))
        if extreme is not None and not answer_disputed:
            stated = extreme_sentence(extreme, [mark(supported[i]) for i in extreme.cited])
        if gap is not None:  # its sentence gives every disagreeing figure with its difference
            stated = gap_sentence(gap, [mark(supported[i]) for i in gap.cited], mark(supported[gap.other_cited]))
        if group is not None and group.total and not answer_disputed:  # a per-person price: the group's total
            stated = group_price_sentence(group, mark(supported[group.cited]))
        if party is not None and not answer_disputed:  # each kind's price: the party's total
            stated = party_price_sentence(party, [mark(supported[i]) for i in party.cited])
        if attributes is not None:  # one sentence per attribute compared; the claims stating them are findings
            stated = attributes_sentences(attributes, {i: mark(supported[i]) for i in attributes.claims})
            rest, answer = [*answer, *rest], []
        if answer_disputed:  # the answer's value is disputed: say so first
            said = say_disputes(in_lead, lead=True)
            if difference is not None:  # one thing at two times: the two figures first, then the disagreement
                stated = difference_sentence(difference, [mark(supported[i]) for i in difference.cited])
            # a lead sentence stating a value some disagreement is on picks one side: its value is said with the
            # others' (in the lead, or among the findings when it is of another attribute), not asserted after them
            sided = {pool[i].claim_id for d in in_lead if d not in standing for i, _v in d.values} if said else set()
            # (one on another attribute: a lead sentence giving no answer of the type asked is the findings' side)
            aside_ids = {pool[i].claim_id for d in in_findings if d not in settled and d not in standing
                         for i, _v in d.values} if said and kind not in ("yes_no", "comparison", "none") else set()
            # (a lead sentence giving another dimension than the size disputed and asked, "cracks up to 2 centimetres
            # wide" beside two heights, is a finding)
            other_size = [c for c in answer if size_disputes and _dimensions(c.text) & set(_SIZE_DIMENSIONS)
                          and not _dimensions(c.text) & asked_dims]
            claims_said = [p for c, p in zip(answer, lead_claims()) if c.claim_id not in sided and not (
                c.claim_id in aside_ids and not answer_candidates(c.text, kind, question)) and c not in other_size]
            rest = other_size + rest
            lead_text = " ".join([*([stated] if gap is not None or difference is not None or attributes is not None
                                    else []), *said,
                                  *claims_said])
        else:
            lead_text = " ".join([*([stated] if stated else []), *lead_claims(), *say_disputes(in_lead, lead=True)])
        for i, shown, year in older_said[:2]:  # "An older source (2022) gives 13100 [2].": never a dispute
            if pool[i] not in chosen:
                chosen.append(pool[i])
            value = _escape(_hedged(pool[i].text, _counted_phrase(pool[i].text, shown)))
            page_year = _as_of_year(sources.get(str(pool[i].source_id)))
            if year is not None and (newest_led is None or year < newest_led) \
                    and page_year is not None and page_year > year:
                # the figure is older, not its page (a 2026 post's "built in 1859"): "an older figure"
                lead_text += f" Another source gives an older figure ({year}): {value} {mark(pool[i])}."
                continue
            said_by_page = "Another source, undated," if year is None else f"An older source ({year})" \
                if newest_led is None or year < newest_led else f"Another source ({year})"
            lead_text += f" {said_by_page} gives {value} {mark(pool[i])}."
        if yes_no is not None:
            verdict = None if answer_disputed else yes_no.answer  # a disputed value: no yes/no on top of it
            if verdict is None and english:
                lead_text = f"{UNDECIDED_TEXT} {lead_text}"
            elif verdict is not None:
                yes, no = YES_NO_WORDS.get(language.split("-")[0].lower(), YES_NO_WORDS["en"])
                lead_text = f"{yes if verdict else no}: {lead_text}"
        # "How many miles long is X?" over pages giving kilometres: each figure of that dimension is followed by its
        # conversion into the unit asked ("318 km (about 198 miles)": shared.text.quantity.with_asked_unit)
        lines += [f"## {words.answer}", "", with_asked_unit(question, lead_text) if english else lead_text, ""]
        aside = say_disputes(in_findings)
        rest_ids = {c.claim_id for c in rest}
        rest = [c for c in quoted(lead_text) if c.claim_id not in rest_ids] + rest
        # a user's own account ("I switched to X last year and never looked back") is experience, not a finding
        accounts = [c for c in rest if _account(c, sources)]
        rest = [c for c in rest if c not in accounts]
        if rest or aside:
            lines += [f"## {words.findings}", ""]
            if aside:
                lines += [f"- {a}" for a in aside] + [""]
            groups: dict[str, list[VerifiedClaim]] = {}
            for c in rest:
                groups.setdefault(_title_of(c, sources), []).append(c)
            for title, items in groups.items():
                lines += [f"### {_escape(title)}", ""]
                lines += [f"- {cite(c)}" for c in items]
                lines.append("")
        if accounts:
            lines += [f"## {words.experience}", "", words.experience_note, ""]
            lines += [f"- {_escape(_title_of(c, sources))}: {cite(c)}" for c in accounts]
            lines.append("")
    lines += closing_lines(missing, numbers, sources, missing_heading=words.missing,
                           sources_heading=words.sources)
    return Report(
        markdown="\n".join(lines).rstrip() + "\n",
        citations=citations,
        used_claim_ids=[c.claim_id for c in chosen],
    )


def _own_support(claim: VerifiedClaim) -> EvidenceCandidate | None:
    """The span of a claim's own source that supports it (a contested claim's page states it), else None."""
    return next((sp for sp in claim.spans if sp.label == "supports" and sp.source_id == claim.source_id), None)


def _cited_span(claim: VerifiedClaim) -> EvidenceCandidate:
    """The span a claim's citation points at: its first span, or for a contested claim the span of its own
    source that supports it (never a passage that contradicts it)."""
    if claim.verdict == "contested":
        own = _own_support(claim)
        if own is not None:
            return own
    return claim.spans[0]


#: a sentence opening with a pronoun or demonstrative needs its page's title to say what it is about
_PRONOUN_OPENING_RE = re.compile(r"^\W*(?:he|she|it|they|his|her|its|their|this|these|those|that)\b", re.IGNORECASE)


def _labelled(claim: VerifiedClaim, sources: dict[str, SourceInfo], *, whole: bool = False,
              compared: Sequence[str] = (), named: Sequence[str] = (), asked: str = "",
              page: Sequence[str] = ()) -> str:
    """"Title: " when a lead claim shares no word with its page's title ("The genus has 25 species" on the page
    "Achimenes"), so the lead says what the sentence is about; "" otherwise, for a long (non-name) title, for a topic,
    listing or headline title (:func:`_topic_title`: "KVR station list", :func:`_headline`), and before a sentence that
    opens with a name of its own (:func:`_opening_words`: "Dunfield Basin opened in 1926" on the page "HCC wharves"):
    a page's heading is no part of the claim sentence.
    ``whole`` (the claims of a choice between named things): labelled unless the claim holds every word of the
    title ("Huber has won four titles" on the page "Liezel Huber" says whom it compares by the full name).
    ``compared``: the names a choice compares; a claim naming one of them by its whole name says itself what it
    is about, so no title is glued before it (never "The Halvern Bridge: A second crossing, the Little Halvern
    Footbridge, ... is 64 metres long").
    ``named``: the names the question gives; a sentence holding every word of one of them and opening with no
    pronoun says itself what it is about ("At the end of 2024 the Varnö Rowing Club had 318 members" on the page
    "Questions about joining" for a question about the Varnö Rowing Club: no "Questions about joining: "); so does
    one calling it "the <noun>" when its page (``page``: the sentences of the claim's page) names one thing by a name
    ending with that noun (:func:`shared.text.reference.definite_names`: "The reservoir holds 21 million cubic
    metres" on the page "Brask Dam", which names Hessel Reservoir, for "How much water does Hessel Reservoir hold?").
    ``asked``: the question; when it names the page's subject (every word of the title) and the claim is a sentence
    complete on its own (:func:`_complete_sentence`), the title says nothing the question does not: "The trust's
    director since 2019 is Margit Sollen" on the page "Orvane Canal" for "Who is the director of the Orvane Canal
    Trust?" is written without "Orvane Canal: ". A fragment ("Closed on Mondays"), a sentence opening with a pronoun
    ("It has 41 locks"), a choice between things (``whole``, ``compared``: each sentence needs its thing) and a page
    the question does not name (its title may be the answer or the bridge to it) keep the label.
    """
    title = clean_title(_title_of(claim, sources))
    toks = set(tokenize(title))
    have = set(tokenize(claim.text))
    if not toks or len(title.split()) > 6 or (toks <= have if whole else bool(toks & have)):
        return ""
    if any(tokenize(name) and is_about(name, claim.text, "") for name in compared):
        return ""
    referred = {t for n in definite_names(claim.text, [title, *page]) for t in tokenize(n)} if named else set()
    if not _PRONOUN_OPENING_RE.match(claim.text) and any(
            (words := set(tokenize(name))) and words <= have | referred for name in named):
        return ""
    if _headline(title) or _topic_title(title) or _names_its_subject(claim.text) or _opening_words(claim):
        return ""
    if asked and not whole and not compared and toks <= set(tokenize(asked)) and _complete_sentence(claim.text):
        return ""
    return f"{_escape(title)}: "


#: finite forms of "be", "have", "do" and the modal verbs
_FINITE_AUX = frozenset("is are was were am has have had does do did will would can could may might must shall "
                        "should".split())
#: words before a noun: a participle after one describes the noun ("the restored cottage"), it is no verb
_DETERMINERS = frozenset("the a an this that these those its his her their our your my its every each no some any "
                         "all".split())
#: a word of a sentence (letters first; inner apostrophes, hyphens and digits)
_SENTENCE_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*")


def _complete_sentence(text: str) -> bool:
    """Whether ``text`` is an English statement complete on its own: it opens with a capital, not with a pronoun
    or demonstrative standing for something said before (:data:`_PRONOUN_OPENING_RE`: "It has 41 locks"), and
    after its first word, before any "label: value" colon, holds a finite verb: a form of "be", "have", "do" or a
    modal, an irregular verb's simple past or "-s" form ("held", "holds"), a word in "-ed" not after a determiner
    ("opened"; "the restored cottage" is a noun phrase), or a word in "-s" (no possessive) right after "The <noun>"
    or a name of two words or more ("The canal runs ...", "Margit Sollen heads ..."). "The trust's director since
    2019 is Margit Sollen." is one; "Closed on Mondays, except Easter Monday", "admission, adult ticket price
    €7.00" and "opening hours Monday: closed" are not. A question is none. Other languages than English are never
    read as complete (their sentences keep what labels them)."""
    body = text.strip().lstrip("\"'“‘(")
    if not body[:1].isupper() or body.rstrip().endswith("?") or _PRONOUN_OPENING_RE.match(body):
        return False
    words = _SENTENCE_WORD_RE.findall(body.split(": ", 1)[0])
    for i in range(1, len(words)):
        word, before = words[i].casefold(), words[i - 1].casefold()
        if word in _FINITE_AUX:
            return True
        if before in _DETERMINERS or not words[i].islower():
            continue
        base = verb_base(word) or (verb_base(word[:-1]) if word.endswith("s") else None)
        if base is not None and simple_past(word) and word != base:
            return True
        if base is not None and word in (base + "s", base + "es"):
            return True
        if len(word) >= 5 and word.endswith("ed"):
            return True
        subject = (i == 2 and words[0].casefold() == "the") or (i >= 2 and all(w[:1].isupper() for w in words[:i]))
        if subject and word.endswith("s") and not word.endswith(("ss", "us", "is", "'s", "’s")):
            return True
    return False


def _topic_title(title: str) -> bool:
    """Whether a page title names a topic, not a thing a sentence is about: a phrase in sentence case with a
    lower-case content word and a linking function word ("Rate limiting in Python", "Ice hockey at the Winter
    Olympics", "List of rivers of Europe"), or a name followed by lower-case nouns saying what of it the page lists
    ("KVR station list", "Led Zeppelin discography"). A name capitalises its content words ("Battle of the Bulge",
    "Kingdom of Hungary") or is of two words ("Acer pseudoplatanus"), so it stays a label."""
    words = _TITLE_WORD_RE.findall(title)
    if len(words) < 3:
        return False
    lower = any(w[:1].islower() and len(w) >= 3 and not is_stopword(w.casefold()) for w in words[1:])
    linked = any(is_stopword(w.casefold()) and w.casefold() not in ALL_ARTICLES for w in words[1:-1])
    # a name followed by lower-case nouns says what of it the page lists ("KVR station list", "Harlowe Canal Company
    # wharves"): the page's topic, whose name the sentences need not be about
    listing = words[-1][:1].islower() and not is_stopword(words[-1].casefold()) and any(
        w[:1].isupper() for w in words[:-1])
    return (lower and linked) or listing


#: a word of a title (letters, digits, inner apostrophes and hyphens)
_TITLE_WORD_RE = re.compile(r"[^\W_][\w'’-]*")


def _headline(title: str) -> bool:
    """Whether a page title is a headline, a clause about the page ("We tested three home espresso machines",
    "How we test laptops"), not the name of what a sentence is about: it opens with a function word other than an
    article and writes a content word in lower case (a name writes its words capitalised: "We Are the World",
    "How I Met Your Mother"), or it frames a name with words about the page (the frame of
    :func:`~shared.text.terms.title_subject`: "Visiting the Teatro Brivolo", "A short history of the Kessin Tower"). Such a title glued before a sentence ("We
    tested three home espresso machines: Price at the time of testing: 399 EUR", "Visiting the Teatro Brivolo: The
    hall is accessible ...") says nothing the sentence is about."""
    words = _TITLE_WORD_RE.findall(title)
    # "Visiting the Teatro Brivolo": a name framed by the page
    if _gerund_phrase(words) or title_subject(title, subtitle=False, tail=False):
        return True
    if len(words) < 2 or not is_stopword(words[0].casefold()) or words[0].casefold() in ALL_ARTICLES:
        return False
    return any(w[:1].islower() and len(w) >= 3 and not is_stopword(w.casefold()) for w in words[1:])


def _gerund_phrase(words: Sequence[str]) -> bool:
    """Whether a title's words are a headline naming an activity: an English verb's ``-ing`` form first, then its
    object in lower case or an abbreviation, and a linking function word later ("Parsing CSV in Node.js",
    "Validating settings with pydantic", "Choosing a rate limiter for asyncio"). A name's words are capitalised
    ("Reading Football Club", "Sterling Heights"), so it stays a label."""
    if len(words) < 3 or not re.fullmatch(r"[A-Z][a-z]{2,}ing", words[0]):
        return False
    second = words[1]
    object_like = second.islower() or (second.isupper() and len(second) >= 2)
    return object_like and any(is_stopword(w.casefold()) and w.casefold() not in ALL_ARTICLES for w in words[2:-1])


def _names_its_subject(text: str) -> bool:
    """Whether a sentence opens by naming its subject with a model name of several words and a number ("Die
    Brevona Duo 2 ist nach 25 Sekunden betriebsbereit", "The Lumo R5 has ..."): it says itself what it is about, so
    no page title is put before it."""
    names = find_entities(text, list_items=True)
    if not names:
        return False
    first = names[0]
    at = text.find(first)
    opening = [w.casefold() for w in _TITLE_WORD_RE.findall(text[:at])] if at >= 0 else ["?"]
    parts = first.split()
    if parts and parts[0].casefold() in ALL_ARTICLES:
        opening, parts = [*opening, parts[0].casefold()], parts[1:]
    return (all(w in ALL_ARTICLES for w in opening) and len(parts) >= 2
            and any(ch.isdigit() for ch in parts[-1]) and any(ch.isalpha() for ch in "".join(parts[:-1])))


def _with_body_names(text: str, names: Sequence[str]) -> str:
    """``text`` with each of ``names`` (bodies it calls by their head noun alone: :func:`_bodies_referred`) written
    after its first "the <noun>": "has since been run by the trust" -> "has since been run by the trust (Orlen Lido
    Trust)"."""
    for name in names:
        noun = name.split()[-1].casefold()
        m = re.search(rf"\b[Tt]he\s+{re.escape(noun)}\b(?!\s*\()", text)
        if m is not None:
            text = f"{text[:m.end()]} ({name}){text[m.end():]}"
    return text


def _escape(text: str) -> str:
    """Keep titles on one line and free of citation-like brackets."""
    t = " ".join(text.split())
    return re.sub(r"\[(\d+)\]", r"(\1)", t)
