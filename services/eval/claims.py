"""``assay eval scifact | healthver | climate-fever``: the verifier's label quality on claim-verification dev splits.

The verifier is called as the verifier service calls it: evidence sentences ranked by BM25
(``shared.text.bm25``, the top ``ASSAY_VERIFIER_CANDIDATES``, scores normalised best = 1), then the offline
engine (``services.verifier.offline.verify``, ``ASSAY_VERIFIER_SAMPLES`` resamples) or, when the ``verifier``
role has a model, the model engine (``services.verifier.model.verify_claim``: first pass, resampled model
verdicts, offline guard, arbiter). Verdicts map to labels: supported -> SUPPORT, contradicted -> CONTRADICT,
contested / unverified -> not enough information (climate-fever: contested -> DISPUTED).

- **scifact** (``claims_dev.jsonl`` over ``corpus.jsonl``, 5,183 abstracts): abstracts retrieved by BM25 over
  title + abstract (top 3); each retrieved abstract gets a label from the verifier over its own sentences and a
  rationale (the evidence spans' sentence indices, the first 3 count). Scored by SciFact's own evaluation
  (``allenai/scifact`` doc/evaluation.md, verisci/evaluate/lib/metrics.py): abstract-level label-only and
  label+rationale precision / recall / F1 (a predicted NEI abstract counts neither way), and evidence
  recall@3 (a claim with gold evidence counts when one of its gold abstracts is in the top 3).
- **healthver** (``healthver_dev.csv``, one row = one claim-evidence pair): label accuracy and macro F1 over
  Supports / Refutes / Neutral, the evidence passage's sentences as the candidates.
- **climate-fever** (``climate-fever.jsonl``, each claim with its 5 evidence sentences): claim-label accuracy
  and macro F1 over SUPPORTS / REFUTES / NOT_ENOUGH_INFO / DISPUTED.
"""

from __future__ import annotations

import asyncio
import csv
import json
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from services.eval.suite import DATA_DIR, Figure, SuiteResult, engine_of
from shared.evidence import EvidenceCandidate
from shared.runtime import Runtime
from shared.text.bm25 import BM25Index
from shared.text.tokens import split_sentences

SCIFACT_DIR = DATA_DIR / "scifact"
HEALTHVER_DEV = DATA_DIR / "healthver" / "healthver_dev.csv"
CLIMATE_FEVER = DATA_DIR / "climate_fever" / "climate-fever.jsonl"
#: SciFact counts the first 3 rationale sentences of a predicted abstract (MAX_ABSTRACT_SENTS)
MAX_ABSTRACT_SENTS = 3
#: abstracts retrieved per claim (the SciFact baseline's k, and EVAL.md's evidence recall@3)
RETRIEVE_K = 3
#: The dataset paper's baseline, printed beside the figure: Wadden et al. 2020, "Fact or Fiction: Verifying
#: Scientific Claims" (EMNLP), VeriSci pipeline (TF-IDF abstract retrieval k=3, RoBERTa-large rationale selection
#: and label prediction), abstract-level Label-Only F1 on the SciFact test set, as recalled from the paper's
#: main results table (not re-checked against the paper offline: treat as approximate).
SCIFACT_BASELINE_LABEL_ONLY_F1 = 0.474
SCIFACT_BASELINE_NOTE = ("paper baseline VeriSci 0.474 (Wadden et al. 2020, test set, abstract label-only F1; "
                         "quoted from memory of the paper's results table, approximate)")


def _require(path: Path) -> Path:
    if not path.exists():
        raise FileNotFoundError(f"data file not found: {path} (expected ../shared/data next to the repo)")
    return path


@dataclass(frozen=True)
class Sentence:
    """One evidence sentence: its index in its document, offsets in the document text, text."""

    index: int
    start: int
    end: int
    text: str


def sentences_of(doc_id: str, parts: Sequence[str]) -> tuple[str, list[Sentence]]:
    """A document given as sentences (SciFact, Climate-FEVER): the joined text and each sentence's offsets."""
    out: list[Sentence] = []
    pos = 0
    pieces: list[str] = []
    for i, part in enumerate(parts):
        text = " ".join(part.split())
        if pieces:
            pos += 1
        out.append(Sentence(i, pos, pos + len(text), text))
        pieces.append(text)
        pos += len(text)
    return " ".join(pieces), out


def split_document(text: str) -> list[Sentence]:
    """A passage (HealthVer) split into sentences with ``shared.text.tokens.split_sentences``."""
    return [Sentence(i, s.start, s.end, s.text) for i, s in enumerate(split_sentences(text))]


