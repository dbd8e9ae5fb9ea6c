"""Synthesizer engine: a long-form Markdown report from verified claims, written section by section.

1. The supported claims with evidence spans are ranked (``rank_claims``), near-duplicates dropped, and given
   ids ``c1``, ``c2``, ... in rank order; as many as fit the smallest context window of the ``synthesizer``
   role's models are shown to it.
2. **Outline** (:class:`~shared.llm.schemas.OutlineAnswer`): a title, 2-6 sections (the first answers the
   question) each naming the claim ids it uses, and the words for "Sources" and "What is missing", all in the
   report's language (the offline engine's words are published whenever the language has them,
   ``services.synthesizer.offline.report_words``; the model's only for another language: step 5).
   Unknown ids are ignored; a section left without a known id is dropped. Every title and heading the model
   wrote is sanitised before it is published (:func:`sanitize_heading`: no links, URLs, HTML, claim ids or
   ``[n]``, at most 120 characters on one line); one left empty, or a section heading that reads as the
   report's Sources / What-is-missing heading, gets the report's own word.
3. **Sections**, one call each (concurrently): the section's prose in the report's language, every sentence
   ending with the ids of the claims it rests on (``[c3]`` or ``[c3][c5]``). Each call has its own output
   limit, so a report is as long as its sections, whatever one call's limit; a section cut at the limit is
   continued by the model that wrote it (at most ``MAX_CONTINUATIONS`` times, stopping when a continuation
   repeats itself).
4. **Grounding, by code**: links, URLs and any ``[n]`` the model wrote are removed, and a marker standing alone
   joins the sentence before it. A sentence is dropped when it cites an unknown id (only unknown ids: an
   invented citation; unknown beside known ones: the invented citation taints the sentence), when it cites known
   ids but is not supported by them (``_supported``, strict: every token, names, number words, "nineteen
   eighty-five" and month names included, is a word of the claims it CITES, not of the section's other claims;
   only the short ``CONNECTIVES`` list ("also", "however", "including", "known", ...: no fact-bearing word, not
   "allegedly", "later" or "died") is free; every number is a cited claim's, and stands by the same words there:
   its nearest content word(s) within ``NUMBER_WINDOW`` (3) tokens must be within 3 tokens of that number in one
   cited claim, so swapped years are caught; a sentence citing several claims may draw its words from all of
   them), when it has no id and names anything (a capitalised word after the first, a quoted title), holds a
   number, number word or ordinal, or has a word that is not the section's claims', when it says the
   opposite of its claims (the cited ones, or the section's for an uncited sentence: a negation cue no claim has,
   ``shared.text.language.negation_cues``, e.g. "is not a song by Rush"; or no claim supports it while one
   contradicts it by ``shared.text.entailment.entailment``: a different number or ordinal, "first" for
   "third", swapped titles or names, an antonym, a lost negation), when it is made mostly of the prompt's
   own instructions (an echoed template), and when it repeats a sentence already kept, word for word or nearly
   (``NEAR_IDENTICAL``; a sentence that only shares names with a kept one passed every check and stays).
   When in doubt a sentence is dropped: a paraphrase with a synonym ("entered" for "inducted") or a word from
   another claim ("the band" when the cited claim says "Rush") is lost, and a section left without a cited
   sentence is written extractively (step 6).
   Ordinals count as numbers: "the first single" needs a claim saying "first" (or "1st"). A sentence left with no
   content word once links and marks are gone ("Also see and and (") is unsupported, so dropped. Each known id
   becomes ``[n]``, ``n`` numbering sources in order of first citation, and a
   :class:`~services.synthesizer.offline.Citation` (claim id, source, the claim's first evidence span with
   offsets) is built for it.

   Words match when equal or when they share a stem (a common prefix of at least 4 letters and all but 2 letters
   of the shorter word: "drummed"/"drummer", "Canada"/"Canadian"); numbers match by their digits ("1,000" is
   "1.000" is "1000").

   *Cross-language*: when the cited claims are clearly in another language than the report (a Vietnamese
   report from English sources, ``shared.text.language.foreign_language`` on the claims' text) word matching
   cannot work, so a sentence that fails it is judged by what survives translation, its anchors only: every
   number must be a cited claim's number, at least ``MIN_ANCHORS`` (2) of its words must be words of ONE cited
   claim (anchors: names, numbers, terms kept as is), every name-like word (capitalised, not the sentence's
   first word, written in the claims' script: "Canada", "Grammy", "Moon") must be a word of the CITED claims
   (accents ignored; German capitalises nouns: more than half there), and it may be at most
   ``MAX_CROSS_LENGTH`` (1.6) times as long as its cited claims (a CJK character counting ``CJK_WEIGHT``, 3).
   **Limit**: these checks cannot catch a mistranslated common word ("ca sĩ chính", lead singer, for
   "drummer"; "bị sát hại", murdered; "lớn tuổi nhất", oldest; swapped roles): such sentences are counted in
   ``SynthOutcome.cross_language_sentences`` so that the caller can say the report holds prose verified on
   anchors only. A negation cue of the report's language
   (``shared.text.language.NEGATION_CUES``: "không", "nicht", "не", 不, ...) drops the sentence when its
   claims negate nothing.
   Its other words are in the report's language and cannot be checked against the claims: this is weaker than
   the same-language check, so filler is dropped too: a sentence with fewer than ``MIN_ANCHORS`` anchors (e.g.
   every name transliterated into another script, or "Theo nguồn, đây là một sự thật được ghi nhận về The
   Kristen"), and every sentence of a frame (its words that are
   neither the claims' nor names, ``TEMPLATE_WORDS`` or more) that ``TEMPLATE_REPEATS`` (3) or more kept
   sentences share, near enough (``TEMPLATE_SIMILARITY``). An answer sent as a JSON string (quoted, with
   backslash escapes) is decoded before any of this.
5. **Language**: a section answer whose kept prose (or, when that is under 40 letters, whole answer) is clearly in
   another language than the report (``foreign_language``: 40 letters or more) is junk like the others below,
   and counted in ``SynthOutcome.off_language``; when a section ends extractive for that reason the stage is
   degraded with "the synthesizer model wrote in en, report language vi: ...". The outline's title and headings
   are tested together, then one by one (from 12 letters, so "Research report. Answer. Background." is caught in
   a Vietnamese report): one clearly in another language is replaced by the report's own words
   (``report_words``): the title by the default title, the first section's heading by the word for "Answer",
   the others by the word for "Findings" (numbered when several are replaced): the claims' source titles would
   be in the sources' language, not the report's. Whatever the language, a title or heading saying more than
   its claims is replaced the same way (``_heading_grounded``: more than ``MAX_HEADING_WORDS`` (8) words, a
   word or number that is not the claims' — the title's: the question's or any shown claim's; a heading's: its
   section's — beside generic heading words such as "Answer", "Background", the report's own words): "Neil
   Peart was murdered in Port Dalhousie in 1999" is not published. The Sources and What-is-missing headings
   are always the table's words when the language has them; otherwise the model's when at most
   ``MAX_FIXED_HEADING_WORDS`` (4) words without a digit. ``SynthOutcome.localized_headings`` counts the
   replacements.
6. **Fallthrough**: a section whose answer keeps no cited sentence after grounding (junk: no ids, only invented
   ids, unsupported statements, an echoed template, a refusal, another language), or, across languages, loses
   more than ``MAX_CROSS_LOSS`` (half) of its sentences (``SynthOutcome.thin_answers``; what is left of such an
   answer is not trusted; a section ending extractive for that reason degrades the stage), is asked again of the
   ``synthesizer`` role's **next** model, the one after the model that answered (``skip_models`` of the
   gateway), and so on down the role's route: at most one ask per usable model, so the loop is bounded by the
   route's length. Only when every model gave junk (or the gateway failed) is the section written extractively
   (the claims' own sentences with ``[n]``). ``SynthOutcome.fallthroughs`` counts the re-asks; every call is
   recorded by the gateway as usual.

The code is split along these steps: this module plans the outline and runs the steps (:func:`write_report`);
:mod:`services.synthesizer.writing` asks for, continues and falls through each section and assembles the report
(steps 3 and 6); :mod:`services.synthesizer.grounding` holds the sentence checks (step 4, :func:`ground_section`);
:mod:`services.synthesizer.headings` the title and heading checks (steps 2 and 5, :func:`sanitize_heading`).

Only verified (supported) claims can be cited, each through its stored evidence span, so every ``[n]``
passes ``services.judge.offline.audit_citations``. When the outline call fails the offline engine writes the
report (its headings in the report's language) and the stage is degraded.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass

from services.synthesizer.grounding import _ID, _ClaimWords, ground_section
from services.synthesizer.headings import _localize_outline, sanitize_heading
from services.synthesizer.offline import (
    MAX_PER_SOURCE,
    _sentence_text,
    independent_first,
    lead_candidates,
    rank_claims,
    synthesize,
)
from services.synthesizer.writing import DEADLINE_S, MAX_CONTINUATIONS, SYSTEM, _assemble, _Section, _write_section
from shared.evidence import Report, SourceInfo, VerifiedClaim
from shared.llm.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, fit_chars
from shared.llm.schemas import OutlineAnswer
from shared.llm.untrusted import quote_data
from shared.text.language import describe_language
from shared.text.tokens import tokenize

__all__ = ["MAX_SECTIONS", "MAX_CONTINUATIONS", "DEADLINE_S", "SynthOutcome", "ground_section", "sanitize_heading",
           "write_report"]

MAX_SECTIONS = 8
OUTLINE_TOKENS = 900
_DEDUP_JACCARD = 0.8


@dataclass
class SynthOutcome:
    """The report and the engine that wrote it."""

    report: Report
    engine: str
    degraded: bool
    sections: int = 0
    #: sentences the grounding dropped, over every answer of every section (re-asked ones included)
    dropped_sentences: int = 0
    #: sections asked again of the role's next model because the previous model's answer was junk
    fallthroughs: int = 0
    #: sections written extractively (every model failed or gave junk)
    extractive_sections: int = 0
    #: section answers rejected because written in another language than the report's
    off_language: int = 0
    #: outline title and headings replaced by the report's own words (written in another language, or nothing
    #: left once links, URLs, HTML and marks are removed)
    localized_headings: int = 0
    #: cross-language section answers rejected for losing more than ``MAX_CROSS_LOSS`` of their sentences
    thin_answers: int = 0
    #: published model sentences written in another language than their claims: checked on anchors only (names,
    #: numbers, negation, length), so a mistranslated common word cannot be caught (module docstring)
    cross_language_sentences: int = 0



def _select(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo],
            max_claims: int) -> list[VerifiedClaim]:
    supported = [independent_first(c, sources) for c in claims if c.verdict == "supported" and c.spans]
    chosen: list[VerifiedClaim] = []
    sets: list[set[str]] = []
    per_source: dict[str, int] = {}
    ranked = rank_claims(question, supported, sources)
    best = ranked[0][1] if ranked and ranked[0][1] > 0 else 1.0
    rel = [0.0] * len(supported)
    for i, score in ranked:
        rel[i] = score / best
    # the model may open with any claim it is shown: what only sponsored or affiliate sources support is not shown
    # while independent evidence exists (the offline engine's rule, services.synthesizer.offline.lead_candidates)
    shown = set(lead_candidates(supported, rel, sources))
    for i, _ in ranked:
        if len(chosen) >= max(0, max_claims):
            break
        if i not in shown:
            continue
        c = supported[i]
        if per_source.get(c.source_id, 0) >= 2 * MAX_PER_SOURCE:
            continue
        toks = set(tokenize(c.text))
        if any(toks and s and len(toks & s) / len(toks | s) >= _DEDUP_JACCARD for s in sets):
            continue
        chosen.append(c)
        sets.append(toks)
        per_source[c.source_id] = per_source.get(c.source_id, 0) + 1
    return chosen


def _claim_line(cid: str, claim: VerifiedClaim, sources: dict[str, SourceInfo]) -> str:
    info = sources.get(claim.source_id)
    title = f" (source: {info.title})" if info and info.title else ""
    return f"[{cid}] {' '.join(claim.text.split())}{title}"



async def write_report(calls: ModelCalls, question: str, claims: list[VerifiedClaim],
                       sources: dict[str, SourceInfo], *, language: str = "en", missing: list[str] | None = None,
                       max_claims: int = 40, no_sources: bool = False, context: int = DEFAULT_CONTEXT_TOKENS,
                       section_tokens: int = 1024, off_topic: bool = False) -> SynthOutcome:
    """Write the report with the synthesizer model (see the module docstring).

    ``language``: the report's ISO 639-1 code; prose, title and headings clearly in another language are not
    published (step 5). ``context``: the smallest context window of the role's models, tokens;
    ``section_tokens``: one section call's output limit, tokens. ``no_sources`` / ``off_topic``: as
    :func:`services.synthesizer.offline.synthesize` takes them (the offline report says why nothing is cited).

    Returns: :class:`SynthOutcome`; ``degraded`` with a recorded ``StageDegraded`` reason when the outline failed
    (offline report) or a section was written extractively (e.g. "the synthesizer model wrote in en, report
    language vi: 2 report section(s) written extractively"). Never raises on model output.
    """
    missing = [m for m in (missing or []) if m and m.strip()]

    def offline(degraded: bool) -> SynthOutcome:
        report = synthesize(question, claims, sources, language=language, missing=missing,
                            max_claims=min(max_claims, 12), no_sources=no_sources, off_topic=off_topic)
        return SynthOutcome(report=report, engine=calls.engine(offline_used=True) if degraded else "offline",
                            degraded=degraded)

    chosen = _select(question, claims, sources, max_claims)
    if not chosen:
        return offline(False)  # nothing verified to write about: the offline engine says so
    fixed = SYSTEM + question + " " * 600
    room = fit_chars(context, reserve_tokens=OUTLINE_TOKENS, fixed=fixed)
    by_id: dict[str, VerifiedClaim] = {}
    lines: dict[str, str] = {}
    used = 0
    for i, c in enumerate(chosen, 1):
        line = _claim_line(f"c{i}", c, sources)
        if used + len(line) + 1 > room and by_id:
            break
        by_id[f"c{i}"] = c
        lines[f"c{i}"] = line
        used += len(line) + 1
    lang = describe_language(language)
    outline = await calls.ask("synthesizer", [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": (
            f"Question: {question}\n\nThe report is written in {lang}.\n\nVerified claims:\n"
            + quote_data("\n".join(lines.values()), "verified claims")
            + f"\n\nPlan the report: a title and 2 to 6 sections; the first section answers the question "
              f"directly, the others give the supporting detail. For each section give its heading and the ids "
              f"of the claims it uses. Write the title and headings in {lang}, and give the words \"Sources\" "
              f"and \"What is missing\" in {lang}.")}],
        schema=OutlineAnswer, max_tokens=OUTLINE_TOKENS, deadline_s=DEADLINE_S)
    if outline is None:
        return offline(True)
    plan: OutlineAnswer = outline.value
    sections: list[_Section] = []
    placed: set[str] = set()
    for asked in plan.sections:
        ids = []
        for raw in asked.claims:
            found = _ID.findall(raw)
            cid = f"c{found[0]}" if found else ""
            if cid in by_id and cid not in placed:
                ids.append(cid)
                placed.add(cid)
        if ids and len(sections) < MAX_SECTIONS:
            sections.append(_Section(heading=sanitize_heading(asked.heading), claim_ids=ids, sentences=[]))
    if not sections:
        await calls.degrade(f"the outline of {outline.model} named no known claim: offline report written")
        return offline(True)
    grounds = (_ClaimWords.of([question, *(c.text for c in by_id.values())]),
               [_ClaimWords.of(by_id[cid].text for cid in sec.claim_ids) for sec in sections])
    title, headings, localized = _localize_outline(sanitize_heading(plan.title), [s.heading for s in sections],
                                                   language, grounds=grounds)
    for sec, heading in zip(sections, headings):
        sec.heading = heading
    written = await asyncio.gather(*(_write_section(calls, question, language, s.heading, s.claim_ids, lines,
                                                    by_id, section_tokens) for s in sections))
    for sec, got in zip(sections, written):
        sec.sentences = got.sentences
        if not got.sentences:
            sec.extractive = True
            sec.sentences = [(_sentence_text(by_id[cid].text) + ".", [cid]) for cid in sec.claim_ids]
    extractive = sum(1 for sec in sections if sec.extractive)
    wrong = [got.off_language for sec, got in zip(sections, written) if sec.extractive and got.off_language]
    thin = [got for sec, got in zip(sections, written) if sec.extractive and got.thin and not got.off_language]
    earlier = bool(calls.reasons)
    if wrong:
        said = Counter(code for codes in wrong for code in codes).most_common(1)[0][0]
        await calls.degrade(f"the synthesizer model wrote in {said}, report language {language}: {len(wrong)} "
                            f"report section(s) written extractively")
    if thin:
        await calls.degrade(f"the synthesizer model's {language} prose from claims in another language lost more "
                            f"than half its sentences to grounding (unsupported, negated or filler): {len(thin)} "
                            f"report section(s) written extractively")
    replaced = sum(w.replaced for sec, w in zip(sections, written) if not sec.extractive)
    if replaced:
        await calls.degrade(f"{replaced} sentence(s) of the synthesizer model's prose said more or other than the "
                            f"claims they cite: replaced by the claims' own sentences")
    if extractive > len(wrong) + len(thin) and not earlier:
        await calls.degrade("a report section had no cited sentence from any model: written extractively")
    translated = sum(w.cross_kept for sec, w in zip(sections, written) if not sec.extractive)
    if translated:  # say what the checks could not: the reader sees which evidence to read in its own language
        missing = [*missing, f"{translated} sentence(s) are the model's {language} rendering of evidence in "
                             "another language: their names, numbers and negations were checked against the "
                             "cited claims, their other words were not; the cited evidence is authoritative"]
    report = _assemble(plan, title, sections, by_id, sources, missing, language)
    return SynthOutcome(report=report, engine=calls.engine(offline_used=bool(extractive)),
                        degraded=calls.degraded, sections=len(sections),
                        dropped_sentences=sum(w.dropped for w in written),
                        fallthroughs=sum(w.fallthroughs for w in written), extractive_sections=extractive,
                        off_language=sum(len(w.off_language) for w in written), localized_headings=localized,
                        thin_answers=sum(w.thin for w in written),
                        cross_language_sentences=translated)


