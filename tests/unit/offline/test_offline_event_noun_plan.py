"""Task h81 (names invented): "In what year did the opening of X take place?" is planned and read as "when did X open".

The planner searches the event by its verb (:func:`shared.text.synonyms.event_as_verb`), so a page stating "X opened
in 1903" is found by the same queries as for "When did X open?", not by "opening take"; an event noun made with
"-ure", "-ation", "-ion" or "-ment" ("closure", "foundation", "completion", "establishment") is read as its verb
(:func:`shared.text.synonyms.event_verb`) when a verb saying only that it happened follows ("take place", "happen",
"occur"); "What was the population of X?" asks no event.
"""

from __future__ import annotations

from services.planner.offline import plan
from services.synthesizer.offline import synthesize
from shared.text.answer import relation_terms
from shared.text.synonyms import event_as_verb, event_verb, said_plainly
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead


def test_the_plan_searches_the_events_verb() -> None:
    nominal = plan("In what year did the opening of the Brenholt Grain Exchange take place?")
    assert nominal.sub_queries == plan("In what year did the Brenholt Grain Exchange open?").sub_queries
    assert nominal.sub_queries[0] == "year brenholt grain exchange open"
    assert not any("take" in q for q in nominal.sub_queries)


def test_event_nouns_of_other_endings() -> None:
    assert [event_verb(w) for w in ("closure", "foundation", "completion", "establishment", "inauguration",
                                    "opening", "demolition", "structure", "mission", "population")] == [
        "close", "found", "complete", "establish", "inaugurate", "open", "demolish", None, None, None]
    assert event_as_verb("In which year did the closure of the Brenholt Grain Exchange occur?") == (
        "In which year did the Brenholt Grain Exchange close?")
    assert event_as_verb("When did the Brenholt Grain Exchange's completion happen?") == (
        "When was the Brenholt Grain Exchange completed?")
    # with "be" only an "-ing" noun names the event: a population is no event
    assert said_plainly("What was the population of Brenholt?") == "What was the population of Brenholt?"
    assert said_plainly("When was the foundation of the Brenholt Grain Exchange?") == (
        "When was the foundation of the Brenholt Grain Exchange?")
    assert relation_terms(said_plainly("In which year did the closure of the Brenholt Grain Exchange occur?")) == ["close"]


def test_the_closure_leads_for_the_nominal_question() -> None:
    sources = {"e": local_source("e", "Brenholt Grain Exchange"),
               "r": local_source("r", "Brenholt Grain Exchange Annual Review 2023")}
    claims = [
        local_claim("e1", "e", "The Brenholt Grain Exchange is a market hall on Wool Street in Brenholt."),
        local_claim("e2", "e", "The Brenholt Grain Exchange closed on 2 May 1987."),
        local_claim("r1", "r", "In 2023 the Brenholt Grain Exchange hosted 140 events, its best year since 2019."),
    ]
    rep = synthesize("In which year did the closure of the Brenholt Grain Exchange occur?", claims, sources)
    assert _lead(rep.markdown) == "The Brenholt Grain Exchange closed on 2 May 1987 [1].", rep.markdown
