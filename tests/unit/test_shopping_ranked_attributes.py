"""The attributes the best-overall rule ranks on when the question names none (issue 15, trial t35 fault 3): one
quantity under two names ("inflation time" from the maker, "measured inflation time" from a test) counted twice,
and the cut to the first four went by name. Now a quantity counts once, and of attributes compared for as many
products those the question decides the way of and those the lexicon knows come first. Invented products."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import date
from uuid import uuid4

from services.domain_shopping.offline import SourcePage, analyse


def _pump(name: str, rows: list[tuple[str, str]]) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": "49.00", "priceCurrency": "USD"}}
    html = (f'<!doctype html><html lang="en"><head><title>{name}</title><script type="application/ld+json">'
            f"{json.dumps(item)}</script></head><body><h1>{name}</h1><table>"
            + "".join(f"<tr><td>{k}</td><td>{v}</td></tr>" for k, v in rows) + "</table></body></html>")
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9/{name.split()[0].lower()}", title=name,
                      text="", html=html, html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _rows(fill: str, measured: str, battery: str, noise: str, weight: str) -> list[tuple[str, str]]:
    return [("Fill time", fill), ("Measured fill time", measured), ("Battery capacity", battery),
            ("Noise level", noise), ("Weight", weight)]


PUMPS = [_pump("Brisko Puff 3", _rows("60 s", "65 s", "2000 mAh", "70 dB", "900 g")),
         _pump("Valdo Air S", _rows("90 s", "95 s", "3000 mAh", "65 dB", "300 g")),
         _pump("Merrit Gust", _rows("75 s", "80 s", "2500 mAh", "75 dB", "500 g"))]


def _ranked_on(question: str) -> list[str]:
    result = analyse(question, PUMPS, uuid4(), today=date(2026, 12, 2))
    body = str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])
    best = next(line for line in body.splitlines() if line.startswith("- **Best overall"))
    found = re.search(r"compared for the most products \(([^)]*)\)", best)
    assert found is not None, best
    return [a.strip() for a in re.split(r",\s*", found.group(1))]


def test_one_quantity_under_two_names_is_ranked_on_once() -> None:
    ranked = _ranked_on("Which cordless ball pump is best?")
    assert ("fill time" in ranked) != ("measured fill time" in ranked), ranked
    assert "battery capacity" in ranked and "noise level" in ranked


def test_the_weight_a_portable_question_decides_is_ranked_with_the_others() -> None:
    ranked = _ranked_on("Which portable ball pump is best?")
    assert ("fill time" in ranked) != ("measured fill time" in ranked), ranked


def test_a_product_missing_most_ranking_figures_does_not_win_best_overall() -> None:
    # the Zentro Blast has the best battery capacity but no fill time and no noise level: issue 15, trial t35 fault 8
    sparse = _pump("Zentro Blast", [("Battery capacity", "6000 mAh")])
    result = analyse("Which cordless ball pump is best?", [*PUMPS, sparse], uuid4(), today=date(2026, 12, 2))
    body = str(next(s for s in result.sections if s["heading"] == "Verdicts")["body"])
    best = next(line for line in body.splitlines() if line.startswith("- **Best overall"))
    assert not best.startswith("- **Best overall: Zentro Blast**"), body
