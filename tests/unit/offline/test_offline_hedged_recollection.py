"""Task h124 (a trial's regatta; the pages here are invented): "How long is the <regatta> course?" led with a forum
post's "From what I remember, the course is 2,000 metres, like a standard international course, and the regatta
started back in 1908." over the history page's plain "Crews race ... over a straight course of 1,600 metres", and
then ``asked_time_lead`` read "started back in 1908", in another clause of that sentence, as the year of the 2,000
m figure and put "takes place over two days" in its place. Now (a) a writer's hedged recollection never leads over
a page's plain statement of a figure of the same kind (``plain_over_recollection``); (b) a year in another clause
of a sentence dates no figure of a different clause (``_frame_year``); and a plural common noun opening a sentence
before its verb ("Crews race ...") is no name of another thing (``opening_name``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _frame_year, hedged_recollection, opening_name
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PLAIN = "Crews race side by side over a straight course of 1,600 metres, starting below the mill weir."
POST = ("{hedge} the course is 2,000 metres, like a standard international course, and the regatta started back in "
        "1908.")


def _pages(hedge: str) -> dict[str, tuple[str, list[str]]]:
    return {
        "h": ("The Fennick Mere Regatta: a short history", [
            "The Fennick Mere Regatta is an annual rowing regatta held on the river Orla at Darnley Bridge.",
            "The Fennick Mere Regatta was founded in 1894 by members of the Darnley Rowing Club.",
            "The Fennick Mere Regatta takes place over two days on the last weekend of August.", PLAIN]),
        "f": ("Forum: Orla rowing chat > Thread: First time at Fennick Mere?", [
            "Going to the Fennick Mere Regatta for the first time this year.", POST.format(hedge=hedge)]),
    }


def _lead(question: str, hedge: str) -> str:
    claims, sources = listed_claims(_pages(hedge))
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown)


@pytest.mark.parametrize("hedge", ["From what I remember,", "If I recall correctly,", "IIRC", "As far as I know,"])
@pytest.mark.parametrize("question", ["How long is the Fennick Mere Regatta course?",
                                      "How long is the course of the Fennick Mere Regatta?"])
def test_a_page_s_plain_figure_leads_over_a_hedged_recollection(question: str, hedge: str) -> None:
    lead = _lead(question, hedge)
    assert lead.startswith(f"{PLAIN[:-1]} ["), lead
    assert "2,000" not in lead and "two days" not in lead, lead


@pytest.mark.parametrize(("text", "hedged"), [
    ("From what I remember, the course is 2,000 metres.", True),
    ("The hall seats 400, I think.", True),
    ("IIRC the tower is 40 metres tall.", True),
    ("As far as I know, the bridge is 120 metres long.", True),
    ("The course is 1,600 metres long.", False),
    ("The museum remembers its founders every May.", False),
])
def test_hedged_recollection(text: str, hedged: bool) -> None:
    assert hedged_recollection(text) is hedged


@pytest.mark.parametrize(("text", "year"), [
    (POST.format(hedge="From what I remember,"), None),  # "started back in 1908" is another clause's
    ("The pier is 300 metres long; it was rebuilt in 1950.", None),
    ("The pier was 300 metres long in 1950, but it is shorter now.", 1950),  # the figure's own clause
    ("In 1950 the town had only 8,300 inhabitants.", 1950),
    ("In 1950 the town had 8,300 inhabitants, and by 2020 it had 14,000.", 2020),
])
def test_a_year_in_another_clause_dates_no_figure(text: str, year: int | None) -> None:
    assert _frame_year(text) == year


@pytest.mark.parametrize(("text", "name"), [
    (PLAIN, None), ("Visitors pay 5 pounds at the gate.", None), ("Paris has 2 million people.", "Paris"),
    ("Athens hosted the games in 2004.", "Athens"), ("Brooks said the course was long.", "Brooks"),
])
def test_a_plural_noun_before_its_verb_is_no_name(text: str, name: str | None) -> None:
    assert opening_name(text) == name
