"""The gate reads a lead sentence citing a table's row with its page's words: a row ("Year 2023: enrolled members
57.") names neither the page's subject nor what the table is of, so the newest row answering "the most recent
membership count of the Dunmoor Pilots' Association" was held back as naming nothing the question names (trial t26
Q5 0.11 low, t28 Q3 0.25 low for the right row). A sentence writing a year and a figure says the question's "most
recent" / "annual" by its year. A row of a page that gives another name stays held back. Pages made up here."""

from __future__ import annotations

from services.synthesizer.confidence import MEDIUM_THRESHOLD, report_gate
from shared.evidence import Citation, EvidenceCandidate, Report, SourceInfo, VerifiedClaim

TABLE = ("| Year | Enrolled members |\n|------|------------------|\n| 2010 | 58 |\n| 2019 | 63 |\n| 2023 | 57 |")
ROWS = ["Year 2010: enrolled members 58.", "Year 2019: enrolled members 63.", "Year 2023: enrolled members 57."]
INTRO = "The number of enrolled members of the Dunmoor Pilots' Association is kept in its yearly register."


def _claims(quote_of_rows: str) -> list[VerifiedClaim]:
    out = []
    for k, text in enumerate([INTRO, *ROWS]):
        quote = text if k == 0 else quote_of_rows
        span = EvidenceCandidate(source_id="roll", domain="local", start=0, end=len(quote), text=quote,
                                 retrieval_score=1.0)
        out.append(VerifiedClaim(claim_id=f"c{k}", source_id="roll", text=text, verdict="supported", stability=1.0,
                                 spans=[span]))
    return out


SOURCES = {"roll": SourceInfo(source_id="roll", title="Register over the years", url_or_path="/corpus/roll.md",
                              domain="local")}


def _report(claim: VerifiedClaim) -> Report:
    cit = Citation(n=1, source_id="roll", claim_id=claim.claim_id, start=0, end=claim.spans[0].end,
                   quote=claim.spans[0].text)
    lead = f"{claim.text.rstrip('.')} [1]."
    return Report(markdown=f"# Q\n\n## Answer\n\n{lead}\n\n## Sources\n\n- [1] Register\n", citations=[cit],
                  used_claim_ids=[claim.claim_id])


def test_the_newest_row_answers_a_latest_question_about_its_pages_subject() -> None:
    claims = _claims(TABLE)
    question = "What is the most recent membership count of the Dunmoor Pilots' Association?"
    gate = report_gate(question, _report(claims[3]), SOURCES, claims)
    assert "names_missing" not in gate.signals and "relation_missing" not in gate.signals
    assert gate.score >= MEDIUM_THRESHOLD, gate.signals


def test_a_row_of_a_page_about_another_thing_is_held_back() -> None:
    claims = _claims(TABLE)
    question = "What is the most recent membership count of the Sallow Pilots' Club?"
    gate = report_gate(question, _report(claims[3]), SOURCES, claims)
    assert gate.tier == "low" and gate.score < MEDIUM_THRESHOLD


def test_a_sentence_that_is_no_table_row_gains_no_page_words() -> None:
    claims = _claims("")  # the same sentences, their evidence no table: each names nothing of the question
    claims = [c.model_copy(update={"spans": [c.spans[0].model_copy(update={"text": c.text, "end": len(c.text)})]})
              for c in claims]
    question = "What is the most recent membership count of the Dunmoor Pilots' Association?"
    gate = report_gate(question, _report(claims[3]), SOURCES, claims)
    assert gate.tier == "low" and gate.score < MEDIUM_THRESHOLD


def _year_2019(quote: str) -> tuple[Report, list[VerifiedClaim]]:
    claims = _claims(quote)
    return _report(claims[2]), claims


#: the rows as label lines of a text file, no table
LABEL_LINES = "\n".join(r.rstrip(".") for r in ROWS)


def test_a_row_counting_the_noun_asked_states_the_count_the_questions_verb_asks() -> None:
    # "How many members did ... list in 2019?": the page never says "list", but its row counting members in 2019
    # states what the verb asks (issue 9, g44 fault E: "Season 2021: passengers 121,300" for "How many passengers
    # did the railway carry in 2021?" was right at low 0.46); as a table row and as a label line
    question = "How many members did the Dunmoor Pilots' Association list in 2019?"
    for quote in (TABLE, LABEL_LINES):
        report, claims = _year_2019(quote)
        gate = report_gate(question, report, SOURCES, claims)
        assert gate.signals["f_one_fact"] == 1.0 and gate.score >= MEDIUM_THRESHOLD, (quote, gate.signals)


def test_a_row_not_counting_the_noun_asked_gains_no_verb() -> None:
    report, claims = _year_2019(TABLE)
    gate = report_gate("How many boats did the Dunmoor Pilots' Association list in 2019?", report, SOURCES, claims)
    assert gate.signals["f_one_fact"] == 0.0 and gate.tier == "low", gate.signals
