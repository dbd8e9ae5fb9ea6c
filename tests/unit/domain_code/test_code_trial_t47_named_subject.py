"""A package the question names is its subject (issue 15, trial t47 fault 3). "How do I validate an IBAN and get
its country code with ibanwarden version 2?" (``--domain code``) made "ibanwarden" a requirement ("Your requirement
"ibanwarden": ibanwarden meets it"), said the package was "found there, not in the question", and looked the
question's acronym "IBAN" up on PyPI (its 404 under "What is missing"). Invented packages (``isinwarden``, spelt like
no identifier); registries on loopback (tests/code_standins)."""

from __future__ import annotations

import json

import pytest

from services.domain_code.offline import task_of
from services.domain_code.pages import Page
from tests.code_standins import JSON, Answer, Reply, analysed, pypi_json

QUESTION = "How do I validate an ISIN and get its country with isinwarden version 3?"


def _routes() -> dict[str, Answer]:
    return {"/pypi/isinwarden/json": Reply(200, json.dumps(pypi_json(
        "isinwarden", "3.1.0", summary="Validate ISIN securities codes", licence="MIT",
        description="# isinwarden\n\nValidate an ISIN and read its country.\n",
        releases={"2.0.0": "2025-01-10", "3.0.0": "2026-02-01", "3.1.0": "2026-09-15"})).encode(), JSON)}


def _page() -> Page:
    text = "Checking ISINs in Python: install isinwarden and call isinwarden.check(code)."
    return Page("s1", "https://blog.example/isin-in-python", "ISINs in Python", text,
                html=f"<p>{text} Use <code>isinwarden</code>.</p>")


@pytest.mark.parametrize("question", [
    QUESTION,
    "How do I validate an ISIN and get its country with isinwarden?",  # --domain code: no version needed
])
def test_the_named_package_is_the_subject_and_the_acronym_no_candidate(question: str) -> None:
    task = task_of(question)
    assert task.named == ("isinwarden",)
    assert "isin" not in task.words
    assert all("isinwarden" not in r.text for r in task.requirements)


def test_an_acronym_is_looked_up_when_the_question_names_nothing_else() -> None:
    assert task_of("How do I read EXIF or XMP tags in Python?").named == ("EXIF", "XMP")


async def test_the_report_neither_requires_the_named_package_nor_looks_up_the_acronym() -> None:
    asked: list[str] = []
    outcome, events = await analysed(QUESTION, pages=[_page()], routes_added=_routes(), asked=asked)
    assert any(path.startswith("/pypi/isinwarden/") for path in asked)
    assert not any(path.lower().startswith("/pypi/isin/") for path in asked), asked
    body = outcome.sections[0]["body"]
    assert body.startswith("**Recommended: `isinwarden` 3.1.0**"), body
    assert 'Your requirement "isinwarden"' not in body
    assert "not in the question" not in body
    assert not any("ISIN" in n for n in outcome.notes), outcome.notes
    assert [p["name"] for p in events["PackagesSurveyed"]["packages"]] == ["isinwarden"]
