"""Trial t56 (the pages here are invented): "When did X open?" is not answered by X opening an event of its own.

A sentence whose verb of the start takes a time-bounded event or spell as its object ("opened its 2023 season",
"opened its doors for the day") dates that event, not the thing: the sentence stating the thing's own opening leads.
"""

from __future__ import annotations

from services.synthesizer.offline import synthesize, verb_of_event_only
from shared.text.answer import figure_subject, lead_answer
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

RINK = {"n": local_source("n", "Record crowd as Hollinford season opens"),
        "r": local_source("r", "Hollinford Ice Rink: record"),
        "h": local_source("h", "History of the Hollinford Ice Rink")}
RINK_CLAIMS = [
    local_claim("n1", "n", "The Hollinford Ice Rink opened its 2023 season on Friday in front of 3,400 skaters."),
    local_claim("n2", "n", "Season tickets for the Hollinford Ice Rink sold out within a week."),
    local_claim("r1", "r", "Hollinford Ice Rink: record id HX-0417."),
    local_claim("h1", "h", "Built on the old tannery yard, the Hollinford Ice Rink opened on 3 March 1971."),
]


def test_opening_an_event_is_no_opening_of_the_thing() -> None:
    assert verb_of_event_only("open", "The Hollinford Ice Rink opened its 2023 season on Friday.")
    assert verb_of_event_only("open", "The rink opened its doors for the day at 9:00.")
    assert not verb_of_event_only("open", "The rink opened its doors in 1971.")
    assert not verb_of_event_only("open", "The rink was opened in the year 1971 and opened its season in May.")
    assert not verb_of_event_only("open", "the rink opened on 3 March 1971")


def test_the_thing_opening_leads_not_its_season() -> None:
    rep = synthesize("When did the Hollinford Ice Rink open?", RINK_CLAIMS, RINK)
    assert _lead(rep.markdown) == ("Built on the old tannery yard, the Hollinford Ice Rink opened on 3 March 1971 [1]."), rep.markdown


FAQ = {"f": local_source("f", "HOLLINFORD SPEEDWAY - FREQUENTLY ASKED QUESTIONS")}
FAQ_CLAIMS = [
    local_claim("f1", "f", "The surveyor Ottilie Marsh, back in the early sixties."),
    local_claim("f2", "f", "Two point seven kilometres, with eleven bends."),
]


def test_a_figure_question_naming_its_subject_reads_the_first_sentence() -> None:
    question = "How many bends does the Hollinford Speedway have?"
    assert figure_subject(question) == "Hollinford Speedway"
    assert figure_subject("How many members did the band led by Ann Lee have?") is None  # a bridge: whole lead
    lead = "The surveyor Ottilie Marsh, back in the early sixties [1]. Two point seven kilometres, with eleven bends [1]."
    assert not lead_answer(question, lead).typed
    assert lead_answer(question, "Two point seven kilometres, with eleven bends [1].").typed


def test_the_count_leads_not_a_bare_fragment_before_it() -> None:
    rep = synthesize("How many bends does the Hollinford Speedway have?", FAQ_CLAIMS, FAQ)
    # (the fragment answering another of the page's questions leaves the lead: test_offline_typed_subject.py)
    assert _lead(rep.markdown) == ("HOLLINFORD SPEEDWAY - FREQUENTLY ASKED QUESTIONS: Two point seven kilometres, with "
                                   "eleven bends [1]."), rep.markdown
