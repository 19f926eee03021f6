"""How the pages' files are served: each shell's own, the page kit they and the rulesets share
(fogbank/web/ at /web/, with its maps/ folder), and each ruleset's module for a page from that
ruleset's own folder, under the same strict policy."""

from __future__ import annotations

import asyncio

import pytest

from tests.rules.toy import picket  # noqa: F401  (registers the toy ruleset)

from ..test_umpire_history import fetch


@pytest.mark.parametrize(
    "path, text",
    [
        ("/web/maps/squares.js", "export function createMap"),
        ("/web/maps/hexes.js", "export function createMap"),
        ("/web/dom.js", "export function h("),  # the kit every page and ruleset module shares
        ("/web/wire.js", "export class Wire"),
        ("/web/modules.js", "export async function loadModule"),
        ("/umpire/rulesets/dardanelles/module.js", 'export const geometry = "squares"'),
        # What a ruleset's console and seat modules share: its own kit, from its folder web/.
        ("/web/rulesets/dardanelles/layers.js", "export const layers"),
        ("/web/rulesets/greatwar/battle.js", "export function battleBoards"),
        ("/play/rulesets/dardanelles/module.js", 'export const geometry = "squares"'),
        ("/play/rulesets/dardanelles/pad.js", "export function orderForm"),
        ("/play/app.js", "loadSeatModule"),
        # A ruleset with no module of its own for a page gets an empty one: the page's defaults.
        ("/play/rulesets/picket/module.js", "export {};"),
        ("/umpire/rulesets/picket/module.js", "export {};"),
    ],
)
async def test_the_shell_maps_and_a_rulesets_module_are_served(server, path, text):
    status, headers, body = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 200 and headers["Content-Type"] == "text/javascript; charset=utf-8"
    assert text in body
    assert "script-src 'self'" in headers["Content-Security-Policy"]


@pytest.mark.parametrize(
    "path",
    [
        "/umpire/rulesets/nowhere/module.js",  # no such ruleset
        "/umpire/rulesets/dardanelles/missing.js",
        "/umpire/rulesets/dardanelles/../ruleset.py",
        "/umpire/rulesets/dardanelles/%2e%2e/ruleset.py",
        "/umpire/rulesets/dardanelles/scenarios/b11.toml",  # no sub-folders
        "/umpire/rulesets/dardanelles/.module.js",
        "/umpire/rulesets/../app.js",
        "/umpire/rulesets/dardanelles",
        "/umpire/rulesets/module.js",
        "/umpire/dom.js",  # the kit is served once, at /web/, not under each shell
        "/play/wire.js",
        "/umpire/maps/squares.js",
        "/play/maps/hexes.js",
        "/web/maps/../app.js",
        "/web/maps/missing.js",
        "/web/maps/x/squares.js",
        "/web/other/squares.js",  # maps/ is the kit's only served sub-folder
        "/web/bare/module.js",
        "/web/__init__.py",
        "/web/../server/app.py",
        "/web/rulesets/dardanelles/module.js",  # a ruleset's modules are served by the pages only
        "/web/rulesets/dardanelles/../console/module.js",
        "/web/rulesets/nowhere/layers.js",
        "/web/rulesets/dardanelles/x/layers.js",
        "/umpire/rulesets/dardanelles/layers.js",  # the ruleset's kit is served once, at /web/
        "/web",
        "/play/rulesets/nowhere/module.js",
        "/play/rulesets/picket/other.js",  # only module.js stands in for a missing module
        "/play/rulesets/dardanelles/../console/module.js",
        "/play/rulesets/dardanelles/layers.js",  # the console's, not the seat's
        "/play/../umpire/app.js",
        "/play/index.py",
    ],
)
async def test_nothing_else_is_served(server, path):
    status, _, _ = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 404


@pytest.mark.parametrize("path", ["/play", "/play/", "/play/index.html"])
async def test_the_seat_page_is_served_under_the_consoles_strict_policy(server, path):
    status, headers, body = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    assert '<script type="module" src="/play/app.js">' in body
    assert headers["Content-Security-Policy"].startswith("default-src 'none'; script-src 'self'")
    assert headers["Referrer-Policy"] == "no-referrer" and "frame-ancestors 'none'" in headers["Content-Security-Policy"]


async def test_the_kits_stylesheet_is_served_and_both_pages_import_it(server):
    url = f"http://127.0.0.1:{server.port}"
    status, headers, body = await asyncio.to_thread(fetch, f"{url}/web/base.css")
    assert status == 200 and headers["Content-Type"] == "text/css; charset=utf-8" and "body" in body
    for own in ("/umpire/console.css", "/play/seat.css"):
        assert '@import url("/web/base.css");' in (await asyncio.to_thread(fetch, url + own))[2]
