"""How long making games takes on a broker that has seen many finished ones.

    python -m fogbank.bench.credentials [--finished N] [--creations M] [--scenario ID]

A real mosquitto (deploy/mosquitto's config), one game host and one gateway in this process. First
N games are made and ended by their umpire (a host deletes an ended game's seat credentials after
its grace period, 0 here), then M games are made one after another through the gateway, timed.
The dynamic-security plugin of Mosquitto 2.0 rewrites its whole file after every command, so what
the file holds when a game is made is what makes it slow.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import tempfile
import time
from pathlib import Path

from fogbank import protocols as wire
from fogbank.rules.core import UMPIRE
from fogbank.server.host import Host
from fogbank.server.mqtt.bus import MqttBus
from fogbank.server.mqtt.host import MqttHost
from fogbank.server.mqtt.mosquitto import Mosquitto
from fogbank.server.store import Store


def clients(broker: Mosquitto) -> int:
    while True:  # the plugin truncates and rewrites the file in place: read it whole
        try:
            return len(json.loads((broker.directory / "dynamic-security.json").read_text())["clients"])
        except ValueError:
            time.sleep(0.01)


async def measure(folder: Path, finished: int, creations: int, scenario: str) -> dict[str, float]:
    async with Mosquitto(folder / "broker") as broker:
        store = await Store.open(folder / "host")
        host = Host(store)
        grace = {"ended_grace": 0} if "ended_grace" in inspect.signature(MqttHost).parameters else {}
        on_bus = MqttHost(host, broker.address("host"), "h1", **grace)
        await on_bus.start()
        bus = MqttBus(broker.address("gateway"))
        await bus.start()
        try:
            base = clients(broker)  # the role users
            for n in range(finished):
                game = await bus.create_game(scenario)
                await host.umpire(host.rooms[game["game"]], UMPIRE, wire.EndGame(ref=n, reason="bench"))
            async with asyncio.timeout(120):
                while grace and clients(broker) > base:  # until the ended games' credentials are gone
                    await asyncio.sleep(0.1)
            left, size = clients(broker), (broker.directory / "dynamic-security.json").stat().st_size
            started = time.perf_counter()
            for _ in range(creations):
                await bus.create_game(scenario)
            elapsed = time.perf_counter() - started
        finally:
            await bus.close()
            await on_bus.close()
            await store.close()
    return {"finished": finished, "clients_before": left, "file_kb": round(size / 1024),
            "creations": creations, "seconds": round(elapsed, 2)}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--finished", type=int, nargs="+", default=[0, 500])
    parser.add_argument("--creations", type=int, default=100)
    parser.add_argument("--scenario", default="b11", help="the scenario of every game made")
    args = parser.parse_args()
    for finished in args.finished:
        with tempfile.TemporaryDirectory() as folder:
            figures = asyncio.run(measure(Path(folder), finished, args.creations, args.scenario))
            print(json.dumps(figures), flush=True)


if __name__ == "__main__":
    main()
