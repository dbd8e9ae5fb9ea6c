"""A question in German, French or Spanish answered from a page in English (issue 9, trial t38 fault 6): the
question's relation verb is read in English ("gegründet" / "fondé" / "fundó" is "founded"), so the English sentence
stating the relation asked leads, not a sentence of a page in the question's language stating it of another thing
(nor one holding only the question's function words, "wurde", "der"), and the gate does not hold it back; a word outside the lexicon and an English sentence of another relation hold none
of the question's words (shared.text.crosslang.english_held)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD
from shared.report import lead_section
from shared.text.crosslang import english_held
from shared.text.tokens import tokenize
from tests.claim_pages import page_set, recorded_report


@pytest.mark.parametrize(
    ("text", "question", "held"),
    [
        ("The Orla Rowing Club was founded in 1902 by Ines Carr.", "Wer hat den Orla Rowing Club gegründet?",
         {"gegründet"}),
        ("Its founder was the engineer Ines Carr.", "Qui a fondé le Orla Rowing Club ?", {"fondé"}),
        ("The club was established in 1902.", "¿Quién fundó el Orla Rowing Club?", {"fundó"}),
        ("The boathouse seats 120 guests.", "Wie viele Sitzplätze hat das Bootshaus?", {"sitzplätze"}),
    ],
)
def test_an_english_text_holds_a_foreign_question_s_words_it_says_in_english(text: str, question: str,
                                                                            held: set[str]) -> None:
    assert english_held(tokenize(text), tokenize(question)) == held


@pytest.mark.parametrize(
    ("text", "question"),
    [
        ("Since 1990 the club has been run by a trust.", "Wer hat den Orla Rowing Club gegründet?"),  # no founding
        ("The club's boathouse stands on the river.", "Wer hat den Orla Rowing Club gegründet?"),
        ("The club was founded in 1902.", "Wer leitet den Orla Rowing Club heute?"),  # "leitet" asks who leads it
    ],
)
def test_an_english_text_of_another_relation_holds_no_foreign_question_word(text: str, question: str) -> None:
    assert english_held(tokenize(text), tokenize(question)) == set()


PAGES = {
    "orla": ("The Orla Rowing Club", "The Orla Rowing Club is a rowing club on the river Orla in Kessby. The Orla "
                                     "Rowing Club was founded in 1902 by the engineer Ines Carr and her brother "
                                     "Tomas. The club has 340 members."),
    # a page in German about another club, stating its founding in the question's own word
    "ruderverein": ("Ruderverein Kessby", "Der Ruderverein Kessby wurde im Jahr 1888 von dem Lehrer Paul Hain "
                                          "gegründet. Der Maler Otto Lenz lernte hier als Kind das Rudern."),
    "boathouse": ("The Orla boathouse", "The boathouse of the Orla Rowing Club was rebuilt in 1968."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(
    "question",
    [
        "Wer hat den Orla Rowing Club gegründet?",
        "Qui a fondé le Orla Rowing Club ?",
        "¿Quién fundó el Orla Rowing Club?",
        "Who founded the Orla Rowing Club?",  # the English question as before
    ],
)
def test_a_foreign_question_is_answered_from_the_english_page(question: str) -> None:
    report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert "Ines Carr" in lead and "Paul Hain" not in lead, lead
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low" and answered and total > 60, gate
    assert "not_established" not in gate.signals


@pytest.mark.parametrize(
    "question",
    [
        "Wann wurde der Orla Rowing Club gegründet?",  # "wann", "wurde", "der" would draw the German page
        "¿Cuándo fue fundado el Orla Rowing Club?",
        "When was the Orla Rowing Club founded?",
    ],
)
def test_a_foreign_question_s_function_words_draw_no_page_in_its_language(question: str) -> None:
    report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    lead = lead_section(report.markdown)
    assert "1902" in lead and "1888" not in lead, lead
    assert gate.tier != "low" and answered and total > 60, gate
