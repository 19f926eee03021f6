import collections
import hashlib
import hmac

import attrs
import pytest
from fogbank.rules.core import Dice, KeyRolledTwice, Modifier, Roller, commitment, derive_faces, verify_roll
from fogbank.rules.core.plain import fingerprint, to_plain
from hypothesis import given
from hypothesis import strategies as st


def read(total):
    return "high" if total >= 7 else "low"


def test_same_seed_and_key_same_faces_and_other_keys_differ():
    seed = b"s" * 32
    assert derive_faces(seed, "1/vision/4", 2, 6) == derive_faces(seed, "1/vision/4", 2, 6)
    rolls = {derive_faces(seed, f"1/vision/{n}", 3, 6) for n in range(50)}
    assert len(rolls) > 40


@given(
    st.binary(min_size=32, max_size=32),
    st.text(max_size=30),
    st.integers(1, 40),
    st.sampled_from([2, 6, 10, 20]),
)
def test_faces_are_in_range(seed, key, count, sides):
    faces = derive_faces(seed, key, count, sides)
    assert len(faces) == count and all(1 <= f <= sides for f in faces)


def test_faces_are_the_published_hmac_sha256_of_the_seed_and_key():
    # What an outside verifier recomputes from the revealed seed: HMAC-SHA256(seed, key), bytes
    # below the largest multiple of the sides, each read as byte % sides + 1.
    for seed in (b"a" * 32, b"b" * 32, b"a" * 32):
        digest = hmac.new(seed, b"3/torpedo/E11", hashlib.sha256).digest()
        assert derive_faces(seed, "3/torpedo/E11", 4, 6) == tuple(b % 6 + 1 for b in digest if b < 252)[:4]


def test_faces_are_fair():
    counts = collections.Counter(f for n in range(3000) for f in derive_faces(b"x" * 32, str(n), 2, 6))
    expected = 6000 / 6
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert chi2 < 20.5  # p = 0.001 with 5 degrees of freedom


def test_a_roll_is_recorded_and_verifies_against_the_seed():
    roller = Roller(Dice(b"k" * 32), 3, {"torpedo": read})
    roll = roller.roll("torpedo/0", "torpedo", 2, [Modifier("range 2 squares", -1), Modifier("nothing", 0)])
    assert roller.dice.rolls_made == 1 and roll.index == 0 and roller.rolls == [roll]
    assert (roll.turn, roll.key) == (3, "3/torpedo/0")  # the turn goes in front of the name
    assert roll.modifiers == (Modifier("range 2 squares", -1),)  # zero modifiers are left out
    assert roll.total == sum(roll.dice) - 1 and roll.outcome == read(roll.total)
    assert verify_roll(b"k" * 32, roll, read) is None


def test_tampering_is_named():
    roll = Roller(Dice(b"k" * 32), 1).roll("x", "t", 2, read=read)
    forged = attrs.evolve(roll, dice=(6, 6) if roll.dice != (6, 6) else (1, 1))
    assert "dice" in verify_roll(b"k" * 32, forged, read)
    assert "seed gives" in verify_roll(b"j" * 32, roll, read)
    wrong_outcome = attrs.evolve(roll, outcome="high" if roll.outcome == "low" else "low")
    assert "outcome" in verify_roll(b"k" * 32, wrong_outcome, read)


def test_commitment_is_sha256_of_the_seed():
    import hashlib

    assert commitment(b"abc") == hashlib.sha256(b"abc").hexdigest()


def test_a_key_rolled_twice_in_a_phase_is_refused():
    roller = Roller(Dice(b"k" * 32), 2, {"t": read})
    roller.roll("gun/A", "t", 2)
    with pytest.raises(KeyRolledTwice, match="2/gun/A"):
        roller.roll("gun/A", "t", 2)
    roller.roll("gun/B", "t", 2)
    assert [r.index for r in roller.rolls] == [0, 1]  # the refused roll took no place


def test_a_key_rolled_in_an_earlier_phase_of_the_turn_is_refused_in_a_later_one():
    first = Roller(Dice(b"k" * 32), 2, {"t": read})
    first.roll("gun/A", "t", 2)
    later = Roller(first.dice, 2, {"t": read})  # the next phase, from the state the first left
    with pytest.raises(KeyRolledTwice):
        later.roll("gun/A", "t", 2)


def test_the_same_name_next_turn_is_another_key_and_the_keys_kept_are_one_turns():
    roller = Roller(Dice(b"k" * 32), 2, {"t": read})
    roller.roll("gun/A", "t", 2)
    nxt = Roller(roller.dice, 3, {"t": read})
    assert nxt.roll("gun/A", "t", 2).key == "3/gun/A"
    assert nxt.dice.keys == {"3/gun/A"}


def test_a_roll_for_a_turn_before_the_latest_is_refused():
    # A roll made for an earlier turn would escape the check: the keys kept are the latest turn's.
    roller = Roller(Dice(b"k" * 32), 4, {"t": read})
    roller.roll("event", "t", 2)
    roller.turn = 3
    with pytest.raises(KeyRolledTwice, match="turn 3"):
        roller.roll("other", "t", 2)


def test_a_phase_may_move_its_turn_on_and_roll_for_the_next_turn():
    roller = Roller(Dice(b"k" * 32), 4, {"t": read})
    roller.roll("repair", "t", 2)
    roller.turn = 5  # Phase One of the next turn, worked at this turn's end
    assert roller.roll("repair", "t", 2).key == "5/repair"


def test_choose_rolls_a_die_of_as_many_sides_and_never_for_one_thing():
    roller = Roller(Dice(b"k" * 32), 1)
    assert roller.choose("only", ["a"]) == "a" and not roller.rolls
    picked = roller.choose("ship", ["a", "b", "c"])
    (roll,) = roller.rolls
    assert roll.sides == 3 and roll.table == "choice" and picked == "abc"[roll.total - 1]


def test_the_keys_rolled_leave_the_state_fingerprint_as_it_was():
    # A game stored before the keys were kept is rebuilt with them: its fingerprints must hold.
    roller = Roller(Dice(b"k" * 32), 1, {"t": read})
    roller.roll("x", "t", 2)
    assert to_plain(roller.dice) == {"seed": (b"k" * 32).hex(), "rolls_made": 1}
    assert fingerprint(roller.dice) == fingerprint(Dice(b"k" * 32, 1))
