"""Trial t53 q11 (invented URLs here): each sub-query's best hit is read. A page only the sub-query naming it ranks
first ("Old Tarrow Jetty" in a comparison with a pier every other sub-query finds) scored less in the rank fusion than
pages every sub-query finds lower down and was never fetched (``shared.domain.with_each_best``)."""

from __future__ import annotations

from shared.domain import fuse_hits, with_each_best


def _hits(*urls: str) -> list[dict[str, object]]:
    return [{"url": u, "rank": k, "title": u} for k, u in enumerate(urls, start=1)]


HITS = {
    "q1": _hits("pier", "record", "news", "blog", "faq"),
    "q2": _hits("record", "pier", "blog", "news", "faq"),
    "q3": _hits("jetty", "pier", "record", "news", "blog"),
    "q4": _hits("news", "blog", "faq", "pier", "record"),
}


def test_a_sub_querys_best_hit_is_within_the_budget() -> None:
    fused = fuse_hits(HITS)
    assert "jetty" not in [u for u, _s, _t in fused[:4]]  # the fusion alone leaves it out
    chosen = [u for u, _s, _t in with_each_best(fused, HITS, 4)[:4]]
    assert chosen == ["pier", "record", "news", "jetty"], chosen
    assert with_each_best(fused, HITS, 6) == fused  # every result fits the budget: unchanged
