"""A price an independent page lists counts for "which is cheaper" (task h155): a sponsored page's "Price: 229 EUR.
Add to cart." was "the only product with a price found" while the spec matrix held an independent review's 259 EUR
and a maker's 599 EUR. The spec matrix's price cells of independent pages are compared; a sponsored offer's price
decides nothing once an independent price is known. Invented printers."""

from __future__ import annotations

from tests.shop_pages import page, run, verdict_line, verdicts


def spec_table(name: str, rows: dict[str, str]) -> str:
    """A spec table with a header row naming ``name`` above its ``rows`` (label -> value), as reviews write one."""
    return (f"<table><tr><th>Specification</th><th>{name}</th></tr>"
            + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows.items()) + "</table>")


REVIEW = page("Corliss Tern 2 review - Gantry Bench", "<h1>Corliss Tern 2 review</h1>"
              "<p>The Corliss Tern 2 is a compact desktop 3D printer for beginners.</p>"
              + spec_table("Corliss Tern 2", {"Maximum print speed": "200 mm/s", "Weight": "6.1 kg",
                                              "Price at the time of testing": "259 EUR"})
              + "<p>Verdict: 7/10.</p>")
COMPARISON = page("Desktop 3D printers compared - Gantry Bench", "<h1>Desktop 3D printers compared</h1>"
                  "<p>We compared two desktop 3D printers side by side.</p><table>"
                  "<tr><th></th><th>Corliss Tern 2</th><th>Mowbry Flint 4 Max</th></tr>"
                  "<tr><td>Maximum print speed</td><td>200 mm/s</td><td>450 mm/s</td></tr>"
                  "<tr><td>Weight</td><td>6.1 kg</td><td>13.2 kg</td></tr>"
                  "<tr><td>Price</td><td>259 EUR</td><td>599 EUR</td></tr></table>")
SPONSORED = page("Best budget 3D printer deals: the Corliss Tern 2", "<h1>Best budget 3D printer deals</h1>"
                 "<p><strong>Sponsored.</strong> This article contains affiliate links; we earn a commission on "
                 "purchases.</p><p>The Corliss Tern 2 is the best budget 3D printer you can buy. "
                 "<a rel=\"sponsored\" href=\"https://shop.invalid/aff?id=tern2\">Buy the Corliss Tern 2</a></p>"
                 "<p>Price: 229 EUR. Add to cart.</p>")
SITE = {"/review": REVIEW, "/compare": COMPARISON, "/deals": SPONSORED}
QUESTION = "Which 3D printer is cheaper, the Corliss Tern 2 or the Mowbry Flint 4 Max?"


def test_listed_prices_decide_the_cheaper_not_a_sponsored_offer_alone() -> None:
    line = verdict_line(run(QUESTION, SITE))
    assert line.startswith("- **Best overall: Corliss Tern 2** — the lowest purchase price found"), line
    assert "259.00 EUR" in line and "229" not in line, line
    assert "of the 2 products with a price found" in line and "the only product" not in line, line
    body = verdicts(run(QUESTION, SITE))
    assert "Runner-up: Mowbry Flint 4 Max" in body and "599.00 EUR" in body, body


def test_a_listed_price_counts_without_any_offer() -> None:
    line = verdict_line(run(QUESTION, {"/review": REVIEW, "/compare": COMPARISON}))
    assert line.startswith("- **Best overall: Corliss Tern 2** — the lowest purchase price found"), line
    assert "259.00 EUR" in line, line
