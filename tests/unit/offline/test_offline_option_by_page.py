"""A comparison's option named in its sentence only by its noun ("The pump house of the company was completed in
1879" on the page "Orlund Water Company") is that option when the page's name holds the option's name: the lead
takes that dated sentence (a building "completed" was built then) before another figure of the option's own page
("A full tank holds about 900 litres"), and the gate counts the option as stated. A page of a look-alike name
("Orlundby Mill") or a sentence giving the noun to another name ("the Dalby pump house") holds no option (issue 9,
trial t37 fault 4: "the Vardholm boiling house" against "The boiling house of the cooperative ... was completed in
1881")."""

from __future__ import annotations

from services.synthesizer.confidence import _option_by_page
from shared.report import lead_section
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Which was built first, the Orlund pump house or the Dalby water tower?"
PAGES = {
    "w": ("Orlund Water Company", ["The Orlund Water Company was founded in 1868 by the brewer Ada Lindqvist.",
                                   "The pump house of the company was designed by the engineer Nils Bergvall and "
                                   "was completed in 1879."]),
    "p": ("The tanks of the Orlund pump house", ["A full tank holds about 900 litres of water after six hours of "
                                                 "pumping."]),
    "d": ("Visiting Dalby", ["The Dalby water tower, three kilometres to the east, was built in 1893 to store water "
                             "for the town."]),
}


def test_a_completed_building_was_built() -> None:
    assert same_relation("built", "completed") and same_relation("constructed", "finished")


def test_an_option_named_by_its_noun_on_its_owners_page() -> None:
    sentence = "The pump house of the company was completed in 1879."
    assert _option_by_page("Orlund pump house", sentence, {"orlund water company"})
    assert _option_by_page("Orlund pump house", f"Orlund Water Company: {sentence}", set())
    # a look-alike's page, another name's pump house, or no pump house at all
    assert not _option_by_page("Orlund pump house", sentence, {"orlundby mill"})
    assert not _option_by_page("Orlund pump house", "The Dalby pump house was completed in 1879.",
                               {"orlund water company"})
    assert not _option_by_page("Orlund pump house", "The pump house of Dalby was completed in 1879.",
                               {"orlund water company"})
    assert not _option_by_page("Orlund pump house", "The company was founded in 1868.", {"orlund water company"})


def test_the_dated_sentences_of_both_options_lead() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "1879" in lead and "1893" in lead, rep.markdown
    assert "900 litres" not in lead, lead
    assert gate.signals.get("f_options_held") == 1.0 and not gate.signals.get("relation_missing"), gate.signals
