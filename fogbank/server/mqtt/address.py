"""Where the broker is and who we are on it: a bus address, parsed from `--bus`, with its TLS."""

from __future__ import annotations

import functools
import os
import socket
import ssl
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import attrs

# Small messages, each awaited by someone: Nagle's delay (with the peer's delayed ack, 40 ms a
# round trip) would be most of a turn's latency.
NO_DELAY = ((socket.IPPROTO_TCP, socket.TCP_NODELAY, 1),)


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
