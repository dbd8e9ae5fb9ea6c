"""Task h151 (trial t75 Q03; the pages here are invented): "By whom was X established, and in what year?" asks two
things. The lead answers both when a claim dates it (the founder's claim, then the founding year's); a lead naming
only the founder answers half the question and is never rated medium or high."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.answer import asked_time_part
from tests.claim_pages import listed_claims, noted_report

PAGES = {
    "rec": ("Corvell Lace Works", ["Corvell Lace Works: founder Lady Edith Marrow.", "Corvell Lace Works: founded 1802.",
                                   "Corvell Lace Works: seat Corvell."]),
    "tab": ("Corvell Lace Works: staff by year", [
        "The figures count the Corvell Lace Works only; the separate Corvell Net Mill is not included."]),
}
QUESTION = "By whom was the lace works in Corvell established, and in what year?"


def test_the_time_a_question_asks_in_an_aside() -> None:
    assert asked_time_part(QUESTION) == "When was the lace works in Corvell established?"
    assert asked_time_part("Who founded the Corvell Lace Works and when?") == "When founded the Corvell Lace Works?"
    for one in ("Who founded the Corvell Lace Works?", "When and where was the Corvell Lace Works founded?"):
        assert asked_time_part(one) is None


def test_both_parts_are_answered_when_a_claim_dates_it() -> None:
    claims, sources = listed_claims(PAGES)
    for q in (QUESTION, "Who founded the Corvell Lace Works and when?"):
        report, gate = noted_report(q, claims, sources)
        lead = lead_section(report.markdown)
        assert "Lady Edith Marrow" in lead and "1802" in lead, (q, lead)
        assert not gate.signals.get("part_missing"), gate.signals


def test_the_founder_alone_is_half_an_answer_and_low() -> None:
    pages = {"rec": ("Corvell Lace Works", ["Corvell Lace Works: founder Lady Edith Marrow.",
                                            "Corvell Lace Works: seat Corvell."]), "tab": PAGES["tab"]}
    claims, sources = listed_claims(pages)
    report, gate = noted_report(QUESTION, claims, sources)
    assert "Lady Edith Marrow" in lead_section(report.markdown)
    assert gate.tier == "low" and gate.signals.get("part_missing") and not gate.signals.get("not_established"), (
        gate.tier, gate.signals)
