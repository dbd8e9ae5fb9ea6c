"""A "current <role>" question is led by the sentence naming the latest holder of that role: "Who is the current
director of the Harnau Tram Museum?" leads "Pohl retired in 2019 and was succeeded by Tomas Ekberg", not a
sentence that only names the museum (issue 9, trial t46 fault 4, Q1) (``shared.text.succession``,
``services.synthesizer.offline.current_holder_lead``)."""

from __future__ import annotations

import pytest

from shared.report import lead_section
from shared.text.succession import Holder, current_role, holders
from tests.claim_pages import listed_claims, listed_lead, noted_report

PAGES = {
    "history": ("A short history of the Harnau Tram Museum", [
        "The Harnau Tram Museum grew out of a volunteer society founded in 1987.",
        "The first professional director, Hanna Pohl, was appointed in 2004 when the museum received a grant.",
        "Pohl retired in 2019 and was succeeded by Tomas Ekberg, who had previously managed a railway collection."]),
    "article": ("Electrification of the Harnau tramways", [
        "The motor cars of the period, such as car No. 17 now preserved at the Harnau Tram Museum, were built by "
        "Waggonfabrik Osterkamp."]),
    "other": ("Harnau Transport Museum", [
        "The Harnau Transport Museum's director is Tomas Ekholm, who has led the museum since 2016."]),
}


@pytest.mark.parametrize(("question", "role"), [
    ("Who is the current director of the Harnau Tram Museum?", "director"),
    ("Who is the museum's present director?", "director"),
    ("Who is the director of the museum now?", "director"),
    ("Who is the current head coach of the club?", "head coach"),
    ("Who was the first director of the museum?", None),  # no present holder asked
    ("Who is the current one?", None),
])
def test_the_role_a_current_question_asks(question: str, role: str | None) -> None:
    assert current_role(question) == role


@pytest.mark.parametrize(("sentence", "found"), [
    ("Pohl retired in 2019 and was succeeded by Tomas Ekberg.", [Holder("Tomas Ekberg", 2019, "Pohl", False)]),
    ("Anna Berg has been director of the museum since 2015.", [Holder("Anna Berg", 2015, None, True)]),
    ("In 2021 Lars Holm took over as director.", [Holder("Lars Holm", 2021, None, True)]),
    ("Karin Vik succeeded Jon Aas as director in 2003.", [Holder("Karin Vik", 2003, "Jon Aas", True)]),
    ("Director Tomas Ekberg thanked the heritage fund.", []),  # holds the role, says no start in it
])
def test_the_holders_a_sentence_names(sentence: str, found: list[Holder]) -> None:
    assert holders(sentence, "director") == found


def test_the_latest_holder_of_the_asked_subject_leads() -> None:
    lead = listed_lead("Who is the current director of the Harnau Tram Museum?", PAGES)
    assert lead.startswith("Pohl retired in 2019 and was succeeded by Tomas Ekberg"), lead
    assert "Ekholm" not in lead  # the other museum's director
    # the succession names no role: the page's sentence giving it to the predecessor follows, so the lead says it
    assert "The first professional director, Hanna Pohl" in lead


def test_the_claim_giving_the_holder_the_role_follows_and_the_report_is_answered() -> None:
    pages = {**PAGES, "report": ("Annual report 2023 - Harnau Tram Museum", [
        "Director Tomas Ekberg thanked the regional heritage fund and the Friends of the Harnau Tram Museum."])}
    claims, sources = listed_claims(pages)
    report, _gate = noted_report("Who is the current director of the Harnau Tram Museum?", claims, sources)
    lead = lead_section(report.markdown)
    assert lead.startswith("Pohl retired in 2019 and was succeeded by Tomas Ekberg"), lead
    assert "Director Tomas Ekberg thanked" in lead
    assert not lead.startswith("Not established")


def test_a_holder_succeeded_later_is_no_longer_in_office() -> None:
    pages = {"history": ("History of the Harnau Tram Museum", [
        "Anna Berg became director of the Harnau Tram Museum in 1995.",
        "Berg retired in 2010 and was succeeded by Lars Holm as director.",
        "Holm left in 2020 and was succeeded by Karin Vik as director."])}
    lead = listed_lead("Who is the current director of the Harnau Tram Museum?", pages)
    assert lead.startswith("Holm left in 2020 and was succeeded by Karin Vik"), lead
