"""A lead opened in the question's language (not English) is not padded by a sentence in another language: trial
t28 Q6 answered "Wer hat das Bienenmuseum in Tofthamn entworfen?" with the German architect sentence, then "Varnö's
main town is Kvarnvik; the other villages are Tofthamn ..."; it may stay among the findings (``services.synthesizer.offline.same_language_lead``).
Pages made up here."""

from __future__ import annotations

from services.synthesizer.offline import same_language_lead, synthesize
from shared.report import lead_section
from tests.claim_pages import listed_claims

PAGES = {
    "halle": ("Fischhalle", [
        "Die Fischhalle in Brunnvik auf der Insel Skarholm wurde im Jahr 1958 eröffnet.",
        "Das Gebäude mit dem gewölbten Kupferdach wurde von dem Architekten Jorund Valstad entworfen.",
        "Die Halle ist heute ein Markt für Fisch und Gemüse."]),
    "island": ("Skarholm", [
        "Skarholm's main town is Ostervik; the other villages are Brunnvik, Lillsand and Mora.",
        "Skarholm is an island of about 4,100 inhabitants in the outer skerries."]),
}


def test_a_german_lead_keeps_to_german() -> None:
    claims, sources = listed_claims(PAGES)
    # the English page's list of villages names Brunnvik, which the architect's sentence does not
    rep = synthesize("Wer hat das Gebäude der Fischhalle in Brunnvik entworfen?", claims, sources, language="de")
    lead = lead_section(rep.markdown)
    assert "Jorund Valstad" in lead, lead
    assert "main town" not in lead and "inhabitants" not in lead, lead


def test_same_language_lead_drops_only_other_languages_after_a_first_in_the_questions() -> None:
    texts = ["Das Gebäude wurde von dem Architekten Jorund Valstad entworfen.",
             "Skarholm's main town is Ostervik; the other villages are Brunnvik, Lillsand and Mora.",
             "Die Halle ist heute ein Markt für Fisch und Gemüse."]
    assert same_language_lead("Wer hat die Fischhalle in Brunnvik entworfen?", texts, [0, 1, 2]) == [0, 2]
    # an English question, or a German one answered from English pages first, keeps its lead
    assert same_language_lead("Who designed the fish hall in Brunnvik?", texts, [0, 1, 2]) == [0, 1, 2]
    assert same_language_lead("Wer hat die Fischhalle in Brunnvik entworfen?", texts, [1, 0]) == [1, 0]
