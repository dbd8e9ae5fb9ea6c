"""A figure asked in other words than "what is the <attribute> of" (issue 9, trial t30 fault 3a): "At what altitude
is ...?", "What height is ...?", "What is the lodge's elevation?" and "... above sea level" ask a length, as "what
is the elevation of" does, and the lead states that figure, not another fact of the same page
(``shared.text.quantity``, ``shared.text.answer``, ``services.synthesizer.offline``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.answer import answer_type
from shared.text.quantity import asked_quantity, quantity_words, worded_attribute
from tests.claim_pages import page_set, sentence_claims

PAGES = {
    "lodge": ("Varnel Lodge", "The Varnel Lodge is a stone refuge of the Dalmor Alpine Club. The Varnel Lodge is "
                              "staffed from early July to late September. The Varnel Lodge stands at 2,418 metres "
                              "on the Varnel col. The Varnel Lodge has 30 beds."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize("question,kinds", [
    ("At what altitude is the Varnel Lodge?", ("length",)),
    ("What altitude does the Varnel Lodge stand at?", ("length",)),
    ("To what depth can the Orsk submersible dive?", ("length",)),
    ("At what speed does the Pellan ferry cross?", ("speed",)),
    ("What price does the Zeta 4 sell for?", ("money",)),
    ("What weight can the Harn crane lift?", ("mass",)),
    ("At what temperature does the Tellin glaze melt?", ("temperature",)),
    ("What is the Varnel Lodge's elevation?", ("length",)),
    ("What is the lodge altitude?", ("length",)),
    ("What is the height above sea level of Dunmore?", ("length",)),
    ("How hot does the Tellin kiln get?", ("temperature",)),
    # words that name other things than a figure stay no quantity in these wordings
    ("What area is the Varnel Lodge in?", ()),
    ("What range does the Dalmor shop sell?", ()),
    ("What is the main area?", ()),
    ("What year did the Varnel Lodge open?", ()),
    ("What is the name of the lodge?", ()),
])
def test_a_figure_asked_in_other_words_is_a_quantity(question: str, kinds: tuple[str, ...]) -> None:
    assert asked_quantity(question) == kinds


def test_the_attribute_word_is_the_quantity_word_and_the_question_asks_a_figure() -> None:
    assert worded_attribute("At what altitude is the Varnel Lodge?") == "altitude"
    assert quantity_words("At what altitude is the Varnel Lodge?") == ("altitude",)
    assert worded_attribute("What is the altitude of the Varnel Lodge?") is None  # the "of" form is read elsewhere
    assert answer_type("At what altitude is the Varnel Lodge?") == "measure"
    assert answer_type("What height is the Dunmore mast?") == "measure"
    assert answer_type("In what area is the Varnel Lodge?") == "where"


@pytest.mark.parametrize("question", ["At what altitude is the Varnel Lodge?", "What is the Varnel Lodge's elevation?",
                                      "How high above sea level is the Varnel Lodge?"])
def test_the_lead_states_the_altitude_not_the_season(question: str) -> None:
    lead = lead_section(synthesize(question, sentence_claims(TEXTS, "lodge"), SOURCES).markdown)
    assert "2,418 metres" in lead
    assert "staffed" not in lead and "30 beds" not in lead
    assert "Not established" not in lead
