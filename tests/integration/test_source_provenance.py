"""Source kind and provenance through the whole pipeline (offline engines, real NATS and PostgreSQL): a news
article, its syndicated copy on another site (naming the original as canonical), a mirror copying its text
without saying so, and a forum post, fetched from a loopback server under two host names.

Each ``SourceFetched`` carries its kind and publisher; a claim the news copies and the forum all state is
corroborated by two independent publishers (the three copies of one article count once), and the report's
Sources list names the kind."""

from __future__ import annotations

from pathlib import Path
from uuid import UUID, uuid4

import pytest

from contracts import RunRequested, SourceFetched
from services.cli.research import follow, result, submit
from services.cli.stack import Stack
from shared.runtime import Runtime
from tests.conftest import make_settings
from tests.loopback import Route, serve

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "provenance"


async def test_copies_of_one_article_corroborate_once_and_kinds_are_recorded(
        tmp_path: Path, nats_url: str, database_url: str) -> None:
    pages = {name: Route(body=(FIXTURES / f"{name}.html").read_bytes(),
                         headers={"Content-Type": "text/html; charset=utf-8"})
             for name in ("original", "syndicated", "mirror", "forum")}
    with serve({f"/{name}": route for name, route in pages.items()}) as server:
        port = server.base.rsplit(":", 1)[1]
        urls = {"original": f"http://127.0.0.1:{port}/original", "syndicated": f"http://localhost:{port}/syndicated",
                "mirror": f"http://localhost:{port}/mirror", "forum": f"http://127.0.0.1:{port}/forum"}
        settings = make_settings(tmp_path / "data", nats_url, database_url)
        settings = settings.model_copy(update={"scraper": settings.scraper.model_copy(
            update={"allow_hosts": ("127.0.0.1", "localhost")})})
        rt = Runtime.open(settings)
        run_id = uuid4()
        try:
            async with Stack(rt):
                await submit(rt, RunRequested(run_id=run_id, question="When did the Kellan harbour bridge reopen?",
                                              scope="local", urls=tuple(urls.values()), max_sources=4))
                await follow(rt, run_id, timeout_s=180)
            res = result(rt, run_id)
            assert res["status"] == "completed", res["failure"]
            fetched = {e.url: e for e in rt.runs.timeline(UUID(res["run_id"])) if isinstance(e, SourceFetched)}
            prov = {name: fetched[url].provenance for name, url in urls.items()}
            assert (prov["original"].kind, prov["original"].publisher, prov["original"].named) == (
                "news", "Harbour Times", True)
            assert prov["syndicated"].kind == "news" and prov["syndicated"].canonical is not None
            assert prov["forum"].kind == "forum"
            assert "news" in fetched[urls["original"]].summary()
            reopened = [c for c in res["claims"] if "reopened to traffic on 2 May 2024" in c["text"]
                        and c["verdict"] == "supported"]
            assert reopened, [(c["text"], c["verdict"]) for c in res["claims"]]
            # the article, its syndicated copy and its mirror are one publisher; the forum is another
            domains = [sorted(c["corroborating_domains"]) for c in res["claims"] if c["corroborating_domains"]]
            assert all(set(d) <= {"127.0.0.1", "harbour times"} for d in domains), domains  # never "localhost"
            assert ["127.0.0.1", "harbour times"] in [sorted(c["corroborating_domains"]) for c in reopened], domains
            # the Sources list names the kind (which copy of the article is cited varies: its claims are equal)
            # the forum post has no date markup: the date in its text ("reopened ... on 2 May 2024") is a fact it
            # states, not its publication date, so none is shown
            assert "Bridge finally open? — forum — http" in (res["report"] or "")
        finally:
            rt.close()
