"""The embedded server: store, game host and websocket gateway in one process.

Besides websockets on `/`, it answers plain HTTP on the same port:
  GET /healthz                      "ok"
  GET /admin/new?scenario=b11       create a game; needs `Authorization: Bearer <admin key>`.
                                    The admin key is made on first start in DIR/admin.key.
  GET /umpire#token=...             the umpire's console: static HTML, CSS and JS modules from
                                    server/console/, speaking `fogbank.v1.json` back to `/`.
"""

from __future__ import annotations

import hmac
import http
import importlib.resources
import json
import logging
import secrets
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from fogbank import protocols as wire
from fogbank.server.store import Store
from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from .bus import LocalBus
from .gateway import Connection
from .host import Host

log = logging.getLogger("fogbank.server")
ADMIN_KEY_FILE = "admin.key"
CONSOLE = importlib.resources.files("fogbank.server") / "console"
CONSOLE_TYPES = {".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".svg": "image/svg+xml"}
# The console needs nothing from elsewhere: scripts, styles and the websocket are this origin's.
# Its token lives in the URL fragment and sessionStorage, so no referrer and no framing.
CONSOLE_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-cache",
}


class Server:
    def __init__(self, store: Store, host: Host, admin_key: str) -> None:
        self.store = store
        self.host = host
        self.bus = LocalBus(host)
        self.admin_key = admin_key
        self.websockets: WebsocketServer | None = None

    @classmethod
    async def start(cls, host: str = "127.0.0.1", port: int = 8765, data: Path = Path("fogbank-data")) -> "Server":
        data = Path(data)
        data.mkdir(parents=True, exist_ok=True)
        store = await Store.open(data)
        game_host = Host(store)
        recovered = await game_host.recover()
        if recovered:
            log.info("recovered %d unfinished games", recovered)
        server = cls(store, game_host, _admin_key(data))
        server.websockets = await serve(
            server._connection,
            host,
            port,
            subprotocols=list(wire.SUBPROTOCOLS),
            max_size=wire.MAX_FRAME,
            compression=None,  # compression is a side channel on message size, and costs CPU
            process_request=server._http,
            ping_interval=20,
            ping_timeout=20,
        )
        return server

    @property
    def port(self) -> int:
        return self.websockets.sockets[0].getsockname()[1]

    async def create_game(self, scenario: str) -> dict:
        return await self.host.create_game(scenario)

    async def close(self) -> None:
        if self.websockets is not None:
            self.websockets.close()
            await self.websockets.wait_closed()
        await self.store.close()

    async def serve_forever(self) -> None:
        await self.websockets.serve_forever()

    async def _connection(self, websocket: ServerConnection) -> None:
        await Connection(websocket, self.bus).serve()

    async def _http(self, connection: ServerConnection, request: Request) -> Response | None:
        if request.headers.get("Upgrade", "").lower() == "websocket":
            return None
        url = urlsplit(request.path)
        if url.path == "/healthz":
            return connection.respond(http.HTTPStatus.OK, "ok\n")
        if url.path == "/admin/new":
            given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
            if not hmac.compare_digest(given.encode(), self.admin_key.encode()):
                return connection.respond(http.HTTPStatus.UNAUTHORIZED, "A valid admin key is needed.\n")
            scenario = parse_qs(url.query).get("scenario", ["b11"])[0]
            try:
                created = await self.create_game(scenario)
            except LookupError as error:
                return connection.respond(http.HTTPStatus.NOT_FOUND, f"{error.args[0]}\n")
            response = connection.respond(http.HTTPStatus.OK, json.dumps(created) + "\n")
            response.headers["Content-Type"] = "application/json"
            return response
        if url.path in ("/umpire", "/umpire/") or url.path.startswith("/umpire/"):
            return _console_file(connection, url.path.removeprefix("/umpire").strip("/") or "index.html")
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found. Connect with a websocket.\n")


def _console_file(connection: ServerConnection, name: str) -> Response:
    """One of the console's files, by plain name only (no folders: nothing else can be reached)."""
    suffix = "." + name.rpartition(".")[2]
    if "/" in name or "\\" in name or name.startswith(".") or suffix not in CONSOLE_TYPES:
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found.\n")
    try:
        text = (CONSOLE / name).read_text(encoding="utf-8")
    except (FileNotFoundError, IsADirectoryError):
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found.\n")
    response = connection.respond(http.HTTPStatus.OK, text)
    del response.headers["Content-Type"]
    response.headers["Content-Type"] = f"{CONSOLE_TYPES[suffix]}; charset=utf-8"
    for header, value in CONSOLE_HEADERS.items():
        response.headers[header] = value
    return response


def _admin_key(data: Path) -> str:
    path = data / ADMIN_KEY_FILE
    if not path.exists():
        path.write_text(secrets.token_urlsafe(24) + "\n")
        path.chmod(0o600)
    return path.read_text().strip()
