"""A ruleset's built-in player, playing a seat over the wire like any other client."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from fogbank.protocols import MSGPACK, GameOver, LinkMessage, Observation, Snapshot
from fogbank.rules.core import Bot, find_ruleset

from .client import Client, OrderRefused, TurnPassed


async def run_bot(url: str, token: str, *, codec: str = MSGPACK, **options: Any) -> dict[str, Any]:
    """Play the seat `token` opens to the end with its ruleset's bot; return how it went.

    The result: `outcome` (game_over's result), `turns` (turns resolved), `seed` (the revealed
    dice seed, hex), `commitment_ok` (the seed hashes to the welcome's commitment) and `reason`.
    A battle the seat's fleet fights in a game of its own (a `link`) is played there by the same
    kind of bot, beside this one. Other keyword arguments go to `Client.connect`.
    """
    battles: list[asyncio.Task] = []
    try:
        return await _play(url, token, codec, options, battles)
    finally:
        for battle in battles:
            battle.cancel()
        await asyncio.gather(*battles, return_exceptions=True)


async def _play(url: str, token: str, codec: str, options: dict[str, Any], battles: list[asyncio.Task]) -> dict[str, Any]:
    async with await Client.connect(url, token, codec=codec, **options) as client:
        welcome = client.welcome
        assert welcome is not None
        bot = find_ruleset(welcome.ruleset).bot(welcome.scenario, welcome.seat, welcome.chart)
        if bot is None:
            raise LookupError(f"the {welcome.ruleset} ruleset has no built-in player")
        first_turn = welcome.turn
        last_turn = first_turn
        followed: set[str] = set()  # linked games already given a bot

        def follow(game: str, token: str) -> None:
            if game not in followed:  # told again after a restart, or in a snapshot
                followed.add(game)
                battles.append(asyncio.create_task(run_bot(url, token, codec=codec, **options)))
        async for message in client.stream():
            if isinstance(message, (Snapshot, Observation)):
                last_turn = max(last_turn, message.turn)
                view = message.view
                for linked in view.get("linked", ()) if isinstance(message, Snapshot) else ():
                    follow(linked["game"], linked["token"])
                if message.must_act and view.get("outcome") is None:  # only when asked
                    await _order(client, bot, view, message.turn)
            elif isinstance(message, LinkMessage):
                follow(message.game, message.token)
            elif isinstance(message, GameOver):
                return {
                    "outcome": message.result,
                    "reason": message.reason,
                    "turns": last_turn - first_turn,
                    "seed": message.seed,
                    "commitment_ok": hashlib.sha256(bytes.fromhex(message.seed)).hexdigest()
                    == welcome.commitment,
                }
    raise ConnectionError("the stream ended before game_over")


async def _order(client: Client, bot: Bot, view: dict[str, Any], turn: int) -> None:
    try:
        await client.submit(bot.order(view), turn)
    except TurnPassed:
        return  # the observation of that turn is on its way
    except OrderRefused as refusal:
        if refusal.code in ("wrong_turn", "wrong_phase", "not_your_turn", "game_over"):
            return  # the game moved on without us (the umpire released or ended it)
        # The bot erred against the rules: stay where we are, as the standing order would.
        await client.submit(dict(bot.standing(view)), turn)
