"""Trial t55 faults F4, F5, F7 and A (the pages here are invented): a body's appointment ("The society has appointed
X as the new director") and "the museum has been led by director X" start X in office, a pronoun is no holder; "Who
currently leads X?" asks its head; a why-question's cause told as a narrative after the sentence stating the event
("... stopped in 2015. The hull failed a survey that year, and the owners judged ... too high") answers it at medium
at most; a disagreement's source label is never a sentence fragment (``shared.text.succession``,
``shared.text.answer.implicit_cause``, ``services.synthesizer.offline``, ``services.synthesizer.confidence``)."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import attribution
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_type, cause_clauses, implicit_cause
from shared.text.succession import HEAD_ROLE, Holder, current_role, holders
from tests.claim_pages import listed_claims, local_claim, local_source, noted_report

APPOINTED = "The Orlen Canal Society has appointed Mirela Voss as the new director of the Tessby Lock Museum."
LED = "Since 3 June 2024 the museum has been led by director Mirela Voss."
TAKES_OVER = "She takes over on 3 June 2024 from Aldo Renn, who has led the museum since it opened in 2011."


@pytest.mark.parametrize(("sentence", "found"), [
    (APPOINTED, [Holder("Mirela Voss", None, None, True)]),
    (LED, [Holder("Mirela Voss", 2024, None, True)]),
    (TAKES_OVER, []),  # "She" names no holder
])
def test_an_appointment_and_a_body_led_by_name_a_holder(sentence: str, found: list[Holder]) -> None:
    assert holders(sentence, "director") == found


@pytest.mark.parametrize(("question", "role"), [
    ("Who currently leads the Tessby Lock Museum?", HEAD_ROLE),
    ("Who now heads the Tessby Lock Museum?", HEAD_ROLE),
    ("Who is now in charge of the Tessby Lock Museum?", HEAD_ROLE),
    ("Who runs the Tessby Lock Museum today?", HEAD_ROLE),
    ("Who leads the Tessby Lock Museum?", None),  # no word of the present
    ("Who is the current director of the Tessby Lock Museum?", "director"),
])
def test_a_verb_of_leading_now_asks_the_head(question: str, role: str | None) -> None:
    assert current_role(question) == role


PAGES = {
    "news": ("Tessby Lock Museum names new director", [
        APPOINTED, TAKES_OVER, "Voss previously ran the archive of the Orlen Heritage Centre."]),
    "kit": ("Press pack 2024", [
        "The Tessby Lock Museum opened in 2011 in the old lock keeper's house at Tessby.", LED]),
    "older": ("Lock demonstrations resume at Tessby", [
        "Director Aldo Renn said the Tessby Lock Museum will work the lock every Sunday in summer."]),
    "enc": ("Tessby Lock Museum", [
        "Aldo Renn has been director of the Tessby Lock Museum since 2011, when it opened."]),
}


@pytest.mark.parametrize("question", ["Who is the current director of the Tessby Lock Museum?",
                                      "Who currently leads the Tessby Lock Museum?"])
def test_the_appointed_holder_leads_and_the_report_is_answered(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(APPOINTED[:-1] + " [1]. " + LED[:-1] + " [2]."), lead
    assert "relation_missing" not in gate.signals and "names_missing" not in gate.signals, gate.signals


EVENT = "Passenger sailings stopped in 2015."
NARRATIVE = ("The hull failed a survey that year, and the owners judged the cost of repairing it too high for the "
             "falling number of travellers.")
QUESTION = "Why did the Kelvik ferry stop passenger sailings in 2015?"


def test_a_cause_told_as_a_narrative_is_a_cause() -> None:
    assert implicit_cause(NARRATIVE)
    assert cause_clauses(NARRATIVE) == [NARRATIVE[:-1]]
    assert not implicit_cause(EVENT)
    assert not implicit_cause("The ferry was repainted that year.")  # a time link, no failure, cost or decision
    assert not implicit_cause("The ferry stopped because its hull failed a survey.")  # an explicit cause
    assert cause_clauses("The ferry stopped because its hull failed a survey.") == ["because its hull failed a survey"]


def _at(cid: str, text: str, start: int) -> VerifiedClaim:
    return local_claim(cid, "k", text).model_copy(update={"start": start, "end": start + len(text)})


def test_the_narrative_cause_leads_after_the_event_at_medium() -> None:
    sources = {"k": local_source("k", "Kelvik ferry")}
    opening = "The Kelvik ferry crossed the Kelvik Sound between Orby and Stenna from 1932."
    claims = [_at("k1", opening, 0), _at("k2", EVENT, 200), _at("k3", NARRATIVE, 200 + len(EVENT) + 1),
              _at("k4", "The Kelvik ferry was built at Orby in 1931.", 600)]
    report, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(f"{EVENT[:-1]} [1]. {NARRATIVE[:-1]} [1]."), lead
    assert gate.tier == "medium" and gate.signals.get("implicit_cause") == 1.0, (gate.score, gate.signals)


def test_the_cap_keeps_a_narrative_cause_for_a_why_question() -> None:
    filler = " ".join(f"The Kelvik ferry made {k * 100} passenger sailings in {1950 + k}." for k in range(1, 9))
    text = f"Kelvik ferry\n\n{filler}\n\n{EVENT} {NARRATIVE}\n"
    kept = [c.text for c in extract_claims(text, title="Kelvik ferry", max_claims=4, focus=QUESTION)]
    assert NARRATIVE in kept, kept


def test_a_clause_or_a_possessive_is_no_authority() -> None:
    assert attribution("The Orsa bell weighs 3.2 tonnes and measures 1.6 metres across the mouth.") is None
    assert attribution("Our guide said the Orsa bell weighs about 5 tonnes.") is None
    assert attribution("The County Survey of 1998 records a weight of 3.2 tonnes.") == (
        "The County Survey of 1998", "a weight of 3.2 tonnes.")


def test_a_disputed_weight_is_labelled_by_no_sentence_fragment() -> None:
    claims, sources = listed_claims({
        "kit": ("Press pack", ["The heaviest bell the Orsa works ever cast, the Orsa bell of 1890, weighs 3.2 tonnes."]),
        "enc": ("Orsa bell works", ["The Orsa bell weighs 3.2 tonnes and measures 1.6 metres across the mouth."]),
        "blog": ("A day at the bell works", ["Our guide said the Orsa bell weighs about 5 tonnes, which is hard to "
                                             "believe."]),
    })
    report, _gate = noted_report("How much does the Orsa bell weigh?", claims, sources)
    lead = lead_section(report.markdown)
    # (the guide's hearsay is the statement it reports, outvoted by the two pages' 3.2 tonnes: task h116)
    assert lead == "The weight of the Orsa bell is 3.2 tonnes [1][2]; one source says about 5 tonnes [3].", lead


@pytest.mark.parametrize("question", ["What was the reason the Kelvik ferry stopped passenger sailings in 2015?",
                                      "What was the reason Kelvik ferry stopped passenger sailings in 2015?"])
def test_the_reason_of_a_clause_asks_why(question: str) -> None:
    assert answer_type(question) == "why"
    assert answer_type("What is the reason code of the Kelvik ferry's alarm?") == "what"
    sources = {"k": local_source("k", "Kelvik ferry")}
    claims = [_at("k1", "The Kelvik ferry was built at Orby in 1931 and stopped passenger sailings in 2015.", 0),
              _at("k2", EVENT, 200), _at("k3", NARRATIVE, 200 + len(EVENT) + 1)]
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(f"{EVENT[:-1]} [1]. {NARRATIVE[:-1]} [1]."), lead
    assert gate.tier != "high" and gate.signals.get("implicit_cause") == 1.0, (gate.score, gate.signals)
