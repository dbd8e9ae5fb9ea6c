"""Trial t67w q04/q10/q23/q24 (the trails, fells and pages here are invented): three confident wrong answers about
a long-distance trail and its neighbour.

- "What is the highest point of <trail>?" asks for a named part of one thing (its highest point, and its figure),
  not which of the things compared ranks highest: the superlative reader ranked every row giving a length and led
  "The highest point of <trail> is 187 km (<other trail>)" at high. Rule (``verdicts._owned_part``): a superlative
  of a part of a thing it names ("the highest point of X", "the longest stage of X") ranks only claims that write
  the part's noun and name X (no look-alike), whose row key or opening name is no name of X itself; a bare article
  opens no name (``verdicts._opening_name``).
- "Which is longer / shorter, A or B?" compared A's highest point "1,147 m" (a table row "A: highest point Pike,
  1,147 m") with B's length "187 km". Rule: a row's figure is of the dimension its cell's head says
  (``verdicts._cell_head``: "highest point" is a height, no length), and "shorter" asks a length as "longer" does
  (``verdicts.asked_dimension``).
- "How high is the highest point of <trail>?" led a forum post's "1,247 m" over a trail page's "1,147 m", saying
  the page's as "An older source (2021) gives ...": a newer date is no update when the newer page is a forum post
  or a blog, nor when more independent pages give the older figure (``offline.older_values``).
"""

from __future__ import annotations

import pytest

from services.synthesizer.offline import find_disagreements, older_values
from services.synthesizer.verdicts import (
    _opening_name,
    asked_dimension,
    decide_choice,
    decide_extreme,
    figure_of_dimension,
)
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

TRAIL = "Harrow Coast Path"
OTHER = "Pendry Moor Way"
PAGES: dict[str, tuple[str, list[str]]] = {
    "other": (f"{OTHER}: route facts", [f"{OTHER}: length 163 km.", f"{OTHER}: stages 8.",
                                         f"{OTHER}: highest point Dunwick Fell, 1,204 m.",
                                         f"The {OTHER}'s highest point is Dunwick Fell, 1,204 metres above sea level.",
                                         f"The {OTHER} is 163 km long and is walked in 8 stages."]),
    "spur": (f"Little {TRAIL}: the spur", [f"Little {TRAIL}: length 38 km.",
                                             f"The highest point of the Little {TRAIL} is Sellick Hill at 488 metres."]),
    "trail": (f"{TRAIL}: trail profile", [f"The {TRAIL}: highest point Kell Top, 905 m.",
                                          f"The highest point of the {TRAIL} is Kell Top at 905 metres, crossed on "
                                          "stage 6.",
                                          f"The {TRAIL} is 214 km long and is divided into 11 stages."]),
}


def _texts_titles() -> tuple[list[str], list[str]]:
    texts = [t for _title, sentences in PAGES.values() for t in sentences]
    titles = [title for title, sentences in PAGES.values() for _t in sentences]
    return texts, titles


def test_an_article_alone_opens_no_name() -> None:
    assert _opening_name(f"The highest point of the {TRAIL} is Kell Top at 905 metres.") == ""
    assert _opening_name(f"The {OTHER}'s highest point is Dunwick Fell.") == f"{OTHER}'s"
    assert _opening_name("The Skarvik Lighthouse is 32 metres tall.") == "Skarvik Lighthouse"


def test_the_highest_point_of_a_named_thing_ranks_no_other_things() -> None:
    texts, titles = _texts_titles()
    question = f"What is the highest point of the {TRAIL}?"
    # the other trail's and the spur's lengths and heights are no points of the trail asked
    assert decide_extreme(question, texts, titles, list(range(len(texts)))) is None
    claims, sources = listed_claims(PAGES)
    report, gate = noted_report(question, claims, sources)
    lead = lead_section(report.markdown)
    assert "Kell Top" in lead, lead
    assert " km" not in lead and "Dunwick" not in lead and "Sellick" not in lead, lead


def test_the_longest_part_of_a_named_thing_is_still_ranked_among_its_parts() -> None:
    stages = ["Stage 4: length 19 km, ends Orlby.", "Stage 6: length 27 km, ends Kell.",
              "Stage 9: length 23 km, ends Tarn.", f"{OTHER}: length 163 km."]
    titles = [f"{TRAIL} stage by stage"] * 3 + [f"{OTHER}: route facts"]
    extreme = decide_extreme(f"What is the longest stage of the {TRAIL}?", stages, titles, [0, 1, 2, 3])
    assert extreme is not None and extreme.names == ("6",) and extreme.values == ("27 km",)


