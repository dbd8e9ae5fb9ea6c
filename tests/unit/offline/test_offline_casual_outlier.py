"""One forum post's figure is no disagreement with a review's (task h155): "The sources disagree: up to 300 mm/s
[1]; 500 mm/s [2]." set a forum post's wrong figure (the larger sister model's) level with an independent review's.
A value a firm source gives (a review, a news report, the maker's page) against values each given by one casual
source alone (a forum post, a blog) leads, with the casual one said after it, at medium at most; a value of a page
of no known kind against a forum post, and a review against a forum post and another review, still disagree. Pages
and names made up here."""

from __future__ import annotations

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

QUESTION = "How fast can the Corliss Tern 2 print?"
PAGES = {
    "review": ("Corliss Tern 2 review - Gantry Bench", ["The Corliss Tern 2 is a compact desktop 3D printer.",
                                                         "The Corliss Tern 2 prints at up to 200 mm/s."]),
    "forum": ("Forum: how fast does the Corliss Tern 2 print?", ["The Corliss Tern 2 prints at 450 mm/s."]),
}


def _sites(pages: dict[str, tuple[str, list[str]]], kinds: dict[str, str]) -> tuple[list[VerifiedClaim],
                                                                                 dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    for sid, kind in kinds.items():
        sources[sid] = sources[sid].model_copy(update={"domain": f"{sid}.example", "kind": kind,
                                                       "url_or_path": f"https://{sid}.example/{sid}"})
    return claims, sources


def test_a_review_against_one_forum_post_leads_with_the_post_noted() -> None:
    claims, sources = _sites(PAGES, {"review": "review", "forum": "forum"})
    report, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown).split("\n")[0]
    assert lead == "A review gives up to 200 mm/s [1]; one source, a forum post, says 450 mm/s [2].", lead
    assert not lead.startswith("The sources disagree"), lead
    assert gate.signals.get("outvoted") == 1.0 and gate.score < HIGH_THRESHOLD, gate.signals


def test_a_page_of_no_known_kind_against_a_forum_post_still_disagrees() -> None:
    claims, sources = _sites(PAGES, {"review": "unknown", "forum": "forum"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
    assert gate.score < MEDIUM_THRESHOLD


def test_two_reviews_apart_still_disagree_whatever_a_forum_says() -> None:
    pages = {**PAGES, "mag": ("Corliss Tern 2 tested - Printer Monthly", ["The Corliss Tern 2 prints at up to "
                                                                         "250 mm/s."])}
    claims, sources = _sites(pages, {"review": "review", "forum": "forum", "mag": "review"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
