"""Trial t73 Q02/Q07/x3 (the pages here are invented): two named engines of one mill, each with its own page, a
comparison page and a forum post.

- "How much more horsepower does A have than B?" leads with both figures and their difference
  (``services.synthesizer.verdicts.decide_gap``, ``_HAVE_GAP_RE``);
- the build year of one engine and that of the other are no disagreement, though A's sentence names B ("installed
  beside B"): the dates are grouped by the subject each claim states them of (``find_disagreements``,
  ``_states_of_opening``);
- a forum post's figure does not lead over the pages' figure of the same engine, and their different powers are
  said as a disagreement (``_POWER_UNITS``), and the years built are no dispute of a power asked;
- "Which is older, A or B at <place>?" compares A and B (``shared.text.answer.comparison_options``);
- an older figure of a newer page is "an older figure", not "an older source".
"""

from __future__ import annotations

from services.synthesizer.offline import OLDER_RE, find_disagreements, synthesize
from services.synthesizer.verdicts import decide_gap, gap_sentence
from shared.report import lead_section
from shared.text.answer import comparison_options
from tests.claim_pages import listed_claims, noted_report

PAGES = {
    "ha": ("Tolley: beam engine at Yarrowby Mill", [
        "Tolley is a Cornish single-acting beam engine built in 1872 by Ambry & Vine of Corlow for Yarrowby Mill.",
        "Specification Year built: tolley 1872.",
        "Specification Power: tolley 120 hp.",
        "Tolley develops 120 horsepower and could pump 1.8 million gallons of water per day."]),
    "br": ("Brenna: the second beam engine at Yarrowby Mill", [
        "Brenna is a Cornish beam engine built in 1875 by Ambry & Vine and installed beside Tolley.",
        "Brenna: power specification brenna 165 hp.",
        "Brenna is rated at 165 horsepower, making it the most powerful engine at Yarrowby Mill."]),
    "cmp": ("Comparing the engines of Yarrowby Mill", [
        "Engine Tolley: station Yarrowby Mill, built 1872, power 120 hp.",
        "Engine Brenna: station Yarrowby Mill, built 1875, power 165 hp."]),
    "fo": ("Forum: how powerful is Tolley at Yarrowby?", [
        "Posted by gearhead_9 on 2026-05-03:",
        "Tolley at Yarrowby Mill is 210 hp, I'm sure of it, the guide said so.",
        "Tolley was also built in 1851, older than people think."]),
}
CLAIMS, SOURCES = listed_claims(PAGES)
SOURCES["fo"] = SOURCES["fo"].model_copy(update={"kind": "forum", "published": "2026-05-03"})
for _sid in ("ha", "br", "cmp"):
    SOURCES[_sid] = SOURCES[_sid].model_copy(update={"published": "2023-05-02"})
TITLES = {sid: title for sid, (title, _texts) in PAGES.items()}


def _lead(question: str) -> str:
    return lead_section(synthesize(question, CLAIMS, SOURCES).markdown)


def test_how_much_more_of_a_noun_one_has_is_their_difference() -> None:
    texts = [c.text for c in CLAIMS]
    titles = [TITLES[c.source_id] for c in CLAIMS]
    gap = decide_gap("How much more horsepower does Brenna have than Tolley at Yarrowby Mill?", texts, titles,
                     list(range(len(texts))))
    assert gap is not None and gap.values == ("165 hp",) and gap.other_value == "120 hp", gap
    assert gap_sentence(gap, ["[1]"], "[2]") == ("Brenna has 45 hp more than Tolley at Yarrowby Mill: 165 hp [1] "
                                                  "against 120 hp [2].")
    back = decide_gap("How much more horsepower does Tolley have than Brenna?", texts, titles, list(range(len(texts))))
    assert back is not None and gap_sentence(back, ["[2]"], "[1]").startswith("Tolley has 45 hp less than Brenna")
    lead = _lead("How much more horsepower does Brenna have than Tolley at Yarrowby Mill?")
    assert lead.startswith("Brenna has 45 horsepower more than Tolley"), lead
    assert "disagree" not in lead and "1875" not in lead, lead


def test_two_engines_build_years_are_no_disagreement() -> None:
    years = [sorted(v for _i, v in d.values) for d in find_disagreements(CLAIMS, TITLES) if d.kind == "year"]
    assert all("1875" not in v for v in years), years
    assert ["1851", "1872"] in years, years  # the post's year of Tolley does dispute the pages' one
    lead = _lead("Which is older, Tolley or Brenna at Yarrowby Mill?")
    assert lead.startswith("Tolley is older: 1872"), lead
    assert "disagree" not in lead, lead


def test_the_place_after_the_second_option_is_both_options_place() -> None:
    assert comparison_options("Which is older, Tolley or Brenna at Yarrowby Mill?") == ["Tolley", "Brenna"]
    assert comparison_options("Which is taller, the tower in Venn or the spire in Dale?") == ["tower in Venn",
                                                                                               "spire in Dale"]
    report, gate = noted_report("Which is older, Tolley or Brenna at Yarrowby Mill?", CLAIMS, SOURCES)
    assert lead_section(report.markdown).startswith("Tolley is older"), report.markdown
    assert gate.tier in ("medium", "high"), (gate.score, gate.signals)


def test_a_posts_figure_does_not_lead_and_its_other_power_is_said() -> None:
    lead = _lead("How powerful is the engine called Tolley at the Yarrowby station?")
    assert not lead.startswith("Tolley at Yarrowby Mill is 210 hp"), lead
    assert "120 h" in lead.split("[")[0], lead
    assert "210 hp" in lead and "forum" in lead, lead  # the post's other figure is said as such
    assert "1851" not in lead, lead  # the years built bear on no power asked
    powers = [sorted(v for _i, v in d.values) for d in find_disagreements(CLAIMS, TITLES) if d.kind == "hp"]
    assert any("210 hp" in v for v in powers), powers


def test_an_older_figure_of_a_newer_page_is_an_older_figure() -> None:
    said = "Another source gives an older figure (1851): 1851 [3]."
    found = OLDER_RE.search(said)
    assert found is not None and found.group("n") == "3"
    assert OLDER_RE.search("Another source gives 1851 [3].") is None


def test_another_engines_figure_joins_no_lead_and_a_post_leads_over_no_page() -> None:
    question = "How powerful is the engine called Tolley at the Yarrowby station?"
    no_post = [c for c in CLAIMS if c.source_id != "fo"]
    lead = lead_section(synthesize(question, no_post, SOURCES).markdown)
    assert lead.startswith("Engine Tolley: station Yarrowby Mill, built 1872, power 120 hp [1]"), lead
    assert "Brenna" not in lead and "165" not in lead, lead  # the other engine's power is no second answer
    no_comparison = [c for c in CLAIMS if c.source_id != "cmp"]
    lead = lead_section(synthesize(question, no_comparison, SOURCES).markdown)
    assert lead.startswith("Specification Power: tolley 120 hp [1]"), lead  # not the post's 210 hp
