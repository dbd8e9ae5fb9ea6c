"""``shared.memory.questions.recheck_note`` and ``without_note``: how a re-check's report section words the past
question and the claims, and that a report shown again from memory drops that section."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from uuid import UUID, uuid4

from shared.memory.questions import RECHECK_HEADING, Recheck, recheck_note, with_note, without_note


@dataclass
class ClaimVerified:  # read by type name, like the run's events
    reused_from: UUID | None


def _recheck(similarity: float) -> Recheck:
    return Recheck(uuid4(), uuid4(), "What is Kesh known for?", datetime(2026, 12, 1, tzinfo=UTC), similarity, ())


def test_an_identical_question_is_called_the_same_question() -> None:
    note = recheck_note(_recheck(1.0), [])
    assert "on the same question against current sources" in note and "similarity" not in note
    close = recheck_note(_recheck(0.91), [])
    assert "a close earlier question, “What is Kesh known for?” (similarity 0.91)" in close


def test_claims_without_a_kept_verdict_are_not_said_to_have_changed() -> None:
    events = [ClaimVerified(uuid4()), ClaimVerified(None), ClaimVerified(None)]
    note = recheck_note(_recheck(1.0), events)
    assert "Of 3 claims, 1 kept the verdict" in note and "2 were verified now" in note
    assert "verified again against the current text" not in note


def test_a_report_shown_again_drops_the_recheck_section() -> None:
    report = "# Research report\n\n## Answer\n\nKesh is a town [1].\n\n## Sources\n\n[1] https://kesh.example\n"
    noted = with_note(report, recheck_note(_recheck(1.0), []))
    assert RECHECK_HEADING in noted
    shown = without_note(noted)
    assert RECHECK_HEADING not in shown and "re-checks" not in shown
    assert "Kesh is a town [1]." in shown and "## Sources\n\n[1] https://kesh.example" in shown
    assert without_note(report) == report
