"""The server: store, game host and websocket gateway in one process (the embedded default), or
one or both roles on an MQTT broker (`bus=`): a gateway (websockets and HTTP, no store) talks to
game hosts (store and games, no websockets) through `MqttBus` and `MqttHost`.

Besides websockets on `/`, it answers plain HTTP on the same port:
  GET /healthz                      "ok"; 503 and "storage_full: why" while the store cannot write;
                                    with --workers, 503 and "workers_starting: ..." until all serve
  POST /admin/new?scenario=b11      create a game; needs `Authorization: Bearer <admin key>`.
                                    The admin key is made on first start in DIR/admin.key. The
                                    answer has the tokens, and `links` to the seats, umpire and
                                    spectators (on --public-url, or the request's own address).
                                    A GET is answered 405: making a game is no read.
  GET /umpire#token=...             the umpire's console: static HTML, CSS and JS modules from
                                    server/console/, speaking `fogbank.v1.json` back to `/`;
                                    /umpire/rulesets/<name>/<file> serves a ruleset's console module
                                    from that ruleset's folder console/.
  GET /play#token=...               a player's seat, the same way: server/seat/, and each ruleset's
                                    client module from its folder client/ at /play/rulesets/...
  GET /web/<file>                   the page kit both pages and every ruleset's modules share,
                                    from fogbank/web/: the wire, DOM helpers, and the map
                                    geometries at /web/maps/<file>; /web/rulesets/<name>/<file>
                                    what a ruleset's console and seat modules share, from its
                                    folder web/.
  GET /games#key=...                the umpire's games page (server/games/): every game on the
                                    server, a new one from the scenario list, their links; it
                                    speaks to /admin/scenarios, /admin/games, /admin/archive,
                                    /admin/rename, /admin/reissue (admin.py) with the admin key
"""

from __future__ import annotations

import asyncio
import gc
import hmac
import http
import importlib.resources
import json
import logging
import os
import secrets
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Callable
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from fogbank import protocols as wire
from fogbank.errors import ServerFault
from fogbank.rules.core import Refused, find_ruleset
from fogbank.server.store import Store, private_file, private_folder

from . import admin, sockets
from .bus import Bus, LocalBus, Unavailable
from .doors import Doors
from .gateway import Connection, client_address
from .guard import TokenGuard
from .handover import Handover, Recorded, adopt
from .host import Host
from .nudges import Nudges, Smtp
from .sockets import CLOSE_GRACE, Socket, listening, raise_fd_limit

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from .mqtt.address import BrokerAddress

log = logging.getLogger("fogbank.server")
ADMIN_KEY_FILE = "admin.key"
HOST_ID_FILE = "host.id"  # a host's name on the bus, kept across restarts (it names its session)
ROLES = ("both", "gateway", "host")
CONSOLE = importlib.resources.files("fogbank.server") / "console"
SEAT = importlib.resources.files("fogbank.server") / "seat"
GAMES = importlib.resources.files("fogbank.server") / "games"  # the umpire's games page
WEB = importlib.resources.files("fogbank.web")  # the page kit both pages and the rulesets share
WEB_FOLDERS = ("maps",)  # the kit's one served sub-folder: a module for each map geometry
# Each page: its own folder, and the folder of a ruleset's package that holds its module for it.
PAGES = {"umpire": (CONSOLE, "console"), "play": (SEAT, "client"), "games": (GAMES, None)}
# The admin requests that change something: POST only, so nothing that repeats or prefetches a GET
# (a browser's history, a proxy, a link checker) makes a game or archives one.
ADMIN_CHANGES = ("/admin/new", "/admin/archive", "/admin/rename", "/admin/reissue")
CONSOLE_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
# The console needs nothing from elsewhere: scripts, styles and the websocket are this origin's
# ('self' covers ws: and wss: to the page's own host and port, CSP Level 3, which Chromium follows:
# tested). Its token lives in the URL fragment and the browser's own storage, so no referrer and no framing.
CONSOLE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


