"""Writing a model report's sections and assembling them (steps 3, 5 and 6 of :mod:`services.synthesizer.model`'s
docstring).

``_write_section`` asks the ``synthesizer`` role for one section's prose (continued past the output limit by the
model that wrote it, ``_ask_section``), grounds it (:mod:`services.synthesizer.grounding`) and falls through to the
role's next model on junk; ``_assemble`` numbers the sources in order of first citation, builds a
:class:`~shared.evidence.Citation` per cited claim and closes the report with What is missing and Sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from services.synthesizer.grounding import _TERMINAL, PROSE_LETTERS, _fragments, _ground, _unwrap_json_string
from services.synthesizer.headings import _fixed_heading, sanitize_heading
from services.synthesizer.offline import SPONSORED_MARK, _escape, closing_lines
from shared.evidence import Citation, Report, SourceInfo, VerifiedClaim
from shared.llm.calls import ModelCalls
from shared.llm.loops import LoopGuard
from shared.llm.schemas import OutlineAnswer
from shared.llm.untrusted import quote_data
from shared.report import report_words
from shared.text.language import describe_language, foreign_language

__all__ = ["DEADLINE_S", "MAX_CONTINUATIONS", "SYSTEM"]

MAX_CONTINUATIONS = 2
DEADLINE_S = 240.0
SYSTEM = ("You are the writer of a research assistant. You write clear, well-organised reports that use only "
          "the verified claims you are given, never outside knowledge.")


@dataclass
class _Section:
    heading: str
    claim_ids: list[str]
    sentences: list[tuple[str, list[str]]]
    extractive: bool = False



def _with_markers(body: str, numbers: list[int], sponsored: set[int] | None = None) -> str:
    """``body`` ending with its ``[n]`` markers (before its closing punctuation); ``sponsored``: the numbers of
    sponsored or affiliate sources, followed by :data:`SPONSORED_MARK`."""
    marks = "".join(f"[{n}]" for n in numbers)
    if sponsored and any(n in sponsored for n in numbers):
        marks += f" {SPONSORED_MARK}"
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
    #: the language of each answer rejected for being in another language than the report's
    off_language: list[str] = field(default_factory=list)
    #: cross-language answers rejected for losing more than ``MAX_CROSS_LOSS`` of their sentences
    thin: int = 0
    #: kept sentences of the accepted answer checked across languages (anchors only)
    cross_kept: int = 0
    #: sentences of the accepted answer replaced by the cited claim's own sentence (unsupported as written)
    replaced: int = 0


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
    in the report's language and, across languages, at least half of its sentences (module docstring, steps
    3-6); empty sentences when none did."""
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
            f"verified claims:\n{quote_data(listing, 'verified claims')}\n\n{rules.format(a=ids[0], b=ids[-1])}")}]
    instructions = " ".join([SYSTEM, ask, rules.format(a="", b=""), _CONTINUE])
    order = [spec.model for spec in calls.gw.route("synthesizer").usable] if calls.gw is not None else []
    out = _Written(sentences=[])
    skip: list[str] = []
    for _ in range(max(1, len(order))):  # at most one ask per model of the role
        answer = await _ask_section(calls, messages, max_tokens, order, skip)
        if answer is None:
            break
        text, model = answer
        text = _unwrap_json_string(text)
        result = _ground(text, by_id, section_ids=ids, instructions=instructions, language=language,
                         substitute=True)
        grounded = result.sentences
        out.dropped += result.dropped
        if result.thin:
            out.thin += 1  # across languages, mostly unsupported, negated or filler: what is left is not trusted
        elif sum(1 for _, cited in grounded if cited) > result.replaced:  # some cited prose is the model's own
            other = _prose_language(grounded, text, language)
            if other is None:
                out.sentences = grounded
                out.cross_kept = result.cross_kept
                out.replaced = result.replaced
                break
            out.off_language.append(other)  # prose in another language: junk for this report
        if model not in order or order.index(model) + 1 >= len(order):
            break  # junk from the role's last model: the section is written extractively
        skip = order[:order.index(model) + 1]
        out.fallthroughs += 1
    return out


def _prose_language(grounded: list[tuple[str, list[str]]], answer: str, language: str) -> str | None:
    """The language a section answer is clearly written in when it is not the report's (module docstring, step
    5): judged on the kept prose, or on the whole answer (markers and URLs removed) when the kept prose has fewer
    than ``PROSE_LETTERS`` letters. None: the report's language, or too short to tell."""
    prose = " ".join(body for body, _ in grounded)
    if sum(1 for ch in prose if ch.isalpha()) < PROSE_LETTERS:
        prose = " ".join(body for body, _ in _fragments(answer))
    return foreign_language(prose, language, min_letters=PROSE_LETTERS)



def _assemble(plan: OutlineAnswer, title: str, sections: list[_Section], by_id: dict[str, VerifiedClaim],
              sources: dict[str, SourceInfo], missing: list[str], language: str) -> Report:
    words = report_words(language)
    numbers: dict[str, int] = {}
    citations: list[Citation] = []
    cited: dict[str, None] = {}
    lines = [f"# {_escape(title)}", ""]
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
            flagged = {n for sid, n in numbers.items() if (info := sources.get(sid)) is not None and info.sponsored}
            paragraph.append(_with_markers(body, marks, flagged))
        lines += [" ".join(paragraph), ""]
    lines += closing_lines(
        missing, numbers, sources,
        missing_heading=_escape(_fixed_heading(plan, "missing_heading", words.missing, language)),
        sources_heading=_escape(_fixed_heading(plan, "sources_heading", words.sources, language)),
        title_of=lambda sid, info: sanitize_heading(info.title) or sid)
    return Report(markdown="\n".join(lines).rstrip() + "\n", citations=citations,
                  used_claim_ids=[by_id[c].claim_id for c in cited])
