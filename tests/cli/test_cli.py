"""`fogbank simulate` and `fogbank verify`, as a user runs them."""

import json
import subprocess
import sys

import pytest

from fogbank.rules.core import RESULTS


def fogbank(*args):
    return subprocess.run([sys.executable, "-m", "fogbank.cli.main", *args], capture_output=True, text=True)


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    logs = tmp_path_factory.mktemp("logs")
    run = fogbank("simulate", "dardanelles", "--seed", "S", "--games", "4", "--json", "--logs", str(logs))
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def test_simulate_prints_one_json_line_per_game(games):
    assert len(games) == 4
    for game in games:
        assert {"seed", "outcome", "turns", "log"} <= game.keys()
        assert game["outcome"] in RESULTS and game["turns"] >= 1  # graded: "marginal defeat" too


def test_a_log_is_readable_by_its_owner_alone(games, tmp_path):
    """It holds the seed and all hidden state: 0600, like the store, even over an older log."""
    import stat
    from pathlib import Path

    assert stat.S_IMODE(Path(games[0]["log"]).stat().st_mode) == 0o600
    old = tmp_path / "b11-S-0.jsonl"
    old.write_text("")
    old.chmod(0o644)
    assert fogbank("simulate", "b11", "--seed", "S", "--games", "1", "--logs", str(tmp_path)).returncode == 0
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_the_log_holds_every_roll_and_event_with_its_audience(games):
    records = [json.loads(line) for line in open(games[0]["log"])]
    rolls = [r for r in records if r["type"] == "roll"]
    events = [r for r in records if r["type"] == "event"]
    assert rolls and events
    assert all({"table", "dice", "modifiers", "total", "outcome", "turn"} <= r.keys() for r in rolls)
    assert all("umpire" in e["audience"] for e in events)


def test_verify_passes_a_true_log_and_names_the_first_forged_roll(games, tmp_path):
    ok = fogbank("verify", games[0]["log"])
    assert ok.returncode == 0, ok.stderr
    lines = open(games[0]["log"]).read().splitlines()
    for i, line in enumerate(lines):
        record = json.loads(line)
        if record["type"] == "roll":
            record["dice"][0] = record["dice"][0] % record["sides"] + 1
            lines[i] = json.dumps(record)
            break
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    bad = fogbank("verify", str(forged))
    assert bad.returncode == 1 and f"roll {record['index']}" in bad.stderr


def test_verify_says_whether_it_replayed_the_events_or_checked_the_dice_alone(games, tmp_path):
    """A log without its inputs can only have its dice checked: verify says so, and does not
    pass it off as a check of the whole game."""
    records = [json.loads(line) for line in open(games[0]["log"])]
    inputs = sum(1 for r in records if r["type"] == "input")
    whole = fogbank("verify", games[0]["log"])
    assert whole.returncode == 0 and f"replaying its {inputs} inputs gives every roll and event logged" in whole.stdout
    dice_only = tmp_path / "no-inputs.jsonl"
    dice_only.write_text("".join(json.dumps(r) + "\n" for r in records if r["type"] != "input"))
    partial = fogbank("verify", str(dice_only))
    assert partial.returncode == 0 and "rolls follow from the revealed seed" in partial.stdout
    assert "no inputs, so its events were not replayed: only the dice were checked" in partial.stdout
    assert "every roll and event" not in partial.stdout


def test_verify_checks_every_event_against_the_replay(games, tmp_path):
    """True dice, an edited report: the log is not the game that was played."""
    lines = open(games[0]["log"]).read().splitlines()
    for i, line in enumerate(lines):
        record = json.loads(line)
        if record["type"] == "event" and record["audience"] == ["submarine", "umpire"]:
            record["text"] = "The Messudieh is not where they said: she is at Nagara."
            lines[i] = json.dumps(record)
            break
    forged = tmp_path / "edited.jsonl"
    forged.write_text("\n".join(lines) + "\n")
    bad = fogbank("verify", str(forged))
    assert bad.returncode == 1 and "differs on replay" in bad.stderr and bad.stderr.count("\n") == 1


def test_verify_checks_the_log_against_the_commitment_the_player_saw(games, tmp_path):
    """A whole log made up anew (its own seed, its own commitment) passes on its own; it fails
    against the commitment the player was shown at the start."""
    shown = json.loads(open(games[0]["log"]).readline())["commitment"]
    assert fogbank("verify", games[0]["log"], "--commitment", shown.upper()).returncode == 0
    other = fogbank("verify", games[1]["log"], "--commitment", shown)
    assert other.returncode == 1 and "not the" in other.stderr and other.stderr.count("\n") == 1


def test_the_same_seed_gives_the_same_games(tmp_path):
    a = fogbank("simulate", "b11", "--seed", "same", "--games", "2", "--logs", str(tmp_path / "a"))
    b = fogbank("simulate", "b11", "--seed", "same", "--games", "2", "--logs", str(tmp_path / "b"))

    def strip(out):
        return [{k: v for k, v in json.loads(line).items() if k != "log"} for line in out.splitlines()]

    assert strip(a.stdout) == strip(b.stdout)
