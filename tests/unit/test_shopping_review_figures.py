"""A review's figures are not garbled (issue 15, trial t51s fault 9): "Inkora LP-40: 4.5 out of 5. Tagwell T5 Pro: 4 out
of 5." read the end of the second product's name, "Pro:", as a label of praise, so the first product's review showed
"Praise: 4 out of 5". A label of praise or complaints opens its text or a sentence; a name ending in "Pro" labels
nothing."""

from __future__ import annotations

import json

from services.domain_shopping.pages import read_page
from tests.shop_pages import page, run

REVIEWS = json.dumps([{"@context": "https://schema.org", "@type": "Review",
                       "itemReviewed": {"@type": "Product", "name": name}, "author": {"@type": "Person", "name": "Ada"},
                       "reviewRating": {"@type": "Rating", "ratingValue": value, "bestRating": "5"}}
                      for name, value in (("Zentra P9", "4.5"), ("Vessa K7 Pro", "4"))])
REVIEW = page("Zentra P9 vs Vessa K7 Pro - DeskReview", "<h1>Zentra P9 vs Vessa K7 Pro</h1><p>We used both for a "
              "month.</p><h2>Verdict</h2><p>Zentra P9: 4.5 out of 5. Vessa K7 Pro: 4 out of 5.</p>",
              head=f'<script type="application/ld+json">{REVIEWS}</script>')


def test_a_name_ending_in_pro_is_no_label_of_praise() -> None:
    assert read_page(REVIEW, "http://127.0.0.1:9/r").review_lists == ([], [])
    found = read_page(page("X review", "<p>Verdict: light. Pros: cheap, sturdy. Cons: loud.</p>"), "http://x/r")
    assert found.review_lists == (["cheap", "sturdy"], ["loud"])


def test_a_products_review_shows_no_other_products_rating_as_praise() -> None:
    result = run("Zentra P9 or Vessa K7 Pro: which should I buy?", {"/r": REVIEW})
    assert not any("4 out of 5" in p for r in result.reviews for p in r["pros"]), result.reviews
