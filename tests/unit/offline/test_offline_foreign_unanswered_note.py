"""A question in a language the sources are not in, whose terms match nothing but a name ("Ποιος είναι ο δήμαρχος
του Tallmere;" over English pages), gets a lead of another topic at low confidence: the report says so in its own
language, "Δεν τεκμηριώθηκε: ..." in the lead and under "What is missing", and the judge counts it unanswered, as an
English report says "Not established" (issue 9, trial t25 fault 4)."""

from __future__ import annotations

import pytest

from shared.report import NOT_ESTABLISHED, lead_section, missing_items, says_not_established
from tests.claim_pages import judged, listed_claims, noted_report

PAGES = {
    "l": ("Tallmere Lido", ["Tallmere Lido opened in 1926 on the river bank.", "The lido is heated by a solar array.",
                            "It is open from May to September."]),
    "m": ("Tallmere Museum", ["The Tallmere Museum holds a collection of quarry tools and railway photographs.",
                              "Admission is free on Sundays.", "The museum was opened by the mayor in 1961."]),
}


@pytest.mark.parametrize(("question", "language", "label"), [
    ("Ποιος είναι ο δήμαρχος του Tallmere;", "el", "Δεν τεκμηριώθηκε"),
    ("Πόσο κοστίζει η είσοδος στο Tallmere Lido;", "el", "Δεν τεκμηριώθηκε"),
    ("Кто мэр города Tallmere?", "ru", "Не установлено"),
])
def test_a_foreign_question_left_open_says_so_in_its_language(question: str, language: str, label: str) -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate = noted_report(question, claims, sources, language=language)
    assert gate.tier == "low" and gate.signals.get("not_established"), gate
    lead = lead_section(rep.markdown)
    assert lead.startswith(f"{label}: ") and says_not_established(rep.markdown), lead
    assert missing_items(rep.markdown)[0].startswith(label) and NOT_ESTABLISHED not in rep.markdown
    verdict = judged(rep, question, claims, answered_probability=gate.signals["answered"])
    assert not verdict.answered and verdict.total <= 60, verdict
