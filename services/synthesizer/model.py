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

Only verified (supported) claims can be cited, each through its stored evidence span, so every ``[n]``
passes ``services.judge.offline.audit_citations``. When the outline call fails the offline engine writes the
report (its headings in the report's language) and the stage is degraded.
"""

from __future__ import annotations

import asyncio
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from services.synthesizer.offline import MAX_PER_SOURCE, _escape, _sentence_text, closing_lines, rank_claims, synthesize
from shared.evidence import Citation, Report, SourceInfo, VerifiedClaim
from shared.llm.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, fit_chars
from shared.llm.loops import LoopGuard
from shared.llm.schemas import OutlineAnswer
from shared.llm.untrusted import quote_data
from shared.report import REPORT_WORDS, heading_kind, report_words
from shared.text.entailment import entailment
from shared.text.language import describe_language, foreign_language, has_negation, negation_cues
from shared.text.tokens import split_sentences, tokenize

__all__ = ["MAX_SECTIONS", "SynthOutcome", "ground_section", "sanitize_heading", "write_report"]

MAX_SECTIONS = 8
MAX_CONTINUATIONS = 2
OUTLINE_TOKENS = 900
DEADLINE_S = 240.0
_DEDUP_JACCARD = 0.8
#: share of a sentence's words from the prompt's instructions that makes it an echo of the prompt
MIN_UNCITED_OVERLAP = 0.6
#: letters of prose needed to tell its language (fewer: the section is taken as written in the report's)
PROSE_LETTERS = 40
#: letters of title and headings needed to tell their language
HEADING_LETTERS = 12
#: words of the cited claims a cross-language sentence must hold (names, numbers, terms kept as is)
MIN_ANCHORS = 2
#: kept cross-language sentences of one answer sharing one frame (their words that are not the claims') ...
TEMPLATE_REPEATS = 3
#: ... of at least this many words are filler ("Theo nguồn, đây là một sự thật được ghi nhận về X [1].") ...
TEMPLATE_WORDS = 6
#: ... two frames being one when this similar (``difflib`` ratio of the word sequences: one word changed in ten)
TEMPLATE_SIMILARITY = 0.8
#: share of a cross-language answer's sentences the grounding may drop before the answer is junk
MAX_CROSS_LOSS = 0.5
#: longest title or heading published, characters
MAX_HEADING_CHARS = 120
#: most words of a model-written title or section heading (a longer one is a sentence: a claim in disguise)
MAX_HEADING_WORDS = 8
#: most words of a model-written Sources / What-is-missing heading, for a language without its own words
MAX_FIXED_HEADING_WORDS = 4
#: a cross-language sentence longer than this many times its cited claims (CJK characters counted
#: ``CJK_WEIGHT`` times) says more than they do
MAX_CROSS_LENGTH = 1.6
CJK_WEIGHT = 3
#: two sentences this similar (``difflib`` ratio of their casefolded text) are one: the later is dropped
NEAR_IDENTICAL = 0.9
#: tokens within this many tokens of a number are its neighbours (the binding of a number to its words)
NUMBER_WINDOW = 3
#: the words a sentence may use that its claims need not hold: connectives and discourse words that state no
#: fact (deliberately short; "allegedly", "later", "died" are facts and not here). Tokens as ``tokenize`` gives
CONNECTIVES = frozenset({"also", "additionally", "however", "while", "which", "whose", "both", "including",
                         "include", "known", "moreover", "furthermore", "meanwhile", "thus", "therefore",
                         "together", "respectively", "namely", "according", "well", "whereas"})
#: number words: read as numbers (equal, or the claims' digits of the same value), never stemmed
_NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                                  "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())},
    **{w: 10 * i for i, w in enumerate("thirty forty fifty sixty seventy eighty ninety".split(), 3)},
    "hundred": 100, "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000, "dozen": 12}
#: month names: a date's words, matched exactly ("August" is not "September")
_MONTH_ORDER = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december")
_MONTHS = frozenset(_MONTH_ORDER)
#: generic words a title or heading may hold beside the claims' (the report's structure, no fact), with the
#: report's own title and heading words of every language (``REPORT_WORDS``)
_HEADING_WORDS = frozenset(
    "answer detail context background overview summary finding introduction conclusion research report key "
    "chi tiết bối cảnh tổng quan".split()) | frozenset(
    t for w in REPORT_WORDS.values() for t in tokenize(f"{w.title} {w.answer} {w.findings}"))

SYSTEM = ("You are the writer of a research assistant. You write clear, well-organised reports that use only "
          "the verified claims you are given, never outside knowledge.")
_IDS = re.compile(r"[\[(]\s*([cC]\s*\d+(?:\s*[,;/]\s*(?:[cC]\s*)?\d+)*)\s*[\])]")
_ID = re.compile(r"\d+")
_LINK = re.compile(r"\[([^\]\n]*)\]\((?:https?://|www\.)[^)\s]*\)")
_URL = re.compile(r"(?:https?://|www\.)\S+")
_NUM_MARK = re.compile(r"\[\s*\d+(?:\s*[,;\-–]\s*\d+)*\s*\]")
_OTHER_BRACKET = re.compile(r"\[[^\]\n]{0,80}\]")
_TERMINAL = re.compile(r"([.!?。！？…]+[\"'”’)]*)\s*$")
_EMPTY_BRACKETS = re.compile(r"\(\s*[,;:]?\s*\)|\[\s*\]")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
#: languages that capitalise common nouns: a capitalised word is no sign of a name there
_NOUN_CAPITALS = frozenset({"de", "lb"})
_WORD = re.compile(r"[^\W\d_]+(?:['’\-][^\W\d_]+)*")
#: text in quotation marks: a title ("Nobody's Hero", "No Surprises"), whose words negate nothing
_QUOTED = re.compile(r'"[^"\n]{1,120}"|“[^”\n]{1,120}”|„[^“”\n]{1,120}[“”]|«[^»\n]{1,120}»|「[^」\n]{1,120}」')
#: ordinal words by value; "3rd" is read as "third", "21st" stays as written
_ORDINAL_VALUES: dict[str, int] = {w: i for i, w in enumerate(
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth twentieth".split(), 1)}
_DIGIT_ORDINAL = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
# titles and headings: what a model may slip into them
_SCRIPT_BLOCK = re.compile(r"<(script|style)\b[^>]*>.*?(?:</\1\s*>|$)", re.IGNORECASE | re.DOTALL)
_ANY_LINK = re.compile(r"!?\[([^\]\n]*)\]\(([^)\n]*)\)")
_TAG = re.compile(r"<[^<>]*>?")
_ANY_URL = re.compile(r"(?:\b[a-z][a-z0-9+.\-]*://|\bwww\.|\b(?:javascript|vbscript|data|mailto):)\S*", re.IGNORECASE)
_NUMBER_ABBREVIATION = re.compile(r"(?<![^\W_])no\.?\s*(?=\d)", re.IGNORECASE)
_MARK_ONLY = re.compile(r"^\s*[cC]?\s*\d+(?:\s*[,;\-–]\s*[cC]?\s*\d+)*\s*$")


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


def _fold(token: str) -> str:
    """``token`` without accents ("montréal" -> "montreal"), for names written across languages."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", token) if not unicodedata.combining(ch))


