"""A "not established" lead of a question in another language than English keeps only sentences that bear on what
it asks, as far as its words can be read (issue 9, trial t38 fault 10): a "how many" or "when" question only a
sentence stating a count or a date ("im Jahr 1888" is no count), a question asking a relation the lexicon
translates ("gegründet", "fondé") only a sentence stating it in any of the languages; none rather than filler. A
question whose words cannot be read keeps its sentences (services.synthesizer.confidence.bears_on)."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import bears_on
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, noted_report


@pytest.mark.parametrize(
    ("question", "sentence", "bears"),
    [
        ("Wie viele Boote hat der Orla Ruderclub?", "Since 1990 the club has been run by a trust [1].", False),
        ("Wie viele Boote hat der Orla Ruderclub?", "Der Ruderclub wurde im Jahr 1888 gegründet [1].", False),
        ("Wie viele Boote hat der Orla Ruderclub?", "The club owns 14 boats [1].", True),
        ("Combien de bateaux possède le club Orla ?", "The club owns fourteen boats [1].", True),
        ("Wann wurde der Orla Ruderclub gegründet?", "The club's boathouse stands on the river [1].", False),
        ("Wann wurde der Orla Ruderclub gegründet?", "The club was founded in 1902 [1].", True),
        ("Wer hat den Orla Ruderclub gegründet?", "Der Maler Otto Lenz lernte hier als Kind das Rudern [1].", False),
        ("Wer hat den Orla Ruderclub gegründet?", "Der Ruderverein Kessby wurde von Paul Hain gegründet [1].", True),
        ("Wer hat den Orla Ruderclub gegründet?", "Its founder was the engineer Ines Carr [1].", True),
        ("¿Quién fundó el club Orla?", "The club was established by Ines Carr [1].", True),
        ("¿Quién fundó el club Orla?", "The club has 340 members [1].", False),
        # a question asking who in a language the lexicon has no word of: nothing can be read, the sentence stays
        ("Ποιος είναι ο πρόεδρος του Orla;", "The club has 340 members [1].", True),
    ],
)
def test_a_foreign_question_s_lead_sentence_bears_on_what_it_asks(question: str, sentence: str,
                                                                   bears: bool) -> None:
    assert bears_on(question, sentence) is bears


PAGES = {
    "o": ("The Orla Rowing Club", ["The Orla Rowing Club is a rowing club on the river Orla in Kessby.",
                                   "The Orla Rowing Club has 340 members.",
                                   "Since 1990 the club has been run by a trust."]),
    "k": ("Ruderverein Kessby", ["Der Ruderverein Kessby wurde im Jahr 1888 von dem Lehrer Paul Hain gegründet.",
                                 "Der Maler Otto Lenz lernte hier als Kind das Rudern, bevor er nach Wien ging."]),
}


@pytest.mark.parametrize(
    ("question", "language", "kept", "gone"),
    [
        ("Wie viele Boote hat der Orla Rowing Club?", "de", "", "Paul Hain"),
        ("Qui a fondé le Orla Rowing Club ?", "fr", "Paul Hain", "river Orla"),
    ],
)
def test_a_not_established_foreign_lead_keeps_no_filler(question: str, language: str, kept: str, gone: str) -> None:
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(question, claims, sources, language=language)
    assert gate.tier == "low" and gate.signals.get("not_established"), gate
    lead = lead_section(report.markdown)
    assert says_not_established(report.markdown) and kept in lead and gone not in lead, lead
