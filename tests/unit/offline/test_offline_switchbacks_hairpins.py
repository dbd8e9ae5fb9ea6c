"""A switchback is a hairpin bend (task h153, trial t76 Q05): "How many switchbacks ...?" found no sentence counting
the noun asked, as the road's pages count "hairpin bends", and the report said "Not established". The near-synonym
lexicon (``shared.text.synonyms.NEAR_SYNONYMS``) names them one kind of thing."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.synonyms import same_thing
from tests.claim_pages import listed_claims, recorded_report


def test_switchback_and_hairpin_bend_are_one_thing() -> None:
    assert same_thing("switchbacks", "hairpin bends")
    assert same_thing("switchback", "hairpin")
    assert not same_thing("switchback", "bend")


def test_a_count_of_hairpin_bends_answers_switchbacks() -> None:
    pages = {
        "road": ("Skarnel Pass road", [
            "The Skarnel Pass road crosses the ridge between Ulbrig and Dessana.",
            "The Skarnel Pass road climbs through 21 hairpin bends.",
            "The road is 33.4 kilometres long.",
        ]),
    }
    claims, sources = listed_claims(pages)
    rep, gate, _answered, _total = recorded_report("How many switchbacks does the Skarnel Pass road have?", claims,
                                                   sources)
    lead = lead_section(rep.markdown)
    assert lead.startswith("The Skarnel Pass road climbs through 21 hairpin bends"), lead
    assert not gate.signals.get("not_established"), gate
