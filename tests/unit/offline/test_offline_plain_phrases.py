"""A yes/no question asking in many words what a page says in one is decided by that page: "get into ... without
paying" asks whether entry is free, which "Admission is free of charge" and "free to enter" state (shared.text.
synonyms.said_plainly; issue 9, trial t32 fault 7)."""

from __future__ import annotations

import pytest

from services.synthesizer.verdicts import states_predicate
from shared.report import lead_section, says_not_established
from shared.text.synonyms import said_plainly, same_thing
from tests.claim_pages import listed_claims, recorded_report


@pytest.mark.parametrize(("text", "plain"), [
    ("Can you get into the Harl museum without paying?", "Can you enter the Harl museum free?"),
    ("Can I go in for free?", "Can I enter free?"),
    ("Is parking at no cost?", "Is parking free?"),
    ("Is there no entry fee?", "Is there free?"),
    ("Can I visit it free of charge?", "Can I visit it free?"),
    ("When was the museum founded?", "When was the museum founded?"),
    ("Did the ferry go into service in 1952?", "Did the ferry enter service in 1952?"),
    ("Did the Harl crew come in second?", "Did the Harl crew come in second?"),
])
def test_a_phrase_is_said_in_the_word_a_page_uses(text: str, plain: str) -> None:
    assert said_plainly(text) == plain


def test_entering_is_entry_and_admission() -> None:
    assert same_thing("enter", "entry") and same_thing("admission", "entrance")


PAGES = {
    "m": ("Harl Lace Museum", ["The Harl Lace Museum is a museum of bobbin lace in the old weigh house of Harl.",
                               "Admission to the galleries is free of charge.",
                               "The museum shop sells lace kits for 18 crowns."]),
    "t": ("Harl", ["Harl is a town on the Vessel estuary with about 9,000 inhabitants."]),
}


@pytest.mark.parametrize("question", ["Can you get into the Harl Lace Museum without paying?",
                                      "Can I go into the Harl Lace Museum for free?"])
def test_a_paraphrased_yes_no_question_is_answered(question: str) -> None:
    assert states_predicate(question, "Admission to the galleries is free of charge.")
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Yes: Admission to the galleries is free of charge"), lead
    assert not says_not_established(rep.markdown) and answered and gate.tier != "low", (lead, gate.tier)
