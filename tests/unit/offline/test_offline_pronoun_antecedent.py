"""Tests for services.claim_extractor.offline (issue 9, trial t48 fault 6): a leading pronoun stands for what the
previous sentence names when that sentence is about another thing than the page's subject: "He" for the one
person it names, "It" for the thing it names after "the"; unsure (two people) gives no claim; the page's subject
stays when the previous sentence is about it."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

TITLE = "A Short History of Wendle Town Museum"
HISTORY = (
    "# A Short History of Wendle Town Museum\n\n"
    "Wendle Town Museum was founded in 1902 by the mill owner Clara Hobden in the old corn exchange.\n\n"
    "The museum's best-known building, the Fairlie Gallery, opened in 1911. It is a brick and timber hall 30 metres "
    "long and 9.5 metres high.\n\n"
    "In 1968 Walter Essery became curator. He ran the museum for 22 years and started its print archive in 1975.\n\n"
    "In 1990 Agnes Pell and Tomas Brede joined the staff as keepers. He catalogued the archive in 1994.\n"
)


def texts(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


def test_it_after_a_thing_named_in_apposition_is_that_thing_not_the_page_subject() -> None:
    out = texts(HISTORY, TITLE)
    assert "The Fairlie Gallery is a brick and timber hall 30 metres long and 9.5 metres high." in out, out
    assert not any(c.startswith("Wendle Town Museum is a brick") for c in out), out


def test_he_after_a_sentence_naming_one_person_is_that_person() -> None:
    out = texts(HISTORY, TITLE)
    assert "Walter Essery ran the museum for 22 years and started its print archive in 1975." in out, out
    assert not any(c.startswith("Wendle Town Museum ran") for c in out), out


def test_he_after_a_sentence_naming_two_people_gives_no_claim() -> None:
    out = texts(HISTORY, TITLE)
    assert not any("catalogued the archive" in c for c in out), out


def test_the_page_subject_stays_when_the_previous_sentence_is_about_it() -> None:
    page = ("The Marlow Tower stands on the bank of the River Fenn near the Old Mill. It is 80 metres tall and "
            "was finished in 1931.")
    assert "The Marlow Tower is 80 metres tall and was finished in 1931." in texts(page, "Marlow Tower")
    person = "Oskar Lindqvist met the painter Agnes Pell in 1950. He later married her in Uppsala in 1953."
    assert "Oskar Lindqvist later married her in Uppsala in 1953." in texts(person, "Oskar Lindqvist")
