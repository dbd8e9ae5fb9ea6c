"""Judge engine: rubric scores with a label that must agree with its rationale, and Chain-of-Verification.

**Rubric** (``judge`` role, :class:`~shared.llm.schemas.RubricAnswer`): factual accuracy 0-33, citation
density 0-33, coverage 0-34, an overall label (excellent / good / fair / poor) and a rationale. The model sees
the question, the report (trimmed to its context window) and the facts code knows (how many of the report's
claims are verified, how many sentences carry a citation). Code then checks that the label agrees with the
rationale and with the scores: the label must be within one band of the total's band (>= 85 excellent,
>= 70 good, >= 50 fair, else poor) and a rationale that reads clearly negative (or positive) cannot carry a
top (or bottom) label. A disagreeing answer is asked again once, saying what disagrees; a second disagreement
gives the offline rubric and marks the stage degraded.

**CoVe** (``cove`` role, factored variant of Chain-of-Verification):

1. plan (:class:`~shared.llm.schemas.CovePlan`): 3-5 verification questions, each about one statement of the
   report (a statement not found in the report is dropped; fewer than 3 are topped up with questions on cited
   report sentences);
2. answer each question **independently** (one call per question, concurrently) from the evidence only: the
   cited claims and their evidence quotes, never the report nor the other questions
   (:class:`~shared.llm.schemas.CoveFactAnswer`);
3. cross-check (:class:`~shared.llm.schemas.CoveVerdicts`): does each independent answer agree with the
   statement? An unanswerable question counts as a disagreement (the evidence does not back the statement).

The report is **flagged** when more than half of the questions disagree. If the model cannot plan or answer,
the offline check runs instead (each chosen cited sentence against its own evidence quotes with the lexical
entailment engine) and the stage is degraded.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

from services.judge.offline import Judgement
from shared.llm.calls import DEFAULT_CONTEXT_TOKENS, ModelCalls, fit_chars
from shared.llm.loops import LoopGuard
from shared.llm.schemas import CoveFactAnswer, CovePlan, CoveVerdicts, RubricAnswer
from shared.llm.untrusted import quote_data
from shared.report import SOURCE_ENTRY_RE, heading_kind
from shared.text.entailment import entailment
from shared.text.language import describe_language
from shared.text.tokens import split_sentences, tokenize

__all__ = ["CoveCheckResult", "CoveOutcome", "JudgeOutcome", "cove_offline", "judge_report", "label_band",
           "label_disagreement", "self_verify", "split_sources", "cited_statements"]

DEADLINE_S = 180.0
MIN_QUESTIONS, MAX_QUESTIONS = 3, 5
BANDS = ("poor", "fair", "good", "excellent")
_MARK = re.compile(r"\[(\d+)\]")
_NEGATIVE = re.compile(r"\b(unsupported|inaccurate|incorrect|wrong|false|fabricat\w*|hallucinat\w*|missing|"
                       r"lacks?|lacking|fails?|failed|poor(?:ly)?|weak|vague|irrelevant|no citations?|"
                       r"uncited|misleading|contradict\w*|incomplete|does not answer|doesn't answer)\b",
                       re.IGNORECASE)
_POSITIVE = re.compile(r"\b(accurate(?:ly)?|well[- ]supported|supported|thorough(?:ly)?|comprehensive|complete|"
                       r"clear(?:ly)?|excellent|strong|well[- ]cited|fully|correct(?:ly)?|relevant|detailed|"
                       r"answers the question)\b", re.IGNORECASE)

RUBRIC = ("You are the judge of a research assistant's reports. Score the report with this rubric: factual "
          "accuracy 0-33 (are its statements backed by verified evidence), citation density 0-33 (share of its "
          "statements that carry a citation), coverage 0-34 (how fully it answers the question). Then give the "
          "overall label (excellent, good, fair or poor) that your rationale supports, and the rationale.")
COVE_PLAN = ("You check a research report with verification questions. For 3 to 5 important factual statements "
             "of the report, write one short question whose answer would confirm or refute the statement, and "
             "quote the statement.")
COVE_ANSWER = ("Answer the question using only the evidence below, in one sentence. If the evidence does not "
               "answer it, say so and set answerable to false.")
COVE_CROSS = ("For each numbered pair, say whether the independent answer agrees with the statement (true) or "
              "not (false). An answer saying the evidence does not tell is not agreement.")


@dataclass
class JudgeOutcome:
    """What ``ReportJudged`` records."""

    judgement: dict[str, Any]
    engine: str
    degraded: bool
    label: str | None = None
    attempts: int = 0


@dataclass
class CoveCheckResult:
    question: str
    statement: str
    answer: str
    agrees: bool

    def as_dict(self) -> dict[str, Any]:
        return {"question": self.question, "statement": self.statement, "answer": self.answer,
                "agrees": self.agrees}


@dataclass
class CoveOutcome:
    """What ``SelfVerificationCompleted`` records."""

    checks: list[CoveCheckResult] = field(default_factory=list)
    engine: str = "offline"
    degraded: bool = False

    @property
    def disagreed(self) -> int:
        return sum(1 for c in self.checks if not c.agrees)

    @property
    def flagged(self) -> bool:
        """More than half of the verification questions disagree with the report."""
        return bool(self.checks) and self.disagreed * 2 > len(self.checks)

    def record(self) -> dict[str, Any]:
        """Keyword arguments for the store's ``self_verification`` record."""
        return {"checks": [c.as_dict() for c in self.checks], "asked": len(self.checks),
                "disagreed": self.disagreed, "flagged": self.flagged, "engine": self.engine,
                "degraded": self.degraded}


