"""The figures of ``assay eval``, as pure functions (definitions: ``../shared/EVAL.md``).

Nothing here touches the bus or the store: each function takes plain values (report Markdown, ids, scores)
and returns numbers, so the suites and the tests compute the same thing.

- :func:`norm`, :func:`contains_answer`: EVAL.md's answer test (lower case, every run of non-word characters
  one space, stripped; the gold answer or an alias is a substring of the text, at word boundaries);
- :func:`report_body`, :func:`lead_section`: the report with its heading lines removed, and its lead (the
  section that answers the question: the "Answer" section in any language of ``shared.report``, else the first
  section after the title);
- :func:`squad_em`, :func:`squad_f1`: SQuAD answer normalisation, exact match and token F1 (best over aliases);
- :func:`cited_precision`, :func:`all_gold_cited`: citation figures of one report against its gold sources;
- :func:`auroc`: area under the ROC curve (Mann-Whitney, ties count one half);
- :func:`reliability`: confidence buckets with their question counts and share answered;
- :func:`summarize_times`: mean, median and p95 (nearest rank) of a list of seconds;
- :func:`alce_citation_scores`: ALCE citation recall and precision of one report (``compute_autoais``).
"""

from __future__ import annotations

import math
import re
import statistics
import string
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from shared.report import REPORT_WORDS

_NON_WORD = re.compile(r"\W+")
_HEADING = re.compile(r"^\s{0,3}#{1,6}(\s|$)")
_CITATION = re.compile(r"\[(\d+)\]")
_ARTICLES = re.compile(r"\b(a|an|the)\b")
_PUNCT = frozenset(string.punctuation)


def norm(text: str) -> str:
    """EVAL.md's ``norm``: lower case, every run of non-word characters replaced by one space, stripped."""
    return _NON_WORD.sub(" ", (text or "").lower()).strip()


def contains_answer(text: str, answers: str | Iterable[str]) -> bool:
    """Whether ``norm`` of any of ``answers`` (one string or several aliases) is a substring of ``norm(text)``,
    starting and ending at word boundaries (so the answer "no" is not found inside "known" or "north", nor
    "Rush" inside "Rushmore": a yes/no answer would otherwise be found in nearly every report). An answer that
    normalises to nothing never matches."""
    golds = [answers] if isinstance(answers, str) else list(answers)
    hay = f" {norm(text)} "
    return any(n and f" {n} " in hay for n in (norm(a) for a in golds))


def _heading_key(line: str) -> str:
    return " ".join(line.strip().lstrip("#").strip().rstrip(":：").split()).casefold()


#: every language's "Answer" heading (``shared.report.REPORT_WORDS``), case-folded, without ``#``
ANSWER_HEADINGS: frozenset[str] = frozenset(_heading_key(w.answer) for w in REPORT_WORDS.values())


def is_heading(line: str) -> bool:
    """Whether ``line`` is a Markdown ATX heading (``#`` to ``######`` then a space or the end)."""
    return bool(_HEADING.match(line))


def report_body(report: str) -> str:
    """The report with every Markdown heading line removed, stripped (EVAL.md: "the body")."""
    return "\n".join(line for line in (report or "").splitlines() if not is_heading(line)).strip()


def _sections(report: str) -> list[tuple[str | None, str]]:
    """(heading text or None for text before any heading, section text) in order; headings of level 1 (the
    title) open a section too."""
    sections: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in (report or "").splitlines():
        if is_heading(line):
            sections.append((line, []))
        else:
            sections[-1][1].append(line)
    return [(h, "\n".join(lines).strip()) for h, lines in sections]


