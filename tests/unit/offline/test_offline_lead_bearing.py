"""Every lead sentence bears on the question (its terms or the bridge entity); a disagreement about a finding's
value is said among the findings, not in the lead; an abbreviation and its full name are one name. Made-up pages."""

from __future__ import annotations

from services.synthesizer.offline import _bearing, find_disagreements, synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.tokens import tokenize


def _claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain=f"{sid}.example", start=0, end=len(text), text=text,
                             retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=[span])


def test_a_lead_claim_without_the_questions_terms_or_the_bridge_is_dropped() -> None:
    question = "Which post did Ada Marsh hold?"
    claims = [_claim("a", "s1", "Ada Marsh was a junior minister at the Board of Fisheries from 1951."),
              _claim("b", "s2", "The Ministry of Food was a British ministry formed in 1939."),
              _claim("c", "s3", "The Board of Fisheries regulated the herring trade of the northern ports.")]
    titles = ["Ada Marsh", "Ministry of Food", "Board of Fisheries"]
    tok_sets = [set(tokenize(f"{c.text} {t}")) for c, t in zip(claims, titles)]
    assert _bearing([0, 1, 2], question, claims, titles, tok_sets) == [0, 2]  # the bridge stays, the ministry goes


def test_a_disagreement_on_a_findings_value_is_said_among_the_findings() -> None:
    question = "Who designed the Harbour Tower of Orlen?"
    sources = {s: SourceInfo(source_id=s, title=t, url_or_path=f"/{s}", domain=f"{s}.example")
               for s, t in (("s1", "Harbour Tower"), ("s2", "Orlen harbour"))}
    claims = [_claim("a", "s1", "The Harbour Tower of Orlen was designed by Ann Lee."),
              _claim("b", "s1", "The Harbour Tower of Orlen, designed in 1890, stands beside a quay 300 metres long."),
              _claim("c", "s2", "The Harbour Tower of Orlen, designed in 1890, stands beside a quay 450 metres long.")]
    report = synthesize(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("The Harbour Tower of Orlen was designed by Ann Lee [1].") and "disagree" not in lead
    assert "- The sources disagree: 300 metres [" in report.markdown


def test_an_abbreviation_and_its_full_name_do_not_disagree() -> None:
    claims = [_claim("a", "s1", "Orlen Tides was certified gold by the RIAA in 2001."),
              _claim("b", "s2", "Orlen Tides was certified gold by the Recording Industry Association of America in "
                                "2001."),
              _claim("c", "s3", "Orlen Tides was certified gold by the BPI in 2001.")]
    found = find_disagreements(claims[:2])
    assert found == []
    assert [sorted(v for _i, v in d.values) for d in find_disagreements([claims[0], claims[2]])] == [["BPI", "RIAA"]]
