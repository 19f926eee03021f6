"""The debrief: the game's whole record, saved and read back once the game is over.

The record comes in `game_over.log` with the seed revealed. It is saved at once (readable by
the player only), checked as `fogbank verify` checks it, and replayed from its inputs to give
the truth the umpire held at the end: the boat's true track, the mines, the vessels.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterable

from fogbank.protocols import GameOver
from fogbank.rules.core import UMPIRE
from fogbank.rules.core.plain import to_plain
from ..tables import TABLES
from fogbank.rules.record.replay import apply_input, start
from fogbank.rules.record.schema import LaterVersion
from fogbank.rules.record.verify import Mismatch, read_log, verdict, verify_records
from rich.text import Text


def save_log(game_over: GameOver, path: Path) -> Path:
    """Write the game_over log as JSON lines, as `fogbank verify` reads it, readable by the owner only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    # Opened 0600 from the start: the record holds the seed and every hidden square.
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write("".join(json.dumps(record) + "\n" for record in game_over.log))
    os.chmod(path, 0o600)  # a file left by an earlier game keeps its mode otherwise
    return path


def check_log(path: Path) -> Text:
    """Run the verifier on a saved log; the verdict in plain words."""
    try:
        with path.open() as lines:
            records = read_log(lines)
        checked = verify_records(records)
    except Mismatch as mismatch:
        return Text(f"MISMATCH: {mismatch}", style="bold red")
    except LaterVersion as later:  # written by a newer fogbank: it cannot be checked here
        return Text(f"Cannot check it: {later}", style="bold red")
    except OSError as error:
        return Text(f"Cannot read {path}: {error.strerror}", style="bold red")
    return Text(f"Verified: {verdict(records, checked)}.", style="bold green")


def final_truth(log: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The umpire's view at the end, from replaying the log's inputs from its revealed seed;
    None when the log cannot be replayed (no header, no seed, an input refused)."""
    head = next((r for r in log if r.get("type") == "game"), None)
    end = next((r for r in log if r.get("type") == "end"), None)
    if head is None or end is None or not end.get("seed"):
        return None
    try:
        game = start(head, bytes.fromhex(end["seed"]))
        for record in (r for r in log if r.get("type") == "input"):
            game = apply_input(game, record).game
    except Exception:  # noqa: BLE001 - a log this client cannot replay: the debrief goes without
        return None
    return to_plain(game.ruleset.observe(game.state, UMPIRE))


def truth_words(truth: dict[str, Any]) -> Text:
    """The truth at the end in a few lines: where the boat was against the plot, the mines,
    and the vessels, each with the player's contacts that were it."""
    out = Text()
    boat = truth.get("boat") or {}
    plotted = (truth.get("plotted_track") or ["?"])[-1]
    out.append("\nWHAT WAS REALLY THERE\n", style="bold #ffd700")
    out.append(f"  The boat ended in {boat.get('square', '?')}; your plot had her in {plotted}.\n")
    mines = ", ".join(f"{square} ({rows})" for square, rows in (truth.get("minefields") or {}).items())
    out.append(f"  Mines (rows): {mines or 'none'}.\n")
    contacts: dict[int, list[int]] = {}  # vessel number -> the player's contacts of it
    for contact, vessel in sorted((int(c), v) for c, v in (truth.get("contact_vessels") or {}).items()):
        contacts.setdefault(vessel, []).append(contact)
    for vessel in truth.get("vessels", ()):
        out.append(f"  {_vessel_words(vessel)} in {vessel['square']}{', sunk' if vessel.get('sunk') else ''}")
        heard = contacts.get(vessel["number"])
        out.append(f" - your contact{'s' if len(heard) > 1 else ''} {', '.join(map(str, heard))}\n" if heard else "\n",
                   style="dim")  # fmt: skip
    return out


def _vessel_words(vessel: dict[str, Any]) -> str:
    kind = str(vessel.get("type", "vessel")).replace("_", " ")
    return f"{kind} {vessel['name']}" if vessel.get("name") else kind


def umpire_record(log: Iterable[dict[str, Any]], seat: str) -> Text:
    """The umpire's record turn by turn: every event in its words (those the seat was never told
    marked so), each roll with its dice, modifiers and outcome."""
    out = Text()
    turn = None
    for record in log:
        kind = record.get("type")
        if kind not in ("event", "roll"):
            continue
        if record.get("turn") != turn:
            turn = record.get("turn")
            out.append(f"\nTurn {turn}\n", style="bold #a0c8ff")
        if kind == "event":
            told = seat in record.get("audience", ())
            out.append("  " + record.get("text", record.get("kind", "")), style="" if told else "#c0a0ff")
            out.append("\n" if told else "  (not told to you)\n", style="dim")
        else:
            out.append(f"    {_roll_words(record)}\n", style="dim")
    return out


def last_hour(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events and rolls of the last turn anything happened in, and the end itself (logged
    in the turn after, when a turn's resolution ends the game): how the game ended."""
    told = [r for r in log if r.get("type") in ("event", "roll")]
    last = max((r.get("turn", 0) for r in told if r.get("kind") != "game_ended"), default=0)
    return [r for r in told if r.get("turn", 0) >= last]


# What each table's roll decides, and its words: "7 or less sinks" (the other outcomes follow).
DECIDES = {"minefield_surface": ("sunk", "sinks"), "minefield_submerged": ("sunk", "sinks"),
           "vision": ("seen", "sees it"), "hydrophone": ("heard", "hears it"), "observers_day": ("seen", "is seen"),
           "searchlight_night": ("found", "finds her"), "shore_battery": ("sunk", "sinks"),
           "torpedo": ("hit", "hits")}  # fmt: skip


def _roll_words(roll: dict[str, Any]) -> str:
    dice = "+".join(str(d) for d in roll.get("dice", ()))
    modifiers = "".join(f" {m['value']:+d} {m['reason']}" for m in roll.get("modifiers", ()))
    table = str(roll.get("table", "")).replace("_", " ")
    words = f"roll {roll.get('index')}: {table}: {dice}{modifiers} = {roll.get('total')}: {roll.get('outcome')}"
    return words + needed(roll)


def needed(roll: dict[str, Any]) -> str:
    """What the dice had to show, with this roll's modifiers: "; 7 or less sinks"; "" for a
    table this client does not know."""
    table, decides = TABLES.get(roll.get("table", "")), DECIDES.get(roll.get("table", ""))
    if table is None or decides is None:
        return ""
    outcome, verb = decides
    modifier = sum(m.get("value", 0) for m in roll.get("modifiers", ()))
    return f"; {table.needs(outcome, modifier)} {verb}"
