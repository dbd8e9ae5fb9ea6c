"""Trial t53 fault 6 (the pages here are invented): a why question asks for a cause. answer_type gives "why", a
sentence answers it with a clause giving a cause ("because the terraces had subsided"), a restatement of the event
("X closed on 12 October 1977") is none, and the extractor's per-page cap keeps a causal sentence though it names
neither the thing nor the year (``shared.text.answer``, ``services.synthesizer``, ``services.claim_extractor``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.answer import answer_candidates, answer_type, asked_for, cause_clauses
from tests.claim_pages import local_claim, local_source

QUESTION = "Why did Harlund Amphitheatre close in 1977?"
CAUSE = ("The town board closed it because the seating terraces had subsided and it could no longer pay for the "
         "repairs, which were put at 2.4 million crowns.")


def test_why_asks_for_a_cause() -> None:
    assert answer_type(QUESTION) == "why"
    assert answer_type("What was the reason for the closure of Harlund Amphitheatre?") == "why"
    assert answer_type("For what reason was the Corvel ferry stopped?") == "why"
    assert answer_type("What was the population of Corvel in 1977?") == "how_many"
    assert asked_for(QUESTION) == "the reason asked for"
    assert cause_clauses(CAUSE) == ["because the seating terraces had subsided and it could no longer pay for the "
                                    "repairs, which were put at 2.4 million crowns"]
    assert cause_clauses("The mill closed in 1958 after the boiler failed.") == ["after the boiler failed"]
    assert cause_clauses("Since the 1990s it has been run by a trust.") == []
    assert answer_candidates("The Harlund Amphitheatre closed on 12 October 1977.", "why", QUESTION) == []


PAGE = {"e": local_source("e", "Harlund Amphitheatre")}
CLAIMS = [
    local_claim("e1", "e", "Harlund Amphitheatre is a stone theatre on the hill above Corvel."),
    local_claim("e2", "e", "The Harlund Amphitheatre opened on 3 August 1911."),
    local_claim("e3", "e", "The Harlund Amphitheatre closed on 12 October 1977."),
    local_claim("e4", "e", CAUSE),
    local_claim("e5", "e", "A campaign by local actors led to the founding of the Harlund Stage Society in 1996."),
]


def test_a_cause_leads_and_a_restatement_is_no_answer() -> None:
    rep = synthesize(QUESTION, CLAIMS, PAGE)
    lead = rep.markdown.split("## Answer", 1)[1].split("\n\n")[1]
    assert lead == CAUSE[:-1] + " [1].", rep.markdown
    without = [c for c in CLAIMS if c.claim_id != "e4"]
    rep = synthesize(QUESTION, without, PAGE)
    gate = report_gate(QUESTION, rep, PAGE, without)
    assert gate.tier == "low" and gate.signals["answer"] == 0.0, (rep.markdown, gate.signals)


def test_the_cap_keeps_a_causal_sentence_for_a_why_question() -> None:
    filler = " ".join(f"The Harlund Amphitheatre hosted festival number {k} in {1911 + k}." for k in range(1, 9))
    text = ("Harlund Amphitheatre\n\nThe Harlund Amphitheatre closed on 12 October 1977. " + filler + " " + CAUSE
            + "\n")
    kept = [c.text for c in extract_claims(text, title="Harlund Amphitheatre", max_claims=4, focus=QUESTION)]
    assert CAUSE in kept, kept
    # (under another question the cause counts by the words it shares: "closed it" states the closing a "When did
    # it close?" asks, so a question of another event is the one it shares nothing with)
    kept = [c.text for c in extract_claims(text, title="Harlund Amphitheatre", max_claims=4,
                                           focus="When was Harlund Amphitheatre built?")]
    assert CAUSE not in kept
