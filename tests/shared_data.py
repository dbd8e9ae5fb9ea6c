"""The shared data sets the tests read (``../shared/data`` beside the checkout, as in CI).

A test that needs one fails with the missing path: a missing data set is a broken checkout, never a reason to
pass quietly.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED_DATA = (Path(__file__).resolve().parents[1] / ".." / "shared" / "data").resolve()


def require(path: Path) -> Path:
    """``path`` itself when it exists. Raises: ``pytest.fail`` naming the path when it does not."""
    if not path.exists():
        pytest.fail(f"shared data missing: {path} (the tests read ../shared/data beside the checkout)")
    return path
