"""Trial t55 (the pages here are invented): leads that read the answer from the wrong sentence.

- "When did X open?" is answered by a sentence dating its opening, in a form done again too ("the mill reopened as
  a museum in 2006"), not by an hours row; a lead whose first sentence states no date does not answer a "when"
  question, whatever its second sentence states (``shared.text.answer.lead_answer``).
- "When did X first welcome visitors?" asks the start (an opening): a sentence counting a year's visitors answers
  nothing, and a further sentence giving another date without the relation asked leaves the lead.
- A group's price asked as "N adults pay together / as a group / for a group visit" is the group's total, from a row
  that says "per person" before its price ("group of 12 or more adults, per person ticket price €6.25").
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.answer import asks_first_time, lead_answer, relation_terms
from shared.text.groups import Group, asked_group, per_head_total
from shared.text.relations import redone_verb
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

MILL = {"v": local_source("v", "Plan your visit | Tarrow Paper Mill Museum"),
        "h": local_source("h", "Tarrow Paper Mill")}
MILL_CLAIMS = [
    local_claim("v1", "v", "Plan your visit to the Tarrow Paper Mill Museum: tickets, adult, ticket price €8.00."),
    local_claim("v2", "v", "Plan your visit to the Tarrow Paper Mill Museum: tickets, group of 12 or more adults, "
                           "per person ticket price €6.25."),
    local_claim("h1", "h", "The mill stopped making paper in 1998 because a new boiler, estimated at 1.7 million "
                           "euros, was judged too costly."),
    local_claim("h2", "h", "The Tarrow Paper Mill stands on the Lisk river."),
]


def test_people_said_to_pay_as_one_group_are_the_group() -> None:
    assert asked_group("How much do 20 adults pay together for a group visit to the mill?") == \
        Group(20, "adults", "20 adults")
    assert asked_group("What do six students pay as a group?") == Group(6, "students", "six students")
    assert asked_group("How much do 2 adults pay for the mill?") is None  # two visitors, no group said
    assert per_head_total("group of 12 or more adults, per person ticket price €6.25", 20) == ("€6.25", "€125.00")
    assert per_head_total("price per person: €6.25", 4) == ("€6.25", "€25.00")
    assert per_head_total("per person, a family ticket costs €20", 4) is None  # another clause


def test_the_total_for_people_paying_together_leads_alone() -> None:
    question = "How much do 20 adults pay together for a group visit to the Tarrow Paper Mill Museum?"
    rep = synthesize(question, MILL_CLAIMS, MILL)
    assert _lead(rep.markdown) == (
        "For 20 adults: €6.25 per person, 20 × €6.25 = €125.00 [1]. Plan your visit to the Tarrow Paper Mill Museum: "
        "tickets, group of 12 or more adults, per person ticket price €6.25 [1]."), rep.markdown
    gate = report_gate(question, rep, MILL, MILL_CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate


HOURS_ROW = "Plan your visit to the Tarrow Paper Mill Museum: opening hours, wednesday to Sunday day hours 11:00 to 16:00."
OPENED = {"v": local_source("v", "Plan your visit | Tarrow Paper Mill Museum"),
          "h": local_source("h", "Tarrow Paper Mill")}
OPENED_CLAIMS = [
    local_claim("v1", "v", HOURS_ROW),
    local_claim("h1", "h", "Paper making ended in 1998; the mill reopened as a museum in 2006."),
    local_claim("h2", "h", "The Tarrow Paper Mill stands on the Lisk river."),
]


def test_a_verb_done_again_dates_the_asked_one() -> None:
    assert redone_verb("open", "reopened") and redone_verb("build", "rebuilt")
    assert not redone_verb("open", "opened") and not redone_verb("ad", "read") and not redone_verb("open", "reason")
    question = "When did the Tarrow Paper Mill Museum open?"
    rep = synthesize(question, OPENED_CLAIMS, OPENED)
    assert _lead(rep.markdown) == "Paper making ended in 1998; the mill reopened as a museum in 2006 [1].", \
        rep.markdown


def test_a_when_lead_states_its_date_in_its_first_sentence() -> None:
    question = "When did the Tarrow Paper Mill Museum open?"
    late = f"{HOURS_ROW[:-1]} [1]. Paper making ended in 1998; the mill reopened as a museum in 2006 [2]."
    assert not lead_answer(question, late).typed
    assert lead_answer(question, "The mill reopened as a museum in 2006 [2]. " + HOURS_ROW).typed


FIRST = {"r": local_source("r", "Tarrow Mill Trust annual report 2023"), "h": local_source("h", "Tarrow Paper Mill")}
FIRST_CLAIMS = [
    local_claim("r1", "r", "In 2023 the museum welcomed 31,400 visitors, more than in any year since it opened."),
    local_claim("r2", "r", "Year 2022: visitors 28,900, guided tours 410."),
    local_claim("h1", "h", "The Tarrow Mill Trust bought the mill in 2004 and opened the Tarrow Paper Mill Museum on "
                           "3 June 2006."),
    local_claim("h2", "h", "Tarrow Paper Mill: founded 1811."),
]


def test_first_welcoming_visitors_is_the_opening() -> None:
    question = "In what year did the museum at the Tarrow Paper Mill first welcome visitors?"
    assert asks_first_time(question) and not asks_first_time("How many visitors did the Tarrow mill welcome?")
    assert relation_terms(question) == ["welcome visitors"]
    rep = synthesize(question, FIRST_CLAIMS, FIRST)
    assert _lead(rep.markdown) == ("The Tarrow Mill Trust bought the mill in 2004 and opened the Tarrow Paper Mill "
                                   "Museum on 3 June 2006 [1]."), rep.markdown
    gate = report_gate(question, rep, FIRST, FIRST_CLAIMS)
    assert gate.tier in ("medium", "high") and "not_established" not in gate.signals, gate


def test_welcoming_the_public_or_its_first_visitors_is_the_opening_too() -> None:
    assert relation_terms("When did the Tarrow Paper Mill Museum first welcome the public?") == ["welcome public"]
    assert relation_terms("When did the Tarrow Paper Mill Museum welcome its first visitors?") == ["welcome visitors"]
    assert relation_terms("When did the Tarrow Paper Mill Museum open its doors?") == ["open doors"]
    for question in ("When did the Tarrow Paper Mill Museum first welcome the public?",
                     "When did the Tarrow Paper Mill Museum welcome its first visitors?"):
        rep = synthesize(question, FIRST_CLAIMS, FIRST)
        assert _lead(rep.markdown) == ("The Tarrow Mill Trust bought the mill in 2004 and opened the Tarrow Paper "
                                       "Mill Museum on 3 June 2006 [1]."), (question, rep.markdown)
