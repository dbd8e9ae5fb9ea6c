"""A look-alike's page alone never answers for the asked thing at high, and a lead sentence after the first is about
the asked thing (task h97).

1. "Who designed the Tessmoor Library?" over the page "Old Tessmoor Library" alone ("The library was designed by
   Ilka Straven in 1909.") led the look-alike's designer at 0.94 high: the asked name is written only inside the
   longer "Old Tessmoor Library", and a name met only inside a longer one was read as a short form of it. A word
   telling one thing apart from another of the same name by age, size or place ("Old", "New", "Little", "former",
   "Upper", "North" ...), or a generation mark after it ("... II"), makes the longer name a look-alike, which tells
   the asked name apart as a thing of its own (``shared.text.terms.told_apart``); "Royal Tessmoor Hall" still answers
   for the Tessmoor Hall. The same word makes the page "Old Tessmoor Library - Tessmoor Town Council" the
   look-alike's, whose bare "Central Library" names no "Tessmoor Central Library" (``head_on_qualified_page``).
   A page naming the asked thing in full wins over the look-alike's (no "sources disagree" with its designer).
2. "What was the gross tonnage of the SS Kelvarra?" led "SS Kelvarra: tonnage 21,400 GRT [1]. The Kelvarre was
   198.2 metres long and measured 24,900 gross register tons ... [2]." at medium: the lead's second sentence gave
   the sister ship's figure. A lead sentence after the first that is about a look-alike of the asked name (the
   rule the findings already use: ``services.synthesizer.offline.look_alike_claims``) leaves the lead.
"""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.terms import head_on_qualified_page, marked_look_alike, names_written_alone, told_apart
from tests.claim_pages import listed_claims, recorded_report

DESIGNED = "designed by Ilka Straven in 1909"
OLD_PAGE = ("Old Tessmoor Library", ["The Old Tessmoor Library is a former lending library in the town of Tessmoor.",
                                      f"The library was {DESIGNED}."])


def _report(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown), gate.tier


def test_marked_look_alike_names() -> None:
    assert marked_look_alike(["tessmoor", "library"], ["old", "tessmoor", "library"])
    assert marked_look_alike(["tessmoor", "bridge"], ["little", "tessmoor", "bridge"])
    assert marked_look_alike(["tessmoor", "bridge"], ["tessmoor", "bridge", "ii"])
    assert marked_look_alike(["tessmoor"], ["old", "tessmoor", "library"])  # a qualifier
    assert not marked_look_alike(["tessmoor", "hall"], ["royal", "tessmoor", "hall"])
    assert not marked_look_alike(["tessmoor", "library"], ["tessmoor", "library"])
    assert not marked_look_alike(["tessmoor", "library"], ["tessmoor", "library", "trust"])
    assert told_apart(["tessmoor", "library"], ["Old Tessmoor Library"])
    assert not told_apart(["tessmoor", "hall"], ["Royal Tessmoor Hall"])
    assert names_written_alone("Who designed the Tessmoor Library?", ["Old Tessmoor Library"]) == [
        ["tessmoor", "library"]]


@pytest.mark.parametrize("title", ["Old Tessmoor Library", "New Tessmoor Library", "Former Tessmoor Library",
                                   "Little Tessmoor Library", "Upper Tessmoor Library"])
def test_a_look_alike_page_alone_is_not_established_at_low(title: str) -> None:
    lead, tier = _report("Who designed the Tessmoor Library?", {"o": (title, [f"The library was {DESIGNED}."])})
    assert lead.startswith("Not established: the person or group asked for."), lead
    assert tier == "low"


def test_a_look_alike_page_naming_itself_is_not_established_at_low() -> None:
    lead, tier = _report("Who designed the Tessmoor Library?", {"o": OLD_PAGE})
    assert lead.startswith("Not established: the person or group asked for."), lead
    assert tier == "low"


@pytest.mark.parametrize(("question", "title"), [
    ("Was the Tessmoor Library designed by Ilka Straven?", "Old Tessmoor Library"),
    ("Was the Tessmoor Bridge designed by Ilka Straven?", "Tessmoor Bridge II"),
])
def test_a_look_alike_page_alone_decides_no_yes_no(question: str, title: str) -> None:
    # the person's name the question gives does not make the look-alike's sentence the asked thing's
    noun = title.split()[-2 if title.endswith(" II") else -1].lower()
    lead, tier = _report(question, {"o": (title, [f"The {noun} was {DESIGNED}."])})
    assert lead.startswith("Not established: whether what the question states holds."), lead
    assert tier == "low"


