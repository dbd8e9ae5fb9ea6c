"""The shopping sections' headings and notes in the report's language (a German question gets "Angebote", not
"Offers", and its "What is missing" notes in German), as the general report's headings and notes are
(``shared.report.REPORT_WORDS``, ``services.synthesizer.provenance``).

The analysis (``services.domain_shopping.offline``) writes English; :func:`localize` puts its section headings and
the notes it knows in another report language. Names, figures, prices and attribute names are kept as the spec
matrix shows them; a note without a translation stays English (it is never dropped). A report language without
words here (or English) leaves the analysis unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from services.domain_shopping.offline import Analysis

__all__ = ["HEADINGS", "localize", "localize_note"]

#: English section heading -> report language (ISO 639-1) -> heading
HEADINGS: dict[str, dict[str, str]] = {
    "Verdicts": {"de": "Empfehlungen", "fr": "Verdicts", "es": "Veredictos", "it": "Verdetti", "nl": "Oordelen",
                 "pt": "Veredictos"},
    "Spec matrix": {"de": "Technische Daten", "fr": "Caractéristiques", "es": "Especificaciones",
                    "it": "Specifiche tecniche", "nl": "Specificaties", "pt": "Especificações"},
    "Offers": {"de": "Angebote", "fr": "Offres", "es": "Ofertas", "it": "Offerte", "nl": "Aanbiedingen",
               "pt": "Ofertas"},
    "Reviews": {"de": "Testberichte", "fr": "Avis et tests", "es": "Reseñas", "it": "Recensioni",
                "nl": "Beoordelingen", "pt": "Avaliações"},
}

#: "the water tank of Brevona Duo 2" (one disagreement of the conflicts note) -> the attribute and the product
_DISAGREEMENT = re.compile(r"the (?P<attribute>.+?) of (?P<product>.+?)(?=; the |$)")


def _disagreements(items: str) -> list[tuple[str, str]]:
    return [(m.group("attribute"), m.group("product")) for m in _DISAGREEMENT.finditer(items)]


def _conflicts(words: dict[str, str]) -> Callable[[re.Match[str]], str]:
    def say(m: re.Match[str]) -> str:
        pairs = "; ".join(words["item"].format(attribute=a, product=p) for a, p in _disagreements(m.group("items")))
        return words["note"].format(items=pairs)
    return say


#: (the English note, report language -> its words): the conflicts note names each disagreement by its attribute
#: and product; the others are whole sentences with their figures ("{codes}") kept
_NOTES: list[tuple[re.Pattern[str], dict[str, dict[str, str]]]] = [
    (re.compile(r"^the sources disagree on (?P<items>.+) \(each value is shown with its source in the spec "
                r"matrix\)$"), {
        "de": {"note": "Die Quellen widersprechen sich bei {items} (jeder Wert steht mit seiner Quelle in den "
                       "technischen Daten)", "item": "{attribute} von {product}"},
        "fr": {"note": "Les sources divergent sur {items} (chaque valeur figure avec sa source dans les "
                       "caractéristiques)", "item": "{attribute} de {product}"},
        "es": {"note": "Las fuentes discrepan sobre {items} (cada valor aparece con su fuente en las "
                       "especificaciones)", "item": "{attribute} de {product}"},
        "it": {"note": "Le fonti non concordano su {items} (ogni valore è riportato con la sua fonte nelle "
                       "specifiche tecniche)", "item": "{attribute} di {product}"},
        "nl": {"note": "De bronnen spreken elkaar tegen over {items} (elke waarde staat met haar bron in de "
                       "specificaties)", "item": "{attribute} van {product}"},
        "pt": {"note": "As fontes divergem sobre {items} (cada valor aparece com a sua fonte nas especificações)",
               "item": "{attribute} de {product}"},
    }),
    (re.compile(r"^no price was found in any source: the offers, the budget and the best-value verdict could not be "
                r"checked$"), {
        "de": {"note": "In keiner Quelle wurde ein Preis gefunden: Angebote, Budget und Preis-Leistungs-Empfehlung "
                       "konnten nicht geprüft werden"},
        "fr": {"note": "Aucun prix n'a été trouvé dans les sources : les offres, le budget et le meilleur rapport "
                       "qualité-prix n'ont pas pu être vérifiés"},
        "es": {"note": "No se encontró ningún precio en las fuentes: no se pudieron comprobar las ofertas, el "
                       "presupuesto ni la mejor relación calidad-precio"},
        "it": {"note": "Nessun prezzo è stato trovato nelle fonti: offerte, budget e miglior rapporto qualità-prezzo "
                       "non sono stati verificati"},
        "nl": {"note": "In geen enkele bron is een prijs gevonden: aanbiedingen, budget en beste prijs-kwaliteit "
                       "konden niet worden gecontroleerd"},
        "pt": {"note": "Nenhum preço foi encontrado nas fontes: as ofertas, o orçamento e a melhor relação "
                       "qualidade-preço não puderam ser verificados"},
    }),
    (re.compile(r"^prices in different currencies \((?P<codes>[A-Z, ]+)\) are not compared with each other: no "
                r"comparison currency is set (?P<how>\(.*\))$"), {
        "de": {"note": "Preise in verschiedenen Währungen ({codes}) werden nicht miteinander verglichen: keine "
                       "Vergleichswährung ist gesetzt {how}"},
        "fr": {"note": "Les prix dans des devises différentes ({codes}) ne sont pas comparés entre eux : aucune "
                       "devise de comparaison n'est définie {how}"},
        "es": {"note": "Los precios en monedas distintas ({codes}) no se comparan entre sí: no hay moneda de "
                       "comparación definida {how}"},
        "it": {"note": "I prezzi in valute diverse ({codes}) non sono confrontati tra loro: nessuna valuta di "
                       "confronto è impostata {how}"},
        "nl": {"note": "Prijzen in verschillende valuta ({codes}) worden niet met elkaar vergeleken: er is geen "
                       "vergelijkingsvaluta ingesteld {how}"},
        "pt": {"note": "Os preços em moedas diferentes ({codes}) não são comparados entre si: nenhuma moeda de "
                       "comparação está definida {how}"},
    }),
    (re.compile(r"^no readable price on the shop page\(s\) (?P<pages>.+): their offers are not in the comparison$"), {
        "de": {"note": "Kein lesbarer Preis auf der Shopseite bzw. den Shopseiten {pages}: ihre Angebote fehlen im "
                       "Vergleich"},
        "fr": {"note": "Aucun prix lisible sur la ou les pages de boutique {pages} : leurs offres ne sont pas "
                       "comparées"},
        "es": {"note": "Ningún precio legible en la(s) página(s) de tienda {pages}: sus ofertas no están en la "
                       "comparación"},
        "it": {"note": "Nessun prezzo leggibile sulla pagina o sulle pagine del negozio {pages}: le loro offerte non "
                       "sono nel confronto"},
        "nl": {"note": "Geen leesbare prijs op de winkelpagina('s) {pages}: hun aanbiedingen staan niet in de "
                       "vergelijking"},
        "pt": {"note": "Nenhum preço legível na(s) página(s) da loja {pages}: as suas ofertas não estão na "
                       "comparação"},
    }),
    (re.compile(r"^no product could be named best overall: the sources give no figure the products can be compared "
                r"on$"), {
        "de": {"note": "Kein Produkt konnte als insgesamt bestes genannt werden: Die Quellen nennen keinen Wert, in "
                       "dem sich die Produkte vergleichen lassen"},
        "fr": {"note": "Aucun produit n'a pu être désigné meilleur choix : les sources ne donnent aucune valeur sur "
                       "laquelle comparer les produits"},
        "es": {"note": "Ningún producto pudo señalarse como el mejor: las fuentes no dan ningún dato con el que "
                       "comparar los productos"},
        "it": {"note": "Nessun prodotto è risultato il migliore: le fonti non danno alcun valore su cui confrontare "
                       "i prodotti"},
        "nl": {"note": "Geen product kon als beste worden aangewezen: de bronnen geven geen waarde waarop de "
                       "producten te vergelijken zijn"},
        "pt": {"note": "Nenhum produto pôde ser apontado como o melhor: as fontes não dão nenhum valor para "
                       "comparar os produtos"},
    }),
    (re.compile(r"^the shopping analysis found no product in the sources \(no schema\.org Product data, spec table "
                r"or product page\)$"), {
        "de": {"note": "Die Einkaufsanalyse fand in den Quellen kein Produkt (keine schema.org-Produktdaten, "
                       "Datentabelle oder Produktseite)"},
        "fr": {"note": "L'analyse d'achat n'a trouvé aucun produit dans les sources (ni données schema.org Product, "
                       "ni tableau de caractéristiques, ni page produit)"},
        "es": {"note": "El análisis de compra no encontró ningún producto en las fuentes (sin datos schema.org "
                       "Product, tabla de especificaciones ni página de producto)"},
        "it": {"note": "L'analisi d'acquisto non ha trovato alcun prodotto nelle fonti (nessun dato schema.org "
                       "Product, tabella tecnica o pagina prodotto)"},
        "nl": {"note": "De koopanalyse vond geen product in de bronnen (geen schema.org-productgegevens, "
                       "specificatietabel of productpagina)"},
        "pt": {"note": "A análise de compra não encontrou nenhum produto nas fontes (sem dados schema.org Product, "
                       "tabela de especificações ou página de produto)"},
    }),
]


def _code(language: str) -> str:
    return re.split(r"[-_]", (language or "").strip().casefold(), maxsplit=1)[0]


def localize_note(note: str, language: str) -> str:
    """``note`` (one of the analysis' English notes) in report ``language`` (ISO 639-1, a region allowed:
    "de-AT"), its names, figures and currency codes kept; unchanged when the note or the language has no words
    here."""
    code = _code(language)
    for pattern, by_language in _NOTES:
        m = pattern.match(note)
        if m is None or code not in by_language:
            continue
        words = by_language[code]
        if "item" in words:
            return _conflicts(words)(m)
        return words["note"].format(**m.groupdict())
    return note


def localize(analysis: Analysis, language: str) -> Analysis:
    """``analysis`` with its section headings (:data:`HEADINGS`) and notes (:func:`localize_note`) in report
    ``language``; the same object for English or a language without words here. Bodies (tables, verdicts) are
    unchanged."""
    code = _code(language)
    if code == "en" or not any(code in words for words in HEADINGS.values()):
        return analysis
    sections = [{**s, "heading": HEADINGS.get(str(s["heading"]), {}).get(code, s["heading"])}
                for s in analysis.sections]
    return replace(analysis, sections=sections, notes=[localize_note(n, code) for n in analysis.notes])
