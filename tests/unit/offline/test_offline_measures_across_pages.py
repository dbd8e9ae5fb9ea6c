"""Issue 9, new-user trial t21 (fault C): figures of one dimension of one thing on two pages. A measure written as
an adjective ("a 29-metre tower", "the 140-foot spire") is a figure of that measure, so "Which is taller, A or B?"
decides from it; two pages giving one thing's height differently disagree, in the lead and the gate; "How tall / high /
long / wide / deep / heavy" asks for a measure, which a count does not answer (``shared.text.quantity``,
``shared.text.answer``, ``services.synthesizer.verdicts``, ``services.synthesizer.offline``,
``services.synthesizer.confidence``, ``services.judge.offline``)."""

from __future__ import annotations

import re

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from shared.text.answer import answer_candidates, answer_type, asked_for
from shared.text.quantity import counts, is_measure, stated_kinds
from tests.claim_pages import local_claim, local_source, recorded_report


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


BEACON = {"a": local_source("a", "Morrow Head Beacon"), "b": local_source("b", "Tarran Coast Society - Morrow Head Beacon"),
          "c": local_source("c", "Osk Harbour")}
BEACON_CLAIMS = [
    local_claim("a1", "a", "The Morrow Head Beacon was designed by the engineer Ada Pollen."),
    local_claim("a2", "a", "According to the Tarran Port Board, the tower is 51 metres tall."),
    local_claim("a3", "a", "Its lamp was automated in 1972."),
    local_claim("b1", "b", "The Tarran Coast Society lists the Morrow Head Beacon as a protected monument."),
    local_claim("b2", "b", "The Morrow Head Beacon is 47 metres tall, making it the tallest beacon on the Tarran coast."),
    local_claim("c1", "c", "Osk Harbour is a small port on the Tarran coast."),
    local_claim("c2", "c", "The Brenna Light, a 29-metre tower, was completed in 1901."),
]
BEACON_TITLES = {sid: s.title for sid, s in BEACON.items()}


def test_two_pages_giving_one_things_height_differently_disagree() -> None:
    found = find_disagreements(BEACON_CLAIMS, BEACON_TITLES)
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("m", ["47 metres", "51 metres"])]
    assert {BEACON_CLAIMS[i].claim_id for d in found for i, _v in d.values} == {"a2", "b2"}


def test_figures_of_a_part_another_thing_or_another_dimension_are_no_disagreement() -> None:
    other = {"a": local_source("a", "Morrow Head Beacon"), "b": local_source("b", "Coast guide")}
    titles = {sid: s.title for sid, s in other.items()}
    tall = local_claim("b2", "b", "The Morrow Head Beacon is 47 metres tall.")
    for text in ("The lantern is 4 metres tall.",  # "the <noun>" the title lacks, far from the other figure: a part
                 "The Morrow Head Beacon's lantern is 4.5 metres tall.",  # a thing of the beacon's
                 "The Brenna Light is 51 metres tall.",  # another thing
                 "The Morrow Head Beacon's jetty is 51 metres long.",  # another dimension of another thing
                 "The Morrow Head Beacon is 47 metres tall."):  # the same figure
        assert find_disagreements([local_claim("a2", "a", text), tall], titles) == [], text
    # the same claim on its own page, worded with the page's noun, disagrees
    found = find_disagreements([local_claim("a2", "a", "The beacon is 51 metres high."), tall], titles)
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in found] == [("m", ["47 metres", "51 metres"])]


def test_the_lead_says_both_heights_with_their_citations_and_the_gate_is_not_high() -> None:
    question = "How tall is the Morrow Head Beacon?"
    rep = synthesize(question, BEACON_CLAIMS, BEACON)
    lead = _answer(rep.markdown)
    m = re.search(r"The sources disagree on the height of the Morrow Head Beacon: 47 metres \[(\d)\]; 51 metres per the Tarran Port Board \[(\d)\]\.", lead)
    assert m is not None and m.group(1) != m.group(2), rep.markdown
    gate = report_gate(question, rep, BEACON, BEACON_CLAIMS)
    assert gate.tier != "high" and gate.signals.get("disputed") == 1.0, gate.signals


