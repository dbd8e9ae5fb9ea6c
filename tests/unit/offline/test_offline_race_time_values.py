"""Two pages giving one race record as different race times disagree on the times as written (task h85, trial t63
Q15): "set the men's course record of 2:07:41" against a forum's "The men's course record is 2:08:14" was said
"The sources disagree: 14 [3]; 41 per ..." (the clock pattern read "2:07" and "2:08" as times of day, leaving "41"
and "14" as plain numbers). A race time (``shared.text.records.race_seconds``) is one duration in seconds
(``services.synthesizer.offline.find_disagreements``)."""

from __future__ import annotations

from services.synthesizer.offline import find_disagreements
from tests.claim_pages import listed_claims

PAGES = {
    "enc": ("Velsmoor Harbour Marathon", [
        "Arvo Tenner set the men's course record of 2:09:12 in 2016.",
        "The race starts at 08:30 on Quay Street."]),
    "forum": ("Forum: Velsmoor marathon - worth it?", [
        "The men's course record is 2:10:47 by Arvo Tenner, so it's a fast course.",
        "The race starts at 08:30 on Quay Street, so get there early."]),
}


def test_race_times_disagree_as_written() -> None:
    claims, sources = listed_claims(PAGES)
    found = find_disagreements(claims, {sid: s.title for sid, s in sources.items()})
    shown = [sorted(v for _k, v in d.values) for d in found]
    assert shown == [["2:09:12", "2:10:47"]], found


def test_one_race_time_written_alike_is_no_disagreement() -> None:
    pages = {"enc": PAGES["enc"], "forum": ("Forum: Velsmoor marathon - worth it?", [
        "The men's course record is 2:09:12 by Arvo Tenner, so it's a fast course."])}
    claims, sources = listed_claims(pages)
    assert find_disagreements(claims, {sid: s.title for sid, s in sources.items()}) == []
