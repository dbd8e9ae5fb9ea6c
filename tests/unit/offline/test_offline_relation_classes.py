"""A relation asked in other words than the page's: "set up", "started", "launched", "opened" ask what "founded" or
"established" states (one verb class; "set up" a phrasal verb of it), "span", "carry", "have" join a whole and the
parts a "how many" question counts, and a group of people ("dock workers", "a group of merchants", "the
townspeople") answers "who" (issue 9, trial t21 fault B)."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import answer_candidates, people_groups, relation_terms
from shared.text.relations import copular_uses, relation_of, relations_of, same_relation, with_relations
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, recorded_report

Pages = dict[str, tuple[str, list[str]]]


@pytest.mark.parametrize(("a", "b"), [("started", "founded"), ("launched", "established"), ("opened", "founded"),
                                      ("set up", "founded"), ("sets up", "established"), ("starts", "formed"),
                                      ("span", "carries"), ("contains", "spanned")])
def test_words_of_one_verb_class_name_one_relation(a: str, b: str) -> None:
    assert same_relation(a, b) and same_relation(b, a), (a, b)


def test_a_word_keeps_its_first_relation_and_classes_stay_apart() -> None:
    assert relation_of("started") == "start" and "founding" in relations_of("started")
    assert relation_of("launched") == "release" and relation_of("set up") == "founding"
    assert not same_relation("set", "founded")  # "set" alone is no founding ("set a record")
    assert not same_relation("running", "founded") and not same_relation("span", "born")


def test_a_phrasal_verb_is_held_by_its_relation_or_its_own_verb() -> None:
    assert {"set up", "set"} <= with_relations({"guild", "founded", "1790"}, ["set up", "set", "guild"])
    assert "set up" in with_relations({"set", "studio"}, ["set up"])
    assert "set up" not in with_relations({"guild", "moved", "1790"}, ["set up"])


@pytest.mark.parametrize(("question", "terms"), [
    ("In what year was the Orvel Glee Club set up?", ["set up"]),
    ("Who set up the Orvel Glee Club?", ["set up"]),
    ("When did the painter Ossa Lind pass away?", ["pass away"]),
    ("How many tracks does the Farrow Bridge carry?", []),
    ("How many rooms does the Halden Inn contain?", []),
])
def test_relation_terms_read_phrasal_verbs_and_skip_the_verb_of_parts(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


@pytest.mark.parametrize(("question", "terms"), [
    ("What is the latest figure for passengers on the Osk ferry?", ["passenger"]),
    ("What was the total figure for grain exports from Velder in 2019?", ["grain", "export"]),
    ("What is the amount of snowfall at the Brisk pass?", ["snowfall"]),
])
def test_a_figure_asked_for_is_named_by_what_it_counts(question: str, terms: list[str]) -> None:
    """ "figure", "amount", "total" only say that a figure is asked: the relation is what it counts."""
    assert relation_terms(question) == terms


@pytest.mark.parametrize(("a", "b"), [("look after", "maintains"), ("looks after", "manages"),
                                      ("took care", "runs"), ("carried out", "conducted"), ("torn down", "demolished"),
                                      ("pulled down", "razed")])
def test_common_phrasal_verbs_name_the_relation_of_their_plain_verb(a: str, b: str) -> None:
    assert same_relation(a, b) and same_relation(b, a), (a, b)
    assert not same_relation(a, "founded") and not same_relation("look up", b)


@pytest.mark.parametrize(("question", "terms"), [
    ("How many ferries does the Brisk Sound Company look after?", ["look after"]),
    ("Who took care of the Velmar rose garden?", ["took care"]),
    ("When was the Osk water tower torn down?", ["torn down"]),
    ("Which firm did the Halden survey work for?", ["work"]),  # a stranded "for" is no particle of a listed verb
])
def test_a_phrasal_verb_ending_the_question_keeps_its_particle(question: str, terms: list[str]) -> None:
    assert relation_terms(question) == terms


FERRIES = {"s1": ("Brisk Sound Company", ["The Brisk Sound Company was founded in 1911 in the port of Ambry.",
                                          "Today the company operates seven car ferries and one freight barge."]),
           "s2": ("Ambry", ["Ambry is a port town with a ferry museum."])}


def test_a_count_asked_by_a_phrasal_verb_is_answered_by_its_plain_verb() -> None:
    claims, sources = listed_claims(FERRIES)
    report, gate, _answered, _total = recorded_report(
        "How many car ferries does the Brisk Sound Company look after?", claims, sources)
    assert "seven car ferries" in lead_section(report.markdown), report.markdown
    assert not says_not_established(report.markdown) and gate.tier != "low", (gate.signals, report.markdown)


GLEE = {"s1": ("Ann Pell", ["Ann Pell trained under the organist Lior Hess and set up her own studio in 1850."]),
        "s2": ("Orvel Glee Club", ["The Orvel Glee Club was founded in 1871 by Tomas Rand, a printer from Orvel.",
                                   "The Orvel Glee Club sings in the town hall each winter."])}


@pytest.mark.parametrize("question", ["In what year was the Orvel Glee Club set up?",
                                      "When was the Orvel Glee Club started?",
                                      "When was the Orvel Glee Club launched?"])
def test_a_founding_in_other_words_leads_and_is_established(question: str) -> None:
    claims, sources = listed_claims(GLEE)
    report, gate, _answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("The Orvel Glee Club was founded in 1871"), report.markdown
    assert not says_not_established(report.markdown) and gate.tier != "low", (gate.signals, report.markdown)


def test_a_yes_no_in_other_words_is_decided_by_the_founding() -> None:
    claims, sources = listed_claims(GLEE)
    report, _gate, _answered, _total = recorded_report("Was the Orvel Glee Club started by Tomas Rand?", claims,
                                                       sources)
    assert lead_section(report.markdown).startswith("Yes: "), report.markdown


@pytest.mark.parametrize(("sentence", "group"), [
    ("The Tarrow Rowing Club was founded in 1888 by dock workers.", "dock workers"),
    ("The chapel was built by a group of merchants in 1702.", "a group of merchants"),
    ("The townspeople raised the new hall in 1820.", "townspeople"),
    ("Quarry workers started the band in 1911.", "quarry workers"),
    ("The fair is run by local fishermen until the autumn.", "local fishermen"),
])
def test_a_group_of_people_is_a_who_answer(sentence: str, group: str) -> None:
    assert group in people_groups(sentence)
    assert group in answer_candidates(sentence, "who", "Who founded it?")
    assert group not in answer_candidates(sentence, "where", "Where is it?")


@pytest.mark.parametrize("sentence", ["The town is bordered by rivers.", "It was visited by 3,000 tourists.",
                                      "The bridge was damaged by floods in 1902.", "The hall is lit by lanterns.",
                                      "The harbour is guarded by two towers."])
def test_things_after_by_are_no_group_of_people(sentence: str) -> None:
    assert people_groups(sentence) == []


def test_a_club_founded_by_a_group_is_answered() -> None:
    pages = {"s1": ("Tarrow Rowing Club", ["The Tarrow Rowing Club was founded in 1888 by dock workers.",
                                           "The club rows on the river Ebb."]),
             "s2": ("Tarrow", ["Tarrow is a port town on the river Ebb.",
                               "Mira Dahl has been mayor of Tarrow since 2019."])}
    claims, sources = listed_claims(pages)
    report, gate, _answered, _total = recorded_report("Who founded the Tarrow Rowing Club?", claims, sources)
    lead = lead_section(report.markdown)
    assert "dock workers" in lead.split(".")[0] and not says_not_established(report.markdown), report.markdown
    assert gate.tier != "low", gate.signals


def test_a_sentence_holding_only_the_wh_phrase_words_does_not_pad_the_lead() -> None:
    """"Ten years earlier, at the 2009 census, ..." on the page of a town the answer names holds "year" of "in what
    year" and nothing else the question asks: it is no further lead sentence."""
    pages = {"s1": ("Orvel Glee Club", ["The Orvel Glee Club was founded in 1871 by Tomas Rand, a printer from Skarth.",
                                        "The Orvel Glee Club sings in the town hall each winter."]),
             "s2": ("Skarth", ["Skarth is a port town on the river Ebb.",
                               "Ten years earlier, at the 2009 census, it had 7,910 inhabitants."])}
    claims, sources = listed_claims(pages)
    for question in ("In what year was the Orvel Glee Club founded?", "In what year was the Orvel Glee Club set up?"):
        report, _gate, _answered, _total = recorded_report(question, claims, sources)
        lead = lead_section(report.markdown)
        assert lead.startswith("The Orvel Glee Club was founded in 1871") and "census" not in lead, report.markdown


