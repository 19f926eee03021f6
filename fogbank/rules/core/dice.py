"""Seeded, auditable dice.

Every roll's faces are derived from the secret game seed and a *key* that names the roll
(turn, table, subject), never from a running counter: a counter would let a hidden unit's
failed roll shift every later roll, and so leak its existence into what a seat sees later.
With keyed rolls, "a vessel was there and the roll failed" and "nothing was there" leave
every other die in the game unchanged.

Every roll is made by a `Roller`, the one way the rulesets roll: it puts the turn in front of
the name a ruleset gives a roll, and refuses a key rolled before in the game, since the same key
gives the same faces and a roll repeated is no roll at all.

The SHA-256 of the seed is published when a game starts; the seed is revealed when it ends,
and `verify_roll` re-derives any logged roll from it.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
from typing import Callable, Iterable, Mapping, Sequence, TypeVar

import attrs

from fogbank.errors import FogbankError

T = TypeVar("T")

SEED_BYTES = 32


@attrs.frozen
class Modifier:
    """One modifier applied to a roll, with the rule that gives it."""

    reason: str
    value: int


@attrs.frozen
class Roll:
    """The record of one roll, as logged for the umpire and checked by `fogbank verify`."""

    index: int  # the roll's place in the game's sequence of rolls
    turn: int
    key: str  # names the roll; with the seed it fixes the faces
    table: str
    sides: int
    dice: tuple[int, ...]
    modifiers: tuple[Modifier, ...]
    total: int
    outcome: str


@attrs.frozen
class ByFaces:
    """A table read from the faces themselves, not only their sum: hit counts, d66, percentile.

    `read_faces(faces, total)` gives the outcome; `total` is the faces' sum plus modifiers."""

    read_faces: Callable[[tuple[int, ...], int], str]


Reader = Callable[[int], str] | ByFaces


def read_roll(read: Reader, faces: tuple[int, ...], total: int) -> str:
    return read.read_faces(faces, total) if isinstance(read, ByFaces) else read(total)


def d66(faces: tuple[int, ...]) -> int:
    """Two d6 read as tens and units (11 to 66)."""
    return faces[0] * 10 + faces[1]


def percentile(faces: tuple[int, ...]) -> int:
    """Two d10 read as tens and units, 1 to 100 (0-0 is 100)."""
    value = (faces[0] % 10) * 10 + faces[1] % 10
    return value or 100


def hits(faces: tuple[int, ...], at_least: int) -> int:
    """How many faces show `at_least` or more (a hit count)."""
    return sum(1 for face in faces if face >= at_least)


def commitment(seed: bytes) -> str:
    """The published SHA-256 of the seed, as hex."""
    return hashlib.sha256(seed).hexdigest()


def derive_faces(seed: bytes, key: str, count: int, sides: int) -> tuple[int, ...]:
    """The faces of `count` dice of `sides` sides for the roll named `key`.

    HMAC-SHA256(seed, key) gives a stream of bytes; bytes at or above the largest multiple of
    `sides` below 256 are rejected so every face is equally likely. A further block
    (key + "#n") is drawn in the vanishingly rare case one digest does not suffice.
    """
    limit = 256 - 256 % sides
    faces: list[int] = []
    block = 0
    while len(faces) < count:
        message = key if block == 0 else f"{key}#{block}"
        mac = _keyed(seed).copy()
        mac.update(message.encode())
        for byte in mac.digest():
            if byte < limit:
                faces.append(byte % sides + 1)
                if len(faces) == count:
                    break
        block += 1
    return tuple(faces)


@functools.lru_cache(maxsize=256)
def _keyed(seed: bytes) -> hmac.HMAC:
    # HMAC-SHA256 keyed once per seed and copied for each roll: the same digest as
    # `hmac.digest(seed, message, "sha256")`, which sets up the key anew each time and lets go
    # of the interpreter lock on every call (a thread switch per roll in a threaded server).
    return hmac.new(seed, digestmod=hashlib.sha256)


class KeyRolledTwice(FogbankError, AssertionError):
    """A fault of the rules, never of a player: a roll keyed as one made before in the game (it
    would repeat that roll's faces), or for a turn before the latest rolled for (its key could not
    be checked). The input that made it is not taken: the server answers `internal_error`."""


