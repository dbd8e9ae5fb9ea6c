"""A run's retracted works read once per sources table, not at every verdict (issue 10: a verdict's check over
every source of its run made a run's verdicts cost its claims times its sources), and the claims table copied once
per verdict (``shared.domain._with``)."""

from __future__ import annotations

import pytest

from shared.domain import FrozenDict, _with, freeze
from shared.retraction import retracted_works

TITLE = "Velarine lowers blood pressure in adults"


def _sources(*, retracted: bool) -> FrozenDict:
    status = "retracted" if retracted else None
    return freeze({
        "a": {"title": TITLE, "scholarly": {"status": status, "title": TITLE} if status else None},
        "b": {"title": f"RETRACTED: {TITLE}", "scholarly": None},  # a copy of the same work
        "c": {"title": "An unrelated page about canal locks", "scholarly": None},
    })


def test_a_sources_table_is_answered_from_memory_as_a_plain_dict_is() -> None:
    table = _sources(retracted=True)
    first = retracted_works(table)
    assert dict(first) == retracted_works(dict(table)) == {"a": "a", "b": "a"}
    assert retracted_works(table) is first  # the same table again: no second pass over its sources
    with pytest.raises(TypeError):
        first["c"] = "a"  # type: ignore[index]  # (read-only: shared by every later verdict of the run)


def test_a_changed_table_is_a_new_table_with_its_own_answer() -> None:
    clean = _sources(retracted=False)
    assert dict(retracted_works(clean)) == {}
    changed = _with(clean, "a", {**clean["a"], "scholarly": {"status": "withdrawn", "title": TITLE}})
    assert dict(retracted_works(changed)) == {"a": "a", "b": "a"}
    assert dict(retracted_works(clean)) == {}  # the old table's answer is unchanged


def test_with_copies_once_and_stays_read_only() -> None:
    claims = freeze({"c1": {"verdict": None}, "c2": {"verdict": None}})
    out = _with(claims, "c2", {"verdict": "supported"})
    assert type(out) is FrozenDict and out == {"c1": {"verdict": None}, "c2": {"verdict": "supported"}}
    assert out["c1"] is claims["c1"] and type(out["c2"]) is FrozenDict  # others shared, the new entry frozen
    assert claims["c2"] == {"verdict": None}
    with pytest.raises(TypeError):
        out["c3"] = {}
