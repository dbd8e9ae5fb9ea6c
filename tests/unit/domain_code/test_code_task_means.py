"""The question's own task is no separate requirement, and a registry summary stating a requirement in other words of
the same stems meets it (issue 15, trial t51s fault 7, c1: "Your requirement 'Luhn checksum': no candidate is shown
to meet it" while the recommended package's summary said "Validate and generate Luhn (mod 10) check digits").
Invented packages."""

from __future__ import annotations

from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import assess, requirements_of


def summary(text: str, eco: str = "pypi") -> PackageFacts:
    return PackageFacts(eco, "verhoefkit", "https://registry.test/verhoefkit", summary=text)  # type: ignore[arg-type]


def test_the_named_method_of_the_task_asked_is_no_requirement() -> None:
    assert requirements_of("Which Python library should I use to validate account numbers with the Verhoef "
                           "checksum? Show an example.") == []
    assert requirements_of("Which library to parse dates with the ISO 8601 format?") == []
    # a feature the package must have stays one, after a purpose or not
    assert [r.text for r in requirements_of("A YAML library to load config files with the comments preserved")] \
        == ["comments preserved"]
    assert [r.text for r in requirements_of("I need a library with the Verhoef checksum")] == ["Verhoef checksum"]


def test_a_closed_compound_is_met_by_a_statement_of_its_first_part() -> None:
    need = requirements_of("I need a library with the Verhoef checksum")[0]
    said = summary("Validate and generate Verhoef (mod 11) check digits for account numbers")
    assert assess(need, said).verdict == "met"
    assert assess(need, summary("Verhoef tables for your own number formats")).verdict == "not shown"
    # a part that is another term of the requirement is no statement of the compound
    types = requirements_of("Which Node library to send mail with TypeScript types?")[0]
    assert assess(types, summary("Fully typed mail sender", "npm")).verdict == "not shown"
