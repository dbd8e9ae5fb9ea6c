"""A unit word of another language after a number is a unit (shared.units.FOREIGN_UNITS, read with pint): German
capitalises its nouns, so "91 Meter lang" was read as part of a name and its figure never counted in a disagreement
(trial t53 q03/q16: the German page's length of the main pool was left out of "91 in three sources"). A capitalised
word after a number in an English sentence stays a name's part. Pages made up here."""

from __future__ import annotations

from services.synthesizer.offline import _values, find_disagreements
from shared.report import lead_section
from shared.text.sizes import size_dimensions
from shared.units import english_symbol, foreign_unit
from tests.claim_pages import listed_claims, listed_lead, noted_report

PAGES = {
    "a": ("Das Freibad Orlenau", ["Das Freibad Orlenau liegt am Stadtrand.",
                                  "Das Hauptbecken des Freibads Orlenau ist 50 Meter lang."]),
    "b": ("Freibad Orlenau: Geschichte", ["Das Hauptbecken des Freibads Orlenau ist 55 Meter lang."]),
}


def test_a_german_length_in_meter_is_a_figure_in_metres() -> None:
    assert _values("Das Hauptbecken des Freibads Orlenau ist 50 Meter lang.") == {"m": {"50.0~0.5": "50 Meter"}}
    assert _values("Le bassin de Brissac mesure 33 mètres.") == {"m": {"33.0~0.5": "33 mètres"}}
    assert _values("Die Überfahrt nach Kallholm dauert 40 Minuten.") == {"s": {"2400.0~30.0": "40 Minuten"}}


def test_two_pages_giving_two_lengths_in_meter_disagree() -> None:
    claims, sources = listed_claims(PAGES)
    found = find_disagreements(claims, {sid: s.title for sid, s in sources.items()})
    assert [(d.kind, d.values) for d in found] == [("m", [(1, "50 Meter"), (2, "55 Meter")])]
    lead = listed_lead("Wie lang ist das Hauptbecken des Freibads Orlenau?", PAGES)
    assert lead.split("\n")[0] == "The sources disagree: 50 Meter [1]; 55 Meter [2]."


def test_a_capitalised_word_after_a_number_in_english_is_a_name() -> None:
    assert _values("The runners lined up for the 400 Meter Relay at Kallholm.") == {}
    assert _values("They played at the Studio 54 Bar in Orlenau.") == {}


def test_unit_words_of_other_languages_read_as_english_symbols() -> None:
    assert english_symbol("Meter") == "m" and english_symbol("mètres") == "m" and english_symbol("Stunden") == "h"
    assert foreign_unit("Stunden") and foreign_unit("mètres")
    assert not foreign_unit("Meter") and not foreign_unit("metres")  # English spellings too


#: a German page describing the pool ("Das Becken", on a page whose title gives the baths' name) among English pages
BATHS = {
    "enc": ("Brissac Baths", ["Brissac Baths is an open-air pool in Kallholm.",
                              "The outdoor pool is 66 metres long and 20 metres wide."]),
    "rec": ("Brissac Baths", ["Brissac Baths: outdoor pool length 66 m."]),
    "de": ("Das Freibad Brissac (Brissac Baths)", ["Das Freibad Brissac liegt in Kallholm.",
                                                   "Das Becken ist 66 Meter lang und 20 Meter breit."]),
    "blog": ("A day at Brissac Baths", ["The outdoor pool is a huge 75 metres long."]),
}


def test_a_german_pages_length_of_the_pool_counts_among_the_sources() -> None:
    # trial t53 q03: the German page's "Das Hauptbecken ist 91 Meter lang" was no source of the length: its unit,
    # its dimension word ("lang") and its subject (the article and one noun, a pool: shared.text.crosslang) are read
    assert size_dimensions("Das Becken ist 66 Meter lang und 20 Meter breit.") == {"length", "width"}
    claims, sources = listed_claims(BATHS)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    report, gate = noted_report("How long is the outdoor pool at Brissac Baths?", claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == (
        "The length of the outdoor pool at Brissac Baths is 66 m [1][2][3]; one source, a blog, says 75 metres [4].")
    assert gate.tier == "medium"


def test_a_decimal_comma_of_a_german_page_is_its_decimal_point() -> None:
    # "7,5 Meter" is 7.5 m, never 5 m: the German tower agrees with the English page
    claims, sources = listed_claims({
        "de": ("Das Freibad Brissac (Brissac Baths)", ["Der Sprungturm ist 7,5 Meter hoch."]),
        "enc": ("Brissac Baths", ["The diving tower is 7.5 metres high."]),
        "blog": ("A day at Brissac Baths", ["The diving tower is 5 metres high."]),
    })
    found = find_disagreements(claims, {sid: s.title for sid, s in sources.items()})
    assert [sorted(v for _i, v in d.values) for d in found] == [["5 metres", "7.5 Meter", "7.5 metres"]]


#: a German page naming the dam by its own noun ("Die Harrowby-Talsperre") and describing it by another ("Die
#: Staumauer ist ...") among English pages and a blog's outlier (trial t54 q03)
DAM = {
    "enc": ("Harrowby Dam", ["Harrowby Dam is a gravity dam on the river Lune.",
                             "The Harrowby Dam is 62 metres high and its crest is 300 metres long."]),
    "rec": ("Harrowby Dam", ["Harrowby Dam: height 62 m."]),
    "de": ("Die Harrowby-Talsperre an der Lune", ["Die Harrowby-Talsperre staut die Lune.",
                                                  "Die Staumauer ist 62 Meter hoch und wurde 1958 fertiggestellt."]),
    "blog": ("A walk at Harrowby Dam", ["The Harrowby Dam is a dizzying 71 metres high."]),
}


def test_a_german_pages_height_of_the_dam_by_its_own_noun_counts_among_the_sources() -> None:
    # the described "Staumauer" on the page of the "Harrowby-Talsperre" is the Harrowby Dam (the page's thing: its
    # title's proper name and one noun of its kind, offline._described_alike), so 62 m stands in three sources
    # against the blog's one (main: 'The sources disagree on the height of the Harrowby Dam: 62 m [1] ≈ 62 metres
    # [2]; 71 metres [3].')
    claims, sources = listed_claims(DAM)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    report, gate = noted_report("How high is the Harrowby Dam?", claims, sources)
    assert lead_section(report.markdown).split("\n")[0] == (
        "The height of the Harrowby Dam is 62 m [1][2][3]; one source, a blog, says 71 metres [4].")
    assert gate.tier == "medium"
