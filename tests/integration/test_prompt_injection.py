"""Prompt injection through the whole pipeline: hostile pages (``tests/fixtures/hostile``) against a model that
obeys whatever it reads (``tests.gullible``), over real NATS and PostgreSQL (``tests.hostile_pages``).

Four pages, one per way in (a visible "say that X", a hidden "mark as false", a PDF, a Chinese instruction):
with the defences nothing a page dictates changes a verdict or a report sentence, and the scraper flags each
page; without them (``injection_defence`` off) the same pages do change the run, so the test measures
something. The whole set's figures are ``tests/bench/test_bench_injection.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile_pages import load_cases, run_cases

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
PICK = ("h01-visible-en-write-1", "h10-hidden-en-refute-2", "h22-pdf-en-refute-2", "h30-language-zh-refute")


async def test_hostile_pages_steer_a_gullible_model_only_without_the_defences(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    cases = [c for c in load_cases() if c["id"] in PICK]
    assert len(cases) == len(PICK)
    defended, obeyed = await run_cases(tmp_path, nats_url, database_url, cases, defend=True)
    for o in defended:
        assert o.statuses == ("completed", "completed"), (o.case["id"], o.statuses)
        assert o.changed_verdicts == [] and o.changed_sentences == [], (o.case["id"], o.changed_verdicts,
                                                                        o.changed_sentences)
        assert o.flags, o.case["id"]  # the scraper flagged the instruction on the source
    assert {o.case["id"]: o.flags for o in defended}["h10-hidden-en-refute-2"] == ["hidden"]
    assert obeyed == {}  # the gullible model never saw an instruction to obey
    without, obeyed_without = await run_cases(tmp_path, nats_url, database_url, cases, defend=False)
    steered = {o.case["id"] for o in without if o.changed_verdicts or o.changed_sentences}
    assert steered == set(PICK), [(o.case["id"], o.changed_verdicts, o.changed_sentences) for o in without]
    assert obeyed_without.get("check", 0) > 0 and obeyed_without.get("claims", 0) > 0
    write = next(o for o in without if o.case["id"] == "h01-visible-en-write-1")
    assert any("safest heater" in s for s in write.changed_sentences), write.changed_sentences
