"""Tests for services.claim_extractor.offline and shared.text.tokens (issue 15, trial t49 fault 5): a line opening
a block of code is never a claim, and a sentence is never split inside a chain of code ("read(path).tempos")."""

from __future__ import annotations

import pytest

from services.claim_extractor.offline import extract_claims, is_code_line
from shared.text.tokens import split_sentences

PAGE = (
    "Reading tempo changes in midiloom 4\n\n"
    "In midiloom 3 the same data was midiloom.read(path).tempos and it held one tempo per bar.\n\n"
    "for change in mf.tempo_map():\n"
    "    print(change.bpm)\n\n"
    "The tempo map of midiloom 4 lists every tempo change of a file with its tick and its beats per minute.\n"
)


@pytest.mark.parametrize(
    "line",
    ["for change in mf.tempo_map():", "if resp.status_code == 200:", "with open(path) as f:", "while True:",
     "for i in range(3):", "elif tempo.bpm > 120:", "else:"],
)
def test_lines_opening_a_code_block_are_code(line: str) -> None:
    assert is_code_line(line)


@pytest.mark.parametrize(
    "line",
    ["if you use pip:", "For details see the changelog:", "for the record: midiloom 4 reads every file.",
     "if you run Python 3.11:"],
)
def test_prose_before_a_colon_is_no_code(line: str) -> None:
    assert not is_code_line(line)


def test_a_code_chain_is_not_split() -> None:
    texts = [s.text for s in split_sentences(PAGE)]
    assert "In midiloom 3 the same data was midiloom.read(path).tempos and it held one tempo per bar." in texts
    assert not any(t.startswith("tempos") for t in texts)


def test_sentences_without_a_space_after_a_capital_still_split() -> None:
    texts = [s.text for s in split_sentences("It was released in 2019. Version 2 followed in 2021.")]
    assert texts == ["It was released in 2019.", "Version 2 followed in 2021."]


def test_code_lines_of_a_docs_page_are_no_claims() -> None:
    claims = [c.text for c in extract_claims(PAGE, title="Tempo - midiloom docs")]
    assert not any("tempo_map():" in c or c.startswith("print(") for c in claims)
    assert any("midiloom.read(path).tempos" in c for c in claims)
    assert not any(c.rstrip(".").endswith("midiloom.read(path)") for c in claims)
