"""Disagreement said out loud (issue 9, item 4): which claims disagree on a date, however they are worded, and which
give values of different things (``services.synthesizer.offline.find_disagreements``, ``synthesize``)."""

from __future__ import annotations

import re

import pytest

from services.synthesizer.offline import find_disagreements, synthesize
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim


def _claim(cid: str, sid: str, text: str, verdict: str = "supported") -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict=verdict, stability=1.0, spans=[span])


def _years(a: str, b: str, titles: tuple[str, str] = ("Drennic Harbour", "History of Drennic Harbour")) -> list[str]:
    found = find_disagreements([_claim("a", "s1", a), _claim("b", "s2", b)], {"s1": titles[0], "s2": titles[1]})
    return [v for d in found for _i, v in d.values]


@pytest.mark.parametrize("a,b,values", [
    ("The harbour was founded in 1810 by fishermen.", "Drennic Harbour was established in 1811.", ["1810", "1811"]),
    ("Drennic Harbour was founded in 1810.",
     "Drennic Harbour was founded in 1811 by fishermen from the northern coast of Lissa.", ["1810", "1811"]),
    ("Drennic Harbour was founded in 1810.", "Fishermen founded Drennic Harbour in 1811.", ["1810", "1811"]),
    ("Drennic Harbour was founded on 12 March 1810.", "Drennic Harbour was founded on March 12, 1811.",
     ["12 March 1810", "March 12, 1811"]),
    ("Drennic Harbour was founded in 1810.", "The founding of Drennic Harbour dates to 1811.", ["1810", "1811"]),
    ("Drennic Harbour (founded 1810) is a port.", "Drennic Harbour, established in 1811 according to the parish "
     "register, grew around a small bay.", ["1810", "1811"]),
    ("Ann Lee was born on 3 May 1950 in Drennic.", "Ann Lee (born 4 May 1950) is a harbour engineer.",
     ["3 May 1950", "4 May 1950"]),
    ("Drennic Harbour was founded in 1810 and its pier was built in 1850.", "Drennic Harbour's pier was built in 1851.",
     ["1850", "1851"]),
])
def test_dates_of_one_event_disagree_however_they_are_worded(a: str, b: str, values: list[str]) -> None:
    assert _years(a, b) == values


@pytest.mark.parametrize("a,b,titles", [
    ("Drennic Harbour was founded in 1810.", "Drennic Harbour's fishing school was founded in 1811.",
     ("Drennic Harbour", "Drennic Harbour")),
    ("Drennic Harbour was founded in 1810.", "The lighthouse of Drennic Harbour was built in 1861.",
     ("Drennic Harbour", "Drennic Harbour")),
    ("Neil Peart was born in 1952.", "Neil Peart joined Rush in 1974.", ("Neil Peart", "Rush (band)")),
    ("Counterparts was released in 1993.", "Counterparts was released in 1994 as a single.",
     ("Counterparts (album)", "Counterparts (song)")),
    ("The film was released in 1995.", "The novel was published in 1993.", ("Heat (film)", "Heat (novel)")),
    ("Stewart Copeland was born in 1952.", "Neil Peart was born in 1953.", ("Stewart Copeland", "Neil Peart")),
    ("In 2019 the town of Kora had 1,200 inhabitants.", "In 2020 the town of Kora had 1,450 inhabitants.",
     ("Kora", "Kora")),
])
def test_dates_and_values_of_different_things_are_no_contradiction(a: str, b: str, titles: tuple[str, str]) -> None:
    assert _years(a, b, titles) == []


def _sources(*titles: str) -> dict[str, SourceInfo]:
    return {f"s{i}": SourceInfo(source_id=f"s{i}", title=t, url_or_path=f"http://x.test/{i}", domain=f"x{i}.test")
            for i, t in enumerate(titles, start=1)}


