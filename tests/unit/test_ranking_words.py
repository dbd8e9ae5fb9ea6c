"""One definition of a review or test headline and of a ranking or roundup page (``shared.text.buying``:
``REVIEW_TITLE_RE``, ``RANKING_RE``), read alike by the gatherer (``names_review``), the scraper's provenance and the
shopping engine (``looks_like_product``): a German, French or Spanish ranking and a head-to-head "X vs Y" are
rankings wherever they are read. Invented products."""

from __future__ import annotations

import pytest

from services.domain_shopping.offline import looks_like_product
from shared.text.buying import names_review


@pytest.mark.parametrize("text,named", [
    ("Kettlo Go 2 vs Brevona Duo 3", True),  # a head-to-head (the shopping engine's word)
    ("Die besten Wasserkocher 2026", True),
    ("Vergleichstest: vier Wasserkocher", True),  # the scraper's word
    ("Las mejores hervidoras", True),
    ("Kettlo Go 2 review", True),
    ("Kettlo Go 2 | Kettlo", False),
    ("Kettlo Go 2 electric kettle, 1.7 litres", False),
])
def test_names_review_reads_every_ranking_word(text: str, named: bool) -> None:
    assert names_review(text) is named


@pytest.mark.parametrize("name,product", [
    ("Kettlo Go 2 Vergleich", False),  # the buying intent's word
    ("Meilleures bouilloires Kettlo", False),
    ("Kettlo Go 2 vs Brevona Duo 3", False),
    ("Kettlo Go 2", True),
    ("Brevona Duo 3 Pro", True),
])
def test_a_ranking_title_names_no_product(name: str, product: bool) -> None:
    assert looks_like_product(name) is product