# ---- the report's parts -------------------------------------------------------------------------------------
def split_sources(markdown: str) -> tuple[str, str]:
    """(body, sources section) of a report: the last ``##`` section is the source list when its lines are all
    ``- [n] title — where`` entries (whatever its heading's language), or when its heading is "Sources" in a
    language of ``services.synthesizer.offline.REPORT_WORDS`` (``heading_kind``). No such section: (markdown, "")."""
    lines = markdown.splitlines()
    heads = [i for i, ln in enumerate(lines) if ln.startswith("## ")]
    if heads:
        last = heads[-1]
        rest = [ln for ln in lines[last + 1:] if ln.strip()]
        if rest and (all(SOURCE_ENTRY_RE.match(ln) for ln in rest) or heading_kind(lines[last]) == "sources"):
            return "\n".join(lines[:last]).rstrip() + "\n", "\n".join(lines[last:])
    return markdown, ""


def cited_statements(body: str) -> list[tuple[str, list[int]]]:
    """Body sentences (headings and list markers aside) with the ``[n]`` they carry."""
    out: list[tuple[str, list[int]]] = []
    for line in body.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        line = re.sub(r"^(?:[-*•]|\d+[.)])\s+", "", line)
        for s in split_sentences(line):
            out.append((_MARK.sub("", s.text).replace(" .", ".").strip(), [int(n) for n in _MARK.findall(s.text)]))
    return out


# ---- rubric -------------------------------------------------------------------------------------------------
def label_band(total: int) -> str:
    """The label a total score (0-100) reads as."""
    return "excellent" if total >= 85 else "good" if total >= 70 else "fair" if total >= 50 else "poor"


def label_disagreement(answer: RubricAnswer) -> str | None:
    """Why the label disagrees with the scores or the rationale, or None when they agree."""
    total = answer.factual_accuracy + answer.citation_density + answer.coverage
    band = label_band(total)
    if abs(BANDS.index(answer.label) - BANDS.index(band)) > 1:
        return f"the label {answer.label!r} does not match the scores (total {total}/100 reads as {band!r})"
    neg = len(_NEGATIVE.findall(answer.rationale))
    pos = len(_POSITIVE.findall(answer.rationale)) - len(re.findall(r"\bunsupported\b", answer.rationale, re.I))
    if answer.label in ("excellent", "good") and neg >= 2 and neg > pos + 1:
        return f"the label {answer.label!r} disagrees with a rationale that reads negative"
    if answer.label == "poor" and pos >= 2 and pos > neg + 1:
        return "the label 'poor' disagrees with a rationale that reads positive"
    return None


