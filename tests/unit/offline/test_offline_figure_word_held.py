"""A question asking a figure by the word "figure", "number", "total" or "count" ("What is the latest figure for
overnight stays ...?") is answered whole by a sentence stating the number (no year): that word says a figure is
asked, not what it is of, and the number says it. Trial t30 x2 led with the right row, "Year 2023: overnight stays
47,650", at low 0.42: the lead held every word of the question but "figure", so no sentence answered the one fact
(``one_fact`` 0, ``hop`` 0 in services.synthesizer.confidence). A sentence stating only a year, or a question using
"number" for a name ("What number is the bus ...?"), gains nothing. Pages made up here."""

from __future__ import annotations

import pytest

from services.synthesizer.confidence import MEDIUM_THRESHOLD, _row_and_time_words, report_gate
from shared.evidence import Citation, EvidenceCandidate, Report, SourceInfo, VerifiedClaim

TABLE = "| Year | Ferry crossings |\n|------|-----------------|\n| 2021 | 3,120 |\n| 2022 | 3,480 |\n| 2023 | 3,905 |"
ROWS = ["Year 2021: ferry crossings 3,120.", "Year 2022: ferry crossings 3,480.", "Year 2023: ferry crossings 3,905."]
INTRO = "The Kessay Ferry Company runs the crossings between Kessay and the mainland."


def _claims() -> list[VerifiedClaim]:
    out = []
    for k, text in enumerate([INTRO, *ROWS]):
        quote = text if k == 0 else TABLE
        span = EvidenceCandidate(source_id="log", domain="local", start=0, end=len(quote), text=quote,
                                 retrieval_score=1.0)
        out.append(VerifiedClaim(claim_id=f"c{k}", source_id="log", text=text, verdict="supported", stability=1.0,
                                 spans=[span]))
    return out


SOURCES = {"log": SourceInfo(source_id="log", title="Kessay Ferry Company: crossings by year",
                             url_or_path="/corpus/log.md", domain="local")}


def _report(claim: VerifiedClaim) -> Report:
    cit = Citation(n=1, source_id="log", claim_id=claim.claim_id, start=0, end=claim.spans[0].end,
                   quote=claim.spans[0].text)
    return Report(markdown=f"# Q\n\n## Answer\n\n{claim.text.rstrip('.')} [1].\n\n## Sources\n\n- [1] Log\n",
                  citations=[cit], used_claim_ids=[claim.claim_id])


@pytest.mark.parametrize(
    "question",
    [
        "What is the latest figure for ferry crossings of the Kessay Ferry Company?",
        "What is the most recent total for ferry crossings of the Kessay Ferry Company?",
        "What is the latest crossing count for the Kessay Ferry Company?",
        "What's the newest number of ferry crossings for the Kessay Ferry Company?",
    ],
)
def test_the_newest_row_answers_a_question_asking_its_figure_by_a_figure_word(question: str) -> None:
    claims = _claims()
    gate = report_gate(question, _report(claims[3]), SOURCES, claims)
    assert gate.signals["f_one_fact"] == 1.0 and gate.signals["f_hop"] == 1.0, gate.signals
    assert gate.score >= MEDIUM_THRESHOLD and "not_established" not in gate.signals


@pytest.mark.parametrize(
    ("question", "sentence", "held"),
    [
        ("What is the latest figure for overnight stays?", "Year 2023: overnight stays 47,650.", {"figure"}),
        ("What is the total number of members?", "The club had 412 members.", {"total", "number"}),
        ("What is the latest figure for overnight stays?", "The hut opened in 1908.", set()),  # a year is no figure
        ("What number is the bus to Varholt?", "Bus 42 runs to Varholt.", set()),  # a number that names a bus
        ("What figure is shown on the coin?", "The coin of 1921 shows 2 owls.", set()),  # a figure that is a picture
    ],
)
def test_a_number_says_the_figure_word_only_of_a_question_asking_a_figure(question: str, sentence: str,
                                                                         held: set[str]) -> None:
    words = _row_and_time_words(question, sentence, set(), None)
    assert words & {"figure", "total", "number", "count"} == held
