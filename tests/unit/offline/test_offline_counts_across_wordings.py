"""One holder's count of a noun given differently by two pages for one year disagrees however each sentence is worded
(issue 9, trial t28 fault 2): "The 2023 farm census counted 1,250 sheep on Hallsey" / "Hallsey had 980 sheep in
2023" is said as a disagreement with both sources, not one side at high confidence
(``services.synthesizer.offline._count_figures`` / ``_counts_disagree`` in ``find_disagreements``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report


def _disputes(a: str, b: str, title_a: str = "Farm census 2023: Hallsey",
              title_b: str = "Hallsey farmers count fewer sheep") -> list[tuple[str, list[str]]]:
    claims, sources = listed_claims({"a": (title_a, [a]), "b": (title_b, [b])})
    return [(d.kind, [v for _i, v in d.values])
            for d in find_disagreements(claims, {sid: s.title for sid, s in sources.items()})]


@pytest.mark.parametrize("a,b", [
    ("The island's farm census of 2023 counted 1,250 sheep on Hallsey, kept by about 40 farmers.",
     "Hallsey had 980 sheep in 2023, according to the farmers' own tally."),
    ("There were 1,250 sheep on Hallsey in 2023.", "Hallsey had 980 sheep in 2023."),
    ("The 2023 census counted 1,250 sheep on Hallsey.", "In 2023 Hallsey kept 980 sheep."),
])
def test_one_holders_count_in_other_words_disagrees(a: str, b: str) -> None:
    assert _disputes(a, b) == [("sheep", ["1,250 sheep", "980 sheep"])]


@pytest.mark.parametrize("a,b", [
    # another year: two times, not a disagreement
    ("There were 1,250 sheep on Hallsey in 2023.", "Hallsey had 980 sheep in 2019."),
    # another holder
    ("The Norby farm has 120 sheep in a walled field.", "Hallsey had 980 sheep in 2023."),
    ("There were 1,250 sheep on Hallsey in 2023.", "Tollby had 980 sheep in 2023."),
    # the same count
    ("There were 1,250 sheep on Hallsey in 2023.", "Hallsey had 1,250 sheep in 2023."),
    # a thing of the holder's
    ("Hallsey's north farm had 300 sheep in 2023.", "Hallsey had 980 sheep in 2023."),
    # a count in a clause naming no holder
    ("The census of 2023 counted many flocks, about 90 sheep in each.", "Hallsey had 980 sheep in 2023."),
])
def test_counts_of_other_holders_or_times_do_not_disagree(a: str, b: str) -> None:
    assert [k for k, _v in _disputes(a, b)] == []


def test_the_report_says_both_counts_and_is_not_high() -> None:
    pages = {
        "census": ("Farm census 2023: Hallsey", ["The island's farm census of 2023 counted 1,250 sheep on Hallsey, "
                                                 "kept by about 40 farmers."]),
        "news": ("Hallsey farmers count fewer sheep - Tollby Herald",
                 ["Hallsey had 980 sheep in 2023, according to the farmers' own tally."]),
        "isle": ("Hallsey", ["Hallsey is an island of the Brenn archipelago with about 600 inhabitants."]),
    }
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report("How many sheep are there on Hallsey?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "1,250 sheep" in lead and "980 sheep" in lead and "disagree" in lead, lead
    assert gate.tier != "high", gate
