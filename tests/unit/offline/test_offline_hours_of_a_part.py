"""Trial t61 F3 (the pages here are invented): "What are the box office opening hours of X on Saturday?" was led by
"X was founded in 1994 by ..." at 0.81 medium, the row "Day Saturday: hours 09:00 to 22:00" only second: the words
naming a part of X before "opening hours" ("box office") kept the question from reading as one asking the hours
(``shared.text.hours.asks_hours``), and were read as its relation. The label of the hours asks them, whatever names
the part of the place before it, and is the relation asked (``shared.text.answer.relation_terms``)."""

from __future__ import annotations

from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from shared.report import lead_section
from shared.text.answer import answer_type, relation_terms
from shared.text.hours import asks_hours
from tests.claim_pages import noted_report

QUESTION = "What are the box office opening hours of the Tarrowby Art Fair on Saturday?"
TABLE = ("| Day | Hours |\n|------|------|\n| Monday to Friday | 10:00 to 19:00 |\n| Saturday | 09:00 to 21:00 |\n"
         "| Sunday | 11:00 to 17:00 |")
PAGES = {
    "visit": ("Plan your visit", [
        "The 12th Tarrowby Art Fair runs from 3 to 6 June 2026 at Mill Hall and two partner galleries.",
        "Day Monday to Friday: hours 10:00 to 19:00.",
        "Day Saturday: hours 09:00 to 21:00.",
        "Day Sunday: hours 11:00 to 17:00.",
    ]),
    "wiki": ("Tarrowby Art Fair", [
        "The Tarrowby Art Fair is an annual art fair in the river town of Tarrowby, Lenmark.",
        "The Tarrowby Art Fair was founded in 2014 by the painter Mina Okafor-Lund, who ran it until 2020.",
    ]),
}


def _claims() -> tuple[list[VerifiedClaim], dict[str, SourceInfo]]:
    claims = []
    for sid, (_title, texts) in PAGES.items():
        for k, text in enumerate(texts):
            quote = TABLE if text.startswith("Day ") else text
            span = EvidenceCandidate(source_id=sid, domain="local", start=0, end=len(quote), text=quote,
                                     retrieval_score=1.0)
            claims.append(VerifiedClaim(claim_id=f"{sid}{k}", source_id=sid, text=text, verdict="supported",
                                        stability=1.0, spans=[span]))
    return claims, {sid: SourceInfo(source_id=sid, title=title, url_or_path=f"/corpus/{sid}.html", domain="local")
                    for sid, (title, _t) in PAGES.items()}


def test_the_hours_of_a_part_of_the_place_are_asked() -> None:
    assert asks_hours(QUESTION)
    assert asks_hours("What are the museum's opening hours on Sunday?")
    assert answer_type(QUESTION) == "when"
    assert relation_terms(QUESTION) == ["opening", "hour"]
    assert not asks_hours("What were the opening hours of the old mill in 1900?")  # a past time, no hours now


def test_the_row_of_the_day_asked_leads() -> None:
    claims, sources = _claims()
    report, gate = noted_report(QUESTION, claims, sources)
    assert lead_section(report.markdown) == "Day Saturday: hours 09:00 to 21:00 [1].", report.markdown
    # no claim says the rows are the box office's (the table's heading is no claim): answered, but not established
    assert gate.tier == "low"
