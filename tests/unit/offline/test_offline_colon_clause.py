"""Only a short label before a colon is a label of the paragraph's subject's value ("Price: 399 EUR." -> "The
Moktari Piccolo's price: 399 EUR."); a clause with a verb of its own before a colon is a statement and stays as it
is (issue 9, trial t28 fault 3: "No varroa mite has ever been found on the island: the 2024 inspection of 600
colonies found none." was rewritten "Varnö's no varroa mite has ever been found ...")
(``services.claim_extractor.offline``)."""

from __future__ import annotations

from services.claim_extractor.offline import _is_label, extract_claims

PAGE = ("Wasp watch on Haldoy\n\n"
        "Haldoy is one of the few islands of the coast still free of the hornet. No hornet nest has ever been seen "
        "on the island: the 2023 survey of 40 orchards found none. Length of the survey: 14 weeks.\n\n"
        "Bees on the island were counted in every village. We counted at dawn: the bees were still in their hives.")


def test_a_clause_before_a_colon_stays_a_label_does_not() -> None:
    texts = [c.text for c in extract_claims(PAGE, title="Haldoy")]
    assert "No hornet nest has ever been seen on the island: the 2023 survey of 40 orchards found none." in texts
    assert not any("'s no hornet" in t for t in texts), texts
    # a short label naming nothing is still the paragraph subject's value
    assert "Haldoy's length of the survey: 14 weeks." in texts, texts
    assert not any("'s we counted" in t.lower() for t in texts), texts


def test_what_is_a_label() -> None:
    for label in ("Price", "Price at the time of testing", "Opening hours", "Season of the survey"):
        assert _is_label(label), label
    for clause in ("No hornet nest has ever been seen on the island", "We counted at dawn",
                   "There is one rule", "The survey of the island of Haldoy in the north of the coast"):
        assert not _is_label(clause), clause


def test_a_wh_heading_with_it_is_a_label() -> None:
    # review of stop 45, F7: "How it works" and "What it costs" are headings, not clauses with "it" as subject
    assert _is_label("How it works")
    assert _is_label("What it costs")
    assert not _is_label("Today it operates four looms")
