"""The bus over TLS (`mqtts://`): a CA, a broker certificate and a client certificate made here with
openssl; a host started with `fogbank serve --bus mqtts://... --bus-ca --bus-cert --bus-key` and a
gateway given the same files play a game; no client certificate, or an untrusted broker, no bus."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import aiomqtt
import pytest

from fogbank.clients import Client
from fogbank.protocols import Observation
from fogbank.server.mqtt.address import BrokerAddress
from fogbank.server.mqtt.mosquitto import Mosquitto, TlsListener, free_port
from tests.conftest import needs

from .conftest import Stack, needs_mosquitto, url

pytestmark = [needs_mosquitto, needs("openssl")]


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True, timeout=30)


def make_pki(folder: Path) -> dict[str, Path]:
    """A self-signed CA; a broker certificate for 127.0.0.1; a client certificate (EC P-256)."""
    folder.mkdir()
    files = {name: folder / f"{name}.pem" for name in
             ("ca", "ca-key", "broker", "broker-key", "client", "client-key")}  # fmt: skip
    key = ("-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes")
    openssl("req", "-x509", *key, "-keyout", str(files["ca-key"]), "-out", str(files["ca"]),
            "-days", "2", "-subj", "/CN=fogbank test CA")  # fmt: skip
    extensions = {"broker": "subjectAltName=IP:127.0.0.1", "client": "extendedKeyUsage=clientAuth"}
    for name, extension in extensions.items():
        request, extension_file = folder / f"{name}.csr", folder / f"{name}.ext"
        extension_file.write_text(extension + "\n")
        openssl("req", "-new", *key, "-keyout", str(files[f"{name}-key"]), "-out", str(request),
                "-subj", f"/CN=fogbank test {name}")  # fmt: skip
        openssl("x509", "-req", "-in", str(request), "-CA", str(files["ca"]), "-CAkey", str(files["ca-key"]),
                "-CAcreateserial", "-days", "2", "-extfile", str(extension_file),
                "-out", str(files[name]))  # fmt: skip
    return files


@pytest.fixture
async def tls_broker(tmp_path):
    pki = make_pki(tmp_path / "pki")
    listener = TlsListener(free_port(), pki["broker"], pki["broker-key"], pki["ca"], require_certificate=True)
    async with Mosquitto(tmp_path / "broker", tls=listener) as broker:
        yield broker, pki


def over_tls(broker: Mosquitto, role: str, pki: dict[str, Path], **files: Path | None) -> BrokerAddress:
    plain = broker.address(role)
    files = {"ca": pki["ca"], "cert": pki["client"], "key": pki["client-key"], **files}
    return BrokerAddress("127.0.0.1", broker.tls.port, plain.username, plain.password, True, **files)


async def test_a_game_is_played_over_a_tls_bus(tls_broker, tmp_path):
    broker, pki = tls_broker
    host = over_tls(broker, "host", pki)
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "fogbank.cli.main", "serve", "--role", "host", "--data", str(tmp_path / "h1"),
        "--host-id", "h1", "--bus", f"mqtts://{host.username}@127.0.0.1:{host.port}",
        "--bus-ca", str(pki["ca"]), "--bus-cert", str(pki["client"]), "--bus-key", str(pki["client-key"]),
        env={**os.environ, "FOGBANK_MQTT_PASSWORD": host.password},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    stack = Stack(broker, tmp_path)
    try:
        async with asyncio.timeout(20):
            while b"on the bus" not in (line := await process.stdout.readline()):
                assert line, "the host exited"
            gateway = await stack.gateway(over_tls(broker, "gateway", pki))
            game = await gateway.create_game("b11")
            player = await Client.connect(url(gateway), game["seats"]["submarine"], proxy=None)
            await player.submit({"course": "N", "speed": 0, "level": "surface"})
            while not isinstance(await player.next_observation(), Observation):
                pass
            await player.close()
    finally:
        await stack.close()
        process.terminate()
        await process.wait()


@pytest.mark.parametrize("missing", ["client certificate", "trusted CA"])
async def test_no_bus_without_a_client_certificate_or_a_trusted_broker(tls_broker, missing):
    broker, pki = tls_broker
    changed = {"cert": None, "key": None} if missing == "client certificate" else {"ca": pki["client"]}
    address = over_tls(broker, "gateway", pki, **changed)
    with pytest.raises(aiomqtt.MqttError):
        async with aiomqtt.Client(**address.client_options(), timeout=1):
            pass


def test_tls_options_from_flags_or_environment(tmp_path, monkeypatch):
    pki = make_pki(tmp_path / "pki")
    monkeypatch.setenv("FOGBANK_MQTT_CA", str(pki["ca"]))
    monkeypatch.setenv("FOGBANK_MQTT_CERT", str(pki["client"]))
    monkeypatch.setenv("FOGBANK_MQTT_KEY", str(pki["client-key"]))
    address = BrokerAddress.parse("mqtts://gw@broker.example")
    assert (address.tls, address.port, address.ca, address.cert) == (True, 8883, pki["ca"], pki["client"])
    assert address.client_options()["tls_context"] is not None
    flagged = BrokerAddress.parse("mqtts://gw@broker.example:9883", ca=pki["client"])
    assert (flagged.port, flagged.ca) == (9883, pki["client"])  # a flag wins over the environment
    with pytest.raises(ValueError, match="mqtts"):  # TLS files never quietly go unused
        BrokerAddress.parse("mqtt://gw@broker.example")
    monkeypatch.delenv("FOGBANK_MQTT_CA")
    monkeypatch.delenv("FOGBANK_MQTT_CERT")
    monkeypatch.delenv("FOGBANK_MQTT_KEY")
    assert BrokerAddress.parse("mqtt://gw@broker.example").client_options()["tls_context"] is None
