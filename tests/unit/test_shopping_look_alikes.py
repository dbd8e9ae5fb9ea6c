"""A product whose name continues with a model suffix is another product (issue 15, trial t52s fault 4): "Where can I
buy the Voltrex V12 cheapest?" listed 6 offers, 4 of them the "Voltrex V12 Pro"'s, as the V12's, and its review rows
carried the Pro's faults. Products are told apart by the name the page gives (title, h1, JSON-LD); an offer, spec or
review belongs to the product the page names, never to a shorter name contained in it. Invented products and shops."""

from __future__ import annotations

from services.domain_shopping.offline import look_alike, written
from tests.shop_pages import ld, page, run, spec_shop, verdicts

#: the longer name's shops first: the shorter name's pages then came to a product already called "Tarvo K8 Pro"
SITE = {
    "/shop-a/k8-pro": spec_shop("Tarvo K8 Pro", "149.00", {"Max torque": "45 Nm", "Hammer mode": "Yes"}),
    "/shop-b/k8-pro": spec_shop("Tarvo K8 Pro", "139.00", {"Max torque": "45 Nm"}),
    "/shop-b/k8": spec_shop("Tarvo K8", "79.00", {"Max torque": "30 Nm", "Hammer mode": "No"}),
    "/maker/k8": spec_shop("Tarvo K8", "89.00", {"Max torque": "30 Nm", "Weight": "0.9 kg"}),
}


def _section(result: object, heading: str) -> str:
    return str(next((s["body"] for s in result.sections if s["heading"] == heading), ""))  # type: ignore[attr-defined]


def test_the_offers_of_a_longer_model_name_are_not_the_shorter_ones() -> None:
    result = run("Where can I buy the Tarvo K8 cheapest?", SITE)
    body = verdicts(result)
    assert "cheapest offer 79.00 USD" in body and "2 offers found" in body, body
    offers = _section(result, "Offers")
    assert "| Tarvo K8 Pro | " in offers and "149.00" in offers, offers
    assert not any("| Tarvo K8 |" in line and ("149.00" in line or "139.00" in line)
                   for line in offers.splitlines()), offers
    names = {str(p["name"]) for p in result.products}
    assert {"Tarvo K8", "Tarvo K8 Pro"} <= names, names


def test_a_sentence_about_the_longer_model_gives_nothing_to_the_shorter_one() -> None:
    site = {
        "/maker/k8": spec_shop("Tarvo K8", "89.00", {"Max torque": "30 Nm"}),
        "/review/k8": page("Tarvo K8 review", "<h1>Tarvo K8 review</h1><p>We used it for a month.</p><p>The Tarvo K8 Pro"
                                                 " weighs 1.6 kg with its battery.</p><p>The Tarvo K8 weighs 0.9 kg.</p>"),
    }
    matrix = _section(run("How heavy is the Tarvo K8?", site), "Spec matrix")
    assert "1.6 kg" not in matrix, matrix
    assert "0.9 kg" in matrix, matrix


def test_model_suffixes_make_look_alikes_and_selling_words_do_not() -> None:
    assert look_alike("Voltrex V12", "Voltrex V12 Pro")
    assert look_alike("Brevona Duo", "Brevona Duo 2")
    assert look_alike("Kessa Mill II", "Kessa Mill")
    assert not look_alike("Voltrex V12 Pro", "Voltrex V12 Pro Hammer Drill")
    assert not look_alike("Brakka DX20", "Brakka DX20 (Refurbished)")
    assert not written("the voltrex v12 pro drills brick", "Voltrex V12")
    assert written("the voltrex v12 has 30 nm", "Voltrex V12")
    assert written("the voltrex v12 12 v battery", "Voltrex V12")
    assert written("the voltrex v12 and the voltrex v12 pro", "Voltrex V12")


def test_a_figure_of_a_product_no_page_is_about_is_not_the_review_pages_own() -> None:
    review = ('{"@context": "https://schema.org", "@type": "Review", "itemReviewed": {"@type": "Product", "name": '
              '"Tarvo K8 Pro"}, "reviewRating": {"@type": "Rating", "ratingValue": "4.5", "bestRating": "5"}}')
    title = "Tarvo K8 Pro vs Brenn BX40: which drill?"
    site = {
        "/maker/k8-pro": spec_shop("Tarvo K8 Pro", "149.00", {"Max torque": "45 Nm"}),
        "/review/k8-pro": page(title, f"<h1>{title}</h1><p>We used both for a month.</p><p>For decks the Brenn BX40"
                                      " is the stronger drill, with 65 Nm against 45 Nm.</p>", head=ld(review)),
    }
    result = run("How much torque does the Tarvo K8 Pro have?", site)
    matrix = _section(result, "Spec matrix")
    assert "45 Nm" in matrix and "65 Nm" not in matrix, matrix
    assert "disagree" not in verdicts(result), verdicts(result)
