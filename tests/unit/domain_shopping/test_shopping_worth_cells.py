"""A test's results table cell saying a product is not worth its price ("Not worth the extra money", "not worth
it", "Not worth the premium", "Overpriced", "Poor value", "Too expensive") answers "Is the X worth it?" with No,
quoting the cell with its row's product and citing the row; "Skip it" is the test's verdict to avoid it (task h47).
Invented kettles."""

from __future__ import annotations

import re

import pytest
from lxml import html as lxml_html

from services.domain_shopping.pages import WorthVerdict, worth_cells
from tests.shop_pages import page, run, spec_shop, verdicts

SITE = {"/kessa/boil-2": spec_shop("Kessa Boil 2", "89.00", {"Capacity": "1.7 l", "Boil time": "3.1 min"}),
        "/tarnel/k1": spec_shop("Tarnel K1", "49.00", {"Capacity": "1.5 l", "Boil time": "3.6 min"}),
        "/ovida/pure": spec_shop("Ovida Pure", "129.00", {"Capacity": "1.7 l", "Boil time": "2.9 min"})}


def lab(cell: str) -> str:
    return page("Kettles tested - BoilBench",
                "<h1>Kettles tested</h1><p>We boiled 400 litres with each kettle and bought every one ourselves.</p>"
                "<table><tr><th>Kettle</th><th>Score</th><th>Verdict</th></tr>"
                "<tr><td>Kessa Boil 2</td><td>8.4</td><td>Best overall</td></tr>"
                "<tr><td>Tarnel K1</td><td>7.2</td><td>Good value</td></tr>"
                f"<tr><td>Ovida Pure</td><td>7.9</td><td>{cell}</td></tr></table>")


def first(question: str, cell: str) -> str:
    """The verdicts' first line over the makers and the test, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, SITE | {"/lab/kettles": lab(cell)})).split("\n")[0])


@pytest.mark.parametrize("cell", ["Not worth the extra money", "not worth it", "Not worth the premium", "Overpriced",
                                  "Overpriced for what it does.", "Poor value", "Too expensive"])
def test_a_cell_saying_not_worth_its_price_answers_no(cell: str) -> None:
    quoted = cell.rstrip(".")
    assert first("Is the Ovida Pure worth it?", cell) == (
        f"**No:** an independent test or review says: “Ovida Pure: {quoted}” [@v]."), cell


def test_a_skip_cell_answers_no_as_a_verdict_to_avoid() -> None:
    assert first("Is the Ovida Pure worth the money?", "Skip it") == (
        "**No:** an independent test or review says to avoid it: “Ovida Pure: Skip it” [@v].")


def test_the_cell_speaks_of_its_row_only_and_a_plain_cell_is_no_verdict() -> None:
    # the best-overall row's product is no "No"
    assert not first("Is the Kessa Boil 2 worth it?", "Overpriced").startswith("**No"), "Kessa Boil 2"
    assert not first("Is the Ovida Pure worth it?", "Fastest boil").startswith("**No"), "Fastest boil"


def test_worth_cells_reads_price_verdicts_whole_only() -> None:
    tree = lxml_html.fromstring("<table><tr><td>Ovida Pure</td><td>Overpriced.</td></tr>"
                                "<tr><td>Tarnel K1</td><td>Poor value for money</td></tr>"
                                "<tr><td>Kessa Boil 2</td><td>Never overpriced, always fast</td></tr></table>")
    assert worth_cells(tree) == [WorthVerdict("Overpriced", "no", "", 0, "Ovida Pure", True),
                                 WorthVerdict("Poor value for money", "no", "", 0, "Tarnel K1", True)]
    assert [v.quoted() for v in worth_cells(tree)] == ["Ovida Pure: Overpriced", "Tarnel K1: Poor value for money"]
