"""A new user's bike-light trial (issue 15, trial t40 shopping faults), replayed on invented head torches: a shop
page without product markup is not sold by the maker other pages name."""

from __future__ import annotations

from services.domain_shopping.offline import Analysis
from tests.shop_pages import ld, page, row, run

TORCHES = {
    "/halden/peak-900": page(
        "Halden Peak 900", "<h1>Halden Peak 900</h1><p>The Halden Peak 900 is a head torch.</p><table>"
        + row("Weight", "88 g") + row("Runtime", "4 h") + "</table>",
        head=ld('{"@context": "https://schema.org", "@type": "Product", "name": "Halden Peak 900", '
                '"brand": "Halden", "offers": {"@type": "Offer", "price": "89.00", "priceCurrency": "USD"}}')),
    "/trailshop/halden-peak-900": page(
        "Halden Peak 900", "<h1>Halden Peak 900</h1><p>Halden Peak 900 head torch, 88 g.</p>"
        "<p class='price'>Now $69.00 <s>$89.00</s></p><p>In stock. Add to cart.</p>"),
}


def test_a_shop_page_without_markup_is_not_sold_by_the_brand_other_pages_name() -> None:
    # t40 fault 10: VeloMart's sale page for the Vexa Nightline 1500 showed merchant "Vexa", the maker, because the
    # product's brand (from the maker's JSON-LD) was the fallback for any page; the maker's own Offer keeps it
    result = run("What's the best head torch under $100?", TORCHES)
    by_price = {o["price"]: o["merchant"] for o in result.offers}
    assert by_price.get(89.0) == "Halden", result.offers
    assert 69.0 in by_price and by_price[69.0] != "Halden", result.offers


def spec_page(name: str, brand: str, rows: str, lang: str = "en", listing: str = "dl") -> str:
    table = (f"<dl>{rows}</dl>" if listing == "dl" else f"<table>{rows}</table>")
    return page(name, f"<h1>{name}</h1><p>The {name} is a head torch by {brand}.</p>{table}", lang=lang,
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": "{brand}"}}'))


def dl(key: str, value: str) -> str:
    return f"<dt>{key}</dt><dd>{value}</dd>"


LAMPS = {
    "/halden/peak-900": spec_page("Halden Peak 900", "Halden", row("Brightness", "900 lm") + row("Weight", "88 g")
                                  + row("Water resistance", "IPX4"), listing="table"),
    "/orsa/ridge-700": spec_page("Orsa Ridge 700", "Orsa", row("Lumens", "700 lm") + row("Weight", "92 g")
                                 + row("Waterproof rating", "IPX7"), listing="table"),
    "/nebbia/fjell-500": spec_page("Nebbia Fjell 500", "Nebbia", dl("Lichtstrom", "500 Lumen") + dl("Gewicht", "70 g")
                                   + dl("Ladezeit", "2,5 Std.") + dl("Schutzart", "IPX6"), lang="de-DE"),
}


def matrix(result: Analysis) -> str:
    return str(next(s["body"] for s in result.sections if s["heading"] == "Spec matrix"))


def test_a_lamps_lumens_are_one_column_whatever_the_page_calls_them() -> None:
    # t40 fault 8: "Brightness 1200 lm", "Lumens 800 lm" and "Output" were three columns (brightness was luminance
    # in nits only), "Water resistance" / "Waterproof rating" two, and the German "Lichtstrom" / "Schutzart" rows
    # were not read at all; the unit decides: lm is luminous flux, nits or cd/m² a screen's brightness
    table = matrix(run("Which head torch should I buy?", LAMPS))
    header = table.splitlines()[0]
    assert header.count("luminous flux") == 1 and "lumens" not in header and "brightness" not in header, table
    assert header.count("water resistance") == 1 and "waterproof" not in header, table
    nebbia = next(line for line in table.splitlines() if line.startswith("| Nebbia Fjell 500"))
    assert "500 Lumen" in nebbia and "IPX6" in nebbia, table
    assert "2,5 Std. (= 2.5 h)" in nebbia, table  # the README's "24 Std. (= 24 h)", with a decimal comma


def test_the_unit_tells_a_lamps_light_output_from_a_screens_brightness() -> None:
    from services.domain_shopping.attributes import canonical_name
    from services.domain_shopping.units import read_quantity

    def named(name: str, value: str) -> str | None:
        q = read_quantity(value)
        return canonical_name(name, q.kind if q else None)

    assert named("Brightness", "1200 lm") == named("Output", "800 lumens") == "luminous flux"
    assert named("Lichtstrom", "600 Lumen") == named("Flux lumineux", "300 lm") == "luminous flux"
    assert named("Brightness", "400 nits") == named("Helligkeit", "500 cd/m²") == "brightness"
    assert named("Schutzart", "IPX6") == named("Waterproof rating", "IPX7") == "water resistance"
