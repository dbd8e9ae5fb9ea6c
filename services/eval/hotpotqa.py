"""``assay eval hotpotqa``: the whole pipeline (over the bus, through the event store) on HotpotQA dev questions.

Each question is researched by a real run (``RunRequested`` on the bus, scope local, every stage, to
``RunCompleted``/``RunFailed``) over its own 10 context paragraphs, ingested as corpus ``hotpotqa:<id>``; with
``pooled`` all paragraphs of the selected questions are ingested once into one corpus and every question is
researched over that corpus (EVAL.md "pooled mode"); with ``unanswerable`` each question is researched over its 8
distractor paragraphs alone (its gold paragraphs left out, corpus ``hotpotqa-unanswerable:<id>``): a question the
sources cannot answer, where the figures to read are the unanswered reports judged above 60 and the unanswered
reports whose confidence tier is "low". Each paragraph is one document; a cited source is matched
to a gold (supporting) paragraph through its address ``doc:<sha256>``.

Figures (definitions in ``../shared/EVAL.md``; functions in :mod:`services.eval.metrics`): answer recall; answer
in the body's first 800 characters; answer in the lead; EM / F1 of the lead (citation markers removed) against
the gold answer; cited-source precision; both gold cited; supporting-source recall; citation validity; ALCE
citation recall and precision of the cited sentences (the judge: the verifier role's model when it has one,
else the lexical entailment); calibration AUROC of the
run's confidence (``ConfidenceGated.score``) against answer-in-report; the reliability table; unanswered reports
whose judge total is above 60; unanswered reports whose confidence tier is "low"; time mean / median / p95; model tokens and cost (``LlmCallRecorded``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import uuid4

from contracts import RunRequested
from services.eval import metrics as m
from services.eval.suite import DATA_DIR, Figure, SuiteResult, engine_of
from shared.errors import RunNotFound
from shared.runtime import Runtime

HOTPOT_DEV = DATA_DIR / "hotpotqa" / "hotpotqa_dev200_original_format.json"
#: the roles a research run may give a model (for the table's engine line)
RUN_ROLES = ("planner", "extractor", "verifier", "synthesizer", "judge")
#: EVAL.md: "answer in the first 800 characters" of the body
FIRST_CHARS = 800
#: a report that does not answer must not be judged above this (issue 9)
UNANSWERED_JUDGE_MAX = 60


def normalize_answer(text: str) -> str:
    """SQuAD-style answer normalisation (kept for callers of the earlier module): see
    :func:`services.eval.metrics.squad_normalize`."""
    return m.squad_normalize(text)


def check_citations(rt: Runtime, res: dict[str, Any]) -> tuple[int, int]:
    """(valid, total) citations of a run result: the quote must sit at [start:end] of the source's stored text
    and the report must carry the citation's ``[n]`` marker."""
    sources = {s["source_id"]: s for s in res["sources"]}
    valid = 0
    report = res["report"] or ""
    for c in res["citations"]:
        src = sources.get(str(c["source_id"]))
        text = rt.documents.get(src["text_sha256"]) if src and src.get("text_sha256") else None
        if text is not None and text[c["start"]:c["end"]] == c["quote"] and f"[{c['n']}]" in report:
            valid += 1
    return valid, len(res["citations"])


def load_questions(path: Path, limit: int, start: int = 0) -> list[dict[str, Any]]:
    """Questions ``start`` .. ``start + limit - 1`` (0-based) of a HotpotQA file in the original (distractor)
    format (fewer when the file ends first). Raises FileNotFoundError naming the path when it is missing."""
    if not path.exists():
        raise FileNotFoundError(f"HotpotQA data not found at {path} (expected ../shared/data next to the repo)")
    return list(json.loads(path.read_text(encoding="utf-8"))[start:start + limit])


def paragraph_text(sentences: list[str]) -> str:
    """A HotpotQA paragraph's text from its sentences (later sentences carry their leading space)."""
    return "".join(sentences).strip()


@dataclass
class Outcome:
    """The scored result of one question (see the module docstring for each figure)."""

    in_report: bool
    in_first: bool
    in_lead: bool
    em: float
    f1: float
    cited_precision: float
    both_gold: bool
    gold_cited: int
    gold_total: int
    cit_valid: int
    cit_total: int
    alce: tuple[int, int, int, int]
    confidence: float | None
    judge_total: int | None
    seconds: float
    tokens: int
    usd: float
    status: str
    #: the confidence tier ("high", "medium", "low"; None without a gate)
    tier: str | None = None


