"""The offline lead for three answer shapes a new-user trial found "Not established" though a verified claim stated
the answer (issue 9):

- a "how many <noun>" question is answered by the number right before that noun ("The viaduct rests on eleven
  piers"), not by the page's opening sentence nor by a length or a sum of money of another page;
- a yes/no question about one named thing whose predicate a claim states is "Yes" (cited), one whose claim denies
  it ("is not open", "no longer") or states its opposite ("closed" for "open") "No", one dating the thing's event
  against a year ("built before 1900?") or an amount ("more than 20,000 inhabitants?") is decided by the date or
  amount a claim gives, and the gate and the judge count each answered;
- a choice between two named things by a count of people ("more inhabitants", "fewer residents", "more populous")
  compares the figures each one's page gives in its own words ("a population of 12,400", "8,950 inhabitants") and
  leads with the winner and both figures cited.
"""

from __future__ import annotations

import re

import pytest

from services.synthesizer.verdicts import UNDECIDED_TEXT, denies, states_predicate
from shared.report import lead_section, says_not_established
from shared.text.answer import answer_candidates, lead_answer
from shared.text.quantity import (
    compared_quantity,
    counted_nouns,
    counting_verb,
    counts,
    is_measure,
    quantity_words,
    states_asked,
)
from tests.claim_pages import page_set, recorded_report

PAGES = {
    "viaduct": ("Marrow Viaduct", "The Marrow Viaduct is a brick railway viaduct across the Tessen valley. "
                "The viaduct rests on eleven piers. Its deck is 412 metres long and cost 3 million thalers to "
                "build in 1871. Since the spring of 2021 the viaduct has been closed to freight trains. "
                "Walkers are no longer allowed on the parapet."),
    "tessen": ("Tessen", "The Tessen is a river of the western hills. The river runs for 96 kilometres and passes "
               "under the Marrow Viaduct near Oberfeld."),
    "oberfeld": ("Oberfeld", "Oberfeld is a spa town in the Tessen valley. The town's population stood at 21,300 "
                 "in the last census."),
    "kirchau": ("Kirchau", "Kirchau is a village a few kilometres upstream of Oberfeld. Some 4,120 residents live "
                "in Kirchau, most of them in the old quarter."),
    "museum": ("Tessen Rail Museum", "The Tessen Rail Museum stands beside the viaduct's northern abutment. After "
               "two years of repairs the museum reopened to visitors in 2023. The museum is not accessible by car; "
               "a footpath leads to it from Oberfeld station. Its clock tower rises 27 metres above the valley floor."),
}


def _report(question: str) -> tuple[str, bool, int, float]:
    """(lead, judged answered, judge total, gate score) of the recorded offline report over :data:`PAGES`."""
    _, _, sources, claims = page_set(PAGES)
    rep, gate, answered, total = recorded_report(question, claims, sources)
    assert not says_not_established(rep.markdown) or not answered
    return lead_section(rep.markdown).strip(), answered, total, gate.score


# ---- counts ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "nouns"), [
    ("How many piers does the Marrow Viaduct rest on?", ("pier",)),
    ("How many studio albums did the band release?", ("studio", "album")),
    ("What is the number of species in the genus?", ("specy",)),
    ("How many people live in Kirchau?", ("people",)),  # "live" is the question's verb (counting_verb)
    ("How many beekeepers belong to the Tolven guild?", ("beekeeper",)),
    ("How many furnace bays does the workshop have?", ("furnace", "bay")),
    ("When was the viaduct built?", ()),
])
def test_what_a_how_many_question_counts(question: str, nouns: tuple[str, ...]) -> None:
    assert counted_nouns(question) == nouns


def test_the_verb_after_the_counted_noun_is_no_noun_but_a_count_says_it() -> None:
    assert counting_verb("How many people live in Kirchau?") == "live"
    assert counting_verb("How many students attend the Tolven school?") == "attend"
    assert counting_verb("How many arches does the viaduct have?") is None
    # a sentence counting the noun says the verb in its own words: "8,950 inhabitants" live there
    assert states_asked("How many people live in Kirchau?", "Kirchau had 8,950 inhabitants in 2020.") == (
        "people", "live")
    assert states_asked("How many people live in Kirchau?", "Kirchau lies on the river Ems.") == ()


@pytest.mark.parametrize(("sentence", "nouns", "found"), [
    ("The viaduct rests on eleven piers.", ("pier",), ["eleven"]),
    ("Seven stone arches span the gorge.", ("arch",), ["Seven"]),
    ("It has 14 arches and one tower.", ("arch",), ["14"]),
    ("The river runs for 96 kilometres.", ("pier",), []),  # a length counts nothing
    ("It cost 3 million thalers.", ("thaler",), ["3 million"]),  # unless the unit is what is counted
    ("The viaduct is a stone arch bridge.", ("arch",), []),  # no number before the noun
    ("The 1999 season was its last.", ("season",), []),  # a year before a singular noun
    ("In 2019 trucks were banned.", ("truck",), []),  # a year after a date preposition
    ("The town's population stood at 21,300 in the last census.", ("people",), ["21,300"]),
    ("Some 4,120 residents live in Kirchau.", ("inhabitant",), ["4,120"]),  # people nouns are one count
    ("The population density is 120 per square kilometre.", ("people",), []),
])
def test_numbers_that_count_the_asked_noun(sentence: str, nouns: tuple[str, ...], found: list[str]) -> None:
    assert counts(sentence, nouns) == found


