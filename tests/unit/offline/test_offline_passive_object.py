"""Task h95 (names invented): a passive question ("When was X founded?", "By whom was X founded?"), a question whose
wh-word does the verb ("Who founded X?") or an event noun of a transitive verb ("the coronation of X") asks about X as
the verb's OBJECT. A sentence where X does that verb to another object ("The Tessel Guild founded the Tessel Museum
in 1921", "Duke Ormund crowned his nephew") answers none of them: it never leads, and the gate and the judge read no
relation in it. A sentence doing it to X ("Masons founded the Tessel Guild", "X was founded in 1862") still answers,
and so does an active sentence of a verb whose subject undergoes the event ("X opened in 1921"), and one saying X
itself dates from a time ("The guild itself dates from 1862"; not "The earliest record of the guild dates from 1401").
"""

from __future__ import annotations

from shared.report import lead_section
from shared.text.answer import asked_object, dated_origin_words, object_asked_against
from shared.text.relations import dates_own_origin, done_to_other
from tests.claim_pages import listed_claims, recorded_report


def _lead(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_the_asked_object_of_passive_and_doer_questions() -> None:
    assert asked_object("When was the Tessel Guild founded?") == ("Tessel Guild", "founded")
    assert asked_object("In what year was the Tessel Guild first established?") == ("Tessel Guild", "established")
    assert asked_object("By whom was the Tessel Guild founded?") == ("Tessel Guild", "founded")
    assert asked_object("Who founded the Tessel Guild?") == ("Tessel Guild", "founded")
    assert asked_object("Where was Duke Ormund crowned?") == ("Duke Ormund", "crowned")
    assert asked_object("When did the coronation of Duke Ormund take place?") == ("Duke Ormund", "crowned")
    # the subject of "open" undergoes it: "X opened in 1921" answers; and an active question names no object
    assert asked_object("When was the Tessel Museum opened?") is None
    assert asked_object("When did the Tessel Museum open?") is None
    assert asked_object("What is the Tessel Guild?") is None


def test_only_a_use_on_another_object_is_against() -> None:
    name = "Tessel Guild"
    for text in ("The Tessel Guild founded the Tessel Museum in 1921.",
                 "The Tessel Guild established a library in 1930.",
                 "The Tessel Museum was founded by the Tessel Guild in 1921."):
        assert done_to_other(text, name, "founded"), text
    for text in ("The Tessel Guild was founded in 1862.", "Twelve masons founded the Tessel Guild in 1862.",
                 "The Tessel Guild, founded in 1862, runs a small museum.", "The founding of the guild in 1862 ...",
                 "The Tessel Guild was founded by twelve masons in 1862.", "The guild dates from 1862.",
                 "Twelve masons founded the club in 1862."):
        assert not done_to_other(text, name, "founded"), text
    assert object_asked_against("Duke Ormund crowned his nephew Piran in 1502.", "When was Duke Ormund crowned?") \
        == frozenset({"crowned"})
    assert not object_asked_against("Duke Ormund was crowned at Kell Abbey in 1471.", "When was Duke Ormund crowned?")
    assert not object_asked_against("The Tessel Guild founded the Tessel Museum.", "When did the Tessel Museum open?")


def test_what_the_named_thing_founded_never_leads_its_founding() -> None:
    pages = {"a": ("Tessel Guild", ["The Tessel Guild founded the Tessel Town Museum in 1921."])}
    lead, tier = _lead("When was the Tessel Guild founded?", pages)
    assert lead.startswith("Not established"), lead
    assert tier == "low"
    lead, tier = _lead("Who founded the Tessel Guild?", pages)
    assert lead.startswith("Not established"), lead
    assert tier == "low"


def test_the_crowning_of_another_never_leads_and_the_own_one_does() -> None:
    one = {"a": ("Duke Ormund", ["Duke Ormund crowned his nephew Piran in 1502."])}
    lead, tier = _lead("When was Duke Ormund crowned?", one)
    assert lead.startswith("Not established"), lead
    assert tier == "low"
    two = {"a": ("Duke Ormund", ["Duke Ormund crowned his nephew Piran in 1502.",
                                 "Duke Ormund himself was crowned at Kell Abbey in 1471."])}
    lead, tier = _lead("When was Duke Ormund crowned?", two)
    assert lead == "Duke Ormund himself was crowned at Kell Abbey in 1471 [1].", lead
    assert tier == "high"


def test_a_thing_measuring_never_leads_when_it_was_measured() -> None:
    pages = {"a": ("Harbour records", ["The Selby Beacon measured the depth of the harbour from 1842 until 1890.",
                                       "Surveyors measured the beacon in 1958."])}
    lead, tier = _lead("When was the Selby Beacon measured?", pages)
    assert lead == "Surveyors measured the beacon in 1958 [1].", lead
    assert tier == "high"


def test_a_subject_undergoing_the_event_still_answers() -> None:
    pages = {"a": ("Tessel Museum", ["The Tessel Museum opened its doors in 1921."])}
    lead, _tier = _lead("When was the Tessel Museum opened?", pages)
    assert lead == "The Tessel Museum opened its doors in 1921 [1].", lead


def test_the_thing_itself_dating_from_a_time_states_its_founding() -> None:
    assert dates_own_origin("The guild itself dates from a meeting held in 1862.", "Tessel Guild")
    assert dates_own_origin("The Tessel Guild, a society of masons, dates back to 1862.", "Tessel Guild")
    for text in ("The earliest record of the Tessel Guild dates from 1401.", "The present guild hall dates from 1901.",
                 "The Tessel Guild's hall dates from 1901.", "The present guild dates from 1950."):
        assert not dates_own_origin(text, "Tessel Guild"), text
    assert dated_origin_words("The Tessel Guild dates from 1862.", "When was the Tessel Guild founded?") == frozenset(
        {"founded"})
    assert not dated_origin_words("The Tessel Guild dates from 1862.", "Who founded the Tessel Guild?")
    assert not dated_origin_words("The Tessel Guild dates from 1862.", "When was the Tessel Guild crowned?")


def test_the_guild_dating_from_a_meeting_leads_its_founding() -> None:
    pages = {"a": ("Tessel Guild", ["The Tessel Guild founded the Tessel Town Museum in 1921.",
                                    "The guild itself dates from a meeting of nine masons held in 1862."])}
    lead, tier = _lead("When was the Tessel Guild founded?", pages)
    assert lead == "The guild itself dates from a meeting of nine masons held in 1862 [1].", lead
    assert tier == "high"
    # the earliest record of it dates no founding: nothing answers
    pages = {"a": ("Tessel Guild", ["The Tessel Guild is a society of masons in Tessel.",
                                    "The earliest record of the Tessel Guild dates from 1401."])}
    lead, tier = _lead("When was the Tessel Guild founded?", pages)
    assert lead.startswith("Not established"), lead
    assert tier == "low"
