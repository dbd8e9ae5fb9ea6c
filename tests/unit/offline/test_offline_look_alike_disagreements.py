"""Look-alike names (issue 9, trial t41 fault 2): a name with a word inserted ("Kestrin Ridge Observatory" beside
"Kestrin Observatory") names another thing when a page names the shorter on its own, so their values never form a
disagreement; a short form used on the longer name's own page ("the Orla Museum" for "the Orla Town Museum") is
the same thing (``services.synthesizer.offline.find_disagreements``, ``inserts_name_word``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, inserts_name_word, synthesize
from shared.evidence import SourceInfo
from tests.claim_pages import local_claim as _claim

#: two pages on two bridges of look-alike names, each page naming only its own
_LOOK_ALIKES = [
    _claim("a1", "s1", "The Varne Bridge was built in 1842 by the engineer Tomas Grell."),
    _claim("a2", "s1", "The Varne Bridge carries the old post road over the river."),
    _claim("b1", "s2", "The Varne Mill Bridge was built in 1790 by the miller Hanna Ost."),
    _claim("b2", "s2", "The Varne Mill Bridge is a footbridge of three arches."),
]
_TITLES = {"s1": "Varne Bridge", "s2": "Varne Mill Bridge"}


@pytest.mark.parametrize("short,long_,inserted", [
    (["kestrin", "observatory"], ["kestrin", "ridge", "observatory"], True),
    (["varne", "bridge"], ["old", "varne", "mill", "bridge"], True),
    (["orla", "museum"], ["orla", "town", "museum"], True),
    (["halvik"], ["halvik", "fc"], False),  # opens the longer name (opens_longer_name's case)
    (["neil", "peart"], ["neil", "peart"], False),
    (["varne", "bridge"], ["bridge", "varne", "mill"], False),  # not in order
    (["varne", "bridge"], ["varne", "bridge", "company"], False),  # added at the end, not inserted
])
def test_a_name_with_an_inserted_word(short: list[str], long_: list[str], inserted: bool) -> None:
    assert inserts_name_word(short, long_) is inserted


def test_look_alike_names_never_disagree() -> None:
    assert find_disagreements(_LOOK_ALIKES, _TITLES) == []


def test_look_alike_names_make_no_disagreement_in_the_answer() -> None:
    sources = {s: SourceInfo(source_id=s, title=t, url_or_path=f"http://x.test/{s}", domain=f"{s}.test")
               for s, t in _TITLES.items()}
    report = synthesize("Who built the Varne Bridge?", _LOOK_ALIKES, sources)
    lead = report.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    assert "disagree" not in lead, report.markdown


def test_a_short_form_on_the_longer_names_page_is_the_same_thing() -> None:
    claims = [
        _claim("a1", "s1", "The Orla Town Museum was founded in 1901 by the teacher Ada Vell."),
        _claim("a2", "s1", "The Orla Museum holds a collection of local lace."),
        _claim("b1", "s2", "The Orla Town Museum was founded in 1903 by the pastor Karl Rune."),
    ]
    found = find_disagreements(claims, {"s1": "Orla Town Museum", "s2": "Orla Town Museum history"})
    assert {v for d in found for _i, v in d.values} >= {"1901", "1903"}
