"""A bibliography entry without a personal author ("Surname, X.") is told by its parts and never becomes a claim
(task h112 (a)): a body's name with its year in brackets, a title, a place and publisher ("Tarnby: Weir Press"), a
locator (ISBN, "pp. 4-9", "vol. 3", "(unpublished typescript)", "Retrieved from ..."), a year as an entry sets it
("Lock keeper's log, 1952", "Annual Report 2017"); on its own line, run into a paragraph or between two statements
of one line. Sentences that mention a book, a report or a typescript in prose stay claims. Invented names."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims
from shared.text.noise import is_reference_entry, noise_kind, reference_sections

BEFORE = "The Brisford canal opened in 1794 and carried coal to the town wharf."
AFTER = "The top lock was rebuilt in 1961 after a breach of the embankment."
ENTRIES = [
    "Brisford Canal Society (1994). A history of the locks and the wharf at Brisford. Tarnby: Weir Press.",
    "Brisford Canal Society (1994). A History of the Locks at Brisford. Tarnby: Weir Press. ISBN 0-9512345-2-8.",
    "Brisford Canal Society (1994). A history of the locks and their keepers on the Brisford arm. Tarnby.",
    "Annual Report 2017. Brisford Canal Trust, pp. 4–9.",
    "Lock keeper's log, 1952 (unpublished typescript).",
    "Survey of the Brisford locks, 1971. Unpublished typescript, Tarnby Record Office.",
    "Brisford Canal Trust. The wharf and its cranes, vol. 3. Tarnby, 2004.",
    "Brisford Canal Trust. Visitor figures and the history of the wharf. Retrieved from the trust's website.",
    "Minutes of the Brisford Canal Company, 1801–1806 (manuscript, Tarnby Record Office).",
]


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_entry_without_a_personal_author_is_a_reference(entry: str) -> None:
    assert is_reference_entry(entry) and noise_kind(entry) == "reference"


@pytest.mark.parametrize("entry", ENTRIES)
def test_an_entry_on_its_own_line_gives_no_claim(entry: str) -> None:
    text = f"{BEFORE}\n{entry}\n{AFTER}"
    assert [c.text for c in extract_claims(text, title="Brisford canal")] == [BEFORE, AFTER]


#: (run into prose, an entry is cut into sentences before it is judged: one whose parts say nothing alone, "Tarnby,
#: 2004.", "Retrieved from the trust's website.", is told only on a line of its own)
@pytest.mark.parametrize("entry", [*ENTRIES[:5], ENTRIES[8]])
def test_an_entry_run_into_a_paragraph_gives_no_claim_and_the_statements_around_it_stay(entry: str) -> None:
    text = f"{BEFORE} {entry} {AFTER}"
    assert [c.text for c in extract_claims(text, title="Brisford canal")] == [BEFORE, AFTER]


def test_a_line_holding_statements_and_an_entry_keeps_the_statements() -> None:
    # the ISBN makes the whole line read as an entry: only the entry is cut out of it
    text = f"{BEFORE} {ENTRIES[1]} {AFTER}"
    spans = reference_sections(text)
    assert [text[s:e] for s, e in spans] == [ENTRIES[1]]


@pytest.mark.parametrize("sentence", [
    "The society published A Century of Steam in 1998.",
    "The society published its history of the canal in 1994 (ISBN 0-9512345-2-8).",
    "The museum holds an unpublished typescript of the 1952 lock keeper's log.",
    "The survey, unpublished until 2001, lists fourteen locks between Tarnby and the wharf.",
    "The accident is described on pp. 12-14 of the inquiry report into the breach.",
    "Annual Report 2017 shows a surplus of 12,000 pounds for the Brisford Canal Trust.",
    "Brisford Canal Society (1994) said the locks would reopen to boats in 1996.",
    "The Brisford Canal Trust, founded in 1952, runs the museum at the wharf.",
    "The wharf reopened in May, 1996, as a museum of the canal.",
    "Boat trips run on Sundays from April to October, weekends only in winter.",
])
def test_prose_that_mentions_a_book_or_a_typescript_stays_a_claim(sentence: str) -> None:
    assert not is_reference_entry(sentence) and noise_kind(sentence) is None
    assert [c.text for c in extract_claims(sentence)] == [sentence]


def test_a_heading_with_a_year_over_prose_is_no_entry() -> None:
    text = "The Old Wharf (1794).\nThe wharf was built by the canal company to load coal onto boats."
    assert [c.text for c in extract_claims(text, title="Brisford canal")] == [
        "The wharf was built by the canal company to load coal onto boats."]


#: notice lines: an event's name with its year, then labelled fields (review of stop 43, F5). A field's label and
#: value ("Venue: Thrumby Meadows", "Chair: Ida Caddow") have the shape of a place and a publisher, but a publisher
#: names the maker of a work a head names before it ("Body (1994). Title. Place: Publisher") or ends with a word of
#: publishing ("Weir Press"), and an entry has one such part, not a run of fields
NOTICES = [
    "Skelmarsh Show 2025. Venue: Thrumby Meadows.",
    "Open Day 2025. Venue: Thrumby Town Hall. Entry: Free.",
    "Annual General Meeting 2024. Chair: Ida Caddow.",
    "Members' Evening 2025. Venue: Thrumby Hall.",
    "Skelmarsh Regatta 2026. Start: Thrumby Quay. Finish: Skelmarsh Bridge.",
]


@pytest.mark.parametrize("line", NOTICES)
def test_a_notice_line_with_labelled_fields_is_no_reference_entry(line: str) -> None:
    text = f"{BEFORE}\n{line}\n{AFTER}"
    assert not is_reference_entry(line) and noise_kind(line) is None
    assert reference_sections(text) == []


@pytest.mark.parametrize("entry", [
    "Annual Report 2017. Thrumby: Weir Press.",
    "Skelmarsh Rowing Society (1994). A history of the boathouse. Thrumby: Caddow.",
])
def test_a_place_and_publisher_after_a_title_or_a_heads_work_is_still_an_entry(entry: str) -> None:
    assert is_reference_entry(entry) and noise_kind(entry) == "reference"
