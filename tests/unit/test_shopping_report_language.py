"""A shopping report in the question's language (issue 15, trial t16): a German question's report had the general
headings in German ("Antwort", "Was fehlt") but the shopping sections' in English ("Verdicts", "Spec matrix") and
an English note under "Was fehlt"; the shopping headings, notes and the lead's opening follow the report language."""

from __future__ import annotations

from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import analyse
from services.domain_shopping.words import localize, localize_note
from services.synthesizer.domain import one_shopping_winner, place_domain_sections
from shared.domain import RunView
from shared.evidence import Citation, Report
from tests.domain_runs import domain_run, fetched_pages
from tests.shop_pages import pages as pages_of

SPEC = """<!doctype html><html lang="en"><head><title>{name} espresso machine - {brand}</title></head><body>
<h1>{name}</h1><table><tr><th>Water tank</th><td>{tank}</td></tr><tr><th>Noise level</th><td>{noise}</td></tr></table>
<p class="price">{price}</p><button>Add to cart</button></body></html>"""


def site() -> dict[str, str]:
    return {"/brevona": SPEC.format(name="Brevona Duo 2", brand="Brevona", tank="1.8 l", noise="62 dB",
                                    price="749,00 €"),
            "/caffaro": SPEC.format(name="Caffaro Linea S", brand="Caffaro", tank="2.5 l", noise="58 dB",
                                    price="1.049,00 €"),
            "/brevona-spec": SPEC.format(name="Brevona Duo 2", brand="Brevona", tank="2.0 l", noise="62 dB",
                                         price="")}


def test_the_sections_and_notes_are_in_the_report_language() -> None:
    question = "Welche Espressomaschine unter 800 € ist am leisesten?"
    analysis = analyse(question, pages_of(site()), uuid4(), today=date(2026, 12, 2))
    assert [s["heading"] for s in analysis.sections][:3] == ["Verdicts", "Spec matrix", "Offers"]
    assert any(n.startswith("the sources disagree on the water tank of Brevona Duo 2") for n in analysis.notes)
    assert any(n.startswith("no readable price on the shop page(s)") for n in analysis.notes)
    german = localize(analysis, "de")
    assert [s["heading"] for s in german.sections][:3] == ["Empfehlungen", "Technische Daten", "Angebote"]
    assert [s["body"] for s in german.sections] == [s["body"] for s in analysis.sections]
    assert not any(n.startswith(("the sources disagree", "no readable price")) for n in german.notes)
    assert any(n.startswith("Kein lesbarer Preis auf der Shopseite") and "/brevona-spec" in n for n in german.notes)
    assert any(n.startswith("Die Quellen widersprechen sich bei water tank von Brevona Duo 2") for n in german.notes)
    assert localize(analysis, "en") is analysis and localize(analysis, "sw") is analysis
    assert localize(analysis, "fr-CH").sections[2]["heading"] == "Offres"


def test_a_note_without_words_stays_english_and_figures_are_kept() -> None:
    note = ("prices in different currencies (EUR, GBP, USD) are not compared with each other: no comparison currency "
            "is set (a budget with its currency in the question, or ASSAY_SHOPPING_CURRENCY with a rates table, "
            "ASSAY_SHOPPING_RATES_FILE)")
    spanish = localize_note(note, "es")
    assert spanish.startswith("Los precios en monedas distintas (EUR, GBP, USD)") and "ASSAY_SHOPPING_RATES_FILE" in spanish
    odd = "prices in an unknown currency are shown as written and not compared: 180 Zorkmids"
    assert localize_note(odd, "de") == odd
    two = "the sources disagree on the weight of A1; the water tank of B 2 (each value is shown with its source in " \
          "the spec matrix)"
    assert "weight de A1; water tank de B 2" in localize_note(two, "fr")


def a_run(language: str, heading: str) -> RunView:
    sid = str(uuid4())
    sections = [{"heading": heading,
                 "body": "- **Best overall: Caffaro Linea S** — the lowest noise level (58 dB [@v1]).",
                 "evidence": [{"ref": "v1", "source_id": sid, "start": 0, "end": 5, "quote": "58 dB"}]}]
    products = [{"product_id": "caffaro", "name": "Caffaro Linea S", "aliases": []}]
    return domain_run("Welche Espressomaschine ist am leisesten?", "shopping", sections,
                      fetched_pages({sid: "Caffaro"}, url="https://w.example/c"), language=language,
                      topic="espressomaschine", events={"ProductsIdentified": {"products": products}})


def test_the_leads_opening_naming_the_winner_is_in_the_report_language() -> None:
    run = a_run("de", "Empfehlungen")
    report = Report(markdown="# Q\n\n## Antwort\n\nDie Caffaro Linea S ist leise.\n\n## Quellen\n\n",
                    citations=[Citation(n=1, source_id=next(iter(run.sources)), claim_id=str(uuid4()), start=0,
                                        end=5, quote="58 dB")], used_claim_ids=[])
    out = one_shopping_winner(place_domain_sections(report, run, {}), run).markdown
    assert "## Empfehlungen" in out and "Best overall: **Caffaro" not in out.split("## Antwort", 1)[1]
    assert "Insgesamt am besten: **Caffaro Linea S** [1], wie die Empfehlungen oben begründen." in out
