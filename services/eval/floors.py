"""Floors (and ceilings) of ``assay eval`` figures, kept in a TOML file in the repository (tests/eval_floors.toml).

One table per slice, named ``"<suite>:<limit>"`` (e.g. ``"hotpotqa:6"``, ``"scifact:50"``), with a ``floors``
sub-table (figure key -> the lowest value allowed) and an optional ``ceilings`` sub-table (figure key -> the
highest value allowed: times, counts of bad reports)::

    ["hotpotqa:6".floors]
    answer_recall = 0.66
    ["hotpotqa:6".ceilings]
    unanswered_judged_above_60 = 1

A figure that is undefined (None) where a bound is set is a violation; a bound naming a figure the suite does not
have is a violation too (a renamed figure must not silently stop being checked).
"""

from __future__ import annotations

import operator
import tomllib
from pathlib import Path
from typing import Any

from services.eval.suite import SuiteResult

FLOORS_FILE = Path(__file__).resolve().parents[2] / "tests" / "eval_floors.toml"


def load_floors(path: Path = FLOORS_FILE) -> dict[str, Any]:
    """The floors file as a dict. Raises FileNotFoundError, or ValueError naming the file for bad TOML or a bound
    that is not a number."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"{path}: not valid TOML ({exc})") from None
    for name, table in data.items():
        for kind in ("floors", "ceilings"):
            for key, value in (table.get(kind) or {}).items():
                if isinstance(value, bool) or not isinstance(value, (int, float)):
                    raise ValueError(f"{path}: [{name}.{kind}] {key} must be a number, got {value!r}")
    return data


def slice_name(result: SuiteResult) -> str:
    """``"<suite>:<limit>"``: the table of the floors file that applies to ``result`` (``"<suite>:<limit>@<start>"``
    for a slice that does not open the split, which the floors file has no table for unless one is added)."""
    start = result.config.get("start")
    return f"{result.suite}:{result.config.get('limit', result.questions)}" + (f"@{start}" if start else "")


def check_floors(result: SuiteResult, floors: dict[str, Any]) -> tuple[bool, list[str]]:
    """Compare ``result`` with its slice's bounds. Returns (the file has a table for this slice, violations as
    one line each: ``"answer_recall 0.600 < floor 0.660"``)."""
    table = floors.get(slice_name(result))
    if table is None:
        return False, []
    values = result.figures_dict()
    problems: list[str] = []
    for kind, worse in (("floors", operator.lt), ("ceilings", operator.gt)):
        for key, bound in (table.get(kind) or {}).items():
            value = values.get(key)
            if key not in values:
                problems.append(f"{key}: no such figure in suite {result.suite} (bound {bound})")
            elif value is None:
                problems.append(f"{key} is undefined (n/a) where a {kind[:-1]} of {bound} is set")
            elif worse(value, float(bound)):
                sign = "<" if kind == "floors" else ">"
                problems.append(f"{key} {value:.3f} {sign} {kind[:-1]} {float(bound):.3f}")
    return True, problems