def score_result(rt: Runtime, res: dict[str, Any], item: dict[str, Any], gold_shas: set[str],
                 seconds: float, entails: Callable[[str, str], bool] | None = None) -> Outcome:
    """Score one finished run ``res`` (``services.cli.research.result``) against its HotpotQA ``item``;
    ``gold_shas`` are the document sha256 of its supporting paragraphs; ``entails(passage, sentence)`` is
    ALCE's entailment judge (default: :func:`lexical_entails`)."""
    report = res["report"] or ""
    answer = item["answer"]
    body = m.report_body(report)
    lead = m.lead_section(report)
    url_of = {s["source_id"]: str(s.get("url", "")) for s in res["sources"]}
    cited = {url_of.get(str(c["source_id"]), "").removeprefix("doc:") for c in res["citations"]}
    cited.discard("")
    v, t = check_citations(rt, res)
    sentences = [(s, [passage for n in ns if (passage := cited_passage(res["citations"], n))])
                 for s, ns in m.cited_sentences(report)]
    alce = m.alce_citation_scores(sentences, entails or lexical_entails)
    usage = (res.get("llm_usage") or {}).get("total") or {}
    return Outcome(
        in_report=m.contains_answer(report, answer), in_first=m.contains_answer(body[:FIRST_CHARS], answer),
        in_lead=m.contains_answer(lead, answer), em=m.squad_em(m.strip_citations(lead), answer),
        f1=m.squad_f1(m.strip_citations(lead), answer), cited_precision=m.cited_precision(cited, gold_shas),
        both_gold=m.all_gold_cited(cited, gold_shas), gold_cited=len(cited & gold_shas), gold_total=len(gold_shas),
        cit_valid=v, cit_total=t, alce=alce,
        confidence=(res.get("confidence") or {}).get("score"),
        judge_total=(res.get("scores") or {}).get("total"), seconds=seconds,
        tokens=int(usage.get("tokens_in", 0)) + int(usage.get("tokens_out", 0)), usd=float(usage.get("usd", 0.0)),
        status=str(res["status"]), tier=(res.get("confidence") or {}).get("tier"))


def cited_passage(citations: list[dict[str, Any]], n: int) -> str:
    """The passage ``[n]`` points at, for ALCE: the evidence spans the report quotes through ``[n]`` (every
    citation numbered ``n``: one source, one or more quoted spans), in order, one per line ("" when none)."""
    return "\n".join(dict.fromkeys(str(c["quote"]) for c in citations if int(c["n"]) == n))


def lexical_entails(passage: str, sentence: str) -> bool:
    """The offline entailment judge of ALCE: ``shared.text.entailment`` says "supported"."""
    from shared.text.entailment import entailment

    return entailment(sentence, passage).label == "supported"


def model_judge(rt: Runtime, loop: asyncio.AbstractEventLoop) -> tuple[Callable[[str, str], bool], Any] | None:
    """ALCE's entailment judge when the ``verifier`` role has a model: the verifier engine
    (``services.verifier.model.verify_claim``) on the passages as one evidence candidate; "supported" entails.
    Call the returned function from a worker thread while ``loop`` runs. Returns (judge, the Verifier that
    counts its tokens and USD), or None when the role has no model (use :func:`lexical_entails`)."""
    from services.eval.claims import Verifier
    from shared.evidence import EvidenceCandidate

    verifier = Verifier(rt)
    if not verifier.modelled:
        return None

    def entails(passage: str, sentence: str) -> bool:
        candidate = EvidenceCandidate(source_id="passage", domain="passage", start=0, end=len(passage),
                                      text=passage, retrieval_score=1.0)
        key = hashlib.sha256(f"{passage}\n{sentence}".encode()).hexdigest()[:16]
        future = asyncio.run_coroutine_threadsafe(verifier.check(sentence, [candidate], seed_key=key), loop)
        verdict, _ = future.result()
        return verdict == "supported"

    return entails, verifier


