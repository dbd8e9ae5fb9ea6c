"""A saved BM25 index (``BM25Index.save``/``load``) scores exactly as the index it was saved from."""

from __future__ import annotations

from pathlib import Path

import pytest

from shared.text.bm25 import BM25Index

TEXTS = ["Rush is a Canadian rock band from Toronto.", "Counterparts is an album by Rush, released in 1993.",
         "The Beatles were an English rock band.", ""]


def test_saved_index_scores_like_the_built_one(tmp_path: Path) -> None:
    built = BM25Index(TEXTS)
    built.save(tmp_path / "ix")
    loaded = BM25Index.load(tmp_path / "ix")
    assert len(loaded) == len(built) == 4
    for query in ("Canadian rock band", "Counterparts album 1993", "English", "unknownword"):
        assert loaded.scores(query) == built.scores(query)
        assert loaded.search(query, 3) == built.search(query, 3)
    assert loaded.search("Canadian rock band", 1)[0][0] == 0


def test_empty_index_round_trips(tmp_path: Path) -> None:
    BM25Index([]).save(tmp_path / "e")
    loaded = BM25Index.load(tmp_path / "e")
    assert len(loaded) == 0 and loaded.search("rock", 5) == []


def test_incomplete_or_foreign_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        BM25Index.load(tmp_path / "nothing")
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "assay.json").write_text('{"format": "something-else", "n": 1}')
    with pytest.raises(ValueError, match="format"):
        BM25Index.load(tmp_path / "other")


def test_search_ranks_like_sorting_every_score() -> None:
    """``search`` orders only the best k (numpy), yet gives what sorting every positive score by (score
    descending, index ascending) gives, ties included."""
    import random

    rng = random.Random(3)
    words = ["tide", "moon", "sun", "neap", "spring", "water", "range", "angle"]
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(0, 6))) for _ in range(300)]
    texts += texts[:50]  # identical documents: equal scores, broken by the lower index
    index = BM25Index(texts)
    for query in ("tide moon", "neap", "spring water angle", "sun", "nothing here"):
        scores = index.scores(query)
        expected = sorted((i for i, s in enumerate(scores) if s > 0.0), key=lambda i: (-scores[i], i))
        for k in (1, 5, 37, 400):
            assert index.search(query, k) == [(i, scores[i]) for i in expected[:k]]
    assert index.search("tide", 0) == []
