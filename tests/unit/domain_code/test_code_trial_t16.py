"""Issue 15, trial t16: package names given only in HTML ``<code>`` spans are surveyed (F8), a requirement naming
a technology with the part it plays ("a Redis backend") is met by the name (F9), a requirement's word is never a
candidate unless a page installs or imports it (F10), a yes/no question about one package is answered from the
survey (F11), and a package name keeps its exact form in the planner's sub-queries (F13). Registries on loopback
(tests/code_standins)."""

from __future__ import annotations

import json
from typing import Any

from services.domain_code.offline import is_page_candidate, task_of
from services.domain_code.pages import Page, code_spans, page_candidates
from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import assess, requirements_of
from services.planner.offline import plan
from tests.code_standins import JSON, analysed, pypi_json
from tests.loopback import Answer, Reply

RATE_QUESTION = "Which Python library for rate limiting with async support and a Redis backend?"
#: a blog page as fetched: the names of two of its three libraries are only in inline <code> spans
BLOG_HTML = (
    "<html><body><h1>Rate limiting in async Python</h1><p>For async code with a Redis backend, use "
    "<code>throttlekit</code>:</p><pre><code>pip install throttlekit</code></pre>"
    "<pre><code>from throttlekit import Limiter\nlimiter = Limiter(rate=10, per=1.0)</code></pre>"
    "<p><code>ratelimitz</code> is fast and async, but it keeps counters in memory only.</p>"
    "<p>Avoid <code>limitr</code>: its 2.0 release was yanked after it broke token refills. Call "
    "<code>limiter.acquire()</code> or run <code>pip install -U limitr</code>.</p></body></html>")
#: the same page's extracted text (the code marks are gone)
BLOG_TEXT = ("Rate limiting in async Python\nFor async code with a Redis backend, use throttlekit:\n"
             "pip install throttlekit\nfrom throttlekit import Limiter\nlimiter = Limiter(rate=10, per=1.0)\n"
             "ratelimitz is fast and async, but it keeps counters in memory only.\n"
             "Avoid limitr: its 2.0 release was yanked after it broke token refills. Call limiter.acquire() or "
             "run pip install -U limitr.")


def blog(html: str | None = BLOG_HTML) -> Page:
    return Page("s1", "https://blog.example/python-rate-limiting", "Rate limiting in Python", BLOG_TEXT,
                ("ratelimitz is fast and async, but it keeps counters in memory only.",), html=html)


def rate_routes() -> dict[str, Answer]:
    def doc(name: str, version: str, summary: str, description: str, **kw: Any) -> Reply:
        return Reply(200, json.dumps(pypi_json(name, version, summary=summary, description=description,
                                               **kw)).encode(), JSON)
    return {
        "/pypi/throttlekit/json": doc(
            "throttlekit", "1.4.2", "Rate limiting with asyncio and Redis",
            "# throttlekit\n\nA token-bucket rate limiter for Python.\n\nIt supports asyncio: use `async with "
            "Limiter(...)`.\n\nCounters can be stored in Redis (`storage=\"redis://...\"`) so several processes "
            "share one limit.\n", releases={"1.2.0": "2024-01-10", "1.3.0": "2025-03-01", "1.4.2": "2026-09-15"}),
        "/pypi/ratelimitz/json": doc(
            "ratelimitz", "3.1.0", "Fast async rate limiter",
            "# ratelimitz\n\nThe fastest rate limiter for asyncio.\n\nRedis is not supported: counters live in "
            "process memory only.\n", licence="Apache-2.0",
            releases={"2.0.0": "2022-01-01", "3.0.0": "2024-05-01", "3.1.0": "2026-10-01"}),
        "/pypi/limitr/json": doc(
            "limitr", "2.0.0", "Simple rate limiter", "# limitr\n\nA simple rate limiter with async support and a "
            "Redis backend.\n", yanked=True, releases={"1.8.0": "2020-01-01", "1.9.0": "2022-08-01",
                                                       "2.0.0": "2026-07-01"}),
        "/pypi/redis/json": doc("redis", "5.2.0", "Python client for Redis database and key-value store",
                                "# redis-py\n\nThe Python interface to the Redis key-value store.\n",
                                releases={"4.0.0": "2021-11-15", "5.0.0": "2023-08-15", "5.2.0": "2024-10-22"}),
    }


