"""A lead decided by two cited figures of the quantity asked (services.synthesizer.confidence.figures_decide): a
yes/no about one thing at two times ("Did the Harrowgate Spring Fair draw more visitors in 2023 than in 2019?"), a
yes/no comparing two things by an amount or a date ("Is the Harbour Tower taller than the Old Mill?"), a choice by
value ("Which is taller, A or B?"), a yes/no measuring one thing against the question's figure ("Is the Harbour Tower
taller than 40 metres?"). Such a lead answers as a well-supported one-fact answer does, so the gate does
not put it at tier low and the judge counts it answered; figures of another quantity, a verdict the figures do not
give, or figures another page disputes are no such lead."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD, figures_decide
from shared.evidence import VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import page_set, page_sources, recorded_report, sentence_claims, split_pages

PAGES = {
    "fair": (
        "Harrowgate Spring Fair",
        "The Harrowgate Spring Fair is held each May on the common. In 2023 the fair drew 27,000 visitors. "
        "The fair drew 21,000 visitors in 2019. The fair had 140 stalls in 2023 and 160 stalls in 2019.",
    ),
    "show": (
        "Dunmoor Show",
        "The Dunmoor Show is an agricultural show near Dunmoor. The show drew 18,500 visitors in 2023. "
        "It was founded in 1884.",
    ),
    "tower": (
        "Harbour Tower",
        "The Harbour Tower is a lighthouse at Kelby. The Harbour Tower is 48 metres tall. It was built in 1862.",
    ),
    "mill": ("Old Mill", "The Old Mill is a windmill at Kelby. The Old Mill is 31 metres tall. It was built in 1790."),
}
TITLES, TEXTS, SOURCES, CLAIMS = page_set(PAGES)


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("Did the Harrowgate Spring Fair draw more visitors in 2023 than in 2019?", "Yes: 27,000 visitors in 2023"),
        ("Did the Harrowgate Spring Fair draw fewer visitors in 2023 than in 2019?", "No: 27,000 visitors in 2023"),
        ("Did the fair draw more visitors in 2023 than in 2019?", "Yes: 27,000 visitors in 2023"),
        ("Is the Harbour Tower taller than the Old Mill?", "Yes: "),
        ("Was the Harbour Tower built before the Old Mill?", "No: "),
        ("Did the Harrowgate Spring Fair draw more visitors than the Dunmoor Show in 2023?", "Yes: "),
        # a claim's figure against the question's own
        ("Is the Harbour Tower taller than 40 metres?", "Yes: The Harbour Tower is 48 metres tall"),
        ("Is the Harbour Tower taller than 60 metres?", "No: The Harbour Tower is 48 metres tall"),
    ],
)
def test_a_yes_no_decided_by_two_cited_figures_is_answered_like_one_fact(question: str, opening: str) -> None:
    report, gate, answered, total = recorded_report(question, CLAIMS, SOURCES)
    assert lead_section(report.markdown).startswith(opening), report.markdown
    assert gate.signals["f_figures"] == 1.0
    # the features of a one-fact answer: its hop is answered, its figures state the relation asked ("drew" for
    # "draw", "48 metres tall" for "taller")
    assert gate.signals["f_one_fact"] == 1.0 and gate.signals["f_hop"] == 1.0
    assert gate.signals["f_relation_lead"] == 1.0
    assert gate.score >= MEDIUM_THRESHOLD and gate.tier != "low", gate.signals
    assert "not_established" not in gate.signals
    assert answered and total > 60


def test_a_choice_decided_by_two_cited_figures_is_answered_like_one_fact() -> None:
    for question in (
        "Which is taller, the Harbour Tower or the Old Mill?",
        "Which drew more visitors in 2023, the Harrowgate Spring Fair or the Dunmoor Show?",
    ):
        _report, gate, answered, _total = recorded_report(question, CLAIMS, SOURCES)
        assert gate.signals["f_figures"] == 1.0 and gate.signals["f_hop"] == 1.0
        assert gate.tier != "low" and answered


def _lead_claims(*ids: str) -> list[VerifiedClaim]:
    by_id = {c.claim_id: c for c in CLAIMS}
    return [by_id[i] for i in ids]


def test_the_figures_must_be_of_the_quantity_asked_and_give_the_lead_s_verdict() -> None:
    visitors = "Yes: 27,000 visitors in 2023 [1] against 21,000 visitors in 2019 [1], 6,000 more."
    question = "Did the Harrowgate Spring Fair draw more visitors in 2023 than in 2019?"
    assert figures_decide(question, visitors, _lead_claims("fair-1", "fair-2"), SOURCES)
    # the lead says the other verdict than its figures give
    assert not figures_decide(question, "No" + visitors[3:], _lead_claims("fair-1", "fair-2"), SOURCES)
    # stalls are figures of the fair at both times, but not of the visitors asked about
    stalls = "Yes: 140 stalls in 2023 [1] against 160 stalls in 2019 [1], 20 fewer."
    assert not figures_decide(
        "Did the Harrowgate Spring Fair draw more visitors in 2023 than in 2019?",
        stalls,
        _lead_claims("fair-3"),
        SOURCES,
    )
    # a claim left unverified states no figure the lead may rest on
    unverified = [c.model_copy(update={"verdict": "unverified"}) for c in _lead_claims("fair-1", "fair-2")]
    assert not figures_decide(question, visitors, unverified, SOURCES)
    # a choice's lead must name the winner first
    choice = "Which is taller, the Harbour Tower or the Old Mill?"
    tower_mill = _lead_claims("tower-1", "mill-1")
    assert figures_decide(
        choice, "Harbour Tower is taller: 48 metres [1]; Old Mill: 31 metres [2].", tower_mill, SOURCES
    )
    assert not figures_decide(
        choice, "Old Mill is taller: 31 metres [2]; Harbour Tower: 48 metres [1].", tower_mill, SOURCES
    )
    # a question of another type is never decided by figures
    assert not figures_decide(
        "How tall is the Harbour Tower?", "The Harbour Tower is 48 metres tall [1].", _lead_claims("tower-1"), SOURCES
    )


def test_a_figure_another_page_disputes_keeps_the_lead_low() -> None:
    pages = {
        **PAGES,
        "news": (
            "Harrowgate fair attendance",
            "The Harrowgate Spring Fair drew 19,000 visitors in 2023, its organisers said.",
        ),
    }
    _, _, sources, claims = page_set(pages)
    question = "Did the Harrowgate Spring Fair draw more visitors in 2023 than in 2019?"
    _report, gate, answered, total = recorded_report(question, claims, sources)
    assert gate.tier == "low" and not answered and total <= 60


GAP_PAGES = {
    "orsk": (
        "Orsk Line Electrification",
        "The Orsk line electrification was completed in 2019 by the regional rail authority. "
        "The Orsk electrification cost 410 million crowns, according to the authority's final accounts. "
        "Work on the line took four years.",
    ),
    "tarvel": (
        "Tarvel Line Electrification",
        "The Tarvel line electrification opened in 2021 after three years of works. "
        "The Tarvel electrification cost 275 million crowns, less than first planned. "
        "The line serves six stations.",
    ),
}


@pytest.mark.parametrize(
    "question",
    [
        "How much more did the Orsk electrification cost than the Tarvel electrification?",
        "How much more expensive was the Orsk electrification than the Tarvel electrification?",
        "How much less did the Tarvel electrification cost than the Orsk electrification?",
        "How much cheaper was the Tarvel electrification than the Orsk electrification?",
        # a premise the figures correct: "135 million crowns cheaper" is the number of the quantity asked
        "How much more expensive was the Tarvel electrification than the Orsk electrification?",
    ],
)
def test_a_gap_computed_from_two_cited_figures_is_answered_like_the_figures(question: str) -> None:
    _, _, sources, claims = page_set(GAP_PAGES)
    report, gate, answered, total = recorded_report(question, claims, sources)
    assert "135 million crowns" in lead_section(report.markdown), report.markdown
    assert gate.signals["f_figures"] == 1.0 and gate.signals["f_one_fact"] == 1.0, gate.signals
    assert gate.tier != "low" and answered and total > 60, gate.signals


def test_a_gap_the_lead_does_not_state_as_its_figures_give_is_not_decided_by_them() -> None:
    titles, texts = split_pages(GAP_PAGES)
    sources = page_sources(titles)
    claims = [c for c in sentence_claims(texts, *GAP_PAGES) if "crowns" in c.text]
    question = "How much more did the Orsk electrification cost than the Tarvel electrification?"
    right = ("The Orsk electrification is 135 million crowns more expensive than the Tarvel electrification: "
             "410 million crowns [1] against 275 million crowns [2].")
    assert figures_decide(question, right, claims, sources)
    # the wrong direction, the wrong difference, or one figure left out: not the gap the figures give
    assert not figures_decide(question, right.replace("more expensive", "cheaper"), claims, sources)
    assert not figures_decide(question, right.replace("135", "145"), claims, sources)
    assert not figures_decide(question, right.split(":")[0] + ": 410 million crowns [1].", claims, sources)
    # a figure of one thing alone decides no gap
    assert not figures_decide(question, right, [c for c in claims if "Orsk" in c.text], sources)
