"""Issue 9, new-user trial t21 (fault C): figures of one dimension of one thing on two pages. A measure written as
an adjective ("a 29-metre tower", "the 140-foot spire") is a figure of that measure, so "Which is taller, A or B?"
decides from it (``shared.text.quantity``, ``services.synthesizer.verdicts``, ``services.synthesizer.offline``)."""

from __future__ import annotations

import re

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.quantity import counts, is_measure, stated_kinds
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


def test_a_hyphenated_measure_is_a_figure_of_its_unit_and_counts_nothing() -> None:
    sentence = "The Brenna Light, a 29-metre tower, was completed in 1901."
    assert stated_kinds(sentence) == {"length"}
    at = sentence.index("29")
    assert is_measure(sentence, at, at + 2)
    assert counts(sentence, ("tower",)) == []  # 29 is its height, not a number of towers
    assert stated_kinds("The chapel's 140-foot spire was rebuilt.") == {"length"}
    assert stated_kinds("The bell, a 3-tonne casting, hangs in the west tower.") == {"mass"}
    # a hyphen before no unit word stays what it was: a score, a range of years, a name
    assert stated_kinds("They won 3-2 in the 2013-14 season.") == {"count"}
    assert stated_kinds("Route A-38 runs north.") == set()


def test_which_is_taller_is_decided_from_a_hyphenated_height() -> None:
    sources = {"a": local_source("a", "Morrow Head Beacon"), "b": local_source("b", "Osk Harbour")}
    claims = [local_claim("a1", "a", "The Morrow Head Beacon was designed by the engineer Ada Pollen."),
              local_claim("a2", "a", "The Morrow Head Beacon is 51 metres tall."),
              local_claim("b1", "b", "Osk Harbour is a small port on the Tarran coast."),
              local_claim("b2", "b", "The Brenna Light, a 29-metre tower, was completed in 1901.")]
    question = "Which is taller, the Morrow Head Beacon or the Brenna Light?"
    rep = synthesize(question, claims, sources)
    lead = _answer(rep.markdown)
    assert re.match(r"Morrow Head Beacon is taller: 51 metres \[\d\]; Brenna Light: 29-metre \[\d\]\.", lead), lead
    gate = report_gate(question, rep, sources, claims)
    assert gate.tier != "low" and not gate.signals.get("not_established"), gate.signals
