"""A state held "since" a time holds now: "Since 2004 the rope works has been run by the Hallervik Maritime Trust"
answers "Who runs the Hallervik Rope Works today?" (issue 9, trial t48: "Who runs ... today?" was not answered, its
"today" counted as a question term no sentence covered). Invented pages."""

from __future__ import annotations

from tests.claim_pages import page_set, recorded_report

PAGES = {
    "s1": ("Hallervik Rope Works",
           "The Hallervik Rope Works is a former ropewalk in the harbour town of Hallervik. The ropewalk was built in "
           "1794 by the merchant Aksel Brandt. Since 2004 the rope works has been run by the Hallervik Maritime "
           "Trust, a charity that restored the building. Before that, the town council owned the site."),
    "s2": ("Aksel Brandt", "Aksel Brandt was a merchant and shipowner. He was born in Aalborg in 1751."),
}


def test_a_state_held_since_a_year_answers_a_question_about_today() -> None:
    pages = page_set(PAGES)
    rep, gate, answered, total = recorded_report("Who runs the Hallervik Rope Works today?", pages.claims,
                                                 pages.sources)
    lead = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    assert "Hallervik Maritime Trust" in lead.split(".")[0]
    assert answered and total > 60
    assert gate.tier != "low"
