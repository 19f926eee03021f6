"""The pages' content security policy lets them speak to their own server alone: `connect-src
'self'` takes the websocket of the page's own origin (ws: from an http page; CSP Level 3, as
Chromium has it) and refuses one to any other host or port."""

from __future__ import annotations

import asyncio

from tests.conftest import needs

from ..chromium import CHROMIUM, browser, expect, open_page  # noqa: F401  (browser: a fixture)
from ..test_umpire_history import fetch

pytestmark = needs(CHROMIUM)

# Opens a websocket from the page: what the policy said of it ("refused: <directive>"), or how it
# went otherwise ("opened", "failed").
TRY_WEBSOCKET = """url => new Promise(done => {
  document.addEventListener("securitypolicyviolation", e => done(`refused: ${e.effectiveDirective}`));
  let ws;
  try { ws = new WebSocket(url, ["fogbank.v1.json"]); }
  catch (e) { return setTimeout(() => done(`threw: ${e.name}`), 200); }
  ws.onopen = () => { ws.close(); setTimeout(() => done("opened"), 200); };
  ws.onerror = () => setTimeout(() => done("failed"), 200);
})"""


async def test_the_pages_speak_to_their_own_server_and_no_other(server, browser):  # noqa: F811
    created = await server.create_game("b11")
    base = f"http://127.0.0.1:{server.port}"
    other = await asyncio.start_server(lambda reader, writer: writer.close(), "127.0.0.1", 0)
    elsewhere = f"ws://127.0.0.1:{other.sockets[0].getsockname()[1]}/"
    errors: list[str] = []
    try:
        for path, token in (("umpire", created["umpire_token"]), ("play", created["seats"]["submarine"])):
            page = await open_page(browser, 1200, 800, errors)
            await page.goto(f"{base}/{path}#token={token}")
            await expect(page.locator("#connection")).to_have_attribute("data-state", "connected")
            assert await page.evaluate(TRY_WEBSOCKET, f"ws://127.0.0.1:{server.port}/") == "opened"
            assert await page.evaluate(TRY_WEBSOCKET, elsewhere) == "refused: connect-src"
            assert await page.evaluate(TRY_WEBSOCKET, "wss://example.org/") == "refused: connect-src"
            await page.close()
    finally:
        other.close()
    assert all("Content Security Policy" in error or "WebSocket" in error for error in errors), errors
    _, headers, _ = await asyncio.to_thread(fetch, f"{base}/umpire")
    assert "connect-src 'self';" in headers["Content-Security-Policy"]
