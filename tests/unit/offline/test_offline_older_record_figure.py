"""Trial t64 Q15 (the pages here are invented): a register's record of a college ("Retrieved: 2021-04-12",
"students 7300") and the college's annual report ("students 8,150 in 2024", "In 2024 ... enrolled 8,150 students")
give two figures. The lead picked the register's stale figure (at medium) or said the sources disagree (low) without
saying which is newer, and "What is the enrolment of X?" found no figure at all in "enrolled 8,150 students".

Rules: a count asked by its "-ment" noun is stated by that noun's verb (``shared.text.synonyms.ment_verb_stem``:
"enrolled" states the "enrolment", "8,150 students were enrolled" too), and what the verb counts ("students") is a
count of it; a page's date its data is of (a record's "Retrieved: <date>" line, ``services.scraper.fetch._content
.stated_update``) dates its undated figures, so for a present-tense question the newest dated figure leads and the
older one is said as older ("An older source (2021) gives 7300 [2]."), the tier medium at most."""

from __future__ import annotations

import pytest

from services.scraper.fetch._content import stated_update
from shared.report import lead_section
from shared.text.quantity import (
    act_count_attribute,
    asked_count_nouns,
    counted_nouns,
    counts,
    verb_counted_nouns,
    with_counted_objects,
)
from shared.text.relations import with_relations
from shared.text.synonyms import ment_verb_stem
from shared.text.tokens import tokenize
from tests.claim_pages import listed_claims, noted_report

NAME = "Morvane College"
RECORD = ("Morvane College", [f"{NAME}: registry Ostrevian Register of Colleges.", f"{NAME}: city Lindby.",
                              f"{NAME}: students 7300.", f"{NAME}: faculties 4."])
REPORT_TABLE = ("Morvane College Annual Report 2024", [f"{NAME}: students 8,150 in 2024.",
                                                       f"{NAME}: graduates 1,940 in 2024.",
                                                       f"{NAME}: budget (million EUR) 96 in 2024."])
REPORT_TEXT = ("Morvane College Annual Report 2024",
               [f"In 2024 {NAME} enrolled 8,150 students in its four faculties, and 1,940 students graduated.",
                f"{NAME} was founded in 1911 by the weaver Hedda Morvane."])
ENCYCLOPEDIA = ("Morvane College", [f"{NAME} is a public college in Lindby, Ostrevia.",
                                    f"{NAME} has four faculties: Law, Medicine, Engineering and Humanities."])


def _report(question: str, pages: dict[str, tuple[str, list[str]]], modified: dict[str, str]
            ) -> tuple[str, str, float]:
    claims, sources = listed_claims(pages)
    for sid, date in modified.items():
        sources[sid] = sources[sid].model_copy(update={"modified": date})
    report, gate = noted_report(question, claims, sources)
    return lead_section(report.markdown), gate.tier, gate.score


@pytest.mark.parametrize(("noun", "stem"), [
    ("enrolment", "enrol"), ("enrollment", "enrol"), ("enrolments", "enrol"), ("development", "develop"),
    ("moment", None), ("cement", None), ("students", None), ("attendance", None),
])
def test_the_verb_of_a_ment_noun(noun: str, stem: str | None) -> None:
    assert ment_verb_stem(noun) == stem


def test_an_enrolment_is_counted_by_its_verb() -> None:
    nouns = act_count_attribute(f"What is the enrolment of {NAME}?")
    assert nouns == ("enrolment",)
    assert act_count_attribute(f"What is the enrollment of {NAME}?") == ("enrollment",)
    assert act_count_attribute(f"What is the population of {NAME}?") == ()
    assert counted_nouns(f"What is the enrolment of {NAME}?") == ()  # any count may answer, as before
    assert counts(f"In 2024 {NAME} enrolled 8,150 students in its four faculties, and 1,940 students graduated.",
                  nouns) == ["8,150"]
    assert counts("8,150 students were enrolled in 2024.", nouns) == ["8,150"]
    assert counts(f"{NAME} had an enrolment of about 8,150 students.", nouns) == ["8,150"]
    assert counts(f"{NAME}: enrolment 8,150.", nouns) == ["8,150"]
    assert counts(f"{NAME} has four faculties.", nouns) == []
    assert counts(f"{NAME}: students 7300.", nouns) == []  # a count of students, not by the enrolment's words
    assert verb_counted_nouns(f"In 2024 {NAME} enrolled 8,150 students.", nouns) == ("student",)
    texts = [f"In 2024 {NAME} enrolled 8,150 students.", f"{NAME}: students 7300."]
    assert with_counted_objects(nouns, texts) == ("enrolment", "student")
    assert counts(texts[1], with_counted_objects(nouns, texts)) == ["7300"]
    assert with_counted_objects(("arch",), texts) == ("arch",)
    question = f"What is the enrolment of {NAME}?"
    assert asked_count_nouns(question, texts) == ("enrolment", "student")
    assert asked_count_nouns(question, [f"{NAME} has 8,150 students."]) == ()  # no verb states it: any count


def test_a_verb_holds_the_ment_noun_asked() -> None:
    text = f"In 2024 {NAME} enrolled 8,150 students."
    assert "enrolment" in with_relations(set(tokenize(text)), ["enrolment", "morvane"], text)
    assert "enrolment" not in with_relations(set(tokenize("The college rolled out a new logo.")), ["enrolment"],
                                             "The college rolled out a new logo.")


