"""A yes/no question about a named thing is decided by a claim of a page whose title frames the name ("Visiting the
Halvard Observatory") when the claim's subject is a bare definite description ("The dome is accessible ... on
Kirchgasse": the observatory's dome; the street says where, not what), and the framed title is never glued before
the claim as a label (issue 9, trial t38 fault 5: "Is the Teatro Brivolo wheelchair accessible?" was left open
with "Visiting the Teatro Brivolo: The hall is accessible ...") (``services.synthesizer.verdicts``,
``services.synthesizer.offline._labelled``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import _labelled
from services.synthesizer.verdicts import decide_yes_no
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report, web_claim, web_sources

QUESTION = "Is the Halvard Observatory wheelchair accessible?"
ACCESS = "The dome is accessible to wheelchair users through a lift on Kirchgasse."
TITLE = "Visiting the Halvard Observatory"


def test_a_described_part_on_a_page_titled_with_the_name_decides() -> None:
    texts = ["The Halvard Observatory stands on a ridge above Sankt Lorenz.", ACCESS]
    verdict = decide_yes_no(QUESTION, texts, [TITLE, TITLE], [0, 1], [True, False])
    assert verdict is not None and verdict.answer is True and verdict.cited == (1,)


@pytest.mark.parametrize(("text", "title"), [
    # a thing said where another name is: "The old tower at Brask"
    ("The old dome at Brask is accessible to wheelchair users through a lift.", TITLE),
    ("The dome of the Brask Observatory is accessible to wheelchair users through a lift.", TITLE),
    (ACCESS, "Visiting the Brask Observatory"),  # a page about another observatory
])
def test_a_description_of_another_thing_or_page_does_not(text: str, title: str) -> None:
    verdict = decide_yes_no(QUESTION, [text], [title], [0], [False])
    assert verdict is not None and verdict.answer is None, (text, title)


def test_a_framed_title_is_no_label() -> None:
    sources = web_sources({"v": TITLE, "h": "A short history of the Halvard Observatory", "o": "Halvard Observatory"})
    assert _labelled(web_claim("v", ACCESS), sources) == ""
    assert _labelled(web_claim("h", "The dome was rebuilt in 1931."), sources) == ""
    # a page named by its name still labels a sentence referring to it
    assert _labelled(web_claim("o", "It was rebuilt in 1931."), sources) == "Halvard Observatory: "


def test_the_lead_says_yes_with_the_claim_sentence() -> None:
    claims, sources = listed_claims({"v": (TITLE, [
        "The Halvard Observatory stands on a ridge above Sankt Lorenz.",
        ACCESS,
    ])})
    rep, _gate, _answered, _total = recorded_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes: " + ACCESS[:-1]), lead
    assert TITLE not in lead
