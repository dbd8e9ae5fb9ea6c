"""services.scraper.extraction_eval: the F1 arithmetic on a hand-made example, and a run over three real pages.

No speed threshold is asserted here, and only a loose quality floor on three pages (``make extraction-eval``
prints the figures of every page).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.scraper.extraction_eval import PAGES_DIR, evaluate, expected_text, main, token_f1, tokens
from tests.shared_data import require


def test_tokens_are_lowercased_unicode_words() -> None:
    assert tokens("The cat's HAT, 3.5 m — Größe!") == ["the", "cat", "s", "hat", "3", "5", "m", "größe"]


def test_token_f1_on_a_hand_made_example() -> None:
    # expected: the(2) cat sat on mat = 6 tokens; predicted: the(2) cat sat on a red mat today end = 10 tokens
    # shared (multiset): the x2, cat, sat, on, mat = 6 -> P = 6/10, R = 6/6, F1 = 2PR/(P+R) = 0.75
    p, r, f = token_f1("The cat sat on a red mat today, the end", "the cat sat on the mat")
    assert (p, r) == pytest.approx((6 / 10, 1.0))
    assert f == pytest.approx(0.75)
    p, r, f = token_f1("the cat sat on a red mat today", "the cat sat on the mat")
    # predicted has one "the": shared = the, cat, sat, on, mat = 5 -> P = 5/8, R = 5/6
    assert (p, r) == pytest.approx((5 / 8, 5 / 6))
    assert f == pytest.approx(2 * (5 / 8) * (5 / 6) / ((5 / 8) + (5 / 6)))
    assert token_f1("", "") == (1.0, 1.0, 1.0)
    assert token_f1("words", "") == (0.0, 0.0, 0.0)
    assert token_f1("alpha beta", "gamma delta") == (0.0, 0.0, 0.0)
    assert token_f1("same text", "Same, text.")[2] == pytest.approx(1.0)


def test_expected_text_keeps_text_nodes_only() -> None:
    html = "<div><p>One <b>two</b></p><script>var x;</script><p>three</p></div>"
    assert expected_text(html) == "One two three"


def test_evaluate_three_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    require(PAGES_DIR)
    names = ["ars-1", "heise", "wikipedia"]
    result = evaluate(names=names)
    assert [p["page"] for p in result["pages"]] == names
    for p in result["pages"]:
        assert p["expected_tokens"] > 100 and p["error"] is None
        # one shared-token count behind both figures: precision * extracted == recall * expected tokens (up to
        # the figures' rounding to 4 places)
        rounding = 5e-5 * (p["extracted_tokens"] + p["expected_tokens"])
        assert p["precision"] * p["extracted_tokens"] == pytest.approx(p["recall"] * p["expected_tokens"],
                                                                       abs=rounding)
        assert p["f1"] == pytest.approx(2 * p["precision"] * p["recall"] / (p["precision"] + p["recall"]), abs=2e-4)
        # the main text of these three articles is kept nearly whole (measured: F1 0.97-0.99); a floor well
        # below that catches an extractor that loses the article or keeps the page chrome
        assert min(p["precision"], p["recall"]) >= 0.9, p
    assert result["mean_f1"] == pytest.approx(sum(p["f1"] for p in result["pages"]) / 3, abs=1e-3)
    assert result["worst"]["f1"] == min(p["f1"] for p in result["pages"])
    assert [b["page"] for b in result["below_threshold"]] == [p["page"] for p in sorted(
        result["pages"], key=lambda p: p["f1"]) if p["f1"] < 0.8]
    out = tmp_path / "eval.json"
    assert main(["--pages", ",".join(names), "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "mean F1" in printed and "below 0.8" in printed and "heise" in printed
    assert json.loads(out.read_text())["count"] == 3
    with pytest.raises(FileNotFoundError):
        evaluate(names=["no-such-page"])
