"""Confidence gate: the calibrated probability that a report answers its question, and a tier.

:func:`confidence_gate` is the weighted score of report-quality signals: citation (cited sentences carry
evidence), support (share of judged claims supported), diversity (distinct cited domains), retrieval (share of
the question's key terms the cited evidence holds) and answer (does the lead state an answer of the type the
question asks for, :func:`shared.text.answer.lead_answer`). :func:`report_gate`, the gate of every written
report, keeps those as signals but scores the report with a logistic regression over :func:`answer_features`
(:data:`CALIBRATION`, fitted on HotpotQA dev questions; ``python -m tests.tools.fit_calibration`` refits it): its
score is P(the report states the answer). A report whose lead states no answer of the right type is at most "low" whatever
the other signals say.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Literal

import stopwordsiso
from pydantic import BaseModel, ConfigDict
from rapidfuzz.distance import Levenshtein

from services.synthesizer.durations import decide_duration
from services.synthesizer.offline import (
    OLDER_RE,
    OUTVOTED_RE,
    Disagreement,
    asked_authority,
    choice_as_named,
    choice_stands,
    contradicted_by,
    counts_other_noun,
    dates_no_first,
    disowned_claims,
    find_disagreements,
    holders_unordered,
    look_alike_claims,
    modified_noun,
    modifies_noun,
    newer_stands,
    of_other_dimension,
    of_other_thing,
    of_page_other,
    old_name_of,
    opening_name,
    opens_longer_name,
    others_figure,
    qualified_heads,
    rank_claims,
    relation_of_other,
    said_by,
    updates_figure,
)
from services.synthesizer.provenance import asks_latest, stale_price_lead, superseded
from services.synthesizer.verdicts import (
    AGE_RE,
    Choice,
    YesNo,
    asked_dimension,
    comparative,
    compared_years,
    decide_choice,
    decide_difference,
    decide_extreme,
    decide_gap,
    decide_group_price,
    decide_yes_no,
    figure_of_dimension,
    gap_words,
    opens_look_alike,
    same_state,
    stated_comparison,
    states_predicate,
    with_kind_noun,
)
from shared.evidence import LOW_TRUST_KINDS, Report, SourceInfo, VerifiedClaim
from shared.report import REPORT_WORDS, lead_section
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
    attribute_comparison,
    choice_count_nouns,
    comparison_options,
    cost_purpose,
    dated_origin_words,
    implicit_cause,
    lead_answer,
    measure_subject,
    money_row_states,
    name_of_other_year,
    object_asked_against,
    paid_act,
    phrasal_terms,
    prices_thing_asked,
    question_parts,
    relation_noun,
    relation_subject,
    relation_terms,
    row_label,
    wh_head_terms,
    without_place_of_most,
)
from shared.text.answer import question_terms as phrased_terms
from shared.text.compounds import common_noun, held_nouns
from shared.text.crosslang import FOLDED_LANGUAGES, LEXICON, english_held, english_of, held_terms, unfolded
from shared.text.entailment import clause_framed_years
from shared.text.groups import (
    Group,
    asked_group,
    asked_party,
    group_range_fits,
    paid_by_payer,
    price_label,
    sum_amounts,
)
from shared.text.hours import asked_time_words, hours_stated_words
from shared.text.kinds import name_kind, site_on_place
from shared.text.numbers import NUMBER_WORD_PATTERN, numerize
from shared.text.packages import is_plain_english
from shared.text.patterns import pattern as compiled
from shared.text.quantity import (
    AMOUNT_FAMILIES,
    AMOUNT_KINDS,
    PAST_FRAME,
    PEOPLE_NOUNS,
    amount_noun,
    asked_count_nouns,
    asked_quantity,
    asks_duration,
    counted_nouns,
    counts,
    figure_kind,
    gradient_value,
    measured_number,
    other_count,
    per_unit,
    quantity_words,
    states_asked,
    states_quantity,
)
from shared.text.records import asks_record_time, race_durations, record_times, superseded_times
from shared.text.reference import called_a, definite_names, kind_nouns, names_by_kind, reference_nouns, refers
from shared.text.relations import (
    RELATIONS,
    agent_names,
    asked_role,
    asks_leadership,
    ended_role_against,
    holder_names,
    hosting_against,
    idle_role_words,
    life_words,
    phrasal_relation,
    ranked_role_against,
    relation_of,
    role_bridge,
    said_relation_words,
    same_relation,
    same_stem,
    succession_against,
    verb_held,
    with_agent_nouns,
    with_relations,
)
from shared.text.sizes import extreme_words_held, ranked_superlatives
from shared.text.synonyms import (
    is_kind_of,
    named_in_other_words,
    narrower_kinds,
    near_synonyms,
    said_plainly,
    same_thing,
    with_synonyms,
)
from shared.text.tables import pipe_tables
from shared.text.terms import (
    another_variant,
    clean_title,
    defined_abbreviations,
    described_other,
    disowns,
    find_entities,
    head_on_qualified_page,
    key_terms,
    look_alike_name,
    marked_look_alike,
    names_prefixed_other,
    names_swapped_word,
    names_written_alone,
    part_subject,
    spell_out_abbreviations,
    title_parts,
    title_subject,
    writes_name_whole,
)
from shared.text.tokens import compound_only, detect_language, is_label_line, split_sentences, tokenize
from shared.text.verbs import AUXILIARIES, same_verb, verb_base

__all__ = ["Gate", "confidence_gate", "report_gate", "answer_features", "answered_probability", "answer_disputed",
           "figures_decide", "size_by_count", "no_by_other_doer", "head_by_title_only", "HEAD_BY_TITLE_CAP",
           "site_by_place_only", "SITE_BY_PLACE_CAP", "name_words", "word_found", "FUZZY_NAME_MIN",
           "WEIGHTS",
           "ANSWER_WEIGHTS", "HIGH_THRESHOLD", "MEDIUM_THRESHOLD", "UNANSWERED_CAP", "NAMES_MISSING_CAP", "CALIBRATION",
           "CALIBRATION_INTERCEPT", "FEATURES"]

#: weights of the four evidence signals (the gate without an answer signal); they sum to 1.
WEIGHTS: dict[str, float] = {"citation": 0.35, "support": 0.30, "diversity": 0.20, "retrieval": 0.15}
#: weights with the answer signal (the gate of every report); they sum to 1.
ANSWER_WEIGHTS: dict[str, float] = {"answer": 0.60, "citation": 0.10, "support": 0.10, "diversity": 0.05,
                                    "retrieval": 0.15}
#: score >= HIGH_THRESHOLD -> "high"; >= MEDIUM_THRESHOLD -> "medium"; else "low".
HIGH_THRESHOLD = 0.85
MEDIUM_THRESHOLD = 0.60
#: the highest score of a report whose lead states no answer of the right type (below MEDIUM_THRESHOLD)
UNANSWERED_CAP = 0.35
#: the highest score of a report whose lead's pages do not name everything the question names (``names_found`` < 1,
#: not a comparison: the options of a choice are weighed one by one): just below MEDIUM_THRESHOLD, so its tier is
#: "low" while it stays ordered by its probability (the calibration's ranking is kept for the AUROC)
NAMES_MISSING_CAP = 0.59
#: the highest score of a report whose lead answers one part of a two-part question and not the other ("Who founded
#: X and when?" answered by who alone): low, though not "not established"
PART_MISSING_CAP = 0.59
#: the least share of the question's names that the lead's answer sentence and the sentences chained to it must give
#: (feature ``chain_names``): below it the answer is about something else (a population stated for another town
#: than the one asked about), capped like a lead whose pages miss a name. On the tuning slice (HotpotQA dev200
#: 100-199 and its unanswerable variants) no report that holds the answer falls below 0.5 but for comparisons,
#: which are exempt.
CHAIN_NAMES_MIN = 0.5
#: ``relation_names`` (:func:`chain_features`) needs one name of the question held above this share by the chain of a
#: sentence stating the relation asked (a name of several words whose words are scattered over the chain counts half:
#: "Halvik is known for its harbour, its observatory" does not make a bridge's designer the observatory's)
RELATION_NAME_MIN = 0.5
#: source kinds (``SourceFetched.provenance``) that alone never make a report "high": a report citing only such
#: sources is capped at WEAK_SOURCES_CAP (below HIGH_THRESHOLD)
WEAK_KINDS = LOW_TRUST_KINDS
WEAK_SOURCES_CAP = 0.80
#: the most a lead giving a value most independent sources agree on, beside one source's other value, is scaled to
#: (:data:`services.synthesizer.offline.OUTVOTED_RE`): below "high"
OUTVOTED_CAP = 0.84
#: the most a lead giving the newest dated figure beside an older source's other figure is scaled to
#: (:data:`services.synthesizer.offline.OLDER_RE`: "An older source (2022) gives 13100 [2]."): the sources disagree,
#: the newer figure is likely the present one, so below "high"
OLDER_CAP = 0.84
#: the most a lead deciding a comparative of size as a whole ("Which is larger, A or B?", "Is A bigger than B?") by
#: counts of things each holds ("1,240 animals" against "610 animals": :func:`size_by_count`) is scaled to: a count
#: is no size, so the lead is below "high"
SIZE_BY_COUNT_CAP = 0.84
#: the most a why-question's lead is scaled to when every cause it gives is told only as a narrative
#: (:func:`shared.text.answer.implicit_cause`: "The furnace failed an inspection that year, and ..."): read, not
#: stated, so below "high"
IMPLICIT_CAUSE_CAP = 0.84
#: the most a yes/no lead is scaled to when it says "No" because a claim names another doer of the relation asked
#: ("The X was founded in 1962 by Q" for "Was the X founded by Y?": :func:`no_by_other_doer`): below "high"
OTHER_DOER_CAP = 0.84
#: the most a lead is scaled to when it names the asked "<qualifier> <head>" thing only by its head on a page whose
#: title alone is the qualifier's (:func:`head_by_title_only`): read, not written, so below "high"
HEAD_BY_TITLE_CAP = 0.84
#: the most a lead is scaled to when it names the asked place only as the opening of a site's name on it, on pages
#: that never name the place alone (:func:`site_by_place_only`): the site read as the place, so below "high"
SITE_BY_PLACE_CAP = 0.84


class Gate(BaseModel):
    """Result of :func:`confidence_gate`.

    Attributes:
        score: weighted sum of the clamped signals, in [0, 1].
        tier: "high" (score >= 0.85), "medium" (>= 0.60) or "low".
        signals: the clamped inputs, keys "citation", "support", "diversity", "retrieval" (and "answer").
    """

    model_config = ConfigDict(frozen=True)

    score: float
    tier: Literal["high", "medium", "low"]
    signals: dict[str, float]


#: a citation marker in a report's text: "[1]"
_CITATION_MARK_RE = re.compile(r"\[\d+\]")


def _unmarked(text: str) -> str:
    """``text`` with each citation marker ("[1]") replaced by a space: the words a lead sentence says."""
    return _CITATION_MARK_RE.sub(" ", text)


def _clamp(x: float) -> float:
    x = float(x)
    if math.isnan(x):
        return 0.0
    return min(1.0, max(0.0, x))


def confidence_gate(*, citation: float, support: float, diversity: float, retrieval: float,
                    answer: float | None = None) -> Gate:
    """Combine the signals (each clamped to [0, 1]; NaN counts as 0) into a confidence gate.

    Args:
        citation: share of report sentences that carry a valid citation (or share of
            claims that have evidence).
        support: share of the selected claims whose verdict is "supported".
        diversity: distinct domains/sources among the cited sources, normalised, e.g.
            ``min(1, distinct / 3)``.
        retrieval: share of the question's key terms the cited evidence holds.
        answer: how well the lead answers the question (:func:`shared.text.answer.lead_answer` score: 0 when it
            states no answer of the right type). None: the four evidence signals alone.

    Returns:
        :class:`Gate`. Without ``answer``: ``score = 0.35*citation + 0.30*support + 0.20*diversity +
        0.15*retrieval`` (:data:`WEIGHTS`); with it, the weights of :data:`ANSWER_WEIGHTS`, and an answer of 0
        caps the score at :data:`UNANSWERED_CAP` (tier "low"). Rounded to 6 decimals before tiering.
    """
    signals = {
        "citation": _clamp(citation),
        "support": _clamp(support),
        "diversity": _clamp(diversity),
        "retrieval": _clamp(retrieval),
    }
    weights = WEIGHTS
    if answer is not None:
        signals = {"answer": _clamp(answer), **signals}
        weights = ANSWER_WEIGHTS
    score = round(sum(weights[k] * v for k, v in signals.items()), 6)
    if answer is not None and signals["answer"] <= 0.0:
        score = min(score, UNANSWERED_CAP)
    tier: Literal["high", "medium", "low"]
    if score >= HIGH_THRESHOLD:
        tier = "high"
    elif score >= MEDIUM_THRESHOLD:
        tier = "medium"
    else:
        tier = "low"
    return Gate(score=score, tier=tier, signals=signals)


def report_gate(question: str, report: Report, sources: dict[str, SourceInfo], claims: list[VerifiedClaim], *,
                verify_claims: bool = True, domain_lead: bool = False) -> Gate:
    """The confidence gate of a written report (either engine).

    Signals: citation = share of the used claims that carry an evidence span; support = share of the judged
    claims (all claims, or those with a verdict other than "unverified" when ``verify_claims`` is False) that
    are supported; diversity = distinct cited domains / 3 (at most 1); retrieval = share of the question's key
    terms found in the cited quotes and the cited sources' titles; answer = :func:`lead_answer` of the report's
    lead (its first section) with the cited sources' titles. These are reported in ``signals``; the score is the
    calibrated probability that the report answers the question (:func:`answered_probability` of
    :func:`answer_features`, which are in ``signals`` as ``f_<name>``, the probability as ``p_answered``), so
    "high" (>= 0.85) and "medium" (>= 0.60) are probabilities. A lead that states no answer of the type asked
    (answer 0) is capped at :data:`UNANSWERED_CAP`; so is one whose value the used claims disagree on
    (:func:`find_disagreements`; only a disagreement on a value of the kind asked, :func:`answer_disputed`; a
    contested claim the verifier read against a lead claim's passage counts though the report does not write it;
    one whose values are all sizes of another thing than the question names does not, :func:`of_other_thing`, nor
    one on another dimension of size than the one asked, :func:`of_other_dimension`),
    and the signals then gain ``"disputed": 1.0``. Tier "low" in both cases. A
    lead whose cited pages (their supported claims and titles) do not name every name the question gives
    (feature ``names_found`` < 1; comparisons excepted), or whose answer sentence and the sentences chained to it
    (:func:`chain_features`) give less than :data:`CHAIN_NAMES_MIN` of the question's names (``chain_names``: a
    population stated for another town than the one asked about), is capped at :data:`NAMES_MISSING_CAP` (tier
    "low", ``"names_missing": 1.0``); so is one that says nothing of the relation the question asks about or counts
    something else than a "how many" question asks (:func:`relation_missing`, ``"relation_missing": 1.0``), and one
    that names who the subject the question describes is ("the woman who started the cooperative": its founder) but
    states the relation asked of another (:func:`bridge_subject`, ``"bridge_missing": 1.0``), and a superlative's lead
    that leaves out the thing the claims show holding the extreme (:func:`extreme_missed`: ``"relation_missing": 1.0``
    and ``"not_extreme": 1.0``), and a "current <role>" question's lead when the claims name two people in office
    whose years cannot order them (:func:`services.synthesizer.offline.holders_unordered`,
    ``"holders_unordered": 1.0``). Each of
    these rules scales the probability into [0, cap) (cap x probability), so the tier is "low" and the calibration's
    order among the reports held back is kept. The score after these answer rules is the signal ``answered``: the
    judge counts a report whose ``answered`` is below the medium threshold unanswered (at most 60), so a report
    judged unanswered is one whose tier is "low" (the synthesizer's handler then writes what was not established:
    ``services.synthesizer.handlers.note_unanswered``, which writes it when the gate sets ``"not_established": 1.0``:
    a rule about the answer held the lead back, its ``answered`` is below the medium threshold and its value is not
    disputed). ``domain_lead``: a domain service's recommendation opens the report (a code or shopping report); it
    is the report's answer, so no "not established" is due (``"domain_lead": 1.0``; the score is unchanged).
    Diversity counts independent publishers (``SourceInfo.domain``: a syndicated copy or mirror counts as its
    original, one publisher's sites once). A report citing only sources of :data:`WEAK_KINDS` (forums, blogs,
    affiliate reviews, shops) is capped at :data:`WEAK_SOURCES_CAP` ("medium" at best; ``"weak_sources": 1.0``).
    A lead deciding "larger" / "bigger" / "smaller" by counts of things each option holds, no size being there
    (:func:`size_by_count`: "1,240 animals" against "610 animals"), is scaled below :data:`SIZE_BY_COUNT_CAP`
    ("medium" at best; ``"size_by_count": 1.0``): a count is no size. A yes/no lead saying "No" because a claim
    names another doer of the relation asked (:func:`no_by_other_doer`) is scaled below :data:`OTHER_DOER_CAP`
    ("medium" at best; ``"other_doer": 1.0``).
    """
    # an abbreviation the question uses alone that a page defines is read as its name, as the synthesizer reads it
    question = spell_out_abbreviations(question, [*(c.text for c in claims if c.verdict == "supported"),
                                                  *(s.title for s in sources.values())])
    # a choice among two things the question does not name is read as the named choice the synthesizer decided
    question = choice_as_named(question, [c for c in claims if c.verdict == "supported" and c.spans], sources)
    # a phrase a page says in one word is read in that word ("get into ... without paying": "enter ... free"), as
    # the synthesizer ranks the claims by it
    question = said_plainly(question)
    # "How steep is X at its steepest point?" asks what "How steep is X?" asks, its maximum: the closing place of the
    # superlative is no term a lead must hold (shared.text.answer.without_place_of_most)
    question = without_place_of_most(question)
    # a contested claim only older pages contradict stands for a "latest" question, as the synthesizer reads it
    claims = newer_stands(question, claims, sources)
    used = set(report.used_claim_ids)
    judged = [c for c in claims if c.verdict != "unverified" or verify_claims]
    supported = [c for c in judged if c.verdict == "supported"]
    cited_sources = {str(c.source_id) for c in report.citations}
    cited_domains = {sources[s].domain for s in cited_sources if s in sources}
    titles = [sources[s].title for s in cited_sources if s in sources]
    # "set up" whole: "founded" holds it; a question in another language without its function words
    question_terms = set(_own_words(phrased_terms(question), question_function_words(question)))
    evidence_terms = with_compounds(set(tokenize(" ".join([c.quote for c in report.citations] + titles))),
                                    question_terms, question)
    retrieval = sum(1 for t in question_terms if _word_held(t, evidence_terms)) / len(question_terms) \
        if question_terms else 0.0
    lead = lead_section(report.markdown)
    lead_ns = {int(n) for n in re.findall(r"\[(\d+)\]", lead)}
    lead_titles = [sources[str(c.source_id)].title for c in report.citations
                   if c.n in lead_ns and str(c.source_id) in sources]
    answer = lead_answer(question, lead, titles=lead_titles) if lead_ns else None
    # the claims the lead writes (a claim of a lead's source written only among the findings is none), or, when the
    # lead says a disagreement (its values cite their claims, not their sentences), every claim of its sources
    says_dispute = any(w.disagree in lead for w in REPORT_WORDS.values())
    flat_lead = " ".join(lead.split())
    claim_text = {str(c.claim_id): c.text for c in claims}

    def written(text: str) -> bool:
        return " ".join(text.split())[:60].rstrip(" .") in flat_lead

    lead_claims = {str(c.claim_id) for c in report.citations if c.n in lead_ns and (
        says_dispute or written(c.quote) or written(claim_text.get(str(c.claim_id), c.quote)))}
    used_claims = [c for c in claims if c.claim_id in used]
    authority = asked_authority(question)  # "according to the County Survey": its value is not disputed by others
    # a choice by value the lead states that holds whichever disputed value is right is not disputed
    by_id = {str(c.claim_id): c for c in claims}
    lead_cited = [by_id[cid] for cid in dict.fromkeys(str(c.claim_id) for c in report.citations if c.n in lead_ns)
                  if cid in by_id]
    choice = lead_choice(question, lead, lead_cited, sources)
    # a contested claim the verifier read against a passage stating a lead claim disputes the lead's value whether
    # or not the report writes it (offline.contradicted_by): the lead is one side of a disagreement
    lead_used = [c for c in used_claims if str(c.claim_id) in lead_claims]
    against = [c for c in claims if c.verdict == "contested" and c.claim_id not in used
               and any(contradicted_by(c, lc) and not superseded(question, lc, c, sources,
                                                                updated=updates_figure(question, lc, sources))
                       for lc in lead_used)]
    # (a claim stating the relation asked of another thing disputes nothing of the asked one: "Fenwarrow Rowing Club
    # was founded in 1848 and is the host club of the Dunsel Reach Regatta", as the synthesizer reads it)
    weighed = [c for c in used_claims + against if str(c.claim_id) in lead_claims or not relation_of_other(c, question)]
    # nor are sizes of another thing than the question names (the summit station's two elevations, for "What is
    # the elevation of Morlach station?"), as the synthesizer settles them (offline.of_other_thing)
    source_titles = {sid: s.title for sid, s in sources.items()}
    disagreements = find_disagreements(weighed, source_titles, [c for c in claims if c.verdict == "supported"],
                                       asked_count_nouns(question, [c.text for c in weighed])
                                       if answer_type(question) == "how_many" else ())

    def of_another(d: Disagreement) -> bool:
        shown_values = [(weighed[k], shown) for k, shown in d.values]
        return (of_other_thing(shown_values, source_titles, question)
                # nor lengths of "How deep is it?" (offline.of_other_dimension)
                or of_other_dimension(shown_values, source_titles, question)
                # nor counts of another noun than a "how many" question counts (looms, for its staff)
                or counts_other_noun(question, d, [c.text for c in weighed]))

    # the claims the lead gives as older figures than its own ("An older source (2022) gives 13100 [2]."): the
    # synthesizer's older_values, no dispute of the lead's newer figure
    older_ns = {int(m.group("n")) for m in OLDER_RE.finditer(lead)} if not says_dispute else set()
    older_ids = {str(c.claim_id) for c in report.citations if c.n in older_ns} - lead_claims

    def dated_apart(d: Disagreement) -> bool:
        return bool(older_ids) and all(str(weighed[k].claim_id) in lead_claims | older_ids for k, _w in d.values)

    disputed = any(weighed[i].claim_id in lead_claims and answer_disputed(question, d, [c.text for c in weighed])
                   and not any(said_by(weighed[k], authority) for k, _w in d.values)
                   and not (choice is not None and choice_stands(question, choice, d))
                   and not of_another(d) and not dated_apart(d)
                   for d in disagreements
                   for i, _v in d.values)
    # a lead whose answer's value (a year, a figure) is one side of a disagreement of the used claims that fewer
    # sources give than another side is outvoted, whatever the question asks ("founded in 1938 by ..." against two
    # pages' 1962, for "Who founded X?"): not established (:func:`minority_value`; not values of another thing)
    # (the lead's answer is its first sentence: a second one giving the other side does not make it the majority's)
    first = split_sentences(lead)[:1]
    first_ns = {int(n) for n in re.findall(r"\[(\d+)\]", first[0].text)} if first else set()
    answer_claims = {str(c.claim_id) for c in report.citations if c.n in first_ns} & lead_claims
    minority = not disputed and any(minority_value(d, weighed, answer_claims) and not of_another(d)
                                    and not dated_apart(d) for d in disagreements)
    # a yes/no lead whose own cited claims say yes and no, each read alone, is no more established than a disputed value
    disputed = disputed or yes_no_contradicted(question, lead_cited, sources)
    evidence = confidence_gate(
        citation=(len([c for c in claims if c.claim_id in used and c.spans]) / len(used)) if used else 0.0,
        support=(len(supported) / len(judged)) if judged else 0.0,
        diversity=min(1.0, len(cited_domains) / 3.0),
        retrieval=min(1.0, retrieval),
        answer=answer.score if answer is not None else 0.0,
    )
    features = answer_features(question, report, sources, claims)
    p_answered = answered_probability(features)
    signals = {**evidence.signals, **{f"f_{k}": v for k, v in features.items()}, "p_answered": p_answered}
    # each rule about the answer scales the probability into [0, cap): the tier is "low" and the calibration's
    # order is kept among the reports a rule holds back (a plain min() would tie them all at the cap)
    cap = 1.0
    if evidence.signals["answer"] <= 0.0:  # no answer of the type asked: never more than "low"
        cap = min(cap, UNANSWERED_CAP)
    if older_ids:
        # the newest dated figure, an older source's other figure beside it (offline.older_values): the sources
        # disagree, so never a clean answer (medium at most)
        cap = min(cap, OLDER_CAP)
        signals["older_figure"] = 1.0
    if OUTVOTED_RE.search(lead):
        # a value independent sources agree on, one source saying another (offline.outvoted_sentence): the lead
        # states it with the outlier, never as a clean answer (medium at most)
        cap = min(cap, OUTVOTED_CAP)
        signals["outvoted"] = 1.0
    elif disputed:  # the sources disagree on the lead's value: stated, but not established
        cap = min(cap, UNANSWERED_CAP)
        signals["disputed"] = 1.0
    elif minority:  # more sources give another value than the lead's: the lead is likely the wrong one
        cap = min(cap, UNANSWERED_CAP)
        signals["minority_value"] = 1.0
    if size_by_count(question, lead, choice, lead_cited, sources):
        # "larger" decided by counts of things held ("1,240 animals" against "610 animals"), no size to compare: a
        # count is no size, so the lead is stated but not established (medium at most)
        cap = min(cap, SIZE_BY_COUNT_CAP)
        signals["size_by_count"] = 1.0
    if no_by_other_doer(question, lead, lead_cited, sources):
        # "No" read from a claim naming another doer of the relation asked ("founded by Q" for "Was X founded by
        # Y?"): inferred, as a relation may have doers the claim leaves out (medium at most)
        cap = min(cap, OTHER_DOER_CAP)
        signals["other_doer"] = 1.0
    if head_by_title_only(question, lead_cited, claims, sources):
        # "The Central Library was designed by ..." on the page "Quellby City Libraries": the asked Quellby Central
        # Library read from the title, written by no page the lead cites (medium at most)
        cap = min(cap, HEAD_BY_TITLE_CAP)
        signals["head_by_title"] = 1.0
    if site_by_place_only(question, lead_cited, claims):
        # "Orlen Island Nature Reserve's highest point is ..." for "Orlen Island": the site on the place read as the
        # place, no page the lead cites naming the place alone (medium at most)
        cap = min(cap, SITE_BY_PLACE_CAP)
        signals["site_by_place"] = 1.0
    causes = _candidate_sentences(question, [_unmarked(x.text) for x in split_sentences(lead)]) \
        if answer_type(question) == "why" else []
    if causes and all(implicit_cause(x) for x in causes):  # a cause read from a narrative: medium at most
        cap = min(cap, IMPLICIT_CAUSE_CAP)
        signals["implicit_cause"] = 1.0
    if (features["names_found"] < 1.0 or features["chain_names"] < CHAIN_NAMES_MIN) and not features["comparison"]:
        # the question names something no page the lead cites names: whatever the lead states, it is not the
        # answer about that (a question about Metallica answered from pages that never name Metallica)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
    # (a part named for what it houses, on the asked thing's page, counts them for it: "The Otter Cove houses four
    # sea otters" on the Kelmarsh Coast Zoo's page, :func:`housed_part_lead`)
    titled = {c.n: sources[str(c.source_id)].title for c in report.citations if str(c.source_id) in sources}
    housing = housed_part_lead(question, lead, titled)
    if others_figure_lead(question, lead) and not housing:
        # every lead sentence stating a value of the kind asked gives another named thing's ("The Kaltfirn Hut: beds
        # 48" for "How many beds does the Brennalm Hut have?"): not the asked thing's value
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
    if others_count_lead(question, lead) and not housing:
        # every lead sentence counting what a "how many" question counts counts it for another kind of thing than
        # the one asked ("By 1912 the network ... employed 212 staff" for the museum's employees)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
    if other_year_lead(question, lead):
        # every lead sentence stating a figure of the kind asked dates it to another year than the one the question
        # names ("Year 2022: crews entered 412." for "How many crews entered in 2024?"): another year's figure
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
        signals["other_year"] = 1.0
    if others_subject_lead(question, lead):
        # every lead sentence stating a value of the kind asked with the relation asked states it of another named
        # thing ("The Palm House was designed by Edda Vranck" for "Who designed the Temperate House?")
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
    if first and page_other_lead(question, first[0].text, titled):
        # the answer sentence's subject is a part or a description ("The West Face was first climbed in 1946") on the
        # page of another named thing sharing a word with the asked one ("Kestrel Horn" for Kestrel Spire): it is that
        # thing's, and a second lead sentence naming the asked one does not make it the asked one's
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
        signals["page_other"] = 1.0
    if first and part_subject(_unmarked(first[0].text), question):
        # the answer sentence's subject is a part of a thing ("The West Face was first climbed in 1946", "X's west face
        # was first climbed ..."), the question asks about the whole: it states the part's event, not the whole's
        cap = min(cap, NAMES_MISSING_CAP)
        signals["names_missing"] = 1.0
        signals["part_subject"] = 1.0
    if relation_missing(question, features):
        # a value of the type asked, but not for the relation asked (a premiere year for "when did it last air",
        # a novel's year for "who was born first", a height for "how many species")
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
    if first and asks_first_time(question) and dates_no_first(_unmarked(first[0].text),
                                                             [e for e in find_entities(question) if tokenize(e)]):
        # "When was X first held?" led by a first that never took place ("A first edition was planned for 1985 but
        # never took place") or another named thing's first ("The first Orlen Harp Days took place in 1975"):
        # services.synthesizer.offline.dates_no_first
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
    if first and not party_total_stated(question, _unmarked(first[0].text)):
        # "How much do 2 adults and a child pay?": a lead whose first sentence gives no total over every kind asked
        # ("Ticket Adult: price £6.00", a child's price missing) answers only a part of it
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
        signals["party_partial"] = 1.0
    if (when := asked_time_part(question)) is not None and lead and not any(
            answer_candidates(_unmarked(x.text), "when", when) for x in split_sentences(lead)):
        # "Who founded X and when?" answered by who alone: a part of the question is not answered, whatever the
        # other part's probability (low, though what the lead says is not held back: it answers the other part)
        cap = min(cap, PART_MISSING_CAP)
        signals["part_missing"] = 1.0
    if (whom := asked_person_part(question)) is not None and lead and not any(
            answer_candidates(_unmarked(x.text), "who", whom) for x in split_sentences(lead)):
        # "When was X founded and by whom?" answered by the year alone: the who-part is not answered
        cap = min(cap, PART_MISSING_CAP)
        signals["part_missing"] = 1.0
    if first and asks_record_time(question)[0] and not race_durations(_unmarked(first[0].text)):
        # "What is the fastest time ever run at X?" asks a race time ("2:06:58", "5 minutes 9.8 seconds"): a first lead sentence writing none
        # (the organiser, the founder) is not of the type asked (shared.text.records)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
    if extreme_missed(question, lead, claims, sources) or (
            first and ranked_superlatives(question, _unmarked(first[0].text))):
        # "which production has the most marionettes on stage": the lead names another row than the one holding the
        # most (a value, but not the extreme the question asks); and so does a lead whose first sentence says the
        # superlative asked only of a rank below the top ("68,400 visitors, the second-highest figure after the record
        # year 2019" for "What was the highest attendance?": shared.text.sizes.ranked_superlatives)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["relation_missing"] = 1.0
        signals["not_extreme"] = 1.0
    if features["bridge_subject"] <= 0.0:
        # the question asks of a subject it describes ("the woman who started the cooperative"), the lead names who
        # that is, and states the relation asked of someone or something else (the island's main town)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["bridge_missing"] = 1.0
    if holders_unordered(question, claims, sources):
        # "Who is the current director?" with two people in office whose years cannot order them (an undated
        # appointment beside "has been director since 2021"): whichever the lead names is not established
        cap = min(cap, NAMES_MISSING_CAP)
        signals["holders_unordered"] = 1.0
    if stale_price_lead(question, lead, claims, sources):
        # a price a dated page says changes ("will rise from 11 EUR to 12.50 EUR"), stated without the new one: the
        # lead's price is superseded, not established (provenance.stale_price_lead)
        cap = min(cap, NAMES_MISSING_CAP)
        signals["superseded_price"] = 1.0
    compared = attributes_stated(question, lead)
    if compared is True and (not disputed or "outvoted" in signals):
        # "How does X compare with Y in A and B?" answered with both things' cited values of every attribute: the
        # rules reading one value of one relation in the lead do not apply
        cap = OUTVOTED_CAP if "outvoted" in signals else 1.0  # one source against the rest: medium at most
        for key in ("names_missing", "relation_missing", "bridge_missing", "not_extreme"):
            signals.pop(key, None)
    elif compared is False:  # a value of some attribute found for one thing only, or for neither: not established
        cap = min(cap, NAMES_MISSING_CAP)
        signals["values_missing"] = 1.0
    score = p_answered if cap >= 1.0 else cap * p_answered
    signals["answered"] = round(score, 6)  # what the judge reads: the probability after the rules about the answer
    held_back = (evidence.signals["answer"] <= 0.0 and compared is not True) or "names_missing" in signals \
        or "relation_missing" in signals or "bridge_missing" in signals or "holders_unordered" in signals \
        or "minority_value" in signals
    if domain_lead:  # a domain service's recommendation opens the report: it is the answer
        signals["domain_lead"] = 1.0
    elif held_back and score < MEDIUM_THRESHOLD and not disputed:
        # a rule about the answer holds the lead back (not only a low probability, not a value the sources dispute,
        # which the lead already says): the report must say plainly what it did not establish
        signals["not_established"] = 1.0
    kinds = [sources[s].kind for s in cited_sources if s in sources]
    if kinds and all(k in WEAK_KINDS for k in kinds):  # only forums, blogs, affiliate reviews, shops: not "high"
        score = min(score, WEAK_SOURCES_CAP)
        signals["weak_sources"] = 1.0
    score = round(score, 6)
    tier: Literal["high", "medium", "low"] = (
        "high" if score >= HIGH_THRESHOLD else "medium" if score >= MEDIUM_THRESHOLD else "low")
    return Gate(score=score, tier=tier, signals=signals)


def attributes_stated(question: str, lead: str) -> bool | None:
    """For a question comparing two named things in attributes (:func:`shared.text.answer.attribute_comparison`:
    "How does X compare with Y in length and opening year?"), whether ``lead`` gives both things' values of every
    attribute, each cited: a sentence opening with the attribute ("Length: X 91 m [1]; Y 25 metres [2].",
    :func:`services.synthesizer.verdicts.attributes_sentences`) with a citation mark for each thing and no value said
    missing ("the sources give none for ..."). None for any other question, and for a lead that opens with no such
    sentence (the report answers otherwise, read by the other rules). Never raises."""
    asked = attribute_comparison(question)
    if asked is None:
        return None
    sentences = [s.text for s in split_sentences(" ".join((lead or "").split()))]
    found = 0
    complete = True
    for attribute in asked.attributes:
        said = next((s for s in sentences if s.casefold().startswith(f"{attribute.casefold()}:")), None)
        if said is None:
            complete = False
            continue
        found += 1
        if len(re.findall(r"\[\d+\]", said)) < 2 or "give none" in said:
            complete = False
    return complete if found else None


#: the report features of :func:`answer_features` that the calibration weighs, in the order of :data:`CALIBRATION`
FEATURES: tuple[str, ...] = ("answer", "comparison", "yes_no", "hop", "margin", "retrieval", "relation_lead")

#: Logistic-regression coefficients of P(the report states the answer) over :data:`FEATURES`.
#: Fitted on the whole pipeline's reports (``assay eval hotpotqa --json``, offline engines) for HotpotQA dev200
#: questions 100-199, each twice: over its own 10 paragraphs and over its 8 distractors alone (``--unanswerable``:
#: a question the sources cannot answer), label "the gold answer is in the report", L2 penalty 0.3, with
#: ``python -m tests.tools.fit_calibration --from-eval TUNE.json TUNE_UNANSWERABLE.json --label in_report --l2 0.3``.
#: The features were chosen by 5-fold cross-validation on those questions only: ``retrieval`` (the question's words
#: in the cited evidence) replaced ``coverage`` and ``rare_cover``; ``hop`` replaced ``bridge``; the lead claims'
#: stability, the sources' votes for the lead's candidate, the share of the question's names on the lead's pages,
#: :func:`chain_features`' shares, the distance of the candidate to the question's words and WordLlama
#: similarities added nothing there. ``relation_lead`` (:func:`relation_features`: the question's relation words in
#: the lead) raised the cross-validated AUROC from 0.71 / 0.73 to 0.74 / 0.76 (own paragraphs / distractors only);
#: ``options_stated`` was left out (on these questions a comparison "holds the answer" whenever it names the
#: options, so it took a negative weight). Refitted on 2026-12-02 (main 7b2a993, L2 penalty 1.0) on the whole
#: pipeline's runs of the tuning questions and of the building split ``hotpotqa_dev_distractor_first53`` (its 52
#: questions not in dev200), each over its own paragraphs and over its distractors alone (304 reports), re-gated
#: with ``tests.tools.report_cache score C --out F`` (one cache per suite) and fitted with ``fit_calibration
#: --from-eval``: a yes/no question over its distractors alone is labelled unanswered (``by_chance``: its "yes" or
#: "no" matched the gold one by chance, which had given yes/no leads a positive weight while the offline engine's
#: yes/no verdicts are right about half the time). Fitted on the tuning questions alone (L2 1.0) the gate's AUROC
#: on the 52 building questions rose from 0.729 to 0.775 and their unanswered reports above the medium threshold
#: fell from 3 of 9 to 1 (with :func:`answer_disputed`); the probability alone, before the gate's rules, validated
#: at 0.757 with a penalty of 1.0 and 0.742 with 0.3. Refit with the same commands after a change to the
#: synthesizer or to these features.
CALIBRATION: dict[str, float] = {"answer": 1.1571, "comparison": 2.0427, "yes_no": -0.2098, "hop": 1.9788,
                                 "margin": 0.7091, "retrieval": 1.7199, "relation_lead": 1.1022}
CALIBRATION_INTERCEPT = -3.5659


#: the verb of a "how many" question asked with an auxiliary ("How many passengers did the railway carry in 2021?":
#: "carry"): the last lower-case word before a preposition, a time word or the question's end
_COUNTING_VERB_RE = re.compile(
    r"\b[Hh]ow\s+many\s+(?:[^\W\d_]+\s+){1,3}?(?:do|does|did|will|would|can|could)\s+(?:\S+\s+){1,6}?"
    r"(?P<verb>[a-z]+)(?=\s+(?:in|on|at|during|per|each|every|last|over|since|between|from|by|the|a|an)\b|\s*[?.!]*$)")


def answer_features(question: str, report: Report, sources: dict[str, SourceInfo],
                    claims: list[VerifiedClaim]) -> dict[str, float]:
    """Features of a written report that tell whether its lead answers ``question`` (each in [0, 1]).

    - ``answer``: :func:`lead_answer`'s score of the lead (0 when it states no answer of the type asked);
      ``coverage``: share of the question's key terms in the lead and its cited sources' titles;
    - ``comparison`` / ``yes_no``: 1 when the question is of that type (:func:`answer_type`);
    - ``vote_share`` / ``lead_vote``: every supported claim at least 0.3 as relevant as the best
      (:func:`rank_claims`) votes its relevance for each answer candidate it states
      (:func:`answer_candidates`); ``vote_share`` is the top candidate's share of the votes, ``lead_vote`` the
      largest share of a candidate the lead states (0 without candidates);
    - ``bridge``: the lead cites two or more sources and a supported claim of one of them names another's title
      (the second hop reached the page the first one points to), or the name that title gives its subject, when the
      question does not give that name (the subtitle of :func:`shared.text.terms.title_subject`: "Ilse Wandmacher"
      of the page "Ilse Wandmacher (1897-1968): a biography", named by "... carved by the sculptor Ilse
      Wandmacher");
    - ``hop``: ``bridge``, or 1 when one sentence answers a one-fact question whole (``one_fact``): the question's
      hops are all answered (a question one page answers is not one whose second hop failed);
    - ``cand_cover``, ``chain_cover``, ``chain_names``, ``one_fact``: :func:`chain_features` of the lead;
    - ``relation``, ``relation_lead``, ``options_stated``, ``count_named``: :func:`relation_features` of the lead
      (does it state the relation asked, for each option of a comparison, a number of the thing counted);
    - ``figures``: 1 when the lead's yes/no or choice is decided by two cited figures of the quantity asked
      (:func:`figures_decide`); such a lead is a one-fact answer (``one_fact`` 1) whose figures state the relation
      asked (``relation`` and ``relation_lead`` 1) and are numbers of what is asked (``count_named`` 1);
    - ``margin``: 1 - the relevance (normalised to the best) of the best supported claim of a source the lead
      does not cite (0: an uncited source is as relevant as the best claim);
    - ``names_found``: share of the names the question gives (quoted titles, capitalised phrases:
      :func:`find_entities`; their words written with a capital or a digit, :func:`name_words`) whose words all
      appear in the supported claims and titles of the lead's sources, a word of five letters or more also when
      spelt one letter apart (:func:`word_found`: the question's "Sydeney") (1 when the question names nothing):
      a question about something the sources never name is not answered by them, however well the lead's type
      fits;
    - ``retrieval``: share of the question's words (:func:`tokenize`) held by the report's cited quotes and its
      cited sources' titles (the gate's ``retrieval`` signal): what the verified evidence covers of the question
      (a question in another language than English without its function words, "d'habitants" read "habitants":
      :func:`_own_words`); when a yes/no lead opens with "No" in a sentence that answers the one fact whole
      (``one_fact``: "No: ... founded in 1851" for "Was it founded in 1870?"), the question's values (digits, number
      words) are no such words: the lead denies them by a contrary value, which is its answer;
    - ``bridge_subject``: :func:`bridge_subject` of the lead (0 when the question describes its subject by a
      relation, the lead names who that is, and no sentence of it states the relation asked of that one);
    - ``rare_cover``: the question's key terms weighted by their rarity among the supported claims (inverse
      document frequency; a term no claim holds weighs like the rarest), share held by the lead's sources'
      supported claims and titles.

    Only :data:`FEATURES` enter the calibration; ``names_found`` and ``chain_names`` cap the gate
    (:func:`report_gate`); the others are reported as signals (they added nothing on the fitting questions).
    """
    kind = answer_type(question)
    lead = lead_section(report.markdown)
    lead_ns = {int(n) for n in re.findall(r"\[(\d+)\]", lead)}
    lead_cits = [c for c in report.citations if c.n in lead_ns]
    lead_titles = [sources[str(c.source_id)].title for c in lead_cits if str(c.source_id) in sources]
    la = lead_answer(question, lead, titles=lead_titles) if lead_ns else None
    by_id = {str(c.claim_id): c for c in claims}
    lead_claims = [by_id[cid] for cid in dict.fromkeys(str(c.claim_id) for c in lead_cits) if cid in by_id]
    lead_sids = {str(c.source_id) for c in lead_claims}
    supported = [c for c in claims if c.verdict == "supported" and c.spans]
    ranked = rank_claims(question, supported, sources)
    best = ranked[0][1] if ranked else 0.0
    rel = {str(supported[i].claim_id): (s / best if best > 0 else 0.0) for i, s in ranked}
    # a page saying its subject is no part of what the question asks about ("Old Merrin Mill is not part of the
    # Merrin Weaving Museum") is about another thing: its sentences are no evidence against the lead's (no more
    # relevant page, no candidate's vote: its designer is not the asked thing's)
    supported_titles = [sources[str(c.source_id)].title if str(c.source_id) in sources else "" for c in supported]
    apart = disowned_claims(question, supported, supported_titles)
    # and so is one about a look-alike of an asked name (the sister ship's page beside the ship's: the report gives
    # it no finding, :func:`services.synthesizer.offline.look_alike_claims`)
    apart |= look_alike_claims(question, supported, supported_titles, [c.text for c in lead_claims])
    other = [rel[str(c.claim_id)] for k, c in enumerate(supported) if str(c.source_id) not in lead_sids
             and k not in apart]
    text = _unmarked(lead).casefold()
    bridge = 0.0
    if len(lead_sids) >= 2:  # a page the lead cites names another's title (in any of its supported claims)
        # the title as a page names it ("Ingrid Solberg-Hale (1871-1948)": "Ingrid Solberg-Hale"), as a whole name
        # (the page "Ingrid Solberg" is not named by "Ingrid Solberg-Hale"); or by the name before its subtitle, which
        # the question does not give ("Ilse Wandmacher" of "Ilse Wandmacher (1897-1968): a biography"; the page
        # "Teatro Brivolo: a short history" is no second hop of a question about the Teatro Brivolo)
        asked = {frozenset(tokenize(e)) for e in question_names(question)}
        titles: dict[str, list[re.Pattern[str]]] = {}
        for sid in (s for s in lead_sids if s in sources):
            whole = clean_title(sources[sid].title)
            subject = title_subject(sources[sid].title, tail=False, frame=False)
            said = [whole, *([subject] if subject and frozenset(tokenize(subject.casefold())) not in asked else [])]
            titles[sid] = [re.compile(rf"(?<![\w-]){re.escape(t)}(?![\w-])")
                           for t in dict.fromkeys(n.casefold() for n in said if n and key_terms(n))]
        bridge = float(any(t.search(c.text.casefold()) for c in supported if str(c.source_id) in lead_sids
                           for sid, ts in titles.items() if sid != str(c.source_id) for t in ts))
    votes: dict[str, float] = {}
    for k, c in enumerate(supported):
        if k in apart:
            continue
        r = rel.get(str(c.claim_id), 0.0)
        if r >= 0.3:
            for a in dict.fromkeys(x.casefold() for x in answer_candidates(c.text, kind, question)):
                votes[a] = votes.get(a, 0.0) + r
    mass = sum(votes.values())
    # a lead beating a record another page states ("..., beating the previous record of 5:12.4" beside "The course
    # record for the <event> is 5 minutes 12.4 seconds") is of what that page names (:func:`beaten_record_sources`)
    name_sids = lead_sids | beaten_record_sources(question, [c.text for c in lead_claims], supported)
    page_text = " ".join([*(c.text for c in supported if str(c.source_id) in name_sids),
                          *(sources[sid].title for sid in name_sids if sid in sources)])
    page_tokens = set(tokenize(page_text))
    defined = defined_abbreviations([*(c.text for c in supported), *(s.title for s in sources.values())])
    for abbr, name in defined.items():  # a page saying "the HCC" names the Harlowe Canal Company another page defines
        if re.search(rf"(?<![\w&]){re.escape(abbr)}(?![\w&])", page_text):
            page_tokens |= set(tokenize(name))
    # the names the question gives and the German nouns it asks about, each found on a page that writes a word for
    # its part ("Fährverbindung": "die Fähre")
    names = [n for e in (*question_names(question), *question_nouns(question)) if (n := name_words(e))]
    page_tokens = with_compounds(page_tokens, [w for n in names for w in n], question)
    # a lead whose days cover the day asked names it ("Tuesday to Friday" the "Wednesday" of "on a Wednesday")
    page_tokens |= asked_time_words(question, _unmarked(lead))
    # a page calling it by the noun the question gives beside it, when the run gives that noun to no other name ("the
    # guild's workshops", the run's one guild the Tarnholm one: :func:`shared.text.reference.reference_nouns`)
    run_texts = (*(c.text for c in supported), *(src.title for src in sources.values()))
    referred = {frozenset(name_words(e)): nouns for e in question_names(question)
                if (nouns := reference_nouns(question, e, run_texts))}
    # or by the kind of thing the run says it is, with a word of its name ("the town's ropewalk" in Hallervik for the
    # Hallervik Rope Works, "a former ropewalk": :func:`shared.text.reference.names_by_kind`)
    by_kind = {frozenset(name_words(e)) for e in question_names(question)
               if names_by_kind(e, kind_nouns(e, run_texts), page_text)}
    names_found = sum(1 for n in names if all(word_found(w, page_tokens) for w in n) or bool(
        lead_sids and frozenset(n) in referred and refers(referred[frozenset(n)], page_text))
        or bool(lead_sids and frozenset(n) in by_kind)) / len(names) if names else 1.0
    claim_tokens = [set(tokenize(c.text)) for c in supported]
    n_docs = max(1, len(claim_tokens))
    weights = {t: math.log(1 + n_docs / (1 + sum(1 for ts in claim_tokens if t in ts)))
               for t in key_terms(question)}
    rare_cover = (sum(w for t, w in weights.items() if t in page_tokens) / sum(weights.values())
                  if weights and lead_sids else 0.0)
    lead_title_of = {c.n: sources[str(c.source_id)].title for c in lead_cits if str(c.source_id) in sources}
    page_of = {c.n: " ".join(x.text for x in supported if str(x.source_id) == str(c.source_id)) for c in lead_cits}
    # a table's row ("Year 2024: registered members 203.") names neither its page's subject nor what the table is of:
    # it is read with the question's words its page gives (its supported claims and title), a verb in any of its
    # forms ("carried" for "carry"); so is a block of label lines ("Operating days: 179" / "Passengers 2024: 193,420")
    q_tokens = set(tokenize(question))

    counted = [t for n in counted_nouns(question) for t in tokenize(n)] if answer_type(question) == "how_many" else []
    counting = _COUNTING_VERB_RE.search(question) if counted else None

    def page_gives(n: int) -> set[str]:
        page_words = set(tokenize(f"{page_of.get(n, '')} {lead_title_of.get(n, '')}"))
        held = {t for t in q_tokens if t in page_words or any(same_stem(t, w) for w in page_words)}
        # a table or label lines counting the noun a "how many" question counts ("Passengers 2024: 193,420") states
        # the count its verb asks ("How many passengers did the railway carry ...?")
        if counting is not None and all(t in held for t in counted):
            held |= set(tokenize(counting.group("verb"))) & q_tokens
        return held

    rows = {c.n: page_gives(c.n) for c in lead_cits
            if pipe_tables(c.quote) or sum(1 for line in c.quote.splitlines() if is_label_line(line)) >= 2}
    chain = chain_features(question, lead, lead_title_of, page_of, tuple(sorted(defined.items())), run_texts, rows)
    relation = relation_features(question, lead, rows)
    figures = float(figures_decide(question, lead, lead_claims, sources))
    if figures:
        # the verdict or choice rests on two cited figures of the quantity asked: one fact answers it whole, and its
        # figures state the relation asked ("27,000 visitors in 2023 against 21,000 visitors in 2019" says how many
        # visitors the fair drew, however the claims conjugate "draw"); a gap's difference is a number of the quantity
        # asked ("22 metres shorter" answers "how much longer", whose premise it corrects)
        chain["one_fact"] = 1.0
        relation["relation"] = relation["relation_lead"] = relation["count_named"] = 1.0
        if asks_duration(question):
            # a duration's span is stated of the activity asked in the claim's own words ("worked the mill" for
            # "operate the mill": services.synthesizer.durations reads both as carrying it on)
            chain["relation_names"] = 1.0
    question_terms = set(_own_words(phrased_terms(question), question_function_words(question)))
    if kind == "yes_no" and chain["one_fact"] and _NO_OPENING.match(lead) is not None:
        # "No: ... founded in 1851" for "Was it founded in 1870?": the lead's sentence denies the question's value by
        # a contrary one, so that value, which no evidence can hold, is answered, as a "Yes" lead's value is
        question_terms = {t for t in question_terms if not _VALUE_TERM_RE.fullmatch(t)} or question_terms
    cited_sids = {str(c.source_id) for c in report.citations}
    evidence_terms = with_compounds(with_agent_nouns(set(tokenize(" ".join(
        [c.quote for c in report.citations] + [sources[sid].title for sid in cited_sids if sid in sources]))),
        question_terms), question_terms, question) | asked_time_words(question, _unmarked(lead))
    return {
        **chain,
        **relation,
        "figures": figures,
        "options_held": options_held(question, lead, lead_title_of),
        "hop": max(bridge, chain["one_fact"]),
        "answer": la.score if la else 0.0,
        "retrieval": sum(1 for t in question_terms if _word_held(t, evidence_terms)) / len(question_terms)
        if question_terms else 0.0,
        "comparison": float(kind == "comparison"),
        "yes_no": float(kind == "yes_no"),
        "vote_share": max(votes.values(), default=0.0) / mass if mass else 0.0,
        "lead_vote": max((v for a, v in votes.items() if a in text), default=0.0) / mass if mass else 0.0,
        "bridge": bridge,
        "margin": 1.0 - max(other, default=0.0),
        "coverage": la.coverage if la else 0.0,
        "names_found": names_found if lead_sids else 0.0,
        "rare_cover": rare_cover,
        "bridge_subject": bridge_subject(question, lead, lead_title_of),
    }

def figures_decide(question: str, lead: str, lead_claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> bool:
    """Whether the lead's verdict (yes/no) or choice (a comparison) is decided by two figures of the quantity asked
    that verified claims the lead cites state: one thing's figures at two times ("Did the fair draw more visitors in
    2023 than in 2019?": 27,000 and 21,000 visitors), or two things' amounts in one unit or dates of the event asked
    ("Is the Harbour Tower taller than the Old Mill?": 48 and 31 metres), or a claim's figure against the question's
    ("Is the Harbour Tower taller than 40 metres?": 48 metres). The decision is made again
    (:func:`services.synthesizer.verdicts.decide_yes_no` / ``decide_choice``) from the lead's supported claims with
    evidence spans (``lead_claims``; titles from ``sources``) and must rest on figures of the quantity asked
    (``by_figures``); the lead must say it: a yes/no lead opens with the decided word (any language of
    :data:`shared.text.answer.YES_NO_WORDS`), a choice's lead names the winning option before the other in its first
    sentence. A gap or change computed from two such figures ("How much more did A cost than B?": 410 and 275 million
    crowns; "By how much did the population of X grow between 2009 and 2019?") is decided the same way
    (:func:`services.synthesizer.verdicts.decide_gap` / ``decide_difference``, :func:`_gap_stated`). Such a lead
    answers as a one-fact answer does. Values the report's claims dispute are held back by :func:`report_gate`
    (``disputed``), not here. False for questions of other types."""
    kind = answer_type(question)
    claims = [c for c in lead_claims if c.verdict == "supported" and c.spans]
    if not claims:
        return False
    texts = [c.text for c in claims]
    titles = [sources[str(c.source_id)].title if str(c.source_id) in sources else "" for c in claims]
    order = list(range(len(claims)))
    text = _unmarked(lead or "")
    if kind not in ("yes_no", "comparison"):
        return _gap_stated(question, text, texts, titles)
    if kind == "yes_no":
        decided = decide_yes_no(question, texts, titles, order, [False] * len(claims))
        if decided is None or decided.answer is None or not decided.by_figures:
            return False
        return _opens_with(text, decided.answer)
    choice = lead_choice(question, lead, claims, sources)
    return choice is not None and choice.by_figures


def party_total_stated(question: str, opening: str) -> bool:
    """Whether ``opening`` (a lead's first sentence, citation marks removed) states the total a party the question
    counts by ticket kind pays (:func:`shared.text.groups.asked_party`: "How much do 2 adults and a child pay?"):
    each count asked times a price, summed to a sum of money ("2 × £6.00 + 1 × £3.00 = £15.00"), or the party's
    size times a group rate ("15 × £4.50 = £67.50"). True for a question counting no party."""
    party = asked_party(question)
    if party is None:
        return True
    total = re.search(r"=\s*\S*\d", opening)
    each = all(re.search(rf"(?<![\d.,]){c}\s*×", opening) for c, _k in party.members)
    return total is not None and (each or re.search(rf"(?<![\d.,]){party.size}\s*×", opening) is not None)


def _gap_stated(question: str, lead: str, texts: list[str], titles: list[str]) -> bool:
    """Whether ``lead`` (citation marks removed) opens with the gap between two things' figures, or the change of one
    thing's figure between two times, that the claims ``texts`` (titles ``titles``, most relevant first) decide
    again: its first sentence gives the difference with the direction the figures give ("135 million crowns more
    expensive", "cheaper" for a shortfall; "grew by 564") and every figure it is computed from. A group's price
    (:func:`services.synthesizer.verdicts.decide_group_price`: "How much does a group of 12 adults pay?") is stated
    likewise: the first sentence gives the group's total with its arithmetic ("12 × £6.00 = £72.00"), or, for a row
    whose price is no per-person one, is the row for the group's size."""
    sentences = split_sentences(lead)
    opening = " ".join(sentences[0].text.split()) if sentences else ""
    order = list(range(len(texts)))
    group = decide_group_price(question, texts, order)
    if group is not None:  # "How much does a group of 12 adults pay?": the row for its size, its total said first
        return (f"{group.size} × {group.each} = {group.total}" in opening) if group.total \
            else group_range_fits(opening, asked_group(question) or Group(group.size, "", group.group))
    duration = decide_duration(question, texts, titles, order)
    if duration is not None:  # "How long did X run the mill?": "122 years (1790–1912)", or a duration as written;
        # "How long has X existed?": "Since 1961 (69 years as of ...)"
        return duration.amount in opening and (duration.years is None or all(y in opening for y in duration.years)) \
            and (duration.since is None or duration.since in opening)
    gap = decide_gap(question, texts, titles, order)
    if gap is not None:
        return gap.other_value in opening and all(gap_words(gap, k) in opening and gap.values[k] in opening
                                                  for k in range(len(gap.values)))
    difference = decide_difference(question, texts, titles, order)
    if difference is None:
        return False
    change = difference.verb if difference.verb == "did not change" else f"{difference.verb} by {difference.amount}"
    return change in opening and all(v in opening for v in difference.values)


def yes_no_contradicted(question: str, lead_claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> bool:
    """Whether the claims a yes/no lead cites decide it both ways, each read alone
    (:func:`services.synthesizer.verdicts.decide_yes_no` of that claim with its page's title): one says yes ("is there
    an indoor pool for rainy days no sorry, we're open-air only", where no denial stands before the pool) and another
    no ("there is no indoor pool"). Such a lead is not established, whichever word opens it. False for another
    question type, and when fewer than two supported lead claims with evidence spans decide it. Never raises."""
    if answer_type(question) != "yes_no":
        return False
    said = set()
    for c in lead_claims:
        if c.verdict != "supported" or not c.spans:
            continue
        title = sources[str(c.source_id)].title if str(c.source_id) in sources else ""
        decided = decide_yes_no(question, [c.text], [title], [0], [False])
        if decided is not None and decided.answer is not None:
            said.add(decided.answer)
    return len(said) > 1


def size_by_count(question: str, lead: str, choice: Choice | None, lead_claims: list[VerifiedClaim],
                  sources: dict[str, SourceInfo]) -> bool:
    """Whether the lead decides a comparative of size as a whole ("larger", "bigger", "smaller") by counts of things
    each option holds, no size being there to compare ("Which is larger, A or B?" led "A is larger: 1,240 animals
    [1]; B: 610 animals [2]"): ``choice`` (the lead's choice, :func:`lead_choice`) or, for a yes/no question ("Is A
    larger than B?"), the verdict decided again from the lead's supported claims with evidence spans
    (``lead_claims``; titles from ``sources``) that the lead opens with, is ``by_count``
    (:class:`services.synthesizer.verdicts.Choice`). False for other questions. Never raises."""
    if choice is not None:
        return choice.by_count
    decided = _lead_yes_no(question, lead, lead_claims, sources)
    return decided is not None and decided.by_count


def no_by_other_doer(question: str, lead: str, lead_claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
                     ) -> bool:
    """Whether a yes/no lead says "No" because a claim it cites names another doer of the relation asked ("No: The
    Varnholt Ski Area was founded in 1958 by Theresia Kolbinger" for "Was the Varnholt Ski Area founded by Korbinian
    Stadlmayr?"): the verdict decided again from the lead's supported claims with evidence spans (``lead_claims``;
    titles from ``sources``) is ``by_other_doer`` (:class:`services.synthesizer.verdicts.YesNo`) and the lead
    opens with it; also when it says "No" because a cited claim gives the asked thing another recurring time
    (``by_other_time``: "held every October" for "Is X held in March?"), as inferred. False for other questions.
    Never raises."""
    decided = _lead_yes_no(question, lead, lead_claims, sources)
    return decided is not None and (decided.by_other_doer or decided.by_other_time)


def head_by_title_only(question: str, lead_claims: list[VerifiedClaim], claims: list[VerifiedClaim],
                       sources: dict[str, SourceInfo]) -> bool:
    """Whether the lead names an asked "<qualifier> <head>" name (:func:`shared.text.terms.plain_names`, three words
    or more) only by its head on a page of the qualifier's own title (:func:`shared.text.terms.qualified_head_names`
    over ``claims``, titles from ``sources``): a lead claim (``lead_claims``) is so credited, and neither it nor
    any claim of its page writes the name whole (:func:`shared.text.terms.writes_name_whole`). Never raises."""
    if not lead_claims:
        return False
    keys = [str(c.source_id) for c in claims]
    credited = qualified_heads(question, claims, [sources[k].title if k in sources else "" for k in keys])
    ids = {str(c.claim_id) for c in lead_claims}
    for c, named in zip(claims, credited):
        page = [o.text for o in claims if str(o.source_id) == str(c.source_id)]
        if str(c.claim_id) in ids and any(not writes_name_whole(n, page) for n in named):
            return True
    return False


def site_by_place_only(question: str, lead_claims: list[VerifiedClaim], claims: list[VerifiedClaim]) -> bool:
    """Whether a place name the question gives (:func:`shared.text.terms.question_names`) stands in a lead claim
    (``lead_claims``) only as the opening of a site's name on that place (:func:`shared.text.kinds.site_on_place`:
    "Orlen Island Nature Reserve" for "Orlen Island"), and no supported claim of the lead claims' pages (``claims``)
    names the place alone (a name opening with it that is neither a site on it nor a longer name of another thing,
    :func:`services.synthesizer.offline.opens_longer_name`). Never raises."""
    names = [toks for e in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", e)
             if len(toks := tokenize(part)) >= 2]
    if not names or not lead_claims:
        return False
    pages = {str(c.source_id) for c in lead_claims}
    page_ents = [tokenize(e) for c in claims if c.verdict == "supported" and str(c.source_id) in pages
                 for e in find_entities(c.text)]

    def alone(name: list[str]) -> bool:
        return any(e[:len(name)] == name and not site_on_place(name, e) and not opens_longer_name(name, e)
                   for e in page_ents)

    for name in names:
        lead_ents = [tokenize(e) for c in lead_claims for e in find_entities(c.text)]
        held = [e for e in lead_ents if e[:len(name)] == name]
        if held and all(site_on_place(name, e) for e in held) and not alone(name):
            return True
    return False


def _lead_yes_no(question: str, lead: str, lead_claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
                 ) -> YesNo | None:
    """The yes/no verdict decided again (:func:`services.synthesizer.verdicts.decide_yes_no`) from the lead's
    supported claims with evidence spans (``lead_claims``; titles from ``sources``) when ``lead`` (citation marks
    removed) opens with its word; None for another question type, no such claims, no verdict, or a lead opening
    otherwise."""
    if answer_type(question) != "yes_no":
        return None
    claims = [c for c in lead_claims if c.verdict == "supported" and c.spans]
    if not claims:
        return None
    titles = [sources[str(c.source_id)].title if str(c.source_id) in sources else "" for c in claims]
    decided = decide_yes_no(question, [c.text for c in claims], titles, list(range(len(claims))),
                            [False] * len(claims))
    if decided is None or decided.answer is None:
        return None
    return decided if _opens_with(_unmarked(lead or ""), decided.answer) else None


def _opens_with(lead: str, answer: bool) -> bool:
    """Whether ``lead`` (citation marks removed) opens with the word of the yes/no ``answer`` (True: yes) in a
    language of :data:`shared.text.answer.YES_NO_WORDS`."""
    first = re.match(r"\W*([^\W_]+)", lead)
    said = {pair[0 if answer else 1].casefold() for pair in YES_NO_WORDS.values()}
    return first is not None and first.group(1).casefold() in said


def lead_choice(question: str, lead: str, lead_claims: list[VerifiedClaim], sources: dict[str, SourceInfo]
                ) -> Choice | None:
    """The choice a comparison's lead states, decided again (:func:`services.synthesizer.verdicts.decide_choice`)
    from the lead's supported claims with evidence spans (``lead_claims``; titles from ``sources``): the decided
    :class:`Choice` when the lead's first sentence names its winning option before the other, else None (also for
    questions of other types). Never raises."""
    claims = [c for c in lead_claims if c.verdict == "supported" and c.spans]
    if answer_type(question) != "comparison" or not claims:
        return None
    texts = [c.text for c in claims]
    titles = [sources[str(c.source_id)].title if str(c.source_id) in sources else "" for c in claims]
    choice = decide_choice(question, texts, titles, list(range(len(claims))))
    if choice is None:
        return None
    sentences = split_sentences(_unmarked(lead or ""))
    opening = sentences[0].text if sentences else ""

    def at(option: str, other: str = "") -> int:
        """Where the opening names ``option``, not as the start of ``other``, the longer option ("Orlenne" is no
        mention of itself inside "Orlenne Gold")."""
        name = re.sub(r"^(?:the|a|an)\s+", "", option, flags=re.IGNORECASE)
        longer = re.sub(r"^(?:the|a|an)\s+", "", other, flags=re.IGNORECASE)
        for m in compiled(rf"(?<!\w)(?i:{re.escape(name)})(?!\w)").finditer(opening):
            if not (len(longer) > len(name) and opening[m.start():m.start() + len(longer)].casefold()
                    == longer.casefold()):
                return m.start()
        return -1

    win, lose = at(choice.options[0], choice.options[1]), at(choice.options[1], choice.options[0])
    return choice if win >= 0 and (lose < 0 or win < lose) else None


_NAME_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")


@lru_cache(maxsize=4096)
def question_function_words(question: str) -> frozenset[str]:
    """The function words (case-folded, ``stopwordsiso``) of ``question``'s language when it is not English
    (:func:`detect_language`): "seit", "welchem", "ist", "eine", "von" of a German question, which the tokenizer's
    English list keeps as terms. Empty for English and for a language without a list."""
    code = detect_language(question)
    if code == "en" or not stopwordsiso.has_lang(code):
        return frozenset()
    return frozenset(unicodedata.normalize("NFC", w).casefold() for w in stopwordsiso.stopwords(code) if w)


def bears_on(question: str, sentence: str, bridges: Iterable[str] = ()) -> bool:
    """Whether a lead ``sentence`` (its markers ``[n]`` aside) bears on an English ``question`` it does not answer:
    it names a name the question gives (every word of one, or a word of one that is no plain English word:
    "Ginther" for "Richie Ginther"; names joined by "and" / "or" each; not only as the opening of a longer name of
    another thing: "Tarnholm Glass Museum" names no "Tarnholm glassblowers' guild"; a name the question gives before
    the noun of the thing asked, :func:`modified_noun`, only with that noun: "New members must have lived in the
    parish of Vardholm" names the place, not "the Vardholm cooperative") or one of
    ``bridges`` (names an earlier lead sentence gives: "Gene Hackman" after "Gene Hackman returned as Lex
    Luthor"), or it speaks to what is asked: a figure of the kind asked or a count of the noun counted
    (:func:`shared.text.quantity.states_asked`: "spends 40,000 euros a year" for "How much money does ...
    spend"; a count of the question's own words for it, "members" for "membership count"; for an amount of a mass
    noun, :data:`shared.text.quantity.AMOUNT_KINDS`, a sentence stating none is read as below), else a word of the
    relation asked (:func:`relation_terms`, in any form of its verb or words of the
    relation: "was born" for "born", or the noun of its wh-phrase with another key term: "carbon" and "seagrass"
    for "How much carbon do seagrass meadows store?"), else a key term of the question outside its names and
    wh-phrase; never a sentence stating the relation asked of another than the role holder a question names by
    its role (:func:`other_holder`: a museum director's birthplace for "Where was the founder of X born?"). "The Quell Workshop was built in 1744, two years after the guild was founded" bears on nothing of
    "How much money does the Tarnholm glass guild spend each year?". A question in another language is read as far
    as its words can be (:func:`_bears_on_foreign`)."""
    if detect_language(question) != "en":
        return _bears_on_foreign(question, _unmarked(sentence))
    if other_holder(question, sentence, bridges):
        return False  # another person's birthplace for "Where was the founder of X born?" (:func:`other_holder`)
    text = _unmarked(sentence)
    toks = set(tokenize(text))
    parts = [part for n in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", n) if tokenize(part)]
    name_lists = [tokenize(part) for part in parts]
    # a name the question gives before the noun of the thing asked ("the Vardholm cooperative") names that thing only
    # with its noun: "the parish of Vardholm" is the place
    nouns = {tuple(tokenize(part)): noun for part in parts if (noun := modified_noun(question, part))}
    names = [set(n) for n in name_lists]
    said = set(tokenize(question))
    ents = [tokenize(e) for e in find_entities(text)]

    def own(name: list[str]) -> bool:
        """The sentence gives ``name`` not only as the opening of a longer name of another thing ("Tarnholm Glass
        Museum" for "the Tarnholm glassblowers' guild": :func:`opens_longer_name`)."""
        holding = [e for e in ents if set(name) <= set(e)]
        if (noun := nouns.get(tuple(name))) is not None and not _term_in(noun, toks):
            return False  # the place the name says, not the thing of the noun asked
        return not holding or any(not opens_longer_name(name, e, said) for e in holding)

    if any(set(n) <= toks and own(n) for n in name_lists) or any(
            b <= toks for b in (set(tokenize(b)) for b in bridges) if b):
        return True
    # a name's own word, no plain English word, names it alone ("Ginther" for "Richie Ginther", "Prológica" for
    # "Prológica CP-400")
    if any(len(t) >= 4 and t.isalpha() and not is_plain_english(t) and own([t]) for n in names for t in n & toks):
        return True
    asked = asked_quantity(question)
    if asked or (answer_type(question) == "how_many" and counted_nouns(question)):
        if asked == ("count",):  # a count of what the question's own words say: "membership count" (members)
            what = [w for t in quantity_words(question) for w in tokenize(t) if w not in ("count", "number")]
            if what and not any(_term_in(w, toks) or (w in PEOPLE_NOUNS and toks & PEOPLE_NOUNS) for w in what):
                return False
        if states_asked(question, text) or states_quantity(numerize(text)[0], asked):
            return True
        if asked != AMOUNT_KINDS:
            return False
        # "How much carbon do seagrass meadows store?": an amount of the thing asked may be said as a share ("about
        # ten percent of the carbon"), so the relation and the thing asked are read as below
    relation = [t for t in relation_terms(question) if " " not in t]
    named = set().union(*names) if names else set()
    head = set(wh_head_terms(question))
    held = [t for t in key_terms(question) if t not in named and t not in head and t in toks]
    if relation:
        # the relation in any form of its verb, or the thing asked for (the wh-phrase's noun) with another key term
        # of the question: "Seagrass meadows ... hold about ten percent of the carbon" bears on "How much carbon do
        # seagrass meadows store?" in other words (a CI run showed such a report left with no finding at all)
        asked_thing = [t for t in head if t not in ("much", "many") and t in toks]
        return any(verb_held(t, toks) for t in relation) or bool(
            asked_thing and [t for t in held if t not in relation])
    return bool(held)


#: the word "year" in English and as :data:`shared.text.crosslang.LEXICON` gives it in German, French and Spanish
#: ("im Jahr 1888"), a pattern of alternatives
_YEAR_WORDS = "|".join(sorted({"year", *LEXICON["year"].split()}, key=len, reverse=True))


def _bears_on_foreign(question: str, text: str) -> bool:
    """Whether ``text``, a lead sentence or finding without its markers, bears on ``question``, written in another
    language than English, as far as the question's words can be read: a question whose opening wh-phrase asks how
    many or when (:data:`shared.text.wh_words.FOREIGN_WH`: "Wie viele", "Combien", "Quanti", "Wann") is borne on
    only by a sentence stating a count or a date (:func:`answer_candidates`: "Since 1988 the theatre has been run by
    a foundation" states no count of marionettes), and a question asking a relation the lexicon translates
    (:func:`shared.text.crosslang.english_of`: "gegründet" is "founded") only by a sentence stating it, in a word
    of the question's language that translates alike ("gründete") or in English
    (:func:`shared.text.crosslang.english_held`: "founded", "founder"): "Die Bildhauerin lernte hier als Kind das
    Schnitzen" bears on nothing of "Wer hat das Teatro Brivolo gegründet?". True when neither can be read (a
    question asking who or what in a language the lexicon has no words of)."""
    kind = answer_type(question)
    found = answer_candidates(text, kind, question) if kind in ("how_many", "when") else []
    if kind == "how_many":  # "im Jahr 1888", "en l'année 1888": a year, no count
        found = [x for x in found if not re.search(rf"\b(?:{_YEAR_WORDS})\s+{re.escape(x)}\b", text, re.IGNORECASE)]
    if kind in ("how_many", "when") and not found:
        return False
    function_words = question_function_words(question)
    asked = [t for t in relation_terms(question) if t not in function_words and " " not in t and english_of(t)]
    if not asked:
        return True
    toks = set(tokenize(text))
    return any(t in toks or any(english_of(tok) & english_of(t) for tok in toks) for t in asked) \
        or bool(english_held(toks, asked))


@lru_cache(maxsize=4096)
def question_names(question: str) -> tuple[str, ...]:
    """The names ``question`` gives (:func:`find_entities`), each split at a function word of the question's own
    language when it is not English (:func:`detect_language`; ``stopwordsiso``'s list): a German question
    capitalises its nouns and opening words, so "Seit welchem Jahr ist Tullavane eine Partnerstadt von Bad
    Kettwig?" names "Tullavane", "Partnerstadt" and "Bad Kettwig", not "Seit" nor "Partnerstadt von Bad Kettwig"
    (a page saying "Partnerstadt der deutschen Stadt Bad Kettwig" names "Bad Kettwig"). A German common noun after
    an article or determiner is no name either (:func:`question_nouns`: "eine Partnerstadt", "die Fährverbindung",
    "den Markt"); a capitalised word after a preposition ("in Velden", "zwischen Kelby und Dunmoor") or another noun
    ("die Fährgesellschaft Senn") stays one. English questions keep :func:`find_entities`' names as they are ("Bank of
    America")."""
    found = find_entities(question)  # a size asked is no part of a name: "the tower at Orsel Park 40 metres tall"
    stops = question_function_words(question)
    if not stops:
        return tuple(found)
    nouns = set(question_nouns(question))
    out: dict[str, None] = {}
    for entity in found:
        run: list[str] = []
        for w in [*entity.split(), ""]:
            if w and w.casefold() not in stops and w not in nouns:
                run.append(w)
            elif run:
                out.setdefault(" ".join(run), None)
                run = []
    return tuple(out)



#: a German article or determiner, then the capitalised word it determines ("die Fährverbindung", "den Markt",
#: "eine Partnerstadt")
_DETERMINED_NOUN_RE = re.compile(r"\b(?:der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|kein|keine|dieser|"
                                 r"diese|dieses|diesen|jeder|jede|jedes|sein|seine|ihr|ihre|unser|unsere)\s+"
                                 r"([A-ZÄÖÜ][^\W\d_]+)\b")


@lru_cache(maxsize=4096)
def question_nouns(question: str) -> tuple[str, ...]:
    """The common nouns a German question gives after an article or determiner ("Seit wann gibt es die
    Fährverbindung zwischen Kelby und Dunmoor?" -> ("Fährverbindung",)): words of the language's lexicon or compounds
    of its words (:func:`shared.text.compounds.common_noun`), capitalised as German writes every noun, so no names
    (:func:`question_names` leaves them out), but what the question asks about: the pages the lead cites must still
    name them, in a word for a part of a compound too ("die Fähre"). () for a question in another language."""
    if detect_language(question) != "de":
        return ()
    return tuple(dict.fromkeys(m.group(1) for m in _DETERMINED_NOUN_RE.finditer(question)
                               if common_noun(m.group(1), "de")))


#: the least length of a word that may be spelt one letter apart from the page's and still be its name
FUZZY_NAME_MIN = 5


def name_words(entity: str) -> set[str]:
    """The tokens (:func:`tokenize`) of the words of ``entity`` written with a capital letter or a digit: a name's
    own words. The lower-case part of a hyphenated word ("based" of "US-based") says what the name is, not which
    it is. Empty when no word is capitalised."""
    return set(tokenize(" ".join(w for w in _NAME_WORD_RE.findall(entity)
                                 if any(ch.isupper() or ch.isdigit() for ch in w))))


def word_found(word: str, tokens: set[str]) -> bool:
    """Whether ``word`` (a token) is in ``tokens``, or, when it has at least :data:`FUZZY_NAME_MIN` letters, a token
    of that length or more is one edit (Levenshtein: a letter added, dropped or changed) from it: a question that
    misspells a name ("Sydeney", "Beltman") still names what the page names ("Sydney", "Bettman")."""
    if word in tokens:
        return True
    return len(word) >= FUZZY_NAME_MIN and any(
        len(t) >= FUZZY_NAME_MIN and Levenshtein.distance(word, t, score_cutoff=1) <= 1 for t in tokens)


#: a year after a preposition or a month ("in 1902", "since 1990", "May 1990"): no count
_YEAR_AFTER_RE = re.compile(r"\b(?:in|on|since|from|until|till|by|of|to|and|year|january|february|march|april|may|june|"
                            r"july|august|september|october|november|december|\d{1,2},?)\s+(?:1[0-9]{3}|20[0-9]{2})$",
                            re.IGNORECASE)


def _dated_only(text: str, candidate: str) -> bool:
    """Whether every place ``text`` writes the number ``candidate`` as a whole number is a year after a preposition or
    a month (:data:`_YEAR_AFTER_RE`: "rebuilt in 1902"), no unit after it: a date, no count. "21" of "in 2021, ... now grows 21
    hectares" is a count (the digits inside "2021" are no place it is written); a candidate not found whole is read
    at its first place."""
    places = [m.start() for m in re.finditer(rf"(?<![\d.,]){re.escape(candidate)}(?![\d]|[.,]\d)", text)] \
        or [text.find(candidate)]
    # (a number with a unit after it is a figure: "a maximum output of 2000 W", :func:`shared.text.quantity.measured_number`)
    return all(_YEAR_AFTER_RE.search(text[max(0, at - 12):at] + candidate)
               and not measured_number(text, at + len(candidate)) for at in places if at >= 0) \
        and any(at >= 0 for at in places)


#: "for the first time", "the last time": an ordinal said with "time" ("first held" says it)
_ORDINAL_TIME_RE = re.compile(r"\b(?:for\s+)?the\s+(first|last|second|third|fourth|fifth|\w+th)\s+time\b", re.IGNORECASE)
#: a question asking who did something ("Who designed X?", "Who assassinated Y?"): its verb
_WHO_VERB_RE = re.compile(r"\W*who\s+([^\W\d_]{3,})\b", re.IGNORECASE)
_NOT_VERBS = frozenset("is are was were am be been do does did has have had can could will would should shall may "
                       "might must else".split())
_BE_WORDS = r"(?:is|are|was|were|been|being|be)"


def _asked_agent(question: str) -> str | None:
    """The verb of a question asking who did something (its first five letters, lower case: "desig" of "Who
    designed X?", "shot" of "Who shot Y?"), or None when the question asks something else ("Who was ...?")."""
    m = _WHO_VERB_RE.match(question or "")
    return m.group(1)[:5].casefold() if m and m.group(1).casefold() not in _NOT_VERBS else None


def _passive_without_agent(verb: str, sentence: str) -> bool:
    """Whether ``sentence`` states the asked verb (its first five letters ``verb``) in the passive without its
    agent ("Garfield was assassinated at 9:30 am": no answer to who assassinated him; "was designed by the engineer
    Piers Callowhill" names it)."""
    found = False
    for m in re.finditer(rf"\b{_BE_WORDS}\s+(?:[^\W\d_]+ly\s+)?({re.escape(verb)}[^\W\d_]*)((?:\W+[^\W_]+){{0,3}})",
                         sentence, re.IGNORECASE):
        if re.search(r"\bby\b", m.group(2), re.IGNORECASE):
            return False
        found = True
    return found


#: a lead opening with a yes/no verdict ("Yes: ...", "No: ...")
_YES_NO_OPENING = re.compile(r"\W*(?:yes|no)\b", re.IGNORECASE)
#: a note the report writes in brackets after a sentence's citation markers, and the markers: "[1] (2023-04-03)", the
#: cited source's date for a question asking for the current thing (:func:`services.synthesizer.provenance.date_note`),
#: or "[2] (41 in three sources, 43 in one)": no words of the sentence, so no part of a name it gives
_MARKER_NOTE_RE = re.compile(r"(?:\s*\[\d+\])+(?:\s*\([^()]*\))?")
#: a lead opening with the verdict "No" (in any language of :data:`shared.text.answer.YES_NO_WORDS`)
_NO_OPENING = re.compile(r"\W*(?:" + "|".join(re.escape(no) for _yes, no in YES_NO_WORDS.values()) + r")\b",
                         re.IGNORECASE)
#: a question's word that is a value (digits, a year, a number in words: "1870", "three"), not a word of what it asks
_VALUE_TERM_RE = re.compile(rf"\d[\d,.]*|{NUMBER_WORD_PATTERN}", re.IGNORECASE)
#: words of a wh-phrase that are content words to the tokenizer ("how many", "how much"): no term of the question
#: for a sentence to hold
_WH_WORDS = frozenset(tokenize("many much"))


def _term_in(term: str, tokens: set[str], agent: bool = False) -> bool:
    """Whether ``term`` (a :func:`tokenize` token) is in ``tokens``, or a word of the same stem is: the first five
    letters agree ("creator" / "created", "Hawaiian" / "Hawaii"; a shorter word: one Snowball stem, "fire" /
    "fired"), or a word of the same relation
    (:func:`shared.text.relations.same_relation`: "birthplace" / "born", "established" / "founded", "set up" /
    "founded"; a phrasal verb is also held by its verb: "set up his office" holds "set up", but one whose particle is
    a word of its own only with it: "to pass 40,000" holds no "pass away") or state
    (:func:`services.synthesizer.verdicts.same_state`: "reopened" or "closed" for "open"), or another form of the same
    irregular verb (:func:`shared.text.verbs.same_verb`: "drew" for "draw", "held" for "hold"), or a near-synonym
    noun (:func:`shared.text.synonyms.same_thing`: "furnaces" for "kiln"; a phrase's words,
    :func:`shared.text.synonyms.named_in_other_words`: "minor", "planet" for "asteroid") or a kind of it
    (:func:`shared.text.synonyms.is_kind_of`: "marionettes" for "puppet"). ``agent``: ``term`` is the verb of a
    question asking who did it (:func:`shared.text.relations.same_relation`: "run" then holds no "started")."""
    if term in tokens:
        return True
    if " " in term:  # a phrasal verb ("set up"): its verb as written ("set up his office") or inflected ("began
        # operating", "commenced operations" for "begin operating"), its relation's word, or one of its second
        # word's relation ("first ran" for "start operating": the start of a service)
        verb, second = term.split()[0], term.split()[-1]
        # its verb counts only beside its particle when the particle is a word of its own ("pass away": "expects
        # to pass 40,000" says no death; the "up" of "set up" is no token, so "set" alone holds it)
        particle = set(tokenize(second)) <= tokens
        return (particle and set(tokenize(verb)) <= tokens) or any(
            same_relation(term, t) or (particle and (same_stem(verb, t)
                                                     or (verb_base(verb) is not None and same_verb(verb, t))))
            or same_relation(second, t) for t in tokens)
    if len(term) >= 5 and any(len(t) >= 5 and t[:5] == term[:5] for t in tokens):
        return True
    if len(term) < 5 and term.isalpha() and any(t.startswith(term) and same_stem(term, t) for t in tokens):
        return True  # a short word inflected: "fire" / "fired", "win" / "wins"
    if any(same_state(term, t) for t in tokens):  # "reopened" / "closed" speak of "open"
        return True
    if verb_base(term) is not None and any(same_verb(term, t) for t in tokens):  # "draw" / "drew", "hold" / "held"
        return True
    if near_synonyms(term) and (any(same_thing(term, t) for t in tokens)  # "kiln" / "furnaces"
                                or named_in_other_words(term, tokens)):  # "asteroid" / "minor planet"
        return True
    if narrower_kinds(term) and any(is_kind_of(t, term) for t in tokens):  # "puppet" / "marionettes"
        return True
    return relation_of(term) is not None and any(same_relation(term, t, agent) for t in tokens)


def with_compounds(tokens: set[str], terms: Iterable[str], question: str) -> set[str]:
    """``tokens`` and each term of ``terms`` (the question's words) that a token names as a German noun does, when
    ``question`` is German (:func:`shared.text.compounds.same_noun`: "fährverbindung" held by "fähre"), or that a
    token says in German, French or Spanish when ``question`` is English (:func:`shared.text.crosslang.held_terms`:
    "schlafplätze" holds "bed", "brennalmhütte" holds "brennalm" and "hut") or in other English words
    (:func:`shared.text.synonyms.with_synonyms`: "car park" holds "parking" and "lot"), or, when ``question`` is German,
    French or Spanish, that a token says in English (:func:`shared.text.crosslang.english_held`: "founded" holds
    "gegründet"); ``tokens`` alone for a question in another language."""
    terms = list(terms)
    lang = detect_language(question)
    if lang == "en":  # and a phrase of several words among them ("car park" holds "parking lot"'s words)
        return with_synonyms(tokens, terms) | held_terms(tokens, terms)
    if lang in FOLDED_LANGUAGES:  # an English sentence's "founded" states a German question's "gegründet"
        tokens = tokens | english_held(tokens, terms)
    return tokens | held_nouns(tokens, terms, lang) if lang == "de" else tokens


def _word_held(term: str, tokens: set[str]) -> bool:
    """Whether ``tokens`` hold a question's word ``term`` as written, or, for a phrasal verb of a relation ("set
    up": :func:`shared.text.answer.question_terms`), its verb or a word of its relation (:func:`_term_in`)."""
    return term in tokens or (" " in term and _term_in(term, tokens))


def _phrased(terms: list[str], question: str) -> list[str]:
    """``terms`` (tokens of ``question``) with the verb of a phrasal verb of a relation as the whole phrase ("set" ->
    "set up": :func:`shared.text.answer.phrasal_terms`) and its particle dropped."""
    phrasal = phrasal_terms(question)
    if not phrasal:
        return terms
    particles = {t for phrase in phrasal.values() for t in tokenize(phrase.split()[1])}
    return list(dict.fromkeys(phrasal.get(t, t) for t in terms if t not in particles))


#: a term opened by an elided function word ("d'habitants", "l'église", "dell'anno"): the word and the term after it
_ELIDED_TERM_RE = re.compile(r"([^\W\d_]{1,5})['’]([^\W\d_].*)")


def _own_words(terms: list[str], foreign: frozenset[str]) -> list[str]:
    """``terms`` (tokens of a question) without the function words ``foreign`` of the question's own language
    (:func:`question_function_words`: "combien", "seit", "wann"), a term opened by one of them elided ("d'habitants",
    "l'église") as the word after it ("habitant", :func:`tokenize`d). ``terms`` as they are when ``foreign`` is empty
    (an English question)."""
    if not foreign:
        return terms
    out: list[str] = []
    for t in terms:
        m = _ELIDED_TERM_RE.fullmatch(t)
        if m is not None and m.group(1) in foreign:
            out.extend(tokenize(m.group(2)))
        elif t not in foreign:
            out.append(t)
    return list(dict.fromkeys(out))


def _share(terms: list[str], tokens: set[str]) -> float:
    return sum(1 for t in terms if _term_in(t, tokens)) / len(terms) if terms else 1.0


def _name_window(name: list[str], seq: list[str]) -> float:
    """The largest share of the words of ``name`` (tokens, stop words dropped) that stand together in the token
    sequence ``seq`` (stop words kept): within a window of ``len(name) + 2`` tokens, so a middle name or initial
    may stand between ("Gabriela D. Lemus", "Hall of Fame"), but not a clause ("Halvik is known for its harbour,
    its observatory" does not hold "Halvik Observatory"). 0 for an empty name or sequence."""
    if not name or not seq:
        return 0.0
    width = len(name) + 2
    best = 0
    for p, tok in enumerate(seq):
        if not any(_term_in(w, {tok}) for w in name):
            continue
        window = set(seq[p:p + width])
        best = max(best, sum(1 for w in name if _term_in(w, window)))
        if best == len(name):
            break
    return best / len(name)


def lowercase_question_names(question: str, texts: list[str]) -> list[list[str]]:
    """The names (each as its :func:`key_terms`) of a question typed without capitals ("where is the brannock
    observatory") that ``texts`` (the lead's sentences, its sources' titles) give capitalised: each name
    :func:`find_entities` finds there whose words stand together, in order, in the question ("Brannock
    Observatory"). A capitalised question's names are :func:`question_names`' own; this is for a question that
    has none (its confidence was 0.68 where the capitalised one's was 0.94 for the same report)."""
    asked = tokenize(question, drop_stopwords=False)
    out: list[list[str]] = []
    for text in texts:
        for entity in find_entities(text):
            seq = tokenize(entity, drop_stopwords=False)
            if seq and any(asked[k:k + len(seq)] == seq for k in range(len(asked) - len(seq) + 1)):
                if (terms := key_terms(entity)) and terms not in out:
                    out.append(terms)
    return out


def _page_names_it(question: str, name: list[str], sentence: set[str], page: str) -> bool:
    """Whether a lead sentence (its tokens ``sentence``) refers to the question's name ``name`` (its tokens) by a
    noun the question gives beside it, as its page does: "Im Jahr 2024 kamen 23.000 Besucher zum Weinfest" for
    "... zum Weinfest von Sarnica?" on a page (``page``: the text of its supported claims) saying "Das Weinfest von
    Sarnica findet ... statt". The noun must stand within :data:`REFERENCE_WINDOW` content words of the name both in
    the question and in a sentence of the page."""

    def near(seq: list[str], noun: str) -> bool:
        at = [k for k in range(len(seq) - len(name) + 1) if seq[k:k + len(name)] == name]
        return any(seq[j] == noun and abs(j - k) <= REFERENCE_WINDOW + len(name) for k in at for j in range(len(seq)))

    q_seq = tokenize(question)
    nouns = [t for t in dict.fromkeys(q_seq) if t in sentence and t not in name and not t[:1].isdigit()
             and near(q_seq, t)]
    return bool(nouns) and any(near(tokenize(s.text), noun) for s in split_sentences(page) for noun in nouns)


def _priced_before(sentence: str, pages: list[str]) -> set[str]:
    """The tokens of what the sum of money before ``sentence`` on its page is the price of
    (:func:`shared.text.groups.price_label`: "A tour costs 6 euros per adult ..." -> tour, costs, adult), when the
    sentence states its price by who pays it alone (:func:`shared.text.groups.paid_by_payer`: "Groups of 10 or more
    pay 4.50 euros per person") and the sentence right before it on one of ``pages`` (the texts of the cited pages'
    supported claims, in page order) writes a sum; an empty set otherwise. Never raises."""
    if not paid_by_payer(sentence):
        return set()
    said = tokenize(sentence)
    for page in pages:
        sents = [x.text for x in split_sentences(page)]
        for k in range(1, len(sents)):
            if tokenize(sents[k]) == said and sum_amounts(sents[k - 1]):
                return set(tokenize(price_label(sents[k - 1])))
    return set()


#: content words between a name and the noun that refers to it ("Weinfest von Sarnica", "the Sarnica festival")
REFERENCE_WINDOW = 1


def _page_part_of_it(question: str, name: list[str], sentence: set[str], page: str) -> bool:
    """Whether a lead sentence (its tokens ``sentence``) speaks of a part of the question's name ``name`` (its
    tokens, two or more) that the question names beside it ("electric railcars" of "the Rack Railway's electric
    railcars"), on a page (``page``: the text of its supported claims) whose only thing of the name's last noun is
    the one asked about: "Regular service is provided by five electric railcars ..., delivered in 1931" on a page
    that names "The Kestrelberg Rack Railway" and no other railway. The page gives the name whole, or its last words
    whole (the question may shorten it: "the Rack Railway"), and every name on it ending with that noun is that
    name; the sentence holds a word the question gives within :data:`REFERENCE_WINDOW` content words of the name.
    False for a one-word name (no noun says what kind of thing it is). Never raises."""
    if len(name) < 2:
        return False
    q_seq = tokenize(question)
    at = [k for k in range(len(q_seq) - len(name) + 1) if q_seq[k:k + len(name)] == name]
    beside = [t for j, t in enumerate(q_seq) if t in sentence and t not in name and not t[:1].isdigit()
              and any(abs(j - k) <= REFERENCE_WINDOW + len(name) for k in at)]
    return bool(beside) and _page_head_refers(name, f"the {name[-1]}", page)


def _page_names_alone(name: list[str], page: str, said: set[str]) -> bool:
    """Whether a page (``page``: the text of its supported claims) names the question's name ``name`` (its tokens)
    as a name of its own, not only as the opening of a longer one (:func:`opens_longer_name`: "Halvik FC" for
    "Halvik"; ``said``: the question's tokens, words it says of the name) nor inside one ("Old Halvik Baths").
    Never raises."""
    return any(toks[:len(name)] == name and not opens_longer_name(name, toks, said)
               for toks in map(tokenize, find_entities(page)))


#: a name's first word written as an abbreviation in capitals ("SS" of "SS Orvel", "HMS" of "HMS Tarrant"): a
#: designator the name's other words go without ("the Orvel", "the Tarrant")
_DESIGNATOR_RE = re.compile(r"^[A-Z]{2,4}$")


def _page_short_name(name: list[str], sentence: str, page: str) -> bool:
    """Whether a lead sentence (its text ``sentence``) refers to the question's name ``name`` (its tokens, two or
    more) by the name's words after its designator (:data:`_DESIGNATOR_RE`), a name of its own after "the" ("the
    Orvel sank because ..." for the SS Orvel), on a page (``page``: the text of its supported claims) that gives the
    whole name ("the wreck of the SS Orvel") and no other name ending with those words ("RMS Orvel" beside it leaves
    "the Orvel" unresolved). False for a one-word name. Never raises."""
    if len(name) < 2:
        return False
    whole = [e for e in find_entities(page) if tokenize(e) == name]
    if not whole or not any(_DESIGNATOR_RE.match(e.split()[0]) and tokenize(" ".join(e.split()[1:])) == name[1:]
                            for e in whole):
        return False
    rest = " ".join(whole[0].split()[1:])
    # (written with its capitals, "the orvel" is no name; nor is the opening of a longer one, "the Orvel Trust")
    if not re.search(rf"\b[Tt]he\s+{re.escape(rest)}(?![\w-])(?!\s+[A-Z])", sentence):
        return False
    return not any((toks := tokenize(e))[-len(name) + 1:] == name[1:] and toks != name and len(toks) >= len(name)
                   for e in find_entities(page))


def _page_head_refers(name: list[str], sentence: str, page: str) -> bool:
    """Whether a lead sentence (its text ``sentence``) refers to the question's name ``name`` (its tokens, two or
    more) by the name's last word, a common noun written in lower case after "the" ("... are still owned by the
    railway" for the Kestrelberg Rack Railway), on a page (``page``: the text of its supported claims) that gives
    the whole name and no other name ending with that noun (a page naming "the Brannholt Railway" too leaves "the
    railway" unresolved: :func:`shared.text.reference.definite_names`). False for a one-word name."""
    if len(name) < 2:
        return False
    return any(tokenize(n)[-len(name):] == name for n in definite_names(sentence, [page]))


#: the words of a question asking for the newest, the present or a yearly figure, which a sentence dating its figure
#: to a year says by its year ("Year 2024: harvest (tonnes) 49" for "the most recent annual honey harvest"; "At the
#: end of 2023 ... had 12,450 members" for "How many members does it have now?")
_DATED_FIGURE_WORDS = frozenset(tokenize("latest newest recent recently current annual yearly now nowadays today currently "
                                          "presently"))


#: words saying that the newest figure asked is the newest one there is ("in the latest year on record", "the most
#: recent year available", "the latest recorded year", "the most recent year reported"), which a sentence dating its figure says by its year
_ON_RECORD_RE = re.compile(r"\bon\s+record\b|\b(?:available|recorded|reported|published)\b", re.IGNORECASE)


def _row_and_time_words(question: str, sentence: str, markers: set[int],
                        row_words: dict[int, set[str]] | None) -> set[str]:
    """The words a lead sentence (its text ``sentence``, the markers it cites ``markers``) holds besides its own:
    those ``row_words`` gives for a marker it cites (a table's row read with its page's words of the question), and
    the question's :data:`_DATED_FIGURE_WORDS` when it writes a year and a figure that is no year ("At the end of
    2023 the club had 412 members" for "How many members does the club have now?"), and the question's "year" too
    when it asks for the latest (:func:`asks_latest`: "in the most recent year"), with the words saying it is the
    newest there is (:data:`_ON_RECORD_RE`: "record" of "in the latest year on record"), and the question's
    :data:`_FIGURE_NOUN_WORDS` when it writes a number that is no year and the question asks a figure by them
    (:data:`_FIGURE_ASKED_RE`: "Year 2023: overnight stays 47,650" says the "figure" of "the latest figure for
    overnight stays")."""
    out = set().union(*((row_words or {}).get(n, set()) for n in markers)) if markers else set()
    # a row giving the hours of the time asked states the "opening hours" asked ("X: saturday day hours 09:00 - 18:00")
    out |= hours_stated_words(question, sentence)
    # a sentence whose days cover the day asked states it ("Tuesday to Friday" for "on a Wednesday"), and its time of
    # day the "time" of "At what times ...?"
    out |= asked_time_words(question, sentence)
    figure = re.search(r"\d", _YEAR_ONLY_IN_TEXT_RE.sub(" ", sentence)) is not None  # a number that is no year
    if _YEAR_ONLY_IN_TEXT_RE.search(sentence) and figure:
        latest = asks_latest(question)
        out |= (_DATED_FIGURE_WORDS | (_YEAR_WORD if latest else frozenset())) & set(tokenize(question))
        if latest:  # "in the latest year on record": the newest year of the figures there are
            out |= {t for m in _ON_RECORD_RE.finditer(question) for t in tokenize(m.group(0))}
    if figure and _FIGURE_ASKED_RE.search(question):
        out |= _FIGURE_NOUN_WORDS & set(tokenize(question))
    # a by-year row's money column opening with the qualifier of the money asked ("prize fund £4,200" for "How much
    # prize money was on offer ...?") states the amount and the relation asked (shared.text.answer.money_row_states)
    if money_row_states(sentence, question):
        out |= set(relation_terms(question)) | set(wh_head_terms(question))
    return out


#: the words by which a question says that a figure is asked, not what it is of ("the latest figure for overnight
#: stays", "the total number of members"): a sentence stating a number (no year) says them by its number
_FIGURE_NOUN_WORDS = frozenset(tokenize("figure figures number numbers total totals count tally"))
#: a question asking a figure by such a word: "what is the (latest|total ...) figure/number/total/count ...",
#: "how many", "how much" (a "number" of a bus, a house or a song is no figure asked: "what number is the bus")
_FIGURE_ASKED_RE = re.compile(r"\b(?:(?:the|its|their|a)\s+(?:[^\W\d_]+\s+){0,3}?(?:figures?|numbers?|totals?|counts?"
                              r"|tally)\s+(?:for|of|on)\b|how\s+(?:many|much)\b)", re.IGNORECASE)


_YEAR_ONLY_IN_TEXT_RE = re.compile(r"\b(?:1[0-9]{3}|20[0-9]{2})\b(?![,.]\d)")
_YEAR_WORD = frozenset(tokenize("year"))


def beaten_record_sources(question: str, lead_texts: list[str], supported: list[VerifiedClaim]) -> set[str]:
    """The sources (ids) of the ``supported`` claims stating as the record a time a lead claim (``lead_texts``) says
    it beat, when ``question`` asks a record time (:func:`shared.text.records.asks_record_time`,
    :func:`shared.text.records.superseded_times`: "..., beating the previous record of 5:12.4" and "The course record
    for the <event> is 5 minutes 12.4 seconds", the beaten time written in both): the lead's record is of the thing
    that page names. Empty when none; never raises."""
    if not asks_record_time(question)[0]:
        return set()
    beaten = [b for t in lead_texts for b in superseded_times(" ".join(t.split()))]
    if not beaten:
        return set()
    return {str(c.source_id) for c in supported
            if any(abs(r.seconds - b) < 0.05 for r in record_times(" ".join(c.text.split())) for b in beaten)}


def chain_features(question: str, lead: str, lead_titles: dict[int, str],
                   page_texts: dict[int, str] | None = None,
                   abbreviations: tuple[tuple[str, str], ...] = (), run_texts: tuple[str, ...] = (),
                   row_words: dict[int, set[str]] | None = None) -> dict[str, float]:
    """Is the lead's answer about what the question asks about? Four features, each in [0, 1].

    ``row_words`` (marker -> words): a sentence citing a table's row holds the words given for its marker (the
    question's words its page gives: a row names neither the page's subject nor what the table is of). A question
    asking for the latest, most recent or current figure, or an annual one, is held in those words by a sentence
    writing a year and a figure (:data:`_DATED_FIGURE_WORDS`: "Year 2024: harvest (tonnes) 49" is the newest
    harvest of its series, and of one year).

    ``run_texts`` (the run's supported claims' texts and its pages' titles): a sentence referring to a name of the
    question by a noun the question gives beside it that the run gives beside that name and no other
    (:func:`shared.text.reference.reference_nouns`: "The guild's workshops" for "the Tarnholm guild workshops") holds
    that name.

    ``abbreviations`` ((abbreviation, name) pairs the run's sources define: :func:`defined_abbreviations`): a
    sentence giving the abbreviation alone ("The chief executive of the HCC is ...") gives the name it stands for
    ("Harlowe Canal Company") too.

    ``page_texts`` (marker -> the text of the cited page's supported claims): a sentence referring to a name of the
    question by the noun the question gives beside it, as its cited page does (:func:`_page_names_it`: "zum
    Weinfest" for "zum Weinfest von Sarnica" on the page of "Das Weinfest von Sarnica"), holds that name.

    The lead is split into sentences; a sentence's words are its own and those of the titles of the sources its
    markers ``[n]`` cite (``lead_titles``: marker -> title; a page's title is the subject of its sentences). Two
    sentences are chained when they cite one source, or one names the other's title, or both give a name
    (:func:`find_entities`) the question does not: the chain of a bridge question (the series' page names the
    actress, her page gives the answer). Words match on their first five letters too ("creator" / "created"); a
    sentence counting what a "how many" question counts or stating a figure of the kind asked
    (:func:`shared.text.quantity.states_asked`: "8,950 inhabitants" for "how many people live in", "164 metres" for
    "how long") holds those words of the question. For
    each sentence that states a candidate of the type asked (:func:`answer_candidates`; a year after a preposition
    is no count for "how many"; every sentence for yes/no questions and questions without a type):

    - ``cand_cover``: share of the question's key terms in that sentence;
    - ``chain_cover``: share of the question's key terms in the sentences chained to it (itself included);
    - ``chain_names``: share of the words of the names the question gives (:func:`find_entities`, split at "and"
      / "or", a name inside a longer one counted once; averaged over the names) in the sentences chained to it; 1
      when the question names nothing. A population stated for another town than the one asked about scores 0;
    - ``one_fact``: 1 for a "how many" or "when" question when the sentence alone gives every key term and every
      name of the question (a one-fact answer: "The population of Halvik was 12,400"); for a question of any other
      type but a comparison ("who", "where", "what", "which") and for "when" too, when the sentence gives every
      name of the question whole and every word of its relation (:func:`relation_terms`), and the sentences
      chained to it every other key term but the wh-phrase's own (:func:`wh_head_terms`: the candidate is the
      "year" of "in what year", the "town" of "which town"; "for the first time" says "first"): "The Merrow
      Bridge was designed by the engineer Piers Callowhill" for "Who designed the Merrow Bridge?", "Oriel Haskett
      was born in Lessing Ford [1]. Oriel Haskett was a glassmaker [1]." for "Where was the glassmaker Oriel
      Haskett born?"; and for a yes/no question
      about one named thing when the lead opens with its verdict ("Yes: ...", "No: ...") in a sentence that gives
      the name and states or denies what the question asks of it
      (:func:`services.synthesizer.verdicts.states_predicate`: "Yes: The bridge has been closed to heavy trucks
      since 2019" for "Is the Sael Bridge closed to heavy trucks?"), else 0.

    Each is the best over the candidate sentences; all 0 when the lead states no candidate. A question asking two
    things in one sentence (:func:`shared.text.answer.question_parts`) gets each feature's least value over its
    parts: each part must be answered.
    """
    question_asks = question_parts(question)
    if len(question_asks) > 1:
        each = [chain_features(part, lead, lead_titles, page_texts, abbreviations, run_texts, row_words)
                for part in question_asks]
        return {k: min(f[k] for f in each) for k in each[0]}
    kind = answer_type(question)
    sents = [s.text for s in split_sentences(lead or "")]
    out = {"cand_cover": 0.0, "chain_cover": 0.0, "chain_names": 0.0, "one_fact": 0.0, "relation_names": 0.0}
    if not sents:
        return out
    relation = relation_terms(question)
    q_tokens = set(tokenize(question))
    # the function words of a question in another language ("seit welchem Jahr ist ... eine", "combien") are no terms
    # to cover, and a term opened by an elided one ("d'habitants") is the word after it
    foreign = question_function_words(question)
    # "many" of "how many" is no term to cover; a phrasal verb ("set up") is one term, held by its relation's words
    q_terms = _phrased(_own_words([t for t in key_terms(question) if t not in _WH_WORDS], foreign), question)
    # the terms a one-fact answer must give: not the wh-phrase's own words, which the candidate answers ("year" of
    # "in what year"), nor the "time" of "for the first time" (a sentence says "first held")
    asked_head = set(wh_head_terms(question)) if kind in ("when", "where") else set()
    # (nor the "first" of "When did X first welcome visitors?": it asks the start, which "opened on 14 May" states)
    starting = asks_first_time(question)
    fact_terms = _phrased(_own_words([t for t in key_terms(_ORDINAL_TIME_RE.sub(r"\1", question))
                                      if t not in _WH_WORDS and t not in asked_head
                                      and not (starting and t == "first")], foreign), question)
    fact_relation = [t for t in relation if t not in foreign]
    agent = _asked_agent(question)
    # "Who makes the wine ...?": a sentence answers it only when it states the making ("made", "winemaker"); the
    # object alone ("the jury was chaired by the wine writer") is another role
    asked_verb = asked_verb_terms(question)
    parts = [toks for e in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", e)
             if (toks := key_terms(part))]
    cites = [{int(n) for n in re.findall(r"\[(\d+)\]", s)} for s in sents]
    texts = [_unmarked(s) for s in sents]
    # (the names a sentence gives are read without the note after its markers: "... the Orlen Lido [1] (2023-04-03)"
    # names the Orlen Lido, not a longer "Orlen Lido 2023-04-03")
    named_texts = [_MARKER_NOTE_RE.sub(" ", s) for s in sents]
    own = [set(tokenize(t)) for t in texts]
    titles = [[lead_titles[n] for n in sorted(ns) if lead_titles.get(n)] for ns in cites]
    if not parts and not any(ch.isupper() for ch in question):
        # a question typed in lower case gives its names uncapitalised: those the lead capitalises
        parts = lowercase_question_names(question, [*texts, *(t for ts in titles for t in ts)])
    # a name inside a longer one ("Mood" of the quoted title "I'm in the Mood for Love") is that name, counted once
    names = [n for i, n in enumerate(parts)
             if not any(set(n) < set(m) or (set(n) == set(m) and j < i) for j, m in enumerate(parts) if j != i)]
    # a verb of the question is held by its doer's noun ("winemaker" for "who makes the wine")
    words = [with_agent_nouns(own[i] | set(tokenize(" ".join(titles[i]))), [*relation, *q_terms])
             for i in range(len(sents))]
    # a life span after a name ("Lyman Sherwood (August 5, 1802 Hoosick – 1865)") states a birth and a death
    # (and so do "the council owns it", owned, and "the foundry cast 7,200 bells", produced)
    # (a succession told the other way, "Dole was succeeded by Whitlow" for "Who did Dole succeed?", states none)
    # (and "held at another venue" states no hosting by the one asked)
    # (and "appointed deputy director" states no "director": shared.text.relations.ranked_role_against; nor "was
    # appointed director in 1998 and left in 2004" a director now: ended_role_against)
    # (nor "The Orla Guild founded a museum" a founding of the guild: shared.text.answer.object_asked_against)
    words = [(w - succession_against(texts[i], question) - hosting_against(texts[i], question)
              - ranked_role_against(texts[i], question) - ended_role_against(texts[i], question)
              - object_asked_against(texts[i], question))
             | said_relation_words(texts[i], question) | dated_origin_words(texts[i], question)
             for i, w in enumerate(words)]
    words = [w | _row_and_time_words(question, texts[i], cites[i], row_words) for i, w in enumerate(words)]
    # "X: top elevation 1960 m" states the "highest" of "What is the highest elevation of X?" (a base elevation none)
    words = [w | extreme_words_held(question, texts[i]) for i, w in enumerate(words)]
    # a cause told as a narrative ("The furnace failed an inspection that year ...") is read with the lead sentence
    # before it, stating the event it follows ("Commercial casting stopped in 2009."): it holds that one's words
    words = [w | words[i - 1] if i and implicit_cause(texts[i]) else w for i, w in enumerate(words)]
    # a price said by who pays it alone ("Groups of 10 or more pay 4.50 euros per person") is of the thing its page
    # priced right before it ("A tour costs 6 euros per adult and 3 euros per child"): it holds that price's words
    if page_texts:
        words = [w | _priced_before(texts[i], [page_texts[c] for c in sorted(cites[i]) if c in page_texts])
                 for i, w in enumerate(words)]
    row_held = [set().union(*((row_words or {}).get(n, set()) for n in cites[i])) for i in range(len(sents))]
    # an abbreviation a source defines, given alone, gives its name ("the HCC": the Harlowe Canal Company)
    spelled = [[tokenize(name) for abbr, name in abbreviations
                if re.search(rf"(?<![\w&]){re.escape(abbr)}(?![\w&])", texts[i])] for i in range(len(sents))]
    words = [w.union(*map(set, spelled[i])) if spelled[i] else w for i, w in enumerate(words)]
    # a German compound of the question is held by a word for its part ("Fährverbindung" by "Fähre")
    words = [with_compounds(w, [*relation, *q_terms, *fact_terms], question) for w in words]
    if page_texts:  # "zum Weinfest" on the page of "das Weinfest von Sarnica" speaks of the one asked about
        words = [w | {t for n in names if not set(n) <= w and any(
            _page_names_it(question, n, own[i], page_texts[c]) for c in cites[i] if c in page_texts) for t in n}
            for i, w in enumerate(words)]
    # "the railway" on the page of "The Kestrelberg Rack Railway" is that railway, its name given whole
    # (:func:`_page_head_refers`), and "electric railcars" on its page are the railway's (:func:`_page_part_of_it`)
    # and "Central Library: opening hours ..." on the page "Visit us - Quellby City Libraries" is the Quellby Central
    # Library, its qualifier the page's own (:func:`shared.text.terms.head_on_qualified_page`): no look-alike either
    qualified = [[n for n in names if page_texts and any(
        head_on_qualified_page(n, texts[i], [lead_titles.get(c, "")], [page_texts[c]])
        for c in cites[i] if c in page_texts)] for i in range(len(sents))]
    head_named = [[n for n in names if page_texts and (n in qualified[i] or any(
        _page_head_refers(n, texts[i], page_texts[c]) or _page_part_of_it(question, n, own[i], page_texts[c])
        or _page_short_name(n, texts[i], page_texts[c])
        for c in cites[i] if c in page_texts))]
        for i in range(len(sents))]
    words = [w.union(*map(set, head_named[i])) if head_named[i] else w for i, w in enumerate(words)]
    if run_texts:  # "the guild's workshops" in a run whose only named guild is the Tarnholm one asked about
        referred = [(toks, nouns) for e in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", e)
                    if (toks := key_terms(part)) and (nouns := reference_nouns(question, part, run_texts))]
        words = [w | {t for n, nouns in referred if refers(nouns, texts[i]) for t in n} for i, w in enumerate(words)]
    # a sentence counting what a "how many" question counts, or stating a figure of the kind asked, holds those words
    # of the question ("8,950 inhabitants" for "how many people live in", "164 metres" for "how long")
    if kind in FIGURE_TYPES:
        words = [w | set(states_asked(question, texts[i])) for i, w in enumerate(words)]
    # (a question describing its subject by a relation, "the founder of X": the name after that relation's "by" too,
    # "founded by Benedetta Castiglio-Ruan, Pietro Castiglio's granddaughter", which a name finder reads as one)
    described = described_relations(question)
    # (and a name a parenthesis follows, read without it: "Benedetta Castiglio-Ruan (5 June 1925 – 2 February 2008)
    # was ...", whose dates a name finder reads into the name)
    ents = [{e.casefold() for e in [*(agent_names(t, described[0]) if described else []), *find_entities(t),
                                    *find_entities(_PARENTHESIS_RE.sub("", t))]
             if not set(tokenize(e)) <= q_tokens} for t in named_texts]
    # a page title that is a name the question gives, or part of one ("Halvik" for a question about Halvik
    # Observatory or the Halvik quay memorial), chains nothing, as a name of the question chains nothing (``ents``):
    # every sentence about the town would join every other, however unrelated; a bridge is what the question does
    # not name
    title_toks = [[tt for t in ts if (tt := set(tokenize(t))) and not any(tt <= set(n) for n in names)]
                  for ts in titles]
    seqs = [[tokenize(named_texts[i], drop_stopwords=False), *(tokenize(t, drop_stopwords=False) for t in titles[i]),
             *spelled[i], *head_named[i]] for i in range(len(sents))]
    if detect_language(question) == "en":  # "Die Brennalmhütte ..." gives "Brennalm Hut" whole (shared.text.crosslang)
        name_terms = [t for n in names for t in n]
        seqs = [[unfolded(seq, name_terms) for seq in row] for row in seqs]

    def chained(i: int, j: int) -> bool:
        return bool(cites[i] & cites[j] or ents[i] & ents[j]
                    or any(t and t <= own[j] for t in title_toks[i]) or any(t and t <= own[i] for t in title_toks[j]))

    # the names each sentence and its cited titles give, in order of their words: a name of the question that a
    # sentence gives only as the opening of a longer name ("Halvik" in "Halvik FC: The club was founded ...") is
    # another thing there (the town's football club), not the one asked about
    # (a title's subtitle about the page is no part of the name: "Korvanne Glassworks: Annual Report Figures" gives
    # "Korvanne Glassworks", :func:`shared.text.terms.title_subject`; and a section's or a site's name after a spaced
    # separator is none: "Kelmarsh Coast Zoo - Animals" gives "Kelmarsh Coast Zoo", :func:`shared.text.terms.title_parts`)
    mentions = [[tokenize(e) for t in (named_texts[i], *(p for t in titles[i]
                                                   for p in title_parts(title_subject(t, tail=False, frame=False) or t)))
                 for e in find_entities(t)] for i in range(len(sents))]

    # a name saying which thing of a noun the question asks about ("the Halvik gorge") has no longer name of another
    # thing: the Halvik Viaduct's page speaks of the gorge
    modifying = [toks for e in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", e)
                 if (toks := key_terms(part)) and modifies_noun(question, part)]

    # a name the run says is the kind of thing a measure question asks about ("The Hallervik Rope Works is a former
    # ropewalk" for "How long is the ropewalk in Hallervik?") is that thing, though it opens with the place's name
    measured_head = tokenize(measure_subject(question) or "")[-1:]
    measured = called_a(measured_head[0], [*texts, *run_texts, *(t for ts in titles for t in ts)]) \
        if measured_head else []
    # and a sentence naming it speaks of the noun, as one writing it does
    words = [w | set(measured_head) if any(set(n) <= w for n in measured) else w for w in words]
    # a sentence giving a word of a name of the question and "the town's ropewalk", the kind of thing the run says
    # the name is ("The Hallervik Rope Works is a former ropewalk"), speaks of it
    kinds_of = [(part, toks, kn) for e in question_names(question) for part in re.split(r"\s+(?:and|or|&)\s+", e)
                if (toks := key_terms(part)) and (kn := kind_nouns(part, [*texts, *run_texts]))]
    kind_named = [[toks for part, toks, kn in kinds_of if names_by_kind(part, kn, texts[i])]
                  for i in range(len(sents))]
    words = [w.union(*map(set, kind_named[i])) for i, w in enumerate(words)]
    seqs = [[*seqs[i], *kind_named[i]] for i in range(len(sents))]

    def apart(name: list[str], j: int) -> bool:
        if name in modifying:
            # a noun after the name says which thing of its kind is asked ("the Brevona Duo air fryer"), and a longer
            # name opening with it is that thing, unless a variant mark makes another model of it ("Brevona Duo XL":
            # :func:`shared.text.terms.another_variant`)
            variants = [m for m in mentions[j] if len(m) > len(name) and another_variant(name, m, numbered=False)]
            return bool(variants) and not any(m == name for m in mentions[j])
        # a table row read with its page's words, on a page that names the asked thing alone ("2025 was the busiest
        # season in the history of X" in the X Trust's annual report), is about it whatever longer name its title
        # or the row gives
        if set(name) <= row_held[j] and page_texts and any(
                _page_names_alone(name, page_texts[c], q_tokens) for c in cites[j] if c in page_texts):
            return False
        found = [m for m in mentions[j] if any(m[k:k + len(name)] == name for k in range(len(m) - len(name) + 1))]
        # (and so is one ending a look-alike's name, "Old Quellby Library" for the Quellby Library:
        # :func:`shared.text.terms.marked_look_alike`; "Royal Albert Hall" may be the Albert Hall asked)
        return bool(found) and all((opens_longer_name(name, m, q_tokens) or marked_look_alike(name, m))
                                   and not any(set(n) <= set(m) for n in measured) for m in found)

    def held(name: list[str], members: set[int], pool: set[str]) -> float:
        # a name of several words is held by the share of its words that stand together in one sentence or cited
        # title of the chain ("Halvik Observatory", "Gabriela D. Lemus"); its words scattered over the chain
        # ("Halvik is known for ... its observatory") count half; a sentence giving it only as part of a longer
        # name (above) holds none of it
        members = {j for j in members if not apart(name, j)}
        pool = set().union(*(words[j] for j in members)) if members else set()
        if len(name) < 2:
            return _share(name, pool)
        together = max((_name_window(name, seq) for j in members for seq in seqs[j]), default=0.0)
        if any(set(name) <= row_held[j] for j in members):  # a table row whose page gives the name
            together = 1.0
        return max(together, 0.5 * _share(name, pool))

    def states(text: str) -> bool:
        if kind in ("yes_no", "none"):
            return True
        found = answer_candidates(text, kind, question)
        if kind == "how_many":  # a year ("rebuilt in 1902") is a date, not a count
            found = [c for c in found if not _dated_only(text, c)]
        return bool(found)

    # a sentence about a look-alike of a name the question gives ("The Tarnholm Glass Museum opened in 1968" for the
    # Tarnholt Glass Museum: :func:`shared.text.terms.look_alike_name`), where the lead names the asked one as the
    # question spells it, states nothing of the asked one, whatever the sentences chained to it name
    lead_words = set().union(*words)
    spelt = [n for n in names if set(n) <= lead_words]
    # nor does one about a name with words of its own before an asked one, or the asked one's tail ("The Little
    # Orvane Canal was designed by Henri Valcourt" for the Orvane Canal: :func:`shared.text.terms.prefixed_name`),
    # when the lead, the run or the question itself writes the asked name alone (a run whose only such name is "The
    # Old Brannock Hall" answers nothing of the Brannock Hall asked)
    alone = names_written_alone(question, [*texts, *run_texts, question])

    # nor does one opening with an "Old X" look-alike's name ("At its peak in 1958 the Old Tarrowgill boat yard
    # launched ..." for the Tarrowgill Marina: :func:`services.synthesizer.offline.old_name_of`,
    # :func:`services.synthesizer.verdicts.opens_look_alike`), whatever page it is on
    asked_names = question_names(question)

    def of_look_alike(i: int) -> bool:
        # (read without the note after the markers: "the Old Tarnwick Museum [1] (2024-02-12)" names the Old
        # Tarnwick Museum, not a longer "Old Tarnwick Museum 2024-02-12" that no asked name ends)
        if (names_prefixed_other(alone, named_texts[i]) and not qualified[i]) or any(
                old_name_of(n, texts[i]) and opens_look_alike(n, texts[i]) for n in asked_names):
            return True
        said = tokenize(texts[i])
        # (or another thing of the asked name's head noun: "The Transport Museum had 41,300 visitors" for the
        # Velmora Tram Museum, :func:`shared.text.terms.names_swapped_word`)
        return any(look_alike_name(n, said) or names_swapped_word(n, texts[i]) or (_name_window(n, said) < 1.0 and any(
            look_alike_name(n, tokenize(t)) for t in titles[i])) for n in spelt)

    for i, text in enumerate(texts):
        # nor does a sentence saying its subject is no kin of what the question asks about ("... is not related to
        # the cooperative's founder": :func:`shared.text.terms.disowns`)
        if not states(text) or of_look_alike(i) or disowns(text, question):
            continue
        seen, todo = {i}, [i]
        while todo:
            k = todo.pop()
            for j in range(len(sents)):
                if j not in seen and chained(k, j):
                    seen.add(j)
                    todo.append(j)
        chain = set().union(*(words[j] for j in seen))
        # the relation asked, stated of what the question names: the sentence holds a relation word and its chain
        # a name of the question ("trade laws differ" in a sentence about special economic zones in general is no
        # answer about Chennai)
        shares = [held(n, seen, chain) for n in names]
        name_share = sum(shares) / len(shares) if shares else 1.0
        about = any(h > RELATION_NAME_MIN for h in shares) if shares else True
        whole = all(_share(n, words[i]) >= 1.0 for n in names)
        # a one-fact answer of a type other than a count or a choice: the sentence gives the question's names and
        # its relation, the sentences chained to it (the same page) what else the question says of the subject
        stated_whole = (kind not in ("comparison", "yes_no", "none", *FIGURE_TYPES) and bool(names) and whole
                        and _share(fact_relation, words[i]) >= 1.0 and _share(fact_terms, chain) >= 1.0
                        and not (agent and _passive_without_agent(agent, texts[i])))
        values = {"cand_cover": _share(q_terms, words[i]), "chain_cover": _share(q_terms, chain),
                  "chain_names": name_share,
                  # (the function words of a question in another language say no relation: "gibt es")
                  "relation_names": float(about and (not fact_relation
                                                     or any(_term_in(t, words[i], kind == "who")
                                                            for t in fact_relation))
                                          and all(verb_held(v, words[i], agent=True) for v in asked_verb)),
                  "one_fact": float((kind in (*FIGURE_TYPES, "when") and _share(q_terms, words[i]) >= 1.0 and whole)
                                    or stated_whole
                                    or (i == 0 and kind == "yes_no" and whole and _YES_NO_OPENING.match(texts[i])
                                        is not None and states_predicate(question, texts[i], words[i])))}
        out = {k: max(v, values[k]) for k, v in out.items()}
    return out


#: words either side of a number within which the "how many" question's counted noun must stand (feature
#: ``count_named``: "250 species", "a population of 12,400", "12,400 inhabitants")
COUNT_WINDOW = 5
_LEAD_WORD_RE = re.compile(r"[^\W_]+(?:[-'’.,][^\W_]+)*")
_YEAR_ONLY_RE = re.compile(r"1[0-9]{3}|20[0-9]{2}")
#: what parts two clauses between two words of a lead: a comma, a semicolon or a full stop before a space, or a line
#: break (``count_named``: a number and a noun of another clause)
_CLAUSE_BREAK_RE = re.compile(r"[,;.!?]\s|\n")
#: a parenthesis and the space before it ("Ada Marsh (1921 – 2004)")
_PARENTHESIS_RE = re.compile(r"\s*\([^()]*\)")


def _candidate_sentences(question: str, sentences: list[str]) -> list[str]:
    """The sentences that state a candidate of the type ``question`` asks for (every sentence for yes/no questions
    and questions without a type; a year after a preposition is no count for "how many")."""
    kind = answer_type(question)
    if kind in ("yes_no", "none"):
        return sentences
    out = []
    for text in sentences:
        found = answer_candidates(text, kind, question)
        if kind == "how_many":
            found = [c for c in found if not _dated_only(text, c)]
        if found:
            out.append(text)
    return out


def _option_named(option: str, sentence: str) -> bool:
    """Whether ``sentence`` names ``option`` as a whole name that no further capitalised word continues ("Richard
    Llewellyn Williams" is another man than "Richard Llewellyn")."""
    return compiled(rf"(?<!\w)(?i:{re.escape(option)})(?!\w)(?!\s+[A-Z])").search(sentence) is not None


def _without_longer(option: str, options: Sequence[str], sentence: str) -> str:
    """``sentence`` with every other option of ``options`` whose name holds ``option`` ("Little Varnello Pass" for
    "Varnello Pass") blanked out, so what is left names ``option`` only where it stands on its own."""
    for other in options:
        if other != option and len(other) > len(option) and option.casefold() in other.casefold():
            sentence = compiled(rf"(?<!\w)(?i:{re.escape(other)})(?!\w)").sub(" ", sentence)
    return sentence


def _option_by_page(option: str, sentence: str, pages: set[str]) -> bool:
    """Whether ``sentence`` names ``option`` ("Vardholm boiling house": a name and the noun after it) by its noun
    alone after "the" ("The boiling house of the cooperative was completed in 1881") on a page whose name
    (``pages``, case-folded, or the sentence's "Title: " label) holds the option's name as whole words ("Vardholm
    Salt Cooperative"; not "Vardholmen Saltworks", another thing), and the noun is given to no other name there
    ("the boiling house of Storsand")."""
    names = [t for e in find_entities(option) for t in tokenize(e)]
    noun = [w for w in option.split() if not w[:1].isupper()]
    if not names or not noun:
        return False
    label = re.match(r"^([^:]{1,80}):\s+", sentence)
    body = sentence[label.end():] if label else sentence
    owners = pages | ({label.group(1).casefold()} if label else set())
    if not any(set(names) <= set(tokenize(p)) for p in owners):
        return False
    said = re.escape(" ".join(noun))
    return compiled(rf"\b(?i:the)\s+(?i:{said})(?!\w)(?!\s+(?:of|at|in)\s+(?:the\s+)?[A-Z])").search(body) is not None \
        and compiled(rf"(?<!\w)(?!The\b)[A-Z][\w'’-]*\s+(?i:{said})(?!\w)").search(body) is None


def _page_name(title: str) -> str:
    return re.split(r"\s*[,(]", clean_title(title), maxsplit=1)[0].strip().casefold()


#: a figure of a comparison's lead: digits or a count in words ("Orsk Quay has more platforms: four [1]; ...")
_FIGURE_RE = re.compile(rf"\d+|\b(?:{NUMBER_WORD_PATTERN})\b", re.IGNORECASE)
#: a figure that dates something, for a choice by age ("older", "first", "newer"): a year, a year BC/AD, a century
#: ("240 spectators" is no age of a theatre)
_DATE_FIGURE_RE = re.compile(r"(?<![\d,.])(?:1\d{3}|20\d{2})(?![\d,.]\d)|\b\d+\s*(?:BCE?|AD|CE)\b"
                             r"|\b\d+(?:st|nd|rd|th)[\s-]+century\b", re.IGNORECASE)
#: a figure of an age, for a choice by age: a date (:data:`_DATE_FIGURE_RE`) or an age stated as a duration
#: (:data:`services.synthesizer.verdicts.AGE_RE`: "120 million years old", "age 38 million years")
_AGE_FIGURE_RE = re.compile(rf"{_DATE_FIGURE_RE.pattern}|{AGE_RE.pattern}", re.IGNORECASE)


def options_held(question: str, lead: str, lead_titles: dict[int, str] | None = None) -> float:
    """Does the lead state each option of a comparison for what the question compares? 1 or 0.

    A sentence of the lead holds an option when it names it as a whole name (:func:`_option_named`: not "Richard
    Llewellyn" inside "Richard Llewellyn Williams") or cites the option's own page (``lead_titles``: marker ->
    title), and holds at least half the question's relation words (:func:`relation_terms`; same stem or relation).
    A choice by a value ("born first", "higher": :func:`services.synthesizer.verdicts.comparative`) needs every
    option held by a sentence that gives a figure, and a choice by age or time ("older", "first", "newer") a date
    (a year, a year BC, a century): a count or a size is no age; a choice by a dimension of size ("deeper") a figure
    of that dimension (:func:`services.synthesizer.verdicts.figure_of_dimension`), a decision line's figure ("higher:
    19.3 kilometres") read in the lead sentence it comes from ("... is 19.3 kilometres long": no height), and an option
    named inside another's name ("Varnello Pass" in "Little Varnello Pass") not held; a sentence naming another option
    and not this one holds only that one, whatever page it is on; a choice by an attribute ("Which is a giant breed, A or B?")
    needs one option held as the subject of its sentence: the sentence opens with it (after a "Title: " label) or
    cites its page ("Other breeds include ... the Basset Hound" says nothing of what the Basset Hound is). 1 for a
    question that is no comparison."""
    if answer_type(question) != "comparison":
        return 1.0
    options = comparison_options(question)
    if not options:
        return 0.0
    terms = relation_terms(question)
    raw = [s.text for s in split_sentences(lead or "")]
    # "Which crater is older, Dravik or Lunsa?": the lead names them "Dravik Crater" and "Lunsa Crater"
    options = with_kind_noun(question, options, raw)
    titles = [{_page_name((lead_titles or {}).get(int(n), "")) for n in re.findall(r"\[(\d+)\]", r)} - {""}
              for r in raw]
    texts = [re.sub(r"\s*\[\d+\]", "", r).strip() for r in raw]

    def related(text: str) -> bool:
        tokens = set(tokenize(text)) | life_words(text)
        return not terms or sum(1 for t in terms if _term_in(t, tokens)) / len(terms) >= 0.5

    word, direction = comparative(question, options)
    if direction:
        # a choice by age ("older", "born first", "newer") is decided by dates: a count or a size beside an option
        # ("The auditorium of A seats 240 spectators") is no figure of its age
        figure = _AGE_FIGURE_RE if direction in ("early", "late") else _FIGURE_RE
        # a choice by a dimension of size ("deeper") counts only figures of it: "7.5 km" under "diameter" or "3 km
        # east of the village" is no depth of an option
        dimension = asked_dimension(question, options) if direction in ("more", "less") else ""

        # a choice by a count ("Which built more vessels, A or B?") counts only numbers of that noun: a founding year
        # ("founded in 1822") or another noun's count is no figure of it
        counted = choice_count_nouns(question)

        def figures(text: str) -> int:
            if counted:
                return len(counts(text, counted))
            # ("247" of "2,247 m" is a part of a figure, none of its own)
            return sum(1 for m in figure.finditer(text) if not re.search(r"\d[,.]$", text[:m.start()])
                       and figure_of_dimension(dimension, text, m.start()))

        def sourced(line: str) -> bool:
            """Whether each figure of the decision ``line`` that another lead sentence states (the sentence it
            was read from) is of the dimension asked there: the line's own comparative word ("higher: 17.8
            kilometres") says nothing of what its figures measure."""
            if not dimension:
                return True
            for m in _FIGURE_RE.finditer(line):
                written = re.match(r"\d[\d,.]*\d|\d", line[m.start():])
                if written is None or re.search(r"\d[,.]$", line[:m.start()]):
                    continue
                at = re.compile(r"(?<![\d,.])" + re.escape(written.group(0)) + r"(?![\d]|[,.]\d)")
                found = [(u, n.start()) for u in texts if u != line for n in [at.search(u)] if n is not None]
                if found and not any(figure_of_dimension(dimension, u, k) for u, k in found):
                    return False
            return True

        # the sentence that states the decision ("Later: B, 10 December 2006 [1]; A, 13 February 1937 [2].") gives
        # each option its figure beside the question's comparative word: the relation is what it compares
        decisions = [t for t in texts if word in t.casefold().split(":")[0] and all(_option_named(o, t) for o in options)]
        if any(figures(t) >= len(options) and sourced(t) for t in decisions):
            return 1.0
        # a decision that compared a figure of another dimension ("higher: 19.3 kilometres" of "... 19.3 kilometres
        # long") holds no option, whatever else the lead says of them
        if any(not sourced(t) for t in decisions):
            return 0.0
        # a sentence saying the comparison outright ("Orlenne Gold is aged 9 months longer than Orlenne") holds both
        if stated_comparison(question, texts):
            return 1.0
        def holds(o: str, t: str, ts: set[str]) -> bool:
            # the option's page holds it by a sentence naming no other option: "The Old Kestrelmoor Incline is ...
            # 620 m long" on the Kestrelmoor Funicular's page gives the incline's figure, not the funicular's
            # "The Little Varnello Pass road is 17.8 km long" names the Little Varnello Pass, not the Varnello Pass
            # inside its name
            return _option_named(o, _without_longer(o, options, t)) or (
                not any(_option_named(p, t) for p in options if p != o) and (
                    o.casefold() in ts or _option_by_page(o, t, ts)))

        return float(all(any(holds(o, t, ts) and related(t) and figures(t) for t, ts in zip(texts, titles))
                         for o in options))

    def subject(o: str, text: str, ts: set[str]) -> bool:
        body = re.sub(r"^[^:]{1,80}:\s+", "", text)  # "Bulldog: Other scent-hound breeds ..." is about the page
        return o.casefold() in ts or compiled(rf"(?i:the\s+)?(?i:{re.escape(o)})(?!\w)").match(body) is not None

    return float(any(subject(o, t, ts) and related(t) for o in options for t, ts in zip(texts, titles)))


def _names_person(sentence: str, question: str) -> bool:
    """Whether ``sentence`` names a person as a "who" answer to ``question`` (:func:`answer_candidates`): a candidate
    of two or more capitalised words that the question does not give and whose kind (:func:`shared.text.kinds.name_kind`)
    is no organisation, place, school or event ("Councillor Ada Holmtree"; not "Brisworth Borough Council", "Fairs
    Committee" or a single word, "Markets"). Never raises."""
    asked = set(tokenize(question))
    for cand in answer_candidates(sentence, "who", question):
        words = cand.split()
        if len(words) < 2 or not all(w[:1].isupper() for w in words if w.isalpha() and len(w) > 3):
            continue
        if set(tokenize(cand)) <= asked:
            continue
        if name_kind(cand, sentence) in (None, "person"):
            return True
    return False


def relation_features(question: str, lead: str, row_words: dict[int, set[str]] | None = None) -> dict[str, float]:
    """Does the lead state the relation the question asks about, for what it asks? Four features, each in [0, 1].

    The relation is :func:`shared.text.answer.relation_terms` ("Who was the creator of ...?" -> creator; "... that
    last aired on what date?" -> aired); a word matches one of the same stem (first five letters: "created").

    - ``relation``: the best share of the relation's words in a lead sentence that states a candidate of the type
      asked (:func:`answer_candidates`): a year in a sentence about when a series premiered is no answer to when
      it last aired. 1 when the question has no relation words; 0 when no sentence states a candidate;
    - ``relation_lead``: the share of the relation's words in the whole lead (1 without relation words; 0 for an
      empty lead);
    - ``options_stated``: for a comparison (:func:`comparison_options`), the share of its options that a lead
      sentence names together with the relation (at least half its words) or, when the question has no relation
      words, with a figure (a date, an amount): "Iain Pears" named in a sentence about his novel is no birth date
      for "who was born first"; 1 for any other question;
    - ``count_named``: for a "how many" question whose wh-phrase names what is counted (:func:`wh_head_terms`:
      "how many species"), 1 when a number of the lead (not a year) stands within :data:`COUNT_WINDOW` words of
      that noun or a number counts it (:func:`shared.text.quantity.counts`: "8,950 inhabitants" or "a population
      of 8,950" for "how many people"), or, for an amount of a mass noun (:func:`shared.text.quantity.amount_noun`:
      "how much water"), a lead sentence states a figure of a kind it is measured in ("2.4 million litres"), else 0
      (a height in metres is no number of species); 1 for any other question;
    - ``relation_core``: 0 when the relation has words besides those a dated figure or any number says
      (:data:`_DATED_FIGURE_WORDS`, :data:`_FIGURE_NOUN_WORDS`: "annual", "latest", "figure") and the lead holds
      none of them ("electricity", "consumption"), else 1;
    - ``amount_named``: for a question asking an amount of money a thing has as a whole (:func:`amount_nouns`:
      "budget", "revenue", "profit"), 1 when a lead sentence names that amount or a near word of it
      ("expenditure" for "budget", "turnover" for "revenue"), else 0 (a price of another thing, "Entry to the
      Conservatory costs £4", is no budget); and, for any question asking an amount of money, 0 when every lead
      sentence stating one is a by-year table row giving money only in columns the question does not ask
      or an amount naming neither the price asked nor what is paid for (:func:`shared.text.answer.prices_thing_asked`:
      the "prize fund" of a row is no "entry fee"); 1 otherwise.

    A question asking two things in one sentence (:func:`shared.text.answer.question_parts`: "When was X founded and
    who leads it today?") gets each feature's least value over its parts: the lead must state the relation of each.
    """
    question_asks = question_parts(question)
    if len(question_asks) > 1:
        each = [relation_features(part, lead, row_words) for part in question_asks]
        return {k: min(f[k] for f in each) for k in each[0]}
    kind = answer_type(question)
    text = _unmarked(lead or "")
    sents = [s.text for s in split_sentences(text)]
    # a table row's sentence holds the question's words its page gives, and a dated figure the latest / annual words
    # (:func:`_row_and_time_words`)
    extra: dict[str, set[str]] = {}
    before = ""
    for sent in split_sentences(lead or ""):
        plain = _unmarked(sent.text)
        extra[plain] = _row_and_time_words(question, plain, {int(n) for n in re.findall(r"\[(\d+)\]", sent.text)},
                                           row_words)
        if before and implicit_cause(plain):  # a narrative cause holds the words of the event it follows
            extra[plain] |= set(tokenize(before))
        before = plain
    # the function words of a question in another language ("viele", "zum") are no relation words; a question whose
    # relation they alone say ("Seit wann gibt es die Fährverbindung ...?": since when does it exist) asks none the
    # lead must repeat (a ferry that "verkehrt seit 1952" exists since then)
    foreign = question_function_words(question)
    terms = [t for t in relation_terms(question) if t not in foreign]
    who = kind == "who"  # "Who started X?" asks a founding: "run by the council" states none
    leading = who and asks_leadership(terms)
    q_words = set(tokenize(question))

    def share(sentence: str) -> float:
        # a part of a hyphenated compound states no relation ("an open-air pool" opens nothing, founds nothing)
        own = set(tokenize(sentence)) - compound_only(sentence)
        if leading:  # "Who heads X?": "a campaign led to the founding of the trust" leads nothing, nor "runs every hour"
            own -= idle_role_words(sentence, q_words)
        tokens = with_agent_nouns(own | extra.get(sentence, set()), terms)
        tokens = with_compounds(tokens, terms, question)  # "gegründet" states "founded" (shared.text.crosslang)
        # "Fiske O'Hara (March 11, 1878, Rockland – July 12, 1945)": born, died; "The council owns it": owned (the
        # tokenizer drops "owns"); "the foundry cast 7,200 bells": produced
        # ("The Orla Guild founded a museum in 1921" states no founding of the guild: object_asked_against)
        tokens = ((tokens - succession_against(sentence, question) - hosting_against(sentence, question)
                   - ranked_role_against(sentence, question) - ended_role_against(sentence, question)
                   - object_asked_against(sentence, question))
                  | said_relation_words(sentence, question) | dated_origin_words(sentence, question))
        return sum(1 for t in terms if _term_in(t, tokens, who)) / len(terms) if terms else 1.0

    stating = _candidate_sentences(question, sents)
    role = asked_role(question) if who else None
    if role is not None:
        # "Who was the founder of X?": a sentence states the role only by naming one who holds it (a name the
        # question does not give: shared.text.relations.holder_names), not by writing its word ("a run named after
        # the founder")
        stating = [s for s in stating if any(set(tokenize(n)) - q_words for n in holder_names(s, role))]
    if leading and any(t in RELATIONS["leadership"] for t in terms):
        # "Who chairs / heads / leads X?" asks a person holding an office: a sentence naming only bodies ("X is run by
        # the Borough Council through its Markets Committee") names no one who holds it (:func:`_names_person`)
        stating = [s for s in stating if _names_person(s, question)]
    out = {"relation": max((share(s) for s in stating), default=0.0),
           "relation_lead": max(share(text), max((share(s) for s in extra), default=0.0)) if sents else 0.0,
           "options_stated": 1.0, "count_named": 1.0, "purpose_stated": 1.0, "relation_core": 1.0,
           "amount_named": 1.0}
    # the relation's own words, without those a dated figure or any number says ("annual", "latest", "figure"): a lead
    # holding only those ("Year 2019: visitors 31,200" for "the annual electricity consumption") states none of it
    core = [t for t in terms if t not in _DATED_FIGURE_WORDS and t not in _FIGURE_NOUN_WORDS]
    if core and len(core) < len(terms) and sents:
        lead_tokens = with_agent_nouns(set(tokenize(text)) | set().union(*extra.values()), core)
        lead_tokens = with_compounds(lead_tokens, core, question)
        out["relation_core"] = float(any(_term_in(t, lead_tokens, who) for t in core))
    asked_amount = amount_nouns(question)
    if asked_amount and sents:  # a budget asked: an admission price ("Entry costs £4") names no budget
        out["amount_named"] = float(any(
            _term_in(t, with_compounds(set(tokenize(s)) | extra.get(s, set()), list(asked_amount), question))
            for s in sents for t in asked_amount))
    # a by-year row's money is its column's ("Year 2024: entries 77, prize fund £2,600"): no amount of an "entry fee"
    # asked, whose "entry" only the row's count of entries shares; nor is an amount naming neither the price nor what
    # is paid for ("It was £4,200 not £6,000") (shared.text.answer.prices_thing_asked)
    if asked_quantity(question) == ("money",) and sents:
        money = [s for s in sents if states_quantity(numerize(s)[0], ("money",))]
        if money and not any(prices_thing_asked(s, question) for s in money):
            out["amount_named"] = 0.0
    # (or the act paid to do: "pay to land on X" is stated by a "landing fee" or a price table's row, "Ticket Adult:
    # price £6.00", not by prose pricing another thing, a boat crossing's "return ticket": shared.text.answer.paid_act)
    purpose = cost_purpose(question)
    act_only = purpose is None and (purpose := paid_act(question)) is not None
    if purpose is not None:  # the cost of restoring something: a sentence giving another cost (membership's) is none
        # (or another lead sentence citing the same page does: "The works cost €1.8 million [1]. The museum reopened
        # after a fourteen-month restoration of its roof [1]." gives the restoration's cost)
        cites: dict[str, set[str]] = {}
        for sent in split_sentences(lead or ""):
            cites.setdefault(_unmarked(sent.text), set()).update(re.findall(r"\[(\d+)\]", sent.text))
        page_words: dict[str, set[str]] = {}
        for plain, marks in cites.items():
            page_words[plain] = set().union(*(set(tokenize(p)) for p, m in cites.items() if m & marks), set())
        # a ticket's price is what being let in costs: "adult ticket price £7.50" states the price of entry
        # (as is what visiting a place costs: "pay to visit X")
        admission = same_thing(purpose, "entry") or same_thing(purpose, "visit")
        # (a thing paid for named in other words is stated: "day pass" for the "day ticket" asked,
        # shared.text.synonyms.with_synonyms)
        q_terms = tokenize(question)
        out["purpose_stated"] = float(any(_term_in(purpose, with_synonyms(set(tokenize(s)), q_terms, s)
                                                   | page_words.get(s, set()))
                                          or (admission and bool(_TICKET_WORDS & set(tokenize(s))))
                                          or (act_only and row_label(s) is not None)
                                          for s in stating))
    if kind == "comparison":
        options = comparison_options(question)
        said = [[s for s in sents if (own := set(tokenize(o))) and own <= set(tokenize(s))] for o in options]
        stated = [[s for s in ss if not terms or share(s) >= 0.5] for ss in said]
        # a choice by a value (a date, an amount) needs the value of every option; one by an attribute ("follows
        # poetry", "developed in Germany") is stated by the option that has it
        by_value = any(re.search(r"\d", s) for ss in stated for s in ss)
        if not options:
            out["options_stated"] = 0.0
        elif by_value:
            out["options_stated"] = sum(1 for ss in stated if any(re.search(r"\d", s) for s in ss)) / len(options)
        else:
            out["options_stated"] = float(any(ss for ss in stated))
    head = wh_head_terms(question) if kind == "how_many" else []
    nouns = counted_nouns(question) if kind == "how_many" else ()
    if head or nouns:
        found = list(_LEAD_WORD_RE.finditer(text))
        words = [m.group(0) for m in found]
        tokens = [set(tokenize(w)) for w in words]
        asked = {m.group(0) for m in NUMBER_RE.finditer(question)}
        counted = any(counts(s, nouns, periods=per_unit(question) is None) for s in sents)
        # an amount of a mass noun is stated by a figure of the kind it is measured in, whatever words stand near it
        # ("The tank holds 2.4 million litres" for "How much water does the tank hold?")
        counted = counted or (amount_noun(question) is not None and any(
            states_quantity(numerize(s)[0], asked_quantity(question)) for s in sents))
        # a lead counting another noun and never the one asked ("The lecture hall holds 48 seats" for the yearly
        # attendance figure) names no count of what is asked, whatever of the question's words stand near its number
        other = not counted and bool(nouns) and any(other_count(s, nouns) for s in sents)

        def near(i: int, window: int = COUNT_WINDOW) -> set[str]:
            # the words within ``window`` of the number at ``i`` in its own clause: a comma, a semicolon or a
            # sentence's end between them ("record attendance is 41,300, set on Gold Cup day"; "grandstand capacity
            # 18,500, main race ...") parts a number from another phrase's noun
            lo = next((j + 1 for j in range(i - 1, max(0, i - window) - 1, -1)
                       if _CLAUSE_BREAK_RE.search(text, found[j].end(), found[j + 1].start())),
                      max(0, i - window))
            hi = next((j - 1 for j in range(i + 1, min(len(found), i + window + 1))
                       if _CLAUSE_BREAK_RE.search(text, found[j - 1].end(), found[j].start())),
                      min(len(found), i + window + 1) - 1)
            return set().union(*tokens[lo:hi + 1])

        def named(i: int, kind_of: tuple[str, ...]) -> bool:
            # the asked noun stands near the number; an amount of the kind asked ("£600,000" for "how much prize
            # money") is named by its own clause, however long its subject ("The prize money for the Vellmark
            # Silver Bowl at Ostrey Racecourse has been raised to £600,000")
            if any(_term_in(h, near(i)) for h in head):
                return True
            return bool(set(kind_of) & measured) and any(_term_in(h, near(i, len(found))) for h in head)

        # (a number of a measured kind the question does not ask, "3,200 metres" or "£450,000" for "how many race
        # days", is no count of the nouns it counts; "£2,600" is an amount of "how much prize money", "415 metres" a
        # gap of "by how much", which count no noun)
        measured = set(asked_quantity(question))
        out["count_named"] = float(counted or (not other and any(
            NUMBER_RE.fullmatch(w) and w not in asked and not _YEAR_ONLY_RE.fullmatch(w)
            and (not nouns or (kind_of := figure_kind(text, found[i].start(), found[i].end())) in ((), ("count",))
                 or bool(set(kind_of) & measured))
            and named(i, figure_kind(text, found[i].start(), found[i].end()))
            for i, w in enumerate(words))))
    return out


#: a subject the question describes by what it did instead of naming it: "the woman who started Varnö's honey
#: cooperative", "the engineer that designed the bridge" (an article, at most two words, "who" / "that", the verb)
_DESCRIBED_RE = re.compile(r"\b(?:the|a|an)\s+(?:[^\W\d_]+\s+){1,3}?(?:who|that)\s+(?P<verb>[^\W\d_]+)\b")



def described_relations(question: str) -> tuple[str, str] | None:
    """``(the verb that describes the subject, the relation word asked of it)`` when ``question`` asks a relation
    (a word of :mod:`shared.text.relations`' lexicon) of a subject it describes by another relation instead of naming
    it: "Where was the woman who started Varnö's honey cooperative born?" -> ``("started", "born")``; "When did the
    engineer that designed the Merrow Bridge die?" -> ``("designed", "die")``; a subject named by its role for a
    named thing (:func:`shared.text.relations.role_bridge`) gives the role noun: "Where was the founder of the
    Korvanne Glassworks born?" -> ``("founder", "born")``. None when it names its subject or
    asks no other relation of it ("Who founded the guild?", "What is the name of the man who founded it?"). Never
    raises."""
    q = " ".join((question or "").split())
    m = _DESCRIBED_RE.search(q)
    if m is None or m.group("verb").casefold() in AUXILIARIES or not relation_of(m.group("verb")):
        role = role_bridge(q)  # "Where was the founder of the Korvanne Glassworks born?" -> ("founder", "born")
        return (role[0], role[2]) if role is not None else None
    verb = m.group("verb")
    asked = [w for w in re.findall(r"[^\W\d_]+", q[:m.start()] + " " + q[m.end():])
             if relation_of(w) and not same_relation(w, verb) and w.casefold() != verb.casefold()]
    return (verb, asked[-1]) if asked else None


def other_holder(question: str, sentence: str, bridges: Iterable[str] = ()) -> bool:
    """Whether ``sentence`` (its markers ``[n]`` aside) states the relation ``question`` asks of someone else than
    the one the question names by a role (:func:`shared.text.relations.role_bridge`: "Where was the founder of the
    Korvanne Glassworks born?"): it states the relation asked ("born", in any form or word of its relation) and
    neither states the role of the thing named (the first hop: "The Korvanne Glassworks was founded in 1874 by
    Aurel Dunmore") nor names one of ``bridges`` (the names of the role holder a lead sentence gave; a bridge all
    of whose words the question gives, "Korvanne", names no holder). "The museum's
    director is Petra Olmstead, an art historian born in Galloway Reach" is another person's birthplace, no
    finding about the founder. False for a question naming no role this way. Never raises."""
    found = role_bridge(question)
    if found is None:
        return False
    role, thing, asked = found
    text = _unmarked(sentence or "")
    toks = set(tokenize(text))
    words = re.findall(r"[^\W\d_]+", text)
    if not verb_held(asked.casefold(), toks) and not any(same_relation(asked, w) for w in words):
        return False
    if set(tokenize(thing)) <= toks and any(same_relation(role, w) for w in words):
        return False
    # a bridge is a name the question does not give: "Korvanne" of the thing's name names no holder
    q_tokens = set(tokenize(question))
    return not any(b <= toks for b in (set(tokenize(b)) for b in bridges) if b and not b <= q_tokens)


def bridge_subject(question: str, lead: str, lead_titles: dict[int, str]) -> float:
    """Whether the lead's answer is about the subject the question describes (1.0), or about another (0.0).

    For a question that asks a relation of a subject it describes (:func:`described_relations`: "Where was the
    woman who started Varnö's honey cooperative born?"), a lead sentence stating the describing relation
    ("... was founded in 1911 by ... Ingrid Solberg-Hale") names that subject: each name (:func:`find_entities`) it
    gives that the question does not is the bridge. The lead answers only when a sentence naming a bridge (in its
    words or the titles of the pages it cites: ``lead_titles``, marker -> title) states the relation asked
    ("Ingrid Solberg-Hale was born ... in Tofthamn"; "born" held by "birthplace" too). 0.0 when a bridge is named
    and no such sentence is there (another thing's place, "Varnö's main town is Kvarnvik", is no answer about the
    founder); 1.0 when the question describes no subject this way or the lead names no bridge."""
    described = described_relations(question)
    if described is None:
        return 1.0
    verb, asked = described
    q_tokens = set(tokenize(question))
    sents = [s.text for s in split_sentences(lead or "")]
    bridges: list[set[str]] = []
    for sent in sents:
        text = _unmarked(sent)
        if any(same_relation(w, verb) for w in re.findall(r"[^\W\d_]+", text)):
            # the doer named after "by" too ("founded by Adelina Ferrante-Moro, Giacomo Ferrante's granddaughter",
            # which a name finder reads as one name: shared.text.relations.agent_names)
            bridges += [toks for e in [*agent_names(text, verb), *find_entities(text)]
                        if (toks := set(tokenize(e))) and not toks <= q_tokens]
    if not bridges:
        return 1.0
    for sent in sents:
        titles = " ".join(lead_titles.get(int(n), "") for n in re.findall(r"\[(\d+)\]", sent))
        words = set(tokenize(_unmarked(sent) + " " + titles))
        words |= life_words(sent)  # "(3 March 1921 – 9 November 2004)": a birth and a death
        if any(b <= words for b in bridges) and (
                asked.casefold() in words or set(tokenize(asked)) <= with_relations(words, tokenize(asked))
                # a phrasal verb asked ("pass away") is held by its relation's words ("died"), never by its verb alone
                or (" " in asked and (any(same_relation(asked, w) for w in re.findall(r"[^\W\d_]+", sent))
                                      or _says_phrasal(asked, sent)))):
            return 1.0
    return 0.0


def _says_phrasal(phrase: str, text: str) -> bool:
    """Whether ``text`` writes the phrasal verb ``phrase`` ("pass away") in a form of its verb followed by its particle
    ("passed away"), not its verb alone ("expects to pass 40,000"). False for a phrase of one word. Never raises."""
    parts = phrase.split()
    if len(parts) != 2:
        return False
    return any(phrasal_relation(v, p) is not None and p.casefold() == parts[1].casefold()
               and same_relation(f"{v} {p}", phrase)
               for v, p in re.findall(r"([^\W\d_]+)(?=\s+([^\W\d_]+))", text or ""))


#: the words of a ticket, whose price is the price of entry or admission (:func:`relation_features`, ``purpose_stated``)
_TICKET_WORDS = frozenset(tokenize("ticket tickets"))


def relation_missing(question: str, features: dict[str, float]) -> bool:
    """Whether the lead says nothing of the relation the question asks about (:func:`relation_features`): the
    question has relation words and none of them is in the lead, nor in a sentence of it stating a candidate
    (``relation`` and ``relation_lead`` 0), or it asks "how many" of a noun that stands by no number of the lead
    (``count_named`` 0), or it asks the cost of an act (:func:`shared.text.answer.cost_purpose`: "to restore the
    rock garden") that no lead sentence stating an amount states (``purpose_stated`` 0: "Membership costs 25
    crowns" is no cost of the restoration), or the lead holds of the relation's words only those a dated figure or
    any number says (``relation_core`` 0: "annual" of "Year 2019: visitors 31,200" for "the annual electricity
    consumption"). Yes/no questions and comparisons are never held back here: a comparison's options are
    weighed one by one (``options_stated`` is reported as a signal), nor is a comparison of one thing at two years
    (:func:`compared_years`: "How did the catch in 2023 compare with 2022?"; its lead's two figures answer it)."""
    kind = answer_type(question)
    if compared_years(question) is not None:
        return False
    if kind == "comparison":
        return features.get("options_held", 1.0) <= 0.0
    if kind in ("yes_no", "none"):
        return False
    # who did something is the doer the sentence stating it names: a name in one lead sentence ("X is a pool in the
    # town of Ashcombe") and the relation in another ("X opened in 1934") say no one did it
    return (bool(relation_terms(question)) and features.get("relation", 1.0) <= 0.0
            and (kind == "who" or features.get("relation_lead", 1.0) <= 0.0)) or features.get("count_named", 1.0) <= 0.0 \
        or features.get("relation_names", 1.0) <= 0.0 or features.get("purpose_stated", 1.0) <= 0.0 \
        or features.get("relation_core", 1.0) <= 0.0 or features.get("amount_named", 1.0) <= 0.0


#: amounts of money a thing has as a whole (shared.text.quantity.AMOUNT_FAMILIES)
_AMOUNT_FAMILIES = AMOUNT_FAMILIES
_AMOUNT_ASKED_RE = re.compile(r"\b(?:" + "|".join(sorted({w for f in _AMOUNT_FAMILIES for w in f if w not in (
    "pay", "earns", "earned", "sales", "assets", "expenses", "receipts", "spent")}, key=lambda w: (-len(w), w))) + r")\b",
    re.IGNORECASE)


def amount_nouns(question: str) -> tuple[str, ...]:
    """The :func:`tokenize` tokens by which a lead sentence may name the amount of money ``question`` asks of a thing
    as a whole (:data:`_AMOUNT_FAMILIES`): "What was the garden's total operating budget in 2023?" -> the tokens of
    "budget", "spending", "expenditure" ...; "How much revenue did the mill make?" -> those of "revenue",
    "income", "turnover" .... () when it asks no such amount (a price, a cost, a count: a price is stated by any
    sentence giving the thing's amount, "Entry costs £4"), or asks yes/no. Never raises."""
    q = question or ""
    if answer_type(q) in ("yes_no", "none", "comparison"):
        return ()
    asked = {m.group(0).casefold() for m in _AMOUNT_ASKED_RE.finditer(q)}
    words = {w for f in _AMOUNT_FAMILIES if f & asked for w in f}
    return tuple(sorted({t for w in words for t in tokenize(w)}))


def extreme_missed(question: str, lead: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo]) -> bool:
    """Whether a superlative question's lead leaves out the thing holding the extreme: the supported claims (with
    their pages' titles) decide which thing holds it (:func:`services.synthesizer.verdicts.decide_extreme`: "A Night
    at the Fair", 42 marionettes on stage, among a table's five rows), and no winner is named in the lead with its
    value (a lead giving the row "The Clockmaker's Daughter: ... marionettes on stage 27" states a value, but not
    the most). False when the question is no superlative or the claims do not decide it (values in different
    units, fewer than two things). Never raises."""
    flat = " ".join((lead or "").split()).casefold()
    if not flat:
        return False
    held = [c for c in claims if c.verdict == "supported" and c.spans]
    titles = [sources[str(c.source_id)].title if str(c.source_id) in sources else "" for c in held]
    extreme = decide_extreme(question, [c.text for c in held], titles, list(range(len(held))))
    if extreme is None:
        return False
    digits = re.compile(r"\d[\d,.]*")
    return not any(name.casefold() in flat and all(d in flat for d in digits.findall(value))
                   for name, value in zip(extreme.names, extreme.values))


def minority_value(disagreement: Disagreement, claims: Sequence[VerifiedClaim], lead_ids: set[str]) -> bool:
    """Whether every value of ``disagreement`` (indices into ``claims``) that a lead claim gives (its id among
    ``lead_ids``) is given by fewer distinct sources than another of its values: "1938 [1]; 1962 [2]; 1962 [3]" with
    the lead citing the 1938 claim. Values are compared as written, case and spacing folded. False when no lead
    claim gives a value of it, or the lead's value has as many sources as any other."""
    sources: dict[str, set[str]] = {}
    for k, shown in disagreement.values:
        sources.setdefault(" ".join(shown.split()).casefold(), set()).add(str(claims[k].source_id))
    led = {" ".join(shown.split()).casefold() for k, shown in disagreement.values
           if str(claims[k].claim_id) in lead_ids}
    most = max((len(s) for s in sources.values()), default=0)
    return bool(led) and all(len(sources[v]) < most for v in led)


def answer_disputed(question: str, disagreement: Disagreement, texts: Sequence[str] = ()) -> bool:
    """Whether ``disagreement`` is about the answer ``question`` asks for: at least two of its values state a
    candidate of the type asked (:func:`answer_candidates`: two years for "when", two amounts for "how many", two
    names for "who"). Years a page gives for a game's first edition do not dispute the name of its adventure, nor two
    places the name of a person: the lead's answer stands, and the report says the sources disagree on that other
    value. For comparisons, yes/no questions and questions of no type every disagreement counts (the values
    decide the choice or the verdict), and so does one on figures for a question comparing one thing at two years
    (:func:`compared_years`). On the tuning questions (HotpotQA dev200 100-199) and the building split
    ``hotpotqa_dev_distractor_first53`` every answered report whose disagreement was of another kind held the
    answer. ``texts``: the texts of the claims the disagreement's value indices point into, when known: a value
    read as a gradient of its sentence ("58 %" of "maximum gradient 58 %": :func:`gradient_value`) answers "How steep
    is it?". A question asking several things in one sentence (:func:`question_parts`) is disputed on the values
    any of its parts asks ("Which bell weighs the most, and how heavy is it?": two weights; task h14)."""
    kind = answer_type(question)
    if kind == "comparison" and comparative(question, comparison_options(question))[1] in ("early", "late"):
        return disagreement.kind in ("year", "date")  # a choice by age: only its options' dates dispute it
    if kind in ("comparison", "yes_no", "none"):
        return True
    if compared_years(question) is not None and disagreement.kind not in ("year", "date", "name"):
        return True  # "How did the catch in 2023 compare with 2022?": the figures compared are the answer
    gradient = "gradient" in asked_quantity(question)
    # each question a sentence asks ("Which bell weighs the most, and how heavy is it?": which, and a figure)
    asks = [(kind, question), *((answer_type(p), p) for p in question_parts(question) if p != question)]
    return sum(1 for i, value in disagreement.values if any(answer_candidates(value, k, q) for k, q in asks) or (
        gradient and 0 <= i < len(texts) and gradient_value(value, texts[i]))) >= 2


def answered_probability(features: dict[str, float]) -> float:
    """The calibrated probability (0-1) that the report answers the question: the logistic function of
    :data:`CALIBRATION_INTERCEPT` + the sum of :data:`CALIBRATION` x ``features`` (a missing feature counts 0)."""
    z = CALIBRATION_INTERCEPT + sum(w * _clamp(features.get(k, 0.0)) for k, w in CALIBRATION.items())
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


#: a figure question whose named thing is its verb's subject ("How many beds does the Brennalm Hut have?", "How tall
#: is the Orm Tower?"): the figure asked is that thing's own
_NAMED_SUBJECT = r"^\s*(?:how|what)\b.*?\b(?:does|do|did|is|are|was|were|has|have|had|can|could)\s+(?:the\s+)?"


def others_figure_lead(question: str, lead: str) -> bool:
    """Whether every sentence of ``lead`` (the report's opening, citations allowed) that states a value of the type
    ``question`` asks (:func:`shared.text.answer.answer_candidates`; a figure type of :data:`FIGURE_TYPES`) opens
    with a name of its own that holds none of the question's names (``others_figure``: "The Kaltfirn Hut: beds 48."),
    when the question asks the figure of the thing it names as its verb's subject (:data:`_NAMED_SUBJECT`). Such a
    lead states another thing's value, not the answer. False when no sentence states a value, or the question names
    no such subject (a figure of a thing the question describes by a relation may open with that thing's name)."""
    kind = answer_type(question)
    if kind not in FIGURE_TYPES:
        return False
    names = [e for e in find_entities(question) if tokenize(e)]
    if not any(re.search(_NAMED_SUBJECT + re.escape(e) + r"\b", question, re.IGNORECASE) for e in names):
        return False
    q_names = [set(tokenize(e)) for e in names]
    stating = [s.text for s in split_sentences(_unmarked(lead or ""))
               if answer_candidates(s.text, kind, question)]
    return bool(stating) and all(others_figure(s, q_names) for s in stating)


def other_year_lead(question: str, lead: str) -> bool:
    """Whether ``question`` asks a figure of a year it names (a figure type of :data:`FIGURE_TYPES`: "How many crews
    entered the regatta in 2024?") and every sentence of ``lead`` (the report's opening, citations allowed) stating a
    value of that type (:func:`shared.text.answer.answer_candidates`) dates its figure to another year by a time
    frame or a table row's label (:func:`shared.text.entailment.framed_year`: "Year 2022: crews entered 412." or "In
    2025 the junior regatta received 268 crew entries."): the figure of another year is no answer for the year asked.
    The years asked are those framing the figure asked (:func:`shared.text.answer.asked_years`: not a year of an
    aside about the thing named, "..., founded in 1887, ..."); a frame of several years dates its figure to each
    (:func:`shared.text.entailment.framed_years`: "In 2023 and 2024 ...") in each of its clauses
    (:func:`shared.text.entailment.clause_framed_years`). A name asked of a year ("Who won the 2024
    Kestwick Prize?", "Which book won it in 2022?") is of another year when every sentence stating a name writes
    no year asked and dates it to another (:func:`shared.text.answer.name_of_other_year`: "the 2025 Kestwick Prize", "latest winner").
    False when no sentence states a value, one states it undated or of a year asked, or the question asks of no
    year. Never raises."""
    kind = answer_type(question)
    asked = asked_years(question or "")
    if kind not in (*FIGURE_TYPES, *NAMED_YEAR_TYPES) or not asked:
        return False
    stating = [s.text for s in split_sentences(_unmarked(lead or "")) if answer_candidates(s.text, kind, question)]
    if kind in NAMED_YEAR_TYPES:
        return bool(stating) and all(name_of_other_year(s, asked) for s in stating)
    # (each clause dates its own figure: "By 1820 it employed 140 workers, and in 1880 the workforce reached 455"
    # gives a figure of 1880 too)
    years = [clause_framed_years(s) for s in stating]
    return bool(years) and all(ys and not asked.intersection(ys) for ys in years)




#: a sentence's subject when it is a bare description, after a dated phrase or a past time frame that may open it
#: (:data:`shared.text.quantity.PAST_FRAME`): "By 1912 the network reached ..." -> "network", "At its peak the academy
#: had ..." -> "academy", "The tram network employed ..." -> "network" (its noun is the last lower-case word
#: before a verb in the past or third person, or a form of "be" / "have")
_DESCRIBED_OPENING = re.compile(
    r"^(?:(?:by|in|until|till|from|since|during|around|about|at\s+the\s+end\s+of)\s+[^,.;]{0,40}?\b(?:1[5-9]|20)\d\d"
    rf"\b,?\s+|(?:{PAST_FRAME}|once),?\s+)?(?:the|its|their)\s+(?:[a-z][\w-]*\s+){{0,2}}?(?P<noun>[a-z][\w-]*)\s+"
    r"(?:[a-z]+ly\s+)?"
    r"(?:[a-z]+ed|[a-z]+[^s\W]s|is|was|are|were|has|had|have)\b", re.IGNORECASE)


#: nouns a page may call a thing of almost any kind by ("The company employs 80 staff" of the Kessin Brewery)
_ANY_KIND_NOUNS = frozenset("company companies firm business organisation organization institution group enterprise "
                            "operator venue site attraction building place facility body establishment centre center "
                            "project society trust charity foundation association owner owners".split())


def others_count_lead(question: str, lead: str) -> bool:
    """Whether every sentence of ``lead`` (citations allowed) that counts what a "how many" ``question`` counts
    (:func:`shared.text.quantity.counts` of :func:`shared.text.quantity.counted_nouns`: "212 staff" for "How many
    employees ...") counts it for another kind of thing than the one the question names as its verb's subject
    (:data:`_NAMED_SUBJECT`: "the Velmora Tram Museum"): the sentence does not write that name, and its subject is
    a bare description (:data:`_DESCRIBED_OPENING`: "By 1912 the network ... employed 212 staff") whose noun is a
    plain English word that is neither the name's last word (its kind, "museum") nor a word of it nor the same
    thing (:func:`shared.text.synonyms.same_thing`) nor a noun for a thing of any kind (:data:`_ANY_KIND_NOUNS`:
    "the company"). The name's last word must be a plain English word too (a
    name whose kind it does not say, "Microsoft", may be called "the company"). False when no sentence counts it.
    Never raises."""
    if answer_type(question) != "how_many":
        return False
    nouns = counted_nouns(question)
    names = [e for e in find_entities(question) if tokenize(e)
             and re.search(_NAMED_SUBJECT + re.escape(e) + r"\b", question, re.IGNORECASE)]
    if not nouns or len(names) != 1:
        return False
    name = names[0]
    head = name.split()[-1].casefold()
    if not (head.isalpha() and is_plain_english(head)):
        return False
    own = set(tokenize(name))
    counting = [s.text for s in split_sentences(_unmarked(lead or "")) if counts(s.text, nouns)]

    def of_other(sentence: str) -> bool:
        if own <= set(tokenize(sentence)):
            return False
        m = _DESCRIBED_OPENING.match(sentence.strip())
        if m is None:
            return False
        noun = m.group("noun").casefold()
        return is_plain_english(noun) and noun != head and not (set(tokenize(noun)) & own) \
            and not same_thing(noun, head) and noun not in _ANY_KIND_NOUNS

    return bool(counting) and all(of_other(s) for s in counting)


#: a verb of giving a home, right after a thing's name: "The Otter Cove houses four sea otters", "Penguin Beach is
#: home to 35 penguins"
_HOUSING_RE = re.compile(r"\s+(?:now\s+)?(?:houses|housed|shelters|sheltered|(?:is|are|was|were)\s+home\s+to)\b",
                         re.IGNORECASE)


def housed_part_lead(question: str, lead: str, titles: dict[int, str]) -> bool:
    """Whether every sentence of ``lead`` (citations ``[n]`` allowed) counting what a "how many" ``question`` counts
    (:func:`shared.text.quantity.counts` of :func:`shared.text.quantity.counted_nouns`) opens with the name of a
    part named for what it houses and says it houses them (:data:`_HOUSING_RE`: "The Otter Cove houses four sea
    otters", "Penguin Beach is home to 35 penguins"), on a page it cites (``titles``: marker -> the page's title)
    whose title names a thing the question names: the enclosure of the asked zoo where those animals live, so its
    count is the zoo's, though it opens with a name of its own (:func:`others_figure_lead`, :func:`others_count_lead`
    then hold nothing back). A name not made of the counted noun ("The Fenna Lock Flight has nine locks": a part
    holding some of the canal's locks; "The Kaltfirn Hut: beds 48") is none. False when no sentence counts it."""
    if answer_type(question) != "how_many":
        return False
    nouns = counted_nouns(question)
    heads = set(tokenize(nouns[-1])) if nouns else set()
    q_names = [own for e in find_entities(question) if (own := set(tokenize(e)))]
    if not heads or not q_names:
        return False
    counting = [s.text for s in split_sentences(lead or "") if counts(_unmarked(s.text), nouns)]

    def housed(sentence: str) -> bool:
        text = _unmarked(sentence).strip()
        name = opening_name(text)
        at = text.find(name) if name else -1
        own = set(tokenize(name or ""))
        pages = [titles[int(n)] for n in re.findall(r"\[(\d+)\]", sentence) if int(n) in titles]
        return at >= 0 and _HOUSING_RE.match(text, at + len(name or "")) is not None \
            and any(same_stem(h, w) for h in heads for w in own) \
            and any(n <= set(tokenize(t)) for t in pages for n in q_names)

    return bool(counting) and all(housed(s) for s in counting)


#: answer types whose value a sentence states of the thing it opens with ("The Palm House was designed by Edda
#: Vranck": its designer, its date, its place); figure types are :func:`others_figure_lead`'s
_SUBJECT_TYPES = frozenset(("who", "when", "where"))
#: after a sentence's opening name, a verb of its own and its object: the name is who acted on the thing the object
#: names ("Bill Gates founded the company in 1975"), so the sentence may be about the thing asked, called by its kind
_AGENT_AFTER = re.compile(r"\s+(?:[a-z]+ly\s+)?(?P<verb>[a-z]+)\s+(?:the|a|an|it|its|his|her|their|this|that)\b")
_BE_HAVE = frozenset("is are was were be been being has have had".split())


def page_other_lead(question: str, sentence: str, titles: dict[int, str]) -> bool:
    """Whether lead ``sentence`` (citations ``[n]`` allowed; ``titles``: marker -> the cited page's title) cites only
    pages whose own named thing it is about, another thing than ``question`` names though the names share a word
    (:func:`services.synthesizer.offline.of_page_other`: "The West Face (ED) was first climbed in 1946 [1]." on the
    page "Kestrel Horn" for "When was Kestrel Spire first climbed?"). False when it cites no page of ``titles``.
    Never raises."""
    cited = [titles[int(n)] for n in re.findall(r"\[(\d+)\]", sentence) if int(n) in titles]
    text = _unmarked(sentence)
    return bool(cited) and all(of_page_other(question, text, t) for t in cited)


def others_subject_lead(question: str, lead: str) -> bool:
    """Whether every sentence of ``lead`` (the report's opening, citations allowed) that states a value of the type
    ``question`` asks (a "who", "when" or "where" question: :func:`shared.text.answer.answer_candidates`) together
    with the relation it asks (:func:`shared.text.answer.relation_terms`, also in other words: "established" for
    "founded") states it of another named thing than the one asked (:func:`_of_other`): "The Palm House was designed
    by the architect Edda Vranck" for "Who designed the Temperate House?", "The Osterby Botanic Garden was
    established in 1902" for "When was the seed bank founded?". The thing asked is the name the question asks the
    relation of (:func:`shared.text.answer.relation_subject`) or the common noun phrase in its place
    (:func:`shared.text.answer.relation_noun`: "the seed bank"). False when no sentence states such a value, or the
    question asks the relation of a thing it only describes (the bridge: "Who founded the company that makes X?")."""
    kind = answer_type(question)
    if kind not in _SUBJECT_TYPES:
        return False
    name = relation_subject(question)
    noun = None if name is not None else relation_noun(question)
    asked = relation_terms(question)
    if (name is None and noun is None) or not asked:
        return False

    def relates(text: str) -> bool:
        own = set(tokenize(text))
        return bool(set(asked) & with_relations(own, asked, text)) or any(
            verb_held(t, own) for t in asked if " " not in t)

    stating = [s.text for s in split_sentences(_unmarked(lead or ""))
               if answer_candidates(s.text, kind, question) and relates(s.text)]
    return bool(stating) and all(_of_other(s, name, noun, kind, question) for s in stating)


def _of_other(sentence: str, name: str | None, noun: str | None, kind: str, question: str) -> bool:
    """Whether ``sentence`` states its value of another named thing than the one ``question`` asks about (``name``,
    or ``noun``, the common noun phrase the question names it by): it opens with a name of its own
    (:func:`services.synthesizer.offline.opening_name`) that is not who acted on a thing its object names ("Bill
    Gates founded the company", :data:`_AGENT_AFTER`), nor, for a "who" question, the agent the sentence gives
    (a who-candidate with no "by ..." after it), and it does not write the thing asked. Against a name: the opening
    name's first word is not the asked name's and holds none of it ("Palm House" for the Temperate House, "Osterby
    Botanic Garden" for the Oskerby Botanic Garden; not "Harlowe Canal Co." for the Harlowe Canal Company). Against
    a common noun: the opening name ends in a plain English word naming another kind of thing ("Osterby Botanic
    Garden" for "the seed bank"; not "Microsoft" for "the company", whose kind its name does not say)."""
    if name is not None and described_other(sentence, question):
        return True  # "The former timber beacon was designed by Ada Lenz": a thing the page sets apart from its own
    opening = opening_name(sentence)
    if opening is None:
        return False
    after = sentence[sentence.find(opening) + len(opening):]
    agent = _AGENT_AFTER.match(after)
    if agent is not None and agent.group("verb") not in _BE_HAVE:
        return False  # "Bill Gates founded the company ...": the name acted on the thing asked, said by its kind
    own = tokenize(opening)
    if kind == "who" and opening in answer_candidates(sentence, "who", question) \
            and not re.search(r"\bby\b", after):
        return False  # "Edda Vranck designed the glasshouse": the opening name is who did it
    asked = tokenize(name) if name is not None else tokenize(noun or "")
    # a name or noun written in another language ("Das Palmenhaus" of the Palm House: shared.text.crosslang)
    words = set(tokenize(sentence))
    words |= held_terms(words, asked)
    if name is not None:
        own_held = set(own) | held_terms(set(own), asked)
        return bool(asked) and not set(asked) <= words and own[0] not in asked and asked[0] not in own_held
    head = (noun or "").split()[-1:]
    kind_word = opening.split()[-1]
    return bool(head) and kind_word[:1].isupper() and is_plain_english(kind_word.casefold()) \
        and not same_thing(kind_word.casefold(), head[0]) and not any(same_thing(head[0], w) for w in words)
