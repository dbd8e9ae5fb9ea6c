"""Closing for good in other words: "shut down", "closed down", "ceased trading" ask what "closed" or "closure"
states (one verb class of shared.text.relations, its phrasal verbs listed as "set up" is for founding), so "When was
X shut down?" is answered by the page's "X: closed 9 September 1959", never by its opening date (trial t65 F5: "When
was the line shut down by British Railways?" was not established although "closed" was found)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import relation_terms
from shared.text.relations import relation_of, same_relation
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("a", "b"), [("shut down", "closed"), ("shuts down", "closure"), ("closed down", "closed"),
                                      ("ceased trading", "closed"), ("shut", "closure"), ("close down", "shut")])
def test_closing_in_other_words_names_one_relation(a: str, b: str) -> None:
    assert same_relation(a, b) and same_relation(b, a), (a, b)


def test_closing_stays_apart_from_opening_and_founding() -> None:
    assert relation_of("shut down") == "closure"
    assert not same_relation("shut down", "opened") and not same_relation("closed", "founded")
    assert not same_relation("shut down", "demolished") and not same_relation("set up", "closed")


@pytest.mark.parametrize(("question", "terms"), [
    ("When was the Tollmere Branch Line shut down?", ["shut down"]),
    ("When was the Tollmere Branch Line shut down by Eastern Region?", ["shut down"]),
    ("When did the Brannick Ropeworks close down?", ["close down"]),
])
def test_a_phrasal_verb_of_closing_is_the_relation_asked(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


TOLLMERE = {"s1": ("Tollmere Branch Line", ["Tollmere Branch Line: opened 4 June 1880.",
                                            "Tollmere Branch Line: closed 9 September 1959.",
                                            "Eastern Region closed the line on 9 September 1959."]),
            "s2": ("Tollmere Branch Line visitor guide",
                   ["The Tollmere Branch Line runs for six miles through the Ossen valley."])}


@pytest.mark.parametrize("question", ["When was the Tollmere Branch Line shut down?",
                                      "When was the Tollmere Branch Line closed down?"])
def test_a_closing_asked_in_other_words_leads_with_the_closing_date(question: str) -> None:
    # main led "The Tollmere Branch Line runs for six miles ... [1]. Tollmere Branch Line: opened 4 June 1880 [2]."
    # at high: the opening date for a closing
    claims, sources = listed_claims(TOLLMERE)
    report, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Tollmere Branch Line: closed 9 September 1959 [1]."), report.markdown
    assert "opened" not in lead and "six miles" not in lead, report.markdown
    assert not says_not_established(report.markdown) and gate.tier != "low", (gate.signals, report.markdown)
