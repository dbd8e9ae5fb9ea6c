""""How long has X existed?" is answered from the year a page says it was founded or opened (task h137, trial t71
Q14, "Not established" although the corpus said "founded in 1961"): it has existed since then, so many years as of the
run's date (its clock, injectable here: no year is fixed in the code). Invented club, mill and museum."""

from __future__ import annotations

from datetime import date

import pytest

from services.synthesizer.durations import decide_duration, duration_sentence
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]

#: a fixed "today" for the reading up to now (the code takes the run's clock)
TODAY = date(2030, 3, 1)


def _decided(question: str, *sentences: str, title: str = "Dunmere clubs", today: date = TODAY
             ) -> tuple[str, tuple[str, str] | None, str | None]:
    texts = list(sentences)
    found = decide_duration(question, texts, [title] * len(texts), list(range(len(texts))), today=today)
    return (found.amount, found.years, found.since) if found is not None else ("", None, None)


CLUB: Pages = {
    "a": ("About the Orlan Rowing Club", [
        "The Orlan Rowing Club is the rowing club of the town of Dunmere.",
        "The Orlan Rowing Club was founded in 1961 by Ada Merrit, a teacher, who gathered eleven rowers.",
        "Ada Merrit led the club for ten years from 1961."]),
    "n": ("Club news", ["The club has 148 members.", "Training is every Tuesday from 7pm."]),
}


@pytest.mark.parametrize(("question", "sentence", "since", "amount"), [
    ("How long has the Orlan Rowing Club existed?",
     "The Orlan Rowing Club was founded in 1961 by Ada Merrit, a teacher.", "1961", "69 years"),
    ("How long has the Orlan Rowing Club been running?", "In 1961 the Orlan Rowing Club was formed.", "1961",
     "69 years"),
    ("How long has the Kestow Museum been open?", "The Kestow Museum opened in 1979 in the old mill.", "1979",
     "51 years"),
    ("How long has the Orlan Rowing Club existed?", "The Orlan Rowing Club has been in existence since 1961.", "1961",
     "69 years"),
    ("How long has the Kestow Museum been open?", "The Kestow Museum was opened to the public in 1979.", "1979",
     "51 years"),
])
def test_how_long_a_thing_has_existed_is_the_time_since_its_founding(question: str, sentence: str, since: str,
                                                                      amount: str) -> None:
    assert _decided(question, sentence, title="Dunmere clubs") == (amount, None, since)


def test_the_time_since_is_said_with_its_year_and_the_date_it_is_counted_to() -> None:
    found = decide_duration("How long has the Orlan Rowing Club existed?",
                            ["The Orlan Rowing Club was founded in 1961."], ["Dunmere clubs"], [0], today=TODAY)
    assert found is not None and duration_sentence(found, "[2]") == "Since 1961 (69 years as of 1 March 2030) [2]."


@pytest.mark.parametrize(("question", "sentence"), [
    # a past question asks a span that ended: a founding year alone gives none
    ("How long did the Orlan Rowing Club exist?", "The Orlan Rowing Club was founded in 1961."),
    # the thing no longer exists, or was founded twice: which time is asked is not said
    ("How long has the Orlan Rowing Club existed?", "The Orlan Rowing Club was founded in 1961 and dissolved in 1990."),
    ("How long has the Orlan Rowing Club existed?", "The Orlan Rowing Club was founded in 1961 and re-formed in 1975."),
    # another activity than the thing's being: the family's running of the mill did not start with the mill
    ("How long has the Merrit family run Dunmere Mill?", "Dunmere Mill was founded in 1824 by the Merrit family."),
    # another thing founded
    ("How long has the Orlan Rowing Club existed?", "The Dunmere Sailing Club was founded in 1961."),
    # a year of another event or doing
    ("How long has the Orlan Rowing Club existed?",
     "The Dunmere Open was first held in 1978, seventeen years after the Orlan Rowing Club was founded."),
    ("How long has the Orlan Rowing Club existed?",
     "Since 1989 the Orlan Rowing Club has met every Tuesday in the Dunmere boathouse."),
    # a year after today is no past founding
    ("How long has the Orlan Rowing Club existed?", "The Orlan Rowing Club will be founded in 2031."),
])
def test_no_founding_of_the_thing_asked_up_to_now_answers_nothing(question: str, sentence: str) -> None:
    assert _decided(question, sentence, title="Dunmere notes") == ("", None, None)


def test_how_long_a_club_has_existed_is_answered_since_its_founding_as_of_the_runs_date() -> None:
    claims, sources = listed_claims(CLUB)
    rep, gate, answered, _total = recorded_report("How long has the Orlan Rowing Club existed?", claims, sources)
    lead = lead_section(rep.markdown)
    today = date.today()  # the run's clock: the report counts the years up to the day it is written
    assert lead.startswith(f"Since 1961 ({today.year - 1961} years as of {today.day} {today:%B %Y}) [1]. "
                           "The Orlan Rowing Club was founded in 1961"), lead
    assert answered and gate.tier in ("medium", "high"), (gate.tier, lead)
