"""What a seat is told before the first turn: the scenario, its command, and how the game is played
and what can sink its ships, in words drawn from the scenario's own numbers (radar sets, mines,
visibility), so a newcomer can play without the rulebook open."""

from __future__ import annotations

from typing import Any

from fogbank.rules.core import GameState

from . import hexes, sensing, turn
from .scenario import Scenario, in_play
from .tables import RADARS, SEARCH_RADARS
from .units import SINKING_HITS

SIDE_NAMES = {"us": "the US", "japan": "Japan", "allied": "the Allies", "turkish": "the Turks", "britain": "Britain", "germany": "Germany"}


def briefing(state: GameState, scenario: Scenario, seat: str) -> dict[str, Any]:
    spec = scenario.seat(seat)
    start = scenario.visibility - 1 if scenario.random_events else scenario.visibility
    return {
        "title": scenario.title, "briefing": scenario.briefing, "turns": scenario.turns, "night": scenario.night,
        "visibility": start, "set_up_visibility": scenario.visibility, "wind": scenario.wind,
        "heavy_seas": scenario.heavy_seas, "cruising_speed": scenario.cruising_speed or None,
        "fog": state.options.get("fog", scenario.fog),
        "seat": seat, "side": spec.side if spec else None, "command": spec.title if spec else "the umpire",
        "mines_to_lay": spec.mines if spec else 0,
        "dummies": bool(spec and spec.side in scenario.dummies),
        "phases": list(turn.PHASES),
        "how": how_to_play(state, scenario, spec.side if spec else None),
    }


def how_to_play(state: GameState, scenario: Scenario, side: str | None) -> list[list[str]]:
    """[[what, words], ...]: the turn, and each rule that can sink a ship here, a paragraph each."""
    units = in_play(scenario, state.options)
    mine = [u for u in units if side is None or u.side == side]
    start = scenario.visibility - 1 if scenario.random_events else scenario.visibility
    minelayer = any(s.mines for s in scenario.seats)
    how = [
        ["A turn", "Phase One: at night the side at a disadvantage declares its starshells and searchlights first, "
                   "then the other side" + ("; on turn 1 the minelayer lays its secret mines" if minelayer else "")
                   + ". Movement: every side plots at once, a path of F (one hex ahead) and L or R (turn one hexside); a capital "
                   "ship may turn twice a move, a screen three times, each turn of one to three hexsides; a ship not plotted "
                   "holds course and speed (its speed marker: the hexes it moved last). Gunfire: pick a ship and a contact for "
                   "its main battery, secondary (5 hexes, never at a fort) and torpedoes; every shot is made together. "
                   "Damage control ends the turn."],
        ["Hits", f"A gun hit is W (weapons: each takes a third of the guns; three silence them and the radar), S (speed: "
                 f"each takes a third of the speed, rounded up; three leave a ship dead in the water) or X (she sinks); "
                 f"{SINKING_HITS} W and S in all sink her too. At damage control each ship tries once (a fort twice) to mend a "
                 f"hit taken this turn (1-2 on a die); hits not mended then are past repair. A ship at speed 1 or dead in "
                 f"the water is easy to hit (+2); one at speed 6 or more hard (-1); firing at full speed, after turning, "
                 f"or at a new target costs a ship's own fire a point each."],
        ["Sight", f"Visibility is {start} hexes now" + (f" (the scenario's set-up range {scenario.visibility} less one: "
                  "with random events it never rises above that)" if scenario.random_events else "")
                  + (". By night a ship lit by a starshell of your side, held in your searchlight, or holding a beam herself "
                     f"is seen from {sensing.ILLUMINATED} hexes" if scenario.night else "")
                  + ". Land blocks sight (a fort sees and fires over one land hex); so does a ship on the line beside the "
                  "firer or target, and a destroyer cannot fire over a capital ship. Each contact says how you sense it and "
                  "who may fire at it: a marker you have not detected cannot be fired at, nor can a contact seen by radar "
                  "alone except by a main battery aimed by its own fire-control radar."],
    ]
    if scenario.forts_triple_in_hex:
        words = ("A fort and a ship in a water hex beside it fire at each other at three times their attack "
                 "(Gallipoli rule 1's target in the same hex: the fort stands on the shore).")
        how.append(["Point-blank", words])
    if scenario.minefields or minelayer:
        how.append(["Mines", "Every mined hex a ship enters is rolled for: 1-2 on a die strikes, and a strike is S (2-4 on "
                             "two dice), WS (5-7) or X (8-12: she sinks). The fields printed on the map are on every chart"
                    + ("; the minelayer's secret hexes are known only to it and to the umpire" if minelayer else "")
                    + ". A mine you strike is marked on your map."])
    radar = _radar_words(mine)
    if radar:
        how.append(["Radar", radar])
    how.append(["Smoke", "Tick a ship's smoke card with your gunfire orders: every seat that sees her is told, and in the next "
                         "move she lays smoke in each hex she leaves but the last. No line of sight passes through smoke, "
                         "and a ship in smoke neither sees nor is seen"
                + (" (in heavy seas a die: 1 blocks, 2-3 blocks partly: 2 hexes less sight and -1 to fire)" if scenario.heavy_seas
                   else " (heavy seas, a game option, make it thin)")
                + ". It lifts as the turn ends."])
    if side in scenario.dummies:
        how.append(["Dummies", "Two dummy markers a turn, two in play at most: place one on a ship's hex and steam it on "
                               "another path, and as written the enemy cannot tell which marker was the ship. A dummy "
                               "detected is taken off; it suffers confusion as a ship does."])
    if scenario.zeppelins:
        how.append(["Zeppelins", "A die as the game opens says how many come out (1-4; 5-6 none). A zeppelin flies over land "
                                 "and smoke, drifts a hex downwind after moving, sees to the scenario's set-up range, lets its "
                                 "side's ships fire at what it sees at -3, and attacks a ship whose hex it passes over (1:2 on "
                                 "the CRT); it has no gun. Ships' main batteries fire at one within 2 hexes: an S or X brings it down."])
    if scenario.random_events:
        how.append(["Random events", "Rolled as each turn opens (seed 004): the fog lifts or thickens; fire control "
                                     "difficulties (-1 to a side's fire); confusion (a side's ships, dummies too, hold course "
                                     "and speed; a flagship afloat keeps order on 1-3); shields up; a torpedo attack (screens "
                                     "steam two hexes further); damage control (a ship mends a hit). Your reports say when one "
                                     "strikes your side."])
    victory = scenario.victory
    if victory.kind == "exit":
        how.append(["Victory", _exit_victory(scenario)])
    else:
        home = (f" {victory.side.capitalize()}'s ships may steam off the map through the marked edges, and are then safe."
                if victory.hexes else "")
        ties = (f" Level points are a victory for {SIDE_NAMES.get(victory.ties, victory.ties.capitalize())}."
                if victory.ties else " Level points are a draw.")
        if victory.ties and victory.margin > 1:
            other = next(s for s in scenario.sides if s != victory.ties)
            them, tied = SIDE_NAMES.get(other, other), SIDE_NAMES.get(victory.ties, victory.ties)
            ties = (f" {them[:1].upper()}{them[1:]} must score at least {victory.margin} points more than"
                    f" {tied} to win; short of that, {tied}"
                    " has done what it came to do and wins.")
        zeppelins = " (and zeppelins it destroys)" if scenario.zeppelins else ""
        how.append(["Victory", f"Each side scores the points of the enemy ships it sinks{zeppelins}." + home
                    + _bombardment(scenario) + ties])
    return how


