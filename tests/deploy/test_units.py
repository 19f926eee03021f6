"""Every systemd unit that runs fogbank lets it hold a descriptor per client, and stops it with
the signal it closes cleanly on (SIGTERM: every client told 1001, the store checkpointed)."""

from __future__ import annotations

from pathlib import Path

import pytest

UNITS = sorted(p for p in (Path(__file__).parents[2] / "deploy" / "systemd").glob("*.service")
               if "fogbank serve" in p.read_text().replace("\\\n", " "))  # fmt: skip


def settings(unit: Path) -> dict[str, str]:
    lines = unit.read_text().replace("\\\n", " ").splitlines()
    return dict(line.split("=", 1) for line in lines if "=" in line and not line.startswith("#"))


def test_the_units_are_found():
    assert {unit.name for unit in UNITS} >= {"fogbank.service", "fogbank-gateway.service", "fogbank-host@.service"}


@pytest.mark.parametrize("unit", UNITS, ids=lambda unit: unit.name)
def test_a_unit_raises_the_descriptor_limit_and_stops_with_sigterm(unit):
    given = settings(unit)
    assert int(given.get("LimitNOFILE", "0")) >= 65536  # the default soft limit, 1,024, is a club's evening
    assert given.get("KillSignal", "SIGTERM") == "SIGTERM" and int(given["TimeoutStopSec"]) >= 20
