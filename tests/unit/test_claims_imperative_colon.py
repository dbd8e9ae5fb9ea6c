"""An imperative sentence with a colon is no labelled value of the previous subject (issue 15, trial t19 fault 15):
"limitwise is simpler but only works in synchronous code. Avoid ratelimitr: its latest release was yanked." made
the claim "limitwise's avoid ratelimitr: its latest release was yanked". A colon's continuation opening with a
pronoun is a clause about the words before the colon; both sentences stay claims as written."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

PAGE = ("Rate limiting in Python\n"
        "quotaflow is simpler but only works in synchronous code. Avoid slowgate: its latest release was yanked.\n"
        "The Lumo R5 is a robot vacuum. Battery life: up to 180 minutes per charge.\n")


def test_an_imperative_before_a_colon_is_no_label() -> None:
    claims = {PAGE[c.start:c.end]: c.text for c in extract_claims(PAGE, title="Rate limiting in Python")}
    assert claims["quotaflow is simpler but only works in synchronous code."] == (
        "quotaflow is simpler but only works in synchronous code.")
    assert claims["Avoid slowgate: its latest release was yanked."] == "Avoid slowgate: its latest release was yanked."
    # a labelled value still is its paragraph's subject's
    assert claims["Battery life: up to 180 minutes per charge."] == (
        "The Lumo R5's battery life: up to 180 minutes per charge.")
