"""Trial t57s F7 (code domain): "X vs Y: which should I use?" with one name spelt like an identifier and the other
a made-up name that is no word of any language got no code analysis (``is_code_task`` False: "found no package
... in the question", answered only by the general engine at 0.43 low), since a leading choice needed BOTH names
spelt like identifiers. Both package-like with one of them identifier-shaped now name two packages. Invented names."""

from __future__ import annotations

import pytest

from services.domain_code.offline import is_code_task, task_of
from shared.text.packages import identifier_shaped, package_names


@pytest.mark.parametrize("question", [
    "cuidkit vs cuidforge: which should I use?",
    "cuidforge versus cuidkit for collision-resistant IDs: which should I pick?",
])
def test_a_made_up_name_beside_an_identifier_is_a_package_choice(question: str) -> None:
    assert identifier_shaped("cuidkit") and not identifier_shaped("cuidforge")
    names = package_names(question)
    assert sorted(names) == ["cuidforge", "cuidkit"]
    assert is_code_task(question)
    assert task_of(question).named == tuple(names)


@pytest.mark.parametrize("question", [
    "kombucha vs kefir: which should I choose?",  # words of some language: no identifier among them
    "cuidkit vs cuidforge: which is older?",  # no verb of taking one in
])
def test_other_pairs_name_no_package(question: str) -> None:
    assert package_names(question) == []
