"""Verifier: ``ExtractionCompleted`` -> one ``VerifyClaim`` command per claim -> ``ClaimVerified``.

Evidence: sentences retrieved by BM25 from every fetched source of the run.

Engines: when the ``verifier`` role has a model, ``services.verifier.model``: a free local first pass (claims
with no lexical or trigram support are unverified without any model call), then SelfCheckGPT-style resampling
(``llm_samples`` judgements at ``llm_temperature``), the majority verdict with ``stability`` = agreement rate,
and the ``arbiter`` role for contested claims. Otherwise the offline engine: lexical and numeric entailment with
negation handling, resampled over evidence subsets; the verdict is the majority and ``stability`` the agreement
rate. A model failure falls back to the offline engine and the verdict is recorded ``degraded``.

Reuse (``shared.memory.verdicts``): before verifying, the claim's earlier verdicts (other runs', within
``ASSAY_VERIFIER_REUSE_TTL_S``) are read by its normalised text; the newest whose evidence spans are still among
this run's candidate sentences for the claim, unchanged, is reused (``reused_from`` names that run) and no engine
runs. A verdict is recorded with the key of the claim and the evidence it rests on (``reuse_key``: the claim's
and its spans' texts hashed; every candidate's for a verdict without spans).
"""

from __future__ import annotations

import asyncio
import math
import threading
import time
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Protocol
from uuid import UUID

from faststream.nats import NatsRouter

from contracts import ExtractionCompleted, VerifyClaim
from services.verifier.figures import figure_candidates, figure_verdict
from services.verifier.model import DEADLINE_S, verify_claim
from services.verifier.offline import Verification as OfflineResult
from services.verifier.offline import verify
from shared.bus import consumer_kwargs, publish_commands
from shared.cpu import run_cpu, run_gated
from shared.domain import RunView, SourceView
from shared.evidence import Claim, EvidenceCandidate, source_domain
from shared.llm import LlmGateway
from shared.llm.calls import ModelCalls
from shared.memory.store import normalise
from shared.memory.verdicts import (
    CachedVerdict,
    claim_key,
    find_verdicts,
    find_verdicts_many,
    pick_verdict,
    reuse_key,
)
from shared.ports import Commands, Documents, RunReader, run_after, run_holding
from shared.retraction import retracted_works
from shared.runtime import Runtime
from shared.segments import SegmentStore, segment
from shared.settings import VerifierSettings
from shared.text.bm25 import BM25Index
from shared.text.bm25 import preload as preload_bm25
from shared.text.noise import in_spans
from shared.text.tables import (
    context_start,
    count_lines,
    key_value,
    label_lines,
    labelled_values,
    list_items,
    period_figures,
    pipe_tables,
    spec_rows,
    year_list_rows,
)
from shared.text.verbs import fragment_answer

#: share of a text's word 5-grams another source's text must hold for the two to be copies of one text
MIRROR_OVERLAP = 0.7


def _shingles(text: str) -> set[int]:
    words = text.casefold().split()
    return {hash(" ".join(words[i:i + 5])) for i in range(max(0, len(words) - 4))}


def _copies_any(grams: set[int], others: list[set[int]]) -> bool:
    """Whether a text (its word 5-grams) and one of ``others`` are copies of one text (:data:`MIRROR_OVERLAP`)."""
    return bool(grams) and any(g and len(grams & g) / min(len(grams), len(g)) >= MIRROR_OVERLAP for g in others)


def mirror_domains(sources: dict[str, tuple[str, str, int]], *,
                   shingles: Mapping[str, set[int]] | None = None) -> dict[str, str]:
    """Source id -> the domain it counts as for corroboration, given (its own domain, its text, its rank as
    the original: 0 a page naming its publisher and no other original, 1 a copy naming its original, 2 any
    other) per source: copies of one text (the smaller text's word 5-grams at least :data:`MIRROR_OVERLAP` held
    by the other: mirrors, syndicated copies) all count as the domain of the copy most likely the original (the
    lowest rank, then the first). ``shingles``: the texts' word 5-grams by source id when the caller has them
    (computed here for the others)."""
    known = shingles or {}
    grams = {sid: known[sid] if sid in known else _shingles(text) for sid, (_, text, _) in sources.items()}
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


