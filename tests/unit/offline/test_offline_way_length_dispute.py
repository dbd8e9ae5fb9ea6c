"""One line's length in two wordings disagrees (issue 9, trial t46 fault 2): "The line is 2.4 km long" on the
line's page and "The harbour line: Our restored trams run along 3.1 km of track ..." on a guide's page give two
lengths of one line, so the report leads with both values and their sources and the gate is not high
(``shared.text.sizes.size_dimensions``: an amount of a way is its length; ``services.synthesizer.offline.
_size_figures``: a label before a colon names the sentence's subject)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from shared.text.sizes import size_dimensions
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "line": ("The harbour line", [
        "The museum's operating harbour line runs from the depot along the quay to the ferry loop.",
        "The line is 2.4 km long and has five stops.",
        "Services run on Sundays from May to September.",
    ]),
    "guide": ("Visitor guide - Orlen Ferry Museum", [
        "Opening hours: Tuesday to Sunday, 10:00-17:00.",
        "The harbour line: Our restored trams run along 3.1 km of track between the depot and the ferry loop, with "
        "views over the old harbour.",
    ]),
}
CLAIMS, SOURCES = listed_claims(PAGES)
TITLES = {sid: s.title for sid, s in SOURCES.items()}


def test_the_two_lengths_of_one_line_disagree() -> None:
    found = [(d.kind, sorted(shown for _i, shown in d.values)) for d in find_disagreements(CLAIMS, TITLES)]
    assert ("m", ["2.4 km", "3.1 km"]) in found, found


def test_the_report_leads_with_both_lengths_and_is_not_high() -> None:
    rep, gate, _answered, _total = recorded_report("How long is the Orlen Ferry Museum's harbour line?", CLAIMS,
                                                   SOURCES)
    lead = lead_section(rep.markdown)
    assert "disagree" in lead and "2.4 km" in lead and "3.1 km" in lead, lead
    assert gate.tier != "high", (gate, lead)


def test_a_label_of_another_thing_gives_no_dispute() -> None:
    pages = {**PAGES, "guide": ("Visitor guide - Orlen Ferry Museum", [
        "The car park: Visitors walk 3.1 km of path from the car park to the depot.",
    ])}
    claims, sources = listed_claims(pages)
    titles = {sid: s.title for sid, s in sources.items()}
    assert find_disagreements(claims, titles) == []


@pytest.mark.parametrize("text,dims", [
    ("Our restored trams run along 3.1 km of track", {"length"}),
    ("By 1912 the network had 18.5 km of lines", {"length"}),
    ("some 40 miles of the old railway", {"length"}),
    ("about 3 km east of the village", {"distance"}),
    ("a 5 km walk to the station", set()),
])
def test_an_amount_of_a_way_is_a_length(text: str, dims: set[str]) -> None:
    assert size_dimensions(text) == dims


def test_a_finding_disagreement_says_what_it_is_on() -> None:
    pages = {
        "line": ("The harbour line", [
            "The museum's operating harbour line runs from the depot along the quay to the ferry loop.",
            "The line is 2.4 km long and has five stops.", "The harbour line reopened in 2012."]),
        "guide": ("Visitor guide - Orlen Ferry Museum", [
            "The Orlen Ferry Museum opened in 1989.",
            "The harbour line: Our restored trams run along 3.1 km of track between the depot and the ferry loop."]),
    }
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report("When did the Orlen Ferry Museum open?", claims, sources)
    assert "1989" in lead_section(rep.markdown), rep.markdown
    line = next((x for x in rep.markdown.splitlines() if "disagree" in x), "")
    assert "disagree on the length of the harbour line:" in line, rep.markdown
    assert "2.4 km" in line and "3.1 km" in line, line
