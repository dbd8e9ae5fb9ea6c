"""Two-hop questions whose subject is a bridge (issue 9, new-user trial): "In what year was the birthplace of X
founded?", "Where was the composer of W born?", "Who founded the company that makes P?". The relation asked is the
question's verb, not the bridge's noun; the lead finds the bridge (X's birthplace) in one claim and the attribute
asked (its founding year) in another, states the answer first and cites both. Made-up pages and names."""

from __future__ import annotations

import re

import pytest

from services.synthesizer.confidence import relation_features, relation_missing
from shared.report import NOT_ESTABLISHED, lead_section
from shared.text.answer import inverted_verb, relation_terms
from shared.text.relations import listed_relation, with_relations
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "brenna": ("Tove Brenna", "Tove Brenna was a Norwegian weaver and textile designer. Brenna was born in Skollvik, "
               "a fishing village on the Lofoten coast. Brenna exhibited her tapestries in Oslo and Bergen. Her "
               "studio closed in 1979."),
    "skollvik": ("Skollvik", "Skollvik is a fishing village in Lofoten. Skollvik was founded in 1588 by traders "
                 "from Bergen. The village has a stone church and a small museum. About 600 people live there."),
    "aster": ("Aster Suite", "The Aster Suite is a work for strings in four movements. The Aster Suite was composed "
              "by Jonas Ekholm for the opening of the Varde concert hall. The suite was first played in Varde."),
    "ekholm": ("Jonas Ekholm", "Jonas Ekholm was a Finnish composer and organist. Ekholm was born in Pellinge, a "
               "small island town in the Gulf of Finland. Ekholm taught at the Turku music school for twenty years."),
    "varde": ("Varde", "Varde is a town in western Denmark. The town was granted its charter in 1442. Varde has a "
              "concert hall on its main square."),
    "lumetta": ("Lumetta", "The Lumetta is a tablet computer made by Fennick Devices. The Lumetta was first sold in "
                "2016 and has a ten-inch screen. A waterproof model followed in 2019."),
    "fennick": ("Fennick Devices", "Fennick Devices is an electronics firm headquartered in Tartu. The company was "
                "established in 1994 by the physicist Maret Kallas. Fennick Devices employs about 700 people and makes tablets, e-readers and scanners."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


def test_the_relation_asked_is_the_verb_after_a_bridge_subject() -> None:
    assert relation_terms("In what year was the birthplace of Tove Brenna founded?") == ["founded"]
    assert relation_terms("When was the village where Tove Brenna was born founded?") == ["founded"]
    assert relation_terms("Where was the composer of the Aster Suite born?") == ["born"]
    assert relation_terms("What city was the band that recorded Low Tide formed in?") == ["formed"]
    assert relation_terms("When did the founder of Fennick Devices die?") == ["die"]
    assert relation_terms("How many albums has the band that wrote Low Tide released?") == ["released"]
    # a verb right after the wh-word: its object, described by a relative clause, is the bridge
    assert relation_terms("Who founded the company that makes the Lumetta?") == ["founded"]
    # a verb that says nothing of the relation: the wh-word asks it all
    assert relation_terms("Where is the company that makes the Lumetta based?") == []
    # no inverted verb: a relative clause's own verb, a noun after an article, a copula's noun
    assert inverted_verb("What is the population of the town where Tove Brenna was born?") is None
    assert inverted_verb("Where is the magazine headquartered that Ona Vell writes for?") is None
    assert inverted_verb("Who was the composer of the Aster Suite?") is None
    assert inverted_verb("When did Varde become the capital?") is None
    assert relation_terms("Who was the composer of the Aster Suite?") == ["composer"]
    assert relation_terms("When was Jonas Ekholm born?") == ["born"]


def test_relation_words_are_held_in_other_words_only_as_the_lexicon_writes_them() -> None:
    assert with_relations({"brenna", "born", "skollvik"}, ["birthplace", "founded"]) == {
        "brenna", "born", "skollvik", "birthplace"}
    assert "founded" in with_relations({"company", "established"}, ["founded"])
    assert listed_relation("aired") == "release" and listed_relation("air") is None  # a noun sharing a stem
    assert with_relations({"air", "base"}, ["released", "located"]) == {"air", "base"}


def test_the_gate_reads_the_verb_not_the_bridge_noun() -> None:
    question = "Where was the composer of the Aster Suite born?"
    # the composer and a place, but nothing of where he was born: the relation asked is missing
    lead = "The Aster Suite was composed by Jonas Ekholm for the opening of the Varde concert hall [1]."
    features = relation_features(question, lead)
    assert features["relation"] == 0.0 and relation_missing(question, features)
    born = lead + " Ekholm was born in Pellinge, a small island town in the Gulf of Finland [2]."
    assert not relation_missing(question, relation_features(question, born))


@pytest.mark.parametrize(("question", "answer", "bridge"), [
    ("In what year was the birthplace of Tove Brenna founded?", "1588", "born in Skollvik"),
    ("What year was Tove Brenna's birthplace founded?", "1588", "born in Skollvik"),
    ("When was the village where Tove Brenna was born founded?", "1588", "born in Skollvik"),
    ("Where was the composer of the Aster Suite born?", "Pellinge", "composed by Jonas Ekholm"),
    ("In which town was the composer of the Aster Suite born?", "Pellinge", "composed by Jonas Ekholm"),
    ("Who founded the company that makes the Lumetta?", "Maret Kallas", "made by Fennick Devices"),
    # the bridge is the sentence naming the company, not another dated sentence of the product's page
    ("When was the company that makes the Lumetta established?", "1994", "made by Fennick Devices"),
])
def test_a_two_hop_question_leads_with_the_bridged_answer_citing_both_claims(question: str, answer: str,
                                                                             bridge: str) -> None:
    rep, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    first = re.split(r"(?<=\])\.\s+", lead, maxsplit=1)[0]
    assert answer in first, lead  # the answer first
    assert bridge in lead and len(set(re.findall(r"\[(\d+)\]", lead))) >= 2  # the bridge, both pages cited
    assert NOT_ESTABLISHED not in rep.markdown
    assert gate.tier != "low" and "relation_missing" not in gate.signals and "names_missing" not in gate.signals
    assert answered and total > 60
