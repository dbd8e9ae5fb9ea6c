"""A claim whose subject is a bare "the <noun>" naming its page title's thing of a name's, or that compound's head,
is about that thing (issue 9, trial t36 fault 3: ``services.synthesizer.offline.find_disagreements``): "The wheel
has a diameter of 6.4 metres" on the page "The waterwheel of the Orsa Mill" and "The Orsa Mill's waterwheel has a
diameter of 7.1 metres" disagree; figures of two different things still do not."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from tests.claim_pages import local_claim as _claim


def _values(a: str, title_a: str, b: str, title_b: str = "Survey of Lenby industrial sites (2019)") -> list[str]:
    found = find_disagreements([_claim("a", "s1", a), _claim("b", "s2", b)], {"s1": title_a, "s2": title_b})
    return [v for d in found for _i, v in d.values]


@pytest.mark.parametrize("a,title_a,b", [
    ("The wheel has a diameter of 6.4 metres and drives the beater in the old rag room.",
     "The waterwheel of the Orsa Mill",
     "The Orsa Mill's waterwheel has a diameter of 7.1 metres, making it one of the largest wheels in the region."),
    ("The waterwheel has a diameter of 6.4 metres.", "The waterwheel of the Orsa Mill",
     "The Orsa Mill's waterwheel has a diameter of 7.1 metres."),
    ("The tower has a diameter of 6.4 metres at its base.", "The watchtower of the Brann Fort",
     "The Brann Fort's watchtower has a diameter of 7.1 metres at its base."),
])
def test_a_bare_noun_of_the_pages_thing_is_that_thing(a: str, title_a: str, b: str) -> None:
    assert _values(a, title_a, b) == ["6.4 metres", "7.1 metres"]


@pytest.mark.parametrize("a,title_a,b", [
    # another mill's wheel
    ("The wheel has a diameter of 6.4 metres.", "The waterwheel of the Orsa Mill",
     "The Lund Mill's waterwheel has a diameter of 7.1 metres."),
    # another thing of the same mill's
    ("The wheel has a diameter of 6.4 metres.", "The waterwheel of the Orsa Mill",
     "The Orsa Mill's millpond has a diameter of 7.1 metres."),
    # the page's thing is another than the noun the claim opens with
    ("The beater has a diameter of 6.4 metres.", "The waterwheel of the Orsa Mill",
     "The Orsa Mill's waterwheel has a diameter of 7.1 metres."),
])
def test_figures_of_two_things_do_not_disagree(a: str, title_a: str, b: str) -> None:
    assert _values(a, title_a, b) == []
