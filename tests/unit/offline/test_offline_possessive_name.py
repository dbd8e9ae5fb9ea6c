"""A name the question gives with a possessive ("the man who designed Orlund's pump house") is the name without
it: the planner searches for "Orlund", not "Orlund's", and the synthesizer reads the possessive like "the Orlund
pump house" (the name says which pump house is asked), so the bridge sentence on the owner's page ("The pump house
of the company was designed by ...") leads with the answer instead of "not established" (issue 9, trial t37
fault 2: "Vardholm's boiling house")."""

from __future__ import annotations

from services.synthesizer.offline import modifies_noun
from shared.report import lead_section, says_not_established
from shared.text.reference import reference_nouns
from shared.text.terms import find_entities
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "w": ("Orlund Water Company", ["The Orlund Water Company was founded in 1868 by the brewer Ada Lindqvist.",
                                   "The pump house of the company was designed by the engineer Nils Bergvall and "
                                   "was completed in 1879."]),
    "b": ("Nils Bergvall", ["Nils Bergvall was born in 1832 in the mining town of Falkby, near the Orm lake.",
                            "He trained as a millwright in Uppsala."]),
    "p": ("The pipes of the Orlund pump house", ["The pipes were cast in 1878 at the ironworks of Dalby and "
                                                 "shipped to Orlund by river."]),
}


def test_a_name_is_found_without_its_possessive() -> None:
    assert find_entities("In which town was the man who designed Orlund's pump house born?") == ["Orlund"]
    assert find_entities("Who built the Kessel Mill’s waterwheel?") == ["Kessel Mill"]
    assert find_entities("Where is Harriet Jones' workshop?") == ["Harriet Jones"]
    # a possessive inside a name is part of it
    assert find_entities("How old is St John's Wood?") == ["St John's Wood"]


def test_a_possessive_name_before_a_noun_says_which_thing_of_that_noun() -> None:
    question = "In which town was the man who designed Orlund's pump house born?"
    assert modifies_noun(question, "Orlund")
    assert modifies_noun("Who designed Orlund’s pump house?", "Orlund")
    assert not modifies_noun("Who founded Orlund?", "Orlund")
    run = [text for _title, texts in PAGES.values() for text in texts] + [title for title, _ in PAGES.values()]
    assert reference_nouns(question, "Orlund", run) == {"pump"}


def test_the_two_hop_answer_through_a_possessive_name_leads() -> None:
    claims, sources = listed_claims(PAGES)
    for question in ("In which town was the man who designed Orlund's pump house born?",
                     "In which town was the man who designed the Orlund pump house born?"):
        rep, gate, _answered, _total = recorded_report(question, claims, sources)
        lead = lead_section(rep.markdown)
        assert not says_not_established(rep.markdown), (question, rep.markdown)
        assert "Falkby" in lead and "designed by the engineer Nils Bergvall" in lead, (question, lead)
        assert "Dalby" not in lead, lead
        assert gate.tier != "low", (question, gate)
