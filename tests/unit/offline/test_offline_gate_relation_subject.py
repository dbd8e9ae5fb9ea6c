"""The gate and the judge count a report unanswered when the lead states the relation asked about another subject
than the question's, or a comparison without each option's figure or the attribute said of an option; relation words
match through their synonyms ("birthplace" / "born"). Made-up questions and pages."""

from __future__ import annotations

import re

import pytest

from services.judge.offline import UNANSWERED_MAX, judge
from services.synthesizer.confidence import (
    chain_features,
    options_held,
    relation_features,
    relation_missing,
    report_gate,
)
from services.synthesizer.offline import synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim

FREE_PORT = "In what Orlen district are trade laws different from the rest of the country?"


def test_the_relation_stated_of_another_subject_is_no_answer() -> None:
    lead = ("A free port is an area in which trade laws are different from the rest of the country [1]. "
            "Havnby is a district in the south of Orlen [2].")
    titles = {1: "Free port", 2: "Havnby"}
    features = {**chain_features(FREE_PORT, lead, titles), **relation_features(FREE_PORT, lead)}
    assert features["relation_names"] == 0.0 and relation_missing(FREE_PORT, features)
    answered = "Havnby, a district of Orlen, is a free port where trade laws are different from the rest [1]."
    features = {**chain_features(FREE_PORT, answered, {1: "Havnby"}), **relation_features(FREE_PORT, answered)}
    assert features["relation_names"] == 1.0 and not relation_missing(FREE_PORT, features)


def test_relation_words_match_through_their_synonyms() -> None:
    question = "Who established the Orlen Seed Library?"
    lead = "The Orlen Seed Library was founded by Ada Marsh in 1998 [1]."
    assert relation_features(question, lead)["relation"] == 1.0
    assert chain_features(question, lead, {1: "Orlen Seed Library"})["relation_names"] == 1.0
    other = "The Orlen Seed Library was visited by Ada Marsh in 1998 [1]."
    assert relation_features(question, other)["relation"] == 0.0


def test_a_comparison_by_value_needs_each_options_figure() -> None:
    question = "Who was born first, Ona Vell or Per Aalund?"
    stated = "Ona Vell (born 4 May 1950) is a Danish painter [1]. Per Aalund (born 1960) is a sailor [2]."
    assert options_held(question, stated, {1: "Ona Vell", 2: "Per Aalund"}) == 1.0
    # a novel's year and another man whose name runs on past the option's
    other = ("The Tide House is a 1997 novel by Ona Vell [1]. Per Aalund Williams (born 1929) was a diplomat of "
             "Skerra [2].")
    assert options_held(question, other, {1: "The Tide House", 2: "Per Aalund Williams"}) == 0.0
    assert relation_missing(question, {"options_held": 0.0})


def test_a_comparison_by_attribute_needs_it_said_of_an_option() -> None:
    question = "Which dog is a giant breed, the Leonberger or the Basset Hound?"
    listed = "Bulldog: Other hound breeds include the Greek Hound and the Basset Hound [1]."
    assert options_held(question, listed, {1: "Bulldog"}) == 0.0
    said = "The Leonberger is a giant dog breed from Germany [1]."
    assert options_held(question, said, {1: "Leonberger"}) == 1.0
    assert options_held("Who painted the Tide House?", listed, {}) == 1.0  # no comparison


def _claim(sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain=f"{sid}.example", start=0, end=len(text), text=text,
                             retrieval_score=1.0)
    return VerifiedClaim(claim_id=f"{sid}-0", source_id=sid, text=text, verdict="supported", stability=1.0,
                         spans=[span])


@pytest.mark.parametrize(("question", "pages"), [
    # a birth year of neither person: the novel's year and the name's other bearer
    ("Who was born first, Ona Vell or Per Aalund?",
     {"The Tide House": "The Tide House is a 1997 novel by Ona Vell.",
      "Per Aalund Williams": "Per Aalund Williams (born 1929) was a diplomat of Skerra."}),
    # a seat count is no age (trial t38 fault 1)
    ("Which is older, the Orvell Playhouse or the Puppenbühne Almrast?",
     {"Orvell Playhouse": "The hall of the Orvell Playhouse seats 240 spectators on a wooden floor.",
      "Puppenbühne Almrast": "Die Puppenbühne Almrast wurde im Jahr 1859 von dem Schnitzer Jon Halt gegründet."}),
])
def test_an_unanswered_comparison_is_judged_at_most_60(question: str, pages: dict[str, str]) -> None:
    sources = {sid: SourceInfo(source_id=sid, title=title, url_or_path=f"/{sid}", domain=f"{sid}.example")
               for sid, title in zip("ab", pages)}
    claims = [_claim(sid, text) for sid, text in zip("ab", pages.values())]
    report = synthesize(question, claims, sources)
    gate = report_gate(question, report, sources, claims)
    assert gate.signals.get("relation_missing") == 1.0 and gate.tier == "low"
    verdict = judge(report.markdown, question=question, claims_total=2, claims_supported=2,
                    citations=list(report.citations), sub_queries=[],
                    answered_probability=gate.signals["answered"], relation_missing=True)
    assert not verdict.answered and verdict.total <= UNANSWERED_MAX
    assert re.search(r"\[\d\]", report.markdown)


