"""A claim the verifier found contested by a passage stating another page's claim, the two giving different values
of one kind, is one side of a disagreement however each sentence is worded (issue 9, trial t37 fault 1): the report
says both values with their pages instead of dropping the contested one, and the confidence gate holds back a lead
the contested claim disputes even when the report does not write it. A look-alike's figure disputes nothing.
Invented pages."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import Citation, EvidenceCandidate, Report, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

OWN = "The spring of the Tarn Abbey gives 40 litres of water a minute."
OTHER = "Pilgrims say the old pipe from the abbey spring carries 55 litres of water a minute to the village trough."
LOOK_ALIKE = "The Tarnwick Abbey Brewery spring gives 55 litres of water a minute."
TITLES = {"s1": "Tarn Abbey", "s2": "Walks around Tarn"}


def _contested(text: str, against: str) -> VerifiedClaim:
    """``text`` as a claim of s1 its page supports, contested by a span of s2 stating ``against``."""
    claim = local_claim("c1", "s1", text)
    span = EvidenceCandidate(source_id="s2", domain="local", start=0, end=len(against), text=against,
                             retrieval_score=0.5, label="contradicts")
    return claim.model_copy(update={"verdict": "contested", "spans": [*claim.spans, span]})


def _values(claims: list[VerifiedClaim]) -> list[list[str]]:
    return [sorted(v for _i, v in d.values) for d in find_disagreements(claims, TITLES)]


def test_the_verifiers_contradiction_is_a_disagreement() -> None:
    other = local_claim("c2", "s2", OTHER)
    assert _values([local_claim("c1", "s1", OWN), other]) == []  # the wordings alone set nothing against each other
    assert _values([_contested(OWN, OTHER), other]) == [["40 litres", "55 litres"]]


def test_a_look_alikes_figure_disputes_nothing() -> None:
    other = local_claim("c2", "s2", LOOK_ALIKE)
    assert _values([_contested(OWN, LOOK_ALIKE), other]) == []


def test_the_report_states_the_contested_value_beside_the_lead() -> None:
    claims = [_contested(OWN, OTHER), local_claim("c2", "s2", OTHER)]
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    report = synthesize("How much water does the Tarn Abbey spring give a minute?", claims, sources)
    lead = lead_section(report.markdown)
    assert "40 litres" in lead and "55 litres" in lead, report.markdown


def _report(lead_claim: VerifiedClaim) -> Report:
    cit = Citation(n=1, source_id="s2", claim_id=lead_claim.claim_id, start=0, end=len(lead_claim.text),
                   quote=lead_claim.text)
    markdown = f"# Q\n\n## Answer\n\n{lead_claim.text[:-1]} [1].\n\n## Sources\n\n- [1] Walks around Tarn\n"
    return Report(markdown=markdown, citations=[cit], used_claim_ids=[lead_claim.claim_id])


def test_the_gate_holds_back_a_lead_a_contested_claim_disputes() -> None:
    question = "How much water does the Tarn Abbey spring give a minute?"
    other = local_claim("c2", "s2", OTHER)
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    held = report_gate(question, _report(other), sources, [_contested(OWN, OTHER), other])
    assert held.signals.get("disputed") == 1.0 and held.tier == "low", held.signals
    # the same report with the claim supported (no contradiction read) is not disputed
    free = report_gate(question, _report(other), sources, [local_claim("c1", "s1", OWN), other])
    assert "disputed" not in free.signals