def lead_section(report: str) -> str:
    """The lead of a report: the direct answer that opens it.

    The section under the "Answer" heading in any language of ``shared.report.REPORT_WORDS`` ("## Answer",
    "## Réponse", "## 答案" ...); a report without one: the text between the title (the first ``#`` heading)
    and the next heading, or when that is empty the first non-empty section after the title. Returns the
    section's text, stripped ("" for an empty report)."""
    sections = _sections(report)
    for heading, text in sections:
        if heading is not None and _heading_key(heading) in ANSWER_HEADINGS:
            return text
    after_title = sections[1:] if len(sections) > 1 and (sections[1][0] or "").lstrip().startswith("# ") \
        else sections
    if after_title and after_title[0][1]:
        return after_title[0][1]
    return next((text for _, text in after_title[1:] if text), "")


def strip_citations(text: str) -> str:
    """``text`` without ``[n]`` citation markers (spaces folded)."""
    text = " ".join(_CITATION.sub(" ", text).split())
    return re.sub(r"\s+([.,;:!?])", r"\1", text)


def squad_normalize(text: str) -> str:
    """SQuAD answer normalisation: lower case, punctuation removed, articles removed, spaces folded."""
    text = "".join(ch for ch in (text or "").lower() if ch not in _PUNCT)
    return " ".join(_ARTICLES.sub(" ", text).split())


def squad_em(prediction: str, answers: str | Iterable[str]) -> float:
    """SQuAD exact match (1.0 or 0.0) of ``prediction`` against the best of ``answers``."""
    golds = [answers] if isinstance(answers, str) else list(answers)
    p = squad_normalize(prediction)
    return float(any(p == squad_normalize(g) for g in golds))


def squad_f1(prediction: str, answers: str | Iterable[str]) -> float:
    """SQuAD token F1 (0-1) of ``prediction`` against the best of ``answers`` (yes/no/noanswer must match
    exactly, as in the HotpotQA evaluation script)."""
    golds = [answers] if isinstance(answers, str) else list(answers)
    best = 0.0
    p = squad_normalize(prediction)
    for g in golds:
        gn = squad_normalize(g)
        if gn in ("yes", "no", "noanswer") or p in ("yes", "no", "noanswer"):
            best = max(best, float(p == gn))
            continue
        common = Counter(p.split()) & Counter(gn.split())
        same = sum(common.values())
        if same == 0:
            continue
        precision, recall = same / len(p.split()), same / len(gn.split())
        best = max(best, 2 * precision * recall / (precision + recall))
    return best


def cited_precision(cited: set[str], gold: set[str]) -> float:
    """Share of the cited sources that are gold (0-1); a report citing nothing scores 0 (it cannot be
    precise about sources it does not give)."""
    return len(cited & gold) / len(cited) if cited else 0.0


def all_gold_cited(cited: set[str], gold: set[str]) -> bool:
    """Whether every gold source is cited (False when there is no gold source)."""
    return bool(gold) and gold <= cited


def auroc(scores: Sequence[float], labels: Sequence[bool | int]) -> float | None:
    """Area under the ROC curve of ``scores`` against binary ``labels`` (1 = positive), 0-1.

    The Mann-Whitney statistic: the share of (positive, negative) pairs where the positive scores higher, a
    tie counting one half. None when either class is empty (undefined). Raises ValueError when the lengths
    differ."""
    if len(scores) != len(labels):
        raise ValueError(f"{len(scores)} scores but {len(labels)} labels")
    pos = [float(s) for s, y in zip(scores, labels) if y]
    neg = [float(s) for s, y in zip(scores, labels) if not y]
    if not pos or not neg:
        return None
    # rank-sum with average ranks for ties: O(n log n)
    ordered = sorted((s, bool(y)) for s, y in zip(scores, labels))
    rank_sum_pos = 0.0
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1][0] == ordered[i][0]:
            j += 1
        avg_rank = (i + j) / 2 + 1
        rank_sum_pos += avg_rank * sum(1 for k in range(i, j + 1) if ordered[k][1])
        i = j + 1
    u = rank_sum_pos - len(pos) * (len(pos) + 1) / 2
    return u / (len(pos) * len(neg))


