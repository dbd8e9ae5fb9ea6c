"""Task h75 (invented pages): "Who is the current director of X?" led at high by a sentence naming the director of
"the Old X" (another institution: :func:`shared.text.terms.names_prefixed_other`, read without the note after the
citation), or by one whose time in the role is over ("was appointed director of X in 1994 and retired in 2006":
:func:`shared.text.relations.ended_role_against`). Neither names a holder now; both stay related findings."""

from __future__ import annotations

import pytest

from shared.text.relations import ended_role_against
from tests.claim_pages import dated_lead

_Q = "Who is the current director of the Quillby Parish Gallery?"


def _report(question: str, sentence: str) -> tuple[str, str]:
    return dated_lead(question, {
        "news": ("Dunmore-Ashby to lead parish galleries", [sentence, "She succeeds Tobiah Wrenfield."]),
        "enc": ("Quillby Parish Gallery", ["The Quillby Parish Gallery was founded in 1926.",
                                           "The gallery holds about 9,400 works."])}, {"news": "2025-06-17"})


def test_ended_role_against() -> None:
    assert ended_role_against("Ada Pell was appointed director of the gallery in 1994 and retired in 2006.", _Q) \
        == frozenset({"director"})
    assert ended_role_against("Ada Pell was director of the gallery until 2006.", _Q) == frozenset({"director"})
    assert ended_role_against("Former director Ada Pell opened the east wing.", _Q) == frozenset({"director"})
    # the one who left is a predecessor; a retirement to come; a question of no present holder; no role written
    assert ended_role_against("Tom Hale retired in 2019 and was succeeded by Ada Pell as director.", _Q) == frozenset()
    assert ended_role_against("Ada Pell has been director since 2019 and will retire in 2027.", _Q) == frozenset()
    assert ended_role_against("Ada Pell was director until 2006.", "Who was the director of X?") == frozenset()
    assert ended_role_against("Ada Pell retired in 2006.", _Q) == frozenset()


@pytest.mark.parametrize("sentence", [
    "Dr Maelis Dunmore-Ashby has been appointed director of the Old Quillby Parish Gallery.",
    "Dr Maelis Dunmore-Ashby was appointed director of the Quillby Parish Gallery in 1994 and retired in 2006.",
    "Dr Maelis Dunmore-Ashby was director of the Quillby Parish Gallery until 2006.",
])
def test_no_holder_now(sentence: str) -> None:
    lead, tier = _report(_Q, sentence)
    assert lead == ("Not established: the person or group asked for. Related findings, not the answer: "
                    f"{sentence[:-1]} [1] (2025-06-17)."), lead  # main: the sentence itself, at high
    assert tier == "low"


def test_the_director_now_still_answers() -> None:
    lead, tier = _report(_Q, "Dr Maelis Dunmore-Ashby has been appointed director of the Quillby Parish Gallery.")
    assert lead == ("Dr Maelis Dunmore-Ashby has been appointed director of the Quillby Parish Gallery [1] "
                    "(2025-06-17)."), lead
    assert tier == "high"