def figures_of(outcomes: list[Outcome], *, judge: str = "lexical entailment") -> list[Figure]:
    """The suite's figures from its questions' outcomes (in the order they are printed); ``judge`` names ALCE's
    entailment judge in the notes."""
    n = len(outcomes)

    def share(values: list[bool] | list[float]) -> float:
        return sum(float(x) for x in values) / n if n else 0.0

    gold_total = sum(o.gold_total for o in outcomes)
    cit_total = sum(o.cit_total for o in outcomes)
    alce = [sum(o.alce[i] for o in outcomes) for i in range(4)]
    scored = [o for o in outcomes if o.confidence is not None]
    unanswered = sum(1 for o in outcomes if not o.in_report)
    auc = m.auroc([float(o.confidence or 0.0) for o in scored], [o.in_report for o in scored])
    times = m.summarize_times([o.seconds for o in outcomes])
    figures = [
        Figure("answer_recall", "answer recall", share([o.in_report for o in outcomes])),
        Figure("answer_first_800", "answer in the first 800 characters", share([o.in_first for o in outcomes])),
        Figure("answer_in_lead", "answer in the lead", share([o.in_lead for o in outcomes])),
        Figure("lead_em", "answer EM (lead)", share([o.em for o in outcomes]), note="lead without [n] vs gold"),
        Figure("lead_f1", "answer F1 (lead)", share([o.f1 for o in outcomes]), note="lead without [n] vs gold"),
        Figure("cited_source_precision", "cited-source precision", share([o.cited_precision for o in outcomes]),
               note="per question, averaged; citing nothing = 0"),
        Figure("both_gold_cited", "both gold cited", share([o.both_gold for o in outcomes])),
        Figure("supporting_source_recall", "supporting-source recall",
               sum(o.gold_cited for o in outcomes) / gold_total if gold_total else None,
               note=f"{gold_total} gold paragraphs"),
        Figure("citation_validity", "citation validity",
               sum(o.cit_valid for o in outcomes) / cit_total if cit_total else None, note=f"{cit_total} [n]"),
        Figure("alce_citation_recall", "ALCE citation recall", alce[0] / alce[1] if alce[1] else None,
               note=f"{alce[1]} cited sentences; judge: {judge}"),
        Figure("alce_citation_precision", "ALCE citation precision", alce[2] / alce[3] if alce[3] else None,
               note=f"{alce[3]} citations; judge: {judge}"),
        Figure("calibration_auroc", "calibration AUROC", auc,
               note="confidence vs answer in report" + ("" if auc is not None else " (one class only)")),
    ]
    for b in m.reliability([float(o.confidence or 0.0) for o in scored], [o.in_report for o in scored]):
        figures.append(Figure(f"reliability_{b.low:.1f}_{b.high:.1f}_answered",
                              f"reliability {b.low:.1f}-{b.high:.1f}: share answered", b.answered,
                              note=f"{b.questions} questions", questions=b.questions))
    figures += [
        Figure("unanswered_judged_above_60", "unanswered reports judged > 60",
               float(sum(1 for o in outcomes if not o.in_report and (o.judge_total or 0) > UNANSWERED_JUDGE_MAX)),
               unit="count", note=f"of {sum(1 for o in outcomes if not o.in_report)} unanswered"),
        Figure("unanswered_tier_low", "unanswered reports with confidence tier low",
               sum(1 for o in outcomes if not o.in_report and o.tier == "low") / unanswered if unanswered else None,
               note=f"of {unanswered} unanswered"),
        Figure("time_mean_s", "time mean", times["mean"], unit="s"),
        Figure("time_median_s", "time median", times["median"], unit="s"),
        Figure("time_p95_s", "time p95", times["p95"], unit="s"),
        Figure("tokens", "model tokens (in + out)", float(sum(o.tokens for o in outcomes)), unit="tokens"),
        Figure("cost_usd", "model cost", sum(o.usd for o in outcomes), unit="usd"),
        Figure("runs_completed", "runs completed", share([o.status in ("completed", "partial") for o in outcomes]),
               note=", ".join(f"{s} {sum(1 for o in outcomes if o.status == s)}"
                              for s in sorted({o.status for o in outcomes}))),
    ]
    return figures


