"""A product name ending in a model number or designation ("Ostrelle K4", "Ostrelle Grind 2") is a whole model's
name: any capitalised word after it ("Tandem", "Duo", "Max", "Compact") names another model, not only the variant
marks of shared.text.terms.VARIANT_MARKS (trial t72s q02/q24/q26: "How heavy is the <Brand> <Line> 2?" was led at
high by the "<Brand> <Line> 2 <Word>" look-alike's table row "Specification Weight: <brand> <Line> 2 <Word> 5.9
kg"). shared.text.terms (model_designation, another_variant, names_other_model) and the synthesizer's lead; the
shopping domain's models of one line. Invented coffee grinders."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.terms import another_variant, model_designation, names_other_model
from tests.claim_pages import listed_claims, recorded_report


def test_a_model_designation_is_a_short_token_with_a_digit_or_a_roman_numeral() -> None:
    assert model_designation("2")
    assert model_designation("k4")
    assert model_designation("iv")
    assert not model_designation("2026")  # a year or a figure
    assert not model_designation("grind")


def test_any_word_after_a_model_number_names_another_model() -> None:
    assert another_variant(["ostrelle", "k4"], ["ostrelle", "k4", "tandem"])
    assert another_variant(["ostrelle", "grind", "2"], ["ostrelle", "grind", "2", "compact"])
    assert not another_variant(["ostrelle", "grind"], ["ostrelle", "grind", "tandem"])  # no model number: a word may run on
    assert not another_variant(["ostrelle", "k4"], ["ostrelle", "k4", "the"])


def test_a_text_naming_only_the_longer_model_speaks_of_another_model() -> None:
    name = ["ostrelle", "k4"]
    assert names_other_model(name, "The Ostrelle K4 Tandem weighs 4.9 kg.")
    assert names_other_model(name, "Specification Weight: ostrelle K4 Tandem 4.9 kg")  # a table row
    assert not names_other_model(name, "The Ostrelle K4 weighs 1.8 kg.")
    assert not names_other_model(name, "The Ostrelle K4 Tandem is heavier than the Ostrelle K4.")  # both
    assert not names_other_model(name, "Ostrelle K4 Grinder: 1.8 kg", own=frozenset({"grinder"}))  # the asked kind
    assert not names_other_model(["ostrelle", "grind"], "The Ostrelle Grind Tandem weighs 4.9 kg.")


PAGES = {
    "r": ("Ostrelle K4 review: a small burr grinder",
          ["The Ostrelle K4 has 12 grind settings and a 150 W motor.", "It weighs 1.8 kg."]),
    "m": ("Ostrelle K4 Tandem - twin-hopper grinder",
          ["Specification Weight: ostrelle K4 Tandem 4.9 kg", "Specification Motor power: ostrelle K4 Tandem 400 W"]),
    "f": ("Forum: Ostrelle K4 motor power?", ["I checked, the Ostrelle K4 Tandem motor is 400 W."]),
}


def test_the_longer_models_table_row_never_leads_for_the_asked_model() -> None:
    claims, sources = listed_claims(PAGES)
    for q, wrong in (("How heavy is the Ostrelle K4 coffee grinder?", "4.9"),
                     ("What is the motor power of the Ostrelle K4 coffee grinder?", "400")):
        rep, _gate, _answered, _total = recorded_report(q, claims, sources)
        lead = lead_section(rep.markdown)
        assert wrong not in lead and "Tandem" not in lead, (q, lead)

