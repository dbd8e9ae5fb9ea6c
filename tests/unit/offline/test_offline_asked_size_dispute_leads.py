"""The asked attribute's dispute leads (issue 9, trial t41 fault 8). Over two pages disputing a lighthouse's year,
builder and height, "How tall is it?" leads with the heights, however each page words them ("rises 42 metres", "The
lighthouse is a 57-metre tower" or "The lighthouse stands 57 m high" on a page that named the Selby Point Lighthouse
before), not with the years, and at low confidence; "When was it built?" still leads with the years. Invented
pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source


def _report(claims: list[VerifiedClaim], titles: dict[str, str], question: str) -> tuple[str, str]:
    sources = {sid: local_source(sid, t) for sid, t in titles.items()}
    rep = synthesize(question, claims, sources)
    return lead_section(rep.markdown), report_gate(question, rep, sources, claims).tier


LIGHTHOUSE = {"s1": "Selby Point Lighthouse", "s2": "Walking the Marrow coast"}


def _lighthouse() -> list[VerifiedClaim]:
    """Two pages disputing the lighthouse's year, builder and height; the second names it only before its height."""
    return [
        local_claim("a1", "s1", "The Selby Point Lighthouse stands on a granite headland south of Marrow."),
        local_claim("a2", "s1", "The Selby Point Lighthouse, built in 1861 by the engineer Tomas Grell, rises 42 "
                                "metres above the rocks."),
        local_claim("b1", "s2", "The coast path south of Marrow passes the Selby Point Lighthouse."),
        local_claim("b2", "s2", "The Selby Point Lighthouse was built in 1874 by the engineer Anna Holt."),
        local_claim("b3", "s2", "The lighthouse is a 57-metre tower of red sandstone."),
    ]


@pytest.mark.parametrize("question", ["How tall is the Selby Point Lighthouse?",
                                      "What is the height of the Selby Point Lighthouse?"])
def test_the_height_dispute_leads_a_height_question(question: str) -> None:
    lead, tier = _report(_lighthouse(), LIGHTHOUSE, question)
    assert lead.startswith("The sources disagree on the height of the Selby Point Lighthouse: 42 metres"), lead
    assert "57 metre" in lead and "1861" not in lead and "1874" not in lead, lead
    assert tier == "low"


def test_the_year_dispute_still_leads_a_when_question() -> None:
    lead, _tier = _report(_lighthouse(), LIGHTHOUSE, "When was the Selby Point Lighthouse built?")
    assert lead.startswith("The sources disagree: 1861"), lead
    assert "1874" in lead and "metre" not in lead, lead


def test_a_described_height_meets_the_name_its_page_gave_before() -> None:
    claims = [local_claim("a", "s1", "The Selby Point Lighthouse rises 42 metres above the rocks."),
              local_claim("b1", "s2", "The coast path south of Marrow passes the Selby Point Lighthouse."),
              local_claim("b2", "s2", "The lighthouse stands 57 m high and can be seen from the harbour.")]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(claims, LIGHTHOUSE)] == [["42 metres", "57 m"]]
    lead, tier = _report(claims, LIGHTHOUSE, "How tall is the Selby Point Lighthouse?")
    assert lead.startswith("The sources disagree") and "57 m" in lead, lead
    assert tier == "low"
