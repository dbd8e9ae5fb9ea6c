"""A copular yes/no question ("Was X ever chair of Y?") is answered by a claim that X served as, was or became the
chair of Y, the adverb "ever" asking nothing a claim must repeat; and the start of a service is one relation in its
many wordings ("start running", "began service", "entered service", "started operating", "opened", "first ran"), so
a lead dating it answers a question asked in other words (issue 9, trial t18 F1, F2)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import relation_features, relation_missing
from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import UNDECIDED_TEXT
from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims

Pages = dict[str, tuple[str, list[str]]]


def _report(question: str, pages: Pages) -> str:
    claims, sources = listed_claims(pages)
    return synthesize(question, claims, sources).markdown


ROWING = {"s1": ("Dunley Rowing Club", ["The Dunley Rowing Club was formed in 1874 on the River Marl.",
                                        "Maren Holt served as chair of the Dunley Rowing Club from 1980 to 1986."])}
GUILD = {"s1": ("Quarry Guild", ["The Quarry Guild is a society of stonemasons in Brisk.",
                                 "Tobin Ash became a member of the Quarry Guild in 1931."])}


@pytest.mark.parametrize(("question", "pages"), [
    ("Was Maren Holt ever chair of the Dunley Rowing Club?", ROWING),
    ("Was Maren Holt the chair of the Dunley Rowing Club?", ROWING),
    ("Was Tobin Ash ever a member of the Quarry Guild?", GUILD),
    ("Was Tobin Ash formerly a member of the Quarry Guild?", GUILD),
])
def test_a_copular_question_is_answered_by_served_as_or_became(question: str, pages: Pages) -> None:
    lead = lead_section(_report(question, pages))
    assert lead.startswith("Yes: "), lead
    assert "[1]" in lead


def test_ever_does_not_make_another_office_an_answer() -> None:
    pages = {"s1": ("Dunley Rowing Club", ["Maren Holt served as treasurer of the Dunley Rowing Club from 1980."])}
    lead = lead_section(_report("Was Maren Holt ever chair of the Dunley Rowing Club?", pages))
    assert lead.startswith(UNDECIDED_TEXT), lead


def test_start_words_name_one_relation() -> None:
    for a, b in [("start", "began"), ("running", "service"), ("run", "opened"), ("operating", "started"),
                 ("ran", "begun"), ("commenced", "running")]:
        assert same_relation(a, b), (a, b)
    assert not same_relation("served", "service")  # "served as mayor" is an office, not a start
    # "started" also dates a founding ("the club was started by dock workers"), but running a service does not
    assert not same_relation("running", "founded") and not same_relation("service", "established")
    assert not same_relation("running", "born")


@pytest.mark.parametrize(("question", "lead"), [
    ("When did the Kell tram line start running?", "The Kell tram line entered service on 3 March 1902 [1]."),
    ("In what year did the Orrin steamer first run?", "The Orrin steamer began operating between Orrin and Skel "
                                                      "in 1888 [1]."),
    ("When did the Pask cable car begin service?", "The Pask cable car opened to the public in 1931 [1]."),
    ("When did the Marl ferry start operating?", "The Marl ferry first ran in 1907 [1]."),
])
def test_a_lead_dating_the_start_in_other_words_states_the_relation(question: str, lead: str) -> None:
    assert relation_terms(question)
    f = relation_features(question, lead)
    assert f["relation"] > 0.0 and not relation_missing(question, f), f


def test_a_start_is_not_another_event() -> None:
    question = "When was the Kell tram line retired?"
    f = relation_features(question, "The Kell tram line started running in 1902 [1].")
    assert relation_missing(question, f)


def test_the_lead_dates_the_start_asked_in_other_words() -> None:
    pages = {"s1": ("Kell Tramway", ["The Kell Tramway is a narrow-gauge line in the Marl valley.",
                                     "The Kell Tramway entered service on 3 March 1902, linking Kell with Skel.",
                                     "The tramway closed in 1961."])}
    report = _report("In what year did the tramway between Kell and Skel start running?", pages)
    lead = lead_section(report)
    assert "1902" in lead and not says_not_established(report), report
