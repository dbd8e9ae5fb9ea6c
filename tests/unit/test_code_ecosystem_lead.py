"""A code question's answer never opens with a page of another language ecosystem while a page of its own gives
evidence (issue 15 trial: an npm question's answer cited a Python page first).

The code analysis records each fetched page's ecosystem (``PackagesSurveyed.pages``, ``off_ecosystem``); the
synthesizer reads it into ``SourceInfo.other_ecosystem`` (``services.synthesizer.handlers.report_inputs``) and
neither engine lets such a page lead (``services.synthesizer.offline.lead_candidates``)."""

from __future__ import annotations

import re

from services.synthesizer.handlers import report_inputs
from services.synthesizer.offline import lead_candidates, synthesize
from shared.domain import source_id_for
from shared.evidence import EvidenceCandidate, SourceInfo, VerifiedClaim
from tests.unit.handlers.fakes import FakeDocuments, fetched_run, memory_runs

QUESTION = "Which npm package should I use for HTTP requests with retries in Node.js?"
PYTHON = ("The best package for HTTP requests with retries is fetchkit: it retries requests with backoff and "
          "is the HTTP package most people should use.")
NODE = "fetchit retries failed requests in Node.js."


def _claim(cid: str, sid: str, text: str) -> VerifiedClaim:
    span = EvidenceCandidate(source_id=sid, domain="web", start=0, end=len(text), text=text, retrieval_score=1.0)
    return VerifiedClaim(claim_id=cid, source_id=sid, text=text, verdict="supported", stability=1.0, spans=[span])


def _sources(other: set[str]) -> dict[str, SourceInfo]:
    return {sid: SourceInfo(source_id=sid, title=f"Page {sid}", url_or_path=f"http://127.0.0.1:9/{sid}",
                            domain=f"{sid}.example", other_ecosystem="a Python (PyPI) page" if sid in other else None)
            for sid in ("py", "node")}


def _first_cited(report: str) -> str:
    answer = report.split("## Answer", 1)[1].split("\n## ", 1)[0]
    n = re.search(r"\[(\d+)\]", answer)
    assert n is not None, report
    line = re.search(rf"- \[{n.group(1)}\] Page (\w+)", report)
    assert line is not None, report
    return line.group(1)


def test_a_page_of_another_ecosystem_never_leads_while_one_of_the_question_gives_evidence() -> None:
    claims = [_claim("a", "py", PYTHON), _claim("b", "node", NODE)]
    assert _first_cited(synthesize(QUESTION, claims, _sources({"py"})).markdown) == "node"
    assert lead_candidates(claims, [1.0, 0.2], _sources({"py"})) == [1]
    # unflagged, the more relevant Python sentence leads: the rule, not the wording, moved it
    assert _first_cited(synthesize(QUESTION, claims, _sources(set())).markdown) == "py"


def test_a_page_of_another_ecosystem_alone_may_still_answer() -> None:
    claims = [_claim("a", "py", PYTHON)]
    assert lead_candidates(claims, [1.0], _sources({"py"})) == [0]
    assert _first_cited(synthesize(QUESTION, claims, _sources({"py"})).markdown) == "py"


def test_the_code_analysis_pages_reach_the_report_inputs() -> None:
    runs, docs = memory_runs(), FakeDocuments()
    run_id, (py, node) = fetched_run(runs, docs, [("https://py.example/http", PYTHON), ("https://node.example/http",
                                                                                        NODE)],
                                     question=QUESTION, domain="code")
    for sid, text in ((py, PYTHON), (node, NODE)):
        runs.record_claims(run_id, sid, [{"claim_id": str(source_id_for(run_id, text)), "text": text, "start": 0,
                                          "end": len(text)}])
    runs.record_domain_event(run_id, "PackagesSurveyed", "survey_packages", {
        "ecosystems": ["npm"], "packages": [], "failures": [], "workspace": None,
        "pages": [{"source_id": str(py), "url": "https://py.example/http", "ecosystem": "pypi", "off_ecosystem": True,
                   "names": ["fetchkit"]},
                  {"source_id": str(node), "url": "https://node.example/http", "ecosystem": "npm",
                   "off_ecosystem": False, "names": ["fetchit"]}]})
    sources, _, _, _ = report_inputs(runs.get_run(run_id))
    assert sources[str(py)].other_ecosystem == ("a Python (PyPI) page; the question is about JavaScript/TypeScript "
                                                "(npm)")
    assert sources[str(node)].other_ecosystem is None
