"""Trial t54 q12 (the pages here are invented): the attribute-first shapes of a comparison in attributes ("How does
the A of X compare with the A of Y?", "How do the A of X and Y compare?", "How does X's A compare with Y's?") are
read as "How does X compare with Y in A?": the lead gives both things' values of A, each cited, and how far apart
they are when both are figures of one unit (``shared.text.answer.attribute_comparison``,
``services.synthesizer.verdicts.attributes_sentences``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import AttributeValues, attributes_sentences
from shared.text.answer import answer_type, attribute_comparison
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"w": local_source("w", "Quarnby Lighthouse"), "o": local_source("o", "Old Quarnby Light")}
CLAIMS = [
    local_claim("w1", "w", "Quarnby Lighthouse is a granite tower on the headland of Pellick Point."),
    local_claim("w2", "w", "The Quarnby Lighthouse is 37 metres tall and was first lit in 1889."),
    local_claim("o1", "o", "The Old Quarnby Light was a timber beacon on the same headland."),
    local_claim("o2", "o", "The Old Quarnby Light was 12 metres tall and stood until 1890."),
]


def test_the_attribute_first_shapes() -> None:
    things = ("Quarnby Lighthouse", "Old Quarnby Light")
    for q in ("How does the height of the Quarnby Lighthouse compare with the height of the Old Quarnby Light?",
              "How does the height of Quarnby Lighthouse compare to that of the Old Quarnby Light?",
              "How do the height of Quarnby Lighthouse and the Old Quarnby Light compare?",
              "How does Quarnby Lighthouse's height compare with the Old Quarnby Light's?",
              "How does Quarnby Lighthouse's height compare with that of the Old Quarnby Light?"):
        assert attribute_comparison(q) == (things, ("height",)), q
        assert answer_type(q) == "comparison", q
    assert attribute_comparison("How do the height and age of Quarnby Lighthouse and the Old Quarnby Light "
                                "compare?") == (things, ("height", "age"))
    assert attribute_comparison("How does the height of the tower compare with the old one?") is None
    assert attribute_comparison("How does the weather of today compare with yesterday?") is None


def test_an_attribute_first_comparison_leads_with_both_values_and_their_difference() -> None:
    question = "How does the height of the Quarnby Lighthouse compare with the height of the Old Quarnby Light?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("Height: the Quarnby Lighthouse 37 metres [1]; the Old Quarnby Light 12 metres "
                                   "[2]; the Quarnby Lighthouse is 25 metres higher."), rep.markdown
    gate = report_gate(question, rep, PAGES, CLAIMS)
    assert gate.tier == "high" and "not_established" not in gate.signals, gate


def test_the_lower_thing_first_is_said_lower() -> None:
    question = "How does the Old Quarnby Light's height compare with the Quarnby Lighthouse's?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("Height: the Old Quarnby Light 12 metres [1]; the Quarnby Lighthouse 37 metres [2]; "
                                   "the Old Quarnby Light is 25 metres lower."), rep.markdown


def test_values_apart_are_said_only_for_one_figure_of_one_unit() -> None:
    def lead(attribute: str, values: tuple[str, str]) -> str:
        found = AttributeValues(("Dunmore Mill", "the Old Dunmore Mill"), (attribute,), (values,), ((0, 1),))
        return attributes_sentences(found, {0: "[1]", 1: "[2]"})

    assert lead("annual visitors", ("8,400 visitors", "9,150 visitors")) == (
        "Annual visitors: Dunmore Mill 8,400 visitors [1]; the Old Dunmore Mill 9,150 visitors [2]; Dunmore Mill has "
        "750 fewer visitors.")
    assert lead("wheel diameter", ("7 metres", "7 m")) == (
        "Wheel diameter: Dunmore Mill 7 metres [1]; the Old Dunmore Mill 7 m [2]; both are 7 metres.")
    assert lead("length", ("1.2 km", "640 m")) == "Length: Dunmore Mill 1.2 km [1]; the Old Dunmore Mill 640 m [2]."
    assert lead("opening year", ("1902", "1841")) == "Opening year: Dunmore Mill 1902 [1]; the Old Dunmore Mill 1841 [2]."
