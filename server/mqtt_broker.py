"""The broker's side of fogbank: its topic names, credentials, and a Mosquitto to run.

Everything under one versioned prefix (protocols/README.md, "MQTT topics"). Credentials live in
Mosquitto's dynamic-security plugin: `broker_init` writes the plugin's file with fogbank's roles
(deploy/mosquitto/dynsec-roles.json) and one client each for hosts, gateways and an operator;
hosts add a client and a role per seat as games are made (`seat_commands`).

`Mosquitto` runs a broker from deploy/mosquitto/mosquitto.conf on 127.0.0.1 and a free port: the
tests' and the bench's broker.
"""

from __future__ import annotations

import asyncio
import base64
import getpass
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import attrs

PREFIX = "fogbank/v1"
NEW = f"{PREFIX}/new"
SHARED_NEW = f"$share/hosts/{NEW}"  # one host of the group takes each new game
DYNSEC = "$CONTROL/dynamic-security/v1"
DYNSEC_RESPONSE = f"{DYNSEC}/response"

DEPLOY = Path(__file__).resolve().parent.parent / "deploy" / "mosquitto"
ROLE_USERS = {"host": "fogbank-host", "gateway": "fogbank-gateway", "admin": "fogbank-admin"}
# Small messages, each awaited by someone: Nagle's delay (with the peer's delayed ack, 40 ms a
# round trip) would be most of a turn's latency.
NO_DELAY = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)
PBKDF2_ITERATIONS = 101  # what mosquitto_ctrl uses; the password is a 192-bit random token anyway
# A name fogbank puts in a username, client id or topic level: never '+', '#', '/', or '$' first.
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}")


class UnsafeName(ValueError):
    """A name that would widen a topic filter or ACL ('+', '#', '/'), refused before the broker."""


def safe_name(name: str) -> str:
    if not NAME.fullmatch(name):
        raise UnsafeName(f"{name!r} cannot be an MQTT username, client id or topic level")
    return name


# Topics ----------------------------------------------------------------------------------------


def game_requests(game: str) -> str:
    return f"{PREFIX}/game/{safe_name(game)}/req"


def game_owner(game: str) -> str:
    return f"{PREFIX}/game/{safe_name(game)}/owner"


def seat_user(game: str, seat: str) -> str:
    """The seat's MQTT username, and the name of its level under `seat/`."""
    return f"{safe_name(game)}.{safe_name(seat)}"


def seat_stream(game: str, seat: str) -> str:
    return f"{PREFIX}/seat/{seat_user(game, seat)}/stream"


def seat_reply(game: str, seat: str, connection: str) -> str:
    return f"{PREFIX}/seat/{seat_user(game, seat)}/reply/{safe_name(connection)}"


def host_status(host_id: str) -> str:
    return f"{PREFIX}/host/{safe_name(host_id)}/status"


def gateway_status(gateway_id: str) -> str:
    return f"{PREFIX}/gateway/{safe_name(gateway_id)}/status"


def gateway_reply(gateway_id: str) -> str:
    return f"{PREFIX}/gateway/{safe_name(gateway_id)}/reply"


def token_route(token: str) -> tuple[str, str] | None:
    """The (game, seat) a token names (`{game}.{seat}.{secret}`), or None if it is not one.

    Only a route: the host still checks the whole token, and the broker checks it as the seat's
    MQTT password."""
    game, _, rest = token.partition(".")
    seat, _, secret = rest.rpartition(".")
    if not (game and seat and secret) or not (NAME.fullmatch(game) and NAME.fullmatch(seat)):
        return None
    return game, seat


# Credentials -----------------------------------------------------------------------------------


def seat_commands(game: str, seat: str, token: str) -> list[dict[str, Any]]:
    """Dynamic-security commands making the seat's client (username `{game}.{seat}`, password its
    token) and its role: send requests to its game, read its own topics, nothing else.

    As few ACLs as will do: Mosquitto 2.0's plugin rewrites its whole file on every change, so
    each byte here is written again for every game made after it."""
    user = seat_user(game, seat)
    mine = f"{PREFIX}/seat/{user}/#"
    acls = [
        {"acltype": "publishClientSend", "topic": game_requests(game), "allow": True},
        {"acltype": "subscribePattern", "topic": mine, "allow": True},
        {"acltype": "publishClientReceive", "topic": mine, "allow": True},
    ]
    return [
        {"command": "createRole", "rolename": user, "acls": acls},
        {"command": "createClient", "username": user, "password": token, "roles": [{"rolename": user}]},
    ]


def _hashed(username: str, password: str, role: str) -> dict[str, Any]:
    salt = secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, PBKDF2_ITERATIONS)
    return {
        "username": safe_name(username),
        "password": base64.b64encode(digest).decode(),
        "salt": base64.b64encode(salt).decode(),
        "iterations": PBKDF2_ITERATIONS,
        "roles": [{"rolename": role}],
    }


