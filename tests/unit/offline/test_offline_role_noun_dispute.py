"""Names given for one relation disagree whatever role noun each page sets before its name (issue 9, trial t39
fault 8): "designed by the engineer Ebba Sand", "... by the engineer Karl Frost" and "... by the architect Lena
Vik" are one statement with three names, so the report leads with all three ("The sources disagree: ..."), not
with one of them at medium confidence. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.report import lead_section
from tests.claim_pages import local_claim, local_source

TITLES = {"s1": "Halme Bridge", "s2": "Bridges of the coast", "s3": "Halme Bridge history"}
DESIGNED = {"s1": "The Halme Bridge was designed by the engineer Ebba Sand.",
            "s2": "The Halme Bridge was designed by the engineer Karl Frost.",
            "s3": "The Halme Bridge was designed by the architect Lena Vik."}


def test_three_names_of_one_relation_are_one_dispute_whatever_their_role_nouns() -> None:
    claims = [local_claim(f"c{k}", sid, text) for k, (sid, text) in enumerate(DESIGNED.items())]
    assert [sorted(v for _i, v in d.values) for d in find_disagreements(claims, TITLES)] == [
        ["Ebba Sand", "Karl Frost", "Lena Vik"]]


@pytest.mark.parametrize("other", [
    "The Halme Bridge was painted green in a colour chosen by the town of Norrvik.",
    "The Halme Bridge was opened by the mayor Karl Frost.",  # another relation, another role
])
def test_other_words_than_a_role_noun_still_tell_statements_apart(other: str) -> None:
    claims = [local_claim("a", "s1", "The Halme Bridge was designed by the engineer Ebba Sand."),
              local_claim("b", "s2", other)]
    assert find_disagreements(claims, TITLES) == []


def test_the_report_leads_with_all_three_names() -> None:
    claims = [local_claim(f"c{k}", sid, text) for k, (sid, text) in enumerate(DESIGNED.items())]
    sources = {sid: local_source(sid, t) for sid, t in TITLES.items()}
    lead = lead_section(synthesize("Who designed the Halme Bridge?", claims, sources).markdown)
    assert lead.startswith("The sources disagree"), lead
    assert all(name in lead for name in ("Ebba Sand", "Karl Frost", "Lena Vik")), lead
