"""A choice between two named things that one page states both figures of (services.synthesizer.verdicts.decide_choice
and the lead of services.synthesizer.offline.synthesize): the page's sentence naming the other thing gives that
thing's figure, not the page's subject's; the subject's figure is the one of the compared quantity ("a total length
of 530 metres", not "a main span of 140 metres"); no page title is glued before a sentence naming the other thing."""

from __future__ import annotations

from services.synthesizer.offline import synthesize
from services.synthesizer.verdicts import decide_choice
from shared.report import lead_section, says_not_established
from tests.claim_pages import listed_claims, page_set, recorded_report, sentence_claims

PAGES = {
    "weir": (
        "The Morrow Viaduct",
        "The Morrow Viaduct carries the railway over the Tessel valley. It was built by "
        "the contractor Ilse Varga and opened in 1902. The viaduct has a main span of 140 "
        "metres and a total length of 530 metres. A second crossing, the Lower Morrow "
        "Span, was built in 1961 further south; it is 75 metres long.",
    ),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)
QUESTION = "Which is longer, the Morrow Viaduct or the Lower Morrow Span?"


def test_the_other_things_sentence_gives_its_figure_and_the_subjects_total_length_its_own() -> None:
    claims = sentence_claims(TEXTS, "weir")
    texts = [c.text for c in claims]
    choice = decide_choice(QUESTION, texts, [TITLES["weir"]] * len(texts), list(range(len(texts))))
    assert choice is not None
    assert choice.options == ("Morrow Viaduct", "Lower Morrow Span"), choice
    assert choice.values == ("530 metres", "75 metres"), choice
    assert "Lower Morrow Span" in texts[choice.cited[1]]


def test_the_lead_names_the_winner_with_both_figures_and_glues_no_title_before_the_other_things_sentence() -> None:
    report = synthesize(QUESTION, sentence_claims(TEXTS, "weir"), SOURCES)
    lead = lead_section(report.markdown)
    assert lead.startswith("Morrow Viaduct is longer: 530 metres"), lead
    assert "75 metres" in lead
    assert "The Morrow Viaduct: A second crossing" not in lead, lead


PLATFORM_PAGES = {"st": ("Orsk line stations", ["Orsk Quay station has four platforms; Dunmere Cross station has two "
                                                "platforms.", "A single ticket on the line costs 3.20 crowns.",
                                                "The line opened in 1911."])}
PLATFORM_Q = "Which station has more platforms, Orsk Quay or Dunmere Cross?"


def test_one_sentence_giving_both_things_counts_in_words_decides_the_choice() -> None:
    """'A station has four platforms; B station has two platforms.': each clause gives its own thing's count,
    spelled out; the lead says the winner with both counts, cited (trial t25 F2)."""
    texts = PLATFORM_PAGES["st"][1]
    titles = [PLATFORM_PAGES["st"][0]] * len(texts)
    choice = decide_choice(PLATFORM_Q, texts, titles, [1, 0, 2])
    assert choice is not None and choice.options == ("Orsk Quay", "Dunmere Cross") and choice.cited == (0, 0)
    assert choice.values == ("four platforms", "two platforms") and choice.by_figures
    back = decide_choice("Which station has fewer platforms, Orsk Quay or Dunmere Cross?", texts, titles, [0])
    assert back is not None and back.options == ("Dunmere Cross", "Orsk Quay")
    claims, sources = listed_claims(PLATFORM_PAGES)
    report, gate, answered, _total = recorded_report(PLATFORM_Q, claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Orsk Quay has more platforms: four [1]; Dunmere Cross: two [1]."), report.markdown
    assert not says_not_established(report.markdown) and answered and gate.tier != "low"
