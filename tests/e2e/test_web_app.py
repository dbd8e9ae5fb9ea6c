"""The web app in a real Chromium (Debian's /usr/bin/chromium through Playwright) against the gateway on uvicorn
over real NATS and PostgreSQL with every stage running: start a research from the research view over the local
corpus, watch the stage timeline advance, read the verdict banner and the claim accordion, click a citation and
see its evidence span highlighted in the source beside the report, export PDF and DOCX and read them back.

Screenshots are written to ``tmp/artefacts/`` at the repository root (not committed) and their paths printed.
"""

from __future__ import annotations

import io
import re
import shutil
import statistics
from pathlib import Path
from typing import Any

import docx
import httpx
import pytest
from pypdf import PdfReader

from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_gateway_api import wait_for
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]
CHROMIUM = "/usr/bin/chromium"
ARTEFACTS = Path(__file__).resolve().parents[2] / "tmp" / "artefacts"
STAGES = ["plan", "search", "fetch", "extract", "verify", "write", "judge", "end"]
#: records, in the page, each stage's class changes in order (installed before any page script runs)
STAGE_LOG = """
window.stageLog = [];
new MutationObserver((records) => {
  for (const r of records) {
    const li = r.target;
    if (li.dataset && li.dataset.stage) window.stageLog.push([li.dataset.stage, li.className]);
  }
}).observe(document, { attributes: true, attributeFilter: ["class"], subtree: true });
"""


def artefact(name: str) -> Path:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    return ARTEFACTS / name


@pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed (apt-get install chromium; .ci/run does)")
async def test_research_from_the_browser_to_a_verified_report_and_its_exports(settings: Any, runtime: Any,
                                                                              stack: Any) -> None:
    from playwright.async_api import async_playwright, expect

    ingest_sample(runtime)
    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            context = await browser.new_context(viewport={"width": 1440, "height": 1000}, accept_downloads=True)
            await context.add_init_script(STAGE_LOG)
            page = await context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))

            # the research view: every control, verify claims on by default
            await page.goto(f"{url}/")
            await expect(page.locator("#question")).to_be_visible()
            for control in ("input[name=scope][value=web]", "input[name=depth][value=deep]", "select[name=domain]",
                            "input[name=site_filter]", "#max-sources", "input[name=provider][value=wikipedia]"):
                assert await page.locator(control).count() == 1, control
            assert await page.locator("input[name=verify_claims]").is_checked()
            assert await page.locator("#max-sources").get_attribute("min") == "5"
            assert await page.locator("#max-sources").get_attribute("max") == "50"
            # the question's length is counted, and a paste cut at the limit says so
            await page.fill("#question", "x" * 2000)
            await expect(page.locator("#question-count")).to_contain_text("2000 / 2000 characters: the limit")
            await page.fill("#question", QUESTION)
            await expect(page.locator("#question-count")).to_have_text(f"{len(QUESTION)} / 2000 characters")
            # bad input is refused with the field named, and the page stays
            await page.click("details.more summary")
            await page.fill("textarea[name=urls]", "ftp://example.org/file")
            await page.click("#start")
            await expect(page.locator("#form-error")).to_contain_text("urls")
            assert page.url == f"{url}/"
            await page.fill("textarea[name=urls]", "")
            await page.check("input[name=scope][value=local]")
            await page.locator("#max-sources").fill("8")
            await expect(page.locator("#max-sources-out")).to_have_text("8")
            shot = artefact("research-view.png")
            await page.screenshot(path=str(shot), full_page=True)
            print(f"\nscreenshot: {shot}")

            await page.click("#start")
            await page.wait_for_url(re.compile(r"/runs/[0-9a-f-]{36}$"), timeout=30_000)
            run_id = page.url.rsplit("/", 1)[1]

            # the timeline advances to its end, stage by stage, and the report and trust UI arrive
            await expect(page.locator('[data-stage="end"]')).to_have_class(re.compile(r"\bdone\b"), timeout=180_000)
            await expect(page.locator("#verdict-banner")).to_be_visible(timeout=30_000)
            log: list[list[str]] = await page.evaluate("window.stageLog")
            done_order = [stage for stage, cls in log if re.search(r"\bdone\b", cls)]
            firsts = [stage for i, stage in enumerate(done_order) if stage not in done_order[:i]]
            assert firsts == sorted(firsts, key=STAGES.index) and {"plan", "verify", "end"} <= set(firsts), log
            for stage in STAGES:
                await expect(page.locator(f'[data-stage="{stage}"]')).to_have_class(re.compile(r"\bdone\b"))
            progress = await page.locator('[data-stage="verify"] .progress').inner_text()
            assert "supported" in progress, progress
            assert re.match(r"\+\d", await page.locator('[data-stage="end"] .at').inner_text())
            assert int(await page.locator("#event-count").inner_text()) >= 10

            # the verdict banner: a confidence tier and the claims per verdict
            banner = page.locator("#verdict-banner")
            await expect(banner.locator(".headline")).to_contain_text(re.compile(r"(High|Medium|Low) confidence"))
            supported = int(await banner.locator('[data-verdict="supported"] .n').inner_text())
            assert supported > 0
            for verdict in ("contested", "contradicted", "unverified"):
                assert re.fullmatch(r"\d+", await banner.locator(f'[data-verdict="{verdict}"] .n').inner_text())

            # the claim accordion: each claim's verdict, stability, corroborating domains and evidence spans
            claims = page.locator("#claim-accordion details.claim")
            assert await claims.count() >= supported
            first = claims.first
            await expect(first.locator(".badge")).to_have_text(re.compile("supported|contested|contradicted|unverified"))
            await first.locator("summary").click()
            await expect(first.locator(".claim-body blockquote").first).to_be_visible()
            assert "stability" in await first.locator(".stability").inner_text()
            assert "corroborated by" in await first.locator(".from").inner_text()

            # a [n] opens its source beside the report with the cited evidence span highlighted
            report = page.locator("#report")
            await expect(report.locator("h2").first).to_be_visible()
            cite = report.locator("a.cite").first
            quote = " ".join((await cite.get_attribute("title") or "").split())
            assert re.fullmatch(r"\[\d+\]", await cite.inner_text()) and quote
            await cite.click()
            active = page.locator("#source-panel #active-span")
            await expect(active).to_be_visible()
            marked = " ".join(" ".join(await page.locator("#source-panel mark.active").all_inner_texts()).split())
            assert marked == quote
            panel_box, report_box = await page.locator("#source-panel").bounding_box(), await report.bounding_box()
            assert panel_box and report_box and panel_box["x"] > report_box["x"] + report_box["width"] - 1
            shot = artefact("run-report.png")
            await page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot: {shot}")

            # the same [n] opened in a new tab is a page of the app (its header and style), the cited span in view
            tab = await context.new_page()
            await tab.goto(url + str(await cite.get_attribute("href")))
            await expect(tab.locator("header.top a.brand")).to_be_visible()
            await expect(tab.locator(".source-page #active-span")).to_be_in_viewport()
            assert " ".join(" ".join(await tab.locator(".source-page mark.active").all_inner_texts()).split()) == quote
            assert await tab.evaluate("getComputedStyle(document.querySelector('.source-page')).borderTopStyle") == \
                "solid"  # app.css applies: the source sits in a card
            shot = artefact("source-page.png")
            await tab.screenshot(path=str(shot), full_page=False)
            print(f"screenshot: {shot}")
            await tab.get_by_role("link", name="Back to the run").click()
            await tab.wait_for_url(f"{url}/runs/{run_id}")
            await tab.close()

            # exports read back with their citations and sources
            async with page.expect_download() as pdf_info:
                await page.click("#export-pdf")
            pdf_path = await (await pdf_info.value).path()
            pdf_text = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(pdf_path)).pages)
            async with page.expect_download() as docx_info:
                await page.click("#export-docx")
            docx_path = await (await docx_info.value).path()
            d = docx.Document(io.BytesIO(Path(docx_path).read_bytes()))
            docx_text = "\n".join(p.text for p in d.paragraphs)
            n = (await cite.inner_text())
            for text in (pdf_text, docx_text):
                assert n in text and "Sources" in text and "Evidence" in text
                assert re.search(r"\[1\] [^\n]+ — https?://", text)
            assert (await pdf_info.value).suggested_filename == f"assay-report-{run_id[:8]}.pdf"
            async with httpx.AsyncClient(base_url=url) as client:  # the API's export of the same report
                md = await client.get(f"/v1/runs/{run_id}/export/markdown")
            assert md.status_code == 200 and md.headers["content-type"].startswith("text/markdown")
            assert "## Evidence" in md.text and n in md.text

            # the SSE latency: an event's recording to its arrival in the page
            times: list[dict[str, float]] = await page.evaluate("window.assayEventTimes")
            lags = [t["received"] - t["occurred"] for t in times]
            print(f"SSE event recorded -> browser: p50 {statistics.median(lags):.0f} ms over {len(lags)} events")

            # the same question again from the form: the earlier run answers, and the page says it is cached
            def indexed() -> bool:
                with runtime.pool.connection() as conn:
                    row = conn.execute("SELECT status FROM rm_runs WHERE run_id = %s", (run_id,)).fetchone()
                return bool(row and row[0] == "complete")

            await wait_for(indexed, 60, "the run in the read models")
            await page.goto(f"{url}/")
            await page.fill("#question", QUESTION)
            await page.check("input[name=scope][value=local]")
            await page.locator("#max-sources").fill("8")
            await page.click("#start")
            await page.wait_for_url(f"{url}/runs/{run_id}?cached=1", timeout=30_000)
            await expect(page.locator("#cached-note")).to_contain_text("Answered from the cache")
            assert not errors, errors
        finally:
            await browser.close()


