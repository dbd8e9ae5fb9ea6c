"""A look-alike marked by an ordinal or a mark of another language answers nothing of the bare name (task h110).

"When did the Dunmarsh Street Library open?" over the page "Second Dunmarsh Street Library" alone ("The library
opened in 1931.") led the other building's date at high: "Second" was no mark of a look-alike
(``shared.text.terms.look_alike_mark``), so the asked name, met only inside the longer one, was read as a short form
of it. Nor were ordinals in digits ("2nd ...", which the name finder also left out of the name, so that "The 2nd
Dunmarsh Street Library opened in 1931" named the asked library itself and disputed its own page's date) or the
marks of the other languages read ("Neue", "Alte", "Klein", "Groß", "Vieux", "Nouvelle", "Petit", "Grand",
"Nuevo", "Vieja"). All are marks now, of the one list every look-alike reader reads; an ordinal before a recurring
event's name numbers its edition ("The First Dunmarsh Marathon was held in 1981" answers for the marathon), and a
name holding the ordinal as its own first word ("First Church of Dunmarsh") is asked and answered as it is.
"""

from __future__ import annotations

import pytest

from services.synthesizer.offline import old_name_of
from services.synthesizer.verdicts import opens_look_alike
from shared.report import lead_section
from shared.text.terms import (
    edition_ordinal,
    find_entities,
    look_alike_mark,
    marked_look_alike,
    prefixed_name,
    told_apart,
)
from tests.claim_pages import listed_claims, recorded_report

ASKED = "When did the Dunmarsh Street Library open?"
OWN = ("Dunmarsh", ["The Dunmarsh Street Library opened in 1874."])
MARKS = ["Second", "Third", "2nd", "3rd", "Neue", "Alte", "Klein", "Groß", "Gross", "Vieux", "Nouvelle", "Petit",
         "Grand", "Nuevo", "Vieja"]


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_marks_of_ordinals_and_other_languages() -> None:
    name = ["dunmarsh", "library"]
    assert look_alike_mark(["second", "dunmarsh", "library"], 1) == 1
    assert look_alike_mark(["2", "nd", "dunmarsh", "library"], 2) == 2
    assert look_alike_mark(["neue", "dunmarsh", "library"], 1) == 1
    assert look_alike_mark(["royal", "dunmarsh", "library"], 1) == 0
    assert look_alike_mark(["40", "th", "dunmarsh", "marathon"], 2) == 0  # the marathon's edition
    assert edition_ordinal(["first", "dunmarsh", "festival"], 1)
    assert not edition_ordinal(["old", "dunmarsh", "festival"], 1)
    for words in (["second", "dunmarsh", "library"], ["2", "nd", "dunmarsh", "library"],
                  ["gross", "dunmarsh", "library"], ["vieille", "dunmarsh", "library"]):
        assert marked_look_alike(name, words), words
        assert prefixed_name(name, words), words
    assert not marked_look_alike(["dunmarsh", "marathon"], ["40", "th", "dunmarsh", "marathon"])
    assert not prefixed_name(["dunmarsh", "marathon"], ["first", "dunmarsh", "marathon"])
    assert told_apart(name, ["Second Dunmarsh Library"])
    assert told_apart(name, ["2nd Dunmarsh Library"])
    assert not told_apart(["dunmarsh", "marathon"], ["40th Dunmarsh Marathon"])


def test_an_ordinal_in_digits_opens_a_name_but_not_a_date() -> None:
    assert find_entities("The 2nd Dunmarsh Street Library opened on 2nd March 1931.") == [
        "2nd Dunmarsh Street Library", "March 1931"]
    assert find_entities("It opened on the 4th Monday of May.") == ["Monday of May"]


@pytest.mark.parametrize("mark", ["Second", "2nd", "Neue", "Groß", "Nouvelle", "Nuevo"])
def test_the_three_look_alike_readers_read_the_marks(mark: str) -> None:
    text = f"The {mark} Dunmarsh Street Library opened in 1931."
    assert opens_look_alike("Dunmarsh Street Library", text)
    assert old_name_of("Dunmarsh Ski Resort", f"The {mark} Dunmarsh ski area was founded in 1938.")
    assert not opens_look_alike("Dunmarsh Street Library", "The Dunmarsh Street Library opened in 1874.")
    assert not opens_look_alike("Dunmarsh Marathon", "The 40th Dunmarsh Marathon was held in 2024.")
    assert not opens_look_alike("Dunmarsh Marathon", "The First Dunmarsh Marathon was held in 1981.")


@pytest.mark.parametrize("mark", MARKS)
def test_a_marked_look_alike_page_alone_is_not_established_at_low(mark: str) -> None:
    title = f"{mark} Dunmarsh Street Library"
    for sentence in ("The library opened in 1931.", f"The {title} opened in 1931."):
        lead, tier = _report(ASKED, {"o": (title, [sentence])})
        assert lead.startswith("Not established: the date asked for."), (mark, sentence, lead)
        assert tier == "low"


@pytest.mark.parametrize("order", ["look-alike first", "own first"])
@pytest.mark.parametrize("mark", ["Second", "2nd", "Neue"])
def test_the_asked_librarys_own_page_leads(mark: str, order: str) -> None:
    other = (f"{mark} Dunmarsh Street Library", [f"The {mark} Dunmarsh Street Library opened in 1931."])
    pages = {"o": other, "t": OWN} if order == "look-alike first" else {"t": OWN, "o": other}
    lead, tier = _report(ASKED, pages)
    assert lead == "The Dunmarsh Street Library opened in 1874 [1].", lead
    assert tier == "high"


@pytest.mark.parametrize("mark", ["Second", "2nd"])
def test_the_look_alike_asked_by_its_own_name_is_answered(mark: str) -> None:
    name = f"{mark} Dunmarsh Street Library"
    lead, tier = _report(f"When did the {name} open?", {"t": OWN, "o": (name, [f"The {name} opened in 1931."])})
    assert lead == f"The {name} opened in 1931 [1].", lead
    assert tier == "high"


def test_a_name_opening_with_an_ordinal_is_answered_as_asked() -> None:
    page = ("First Church of Dunmarsh", ["The First Church of Dunmarsh was built in 1790."])
    lead, tier = _report("When was the First Church of Dunmarsh built?", {"o": page})
    assert lead == "The First Church of Dunmarsh was built in 1790 [1].", lead
    assert tier == "high"


@pytest.mark.parametrize("sentence", ["The First Dunmarsh Marathon was held in 1981.",
                                      "The 1st Dunmarsh Marathon was held in 1981."])
def test_an_ordinal_before_an_events_name_is_its_edition(sentence: str) -> None:
    lead, tier = _report("When was the Dunmarsh Marathon first held?", {"o": ("Dunmarsh Marathon", [sentence])})
    assert lead == sentence[:-1] + " [1].", lead
    assert tier == "high"