async def judge_report(calls: ModelCalls, markdown: str, *, question: str, language: str, offline: Judgement,
                       claims_used: int, claims_supported: int, context: int = DEFAULT_CONTEXT_TOKENS
                       ) -> JudgeOutcome:
    """Rubric scores from the judge model, checked (see the module docstring). ``offline`` is the offline
    rubric: the fallback. Never raises on model output."""
    body, _ = split_sources(markdown)
    statements = cited_statements(body)
    cited = sum(1 for _, ns in statements if ns)
    facts = (f"Facts checked by code: {claims_supported} of the {claims_used} claims the report uses are verified "
             f"as supported by their evidence; {cited} of its {len(statements)} sentences carry a citation.")
    room = fit_chars(context, reserve_tokens=500, fixed=RUBRIC + question + facts)
    report = markdown if len(markdown) <= room else markdown[:room] + "\n[... report cut to fit ...]"
    messages: list[dict[str, str]] = [
        {"role": "system", "content": RUBRIC},
        {"role": "user", "content": f"Question: {question}\n\nReport (written in {describe_language(language)}):"
                                    f"\n{quote_data(report, 'report')}\n\n{facts}"}]
    guard = LoopGuard(2)
    attempts = 0
    problem: str | None = None
    while guard.step():
        attempts += 1
        answer = await calls.ask("judge", messages, schema=RubricAnswer, max_tokens=500, deadline_s=DEADLINE_S)
        if answer is None:
            break
        value: RubricAnswer = answer.value
        problem = label_disagreement(value)
        if problem is None:
            total = value.factual_accuracy + value.citation_density + value.coverage
            return JudgeOutcome(judgement={
                "factual_accuracy": value.factual_accuracy, "citation_density": value.citation_density,
                "coverage": value.coverage, "total": total,
                "rationale": f"{value.label}: {value.rationale}"[:2000], "engine": calls.engine()},
                engine=calls.engine(), degraded=calls.degraded, label=value.label, attempts=attempts)
        messages = [*messages, {"role": "assistant", "content": answer.text[:2000]},
                    {"role": "user", "content": f"Your answer is inconsistent: {problem}. Answer again with "
                                                f"scores, label and rationale that agree."}]
    if problem is not None:
        await calls.degrade(f"judge label disagrees with its rationale twice ({problem}): offline rubric used")
    return JudgeOutcome(judgement={
        "factual_accuracy": int(offline.factual_accuracy), "citation_density": int(offline.citation_density),
        "coverage": int(offline.coverage), "total": int(offline.total), "rationale": offline.rationale,
        "engine": calls.engine(offline_used=True)}, engine=calls.engine(offline_used=True), degraded=True,
        attempts=attempts)


# ---- CoVe ---------------------------------------------------------------------------------------------------
def _pick_statements(statements: list[tuple[str, list[int]]], k: int) -> list[tuple[str, list[int]]]:
    """Up to ``k`` cited statements spread over the report (first, last and evenly between)."""
    cited = [s for s in statements if s[1] and len(tokenize(s[0])) >= 3]
    if len(cited) <= k:
        return cited
    step = (len(cited) - 1) / (k - 1) if k > 1 else 0
    return [cited[round(i * step)] for i in range(k)]


def _agrees(statement: str, texts: list[str]) -> bool:
    """Some text supports the statement (lexical entailment) or holds at least half of its words, without
    contradicting it."""
    for t in texts:
        e = entailment(statement, t)
        if e.label == "supported" or (e.label == "neutral" and e.score <= 0.5):
            return True
    return False


def cove_offline(markdown: str, evidence_by_n: dict[int, list[str]], *, engine: str = "offline",
                 degraded: bool = False, k: int = MAX_QUESTIONS) -> CoveOutcome:
    """The model-free check: each chosen cited statement against its own evidence quotes (lexical entailment;
    agreement = some quote supports it, or covers at least half of its words)."""
    body, _ = split_sources(markdown)
    checks = []
    for text, ns in _pick_statements(cited_statements(body), k):
        quotes = [q for n in ns for q in evidence_by_n.get(n, [])]
        agrees = _agrees(text, quotes)
        checks.append(CoveCheckResult(question=f"Does the evidence state that {text.rstrip('.')}?", statement=text,
                                      answer=(quotes[0] if quotes else "no evidence")[:500], agrees=agrees))
    return CoveOutcome(checks=checks, engine=engine, degraded=degraded)


