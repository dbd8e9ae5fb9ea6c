"""Domain detection of "Which X has the largest Z" (issue 15, trial t43 fault 8): a product kind named by a word
of power, connection or carrying ("portable", "cordless") asked for the superlative of a product's spec is a
buyer's question; a superlative of something else, or of a thing no product word names, stays general."""

from __future__ import annotations

import pytest

from services.planner.offline import _classify_domain


@pytest.mark.parametrize(
    ("question", "domain"),
    [
        ("Which portable power station has the largest battery capacity?", "shopping"),
        ("Which portable heater has the lowest noise level?", "shopping"),
        ("Which rechargeable lantern has the longest run time?", "shopping"),
        ("Which cordless drill has the highest torque?", "shopping"),
        ("Which portable projector has the highest brightness?", "shopping"),
        ("Which country has the largest battery storage capacity?", "general"),
        ("Which power station has the largest capacity in Europe?", "general"),
        ("Which portable document format is most widely used?", "general"),
        ("Which portable toilet was invented first?", "general"),
    ],
)
def test_a_spec_superlative_of_a_product_kind_is_a_shopping_question(question: str, domain: str) -> None:
    assert _classify_domain(question) == domain
