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
        src = await client.get("/runs/00000000-0000-4000-8000-000000000000/sources/"
                               "00000000-0000-4000-8000-000000000001")
        assert src.status_code == 404
        long_q = await client.get("/runs", params={"q": "x" * 600})
        assert long_q.status_code == 422 and long_q.json()["error"]["fields"][0]["field"] == "q"
