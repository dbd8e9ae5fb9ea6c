""""How many miles long is X?" asks X's length, not a count of miles: "how many" and a unit of measure with a word
of the dimension it measures ("long", "high", "tall", "weigh") is a measure question (trial t65 F4: "How many miles
long is the line?" was read as a count of miles, "The line is nine miles long" on the line's FAQ page as a count of
another thing, and the report said "Not established" with the answer right after it). A figure written in words
("nine miles") states a measure, and a sentence writing the asked thing's name leads over one stating the same figure
of a generic noun on its page ("The line is ...")."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import others_count_lead
from shared.report import lead_section, says_not_established
from shared.text.answer import answer_candidates, answer_type
from shared.text.quantity import asked_quantity, counted_nouns, quantity_words, unit_measure
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("question", "kind", "words"), [
    ("How many miles long is the Orvane Valley Railway line?", "length", ("mile", "long")),
    ("How many metres high is the Tolvar Tower?", "length", ("metre", "high")),
    ("How many feet tall is the Brenn spire?", "length", ("feet", "tall")),
    ("How many kilograms does the Osk bell weigh?", "mass", ("kilogram", "weigh")),
    ("How many tonnes did the Farrow engine weigh?", "mass", ("tonne", "weigh")),
])
def test_a_unit_with_its_dimension_asks_a_measure(question: str, kind: str, words: tuple[str, ...]) -> None:
    assert unit_measure(question) == kind
    assert answer_type(question) == "measure" and asked_quantity(question) == (kind,)
    assert counted_nouns(question) == () and quantity_words(question) == words


@pytest.mark.parametrize(("question", "counted"), [
    ("How many miles of track does the Orvane line have?", ("mile",)),
    ("How many years did Edda Vorn reign?", ("year",)),
    ("How many euros does a ticket cost?", ("euro",)),
    ("How many stations does the Orvane Valley Railway have?", ("station",)),
])
def test_a_unit_counted_without_a_dimension_stays_a_count(question: str, counted: tuple[str, ...]) -> None:
    assert unit_measure(question) is None
    assert answer_type(question) == "how_many" and counted_nouns(question) == counted


def test_a_figure_in_words_states_a_measure() -> None:
    question = "How many miles long is the Orvane Valley Railway line?"
    assert answer_candidates("The line is seven miles long and a return trip takes about an hour.", "measure",
                             question) == ["seven"]
    assert answer_candidates("Orvane Valley Railway: length 11.2 km (7 mi).", "measure", question) == ["11.2", "7"]
    assert not others_count_lead(question, "The line is seven miles long and a return trip takes about an hour [1].")


ORVANE = {"s1": ("ORVANE VALLEY RAILWAY - FREQUENTLY ASKED QUESTIONS",
                 ["A grown-up return ticket is twelve pounds.",
                  "The line is seven miles long and a return trip takes about an hour."]),
          "s2": ("Orvane Valley Railway", ["Orvane Valley Railway: length 11.2 km (7 mi).", "Orvane Valley Railway: stations 4.",
                                           "The Orvane Valley Railway runs for 11.2 kilometres (7 miles) from Pellow "
                                           "Junction to Orvane Quay."]),
          "s3": ("Orvane Light Railway", ["Orvane Light Railway: length 3 km (2 mi).",
                                          "The Orvane Light Railway is 3 kilometres (2 miles) long."])}


@pytest.mark.parametrize("question", ["How many miles long is the Orvane Valley Railway line?",
                                      "How many miles long is the Orvane Valley Railway?"])
def test_a_length_asked_in_miles_is_answered_by_the_named_sentence(question: str) -> None:
    # main: "Not established: the number of miles asked for. Related findings, not the answer: The line is seven
    # miles long ... [1]." at 0.52 low
    claims, sources = listed_claims(ORVANE)
    report, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("The Orvane Valley Railway runs for 11.2 kilometres (7 miles) from Pellow Junction to "
                           "Orvane Quay [1]."), report.markdown
    assert not says_not_established(report.markdown) and gate.tier == "high", (gate.signals, report.markdown)


def test_a_generic_noun_on_the_page_does_not_lead_over_the_name() -> None:
    """"How long is ...?" read "seven miles" as no figure before; now that it does, the sentence writing the
    railway's name that states the same figure still leads."""
    claims, sources = listed_claims(ORVANE)
    report, gate, _answered, _total = recorded_report("How long is the Orvane Valley Railway line?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Orvane Valley Railway: length 11.2 km (7 mi) [1]."), report.markdown
    assert "Orvane Light" not in lead and gate.tier != "low", (gate.signals, report.markdown)
