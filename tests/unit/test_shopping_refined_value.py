"""A value that says more of another is no disagreement between sources (issue 15, trial t52s fault 10: "the sources
disagree on the hammer mode of Voltrex V12 Pro" for "Yes (up to 25,500 bpm)" and "Yes"). Through the shopping
engine on invented pages; all products and figures are invented."""

from __future__ import annotations

from tests.shop_pages import run, spec_shop


def site(maker_says: str, shop_says: str) -> dict[str, str]:
    """The Pelto HX2 on two shops' pages, each with its hammer mode as written, and the Corvan CD4 on one."""
    return {"/a/pelto": spec_shop("Pelto HX2", "139.00", {"Hammer mode": maker_says, "Max torque": "40 Nm"}),
            "/b/pelto": spec_shop("Pelto HX2", "149.00", {"Hammer mode": shop_says, "Max torque": "40 Nm"}),
            "/a/corvan": spec_shop("Corvan CD4", "149.00", {"Hammer mode": "No", "Max torque": "70 Nm"})}


def test_a_value_refining_another_is_one_value_and_two_that_differ_are_a_disagreement() -> None:
    refined = run("Which cordless drill should I buy?", site("Yes (up to 24,000 bpm)", "Yes"))
    assert not refined.conflicts and not any("disagree" in n for n in refined.notes), refined.notes
    opposed = run("Which cordless drill should I buy?", site("Yes (up to 24,000 bpm)", "No"))
    assert opposed.conflicts == ["peltohx2: hammer mode"], opposed.conflicts
    two_rates = run("Which cordless drill should I buy?", site("Yes (up to 24,000 bpm)", "Yes (up to 30,000 bpm)"))
    assert two_rates.conflicts == ["peltohx2: hammer mode"], two_rates.conflicts
