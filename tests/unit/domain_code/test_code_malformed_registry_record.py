"""A registry answering a package's record malformed (no JSON, a JSON list or string, ``"info": null``) is a failure
named with its reason, never a source; and a fetched documentation page of that package stays a source of the
report: the package is one the analysis looked up (``PackagesSurveyed.unread``), so its page's findings are not left
out as being about "another package" (task h112 (b)). Invented package names and pages; the registries are
loopback stand-ins (tests/code_standins)."""

from __future__ import annotations

import asyncio
from uuid import uuid4

import pytest

from contracts import PackagesSurveyed
from services.domain_code.pages import Page
from services.synthesizer.domain import drop_unrelated_general, place_domain_sections
from tests.code_standins import JSON, analysed, registries, registry_client
from tests.domain_runs import cited_report, domain_run, fetched_pages, page_infos
from tests.loopback import Reply
from tests.unit.handlers.fakes import memory_runs, started_run

#: the malformed answers, with the reason each is named by
MALFORMED = {
    b"{not json": "bad_payload: PyPI retrywisp did not answer JSON",
    b"<html><body>Bad gateway</body></html>": "bad_payload: PyPI retrywisp did not answer JSON",
    b"[1, 2, 3]": "bad_payload: PyPI retrywisp answered JSON that is no object (a list)",
    b'"retrywisp"': "bad_payload: PyPI retrywisp answered JSON that is no object (a string)",
    b"null": "bad_payload: PyPI retrywisp answered JSON that is no object (null)",
    b'{"info": null, "releases": {}}': 'bad_payload: PyPI retrywisp answered no project record ("info" is null)',
    b'{"info": [], "releases": {}}': 'bad_payload: PyPI retrywisp answered no project record ("info" is a list)',
    b'{"releases": {}}': 'bad_payload: PyPI retrywisp answered no project record ("info" is null)',
}
ROUTE = "/pypi/retrywisp/json"


@pytest.mark.parametrize(("body", "reason"), list(MALFORMED.items()))
def test_a_malformed_record_is_a_named_failure_and_no_document(body: bytes, reason: str) -> None:
    with registries() as server:
        server.server.routes[ROUTE] = Reply(200, body, JSON)
        client = registry_client(server.base)
        facts = client.survey("pypi", "retrywisp")
        sound = client.survey("pypi", "fetchkit")
    assert facts.status == "unavailable" and facts.error == reason
    assert facts.url not in client.documents  # never offered to the report as a source
    assert sound.error is None and sound.url in client.documents


def test_a_record_of_an_unexpected_shape_deeper_down_is_named_and_dropped_too() -> None:
    with registries() as server:
        server.server.routes[ROUTE] = Reply(200, b'{"info": {"version": "1.0.0"}, "releases": [1]}', JSON)
        client = registry_client(server.base)
        facts = client.survey("pypi", "retrywisp")
    assert facts.error is not None and facts.error.startswith("bad_payload: unexpected JSON shape (AttributeError")
    assert facts.url not in client.documents


QUESTION = "Which Python HTTP client retries failed requests?"
DOCS_URL = "https://docs.example.org/retrywisp/"
FINDING = "retrywisp is a Python HTTP client that retries failed requests with backoff."
DOCS = Page("s-docs", DOCS_URL, "retrywisp documentation", f"{FINDING}\n\npip install retrywisp", claims=(FINDING,))
GUIDE = Page("s-guide", "https://guide.example.net/http-clients", "HTTP clients in Python",
             "fetchkit is a Python HTTP client with retries and connection pooling.\n\npip install fetchkit",
             claims=("fetchkit is a Python HTTP client with retries and connection pooling.",))


@pytest.mark.parametrize("body", [b"{not json", b"[1, 2, 3]", b'{"info": null, "releases": {}}'])
def test_the_survey_records_the_unread_page_candidate_with_its_reason(body: bytes) -> None:
    out, events = asyncio.run(analysed(QUESTION, pages=[GUIDE, DOCS], routes_added={ROUTE: Reply(200, body, JSON)}))
    # recorded on a run the way the service records it (the aggregate's method, then the contract's event)
    runs = memory_runs()
    run_id = started_run(runs, QUESTION)
    runs.record_plan(run_id, [{"sub_query_id": "q1", "text": "http clients"}], "code", "en", "offline", False)
    assert runs.record_domain_event(run_id, "PackagesSurveyed", "survey_packages", events["PackagesSurveyed"])
    recorded = runs.get_run(run_id).domain_events["PackagesSurveyed"]
    survey = PackagesSurveyed.model_validate({**recorded, "run_id": run_id, "event_id": uuid4(), "seq": 1,
                                              "occurred_at": "2026-12-05T18:00:00Z"})
    reason = MALFORMED[body]
    assert [p.name for p in survey.packages] == ["fetchkit"]
    assert [(u.ecosystem, u.name, u.error) for u in survey.unread] == [("pypi", "retrywisp", reason)]
    assert f"PyPI retrywisp: {reason}" in survey.failures
    assert f"registry: PyPI retrywisp: {reason}" in out.notes  # said under "What is missing"
    assert all("retrywisp" not in str(s["url"]) for s in out.sources)
    assert out.sections and "**Recommended: `fetchkit` 2.4.1**" in str(out.sections[0]["body"])


def test_the_docs_page_of_a_package_whose_record_was_unreadable_stays_a_source() -> None:
    out, events = asyncio.run(analysed(QUESTION, pages=[GUIDE, DOCS],
                                       routes_added={ROUTE: Reply(200, b"{not json", JSON)}))
    own = [{k: s[k] for k in ("source_id", "url", "title", "document_sha256")} for s in out.sources]
    sections = [{"heading": "Recommendation", "body": "**Recommended: `fetchkit` 2.4.1**[@a] (PyPI).",
                 "evidence": [{"ref": "a", "source_id": own[0]["source_id"], "start": 0, "end": 5, "quote": "2.4.1"}]}]
    docs_id, guide_id = str(uuid4()), str(uuid4())
    titles = {guide_id: GUIDE.title, docs_id: DOCS.title}
    markdown = ("# Q\n\n## Answer\n\nfetchkit is a Python HTTP client with retries and connection pooling [1].\n\n"
                f"## Findings\n\n- {FINDING.removesuffix('.')} [2].\n\n## Sources\n\n"
                f"- [1] {GUIDE.title} — https://w.example/0\n- [2] {DOCS.title} — https://w.example/1\n")

    def placed(survey: dict[str, object]) -> str:
        run = domain_run(QUESTION, "code", sections, fetched_pages(titles), own=own, topic="http clients",
                         events={"PackagesSurveyed": survey})
        report = place_domain_sections(cited_report(markdown, ((1, guide_id), (2, docs_id))), run, page_infos(titles))
        return drop_unrelated_general(report, run).markdown

    text = placed(events["PackagesSurveyed"])
    assert f"- {FINDING.removesuffix('.')} [" in text and f"{DOCS.title} — https://w.example/1" in text
    # without the record of the unread look-up, retrywisp reads as a package the analysis never looked at, and its
    # page goes with its finding (what happened before)
    unrecorded = {k: v for k, v in events["PackagesSurveyed"].items() if k != "unread"}
    assert DOCS.title not in placed(unrecorded)
