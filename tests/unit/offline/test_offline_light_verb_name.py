"""Task h106 (trial t65w F6; names invented): a light-verb idiom says its noun's act. "Who gave X its name?" asks
who named X (shared.text.synonyms.said_plainly), so the page's "X was named in 1861 by ..." answers it as it answers
"Who named X?", not held back for want of the idiom's "gave"."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.synonyms import said_plainly
from tests.claim_pages import listed_claims, recorded_report

PEAK = ("Tessard Peak", [
    "Tessard Peak is a mountain in the Ormand Range.",
    "Tessard Peak was named in 1861 by the surveyor Ulric Manthey, who took the name from the Tessard meadows below "
    "its north face.",
    "The first ascent was made on 2 July 1879 by Ewan Lidgate and the guide Anton Farr.",
    "The normal route takes 5 to 7 hours from the Tessard Hut.",
])
LEAD = ("Tessard Peak was named in 1861 by the surveyor Ulric Manthey, who took the name from the Tessard meadows "
        "below its north face [1].")


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("Who gave Tessard Peak its name?", "Who named Tessard Peak?"),
        ("Who gave the Bay of Kells its present name?", "Who named the Bay of Kells?"),
        ("Did Ilka Marr give the Brenna Pass its name?", "Did Ilka Marr name the Brenna Pass?"),
        ("When was the Kestrel Horn given its name?", "When was the Kestrel Horn named?"),
        # one giving one's own name to a thing, a name's meaning, a gift: no naming
        ("Who gave his name to the Orlan Bridge?", "Who gave his name to the Orlan Bridge?"),
        ("Who gave the name of the street?", "Who gave the name of the street?"),
        ("Who gave Ada Lind a prize?", "Who gave Ada Lind a prize?"),
        ("Who gave the lecture on its name?", "Who gave the lecture on its name?"),
    ],
)
def test_give_x_its_name_is_name_x(question: str, plain: str) -> None:
    assert said_plainly(question) == plain


@pytest.mark.parametrize("question", ["Who gave Tessard Peak its name?", "Who named Tessard Peak?"])
def test_the_namer_answers_the_idiom_at_high(question: str) -> None:
    claims, sources = listed_claims({"a": PEAK})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    assert lead_section(rep.markdown) == LEAD
    assert gate.tier == "high"
