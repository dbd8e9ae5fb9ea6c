"""A size written before its noun inside a sentence about something else ("fitted a new lightning conductor to the
46-metre chimney") is that thing's size, and a page whose title gives the thing ("Chimney restoration completed at
Korvanne Glassworks") speaks of the thing another page only describes ("the famous brick chimney, 42 metres tall"
on "A Short History of the Korvanne Glassworks"): the two pages disagree on the size asked, and the disagreement
leads, not a figure of another dimension ("cracks up to 2 centimetres wide") (issue 9, trial t42 fault F2)."""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, noted_report

HISTORY = ("A Short History of the Marlow Ropeworks", [
    "The Marlow Ropeworks was founded in 1874 by the industrialist Edwin Halse.",
    "The first steam engine was lit in 1898, and the famous brick chimney, 42 metres tall, was completed in 1902.",
    "The famous brick chimney is still the tallest structure in Marlow."])
RESTORATION = ("Chimney restoration completed at Marlow Ropeworks", [
    "After eighteen months of scaffolding, the restoration of the landmark chimney of the Marlow Ropeworks is "
    "complete.",
    "Steeplejacks from the firm Orlen & Sons replaced some 9,000 bricks and fitted a new lightning conductor to the "
    "46-metre chimney, which was built in 1902 and has dominated the town's skyline ever since.",
    "\"We found cracks up to 2 centimetres wide near the top,\" said site manager Karl Orlen.",
    "The chimney has not carried smoke since 1978, when the engine was connected to a modern flue."])
QUESTION = "How tall is the chimney of the Marlow Ropeworks?"


def test_the_two_pages_sizes_of_the_chimney_disagree() -> None:
    claims, sources = listed_claims({"h": HISTORY, "c": RESTORATION})
    disputes = find_disagreements(claims, {s: x.title for s, x in sources.items()}, claims)
    assert [sorted(v for _i, v in d.values) for d in disputes] == [["42 metres", "46 metre"]], disputes


def test_the_disagreement_on_the_height_leads() -> None:
    claims, sources = listed_claims({"h": HISTORY, "c": RESTORATION})
    rep, gate = noted_report(QUESTION, claims, sources)
    lead = lead_section(rep.markdown)
    # the figure of "the 46-metre chimney" is said as an amount: "46 metres" (issue 9, f46b)
    assert lead.startswith("The sources disagree on the height of the chimney of the Marlow Ropeworks: 42 metres [") and "46 metres [" in lead, lead
    assert "centimetres" not in lead and not says_not_established(rep.markdown), lead
    assert gate.signals.get("disputed") and gate.tier == "low", gate


def test_one_page_alone_disputes_nothing() -> None:
    claims, sources = listed_claims({"c": RESTORATION})
    assert find_disagreements(claims, {s: x.title for s, x in sources.items()}, claims) == []


def test_a_length_before_the_noun_far_from_a_height_is_no_dispute() -> None:
    # "the 120-metre viaduct" (its length) is no dispute of "The viaduct is 30 metres high"
    pages = {"a": ("Halse Viaduct", ["The viaduct is 30 metres high."]),
             "b": ("Walking to the Halse Viaduct", ["The path crosses the 120-metre viaduct, which was built in 1860."])}
    claims, sources = listed_claims(pages)
    assert find_disagreements(claims, {s: x.title for s, x in sources.items()}, claims) == []
