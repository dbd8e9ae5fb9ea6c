"""Issue 9, new-user trial t42 fault F1: a present-tense count question ("How many glassblowers does the Korvanne
Glassworks employ?", "... today?") is led by the newest figure, in any language: the German page's "Die Glashütte
beschäftigt heute 37 Glasbläser" rather than the English page's "In 2015 the works employed 29 glassblowers", which
stays among the findings as the older figure with its year (``services.synthesizer.offline``,
``shared.text.crosslang``)."""

from __future__ import annotations

from services.synthesizer.confidence import chain_features, report_gate
from services.synthesizer.offline import asked_time_lead, older_figures, others_figure, synthesize
from shared.text.quantity import counts
from tests.claim_pages import local_claim, local_source


def _answer(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip()


# fixtures copied from the t42 corpus (staff.md, glashuette-de.md, visitors.md)
SOURCES = {
    "s": local_source("s", "People of the Korvanne Glassworks"),
    "g": local_source("g", "Die Glashütte Korvanne heute"),
    "v": local_source("v", "Korvanne Glassworks: Annual Report Figures"),
}
CLAIMS = [
    local_claim("s1", "s", "Ilse Varga has been master glassblower and head of the hot workshop since 2019."),
    local_claim("s2", "s", "In 2015 the works employed 29 glassblowers; the number has grown steadily since the "
                           "trust began its apprenticeship scheme."),
    local_claim("g1", "g", "Die Glashütte Korvanne am Ostufer der Sella ist eine der letzten Glashütten der Region, "
                           "in der noch von Hand geblasen wird."),
    local_claim("g2", "g", "Die Glashütte beschäftigt heute 37 Glasbläser und 12 Lehrlinge."),
    local_claim("g3", "g", "Leiterin der Werkstatt ist seit 2019 die Glasbläsermeisterin Ilse Varga."),
    local_claim("v1", "v", "Year 2022: visitors 21,400, workshops held 151."),
    local_claim("v2", "v", "Year 2023: visitors 24,750, workshops held 176, note record year."),
]


def test_a_german_count_of_the_noun_asked_counts_it() -> None:
    assert counts("Die Glashütte beschäftigt heute 37 Glasbläser und 12 Lehrlinge.", ("glassblower",)) == ["37"]
    # the master glassblower's title counts none
    assert counts("Leiterin der Werkstatt ist seit 2019 die Glasbläsermeisterin Ilse Varga.", ("glassblower",)) == []


def test_a_german_sentence_opening_with_the_asked_thing_by_its_kind_gives_its_figure() -> None:
    names = [{"korvanne", "glasswork"}]
    assert not others_figure("Die Glashütte beschäftigt heute 37 Glasbläser und 12 Lehrlinge.", names)
    # another thing's name still opens another thing's figure
    assert others_figure("Die Brennalmhütte bietet 32 Schlafplätze.", names)


def test_the_current_figure_leads_and_the_older_one_is_a_finding_with_its_year() -> None:
    for question in ("How many glassblowers does the Korvanne Glassworks employ?",
                     "How many glassblowers does the Korvanne Glassworks employ today?"):
        rep = synthesize(question, CLAIMS, SOURCES)
        lead = _answer(rep.markdown)
        assert lead.startswith("Die Glashütte beschäftigt heute 37 Glasbläser"), rep.markdown
        assert "29" not in lead and "24,750" not in lead, lead
        findings = rep.markdown.split("## Findings", 1)[1]
        assert "In 2015 the works employed 29 glassblowers" in findings, rep.markdown
        assert "Not established" not in rep.markdown
        assert report_gate(question, rep, SOURCES, CLAIMS).tier in ("medium", "high")


def test_older_figures_are_those_of_a_past_year_older_than_the_lead() -> None:
    q = "How many glassblowers does the Korvanne Glassworks employ?"
    texts = [c.text for c in CLAIMS]
    titles = [SOURCES[c.source_id].title for c in CLAIMS]
    order = list(range(len(texts)))
    assert asked_time_lead(q, texts, [1], order, titles) == [3]
    assert older_figures(q, texts, [3], order, titles) == [1]
    # a lead of the past figure has no older one; a question naming a year none
    assert older_figures(q, texts, [1], order, titles) == []
    assert older_figures("How many glassblowers did the Korvanne Glassworks employ in 2015?", texts, [1], order,
                         titles) == []


ROWS = {"v": local_source("v", "Korvanne Glassworks: Annual Report Figures")}
ROW_CLAIMS = [
    local_claim("v0", "v", "The Korvanne Glass Trust publishes its visitor numbers every spring."),
    local_claim("v1", "v", "Year 2019: visitors 19,900, workshops held 140."),
    local_claim("v2", "v", "Year 2021: visitors 12,100, workshops held 65."),
    local_claim("v3", "v", "Year 2023: visitors 24,750, workshops held 176, note record year."),
]


def test_a_table_of_several_years_is_led_by_its_newest_row_when_no_year_is_asked() -> None:
    # found by helper f42a: "the annual visitor figure" was led by an older year's row
    texts = [c.text for c in ROW_CLAIMS]
    titles = [ROWS["v"].title] * len(texts)
    q = "What is the annual visitor figure for the Korvanne Glassworks?"
    assert asked_time_lead(q, texts, [1, 0], [1, 2, 0, 3], titles) == [3, 0]
    lead = _answer(synthesize(q, ROW_CLAIMS, ROWS).markdown)
    assert "24,750" in lead and "2023" in lead and "19,900" not in lead and "12,100" not in lead, lead
    # a year asked: that year's row leads, not the newest
    assert asked_time_lead("How many visitors did the Korvanne Glassworks have in 2019?", texts, [2, 0],
                           [2, 1, 0, 3], titles)[0] == 1


def test_a_page_title_with_a_subtitle_names_the_thing_before_its_colon() -> None:
    # "Korvanne Glassworks: Annual Report Figures" names the Korvanne Glassworks, no longer name opening with it
    q = "What is the annual visitor figure for the Korvanne Glassworks?"
    lead = "Year 2023: visitors 24,750, workshops held 176, note record year [1]."
    feats = chain_features(q, lead, {1: "Korvanne Glassworks: Annual Report Figures"})
    assert feats["chain_names"] == 1.0 and feats["relation_names"] == 1.0, feats
    # a longer name opening with the asked one is still another thing
    other = chain_features(q, lead, {1: "Korvanne Glassworks Football Club"})
    assert other["chain_names"] < 1.0, other
    rep = synthesize(q, ROW_CLAIMS, ROWS)
    assert report_gate(q, rep, ROWS, ROW_CLAIMS).tier in ("medium", "high")
