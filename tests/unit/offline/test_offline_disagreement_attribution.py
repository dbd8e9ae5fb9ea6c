"""A value said "according to" a dated survey still disagrees with the same value said without one (trial 9, Q8):
the attribution is no name of another thing, and a year only one claim states is no year of another time
(``services.synthesizer.offline.find_disagreements``, ``synthesize``, the gate)."""

from __future__ import annotations

import re

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from tests.claim_pages import local_claim as _claim

QUESTION = "What is the length of the Sael Bridge?"
SOURCES = {"s1": SourceInfo(source_id="s1", title="The Sael Bridge at Brennholt", url_or_path="/a.md", domain="a"),
           "s2": SourceInfo(source_id="s2", title="Heritage Register entry: Sael Bridge", url_or_path="/b.html",
                            domain="b")}
TITLES = {sid: s.title for sid, s in SOURCES.items()}


def _lengths(dated: str) -> list[VerifiedClaim]:
    return [_claim("a", "s1", "The bridge has seven arches and a total length of 214 metres."),
            _claim("b", "s2", dated)]


def test_a_value_dated_by_its_source_or_by_one_year_still_disagrees_with_an_undated_one() -> None:
    for dated in ("According to the 1990 survey by the provincial heritage office, the Sael Bridge has a total "
                  "length of 238 metres, including the two approach ramps.",
                  "A 2015 study found that the Sael Bridge has a total length of 238 metres.",
                  "In 1990 the Sael Bridge had a total length of 238 metres."):
        found = find_disagreements(_lengths(dated), TITLES)
        assert [(d.kind, [v for _i, v in d.values]) for d in found] == [("m", ["214 metres", "238 metres"])], dated


def test_the_report_says_the_dated_and_undated_lengths_disagree_and_is_not_confident() -> None:
    claims = _lengths("According to the 1990 survey by the provincial heritage office, the Sael Bridge has a total "
                      "length of 238 metres, including the two approach ramps.")
    rep = synthesize(QUESTION, claims, SOURCES)
    answer = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    # each value with its source, the one a named authority gives with it ("per the 1990 survey ...")
    assert re.search(r"The sources disagree on the length of the Sael Bridge: 214 metres \[\d\]; 238 metres per the 1990 survey by the provincial "
                     r"heritage office \[\d\]\.", answer), rep.markdown
    assert report_gate(QUESTION, rep, SOURCES, claims).tier == "low"


def test_values_both_dated_by_different_years_are_still_different_times() -> None:
    claims = [_claim("a", "s1", "In 1990 the Sael Bridge had a total length of 214 metres."),
              _claim("b", "s2", "In 2010 the Sael Bridge had a total length of 238 metres.")]
    assert find_disagreements(claims, TITLES) == []
