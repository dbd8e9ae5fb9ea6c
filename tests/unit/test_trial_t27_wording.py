"""Issue 15, trial t27 fault 14 (code part): a question's code block was flattened into the report's title ("# Why
does this not work? ```python import tomlfast ..."), a question of punctuation was called "empty or whitespace",
and a package whose every release is deprecated had "no release is not" in its table cell."""

from __future__ import annotations

from uuid import uuid4

import pytest

from contracts.commands import RunRequested
from services.domain_code.offline import Evidence, _release_cells
from services.domain_code.registries import PackageFacts
from shared.report import question_title


def test_a_question_s_code_block_is_not_the_title_s() -> None:
    question = 'Why does this not work?\n```python\nimport tomlfast\ncfg = tomlfast.parse_file("a.toml")\n```\nThanks!'
    assert question_title(question) == "Why does this not work? Thanks!"
    assert question_title("What does `tomlfast.load` return?\n\n  And  why?") == \
        "What does `tomlfast.load` return? And why?"  # inline code stays; whitespace collapsed
    assert question_title("```python\nx = 1\n```") == ""  # only code: the report's default title is used
    assert question_title("Fix this:\n```js\nconst a = 1;") == "Fix this:"  # a block left open


@pytest.mark.parametrize(
    ("question", "said", "not_said"),
    [
        ("", "question is empty or whitespace", "punctuation"),
        ("   \t ", "question is empty or whitespace", "punctuation"),
        ("?!?! ...", "question is only punctuation, symbols or invisible characters (it has no letters or digits)",
         "empty or whitespace"),
    ],
)
def test_a_question_of_punctuation_is_not_called_empty(question: str, said: str, not_said: str) -> None:
    with pytest.raises(ValueError) as refused:
        RunRequested(run_id=uuid4(), question=question)
    assert said in str(refused.value) and not_said not in str(refused.value)


def test_a_package_whose_every_release_is_deprecated_says_so_plainly() -> None:
    facts = PackageFacts("npm", "retry-fetchy", "https://registry.example/retry-fetchy", version="1.2.0",
                         latest_release="2020-06-01", status="deprecated", yanked_versions=("1.0.0", "1.2.0"))
    version, released = _release_cells(facts, Evidence({}))
    assert version == "1.2.0 (deprecated; every release is)"
    assert released == "— (every release is deprecated; the newest is 1.2.0 of 2020-06-01)"
