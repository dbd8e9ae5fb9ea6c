"""The web app's pages and exports over HTTP (no browser): who may see what, and clear errors for bad requests."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from services.gateway.keys import create_key
from tests.integration.gateway_fixtures import running_gateway, with_gateway

pytestmark = [pytest.mark.nats, pytest.mark.postgres]


async def test_pages_need_a_key_and_a_key_sees_only_its_own_runs(settings: Any, runtime: Any) -> None:
    _, key_a = create_key(runtime.pool, "alice")
    _, key_b = create_key(runtime.pool, "bob")
    async with running_gateway(with_gateway(settings), runtime) as url:
        async with httpx.AsyncClient(base_url=url) as anon:
            page = await anon.get("/")
            assert page.status_code == 401 and "An API key is needed" in page.text
            assert (await anon.get("/static/run.js")).status_code == 200  # the scripts need no key
        async with httpx.AsyncClient(base_url=url, headers={"Authorization": f"Bearer {key_a}"},
                                     cookies={"assay_key": key_a}) as alice:
            started = await alice.post("/v1/runs", json={"question": "Who drummed for Rush?", "scope": "local"})
            assert started.status_code == 202, started.text
            run_id = started.json()["run_id"]
            research = await alice.get("/")
            assert research.status_code == 200 and "Who drummed for Rush?" in research.text  # recent runs
            run = await alice.get(f"/runs/{run_id}")
            assert run.status_code == 200 and 'data-stage="verify"' in run.text and "Who drummed for Rush?" in run.text
            listed = await alice.get("/runs")
            assert listed.status_code == 200 and f"/runs/{run_id}" in listed.text
            past_end = await alice.get("/runs", params={"offset": 300})  # beyond the last page: said so
            assert past_end.status_code == 200 and "No runs on this page: there are 1." in past_end.text
            assert "No runs yet" not in past_end.text and "of 1<" not in past_end.text
            early = await alice.get(f"/runs/{run_id}/export/pdf")
            assert early.status_code == 409 and early.json()["error"]["fields"][0]["field"] == "run_id"
            bad = await alice.get(f"/runs/{run_id}/export/odt")
            assert bad.status_code == 404 and bad.json()["error"]["fields"][0]["field"] == "format"
            assert "markdown, md, pdf, docx" in bad.json()["error"]["message"]
            # the same through the API, with the key in the header
            assert (await alice.get(f"/v1/runs/{run_id}/export/docx")).status_code == 409
            api_bad = await alice.get(f"/v1/runs/{run_id}/export/odt")
            assert api_bad.status_code == 404 and api_bad.json()["error"]["fields"][0]["field"] == "format"
            spec = (await alice.get("/v1/openapi.json")).json()
            assert "/v1/runs/{run_id}/export/{fmt}" in spec["paths"]
        async with httpx.AsyncClient(base_url=url, cookies={"assay_key": key_b}) as bob:
            assert (await bob.get(f"/runs/{run_id}")).status_code == 404
            assert (await bob.get(f"/runs/{run_id}/result")).status_code == 404
            assert (await bob.get(f"/runs/{run_id}/export/markdown")).status_code == 404
            assert f"/runs/{run_id}" not in (await bob.get("/runs")).text
            refused = await bob.get(f"/v1/runs/{run_id}/export/pdf", headers={"Authorization": f"Bearer {key_b}"})
            assert refused.status_code == 404
            assert (await bob.get(f"/v1/runs/{run_id}/export/pdf")).status_code == 401  # no key in the header
        async with httpx.AsyncClient(base_url=url, cookies={"assay_key": "assay_wrong"}) as wrong:
            assert (await wrong.get("/")).status_code == 401


async def test_unknown_runs_and_bad_ids_are_clear_4xx(settings: Any, runtime: Any) -> None:
    async with running_gateway(with_gateway(settings, allow_anonymous=True), runtime) as url, \
            httpx.AsyncClient(base_url=url) as client:
        missing = await client.get("/runs/00000000-0000-4000-8000-000000000000")
        assert missing.status_code == 404 and "Run not found" in missing.text
        malformed = await client.get("/runs/not-a-uuid")
        assert malformed.status_code == 422 and malformed.json()["error"]["fields"][0]["field"] == "run_id"
        src_path = "/runs/00000000-0000-4000-8000-000000000000/sources/00000000-0000-4000-8000-000000000001"
        src = await client.get(src_path)  # opened in a tab: a page of the app
        assert src.status_code == 404 and "Run not found" in src.text and "/static/app.css" in src.text
        fragment = await client.get(src_path, headers={"X-Assay-Fragment": "1"})  # the run page's panel
        assert fragment.status_code == 404 and fragment.json()["error"]["fields"][0]["field"] == "run_id"
        long_q = await client.get("/runs", params={"q": "x" * 600})
        assert long_q.status_code == 422 and long_q.json()["error"]["fields"][0]["field"] == "q"
        # a browser asking for a page gets a page of the app, not JSON (a new-user trial saw raw JSON)
        page = {"Accept": "text/html,application/xhtml+xml"}
        for path, status, says in [("/runs/not-a-uuid", 422, "run_id"), ("/runs?offset=-1", 422, "offset"),
                                   ("/no-such-page", 404, "/no-such-page")]:
            shown = await client.get(path, headers=page)
            assert shown.status_code == status and shown.headers["content-type"].startswith("text/html")
            assert says in shown.text and "/static/app.css" in shown.text
        api = await client.get("/v1/runs/not-a-uuid", headers=page)  # the API stays JSON
        assert api.status_code == 422 and api.json()["error"]["fields"][0]["field"] == "run_id"


async def test_an_unknown_saved_key_says_so_and_offers_to_forget_it(settings: Any, runtime: Any) -> None:
    """A wrong key in the Key dialog is named unknown or revoked (not "a key is needed"), with a button that
    forgets it; on a gateway that serves without a key the page says forgetting it lets the user go on."""
    for anonymous in (True, False):
        async with running_gateway(with_gateway(settings, allow_anonymous=anonymous), runtime) as url:
            async with httpx.AsyncClient(base_url=url, cookies={"assay_key": "assay_wrong"}) as wrong:
                page = await wrong.get("/")
                assert page.status_code == 401
                assert "unknown or revoked" in page.text and 'id="forget-key"' in page.text
                assert "An API key is needed" not in page.text
                assert ("serves requests without a key" in page.text) is anonymous
            async with httpx.AsyncClient(base_url=url) as nokey:
                page = await nokey.get("/")
                assert page.status_code == (200 if anonymous else 401)
                assert ("An API key is needed" in page.text) is not anonymous
                script = (await nokey.get("/static/api.js")).text
                assert 'getElementById("forget-key")' in script and 'saveKey("")' in script


async def test_api_docs_work_offline_and_the_favicon_is_served(settings: Any, runtime: Any) -> None:
    async with running_gateway(with_gateway(settings, allow_anonymous=True), runtime) as url:
        async with httpx.AsyncClient(base_url=url) as client:
            docs = await client.get("/v1/docs")
            assert docs.status_code == 200 and docs.headers["content-type"].startswith("text/html")
            assert 'src="http' not in docs.text and 'href="http' not in docs.text  # nothing from a CDN
            assert "<script" not in docs.text
            assert "/v1/openapi.json" in docs.text and "<code>/v1/runs/{run_id}/events</code>" in docs.text
            assert "Start a research run" in docs.text
            icon = await client.get("/favicon.ico")
            assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
            assert icon.content.startswith(b"<svg")
