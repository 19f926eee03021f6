"""The built-in admirals by name: each plays from its own seat's views only, never has an order
refused, and the arena's measures (rules offered and used, the tally) read the game as it went."""

from __future__ import annotations

import pytest

from fogbank.rules import core
from fogbank.rules.core import players
from fogbank.rules.core.plain import to_plain
from fogbank.rules.record import arena
from fogbank.rules.record.simulate import game_seed, seat_players

from .table import RULES, SEA

CENTRAL = sorted(players.policies("greatwar", "black_sea", "central"))
RUSSIA = sorted(players.policies("greatwar", "black_sea", "russia"))


def test_the_named_plans_are_there_for_each_side():
    assert {"standard", "escort_everything", "bombard_bases", "raid_the_coast", "fleet_in_being", "seek_battle"} <= set(CENTRAL)
    assert {"standard", "bombard_bases", "blockade_the_bosporus", "raid_the_coast", "fleet_in_being", "seek_battle"} <= set(RUSSIA)
    assert "escort_everything" not in RUSSIA and "blockade_the_bosporus" not in CENTRAL


def _refusals(policies: dict, options: dict, games: int) -> list[tuple[str, str]]:
    """Every order the seats' players give over whole games, checked as the server checks it."""
    refused = []
    for number in range(games):
        game = core.start(RULES, "black_sea", game_seed("players", number), options)
        bots = seat_players(game, policies)
        while not game.state.ended:
            if RULES.engagements(game.state):  # a hex battle: settled at no loss
                name = min(RULES.engagements(game.state))
                game = core.settle(game, name, {"ships": [], "left": [], "summary": "Both sides drew off."}).game
                continue
            seat = sorted(game.waiting_for())[0]
            payload = bots[seat].order(to_plain(RULES.observe(game.state, seat)))
            try:
                order = RULES.parse_order(seat, payload)
                RULES.check_order(game.state, seat, order)
            except core.Refused as refusal:
                refused.append((seat, refusal.sentence))
                order = RULES.standing_order(game.state, seat)
            game = core.submit(game, seat, order).game
    return refused


@pytest.mark.parametrize("central, russia", [*(("standard", r) for r in RUSSIA), *((c, "standard") for c in CENTRAL)])
def test_no_plan_ever_gives_an_order_the_rules_refuse(central, russia):
    assert not _refusals({"central": central, "russia": russia}, {}, games=3)


def test_the_standard_players_orders_stand_with_hex_battles_too():
    assert not _refusals({}, {"battles": "hex"}, games=3)


def test_a_player_is_handed_its_own_seats_views_and_nothing_else(monkeypatch):
    """A spy around every seat's standard player: each view it is handed is one the rules made
    for its own seat (the Seating itself is checked by the arena's own test)."""
    real = type(RULES).observe
    made: dict[str, list] = {}

    def observe(self, state, seat, since=None):
        view = real(self, state, seat, since)
        made.setdefault(seat, []).append(to_plain(view))
        return view

    handed: dict[str, list] = {}

    class Spy:
        def __init__(self, seating):
            self.seat, self.inner = seating.seat, players.policies("greatwar", "black_sea")["standard"].make(seating)

        def order(self, view):
            handed.setdefault(self.seat, []).append(view)
            return self.inner.order(view)

        def standing(self, view):
            return self.inner.standing(view)

    monkeypatch.setattr(type(RULES), "observe", observe)
    players.policy("greatwar", "spy", "Watches what it is handed.")(Spy)
    try:
        arena.play("black_sea", "spy", 0, policies={"central": "spy", "russia": "spy"}, max_turns=4)
    finally:
        players._POLICIES.pop(("greatwar", "spy"))
    assert set(handed) == {name for name, _, _ in SEA.seats}
    for seat, views in handed.items():
        assert all(view["seat"] == seat and view in made[seat] for view in views)


def test_the_rules_offered_follow_the_battles_option():
    board = RULES.rules_offered("black_sea", {"battles": "board"})
    hexes = RULES.rules_offered("black_sea", {"battles": "hex"})
    assert {"raid", "bombard", "escort", "transport", "lay_mines", "smoke", "break_off", "keep_off", "torpedoes"} <= set(board)
    assert "smoke" not in hexes and "raid" in hexes


def test_rule_use_is_counted_from_the_log_and_the_tally_is_the_truths():
    records = []
    played = arena.play("black_sea", "measures", 1, log=records.append)
    counted = {}
    for record in records:
        if record["type"] in ("input", "event"):
            for key in RULES.rules_used(record):
                counted[key] = counted.get(key, 0) + 1
    offered = RULES.rules_offered("black_sea", {"battles": "board"})
    assert played.rules == {k: v for k, v in sorted(counted.items()) if k in offered}
    assert played.rules.get("raid") and played.rules.get("transport")
    end = records[-1]
    assert end["type"] == "end" and played.points == {side: float(v) for side, v in _points(end["reason"]).items()}


def _points(reason: str) -> dict[str, int]:
    """The points in the end's words ("Victory points: Central Powers 12, Russia 9.")."""
    words = reason.split("Victory points: ")[1].rstrip(".")
    titles = {v["title"]: side for side, v in SEA.sides.items()}
    return {titles[part.rsplit(" ", 1)[0]]: int(part.rsplit(" ", 1)[1]) for part in words.split(", ")}