def _digits(number: str) -> str:
    """A number's digits only ("1,000", "1.000" and "1000" are one number; "2.5" and "2,5" too)."""
    return re.sub(r"\D", "", number)


def _script(text: str) -> str:
    """The script of ``text``'s letters, by majority ("LATIN", "CYRILLIC", "CJK", ...; "" without letters)."""
    counts = Counter(unicodedata.name(ch, "?").split(" ", 1)[0] for ch in text if ch.isalpha())
    return counts.most_common(1)[0][0] if counts else ""


def _same_word(a: str, b: str) -> bool:
    """Equal tokens, or tokens sharing a stem: a common prefix of at least 4 letters and of all but 2 letters of
    the shorter one ("drummed"/"drummer", "canada"/"canadian"). Numbers are never stemmed."""
    if a == b:
        return True
    short = min(len(a), len(b))
    if short < 4 or a[0].isdigit() or b[0].isdigit():
        return False
    common = 0
    for x, y in zip(a, b):
        if x != y:
            break
        common += 1
    return common >= max(4, short - 2)


def _matches(token: str, words: frozenset[str]) -> bool:
    return token in words or any(_same_word(token, w) for w in words)


_ORDINAL_WORDS = {i: w for w, i in _ORDINAL_VALUES.items()}


def _ordinals(text: str) -> set[str]:
    """The ordinals of ``text`` as words ("3rd" and "third" are "third"; "21st" stays "21st"). The tokenizer
    splits "3rd" into "3" and "rd": the two are read together again."""
    tokens = tokenize(text)
    out: set[str] = set()
    for i, t in enumerate(tokens):
        if t in _ORDINAL_VALUES:
            out.add(t)
        elif t.isdigit() and i + 1 < len(tokens) and tokens[i + 1] in ("st", "nd", "rd", "th"):
            out.add(_ORDINAL_WORDS.get(int(t), f"{int(t)}{tokens[i + 1]}"))
    return out


def _ordinal_digits(ordinals: Iterable[str]) -> set[str]:
    """The values of ordinals as digits ("third" -> "3", "21st" -> "21"), so "3rd" matches a claim's "third"."""
    out: set[str] = set()
    for o in ordinals:
        m = _DIGIT_ORDINAL.match(o)
        out.add(m.group(1) if m else str(_ORDINAL_VALUES[o]))
    return out