def test_a_measure_is_no_candidate_for_a_count_of_things() -> None:
    sentence = "The Tessen runs for 96 kilometres and the viaduct rests on eleven piers."
    assert answer_candidates(sentence, "how_many", "How many piers does the Marrow Viaduct have?") == ["eleven"]
    # a count of units of measure is answered by a measure
    assert "96" in answer_candidates(sentence, "how_many", "How many kilometres does the Tessen run?")
    at = sentence.index("96")
    assert is_measure(sentence, at, at + 2) and is_measure("It cost €40.", 9, 11)


def test_the_count_leads_not_the_opening_nor_another_page_s_length() -> None:
    lead, answered, total, _score = _report("How many piers does the Marrow Viaduct have?")
    assert lead.startswith("The viaduct rests on eleven piers [1]."), lead
    assert "96 kilometres" not in lead and "412 metres" not in lead
    assert answered and total > 60


def test_a_count_of_people_asked_in_other_words_is_answered() -> None:
    lead, answered, _total, _score = _report("How many people live in Oberfeld?")
    assert "21,300" in lead and "4,120" not in lead, lead  # the neighbouring village's figure is no answer
    assert answered
    assert lead_answer("How many people live in Oberfeld?", lead).score >= 0.7  # "population" counts people


def test_a_figure_of_the_kind_asked_answers_alone_in_its_own_words() -> None:
    assert quantity_words("What is the height of the Tessen Rail Museum?") == ("height",)
    assert states_asked("How tall is the clock tower?", "It rises 27 metres above the valley floor.") == ("tall",)
    assert states_asked("How tall is the clock tower?", "It cost 3 million thalers.") == ()
    lead, answered, _total, _score = _report("What is the height of the Tessen Rail Museum's clock tower?")
    assert "27 metres" in lead and "412" not in lead and answered, lead


# ---- yes / no ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "opening", "quote"), [
    ("Is the Marrow Viaduct closed to freight trains?", "Yes: ", "closed to freight trains"),
    ("Is the Marrow Viaduct open to freight trains?", "No: ", "closed to freight trains"),  # the opposite state
    ("Has the Tessen Rail Museum reopened to visitors?", "Yes: ", "reopened to visitors"),
    ("Is the Tessen Rail Museum open to visitors?", "Yes: ", "reopened to visitors"),  # "reopened" states "open"
    ("Is the Tessen Rail Museum accessible by car?", "No: ", "not accessible by car"),  # denied
    ("Are walkers allowed on the parapet of the Marrow Viaduct?", "No: ", "no longer allowed"),
    # an event dated against a year: the date a claim gives it decides
    ("Was the Marrow Viaduct built before 1900?", "Yes: ", "in 1871"),
    ("Was the Marrow Viaduct built after 1900?", "No: ", "in 1871"),
    ("Was the Marrow Viaduct built before 1871?", "No: ", "in 1871"),  # that very year is not before it
    # measured against an amount: the amount a claim about it gives in that unit decides
    ("Does Oberfeld have more than 20,000 inhabitants?", "Yes: ", "21,300"),
    ("Is the Marrow Viaduct's deck longer than 500 metres?", "No: ", "412 metres"),
])
def test_a_yes_no_question_a_claim_settles_is_answered_and_counted_answered(question: str, opening: str,
                                                                            quote: str) -> None:
    lead, answered, total, score = _report(question)
    assert lead.startswith(opening) and quote in lead and "[1]" in lead, lead
    assert answered and total > 60 and score >= 0.6, (lead, total, score)


def test_a_yes_no_question_no_claim_states_stays_open() -> None:
    lead, answered, _total, _score = _report("Is the Marrow Viaduct closed to buses?")
    assert not lead.startswith(("Yes", "No:")), lead
    # open: the yes/no synthesis says so, or the note "Not established" does, never both (issue 9, trial t52 F7)
    assert (UNDECIDED_TEXT in lead) != lead.startswith("Not established"), lead
    assert not answered


def test_denials_are_read_in_their_clause_and_of_the_word_itself() -> None:
    assert denies("The ferry is not open to cars.", ["open"])
    assert denies("It has never been closed.", ["closed"])
    assert not denies("The ferry is not open to cars; it carries bicycles.", ["carry", "bicycle"])  # "cars"
    assert not denies("It is not only open to cars but to lorries.", ["open"])
    assert states_predicate("Is the Marrow Viaduct open to freight trains?",
                            "Since 2021 the viaduct has been closed to freight trains.",
                            {"marrow", "viaduct", "2021", "closed", "freight", "train"})


# ---- comparisons -------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "winner", "first", "second"), [
    ("Which town has more inhabitants, Oberfeld or Kirchau?", "Oberfeld", "21,300", "4,120"),
    ("Which has fewer residents, Oberfeld or Kirchau?", "Kirchau", "4,120", "21,300"),
    ("Which is more populous, Kirchau or Oberfeld?", "Oberfeld", "21,300", "4,120"),
])
def test_a_choice_by_a_count_of_people_leads_with_the_winner_and_both_figures(question: str, winner: str,
                                                                             first: str, second: str) -> None:
    lead, answered, total, _score = _report(question)
    assert lead.startswith(winner), lead
    head = lead.split("]. ")[0] + "]"  # the sentence stating the choice: both figures, each cited
    assert re.search(rf"{first}[^;]* \[\d\]; [^;]*{second}[^;]* \[\d\]$", head) and "[1]" in head and "[2]" in head, lead
    assert lead.index(first) < lead.index(second)
    assert answered and total > 60


def test_people_comparatives_compare_counts() -> None:
    assert compared_quantity("Which town has more inhabitants, A or B?") == ("count",)
    assert compared_quantity("Which is more populous, A or B?") == ("count",)
    assert compared_quantity("Which is older, A or B?") == ()
