"""Issue 15, trial t19 fault 16: names a fetched blog gives in prose ("limitwise is simpler ...", "Avoid
ratelimitr: ...") are surveyed; a forum poster's first-person sentence ("I ran pip install requets by mistake") never
leads the answer; a misspelt popular package name ("requets") keeps its spelling in the planner's sub-queries."""

from __future__ import annotations

from services.domain_code.offline import is_page_candidate, task_of
from services.domain_code.pages import Page, page_candidates
from services.planner.offline import plan
from services.synthesizer.offline import first_person, lead_candidates, synthesize
from tests.claim_pages import web_claim, web_sources

BLOG_TEXT = ("Rate limiting in Python\nFor async code with a Redis backend, use quotaflow: pip install quotaflow.\n"
             "slowgate is simpler but only works in synchronous code. Avoid gatekeepr: its latest release was yanked.\n"
             "Rate limits are hard to get right.")


def test_names_a_blog_gives_in_prose_are_candidates() -> None:
    task = task_of("Which Python library for rate limiting with async support and a Redis backend?")
    page = Page("s1", "https://blog.example/limiters", "Rate limiting in Python", BLOG_TEXT, ())
    found = page_candidates([page], task.ecosystems, stated=task.stated,
                            is_candidate=lambda n, e: is_page_candidate(n, e, task),
                            is_package=lambda n, e: is_page_candidate(n, e, task, as_package=True),
                            is_imported=lambda n, e: is_page_candidate(n, e, task, imported=True))
    assert {name for _, name in found.candidates} == {"quotaflow", "slowgate", "gatekeepr"}


def test_a_misspelt_popular_package_name_keeps_its_spelling_in_sub_queries() -> None:
    words = {w for q in plan("Is requets a good Python HTTP library to install?").sub_queries for w in q.split()}
    assert "requets" in words and "requet" not in words
    # a plain English word a slip away from a package name ("clock" of "click") is searched by its token as before
    words = {w for q in plan("Which Python library parses dates in logs?").sub_queries for w in q.split()}
    assert "date" in words and "dates" not in words




def test_a_first_person_account_never_leads() -> None:
    assert first_person("I ran pip install requets by mistake.") and first_person("My build broke after it.")
    assert not first_person("I-95 runs along the coast.") and not first_person("It is a typosquat.")
    sources = web_sources({"f": "Forum: installed requets", "d": "Typosquatting on PyPI"})
    report = synthesize("Is requets a good Python HTTP library to install?", [
        web_claim("f", "I ran pip install requets by mistake."),
        web_claim("d", "requets is a typosquat of the requests package on PyPI."),
    ], sources).markdown
    answer = report.split("## ", 2)[1]
    assert "typosquat" in answer and "I ran pip install requets" not in answer


def test_a_sentence_opening_with_its_pages_title_may_lead() -> None:
    sources = web_sources({"a": "I'm in the Mood for Love (album)", "b": "Eddie Fisher"})
    lead = [web_claim("a", "I'm in the Mood for Love is a 1952 album by Eddie Fisher."),
            web_claim("b", "Eddie Fisher was an American singer.")]
    assert lead_candidates(lead, [1.0, 1.0], sources) == [0, 1]
