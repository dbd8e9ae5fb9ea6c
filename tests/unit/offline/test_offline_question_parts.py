"""A question asking two things in one sentence ("Wann wurde X gegründet und wer leitet sie heute?") is answered in
both parts, each cited: the second part's pronoun ("sie", "it") stands for what the first names (issue 9, trial t25).
Invented pages."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.answer import question_parts
from tests.claim_pages import page_set, recorded_report


def test_the_parts_of_a_question_and_what_their_pronouns_stand_for() -> None:
    assert question_parts("Wann wurde die Fährgesellschaft Senn gegründet und wer leitet sie heute?") == (
        "Wann wurde die Fährgesellschaft Senn gegründet?", "Wer leitet die Fährgesellschaft Senn heute?")
    assert question_parts("When was the Senn Ferry Company founded and who runs it today?") == (
        "When was the Senn Ferry Company founded?", "Who runs the Senn Ferry Company today?")
    # one question: a second verb without a wh-word, a wh-word alone, another language's "was" after "and"
    for one in ("Which band released Counterparts and had a drummer in the Hall of Fame?",
                "Who founded Rush and when?",
                "What was the name of a woman from the book and was also a former White House intern?"):
        assert question_parts(one) == (one,)


PAGES = {
    "senn": ("Fährgesellschaft Senn",
             "Die Fährgesellschaft Senn wurde 1921 in Kelby gegründet. Sie betreibt heute vier Fähren zwischen Kelby "
             "und Dunmoor. Seit 2019 leitet Marta Lindqvist die Fährgesellschaft Senn als Geschäftsführerin."),
    "hafen": ("Häfen an der Senn",
              "Der Hafen von Kelby ist der größte Hafen an der Senn. Im Sommer fahren die Fähren jede Stunde."),
    "ferry": ("Senn Ferry Company",
              "The Senn Ferry Company was founded in 1921 in Kelby. It runs four ferries between Kelby and Dunmoor "
              "today. Marta Lindqvist leads the Senn Ferry Company as its chief executive."),
}


@pytest.mark.parametrize(
    ("question", "pages"),
    [
        ("Wann wurde die Fährgesellschaft Senn gegründet und wer leitet sie heute?", ("senn", "hafen")),
        ("When was the Senn Ferry Company founded and who leads it today?", ("ferry", "hafen")),
    ],
)
def test_both_parts_are_answered_each_cited(question: str, pages: tuple[str, ...]) -> None:
    _, _, sources, claims = page_set({k: PAGES[k] for k in pages})
    report, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(report.markdown)
    sentences = [s for s in lead.split("]") if s.strip()]
    assert any("1921" in s for s in sentences) and any("Marta Lindqvist" in s for s in sentences), lead
    assert "vier Fähren" not in lead and "four ferries" not in lead, lead  # "heute" / "today" alone is no answer
    assert gate.tier != "low" and answered, gate.signals


def test_a_second_question_opening_with_an_auxiliary_after_a_comma_is_a_part() -> None:
    # trial t51s s5: "..., and does it have Wi-Fi?" was one question and its lead answered only the Wi-Fi half
    assert question_parts("How fast does the Tagwell T5 print, and does it have Wi-Fi?") == (
        "How fast does the Tagwell T5 print?", "Does the Tagwell T5 have Wi-Fi?")
    # the first pronoun refers back; "worth it" keeps its own
    assert question_parts("How much does the Stratmark SL-300 cost, and is it worth it?") == (
        "How much does the Stratmark SL-300 cost?", "Is the Stratmark SL-300 worth it?")
    # no comma: "and" joins two predicates of one question
    one = "Which band released Counterparts and had a drummer in the Hall of Fame?"
    assert question_parts(one) == (one,)


TAGWELL = {
    "t5": ("Tagwell T5",
           "The Tagwell T5 is a compact label maker for pantry jars and folders. The Tagwell T5 prints at 60 mm per "
           "second. The T5 connects over Bluetooth only and has no Wi-Fi."),
    "blog": ("Label makers for the kitchen",
             "Label makers have become popular with home organisers. Many people use them for pantry jars."),
}


def test_a_two_part_question_with_an_auxiliary_second_part_is_answered_in_both_parts() -> None:
    _, _, sources, claims = page_set(TAGWELL)
    report, _gate, _answered, _total = recorded_report("How fast does the Tagwell T5 print, and does it have Wi-Fi?",
                                                       claims, sources)
    lead = lead_section(report.markdown)
    assert "60 mm per second" in lead and "no Wi-Fi" in lead, lead
