"""A dated news page saying a figure CHANGED ("is now 264 km long, up from 251 km") supersedes older pages' figure
for a present-tense question ("How long is <trail>?"), as it does for one asking the "current" length (task h123,
trial t67w q01/q22/q30: "312 vs 340 km" at low, the news page's newer length left out). A forum post saying the same
is no such change (h119), nor is a question asking a past figure. All names are invented."""

from __future__ import annotations

from services.synthesizer.offline import revised_lead, updates_figure
from services.synthesizer.provenance import superseded
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.sizes import states_change
from tests.claim_pages import listed_claims, noted_report

TRAIL = "Pellgarth Way"
PAGES: dict[str, tuple[str, list[str]]] = {
    "spec": (f"{TRAIL}: trail profile", [f"The {TRAIL}: length 251 km.",
                                         f"The {TRAIL} is 251 km long and is divided into 12 stages."]),
    "forum": (f"Forum: Just finished the {TRAIL}!", [f"The {TRAIL} is 280 km long and has 15 stages, so plan "
                                                     "three weeks."]),
    "news": (f"{TRAIL} diverted around Lake Ossary", [
        f"The {TRAIL} has been diverted around Lake Ossary after a flood closed the old shore path in 2023.",
        f"Following the diversion, the {TRAIL} is now 264 km long, up from 251 km."]),
}
DATES = {"spec": "2021-05-02", "forum": "2023-07-21", "news": "2024-03-12"}
HOW_LONG = f"How long is the {TRAIL}?"


def _dated(pages: dict[str, tuple[str, list[str]]], kinds: dict[str, str]
           ) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims(pages)
    for sid in sources:
        sources[sid] = sources[sid].model_copy(update={"published": DATES[sid], "kind": kinds.get(sid, "unknown"),
                                                       "domain": f"{sid}.example",
                                                       "url_or_path": f"https://{sid}.example/page"})
    return claims, sources


def test_states_change() -> None:
    assert states_change(f"Following the diversion, the {TRAIL} is now 264 km long, up from 251 km.")
    assert states_change("The runway has been extended to 3.2 km.")
    assert states_change("The tower was raised from 41 to 44 metres in 1990.")
    assert not states_change(f"The {TRAIL} is 251 km long.")
    assert not states_change("The dam was lowered by 14 metres.")  # a difference, no new figure
    assert not states_change("The path runs from Orrin to Tesk.")


def test_updates_figure_needs_a_dated_page_of_no_casual_kind_and_a_present_question() -> None:
    claims, sources = _dated(PAGES, {"forum": "forum", "news": "news"})
    news = next(c for c in claims if "now 264" in c.text)
    spec = next(c for c in claims if "251 km long and" in c.text)
    assert updates_figure(HOW_LONG, news, sources)
    assert not updates_figure(HOW_LONG, spec, sources)  # states no change
    assert not updates_figure(f"How long was the {TRAIL} in 2020?", news, sources)
    assert not updates_figure(f"Who waymarked the {TRAIL}?", news, sources)
    undated = {**sources, str(news.source_id): sources[str(news.source_id)].model_copy(
        update={"published": None, "modified": None})}
    assert not updates_figure(HOW_LONG, news, undated)
    as_forum = {**sources, str(news.source_id): sources[str(news.source_id)].model_copy(update={"kind": "forum"})}
    assert not updates_figure(HOW_LONG, news, as_forum)
    assert superseded(HOW_LONG, news, spec, sources, updated=True)
    assert not superseded(HOW_LONG, news, spec, sources)  # no "current" asked, no update read


def test_revised_lead_takes_the_update_only_when_allowed() -> None:
    texts = [f"The {TRAIL} is 251 km long.", f"Following the diversion, the {TRAIL} is now 264 km long, up from 251 km."]
    assert revised_lead(texts, [0], [0, 1]) == [0]
    assert revised_lead(texts, [0], [0, 1], {1: "2024-03-12"}) == [1]
    # an older page's other figure of the kind, which the update does not write, gives way too; a newer one does not
    texts = [f"The {TRAIL} is 280 km long.", texts[1]]
    assert revised_lead(texts, [0], [0, 1], {1: "2024-03-12"}, ["2023-07-21", "2024-03-12"]) == [1]
    assert revised_lead(texts, [0], [0, 1], {1: "2024-03-12"}, ["2025-01-02", "2024-03-12"]) == [0]
    assert revised_lead(texts, [0], [0, 1], {}, ["2023-07-21", "2024-03-12"]) == [0]


def test_a_present_length_question_leads_with_the_dated_update() -> None:
    claims, sources = _dated(PAGES, {"forum": "forum", "news": "news"})
    report, gate = noted_report(HOW_LONG, claims, sources)
    lead = lead_section(report.markdown)
    assert "264 km" in lead, lead
    assert "disagree" not in lead and "280" not in lead, lead


def test_a_forum_post_saying_the_change_updates_nothing() -> None:
    pages = {**PAGES, "news": (f"Forum: {TRAIL} diverted?", [f"Following the diversion, the {TRAIL} is now 264 "
                                                             "km long, up from 251 km."])}
    claims, sources = _dated(pages, {"forum": "forum", "news": "forum"})
    report, _gate = noted_report(HOW_LONG, claims, sources)
    lead = lead_section(report.markdown)
    assert "disagree" in lead and not lead.startswith("Following the diversion"), lead
