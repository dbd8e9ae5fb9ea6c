"""Issue 15, trial t19 fault 16: names a fetched blog gives in prose ("limitwise is simpler ...", "Avoid
ratelimitr: ...") are surveyed; a misspelt popular package name ("requets") keeps its spelling in the planner's sub-queries."""

from __future__ import annotations

from services.domain_code.offline import is_page_candidate, task_of
from services.domain_code.pages import Page, page_candidates
from services.planner.offline import plan

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
