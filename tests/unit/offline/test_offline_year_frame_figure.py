""""In 2024 the X employed 410 pickers" dates a figure, no event: it does not dispute "X: founded 1881" (task h158,
trial t77 Q10: "In what year was <estate> set up?" was led "The sources disagree: 1878; 2024"). A founding year
given differently still disputes. Invented names."""

from __future__ import annotations

from services.synthesizer.offline import _figure_years_only, find_disagreements, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

RECORD = ("Quenmoor Orchard", ["Quenmoor Orchard: founded 1881.", "Quenmoor Orchard: founder Tobin Harrow."])
WORKFORCE = ("Quenmoor Orchard: workforce and prices by year", [
    "In 2024 the Quenmoor Orchard employed 410 pickers.", "Year 2024: pickers 410, price (EUR per kg) 1.20."])


def test_a_year_framing_a_figure_is_no_date_of_an_event() -> None:
    assert _figure_years_only("In 2024 the Quenmoor Orchard employed 410 pickers.")
    assert _figure_years_only("In 2024, Quenmoor sold 900 tonnes of apples.")
    assert not _figure_years_only("In 1881 Tobin Harrow founded the Quenmoor Orchard.")
    assert not _figure_years_only("In 1881 the orchard was planted; in 1890 it had 40 pickers.")


def test_a_workforce_year_does_not_dispute_a_founding_year() -> None:
    claims, sources = listed_claims({"rec": RECORD, "wf": WORKFORCE})
    titles = {sid: s.title for sid, s in sources.items()}
    assert find_disagreements(claims, titles, claims) == []
    report = synthesize("In what year was the Quenmoor Orchard set up?", claims, sources)
    first = lead_section(report.markdown).split("\n")[0]
    assert "1881" in first and "2024" not in first, first


def test_founding_years_given_differently_still_disagree() -> None:
    claims, sources = listed_claims({"rec": RECORD, "post": ("Orchards of the Brinn", [
        "The Quenmoor Orchard was founded in 1883 on the old common."])})
    titles = {sid: s.title for sid, s in sources.items()}
    assert [d.kind for d in find_disagreements(claims, titles, claims)] == ["year"]
