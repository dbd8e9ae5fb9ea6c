"""Tests for services.claim_extractor.offline (trial t71 Q02): on a press kit titled "<name> <year> - Press Kit", the
sentence "It was first held in <earlier year> and has been organised every year by ..." became "<name> <year> was
first held in ...": the pronoun resolved to the title naming one edition, so the series' first edition read as
the edition's. A fact of the series (first held, founded, established, inaugurated, held every year) is written
with the series' name, without the edition's year; a fact of the edition keeps it (invented names throughout)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims

KIT = "Brennock Open 2024 - Press Kit"
KIT_TEXT = (
    f"{KIT}\n\nIssued by the Brennock Bridge Club, Hallowmere, 2 September 2024.\n\n"
    "The Brennock Open is one of the oldest bridge congresses in the region. It was first held in 1983 and has been "
    "organised every year by the Brennock Bridge Club, which was founded in 1950.\n\n"
    "The Brennock Open returns to the Drill Hall this autumn. It takes place on 12-13 October 2024 and offers a "
    "prize fund of £2,600.\n"
)


def claims(text: str, title: str | None) -> list[str]:
    return [c.text for c in extract_claims(text, title=title)]


def test_a_pronouns_series_fact_names_the_series_without_the_editions_year() -> None:
    out = claims(KIT_TEXT, KIT)
    assert ("The Brennock Open was first held in 1983 and has been organised every year by the Brennock Bridge Club, "
            "which was founded in 1950.") in out, out
    assert not any(c.startswith("Brennock Open 2024 was first held") for c in out), out


def test_a_pronouns_edition_fact_keeps_the_editions_year() -> None:
    out = claims(KIT_TEXT, KIT)
    assert "Brennock Open 2024 takes place on 12-13 October 2024 and offers a prize fund of £2,600." in out, out


def test_founding_and_recurrence_are_series_facts_a_date_of_the_edition_is_not() -> None:
    title = "Karsby Harbour Fair 2025 - Press kit"
    text = (f"{title}\n\nThe fair fills the quay of Karsby for three days.\n\n"
            "It was inaugurated on 3 May 2025 by the mayor. It was founded in 1921 by the fishermen's guild. "
            "It has been held every year since 1946.\n")
    out = claims(text, title)
    assert "Karsby Harbour Fair was founded in 1921 by the fishermen's guild." in out, out
    assert "Karsby Harbour Fair has been held every year since 1946." in out, out
    assert "Karsby Harbour Fair 2025 was inaugurated on 3 May 2025 by the mayor." in out, out


def test_a_descriptions_series_fact_is_not_framed_by_the_editions_year() -> None:
    # the h129 rule writes an edition's figure with its year ("In 2024 the ... drew 310 pairs"); a fact of the
    # series is no figure of that year
    title = "Brennock Congress 2024 - Press kit"
    text = (f"{title}\n\nThe Brennock Congress is a weekend bridge congress in Hallowmere.\n\n"
            "The congress was first held in 1983. The congress drew 310 pairs.\n")
    out = claims(text, title)
    assert "The Brennock Congress was first held in 1983." in out, out
    assert "In 2024 the Brennock Congress drew 310 pairs." in out, out
    assert not any(c.startswith("In 2024 the Brennock Congress was first held") for c in out), out