def ranked_candidates(claim: str, doc_id: str, sentences: Sequence[Sentence], k: int) -> list[EvidenceCandidate]:
    """The ``k`` sentences most relevant to ``claim`` by BM25, scores normalised to 0-1 (what the verifier
    service's evidence pool gives it)."""
    index = BM25Index([s.text for s in sentences])
    found = index.search(claim, k=k)
    if not found:
        return []
    top = max(score for _, score in found) or 1.0
    return [EvidenceCandidate(source_id=doc_id, domain=doc_id, start=sentences[i].start, end=sentences[i].end,
                              text=sentences[i].text, retrieval_score=round(score / top, 6)) for i, score in found]


class Verifier:
    """The verifier as the service runs it, for evaluation: :meth:`check` gives a verdict and the evidence spans'
    offsets. Model tokens and USD are counted in ``tokens`` / ``usd`` (no run: nothing is recorded)."""

    def __init__(self, rt: Runtime) -> None:
        self.rt = rt
        self.cfg = rt.settings.verifier
        llm = getattr(rt, "llm", None)
        self.modelled = llm is not None and not llm.offline("verifier")
        self.tokens = 0
        self.usd = 0.0

    async def check(self, claim: str, candidates: list[EvidenceCandidate], *, seed_key: str,
                    titles: dict[str, str] | None = None) -> tuple[str, list[tuple[int, int]]]:
        """(verdict, [(start, end) of each evidence span]) for ``claim`` over ``candidates``."""
        if not self.modelled:
            from services.verifier.offline import verify

            res = await asyncio.to_thread(verify, claim, candidates, samples=self.cfg.samples, seed_key=seed_key)
            return res.verdict, [(c.start, c.end) for c in res.spans]
        from services.verifier.model import verify_claim
        from shared.llm.calls import ModelCalls

        calls = ModelCalls(self.rt.llm, self.rt.runs, None, "verifier")
        outcome = await verify_claim(calls, claim, candidates, seed_key=seed_key, samples=self.cfg.llm_samples,
                                     temperature=self.cfg.llm_temperature, passages=self.cfg.llm_passages,
                                     offline_samples=self.cfg.samples, titles=titles or {})
        self.tokens += calls.tokens
        self.usd += calls.cost_usd
        return outcome.verdict, [(int(s["start"]), int(s["end"])) for s in outcome.spans]


# ---- SciFact -------------------------------------------------------------------------------------------------

SCIFACT_LABEL = {"supported": "SUPPORT", "contradicted": "CONTRADICT"}


def scifact_counts(predictions: dict[str, dict[str, Any]], gold: dict[str, list[dict[str, Any]]]) -> Counter[str]:
    """SciFact's abstract-level counts for one claim (verisci/evaluate/lib/metrics.py ``update_counts_abstract``).

    ``predictions``: doc id -> {"label": SUPPORT | CONTRADICT | NEI, "sentences": [indices, best first]};
    ``gold``: the claim's ``evidence`` (doc id -> [{"sentences", "label"}]). Returns a Counter with
    ``relevant`` (gold abstracts), ``retrieved`` (predicted non-NEI abstracts), ``correct_label_only`` and
    ``correct_rationalized`` (label right and one gold rationale set within the first 3 predicted sentences)."""
    counts: Counter[str] = Counter()
    counts["relevant"] += len(gold)
    for doc_id, pred in predictions.items():
        if pred["label"] not in ("SUPPORT", "CONTRADICT"):
            continue
        counts["retrieved"] += 1
        if doc_id not in gold or pred["label"] != gold[doc_id][0]["label"]:
            continue
        counts["correct_label_only"] += 1
        chosen = set(pred["sentences"][:MAX_ABSTRACT_SENTS])
        if any(set(ev["sentences"]) <= chosen for ev in gold[doc_id]):
            counts["correct_rationalized"] += 1
    return counts