def _original_rank(src: SourceView) -> int:
    prov = src.provenance
    return 1 if prov.get("canonical") else 0 if prov.get("named") else 2


class EvidencePool:
    """Every sentence of a run's fetched sources with a BM25 index over them (built once per run), and each row of
    a simple table of values with its header (:func:`~shared.text.tables.pipe_tables`: the span from the header
    line to the row).

    ``defended``: leave out instruction-like text (an instruction to the model reading the page is never
    evidence, unless the gateway's source defence is switched off to measure it: ``shared.llm.untrusted``)."""

    def __init__(self, documents: Documents, run: RunView, *, defended: bool = True,
                 segments: SegmentStore | None = None) -> None:
        # a retracted (or withdrawn) paper never supports a claim, nor does a copy of it (the same title:
        # shared.retraction, or the same text): their sentences are no evidence
        retracted = retracted_works({sid: s.record for sid, s in run.sources.items()})
        stored = {sid: s for sid, s in run.sources.items() if s.text_sha256}
        texts = documents.get_many([str(s.text_sha256) for s in stored.values()])
        # each text's sentences and instruction spans: kept by the claim extractor (or another replica), else
        # computed here (and kept for the next replica)
        cut = segments.of_texts(texts) if segments is not None else {d: segment(t) for d, t in texts.items()}
        # each text's word 5-grams, computed once (the copies of a retracted work, and the mirrors below)
        grams = {sid: _shingles(texts.get(str(s.text_sha256), "")) for sid, s in stored.items()}
        bad = [grams[sid] for sid in retracted if sid in stored]
        fetched: dict[str, SourceView] = {
            sid: s for sid, s in stored.items() if sid not in retracted and not _copies_any(grams[sid], bad)}
        self.sentences: list[EvidenceCandidate] = []
        keys: dict[int, str] = {}  # what the index finds a candidate by, when not its text (a spec row's line)
        # the sources in order of their addresses (then texts), not of their ids (a run's own): a re-run over the
        # same sources indexes the same sentences in the same order, so equally ranked ones, and the first of equal
        # copies below, come in the same order
        ordered = sorted(fetched.items(), key=lambda kv: (kv[1].address, str(kv[1].text_sha256), kv[0]))
        # corroboration counts independent publishers: a mirror or syndicated copy counts as its original
        domains = mirror_domains({sid: (source_domain(src.record), texts.get(str(src.text_sha256), ""),
                                        _original_rank(src))
                                  for sid, src in ordered}, shingles=grams)
        for sid, src in ordered:
            digest = str(src.text_sha256)
            if digest not in texts:
                continue  # (a text the document store does not hold: no sentences, as before)
            text = texts[digest]
            domain = domains[sid]
            spans = list(cut[digest].instructions) if defended else []
            specs = [*spec_rows(text), *label_lines(text)]
            # a spec list's row alone ("Length | 1,140 m", a sentence of its own) names neither whose figure it is nor
            # what it is about: its evidence is the span with the lines before the list (below), found by the row;
            # so is a line of a run of label lines ("Date listed: 1987-09-02", the claim extractor's line claims)
            rows = [(r.row_start, r.end) for r in specs]
            for start, end in cut[digest].sentences:
                if spans and in_spans(start, end, spans):
                    continue
                if rows and any(a <= start and end <= b for a, b in rows):
                    continue
                # (built without validation: every field is of its type by construction; thousands per run)
                self.sentences.append(EvidenceCandidate.model_construct(
                    source_id=sid, domain=domain, start=start, end=end, text=text[start:end], retrieval_score=0.0,
                    label="supports"))
            # an FAQ's fragment answer is evidence with its question ("How long can I keep a book?" over "Three
            # weeks."): the span from the question to the answer, the claim extractor's span for their joined claim
            cuts = cut[digest].sentences
            for (q_start, q_end), (a_start, a_end) in zip(cuts, cuts[1:]):
                if fragment_answer(text[q_start:q_end], text[a_start:a_end], text[q_end:a_start]) \
                        and not (spans and in_spans(q_start, a_end, spans)):
                    self.sentences.append(EvidenceCandidate.model_construct(
                        source_id=sid, domain=domain, start=q_start, end=a_end, text=text[q_start:a_end],
                        retrieval_score=0.0, label="supports"))
            # a row of a simple table is evidence with its header: the table from its header line to the row (the
            # claim extractor's span for the row's claim); the row alone ("| 2024 | 203 |") names nothing
            # (a key-value table's, "| Item | Value |", and a two-column table of labelled values', "| Ticket | Price
            # |" over "| Adult | €7.00 |", from the lines before it that name whose figures they are)
            for table in pipe_tables(text):
                first = (context_start(text, table.start)
                         if not table.caption and (key_value(table.header) or labelled_values(table)
                                                   or period_figures(table.header))
                         else table.start)
                for row in table.rows:
                    if spans and in_spans(table.start, row.end, spans):
                        continue
                    self.sentences.append(EvidenceCandidate.model_construct(
                        source_id=sid, domain=domain, start=first, end=row.end, text=text[first:row.end],
                        retrieval_score=0.0, label="supports"))
            # a row of a key-value spec list likewise: the lines before the list (naming whose figures they are)
            # to the row, the claim extractor's span for the row's claim
            # (and a count under a label alone, "visitors 24,750", the same way: shared.text.tables.count_lines; and a
            # list's item, "- Monday: closed" under "Opening hours:", the claim extractor's span for the item's claim)
            for n, spec in enumerate([*specs, *count_lines(text), *list_items(text)]):
                if spans and in_spans(spec.row_start, spec.end, spans):
                    continue
                self.sentences.append(EvidenceCandidate.model_construct(
                    source_id=sid, domain=domain, start=spec.start, end=spec.end, text=text[spec.start:spec.end],
                    retrieval_score=0.0, label="supports"))
                # (a spec row is found by its own line: the hundreds of words of lines before it, its evidence, are
                # no part of what it states, and in the index they ranked it below every short sentence naming the
                # page's subject, out of its own claim's candidates: issue 9, trial t52 F1)
                if n < len(specs):
                    keys[len(self.sentences) - 1] = text[spec.row_start:spec.end]
            # an item of a by-year list is evidence with the list's heading ("Past champions of the Quillhaven Open:"
            # over "2023 - Malin Ostergaard"), the claim extractor's span for the item's row, found by that row as
            # the extractor reads it (shared.text.tables.year_list_rows)
            for item in year_list_rows(text):
                if spans and in_spans(item.row_start, item.end, spans):
                    continue
                self.sentences.append(EvidenceCandidate.model_construct(
                    source_id=sid, domain=domain, start=item.start, end=item.end, text=text[item.start:item.end],
                    retrieval_score=0.0, label="supports"))
                keys[len(self.sentences) - 1] = item.text
        self.index = BM25Index([keys.get(i) or s.text for i, s in enumerate(self.sentences)])
        # a claim's candidates are asked for twice (verdict reuse, then the engine): searched once
        self._found: dict[tuple[str, int], tuple[EvidenceCandidate, ...]] = {}
        self.earlier = EarlierVerdicts()

    def candidates(self, claim: str, k: int) -> list[EvidenceCandidate]:
        """The ``k`` sentences most relevant to ``claim``, scores normalised to 0-1 (best = 1)."""
        hit = self._found.get((claim, k))
        if hit is None:
            hit = self._search(claim, k)
            if len(self._found) < 100_000:
                self._found[(claim, k)] = hit
        return list(hit)

    def _search(self, claim: str, k: int) -> tuple[EvidenceCandidate, ...]:
        found = self.index.search(claim, k=k)
        if not found:
            return ()
        top = max(score for _, score in found) or 1.0
        return tuple(self.sentences[i].model_copy(update={"retrieval_score": round(score / top, 6)})
                     for i, score in found)