def test_the_own_page_decides_yes_no_against_the_look_alike() -> None:
    own = ("Tessmoor", ["The Tessmoor Library was designed by Oren Bask in 1958."])
    lead, _tier = _report("Was the Tessmoor Library designed by Ilka Straven?", {"o": OLD_PAGE, "t": own})
    assert lead == "No: The Tessmoor Library was designed by Oren Bask in 1958 [1].", lead


def test_an_honour_before_the_name_still_answers() -> None:
    lead, tier = _report("Who designed the Tessmoor Hall?", {"o": ("Royal Tessmoor Hall", [f"The hall was {DESIGNED}."])})
    assert lead == f"The hall was {DESIGNED} [1].", lead
    assert tier == "high"
    lead, tier = _report("Was the Tessmoor Hall designed by Ilka Straven?",
                         {"o": ("Royal Tessmoor Hall", [f"The hall was {DESIGNED}."])})
    assert lead == f"Yes: The hall was {DESIGNED} [1].", lead
    assert tier == "high"


@pytest.mark.parametrize("order", ["old first", "own first"])
@pytest.mark.parametrize("old", [OLD_PAGE, ("Old Tessmoor Library", [f"The library was {DESIGNED}."])])
def test_the_page_naming_the_asked_thing_wins(order: str, old: tuple[str, list[str]]) -> None:
    own = ("Tessmoor", ["The Tessmoor Library was designed by Oren Bask in 1958."])
    pages = {"o": old, "t": own} if order == "old first" else {"t": own, "o": old}
    lead, tier = _report("Who designed the Tessmoor Library?", pages)
    assert lead == "The Tessmoor Library was designed by Oren Bask in 1958 [1].", lead
    assert tier == "high"


def test_a_head_on_a_look_alike_page_under_the_towns_site_name_names_nothing_asked() -> None:
    name = ["tessmoor", "central", "library"]
    text = f"The Central Library building was {DESIGNED}."
    assert not head_on_qualified_page(name, text, ["Old Tessmoor Library - Tessmoor Town Council"], [text])
    assert head_on_qualified_page(name, text, ["Reading rooms - Tessmoor Town Council"], [text])
    lead, tier = _report("Who designed the Tessmoor Central Library?",
                         {"o": ("Old Tessmoor Library - Tessmoor Town Council", [text])})
    assert lead.startswith("Not established: the person or group asked for."), lead
    assert tier == "low"


OWN_SHIP = ("SS Kelvarra", ["SS Kelvarra: tonnage 21,400 GRT.", "SS Kelvarra: launched 2 March 1924.",
                            "The Kelvarra was 181.3 metres long and measured 21,400 gross register tons."])
SISTER = ("SS Kelvarre", ["SS Kelvarre: tonnage 24,900 GRT.", "SS Kelvarre: launched 5 June 1926.",
                          "The Kelvarre was 198.2 metres long and measured 24,900 gross register tons, with a service "
                          "speed of 19 knots."])


def test_no_lead_sentence_gives_the_sister_ships_figure() -> None:
    lead, tier = _report("What was the gross tonnage of the SS Kelvarra?", {"own": OWN_SHIP, "sis": SISTER})
    assert lead == "SS Kelvarra: tonnage 21,400 GRT [1].", lead
    assert tier != "high"


def test_a_second_page_on_the_asked_ship_stays_in_the_lead() -> None:
    news = ("Kelvarra's anchor goes on display", [
        "The SS Kelvarra was a cargo liner of 21,400 gross register tons, commanded by Captain Ivo Stenmark."])
    lead, tier = _report("What was the gross tonnage of the SS Kelvarra?", {"own": OWN_SHIP, "sis": SISTER, "n": news})
    assert lead == ("SS Kelvarra: tonnage 21,400 GRT [1]. The SS Kelvarra was a cargo liner of 21,400 gross register "
                    "tons, commanded by Captain Ivo Stenmark [2]."), lead
    assert tier == "high"