def test_a_founding_year_in_other_words_is_said_to_disagree_in_the_answer() -> None:
    claims = [_claim("a", "s1", "The town was founded in 1810 by fishermen who had left the harbour of Drennic."),
              _claim("b", "s1", "Port Vellan is a fishing town on the northern coast of the Lissa peninsula."),
              _claim("c", "s2", "Port Vellan, established in 1811 according to the parish register, grew around a "
                                "small natural bay.")]
    rep = synthesize("When was Port Vellan founded?", claims, _sources("Port Vellan", "History of Port Vellan"))
    answer = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    m = re.search(r"The sources disagree: 1810 \[(\d)\]; 1811 \[(\d)\]\.", answer)
    assert m and m.group(1) != m.group(2), rep.markdown
    assert {c.claim_id for c in rep.citations} >= {"a", "c"}


def test_contested_values_are_stated_with_their_own_sources_and_never_a_passage_against_them() -> None:
    heights = ("1,200", "1,450", "1,380")
    claims = []
    for i, h in enumerate(heights, start=1):
        text = f"The summit of Mount Kora is {h} m above sea level."
        own = EvidenceCandidate(source_id=f"s{i}", domain="", start=0, end=len(text), text=text, retrieval_score=1.0)
        other = heights[i % 3]
        against = EvidenceCandidate(source_id=f"s{i % 3 + 1}", domain="", start=0, end=len(text),
                                    text=text.replace(h, other), retrieval_score=2.0, label="contradicts")
        claims.append(VerifiedClaim(claim_id=f"h{i}", source_id=f"s{i}", text=text, verdict="contested",
                                    stability=0.6, spans=[against, own]))
    walk = "Walkers reach the summit from the village of Kora in about five hours."
    claims.append(_claim("w", "s1", walk))
    rep = synthesize("How high is the summit of Mount Kora?", claims, _sources("Kora 1", "Kora 2", "Kora 3"))
    answer = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()
    assert answer.startswith("The sources disagree on the height of the summit of Mount Kora: 1,200 m ["), rep.markdown
    by_claim = {c.claim_id: c for c in rep.citations}
    for i, h in enumerate(heights, start=1):
        cited = by_claim[f"h{i}"]
        assert cited.source_id == f"s{i}" and h in cited.quote  # its own page, never the passage against it
        assert f"{h} m [{cited.n}]" in answer
    # nothing but contested values: the disagreement is the whole answer
    only = synthesize("How high is the summit of Mount Kora?", claims[:3], _sources("Kora 1", "Kora 2", "Kora 3"))
    assert "The sources disagree on the height of the summit of Mount Kora: 1,200 m [" in only.markdown and "no verified evidence" not in only.markdown.lower()


def _amounts(a: str, b: str) -> list[str]:
    found = find_disagreements([_claim("a", "s1", a), _claim("b", "s2", b)], {"s1": "Mount Kora", "s2": "Kora"})
    return [v for d in found for _i, v in d.values]


@pytest.mark.parametrize("a,b,values", [
    ("The summit of Mount Kora is 1,200 m above sea level.", "The summit of Mount Kora is 1.45 km above sea level.",
     ["1,200 m", "1.45 km"]),
    ("The summit of Mount Kora is 1,200 metres above sea level.", "The summit of Mount Kora is 4,500 feet above sea "
     "level.", ["1,200 metres", "4,500 feet"]),
    ("The valley of Mount Kora has 3 million inhabitants.", "The valley of Mount Kora has 3,400,000 inhabitants.",
     []),  # 3,400,000 is "3 million" to the one digit it is written with
    ("The valley of Mount Kora has 3.1 million inhabitants.", "The valley of Mount Kora has 3,400,000 inhabitants.",
     ["3.1 million inhabitants", "3,400,000 inhabitants"]),
    ("The glacier of Mount Kora weighs 2 million tonnes.", "The glacier of Mount Kora weighs 2,400,000 tonnes.",
     []),
    ("The glacier of Mount Kora weighs 2.0 million tonnes.", "The glacier of Mount Kora weighs 2,600,000 tonnes.",
     ["2.0 million tonnes", "2,600,000 tonnes"]),
])
def test_amounts_in_other_units_or_scales_that_differ_disagree(a: str, b: str, values: list[str]) -> None:
    assert _amounts(a, b) == values


