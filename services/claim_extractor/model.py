"""Claim-extractor engine: atomic, self-contained claims of one source from the ``extractor`` role's model.

One call per source (:class:`~shared.llm.schemas.ClaimsAnswer`): the model gets the source's title and text
(trimmed to fit the smallest context window of the role's models: the sentences most relevant to the question,
in document order) and returns up to ``max_claims`` claims, each one fact in one sentence that reads on its own
(pronouns replaced by names), with the exact sentence of the source that states it and three flags: numeric
(a number, quantity or date), recent (about the last two years or "recently"), named event (a named war,
election, festival, award, ...).

Code, not the model, decides what is kept: a claim's quote must be found in the stored source text (exactly,
ignoring case and spacing, or as the best-matching sentence), giving the evidence offsets; a claim whose
words are mostly absent from that evidence (and the title) is dropped as invented; so is a claim whose evidence
is page furniture (:mod:`shared.text.noise`: a reference list or entry, a disclaimer, a cookie-consent
or paywall notice, a subscribe box) or that only repeats the page title; a page titled as a legal notice (an
imprint, terms, a privacy policy: :func:`~shared.text.noise.legal_page`) gives none and is not sent. The flags are the model's
or the offline rules'. If no claim survives, the offline engine's claims are used and the stage is degraded.
"""

from __future__ import annotations

from dataclasses import dataclass

from services.claim_extractor.offline import ExtractedClaim, _flags, extract_claims, word_count
from shared.llm.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, fit_chars
from shared.llm.schemas import ClaimsAnswer
from shared.llm.untrusted import quote_data
from shared.text.bm25 import BM25Index
from shared.text.injection import instruction_spans, is_instruction
from shared.text.noise import in_spans, legal_page, noise_kind, reference_sections
from shared.text.terms import clean_title
from shared.text.tokens import Sentence, split_sentences, tokenize

__all__ = ["ExtractOutcome", "extract_source_claims", "locate_quote", "trim_source", "MIN_GROUNDING"]

#: share of a claim's content words that must appear in its evidence sentence (or the title)
MIN_GROUNDING = 0.5
#: share of a quote's words a sentence must hold to count as where the quote came from
MIN_QUOTE_MATCH = 0.6
ANSWER_TOKENS = 900
DEADLINE_S = 120.0

SYSTEM = ("You are the claim extractor of a research assistant. From the source below you take atomic factual "
          "claims: each claim states exactly one fact in one sentence, understandable without the source "
          "(replace he, she, it, they and 'the band' with the name), and comes with the exact sentence of the "
          "source that states it, copied character for character. Take only facts the source states; prefer "
          "facts that help answer the question.")


@dataclass
class ExtractOutcome:
    """Claims of one source (offsets into the stored text), the engine that produced them, and counts."""

    claims: list[ExtractedClaim]
    engine: str
    degraded: bool
    proposed: int = 0
    dropped: int = 0


def trim_source(text: str, question: str, max_chars: int) -> str:
    """``text`` if it fits ``max_chars``; else its sentences most relevant to ``question`` (BM25 plus a small
    lead prior), in document order, joined by spaces, within ``max_chars``."""
    if len(text) <= max_chars:
        return text
    sentences = split_sentences(text)
    if not sentences:
        return text[:max_chars]
    scores = BM25Index([s.text for s in sentences]).scores(question) if question.strip() else [0.0] * len(sentences)
    n = len(sentences)
    order = sorted(range(n), key=lambda i: (-(scores[i] + 0.3 * (n - i) / n), i))
    keep: list[int] = []
    used = 0
    for i in order:
        size = len(sentences[i].text) + 1
        if used + size > max_chars:
            continue
        keep.append(i)
        used += size
    return " ".join(sentences[i].text for i in sorted(keep)) or text[:max_chars]


def _normalised(text: str) -> tuple[str, list[int]]:
    """Text folded for matching (case, quotes, dashes, runs of spaces) and each folded char's original index."""
    out: list[str] = []
    index: list[int] = []
    space = False
    table = {"’": "'", "‘": "'", "“": '"', "”": '"', "–": "-", "—": "-", "\u00a0": " "}
    for i, ch in enumerate(text):
        ch = table.get(ch, ch)
        if ch.isspace():
            if space or not out:
                continue
            space = True
            out.append(" ")
            index.append(i)
            continue
        space = False
        for c in ch.casefold():
            out.append(c)
            index.append(i)
    return "".join(out), index


def _sentence_span(sentences: list[Sentence], start: int, end: int) -> tuple[int, int]:
    covering = [s for s in sentences if s.end > start and s.start < end]
    if not covering:
        return start, end
    return covering[0].start, covering[-1].end


