"""A ski area's figures (task h50, trial t59's shape, invented names and numbers): a record's top and base elevations
are two attributes of one source, and a length of pistes ("54 km of pistes") is no height, so none of them disputes
another; "at its highest point" and "highest elevation" ask the top figure; a blog's piste length against the figure
several sources agree on is said as the outlier, the agreed figure leading, at no more than medium; "slopes" are read
as the pistes."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.answer import without_place_of_most
from shared.text.sizes import extreme_words_held, size_dimensions, way_nouns
from shared.text.synonyms import same_thing
from shared.text.tables import figures_apart
from tests.claim_pages import local_claim

AREA = "Brennkogel Ski Resort"
PAGES = {"rec": (AREA, "unknown"), "enc": (AREA, "unknown"), "faq": (f"{AREA} - questions from visitors", "unknown"),
         "blog": ("Four snowy days at Brennkogel", "blog")}


def _sources() -> dict[str, SourceInfo]:
    return {sid: SourceInfo(source_id=sid, title=title, url_or_path=f"/corpus/{sid}.md", domain="local", kind=kind)
            for sid, (title, kind) in PAGES.items()}


def _claims() -> list[VerifiedClaim]:
    return [
        local_claim("r1", "rec", "The Brennkogel Ski Resort: top elevation 1960 m."),
        local_claim("r2", "rec", "The Brennkogel Ski Resort: base elevation 870 m."),
        local_claim("r3", "rec", "The Brennkogel Ski Resort: piste 54 km."),
        local_claim("e1", "enc", "The Brennkogel Ski Resort opened on 3 January 1971 with two drag lifts."),
        local_claim("e2", "enc", "The Brennkogel Ski Resort has 12 lifts and 54 km of pistes."),
        local_claim("e3", "enc", "The Brennkogel Ski Resort had a single rope tow, 410 m long."),
        local_claim("f1", "faq", "there are twelve lifts and fifty-four kilometres of pistes."),
        local_claim("b1", "blog", "The resort has 45 km of pistes, which is plenty for a long weekend."),
    ]


def _lead(question: str) -> tuple[str, str]:
    sources, claims = _sources(), _claims()
    rep = synthesize(question, claims, sources)
    return lead_section(rep.markdown), report_gate(question, rep, sources, claims).tier


def test_a_records_two_elevations_and_a_piste_length_dispute_nothing() -> None:
    claims = [c for c in _claims() if c.claim_id in ("r1", "r2", "e2")]
    assert find_disagreements(claims, {sid: t for sid, (t, _k) in PAGES.items()}) == []
    assert size_dimensions("The Brennkogel Ski Resort has 12 lifts and 54 km of pistes.") == {"length"}
    assert way_nouns("there are twelve lifts and fifty-four kilometres of pistes.") == {"piste"}
    assert way_nouns("The Brennkogel Ski Resort had a single rope tow, 410 m long.") == frozenset()


@pytest.mark.parametrize("question", ["What is the Brennkogel Ski Resort's elevation at its highest point?",
                                      "What is the highest elevation of the Brennkogel Ski Resort?"])
def test_the_highest_point_leads_the_top_elevation(question: str) -> None:
    lead, tier = _lead(question)
    assert lead == "The Brennkogel Ski Resort: top elevation 1960 m [1].", lead
    assert tier == "high"


def test_a_superlative_asks_the_figure_labelled_for_the_top() -> None:
    assert without_place_of_most("What is the Vell Hut's elevation at its highest point?") == \
        "What is the Vell Hut's elevation?"
    assert without_place_of_most("What is the name of the lake at its deepest point?") == \
        "What is the name of the lake at its deepest point?"
    asked = "What is the highest elevation of the Vell Hut?"
    assert extreme_words_held(asked, "The Vell Hut: top elevation 2210 m.") == {"highest"}
    assert extreme_words_held(asked, "The Vell Hut: base elevation 1400 m.") == frozenset()
    assert extreme_words_held("What is the elevation of the Vell Hut?", "The Vell Hut: top elevation 2210 m.") \
        == frozenset()


@pytest.mark.parametrize("noun", ["pistes", "slopes"])
def test_a_blogs_piste_length_is_the_outlier_of_the_agreed_one(noun: str) -> None:
    lead, tier = _lead(f"How long are the {noun} of the Brennkogel Ski Resort in total?")
    assert lead.startswith(f"The length of the {noun} of the Brennkogel Ski Resort in total is 54 km ["), lead
    assert "; one source, a blog, says 45 km [" in lead, lead
    assert "410 m" not in lead, lead
    assert tier in ("low", "medium")


def test_slopes_and_pistes_are_one_kind_of_way() -> None:
    assert same_thing("slopes", "pistes") and same_thing("ski run", "piste")
    assert not same_thing("slope", "lift")


def test_a_records_base_elevation_stays_out_of_a_dispute_on_the_top_one() -> None:
    claims = [c for c in _claims() if c.claim_id in ("r1", "r2")]
    claims.append(local_claim("e9", "enc", "The Brennkogel Ski Resort: top elevation 2050 m."))
    found = find_disagreements(claims, {sid: t for sid, (t, _k) in PAGES.items()})
    assert [sorted(v for _i, v in d.values) for d in found] == [["1960 m", "2050 m"]]
    assert figures_apart("Vell Hut: top elevation 2210 m.", "Vell Hut: base elevation 1400 m.")
    assert not figures_apart("Vell Hut: top elevation 2210 m.", "Vell Hut: top elevation 2250 m.")
