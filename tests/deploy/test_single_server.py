"""The single-server recipe (deploy/single-server.md), tried whole: Debian's Caddy, with its own
internal CA in place of Let's Encrypt, runs the shipped Caddyfile in front of a real fogbank started
as the shipped systemd unit says, and a seat plays a turn over wss://. The game is made over
https:// and its links name the public address; a client cannot pass Caddy a forged address."""

from __future__ import annotations

import asyncio
import json
import shlex
import shutil
import socket
import ssl
import subprocess
import urllib.request
from pathlib import Path

import pytest
from fogbank import protocols as wire
from fogbank.cli.parser import build_parser
from fogbank.clients import Client
from fogbank.server.app import Server
from websockets.asyncio.client import connect

from tests.conftest import needs

DEPLOY = Path(__file__).parents[2] / "deploy"
CADDY = shutil.which("caddy") or "/usr/bin/caddy"

pytestmark = needs("caddy")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def unit_serve_args() -> list[str]:
    """`fogbank serve`'s arguments as the shipped unit's ExecStart gives them."""
    text = (DEPLOY / "systemd" / "fogbank.service").read_text().replace("\\\n", " ")
    line = next(line for line in text.splitlines() if line.startswith("ExecStart="))
    command = shlex.split(line.removeprefix("ExecStart="))
    assert command[0].endswith("/fogbank") and command[1] == "serve"
    return command[1:]


def caddyfile(folder: Path, https: int, fogbank: int) -> str:
    """The shipped Caddyfile for https://localhost:PORT, on Caddy's internal CA (`local_certs`),
    with no admin endpoint, no fixed port and nothing written outside `folder`."""
    site = (DEPLOY / "caddy" / "Caddyfile").read_text()
    site = site.replace("games.example.org", f"https://localhost:{https}")
    site = site.replace("127.0.0.1:8765", f"127.0.0.1:{fogbank}").replace("/var/log/caddy", str(folder))
    return (
        "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
        f"\tstorage file_system {folder / 'data'}\n\thttp_port 0\n\thttps_port {https}\n"
        "\tauto_https disable_redirects\n}\n" + site
    )


@pytest.fixture
async def recipe(tmp_path):
    """fogbank as the unit starts it (its flags, our folder and a free port), and Caddy in front."""
    args = build_parser().parse_args(unit_serve_args())
    https = free_port()
    public = args.public_url.replace("games.example.org", f"localhost:{https}")
    server = await Server.start("127.0.0.1", 0, tmp_path / "fogbank", public_url=public, behind_proxy=args.behind_proxy)
    folder = tmp_path / "caddy"
    folder.mkdir()
    (folder / "Caddyfile").write_text(caddyfile(folder, https, server.port))
    environment = {"HOME": str(folder), "XDG_DATA_HOME": str(folder / "xdg"), "XDG_CONFIG_HOME": str(folder / "xdg"),
                   "PATH": "/usr/bin:/bin"}  # fmt: skip
    caddy = subprocess.Popen(
        [CADDY, "run", "--config", str(folder / "Caddyfile"), "--adapter", "caddyfile"],
        stdout=subprocess.DEVNULL, stderr=(folder / "caddy.log").open("w"), env=environment,
    )  # fmt: skip
    try:
        root = folder / "data" / "pki" / "authorities" / "local" / "root.crt"
        context = await _ready(caddy, root, https, folder)
        yield server, f"localhost:{https}", context
    finally:
        caddy.terminate()
        caddy.wait(10)
        await server.close()


async def _ready(caddy: subprocess.Popen, root: Path, port: int, folder: Path) -> ssl.SSLContext:
    """Caddy's CA once it has made it, and Caddy answering over TLS with a certificate it signed."""
    for _ in range(300):
        if caddy.poll() is not None:
            raise AssertionError(f"caddy exited: {(folder / 'caddy.log').read_text()[-2000:]}")
        if root.exists():
            context = ssl.create_default_context(cafile=str(root))
            try:
                await asyncio.to_thread(_get, context, f"https://localhost:{port}/healthz", {})
                return context
            except OSError:
                pass
        await asyncio.sleep(0.05)
    raise AssertionError(f"caddy did not answer: {(folder / 'caddy.log').read_text()[-2000:]}")


def _get(context: ssl.SSLContext, url: str, headers: dict[str, str], method: str = "GET") -> tuple[int, dict, str]:
    request = urllib.request.Request(url, headers=headers, method=method)
    with urllib.request.urlopen(request, context=context, timeout=10) as answer:
        return answer.status, dict(answer.headers), answer.read().decode()


def test_the_shipped_unit_runs_fogbank_behind_a_proxy_on_the_loopback_only():
    args = build_parser().parse_args(unit_serve_args())
    assert args.host == "127.0.0.1" and args.behind_proxy and args.public_url.startswith("https://")
    assert args.data == Path("/var/lib/fogbank")


async def test_a_turn_over_wss_through_caddy(recipe):
    server, where, context = recipe
    key = server.admin_key
    status, headers, body = await asyncio.to_thread(
        _get, context, f"https://{where}/admin/new?scenario=b11", {"Authorization": f"Bearer {key}"}, "POST")  # fmt: skip
    created = json.loads(body)
    assert status == 200 and headers["Cache-Control"] == "no-store"
    (seat,) = created["links"]["seats"]
    assert seat["link"] == f"https://{where}/play#token={created['seats']['submarine']}"
    assert created["links"]["umpire"].startswith(f"https://{where}/umpire#token=")

    status, headers, page = await asyncio.to_thread(_get, context, f"https://{where}/games", {})
    assert status == 200 and "default-src 'none'" in headers["Content-Security-Policy"] and "games" in page
    assert headers["Strict-Transport-Security"] == "max-age=31536000"

    async with await Client.connect(f"wss://{where}/", created["seats"]["submarine"], ssl=context) as client:
        first = await client.next_observation()
        assert isinstance(first, wire.Snapshot) and first.turn == 1
        await client.submit({"course": "E", "speed": 1, "level": "surface"}, 1)
        after = await client.next_observation()
        assert isinstance(after, wire.Observation) and after.turn == 2


async def test_caddy_passes_on_the_clients_address_and_no_forged_one(recipe):
    """Wrong tokens are counted against the address Caddy saw (X-Forwarded-For, set by Caddy):
    a client's own X-Forwarded-For header is not believed."""
    server, where, context = recipe
    counted: list[str] = []
    server.guard.wrong = counted.append  # the address each wrong token is counted against
    forged = {"X-Forwarded-For": "203.0.113.9"}
    async with connect(
        f"wss://{where}/", ssl=context, subprotocols=[wire.JSON], additional_headers=forged
    ) as websocket:
        await websocket.send(json.dumps({"type": "join", "token": "x.y.z"}))
        assert json.loads(await websocket.recv())["code"] == "bad_token"
    assert counted == ["127.0.0.1"]  # the address Caddy saw, not the forged one
