"""Issue 9 (trial t52 fault F2, task f52e): "Was the Kestrelmoor Funicular designed by Thaddeus Crane?" was answered
"Yes" at 0.91 high from the funicular page's sentence about another line, "The Old Kestrelmoor Incline is a different
and older line ..., designed by Thaddeus Crane", while the page's "The design of the line was the work of the
engineer Konrad Weyl" was verified. A sentence opening with a look-alike's name (sharing a word with the asked name
and lacking some of it, or holding it with words before it or a number after it) states nothing of the asked thing;
a sentence of the thing's own page opening with the act asked ("The design of the line was the work of ...") gives
its doers. Invented names (the Varrow lines)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no, opens_look_alike
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import page_claim as _claim

LOOK = ("The Old Varrow Incline is a different and older line: a freight incline built in 1871 for the quarries, "
        "designed by Osric Pell, 540 m long, and closed in 1929.")
TEXTS = [
    "The Varrow Cliff Railway is a cable-hauled funicular that links the harbour with the upper town.",
    LOOK,
    "The design of the line was the work of the engineer Maren Tollis, who had built tramways before.",
    "The Varrow Cliff Railway opened on 3 May 1908.",
]
TITLES = ["Varrow Cliff Railway"] * len(TEXTS)
QUESTION = "Was the Varrow Cliff Railway designed by Osric Pell?"


def _decide(question: str, texts: list[str] = TEXTS) -> bool | None:
    decided = decide_yes_no(question, texts, TITLES[:len(texts)], list(range(len(texts))), [False] * len(texts))
    assert decided is not None
    return decided.answer


def test_the_look_alikes_designer_is_no_yes_and_the_lines_own_designer_says_no() -> None:
    assert _decide(QUESTION) is False


def test_the_asked_designer_of_the_act_sentence_says_yes() -> None:
    assert _decide("Was the Varrow Cliff Railway designed by Maren Tollis?") is True


def test_the_look_alike_alone_decides_nothing() -> None:
    assert _decide(QUESTION, TEXTS[:2]) is None


def test_a_parts_designer_is_not_the_lines() -> None:
    texts = [TEXTS[0], "The design of the upper station was the work of the architect Ida Brenn."]
    assert _decide("Was the Varrow Cliff Railway designed by Maren Tollis?", texts) is None


@pytest.mark.parametrize("text, expected", [
    (LOOK, True),
    ("The Old Varrow Cliff Railway closed in 1950.", True),  # words before the asked name
    ("Varrow Cliff Railway II was built in 1990.", True),  # a number after it
    ("The Varrow Cliff Railway Company was founded in 1905.", False),  # the line's company
    ("The Varrow Cliff Railway opened on 3 May 1908.", False),  # the asked thing itself
    ("In 1871 the Old Varrow Incline was built.", True),  # its subject, after a short adverbial of time (task h49)
    ("In the valley the Old Varrow Incline was built.", False),  # no adverbial of time: not the opening name
    ("The Harbour Board approved the line.", False),  # no word shared
])
def test_opens_look_alike(text: str, expected: bool) -> None:
    assert opens_look_alike("Varrow Cliff Railway", text) is expected


def test_the_report_answers_no_with_the_lines_designer() -> None:
    sources = {"enc": SourceInfo(source_id="enc", title=TITLES[0], url_or_path="https://enc.example/",
                                 domain="enc.example")}
    lead = lead_section(synthesize(QUESTION, [_claim(t) for t in TEXTS], sources).markdown)
    assert lead.startswith("No: The design of the line was the work of the engineer Maren Tollis"), lead
