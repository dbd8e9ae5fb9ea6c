"""An English question asking a measure of a thing is answered from a German, French or Spanish page stating it in
its words and with its decimal comma: "How much does car No. 17 weigh?" leads with "Der zweiachsige Wagen ist 9,6
Meter lang und wiegt 11,8 Tonnen", quoted as written, on the page "Triebwagen Nr. 17" (issue 9, trial t46 fault 5)
(``shared.text.crosslang.LEXICON``: weigh / wiegt, long / lang, cost / kostete, car / Wagen, No. / Nr.;
``shared.text.quantity.stated_kinds``: "11,8 Tonnen" is a mass)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.crosslang import held_terms
from shared.text.quantity import stated_kinds
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, noted_report

WEIGHT = "Der zweiachsige Wagen ist 9,6 Meter lang und wiegt 11,8 Tonnen."
PAGES = {
    "de": ("Triebwagen Nr. 41 – das älteste fahrbereite Fahrzeug", [
        "Der Triebwagen Nr. 41 wurde 1912 in der Waggonfabrik Osterkamp gebaut und ist das älteste fahrbereite "
        "Fahrzeug des Straßenbahnmuseums Harnau.",
        WEIGHT,
        "Die Restaurierung dauerte von 1991 bis 1996 und kostete rund 180.000 Kronen."]),
    "fleet": ("Our fleet - Harnau Tram Museum", [
        "Car No. 41: type Motor car, built 1912, builder Waggonfabrik Osterkamp, status Operational.",
        "Car No. 52: type Motor car, built 1921, builder Waggonfabrik Osterkamp, status Operational."]),
}


@pytest.mark.parametrize(("sentence", "kinds"), [
    ("wiegt 11,8 Tonnen", {"mass"}),
    ("ist 9,6 Meter lang", {"length"}),
    ("pèse 2,5 tonnes", {"mass"}),
    ("grew from 1,250 to 2,400 members", {"count"}),  # a thousands group stays a count
])
def test_a_decimal_comma_figure_is_read_with_its_unit(sentence: str, kinds: set[str]) -> None:
    assert stated_kinds(sentence) == kinds


def test_a_german_sentence_holds_the_measure_words_of_an_english_question() -> None:
    assert held_terms(tokenize(WEIGHT), ["weigh", "car"]) == {"weigh", "car"}
    assert held_terms(tokenize("Triebwagen Nr. 41"), ["car", "no", "41"]) >= {"car", "no"}
    assert held_terms(tokenize("The car weighs as much as a small boat."), ["weigh"]) == set()  # English: its own


@pytest.mark.parametrize("question", ["How much does car No. 41 weigh?", "How long is car No. 41?"])
def test_an_english_measure_question_leads_with_the_german_sentence_as_written(question: str) -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(WEIGHT.rstrip(".")), lead
    assert not lead.startswith("Not established")
    assert gate.tier != "low"


def test_a_german_compound_names_the_museum_the_question_names() -> None:
    # "des Straßenbahnmuseums Harnau" is the Harnau Tram Museum: the German page names what the question names, so
    # its figure is the answer, not a related finding
    assert held_terms(tokenize("des Straßenbahnmuseums Harnau"), ["tram", "museum", "harnau"]) == {"tram", "museum"}
    claims, sources = listed_claims(PAGES)
    report, _gate = noted_report("How much does tram car No. 41 of the Harnau Tram Museum weigh?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith(WEIGHT.rstrip(".")), lead
