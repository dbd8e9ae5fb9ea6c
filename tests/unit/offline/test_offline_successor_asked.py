"""Task h151 (trial t75 Q18; the pages here are invented): "Who will succeed X?" / "Who replaces X?" asks who
follows a named person in a role. It is answered by a sentence of the succession with X followed ("Y takes over
(the leadership) from X", "Y replaces X", "X hands over to Y", "X is succeeded by Y", "Y will succeed X"), never by
a sentence about X alone ("X has led the works since 2008"), however many of the question's words it shares."""

from __future__ import annotations

from shared.text.succession import asked_succession, succession_pairs
from tests.claim_pages import dated_lead

PAGES = {
    "kit": ("Press kit: Corvell Lace Works", [
        "The Corvell Lace Works, founded in 1802 by Lady Edith Marrow, is one of the oldest lace makers in "
        "Northern Europe.",
        "Managing director: Dr Osmund Pryle has led the lace works since 2008.",
        "The Corvell Lace Works employs 88 people, 30 of them lace makers."]),
    "rec": ("Corvell Lace Works", [
        "Corvell Lace Works: founded 1802.",
        "Corvell Lace Works: managing director Dr Osmund Pryle."]),
    "news": ("Corvell Lace Works appoints new managing director", [
        "The board of the Corvell Lace Works has appointed Tamsin Hallgarth-Reeve as managing director.",
        "Tamsin Hallgarth-Reeve takes over on 1 May 2026 from Dr Osmund Pryle, who retires after eighteen years at "
        "the head of the lace works."]),
}
DATES = {"kit": "2025-03-10", "news": "2026-02-12"}


def test_a_future_or_present_successor_question_names_its_person() -> None:
    for q in ("Who will succeed Dr Osmund Pryle as head of the Corvell lace maker?",
              "Who succeeds Dr Osmund Pryle at the Corvell Lace Works?",
              "Who is going to replace Osmund Pryle?", "Who will take over from Osmund Pryle as director?",
              "Who replaces Dr Osmund Pryle?", "Who is the successor of Dr Osmund Pryle?"):
        got = asked_succession(q)
        assert got is not None and got[0].split()[-1] == "Pryle" and got[1] == "successor", (q, got)
    assert asked_succession("Who will be the next director of the Corvell Lace Works?") is None


def test_handing_over_and_a_planned_succession_are_successions() -> None:
    assert succession_pairs("Dr Osmund Pryle hands over the management to Tamsin Hallgarth-Reeve in May.") == [
        ("Tamsin Hallgarth-Reeve", "Dr Osmund Pryle")]
    assert succession_pairs("Osmund Pryle is succeeded by Tamsin Hallgarth-Reeve.") == [
        ("Tamsin Hallgarth-Reeve", "Osmund Pryle")]
    # "will succeed" is planned: the one followed still holds the role, so it is read only when asked for
    planned = "Tamsin Hallgarth-Reeve will succeed Osmund Pryle as managing director in May 2026."
    assert succession_pairs(planned) == []
    assert succession_pairs(planned, planned=True) == [("Tamsin Hallgarth-Reeve", "Osmund Pryle")]


def test_who_will_succeed_is_led_by_the_succession_not_by_the_predecessor_alone() -> None:
    for q in ("Who will succeed Dr Osmund Pryle as head of the Corvell lace maker?",
              "Who replaces Dr Osmund Pryle as managing director of the Corvell Lace Works?"):
        lead, _tier = dated_lead(q, PAGES, DATES)
        assert lead.startswith("Tamsin Hallgarth-Reeve takes over on 1 May 2026 from Dr Osmund Pryle"), (q, lead)


def test_a_successor_question_no_sentence_answers_is_not_high() -> None:
    pages = {k: v for k, v in PAGES.items() if k != "news"}
    lead, tier = dated_lead("Who will succeed Dr Osmund Pryle as head of the Corvell lace maker?", pages,
                             {"kit": DATES["kit"]})
    assert "Hallgarth" not in lead and tier != "high", (lead, tier)


def test_who_with_a_modal_is_the_subject_and_its_verb_the_relation() -> None:
    from shared.text.answer import relation_terms

    assert relation_terms("Who will succeed Dr Osmund Pryle as head of the Corvell lace maker?") == ["succeed"]
    # an object asked keeps the inversion ("the board" is the subject)
    assert relation_terms("When will the old mill of the town reopen?") == ["reopen"]
