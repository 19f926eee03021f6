"""The broker's side of fogbank: its topic names, credentials, and a Mosquitto to run.

Everything under one versioned prefix (protocols/README.md, "MQTT topics"). Credentials live in
Mosquitto's dynamic-security plugin: `broker_init` writes the plugin's file with fogbank's roles
(deploy/mosquitto/dynsec-roles.json) and one client each for hosts, gateways and an operator;
hosts add a client and a role per seat as games are made (`seat_commands`) and delete them once
the game is over (`forget_seat_commands`). Each gateway has its own client and a role of its own
for its replies (`gateway_commands`).

`Mosquitto` runs a broker from deploy/mosquitto/mosquitto.conf on 127.0.0.1 and a free port: the
tests' and the bench's broker.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import getpass
import hashlib
import json
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
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

DEPLOY = Path(__file__).resolve().parents[3] / "deploy" / "mosquitto"  # the checkout's deploy/
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


def seat_state(game: str, seat: str) -> str:
    """The seat's latest view, retained (a player seat's last observation, or its first snapshot)."""
    return f"{PREFIX}/seat/{seat_user(game, seat)}/state"


def seat_reply(game: str, seat: str, connection: str) -> str:
    return f"{PREFIX}/seat/{seat_user(game, seat)}/reply/{safe_name(connection)}"


def host_status(host_id: str) -> str:
    return f"{PREFIX}/host/{safe_name(host_id)}/status"


def gateway_status(gateway_id: str) -> str:
    return f"{PREFIX}/gateway/{safe_name(gateway_id)}/status"


def gateway_reply(gateway: str) -> str:
    """Where hosts answer a gateway's `new`: named by the gateway's broker username, which only that
    gateway's own role may read."""
    return f"{PREFIX}/gateway/{safe_name(gateway)}/reply"


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


def forget_seat_commands(user: str) -> list[dict[str, Any]]:
    """Dynamic-security commands deleting a seat's client (which the broker disconnects) and role."""
    return [
        {"command": "deleteClient", "username": safe_name(user)},
        {"command": "deleteRole", "rolename": safe_name(user)},
    ]


def gateway_role(username: str) -> str:
    """The role only gateway `username` holds: reading its own replies, which carry new tokens.
    (Seat roles are `{12 hex digits}.{seat}`: this name is never one.)"""
    return f"fogbank-gateway.{safe_name(username)}"


def _gateway_role_acls(username: str) -> list[dict[str, Any]]:
    mine = gateway_reply(username)
    return [
        {"acltype": "subscribeLiteral", "topic": mine, "allow": True},
        {"acltype": "publishClientReceive", "topic": mine, "allow": True},
    ]


def gateway_commands(username: str, password: str) -> list[dict[str, Any]]:
    """Dynamic-security commands adding a gateway: a client with the shared gateway role and a role
    of its own for its reply topic (literal ACLs: no %c or %u pattern)."""
    role = gateway_role(username)
    return [
        {"command": "createRole", "rolename": role, "acls": _gateway_role_acls(username)},
        {"command": "createClient", "username": username, "password": password,
         "roles": [{"rolename": ROLE_USERS["gateway"]}, {"rolename": role}]},
    ]  # fmt: skip


async def add_gateway(admin: BrokerAddress, username: str, deadline: float = 10.0) -> str:
    """Give a new gateway its broker client and reply role, through the dynamic-security API as
    `admin` (the fogbank-admin user). Returns the gateway's fresh password."""
    import aiomqtt

    password = secrets.token_urlsafe(24)
    commands = gateway_commands(safe_name(username), password)
    try:
        async with asyncio.timeout(deadline):
            options = admin.client_options()
            async with aiomqtt.Client(**options, protocol=aiomqtt.ProtocolVersion.V5) as client:
                await client.subscribe(DYNSEC_RESPONSE, qos=1)
                await client.publish(DYNSEC, json.dumps({"commands": commands}), qos=1)
                async for message in client.messages:
                    responses = json.loads(message.payload).get("responses", [])
                    break
    except aiomqtt.MqttError as error:
        raise RuntimeError(f"cannot reach the broker as {admin.username}: {error}") from None
    except TimeoutError:
        raise RuntimeError(f"the broker did not answer {admin.username} (is it the admin user?)") from None
    failed = [r["error"] for r in responses if r.get("error")]
    if failed:
        raise RuntimeError(f"the broker refused: {'; '.join(failed)}")
    return password


