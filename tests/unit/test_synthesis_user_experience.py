"""Report sections (issue 15 leftovers): a user's own account ("I switched to limitwise last year and never looked
back", a forum poster's) is written under "User experience", cited, never among the Findings as if a fact; a
sentence opening with its page's title ("I'm in the Mood for Love is a 1952 album") is no account."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from tests.claim_pages import listed_claims

BLOG = ("Rate limiting in Python: limitwise and ratelimitr", [
    "limitwise is a rate limiting library for Python with async support.",
    "limitwise rate limiting in Python supports Redis and in-memory backends.",
    "ratelimitr is a Python rate limiting library whose last release was in 2021.",
])
FORUM = ("Which rate limiter do you use? - PyForum", [
    "I switched to the limitwise rate limiting library for Python last year and never looked back.",
    "My Python rate limiting with ratelimitr broke after the asyncio upgrade.",
])


def _sections(markdown: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in markdown.split("\n## ")[1:]:
        heading, _, body = part.partition("\n")
        out[heading.strip()] = body
    return out


def test_a_forum_posters_account_is_user_experience_not_a_finding() -> None:
    claims, sources = listed_claims({"blog": BLOG, "forum": FORUM})
    report = synthesize("Which Python rate limiting library should I use?", claims, sources)
    sections = _sections(report.markdown)
    assert "I switched" not in sections.get("Findings", "") and "My Python" not in sections.get("Findings", "")
    assert "I switched" not in sections["Answer"]
    experience = sections["User experience"]
    assert "not established facts" in experience
    assert ("- Which rate limiter do you use? - PyForum: I switched to the limitwise rate limiting library for Python"
            " last year and never looked back [") in experience, report.markdown
    assert "ratelimitr broke after the asyncio upgrade [" in experience
    cited = {c.claim_id for c in report.citations}
    assert {"c3", "c4"} <= cited  # each account is cited like a finding


def test_the_heading_is_in_the_reports_language() -> None:
    claims, sources = listed_claims({"blog": BLOG, "forum": FORUM})
    report = synthesize("Which Python rate limiting library should I use?", claims, sources, language="de")
    assert "## Erfahrungen von Nutzern" in report.markdown


def test_a_sentence_opening_with_its_pages_title_is_no_account() -> None:
    claims, sources = listed_claims({
        "album": ("I'm in the Mood for Love (album)", [
            "I'm in the Mood for Love is a 1952 album by the Harlan Trio.",
            "I'm in the Mood for Love was recorded in Chicago in 1951.",
        ]),
    })
    report = synthesize("When was the album I'm in the Mood for Love recorded?", claims, sources)
    assert "User experience" not in report.markdown
