"""A review page's headline and labelled values (issue 15, trial t16): "Price at the time of testing: 399 EUR."
after "The Moktari Piccolo is ready in 3 seconds ..." became a claim naming no product, and the report glued the
page's headline before it ("We tested three home espresso machines: Price at the time of testing: 399 EUR [2]").
A labelled value that names nothing is its paragraph's subject's (or no claim), and a headline is never a label."""

from __future__ import annotations

from services.claim_extractor.offline import extract_claims
from services.synthesizer.offline import _labelled, synthesize
from tests.claim_pages import web_claim, web_sources

REVIEW = ("We tested three home espresso machines\n"
          "The Caffaro Linea S was the quietest machine in our test at 58 dB, but it takes 45 seconds to warm up.\n"
          "The Moktari Piccolo is ready in 3 seconds, but at 70 dB it is the loudest. Price at the time of testing: "
          "399 EUR.\n"
          "Rating: Caffaro Linea S 4.6/5, Brevona Duo 2 4.3/5, Moktari Piccolo 3.9/5.\n"
          "Price at the time of testing: 449 EUR.\n")


def test_a_labelled_value_naming_nothing_is_its_paragraphs_subjects_or_no_claim() -> None:
    claims = {REVIEW[c.start:c.end]: c.text for c in extract_claims(REVIEW, title="We tested three home espresso "
                                                                                  "machines")}
    assert claims["Price at the time of testing: 399 EUR."] == ("The Moktari Piccolo's price at the time of testing: "
                                                                "399 EUR.")
    assert "Price at the time of testing: 449 EUR." not in claims  # its own paragraph names nothing: no claim
    rating = "Rating: Caffaro Linea S 4.6/5, Brevona Duo 2 4.3/5, Moktari Piccolo 3.9/5."
    assert claims[rating] == rating  # a labelled sentence that names its products is kept as written
    # on a page about one product, the page's product
    page = "The Lumo R5 is a robot vacuum.\nBattery life: up to 180 minutes per charge.\n"
    assert [c.text for c in extract_claims(page, title="Lumo R5")][1] == ("The Lumo R5's battery life: up to 180 "
                                                                          "minutes per charge.")




def test_a_headline_or_a_sentence_naming_its_model_gets_no_title_label() -> None:
    sources = web_sources({"r": "We tested three home espresso machines", "d": "Siebträger im Test",
                        "w": "Achimenes", "s": "We Are the World"})
    assert _labelled(web_claim("r", "Price at the time of testing: 399 EUR."), sources) == ""
    assert _labelled(web_claim("d", "Die Brevona Duo 2 ist nach 25 Sekunden betriebsbereit."), sources) == ""
    # a title that names what the sentence is about still labels it
    assert _labelled(web_claim("w", "The genus has 25 species."), sources) == "Achimenes: "
    assert _labelled(web_claim("s", "The song was recorded in one night in 1985."), sources) == "We Are the World: "
    report = synthesize("What does the Moktari Piccolo cost?",
                        [web_claim("r", "The Moktari Piccolo costs 399 EUR at the time of testing.")], sources).markdown
    assert "We tested three home espresso machines: " not in report
