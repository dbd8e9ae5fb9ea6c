"""Task h105 (names invented): a figure followed by a comparative ("14 metres lower than the 3,312 metres") or after
"by" following one ("higher by 14 m", "was lowered by 14 metres") is a DIFFERENCE between two values, never the
thing's size: it is never one side of a disagreement. And a sentence setting its own dated figure against another
page's figure as one of an earlier year ("... is 3,298 metres high, 14 metres lower than the 3,312 metres measured
in 1896") revises that figure: the older page's undated 3,312 m is superseded, no disagreement, and never leads.
"""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from shared.text.sizes import difference_spans
from tests.claim_pages import listed_claims, recorded_report

SURVEY = ("New survey makes Tarn Peak 14 metres lower", [
    "A GPS survey carried out in September 2021 has found that Tarn Peak is 3,298 metres high, 14 metres lower than "
    "the 3,312 metres measured in 1896.",
    "The new height is 10,820 feet."])
HUT = ("Tarn Hut reopens after rebuild", [
    "The Tarn Hut is the starting point for the normal route on Tarn Peak, at 3,312 metres the highest summit of "
    "the Orla Range."])


def _spans(text: str) -> list[str]:
    return [text[a:b] for a, b in difference_spans(text)]


def test_differences_are_read_by_their_comparative() -> None:
    assert _spans(SURVEY[1][0]) == ["14 metres"]
    assert _spans("The Orla Tower is 14 m higher than the mill.") == ["14 m"]
    assert _spans("The summit was lowered by 14 metres in 2021.") == ["14 metres"]
    assert _spans("The new hall has 300 more seats than the old one.") == ["300"]
    assert _spans("The peak is higher by 14 m than its neighbour.") == ["14 m"]
    for text in ("The Orla Tower is 38 metres tall.", "The hut lies 3 km east, 200 m above the lake.",
                 "The club counts more than 2,500 members."):
        assert _spans(text) == [], text


def test_a_difference_is_no_side_of_a_disagreement() -> None:
    claims, sources = listed_claims({"n": SURVEY, "h": HUT})
    found = find_disagreements(claims, {s: x.title for s, x in sources.items()}, claims)
    assert not any("14 metres" in shown for d in found for _i, shown in d.values), found


def test_the_newer_dated_height_leads_over_the_one_it_revises() -> None:
    claims, sources = listed_claims({"n": SURVEY, "h": HUT})
    rep, gate, _answered, _total = recorded_report("How high is Tarn Peak?", claims, sources)
    assert lead_section(rep.markdown) == (
        "A GPS survey carried out in September 2021 has found that Tarn Peak is 3,298 metres high, 14 metres lower "
        "than the 3,312 metres measured in 1896 [1].")
    assert gate.tier == "high"
    assert "disagree" not in rep.markdown
