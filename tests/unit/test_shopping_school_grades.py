"""Shopping ratings (issue 15 leftovers): a German school grade (1 best, 6 worst: "Note: 1,7", "Testnote gut (2,1)",
schema.org bestRating 1 / worstRating 6) is never read as a rating out of 5 or 10: it is converted to one with its
scale stated, or left out when its scale is not known (a Swiss page's grades, 6 best; a rating above its stated
best)."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from typing import Any
from uuid import uuid4

import pytest

from services.domain_shopping.offline import Analysis, SourcePage, analyse, convert_grade
from services.domain_shopping.pages import school_grade


@pytest.mark.parametrize(("text", "lang", "grade"), [
    ("Note: 1,7", "de", ("1,7", "1-6")),
    ("Testnote gut (2,1)", "", ("2,1", "1-6")),
    ("Gesamtnote 1,8 (gut)", "de-DE", ("1,8", "1-6")),
    ("test-Qualitätsurteil: gut (2,1)", "", ("2,1", "1-6")),
    ("Note: 1,7", "de-AT", ("1,7", "1-5")),
    ("Note: 4/5", "de", None),  # a rating on a stated scale
    ("Note 4 von 5", "de", None),
    ("Note: 2 batteries are included.", "en", None),
    ("Note: 5,5", "de-CH", None),  # Swiss grades are 6 best: left out
])
def test_school_grades_are_told_from_ratings(text: str, lang: str, grade: tuple[str, str] | None) -> None:
    found = school_grade(text, lang)
    assert (found[1:] if found else None) == grade


def test_a_grade_converts_linearly_best_to_five_worst_to_one() -> None:
    # onto a star rating's 1..5: the worst grade is one star, 1.7 is 1 + 4 * 4.3 / 5 = 4.44
    assert convert_grade(1.0, 1, 6) == 5.0 and convert_grade(6.0, 1, 6) == 1.0 and convert_grade(1.7, 1, 6) == 4.4
    assert convert_grade(7.0, 1, 6) is None


def _page(path: str, title: str, body: str, lang: str = "de", head: str = "") -> SourcePage:
    html = (f'<!doctype html><html lang="{lang}"><head><title>{title}</title>{head}</head><body><h1>{title}</h1>'
            f"{body}</body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _maker(name: str, path: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script>'
                 "<table><tr><td>Gewicht</td><td>22 kg</td></tr></table>")


MAKERS = [_maker("Corvan E5", "/corvan/e5", "1999.00"), _maker("Halden X2", "/halden/x2", "2299.00")]


def _run(*tests: SourcePage) -> tuple[Analysis, dict[str, str]]:
    result = analyse("Welches Pendler-Pedelec ist das beste?", [*MAKERS, *tests], uuid4(), today=date(2026, 12, 2))
    return result, {str(s["heading"]): str(s["body"]) for s in result.sections}


def _review(result: Analysis, product_id: str) -> dict[str, Any]:
    return next(r for r in result.reviews if r["product_id"] == product_id)


def test_a_grade_in_text_or_a_table_is_converted_with_its_scale_said() -> None:
    result, body = _run(
        _page("/test/corvan", "Corvan E5 im Test", "<p>Wir sind das Corvan E5 vier Wochen gefahren.</p>"
              "<p>Note: 1,7</p>"),
        _page("/test/halden", "Halden X2 im Test", "<table><tr><td>Testnote</td><td>gut (2,1)</td></tr></table>"))
    corvan, halden = _review(result, "corvane5"), _review(result, "haldenx2")
    assert (corvan["rating"], corvan["best"]) == (4.4, 5.0) and corvan["cited"]["quote"] == "Note: 1,7"
    assert corvan["scale"] == "German school grade 1,7: 1 best, 6 worst; converted linearly to 4.4/5"
    assert (halden["rating"], halden["best"]) == (4.1, 5.0) and "2,1" in halden["cited"]["quote"]
    assert "1.7/5" not in body["Reviews"] and "2.1/5" not in body["Reviews"]
    assert "| 4.4/5 (German school grade 1,7: 1 best, 6 worst; converted linearly to 4.4/5) |" in body["Reviews"]
    assert "testnote" not in body.get("Spec matrix", "").lower()  # a grade is a rating, no spec
    assert "Best overall: Corvan E5** — ranked first by review ratings: rated 4.4/5 (German school grade 1,7: 1 " \
           "best, 6 worst) [@v" in body["Verdicts"], body["Verdicts"]


def _json_review(name: str, rating: dict[str, str]) -> str:
    item = {"@context": "https://schema.org", "@type": "Review", "itemReviewed": {"@type": "Product", "name": name},
            "reviewRating": {"@type": "Rating", **rating}}
    return f'<script type="application/ld+json">{json.dumps(item)}</script>'


def test_a_structured_grade_is_converted_and_a_rating_above_its_best_left_out() -> None:
    result, body = _run(
        _page("/test/corvan", "Corvan E5 im Test", "", head=_json_review(
            "Corvan E5", {"ratingValue": "1.7", "bestRating": "1", "worstRating": "6"})),
        _page("/test/halden", "Halden X2 im Test", "", head=_json_review(
            "Halden X2", {"ratingValue": "1.7", "bestRating": "1"})))
    corvan, halden = _review(result, "corvane5"), _review(result, "haldenx2")
    assert (corvan["rating"], corvan["scale"]) == (4.4, "grade 1.7: 1 best, 6 worst; converted linearly to 4.4/5")
    assert halden["rating"] is None  # 1.7 out of 1 is on no scale the page states
    assert "1.7/1" not in body["Reviews"] and "1.7/1" not in body["Verdicts"]


def test_a_swiss_or_english_note_is_no_rating() -> None:
    result, _body = _run(
        _page("/test/corvan", "Corvan E5 im Test", "<p>Note: 5,5</p>", lang="de-CH"),
        _page("/test/halden", "Halden X2 tested", "<p>Note: 2 batteries are included.</p>", lang="en"))
    assert not [r for r in result.reviews if r["rating"] is not None], result.reviews
