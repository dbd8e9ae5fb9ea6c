"""Review stop 40 finding 2 (invented pages): "Who is the current director of X?" over "Y has been appointed deputy
director of X." led with Y at high once the date note after its citation no longer hid the name check: a role written
only behind a rank ("deputy", "assistant", "associate", "vice") is not the role asked
(:func:`shared.text.relations.ranked_role_against`)."""

from __future__ import annotations

from shared.text.relations import ranked_role_against
from tests.claim_pages import dated_lead


def _report(question: str, sentence: str) -> tuple[str, str]:
    return dated_lead(question, {
        "news": ("New faces at the borough museums", [sentence]),
        "enc": ("Quillmarsh Borough Museum", ["The Quillmarsh Borough Museum was founded in 1911.",
                                              "The museum holds about 31,000 objects."])}, {"news": "2025-03-04"})


def test_ranked_role_against() -> None:
    assert ranked_role_against("Ida Moss was appointed deputy director of the museum.", "Who is the director?") \
        == frozenset({"director"})
    assert ranked_role_against("Ida Moss, the vice-president, spoke.", "Who is the president?") == frozenset({"president"})
    assert ranked_role_against("Ida Moss was appointed deputy director.", "Who is the deputy director?") == frozenset()
    assert ranked_role_against("The director, Ida Moss, named Tom Hale deputy director.", "Who is the director?") \
        == frozenset()  # the role is also written plainly


def test_a_deputy_is_not_the_director_asked() -> None:
    lead, tier = _report("Who is the current director of the Quillmarsh Borough Museum?",
                         "Dr Ines Varga-Holm has been appointed deputy director of the Quillmarsh Borough Museum.")
    assert lead.startswith("Not established: the person or group asked for."), lead  # main: the deputy, at high
    assert tier == "low"


def test_the_director_still_answers() -> None:
    lead, tier = _report("Who is the current director of the Quillmarsh Borough Museum?",
                         "Dr Ines Varga-Holm has been appointed director of the Quillmarsh Borough Museum.")
    assert lead == ("Dr Ines Varga-Holm has been appointed director of the Quillmarsh Borough Museum [1] "
                    "(2025-03-04)."), lead
    assert tier == "high"
