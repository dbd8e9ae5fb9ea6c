"""A choice between two years written before a shared thing and attribute ("Which is larger: the 2022 or the 2024
Harlow Cup prize fund?") compares the two years (shared.text.answer.comparison_options), decided by the by-year
rows' figure of the asked attribute, a money cell included ("Year 2022: teams 16, prize fund £1,500, ..."), not
another cell of the rows (services.synthesizer.verdicts.decide_choice; task h138, trial t71 Q12). Invented pages."""

from __future__ import annotations

import pytest

from shared.report import lead_section, says_not_established
from shared.text.answer import answer_type, comparison_options
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "f": ("Harlow Cup figures by year", ["Year 2022: teams 16, prize fund £1,500, top seed Orla Venn.",
                                         "Year 2023: teams 18, prize fund £1,900, top seed Piet Marl.",
                                         "Year 2024: teams 14, prize fund £2,600, top seed Orla Venn.",
                                         "The Harlow Cup is a five-a-side football tournament held every May."]),
}


@pytest.mark.parametrize("question", [
    "Which is larger: the 2022 or the 2024 Harlow Cup prize fund?",
    "Which was bigger, the 2022 or the 2024 Harlow Cup prize fund?",
])
def test_two_years_before_a_shared_attribute_are_the_options(question: str) -> None:
    assert answer_type(question) == "comparison"
    assert comparison_options(question) == ["2022", "2024"]


@pytest.mark.parametrize(("question", "opening", "first", "second"), [
    ("Which is larger: the 2022 or the 2024 Harlow Cup prize fund?", "2024", "£2,600", "£1,500"),
    ("Which was smaller, the 2022 or the 2024 Harlow Cup prize fund?", "2022", "£1,500", "£2,600"),
])
def test_the_rows_figure_of_the_asked_attribute_decides(question: str, opening: str, first: str, second: str) -> None:
    # (the teams column would pick the other year: 16 teams in 2022 against 14 in 2024)
    claims, sources = listed_claims(PAGES)
    rep, gate, answered, _total = recorded_report(question, claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith(opening) and not says_not_established(lead), lead
    assert f"{first} [" in lead and f"{second} [" in lead and lead.index(first) < lead.index(second), lead
    assert answered and gate.tier != "low", gate
