"""A "still <office>" yes/no question is answered "No" by a succession written with an apposition between the
successor and the verb ("Y, a professor of ..., replaces X, who chaired the panel ... and has stepped down"), or with
"in place of X" / "as successor to X" (task h141, trial t72 q10: "Is <person> still chair of judges of <prize>?" was
answered "Yes:" at high, then quoted the news item naming the new chair; ``shared.text.succession`` read neither the
apposition nor "and has stepped down")."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_yes_no
from shared.text.succession import ended_holders, predecessors, succession_pairs
from tests.claim_pages import local_claim, local_source

REPLACES = ("Dr Halvard Quince-Amory, a professor of comparative literature at the University of Tessport, replaces "
            "Dame Rosalind Verrow-Pike, who chaired the panel from 2010 to 2024 and has stepped down after fourteen "
            "years.")


def test_successions_with_an_apposition_or_in_place_of() -> None:
    assert predecessors(REPLACES) == ["Dame Rosalind Verrow-Pike"]
    assert succession_pairs(REPLACES) == [("Dr Halvard Quince-Amory", "Dame Rosalind Verrow-Pike")]
    assert ended_holders("Rosalind Verrow, who chaired the panel from 2010 to 2024 and has stepped down.") \
        == ["Rosalind Verrow"]
    assert predecessors("Halvard Quince was appointed chair of judges in place of Rosalind Verrow.") \
        == ["Rosalind Verrow"]
    assert predecessors("Halvard Quince, the festival director, takes over from Rosalind Verrow.") \
        == ["Rosalind Verrow"]
    assert predecessors("Halvard Quince has replaced Rosalind Verrow as chair.") == ["Rosalind Verrow"]
    # a succession to come leaves the holder in office until then
    assert predecessors("Halvard Quince will succeed Rosalind Verrow in May.") == []


SOURCES = {
    "a": local_source("a", "About the Kestrow Prize for the Novel"),
    "n": local_source("n", "Kestrow Prize names new chair of judges"),
}
CLAIMS = [
    local_claim("a1", "a", "The chair of judges is Dame Rosalind Verrow-Pike, the literary critic, who has led the "
                           "panel since 2010."),
    local_claim("n1", "n", "The Kestrow Literary Foundation has appointed Dr Halvard Quince-Amory as the new chair of "
                           "judges of the Kestrow Prize for the Novel, with effect from the 2025 prize."),
    local_claim("n2", "n", REPLACES),
]


@pytest.mark.parametrize("question", [
    "Is Rosalind Verrow-Pike still chair of judges of the Kestrow Prize for the Novel?",
    "Is Dame Rosalind Verrow-Pike currently chair of judges?",
])
def test_a_replaced_chair_of_judges_is_no(question: str) -> None:
    texts = [c.text for c in CLAIMS]
    titles = [SOURCES[c.source_id].title for c in CLAIMS]
    decided = decide_yes_no(question, texts, titles, [1, 0, 2], [True, True, False])
    assert decided is not None and decided.answer is False and decided.cited == (2,), decided
    lead = _answer(synthesize(question, CLAIMS, SOURCES).markdown)
    assert lead.startswith("No"), lead
    assert "has led the panel since 2010" not in lead, lead


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
