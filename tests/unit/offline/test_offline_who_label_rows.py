"""Trial t53 fault 4 (the pages here are invented): a record's row answers "who" only when its label names a doer
("architect", "builder", "founded by", "chief executive"), never "type", "status" or "category" ("X: type Open-air
theatre" names nobody); and "Who founded X?" over pages naming no founder of X (only who approved it, and the founder
of the society running it) is not established at low: a name in one lead sentence and the relation in another, or a
hyphenated compound's part ("open-air"), states no founder (``shared.text.answer``, ``services.synthesizer``)."""

from __future__ import annotations

from services.synthesizer.confidence import report_gate
from services.synthesizer.offline import synthesize
from shared.text.answer import answer_candidates, doer_label, row_label
from tests.claim_pages import local_claim, local_source


def _lead(markdown: str) -> str:
    return markdown.split("## Answer", 1)[1].split("##", 1)[0].strip().split("\n")[0]


def test_only_a_doer_labels_row_names_who() -> None:
    question = "Who founded the Sarnby Open Stage?"
    assert row_label("Sarnby Open Stage: type Open-air theatre.") == "type"
    assert row_label("Sarnby Open Stage: date opened 1911-08-03.") == "date opened"
    assert row_label("The stage was approved by Aldo Brenz in 1907.") is None
    assert answer_candidates("Sarnby Open Stage: type Open-air theatre.", "who", question) == []
    assert answer_candidates("Sarnby Open Stage: status Closed.", "who", question) == []
    assert answer_candidates("Sarnby Open Stage: architect Wenna Dolt.", "who", question) == ["Wenna Dolt"]
    assert answer_candidates("Sarnby Open Stage: founded by Wenna Dolt.", "who", question) == ["Wenna Dolt"]
    assert answer_candidates("Sarnby Open Stage: chief executive Wenna Dolt.", "who", question) == ["Wenna Dolt"]
    assert all(doer_label(x) for x in ("founder", "operator", "owner", "builder", "trustees", "mayor"))
    assert not any(doer_label(x) for x in ("type", "status", "category", "date opened", "tower height m"))


STAGE = {"e": local_source("e", "Sarnby Open Stage"), "r": local_source("r", "Sarnby Open Stage listing record")}
STAGE_CLAIMS = [
    local_claim("e1", "e", "Sarnby Open Stage is an open-air theatre in Hollin Park in the town of Corvel."),
    local_claim("e2", "e", "The Sarnby Open Stage opened on 3 August 1911."),
    local_claim("e3", "e", "The town board approved the stage in 1907 under the reeve Aldo Brenz."),
    local_claim("e4", "e", "A campaign by local actors led to the founding of the Sarnby Stage Society in 1996."),
    local_claim("r1", "r", "Sarnby Open Stage: type Open-air theatre."),
    local_claim("r2", "r", "Sarnby Open Stage: architect Wenna Dolt."),
]


def test_who_founded_it_without_a_founder_is_not_established() -> None:
    question = "Who founded the Sarnby Open Stage?"
    rep = synthesize(question, STAGE_CLAIMS, STAGE)
    lead = _lead(rep.markdown)
    assert "type Open-air" not in lead.split(".")[0], lead
    gate = report_gate(question, rep, STAGE, STAGE_CLAIMS)
    assert gate.tier == "low" and gate.signals.get("relation_missing") == 1.0, (lead, gate.signals)
    # the row of a doer still answers who designed it
    rep = synthesize("Who designed the Sarnby Open Stage?", STAGE_CLAIMS, STAGE)
    assert _lead(rep.markdown) == "Sarnby Open Stage: architect Wenna Dolt [1].", rep.markdown
