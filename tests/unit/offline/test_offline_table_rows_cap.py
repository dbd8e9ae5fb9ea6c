"""The per-source claim cap counts prose sentences and a table's rows (and label lines) apart: a page's generic
prose never takes the place of a table's rows, which a question about any row, the oldest or the largest needs
(issue 9, trial t46 fault 9) (``services.claim_extractor.offline.extract_claims``)."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.scraper.fetch._content import extract_html

ROWS = [("No. 3", "Horse tram", "1894", "Carriage Works"), ("No. 17", "Motor car", "1912", "Lindholm"),
        ("No. 22", "Motor car", "1921", "Lindholm"), ("No. 48", "Motor car", "1926", "Brenner"),
        ("No. 71", "Trailer", "1928", "Harland"), ("No. 107", "Motor car", "1938", "Harland"),
        ("No. 117", "Articulated car", "1957", "Duewag"), ("No. 201", "Works car", "1931", "Municipal workshops")]

FLEET = ("<html><head><title>Our fleet - Ostmark Tram Museum</title></head><body><h1>Our fleet</h1>"
         "<p>The museum's collection covers eighty years of tramway history in Ostmark. "
         "The table lists every car we own.</p><table><tr><th>Car</th><th>Type</th><th>Built</th><th>Builder</th></tr>"
         + "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td><td>{d}</td></tr>" for a, b, c, d in ROWS)
         + "</table><p>Six further cars are stored off site and are not open to visitors.</p></body></html>")


def test_every_row_of_a_table_is_a_claim_beside_the_prose_under_a_cap() -> None:
    text = extract_html(FLEET).text
    for focus in ("Which is the oldest car of the Ostmark Tram Museum?", "How heavy is car No. 17?", None):
        claims = [c.text for c in extract_claims(text, title="Our fleet - Ostmark Tram Museum", max_claims=8,
                                                 focus=focus)]
        rows = [c for c in claims if c.startswith("Car No. ")]
        assert [r.split(":")[0] for r in rows] == [f"Car {a}" for a, *_ in ROWS], focus
        assert "Car No. 201: type Works car, built 1931, builder Municipal workshops." in rows
        assert any(c.startswith("Six further cars") for c in claims), focus  # the prose is kept beside them


def test_the_cap_still_bounds_each_kind() -> None:
    text = extract_html(FLEET).text
    claims = extract_claims(text, title="Our fleet - Ostmark Tram Museum", max_claims=3,
                            focus="Which company built car No. 201?")
    rows = [c.text for c in claims if c.text.startswith("Car No. ")]
    assert len(rows) == 3 and any(r.startswith("Car No. 201:") for r in rows)
    assert len(claims) - len(rows) == 3  # the three prose sentences, within their own cap
    assert len(extract_claims(text, title="Our fleet", max_claims=2)) == 4  # two of each kind without a focus
