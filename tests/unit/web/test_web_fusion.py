"""Fusion of providers' lists: canonical-URL dedupe, reciprocal rank fusion (not tiers), site filter, and
fail-over when a provider is rate limited or broken, with real providers against stand-in servers."""

from __future__ import annotations

from services.gatherer.fusion import RRF_K, canonical_url, fuse, in_sites, url_key
from services.gatherer.gathering import Gatherer, SearchRequest
from services.gatherer.providers import WebHit, configured_providers
from shared.settings import GathererSettings
from tests.unit.web.standins import Reply, ddg_html, mediawiki_search, serve, tavily_search


def hit(url: str, provider: str, rank: int, title: str = "", snippet: str = "") -> WebHit:
    return WebHit(url, title or url, snippet, provider, rank, 0.0)


def test_canonical_urls_and_keys() -> None:
    assert canonical_url("HTTPS://Example.org:443/a/b?utm_source=x&b=2&a=1#part") == "https://example.org/a/b?a=1&b=2"
    same = ["https://www.example.org/a/", "http://example.org/a", "https://example.org/a#x",
            "https://example.org/a?utm_campaign=y"]
    assert len({url_key(u) for u in same}) == 1
    assert url_key("https://example.org/a?id=1") != url_key("https://example.org/a?id=2")
    assert canonical_url("doc:abc123") == "doc:abc123" == url_key("doc:abc123")


def test_site_filter() -> None:
    assert in_sites("https://docs.python.org/3/", ["python.org"])
    assert in_sites("https://www.python.org/", ["https://python.org/about"])
    assert not in_sites("https://notpython.org/", ["python.org"])
    assert in_sites("doc:abc", ["python.org"]) and in_sites("https://x.org/", [])


def test_rrf_fuses_rather_than_tiers_and_ties_go_to_the_earlier_provider() -> None:
    tavily = [hit(f"https://t.org/{i}", "tavily", i) for i in range(1, 4)]
    ddg = [hit("https://d.org/1", "duckduckgo", 1), hit("https://www.t.org/2/", "duckduckgo", 2)]
    fused, filtered = fuse([("tavily", tavily), ("duckduckgo", ddg)])
    assert filtered == 0
    urls = [h.url for h in fused]
    # t.org/2 is in both lists: fused first; then rank-1 ties: tavily's before duckduckgo's
    assert urls == ["https://t.org/2", "https://t.org/1", "https://d.org/1", "https://t.org/3"]
    assert fused[0].provider == "tavily+duckduckgo"
    assert fused[0].score == round(1 / (RRF_K + 2) + 1 / (RRF_K + 2), 6)
    assert [h.rank for h in fused] == [1, 2, 3, 4]


def test_duplicates_within_one_list_count_once_and_the_site_filter_applies() -> None:
    hits = [hit("https://a.org/x", "searxng", 1), hit("https://a.org/x/", "searxng", 2),
            hit("https://b.org/y", "searxng", 3, snippet="kept")]
    fused, filtered = fuse([("searxng", hits)], sites=["b.org"])
    assert [(h.url, h.rank) for h in fused] == [("https://b.org/y", 1)] and filtered == 2
    fused, _ = fuse([("searxng", hits)])
    assert [h.url for h in fused] == ["https://a.org/x", "https://b.org/y"]


async def test_with_a_tavily_key_and_duckduckgo_returning_one_hit_tavily_results_are_fused_in() -> None:
    tavily_results = [(f"https://tavily.example/r{i}", f"Rush result {i}", "Rush is a Canadian rock band.")
                      for i in range(1, 6)]
    routes = {"/search": tavily_search(tavily_results),
              "/html/": ddg_html([("https://ddg.example/only", "Rush", "Rush is a Canadian rock band.")])}
    with serve(routes) as web:
        cfg = GathererSettings(_env_file=None, tavily_api_key="tvly-test", tavily_url=web.base,
                               duckduckgo_url=web.base, searxng_url=None, wikipedia=False, arxiv=False)
        providers = configured_providers(cfg)
        assert [p.name for p in providers] == ["tavily", "duckduckgo"]
        request = SearchRequest(question="Which Canadian rock band is Rush?", sub_query="rush canadian rock band",
                                limit=8)
        lists, failed = await Gatherer().search_hop(request, request.sub_query, providers, with_research=False)
        fused, _ = fuse(lists)
    assert failed == []
    urls = [h.url for h in fused]
    assert set(urls) == {u for u, _, _ in tavily_results} | {"https://ddg.example/only"}
    assert urls[0] == "https://tavily.example/r1"  # Tavily is used first: its rank 1 wins the tie
    assert fused[1].url == "https://ddg.example/only"


async def test_a_rate_limited_and_a_broken_provider_fail_over_to_the_others() -> None:
    routes = {"/search": tavily_search([("https://tavily.example/a", "A", "alpha")]),
              "/html/": Reply(202, b"<html>slow down</html>"),
              "/w/api.php": Reply(500, b"boom")}
    with serve(routes) as web:
        cfg = GathererSettings(_env_file=None, tavily_api_key="k", tavily_url=web.base, duckduckgo_url=web.base,
                               wikipedia_url=web.base, arxiv=False, rate_limit_retries=1, backoff_initial_s=0.01,
                               backoff_max_s=0.02)
        request = SearchRequest(question="alpha?", sub_query="alpha", limit=5)
        lists, failed = await Gatherer().search_hop(request, "alpha", configured_providers(cfg),
                                                    with_research=False)
        assert len(web.requests_to("/html/")) == 2  # one retry after the backoff, then it gave up
    fused, _ = fuse(lists)
    assert [h.url for h in fused] == ["https://tavily.example/a"]
    assert any(f.startswith("duckduckgo: rate_limited") for f in failed), failed
    assert any(f.startswith("wikipedia: http_status (HTTP 500)") for f in failed), failed


async def test_wikipedia_hits_fuse_with_the_others() -> None:
    routes = {"/w/api.php": mediawiki_search([("Rush (band)", "Rush is a Canadian rock band")]),
              "/html/": ddg_html([("https://ddg.example/rush", "Rush", "Rush is a band")])}
    with serve(routes) as web:
        cfg = GathererSettings(_env_file=None, tavily_api_key=None, duckduckgo_url=web.base,
                               wikipedia_url=web.base, arxiv=False)
        request = SearchRequest(question="Rush?", sub_query="rush band", limit=5)
        lists, failed = await Gatherer().search_hop(request, "rush band", configured_providers(cfg),
                                                    with_research=False)
    fused, _ = fuse(lists)
    assert failed == []
    assert {h.url for h in fused} == {"https://ddg.example/rush", canonical_url(web.url("/wiki/Rush_(band)"))}