# ---- F8: names in <code> spans ---------------------------------------------------------------------------------
def test_a_name_alone_in_an_inline_code_span_is_read_from_the_html_but_not_code_blocks_or_commands() -> None:
    assert code_spans(BLOG_HTML) == ["throttlekit", "ratelimitz", "limitr"]
    assert code_spans("<p>Use <kbd>left-pad</kbd> or <code>@scope/pkg</code>; see <code>setup.cfg</code></p>") \
        == ["left-pad", "@scope/pkg"]
    assert code_spans(None) == [] and code_spans("") == []


def test_names_in_code_spans_are_page_candidates_only_with_the_html() -> None:
    task = task_of(RATE_QUESTION)

    def named(page: Page) -> list[str]:
        found = page_candidates([page], task.ecosystems, stated=task.stated,
                                is_candidate=lambda n, e: is_page_candidate(n, e, task),
                                is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True))
        return [name for _, name in found.candidates]
    assert set(named(blog())) >= {"throttlekit", "ratelimitz", "limitr"}
    # the text alone loses the code marks (a name opening a sentence in lower case is one in prose: trial t19 F16)
    mid = blog(html=None)
    mid = Page(mid.source_id, mid.url, mid.title, mid.text.replace("ratelimitz is fast", "Also, ratelimitz is fast"))
    assert "ratelimitz" not in named(mid)


RETRIES_HTML = ("<html><body><h1>Retries with requests</h1><p>The standard choice is <code>requests</code> with a "
                "retrying adapter:</p><pre><code>pip install requests</code></pre><p>Beware of <code>reqests</code> "
                "on PyPI: it is a typo of requests published in 2026 by an unknown author.</p></body></html>")
RETRIES = Page("s2", "https://blog.example/python-http-retries", "HTTP requests with retries in Python",
               "Retries with requests\nThe standard choice is requests with a retrying adapter:\npip install requests\n"
               "Beware of reqests on PyPI: it is a typo of requests published in 2026 by an unknown author.",
               ("The standard choice is requests with a retrying adapter:",
                "Beware of reqests on PyPI: it is a typo of requests published in 2026 by an unknown author."),
               html=RETRIES_HTML)


def test_names_of_an_off_topic_page_rank_after_those_of_the_pages_on_the_question() -> None:
    task = task_of(RATE_QUESTION)
    found = page_candidates([blog(), RETRIES], task.ecosystems, stated=task.stated, limit=3,
                            is_candidate=lambda n, e: is_page_candidate(n, e, task),
                            is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True),
                            terms=task.terms)
    # "requests" has a claim and "limitr" none, but only the rate-limiting page names limitr
    assert {name for _, name in found.candidates} == {"throttlekit", "ratelimitz", "limitr"}
    unranked = page_candidates([blog(), RETRIES], task.ecosystems, stated=task.stated, limit=3,
                               is_candidate=lambda n, e: is_page_candidate(n, e, task),
                               is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True))
    assert "limitr" not in {name for _, name in unranked.candidates}  # without the question's terms, as before


async def test_code_span_candidates_are_surveyed_with_their_verdicts() -> None:
    _, events = await analysed(RATE_QUESTION, pages=[blog()], routes_added=rate_routes())
    surveyed = {p["name"]: p for p in events["PackagesSurveyed"]["packages"]}
    assert {"throttlekit", "ratelimitz", "limitr"} <= set(surveyed)
    assert surveyed["ratelimitz"]["named_by"] == [blog().url]


# ---- F9: a requirement is met by its key term ------------------------------------------------------------------
def facts(summary: str, readme: str = "") -> PackageFacts:
    return PackageFacts("pypi", "somelib", "https://pypi.example/pypi/somelib/json", version="1.0", summary=summary,
                        readme=readme)


def test_a_named_technology_with_the_part_it_plays_is_met_by_the_name() -> None:
    asked = {r.text: r for r in requirements_of(RATE_QUESTION)}
    redis = asked["a Redis backend"]
    assert redis.needed == ("redi",)
    assert assess(redis, facts("Rate limiting with asyncio and Redis")).verdict == "met"
    assert assess(redis, facts("Rate limiter", "Counters can be stored in Redis so processes share one limit."
                               )).verdict == "met"
    assert assess(redis, facts("Rate limiter", "Redis is not supported: counters live in memory only.")
                  ).verdict == "contradicted"
    assert assess(redis, facts("Rate limiter for asyncio")).verdict == "not shown"
    # no name in the phrase: every word is needed ("a plugin system" is not met by "plugin" alone)
    plugin = requirements_of("Which Python static site generator with a plugin system?")[0]
    assert plugin.needed == plugin.terms and len(plugin.terms) == 2


