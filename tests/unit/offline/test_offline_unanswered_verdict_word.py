"""A yes/no lead never says "Not established" and a verdict word together (issue 9, trial t39 fault 5):
"Not established: whether what the question states holds. Related findings, not the answer: No: The museum is
closed from November to March [1]." said the answer was open and answered it in one breath. A lead the synthesizer
opened with the verdict its claims decide keeps it and gets no "Not established" note; the gate's low tier says how
sure it is (``services.synthesizer.handlers.note_unanswered``, ``without_verdict_word``). A held-back lead without
a verdict word is still noted.

"""
from __future__ import annotations

import pytest

from services.synthesizer.handlers import without_verdict_word
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, recorded_report

PAGES = {"ferry": ("Harl Island ferry", [
    "The Harl Island ferry does not run from December to April; the island is reached by boat only in the "
    "warmer months.",
    "The ferry was built in 1952 at the Orlby yard.",
    "The crossing to Harl Island takes forty minutes."])}
CLAIMS, SOURCES = listed_claims(PAGES)


def test_a_low_verdict_is_not_called_not_established() -> None:
    rep, gate, _answered, _total = recorded_report("Is the Harl Island ferry running in February?", CLAIMS, SOURCES)
    lead = lead_section(rep.markdown)
    assert gate.tier == "low" and gate.signals.get("not_established"), gate
    assert not says_not_established(rep.markdown) and "Not established" not in rep.markdown, rep.markdown
    assert lead.startswith("No:") and "does not run from December to April" in lead and "[1]" in lead, lead


def test_a_held_back_lead_without_a_verdict_word_is_noted() -> None:
    rep, gate, answered, _total = recorded_report("How many cars does the Harl Island ferry carry?", CLAIMS,
                                                  SOURCES)
    assert gate.tier == "low" and not answered
    assert says_not_established(rep.markdown) and lead_section(rep.markdown).startswith("Not established:")


@pytest.mark.parametrize("question,word", [
    ("Was the Harl Island ferry built in 1952?", "Yes:"),
    ("Does the Harl Island ferry run in winter?", "No:"),
])
def test_an_answered_yes_no_lead_keeps_its_verdict_word(question: str, word: str) -> None:
    rep, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
    assert not says_not_established(rep.markdown) and answered
    assert lead_section(rep.markdown).startswith(word)


@pytest.mark.parametrize("markdown,expected", [
    ("# Q?\n\n## Answer\n\nNo: The pool is shut in winter [1].\n\n## Sources\n\n- [1] Pool\n",
     "# Q?\n\n## Answer\n\nThe pool is shut in winter [1].\n\n## Sources\n\n- [1] Pool\n"),
    ("# Q?\n\n## Answer\n\nYes: The mill grinds oats [1].\n", "# Q?\n\n## Answer\n\nThe mill grinds oats [1].\n"),
    # no verdict word, a word that only starts like one, or findings only: unchanged
    ("# Q?\n\n## Answer\n\nNotably the pool is shut [1].\n", "# Q?\n\n## Answer\n\nNotably the pool is shut [1].\n"),
    ("# Q?\n\n## Answer\n\nNo: \n", "# Q?\n\n## Answer\n\nNo: \n"),
    ("# Q?\n\n## Findings\n\n- No: shut [1].\n", "# Q?\n\n## Findings\n\n- No: shut [1].\n"),
    ("no sections", "no sections"),
])
def test_without_verdict_word(markdown: str, expected: str) -> None:
    assert without_verdict_word(markdown) == expected
