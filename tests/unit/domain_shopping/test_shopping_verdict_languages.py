"""A German or French test's verdict header and cells count as an English test's do (task h47): "Testsieger" /
"Meilleur choix" is its pick, "Preis-Leistungs-Sieger" / "Meilleur rapport qualité-prix" its best value, "Nicht
empfehlenswert" / "À éviter" a verdict to avoid, "Zu teuer" / "Trop cher" a "not worth it", and "Testurteil" /
"Notre avis" heads a verdict column; a pick cell never picks the next row's product. Invented headphones."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import _table_cell, analyse
from services.domain_shopping.pages import read_page
from services.domain_shopping.verdict_words import cell_says
from tests.shop_pages import page, pages, run, spec_shop, verdicts

#: the Sonra Q5 wins on the figures; the tests pick the Belvik H2
SITE = {"/sonra/q5": spec_shop("Sonra Q5", "349.00", {"Battery life": "40 h", "Weight": "240 g"}),
        "/belvik/h2": spec_shop("Belvik H2", "279.00", {"Battery life": "30 h", "Weight": "260 g"}),
        "/tarro/one": spec_shop("Tarro One", "129.00", {"Battery life": "22 h", "Weight": "280 g"}),
        "/mivo/air": spec_shop("Mivo Air", "99.00", {"Battery life": "25 h", "Weight": "250 g"})}

#: language -> (page language, title, header, the four verdict cells: pick, not worth it, best value, avoid)
TESTS = {
    "de": ("de", "Kopfhörer im Test | KlangLabor", "<tr><th>Modell</th><th>Note</th><th>Testurteil</th></tr>",
           ("Testsieger", "Zu teuer", "Preis-Leistungs-Sieger", "Nicht empfehlenswert")),
    "fr": ("fr", "Comparatif casques : notre test | SonLab", "<tr><th>Modèle</th><th>Note</th><th>Notre avis</th></tr>",
           ("Meilleur choix", "Trop cher", "Meilleur rapport qualité-prix", "À éviter")),
    "en": ("en", "Headphones tested | SoundBench", "<tr><th>Model</th><th>Score</th><th>Verdict</th></tr>",
           ("Best overall", "Overpriced", "Best value", "Avoid")),
}


def lab(language: str) -> str:
    lang, title, header, (pick, dear, value, avoid) = TESTS[language]
    rows = [("Belvik H2", "8,9", pick), ("Sonra Q5", "8,7", dear), ("Mivo Air", "7,6", value), ("Tarro One", "3,9", avoid)]
    return page(title, f"<h1>{title.split(' |')[0]}</h1><p>We bought every pair ourselves; no maker paid for this test."
                "</p><table>" + header + "".join(f"<tr><td>{n}</td><td>{s}</td><td>{v}</td></tr>" for n, s, v in rows)
                + "</table>", lang=lang)


def lines(question: str, language: str) -> list[str]:
    """The verdicts' lines over the shops and the test, each citation marker written "[@v]"."""
    body = verdicts(run(question, SITE | {"/lab/headphones": lab(language)}))
    return [re.sub(r"\[@v\d+\]", "[@v]", line) for line in body.split("\n")]


@pytest.mark.parametrize("language", ["de", "fr", "en"])
def test_a_tests_verdict_cells_count_in_its_language(language: str) -> None:
    _lang, _title, _header, (_pick, dear, value, avoid) = TESTS[language]
    best = lines("What are the best headphones?", language)
    assert best[0].startswith("- **Best overall: Belvik H2** — ranked first as an independent reviewer's pick [@v]"), \
        best[0]
    assert next(x for x in best if x.startswith("- **Avoid: ")).split(" — ")[0] == "- **Avoid: Tarro One**", best
    value_line = next(x for x in best if x.startswith("- **Best value"))
    assert value_line.startswith("- **Best value: Mivo Air** — ") and value_line.endswith(
        f"; an independent test or review names it the best value: “Mivo Air: {value}” [@v]."), value_line
    worth = lines("Is the Sonra Q5 worth it?", language)[0]
    assert worth == f"**No:** an independent test or review says: “Sonra Q5: {dear}” [@v].", worth


def test_a_best_value_cell_on_another_product_is_said_beside_the_figures_verdict() -> None:
    other = lab("de").replace("<td>Mivo Air</td><td>7,6</td><td>Preis-Leistungs-Sieger</td>",
                              "<td>Mivo Air</td><td>7,6</td><td>Gut</td>").replace(
        "<td>Belvik H2</td><td>8,9</td><td>Testsieger</td>", "<td>Belvik H2</td><td>8,9</td><td>Preis-Leistungs-Sieger</td>")
    body = verdicts(run("What are the best headphones?", SITE | {"/lab/headphones": other}))
    value_line = re.sub(r"\[@v\d+\]", "[@v]", next(x for x in body.split("\n") if x.startswith("- **Best value")))
    assert value_line.startswith("- **Best value: Mivo Air** — ") and value_line.endswith(
        " (but an independent test or review names another the best value: “Belvik H2: Preis-Leistungs-Sieger” "
        "[@v])."), value_line


