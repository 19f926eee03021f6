"""The River Plate's built-in players: the standard captain (`captain.py`) and the named plans a
player might follow instead (`policies.py`, registered with the arena as they are imported)."""

from . import policies
from .captain import Captain

__all__ = ["Captain", "policies"]
