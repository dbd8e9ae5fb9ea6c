"""Trial t54 fault F2 (the pages here are invented): "Are dogs allowed on X?" is answered by a claim saying they are
welcome there, admitted, fine, or that they can or may come ("Yes"), and by one saying they can't or may not
("No"); a penalty ("a fine of ...") and the month of May say nothing of it
(``services.synthesizer.verdicts.OPPOSITES``, ``decide_yes_no``)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import decide_yes_no, nouns_named, without_exception
from shared.report import lead_section
from shared.text.synonyms import said_plainly
from tests.claim_pages import listed_claims, recorded_report

QUESTION = "Are dogs allowed on the towpath of the Yarrowby Lock Flight?"
TITLE = "Yarrowby Lock Flight - visiting"


def _lead(sentence: str, question: str = QUESTION) -> str:
    claims, sources = listed_claims({"v": (TITLE, [
        "The Yarrowby Lock Flight has eleven locks and was finished in 1794.",
        sentence,
        "The lock-keeper's cottage holds a small museum."])})
    rep, _gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown)


@pytest.mark.parametrize("sentence", ["Dogs on a lead are welcome on the towpath.",
                                      "Dogs on a lead are fine on the towpath.",
                                      "Dogs on a lead are admitted to the towpath.",
                                      "Dogs can walk on the towpath if they are kept on a lead.",
                                      "Dogs may walk on the towpath if they are kept on a lead."])
def test_a_welcome_or_a_modal_allows(sentence: str) -> None:
    assert _lead(sentence) == f"Yes: {sentence[:-1]} [1].", sentence


@pytest.mark.parametrize("sentence", ["Dogs can't go on the towpath during the spring nesting season.",
                                      "Dogs may not go on the towpath during the spring nesting season.",
                                      "Dogs are not permitted on the towpath."])
def test_a_modal_denial_forbids(sentence: str) -> None:
    assert _lead(sentence) == f"No: {sentence[:-1]} [1].", sentence


def test_a_penalty_or_the_month_of_may_allows_nothing() -> None:
    texts = ["A fine of 40 pounds is charged for dogs on the towpath.", "Dogs walked on the towpath in May 1990."]
    for text in texts:
        verdict = decide_yes_no(QUESTION, [text], [TITLE], [0], [False])
        assert verdict is not None and verdict.answer is None, text


@pytest.mark.parametrize("sentence", ["Sorry, no dogs on the towpath (assistance dogs are fine).",
                                      "Dogs are not allowed on the towpath, except assistance dogs.",
                                      "No dogs on the towpath, but guide dogs are welcome.",
                                      "Dogs are not permitted on the towpath apart from registered guide dogs."])
def test_a_ban_with_an_exception_of_a_few_of_the_kind_answers_no(sentence: str) -> None:
    """Trial t56 F6: the main clause's ban ("no dogs", "are not allowed") answers for dogs in general; the
    permission of a narrower kind in a parenthesis or after "except" / "but" ("assistance dogs are fine") is no
    "Yes"."""
    assert _lead(sentence) == f"No: {sentence[:-1]} [1].", sentence


def test_a_ban_with_an_exception_ranked_before_a_plain_ban_answers_no() -> None:
    """The repro's shape: a FAQ answer with the exception in a parenthesis first, the page's ban after it."""
    claims, sources = listed_claims({
        "f": ("YARROWBY LOCK FLIGHT - FREQUENTLY ASKED QUESTIONS", [
            "Q: Can I bring my dog?", "A: Sorry, no dogs on the towpath (assistance dogs are fine)."]),
        "v": (TITLE, ["Dogs are not allowed on the towpath, except assistance dogs.",
                      "The lock-keeper's cottage holds a small museum."])})
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    assert lead_section(rep.markdown).startswith("No: "), lead_section(rep.markdown)
    # the first sentence states what is asked as the verdict reads it (states_predicate), so the answer is one fact
    assert gate.signals["f_one_fact"] == 1.0 and gate.tier in ("medium", "high"), gate


@pytest.mark.parametrize("sentence", ["Dogs on a lead are welcome on the towpath (except in the lock-keeper's garden).",
                                      "Dogs on a lead are welcome on the towpath, and there is no charge for them."])
def test_an_exception_naming_another_thing_or_a_count_keeps_yes(sentence: str) -> None:
    """An exception of a place, not of a kind of dog, leaves the permission; a "no" that does not open its clause is
    no sign's ban."""
    assert _lead(sentence) == f"Yes: {sentence[:-1]} [1].", sentence


