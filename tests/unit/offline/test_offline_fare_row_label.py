"""Issue 9, trial t52 fault F6: "How much does an adult return ticket cost on X?" (and its paraphrase "... for a
grown-up ...") is answered by the fare row whose label is the category asked ("Ticket Adult: single €4.50, return
€7.80"), never by a row of another category that names it only in its label's bracket ("Ticket Family (2 adults + up
to 3 children): single €11.00, return €19.00"), which neither leads nor joins the lead as a second answer
(``services.synthesizer.offline.row_label_words``, ``select_lead``)."""

from __future__ import annotations

from services.synthesizer.offline import row_label_words, select_lead, synthesize
from tests.claim_pages import local_claim, local_source

# an invented ferry's fares page, its table read row by row; the group row is the longest and names adults twice
SOURCES = {"f": local_source("f", "Fares and timetable | Orrin Sound Ferry (official site)")}
CLAIMS = [
    local_claim("f1", "f", "The Orrin Sound Ferry sails every 30 minutes between Harbour Street and the island pier."),
    local_claim("f2", "f", "Fare Group (4 adults or more, adults booking together): single €14.00, return €24.00."),
    local_claim("f3", "f", "Fare Adult: single €3.50, return €6.20."),
    local_claim("f4", "f", "Fare Child (5–15): single €1.70, return €3.00."),
    local_claim("f5", "f", "Fare Bicycle: single €1.00, return €2.00."),
    local_claim("f6", "f", "Tickets are sold on board and at the harbour kiosk."),
]


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


def test_a_row_label_names_its_row_by_its_words_outside_its_bracket() -> None:
    own, bracket = row_label_words("Fare Group (4 adults or more, adults booking together): single €14.00.")
    assert {"fare", "group"} <= own and "adult" not in own
    assert "adult" in bracket
    own, bracket = row_label_words("Fare Adult: single €3.50, return €6.20.")
    assert "adult" in own and not bracket
    # running text is no row
    assert row_label_words("The ferry (built in 1961) carries 120 passengers.") == (frozenset(), frozenset())


def test_the_row_of_the_category_asked_leads_alone() -> None:
    for question in ("How much does an adult return ticket cost on the Orrin Sound Ferry?",
                     "How much does a return ticket for a grown-up cost on the Orrin Sound Ferry?"):
        rep = synthesize(question, CLAIMS, SOURCES)
        lead = _answer(rep.markdown)
        assert lead.startswith("Fare Adult: single €3.50, return €6.20"), rep.markdown
        assert "€24.00" not in lead and "Group" not in lead, lead


def test_a_bracketed_category_still_answers_when_no_row_is_labelled_by_it() -> None:
    claims = [c for c in CLAIMS if c.claim_id != "f3"]
    scores = [1.0] * len(claims)
    lead = select_lead("How much does a group return ticket cost on the Orrin Sound Ferry?", claims, scores, SOURCES)
    assert lead and claims[lead[0]].claim_id == "f2"
