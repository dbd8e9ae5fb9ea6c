"""The committed JSON Schemas (contracts/schemas) equal freshly generated ones, and every contract's subject is
well formed. Regenerate with ``make schemas``."""

from __future__ import annotations

import json
import re

import pytest

from contracts import ALL_CONTRACTS, COMMANDS, EVENT_TYPES, MessageRejected
from contracts.export_schemas import SCHEMA_DIR, differences, generate

SUBJECT = re.compile(r"^assay\.(cmd|evt)\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.v\d+$")
EVERY_CONTRACT = [*COMMANDS, *EVENT_TYPES.values(), MessageRejected]


def test_committed_schemas_equal_generated_ones() -> None:
    problems = differences(SCHEMA_DIR)
    assert not problems, "contracts/schemas is out of date (run `make schemas`): " + "; ".join(problems)


def test_one_schema_file_per_contract_with_its_subject() -> None:
    files = generate()
    assert len(files) == len(EVERY_CONTRACT)
    subjects = {json.loads(text)["x-subject"] for text in files.values()}
    assert subjects == {c.SUBJECT for c in EVERY_CONTRACT}


def test_no_two_contracts_share_a_subject() -> None:
    assert len(ALL_CONTRACTS) == len(EVERY_CONTRACT)


@pytest.mark.parametrize("contract", EVERY_CONTRACT, ids=lambda c: c.__name__)
def test_subject_is_versioned_and_named_by_kind(contract: type) -> None:
    subject = contract.SUBJECT
    assert SUBJECT.match(subject), f"{contract.__name__}: {subject!r} is not assay.(cmd|evt).<name>.v<digits>"
    kind = subject.split(".")[1]
    assert kind == ("cmd" if contract in COMMANDS else "evt"), f"{contract.__name__} is on the wrong kind: {subject}"
    version = int(subject.rsplit(".v", 1)[1])
    assert contract.model_fields["version"].default == version, (
        f"{contract.__name__}: subject says v{version}, the model's version field says "
        f"{contract.model_fields['version'].default}")
