"""Trial t53 q11 (the pages here are invented): "How does X compare with Y in A and B?" (and "X vs Y: A", "Compare X
and Y by A", "What is the difference between X and Y in A?") compares two named things in attributes: the lead gives
one sentence per attribute with both things' values, each cited, and is low unless every value is found
(``shared.text.answer.attribute_comparison``, ``services.synthesizer.verdicts.decide_attributes``,
``services.synthesizer.confidence.attributes_stated``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.answer import answer_type, attribute_comparison, comparison_options
from tests.claim_pages import local_claim, local_source
from tests.unit.offline.test_offline_compound_verb import _lead

PAGES = {"p": local_source("p", "Tarrow Pier"), "r": local_source("r", "Tarrow Pier heritage record"),
         "q": local_source("q", "Old Tarrow Jetty")}
CLAIMS = [
    local_claim("p1", "p", "Tarrow Pier is a promenade pier on the seafront of Almsby."),
    local_claim("p2", "p", "The Tarrow Pier opened on 9 July 1902."),
    local_claim("p3", "p", "The pier deck is 412 metres long and 9 metres wide."),
    local_claim("p4", "p", "The Old Tarrow Jetty, a different, wooden landing stage of 1841, stood further east."),
    local_claim("r1", "r", "Tarrow Pier: deck length 412 m."),
    local_claim("q1", "q", "The Old Tarrow Jetty was a wooden landing stage at the mouth of the Almsby river."),
    local_claim("q2", "q", "The Old Tarrow Jetty is not to be confused with Tarrow Pier."),
    local_claim("q3", "q", "The Old Tarrow Jetty opened on 3 May 1841."),
    local_claim("q4", "q", "The deck of the Old Tarrow Jetty was 86 metres long and 5 metres wide."),
    local_claim("q5", "q", "The Old Tarrow Jetty had a crane 6 metres high."),
]


def test_the_shapes_of_an_attribute_comparison() -> None:
    q = "How does Tarrow Pier compare with the Old Tarrow Jetty in deck length and opening year?"
    assert attribute_comparison(q) == (("Tarrow Pier", "Old Tarrow Jetty"), ("deck length", "opening year"))
    assert comparison_options(q) == ["Tarrow Pier", "Old Tarrow Jetty"] and answer_type(q) == "comparison"
    assert attribute_comparison("Tarrow Pier vs Old Tarrow Jetty: length and age") == (
        ("Tarrow Pier", "Old Tarrow Jetty"), ("length", "age"))
    assert attribute_comparison("Compare the Tarrow Pier and the Old Tarrow Jetty by length") == (
        ("Tarrow Pier", "Old Tarrow Jetty"), ("length",))
    assert attribute_comparison("What is the difference between Tarrow Pier and Brill Quay in width, length?") == (
        ("Tarrow Pier", "Brill Quay"), ("width", "length"))
    assert attribute_comparison("How do Tarrow Pier and Brill Quay compare in price?") == (
        ("Tarrow Pier", "Brill Quay"), ("price",))
    assert attribute_comparison("How does it compare with others?") is None
    assert attribute_comparison("Which is longer, Tarrow Pier or Brill Quay?") is None
    assert attribute_comparison("What is the difference between a pier and a jetty in Britain?") is None


def test_each_attribute_leads_with_both_things_values() -> None:
    question = "How does Tarrow Pier compare with the Old Tarrow Jetty in deck length and opening year?"
    rep = synthesize(question, CLAIMS, PAGES)
    assert _lead(rep.markdown) == ("Deck length: Tarrow Pier 412 m [1]; the Old Tarrow Jetty 86 metres [2]; Tarrow Pier is 326 m "
                                   "longer. "
                                   "Opening year: Tarrow Pier 1902 [3]; the Old Tarrow Jetty 1841 [2]."), rep.markdown
    gate = report_gate(question, rep, PAGES, CLAIMS)
    assert gate.tier == "high" and "not_established" not in gate.signals, gate


def test_a_value_found_for_one_thing_only_is_said_so_and_low() -> None:
    question = "Compare Tarrow Pier and the Old Tarrow Jetty by deck length and opening year"
    claims = [c for c in CLAIMS if c.claim_id != CLAIMS[7].claim_id]  # the jetty's opening is not found
    rep = synthesize(question, claims, PAGES)
    assert _lead(rep.markdown) == ("Deck length: Tarrow Pier 412 m [1]; the Old Tarrow Jetty 86 metres [2]; Tarrow Pier is 326 m "
                                   "longer. "
                                   "Opening year: Tarrow Pier 1902 [3]; the sources give none for the Old Tarrow "
                                   "Jetty."), rep.markdown
    assert report_gate(question, rep, PAGES, claims).tier == "low"


def test_a_value_another_page_disputes_is_said_and_low() -> None:
    question = "How does Tarrow Pier compare with the Old Tarrow Jetty in deck length and opening year?"
    # (two pages against two: no majority; two against one is: OUTVOTED_MIN)
    pages = {**PAGES, "b": local_source("b", "A windy walk on Tarrow Pier"),
             "c": local_source("c", "Piers of the east coast")}
    claims = [*CLAIMS, local_claim("b1", "b", "The pier deck is a mighty 450 metres long, so bring a coat."),
              local_claim("c1", "c", "The deck of Tarrow Pier is 445 metres long.")]
    rep = synthesize(question, claims, pages)
    assert _lead(rep.markdown) == ("Deck length: Tarrow Pier 412 m [1]; the Old Tarrow Jetty 86 metres [2]; Tarrow Pier is 326 m "
                                   "longer. "
                                   "Opening year: Tarrow Pier 1902 [3]; the Old Tarrow Jetty 1841 [2]. The sources "
                                   "disagree on the deck length of Tarrow Pier: 412 m [1] ≈ 412 metres [3]; 445 metres [4]; "
                                   "450 metres [5]."), \
        rep.markdown
    assert report_gate(question, rep, pages, claims).tier == "low"


def test_a_value_three_independent_pages_agree_on_is_said_with_the_outlier_at_medium() -> None:
    # the pier's length on its page, its record and another file on it, against a blog's
    question = "How does Tarrow Pier compare with the Old Tarrow Jetty in deck length and opening year?"
    pages = {**PAGES, "f": local_source("f", "Tarrow Pier"),
             "b": local_source("b", "A windy walk on Tarrow Pier").model_copy(update={"kind": "blog"})}
    claims = [*CLAIMS, local_claim("f1", "f", "The pier deck is 412 metres long."),
              local_claim("b1", "b", "The pier deck is a mighty 450 metres long, so bring a coat.")]
    rep = synthesize(question, claims, pages)
    assert _lead(rep.markdown) == (
        "Deck length: Tarrow Pier 412 m [1]; the Old Tarrow Jetty 86 metres [2]; Tarrow Pier is 326 m longer. "
        "Opening year: Tarrow Pier 1902 [3]; the Old Tarrow Jetty 1841 [2]. The deck length of Tarrow Pier is 412 m [1][4][3]; one source, a blog, says "
        "450 metres [5]."), rep.markdown
    gate = report_gate(question, rep, pages, claims)
    assert gate.tier == "medium" and gate.signals.get("outvoted") == 1.0, gate