#: seconds a run's earlier verdicts, read for all its claims at once, are used before they are read again
EARLIER_FRESH_S = 30.0


class EarlierVerdicts:
    """Other runs' verdicts on one run's claims, read in one query for every claim of the run (``find_many`` of
    the verdict memory) instead of one query per claim, and used for :data:`EARLIER_FRESH_S` seconds (a verdict
    another run records meanwhile is seen at the next read: it is only not reused before; a claim the run did not
    have at the read is looked up alone). Thread-safe: one read at a time per run."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._found: dict[str, list[CachedVerdict]] = {}
        self._read_at = -math.inf

    def find(self, memory: VerdictMemory, run: RunView, claim: str, *, ttl_s: float) -> list[CachedVerdict]:
        """The verdicts on ``claim`` (a claim of ``run``) made by other runs within ``ttl_s`` seconds, newest first
        (``VerdictMemory.find``). Raises: the memory's errors (PostgreSQL unavailable)."""
        many = getattr(memory, "find_many", None)
        if many is None or ttl_s <= 0:  # (a memory that reads one claim at a time)
            return memory.find(claim, ttl_s=ttl_s, now=datetime.now(UTC), exclude_run=run.run_id)
        key = claim_key(claim)
        with self._lock:
            if time.monotonic() - self._read_at > EARLIER_FRESH_S:
                texts = {c.text for c in run.claims.values()} | {claim}
                self._found = many(texts, ttl_s=ttl_s, now=datetime.now(UTC), exclude_run=run.run_id)
                self._read_at = time.monotonic()
            found = self._found.get(key)
            if found is None:  # a claim the run gained since the read
                found = self._found[key] = memory.find(claim, ttl_s=ttl_s, now=datetime.now(UTC),
                                                       exclude_run=run.run_id)
            return found


