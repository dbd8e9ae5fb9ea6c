"""A question that describes its subject by what it did ("the man who founded the Ostmere ferry line") is answered
only by a lead that states the relation asked of the one the lead names for it: a place of another thing the run
found beside the founder's name is no answer (tier low, judged at most 60, "Not established" is due); the founder's
own page answering it keeps the answer."""

from __future__ import annotations

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import (
    MEDIUM_THRESHOLD,
    NAMES_MISSING_CAP,
    bridge_subject,
    described_relations,
    report_gate,
)
from services.synthesizer.offline import synthesize
from shared.evidence import Citation, Report
from shared.report import lead_section
from tests.claim_pages import judged, page_sources, sentence_claims

TEXTS = {
    "line": "The Ostmere ferry line was founded in 1889 by the harbour pilot Aldous Fenwray-Crane, who bought two "
            "steamers from a bankrupt yard. The Ostmere ferry line carries about 90,000 passengers a year.",
    "town": "Ostmere is a port town on the Dunmoor estuary. The ponies of Ostmere are Dunmoor ponies, a native "
            "breed that copes with the estuary's wet winters. Ostmere's old quarter lies in Brackwick, beside the fish market.",
    "founder": "Aldous Fenwray-Crane was born in 1851 in Sallowby, a hamlet on the north shore of the estuary. "
               "Aldous Fenwray-Crane worked as a harbour pilot for twenty years.",
}
TITLES = {"line": "The Ostmere ferry line", "town": "Ostmere", "founder": "Aldous Fenwray-Crane"}
QUESTION = "Where was the man who founded the Ostmere ferry line born?"


def test_described_relations_reads_the_describing_verb_and_the_relation_asked() -> None:
    assert described_relations(QUESTION) == ("founded", "born")
    assert described_relations("When did the engineer that designed the Tarrow viaduct die?") == ("designed", "die")
    assert described_relations("Who founded the Ostmere ferry line?") is None  # the subject is the answer
    assert described_relations("Where was Aldous Fenwray-Crane born?") is None  # named, not described
    # "has" is no relation that describes a subject ("the film that has a score composed by ...")
    assert described_relations("Who produced the film that has a score composed by Ivo Marr?") is None


def test_bridge_subject_asks_the_relation_of_the_one_the_lead_names() -> None:
    titles = {1: "The Ostmere ferry line", 2: "Ostmere", 3: "Aldous Fenwray-Crane"}
    founded = "The Ostmere ferry line was founded in 1889 by the harbour pilot Aldous Fenwray-Crane [1]. "
    assert bridge_subject(QUESTION, founded + "Ostmere's old quarter lies in Brackwick [2].", titles) == 0.0
    assert bridge_subject(QUESTION, "Aldous Fenwray-Crane was born in 1851 in Sallowby [3]. " + founded, titles) == 1.0
    # a sentence on the founder's page names him by its title ("He was born ..." cites his page)
    assert bridge_subject(QUESTION, "He was born in 1851 in Sallowby [3]. " + founded, titles) == 1.0
    # no bridge named: nothing to hold against the lead
    assert bridge_subject(QUESTION, "Ostmere's old quarter lies in Brackwick [2].", titles) == 1.0
    assert bridge_subject("Where is the Ostmere ferry line based?", founded, titles) == 1.0


def test_without_the_founders_page_the_lead_is_held_back_and_judged_unanswered() -> None:
    claims = sentence_claims(TEXTS, "line", "town")
    sources = page_sources({k: TITLES[k] for k in ("line", "town")})
    rep = synthesize(QUESTION, claims, sources)
    gate = report_gate(QUESTION, rep, sources, claims)
    assert "Sallowby" not in rep.markdown
    assert gate.tier == "low" and gate.score <= NAMES_MISSING_CAP
    if "Fenwray-Crane" in lead_section(rep.markdown):  # the lead names the founder, and states no birthplace of his
        assert gate.signals["bridge_missing"] == 1.0 and gate.signals["not_established"] == 1.0
    j = judged(rep, QUESTION, claims, answered_probability=gate.signals["answered"])
    assert not j.answered and j.total <= UNANSWERED_MAX


def test_with_the_founders_page_the_answer_is_not_held_back() -> None:
    claims = sentence_claims(TEXTS, "line", "town", "founder")
    sources = page_sources(TITLES)
    rep = synthesize(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Sallowby" in lead
    gate = report_gate(QUESTION, rep, sources, claims)
    assert gate.signals["f_bridge_subject"] == 1.0 and "bridge_missing" not in gate.signals
    assert gate.score >= MEDIUM_THRESHOLD


def test_a_lead_stating_another_things_place_beside_the_founders_name_is_held_back() -> None:
    # the lead a run gave without the founder's page: the founding sentence (the bridge), a "native" of another thing
    # (a word of the birth relation) and a place of the town; the probability alone reads it answered
    claims = sentence_claims(TEXTS, "line", "town")
    sources = page_sources({k: TITLES[k] for k in ("line", "town")})
    by_text = {c.text.rstrip("."): c for c in claims}
    lead_claims = [by_text["The ponies of Ostmere are Dunmoor ponies, a native breed that copes with the estuary's wet winters"],
                   by_text[TEXTS["line"].split(". ")[0]],
                   by_text["Ostmere's old quarter lies in Brackwick, beside the fish market"]]
    cits = [Citation(n=n, source_id=c.source_id, claim_id=c.claim_id, start=c.spans[0].start, end=c.spans[0].end,
                     quote=c.text) for n, c in enumerate(lead_claims, start=1)]
    lead = " ".join(f"{c.text.rstrip('.')} [{n}]." for n, c in enumerate(lead_claims, start=1))
    rep = Report(markdown=f"# Q\n\n## Answer\n\n{lead}\n\n## Sources\n\n- [1] a\n- [2] b\n- [3] c\n",
                 citations=cits, used_claim_ids=[c.claim_id for c in lead_claims])
    gate = report_gate(QUESTION, rep, sources, claims)
    # no other rule holds it back: the pony sentence names Ostmere and holds a word of the birth relation
    assert gate.signals["p_answered"] >= MEDIUM_THRESHOLD
    assert "relation_missing" not in gate.signals and "names_missing" not in gate.signals
    assert gate.signals["f_bridge_subject"] == 0.0 and gate.signals["bridge_missing"] == 1.0
    assert gate.tier == "low" and gate.score <= NAMES_MISSING_CAP * gate.signals["p_answered"] + 1e-6
    assert gate.signals["not_established"] == 1.0
