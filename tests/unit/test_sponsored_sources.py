"""Sponsored or affiliate content (issue 15, a fresh trial's finding): a sponsored review's sentences never become
a report's Answer while independent evidence exists, and wherever such a source is cited it is marked.

The shopping analysis finds the sponsored pages (disclosure text, ``rel="sponsored"``, affiliate link patterns:
``services.domain_shopping.pages.sponsored``) and records them (``ReviewsSummarized.sponsored_sources``); the
synthesizer reads them into ``SourceInfo.sponsored`` (``services.synthesizer.handlers.sponsored_sources``)."""

from __future__ import annotations

import hashlib
import re
from uuid import uuid4, uuid5

import pytest

from contracts import SponsoredSource
from services.domain_shopping.offline import SourcePage, analyse
from services.synthesizer.offline import SPONSORED_MARK, lead_candidates, synthesize
from services.synthesizer.provenance import source_meta
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim

QUESTION = "Which noise cancelling headphones are the most comfortable?"


def _claim(cid: str, sid: str, text: str, *also: str) -> VerifiedClaim:
    spans = [EvidenceCandidate(source_id=s, domain="web", start=0, end=len(text), text=text, retrieval_score=1.0)
             for s in (sid, *also)]
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=spans)


def _sources(sponsored: set[str], *sids: str) -> dict[str, SourceInfo]:
    return {sid: SourceInfo(source_id=sid, title=f"Page {sid}", url_or_path=f"http://127.0.0.1:9/{sid}",
                            domain="web", sponsored="disclosure: 'affiliate links'" if sid in sponsored else None)
            for sid in sids}


def _section(report: str, heading: str) -> str:
    return report.split(f"## {heading}", 1)[1].split("\n## ", 1)[0] if f"## {heading}" in report else ""


AD = ("The Bose QC45 are the most comfortable noise cancelling headphones of the year, the most comfortable we "
      "have worn.")
TEST = "The Sony WH-1000XM5 stayed comfortable through an 8 hour lab session."


def test_a_sponsored_review_never_leads_while_independent_evidence_exists_and_is_marked_where_shown() -> None:
    sources = _sources({"ad"}, "ad", "lab")
    claims = [_claim("a", "ad", AD), _claim("b", "lab", TEST)]
    report = synthesize(QUESTION, claims, sources).markdown
    answer = _section(report, "Answer")
    assert "Sony WH-1000XM5" in answer and "Bose QC45" not in answer, report
    n_ad = re.search(r"- \[(\d+)\] Page ad", report)
    if n_ad is not None:  # shown among the findings: marked next to its citation and in the source list
        assert f"[{n_ad.group(1)}] {SPONSORED_MARK}" in report
        assert "sponsored or affiliate content (disclosure: 'affiliate links')" in report.split("## Sources")[1]
    # without it being sponsored, the more relevant sentence leads: the rule, not the wording, moved it
    plain = synthesize(QUESTION, claims, _sources(set(), "ad", "lab")).markdown
    assert "Bose QC45" in _section(plain, "Answer"), plain


def test_a_sponsored_source_alone_may_answer_but_says_what_it_is() -> None:
    report = synthesize(QUESTION, [_claim("a", "ad", AD)], _sources({"ad"}, "ad")).markdown
    answer = _section(report, "Answer")
    assert "Bose QC45" in answer and f"[1] {SPONSORED_MARK}" in answer, report
    assert "sponsored or affiliate content" in report.split("## Sources")[1]


def test_a_claim_an_independent_page_also_supports_is_independent_and_cites_that_page() -> None:
    sources = _sources({"ad"}, "ad", "lab")
    claims = [_claim("a", "ad", AD, "lab")]
    assert lead_candidates(claims, [1.0], sources) == [0]
    report = synthesize(QUESTION, claims, sources)
    assert report.citations[0].source_id == "lab" and SPONSORED_MARK not in report.markdown, report.markdown


def test_an_irrelevant_independent_sentence_does_not_displace_a_relevant_sponsored_one() -> None:
    sources = _sources({"ad"}, "ad", "other")
    claims = [_claim("a", "ad", AD), _claim("b", "other", "The shop opens at nine on weekdays.")]
    assert lead_candidates(claims, [1.0, 0.1], sources) == [0, 1]


def test_source_list_says_sponsored_and_why() -> None:
    info = _sources({"ad"}, "ad")["ad"]
    assert source_meta(info).startswith("sponsored or affiliate content (disclosure: 'affiliate links')")
    assert source_meta(info.model_copy(update={"sponsored": None})) == ""


SPONSORED_WITHOUT_REVIEW = """<!doctype html><html><head><title>Headphones we love - Deal Digest</title></head>
<body><p>This article is sponsored by Veltra Audio.</p><p>The Veltra Q9 headphones are the comfiest around.</p>
<p><a href="https://shop.example/q9" rel="sponsored">Buy</a></p></body></html>"""
INDEPENDENT = """<!doctype html><html><head><title>Veltra Q9 test - Sound Lab</title></head>
<body><p>We bought the Veltra Q9 ourselves. It weighs 250 g.</p></body></html>"""


@pytest.mark.parametrize("html,why", [
    (SPONSORED_WITHOUT_REVIEW, "disclosure"),
    (INDEPENDENT.replace("ourselves.", 'ourselves. <a href="https://amzn.to/3xYz">Buy</a>'), "affiliate link"),
    (INDEPENDENT.replace("ourselves.", 'ourselves. <a href="https://s.example/q9" rel="nofollow sponsored">x</a>'),
     'rel="sponsored"'),
])
def test_the_shopping_analysis_records_every_sponsored_page_reviewed_or_not(html: str, why: str) -> None:
    pages = [SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9/{i}", title=f"p{i}", text="", html=h,
                        html_sha256=hashlib.sha256(h.encode()).hexdigest()) for i, h in enumerate([html, INDEPENDENT])]
    run_id = uuid4()
    result = analyse(QUESTION, pages, run_id)
    # the page, and its markup when a figure cites it ("It weighs 250 g." is read from the page's own sentences)
    markup = str(uuid5(run_id, f"html:{pages[0].source_id}"))
    assert [s["source_id"] for s in result.sponsored_sources] in ([pages[0].source_id],
                                                                  [pages[0].source_id, markup])
    assert why in result.sponsored_sources[0]["why"]
    recorded = SponsoredSource.model_validate(result.sponsored_sources[0])  # the contract's shape
    assert str(recorded.source_id) == pages[0].source_id