class EvidencePools:
    """The evidence pools of the last ``keep`` runs a process verified (thread-safe: handlers run in worker
    threads, several at a time)."""

    def __init__(self, keep: int = 8) -> None:
        self._keep = keep
        self._pools: OrderedDict[UUID, EvidencePool] = OrderedDict()
        self._lock = threading.Lock()

    def for_run(self, documents: Documents, run: RunView, *, defended: bool,
                segments: SegmentStore | None = None) -> EvidencePool:
        """The pool of ``run``, built on first use (with the texts' kept ``segments`` when given)."""
        with self._lock:
            if run.run_id not in self._pools:
                self._pools[run.run_id] = EvidencePool(documents, run, defended=defended, segments=segments)
                while len(self._pools) > self._keep:
                    self._pools.popitem(last=False)
            self._pools.move_to_end(run.run_id)
            return self._pools[run.run_id]


# ---- collaborators ---------------------------------------------------------------------------------------------
class VerifierRuns(RunReader, Protocol):
    """What the verifier reads and records in the event store (``shared.store.ResearchRuns``)."""

    def record_verdict(self, run_id: UUID, claim_id: UUID, *, verdict: str, stability: float,
                       support_score: float, spans: list[dict[str, Any]], corroborating_domains: list[str],
                       engine: str = "offline", degraded: bool = False, reuse_key: str | None = None,
                       reused_from: UUID | None = None) -> bool:
        """Record ``ClaimVerified`` (once per claim); may fan in ``ClaimsVerified``."""
        ...


class VerdictMemory(Protocol):
    """Verdicts other runs made (``shared.memory.verdicts``), by claim."""

    def find(self, claim: str, *, ttl_s: float, now: datetime, exclude_run: UUID | None) -> list[CachedVerdict]:
        """The verdicts on ``claim`` (its normalised text) within ``ttl_s`` seconds before ``now``, not by
        ``exclude_run``, newest first. (A memory may also offer ``find_many(claims, *, ttl_s, now, exclude_run)``,
        claim key -> verdicts for many claims in one read: :class:`EarlierVerdicts` uses it when it is there.)"""
        ...


@dataclass(frozen=True)
class StoredVerdicts:
    """:class:`VerdictMemory` on PostgreSQL (``rm_verdict_cache``, written by the indexer)."""

    pool: Any  # psycopg_pool.ConnectionPool

    def find(self, claim: str, *, ttl_s: float, now: datetime, exclude_run: UUID | None) -> list[CachedVerdict]:
        return find_verdicts(self.pool, claim, ttl_s=ttl_s, now=now, exclude_run=exclude_run)

    def find_many(self, claims: Iterable[str], *, ttl_s: float, now: datetime,
                  exclude_run: UUID | None) -> dict[str, list[CachedVerdict]]:
        """Claim key -> :meth:`find` of each claim, in one query (``find_verdicts_many``)."""
        return find_verdicts_many(self.pool, claims, ttl_s=ttl_s, now=now, exclude_run=exclude_run)


