""""When is X closed in winter?" asks the closure's dates, not opening hours (task h153, trial t76 Q10): the question
was read as one of opening hours (``shared.text.hours.asks_hours``), so only times of day answered it, the road's
"normally closed from mid-November to late May" stated no candidate, and the report said "Not established: the
opening hours asked for". A closed state asked of a season or a month asks when in it the thing is closed; the
state asked of days ("closed on Mondays") or an open state of a season ("open in winter") still asks hours."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.hours import asks_hours
from tests.claim_pages import listed_claims, recorded_report


def test_a_closure_of_a_season_or_month_is_no_hours_question() -> None:
    assert not asks_hours("When is the Skarnel Pass road closed in winter?")
    assert not asks_hours("When is the Fenwold Lido shut in December?")
    # the hours of days, or of a season's opening, are still hours
    assert asks_hours("When is the Fenwold Lido open in winter?")
    assert asks_hours("When is the Fenwold Lido closed on Mondays?")
    assert asks_hours("When does the Fenwold Lido close?")


def test_the_closure_dates_lead() -> None:
    pages = {
        "road": ("Skarnel Pass road", [
            "The Skarnel Pass road crosses the ridge between Ulbrig and Dessana.",
            "The Skarnel Pass road is normally closed from early November to mid-May.",
            "A toll of 9 euros is charged for cars.",
        ]),
    }
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report("When is the Skarnel Pass road closed in winter?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Skarnel Pass road is normally closed from early November to mid-May"), lead
    assert not gate.signals.get("not_established"), gate
