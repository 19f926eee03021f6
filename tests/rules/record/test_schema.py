"""The log's records have one schema (`fogbank/rules/record/schema.py`, its inputs in `inputs.py`):
what the host and the simulator write reads back through it to the same bytes, a record written
before (no phase, keys in another order) still reads, and a record that does not fit is refused
in words, by `fogbank verify` as a mismatch, never a traceback; a log in a later version of the
schema is one this fogbank says it cannot check."""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import pytest

from fogbank.cli import verify as verify_command
from fogbank.rules import core
from fogbank.rules.record import gamelog, inputs, schema
from fogbank.rules.record.replay import full_record
from fogbank.rules.record.verify import Mismatch, verify_records

ROOT = Path(__file__).resolve().parents[3]

# Each kind as the host logged it before the schema (copied from a store written then): the
# schema must write them again byte for byte, and `settle` as the simulator wrote it.
LOGGED = [
    '{"type":"input","input":"order","turn":1,"phase":"move","seat":"blue1","order":{"move":0}}',
    '{"type":"input","input":"pass","turn":1,"phase":"fire","seat":"blue1"}',
    '{"type":"input","input":"ask","turn":1,"phase":"write_moves","seat":"ajax",'
    '"question":{"ship":"exeter","ask":"speed"}}',
    '{"type":"input","input":"talk","turn":1,"phase":"write_moves","seat":"ajax",'
    '"text":"Smoke bearing 090."}',
    '{"type":"input","input":"talk","turn":1,"phase":"write_moves","seat":"ajax","text":"Close on me.",'
    '"to":"achilles"}',
    '{"type":"input","input":"release","turn":1,"phase":"execute_moves"}',
    '{"type":"input","input":"deadline","turn":1,"phase":"write_moves","due":"2025-06-15T15:06:40Z"}',
    '{"type":"input","input":"hold","turn":1,"phase":"write_moves","held":true}',
    '{"type":"input","input":"hold","turn":1,"phase":"write_moves","held":false,"phases":["write_moves"]}',
    '{"type":"input","input":"hold","turn":1,"phase":"write_moves","held":true,"phases":[]}',
    '{"type":"input","input":"override","turn":2,"phase":"orders","override":{"kind":"set_air","value":15},'
    '"reason":"a test"}',
    '{"type":"input","input":"override","turn":2,"phase":"orders","override":{"kind":"set_air","value":14},'
    '"reason":"again","tell":true}',
    '{"type":"input","input":"amend","turn":2,"phase":"orders","seat":"submarine","order":{"legs":[{"course":"N","speed":2}],'
    '"level":"surface"},"reason":"Too fast."}',
    '{"type":"input","input":"narrate","turn":1,"phase":"write_moves","seat":"ajax",'
    '"text":"A signal from the Admiralty."}',
    '{"type":"input","input":"settle","turn":2,"phase":"contact","engagement":"2-eregli","result":{"ships":[{"name":"Midilli",'
    '"lost":0,"sunk":false,"guns_lost":[0,0,0]}],"left":["central"],"summary":"Midilli broke off."}}',
    '{"type":"input","input":"end","turn":2,"phase":"move","reason":"Enough."}',
    '{"type":"input","input":"end","turn":1,"phase":"write_fire","reason":"Called off.",'
    '"results":{"british":"draw"}}',
]


def compact(record: dict) -> str:
    return json.dumps(record, separators=(",", ":"))


@pytest.mark.parametrize("line", LOGGED, ids=lambda line: json.loads(line)["input"])
def test_each_kind_reads_back_to_the_bytes_it_was_logged_in(line):
    given = schema.read_input(json.loads(line))
    assert isinstance(given, inputs.Input) and given.kind == json.loads(line)["input"]
    assert compact(schema.plain(given)) == line


def test_every_kind_of_input_is_logged_above():
    assert {json.loads(line)["input"] for line in LOGGED} == set(schema.INPUTS)


def test_a_record_written_before_inputs_said_their_phase_still_reads():
    """As the Dardanelles fixture holds them: no phase, keys sorted."""
    given = schema.read_input({"held": True, "input": "hold", "turn": 2, "type": "input"})
    assert given == inputs.Hold(turn=2, held=True) and given.phase is None
    assert compact(schema.plain(given)) == '{"type":"input","input":"hold","turn":2,"held":true}'


def test_the_header_and_end_read_back_to_their_bytes_and_say_no_version_at_1():
    ruleset, scenario = core.find_scenario("river_plate")
    game = core.start(ruleset, scenario, bytes(32))
    header, end = gamelog.header(game), gamelog.end_record(game)
    assert "schema" not in header  # version 1, as every log before versions were counted
    assert schema.read_header(header).schema == 1
    assert compact(schema.plain(schema.read_header(header))) == compact(header)
    assert compact(schema.plain(schema.read_end(end))) == compact(end)
    later = schema.plain(schema.GameRecord(ruleset="supremacy", scenario="b11", commitment="", schema=2))
    assert later["schema"] == 2  # a later version says so in its header


