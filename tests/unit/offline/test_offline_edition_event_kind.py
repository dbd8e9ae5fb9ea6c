"""An ordinal before a recurring event's name numbers its edition, read from the event kind that
``shared.text.kinds`` knows (review of stop 43, F6).

``shared.text.terms.edition_ordinal`` read an edition only before the heads of a word list of its own
(``_EDITION_HEADS``), so "the 60th <X> Grand Prix", "the 15th <X> Triathlon", "the 40th <X> Festival of Lanterns"
(a name "<X> of <Y>" has its head before "of") and "the 50th <X> Eisteddfod" were look-alikes of the event itself
and the page lost its own event. The heads of recurring events now live in ``shared.text.kinds`` (one place, read
by ``name_kind`` and ``recurring_event``). An ordinal before a one-off event ("Second <X> War") or before a name
whose head is of another kind ("2nd <X> Marathon Club", "2nd <X> Festival Hall") still makes another thing. A day of
the month ("On the 3rd <Name> hosted ...") opens no name. Invented names.
"""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import opens_look_alike
from shared.report import lead_section
from shared.text.kinds import name_kind, recurring_event
from shared.text.terms import edition_ordinal, find_entities, marked_look_alike, prefixed_name, told_apart
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

EDITIONS = [
    ("Skelmarsh Grand Prix", "60th Skelmarsh Grand Prix"),
    ("Skelmarsh Triathlon", "15th Skelmarsh Triathlon"),
    ("Skelmarsh Festival of Lanterns", "40th Skelmarsh Festival of Lanterns"),
    ("Skelmarsh Eisteddfod", "50th Skelmarsh Eisteddfod"),
    ("Skelmarsh Carnival", "Ninth Skelmarsh Carnival"),
    ("Skelmarsh Regatta", "12th Skelmarsh Regatta"),
    ("Skelmarsh Show", "60th Skelmarsh Show"),
    ("Skelmarsh Jazz Days", "20th Skelmarsh Jazz Days"),
]


@pytest.mark.parametrize(("name", "edition"), EDITIONS)
def test_an_ordinal_before_a_recurring_events_name_is_its_edition(name: str, edition: str) -> None:
    want, words = tokenize(name), tokenize(edition)
    assert recurring_event(want)
    assert edition_ordinal(words, len(words) - len(want))
    assert not marked_look_alike(want, words)
    assert not prefixed_name(want, words)
    assert not told_apart(want, [edition])
    assert not opens_look_alike(name, f"The {edition} was held in June 2025.")


@pytest.mark.parametrize(("name", "other"), [
    ("Skelmarsh War", "Second Skelmarsh War"),  # a one-off event: the second is another war
    ("Skelmarsh Marathon Club", "2nd Skelmarsh Marathon Club"),  # a club named after an event
    ("Skelmarsh Festival Hall", "2nd Skelmarsh Festival Hall"),  # a building named after an event
    ("Skelmarsh Library", "2nd Skelmarsh Library"),
])
def test_an_ordinal_before_another_kind_of_name_makes_a_look_alike(name: str, other: str) -> None:
    want, words = tokenize(name), tokenize(other)
    assert not edition_ordinal(words, len(words) - len(want))
    assert marked_look_alike(want, words)
    assert opens_look_alike(name, f"The {other} opened in 1931.")


def test_the_event_kind_of_a_recurring_events_name() -> None:
    for name in ("Skelmarsh Grand Prix", "Skelmarsh Triathlon", "Skelmarsh Regatta", "Skelmarsh Eisteddfod",
                 "Skelmarsh Festival of Lanterns"):
        assert name_kind(name) == "event", name
    # heads that names of another kind share decide no kind: a show, a fair, days may be a work
    for name in ("The Late Skelmarsh Show", "Skelmarsh Fair", "Happy Skelmarsh Days"):
        assert name_kind(name) is None, name


def test_a_name_of_an_event_of_something_has_its_head_before_of() -> None:
    for name in ("Skelmarsh Festival of Song", "Skelmarsh Festival of the Sea", "Skelmarsh Championships of Europe"):
        assert recurring_event(tokenize(name)), name
    for name in ("Skelmarsh Marathon Club", "Skelmarsh Festival Orchestra", "Skelmarsh Show Park",
                 "Skelmarsh Regatta School", "Skelmarsh Library"):
        assert not recurring_event(tokenize(name)), name


@pytest.mark.parametrize(("sentence", "names"), [
    ("On the 3rd Skelmarsh hosted the final.", ["Skelmarsh"]),
    ("On the 3rd, Skelmarsh hosted the final.", ["Skelmarsh"]),
    ("By the 21st Skelmarsh had won the league twice.", ["Skelmarsh"]),
    ("At the 3rd Skelmarsh Triathlon, the swim was cancelled.", ["3rd Skelmarsh Triathlon"]),
    ("The 2nd Skelmarsh Library opened in 1931.", ["2nd Skelmarsh Library"]),
])
def test_a_day_of_the_month_opens_no_name(sentence: str, names: list[str]) -> None:
    assert find_entities(sentence) == names


@pytest.mark.parametrize("event", ["Skelmarsh Triathlon", "Skelmarsh Eisteddfod", "Skelmarsh Grand Prix"])
def test_an_editions_figure_answers_for_the_event(event: str) -> None:
    sentence = f"The 60th {event}, held in June 2025, drew 40,000 spectators."
    claims, sources = listed_claims({"o": (event, [sentence])})
    rep, gate, _answered, _total = recorded_report(f"How many spectators did the {event} draw in 2025?", claims, sources)
    assert lead_section(rep.markdown) == sentence[:-1] + " [1].", rep.markdown
    assert gate.tier == "high"
