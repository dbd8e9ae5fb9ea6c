"""Export one JSON Schema file per contract: ``contracts/schemas/<Name>.v<N>.json``.

``python -m contracts.export_schemas`` (``make schemas``) rewrites the files (and removes those of contracts that
no longer exist); ``--check`` only compares and exits 1 when a file is missing, stale or extra. The unit test
``tests/unit/test_contract_schemas.py`` does the same check, so the committed schemas cannot drift from the
models.

Each schema is pydantic's validation schema of the model (what a consumer accepts) plus:
``$schema`` (JSON Schema 2020-12), ``$id`` (the file name), ``x-subject`` (the NATS subject),
``x-kind`` (command | event) and ``x-version`` (the contract version).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from contracts import ALL_CONTRACTS, COMMANDS, Contract

SCHEMA_DIR = Path(__file__).resolve().parent / "schemas"
SUBJECT_RE = re.compile(r"^assay\.(cmd|evt)\.([a-z][a-z0-9]*(?:-[a-z0-9]+)*)\.v(\d+)$")
FILE_RE = re.compile(r"^[A-Za-z0-9]+\.v\d+\.json$")


def version_of(contract: type[Contract]) -> int:
    """The contract version, from its subject's ``.v<N>`` suffix. Raises ValueError for a malformed subject."""
    match = SUBJECT_RE.match(contract.SUBJECT)
    if match is None:
        raise ValueError(f"{contract.__name__}: subject {contract.SUBJECT!r} is not assay.(cmd|evt).<name>.v<N>")
    return int(match.group(3))


def schema_of(contract: type[Contract]) -> dict[str, Any]:
    """The JSON Schema of one contract, with its subject."""
    version = version_of(contract)
    kind = "command" if contract in COMMANDS else "event"
    body = contract.model_json_schema(mode="validation")
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"{contract.__name__}.v{version}.json",
        "x-subject": contract.SUBJECT,
        "x-kind": kind,
        "x-version": version,
        **body,
    }


def generate() -> dict[str, str]:
    """File name -> file text for every contract in ``ALL_CONTRACTS`` (sorted by file name)."""
    files: dict[str, str] = {}
    for contract in ALL_CONTRACTS.values():
        schema = schema_of(contract)
        name = str(schema["$id"])
        if name in files:
            raise ValueError(f"two contracts map to {name}")
        files[name] = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    return dict(sorted(files.items()))


def differences(directory: Path = SCHEMA_DIR) -> list[str]:
    """What differs between ``directory`` and freshly generated schemas (empty list: in sync)."""
    expected = generate()
    present = {p.name for p in directory.glob("*.json")} if directory.is_dir() else set()
    problems = [f"missing: {n}" for n in sorted(set(expected) - present)]
    problems += [f"extra: {n}" for n in sorted(present - set(expected))]
    problems += [f"stale: {n}" for n in sorted(set(expected) & present)
                 if (directory / n).read_text(encoding="utf-8") != expected[n]]
    return problems


def write(directory: Path = SCHEMA_DIR) -> list[str]:
    """Write every schema into ``directory`` and delete schema files of contracts that are gone. Returns names."""
    directory.mkdir(parents=True, exist_ok=True)
    files = generate()
    for stale in directory.glob("*.json"):
        if stale.name not in files and FILE_RE.match(stale.name):
            stale.unlink()
    for name, text in files.items():
        path = directory / name
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return list(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Export the contracts' JSON Schemas.")
    parser.add_argument("--check", action="store_true", help="Only compare; exit 1 when out of date")
    parser.add_argument("--dir", type=Path, default=SCHEMA_DIR, help="Target folder (default contracts/schemas)")
    args = parser.parse_args(argv)
    if args.check:
        problems = differences(args.dir)
        for p in problems:
            print(p, file=sys.stderr)
        if problems:
            print("schemas are out of date: run make schemas", file=sys.stderr)
        return 1 if problems else 0
    names = write(args.dir)
    print(f"wrote {len(names)} schemas to {args.dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
