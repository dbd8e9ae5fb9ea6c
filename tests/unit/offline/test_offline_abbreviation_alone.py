"""An abbreviation a page defines ("The Harlowe Canal Company (HCC) runs barges ...") stands for its name in every
claim of the run, not only inside the defining sentence: "When was the HCC founded?" is answered by another page's
"The Harlowe Canal Company was founded in 1851", and "Who is the chief executive of the Harlowe Canal Company?" by
"The chief executive of the HCC is Tobias Renwick", each at the confidence of an answer naming the thing as asked
(issue 9, trial t25 fault 5). Sources that mostly write the abbreviation ("ESA astronaut") are read as written."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.terms import defined_abbreviations, spell_out_abbreviations
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "a": ("About the company", ["The Harlowe Canal Company (HCC) runs barges between Brackwater and Dunfield."]),
    "h": ("Canal history", ["The Harlowe Canal Company was founded in 1851 by the surveyor Mireille Ostrander.",
                            "The first route opened in 1853."]),
    "c": ("Leadership", ["The chief executive of the HCC is Tobias Renwick.", "Renwick was appointed in 2019."]),
    "t": ("Tallmere Lido", ["Tallmere Lido opened in 1926 on the river bank."]),
}


def test_abbreviations_defined_anywhere() -> None:
    texts = ["The Harlowe Canal Company (HCC) runs barges.", "National Aeronautics and Space Administration (NASA)",
             "the American Telephone & Telegraph (AT&T) company", "Rush (band) toured.", "the Royal Mail (UK)"]
    assert defined_abbreviations(texts) == {"HCC": "Harlowe Canal Company",
                                            "NASA": "National Aeronautics and Space Administration",
                                            "AT&T": "American Telephone & Telegraph"}
    named = [*texts, "The Harlowe Canal Company was founded in 1851."]
    assert spell_out_abbreviations("When was the HCC founded?", named) == "When was the Harlowe Canal Company founded?"
    # sources that mostly write the abbreviation alone are read as written
    esa = ["The European Space Agency (ESA) trains astronauts.", "Ewald is a former ESA astronaut.",
           "Messerschmid flew as an ESA astronaut."]
    assert spell_out_abbreviations("Were both ESA astronauts?", esa) == "Were both ESA astronauts?"


@pytest.mark.parametrize(("question", "sentence"), [
    ("When was the HCC founded?", "The Harlowe Canal Company was founded in 1851"),
    ("Who founded the HCC?", "The Harlowe Canal Company was founded in 1851"),
    ("Who is the chief executive of the Harlowe Canal Company?", "The chief executive of the HCC is Tobias Renwick"),
])
def test_the_abbreviation_alone_is_the_name(question: str, sentence: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert sentence in lead.split("[")[0] and not says_not_established(lead), lead
    assert answered and gate.tier != "low" and total > 60, gate
    assert rep.markdown.startswith(f"# {question}\n")  # the report's title is the question as asked
