"""Task h151 (trial t75 Q05; the pages here are invented): a sentence whose clauses each date a figure ("By 1820 the
works employed 140 workers, and in 1880, its largest year, the workforce reached 455") states the figure of each
year it frames: for "How many people did X employ in 1880?" (or "How many staff did X have in 1880?") it is no
figure of another year, and the report is no "Not established"."""

from __future__ import annotations

from shared.text.entailment import clause_framed_years
from tests.claim_pages import listed_claims, noted_report

SENTENCE = ("By 1820 the Corvell Lace Works employed 140 workers, and in 1880, its largest year, the workforce "
            "reached 455.")
PAGES = {
    "hist": ("A short history of the Corvell Lace Works", [
        "The Corvell Lace Works was founded in 1802 by Lady Edith Marrow in the town of Corvell.",
        SENTENCE,
        "Today it operates four lace machines."]),
    "kit": ("Press kit: Corvell Lace Works", ["The Corvell Lace Works employs 88 people, 30 of them lace makers."]),
}


def test_each_clause_dates_its_own_figure() -> None:
    assert clause_framed_years(SENTENCE) == ("1820", "1880")
    assert clause_framed_years("In 2023 and 2024 the museum welcomed 48,000 visitors.") == ("2023", "2024")
    assert clause_framed_years("The canal, opened in 1794, is 14.2 km long.") == ()


def test_the_year_asked_in_a_later_clause_answers_the_count() -> None:
    claims, sources = listed_claims(PAGES)
    for q in ("How many people did the Corvell Lace Works employ in 1880?",
              "How many staff did the Corvell Lace Works have in 1880?"):
        report, gate = noted_report(q, claims, sources)
        lead = report.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
        assert "455" in lead and not lead.startswith("Not established"), (q, lead)
        assert not gate.signals.get("other_year") and gate.tier != "low", (q, gate.tier, gate.signals)
