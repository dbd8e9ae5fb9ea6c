"""A yes/no question whether anyone underwent an event ("Was anyone killed in E?", "Did anybody die in E?",
"Were any passengers injured?") is decided "No" by a claim saying it happened to nobody ("Nobody was killed",
"No one died", "There were no deaths": "killed", "died" and "deaths" name one relation) and "Yes" by a count of
those it happened to ("14 people were killed"), the claim read on a page whose title names the event's place
(issue 9, trial t25 fault F2)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report

NOBODY = {
    "c": ("Corvelle tram crash of 1931", ["On 4 May 1931 a tram ran off the rails near Corvelle.",
                                          "Nobody was killed; two passengers were hurt."]),
}
NO_ONE = {
    "q": ("Quarry fire at Danselby", ["In 1958 a fire broke out in the slate quarry at Danselby.",
                                      "No one died in the fire, but the quarry closed for a year."]),
}
NO_DEATHS = {
    "q": ("Danselby quarry fire", ["In 1958 a fire broke out in the slate quarry at Danselby.",
                                   "There were no deaths."]),
}
COUNTED = {
    "b": ("Marrowick bridge collapse", ["The bridge at Marrowick collapsed in a storm in 1911.",
                                        "Fourteen people were killed when the central span fell into the river."]),
}


@pytest.mark.parametrize(("pages", "question"), [
    (NOBODY, "Was anyone killed in the 1931 tram crash near Corvelle?"),
    (NOBODY, "Did anybody die in the Corvelle tram crash?"),
    (NO_ONE, "Did anyone die in the quarry fire at Danselby?"),
    (NO_ONE, "Was anybody killed in the Danselby quarry fire?"),
    (NO_DEATHS, "Was anyone killed in the Danselby quarry fire?"),
    (NO_DEATHS, "Did anybody die in the Danselby quarry fire?"),
])
def test_nobody_undergoing_the_event_answers_no(pages: dict[str, tuple[str, list[str]]], question: str) -> None:
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("No:") and not says_not_established(lead), lead


@pytest.mark.parametrize("question", ["Was anyone killed when the Marrowick bridge collapsed?",
                                      "Did anybody die in the Marrowick bridge collapse?"])
def test_a_count_of_those_killed_answers_yes(question: str) -> None:
    claims, sources = listed_claims(COUNTED)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes:") and not says_not_established(lead), lead


def test_others_hurt_is_no_answer_about_deaths_and_a_named_person_is_no_count() -> None:
    texts = ["The Corvelle tram crash of 1931 left two passengers hurt.",
             "The driver, Anselm Roke, was not killed in the Corvelle crash."]
    titles = ["Corvelle tram crash", "Corvelle tram crash"]
    decided = decide_yes_no("Was anyone killed in the Corvelle tram crash?", texts, titles, [0, 1], [True, False])
    assert decided is None or decided.answer is None
