"""Battles handed from one game to another in the same host: the linked game made, its seats
told, its result settled back.

When a game's rules hand a battle over (`Ruleset.engagements`), a game of the ruleset that fights
it (`core.host_for`) is created here with new tokens for the seats that fight; each of those seats
is sent its own token (`link`, never logged: tokens are not in any log), and the umpire's game list
shows the linked game with its umpire's console address. When the linked game ends, its result is
the parent's `settle` input, logged and published like any other. If the umpire settles the battle
himself (an override), a linked game still running is ended. Links are kept in the store, so a
restart resumes both games and the link between them; a link that could not be made is kept with
its error for the umpire, who settles the battle by override.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Awaitable, Callable

from fogbank import protocols as wire
from fogbank.errors import Declined
from fogbank.rules import core
from fogbank.rules.core import UMPIRE, Cycle, Refused
from fogbank.rules.core.engagement import ENGAGEMENT_OPTION, engagement_plain, result_plain
from fogbank.rules.record import inputs

from .store import Link

if TYPE_CHECKING:
    from .host import Host, Room

log = logging.getLogger("fogbank.engagements")


class Links:
    def __init__(self, host: Host) -> None:
        self.host = host
        self.by_parent: dict[str, dict[str, Link]] = {}  # parent -> engagement -> link
        self.by_child: dict[str, Link] = {}
        self._making: set[tuple[str, str]] = set()  # links being made (an await away from the store)
        # Told each linked game as it is made (the MQTT host gives its seats broker credentials).
        self.on_created: list[Callable[[dict[str, Any]], Awaitable[None]]] = []

    async def recover(self) -> None:
        """After the host rebuilt its games: the links again, each fighting seat told its token
        again, results that came in before a crash settled, and battles not yet linked linked."""
        for link in await self.host.store.links():
            self._keep(link)
        for link in [x for links in self.by_parent.values() for x in links.values() if x.status == "fighting"]:
            parent = self.host.rooms.get(link.parent)
            if parent is not None:
                self._tell(parent, link)
            if link.child is not None and link.child not in self.host.rooms:
                # It ended (and so was not recovered) before its result reached the parent.
                row = await self.host.store.game(link.child)
                room = None if row is None else await self.host.restore(row)
                if room is not None:
                    self.host.rooms[link.child] = room
        for room in list(self.host.rooms.values()):
            await self.after(room)

    async def after(self, room: Room) -> None:
        """What an accepted input of `room`'s game asks of the links: new battles to hand over, a
        linked game's end to settle, a battle settled by the umpire whose game must end."""
        game = room.game
        pending = game.ruleset.engagements(game.state) if game.cycle is not Cycle.ENDED else {}
        mine = self.by_parent.get(room.id, {})
        for name in sorted(pending.keys() - mine.keys()):
            await self._link(room, name, pending[name])
        for name, link in sorted(mine.items()):
            if link.status == "fighting" and name not in pending:  # settled by the umpire
                # Its game ends first, and the battle is settled once that end is on disk (the
                # end's own `after`, through `_give_back`, settles it): a battle is never settled
                # while its game plays on, and an end the store did not keep is tried again.
                await self._abandon(link)
                if self.by_parent[room.id][name].status == "fighting":  # its game was ended already
                    await self._settled(link)
        link = self.by_child.get(room.id)
        if link is None or link.status != "fighting":
            return
        if game.cycle is Cycle.ENDED:
            await self._give_back(link, room)

    def for_seat(self, parent: str, seat: str) -> list[dict[str, Any]]:
        """The battles `seat` of `parent` fights in linked games now, with its tokens there (a
        snapshot carries them, since a seat that joins afresh is not sent its stream's past)."""
        return [
            {"game": link.child, "token": link.tokens[seat], "engagement": name}
            for name, link in sorted(self.by_parent.get(parent, {}).items())
            if link.status == "fighting" and seat != UMPIRE and seat in link.tokens
        ]

    def listed(self, parent: str) -> list[dict[str, Any]]:
        """The umpire's game list entries for the games fighting `parent`'s battles."""
        found = []
        for name, link in sorted(self.by_parent.get(parent, {}).items()):
            entry: dict[str, Any] = {"game": link.child, "engagement": name, "link": link.status, "parent": parent}
            if link.child is not None:
                entry["umpire"] = f"/umpire#token={link.tokens[UMPIRE]}"
                child = self.host.rooms.get(link.child)
                if child is not None:
                    entry.update(ruleset=child.game.state.ruleset, turn=child.game.state.turn, phase=child.game.state.phase,
                                 cycle=child.game.cycle.value)
            if link.error:
                entry["error"] = dict(link.error)
            found.append(entry)
        return found

    async def _link(self, room: Room, name: str, engagement: core.Engagement) -> None:
        key = (room.id, name)
        if key in self._making:
            return
        self._making.add(key)
        try:
            try:
                ruleset = core.host_for(engagement, room.game.state.ruleset)
                created = await self.host.start_game(ruleset, "", {ENGAGEMENT_OPTION: engagement_plain(engagement)})
                for hook in self.on_created:
                    await hook(created)
            except Declined as refusal:  # no ruleset fights it, or the store could not keep the game
                link = Link(room.id, name, None, {}, "failed", {"code": refusal.code, "sentence": refusal.sentence})
            except Exception as error:  # the parent must never be lost to a failed link
                log.exception("game %s: the battle %s could not be linked", room.id, name)
                link = Link(room.id, name, None, {}, "failed", {
                    "code": "link_failed", "sentence": f"The battle's game could not be made ({type(error).__name__})."})
            else:
                tokens = {**created["seats"], UMPIRE: created["umpire_token"]}
                link = Link(room.id, name, created["game"], tokens, "fighting")
            await self.host.store.put_link(link)
            self._keep(link)
            if link.status == "fighting":
                self._tell(room, link)
                await self.after(self.host.rooms[link.child])
            else:
                log.warning("game %s: battle %s not linked: %s", room.id, name, link.error["sentence"])
        finally:
            self._making.discard(key)

    def _tell(self, room: Room, link: Link) -> None:
        """Each seat that fights gets its own token; nobody else hears of the linked game."""
        engagement = room.game.ruleset.engagements(room.game.state).get(link.engagement)
        where = engagement.zone if engagement is not None else link.engagement
        turn = room.game.state.turn
        for seat, token in sorted(link.tokens.items()):
            if seat in room.streams and seat in room.seats:
                text = f"Your fleet is in battle in {where}: fight it at /play#token={token}"
                room.streams[seat].push(lambda seq, token=token, text=text: wire.LinkMessage(
                    seq=seq, turn=turn, game=link.child, token=token, text=text))

    async def _give_back(self, link: Link, child: Room) -> None:
        """The linked game is over: its result is the parent's settle input."""
        parent = self.host.rooms.get(link.parent)
        if parent is None:
            return
        game = parent.tip  # the settle input is computed on every input taken
        if link.engagement not in game.ruleset.engagements(game.state):
            await self._settled(link)
            return
        result = child.game.ruleset.engagement_result(child.game.state)
        if result is None:  # a game that cannot say: the umpire settles it by override
            log.warning("game %s gave no result for %s's battle %s", link.child, link.parent, link.engagement)
            return
        settle = inputs.Settle.at(game, engagement=link.engagement, result=result_plain(result))
        try:
            step = settle.apply(game)
        except Refused as refusal:
            log.warning("game %s: the result of %s was refused: %s", link.parent, link.child, refusal.sentence)
            await self._replace(link, "failed", {"code": refusal.code, "sentence": refusal.sentence})
            return
        # No await between the settle and its acceptance: another input could change the parent.
        settled = self._mark(link, "settled", link.error)
        await self.host._accept(parent, step, settle)
        await self.host.store.put_link(settled)  # lost in a crash, it is found settled on recovery

    async def _abandon(self, link: Link) -> None:
        child = self.host.rooms.get(link.child or "")
        if child is None or child.tip.cycle is Cycle.ENDED:
            return
        end = inputs.End.at(child.tip, reason="The game this battle came from settled it (or ended) without it.")
        await self.host._accept(child, end.apply(child.tip), end)

    async def _settled(self, link: Link) -> None:
        await self._replace(link, "settled", link.error)

    async def _replace(self, link: Link, status: str, error: dict[str, str]) -> None:
        await self.host.store.put_link(self._mark(link, status, error))

    def _mark(self, link: Link, status: str, error: dict[str, str]) -> Link:
        changed = Link(link.parent, link.engagement, link.child, link.tokens, status, error)
        self._keep(changed)
        return changed

    def _keep(self, link: Link) -> None:
        self.by_parent.setdefault(link.parent, {})[link.engagement] = link
        if link.child is not None:
            self.by_child[link.child] = link
