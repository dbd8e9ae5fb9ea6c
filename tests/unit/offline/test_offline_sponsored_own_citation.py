"""Trial t65s D2: an affiliate blog's "The <scooter> has a range of 40 km and weighs 14.2 kg" was cited to the
independent test, whose table row gives that scooter 31 km (and 14.2 kg), and lost its "(sponsored or affiliate
source)" mark: the verifier let the table back the claim, and ``independent_first`` cited any independent span
before the claim's own. Another page's passage is cited for a sponsored claim (and makes it independent) only when
it gives each of the claim's figures."""

from __future__ import annotations

import re

from services.synthesizer.offline import (
    SPONSORED_MARK,
    gives_figures,
    independent_first,
    sponsored_claim,
    synthesize,
)
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim

BLOG = "The Lunet Arc 2 has a range of 40 km and weighs 14.2 kg."
TABLE = ("| Scooter | Range (tested) | Top speed | Weight |\n| --- | --- | --- | --- |\n"
         "| Pavo Line 4 | 54 km | 32 km/h | 17.2 kg |\n| Lunet Arc 2 | 31 km | 25 km/h | 14.2 kg |")
COPY = "Lunet says the Lunet Arc 2 has a range of 40 kilometres and weighs 14.2 kg."
SOURCES = {"blog": SourceInfo(source_id="blog", title="The 5 best scooters | Rollpicks", url_or_path="http://b/x",
                              domain="b", sponsored="a disclosure: this post contains affiliate links"),
           "test": SourceInfo(source_id="test", title="Scooters tested | Ridelab", url_or_path="http://t/x", domain="t"),
           "news": SourceInfo(source_id="news", title="Lunet Arc 2 launched", url_or_path="http://n/x", domain="n")}


def _span(sid: str, text: str) -> EvidenceCandidate:
    return EvidenceCandidate(source_id=sid, domain=sid, start=0, end=len(text), text=text, retrieval_score=1.0)


def _blog_claim(*others: EvidenceCandidate) -> VerifiedClaim:
    return VerifiedClaim(claim_id="c1", source_id="blog", text=BLOG, verdict="supported", stability=1.0,
                         spans=[_span("blog", BLOG), *others])


def test_a_passage_giving_other_figures_is_never_cited_for_a_sponsored_claim() -> None:
    claim = _blog_claim(_span("test", TABLE))
    assert not gives_figures(TABLE, BLOG)
    assert independent_first(claim, SOURCES).spans[0].source_id == "blog"
    assert sponsored_claim(claim, SOURCES)


def test_a_passage_giving_each_figure_is_cited_in_its_place() -> None:
    claim = _blog_claim(_span("test", TABLE), _span("news", COPY))
    assert gives_figures(COPY, BLOG)
    assert independent_first(claim, SOURCES).spans[0].source_id == "news"
    assert not sponsored_claim(claim, SOURCES)


def test_the_findings_cite_the_sponsored_claim_to_its_own_page_with_its_mark() -> None:
    other = VerifiedClaim(claim_id="c2", source_id="test", text="The Lunet Arc 2 range is 31 km.", verdict="supported",
                          stability=1.0, spans=[_span("test", "| Lunet Arc 2 | 31 km | 25 km/h | 14.2 kg |")])
    report = synthesize("Which electric scooter should I buy?", [other, _blog_claim(_span("test", TABLE))], SOURCES)
    line = next(x for x in report.markdown.splitlines() if "40 km and weighs" in x)
    n = re.search(r"\[(\d+)\]", line)
    assert n is not None and line.endswith(f"[{n.group(1)}] {SPONSORED_MARK}."), line
    assert re.search(rf"^- \[{n.group(1)}\] The 5 best scooters", report.markdown, re.MULTILINE), report.markdown