class Server:
    def __init__(
        self, store: Store | None, host: Host | None, admin_key: str | None, bus: Bus | None = None
    ) -> None:
        self.store = store
        self.host = host
        self.bus = bus if bus is not None else LocalBus(host)
        self.admin_key = admin_key  # None: /admin/new is refused (a gateway given no key)
        self.public_url: str | None = None  # where players reach it, for links (None: each request's Host)
        self.behind_proxy = False  # a proxy on this machine forwards the clients' addresses
        self.guard = TokenGuard()  # wrong tokens, per address, across this gateway's connections
        self.doors = Doors()  # websockets per address, the deadline to join, room near the limit
        self.mqtt_host = None  # the MqttHost serving this process's games on the broker, if any
        self.websockets: WebsocketServer | None = None
        self.handover: Handover | None = None  # with --workers: connections to and from the others
        self._adopting: set[asyncio.Task] = set()

    @classmethod
    async def start(
        cls,
        host: str = "127.0.0.1",
        port: int = 8765,
        data: Path | None = Path("fogbank-data"),
        *,
        bus: str | BrokerAddress | None = None,
        role: str = "both",
        host_id: str | None = None,
        admin_key: str | None = None,
        ended_grace: float | None = None,
        handover: Handover | None = None,
        public_url: str | None = None,
        smtp: Smtp | None = None,
        clock: Callable[[], float] | None = None,
        behind_proxy: bool = False,
        allow_private_nudges: bool = False,
    ) -> "Server":
        """Start the server. `bus`: None for the embedded default, else `mqtt[s]://user:pass@host:port`
        (or a parsed `BrokerAddress`, with its TLS files) with `role` gateway (websockets, no
        `data`), host (games in `data`, no websockets) or both. `ended_grace`: seconds an ended
        game's seats keep their broker credentials (default `mqtt_host.ENDED_GRACE`).
        `handover`: this is one of `--workers` processes sharing the port (`workers.py`); embedded only.
        `public_url`: the address players reach the server at (`https://games.example.org`), for the
        links it gives; None: the address each request was made to. `smtp`: where e-mail nudges go
        out (None: no e-mail). `clock`: the clock deadlines keep (a test's; the system's by default).
        `behind_proxy`: a proxy on this machine (Caddy) passes every connection on: a client's address
        and scheme are the ones it forwards (X-Forwarded-For, X-Forwarded-Proto).
        `allow_private_nudges`: webhooks may be at private addresses (loopback, a LAN); by default
        only public ones are posted to.
        """
        if role not in ROLES:
            raise ValueError(f"role is one of {ROLES}, not {role!r}")
        if bus is None and role != "both":
            raise ValueError("the gateway and host roles run on a bus: give an mqtt:// address")
        store = game_host = None
        if role != "gateway":
            if data is None:
                raise ValueError("a game host needs a data folder for its store")
            data = Path(data)
            private_folder(data)
            store = await Store.open(data)
            owns = handover.owns if handover is not None else None
            game_host = Host(store, owns=owns, nudges=Nudges(smtp, allow_private_nudges), clock=clock)
            recovered = await game_host.recover()
            if recovered:
                log.info("recovered %d unfinished games", recovered)
        if admin_key is None:
            admin_key = os.environ.get("FOGBANK_ADMIN_KEY") or (_admin_key(Path(data)) if data else None)
        if admin_key is not None and not admin_key.strip():
            # An empty key would let an empty Authorization header create games.
            if store is not None:
                await store.close()
            raise ValueError("the admin key is empty: give one, or delete the file to have one made")
        raise_fd_limit()
        if bus is None:
            server = cls(store, game_host, admin_key)
            server.handover = handover
            server.public_url, server.behind_proxy = public_url, behind_proxy
        else:
            server = await cls._on_bus(
                store, game_host, admin_key, bus, role, host_id or _host_id(data), ended_grace
            )
            server.public_url, server.behind_proxy = public_url, behind_proxy
            if role == "host":
                return server
        server.websockets = await serve(
            server._connection,
            sock=listening(host, port, reuse_port=handover is not None),
            subprotocols=list(wire.SUBPROTOCOLS),
            max_size=wire.MAX_FRAME,
            compression=None,  # compression is a side channel on message size, and costs CPU
            process_request=server._http,
            ping_interval=sockets.PING_INTERVAL,  # read here, as a test sets them
            ping_timeout=sockets.PING_TIMEOUT,
            create_connection=Socket if handover is None else Recorded,
        )
        if handover is not None:
            handover.listen(server._adopt)
        return server

    @classmethod
    async def _on_bus(
        cls, store: Store | None, game_host: Host | None, admin_key: str | None, url: str | BrokerAddress,
        role: str, host_id: str | None, ended_grace: float | None,
    ) -> "Server":  # fmt: skip
        from .mqtt.address import BrokerAddress
        from .mqtt.bus import MqttBus
        from .mqtt.host import ENDED_GRACE, MqttHost

        address = url if isinstance(url, BrokerAddress) else BrokerAddress.parse(url)
        mqtt_host = None
        try:
            if game_host is not None:
                grace = ENDED_GRACE if ended_grace is None else ended_grace
                mqtt_host = MqttHost(game_host, address, host_id or secrets.token_hex(4), grace)
                await mqtt_host.start()
            bus = MqttBus(address) if role != "host" else None
            if bus is not None:
                await bus.start()
        except BaseException:
            if mqtt_host is not None:
                await mqtt_host.close()
            if store is not None:
                await store.close()
            raise
        server = cls(store, game_host, admin_key, bus or LocalBus(game_host))
        server.mqtt_host = mqtt_host
        return server

    @property
    def port(self) -> int:
        return self.websockets.sockets[0].getsockname()[1]

    async def create_game(self, scenario: str, options: dict | None = None, name: str = "") -> dict:
        return await self.bus.create_game(scenario, options, name)

    async def close(self, grace: float = CLOSE_GRACE) -> None:
        """Stop: every client closed with 1001 (cut off if it has not answered in `grace` seconds),
        then the games' timers, then the store, once it has written what is queued."""
        if self.handover is not None:
            self.handover.close()
        if self.websockets is not None:
            self.websockets.close()
        await self.bus.close()  # first: a request waiting on the bus fails now, not at its deadline
        if self.websockets is not None:
            try:
                async with asyncio.timeout(grace):
                    await self.websockets.wait_closed()
            except TimeoutError:
                # A peer that does not read never takes its close frame (websockets waits for
                # room in its buffer without end): cut them off, and stop.
                for connection in list(self.websockets.all_connections):
                    connection.transport.abort()
                await self.websockets.wait_closed()
        if self.mqtt_host is not None:
            await self.mqtt_host.close()
        if self.host is not None:
            await self.host.close()
        if self.store is not None:
            await self.store.close()

    async def serve_forever(self) -> None:
        quiet_garbage_collector()
        if self.websockets is None:  # a host role: it serves the bus until stopped
            await asyncio.Event().wait()
        await self.websockets.serve_forever()

    async def _connection(self, websocket: ServerConnection) -> None:
        await Connection(websocket, self.bus, self.guard, self.handover, proxied=self.behind_proxy).serve()

    def _adopt(self, sock: socket.socket, header: dict) -> None:
        """A connection another worker handed over: carry it on here."""

        async def handle(websocket: ServerConnection, handed: dict) -> None:
            self.doors.adopted(websocket, client_address(websocket, self.behind_proxy))
            await Connection(websocket, self.bus, self.guard, self.handover, handed, self.behind_proxy).serve()

        task = asyncio.ensure_future(adopt(self.websockets, sock, header, handle))
        self._adopting.add(task)
        task.add_done_callback(self._adopting.discard)

    async def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            # Near the descriptor limit (`sockets.Full`) a socket that never joined makes room.
            if getattr(connection, "full", False) and not self.doors.shed_idle():
                return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, "The server is full; try again later.\n")
            refused = self.doors.admit(connection, client_address(connection, self.behind_proxy))
            if refused is not None:
                response = connection.respond(http.HTTPStatus.TOO_MANY_REQUESTS, refused)
                response.headers["Retry-After"] = "10"
                return response
            return None
        url = urlsplit(request.path)
        if url.path == "/healthz":
            if self.store is not None and self.store.failing is not None:  # until a write succeeds again
                return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, f"storage_full: {self.store.failing}\n")
            if self.handover is not None and self.handover.absent:  # --workers: ok once all of them serve
                down = ", ".join(str(index) for index in sorted(self.handover.absent))
                return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, f"workers_starting: {down}\n")
            return connection.respond(http.HTTPStatus.OK, "ok\n")
        if url.path.startswith("/admin/"):
            given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
            if self.admin_key is None or not hmac.compare_digest(given.encode(), self.admin_key.encode()):
                return connection.respond(http.HTTPStatus.UNAUTHORIZED, "A valid admin key is needed.\n")
            return await self._admin(connection, request, url.path, parse_qs(url.query))
        page, _, path = url.path.strip("/").partition("/")
        if page in PAGES:
            return _page_file(connection, page, path.strip("/") or "index.html")
        if page == "web":
            return _kit_file(connection, path)
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found. Connect with a websocket.\n")


    async def _admin(self, connection: ServerConnection, request: Request, path: str, query: dict) -> Response:
        """The games page's requests (`admin.py`), the admin key checked."""
        if path in ADMIN_CHANGES and request.method != "POST":
            sentence = f"{path} changes the server: send it as a POST, not a {request.method}.\n"
            response = connection.respond(http.HTTPStatus.METHOD_NOT_ALLOWED, sentence)
            response.headers["Allow"] = "POST"
            return response
        try:
            if path == "/admin/new":
                scenario = query.get("scenario", ["b11"])[0]
                name = admin.game_name(query.get("name", [""])[0])  # refused here, before the bus
                created = await self.create_game(scenario, parse_options(query.get("option", [])), name)
                base = admin.base_url(self.public_url, request, self.behind_proxy)
                return _json(connection, admin.with_links(created, base))
            if path == "/admin/scenarios":
                return _json(connection, {"scenarios": admin.scenarios()})
            if path == "/admin/games":
                return _json(connection, {"games": await admin.games(self.host, bool(query.get("archived")))})
            if path == "/admin/reissue":
                base = admin.base_url(self.public_url, request, self.behind_proxy)
                game, seat = query.get("game", [""])[0], query.get("seat", [""])[0]
                return _json(connection, await admin.reissue(self.host, game, seat, base))
            if path == "/admin/archive":
                refused = await admin.archive(self.host, query.get("game", [""])[0])
                if refused:
                    return connection.respond(http.HTTPStatus.CONFLICT, f"{refused}\n")
                return _json(connection, {"archived": query["game"][0]})
            if path == "/admin/rename":
                if self.host is None:
                    raise admin.NotHere
                await self.host.rename(query.get("game", [""])[0], query.get("name", [""])[0])
                return _json(connection, {"renamed": query["game"][0]})
        except ServerFault as fault:  # the store could not keep it: not the asker's fault
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, f"{fault.sentence}\n")
        except (Refused, ValueError) as refusal:
            sentence = getattr(refusal, "sentence", str(refusal))
            return connection.respond(http.HTTPStatus.BAD_REQUEST, f"{wire.without_echoes(sentence, query)}\n")
        except LookupError as error:
            return connection.respond(http.HTTPStatus.NOT_FOUND, f"{wire.without_echoes(error.args[0], query)}\n")
        except Unavailable as error:
            return connection.respond(http.HTTPStatus.SERVICE_UNAVAILABLE, f"No game host answered: {error}\n")
        except admin.NotHere:
            return connection.respond(
                http.HTTPStatus.NOT_IMPLEMENTED, "This process holds no games: ask a game host's own address.\n")
        return connection.respond(http.HTTPStatus.NOT_FOUND, "No such admin request.\n")


