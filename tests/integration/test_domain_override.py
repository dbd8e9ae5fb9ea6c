"""A domain asked for with ``--domain`` that cannot act on the question says so at the top of the report, in one
wording for every domain (issue 15, trial t31 fault 18), over real NATS and PostgreSQL: a shopping question asked
as code, and a code question asked as shopping."""

from __future__ import annotations

from typing import Any

import pytest

from shared.report import OVERRIDE_NOTE
from tests.shopping_pages import MARKET, shopping_run

pytestmark = [pytest.mark.nats, pytest.mark.postgres]

CSV_PAGE = ("<html><head><title>Reading CSV files in Python</title></head><body><h1>Reading CSV files in Python</h1>"
            "<p>The csv module of the standard library reads CSV files row by row with csv.reader.</p>"
            "<p>For large files, pandas.read_csv loads a whole table at once.</p></body></html>")


def _opening(report: str) -> str:
    """The report's first line after its title."""
    return next(line for line in report.splitlines()[1:] if line.strip())


@pytest.mark.parametrize(("pages", "question", "domain", "reason"), [
    (MARKET, "Which noise cancelling headphones are best under $300?", "code",
     "it found no package, code, API or programming language in the question"),
    ({"/guides/csv": CSV_PAGE}, "How do I read a CSV file in Python?", "shopping", "it found no product in the sources"),
])
async def test_an_override_that_cannot_act_is_said_first(runtime: Any, pages: dict[str, str], question: str,
                                                         domain: str, reason: str) -> None:
    res = await shopping_run(runtime, pages, question, domain=domain)
    assert res["status"] == "completed", res["failure"]
    assert res["plan"]["domain"] == domain
    opening = _opening(res["report"])
    assert opening.startswith(f"{OVERRIDE_NOTE} --domain {domain} was asked for, but the {domain} analysis could "
                              f"not act on this question: {reason}"), res["report"][:600]
    assert any(m.startswith(f"--domain {domain} was asked for") for m in res["missing"]), res["missing"]
