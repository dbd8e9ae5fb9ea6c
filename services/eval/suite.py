"""What every ``assay eval`` suite returns, and how it is printed and written: one Markdown table row per figure
with the suite, the split and the number of questions (EVAL.md)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

#: where the data sets live: ../shared/data next to the repository
DATA_DIR = Path(__file__).resolve().parents[3] / "shared" / "data"


@dataclass(frozen=True)
class Figure:
    """One figure of a suite: ``key`` (snake case, the name in ``EvalRunCompleted.figures``), ``label`` (as
    printed), ``value`` (None when undefined, e.g. AUROC with one class only), ``unit`` ("share" 0-1, "s",
    "count", "usd", "tokens", "f1") and an optional ``note``; ``questions`` overrides the suite's count when
    the figure is over a subset (e.g. claims with gold evidence)."""

    key: str
    label: str
    value: float | None
    unit: str = "share"
    note: str = ""
    questions: int | None = None

    def shown(self) -> str:
        """The value as printed: 3 decimals for shares and F1, 2 for seconds, 6 for dollars, whole counts."""
        if self.value is None:
            return "n/a"
        if self.unit in ("count", "tokens"):
            return f"{int(round(self.value))}"
        if self.unit == "s":
            return f"{self.value:.2f}"
        if self.unit == "usd":
            return f"{self.value:.6f}"
        return f"{self.value:.3f}"


@dataclass
class SuiteResult:
    """The outcome of one suite: ``suite`` ("hotpotqa", "hotpotqa-pooled", "scifact", ...), ``split`` (the
    data file and the slice, e.g. "dev200 first 50"), ``questions`` run, the ``figures`` in order, the
    ``engine`` ("offline" or the models per role), ``config`` (the options it ran with) and ``details`` (one record
    per question, for reading the misses)."""

    suite: str
    split: str
    questions: int
    figures: list[Figure] = field(default_factory=list)
    engine: str = "offline"
    config: dict[str, str] = field(default_factory=dict)
    #: one JSON-able record per question (what was asked, the gold, what came out): ``assay eval --json``
    details: list[dict[str, Any]] = field(default_factory=list)

    def figure(self, key: str) -> float | None:
        """The value of figure ``key``. Raises KeyError when the suite has no such figure."""
        for f in self.figures:
            if f.key == key:
                return f.value
        raise KeyError(key)

    def markdown_rows(self) -> list[str]:
        """The table's header and one row per figure."""
        rows = ["| suite | split | questions | figure | value | note |", "| --- | --- | ---: | --- | ---: | --- |"]
        for f in self.figures:
            note = f.note.replace("|", "\\|")
            rows.append(f"| {self.suite} | {self.split} | {f.questions if f.questions is not None else self.questions}"
                        f" | {f.label} | {f.shown()} | {note} |")
        return rows

    def markdown(self, *, when: datetime | None = None) -> str:
        """The whole Markdown file: a heading with the time and engine, the options, then the table."""
        stamp = (when or datetime.now(UTC)).strftime("%Y-%m-%d %H:%M:%S UTC")
        options = ", ".join(f"{k}={v}" for k, v in sorted(self.config.items()))
        return "\n".join([f"# assay eval {self.suite}", "", f"{stamp}; engine: {self.engine}; {options}", "",
                          *self.markdown_rows(), ""])

    def figures_dict(self) -> dict[str, float | None]:
        """{key: value} of every figure (what ``EvalRunCompleted`` records)."""
        return {f.key: (None if f.value is None else round(float(f.value), 6)) for f in self.figures}


def as_json(result: SuiteResult) -> dict[str, Any]:
    """The whole result as JSON-able data: suite, split, questions, engine, config, figures (key -> value, and
    the printed rows) and the per-question details."""
    return {"suite": result.suite, "split": result.split, "questions": result.questions, "engine": result.engine,
            "config": result.config, "figures": result.figures_dict(),
            "rows": [{"key": f.key, "label": f.label, "value": f.value, "unit": f.unit, "note": f.note}
                     for f in result.figures], "details": result.details}


def write_table(result: SuiteResult, output: Path | None, data_dir: Path) -> Path:
    """Write ``result``'s Markdown to ``output``, or to ``<data_dir>/eval/<suite>-<UTC timestamp>.md``.
    Returns the path written. Raises OSError when it cannot be written."""
    when = datetime.now(UTC)
    path = output or (data_dir / "eval" / f"{result.suite}-{when:%Y%m%dT%H%M%SZ}.md")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(result.markdown(when=when), encoding="utf-8")
    return path


def engine_of(rt: Any, roles: tuple[str, ...]) -> str:
    """"offline" when none of ``roles`` has a model, else "role: model, ..." for those that have one."""
    llm = getattr(rt, "llm", None)
    if llm is None:
        return "offline"
    named = []
    for role in roles:
        if not llm.offline(role):
            named.append(role)
    return "offline" if not named else "models for " + ", ".join(named)