@pytest.mark.parametrize("a,b", [
    ("The summit of Mount Kora is 1,200 m above sea level.", "The summit of Mount Kora is 1.2 km above sea level."),
    ("The summit of Mount Kora is 1,219 m above sea level.", "The summit of Mount Kora is 4,000 ft above sea level."),
    ("The valley of Mount Kora has 3 million inhabitants.", "The valley of Mount Kora has 3,000,000 inhabitants."),
    ("The valley of Mount Kora has 2.5 million inhabitants.", "The valley of Mount Kora has 2,500,000 inhabitants."),
    ("The glacier of Mount Kora weighs 3 tonnes.", "The glacier of Mount Kora weighs 3,000 kg."),
    # amounts of different years are about different times
    ("In 2019 the valley of Mount Kora had 3 million inhabitants.",
     "In 2021 the valley of Mount Kora had 3,600,000 inhabitants."),
])
def test_one_amount_written_in_other_units_or_scales_is_no_disagreement(a: str, b: str) -> None:
    assert _amounts(a, b) == []


def test_the_report_states_amounts_in_other_units_that_differ_with_their_sources() -> None:
    claims = [_claim("a", "s1", "The summit of Mount Kora is 1,200 m above sea level."),
              _claim("b", "s2", "The summit of Mount Kora is 1.45 km above sea level.")]
    rep = synthesize("How high is the summit of Mount Kora?", claims, _sources("Mount Kora", "Kora range"))
    answer = rep.markdown.split("## Answer", 1)[1].split("##", 1)[0]
    m = re.search(r"The sources disagree on the height of the summit of Mount Kora: 1,200 m \[(\d)\]; 1\.45 km \[(\d)\]\.", answer)
    assert m and m.group(1) != m.group(2), rep.markdown
    same = [_claim("a", "s1", "The summit of Mount Kora is 1,200 m above sea level."),
            _claim("b", "s2", "The summit of Mount Kora is 1.2 km above sea level.")]
    rep = synthesize("How high is the summit of Mount Kora?", same, _sources("Mount Kora", "Kora range"))
    assert "disagree" not in rep.markdown, rep.markdown


def _values_found(a: str, b: str) -> list[str]:
    found = find_disagreements([_claim("a", "s1", a), _claim("b", "s2", b)],
                               {"s1": "Orlen Bridge", "s2": "History of Orlen Bridge"})
    return [v for d in found for _i, v in d.values]


@pytest.mark.parametrize("a,b,values", [
    ("The Orlen Bridge has seven arches.", "The Orlen Bridge has nine arches.", ["seven arches", "nine arches"]),
    ("The Orlen Bridge has twenty-one arches.", "The Orlen Bridge has 23 arches.", ["twenty-one arches", "23 arches"]),
    ("The Orlen Bridge has three hundred lamps.", "The Orlen Bridge has 350 lamps.",
     ["three hundred lamps", "350 lamps"]),
])
def test_amounts_written_in_words_disagree(a: str, b: str, values: list[str]) -> None:
    assert _values_found(a, b) == values


@pytest.mark.parametrize("a,b", [
    ("The Orlen Bridge has seven arches.", "The Orlen Bridge has 7 arches."),
    ("The Orlen Bridge has twenty-one arches.", "The Orlen Bridge has 21 arches."),
    ("The Orlen Bridge is one of the oldest bridges.", "The Orlen Bridge is 2 of the oldest bridges."),
    ("The Orlen Bridge was the seventh bridge on the river.", "The Orlen Bridge was the ninth bridge on the river."),
])
def test_amounts_in_words_and_digits_agree_and_non_counts_are_not_amounts(a: str, b: str) -> None:
    assert _values_found(a, b) == []


