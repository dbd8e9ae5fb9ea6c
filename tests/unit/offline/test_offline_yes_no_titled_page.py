"""A yes/no question about a named thing is decided by a claim of a page whose title names it when the claim names
nothing else ("No hornet nest has ever been seen on the island" on "Wasp watch on Haldoy": its "the island" is
Haldoy), read after the claims naming it (issue 9, trial t28 Q4: "Has the varroa mite been found on Varnö?" was
left open) (``services.synthesizer.verdicts``)."""

from __future__ import annotations

from services.synthesizer.verdicts import decide_yes_no

DENIED = "No hornet nest has ever been seen on the island: the 2023 survey of 40 orchards found none."
QUESTION = "Has a hornet nest been seen on Haldoy?"


def test_a_claim_of_a_page_titled_with_the_name_decides() -> None:
    texts = ["Haldoy is a small island off the coast with 900 inhabitants.", DENIED]
    titles = ["Haldoy", "Wasp watch on Haldoy"]
    verdict = decide_yes_no(QUESTION, texts, titles, [0, 1], [True, False])
    assert verdict is not None and verdict.answer is False and verdict.cited == (1,)


def test_a_claim_naming_another_name_or_of_another_page_does_not() -> None:
    other = "No hornet nest has ever been seen on Brask: the 2023 survey of 40 orchards found none."
    for texts, titles in (([other], ["Wasp watch on Haldoy"]),  # it names another island
                          ([DENIED], ["Wasp watch on Brask"])):  # its page is about another island
        verdict = decide_yes_no(QUESTION, texts, titles, [0], [False])
        assert verdict is not None and verdict.answer is None, (texts, titles)
