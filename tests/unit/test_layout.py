"""The house rules of the layout (issue 8): each folder is its owner.

- a module under ``services/<stage>/`` imports no other ``services/<other>/`` (the contracts and ``shared/`` are
  the only coupling between stages);
- nothing under ``shared/`` or ``contracts/`` imports ``services``;
- the entry points (``services/cli``, ``services/eval``) may import any stage: they assemble processes and tools.

Imports are read with :mod:`ast` (top-level and function-level, ``import x`` and ``from x import y``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ENTRY_POINTS = {"cli", "eval"}


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every absolute module name ``path`` imports, with its line number."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


def layout_violations(root: Path) -> list[str]:
    """``path:line imports module`` for each import that breaks the rules above, under ``root``."""
    problems: list[str] = []
    for path in sorted((root / "services").rglob("*.py")):
        parts = path.relative_to(root / "services").parts
        if len(parts) < 2 or parts[0] in ENTRY_POINTS:
            continue
        stage = parts[0]
        for line, module in imported_modules(path):
            names = module.split(".")
            if names[0] == "services" and len(names) > 1 and names[1] != stage:
                problems.append(f"{path.relative_to(root)}:{line} imports {module}")
    for top in ("shared", "contracts"):
        for path in sorted((root / top).rglob("*.py")):
            for line, module in imported_modules(path):
                if module.split(".")[0] == "services":
                    problems.append(f"{path.relative_to(root)}:{line} imports {module}")
    return problems


def test_no_stage_imports_another_and_shared_imports_no_service() -> None:
    assert layout_violations(REPO) == []


def test_every_stage_folder_has_main_and_handlers() -> None:
    stages = [p for p in (REPO / "services").iterdir()
              if p.is_dir() and p.name not in ENTRY_POINTS and not p.name.startswith("__")]
    assert stages, "no service folders found"
    missing = [f"{p.name}/{f}" for p in stages for f in ("main.py", "handlers.py") if not (p / f).exists()]
    assert missing == []


@pytest.mark.parametrize("source, expected", [
    ("from services.verifier.handlers import source_domain\n", ["services/synthesizer/x.py:1 imports "
                                                                 "services.verifier.handlers"]),
    ("import services.judge.offline\n", ["services/synthesizer/x.py:1 imports services.judge.offline"]),
    ("from services.synthesizer.offline import synthesize\n", []),
    ("def f():\n    from services.scraper import fetch\n", ["services/synthesizer/x.py:2 imports services.scraper"]),
])
def test_the_rule_catches_a_cross_service_import(tmp_path: Path, source: str, expected: list[str]) -> None:
    stage = tmp_path / "services" / "synthesizer"
    stage.mkdir(parents=True)
    (stage / "x.py").write_text(source, encoding="utf-8")
    (tmp_path / "shared").mkdir()
    (tmp_path / "contracts").mkdir()
    assert layout_violations(tmp_path) == expected


def test_the_rule_catches_shared_importing_a_service(tmp_path: Path) -> None:
    (tmp_path / "services").mkdir()
    (tmp_path / "contracts").mkdir()
    (tmp_path / "shared").mkdir()
    (tmp_path / "shared" / "bad.py").write_text("from services.cli.stack import SERVICES\n", encoding="utf-8")
    assert layout_violations(tmp_path) == ["shared/bad.py:1 imports services.cli.stack"]