@dataclass(frozen=True)
class _ClaimWords:
    """What a sentence citing some claims may say: the claims' texts, tokens, accent-free tokens, numbers
    (ordinal values included), ordinals, script."""

    texts: tuple[str, ...]
    tokens: frozenset[str]
    folded: frozenset[str]
    numbers: frozenset[str]
    ordinals: frozenset[str]
    script: str
    #: each claim's tokens in order (where a number stands, for its binding)
    sequences: tuple[tuple[str, ...], ...] = ()

    @classmethod
    def of(cls, texts: Iterable[str]) -> _ClaimWords:
        texts = tuple(texts)
        text = " ".join(texts)
        sequences = tuple(tuple(tokenize(t)) for t in texts)
        tokens = frozenset(t for seq in sequences for t in seq)
        ordinals = frozenset(_ordinals(text))
        numbers = {_digits(n) for n in _NUMBER.findall(text)} | _ordinal_digits(ordinals)
        # a month named in the claims may be written as its number ("tháng 9", "9月" for September)
        numbers |= {str(_MONTH_ORDER.index(t) + 1) for seq in sequences for t in seq if t in _MONTHS}
        return cls(texts=texts, tokens=tokens, folded=frozenset(_fold(t) for t in tokens),
                   numbers=frozenset(numbers), ordinals=ordinals, script=_script(text), sequences=sequences)


def _number_key(token: str) -> str | None:
    """A token's value as digits when it is a number ("1,000" -> "1000", "forty" -> "40"), else None."""
    if token[:1].isdigit():
        return _digits(token)
    value = _NUMBER_WORDS.get(token)
    return None if value is None else str(value)


def _word_known(token: str, previous: str, claims: _ClaimWords) -> bool:
    """Whether a sentence's token is said by the claims: a number by value (a number word equal, or the claims'
    digits of its value), a month exactly, a connective always, any other word by stem (:func:`_same_word`)."""
    key = _number_key(token)
    if token[:1].isdigit():
        return key in claims.numbers
    if key is not None:
        return token in claims.tokens or key in claims.numbers
    if token in _MONTHS:
        return token in claims.tokens
    if token in ("st", "nd", "rd", "th") and previous[:1].isdigit():
        return True  # "3rd": the ordinal check judges it
    return token in CONNECTIVES or _matches(token, claims.tokens)


def _all_words_known(tokens: list[str], claims: _ClaimWords) -> bool:
    """Every token of a sentence is a word of the claims (:func:`_word_known`)."""
    return all(_word_known(t, tokens[i - 1] if i else "", claims) for i, t in enumerate(tokens))


def _is_neighbour(token: str) -> bool:
    return _number_key(token) is None and token not in CONNECTIVES and token not in ("st", "nd", "rd", "th")


def _numbers_bound(tokens: list[str], claims: _ClaimWords) -> bool:
    """Every number of a sentence stands by the words the claims put it by: its nearest content word(s) within
    ``NUMBER_WINDOW`` tokens (both, when one before and one after are as near) must be within ``NUMBER_WINDOW``
    tokens of the same number in one cited claim. "Classic ... in 2014, and the Modern ... in 2013" from "Classic
    ... in 2013 and the Modern ... in 2014" puts 2014 by "modern": dropped."""
    for i, token in enumerate(tokens):
        key = _number_key(token)
        if key is None:
            continue
        near = [(abs(j - i), tokens[j]) for j in range(max(0, i - NUMBER_WINDOW), i + NUMBER_WINDOW + 1)
                if j != i and j < len(tokens) and _is_neighbour(tokens[j])]
        if not near:
            continue
        closest = min(d for d, _ in near)
        for word in {w for d, w in near if d == closest}:
            if not any(_number_key(t) == key and any(
                    _same_word(word, seq[k]) for k in range(max(0, p - NUMBER_WINDOW), p + NUMBER_WINDOW + 1)
                    if k != p and k < len(seq))
                    for seq in claims.sequences for p, t in enumerate(seq)):
                return False
    return True


def _weighted_length(text: str) -> int:
    """Characters of ``text``, a CJK character counting ``CJK_WEIGHT`` (one holds what a few letters do)."""
    return sum(CJK_WEIGHT if "CJK" in unicodedata.name(ch, "") or "HIRAGANA" in unicodedata.name(ch, "")
               or "KATAKANA" in unicodedata.name(ch, "") or "HANGUL" in unicodedata.name(ch, "") else 1
               for ch in text if not ch.isspace())


def _numbers_known(body: str, claims: _ClaimWords) -> bool:
    """Every number and ordinal of ``body`` is one of the claims' ("first single" needs a claim's "first")."""
    return all(_digits(n) in claims.numbers for n in _NUMBER.findall(body)) and _ordinals(body) <= claims.ordinals


