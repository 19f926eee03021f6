"""Where the server itself connects out (a game's webhook): only to public addresses, and to the
very address it checked.

Whoever holds an umpire's link sets the game's webhook, so a webhook must not let him make the
server knock on doors inside its own network (a router's page, a cloud's metadata service, a
database on the loopback). A name is resolved, every address it gives is judged (`public`), and
the connection is made to one of those addresses itself, never to the name again (a second look-up
could answer otherwise: DNS rebinding); once connected, the peer's address is judged again. Nothing
is followed elsewhere: a webhook that answers with a redirect has failed. `fogbank serve
--allow-private-nudges` lifts the address check (a club's own LAN, tests).

Failures are `Undelivered`: a code and a sentence for the umpire, and whether trying again later
may help.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import socket
import ssl
from typing import Any
from urllib.parse import urlsplit

from fogbank.errors import FogbankError

ANSWER_LINE = 8192  # bytes of the webhook's status line read at most
TRIED = 3  # addresses of a name tried in turn before giving up
# Not found outside a network by `is_global` in every Python this runs on: IETF protocol
# assignments, and NAT64 prefixes for local use.
NOT_PUBLIC = (ipaddress.ip_network("192.0.0.0/24"), ipaddress.ip_network("64:ff9b:1::/48"))
NAT64 = ipaddress.ip_network("64:ff9b::/96")  # an IPv4 address written in IPv6: judged as that


class Undelivered(FogbankError):
    """A nudge that did not go: `code` and `sentence` for the umpire; `again`: whether a later
    attempt may succeed (a timeout, a server error) or not (a private address, a refusal)."""

    def __init__(self, code: str, sentence: str, again: bool = True) -> None:
        super().__init__(f"{code}: {sentence}")
        self.code, self.sentence, self.again = code, sentence, again


def public(address: str) -> bool:
    """Whether an address is on the internet at large: not loopback, private, link-local, shared,
    unspecified, multicast, reserved or documentation, in IPv4 or in any IPv6 form of it
    (IPv4-mapped, 6to4, NAT64); Teredo is refused whole."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])  # a scope (fe80::1%eth0) is link-local anyway
    except ValueError:
        return False
    if ip.version == 6:
        if ip.teredo is not None:
            return False
        if ip.ipv4_mapped is not None:
            ip = ip.ipv4_mapped
        elif ip.sixtofour is not None:
            ip = ip.sixtofour
        elif ip in NAT64:
            ip = ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    odd = any(ip.version == net.version and ip in net for net in NOT_PUBLIC)
    refused = (ip.is_private or ip.is_loopback or ip.is_link_local or ip.is_multicast or ip.is_reserved
               or ip.is_unspecified or odd)  # fmt: skip
    return ip.is_global and not refused


PRIVATE = (
    "{host} is an address inside a private network (loopback, private, link-local or reserved);"
    " this server posts nudges to public addresses only."
)


async def resolve(host: str, port: int, allow_private: bool = False) -> list[tuple[int, str]]:
    """The addresses `host` names, each (family, address), every one of them judged public
    unless `allow_private`. Raises `Undelivered` ("unreachable": no such name; "private_address":
    any address it gives is not public, since a name that gives one private address is refused whole)."""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as error:
        raise Undelivered("unreachable", f"No address was found for {host}: {error}.") from None
    addresses = list(dict.fromkeys((family, sockaddr[0]) for family, _, _, _, sockaddr in found))
    if not allow_private and not all(public(address) for _, address in addresses):
        raise Undelivered("private_address", PRIVATE.format(host=host), again=False)
    return addresses


async def connect(
    host: str, port: int, tls: ssl.SSLContext | None = None, allow_private: bool = False
) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A connection to `host`, made to an address `resolve` judged (TLS checked against the
    name), whose peer is judged again once connected. Raises `Undelivered`."""
    problem: OSError | None = None
    for family, address in (await resolve(host, port, allow_private))[:TRIED]:
        try:
            reader, writer = await asyncio.open_connection(
                address, port, family=family, ssl=tls, server_hostname=host if tls else None
            )
        except ssl.SSLError as error:
            why = error.reason or error
            raise Undelivered("unreachable", f"{host} failed the TLS handshake: {why}.") from None
        except OSError as error:
            problem = error
            continue
        peer = writer.get_extra_info("peername")
        if not allow_private and (not peer or not public(peer[0])):
            writer.transport.abort()
            raise Undelivered("private_address", PRIVATE.format(host=host), again=False)
        return reader, writer
    raise Undelivered("unreachable", f"{host} port {port} could not be reached: {problem}.")


async def post(url: str, body: dict[str, Any], allow_private: bool = False) -> None:
    """POST `body` as JSON to the webhook `url` (checked by `nudges.check_webhook`); returns once
    it answered 2xx. The caller bounds the time it may take. Raises `Undelivered`."""
    parts = urlsplit(url)
    host = (parts.hostname or "").encode("idna").decode()
    tls = ssl.create_default_context() if parts.scheme == "https" else None
    port = parts.port or (443 if tls else 80)
    reader, writer = await connect(host, port, tls, allow_private)
    try:
        data = json.dumps(body).encode()
        target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
        netloc = parts.netloc.rpartition("@")[2]
        head = (f"POST {target} HTTP/1.1\r\nHost: {netloc}\r\nUser-Agent: fogbank\r\n"
                "Content-Type: application/json\r\nConnection: close\r\n"
                f"Content-Length: {len(data)}\r\n\r\n")  # fmt: skip
        writer.write(head.encode("latin-1", "replace") + data)
        await writer.drain()
        try:
            line = await reader.readuntil(b"\n")
        except asyncio.LimitOverrunError:
            line = b""
        except asyncio.IncompleteReadError as cut:
            line = cut.partial
        line = line[:ANSWER_LINE]
    finally:
        writer.transport.abort()  # nothing more is read of it: a TLS goodbye could wait too
    _judge(line, host)


def _judge(line: bytes, host: str) -> None:
    words = line.decode("latin-1").split()
    status = int(words[1]) if len(words) >= 2 and words[0].startswith("HTTP/") and words[1].isdigit() else 0
    if 200 <= status < 300:
        return
    if not status:
        raise Undelivered("nudge_failed", f"{host} did not answer as a web server does.")
    if 300 <= status < 400:
        raise Undelivered("redirected", f"{host} answered with a redirect ({status}), which is not followed:"
                          " give the webhook's own address.", again=False)  # fmt: skip
    if status == 429 or status >= 500:
        raise Undelivered("nudge_failed", f"{host} answered {status}: it could not take the nudge then.")
    why = f"{host} refused the nudge ({status}): is the webhook's address right?"
    raise Undelivered("nudge_refused", why, again=False)

