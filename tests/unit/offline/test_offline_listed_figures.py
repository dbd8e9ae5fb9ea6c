"""A claim listing figures of several named things is set against none of them alone (issue 15, trial t29 fault 3):
"At -10 °C the Vantor Blaze X boiled 1 litre in 3 minutes, the Embra Trail 2 needed 7 minutes" gives each stove's
figure, so "The sources disagree: 2 minutes; 3 minutes; 4 minutes" mixing the Pikari's and the Vantor's figures
and conditions is never said; two pages giving one thing's figure differently still disagree."""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements
from tests.claim_pages import page_claim as _claim

TITLES = {"a": "Pikari Solo Review", "b": "Choosing a stove for winter camping", "c": "Pikari Solo Backpacking Stove"}


def test_a_list_of_several_things_figures_disagrees_with_none_of_them_alone() -> None:
    claims = [_claim("The Pikari Solo boils 1 litre in just 2 minutes.", "a"),
              _claim("In our cold-chamber test at -10 °C, the Vantor Blaze X boiled 1 litre in 3 minutes, the Embra "
                     "Trail 2 needed 7 minutes and the Pikari Solo did not reach a boil.", "b"),
              _claim("The Pikari Solo boils 1 litre in 5 minutes.", "c")]
    found = find_disagreements(claims, TITLES)
    assert [sorted(i for i, _v in d.values) for d in found] == [[0, 2]], found


def test_figures_measured_in_other_conditions_are_no_disagreement() -> None:
    titles = {"a": "Embra Trail 2", "b": "Choosing a stove for winter camping", "c": "Embra Trail 2 review"}
    claims = [_claim("The Embra Trail 2 boils 1 litre of water in 3.5 minutes.", "a"),
              _claim("In our cold-chamber test at -10 °C the Embra Trail 2 needed 7 minutes to boil 1 litre.", "b"),
              _claim("The Embra Trail 2 boils 1 litre of water in 5 minutes.", "c")]
    found = find_disagreements(claims, titles)
    assert [sorted(i for i, _v in d.values) for d in found] == [[0, 2]], found
