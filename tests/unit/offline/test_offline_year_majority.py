"""Sources giving one year are one side of a disagreement, and a value only the agreed value's own sites give is no
other side (task h164, trial t77w q01).

"When was the <orchestra> founded?" said "The sources disagree: 1912 [1]; 1921 [2]; 1921 [3]": each year was a group
of its own (a year has no unit, so no amount key), and a forum post's 1912 stood level with two sites' 1921; a budget
year read off the orchestra's own facts page counted as one more side against its own founding year.
"""

from __future__ import annotations

from services.synthesizer.offline import _year_key, outvoted_sentence
from shared.evidence import SourceInfo
from shared.report import lead_section
from tests.claim_pages import listed_claims, recorded_report


def _source(sid: str, url: str, domain: str, kind: str = "unknown") -> SourceInfo:
    return SourceInfo(source_id=sid, title=sid, url_or_path=url, domain=domain, kind=kind)


def test_a_year_is_its_own_key() -> None:
    assert _year_key("1898") == "year 1898" and _year_key(" 1898 ") == "year 1898"
    assert _year_key("May 1898") is None and _year_key("84") is None and _year_key("12 km") is None


def test_a_value_of_the_agreed_sites_own_is_no_other_side() -> None:
    sources = {"f": _source("f", "https://talk.example/t/1", "talk.example", "forum"),
               "h": _source("h", "https://harlowconsort.example/history", "harlowconsort.example"),
               "x": _source("x", "https://harlowconsort.example/facts", "harlowconsort.example"),
               "g": _source("g", "https://guide.example/harlow", "guide.example")}
    groups = [("year 1893", {"1893": ["[1]"]}, {"f"}), ("year 1898", {"1898": ["[2]", "[3]"]}, {"h", "g"}),
              ("year 2022", {"2022": ["[4]"]}, {"x"})]
    said = outvoted_sentence(groups, sources)
    assert said.startswith("Most sources give 1898 [2][3]; one source, a forum post, says 1893 [1]"), said
    # a third site's own value is another side: two against two single others is no majority
    sources["x"] = _source("x", "https://other.example/facts", "other.example")
    assert outvoted_sentence(groups, sources) == ""


def test_two_pages_year_outvotes_a_single_pages() -> None:
    pages = {"a": ("Forum: Harlow Consort trivia", ["The Harlow Consort was founded in 1893 and has 40 singers."]),
             "b": ("History of the Harlow Consort",
                   ["The Harlow Consort was founded in 1898 by the organist Edda Markle."]),
             "c": ("Harlow Consort guide", ["The Harlow Consort, founded in 1898, sings in Quarnby Minster."])}
    claims, sources = listed_claims(pages)
    rep, _gate, _answered, _total = recorded_report("When was the Harlow Consort founded?", claims, sources)
    lead = lead_section(rep.markdown)
    assert "1898" in lead and not lead.startswith("The sources disagree"), lead
