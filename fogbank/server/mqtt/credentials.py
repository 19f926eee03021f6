"""Who may use the broker: the files `fogbank broker-init` writes, and a gateway's credentials.

Credentials live in Mosquitto's dynamic-security plugin: `broker_init` writes the plugin's file
with fogbank's roles (deploy/mosquitto/dynsec-roles.json) and one client each for hosts,
gateways and an operator. `add_gateway` gives one more gateway a client and reply role of its
own, through the plugin's API, as the operator.
"""

from __future__ import annotations

import asyncio
import base64
import getpass
import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

from .address import BrokerAddress
from .topics import (
    DYNSEC,
    DYNSEC_RESPONSE,
    ROLE_USERS,
    gateway_commands,
    gateway_role,
    gateway_role_acls,
    safe_name,
)

DEPLOY = Path(__file__).resolve().parents[3] / "deploy" / "mosquitto"  # the checkout's deploy/
PBKDF2_ITERATIONS = 101  # what mosquitto_ctrl uses; the password is a 192-bit random token anyway


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
        "roles": roles["roles"] + [{"rolename": gateway_role(gateway), "acls": gateway_role_acls(gateway)}],
        "clients": clients,
        "groups": [],
    }
    _write_private(directory / "dynamic-security.json", json.dumps(security, indent=2))
    users = {role: {"username": ROLE_USERS[role], "password": passwords[role]} for role in ROLE_USERS}
    _write_private(directory / "credentials.json", json.dumps(users, indent=2))
    return passwords


def dynsec_plugin() -> str:
    for folder in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib"):
        path = Path(folder) / "mosquitto_dynamic_security.so"
        if path.exists():
            return str(path)
    raise FileNotFoundError("mosquitto_dynamic_security.so not found: install the mosquitto package")


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


def _write_private(path: Path, text: str) -> None:
    path.touch(mode=0o600, exist_ok=True)
    path.chmod(0o600)
    path.write_text(text)
