"""The pure rules core: game state, orders in, next state and events out, per-seat views.

No I/O lives here: no asyncio, sockets, files or clocks (a test enforces it). Shells around it
(the websocket server, the store, the simulator, the CLI) move bytes; the core decides.
"""

from .dice import (
    ByFaces, Dice, KeyRolledTwice, Modifier, Roll, Roller, commitment, d66, derive_faces, hits, percentile,
    verify_roll,
)
from .engagement import EngagedShip, Engagement, EngagementResult, Party, ShipOutcome
from .errors import Refused
from .events import Amended, Answer, Event, GameEnded, Narrative, OverrideApplied, StandingOrderUsed, Talk, Told
from .game import (
    Game, Resolved, Step, amend, ask, check, deadline, end, has_nothing_to_order, narrate, override, pass_over,
    private_talk_to, release, set_hold, settle, start, submit, talk, waiting_told,
)
from .knowledge import Fidelity, Plot, Position, Sensor, Sighting, Track, capped
from .phases import Cycle, turns_played
from .ruleset import Bot, Option, Resolution, Ruleset, Tally, Waiting, find_ruleset, find_scenario, host_for, register, rulesets
from .seats import SPECTATOR, UMPIRE, Seat, check_seats, seat_map, sides
from .state import RESULTS, GameState, Outcome

__all__ = [
    "Amended", "Answer", "Bot", "ByFaces", "Cycle", "Dice", "EngagedShip", "Engagement", "EngagementResult",
    "Event", "Fidelity", "Party", "ShipOutcome", "settle", "host_for", "Game", "GameEnded",
    "GameState", "Modifier", "Narrative", "Option", "Outcome", "OverrideApplied", "StandingOrderUsed", "Plot", "Position",
    "RESULTS", "Refused", "Resolution", "Resolved", "Roll", "Ruleset", "SPECTATOR", "Seat", "Sensor",
    "Sighting", "private_talk_to", "Step", "Talk", "Told", "Track", "UMPIRE", "amend", "ask", "capped", "check", "check_seats",
    "commitment", "d66", "deadline", "derive_faces", "end", "find_ruleset", "find_scenario", "hits", "narrate",
    "override", "percentile", "register", "release", "rulesets", "seat_map", "set_hold", "sides", "start",
    "submit", "talk", "Tally", "turns_played", "verify_roll", "Waiting", "waiting_told", "has_nothing_to_order",
    "pass_over", "KeyRolledTwice", "Roller",
]
