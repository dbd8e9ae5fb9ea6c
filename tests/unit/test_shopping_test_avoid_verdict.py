"""An independent test's verdict is read (issue 15, trial t51s fault 5): its results table's score column gives each
product its rating, its "Avoid: <product>" bars that product from best overall and best value (or, when it is the only
one left, the pick says the test says to avoid it, at low confidence), the maker's own page is no reviewer, and a
product over the budget is said to be over it, never to be avoided."""

from __future__ import annotations

import json

from services.domain_shopping.pages import avoid_verdicts, read_page
from tests.shop_pages import page, row, run, verdicts


def shop(name: str, price: str, rows: dict[str, str], title: str = "", brand: str = "", body: str = "") -> str:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name, "brand": brand,
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "USD"}}
    table = "".join(row(k, v) for k, v in rows.items())
    return page(title or f"{name} - Shop", f"<h1>{name}</h1>{body}<table>{table}</table><button>Add to cart</button>",
                head=f'<script type="application/ld+json">{json.dumps(item)}</script>')


TEST = page("The best label printers, tested - PrintBench", """<h1>The best label printers, tested</h1>
<p>We tested every printer below on 20 rolls of labels.</p>
<table><tr><th>Printer</th><th>Score</th><th>Jams</th></tr>
<tr><td>Zentra P9</td><td>9.1/10</td><td>0</td></tr>
<tr><td>Vessa K7</td><td>8.0/10</td><td>1</td></tr>
<tr><td>Corvo L2</td><td>4.2/10</td><td>6</td></tr></table>
<h2>Best overall: Zentra P9</h2><p>The Zentra P9 was the fastest printer here.</p>
<h2>Avoid: Corvo L2</h2><p>The Corvo L2 jammed on 6 of 20 rolls. Its app crashed too.</p>""")
SITE = {"/zentra": shop("Zentra P9", "139.00", {"Print speed": "150 mm/s", "Warranty": "2 years"}),
        "/vessa": shop("Vessa K7", "99.00", {"Print speed": "110 mm/s", "Warranty": "2 years"}),
        "/corvo": shop("Corvo L2", "45.00", {"Print speed": "40 mm/s", "Warranty": "2 years"}),
        "/test": TEST}


def test_a_results_tables_score_column_rates_each_product_of_its_row() -> None:
    found = read_page(TEST, "http://127.0.0.1:9/test")
    assert found.ratings == [("9.1", "10"), ("8.0", "10"), ("4.2", "10")]
    assert [c.strip() for c in found.rating_context] == ["Zentra P9", "Vessa K7", "Corvo L2"]
    result = run("What is the best label printer under $150?", SITE)
    rated = {(r["product_id"], r["rating"]) for r in result.reviews if r["rating"] is not None}
    names = {p["product_id"]: p["name"] for p in result.products}
    assert {(names[pid], rating) for pid, rating in rated} >= {("Zentra P9", 9.1), ("Vessa K7", 8.0),
                                                               ("Corvo L2", 4.2)}


def test_an_avoid_heading_is_read_with_the_sentence_under_it() -> None:
    import lxml.html
    assert avoid_verdicts(lxml.html.fromstring(TEST)) == [
        ("Avoid: Corvo L2", "The Corvo L2 jammed on 6 of 20 rolls. Its app crashed too.")]  # every reason it gives
    said = avoid_verdicts(lxml.html.fromstring("<html><body><p>Skip the Corvo L2. Avoid the Vessa K7 if you print "
                                               "in the cold.</p></body></html>"))
    assert said == [("Skip the Corvo L2", "")]  # advice for a case is not an outright verdict


def test_a_product_an_independent_test_says_to_avoid_is_no_pick_and_gets_an_avoid_line() -> None:
    lines = verdicts(run("What is the best label printer under $150?", SITE)).splitlines()
    picked = [line for line in lines if line.startswith(("- **Best overall", "- **Best value", "- **Runner-up"))]
    assert picked and not any("Corvo L2" in line for line in picked), lines
    avoid = next(line for line in lines if "Corvo L2" in line)
    assert avoid.startswith("- **Avoid: Corvo L2** — an independent test or review says to avoid it: “Avoid: Corvo "
                            "L2” — “The Corvo L2 jammed on 6 of 20 rolls. Its app crashed too.” [@v"), avoid


def test_the_only_product_in_budget_that_a_test_pans_is_picked_with_the_warning_at_low_confidence() -> None:
    result = run("What is the best label printer under $60?", SITE)
    lines = verdicts(result).splitlines()
    best = next(line for line in lines if line.startswith("- **Best overall"))
    assert best.startswith("- **Best overall: Corvo L2**") and "but an independent test or review says to avoid it: " \
        "“Avoid: Corvo L2”" in best, best
    assert result.max_tier == "low"
    assert any("says to avoid the product picked" in n for n in result.notes), result.notes
    over = next(line for line in lines if line.startswith("- **Over the budget"))
    assert over.startswith("- **Over the budget of 60 USD: Vessa K7** — its lowest offer is 99.00 USD"), over
    assert not any(line.startswith("- **Avoid if your budget") for line in lines), lines


def test_the_makers_own_page_is_no_reviewers_pick() -> None:
    maker = shop("Corvo L2", "49.00", {"Print speed": "40 mm/s"}, title="Corvo L2 Pocket Printer | Corvo",
                 brand="Corvo", body="<p>Small enough for a pocket, the Corvo L2 prints labels from your phone.</p>")
    result = run("What is the best label printer under $150?", {**SITE, "/maker": maker})
    assert not any(r["pros"] and "pocket" in r["pros"][0] for r in result.reviews), result.reviews
