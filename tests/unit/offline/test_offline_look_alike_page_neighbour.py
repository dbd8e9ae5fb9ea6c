"""A look-alike's own page that names the asked thing beside its subject is still the look-alike's (task h153,
trial t76 Q06/Q08/Q09): "When was the Brannock Pass road opened?" over the page "The Little Brannock Pass", whose
first sentence calls it "a quieter neighbour of the better-known Brannock Pass", led that page's "The road was opened
in 1894; it was designed by the engineer ..." (a sentence naming neither pass) over the asked road's own "The Brannock
Pass road was opened to traffic on 3 June 1871", and the report said "Not established". A sentence naming the page's
own subject beside the asked name tells the two apart: it does not make the page the asked one's
(``services.synthesizer.offline.prefixed_others``)."""

from __future__ import annotations

from services.synthesizer.offline import prefixed_others
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report

PAGES = {
    "little": ("The Little Brannock Pass", [
        "The Little Brannock Pass is a quieter neighbour of the better-known Brannock Pass, lying 9 kilometres to "
        "the west.",
        "The Little Brannock Pass road has 7 hairpin bends.",
        "The road was opened in 1894; it was designed by the engineer Oswin Telfrey.",
    ]),
    "own": ("The Brannock Pass Road: a history", [
        "The Brannock Pass road crosses the main ridge between Harlsby and Quenmoor.",
        "The road was designed by the engineer Aldo Vescani, who also supervised its construction.",
        "The Brannock Pass road was opened to traffic on 3 June 1871.",
    ]),
}


def test_a_sentence_of_the_look_alike_page_naming_neither_is_the_look_alikes() -> None:
    claims, sources = listed_claims(PAGES)
    titles = [sources[c.source_id].title for c in claims]
    out = prefixed_others("When was the Brannock Pass road opened?", [c.text for c in claims], titles)
    by_text = dict(zip((c.text for c in claims), out))
    assert by_text["The road was opened in 1894; it was designed by the engineer Oswin Telfrey."]
    assert by_text["The Little Brannock Pass road has 7 hairpin bends."]
    assert not by_text["The Brannock Pass road was opened to traffic on 3 June 1871."]
    assert not by_text["The road was designed by the engineer Aldo Vescani, who also supervised its construction."]


def test_the_asked_roads_own_sentences_lead() -> None:
    claims, sources = listed_claims(PAGES)
    rep, _gate, answered, _total = recorded_report("When was the Brannock Pass road opened?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "3 June 1871" in lead and "1894" not in lead and answered, lead
    rep, _gate, answered, _total = recorded_report("Who designed the Brannock Pass road?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "Aldo Vescani" in lead and "Telfrey" not in lead and answered, lead
