"""`fogbank broker-init` and `fogbank broker-gateway`: a Mosquitto's credentials for `serve --bus`."""

from __future__ import annotations

import argparse
import sys


def init(args: argparse.Namespace) -> int:
    from fogbank.server.mqtt.credentials import broker_init

    try:
        broker_init(args.dir, args.port, args.bind, args.user)
    except OSError as error:  # no plugin, an unwritable folder
        print(f"fogbank broker-init: {error}", file=sys.stderr)
        return 1
    print(f"wrote {args.dir / 'mosquitto.conf'}, {args.dir / 'dynamic-security.json'} and"
          f" {args.dir / 'credentials.json'} (the host, gateway and admin passwords; keep it private)")
    return 0


def gateway(args: argparse.Namespace) -> int:
    import asyncio
    import json

    from fogbank.server.mqtt.address import BrokerAddress
    from fogbank.server.mqtt.credentials import add_gateway
    from fogbank.server.mqtt.topics import UnsafeName

    try:
        address = BrokerAddress.parse(args.bus, ca=args.bus_ca, cert=args.bus_cert, key=args.bus_key)
        password = asyncio.run(add_gateway(address, args.name))
    except (ValueError, UnsafeName, RuntimeError, OSError) as error:
        print(f"fogbank broker-gateway: {error}", file=sys.stderr)
        return 1
    print(json.dumps({"username": args.name, "password": password}))
    return 0
