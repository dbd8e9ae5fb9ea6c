"""Trial t70s Q02, Q09 and Q05: a question about one named product's figure ("What is the motor wattage of the
<machine>?", "For how many years is the <machine> guaranteed?") was answered by "Best overall: <another machine>",
ranked on the warranty, at 0.80 medium: "wattage" and "guaranteed" named no attribute the lexicon knows, so no spec
answer was given and the ranking of every product found led. A question naming one product and asking its figure
is answered with that product's figure, and a one-product question whose figure is not read is never answered by a
ranking of the others. Invented sewing machines."""

from __future__ import annotations

from datetime import date
from typing import Any
from uuid import uuid4

import pytest

from services.domain_shopping.attributes import named_in
from services.domain_shopping.offline import SourcePage, analyse
from tests.unit.test_shopping_reviewer_pick import _page


def _maker(name: str, path: str, rows: list[tuple[str, str]]) -> SourcePage:
    cells = "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows)
    return _page(path, name, f"<h1>{name}</h1><table><tr><th>Specification</th><th>{name}</th></tr>{cells}</table>"
                 f"<p>The {name} is a sewing machine.</p>")


BASE = _maker("Loomrex Vanta 40", "/loomrex/vanta-40",
              [("Motor power", "60 W"), ("Weight", "6.1 kg"), ("Warranty", "3 years")])
PRO = _maker("Loomrex Vanta 40 Pro", "/loomrex/vanta-40-pro",
             [("Motor power", "95 W"), ("Weight", "7.9 kg"), ("Warranty", "8 years")])
OTHER = _maker("Sevrina K7", "/sevrina/k7", [("Motor power", "80 W"), ("Weight", "5.0 kg"), ("Warranty", "2 years")])
TABLE = _page("/compare", "Sewing machine comparison", (
    "<h1>Sewing machine comparison</h1><table><tr><th>Specification</th><th>Loomrex Vanta 40</th>"
    "<th>Loomrex Vanta 40 Pro</th><th>Sevrina K7</th></tr><tr><td>Motor power</td><td>60 W</td><td>95 W</td>"
    "<td>80 W</td></tr><tr><td>Warranty</td><td>3 years</td><td>8 years</td><td>2 years</td></tr>"
    "<tr><td>Price</td><td>319 EUR</td><td>459 EUR</td><td>219 EUR</td></tr></table>"))
PAGES = [BASE, PRO, OTHER, TABLE]


def _verdicts(question: str, pages: list[SourcePage] = PAGES) -> tuple[str, dict[str, Any], str]:
    result = analyse(question, pages, uuid4(), today=date(2026, 12, 5))
    return {s["heading"]: s["body"] for s in result.sections}["Verdicts"], result.pick or {}, result.max_tier


@pytest.mark.parametrize(("question", "attribute"), [
    ("What is the motor wattage of the Sevrina K7?", "power"),
    ("What wattage does the Sevrina K7 have?", "power"),
    ("For how many years is the Sevrina K7 guaranteed?", "warranty"),
    ("How long is the Sevrina K7 guaranteed for?", "warranty"),
])
def test_the_lexicon_reads_the_figure_asked(question: str, attribute: str) -> None:
    assert named_in(question, attribute)


@pytest.mark.parametrize(("question", "figure"), [
    ("What is the motor wattage of the Sevrina K7?", "80 W"),
    ("For how many years is the Sevrina K7 guaranteed?", "2 years"),
])
def test_one_product_figure_is_answered_with_its_own_figure(question: str, figure: str) -> None:
    verdicts, pick, _tier = _verdicts(question)
    first = verdicts.splitlines()[0]
    assert first.startswith("**Sevrina K7, as its sources give it:**") and figure in first, verdicts
    assert "Best overall" not in verdicts, verdicts
    assert pick.get("subject") == "Sevrina K7", pick


def test_a_figure_not_read_of_one_product_is_never_another_products_ranking() -> None:
    # no attribute of the lexicon or the matrix is asked: the product's own figures follow, never "Best overall"
    verdicts, pick, tier = _verdicts("What is the bobbin colour of the Sevrina K7?")
    assert "Best overall" not in verdicts and "Runner-up" not in verdicts, verdicts
    assert verdicts.startswith("**Not established:") and "Sevrina K7" in verdicts.splitlines()[0], verdicts
    assert pick.get("kind") != "ranking" and tier == "low", (pick, tier)


def test_a_ranking_question_still_ranks() -> None:
    verdicts, pick, _tier = _verdicts("Which sewing machine has the longest warranty?")
    assert "**Best overall: Loomrex Vanta 40 Pro**" in verdicts, verdicts
    assert pick.get("kind") == "ranking", pick
