"""Simple pipe tables of a text (Markdown: a header row, a separator row, data rows) and their rows read as
sentences with the header: "| Year | Registered members |" over "| 2024 | 203 |" reads "Year 2024: registered
members 203.".

Used by the offline claim extractor (a row of a simple table is a claim, its evidence span the table from its
header to that row) and by the verifier's evidence pool (the same spans are evidence: a row alone says neither what
its numbers count nor of which year). Bounded: a table with a long cell (a table of text, not of values), fewer than
two or more than :data:`MAX_COLUMNS` columns, a header whose columns are not each named apart (a grid or a layout
table: "| a | b | c |", one name twice) or no digit in any data row is not read; at most :data:`MAX_ROWS` rows of a
table are. A table that is not read is logged (debug, with the reason), never dropped without a trace.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from shared.text.quantity import ATTRIBUTE_KINDS, figure_kind
from shared.text.synonyms import same_thing
from shared.text.tokens import is_label_line, tokenize

__all__ = ["MAX_CELL_WORDS", "YEAR_ROW_RE", "caption_of", "MAX_COLUMNS", "MAX_LABEL_WORDS", "MAX_ROWS", "SPEC_CONTEXT", "PipeTable", "SpecRow", "TableRow",
           "column_sentences", "column_thing", "context_start", "figure_label", "figure_sentence", "figures_apart", "key_value", "period_columns", "period_figures",
           "period_sentences", "pipe_tables", "row_cells", "row_sentence",
           "spec_rows", "count_lines", "YearListRow", "year_list_rows", "labelled_values", "list_items", "label_lines"]

#: a table with a cell of more words than this holds text, not values: its rows are not read
MAX_CELL_WORDS = 6
#: a row's label (its first cell) may say which one it is at more length: "Family (2 adults, up to 3 children)" in a
#: price table (t50 fault 6)
MAX_LABEL_WORDS = 10
#: columns of a table whose rows are read (two at least: a label and a value). A bound on one row's sentence, not the
#: test of a table of values (that is its named columns, short cells and digits: :func:`_unread_reason`): a table of
#: winners by year has six ("| Year | Winner | Winning novel | Shortlist size | Submissions | Prize money |", t72)
MAX_COLUMNS = 10
#: rows of a table read, from its first (no claim explosion from a big table)
MAX_ROWS = 12

_ROW_RE = re.compile(r"^[ \t]*\|(?P<cells>.*)\|[ \t]*$", re.M)
_SEPARATOR_CELL_RE = re.compile(r"\s*:?-+:?\s*")
_WORD_RE = re.compile(r"[^\W_]+(?:['’.\-][^\W_]+)*")
#: a column header naming a period rather than a quantity: a year ("2023"), a fiscal or calendar year ("FY2024", "FY
#: 2024"), a season or split year ("2023/24", "2023-2024") or a quarter or half of a year ("Q1 2024", "2024 H2")
_PERIOD_CELL_RE = re.compile(r"(?:(?:FY|CY)\s?|[QH][1-4]\s+)?(?:1[89]|20)\d\d(?:\s?[/–-]\s?(?:\d\d|(?:1[89]|20)\d\d))?"
                             r"(?:\s+[QH][1-4])?", re.I)


#: the opening of a by-year table row read as a sentence, its label ending in the row's year and a colon ("Year 2025:
#: crews entered 471", "Season 1998: ..."); group 1 is the year (1600-2099)
YEAR_ROW_RE = re.compile(r"^[^\W\d_][\w ]{0,30}?\b((?:1[6-9]|20)\d\d)\s*:\s*")

#: a cell of a by-year row read as a sentence: its column's name in lower case, then its value ("prize fund £2,600",
#: "highest-rated entrant Petra Volk-Linden")
_ROW_CELL_RE = re.compile(r"(?P<label>(?-i:[a-z][\w'’-]*)(?:\s+(?-i:[a-z][\w'’-]*))*)\s+(?P<value>\S.*)")


def row_cells(sentence: str) -> list[tuple[str, str]]:
    """The cells of a by-year table row read as a sentence (:data:`YEAR_ROW_RE`, :func:`row_sentence`), each its
    column's name and its value: "Year 2024: entries 77, prize fund £2,600, top rating 2251." -> [("entries", "77"),
    ("prize fund", "£2,600"), ("top rating", "2251")]. [] for any other sentence, or when a part after the colon
    opens with no lower-case column name. Never raises."""
    m = YEAR_ROW_RE.match(sentence or "")
    if m is None:
        return []
    out = []
    for part in re.split(r",\s+", sentence[m.end():].strip().rstrip(".")):
        cell = _ROW_CELL_RE.fullmatch(part.strip())
        if cell is None:
            return []
        out.append((cell.group("label"), cell.group("value")))
    return out


@dataclass(frozen=True, slots=True)
class TableRow:
    """A data row of a table: its line's offsets (``text[start:end]`` is the line, without its line break) and
    its cells, stripped."""

    start: int
    end: int
    cells: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PipeTable:
    """A simple pipe table: ``start`` is the offset of its header line, ``header`` its column names, ``rows`` its
    data rows (at most :data:`MAX_ROWS`). ``text[start:row.end]`` is the table from its header to ``row``."""

    start: int
    header: tuple[str, ...]
    rows: tuple[TableRow, ...]
    #: the name the table is about when its first line is a caption, not a header (:func:`caption_of`: "| Tavelmor
    #: Light | |" over "| Height | 31 m |", an infobox): its rows are figures of that name, as a key-value table's
    caption: str = ""


#: a word of a cell, a number written with separators one ("10:15", "1,450", "14.5", "2/3")
_VALUE_WORD_RE = re.compile(r"\d+(?:[.,:/]\d+)*|[^\W_]+(?:['’.\-][^\W_]+)*")
#: where a cell's list of values splits: a comma or semicolon before a space, "and", "or", "&"
_VALUE_LIST_SPLIT_RE = re.compile(r"\s*[,;]\s+|\s+(?:and|or|&)\s+")
#: most words a value of a list has ("14 March 1963", "24 t", "£9.00 per child")
_VALUE_WORDS = 3


def _cell_words(cell: str) -> int:
    """How many words ``cell`` counts against :data:`MAX_CELL_WORDS`: a number with its separators is one word
    ("10:15", "1,450"), and a list of values (two or more parts split at commas, "and", "or", each holding a digit
    in at most :data:`_VALUE_WORDS` words: a time, a date, a number with its unit) is no prose: it counts as its
    longest value ("10:15, 12:00, 13:45, 15:30" counts 1); a cell of text counts all its words."""
    parts = [p for p in _VALUE_LIST_SPLIT_RE.split(cell.strip()) if p]
    counts = [len(_VALUE_WORD_RE.findall(p)) for p in parts]
    if len(parts) >= 2 and all(any(ch.isdigit() for ch in p) and n <= _VALUE_WORDS for p, n in zip(parts, counts)):
        return max(counts)
    return sum(counts)


def _cells(inner: str) -> tuple[str, ...]:
    return tuple(c.strip() for c in inner.split("|"))


log = logging.getLogger("assay.tables")

#: a column's name: a word of two letters or more ("Year", "Prize money", "No."); a lone letter names no column
_NAME_WORD_RE = re.compile(r"[^\W\d_]{2,}")


def _named_apart(header: tuple[str, ...]) -> bool:
    """Whether each column of ``header`` has a name of its own: a word of two letters or more in each
    (:data:`_NAME_WORD_RE`; the first, the rows' labels, may be unnamed: "| | Kelt One | Kelt Two |" over "| Weight
    | 4 kg | 5 kg |"), no name twice (case aside). A grid of lettered columns ("| a | b | c |") or a layout table
    repeating a cell across its top is no table of named values."""
    names = [" ".join(h.lower().split()) for h in header if h]
    return (not header[0] or bool(_NAME_WORD_RE.search(header[0]))) \
        and all(_NAME_WORD_RE.search(h) for h in header[1:]) and len(set(names)) == len(names)


def _unread_reason(header: tuple[str, ...], rows: list[TableRow]) -> str | None:
    """Why a table of ``header`` and ``rows`` is not one of values, None when it is: 2..MAX_COLUMNS columns each
    named apart (:func:`_named_apart`; a header of a label column and period columns, :func:`period_columns`,
    names them too), no cell longer than :data:`MAX_CELL_WORDS` words (:func:`_cell_words`: a list of values is no
    prose; a row's label, its first cell: :data:`MAX_LABEL_WORDS`), rows as wide as the header, a digit in some
    row. The reason is a short phrase for the debug log ("12 columns (read: 2 to 10)")."""
    if not 2 <= len(header) <= MAX_COLUMNS:
        return f"{len(header)} columns (read: 2 to {MAX_COLUMNS})"
    if not _named_apart(header) and not period_columns(header):
        return "its columns are not each named apart (a grid or a layout table)"
    if not rows or any(len(r.cells) != len(header) for r in rows):
        return "no rows, or a row of another width than the header"
    cells = [*header, *(c for r in rows for c in r.cells[1:])]
    if any(_cell_words(c) > MAX_CELL_WORDS for c in cells) \
            or any(len(_WORD_RE.findall(r.cells[0])) > MAX_LABEL_WORDS for r in rows):
        return "a cell of text, not a value"
    if not any(ch.isdigit() for r in rows for c in r.cells for ch in c):
        return "no digit in any row"
    return None


def caption_of(header: tuple[str, ...]) -> str:
    """The caption a table's first line gives when it is one rather than a header: one non-empty cell of words
    spanning the table's two columns ("| Tavelmor Light | |", an infobox's title row, as the scraper writes a
    ``<th colspan=2>``), the name its key-value rows are about; "" for any other line."""
    if len(header) != 2 or not header[0] or header[1] or not any(ch.isalpha() for ch in header[0]):
        return ""
    return header[0] if len(_WORD_RE.findall(header[0])) <= MAX_LABEL_WORDS else ""


def _caption_rows(rows: list[TableRow]) -> list[TableRow]:
    """The rows of a captioned table (:func:`caption_of`) that are read: two cells, a label of words (at most
    :data:`MAX_LABEL_WORDS`) and a value of at most :data:`MAX_CELL_WORDS` words (an infobox mixes figures with a
    line of text, "Fate | Wrecked on the reef off the cape in a gale, 1937", which is left out, not the table);
    none when a row is of another width or no row kept holds a digit."""
    if any(len(r.cells) != 2 for r in rows):
        return []
    kept = [r for r in rows if r.cells[0] and r.cells[1] and any(ch.isalpha() for ch in r.cells[0])
            and len(_WORD_RE.findall(r.cells[0])) <= MAX_LABEL_WORDS
            and _cell_words(r.cells[1]) <= MAX_CELL_WORDS]
    return kept if any(ch.isdigit() for r in kept for ch in r.cells[1]) else []


def pipe_tables(text: str) -> list[PipeTable]:
    """The simple pipe tables of ``text`` whose rows are read (see the module docstring), in text order: a line
    ``| a | b |`` directly followed by a separator line ``|---|:--:|`` and data lines of the same form, each on
    the next line, up to the next table's header line. A first line that is a caption (:func:`caption_of`: "|
    Tavelmor Light | |") names what the key-value rows below it are of (:attr:`PipeTable.caption`); their rows
    with a long value are left out (:func:`_caption_rows`)."""
    if "|" not in text or "-" not in text:
        return []
    lines = [(m.start(), m.end(), _cells(m.group("cells"))) for m in _ROW_RE.finditer(text)]

    def opens_table(k: int) -> bool:
        """Whether line ``k`` is a table's header: the next line, right after it, is its separator line."""
        if k + 1 >= len(lines):
            return False
        _, end, header = lines[k]
        sep_start, _, sep = lines[k + 1]
        return not text[end:sep_start].strip() and len(sep) == len(header) \
            and all(_SEPARATOR_CELL_RE.fullmatch(c) for c in sep)

    out: list[PipeTable] = []
    i = 0
    while i + 1 < len(lines):
        start = lines[i][0]
        header = lines[i][2]
        if not opens_table(i):
            i += 1
            continue
        rows: list[TableRow] = []
        j, last = i + 2, lines[i + 1][1]
        # the rows run on to the next table's header (two tables with only a blank line between them, where the
        # page's heading over the second was dropped, are two tables: "| Ticket | Price |" is no row of "| Day |
        # Hours |")
        while j < len(lines) and not text[last:lines[j][0]].strip() and not opens_table(j):
            rows.append(TableRow(start=lines[j][0], end=lines[j][1], cells=lines[j][2]))
            last = lines[j][1]
            j += 1
        if caption := caption_of(header):
            if kept := _caption_rows(rows):
                out.append(PipeTable(start=start, header=header, rows=tuple(kept[:MAX_ROWS]), caption=caption))
            else:
                log.debug("captioned table at offset %d not read: no two-cell row of a label and a value with a "
                          "digit (caption %s)", start, caption[:200])
        elif (reason := _unread_reason(header, rows)) is None:
            out.append(PipeTable(start=start, header=header, rows=tuple(rows[:MAX_ROWS])))
        else:
            log.debug("table at offset %d not read as values: %s (header %s)", start, reason,
                      " | ".join(header)[:200])
        i = max(j, i + 1)
    return out


#: generic names of a key-value table's label column ("Item", "Property") and of its value column ("Value",
#: "Detail"): such a header says nothing a row's sentence should carry ("Item Elevation: value 3,112 m.")
_KEY_COLUMNS = frozenset({"attribute", "aspect", "characteristic", "feature", "field", "item", "key", "name",
                          "parameter", "property", "setting", "spec", "specification"})
_VALUE_COLUMNS = frozenset({"data", "description", "detail", "details", "fact", "facts", "figure", "info",
                            "information", "spec", "specification", "specifications", "specs", "value", "values"})


#: generic names a label column may have: :data:`_KEY_COLUMNS`, and a value column's generic word standing for the
#: rows' labels ("| Fact | Value |", "| Detail | Value |", "| Fact | <name> |"), never "Value" itself
_LABEL_COLUMNS = _KEY_COLUMNS | (_VALUE_COLUMNS - {"value", "values"})


def key_value(header: tuple[str, ...]) -> bool:
    """Whether ``header`` is a key-value table's generic one: two columns, a generic label column and a generic
    value column ("Item | Value", "Property | Value", "Attribute | Detail", "Feature | Specification"), so that
    each row is one figure of the page's subject ("| Elevation | 3,112 m |"); a label column may carry a value
    column's generic word ("Fact | Value", "Detail | Value": :data:`_LABEL_COLUMNS`); "Year | Members" is not one."""
    return (len(header) == 2 and header[0].strip().lower() in _LABEL_COLUMNS
            and header[1].strip().lower() in _VALUE_COLUMNS and header[0].strip().lower() != header[1].strip().lower())


def period_columns(header: tuple[str, ...]) -> bool:
    """Whether ``header`` is a series' one: a label column (its name has a letter, or it is empty) and one column or
    more per period, each a year or another period alone ("| Indicator | 2023 | 2024 |", "| Region | FY2023 |
    FY2024 |", "| | 2023/24 | Q1 2024 |"): an annual report's key figures, each row one measure's figure per
    period."""
    return (len(header) >= 2 and (not header[0] or any(ch.isalpha() for ch in header[0]))
            and all(_PERIOD_CELL_RE.fullmatch(h) for h in header[1:]))


#: names of a series table's label column when each row is a measure (visitors, staff, revenue) of the page's
#: subject rather than a thing of its own ("| Region | 2023 |" over "| North | 1,200 |"), as well as
#: :data:`_KEY_COLUMNS` and an empty name
_MEASURE_COLUMNS = frozenset({"", "figure", "figures", "indicator", "indicators", "key figure", "key figures", "kpi",
                              "kpis", "measure", "measures", "metric", "metrics", "statistic", "statistics"})


def period_figures(header: tuple[str, ...]) -> bool:
    """Whether ``header`` is a series table's (:func:`period_columns`) whose rows are the measures of one subject,
    the page's: its label column generic ("Indicator", "Key figures", "Metric", "Item" or empty:
    :data:`_MEASURE_COLUMNS`, :data:`_KEY_COLUMNS`), so that a row names neither whose figures it gives (the lines
    before the table do: :func:`context_start`)."""
    label = " ".join(header[0].lower().split()) if header else ""
    return period_columns(header) and (label in _MEASURE_COLUMNS or label in _KEY_COLUMNS)


def period_sentences(header: tuple[str, ...], row: TableRow, subject: str | None = None) -> list[str]:
    """A row of a series table (:func:`period_columns`) read as one sentence per period with a value, so that a
    question about one year finds its figure: a measure of ``subject`` ("Kestrin Observatory: visitors 24,750 in
    2023.", the label in lower case unless an abbreviation) when the label column is generic
    (:func:`period_figures`), else the row's thing read with the label column's name ("Region North: 1,200 in
    FY2023."). Empty when the row has no label, or a measure row has no ``subject`` (a measure and a value alone
    name nothing)."""
    if not row.cells[0]:
        return []
    measures = period_figures(header)
    if measures and not subject:
        return []
    out = []
    for period, value in zip(header[1:], row.cells[1:]):
        if not value:
            continue
        if measures:
            out.append(f"{subject}: {_lowered(row.cells[0])} {value} in {period}.")
        else:
            out.append(f"{header[0]} {row.cells[0]}: {value} in {period}.")
    return out


def row_sentence(header: tuple[str, ...], row: TableRow, subject: str | None = None) -> str | None:
    """``row`` read with ``header`` as one sentence: the first column's name and value, a colon, then each other
    column's name (lower case unless it is an abbreviation) and value: "Year 2024: registered members 203.".
    A row of a key-value table (:func:`key_value`) is read without the header's generic words, as a figure of
    ``subject`` (the page's subject): "Hollin Lodge: floor area 240 m²." (None without a subject: a label and a
    value alone name nothing). None when the row's first cell is empty (no label to read it by); an empty cell
    of another column is left out, and so is a row with no other value; an unnamed first column reads the row's
    label alone ("| | Price |" over "| Adult | €7 |" -> "Adult: price €7.")."""
    if not row.cells[0]:
        return None
    if key_value(header):
        if not subject or not row.cells[1]:
            return None
        return figure_sentence(subject, row.cells[0], row.cells[1])
    rest = [f"{_lowered(h)} {c}" for h, c in zip(header[1:], row.cells[1:]) if c]
    if not rest:
        return None
    return f"{header[0]} {row.cells[0]}: {', '.join(rest)}.".lstrip()


#: names of a comparison table's label column when its other columns are the things compared, one each ("| Model |
#: Lumora Trail 1200 | Brennix Beam 800 |" over "| Weight | 146 g | 119 g |"), as well as :data:`_KEY_COLUMNS`
_THING_COLUMNS = frozenset({"model", "models", "product", "products", "device", "devices", "", "spec", "specs"})


def _names_a_thing(cell: str) -> bool:
    """Whether a header cell is a proper name ("Lumora Trail 1200", "iPhone 15", "Zarro Spark 600"), not a column's
    name ("Weight", "Measured runtime") nor a bare number or year ("2024"): two words or more, every word after
    the first capitalised or holding a digit."""
    words = cell.split()
    return (len(words) >= 2 and any(ch.isalpha() for ch in words[0])
            and all(w[:1].isupper() or any(ch.isdigit() for ch in w) for w in words[1:]))


def column_thing(header: tuple[str, ...]) -> str | None:
    """The thing a two-column table of one thing's figures is about when its header names it: a generic label
    column (:data:`_THING_COLUMNS`, :data:`_LABEL_COLUMNS`: "| Fact | Orrin Choir |"), then a proper name (:func:`_names_a_thing`) that is no
    generic value column's name: "| Specification | Kelt One PDO |" over "| Wheel weight | 4 kg |" -> "Kelt One
    PDO" (each row a figure of it: "Kelt One PDO: wheel weight 4 kg."); None for any other header ("| Feature |
    Typical Value |", "| Ticket | Price |")."""
    if len(header) != 2 or header[0].strip().lower() not in _THING_COLUMNS | _LABEL_COLUMNS \
            or not _names_a_thing(header[1]) or any(w.lower() in _VALUE_COLUMNS for w in header[1].split()):
        return None
    return header[1]


def column_sentences(header: tuple[str, ...], rows: tuple[TableRow, ...]) -> list[str] | None:
    """A comparison table of one thing per column (a header of a generic label column, :data:`_THING_COLUMNS`,
    then two or more proper names: :func:`_names_a_thing`) read as one sentence per thing, its rows' labels (lower
    case unless an abbreviation) and values: "Lumora Trail 1200: measured runtime 155 min, weight 146 g." (the
    names keep their case). A thing without any value is left out. None when the table is no such table (its rows
    are read one by one: :func:`row_sentence`)."""
    label = header[0].strip().lower()
    if (label not in _THING_COLUMNS and label not in _KEY_COLUMNS) or len(header) < 3 \
            or not all(_names_a_thing(h) for h in header[1:]):
        return None
    out = []
    for i, thing in enumerate(header[1:], start=1):
        figures = [f"{_lowered(r.cells[0])} {r.cells[i]}" for r in rows if r.cells[0] and r.cells[i]]
        if figures:
            out.append(f"{thing}: {', '.join(figures)}.")
    return out


def figure_sentence(subject: str, label: str, value: str) -> str:
    """A key-value row read as a figure of ``subject``: ("Hollin Lodge", "Floor area", "240 m²") -> "Hollin Lodge:
    floor area 240 m²." (the label in lower case unless it opens with an abbreviation)."""
    return f"{subject}: {_lowered(label)} {value}."


#: a sentence as :func:`figure_sentence` and :func:`period_sentences` write it: a name, a colon, a label of words,
#: then its value ("Hollin Lodge: floor area 240 m².", "Kestrin Observatory: visitors 24,750 in 2023.")
_FIGURE_SENTENCE_RE = re.compile(r"^[^:\n]{1,120}:[ \t]+(?P<label>[^\W\d_][^\d:\n]{0,80}?)[ \t]+\d")


def figure_value_at(sentence: str) -> int | None:
    """Where the value of a figure sentence (:func:`figure_sentence`, :func:`period_sentences`) starts, as an index
    into ``sentence`` as given ("Hollin Lodge: rooms 1240." -> 20, the "1"); None for any other sentence."""
    m = _FIGURE_SENTENCE_RE.match(sentence)
    return m.end() - 1 if m else None


def figure_label(sentence: str) -> frozenset[str]:
    """The tokens of the label of a figure sentence (:func:`figure_sentence`, :func:`period_sentences`): "Hollin
    Lodge: floor area 240 m²." -> {"floor", "area"} (as :func:`~shared.text.tokens.tokenize` gives them); empty for
    any other sentence (:func:`figures_apart` tells when two labels measure two things)."""
    m = _FIGURE_SENTENCE_RE.match(sentence.strip())
    return frozenset(tokenize(m.group("label"))) if m else frozenset()


#: the period a series table's sentence closes with ("Kestrin Observatory: visitors 24,750 in 2023." -> "2023")
_PERIOD_TAIL_RE = re.compile(r"[ \t]in[ \t]+(?P<period>(?:[A-Z]\d[ \t]+)?[^\s.]*?(?<!\d)(?P<year>(?:1[5-9]|20)\d{2})(?!\d)[^\s.]*"
                             r"(?:[ \t]+[A-Z]\d)?)\.?[ \t]*$")


def period_year(sentence: str) -> int | None:
    """The year a figure sentence of a series table (:func:`period_sentences`, with a :func:`figure_label`) is of:
    "Kestrin Observatory: visitors 24,750 in 2023." -> 2023, "...: 1,120 in FY2024." -> 2024 (the first year a
    period writes: "2023/24" -> 2023); None for any other sentence."""
    if not figure_label(sentence):
        return None
    m = _PERIOD_TAIL_RE.search(sentence.strip())
    return int(m.group("year")) if m else None


def _figure_of(sentence: str) -> tuple[frozenset[str], tuple[str, ...]] | None:
    """The label tokens (:func:`figure_label`) of a figure sentence and the kinds of its value
    (:func:`~shared.text.quantity.figure_kind`, a bare number read as ``("count",)``); None for any other sentence."""
    text = sentence.strip()
    start = figure_value_at(text)
    if start is None:
        return None
    value = re.match(r"\d[\d,.]*", text[start:])
    end = start + (value.end() if value else 1)
    return figure_label(text), figure_kind(text, start, end) or ("count",)


def figures_apart(a: str, b: str) -> bool:
    """Whether two figure sentences of one name (:func:`figure_sentence`, :func:`period_sentences`) measure two
    different things, so their values never disagree: labels sharing no token and values of different kinds (an
    area against a count: "X: area 18 hectares." / "X: animals 1,240."), or both counts whose labels name no
    counted noun in common, not even a near-synonym (:func:`~shared.text.synonyms.same_thing`: "X: species 164." /
    "X: visitors 389,000 in 2023."). Two figures of one kind under labels of other words are one measure ("X: area
    18 hectares." / "X: size 25 hectares."; "X: staff 120." / "X: employees 180."): False, as for any sentence that
    is no figure sentence. Labels sharing a word but each qualifying it with one of its own ("top elevation" / "base
    elevation") measure two things: True."""
    fa, fb = _figure_of(a), _figure_of(b)
    if fa is None or fb is None:
        return False
    if fa[0] & fb[0]:
        # one measure qualified two ways, each label with a word the other lacks ("X: top elevation 1960 m." / "X:
        # base elevation 870 m.", "adult price" / "child price"): two figures of one record, never one value
        return bool(fa[0] - fb[0]) and bool(fb[0] - fa[0])
    if not set(fa[1]) & set(fb[1]):
        return True
    if "count" not in fa[1] or "count" not in fb[1]:
        return False
    return not any(same_thing(x, y) for x in fa[0] for y in fb[0])


def _lowered(name: str) -> str:
    """A column's name inside a sentence: "Registered members" -> "registered members"; "GDP" and "CO2" stay."""
    first = name.split()[0] if name.split() else name
    return name if first.isupper() or any(ch.isdigit() for ch in first) else name[:1].lower() + name[1:]


#: a line of a key-value spec list ("Weight | 1.1 lb", "Boil time | 210 seconds"): a label of up to four words and
#: a quantity, a number and its unit ("0.6 l", "1,000 W", "3.5 min"), the unit maybe of one thing ("Capacity | 40
#: passengers per car", "Fuel | 6 l a day"): a date or a bare number is no spec value
_SPEC_LINE_RE = re.compile(r"(?m)^[ \t]*(?P<label>[^\W\d_][^\W\d_'’-]*(?:[ '’-][^\W\d_]+){0,3})[ \t]*\|[ \t]*"
                           r"(?P<value>(?:(?:ca\.|c\.|about|approx\.|approximately|around|~|≈)\s*)?\d[\d.,]*\s*"
                           r"(?:%|‰|[^\W\d_][^\W\d_]{0,11}(?:/[^\W\d_]{1,6})?[²³]?)"
                           r"(?:\s+(?:per|a|an|each)\s+[^\W\d_][^\W\d_]{0,11})?\.?)"
                           r"[ \t]*$")
#: characters of text before a spec list that its rows' evidence spans take in: the page's heading or the sentence
#: naming whose figures they are
SPEC_CONTEXT = 600


def context_start(text: str, first: int) -> int:
    """Where the evidence span of a row of a list or table starting at offset ``first`` of ``text`` starts when
    the row names no subject: the start of the line up to :data:`SPEC_CONTEXT` characters before ``first`` (the
    page's heading or the sentence naming whose figures they are), 0 when ``first`` is that close to the start."""
    return 0 if first <= SPEC_CONTEXT else text.rfind("\n", 0, first - SPEC_CONTEXT) + 1


@dataclass(frozen=True, slots=True)
class SpecRow:
    """A row of a key-value spec list: ``text[start:end]`` is its evidence span (up to :data:`SPEC_CONTEXT`
    characters of lines before the list, the list's rows before it, and the row), ``row_start`` where its own line
    starts, ``label`` and ``value`` its two cells."""

    start: int
    row_start: int
    end: int
    label: str
    value: str


def spec_rows(text: str) -> list[SpecRow]:
    """The rows of ``text``'s key-value spec lists, in text order: two or more lines "label | quantity" one after
    another (:data:`_SPEC_LINE_RE`; a page's table of one product's figures, as the scraper writes a table without
    a header row), at most :data:`MAX_ROWS` per list. A row alone names neither whose figure it is nor of what: its
    span takes in the lines before the list (:data:`SPEC_CONTEXT`), where the page names its product."""
    out: list[SpecRow] = []
    for run in _line_runs(text, list(_SPEC_LINE_RE.finditer(text))):
        start = context_start(text, run[0].start())
        out += [SpecRow(start=start, row_start=m.start(), end=m.end(), label=m.group("label").strip(),
                        value=m.group("value").strip()) for m in run[:MAX_ROWS]]
    return out


def _line_runs(text: str, lines: list[re.Match[str]]) -> list[list[re.Match[str]]]:
    """The runs of two or more of ``lines`` (matches of whole lines of ``text``, in text order) that follow one
    another with nothing but a line break between them, in text order; a line alone is in no run."""
    runs: list[list[re.Match[str]]] = []
    i = 0
    while i < len(lines):
        j = i + 1
        while j < len(lines) and text[lines[j - 1].end():lines[j].start()] == "\n":
            j += 1
        if j - i >= 2:
            runs.append(lines[i:j])
        i = j
    return runs


#: a line of a label and a count alone ("visitors 24,750", "Visitors: 24,750", "Attendance (2023): 24,750", "Guided
#: tours 2023: 412"): a label of one to three words, a year after it (in brackets or not), a colon or none, and a
#: number with no unit after it
_COUNT_LINE_RE = re.compile(
    r"(?m)^[ \t]*(?P<label>[^\W\d_][^\W\d_'’-]*(?:[ '’-][^\W\d_]+){0,2}(?:[ \t]+\(?(?:in[ \t]+)?(?:1[89]|20)\d\d\)?)?)"
    r"[ \t]*:?[ \t]+(?P<value>\d{1,3}(?:,\d{3})+|\d+)\.?[ \t]*$")
_YEAR_CELL_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")


def labelled_values(table: PipeTable) -> bool:
    """Whether ``table`` is a two-column table of labelled values other than a key-value one: each row's first cell
    a label of words with no year ("| Adult | €7.00 |" under "| Ticket | Price |"), so that a row names neither
    whose value it is nor of what (the lines above the table do: :func:`context_start`); "| 2024 | 203 |" is a
    series, not one."""
    return (len(table.header) == 2 and not key_value(table.header) and bool(table.rows)
            and all(r.cells[0] and any(ch.isalpha() for ch in r.cells[0]) and not _YEAR_CELL_RE.search(r.cells[0])
                    for r in table.rows))


#: a list item's line: a marker ("- ", "* ", "• ", "+ ", "3. ", "3) ") and its text
_ITEM_LINE_RE = re.compile(r"(?m)^[ \t]*(?:[-*•+]|\d{1,2}[.)])[ \t]+(?P<body>[^\s|#>][^\n]*?)[ \t]*$")


#: a line of text (no list marker, table row, heading or quote)
_PLAIN_LINE_RE = re.compile(r"(?m)^[ \t]*(?P<body>[^\s|#>\-*•+][^\n]*?)[ \t]*$")


#: the label of a record's row that names the record ("Name: Big Ada"): the rows after it in its run are that
#: thing's (a nested record of a JSON file, a fact box's part of the page's subject)
NAME_LABELS = frozenset({"name"})


def label_lines(text: str) -> list[SpecRow]:
    """The lines of ``text``'s runs of two or more label lines, one after another
    (:func:`~shared.text.tokens.is_label_line`: "Founded: 1887" over "Date listed: 1987-09-02", a fact sheet's or a
    JSON record's members), in text order. Like a row of a spec list (:class:`SpecRow`) a line names neither whose
    figure it is nor of what: its span takes in the lines before it (:data:`SPEC_CONTEXT`), where the page names its
    subject; a line after its run's "Name: <name>" row (:data:`NAME_LABELS`) is that thing's, and its span starts
    at that row ("Name: Orla Cup" / "First held: 1952"), never at the whole record before it (trial t71 Q02: a
    claim's evidence was a JSON record's 314 characters). ``label`` and ``value`` the two sides of its first colon."""
    out: list[SpecRow] = []
    named = named_rows(text)
    for run in _line_runs(text, [m for m in _PLAIN_LINE_RE.finditer(text) if is_label_line(m.group("body"))]):
        for m in run:
            label, _, value = m.group("body").partition(":")
            start = named.get(m.start("body"), context_start(text, m.start()))
            out.append(SpecRow(start=start, row_start=m.start("body"), end=m.end("body"), label=label.strip(),
                               value=value.strip()))
    return out


def named_rows(text: str) -> dict[int, int]:
    """The rows of ``text``'s runs of label lines (:func:`label_lines`) that follow their run's "Name: <name>" row
    (:data:`NAME_LABELS`): where each row's text starts -> where that name row starts. Such a row is the named
    thing's (a nested record of a JSON file: "Name: Orla Cup" / "First held: 1952"); its evidence span starts at the
    name row. Empty when no run has a name row."""
    out: dict[int, int] = {}
    for run in _line_runs(text, [m for m in _PLAIN_LINE_RE.finditer(text) if is_label_line(m.group("body"))]):
        name: int | None = None
        for m in run:
            if name is not None:
                out[m.start("body")] = name
                continue
            label, _, value = m.group("body").partition(":")
            if label.strip().casefold() in NAME_LABELS and value.strip():
                name = m.start("body")
    return out


def list_items(text: str) -> list[SpecRow]:
    """The items of ``text``'s lists, in text order: each line opening with a list marker ("- Sunday: 11:00-16:00",
    "3. Closed on Mondays"). An item alone names neither whose it is nor of what (an opening-hours list's "Monday:
    closed"): like a spec row (:class:`SpecRow`) its span takes in the lines before it (:data:`SPEC_CONTEXT`: the
    list's lead line, its heading and the page's subject). ``label`` is the item's text, ``value`` empty."""
    return [SpecRow(start=context_start(text, m.start()), row_start=m.start(), end=m.end(),
                    label=m.group("body"), value="") for m in _ITEM_LINE_RE.finditer(text)]


#: count attributes whose label names what a bare number counts ("Attendance: 24,750", "Population 12,400")
_COUNT_LABELS = frozenset(w for w, kinds in ATTRIBUTE_KINDS.items() if kinds == ("count",))


def count_lines(text: str) -> list[SpecRow]:
    """The lines of ``text`` that give a count under a label alone (:data:`_COUNT_LINE_RE`: "visitors 24,750",
    "Visitors: 24,750", "Attendance (2023): 24,750"), in text order: the label's last word a plural noun ("visitors",
    "guided tours") or a count attribute ("attendance", "population", "membership"), the number no year ("Founded
    1921" dates, "Room 12" and "Chapter 3" name: their label is no plural). Like a row of a spec list (:class:`SpecRow`)
    the line names neither whose count it is nor of when: its span takes in the lines before it
    (:data:`SPEC_CONTEXT`), where the page names its subject, or starts at its record's name row (:func:`named_rows`);
    ``label`` keeps the year written after it."""
    out: list[SpecRow] = []
    named: dict[int, int] | None = None
    for m in _COUNT_LINE_RE.finditer(text):
        value = m.group("value")
        if re.fullmatch(r"(?:1[89]|20)\d\d", value):
            continue
        words = re.findall(r"[^\W\d_][^\W\d_'’-]*", m.group("label"))
        last = words[-1].lower() if words else ""
        toks = tokenize(last)
        plural = last.endswith("s") and bool(toks) and toks[-1] != last
        if not (plural or last in _COUNT_LABELS) or words[0].lower() in ("in", "on", "at", "of", "by"):
            continue
        if named is None:
            named = named_rows(text)
        # (a record's row after its "Name: <name>" row is that thing's: its span starts at the name row)
        start = named.get(m.start("label"), context_start(text, m.start()))
        out.append(SpecRow(start=start, row_start=m.start("label"), end=m.end(), label=m.group("label").strip(),
                           value=value))
    return out


#: an item of a by-year list: a year, a dash or colon, and a value running to the next item's year or the end of the
#: list ("2023 - Malin Ostergaard", "- 2023: Ada Sarnow"); items stand one a line, or one after another on a line
#: where a reader joined the list's lines; groups "year" and "value"
_YEAR_ITEM_RE = re.compile(r"(?:^|(?<=\s))(?:[-*•+][ \t]+)?(?P<year>(?:1[6-9]|20)\d\d)[ \t]*[-–—:][ \t]*"
                           r"(?P<value>[^\s.](?:(?!\s(?:[-*•+][ \t]+)?(?:1[6-9]|20)\d\d[ \t]*[-–—:]).)*?)"
                           r"[ \t]*\.?(?=\s*$|\s+(?:[-*•+][ \t]+)?(?:1[6-9]|20)\d\d[ \t]*[-–—:])", re.S)
#: the heading line right before such a list ("Past champions of the Quillhaven Open:", "## Winners"): a short line
#: closing with a colon, or a Markdown heading; group "head" its text
_LIST_HEADING_RE = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+(?P<hashed>[^\n]+?)|(?P<colon>[^\n#|]+?):)[ \t]*$")
#: a heading's column and the thing whose list it is ("Past champions of the Quillhaven Open")
_HEADING_OWNER_RE = re.compile(r"^(?P<column>[^\W\d_][\w' -]*?)\s+(?:of|for|at)\s+(?:the\s+)?"
                               r"(?P<owner>(?-i:[A-Z])[\w ]*[^\W_])$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class YearListRow:
    """A line of a by-year list read as a by-year table row (:func:`year_list_rows`): ``text`` the sentence,
    ``text[start:end]`` of the page its evidence (the list's heading to the line), ``row_start`` where the line
    starts."""

    start: int
    row_start: int
    end: int
    text: str


def _singular(word: str) -> str:
    """A plural noun's singular, by its ending ("champions" -> "champion", "entries" -> "entry"); other words as
    they are."""
    low = word.lower()
    if len(low) > 4 and low.endswith("ies"):
        return word[:-3] + "y"
    if len(low) > 3 and low.endswith("s") and not low.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def year_list_rows(text: str) -> list[YearListRow]:
    """The items of ``text``'s by-year lists read as by-year table rows (:data:`YEAR_ROW_RE`), in text order: a
    paragraph of two or more items "<year> - <value>" and nothing else (:data:`_YEAR_ITEM_RE`; a dash or a colon, a
    list marker or none, one a line or one after another on a line, each value at most :data:`MAX_CELL_WORDS`
    words) right under a heading (a line closing with a colon, or a Markdown heading) naming what the values are.
    The heading's column, its last word made singular, names the value; the thing it is "of" opens the row: "Past
    champions of the Quillhaven Open:" over "2023 - Malin Ostergaard" -> "Quillhaven Open 2023: past champion Malin
    Ostergaard."; "Winners:" over "2019 - Ada Sarnow" -> "Year 2019: winner Ada Sarnow.". Each row's evidence is the
    heading to its item. One item alone, items of prose (a value of more words) or a list with no heading give
    none. Never raises."""
    out: list[YearListRow] = []
    text = text or ""
    for para in re.finditer(r"[^\n]+(?:\n[^\n]+)*", text):
        first_nl = para.group(0).find("\n")
        if first_nl < 0:
            continue
        heading = _LIST_HEADING_RE.match(para.group(0)[:first_nl])
        body_start = para.start() + first_nl + 1
        items = list(_YEAR_ITEM_RE.finditer(text, body_start, para.end()))
        if heading is None or len(items) < 2 or items[0].start() != body_start \
                or any(len(m.group("value").split()) > MAX_CELL_WORDS for m in items) \
                or any(text[a.end():b.start()].strip() for a, b in zip(items, items[1:])) \
                or text[items[-1].end():para.end()].strip():
            continue
        words = (heading.group("hashed") or heading.group("colon") or "").strip().rstrip(":").strip()
        if not words or len(words.split()) > MAX_LABEL_WORDS:
            continue
        owned = _HEADING_OWNER_RE.match(words)
        column, owner = (owned.group("column"), owned.group("owner")) if owned else (words, "Year")
        if len(owner) > 30:
            owner = "Year"
        column_words = column.split()
        column = " ".join([*(w.lower() for w in column_words[:-1]), _singular(column_words[-1]).lower()])
        for m in items:
            out.append(YearListRow(start=para.start(), row_start=m.start(), end=m.end(),
                                   text=f"{owner} {m.group('year')}: {column} {m.group('value').strip()}."))
    return out
