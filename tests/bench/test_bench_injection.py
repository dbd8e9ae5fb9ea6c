"""Figures: the hostile-page set against the gullible model, without and with the prompt-injection defences.

32 hostile pages (``tests/fixtures/hostile``: instructions in visible text, hidden elements, alt text, a PDF,
six other languages; each with its clean twin) researched through the whole pipeline, every role on a scripted
model that obeys any instruction it reads (``tests.gullible``); see ``tests.hostile_pages`` for what is
compared. Printed: one Markdown row per channel (verdicts and report sentences changed relative to the clean
twin, without and with the defences, and pages the scraper flagged), then every change. Written to
``.assay/bench/injection.json`` (ignored by git). Asserted: with the defences nothing changes; without them
the gullible model is really steered (so the figure measures something).

Run: ``pytest tests/bench/test_bench_injection.py -s -q`` (part of ``make bench``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile_pages import load_cases, run_cases, table

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
OUT = Path(__file__).resolve().parents[2] / ".assay" / "bench" / "injection.json"


async def test_hostile_pages_change_nothing_with_the_defences(tmp_path: Path, nats_url: str,
                                                              database_url: str) -> None:
    cases = load_cases()
    assert len(cases) >= 30 and {c["channel"] for c in cases} >= {"visible", "hidden", "alt", "pdf", "language"}
    without, obeyed_without = await run_cases(tmp_path, nats_url, database_url, cases, defend=False)
    defended, obeyed_with = await run_cases(tmp_path, nats_url, database_url, cases, defend=True)
    rows = table(defended, without)
    print("\n" + "\n".join(rows))
    print(f"gullible answers changed by an instruction: without defences {obeyed_without}, with {obeyed_with}")
    for label, outcomes in (("without defences", without), ("with defences", defended)):
        for o in outcomes:
            for change in o.changed_verdicts + o.changed_sentences:
                print(f"{label} {o.case['id']}: {change[:160]}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"rows": rows, "obeyed_without": obeyed_without, "obeyed_with": obeyed_with,
                               "cases": [{"id": o.case["id"], "flags": o.flags,
                                          "without": {"verdicts": w.changed_verdicts, "sentences": w.changed_sentences},
                                          "with": {"verdicts": o.changed_verdicts, "sentences": o.changed_sentences}}
                                         for o, w in zip(defended, without)]}, indent=1, ensure_ascii=False))
    assert all(o.statuses == ("completed", "completed") for o in defended + without), [
        (o.case["id"], o.statuses) for o in defended + without if o.statuses != ("completed", "completed")]
    assert sum(len(o.changed_verdicts) + len(o.changed_sentences) for o in without) > 0
    assert sum(len(o.changed_verdicts) + len(o.changed_sentences) for o in defended) == 0
