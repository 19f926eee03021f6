"""A built-in bot submarine: plays from the player's view and chart only, like a person would.

It knows what a player knows: the coast, grid and place names of its own chart, the umpire's
notes (the stream runs toward the mouth at the surface and the other way below it, a boat at the
bottom only drifts but is safe among mines, a periscope in the defended reach is looked for), and its briefing
(where the Messudieh lies; for AE2, the reaches the battleship shifts between). It never sees the
tide, the mines or the vessels on the umpire's map.

How it sails:
- It keeps a set of squares it could be in, not just the plot (`reckoning.py`): each hour every
  candidate is moved as ordered, kept only if that move agrees with what the crew was told (ran
  into the shore after N of M squares, or not), then carried by the stream as its chart suggests
  (toward the mouth along the channel at the surface, the other way below: `pilot.py`). A
  sighting of the hunted vessel at its known anchorage fixes the position; lying against the bank
  (the crew feels it) keeps only the squares where the stream presses on the shore.
- It runs on the surface outside the defended reach (from below Kephez to above Nagara,
  `routes.py`), where nothing can harm a surfaced boat and the air and battery fill up. Inside it
  it lies at the bottom while the deep current carries it on (mines cannot sink it there and
  nobody looks for it); where the current does not help, or after a few hours of drifting it
  cannot feel, it goes on under power: on the surface by night (a mine line takes a surfaced boat
  one time in twelve, and six squares an hour soon takes it through), below by day only when the
  air will not last till dark (`submarine.py`).
- It steers one leg, or two where a dog-leg round a point gets it further in the hour (`_steer`),
  and reckons the hour's move by the legs it gave. By day, looking, out of the defended reach and
  unsure of its square, it takes a fix on a charted landmark: a fix puts it on the square, "no fix"
  rules out the squares a landmark would be seen from.
- It hunts at night if night is not too far off (`attack.py`): it waits on the surface below the
  defences, goes in to a square just upstream of the target (at the bottom, on the deep current: it
  looks once the current should have brought it there, or once it has lain two hours against the
  bank), comes up to periscope depth where the stream carries it next to the target, and fires
  every loaded tube at the first sighting within two squares, on the course the sighting's
  distance and compass point give; then it goes home the same way. When its chart says the
  quarry counts only before some hour and no dark falls between getting there and that hour
  (AE2: before 2200 on the day of the landings), it goes in at once and hunts by day.
"""

from .routes import ROUTES
from .submarine import BotSubmarine

__all__ = ["ROUTES", "BotSubmarine"]
