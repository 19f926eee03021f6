"""The order being drafted, and what it will cost: pure values, no widgets.

The cost is added up from the rules' own limits for the view's level (`level_limits`, worked by
`movement_allowance` and `battery_cost`, the table the briefing carries for the page), from the
player's view alone; whether the rules take the order is theirs to say: the pad asks the server
(`check`), it keeps no copy of them.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from fogbank.rules.core.plain import to_plain

from ..chart import Course, Square, distance, parse_square, square_name
from ..units import TORPEDO_RANGE, Level
from ..views import level_limits
from .reckoning import Drift, compass, drift_at, estimated_square, expected_drift, on_line, plotted, stops_at

RECENT = 2  # turns a sighting may be fired at after it was reported
LEVELS = tuple(level.value for level in Level)  # surface first, bottom last


@attrs.frozen
class Draft:
    """What the player has keyed in so far. `fire_target` None: no torpedoes this hour. A second
    leg (`course2`, `speed2`) is steered after the first; `speed2` 0: none. `fix`: take a
    position fix on a charted landmark this hour."""

    course: str = "N"
    speed: int = 0
    level: str = "surface"
    fire_target: int | None = None
    fire_direction: str = "N"
    torpedoes: int = 1
    course2: str = "N"
    speed2: int = 0
    fix: bool = False
    plot: str | None = None  # where the player has set the plot by hand this hour; None: as reckoned

    @classmethod
    def from_payload(cls, order: dict[str, Any]) -> "Draft":
        """The draft an order payload was made from (either form, one leg or two)."""
        legs = order.get("legs") or [{"course": order.get("course", "N"), "speed": order.get("speed", 0)}]
        fields: dict[str, Any] = {"level": order["level"], "fix": bool(order.get("fix")), "plot": order.get("plot")}
        fields.update(course=legs[0]["course"], speed=legs[0]["speed"])
        if len(legs) > 1:
            fields.update(course2=legs[1]["course"], speed2=legs[1]["speed"])
        if order.get("fire"):
            fire = order["fire"]
            fields.update(fire_target=fire["target"], fire_direction=fire["direction"],
                          torpedoes=fire.get("torpedoes", 1))  # fmt: skip
        return cls(**fields)

    @property
    def legs(self) -> tuple[tuple[str, int], ...]:
        """(course, squares) for each leg steered, the first first."""
        if self.speed2 and self.speed:
            return ((self.course, self.speed), (self.course2, self.speed2))
        if self.speed2:
            return ((self.course2, self.speed2),)
        return ((self.course, self.speed),)

    @property
    def squares(self) -> int:
        """Squares of movement ordered, every leg together."""
        return sum(speed for _, speed in self.legs)

    def path(self, start: Square) -> list[Square]:
        """The squares the order steers through from `start`, one a square of movement."""
        x, y = start
        squares = []
        for course, speed in self.legs:
            dx, dy = Course(course).step
            for _ in range(speed):
                x, y = x + dx, y + dy
                squares.append((x, y))
        return squares

    def payload(self) -> dict[str, Any]:
        """The order as the server reads it (see the ruleset's docs/payloads.md, "Order"): the
        single-leg form when it has one leg and no fix, so it reads under either form's rules."""
        fire = None
        if self.fire_target is not None:
            fire = {"target": self.fire_target, "direction": self.fire_direction, "torpedoes": self.torpedoes}
        if len(self.legs) == 1 and not self.fix:
            (course, speed), = self.legs
            order: dict[str, Any] = {"course": course, "speed": speed, "level": self.level}
            if fire:
                order["fire"] = fire
        else:
            legs = [{"course": course, "speed": speed} for course, speed in self.legs]
            order = {"legs": legs, "level": self.level, "fire": fire, "fix": self.fix}
        if self.plot is not None:
            order["plot"] = self.plot
        return order

    def words(self, short: bool = False) -> str:
        """The order in a naval officer's words; `short`: in a signal's (E1 then N2), for a
        narrow terminal."""
        if not self.squares:
            move = "Stop engines"
        elif short:
            move = "Steer " + " then ".join(f"{c}{n}" for c, n in self.legs if n)
        else:
            move = "Steer " + ", then ".join(f"{c}, {n} square{'s' if n != 1 else ''}" for c, n in self.legs if n)
        text = f"{move}{'' if short else ','} at {self.level}"
        if self.plot is not None:
            text = (f"@{self.plot}; " if short else f"Plot set at {self.plot}; ") + text[0].lower() + text[1:]
        if self.fix:
            text += "; fix" if short else "; take a fix on a landmark"
        if self.fire_target is not None:
            fish = "one torpedo" if self.torpedoes == 1 else f"{self.torpedoes} torpedoes"
            text += f"; fire {fish} {self.fire_direction} at contact {self.fire_target}"
        return text + "."


def drafted(order: dict[str, Any]) -> Draft | None:
    """The draft an order payload (the umpire's, say) was made from; None for one this client
    cannot draw."""
    try:
        return Draft.from_payload(order)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def order_words(order: dict[str, Any], short: bool = False) -> str:
    """An order payload in words: the officer's when the client can draw it (`short`: a
    signal's), else its fields."""
    draft = drafted(order)
    if draft is not None:
        return draft.words(short=short)
    return "; ".join(f"{key} {value}" for key, value in order.items()) + "."


@attrs.frozen
class Cost:
    """Movement used (speed plus level changes) against the allowance and battery used, by the
    limits the rules give for the view's level, and what the order risks or may mean by the player's own
    chart. Whether the rules take it is theirs to say (the server's `check`, on the pad)."""

    speed: int
    changes: int
    allowance: int
    battery: int
    battery_left: int
    warnings: tuple[str, ...]
    drift: Drift | None = None  # where the chart's stream should set her at the end of the hour
    risks: tuple[str, ...] = ()  # the rules' words for what the order risks where it goes
    still: bool = False  # way ordered at a level where she lies still (the bottom)

    @property
    def movement(self) -> int:
        return self.speed + self.changes

    @property
    def too_far(self) -> bool:
        """More movement than the limits for the view's level allow, or way on where she lies still."""
        return self.movement > self.allowance or self.still

    @property
    def over(self) -> bool:
        """More movement or battery than the limits for the view's level allow: the rules will refuse it."""
        return self.too_far or self.battery_left < 0


def limits(view: dict[str, Any] | None, level: str) -> dict[str, Any]:
    """What an hour ending at `level` allows from the view's level: the rules' own (`level_limits`,
    the table the briefing carries for the page)."""
    return to_plain(level_limits(Level((view or {}).get("level", level)))[level])


def squares_allowed(view: dict[str, Any] | None, level: str) -> int:
    """Squares an order ending at `level` may move from `view`'s level, after the level changes;
    none at the bottom, where the boat lies still."""
    return limits(view, level)["squares"]


def cost(
    view: dict[str, Any],
    draft: Draft,
    shore: Callable[[Square], bool] | None = None,
    chart: dict[str, Any] | None = None,
    risks: list[dict[str, Any]] | None = None,
    short: bool = False,
) -> Cost:
    """What `draft` costs from `view`. `shore(square)`: whether the player's own chart shows
    land (or no chart) there, to warn of a course plotted across the shore; `chart`: the
    player's chart, to say where its stream should set her at the end of the hour; `risks`:
    the briefing's, to give the rules' own words for what the order risks where it goes
    (`short`: their short words, for a narrow terminal)."""
    limit = limits(view, draft.level)
    speed = draft.squares
    battery = limit["battery"] + limit["battery_a_square"] * speed
    warnings: list[str] = []
    plot = parse_square(plotted(view, draft))
    if shore is not None:
        crossing = next((sq for sq in draft.path(plot) if shore(sq)), None)
        if crossing is not None:
            warnings.append(f"Your chart shows the course running ashore at {square_name(crossing)}.")
    contact = next((c for c in view["contacts"] if c["number"] == draft.fire_target), None)
    if contact is not None and was_seen(contact):
        estimate = estimated_square(contact, view, plot)
        off = distance(plot, estimate) if estimate is not None else None
        if off is not None and off > TORPEDO_RANGE:
            warnings.append(
                f"Contact {draft.fire_target} is {off} squares from your plot by your reckoning;"
                f" torpedoes run {TORPEDO_RANGE}."
            )
        elif estimate is not None and off and not on_line(plot, estimate, draft.fire_direction):
            warnings.append(
                f"Your plot puts contact {draft.fire_target} {compass(plot, estimate)}, off the"
                f" {draft.fire_direction} line."
            )
    if draft.level != Level.SURFACE.value and view["air"] <= 2:
        warnings.append("Air is nearly spent: surface soon.")
    return Cost(
        speed=speed,
        changes=limit["changes"],
        allowance=limit["allowance"],
        battery=battery,
        battery_left=view["battery"] - battery,
        warnings=tuple(warnings),
        risks=tuple(risk_lines(risks or (), view, draft, plot, shore, chart, short)),
        drift=drift_at(chart, stops_at(draft, plot, shore), draft.level, shore),
        still=bool(speed) and bool(limit.get("still")),
    )


def risk_lines(
    risks, view: dict[str, Any], draft: Draft, plot: Square, shore=None, chart=None, short: bool = False
) -> list[str]:
    """The briefing's words for each reach intelligence reports that the order takes the boat
    into, by the player's own plot and chart: the defended reach where the hour should end (the
    shore looks after the move and the drift), the mine lines in any square it enters. The
    words are the rules' own (`risks` in the briefing); this only finds where the order goes."""
    entered = []  # the squares the order takes her into, up to the shore on the player's chart
    for square in draft.path(plot):
        if shore is not None and shore(square):
            break
        entered.append(square)
    end = entered[-1] if entered else plot
    drifted = expected_drift(chart, end, draft.level, shore)
    when = "night" if view["night"] else "day"
    lines = []
    for risk in risks:
        first, last = risk["rows"]
        squares = [end] if risk["where"] == "end" else list(entered)
        squares += [drifted] if drifted is not None else []
        if not any(first <= square[1] + 1 <= last for square in squares):
            continue
        words = (risk.get("short", {}).get(when) if short else risk.get(when)) or {}
        if draft.level in words:
            lines.append(words[draft.level])
    return lines


def seen_contacts(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Contacts one may fire at: seen, not just heard, and reported in the last two turns (an
    older one has moved on, or the boat has); the latest first."""
    recent = view.get("turn", 0) - RECENT
    return sorted(
        (c for c in view["contacts"] if was_seen(c) and c["turn"] >= recent), key=lambda c: -c["number"]
    )


def was_seen(contact: dict[str, Any]) -> bool:
    """Whether the contact was ever seen, not only heard (see `tracked`)."""
    return bool(contact.get("seen")) or contact["fidelity"] != "bearing"


def tracked(old: dict[str, Any] | None, new: dict[str, Any]) -> dict[str, Any]:
    """A contact as the plot tracks it: its latest report, keeping what an earlier one of the
    same number told (a vessel seen once and only heard since is still that type, and may
    still be fired at)."""
    old = old or {}
    return {**new, "seen": was_seen(new) or bool(old.get("seen")),
            "silhouette": new.get("silhouette") or old.get("silhouette")}  # fmt: skip
