""""How many X are there at the <name> <noun>?" names its subject by a shortened name: "are there" says that something
exists, so the question's last word ("garden") is no verb of an inverted question but the noun the name modifies,
and a page's longer name with that head ("Oskerby Botanic Garden" for "the Oskerby garden") is the thing asked,
not another thing that opens with the same name (issue 9, trial t32 fault 2)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import modifies_noun
from shared.report import lead_section, says_not_established
from shared.text.answer import inverted_verb
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "k": ("Brask Community Kitchen", ["Brask Community Kitchen is a kitchen run by volunteers in the old Brask school.",
                                      "Brask Community Kitchen has six ovens.",
                                      "The kitchen was refitted in 1998."]),
    "t": ("Brask", ["Brask is a fishing town on the Tarn estuary with about 4,000 inhabitants."]),
}


@pytest.mark.parametrize(("question", "verb"), [
    ("How many ovens are there at the Brask kitchen?", None),
    ("How many pupils were there in the Orlen school?", None),
    ("When was the harbour of Tarnby dredged?", "dredged"),
    ("In what year was the birthplace of Ilse Varga founded?", "founded"),
])
def test_are_there_has_no_inverted_verb(question: str, verb: str | None) -> None:
    assert inverted_verb(question) == verb


def test_the_name_before_a_noun_says_which_one() -> None:
    assert modifies_noun("How many ovens are there at the Brask kitchen?", "Brask")


def test_a_shortened_name_is_answered_by_the_longer_name_with_its_noun() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report("How many ovens are there at the Brask kitchen?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("Brask Community Kitchen has six ovens"), lead
    assert not says_not_established(rep.markdown) and answered and gate.tier != "low", (lead, gate.tier)
