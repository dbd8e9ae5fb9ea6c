"""Tests for services.synthesizer.offline and services.judge.offline."""

from __future__ import annotations

import re

from services.judge.offline import audit_citations, judge
from services.synthesizer.offline import synthesize
from shared.evidence import Citation, EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.text.answer import lead_answer

SOURCES_TEXT = {
    "doc-a": "Scott Derrickson (born July 16, 1966) is an American director. He lives in Los Angeles, California. "
    "He directed Doctor Strange in 2016.",
    "doc-b": "Ed Wood was an American filmmaker. Ed Wood was born in Poughkeepsie, New York. Wood died in 1978.",
    "doc-c": "The moon is made of cheese according to a children's story.",
}
SOURCES = {
    "doc-a": SourceInfo(source_id="doc-a", title="Scott Derrickson", url_or_path="https://en.wikipedia.org/wiki/Scott_Derrickson", domain="en.wikipedia.org"),
    "doc-b": SourceInfo(source_id="doc-b", title="Ed Wood", url_or_path="/corpus/ed_wood.txt", domain="local"),
    "doc-c": SourceInfo(source_id="doc-c", title="Moon [1] story", url_or_path="/corpus/moon.txt", domain="local"),
}


def span(sid: str, sentence: str) -> EvidenceCandidate:
    text = SOURCES_TEXT[sid]
    start = text.index(sentence)
    return EvidenceCandidate(source_id=sid, domain=SOURCES[sid].domain, start=start, end=start + len(sentence), text=sentence, retrieval_score=1.0)


def vc(cid: str, sid: str, text: str, sentence: str, verdict: str = "supported") -> VerifiedClaim:
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict=verdict, stability=1.0, spans=[span(sid, sentence)])


CLAIMS = [
    vc("a1", "doc-a", "Scott Derrickson (born July 16, 1966) is an American director.", "Scott Derrickson (born July 16, 1966) is an American director."),
    vc("a2", "doc-a", "Scott Derrickson lives in Los Angeles, California.", "He lives in Los Angeles, California."),
    vc("b1", "doc-b", "Ed Wood was an American filmmaker.", "Ed Wood was an American filmmaker."),
    vc("b2", "doc-b", "Ed Wood was born in Poughkeepsie, New York.", "Ed Wood was born in Poughkeepsie, New York."),
    vc("b3", "doc-b", "Ed Wood was born in Poughkeepsie, New York!", "Ed Wood was born in Poughkeepsie, New York."),  # near-duplicate
    vc("c1", "doc-c", "The moon is made of cheese according to a children's story.", "The moon is made of cheese according to a children's story.", verdict="contradicted"),
    vc("a3", "doc-a", "Scott Derrickson directed Doctor Strange in 2016.", "He directed Doctor Strange in 2016.", verdict="unverified"),
]
QUESTION = "Were Scott Derrickson and Ed Wood of the same nationality?"


def test_synthesis_cites_only_supported_and_all_markers_resolve() -> None:
    rep = synthesize(QUESTION, CLAIMS, SOURCES, missing=["Ed Wood's citizenship records"])
    md = rep.markdown
    assert "## Answer" in md and "## Sources" in md and "## What is missing" in md
    assert "- Ed Wood's citizenship records" in md
    assert "cheese" not in md and "Doctor Strange" not in md
    assert set(rep.used_claim_ids) <= {"a1", "a2", "b1", "b2", "b3"}
    assert not ({"b2", "b3"} <= set(rep.used_claim_ids))  # near-duplicates collapsed
    assert {c.claim_id for c in rep.citations} == set(rep.used_claim_ids)
    # numbering by first citation; a source keeps its number
    by_source: dict[str, set[int]] = {}
    for c in rep.citations:
        by_source.setdefault(c.source_id, set()).add(c.n)
    assert all(len(ns) == 1 for ns in by_source.values())
    first_seen = [int(m) for m in re.findall(r"\[(\d+)\]", md.split("## Sources")[0])]
    assert first_seen[0] == 1
    assert sorted({c.n for c in rep.citations}) == list(range(1, len(by_source) + 1))
    assert "[1] Scott Derrickson — https://en.wikipedia.org/wiki/Scott_Derrickson" in md or "[1] Ed Wood — /corpus/ed_wood.txt" in md
    # quotes are exact evidence spans (pronoun sentence, not the rewritten claim)
    a2 = [c for c in rep.citations if c.claim_id == "a2"]
    assert a2 and a2[0].quote == "He lives in Los Angeles, California."
    audit = audit_citations(md, rep.citations, SOURCES_TEXT)
    assert audit.total == len(rep.citations) == audit.valid
    assert audit.invalid == [] and audit.orphan_markers == []
    # every body sentence ends with its marker
    body = md.split("## What is missing")[0]
    for line in body.splitlines():
        if line.startswith("- ") or (line and not line.startswith("#")):
            assert re.search(r"\[\d+\]\.$", line), line