def _anchors(body: str, claims: _ClaimWords) -> set[str]:
    """The tokens of ``body`` that are the claims' words (names, numbers, terms kept as is across languages)."""
    return {w for w in tokenize(body) if _matches(w, claims.tokens)}


def _spelled(text: str) -> str:
    """``text`` with the abbreviation "No. 1" written "number 1", which no reader takes for a negation."""
    return _NUMBER_ABBREVIATION.sub("number ", text)


def _unnamed(text: str) -> str:
    """``text`` without its quoted titles and its capitalised words after the first (names: "Nobody's Hero")."""
    words = _QUOTED.sub(" ", text).split()
    return " ".join(words[:1] + [w for w in words[1:] if not w[:1].isupper()])


def _contradicted(body: str, claims: _ClaimWords, language: str | None, *, cross: bool) -> str | None:
    """Why a sentence says the opposite of the claims it rests on (cited ones, or the section's for an uncited
    sentence), or None.

    * negation: same language, a negation cue of the sentence (``negation_cues`` of the report's language,
      English when unknown) that no claim uses ("is not a song", "never released"); across languages, any
      negation cue of the report's language when no claim negates anything (in any language; a claim's words in
      quotation marks or capitalised after its first word are a title's or a name's, not a negation). Words of
      the sentence in quotation marks are a title's too ("Nobody's Hero");
    * entailment: no claim supports the sentence and one contradicts it
      (``shared.text.entailment.entailment``: negation, antonyms, numbers, ordinals, swapped roles). A
      contradiction by negation alone counts only when the claim negates (outside its titles and names) and the
      sentence does not ("Rush did not release it" / "Rush released it"): a negation the sentence adds is the
      cue check's, where a title's words the claims hold too ("Nobody's Hero is ...") negate nothing.
    """
    bare = _QUOTED.sub(" ", body)
    lang = language or "en"
    if cross:
        if negation_cues(bare, lang) and not any(has_negation(_unnamed(t)) for t in claims.texts):
            return "negation"
    elif negation_cues(bare, lang) - set().union(*(negation_cues(t, lang) for t in claims.texts)):
        return "negation"
    judged = [entailment(body, _spelled(t)) for t in claims.texts]
    if any(j.label == "supported" for j in judged):
        return None
    negated = bool(negation_cues(bare, lang))
    for text, j in zip(claims.texts, judged):
        if j.label != "contradicted":
            continue
        reason = str(getattr(j, "reason", "") or "contradiction")
        if reason == "negation" and (negated or not negation_cues(_unnamed(text), None if cross else lang)):
            continue  # an added negation is judged above, where a title's "Nobody" in the claims too is none
        return reason
    return None


def _names(body: str, script: str) -> list[str]:
    """The name-like tokens of a sentence (accent-free): its capitalised words other than the first, written in
    ``script`` (a name in another script cannot be compared with the claims)."""
    return [_fold(t) for w in _WORD.findall(body)[1:] if w[:1].isupper() and _script(w) == script
            for t in tokenize(w)]


def _supported(body: str, claims: _ClaimWords, *, cross: bool, all_names: bool = True) -> bool:
    """Whether a cited sentence (markers removed) says only what the claims it cites (``claims``) say (module
    docstring, step 4).

    Same language: its numbers and ordinals are the claims', every token is a word of the claims
    (:func:`_all_words_known`: names, number words and months included; connectives aside) and every number
    stands by the words the claims put it by (:func:`_numbers_bound`). ``cross`` (the claims are in another
    language), when that fails: its numbers are the claims', at least ``MIN_ANCHORS`` of its words are words
    of one single cited claim, every name-like word is a word of the cited claims (``all_names`` False: the
    report's language capitalises common nouns, German: more than half of them), and it is at most
    ``MAX_CROSS_LENGTH`` times as long as the cited claims (CJK weighted, :func:`_weighted_length`).
    """
    tokens = tokenize(body)
    if not tokens or not _numbers_known(body, claims):
        return False
    if _all_words_known(tokens, claims) and _numbers_bound(tokens, claims):
        return True
    if not cross:
        return False
    if _weighted_length(body) > MAX_CROSS_LENGTH * _weighted_length(" ".join(claims.texts)):
        return False
    if max((sum(1 for w in set(tokens) if _matches(w, frozenset(seq))) for seq in claims.sequences),
           default=0) < MIN_ANCHORS:
        return False
    names = _names(body, claims.script)
    found = sum(1 for n in names if _matches(n, claims.folded))
    return found == len(names) if all_names else 2 * found > len(names)


def _uncited_supported(body: str, own: _ClaimWords) -> bool:
    """Whether a sentence without ids may stay: no name (capitalised word after the first, or in quotation
    marks), no number, number word or ordinal, and every token a word of the section's claims."""
    tokens = tokenize(body)
    if not tokens or _NUMBER.search(body) or _ordinals(body) or _QUOTED.search(body):
        return False
    if any(w[:1].isupper() for w in _WORD.findall(body)[1:]) or any(_number_key(t) for t in tokens):
        return False
    return all(t in CONNECTIVES or (t not in _MONTHS and _matches(t, own.tokens)) for t in tokens)