def _json(connection: ServerConnection, value: object) -> Response:
    response = connection.respond(http.HTTPStatus.OK, json.dumps(value) + "\n")
    del response.headers["Content-Type"]
    response.headers["Content-Type"] = "application/json"
    response.headers["Cache-Control"] = "no-store"  # tokens: never kept by a cache on the way
    return response


def quiet_garbage_collector() -> None:
    """The collector policy of a process that serves for good, once start-up (and recovery) is done.

    Everything alive now (modules, rules data, recovered games) lives as long as the process:
    `gc.freeze` takes it out of every later collection. And the collector runs less often: most of
    the server's garbage is freed by reference counting, and under load the default thresholds ran
    a full collection over every game's state every few seconds, each a pause of 100 ms and more at
    a few hundred games, which every seat's next message waited behind. The youngest generation is
    collected every 100,000 objects, not 10,000: a game's state lives a turn (a second, for a seat
    ordering once a second), and at 10,000 every state was still alive at the next collection, so
    each was examined and moved on before it died; at 100,000 most die first. It cut the host's CPU
    a turn by a fifth at 1,000 b11 seats (`python -m fogbank.bench.versus`, README).
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 20, 20)


def _page_file(connection: ServerConnection, page: str, path: str) -> Response:
    """One of a page's files: the page's own (`app.js`) or a ruleset's module for that page
    (`rulesets/dardanelles/module.js`, from that ruleset's package folder `console/` for the
    umpire, `client/` for a seat). Plain file names in known folders only: nothing else can be
    reached."""
    own, module_folder = PAGES[page]
    parts = path.split("/")
    folders = [own]
    if len(parts) == 3 and parts[0] == "rulesets":
        folder = _ruleset_folder(parts[1], module_folder) if module_folder else None
        # A ruleset with no module for this page gets an empty one: the page's defaults play it.
        bare = [WEB / "bare"] if folder is not None and parts[2] == "module.js" else []
        folders = [folder, *bare]
        parts = parts[2:]
    return _static(connection, folders, parts)


def _kit_file(connection: ServerConnection, path: str) -> Response:
    """One of the page kit's files (`dom.js`, `maps/hexes.js`): fogbank/web/ and its maps/; or a
    ruleset's own kit (`rulesets/salvo/draw.js`), what its console and seat modules share, from
    that ruleset's package folder `web/`, so neither imports the other page's URLs."""
    parts = path.split("/")
    folders: list[Traversable | None] = [WEB]
    if len(parts) == 2 and parts[0] in WEB_FOLDERS:
        folders = [WEB / parts[0]]
        parts = parts[1:]
    elif len(parts) == 3 and parts[0] == "rulesets":
        folders = [_ruleset_folder(parts[1], "web")]
        parts = parts[2:]
    return _static(connection, folders, parts)


def _static(connection: ServerConnection, folders: list[Traversable | None], parts: list[str]) -> Response:
    """The file named by `parts` (one plain name, or it is not found) from the first of `folders`
    that has it, with the pages' headers."""
    name = parts[-1]
    suffix = "." + name.rpartition(".")[2]
    plain = len(parts) == 1 and "\\" not in name and not name.startswith(".") and suffix in CONSOLE_TYPES
    text = None
    for folder in folders if plain else ():
        if folder is None:
            continue
        try:
            text = (folder / name).read_text(encoding="utf-8")
            break
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            continue
    if text is None:
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found.\n")
    response = connection.respond(http.HTTPStatus.OK, text)
    del response.headers["Content-Type"]
    response.headers["Content-Type"] = f"{CONSOLE_TYPES[suffix]}; charset=utf-8"
    for header, value in CONSOLE_HEADERS.items():
        response.headers[header] = value
    return response


