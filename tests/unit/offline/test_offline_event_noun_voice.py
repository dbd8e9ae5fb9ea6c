"""Review rev61 finding 4 (names invented): "the <event> of X" makes X the verb's subject only when the subject
undergoes the event ("the opening of X": X opened); of another verb X is the object ("the foundation of X": X was
founded), so the planner searches it in the passive and lead choice never reads it as "X founded ..." / "X measured
...". The noun's verb comes from a derivation table (:data:`shared.text.synonyms._EVENT_NOUNS`), not suffix
stripping ("coronation" is of "crown", "population" names no event).
"""

from __future__ import annotations

from shared.report import lead_section
from shared.text.synonyms import event_as_verb, event_verb, said_plainly
from tests.claim_pages import listed_claims, recorded_report


def test_the_rewrite_keeps_the_name_as_the_object() -> None:
    assert event_as_verb("When did the foundation of the Orlan Field Club take place?") == (
        "When was the Orlan Field Club founded?")
    assert event_as_verb("When did the coronation of Queen Ysolde take place?") == "When was Queen Ysolde crowned?"
    assert event_as_verb("When did the election of the Orlan reeve take place?") == "When was the Orlan reeve elected?"
    assert event_as_verb("When did the departure of the MV Pellan take place?") == "When did the MV Pellan depart?"
    assert event_as_verb("When did the opening of the Orlan Bridge take place?") == "When did the Orlan Bridge open?"
    # lead choice reads no object as the subject: the event stays as written
    assert said_plainly("When did the measurement of the Orlan Beacon take place?") == (
        "When did the measurement of the Orlan Beacon take place?")
    assert [event_verb(w) for w in ("coronation", "measurement", "population", "sentiment")] == [
        "crown", "measure", None, None]


def _lead(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_the_founder_sentence_never_leads_the_foundation() -> None:
    pages = {"a": ("Orlan Field Club", ["The Orlan Field Club is a natural history club in Orlan.",
                                        "The Orlan Field Club founded the Orlan Heath Museum in 1931.",
                                        "The club itself dates from a meeting of nine naturalists held in 1876."])}
    lead, tier = _lead("When did the foundation of the Orlan Field Club take place?", pages)
    assert lead == "The club itself dates from a meeting of nine naturalists held in 1876 [1].", lead
    # the club itself dating from 1876 states when it was founded (task h95: shared.text.answer.dated_origin_words)
    assert tier == "high"


def test_a_thing_measuring_never_leads_its_measurement() -> None:
    pages = {"a": ("Orlan Beacon", ["The Orlan Beacon is a stone tower on Quay Hill in Orlan.",
                                    "The Orlan Beacon measured the depth of the harbour from 1842 until 1890.",
                                    "The measurement of the Orlan Beacon was carried out by surveyors in 1958."])}
    lead, tier = _lead("When did the measurement of the Orlan Beacon take place?", pages)
    assert "measured the depth" not in lead, lead
    assert lead.startswith("Not established"), lead
    assert tier == "low"