def _in_report(statement: str, body: str) -> bool:
    words = set(tokenize(statement))
    return bool(words) and len(words & set(tokenize(body))) / len(words) >= 0.6


async def self_verify(calls: ModelCalls, markdown: str, *, question: str, evidence: list[str],
                      evidence_by_n: dict[int, list[str]], context: int = DEFAULT_CONTEXT_TOKENS) -> CoveOutcome:
    """Factored CoVe with the cove model (see the module docstring). Never raises on model output."""
    body, _ = split_sources(markdown)
    room = fit_chars(context, reserve_tokens=600, fixed=COVE_PLAN + question)
    plan = await calls.ask("cove", [{"role": "system", "content": COVE_PLAN},
                                    {"role": "user", "content": f"Question: {question}\n\nReport:\n{quote_data(body[:room], 'report')}"}],
                           schema=CovePlan, max_tokens=600, deadline_s=DEADLINE_S)
    if plan is None:
        return cove_offline(markdown, evidence_by_n, engine=calls.engine(offline_used=True), degraded=True)
    pairs: list[tuple[str, str]] = []
    for check in plan.value.checks:
        if len(pairs) >= MAX_QUESTIONS:
            break
        if _in_report(check.statement, body) and all(check.question != q for q, _ in pairs):
            pairs.append((check.question, check.statement))
    for text, _ in _pick_statements(cited_statements(body), MAX_QUESTIONS):
        if len(pairs) >= MIN_QUESTIONS:
            break
        if all(text != s for _, s in pairs):
            pairs.append((f"Does the evidence state that {text.rstrip('.')}?", text))
    if not pairs:
        return CoveOutcome(checks=[], engine=calls.engine(), degraded=calls.degraded)
    ev_room = fit_chars(context, reserve_tokens=300, fixed=COVE_ANSWER + " " * 300)
    listing, used = [], 0
    for i, e in enumerate(dict.fromkeys(evidence), 1):
        line = f"[{i}] {' '.join(e.split())}"
        if used + len(line) > ev_room:
            break
        listing.append(line)
        used += len(line) + 1
    evidence_text = "\n".join(listing) or "(no evidence)"
    answers = await asyncio.gather(*(calls.ask("cove", [
        {"role": "system", "content": COVE_ANSWER},
        {"role": "user", "content": f"Evidence:\n{quote_data(evidence_text, 'evidence')}\n\nQuestion: {q}"}],
        schema=CoveFactAnswer, max_tokens=200, deadline_s=DEADLINE_S) for q, _ in pairs))
    if all(a is None for a in answers):
        return cove_offline(markdown, evidence_by_n, engine=calls.engine(offline_used=True), degraded=True)
    numbered = "\n".join(f"{i}. Statement: {s}\n   Independent answer: "
                         f"{a.value.answer if a is not None else '(no answer)'}"
                         for i, ((_, s), a) in enumerate(zip(pairs, answers), 1))
    cross = await calls.ask("cove", [{"role": "system", "content": COVE_CROSS},
                                     {"role": "user", "content": quote_data(numbered, "statements and answers")}],
                            schema=CoveVerdicts, max_tokens=200, deadline_s=DEADLINE_S)
    checks: list[CoveCheckResult] = []
    offline_used = False
    for i, ((q, s), a) in enumerate(zip(pairs, answers)):
        if a is None:  # this question's call failed: check the statement against the evidence lexically
            offline_used = True
            checks.append(CoveCheckResult(q, s, "(no answer from the model)", _agrees(s, evidence)))
            continue
        if not a.value.answerable:
            agrees = False
        elif cross is not None and i < len(cross.value.agrees):
            agrees = bool(cross.value.agrees[i])
        else:
            offline_used = True  # no cross-check: compare the answer and the statement lexically
            agrees = _agrees(s, [a.value.answer])
        checks.append(CoveCheckResult(q, s, a.value.answer, agrees))
    return CoveOutcome(checks=checks, engine=calls.engine(offline_used=offline_used), degraded=calls.degraded)
