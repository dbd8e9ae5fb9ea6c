"""A product an independent source says cannot serve the use asked is no pick for it (issue 15, trial t31 fault 3):
"best ... for shipping labels" made best value and runner-up a printer an independent review says "cannot print 4x6
shipping labels", with no "avoid if" line. Such a product is never best, best value nor runner-up for that use, and
gets "Avoid if you need it for <use>" quoting the source; a shop's or a sponsored page's words decide nothing."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse, asked_use
from services.domain_shopping.pages import limitations
from tests.shop_pages import pages
from tests.shop_pages import shop as shop_page


def shop(name: str, price: str, watts: str) -> str:
    return shop_page(name, price, "Motor power", watts)


def review(title: str, text: str, sponsored: bool = False) -> str:
    note = "<p><em>Disclosure: this article is sponsored.</em></p>" if sponsored else ""
    return (f"<!doctype html><html lang='en'><head><title>{title} - BlendLab</title></head><body><h1>{title}</h1>"
            f"{note}<p>{text}</p><p>Rating: 4/5.</p></body></html>")


SHOPS = {"/vortix": shop("Vortix B5", "129.00", "1,400 W"), "/mixon": shop("Mixon M2", "59.00", "1,200 W"),
         "/blendo": shop("Blendo C1", "89.00", "900 W")}
QUESTION = "What's the best blender for crushing ice under 150 EUR?"


def verdicts(site: dict[str, str]) -> list[str]:
    result = analyse(QUESTION, pages(site), uuid4(), today=date(2026, 12, 2))
    return str(next(s["body"] for s in result.sections if s["heading"] == "Verdicts")).splitlines()


def test_the_use_of_a_question_with_a_budget_is_read() -> None:
    assert asked_use(QUESTION)[0] == "crushing ice"
    assert asked_use("the best thermal printer for shipping labels under $100?")[0] == "shipping labels"


def test_a_product_a_reviewer_says_cannot_serve_the_use_is_avoided_for_it() -> None:
    site = {**SHOPS, "/review": review("Mixon M2 review", "The Mixon M2 is small and quiet. It cannot crush ice "
                                                          "because its blades stall on frozen cubes.")}
    lines = verdicts(site)
    picked = [line for line in lines if line.startswith(("- **Best overall", "- **Best value", "- **Runner-up"))]
    assert picked and not any("Mixon M2" in line for line in picked), lines
    avoid = next(line for line in lines if line.startswith("- **Avoid if you need it for crushing ice"))
    assert avoid.startswith("- **Avoid if you need it for crushing ice: Mixon M2** — an independent source says it "
                            "cannot: “It cannot crush ice because its blades stall on frozen cubes” [@v"), avoid


def test_another_use_a_shop_or_a_sponsored_page_decides_nothing() -> None:
    for page in (review("Mixon M2 review", "It cannot knead bread dough because its motor overheats."),
                 review("Mixon M2 review", "It cannot crush ice because its blades stall.", sponsored=True)):
        lines = verdicts({**SHOPS, "/review": page})
        assert not any(line.startswith("- **Avoid if you need it") for line in lines), lines
        assert any(line.startswith("- **Best value: Mixon M2") for line in lines), lines


def test_limitations_read_cannot_but_not_praise() -> None:
    said = [s for s, _ in limitations("It can't be beaten for smoothies. The jug is too narrow for whole fruit. "
                                      "You cannot go wrong with it. It is unable to heat soup.")]
    assert said == ["The jug is too narrow for whole fruit", "It is unable to heat soup"]
