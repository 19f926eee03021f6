"""A club's River Plate over "days", in Chromium: the way a club plays by correspondence.

Four players, a seat a ship, each in a browser of their own (a Playwright context whose storage is
kept between evenings, as a browser keeps its localStorage). On the first evening each opens the
link the umpire sent and sets where their nudges go from the seat page (a webhook each, on a local
listener). Every turn after that is an evening: the player's browser was closed, they open `/play`
in a new tab, enter the game from "Your games" with one click, press Send while orders are due,
and close the browser when the turn is done. Every fourth turn Achilles is late: the others send
what they can and leave, the deadline draws near (the deadlines' clock is this script's, moved on),
Achilles is reminded, comes, and the others come back for the rest of the turn.

Counted: the nudges each listener got, by kind (the chat's, and each player's own) against the
bound the club asked for (at most turns x seats "your turn" plus the reminders, and the result),
the Sends each player pressed a turn, and screenshots at 1440x900, 1024x768 and 390x844 (one
player each) at the second turn and at the end. Prints one JSON line; needs Chromium
(`--chromium`, by default Debian's) and Playwright.

    python -m fogbank.bench.club_days [--turns N] [--shots DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

SEATS = ("graf_spee", "exeter", "ajax", "achilles")
SIZES = {"graf_spee": (1440, 900), "exeter": (1024, 768), "ajax": (390, 844), "achilles": (1440, 900)}
LATE = "achilles"  # late every fourth turn: reminded before the deadline
DAY = 86_400  # each phase's orders may take a day
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]


class Listener:
    """Webhooks on 127.0.0.1: every JSON body posted, by the path it was posted to."""

    def __init__(self) -> None:
        self.posts: list[tuple[str, dict]] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802  (http.server's name)
                body = self.rfile.read(int(self.headers["Content-Length"]))
                listener.posts.append((self.path, json.loads(body)))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.http.server_port}/{name}"

    def counted(self) -> dict[str, dict[str, int]]:
        counts: dict[str, Counter] = {}
        for path, body in self.posts:
            counts.setdefault(path.strip("/"), Counter())[body["fogbank"]["event"]] += 1
        return {name: dict(sorted(c.items())) for name, c in sorted(counts.items())}


class Clock:
    def __init__(self) -> None:
        self.at = time.time()

    def __call__(self) -> float:
        return self.at


class Club:
    def __init__(self, server: Any, browser: Any, links: dict[str, str], shots: Path | None) -> None:
        self.server, self.browser, self.links, self.shots = server, browser, links, shots
        self.base = f"http://127.0.0.1:{server.port}"
        self.kept: dict[str, Any] = {}  # seat -> its browser's storage, kept between evenings
        self.sends: dict[int, Counter] = {}  # turn -> seat -> Sends pressed
        self.errors: list[str] = []
        self.refused: list[str] = []  # Sends refused, each with the page's words
        self.game = links["game"]

    async def evening(self, seat: str, *, first: bool = False, leave_when_waiting: bool = False,
                      shot: str | None = None) -> None:
        """One sitting: the browser opened, the seat entered, orders sent while due this turn."""
        width, height = SIZES[seat]
        context = await self.browser.new_context(viewport={"width": width, "height": height},
                                                 storage_state=self.kept.get(seat), bypass_csp=True)
        page = await context.new_page()
        page.on("pageerror", lambda error: self.errors.append(f"{seat}: {error}"))
        page.set_default_timeout(60_000)
        try:
            if first:
                await page.goto(self.links[seat])
            else:  # back from a new tab: /play lists the game, entered with one click
                await page.goto(f"{self.base}/play")
                await page.locator(f'#yours .your-game[data-game="{self.game}"] button[data-enter]').click()
            await page.wait_for_selector('#connection[data-state="connected"]')
            if first:
                await self.nudge_me(page, seat)
            turn = await page.evaluate("window.fogbankSeat.seat.turn")
            while True:
                duty = await page.get_attribute("#duty", "data-duty")
                if duty == "over" or await page.evaluate("window.fogbankSeat.seat.turn") != turn:
                    break
                if duty == "act" and not await page.locator("#send-order").is_visible():
                    # the page is between two states (the game just ended, say): wait for it to settle
                    await page.wait_for_function("document.getElementById('duty').dataset.duty !== 'act'"
                                                 " || document.getElementById('send-order').checkVisibility()")
                    continue
                if duty == "act":
                    phase = await page.evaluate("window.fogbankSeat.seat.phase")
                    try:
                        await page.click("#send-order", timeout=10_000)
                    except Exception:  # the pad went as the click came (the game ended): look again
                        continue
                    self.sends.setdefault(turn, Counter())[seat] += 1
                    try:  # taken (the last order of a phase opens the next at once: due again), or refused
                        await page.wait_for_function(
                            "([turn, phase]) => { const s = window.fogbankSeat.seat;"
                            " return s.turn !== turn || s.phase !== phase || s.orderIn"
                            " || !document.getElementById('refusal').hidden; }", arg=[turn, phase])
                    except Exception:
                        await page.screenshot(path=f"/tmp/clubdays/stuck-{seat}.png")
                        raise RuntimeError(f"{seat}: the Send did not go ({await page.inner_text('#duty')})") from None
                    if await page.is_visible("#refusal"):  # a phase that moved on as the Send went: said so
                        self.refused.append(f"{seat}, turn {turn}: {await page.inner_text('#refusal')}")
                        if len(self.refused) > 5:
                            raise RuntimeError(f"orders refused: {self.refused}")
                    continue
                if leave_when_waiting:
                    break
                try:
                    await page.wait_for_function(
                        "([turn]) => window.fogbankSeat.seat.turn !== turn || ['act', 'over']"
                        ".includes(document.getElementById('duty').dataset.duty)", arg=[turn], timeout=180_000)
                except Exception:
                    game = self.server.host.rooms[self.game].game
                    await page.screenshot(path=f"/tmp/club-days-stuck-{seat}.png")
                    raise RuntimeError(f"{seat} waited 3 minutes at turn {turn} ({await page.inner_text('#duty')});"
                                       f" the game is at {game.state.turn} {game.state.phase}, {game.cycle},"
                                       f" waiting for {sorted(game.waiting_for())}") from None
            if shot and self.shots:
                await page.screenshot(path=str(self.shots / f"club-days-{shot}-{seat}-{width}x{height}.png"))
            self.kept[seat] = await context.storage_state()
        finally:
            await context.close()

    async def nudge_me(self, page: Any, seat: str) -> None:
        await page.click("#nudge-panel summary")
        await page.fill("#nudge-to", self.links["listener"](seat))
        await page.click("#nudge-save")
        await page.wait_for_selector("#nudge-state:text('· on')")


async def play(args: argparse.Namespace) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from fogbank import protocols as wire
    from fogbank.server.app import Server

    listener, clock = Listener(), Clock()
    with tempfile.TemporaryDirectory() as data:
        server = await Server.start(port=0, data=Path(data), clock=clock, allow_private_nudges=True)
        try:
            created = await server.create_game("river_plate", name="Tuesday club")
            room = server.host.rooms[created["game"]]
            base = f"http://127.0.0.1:{server.port}"
            # The umpire's settings, as the console's "Deadlines, spectators and nudges" gives them.
            await server.host.umpire(room, "umpire", wire.SetNudges(ref=1, webhook=listener.url("chat")))
            await server.host.umpire(room, "umpire", wire.SetDeadlines(ref=2, every=DAY))
            links = {seat: f"{base}/play#token={token}" for seat, token in created["seats"].items()}
            links.update(game=created["game"], listener=listener.url)
            started = time.monotonic()
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=args.chromium, args=CHROMIUM_ARGS)
                club = Club(server, browser, links, args.shots)
                await asyncio.gather(*(club.evening(seat, first=True) for seat in SEATS))
                while not room.game.state.ended and room.game.state.turn <= args.turns:
                    turn = room.game.state.turn
                    print(f"turn {turn}", file=sys.stderr, flush=True)
                    shot = "turn2" if turn == 2 else None
                    if turn % 4 == 0:  # Achilles is late: the others send what they can and leave
                        await asyncio.gather(*(club.evening(s, leave_when_waiting=True) for s in SEATS if s != LATE))
                        clock.at = server.host.deadlines.due[room.id].at - 1800  # within the last hour
                        server.host.deadlines.wake()
                    await asyncio.gather(*(club.evening(s, shot=shot) for s in SEATS))
                if room.game.state.ended:
                    await asyncio.gather(*(club.evening(s, shot="end") for s in SEATS))
                await browser.close()
            await asyncio.sleep(1.0)  # the last nudges' way to the listener
            state = room.game.state
            turns = state.turn if not state.ended else state.turn
            per_turn = [sum(c.values()) / len(SEATS) for _, c in sorted(club.sends.items())]
            counted = listener.counted()
            reminders = sum(c.get("deadline_near", 0) for name, c in counted.items() if name != "chat")
            your_turn = sum(c.get("your_turn", 0) for name, c in counted.items() if name != "chat")
            return {
                "turns": turns,
                "ended": state.ended,
                "result": state.outcome.reason if state.outcome else None,
                "seconds": round(time.monotonic() - started, 1),
                "sends_per_player_per_turn": round(statistics.fmean(per_turn), 2) if per_turn else 0,
                "sends_by_seat": dict(sum(club.sends.values(), Counter())),
                "nudges": counted,
                "your_turn": your_turn,
                "reminders": reminders,
                "bound": f"{your_turn} + {reminders} <= {turns} x {len(SEATS)} + {reminders}",
                "within_bound": your_turn <= turns * len(SEATS),
                "page_errors": club.errors,
                "refused": club.refused,
            }
        finally:
            await server.close()
            listener.http.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m fogbank.bench.club_days", description=__doc__.split("\n\n")[0])
    parser.add_argument("--turns", type=int, default=30, help="stop after this turn if the game has not ended")
    parser.add_argument("--shots", type=Path, default=None, help="a folder for the screenshots")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args(argv)
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    print(json.dumps(asyncio.run(play(args))), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