@pytest.mark.parametrize(("text", "iso"), [
    ("Morvane College\n\nRegistry: Ostrevian Register of Colleges\nRetrieved: 2021-04-12\nStudents: 7300", "2021-04-12"),
    ("Accessed: 3 May 2021\n\nText.", "2021-05-03"),
    ("Retrieved 12 May 2020.\n\nText.", None),  # a reference list's access date of a cited page, no colon
])
def test_a_records_retrieval_date(text: str, iso: str | None) -> None:
    assert stated_update(text) == iso


def test_how_many_the_newest_dated_figure_leads_the_older_record_said_older() -> None:
    lead, tier, score = _report(f"How many students does {NAME} have?",
                                {"reg": RECORD, "rep": REPORT_TABLE, "enc": ENCYCLOPEDIA}, {"reg": "2021-04-12"})
    assert lead == f"{NAME}: students 8,150 in 2024 [1]. An older source (2021) gives 7300 [2].", lead
    assert tier == "medium" and score <= 0.84, (tier, score)


def test_the_enrolment_is_the_reports_figure_the_older_record_said_older() -> None:
    lead, tier, score = _report(f"What is the enrolment of {NAME}?",
                                {"reg": RECORD, "rep": REPORT_TEXT, "enc": ENCYCLOPEDIA}, {"reg": "2021-04-12"})
    assert lead.startswith(f"In 2024 {NAME} enrolled 8,150 students in its four faculties"), lead
    assert lead.endswith("An older source (2021) gives 7300 [2]."), lead
    assert tier == "medium" and score <= 0.84, (tier, score)


def test_an_undated_record_is_no_older_figure() -> None:
    # without the record's date nothing says which figure is newer: the two counts of students disagree (low); the
    # enrolment the report's sentence states leads, the record's other count said as another source's, undated
    lead, tier, _score = _report(f"How many students does {NAME} have?",
                                 {"reg": RECORD, "rep": REPORT_TABLE, "enc": ENCYCLOPEDIA}, {})
    assert lead == f"The sources disagree on the number of students of {NAME}: 7300 [1]; 8,150 [2].", lead
    assert tier == "low", tier
    lead, tier, score = _report(f"What is the enrolment of {NAME}?",
                                {"reg": RECORD, "rep": REPORT_TEXT, "enc": ENCYCLOPEDIA}, {})
    assert lead.startswith(f"In 2024 {NAME} enrolled 8,150 students"), lead
    assert lead.endswith("Another source, undated, gives 7300 [2]."), lead
    assert tier == "medium" and score <= 0.84, (tier, score)


def test_a_newer_record_leads() -> None:
    # a record retrieved after the report's year: its figure is the newer one, the report's the older
    lead, tier, _score = _report(f"How many students does {NAME} have?",
                                 {"reg": RECORD, "rep": REPORT_TABLE, "enc": ENCYCLOPEDIA}, {"reg": "2025-09-01"})
    assert lead == f"{NAME}: students 7300 [1]. An older source (2024) gives 8,150 [2].", lead
    assert tier == "medium", tier


def test_a_figure_of_another_name_is_no_older_figure() -> None:
    # the register's record of another college counts other students
    other = ("Harby College", ["Harby College: registry Ostrevian Register of Colleges.", "Harby College: students 2100."])
    lead, _tier, _score = _report(f"What is the enrolment of {NAME}?",
                                  {"reg": other, "rep": REPORT_TEXT, "enc": ENCYCLOPEDIA}, {"reg": "2021-04-12"})
    assert lead.startswith(f"In 2024 {NAME} enrolled 8,150 students"), lead
    assert "2100" not in lead and "source" not in lead, lead


def test_a_time_frame_before_the_name_leaves_the_sentence_its_subject() -> None:
    # "In 2024 Morvane College enrolled ..." on the page "Morvane College Annual Report 2024" is about Morvane College,
    # not about a longer name its page's title gives: it leads alone, no other sentence of its page after it
    lead, _tier, _score = _report(f"What is the enrolment of {NAME}?",
                                  {"rep": REPORT_TEXT, "enc": ENCYCLOPEDIA}, {})
    assert lead == (f"In 2024 {NAME} enrolled 8,150 students in its four faculties, and 1,940 students graduated "
                    "[1]."), lead


@pytest.mark.parametrize("other", [
    # the verb counts another noun (members of a scheme), not the students the other figure counts
    f"In 2024 {NAME} enrolled 35 staff in a pension plan.",
    f"{NAME} enrolled 35 staff in a pension plan.",
    # the verb's subject is another thing the sentence names first
    f"In 2024 the Harlow Academy near {NAME} enrolled 960 students.",
])
def test_a_verb_count_of_another_noun_or_thing_is_no_enrolment(other: str) -> None:
    # (review rev62 F2: each led at medium in place of the college's own figure)
    pages = {"enc": ("Morvane College", [f"{NAME} is a public college in Lindby, Ostrevia.", f"{NAME}: students 7300."]),
             "news": ("Morvane College news", [other])}
    lead, _tier, _score = _report(f"What is the enrolment of {NAME}?", pages, {})
    assert lead.split("\n")[0] == f"{NAME}: students 7300 [1].", lead
