"""Trial t75w q18 (the names here are invented): "What is the largest crowd ever recorded at <X>?" was led by "The
largest crowd ever recorded at <X> is 3,200 metres (Factfile Distance)" at medium: the superlative "largest" was
read as a size (length, area, volume), so a race's distance row passed as the extreme. A size word before a noun of
people or of those who came ("crowd", "audience", "attendance", "spectators") asks how many came: a count, never a
length (``shared.text.quantity.compared_quantity``, ``sized_people``, ``services.synthesizer.verdicts``)."""

from __future__ import annotations

from shared.report import lead_section
from shared.text.quantity import compared_quantity, sized_people
from tests.claim_pages import listed_claims, noted_report


def test_a_size_word_before_a_noun_of_people_is_a_count() -> None:
    assert compared_quantity("the largest crowd ever recorded") == ("count",)
    assert compared_quantity("Which arena drew a bigger audience?") == ("count",)
    assert compared_quantity("Which hall is bigger?") == ("length", "area", "volume")
    assert compared_quantity("the biggest pool in Tarnby") == ("length", "area", "volume")
    assert sized_people(" crowd ever recorded at Brellin Downs") == ("crowd",)
    assert sized_people(" spectators") == ("spectator",)
    assert sized_people(" hall in Tarnby") == ()


def test_the_largest_crowd_is_never_a_distance() -> None:
    claims, sources = listed_claims({
        "factfile": ("Brellin Gold Cup: race factfile", [
            "Factfile Distance: Brellin Gold Cup 3,200 metres.",
            "Factfile First run: Brellin Gold Cup 1858."]),
        "guide": ("Brellin Downs Racecourse: course guide and facts", [
            "Fact Track length: brellin Downs Racecourse 2,150 metres (left-handed oval).",
            "Fact Home straight: brellin Downs Racecourse 480 metres.",
            "Fact Record attendance: brellin Downs Racecourse 39,800 (1979)."]),
        "history": ("History of Brellin Downs Racecourse", [
            "Brellin Downs Racecourse's record attendance is 39,800, set on Gold Cup day in 1979.",
            "Brellin Downs Racecourse was founded in 1862."]),
        "news": ("Course record falls at Brellin Downs", [
            "Amber Kestrel won the Tarnby Stakes by two lengths in front of a crowd of 21,600."]),
    })
    report, gate = noted_report("What is the largest crowd ever recorded at Brellin Downs?", claims, sources)
    lead = lead_section(report.markdown)
    assert "metres" not in lead and "3,200" not in lead, report.markdown
    assert "39,800" in lead or gate.tier == "low", report.markdown
