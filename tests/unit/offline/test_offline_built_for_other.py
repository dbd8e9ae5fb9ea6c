"""A when-built question is answered by a sentence whose building verb is the asked thing's own (task h142).

"When was <Station> built?" led at 0.90 high with "<Engine> is a Cornish beam engine built in 1868 by <maker> for
<Station>.": the engine was built; the station is only the owner after "for". The station's own page said
"Construction began in 1866 and the station first pumped water in 1869.", but its opening "Construction" was read as
a name of another thing, so the sentence held neither the station nor the relation. A participle describing another
noun whose clause names the asked thing only after "for" does the act to that other thing
(``shared.text.relations.done_to_other``), so such a sentence is a look-alike's for a "when" lead; an opening act
noun ("Construction") names no thing (``services.synthesizer.offline.opening_name``). Invented mill and engine.
"""

from __future__ import annotations

import pytest

from services.synthesizer.offline import opening_name, placed_other
from shared.report import lead_section
from shared.text.answer import object_asked_against
from tests.claim_pages import listed_claims, recorded_report

ENGINE = "Aurelia is a Cornish single-acting beam engine built in 1854 by Tolley & Roke of Pennick for Ketterby Mill."
PAGES = {
    "s1": ("About Ketterby Mill museum", [
        "Ketterby Mill is a Victorian steam mill on the River Dunn, now a museum run by the Ketterby Engine Trust.",
        "The mill was designed by the engineer Osric Pell for the Dunmouth Milling Company.",
        "Construction began in 1852 and the mill first ground corn in 1855.",
        "The mill ground corn until 1958 and opened as a museum in 1981."]),
    "s2": ("Aurelia: beam engine at Ketterby Mill", [
        ENGINE, "Specification Year built: aurelia 1854.", "Specification Power: aurelia 120 hp."]),
}


@pytest.mark.parametrize("text", [
    ENGINE,
    "A new engine house built for the Ketterby Mill in 1870 holds the engine.",
])
def test_a_thing_built_for_the_asked_one_is_no_building_of_it(text: str) -> None:
    assert object_asked_against(text, "When was Ketterby Mill built?")


@pytest.mark.parametrize("text", [
    "Ketterby Mill was built in 1854 for the Dunmouth Milling Company.",
    "Built in 1854 for the Dunmouth Milling Company, Ketterby Mill is a steam mill.",
    "Ketterby Mill, a steam mill built in 1854 for the company, still stands.",
])
def test_the_asked_thing_built_for_another_is_its_own_building(text: str) -> None:
    assert not object_asked_against(text, "When was Ketterby Mill built?")


def test_an_opening_act_noun_is_no_name() -> None:
    assert opening_name("Construction began in 1852 and the mill first ground corn in 1855.") is None
    assert opening_name("Ketterby Mill was built in 1854.") == "Ketterby Mill"


@pytest.mark.parametrize("question", ["When was Ketterby Mill built?", "When was Ketterby Mill completed?"])
def test_the_lead_is_the_asked_things_own_building(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Construction began in 1852"), lead
    assert "Aurelia" not in lead, lead


def test_a_row_of_another_thing_naming_the_asked_one_in_a_cell_does_not_lead() -> None:
    pages = {**PAGES, "s3": ("Comparing the engines of Ketterby Mill", [
        "Engine Aurelia: mill Ketterby Mill, built 1854, power 120 hp.",
        "Engine Brutus: mill Ketterby Mill, built 1860, power 140 hp."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report("When was Ketterby Mill built?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Construction began in 1852"), lead


def test_another_thing_placed_at_the_asked_one_does_not_lead() -> None:
    pages = {**PAGES, "s4": ("Brutus: steam engine at Ketterby Mill", [
        "Brutus is an inverted vertical steam engine installed at Ketterby Mill in 1902 by Ostwick Engineering."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report("When was Ketterby Mill built?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Construction began in 1852"), lead
    assert placed_other("Brutus is a steam engine installed at Ketterby Mill in 1902.", ["Ketterby Mill"])
    assert not placed_other("Ketterby Mill was built in 1852.", ["Ketterby Mill"])
    assert not placed_other("Osric Pell designed Ketterby Mill in 1850.", ["Ketterby Mill"])