@pytest.mark.parametrize(("a", "b"), [("made", "built"), ("make", "constructed"), ("maker", "builder"),
                                      ("installed", "built"), ("makes", "erected")])
def test_making_and_installing_name_the_construction(a: str, b: str) -> None:
    assert same_relation(a, b)


@pytest.mark.parametrize(("sentence", "copular"), [
    ("The Orne fountain no longer plays; it was made silent in 1950.", {"made"}),
    ("Edda Vane was made president of the guild in 1881.", {"made"}),
    ("The flood of 1910 made it famous.", {"made"}),
    ("The fountain was made in 1850 by Ilse Varn.", set()),
    ("The bell was made locally.", set()),
    ("The table is made up of oak boards.", set()),
    # a copula and a making in one text: the making still names it
    ("It was made silent in 1950; it was made in 1850.", set()),
])
def test_make_as_a_copula_names_no_making(sentence: str, copular: set[str]) -> None:
    assert copular_uses(sentence) == copular
    held = "made" in with_relations(set(tokenize(sentence)), ["made"], sentence)
    assert held == (not copular)


ORNE = {"o1": ("The Orne fountain", [
    "The Orne fountain was built in 1850 by the mason Ilse Varn.",
    "The Orne fountain no longer plays; it was made silent when the square was paved."]),
        "o2": ("Tarn market cross", ["The Tarn market cross was first installed in 1702 by the town guild."])}


@pytest.mark.parametrize(("question", "lead"), [
    ("When was the Orne fountain made?", "The Orne fountain was built in 1850"),
    ("Who made the Orne fountain?", "The Orne fountain was built in 1850"),
    ("When was the Tarn market cross made?", "The Tarn market cross was first installed in 1702"),
])
def test_a_making_asked_is_answered_by_the_building_not_by_a_copula(question: str, lead: str) -> None:
    # "When was the St. Aveline clock made?" led with "it was made silent" and was not established (trial t34)
    claims, sources = listed_claims(ORNE)
    report, gate, _answered, _total = recorded_report(question, claims, sources)
    assert lead_section(report.markdown).startswith(lead), report.markdown
    assert not says_not_established(report.markdown), (gate.signals, report.markdown)
