"""Synthesizer engine: a long-form Markdown report from verified claims, written section by section.

1. The supported claims with evidence spans are ranked (``rank_claims``), near-duplicates dropped, and given
   ids ``c1``, ``c2``, ... in rank order; as many as fit the smallest context window of the ``synthesizer``
   role's models are shown to it.
2. **Outline** (:class:`~shared.llm.schemas.OutlineAnswer`): a title, 2-6 sections (the first answers the
   question) each naming the claim ids it uses, and the words for "Sources" and "What is missing", all in the
   report's language (when the model leaves those two out or copies the English, the offline engine's words for
   the language are used: ``shared.offline.synthesis.report_words``). Unknown ids are ignored; a section left
   without a known id is dropped.
3. **Sections**, one call each (concurrently): the section's prose in the report's language, every sentence
   ending with the ids of the claims it rests on (``[c3]`` or ``[c3][c5]``). Each call has its own output
   limit, so a report is as long as its sections, whatever one call's limit; a section cut at the limit is
   continued by the model that wrote it (at most ``MAX_CONTINUATIONS`` times, stopping when a continuation
   repeats itself).
4. **Grounding, by code**: links, URLs and any ``[n]`` the model wrote are removed; a sentence whose ids are
   all unknown is dropped (an invented citation); a sentence without ids is kept only when most of its words
   come from the section's claims (a summary of cited facts, not a new fact); a sentence made mostly of the
   prompt's own instructions (an echoed template) and a repeat of a sentence already kept are dropped. Each
   known id becomes ``[n]``, ``n`` numbering sources in order of first citation, and a
   :class:`~shared.offline.synthesis.Citation` (claim id, source, the claim's first evidence span with
   offsets) is built for it.
5. **Fallthrough**: a section whose answer keeps no cited sentence after grounding (junk: no ids, only invented
   ids, an echoed template, a refusal) is asked again of the ``synthesizer`` role's **next** model, the one
   after the model that answered (``skip_models`` of the gateway), and so on down the role's route: at most
   one ask per usable model, so the loop is bounded by the route's length. Only when every model gave junk
   (or the gateway failed) is the section written extractively (the claims' own sentences with ``[n]``).
   ``SynthOutcome.fallthroughs`` counts the re-asks; every call is recorded by the gateway as usual.

Only verified (supported) claims can be cited, each through its stored evidence span, so every ``[n]``
passes ``shared.offline.judge.audit_citations``. When the outline call fails the offline engine writes the
report (its headings in the report's language) and the stage is degraded.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from shared.engines.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, fit_chars
from shared.engines.language import describe_language
from shared.engines.loops import LoopGuard
from shared.llm.schemas import OutlineAnswer
from shared.offline.synthesis import (
    MAX_PER_SOURCE, Citation, Report, SourceInfo, VerifiedClaim, _escape, _sentence_text, rank_claims, report_words,
    synthesize,
)
from shared.offline.text import split_sentences, tokenize

__all__ = ["MAX_SECTIONS", "SynthOutcome", "ground_section", "write_report"]

MAX_SECTIONS = 8
MAX_CONTINUATIONS = 2
OUTLINE_TOKENS = 900
DEADLINE_S = 240.0
_DEDUP_JACCARD = 0.8
#: share of an uncited sentence's words that must come from the section's claims for it to stay
MIN_UNCITED_OVERLAP = 0.6

SYSTEM = ("You are the writer of a research assistant. You write clear, well-organised reports that use only "
          "the verified claims you are given, never outside knowledge.")
_IDS = re.compile(r"[\[(]\s*([cC]\s*\d+(?:\s*[,;/]\s*(?:[cC]\s*)?\d+)*)\s*[\])]")
_ID = re.compile(r"\d+")
_LINK = re.compile(r"\[([^\]\n]*)\]\((?:https?://|www\.)[^)\s]*\)")
_URL = re.compile(r"(?:https?://|www\.)\S+")
_NUM_MARK = re.compile(r"\[\s*\d+(?:\s*[,;\-–]\s*\d+)*\s*\]")
_OTHER_BRACKET = re.compile(r"\[[^\]\n]{0,80}\]")
_TERMINAL = re.compile(r"([.!?。！？…]+[\"'”’)]*)\s*$")


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


@dataclass
class _Section:
    heading: str
    claim_ids: list[str]
    sentences: list[tuple[str, list[str]]]
    extractive: bool = False


def _select(question: str, claims: list[VerifiedClaim], sources: dict[str, SourceInfo],
            max_claims: int) -> list[VerifiedClaim]:
    supported = [c for c in claims if c.verdict == "supported" and c.spans]
    chosen: list[VerifiedClaim] = []
    sets: list[set[str]] = []
    per_source: dict[str, int] = {}
    for i, _ in rank_claims(question, supported, sources):
        if len(chosen) >= max(0, max_claims):
            break
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


def ground_section(text: str, allowed: dict[str, VerifiedClaim], *, section_ids: list[str] | None = None,
                   instructions: str = "") -> tuple[list[tuple[str, list[str]]], int]:
    """Sentences of a model-written section with the claim ids each rests on, and how many were dropped.

    See the module docstring (step 4). ``allowed`` maps claim ids (``c3``) to the claims that may be cited;
    ``section_ids`` are the section's own claims (their words make an uncited summary sentence acceptable).
    ``instructions``: the prompt's fixed wording (without the question and claims); a sentence with at least
    ``MIN_UNCITED_OVERLAP`` of its words from it, and more from it than from the section's claims, is an echo
    of the prompt and dropped, cited or not. A sentence repeating one already kept is dropped (its ids join the
    kept one's).

    Returns: ``([(sentence without markers, [claim ids, known only]), ...], sentences dropped)``; a sentence
    with an empty id list is an accepted uncited summary. Never raises.
    """
    own = set()
    for cid in section_ids or list(allowed):
        if cid in allowed:
            own |= set(tokenize(allowed[cid].text))
    echo = set(tokenize(instructions)) - own
    out: list[tuple[str, list[str]]] = []
    seen: dict[str, int] = {}
    dropped = 0
    for raw in re.split(r"\n\s*\n", text):
        lines = [ln for ln in raw.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        block = " ".join(re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", ln).strip() for ln in lines)
        block = _LINK.sub(r"\1", block)
        block = _URL.sub("", block)
        block = _NUM_MARK.sub("", block)
        for sent in split_sentences(block):
            s = sent.text
            ids: list[str] = []
            for m in _IDS.finditer(s):
                ids.extend(f"c{n}" for n in _ID.findall(m.group(1)))
            body = _IDS.sub("", s)
            body = _OTHER_BRACKET.sub("", body)
            body = " ".join(body.split())
            body = re.sub(r"\s+([.,;:!?。！？])", r"\1", body)
            letters = any(ch.isalnum() for ch in body)
            if not letters:
                if ids and out:  # a marker on its own after the sentence it belongs to
                    prev, prev_ids = out[-1]
                    out[-1] = (prev, list(dict.fromkeys(prev_ids + [i for i in ids if i in allowed])))
                continue
            known = [i for i in dict.fromkeys(ids) if i in allowed]
            if ids and not known:
                dropped += 1  # cites only claims that do not exist
                continue
            words = set(tokenize(body))
            if not ids and (not words or len(words & own) / len(words) < MIN_UNCITED_OVERLAP):
                dropped += 1  # a new statement with no claim behind it
                continue
            if echo and words and len(words & echo) / len(words) >= MIN_UNCITED_OVERLAP \
                    and len(words & echo) > len(words & own):
                dropped += 1  # the prompt's instructions given back, not prose about the claims
                continue
            key = " ".join(body.casefold().split()).rstrip(".!?。！？… ")
            if key in seen:
                dropped += 1  # a repeat (a model going round in circles)
                i = seen[key]
                out[i] = (out[i][0], list(dict.fromkeys(out[i][1] + known)))
                continue
            seen[key] = len(out)
            out.append((body, known))
    return out, dropped


def _with_markers(body: str, numbers: list[int]) -> str:
    marks = "".join(f"[{n}]" for n in numbers)
    if not marks:
        return body
    m = _TERMINAL.search(body)
    if m:
        return f"{body[:m.start()].rstrip()} {marks}{m.group(1)}"
    return f"{body} {marks}."


_CONTINUE = "Continue exactly where you stopped, without repeating anything."


@dataclass
class _Written:
    """What the models gave for one section: grounded sentences (empty: write it extractively)."""

    sentences: list[tuple[str, list[str]]]
    dropped: int = 0
    fallthroughs: int = 0


async def _ask_section(calls: ModelCalls, messages: list[dict[str, str]], max_tokens: int, order: list[str],
                       skip: list[str]) -> tuple[str, str] | None:
    """One model's text for a section, continued while cut at the limit: ``(text, model)``, or None when the
    gateway gave nothing (the remaining models failed). Continuations skip the models before the one that
    answered, so that model continues its own text."""
    first = await calls.ask("synthesizer", messages, max_tokens=max_tokens, deadline_s=DEADLINE_S,
                            skip_models=skip)
    if first is None:
        return None
    text = first.text.strip()
    before = order[:order.index(first.model)] if first.model in order else skip
    guard = LoopGuard(MAX_CONTINUATIONS)
    truncated = first.truncated
    while truncated and guard.step(query=text[-300:]):
        more = await calls.ask("synthesizer", [
            *messages, {"role": "assistant", "content": text}, {"role": "user", "content": _CONTINUE}],
            max_tokens=max_tokens, deadline_s=DEADLINE_S, skip_models=before)
        if more is None or not more.text.strip() or more.text.strip() in text:
            break
        text = f"{text} {more.text.strip()}"
        truncated = more.truncated
    return text, first.model


async def _write_section(calls: ModelCalls, question: str, language: str, heading: str, ids: list[str],
                         lines: dict[str, str], by_id: dict[str, VerifiedClaim], max_tokens: int) -> _Written:
    """The section's grounded sentences from the first model of the role whose answer keeps a cited sentence
    (module docstring, steps 3-5); empty sentences when none did."""
    listing = "\n".join(lines[i] for i in ids)
    lang = describe_language(language)
    ask = f"Write the section of the report, in {lang}, using only these verified claims:"
    rules = ("Write one to three paragraphs of plain prose: no heading, no list of sources, no links. End every "
             "sentence with the ids of the claims it rests on in square brackets, like [{a}] or [{a}][{b}]. Do "
             "not add facts that are not in the claims.")
    messages: list[dict[str, str]] = [
        {"role": "system", "content": SYSTEM},
        {"role": "user", "content": (
            f"Question: {question}\n\nWrite the section \"{heading}\" of the report, in {lang}, using only these "
            f"verified claims:\n{listing}\n\n{rules.format(a=ids[0], b=ids[-1])}")}]
    instructions = " ".join([SYSTEM, ask, rules.format(a="", b=""), _CONTINUE])
    order = [spec.model for spec in calls.gw.route("synthesizer").usable] if calls.gw is not None else []
    out = _Written(sentences=[])
    skip: list[str] = []
    for _ in range(max(1, len(order))):  # at most one ask per model of the role
        answer = await _ask_section(calls, messages, max_tokens, order, skip)
        if answer is None:
            break
        text, model = answer
        grounded, lost = ground_section(text, by_id, section_ids=ids, instructions=instructions)
        out.dropped += lost
        if any(cited for _, cited in grounded):
            out.sentences = grounded
            break
        if model not in order or order.index(model) + 1 >= len(order):
            break  # junk from the role's last model: the section is written extractively
        skip = order[:order.index(model) + 1]
        out.fallthroughs += 1
    return out


async def write_report(calls: ModelCalls, question: str, claims: list[VerifiedClaim],
                       sources: dict[str, SourceInfo], *, language: str = "en", missing: list[str] | None = None,
                       max_claims: int = 40, no_sources: bool = False, context: int = DEFAULT_CONTEXT_TOKENS,
                       section_tokens: int = 1024) -> SynthOutcome:
    """Write the report with the synthesizer model (see the module docstring). Never raises on model output."""
    missing = [m for m in (missing or []) if m and m.strip()]

    def offline(degraded: bool) -> SynthOutcome:
        report = synthesize(question, claims, sources, language=language, missing=missing,
                            max_claims=min(max_claims, 12), no_sources=no_sources)
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
            + "\n".join(lines.values())
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
    for sec in plan.sections:
        ids = []
        for raw in sec.claims:
            found = _ID.findall(raw)
            cid = f"c{found[0]}" if found else ""
            if cid in by_id and cid not in placed:
                ids.append(cid)
                placed.add(cid)
        if ids and len(sections) < MAX_SECTIONS:
            sections.append(_Section(heading=_escape(sec.heading).strip("# ").strip() or sec.heading,
                                     claim_ids=ids, sentences=[]))
    if not sections:
        await calls.degrade(f"the outline of {outline.model} named no known claim: offline report written")
        return offline(True)
    written = await asyncio.gather(*(_write_section(calls, question, language, s.heading, s.claim_ids, lines,
                                                    by_id, section_tokens) for s in sections))
    for sec, got in zip(sections, written):
        sec.sentences = got.sentences
        if not got.sentences:
            sec.extractive = True
            sec.sentences = [(_sentence_text(by_id[cid].text) + ".", [cid]) for cid in sec.claim_ids]
    extractive = sum(1 for sec in sections if sec.extractive)
    if extractive and not calls.reasons:
        await calls.degrade("a report section had no cited sentence from any model: written extractively")
    report = _assemble(plan, sections, by_id, sources, missing, language)
    return SynthOutcome(report=report, engine=calls.engine(offline_used=bool(extractive)),
                        degraded=calls.degraded, sections=len(sections),
                        dropped_sentences=sum(w.dropped for w in written),
                        fallthroughs=sum(w.fallthroughs for w in written), extractive_sections=extractive)


def _fixed_heading(plan: OutlineAnswer, field: str, localized: str) -> str:
    """The outline's word for a fixed heading, or the table's word in the report's language
    (``shared.offline.synthesis.REPORT_WORDS``) when the model left it out or copied the English default."""
    given = str(getattr(plan, field))
    default = OutlineAnswer.model_fields[field].default
    if field not in plan.model_fields_set or not given.strip() or given == default:
        return localized
    return given


def _assemble(plan: OutlineAnswer, sections: list[_Section], by_id: dict[str, VerifiedClaim],
              sources: dict[str, SourceInfo], missing: list[str], language: str) -> Report:
    words = report_words(language)
    numbers: dict[str, int] = {}
    citations: list[Citation] = []
    cited: dict[str, None] = {}
    lines = [f"# {_escape(plan.title)}", ""]
    for sec in sections:
        lines += [f"## {sec.heading}", ""]
        paragraph: list[str] = []
        for body, ids in sec.sentences:
            marks: list[int] = []
            for cid in ids:
                claim = by_id[cid]
                span = claim.spans[0]
                n = numbers.setdefault(span.source_id, len(numbers) + 1)
                if cid not in cited:
                    cited[cid] = None
                    citations.append(Citation(n=n, source_id=span.source_id, claim_id=claim.claim_id,
                                              start=span.start, end=span.end, quote=span.text))
                if n not in marks:
                    marks.append(n)
            paragraph.append(_with_markers(body, marks))
        lines += [" ".join(paragraph), ""]
    if missing:
        lines += [f"## {_escape(_fixed_heading(plan, 'missing_heading', words.missing))}", ""]
        lines += [f"- {' '.join(m.split())}" for m in missing]
        lines.append("")
    if numbers:
        lines += [f"## {_escape(_fixed_heading(plan, 'sources_heading', words.sources))}", ""]
        for sid, n in sorted(numbers.items(), key=lambda p: p[1]):
            info = sources.get(sid)
            lines.append(f"- [{n}] {_escape(info.title if info else sid)} — {info.url_or_path if info else ''}"
                         .rstrip(" —"))
        lines.append("")
    return Report(markdown="\n".join(lines).rstrip() + "\n", citations=citations,
                  used_claim_ids=[by_id[c].claim_id for c in cited])
