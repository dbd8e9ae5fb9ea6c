"""A sentence stating two facts of the asked thing ("Each wheel of Brauncliff is made from 300 litres of milk and
weighs about 27 kg") answers "How much does a wheel of Brauncliff weigh?" (trial t70w pattern 3: it was shown as a
"related finding, not the answer"). Two causes, neither about the sentence's second fact:

- its page's title names the cheese with its registered designation ("Brauncliff PDO: cheese profile"), which was
  read as a longer name opening with the asked one, another thing ("Halvik FC" for Halvik), so no sentence of the
  page could lead (``services.synthesizer.offline.opens_longer_name``, :data:`_DESIGNATION_MARKS`);
- a newer page's year total of the same kind ("Brauncliff production peaked at 1,310 tonnes in 2022 and fell to
  1,185 tonnes in 2023") was read as a newer figure of the weight asked, superseding the wheel's 27 kg
  (``asked_time_lead``, ``updates_figure``): a total over a period is no standing measure of one thing.
"""

from __future__ import annotations

from services.synthesizer.offline import opens_longer_name, standing_measure
from tests.claim_pages import dated_lead

Q = "How much does a wheel of Brauncliff weigh?"
PAGES = {
    "s1": ("Brauncliff PDO: cheese profile and specifications", [
        "Brauncliff is a protected-origin (PDO) hill cheese made by the Ostwen Dairy Cooperative in Tirrel.",
        "Each wheel of Brauncliff is made from 300 litres of raw hill milk and weighs about 27 kg.",
        "Brauncliff is aged for a minimum of 14 months in the cooperative's cellars."]),
    "s2": ("Ostwen Dairy Cooperative: Brauncliff production by year", [
        "Brauncliff production peaked at 1,310 tonnes in 2022 and fell to 1,185 tonnes in 2023."]),
    "s3": ("Harvest notes from the Ostwen valley", [
        "The Ostwen Valley Creamery produced 310 tonnes of cheese in 2023, mostly hard cheese for Brauncliff buyers."]),
}
PUBLISHED = {"s1": "2022-09-14", "s2": "2024-04-15", "s3": "2024-02-10"}


def test_a_designation_mark_keeps_a_name_the_same_thing() -> None:
    assert not opens_longer_name(["brauncliff"], ["brauncliff", "pdo"])
    assert not opens_longer_name(["brauncliff"], ["brauncliff", "aop"])
    # a head noun of its own still makes another thing
    assert opens_longer_name(["halvik"], ["halvik", "fc"])
    assert opens_longer_name(["brauncliff"], ["brauncliff", "select"])


def test_a_standing_measure_is_asked() -> None:
    assert standing_measure(Q) and standing_measure("How tall is the Ostwen tower?")
    assert not standing_measure("How much honey does the Ostwen apiary produce?")
    assert not standing_measure("How many members does the Ostwen Dairy Cooperative have?")


def test_the_two_fact_sentence_of_the_designated_page_answers_the_weight() -> None:
    lead, _tier = dated_lead(Q, PAGES, PUBLISHED)
    assert lead.startswith("Each wheel of Brauncliff is made from 300 litres of raw hill milk and weighs about 27 kg"), lead
    assert "Not established" not in lead and "tonnes" not in lead


def test_a_year_total_of_a_newer_page_supersedes_no_wheel_weight() -> None:
    # without the designation in the title: the newer page's production figures still leave the wheel's weight be
    pages = {**PAGES, "s1": ("Brauncliff: cheese profile and specifications", PAGES["s1"][1])}
    lead, _tier = dated_lead(Q, pages, PUBLISHED)
    assert lead.startswith("Each wheel of Brauncliff"), lead
    assert "tonnes" not in lead
