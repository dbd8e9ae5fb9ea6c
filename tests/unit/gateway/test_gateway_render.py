"""Report rendering for the web app: Markdown to sanitised HTML with citation links, and a source's text with
its evidence spans marked (services/gateway/web/render.py, services/gateway/markdown.py)."""

from __future__ import annotations

import re

import pytest

from services.gateway.markdown import normalise_tables, split_cells
from services.gateway.web.render import best_citation, render_report, render_source
from shared.evidence import Citation

SOURCE_A = "Rush is a Canadian rock band. Its song Counterparts was released in 1993."
SOURCE_B = "Neil Peart was the drummer of Rush. He entered the Modern Drummer Hall of Fame in 1983."


def cite(n: int, source: str, text: str, quote: str, claim: str) -> Citation:
    start = text.index(quote)
    return Citation(n=n, source_id=source, claim_id=claim, start=start, end=start + len(quote), quote=quote)


CITATIONS = [
    cite(1, "src-a", SOURCE_A, "Rush is a Canadian rock band.", "c1"),
    cite(2, "src-b", SOURCE_B, "Neil Peart was the drummer of Rush.", "c2"),
    cite(2, "src-b", SOURCE_B, "He entered the Modern Drummer Hall of Fame in 1983.", "c3"),
]
REPORT = """# Which band?

## Answer

Rush is a Canadian rock band [1]. Its drummer entered the Modern Drummer Hall of Fame in 1983 [2].

## Findings

- Neil Peart was the drummer of Rush [2].
- A list with **bold**, *italic*, `code [1]` and a [link](https://example.org/x).

| Member | Role |
| --- | ---: |
| Peart | drums [2] |

```python
print("[1]")
```

## Sources

- [1] Rush — https://example.org/rush
- [2] Neil Peart — https://example.org/peart
"""


def cites_in(html: str) -> list[dict[str, str]]:
    return [dict(re.findall(r'(data-[a-z]+)="([^"]*)"', m)) for m in re.findall(r'<a [^>]*class="cite"[^>]*>', html)]


def test_markdown_elements_render_and_every_marker_links_its_citation() -> None:
    html = render_report(REPORT, CITATIONS)
    for tag in ("<h1>", "<h2>", "<ul>", "<li>", "<strong>bold</strong>", "<em>italic</em>", "<table>",
                '<th style="text-align:right">', "<pre><code", '<a href="https://example.org/x"'):
        assert tag in html, tag
    links = cites_in(html)
    # 2 markers in the answer, 1 in the list, 1 in the table, 2 in the source list; none inside code
    assert [ln["data-n"] for ln in links] == ["1", "2", "2", "2", "1", "2"]
    assert '<a href="https://example.org/rush" rel="noopener noreferrer">https://example.org/rush</a>' in html
    assert "<code>code [1]</code>" in html and 'print("[1]")' in html.replace("&quot;", '"')
    # the [2] after the Hall of Fame sentence stands for that claim, the [2] after the drummer one for the other
    assert links[1]["data-claim"] == "c3" and links[2]["data-claim"] == "c2"
    assert links[0] == {"data-n": "1", "data-source": "src-a", "data-claim": "c1", "data-start": "0",
                        "data-end": str(len("Rush is a Canadian rock band."))}


def test_a_claim_carrying_html_shows_as_text_and_unsafe_urls_are_dropped() -> None:
    evil = ('The band <script>alert("x")</script> played <img src=x onerror=alert(1)> live [1].\n\n'
            '[click](javascript:alert(1)) <a href="javascript:alert(2)">a</a>\n\n<iframe src="https://e.org"></iframe>')
    html = render_report(evil, CITATIONS)
    assert "<script" not in html and "<img" not in html and "<iframe" not in html
    assert "&lt;script&gt;alert" in html  # shown, as text
    assert not re.search(r"<a [^>]*javascript", html) and "[click](javascript:alert(1))" in html  # text only
    assert len(cites_in(html)) == 1


def test_a_citation_quote_carrying_html_is_escaped_in_its_tooltip() -> None:
    bad = [Citation(n=1, source_id='s"><script>', claim_id="c", start=0, end=9, quote='"><script>alert(1)</script>')]
    html = render_report("Text [1].", bad)
    assert "<script" not in html and "&lt;script&gt;" in html


def test_a_broken_table_keeps_every_cell_and_renders_safely() -> None:
    broken = "| a | b |\n|---|---|\n| 1 | 2 | 3 |\n| only |\n| x | y |\n\nafter"
    html = render_report(broken, [])
    assert html.count("<tr>") == 4
    assert all(row.count("<td>") + row.count("<th>") == 3 for row in html.split("<tr>")[1:])
    assert "<td>3</td>" in html and "<p>after</p>" in html


@pytest.mark.parametrize("line, cells", [
    ("| a | b |", ["a", "b"]),
    ("a | b", ["a", "b"]),
    ("| `x|y` | z \\| w |", ["`x|y`", "z \\| w"]),
    ("| a | |", ["a", ""]),
])
def test_cells_split_outside_code_and_escapes(line: str, cells: list[str]) -> None:
    assert split_cells(line) == cells


def test_tables_inside_code_fences_are_left_alone() -> None:
    text = "```\n| a |\n|---|\n| 1 | 2 |\n```"
    assert normalise_tables(text) == text


def test_unknown_markers_and_real_links_are_not_citations() -> None:
    html = render_report("Array [7] and [1](https://e.org) and [1][2] and [3]", CITATIONS[:1])
    links = cites_in(html)
    assert [ln["data-n"] for ln in links] == ["1"]  # the [1] of "[1][2]"; [7], [2] and [3] cite nothing
    assert "[7]" in html and '<a href="https://e.org"' in html


def test_best_citation_picks_the_quote_nearest_the_sentence() -> None:
    two = CITATIONS[1:]
    assert best_citation(two, "the Hall of Fame in 1983") is two[1]
    assert best_citation(two, "was the drummer") is two[0]
    assert best_citation([], "x") is None


def test_source_text_marks_spans_and_the_active_one_escaped() -> None:
    text = "A <b> tag. Second sentence here. Third."
    html = render_source(text, [(0, 10), (5, 20), (100, 200), (30, 30)], active=(11, 32))
    assert "&lt;b&gt;" in html and "<b>" not in html
    assert html.count('id="active-span"') == 1
    active = re.search(r'<mark class="span active" id="active-span">(.*?)</mark>', html)
    assert active and active.group(1) == "Second sentence here"[:9]  # the active span starts after the overlap
    assert re.sub(r"<[^>]+>", "", html).replace("&lt;", "<").replace("&gt;", ">") == text
    assert render_source("abc", []) == "abc"