def broker_init(
    directory: Path, port: int = 1883, bind: str = "127.0.0.1", user: str | None = None
) -> dict[str, str]:
    """Write DIR/mosquitto.conf and DIR/dynamic-security.json (fresh role passwords) and
    DIR/credentials.json (mode 0600: the passwords, by role). Returns the passwords by role."""
    directory = Path(directory).resolve()
    directory.mkdir(parents=True, exist_ok=True)
    config = (DEPLOY / "mosquitto.conf").read_text()
    config = (
        config.replace("@PORT@", str(port)).replace("@BIND@", bind)
        .replace("@DIR@", str(directory)).replace("@PLUGIN@", dynsec_plugin())
        .replace("@USER@", user or getpass.getuser())
    )  # fmt: skip
    (directory / "mosquitto.conf").write_text(config)
    roles = json.loads((DEPLOY / "dynsec-roles.json").read_text())
    passwords = {role: secrets.token_urlsafe(24) for role in ROLE_USERS}
    security = {
        "defaultACLAccess": roles["defaultACLAccess"],
        "roles": roles["roles"],
        "clients": [_hashed(ROLE_USERS[role], passwords[role], ROLE_USERS[role]) for role in ROLE_USERS],
        "groups": [],
    }
    _write_private(directory / "dynamic-security.json", json.dumps(security, indent=2))
    users = {role: {"username": ROLE_USERS[role], "password": passwords[role]} for role in ROLE_USERS}
    _write_private(directory / "credentials.json", json.dumps(users, indent=2))
    return passwords


def _write_private(path: Path, text: str) -> None:
    path.touch(mode=0o600, exist_ok=True)
    path.chmod(0o600)
    path.write_text(text)


def dynsec_plugin() -> str:
    for folder in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib"):
        path = Path(folder) / "mosquitto_dynamic_security.so"
        if path.exists():
            return str(path)
    raise FileNotFoundError("mosquitto_dynamic_security.so not found: install the mosquitto package")


# Bus addresses ---------------------------------------------------------------------------------


@attrs.frozen
class BrokerAddress:
    """Where the broker is and who we are on it: `mqtt://user:password@host:port`."""

    hostname: str
    port: int
    username: str | None
    password: str | None = attrs.field(repr=False)

    @classmethod
    def parse(cls, url: str) -> BrokerAddress:
        """Parse a bus URL. A missing password is read from $FOGBANK_MQTT_PASSWORD (so it need
        not show in `ps`)."""
        parts = urlsplit(url)
        if parts.scheme != "mqtt":
            raise ValueError(f"a bus address is mqtt://user:password@host:port, not {url!r}")
        password = unquote(parts.password) if parts.password else os.environ.get("FOGBANK_MQTT_PASSWORD")
        return cls(parts.hostname or "127.0.0.1", parts.port or 1883,
                   unquote(parts.username) if parts.username else None, password)  # fmt: skip

    def url(self) -> str:
        return f"mqtt://{self.username}:{self.password}@{self.hostname}:{self.port}"


# A broker to run -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Mosquitto:
    """A mosquitto process on 127.0.0.1 with fogbank's config, in `directory` (tests, bench).

    `address(role)` gives the bus address for a role's credentials. `stop` / `start` keep the
    directory, so a restart keeps the persisted sessions, retained messages and credentials."""

    def __init__(self, directory: Path, port: int | None = None) -> None:
        if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
            raise FileNotFoundError("mosquitto is not installed (bash deploy/system-deps.sh)")
        self.directory = Path(directory)
        self.port = port or free_port()
        self.passwords = broker_init(self.directory, self.port)
        self.process: subprocess.Popen | None = None

    def address(self, role: str) -> BrokerAddress:
        return BrokerAddress("127.0.0.1", self.port, ROLE_USERS[role], self.passwords[role])

    async def start(self, deadline: float = 10.0) -> None:
        binary = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
        log = (self.directory / "mosquitto.log").open("ab")
        self.process = subprocess.Popen(
            [binary, "-c", str(self.directory / "mosquitto.conf")], stdout=log, stderr=log,
            start_new_session=True,
        )  # fmt: skip
        log.close()
        async with asyncio.timeout(deadline):
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"mosquitto exited: {(self.directory / 'mosquitto.log').read_text()}")
                try:
                    _, writer = await asyncio.open_connection("127.0.0.1", self.port)
                    writer.close()
                    return
                except OSError:
                    await asyncio.sleep(0.02)

    async def stop(self, kill: bool = False) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        await asyncio.to_thread(self.process.wait, 10)

    async def __aenter__(self) -> Mosquitto:
        await self.start()
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()
