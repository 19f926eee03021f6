"""`fogbank new` on a running `fogbank serve --public-url`: the JSON, then a line a seat with its
title, side and link on the public address, and the umpire's and spectators' links."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

from .test_cli import fogbank


def test_new_prints_each_seats_link_on_the_public_address(tmp_path):
    data = tmp_path / "data"
    server = subprocess.Popen(
        [sys.executable, "-m", "fogbank.cli.main", "serve", "--port", "0", "--data", str(data),
         "--public-url", "https://games.example.org/"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    try:
        first = server.stdout.readline()
        port = first.split("ws://127.0.0.1:")[1].split("/")[0]
        assert server.stdout.readline().strip() == "the umpire's games page: https://games.example.org/games (it asks for the admin key)"
        run = fogbank("new", "river_plate", "--server", f"ws://127.0.0.1:{port}/", "--data", str(data))
        assert run.returncode == 0, run.stderr
        lines = run.stdout.splitlines()
        created = json.loads(lines[0])
        tokens = created["seats"]
        assert lines[1:] == [
            f"Admiral Graf Spee (german): https://games.example.org/play#token={tokens['graf_spee']}",
            f"Ajax (british): https://games.example.org/play#token={tokens['ajax']}",
            f"Achilles (british): https://games.example.org/play#token={tokens['achilles']}",
            f"Exeter (british): https://games.example.org/play#token={tokens['exeter']}",
            f"umpire: https://games.example.org/umpire#token={created['umpire_token']}",
            f"spectators (once you open the game to them): https://games.example.org/umpire#token={created['spectator_token']}",
        ]
        # The games page's own address will do as well as the websocket's.
        only = fogbank("new", "b11", "--json", "--server", f"http://127.0.0.1:{port}", "--data", str(data))
        assert len(only.stdout.splitlines()) == 1 and json.loads(only.stdout)["links"]["seats"][0]["seat"] == "submarine"
        # A name, for the players' pages and nudges; one that is no name is refused in words.
        named = fogbank("new", "b11", "--json", "--name", "Club night: B11", "--server", f"ws://127.0.0.1:{port}/",
                        "--data", str(data))  # fmt: skip
        assert json.loads(named.stdout)["name"] == "Club night: B11"
        refused = fogbank("new", "b11", "--name", "x" * 61, "--server", f"ws://127.0.0.1:{port}/",
                          "--data", str(data))  # fmt: skip
        assert refused.returncode == 1 and "at most 60 characters" in refused.stderr
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(20)


def test_new_help_lists_every_scenario_with_its_seats_and_options():
    run = fogbank("new", "--help")
    assert run.returncode == 0, run.stderr
    text = " ".join(run.stdout.split())
    assert "--name NAME" in text
    for scenario in ("b11", "marmara", "gallipoli", "cape_esperance", "dogger_bank", "river_plate",
                     "black_sea"):  # fmt: skip
        assert f" {scenario} (" in text
    assert ("river_plate (supremacy): The River Plate, 13 December 1939"
            " seats: Admiral Graf Spee; Ajax; Achilles; Exeter") in text
    assert ("--option seats=ship|side (default ship):"
            " one seat per ship, or one per side commanding all its ships") in text
    assert "--option battles=board|hex (default board)" in text
