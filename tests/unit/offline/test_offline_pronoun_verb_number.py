"""A pronoun-led source sentence whose verb is followed by a number ("Il mesurait 38,5 mètres", "It measured 45
metres") stands for the claim's subject the claim extractor put in the pronoun's place: the two words after the
pronoun that the claim must hold after its subject are read with numbers among them, as the sentence writes them
(a decimal comma too), not letter words only, which skipped the number and never matched the claim (trial t63w
fault 6: a French page's length claim stayed "unverified" by its own sentence, so it corroborated nothing)
(``shared.text.entailment._leading_excused``, ``_lead_stand_in``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.segments import segment
from shared.text.entailment import entailment

TITLE = "Le phare de Kermarven, gloire de Port-Ilvec"
PAGE = (TITLE + "\n\nLe phare de Kermarven a été construit par les Ateliers Roussac à Port-Ilvec.\n\nIl mesurait "
        "38,5 mètres de haut et pesait 1 240 tonnes.\n\nLe phare a été éteint en 1961.")


def test_a_french_claim_is_supported_by_its_own_pronoun_sentence() -> None:
    claims = extract_claims(PAGE, title=TITLE)
    claim = next(c for c in claims if "38,5" in c.text)
    assert claim.text == ("Le phare de Kermarven, gloire de Port-Ilvec mesurait 38,5 mètres de haut et pesait "
                          "1 240 tonnes.")
    cands = [EvidenceCandidate(source_id="s1", domain="phares.example", start=s, end=e, text=PAGE[s:e],
                               retrieval_score=1.0) for s, e in segment(PAGE).sentences]
    result = verify(claim.text, cands, seed_key="kermarven", own_source="s1")
    assert result.verdict == "supported"
    assert result.corroborating_domains == ["phares.example"]
    assert result.spans[0].text == "Il mesurait 38,5 mètres de haut et pesait 1 240 tonnes."


def test_an_english_pronoun_sentence_with_a_number_after_its_verb() -> None:
    assert entailment("The old grain tower on Marl Quay measured 45 metres.", "It measured 45 metres.").label \
        == "supported"
    assert entailment("The Kestrel Hall housed 1,200 books in 1901.", "It housed 1,200 books in 1901.").label \
        == "supported"


def test_another_number_after_the_verb_is_still_not_supported() -> None:
    assert entailment("The old grain tower on Marl Quay measured 54 metres.", "It measured 45 metres.").label \
        == "neutral"
    assert entailment("Le phare de Kermarven, gloire de Port-Ilvec mesurait 35,5 mètres.",
                      "Il mesurait 38,5 mètres.").label == "neutral"