def _ruleset_folder(name: str, folder: str) -> Traversable | None:
    """A ruleset's folder for a page's module or its own kit (its package's `console/`, `client/` or `web/`), or None
    for no such ruleset."""
    try:
        ruleset = find_ruleset(name)
    except LookupError:
        return None
    return importlib.resources.files(type(ruleset).__module__.rpartition(".")[0]) / folder


def _admin_key(data: Path) -> str:
    path = data / ADMIN_KEY_FILE
    if not path.exists():
        private_file(path)  # 0600 before the key is written into it
        path.write_text(secrets.token_urlsafe(24) + "\n")
    return path.read_text().strip()


def _host_id(data: Path | None) -> str | None:
    """This host's id on the bus, made on first start in DATA/host.id."""
    if data is None:
        return None
    path = Path(data) / HOST_ID_FILE
    if not path.exists():
        path.write_text(f"h{secrets.token_hex(4)}\n")
    return path.read_text().strip()


def parse_options(given: list[str]) -> dict:
    """Game options as `name=value` (from `?option=...` or `fogbank new --option`); a value that
    reads as JSON (a number, true, false) is taken as such, anything else as text."""
    options = {}
    for item in given:
        name, equals, value = item.partition("=")
        if not equals or not name.strip():
            raise ValueError(f"An option is name=value, not {item!r}.")
        try:
            options[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[name.strip()] = value
    return options