def test_a_two_column_table_under_a_german_verdict_header_gives_verdicts_not_specs() -> None:
    html = page("Kopfhörer im Test | KlangLabor", "<table><tr><th>Modell</th><th>Unser Fazit</th></tr>"
                "<tr><td>Belvik H2</td><td>Testsieger</td></tr><tr><td>Tarro One</td><td>Finger weg</td></tr>"
                "<tr><td>Mivo Air</td><td>Preis-/Leistungssieger</td></tr></table>", lang="de")
    read = read_page(html, "https://klanglabor.test/kopfhoerer")
    assert read.table_picks == [("Belvik H2", "Testsieger")]
    assert read.table_avoids == [("Tarro One", "Finger weg")]
    assert read.table_values == [("Mivo Air", "Preis-/Leistungssieger")]
    assert not any(s.value in ("Testsieger", "Finger weg") for specs in read.table_specs.values() for s in specs)


@pytest.mark.parametrize(("cell", "kind", "says"), [
    ("Testsieger", "pick", True), ("Meilleur choix", "pick", True), ("Best overall", "pick", True),
    ("Preis-Leistungs-Sieger", "value", True), ("Preis-Leistungssieger", "value", True),
    ("meilleur rapport qualite/prix", "value", True), ("Good value", "value", False),
    ("A eviter.", "avoid", True), ("Nicht zu empfehlen", "avoid", True), ("Don’t buy", "avoid", True),
    ("Überteuert", "overpriced", True), ("Trop cher pour un débutant", "overpriced", True),
    ("Never overpriced, always fast", "overpriced", False),
    ("Unser Fazit:", "column", True), ("Notre avis", "column", True), ("Battery life", "column", False),
])
def test_cell_says_reads_each_languages_words_whole_and_folded(cell: str, kind: str, says: bool) -> None:
    assert cell_says(cell, kind, case=kind == "overpriced") is says


def test_a_pick_cell_in_the_stored_texts_table_picks_its_own_row_not_the_next() -> None:
    # the scraper stores a table as Markdown rows: "Testsieger" is followed by the next row's product
    text = ("Kopfhörer im Test\n\nWe bought every pair ourselves; no maker paid for this test.\n\n"
            "| Modell | Note | Testurteil |\n| --- | --- | --- |\n| Belvik H2 | 8,9 | Testsieger |\n"
            "| Sonra Q5 | 8,7 | Zu teuer |\n| Mivo Air | 7,6 | Preis-Leistungs-Sieger |\n"
            "| Tarro One | 3,9 | Nicht empfehlenswert |\n")
    fetched = [p if p.url != "http://127.0.0.1:9/lab/headphones" else replace(p, text=text)
               for p in pages(SITE | {"/lab/headphones": lab("de")})]
    body = verdicts(analyse("What are the best headphones?", fetched, uuid4(), today=date(2026, 12, 2)))
    assert body.startswith("- **Best overall: Belvik H2** — ranked first as an independent reviewer's pick [@v"), body
    assert _table_cell("| Belvik H2 | 8,9 | Testsieger | | Sonra Q5 |", 23, 33)
    assert not _table_cell("| Model | Belvik H2 | The Belvik H2 is our test winner.", 32, 43)


@pytest.mark.parametrize("mark", [".", ","])
def test_a_german_tests_grade_column_is_a_grade_the_best_lowest(mark: str) -> None:
    grades = [("Belvik H2", "1.6"), ("Sonra Q5", "2.3"), ("Mivo Air", "2.8"), ("Tarro One", "3.9")]
    html = page("Kopfhörer im Test | KlangLabor", "<h1>Kopfhörer im Test</h1><p>Wir haben jedes Modell selbst "
                "gekauft; kein Hersteller hat diesen Test bezahlt.</p><table><tr><th>Modell</th><th>Testnote</th>"
                "<th>Akku</th></tr>" + "".join(f"<tr><td>{n}</td><td>{g.replace('.', mark)}</td><td>gut</td></tr>"
                                               for n, g in grades) + "</table>", lang="de")
    assert read_page(html, "https://klanglabor.test/k").table_scores == [(n, g, "1-6") for n, g in grades]
    best = lines_over("What are the best headphones?", html)[0]
    assert best.startswith("- **Best overall: Belvik H2** — "), best
    assert "rated 4.5/5 (grade 1.6: 1 best, 6 worst) [@v]" in best and best.endswith(
        "; an independent test [@v] rates it above Sonra Q5 (4/5), Mivo Air (3.6/5), Tarro One (2.7/5)."), best
    # on an English page a "Note" column is a score, on the smallest scale its top fits (5)
    assert read_page(html.replace('lang="de"', 'lang="en"').replace("Testnote", "Note"), "https://t.test/k"
                     ).table_scores == [(n, g, "5") for n, g in grades]


def lines_over(question: str, lab_page: str) -> list[str]:
    """The verdicts' lines over the shops and ``lab_page``, each citation marker written "[@v]"."""
    body = verdicts(run(question, SITE | {"/lab/headphones": lab_page}))
    return [re.sub(r"\[@v\d+\]", "[@v]", line) for line in body.split("\n")]
