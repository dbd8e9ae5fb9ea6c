"""A depth question is answered by a figure of depth, never by a distance between things, and a page revising the
figure states the newer one (task h88, trial t63w probes p7/p8). "How deep does the wreck of X lie?" was led by
"... lies in three pieces about 450 metres apart" at high confidence: any metres figure counted, and the verb "lie"
was read as the relation a sentence must repeat. Now "450 metres apart" is a distance (shared.text.sizes), "lie" only
places the thing (no relation word of a measure question), the claim giving the depth leads, and "revised the depth
to 94 metres, deeper than the 81 metres reported in 2016" is neither dated to 2016 nor disputed by the older page's
81 metres. Invented pages."""

from __future__ import annotations

import pytest

from services.synthesizer.offline import claim_year, find_disagreements
from shared.text.answer import answer_candidates, answer_type, relation_terms
from tests.claim_pages import dated_lead, findings_of, listed_claims

APART = "A sonar study carried out in March 2025 found that the wreck of the SS Pellharrow lies in three pieces about " \
        "450 metres apart."
REVISED = "The study also revised the depth of the wreck to 94 metres, deeper than the 81 metres reported when " \
          "divers found the wreck in 2016."
OLD = "The wreck lies on its side at a depth of 81 metres, three miles north of the Gannet Rocks."
PAGES = {
    "n25": ("New sonar study of the Pellharrow wreck", [APART, REVISED]),
    "n16": ("Divers locate the lost Pellharrow", [
        "Divers have located the wreck of the SS Pellharrow, the cargo steamer lost in 1911.", OLD]),
}
PUBLISHED = {"n25": "2025-04-10", "n16": "2016-09-02"}


@pytest.mark.parametrize("question", ["How deep does the wreck of the SS Pellharrow lie?",
                                      "What is the current depth figure for the wreck of the SS Pellharrow?"])
def test_the_revised_depth_leads_not_the_distance_apart(question: str) -> None:
    lead, _tier = dated_lead(question, PAGES, PUBLISHED)
    assert lead.startswith("The study also revised the depth of the wreck to 94 metres"), lead


def test_a_distance_apart_is_no_depth() -> None:
    question = "How deep does the wreck of the SS Pellharrow lie?"
    assert answer_candidates(APART, "measure", question) == []
    assert answer_candidates(OLD, "measure", question) == ["81"]
    assert answer_candidates("The two piers stand 40 metres apart.", "measure", "How far apart are the piers?") \
        == ["40"]


def test_a_verb_placing_the_thing_is_no_relation_of_a_measure_question() -> None:
    assert relation_terms("How deep does the wreck of the SS Pellharrow lie?") == []
    assert relation_terms("How high does the village of Korsby lie?") == []
    assert relation_terms("Where does the wreck of the SS Pellharrow lie?") == ["lie"]


def test_a_depth_figure_asked_is_a_measure() -> None:
    assert answer_type("What is the current depth figure for the wreck of the SS Pellharrow?") == "measure"
    assert answer_type("What is the latest visitor figure for the Korsby museum?") == "how_many"


def test_a_revision_is_no_dispute_and_not_of_the_older_year() -> None:
    claims, sources = listed_claims(PAGES)
    titles = {sid: s.title for sid, s in sources.items()}
    assert find_disagreements(claims, titles) == []
    assert claim_year(REVISED) is None and claim_year(REVISED, framed=True) is None
    assert claim_year("In 2024 more than 3,000 people came.") == 2024
    lead, _tier = dated_lead("How deep does the wreck of the SS Pellharrow lie?", PAGES, PUBLISHED)
    assert "disagree" not in lead


def test_the_report_findings_keep_the_older_depth_without_a_dispute() -> None:
    from services.synthesizer.offline import synthesize

    claims, sources = listed_claims(PAGES)
    markdown = synthesize("How deep does the wreck of the SS Pellharrow lie?", claims, sources).markdown
    assert "disagree" not in findings_of(markdown), markdown


def test_a_revised_figure_never_leads_though_its_page_says_more_of_the_question() -> None:
    pages = {"n16": ("Divers locate the lost Pellharrow", [
                 "The wreck of the SS Pellharrow lies on its side at a depth of 81 metres off the Gannet Rocks."]),
             "n25": ("New sonar study of the Pellharrow wreck", [APART, REVISED])}
    lead, tier = dated_lead("How deep does the wreck of the SS Pellharrow lie?", pages, PUBLISHED)
    assert lead.startswith("The study also revised the depth of the wreck to 94 metres"), lead
    assert "81 metres off" not in lead and tier != "high", lead
