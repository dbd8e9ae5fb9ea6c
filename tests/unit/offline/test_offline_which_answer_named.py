"""A "Which <noun>" question is answered by a sentence naming one (task h118, trial t68 q05): "Which club hosts the
<regatta>?" was led, at high confidence, by a club's home page saying "Every July we host the <regatta>, ...", which
names no club. Three faults: the wh-phrase read the verb "hosts" as its head noun (a host is a person:
shared.text.kinds.asked_kind), so a club's name was of the wrong kind and no candidate; "Every July", a recurring
time, was a candidate name (shared.text.answer.answer_candidates); and a sentence in its page's own voice ("we",
"our") that names no candidate led over one about the asked thing that names the club (select_lead)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.answer import answer_candidates
from shared.text.kinds import asked_kind
from shared.text.tokens import first_person_plural
from tests.claim_pages import local_claim, local_source, recorded_report

QUESTION = "Which club hosts the Harlow Reach Regatta?"


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        (QUESTION, None),  # "hosts" is the verb, not a host
        ("Which team coaches the junior squad?", "organisation"),  # not a coach
        ("Which football team won the cup?", "organisation"),
        ("Which film directed by Ada Lenz won the prize?", "work"),
        ("Which host presents the show?", "person"),
    ],
)
def test_the_wh_phrase_ends_before_the_verb(question: str, kind: str | None) -> None:
    assert asked_kind(question) == kind


@pytest.mark.parametrize(
    ("sentence", "found"),
    [
        ("Every July we host the Harlow Reach Regatta, one of the oldest regattas in the region.", []),
        ("Each Sunday the Darnley Rowing Club hosts the Harlow Reach Regatta.", ["Darnley Rowing Club"]),
        ("Darnley Rowing Club: hosts Harlow Reach Regatta.", ["Darnley Rowing Club"]),
        ("Darnley Rowing Club was founded in 1861 and is the host club of the Harlow Reach Regatta.",
         ["Darnley Rowing Club"]),
    ],
)
def test_a_recurring_time_is_no_candidate_and_a_club_is_one(sentence: str, found: list[str]) -> None:
    assert answer_candidates(sentence, "which", QUESTION) == found


def test_first_person_plural() -> None:
    assert first_person_plural("Every July we host the regatta.") and first_person_plural("Our boathouse is old.")
    assert not first_person_plural("The club hosts the regatta.") and not first_person_plural("US rowers won.")


VOICE = local_claim("h1", "home", "Every July we host the Harlow Reach Regatta, one of the oldest regattas in the "
                                  "region.")
SOURCES = {"home": local_source("home", "Welcome to Darnley Rowing Club"),
           "rec": local_source("rec", "Darnley Rowing Club")}


@pytest.mark.parametrize("named", ["Darnley Rowing Club: hosts Harlow Reach Regatta.",
                                   "Darnley Rowing Club was founded in 1861 and is the host club of the Harlow Reach "
                                   "Regatta."])
def test_a_sentence_naming_the_club_leads_over_the_page_s_own_voice(named: str) -> None:
    report, gate, answered, total = recorded_report(QUESTION, [VOICE, local_claim("r1", "rec", named)], SOURCES)
    lead = lead_section(report.markdown)
    assert lead.startswith("Darnley Rowing Club") and "we host" not in lead, lead
    assert gate.score >= MEDIUM_THRESHOLD and answered and total > 60


def test_the_page_s_own_voice_alone_names_no_club_and_is_not_confident() -> None:
    report, gate, answered, total = recorded_report(QUESTION, [VOICE], SOURCES)
    assert gate.tier == "low" and not answered and total <= 60, (lead_section(report.markdown), gate.score)