def test_a_faq_ban_with_an_exception_is_one_fact() -> None:
    """The FAQ's "Sorry, no dogs ... (assistance dogs are fine)" leading alone states what is asked, as the verdict
    reads it (``verdicts.states_predicate``): a one-fact answer, not a low one."""
    claims, sources = listed_claims({"f": ("YARROWBY LOCK FLIGHT - FREQUENTLY ASKED QUESTIONS", [
        "Sorry, no dogs on the towpath (assistance dogs are fine)."])})
    rep, gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    assert lead_section(rep.markdown) == "No: Sorry, no dogs on the towpath (assistance dogs are fine) [1].", \
        rep.markdown
    assert gate.signals["f_one_fact"] == 1.0 and gate.tier in ("medium", "high"), gate


@pytest.mark.parametrize("sentence", ["Sorry, no dogs on the towpath (assistance dogs are fine).",
                                      "Dogs are not allowed on the towpath, except assistance dogs."])
def test_the_narrower_kind_asked_is_answered_by_its_exception(sentence: str) -> None:
    """Asked of the narrower kind itself, the exception answers: its own "are fine", or the contrary of the ban."""
    question = "Are assistance dogs allowed on the towpath of the Yarrowby Lock Flight?"
    assert _lead(sentence, question) == f"Yes: {sentence[:-1]} [1].", sentence


@pytest.mark.parametrize("question", ["Can I bring my dog to the Yarrowby Lock Flight towpath?",
                                      "May visitors take their dogs onto the towpath of the Yarrowby Lock Flight?",
                                      "Can I take a dog with me to the Yarrowby Lock Flight towpath?"])
def test_bringing_a_thing_along_asks_whether_it_is_allowed(question: str) -> None:
    """"Can I bring my dog to X?" asks whether dogs are allowed there (``shared.text.synonyms.PLAIN_PHRASES``); "Can I
    take the train ...?" is no such question."""
    assert said_plainly("Can I take the train to Yarrowby?") == "Can I take the train to Yarrowby?"
    sentence = "Dogs are not allowed on the towpath, except assistance dogs."
    assert _lead(sentence, question) == f"No: {sentence[:-1]} [1].", question


@pytest.mark.parametrize("question", ["Can I take a bus to the Marlow Fen reserve?",
                                      "Can I take a tour of the Marlow Fen pumping house?",
                                      "Can visitors take a boat trip on the Marlow Fen mere?",
                                      "Can we take a taxi into Marlow Fen?",
                                      "Can I take photos in the Marlow Fen chapel?"])
def test_taking_a_trip_a_tour_or_a_ride_is_no_permission_of_a_thing(question: str) -> None:
    """Review of task h24: a trip, tour, bus, taxi or photo taken is no thing brought along, so the question stays
    as asked (no "are bus allowed ...")."""
    assert said_plainly(question) == question


def test_a_no_before_another_noun_is_no_ban_of_the_thing_asked() -> None:
    """Review of task h24: a clause opening "No charge" / "No need" bans no dog; only "no" before the asked noun (or
    its singular / plural) reads as a sign's ban."""
    verdict = decide_yes_no(QUESTION, ["No charge for dogs on the towpath."], [TITLE], [0], [False])
    assert verdict is None or verdict.answer is None, verdict
    sentence = "No need to book, dogs are welcome on the towpath."
    assert _lead(sentence) == f"Yes: {sentence[:-1]} [1].", _lead(sentence)


def test_a_no_before_the_singular_of_the_thing_asked_is_a_ban() -> None:
    """"No dog on the towpath" bans dogs as "No dogs" does."""
    sentence = "No dog on the towpath, by order of the trust."
    assert _lead(sentence) == f"No: {sentence[:-1]} [1].", _lead(sentence)


def test_one_rule_reads_the_asked_nouns_a_clause_names() -> None:
    """``nouns_named`` is the one reading of the asked nouns a clause names, for the exception cut and the exception
    read alone (review of stop 38: the same helper was defined twice, nested)."""
    nouns = ["assistance", "dog", "path"]
    assert nouns_named("Sorry, no dogs on the Wendle Path (assistance dogs are fine).", nouns) == {
        "assistance", "dog", "path"}
    assert nouns_named(" except on Sundays", nouns) == set()
    assert nouns_named("", nouns) == set()
    assert without_exception("Dogs are not allowed on the Wendle Path, except assistance dogs.", ["dog", "path"]) == (
        "Dogs are not allowed on the Wendle Path.")