def test_a_rows_figure_is_of_the_dimension_its_cell_heads() -> None:
    row = f"The {TRAIL}: highest point Kell Top, 905 m."
    at = row.index("905")
    assert not figure_of_dimension("length", row, at)
    assert figure_of_dimension("height", row, at)
    length_row = f"{OTHER}: length 163 km."
    assert figure_of_dimension("length", length_row, length_row.index("163"))
    options = [TRAIL, OTHER]
    assert asked_dimension(f"Which is shorter, the {TRAIL} or the {OTHER}?", options) == "length"
    assert asked_dimension(f"Which is longer, the {TRAIL} or the {OTHER}?", options) == "length"
    assert asked_dimension(f"Which is lower, the {TRAIL} or the {OTHER}?", options) == "height"


@pytest.mark.parametrize(("question", "winner", "values"), [
    (f"Which is longer, the {TRAIL} or the {OTHER}?", TRAIL, ("214 km", "163 km")),
    (f"Which is shorter, the {TRAIL} or the {OTHER}?", OTHER, ("163 km", "214 km")),
])
def test_a_choice_by_length_compares_lengths_only(question: str, winner: str, values: tuple[str, str]) -> None:
    texts, titles = _texts_titles()
    # the trail's height row ranks first, as the spec table's rows did
    first = texts.index(f"The {TRAIL}: highest point Kell Top, 905 m.")
    order = [first, *[i for i in range(len(texts)) if i != first]]
    choice = decide_choice(question, texts, titles, order)
    assert choice is not None, question
    assert choice.options[0] == winner and choice.values == values


FORUM_PAGES: dict[str, tuple[str, list[str]]] = {
    "forum": (f"Forum: Just walked the {TRAIL}!", ["The highest point is Kell Top at 1,005 m and the wind up there "
                                                   "was wild."]),
    "trail": (f"{TRAIL}: trail profile", [f"The highest point of the {TRAIL} is Kell Top at 905 metres, crossed on "
                                          "stage 6."]),
}


def _dated(pages: dict[str, tuple[str, list[str]]], dates: dict[str, str], kinds: dict[str, str]
           ) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    for sid in sources:
        sources[sid] = sources[sid].model_copy(update={"published": dates[sid], "kind": kinds.get(sid, "unknown"),
                                                       "domain": f"{sid}.example",
                                                       "url_or_path": f"https://{sid}.example/page"})
    return claims, sources


HOW_HIGH = f"How high is the highest point of the {TRAIL}?"


def _older(claims: list[VerifiedClaim], sources: dict[str, SourceInfo], lead: int) -> list[tuple[int, str, int]]:
    """The values the lead claim ``lead`` would call older, as the synthesizer reads them (or [])."""
    found = find_disagreements(claims, {sid: s.title for sid, s in sources.items()})
    assert len(found) == 1, found
    return older_values(HOW_HIGH, found[0], claims, {claims[lead].claim_id}, sources)


def test_a_newer_forum_post_is_no_update_of_a_measured_figure() -> None:
    claims, sources = _dated(FORUM_PAGES, {"forum": "2023-07-21", "trail": "2021-05-02"}, {"forum": "forum"})
    assert _older(claims, sources, 0) == []  # the forum's 1,005 m makes the page's 905 m no older figure
    report, gate = noted_report(HOW_HIGH, claims, sources)
    lead = lead_section(report.markdown)
    assert "An older source" not in lead and "905" in lead, lead
    assert gate.tier != "high"
    # the same newer sentence on a news page is an update: the page's figure is said as the older one
    news, news_sources = _dated(FORUM_PAGES, {"forum": "2023-07-21", "trail": "2021-05-02"}, {"forum": "news"})
    assert _older(news, news_sources, 0) == [(1, "905 metres", 2021)]


def test_several_pages_agreeing_on_an_older_figure_are_not_outdated_by_one_newer_page() -> None:
    pages = {**FORUM_PAGES,
             "guide": (f"{TRAIL} walking guide", [f"The highest point of the {TRAIL} is Kell Top at 905 m."])}
    claims, sources = _dated(pages, {"forum": "2023-07-21", "trail": "2021-05-02", "guide": "2022-03-01"}, {})
    assert _older(claims, sources, 0) == []
    report, _gate = noted_report(HOW_HIGH, claims, sources)
    lead = lead_section(report.markdown)
    assert "An older source" not in lead and "905" in lead, lead
