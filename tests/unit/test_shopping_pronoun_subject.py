"""Shopping spec extraction from prose (issue 15 leftovers): a sentence whose subject is a pronoun ("Es wiegt
23,5 kg.", "It weighs 21.0 kg.", "Il pèse 24 kg.") states a figure of the product the previous sentence is
about, on a page about several products; a pronoun after a sentence naming two products credits neither."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse


def _page(path: str, title: str, body: str, lang: str = "de") -> SourcePage:
    html = f'<!doctype html><html lang="{lang}"><head><title>{title}</title></head><body>{body}</body></html>'
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _maker(name: str, brand: str, path: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": brand},
            "offers": {"@type": "Offer", "price": "2199.00", "priceCurrency": "EUR"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>')


MAKERS = [_maker("Velora C3", "Velora", "/velora/c3"), _maker("Dornik T5", "Dornik", "/dornik/t5"),
          _maker("Saphen K9", "Saphen", "/saphen/k9")]


def _matrix(test_page: SourcePage) -> str:
    result = analyse("Welches kompakte Pedelec ist am leichtesten?", [*MAKERS, test_page], uuid4(),
                     today=date(2026, 12, 2))
    return str(next((s["body"] for s in result.sections if s["heading"] == "Spec matrix"), ""))


def test_a_pronoun_subject_takes_the_product_of_the_previous_sentence() -> None:
    matrix = _matrix(_page(
        "/radtest/kompakt", "Drei kompakte Pedelecs im Test",
        "<h1>Drei kompakte Pedelecs im Test</h1>"
        "<p>Das Velora C3 ist ein kompaktes Pedelec. Es wiegt 23,5 kg.</p>"
        "<p>The Dornik T5 is a folding e-bike. It weighs 21.0 kg.</p>"
        "<p>Le Saphen K9 est un vélo pliant. Il pèse 24 kg.</p>"))
    assert "| Velora C3 | 23,5 kg" in matrix, matrix
    assert "| Dornik T5 | 21.0 kg" in matrix, matrix
    assert "| Saphen K9 | 24 kg" in matrix, matrix


def test_a_pronoun_after_two_products_or_a_subjectless_sentence_credits_none() -> None:
    matrix = _matrix(_page(
        "/radtest/vergleich", "Drei kompakte Pedelecs im Vergleich",
        "<h1>Drei kompakte Pedelecs im Vergleich</h1>"
        "<p>Das Velora C3 ist leichter als das Dornik T5. Es wiegt 23,5 kg.</p>"
        "<p>Das Saphen K9 ist ein Faltrad. Der Rahmen ist aus Aluminium. Das Gewicht liegt bei 24 kg.</p>"))
    assert "23,5 kg" not in matrix, matrix
    assert "24 kg" not in matrix, matrix
