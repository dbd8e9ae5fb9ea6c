"""A figure of a thing's size told in a relative clause or an apposition after the thing is that thing's, and two
pages that each only describe one thing ("the brine well", "the well") under titles sharing a proper name give its
figures to the same thing (issue 9, trial t37 fault 1: ``services.synthesizer.offline.find_disagreements``):
"Guides explain how the brine is lifted from the well, which is 47 metres deep, by a wind-driven pump." and "The
brine well is 41 metres deep." disagree; figures of two different things, or of pages of no common name, do not."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements
from tests.claim_pages import local_claim as _claim


def _values(a: str, title_a: str, b: str, title_b: str) -> list[str]:
    found = find_disagreements([_claim("a", "s1", a), _claim("b", "s2", b)], {"s1": title_a, "s2": title_b})
    return sorted(v for d in found for _i, v in d.values)


@pytest.mark.parametrize("a,title_a,b,title_b", [
    # a relative clause after a described thing, in a sentence whose subject is something else
    ("The cistern of the dye works is 12 metres deep.", "Orvik Dye Works",
     "Visitors see how water is drawn from the cistern, which is 15 metres deep, by a hand pump.",
     "A day at the Orvik waterfront"),
    # a compound naming the thing on one page, its head on the other
    ("The brine well is 41 metres deep.", "Kelso Salt Cooperative",
     "Guides explain how the brine is lifted from the well, which was 47 metres deep, by a wind-driven pump.",
     "Visiting the Kelso salt flats"),
    # an apposition
    ("The chimney is 31 metres tall.", "Brask Brickworks",
     "Walkers pass the chimney, 36 metres tall, on the way to the quay.", "Walks around Brask"),
    # a named thing in a relative clause
    ("The Kessin Tower is 48 metres tall.", "Kessin",
     "Visitors climb the Kessin Tower, which is 52 metres tall, for the view over the bay.", "Things to do"),
    # an elevation placed by "which lies at" after a name ending with a common noun, against an apposition that
    # names the place after a description, "at" its elevation (issue 9, t44 fault 2)
    ("The cable car runs from Tarn village at 890 m above sea level to Hollow Peak station, which lies at 1,972 m"
     " above sea level.", "Brenn cable car",
     "From the upper station, Hollow Peak, at 1,994 m above sea level, a path leads to the ridge.", "Hiking at Brenn"),
])
def test_a_relative_clause_gives_the_things_figure(a: str, title_a: str, b: str, title_b: str) -> None:
    assert len(_values(a, title_a, b, title_b)) == 2


@pytest.mark.parametrize("a,title_a,b,title_b", [
    # another thing described on the other page
    ("The cistern of the dye works is 12 metres deep.", "Orvik Dye Works",
     "Visitors see how water is drawn from the well, which is 15 metres deep, by a hand pump.",
     "A day at the Orvik waterfront"),
    # pages of no common name: two places' wells
    ("The brine well is 41 metres deep.", "Kelso Salt Cooperative",
     "Guides explain how the brine is lifted from the well, which is 47 metres deep, by a wind-driven pump.",
     "Visiting the Marnby salt flats"),
    # the sentence's own subject has its own figure: the relative clause is not read for it
    ("The brine well is 41 metres deep.", "Kelso Salt Cooperative",
     "The Kelso pump house is 9 metres tall.", "Visiting the Kelso salt flats"),
    # two named places' elevations, each placed by its clause: two things
    ("The cable car ends at Hollow Peak station, which lies at 1,972 m above sea level.", "Brenn cable car",
     "From the valley station, Brenn Village, at 890 m above sea level, cabins leave every ten minutes.",
     "Hiking at Brenn"),
])
def test_figures_of_two_things_do_not_disagree(a: str, title_a: str, b: str, title_b: str) -> None:
    assert _values(a, title_a, b, title_b) == []
