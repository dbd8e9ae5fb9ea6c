"""A "when" question asking of a part of a named thing ("In which year were the Orla Valley Railway's diesel
railcars delivered?") is answered by a sentence giving that part, the verb and a year ("... six diesel railcars ...,
delivered in 1954 and 1955") on a page whose only thing of the name's noun is the one asked about ("The Orla Valley
Railway was opened ..."): the gate does not hold it back as "not established" (issue 9, g44 fault C, probe x4;
``services.synthesizer.confidence._page_part_of_it``). A page naming another thing of that noun, or not naming it,
leaves it unresolved. Invented sentences only."""

from __future__ import annotations

from services.synthesizer.confidence import chain_features
from tests.claim_pages import listed_claims, noted_report

QUESTION = "In which year were the Orla Valley Railway's diesel railcars delivered?"
OPENING = "The Orla Valley Railway was opened in 1921 with three steam locomotives built by the Tessin works."
DELIVERED = "Daily service is provided by six diesel railcars of class Bm 4/4, delivered in 1954 and 1955."
LEAD = f"{DELIVERED.rstrip('.')} [1]."


def test_a_part_named_beside_the_name_on_its_page_is_that_things() -> None:
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: f"{OPENING} {DELIVERED}"})
    assert features["relation_names"] == 1.0 and features["chain_names"] == 1.0


def test_another_name_of_the_noun_on_the_page_leaves_it_unresolved() -> None:
    page = f"{OPENING} {DELIVERED} The Brisk Railway bought two of the railcars in 1980."
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: page})
    assert features["relation_names"] == 0.0


def test_a_page_not_naming_it_leaves_it_unresolved() -> None:
    features = chain_features(QUESTION, LEAD, {1: "Fleet"}, {1: DELIVERED})
    assert features["relation_names"] == 0.0


def test_a_sentence_without_the_part_asked_is_not_made_the_names() -> None:
    other = "The depot was rebuilt in 1962."
    features = chain_features(QUESTION, f"{other.rstrip('.')} [1].", {1: "Fleet"}, {1: f"{OPENING} {other}"})
    assert features["relation_names"] == 0.0


def test_the_report_leads_with_the_delivery_years_and_is_not_held_back() -> None:
    # the page's opening, which names the railway, is not in the lead: the delivery sentence alone answers
    claims, sources = listed_claims({
        "s1": ("Rolling stock", [OPENING, "Locomotive No. 1 was scrapped in 1934 and No. 3 was sold in 1952.",
                                 DELIVERED, "Each railcar seats 60 passengers."]),
        "s2": ("The Orla Valley Railway", ["The Orla Valley Railway is 12 km long.",
                                           "The Orla Valley Railway was founded by the engineer Ivo Brand in 1911."])})
    report, gate = noted_report(QUESTION, claims, sources)
    lead = report.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert lead.startswith("Daily service is provided by six diesel railcars")
    assert "delivered in 1954 and 1955" in lead
    assert "Not established" not in report.markdown
    assert not gate.signals.get("relation_missing")
