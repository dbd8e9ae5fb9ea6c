"""The multi-hop CRAG loop with deterministic fake providers (fakes at the network edge only): grading,
near-duplicate removal, refinement, the stop rules, failures, the research delegate, diagnostics."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from services.gatherer.gathering import Gatherer, HopResult, SearchRequest
from services.gatherer.providers import ProviderError, WebHit
from services.gatherer.quality import NearDuplicates, grade_hit, hop_verdict, rewrite_query

QUESTION = "Which Canadian rock band released Counterparts and had a drummer in the Modern Drummer Hall of Fame?"


class FakeProvider:
    """Answers from a function of the query; records the queries it was asked."""

    max_query_chars = 400

    def __init__(self, name: str, answer: Callable[[str], list[tuple[str, str, str]]] | None = None, *,
                 error: ProviderError | None = None, delay_s: float = 0.0) -> None:
        self.name = name
        self._answer = answer or (lambda q: [])
        self._error = error
        self._delay_s = delay_s
        self.queries: list[str] = []

    async def search(self, query: str, *, limit: int, language: str | None = None,
                     sites: tuple[str, ...] = ()) -> list[WebHit]:
        self.queries.append(query)
        if self._delay_s:
            await asyncio.sleep(self._delay_s)
        if self._error is not None:
            raise self._error
        return [WebHit(u, t, s, self.name, i, 1.0) for i, (u, t, s) in enumerate(self._answer(query)[:limit], 1)]


async def run(gatherer: Gatherer, providers: list[FakeProvider], sub_query: str, *, limit: int = 8,
              delegate: bool = False) -> list[HopResult]:
    request = SearchRequest(question=QUESTION, sub_query=sub_query, limit=limit)
    return [hop async for hop in gatherer.gather(request, providers, delegate=delegate)]


RUSH = ("https://a.example/rush", "Rush (band)",
        "Rush was a Canadian rock band; drummer Neil Peart joined the Modern Drummer Hall of Fame.")
OFF_TOPIC = ("https://b.example/cooking", "Pasta recipes", "Boil water, add salt and cook the spaghetti al dente.")


def test_grades_and_verdicts() -> None:
    good = grade_hit(WebHit(*RUSH, "x", 1, 0.0), "canadian rock band counterparts", QUESTION)
    bad = grade_hit(WebHit(*OFF_TOPIC, "x", 1, 0.0), "canadian rock band counterparts", QUESTION)
    blank = grade_hit(WebHit("https://c.example/", "", "", "x", 1, 0.0), "rush", QUESTION)
    assert (good.label, bad.label, blank.label) == ("correct", "incorrect", "ambiguous")
    assert good.relevance >= 0.5 and bad.relevance == 0.0
    assert hop_verdict([bad, good]) == "correct"
    assert hop_verdict([bad]) == "incorrect" and hop_verdict([]) == "incorrect"
    assert hop_verdict([bad, blank]) == "ambiguous"


def test_rewrite_adds_what_the_sub_query_lacks() -> None:
    expected = "canadian rock band Counterparts Modern Drummer Hall of Fame"
    assert rewrite_query(QUESTION, "canadian rock band") == expected
    assert rewrite_query("rock band?", "rock band") is None


def test_near_duplicates_by_minhash() -> None:
    text = "Rush was a Canadian rock band formed in Toronto in 1968 by Alex Lifeson and Geddy Lee."
    seen = NearDuplicates(0.8)
    assert seen.duplicate_of(WebHit("https://a.example/rush", "Rush", text, "x", 1, 0.0)) is None
    mirror = WebHit("https://mirror.example/rush", "Rush", text + " Mirror.", "x", 2, 0.0)
    assert seen.duplicate_of(mirror) == "a.example/rush"
    assert seen.duplicate_of(WebHit("https://a.example/rush", "Rush", text, "x", 1, 0.0)) is None  # same URL
    assert seen.duplicate_of(WebHit("https://c.example/", "Rush", "Rush", "x", 3, 0.0)) is None  # too short


def test_the_index_bands_are_the_ones_datasketch_would_choose() -> None:
    from datasketch import MinHashLSH

    from services.gatherer.quality import NUM_PERM

    for threshold in (0.5, 0.8, 0.9):
        chosen = MinHashLSH(threshold=threshold, num_perm=NUM_PERM)
        index = NearDuplicates(threshold)._lsh
        assert (index.b, index.r) == (chosen.b, chosen.r), threshold


async def test_incorrect_web_hits_and_near_duplicates_are_dropped_local_hits_kept() -> None:
    mirror = ("https://mirror.example/rush", RUSH[1], RUSH[2])
    web = FakeProvider("duckduckgo", lambda q: [RUSH, OFF_TOPIC, mirror])
    local = FakeProvider("local", lambda q: [("doc:abc", "Notes", "Unrelated text about gardening and soil.")])
    hops = await run(Gatherer(max_hops=1), [web, local], "canadian rock band counterparts")
    assert len(hops) == 1 and hops[0].final
    urls = [h.url for h in hops[0].hits]
    assert urls == ["https://a.example/rush", "doc:abc"], urls
    d = hops[0].diagnostics
    assert d["dropped_incorrect"] == 1 and d["near_duplicates"] == 1 and d["hits"] == 2
    assert 0 < d["subquery_coverage"] <= 1 and 0 < d["term_coverage"] <= 1 and d["domain_diversity"] == 1.0
    assert d["providers_ok"] == 2 and d["providers_failed"] == 0


async def test_second_hop_follows_bridge_entities_and_stops_at_max_hops() -> None:
    def answer(q: str) -> list[tuple[str, str, str]]:
        if "Neil Peart" in q:
            return [("https://a.example/peart", "Neil Peart", "Neil Peart was the drummer of the rock band Rush.")]
        return [RUSH]

    web = FakeProvider("searxng", answer)
    hops = await run(Gatherer(max_hops=2), [web], "canadian rock band drummer")
    assert [h.hop for h in hops] == [1, 2] and [h.final for h in hops] == [False, True]
    assert "Neil Peart" in hops[1].query and web.queries == [hops[0].query, hops[1].query]
    assert [h.url for h in hops[1].hits] == ["https://a.example/peart"]


async def test_a_hop_without_new_hits_ends_the_loop() -> None:
    web = FakeProvider("searxng", lambda q: [RUSH])
    hops = await run(Gatherer(max_hops=4), [web], "canadian rock band drummer")
    assert [h.hop for h in hops] == [1, 2] and hops[1].final and hops[1].diagnostics["new_hits"] == 0


async def test_poor_grades_rewrite_the_query() -> None:
    web = FakeProvider("duckduckgo", lambda q: [RUSH] if "Counterparts" in q else [OFF_TOPIC])
    hops = await run(Gatherer(max_hops=2), [web], "canadian rock")
    assert hops[0].hits == [] and hops[0].diagnostics["incorrect"] == 1
    # nothing kept -> no new hits -> the loop ends (an irrelevant page is not a reason to go on)
    assert len(hops) == 1 and hops[0].final

    ambiguous = ("https://c.example/bands", "Lists", "A list of bands from around the world.")
    web2 = FakeProvider("duckduckgo", lambda q: [RUSH] if "Counterparts" in q else [ambiguous])
    hops2 = await run(Gatherer(max_hops=2), [web2], "canadian rock band")
    assert hops2[0].diagnostics["ambiguous"] == 1 and "Counterparts" in hops2[1].query
    assert [h.url for h in hops2[1].hits] == ["https://a.example/rush"]


async def test_every_provider_failing_gives_one_final_hop_with_the_reasons() -> None:
    limited = FakeProvider("duckduckgo", error=ProviderError("duckduckgo", "rate_limited", "HTTP 202"))
    broken = FakeProvider("wikipedia", error=ProviderError("wikipedia", "error_payload", "search-too-long"))
    slow = FakeProvider("arxiv", lambda q: [RUSH], delay_s=5.0)
    hops = await run(Gatherer(max_hops=3, guard_timeout_s=0.2), [limited, broken, slow], "canadian rock band")
    assert len(hops) == 1 and hops[0].final and hops[0].hits == []
    assert hops[0].providers_failed == ["duckduckgo: rate_limited (HTTP 202)",
                                        "wikipedia: error_payload (search-too-long)",
                                        "arxiv: timeout (no answer within 0.2 s)"]
    assert hops[0].diagnostics["providers_failed"] == 3 and hops[0].diagnostics["subquery_coverage"] == 0


async def test_an_unexpected_provider_exception_is_contained() -> None:
    class Broken(FakeProvider):
        async def search(self, query: str, *, limit: int, language: str | None = None,
                         sites: tuple[str, ...] = ()) -> list[WebHit]:
            raise KeyError("results")

    hops = await run(Gatherer(max_hops=1), [Broken("searxng"), FakeProvider("tavily", lambda q: [RUSH])], "rush")
    assert [h.url for h in hops[0].hits] == [RUSH[0]]
    assert hops[0].providers_failed[0].startswith("searxng: bad_payload (unexpected KeyError")


async def test_research_delegate_joins_hop_one_only() -> None:
    asked: list[str] = []

    async def research(question: str) -> list[WebHit]:
        asked.append(question)
        return [WebHit("https://r.example/report-source", "Rush discography",
                       "Counterparts is an album by the Canadian rock band Rush.", "tavily-research", 1, 0.0)]

    web = FakeProvider("tavily", lambda q: [RUSH])
    hops = await run(Gatherer(max_hops=2, research=research), [web], "canadian rock band drummer", delegate=True)
    assert asked == [QUESTION]
    assert "https://r.example/report-source" in [h.url for h in hops[0].hits]
    assert any("tavily-research" in h.provider for h in hops[0].hits)


async def test_the_hops_stop_once_the_question_terms_are_covered() -> None:
    full = ("https://a.example/rush-full", "Rush (band)",
            "Rush was a Canadian rock band that released Counterparts; its drummer Neil Peart joined the Modern "
            "Drummer Hall of Fame.")
    web = FakeProvider("searxng", lambda q: [full])
    hops = await run(Gatherer(max_hops=3), [web], "canadian rock band drummer")
    assert len(hops) == 1 and hops[0].final and hops[0].diagnostics["question_terms_uncovered"] == 0
    assert web.queries == [hops[0].query]


async def test_the_bridge_comes_from_the_hits_that_speak_to_the_question() -> None:
    noise = [(f"https://n.example/{i}", f"Band {i}", f"Violent Femmes toured with Louise Attaque in {1990 + i}.")
             for i in range(3)]

    def answer(q: str) -> list[tuple[str, str, str]]:
        if "Neil Peart" in q:
            return [("https://a.example/peart", "Neil Peart", "Neil Peart was the drummer of the rock band Rush.")]
        return [*noise, RUSH]  # the off-topic pages rank first

    web = FakeProvider("searxng", answer)
    hops = await run(Gatherer(max_hops=2), [web], "rock band")
    assert len(hops) == 2 and "Neil Peart" in hops[1].query and "Violent Femmes" not in hops[1].query
    assert hops[0].diagnostics["question_terms_uncovered"] > 0


async def test_terms_spread_over_pages_do_not_end_the_hops_before_the_bridge() -> None:
    # every key term of the question is on some page, but no page holds them all: the bridge hop still runs
    band = ("https://a.example/rush", "Rush (band)",
            "Rush was a Canadian rock band that released Counterparts. Its drummer was Neil Peart.")
    hall = ("https://c.example/hall", "Modern Drummer", "The Modern Drummer Hall of Fame honours drummers of fame.")

    def answer(q: str) -> list[tuple[str, str, str]]:
        if "Neil Peart" in q:
            return [("https://a.example/peart", "Neil Peart", "Neil Peart joined the Modern Drummer Hall of Fame.")]
        return [band, hall]

    web = FakeProvider("searxng", answer)
    hops = await run(Gatherer(max_hops=2), [web], "canadian rock band drummer")
    assert hops[0].diagnostics["question_terms_uncovered"] == 0 and hops[0].diagnostics["question_terms_unheld"] > 0
    assert len(hops) == 2 and "Neil Peart" in hops[1].query
    assert [h.url for h in hops[1].hits] == ["https://a.example/peart"]


def test_a_hop_is_judged_on_a_worker_thread_not_on_the_event_loop() -> None:
    """Fusing, grading, near-duplicate sketches and the bridge query are CPU work: on the event loop they would hold
    up every other handler of the process, the relay and the consumers' fetches (issue 10: the hops)."""
    import threading

    threads: list[threading.Thread] = []

    class Watched(Gatherer):
        def judge_hop(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            threads.append(threading.current_thread())
            return super().judge_hop(*args, **kwargs)

    gatherer = Watched(max_hops=2)

    async def main() -> tuple[list[HopResult], threading.Thread]:
        return await run(gatherer, [FakeProvider("web", lambda q: [RUSH, OFF_TOPIC])], "canadian rock band"), \
            threading.current_thread()

    hops, loop_thread = asyncio.run(main())
    assert hops and hops[-1].final and hops[0].hits[0].url == RUSH[0]
    assert len(threads) == len(hops)
    assert all(t is not loop_thread for t in threads)


async def test_an_offer_page_for_a_model_the_relevant_hits_name_is_kept_though_it_repeats_no_question_term() -> None:
    # issue 15, trial t43 fault 7: the refurbished offer's title and snippet name no drill, no DIY, no budget
    drill = ("https://shop.example/velmo-hx-12", "Velmo HX-12 cordless drill - Velmo",
             "The Velmo HX-12 is a cordless drill for home DIY with 80 Nm of torque.")
    refurbished = ("https://renew.example/velmo-hx12-refurbished", "Velmo HX-12 (Refurbished) - RenewDeals",
                   "Certified refurbished by RenewDeals. 90-day warranty. Price: $189.00")
    unrelated = ("https://b.example/jigsaw", "Ortek J-7 jigsaw - Ortek", "A jigsaw with pendulum action.")
    web = FakeProvider("searxng", lambda q: [drill, refurbished, OFF_TOPIC, unrelated])
    request = SearchRequest(question="What is the best cordless drill under $200 for home DIY?",
                            sub_query="best cordless drill 200 home diy", limit=8)
    hops = [hop async for hop in Gatherer(max_hops=1).gather(request, [web])]
    urls = [h.url for h in hops[0].hits]
    assert refurbished[0] in urls and drill[0] in urls
    assert OFF_TOPIC[0] not in urls and unrelated[0] not in urls  # no model a relevant hit names
    assert hops[0].diagnostics["kept_naming_listed_product"] == 1


async def test_a_shopping_run_keeps_the_offers_ranked_below_the_limit_after_every_hit_within_it() -> None:
    # issue 15, trial t52s fault 3: "Voltrex V12 Pro, $147.50, in stock." was 12th of 15 results and never a candidate
    pages = [(f"https://test{i}.example/drills", f"Cordless drill test {i}", "We tested cordless drills.")
             for i in range(4)]
    offer = ("https://hub.example/item/tarvo-k8-pro", "Tarvo K8 Pro cordless drill | Hub",
             "Tarvo K8 Pro, $147.50, in stock.")
    review = ("https://blog.example/drill-notes", "Cordless drill notes", "Notes on cordless drills.")
    web = FakeProvider("searxng", lambda q: [*pages, review, offer])
    hops = {}
    for domain in ("shopping", "general"):
        request = SearchRequest(question="What is the best cordless drill under $150?",
                                sub_query="best cordless drill", limit=4, domain=domain)
        hops[domain] = [hop async for hop in Gatherer(max_hops=1).gather(request, [web])][0]
    shopping = {h.url: h.rank for h in hops["shopping"].hits}
    assert shopping.get(offer[0], 0) >= 10_000, shopping  # kept, after every hit within the limit
    assert review[0] not in shopping  # no offer: the limit holds for it
    assert [h.url for h in hops["shopping"].hits][:4] == [u for u, _, _ in pages]
    assert offer[0] not in {h.url for h in hops["general"].hits}  # a general run's hits are unchanged
    assert len(hops["general"].hits) == 4 and hops["shopping"].diagnostics["offers_beyond_limit"] == 1


async def test_a_shopping_run_keeps_a_group_test_of_the_asked_products_kind_though_its_snippet_names_others() -> None:
    # task h25, trials t54s S6 / t55s X4: "Is the <model> worth it?" names no kind; the independent group test's
    # snippet names only other models, and its hit was graded off-topic, so the test that rates the model was never read
    own = ("https://corvo.example/kettles/brewmax-4", "Corvo BrewMax 4 gooseneck kettle | Corvo",
           "The Corvo BrewMax 4 holds 0.9 l and keeps water at temperature for an hour.")
    group_test = ("https://labs.example/tests/gooseneck-kettles", "We tested 6 gooseneck kettles (2031) - KettleLab",
                  "Best overall: Halden Pour 2; best under $50: Halden Pour 2 Lite.")
    ranking = ("https://guide.example/best-kettles", "The 6 best gooseneck kettles of 2031 - PourGuide",
               "Our top picks, from budget to premium.")
    other_model = ("https://halden.example/pour-2", "Halden Pour 2 gooseneck kettle | Halden",
                   "The Halden Pour 2 holds 1 l.")
    other_test = ("https://labs.example/tests/toasters", "We tested 8 toasters (2031) - KettleLab",
                  "Best overall: Brena Crisp 3.")
    web = FakeProvider("searxng", lambda q: [group_test, ranking, other_model, own, other_test])
    hops = {}
    for domain in ("shopping", "general"):
        request = SearchRequest(question="Is the Corvo BrewMax 4 worth it?", sub_query="corvo brewmax 4 worth",
                                limit=8, domain=domain)
        hops[domain] = [hop async for hop in Gatherer(max_hops=1).gather(request, [web])][0]
    urls = [h.url for h in hops["shopping"].hits]
    assert urls == [group_test[0], ranking[0], own[0]], urls  # another model's page and a toaster test are not kept
    assert hops["shopping"].diagnostics["kept_testing_listed_kind"] == 2
    assert [h.url for h in hops["general"].hits] == [own[0]]  # a general run's grading is unchanged
