"""Trial t59s E5 / F1 and F2. "Does <package> handle ...?" names its package by a word no verb of using, slot or
ecosystem cue marks as one, so ``--domain code`` answered "Not established" (no code task): a word a fetched page
gives as a package, or that a registry knows, makes the question a code task whatever the verb, and the README
requirement check answers it; for a package whose latest release alone is deprecated, that check answers (the pulled
release a caveat). "What licence does <deprecated package> use?" led with its successor's recommendation and
licence: it now leads with the package's own licence from its registry record, its deprecation and successor after.
Invented packages on loopback registry stand-ins (``tests.code_standins``)."""

from __future__ import annotations

import asyncio
import json

from services.domain_code.analysis import NOT_A_CODE_TASK
from services.domain_code.offline import is_code_task, known_packages
from services.domain_code.pages import Page
from services.domain_code.registries import PackageFacts
from shared.text.packages import package_like_words
from tests.code_standins import JSON, FakeRegistry, analysed, npm_json
from tests.loopback import Reply

LOOM_TIMES = {"1.0.0": "2023-02-01T10:00:00.000Z", "2.0.0": "2024-06-11T10:00:00.000Z",
              "3.1.0": "2026-05-20T10:00:00.000Z", "3.1.1": "2026-10-02T10:00:00.000Z"}
GRIND_TIMES = {"1.0.0": "2024-01-09T10:00:00.000Z", "1.2.0": "2025-09-09T10:00:00.000Z"}


def _npm(name: str, times: dict[str, str], readme: str, deprecated: dict[str, str] | None = None, *,
         description: str = "Tab-separated values parser for Node.js", licence: str = "MIT") -> Reply:
    doc = npm_json(name, list(times)[-1], description=description, times=times, licence=licence)
    for version, why in (deprecated or {}).items():
        doc["versions"][version]["deprecated"] = why
    doc["readme"] = readme
    return Reply(200, json.dumps(doc).encode(), JSON)


ROUTES = {
    # its latest release alone deprecated, for a bug; its README says it copes with ragged rows
    "/tsvloom": _npm("tsvloom", LOOM_TIMES, "# tsvloom\n\nFast TSV parser. Copes with ragged rows, escaped tabs and "
                     "BOMs.\n", {"3.1.1": "3.1.1 loses escaped tabs; use 3.1.0"}),
    "/tsvgrind": _npm("tsvgrind", GRIND_TIMES, "# tsvgrind\n\ntsvgrind does not cope with ragged rows.\n"),
    # every release deprecated, its own words naming tsvgrind as its successor; ISC, its successor MIT
    "/tabquill": _npm("tabquill", {"0.9.0": "2019-03-01T10:00:00.000Z", "1.4.2": "2020-08-15T10:00:00.000Z"},
                      "# tabquill\n\n**DEPRECATED**: tabquill is no longer maintained. Use tsvgrind instead.\n",
                      dict.fromkeys(("0.9.0", "1.4.2"), "tabquill is no longer maintained; use tsvgrind instead"),
                      description="DEPRECATED: no longer maintained, use tsvgrind instead", licence="ISC"),
}


def _lead(question: str) -> tuple[str, list[str], str]:
    out, _ = asyncio.run(analysed(question, routes_added=ROUTES, forced=True))
    return (str(out.sections[0]["body"]).split("\n")[0] if out.sections else "", out.notes, out.max_tier)


def test_a_verb_no_rule_knows_leaves_the_question_to_the_registries() -> None:
    question = "Does tsvloom cope with ragged rows?"
    assert not is_code_task(question)
    assert package_like_words(question) == ["tsvloom"]
    assert package_like_words("Does Wexford cope with ragged rows in `tsvx`?") == []  # capitals, code: no probe


