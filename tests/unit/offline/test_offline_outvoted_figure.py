"""When three or more independent sources (other sites, or other files of a corpus) agree on a figure and one source
alone gives another, the lead gives the agreed figure and says the outlier, at medium at most: trial t53 q03/q16
"How long is the main pool at X?" led 'The sources disagree ...: 91 m [1] ≈ 91 metres [2] ≈ ninety-one metres [3];
100 metres [4] (91 in three sources, 100 in one).' at 0.32 low, the 100 from a blog. Two independent sources against
one are a majority too (test_offline_outvoted_two_to_one); three pages of one site still disagree. Pages made up
here."""

from __future__ import annotations

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

PAGES = {
    "enc": ("Brissac Baths", ["Brissac Baths is an open-air pool in Kallholm.",
                              "The outdoor pool is 66 metres long and 20 metres wide."]),
    "rec": ("Brissac Baths", ["Brissac Baths: outdoor pool length 66 m."]),
    "faq": ("Brissac Baths - visitor questions", ["the outdoor pool is sixty-six metres long."]),
    "blog": ("A day at Brissac Baths", ["The outdoor pool is a huge 75 metres long."]),
}
QUESTION = "How long is the outdoor pool at Brissac Baths?"


def _pages(pages: dict[str, tuple[str, list[str]]], domain: str = "") -> tuple[list[VerifiedClaim],
                                                                                 dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    if domain:  # the agreeing pages all of one site
        for sid in ("enc", "rec", "faq"):
            if sid in sources:
                sources[sid] = sources[sid].model_copy(update={"domain": domain,
                                                               "url_or_path": f"https://{domain}/{sid}"})
    return claims, sources


def test_the_figure_independent_sources_agree_on_leads_with_the_outlier_said() -> None:
    claims, sources = _pages(PAGES)
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == (
        "The length of the outdoor pool at Brissac Baths is 66 m [1][2][3]; one source, a blog, says 75 metres [4].")
    assert MEDIUM_THRESHOLD <= gate.score < HIGH_THRESHOLD and gate.tier == "medium"
    assert gate.signals.get("outvoted") == 1.0


def test_two_independent_sources_against_one_lead_at_medium() -> None:
    # (OUTVOTED_MIN is 2: two files of a corpus against a blog are a majority, said with the blog's figure)
    claims, sources = _pages({k: v for k, v in PAGES.items() if k != "faq"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == (
        "The length of the outdoor pool at Brissac Baths is 66 m [1][2]; one source, a blog, says 75 metres [3].")
    assert MEDIUM_THRESHOLD <= gate.score < HIGH_THRESHOLD and gate.tier == "medium"


def test_three_pages_of_one_site_are_no_three_independent_sources() -> None:
    claims, sources = _pages(PAGES, domain="brissac-baths.example")
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
    assert gate.tier == "low"
