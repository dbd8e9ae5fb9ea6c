"""Issue 15 leftovers, item 2: a sub-query is a phrase a search can find sources by (never "EUR", "CSV",
"Python" or "100" alone, nor an amount torn from its noun: "kettle 60"), and a word the code question only
mentions is looked up as a package only when it is spelt as one (never "INI", "CSV", "config")."""

from __future__ import annotations

import pytest

from services.domain_code.offline import task_of
from services.planner.offline import plan, searchable
from shared.text.tokens import tokenize


@pytest.mark.parametrize(
    "question",
    [
        "Which travel kettle under 60 EUR boils fastest?",
        "Which Python library should I use to parse CSV files?",
        "What is the best way to read an INI config file in Python?",
        "Best e-bike lock under 100 EUR?",
        "Which portable projector is brightest for under 300 EUR?",
        "When did the BBC start broadcasting?",
    ],
)
@pytest.mark.parametrize("depth", ["quick", "standard", "deep"])
def test_every_sub_query_is_a_searchable_phrase(question: str, depth: str) -> None:
    queries = plan(question, depth=depth).sub_queries
    assert queries
    for q in queries:
        tokens = tokenize(q)
        assert len(tokens) >= 2 or q[:1].isupper() and not q.isupper(), queries  # a name at most, alone
        assert not any(t.isdigit() for t in tokens) or q == queries[0], queries  # amounts only in the full query


@pytest.mark.parametrize(
    ("query", "question", "ok"),
    [
        ("EUR", "Which travel kettle under 60 EUR boils fastest?", False),
        ("CSV", "Which Python library parses CSV files?", False),
        ("Python", "Which Python library parses CSV files?", False),
        ("first", "Who was the first president of Kenya?", False),
        ("Best", "Best e-bike lock under 100 EUR?", False),
        ("100", "Best e-bike lock under 100 EUR?", False),
        ("Kenya", "Who was the first president of Kenya?", True),
        ("Counterparts", 'Which band released a song called "Counterparts"?', True),
        ("PyYAML", "Is PyYAML still maintained?", True),
        ("datefmtr", "Should I use datefmtr?", True),
        ("travel kettle", "Which travel kettle boils fastest?", True),
    ],
)
def test_one_word_is_searchable_only_when_it_names_something(query: str, question: str, ok: bool) -> None:
    assert searchable(query, question) is ok


@pytest.mark.parametrize(
    ("question", "words"),
    [
        ("What is the best way to read an INI config file in Python?", ()),
        ("Which Python library should I use to parse CSV files?", ()),
        ("How do I convert EUR to USD amounts with a Python library?", ()),
        ("Should I use tomlkit or tomli to read TOML config in Python?", ()),
        ("How do I load PyYAML safely in Python?", ("pyyaml",)),
        ("Which Rust crate should I use to parse csv files?", ("csv",)),  # the popular crate's name, as written
    ],
)
def test_only_words_spelt_as_packages_are_looked_up(question: str, words: tuple[str, ...]) -> None:
    assert task_of(question).words == words
