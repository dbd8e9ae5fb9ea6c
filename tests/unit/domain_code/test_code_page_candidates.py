"""Candidate packages named only by the run's fetched pages enter the survey (issue 15 trial: the analysis ended
before the pages were fetched), and each page's ecosystem is recorded. Registries on loopback (tests/code_standins)."""

from __future__ import annotations

from contracts.domain_code import PackagesSurveyed
from services.domain_code.offline import is_page_candidate, task_of
from services.domain_code.pages import Page, page_candidates, page_ecosystem
from tests.code_standins import analysed

PY_PAGE = Page("s1", "https://blog.example/python-http", "HTTP clients in Python",
               "For a Python HTTP client with retries, use fetchkit or slowhttp.\n\n```python\nimport fetchkit\n"
               "fetchkit.get('https://example.org')\n```\nInstall it with pip install fetchkit.",
               ("For a Python HTTP client with retries, use fetchkit or slowhttp.",))
NPM_PAGE = Page("s2", "https://www.npmjs.com/package/fetchit", "fetchit",
                "npm install fetchit\n\n```js\nconst fetchit = require('fetchit');\nconst r = await fetchit.get(url);\n"
                "```\nfetchit is an HTTP client with retries for Node.js and TypeScript.")
RUST_PAGE = Page("s3", "https://docs.rs/fetchrs", "fetchrs - Rust",
                 "cargo add fetchrs\n\n```rust\nuse fetchrs::Client;\nfn main() { let mut c = Client::new(); }\n```")
PLAIN = Page("s4", "https://news.example/a", "A day out", "The weather was fine or rainy; we used boats.")


def test_each_page_is_about_the_ecosystem_its_code_and_address_say() -> None:
    assert page_ecosystem(PY_PAGE.url, PY_PAGE.title, PY_PAGE.text) == "pypi"
    assert page_ecosystem(NPM_PAGE.url, NPM_PAGE.title, NPM_PAGE.text) == "npm"
    assert page_ecosystem(RUST_PAGE.url, RUST_PAGE.title, RUST_PAGE.text) == "crates"
    assert page_ecosystem(PLAIN.url, PLAIN.title, PLAIN.text) is None


def test_names_in_install_commands_imports_and_prose_become_candidates_of_the_question_ecosystem() -> None:
    task = task_of("Which Python HTTP client should I use for retries?")
    named = page_candidates([PY_PAGE, NPM_PAGE, RUST_PAGE, PLAIN], task.ecosystems, stated=task.stated,
                            is_candidate=lambda n, e: is_page_candidate(n, e, task))
    assert list(named.candidates)[:2] == [("pypi", "fetchkit"), ("pypi", "slowhttp")]
    assert named.candidates[("pypi", "fetchkit")] == [PY_PAGE.url]
    assert all(eco == "pypi" for eco, _ in named.candidates)  # npm's and crates.io's names are not this question's
    assert not any(name in ("weather", "rainy", "boats", "fine") for _, name in named.candidates)
    pages = {p["source_id"]: p for p in named.pages}
    assert pages["s2"]["ecosystem"] == "npm" and pages["s2"]["off_ecosystem"] is True
    assert pages["s1"]["off_ecosystem"] is False and pages["s4"]["ecosystem"] is None
    assert "fetchkit" in pages["s1"]["names"]


def test_without_a_stated_ecosystem_no_page_is_off_ecosystem() -> None:
    task = task_of("Which HTTP client library handles retries?")
    assert not task.stated
    named = page_candidates([NPM_PAGE], task.ecosystems, stated=task.stated,
                            is_candidate=lambda n, e: is_page_candidate(n, e, task))
    assert named.pages[0]["ecosystem"] == "npm" and named.pages[0]["off_ecosystem"] is False


async def test_a_candidate_only_the_pages_name_is_surveyed_and_recorded_with_its_pages() -> None:
    outcome, events = await analysed("Which Python HTTP client should I use for retries?",
                                     pages=[PY_PAGE, NPM_PAGE, PLAIN])
    surveyed = events["PackagesSurveyed"]
    PackagesSurveyed.model_validate({**surveyed, "run_id": "00000000-0000-0000-0000-000000000001", "seq": 1,
                                     "event_id": "00000000-0000-0000-0000-000000000002",
                                     "occurred_at": "2026-12-02T08:00:00Z"})
    by_name = {p["name"]: p for p in surveyed["packages"]}
    assert "fetchkit" in by_name and by_name["fetchkit"]["named_by"] == [PY_PAGE.url]
    assert "fetchit" not in by_name  # an npm page's package is not a Python question's candidate
    assert {p["source_id"]: p["off_ecosystem"] for p in surveyed["pages"]} == {"s1": False, "s2": True, "s4": False}
    body = outcome.sections[0]["body"]
    assert "**Recommended: `fetchkit` 2.4.1**" in body
    assert "1 of the fetched pages names it (it was found there, not in the question)." in body


async def test_without_pages_the_question_alone_decides_as_before() -> None:
    _, events = await analysed("Which Python HTTP client should I use for retries?")
    assert "fetchkit" not in {p["name"] for p in events["PackagesSurveyed"]["packages"]}
    assert events["PackagesSurveyed"]["pages"] == []


def test_install_commands_and_imports_give_package_names_not_files_or_modules_of_the_language() -> None:
    from services.domain_code.pages import _syntax_names

    text = ("pip install -r requirements.txt\npip install -U \"httpx[http2]\"\nuv add tenacity==8.2\n"
            "import numpy as np\nimport os\nfrom yarl.quoting import quote\n")
    assert _syntax_names(text, "pypi") == ["httpx", "tenacity", "numpy", "os", "yarl"]  # os: is_page_candidate
    js = ("npm i --save-dev got\nconst fs = require('fs');\nimport ky from 'ky';\nimport { x } from './local';\n"
          "import map from 'lodash/map';\nimport { z } from '@scope/pkg';\n")
    assert _syntax_names(js, "npm") == ["got", "ky", "lodash", "@scope/pkg"]
    assert _syntax_names("cargo add serde_json\nuse std::io;\nuse reqwest::Client;\n", "crates") == [
        "serde_json", "reqwest"]
    task = task_of("Which Python HTTP client should I use?")
    assert not is_page_candidate("os", "pypi", task) and is_page_candidate("httpx", "pypi", task)


async def test_a_candidate_the_question_names_as_a_word_is_not_said_to_be_found_only_on_the_pages() -> None:
    # issue 15, trial t40 fault 6: "Can you show me a Python example that uses cronspan ...?" printed "it was found
    # there, not in the question" though the question names cronspan (a name-like word, not a backticked name)
    outcome, _ = await analysed("Which Python HTTP client should I use for retries? I was thinking of fetchkit.",
                                pages=[PY_PAGE, PLAIN])
    body = outcome.sections[0]["body"]
    assert "**Recommended: `fetchkit` 2.4.1**" in body
    assert "1 of the fetched pages names it." in body
    assert "not in the question" not in body
