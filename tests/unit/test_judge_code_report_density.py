"""A code report's own work (API signatures read from the installed package, sandbox checks, the workspace scan)
is no claim of a source, so the judge's citation density leaves it out, and a lead's runner-up naming another
option of the kind its first sentence names bears on the question (issue 15, trial t50s fault 12: a right code
report judged 50/100, density 8/33 and "Runner-up: `isodate` ..." counted off-subject, at confidence 1.00 high)."""

from __future__ import annotations

from services.judge.offline import off_subject, report_body_sentences
from shared.report import own_work_heading

REPORT = """# Which Python library should I use to parse cron spans?

## Recommendation

**Recommended: `cronspan` 3.1.2**[1] (PyPI), latest release 2025-04-22[1]. Runner-up: `spanlib` 1.0.0[2] (latest release 2024-10-08).

## API signatures

From `cronspan` 3.1.2, introspected from cronspan==3.1.2:

```python
cronspan.parse(text: str) -> timedelta
```

## Checked code

Usage example from a fetched page: the usage example of the page "cronspan docs".

Check: **passed** (py_compile + mypy + run; checked against cronspan 3.1.2 — it ran).

## Your workspace

Manifests read: pyproject.toml.

## Findings

- cronspan parses cron spans into timedelta objects [3].

## Sources

- [1] cronspan on PyPI — https://pypi.example/cronspan
"""


def test_the_run_s_own_uncited_work_is_not_counted_as_body_sentences() -> None:
    assert own_work_heading("## Checked code") and own_work_heading("## API signatures:")
    assert own_work_heading("### your workspace") and not own_work_heading("## Findings")
    sentences = report_body_sentences(REPORT)
    assert not any("introspected" in s or "Check:" in s or "Manifests" in s for s in sentences)
    assert any("parses cron spans into timedelta" in s for s in sentences)


def test_a_runner_up_named_as_code_after_a_pick_named_as_code_is_on_subject() -> None:
    question = "Which Python library should I use to parse cron spans?"
    lead = ("**Recommended: `cronspan` 3.1.2**[1] (PyPI), latest release 2025-04-22[1]. "
            "Runner-up: `spanlib` 1.0.0[2] (latest release 2024-10-08).")
    assert off_subject(question, lead) == []
    unticked = "Recommended: cronspan 3.1.2 [1]. The weather in Lisbon was mild [2]."
    assert off_subject(question, unticked) == ["The weather in Lisbon was mild [2]."]
