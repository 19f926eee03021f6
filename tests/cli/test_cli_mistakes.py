"""A mistake on the `fogbank` command line is one line on stderr and a non-zero exit, never a
traceback: a file that is not a log, a port already taken, an argument out of range."""

from __future__ import annotations

import json
import socket
import subprocess
import sys

import pytest

from .test_cli import fogbank


def assert_one_line(run, *words: str) -> None:
    assert run.returncode != 0
    assert run.stdout == "" and len(run.stderr.splitlines()) == 1, run.stderr
    assert "Traceback" not in run.stderr
    for word in words:
        assert word in run.stderr, run.stderr


@pytest.mark.parametrize(
    "content, words",
    [
        (bytes(range(256)) * 4, ["is not a game log", "not text"]),
        (b"", ["is not a game log", "empty"]),
        (b"\n\n", ["is not a game log", "empty"]),
        (b'{"moves": [1, 2]}\n', ["is not a game log", "no ruleset and commitment"]),
        (b"[1, 2, 3]\n", ["is not a game log", "line 1 is not a record"]),
        (b"42\n", ["is not a game log", "line 1 is not a record"]),
        (b"hello\n", ["is not a game log", "line 1 is not JSON"]),
    ],
    ids=["binary", "empty", "blank", "json object", "json list", "json number", "text"],
)
def test_verify_on_a_file_that_is_not_a_log(tmp_path, content, words):
    path = tmp_path / "game.jsonl"
    path.write_bytes(content)
    assert_one_line(fogbank("verify", str(path)), str(path), *words)


def test_verify_on_a_missing_file_or_a_folder(tmp_path):
    assert_one_line(fogbank("verify", str(tmp_path / "nothing.jsonl")), "cannot read", "No such file")
    assert_one_line(fogbank("verify", str(tmp_path)), "cannot read")


def test_verify_on_a_log_with_records_of_the_wrong_shape(tmp_path):
    path = tmp_path / "game.jsonl"
    head = {"type": "game", "ruleset": "dardanelles", "commitment": "00"}
    path.write_text(json.dumps(head) + "\n" + json.dumps({"type": "end", "seed": "not hex"}) + "\n")
    assert_one_line(fogbank("verify", str(path)), "MISMATCH")


def test_serve_on_a_port_already_taken(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = fogbank("serve", "--host", "127.0.0.1", "--port", str(port), "--data", str(tmp_path / "data"))
    assert_one_line(run, f"port {port} on 127.0.0.1 is taken")


@pytest.mark.parametrize(
    "args, words",
    [
        (["serve", "--port", "99999"], ["fogbank serve", "not a port"]),
        (["play", "--port", "x", "--headless"], ["fogbank play", "not a port"]),
        (["simulate", "dardanelles", "--games", "0"], ["fogbank simulate", "1 or more"]),
        (["simulate", "dardanelles", "--games", "-3"], ["fogbank simulate", "1 or more"]),
        (["new", "b11", "--server", "notaurl", "--admin-key", "k"], ["fogbank new", "not a server address"]),
        (["serve", "--public-url", "games.example.org"], ["fogbank serve", "not a public address"]),
        (["serve", "--smtp", "mail:xyz", "--data", "/nonexistent-never"], ["fogbank serve", "not an SMTP server"]),
        (["play", "nosuch", "--headless"], ["fogbank play", "no scenario called 'nosuch'"]),
        (["serve", "--bus", "mqtts://u:p@127.0.0.1:1", "--bus-ca", "/no/such/ca.pem", "--role", "gateway"],
         ["fogbank serve", "TLS"]),
        (["nosuchcommand"], ["fogbank", "invalid choice"]),
        (["verify"], ["fogbank verify", "required"]),
        (["bench", "--games", "many"], ["fogbank bench", "invalid int value"]),
        (["bench", "--scenario", "nosuch"], ["fogbank bench", "no scenario called 'nosuch'"]),
    ],
    ids=["serve port", "play port", "no games", "negative games", "new url", "public url", "smtp", "headless scenario",
         "bus ca", "command", "verify nothing", "bench games", "bench scenario"],
)  # fmt: skip
def test_bad_arguments_are_one_line(tmp_path, args, words):
    assert_one_line(fogbank(*args), *words)


def test_play_headless_where_it_cannot_write(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("a file, not a folder")
    run = fogbank("play", "--headless", "--data", str(blocker / "data"))
    assert_one_line(run, "fogbank play", "cannot write")


@pytest.mark.parametrize(
    "args, words",
    [
        (["fogbank.bench.host", "0"], ["fogbank.bench.host", "1 or more"]),
        (["fogbank.bench.host", "10", "nosuch"], ["fogbank.bench.host", "no scenario called 'nosuch'"]),
        (["fogbank.bench.core", "ten"], ["fogbank.bench.core", "1 or more"]),
        (["fogbank.bench.core", "10", "b11", "nosuch"], ["fogbank.bench.core", "no scenario called 'nosuch'"]),
        (["fogbank.bench.arena", "0"], ["fogbank.bench.arena", "1 or more"]),
        (["fogbank.bench.arena", "1", "gallipoli", "--option", "nosuch=1"], ["fogbank.bench.arena", "no option 'nosuch'"]),
    ],
    ids=["host seats", "host scenario", "core games", "core scenario", "arena games", "arena option"],
)
def test_the_benches_run_as_modules_take_mistakes_in_a_line(args, words):
    assert_one_line(subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True), *words)


def test_a_ctrl_c_the_command_does_not_handle_ends_it_quietly_with_130(monkeypatch, capsys):
    from fogbank.cli import simulate
    from fogbank.cli.main import main

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "run", interrupted)
    assert main(["simulate", "dardanelles"]) == 130
    assert capsys.readouterr() == ("", "")