def test_a_package_a_registry_knows_is_answered_from_its_readme_with_its_pulled_release_a_caveat() -> None:
    lead, notes, tier = _lead("Does tsvloom cope with ragged rows?")
    assert NOT_A_CODE_TASK not in notes
    assert lead == ("**Yes:** `tsvloom`'s README shows it meets \"ragged rows\": \"Copes with ragged rows, escaped tabs "
                    "and BOMs.\"[@e2]; but its latest release 3.1.1 is deprecated: \"3.1.1 loses escaped tabs; use "
                    "3.1.0\"[@e1]: pin `\"tsvloom\": \"3.1.0\"`, its newest release that is not.")
    assert tier == "high"


def test_a_package_whose_readme_says_it_does_not_is_a_no() -> None:
    lead, notes, _ = _lead("Does tsvgrind cope with ragged rows?")
    assert lead == ("**No:** `tsvgrind`'s README says it does not meet \"ragged rows\": \"tsvgrind does not cope with "
                    "ragged rows.\"[@e2].")
    assert NOT_A_CODE_TASK not in notes


def test_a_word_no_registry_knows_leaves_no_code_task() -> None:
    lead, notes, tier = _lead("Does tsvpluck cope with ragged rows?")
    assert lead == "" and NOT_A_CODE_TASK in notes and tier == "low"


def test_a_page_giving_the_word_as_a_package_settles_it_without_a_registry_request() -> None:
    page = Page("s1", "https://blog.example/tsv", "TSV in Node", "To read TSV files, npm install tsvgrind and go.")
    registry = FakeRegistry([])
    assert known_packages("Does tsvgrind cope with ragged rows?", registry, [page]) == [  # type: ignore[arg-type]
        ("npm", "tsvgrind")]
    assert registry.asked == []
    known = FakeRegistry([PackageFacts("npm", "tsvgrind", "https://npm.example/tsvgrind")])
    assert known_packages("Does tsvgrind cope with ragged rows?", known, []) == [  # type: ignore[arg-type]
        ("pypi", "tsvgrind")]  # the fake knows it in any registry: the first asked
    assert known.asked == ["tsvgrind"]
    nowhere = FakeRegistry([])
    assert known_packages("Does tsvpluck cope with ragged rows?", nowhere, []) == []  # type: ignore[arg-type]
    assert nowhere.asked == ["tsvpluck"] * 3  # each registry asked once


def test_a_deprecated_package_s_licence_asked_is_its_own_then_its_successor_s() -> None:
    want = ("**Licence of `tabquill`: ISC**[@e1] (npm, release 1.4.2); `tabquill` is deprecated, and its registry "
            "summary says it is no longer maintained: \"DEPRECATED: no longer maintained, use tsvgrind instead\"; its "
            "successor `tsvgrind` 1.2.0[@e2] is licensed MIT[@e3].")
    for question in ("What licence does the npm package tabquill use?", "What is tabquill's license?"):
        out, _ = asyncio.run(analysed(question, routes_added=ROUTES, forced=True))
        body = str(out.sections[0]["body"])
        assert body.split("\n")[0] == want, question
        assert "**Recommended: `tsvgrind` 1.2.0**" in body  # the recommendation follows
        assert out.pick == {"kind": "answer"}


def test_an_active_package_s_licence_asked_is_its_own_alone() -> None:
    out, _ = asyncio.run(analysed("Which license is tsvgrind released under?", routes_added=ROUTES, forced=True))
    assert str(out.sections[0]["body"]).split("\n")[0] == "**Licence of `tsvgrind`: MIT**[@e1] (npm, release 1.2.0)."


def test_a_copyleft_licence_asked_says_what_it_asks_of_a_program_using_it() -> None:
    routes = {**ROUTES, "/tsvgrind": _npm("tsvgrind", GRIND_TIMES, "# tsvgrind\n\nTSV for Node.\n", licence="GPL-3.0-only")}
    out, _ = asyncio.run(analysed("What licence does tsvgrind use?", routes_added=routes, forced=True))
    assert str(out.sections[0]["body"]).split("\n")[0] == (
        "**Licence of `tsvgrind`: GPL-3.0-only**[@e1] (npm, release 1.2.0), strong copyleft: a program distributed "
        "with it must be released under the same licence.")
