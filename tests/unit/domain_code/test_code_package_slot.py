"""A name in the slot of a package is looked up whatever its spelling (issue 15, trial t53s code item 4, C2/C3/C8):
"What is the latest version of bytewise?" never asked PyPI for ``bytewise`` (it was a mere word of the question,
kept only when its registry summary shared a word with a question that has none besides the name), and "What
licence does sizeunits use ...?" found "no package ... in the question". Now "version of X", "licence of X", "does
X use", "is X maintained", "call X", "X's changelog" make X the package asked about: looked up, answered about, and
a 404 said plainly; a plain English word in that slot is never looked up. Invented names; fake registry."""

from __future__ import annotations

from typing import Any

from services.domain_code.offline import is_code_task, sections, survey, task_of
from services.domain_code.registries import PackageFacts
from shared.text.packages import slot_names


class FakeRegistry:
    """The registry boundary: the packages it knows by name, 404 for any other; every name asked recorded."""

    def __init__(self, *known: PackageFacts) -> None:
        self.known = {p.name: p for p in known}
        self.asked: list[str] = []
        self.documents: dict[str, Any] = {}

    def survey(self, ecosystem: str, name: str) -> PackageFacts:
        self.asked.append(f"{ecosystem} {name}")
        if ecosystem == "pypi" and name in self.known:
            return self.known[name]
        return PackageFacts(ecosystem, name, "", error=f"not_found: {ecosystem} {name} answered 404 "  # type: ignore[arg-type]
                                                       "(no such package)")

    def search(self, ecosystem: str, query: str) -> list[str]:
        return []


QUILLSORT = PackageFacts("pypi", "quillsort", "http://registry.test/pypi/quillsort/json", version="3.4.1",
                         first_release="2019-03-11", latest_release="2026-05-02", releases=9, license="Apache-2.0",
                         summary="Natural ordering of version strings")


def test_each_wording_puts_the_name_in_a_package_s_slot() -> None:
    for question in ("What is the latest version of quillsort?", "What licence does quillsort use?",
                     "Is quillsort still maintained?", "How do I call quillsort to order tags?",
                     "Where is quillsort's changelog?", "What changed in quillsort 3.4?",
                     "Does quillsort support Python 3.13?", "What is the licence of quillsort, and can I ship it?"):
        assert slot_names(question) == ["quillsort"], question
        task = task_of(question)
        assert task.named == ("quillsort",) and task.one, question
        assert is_code_task(question), question


def test_plain_english_words_in_that_slot_are_no_packages() -> None:
    for question in ("What is the latest version of the song?", "What is the licence of the project?",
                     "Is coffee still maintained as a crop?", "What is the latest version of records?",
                     "How do I call home from abroad?"):
        assert slot_names(question) == [], question


def test_a_version_question_about_a_plain_looking_name_recommends_it_at_its_version() -> None:
    question = "What is the latest version of quillsort?"
    registry = FakeRegistry(QUILLSORT)
    result = survey(registry, task_of(question), None)  # type: ignore[arg-type]
    assert registry.asked == ["pypi quillsort"]
    body = sections(question, result, [], [], {})[0][0]["body"]
    # trial t54s C2: the release asked is the answer's first sentence, the recommendation after it
    assert body.split("\n")[0] == "**Latest release of `quillsort`: 3.4.1** (PyPI, of 2026-05-02)."
    assert body.split("\n")[2] == (
        "**Recommended: `quillsort` 3.4.1** (PyPI), latest release 2026-05-02, licence Apache-2.0. It ranks first of 1 "
        "candidate(s) surveyed: active (not yanked, deprecated or a possible typosquat), the package your question asks "
        "about, established (releases over time), then by downloads and the most recent release.")


def test_a_name_no_registry_has_is_said_to_be_no_package() -> None:
    question = "What is the latest version of quillsorte?"
    registry = FakeRegistry(QUILLSORT)
    result = survey(registry, task_of(question), None)  # type: ignore[arg-type]
    assert registry.asked == ["pypi quillsorte", "npm quillsorte", "crates quillsorte"]
    body = sections(question, result, [], [], {})[0][0]["body"]
    assert body.split("\n")[0] == ("`quillsorte` is no package on PyPI (nor on npm or crates.io). No package could be "
                                   "recommended (see the table).")


def test_the_release_asked_of_a_package_not_recommended_opens_the_answer() -> None:
    question = "What is the latest version of tallybin?"
    tallybin = PackageFacts("pypi", "tallybin", "http://registry.test/pypi/tallybin/json", version="0.9.3",
                            latest_release="2021-02-11", releases=4, license="MIT", status="deprecated",
                            summary="Count things in bins (deprecated)")
    result = survey(FakeRegistry(tallybin, QUILLSORT), task_of(question), None)  # type: ignore[arg-type]
    assert result.one_asked == "tallybin"
    body = sections(question, result, [], [], {})[0][0]["body"]
    assert body.split("\n")[0] == ("**Latest release of `tallybin`: 0.9.3** (PyPI, of 2021-02-11); `tallybin` is "
                                   "deprecated.")
