"""Built-in admirals for the Great War seats: the standard player (`admiral`) and the named plans
a clever Souchon or Eberhardt would try (`policies`), each playing from its seat's chart and views
alone."""

from . import policies
from .admiral import Admiral

__all__ = ["Admiral", "policies"]
