"""An infobox whose first row is a caption spanning the table ("<th colspan=2>Tavelmor Light</th>", written by the
scraper as "| Tavelmor Light | |"): the caption names what the key-value rows below it are of, so each row is a claim
of that name (trial t63w fault 4: such a table gave no table at all, so the designer, speed and capacity rows never
became claims) (``shared.text.tables.pipe_tables``, ``services.claim_extractor.offline.extract_claims``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html
from shared.text.tables import caption_of, pipe_tables

PAGE = ("<!DOCTYPE html><html lang='en'><head><title>Tavelmor Light</title></head><body><article>"
        "<h1>Tavelmor Light</h1><table class='infobox'><tr><th colspan=2>Tavelmor Light</th></tr>"
        "<tr><th>Designer</th><td>Odile Fenwarren</td></tr><tr><th>Lit</th><td>2 May 1902</td></tr>"
        "<tr><th>Height</th><td>31 m</td></tr><tr><th>Range</th><td>19 nautical miles</td></tr>"
        "<tr><th>Fate</th><td>Automated after the last keeper retired from the island in 1971</td></tr></table>"
        "<p>The Tavelmor Light is a stone lighthouse on the western cape of the island of Quessel.</p>"
        "<p>Its lamp was first lit in the spring of 1902 and has shone every night since then.</p>"
        "</article></body></html>")


def test_a_caption_row_names_the_rows_below_it() -> None:
    text = "Intro line.\n\n| Tavelmor Light | |\n| --- | --- |\n| Designer | Odile Fenwarren |\n| Height | 31 m |\n"
    [table] = pipe_tables(text)
    assert table.caption == "Tavelmor Light"
    assert [r.cells for r in table.rows] == [("Designer", "Odile Fenwarren"), ("Height", "31 m")]
    assert text[table.start:].startswith("| Tavelmor Light | |")
    # a header of two named columns is no caption; nor is a caption over three columns
    assert caption_of(("Station", "Range")) == "" and caption_of(("Tavelmor Light", "", "")) == ""
    assert pipe_tables(text.replace("| Height | 31 m |", "| Height | 31 m | x |")) == []


def test_every_short_row_of_a_captioned_infobox_is_a_claim_of_its_caption() -> None:
    content = extract_html(PAGE, "https://lights.example/wiki/Tavelmor_Light")
    claims = extract_claims(content.text, title=content.title)
    rows = [c.text for c in claims if c.text.startswith("Tavelmor Light:")]
    assert rows == ["Tavelmor Light: designer Odile Fenwarren.", "Tavelmor Light: lit 2 May 1902.",
                    "Tavelmor Light: height 31 m.", "Tavelmor Light: range 19 nautical miles."]
    # each row's evidence is the table from its caption to the row
    height = next(c for c in claims if c.text == "Tavelmor Light: height 31 m.")
    span = content.text[height.start:height.end]
    assert span.startswith("| Tavelmor Light | |") and span.endswith("| Height | 31 m |")
    # the row of text (too long to be a value) is left out, not the table
    assert not any("Automated" in c.text for c in claims if c.text.startswith("Tavelmor Light:"))
