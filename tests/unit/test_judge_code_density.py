"""Issue 15, trial t43 fault 9: the judge scored well-cited code reports' citation density 3/33, 4/33 and 9/33, counting
every line of a code block and every table row as an uncited sentence. Code blocks are no sentences; a table row
counts once, as cited, when it holds a citation marker, and not at all otherwise."""

from __future__ import annotations

from services.judge.offline import report_body_sentences

REPORT = """# How do I load config.toml with tomlbay?

## Recommendation

**Recommended: `tomlbay` 0.9.0**[1] (PyPI), licence MIT[1].

## Package comparison

| Package | Version | Licence |
| --- | --- | --- |
| `tomlbay` | 0.9.0[1] | MIT[1] |
| `tomlette` | 1.4.0 | MIT |

## Checked code

Usage example from a fetched page: the page "tomlbay" [2].

```python
import tomlbay
config = tomlbay.load("config.toml")
print(config["name"])
```

## Sources

- [1] tomlbay on PyPI — https://pypi.example/pypi/tomlbay/json
- [2] tomlbay — https://docs.example/tomlbay
"""


def test_code_blocks_and_uncited_table_rows_are_no_uncited_sentences() -> None:
    sents = report_body_sentences(REPORT)
    assert not any("tomlbay.load" in s or "print(" in s or "import tomlbay" == s for s in sents)
    assert "`tomlbay` 0.9.0[1] MIT[1]" in sents  # a row with a marker: one (cited) sentence
    assert not any("tomlette" in s or "Package" in s or "---" in s for s in sents)
    assert sents == ["**Recommended: `tomlbay` 0.9.0**[1] (PyPI), licence MIT[1].", "`tomlbay` 0.9.0[1] MIT[1]",
                     'Usage example from a fetched page: the page "tomlbay" [2].']
