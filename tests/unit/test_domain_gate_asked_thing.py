"""A code recommendation leading a question that asks a thing of a named package (its algorithm, its weekly
downloads) answers nothing asked: the gate holds it low however well its registry figures are supported (trial t75s
q19, q20, q28: "**Recommended: `<pkg>` ...**" at 0.60-0.67 medium). Invented packages."""

from __future__ import annotations

from services.synthesizer.domain import domain_answer_gate, place_domain_sections, recommendation_unasked
from shared.text.packages import asked_thing
from tests.unit.test_code_pick_lead import a_run, sources
from tests.unit.test_domain_answer_gate import BACKED, BACKING, GENERAL, figures, only_the_pick


def test_the_thing_a_question_asks_of_a_package_is_its_noun_phrase() -> None:
    assert asked_thing("Which rate limiting algorithm does the Python package tomlfast use?") == \
        "rate limiting algorithm"
    assert asked_thing("How many weekly downloads does the Python package tomlfast have?") == "weekly downloads"
    # a choice among packages, a version, a licence, no thing at all
    assert asked_thing("Which TOML library does the Python world use most?") == ""
    assert asked_thing("What version is tomlfast at?") == ""
    assert asked_thing("What licence does tomlfast use?") == ""
    assert asked_thing("Which one should I use?") == ""
    assert asked_thing("Is tomlfast still maintained?") == ""


def test_a_recommendation_states_the_thing_asked_only_when_its_opening_names_it() -> None:
    pick = "**Recommended: `tomlfast` 2.3.1**[1] (PyPI), licence MIT. It ranks first, then by downloads."
    assert recommendation_unasked("Which parsing algorithm does tomlfast use?", pick)
    assert recommendation_unasked("How many weekly downloads does tomlfast have?", pick)
    counted = "**Recommended: `tomlfast` 2.3.1**[1] (PyPI), licence MIT, 41,200 downloads. It ranks first."
    assert not recommendation_unasked("How many weekly downloads does tomlfast have?", counted)
    assert not recommendation_unasked("Which library should I use to parse TOML in Python?", pick)
    assert not recommendation_unasked("Which parsing algorithm does tomlfast use?", "**No:** `tomlfast` is ...")


def test_a_recommendation_leading_a_question_about_a_thing_of_the_package_is_held_low() -> None:
    for question in ("Which parsing algorithm does the Python package tomlfast use?",
                     "How many weekly downloads does the Python package tomlfast have?"):
        run = a_run(first=BACKED, pick=BACKING, question=question)
        report = place_domain_sections(only_the_pick(), run, sources())
        gate = domain_answer_gate(GENERAL, report.markdown, run, figures(["supported"] * 4))
        assert gate["tier"] == "low" and gate["signals"]["pick_unasked"] == 1.0, gate
        assert gate["signals"]["answered"] == gate["score"]
    # the question a recommendation answers keeps its score
    run = a_run(first=BACKED, pick=BACKING)
    report = place_domain_sections(only_the_pick(), run, sources())
    gate = domain_answer_gate(GENERAL, report.markdown, run, figures(["supported"] * 4))
    assert gate["tier"] == "high" and "pick_unasked" not in gate["signals"]


def test_a_question_asking_which_tool_to_use_asks_no_thing_of_a_package() -> None:
    # a recommendation answers which package or tool to use, whatever the kind of tool is called
    pick = "**Recommended: `lintwise` 0.6.9**[1] (PyPI), latest release 2026-01-10. It ranks first."
    for question in ("Which Python linter is most widely used?", "Which test runner is best for Python?",
                     "Which logging approach is recommended in Python?",
                     "Which option is best for parsing YAML in Python?",
                     "Which linter is better, lintwise or flakequill?",
                     "Which formatter do most Python projects use?"):
        assert asked_thing(question) == "", question
        assert not recommendation_unasked(question, pick), question
    # a fact of one named package is still a thing asked of it
    assert asked_thing("Which test runner does the npm package quillspec use?") == "test runner"
    assert asked_thing("What hashing scheme does Django use?") == "hashing scheme"
    assert asked_thing(None) == ""  # type: ignore[arg-type]
