"""The run page's pieces without servers: the trust view of a run result (banner counts, accordion order,
contested claims with both sides) and the report/trust fragment rendered from hostile text."""

from __future__ import annotations

import re
from typing import Any
from uuid import uuid4

from services.gateway.readmodels import RunResult
from services.gateway.web.routes import result_context, templates
from services.gateway.web.views import trust_view, verdict_summary

SRC_A, SRC_B = str(uuid4()), str(uuid4())
C1, C2, C3 = str(uuid4()), str(uuid4()), str(uuid4())
TEXT_A = "The tower is 1,200 m tall. It opened in 1999."
TEXT_B = "The tower is 1,450 m tall according to the city."


def span(source: str, text: str, quote: str, label: str = "supports") -> dict[str, Any]:
    start = text.index(quote)
    return {"source_id": source, "start": start, "end": start + len(quote), "quote": quote, "label": label,
            "score": 0.9}


def result(report: str = "## Answer\n\nThe tower opened in 1999 [1].\n\n## Sources\n\n- [1] A — https://a.org/t\n",
           claim_text: str = "The tower opened in 1999.") -> dict[str, Any]:
    return {
        "run_id": str(uuid4()), "question": "How tall is the tower?", "status": "completed",
        "request": {"question": "How tall is the tower?", "scope": "local", "depth": "standard", "domain": "auto",
                    "max_sources": 8, "verify_claims": True},
        "report": report,
        "citations": [{"n": 1, "source_id": SRC_A, "claim_id": C1, "start": 27, "end": 45,
                       "quote": "It opened in 1999."}],
        "sources": [{"source_id": SRC_A, "url": "doc:1", "final_url": "https://a.org/t", "title": "A",
                     "status": "extracted"},
                    {"source_id": SRC_B, "url": "https://b.org/t", "title": "B", "status": "extracted"}],
        "claims": [
            {"claim_id": C2, "source_id": SRC_A, "text": "The tower is 1,200 m tall.", "start": 0, "end": 26,
             "verdict": "contested", "stability": 0.5, "corroborating_domains": ["a.org"],
             "evidence_spans": [span(SRC_A, TEXT_A, "The tower is 1,200 m tall."),
                                span(SRC_B, TEXT_B, "The tower is 1,450 m tall", "contradicts")]},
            {"claim_id": C3, "source_id": SRC_B, "text": "Unchecked.", "start": 0, "end": 5, "verdict": "unverified",
             "stability": None, "evidence_spans": []},
            {"claim_id": C1, "source_id": SRC_A, "text": claim_text, "start": 27, "end": 45,
             "verdict": "supported", "stability": 1.0, "corroborating_domains": ["a.org", "b.org"],
             "evidence_spans": [span(SRC_A, TEXT_A, "It opened in 1999.")]},
        ],
        "verdicts": {"supported": 1, "contested": 1, "contradicted": 0, "unverified": 1},
        "confidence": {"score": 0.82, "tier": "high", "signals": {}},
        "judge": {"factual_accuracy": 30, "citation_density": 30, "coverage": 30, "total": 90},
        "partial": False, "missing": [], "last_seq": 40,
    }


def test_trust_view_counts_orders_and_splits_sides() -> None:
    view = trust_view(result())
    assert view.headline == "High confidence" and view.counts == {"supported": 1, "contested": 1,
                                                                   "contradicted": 0, "unverified": 1}
    assert [c.claim_id for c in view.claims] == [C1, C2, C3]  # cited first, then contested, then unverified
    cited, contested, _ = view.claims
    assert cited.cited == [1] and cited.source.label == "[1] A"
    assert [s.quote for s in contested.supports] == ["The tower is 1,200 m tall."]
    assert [(s.quote, s.source.label) for s in contested.contradicts] == [("The tower is 1,450 m tall", "B")]
    assert verdict_summary(view.counts) == "1 supported · 1 contested · 0 contradicted · 1 unverified"


def test_trust_view_without_verification_or_gate() -> None:
    data = result()
    data.update(confidence=None, verdicts={}, request={**data["request"], "verify_claims": False})
    for c in data["claims"]:
        c["verdict"] = None
    view = trust_view(data)
    assert view.headline == "Confidence not rated yet" and not view.verified
    assert view.counts["unverified"] == 3 and view.claims[0].verdict_label == "not verified"


def test_the_result_fragment_shows_hostile_text_as_text() -> None:
    evil = '<script>alert("claim")</script><img src=x onerror=alert(1)>'
    report = f"## Answer\n\nThe tower opened in 1999 {evil} [1].\n\n| a | b |\n|---|---|\n| 1 | 2 | 3 |\n"
    res = RunResult.model_validate(result(report, claim_text=f"The tower opened {evil}"))
    html = templates.get_template("_result.html").render(result_context(res))
    assert "<script" not in html and "<img" not in html and "onerror=alert" not in html.replace("onerror=alert(1)&gt;", "")
    assert html.count("&lt;script&gt;") == 2  # in the report and in the claim, as text
    cite = re.search(r'<a href="([^"]+)" class="cite"[^>]*data-n="1"', html)
    assert cite and cite.group(1) == f"/runs/{res.run_id}/sources/{SRC_A}?start=27&amp;end=45&amp;n=1"
    assert "<td>3</td>" in html  # the broken table kept its extra cell
    assert 'id="verdict-banner"' in html and "High confidence" in html
    assert html.count('class="claim ') == 3 and 'class="side side-contradicts"' in html


def test_what_is_missing_is_said_once() -> None:
    """The report's own "What is missing" section is not repeated as a card below it (a new-user trial saw it
    twice); a run with no report yet shows the list as a card."""
    missing = "No source named the architect of the tower."
    report = ("## Answer\n\nThe tower opened in 1999 [1].\n\n## What is missing\n\n- " + missing
              + "\n\n## Sources\n\n- [1] A — https://a.org/t\n")
    data = result(report)
    data["missing"] = [missing]
    html = templates.get_template("_result.html").render(result_context(RunResult.model_validate(data)))
    assert html.count(missing) == 1 and 'class="card missing"' not in html
    data.update(report=None, status="running")
    bare = templates.get_template("_result.html").render(result_context(RunResult.model_validate(data)))
    assert bare.count(missing) == 1 and 'class="card missing"' in bare
