"""Scholarly sources through the whole pipeline (offline engines, real NATS and PostgreSQL): papers as HTML
(DOI in ``citation_doi``; in JSON-LD) and PDF (DOI on the first page), a page claiming a paper's DOI without
being that paper and one with a malformed DOI, fetched from a loopback server, their DOIs looked up in a
loopback CrossRef stand-in (``tests.crossref_server``, the API's real shapes).

A retracted paper never supports a claim (its sentences are no evidence; its claims are marked), and the report
names it with "retracted on DATE"; the expression of concern is said next to the source; a news story about the
retraction (the paper's DOI in its metadata) is news citing a retracted paper, not retracted itself; CrossRef down
leaves every source "retraction status unknown" (said once, with the cause) and the run completes."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested, SourceFetched
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.runtime import Runtime
from shared.settings import ScraperSettings
from tests.conftest import make_settings
from tests.crossref_server import CONCERN, RETRACTED, SOUND, crossref
from tests.loopback import Route, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "scholarly"
QUESTION = "Does velarine lower blood pressure in adults with mild hypertension?"
PAGES = {"/papers/retracted": "paper-retracted.html", "/papers/concern": "paper-concern.html",
         "/papers/sound.pdf": "paper-sound.pdf", "/blog/velarine": "fake-paper.html",
         "/clinic/dosing": "malformed-doi.html", "/health/velarine-retraction": "news-about-retraction.html"}


def _routes() -> dict[str, Route]:
    return {path: Route(body=(FIXTURES / name).read_bytes(), headers={
        "Content-Type": "application/pdf" if name.endswith(".pdf") else "text/html; charset=utf-8"})
        for path, name in PAGES.items()}


async def _research(tmp_path: Path, nats_url: str, database_url: str, api_base: str,
                    pages: Any) -> tuple[dict[str, Any], dict[str, SourceFetched], Runtime]:
    settings = make_settings(tmp_path / "data", nats_url, database_url)
    settings = settings.model_copy(update={"scraper": ScraperSettings(
        _env_file=None, allow_hosts=("127.0.0.1",), read_timeout_s=5.0, total_timeout_s=10.0,
        crossref_url=api_base, crossref_mailto="research@example.org", crossref_timeout_s=5.0)})
    rt = Runtime.open(settings)
    run_id = uuid4()
    async with Stack(rt):
        await submit(rt, RunRequested(run_id=run_id, question=QUESTION, scope="local",
                                      urls=tuple(pages.url(p) for p in PAGES), max_sources=len(PAGES)))
        await follow(rt, run_id, timeout_s=180)
    res = result(rt, run_id)
    fetched = {e.url.split(":", 2)[-1].split("/", 1)[-1]: e for e in rt.runs.timeline(UUID(res["run_id"]))
               if isinstance(e, SourceFetched)}
    return res, {"/" + k: v for k, v in fetched.items()}, rt


async def test_a_retracted_paper_never_supports_a_claim_and_the_report_says_so(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    with crossref() as api, serve(_routes()) as pages:
        res, fetched, rt = await _research(tmp_path, nats_url, database_url, api.base, pages)
        try:
            assert res["status"] == "completed", res["failure"]
            assert set(fetched) == set(PAGES), set(fetched)
            papers = {path: e.scholarly for path, e in fetched.items()}
            retracted, concern, sound = papers["/papers/retracted"], papers["/papers/concern"], papers["/papers/sound.pdf"]
            assert retracted is not None and (retracted.doi, retracted.found_in, retracted.status,
                                              retracted.status_date) == (RETRACTED, "metadata", "retracted",
                                                                         "2021-06-02")
            assert retracted.journal == "Journal of Cardiovascular Trials" and retracted.type == "journal-article"
            assert concern is not None and (concern.doi, concern.status, concern.status_date) == (
                CONCERN, "expression_of_concern", "2022-01-17")
            assert sound is not None and (sound.doi, sound.found_in, sound.status) == (SOUND, "pdf", "ok")
            assert sound.journal == "Hypertension Research Letters" and sound.published == "2022-04-21"
            fake, malformed = papers["/blog/velarine"], papers["/clinic/dosing"]
            assert fake is not None and fake.status == "cites" and fake.cites is not None
            assert (fake.doi, fake.cites.doi, fake.cites.status) == (None, RETRACTED, "retracted")
            assert malformed is not None and malformed.status == "unknown" and "malformed DOI" in malformed.reason
            # the news story about the retraction (the paper's DOI in its metadata, its title quoted in its body)
            # is news citing a retracted paper: not a paper, not retracted, its sentences are evidence
            news = fetched["/health/velarine-retraction"]
            assert news.scholarly is not None and news.scholarly.status == "cites" and news.provenance.kind == "news"
            assert news.scholarly.note() == ("cites a retracted paper (doi:10.5555/trust.retracted.2019, retracted on "
                                             "2021-06-02)")
            assert "retracted on" not in news.summary().split("cites")[0]
            nid = str(news.source_id)
            assert all(c["source_retracted"] is None for c in res["claims"] if c["source_id"] == nid)
            assert fetched["/papers/retracted"].provenance.kind == "paper"
            assert "doi:10.5555/trust.retracted.2019 retracted on 2021-06-02" in fetched["/papers/retracted"].summary()
            assert api.requests_to(f"/works/{RETRACTED}")[0].params == {"mailto": "research@example.org"}
            # the retracted paper's sentences support nothing; its own claims are marked
            rid = next(str(e.source_id) for p, e in fetched.items() if p == "/papers/retracted")
            claims = res["claims"]
            mine = [c for c in claims if c["source_id"] == rid]
            assert mine and all(c["source_retracted"] == {"status": "retracted", "date": "2021-06-02",
                                                          "doi": RETRACTED} for c in mine)
            assert all(c["source_retracted"] is None for c in claims if c["source_id"] != rid)
            assert not any(sp["source_id"] == rid for c in claims for sp in c["evidence_spans"]
                           if sp["label"] == "supports"), [c for c in claims if c["verdict"] == "supported"]
            assert all(c["verdict"] != "supported" for c in mine)
            assert all(cit["source_id"] != rid for cit in res["citations"])
            report = res["report"]
            assert ("retracted source, not used as support: Velarine lowers blood pressure in adults with mild "
                    "hypertension (doi:10.5555/trust.retracted.2019) — retracted on 2021-06-02") in report
            assert any(c["verdict"] == "supported" for c in claims)  # the other papers still support claims
        finally:
            rt.close()


async def test_crossref_down_leaves_retraction_status_unknown_and_the_run_goes_on(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    with serve(_routes()) as pages:
        res, fetched, rt = await _research(tmp_path, nats_url, database_url, "http://127.0.0.1:9", pages)
        try:
            assert res["status"] == "completed", res["failure"]
            statuses = {p: (e.scholarly.status, e.scholarly.reason) for p, e in fetched.items() if e.scholarly}
            assert set(statuses) == set(PAGES)
            assert all(s == "unknown" for s, _ in statuses.values())
            assert "CrossRef unavailable" in statuses["/papers/retracted"][1]
            retracted = fetched["/papers/retracted"].scholarly
            assert retracted is not None and retracted.note().count("retraction status unknown") == 1
            assert "retraction status unknown (CrossRef unavailable" in retracted.note()
            assert "malformed DOI" in statuses["/clinic/dosing"][1]
            assert any(c["verdict"] == "supported" and c["source_id"] == str(fetched["/papers/retracted"].source_id)
                       for c in res["claims"])  # unknown is not retracted: its sentences are evidence
        finally:
            rt.close()
