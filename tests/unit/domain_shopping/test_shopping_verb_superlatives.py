"""A question asking for one end of an attribute by a verb stating it ("Which blower weighs the least?", "holds the
most", "lasts the longest", "runs for the longest") ranks on that attribute the way it asks, as the adjective does
("the lightest", "the lowest weight"); so does "the least heavy" (re-check of a shopping trial, fault G1: "Which
cordless drill weighs the least?" led with the heaviest drill at 1.00 high, while "Which is the lightest cordless
drill?" was right). Invented catalogues: weights in kg, lb and g, in spec tables and in prose."""

from __future__ import annotations

import pytest

from services.domain_shopping.attributes import asked_way, direction, verb_way, why
from services.domain_shopping.attributes import by_name as attribute_named
from services.domain_shopping.units import kind_of
from tests.shop_pages import page, run, spec_shop, verdicts

#: four invented cordless leaf blowers: weight and run time in tables (one in lb, one in g) and in a review's prose
BLOWERS: dict[str, str] = {
    "/marrow/b2": spec_shop("Marrowgate B2", "149.00", {"Weight": "2.9 kg", "Run time": "25 min"}),
    "/tesk/air5": spec_shop("Tesk Air 5", "119.00", {"Weight": "4.4 lb", "Run time": "40 min"}),
    "/pellin/g7": spec_shop("Pellin G7", "179.00", {"Weight (with battery)": "3350 g", "Run time": "55 min"}),
    "/reviews/vorra-s3": page("Vorra S3 review | YardBench",
                              "<h1>Vorra S3 review</h1><p>The Vorra S3 weighs 2.4 kg with its battery fitted. "
                              "Its battery life is 30 minutes on the low setting.</p>"),
    "/reviews/blowers": page(
        "Cordless leaf blowers tested | YardBench",
        "<h1>Cordless leaf blowers tested</h1><p>We tested four cordless leaf blowers.</p><table>"
        "<tr><th></th><th>Marrowgate B2</th><th>Tesk Air 5</th><th>Pellin G7</th><th>Vorra S3</th></tr>"
        "<tr><td>Weight</td><td>2.9 kg</td><td>2.0 kg</td><td>3.35 kg</td><td>2.4 kg</td></tr></table>"),
}
#: three invented insulated flasks: capacity in litres and millilitres
FLASKS: dict[str, str] = {
    "/kelda/one": spec_shop("Kelda One", "34.00", {"Capacity": "0.75 l", "Weight": "410 g"}),
    "/brume/tall": spec_shop("Brume Tall", "39.00", {"Capacity": "1.2 l", "Weight": "520 g"}),
    "/oskar/mini": spec_shop("Oskar Mini", "29.00", {"Capacity": "500 ml", "Weight": "330 g"}),
}
MASS = kind_of("gram")


def best(question: str, site: dict[str, str]) -> str:
    """The product the "Best overall" verdict names for ``question`` over ``site``."""
    line = next(x for x in verdicts(run(question, site)).splitlines() if x.startswith("- **Best overall: "))
    return line.removeprefix("- **Best overall: ").split("**", 1)[0]


@pytest.mark.parametrize(("question", "product"), [
    ("Which cordless leaf blower weighs the least?", "Tesk Air 5"),  # 4.4 lb = 2.0 kg
    ("Which cordless leaf blower weighs less?", "Tesk Air 5"),
    ("Which is the lightest cordless leaf blower?", "Tesk Air 5"),
    ("Which cordless leaf blower has the lowest weight?", "Tesk Air 5"),
    ("Which cordless leaf blower is the least heavy?", "Tesk Air 5"),
    ("Which cordless leaf blower weighs the most?", "Pellin G7"),  # 3350 g
    ("Which cordless leaf blower is heaviest?", "Pellin G7"),
    ("Which cordless leaf blower has the highest weight?", "Pellin G7"),
    ("Which cordless leaf blower lasts the longest?", "Pellin G7"),  # 55 min
    ("Which cordless leaf blower runs for the longest on a charge?", "Pellin G7"),
])
def test_a_verb_of_the_attribute_with_a_word_of_more_or_less_picks_that_end(question: str, product: str) -> None:
    assert best(question, BLOWERS) == product


@pytest.mark.parametrize(("question", "product"), [
    ("Which insulated flask holds the most?", "Brume Tall"),
    ("Which insulated flask holds the least?", "Oskar Mini"),
    ("Which insulated flask has the largest capacity?", "Brume Tall"),
])
def test_holds_the_most_or_the_least_picks_that_end_of_the_capacity(question: str, product: str) -> None:
    assert best(question, FLASKS) == product


def test_the_verdict_says_the_questions_own_words_for_the_way() -> None:
    line = verdicts(run("Which cordless leaf blower weighs the least?", BLOWERS)).splitlines()[0]
    assert "lighter counted better: the question says 'weighs the least'" in line, line
    assert "Tesk Air 5" in line


@pytest.mark.parametrize(("question", "way", "said"), [
    ("Which one weighs the least?", -1, "weighs the least"),
    ("Which one weighs the most?", 1, "weighs the most"),
    ("Which one weighs no more than 2 kg?", -1, "weighs no more"),  # a bound turns the way
    ("Which one weighs in at the least?", -1, "weighs in at the least"),
    ("Which one weighs 2 kg and is the cheapest?", 0, ""),  # no way word after the verb
    ("Which one is lightest, highest output or longest run?", 0, ""),  # punctuation ends the verb's words
])
def test_verb_way_reads_the_way_word_after_the_verb(question: str, way: int, said: str) -> None:
    weight = attribute_named("weight")
    assert weight is not None
    assert verb_way(question, weight) == (way, said)


def test_lasting_at_least_asks_for_more_and_last_alone_asks_nothing() -> None:
    hours = kind_of("hour")
    assert asked_way("Which one lasts at least 10 hours?", "battery life", hours)[0] == 1
    assert asked_way("What was the best blower last year?", "battery life", hours) == (0, "")


def test_the_questions_way_wins_over_a_carried_products_lighter_is_better() -> None:
    assert direction("weight", MASS, "Which headphones weigh the most?") == 1
    assert direction("weight", MASS, "Which headphones are the lightest?") == -1
    assert direction("weight", MASS, "Which keyboard is best?") == 0  # no way asked, none of its own


def test_the_questions_way_wins_over_the_attributes_own_and_says_so() -> None:
    litres = kind_of("liter")
    assert direction("capacity", litres, "Which flask holds the least?") == -1
    assert why("capacity", litres, "Which flask holds the least?") == \
        "smaller counted better: the question says 'holds the least'"
    assert why("capacity", litres, "Which flask holds the most?") == ""  # its own way: nothing to justify
