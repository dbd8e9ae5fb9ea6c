"""A name holding the asked name's words with a word of its own inserted before its head is another thing, and a
founding verb whose subject is another named thing dates nothing asked (task h113, found by trial t68).

1. "On which river is the Dunsel Reach Regatta held?" led with the look-alike's sentence "The Dunsel Reach Junior
   Regatta was founded in 1969 and is held each May on the River Ormer." at high: a name that holds every word of
   the asked one, plus a word of its own before the head noun ("Junior"), was read as the asked name. Where the bare
   asked name is a thing of its own in the run (``shared.text.terms.told_apart``), such a name is another thing
   (``shared.text.terms.inserted_name``), as a name with a word of its own before it is.
2. "What distance do crews race at the Dunsel Reach Regatta?" led with "Junior crews race over a shorter course of
   1,000 metres." of the look-alike's page: a sentence of a look-alike's page naming no asked name is the
   look-alike's, and one carrying the look-alike's own inserted word ("Junior crews ...") is, even where that page
   also names the asked one.
3. "When was the Dunsel Reach Regatta founded?" said "The sources disagree: 1848; 1874": the host club's founding
   ("Fenwarrow Rowing Club was founded in 1848 and is the host club of the Dunsel Reach Regatta") was read as the
   regatta's. A founding verb whose subject is another named thing dates that thing, not the asked one.
4. "In what year was the regatta on the Ormer first staged?" (no name of the event) led with the look-alike's 1969 at
   medium: the question describes "the regatta" without the look-alike's own word, and the run names a bare
   "Dunsel Reach Regatta" beside it (``shared.text.terms.described_bare_names``).
"""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.relations import done_to_other
from shared.text.terms import described_bare_names, inserted_name, inserted_words, names_prefixed_other, told_apart
from tests.claim_pages import listed_claims, recorded_report

OWN = ("The Dunsel Reach Regatta: a short history", [
    "The Dunsel Reach Regatta is an annual rowing regatta held on the River Ormer at Carrow Bridge.",
    "The Dunsel Reach Regatta was founded in 1874 by members of the Fenwarrow Rowing Club, which has hosted the "
    "regatta every year since, apart from the war years.",
    "The Dunsel Reach Regatta takes place over three days on the second weekend of August.",
    "Crews race side by side in pairs over a straight course of 1,650 metres, starting below Pell Weir and finishing "
    "opposite the Fenwarrow boathouse on Tanner Lane.",
    "The oldest prize is the Pellgrave Challenge Cup, awarded to the winner of the Open Men's Eights.",
])
JUNIOR = ("The Dunsel Reach Junior Regatta", [
    "The Dunsel Reach Junior Regatta is a separate event for rowers aged 18 and under.",
    "The Dunsel Reach Junior Regatta was founded in 1969 and is held each May on the River Ormer.",
    "The Junior Regatta is organised by the Ormer Valley Schools Boat Club, not by Fenwarrow.",
    "Junior crews race over a shorter course of 1,000 metres.",
    "In 2025 the Dunsel Reach Junior Regatta received 231 crew entries.",
    "The chair of the Junior Regatta is Mira Solvang.",
])
CLUB = ("Fenwarrow Rowing Club", [
    "Fenwarrow Rowing Club is a rowing club in Carrow Bridge, on the River Ormer.",
    "Fenwarrow Rowing Club was founded in 1848 and is the host club of the Dunsel Reach Regatta.",
    "Fenwarrow Rowing Club has 310 members, including a junior squad of about 70 rowers.",
    "Fenwarrow Rowing Club's boathouse stands on Tanner Lane, at the finish of the regatta course.",
    "Fenwarrow Rowing Club's head coach is Jory Pask, who joined in 2017.",
])
PAGES = {"j": JUNIOR, "o": OWN, "c": CLUB}


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_inserted_name_shapes() -> None:
    regatta = ["dunsel", "reach", "regatta"]
    assert inserted_name(regatta, ["dunsel", "reach", "junior", "regatta"])
    assert inserted_name(["ostrav", "bay", "lighthouse"], ["ostrav", "bay", "old", "lighthouse"])
    assert inserted_name(["tarn", "valley", "railway"], ["tarn", "valley", "narrow", "gauge", "railway"])
    assert not inserted_name(regatta, regatta)
    assert not inserted_name(regatta, ["junior", "dunsel", "reach", "regatta"])  # a word before it: prefixed_name's
    assert not inserted_name(regatta, ["dunsel", "reach", "regatta", "trust"])  # running on past it
    assert not inserted_name(["tessmoor", "library"], ["tessmoor", "public", "library"])  # a civic word: the same
    assert not inserted_name(["ilka", "straven"], ["ilka", "maren", "straven"])  # a person's middle name
    assert not inserted_name(regatta, ["dunsel", "reach", "2026", "regatta"])  # an edition of it
    assert not inserted_name(["bank", "england"], ["bank", "of", "england"])


def test_an_inserted_name_is_another_thing_where_the_bare_name_is_told_apart() -> None:
    regatta = ["dunsel", "reach", "regatta"]
    texts = [*OWN[1], *JUNIOR[1]]
    assert told_apart(regatta, texts)
    assert names_prefixed_other([regatta], JUNIOR[1][1])
    assert not names_prefixed_other([regatta], OWN[1][0])


