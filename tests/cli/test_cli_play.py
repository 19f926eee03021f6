"""`fogbank play` keeps the game it made, so a player who quits can come back to it."""

import stat
import subprocess
import sys

from fogbank.cli.play import LAST_GAME, come_back_words, load_last_game, save_last_game

CREATED = {"game": "g-1", "scenario": "b11", "commitment": "c" * 64, "umpire_token": "U" * 32,
           "spectator_token": "S" * 32, "seats": {"submarine": "T" * 32}}  # fmt: skip


def test_the_last_game_is_kept_for_its_owner_only(tmp_path):
    (tmp_path / LAST_GAME).write_text("{}")
    (tmp_path / LAST_GAME).chmod(0o644)  # an older file, readable by all: it is closed up again
    path = save_last_game(tmp_path, CREATED)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert load_last_game(tmp_path) == CREATED


def test_no_last_game_is_none(tmp_path):
    assert load_last_game(tmp_path) is None
    (tmp_path / LAST_GAME).write_text("not json")
    assert load_last_game(tmp_path) is None


def test_the_way_back_names_both_routes_with_the_seat_token(tmp_path):
    words = come_back_words(tmp_path / "my data", "127.0.0.1", 9000, CREATED)
    assert f"fogbank play --resume --data '{tmp_path / 'my data'}'" in words
    assert f"fogbank serve --data '{tmp_path / 'my data'}' --host 127.0.0.1 --port 9000" in words
    assert f"fogbank sub --server ws://127.0.0.1:9000/ --token {'T' * 32}" in words


def test_resume_with_nothing_to_resume_says_so(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "fogbank.cli.main", "play", "--resume", "--data", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 2
    assert "no game to resume" in run.stderr and "fogbank play" in run.stderr
