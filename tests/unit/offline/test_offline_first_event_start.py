"""Trial t56 F7 (the pages here are invented): "In what year did X first host a race?" asks the first event of that
kind. A sentence denying the asked verb ("could not race there until ...") dates no race, and when no sentence of X
states the verb, X's own start ("opened on 3 June 1962 with a club meeting") dates the first; a start only measured
from ("its busiest year since it opened in 1962") or of a look-alike's sentence is none
(``services.synthesizer.offline.verb_denied_only``, ``states_start``, ``select_lead``, ``_answer_first``)."""

from __future__ import annotations

from services.synthesizer.offline import states_start, synthesize, verb_denied_only
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

QUESTION = "In what year did the Pellow Moor Raceway first host a race?"
PAGES = {"e": local_source("e", "Pellow Moor Raceway"),
         "r": local_source("r", "Pellow Moor Raceway Ltd Annual Report 2023")}
CLAIMS = [
    local_claim("e1", "e", "The Pellow Moor Raceway is a motor racing circuit near Dunstall."),
    local_claim("e2", "e", "The track was drawn up by the surveyor Edwin Marsh and the circuit opened on 3 June 1962 "
                           "with a club meeting."),
    local_claim("e3", "e", "The Pellow Moor Raceway was closed for the whole of 1994 because its timber grandstand "
                           "failed a safety inspection; the club could not race there until a new stand was built, and "
                           "the circuit reopened on 5 May 1996."),
    local_claim("r1", "r", "The Pellow Moor Raceway had its busiest year since it opened in 1962."),
    local_claim("r2", "r", "Year 2023: race meetings 16, total attendance 98,200."),
]


def test_a_denied_verb_dates_no_event() -> None:
    assert verb_denied_only("race", "the club could not race there until a new stand was built")
    assert not verb_denied_only("race", "the club raced there in 1962, and has not stopped")
    assert not verb_denied_only("race", "The circuit opened in 1962.")  # no form of the verb


def test_a_start_is_stated_in_its_own_clause() -> None:
    assert states_start("the circuit opened on 3 June 1962 with a club meeting")
    assert states_start("Pellow Moor Raceway: opened 1962-06-03.")
    assert not states_start("It had its busiest year since it opened in 1962.")
    assert not states_start("The circuit opened its 2023 season on Saturday.")
    assert not states_start("The raceway closed in 1961, one year before the new circuit opened nearby.")
    # every time subordinator (services.synthesizer.offline._SUBORDINATORS) opens a time clause: "while" too
    assert not states_start("Crowds at the old track fell while the Varnholt circuit opened in 1994.")
    assert states_start("Crowds at the old track fell; the Varnholt circuit opened in 1994.")


def test_the_first_race_is_dated_by_the_start_not_by_a_closure() -> None:
    rep = synthesize(QUESTION, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("The track was drawn up by the surveyor Edwin Marsh and the circuit opened on 3 June "
                                   "1962 with a club meeting [1]."), rep.markdown
