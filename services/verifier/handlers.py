"""Verifier: ``ExtractionCompleted`` -> one ``VerifyClaim`` command per claim -> ``ClaimVerified``.

Evidence: sentences retrieved by BM25 from every fetched source of the run.

Engines: when the ``verifier`` role has a model, ``services.verifier.model``: a free local first pass (claims
with no lexical or trigram support are unverified without any model call), then SelfCheckGPT-style resampling
(``llm_samples`` judgements at ``llm_temperature``), the majority verdict with ``stability`` = agreement rate,
and the ``arbiter`` role for contested claims. Otherwise the offline engine: lexical and numeric entailment with
negation handling, resampled over evidence subsets; the verdict is the majority and ``stability`` the agreement
rate. A model failure falls back to the offline engine and the verdict is recorded ``degraded``.

Reuse (``shared.memory.verdicts``): before verifying, the claim's normalised text and its evidence texts are
hashed (``reuse_key``, recorded in ``ClaimVerified``); a verdict another run made under the same key within
``ASSAY_VERIFIER_REUSE_TTL_S`` is reused (``reused_from`` names that run) and no engine runs.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ExtractionCompleted, VerifyClaim
from services.verifier.model import DEADLINE_S, verify_claim
from services.verifier.offline import verify
from shared.bus import consumer_kwargs
from shared.evidence import EvidenceCandidate, source_domain
from shared.llm.calls import ModelCalls
from shared.memory.verdicts import find_verdict, reuse_key
from shared.runtime import Runtime
from shared.text.bm25 import BM25Index
from shared.text.injection import instruction_spans
from shared.text.noise import in_spans
from shared.text.tokens import split_sentences

#: scholarly statuses whose source is never evidence
RETRACTED = frozenset({"retracted", "withdrawn"})


#: share of a text's word 5-grams another source's text must hold for the two to be copies of one text
MIRROR_OVERLAP = 0.7


def _shingles(text: str) -> set[int]:
    words = text.casefold().split()
    return {hash(" ".join(words[i:i + 5])) for i in range(max(0, len(words) - 4))}


def mirror_domains(sources: dict[str, tuple[str, str, int]]) -> dict[str, str]:
    """Source id -> the domain it counts as for corroboration, given (its own domain, its text, its rank as
    the original: 0 a page naming its publisher and no other original, 1 a copy naming its original, 2 any
    other) per source: copies of one text (the smaller text's word 5-grams at least :data:`MIRROR_OVERLAP` held
    by the other: mirrors, syndicated copies) all count as the domain of the copy most likely the original (the
    lowest rank, then the first)."""
    grams = {sid: _shingles(text) for sid, (_, text, _) in sources.items()}
    ids = list(sources)
    group = {sid: sid for sid in ids}

    def root(sid: str) -> str:
        while group[sid] != sid:
            sid = group[sid]
        return sid

    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            ga, gb = grams[a], grams[b]
            if ga and gb and len(ga & gb) / min(len(ga), len(gb)) >= MIRROR_OVERLAP:
                group[root(b)] = root(a)
    best: dict[str, str] = {}
    for sid in ids:  # the best-ranked member of each group, first of equals
        r = root(sid)
        if r not in best or sources[sid][2] < sources[best[r]][2]:
            best[r] = sid
    return {sid: sources[best[root(sid)]][0] for sid in ids}


def _original_rank(src: dict[str, Any]) -> int:
    prov = src.get("provenance") or {}
    return 1 if prov.get("canonical") else 0 if prov.get("named") else 2


class EvidencePool:
    """Every sentence of a run's fetched sources with a BM25 index over them (built once per run)."""

    def __init__(self, rt: Runtime, run: dict[str, Any]) -> None:
        # an instruction to the model reading the page is never evidence (unless the gateway's source defence is
        # switched off to measure it: shared.llm.untrusted)
        llm = getattr(rt, "llm", None)
        defended = llm is None or llm.defend_sources
        # a retracted (or withdrawn) paper never supports a claim: its sentences are no evidence
        fetched = {sid: s for sid, s in run["sources"].items() if s.get("text_sha256")
                   and ((s.get("scholarly") or {}).get("status") not in RETRACTED)}
        texts = rt.documents.get_many([s["text_sha256"] for s in fetched.values()])
        self.sentences: list[EvidenceCandidate] = []
        # corroboration counts independent publishers: a mirror or syndicated copy counts as its original
        domains = mirror_domains({sid: (source_domain(src), texts.get(src["text_sha256"], ""), _original_rank(src))
                                  for sid, src in sorted(fetched.items())})
        for sid, src in sorted(fetched.items()):
            text = texts.get(src["text_sha256"], "")
            domain = domains[sid]
            spans = instruction_spans(text) if defended else []
            for sent in split_sentences(text):
                if spans and in_spans(sent.start, sent.end, spans):
                    continue
                self.sentences.append(EvidenceCandidate(source_id=sid, domain=domain, start=sent.start,
                                                        end=sent.end, text=sent.text, retrieval_score=0.0))
        self.index = BM25Index([s.text for s in self.sentences])

    def candidates(self, claim: str, k: int) -> list[EvidenceCandidate]:
        """The ``k`` sentences most relevant to ``claim``, scores normalised to 0-1 (best = 1)."""
        found = self.index.search(claim, k=k)
        if not found:
            return []
        top = max(score for _, score in found) or 1.0
        return [self.sentences[i].model_copy(update={"retrieval_score": round(score / top, 6)})
                for i, score in found]


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the verifier service."""
    router = NatsRouter()
    common = rt.settings.common
    cfg = rt.settings.verifier
    pools: OrderedDict[UUID, EvidencePool] = OrderedDict()
    lock = threading.Lock()  # handlers run in worker threads, several at a time

    def pool_for(run_id: UUID, run: dict[str, Any]) -> EvidencePool:
        with lock:
            if run_id not in pools:
                pools[run_id] = EvidencePool(rt, run)
                while len(pools) > 8:
                    pools.popitem(last=False)
            pools.move_to_end(run_id)
            return pools[run_id]

    @router.subscriber(ExtractionCompleted.SUBJECT, **consumer_kwargs(common, "verifier", ExtractionCompleted))
    async def on_extraction_completed(body: ExtractionCompleted) -> None:
        run = await asyncio.to_thread(rt.runs.get_run, body.run_id)
        if not run["request"]["verify_claims"] or run["finished"]:
            return
        for claim_id in body.claim_ids:
            await rt.publisher.command(VerifyClaim(run_id=body.run_id, claim_id=claim_id), str(claim_id))

    def verify_one(run_id: UUID, claim_id: UUID) -> dict[str, Any] | None:
        run = rt.runs.get_run(run_id)
        claim = run["claims"].get(str(claim_id))
        if claim is None or claim["verdict"] is not None or run["finished"]:
            return None  # recorded already, or the run ended
        pool = pool_for(run_id, run)
        candidates = pool.candidates(claim["text"], cfg.candidates)
        result = verify(claim["text"], candidates, samples=cfg.samples, seed_key=str(claim_id))
        label = "contradicts" if result.verdict == "contradicted" else "supports"
        spans = [{"source_id": s.source_id, "start": s.start, "end": s.end, "quote": s.text, "label": label,
                  "score": round(float(s.retrieval_score), 6)} for s in result.spans]
        return {"verdict": result.verdict, "stability": round(float(result.stability), 6),
                "support_score": round(min(1.0, max(0.0, float(result.support_score))), 6), "spans": spans,
                "corroborating_domains": list(result.corroborating_domains)}

    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("verifier")
    ack_wait = max(common.ack_wait_s, 2 * DEADLINE_S + 30) if modelled else None

    async def verify_with_model(run_id: UUID, claim_id: UUID) -> dict[str, Any] | None:
        run = await asyncio.to_thread(rt.runs.get_run, run_id)
        claim = run["claims"].get(str(claim_id))
        if claim is None or claim["verdict"] is not None or run["status"] != "running" or run["claims_verified"]:
            return None  # recorded already, or the run moved on (deadline or budget): spend no model call
        pool = await asyncio.to_thread(pool_for, run_id, run)
        candidates = pool.candidates(claim["text"], cfg.candidates)
        titles = {sid: str(s.get("title") or "") for sid, s in run["sources"].items()}
        calls = ModelCalls(rt.llm, rt.runs, run_id, "verifier")
        outcome = await verify_claim(calls, claim["text"], candidates, seed_key=str(claim_id),
                                     samples=cfg.llm_samples, temperature=cfg.llm_temperature,
                                     passages=cfg.llm_passages, offline_samples=cfg.samples, titles=titles,
                                     source_title=titles.get(str(claim.get("source_id"))) or None)
        return outcome.record()

    def reuse(run_id: UUID, claim_id: UUID) -> tuple[str | None, dict[str, Any] | None]:
        """(the claim's reuse key, a reused verdict's ``record_verdict`` arguments or None)."""
        run = rt.runs.get_run(run_id)
        claim = run["claims"].get(str(claim_id))
        if claim is None or claim["verdict"] is not None:
            return None, None
        candidates = pool_for(run_id, run).candidates(claim["text"], cfg.candidates)
        if not candidates:
            return None, None
        key = reuse_key(claim["text"], [c.text for c in candidates])
        cached = find_verdict(rt.pool, key, ttl_s=cfg.reuse_ttl_s, now=datetime.now(UTC), exclude_run=run_id)
        if cached is None:
            return key, None
        spans = []
        for quote, label in cached.quotes:  # the same sentences in this run's own sources
            match = next((c for c in candidates if c.text == quote), None)
            if match is not None:
                spans.append({"source_id": match.source_id, "start": match.start, "end": match.end,
                              "quote": match.text, "label": label, "score": round(float(match.retrieval_score), 6)})
        domains = sorted({c.domain for c in candidates if any(s["quote"] == c.text for s in spans) and c.domain})
        return key, {"verdict": cached.verdict, "stability": cached.stability, "support_score": cached.support_score,
                     "spans": spans, "corroborating_domains": domains, "engine": cached.engine, "degraded": False,
                     "reuse_key": key, "reused_from": cached.run_id}

    @router.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(common, "verifier", VerifyClaim, ack_wait_s=ack_wait))
    async def on_verify(body: VerifyClaim) -> None:
        key, outcome = await asyncio.to_thread(reuse, body.run_id, body.claim_id)
        if outcome is None:
            if rt.llm is None or rt.llm.offline("verifier"):
                outcome = await asyncio.to_thread(verify_one, body.run_id, body.claim_id)
            else:
                outcome = await verify_with_model(body.run_id, body.claim_id)
            if outcome is None:
                return  # redelivery: verdict already recorded
            outcome = {**outcome, "reuse_key": key}
        await asyncio.to_thread(rt.runs.record_verdict, body.run_id, body.claim_id, **outcome)

    return router
