"""Trial t54 fault 5 (the pages here are invented): "How tall is X?" asks its height, which an English sentence gives
as "61 metres high" or "height 61 m": "tall" is the same dimension as "high" and "height" when claims are ranked and
the lead is chosen (``shared.text.sizes.size_words_held``), and "at its highest point" after "How tall" is the
maximum height asked, no relation (``shared.text.answer.without_place_of_most``)."""

from __future__ import annotations

import pytest

from shared.text.answer import relation_terms, without_place_of_most
from shared.text.sizes import size_words_held
from tests.claim_pages import local_claim, local_source, noted_report

SOURCES = {"enc": local_source("enc", "Marrow Dam"), "rec": local_source("rec", "Marrow Dam"),
           "de": local_source("de", "Talsperre Marrow"), "blog": local_source("blog", "A weekend at the Marrow Dam")}
#: a visitor's page naming the dam in every sentence: the dam's name weighs little in the ranking, "tall" much
VISIT = ["We drove up to the Marrow Dam on a grey Saturday.", "The car park at the Marrow Dam was almost empty.",
         "A footpath runs along the Marrow Dam crest.", "The cafe at the Marrow Dam sells good soup.",
         "The Marrow Dam visitor centre has a small exhibition.", "The wind on the Marrow Dam was fierce.",
         "Tickets for the Marrow Dam gallery cost six euros.", "The view from the Marrow Dam is wonderful."]
HIGH = "The Marrow Dam is 61 metres high and its crest is 305 metres long."
CLAIMS = [
    local_claim("e1", "enc", "The Marrow Dam is a concrete gravity dam on the river Fenn in the Orrel valley."),
    local_claim("e2", "enc", HIGH),
    local_claim("e3", "enc", "The engineer Tilde Vasko designed the dam in 1931."),
    local_claim("r1", "rec", "Marrow Dam: designer Tilde Vasko."),
    local_claim("r2", "rec", "Marrow Dam: height 61 m."),
    local_claim("d1", "de", "Die Staumauer ist 61 Meter hoch und wurde von der Ingenieurin Tilde Vasko entworfen."),
    local_claim("d2", "de", "Die Talsperre Marrow staut den Fluss Fenn."),
    *(local_claim(f"b{k}", "blog", text) for k, text in enumerate(VISIT)),
]


def test_tall_is_said_by_high_and_height() -> None:
    assert size_words_held("How tall is the Marrow Dam?", HIGH) == {"tall"}
    assert size_words_held("How tall is the Marrow Dam?", "Marrow Dam: height 61 m.") == {"tall"}
    assert size_words_held("How tall is the Marrow Dam?", "The crest is 305 metres long.") == frozenset()
    assert size_words_held("How long is the Marrow Dam?", HIGH) == {"long"}
    # a size not asked by "how <adjective>" is left to the question's own words
    assert size_words_held("How does the height of the Marrow Dam compare with the Old Marrow Dam?", HIGH) == set()
    question = "How tall is the Marrow Dam at its highest point?"
    assert without_place_of_most(question) == "How tall is the Marrow Dam?"
    assert relation_terms(question) == []
    assert without_place_of_most("How long is the Marrow Dam at its highest point?").endswith("highest point?")


@pytest.mark.parametrize(("question", "expected"), [
    ("How tall is the Marrow Dam?", "Marrow Dam: height 61 m [1]."),
    ("How tall is the Marrow Dam at its highest point?",
     "Marrow Dam: height 61 m [1]. The Marrow Dam is 61 metres high and its crest is 305 metres long [2]."),
])
def test_an_english_height_answers_how_tall(question: str, expected: str) -> None:
    report, gate = noted_report(question, CLAIMS, SOURCES)
    lead = report.markdown.split("## Answer", 1)[1].split("\n\n")[1]
    assert lead == expected, report.markdown
    assert gate.tier == "high", (gate.score, gate.signals)
