"""Two independent sources (pages of two sites, or two files of a corpus; never one sentence syndicated to both)
giving one figure against one other source's figure: the lead gives the figure the two agree on and says the other,
at medium at most (trial t63w q04: an encyclopedia's 241.3 m and a French journal's "241,3 mètres" against a forum's
214 m led 'The sources disagree ...' at low). Pages of one site, or copies of one text, are one source: they still
disagree. Pages and names made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

QUESTION = "How long was the Quelvard?"
PAGES = {
    "enc": ("Quelvard (ship)", ["The Quelvard was a cargo liner of the Ostmark Line.",
                                "The Quelvard was 187.4 metres long."]),
    "fr": ("Le paquebot Quelvard", ["Le paquebot Quelvard mesurait 187,4 mètres de long."]),
    "forum": ("Liner trivia thread", ["The Quelvard was 178 metres long."]),
}


def _sites(pages: dict[str, tuple[str, list[str]]], hosts: dict[str, str]) -> tuple[list[VerifiedClaim],
                                                                                 dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    for sid, host in hosts.items():
        sources[sid] = sources[sid].model_copy(update={"domain": host, "url_or_path": f"https://{host}/{sid}"})
    sources["forum"] = sources["forum"].model_copy(update={"kind": "forum"})
    return claims, sources


def test_two_independent_sites_against_a_forum_lead_with_the_forum_said() -> None:
    claims, sources = _sites(PAGES, {"enc": "shipwiki.example", "fr": "journal.example", "forum": "boards.example"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == (
        "The length of the Quelvard is 187.4 metres [2][3]; one source, a forum post, says 178 metres [1].")
    assert MEDIUM_THRESHOLD <= gate.score < HIGH_THRESHOLD and gate.tier == "medium"
    assert gate.signals.get("outvoted") == 1.0


@pytest.mark.xfail(strict=True, reason="known regression of 5ab07793 (a figure 'from bow to stern' is now a length): the "
                   "second page of the agreeing site leads at high and the disagreement with the forum is said only in "
                   "the Findings; left open in stop 45's note")
def test_two_pages_of_one_site_against_one_still_disagree() -> None:
    pages = {**PAGES, "fr": ("Quelvard facts", ["The Quelvard measured 187.4 m from bow to stern."])}
    claims, sources = _sites(pages, {"enc": "shipwiki.example", "fr": "shipwiki.example", "forum": "boards.example"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
    assert gate.tier == "low"


def test_one_sentence_syndicated_to_two_sites_is_one_source() -> None:
    story = "The Quelvard was 187.4 metres long."
    pages = {"enc": ("Quelvard remembered - Harbour Post", [story]),
             "fr": ("Quelvard remembered - Valley Courier", [story]),
             "forum": PAGES["forum"]}
    claims, sources = _sites(pages, {"enc": "harbourpost.example", "fr": "courier.example", "forum": "boards.example"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
    assert gate.tier == "low"


def test_two_sources_against_two_others_of_two_values_still_disagree() -> None:
    pages = {**PAGES, "blog": ("My trip on the Quelvard", ["The Quelvard was 192 metres long."])}
    claims, sources = _sites(pages, {"enc": "shipwiki.example", "fr": "journal.example", "forum": "boards.example",
                                     "blog": "travels.example"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown).startswith("The sources disagree")
    assert gate.tier == "low"


def test_two_pages_of_a_look_alike_make_no_majority() -> None:
    """Two sites' figure of the "Old Quelvard" (a look-alike built on the asked name) is no majority against the
    one source about the Quelvard itself: never the look-alike's figure as the asked one's (review rev62 F3)."""
    pages = {"enc": ("Quelvard (ship)", ["The Old Quelvard was 187.4 metres long."]),
             "fr": ("Quelvard archive", ["The Old Quelvard, a hulk, was 187.4 metres long."]),
             "forum": PAGES["forum"]}
    claims, sources = _sites(pages, {"enc": "shipwiki.example", "fr": "journal.example", "forum": "boards.example"})
    report, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown).split("\n")[0]
    assert lead == "The Quelvard was 178 metres long [1]."
    assert gate.signals.get("outvoted") != 1.0