def prf(correct: int, retrieved: int, relevant: int) -> tuple[float, float, float]:
    """(precision, recall, F1), each 0 when its denominator is 0."""
    p = correct / retrieved if retrieved else 0.0
    r = correct / relevant if relevant else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def load_scifact(limit: int) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    """The first ``limit`` dev claims and the corpus (doc id as a string -> record)."""
    claims = [json.loads(line) for line in _require(SCIFACT_DIR / "claims_dev.jsonl").read_text(
        encoding="utf-8").splitlines() if line.strip()][:limit]
    corpus: dict[str, dict[str, Any]] = {}
    with _require(SCIFACT_DIR / "corpus.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                doc = json.loads(line)
                corpus[str(doc["doc_id"])] = doc
    return claims, corpus


async def run_scifact(rt: Runtime, *, limit: int, progress: Callable[[str], None]) -> SuiteResult:
    """The verifier on the first ``limit`` SciFact dev claims (module docstring). Raises FileNotFoundError."""
    claims, corpus = await asyncio.to_thread(load_scifact, limit)
    ids = list(corpus)
    t0 = time.monotonic()
    index = await asyncio.to_thread(
        BM25Index, [f"{corpus[d]['title']} {' '.join(corpus[d]['abstract'])}" for d in ids])
    progress(f"indexed {len(ids)} abstracts in {time.monotonic() - t0:.1f}s")
    verifier = Verifier(rt)
    k = rt.settings.verifier.candidates
    totals: Counter[str] = Counter()
    with_evidence = hits = 0
    times: list[float] = []
    details: list[dict[str, Any]] = []
    for n, claim in enumerate(claims, start=1):
        t1 = time.monotonic()
        top = [ids[i] for i, _ in await asyncio.to_thread(index.search, claim["claim"], RETRIEVE_K)]
        gold = {str(d): ev for d, ev in claim["evidence"].items()}
        if gold:
            with_evidence += 1
            hits += any(d in gold for d in top)
        predictions: dict[str, dict[str, Any]] = {}
        for doc_id in top:
            doc = corpus[doc_id]
            _, sents = sentences_of(doc_id, doc["abstract"])
            cands = ranked_candidates(claim["claim"], doc_id, sents, k)
            verdict, spans = await verifier.check(claim["claim"], cands, seed_key=f"scifact:{claim['id']}:{doc_id}",
                                                  titles={doc_id: doc["title"]})
            by_start = {s.start: s.index for s in sents}
            predictions[doc_id] = {"label": SCIFACT_LABEL.get(verdict, "NEI"),
                                   "sentences": [by_start[a] for a, _ in spans if a in by_start]}
        details.append({"id": claim["id"], "claim": claim["claim"], "retrieved": top,
                        "gold": {d: ev[0]["label"] for d, ev in gold.items()}, "predicted": predictions})
        counts = scifact_counts(predictions, gold)
        totals.update(counts)
        times.append(time.monotonic() - t1)
        gold_txt = ",".join(f"{d}:{ev[0]['label']}" for d, ev in gold.items()) or "NEI"
        pred_txt = ", ".join(f"{d}:{p['label']}" for d, p in predictions.items())
        progress(f"{n:3d}/{len(claims)} gold {gold_txt}  predicted {pred_txt}")
    lp, lr, lf = prf(totals["correct_label_only"], totals["retrieved"], totals["relevant"])
    rp, rr, rf = prf(totals["correct_rationalized"], totals["retrieved"], totals["relevant"])
    figures = [
        Figure("abstract_label_only_f1", "abstract-level label-only F1", lf, note=SCIFACT_BASELINE_NOTE),
        Figure("abstract_label_only_precision", "abstract-level label-only precision", lp,
               note=f"{totals['retrieved']} abstracts predicted SUPPORT/CONTRADICT"),
        Figure("abstract_label_only_recall", "abstract-level label-only recall", lr,
               note=f"{totals['relevant']} gold abstracts"),
        Figure("abstract_rationalized_f1", "abstract-level label+rationale F1", rf,
               note=f"precision {rp:.3f}, recall {rr:.3f}"),
        Figure("evidence_recall_at_3", "evidence recall@3", hits / with_evidence if with_evidence else None,
               note="BM25 over title + abstract", questions=with_evidence),
        Figure("time_mean_s", "time mean per claim", sum(times) / len(times) if times else 0.0, unit="s"),
        Figure("tokens", "model tokens (in + out)", float(verifier.tokens), unit="tokens"),
        Figure("cost_usd", "model cost", verifier.usd, unit="usd"),
    ]
    return SuiteResult(suite="scifact", split=f"claims_dev.jsonl[:{len(claims)}]", questions=len(claims),
                       figures=figures, engine=engine_of(rt, ("verifier", "arbiter")),
                       config={"limit": str(limit), "retrieve_k": str(RETRIEVE_K), "candidates": str(k)},
                       details=details)


# ---- HealthVer and Climate-FEVER -----------------------------------------------------------------------------

def label_figures(gold: list[str], predicted: list[str], labels: Sequence[str]) -> list[Figure]:
    """Accuracy, macro F1 over ``labels``, and each label's F1 (with its gold count)."""
    n = len(gold)
    figures = [Figure("label_accuracy", "label accuracy", sum(g == p for g, p in zip(gold, predicted)) / n
                      if n else 0.0)]
    per: list[Figure] = []
    f1s: list[float] = []
    for label in labels:
        tp = sum(1 for g, p in zip(gold, predicted) if g == p == label)
        _, _, f1 = prf(tp, sum(1 for p in predicted if p == label), sum(1 for g in gold if g == label))
        f1s.append(f1)
        per.append(Figure(f"f1_{label.lower()}", f"F1 {label}", f1, unit="f1",
                          note=f"{sum(1 for g in gold if g == label)} gold, "
                               f"{sum(1 for p in predicted if p == label)} predicted"))
    figures.append(Figure("label_macro_f1", "label macro F1", sum(f1s) / len(f1s) if f1s else 0.0, unit="f1",
                          note="over " + ", ".join(labels)))
    return figures + per


async def _verify_all(rt: Runtime, items: list[tuple[str, str, list[Sentence]]], mapping: dict[str, str],
                      progress: Callable[[str], None]) -> tuple[list[str], Verifier, list[float]]:
    verifier = Verifier(rt)
    k = rt.settings.verifier.candidates
    predicted: list[str] = []
    times: list[float] = []
    for n, (key, claim, sents) in enumerate(items, start=1):
        t0 = time.monotonic()
        verdict, _ = await verifier.check(claim, ranked_candidates(claim, key, sents, k), seed_key=key)
        predicted.append(mapping[verdict])
        times.append(time.monotonic() - t0)
        if n % 25 == 0 or n == len(items):
            progress(f"{n:4d}/{len(items)} verified")
    return predicted, verifier, times


async def run_healthver(rt: Runtime, *, limit: int, progress: Callable[[str], None]) -> SuiteResult:
    """The verifier on the first ``limit`` HealthVer dev claim-evidence pairs. Raises FileNotFoundError."""
    with _require(HEALTHVER_DEV).open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))[:limit]
    items = [(f"healthver:{r['id']}", r["claim"].strip(), split_document(r["evidence"])) for r in rows]
    mapping = {"supported": "Supports", "contradicted": "Refutes", "contested": "Neutral", "unverified": "Neutral"}
    predicted, verifier, times = await _verify_all(rt, items, mapping, progress)
    figures = label_figures([r["label"].strip() for r in rows], predicted, ("Supports", "Refutes", "Neutral"))
    figures += [Figure("time_mean_s", "time mean per pair", sum(times) / len(times) if times else 0.0, unit="s"),
                Figure("tokens", "model tokens (in + out)", float(verifier.tokens), unit="tokens"),
                Figure("cost_usd", "model cost", verifier.usd, unit="usd")]
    return SuiteResult(suite="healthver", split=f"healthver_dev.csv[:{len(rows)}] (pairs)", questions=len(rows),
                       figures=figures, engine=engine_of(rt, ("verifier", "arbiter")), config={"limit": str(limit)},
                       details=[{"id": r["id"], "claim": r["claim"], "gold": r["label"].strip(), "predicted": p}
                                for r, p in zip(rows, predicted)])


