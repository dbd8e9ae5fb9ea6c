"""Grounding of model-written prose: which sentences of a section answer the claims they cite support (step 4 of
:mod:`services.synthesizer.model`'s docstring, where the rules are written out in full).

:func:`ground_section` (public) and ``_ground`` (with the counts the writer needs) read a model's answer into
sentences with the claim ids each rests on, dropping (or replacing by the cited claim's own sentence) every
sentence that cites an unknown id, says more or other than its cited claims, negates or contradicts them, echoes
the prompt, repeats a kept sentence, or, across languages, is filler. ``_ClaimWords`` and the word, number and
name checks are also used by the heading checks (:mod:`services.synthesizer.headings`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import SequenceMatcher

from services.synthesizer.offline import _sentence_text
from shared.evidence import VerifiedClaim
from shared.text.entailment import entailment
from shared.text.language import NUMBER_ABBREVIATION_RE, foreign_language, has_negation, negation_cues
from shared.text.numbers import ORDINAL_SUFFIXES, word_value
from shared.text.tokens import split_sentences, tokenize

__all__ = ["ground_section", "CONNECTIVES", "MIN_ANCHORS", "MAX_CROSS_LOSS", "NEAR_IDENTICAL", "NUMBER_WINDOW"]

#: share of a sentence's words from the prompt's instructions that makes it an echo of the prompt
MIN_UNCITED_OVERLAP = 0.6
#: letters of prose needed to tell its language (fewer: the section is taken as written in the report's)
PROSE_LETTERS = 40
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
#: month names: a date's words, matched exactly ("August" is not "September")
_MONTH_ORDER = ("january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december")
_MONTHS = frozenset(_MONTH_ORDER)

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
        elif t.isdigit() and i + 1 < len(tokens) and tokens[i + 1] in ORDINAL_SUFFIXES:
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
    value = word_value(token)  # number words: read as numbers, never stemmed
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
    if token in ORDINAL_SUFFIXES and previous[:1].isdigit():
        return True  # "3rd": the ordinal check judges it
    return token in CONNECTIVES or _matches(token, claims.tokens)


def _all_words_known(tokens: list[str], claims: _ClaimWords) -> bool:
    """Every token of a sentence is a word of the claims (:func:`_word_known`)."""
    return all(_word_known(t, tokens[i - 1] if i else "", claims) for i, t in enumerate(tokens))


def _is_neighbour(token: str) -> bool:
    return _number_key(token) is None and token not in CONNECTIVES and token not in ORDINAL_SUFFIXES


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
    return NUMBER_ABBREVIATION_RE.sub("number ", text)


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


