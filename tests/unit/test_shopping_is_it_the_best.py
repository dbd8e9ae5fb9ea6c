"""A yes/no question about one named product's standing ("Is the X really the best tyre pump you can buy?", "Is
the X worth it?") is answered yes or no from the shopping verdicts (issue 15, trial t35 x1), on invented pumps:
an independent reviewer's pick of another product says no even when the figures rank the one asked first."""

from __future__ import annotations

from tests.shop_pages import ld, page, row, run, verdicts


def maker(name: str, brand: str, battery: str, price: str) -> str:
    offer = f', "offers": {{"@type": "Offer", "price": "{price}", "priceCurrency": "USD"}}'
    return page(f"{name} cordless tyre pump - {brand}",
                f"<h1>{name} cordless tyre pump</h1><p>The {name} is a cordless tyre pump.</p>"
                f"<table>{row('Battery capacity', battery)}</table>",
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": {{"@type": "Brand", "name": "{brand}"}}{offer}}}'))


SITE = {"/holvik/h4": maker("Holvik H4", "Holvik", "7000 mAh", "120.00"),
        "/senna/air3": maker("Senna Air 3", "Senna", "4000 mAh", "49.00"),
        "/dorra/d2": maker("Dorra D2", "Dorra", "2500 mAh", "35.00")}
TEST = page("We tested three cordless tyre pumps - PumpLab",
            "<h1>We tested three cordless tyre pumps</h1><p>We timed each pump on the same car tyre.</p>"
            "<p>The Senna Air 3 is our best overall pick: it was the most accurate.</p>")


def first(question: str, site: dict[str, str]) -> str:
    return verdicts(run(question, site)).split("\n")[0]


def test_another_products_independent_pick_answers_no() -> None:
    answer = first("Is the Holvik H4 really the best tyre pump you can buy?", SITE | {"/lab/pumps": TEST})
    # the figures favour the Holvik H4 (the most mAh), but the independent test picks the Senna Air 3, and its pick
    # outranks the figures (task h29, trial t57s F1)
    assert answer.startswith("**No:** an independent reviewer's pick is the Senna Air 3 [@v"), answer
    assert "the Holvik H4 ranks 2nd of the 3 products ranked" in answer, answer


def test_the_figures_answer_when_no_reviewer_picks() -> None:
    answer = first("Is the Holvik H4 really the best tyre pump you can buy?", SITE)
    assert answer.startswith("**Yes:** the Holvik H4 ranks first of the 3 products ranked with"), answer
    assert "7000 mAh [@v" in answer, answer
    answer = first("Is the Dorra D2 the best tyre pump?", SITE)
    assert answer.startswith("**No:** the Holvik H4 ranks first with"), answer
    assert "the Dorra D2 ranks 3rd of the 3 products ranked with battery capacity 2500 mAh [@v" in answer, answer


def test_over_the_budget_asked_answers_no() -> None:
    answer = first("Is the Holvik H4 the best tyre pump under $60?", SITE)
    assert answer == "**No:** the Holvik H4 is not among the products ranked: over the budget of 60 USD.", answer


def test_worth_it_and_a_good_choice() -> None:
    answer = first("Is the Senna Air 3 worth it?", SITE | {"/lab/pumps": TEST})
    assert answer.startswith("**Yes:** the Senna Air 3 is the best overall of the 3 products ranked with"), answer
    assert "and an independent reviewer's pick [@v" in answer, answer
    answer = first("Is the Dorra D2 a good choice?", SITE)
    assert answer.startswith("**No:** the Dorra D2 ranks 3rd") and "a verdict advises against it" in answer, answer


def test_a_split_verdict_or_another_question_is_no_yes_no() -> None:
    # a reviewer picks the Senna Air 3 and the figures favour the Holvik H4: the reviewer's pick ranks first (task
    # h29, trial t57s F1), so the question is answered yes
    answer = first("Is the Senna Air 3 the best tyre pump?", SITE | {"/lab/pumps": TEST})
    assert answer.startswith("**Yes:** the Senna Air 3 ranks first of the 3 products ranked"), answer
    assert "is an independent reviewer's pick [@v" in answer, answer
    assert not first("Which tyre pump is the best?", SITE).startswith(("**Yes", "**No"))
    assert not first("Is the Holvik H4 cordless?", SITE).startswith(("**Yes", "**No"))
