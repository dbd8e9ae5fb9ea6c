""""Which is older / younger / newer, A or B?" compares when each thing began: the dates of its founding, birth,
building or first opening, never a census year or another later event's (issue 9, trial t21 fault D: a town's
founding in 1742 was compared with another town's 2019 census); the thing's own sentence gives its start before
another thing's on its page (a lighthouse completed on the port's page) (``services.synthesizer.verdicts``)."""

from __future__ import annotations

from services.synthesizer.verdicts import decide_choice
from tests.claim_pages import listed_lead

TOWNS = {
    "d": ("Drennock", ["At the 2020 census Drennock had 9,100 inhabitants.",
                       "The town of Drennock was founded in 1702 by peat cutters from the Sall valley."]),
    "p": ("Port Savel", ["At the 2020 census Port Savel had 4,300 inhabitants.",
                         "The Savel Light, a 19-metre tower, was completed in 1874.",
                         "Port Savel was founded in 1815 as a fishing station."]),
}
PEOPLE = {
    "a": ("Ada Lorn", ["Ada Lorn died in 1931 in Vell.", "Ada Lorn was born in 1862 in Brask."]),
    "b": ("Ben Hale", ["Ben Hale was elected mayor of Vell in 1921.", "Ben Hale was born in 1870 in Vell."]),
}


def test_older_compares_founding_dates_never_a_census_year() -> None:
    lead = listed_lead("Which town is older, Drennock or Port Savel?", TOWNS)
    assert lead.startswith("Drennock is older: 1702"), lead
    assert "Port Savel: 1815" in lead and "2020" not in lead and "1874" not in lead, lead
    lead = listed_lead("Which town is younger, Drennock or Port Savel?", TOWNS)
    assert lead.startswith("Port Savel is younger: 1815"), lead


def test_older_compares_birth_dates_never_a_death_or_an_election() -> None:
    lead = listed_lead("Who is older, Ada Lorn or Ben Hale?", PEOPLE)
    assert lead.startswith("Ada Lorn is older: 1862"), lead
    assert "Ben Hale: 1870" in lead, lead
    lead = listed_lead("How much older is Ada Lorn than Ben Hale?", PEOPLE)
    assert "8 years older than Ben Hale" in lead and "1931" not in lead, lead


def test_without_a_start_date_a_figures_year_decides_nothing() -> None:
    texts = ["At the 2020 census Drennock had 9,100 inhabitants.", "Port Savel was founded in 1815."]
    titles = ["Drennock", "Port Savel"]
    assert decide_choice("Which town is older, Drennock or Port Savel?", texts, titles, [0, 1]) is None
