"""An unanswerable question is said to be unanswered: a lead whose only count of what a "how many" question counts
is another kind of thing's ("By 1912 the network ... employed 212 staff" for the museum's employees), or whose only
words of the relation asked are those any dated figure says ("annual" of "Year 2019: visitors 31,200" for the annual
electricity consumption), opens "Not established" and the judge scores it clearly below 60
(services.synthesizer.confidence.others_count_lead, relation_features' ``relation_core``; issue 9, trial t46 fault
7). Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import others_count_lead, relation_features, relation_missing
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "h": ("Electrification of the Kelmor tramways, 1899-1912", [
        "The motor cars of the period, such as car No. 17 now preserved at the Kelmor Rope Museum, were built by "
        "Lindholm.",
        "By 1912 the network reached 18.5 km and employed 212 staff."]),
    "r": ("Annual report 2023 (summary)", [
        "Year 2019: visitors 31,200, rope-walk demonstrations 410.",
        "Director Ann Holm thanked the regional heritage fund and the Friends of the Kelmor Rope Museum, whose "
        "membership rose to 1,140."]),
}
EMPLOYEES = "How many employees does the Kelmor Rope Museum have?"
ELECTRICITY = "What was the Kelmor Rope Museum's annual electricity consumption in 2023?"


@pytest.mark.parametrize("question", [EMPLOYEES, ELECTRICITY])
def test_an_unanswerable_question_opens_not_established(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, total = recorded_report(question, claims, sources)
    assert says_not_established(lead_section(rep.markdown)), rep.markdown
    assert gate.tier == "low" and not answered and total < 50, (gate.signals, total)


def test_the_asked_things_own_count_answers() -> None:
    pages = {**PAGES, "m": ("Kelmor Rope Museum", ["The Kelmor Rope Museum employs 14 staff and about 90 "
                                                    "volunteers."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report(EMPLOYEES, claims, sources)
    lead = lead_section(rep.markdown)
    assert "14 staff" in lead and not says_not_established(lead), lead


@pytest.mark.parametrize(("question", "lead", "other"), [
    (EMPLOYEES, "By 1912 the network reached 18.5 km and employed 212 staff [1].", True),
    (EMPLOYEES, "The tram network employed 212 staff in 1912 [1].", True),
    # the asked thing named, or called by its kind, or by a noun for a thing of any kind
    (EMPLOYEES, "The Kelmor Rope Museum has 14 staff [1].", False),
    (EMPLOYEES, "In 2023 the museum had 14 staff [1].", False),
    ("How many employees does the Kessin Brewery have?", "The company employs 80 staff [1].", False),
    # a name whose kind its last word does not say may be called anything
    ("How many employees does Microsoft have?", "The firm employs 221,000 staff [1].", False),
    # no count of what is asked
    (EMPLOYEES, "The network reached 18.5 km [1].", False),
])
def test_a_count_of_another_kind_of_thing(question: str, lead: str, other: bool) -> None:
    assert others_count_lead(question, lead) is other


def test_only_the_dated_figure_words_state_no_relation() -> None:
    # t46 Q10's lead: "annual" is held by the dated row, nothing of the electricity consumption
    lead = ("Director Ann Holm thanked the Friends of the Kelmor Rope Museum, whose membership rose to 1,140 [1]. "
            "Year 2019: visitors 31,200, rope-walk demonstrations 410 [1].")
    features = relation_features(ELECTRICITY, lead)
    assert features["relation_lead"] > 0.0 and features["relation_core"] == 0.0
    assert relation_missing(ELECTRICITY, features)
    assert relation_features(ELECTRICITY, "In 2023 the museum's electricity consumption was 41,000 kWh [1].")[
        "relation_core"] == 1.0
    # a question asking only the latest figure of a thing: the dated words are all it asks
    assert relation_features("What is the latest annual visitor figure of the Kelmor Rope Museum?",
                             "Year 2023: visitors 24,750 [1].")["relation_core"] == 1.0
