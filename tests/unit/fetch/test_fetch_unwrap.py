"""Hard-wrapped .md/.txt paragraphs: a single line break inside a paragraph is a space (issue 9, trial t18 F3)."""

from __future__ import annotations

from pathlib import Path

import pytest

from services.scraper.fetch import parse_file
from services.scraper.fetch._content import byline_date
from services.scraper.fetch.files import unwrap_hard_wraps
from shared.text.tokens import split_sentences

WRAPPED = (
    "The Harrowgate Tannery, not to be mistaken for the older Harrowgate Mill, was opened in 1907 by\n"
    "Selma Orwin in the parish of Upper Harrowgate. It tanned calf leather for bookbinders.\n"
    "The tannery closed in 1962 after a flood ruined its pits, and the building became\n"
    "a school.\n"
)


def _sentences(path: Path) -> list[str]:
    return [s.text for s in split_sentences(parse_file(path).text)]


@pytest.mark.parametrize("suffix", [".md", ".txt"])
def test_wrapped_paragraph_reads_as_sentences(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"tannery{suffix}"
    heading = "# Harrowgate Tannery\n\n" if suffix == ".md" else "Harrowgate Tannery\n\n"
    path.write_text(heading + WRAPPED, encoding="utf-8")
    sentences = _sentences(path)
    assert (
        "The Harrowgate Tannery, not to be mistaken for the older Harrowgate Mill, was opened in 1907 by "
        "Selma Orwin in the parish of Upper Harrowgate."
    ) in sentences
    assert "The tannery closed in 1962 after a flood ruined its pits, and the building became a school." in sentences
    assert "It tanned calf leather for bookbinders." in sentences
    assert parse_file(path).title == "Harrowgate Tannery"


def test_markdown_structure_keeps_its_breaks() -> None:
    md = (
        "# Quarry lines of the north shore\n"
        "The Benmore quarry line carried slate from the pits down to the harbour at\n"
        "Lisk; the line closed in 1931\n"
        "\n"
        "| line | opened |\n"
        "|------|--------|\n"
        "| Benmore | 1870 |\n"
        "\n"
        "```\n"
        "wagons per day on the incline without any brake van\n"
        "count = 40\n"
        "```\n"
        "\n"
        "> A long quoted line from the quarry manager that has no full stop\n"
        "> and a second quoted line\n"
        "\n"
        "- the upper incline was worked by a stationary steam engine until\n"
        "  the rope broke in 1911\n"
        "- the lower incline\n"
        "Gauge of the lines\n"
        "All lines of the north shore were laid to a gauge of two feet.\n"
        "Key figures:\n"
        "Forty wagons a day went down the incline in the busiest years of all.\n"
    )
    out = unwrap_hard_wraps(md, markdown=True)
    assert len(out) == len(md)
    assert "harbour at Lisk; the line closed in 1931\n\n" in out
    assert "| line | opened |\n|------|--------|\n| Benmore | 1870 |\n" in out
    assert "brake van\ncount = 40\n" in out
    assert "no full stop\n> and" in out
    assert "steam engine until   the rope broke" in out
    assert "- the lower incline\nGauge of the lines\nAll lines" in out  # a short title line is no wrap
    assert "two feet.\nKey figures:\nForty" in out  # a sentence end and a colon keep their breaks


def test_plain_text_structure_keeps_its_breaks() -> None:
    txt = (
        "Quarry lines\n"
        "The Benmore quarry line carried slate from the pits down to the harbour at\n"
        "Lisk and closed in 1931.\n"
        "```\n"
        "wagons per day on the incline without any brake van\n"
        "count = 40\n"
        "```\n"
        "1. the upper incline was worked by a stationary steam engine until\n"
        "   the rope broke in 1911\n"
        "2. the lower incline\n"
        "| line | opened |\n"
        "| Benmore | 1870 |\n"
    )
    out = unwrap_hard_wraps(txt, markdown=False)
    assert out.startswith(
        "Quarry lines\nThe Benmore quarry line carried slate from the pits down to the harbour at "
        "Lisk and closed in 1931.\n"
    )
    assert "brake van\ncount = 40\n" in out
    assert "steam engine until    the rope broke in 1911\n2. the lower incline\n| line" in out
    assert "| line | opened |\n| Benmore | 1870 |\n" in out


def test_unwrapped_text_is_returned_unchanged() -> None:
    text = "One sentence on a line.\nAnother sentence on its own line.\n\nA new paragraph."
    assert unwrap_hard_wraps(text, markdown=False) == text
    assert unwrap_hard_wraps(text, markdown=True) == text


@pytest.mark.parametrize("byline", ["Published 14 March 2019", "Date: 2019-03-14", "Posted on March 14, 2019"])
def test_a_plain_text_title_keeps_its_byline_apart(tmp_path: Path, byline: str) -> None:
    """A plain-text report's first line is its title and the byline under it a line of its own (issue 9, trial t30
    fault 12: the title swallowed "Published ..." and the document had no date)."""
    path = tmp_path / "report.txt"
    path.write_text(f"Tarrow Valley Rowing Club - Treasurer's statement 2018\n{byline}\n\n"
                    "The club ended the year with a surplus of 4,200 pounds after the boathouse roof was mended.\n",
                    encoding="utf-8")
    doc = parse_file(path)
    assert doc.title == "Tarrow Valley Rowing Club - Treasurer's statement 2018"
    assert byline_date(doc.text) == "2019-03-14"


def test_a_sentence_about_publishing_is_still_unwrapped() -> None:
    """Only a byline line keeps its break: a wrapped sentence whose next line opens with another word is joined."""
    txt = ("The society printed its first yearbook in the spring and sold copies at the\n"
           "Published works fair that followed.\n")
    assert unwrap_hard_wraps(txt, markdown=False).count("\n") == 1


@pytest.mark.parametrize("markdown", [True, False])
def test_label_lines_keep_their_breaks(markdown: bool) -> None:
    # issue 9 (g42 fault 6): three "label: value" lines became one claim "Visitors 2023: 24,750 Workshops 2023: 176
    # Staff (full-time equivalent) 2023: 58"; each is its own statement
    text = ("Visitors 2023: 24,750\nWorkshops 2023: 176\nStaff (full-time equivalent) 2023: 58\n\n"
            "The trust counted paying visitors to the\nglassworks and its open studio days.\n")
    out = unwrap_hard_wraps(text, markdown=markdown)
    assert out.startswith("Visitors 2023: 24,750\nWorkshops 2023: 176\nStaff (full-time equivalent) 2023: 58\n\n")
    assert "to the glassworks" in out  # a wrapped sentence is still joined
    assert [s.text for s in split_sentences(out)][:3] == [
        "Visitors 2023: 24,750", "Workshops 2023: 176", "Staff (full-time equivalent) 2023: 58"]


def test_the_t42_annual_figures_page_keeps_its_label_lines(tmp_path: Path) -> None:
    page = tmp_path / "figures.md"
    page.write_text("# Annual Report Figures\n\nThe Brennholt Trust publishes its figures every spring.\n\n"
                    "Visitors 2023: 24,750\nWorkshops 2023: 176\nStaff (full-time equivalent) 2023: 58\n",
                    encoding="utf-8")
    assert "24,750\nWorkshops 2023: 176\nStaff" in parse_file(page).text
