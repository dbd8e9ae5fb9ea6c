"""Whether one can visit, enter, tour or go to a place at a time is whether it is open then, and "the <Name> <noun>"
is the page of that noun one of whose claims names the name (issue 9, trial t36 fault 8: "Can I visit the Kessler
Mill museum on a Monday?" was "Not established" though "The Varnholm Paper Museum ... is closed on Mondays" was
supported and the museum's page says it occupies the mill's drying loft). Days, months and seasons; a season is
read against a range of months. Invented sentences only."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from shared.text.synonyms import said_plainly
from tests.claim_pages import listed_claims

MUSEUM = "Brede Textile Museum"
HOURS = "The Brede Textile Museum is open Wednesday to Sunday and is closed on Mondays and Tuesdays."
LOFT = "The Brede Textile Museum occupies the old weaving shed of the Tarlow Mill."
MILL = ("Tarlow Mill", "The Tarlow Mill is a cotton mill on the river Ask.")


def _decide(question: str, museum: list[str], others: tuple[tuple[str, str], ...] = (MILL,)) -> bool | None:
    texts = [*museum, *(text for _title, text in others)]
    titles = [MUSEUM] * len(museum) + [title for title, _text in others]
    order = list(range(len(texts)))
    return decide_yes_no(question, texts, titles, order, [False] * len(texts)).answer


@pytest.mark.parametrize(("question", "expected"), [
    ("Can I visit the Tarlow Mill museum on a Monday?", False),
    ("Can I visit the Tarlow Mill museum on a Friday?", True),
    ("Is the Tarlow Mill museum open on Tuesdays?", False),
    ("Could we go to the Tarlow Mill museum on a Sunday?", True),
    ("Can visitors tour the Tarlow Mill museum on Mondays?", False),
])
def test_the_name_s_thing_is_the_page_of_that_thing_naming_the_name(question: str, expected: bool) -> None:
    assert _decide(question, [LOFT, HOURS]) is expected


def test_a_page_of_the_noun_that_does_not_name_the_name_is_not_its_thing() -> None:
    # another museum's hours say nothing of the Tarlow Mill's museum
    assert _decide("Can I visit the Tarlow Mill museum on a Monday?", [HOURS]) is None
    # nor is the museum the mill's shop
    assert _decide("Is the Tarlow Mill shop open on Mondays?", [LOFT, HOURS]) is None


@pytest.mark.parametrize(("question", "claim", "expected"), [
    ("Can I visit the Brede Textile Museum in winter?", "The Brede Textile Museum is open from April to October.",
     False),
    ("Can I visit the Brede Textile Museum in summer?", "The Brede Textile Museum is open from April to October.",
     True),
    ("Can I visit the Brede Textile Museum in spring?", "The Brede Textile Museum is open from April to October.",
     None),  # March is out, April and May in: neither yes nor no
    ("Is the Brede Textile Museum open in January?", "The Brede Textile Museum is closed in winter.", False),
    ("Is the Brede Textile Museum open in July?", "In summer the Brede Textile Museum is open every day.", True),
    ("Can I enter the Brede Textile Museum in February?", "The Brede Textile Museum is shut from November to March.",
     False),
    ("Can tourists go to the Brede Textile Museum in August?", "The Brede Textile Museum is shut from November to "
     "March.", True),
])
def test_a_season_or_month_is_read_against_the_stated_range(question: str, claim: str, expected: bool | None) -> None:
    assert decide_yes_no(question, [claim], [MUSEUM], [0], [False]).answer is expected


@pytest.mark.parametrize("question", [
    "Can I enter the Brede Textile Museum on a Monday?",
    "Can visitors tour the Brede Textile Museum in winter?",
    "Could we go to the Brede Textile Museum this Sunday?",
    "May guests visit the Brede Textile Museum over the holidays?",
])
def test_going_to_a_place_at_a_time_is_asked_as_its_being_open(question: str) -> None:
    assert " open " in said_plainly(question)


@pytest.mark.parametrize("question", [
    "Can I enter the Brede Textile Museum free on Sundays?",  # whether it costs, not whether it is open
    "Can I go to the Brede Textile Museum by bus?",  # no time asked
    "Did the queen tour the Brede Textile Museum in May?",  # no one's being able to
])
def test_other_questions_about_going_are_not_read_as_open(question: str) -> None:
    assert " open " not in said_plainly(question)


def test_the_report_leads_with_no_and_the_closed_day() -> None:
    claims, sources = listed_claims({"m": (MUSEUM, [LOFT, HOURS]), "t": MILL[:1] + ([MILL[1]],)})
    lead = lead_section(synthesize("Can I visit the Tarlow Mill museum on a Monday?", claims, sources).markdown)
    assert lead.startswith("No") and "closed on Mondays" in lead, lead
