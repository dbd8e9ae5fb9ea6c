"""A local corpus about one thing calls it by its kind on some pages ("The pottery's workshops fire five kilns" on
"The pottery today"): the gate counts the question's name ("the Brellin pottery") as given by such a lead when the
run's pages give that noun beside that name ("The Brellin Pottery was founded in 1820") and beside no other name;
with a second pottery in the run ("the Skarn pottery") the lead may be about either, and the report stays
"not established" (issue 9, trial t26 fault 3: "The guild's workshops operate six furnaces" for the Tarnholm
guild)."""

from __future__ import annotations

from shared.report import lead_section, says_not_established
from shared.text.reference import reference_nouns, refers
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "How many kilns does the Brellin pottery fire?"
ONE_POTTERY = {
    "h": ("History of the Brellin Pottery", ["The Brellin Pottery was founded in 1820 by the Aske family.",
                                             "Its first workshop stood on Mill Lane."]),
    "t": ("The pottery today", ["The pottery's workshops fire five furnaces.",
                                "Visitors can watch the potters on weekdays."]),
}
TWO_POTTERIES = {**ONE_POTTERY,
                 "s": ("Potteries of the coast", ["The Skarn pottery closed in 1931 after a flood.",
                                                  "The Skarn pottery once employed forty potters."])}


def test_a_page_calling_the_one_named_thing_by_its_kind_answers_for_it() -> None:
    claims, sources = listed_claims(ONE_POTTERY)
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert "five furnaces" in lead and not says_not_established(rep.markdown), rep.markdown
    assert gate.tier != "low" and not gate.signals.get("names_missing"), gate


def test_a_second_thing_of_that_kind_in_the_run_leaves_it_open() -> None:
    claims, sources = listed_claims(TWO_POTTERIES)
    _rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    assert gate.tier == "low" and gate.signals.get("names_missing"), gate


def test_reference_nouns_are_beside_the_name_in_the_question_and_the_run_and_no_other_name() -> None:
    run = ["The Brellin Pottery was founded in 1820 by the Aske family.", "The pottery today"]
    assert reference_nouns(QUESTION, "Brellin", run) == {"pottery"}
    # the run never gives "pottery" beside Brellin
    assert not reference_nouns(QUESTION, "Brellin", ["Brellin is a village on the Orm.", "The pottery"])
    # the question gives no noun beside the name
    assert not reference_nouns("How many kilns does Brellin have?", "Brellin", run)
    # another name's pottery in the run: "the Skarn pottery", "the pottery of Skarn", "Skarn Pottery"
    for other in ("The Skarn pottery closed.", "The pottery of Skarn closed.", "Skarn Pottery Ltd closed."):
        assert not reference_nouns(QUESTION, "Brellin", [*run, other]), other
    # a capitalised noun alone names nothing else
    assert reference_nouns(QUESTION, "Brellin", [*run, "Pottery courses for beginners"]) == {"pottery"}
    # an ordinal after the name is no noun of it
    assert not reference_nouns("In what year was the Brennwik Lighthouse first lit?", "Brennwik Lighthouse",
                               ["The Brennwik Lighthouse was first lit in 1904.", "The Brennvik one was first lit."])


def test_a_sentence_refers_by_the_noun_after_the() -> None:
    assert refers(frozenset({"pottery"}), "The pottery's workshops fire five furnaces.")
    assert refers(frozenset({"guild"}), "Two of the guilds' halls still stand.")
    assert not refers(frozenset({"pottery"}), "Pottery was made here from local clay.")

