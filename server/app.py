"""The embedded server: store, game host and websocket gateway in one process.

Besides websockets on `/`, it answers plain HTTP on the same port:
  GET /healthz                      "ok"
  GET /admin/new?scenario=b11       create a game; needs `Authorization: Bearer <admin key>`.
                                    The admin key is made on first start in DIR/admin.key.
"""

from __future__ import annotations

import hmac
import http
import json
import logging
import secrets
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from websockets.asyncio.server import Server as WebsocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.http11 import Request, Response

from fogbank import protocols as wire
from fogbank.server.store import Store

from .gateway import Connection
from .host import Host

log = logging.getLogger("fogbank.server")
ADMIN_KEY_FILE = "admin.key"


class Server:
    def __init__(self, store: Store, host: Host, admin_key: str) -> None:
        self.store = store
        self.host = host
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
        await Connection(websocket, self.host).serve()

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
        return connection.respond(http.HTTPStatus.NOT_FOUND, "Not found. Connect with a websocket.\n")


def _admin_key(data: Path) -> str:
    path = data / ADMIN_KEY_FILE
    if not path.exists():
        path.write_text(secrets.token_urlsafe(24) + "\n")
        path.chmod(0o600)
    return path.read_text().strip()