@pytest.mark.parametrize(
    "record, words",
    [
        ({"type": "input", "input": "fly", "turn": 1}, "a kind the log does not have ('fly'"),
        ({"type": "input", "turn": 1}, "a kind the log does not have (None"),
        ({"type": "input", "input": "order", "turn": 1, "seat": "ajax"}, "the order input has no 'order'"),
        ({"type": "input", "input": "order", "turn": True, "seat": "ajax", "order": {}},
         "the order input has 'turn' of the wrong type: it must be an integer"),
        ({"type": "input", "input": "order", "turn": 1, "seat": "ajax", "order": ["E"]},
         "'order' of the wrong type: it must be a map"),
        ({"type": "input", "input": "talk", "turn": 1, "seat": "ajax", "text": "Hi", "to": 3},
         "'to' of the wrong type: it must be text or null"),
        ({"type": "input", "input": "release", "turn": 1, "ref": 7},
         "the release input has a field it does not take: 'ref'"),
        ({"type": "input", "input": "hold", "turn": 1, "held": "yes"},
         "'held' of the wrong type: it must be true or false"),
        ({"type": "roll", "index": 0}, "it is not an input record"),
        ("order", "it is not an input record"),
    ],
)
def test_an_input_that_does_not_fit_is_refused_in_words(record, words):
    with pytest.raises(schema.Malformed) as refused:
        schema.read_input(record)
    assert words in refused.value.sentence


def river_plate_log() -> list[dict]:
    """A short River Plate game's whole log: a narrative, a hold and release, the end."""
    ruleset, scenario = core.find_scenario("river_plate")
    game = core.start(ruleset, scenario, bytes(32))
    given = [
        inputs.Narrate.at(game, seat="ajax", text="Cumberland is on her way."),
        inputs.Hold.at(game, held=True),
        inputs.Release.at(game),
    ]
    log = full_record(game, [schema.plain(one) for one in (*given, inputs.End(turn=1, reason="Called off."))])
    assert verify_records(log) == 0  # true as it stands
    return log


def first(log: list[dict], kind: str) -> dict:
    return next(record for record in log if record.get("input") == kind)


@pytest.mark.parametrize(
    "spoil, words",
    [
        (lambda log: first(log, "narrate").pop("seat"), "the narrate input has no 'seat'"),
        (lambda log: first(log, "hold").update(input="freeze"), "a kind the log does not have ('freeze'"),
        (lambda log: first(log, "release").update(turn="1"), "'turn' of the wrong type"),
        (lambda log: log[0].pop("scenario"),
         "record 1 does not fit the log's schema: the game record has no 'scenario'"),
        (lambda log: next(r for r in log if r["type"] == "event").pop("audience"),
         "the event has no 'audience'"),
        (lambda log: log.insert(2, {"type": "note", "text": "hello"}),
         "record 3 does not fit the log's schema: it is of a type"),
        (lambda log: log[-1].update(seed="not hex"), "the end record's seed is not hex"),
    ],
)
def test_verify_refuses_a_record_that_does_not_fit_as_a_mismatch_in_words(spoil, words):
    log = river_plate_log()
    spoil(log)
    with pytest.raises(Mismatch, match=re.escape(words)):
        verify_records(log)


def run_verify(log: list[dict], path: Path, capsys) -> tuple[int, str]:
    path.write_text("".join(json.dumps(record) + "\n" for record in log))
    code = verify_command.run(argparse.Namespace(log=path, commitment=None))
    captured = capsys.readouterr()
    return code, captured.err


def test_fogbank_verify_names_a_malformed_input_in_one_line(tmp_path, capsys):
    log = river_plate_log()
    first(log, "narrate").pop("seat")
    code, said = run_verify(log, tmp_path / "game.jsonl", capsys)
    assert code == 1 and len(said.splitlines()) == 1
    assert "MISMATCH: record 2 does not fit the log's schema: the narrate input has no 'seat'" in said


def test_fogbank_verify_cannot_check_a_log_in_a_later_version(tmp_path, capsys):
    log = river_plate_log()
    log[0]["schema"] = schema.VERSION + 1
    code, said = run_verify(log, tmp_path / "game.jsonl", capsys)
    assert code == 2 and len(said.splitlines()) == 1
    path, later = tmp_path / "game.jsonl", schema.VERSION + 1
    assert f"cannot check {path}: it is written in version {later} of the log's schema" in said
    log[0]["schema"] = schema.VERSION  # said outright, the version this fogbank writes reads as ever
    assert run_verify(log, tmp_path / "game.jsonl", capsys)[0] == 0


def test_the_log_as_the_protocol_readme_describes_it_names_every_kind_of_input():
    """The wire's README describes the log game_over carries: it must name each kind, and no other."""
    readme = (ROOT / "fogbank/protocols/README.md").read_text()
    section = readme.split("\n### Inputs\n", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"^\| `([a-z_]+)` \|", section, flags=re.M)
    assert named == list(schema.INPUTS)