def _hashed(username: str, password: str, *roles: str) -> dict[str, Any]:
    salt = secrets.token_bytes(12)
    digest = hashlib.pbkdf2_hmac("sha512", password.encode(), salt, PBKDF2_ITERATIONS)
    return {
        "username": safe_name(username),
        "password": base64.b64encode(digest).decode(),
        "salt": base64.b64encode(salt).decode(),
        "iterations": PBKDF2_ITERATIONS,
        "roles": [{"rolename": role} for role in roles],
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
    gateway = ROLE_USERS["gateway"]
    clients = [_hashed(ROLE_USERS[role], passwords[role], ROLE_USERS[role]) for role in ROLE_USERS]
    clients[list(ROLE_USERS).index("gateway")]["roles"].append({"rolename": gateway_role(gateway)})
    security = {
        "defaultACLAccess": roles["defaultACLAccess"],
        "roles": roles["roles"] + [{"rolename": gateway_role(gateway), "acls": _gateway_role_acls(gateway)}],
        "clients": clients,
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
    """Where the broker is and who we are on it: `mqtt://user:password@host:port`, or
    `mqtts://...` for TLS, checked against `ca` (default: the system's CAs), with an optional
    client certificate `cert` and its key `key`."""

    hostname: str
    port: int
    username: str | None
    password: str | None = attrs.field(repr=False)
    tls: bool = False
    ca: Path | None = None
    cert: Path | None = None
    key: Path | None = None

    @classmethod
    def parse(
        cls, url: str, *, ca: Path | None = None, cert: Path | None = None, key: Path | None = None
    ) -> BrokerAddress:
        """Parse a bus URL. A missing password is read from $FOGBANK_MQTT_PASSWORD (so it need
        not show in `ps`); missing TLS files from $FOGBANK_MQTT_CA, $FOGBANK_MQTT_CERT and
        $FOGBANK_MQTT_KEY. Giving TLS files with an `mqtt://` URL is an error, not a silent
        plain-text connection."""
        parts = urlsplit(url)
        if parts.scheme not in ("mqtt", "mqtts"):
            raise ValueError(f"a bus address is mqtt[s]://user:password@host:port, not {url!r}")
        tls = parts.scheme == "mqtts"
        env = lambda name: Path(os.environ[name]) if os.environ.get(name) else None  # noqa: E731
        ca, cert = ca or env("FOGBANK_MQTT_CA"), cert or env("FOGBANK_MQTT_CERT")
        key = key or env("FOGBANK_MQTT_KEY")
        if not tls and (ca or cert or key):
            raise ValueError("TLS files were given for a plain mqtt:// bus: use mqtts://")
        if key and not cert:
            raise ValueError("a client key needs its certificate (--bus-cert, $FOGBANK_MQTT_CERT)")
        password = unquote(parts.password) if parts.password else os.environ.get("FOGBANK_MQTT_PASSWORD")
        return cls(parts.hostname or "127.0.0.1", parts.port or (8883 if tls else 1883),
                   unquote(parts.username) if parts.username else None, password,
                   tls, ca, cert, key)  # fmt: skip

    def url(self) -> str:
        return f"{'mqtts' if self.tls else 'mqtt'}://{self.username}:{self.password}@{self.hostname}:{self.port}"

    def tls_context(self) -> ssl.SSLContext | None:
        """The TLS context every connection to this broker uses (built once), or None."""
        return _tls_context(self.ca, self.cert, self.key) if self.tls else None

    def client_options(self) -> dict[str, Any]:
        """aiomqtt.Client's arguments for reaching this broker as this user."""
        return {
            "hostname": self.hostname, "port": self.port, "username": self.username,
            "password": self.password, "tls_context": self.tls_context(), "socket_options": NO_DELAY,
        }  # fmt: skip


@functools.cache
def _tls_context(ca: Path | None, cert: Path | None, key: Path | None) -> ssl.SSLContext:
    # Server certificate and host name checked (ssl's defaults for a client), TLS 1.2 at least.
    context = ssl.create_default_context(cafile=str(ca) if ca else None)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if cert is not None:
        context.load_cert_chain(str(cert), str(key) if key else None)
    return context


# A broker to run -------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@attrs.frozen
class TlsListener:
    """A TLS listener on 127.0.0.1 for `Mosquitto` (the tests'): its port and PEM files; with
    `cafile`, clients may show a certificate that CA signed, and must with `require_certificate`."""

    port: int
    certfile: Path
    keyfile: Path
    cafile: Path | None = None
    require_certificate: bool = False

    def config(self) -> str:
        lines = [f"\nlistener {self.port} 127.0.0.1", "protocol mqtt"]
        lines += [f"certfile {self.certfile}", f"keyfile {self.keyfile}"]
        if self.cafile is not None:
            lines.append(f"cafile {self.cafile}")
        lines.append(f"require_certificate {'true' if self.require_certificate else 'false'}")
        return "\n".join(lines) + "\n"


class Mosquitto:
    """A mosquitto process on 127.0.0.1 with fogbank's config, in `directory` (tests, bench).

    `address(role)` gives the bus address for a role's credentials. `stop` / `start` keep the
    directory, so a restart keeps the persisted sessions, retained messages and credentials."""

    def __init__(self, directory: Path, port: int | None = None, tls: TlsListener | None = None) -> None:
        if shutil.which("mosquitto") is None and not Path("/usr/sbin/mosquitto").exists():
            raise FileNotFoundError("mosquitto is not installed (bash deploy/system-deps.sh)")
        self.directory = Path(directory)
        self.port = port or free_port()
        self.passwords = broker_init(self.directory, self.port)
        self.tls = tls
        if tls is not None:
            with (self.directory / "mosquitto.conf").open("a") as config:
                config.write(tls.config())
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
