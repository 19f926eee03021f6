"""`fogbank serve`: the server, embedded (one process) or as a gateway or game host on a broker."""

from __future__ import annotations

import argparse
import errno
import signal
import sys
from pathlib import Path


def run(args: argparse.Namespace) -> int:
    import asyncio
    import logging

    from fogbank.server.app import Server
    from fogbank.server.store import StoreError

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")

    if args.bus is None and args.role != "both":
        print("fogbank serve: --role needs --bus mqtt://...", file=sys.stderr)
        return 2
    data = args.data if args.data is not None or args.role == "gateway" else Path("fogbank-data")
    if args.role == "host" and args.data is None:
        print("fogbank serve: a host role needs --data", file=sys.stderr)
        return 2
    try:
        admin_key = args.admin_key_file.read_text().strip() if args.admin_key_file else None
    except OSError as error:
        print(f"fogbank serve: cannot read {args.admin_key_file}: {error.strerror}", file=sys.stderr)
        return 2

    if args.workers < 1 or (args.workers > 1 and args.bus is not None):
        print("fogbank serve: --workers is 1 or more, and more than 1 only without --bus", file=sys.stderr)
        return 2
    smtp = None
    if args.smtp is not None:
        smtp = _smtp(args)
        if smtp is None:
            print(f"fogbank serve: {args.smtp!r} is not an SMTP server (HOST or HOST:PORT)", file=sys.stderr)
            return 2
    if args.workers > 1:
        options = {"public_url": args.public_url, "smtp": smtp, "behind_proxy": args.behind_proxy,
                   "allow_private_nudges": args.allow_private_nudges}  # fmt: skip
        return _serve_workers(args, data, admin_key, options)
    if data is not None and args.role != "gateway":
        from fogbank.server.workers import check_data

        try:
            check_data(data, 1)
        except ValueError as error:
            print(f"fogbank serve: {error}", file=sys.stderr)
            return 2

    bus = None
    if args.bus is not None:
        from fogbank.server.mqtt.address import BrokerAddress

        try:
            bus = BrokerAddress.parse(args.bus, ca=args.bus_ca, cert=args.bus_cert, key=args.bus_key)
            bus.tls_context()  # its certificate files read now, not in the bus's first connect
        except ValueError as error:
            print(f"fogbank serve: {error}", file=sys.stderr)
            return 2
        except OSError as error:  # a missing or unreadable CA, certificate or key (ssl.SSLError too)
            print(f"fogbank serve: cannot use the bus's TLS files: {error.strerror or error}", file=sys.stderr)
            return 2

    async def serve() -> None:
        # SIGTERM (systemd's stop) stops as cleanly as ^C: connections closed with 1001, the
        # store's queue written and its WAL checkpointed, exit 0. Caught before the server starts,
        # so a stop during recovery waits for it and then stops, rather than killing it midway.
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        server = await Server.start(args.host, args.port, data, bus=bus, role=args.role, host_id=args.host_id,
                                    admin_key=admin_key, ended_grace=args.ended_grace, public_url=args.public_url,
                                    smtp=smtp, behind_proxy=args.behind_proxy,
                                    allow_private_nudges=args.allow_private_nudges)  # fmt: skip
        if server.websockets is None:
            print(f"fogbank game host {server.mqtt_host.host_id} on the bus (data in {data})", flush=True)
        else:
            where = f"data in {data}; admin key in {data / 'admin.key'}" if data else "gateway"
            print(f"fogbank serving on ws://{args.host}:{server.port}/ ({where})", flush=True)
            page = args.public_url or f"http://{args.host}:{server.port}"
            print(f"the umpire's games page: {page}/games (it asks for the admin key)", flush=True)
        serving = asyncio.ensure_future(server.serve_forever())
        stopping = asyncio.ensure_future(stop.wait())
        try:
            await asyncio.wait({serving, stopping}, return_when=asyncio.FIRST_COMPLETED)
            if serving.done():
                serving.result()  # the server's own failure, raised here
        finally:
            logging.getLogger("fogbank.server").info("stopping")
            await server.close()
            for task in (serving, stopping):
                task.cancel()
            await asyncio.gather(serving, stopping, return_exceptions=True)

    try:
        asyncio.run(serve())
    except KeyboardInterrupt:
        pass
    except TimeoutError:  # before OSError, its base: the broker never answered
        where = f" at {bus.hostname}:{bus.port}" if bus is not None else ""
        print(f"fogbank serve: the broker{where} did not answer in time", file=sys.stderr)
        return 1
    except OSError as error:  # the port is taken, the data folder cannot be written...
        if error.errno == errno.EADDRINUSE:
            print(f"fogbank serve: port {args.port} on {args.host} is taken (another server?)", file=sys.stderr)
        else:
            print(f"fogbank serve: {error}", file=sys.stderr)
        return 1
    except ValueError as error:  # an empty admin key, a role without its data folder...
        print(f"fogbank serve: {error}", file=sys.stderr)
        return 2
    except StoreError as error:  # a damaged store, one another process holds
        print(f"fogbank serve: {error}", file=sys.stderr)
        return 1
    return 0


def _serve_workers(args: argparse.Namespace, data: Path, admin_key: str | None, options: dict) -> int:
    import os

    from fogbank.server.app import _admin_key
    from fogbank.server.store import StoreError, private_folder
    from fogbank.server.workers import serve_workers

    def ready(port: int) -> None:
        print(f"fogbank serving on ws://{args.host}:{port}/ ({args.workers} workers; data in {data};"
              f" admin key in {data / 'admin.key'})", flush=True)  # fmt: skip

    try:
        private_folder(data)
        key = admin_key or os.environ.get("FOGBANK_ADMIN_KEY") or _admin_key(data)
        if not key.strip():
            raise ValueError("the admin key is empty: give one, or delete the file to have one made")
        serve_workers(args.host, args.port, data, args.workers, key, ready, options)
    except (OSError, StoreError) as error:  # a worker that cannot start, the port or folder held
        print(f"fogbank serve: {error}", file=sys.stderr)
        return 1
    except ValueError as error:
        print(f"fogbank serve: {error}", file=sys.stderr)
        return 2
    return 0


def _smtp(args: argparse.Namespace):
    """The SMTP server for e-mail nudges from --smtp and its options, or None if it is no address."""
    import os
    import socket

    from fogbank.server.nudges import Smtp

    host, _, port = args.smtp.rpartition(":") if ":" in args.smtp else (args.smtp, "", "25")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        return None
    sender = args.smtp_from or f"fogbank@{socket.getfqdn()}"
    return Smtp(host, int(port), sender, args.smtp_starttls,
                os.environ.get("FOGBANK_SMTP_USER"), os.environ.get("FOGBANK_SMTP_PASSWORD"))  # fmt: skip
