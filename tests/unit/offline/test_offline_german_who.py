"""A German "who" question: German capitalises every noun, so a capitalised common noun after an article ("auf der
Insel Varnö", "im Jahr 1964", "von der Architektin Sigrun Imsland") is no name and no person; the question's own
function words ("hat", "das") are no relation words; and "entworfen" / "geplant" name one relation, design (issue 9,
trial t28 fault 5: "Wer hat das Bienenmuseum in Tofthamn entworfen?" was led by the museum's opening year at high
confidence) (``shared.text.answer``, ``shared.text.relations``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.answer import answer_candidates, relation_terms
from shared.text.relations import same_relation
from tests.claim_pages import listed_claims

QUESTION = "Wer hat den Leuchtturm von Brask entworfen?"
OPENED = "Der Leuchtturm von Brask auf der Halbinsel Solvik wurde im Jahr 1911 in Betrieb genommen."
DESIGNED = "Der Turm mit der roten Laterne wurde von dem Ingenieur Aksel Rund geplant."


def test_german_common_nouns_are_no_names() -> None:
    assert answer_candidates(OPENED, "who", QUESTION) == []  # a peninsula and a year: nobody
    assert answer_candidates(DESIGNED, "who", QUESTION) == ["Aksel Rund"]
    assert answer_candidates("Die Brücke wurde von Karl Weber entworfen.", "who", QUESTION) == ["Karl Weber"]
    assert answer_candidates("Der Architekt Karl Weber plante den Bahnhof.", "who", QUESTION) == ["Karl Weber"]


def test_german_function_words_are_no_relation_and_design_is_one_relation() -> None:
    assert relation_terms(QUESTION) == ["entworfen"]
    assert same_relation("entworfen", "geplant") and same_relation("entworfen", "designed")
    assert not same_relation("geplant", "planted")


def test_a_german_who_question_is_led_by_the_person() -> None:
    claims, sources = listed_claims({
        "turm": ("Der Leuchtturm von Brask", [OPENED, DESIGNED,
                                              "Der Leuchtturm ist heute ein kleines Museum mit 4.000 Besuchern."])})
    rep = synthesize(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Aksel Rund" in lead.split("[")[0], lead
    # the opening year alone answers no "who": never high
    only_opened, opened_sources = listed_claims({"turm": ("Der Leuchtturm von Brask", [OPENED])})
    rep = synthesize(QUESTION, only_opened, opened_sources)
    assert report_gate(QUESTION, rep, opened_sources, only_opened).tier == "low"