def test_number_words_that_do_not_count_a_noun_are_not_amounts() -> None:
    from services.synthesizer.offline import _values
    assert _values("The Orlen Bridge is one of the oldest bridges.") == {}
    assert _values("It was the first and seventh crossing; seven of the arches fell.") == {}
    assert _values("The bridge has seven arches.") == {"arches": {"7.0~0.5": "seven arches"}}


def test_a_town_and_its_club_never_disagree_and_one_count_said_twice_does() -> None:
    """A name and a longer name that opens with it are two things (a town, its football club); the same count of
    one event in differently worded sentences disagrees (same words before the value, same unit, same year)."""
    from services.synthesizer.offline import find_disagreements as found
    from shared.evidence import VerifiedClaim

    def claim(i: int, sid: str, text: str) -> VerifiedClaim:
        return VerifiedClaim(claim_id=str(i), source_id=sid, text=text, verdict="supported")

    titles = {"s1": "Vellby", "s2": "Vellby FC", "s3": "The Winter Flood of 1962", "s4": "Remembering 1962",
              "s5": "Flood damage"}
    claims = [claim(1, "s1", "The town was founded in 1642 by herring merchants from the south."),
              claim(2, "s2", "The club was founded in 1921 and plays at Harbour Park."),
              claim(3, "s3", "The Winter Flood of 1962 killed 212 people along the coast."),
              claim(4, "s4", "The Winter Flood of 1962 killed 187 people, most of them in fishing villages."),
              claim(5, "s5", "The Winter Flood of 1962 destroyed 300 houses along the coast.")]
    got = found(claims, titles)
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in got] == [("people", ["187 people", "212 people"])]
    # the town's own founding, on another page, does disagree
    other = found([claims[0], claim(6, "s6", "Vellby was founded in 1648 by fishermen.")], {**titles, "s6": "History"})
    assert [(d.kind, sorted(v for _i, v in d.values)) for d in other] == [("year", ["1642", "1648"])]


def test_figures_of_two_years_are_two_things_and_one_year_s_figures_from_two_pages_disagree() -> None:
    """A year right after a figure ("drew 21,000 visitors in 2019") dates the figure, not an event: the figures of
    2019 and 2023 on two pages are no "2019 / 2023" disagreement, while two pages' figures of the same year are one,
    the page's subject in common words ("the fair" on the fair's page) not being part of what the sentence says of
    it."""
    titles = {"s1": "Dunmere Spring Fair", "s2": "Dunmere fair attendance falls"}
    older = _claim("a", "s1", "The fair drew 21,000 visitors in 2019.")
    other = _claim("b", "s2", "The Dunmere Spring Fair drew 19,000 visitors in 2023, its organisers said.")
    newer = _claim("c", "s1", "In 2023 the fair drew 27,000 visitors.")
    assert find_disagreements([older, other], titles) == []
    found = find_disagreements([older, other, newer], titles)
    assert [sorted(v for _i, v in d.values) for d in found] == [["19,000 visitors", "27,000 visitors"]]
    # an event's two dates still disagree
    assert _years("Drennic Harbour was dredged in 1956.", "Drennic Harbour was dredged in 1958.") == ["1956", "1958"]