async def test_the_redis_backend_requirement_is_shown_met_in_the_report() -> None:
    outcome, _ = await analysed(RATE_QUESTION, pages=[blog()], routes_added=rate_routes())
    body = outcome.sections[0]["body"]
    assert "**Your requirement \"a Redis backend\":** `throttlekit` meets it" in body
    assert "no candidate is shown to meet it" not in body
    assert "`ratelimitz`'s README says it does not" in body


# ---- F10: a requirement's word is no candidate -------------------------------------------------------------------
ASYNC_REDIS = "Should I use `limitr` or `ratelimitz` for rate limiting in Python with asyncio and Redis?"


def test_a_requirement_word_is_never_a_candidate_of_the_question() -> None:
    task = task_of(ASYNC_REDIS)
    assert set(task.named) == {"limitr", "ratelimitz"}
    assert "redis" not in {w.lower() for w in (*task.named, *task.words)}
    assert not is_page_candidate("Redis", "pypi", task)


def test_a_requirement_word_a_page_installs_or_imports_is_a_candidate() -> None:
    task = task_of(ASYNC_REDIS)
    prose = Page("p", "https://blog.example/a", "Rate limits", "Keep counters in `Redis`, or use Redis for it.")
    imports = Page("i", "https://blog.example/b", "Rate limits", "```python\nimport redis\n```\nThen connect.")
    for page, expected in ((prose, False), (imports, True)):
        found = page_candidates([page], task.ecosystems, stated=task.stated,
                                is_candidate=lambda n, e: is_page_candidate(n, e, task),
                                is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True),
                                is_imported=lambda n, e: is_page_candidate(n, e, task, imported=True))
        assert (("pypi", "redis") in found.candidates) is expected


async def test_a_requirement_word_is_not_looked_up_as_a_package() -> None:
    asked: list[str] = []
    outcome, events = await analysed(ASYNC_REDIS, routes_added=rate_routes(), asked=asked)
    assert "redis" not in {p["name"].lower() for p in events["PackagesSurveyed"]["packages"]}
    assert not any(path.lower().startswith("/pypi/redis/") for path in asked)
    assert not any("redis" in note.lower() for note in outcome.notes)


