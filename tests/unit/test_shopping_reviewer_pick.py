"""Shopping reviews (issue 15 leftovers): a reviewer's verdict naming a product its pick ("Verdict: the Corvan E5 is
our pick for commuters", "Unser Fazit: Das Halden X2 ist unser Testsieger", "Notre verdict : le Saphen K9 est notre
choix") is a review of that product, its words quoted as praise and cited (ReviewsSummarized), said beside the
product in the verdicts; a negated pick ("is not our pick") or a recommendation of something else is none."""

from __future__ import annotations

import hashlib
import json
from datetime import date
from uuid import uuid4

import pytest

from services.domain_shopping.offline import Analysis, SourcePage, analyse
from services.domain_shopping.pages import reviewer_pick


def _page(path: str, title: str, body: str, lang: str = "en") -> SourcePage:
    html = f'<!doctype html><html lang="{lang}"><head><title>{title}</title></head><body>{body}</body></html>'
    return SourcePage(source_id=str(uuid4()), url=f"http://127.0.0.1:9{path}", title=title, text="", html=html,
                      html_sha256=hashlib.sha256(html.encode()).hexdigest())


def _maker(name: str, path: str, weight: str, price: str) -> SourcePage:
    item = {"@context": "https://schema.org", "@type": "Product", "name": name,
            "brand": {"@type": "Brand", "name": name.split()[0]},
            "offers": {"@type": "Offer", "price": price, "priceCurrency": "EUR"}}
    return _page(path, name, f'<script type="application/ld+json">{json.dumps(item)}</script><h1>{name}</h1>'
                 f"<table><tr><td>Weight</td><td>{weight}</td></tr></table>")


MAKERS = [_maker("Corvan E5", "/corvan/e5", "22 kg", "1999.00"), _maker("Halden X2", "/halden/x2", "20 kg", "2299.00"),
          _maker("Saphen K9", "/saphen/k9", "24 kg", "1899.00")]


def _run(*tests: SourcePage) -> tuple[Analysis, dict[str, str]]:
    result = analyse("Which commuter e-bike is the lightest?", [*MAKERS, *tests], uuid4(), today=date(2026, 12, 2))
    return result, {str(s["heading"]): str(s["body"]) for s in result.sections}


@pytest.mark.parametrize(("sentence", "pick"), [
    ("Verdict: the Corvan E5 is our pick for commuters.", "our pick"),
    ("Unser Fazit: Das Halden X2 ist unser Testsieger.", "unser Testsieger"),
    ("Notre verdict : le Saphen K9 est notre choix pour la ville.", "notre choix"),
    ("We recommend the Halden X2.", "We recommend"),
    ("The Corvan E5 is not our pick.", None),
    ("Das Halden X2 ist nicht unser Testsieger.", None),
    ("We cannot recommend the Saphen K9.", None),
])
def test_a_pick_is_read_in_several_languages_and_a_negated_one_is_none(sentence: str, pick: str | None) -> None:
    m = reviewer_pick(sentence)
    assert (m.group(0) if m else None) == pick


def test_an_independent_reviewers_pick_is_reported_cited_and_said_in_the_verdicts() -> None:
    result, body = _run(
        _page("/lab/commuter", "Three commuter e-bikes tested - CycleLab",
              "<h1>Three commuter e-bikes tested</h1><p>We rode the Corvan E5, the Halden X2 and the Saphen K9 for a"
              " month.</p><p><strong>Verdict:</strong> the Corvan E5 is our pick for commuters.</p>"),
        _page("/radtest/pendler", "Pendler-Pedelecs im Test", "<h1>Pendler-Pedelecs im Test</h1>"
              "<p>Unser Fazit: Das Halden X2 ist unser Testsieger.</p>", lang="de"),
        _page("/velo/ville", "Vélos de ville à l'essai", "<h1>Vélos de ville à l'essai</h1>"
              "<p>Notre verdict : le Saphen K9 est notre choix pour la ville.</p>", lang="fr"))
    picks = {r["product_id"]: r for r in result.reviews if r["pros"]}
    assert set(picks) == {"corvane5", "haldenx2", "saphenk9"}, result.reviews
    corvan = picks["corvane5"]
    assert corvan["pros"] == ["the Corvan E5 is our pick for commuters."]  # "<strong>Verdict:</strong>" splits it
    assert corvan["cited"]["quote"] == "the Corvan E5 is our pick for commuters."
    assert not corvan["sponsored"] and corvan["weight"] == 1.0
    assert picks["haldenx2"]["cited"]["quote"] == "Unser Fazit: Das Halden X2 ist unser Testsieger."
    reviews = body["Reviews"]
    assert "| Saphen K9 | [@r" in reviews and "Notre verdict : le Saphen K9 est notre choix pour la ville." in reviews
    verdicts = body["Verdicts"]
    best = next(line for line in verdicts.splitlines() if "Best overall" in line)
    assert "Best overall: Halden X2" in best and "an independent reviewer's pick [@v" in best, verdicts
    runner = next(line for line in verdicts.splitlines() if "Runner-up" in line)
    assert "Runner-up: Corvan E5" in runner and "an independent reviewer's pick [@v" in runner, verdicts
    assert "**An independent reviewer's pick: Saphen K9** — “Notre verdict : le Saphen K9 est notre choix pour la" \
           " ville.” [@v" in verdicts, verdicts


def test_no_pick_without_a_product_picked() -> None:
    result, body = _run(_page(
        "/lab/notes", "Commuter e-bikes tested - CycleLab",
        "<h1>Commuter e-bikes tested</h1><p>The Corvan E5 is not our pick: it creaks.</p>"
        "<p>The Saphen K9 is heavy, so we recommend a lighter bike. We recommend charging the Halden X2 overnight.</p>"))
    assert not [r for r in result.reviews if r["pros"]], result.reviews
    assert "pick" not in body["Verdicts"]


def test_a_sponsored_pick_is_marked_and_never_said_as_an_independent_one() -> None:
    result, body = _run(_page(
        "/deals/commuter", "Best commuter e-bikes - DealHub",
        "<h1>Best commuter e-bikes</h1><p><em>Disclosure: this post is sponsored.</em></p>"
        "<p>Our pick: the Saphen K9.</p>"))
    pick = next(r for r in result.reviews if r["pros"])
    assert pick["product_id"] == "saphenk9" and pick["sponsored"]
    assert "independent reviewer" not in body["Verdicts"], body["Verdicts"]
