"""Salvo's built-in players. The standard captain (`captain.py`) steers each ship by its scenario
and side's plan (`plans.py`: break through the Narrows, hold the forts, the night action, the
chase and the run for home), choosing among every end a legal path reaches (`helm.py`); it fires
every gun the rules' own checks allow (`checks.py`) at the best target; it uses each rule the
scenario offers from its seat's view alone, varying its choices with its own luck. The named
policies (`policies.py`) are the plans a clever player might try instead, kept so each stays
measured by the arena.
"""

from . import policies
from .captain import Captain

__all__ = ["Captain", "policies"]