def test_according_to_an_authority_keeps_its_height() -> None:
    question = "How tall is the Morrow Head Beacon according to the Tarran Port Board?"
    rep = synthesize(question, BEACON_CLAIMS, BEACON)
    lead = _answer(rep.markdown)
    assert "51 metres" in lead and "47 metres" not in lead and "disagree" not in lead, rep.markdown
    assert not report_gate(question, rep, BEACON, BEACON_CLAIMS).signals.get("disputed")


def test_a_choice_that_holds_whichever_disputed_height_is_right_stands() -> None:
    question = "Which is taller, the Morrow Head Beacon or the Brenna Light?"
    rep = synthesize(question, BEACON_CLAIMS, BEACON)
    lead = _answer(rep.markdown)
    assert re.match(r"Morrow Head Beacon is taller: (?:51|47) metres \[\d\]; Brenna Light: 29-metre \[\d\]\.", lead), lead
    assert "The sources disagree: 47 metres" in lead, lead
    gate = report_gate(question, rep, BEACON, BEACON_CLAIMS)
    assert gate.tier != "low" and not gate.signals.get("disputed"), gate.signals
    # a third tower of 49 metres is taller than one of the disputed heights: the choice is not stated
    close = [*BEACON_CLAIMS[:6], local_claim("c2", "c", "The Brenna Light, a 49-metre tower, was completed in 1901.")]
    rep = synthesize(question, close, BEACON)
    assert not _answer(rep.markdown).startswith("Morrow Head Beacon is taller"), rep.markdown
    assert report_gate(question, rep, BEACON, close).tier == "low"


def test_how_tall_high_long_wide_deep_heavy_ask_for_a_measure_not_a_count() -> None:
    for q in ("How tall is the Morrow Head Beacon?", "How high is the Orm Fell summit?", "How long is the Tessen Viaduct?",
              "How wide is the Brask estuary?", "How deep is Lake Orm?", "How heavy is the great bell of Osk?"):
        assert answer_type(q) == "measure", q
    assert answer_type("How many steps does the Morrow Head Beacon have?") == "how_many"
    assert asked_for("How tall is the Morrow Head Beacon?") == "the height asked for"
    q = "How tall is the Morrow Head Beacon?"
    assert answer_candidates("Visitors can climb its 142 steps.", "measure", q) == []  # a count
    assert answer_candidates("The beacon was completed in 1868.", "measure", q) == []  # a year
    assert answer_candidates("The tower is 51 metres tall.", "measure", q) == ["51"]
    assert answer_candidates("The Brenna Light, a 29-metre tower, was completed in 1901.", "measure", q) == ["29"]
    assert answer_candidates("The bell weighs 3 tonnes and has 2 clappers.", "measure",
                             "How heavy is the great bell of Osk?") == ["3"]


def test_a_lead_giving_only_a_count_does_not_answer_how_tall() -> None:
    sources = {"a": local_source("a", "Morrow Head Beacon")}
    claims = [local_claim("a1", "a", "The Morrow Head Beacon was designed by the engineer Ada Pollen."),
              local_claim("a2", "a", "Visitors can climb the Morrow Head Beacon's 142 steps on Saturdays.")]
    rep, gate, answered, total = recorded_report("How tall is the Morrow Head Beacon?", claims, sources)
    assert not answered and total <= 60 and gate.tier == "low", (gate.signals, rep.markdown)
    assert "Not established: the height asked for" in rep.markdown, rep.markdown
    tall = [*claims, local_claim("a3", "a", "The Morrow Head Beacon is 51 metres tall.")]
    rep, gate, answered, _total = recorded_report("How tall is the Morrow Head Beacon?", tall, sources)
    assert answered and "51 metres" in _answer(rep.markdown), (gate.signals, rep.markdown)