def test_the_gate_decides_whether_not_established_is_due_and_a_domains_lead_is_an_answer() -> None:
    from services.synthesizer.handlers import note_unanswered
    from shared.report import NOT_ESTABLISHED, lead_section

    question = "Who was born first, Ona Vell or Per Aalund?"
    sources = {"a": SourceInfo(source_id="a", title="The Tide House", url_or_path="/a", domain="a.example")}
    claims = [_claim("a", "The Tide House is a 1997 novel by Ona Vell.")]
    report = synthesize(question, claims, sources)
    general = report_gate(question, report, sources, claims)
    assert general.signals.get("not_established") == 1.0 and "domain_lead" not in general.signals
    assert lead_section(note_unanswered(report, question, general, "en").markdown).startswith(NOT_ESTABLISHED)
    led = report_gate(question, report, sources, claims, domain_lead=True)
    assert led.signals.get("domain_lead") == 1.0 and "not_established" not in led.signals
    assert led.score == general.score  # the probability is the same; only the note is not due
    assert note_unanswered(report, question, led, "en").markdown == report.markdown


def test_the_sentence_stating_a_decided_choice_holds_both_options() -> None:
    question = "Which sailor went to sea at a later date, Ona Vell or Per Aalund?"
    lead = "Later: Per Aalund, 10 December 2006 [1]; Ona Vell, 13 February 1937 [2]. Per Aalund is a sailor [1]."
    assert options_held(question, lead, {1: "Per Aalund", 2: "Ona Vell"}) == 1.0


def test_a_name_of_several_words_must_stand_together_in_the_chain_of_the_relation() -> None:
    # the relation ("designed") is stated of a bridge; the observatory's words are only scattered over a sentence about
    # the town, whose page title ("Halvik", part of the question's name) chains nothing
    question = "Who designed Halvik Observatory?"
    lead = ("Pann was director of Halvik Observatory from 1990 to 2012 [1]. Halvik is known for its harbour, its "
            "observatory and the Corvin Bridge [2]. The Corvin Bridge was designed by the engineer Elsa Tormund [3].")
    features = {**chain_features(question, lead, {1: "Ivo Pann", 2: "Halvik", 3: "Corvin Bridge"}),
                **relation_features(question, lead)}
    assert features["relation_names"] == 0.0 and relation_missing(question, features)
    answered = "Halvik Observatory was designed by the architect Lise Brant and opened in 1902 [1]."
    assert chain_features(question, answered, {1: "Halvik Observatory"})["relation_names"] == 1.0
    # another bridge than the one asked about: its figure is no answer
    arches = ("Corvin Bridge: Seven arches span the gorge of the Sel river [1]. Tormund studied at the Royal Technical "
              "Institute of Oslen [2].")
    assert chain_features("How many arches does the Oslen Bridge have?", arches,
                          {1: "Corvin Bridge", 2: "Elsa Tormund"})["relation_names"] == 0.0


def test_a_middle_name_or_a_life_span_does_not_lose_the_subject() -> None:
    # a middle initial between the question's words of a name; a life span states the birth without "born"
    question = "Which college did Gabriela Lemus attend?"
    lead = "Gabriela D. Lemus attended Orlen College, where she studied law [1]."
    assert chain_features(question, lead, {1: "Gabriela Lemus"})["relation_names"] == 1.0
    born = "Politician Lyman Sherwood was born in what Orlen county?"
    lead = ("Lyman Sherwood (August 5, 1802 Hoosick, Renner County, Orlen – September 2, 1865) was a lawyer [1]. "
            "Lyman Post was born in 1863 in Staten Island [2].")
    features = chain_features(born, lead, {1: "Lyman Sherwood", 2: "Lyman Post"})
    assert features["relation_names"] == 1.0


def test_a_longer_name_opening_with_the_questions_name_is_another_thing() -> None:
    # the town's football club is not the town: its founding year is no answer to when the town was founded
    question = "When was Vellby founded?"
    club = chain_features(question, "Vellby FC: The club was founded in 1921 and plays at Harbour Park [1].",
                          {1: "Vellby FC"})
    assert club["chain_names"] == 0.0 and club["relation_names"] == 0.0
    town = chain_features(question, "Vellby: The town was founded in 1642 by herring merchants [1].", {1: "Vellby"})
    assert town["chain_names"] == 1.0 and town["relation_names"] == 1.0
    # a company suffix keeps the name the same thing
    firm = chain_features("When was Orlen Steel founded?", "Orlen Steel Inc. was founded in 1931 [1].",
                          {1: "Orlen Steel Inc."})
    assert firm["relation_names"] == 1.0


def test_a_choice_by_age_needs_each_options_date_not_a_count() -> None:
    question = "Which is older, the Orvell Playhouse or the Puppenbühne Almrast?"
    counted = ("The hall of the Orvell Playhouse seats 240 spectators on a wooden floor [1]. Die Puppenbühne Almrast "
               "wurde im Jahr 1859 gegründet [2].")
    assert options_held(question, counted, {1: "Orvell Playhouse", 2: "Puppenbühne Almrast"}) == 0.0
    assert relation_missing(question, {"options_held": 0.0})
    dated = "The Puppenbühne Almrast is older: 1859 [2]; Orvell Playhouse: 1874 [1]."
    assert options_held(question, dated, {1: "Orvell Playhouse", 2: "Puppenbühne Almrast"}) == 1.0
    one_by_one = ("The Orvell Playhouse was founded in 1874 [1]. Die Puppenbühne Almrast wurde im Jahr 1859 "
                  "gegründet [2].")
    assert options_held(question, one_by_one, {1: "Orvell Playhouse", 2: "Puppenbühne Almrast"}) == 1.0
    # a choice by size still takes a count
    assert options_held("Which is larger, the Orvell Playhouse or the Puppenbühne Almrast?", counted,
                        {1: "Orvell Playhouse", 2: "Puppenbühne Almrast"}) == 1.0
