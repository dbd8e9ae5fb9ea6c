"""Review of stop 42, F1 and F8 (names and figures invented). F1: "Which is higher, A or B, and by how much?" (and
"How much higher is A than B?") set any metre figure of a page against the other thing's: a prominence, a hut's
height on the mountain, a look-alike's height, a lake's elevation for "deeper" led the gap at high confidence. A gap
figure is the named thing's own value of the comparative's dimension (verdicts._own_gap_figure); else nothing is
established. F8: a figure before a comparative ("212 m higher than") is a difference, never the height asked."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

Q = "Which is higher, Brandel Horn or Brandel Sattel, and by how much?"


def horn(*sentences: str) -> tuple[str, list[str]]:
    return ("Brandel Horn", ["Brandel Horn is a mountain in the Kessel Alps.", *sentences])


def sattel(*sentences: str) -> tuple[str, list[str]]:
    return ("Brandel Sattel", ["Brandel Sattel is a mountain in the Kessel Alps.", *sentences])


def _lead(question: str, pages: dict[str, tuple[str, list[str]]]) -> tuple[str, str]:
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return lead_section(rep.markdown).split("\n")[0], gate.tier


def test_both_own_heights_give_the_gap() -> None:
    lead, tier = _lead(Q, {"a": horn("Brandel Horn is 3,480 metres high."),
                           "b": sattel("Brandel Sattel is 3,115 metres high.")})
    assert lead == ("Brandel Horn is 365 metres higher than Brandel Sattel: 3,480 metres [1] against 3,115 metres "
                    "[2]. Brandel Horn is 3,480 metres high [1]. Brandel Sattel is 3,115 metres high [2].")
    assert tier == "high"


@pytest.mark.parametrize("figure", [
    "Brandel Horn has a prominence of 720 metres.",  # another attribute's figure
    "The Brandel hut lies at 2,630 metres on Brandel Horn.",  # a hut's, on the mountain
    "Old Brandel Horn is 3,790 metres high.",  # a look-alike's
])
@pytest.mark.parametrize("question", [Q, "How much higher is Brandel Sattel than Brandel Horn?"])
def test_a_figure_not_the_things_own_height_gives_no_gap(figure: str, question: str) -> None:
    lead, tier = _lead(question, {"a": horn(figure), "b": sattel("Brandel Sattel is 3,115 metres high.")})
    assert lead.startswith("Not established")
    assert tier == "low"


def test_an_elevation_is_no_depth() -> None:
    lead, tier = _lead("Which is deeper, Lake Vorn or Lake Pellick, and by how much?", {
        "a": ("Lake Vorn", ["Lake Vorn is a lake in the Kessel Alps.", "Lake Vorn is 63 metres deep."]),
        "b": ("Lake Pellick", ["Lake Pellick is a lake in the Kessel Alps.",
                               "Lake Pellick lies at 63 metres above sea level."])})
    assert lead.startswith("Not established")
    assert tier == "low"


def test_a_difference_is_no_height() -> None:
    lead, tier = _lead("How high is Mount Corvel?", {"a": ("Mount Corvel", [
        "Mount Corvel is a peak in the Dannor Range.", "Mount Corvel is 187 m higher than Mount Allith."])})
    assert lead.startswith("Not established")
    assert tier == "low"


def test_the_compared_things_figure_is_no_height() -> None:
    """The figure after the difference's "than" is the other mountain's, not the one asked about."""
    lead, tier = _lead("How high is Mount Corvel?", {"a": ("Mount Corvel", [
        "Mount Corvel is a peak in the Dannor Range.",
        "Mount Corvel is 187 m higher than Mount Allith, which is 2,905 m high."])})
    assert lead.startswith("Not established")
    assert tier == "low"


def test_the_own_height_beside_a_difference_leads() -> None:
    lead, tier = _lead("How high is Mount Corvel?", {"a": ("Mount Corvel", [
        "Mount Corvel is a peak in the Dannor Range.",
        "Mount Corvel, at 3,092 m, is 187 m higher than Mount Allith."])})
    assert lead == "Mount Corvel, at 3,092 m, is 187 m higher than Mount Allith [1]."
    assert tier == "high"
