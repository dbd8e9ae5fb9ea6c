"""Task h66 (pages invented): "In what year did the opening of X take place?" asks when X opened.

A question naming the event by a verb's "-ing" noun of a name, with a verb saying only that it happened ("take place",
"happen", "occur") or with "be", asks the noun's verb of that name (:func:`shared.text.synonyms.said_plainly`): the
sentence stating X's opening leads, not one holding the most years of the run ("In 2024 ... 2024").
"""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import _figure_years_only, find_disagreements, synthesize
from shared.text.answer import relation_subject, relation_terms
from shared.text.synonyms import ing_verb, said_plainly
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

HALL = {"e": local_source("e", "Tessford Music Hall"),
        "a": local_source("a", "Tessford Music Hall Annual Review 2024")}
HALL_CLAIMS = [
    local_claim("e1", "e", "The Tessford Music Hall is a concert venue on Wool Market Lane in Tessford."),
    local_claim("e2", "e", "The Tessford Music Hall opened on 9 October 1903."),
    local_claim("a1", "a", "In 2024 the Tessford Music Hall sold 212,000 tickets, its best year since 2019."),
    local_claim("a2", "a", "At the end of 2024 the Tessford Music Hall employed 86 people across its 2024 season."),
    local_claim("a3", "a", "Tessford Music Hall: concerts 340 in 2024."),
]


def test_the_event_noun_is_the_relation_asked() -> None:
    assert said_plainly("In what year did the opening of the Tessford Music Hall take place?") == (
        "In what year did the Tessford Music Hall open?")
    assert said_plainly("When did the Tessford Music Hall's closing happen?") == "When did the Tessford Music Hall close?"
    assert said_plainly("When was the opening of the Tessford Music Hall?") == "When did the Tessford Music Hall open?"
    assert said_plainly("What happened at the opening of the Tessford Music Hall?") == (
        "What happened at the opening of the Tessford Music Hall?")  # what happened, not when
    assert [ing_verb(w) for w in ("opening", "closing", "running", "string")] == ["open", "close", "run", None]
    plain = said_plainly("In what year did the opening of the Tessford Music Hall take place?")
    assert relation_terms(plain) == ["open"]
    assert relation_subject(plain) == "Tessford Music Hall"


def test_the_opening_leads_not_the_years_of_a_review() -> None:
    question = "In what year did the opening of the Tessford Music Hall take place?"
    rep = synthesize(question, HALL_CLAIMS, HALL)
    assert _lead(rep.markdown) == "The Tessford Music Hall opened on 9 October 1903 [1].", rep.markdown
    gate = report_gate(question, rep, HALL, HALL_CLAIMS)
    assert gate.tier == "medium", (gate.score, gate.signals)  # as "In what year did the Tessford Music Hall open?"


def test_a_figures_year_is_no_date_of_an_event() -> None:
    titles = {sid: s.title for sid, s in HALL.items()}
    assert find_disagreements([HALL_CLAIMS[1], HALL_CLAIMS[4]], titles) == []  # opened 1903 / concerts 340 in 2024
    assert _figure_years_only("Tessford Music Hall: concerts 340 in 2024.")
    assert not _figure_years_only("The Tessford Music Hall opened on 9 October 1903.")