def test_the_river_is_led_by_the_asked_regattas_own_sentence() -> None:
    lead, tier = _report("On which river is the Dunsel Reach Regatta held?", PAGES)
    assert lead == ("The Dunsel Reach Regatta is an annual rowing regatta held on the River Ormer at Carrow Bridge "
                    "[1]."), lead
    assert tier == "high"


@pytest.mark.parametrize("title", [JUNIOR[0], "Junior racing - Dunsel Reach Regatta"])
def test_the_look_alikes_word_keeps_its_sentence_out_of_the_lead(title: str) -> None:
    # the second title names the asked regatta alone: the page is no look-alike's by its title, but its sentence
    # carrying the look-alike's own word "Junior" still is the look-alike's
    junior = (title, JUNIOR[1])
    lead, _tier = _report("What distance do crews race at the Dunsel Reach Regatta?", {"j": junior, "o": OWN, "c": CLUB})
    assert "1,000 metres" not in lead, lead
    assert "1,650 metres" in lead, lead


def test_a_founding_verb_of_another_named_subject() -> None:
    asked = "Dunsel Reach Regatta"
    assert done_to_other(CLUB[1][1], asked, "founded") == frozenset({"founded"})
    assert done_to_other("In 1848 the Fenwarrow Rowing Club was founded.", asked, "founded")
    assert not done_to_other(OWN[1][1], asked, "founded")  # the asked one's own founding, by the club's members
    assert not done_to_other("It was founded in 1874.", asked, "founded")
    assert not done_to_other("The regatta was founded in 1874.", asked, "founded")


def test_the_host_clubs_founding_dates_nothing_asked() -> None:
    lead, tier = _report("When was the Dunsel Reach Regatta founded?", PAGES)
    assert lead == ("The Dunsel Reach Regatta was founded in 1874 by members of the Fenwarrow Rowing Club, which has "
                    "hosted the regatta every year since, apart from the war years [1]."), lead
    assert tier == "high"


def test_the_regatta_described_by_its_head_is_the_bare_names() -> None:
    question = "In what year was the regatta on the Ormer first staged?"
    texts = [*OWN[1], *JUNIOR[1]]
    assert inserted_words(["dunsel", "reach", "regatta"], ["dunsel", "reach", "junior", "regatta"]) == ("junior",)
    assert described_bare_names(question, texts) == [["dunsel", "reach", "regatta"]]
    assert described_bare_names("In what year was the junior regatta on the Ormer first staged?", texts) == []
    assert described_bare_names("When was the Dunsel Reach Regatta founded?", texts) == []
    lead, _tier = _report(question, PAGES)
    assert "1969" not in lead and "Junior" not in lead, lead


def test_a_word_of_the_full_official_name_makes_no_look_alike() -> None:
    """Review F2: "Quellby Amateur Rowing Club" on the Quellby Rowing Club's own page was read as a look-alike, so
    "When was Quellby Rowing Club founded?" was "Not established"; a word that only spells out the full official
    name (its standing, sport, legal form) picks out no other thing, as "Junior", "Old" or "North" do."""
    club = ["quellby", "rowing", "club"]
    assert not inserted_name(club, ["quellby", "amateur", "rowing", "club"])
    assert not inserted_name(["orlen", "valley", "railway"], ["orlen", "valley", "steam", "railway"])
    assert not inserted_name(["quellby", "folk", "festival"], ["quellby", "international", "folk", "festival"])
    assert not inserted_name(["quellby", "club"], ["quellby", "cricket", "club"])
    assert inserted_name(club, ["quellby", "north", "rowing", "club"])
    assert not names_prefixed_other([club], "The Quellby Amateur Rowing Club was founded in 1861.")
    assert not names_prefixed_other([["orlen", "valley", "railway"]], "The Orlen Valley Steam Railway opened in 1902.")
    page = {"q": ("Quellby Rowing Club", [
        "Quellby Rowing Club is a rowing club on the river Orla at Quellby.",
        "The Quellby Amateur Rowing Club was founded in 1861 by six shopkeepers of the town.",
        "The club has 300 members."])}
    lead, _tier = _report("When was Quellby Rowing Club founded?", page)
    assert "1861" in lead, lead


ORLA = ("Orla Sinfonia Orchestra", [
    "The Orla Sinfonia Orchestra is the symphony orchestra of the town of Quarnby.",
    "The Orla Sinfonia Orchestra plays its concerts in Kellin Hall, which seats 1,280 listeners.",
    "The Orla Sinfonia Orchestra has 78 musicians.",
])
ORLA_YOUTH = ("Orla Sinfonia Youth Orchestra", [
    "The Orla Sinfonia Youth Orchestra is a separate ensemble for players aged 14 to 24.",
    "The Orla Sinfonia Youth Orchestra gives its concerts in the Kellin Studio, a concert venue which has 310 seats.",
])


def test_a_short_form_of_the_asked_name_is_not_the_look_alikes() -> None:
    """Task h164 (trial t77w q12): "the <X>'s concert venue" named the orchestra by its opening words only, and
    the look-alike youth orchestra (its name holding them, with "Youth" inserted) led with its studio's seats."""
    question = "What is the seating capacity of the Orla Sinfonia's concert venue?"
    texts = [*ORLA[1], *ORLA_YOUTH[1]]
    assert described_bare_names(question, texts) == [["orla", "sinfonia", "orchestra"]]
    assert described_bare_names("How many seats does the Orla Sinfonia Youth's concert venue have?", texts) == []
    lead, _tier = _report(question, {"y": ORLA_YOUTH, "o": ORLA})
    assert "1,280" in lead and "310" not in lead, lead
