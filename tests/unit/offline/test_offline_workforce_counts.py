"""Pages counting one holder's workforce in other words disagree as one count ("employs 40 people" / "has 25
employees" / "70 workers": people = employees = staff = workers when they work there), an opening adverb run into the
holder's name ("Today the Hollin Ropeworks ...") aside; and the lead says only the disagreements that bear on what
is asked: a founding-year dispute is no dispute of "How many people work at ...?" and is said among the findings
(issue 9, trial t36 fault 11; ``services.synthesizer.offline``: ``_counted_kind``, ``_holder_name``,
``find_disagreements``, the lead of ``synthesize``)."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import WORKFORCE, find_disagreements
from shared.report import lead_section
from shared.text.quantity import counted_nouns, counts
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "a": ("The Hollin Ropeworks", ["The Hollin Ropeworks was founded in 1841 by Edvin Sall.",
                                   "The Hollin Ropeworks employs 40 people."]),
    "b": ("Hollin Ropeworks history", ["The Hollin Ropeworks was founded in 1856 by Greta Lind.",
                                       "The Hollin Ropeworks employs 70 people."]),
    "c": ("Hollin Ropeworks", ["The Hollin Ropeworks was established in 1838 by Nils Ekberg.",
                               "Today the Hollin Ropeworks has 25 employees."]),
}


def _disputes(pages: dict[str, tuple[str, list[str]]]) -> list[tuple[str, list[str]]]:
    claims, sources = listed_claims(pages)
    return [(d.kind, [v for _i, v in d.values])
            for d in find_disagreements(claims, {sid: s.title for sid, s in sources.items()})]


@pytest.mark.parametrize("a,b", [
    ("The Hollin Ropeworks employs 40 people.", "Today the Hollin Ropeworks has 25 employees."),
    ("The Hollin Ropeworks has 25 staff.", "About 40 people work at the Hollin Ropeworks."),
    ("The Hollin Ropeworks employs 40 workers.", "The Hollin Ropeworks has 25 employees."),
    ("Currently the Hollin Ropeworks has 40 employees.", "The Hollin Ropeworks has 25 employees."),
])
def test_one_workforce_counted_in_other_words_disagrees(a: str, b: str) -> None:
    found = _disputes({"a": ("Ropeworks news", [a]), "b": ("Ropeworks guide", [b])})
    assert [k for k, _v in found] == [WORKFORCE], found
    assert sorted(v.split()[0] for v in found[0][1]) == ["25", "40"], found


@pytest.mark.parametrize("a,b", [
    # people who visit are no workforce
    ("The Hollin Ropeworks drew 3,000 people to its open day.", "The Hollin Ropeworks has 25 employees."),
    # another holder's workforce
    ("The Tarn Sawmill employs 40 people.", "The Hollin Ropeworks has 25 employees."),
    # the same count
    ("The Hollin Ropeworks employs 25 people.", "Today the Hollin Ropeworks has 25 employees."),
])
def test_other_people_or_holders_or_the_same_count_do_not_disagree(a: str, b: str) -> None:
    assert _disputes({"a": ("Ropeworks news", [a]), "b": ("Ropeworks guide", [b])}) == []


def test_the_three_counts_are_one_disagreement() -> None:
    found = _disputes(PAGES)
    counts = [v for k, v in found if k == WORKFORCE]
    assert counts == [["40 people", "70 people", "25 employees"]], found
    assert not [k for k, _v in found if k == "people"], found  # not said twice
    assert {k for k, _v in found} == {WORKFORCE, "year", "name"}, found


def test_the_count_dispute_leads_and_the_founding_dispute_is_a_finding() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report("How many people work at the Hollin Ropeworks?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The sources disagree: 25 employees ["), lead
    assert "40 people" in lead and "70 people" in lead, lead
    assert not any(y in lead for y in ("1838", "1841", "1856")), lead
    assert "founded" not in lead and "established" not in lead, lead  # no founding sentence either
    assert "1838" in rep.markdown and "1856" in rep.markdown  # said among the findings
    assert gate.tier == "low" and gate.signals.get("disputed") == 1.0, gate


def test_a_founder_question_leads_with_the_names_not_the_years() -> None:
    claims, sources = listed_claims(PAGES)
    rep, gate, _answered, _total = recorded_report("Who founded the Hollin Ropeworks?", claims, sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The sources disagree: "), lead
    assert all(n in lead for n in ("Edvin Sall", "Greta Lind", "Nils Ekberg")), lead
    assert not lead.startswith("The sources disagree: 18"), lead
    assert gate.tier == "low", gate


@pytest.mark.parametrize("question,sentence,counted", [
    ("How many people work at the Hollin Ropeworks?", "Today the Hollin Ropeworks has 25 employees.", ["25"]),
    ("How many people are employed by the Hollin Ropeworks?", "The ropeworks has 40 staff in its spinning hall.", ["40"]),
    ("How many staff does the Hollin Ropeworks have?", "The Hollin Ropeworks employs 70 workers.", ["70"]),
    ("How many workers does the Hollin Ropeworks have?", "The ropeworks has 25 employees.", ["25"]),
    # people who live somewhere are no workforce
    ("How many people live in Hollin?", "The Hollin Ropeworks has 25 employees.", []),
])
def test_a_workforce_is_counted_by_any_of_its_nouns(question: str, sentence: str, counted: list[str]) -> None:
    assert counts(sentence, counted_nouns(question)) == counted