@dataclass(frozen=True, kw_only=True)
class Verification:
    """The verifier handlers' collaborators: the event store, the document store (the sources' texts), the bus
    (``VerifyClaim`` commands), the model gateway (None: offline), earlier runs' verdicts, the process' evidence
    pools and the stage's settings."""

    runs: VerifierRuns
    documents: Documents
    commands: Commands
    llm: LlmGateway | None
    verdicts: VerdictMemory
    pools: EvidencePools
    settings: VerifierSettings
    segments: SegmentStore | None = None  # the texts' kept sentences (None: computed by each process)

    @classmethod
    def of(cls, rt: Runtime, pools: EvidencePools) -> Verification:
        """The collaborators of a service process (its runtime and its evidence pools)."""
        return cls(runs=rt.runs, documents=rt.documents, commands=rt.publisher, llm=getattr(rt, "llm", None),
                   verdicts=StoredVerdicts(rt.pool), pools=pools, settings=rt.settings.verifier,
                   segments=SegmentStore(rt.pool))

    @property
    def offline(self) -> bool:
        """Whether the offline engine verifies (the verifier role has no model)."""
        return self.llm is None or self.llm.offline("verifier")

    def pool(self, run: RunView) -> EvidencePool:
        """The evidence pool of ``run``."""
        return self.pools.for_run(self.documents, run, defended=self.llm is None or self.llm.defend_sources,
                                  segments=self.segments)

    def candidates(self, run: RunView, claim: Claim) -> list[EvidenceCandidate]:
        """The evidence ``claim`` is checked against: a domain figure's own window
        (``services.verifier.figures``), else the run's sentences most relevant to it."""
        if claim.figure is not None:
            return figure_candidates(self.documents, run, claim)
        return self.pool(run).candidates(claim.text, self.settings.candidates)


@dataclass(frozen=True, kw_only=True)
class Verdict:
    """A verifier's outcome for one claim: the claim with its verdict, the engine, whether it fell back, and for a
    reused verdict the run that made it and its key."""

    claim: Claim
    engine: str = "offline"
    degraded: bool = False
    reused_from: UUID | None = None
    key: str | None = None  # a reused verdict's reuse key


def _with_verdict(claim: Claim, record: Mapping[str, Any]) -> Claim:
    """``claim`` with the outcome ``record`` ({verdict, stability, support_score, spans, corroborating_domains})."""
    spans = [EvidenceCandidate(source_id=str(s["source_id"]), domain="", start=int(s["start"]), end=int(s["end"]),
                               text=str(s["quote"]), label=str(s["label"]), retrieval_score=float(s["score"]))
             for s in record["spans"]]
    return claim.model_copy(update={
        "verdict": record["verdict"], "stability": float(record["stability"]),
        "support_score": float(record["support_score"]), "spans": spans,
        "corroborating_domains": list(record["corroborating_domains"])})


def seed_key(run: RunView, claim: Claim) -> str:
    """The key seeding ``claim``'s resampling (the offline engine's evidence subsets, and the model path's
    offline fallback): its text (``normalise``: case, punctuation and spacing folded) and its source's stable
    address, the digest of the source's stored text (else its final URL or path, else the URL asked for; "" for
    a source the run does not hold). No run or claim id: a re-run over the same sources draws the same subsets, so
    gives the same verdicts and stabilities; another claim or another source draws its own. Returns a str."""
    src = run.source(claim.source_id)
    where = "" if src is None else (src.text_sha256 or src.address)
    return f"{where}\n{normalise(claim.text)}"


def verify_offline(deps: Verification, run: RunView, claim: Claim) -> Verdict:
    """The offline engine's verdict on ``claim`` (lexical and numeric entailment over the run's evidence)."""
    cfg = deps.settings
    candidates = deps.candidates(run, claim)
    return offline_verdict(claim, verify(claim.text, candidates, samples=cfg.samples, seed_key=seed_key(run, claim),
                                         own_source=str(claim.source_id)))


