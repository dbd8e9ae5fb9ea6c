"""A shopping report's findings take a product's figures as its spec matrix does: amounts of one measured quantity
within 2% are one value (issue 15, trial t54s: Findings said "The sources disagree — Pumpa Volt 3: 480 g [7]; 482 g
[2]." while the matrix showed "482 g ≈ 480 g"). One tolerance, shared.units.SAME_VALUE_TOLERANCE, for both.
Invented portable air compressors."""

from __future__ import annotations

from services.domain_shopping.units import read_quantity, same_amount
from services.synthesizer.offline import find_disagreements, one_measured_value, synthesize
from shared.evidence import VerifiedClaim
from shared.units import SAME_VALUE_TOLERANCE, one_value
from tests.claim_pages import page_claim, web_sources

TITLES = {"a": "Kompra Air 7", "b": "The best portable air compressors of 2026"}


def claims(measured: str) -> list[VerifiedClaim]:
    return [page_claim("The Kompra Air 7: weight 390 g.", "a"),
            page_claim(f"Model Kompra Air 7: verdict Best overall, measured weight {measured}.", "b")]


def test_one_tolerance_for_the_matrix_and_the_findings() -> None:
    assert one_value(390, 393) and not one_value(390, 410)
    light, heavy = read_quantity("390 g"), read_quantity("393 g")
    assert light is not None and heavy is not None and same_amount(light, heavy)
    close = find_disagreements(claims("393 g"), TITLES)
    assert [sorted(v for _i, v in d.values) for d in close] == [["390 g", "393 g"]], close
    assert one_measured_value(close[0], SAME_VALUE_TOLERANCE)
    assert not one_measured_value(close[0], 0.0)  # a report of no product: every different amount disagrees
    far = find_disagreements(claims("410 g"), TITLES)
    assert [sorted(v for _i, v in d.values) for d in far] == [["390 g", "410 g"]], far
    assert not one_measured_value(far[0], SAME_VALUE_TOLERANCE)


def test_counts_and_years_are_no_measured_value() -> None:
    counts = find_disagreements([page_claim("The Kompra plant employs 301 people.", "a"),
                                 page_claim("The Kompra plant employs 300 people.", "b")], TITLES)
    assert counts and not one_measured_value(counts[0], SAME_VALUE_TOLERANCE)


def lead(markdown: str) -> str:
    return markdown.split("## Answer\n\n", 1)[1].split("\n", 1)[0]


def test_a_shopping_report_says_no_disagreement_its_matrix_does_not() -> None:
    question = "How much does the Kompra Air 7 weigh?"
    plain = synthesize(question, claims("393 g"), web_sources(TITLES)).markdown
    assert lead(plain) == "The sources disagree: 390 g [1]; 393 g [2].", plain
    shopping = synthesize(question, claims("393 g"), web_sources(TITLES), agree_within=SAME_VALUE_TOLERANCE).markdown
    assert lead(shopping) == ("Model Kompra Air 7: verdict Best overall, measured weight 393 g [1]. The Kompra Air 7: "
                              "weight 390 g [2]."), shopping
    assert "disagree" not in shopping, shopping
    apart = synthesize(question, claims("410 g"), web_sources(TITLES), agree_within=SAME_VALUE_TOLERANCE).markdown
    assert lead(apart) == "The sources disagree: 390 g [1]; 410 g [2].", apart
