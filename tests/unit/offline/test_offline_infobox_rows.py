"""A key-value table without a header row (an infobox or technical-data table: a ``<th>`` label and a ``<td>`` value
per row) beside a page's prose: its rows are lines of one block in the page's text, so each row with a quantity is a
claim of the page's subject whatever the prose around it, and the row the question asks for is kept under the cap
(issue 9, trial t52 F1: the encyclopedia's "Length 1,140 m" and "Height difference 312 m" gave no claim, the page's
eight claims all prose, so a blog's wrong length led at high confidence) (``services.scraper.fetch._content``,
``shared.text.tables.spec_rows``, ``services.claim_extractor.offline.extract_claims``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html
from shared.text.tables import spec_rows

PROSE = ("Trains run every twenty minutes from April to October. The lower station stands beside the harbour wall. "
         "The upper station has a tea room and a small garden. Tickets are sold at the lower station only. "
         "Prams are carried free of charge on every car. Dogs must be kept on a short lead. The line closes in high "
         "winds. Guided tours of the winding house are offered on Saturdays. The cars are painted maroon and gold.")


def _page(rows: list[tuple[str, str]]) -> str:
    table = "".join(f"<tr><th>{label}</th><td>{value}</td></tr>" for label, value in rows)
    return ("<!DOCTYPE html><html lang='en'><head><title>Brannoch Cliff Railway</title></head><body>"
            "<h1>Brannoch Cliff Railway</h1><p>The Brannoch Cliff Railway is a water-balanced funicular in the "
            f"fishing town of Brannoch.</p><h2>Technical data</h2><table>{table}</table><p>{PROSE}</p></body></html>")


INFOBOX = _page([("Length", "268 m"), ("Height difference", "94 m"), ("Maximum gradient", "61 %"),
                 ("Gauge", "1,435 mm"), ("Journey time", "about 3 minutes")])


def test_the_rows_of_a_table_without_a_header_row_are_one_block() -> None:
    text = extract_html(INFOBOX).text
    assert "Length | 268 m\nHeight difference | 94 m\nMaximum gradient | 61 %\nGauge | 1,435 mm\n" in text
    assert [(r.label, r.value) for r in spec_rows(text)] == [
        ("Length", "268 m"), ("Height difference", "94 m"), ("Maximum gradient", "61 %"), ("Gauge", "1,435 mm"),
        ("Journey time", "about 3 minutes")]


def test_the_asked_row_is_a_claim_beside_more_prose_than_the_cap() -> None:
    content = extract_html(INFOBOX)
    for focus, row in (("What is the height difference of the Brannoch Cliff Railway?", "height difference 94 m"),
                       ("How long is the track of the Brannoch Cliff Railway?", "length 268 m"),
                       (None, "gauge 1,435 mm")):
        texts = [c.text for c in extract_claims(content.text, title=content.title, max_claims=8, focus=focus)]
        assert f"The Brannoch Cliff Railway: {row}." in texts, (focus, texts)
        assert sum(not t.startswith("The Brannoch Cliff Railway:") for t in texts) == 8  # the prose, capped apart


def test_a_long_table_keeps_the_row_the_question_asks_for() -> None:
    rows = [(f"{name}", f"{i + 2} m") for i, name in enumerate(
        ("Track width", "Platform length", "Car length", "Car width", "Car height", "Rope diameter", "Wheel span",
         "Buffer length", "Cabin depth", "Step height", "Headroom"))] + [("Height difference", "94 m")]
    content = extract_html(_page(rows))
    texts = [c.text for c in extract_claims(content.text, title=content.title, max_claims=8,
                                            focus="What is the height difference of the Brannoch Cliff Railway?")]
    assert "The Brannoch Cliff Railway: height difference 94 m." in texts, texts
    assert sum(t.startswith("The Brannoch Cliff Railway:") for t in texts) == 8  # the rows' own cap


def test_a_layout_table_of_paragraphs_keeps_a_paragraph_per_row() -> None:
    def cell(name: str) -> str:
        return f"The {name} cell holds a paragraph of running text that goes on for a good while, " * 3

    html = (f"<html><body><p>{PROSE}</p><table><tr><td>{cell('first')}</td><td>{cell('second')}</td></tr>"
            f"<tr><td>{cell('third')}</td><td>{cell('fourth')}</td></tr></table></body></html>")
    text = extract_html(html).text
    assert "while, | The second" in text and "while,\n\nThe third cell" in text
