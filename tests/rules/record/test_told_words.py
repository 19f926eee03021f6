"""Logs written before the engine gave the events it makes for someone's words their own text (a
narrative was logged in its ruleset's `describe`, which in Supremacy gave the bare "narrative")
still verify; a report edited to any other words does not."""

from __future__ import annotations

import pytest

from fogbank.rules import core
from fogbank.rules.record import gamelog
from fogbank.rules.record.replay import full_record
from fogbank.rules.record.verify import Mismatch, verify_records

SIGNAL = "A signal from the Admiralty: Cumberland is on her way."


def river_plate_narrated() -> list[dict]:
    """A River Plate game the umpire ended after one narrative to Ajax: its whole log."""
    ruleset, scenario = core.find_scenario("river_plate")
    game = core.start(ruleset, scenario, bytes(32))
    inputs = [
        gamelog.input_at("narrate", game, seat="ajax", text=SIGNAL),
        gamelog.input_at("end", game, reason="Graf Spee made for Montevideo."),
    ]
    return full_record(game, inputs)


def narrative_in(records: list[dict]) -> dict:
    return next(record for record in records if record.get("kind") == "narrative")


def test_the_log_keeps_the_umpires_words_and_verifies():
    records = river_plate_narrated()
    assert narrative_in(records)["text"] == SIGNAL
    verify_records(records)


def test_a_log_written_before_in_the_old_words_still_verifies():
    records = river_plate_narrated()
    narrative_in(records)["text"] = "narrative"  # as Supremacy's describe logged it before
    verify_records(records)


def test_a_narrative_edited_to_other_words_does_not_verify():
    records = river_plate_narrated()
    narrative_in(records)["text"] = "A signal from the Admiralty: Renown is on her way."
    with pytest.raises(Mismatch, match="narrative"):
        verify_records(records)


def river_plate_released() -> list[dict]:
    """A River Plate game in which the umpire held the first phase, released it with no orders in,
    and ended the game: its whole log."""
    ruleset, scenario = core.find_scenario("river_plate")
    game = core.start(ruleset, scenario, bytes(32))
    inputs = [
        gamelog.input_at("hold", game, held=True),
        gamelog.input_at("release", game),
        gamelog.input_at("end", game, reason="Called off."),
    ]
    return full_record(game, inputs)


def standing_told(records: list[dict]) -> list[dict]:
    return [record for record in records if record.get("kind") == "standing_order"]


def test_a_released_phase_is_named_in_words_not_by_its_id():
    told = standing_told(river_plate_released())
    assert told and all(r["text"].startswith("The umpire released the write moves phase before") for r in told)
    assert not any("write_moves" in r["text"] for r in told)


def test_a_log_that_named_the_released_phase_by_its_id_still_verifies_and_other_words_do_not():
    records = river_plate_released()
    verify_records(records)
    for record in standing_told(records):  # as the engine logged it before phases had titles
        record["text"] = record["text"].replace("the write moves phase", "the write_moves phase")
    verify_records(records)
    standing_told(records)[0]["text"] = "The umpire released the turn early: you sail under your standing order."
    with pytest.raises(Mismatch, match="standing_order"):
        verify_records(records)