def _fragments(text: str) -> list[tuple[str, list[str]]]:
    """The answer's sentences without links, URLs, headings, list marks and the model's own ``[n]``: ``(body
    without markers, [claim ids as written])``; a marker standing alone joins the sentence before it."""
    out: list[tuple[str, list[str]]] = []
    for raw in re.split(r"\n\s*\n", text):
        lines = [ln for ln in raw.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
        block = " ".join(re.sub(r"^\s*(?:[-*•]|\d+[.)])\s+", "", ln).strip() for ln in lines)
        block = _LINK.sub(r"\1", block)
        block = _URL.sub("", block)
        block = _NUM_MARK.sub("", block)
        for sent in split_sentences(block):
            s = sent.text
            lead = re.match(rf"^\s*(?:{_IDS.pattern}\s*)+", s)
            if lead and out and any(ch.isalnum() for ch in s[lead.end():]):
                # "Rush recorded it. [c1] Peart ...": a marker opening a sentence closes the one before it
                moved = [f"c{n}" for m in _IDS.finditer(lead.group(0)) for n in _ID.findall(m.group(1))]
                out[-1] = (out[-1][0], out[-1][1] + moved)
                s = s[lead.end():]
            ids: list[str] = []
            for m in _IDS.finditer(s):
                ids.extend(f"c{n}" for n in _ID.findall(m.group(1)))
            body = _IDS.sub("", s)
            body = _OTHER_BRACKET.sub("", body)
            body = _EMPTY_BRACKETS.sub("", body)
            body = " ".join(body.split())
            body = re.sub(r"\s+([.,;:!?。！？])", r"\1", body)
            if not any(ch.isalnum() for ch in body):
                if ids and out:  # a marker on its own after the sentence it belongs to
                    out[-1] = (out[-1][0], out[-1][1] + ids)
                continue
            out.append((body, ids))
    return out


def _unwrap_json_string(text: str) -> str:
    """``text`` decoded when a model sent its answer as a JSON string (``"Rush was ... [c1]. \\"Counterparts\\"
    ..."``: a double quote at each end, backslash escapes inside, and ``json.loads`` gives a string); otherwise
    ``text`` unchanged."""
    t = text.strip()
    if len(t) >= 2 and t[0] == t[-1] == '"' and "\\" in t:
        try:
            value = json.loads(t)
        except ValueError:
            return text
        if isinstance(value, str):
            return value
    return text


@dataclass
class _Kept:
    """A sentence the grounding keeps (so far), with what the filler checks compare."""

    body: str
    ids: list[str]
    cross: bool
    frame: tuple[str, ...]


@dataclass
class _Grounded:
    """One answer after grounding: the kept sentences, how many of its sentences there were and were dropped,
    and whether the section's claims are in another language than the report (cross-language)."""

    sentences: list[tuple[str, list[str]]]
    dropped: int
    total: int
    cross: bool
    #: kept sentences checked across languages (anchors only)
    cross_kept: int = 0
    #: unsupported sentences replaced by the cited claim's own sentence
    replaced: int = 0

    @property
    def thin(self) -> bool:
        """A cross-language answer that lost more than ``MAX_CROSS_LOSS`` of its sentences: junk."""
        return self.cross and self.total > 0 and self.dropped > MAX_CROSS_LOSS * self.total


def _frame(body: str, claims: _ClaimWords) -> tuple[str, ...]:
    """The words of a sentence that are neither the claims' words nor name-like (capitalised, not first): the
    frame a filler template repeats around a changing name."""
    out: list[str] = []
    for i, w in enumerate(_WORD.findall(body)):
        if (i > 0 and w[:1].isupper()) or any(_matches(t, claims.tokens) for t in tokenize(w)):
            continue
        out.append(w.casefold())
    return tuple(out)


def _templates(frames: list[tuple[str, ...]]) -> set[tuple[str, ...]]:
    """The frames of at least ``TEMPLATE_WORDS`` words that ``TEMPLATE_REPEATS`` or more sentences share, one
    frame counting for another when at least ``TEMPLATE_SIMILARITY`` similar (a word or two changed)."""
    long = [f for f in frames if len(f) >= TEMPLATE_WORDS]
    out: set[tuple[str, ...]] = set()
    for f in set(long):
        alike = sum(1 for g in long if g == f or SequenceMatcher(None, f, g, autojunk=False).ratio()
                    >= TEMPLATE_SIMILARITY)
        if alike >= TEMPLATE_REPEATS:
            out.add(f)
    return out


def ground_section(text: str, allowed: dict[str, VerifiedClaim], *, section_ids: list[str] | None = None,
                   instructions: str = "", language: str | None = None) -> tuple[list[tuple[str, list[str]]], int]:
    """Sentences of a model-written section with the claim ids each rests on, and how many were dropped.

    See the module docstring (step 4). ``allowed`` maps claim ids (``c3``) to the claims that may be cited;
    ``section_ids`` are the section's own claims (their words make an uncited summary sentence acceptable).
    An answer sent as a JSON string is decoded first. A cited sentence is kept only when every id it cites is
    known, those claims support it (``_supported``) and none contradicts it (``_contradicted``: a negation no
    cited claim has, or an entailment contradiction); an uncited one only when it is mostly the section's
    claims' words, with their numbers, ordinals and negations, and none of them contradicts it.
    ``instructions``: the prompt's fixed wording (without the question and claims); a sentence with at least
    ``MIN_UNCITED_OVERLAP`` of its words from it, and more from it than from the section's claims, is an echo
    of the prompt and dropped, cited or not. A sentence repeating one already kept is dropped (its ids join the
    kept one's). ``language``: the report's ISO 639-1 code; when the cited claims are clearly in another one,
    the cross-language check applies to sentences that fail the word overlap, and every sentence resting on
    such claims must hold ``MIN_ANCHORS`` of their words, must not repeat the anchors of a kept sentence, and
    must not share its frame with ``TEMPLATE_REPEATS`` - 1 other kept sentences (filler: module docstring);
    None: the claims are taken to be in the report's language (word overlap only), negations read as English.

    Returns: ``([(sentence without markers, [claim ids, known only]), ...], sentences dropped)``; a sentence
    with an empty id list is an accepted uncited summary. Never raises.
    """
    grounded = _ground(text, allowed, section_ids=section_ids, instructions=instructions, language=language)
    return grounded.sentences, grounded.dropped


def _ground(text: str, allowed: dict[str, VerifiedClaim], *, section_ids: list[str] | None, instructions: str,
            language: str | None, substitute: bool = False) -> _Grounded:
    """:func:`ground_section`, with the answer's sentence count and whether it is cross-language.

    ``substitute``: a cited sentence its claims do not support (in the claims' own language) is replaced by the
    first cited claim's own sentence instead of dropped (counted in ``replaced``), as the report writer does."""
    text = _unwrap_json_string(text)
    own_ids = [cid for cid in (section_ids or list(allowed)) if cid in allowed]
    own = _ClaimWords.of(allowed[cid].text for cid in own_ids)
    echo = set(tokenize(instructions)) - own.tokens
    everything = " ".join(c.text for c in allowed.values())
    cross_all = language is not None and foreign_language(everything, language) is not None
    cited_words: dict[tuple[str, ...], tuple[_ClaimWords, bool]] = {}
    all_names = (language or "").casefold()[:2] not in _NOUN_CAPITALS

    def foreign(texts: list[str]) -> bool:
        joined = " ".join(texts)
        if language is None:
            return False
        if sum(1 for ch in joined if ch.isalpha()) >= PROSE_LETTERS:
            return foreign_language(joined, language) is not None
        return cross_all  # too short to tell: the claims' language on the whole

    def cited(ids: list[str]) -> tuple[_ClaimWords, bool]:
        key = tuple(sorted(ids))
        if key not in cited_words:
            texts = [allowed[i].text for i in key]
            cited_words[key] = (_ClaimWords.of(texts), foreign(texts))
        return cited_words[key]

    own_cross = foreign([allowed[cid].text for cid in own_ids])
    kept: list[_Kept] = []
    seen: dict[str, int] = {}
    dropped = total = replaced = 0

    def _substitute(known: list[str]) -> bool:
        """Keep the first cited claim's own sentence (once per answer) in place of an unsupported one."""
        nonlocal replaced
        for cid in known:
            body = _sentence_text(allowed[cid].text) + "."
            key = " ".join(body.casefold().split()).rstrip(".!?。！？… ")
            if key not in seen:
                seen[key] = len(kept)
                kept.append(_Kept(body=body, ids=[cid], cross=False, frame=()))
                replaced += 1
                return True
        return False

    for body, ids in _fragments(text):
        total += 1
        known = [i for i in dict.fromkeys(ids) if i in allowed]
        if len(known) < len(set(ids)):
            dropped += 1  # an invented id: alone, the claim does not exist; beside real ones, it taints the rest
            continue
        check = _spelled(body)  # what is checked: "No. 1" is "number 1" (the published sentence is unchanged)
        words = set(tokenize(check))
        if known:
            behind, cross = cited(known)
            if not _supported(check, behind, cross=cross, all_names=all_names):
                # cites real claims but says something they do not: in the claims' own language the cited
                # claim's own sentence takes its place (the model chose what to say here; the claim says it
                # truly), else it is dropped
                if substitute and not cross and _substitute(known):
                    continue
                dropped += 1
                continue
            cross = cross and not _all_words_known(tokenize(check), behind)  # checked on anchors only
        else:
            behind, cross = own, False
            if not _uncited_supported(check, own):
                dropped += 1  # a new statement with no claim behind it (or a name or number none cites)
                continue
        if _contradicted(check, behind, language, cross=cross or (own_cross and not known)) is not None:
            # the claims' words, the opposite meaning ("is not", "never", "first" for "third")
            if substitute and known and not cross and _substitute(known):
                continue
            dropped += 1
            continue
        anchors = frozenset(_anchors(check, behind)) if cross else frozenset()
        if cross and len(anchors) < MIN_ANCHORS:
            dropped += 1  # filler: nothing the claims could confirm but a name ("... về The Kristen")
            continue
        if echo and words and len(words & echo) / len(words) >= MIN_UNCITED_OVERLAP \
                and len(words & echo) > len(words & own.tokens):
            dropped += 1  # the prompt's instructions given back, not prose about the claims
            continue
        key = " ".join(body.casefold().split()).rstrip(".!?。！？… ")
        if key in seen:
            dropped += 1  # a repeat (a model going round in circles)
            earlier = kept[seen[key]]
            earlier.ids = list(dict.fromkeys(earlier.ids + known))
            continue
        if any(SequenceMatcher(None, key, k, autojunk=False).ratio() >= NEAR_IDENTICAL for k in seen):
            dropped += 1  # near-identical text again; a sentence merely sharing names with a kept one stays
            continue
        seen[key] = len(kept)
        kept.append(_Kept(body=body, ids=known, cross=cross, frame=_frame(body, behind) if cross else ()))
    templates = _templates([k.frame for k in kept if k.cross])
    final = [k for k in kept if not (k.cross and k.frame in templates)]  # one frame, names swapped in: filler
    dropped += len(kept) - len(final)
    return _Grounded(sentences=[(k.body, k.ids) for k in final], dropped=dropped, total=total, cross=own_cross,
                     cross_kept=sum(1 for k in final if k.cross), replaced=replaced)


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


def _heading_grounded(text: str, claims: _ClaimWords) -> bool:
    """Whether a model's title or heading says nothing its claims do not: at most ``MAX_HEADING_WORDS`` words,
    each token a word of ``claims`` (names and number words included) or a generic heading word
    (``_HEADING_WORDS``: "Answer", "Background", "Research report", the report's own words), its numbers the
    claims'. "Neil Peart was murdered in Port Dalhousie in 1999" or "Rush won a Grammy Award in 2010" is not."""
    if len(text.split()) > MAX_HEADING_WORDS or not _numbers_known(text, claims):
        return False
    tokens = tokenize(text)
    return all(t in _HEADING_WORDS or _word_known(t, tokens[i - 1] if i else "", claims)
               for i, t in enumerate(tokens))


def _localize_outline(title: str, headings: list[str], language: str, *,
                      grounds: tuple[_ClaimWords, list[_ClaimWords]] | None = None) -> tuple[str, list[str], int]:
    """The outline's (sanitised) title and section headings with those clearly in another language than
    ``language``, or empty, replaced by the report's own words (module docstring, step 5): ``(title, headings,
    how many replaced)``. Title and headings are tested together first (every one replaced when the lot is
    foreign), then one by one; from ``HEADING_LETTERS`` letters. A language without its own words (not in
    ``REPORT_WORDS``) keeps the model's (an empty one gets the English word). A section heading that reads as
    the report's Sources or What-is-missing heading is replaced too: the judges would take the section's prose
    for the source list. ``grounds``: what the title (the question and every claim shown) and each heading (its
    section's claims) may say: one saying more (:func:`_heading_grounded`) is replaced too."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    known = code in REPORT_WORDS

    def foreign(text: str) -> bool:
        return known and foreign_language(text, language, min_letters=HEADING_LETTERS) is not None

    words = report_words(language)
    every = foreign(". ".join([title, *headings]))
    title_words, heading_words = grounds if grounds is not None else (None, [None] * len(headings))

    def ungrounded(text: str, claims: _ClaimWords | None) -> bool:
        return claims is not None and not _heading_grounded(text, claims)

    new_title = words.title if not title or every or foreign(title) or ungrounded(title, title_words) else title
    replace = [i for i, h in enumerate(headings) if not h or every or foreign(h) or heading_kind(h) is not None
               or ungrounded(h, heading_words[i])]
    later = [i for i in replace if i > 0]
    out = list(headings)
    for i in replace:
        if i == 0:
            out[i] = words.answer
        else:
            out[i] = f"{words.findings} {later.index(i) + 1}" if len(later) > 1 else words.findings
    return new_title, out, len(replace) + int(new_title != title)


async def write_report(calls: ModelCalls, question: str, claims: list[VerifiedClaim],
                       sources: dict[str, SourceInfo], *, language: str = "en", missing: list[str] | None = None,
                       max_claims: int = 40, no_sources: bool = False, context: int = DEFAULT_CONTEXT_TOKENS,
                       section_tokens: int = 1024) -> SynthOutcome:
    """Write the report with the synthesizer model (see the module docstring).

    ``language``: the report's ISO 639-1 code; prose, title and headings clearly in another language are not
    published (step 5). ``context``: the smallest context window of the role's models, tokens;
    ``section_tokens``: one section call's output limit, tokens.

    Returns: :class:`SynthOutcome`; ``degraded`` with a recorded ``StageDegraded`` reason when the outline failed
    (offline report) or a section was written extractively (e.g. "the synthesizer model wrote in en, report
    language vi: 2 report section(s) written extractively"). Never raises on model output.
    """
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


def _balanced(text: str) -> str:
    """``text`` without the parentheses that have no partner (what is left of a removed link or URL)."""
    opened: list[int] = []
    drop: set[int] = set()
    for i, ch in enumerate(text):
        if ch == "(":
            opened.append(i)
        elif ch == ")":
            if opened:
                opened.pop()
            else:
                drop.add(i)
    drop.update(opened)
    return "".join(ch for i, ch in enumerate(text) if i not in drop)


def sanitize_heading(text: str) -> str:
    """A model-written title or heading made safe to publish as one Markdown heading line.

    Removed: ``<script>``/``<style>`` blocks and every HTML tag (``<...>``, also one left open), Markdown links
    and images (their text is kept unless it is a URL or a citation mark such as ``9`` or ``c1``), bare URLs
    (``https://``, ``www.``, ``javascript:``, ...), claim-id and ``[n]`` marks, brackets, and ``#`` at either
    end; whitespace (line breaks included) is collapsed and the result cut at a word boundary to at most
    ``MAX_HEADING_CHARS`` (120) characters.

    Returns: the clean text, possibly empty (the caller then uses the report's own word for it,
    ``services.synthesizer.offline.report_words``). Never raises.
    """
    t = " ".join(str(text or "").split())
    t = _SCRIPT_BLOCK.sub(" ", t)

    def link(m: re.Match[str]) -> str:
        inner = m.group(1).strip()
        return "" if _ANY_URL.search(inner) or _MARK_ONLY.match(inner) or not inner else f" {inner} "

    previous = None
    while previous != t:  # links inside link texts, tags built from the pieces of others
        previous = t
        t = _ANY_LINK.sub(link, t)
        t = _TAG.sub(" ", t)
    t = _ANY_URL.sub(" ", t)
    t = _IDS.sub(" ", t)
    t = _NUM_MARK.sub(" ", t)
    t = re.sub(r"[\[\]<>]", " ", t)
    t = _EMPTY_BRACKETS.sub(" ", _balanced(t))
    t = " ".join(t.split())
    while t and (t[0] == "#" or t[-1] == "#"):
        t = t.strip("#").strip()
    t = re.sub(r"\s+([.,;:!?])", r"\1", t)
    if len(t) > MAX_HEADING_CHARS:
        cut = t[:MAX_HEADING_CHARS]
        space = cut.rfind(" ")
        t = (cut[:space] if space > MAX_HEADING_CHARS // 2 else cut).rstrip(" ,;:-–—")
    return t


def _fixed_heading(plan: OutlineAnswer, name: str, localized: str, language: str) -> str:
    """The Sources or What-is-missing heading: the table's word in the report's language
    (``services.synthesizer.offline.REPORT_WORDS``) when the language has its own words (a model's "Sources (all
    confirm Rush was banned in Canada)" is never published); otherwise the outline's word (sanitised:
    :func:`sanitize_heading`) when it has at most ``MAX_FIXED_HEADING_WORDS`` words and no digit, else the
    English word."""
    code = re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]
    if code in REPORT_WORDS or name not in plan.model_fields_set:
        return localized
    given = sanitize_heading(str(getattr(plan, name)))
    if not given.strip() or len(given.split()) > MAX_FIXED_HEADING_WORDS or any(ch.isdigit() for ch in given) \
            or foreign_language(given, language, min_letters=HEADING_LETTERS) is not None:
        return localized
    return given


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
            paragraph.append(_with_markers(body, marks))
        lines += [" ".join(paragraph), ""]
    lines += closing_lines(
        missing, numbers, sources,
        missing_heading=_escape(_fixed_heading(plan, "missing_heading", words.missing, language)),
        sources_heading=_escape(_fixed_heading(plan, "sources_heading", words.sources, language)),
        title_of=lambda sid, info: sanitize_heading(info.title) or sid)
    return Report(markdown="\n".join(lines).rstrip() + "\n", citations=citations,
                  used_claim_ids=[by_id[c].claim_id for c in cited])
