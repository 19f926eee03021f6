"""How a command starts this terminal client on a seat (the ruleset's `terminal_client` names
this module): `fogbank play` on its embedded server's game, `fogbank sub` on a running server."""

from __future__ import annotations

from pathlib import Path

from .app import Connect, SubApp


async def play_seat(connect: Connect, *, log_folder: Path, umpire_note: str | None = None) -> None:
    """Play the seat `connect(last_seq)` joins, at this terminal, until the player quits.

    `log_folder` is where the game's record is saved when it ends (its path is printed as the
    client closes) and the player's pencil marks are kept; `umpire_note` is shown to the
    player beside the game (the umpire console's address, when the server is this process's)."""
    app = SubApp(connect, log_folder=log_folder, umpire_note=umpire_note)
    await app.run_async()
    if app.record_path is not None:
        print(f"The game's record: {app.record_path}  (check it: fogbank verify {app.record_path})")
