"""The confidence gate and the judge ask whether the lead answers about what the question asks about: a figure
stated for another town is no answer (tier low, judged at most 60); a one-fact question answered whole by one
sentence is not penalised for citing one page."""

from __future__ import annotations

from services.judge.offline import UNANSWERED_MAX, judge
from services.synthesizer.confidence import (
    CHAIN_NAMES_MIN,
    MEDIUM_THRESHOLD,
    NAMES_MISSING_CAP,
    Gate,
    chain_features,
    report_gate,
)
from services.synthesizer.offline import synthesize
from shared.evidence import Report, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import page_sources, sentence_claims

TOWNS = ("The population of Halvik was 12,400 at the 2020 census. Halvik is a market town on the river Vell. "
         "Ostmere is a fishing village north of Halvik. Ostmere had 830 inhabitants in 2019.")
BRASK = "Brask is a hamlet at the head of the valley, known for its stone bridge. The bridge at Brask was rebuilt in 1902 after a flood."
TEXTS = {"towns": TOWNS, "brask": BRASK}
SOURCES = page_sources({"towns": "Towns of the northern valley", "brask": "Brask"}, url="/corpus/{sid}.md")


def small_claims(*sids: str) -> list[VerifiedClaim]:
    """One supported claim per sentence of each source, its span the sentence."""
    return sentence_claims(TEXTS, *sids)


def judged(question: str, rep: Report, gate: Gate, claims: list[VerifiedClaim]) -> tuple[bool, int]:
    """The offline judge as its handler calls it: with the gate's ``answered`` signal and ``names_missing``."""
    j = judge(rep.markdown, question=question, claims_total=len(rep.used_claim_ids),
              claims_supported=len(rep.used_claim_ids), citations=rep.citations, sub_queries=[],
              supported_claim_ids={c.claim_id for c in claims}, answered_probability=gate.signals["answered"],
              names_missing=bool(gate.signals.get("names_missing")))
    return j.answered, j.total


def test_a_figure_for_another_town_is_no_answer_low_and_judged_at_most_60() -> None:
    question = "What is the population of Brask?"
    claims = small_claims("towns", "brask")
    rep = synthesize(question, claims, SOURCES)
    gate = report_gate(question, rep, SOURCES, claims)
    assert gate.tier == "low" and gate.score < MEDIUM_THRESHOLD
    answered, total = judged(question, rep, gate, claims)
    assert not answered and total <= UNANSWERED_MAX
    if "12,400" in lead_section(rep.markdown):  # the lead states Halvik's figure: its subject is not Brask
        assert gate.signals["f_chain_names"] < CHAIN_NAMES_MIN and gate.signals["names_missing"] == 1.0
        assert gate.score <= NAMES_MISSING_CAP


def test_a_one_fact_question_answered_whole_by_one_page_is_not_low() -> None:
    question = "What is the population of Halvik?"
    claims = small_claims("towns", "brask")
    rep = synthesize(question, claims, SOURCES)
    assert "12,400" in lead_section(rep.markdown)
    gate = report_gate(question, rep, SOURCES, claims)
    assert gate.signals["f_one_fact"] == 1.0 and gate.signals["f_hop"] == 1.0 and gate.signals["f_bridge"] == 0.0
    assert gate.signals["f_chain_names"] == 1.0 and "names_missing" not in gate.signals
    assert gate.tier != "low" and gate.score >= MEDIUM_THRESHOLD
    answered, total = judged(question, rep, gate, claims)
    assert answered and total > UNANSWERED_MAX


def test_chain_features_follow_the_answer_sentence_and_the_sentences_chained_to_it() -> None:
    titles = {1: "Towns of the northern valley", 2: "Brask"}
    lead = ("The population of Halvik was 12,400 at the 2020 census [1]. "
            "The bridge at Brask was rebuilt in 1902 after a flood [2].")
    other = chain_features("What is the population of Brask?", lead, titles)
    assert other["chain_names"] == 0.0 and other["one_fact"] == 0.0  # "in 1902" is a year, not a count
    own = chain_features("What is the population of Halvik?", lead, titles)
    assert own == {"cand_cover": 1.0, "chain_cover": 1.0, "chain_names": 1.0, "one_fact": 1.0, "relation_names": 1.0}
    # a bridge: the answer sentence is about Veep; the sentence naming the question's actress names Veep too
    bridge = chain_features(
        "Who created the series in which Sufe Bradshaw plays Sue?",
        "Sufe Bradshaw plays Sue in the HBO series Veep [1]. Veep was created by Armando Iannucci [2].",
        {1: "Sufe Bradshaw", 2: "Veep"})
    assert bridge["chain_names"] == 1.0 and bridge["chain_cover"] > bridge["cand_cover"]
    assert bridge["relation_names"] == 1.0  # "created" stated in the sentence chained to the actress's
    # the same answer sentence without the sentence that links it to the question's names
    alone = chain_features("Who created the series in which Sufe Bradshaw plays Sue?",
                           "Veep was created by Armando Iannucci [2].", {2: "Veep"})
    assert alone["chain_names"] == 0.0
    assert chain_features("What is the population of Brask?", "", {}) == {
        "cand_cover": 0.0, "chain_cover": 0.0, "chain_names": 0.0, "one_fact": 0.0, "relation_names": 0.0}
