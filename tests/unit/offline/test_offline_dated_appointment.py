"""Trial t57 F1 (the pages here are invented): "Who is the current director of X?" where an encyclopedia says
"Fenwright has been director since 2019" and a dated news page says "The society has appointed Idris Tamblyn as
director" without a year of its own. The appointment is of its page's publication year, so the newer holder leads
(``services.synthesizer.offline.current_holder_lead``); when no year orders two holders in office (the news page is
undated), whichever leads is not established and the gate holds it back (``holders_unordered``)."""

from __future__ import annotations

from services.synthesizer.offline import holders_unordered
from shared.evidence import SourceInfo, VerifiedClaim
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

QUESTION = "Who is the current director of the Brindlecombe Botanic Garden?"
PAGES = {
    "enc": ("Brindlecombe Botanic Garden", [
        "The Brindlecombe Botanic Garden is a botanic garden in Ostry on the Pell Water.",
        "Ottilie Fenwright has been director since 2019, succeeding Jasper Holm, who had led it from 1998.",
        "The garden keeps about 3,400 plant species."]),
    "news": ("Idris Tamblyn to lead Brindlecombe Botanic Garden", [
        "The Brindlecombe Garden Society has appointed Idris Tamblyn as director of the Brindlecombe Botanic Garden.",
        "Fenwright had been director since 2019.",
        "The society said that the glasshouse roof will be repaired next spring."]),
}
APPOINTED = ("The Brindlecombe Garden Society has appointed Idris Tamblyn as director of the Brindlecombe Botanic "
             "Garden [1] (2024-06-03).")


def _pages(news_date: str | None) -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims, sources = listed_claims(PAGES)
    sources["news"] = sources["news"].model_copy(update={"published": news_date})
    return claims, sources


def test_an_undated_appointment_on_a_dated_page_is_of_its_year_and_leads() -> None:
    claims, sources = _pages("2024-06-03")
    for question in (QUESTION, "Who heads the Brindlecombe Botanic Garden today?"):
        report, gate = noted_report(question, claims, sources)
        lead = lead_section(report.markdown)
        assert lead == APPOINTED, (question, lead)  # on main: "Ottilie Fenwright has been director since 2019 ..."
        assert gate.tier == "medium" and not gate.signals.get("holders_unordered"), gate.signals
    assert not holders_unordered(QUESTION, claims, sources)


def test_two_holders_no_year_orders_are_not_established() -> None:
    claims, sources = _pages(None)
    assert holders_unordered(QUESTION, claims, sources)
    report, gate = noted_report(QUESTION, claims, sources)
    assert gate.tier == "low" and gate.signals.get("holders_unordered") == 1.0, gate.signals
    assert lead_section(report.markdown) == (
        "Not established: the person or group asked for. Related findings, not the answer: Ottilie Fenwright has been "
        "director since 2019, succeeding Jasper Holm, who had led it from 1998 [1]. Fenwright had been director since "
        "2019 [2]."), report.markdown  # on main: the same Fenwright sentences as the answer, at "high"


def test_a_holder_said_to_be_succeeded_leaves_one_in_office() -> None:
    pages = {**PAGES, "enc": ("Brindlecombe Botanic Garden", [
        *PAGES["enc"][1], "Fenwright left in 2024 and was succeeded by Idris Tamblyn as director."])}
    claims, sources = listed_claims(pages)
    assert not holders_unordered(QUESTION, claims, sources)
    assert not holders_unordered("Who founded the Brindlecombe Botanic Garden?", claims, sources)


def test_a_chair_beside_a_director_is_no_conflict_of_who_heads_it() -> None:
    pages = {"enc": ("Brindlecombe Botanic Garden", [
        "Ottilie Fenwright has been director since 2019.",
        "The Brindlecombe Garden Society has appointed Idris Tamblyn as chair of the Brindlecombe Botanic Garden."])}
    claims, sources = listed_claims(pages)
    assert not holders_unordered("Who heads the Brindlecombe Botanic Garden today?", claims, sources)
    both = {"enc": (pages["enc"][0], [*pages["enc"][1], "Mirren Osk became director of the Brindlecombe Botanic "
                                                        "Garden in 2019."])}
    claims, sources = listed_claims(both)
    assert holders_unordered("Who heads the Brindlecombe Botanic Garden today?", claims, sources)  # the same year


HISTORY = {
    "enc": ("Ravelsby Observatory", [
        "The Ravelsby Observatory is a public observatory on Kell Hill.",
        "Marta Quillon has been director since 2021.",
        "The dome houses a 60-centimetre reflector."]),
    "old": ("Ravelsby Observatory in the early years", [
        "Conrad Bellweather was appointed director of the Ravelsby Observatory.",
        "The first public nights drew crowds from the whole valley."]),
}


def test_an_undated_past_start_beside_a_dated_holder_leaves_the_holder_in_office() -> None:
    """Review of stop 38, item 6: an old mention of a holder, its start told in the past with no year and no date
    on its page ("X was appointed director"), does not make the dated holder in office ("Y has been director since
    2021") unordered; an undated appointment told as news ("has appointed") still does."""
    question = "Who is the current director of the Ravelsby Observatory?"
    claims, sources = listed_claims(HISTORY)
    assert not holders_unordered(question, claims, sources)
    report, gate = noted_report(question, claims, sources)
    assert lead_section(report.markdown) == "Marta Quillon has been director since 2021 [1].", report.markdown
    assert not gate.signals.get("holders_unordered") and gate.tier != "low", gate.signals
    news = {**HISTORY, "old": ("Ravelsby Observatory news", [
        "The Kell Hill Trust has appointed Conrad Bellweather as director of the Ravelsby Observatory."])}
    claims, sources = listed_claims(news)
    assert holders_unordered(question, claims, sources)
