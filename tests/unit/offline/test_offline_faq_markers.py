"""Trial t55 defects B and C (the pages here are invented): an FAQ written with "Q:" / "A:" markers
(``services.claim_extractor.offline``).

- "It" after a sentence introducing a named thing ("That's the Old Marten, built in 1740.") stands for that thing,
  not for the page's subject.
- The "A:" marker is no part of the answer, and an answer that after its yes/no word is only an adverbial of the
  question ("Yep, on the second Sunday of every month at eleven o'clock.": no subject and verb) is no claim; one
  stating something of its own ("Nope, we're too small for a cafe, sorry.") is. "Q:" / "A:" lines are no label lines.
"""

from __future__ import annotations

from pathlib import Path

from shared.text.tokens import is_label_line
from tests.unit.offline.test_offline_faq_answer_content import _claims

FAQ = ("Harrowgate Clock Tower Museum - Frequently Asked Questions\n\n"
       "Q: What is the oldest clock here?\n"
       "A: That's the Old Marten, built in seventeen forty. It ticks forty times a minute - louder than a kettle "
       "drum.\n\n"
       "Q: Can I climb the tower?\n"
       "A: Yep, on the second Sunday of every month at eleven o'clock.\n\n"
       "Q: Is there a cafe?\n"
       "A: Nope, we're too small for a cafe, sorry.\n\n"
       "Q: Are dogs allowed?\n"
       "A: Yes, dogs on a lead are welcome in the garden.\n")


def test_an_faq_with_markers_gives_its_answers_own_statements(tmp_path: Path) -> None:
    assert _claims(tmp_path, FAQ) == [
        "That's the Old Marten, built in seventeen forty.",
        "The Old Marten ticks forty times a minute - louder than a kettle drum.",
        "we're too small for a cafe, sorry.",
        "dogs on a lead are welcome in the garden.",
    ]


def test_faq_markers_are_no_labels() -> None:
    assert not is_label_line("A: Yep, at ten.") and not is_label_line("Q: Can I park?")
    assert is_label_line("Founded: 1887")