#: claims of several pages on a few subjects: dates, figures and names that disagree and that do not
_MANY = [
    ("s1", "Drennic Harbour was founded in 1810 by fishermen."), ("s2", "Drennic Harbour was established in 1811."),
    ("s3", "The harbour was founded in 1812."), ("s1", "Drennic Harbour's pier was built in 1850."),
    ("s2", "Drennic Harbour's pier was built in 1851."), ("s3", "The Harbour Tower was designed by Ann Lee."),
    ("s4", "Harbour Tower was designed by Bo Chen."), ("s4", "The Harbour Tower is 41 metres tall."),
    ("s5", "The Harbour Tower is 45 m tall."), ("s5", "In 2019 the town of Kora had 1,200 inhabitants."),
    ("s6", "In 2019 the town of Kora had 1,450 inhabitants."), ("s6", "Neil Peart was born in 1952."),
    ("s1", "Neil Peart was born in 1953."), ("s2", "Counterparts was released in 1993."),
    ("s3", "Counterparts was released in 1994 as a single."), ("s4", "Stewart Copeland was born in 1952."),
    ("s5", "The County Survey records a height of 41 metres for the viaduct."),
    ("s5", "The Heritage Society's guide states that the viaduct is 38 metres high."),
]
_TITLES = {"s1": "Drennic Harbour", "s2": "History of Drennic Harbour", "s3": "Counterparts (album)",
           "s4": "Harbour Tower", "s5": "Counterparts (song)", "s6": "Kora"}


def test_many_claims_are_compared_on_what_each_says_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """find_disagreements compares every pair of claims, but reads each claim's subject, names and opening name
    once (not once per pair: a report's pool of a few hundred claims has tens of thousands of pairs), and finds
    what the same comparison made pair by pair, each claim read again, finds (issue 10: run time linear in claims)."""
    import services.synthesizer.offline as offline

    claims = [_claim(f"c{i}", sid, text) for i, (sid, text) in enumerate(_MANY)]
    expected = find_disagreements(claims, _TITLES)
    assert {d.kind for d in expected} >= {"year", "name"}  # (the set has disagreements to find)
    counted: dict[str, int] = {}
    for name in ("_name_roles", "_subject_words", "_opening_name", "_size_figures"):
        def counting(*args: object, _name: str = name, _f: object = getattr(offline, name)) -> object:
            counted[_name] = counted.get(_name, 0) + 1
            return _f(*args)  # type: ignore[operator]
        monkeypatch.setattr(offline, name, counting)
    assert find_disagreements(claims, _TITLES) == expected
    # (at most twice a claim: _size_figures reads the roles of the statement it finds in the claim)
    assert counted and all(n <= 2 * len(claims) for n in counted.values()), counted

    class Again(offline._PerClaim[object]):
        def __getitem__(self, i: int) -> object:
            return self._compute(i)  # each pair reads its claims again

    monkeypatch.undo()
    for k in range(2, len(claims) + 1, 4):
        fresh = find_disagreements(claims[:k], _TITLES)
        monkeypatch.setattr(offline, "_PerClaim", Again)
        assert find_disagreements(claims[:k], _TITLES) == fresh
        monkeypatch.undo()


def test_a_disagreement_under_a_question_naming_no_thing_says_whose_figures_they_are() -> None:
    """Issue 15 leftovers, item 4: "The sources disagree: 1.9 kg; 2.4 kg" under "Which commuter e-bike is the
    lightest?" named no product; the line names the thing every disagreeing claim is about, each figure cited."""
    claims = [_claim("a", "s1", "The Corvan E5 weighs 1.9 kg."),
              _claim("b", "s2", "The Corvan E5 weighs 2.4 kg with its battery."),
              _claim("c", "s3", "The Halden X2 weighs 2.0 kg.")]
    rep = synthesize("Which commuter e-bike is the lightest?", claims,
                     _sources("Corvan E5 specs", "Corvan E5 review", "Halden X2"))
    m = re.search(r"The sources disagree — Corvan E5: 1\.9 kg \[(\d)\]; 2\.4 kg \[(\d)\]\.", rep.markdown)
    assert m and m.group(1) != m.group(2), rep.markdown
    # a question that names the thing already says what the figures are about: the line stays short
    rep = synthesize("How much does the Corvan E5 weigh?", claims[:2], _sources("Corvan E5 specs", "Corvan E5 review"))
    assert re.search(r"The sources disagree: 1\.9 kg \[\d\]; 2\.4 kg \[\d\]\.", rep.markdown), rep.markdown
