"""What a side learns of a battle: its own groups throughout, the enemy's only while face up.

A seat's report holds, per segment, its own groups and ships (with their damage), the enemy
groups then in sight with their ships' names and the hits its own guns scored on them, and the
lines of the story told to its side. Nothing of an enemy ship it never saw, nor of the enemy's
damage beyond what its own guns did.
"""

from __future__ import annotations

from typing import Any

from .areas import COLUMNS, ROWS
from .sequence import Outcome

OWN = ("kind", "hits", "hull", "speed", "guns")  # what a side sees of its own ships (the umpire, of all)


def side_report(outcome: Outcome, side: str, zone: str, day: bool, pursuit: bool, result: str) -> dict[str, Any]:
    steps = []
    for s in outcome.steps:
        groups = []
        for g in s["groups"]:
            if g["side"] == side:
                ships = [{"name": n, **{k: s["ships"][n][k] for k in OWN}} for n in g["ships"]]
            elif g["id"] in s["face_up"]:
                ships = [{"name": n, "kind": s["ships"][n]["kind"], "hit": s["scored"][side].get(n, 0)} for n in g["ships"]]
            else:
                continue
            groups.append({"id": g["id"], "side": g["side"], "kind": g["kind"], "area": g["area"], "ships": ships,
                           "smoke": g["smoke"], "face_up": g["id"] in s["face_up"],
                           **({"leader": g["leader"]} if g["side"] == side and g["leader"] else {})})
        steps.append({"round": s["round"], "segment": s["segment"], "what": s["what"], "mover": s["mover"],
                      "visibility": s["visibility"],
                      "groups": groups, "lines": [line["text"] for line in s["lines"] if side in line["sides"]]})
    return {"zone": zone, "day": day, "pursuit": pursuit, "side": side, "initiative": outcome.initiative,
            "columns": COLUMNS, "rows": ROWS, "steps": steps, "result": result}


def umpire_record(outcome: Outcome, zone: str, day: bool, pursuit: bool) -> dict[str, Any]:
    """The whole battle, every group face up or not and every ship's true state, for the umpire
    (in the shape of a side's report, so one board draws both)."""
    steps = [{
        "round": s["round"], "segment": s["segment"], "what": s["what"], "mover": s["mover"], "visibility": s["visibility"],
        "groups": [{**g, "face_up": g["id"] in s["face_up"],
                    "ships": [{"name": n, **{k: s["ships"][n][k] for k in OWN}} for n in g["ships"]]}
                   for g in s["groups"]],
        "lines": [line["text"] for line in s["lines"]],
    } for s in outcome.steps]
    return {"zone": zone, "day": day, "pursuit": pursuit, "initiative": outcome.initiative, "columns": COLUMNS,
            "rows": ROWS, "steps": steps, "broke_off": outcome.broke_off, "sunk": list(outcome.sunk),
            "kept_off": list(outcome.kept_off)}