# ---- F11: yes/no questions about one package ---------------------------------------------------------------------
async def test_a_yes_no_question_about_a_typosquat_is_answered_no_naming_the_real_package() -> None:
    requests = Reply(200, json.dumps(pypi_json(
        "requests", "2.32.5", summary="Python HTTP for Humans.", description="Retries are supported with urllib3.",
        releases={"2.0.0": "2013-09-24", "2.31.0": "2023-05-22", "2.32.5": "2025-08-18"})).encode(), JSON)
    # "HTTP requests" is a word of the question and a package surveyed too: the backticked name is the one asked
    outcome, events = await analysed("Is the Python package `reqeusts` a good choice for HTTP requests with retries?",
                                     routes_added={"/pypi/requests/json": requests})
    assert {"requests", "reqeusts"} <= {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    body = outcome.sections[0]["body"]
    assert body.startswith("**No:** `reqeusts` is a probable typo of `requests`")
    assert "; use `requests`[@" in body.split("\n")[0]


async def test_a_new_typosquat_is_answered_no_with_its_first_release_cited() -> None:
    from tests.code_standins import _days_ago

    reqests = Reply(200, json.dumps(pypi_json(
        "reqests", "0.0.3", summary="HTTP requests for humans", description="HTTP for humans, with retries.",
        releases={"0.0.2": _days_ago(12), "0.0.3": _days_ago(4)})).encode(), JSON)
    outcome, _ = await analysed("Is the Python package `reqests` a good choice for HTTP requests?",
                                routes_added={"/pypi/reqests/json": reqests})
    section = outcome.sections[0]
    first = section["body"].split("\n")[0]
    assert first.startswith(f"**No:** `reqests` is a probable typo of `requests` (first released 12 days ago, on "
                            f"{_days_ago(12)}[@")
    ref = first.split("[@")[1].split("]")[0]
    assert any(e["ref"] == ref and e["quote"] == _days_ago(12) for e in section["evidence"])


async def test_a_yes_no_question_about_a_deprecated_package_is_answered_no_with_the_registry_cited() -> None:
    outcome, _ = await analysed("Is `left-padder` still a good npm package for padding strings?")
    section = outcome.sections[0]
    first = section["body"].split("\n")[0]
    assert first.startswith("**No:** every release of `left-padder` is deprecated: "
                            "\"use String.prototype.padStart\"[@")
    ref = first.split("[@")[1].split("]")[0]
    assert any(e["ref"] == ref and "padStart" in e["quote"] for e in section["evidence"])


async def test_a_yes_no_question_about_a_yanked_package_is_answered_no() -> None:
    outcome, _ = await analysed("Is `limitr` a good Python rate limiter with async support?",
                                routes_added=rate_routes())
    first = outcome.sections[0]["body"].split("\n")[0]
    assert first.startswith("**No:** `limitr`'s latest release 2.0.0 is yanked")
    assert "the newest one that is not is 1.9.0" in first


async def test_a_yes_no_question_about_a_healthy_package_that_meets_the_requirement_is_answered_yes() -> None:
    outcome, _ = await analysed("Is `fetchkit` a good Python HTTP client with retries?")
    first = outcome.sections[0]["body"].split("\n")[0]
    assert first.startswith("**Yes:** `fetchkit` 2.4.1[@")
    assert "its documentation shows it meets \"retries\"[@" in first


async def test_a_question_that_is_no_yes_no_question_gets_no_yes_or_no() -> None:
    outcome, _ = await analysed("Which Python HTTP client should I use, `fetchkit` or `slowhttp`?")
    assert not outcome.sections[0]["body"].startswith(("**Yes", "**No"))
    outcome, _ = await analysed(ASYNC_REDIS, routes_added=rate_routes())  # a choice of two: no single subject
    assert not outcome.sections[0]["body"].startswith(("**Yes", "**No"))


# ---- F13: the planner keeps package names whole ------------------------------------------------------------------
def test_a_backticked_or_identifier_like_name_keeps_its_exact_form_in_sub_queries() -> None:
    queries = plan("Is the Python package `reqests` a good choice for HTTP requests with retries?").sub_queries
    words = {w for q in queries for w in q.split()}
    assert "reqests" in words and "reqest" not in words
    assert "request" in words  # a plain word is still searched by its token
    queries = plan("Does \"tempora-fmts\" handle time zones in JavaScript?").sub_queries
    assert any("tempora-fmts" in q.split() for q in queries)
    assert not any("tempora-fmt" in q.split() or "fmt" in q.split() for q in queries)
    queries = plan("Is ruamel.yaml good for YAML files in Python?").sub_queries
    assert "ruamel.yaml" in queries[0].split()
    assert plan("Who wrote \"Friends\"?").sub_queries[0] == "wrote friend"  # not a code question: as before


# ---- F11 in the report: the survey's yes/no leads, the general answer does not call the question open -------------
def test_a_domain_yes_no_answer_drops_the_general_answer_s_undecided_opening() -> None:
    from dataclasses import replace

    from services.synthesizer.domain import domain_answers_yes_no, drop_undecided
    from services.synthesizer.verdicts import UNDECIDED_TEXT
    from shared.domain import DomainAnalysis
    from shared.evidence import Report
    from tests.unit.handlers.fakes import memory_runs, started_run

    def run(body: str) -> Any:
        runs = memory_runs()
        run_id = started_run(runs, "Is the Python package `reqests` a good choice for HTTP requests?")
        runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "reqests"}], "code", "en", "offline", False)
        analysis = {"domain": "code", "after_claims_verified": True, "sources": [],
                    "sections": [{"heading": "Recommendation", "body": body, "evidence": []}]}
        return replace(runs.get_run(run_id), domain_analysis=DomainAnalysis.of(analysis))
    report = Report(markdown=f"# Q\n\n## Answer\n\n{UNDECIDED_TEXT} Beware of reqests on PyPI [1].\n",
                    citations=[], used_claim_ids=[])
    answered = run("**No:** `reqests` is a probable typo of `requests`; use `requests`.\n\nMore.")
    assert domain_answers_yes_no(answered)
    assert drop_undecided(report, answered, UNDECIDED_TEXT).markdown == \
        "# Q\n\n## Answer\n\nBeware of reqests on PyPI [1].\n"
    open_one = run("**Recommended: `requests` 2.32.5** (PyPI).")
    assert not domain_answers_yes_no(open_one)
    assert drop_undecided(report, open_one, UNDECIDED_TEXT) is report
