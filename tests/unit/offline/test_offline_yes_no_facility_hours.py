"""Trial t54 fault F3 (the pages here are invented): "Is the X Visitor Centre open on Mondays?" is answered by the
hours rows of X's page ("X: monday day hours Closed.") when that page names the X Visitor Centre: a site's hours are
its facility's (``services.synthesizer.verdicts._facility_claims``); a page that names no such facility answers
nothing of it."""

from __future__ import annotations

from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

TITLE = "Visit Carrow Sluice"
ROWS = ["Carrow Sluice: monday day hours Closed.",
        "Carrow Sluice: tuesday to Sunday day hours 10:30 – 16:30.",
        "Carrow Sluice: adult ticket price €6.00."]
WELCOME = "Welcome to the Carrow Sluice Visitor Centre, run by the Fenwater Drainage Board."


def test_the_sites_hours_answer_for_its_visitor_centre() -> None:
    claims, sources = listed_claims({"v": (TITLE, [WELCOME, *ROWS])})
    rep, gate, _answered, total = recorded_report("Is the Carrow Sluice Visitor Centre open on Mondays?", claims,
                                                  sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("No: Carrow Sluice: monday day hours Closed [1]."), lead
    assert gate.tier in ("medium", "high"), gate
    rep, gate, _answered, _total = recorded_report("Is the Carrow Sluice Visitor Centre open on Thursdays?", claims,
                                                   sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes: Carrow Sluice: tuesday to Sunday day hours 10:30 – 16:30 [1]."), lead


def test_a_page_naming_no_such_facility_answers_nothing_of_it() -> None:
    question = "Is the Carrow Sluice Museum open on Mondays?"
    verdict = decide_yes_no(question, [WELCOME, *ROWS], [TITLE] * 4, [0, 1, 2, 3], [False] * 4)
    assert verdict is not None and verdict.answer is None
    verdict = decide_yes_no("Is the Carrow Sluice Visitor Centre open on Mondays?", ROWS, [TITLE] * 3, [0, 1, 2],
                            [False] * 3)
    assert verdict is not None and verdict.answer is None
