"""Requirements of a code question as trial t24 met them (issue 15), on invented packages: the form the thing must
take ("read large log files *as streams*", "a *streaming* parser") is a requirement; a hyphenated requirement
("delimiter auto-detection") is met by a sentence saying each part ("Detects the delimiter automatically"); a
requirement for TypeScript types is met by a package written in TypeScript or shipping a declaration file."""

from __future__ import annotations

from services.domain_code.registries import PackageFacts
from services.domain_code.requirements import Requirement, assess, requirements_of

QUESTION = ("Which npm package should I use in Node.js to read large TSV log files as streams, with TypeScript "
            "typings and delimiter auto-detection?")


def facts(name: str, readme: str) -> PackageFacts:
    return PackageFacts(ecosystem="npm", name=name, url=f"https://registry.example/{name}", readme=readme)


def by_text(question: str) -> dict[str, Requirement]:
    return {r.text: r for r in requirements_of(question)}


def test_the_form_asked_for_is_a_requirement_and_so_is_streaming() -> None:
    assert list(by_text(QUESTION)) == ["as streams", "TypeScript typings", "delimiter auto-detection"]
    assert list(by_text("Which Rust crate should I use to read a Parquet file as an iterator?")) == ["as an iterator"]
    assert [r.terms for r in requirements_of("I need a streaming XML parser for Python.")] == [("stream",)]
    # "as" that names no form: comparisons, examples, "as well as", "as soon as possible"
    for question in ("Is tsvkit as fast as logtab?", "A parser such as tsvkit, as well as a writer, as soon as possible.",
                     "Which npm package should I use, as usual?"):
        assert requirements_of(question) == [], question


def test_a_hyphenated_requirement_is_met_by_a_sentence_saying_each_part() -> None:
    wanted = by_text(QUESTION)["delimiter auto-detection"]
    found = assess(wanted, facts("tabflow", "# tabflow\n\nFast TSV reader.\n\n"
                                            "Detects the delimiter automatically (`delimiter: 'auto'`).\n"))
    assert found.verdict == "met" and "automatically" in found.sentence
    # the compound spelled in the README meets the words of the question too
    spelled = requirements_of("A Python reader with automatic delimiter detection")
    assert assess(spelled[0], facts("tabread", "tabread auto-detects the delimiter.")).verdict == "met"
    # one part alone does not: detection that is not said to be automatic, "auto" without detection
    assert assess(wanted, facts("tabplain", "You pass the delimiter; detection of bad rows is built in.\n"
                                            "Column widths are sized to auto.")).verdict == "not shown"


def test_typescript_types_are_met_by_a_package_written_in_typescript_or_shipping_declarations() -> None:
    wanted = by_text(QUESTION)["TypeScript typings"]
    assert assess(wanted, facts("tabtiny", "# tabtiny\n\nA tiny TSV parser. Written in TypeScript.\n")).verdict == "met"
    assert assess(wanted, facts("tabdecl", "# tabdecl\n\nShips `lib/index.d.ts` for editors.\n")).verdict == "met"
    assert assess(wanted, facts("tabjs", "# tabjs\n\nA TSV parser in plain JavaScript.\n")).verdict == "not shown"
    # being written in TypeScript says nothing of another requirement
    other = by_text(QUESTION)["delimiter auto-detection"]
    assert assess(other, facts("tabtiny", "A tiny TSV parser. Written in TypeScript.")).verdict == "not shown"


def test_a_package_without_streaming_contradicts_the_form_asked_for() -> None:
    wanted = by_text(QUESTION)["as streams"]
    readme = "# tabtiny\n\nA tiny TSV parser for strings. It has no streaming support. Written in TypeScript.\n"
    assert assess(wanted, facts("tabtiny", readme)).verdict == "contradicted"
    assert assess(wanted, facts("tabflow", "# tabflow\n\nStreaming TSV parser for Node.js.\n")).verdict == "met"
