"""Task h55 (trial t60 q07, q17; the pages here are invented): a dated page stating that a price changes ("will
cost 11 EUR instead of 9 EUR", "will rise from 7 EUR to 8.50 EUR") is said by the answer to a price question
whatever its wording, with its date, over an undated price table or a blog's first-person price; a lead stating the
superseded price without the change is not established; a news headline's subject is the name doing its verb."""

from __future__ import annotations

from decimal import Decimal

from services.synthesizer.provenance import recency_bonus, stale_price_lead
from shared.evidence import SourceInfo, VerifiedClaim
from shared.text.groups import price_change, sum_amounts, variant_rate
from shared.text.terms import title_subject
from tests.claim_pages import listed_claims, recorded_report

LIGHT = "Quarrow Lighthouse"
OFFICIAL = ("Plan your visit", [
    "Quarrow Lighthouse is run by the Quarrow Coast Trust.",
    "Ticket Adult: price 9 EUR.",
    "Ticket Child (6-15): price 4 EUR.",
    "Ticket Group (12 or more adults), per person: price 7 EUR.",
])
NEWS = ("Quarrow Lighthouse raises ticket prices and closes its gallery for repairs", [
    "Quarrow Lighthouse will raise its admission prices from 1 May 2025.",
    "The adult ticket will cost 11 EUR instead of 9 EUR, and the group rate for 12 or more adults will rise from "
    "7 EUR to 8.50 EUR per person.",
    "The gallery will be closed from June to August 2025.",
])
BLOG = ("A day at Quarrow Lighthouse", [
    "We finally made it to Quarrow Lighthouse last weekend.",
    "We paid 9 EUR each as adults.",
])
CHANGE = NEWS[1][1]


def _report(question: str, blog_date: str | None = None) -> tuple[str, str, list[VerifiedClaim],
                                                                  dict[str, SourceInfo]]:
    claims, sources = listed_claims({"o": OFFICIAL, "n": NEWS, "b": BLOG})
    sources["n"] = sources["n"].model_copy(update={"published": "2025-02-20"})
    if blog_date:
        sources["b"] = sources["b"].model_copy(update={"published": blog_date})
    rep, gate, _answered, _total = recorded_report(question, claims, sources)
    return rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip(), gate.tier, claims, sources


def test_price_change_reads_old_and_new_sums() -> None:
    assert price_change(CHANGE) == [("9 EUR", "11 EUR"), ("7 EUR", "8.50 EUR")]
    assert price_change("Entry is now £5.20, up from £4.80 in 2018.") == [("£4.80", "£5.20")]
    assert price_change("The day pass will cost 66 euros from next season, up from 62 euros.") == [
        ("62 euros", "66 euros")]
    assert price_change("Ticket Adult: price 9 EUR.") == []
    assert price_change("The tower is open from 10:00 to 17:00.") == []
    assert sum_amounts("price 7 EUR, from May 8.50 EUR") == {Decimal("7"), Decimal("8.50")}
    # the plain adult price stands in a clause of its own: no group rate only
    assert variant_rate(CHANGE, "What is the latest price of an adult ticket?") == frozenset()
    assert variant_rate(OFFICIAL[1][3], "What is the latest price of an adult ticket?") == frozenset({"group"})


def test_a_headline_names_its_subject_before_its_verb() -> None:
    assert title_subject(NEWS[0], frame=False) == LIGHT
    assert title_subject("Quarrow Lighthouse facts", frame=False) == LIGHT
    assert title_subject("Kiss and Tell", frame=False) is None


def test_a_group_price_question_is_answered_with_the_dated_change() -> None:
    lead, tier, _c, _s = _report("How much does a group of 20 adults pay to visit Quarrow Lighthouse?")
    assert lead == ("For a group of 20 adults: 8.50 EUR per person, 20 × 8.50 EUR = 170.00 EUR [1]. " + CHANGE[:-1]
                    + " [1] (2025-02-20)."), lead
    assert tier in ("medium", "high")


def test_the_latest_adult_price_is_the_dated_change_not_the_blog() -> None:
    question = "What is the latest price of an adult ticket at Quarrow Lighthouse?"
    for blog_date in (None, "2024-07-02"):  # the blog undated, or dated by its byline
        lead, tier, _c, _s = _report(question, blog_date)
        assert lead == CHANGE[:-1] + " [1] (2025-02-20).", (blog_date, lead)
        assert tier == "high"


def test_a_plain_price_question_prefers_the_dated_change() -> None:
    question = "How much does an adult ticket cost at Quarrow Lighthouse?"
    lead, tier, claims, sources = _report(question)
    assert lead.startswith(CHANGE[:-1]), lead
    assert tier in ("medium", "high")
    bonus = recency_bonus(question, claims, sources, [1.0] * len(claims))
    assert [c.text for c, b in zip(claims, bonus) if b] == [CHANGE]


def test_a_lead_stating_the_superseded_price_is_not_established() -> None:
    question = "How much does a group of 20 adults pay to visit Quarrow Lighthouse?"
    _lead, _tier, claims, sources = _report(question)
    assert stale_price_lead(question, OFFICIAL[1][3][:-1] + " [1].", claims, sources)
    assert stale_price_lead(question, "We paid 9 EUR each as adults [2].", claims, sources)
    assert not stale_price_lead(question, CHANGE[:-1] + " [1].", claims, sources)
    assert not stale_price_lead("Who runs Quarrow Lighthouse?", OFFICIAL[1][3], claims, sources)
    # undated, the change is no newer than the table: nothing is superseded
    undated = {**sources, "n": sources["n"].model_copy(update={"published": None})}
    assert not stale_price_lead(question, OFFICIAL[1][3], claims, undated)