@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")
async def test_a_gateway_with_keys_asks_for_one_and_the_browser_uses_it(settings: Any, runtime: Any) -> None:
    """No stage runs here: the run stays requested, which is enough to see the key carried by the page's calls."""
    from playwright.async_api import async_playwright, expect

    from services.gateway.keys import create_key

    _, key = create_key(runtime.pool, "browser")
    async with running_gateway(with_gateway(settings), runtime) as url, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = await browser.new_page()
            sent: dict[str, str | None] = {}
            page.on("request", lambda r: sent.update(
                {r.url.split("?")[0].rsplit("/", 1)[-1]: r.headers.get("authorization")} if "/v1/" in r.url else {}))
            response = await page.goto(f"{url}/")
            assert response is not None and response.status == 401
            await expect(page.locator("h1")).to_have_text("An API key is needed")
            await page.click("#key-button")
            await page.fill("#key-dialog input[name=key]", key)
            async with page.expect_navigation():
                await page.click("#key-dialog button[value=save]")
            await expect(page.locator("#question")).to_be_visible()
            await page.fill("#question", "Which river flows through Vienna?")
            await page.click("#start")
            await page.wait_for_url(re.compile(r"/runs/[0-9a-f-]{36}$"))
            await expect(page.locator("#run-status")).to_have_text("requested")
            await expect(page.locator("#waiting")).to_be_visible()
            await expect(page.locator("#event-count")).to_have_text("0")
            async with page.expect_response(re.compile(r"/v1/runs/[0-9a-f-]{36}/events")) as stream:
                await page.reload()  # (the first stream may have opened before the listener saw it)
            assert (await stream.value).status == 200
            # the API calls carried the key
            assert sent.get("runs") == f"Bearer {key}" and sent.get("events") == f"Bearer {key}", sent
            await expect(page.locator('[data-stage="plan"]')).to_have_class(re.compile(r"\bpending\b"))
        finally:
            await browser.close()


# ---- plan review and per-run search engines in the browser ---------------------------------------------------
@pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed (apt-get install chromium; .ci/run does)")
async def test_the_run_page_shows_the_plan_to_edit_and_approve(settings: Any, runtime: Any, stack: Any) -> None:
    """Plan review on: the run waits after its plan; the reader edits one sub-query, removes another, adds one and
    approves; the revised plan is the one searched and the run ends with a report. The engines are switches: only
    the local corpus is left on."""
    from playwright.async_api import async_playwright, expect

    ingest_sample(runtime)
    async with running_gateway(with_gateway(settings, allow_anonymous=True), runtime) as url, \
            async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            page = await browser.new_page(viewport={"width": 1280, "height": 900})
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(f"{url}/")
            await page.fill("#question", QUESTION)
            await page.check("input[name=scope][value=local]")
            switches = page.locator("input[name=provider]")
            assert await switches.count() == 7
            for i in range(await switches.count()):  # every engine this server has is a live switch
                box = switches.nth(i)
                if await box.is_enabled() and await box.get_attribute("value") != "local":
                    await box.uncheck()
            assert await page.locator("input[name=provider][value=local]").is_checked()
            assert not await page.locator("input[name=provider][value=tavily]").is_enabled()  # no key here
            await page.check("#review-plan")
            await page.click("#start")
            await page.wait_for_url(re.compile(r"/runs/[0-9a-f-]{36}$"), timeout=30_000)
            run_id = page.url.rsplit("/", 1)[1]

            panel = page.locator("#plan-review")
            await expect(panel).to_be_visible(timeout=60_000)
            await expect(page.locator('[data-stage="plan"] .progress')).to_contain_text("awaiting your review")
            inputs = panel.locator("input.sub-query")
            planned = [await inputs.nth(i).input_value() for i in range(await inputs.count())]
            assert planned
            shot = artefact("plan-review.png")
            await page.screenshot(path=str(shot), full_page=True)
            print(f"\nscreenshot: {shot}")
            await inputs.nth(0).fill("Rush Counterparts album 1993")
            while await inputs.count() > 1:
                await panel.locator("button.remove").last.click()
            await page.click("#plan-add")
            await inputs.last.fill("Neil Peart Modern Drummer Hall of Fame")
            await page.click("#plan-approve")
            await expect(panel).to_be_hidden()
            await expect(page.locator('[data-stage="plan"] .progress')).to_contain_text("approved (revised)")
            await expect(page.locator('[data-stage="end"]')).to_have_class(re.compile(r"\bdone\b"), timeout=180_000)
            await expect(page.locator("#report h2").first).to_be_visible(timeout=30_000)
            async with httpx.AsyncClient(base_url=url) as client:
                res = (await client.get(f"/v1/runs/{run_id}")).json()
            assert [q["text"] for q in res["plan"]["sub_queries"]] == [
                "Rush Counterparts album 1993", "Neil Peart Modern Drummer Hall of Fame"]
            assert res["request"]["providers"] == ["local"] and res["plan_review"] == "approved"
            assert {s["url"][:4] for s in res["sources"]} <= {"doc:"}  # the local corpus only
            assert not errors, errors
        finally:
            await browser.close()
