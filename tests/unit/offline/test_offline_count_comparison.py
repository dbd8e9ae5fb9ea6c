"""Task h55 (trial t60 q18; the pages here are invented): "How many N did A build compared with B?" is a comparison
of two counts: the lead gives both, each with its own subject, not one count whose "the yard" reads as the other's."""

from __future__ import annotations

from shared.text.answer import count_comparison
from tests.claim_pages import listed_claims, recorded_report

WIKI = ("Tarnwick Dockyard", [
    "Tarnwick Dockyard is a former dockyard and now a museum in Selby Cross.",
    "Between 1880 and 1990 the yard built 275 ships, among them ferries and two tugs.",
    "The Old Tarnwick Slipway is a different, much older yard on the east bank.",
    "The Old Tarnwick Slipway built 31 fishing boats on a single slipway and closed in 1905.",
])
OLD = ("Old Tarnwick Slipway", [
    "The Old Tarnwick Slipway was founded in 1810 by the boatbuilder Edvin Roke.",
    "The Old Tarnwick Slipway built 31 fishing boats on its single 30-metre slipway.",
    "The Roke Society was founded in 1969 to keep its history.",
])
RECORD = ("Tarnwick Dockyard", ["Tarnwick Dockyard: ships built 275.", "Tarnwick Dockyard: founded 1878."])


def test_count_comparison_reads_the_two_things() -> None:
    assert count_comparison("How many vessels did the Old Tarnwick Slipway build compared with Tarnwick Dockyard?") \
        == ("Old Tarnwick Slipway", "Tarnwick Dockyard")
    assert count_comparison("How many rooms does the Kessel Inn have than the Orla Hotel?") == ("Kessel Inn",
                                                                                                "Orla Hotel")
    assert count_comparison("How many more people live in Oslo than in Bergen?") == ("Oslo", "Bergen")
    assert count_comparison("How many ships did Tarnwick Dockyard build?") is None


def test_a_count_compared_with_another_things_leads_with_both_counts() -> None:
    question = "How many vessels did the Old Tarnwick Slipway build compared with Tarnwick Dockyard?"
    claims, sources = listed_claims({"w": WIKI, "o": OLD, "r": RECORD})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead == ("The Old Tarnwick Slipway built 31 fishing boats on its single 30-metre slipway [1]. Tarnwick "
                    "Dockyard: Between 1880 and 1990 the yard built 275 ships, among them ferries and two tugs [2]."), lead
    # both counts, each with its subject: answered (medium)
    assert gate.tier == "medium", gate.score
