"""Issue 9, trial t53 F8: "How many visitors did Veldmoor Lido have in 2025?" was Not established (0.52 low, judge 25):
of the claims giving 2025's figure, the annual report's "The lido welcomed 148,200 visitors ..." (its page the
trust's report, the lido named only as "the lido") led, and the gate found no sentence stating the answer that names
what the question names, while the news sentence "Veldmoor Lido welcomed 148,200 visitors in 2025, a record." was
a supported claim of the same run. Of the claims stating the figure of the year asked, one naming the asked thing in
its own words leads (services.synthesizer.offline.asked_time_lead). Invented pages (the Orrin Quarry Baths)."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "report": ("Orrin Quarry Baths Trust Annual Report 2024", [
        "The baths welcomed 52,300 visitors between 1 May and 30 September 2024.",
        "Year 2023: visitors 47,900, ticket income £211,000.",
        "Year 2024: visitors 52,300, ticket income £236,000.",
        "Visitor numbers have grown every year since 2021.",
    ]),
    "news": ("Orrin Quarry Baths names new manager as prices rise", [
        "The Orrin Quarry Baths welcomed 52,300 visitors in 2024, a record.",
        "The child ticket stays at £2.80.",
    ]),
}
QUESTION = "How many visitors did the Orrin Quarry Baths have in 2024?"


def test_the_years_figure_named_in_its_own_sentence_leads() -> None:
    claims, sources = listed_claims(PAGES)
    lead = lead_section(synthesize(QUESTION, claims, sources).markdown)
    assert lead.startswith("The Orrin Quarry Baths welcomed 52,300 visitors in 2024, a record ["), lead
