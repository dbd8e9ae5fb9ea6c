"""A numbered line that continues a numbered list of reference entries is an entry, though it has no author and year
(an archive's shelf mark, a manuscript), and a Markdown "## References" heading opens a reference section (issue 9,
trial t34 fault 3: "4. Velmora Town Archive, MS 114, Accounts of the gate, 1688-1690." became a claim). Invented
pages."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import reference_sections

_INTRO = "The Orlen bridge has been studied by local historians since the 1950s."
_ENTRIES = [
    "1. Harlan, P. (1988). Stone bridges of the Vell valley. Journal of Masonry 14(2): 33-51.",
    "2. Vance, R. and Okoro, T. (2003). The Orlen masons, 1690-1850. Orlen: Guild Press. ISBN 978-3-12-345678-9.",
]
_ARCHIVE_LINES = [
    "3. Orlen Town Archive, MS 114, Accounts of the bridge toll, 1688-1690.",
    "3) Vell Diocesan Library, shelf 12/7, Letters of the bridge wardens",
    "[3] County Record Office, box 44, Minutes of the river board, 1820-1831.",
]


def _reference_text(page: str) -> list[str]:
    return [page[s:e] for s, e in reference_sections(page)]


@pytest.mark.parametrize("heading", ["## References", "References", "# Sources", "Further reading:", ""])
@pytest.mark.parametrize("last", _ARCHIVE_LINES)
def test_a_numbered_line_after_numbered_entries_is_an_entry(heading: str, last: str) -> None:
    entries = [e.replace("1. ", "[1] ", 1).replace("2. ", "[2] ", 1) if last.startswith("[") else
               e.replace(". ", ") ", 1) if last[1] == ")" else e for e in _ENTRIES]
    page = "\n\n".join(p for p in [_INTRO, heading, "\n".join([*entries, last])] if p)
    assert any(last in span for span in _reference_text(page))
    assert [c.text for c in extract_claims(page, title="The Orlen bridge")] == [_INTRO]


def test_a_markdown_heading_opens_the_section() -> None:
    page = f"{_INTRO}\n\n## References\n\n4. Orlen Town Archive, MS 114, Accounts of the bridge toll, 1688-1690."
    assert _reference_text(page) == [page[page.index("## References"):]]


def test_a_numbered_list_that_follows_no_entry_stays_prose() -> None:
    steps = ("1. The toll keeper opened the gate at dawn.\n"
             "2. Carts paid two pence and riders one penny at the gate.")
    page = f"{_INTRO}\n\n{steps}"
    assert reference_sections(page) == []
    assert len(extract_claims(page, title="The Orlen bridge")) == 3


def test_a_numbered_line_out_of_sequence_after_entries_is_not_taken() -> None:
    page = f"{_INTRO}\n\n" + "\n".join(_ENTRIES) + "\n7. Orlen Town Archive, MS 114, Accounts of the bridge toll, 1688."
    assert not any("7. Orlen" in span for span in _reference_text(page))
