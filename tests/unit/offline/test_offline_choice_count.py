"""Task h61 (the pages here are invented): "Which built more N, A or B?" is decided by each option's count of N (or
a near-synonym), never by a founding year; with no count for an option the lead is no established answer (low)."""

from __future__ import annotations

from shared.text.answer import choice_count_nouns
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Which built more vessels, the Old Tarnwick Slipway or Tarnwick Dockyard?"
OLD = ("Old Tarnwick Slipway", [
    "The Old Tarnwick Slipway was founded in 1810 by the boatbuilder Edvin Roke.",
    "The Old Tarnwick Slipway built 31 fishing boats on its single 30-metre slipway.",
    "The Roke Society was founded in 1969 to keep its history.",
])
OLD_NO_COUNT = ("Old Tarnwick Slipway", [
    "The Old Tarnwick Slipway was founded in 1810 by the boatbuilder Edvin Roke.",
    "The Roke Society was founded in 1969 to keep its history.",
])
WIKI = ("Tarnwick Dockyard", [
    "Tarnwick Dockyard is a former dockyard and now a museum in Selby Cross.",
    "Between 1880 and 1990 the yard built 275 ships, among them ferries and two tugs.",
])
RECORD = ("Tarnwick Dockyard", ["Tarnwick Dockyard: founded 1878."])


def _lead(pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier


def test_choice_count_nouns_reads_the_noun_counted() -> None:
    assert choice_count_nouns(QUESTION) == ("vessel",)
    assert choice_count_nouns("Which hotel has fewer rooms, the Kessel Inn or the Orla Hotel?") == ("room",)
    assert choice_count_nouns("Which is more popular, the Kessel Inn or the Orla Hotel?") == ()
    assert choice_count_nouns("Which is larger, the Kessel Inn or the Orla Hotel?") == ()


def test_each_option_leads_with_its_count_not_a_founding_year() -> None:
    lead, tier = _lead({"o": OLD, "w": WIKI, "r": RECORD})
    assert lead == ("The Old Tarnwick Slipway built 31 fishing boats on its single 30-metre slipway [1]. Tarnwick "
                    "Dockyard: Between 1880 and 1990 the yard built 275 ships, among them ferries and two tugs [2]."), lead
    assert tier == "high", tier


def test_no_count_for_an_option_is_no_established_answer() -> None:
    lead, tier = _lead({"o": OLD_NO_COUNT, "w": WIKI, "r": RECORD})
    assert lead == ("Not established: which of the options the question compares fits it. Related findings, not the "
                    "answer: The Old Tarnwick Slipway was founded in 1810 by the boatbuilder Edvin Roke [1]."), lead
    assert tier == "low", tier


def test_the_options_own_page_count_leads_before_a_page_that_only_mentions_it() -> None:
    press = ("Press notes 2024: Tarnwick Dockyard", ["Over 110 years the yard built 275 ships."])
    german = ("Die Tarnwick-Werft", ["Bis 1990 liefen dort 275 Schiffe vom Stapel."])
    lead, tier = _lead({"o": OLD, "p": press, "d": german, "w": WIKI, "r": RECORD})
    assert lead == ("The Old Tarnwick Slipway built 31 fishing boats on its single 30-metre slipway [1]. Tarnwick "
                    "Dockyard: Between 1880 and 1990 the yard built 275 ships, among them ferries and two tugs [2]."), lead
    assert tier == "high", tier


def test_an_attribute_of_things_built_is_their_count_not_a_year() -> None:
    question = "How does the Old Tarnwick Slipway compare with Tarnwick Dockyard in vessels built?"
    claims, sources = listed_claims({"o": OLD, "w": WIKI, "r": RECORD})
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead == "Vessels built: the Old Tarnwick Slipway 31 [1]; Tarnwick Dockyard 275 [2].", lead
