"""Trial t70s Q19: "Under which licence is the <pkg>s Python library distributed?" was searched as "licence <pkg>
python library distributed": the planner cut the package's plural-looking "s", so the package asked about was not
matched, and the survey answered about another package. A package's name is a name, never stemmed in a query: the
name a question calls a package ("the trailtags Python library", "the Python package geotiles", "the quiltags
module") is kept as written. Invented package names."""

from __future__ import annotations

import pytest

from services.planner.offline import exact_names, plan
from shared.text.packages import package_names


@pytest.mark.parametrize(("question", "name"), [
    ("Under which licence is the trailtags Python library distributed?", "trailtags"),
    ("What licence does the Python package geotiles use?", "geotiles"),
    ("Is the quiltags module still maintained?", "quiltags"),
    ("Is the fastgrids npm package safe to use?", "fastgrids"),
])
def test_a_package_name_is_never_stemmed_in_queries(question: str, name: str) -> None:
    assert name in exact_names(question).values()
    queries = plan(question).sub_queries
    assert any(name in q.split() for q in queries), queries
    assert not any(name[:-1] in q.split() for q in queries), queries


def test_a_name_before_its_ecosystem_and_a_word_for_a_package_is_a_package() -> None:
    assert package_names("Under which licence is the trailtags Python library distributed?") == ["trailtags"]
    assert "fastgrids" in package_names("Is fastgrids a good npm package?")
    # a plain word before the ecosystem names none
    assert package_names("Which is the fastest Python library for grids?") == []


def test_plain_words_are_still_stemmed() -> None:
    queries = plan("Which Python library reads photos with tags?").sub_queries
    assert not any("photos" in q.split() for q in queries), queries
