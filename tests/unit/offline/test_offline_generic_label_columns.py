"""A two-column table whose label column has a generic name ("| Fact | Value |", "| Detail | Value |", "| Fact |
Orrin Chamber Choir |") never glues that word into its rows' claims ("Fact Founder: orrin Chamber Choir Ada
Velt."): a generic value column makes each row a figure of the page's subject, and a name in the value column's
place makes each row a figure of that name, "Orrin Chamber Choir: founder Ada Velt."
(``shared.text.tables.key_value``, ``shared.text.tables.column_thing``,
``services.claim_extractor.offline.extract_claims``), on invented pages."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from shared.text.tables import column_thing, key_value

NAMED = ("Orrin Chamber Choir: key facts\n\nThe Orrin Chamber Choir sings in the town of Pellow.\n\n"
         "| Fact | Orrin Chamber Choir |\n| --- | --- |\n| Founder | Ada Velt |\n| Founded | 1938 |\n"
         "| Singers | 36 |\n")
VALUES = ("Orrin Chamber Choir: key facts\n\nThe Orrin Chamber Choir sings in the town of Pellow.\n\n"
          "| {label} | Value |\n| --- | --- |\n| Founder | Ada Velt |\n| Singers | 36 |\n")


def test_a_generic_label_column_over_a_name_gives_figures_of_that_name() -> None:
    assert column_thing(("Fact", "Orrin Chamber Choir")) == "Orrin Chamber Choir"
    assert column_thing(("Detail", "Orrin Chamber Choir")) == "Orrin Chamber Choir"
    texts = [c.text for c in extract_claims(NAMED, title="Orrin Chamber Choir: key facts")]
    assert "Orrin Chamber Choir: founder Ada Velt." in texts, texts
    assert "Orrin Chamber Choir: founded 1938." in texts, texts
    assert not any(t.startswith("Fact ") for t in texts), texts


def test_a_generic_label_and_value_header_is_a_key_value_table() -> None:
    for label in ("Fact", "Detail", "Item", "Field"):
        assert key_value((label, "Value")), label
        texts = [c.text for c in extract_claims(VALUES.format(label=label), title="Orrin Chamber Choir: key facts")]
        assert not any(t.startswith(f"{label} ") for t in texts), (label, texts)
        rows = [t for t in texts if "Ada Velt" in t]
        assert rows and all("Orrin Chamber Choir" in t and "value" not in t.casefold() for t in rows), (label, texts)
