"""Issue 9 (re-check g52 faults G6 and G2): "Who designed the Kestrelmoor Funicular?" went from right to "Not
established" once the page's infobox rows became claims (5511d9b): the sentence "The design of the line was the work of
the engineer Konrad Weyl" holds the act asked only as the noun "design", which the design relation did not list, so it
ranked 13th of the claims, out of the synthesizer's twelve, below a look-alike's "designed by" sentence. The noun of
the act holds the question's "designed" (shared.text.relations.RELATIONS["design"]). Invented names (the Varrow lines)."""

from __future__ import annotations

from uuid import uuid4

from services.synthesizer.offline import rank_claims, synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.text.relations import with_relations
from shared.text.tokens import tokenize

ACT = "The design of the line was the work of the engineer Maren Tollis, who had built tramways before."
LOOK = ("The Old Varrow Incline is a different and older line: a freight incline built in 1871 for the quarries, "
        "designed by Osric Pell, 540 m long, and closed in 1929.")
ROWS = [f"The Varrow Cliff Railway: {label}." for label in (
    "length 1,140 m", "height difference 312 m", "maximum gradient 46 %", "gauge 1,000 mm", "cars 2",
    "journey time about 6 minutes")]
TEXTS = ["The Varrow Cliff Railway is a cable-hauled funicular that links the harbour with the upper town.",
         "The Varrow Cliff Railway opened on 3 May 1908.", *ROWS, LOOK,
         "The Varrow Cliff Railway Company was founded in 1905 by the hotelier Ada Brenn.",
         "In 1954 the line was converted to electric haulage.", "Tickets are sold at both stations.",
         "The upper station has a café.", ACT]
QUESTION = "Who designed the Varrow Cliff Railway?"
SOURCES = {"enc": SourceInfo(source_id="enc", title="Varrow Cliff Railway", url_or_path="https://enc.example/",
                             domain="enc.example")}


def _claim(text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id="enc", domain="enc.example", start=0, end=len(text), text=text,
                             retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"c-{uuid4()}", source_id="enc", text=text, verdict="supported", stability=0.6,
                         spans=[span])


def test_the_noun_of_the_act_holds_the_questions_verb() -> None:
    assert "designed" in with_relations(set(tokenize(ACT)), tokenize(QUESTION), ACT, True)
    assert "designed" not in with_relations(set(tokenize("The line opened in 1908.")), tokenize(QUESTION),
                                            "The line opened in 1908.", True)


def test_the_act_sentence_ranks_among_the_first() -> None:
    claims = [_claim(t) for t in TEXTS]
    ranked = [claims[i].text for i, _ in rank_claims(QUESTION, claims, SOURCES)]
    assert ranked.index(ACT) < 3, ranked[:5]
    # the report now holds it (the lead may still open with the look-alike's "designed by" sentence on a page that
    # names both: left open, re-check g52 G2)
    assert "Maren Tollis" in synthesize(QUESTION, claims, SOURCES).markdown