READINGS = {  # a scenario's victory readings (the `victory` option) as a player reads them
    "as_written": "the seed's conditions as written",
    "one_hit": "as written, but a ship counts with one hit past repair at most",
    "turn_back": "as written, but the fleet turns back after four losses",
    "historical": "as the day was fought: one hit at most, and the fleet turns back after four losses",
}


def _exit_victory(scenario: Scenario) -> str:
    """The exit victory in words, as this game reads it (the `victory` option, where there is one)."""
    victory = scenario.victory
    hits = ("at most one hit in all (a W or an S)" if victory.max_permanent_hits == 1
            else f"at most {_count(victory.max_permanent_w)} W and {_count(victory.max_permanent_s)} S hit")
    lost = _count(victory.turned_back)
    back = (f" The fleet turns back, beaten, once it has lost {lost} ships (battleships and screens), "
            "whatever is still afloat." if victory.turned_back else
            " The fleet fights on whatever it loses, until its last ship or the last turn.")
    reading = READINGS.get(scenario.victory_reading, scenario.victory_reading.replace("_", " "))
    named = f" (this game's victory reading: {reading})"
    side, ships = victory.side.capitalize(), _count(victory.ships)
    return (f"The {side} side wins by taking {ships} ships off the map through the exit hexes within "
            f"{scenario.turns} turns, each with {hits} left past repair as the turn ends; the other side "
            "wins by stopping them." + back + (named if scenario.victory_reading else ""))


def _bombardment(scenario: Scenario) -> str:
    """A points scenario's shore target in words: who scores for shelling it, where from, how."""
    shelling, victory = scenario.victory.bombardment, scenario.victory
    if shelling is None:
        return ""
    side = SIDE_NAMES.get(shelling.side, shelling.side.capitalize())
    first, last = min(map(hexes.number, shelling.hexes)), max(map(hexes.number, shelling.hexes))
    points = "a point" if shelling.points == 1 else f"{shelling.points} points"
    hits = f"{_count(victory.max_permanent_w)} W and {_count(victory.max_permanent_s)} S hit"
    return (f" {side[:1].upper()}{side[1:]} scores {points} for each of its heavy ships (capital ships) that"
            f" ends a turn in the edge hexes {first} to {last} (the bombardment line on the chart), having steamed"
            f" {shelling.most_speed} hexes or less, with at most {hits} left past repair as the turn ends and her power on"
            f" (not the turn after an engineering hit): she is shelling {shelling.target}. The other side hears the"
            f" shells fall, not where they come from.")


def _count(n: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[n] if 0 <= n <= 6 else str(n)


def _radar_words(units) -> str:
    fire_control = sorted({u.radar for u in units if u.radar})
    search = sorted({u.search for u in units if u.search})
    if not fire_control and not search:
        return ""
    words = []
    for name in fire_control:
        set_ = RADARS[name]
        ships = ", ".join(u.name for u in units if u.radar == name)
        penalty = "-3 always" if set_.quality == "axis_low" else f"{'-2' if set_.quality == 'advanced' else '-3'} beyond {set_.spotting}"
        words.append(f"{name.replace('_', ' ').title()} fire control ({ships}): detects {set_.detection} hexes and aims the "
                     f"main battery beyond sight to {set_.gun} hexes ({penalty})")
    for name in search:
        ships = ", ".join(u.name for u in units if u.search == name)
        words.append(f"{SEARCH_RADARS[name].title} ({ships}): detects {SEARCH_RADARS[name].detection} hexes, aims nothing")
    return ("; ".join(words) + ". Radar sees through smoke and darkness, not through land; a 3W or a radar hit destroys "
            "every set aboard. Each ship's own sets, and any cut this turn, are listed with the ship.")