async def run_climate_fever(rt: Runtime, *, limit: int, progress: Callable[[str], None]) -> SuiteResult:
    """The verifier on the first ``limit`` Climate-FEVER claims over their 5 evidence sentences.
    Raises FileNotFoundError."""
    lines = _require(CLIMATE_FEVER).read_text(encoding="utf-8").splitlines()
    records = [json.loads(line) for line in lines if line.strip()][:limit]
    items = []
    for r in records:
        _, sents = sentences_of(str(r["claim_id"]), [e["evidence"] for e in r["evidences"]])
        items.append((f"climate-fever:{r['claim_id']}", r["claim"], sents))
    mapping = {"supported": "SUPPORTS", "contradicted": "REFUTES", "contested": "DISPUTED",
               "unverified": "NOT_ENOUGH_INFO"}
    predicted, verifier, times = await _verify_all(rt, items, mapping, progress)
    figures = label_figures([r["claim_label"] for r in records], predicted,
                            ("SUPPORTS", "REFUTES", "NOT_ENOUGH_INFO", "DISPUTED"))
    figures += [Figure("time_mean_s", "time mean per claim", sum(times) / len(times) if times else 0.0, unit="s"),
                Figure("tokens", "model tokens (in + out)", float(verifier.tokens), unit="tokens"),
                Figure("cost_usd", "model cost", verifier.usd, unit="usd")]
    return SuiteResult(suite="climate-fever", split=f"climate-fever.jsonl[:{len(records)}] (all claims; no "
                       "official split)", questions=len(records), figures=figures,
                       engine=engine_of(rt, ("verifier", "arbiter")), config={"limit": str(limit)},
                       details=[{"id": r["claim_id"], "claim": r["claim"], "gold": r["claim_label"], "predicted": p}
                                for r, p in zip(records, predicted)])