def offline_verdict(claim: Claim, result: OfflineResult) -> Verdict:
    """``claim`` with the offline engine's ``result`` (spans without domains, scores rounded)."""
    spans = [s.model_copy(update={"domain": "", "retrieval_score": round(float(s.retrieval_score), 6)})
             for s in result.spans]  # each labelled by verify(): a contested claim's two sides apart
    return Verdict(claim=claim.model_copy(update={
        "verdict": result.verdict, "stability": round(float(result.stability), 6),
        "support_score": round(min(1.0, max(0.0, float(result.support_score))), 6), "spans": spans,
        "corroborating_domains": list(result.corroborating_domains)}))


async def verify_with_model(deps: Verification, run: RunView, claim: Claim) -> Verdict:
    """The verifier model's verdict on ``claim`` (``services.verifier.model``; the offline engine when it
    fails, recorded ``degraded``)."""
    cfg = deps.settings
    candidates = await asyncio.to_thread(deps.candidates, run, claim)
    titles = {sid: s.title for sid, s in run.sources.items()}
    calls = ModelCalls(deps.llm, deps.runs, run.run_id, "verifier")
    outcome = await verify_claim(calls, claim.text, candidates, seed_key=seed_key(run, claim),
                                 samples=cfg.llm_samples, temperature=cfg.llm_temperature,
                                 passages=cfg.llm_passages, offline_samples=cfg.samples, titles=titles,
                                 source_title=titles.get(claim.source_id) or None, own_source=str(claim.source_id))
    record = outcome.record()
    return Verdict(claim=_with_verdict(claim, record), engine=str(record["engine"]),
                   degraded=bool(record["degraded"]))


def reuse(deps: Verification, run: RunView, claim: Claim) -> tuple[list[str] | None, Verdict | None]:
    """(the claim's evidence candidates in this run as texts, the verdict another run made on the same claim and
    the same evidence within the TTL, or None).

    The texts are None (nothing is reused, no key is recorded) when the claim has no evidence candidates (nothing to
    key it on) or is a domain figure (checked against its own window, never reused). A reused verdict's spans are
    its quoted sentences found in this run's own sources."""
    texts, _, outcome = _evidence(deps, run, claim)
    return texts, outcome


def _evidence(deps: Verification, run: RunView, claim: Claim
              ) -> tuple[list[str] | None, list[EvidenceCandidate], Verdict | None]:
    """:func:`reuse`, with the claim's evidence candidates in this run (empty for a domain figure)."""
    cfg = deps.settings
    if claim.figure is not None:
        return None, [], None
    pool = deps.pool(run)
    candidates = pool.candidates(claim.text, cfg.candidates)
    if not candidates:
        return None, candidates, None
    texts = [c.text for c in candidates]
    earlier = pool.earlier.find(deps.verdicts, run, claim.text, ttl_s=cfg.reuse_ttl_s)
    cached = pick_verdict(claim.text, earlier, texts)
    if cached is None:
        return texts, candidates, None
    spans = []
    by_text = {normalise(c.text): c for c in reversed(candidates)}  # the best-ranked copy of each text
    for quote, label in cached.quotes:  # the same sentences in this run's own sources
        match = by_text.get(normalise(quote))
        if match is not None:
            spans.append(match.model_copy(update={"domain": "", "label": label,
                                                  "retrieval_score": round(float(match.retrieval_score), 6)}))
    quoted = {normalise(q) for q, _ in cached.quotes}
    domains = sorted({c.domain for c in candidates if normalise(c.text) in quoted and c.domain})
    claim = claim.model_copy(update={"verdict": cached.verdict, "stability": cached.stability,
                                     "support_score": cached.support_score, "spans": spans,
                                     "corroborating_domains": domains})
    return texts, candidates, Verdict(claim=claim, engine=cached.engine, reused_from=cached.run_id, key=cached.key)


def verdict_key(claim: Claim, candidates: list[str] | None) -> str | None:
    """The reuse key of ``claim``'s verdict: its text and its spans' quotes (the evidence it rests on), or every
    candidate text when it has no spans; None without candidates (a figure, or nothing to judge on)."""
    if candidates is None:
        return None
    quotes = [s.text for s in claim.spans]
    return reuse_key(claim.text, quotes if quotes else candidates)


