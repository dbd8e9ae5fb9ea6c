"""Every value the sources give for the quantity asked is disputed between pages ("The Harlowe Canal has nine locks."
/ "... eleven locks."): each claim is contested, never contradicted, since its own page states it, and the report's
lead says that the sources disagree, each value with its source, instead of "No verified evidence" or an unrelated
finding (issue 9, trial t25). Invented pages."""

from __future__ import annotations

from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import page_sources, recorded_report, sentence_claims, split_pages

PAGES = {
    "a": ("Harlowe Canal", "The Harlowe Canal runs from Harlowe to the river Senn. The Harlowe Canal has nine locks. "
                           "The canal was opened in 1794."),
    "b": ("Boating on the Harlowe Canal", "Boats can be hired at Senn Lock. The Harlowe Canal has eleven locks. "
                                          "The canal was opened in 1796."),
}


def _cand(text: str, sid: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id=sid, domain=f"{sid}.org", start=0, end=len(text), text=text, retrieval_score=1.0)


def test_a_claim_its_own_page_states_is_contested_not_contradicted() -> None:
    claim = "The Harlowe Canal has eleven locks."
    # its own sentence, another page's other count, and sentences that neither support nor contradict it: the
    # subsets split their votes, and those holding the other count but not its own sentence can be the most
    candidates = [_cand(claim, "b"), _cand("The Harlowe Canal has nine locks.", "a"),
                  *(_cand(f"Boats can be hired at the lock of {town}.", "e")
                    for town in ("Harlowe", "Senn", "Brisk", "Kell", "Orrin"))]
    verdicts = {verify(claim, candidates, seed_key=f"k{k}", own_source="b").verdict for k in range(30)}
    assert verdicts == {"contested"}
    assert "contradicted" in {verify(claim, candidates, seed_key=f"k{k}").verdict for k in range(30)}
    # a page that states it is no support unless it is the claim's own
    assert verify(claim, candidates[1:], seed_key="k0", own_source="b").verdict == "contradicted"


def _contested() -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    titles, texts = split_pages(PAGES)
    claims = []
    for c in sentence_claims(texts, *PAGES):
        spans = [sp.model_copy(update={"label": "supports"}) for sp in c.spans]
        disputed = any(w in c.text for w in ("locks", "opened"))
        claims.append(c.model_copy(update={"verdict": "contested" if disputed else "supported", "spans": spans}))
    return claims, page_sources(titles)


def test_the_disagreement_on_the_value_asked_leads() -> None:
    claims, sources = _contested()
    report, gate, answered, _total = recorded_report("How many locks does the Harlowe Canal have?", claims, sources)
    lead = lead_section(report.markdown)
    # it says what is disputed (task f50g)
    assert lead.startswith("The sources disagree on the number of locks of the Harlowe Canal: nine locks [1]; eleven "
                           "locks [2]."), lead
    assert "1794" not in lead and gate.tier != "high" and not answered, gate.signals
    report, gate, _answered, _total = recorded_report("When was the Harlowe Canal opened?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("The sources disagree: 1794 [1]; 1796 [2]."), lead  # not the locks first
    assert "locks" not in lead and gate.tier != "high", lead
