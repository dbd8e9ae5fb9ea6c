"""The chat page (services/gateway/web/chat_page.py, static/chat.js) in a real Chromium against the gateway over real
NATS and PostgreSQL with every stage running: a research question with the research toggle and scope, its progress
inside the conversation, the research card (answer, confidence badge, citation pills opening the source with the
evidence span highlighted, full report link), the same conversation reopened, and bad input named."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_web_app import CHROMIUM, artefact
from tests.integration.gateway_fixtures import running_gateway, with_gateway
from tests.integration.test_pipeline import QUESTION, ingest_sample

pytestmark = [pytest.mark.nats, pytest.mark.postgres, pytest.mark.slow]


@pytest.mark.skipif(not Path(CHROMIUM).exists() or shutil.which("chromium") is None,
                    reason="Debian's chromium is not installed (apt-get install chromium; .ci/run does)")
async def test_chat_page_shows_the_research_progress_and_card(settings: Any, runtime: Any, stack: Any) -> None:
    from playwright.async_api import async_playwright, expect

    ingest_sample(runtime)
    s = with_gateway(settings, allow_anonymous=True)
    async with running_gateway(s, runtime) as url, async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            context = await browser.new_context(viewport={"width": 1280, "height": 1000})
            page = await context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            await page.goto(f"{url}/chat")
            await expect(page.locator("#chat-input")).to_be_visible()
            await page.click("#send")  # nothing written: refused, named
            await expect(page.locator("#chat-error")).to_contain_text("message")
            await page.check("#force-research")
            await page.select_option("#scope", "local")
            await page.fill("#chat-input", QUESTION)
            await page.click("#send")
            reply = page.locator(".message.assistant").first
            await expect(reply.locator(".progress li").first).to_be_visible(timeout=60_000)
            card = reply.locator(".research-card")
            await expect(card).to_be_visible(timeout=300_000)
            progress = await reply.locator(".progress li").all_text_contents()
            assert any(p.endswith(("source fetched", "sources fetched")) for p in progress), progress
            assert any("writing the report" in p for p in progress), progress
            await expect(card.locator(".badge.confidence")).to_contain_text("confidence")
            assert "Rush" in (await card.locator(".answer").text_content() or "")
            assert await card.locator(".pill").count() >= 1
            run_id = await card.get_attribute("data-run")
            assert await card.locator("a.full-report").get_attribute("href") == f"/runs/{run_id}"
            assert (await reply.get_attribute("data-reason") or "") == "force_research is true"
            shot = artefact("chat-research-card.png")
            await page.screenshot(path=str(shot), full_page=True)
            print(f"\nscreenshot: {shot}")
            async with context.expect_page() as opened:
                await card.locator(".pill").first.click()
            source = await opened.value
            await expect(source.locator("#active-span")).to_be_visible()
            assert (await source.locator("#active-span").text_content() or "").strip()
            # the conversation is stored: reopening it shows the turn and its card again
            again = await context.new_page()
            await again.goto(page.url)
            assert "/chat?c=" in page.url
            await expect(again.locator(".research-card")).to_be_visible(timeout=30_000)
            await expect(again.locator(".message.user").first).to_contain_text("Canadian rock band")
            assert errors == [], errors
        finally:
            await browser.close()
