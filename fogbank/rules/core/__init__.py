"""The pure rules core: game state, orders in, next state and events out, per-seat views.

No I/O lives here: no asyncio, sockets, files or clocks (a test enforces it). Shells around it
(the websocket server, the store, the simulator, the CLI) move bytes; the core decides.
"""

from .dice import Dice, Modifier, Roll, commitment, derive_faces, verify_roll
from .errors import Refused
from .events import UMPIRE, Event, GameEnded, Narrative, OverrideApplied
from .game import Game, Step, end, narrate, override, release, set_hold, start, submit
from .knowledge import Contact, Fidelity
from .phases import Phase
from .ruleset import Bot, Resolution, Ruleset, find_ruleset, find_scenario, register, rulesets
from .state import GameState, Outcome

__all__ = [
    "Bot",
    "Contact",
    "Dice",
    "Event",
    "Fidelity",
    "Game",
    "GameEnded",
    "GameState",
    "Modifier",
    "Narrative",
    "Outcome",
    "OverrideApplied",
    "Phase",
    "Refused",
    "Resolution",
    "Roll",
    "Ruleset",
    "Step",
    "UMPIRE",
    "commitment",
    "derive_faces",
    "end",
    "find_ruleset",
    "find_scenario",
    "narrate",
    "override",
    "register",
    "release",
    "rulesets",
    "set_hold",
    "start",
    "submit",
    "verify_roll",
]
