"""Model-free ("offline") research engines for Assay.

Modules: ``text`` (tokens, sentences, language), ``retrieval`` (BM25), ``planner``
(sub-queries), ``claims`` (claim extraction), ``entailment`` (lexical entailment and
resampled verification), ``confidence`` (confidence gate), ``synthesis`` (extractive
cited report), ``judge`` (rule-based judge and citation audit).
"""

from shared.offline.claims import ExtractedClaim, extract_claims
from shared.offline.confidence import Gate, confidence_gate
from shared.offline.entailment import Entailment, EvidenceCandidate, Verification, entailment, verify
from shared.offline.judge import CitationAudit, Judgement, audit_citations, judge
from shared.offline.planner import Plan, plan, refine_query
from shared.offline.retrieval import BM25Index
from shared.offline.synthesis import Citation, Report, SourceInfo, VerifiedClaim, synthesize
from shared.offline.text import Sentence, detect_language, split_sentences, tokenize

__all__ = [
    "BM25Index",
    "Citation",
    "CitationAudit",
    "Entailment",
    "EvidenceCandidate",
    "ExtractedClaim",
    "Gate",
    "Judgement",
    "Plan",
    "Report",
    "Sentence",
    "SourceInfo",
    "Verification",
    "VerifiedClaim",
    "audit_citations",
    "confidence_gate",
    "detect_language",
    "entailment",
    "extract_claims",
    "judge",
    "plan",
    "refine_query",
    "split_sentences",
    "synthesize",
    "tokenize",
    "verify",
]
