"""How the console's files are served: the shell's own (with its maps/ folder), and each ruleset's
console module from that ruleset's own folder, under the same strict policy."""

from __future__ import annotations

import asyncio

import pytest

from ..test_umpire_history import fetch


@pytest.mark.parametrize(
    "path, text",
    [
        ("/umpire/maps/squares.js", "export function createMap"),
        ("/umpire/rulesets/dardanelles/module.js", 'export const geometry = "squares"'),
        ("/umpire/rulesets/dardanelles/layers.js", "export const layers"),
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
        "/umpire/maps/../app.js",
        "/umpire/maps/missing.js",
        "/umpire/maps/x/squares.js",
        "/umpire/other/squares.js",  # maps/ is the shell's only sub-folder
    ],
)
async def test_nothing_else_is_served(server, path):
    status, _, _ = await asyncio.to_thread(fetch, f"http://127.0.0.1:{server.port}{path}")
    assert status == 404
