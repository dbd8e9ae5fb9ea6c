"""A test's results table says to avoid a product in a verdict cell ("Avoid", "Not recommended", "Don't buy"), and
a two-column results table "Camera | Verdict" is read as verdicts, not as a spec table (task h37, after t57s F1: the
avoid verdict was read only from prose). Invented action cameras."""

from __future__ import annotations

import pytest

from services.domain_shopping.pages import read_page
from tests.shop_pages import maker_page, page, run, verdicts

MAKERS = {
    "/quillo/dart-7": maker_page("Quillo Dart 7", "Quillo", "299.00", {
        "Weight": "152 g", "Battery life": "140 min", "Waterproof": "10 m"}),
    "/brasko/loop-3": maker_page("Brasko Loop 3", "Brasko", "239.00", {
        "Weight": "138 g", "Battery life": "160 min", "Waterproof": "12 m"}),
    "/fennet/one": maker_page("Fennet One", "Fennet", "119.00", {
        "Weight": "147 g", "Battery life": "95 min", "Waterproof": "30 m"}),
}


def lab(table: str) -> str:
    return page("Action cameras, tested | ClipBench",
                "<h1>Action cameras, tested</h1><p>We bought every camera ourselves; no maker paid for this test.</p>"
                + table)


def three_columns(cell: str) -> str:
    return lab("<table><tr><th>Camera</th><th>Score</th><th>Verdict</th></tr>"
               "<tr><td>Quillo Dart 7</td><td>8.7</td><td>Best overall</td></tr>"
               "<tr><td>Brasko Loop 3</td><td>7.8</td><td>Good value</td></tr>"
               f"<tr><td>Fennet One</td><td>4.2</td><td>{cell}</td></tr></table>")


TWO_COLUMNS = lab("<table><tr><th>Camera</th><th>Our verdict</th></tr>"
                  "<tr><td>Quillo Dart 7</td><td>Best overall</td></tr>"
                  "<tr><td>Brasko Loop 3</td><td>Good value</td></tr>"
                  "<tr><td>Fennet One</td><td>Not recommended</td></tr></table>")


def avoid_lines(lab_page: str) -> list[str]:
    body = verdicts(run("Which action camera should I avoid, and why?", {**MAKERS, "/lab/cams": lab_page}))
    return [line.split(" — ")[0] for line in body.split("\n") if line.startswith("- **Avoid")]


@pytest.mark.parametrize("cell", ["Avoid", "Not recommended", "Don't buy", "Don’t buy."])
def test_a_verdict_cell_to_avoid_is_an_avoid_verdict(cell: str) -> None:
    assert avoid_lines(three_columns(cell)) == ["- **Avoid: Fennet One**"]


def test_a_two_column_verdict_table_gives_verdicts_not_specs() -> None:
    read = read_page(TWO_COLUMNS, "https://clipbench.test/lab/cams")
    assert read.table_avoids == [("Fennet One", "Not recommended")]
    assert read.table_picks == [("Quillo Dart 7", "Best overall")]
    assert all(s.value not in ("Best overall", "Good value", "Not recommended")
               for specs in read.table_specs.values() for s in specs)
    assert avoid_lines(TWO_COLUMNS) == ["- **Avoid: Fennet One**"]
    best = verdicts(run("What is the best action camera?", {**MAKERS, "/lab/cams": TWO_COLUMNS})).split("\n")[0]
    assert best.split(" — ")[0] == "- **Best overall: Quillo Dart 7**"


def test_a_plain_verdict_cell_gives_no_avoid_and_a_feature_rating_table_stays_specs() -> None:
    assert avoid_lines(three_columns("Short battery life")) == []
    specs = lab("<table><tr><th>Feature</th><th>Rating</th></tr><tr><td>Battery life</td><td>4/5</td></tr>"
                "<tr><td>Weight</td><td>3/5</td></tr></table>")
    read = read_page(specs, "https://clipbench.test/lab/cams")
    assert read.table_avoids == [] and [s.value for s in read.table_specs.get("", [])] == ["4/5", "3/5"]
