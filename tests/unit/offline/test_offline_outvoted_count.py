"""One year's count of those who came, given differently by pages whatever each sentence's wording and whichever of
one quantity's nouns it counts ("a record 53,200 people attended the festival in 2024" in a blog, "Total attendance
in 2024 was 35,200 visitors" in an annual report, "Year 2024: visitors 35,200" in its table), is one disagreement:
trial t61 q09 "How many people attended the ... Festival in 2025?" led with a blog's wrong count at 0.80 medium
(0.88 high in a fresh run), no disagreement said, because the claims shared too few words to be compared and the
wording-independent checks read sizes and dated events only. The majority of independent files now leads
(capped at medium, as any outvoted lead); one file against one is a disagreement at low. Counts of other years,
of seats or of films never disagree with it. Pages made up here."""

from __future__ import annotations

from services.synthesizer.confidence import HIGH_THRESHOLD, MEDIUM_THRESHOLD
from services.synthesizer.offline import find_disagreements
from shared.report import lead_section
from shared.text.answer import attribute_asked
from tests.claim_pages import listed_claims, noted_report

BLOG = ("A weekend at the Orvell Jazz Days (2024)", [
    "The organisers told us that a record 53,200 people attended the festival in 2024, which felt right given the "
    "crowds at the Pier Stage."])
REPORT = ("Orvell Jazz Days Annual Report 2024", [
    "Total attendance in 2024 was 35,200 visitors, the third-highest figure after the record year 2018.",
    "Year 2018: visitors 39,900, concerts 104.",
    "Year 2024: visitors 35,200, concerts 96."])
NEWS = ("Orvell jazz festival ends with big crowds", [
    "The 20th Orvell Jazz Days closed in October 2024 with 35,200 visitors over six days, organisers said."])
RECORD = ("Orvell Jazz Days", ["Orvell Jazz Days: attendance 2024: 35200."])
QUESTION = "How many people attended the Orvell Jazz Days in 2024?"


def _lead(pages: dict[str, tuple[str, list[str]]]) -> tuple[str, float, str]:
    claims, sources = listed_claims(pages)
    sources["blog"] = sources["blog"].model_copy(update={"kind": "blog"})
    report, gate = noted_report(QUESTION, claims, sources)
    return lead_section(report.markdown).split("\n")[0], gate.score, gate.tier


def test_three_files_outvote_a_blog_whatever_their_wording() -> None:
    lead, score, tier = _lead({"blog": BLOG, "report": REPORT, "news": NEWS, "rec": RECORD})
    assert lead == ("The number of people who attended the Orvell Jazz Days in 2024 is 35,200 visitors [1][2][3]; "
                    "one source, a blog, says 53,200 people [4].")
    assert MEDIUM_THRESHOLD <= score < HIGH_THRESHOLD and tier == "medium"


def test_one_file_against_one_is_a_disagreement_at_low() -> None:
    lead, score, tier = _lead({"blog": BLOG, "report": REPORT})
    assert lead == ("The sources disagree on the number of people who attended the Orvell Jazz Days in 2024: "
                    "35,200 visitors [1]; 53,200 people [2].")
    assert score < MEDIUM_THRESHOLD and tier == "low"


def _disputes(pages: dict[str, tuple[str, list[str]]], nouns: tuple[str, ...]) -> list[list[str]]:
    claims, sources = listed_claims(pages)
    titles = {str(s.source_id): s.title for s in sources.values()}
    return [[shown for _i, shown in d.values] for d in find_disagreements(claims, titles, None, nouns)]


def test_counts_of_the_same_year_disagree_and_others_do_not() -> None:
    assert _disputes({"blog": BLOG, "report": REPORT}, ("people", "visitor")) == [["53,200 people",
                                                                                 "35,200 visitors",
                                                                                 "35,200 visitors"]]
    # another year's count (the blog's 2023), the seats of a stage and the concerts given dispute no count of people
    other = {"blog": ("A weekend at the Orvell Jazz Days (2023)", [
        "The organisers told us that a record 53,200 people attended the festival in 2023.",
        "The Pier Stage tent has 2,400 seats in 2024.",
        "The festival put on 120 concerts in 2024."]), "report": REPORT}
    assert _disputes(other, ("people", "visitor")) == []
    # nor without the question's nouns: the check reads the count a question asks
    assert _disputes({"blog": BLOG, "report": REPORT}, ()) == []


def test_a_town_and_its_festival_are_two_subjects() -> None:
    town = {"town": ("Orvell", ["Orvell had a population of 9,800 people in 2024."]), "report": REPORT}
    assert _disputes(town, ("people", "visitor")) == []


def test_the_attribute_a_past_verb_count_asks() -> None:
    assert attribute_asked(QUESTION) == "the number of people who attended the Orvell Jazz Days in 2024"
    assert attribute_asked("How many films premiered at the Orvell Jazz Days?") == \
        "the number of films that premiered at the Orvell Jazz Days"
    assert attribute_asked("How many people did the mill employ?") == ""
    assert attribute_asked("How many people were killed in the storm?") == ""