@attrs.frozen
class Dice:
    """The game's generator: the secret seed, how many rolls have been made, and the keys rolled.

    Part of the game state, so a log replays to the same dice. `keys` are those rolled for
    `keys_turn`, the latest turn any roll was for: every key begins with its turn, so no key of
    another turn can equal them, and the set stays as small as one turn's rolls.
    """

    seed: bytes = attrs.field(repr=False)
    rolls_made: int = 0
    keys_turn: int = 0
    keys: frozenset[str] = frozenset()

    def faces(self, key: str, count: int, sides: int) -> tuple[int, ...]:
        """The faces of the roll keyed `key`."""
        return derive_faces(self.seed, key, count, sides)


CHOICE = "choice"  # the table `Roller.choose` rolls on: a die of as many sides as there are things


def read_choice(total: int) -> str:
    return str(total)


class Roller:
    """The rolls of one resolution (a phase, an answer, an override), kept for the log.

    `roll` keys each roll `"<turn>/<key>"`, the key naming what the roll is for (table, subject,
    occasion), never a running count; `tables` reads a table's total by its name, unless a roll
    gives its own `read`. `turn` may be moved on (a phase that rolls for the next turn's start),
    never back. `dice` is the game's generator after the rolls, for the next state.
    """

    def __init__(self, dice: Dice, turn: int, tables: Mapping[str, Reader] | None = None) -> None:
        self.turn = turn
        self.rolls: list[Roll] = []
        self.tables = tables or {}
        self._dice, self._made = dice, dice.rolls_made
        self._keys_turn, self._keys = dice.keys_turn, set(dice.keys)

    @property
    def seed(self) -> bytes:
        return self._dice.seed

    @property
    def dice(self) -> Dice:
        keys = frozenset(self._keys)
        return attrs.evolve(self._dice, rolls_made=self._made, keys_turn=self._keys_turn, keys=keys)

    def roll(
        self,
        key: str,
        table: str,
        count: int = 1,
        modifiers: Iterable[Modifier] = (),
        *,
        read: Reader | None = None,
        sides: int = 6,
    ) -> Roll:
        """Roll `count` dice for `table`, add the modifiers, and read the total (or, for a
        `ByFaces` table, the faces) on the table. Raises `KeyRolledTwice`."""
        key = f"{self.turn}/{key}"
        self._take(key)
        faces = self._dice.faces(key, count, sides)
        mods = tuple(m for m in modifiers if m.value)
        total = sum(faces) + sum(m.value for m in mods)
        record = Roll(
            index=self._made,
            turn=self.turn,
            key=key,
            table=table,
            sides=sides,
            dice=faces,
            modifiers=mods,
            total=total,
            outcome=read_roll(self.tables[table] if read is None else read, faces, total),
        )
        self._made += 1
        self.rolls.append(record)
        return record

    def choose(self, key: str, things: Sequence[T]) -> T:
        """One of `things` at random (a die of as many sides, on the `choice` table); no roll
        for a single thing."""
        if len(things) == 1:
            return things[0]
        return things[self.roll(key, CHOICE, sides=len(things), read=read_choice).total - 1]

    def _take(self, key: str) -> None:
        if self.turn != self._keys_turn:
            if self.turn < self._keys_turn:
                after = f"after rolls for turn {self._keys_turn}: its key cannot be checked"
                raise KeyRolledTwice(f"roll {key!r} is for turn {self.turn}, {after}")
            self._keys_turn, self._keys = self.turn, set()
        if key in self._keys:
            raise KeyRolledTwice(f"the key {key!r} was rolled before in this game: its dice would repeat")
        self._keys.add(key)


def verify_roll(seed: bytes, roll: Roll, read: Reader | None = None) -> str | None:
    """Why `roll` does not follow from `seed` (and its table, when `read` is given), or None."""
    faces = derive_faces(seed, roll.key, len(roll.dice), roll.sides)
    if faces != roll.dice:
        return f"dice {list(roll.dice)} but the seed gives {list(faces)}"
    total = sum(faces) + sum(m.value for m in roll.modifiers)
    if total != roll.total:
        return f"total {roll.total} but dice and modifiers add to {total}"
    if read is not None and read_roll(read, faces, total) != roll.outcome:
        reads = read_roll(read, faces, total)
        return f"outcome {roll.outcome!r} but table {roll.table!r} reads {reads!r} for {list(faces)}, {total}"
    return None
