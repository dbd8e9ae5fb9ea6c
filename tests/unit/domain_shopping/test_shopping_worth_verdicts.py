"""An independent test's own verdict on whether a product is worth buying decides "Is the X worth it?" (issue 15,
trial t53s S6: "Yes: ... the best value of the 4 products ranked" at 1.00 high, while the test said the product
was "not worth it for reading novels ... worth it only if you annotate PDFs"; its value was earned against no other
product's price). Invented coffee grinders."""

from __future__ import annotations

import re

from services.domain_shopping.pages import WorthVerdict, worth_verdicts
from services.synthesizer.domain import one_shopping_winner, place_domain_sections
from tests.shop_pages import ld, page, row, run, verdicts
from tests.unit.test_shopping_one_winner import a_report, a_run, sources


def maker(name: str, brand: str, burrs: str, price: str | None) -> str:
    offer = f', "offers": {{"@type": "Offer", "price": "{price}", "priceCurrency": "USD"}}' if price else ""
    return page(f"{name} coffee grinder - {brand}",
                f"<h1>{name} coffee grinder</h1><p>The {name} is a coffee grinder.</p>"
                f"<table>{row('Burr size', burrs)}</table>",
                head=ld(f'{{"@context": "https://schema.org", "@type": "Product", "name": "{name}", '
                        f'"brand": {{"@type": "Brand", "name": "{brand}"}}{offer}}}'))


def lab(verdict: str, affiliate: bool = False) -> str:
    disclosure = "<p>This post contains affiliate links; we earn a commission.</p>" if affiliate else ""
    return page("We tested three coffee grinders - GrindLab",
                f"<h1>We tested three coffee grinders</h1>{disclosure}<p>We ground 5 kg of beans with each.</p>"
                "<p>The Ostra M2 is our best overall pick: it was the most even.</p>"
                f"<h2>Is the Corvel G5 worth it?</h2><p>{verdict}</p>")


#: the grinder asked about is the only one a shop prices; the others' makers give no price
SITE = {"/corvel/g5": maker("Corvel G5", "Corvel", "64 mm", "240.00"),
        "/ostra/m2": maker("Ostra M2", "Ostra", "58 mm", None),
        "/pallo/p1": maker("Pallo P1", "Pallo", "40 mm", None)}


def first(question: str, site: dict[str, str]) -> str:
    """The verdicts' first line, each citation marker written "[@v]"."""
    return re.sub(r"\[@v\d+\]", "[@v]", verdicts(run(question, site)).split("\n")[0])


def test_a_verdict_worth_it_only_in_one_case_answers_no_but_in_that_case() -> None:
    said = ("The Corvel G5 is not worth it for filter coffee: it costs $240 and grinds slowly. "
            "It is worth it only if you brew espresso every day.")
    answer = first("Is the Corvel G5 worth it?", SITE | {"/lab/grinders": lab(said)})
    assert answer == ("**No, only if you brew espresso every day:** an independent test or review says: “The Corvel "
                      "G5 is not worth it for filter coffee: it costs $240 and grinds slowly” [@v]; “It is worth it "
                      "only if you brew espresso every day” [@v]."), answer


def test_a_plain_verdict_answers_no_or_yes() -> None:
    answer = first("Is the Corvel G5 a good buy?", SITE | {"/lab/grinders": lab(
        "The Corvel G5 is not worth the money: the Ostra M2 grinds as evenly.")})
    assert answer == ("**No:** an independent test or review says: “The Corvel G5 is not worth the money: the Ostra "
                      "M2 grinds as evenly” [@v]."), answer
    answer = first("Is the Corvel G5 worth it?", SITE | {"/lab/grinders": lab(
        "The Corvel G5 is worth every penny if you drink espresso.")})
    assert answer == ("**Yes:** an independent test or review says: “The Corvel G5 is worth every penny if you drink "
                      "espresso” [@v]."), answer


def test_an_affiliate_pages_verdict_decides_nothing_nor_does_a_value_against_no_other_price() -> None:
    site = SITE | {"/lab/grinders": lab("The Corvel G5 is worth every penny.", affiliate=True)}
    said = verdicts(run("Is the Corvel G5 worth it?", site))
    assert not said.startswith("**Yes"), said
    # the only product priced is no "best value": no other product's price weighs against it
    assert ("- **Best value:** not compared: only the Corvel G5 has a purchase price found (240.00 USD [@v"
            in said), said
    assert "**Best value: Corvel G5**" not in said, said


def test_worth_verdicts_read_a_pages_sentences() -> None:
    text = ("Is the Tarvo 3 worth it? The Tarvo 3 is not worth the money unless you need a timer. We tested whether "
            "the Brenn 2 is worth it. The Brenn 2 is only worth it when on sale. The Brenn 2 is worth buying for "
            "students.")
    assert worth_verdicts(text) == [
        WorthVerdict("The Tarvo 3 is not worth the money unless you need a timer", "only", "if you need a timer", 19,
                     "Is the Tarvo 3 worth it?"),
        WorthVerdict("The Brenn 2 is only worth it when on sale", "only", "when on sale", 20,
                     "We tested whether the Brenn 2 is worth it"),
        WorthVerdict("The Brenn 2 is worth buying for students", "yes", "", 15,
                     "The Brenn 2 is only worth it when on sale")]


def test_the_general_lead_adds_no_second_verdict_nor_repeats_a_quoted_sentence() -> None:
    run_ = a_run("**No, only if you clean daily:** an independent test or review says: “The Dustra V8 is not worth "
                 "it for large homes” [@v1]; “It is worth it only if you clean daily” [@v1].\n\n"
                 "- **Best overall: Nimbo K3** — ranked first (180 min [@v1]).")
    report = a_report()
    report = report.model_copy(update={"markdown": report.markdown.replace(
        "## Answer\n\nIt is the best robot vacuum you can buy [1]. ",
        "## Answer\n\nYes: The Dustra V8 is worth it only if you clean daily [1]. ")})
    out = one_shopping_winner(place_domain_sections(report, run_, sources()), run_)
    answer = out.markdown.split("## Answer", 1)[1].split("\n## ", 1)[0]
    assert answer.strip().startswith("No, only if you clean daily: an independent test or review says:"), answer
    assert "Yes:" not in answer and "worth it only if you clean daily [" not in answer, answer
    assert "The DUSTRA V-8 Robot Vacuum Cleaner climbs thresholds of up to 2 cm" in answer, answer


def test_a_makers_title_describing_the_product_names_no_merchant() -> None:
    site = {"/corvel/g5": page("Corvel G5 - 64 mm flat burr grinder",
                               "<h1>Corvel G5</h1><p>The Corvel G5 is a coffee grinder.</p>"
                               f"<table>{row('Burr size', '64 mm')}</table>",
                               head=ld('{"@context": "https://schema.org", "@type": "Product", "name": "Corvel G5", '
                                       '"brand": {"@type": "Brand", "name": "Corvel"}, "offers": {"@type": "Offer", '
                                       '"price": "240.00", "priceCurrency": "USD"}}'))}
    offers = run("How much is the Corvel G5?", site).offers
    # "64 mm flat burr grinder" describes the product: the maker's own offer is the brand's
    assert [o["merchant"] for o in offers] == ["Corvel"], offers
