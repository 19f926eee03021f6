"""Real headless Chromium (Debian's) for the pages' tests, driven by Playwright."""

from __future__ import annotations

import pytest

playwright_api = pytest.importorskip("playwright.async_api")
expect = playwright_api.expect  # waits on the page's own DOM: no script evaluated under its CSP

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
async def browser():
    async with playwright_api.async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        await browser.close()


async def open_page(browser, width: int, height: int, errors: list[str]):
    """A new page of that size; its script errors and console errors go into `errors`."""
    page = await browser.new_page(viewport={"width": width, "height": height})
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.set_default_timeout(10_000)
    return page


async def module_page(server, browser):
    """A page on `server`'s origin with nothing of a seat on it, to import a ruleset's page modules
    into and run them (`page.evaluate`): parity tests hold them to the rules."""
    errors: list[str] = []
    page = await open_page(browser, 800, 600, errors)
    await page.goto(f"http://127.0.0.1:{server.port}/web/dom.js")
    return page
