"""Page furniture that is no statement (issue 9/15, trial t51s fault 10): a byline or dateline ("By Priya
Ramanathan, 21 October 2026.") and a reviewer's method ("LabelLab buys every printer it tests at retail; no
manufacturer saw this article before publication.", "We used both printers for a month in a small online shop ...")
opened reports' Answers and stood as findings. They become no claim; what a test found stays one."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import noise_kind


@pytest.mark.parametrize(("sentence", "kind"), [
    ("By Priya Ramanathan, 21 October 2026.", "byline"),
    ("By Tom Achterberg, 9 November 2026.", "byline"),
    ("By Lea Roth and J. R. Okafor | Updated 3 May 2024", "byline"),
    ("Written by Anna van der Berg.", "byline"),
    ("By Maria Lopez, May 3, 2024.", "byline"),
    ("Published 21 October 2026.", "byline"),
    ("Last updated on May 3, 2024 by Lea Roth.", "byline"),
    # a forum post's byline, its user's handle and date (trial t73 Q02: it joined an Answer)
    ("Posted by gearhead_9 on 2026-05-03:", "byline"),
    ("Reply by old.steam, 4 May 2026", "byline"),
    # a team's or desk's credit and a picture's credit (trial t59s: "By the ... team [2]." was an Answer's sentence)
    ("By the Quorra Labs team.", "byline"),
    ("By the Tarnley Review staff", "byline"),
    ("Photo: Lea Roth", "byline"),
    ("Image credit: Quorra Labs / Tom Achterberg.", "byline"),
    ("LabelLab buys every printer it tests at retail; no manufacturer saw this article before publication.", "method"),
    ("No brand saw our test results before publication.", "method"),
    ("We printed 2,000 labels on each of four thermal label printers: the Inkora LP-40, the Tagwell T5 Pro, the "
     "Tagwell T5 and the Labelo Mini 2.", "method"),
    ("We used both printers for a month in a small online shop that ships about 60 parcels a day.", "method"),
])
def test_bylines_and_method_lines_are_furniture(sentence: str, kind: str) -> None:
    assert noise_kind(sentence) == kind


@pytest.mark.parametrize("sentence", [
    "By 1900 the town had 5,000 people.",
    "By March 2021, the vaccine was approved.",
    "By May 2024, it was done.",
    "By contrast, the Tagwell T5 is slower.",
    "By the end of the war, Paris was free.",
    "By the team's count, 40 units failed.",
    "By the Thames, the town grew to 5,000 people.",
    "Photo: the Quorra Tide weighs 540 g on our scale.",
    "Published in 1859, the book sold out within a day.",
    "We measured the Grasbo M7 at 56 dB.",  # a finding in the tester's words
    "We used it for a week and it was loud.",
    "We tested both for a week and the Inkora was faster.",
    "The Inkora LP-40 was the fastest printer we tested.",
    "The company buys every part it uses from local suppliers.",
    "No manufacturer makes a 5 kg version.",
    "We spent two years building the bridge.",
])
def test_statements_are_no_furniture(sentence: str) -> None:
    assert noise_kind(sentence) is None


def test_a_test_page_gives_its_findings_not_its_byline_or_method() -> None:
    text = ("# The best thermal label printers of 2026, tested\n\n"
            "By Priya Ramanathan, 21 October 2026. LabelLab buys every printer it tests at retail; no manufacturer "
            "saw this article before publication.\n\n"
            "We printed 2,000 labels on each of four thermal label printers: the Inkora LP-40, the Tagwell T5 Pro, "
            "the Tagwell T5 and the Labelo Mini 2.\n\n"
            "## Best overall: Inkora LP-40\n\n"
            "The Inkora LP-40 was the fastest printer we tested and the only one that takes 4 x 6 inch shipping "
            "labels. It is loud, though: we measured 62 dB at one metre while printing.")
    claims = [c.text for c in extract_claims(text, title="The best thermal label printers of 2026, tested | LabelLab")]
    assert not any(c.startswith("By ") or "at retail" in c or "2,000 labels" in c for c in claims), claims
    assert any("the only one that takes 4 x 6 inch shipping labels" in c for c in claims), claims


def test_a_team_credit_is_no_claim_and_the_finding_after_it_is() -> None:
    text = ("# Portable radios tested (2026)\n\n"
            "By the Quorra Labs team. The Vellum Tide 4 played for 31 hours in our test, the longest of the radios "
            "we tried.")
    claims = [c.text for c in extract_claims(text, title="Portable radios tested (2026) | Quorra Labs")]
    assert not any("Quorra Labs team" in c for c in claims), claims
    assert any(c.startswith("The Vellum Tide 4 played for 31 hours") for c in claims), claims
