"""A German question's noun is named by a page's near-synonym, also as a part of a compound (issue 9, trial t26
fault 10): "Wie lange dauert die Ausbildung zum Uhrmacher in Kessling?" answered by "Die Lehrzeit bei der
Uhrmacherinnung Kessling dauert drei Jahre" is not held back for "Ausbildung" (tier not low, judged answered);
another noun ("Renovierung") still does not name it (``shared.text.compounds.NEAR_SYNONYMS_DE``, ``same_noun``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.compounds import same_noun
from tests.claim_pages import listed_claims, recorded_report


def _report(sentences: list[str], question: str):  # type: ignore[no-untyped-def]
    claims, sources = listed_claims({"p": ("Uhrmacherinnung Kessling", sentences)})
    return recorded_report(question, claims, sources)


def test_a_near_synonym_of_the_asked_noun_answers() -> None:
    rep, gate, answered, total = _report(
        ["Die Lehrzeit bei der Uhrmacherinnung Kessling dauert drei Jahre.",
         "Die Lehrlinge lernen zuerst das Feilen von Zahnrädern."],
        "Wie lange dauert die Ausbildung zum Uhrmacher in Kessling?")
    assert "drei Jahre" in lead_section(rep.markdown)
    assert "names_missing" not in gate.signals and gate.tier != "low" and answered and total > 60, gate


def test_another_noun_is_no_near_synonym() -> None:
    rep, gate, answered, _total = _report(
        ["Die Renovierung der Werkstatt der Uhrmacherinnung Kessling dauert drei Jahre."],
        "Wie lange dauert die Ausbildung zum Uhrmacher in Kessling?")
    assert gate.signals.get("names_missing") == 1.0 and gate.tier == "low" and not answered


@pytest.mark.parametrize("a,b,same", [
    ("Ausbildung", "Lehre", True), ("Ausbildung", "Lehrzeit", True), ("Krankenhaus", "Klinik", True),
    ("Krankenhaus", "Kinderklinik", True), ("Ausbildung", "Renovierung", False), ("Arzt", "Klinik", False),
])
def test_same_noun(a: str, b: str, same: bool) -> None:
    assert same_noun(a, b, "de") is same
