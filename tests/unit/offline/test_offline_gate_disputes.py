"""A disputed value holds the lead back only when it is the value the question asks for (issue 9, items 4 and 5):
pages that disagree on a game's year of publication do not dispute who designed it. And the calibration is fitted
on honest labels: a yes/no question asked over its distractors alone is never "answered" by chance. Pages and
questions made up here (no dev-set text)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from services.synthesizer.confidence import answer_disputed, report_gate
from services.synthesizer.offline import Disagreement, find_disagreements
from shared.evidence import Citation, EvidenceCandidate, Report, SourceInfo, VerifiedClaim

TEXTS = {
    "a": "The game Tunnels and Trolls was designed by Ken Andre.",
    "b": "The game Tunnels and Trolls was first published in 1975.",
    "c": "The game Tunnels and Trolls was first published in 1979.",
}


def _claims() -> list[VerifiedClaim]:
    out = []
    for cid, text in TEXTS.items():
        span = EvidenceCandidate(source_id=f"s{cid}", domain=f"s{cid}", start=0, end=len(text), text=text,
                                 retrieval_score=1.0)
        out.append(VerifiedClaim(claim_id=cid, source_id=f"s{cid}", text=text, verdict="supported", stability=1.0,
                                 spans=[span]))
    return out


def _sources() -> dict[str, SourceInfo]:
    return {f"s{c}": SourceInfo(source_id=f"s{c}", title="Tunnels and Trolls", url_or_path=f"/corpus/{c}.txt",
                                domain=f"s{c}.example") for c in TEXTS}


def _report(lead: str) -> Report:
    """A report whose lead is ``lead``, citing claim a as [1], b as [2], c as [3]."""
    cits = [Citation(n=i, source_id=f"s{cid}", claim_id=cid, start=0, end=len(TEXTS[cid]), quote=TEXTS[cid])
            for i, cid in enumerate(TEXTS, start=1)]
    markdown = f"# Q\n\n## Answer\n\n{lead}\n\n## Sources\n\n- [1] a\n- [2] b\n- [3] c\n"
    return Report(markdown=markdown, citations=cits, used_claim_ids=list(TEXTS))


def test_only_a_disagreement_on_the_value_asked_for_disputes_the_answer() -> None:
    years = Disagreement(kind="year", values=[(1, "1975"), (2, "1979")])
    names = Disagreement(kind="name", values=[(0, "Ken Andre"), (1, "Liz Danforth")])
    assert answer_disputed("When was the game Tunnels and Trolls first published?", years)
    assert not answer_disputed("Who designed the game Tunnels and Trolls?", years)  # years dispute no designer
    assert answer_disputed("Who designed the game Tunnels and Trolls?", names)
    # comparisons and yes/no questions are decided by the values: any disagreement counts
    assert answer_disputed("Which was published first, Tunnels and Trolls or Dungeon Quest?", years)
    assert answer_disputed("Was Tunnels and Trolls first published in 1975?", years)


def test_the_gate_holds_back_a_lead_only_when_its_answer_is_disputed() -> None:
    claims, sources = _claims(), _sources()
    assert [(d.kind, [v for _, v in d.values]) for d in find_disagreements(claims)] == [("year", ["1975", "1979"])]
    lead = ("The sources disagree: 1975 [2]; 1979 [3]. "
            "The game Tunnels and Trolls was designed by Ken Andre [1].")
    who = report_gate("Who designed the game Tunnels and Trolls?", _report(lead), sources, claims)
    assert "disputed" not in who.signals  # the designer stands; the report still says the years disagree
    assert who.signals["answered"] == pytest.approx(who.signals["p_answered"], abs=1e-6)
    assert who.signals["answered"] > 0.6
    when_lead = "The sources disagree: 1975 [2]; 1979 [3]. The game Tunnels and Trolls was first published in 1975 [2]."
    when = report_gate("When was the game Tunnels and Trolls first published?", _report(when_lead), sources, claims)
    assert when.signals.get("disputed") == 1.0 and when.tier == "low"


def test_a_yes_no_question_over_its_distractors_is_labelled_unanswered_for_the_fit(tmp_path: Path) -> None:
    from tests.tools.fit_calibration import by_chance, eval_rows

    def outcome(i: int, yes_no: bool) -> dict[str, object]:
        return {"id": f"q{i}", "in_lead": True, "in_report": True, "judge_total": 70,
                "signals": {"f_yes_no": 1.0 if yes_no else 0.0, "f_answer": 0.5, "retrieval": 0.5}}

    details = [outcome(0, True), outcome(1, False)]
    plain = tmp_path / "tune.json"
    plain.write_text(json.dumps({"config": {"limit": "2"}, "details": details}), encoding="utf-8")
    alone = tmp_path / "tune_unanswerable.json"
    alone.write_text(json.dumps({"config": {"unanswerable": "true"}, "details": details}), encoding="utf-8")
    assert [r["in_report"] for r in eval_rows([plain])] == [True, True]
    # over the distractors alone the yes/no report's "yes" matched by chance; the other question's answer did not
    assert [(r["in_report"], r["in_lead"]) for r in eval_rows([alone])] == [(False, False), (True, True)]
    # a re-scored row (tests.tools.report_cache score --out) carries its own flag
    assert by_chance({**details[0], "unanswerable": True}, False) and not by_chance(details[0], False)


def test_a_name_the_question_misspells_or_qualifies_is_still_found_on_the_lead_pages() -> None:
    from services.synthesizer.confidence import answer_features, name_words, word_found

    claims, sources = _claims(), _sources()
    lead = "The game Tunnels and Trolls was designed by Ken Andre [1]."
    right = answer_features("What game did Ken Andre design?", _report(lead), sources, claims)
    typo = answer_features("What game did Ken Andree design?", _report(lead), sources, claims)
    assert right["names_found"] == typo["names_found"] == 1.0  # "Andree": one letter from the page's "Andre"
    other = answer_features("What game did Ken Anderson design?", _report(lead), sources, claims)
    assert other["names_found"] == 0.0  # a name the lead's pages do not give is still missing
    assert name_words("US-based") == name_words("US") and "based" not in name_words("US-based")
    assert name_words("Fiske O'Hara") == {"fiske", "o'hara"} and name_words("the old mill") == set()
    assert word_found("sydeney", {"sydney"}) and word_found("beltman", {"bettman"})
    assert not word_found("hal", {"hall"}) and not word_found("paris", {"parma"})  # short, or two letters apart


def test_one_event_dated_differently_disputes_the_names_each_claim_gives_for_it() -> None:
    # issue 9, trial t36 fault 10: pages that give one founding different years and different founders disagree on
    # the founder too, so a who-question's answer is disputed (the lead states each name, the gate holds it low)
    def claim(cid: str, sid: str, text: str) -> VerifiedClaim:
        span = EvidenceCandidate(source_id=sid, domain=sid, start=0, end=len(text), text=text, retrieval_score=1.0)
        return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0,
                             spans=[span])

    claims = [claim("a", "s1", "The Brask Tannery was founded in 1741 by Ida Morn."),
              claim("b", "s2", "The Brask Tannery was established in 1756 by Olof Hane."),
              claim("c", "s3", "The Brask Tannery was founded in 1760 by Per Lunde.")]
    found = find_disagreements(claims, {"s1": "Brask Tannery", "s2": "History", "s3": "Brask Tannery history"})
    named = [d for d in found if d.kind == "name"]
    assert [v for _i, v in named[0].values] == ["Ida Morn", "Olof Hane", "Per Lunde"]
    assert answer_disputed("Who founded the Brask Tannery?", named[0])
    assert any(d.kind == "year" for d in found)
    # one founding year and one founder on each page: nothing to dispute
    agreeing = [claim("a", "s1", "The Brask Tannery was founded in 1741 by Ida Morn."),
                claim("b", "s2", "The Brask Tannery was established in 1741 by Ida Morn.")]
    assert find_disagreements(agreeing) == []
    # a claim that also names a place may name it, not the founder: no name dispute is read from it
    placed = [claim("a", "s1", "The Brask Tannery was founded in 1741 by Ida Morn."),
              claim("b", "s2", "The Brask Tannery was established in 1756 in Varde by Olof Hane.")]
    assert not [d for d in find_disagreements(placed) if d.kind == "name"]
