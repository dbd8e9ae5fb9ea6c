"""A right two-hop answer the gate had judged low (issue 9, trial t38 fault 7, q3): the bridge page names the second
page's subject by the name its title gives before a subtitle ("Maren Oskarsdottir (1861-1930): a life"), so the second
hop was reached (``services.synthesizer.confidence.answer_features``: ``bridge``, hence ``hop``, which the calibration
weighs); a name the question gives is no such hop."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD, answer_features
from services.synthesizer.offline import synthesize
from shared.report import lead_section
from shared.text.terms import title_subject
from tests.claim_pages import listed_claims, recorded_report

#: a two-hop question: the boat's page names its builder, the builder's page (titled with a subtitle) her birthplace
BOAT_PAGES = {
    "boat": ("The restoration of the Svala", [
        "The hull of the sailing barge Svala was rebuilt in 1904 by the boatwright Maren Oskarsdottir.",
        "The Svala carried timber along the Hallsfjord coast until 1951."]),
    "maren": ("Maren Oskarsdottir (1861-1930): a life", [
        "Maren Oskarsdottir was born in 1861 in the fishing hamlet of Grelvik.",
        "Maren Oskarsdottir ran a boatyard at Hallsfjord for thirty years."]),
}
BOAT_Q = "Where was the boatwright who rebuilt the Svala's hull born?"


@pytest.mark.parametrize(("title", "name"), [
    ("Maren Oskarsdottir (1861-1930): a life", "Maren Oskarsdottir"),
    ("Hallsfjord harbour: a short history", "Hallsfjord harbour"),
    ("Grelvik - the village and its boats", "Grelvik"),
    # a subtitle in title case is part of a work's name; a title without a subtitle is one name
    ("Star Wars: The Force Awakens", None),
    ("Kiss and Tell (1945 film)", None),
    ("", None),
])
def test_a_title_names_its_subject_before_a_lower_case_subtitle(title: str, name: str | None) -> None:
    # the bridge reads the whole title and the name before its subtitle (the subtitle of title_subject)
    assert title_subject(title, tail=False, frame=False) == name


def test_a_bridge_page_naming_the_subject_of_a_subtitled_title_is_the_second_hop() -> None:
    claims, sources = listed_claims(BOAT_PAGES)
    rep = synthesize(BOAT_Q, claims, sources)
    lead = lead_section(rep.markdown)
    assert "Grelvik" in lead and "Svala" in lead, lead
    feats = answer_features(BOAT_Q, rep, sources, claims)
    assert feats["bridge"] == 1.0 and feats["hop"] == 1.0, feats
    rep, gate, answered, total = recorded_report(BOAT_Q, claims, sources)
    assert gate.score >= MEDIUM_THRESHOLD and answered and total > 60, (gate, total)


def test_a_name_the_question_gives_is_no_second_hop() -> None:
    # the question names the Svala itself: the boat's page naming "Svala" reaches no page the first one points to
    pages = {"boat": BOAT_PAGES["boat"],
             "svala": ("Svala: a sailing barge", ["Svala was built in 1888 at Grelvik for a timber merchant."])}
    question = "When was the sailing barge Svala built, and who rebuilt its hull?"
    claims, sources = listed_claims(pages)
    rep = synthesize(question, claims, sources)
    assert answer_features(question, rep, sources, claims)["bridge"] == 0.0
