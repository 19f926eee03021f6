"""What the bot is told before it sails: its route, its quarry, and the places the notes name."""

from __future__ import annotations

# Where the bot steers, scenario by scenario (place names from the player's own chart), and the
# vessel type it hunts on the way. When it hunts, the first place is where the briefing says
# the quarry lies.
ROUTES: dict[str, tuple[list[str], str | None]] = {
    "b11": (["Sari Sighlar Bay", "Aegean Sea"], "battleship"),
    "marmara": (["Maidos", "Sea of Marmara"], "battleship"),
}
# Where the briefing says the quarry may lie, in the order a captain looks (the first is the
# route's): AE2's battleship shifts her anchorage from day to day, between the Narrows and above
# Nagara, or down in Sari Sighlar Bay; one look from above Maidos covers the first reach.
SEARCH: dict[str, list[str]] = {"marmara": ["Maidos", "Sari Sighlar Bay"]}

# A scenario with no route of its own: make for the open sea, hunting nothing.
NO_ROUTE: tuple[list[str], str | None] = (["Aegean Sea"], None)

# The defended reach, as the briefings describe it (both shores held from Kephez to Nagara),
# widened by a margin: where a boat at the surface or periscope depth is looked for and shot at.
DEFENDED_FROM, DEFENDED_TO, DEFENDED_MARGIN = "Kephez Point", "Nagara Point", 3
# The stream: the notes' limit of tidal effect is not on the player's chart; the bot assumes the
# Straits from the mouth up to Nagara, and is unsure about the squares at either end.
OPEN_SEA, STREAM_TOP, MOUTH = "Aegean Sea", "Nagara Point", "Cape Helles"
# Where the briefings put the mine lines: across the channel from off Kephez Point up to the Narrows.
MINES_FROM, MINES_TO = "Kephez Point", "The Narrows"
