"""Two pages counting one thing's objects differently disagree when one names it and the other refers to it by the
noun of a name its page gave before ("The museum owns about 4,600 objects" after "The Orlby Toy Museum on Kirk Lane
is ..."), whichever verb of having each uses ("holds" / "owns") and whether the count's noun has a word before it
("glass objects"): the lead says both values, each cited, the hedge as written ("about"), and the gate is not high
(issue 9, trial t26 fault 4; ``services.synthesizer.offline``: ``_referred_names``, ``_counted_heads``,
``_predicates_meet``, ``_hedged``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

GUIDE = ("Orlby Visitor Guide 2022", ["The Orlby Toy Museum on Kirk Lane is the town's main attraction.",
                                      "The museum owns about 4,600 objects, of which a quarter are on display.",
                                      "Always check opening times before travelling."])


def pages(collection: str) -> dict[str, tuple[str, list[str]]]:
    return {"mus": ("Orlby Toy Museum", ["The Orlby Toy Museum opened in 1958 in the old corn exchange.", collection,
                                         "The museum is open from Tuesday to Sunday."]),
            "guide": GUIDE}


@pytest.mark.parametrize("collection", [
    "The museum's collection now holds 5,200 objects, from wooden horses to tin robots.",
    "The Orlby Toy Museum's collection now holds 5,200 objects, from wooden horses to tin robots.",
    "The collection now contains 5,200 objects.",
    "The Orlby Toy Museum houses 5,200 toy objects.",
])
def test_the_disputed_count_is_said_both_ways_and_not_high(collection: str) -> None:
    claims, sources = listed_claims(pages(collection))
    rep, gate, _answered, _total = recorded_report("How many objects are in the Orlby Toy Museum collection?",
                                                   claims, sources)
    lead = lead_section(rep.markdown)
    assert "about 4,600" in lead and "5,200" in lead and "disagree" in lead, lead
    assert gate.tier != "high" and gate.signals.get("disputed") == 1.0, gate


def test_a_noun_no_name_of_its_page_ends_with_is_no_reference() -> None:
    # "The hall" on the guide names nothing of the museum: its count is another thing's
    claims, sources = listed_claims({
        "mus": ("Orlby Toy Museum", ["The Orlby Toy Museum's collection now holds 5,200 objects."]),
        "guide": ("Orlby Visitor Guide 2022", ["The Orlby Toy Museum on Kirk Lane is the town's main attraction.",
                                               "The hall owns about 4,600 objects."])})
    assert find_disagreements(claims, {sid: s.title for sid, s in sources.items()}) == []


def test_what_is_on_display_is_no_count_of_what_is_held() -> None:
    # another verb than one of having: the objects on display are not the collection
    claims, sources = listed_claims({
        "mus": ("Orlby Toy Museum", ["The Orlby Toy Museum's collection now holds 5,200 objects."]),
        "guide": ("Orlby Visitor Guide 2022", [GUIDE[1][0], "The museum displays about 1,300 objects."])})
    assert find_disagreements(claims, {sid: s.title for sid, s in sources.items()}) == []


def test_a_count_of_another_noun_is_no_dispute_of_the_question() -> None:
    # "How many members ...?": the museum's objects, counted two ways on two pages, are no answer to be disputed
    claims, sources = listed_claims({**pages("The museum's collection now holds 5,200 objects."),
                                     "roll": ("Orlby guild roll", ["The Orlby guild roll lists 212 members."])})
    rep, _gate, _answered, _total = recorded_report("How many members does the Orlby guild have?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "212" in lead and "disagree" not in lead, lead
