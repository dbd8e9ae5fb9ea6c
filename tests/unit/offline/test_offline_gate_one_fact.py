"""A one-fact question of any type ("who", "where", "when" asked as "in what year") answered whole by one page of a
small corpus is not held back as if its second hop had failed: the sentence gives the question's names and its
relation, the page the rest of what the question says, so the gate's tier is not low and the judge counts it
answered; a sentence that names the subject of a passive "was assassinated" without its agent is no answer to
"who assassinated", and a what-question still needs the words that describe the thing asked."""

from __future__ import annotations

import pytest

from services.judge.offline import UNANSWERED_MAX
from services.synthesizer.confidence import MEDIUM_THRESHOLD, chain_features, question_names, report_gate
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from tests.claim_pages import judged, page_set

PAGES = {
    "quay": (
        "Orrin Quay",
        "Orrin Quay is a stone harbour wall at Fenwick. The quay was built by the mason Idris Tolland in 1821. "
        "It is 140 metres long.",
    ),
    "tolland": (
        "Idris Tolland",
        "Idris Tolland (1788-1850) was a mason and surveyor. Tolland was born in Hawick Moor, a village on "
        "the Fenwick coast. He also rebuilt the lighthouse at Fenwick.",
    ),
    "fair": (
        "Fenwick Herring Fair",
        "The Fenwick Herring Fair was first held in 1894. It takes place each August on Orrin Quay.",
    ),
    "town": (
        "Fenwick",
        "Fenwick is a fishing town. The Fenwick Herring Fair and Orrin Quay draw visitors to the town. "
        "Idris Tolland's quay shelters the fleet.",
    ),
    "mayor": (
        "Mayor Lisle",
        "Mayor Anselm Lisle of Fenwick was shot in 1902 outside the town hall. He survived the attack.",
    ),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES, url="/corpus/{sid}.md")


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Who built Orrin Quay?", "Idris Tolland"),
        ("Where was the surveyor Idris Tolland born?", "Hawick Moor"),
        ("In what year was the Fenwick Herring Fair held for the first time?", "1894"),
    ],
)
def test_a_one_fact_answer_of_one_page_is_not_low_and_is_judged_answered(question: str, answer: str) -> None:
    rep = synthesize(question, CLAIMS, SOURCES)
    assert answer in lead_section(rep.markdown)
    gate = report_gate(question, rep, SOURCES, CLAIMS)
    assert gate.signals["f_one_fact"] == 1.0 and gate.signals["f_hop"] == 1.0
    assert gate.tier != "low" and gate.score >= MEDIUM_THRESHOLD
    j = judged(rep, question, CLAIMS, answered_probability=gate.signals["answered"],
               names_missing=bool(gate.signals.get("names_missing")),
               relation_missing=bool(gate.signals.get("relation_missing")))
    assert j.answered and j.total > UNANSWERED_MAX and "the lead answers the" in j.rationale
    assert answer in j.rationale  # the judge says what it saw: the answer the lead states
    # the same lead, had the gate's probability been low, is capped; the rationale still says what the lead states
    low = judged(rep, question, CLAIMS, answered_probability=0.4)
    assert not low.answered and low.total <= UNANSWERED_MAX
    assert answer in low.rationale and "not counted answered" in low.rationale and "0.40 < 0.6" in low.rationale
    assert "does not answer" not in low.rationale


def test_one_fact_needs_the_names_the_relation_and_the_agent_asked() -> None:
    titles = {1: "Orrin Quay", 2: "Idris Tolland", 3: "Mayor Lisle"}
    built = (
        "The quay was built by the mason Idris Tolland in 1821 [1]. Orrin Quay is a stone harbour wall at Fenwick [1]."
    )
    assert chain_features("Who built Orrin Quay?", built, titles)["one_fact"] == 1.0
    # the relation asked is not the sentence's: no one-fact answer
    assert chain_features("Who repaired Orrin Quay?", built, titles)["one_fact"] == 0.0
    # "was shot" names the victim, not who shot him
    shot = "Mayor Anselm Lisle of Fenwick was shot in 1902 outside the town hall [3]."
    assert chain_features("Who shot Mayor Anselm Lisle?", shot, titles)["one_fact"] == 0.0
    by = "Mayor Anselm Lisle of Fenwick was shot by Corin Vass in 1902 [3]."
    assert chain_features("Who shot Mayor Anselm Lisle?", by, titles)["one_fact"] == 1.0
    # "for the first time" is said by "first"; the year answers "what year"
    fair = "The Fenwick Herring Fair was first held in 1894 [1]."
    assert (
        chain_features(
            "In what year was the Fenwick Herring Fair held for the first time?", fair, {1: "Fenwick Herring Fair"}
        )["one_fact"]
        == 1.0
    )
    # a what-question's wh-phrase describes the answer: a sentence without it ("executive producer") is no one fact
    film = "Tidewater is a 1990 film about Fenwick, scored by Maren Holt [1]."
    assert (
        chain_features(
            "What is the name of the executive producer of the film scored by Maren Holt?", film, {1: "Tidewater"}
        )["one_fact"]
        == 0.0
    )


def test_a_question_in_german_names_its_names_not_its_capitalised_function_words_and_nouns() -> None:
    question = "Seit wann ist Fenwick eine Partnerstadt von Bad Lohrach?"
    # "eine Partnerstadt" is a common noun of the language, no name (issue 9, trial t25)
    assert question_names(question) == ("Fenwick", "Bad Lohrach")
    assert question_names("Who built the Bank of America tower?") == ("Bank of America",)  # English: kept whole
    lead = "Seit 1961 ist Fenwick Partnerstadt der hessischen Stadt Bad Lohrach [1]. Fenwick hat 4.100 Einwohner [1]."
    feats = chain_features(question, lead, {1: "Fenwick"})
    # the page names the twin town and the word for it: the answer is about what the question names, one fact
    assert feats["chain_names"] == 1.0 and feats["one_fact"] == 1.0
    other = "Fenwick hat 4.100 Einwohner und liegt an der Küste [1]."
    assert chain_features(question, other, {1: "Fenwick"})["one_fact"] == 0.0
