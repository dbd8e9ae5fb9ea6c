"""Issue 9, new-user trial t20: the figure of the time the question asks leads. A present question ("how many people
live in", "today") is never led by a figure dated to a past year ("in 1931 the village had only 2,100") while a
current one exists; two current figures of one kind from different authorities (a yearbook's residents, a census's
inhabitants) are stated as a disagreement; a question naming a year is led by that year's figure, and a figure of
another year stays out of the lead (``services.synthesizer.offline``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import asked_time_lead, attribution, find_disagreements, synthesize
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


TOWN = {"p": local_source("p", "How many people live in Brennick?"), "b": local_source("b", "Brennick")}
TOWN_CLAIMS = [
    local_claim("p1", "p", "Local chroniclers record that in 1931 the village had only 2,100 inhabitants."),
    local_claim("p2", "p", "The Harrow Vale Board's 2022 almanac gives Brennick's population as 6,400 residents."),
    local_claim("p3", "p", "The 2020 county census reported 7,050 inhabitants, because it counts the hamlet of Oakhurst."),
    local_claim("b1", "b", "Brennick is a market town on the river Sell."),
    local_claim("b2", "b", "The Harrow Vale Board has 19 members."),
]


def test_a_present_question_is_not_led_by_a_past_years_figure() -> None:
    for question in ("How many people live in Brennick?", "What is the population of Brennick today?"):
        rep = synthesize(question, TOWN_CLAIMS, TOWN)
        lead = _answer(rep.markdown)
        assert "2,100" not in lead and "6,400" in lead and "7,050" in lead, rep.markdown
        assert "Not established" not in rep.markdown
        # two current figures of two authorities: a disagreement with each one's authority and date
        # (the disagreement says what it is on when the question names the attribute and its thing)
        opening = "The sources disagree on the population of Brennick today: " if "population" in question \
            else "The sources disagree: "
        assert opening + "6,400 residents per the Harrow Vale Board's 2022 almanac" in lead, lead
        assert "7,050 inhabitants per the 2020 county census" in lead, lead
        assert report_gate(question, rep, TOWN, TOWN_CLAIMS).tier != "high"


def test_figures_of_different_times_are_no_disagreement_and_a_year_names_an_authority() -> None:
    assert attribution(TOWN_CLAIMS[2].text) is not None  # "the 2020 county census reported ..."
    found = find_disagreements(TOWN_CLAIMS[:3], {"p": TOWN["p"].title})
    assert [sorted(v for _i, v in d.values) for d in found] == [["6,400 residents", "7,050 inhabitants"]]


def test_the_newest_dated_figure_leads_when_every_figure_is_dated() -> None:
    texts = [
        "In 1931 the village had 2,100 inhabitants.",
        "In 2019 the village had 6,800 inhabitants.",
        "The village lies on the river Sell.",
    ]
    assert asked_time_lead("How many people live in the village?", texts, [0, 2], [0, 1, 2]) == [1, 2]
    # a question naming no figure asked is left alone
    assert asked_time_lead("Where is the village?", texts, [0], [0, 1, 2]) == [0]


MILL = {"m": local_source("m", "The Tarn Paper Mill")}
MILL_CLAIMS = [
    local_claim("m1", "m", "The Tarn Paper Mill was founded in 1852 by Ada Vorn."),
    local_claim("m2", "m", "In its first year it employed 17 workers."),
    local_claim("m3", "m", "By 1890 the workforce had grown to 140 workers."),
    local_claim("m4", "m", "The mill closed in 1968."),
]


def test_a_question_naming_a_year_is_led_by_that_years_figure_alone() -> None:
    question = "How many workers did the Tarn Paper Mill employ in 1890?"
    lead = _answer(synthesize(question, MILL_CLAIMS, MILL).markdown)
    assert "140 workers" in lead and "17 workers" not in lead, lead
    assert lead.index("140 workers") < 80
    # another year asked: no claim states it, the lead is not changed to a wrong year
    texts = [c.text for c in MILL_CLAIMS]
    assert asked_time_lead("How many workers did the mill employ in 1900?", texts, [1], [0, 1, 2, 3]) == [1]