# ---- the handlers ----------------------------------------------------------------------------------------------
async def on_extraction_completed(event: ExtractionCompleted, deps: Verification) -> None:
    """``ExtractionCompleted`` -> one ``VerifyClaim`` command per claim (none when the request switched
    verification off or the run ended)."""
    run = await run_after(deps.runs, event.run_id, event.seq)
    if not run.request.verify_claims or run.closed:
        return
    await publish_commands(deps.commands, ((VerifyClaim(run_id=event.run_id, claim_id=claim_id), str(claim_id))
                                           for claim_id in event.claim_ids))


async def on_verify(cmd: VerifyClaim, deps: Verification) -> None:
    """``VerifyClaim`` -> ``ClaimVerified`` (once per claim): a reused verdict; a domain figure's check against its
    own cited span (``services.verifier.figures.figure_verdict``, no model); else the offline engine or the model.
    Nothing when the claim is unknown, verified already or the run moved on."""
    if deps.offline:  # the process's cached run when it holds the claim after its extraction (no store read; a
        # verdict another replica recorded meanwhile is refused at the write), else a load
        run = await run_holding(deps.runs, cmd.run_id,
                                lambda r: r.extraction_completed and r.claim(cmd.claim_id) is not None)
    else:  # a model call is spent only on the latest state
        run = await asyncio.to_thread(deps.runs.get_run, cmd.run_id)
    claim = run.claim(cmd.claim_id)
    if claim is None or claim.verdict is not None:
        return  # recorded already
    # the evidence search (CPU-bound, on the process's pool of the run) and the verdict reuse check (other runs'
    # verdicts on the run's claims, read once for them all), in one call behind the process's gate (shared.cpu)
    candidates, found, outcome = (await run_gated(_evidence, deps, run, claim) if claim.figure is None
                                  else (None, [], None))
    if outcome is None and claim.figure is not None:  # a domain figure: its own span states it, or not (no model)
        if run.closed:
            return
        window = await asyncio.to_thread(deps.candidates, run, claim)
        outcome = Verdict(claim=figure_verdict(claim, window))
    if outcome is None:
        if deps.offline:
            if run.closed:
                return  # the run ended or was closed at its deadline
            result = await run_cpu(verify, claim.text, found, samples=deps.settings.samples,
                                   seed_key=seed_key(run, claim), own_source=str(claim.source_id))
            outcome = offline_verdict(claim, result)
        else:
            if run.closed or (run.claims_verified and claim.figure is None):
                return  # the run moved on (deadline or budget): spend no model call (a domain's figures may
                # come after the claims)
            outcome = await verify_with_model(deps, run, claim)
    key = outcome.key if outcome.reused_from is not None else verdict_key(outcome.claim, candidates)
    await asyncio.to_thread(deps.runs.record_verdict, cmd.run_id, cmd.claim_id,
                            **outcome.claim.verdict_record(), engine=outcome.engine, degraded=outcome.degraded,
                            reuse_key=key, reused_from=outcome.reused_from)


def build_router(rt: Runtime) -> NatsRouter:
    """Subscribers of the verifier service: each calls its handler function with this process' collaborators
    (one set of evidence pools per process)."""
    router = NatsRouter()
    common = rt.settings.common
    pools = EvidencePools()
    preload_bm25()  # (the evidence pool's index: imported while the process starts, not on its first claim)
    llm = getattr(rt, "llm", None)  # None while the AsyncAPI document is generated (routers only read settings)
    modelled = llm is not None and not llm.offline("verifier")
    ack_wait = max(common.ack_wait_s, 2 * DEADLINE_S + 30) if modelled else None

    made: list[Verification] = []

    def deps() -> Verification:  # (built on the first message: the AsyncAPI document builds routers only)
        if not made:
            made.append(Verification.of(rt, pools))
        return made[0]

    @router.subscriber(ExtractionCompleted.SUBJECT, **consumer_kwargs(common, "verifier", ExtractionCompleted))
    async def on_extraction_completed_msg(body: ExtractionCompleted) -> None:
        await on_extraction_completed(body, deps())

    @router.subscriber(VerifyClaim.SUBJECT, **consumer_kwargs(common, "verifier", VerifyClaim, ack_wait_s=ack_wait))
    async def on_verify_msg(body: VerifyClaim) -> None:
        await on_verify(body, deps())

    return router
