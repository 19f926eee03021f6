"""The `fogbank` command."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="fogbank", description="An umpire for hidden-information naval wargames."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    simulate = commands.add_parser("simulate", help="run headless games with the built-in bot submarine")
    simulate.add_argument("scenario", help="a scenario (b11, marmara) or a ruleset (dardanelles)")
    simulate.add_argument("--seed", default="1", help="the run's seed; each game's seed derives from it")
    simulate.add_argument("--games", type=int, default=1)
    simulate.add_argument(
        "--logs", type=Path, default=Path("fogbank-data/simulate"), help="folder for game logs"
    )
    simulate.add_argument("--json", action="store_true", help="one JSON line per game (the default output)")
    simulate.set_defaults(run=_simulate)

    verify = commands.add_parser("verify", help="re-derive every roll of a finished game from its seed")
    verify.add_argument("log", type=Path)
    verify.set_defaults(run=_verify)

    play = commands.add_parser(
        "play", help="the main job: an embedded server, a new game, and the submarine's terminal client"
    )
    play.add_argument("scenario", nargs="?", default="b11")
    play.add_argument("--data", type=Path, default=Path("fogbank-data"), help="folder for the server's store")
    play.add_argument("--host", default="127.0.0.1")
    play.add_argument("--port", type=int, default=8765, help="0: any free port (default 8765, else any)")
    play.add_argument("--headless", action="store_true", help="no client: the bot plays, the game is told")
    play.add_argument("--seed", default=None, help="with --headless: replay a known game")
    play.add_argument(
        "--resume", action="store_true", help="go back to the last game play made (DATA/last-game.json)"
    )
    play.set_defaults(run=_play)

    sub = commands.add_parser("sub", help="the submarine player's terminal client, on a running server")
    sub.add_argument("--server", default="ws://127.0.0.1:8765/")
    sub.add_argument("--token", required=True, help="the submarine seat's token (from fogbank new)")
    sub.add_argument("--logs", type=Path, default=Path("."), help="where to save the game's log at the end")
    sub.set_defaults(run=_sub)

    serve = commands.add_parser("serve", help="run the server (embedded: everything in one process)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--data", type=Path, default=None,
                       help="folder for the SQLite store (default fogbank-data; a gateway role has none)")
    serve.add_argument("--bus", default=None, metavar="mqtt[s]://USER:PASS@HOST:PORT",
                       help="run on an MQTT broker (default: embedded, no broker); mqtts:// for TLS;"
                       " a missing password is read from $FOGBANK_MQTT_PASSWORD")
    serve.add_argument("--bus-ca", type=Path, default=None,
                       help="with mqtts://: the CA certificate the broker's must chain to (default:"
                       " $FOGBANK_MQTT_CA, else the system's CAs)")
    serve.add_argument("--bus-cert", type=Path, default=None,
                       help="with mqtts://: a client certificate to show the broker"
                       " (default: $FOGBANK_MQTT_CERT)")
    serve.add_argument("--bus-key", type=Path, default=None,
                       help="the client certificate's private key"
                       " (default: $FOGBANK_MQTT_KEY, else in --bus-cert)")
    serve.add_argument("--ended-grace", type=float, default=None, metavar="SECONDS",
                       help="a host keeps an ended game's broker credentials this long, so its players can"
                       " read the end (default 600)")
    serve.add_argument("--role", choices=("gateway", "host", "both"), default="both",
                       help="with --bus: websocket gateway, game host, or both in this process")
    serve.add_argument("--host-id", default=None, help="a host's name on the bus (default: DATA/host.id)")
    serve.add_argument("--admin-key-file", type=Path, default=None,
                       help="a gateway's admin key for /admin/new (default: $FOGBANK_ADMIN_KEY or DATA/admin.key)")
    serve.set_defaults(run=_serve)

    broker = commands.add_parser("broker-init", help="write a Mosquitto config and credentials for --bus")
    broker.add_argument("dir", type=Path, help="the broker's folder (config, credentials, persistence)")
    broker.add_argument("--port", type=int, default=1883)
    broker.add_argument("--bind", default="127.0.0.1")
    broker.add_argument("--user", default=None, help="the user mosquitto runs as (default: you)")
    broker.set_defaults(run=_broker_init)

    gateway = commands.add_parser(
        "broker-gateway", help="give a gateway its own broker client and reply role; prints its credentials"
    )
    gateway.add_argument("name", help="the gateway's broker username (letters, digits, - and _)")
    gateway.add_argument("--bus", required=True, metavar="mqtt[s]://fogbank-admin@HOST:PORT",
                         help="the broker, as its admin user (password from $FOGBANK_MQTT_PASSWORD)")
    gateway.add_argument("--bus-ca", type=Path, default=None)
    gateway.add_argument("--bus-cert", type=Path, default=None)
    gateway.add_argument("--bus-key", type=Path, default=None)
    gateway.set_defaults(run=_broker_gateway)

    new = commands.add_parser("new", help="create a game on a running server; prints its tokens as JSON")
    new.add_argument("scenario")
    new.add_argument("--server", default="ws://127.0.0.1:8765/")
    new.add_argument("--admin-key", default=None, help="default: read from DATA/admin.key")
    new.add_argument("--data", type=Path, default=Path("fogbank-data"))
    new.set_defaults(run=_new)

    bench = commands.add_parser("bench", help="load bench: many bot games over websockets (bench/load.py)")
    bench.add_argument("rest", nargs=argparse.REMAINDER)
    bench.set_defaults(run=_bench)

    arguments = sys.argv[1:] if argv is None else argv
    if arguments[:1] == ["bench"]:  # every option after it is the bench's (argparse's REMAINDER
        return _bench(argparse.Namespace(rest=arguments[1:]))  # will not take a leading --option)
    args = parser.parse_args(argv)
    return args.run(args)


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    try:
        for summary in simulate(args.scenario, args.seed, args.games, args.logs):
            print(json.dumps(summary), flush=True)
    except LookupError as error:
        print(f"fogbank: {error.args[0]}", file=sys.stderr)
        return 2
    return 0


def _verify(args: argparse.Namespace) -> int:
    from fogbank.rules.record.verify import Mismatch, read_log, verify_records

    try:
        with args.log.open() as lines:
            checked = verify_records(read_log(lines))
    except OSError as error:
        print(f"fogbank verify: cannot read {args.log}: {error.strerror}", file=sys.stderr)
        return 2
    except Mismatch as mismatch:
        print(f"fogbank verify: MISMATCH: {mismatch}", file=sys.stderr)
        return 1
    print(f"fogbank verify: all {checked} rolls follow from the revealed seed.")
    return 0


def _serve(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from fogbank.server.app import Server

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if args.bus is None and args.role != "both":
        print("fogbank serve: --role needs --bus mqtt://...", file=sys.stderr)
        return 2
    data = args.data if args.data is not None or args.role == "gateway" else Path("fogbank-data")
    if args.role == "host" and args.data is None:
        print("fogbank serve: a host role needs --data", file=sys.stderr)
        return 2
    admin_key = args.admin_key_file.read_text().strip() if args.admin_key_file else None

    bus = None
    if args.bus is not None:
        from fogbank.server.mqtt.broker import BrokerAddress

        try:
            bus = BrokerAddress.parse(args.bus, ca=args.bus_ca, cert=args.bus_cert, key=args.bus_key)
        except ValueError as error:
            print(f"fogbank serve: {error}", file=sys.stderr)
            return 2

    async def run() -> None:
        server = await Server.start(args.host, args.port, data, bus=bus, role=args.role, host_id=args.host_id,
                                    admin_key=admin_key, ended_grace=args.ended_grace)  # fmt: skip
        if server.websockets is None:
            print(f"fogbank game host {server.mqtt_host.host_id} on the bus (data in {data})", flush=True)
        else:
            where = f"data in {data}; admin key in {data / 'admin.key'}" if data else "gateway"
            print(f"fogbank serving on ws://{args.host}:{server.port}/ ({where})", flush=True)
        try:
            await server.serve_forever()
        finally:
            await server.close()

    try:
        asyncio.run(run())
    except KeyboardInterrupt:
        pass
    return 0


def _broker_init(args: argparse.Namespace) -> int:
    from fogbank.server.mqtt.broker import broker_init

    broker_init(args.dir, args.port, args.bind, args.user)
    print(f"wrote {args.dir / 'mosquitto.conf'}, {args.dir / 'dynamic-security.json'} and"
          f" {args.dir / 'credentials.json'} (the host, gateway and admin passwords; keep it private)")
    return 0


def _broker_gateway(args: argparse.Namespace) -> int:
    import asyncio
    import json

    from fogbank.server.mqtt.broker import BrokerAddress, UnsafeName, add_gateway

    try:
        address = BrokerAddress.parse(args.bus, ca=args.bus_ca, cert=args.bus_cert, key=args.bus_key)
        password = asyncio.run(add_gateway(address, args.name))
    except (ValueError, UnsafeName, RuntimeError, OSError) as error:
        print(f"fogbank broker-gateway: {error}", file=sys.stderr)
        return 1
    print(json.dumps({"username": args.name, "password": password}))
    return 0


def _new(args: argparse.Namespace) -> int:
    import urllib.error
    import urllib.request
    from urllib.parse import quote

    key = args.admin_key
    if key is None:
        try:
            key = (args.data / "admin.key").read_text().strip()
        except OSError:
            print(f"fogbank new: no --admin-key and no {args.data / 'admin.key'}", file=sys.stderr)
            return 2
    base = args.server.replace("ws://", "http://", 1).replace("wss://", "https://", 1).rstrip("/")
    request = urllib.request.Request(
        f"{base}/admin/new?scenario={quote(args.scenario)}", headers={"Authorization": f"Bearer {key}"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            print(response.read().decode().strip())
    except urllib.error.HTTPError as error:
        print(f"fogbank new: {error.code}: {error.read().decode().strip()}", file=sys.stderr)
        return 1
    except urllib.error.URLError as error:
        print(f"fogbank new: cannot reach {base}: {error.reason}", file=sys.stderr)
        return 1
    return 0


def _bench(args: argparse.Namespace) -> int:
    from fogbank.bench.load import main as load_main

    return load_main(args.rest)


def _play(args: argparse.Namespace) -> int:
    """The main job: the terminal client on a game of an embedded server (or the bot, headless)."""
    if args.headless:
        return _play_headless(args)
    from fogbank.clients.sub.launch import play

    return play(args)


def _sub(args: argparse.Namespace) -> int:
    from fogbank.clients.sub.launch import sub

    return sub(args)


def _play_headless(args: argparse.Namespace) -> int:
    """A headless bot game, told as the player and the umpire hear it (CI's smoke run)."""
    import secrets

    from fogbank.rules.record.simulate import game_seed, play_bot_game

    seed = game_seed(args.seed, 0) if args.seed else secrets.token_bytes(32)
    args.data.mkdir(parents=True, exist_ok=True)
    path = args.data / f"play-{args.scenario}-{seed.hex()[:12]}.jsonl"
    with path.open("w") as log:
        for record in play_bot_game(args.scenario, seed):
            log.write(json.dumps(record) + "\n")
            _tell(record)
    print(f"\nThe game's log: {path}\nCheck its dice: fogbank verify {path}")
    return 0


def _tell(record: dict) -> None:
    kind = record["type"]
    if kind == "game":
        print(f"{record['ruleset']} / {record['scenario']}; dice commitment {record['commitment'][:16]}...")
    elif kind == "input":
        order = record.get("order", {})
        print(
            f"\nTurn {record['turn']}: ordered {order.get('course')} {order.get('speed')} at {order.get('level')}"
            + (f", firing at contact {order['fire']['target']}" if order.get("fire") else "")
        )
    elif kind == "event":
        who = "player" if "submarine" in record["audience"] else "umpire"
        print(f"  [{who}] {record['text']}")
    elif kind == "end":
        print(f"\n{(record['result'] or '').upper()}: {record['reason']}\nSeed revealed: {record['seed']}")


if __name__ == "__main__":
    sys.exit(main())
