"""The broker's topic tree, the names fogbank puts in it, and which role may use which topic.

Everything under one versioned prefix (protocols/README.md, "MQTT topics"). The access rules are
Mosquitto dynamic-security commands: a seat's client and role (`seat_commands`), made as games
are made and deleted once the game is over (`forget_seat_commands`); a gateway's client and the
role of its own for its replies (`gateway_commands`).
"""

from __future__ import annotations

import re
from typing import Any

from fogbank.errors import FogbankError

PREFIX = "fogbank/v1"
NEW = f"{PREFIX}/new"
SHARED_NEW = f"$share/hosts/{NEW}"  # one host of the group takes each new game
DYNSEC = "$CONTROL/dynamic-security/v1"
DYNSEC_RESPONSE = f"{DYNSEC}/response"

ROLE_USERS = {"host": "fogbank-host", "gateway": "fogbank-gateway", "admin": "fogbank-admin"}
# A name fogbank puts in a username, client id or topic level: never '+', '#', '/', or '$' first.
NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,127}")


class UnsafeName(FogbankError, ValueError):
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


def is_seat_reply(topic: str, game: str, seat: str) -> bool:
    """Whether `topic` is one of the seat's own reply topics: the only place the host answers a
    request that seat's token opened (a seat chooses its request's response topic)."""
    mine = f"{PREFIX}/seat/{seat_user(game, seat)}/reply/"
    return topic.startswith(mine) and NAME.fullmatch(topic[len(mine) :]) is not None


def host_status(host_id: str) -> str:
    return f"{PREFIX}/host/{safe_name(host_id)}/status"


def gateway_status(gateway_id: str) -> str:
    return f"{PREFIX}/gateway/{safe_name(gateway_id)}/status"


def gateway_reply(gateway: str) -> str:
    """Where hosts answer a gateway's `new`: named by the gateway's broker username, which only that
    gateway's own role may read."""
    return f"{PREFIX}/gateway/{safe_name(gateway)}/reply"


def is_gateway_reply(topic: str) -> bool:
    """Whether `topic` is some gateway's reply topic: the only place the host answers a `new`."""
    head, _, name = topic.removesuffix("/reply").rpartition("/")
    return topic.endswith("/reply") and head == f"{PREFIX}/gateway" and NAME.fullmatch(name) is not None


def token_route(token: str) -> tuple[str, str] | None:
    """The (game, seat) a token names (`{game}.{seat}.{secret}`), or None if it is not one.

    Only a route: the host still checks the whole token, and the broker checks it as the seat's
    MQTT password."""
    game, _, rest = token.partition(".")
    seat, _, secret = rest.rpartition(".")
    if not (game and seat and secret) or not (NAME.fullmatch(game) and NAME.fullmatch(seat)):
        return None
    return game, seat


# Who may use which topic -----------------------------------------------------------------------


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


def gateway_role_acls(username: str) -> list[dict[str, Any]]:
    """The ACLs of `gateway_role(username)`: its own reply topic, read only."""
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
        {"command": "createRole", "rolename": role, "acls": gateway_role_acls(username)},
        {"command": "createClient", "username": username, "password": password,
         "roles": [{"rolename": ROLE_USERS["gateway"]}, {"rolename": role}]},
    ]  # fmt: skip