async def run_hotpotqa(rt: Runtime, *, limit: int, progress: Callable[[str], None], pooled: bool = False,
                       path: Path = HOTPOT_DEV, timeout_s: float = 180.0, start: int = 0,
                       unanswerable: bool = False) -> SuiteResult:
    """Research ``limit`` questions of ``path`` from question ``start`` (0-based) end to end and score them
    (module docstring).

    ``pooled``: every paragraph of the selected questions in one corpus; ``unanswerable``: each question over its
    distractor paragraphs alone (not with ``pooled``: ValueError). A run that does not finish within
    ``timeout_s`` is scored as it stands (status "running" or "not started": no report, every answer figure a
    miss). Raises
    FileNotFoundError when the data file is missing."""
    from services.cli.research import follow, result, submit
    from services.cli.stack import Stack

    if pooled and unanswerable:
        raise ValueError("unanswerable and pooled do not go together")
    items = load_questions(path, limit, start)
    gold: list[set[str]] = []
    corpora: list[str] = []
    pool_name = "hotpotqa-pool:" + hashlib.sha256(
        "\n".join(i["_id"] for i in items).encode()).hexdigest()[:16]
    for item in items:
        corpus = pool_name if pooled else f"hotpotqa-unanswerable:{item['_id']}" if unanswerable \
            else f"hotpotqa:{item['_id']}"
        supporting = {t for t, _ in item["supporting_facts"]}
        shas: set[str] = set()
        for title, sentences in item["context"]:
            if unanswerable and title in supporting:
                continue
            sha = await asyncio.to_thread(rt.corpus.add, corpus, path=f"hotpotqa/{title}", title=title,
                                          text=paragraph_text(sentences), content_type="text/plain")
            if title in supporting:
                shas.add(sha)
        gold.append(shas)
        corpora.append(corpus)
    if pooled:
        docs = dict(rt.corpus.corpora()).get(pool_name, 0)
        progress(f"pooled corpus {pool_name}: {docs} paragraphs of {len(items)} questions")
    outcomes: list[Outcome] = []
    details: list[dict[str, Any]] = []
    judged = model_judge(rt, asyncio.get_running_loop())
    entails = judged[0] if judged else lexical_entails
    async with Stack(rt):
        for i, (item, corpus, shas) in enumerate(zip(items, corpora, gold), start=1):
            run_id = uuid4()
            request = RunRequested(run_id=run_id, question=item["question"], scope="local", corpus=corpus,
                                   max_sources=10, domain="general")  # general QA: no domain service's analysis
            t0 = time.monotonic()
            await submit(rt, request)
            try:
                await follow(rt, run_id, timeout_s=timeout_s)
            except TimeoutError:
                progress(f"{i:3d}/{len(items)} run {run_id} did not finish within {timeout_s:.0f} s: scored as is")
            seconds = time.monotonic() - t0
            try:
                res = await asyncio.to_thread(result, rt, run_id)
            except RunNotFound:  # not even started within the timeout
                res = {"report": None, "sources": [], "citations": [], "status": "not started", "confidence": None,
                       "scores": None, "llm_usage": {}}
            o = await asyncio.to_thread(score_result, rt, res, item, shas, seconds, entails)
            outcomes.append(o)
            details.append({"id": item["_id"], "question": item["question"], "answer": item["answer"],
                            "run_id": str(run_id), "status": o.status, "in_report": o.in_report,
                            "in_first_800": o.in_first, "in_lead": o.in_lead,
                            "lead": m.lead_section(res["report"] or "")[:500], "confidence": o.confidence,
                            "judge_total": o.judge_total, "tier": o.tier,
                            "signals": dict((res.get("confidence") or {}).get("signals") or {}),
                            "cited_precision": round(o.cited_precision, 4),
                            "gold_cited": o.gold_cited, "seconds": round(o.seconds, 3)})
            progress(f"{i:3d}/{len(items)} {'hit ' if o.in_report else 'miss'} lead {'y' if o.in_lead else 'n'} "
                     f"{o.seconds:5.2f}s gold {o.gold_cited}/{o.gold_total} prec {o.cited_precision:.2f} "
                     f"conf {o.confidence if o.confidence is not None else '-'}  {item['question'][:60]}")
    split = f"{path.name}[{start or ''}:{start + len(items)}]"
    suite = "hotpotqa-pooled" if pooled else "hotpotqa-unanswerable" if unanswerable else "hotpotqa"
    return SuiteResult(suite=suite, split=split, questions=len(items),
                       figures=figures_of(outcomes, judge="verifier model" if judged else "lexical entailment")
                       + ([Figure("alce_judge_tokens", "ALCE judge model tokens", float(judged[1].tokens),
                                  unit="tokens", note=f"USD {judged[1].usd:.6f}")] if judged else []),
                       engine=engine_of(rt, RUN_ROLES),
                       config={"limit": str(limit), "pooled": str(pooled).lower(), "max_sources": "10",
                               **({"unanswerable": "true"} if unanswerable else {}),
                               **({"start": str(start)} if start else {})},
                       details=details)
