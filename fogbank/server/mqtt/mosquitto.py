"""A Mosquitto to run: fogbank's broker config on 127.0.0.1 and a free port (the tests', the bench's)."""

from __future__ import annotations

import asyncio
import shutil
import signal
import socket
import subprocess
from pathlib import Path

import attrs

from .address import BrokerAddress
from .credentials import broker_init
from .topics import ROLE_USERS


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