class Bucket(NamedTuple):
    """One row of the reliability table: confidence in [low, high) (the last bucket includes 1.0),
    ``questions`` in it and the ``answered`` share (None when empty)."""

    low: float
    high: float
    questions: int
    answered: float | None


def reliability(scores: Sequence[float], answered: Sequence[bool | int], *, buckets: int = 5) -> list[Bucket]:
    """The reliability table: ``buckets`` equal confidence buckets over 0-1 (0-0.2, ..., 0.8-1.0), each with
    its number of questions and share answered. Scores outside 0-1 are clamped. Raises ValueError when the
    lengths differ or ``buckets`` < 1."""
    if len(scores) != len(answered):
        raise ValueError(f"{len(scores)} scores but {len(answered)} answered flags")
    if buckets < 1:
        raise ValueError("buckets must be at least 1")
    counts = [0] * buckets
    hits = [0] * buckets
    for s, a in zip(scores, answered):
        b = min(buckets - 1, max(0, math.floor(min(1.0, max(0.0, float(s))) * buckets)))
        counts[b] += 1
        hits[b] += bool(a)
    return [Bucket(round(b / buckets, 6), round((b + 1) / buckets, 6), counts[b],
                   (hits[b] / counts[b]) if counts[b] else None) for b in range(buckets)]


def p95(values: Sequence[float]) -> float:
    """95th percentile, nearest rank (0.0 for no values)."""
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered), max(1, math.ceil(0.95 * len(ordered)))) - 1]


def summarize_times(seconds: Sequence[float]) -> dict[str, float]:
    """{"mean", "median", "p95"} of ``seconds`` (zeros for no values)."""
    if not seconds:
        return {"mean": 0.0, "median": 0.0, "p95": 0.0}
    return {"mean": statistics.fmean(seconds), "median": statistics.median(seconds), "p95": p95(seconds)}


def cited_sentences(report: str) -> list[tuple[str, list[int]]]:
    """The sentences of a report's body before its "What is missing" / "Sources" sections that carry ``[n]``
    citations: (sentence without markers, the cited ``n`` in order, de-duplicated)."""
    from shared.report import heading_kind
    from shared.text.tokens import split_sentences

    kept: list[str] = []
    for line in (report or "").splitlines():
        if is_heading(line):
            if heading_kind(line) is not None:
                break
            continue
        kept.append(line)
    out: list[tuple[str, list[int]]] = []
    for sent in split_sentences("\n".join(kept)):
        ns = list(dict.fromkeys(int(n) for n in _CITATION.findall(sent.text)))
        text = strip_citations(sent.text).lstrip("-*• ").strip()
        if ns and text:
            out.append((text, ns))
    return out


def alce_citation_scores(sentences: Sequence[tuple[str, Sequence[str]]],
                         entails: Callable[[str, str], bool]) -> tuple[int, int, int, int]:
    """ALCE citation recall and precision counts of one report (ALCE ``compute_autoais``).

    ``sentences``: (sentence, the passages its citations point at, one per citation); ``entails(passage,
    sentence)``: the entailment judge. A sentence is recalled when its passages joined entail it. A citation
    is precise when its sentence is recalled and either the sentence has one citation, or its passage entails
    the sentence alone, or removing it breaks the entailment of the rest.
    Returns (sentences recalled, sentences, precise citations, citations)."""
    recalled = precise = total_cites = 0
    for sentence, passages in sentences:
        passages = list(passages)
        total_cites += len(passages)
        joint = bool(passages) and entails("\n".join(passages), sentence)
        recalled += joint
        if not joint:
            continue
        if len(passages) == 1:
            precise += 1
            continue
        for i, passage in enumerate(passages):
            if entails(passage, sentence):
                precise += 1
                continue
            rest = passages[:i] + passages[i + 1:]
            if not (rest and entails("\n".join(rest), sentence)):
                precise += 1
    return recalled, len(sentences), precise, total_cites
