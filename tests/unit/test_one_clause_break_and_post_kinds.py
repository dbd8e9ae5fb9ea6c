"""One definition each of the coordinated-clause break and the post source kinds (review of stop 45, F13): the
entailment's clause years and the groups' priced clauses part a sentence at the same breaks, and the synthesizer's
hearsay and the shopping domain's post figures read the same kinds."""

from __future__ import annotations

import services.domain_shopping.offline as shopping
import services.synthesizer.offline as synthesizer
import shared.text.entailment as entailment
import shared.text.groups as groups
from shared.evidence import POST_KINDS
from shared.text.tokens import COORDINATE_BREAK_RE


def test_the_clause_break_and_post_kinds_are_defined_once() -> None:
    assert entailment.COORDINATE_BREAK_RE is COORDINATE_BREAK_RE
    assert groups.COORDINATE_BREAK_RE is COORDINATE_BREAK_RE
    assert shopping.POST_KINDS is POST_KINDS and synthesizer.POST_KINDS is POST_KINDS
    assert POST_KINDS == {"forum", "blog"}
    assert COORDINATE_BREAK_RE.split("By 1820 it employed 140 workers, and in 1880 it had 455; it closed") == [
        "By 1820 it employed 140 workers", "in 1880 it had 455", "it closed"]


def test_the_clause_readers_still_part_at_the_break() -> None:
    assert entailment.clause_framed_years(
        "By 1820 the works employed 140 workers, and in 1880, its largest year, the workforce reached 455") == (
        "1820", "1880")
    assert groups.variant_rate("The adult ticket will cost 16 EUR, and the group rate 12.50 EUR",
                               "How much does an adult pay for a day pass?") == frozenset()
    assert groups.variant_rate("The group rate is 12.50 EUR per person", "How much does an adult pay?") == {"group"}