def test_synthesis_without_supported_claims() -> None:
    rep = synthesize(QUESTION, [c for c in CLAIMS if c.verdict != "supported"], SOURCES)
    assert rep.citations == [] and rep.used_claim_ids == []
    assert "No verified evidence was found" in rep.markdown
    assert re.search(r"\[\d+\]", rep.markdown) is None
    empty = synthesize("", [], {})  # no content word: says what could not be established, and why
    assert "no answer could be established" in empty.markdown and empty.citations == []


def test_synthesis_max_claims_and_title_escaping() -> None:
    rep = synthesize(QUESTION, CLAIMS, SOURCES, max_claims=2)
    assert len(rep.used_claim_ids) == 2
    moon = VerifiedClaim(
        claim_id="c2", source_id="doc-c", text="The moon is made of cheese according to a children's story [7].",
        verdict="supported", stability=1.0, spans=[span("doc-c", "The moon is made of cheese according to a children's story.")],
    )
    rep2 = synthesize("What is the moon made of?", [moon], SOURCES)
    audit = audit_citations(rep2.markdown, rep2.citations, SOURCES_TEXT)
    assert audit.orphan_markers == [] and audit.valid == 1
    assert "Moon (1) story" in rep2.markdown


def test_audit_detects_bad_citations() -> None:
    good = Citation(n=1, source_id="doc-b", claim_id="b1", start=0, end=34, quote="Ed Wood was an American filmmaker.")
    md = "Ed Wood was an American filmmaker [1]. Something else [2]. More [3]."
    bad_quote = Citation(n=2, source_id="doc-b", claim_id="x", start=0, end=10, quote="Wrong text")
    bad_src = Citation(n=1, source_id="nope", claim_id="y", start=0, end=3, quote="abc")
    unmarked = Citation(n=9, source_id="doc-b", claim_id="z", start=0, end=34, quote="Ed Wood was an American filmmaker.")
    out_of_range = Citation(n=1, source_id="doc-b", claim_id="w", start=5, end=9999, quote="x")
    audit = audit_citations(md, [good, bad_quote, bad_src, unmarked, out_of_range], SOURCES_TEXT)
    assert audit.total == 5 and audit.valid == 1
    assert len(audit.invalid) == 4
    assert audit.orphan_markers == [3]
    empty = audit_citations("", [], {})
    assert empty.total == 0 and empty.valid == 0 and empty.orphan_markers == []


def test_judge_scores() -> None:
    rep = synthesize(QUESTION, CLAIMS, SOURCES)
    j = judge(rep.markdown, question=QUESTION, claims_total=4, claims_supported=4, citations=rep.citations,
              sub_queries=["scott derrickson ed wood nationality", "Scott Derrickson", "Ed Wood"])
    assert j.factual_accuracy == 33 and j.citation_density == 33
    assert 0 < j.coverage < 34  # "nationality" and "same" are not in the report
    assert j.total == j.factual_accuracy + j.citation_density + j.coverage
    half = judge("Orlen cited sentence [1]. One uncited sentence here.", question="cited sentence", claims_total=4,
                 claims_supported=1, citations=[Citation(n=1, source_id="s", claim_id="c", start=0, end=1, quote="x")], sub_queries=[])
    # coverage asks whether the lead answers: a named thing is stated, the question's terms all in the lead
    assert half.factual_accuracy == 8 and half.citation_density == 17 and half.answered
    assert half.coverage == int(34 * lead_answer("cited sentence", "Orlen cited sentence [1].").score + 0.5) > 17
    zero = judge("", question="", claims_total=0, claims_supported=0, citations=[], sub_queries=[])
    assert (zero.factual_accuracy, zero.citation_density, zero.coverage, zero.total) == (0, 0, 0, 0)