def locate_quote(text: str, quote: str, claim: str = "", sentences: list[Sentence] | None = None) -> tuple[int, int] | None:
    """Offsets (start, end) in ``text`` of the sentence(s) holding ``quote``: an exact match, else a match
    ignoring case, quotes and spacing, else the sentence holding most of the quote's (or the claim's) words.
    None when the quote is not in the text."""
    sentences = sentences if sentences is not None else split_sentences(text)
    quote = quote.strip().strip('"').strip()
    if len(quote) >= 8:
        at = text.find(quote)
        if at >= 0:
            return _sentence_span(sentences, at, at + len(quote))
        folded, index = _normalised(text)
        q, _ = _normalised(quote)
        q = q.strip(" .")
        at = folded.find(q) if len(q) >= 8 else -1
        if at >= 0:
            return _sentence_span(sentences, index[at], index[at + len(q) - 1] + 1)
    for probe in (quote, claim):
        words = set(tokenize(probe))
        if len(words) < 3:
            continue
        best: tuple[float, int] | None = None
        for i, s in enumerate(sentences):
            share = len(words & set(tokenize(s.text))) / len(words)
            if share >= MIN_QUOTE_MATCH and (best is None or share > best[0]):
                best = (share, i)
        if best is not None:
            s = sentences[best[1]]
            return s.start, s.end
    return None


def _grounded(claim: str, evidence: str, title: str) -> bool:
    words = set(tokenize(claim))
    if len(words) < 2:
        return False
    held = set(tokenize(evidence)) | set(tokenize(title))
    return len(words & held) / len(words) >= MIN_GROUNDING


async def extract_source_claims(calls: ModelCalls, text: str, *, title: str | None, question: str,
                                max_claims: int, context: int = DEFAULT_CONTEXT_TOKENS) -> ExtractOutcome:
    """Claims of one source from the extractor model (see the module docstring). Never raises on model output."""
    if legal_page(title):  # an imprint, terms, a privacy policy: furniture of the site, no claims (no call)
        return ExtractOutcome(claims=[], engine=calls.engine(), degraded=calls.degraded)
    name = clean_title(title)
    fixed = SYSTEM + question + (name or "") + " " * 400
    excerpt = trim_source(text, question, fit_chars(context, reserve_tokens=ANSWER_TOKENS, fixed=fixed))
    user = (f"Question: {question}\n\nSource title: {name or 'untitled'}\n\nSource text:\n{quote_data(excerpt)}\n\n"
            f"Give at most {max_claims} claims.")
    answer = await calls.ask("extractor", [{"role": "system", "content": SYSTEM},
                                           {"role": "user", "content": user}],
                             schema=ClaimsAnswer, max_tokens=ANSWER_TOKENS, deadline_s=DEADLINE_S)
    offline = None

    def fallback() -> list[ExtractedClaim]:
        return extract_claims(text, title=title or None, max_claims=max_claims, focus=question)

    if answer is None:
        offline = fallback()
        return ExtractOutcome(claims=offline, engine=calls.engine(offline_used=True), degraded=calls.degraded)
    sentences = split_sentences(text)
    references = reference_sections(text)
    defended = calls.gw is None or calls.gw.defend_sources
    instructions = instruction_spans(text) if defended else []
    title_words = set(tokenize(name)) | set(tokenize(title or ""))
    kept: list[ExtractedClaim] = []
    seen: set[str] = set()
    value: ClaimsAnswer = answer.value
    for c in value.claims:
        claim_text = " ".join(c.text.split())
        if claim_text.endswith(("?", "？")) or word_count(claim_text) < 3:  # Chinese counted in characters
            continue
        span = locate_quote(text, c.quote, claim_text, sentences)
        if span is None:
            continue
        evidence = text[span[0]:span[1]]
        if not _grounded(claim_text, evidence, name):
            continue
        if in_spans(span[0], span[1], references) or noise_kind(evidence) or noise_kind(claim_text):
            continue  # a reference entry, disclaimer, consent / paywall notice, subscribe box: never a claim
        if defended and (in_spans(span[0], span[1], instructions) or is_instruction(claim_text)):
            continue  # an instruction to the model reading the page is not a fact of the page
        if title_words and set(tokenize(claim_text)) <= title_words:
            continue  # the page title (or a heading glued to a sentence) said again: not a claim
        key = " ".join(claim_text.lower().split())
        if key in seen:
            continue
        seen.add(key)
        numeric, recent, named_event = _flags(claim_text)
        kept.append(ExtractedClaim(text=claim_text, start=span[0], end=span[1], numeric=c.numeric or numeric,
                                   recent=c.recent or recent, named_event=c.named_event or named_event))
        if len(kept) >= max_claims:
            break
    proposed = len(value.claims)
    if not kept:
        await calls.degrade(f"no claim of {answer.model} could be found in its source (quotes not in the text, "
                            f"or words not in the quoted sentence): offline claims used")
        offline = fallback()
        return ExtractOutcome(claims=offline, engine=calls.engine(offline_used=True), degraded=True,
                              proposed=proposed, dropped=proposed)
    return ExtractOutcome(claims=kept, engine=calls.engine(), degraded=calls.degraded, proposed=proposed,
                          dropped=proposed - len(kept))

