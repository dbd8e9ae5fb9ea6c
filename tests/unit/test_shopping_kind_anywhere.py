"""A word of the asked product kind's name is never an asked attribute, wherever the kind stands: after the products'
names ("Kotona IH-10 vs Hanabi Smart 5.5: which rice cooker ...") or after one product's name ("the CuitRiz 6 rice
cooker cost") as well as first (issue 15, trial t50s: s2's verdicts called a tester's "white rice time" and "brown
rice" columns asked for). Invented products."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import asks, kind_names


@pytest.mark.parametrize("question", [
    "Velmo K2 vs Sorrel Lite 5: which rice cooker is better for a family of four?",
    "How much does the Arvelle PotRiz 7 rice cooker cost, and is it worth buying?",
    "Velmo K2 or Sorrel Lite 5 rice cooker for a family of four?",
    "What is the best rice cooker under $200?"])
def test_the_kind_s_words_ask_for_no_column_wherever_the_kind_stands(question: str) -> None:
    assert "rice cooker" in kind_names(question)
    assert asks(question, "white rice time") == 0 and asks(question, "brown rice") == 0


def test_the_kind_s_word_elsewhere_and_attribute_words_still_ask() -> None:
    assert asks("Velmo K2 vs Sorrel Lite 5: which rice cooker cooks brown rice best?", "brown rice") > 0
    assert asks("Which rice cooker has the shortest white rice time?", "white rice time") > 0
    assert asks("How much does the Arvelle PotRiz 7 cost?", "price") > 0  # an attribute after a name is no kind
    assert "family" not in " ".join(kind_names("Velmo K2 or Sorrel Lite 5 for a family of four?"))
    assert asks("Velmo K2 vs Sorrel Lite 5: which drill has the longest battery life?", "battery life") > 0


@pytest.mark.parametrize(("english", "foreign"), [
    ("Keep warm", "Warmhaltefunktion"), ("Keep-warm", "Warmhaltezeit"), ("Keep warm", "Maintien au chaud"),
    ("Keep warm time", "Warmhoudfunctie")])
def test_a_keep_warm_label_in_another_language_is_one_column(english: str, foreign: str) -> None:
    """t50s fault 11: "Keep warm: 12 h" and "Warmhaltefunktion: 12 Std. (= 12 h)" were two spec-matrix columns."""
    from services.domain_shopping.model import Spec
    from services.domain_shopping.offline import cell_attribute

    assert cell_attribute(Spec(name=foreign, value="12 Std.")) == cell_attribute(Spec(name=english, value="12 h")) \
        == "keep warm"
    assert cell_attribute(Spec(name="Warm-up time", value="8 min")) != "keep warm"
