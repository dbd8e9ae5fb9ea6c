"""A labelled value the claim extractor names ("Opening hours: 8:00 to 18:00." under the hut's heading becomes
"The Orlen Hut's opening hours: 8:00 to 18:00.") is verified against the sentence it came from: the label stands for
its owner as a pronoun would (``shared.text.entailment._label_owner``). Before, the owner's name was nowhere in the
labelled sentence, so the claim stayed unverified with no evidence span (trial t36 fault 12). Pages made up here."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.verifier.offline import verify
from shared.evidence import EvidenceCandidate
from shared.text.entailment import entailment, unsupported_names
from shared.text.tokens import split_sentences

PAGE = ("# Orlen Hut\n\nThe Orlen Hut stands below the Grauspitz pass and sleeps 40 guests in summer.\n\n"
        "Overnight stays: the hut recorded 5,100 stays in 2018, 3,900 stays in 2020 and 6,300 stays in 2023.\n\n"
        "Meals are served from 18:00.")


def _sentences(text: str) -> list[EvidenceCandidate]:
    """The page's sentences as the verifier's evidence pool holds them (one candidate a sentence)."""
    return [EvidenceCandidate(source_id="s1", domain="orlen.example", start=s.start, end=s.end, text=s.text,
                              retrieval_score=1.0)
            for s in split_sentences(text)]


def test_a_named_labelled_value_is_supported_by_its_own_sentence() -> None:
    claims = extract_claims(PAGE, title="Orlen Hut")
    labelled = [c for c in claims if "overnight stays:" in c.text.lower()]
    assert labelled and labelled[0].text.startswith("The Orlen Hut's overnight stays:"), [c.text for c in claims]
    result = verify(labelled[0].text, _sentences(PAGE), seed_key="orlen", own_source="s1")
    assert result.verdict == "supported", result
    assert [s.text for s in result.spans][:1] == [PAGE[labelled[0].start:labelled[0].end]]


def test_the_label_stands_for_its_owner_only_with_the_same_label_and_value() -> None:
    sentence = "Opening hours: 8:00 to 18:00."
    assert entailment("The Orlen Hut's opening hours: 8:00 to 18:00.", sentence).label == "supported"
    assert not unsupported_names("The Orlen Hut's opening hours: 8:00 to 18:00.", [sentence])
    # another label, another value, or no owner named before the label: no support
    assert entailment("The Orlen Hut's closing hours: 8:00 to 18:00.", sentence).label == "neutral"
    assert entailment("The Orlen Hut's opening hours: 9:00 to 17:00.", sentence).label == "neutral"
    assert entailment("The Orlen Hut opens at 8:00 and closes at 18:00.", sentence).label == "neutral"
    # a labelled sentence naming its owner itself is judged as any sentence (the owner must be held)
    assert entailment("The Orlen Hut's opening hours: 8:00 to 18:00.",
                      "The Varn Hut's opening hours: 8:00 to 18:00.").label == "neutral"
