"""A plain-text file's title line and the "Last updated:" line under it (issue 9, trial t51 F9): the title swallowed
the update line ("Castelbruna Silk-Weaving Museum - Frequently asked questions for visitors Last updated: 20 February
2024"), which became a claim, and the file had no date. The title line is the title only, the update line gives the
source's last-modified date and no claim; a "Related: A · B" line of links is no claim either."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch import parse_file
from services.scraper.fetch.files import unwrap_hard_wraps
from services.scraper.handlers import local_page_dates
from shared.text.noise import noise_kind

FAQ = ("Harlow Rope Works - Questions visitors ask most often\n{update}\n\n"
       "When can I visit?\nThe rope works opens five days a week. The shop is closed every Monday.\n")


@pytest.mark.parametrize(("update", "date"), [
    ("Last updated: 20 February 2024", "2024-02-20"),
    ("Updated 3 May 2023", "2023-05-03"),
    ("As of March 2024", "2024-03-01"),
])
def test_a_plain_text_title_keeps_its_update_line_apart(tmp_path: Path, update: str, date: str) -> None:
    path = tmp_path / "faq.txt"
    path.write_text(FAQ.format(update=update), encoding="utf-8")
    doc = parse_file(path)
    assert doc.title == "Harlow Rope Works - Questions visitors ask most often"
    assert local_page_dates(str(path), doc.content_type, doc.text) == (None, date)
    claims = [c.text for c in extract_claims(doc.text, title=doc.title)]
    assert not any("Questions visitors" in c or update in c for c in claims), claims
    assert "The rope works opens five days a week." in claims


def test_a_wrapped_sentence_going_on_with_as_of_is_still_joined() -> None:
    text = ("The register counted every loom still at work in the valley in the count made\n"
            "as of 2024 by the weavers' guild and its members.\n")
    assert unwrap_hard_wraps(text, markdown=False).count("\n") == 1


@pytest.mark.parametrize("line", [
    "Related: Flood warnings lifted in the upper Val Serra · Ski lifts open early at Passo Brena",
    "Related articles: The loom room reopens · A new director for the museum",
    "Read also: Ski lifts open early at Passo Brena",
    "Mehr zum Thema: Hochwasserwarnung aufgehoben",
    "Leggi anche: Riapre il museo della seta",
])
def test_a_related_links_line_is_navigation(line: str) -> None:
    assert noise_kind(line) == "navigation"
    text = f"The museum reopened on Saturday after a fourteen-month restoration of its roof.\n\n{line}\n"
    assert [c.text for c in extract_claims(text)] == [
        "The museum reopened on Saturday after a fourteen-month restoration of its roof."]


@pytest.mark.parametrize("sentence", [
    "Related species of silkworm are raised in Japan and in India for their thread.",
    "The related museum in Como holds 300 looms: it opened in 1990.",
])
def test_a_sentence_about_related_things_is_content(sentence: str) -> None:
    assert noise_kind(sentence) is None
