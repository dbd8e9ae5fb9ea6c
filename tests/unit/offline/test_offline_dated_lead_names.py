"""Trial t62 q10 (the pages here are invented): "Who is the current director of X?" led by an appointment on a
dated news page whose title does not name X. The report writes the page's date after the lead's citation
("... of the Tarnwick Borough Museum [1] (2024-02-12).": :func:`services.synthesizer.provenance.date_note`); that
note is no part of the name the sentence gives, so the gate finds X named (``chain_names``) and the answer is not
held back as "not established"."""

from __future__ import annotations

from services.synthesizer.confidence import chain_features
from shared.report import lead_section
from tests.claim_pages import listed_claims, noted_report

QUESTION = "Who is the current director of the Tarnwick Borough Museum?"
PAGES = {
    "news": ("Ellery-Vance to lead borough museums", [
        "Dr Oona Ellery-Vance has been appointed director of the Tarnwick Borough Museum.",
        "She succeeds Piers Calloway, who led the museum for eleven years and retires this month."]),
    "enc": ("Tarnwick Borough Museum", [
        "The Tarnwick Borough Museum was founded in 1902.",
        "The museum holds about 48,000 objects."]),
}
LEAD = "Dr Oona Ellery-Vance has been appointed director of the Tarnwick Borough Museum [1] (2024-02-12)."


def test_the_date_after_the_citation_is_no_part_of_the_name() -> None:
    for lead in (LEAD, LEAD.replace(" (2024-02-12)", "")):
        features = chain_features(QUESTION, lead, {1: PAGES["news"][0]})
        assert features["chain_names"] == 1.0 and features["relation_names"] == 1.0, (lead, features)


def test_a_dated_appointment_leads_answered() -> None:
    claims, sources = listed_claims(PAGES)
    sources["news"] = sources["news"].model_copy(update={"published": "2024-02-12"})
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown) == LEAD, report.markdown  # on main: "Not established: the person ..."
    assert gate.tier == "high" and not gate.signals.get("names_missing"), gate.signals
